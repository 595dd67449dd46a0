"""SingleBox, Type1 (Popeye's name and default type; py-engl.txt
"condition"): each side has one box of men, those of the game array (a
king, a queen, two rooks, two bishops, two knights, eight pawns), and may
never have more of a kind on the board: a move is illegal if after it some
side has more of some kind than the box holds (conditions/singlebox/
type1.c), so a pawn promotes only to a piece that has left the board.

Check is a capture of the king that would be legal (Popeye validates it by
playing the capture): a capture only takes men off the board, so it is
legal unless it is a pawn's that must promote, which is legal when one of
its promotions is still in the box.

Type2 and Type3 (promotions deferred, or to any piece in the box at a later
move) are refused by name, as are fairy pieces (Popeye's box holds the
orthodox men only).

What the condition keeps (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.conditions.rules import ConditionSpec, Rules, observation_preserves

BOX = {KING: 1, QUEEN: 1, ROOK: 2, BISHOP: 2, KNIGHT: 2, PAWN: 8}


def over_the_box(pos) -> bool:
    """Has some side more men of some kind on the board than its box holds?"""
    board = pos.board
    for side in (1, -1):
        count = dict.fromkeys(BOX, 0)
        for sq in pos.occupied[side]:
            kind = board[sq] * side
            count[kind] += 1
            if count[kind] > BOX[kind]:
                return True
    return False


def in_the_box(pos, side: int, kind: int) -> bool:
    """Is a man of `kind` of `side` still off the board?"""
    board = pos.board
    return sum(1 for sq in pos.occupied[side] if board[sq] == kind * side) < BOX[kind]


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    if params not in ((), ("Type1",)):
        raise InputError(f"condition SingleBox {' '.join(params)} is not supported")
    if any(kind not in BOX for kind in rules.variant.kinds):
        raise InputError("condition SingleBox with fairy pieces is not supported")
    promotions = rules.variant.promotions

    def move_allowed(pos, m: int) -> bool:
        pos.make(m)
        try:
            return not over_the_box(pos)
        finally:
            pos.unmake()

    def observation_allowed(pos, frm: int, target: int) -> bool:
        piece = pos.board[frm]
        side = 1 if piece > 0 else -1
        if piece * side == PAWN and target >> 4 == (7 if side > 0 else 0):
            return any(in_the_box(pos, side, kind) for kind in promotions)
        return True

    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(observation_allowed)
    return rules


preserves = observation_preserves


SPEC = ConditionSpec(install, preserves, changes_observation=True)
"""The registry's entry (solver.conditions.registry)."""
