"""Family templates: the moves and the observation test of every walk.

A family turns a `Walk` (base vectors, modality, parameter) into a generator
of `(to, captured)` pairs for a piece standing on `frm` of a 0x88 board:
`captured` is -1 for a move to an empty square, else the square of the
captured piece (the arrival square, except for locusts, which capture the
piece they jump over).  The observation test is derived from the same code,
so moves and checks can never disagree: a piece observes a square when one
of its capturing walks would capture there.

Semantics follow Popeye (its manual py-engl.txt and, for details, its
source): hoppers land just beyond the first piece on the line; lions land
anywhere beyond it; Chinese pieces capture by hopping exactly one piece;
the kangaroo jumps two pieces; the equihopper jumps the midpoint of its
move, along lines with the line's other squares empty, and also over the
midpoint of a (1,2), (1,3) or (2,3) double leap; the rose rides the
octagon of knight steps in both senses; the moose, eagle and sparrow leave
the hurdle at 45, 90 and 135 degrees; the mao and moa are knights that step
first orthogonally or diagonally onto an empty square; the edgehog rides
between an edge square and a square off the edge; pawns (and the pawn part
of a dragon) on their first rank do not move.

Per-square tables are built once per vector set and cached.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable, Iterator

from ..board import WHITE, _ray
from .catalogue import BOTH, CAPTURE, MOVE, Walk

Pairs = Iterator[tuple[int, int]]


# ----------------------------------------------------------------- geometry

def delta(f: int, r: int) -> int:
    """The 0x88 difference of a (file, rank) vector."""
    return f + 16 * r


@lru_cache(maxsize=None)
def images(vectors: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    """All symmetric images of the base vectors, as 0x88 deltas (no repeats)."""
    out: list[int] = []
    for f, r in vectors:
        for a, b in ((f, r), (r, f)):
            for sa in (1, -1):
                for sb in (1, -1):
                    d = delta(a * sa, b * sb)
                    if d and d not in out:
                        out.append(d)
    return tuple(out)


@lru_cache(maxsize=None)
def leap_table(vectors) -> list[tuple[int, ...]]:
    """Per square: the squares one leap away."""
    ds = images(vectors)
    return [tuple(sq + d for d in ds if not (sq + d) & 0x88) if not sq & 0x88 else ()
            for sq in range(128)]


@lru_cache(maxsize=None)
def ray_table(vectors) -> list[tuple[tuple[int, ...], ...]]:
    """Per square: the non-empty rays along each vector."""
    ds = images(vectors)
    return [tuple(r for d in ds if (r := _ray(sq, d))) if not sq & 0x88 else ()
            for sq in range(128)]


@lru_cache(maxsize=None)
def dir_rays(vectors) -> list[tuple[tuple[int, tuple[int, ...]], ...]]:
    """Per square: (delta, ray) for each vector whose ray leaves the square."""
    ds = images(vectors)
    return [tuple((d, r) for d in ds if (r := _ray(sq, d))) if not sq & 0x88 else ()
            for sq in range(128)]


# Queen steps in circular order, for the deflection of the moose family.
_CIRCLE = tuple(delta(f, r) for f, r in ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
                                          (-1, -1), (0, -1), (1, -1)))
# Knight steps in circular order: the rose turns by one step at each leap.
_ROSE = tuple(delta(f, r) for f, r in ((2, 1), (1, 2), (-1, 2), (-2, 1), (-2, -1),
                                        (-1, -2), (1, -2), (2, -1)))


def _unit(d: int) -> int:
    """The queen step of a 0x88 line delta (rook or bishop direction)."""
    f = ((d + 8) & 15) - 8
    r = (d - f) // 16
    return delta((f > 0) - (f < 0), (r > 0) - (r < 0))


def _target(board, t: int, s: int) -> int:
    """-1 for an empty square, t for an enemy piece, -2 for an own piece."""
    p = board[t]
    if not p:
        return -1
    return t if p * s < 0 else -2


# ----------------------------------------------------------------- families

def _leaper(board, frm, s, w: Walk) -> Pairs:
    for t in leap_table(w.vectors)[frm]:
        c = _target(board, t, s)
        if c != -2:
            yield t, c


def _rider(board, frm, s, w: Walk) -> Pairs:
    for ray in ray_table(w.vectors)[frm]:
        for t in ray:
            p = board[t]
            if not p:
                yield t, -1
                continue
            if p * s < 0:
                yield t, t
            break


def _first(board, ray, start: int = 0) -> int:
    """Index in `ray` of the first occupied square from `start`, or -1."""
    for i in range(start, len(ray)):
        if board[ray[i]]:
            return i
    return -1


def _hopper(board, frm, s, w: Walk) -> Pairs:
    """Grasshopper family: over the first piece, onto the square just beyond."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if 0 <= i < len(ray) - 1:
            t = ray[i + 1]
            c = _target(board, t, s)
            if c != -2:
                yield t, c


def _lion(board, frm, s, w: Walk) -> Pairs:
    """Over the first piece, then any distance beyond it."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0:
            continue
        for t in ray[i + 1:]:
            p = board[t]
            if not p:
                yield t, -1
                continue
            if p * s < 0:
                yield t, t
            break


def _cannon(board, frm, s, w: Walk) -> Pairs:
    """The Chinese capture: over exactly one piece onto the next piece beyond."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0:
            continue
        j = _first(board, ray, i + 1)
        if j >= 0 and board[ray[j]] * s < 0:
            yield ray[j], ray[j]


def _kangaroo(board, frm, s, w: Walk) -> Pairs:
    """Over two pieces, onto the square just beyond the second."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0:
            continue
        j = _first(board, ray, i + 1)
        if 0 <= j < len(ray) - 1:
            t = ray[j + 1]
            c = _target(board, t, s)
            if c != -2:
                yield t, c


def _orix(board, frm, s, w: Walk) -> Pairs:
    """Over the midpoint of the move along a line, the rest of the line empty."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0 or 2 * i + 1 >= len(ray):
            continue
        j = _first(board, ray, i + 1)
        if j < 0 or j > 2 * i + 1:
            yield ray[2 * i + 1], -1
        elif j == 2 * i + 1 and board[ray[j]] * s < 0:
            yield ray[j], ray[j]


_EQUI_LEAPS = ((1, 2), (1, 3), (2, 3))  # doubled, they fit the board: no square between


def _leaperhopper(board, frm, s, w: Walk) -> Pairs:
    """Over an adjacent (one-leap) hurdle, onto the square one leap beyond."""
    for d in images(w.vectors):
        h = frm + d
        t = h + d
        if h & 0x88 or t & 0x88 or not board[h]:
            continue
        c = _target(board, t, s)
        if c != -2:
            yield t, c


def _equihopper(board, frm, s, w: Walk) -> Pairs:
    yield from _orix(board, frm, s, w)
    yield from _leaperhopper(board, frm, s, Walk("leaperhopper", _EQUI_LEAPS))


def _locust(board, frm, s, w: Walk) -> Pairs:
    """Captures the first piece on a line by landing on the empty square beyond."""
    for ray in ray_table(w.vectors)[frm]:
        i = _first(board, ray)
        if 0 <= i < len(ray) - 1 and board[ray[i]] * s < 0 and not board[ray[i + 1]]:
            yield ray[i + 1], ray[i]


def _rose(board, frm, s, w: Walk) -> Pairs:
    """Knight steps turning one step at each leap, clockwise or not, until
    a piece, the edge, or the start square stops the circle."""
    for start in range(8):
        for sense in (1, -1):
            t = frm
            k = start
            for _ in range(8):
                t += _ROSE[k % 8]
                k += sense
                if t & 0x88 or t == frm:
                    break
                p = board[t]
                if not p:
                    yield t, -1
                    continue
                if p * s < 0:
                    yield t, t
                break


def _angle(board, frm, s, w: Walk) -> Pairs:
    """Moose family: over the first piece on a line, then one step turned by
    `param` degrees either way from the line."""
    turn = w.param // 45
    for d, ray in dir_rays(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0:
            continue
        h = ray[i]
        k = _CIRCLE.index(_unit(d))
        for e in (_CIRCLE[(k + turn) % 8], _CIRCLE[(k - turn) % 8]):
            t = h + e
            if t & 0x88:
                continue
            c = _target(board, t, s)
            if c != -2:
                yield t, c


def _lame(board, frm, s, w: Walk) -> Pairs:
    """Mao (param 0: first step orthogonal) and moa (param 1: diagonal):
    a leap whose first step must be onto an empty square."""
    for d in images(w.vectors):
        t = frm + d
        if t & 0x88:
            continue
        f = ((d + 8) & 15) - 8
        r = (d - f) // 16
        sf, sr = (f > 0) - (f < 0), (r > 0) - (r < 0)
        if w.param:
            step = delta(sf, sr)
        else:
            step = delta(sf, 0) if abs(f) > abs(r) else delta(0, sr)
        if board[frm + step]:
            continue
        c = _target(board, t, s)
        if c != -2:
            yield t, c


def _edge(sq: int) -> bool:
    return (sq & 7) in (0, 7) or (sq >> 4) in (0, 7)


def _edgehog(board, frm, s, w: Walk) -> Pairs:
    """A rider that only stops on squares whose edge status differs from frm's."""
    here = _edge(frm)
    for ray in ray_table(w.vectors)[frm]:
        for t in ray:
            p = board[t]
            if p and p * s > 0:
                break
            if _edge(t) != here:
                yield t, (t if p else -1)
            if p:
                break


def _pawn_ranks(frm: int, s: int) -> tuple[int, bool]:
    """(forward delta, on the double-step rank); forward 0 on the first rank."""
    rank = frm >> 4 if s == WHITE else 7 - (frm >> 4)
    return (0 if rank == 0 else 16 * s), rank == 1


def _pawn(board, frm, s, w: Walk) -> Pairs:
    fwd, double = _pawn_ranks(frm, s)
    if not fwd:
        return
    for d in (fwd - 1, fwd + 1):
        t = frm + d
        if not t & 0x88 and board[t] * s < 0:
            yield t, t
    t = frm + fwd
    if not t & 0x88 and not board[t]:
        yield t, -1
        if double and not board[t + fwd]:
            yield t + fwd, -1


def _berolina(board, frm, s, w: Walk) -> Pairs:
    """Moves diagonally forward (two steps from the second rank), captures straight."""
    fwd, double = _pawn_ranks(frm, s)
    if not fwd:
        return
    t = frm + fwd
    if not t & 0x88 and board[t] * s < 0:
        yield t, t
    for d in (fwd - 1, fwd + 1):
        t = frm + d
        if not t & 0x88 and not board[t]:
            yield t, -1
            if double and not (t + d) & 0x88 and not board[t + d]:
                yield t + d, -1


FAMILIES: dict[str, Callable[..., Pairs]] = {
    "leaper": _leaper, "rider": _rider, "hopper": _hopper, "lion": _lion,
    "cannon": _cannon, "kangaroo": _kangaroo, "orix": _orix, "equihopper": _equihopper,
    "leaperhopper": _leaperhopper, "locust": _locust, "rose": _rose, "angle": _angle,
    "lame": _lame, "edgehog": _edgehog, "pawn": _pawn, "berolina": _berolina,
}


def walk_moves(board, frm: int, s: int, w: Walk) -> Pairs:
    """The (to, captured) pairs of one walk, filtered by its modality."""
    gen = FAMILIES[w.family](board, frm, s, w)
    if w.modality == BOTH:
        return gen
    if w.modality == MOVE:
        return ((t, c) for t, c in gen if c < 0)
    assert w.modality == CAPTURE
    return ((t, c) for t, c in gen if c >= 0)


def piece_moves(board, frm: int, walks: tuple[Walk, ...]) -> list[tuple[int, int, Walk]]:
    """(to, captured, walk) for every walk of the piece on frm (the side is its colour)."""
    s = 1 if board[frm] > 0 else -1
    return [(t, c, w) for w in walks for t, c in walk_moves(board, frm, s, w)]


def observes(board, frm: int, target: int, walks: tuple[Walk, ...]) -> bool:
    """Does the piece on frm observe (could it capture on) `target`?"""
    s = 1 if board[frm] > 0 else -1
    for w in walks:
        if w.modality == MOVE:
            continue
        for _, c in FAMILIES[w.family](board, frm, s, w):
            if c == target:
                return True
    return False
