"""Mate targets: partial final positions that every helpmate solution contains.

A *target* places some pieces (by identity, with their final kind) on
squares and names squares that must be empty at the end. It is built so
that for every mate P the play can reach, some target T is contained in P
(T's pieces stand where T says, T's empty squares are empty). The search
(`solver.search.intelligent`) then drops a line as soon as no target can still be
reached in the moves left, which loses no solution.

How targets are found (the idea of Popeye's intelligent mode, done as a
refinement that is complete by construction):

1. Put the mated king on a square k it can reach, and a piece of the mating
   side on a square that checks it (every mate is a check).
2. Look at the position made of the target's pieces alone, the mated side
   to move. If it is mate, the target is complete. Otherwise take one legal
   move of the mated side (a *refutation*: a flight, a capture of the
   checker, an interposition) and branch over every single piece that,
   added, makes that move impossible:
   - a flight: a piece of the mated side on it, or a piece of the mating side
     guarding it (through the king's square: the king cannot hide behind
     itself);
   - a capture or interposition by a rider: any piece on the way;
   - any move but the king's: a pinner on the line king - moving piece, or a
     second checker (after the move the king would still be in check).
   The mating king must not stand in check: a line check is cut by a piece
   on the line; a contact check kills the target.
   Why this is complete: let P be a mate containing T. The refutation m is
   legal among T's pieces but not in P, so one of P's other pieces makes it
   impossible, and it is of one of the kinds above (added pieces only block
   lines or attack); that piece, on its square in P, is one of the
   branches, and T plus it is still contained in P. Each step adds a piece
   of P, so some branch ends with a mate contained in P.
3. Each piece added costs the moves it needs to get there (lower bounds from
   `solver.search.intelligent_distance`); a branch whose side has spent more than
   its moves dies. Lines that a guard, a checker or a pinner acts along are
   empty in P, so no later piece may stand on them.

Only the target's own pieces are on the board when it is tested; the other
pieces may end anywhere (or be captured), which is what makes every mate
contain one of the targets. The real mate test is still done by the search.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.engine.board import (
    BISHOP, BISHOP_DIRS, BLACK, CASTLE_PATH, DIRECTION, KING, KING_TARGETS, KNIGHT,
    KNIGHT_TARGETS, PAWN, QUEEN, ROOK, ROOK_DIRS, SIDE_RIGHTS, SQUARES, WHITE,
)
from solver.search.intelligent_distance import INF, king_table, kinds_of, table
from solver.engine.movegen import attacked, legal_moves
from solver.engine.position import Position

_RIDER_DIRS = {BISHOP: BISHOP_DIRS, ROOK: ROOK_DIRS, QUEEN: ROOK_DIRS + BISHOP_DIRS}


class TooManyTargets(Exception):
    """The enumeration went past its node cap (brute force is then cheaper)."""


@dataclass(frozen=True)
class Target:
    """Pieces (id, final kind, square) and squares that must end empty."""

    pieces: tuple[tuple[int, int, int], ...]
    empties: frozenset


@dataclass(frozen=True)
class Piece:
    """A piece of the diagram, known by its index in `pieces_of`."""

    id: int
    side: int
    kind: int
    square: int


def pieces_of(pos: Position) -> list[Piece]:
    out = []
    for sq in SQUARES:
        p = pos.board[sq]
        if p:
            side = WHITE if p > 0 else BLACK
            out.append(Piece(len(out), side, p * side, sq))
    return out


def castlings_of(pos: Position, side: int) -> tuple[tuple[int, int], ...]:
    """(king from, king to) of each castling the side still has a right to."""
    ksq = pos.kings[side]
    if ksq < 0:
        return ()
    out = []
    base = 0 if side == WHITE else 8
    rank = 0 if side == WHITE else 0x70
    for f in range(8):
        if pos.castling >> (base + f) & 1:
            path = CASTLE_PATH.get((ksq, rank + f))
            if path:
                out.append((ksq, path[0]))
    return tuple(out)


def distance_tables(pos: Position, pieces: list[Piece]) -> list[dict[int, tuple[int, ...]]]:
    """Per piece id: final kind -> table of moves (frm * 128 + to)."""
    out = []
    for pc in pieces:
        if pc.kind == KING:
            out.append({KING: king_table(pc.side, castlings_of(pos, pc.side))})
        else:
            out.append({k: table(pc.side, pc.kind, k) for k in kinds_of(pc.kind)})
    return out


def _between_mask(a: int, b: int) -> int:
    """`_between` as a bit set of squares."""
    mask = 0
    for x in _between(a, b):
        mask |= BIT[x]
    return mask


def _between(a: int, b: int) -> list[int]:
    """Squares strictly between a and b on a line (empty when not on a line)."""
    d = DIRECTION[b - a + 119]
    if not d:
        return []
    out = []
    t = a + d
    while t != b:
        out.append(t)
        t += d
    return out


# Bitboards (bit i = rank * 8 + file) for counting placements fast.
BIT = [0] * 128
for _sq in SQUARES:
    BIT[_sq] = 1 << ((_sq >> 4) * 8 + (_sq & 7))
SQ_OF = [((i >> 3) << 4) | (i & 7) for i in range(64)]
KNIGHT_BB = [sum(BIT[t] for t in KNIGHT_TARGETS[s]) if not s & 0x88 else 0 for s in range(128)]
KING_BB = [sum(BIT[t] for t in KING_TARGETS[s]) if not s & 0x88 else 0 for s in range(128)]
NEAR_BB = [KING_BB[s] | BIT[s] for s in range(128)]
# PAWN_FROM_BB[side][t]: squares from which a pawn of `side` attacks t.
PAWN_FROM_BB = {
    side: [sum(BIT[t + d] for d in ((-15, -17) if side == WHITE else (15, 17))
               if not (t + d) & 0x88) if not t & 0x88 else 0 for t in range(128)]
    for side in (WHITE, BLACK)
}
RAYS = [tuple((d, tuple(_ray)) for d in ROOK_DIRS + BISHOP_DIRS
              if (_ray := [s + d * i for i in range(1, 8) if not (s + d * i) & 0x88
                           and all(not (s + d * j) & 0x88 for j in range(1, i))]))
        if not s & 0x88 else () for s in range(128)]


def _bits(bb: int):
    while bb:
        low = bb & -bb
        yield SQ_OF[low.bit_length() - 1]
        bb ^= low


class MateTargets:
    """Enumerates the targets of a helpmate: `moves[side]` moves each, the
    side `mated` is mated by the last move."""

    def __init__(self, pos: Position, mated: int, moves: dict[int, int], budget) -> None:
        self.pos = pos
        self.mated = mated
        self.mating = -mated
        self.pieces = pieces_of(pos)
        self.tables = distance_tables(pos, self.pieces)
        # Castling moves king and rook at once: one move may count twice.
        self.limit = {s: moves[s] + (1 if pos.castling & SIDE_RIGHTS[s] else 0) for s in (WHITE, BLACK)}
        self.budget = budget
        # reach[id][kind][room]: squares the piece can end on, as `kind`, in `room` moves.
        self.reach = []
        # (Beyond the piece's farthest square more room changes nothing: the
        # levels are computed up to there, then repeated, so that setting up
        # a long play costs no more than the position needs.)
        for pc in self.pieces:
            per = {}
            room_max = self.limit[pc.side]
            for kind, tab in self.tables[pc.id].items():
                base = pc.square * 128
                dist = [(tab[base + s], BIT[s]) for s in SQUARES]
                top = max((d for d, _ in dist if d < INF), default=0)
                levels = [sum(bit for d, bit in dist if d <= room)
                          for room in range(min(room_max, top) + 1)]
                levels += [levels[-1]] * (room_max + 1 - len(levels))
                per[kind] = levels
            self.reach.append(per)
        # Squares that must end empty but hold a piece now each need a move
        # that leaves them; castling and e.p. (after a double step) empty two.
        self.diagram_occ = sum(BIT[pc.square] for pc in self.pieces)
        double_steps = sum(1 for pc in self.pieces if pc.kind == PAWN and
                           (pc.square >> 4) == (1 if pc.side == WHITE else 6))
        self.open_bonus = (sum(1 for s in (WHITE, BLACK) if pos.castling & SIDE_RIGHTS[s])
                           + double_steps + len(pos.ep))
        self.open_limit = moves[WHITE] + moves[BLACK] + self.open_bonus
        tp = Position()
        tp.side = mated
        self.tp = tp
        self.occ = 0
        self.emp = 0
        self.spent = {WHITE: 0, BLACK: 0}
        self.used = [False] * len(self.pieces)
        self.used_mask = 0
        self._groups_cache: dict = {}
        self.placed: list[tuple[int, int, int]] = []
        self.empties: dict[int, int] = {}  # square -> number of reasons
        self.found: dict[tuple, Target] = {}
        self.seen: set = set()
        self.cap: int | None = None
        self._att_cache: dict = {}

    # ------------------------------------------------------------ placing

    def _put(self, pid: int, kind: int, sq: int, cost: int, path) -> None:
        pc = self.pieces[pid]
        tp = self.tp
        tp.board[sq] = kind * pc.side
        tp.occupied[pc.side].add(sq)
        self.occ |= BIT[sq]
        if kind == KING:
            tp.kings[pc.side] = sq
        self.used[pid] = True
        self.used_mask |= 1 << pid
        self.spent[pc.side] += cost
        self.placed.append((pid, kind, sq))
        for e in path:
            n = self.empties.get(e, 0)
            if not n:
                self.emp |= BIT[e]
            self.empties[e] = n + 1

    def _remove(self, pid: int, kind: int, sq: int, cost: int, path) -> None:
        pc = self.pieces[pid]
        tp = self.tp
        tp.board[sq] = 0
        tp.occupied[pc.side].discard(sq)
        self.occ &= ~BIT[sq]
        if kind == KING:
            tp.kings[pc.side] = -1
        self.used[pid] = False
        self.used_mask &= ~(1 << pid)
        self.spent[pc.side] -= cost
        self.placed.pop()
        for e in path:
            n = self.empties[e] - 1
            if n:
                self.empties[e] = n
            else:
                del self.empties[e]
                self.emp &= ~BIT[e]

    # ---------------------------------------------------------- generation

    def generate(self, cap: int | None = None) -> list[Target]:
        """Every target; TooManyTargets after `cap` refinement steps."""
        self.cap = cap
        mk = self.pos.kings[self.mated]
        if mk < 0:
            return []
        kid = next(p.id for p in self.pieces if p.square == mk)
        ktab = self.tables[kid][KING]
        for k in SQUARES:
            cost = ktab[mk * 128 + k]
            if cost > self.limit[self.mated]:
                continue
            self._put(kid, KING, k, cost, ())
            self._att_cache = {}
            for fix in self._build_attackers(k, -1, -1, self._groups()[self.mating], kings=False):
                self._apply(fix)
            self._remove(kid, KING, k, cost, ())
        return self._merged()

    def _merged(self) -> list[Target]:
        """The targets found, those with the same pieces merged."""
        # The same pieces on the same squares, reached for different reasons,
        # with different empty squares: one target whose empty squares are
        # those all of them need (a mate that contains any contains it).
        merged: dict[tuple, frozenset] = {}
        for t in self.found.values():
            e = merged.get(t.pieces)
            merged[t.pieces] = t.empties if e is None else e & t.empties
        # The states seen are the bulk of the enumeration's memory: free them
        # before the search builds its own copy of the targets.
        self.seen = set()
        self.found = {}
        return [Target(pieces, empties) for pieces, empties in merged.items()]

    def _apply(self, fix) -> None:
        pid, kind, sq, cost, path = fix
        self._put(pid, kind, sq, cost, path)
        self._refine()
        self._remove(pid, kind, sq, cost, path)

    def _refine(self) -> None:
        if (self.emp & self.diagram_occ).bit_count() > self.open_limit:
            return
        state = (frozenset(self.placed), self.emp)
        if state in self.seen:
            return
        self.seen.add(state)
        self.budget.tick()
        if self.cap is not None and len(self.seen) > self.cap:
            raise TooManyTargets()
        self._att_cache = {}
        tp = self.tp
        shields = self._check_fixes()
        if shields is not None:
            for fix in shields:
                self._apply(fix)
            return
        moves = legal_moves(tp)
        if not moves:
            key = (tuple(sorted(self.placed)), frozenset(self.empties))
            if key not in self.found:
                self.found[key] = Target(key[0], key[1])
            return
        groups = self._groups()
        best = None
        best_n = 1 << 30
        seen = set()
        k = tp.kings[self.mated]
        blocks = 0  # moves the mated side needs at least for flights no guard can cover
        for m in moves:
            m &= 0x3FFF  # from and to: a promotion's four moves have the same fixes
            if m in seen:
                continue
            seen.add(m)
            if m & 127 == k:
                cost = self._block_only(m >> 7, groups)
                if cost:
                    blocks += cost
                    if blocks > self.limit[self.mated] - self.spent[self.mated]:
                        return
            n = self._count(m, groups, best_n)
            if n < best_n:
                best, best_n = m, n
                if not n:
                    return
        for fix in self._build(best, groups):
            self._apply(fix)

    # --------------------------------------------------------------- fixes

    def _groups(self):
        """Per side, per final kind: (kind, all their squares, [(id, squares)])
        of the unused pieces, `squares` those reachable in the moves left."""
        out = {}
        for side in (WHITE, BLACK):
            room = self.limit[side] - self.spent[side]
            key = (side, self.used_mask, room)
            kinds = self._groups_cache.get(key)
            if kinds is None:
                by_kind: dict[int, list] = {}
                for pc in self.pieces:
                    if pc.side == side and not self.used[pc.id]:
                        for kind, levels in self.reach[pc.id].items():
                            bb = levels[room]
                            if bb:
                                by_kind.setdefault(kind, []).append((pc.id, bb))
                kinds = []
                for kind, members in sorted(by_kind.items()):
                    union = 0
                    for _, bb in members:
                        union |= bb
                    kinds.append((kind, union, members))
                self._groups_cache[key] = kinds
            out[side] = kinds
        return out

    def _att(self, kind: int, side: int, target: int, skip: int, stop: int) -> int:
        """Empty squares from which a `side` piece of `kind` attacks `target`:
        the way clear except for `skip` (x-ray through the mated king), and
        not through `stop`."""
        key = (kind, side, target, skip, stop)
        bb = self._att_cache.get(key)
        if bb is not None:
            return bb
        occ = self.occ
        if kind == KNIGHT:
            bb = KNIGHT_BB[target] & ~occ
        elif kind == KING:
            bb = KING_BB[target] & ~occ
        elif kind == PAWN:
            bb = PAWN_FROM_BB[side][target] & ~occ
        elif kind == QUEEN:
            bb = self._att(BISHOP, side, target, skip, stop) | self._att(ROOK, side, target, skip, stop)
        else:
            board = self.tp.board
            bb = 0
            dirs = _RIDER_DIRS[kind]
            for d, ray in RAYS[target]:
                if d not in dirs:
                    continue
                for s in ray:
                    if s == stop:
                        break
                    if board[s]:
                        if s == skip:
                            continue
                        break
                    bb |= BIT[s]
        if stop >= 0:
            bb &= ~BIT[stop]
        self._att_cache[key] = bb
        return bb

    def _pin_squares(self, m: int) -> tuple[int, tuple]:
        """(squares, inner): where a pinner of the piece moving in m may stand
        (beyond it on the line from the king, up to the first piece or the
        move's arrival), and the squares between king and piece."""
        tp = self.tp
        k = tp.kings[self.mated]
        a = m & 127
        b = (m >> 7) & 127
        d = DIRECTION[a - k + 119]
        if not d:
            return 0, ()
        inner = _between(k, a)
        if b in inner or any(tp.board[x] for x in inner):
            return 0, ()
        bb = 0
        s = a + d
        while not s & 0x88 and not tp.board[s] and s != b:
            bb |= BIT[s]
            s += d
        return bb & ~self.emp, tuple(inner)

    def _block_only(self, b: int, groups) -> int:
        """For a flight b that no unused mating piece can guard: the fewest
        moves a piece of the mated side needs to block it (INF if none can);
        0 when some guard is possible.  Distinct flights need distinct
        blockers, so these add up: a cheap bound that ends hopeless branches
        early."""
        k = self.tp.kings[self.mated]
        free = ~(self.occ | self.emp)
        mating = self.mating
        for kind, union, members in groups[mating]:
            att = self._att(kind, mating, b, k, -1) & free & union
            if kind == KING:
                att &= ~NEAR_BB[k]
            if att:
                for _, bb in members:
                    if att & bb:
                        return 0
        if not BIT[b] & free:
            return INF
        best = INF
        for kind, union, members in groups[self.mated]:
            if kind != KING and union & BIT[b]:
                for pid, bb in members:
                    if bb & BIT[b]:
                        cost = self.tables[pid][kind][self.pieces[pid].square * 128 + b]
                        if cost < best:
                            best = cost
        return best

    def _count(self, m: int, groups, cap: int) -> int:
        """How many fixes refutation m has (counting stops at `cap`)."""
        k = self.tp.kings[self.mated]
        a = m & 127
        b = (m >> 7) & 127
        free = ~(self.occ | self.emp)
        mating = self.mating
        n = 0
        if a == k:
            bit = BIT[b]
            if bit & free:
                for kind, union, members in groups[self.mated]:
                    if union & bit and kind != KING:
                        for _, bb in members:
                            if bb & bit:
                                n += 1
            for kind, union, members in groups[mating]:
                att = self._att(kind, mating, b, k, -1) & free & union
                if att:
                    if kind == KING:
                        att &= ~NEAR_BB[k]
                    for _, bb in members:
                        n += (att & bb).bit_count()
                    if n >= cap:
                        return n
            return n
        between = _between_mask(a, b) & free
        if between:
            for side in (WHITE, BLACK):
                for kind, union, members in groups[side]:
                    if (kind != KING or side == mating) and union & between:
                        for _, bb in members:
                            n += (bb & between).bit_count()
            if n >= cap:
                return n
        pins, _ = self._pin_squares(m)
        if pins:
            diagonal = DIRECTION[a - k + 119] in BISHOP_DIRS
            for kind, union, members in groups[mating]:
                if (kind == QUEEN or kind in (BISHOP, ROOK) and (kind == BISHOP) == diagonal) \
                        and union & pins:
                    for _, bb in members:
                        n += (bb & pins).bit_count()
            if n >= cap:
                return n
        for kind, union, members in groups[mating]:
            if kind != KING:
                att = self._att(kind, mating, k, -1, b) & free & union
                if att:
                    for _, bb in members:
                        n += (att & bb).bit_count()
                    if n >= cap:
                        return n
        return n

    def _build(self, m: int, groups):
        """The fixes of refutation m, as (id, kind, square, cost, path)."""
        k = self.tp.kings[self.mated]
        a = m & 127
        b = (m >> 7) & 127
        free = ~(self.occ | self.emp)
        mating = self.mating
        out = []
        if a == k:
            bit = BIT[b]
            if bit & free:
                for kind, union, members in groups[self.mated]:
                    if kind != KING:
                        for pid, bb in members:
                            if bb & bit:
                                out.append(self._fix(pid, kind, b, ()))
            return out + self._build_attackers(b, k, -1, groups[mating], kings=True)
        between = _between_mask(a, b) & free
        if between:
            for side in (WHITE, BLACK):
                for kind, union, members in groups[side]:
                    if kind != KING or side == mating:
                        for pid, bb in members:
                            for s in _bits(bb & between):
                                out.append(self._fix(pid, kind, s, ()))
        out += self._pinners(m, groups[mating])
        return out + self._build_attackers(k, -1, b, groups[mating], kings=False)

    def _pinners(self, m: int, kinds) -> list:
        """Fixes placing a line piece of the mating side (its `kinds` groups)
        that pins the piece moving in m to the mated king."""
        pins, inner = self._pin_squares(m)
        if not pins:
            return []
        a = m & 127
        diagonal = DIRECTION[a - self.tp.kings[self.mated] + 119] in BISHOP_DIRS
        out = []
        for kind, union, members in kinds:
            if kind == QUEEN or kind in (BISHOP, ROOK) and (kind == BISHOP) == diagonal:
                for pid, bb in members:
                    for s in _bits(bb & pins):
                        out.append(self._fix(pid, kind, s, inner + tuple(_between(a, s))))
        return out

    def _build_attackers(self, target: int, skip: int, stop: int, kinds, kings: bool):
        """Fixes placing an unused mating piece where it attacks `target`."""
        side = self.mating
        free = ~(self.occ | self.emp)
        near = ~NEAR_BB[self.tp.kings[self.mated]]
        out = []
        for kind, union, members in kinds:
            if kind == KING and not kings:
                continue
            att = self._att(kind, side, target, skip, stop) & free & union
            if kind == KING:
                att &= near
            if not att:
                continue
            for pid, bb in members:
                for s in _bits(att & bb):
                    path = tuple(x for x in _between(s, target) if x != skip)
                    out.append(self._fix(pid, kind, s, path))
        return out

    def _fix(self, pid: int, kind: int, sq: int, path):
        pc = self.pieces[pid]
        return (pid, kind, sq, self.tables[pid][kind][pc.square * 128 + sq], path)

    def _check_fixes(self):
        """None when the mating king is not in check in the target, else the
        fixes that may shield it (none: the branch dies)."""
        tp = self.tp
        ak = tp.kings[self.mating]
        if ak >= 0 and attacked(tp.board, ak, self.mated, tp.occupied[self.mated]):
            return self._shield(ak, self.mated)
        return None

    def _shield(self, ak: int, by: int):
        """Fixes for a king on ak in check from pieces of side `by` in the
        target: a piece on the line of a line check; nothing helps against a
        contact check."""
        tp = self.tp
        board = tp.board
        for sq in tp.occupied[by]:
            p = board[sq] * by
            if p in (KNIGHT, KING, PAWN) and _contact_attack(p, by, sq, ak):
                return []
        groups = self._groups()
        fixes = None
        for sq in tp.occupied[by]:
            p = board[sq] * by
            if p in (BISHOP, ROOK, QUEEN):
                d = DIRECTION[ak - sq + 119]
                if d and (d in _RIDER_DIRS[p] or -d in _RIDER_DIRS[p]):
                    between = _between(sq, ak)
                    if all(not board[x] for x in between):
                        options = []
                        for x in between:
                            if BIT[x] & self.emp:
                                continue
                            for side in (WHITE, BLACK):
                                for kind, union, members in groups[side]:
                                    if kind != KING or side == self.mating:
                                        for pid, bb in members:
                                            if bb & BIT[x]:
                                                options.append(self._fix(pid, kind, x, ()))
                        if fixes is None or len(options) < len(fixes):
                            fixes = options
        return fixes or []


def _contact_attack(kind: int, side: int, sq: int, target: int) -> bool:
    if kind == KNIGHT:
        return target in KNIGHT_TARGETS[sq]
    if kind == KING:
        return target in KING_TARGETS[sq]
    return target - sq in ((15, 17) if side == WHITE else (-15, -17))
