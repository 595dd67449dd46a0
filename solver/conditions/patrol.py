"""Patrouille and UltraPatrol (Popeye's names; py-engl.txt "condition"):
a piece is *supported* when a piece of its own side observes its square.

- `Patrouille`: a piece captures, and so gives check, only when supported
  (kings too: Popeye gives every piece the Patrol flag, royal ones
  included); its other moves are free.
- `UltraPatrol`: a piece moves at all, and observes, only when supported.

Support is plain observation by a friendly piece's walk, with the other
conditions' geometry of observation (`Rules.observation_geometry`, as
Popeye's EVALUATE(observer) at the support test, conditions/patrol.c).

What the conditions keep (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.conditions.mummer import is_capture
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.generic import piece_at
from solver.pieces.families import observes


def supported(pos, sq: int, geometry) -> bool:
    """Does a piece of the same side as the one on sq observe sq?  (The
    walks observe what they could capture: the piece on sq is painted the
    other colour for the test, on the board only.)"""
    board = pos.board
    piece = board[sq]
    side = 1 if piece > 0 else -1
    board[sq] = -piece
    try:
        for a in pos.occupied[side]:
            if a != sq and observes(board, a, sq, piece_at(board, a).walks) and all(
                    f(pos, a, sq) for f in geometry):
                return True
        return False
    finally:
        board[sq] = piece


def installer(name: str, ultra: bool):
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        geometry = rules.observation_geometry  # read at each call: conditions installed later count

        def move_allowed(pos, m: int) -> bool:
            if not ultra and not is_capture(pos.board, m):
                return True
            return supported(pos, m & 127, geometry)

        def observation_allowed(pos, frm: int, target: int) -> bool:
            return supported(pos, frm, geometry)

        rules.move_filters.append(move_allowed)
        rules.add_observation_filter(observation_allowed)
        return rules

    return install


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {CAPTURE_OBSERVES, WALK_MOVES_ONLY, KING_STEPS_FREE}


SPECS: dict[str, ConditionSpec] = {
    "Patrouille": ConditionSpec(installer("Patrouille", False), preserves, changes_observation=True),
    "UltraPatrol": ConditionSpec(installer("UltraPatrol", True), preserves, changes_observation=True),
}
"""The registry's entries (solver.conditions.registry)."""
