"""Intelligent helpmate solving: search only towards reachable mates.

`solve_help_intelligent` finds exactly the solutions `LineSearch` finds
(orthodox h#n, h#n.5, ser-h#n), far faster. It first enumerates the mate
*targets* (`solver.search.intelligent_targets`): partial final positions such that
every mate the play could reach contains one. Then it searches the help
play as `LineSearch` does, but carries down each node the targets still
reachable: a target is dropped when one of its pieces is captured, when its
pieces need more moves (empty-board counts, `solver.search.intelligent_distance`)
than their side has left, or when more of its must-be-empty squares are
occupied than the moves left can clear. A node without targets cannot lead
to a mate and is cut. Every cut is a proof, so no solution is lost; the
mate itself is still tested on the board.

Why one search over all targets rather than one per target (as Popeye
does): many targets share most of their lines, and a node is then
generated, played and tested once; and the failure memo stays valid across
targets (a node's target list is a function of its position, up to the
pieces' identities, and a failure means "no mate from here" whatever the
list).
"""

from __future__ import annotations

from solver.engine.board import (BISHOP, BLACK, DIRECTION, KING, KING_TARGETS, KNIGHT, KNIGHT_TARGETS, PAWN, QUEEN, ROOK,
                    SIDE_RIGHTS, WHITE)
from solver.base.budget import TARGET_SHARE, Budget
from solver.search.goals import INTELLIGENT, Goal, as_goal
from solver.search.helpplay import EnoughSolutions, LineCollector, Schedule
from solver.search.intelligent_distance import INF, table
from solver.search.intelligent_stalemate import STALEMATE_GOALS, StalemateTargets
from solver.search.intelligent_targets import MateTargets, TooManyTargets
from solver.engine.move import CASTLE, EN_PASSANT, PROMOTION
from solver.engine.movegen import has_legal_move, in_check, path_clear
from solver.engine.board import CASTLE_PATH
from solver.model.tree import Node, Role, Turn


def solve_help_intelligent(rules, pos, schedule: Schedule, goal: "Goal | str", budget: Budget,
                           max_solutions: int | None = None, *, out: list[Node] | None = None,
                           only: list[int] | None = None) -> list[Node] | None:
    """The solution trie of a help or series play ending in mate, as
    `LineSearch.solve` gives it, or None when the problem is outside what
    this solver handles (the caller then runs `LineSearch`): fairy pieces or
    conditions, goals other than mate, a forced end (hs#), a mated side
    without a king.  Lines are appended to `out` as they are found, so a
    time limit keeps them; `only` restricts the first turns to these indices
    (in generation order), as `LineSearch.solve` does."""
    search = intelligent_search(rules, pos, schedule, goal, budget, max_solutions)
    if search is None:
        return None
    return search.solve([] if out is None else out, only)


def intelligent_search(rules, pos, schedule: Schedule, goal: "Goal | str", budget: Budget,
                       max_solutions: int | None = None) -> "IntelligentSearch | None":
    """The search object (its `solutions` counts what it found), or None
    when `solve_help_intelligent` would return None."""
    goal = as_goal(goal)
    if goal.symbol not in INTELLIGENT or schedule.final != "goal" or not schedule.sides:
        return None
    if schedule.parry:   # its target reasoning counts slots: a parry is a move no slot has
        return None
    if PAWN in pos.board[0:8] or -PAWN in pos.board[112:120]:
        return None  # a pawn on its own first rank (inert): the targets assume pawns that observe
    if not rules.allows("intelligent") or rules.key_parts or pos.side != schedule.sides[0]:
        return None
    if pos.kings[-schedule.sides[-1]] < 0 or in_check(pos, -pos.side):
        # (an illegal diagram: the rules below assume the mated side is never
        # in check when the mating side is to move)
        return None
    cap = max(2000, brute_force_estimate(pos, schedule) // 4)
    # and the memory the enumeration may take (beyond it brute force, whose
    # memo is bounded, is the way: slower, never wrong)
    cap = min(cap, budget.entries(TARGET_SHARE, TARGET_STATE_BYTES))
    try:
        return IntelligentSearch(rules, pos, schedule, budget, max_solutions, target_cap=cap, goal=goal)
    except TooManyTargets:
        return None


def _contact(kind: int, side: int, sq: int, k: int) -> int:
    """What a piece of the mating side that checks the king on k from sq by
    contact (a pawn, a knight, an adjacent line piece) still needs while it
    stands there with moves left: such a check cannot be discovered, so the
    piece must arrive with the mating move (leave and come back: 2 moves; a
    pawn cannot come back). 0 when the piece does not check by contact."""
    if kind == KNIGHT:
        return 2 if k in KNIGHT_TARGETS[sq] else 0
    if kind == PAWN:
        return INF if k - sq in ((15, 17) if side == WHITE else (-15, -17)) else 0
    if kind in (BISHOP, ROOK, QUEEN) and k in KING_TARGETS[sq]:
        diagonal = abs(k - sq) in (15, 17)
        if kind == QUEEN or (kind == BISHOP) == diagonal:
            return 2
    return 0


def brute_force_estimate(pos, schedule: Schedule) -> int:
    """Roughly how many positions brute force visits: the product of the two
    sides' move counts in the diagram over every slot but the last (whose
    moves are only tested).  Sizes the target enumeration: when it would
    take longer than brute force, brute force is used."""
    from solver.engine.movegen import legal_moves

    counts = {}
    for side in (WHITE, BLACK):
        other = pos.copy()
        other.set_side(side)
        other.set_ep(())
        counts[side] = max(1, len(legal_moves(other)))
    est = 1
    for side in schedule.sides[:-1]:
        est = min(est * counts[side], 10 ** 12)
    return est


# Bytes a refinement step of the target enumeration costs: the state seen
# and the target found (measured: 1.6 KB on the game array's h#8, where
# nearly every state is a target; 1.4 KB on bench/t5_h3_garai, 126,000
# states).  The default budget allows about 180,000.
TARGET_STATE_BYTES = 1600

# Below this many moves to play the entries count the pieces standing on
# their must-be-empty squares (and prune on it); higher up that rarely
# prunes and costs more than it saves.
OPEN_TRACK = 4

# The last position's targets, one entry per schedule (the sides that play),
# for the processes of a parallel run: each task solves the same problem for
# one first move, every schedule of its section in turn (h#1, h#2, ...), so
# a single entry was enumerated again task after task.  An enumeration that
# gave up is kept too, as the cap it gave up at (`_GaveUp`): a task asking
# with no larger cap declines at once instead of enumerating to the cap
# again (which cost more than its own share of the brute-force search).
_cache: dict = {}


class _GaveUp:
    __slots__ = ("cap",)

    def __init__(self, cap: int) -> None:
        self.cap = cap


def _targets(gen: MateTargets, position_key: tuple, sides, cap: int | None) -> list:
    """`gen`'s targets, from `_cache` where this position and schedule were
    enumerated before; TooManyTargets as `gen.generate(cap)` raises it.
    `sides` is whatever tells the enumerations of one position apart: the
    schedule's sides, and whether the targets are stalemates'."""
    if any(key[0] != position_key for key in _cache):
        _cache.clear()  # another problem: its targets are done with
    key = (position_key, sides)
    found = _cache.get(key)
    if isinstance(found, _GaveUp):
        if cap is not None and cap <= found.cap:
            raise TooManyTargets()
        found = None
    if found is None:
        try:
            found = gen.generate(cap=cap)
        except TooManyTargets:
            _cache[key] = _GaveUp(cap)
            raise
        _cache[key] = found
    return found


def clear_target_cache() -> None:
    """Forget the last mate targets (benchmarks time each problem from scratch)."""
    _cache.clear()


# The goal tests of the final move, on the orthodox position just played
# (the others ask the goal).
_FINAL_TESTS = {
    "#": lambda pos: in_check(pos) and not has_legal_move(pos),
    "=": lambda pos: not in_check(pos) and not has_legal_move(pos),
}


class _Target:
    __slots__ = ("need", "empties", "quiet")

    def __init__(self, need: dict, empties: frozenset, quiet: bool = False) -> None:
        # piece id -> (square, its moves table, final kind, contact), where
        # `contact` is what a contact checker standing on its square already
        # still needs (see `_contact`), 0 for the other pieces.
        self.need = need
        self.empties = empties  # squares that must end empty
        # a stalemate target: the last move may leave it as it stands
        # (a mate target complete before the mating move is a check on
        # the side to move's opponent, which the play never allows)
        self.quiet = quiet


class IntelligentSearch(LineCollector):
    def __init__(self, rules, pos, schedule: Schedule, budget: Budget,
                 max_solutions: int | None = None, target_cap: int | None = None,
                 goal: "Goal | str" = "#") -> None:
        """`target_cap`: give up (TooManyTargets) when the enumeration of the
        targets takes more refinement steps than this. `goal`: one of
        `INTELLIGENT` (mate, or a stalemate goal: `STALEMATE_GOALS`, '#=')."""
        super().__init__(rules, pos, schedule, budget, max_solutions)
        self.goal = goal = as_goal(goal)
        self._reached = _FINAL_TESTS.get(goal.symbol) or (lambda p: goal.reached(rules, p))
        sides = schedule.sides
        # The last two slots are the mated side's move, then the mate.
        self._ends_with_reply = len(sides) >= 2 and sides[-2] == -sides[-1]
        # left[i][side]: moves `side` still has after the move of slot i
        # (counted from the end: linear in the length of the play)
        left = []
        rest = {WHITE: 0, BLACK: 0}
        for side in reversed(sides):
            left.append(dict(rest))
            rest[side] += 1
        self.left = left[::-1]
        moves = {WHITE: sides.count(WHITE), BLACK: sides.count(BLACK)}
        mating = sides[-1]
        kinds = []  # (generator, its targets are stalemates)
        if goal.symbol in ("#", "#="):
            kinds.append((MateTargets(pos, -mating, moves, budget), False))
        if goal.symbol in STALEMATE_GOALS or goal.symbol == "#=":
            kinds.append((StalemateTargets(pos, -mating, moves, budget), True))
        gen = kinds[0][0]
        self.pieces = gen.pieces
        self.tables = gen.tables
        found = []  # (target, it is a stalemate's), each kind cached on its own
        for each, quiet in kinds:
            found += [(t, quiet) for t in _targets(each, pos.key(), (sides, quiet), target_cap)]
        self.ids = [-1] * 128
        self.where = [pc.square for pc in self.pieces]  # piece id -> square (-1: captured)
        for pc in self.pieces:
            self.ids[pc.square] = pc.id
        self.castle_bonus = {s: 1 if pos.castling & SIDE_RIGHTS[s] else 0 for s in (WHITE, BLACK)}
        self.open_bonus = gen.open_bonus
        targets = []
        for t, quiet in found:
            k = next(sq for pid, kind, sq in t.pieces
                     if kind == KING and self.pieces[pid].side != mating)
            # (no contact rule for a stalemate: its pieces give no check)
            targets.append(_Target({pid: (sq, self.tables[pid][kind], kind,
                                          _contact(kind, mating, sq, k)
                                          if self.pieces[pid].side == mating and not quiet else 0)
                                    for pid, kind, sq in t.pieces}, t.empties, quiet))
        self.root = self._initial_entries(targets)

    # -------------------------------------------------------------- costs

    def _initial_entries(self, targets):
        pos = self.pos
        board = pos.board
        moves = {WHITE: self.schedule.sides.count(WHITE), BLACK: self.schedule.sides.count(BLACK)}
        out = []
        where = {pc.id: pc.square for pc in self.pieces}
        for t in targets:
            req = {WHITE: 0, BLACK: 0}
            for pid, (sq, tab, kind, contact) in t.need.items():
                pc = self.pieces[pid]
                if contact and where[pid] == sq and pc.kind == kind:
                    req[pc.side] += contact
                else:
                    req[pc.side] += tab[where[pid] * 128 + sq]
            opn = sum(1 for e in t.empties if board[e])
            total = moves[WHITE] + moves[BLACK]
            if (req[WHITE] <= moves[WHITE] + self.castle_bonus[WHITE]
                    and req[BLACK] <= moves[BLACK] + self.castle_bonus[BLACK]
                    and opn <= total + self.open_bonus):
                out.append((t, req[WHITE], req[BLACK], opn if total <= OPEN_TRACK else -1))
        return out

    def _filter(self, entries, m: int, side: int, left: int, left_total: int):
        """The entries still reachable after move m of `side` (not yet played),
        `left` moves of that side and `left_total` in all remaining after it."""
        board = self.pos.board
        ids = self.ids
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        mover = ids[frm]
        kind0 = board[frm] * side
        promoted = flag == PROMOTION
        kind1 = (m >> 17) & 15 if promoted else kind0
        cap = -1
        capsq = -1
        if flag == EN_PASSANT:
            capsq = to - 16 * side
            cap = ids[capsq]
        elif board[to]:
            cap = ids[to]
        rook = rf = rt = -1
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            rook = ids[rf]
        limit = self._limit(side, left)
        open_limit = left_total + min(self.open_bonus, left_total)
        track = left_total < OPEN_TRACK
        to_empty = not board[to]
        moved_kind = self.pieces[mover].kind if mover >= 0 else 0
        a = frm * 128
        b = to * 128
        out = []
        append = out.append
        white = side == WHITE
        for entry in entries:
            t, rw, rb, opn = entry
            need = t.need
            if cap in need:
                continue
            req = rw if white else rb
            tgt = need.get(mover)
            if tgt is not None:
                tsq, tab, tkind, contact = tgt
                if kind0 != moved_kind or promoted:
                    new = self._tab(mover, kind1, tkind)[b + tsq]
                    old = self._tab(mover, kind0, tkind)[a + tsq]
                else:
                    new = tab[b + tsq]
                    old = tab[a + tsq]
                if contact:
                    if frm == tsq and kind0 == tkind:
                        old = contact
                    if to == tsq and kind1 == tkind and left:
                        new = contact
                req += new - old
            if rook >= 0:
                tgt = need.get(rook)
                if tgt is not None:
                    tsq, tab, tkind, contact = tgt
                    new = tab[rt * 128 + tsq]
                    old = tab[rf * 128 + tsq]
                    if contact:
                        if rf == tsq:
                            old = contact
                        if rt == tsq and left:
                            new = contact
                    req += new - old
            if req > limit:
                continue
            e = t.empties
            if e and track:
                if opn < 0:
                    opn = self._occupied(e)
                if frm in e:
                    opn -= 1
                if to_empty and to in e:
                    opn += 1
                if capsq in e:
                    opn -= 1
                if rook >= 0:
                    if rf in e:
                        opn -= 1
                    if rt in e:
                        opn += 1
                if opn > open_limit:
                    continue
            if white:
                append((t, req, rb, opn))
            else:
                append((t, rw, req, opn))
        return out

    def _count_openings(self, entries, open_limit: int):
        out = []
        for entry in entries:
            if entry[3] < 0:
                t, rw, rb, _ = entry
                opn = self._occupied(t.empties)
                if opn <= open_limit:
                    out.append((t, rw, rb, opn))
            elif entry[3] <= open_limit:
                out.append(entry)
        return out

    def _occupied(self, squares) -> int:
        board = self.pos.board
        return sum(1 for sq in squares if board[sq])

    def _tab(self, pid: int, kind_now: int, kind: int):
        pc = self.pieces[pid]
        if kind_now == pc.kind:
            return self.tables[pid][kind]
        return table(pc.side, kind_now, kind)

    # -------------------------------------------------------------- ids

    def _move_ids(self, m: int, side: int):
        ids = self.ids
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        undo = [(frm, ids[frm]), (to, ids[to])]
        if flag == EN_PASSANT:
            capsq = to - 16 * side
            undo.append((capsq, ids[capsq]))
            ids[capsq] = -1
        elif flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            undo.append((rf, ids[rf]))
            undo.append((rt, ids[rt]))
            rid = ids[rf]
            ids[rf] = -1
            ids[rt] = rid
        else:
            rid = -1
        where = self.where
        if flag == EN_PASSANT:
            if undo[2][1] >= 0:
                where[undo[2][1]] = -1
        elif undo[1][1] >= 0:
            where[undo[1][1]] = -1
        if flag == CASTLE and rid >= 0:
            where[rid] = rt
        pid = undo[0][1]
        ids[frm] = -1
        ids[to] = pid
        if pid >= 0:
            where[pid] = to
        return undo

    def _unmove_ids(self, undo) -> None:
        ids = self.ids
        where = self.where
        for sq, pid in reversed(undo):
            ids[sq] = pid
            if pid >= 0:
                where[pid] = sq

    # ------------------------------------------------------------- search

    def solve(self, out: list[Node] | None = None, only: list[int] | None = None) -> list[Node]:
        """As `LineSearch.solve`."""
        if out is None:
            out = []
        if not self.root:
            return out
        self._only = only
        try:
            self._slot(0, self.root, out)
        except EnoughSolutions:
            pass
        return out

    def _slot(self, i: int, entries, out: list[Node]) -> list[Node]:
        sched = self.schedule
        pos, rules = self.pos, self.rules
        n = len(sched.sides)
        key = None
        if i == 0 and self._only is not None:
            every = rules.turns(pos)
            turns = [every[j] for j in self._only if j < len(every)]
        else:
            key = (pos.hash, i)
            if key in self._fail:
                return out
            if i == n - 1 and not self._may_finish(entries):
                return out
            if i == n - 2 and self._ends_with_reply and not self._may_finish_after_reply(entries):
                self._remember_failure(key)
                return out
            turns = rules.turns(pos)
        self.budget.tick()
        side = pos.side
        last = i == n - 1
        name = "white" if side == WHITE else "black"
        left = self.left[i]
        left_side = left[side]
        left_total = left[WHITE] + left[BLACK]
        candidates = self._candidates(entries, side, left_side, left_total)
        if last:
            reached = self._reached
            hits = []
            for t in turns:
                kept, cands = candidates(t)
                if not kept and (not cands or not self._filter(cands, t, side, left_side, left_total)):
                    continue
                pos.make(t)
                hit = reached(pos)
                pos.unmake()
                if hit:
                    hits.append(t)
            for t in self._order(hits):
                leaf = Node(Role.HELP, Turn(rules.describe(pos, t), self.goal.marker), side=name)
                out.append(leaf)
                self._report(leaf)
            if not out:
                self._remember_failure(key)
            return out
        passes = sched.passes_after(i)
        streaming = self.on_line is not None
        stack = self._stack
        # As `LineSearch._early_goal`: a goal other than mate and stalemate
        # reached by a move before the last ends the line there.
        early = self.goal if self.goal.immobile is None and side == sched.sides[-1] else None
        for t in self._order(turns):
            kept, cands = candidates(t)
            child = self._filter(cands, t, side, left_side, left_total) if cands else []
            if kept:
                child = kept + child if child else kept
            elif not child:
                continue
            desc = rules.describe(pos, t) if streaming else None
            undo = self._move_ids(t, side)
            pos.make(t)
            node = None
            try:
                if passes and in_check(pos):
                    continue  # the opponent could not answer this check
                if early is not None and early.reached(rules, pos):
                    continue
                # streaming: the mark now, as the lines below are reported at once
                node = Node(Role.HELP, Turn(desc, self.mark(passes)) if streaming else None, [], side=name)
                stack.append(node)
                if passes:
                    pos.set_state(side, ())
                    try:
                        self._slot(i + 1, child, node.children)
                    finally:
                        pos.unmake()
                else:
                    self._slot(i + 1, child, node.children)
            finally:
                # also when MaxSolutions or the time limit stops the search
                kept_node = node is not None and bool(node.children)
                mark = self.mark(passes) if kept_node and node.turn is None else None
                pos.unmake()
                if node is not None:
                    stack.pop()
                if kept_node:
                    if node.turn is None:
                        node.turn = Turn(rules.describe(pos, t), mark)
                    out.append(node)
                self._unmove_ids(undo)
        if not out:
            self._remember_failure(key)
        return out

    def _may_finish(self, entries) -> bool:
        """Before the mating move: can one move complete a target?  A target
        whose pieces all stand in place may be completed by any move (a
        discovered check); one that lacks a single piece of the mating side
        only by that piece's move to its square (or by castling, which moves
        two); if no such move looks possible on the board (a cheap test,
        generous where unsure), there is no mate, and the move generator is
        spared."""
        pos = self.pos
        board = pos.board
        side = pos.side
        castles = self.castle_bonus[side] and pos.castling & SIDE_RIGHTS[side]
        where = self.where
        pieces = self.pieces
        double = castles or pos.ep
        for t, _, _, opn in entries:
            # The mating move empties one square (two by castling or e.p.).
            if opn > (2 if double else 1):
                continue
            missing = []
            for pid, (tsq, tab, tkind, contact) in t.need.items():
                sq = where[pid]
                if sq != tsq or board[sq] * pieces[pid].side != tkind:
                    missing.append(pid)
            if not missing:
                if opn or t.quiet:
                    return True  # a discovered check, say, or a quiet move
                continue  # the target's checks would be on already
            if any(pieces[pid].side != side for pid in missing):
                continue
            if castles and all(pieces[pid].kind in (KING, ROOK) for pid in missing) and len(missing) <= 2:
                return True
            if len(missing) == 1:
                pid = missing[0]
                tsq, _, tkind, _ = t.need[pid]
                if self._may_move(where[pid], tsq, tkind):
                    return True
        return False

    def _may_finish_after_reply(self, entries) -> bool:
        """Before the mated side's last move: can its move and then the
        mating move complete a target?  Each side may lack at most one piece
        (castling aside), and the mating piece's way must not be barred by a
        piece of its own side nor by two pieces (the reply moves one, or
        captures what stands on the arrival square, when it is free to)."""
        pos = self.pos
        board = pos.board
        mated = pos.side
        if self.castle_bonus[WHITE] or self.castle_bonus[BLACK]:
            return True
        where = self.where
        pieces = self.pieces
        # Two moves empty two squares, three when one is an e.p. capture.
        open_limit = 3 if self.open_bonus else 2
        for t, _, _, opn in entries:
            if opn > open_limit:
                continue
            mine = theirs = None
            dead = False
            for pid, (tsq, tab, tkind, contact) in t.need.items():
                sq = where[pid]
                if sq != tsq or board[sq] * pieces[pid].side != tkind:
                    if pieces[pid].side == mated:
                        if mine is not None:
                            dead = True
                            break
                        mine = pid
                    else:
                        if theirs is not None:
                            dead = True
                            break
                        theirs = pid
            if dead:
                continue
            if theirs is None:
                return True
            frm = where[theirs]
            tsq = t.need[theirs][0]
            p = board[frm]
            if board[tsq] * p > 0 and mine is not None:
                continue  # its own piece stands there, and the reply is taken
            kind = p if p > 0 else -p
            if kind in (BISHOP, ROOK, QUEEN):
                step = DIRECTION[tsq - frm + 119]
                if not step:
                    continue
                blockers = []
                x = frm + step
                while x != tsq:
                    if board[x]:
                        blockers.append(x)
                    x += step
                if len(blockers) > 1 or (blockers and (board[blockers[0]] * p > 0 or (
                        mine is not None and where[mine] != blockers[0]))):
                    continue
            return True
        return False

    def _may_move(self, frm: int, to: int, kind: int) -> bool:
        """Could the piece on frm go to `to` in one move, arriving as `kind`?"""
        board = self.pos.board
        p = board[frm]
        side = 1 if p > 0 else -1
        now = p * side
        if board[to] * side > 0:
            return False
        d = to - frm
        if now == PAWN:
            fwd = 16 * side
            promotes = (to >> 4) == (7 if side == WHITE else 0)
            if (kind != PAWN) != promotes:
                return False
            if d == fwd:
                return not board[to]
            if d == 2 * fwd:
                return (frm >> 4) == (1 if side == WHITE else 6) and not board[frm + fwd] and not board[to]
            if d == fwd - 1 or d == fwd + 1:
                return board[to] * side < 0 or to in self.pos.ep
            return False
        if kind != now:
            return False
        if now == KNIGHT:
            return to in KNIGHT_TARGETS[frm]
        if now == KING:
            return to in KING_TARGETS[frm] or (frm >> 4) == (to >> 4)
        step = DIRECTION[d + 119]
        if not step or (now == ROOK and abs(step) not in (1, 16)) or (now == BISHOP and abs(step) in (1, 16)):
            return False
        return path_clear(board, frm, to, step)

    def _limit(self, side: int, left: int) -> int:
        """How many moves `left` moves of a side can be worth to its pieces:
        one castling moves two of them."""
        return left + self.castle_bonus[side] if left else 0

    def _candidates(self, entries, side: int, left: int, left_total: int):
        """A function splitting, for a move, the entries into those it leaves
        reachable without a closer look (kept, brought up to date) and those
        to look at (`_filter`).

        An entry with a move to spare survives unchanged a move that touches
        none of its pieces or must-be-empty squares; an entry without one
        survives only a move of one of its pieces that brings it closer.
        Deep in the tree, where the lists are short, most moves are cut
        without looking at any entry; near the root, where they are long,
        the entries are indexed by piece and goal, and one count change per
        goal of the moving piece serves all the entries of that goal."""
        limit = self._limit(side, left)
        white = side == WHITE
        pieces = self.pieces
        ids = self.ids
        if len(entries) < 16:
            slack = []
            tight: dict[int, list] = {}
            for entry in entries:
                req = entry[1] if white else entry[2]
                if req <= limit:
                    slack.append(entry)
                else:
                    for pid in entry[0].need:
                        if pieces[pid].side == side:
                            tight.setdefault(pid, []).append(entry)
            if not tight:
                return lambda m: ((), slack)

            def small(m: int):
                frm = m & 127
                more = tight.get(ids[frm])
                if (m >> 14) & 7 == CASTLE:
                    rook = tight.get(ids[(frm & 0x70) | ((m >> 17) & 7)])
                    if rook:
                        more = (more or []) + rook
                if not more:
                    return (), slack
                return (), slack + more if slack else more
            return small
        slack_idx = []
        by_piece: dict[int, dict] = {}
        by_square: dict[int, list] = {}
        track = left_total < OPEN_TRACK
        for i, entry in enumerate(entries):
            if (entry[1] if white else entry[2]) <= limit:
                slack_idx.append(i)
            t = entry[0]
            for pid, (tsq, _, tkind, contact) in t.need.items():
                by_piece.setdefault(pid, {}).setdefault((tsq, tkind, contact), []).append(i)
            if track:
                for sq in t.empties:
                    by_square.setdefault(sq, []).append(i)
        board = self.pos.board
        empty: dict = {}
        # Entries that come from where the openings were not counted get
        # their count here (the move touches none of their squares).
        first_tracked = track and any(entry[3] < 0 for entry in entries)
        open_limit = left_total + min(self.open_bonus, left_total)

        def split(m: int):
            frm = m & 127
            to = (m >> 7) & 127
            flag = (m >> 14) & 7
            mover = ids[frm]
            dead: set = set()   # entries whose piece is captured
            other: set = set()  # entries to look at closely
            if track:
                for sq in (frm, to):
                    if sq in by_square:
                        other.update(by_square[sq])
            if board[to]:
                for group in by_piece.get(ids[to], empty).values():
                    dead.update(group)
            if flag == EN_PASSANT:
                capsq = to - 16 * side
                for group in by_piece.get(ids[capsq], empty).values():
                    dead.update(group)
                if track:
                    other.update(by_square.get(capsq, ()))
            elif flag == CASTLE:
                rf = (frm & 0x70) | ((m >> 17) & 7)
                rt = CASTLE_PATH[(frm, rf)][1]
                if track:
                    for sq in (rf, rt):
                        other.update(by_square.get(sq, ()))
                for group in by_piece.get(ids[rf], empty).values():
                    other.update(group)
            out = []
            moved: set = set()
            goals = by_piece.get(mover)
            if goals:
                kind0 = board[frm] * side
                kind1 = (m >> 17) & 15 if flag == PROMOTION else kind0
                natural = kind0 == pieces[mover].kind and flag != PROMOTION
                tables = self.tables[mover]
                for (tsq, tkind, contact), group in goals.items():
                    if natural:
                        tab = tables[tkind]
                        new = tab[to * 128 + tsq]
                        old = tab[frm * 128 + tsq]
                    else:
                        new = self._tab(mover, kind1, tkind)[to * 128 + tsq]
                        old = self._tab(mover, kind0, tkind)[frm * 128 + tsq]
                    if contact:
                        if frm == tsq and kind0 == tkind:
                            old = contact
                        if to == tsq and kind1 == tkind and left:
                            new = contact
                    delta = new - old
                    moved.update(group)
                    for i in group:
                        if i in other or i in dead:
                            continue
                        entry = entries[i]
                        t, rw, rb, opn = entry
                        if white:
                            if rw + delta <= limit:
                                out.append((t, rw + delta, rb, opn) if delta else entry)
                        elif rb + delta <= limit:
                            out.append((t, rw, rb + delta, opn) if delta else entry)
            if moved or other or dead:
                out.extend(entries[i] for i in slack_idx
                           if i not in moved and i not in other and i not in dead)
            else:
                out.extend(entries[i] for i in slack_idx)
            if first_tracked:
                out = self._count_openings(out, open_limit)
            return out, [entries[i] for i in other if i not in dead]
        return split
