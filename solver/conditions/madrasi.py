"""Madrasi (Popeye's name, py-engl.txt "condition"): a piece observed by an
enemy piece of its own kind is paralysed: it neither moves nor observes
(captures, gives check).  Kings are not paralysed, unless `RexInclusive`.

Paralysis is decided by the geometry of observation alone: a paralysed
piece still paralyses (Popeye asks whether the square is observed by the
walk, not whether that observer may move), so two like pieces facing each
other paralyse each other.  The geometry is that of the other conditions
too (`Rules.observation_geometry`): with GridChess, a like piece in the
same cell does not paralyse (Popeye: madrasi.c, EVALUATE(observation_geometry)).
A paralysed piece's moves are filtered out, and its observations too
(`Rules.add_observation_filter`, at the observer's level), so that it gives
no check and guards nothing.

What the condition keeps (`preserves`): as Monochrome, nothing that rests on
orthodox observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import KING, PAWN
from solver.conditions.rules import ConditionSpec, OBSERVER, Rules, observation_preserves
from solver.pieces.catalogue import BY_KIND
from solver.pieces.families import observes


def paralysed(pos, sq: int, kings: bool, geometry=(), pieces=None, by: int | None = None) -> bool:
    """Is the piece on sq observed by an enemy piece of its own kind (of kind
    `by`, for Eiffel chess)?  The observation obeys the other conditions'
    geometry (`geometry`: filters `f(pos, frm, target)`, e.g. GridChess's),
    not Madrasi's own filter.  `pieces`: the squares of the possible
    observers (default: the enemy's piece set; Isardam passes those of a
    capture it makes on the board only)."""
    board = pos.board
    code = board[sq]
    if not kings and abs(code) == KING:
        return False
    kind = abs(code) if by is None else by
    enemy = -kind if code > 0 else kind
    walks = BY_KIND[kind].walks
    observers = pos.occupied[-1 if code > 0 else 1] if pieces is None else pieces
    for a in observers:
        if (board[a] == enemy and observes(board, a, sq, walks)
                and all(f(pos, a, sq) for f in geometry)):
            return True
    if abs(code) == PAWN and by is None:
        # a pawn that has just stepped two squares is observed by the enemy
        # pawns that may take it en passant (Popeye: 1.d2-d4 beside a black
        # pawn on e4 gives no check under Madrasi, and is illegal in Isardam)
        step = -16 if code > 0 else 16   # the enemy pawns' forward step
        for e in pos.ep:
            if e - step == sq:
                for a in (e - step - 1, e - step + 1):   # beside the pawn, taking diagonally onto e
                    if (not a & 0x88 and board[a] == -code and a in observers
                            and all(f(pos, a, e) for f in geometry)):
                        return True
    return False


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        if param not in ("RexInclusive", "RexExclusive"):
            raise InputError(f"condition Madrasi {param} is not supported")
    kings = "RexInclusive" in params
    geometry = rules.observation_geometry  # read at each call: conditions installed later count

    def move_allowed(pos, m: int) -> bool:
        return not paralysed(pos, m & 127, kings, geometry)

    def observation_allowed(pos, frm: int, target: int) -> bool:
        return not paralysed(pos, frm, kings, geometry)

    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(observation_allowed, level=OBSERVER)
    return rules


preserves = observation_preserves


SPEC = ConditionSpec(install, preserves, changes_observation=True,
                     with_effects=True)   # compared with Popeye under Circe (tests/data/circe)
"""The registry's entry (solver.conditions.registry)."""
