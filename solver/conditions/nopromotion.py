"""NoWhitePromotion, NoBlackPromotion: that side's pawns do not promote
(Popeye's names, py-engl.txt "condition").

Popeye makes a move illegal when it would leave a promotable pawn on its
promotion rank, so such a pawn has no move onto that rank at all (Popeye:
white Pb7 and Pg7 with NoWhitePromotion have no move, not even b7*a8).  A
move filter (`Rules.move_filters`) drops that side's promotions, of any
kind of pawn.  Observation does not change: a pawn still checks a king on
the last rank.

What the condition keeps (`preserves`): everything but `walk_moves_only`
(a legal move of a walk is forbidden).  The king's steps are untouched.
"""

from __future__ import annotations

from solver.engine.board import BLACK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, WALK_MOVES_ONLY
from solver.engine.move import LOCUST, PROMOTION

_KIND = 127 << 17   # a move's promotion bits
from solver.conditions.rules import ConditionSpec, filter_spec


def no_promotion(side: int):
    """The move filter: no promotion by this side."""

    def allowed(pos, m: int) -> bool:
        flag = (m >> 14) & 7
        # a locust move with a promotion kind promotes too (Take&Make: `b6*a7-c8=Q`)
        return pos.side != side or not (flag == PROMOTION or flag == LOCUST and m & _KIND)

    return allowed


PRESERVES = ALL_PROPERTIES - {WALK_MOVES_ONLY}

SPECS: dict[str, ConditionSpec] = {
    name: filter_spec(name, no_promotion(side), PRESERVES, with_effects=True)  # compared under Circe
    for name, side in (("NoWhitePromotion", WHITE), ("NoBlackPromotion", BLACK))
}
"""The registry's entries (solver.conditions.registry)."""
