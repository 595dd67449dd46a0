"""Observation geometry of the walks: what a piece's observation of a square
can depend on, and exact observation tests answered from tables.

The generic path (`solver.pieces.generic`) asks, after every trial move,
whether some enemy piece observes the king, and it tries every move.  Both
can be answered from geometry for most walks:

- `geometry(kind)[frm << 7 | target]`: for the piece of `kind` on `frm`, can
  it observe `target` on some board (False: never, on no board), and if so,
  the squares whose contents its observation of `target` may depend on,
  besides `frm` and `target` themselves (None: no such bound, the orphan's
  and friend's observation depends on every piece of the board, the
  ubiubi's and the double grasshopper's on squares anywhere).  A rider
  depends on the squares between, a hopper too, a locust also on the square
  beyond, a mao on the square it passes, a leaper on none.  A move that
  changes none of these squares (and neither `frm` nor `target`) leaves the
  observation as it was: that is what lets the generic generator keep most
  moves without trying them (shortcut `quiet_legality`) and skip the moves
  that cannot give check (`quiet_checks`).  Supersets are always right:
  each rule below names a few squares more than needed where that is
  simpler.  `tests/test_observation.py` toggles every other square of
  random boards and requires the observation unchanged.
- `observer(kind)`: a function `(board, frm, target) -> bool` equal to
  `families.observes` for that kind's walks, with the line families
  (hoppers, lions, cannons, kangaroos, locusts, the orix, contra-hoppers)
  answered along the one line that holds the target instead of generating
  every capture, and leapers and riders from their tables, with no walk
  dispatch (shortcut `walk_observation`).  Families with no table
  rule fall back to `families.observes`.

Both are derived only from the walk's family and vectors, never from a
piece's name: a new piece of a known family is covered at once, a new
family has no rule (None, fallback) until one is added and tested.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.pieces.catalogue import BY_KIND, LOCAL_FAMILIES, MOVE, QUEEN_V, Walk
from solver.pieces.families import (_CIRCLE, _EQUI_LEAPS, _edge, _unit, circle_table, dir_rays,
                                   images, leap_sets, lines, observes, ray_table)

Squares = frozenset
Geometry = bool | Squares | None  # False: never observes; None: unbounded

# Line families whose capture of a square on one of their lines depends on
# the squares between only; which lines they walk ('lines' honours the rose's
# circles, the others walk straight rays only).
_BETWEEN_ON_LINES = frozenset({"rider", "hopper", "lion", "contra", "cannon"})
_BETWEEN_ON_RAYS = frozenset({"kangaroo", "orix", "edgehog"})
_STEPPERS = frozenset({"pawn", "berolina", "reverse pawn", "chinese pawn"})


def bounded(walks: tuple[Walk, ...]) -> bool:
    """Does every capturing walk have a geometric bound (`geometry`)?"""
    return all(w.family in LOCAL_FAMILIES for w in walks if w.modality != MOVE)


def _near(a: int, b: int) -> bool:
    """Are two squares at most one king step apart?"""
    return abs((a & 7) - (b & 7)) <= 1 and abs((a >> 4) - (b >> 4)) <= 1


def _on_lines(all_lines, target: int, beyond: bool = False) -> Geometry:
    """The squares before `target` on every line that holds it (and, with
    `beyond`, the square after it, which must exist: the locust lands there)."""
    found = False
    deps: set[int] = set()
    for line in all_lines:
        if target in line:
            i = line.index(target)
            if beyond:
                if i + 1 >= len(line):
                    continue
                deps.add(line[i + 1])
            found = True
            deps.update(line[:i])
    return frozenset(deps) if found else False


def _walk_geometry(w: Walk, frm: int, target: int) -> Geometry:
    """One capturing walk's `geometry` (see the module doc)."""
    f = w.family
    if f not in LOCAL_FAMILIES:
        return None
    if f == "leaper":
        return frozenset() if target in leap_sets(w.vectors)[frm] else False
    if f in _BETWEEN_ON_LINES:
        return _on_lines(lines(w, frm), target)
    if f == "locust":
        return _on_lines(lines(w, frm), target, beyond=True)
    if f in _BETWEEN_ON_RAYS:
        return _on_lines(ray_table(w.vectors)[frm], target)
    if f == "superpawn":  # rides forward or diagonally forward: queen lines bound it
        return _on_lines(ray_table(QUEEN_V)[frm], target)
    if f in _STEPPERS:     # captures one step away, whatever stands elsewhere
        return frozenset() if _near(frm, target) else False
    if f in ("leaperhopper", "chinese leaper"):
        return _over_midpoints(images(w.vectors), frm, target)
    if f == "equihopper":
        return _union(_on_lines(ray_table(w.vectors)[frm], target),
                      _over_midpoints(images(_EQUI_LEAPS), frm, target))
    if f == "nonstop":
        return _nonstop(frm, target)
    if f == "angle":
        return _angle(w, frm, target)
    if f == "lame":
        return _lame(w, frm, target)
    raise AssertionError(f"family {f} is in LOCAL_FAMILIES without a rule")


def _union(a: Geometry, b: Geometry) -> Geometry:
    if a is None or b is None:
        return None
    if a is False:
        return b
    if b is False:
        return a
    return a | b


def _over_midpoints(deltas, frm: int, target: int) -> Geometry:
    """A jump of two equal legs over the square between them."""
    out: Geometry = False
    for d in deltas:
        if frm + 2 * d == target and not (frm + d) & 0x88:
            out = _union(out, frozenset({frm + d}))
    return out


def _nonstop(frm: int, target: int) -> Geometry:
    """Over the midpoint of frm and target, wherever it is."""
    f, r = (frm & 7) + (target & 7), (frm >> 4) + (target >> 4)
    if f % 2 or r % 2:
        return False
    return frozenset({(r // 2) * 16 + f // 2})


def _angle(w: Walk, frm: int, target: int) -> Geometry:
    """Moose family: a hurdle on a ray next to the target, and the ray up to it."""
    out: Geometry = False
    for _, ray in dir_rays(w.vectors)[frm]:
        for i, h in enumerate(ray):
            if h != target and _near(h, target):
                out = _union(out, frozenset(ray[:i + 1]))
    return out


def _lame(w: Walk, frm: int, target: int) -> Geometry:
    """Mao / moa (and their riders): the leaps up to the target and the
    squares each leap passes."""
    out: Geometry = False
    for d in images(w.vectors):
        f = ((d + 8) & 15) - 8
        r = (d - f) // 16
        sf, sr = (f > 0) - (f < 0), (r > 0) - (r < 0)
        step = sf + 16 * sr if w.param & 1 else (sf if abs(f) > abs(r) else 16 * sr)
        deps = {frm + step}
        t = frm + d
        while not t & 0x88:
            if t == target:
                out = _union(out, frozenset(deps))
                break
            if not w.param & 2:
                break
            deps.add(t)
            deps.add(t + step)
            t += d
    return out


def _piece_geometry(walks: tuple[Walk, ...], frm: int, target: int) -> Geometry:
    out: Geometry = False
    for w in walks:
        if w.modality != MOVE:
            out = _union(out, _walk_geometry(w, frm, target))
            if out is None:
                return None
    return out


class _Table(dict):
    """`geometry` of one kind, filled on demand (key `frm << 7 | target`)."""

    def __init__(self, walks: tuple[Walk, ...]) -> None:
        super().__init__()
        self.walks = walks

    def __missing__(self, key: int) -> Geometry:
        value = self[key] = _piece_geometry(self.walks, key >> 7, key & 127)
        return value


class _Tables(dict):
    """kind -> its `_Table`, made on first use."""

    def __missing__(self, kind: int) -> _Table:
        table = self[kind] = _Table(BY_KIND[kind].walks)
        return table


GEOMETRIES = _Tables()
"""`GEOMETRIES[kind]` is `geometry(kind)` (one dict lookup, for the hot path)."""


def geometry(kind: int) -> _Table:
    """The observation geometry of the piece of `kind` (see the module doc)."""
    return GEOMETRIES[kind]


def dependencies(board, pieces, target: int) -> set[int] | None:
    """The squares on which the observation of `target` by the pieces on
    `pieces` may depend: their own squares (only of those that could observe
    it at all) and their `geometry`; None when one has no bound."""
    out: set[int] = set()
    tables = GEOMETRIES
    for a in pieces:
        g = tables[abs(board[a])][a << 7 | target]
        if g is False:
            continue
        if g is None:
            return None
        out.add(a)
        out |= g
    return out


# ------------------------------------------------------------ observers

def _line_index(all_lines) -> list[dict[int, tuple[tuple[tuple[int, ...], int], ...]]]:
    """Per square: target -> ((line, index of target), ...) over its lines."""
    out = []
    for per_square in all_lines:
        d: dict[int, list] = {}
        for line in per_square:
            for i, t in enumerate(line):
                d.setdefault(t, []).append((line, i))
        out.append({t: tuple(v) for t, v in d.items()})
    return out


_INDEX: dict[tuple, list] = {}


def _index(w: Walk, rays_only: bool = False):
    key = (w.vectors, w.circle and not rays_only)
    idx = _INDEX.get(key)
    if idx is None:
        src = circle_table() if key[1] else ray_table(w.vectors)
        idx = _INDEX[key] = _line_index(src)
    return idx


def _count(board, squares) -> int:
    n = 0
    for x in squares:
        if board[x]:
            n += 1
    return n


def _hopper_test(w: Walk):
    """Over the first piece, `param` squares beyond (those between empty)."""
    idx = _index(w)
    n = w.param or 1

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            i = j - n
            if i >= 0 and board[line[i]] and not _count(board, line[:i]) \
                    and not _count(board, line[i + 1:j]):
                return True
        return False
    return test


def _hurdles_test(w: Walk, hurdles: int, rays_only: bool = False):
    """Exactly `hurdles` pieces between (a rider: none; a lion: param
    pieces; a cannon: one)."""
    idx = _index(w, rays_only)

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            if _count(board, line[:j]) == hurdles:
                return True
        return False
    return test


def _kangaroo_test(w: Walk):
    """Two pieces between, the second just before the target."""
    idx = _index(w, rays_only=True)

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            if j >= 2 and board[line[j - 1]] and _count(board, line[:j]) == 2:
                return True
        return False
    return test


def _contra_test(w: Walk):
    """An adjacent piece on the line, then empty squares up to the target."""
    idx = _index(w)

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            if j >= 1 and board[line[0]] and not _count(board, line[1:j]):
                return True
        return False
    return test


def _orix_test(w: Walk):
    """One piece exactly midway, the rest of the way empty."""
    idx = _index(w, rays_only=True)

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            if j % 2 and board[line[j // 2]] and _count(board, line[:j]) == 1:
                return True
        return False
    return test


def _locust_test(w: Walk):
    """Nothing between, and the square beyond the target empty."""
    idx = _index(w)

    def test(board, frm: int, target: int) -> bool:
        for line, j in idx[frm].get(target, ()):
            if j + 1 < len(line) and not board[line[j + 1]] and not _count(board, line[:j]):
                return True
        return False
    return test


def _leaper_test(w: Walk):
    sets = leap_sets(w.vectors)
    return lambda board, frm, target: target in sets[frm]


def _edgehog_test(w: Walk):
    """A rider that captures only on a square whose edge status differs from frm's."""
    idx = _index(w, rays_only=True)

    def test(board, frm: int, target: int) -> bool:
        if _edge(frm) == _edge(target):
            return False
        for line, j in idx[frm].get(target, ()):
            if not _count(board, line[:j]):
                return True
        return False
    return test


def _angle_test(w: Walk):
    """Moose family: per (frm, target), the (squares before, hurdle) pairs of
    the rays whose hurdle, turned by the walk's angle, lands on target."""
    turn = w.param // 45
    cands: list[dict[int, list[tuple[tuple[int, ...], int]]]] = [{} for _ in range(128)]
    for frm in range(128):
        if frm & 0x88:
            continue
        for d, ray in dir_rays(w.vectors)[frm]:
            k = _CIRCLE.index(_unit(d))
            turns = {_CIRCLE[(k + turn) % 8], _CIRCLE[(k - turn) % 8]}
            for i, h in enumerate(ray):
                for e in turns:
                    t = h + e
                    if not t & 0x88 and t != frm:
                        cands[frm].setdefault(t, []).append((ray[:i], h))
    table = [{t: tuple(v) for t, v in d.items()} for d in cands]

    def test(board, frm: int, target: int) -> bool:
        for before, h in table[frm].get(target, ()):
            if board[h] and not _count(board, before):
                return True
        return False
    return test


def _walk_test(w: Walk) -> Callable | None:
    """A table test for one capturing walk, or None (no rule: generate)."""
    f = w.family
    if f == "leaper":
        return _leaper_test(w)
    if f == "pawn" or f == "reverse pawn":
        return _pawn_test(w, f == "reverse pawn")
    if f == "rider":
        return _hurdles_test(w, 0)
    if f == "hopper":
        return _hopper_test(w)
    if f == "lion":
        return _hurdles_test(w, w.param or 1)
    if f == "cannon":
        return _hurdles_test(w, 1)
    if f == "kangaroo":
        return _kangaroo_test(w)
    if f == "contra":
        return _contra_test(w)
    if f == "orix":
        return _orix_test(w)
    if f == "locust":
        return _locust_test(w)
    if f == "edgehog":
        return _edgehog_test(w)
    if f == "angle":
        return _angle_test(w)
    return None


class _Observers(dict):
    """kind -> its observer, compiled on first use."""

    def __missing__(self, kind: int) -> Callable:
        fn = self[kind] = _compile(BY_KIND[kind].walks)
        return fn


OBSERVERS = _Observers()
"""`OBSERVERS[kind]` is `observer(kind)` (one dict lookup, for the hot path)."""


def observer(kind: int) -> Callable:
    """`(board, frm, target) -> bool`: does the piece of `kind` on frm observe
    target (which holds a piece of the other side)?  Equal to
    `families.observes(board, frm, target, walks)`: a piece whose capturing
    walks are all leapers and straight riders by one lookup in a table of
    the paths to each square (`_paths_test`), the other walks with a table
    test (`_walk_test`) by it, the rest by `observes`."""
    return OBSERVERS[kind]


def _paths_test(walks: tuple[Walk, ...]) -> Callable | None:
    """For leapers and straight riders only: per square, target -> the
    squares between for each walk that reaches it (a leap: none); observed
    when one of them is empty."""
    if not all(w.family == "leaper" or (w.family == "rider" and not w.circle) for w in walks):
        return None
    paths: list[dict[int, list[tuple[int, ...]]]] = [{} for _ in range(128)]
    for w in walks:
        for frm in range(128):
            if frm & 0x88:
                continue
            if w.family == "leaper":
                reach = [(t, ()) for t in leap_sets(w.vectors)[frm]]
            else:
                reach = [(t, line[:i]) for line in ray_table(w.vectors)[frm]
                         for i, t in enumerate(line)]
            for t, between in reach:
                paths[frm].setdefault(t, []).append(between)
    table = [{t: tuple(v) for t, v in d.items()} for d in paths]

    def test(board, frm: int, target: int) -> bool:
        for between in table[frm].get(target, ()):
            for x in between:
                if board[x]:
                    break
            else:
                return True
        return False
    return test


def _pawn_test(w: Walk, reverse: bool) -> Callable:
    """A pawn (a reverse pawn: towards its own side) captures one step
    diagonally forward, except from its first rank (an orphan's borrowed
    pawn, param 1, captures from there too)."""
    def test(board, frm: int, target: int) -> bool:
        s = 1 if board[frm] > 0 else -1
        if reverse:
            s = -s
        d = target - frm
        if d != 16 * s - 1 and d != 16 * s + 1:
            return False
        return bool(w.param) or (frm >> 4 if s > 0 else 7 - (frm >> 4)) != 0
    return test


def _compile(walks: tuple[Walk, ...]) -> Callable:
    capturing = tuple(w for w in walks if w.modality != MOVE)
    paths = _paths_test(capturing) if capturing else None
    if paths is not None:
        return paths
    tests = [_walk_test(w) for w in capturing]
    rest = tuple(w for w, t in zip(capturing, tests) if t is None)
    fast = tuple(t for t in tests if t is not None)
    if not fast:
        return lambda board, frm, target: observes(board, frm, target, rest)
    if not rest:
        if len(fast) == 1:
            return fast[0]
        return lambda board, frm, target: any(t(board, frm, target) for t in fast)

    def both(board, frm: int, target: int) -> bool:
        for t in fast:
            if t(board, frm, target):
                return True
        return observes(board, frm, target, rest)
    return both
