"""WhiteEdgeMover and BlackEdgeMover (Popeye's names; py-engl.txt
"condition"): that side's pieces move only to squares on the edge of the
board, and observe only there (conditions/edgemover.c: a filter of the
moves and of the geometry of observation), so that they check a king only
on the edge.

What the conditions keep (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BLACK, WHITE
from solver.conditions.rules import ConditionSpec, GEOMETRY, Rules, observation_preserves


def on_edge(sq: int) -> bool:
    return (sq & 7) in (0, 7) or (sq >> 4) in (0, 7)


def installer(name: str, side: int):
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.move_filters.append(lambda pos, m: pos.side != side or on_edge((m >> 7) & 127))
        rules.add_observation_filter(
            lambda pos, frm, target: (pos.board[frm] > 0) != (side > 0) or on_edge(target), level=GEOMETRY)
        return rules

    return install


preserves = observation_preserves


SPECS: dict[str, ConditionSpec] = {
    name: ConditionSpec(installer(name, side), preserves, changes_observation=True)
    for name, side in (("WhiteEdgeMover", WHITE), ("BlackEdgeMover", BLACK))
}
"""The registry's entries (solver.conditions.registry)."""
