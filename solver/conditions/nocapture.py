"""NoCapture, NoWhiteCapture, NoBlackCapture: captures are not played (by
either side, by White, by Black; Popeye's names, py-engl.txt "condition").

A move filter (`Rules.move_filters`) drops the captures of the side
concerned, en passant and a locust's capture included.  Check is as in
orthodox chess: a king is in check when an enemy piece observes it,
although the capture of the king is never played, so mate exists (Popeye:
with NoCapture, `1.Qg1-g7 #` mates a king on h8 that may not take the
queen).

What the condition keeps (`preserves`): everything but `walk_moves_only`
(a legal move of a walk is forbidden) and `king_steps_free` (a king may
not step onto a square by capturing, which the flight refutation of mating
moves assumes it may).
"""

from __future__ import annotations

from solver.engine.board import BLACK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.engine.move import is_capture
from solver.conditions.rules import ConditionSpec, filter_spec


def no_capture(sides: tuple[int, ...]):
    """The move filter: no capture by these sides."""

    def allowed(pos, m: int) -> bool:
        return pos.side not in sides or not is_capture(pos.board, m)

    return allowed


PRESERVES = ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}

SPECS: dict[str, ConditionSpec] = {
    name: filter_spec(name, no_capture(sides), PRESERVES)
    for name, sides in (("NoCapture", (WHITE, BLACK)), ("NoWhiteCapture", (WHITE,)),
                        ("NoBlackCapture", (BLACK,)))
}
"""The registry's entries (solver.conditions.registry)."""
