"""LeseMajeste (Popeye's name): a king is never captured.

What Popeye 4.104 plays (solving/machinery/twin.c, selfcheck_guard.c,
king_capture_avoider.c, and its move lists): check is as in orthodox chess
and a move that leaves the mover's own king observed is illegal, but the
side that does not move may stand in check: the position is not refused
("the side to play can capture the king"), and a move that would capture
the king is not legal.  So a king may stand beside the other king, and a
side can be in check before its opponent's move and still after it (Popeye
prints the `+`).

A move filter drops the captures of the king, and the rule set says that a
king is not captured (`Rules.captures_kings`), so that the solver does not
refuse a position whose first mover's opponent is in check.

What the condition keeps (`preserves`): the shortcuts assume that the side
to move does not give check before it moves (the checking moves found from
the lines through the enemy king, the quiet moves' checks): it keeps no
property they rest on (`capture_observes`), nor `walk_moves_only` (a capture
is forbidden) and `king_steps_free` (a king's capture of the king too).
Played alone: with other conditions (Messigny's exchange of kings ...) it
is untested.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.move import LOCUST
from solver.conditions.rules import ConditionSpec, Rules, observation_preserves


def no_king_capture(pos, m: int) -> bool:
    """The move filter: the move does not capture the enemy king (on its
    arrival square, or beyond it for a locust)."""
    taken = (m >> 24) & 127 if (m >> 14) & 7 == LOCUST else (m >> 7) & 127
    return taken != pos.kings[-pos.side]


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition LeseMajeste {param} is not supported")
    rules.move_filters.append(no_king_capture)
    rules.captures_kings = False
    return rules


SPEC = ConditionSpec(install, observation_preserves, alone=True)
"""The registry's entry (solver.conditions.registry)."""
