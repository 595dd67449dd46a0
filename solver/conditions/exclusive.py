"""ExclusiveChess (Popeye's name; py-engl.txt "condition"): a side may mate
only when it has a single mating move; where it has two or more, none of
them may be played (the Chess Variant Pages' definition, Hans Bodlaender).

Popeye applies the rule to the goal of the stipulation (conditions/
exclusive.c, `find_unique_goal`); feerie plays it for mate goals (`#`) and
refuses it with any other goal.  Whether a move mates depends on the
defender's legal replies, which obey the rule too (a reply that mates back
is legal only if it is the defender's only mating move), so the test nests:
each position's mating moves are found once (a bounded cache by position),
asking the same rule set whether the side in check has a move.  Popeye
bounds the nesting (a horizon of 6 half-moves); feerie stops at
`MAX_DEPTH` nested positions and there counts mating moves without the
rule, which only a chain of mates answered by mates that long could tell
apart.

It is a move filter (`Rules.move_filters`).  What the condition keeps
(`preserves`): everything but `walk_moves_only` (a legal move of a walk is
forbidden) and `king_steps_free` (a king's step may be a forbidden mate).
It does not go with conditions that change what a turn is (Marseillais).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.conditions.rules import ConditionSpec, Rules

MAX_DEPTH = 3
CACHE_ENTRIES = 1 << 16


def resolve(condition, problem):
    """`ExclusiveChess` with the stipulation's goal as its parameter (the rule
    is about moves that reach it); any other condition as it is."""
    if condition.name != "ExclusiveChess" or condition.params:
        return condition
    goal = problem.stipulation.goal if problem.stipulation is not None else ""
    return type(condition)(condition.name, (goal,), True)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    if params != ("#",):
        goal = params[0] if params else "?"
        raise InputError(f"condition ExclusiveChess with the goal {goal} is not supported")
    cache: dict = {}
    open_keys: set = set()   # positions whose mating moves are being counted
    depth = [0]

    def mating_moves(pos, key) -> frozenset[int]:
        """The moves of the side to move that mate, the rule aside at this level."""
        known = cache.get(key)
        if known is not None:
            return known
        open_keys.add(key)
        depth[0] += 1
        try:
            out = []
            for m in rules.checking_moves(pos):   # the rule bypassed for this position (open_keys)
                pos.make(m)
                try:
                    if not rules.has_move(pos):
                        out.append(m)
                finally:
                    pos.unmake()
        finally:
            depth[0] -= 1
            open_keys.discard(key)
        found = frozenset(out)
        if len(cache) >= CACHE_ENTRIES:
            cache.clear()
        cache[key] = found
        return found

    def allowed(pos, m: int) -> bool:
        key = rules.key(pos)
        if key in open_keys or depth[0] >= MAX_DEPTH:
            return True
        mates = mating_moves(pos, key)
        return len(mates) < 2 or m not in mates

    rules.move_filters.append(allowed)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}


SPEC = ConditionSpec(install, preserves, needs_single_moves=True)
"""The registry's entry (solver.conditions.registry)."""
