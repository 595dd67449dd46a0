"""ChecklessChess (Popeye's name; py-engl.txt "condition"): a move that
gives check is legal only if it mates.

Whether a check mates depends on the checked side's legal moves, which are
themselves subject to the condition: a reply that gives check back is legal
only if that check mates, and so on.  The definition is recursive, and
Popeye follows it to its depth (solving/recursion_stopper.c stops it only
near the end of its move stack, and then calls the move illegal); feerie
follows it to `MAX_DEPTH` nested tests, and then, as Popeye, calls the
move illegal.  Chains of cross-checks that long do not arise in composed
problems (each level needs a check that parries a check).

It is a move filter (`Rules.move_filters`): the move is made; if it gives
check, it is legal only when the checked side has no legal move (asked of
the same rule set, so with the filter again).  The answers are kept in a
bounded cache keyed by the position the move leads to (`Rules.key`), since the
searches ask about the same checks over and over.

What the condition keeps (`preserves`): everything but `walk_moves_only`
(a legal move of a walk is forbidden: the killer test and the intelligent
search assume it is not) and `king_steps_free` (a king's step that
discovers a check may be illegal, which the flight refutation of mating
moves assumes it is not).  The orthodox legality (pins) and the checking
geometry still hold: the condition only removes moves from their lists.
It does not go with conditions that change what a turn is (Marseillais),
whose turns the filter does not see whole.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.conditions.rules import ConditionSpec, Rules

MAX_DEPTH = 64
CACHE_ENTRIES = 1 << 17


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition ChecklessChess {param} is not supported")
    cache: dict = {}
    depth = [0]

    def allowed(pos, m: int) -> bool:
        pos.make(m)
        try:
            if not rules.in_check(pos, pos.side):
                return True
            key = rules.key(pos)
            known = cache.get(key)
            if known is not None:
                return known
            if depth[0] >= MAX_DEPTH:
                return False  # Popeye's recursion stopper: the move counts as illegal
            depth[0] += 1
            try:
                mates = not rules.has_move(pos)
            finally:
                depth[0] -= 1
            if len(cache) >= CACHE_ENTRIES:
                cache.clear()
            cache[key] = mates
            return mates
        finally:
            pos.unmake()

    rules.move_filters.append(allowed)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}


SPEC = ConditionSpec(install, preserves, needs_single_moves=True,
                     with_effects=True)  # compared with Popeye under Circe (tests/data/circe)
"""The registry's entry (solver.conditions.registry)."""
