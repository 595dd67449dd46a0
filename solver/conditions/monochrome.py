"""MonochromChess and BichromChess (Popeye's names, py-engl.txt "condition").

Monochrome: a move is played only from a square to a square of the same
colour; Bichrome: only to a square of the other colour.  Observation follows
the same rule (Popeye validates the geometry of an observation as it does a
move), so under Monochrome a knight never gives check and under Bichrome a
bishop never does.  Queen's side castling is neither monochrome nor
bichrome (Popeye's rule: it is never played); king's side castling is
monochrome (e1-g1, e8-g8).

The moves go through a move filter; observation through an observation
filter (`Rules.add_observation_filter`), which binds the generic generator
and check test with it.

What the condition keeps (`preserves`): nothing of the observation-based
shortcuts (`capture_observes` dropped: the attack tables and pins see
checks that are none), nor `walk_moves_only` and `king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.move import CASTLE
from solver.conditions.rules import ConditionSpec, GEOMETRY, Rules, observation_preserves


def same_colour(a: int, b: int) -> bool:
    """Are the 0x88 squares a and b of the same colour?"""
    return ((a & 7) + (a >> 4)) % 2 == ((b & 7) + (b >> 4)) % 2


def _queenside(m: int) -> bool:
    return (m >> 14) & 7 == CASTLE and (m >> 17) & 7 < (m & 7)


def installer(name: str, mono: bool):
    def move_allowed(pos, m: int) -> bool:
        if _queenside(m):
            return False
        return same_colour(m & 127, (m >> 7) & 127) == mono

    def observation_allowed(pos, frm: int, target: int) -> bool:
        return same_colour(frm, target) == mono

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.move_filters.append(move_allowed)
        rules.add_observation_filter(observation_allowed, level=GEOMETRY)
        return rules

    return install


preserves = observation_preserves


SPECS: dict[str, ConditionSpec] = {
    "MonochromChess": ConditionSpec(installer("MonochromChess", True), preserves, changes_observation=True,
                                    with_effects=True),  # compared under Circe (tests/data/circe)
    "BichromChess": ConditionSpec(installer("BichromChess", False), preserves, changes_observation=True,
                                  with_effects=True),
}
"""The registry's entries (solver.conditions.registry)."""
