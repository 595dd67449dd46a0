"""GridChess (Popeye's name; py-engl.txt "condition" and its GridChess
paragraph): the board is divided into cells by grid lines, and a move is
legal only if it leaves its cell: departure and arrival in different cells.
Observation follows the same rule (Popeye validates the geometry of
observation by it: solving/observation.c, conditions/grid.c), so a piece
in its victim's cell neither captures nor gives check.

Grids (parameters): the standard one, cells of 2x2 squares from a1, and
`Orthogonal` followed by the files and ranks that have a grid line on
their right or above (`Orthogonal bdf246` is the standard grid).  A grid is
a table of 128 cell numbers, made once.

Refused by name: `Irregular` and `GridLine` grids (free-form cells and
partial lines), and the three shifted grids.  Popeye 4.104 numbers the
cells of `VerticalShift` and `DiagonalShift` with a formula whose operator
precedence makes every rank a row of its own and lets distant squares share
a cell (e1 with a2), so that it plays `Kh7-h6`, which its manual's grid
(cells a1-b1, a2-b3 ...) forbids: matching Popeye would be a wrong
solution by the manual, and the other way round a disagreement with the
reference; `HorizontalShift` is left out with them until both agree.

Castling is judged by the king's move, as Popeye judges it; an en passant
capture by the pawn's arrival square.

What the condition keeps (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` (a walk's move is
forbidden) and `king_steps_free` (a king's step too).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions.rules import ConditionSpec, GEOMETRY, Rules, observation_preserves

FILES = "abcdefgh"
RANKS = "12345678"


def cells(files_right: str, ranks_above: str) -> tuple[int, ...]:
    """The cell number of each 0x88 square (-1 off the board) for an
    orthogonal grid with lines right of `files_right` and above `ranks_above`."""
    out = [-1] * 128
    for sq in range(128):
        if sq & 0x88:
            continue
        column = sum(1 for f in files_right if FILES.index(f) < sq & 7)
        row = sum(1 for r in ranks_above if RANKS.index(r) < sq >> 4)
        out[sq] = column * 9 + row
    return tuple(out)


STANDARD = ("bdf", "246")


def grid_of(params: tuple[str, ...]) -> tuple[int, ...]:
    """The cell table a GridChess condition's parameters describe."""
    if not params:
        return cells(*STANDARD)
    first, rest = params[0], params[1:]
    if first == "Orthogonal" and len(rest) == 1:
        text = rest[0].lower()
        files = "".join(c for c in text if c in FILES)
        ranks = "".join(c for c in text if c in RANKS)
        if len(files) + len(ranks) == len(text):
            return cells(files, ranks)
    raise InputError(f"condition GridChess {' '.join(params)} is not supported")


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    cell = grid_of(params)

    def move_allowed(pos, m: int) -> bool:
        return cell[m & 127] != cell[(m >> 7) & 127]

    def observation_allowed(pos, frm: int, target: int) -> bool:
        return cell[frm] != cell[target]

    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(observation_allowed, level=GEOMETRY)
    return rules


preserves = observation_preserves


SPEC = ConditionSpec(install, preserves, changes_observation=True,
                     with_effects=True)  # compared with Popeye under Circe (tests/data/circe)
"""The registry's entry (solver.conditions.registry)."""
