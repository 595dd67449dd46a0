"""GhostChess and HauntedChess: captured pieces go to the underworld and come back.

The facts, from Popeye 4.x's sources (conditions/ghost_chess.c,
conditions/haunted_chess.c, position/underworld.c) and checked against
its solutions (tests/data/ghost/, tests/test_ghost.py):
- every capture (also e.p.) puts the captured piece, with its attributes,
  at the end of the *underworld*, below its capture square; under
  GhostChess it becomes Uncapturable there (Popeye's attribute, printed
  `u`: `Kf5*e4[+wuRf5]`, and the ghost then moves as `uRf5-f3`), under
  HauntedChess it does not, but a capture on a square that already has a
  ghost below it first sends the last of them away for good (Popeye's
  `underworld_find_last` and `forget_ghost`);
- after every move (both sides'), the underworld is read from its end to
  its start, and each ghost whose square is empty comes back onto it
  (`[+wRf5]`) and leaves the underworld: of two ghosts below one square,
  the later comes back first;
- an Uncapturable piece cannot be captured (also not e.p.), by a king
  neither; it observes and checks as its walk says.

The underworld is `EffectsPosition.underworld` (`solver.engine.effects`):
a tuple of (square, piece, bits) that the move's journal entry restores
and the Zobrist hash includes.  Popeye's input states buried pieces by
placing a piece on an occupied square; feerie's reader does not, so a
problem starts with an empty underworld.

What the conditions keep (`preserves`): not `no_effects` (a ghost comes
back on a square the move did not touch: pins, checking geometry, flights,
killer moves and the intelligent search are off); GhostChess's captures of
ghosts are forbidden moves of the walks (not `walk_moves_only`, nor
`king_steps_free`).  Check is still observation.  Refused: the two
together, and with any other condition (Popeye refuses them with Circe,
AntiCirce, Kamikaze pieces and HaanerChess); fairy pieces (untested: a
fairy pawn's e.p., a locust's victim); neutral pieces go with no condition
that has effects; a diagram piece placed on an occupied square, which
Popeye buries below the other (`Problem.buried`).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions.rules import ConditionSpec, Rules, bind_trial
from solver.engine.board import PAWN
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, NO_EFFECTS, WALK_MOVES_ONLY
from solver.engine.effects import UNCAPTURABLE
from solver.conditions.circe import _captures
from solver.engine.move import CASTLE, EN_PASSANT, capture_square
from solver.pieces.attributes import uncapturable_filter


_ORTHODOX = frozenset(range(1, 7))


def summon(pos, underworld: tuple) -> tuple:
    """Bring back every ghost of `underworld` whose square is empty, from
    the end to the start (Popeye's ghost summoner); the ghosts that stay."""
    board = pos.board
    left = list(underworld)
    i = len(left)
    while i > 0:
        i -= 1
        sq, piece, bits = left[i]
        if not board[sq]:
            pos.set_square(sq, piece, bits)
            del left[i]
    return tuple(left)


def _install(rules: Rules, params: tuple[str, ...], name: str, haunted: bool) -> Rules:
    for param in params:
        raise InputError(f"condition {name} {param} is not supported")
    v = rules.variant
    if not v.kinds <= _ORTHODOX or set(v.promotions) - _ORTHODOX:
        # untested against Popeye: a fairy pawn's e.p. square, a locust's victim
        raise InputError(f"condition {name} with fairy pieces is not supported")

    def ghosts(pos, m, side, frm, to, flag, bits, captured) -> None:
        underworld = pos.underworld
        if captured:
            capsq = capture_square(m, side)
            victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
            before = pos.journal[-1][1]
            vbits = before.get(capsq, 0) if before else 0
            if haunted:
                for i in range(len(underworld) - 1, -1, -1):
                    if underworld[i][0] == capsq:
                        underworld = underworld[:i] + underworld[i + 1:]
                        break
            else:
                vbits |= UNCAPTURABLE
            underworld = underworld + ((capsq, victim, vbits),)
        if underworld:
            underworld = summon(pos, underworld)
        if underworld != pos.underworld:
            pos.set_underworld(underworld)

    rules.effect_rules.append(ghosts)
    _capture_trial(rules)
    # Popeye sets Uncapturable among the possible attributes under both conditions;
    # only GhostChess's ghosts carry it
    rules.move_filters.append(uncapturable_filter)
    return rules


def _capture_trial(rules: Rules) -> None:
    """Circe's capture trial (`solver.conditions.circe.capture_trial`,
    shortcut `capture_trial`), widened to the underworld: a move that
    captures nothing, is no castling and leaves no square with a ghost below
    it has no effect, so its legality and its checks are orthodox (movegen's
    pins and checking geometry); every other move (a capture: it buries its
    victim; a move off a ghost's square: the ghost comes back) is played,
    with its effects, and tried."""
    def plain_of(pos):
        below = {sq for sq, _, _ in pos.underworld}
        return lambda m: not (_captures(pos, m) or (m >> 14) & 7 == CASTLE or (m & 127) in below)

    bind_trial(rules, plain_of)


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY, KING_STEPS_FREE}


SPECS: dict[str, ConditionSpec] = {
    "GhostChess": ConditionSpec(lambda rules, params: _install(rules, params, "GhostChess", False),
                                preserves, has_effects=True, alone=True),
    "HauntedChess": ConditionSpec(lambda rules, params: _install(rules, params, "HauntedChess", True),
                                  preserves, has_effects=True, alone=True),
}
