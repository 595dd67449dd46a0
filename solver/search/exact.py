"""Battle play in an exact- stipulation (Popeye's `exact-#3`, `exact-s#2`):
only lines of the full length count.

Popeye (stipulation/battle_play: a branch whose minimum length is its
length) tests the goal only at the end: before, play goes on, so a mate
or stalemate reached sooner is no win (the side mated has no move to go
on with): in direct play the attacker's, in self play the defender's, which
then refutes.  Threats and variations are of the full length too, so
the tree shows no short line.

What changes against `Battle`: the lengths a win may have (`_lengths`,
`_shorter_lengths`: the full one only), the attacker's early goal
(`_goal_wins`), a defence's early goal in self play (`answered`,
`shortest_answer`), and the memo: a win in 2 is no win in 3 here, so the
tables hold one answer per (position, length) instead of the bracket of
lengths `Battle` keeps.  (`Battle._wins` needs nothing: below one move it
plays every turn, a goal move included, whose defender then has no move.)
"""

from __future__ import annotations

from solver.base.budget import drop_oldest_half
from solver.search.battle import SELF, Battle


class ExactBattle(Battle):
    """A `Battle` in which every line has the stipulated length."""

    _ends_early = False

    def _lengths(self, k: int):
        return (k,) if k > 0 else ()

    def _shorter_lengths(self, n: int):
        return ()

    def _goal_wins(self, n: int) -> bool:
        # the goal counts at the last move only; before, play goes on (a mated
        # or stalemated defender then has no move: no win)
        return n == 1 and self._direct and self.goal_reached()

    def wins(self, n: int) -> bool:
        return n > 0 and self._known(self._win, n, self._wins)

    def loses(self, k: int) -> bool:
        return self._known(self._lose, k, self._loses)

    def _known(self, table: dict, length: int, compute) -> bool:
        """The answer for this position and length: from `table`, or
        `compute(length)` kept there (a full table forgets its older half)."""
        key = (self._memo_key(self.pos), length)
        known = table.get(key)
        if known is None:
            if len(table) >= self._memo_limit:
                drop_oldest_half(table)
            self.budget.tick()
            known = table[key] = compute(length)
        return known

    def answered(self, k: int) -> bool:
        # a defence's goal counts at the end only (a mated attacker has no move)
        if k == 0:
            return self.play == SELF and self.goal_reached()
        return self.wins(k)

    def shortest_answer(self, k: int) -> int | None:
        return k if self.answered(k) else None
