"""Lower bounds on the number of moves a piece needs to get somewhere.

The intelligent helpmate search prunes a line when the pieces of a target
position cannot reach their squares in the moves left. For that to be
exact (no solution ever lost) the counts must never exceed the truth, so
they are taken on an empty board: nothing blocks, nothing must be captured
first. For the same reason they are *consistent*: one move changes a
piece's count by at most one, so a target that is out of reach stays out of
reach further down the line (the search filters each node's targets from
its parent's).

Tables are flat lists indexed `frm * 128 + to` (0x88 squares), built once
per (side, kind before, kind after): pawns promote, so a pawn may be asked
for as a queen on d5 (moves to a promotion square, then the queen's count).
`INF` marks the impossible (a bishop to the other colour, a pawn backwards).
"""

from __future__ import annotations

from functools import lru_cache

from solver.engine.board import (BISHOP, KING, KNIGHT, KNIGHT_VECTORS, PAWN, QUEEN, ROOK,
                    SQUARES, WHITE)

INF = 99
PROMOTION_KINDS = (QUEEN, ROOK, BISHOP, KNIGHT)


def _cheb(a: int, b: int) -> int:
    return max(abs((a & 7) - (b & 7)), abs((a >> 4) - (b >> 4)))


def _rook(a: int, b: int) -> int:
    if a == b:
        return 0
    return 1 if (a & 7) == (b & 7) or (a >> 4) == (b >> 4) else 2


def _bishop(a: int, b: int) -> int:
    if a == b:
        return 0
    df = (a & 7) - (b & 7)
    dr = (a >> 4) - (b >> 4)
    if (df + dr) & 1:
        return INF
    return 1 if abs(df) == abs(dr) else 2


def _queen(a: int, b: int) -> int:
    if a == b:
        return 0
    df = abs((a & 7) - (b & 7))
    dr = abs((a >> 4) - (b >> 4))
    return 1 if df == 0 or dr == 0 or df == dr else 2


def _knight_table() -> dict[int, dict[int, int]]:
    out: dict[int, dict[int, int]] = {}
    for a in SQUARES:
        dist = {a: 0}
        frontier = [a]
        while frontier:
            nxt = []
            for s in frontier:
                for v in KNIGHT_VECTORS:
                    t = s + v
                    if not t & 0x88 and t not in dist:
                        dist[t] = dist[s] + 1
                        nxt.append(t)
            frontier = nxt
        out[a] = dist
    return out


_KNIGHT = _knight_table()


def piece_moves(kind: int, a: int, b: int) -> int:
    """Moves of an officer (or king, without castling) from a to b on an empty board."""
    if kind == KING:
        return _cheb(a, b)
    if kind == KNIGHT:
        return _KNIGHT[a][b]
    if kind == BISHOP:
        return _bishop(a, b)
    if kind == ROOK:
        return _rook(a, b)
    if kind == QUEEN:
        return _queen(a, b)
    return INF


def pawn_moves(side: int, a: int, b: int) -> int:
    """Moves of a pawn from a to b without promoting (diagonal steps count as
    the captures they would be; the double step from the second rank saves one)."""
    if a == b:
        return 0
    ra, rb = a >> 4, b >> 4
    if side != WHITE:
        ra, rb = 7 - ra, 7 - rb
    dr = rb - ra
    df = abs((a & 7) - (b & 7))
    if dr <= 0 or df > dr or rb == 7:
        return INF
    if ra == 1 and dr - df >= 2:
        return dr - 1
    return dr


def _promotion_moves(side: int, a: int, kind: int, b: int) -> int:
    """A pawn on a that promotes to `kind` and then goes to b."""
    ra = a >> 4 if side == WHITE else 7 - (a >> 4)
    if ra == 7:
        return INF
    last = 0x70 if side == WHITE else 0x00
    best = INF
    fa = a & 7
    span = 7 - ra
    for f in range(max(0, fa - span), min(7, fa + span) + 1):
        p = last + f
        df = abs(f - fa)
        to_promo = span - (1 if ra == 1 and span - df >= 2 else 0)
        n = to_promo + piece_moves(kind, p, b)
        if n < best:
            best = n
    return best


@lru_cache(maxsize=None)
def table(side: int, kind_from: int, kind_to: int) -> tuple[int, ...]:
    """T[frm * 128 + to]: moves for `side`'s piece of `kind_from` on frm to
    stand on `to` as `kind_to` (INF when it cannot)."""
    out = [INF] * (128 * 128)
    for a in SQUARES:
        for b in SQUARES:
            if kind_from == kind_to:
                n = pawn_moves(side, a, b) if kind_from == PAWN else piece_moves(kind_from, a, b)
            elif kind_from == PAWN and kind_to in PROMOTION_KINDS:
                n = _promotion_moves(side, a, kind_to, b)
            else:
                n = INF
            out[a * 128 + b] = n
    return tuple(out)


def king_table(side: int, castlings: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """The king's table, with a shortcut for each castling (king from, king to)
    still allowed in the diagram: castling moves the king two files in one move."""
    base = table(side, KING, KING)
    if not castlings:
        return base
    out = list(base)
    for kf, kt in castlings:
        for b in SQUARES:
            n = 1 + _cheb(kt, b)
            if n < out[kf * 128 + b]:
                out[kf * 128 + b] = n
    return tuple(out)


def kinds_of(kind: int) -> tuple[int, ...]:
    """The kinds a piece of `kind` can end the play as."""
    return (PAWN,) + PROMOTION_KINDS if kind == PAWN else (kind,)
