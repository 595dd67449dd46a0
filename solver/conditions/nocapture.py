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

from solver.base.errors import InputError
from solver.engine.board import BLACK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.conditions.mummer import is_capture
from solver.conditions.rules import ConditionSpec, Rules


def installer(name: str, sides: tuple[int, ...]):
    def no_capture(pos, m: int) -> bool:
        return pos.side not in sides or not is_capture(pos.board, m)

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.move_filters.append(no_capture)
        return rules

    return install


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}


SPECS: dict[str, ConditionSpec] = {
    name: ConditionSpec(installer(name, sides), preserves)
    for name, sides in (("NoCapture", (WHITE, BLACK)), ("NoWhiteCapture", (WHITE,)),
                        ("NoBlackCapture", (BLACK,)))
}
"""The registry's entries (solver.conditions.registry)."""
