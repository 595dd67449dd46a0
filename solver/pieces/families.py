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
from collections.abc import Callable, Iterator

from solver.engine.board import WHITE, _ray
from solver.pieces.catalogue import BOTH, BY_KIND, BY_NAME, CAPTURE, KNIGHT_V, MOVE, Walk

ORPHAN = BY_NAME["orphan"].kind
FRIEND = BY_NAME["friend"].kind

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


def _circle(frm: int, start: int, sense: int) -> tuple[int, ...]:
    """One rose circle from frm: knight steps turning by one step each leap,
    until the edge or the return to frm."""
    out = []
    t = frm
    k = start
    for _ in range(7):
        t += _ROSE[k % 8]
        k += sense
        if t & 0x88:
            break
        out.append(t)
    return tuple(out)


@lru_cache(maxsize=None)
def circle_table() -> list[tuple[tuple[int, ...], ...]]:
    """Per square: its 16 rose circles (8 first steps, both senses), non-empty ones."""
    return [tuple(c for start in range(8) for sense in (1, -1)
                  if (c := _circle(sq, start, sense))) if not sq & 0x88 else ()
            for sq in range(128)]


def lines(w: Walk, frm: int):
    """The lines a line family walks along: rays, or the rose's circles."""
    return circle_table()[frm] if w.circle else ray_table(w.vectors)[frm]


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
    for ray in lines(w, frm):
        yield from _beyond(board, ray, 0, s)


def _first(board, ray, start: int = 0) -> int:
    """Index in `ray` of the first occupied square from `start`, or -1."""
    for i in range(start, len(ray)):
        if board[ray[i]]:
            return i
    return -1


def _hopper(board, frm, s, w: Walk) -> Pairs:
    """Grasshopper family: over the first piece, onto the square just beyond
    (`param` squares beyond for a grasshopper-n, those between empty)."""
    n = w.param or 1
    for ray in lines(w, frm):
        i = _first(board, ray)
        if 0 <= i < len(ray) - n and all(not board[x] for x in ray[i + 1:i + n]):
            t = ray[i + n]
            c = _target(board, t, s)
            if c != -2:
                yield t, c


def _lion(board, frm, s, w: Walk) -> Pairs:
    """Over the first piece (the first `param` pieces: a kangaroo lion jumps
    two), then any distance beyond it."""
    for ray in lines(w, frm):
        i = -1
        for _ in range(w.param or 1):
            i = _first(board, ray, i + 1)
            if i < 0:
                break
        if i < 0:
            continue
        yield from _beyond(board, ray, i + 1, s)


def _contra(board, frm, s, w: Walk) -> Pairs:
    """Contra-grasshopper: over an adjacent piece, then any distance beyond."""
    for ray in lines(w, frm):
        if board[ray[0]]:
            yield from _beyond(board, ray, 1, s)


def _beyond(board, ray, start: int, s: int) -> Pairs:
    """Rider moves along `ray` from index `start`."""
    for t in ray[start:]:
        p = board[t]
        if not p:
            yield t, -1
            continue
        if p * s < 0:
            yield t, t
        break


def _cannon(board, frm, s, w: Walk) -> Pairs:
    """The Chinese capture: over exactly one piece onto the next piece beyond."""
    for ray in lines(w, frm):
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


def _nonstop(board, frm, s, w: Walk) -> Pairs:
    """Nonstop equihopper: over any piece onto the square symmetric to frm
    about it, whatever stands between (`param` 1, the nonstop orix: along
    ranks, files and diagonals only)."""
    f0, r0 = frm & 7, frm >> 4
    for h in _SQUARES:
        if h == frm or not board[h]:
            continue
        df, dr = (h & 7) - f0, (h >> 4) - r0
        if w.param and df and dr and abs(df) != abs(dr):
            continue
        f, r = 2 * (h & 7) - f0, 2 * (h >> 4) - r0
        if 0 <= f < 8 and 0 <= r < 8:
            t = r * 16 + f
            c = _target(board, t, s)
            if c != -2:
                yield t, c


_SQUARES = tuple(r * 16 + f for r in range(8) for f in range(8))


def _locust(board, frm, s, w: Walk) -> Pairs:
    """Captures the first piece on a line by landing on the empty square beyond."""
    for ray in lines(w, frm):
        i = _first(board, ray)
        if 0 <= i < len(ray) - 1 and board[ray[i]] * s < 0 and not board[ray[i + 1]]:
            yield ray[i + 1], ray[i]


def _angle(board, frm, s, w: Walk) -> Pairs:
    """Moose family: over the first piece on a line, then one step turned by
    `param` degrees either way from the line (0: the grasshopper; 180: the
    hamster, back onto the square before the hurdle, never the start)."""
    turn = w.param // 45
    for d, ray in dir_rays(w.vectors)[frm]:
        i = _first(board, ray)
        if i < 0:
            continue
        h = ray[i]
        k = _CIRCLE.index(_unit(d))
        for e in {_CIRCLE[(k + turn) % 8], _CIRCLE[(k - turn) % 8]}:
            t = h + e
            if t & 0x88:
                continue
            c = _target(board, t, s)
            if c != -2:
                yield t, c


def lame_step(d: int, diagonal: int) -> int:
    """The first step of the lame leap `d` (a 0x88 delta): orthogonal for
    the mao, diagonal for the moa (`diagonal`)."""
    f = ((d + 8) & 15) - 8
    r = (d - f) // 16
    sf, sr = (f > 0) - (f < 0), (r > 0) - (r < 0)
    if diagonal:
        return delta(sf, sr)
    return delta(sf, 0) if abs(f) > abs(r) else delta(0, sr)


def _lame(board, frm, s, w: Walk) -> Pairs:
    """Mao (param 0: first step orthogonal) and moa (param 1: diagonal):
    a leap whose first step must be onto an empty square; with param | 2,
    the rider of such leaps (maorider, moarider)."""
    for d in images(w.vectors):
        t = frm + d
        if t & 0x88:
            continue
        passed = frm + lame_step(d, w.param & 1)
        while True:
            if board[passed]:
                break
            c = _target(board, t, s)
            if c != -2:
                yield t, c
            if c != -1 or not w.param & 2:
                break
            passed += d
            t += d
            if t & 0x88:
                break


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


def _pawn_ranks(frm: int, s: int, w: Walk) -> tuple[int, bool]:
    """(forward delta, on the double-step rank); forward 0 on the first rank,
    except for an orphan moving as a pawn (param 1), which steps from there."""
    rank = frm >> 4 if s == WHITE else 7 - (frm >> 4)
    return (0 if rank == 0 and not w.param else 16 * s), rank == 1


def _pawn(board, frm, s, w: Walk, colour: int = 0) -> Pairs:
    """The pawn, walking towards the side `s`'s last rank; `colour` is the
    piece's own side when it differs (the reverse pawn)."""
    fwd, double = _pawn_ranks(frm, s, w)
    if not fwd:
        return
    colour = colour or s
    for d in (fwd - 1, fwd + 1):
        t = frm + d
        if not t & 0x88 and board[t] * colour < 0:
            yield t, t
    t = frm + fwd
    if not t & 0x88 and not board[t]:
        yield t, -1
        if double and not board[t + fwd]:
            yield t + fwd, -1


def _berolina(board, frm, s, w: Walk) -> Pairs:
    """Moves diagonally forward (two steps from the second rank), captures straight."""
    fwd, double = _pawn_ranks(frm, s, w)
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


# ------------------------------------------------------------------ orphan

def _orphan(board, frm, s, w: Walk) -> Pairs:
    """An orphan moves as every kind (orphans aside) that observes it: an
    enemy piece of that kind, or an enemy orphan observing it as that kind
    and itself so observed, in a chain of orphans of alternating colours
    (an orphan already in the chain stays on the board but observes no more)."""
    occ = _occupied(board)
    for kind in _kinds_in(board, occ):
        if _chain(board, frm, kind, -s, {frm}, occ):
            for part in _orphan_walks(kind):
                yield from walk_moves(board, frm, s, part)


def _orphan_observes(board, frm: int, target: int) -> bool:
    s = 1 if board[frm] > 0 else -1
    occ = _occupied(board)
    for kind in _kinds_in(board, occ):
        if _observes_as(board, frm, target, kind, s) and \
                _chain(board, frm, kind, -s, {frm}, occ):
            return True
    return False


def _occupied(board) -> list[int]:
    """The occupied squares, listed once for a whole orphan question (the
    chains scan them many times; the board does not change meanwhile)."""
    return [sq for sq in _SQUARES if board[sq]]


def _kinds_on(board, side: int = 0) -> list[int]:
    """Kinds on the board (of `side` only, if given), orphans and friends aside."""
    return _kinds_in(board, _SQUARES, side)


def _kinds_in(board, squares, side: int = 0) -> list[int]:
    """`_kinds_on`, looking only at `squares`."""
    return sorted({abs(board[sq]) for sq in squares
                   if board[sq] and board[sq] * side >= 0} - {ORPHAN, FRIEND})


# ------------------------------------------------------------------ friend

def _friend(board, frm, s, w: Walk) -> Pairs:
    """A friend moves as every kind of its own side that observes it: a
    piece of that kind, or another friend observing it as that kind and
    itself so observed (a friend already in the chain observes no more)."""
    for kind in _kinds_on(board, s):
        if _friend_chain(board, frm, kind, s, {frm}):
            for part in BY_KIND[kind].walks:
                yield from walk_moves(board, frm, s, part)


def _friend_observes(board, frm: int, target: int) -> bool:
    s = 1 if board[frm] > 0 else -1
    for kind in _kinds_on(board, s):
        if _observes_as(board, frm, target, kind, s, False) and \
                _friend_chain(board, frm, kind, s, {frm}):
            return True
    return False


def _friend_chain(board, target: int, kind: int, s: int, used: set[int]) -> bool:
    """Is the friend on `target` observed, for `kind`, by its own side `s`?"""
    walks = BY_KIND[kind].walks
    friends = []
    own = board[target]
    board[target] = -own       # observation tests capture: let the target look hostile
    try:
        for sq in _SQUARES:
            p = board[sq] * s
            if p == kind and observes(board, sq, target, walks):
                return True
            if p == FRIEND and sq not in used:
                friends.append(sq)
        seen = [f for f in friends if _observes_as(board, f, target, kind, s, False)]
    finally:
        board[target] = own
    return any(_friend_chain(board, f, kind, s, used | {f}) for f in seen)


def _chain(board, target: int, kind: int, by: int, used: set[int], occ=_SQUARES) -> bool:
    """Is `target` observed, for `kind`, by side `by`: by a piece of that
    kind, or by one of its orphans not `used` that is itself so observed?
    (`occ`: the squares to look at, all the occupied ones.)"""
    walks = BY_KIND[kind].walks
    orphans = []
    for sq in occ:
        p = board[sq] * by
        if p == kind and observes(board, sq, target, walks):
            return True
        if p == ORPHAN and sq not in used:
            orphans.append(sq)
    for o in orphans:
        if _observes_as(board, o, target, kind, by) and \
                _chain(board, o, kind, -by, used | {o}, occ):
            return True
    return False


def _observes_as(board, frm: int, target: int, kind: int, s: int,
                 orphan: bool = True) -> bool:
    """Does the orphan (friend) of side `s` on frm observe target as `kind`?
    (`observes`: leapers and riders from their tables, the rest generated;
    `s` is the colour of the piece on frm.)"""
    return observes(board, frm, target, _orphan_walks(kind) if orphan else BY_KIND[kind].walks)


@lru_cache(maxsize=None)
def _orphan_walks(kind: int) -> tuple[Walk, ...]:
    """`_as_orphan` of a kind's walks, cached by the kind (an int hashes
    cheaply; the walks tuple does not, and this is asked at every test)."""
    return _as_orphan(BY_KIND[kind].walks)


@lru_cache(maxsize=None)
def _as_orphan(walks: tuple[Walk, ...]) -> tuple[Walk, ...]:
    """The walks an orphan borrows: a pawn's also step from the first rank."""
    return tuple(Walk(w.family, w.vectors, w.modality, 1, w.circle)
                 if w.family in ("pawn", "berolina") else w for w in walks)


def _doublehopper(board, frm, s, w: Walk) -> Pairs:
    """Two grasshopper hops in a row, along any lines of the walk; the square
    between them must be empty.  (As in Popeye, the mover still stands on frm
    during the second hop, so it may be its hurdle, but not its arrival.)"""
    for ray in lines(w, frm):
        i = _first(board, ray)
        if i < 0 or i == len(ray) - 1 or board[ray[i + 1]]:
            continue
        for t, c in _hopper(board, ray[i + 1], s, w):
            if t != frm:
                yield t, c


def _chinese_leaper(board, frm, s, w: Walk) -> Pairs:
    """Kao: leaps to an empty square; captures by hopping a piece one leap away,
    onto the enemy piece one leap beyond."""
    for d in images(w.vectors):
        t = frm + d
        if t & 0x88:
            continue
        if not board[t]:
            yield t, -1
            continue
        t += d
        if not t & 0x88 and board[t] * s < 0:
            yield t, t


def _reverse_pawn(board, frm, s, w: Walk) -> Pairs:
    """A pawn walking backwards: its first rank is the other side's, from
    which it does not move; it promotes on its own first rank."""
    yield from _pawn(board, frm, -s, w, s)


def _ubiubi(board, frm, s, w: Walk) -> Pairs:
    """Any number of knight leaps over empty squares; captures an enemy
    piece a leap away from any square so reached."""
    seen = {frm}
    todo = [frm]
    while todo:
        sq = todo.pop()
        for t in leap_table(KNIGHT_V)[sq]:
            if t in seen:
                continue
            p = board[t]
            if not p:
                seen.add(t)
                todo.append(t)
                yield t, -1
            elif p * s < 0:
                seen.add(t)
                yield t, t


def _superpawn(board, frm, s, w: Walk) -> Pairs:
    """Rides straight forward to move and diagonally forward to capture
    (`param` 1: the Berolina superpawn, the other way round); from any rank."""
    fwd = 16 * s
    moves, captures = ((fwd - 1, fwd + 1), (fwd,)) if w.param else ((fwd,), (fwd - 1, fwd + 1))
    for d in moves:
        t = frm + d
        while not t & 0x88 and not board[t]:
            yield t, -1
            t += d
    for d in captures:
        t = frm + d
        while not t & 0x88 and not board[t]:
            t += d
        if not t & 0x88 and board[t] * s < 0:
            yield t, t


def _chinese_pawn(board, frm, s, w: Walk) -> Pairs:
    """One step forward, and past the middle of the board one step sideways too,
    moving and capturing alike."""
    past = (frm >> 4) >= 4 if s == WHITE else (frm >> 4) <= 3
    for d in ((16 * s, 1, -1) if past else (16 * s,)):
        t = frm + d
        if not t & 0x88:
            c = _target(board, t, s)
            if c != -2:
                yield t, c


FAMILIES: dict[str, Callable[..., Pairs]] = {
    "leaper": _leaper, "rider": _rider, "hopper": _hopper, "lion": _lion,
    "cannon": _cannon, "kangaroo": _kangaroo, "orix": _orix, "equihopper": _equihopper,
    "leaperhopper": _leaperhopper, "locust": _locust, "angle": _angle,
    "lame": _lame, "edgehog": _edgehog, "pawn": _pawn, "berolina": _berolina,
    "contra": _contra, "nonstop": _nonstop, "orphan": _orphan,
    "superpawn": _superpawn, "chinese pawn": _chinese_pawn,
    "reverse pawn": _reverse_pawn, "ubiubi": _ubiubi, "doublehopper": _doublehopper,
    "chinese leaper": _chinese_leaper, "friend": _friend,
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


@lru_cache(maxsize=None)
def leap_sets(vectors) -> list[frozenset[int]]:
    return [frozenset(t) for t in leap_table(vectors)]


@lru_cache(maxsize=None)
def rider_paths(vectors) -> list[dict[int, tuple[int, ...]]]:
    """Per square: target -> the squares between, for every square on its rays."""
    return [{t: ray[:i] for ray in rays for i, t in enumerate(ray)}
            for rays in ray_table(vectors)]


def observes(board, frm: int, target: int, walks: tuple[Walk, ...]) -> bool:
    """Does the piece on frm observe `target`, which holds a piece of the
    other side (a king, for check)?  That is: could it capture there.
    Leapers and riders are answered from tables, the other families by
    generating their captures, so that observation and moves cannot differ."""
    s = 1 if board[frm] > 0 else -1
    for w in walks:
        if w.modality == MOVE:
            continue
        if w.family == "leaper":
            if target in leap_sets(w.vectors)[frm]:
                return True
            continue
        if w.family == "rider" and not w.circle:
            between = rider_paths(w.vectors)[frm].get(target)
            if between is not None and not any(board[x] for x in between):
                return True
            continue
        if w.family == "orphan":
            if _orphan_observes(board, frm, target):
                return True
            continue
        if w.family == "friend":
            if _friend_observes(board, frm, target):
                return True
            continue
        for _, c in FAMILIES[w.family](board, frm, s, w):
            if c == target:
                return True
    return False
