"""How the imitators follow each walk: the squares an imitator's own journey
names, and what must stand there (the rules of solver.conditions.imitator).

The facts, from Popeye 4.x's conditions/imitator.c (the move filter
`remove_illegal_moves_by_same_piece`, the observation filter
`imitator_validate_observation`), checked against its solutions
(tests/data/imitator/): a move or an observation from `frm` to `to` is
allowed when, for one of the routes the piece's walk takes there, every
imitator can make the same journey, shifted by its own offset.  A route
names squares by their offset from `frm`, each with its test:

- ARRIVE: empty, or the mover's departure square (a leaper's and a pawn's
  arrival, each square of a rider's line, a mao's square passed, any
  hopper's arrival);
- CLEAR: empty (a hopper's line up to its hurdle, and beyond it to the
  arrival for the grasshopper-2 and -3, the equihopper and the orix);
- HURDLE: a piece stands there (a hopper's hurdle).

The edge of the board is neither empty nor a piece.  Popeye judges a move
with the mover still on its departure square: for CLEAR and HURDLE it is a
piece there (an imitator may hop over the mover, and a line through the
departure square is blocked), for ARRIVE it is empty; it judges an
observation with the observer lifted (the departure square empty for all
three).  Which walk follows which rule is Popeye's list, by piece:

- leapers (king, knight, wazir, fers, dabbaba, alfil, camel, zebra,
  giraffe, antelope, okapi, bison, gnu, squirrel, the root-25 and root-50
  leapers, the 1:5 ... 3:7 leapers) and the pawn (its double step is a line
  of two): their arrival;
- riders (queen, rook, bishop, nightrider, camel-, zebra-, gnu-, wazir- and
  fersrider, elephant, waran, amazon, empress, princess): each square of
  their line;
- hoppers (grasshopper, rook and bishop hoppers, the nightrider, camelrider,
  zebrarider and gnurider hoppers, the kinghopper and knight hopper, the
  moose, eagle and sparrow of queen, rook and bishop lines): line, hurdle,
  arrival; the grasshopper-2 and -3, the equihopper and the orix also the
  line beyond the hurdle; the nonstop equihopper and orix: hurdle and
  arrival only;
- mao and moa: the square passed and the arrival.

The moose family observes by a rule of its own (`avoid_observing_if_
imitator_blocked_angle_hopper`), not its walk's: Popeye takes as the
imitators' hurdle offset the square one step beyond the target along the
direction Popeye's search came from (back towards the observer's line),
and as their step the one of the second leg's two directions (reversed)
that an integer division of those offsets in Popeye's board numbers (24
a rank) picks; each imitator needs a piece on that offset, the squares
from its step up to it empty (when that step does not lead there, the edge
of the board ends the line: no observation), and its arrival.
`_angle_observation` follows that arithmetic.

Any other walk is refused by name ("condition Imitator with rose is not
supported"): Popeye refuses them as well ("conditions too fairy for
imitator", solving/machinery/twin.c: only riders, leapers, the hoppers
above and the mao and moa pass), the Berolina and reverse pawns, roses,
lions, locusts, Chinese pieces ... among them.
"""

from __future__ import annotations

from functools import lru_cache

from solver.pieces.catalogue import BY_KIND, Walk
from solver.pieces.families import delta, images, lame_step

ARRIVE, CLEAR, HURDLE = 0, 1, 2
Route = tuple[tuple[int, int], ...]   # (offset from frm, test)

SUPPORTED = frozenset({
    # leapers and pawns
    "king", "knight", "wazir", "fers", "dabbaba", "alfil", "camel", "zebra", "giraffe",
    "antelope", "okapi", "bison", "gnu", "squirrel", "root-25-leaper", "root-50-leaper",
    "1:5-leaper", "1:6-leaper", "2:4-leaper", "2:5-leaper", "3:5-leaper", "3:6-leaper",
    "3:7-leaper", "pawn",
    # riders
    "queen", "rook", "bishop", "nightrider", "camelrider", "zebrarider", "gnurider",
    "wazirrider", "fersrider", "elephant", "waran", "amazon", "empress", "princess",
    # hoppers
    "grasshopper", "rook hopper", "bishop hopper", "nightrider hopper", "camelrider hopper",
    "zebrarider hopper", "gnurider hopper", "kinghopper", "knight hopper",
    "moose", "eagle", "sparrow", "rook moose", "rook eagle", "rook sparrow",
    "bishop moose", "bishop eagle", "bishop sparrow",
    "grasshopper-2", "grasshopper-3", "equihopper", "Orix", "nonstop equihopper", "nonstop orix",
    # lame leapers
    "mao", "moa",
})

_EQUI_LEAPS = ((1, 2), (1, 3), (2, 3))   # the equihopper's non-line hops (families._EQUI_LEAPS)


def unsupported_kind(kinds) -> str | None:
    """The name of the first piece kind whose imitator rule feerie does not
    play, or None."""
    for kind in sorted(kinds):
        name = BY_KIND[kind].name
        if name not in SUPPORTED:
            return name
    return None


# --------------------------------------------------------------- geometry

def _directions(vectors):
    """(file, rank) of every image of the base vectors (as families.images)."""
    out = []
    for f, r in vectors:
        for a, b in ((f, r), (r, f)):
            for sa in (1, -1):
                for sb in (1, -1):
                    v = (a * sa, b * sb)
                    if v != (0, 0) and v not in out:
                        out.append(v)
    return out


def _lines(vectors, frm: int, to: int):
    """(step delta, n): `to` lies n steps from frm along a line of the vectors."""
    return _line_table(vectors).get(to - frm, ())


@lru_cache(maxsize=None)
def _line_table(vectors) -> dict[int, tuple[tuple[int, int], ...]]:
    """0x88 difference -> its (step delta, n) along the vectors' lines (on
    the board, a difference names its file and rank steps)."""
    table: dict[int, tuple[tuple[int, int], ...]] = {}
    for f, r in _directions(vectors):
        for n in range(1, 8):
            if abs(n * f) > 7 or abs(n * r) > 7:
                break
            d = delta(n * f, n * r)
            table[d] = table.get(d, ()) + ((delta(f, r), n),)
    return table


def _between_empty(board, frm: int, step: int, a: int, b: int) -> bool:
    """Are the squares frm + k*step, a <= k < b, empty?"""
    return all(not board[frm + k * step] for k in range(a, b))


_QUEEN_STEPS = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))


def _turns(f: int, r: int, angle: int) -> set[int]:
    """The steps `angle` degrees either way from the queen line (f, r)."""
    unit = ((f > 0) - (f < 0), (r > 0) - (r < 0))
    k = _QUEEN_STEPS.index(unit)
    t = angle // 45
    return {delta(*_QUEEN_STEPS[(k + t) % 8]), delta(*_QUEEN_STEPS[(k - t) % 8])}


# ----------------------------------------------------------------- routes

def _rider_routes(board, frm, to, w: Walk):
    for step, n in _lines(w.vectors, frm, to):
        if _between_empty(board, frm, step, 1, n):
            yield _line(step, n)


@lru_cache(maxsize=None)
def _line(step: int, n: int) -> Route:
    return tuple((k * step, ARRIVE) for k in range(1, n + 1))


def _leaper_routes(board, frm, to, w: Walk):
    if to - frm in images(w.vectors):
        yield ((to - frm, ARRIVE),)


def _pawn_routes(board, frm, to, w: Walk):
    d = to - frm
    if abs(d) == 32:   # a double step: a line of two
        yield ((d // 2, ARRIVE), (d, ARRIVE))
    else:
        yield ((d, ARRIVE),)


def _hop(step: int, j: int, beyond: int, clear_beyond: bool) -> Route:
    """The route of a hop along `step`: the line to the hurdle j steps away,
    the hurdle, `beyond` steps to the arrival (those squares CLEAR too, with
    `clear_beyond`)."""
    route = [(k * step, CLEAR) for k in range(1, j)] + [(j * step, HURDLE)]
    if clear_beyond:
        route += [(k * step, CLEAR) for k in range(j + 1, j + beyond + 1)]
    return tuple(route) + (((j + beyond) * step, ARRIVE),)


def _hopper_routes(board, frm, to, w: Walk):
    """Grasshopper family: the hurdle `param` (1) steps before the arrival."""
    n = w.param or 1
    for step, m in _lines(w.vectors, frm, to):
        j = m - n
        if (j >= 1 and board[frm + j * step] and _between_empty(board, frm, step, 1, j)
                and _between_empty(board, frm, step, j + 1, m)):
            yield _hop(step, j, n, n > 1)


def _leaperhopper_routes(board, frm, to, w: Walk):
    for step, m in _lines(w.vectors, frm, to):
        if m == 2 and board[frm + step]:
            yield _hop(step, 1, 1, False)


def _orix_routes(board, frm, to, w: Walk):
    """Over the midpoint of a queen line: the line beyond it CLEAR too."""
    for step, m in _lines(w.vectors, frm, to):
        j = m // 2
        if (m % 2 == 0 and board[frm + j * step] and _between_empty(board, frm, step, 1, j)
                and _between_empty(board, frm, step, j + 1, m)):
            yield _hop(step, j, j, True)


def _equihopper_routes(board, frm, to, w: Walk):
    yield from _orix_routes(board, frm, to, w)
    for step, m in _lines(_EQUI_LEAPS, frm, to):
        if m == 2 and board[frm + step]:
            yield _hop(step, 1, 1, True)


def _nonstop_routes(board, frm, to, w: Walk):
    df = (to & 7) - (frm & 7)
    dr = (to >> 4) - (frm >> 4)
    if df % 2 == 0 and dr % 2 == 0:
        h = delta(df // 2, dr // 2)
        if board[frm + h]:
            yield ((h, HURDLE), (to - frm, ARRIVE))


def _angle_routes(board, frm, to, w: Walk):
    """Moose family: the hurdle on a line from frm, then one step turned."""
    for f, r in _directions(w.vectors):
        step = delta(f, r)
        for turn in _turns(f, r, w.param):
            h = to - turn
            if not 0 <= h < 128 or h & 0x88 or not board[h]:
                continue
            j = next((n for s2, n in _lines(((f, r),), frm, h) if s2 == step), 0)
            if j and _between_empty(board, frm, step, 1, j):
                yield tuple((k * step, CLEAR) for k in range(1, j)) + (
                    (j * step, HURDLE), (to - frm, ARRIVE))


def _lame_routes(board, frm, to, w: Walk):
    """Mao (param 0: first step orthogonal), moa (1: diagonal)."""
    d = to - frm
    if d not in images(w.vectors):
        return
    passed = lame_step(d, w.param & 1)
    if not board[frm + passed]:
        yield ((passed, ARRIVE), (d, ARRIVE))


ROUTES = {
    "leaper": _leaper_routes, "rider": _rider_routes, "pawn": _pawn_routes,
    "hopper": _hopper_routes,
    "leaperhopper": _leaperhopper_routes, "orix": _orix_routes, "equihopper": _equihopper_routes,
    "nonstop": _nonstop_routes, "angle": _angle_routes, "lame": _lame_routes,
}


# ------------------------------------------------------------------ tests

def _passes(board, imitators, frm: int, route: Route, lifted: bool) -> bool:
    """May every imitator follow `route`?  (`lifted`: the departure square
    counts as empty for CLEAR and HURDLE too, as in an observation.)"""
    for i in imitators:
        for off, test in route:
            sq = i + off
            if not 0 <= sq < 128 or sq & 0x88:
                return False
            if test == ARRIVE:
                if board[sq] and sq != frm:
                    return False
            elif test == CLEAR:
                if board[sq] and not (lifted and sq == frm):
                    return False
            elif not board[sq] or (lifted and sq == frm):
                return False
    return True


def may_move(board, imitators, frm: int, to: int) -> bool:
    """May the piece on frm move to `to` (its walk's move) with these
    imitators (castling aside)?"""
    for w in BY_KIND[abs(board[frm])].walks:
        for route in ROUTES[w.family](board, frm, to, w):
            if _passes(board, imitators, frm, route, False):
                return True
    return False


# ---------------------------------------------------- the moose family's check

_ONEROW = 24   # Popeye's board numbers: a square is file + 24 * rank (and slack around)
# Popeye's vec[1..8] (queen steps) and, per angle, angle_vectors[angle][1..16] as
# (file, rank): the second leg's steps from the hurdle, two per line direction k
_VEC = ((1, 0), (0, 1), (-1, 0), (0, -1), (-1, 1), (1, 1), (1, -1), (-1, -1))
_U, _D, _L, _R = (0, 1), (0, -1), (-1, 0), (1, 0)
_UL, _UR, _DL, _DR = (-1, 1), (1, 1), (-1, -1), (1, -1)
_ANGLE_VECTORS = {
    45: (_DR, _UR, _UL, _UR, _UL, _DL, _DR, _DL, _L, _U, _R, _U, _R, _D, _L, _D),
    90: (_U, _D, _R, _L, _U, _D, _R, _L, _UR, _DL, _UL, _DR, _UR, _DL, _UL, _DR),
    135: (_UL, _DL, _DR, _DL, _DR, _UR, _UL, _UR, _R, _D, _L, _D, _L, _U, _R, _U),
}


def _num(f: int, r: int) -> int:
    return f + _ONEROW * r


def _square(sq: int, f: int, r: int) -> int:
    """The 0x88 square (f, r) away from sq, or -1 off the board."""
    nf, nr = (sq & 7) + f, (sq >> 4) + r
    return nr * 16 + nf if 0 <= nf < 8 and 0 <= nr < 8 else -1


def _angle_observation(board, imitators, frm: int, target: int, line: tuple[int, int],
                       angle: int) -> bool:
    """Popeye's imitator test of a moose-family observation of `target` by
    the piece on frm, whose first leg went along `line` (file, rank step)."""
    k = _VEC.index((-line[0], -line[1]))          # Popeye searches from the target back
    vk = _VEC[k]
    # the imitators' "hurdle" offset: target + vec[k] - observer
    hf = (target & 7) + vk[0] - (frm & 7)
    hr = (target >> 4) + vk[1] - (frm >> 4)
    steps = _ANGLE_VECTORS[angle]
    v1 = tuple(-x for x in steps[2 * k + 1])      # -angle_vectors[angle][2k]
    v2 = tuple(-x for x in steps[2 * k])          # -angle_vectors[angle][2k-1]
    diff = abs(_num(hf, hr))
    n1, n2 = diff // abs(_num(*v1)), diff // abs(_num(*v2))
    step = v2 if n1 == 0 else v1 if n2 == 0 else v1 if n1 < n2 else v2
    af, ar = (target & 7) - (frm & 7), (target >> 4) - (frm >> 4)

    def empty(sq: int) -> bool:
        return sq >= 0 and (not board[sq] or sq == frm)

    for i in imitators:
        hurdle = _square(i, hf, hr)
        if hurdle < 0 or not board[hurdle] or hurdle == frm:
            return False
        f, r = step
        while (f, r) != (hf, hr):
            if not empty(_square(i, f, r)):
                return False
            f, r = f + step[0], r + step[1]
        if not empty(_square(i, af, ar)):
            return False
    return True


def _angle_lines(board, frm: int, target: int, w: Walk):
    """The first legs (file, rank steps) of the walk's routes from frm to target."""
    for route in _angle_routes(board, frm, target, w):
        first = route[0][0]   # one step along the first leg (a CLEAR or the HURDLE)
        f = ((first + 8) & 15) - 8
        r = (first - f) // 16
        yield ((f > 0) - (f < 0), (r > 0) - (r < 0))


def may_observe(board, imitators, frm: int, target: int) -> bool:
    """Does the piece on frm observe `target` (which its walk reaches) with
    these imitators?"""
    for w in BY_KIND[abs(board[frm])].walks:
        if w.modality == "move":
            continue
        if w.family == "angle":
            if any(_angle_observation(board, imitators, frm, target, line, w.param)
                   for line in _angle_lines(board, frm, target, w)):
                return True
            continue
        for route in ROUTES[w.family](board, frm, target, w):
            if _passes(board, imitators, frm, route, True):
                return True
    return False
