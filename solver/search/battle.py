"""Battle play: direct (#n, =n), self (s#n, s=n), reflex (r#n, r=n), semi-reflex.

The attacker (the side that starts) tries to reach the goal within n of
its moves against any defence.  What "reaching the goal" means differs:

- direct: the attacker's move mates (stalemates) the defender;
- self: the defender is forced to mate (stalemate) the attacker: the
  defender's move delivers the goal, and after the attacker's n-th move
  every defender move does;
- reflex: as self, and a side that can deliver the goal in one must do so
  (the defender's obligation ends play in the attacker's favour, the
  attacker's obligation is a failure for it);
- semi-reflex: only the defender is under that obligation.

Option Quodlibet (Popeye's options/quodlibet.c, for self, reflex and
semi-reflex play): the attacker also wins by reaching the goal itself, at
any of its moves, as in direct play (`s#2`: a direct mate in 1 or 2 is a
solution too); a reflex attacker's own goal move is then a win, not the
failure its obligation makes it.

Two memo tables, keyed by `rules.key(pos)`, hold what is known of each
position as a bracket [longest length known to fail, shortest length known
to win]: `_win` for positions with the attacker to move, `_lose` for
positions with the defender to move.  Each is bounded by the memory budget
(`Budget.entries`); a full one forgets its older half.  Everything the tree builder asks
(keys, refutations, shortest continuations, threats) goes through them, so
the tree costs little beyond the proof.

The tree follows Popeye's rules for what it prints:
- keys: every first move that wins within n (shorter ones included, each
  with the tree of its shortest win); tries (Option Try): moves refuted by
  at most `Defence` defences (in reflex play a refutation leaving the
  attacker a goal move shows that move, which it would have to play);
- after an attacker's move that leaves play to the defender: the threat
  (the shortest win if the defender could pass; not computed when the
  defender is in check) or 'zugzwang'; then each defence with the
  attacker's shortest continuations, except defences that are answered by
  the threat anyway: a defence is shown when its shortest answer is longer
  than the threat, or as long as the threat and at least one threat move no
  longer works; a defence allowing a shorter win than the threat is not
  shown.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.budget import SEARCH_SHARE, Budget, drop_oldest_half
from solver.engine.movegen import plausible
from solver.model.record import pass_effects, print_order
from solver.model.tree import Node, Role, Turn, sort_siblings
from solver.search.goals import Goal, as_goal

DIRECT = "direct"
SELF = "self"
# the defender's moves in a tree
_DEFENCES = frozenset({Role.VARIATION, Role.REFUTATION, Role.SET})
REFLEX = "reflex"
SEMI_REFLEX = "semi-reflex"

_INF = 1 << 30
# Bytes an entry of `_win` or `_lose` costs (an int key, a list of two, the
# dict's slot: 170 measured over a million entries).
MEMO_ENTRY_BYTES = 180


def side_name(side: int) -> str:
    return "white" if side > 0 else "black"


def _completer(nodes: list[Node], on_found: Callable[[Node], None] | None):
    """What a first-level node goes through once its tree is complete: its
    children sorted into print order, then kept in `nodes` and reported."""

    def complete(node: Node) -> None:
        sort_siblings(node.children)
        nodes.append(node)
        if on_found is not None:
            on_found(node)

    return complete


def _squares_of(turn):
    """A turn as its squares and promotion, its flag bits aside (an int; a
    turn of several moves, as it is)."""
    return turn & ~(7 << 14) if turn.__class__ is int else turn


class Battle:
    def __init__(self, rules, pos, play: str, goal: Goal | str, budget: Budget, *,
                 threat_max: int | None = None, no_threat: bool = False,
                 no_short_variations: bool = False, mates_in_1: bool = False,
                 quodlibet: bool = False) -> None:
        if play not in (DIRECT, SELF, REFLEX, SEMI_REFLEX):
            raise ValueError(play)
        self.rules = rules
        self.pos = pos
        self.play = play
        self.goal = goal = as_goal(goal)
        # mate (True) and stalemate (False) are tested inline on the hot path
        self._immobile = goal.immobile
        self.budget = budget
        self.threat_max = threat_max
        self.no_threat = no_threat
        self.no_short_variations = no_short_variations
        # Popeye's Option MatesIn1: in self play, a defence that delivers the
        # goal at once is shown even where longer play was possible
        self.mates_in_1 = mates_in_1
        self._win: dict = {}
        self._lose: dict = {}
        # what a memo entry is keyed by: the position (a search with state of
        # its own, solver.search.nontrivial, adds it)
        self._memo_key = goal.memo_key(rules)
        # each table's bound: half the search's share of the memory budget
        self._memo_limit = budget.entries(SEARCH_SHARE / 2, MEMO_ENTRY_BYTES)
        rules.bound_caches(budget)
        # killer defences: the last refutation found with k attacker moves
        # left; it usually refutes the next attacker move too
        self._killer: dict[int, object] = {}
        # and the last winning attacker move found with n moves left
        self._best: dict[int, object] = {}
        self._direct = play == DIRECT
        # the attacker's own goal move wins: direct play, and Quodlibet
        self._quodlibet = quodlibet and not self._direct
        self._attacker_goal = self._direct or self._quodlibet
        self._obliged_defender = play in (REFLEX, SEMI_REFLEX)
        self._obliged_attacker = play == REFLEX and not quodlibet
        # Killers tested before the defences are generated, where the variant
        # allows it (`killer_test`: orthodox walks, a turn is one move), and
        # not where the defender must take a goal move (reflex play) before
        # anything else.
        self._quick_killer = rules.allows("killer_test") and not self._obliged_defender

    # ------------------------------------------------------------------ goal

    def goal_reached(self) -> bool:
        """Has the turn just played reached the goal (the side to move is
        mated, stalemated, in check ...; the goal object says)?"""
        return self.goal.reached(self.rules, self.pos)

    def _goal_candidates(self) -> list:
        """Turns that may deliver the goal at once (for mate, checking turns only)."""
        return self.goal.candidates(self.rules, self.pos)

    def goal_turns(self) -> list:
        """The turns of the side to move that deliver the goal at once."""
        out = []
        pos, rules = self.pos, self.rules
        for t in self._goal_candidates():
            rules.play(pos, t)
            if self.goal_reached():
                out.append(t)
            rules.undo(pos, t)
        return out

    def _attacker_turns(self) -> list:
        """The attacker's turns, and where its own goal move wins and may leave
        it in check (`Goal.self_check`: auto-mate, double and counter-mate)
        those goal moves too, which are no legal turns (Popeye plays them
        without its self-check guard)."""
        turns = self.rules.turns(self.pos)
        if self._attacker_goal and self.goal.self_check:
            turns += self.goal.reaching_turns(self.rules, self.pos)
        return turns

    def has_goal_turn(self) -> bool:
        pos, rules = self.pos, self.rules
        for t in self._goal_candidates():
            rules.play(pos, t)
            hit = self.goal_reached()
            rules.undo(pos, t)
            if hit:
                return True
        return False

    def mark(self, goal_move: bool = True) -> str:
        """Popeye's mark after a turn: '+', '#', '=', another goal's marker or
        ''.  Popeye marks mate and stalemate only where they are the goal
        (with the goal '~' a mate is marked '+'), and only on a move of the
        side that delivers it: a defence that mates the attacker in direct
        play is marked '+' (`goal_move` False: `1.Ke2-e1 ? but 1...Rb8-b1 + !`).
        The other goals are marked on the moves that reach them, of the side
        that is to reach them."""
        pos, rules = self.pos, self.rules
        immobile = self._immobile
        if immobile is not None:
            if goal_move and not rules.has_turn(pos):
                return "#" if rules.mate_check(pos) else "="
            return "+" if rules.in_check(pos) else ""
        return self.goal.mark(rules, pos, goal_move and self.goal.reached(rules, pos))

    # ---------------------------------------------------------------- proofs

    def wins(self, n: int) -> bool:
        """Attacker to move: can it force the goal within n of its moves?"""
        if n <= 0:
            return False
        key = self._memo_key(self.pos)
        memo = self._win.get(key)
        if memo is not None:
            if n >= memo[1]:
                return True
            if n <= memo[0]:
                return False
        else:
            if len(self._win) >= self._memo_limit:
                drop_oldest_half(self._win)
            memo = self._win[key] = [0, _INF]
        self.budget.tick()
        if self._direct:
            # Popeye's find_shortest: the lengths in increasing order, so a
            # short win is found before any move is searched to the full
            # length (the answer is the same: a win within m < n is a win
            # within n, the memo's brackets rest on that already)
            for m in range(max(memo[0] + 1, 1), n + 1):
                if self._wins(m):
                    if m < memo[1]:
                        memo[1] = m
                    return True
                if m > memo[0]:
                    memo[0] = m
            return False
        result = self._wins(n)
        if result:
            if n < memo[1]:
                memo[1] = n
        elif n > memo[0]:
            memo[0] = n
        return result

    def _wins(self, n: int) -> bool:
        pos, rules = self.pos, self.rules
        play, undo = rules.play, rules.undo
        if self._direct:
            goal = self.goal
            if goal.any_move:
                return bool(rules.turns(pos))
            if n == 1:
                mate = self._immobile
                for t in goal.candidates(rules, pos):
                    play(pos, t)
                    if mate is None:
                        hit = goal.reached(rules, pos)
                    else:
                        hit = rules.mate_check(pos) == mate and not rules.has_turn(pos)
                    undo(pos, t)
                    if hit:
                        return True
                return False
            # n > 1: `wins` asks the lengths in increasing order, so no turn
            # reaches the goal at once here (wins(n - 1) failed): the goal
            # test is left out
            turns = rules.turns(pos)
            # the move that won last time at this length is tried first
            best = self._best.get(n)
            if best is not None and best in turns:
                turns.remove(best)
                turns.insert(0, best)
            loses = self.loses
            for t in turns:
                play(pos, t)
                if loses(n - 1):
                    undo(pos, t)
                    self._best[n] = t
                    return True
                undo(pos, t)
            return False
        if self._obliged_attacker and self.has_goal_turn():
            return False
        for t in rules.turns(pos):
            play(pos, t)
            ok = self.loses(n - 1)
            undo(pos, t)
            if ok:
                return True
        return False

    def loses(self, k: int) -> bool:
        """Defender to move: does the attacker win within k more attacker moves?

        (Self and reflex play: k may be 0, the defender must then deliver the goal.)
        """
        key = self._memo_key(self.pos)
        memo = self._lose.get(key)
        if memo is not None:
            if k >= memo[1]:
                return True
            if k <= memo[0] and memo[0] >= 0:
                return False
        else:
            if len(self._lose) >= self._memo_limit:
                drop_oldest_half(self._lose)
            memo = self._lose[key] = [-1, _INF]
        self.budget.tick()
        result = (self._quodlibet and self.goal_reached()) or self._loses(k)
        if result:
            if k < memo[1]:
                memo[1] = k
        elif k > memo[0]:
            memo[0] = k
        return result

    def _loses(self, k: int) -> bool:
        pos, rules = self.pos, self.rules
        # Option Threat n: its guard (a search of n moves at most, after a
        # null move) goes before the killer's test (a search of k), as in
        # Popeye; either failing makes the answer False, so the order changes
        # what is searched, not the answer (an obliged defender, whose goal
        # move would make it True, has the guard after that test, below).
        guarded = self.threat_max is not None and not self._obliged_defender
        if guarded and not self._passes_threat_guard(k):
            return False
        killer = self._killer.get(k)
        tried = None
        if killer is not None and self._quick_killer \
                and plausible(pos.board, pos.side, killer):
            # The killer usually refutes again: test it before generating
            # every defence (a refutation makes the answer False whatever
            # the other defences, the stalemate test or the threat guard say).
            rules.play(pos, killer)
            if rules.in_check(pos, -pos.side):  # not legal here
                rules.undo(pos, killer)
            else:
                ok = self.answered(k)
                rules.undo(pos, killer)
                if not ok:
                    return False
                tried = killer
        turns = rules.turns(pos)
        if not turns:
            return False
        if self._obliged_defender and self.has_goal_turn():
            return True
        if not guarded and not self._passes_threat_guard(k):
            return False
        if killer is not None and killer != tried and killer in turns:
            rules.play(pos, killer)
            ok = self.answered(k)
            rules.undo(pos, killer)
            if not ok:
                return False
        for t in turns:
            if t == killer:
                continue
            rules.play(pos, t)
            ok = self.answered(k)
            rules.undo(pos, t)
            if not ok:
                self._killer[k] = t
                return False
        return True

    def _passes_threat_guard(self, k: int) -> bool:
        """Popeye's Option Threat n (defender to move, k attacker moves left):
        when k >= n and the defender is not in check, the attacker's last move
        must threaten to win within n moves (were the defender to pass), or it
        counts as defended.  A search restriction that makes long problems
        solvable, and that changes the answer as it does in Popeye (a key
        without a short threat is neither key nor try)."""
        n = self.threat_max
        if n is None or k < n or self.rules.in_check(self.pos):
            return True
        pos = self.pos
        pos.set_state(-pos.side, ())
        try:
            return self.wins(n)
        finally:
            pos.unmake()

    def answered(self, k: int) -> bool:
        """After a defence (attacker to move): does the attacker still win within k?"""
        if self._direct:
            return self.wins(k)
        if self.play == SELF and self.goal_reached():
            return True
        return k > 0 and self.wins(k)

    def shortest_answer(self, k: int) -> int | None:
        """After a defence: the fewest attacker moves that win (0: the defence
        itself delivered the goal, in self play), or None beyond k."""
        if self.play == SELF and self.goal_reached():
            return 0
        for n in self._lengths(k):
            if self.wins(n):
                return n
        return None

    # The lengths a line may have: any up to the stipulated one here; exactly
    # that one in an exact- stipulation (solver.search.exact overrides these).
    # Play may also end early in self play, every defence delivering the goal.
    _ends_early = True

    def _goal_wins(self, n: int) -> bool:
        """The attacker's turn just played, n counting it: did it reach the goal,
        which wins?  (In an exact- stipulation the goal reached before the
        last move does not count: play goes on, and cannot, for a mate.)"""
        return self._attacker_goal and self.goal_reached()

    def _lengths(self, k: int):
        """The lengths within k, in increasing order, that a win may have."""
        return range(1, k + 1)

    def _shorter_lengths(self, n: int):
        """The lengths below n that a win within n may have."""
        return range(1, n)

    def turn_wins(self, n: int) -> bool:
        """The attacker's turn has just been played: does it win within n moves
        in all (n counts this turn)?"""
        if self._goal_wins(n):
            return True
        if self._direct and n <= 1:
            return False
        return self.loses(n - 1)

    # ------------------------------------------------------------------ tree

    def _played(self, role: Role, turn) -> Node:
        """Describe and play `turn`; the node gets its mark after the move."""
        side = self.pos.side
        desc = self.rules.describe(self.pos, turn)
        self.rules.play(self.pos, turn)
        if self._immobile is not None:
            goal_move = not (self._direct and role in _DEFENCES)
        else:  # the goal is marked on the moves of the side that is to reach it
            goal_move = (role == Role.FORCED or (role in _DEFENCES) != self._direct
                         or self._quodlibet)
        mark = self.mark(goal_move)
        if mark == "=" and self._immobile is True and not self._direct and role in _DEFENCES:
            # Popeye leaves unmarked a defence of a s# or r# that stalemates the
            # attacker (`1...Kc2*c1 !`, White's Ka1 walled in; r#2 `1...Qb2*a2 !`):
            # a refutation, not a goal
            mark = ""
        return Node(role, Turn(desc, mark), side=side_name(side))

    def solve(self, n: int, *, tries: bool = False, max_refutations: int = 1,
              variations: bool = True, out: list[Node] | None = None,
              only: list[int] | None = None,
              on_key: Callable[[Node], None] | None = None) -> list[Node]:
        """Keys (and tries) of the stipulation in n, as tree nodes, appended to
        `out` as each is complete (a time limit keeps what was found), in
        print order (the first turns are tried in that order, each tree is
        sorted when complete), and given to `on_key` then.
        `only`: look at these first turns alone (indices in generation order),
        to share the work among processes."""
        pos, rules = self.pos, self.rules
        nodes = [] if out is None else out
        complete = _completer(nodes, on_key)

        turns = self._attacker_turns()
        if only is not None:
            turns = [turns[i] for i in only if i < len(turns)]
        if n == 1 and self._direct and (only is None or 0 in only):
            # (the goal's turns beyond the legal ones: the first part's, in a shared search)
            turns += self.goal.beyond_turns(rules, pos)
        turns = print_order(rules, pos, turns)
        if self._obliged_attacker:
            forced = set(self.goal_turns())
            if forced:
                # Reflex play: the attacker must deliver the goal itself, which
                # ends play; Popeye shows these moves marked ' ?!?'.
                for t in turns:
                    if t in forced:
                        node = self._played(Role.FORCED, t)
                        rules.undo(pos, t)
                        complete(node)
                return nodes
        limit = max_refutations + 1 if tries else 1

        def first_move(t) -> Node | None:
            return self._first_move(t, n, tries, max_refutations, limit, variations)

        # Shorter wins are proven first, with their trees: a time limit then
        # keeps them even when a long proof of a move before them in print
        # order (where they wait to be printed) does not end in time.
        ahead: dict = {}
        try:
            for d in self._shorter_lengths(n):
                for t in turns:
                    if t in ahead:
                        continue
                    rules.play(pos, t)
                    try:
                        short = self.turn_wins(d)
                    finally:
                        rules.undo(pos, t)
                    if short:
                        node = first_move(t)
                        if node is not None:
                            ahead[t] = node
            for t in turns:
                node = ahead.pop(t, None) or first_move(t)
                if node is not None:
                    complete(node)
        finally:
            for t in turns:  # stopped early: the short keys not reached yet, in print order
                if t in ahead:
                    sort_siblings(ahead[t].children)
                    nodes.append(ahead[t])
        return nodes

    def _first_move(self, t, n: int, tries: bool, max_refutations: int, limit: int,
                    variations: bool) -> Node | None:
        """The attacker's first move `t` as a key or try with its tree, or
        None when it is neither."""
        pos, rules = self.pos, self.rules
        self.budget.tick()  # a position of its own (a #1 counts its first moves)
        node = self._played(Role.KEY, t)
        try:
            if self._goal_wins(n):
                return node
            if self._direct and n <= 1:
                return None
            refs = self.refutations(n - 1, limit)
            if refs is None:
                return None
            if refs:
                if not tries or len(refs) > max_refutations:
                    return None
                node.role = Role.TRY
            if variations:
                # a key that wins in fewer moves shows the tree of its shortest
                # win (Popeye: threats no longer than that, `1.Qe2-g4 ! zugzwang.`
                # in a #3 where a waiting move would threaten a mate in 2)
                length = n if refs else self._key_length(n)
                self.expand_defence(node, length - 1, refs)
            else:
                self._append_refutations(node, refs)
            return node
        finally:
            rules.undo(pos, t)

    def _key_length(self, n: int) -> int:
        """The attacker's key (played) wins within n: the fewest moves it wins in."""
        return next((d for d in self._shorter_lengths(n) if self.turn_wins(d)), n)

    def refutations(self, k: int, limit: int) -> list | None:
        """Defender to move: defences after which the attacker no longer wins
        within k (at most `limit` of them); None when the defender has no move
        at all (the attacker's move stalemated it: neither key nor try)."""
        pos, rules = self.pos, self.rules
        turns = rules.turns(pos)
        if not turns:
            return None
        if self._obliged_defender and self.has_goal_turn():
            return []
        if not self._passes_threat_guard(k):
            return None
        refs = []
        for d in turns:
            rules.play(pos, d)
            ok = self.answered(k)
            rules.undo(pos, d)
            if not ok:
                refs.append(d)
                if len(refs) >= limit:
                    break
        return refs

    def expand_defence(self, node: Node, k: int, refutations=()) -> None:
        """Below an attacker's move (played; defender to move): threat or
        zugzwang, the defences worth showing with their continuations, and the
        refutations of a try."""
        pos, rules = self.pos, self.rules
        if self._obliged_defender:
            forced = self.goal_turns()
            if forced:
                for d in forced:
                    node.children.append(self._played(Role.VARIATION, d))
                    rules.undo(pos, d)
                return
        if k == 0 or (self._ends_early and self.play == SELF and self.loses(0)):
            # self play, after the attacker's last move (or a move after which
            # every defence delivers the goal, a short solution: Popeye shows
            # no threat then): the defences that deliver it, then the
            # refutations of a try
            refuting = set(refutations)
            for d in rules.turns(pos):
                if d not in refuting:
                    node.children.append(self._played(Role.VARIATION, d))
                    rules.undo(pos, d)
            self._append_refutations(node, refutations)
            return
        threat_len = None
        threat_turns: list = []
        if not self.no_threat and not rules.in_check(pos):
            threat_len, threat_turns, threat_nodes, passed = self.threats(k)
            if threat_len is None:
                node.label = "zugzwang"
            else:
                node.label = "threat"
                node.passed = passed
                node.children.extend(threat_nodes)
        refuting = set(refutations)
        for d in rules.turns(pos):
            if d in refuting:
                continue
            var = self._played(Role.VARIATION, d)
            try:
                length = self.shortest_answer(k)
                if length is None or (length == 0 and not self.mates_in_1):
                    # (Popeye hides a defence delivering the goal at once in
                    # self play where longer play was possible: MatesIn1 shows it)
                    continue
                if threat_len is not None:
                    if length < threat_len:
                        continue
                    if length == threat_len and not self.defeats_threat(threat_turns, threat_len):
                        continue
                if self.no_short_variations and length < k:
                    continue
                self.expand_continuations(var, length)
                node.children.append(var)
            finally:
                rules.undo(pos, d)
        self._append_refutations(node, refutations)

    def _append_refutations(self, node: Node, refutations) -> None:
        """The refutations of a try.  In reflex play a refutation that leaves
        the attacker a goal move (which it must then play, ending play in its
        disfavour) shows those moves below it, marked ' ?!?' as Popeye does
        (`1...Ka5-a6 !  2.Bh7-d3 # ?!?`)."""
        pos, rules = self.pos, self.rules
        for r in refutations:
            ref = self._played(Role.REFUTATION, r)
            try:
                if self._obliged_attacker:
                    for t in print_order(rules, pos, self.goal_turns()):
                        ref.children.append(self._played(Role.FORCED, t))
                        rules.undo(pos, t)
            finally:
                rules.undo(pos, r)
            node.children.append(ref)

    def expand_continuations(self, var: Node, length: int) -> None:
        """After a defence: every attacker move that wins in exactly `length`."""
        if length == 0:
            return
        pos, rules = self.pos, self.rules
        for t in self._attacker_turns():
            child = self._played(Role.CONTINUATION, t)
            try:
                if not self.turn_wins(length):
                    continue
                if not (self._attacker_goal and self.goal_reached()):
                    self.expand_defence(child, length - 1)
                var.children.append(child)
            finally:
                rules.undo(pos, t)

    def threats(self, k: int):
        """With the defender passing: (length, turns, nodes, the pass's
        effects) of the shortest wins within k (Option Threat n caps the
        length), or (None, [], [], ()).  The pass is the rule set's
        (`Rules.pass_turn`: under LostPieces it takes off the attacker's
        mated pieces, as Popeye's dummy move does, and may so leave the
        defender in check)."""
        pos, rules = self.pos, self.rules
        rules.pass_turn(pos)
        try:
            if rules.in_check(pos, -pos.side):
                # a pass whose effects leave the passer in check is illegal: no
                # threat (Popeye's self-check guard after a dummy move with effects)
                return None, [], [], ()
            length = next((n for n in self._lengths(k) if self.wins(n)), None)
            if length is None:
                return None, [], [], ()
            turns, nodes = [], []
            for t in self._attacker_turns():
                child = self._played(Role.THREAT, t)
                try:
                    if not self.turn_wins(length):
                        continue
                    if not (self._attacker_goal and self.goal_reached()):
                        self.expand_defence(child, length - 1)
                    turns.append(t)
                    nodes.append(child)
                finally:
                    rules.undo(pos, t)
            return length, turns, nodes, pass_effects(pos)
        finally:
            pos.unmake()

    def defeats_threat(self, threat_turns: list, length: int) -> bool:
        """After a defence: does at least one threat move no longer win in `length`?
        A threat move is found again by its squares, as Popeye finds it: a
        move between the same squares is the same move, whatever its flags
        (under AndernachChess a defence may turn a piece to the attacker's
        colour on a threat pawn's arrival square; the pawn's double step
        is then still the threat)."""
        pos, rules = self.pos, self.rules
        legal = {_squares_of(t): t for t in self._attacker_turns()}
        for threat in threat_turns:
            t = legal.get(_squares_of(threat))
            if t is None:
                return True
            rules.play(pos, t)
            ok = self.turn_wins(length)
            rules.undo(pos, t)
            if not ok:
                return True
        return False

    def set_play(self, n: int, out: list[Node] | None = None,
                 on_found: Callable[[Node], None] | None = None, *,
                 threats: bool = True) -> list[Node]:
        """The defender moving first (Option SetPlay): each defence after which
        the attacker wins within n-1, with its shortest continuations;
        appended to `out` in print order as each is complete (a time limit
        keeps them), and given to `on_found` then.  `threats` False (Popeye
        without Option Variation): the continuations' trees show no threat
        and every defence, as under Option NoThreat."""
        if not threats and not self.no_threat:
            self.no_threat = True
            try:
                return self.set_play(n, out, on_found)
            finally:
                self.no_threat = False
        pos, rules = self.pos, self.rules
        pos.set_state(-pos.side, ())
        nodes = [] if out is None else out
        complete = _completer(nodes, on_found)

        try:
            if self._obliged_defender:
                forced = self.goal_turns()
                if forced:
                    for d in print_order(rules, pos, forced):
                        node = self._played(Role.SET, d)
                        rules.undo(pos, d)
                        complete(node)
                    return nodes
            # as after a key: a defence delivering the goal at once is hidden
            # where longer play was possible (not when every defence does)
            hide_at_once = not self.mates_in_1 and n > 1 and not (
                self._ends_early and self.play == SELF and self.loses(0))
            for d in print_order(rules, pos, rules.turns(pos)):
                var = self._played(Role.SET, d)
                try:
                    length = self.shortest_answer(n - 1)
                    if length is None or (length == 0 and hide_at_once):
                        continue
                    self.expand_continuations(var, length)
                finally:
                    rules.undo(pos, d)
                complete(var)
        finally:
            pos.unmake()
        return nodes
