"""The end of help or series play in a nested branch that is not shown.

Popeye's structured stipulation marks a nested branch with '/' to keep
its moves out of the solution (py-engl.txt, "sstipulation": "The operator
/ at the beginning of a nested branch prevents the moves played in that
branch from appearing in the output"; input/plaintext/sstipulation.c,
`ParseStructuredStip_nested_branch`, inserts a play suppressor).  The
CapZug and "undeckbar" problems end their help play so:

- `black 8hh[/1d[x]a{!+}]`: after the help play, Black (to move) is not in
  check ({!+}), has a move, and every move of his is a capture (`1d[x]a`:
  a defence branch of one move, solved when no defence avoids the goal);
- `black 6hh[/2da[#]{!+}]`: Black is not in check, has a move, and every
  move of his is answered by a White mate (`2da[#]`).

Popeye's own runs (tests/data/sstipulation_hidden/) show the rest: a side
without a move (stalemate) does not solve the nested branch; the last move
of the help play is marked '+' when it checks, nothing else; shorter help
play counts as in a plain help stipulation, and a line goes on past a
position that already solves the nested branch (a nested branch without
'>' does not end the play: `Goal.ends_play`).

`HiddenGoal` is that end as a goal the help and series searches ask like
any other (`reached`, `candidates`, `mark`).  The grammar
(grammar/sstipulation.py) maps only the nested branches `1d[G]a` and
`2da[G]`, with `{!+}` or without, onto it and refuses the others by name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from solver.model.problem import HiddenEnd
from solver.search.goals import Goal, goal_of, stipulation_goal


# Entries of a `HiddenGoal`'s memo before it is emptied (some 100 bytes each).
MEMO_ENTRIES = 1 << 18


@dataclass(frozen=True)
class HiddenGoal(Goal):
    """A '/' nested branch's end (`HiddenEnd`): `inner` its goal, `length`
    its half-moves (1 or 2), `unchecked` for {!+}, `shown` its text.
    `memo` keeps the verdicts by position key (help play reaches the same
    final position by many move orders): one goal per search section
    (`hidden_goal` makes a new one each call), the key as the searches'
    own failure memos read it (`rules.key`)."""

    inner: Goal | None = None
    length: int = 1
    unchecked: bool = False
    shown: str = ""
    memo: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def text(self) -> str:
        return self.shown

    @property
    def name(self) -> str:
        return f"nested branch {self.shown}"

    @property
    def missed(self) -> str:
        return f"does not reach the end of {self.shown}"

    @property
    def ends_play(self) -> bool:
        return False

    def reached(self, rules, pos) -> bool:
        """The side to move (not in check, with `unchecked`) has a move, and
        each of its moves reaches `inner` (length 1) or is answered by one
        that does (length 2)."""
        if self.unchecked and rules.in_check(pos):
            return False
        memo = self.memo
        key = rules.key(pos)
        known = memo.get(key)
        if known is None:
            known = self._test(rules, pos)
            if len(memo) >= MEMO_ENTRIES:
                memo.clear()
            memo[key] = known
        return known

    def _test(self, rules, pos) -> bool:
        turns = rules.turns(pos)
        if not turns:
            return False
        inner = self.inner
        if self.length == 1:
            # a turn the goal's own filter passes over cannot reach it
            hopeful = inner.candidates(rules, pos)
            if len(hopeful) != len(turns):
                return False
            test = inner.reached
        else:
            hopeful, test = turns, self._answered
        for t in hopeful:
            rules.play(pos, t)
            try:
                ok = test(rules, pos)
            finally:
                rules.undo(pos, t)
            if not ok:
                return False
        return True

    def _answered(self, rules, pos) -> bool:
        """Has the side to move a turn that reaches `inner`?"""
        inner = self.inner
        if inner.immobile is True:
            return bool(rules.mating_turns(pos))
        for t in inner.candidates(rules, pos):
            rules.play(pos, t)
            try:
                if inner.reached(rules, pos):
                    return True
            finally:
                rules.undo(pos, t)
        return False


def hidden_goal(end: HiddenEnd) -> HiddenGoal:
    """The goal of a stipulation's `HiddenEnd` (a new one, with its own memo)."""
    inner = goal_of(end.goal, end.target)
    return HiddenGoal("/", "", False, needs_move=inner.needs_move, inner=inner, length=end.length,
                      unchecked=end.unchecked, shown=end.text)


def search_goal(stipulation) -> Goal:
    """The goal the searches are given for a stipulation: its hidden end
    (`hidden_goal`) or its plain goal (`goals.stipulation_goal`)."""
    if stipulation.hidden is not None:
        return hidden_goal(stipulation.hidden)
    return stipulation_goal(stipulation)
