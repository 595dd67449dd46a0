"""Conditions of support (Popeye's names; py-engl.txt "condition"): a piece
is *supported* when a piece of its own side observes its square.

- `Patrouille`: a piece captures, and so gives check, only when supported
  (kings too: Popeye gives every piece the Patrol flag, royal ones
  included); its other moves are free.
- `UltraPatrol`: a piece moves at all, and observes, only when supported.
- `Lortap`: the other way round: a supported piece does not capture, nor
  observe (conditions/lortap.c).
- `SuperGuards`: a supported piece cannot be captured, and a supported king
  is not in check (conditions/superguards.c: the capture square observed
  by its side); `AntiGuards`: only a supported piece can be captured, and
  only a supported king is in check (conditions/antiguards.c).

Support is observation by a friendly piece's walk, validated at the
observer's level (`Rules.observation_observer`: the geometry of GridChess,
a Madrasi paralysis; Popeye's EVALUATE(observer), conditions/patrol.c).

What the conditions keep (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.move import capture_square, is_capture
from solver.conditions.rules import ConditionSpec, Rules, observation_preserves
from solver.conditions.watchers import observed_by


def installer(name: str, kind: str):
    """`kind`: 'patrol', 'ultra', 'lortap', 'superguards' or 'antiguards'."""

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        filters = rules.observation_observer  # read at each call: conditions installed later count

        def supported(pos, sq: int) -> bool:
            return observed_by(pos, sq, 1 if pos.board[sq] > 0 else -1, filters)

        def guarded(pos, frm: int, target: int) -> bool:
            piece = pos.board[target]
            side = (1 if piece > 0 else -1) if piece else (-1 if pos.board[frm] > 0 else 1)
            return observed_by(pos, target, side, filters)

        def move_allowed(pos, m: int) -> bool:
            frm = m & 127
            if kind == "ultra":
                return supported(pos, frm)
            if not is_capture(pos.board, m):
                return True
            if kind == "patrol":
                return supported(pos, frm)
            if kind == "lortap":
                return not supported(pos, frm)
            return guarded(pos, frm, capture_square(m, pos.side)) == (kind == "antiguards")

        def observation_allowed(pos, frm: int, target: int) -> bool:
            if kind in ("superguards", "antiguards"):
                return guarded(pos, frm, target) == (kind == "antiguards")
            return supported(pos, frm) != (kind == "lortap")

        rules.move_filters.append(move_allowed)
        rules.add_observation_filter(observation_allowed)
        return rules

    return install


preserves = observation_preserves


SPECS: dict[str, ConditionSpec] = {
    name: ConditionSpec(installer(name, kind), preserves, changes_observation=True,
                        with_effects=True)  # compared with Popeye under Circe (tests/data/circe)
    for name, kind in (("Patrouille", "patrol"), ("UltraPatrol", "ultra"), ("Lortap", "lortap"),
                       ("SuperGuards", "superguards"), ("AntiGuards", "antiguards"))
}
"""The registry's entries (solver.conditions.registry)."""
