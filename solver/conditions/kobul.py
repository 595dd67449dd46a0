"""KobulKings (Popeye's name; py-engl.txt "condition"): when a piece is
captured, its side's king becomes a royal piece of the captured kind (a
king again when a pawn is captured).

Popeye's rules (its conditions/kobul.c, output/plaintext/plaintext.c),
checked against Popeye 4.104's solutions (tests/data/kobul/ and the corpus,
EXAMPLES/kobul.inp):
- after a capture (e.p. too) the royal piece of the side that lost a piece
  takes the captured piece's walk on its square, and keeps its royalty: a
  king becomes a royal rook (`rSc3*a4[b7=rR]`), a royal rook a king when a
  pawn is taken (`rRb7*a7[a4=K]`); a capture of its own kind changes
  nothing and writes nothing.  The mover's own royal piece never changes;
- the change comes with the move, before its legality is judged: a king
  turned queen may check the capturer's king, and the capture is then
  illegal;
- `KobulKings White` / `Black`: only that side's king changes.
- Royal pieces of the diagram (`black royal Sc3`) are the royal pieces that
  change (Popeye's king square).  A royal pawn never arises (a pawn taken
  makes a king).

The change is an effect rule (solver.conditions.changers' model) on the
other side's royal square, written bracketed (`[b7=rR]`, `describe`).

What it keeps (`preserves`): not `no_effects` (a capture changes a piece
elsewhere: pins, checking geometry, flights, killer moves and the
intelligent search are off), `one_king` (a king becomes a royal piece of
another kind), `local_observation`.  The shortcut `king_capture_trial`
(solver.conditions.frankfurt.capture_trial): while both royal pieces are
kings, the moves that capture nothing by movegen, the captures played and
tried.  Refused by name: other parameters, fairy pieces, neutral pieces,
piece attributes other than Royal (whose flags Popeye passes to the king),
a royal pawn, any other condition beside it.
"""

from __future__ import annotations

from dataclasses import replace

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, LOCAL_OBSERVATION, NO_EFFECTS, ONE_KING
from solver.engine.effects import ROYAL
from solver.engine.move import EN_PASSANT
from solver.conditions.frankfurt import capture_trial
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules

NAME = "KobulKings"
_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def kobul_rule(sides: tuple[int, ...]):
    """The effect rule: the royal piece of the side that lost a piece (one of
    `sides`) takes the captured kind (a pawn's: king)."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured or -side not in sides:
            return
        victim = PAWN if flag == EN_PASSANT else abs(pos.stack[-1][1])
        if not victim:
            return
        k = pos.kings[-side]
        if k < 0:
            return
        kind = KING if victim == PAWN else victim
        old = pos.board[k]
        if old == kind * -side:
            return
        bits_now = pos.attrs.get(k, 0)
        pos.set_square(k, kind * -side, bits_now & ~ROYAL if kind == KING else bits_now | ROYAL)

    return rule


def bracket_royal_changes(rules: Rules) -> None:
    """Write the royal piece's change of kind as Popeye does, `[b7=rR]`,
    `[a4=K]` (bracketed: it is not the mover's)."""
    describe = rules.describe

    def described(pos, turn) -> tuple:
        out = []
        for c in describe(pos, turn):
            effects = tuple(replace(e, bracketed=True)
                            if e.before and e.after and e.before[0] == e.after[0] and e.square != c.to
                            else e for e in c.effects)
            out.append(replace(c, effects=effects))
        return tuple(out)

    rules.describe = described


def sides_of(params: tuple[str, ...]) -> tuple[int, ...]:
    """Popeye's parameter: `White` or `Black` (only that side's king); none: both."""
    if not params:
        return (WHITE, -WHITE)
    if len(params) == 1 and params[0] in ("White", "Black"):
        return (WHITE,) if params[0] == "White" else (-WHITE,)
    raise InputError(f"condition {NAME} {' '.join(params)} is not supported")


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    sides = sides_of(params)
    variant = rules.variant
    if variant.neutral:
        raise InputError(f"condition {NAME} with neutral pieces is not supported")
    if not variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {NAME} with fairy pieces is not supported")
    rules.effect_rules.append(kobul_rule(sides))
    keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
    capture_trial(rules, one_capture_promotion=False)
    bracket_royal_changes(rules)
    return rules


PRESERVES = ALL_PROPERTIES - {NO_EFFECTS, ONE_KING, LOCAL_OBSERVATION}

SPEC = ConditionSpec(install, lambda params: PRESERVES, has_effects=True, alone=True)
"""The registry's entry (solver.conditions.registry)."""
