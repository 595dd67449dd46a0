"""SAT (Popeye's name): a king is in check when it has a flight.

As Popeye 4.104 has it (conditions/sat.c, input/plaintext/condition.c): a
flight is a square the king's walk reaches, empty or held by an enemy
piece, not the other king's, where the king (lifted from its square) would
not be observed; `SAT n m` lets White's king have n flights and Black's m
(`SAT n`: both n; `SAT`: none) before it is in check; feerie plays
`SAT` alone, without numbers.  A move that would
capture the king is not legal (the king may stand observed without being in
check).  A position whose first mover's opponent is in check is refused, as
in orthodox chess ("the side to play can capture the king").

The check test is this module's (`Rules.bind_check`, on the generic
generator); castling, as Popeye has it, needs the king out of check on its
square and on the square it crosses.  What the condition keeps (`preserves`): moves,
effects and turns as in orthodox chess; nothing built on check being
observation (`capture_observes`, `local_observation`), nor `walk_moves_only`
(a capture of the king is forbidden) and `king_steps_free`.  Played alone.
`StrictSAT` (whose state depends on the game before) is not supported.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import (
    KING_STEP_TURN, NO_EFFECTS, ONE_COLOUR, ONE_KING, ORTHODOX_WALKS, SINGLE_MOVE_TURNS,
)
from solver.conditions.lesemajeste import no_king_capture
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.catalogue import BY_KIND
from solver.pieces.families import piece_moves
from solver.pieces.generic import observed

PRESERVES = frozenset({ORTHODOX_WALKS, NO_EFFECTS, ONE_KING, KING_STEP_TURN, SINGLE_MOVE_TURNS,
                       ONE_COLOUR})


def allowed_flights(params: tuple[str, ...]) -> dict[int, int]:
    """side -> how many flights its king may have without being in check.
    (`SAT n m`, which Popeye writes in Roman numerals, `SAT I`, `SAT /I`, is
    not supported: none.)"""
    if params:
        raise InputError(f"condition SAT {' '.join(params)} is not supported")
    return {1: 0, -1: 0}


def flights(board, ksq: int, enemies, other: int, enough: int) -> int:
    """The flights of the king on ksq from the enemy pieces on `enemies`
    (`other`: the enemy king's square), counted up to `enough`."""
    code = board[ksq]
    moves = piece_moves(board, ksq, BY_KIND[abs(code)].walks)
    found = 0
    board[ksq] = 0
    try:
        for t, _, _ in moves:
            if t == other:
                continue
            # the king stands on t for the test: a pawn observes only a square it could take on
            held = board[t]
            board[t] = code
            free = not observed(board, t, enemies)
            board[t] = held
            if free:
                found += 1
                if found >= enough:
                    break
    finally:
        board[ksq] = code
    return found


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    if rules.variant.neutral:
        raise InputError("condition SAT with neutral pieces is not supported")
    allowed = allowed_flights(params)

    def in_check_on(pos, ksq: int, side: int) -> bool:
        enough = allowed[side] + 1
        return flights(pos.board, ksq, pos.occupied[-side], pos.kings[-side], enough) >= enough

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        return ksq >= 0 and in_check_on(pos, ksq, side)

    def watch(pos, target: int, pieces) -> bool:
        """Castling's test of a square the king stands on (Popeye: is_in_check)."""
        return in_check_on(pos, target, 1 if pos.board[target] > 0 else -1)

    rules.bind_check(check, watch)
    rules.move_filters.append(no_king_capture)
    return rules


SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True)
"""The registry's entry (solver.conditions.registry)."""
