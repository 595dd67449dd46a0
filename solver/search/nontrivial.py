"""Popeye's Option NonTrivial m n: battle play with "trivial" defences pruned.

A search restriction for long self and reflex problems (Popeye,
options/nontrivial.c), which changes the answer as it does in Popeye: a
line in which the defender keeps too many good moves no longer counts.

- A defence is *trivial* when the attacker answers it within t moves: t = n
  in self play (a s#n), t = n + 1 in direct, reflex and semi-reflex play
  (Popeye counts half-moves: its test length 2n+1, raised to the parity of
  the node, is a s#n after a defence of a s# and a #(n+1) or r#(n+1) after
  one of the others).
- At every defender node with more than n attacker moves left (in testing
  and in solving alike) the non-trivial defences are counted: c of them.
  With an allowance a (m at the start), the node is refuted when c > a + 1;
  otherwise the play below it goes on with the allowance a + 1 - c (one
  non-trivial defence is the line itself; an all-trivial node, c = 0, gives
  one back).  The allowance is part of every memo key, as it is of
  Popeye's hash.
- Where a reflex defender must deliver the goal at once, Popeye's count
  stops before the defences (its forced end comes first): c = 0.

Popeye also turns on its DegenerateTree option (tests of lengths above n
try the lengths up to n, then the full length only); the node results are
monotone in the length (the guard and its count do not depend on the
length above n), so this changes nothing but speed, and feerie does
without it.

The guard is one hook, `_guarded`, called where a defender node starts:
`_loses` (the proof), `refutations` (a first move) and `expand_defence`
(the printed tree); the plain `Battle` has no guard at all.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.budget import drop_oldest_half
from solver.search.battle import SELF, Battle


class NonTrivialBattle(Battle):
    """A `Battle` under Option NonTrivial `allowance` `trivial`."""

    def __init__(self, *args, allowance: int, trivial: int, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._allowance = allowance
        # defender nodes with more than `trivial` attacker moves left are guarded
        self._guard_above = trivial
        # a defence is trivial when answered within this many attacker moves
        self._trivial_within = trivial if self.play == SELF else trivial + 1
        position_key = self._position_key = self._memo_key
        self._memo_key = lambda pos: (position_key(pos), self._allowance)
        # position -> (non-trivial defences counted, whether all were): the
        # count depends on the position alone, not on the allowance or the length
        self._counts: dict = {}

    def _count_nontrivial(self, cap: int) -> int:
        """Defender to move: its non-trivial defences, counted up to `cap` + 1
        (what was counted before serves while it says enough)."""
        key = self._position_key(self.pos)
        known = self._counts.get(key)
        if known is not None and (known[1] or known[0] > cap):
            return known[0]
        count = self._count(cap)
        if len(self._counts) >= self._memo_limit:
            drop_oldest_half(self._counts)
        self._counts[key] = (count, count <= cap)
        return count

    def _count(self, cap: int) -> int:
        pos, rules = self.pos, self.rules
        if self._obliged_defender and self.has_goal_turn():
            return 0  # the defender must deliver the goal: Popeye counts nothing
        count = 0
        for d in rules.turns(pos):
            rules.play(pos, d)
            trivial = self.answered(self._trivial_within)
            rules.undo(pos, d)
            if not trivial:
                count += 1
                if count > cap:
                    break
        return count

    def _guarded(self, k: int, refuted: object, node: Callable[[], object]) -> object:
        """A defender node with k attacker moves left: `node()` under the
        allowance left after it, or `refuted` when too many defences are
        non-trivial (of the type `node()` gives: no `typing` at start-up)."""
        if k <= self._guard_above:
            return node()
        allowance = self._allowance
        count = self._count_nontrivial(allowance + 1)
        if count > allowance + 1:
            return refuted
        self._allowance = allowance + 1 - count
        try:
            return node()
        finally:
            self._allowance = allowance

    def _canonical(self, call: Callable[[int], bool], moves: int) -> bool:
        """A proof that meets no guard, under allowance 0: its result does
        not depend on the allowance, and its memo entries serve them all."""
        allowance = self._allowance
        self._allowance = 0
        try:
            return call(moves)
        finally:
            self._allowance = allowance

    def wins(self, n: int) -> bool:
        if self._allowance and n <= self._guard_above + 1:  # its defender nodes have <= n - 1 left
            return self._canonical(lambda moves: Battle.wins(self, moves), n)
        return Battle.wins(self, n)

    def loses(self, k: int) -> bool:
        if self._allowance and k <= self._guard_above:
            return self._canonical(lambda moves: Battle.loses(self, moves), k)
        return Battle.loses(self, k)

    def _loses(self, k: int) -> bool:
        return self._guarded(k, False, lambda: Battle._loses(self, k))

    def refutations(self, k: int, limit: int) -> list | None:
        return self._guarded(k, None, lambda: Battle.refutations(self, k, limit))

    def expand_defence(self, node, k: int, refutations=()) -> None:
        self._guarded(k, None, lambda: Battle.expand_defence(self, node, k, refutations))


def nontrivial_setting(problem) -> tuple[int, int] | None:
    """(m, n) of the problem's Option NonTrivial m n, or None without it."""
    opt = problem.option("NonTrivial")
    if opt is None:
        return None
    allowance, trivial = (int(arg) for arg in opt.args)
    return allowance, trivial
