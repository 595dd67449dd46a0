"""Isardam (Popeye's name; py-engl.txt "condition"): a move is illegal if
after it two like pieces of opposite colours observe each other: if some
piece stands where Madrasi would paralyse it (`madrasi.paralysed`, with
the other conditions' geometry of observation; kings not, unless
`RexInclusive`).

Check, in Popeye's default type A, is what a legal capture of the king
would be: the observation counts only if, the capture made, no piece is
so observed (conditions/isardam.c: observation_play_move_to_validate).
`TypeB` keeps orthodox check: the king is in check when observed, whatever
the capture would lead to.

What the condition keeps (`preserves`): not `walk_moves_only` and
`king_steps_free` (a walk's move, a king's step, may be forbidden); type A
not `capture_observes` either (check is filtered).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.engine.board import PAWN
from solver.conditions.madrasi import paralysed
from solver.conditions.rules import ConditionSpec, Rules


def _type_and_kings(params: tuple[str, ...]) -> tuple[bool, bool]:
    """(type B, kings included) from the parameters."""
    type_b = kings = False
    for param in params:
        if param == "TypeB" and not type_b and not kings:
            type_b = True
        elif param == "RexInclusive" and not kings:
            kings = True
        else:
            raise InputError(f"condition Isardam {' '.join(params)} is not supported")
    return type_b, kings


def some_piece_paralysed(pos, kings: bool, geometry, squares=None) -> bool:
    """Is some piece, of either side, observed by an enemy piece of its kind?
    `squares`: where the pieces stand (default: the position's piece sets)."""
    if squares is None:
        squares = [*pos.occupied[1], *pos.occupied[-1]]
    return any(paralysed(pos, sq, kings, geometry, squares) for sq in squares)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    type_b, kings = _type_and_kings(params)
    geometry = rules.observation_geometry  # read at each call: conditions installed later count

    def move_allowed(pos, m: int) -> bool:
        pos.make(m)
        try:
            return not some_piece_paralysed(pos, kings, geometry)
        finally:
            pos.unmake()

    promotions = rules.variant.promotions

    def observation_allowed(pos, frm: int, target: int) -> bool:
        """The capture frm x target, made on the board for the test alone.  A
        pawn that reaches the last rank promotes, and the capture counts if
        one of its promotions is legal (Popeye: a white pawn g7 checks a
        king h8 beside a black queen a1 or a black knight g6, since g7xh8
        may promote to a rook or a queen; it does not check a king e8 when
        every promotion on e8 faces a like black piece)."""
        board = pos.board
        mover, victim = board[frm], board[target]
        side = 1 if mover > 0 else -1
        squares = [sq for s in (1, -1) for sq in pos.occupied[s] if sq != frm and sq != target]
        squares.append(target)
        pieces = (mover,)
        if abs(mover) == PAWN and target >> 4 == (7 if side > 0 else 0):
            pieces = tuple(kind * side for kind in promotions)
        # the board only, restored before returning: a caller iterates over the piece sets
        board[frm] = 0
        try:
            for piece in pieces:
                board[target] = piece
                if not some_piece_paralysed(pos, kings, geometry, squares):
                    return True
            return False
        finally:
            board[frm], board[target] = mover, victim

    rules.move_filters.append(move_allowed)
    if not type_b:
        rules.add_observation_filter(observation_allowed)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    type_b, _ = _type_and_kings(params)
    dropped = {WALK_MOVES_ONLY, KING_STEPS_FREE}
    return ALL_PROPERTIES - dropped - (set() if type_b else {CAPTURE_OBSERVES})


SPEC = ConditionSpec(install, preserves, changes_observation=True)
"""The registry's entry (solver.conditions.registry)."""
