"""PromOnly: pawns promote only to the pieces listed (`PromOnly S B G`;
Popeye's name, py-engl.txt "condition"), of both sides.

The listed pieces are the whole promotion set, in Popeye's order (Q, S, R,
B, then the fairy pieces), whether the diagram holds them or not (Popeye:
`PromOnly B S G` with a nightrider on the board promotes to S, B and G);
the variant is compiled with them (`ConditionSpec.promotions`), so a
listed fairy piece turns off the orthodox shortcuts as one in the diagram
would.  A move filter drops any other promotion, for the fast orthodox
generator, which always offers Q, R, B and S.

What the condition keeps (`preserves`): everything but `walk_moves_only`
(a promotion the walk allows is forbidden).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import ALL_PROPERTIES, WALK_MOVES_ONLY
from solver.engine.move import PROMOTION
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.catalogue import by_code


def kinds(params: tuple[str, ...]) -> frozenset[int]:
    """The kinds of the listed pieces; InputError naming one feerie cannot
    promote to."""
    out = set()
    for code in params:
        row = by_code(code)
        if row is None:
            raise InputError(f"condition PromOnly {code}: fairy piece {code} is not supported")
        if not row.promotable:
            raise InputError(f"condition PromOnly {code}: a pawn cannot promote to {row.name}")
        out.add(row.kind)
    return frozenset(out)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    allowed = kinds(params)

    def listed(pos, m: int) -> bool:
        return (m >> 14) & 7 != PROMOTION or (m >> 17) & 127 in allowed

    rules.move_filters.append(listed)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {WALK_MOVES_ONLY}


SPEC = ConditionSpec(install, preserves, promotions=kinds)
"""The registry's entry (solver.conditions.registry)."""
