"""Intelligent helpmate solving: search only towards reachable mates.

`solve_help_intelligent` finds exactly the solutions `LineSearch` finds
(orthodox h#n, h#n.5, ser-h#n), far faster. It first enumerates the mate
*targets* (`solver.intelligent_targets`): partial final positions such that
every mate the play could reach contains one. Then it searches the help
play as `LineSearch` does, but carries down each node the targets still
reachable: a target is dropped when one of its pieces is captured, when its
pieces need more moves (empty-board counts, `solver.intelligent_distance`)
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

from .board import BLACK, KING, PAWN, SIDE_RIGHTS, WHITE
from .budget import Budget
from .helpplay import EnoughSolutions, Schedule, MEMO_LIMIT
from .intelligent_distance import table
from .intelligent_targets import MateTargets
from .move import CASTLE, EN_PASSANT, PROMOTION
from .board import CASTLE_PATH
from .tree import Node, Role, Turn


def solve_help_intelligent(rules, pos, schedule: Schedule, goal: str, budget: Budget,
                           max_solutions: int | None = None) -> list[Node] | None:
    """The solution trie of a help or series play ending in mate, or None when
    the problem is outside what this solver handles (the caller then runs
    `LineSearch`): fairy pieces or conditions, goals other than mate, a
    forced end (hs#), a mated side without a king."""
    if goal != "#" or schedule.final != "goal" or not schedule.sides:
        return None
    if type(rules).__name__ != "Rules" or rules.extra_moves or rules.move_filters or rules.key_parts:
        return None
    if pos.fairy or pos.side != schedule.sides[0]:
        return None
    mating = schedule.sides[-1]
    if pos.kings[-mating] < 0:
        return None
    search = IntelligentSearch(rules, pos, schedule, budget, max_solutions)
    out: list[Node] = []
    search.solve(out)
    return out


class _Target:
    __slots__ = ("need", "empties")

    def __init__(self, need: dict, empties: frozenset) -> None:
        self.need = need        # piece id -> (square, its moves table, final kind)
        self.empties = empties  # squares that must end empty


class IntelligentSearch:
    def __init__(self, rules, pos, schedule: Schedule, budget: Budget,
                 max_solutions: int | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.schedule = schedule
        self.budget = budget
        self.max_solutions = max_solutions
        self.solutions = 0
        self._fail: set = set()
        sides = schedule.sides
        n = len(sides)
        # left[i][side]: moves `side` still has after the move of slot i.
        self.left = []
        for i in range(n):
            rest = sides[i + 1:]
            self.left.append({WHITE: rest.count(WHITE), BLACK: rest.count(BLACK)})
        moves = {WHITE: sides.count(WHITE), BLACK: sides.count(BLACK)}
        mating = sides[-1]
        gen = MateTargets(pos, -mating, moves, budget)
        self.pieces = gen.pieces
        self.tables = gen.tables
        self.ids = [-1] * 128
        for pc in self.pieces:
            self.ids[pc.square] = pc.id
        self.castle_bonus = {s: 1 if pos.castling & SIDE_RIGHTS[s] else 0 for s in (WHITE, BLACK)}
        self.open_bonus = gen.open_bonus
        targets = [_Target({pid: (sq, self.tables[pid][kind], kind) for pid, kind, sq in t.pieces},
                           t.empties)
                   for t in gen.generate()]
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
            for pid, (sq, tab, kind) in t.need.items():
                req[self.pieces[pid].side] += tab[where[pid] * 128 + sq]
            opn = sum(1 for e in t.empties if board[e])
            if (req[WHITE] <= moves[WHITE] + self.castle_bonus[WHITE]
                    and req[BLACK] <= moves[BLACK] + self.castle_bonus[BLACK]
                    and opn <= moves[WHITE] + moves[BLACK] + self.open_bonus):
                out.append((t, req[WHITE], req[BLACK], opn))
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
        limit = left + self.castle_bonus[side]
        open_limit = left_total + self.open_bonus
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
                tsq, tab, tkind = tgt
                if kind0 != moved_kind or promoted:
                    side_tab = self._tab
                    req += (side_tab(mover, kind1, tkind)[b + tsq]
                            - side_tab(mover, kind0, tkind)[a + tsq])
                else:
                    req += tab[b + tsq] - tab[a + tsq]
            if rook >= 0:
                tgt = need.get(rook)
                if tgt is not None:
                    tsq, tab, tkind = tgt
                    req += tab[rt * 128 + tsq] - tab[rf * 128 + tsq]
            if req > limit:
                continue
            e = t.empties
            if e:
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
        pid = undo[0][1]
        ids[frm] = -1
        ids[to] = pid
        return undo

    def _unmove_ids(self, undo) -> None:
        ids = self.ids
        for sq, pid in reversed(undo):
            ids[sq] = pid

    # ------------------------------------------------------------- search

    def solve(self, out: list[Node]) -> list[Node]:
        if not self.root:
            return out
        try:
            self._slot(0, self.root, out)
        except EnoughSolutions:
            pass
        return out

    def _found(self) -> None:
        self.solutions += 1
        if self.max_solutions is not None and self.solutions >= self.max_solutions:
            raise EnoughSolutions()

    def _mark(self) -> str:
        pos, rules = self.pos, self.rules
        check = rules.in_check(pos)
        if not rules.has_turn(pos):
            return "#" if check else "="
        return "+" if check else ""

    def _slot(self, i: int, entries, out: list[Node]) -> list[Node]:
        sched = self.schedule
        pos, rules = self.pos, self.rules
        n = len(sched.sides)
        key = (pos.hash, i)
        if key in self._fail:
            return out
        self.budget.tick()
        side = pos.side
        last = i == n - 1
        name = "white" if side == WHITE else "black"
        left = self.left[i]
        left_side = left[side]
        left_total = left[WHITE] + left[BLACK]
        candidates = self._candidates(entries, side, left_side)
        if last:
            for t in rules.turns(pos):
                cands = candidates(t)
                if not cands or not self._filter(cands, t, side, left_side, left_total):
                    continue
                rules.play(pos, t)
                hit = rules.in_check(pos) and not rules.has_turn(pos)
                rules.undo(pos, t)
                if hit:
                    desc = rules.describe(pos, t)
                    rules.play(pos, t)
                    out.append(Node(Role.HELP, Turn(desc, self._mark()), side=name))
                    rules.undo(pos, t)
                    self._found()
            if not out:
                self._remember(key)
            return out
        passes = sched.passes_after(i)
        for t in rules.turns(pos):
            cands = candidates(t)
            if not cands:
                continue
            child = self._filter(cands, t, side, left_side, left_total)
            if not child:
                continue
            desc = rules.describe(pos, t)
            undo = self._move_ids(t, side)
            rules.play(pos, t)
            try:
                if passes and rules.in_check(pos):
                    continue
                node = Node(Role.HELP, Turn(desc, ""), side=name)
                out.append(node)
                try:
                    if passes:
                        pos.set_state(side, ())
                        try:
                            self._slot(i + 1, child, node.children)
                        finally:
                            pos.unmake()
                    else:
                        self._slot(i + 1, child, node.children)
                finally:
                    if node.children:
                        node.turn = Turn(desc, self._mark())
                    else:
                        out.pop()
            finally:
                rules.undo(pos, t)
                self._unmove_ids(undo)
        if not out:
            self._remember(key)
        return out

    def _candidates(self, entries, side: int, left: int):
        """A function giving, for a move, the entries that may survive it: those
        with a move to spare, and those without whose piece makes the move
        (moving it closer is the only way to keep them). Most moves deep in
        the tree are cut here without looking at any entry."""
        limit = left + self.castle_bonus[side]
        white = side == WHITE
        slack = []
        tight: dict[int, list] = {}
        for entry in entries:
            req = entry[1] if white else entry[2]
            if req <= limit:
                slack.append(entry)
            else:
                for pid in entry[0].need:
                    if self.pieces[pid].side == side:
                        tight.setdefault(pid, []).append(entry)
        if not tight:
            return lambda m: slack
        ids = self.ids

        def candidates(m: int):
            frm = m & 127
            more = tight.get(ids[frm])
            if (m >> 14) & 7 == CASTLE:
                rook = tight.get(ids[(frm & 0x70) | ((m >> 17) & 7)])
                if rook:
                    more = (more or []) + rook
            if not more:
                return slack
            return slack + more if slack else more
        return candidates

    def _remember(self, key) -> None:
        if len(self._fail) > MEMO_LIMIT:
            self._fail.clear()
        self._fail.add(key)
