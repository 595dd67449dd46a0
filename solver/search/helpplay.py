"""Help and series play: every line of half-moves that reaches the goal.

A stipulation of this kind is a fixed schedule of half-moves ("slots"), each
played by a given side, followed by a final test:
- h#n: Black, White, ... (2n slots); the last slot's move must mate;
- h#n.5: White first (2n+1 slots);
- hs#n: help play for 2n slots, then the side to move must be forced to
  deliver the goal (it has moves and every one of them does);
- ser-h#n: n Black slots, then White mates; ser-#n: n White slots, the last
  mates; ser-s#n: n White slots, then Black is forced to mate;
- ser-hs#n: n Black slots, one White slot, then Black is forced to mate;
- hr#n (as hs#n) and ser-r#n (as ser-s#n) end in a reflex end: the side
  to move must have a move that delivers the goal, and those moves are the
  line's end (Popeye's semi-reflex end); the other side may never be able to
  deliver the goal itself where it is to move (Popeye's reflex constraint,
  tested before each of its moves, the first included).
An end other than a goal move ('forced', 'reflex') is tested after each move
of the side that plays the last slot: where it holds before the last slot
the line stops there (Popeye's STEndOfBranchForced: the play must end
there; the shorter line is found at its own length).
In a series the opponent "passes" between two series moves, so a series
move followed by another may not give check (the opponent could not answer
it); the last one may, the other side's next move must then answer it.

Since all lines are wanted, nothing is cut on success; the memo keeps only
failures: (position key, slot) from which no line reaches the goal.  It is
bounded by the memory budget (`Budget.entries`); a full memo forgets its
older half.  At the
last slot of a mate goal the rules' `mating_turns` gives the mating turns
at once (only checking turns can mate; a condition may find them faster
than by playing every turn).
"""

from __future__ import annotations

from dataclasses import dataclass

from collections.abc import Callable

from solver.base.budget import SEARCH_SHARE, Budget, drop_oldest_half
from solver.model.record import print_order
from solver.model.tree import Node, Role, Turn, components_order
from solver.search.goals import LIMITED, Goal, as_goal

# Bytes an entry of the failure memo costs (a (key, slot) tuple and the
# dict's slot: 193 measured over a million entries).  The default budget
# allows about 3 million: bench/t6's brute-force h#4 needs some 2.5 million.
FAIL_ENTRY_BYTES = 200


# Schedule.final of reciprocal help play: the end of `ReciprocalSearch`
RECIPROCAL = "reciprocal"
# Schedule.final of hs#, ser-s#, ser-hs#: the side to move must deliver the goal with every move
FORCED = "forced"
# Schedule.final of hr#, ser-r#: the side to move has a move that delivers the goal (all
# of them end the line), and the other side may never deliver it where it is to move
REFLEX = "reflex"
# the finals after whose last slot the other side plays one more move (the line's end)
MOVE_ENDS = frozenset({FORCED, REFLEX})


class EnoughSolutions(Exception):
    """MaxSolutions reached: the search stops, what was found stands."""


@dataclass(frozen=True)
class Schedule:
    """Who plays each slot and how play ends.

    `sides[i]` is +1 (white) or -1 (black); `final` is 'goal' (the last
    slot's move reaches it) or FORCED (after the last slot, the side to
    move must deliver the goal with every move) or REFLEX (after the last
    slot, the side to move has moves that deliver it, and the other side
    could deliver it at none of its slots) or RECIPROCAL (the end of
    reciprocal help play, `ReciprocalSearch`: `to_move` plays it).  A slot followed by a slot
    of the same side is a series move: the opponent passes in between.
    """

    sides: tuple[int, ...]
    final: str = "goal"
    # who moves first when `sides` is empty (the forced end alone: the set
    # play of ser-s#n, or a set play's shortest line in hs#n)
    to_move: int = 0
    # parry series (pser-h, phser-): a series move that checks is answered by
    # any legal move of the opponent (a help move, not a slot of its own)
    parry: bool = False
    # REFLEX, the first schedule of a section: where the side to move could
    # deliver the goal at the first slot already, its moves that do are shown,
    # marked ' ?!?' (Role.FORCED), as Popeye shows a constraint violated in the
    # diagram (`1.Sg5-f7 # ?!?`); they are no solution
    show_forced: bool = False
    # FORCED or REFLEX as Popeye's STEndOfBranchForced (hs#, hr#, ser-s#, ser-r#; not
    # ser-hs#, whose series ends plainly): the end is tested at each position before
    # the last slot where its side is to move (the diagram, if that side starts; after
    # each slot of the other side), and where it holds the line stops there (the
    # shorter line is found at its own length)
    ends_early: bool = False
    # the first slots that are not of that play but before it (m-> introductory
    # moves, which end plainly): the end is not tested there
    plain_start: int = 0

    @property
    def first(self) -> int:
        """The side that moves first."""
        return self.sides[0] if self.sides else self.to_move

    @property
    def ends_with_move(self) -> bool:
        """Does the other side play one more move after the last slot (FORCED, REFLEX)?"""
        return self.final in MOVE_ENDS

    def passes_after(self, i: int) -> bool:
        if i + 1 < len(self.sides):
            return self.sides[i + 1] == self.sides[i]
        # the last series move before a reciprocal end that its own side plays
        return self.final == RECIPROCAL and self.sides[i] == self.to_move


def help_schedule(first: int, half_moves: int, final: str = "goal") -> Schedule:
    return Schedule(tuple(first if i % 2 == 0 else -first for i in range(half_moves)), final, first)


def help_schedules(first: int, half_moves: int, final: str = "goal") -> tuple[Schedule, ...]:
    """The help play of `half_moves` and its shorter forms, shortest first:
    Popeye prints every shorter solution of help play too (h#3: h#1, h#2,
    h#3; h#2.5: h#0.5...), each shorter by a whole move and starting with
    the same side.  A 'goal' line needs at least one half-move."""
    low = 1 if final == "goal" else 0
    return tuple(help_schedule(first, h, final) for h in range(half_moves, low - 1, -2))[::-1]


def series_schedule(side: int, moves: int, then_other: bool, final: str = "goal") -> Schedule:
    """`moves` series moves by `side`; then, with `then_other`, one move of
    the other side (ser-h#: it reaches the goal; ser-hs#: the forced end follows)."""
    return Schedule((side,) * moves + ((-side,) if then_other else ()), final)


class LineCollector:
    """What the help-play searches share (this one and the intelligent
    search): the solution count against MaxSolutions, the mark of a move
    just played, the bounded memo of positions that failed, the `only`
    restriction of the first turns, and the report of each line found.

    `on_line`, when set, is called with each line (its nodes, root first)
    as soon as its last move is found; for that the moves on the way down
    get their text and mark when played (`_stack`), not when the search
    comes back up.  Then, and under MaxSolutions (which keeps the first
    lines found), both searches play the turns of every slot in print order
    (`record.print_order`), so that the lines come in the order they are
    printed; otherwise the order does not matter (the trie is sorted
    afterwards) and sorting, about a tenth of the search's time, is saved."""

    def __init__(self, rules, pos, schedule: Schedule, budget: Budget,
                 max_solutions: int | None = None) -> None:
        self.rules = rules
        self.pos = pos
        self.schedule = schedule
        self.budget = budget
        self.max_solutions = max_solutions
        self.solutions = 0
        # (key, slot) of the positions known to fail, in insertion order (a
        # dict used as an ordered set, so that the oldest can be dropped)
        self._fail: dict = {}
        self._fail_limit = budget.entries(SEARCH_SHARE, FAIL_ENTRY_BYTES)
        rules.bound_caches(budget)
        self._only: list[int] | None = None
        self.on_line: Callable[[tuple[Node, ...]], None] | None = None
        self._stack: list[Node] = []  # the nodes of the moves played above this slot

    def _order(self, turns: list) -> list:
        """The turns in the order to play them (see the class docstring)."""
        if self.on_line is None and self.max_solutions is None:
            return turns
        return print_order(self.rules, self.pos, turns)

    def _report(self, leaf: Node) -> None:
        """A line ends with `leaf`: tell `on_line`, then count it."""
        if self.on_line is not None:
            self.on_line(tuple(self._stack) + (leaf,))
        self._found()

    def _found(self) -> None:
        self.solutions += 1
        if self.max_solutions is not None and self.solutions >= self.max_solutions:
            raise EnoughSolutions()

    def mark(self, passes: bool = False) -> str:
        """The mark of a move just played that is not the goal move: '#',
        '=', '+' or '' (a move before the last cannot leave the opponent
        without a move, but a set play's may).  With `passes` (a series
        move: the opponent does not answer it) none: such a move gives no
        check, and the opponent's having no move is no stalemate, since it
        does not have to move (Popeye prints `1.Kc6-b6   2.Qd6-f8 #`, where
        Black has no move after 1.Kc6-b6)."""
        if passes:
            return ""
        pos, rules = self.pos, self.rules
        if not rules.has_turn(pos):
            return "#" if rules.mate_check(pos) else "="
        return "+" if rules.in_check(pos) else ""

    def goal_mark(self, goal: Goal) -> str:
        """The mark of the goal move just played (it reached `goal`)."""
        if goal.immobile is not None:
            return self.mark()
        return goal.mark(self.rules, self.pos, True)

    def _goal_leaves(self, hits: list, goal: Goal, out: list[Node], role: Role = Role.HELP) -> None:
        """Append to `out` the leaves of `hits`, moves of the side to move that
        reach `goal`, in print order, each marked and reported as found."""
        pos, rules = self.pos, self.rules
        side = _side(pos.side)
        for t in self._order(hits):
            desc = rules.describe(pos, t)
            rules.play(pos, t)
            leaf = Node(role, Turn(desc, self.goal_mark(goal)), side=side)
            rules.undo(pos, t)
            out.append(leaf)
            self._report(leaf)

    def _remember_failure(self, key) -> None:
        if key is None:
            return
        if len(self._fail) >= self._fail_limit:
            drop_oldest_half(self._fail)
        self._fail[key] = None


class LineSearch(LineCollector):
    def __init__(self, rules, pos, schedule: Schedule, goal: Goal | str, budget: Budget,
                 max_solutions: int | None = None) -> None:
        super().__init__(rules, pos, schedule, budget, max_solutions)
        self.goal = as_goal(goal)
        # what the failure memos key on: the position (and what the goal reads of the moves played)
        self._key = self.goal.memo_key(rules)
        # a goal that may become unreachable on the way (castling): tested at each slot
        self._limited = self.goal.symbol in LIMITED and schedule.final == "goal"
        sides, ends = schedule.sides, schedule.ends_with_move
        # the slots of the side that plays the last one: under REFLEX that side may
        # not be able to deliver the goal itself where it is to play one (`_obliged`);
        # with `ends_early`, the end is tested after each of them but the last
        self._obliged = tuple(schedule.final == REFLEX and s == sides[-1] for s in sides)
        early, start = ends and schedule.ends_early, schedule.plain_start
        self._early_end = tuple(early and s == sides[-1] and start <= i < len(sides) - 1
                                for i, s in enumerate(sides))
        # ... and in the diagram, where the end's side starts (hs#n.5, hr#n.5)
        self._early_end_first = bool(early and sides and start == 0 and sides[0] != sides[-1])

    def goal_reached(self) -> bool:
        return self.goal.reached(self.rules, self.pos)

    def mark(self, passes: bool = False) -> str:
        """As `LineCollector.mark`; but where the goal's last move may be played
        by a side that has no legal move (`Goal.self_check`: a counter-mate
        answers a mate), a move before it that leaves no move is marked as a
        check only, as Popeye marks it ('3.Da5-c5 + Kc8-b7 ##!')."""
        if self.goal.self_check and not passes:
            return "+" if self.rules.in_check(self.pos) else ""
        return super().mark(passes)

    def solve(self, out: list[Node] | None = None, only: list[int] | None = None) -> list[Node]:
        """All lines, as a trie of nodes appended to `out` as they are found
        (MaxSolutions or a time limit keep what was found); the position must
        have the first slot's side to move.  `only`: look at these first turns
        alone (indices in generation order), to share the work among processes."""
        if self.pos.side != self.schedule.first:
            raise ValueError("the side to move does not match the schedule")
        out = [] if out is None else out
        self._only = only
        if self._early_end_first and self._end_turns():
            return out   # the end holds in the diagram: only the line without moves (its own length)
        try:
            self._slot(0, out)
        except EnoughSolutions:
            pass
        return out

    def _slot(self, i: int, out: list[Node]) -> list[Node]:
        """Fill `out` with the lines from slot i on; return it."""
        sched = self.schedule
        pos, rules = self.pos, self.rules
        last = i == len(sched.sides) - 1
        if i == len(sched.sides):
            return self._end(out)
        turns = None  # the first slot's turns, when restricted to `only`
        key = None
        if i == 0 and self._only is not None:
            every = rules.turns(pos)
            turns = [every[j] for j in self._only if j < len(every)]
            if not turns:
                return out
        else:
            key = (self._key(pos), i)
            if key in self._fail:
                return out
        self.budget.tick()
        side = pos.side
        if self._limited and not self.goal.possible(pos, sched.sides[-1]):
            self._remember_failure(key)
            return out
        if self._obliged[i] and self._has_goal_turn():
            # reflex play: the side to move could deliver the goal itself, so it must
            if i == 0 and sched.show_forced:
                self._violations(out)
            self._remember_failure(key)
            return out
        passes = sched.passes_after(i)
        final_goal = last and sched.final == "goal"
        if final_goal:
            goal = self.goal
            tick = self.budget.tick  # a goal test each (a costly one under a condition)
            if turns is None:
                hits = goal.reaching_turns(rules, pos, tick)
            else:
                hits = []
                for t in turns:
                    tick()
                    rules.play(pos, t)
                    if goal.reached(rules, pos):
                        hits.append(t)
                    rules.undo(pos, t)
            self._goal_leaves(hits, goal, out)
            if not out:
                self._remember_failure(key)
            return out
        streaming = self.on_line is not None
        stack = self._stack
        # Popeye: a move of the side that is to reach the goal ends the play
        # when it reaches it already (a shorter solution, found at its own
        # length): the line does not go on.  (Mate and stalemate end it anyway.)
        early = self._early_goal(i)
        # a move end (hs#, ser-s#, hr#, ser-r#) that holds after this slot's move ends the line
        early_end = self._early_end[i]
        for t in self._order(rules.turns(pos) if turns is None else turns):
            desc = rules.describe(pos, t) if streaming else None
            rules.play(pos, t)
            try:
                # a check the opponent cannot answer, unless parry series
                checks = passes and rules.in_check(pos)
                if checks and not sched.parry:
                    continue
                if early is not None and early.reached(rules, pos):
                    continue
                if early_end and self._end_turns():
                    continue
                quiet = passes and not checks  # the opponent passes: no mark
                # streaming: the mark now, as the lines below are reported at once
                node = Node(Role.HELP, Turn(desc, self.mark(quiet)) if streaming else None, side=_side(side))
                out.append(node)
                stack.append(node)
                try:
                    if checks:
                        self._parried(i, node.children)
                    elif passes:
                        pos.set_state(side, ())
                        try:
                            self._slot(i + 1, node.children)
                        finally:
                            pos.unmake()
                    else:
                        self._slot(i + 1, node.children)
                finally:
                    # also when MaxSolutions or the time limit stops the search: keep what was found
                    self._close(node, out, t, quiet)
            finally:
                rules.undo(pos, t)
        if not out:
            self._remember_failure(key)
        return out

    def _close(self, node: Node, out: list[Node], t, quiet: bool = False) -> None:
        """After the lines below `node` (turn t, still played): drop it from
        `out` if none was found, else give it its text and mark where the
        search did not stream them (`mark(quiet)`)."""
        pos, rules = self.pos, self.rules
        self._stack.pop()
        if not node.children:
            out.pop()
        elif node.turn is None:
            mark = self.mark(quiet)
            rules.undo(pos, t)
            node.turn = Turn(rules.describe(pos, t), mark)
            rules.play(pos, t)

    def _parried(self, i: int, out: list[Node]) -> list[Node]:
        """Series slot i's move, just played, checks the opponent, who parries it
        with any legal move (parry series); then slot i + 1.  The line goes
        on through each parry, as Popeye's: '3.Qh1-c1 + Sd5-f4   4.Qc1-c6 +'."""
        pos, rules, stack = self.pos, self.rules, self._stack
        streaming = self.on_line is not None
        side = pos.side
        for p in self._order(rules.turns(pos)):
            desc = rules.describe(pos, p) if streaming else None
            rules.play(pos, p)
            try:
                node = Node(Role.HELP, Turn(desc, self.mark()) if streaming else None, side=_side(side))
                out.append(node)
                stack.append(node)
                try:
                    self._slot(i + 1, node.children)
                finally:
                    self._close(node, out, p)
            finally:
                rules.undo(pos, p)
        return out

    def _early_goal(self, i: int) -> Goal | None:
        """The goal, where slot i (not the last) is played by the side that
        reaches it and the goal can be reached before the end (not mate or
        stalemate, after which the other side has no move; not a nested
        branch: `Goal.ends_play`); else None."""
        sched, goal = self.schedule, self.goal
        if goal.immobile is not None or not goal.ends_play or sched.final != "goal" \
                or sched.sides[i] != sched.sides[-1]:
            return None
        return goal

    def _end(self, out: list[Node]) -> list[Node]:
        """After the schedule's last slot: the move end (`_forced`); a
        subclass ends play otherwise (`ReciprocalSearch`)."""
        return self._forced(out)

    def _forced(self, out: list[Node]) -> list[Node]:
        """After the schedule (hs#, ser-s#, ser-hs#; hr#, ser-r#): the moves
        that end the line (`_end_turns`) are its last; a position where the
        end does not hold is remembered."""
        key = (self._key(self.pos), len(self.schedule.sides))
        if key in self._fail:
            return out
        turns = self._end_turns()
        if turns:
            return self._forced_found(out, turns)
        self._remember_failure(key)
        return out

    def _end_turns(self) -> list:
        """The moves of the side to move that end the line here, or none where
        the end does not hold: FORCED, every move, where it has moves and each
        delivers the goal (every move is tested before any is described: the
        first that fails ends it); REFLEX, those of its moves that deliver it."""
        pos, rules = self.pos, self.rules
        goal = self.goal
        tick = self.budget.tick
        if self.schedule.final == REFLEX:
            return goal.reaching_turns(rules, pos, tick)
        turns = rules.turns(pos)
        for t in turns:
            tick()  # each turn is a goal test: under a condition, a costly one
            rules.play(pos, t)
            hit = goal.reached(rules, pos)
            rules.undo(pos, t)
            if not hit:
                return []
        return turns

    def _violations(self, out: list[Node]) -> None:
        """The diagram breaks the reflex constraint: the moves of the side to
        move that deliver the goal, as lines of their own (Role.FORCED), in
        print order; not counted as solutions."""
        pos, rules = self.pos, self.rules
        side = _side(pos.side)
        for t in self._order(self.goal.reaching_turns(rules, pos, self.budget.tick)):
            desc = rules.describe(pos, t)
            rules.play(pos, t)
            leaf = Node(Role.FORCED, Turn(desc, self.goal_mark(self.goal)), side=side)
            rules.undo(pos, t)
            out.append(leaf)
            if self.on_line is not None:
                self.on_line((leaf,))

    def _has_goal_turn(self) -> bool:
        """Has the side to move a turn that delivers the goal?"""
        pos, rules, goal, tick = self.pos, self.rules, self.goal, self.budget.tick
        if goal.immobile is True:
            return bool(rules.mating_turns(pos))
        for t in goal.candidates(rules, pos):
            tick()
            rules.play(pos, t)
            hit = goal.reached(rules, pos)
            rules.undo(pos, t)
            if hit:
                return True
        return False

    def _forced_found(self, out: list[Node], turns: list) -> list[Node]:
        """Every one of `turns` delivers the goal: they end the line."""
        pos, rules = self.pos, self.rules
        side = pos.side
        nodes = []
        for t in turns:
            desc = rules.describe(pos, t)
            rules.play(pos, t)
            mark = self.goal_mark(self.goal)
            rules.undo(pos, t)
            nodes.append(Node(Role.HELP, Turn(desc, mark), side=_side(side)))
        nodes.sort(key=lambda n: components_order(n.turn.components))
        out.extend(nodes)
        if self.on_line is not None:
            for leaf in nodes:
                self.on_line(tuple(self._stack) + (leaf,))
        self._found()
        return out


class ReciprocalSearch(LineSearch):
    """Reciprocal help play, reci-h(G1)G2 n and ser-reci-h(G1)G2 n.

    The schedule's moves (help or series play; `final` 'reciprocal') lead
    to a position where `schedule.to_move` (Black, in Popeye) is to move
    and both hold: it reaches G1 (`reci_goal`) with one move of its own,
    and, helped, reaches G2 (`goal`): one move of its own, then the other
    side's move that reaches G2.  Popeye's reciprocal end is an 'and' of
    the two whose first is tested before the second is solved: it prints
    every line of G2 (Black's move and White's), then Black's G1 moves
    (`Role.RECIPROCAL`, which the trie's order puts after the others).
    Unlike a goal, an end met before the last move does not stop a line:
    Popeye prints the longer lines through it too (tested on help and
    series play alike)."""

    def __init__(self, rules, pos, schedule: Schedule, goal: Goal | str, reci_goal: Goal | str,
                 budget: Budget, max_solutions: int | None = None) -> None:
        super().__init__(rules, pos, schedule, goal, budget, max_solutions)
        self.reci_goal = as_goal(reci_goal)

    def _helped(self) -> list:
        """(turn, the other side's turns reaching G2 after it) for each turn
        of the side to move that has some, in print order."""
        pos, rules, goal, tick = self.pos, self.rules, self.goal, self.budget.tick
        pairs = []
        for t in self._order(rules.turns(pos)):
            tick()
            rules.play(pos, t)
            try:
                hits = goal.reaching_turns(rules, pos, tick)
            finally:
                rules.undo(pos, t)
            if hits:
                pairs.append((t, hits))
        return pairs

    def _end(self, out: list[Node]) -> list[Node]:
        pos, rules = self.pos, self.rules
        key = (self._key(pos), len(self.schedule.sides))
        if key in self._fail:
            return out
        self.budget.tick()
        own = self.reci_goal.reaching_turns(rules, pos, self.budget.tick)
        pairs = self._helped() if own else []
        if not pairs:
            self._remember_failure(key)
            return out
        side = _side(pos.side)
        for t, hits in pairs:
            desc = rules.describe(pos, t)
            rules.play(pos, t)
            try:
                node = Node(Role.HELP, Turn(desc, self.mark()), side=side)
                out.append(node)
                self._stack.append(node)
                try:
                    self._goal_leaves(hits, self.goal, node.children)
                finally:
                    self._stack.pop()
            finally:
                rules.undo(pos, t)
        self._goal_leaves(own, self.reci_goal, out, Role.RECIPROCAL)
        return out


def _side(side: int) -> str:
    return "white" if side > 0 else "black"
