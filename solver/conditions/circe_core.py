"""What the Circe forms share (solver.conditions.circe, solver.conditions.circekinds):
a capture's victim and its square, the board once the capture is played, the
rebirth itself (castling rights regained, a reborn pawn's promotion) and the
castling rights kept a square, as Popeye keeps them.  Its own module so that
the forms of other reborn kinds use them without importing Circe, which
dispatches to them.
"""

from __future__ import annotations

from solver.engine.board import PAWN
from solver.engine.move import EN_PASSANT, PROMOTION, REBIRTH_CHOICE, REBORN_PROMOTION, capture_square
from solver.conditions.castling_rights import (  # noqa: F401 (the Circe forms' names)
    _castles_from_home, _rights_follow_squares, keep_square_rights, square_rights)


def _capture(pos, m: int, side: int):
    """(capture square, captured piece) of move m, from the position before
    it (the side to move is `side`; piece 0: no capture)."""
    if (m >> 14) & 7 == EN_PASSANT:
        return capture_square(m, side), -PAWN * side
    sq = capture_square(m, side)
    return sq, pos.board[sq]


def _empty_after(pos, sq: int, m: int, capsq: int) -> bool:
    """Is sq empty once capture m is played (before any rebirth)?  The
    departure and capture squares are left, the arrival one taken."""
    if sq == (m >> 7) & 127:
        return False
    return sq == m & 127 or sq == capsq or not pos.board[sq]


def _after_kind(pos, m: int) -> int:
    """The mover's kind once m is played (a promotion's new kind)."""
    if (m >> 14) & 7 == PROMOTION:
        return (m >> 17) & 127
    return abs(pos.board[m & 127])


def _reborn(pos, sq: int, piece: int, m: int = 0, bits: int = 0) -> None:
    """Put the reborn piece on sq (a rook on its corner, a king on its
    home square, regain their castling rights there: `set_square` under
    `keep_square_rights`); a pawn on its last rank promotes to the kind
    move m chose (`REBORN_PROMOTION`).  `bits`: the effect's bits (a
    neutral victim's, `_victim_bits`)."""
    pos.set_square(sq, piece, bits)
    promoted = (m >> REBORN_PROMOTION) & 127
    if promoted and _on_last_rank(piece, sq):
        pos.set_square(sq, promoted if piece > 0 else -promoted, bits)


def _victim_bits(pos) -> int:
    """The bits the last move's victim is reborn with: a neutral one's
    (`NeutralEffectsPosition.victim_bits`: it is reborn neutral), else none."""
    victim_bits = getattr(pos, "victim_bits", None)
    return 0 if victim_bits is None else victim_bits()


# Kept a square, as Popeye keeps them: solver.conditions.castling_rights (a rebirth
# on a corner or a home square gives its right back through `set_square`).
_with_square_rights = keep_square_rights


def _chosen(m: int) -> int | None:
    """The rebirth square a SuperCirce capture chose (`REBIRTH_CHOICE`), or None."""
    sq = ((m >> REBIRTH_CHOICE) & 127) - 1
    return sq if sq >= 0 else None


def _on_last_rank(piece: int, sq: int) -> bool:
    """Is `piece` a pawn that would stand on its last rank on sq?"""
    return abs(piece) == PAWN and sq >> 4 == (7 if piece > 0 else 0)


def _on_first_rank(board, sq: int) -> bool:
    """Is the piece on sq a pawn on its own first rank?"""
    piece = board[sq]
    return abs(piece) == PAWN and sq >> 4 == (0 if piece > 0 else 7)


def _first_rank_pawn_checks(pos, side: int) -> bool:
    """Is side's king diagonally in front of an enemy pawn on that pawn's
    first rank (which feerie's walks, as Popeye's default, let observe nothing)?"""
    k = pos.kings[side]
    if k < 0:
        return False
    for d in (-1, 1):
        sq = k + 16 * side + d
        if not sq & 0x88 and pos.board[sq] == -PAWN * side and _on_first_rank(pos.board, sq):
            return True
    return False
