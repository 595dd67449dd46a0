"""Mummer conditions: a side must play, of its legal moves, those that
measure most (Popeye's names; py-engl.txt, "condition").

- `BlackMaximummer`, `WhiteMaximummer`: the longest moves;
- `BlackMinimummer`, `WhiteMinimummer`: the shortest;
- `BlackMustCapture`, `WhiteMustCapture`: a capture when there is one;
- `AlphabeticChess` (both sides), `WhiteAlphabeticChess`,
  `BlackAlphabeticChess`: the moves of the piece whose square comes first
  in the order a1, a2 ... a8, b1 ... h8 (Popeye measures them like the
  others, so two of these for one side are refused as Popeye refuses them);
- `Maximummer` (no side): the defending side's longest moves; in direct,
  self and reflex play that is the side that does not start.

They fill `Rules.move_choices`: the choice is made among the *legal* moves
(Popeye measures a move only once it is known to be legal), so whether a
side has a move at all, and therefore mate and stalemate, does not change;
check does not change either (the king is observed as in orthodox chess:
these are not the Ultra forms, which Popeye spells with the parameter
`Ultra` and feerie refuses, like `Exact`).

Lengths, as Popeye measures them: the square of the distance between the
departure and arrival squares (dx² + dy²), whatever the piece; castling 16
on the king's side and 25 on the queen's; a Messigny exchange 0; any move
of a mao or a moa 6.

Beside neutral pieces (the neutral generator, solver.pieces.neutral): a
neutral piece's move is measured as any other's, for the side that plays
it; the Maximummers and MustCaptures are played there in help and series
play and `~1` (tests/data/neutralcond/), the Minimummers refused (Popeye's
keys differ), battle play refused (solver.model.problem.NEUTRAL_NO_BATTLE).

What the condition keeps (`preserves`): everything but `walk_moves_only`
(a legal move may not be playable: the killer test and the intelligent
search assume it may) and `king_steps_free` (a king's step can be
forbidden, which the flight refutation of mating moves assumes it is not).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BLACK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.engine.move import CASTLE, EXCHANGE, is_capture
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.catalogue import by_code

# the lame leapers whose every move Popeye counts as 6
_SIX = frozenset(by_code(code).kind for code in ("MA", "MO"))

SIDES = {"White": WHITE, "Black": BLACK}


def length(board, m: int) -> int:
    """Popeye's length of a move (the Maximummer's measure)."""
    flag = (m >> 14) & 7
    frm, to = m & 127, (m >> 7) & 127
    if flag == CASTLE:
        return 16 if (m >> 17) & 7 > frm & 7 else 25
    if flag == EXCHANGE:
        return 0
    if abs(board[frm]) in _SIX:
        return 6
    dx, dy = (to & 7) - (frm & 7), (to >> 4) - (frm >> 4)
    return dx * dx + dy * dy


def alphabetic(board, m: int) -> int:
    """Alphabetic chess: the departure square first in the order a1, a2 ...
    a8, b1 ... h8 (file first, then rank) measures most."""
    frm = m & 127
    return -((frm & 7) * 8 + (frm >> 4))


def measure(kind: str):
    """`f(board, move) -> int`: the measure a side maximises under `kind`."""
    if kind == "Maximummer":
        return length
    if kind == "Minimummer":
        return lambda board, m: -length(board, m)
    if kind == "AlphabeticChess":
        return alphabetic
    return lambda board, m: 1 if is_capture(board, m) else 0


def chooser(side: int, score):
    """The `move_choices` hook: for `side`, the moves of highest score."""

    def choose(pos, moves: list[int]) -> list[int]:
        if pos.side != side or len(moves) < 2:
            return moves
        board = pos.board
        scores = [score(board, m) for m in moves]
        best = max(scores)
        return [m for m, s in zip(moves, scores) if s == best]

    return choose


def installer(sides: tuple[int, ...], kind: str, name: str):
    """The `install` of one condition (the sides it chooses for, a measure)."""

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param.capitalize()} is not supported")
        for side in sides:
            chosen = getattr(rules, "mummer_sides", {})
            if side in chosen:
                # Popeye refuses it too ("two mummer conditions for one side")
                raise InputError(f"conditions {chosen[side]} and {name} both choose "
                                 f"{'White' if side == WHITE else 'Black'}'s moves: "
                                 "Popeye refuses this combination")
            rules.mummer_sides = {**chosen, side: name}
            rules.move_choices.append(chooser(side, measure(kind)))
        return rules

    return install


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}


SPECS: dict[str, ConditionSpec] = {
    # with_effects: Maximummer, Minimummer and MustCapture are compared with Popeye under Circe
    # (tests/data/circe/CirceCombinations)
    **{colour + kind: ConditionSpec(installer((side,), kind, colour + kind), preserves,
                                    needs_single_moves=True,
                                    with_effects=kind in ("Maximummer", "Minimummer", "MustCapture"))
       for colour, side in SIDES.items()
       for kind in ("Maximummer", "Minimummer", "MustCapture", "AlphabeticChess")},
    "AlphabeticChess": ConditionSpec(installer((WHITE, BLACK), "AlphabeticChess", "AlphabeticChess"),
                                     preserves, needs_single_moves=True),
}
"""The registry's entries (solver.conditions.registry)."""


def defending_side(problem) -> int | None:
    """The side `Maximummer` without a colour applies to: Black, the side
    that does not start, in direct, self and reflex play (Popeye's "defending
    side"); None where feerie does not decide it (help and series play,
    half-move and duplex forms)."""
    stip = problem.stipulation
    if (stip.play not in ("direct", "self", "reflex") or stip.series or stip.half
            or problem.option("Duplex") or problem.option("HalfDuplex")):
        return None
    return BLACK


def resolve(condition, problem):
    """`Maximummer` as the condition of its side (`BlackMaximummer` ...); any
    other condition as it is.  InputError where the side is not decided."""
    if condition.name != "Maximummer":
        return condition
    side = defending_side(problem)
    if side is None:
        raise InputError(f"condition Maximummer in {problem.stipulation.text} is not supported "
                         "(write BlackMaximummer or WhiteMaximummer)")
    return type(condition)(("White" if side == WHITE else "Black") + "Maximummer",
                           condition.params, True)
