"""Lower bounds of the moves a proof game still needs (orthodox chess).

A proof game's search (`solver.search.proofgame`) asks, at each node, how
many moves each side needs at least to reach the target placement; when
either needs more than it has left, nothing below the node can be a
solution.  Every bound here is admissible (never more than the true need),
so pruning by it drops no solution:

- each target piece not yet in place must be brought there by a distinct
  piece of its side not in place itself (one in place serves its square:
  the distances keep the triangle inequality; a rook on its corner counts
  as not in place, castling moving it for free): at least the fewest moves
  any of them would need on an empty board (`_cost`: per kind, a pawn by its rank and file
  distance, a promoted pawn via the promotion square), summed over the
  target pieces (the minimum of an assignment is at least the sum of the
  minima per target);
- every opponent piece more than the target has must be captured, one move
  of this side each, so the side needs at least that many moves; a pawn's
  file changes are captures, and the captures the target pawns need (the
  fewest over their candidate pawns) cannot exceed those surplus pieces;
- pieces are never created: a side never has more pieces than now, nor more
  pawns, and each piece the target has beyond those of its kind now is a
  promoted pawn.

Castling moves a rook along with the king in the king's move: a rook on its
corner counts as if it stood on its castling square too, at no cost, and
the king may reach its castling squares in one move.  Obstacles, checks and
the order of moves are ignored (so the bounds stay lower bounds).
"""

from __future__ import annotations

from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, castle_bit

INF = 1 << 20

# squares as 0..63 (file + 8 * rank), from 0x88 `sq`: (sq >> 4) * 8 + (sq & 7)


def _fr(i: int) -> tuple[int, int]:
    return i & 7, i >> 3


def _king(a: int, b: int) -> int:
    (fa, ra), (fb, rb) = _fr(a), _fr(b)
    return max(abs(fa - fb), abs(ra - rb))


def _rook(a: int, b: int) -> int:
    if a == b:
        return 0
    (fa, ra), (fb, rb) = _fr(a), _fr(b)
    return 1 if fa == fb or ra == rb else 2


def _bishop(a: int, b: int) -> int:
    if a == b:
        return 0
    (fa, ra), (fb, rb) = _fr(a), _fr(b)
    if (fa + ra) % 2 != (fb + rb) % 2:
        return INF
    return 1 if abs(fa - fb) == abs(ra - rb) else 2


def _queen(a: int, b: int) -> int:
    if a == b:
        return 0
    (fa, ra), (fb, rb) = _fr(a), _fr(b)
    return 1 if fa == fb or ra == rb or abs(fa - fb) == abs(ra - rb) else 2


def _knight_table() -> list[list[int]]:
    steps = ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1))
    table = []
    for a in range(64):
        dist = [INF] * 64
        dist[a] = 0
        frontier = [a]
        while frontier:
            nxt = []
            for s in frontier:
                f, r = _fr(s)
                for df, dr in steps:
                    nf, nr = f + df, r + dr
                    if 0 <= nf < 8 and 0 <= nr < 8 and dist[nr * 8 + nf] == INF:
                        dist[nr * 8 + nf] = dist[s] + 1
                        nxt.append(nr * 8 + nf)
            frontier = nxt
        table.append(dist)
    return table


def _pawn(side: int, a: int, b: int) -> tuple[int, int]:
    """(moves, captures) of a pawn of `side` from a to b (INF if never)."""
    (fa, ra), (fb, rb) = _fr(a), _fr(b)
    if side != WHITE:
        ra, rb = 7 - ra, 7 - rb
    ranks, files = rb - ra, abs(fb - fa)
    if ranks < files or (ranks == 0 and a != b) or rb == 0:
        return INF, INF
    moves = ranks - (1 if ra == 1 and ranks - files >= 2 else 0)
    return moves, files


class Tables:
    """The empty-board move counts, per side: `cost[side][kind_from][kind_to]`
    a 64x64 table (kind_from a pawn, kind_to another piece: via promotion);
    `caps[side]` the captures a pawn needs to reach a pawn square."""

    def __init__(self) -> None:
        knight = _knight_table()
        base = {
            KING: [[_king(a, b) for b in range(64)] for a in range(64)],
            QUEEN: [[_queen(a, b) for b in range(64)] for a in range(64)],
            ROOK: [[_rook(a, b) for b in range(64)] for a in range(64)],
            BISHOP: [[_bishop(a, b) for b in range(64)] for a in range(64)],
            KNIGHT: knight,
        }
        self.cost: dict[int, dict[int, dict[int, list[list[int]]]]] = {}
        self.caps: dict[int, list[list[int]]] = {}
        for side in (1, -1):
            home = 0 if side == WHITE else 56   # the first rank's a-square
            kings = [row[:] for row in base[KING]]
            e = home + 4
            for b in range(64):
                kings[e][b] = min(kings[e][b], 1 + base[KING][home + 6][b], 1 + base[KING][home + 2][b])
            rooks = [row[:] for row in base[ROOK]]
            for corner, castled in ((home, home + 3), (home + 7, home + 5)):
                for b in range(64):
                    rooks[corner][b] = min(rooks[corner][b], base[ROOK][castled][b])
            pawn = [[_pawn(side, a, b) for b in range(64)] for a in range(64)]
            table = {KING: {KING: kings}, QUEEN: {QUEEN: base[QUEEN]}, ROOK: {ROOK: rooks},
                     BISHOP: {BISHOP: base[BISHOP]}, KNIGHT: {KNIGHT: knight},
                     PAWN: {PAWN: [[m for m, _ in row] for row in pawn]}}
            last = 56 if side == WHITE else 0
            for kind in (QUEEN, ROOK, BISHOP, KNIGHT):
                promo = [[INF] * 64 for _ in range(64)]
                for a in range(64):
                    for p in range(last, last + 8):
                        m = pawn[a][p][0]
                        if m >= INF:
                            continue
                        row = base[kind][p]
                        for b in range(64):
                            if m + row[b] < promo[a][b]:
                                promo[a][b] = m + row[b]
                table[PAWN][kind] = promo
            self.cost[side] = table
            self.caps[side] = [[c for _, c in row] for row in pawn]


_TABLES: Tables | None = None


def tables() -> Tables:
    global _TABLES
    if _TABLES is None:
        _TABLES = Tables()
    return _TABLES


def _index(sq: int) -> int:
    return (sq >> 4) * 8 + (sq & 7)


_STEPS = {
    KNIGHT: ((1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)),
    KING: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
    ROOK: ((1, 0), (-1, 0), (0, 1), (0, -1)),
    BISHOP: ((1, 1), (1, -1), (-1, 1), (-1, -1)),
    QUEEN: ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)),
}


def _bfs(kind: int, b: int, fixed: frozenset[int]) -> list[int]:
    """The fewest moves of a `kind` (not a pawn) from each square to b, the
    `fixed` squares never entered nor crossed (the moves are symmetric: a
    search from b)."""
    dist = [INF] * 64
    dist[b] = 0
    frontier = [b]
    slides = kind in (ROOK, BISHOP, QUEEN)
    while frontier:
        nxt = []
        for s in frontier:
            f, r = _fr(s)
            d = dist[s] + 1
            for df, dr in _STEPS[kind]:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    i = nr * 8 + nf
                    if i in fixed:
                        break
                    if dist[i] == INF:
                        dist[i] = d
                        nxt.append(i)
                    if not slides:
                        break
                    nf, nr = nf + df, nr + dr
        frontier = nxt
    return dist


class Target:
    """The target placement, prepared for the bound: per side the target
    pieces (square, piece, cost row, captures row), where a row is indexed
    by `(board[a] + 8) << 7 | a` for a piece standing on 0x88 square a (INF
    for a piece that cannot become the target piece), and the counts.

    A target pawn on its side's second rank never moved: it stands there the
    whole game, and no piece ever enters or crosses its square (it is never
    captured either).  The pieces' moves to a target square go round those
    squares (`_bfs`, once per target piece)."""

    def __init__(self, board: list[int]) -> None:
        t = tables()
        self.board = board
        self.pieces: dict[int, list[tuple[int, int, list[int], list[int] | None]]] = {1: [], -1: []}
        self.count = {1: 0, -1: 0}
        fixed = frozenset(_index(sq) for sq in range(128) if not sq & 0x88 and (
            (board[sq] == PAWN and sq >> 4 == 1) or (board[sq] == -PAWN and sq >> 4 == 6)))
        for sq in range(128):
            p = board[sq]
            if sq & 0x88 or not p:
                continue
            side = 1 if p > 0 else -1
            kind = p * side
            b = _index(sq)
            cost = [INF] * (17 << 7)
            caps = [INF] * (17 << 7) if kind == PAWN else None
            if kind == PAWN:
                rows = {PAWN: [row[b] for row in t.cost[side][PAWN][PAWN]]}
            else:
                home = 0 if side == WHITE else 56
                last = 56 if side == WHITE else 0
                to_b = _bfs(kind, b, fixed)
                own = to_b[:]
                if kind == KING:   # castling: the king to g1 or c1 in one move
                    own[home + 4] = min(own[home + 4], 1 + to_b[home + 6], 1 + to_b[home + 2])
                elif kind == ROOK:  # and the rook to f1 or d1 in the king's move
                    own[home] = min(own[home], to_b[home + 3])
                    own[home + 7] = min(own[home + 7], to_b[home + 5])
                rows = {kind: own}
                if kind != KING:
                    pawn = t.cost[side][PAWN][PAWN]
                    rows[PAWN] = [min(pawn[a][q] + to_b[q] for q in range(last, last + 8)) for a in range(64)]
            for frm_kind, row in rows.items():
                base = (frm_kind * side + 8) << 7
                for a in range(128):
                    if not a & 0x88:
                        cost[base | a] = min(row[_index(a)], INF)
                        if caps is not None:
                            caps[base | a] = t.caps[side][_index(a)][b]
            self.pieces[side].append((sq, p, cost, caps))
            self.count[side] += 1


_CORNERS = frozenset((0x00, 0x07, 0x70, 0x77))
_RIGHTS = {1: castle_bit(0x00) | castle_bit(0x07), -1: castle_bit(0x70) | castle_bit(0x77)}


def side_need(target: Target, board: list[int], occupied, side: int, castling: int = -1) -> tuple[int, int]:
    """(moves, captures) the pieces of `side` need at least to reach their
    target squares from the placement `board` ((INF, INF) if they never can):
    the moves of the pieces alone, and the captures their pawns make.
    `castling`: the castling rights (a rook in place on its corner stays a
    candidate for other squares while it may castle)."""
    total = captures = 0
    mine = None
    for sq, piece, cost, caps in target.pieces[side]:
        if board[sq] == piece:
            continue
        if mine is None:
            # the pieces not on a target square of their own kind: a piece in place
            # serves its own square (the distances keep the triangle inequality, so
            # sending it on and another in its place never costs less)
            # (but a rook on its corner that may castle: castling takes it to its
            # castling square at no cost of its own, where the triangle inequality
            # fails; not where the king stands in place on its own square: castling
            # would cost it at least two moves back, more than the rook saves)
            tb = target.board
            rook = ROOK * side
            home = 0x04 if side > 0 else 0x74
            free = castling & _RIGHTS[side] if board[home] != tb[home] or tb[home] != KING * side else 0
            mine = [(board[a] + 8) << 7 | a for a in occupied[side]
                    if board[a] != tb[a] or (free and board[a] == rook and a in _CORNERS and free & castle_bit(a))]
            if not mine:
                return INF, INF
        best = min([cost[i] for i in mine])
        if best >= INF:
            return INF, INF
        total += best
        if caps is not None:
            captures += min([caps[i] for i in mine])
    return total, captures


def combined(target: Target, occupied, side: int, part: tuple[int, int]) -> int:
    """The moves `side` needs at least, from its `side_need` part: also every
    opponent piece more than the target has is one capture, one move of its
    own (INF if the captures its pawns need are more than those)."""
    surplus = len(occupied[-side]) - target.count[-side]
    total, captures = part
    if surplus < 0 or captures > surplus:
        return INF
    return total if total > surplus else surplus


def needed(target: Target, board: list[int], occupied, castling: int = -1) -> tuple[int, int]:
    """(white's, black's) fewest moves still needed to reach `target` from
    the placement `board` (INF for a side that never can)."""
    return tuple(combined(target, occupied, side, side_need(target, board, occupied, side, castling))
                 for side in (1, -1))
