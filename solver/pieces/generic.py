"""The generic legal-move generator: always right, for any catalogue piece.

Nothing here assumes orthodox chess: pseudo-legal moves come from each
piece's walks (`solver.pieces.families`), a move is legal when, once made,
no enemy piece observes the mover's king (asked of each enemy piece's walk),
and a side is in check when one of the other side's pieces observes its king.
This is the reference the engine's fast paths are checked against, so it is
written to be obviously right rather than fast.

Conventions shared with `solver.movegen` (the same move ints, made by
`Position.make`): DOUBLE for an orthodox pawn's double step (e.p. squares as
the position records them), EN_PASSANT, PROMOTION with the new kind in bits
17-23, CASTLE with the rook's file in bits 17-19.  One flag is new: LOCUST,
a capture of the piece on the square in bits 24-30, which is not the arrival
square (a locust lands beyond the piece it takes); `Position.make` does not
know it yet, so `make_trial` lifts that piece off the board around the move;
nor does its unmake know promotions of other pawns than the orthodox one
(it puts back a pawn): `unmake_trial` puts back the Berolina pawn or superpawn.

Popeye's rules that shape the generator:
- promotion to Q, S, R, B and to every other piece kind in the position
  (pawns, kings and the dummy excepted), whatever its colour;
- castling: the king is not in check, the square it passes over is not
  observed with the king standing on it (the rook still at home), and the
  castling, once played, leaves it unobserved;
- the Berolina pawn's and the dragon's steps record no e.p. square.
"""

from __future__ import annotations

from ..board import (
    BISHOP, CASTLE_PATH, KING, KNIGHT, PAWN, QUEEN, ROOK, SIDE_RIGHTS, WHITE,
)
from ..move import CASTLE, DOUBLE, EN_PASSANT, PROMOTION
from ..movegen import _castling_rooks
from ..position import Z_PIECE
from .catalogue import BY_KIND, Piece
from .families import observes, piece_moves

LOCUST = 6
_ORTHODOX_PROMOTIONS = (QUEEN, KNIGHT, ROOK, BISHOP)


def piece_at(board, sq: int) -> Piece:
    """The catalogue row of the piece on sq (which must not be empty)."""
    return BY_KIND[abs(board[sq])]


def observed(board, target: int, pieces) -> bool:
    """Is `target` observed by one of the pieces on the squares `pieces`?
    (Squares momentarily empty, lifted by a test, are skipped.)"""
    for a in pieces:
        if board[a] and a != target and observes(board, a, target, piece_at(board, a).walks):
            return True
    return False


def in_check(pos, side: int | None = None) -> bool:
    """Is `side`'s king (default: the side to move) observed by an enemy piece?"""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    return ksq >= 0 and observed(pos.board, ksq, pos.occupied[-side])


def promotion_kinds(pos) -> tuple[int, ...]:
    """Popeye's promotion pieces: Q, S, R, B, then every other kind on the
    board (either colour) that is neither a pawn nor a king nor the dummy."""
    present = {abs(pos.board[sq]) for side in (1, -1) for sq in pos.occupied[side]}
    fairy = sorted(k for k in present
                   if k not in _ORTHODOX_PROMOTIONS and BY_KIND[k].promotable)
    return _ORTHODOX_PROMOTIONS + tuple(fairy)


def pseudo_moves(pos, promotions: tuple[int, ...] | None = None) -> list[int]:
    """Every move the walks allow, self-check aside (castling has its own
    conditions on check, as in Popeye, and they are tested here)."""
    if promotions is None:
        promotions = promotion_kinds(pos)
    board = pos.board
    s = pos.side
    moves: dict[int, None] = {}
    for frm in sorted(pos.occupied[s]):
        piece = piece_at(board, frm)
        last = 7 if (s == WHITE) != piece.reverse else 0
        for t, c, w in piece_moves(board, frm, piece.walks):
            if piece.is_pawn:
                if t >> 4 == last:
                    for k in promotions:
                        moves[frm | t << 7 | PROMOTION << 14 | k << 17] = None
                    continue
                if piece.kind == PAWN and abs(t - frm) == 32:
                    moves[frm | t << 7 | DOUBLE << 14] = None
                    continue
            if c >= 0 and c != t:
                moves[frm | t << 7 | LOCUST << 14 | c << 24] = None
            else:
                moves[frm | t << 7] = None
        if piece.kind == KING and frm == pos.kings[s]:
            for m in _castlings(pos, frm):
                moves[m] = None
    for e in pos.ep:
        capsq = e - 16 * s
        if board[e] or board[capsq] != -PAWN * s:
            continue
        for frm in ((e - 15, e - 17) if s == WHITE else (e + 15, e + 17)):
            if not frm & 0x88 and board[frm] == PAWN * s:
                moves[frm | e << 7 | EN_PASSANT << 14] = None
    return list(moves)


def _castlings(pos, ksq: int) -> list[int]:
    """Castlings whose king is not in check and does not pass over an
    observed square (the arrival square is tested once castled, by legality)."""
    s = pos.side
    rights = pos.castling & SIDE_RIGHTS[s]
    if not rights or in_check(pos, s):
        return []
    board = pos.board
    king, rook = KING * s, ROOK * s
    enemies = pos.occupied[-s]
    out = []
    for rf in _castling_rooks(rights, s):
        path = CASTLE_PATH.get((ksq, rf))
        if path is None or board[rf] != rook:
            continue
        kt, _, empty, crossed = path
        if any(board[x] for x in empty):
            continue
        ok = True
        for x in crossed:
            if x in (ksq, kt):
                continue
            held = board[x]      # the rook itself, in a Chess960 set-up
            board[ksq] = 0
            board[x] = king
            ok = not observed(board, x, enemies)
            board[x] = held
            board[ksq] = king
            if not ok:
                break
        if ok:
            out.append(ksq | kt << 7 | CASTLE << 14 | (rf & 7) << 17)
    return out


def make_trial(pos, m: int):
    """Make m; returns what `unmake_trial` needs to take it back.  (A locust
    capture lifts the captured piece first: `Position.make` does not know it.)"""
    lifted = None
    flag = (m >> 14) & 7
    if flag == LOCUST:
        sq = (m >> 24) & 127
        p = pos.board[sq]
        _lift(pos, sq, p)
        lifted = (sq, p, False)
        m &= (1 << 24) - 1
        m &= ~(7 << 14)
    elif flag == PROMOTION:
        frm = m & 127
        p = pos.board[frm]
        if p != PAWN * pos.side:   # another pawn: unmake would put back a pawn
            lifted = (frm, p, True)
    pos.make(m)
    return lifted


def unmake_trial(pos, lifted) -> None:
    pos.unmake()
    if lifted is not None:
        sq, p, promoted = lifted
        if promoted:
            pos.board[sq] = p
        else:
            _drop(pos, sq, p)


def _lift(pos, sq: int, p: int) -> None:
    pos.board[sq] = 0
    pos.occupied[1 if p > 0 else -1].discard(sq)
    pos.hash ^= Z_PIECE[p][sq]
    if abs(p) >= 7:
        pos.fairy -= 1


def _drop(pos, sq: int, p: int) -> None:
    pos.board[sq] = p
    pos.occupied[1 if p > 0 else -1].add(sq)
    pos.hash ^= Z_PIECE[p][sq]
    if abs(p) >= 7:
        pos.fairy += 1


def legal_moves(pos, promotions: tuple[int, ...] | None = None) -> list[int]:
    """The pseudo-legal moves that leave the mover's king unobserved (all of
    them when the mover has no king)."""
    s = pos.side
    moves = pseudo_moves(pos, promotions)
    if pos.kings[s] < 0:
        return moves
    out = []
    for m in moves:
        lifted = make_trial(pos, m)
        if not in_check(pos, s):
            out.append(m)
        unmake_trial(pos, lifted)
    return out
