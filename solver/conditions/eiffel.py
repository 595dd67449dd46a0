"""EiffelChess (Popeye's name; py-engl.txt "condition"): a piece is paralysed
while an enemy piece of the next kind in the chain observes it: a pawn by a
queen, a queen by a rook, a rook by a bishop, a bishop by a knight, a
knight by a pawn (conditions/eiffel.c); kings are never paralysed.  A
paralysed piece neither moves nor observes, as under Madrasi, whose
paralysis test it shares (`madrasi.paralysed`, with the other conditions'
geometry of observation; the paralyser need not be free to move).

What the condition keeps (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KNIGHT, PAWN, QUEEN, ROOK
from solver.conditions.madrasi import paralysed
from solver.conditions.rules import ConditionSpec, OBSERVER, Rules, observation_preserves

PARALYSER = {PAWN: QUEEN, QUEEN: ROOK, ROOK: BISHOP, BISHOP: KNIGHT, KNIGHT: PAWN}


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition EiffelChess {param} is not supported")
    geometry = rules.observation_geometry  # read at each call: conditions installed later count

    def frozen(pos, sq: int) -> bool:
        by = PARALYSER.get(abs(pos.board[sq]))
        return by is not None and paralysed(pos, sq, True, geometry, by=by)

    rules.move_filters.append(lambda pos, m: not frozen(pos, m & 127))
    rules.add_observation_filter(lambda pos, frm, target: not frozen(pos, frm), level=OBSERVER)
    return rules


preserves = observation_preserves


SPEC = ConditionSpec(install, preserves, changes_observation=True)
"""The registry's entry (solver.conditions.registry)."""
