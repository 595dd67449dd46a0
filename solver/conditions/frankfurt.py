"""FrankfurtChess (Popeye's name; py-engl.txt "condition"): a piece that
captures becomes a piece of the captured kind, of its own colour.

Popeye's rules (its conditions/frankfurt.c, solving/machinery/solvers.c,
stipulation/move.c), checked against Popeye 4.104's move lists and
solutions (tests/data/frankfurt/):
- after a capture (not e.p.: Popeye changes the walk after a "piece
  removal", and a pawn that takes e.p. takes a pawn anyway) the capturer
  takes the captured piece's walk on its arrival square; a capture of a
  piece of its own kind changes nothing and writes nothing;
- kings too (Popeye's default, "rex inclusive"): a king that captures a
  knight becomes a royal knight, its side's royal piece from then on
  (`Ke5*d4=rS`, later `rSd4-c6`); a royal pawn promotes to a royal piece
  (`rPh2-h1=rS`).  `FrankfurtChess RexExclusive`: kings (and royal pieces)
  do not change;
- the change comes before the promotion (Popeye's STFrankfurtWalkAdjuster
  precedes STBeforePawnPromotion): a pawn that captures on its last rank
  becomes the captured piece there and does not promote: one move,
  `b7*a8=R`, not four;
- check is observation by the pieces' present walks (a piece observes as
  what it is, not as what it would become by capturing);
- a royal pawn that has just made a double step is in check where an enemy
  pawn could take it e.p. (Popeye's en_passant_test_check): such a step is
  illegal.

The change is an effect rule (`Rules.effect_rules`, as the conditions of
solver/conditions/changers.py): the mover changed on its square by
`set_square` (the journal: unmake takes it back), legality judged after it.

What it keeps (`preserves`): not `no_effects` (the mover changes kind:
pins, checking geometry, flights, killer moves and the intelligent search
all assume it keeps its walk), not `walk_moves_only` (a pawn's capture on
the last rank is one move, not one per promotion the walks allow),
`capture_observes` (the royal pawn's e.p. check), `one_king` (a king
becomes a royal piece of another kind), `local_observation`.  It keeps
`orthodox_walks` (its pieces, orthodox ones only, move, capture and
observe as orthodox pieces do; a pawn that captures on its last rank
becomes one of Q, R, B, S).  The generator and check test are the generic
ones (the check by the attack tables of `generic.in_check_by_tables` off
FEERIE_GENERIC), but for the shortcut `king_capture_trial`: while the
royal pieces are kings, the moves that capture nothing by movegen, the
captures played and tried (`capture_trial`, as Circe's).

Royal pieces of the diagram (`white royal pf7`: Popeye's piece attribute)
are played, royal pawns too (the e.p. check above; `solver.pieces.attributes`
lets Royal go with this condition alone).  Refused by name: parameters
other than RexExclusive, fairy pieces, neutral pieces, the other piece
attributes, and any other condition beside it (`alone`: it binds its own
generator and check test).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.capabilities import (ALL_PROPERTIES, CAPTURE_OBSERVES, LOCAL_OBSERVATION,
                                        NO_EFFECTS, ONE_KING, WALK_MOVES_ONLY)
from solver.engine.effects import ROYAL
from solver.engine import movegen
from solver.engine.move import EN_PASSANT, PROMOTION
from solver.pieces import generic
from solver.conditions.variant import generic_forced
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules

NAME = "FrankfurtChess"
_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def walk_rule(rex_inclusive: bool):
    """The effect rule: a capturer takes the captured piece's kind (a king,
    under `rex_inclusive`, as a royal piece of that kind)."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        victim = pos.stack[-1][1]
        if not victim:          # no capture, or e.p. (a pawn takes a pawn)
            return
        piece = pos.board[to]
        if piece * side <= 0:
            return
        kind = -victim * side
        royal = piece * side == KING or pos.attrs.get(to, 0) & ROYAL
        if kind == piece * side or (royal and not rex_inclusive):
            return
        new_bits = pos.attrs.get(to, 0) | (ROYAL if royal else 0)
        pos.set_square(to, kind * side, new_bits)

    return rule


def pseudo_moves(pos, promotions=None, compiled=None, watch=None) -> list[int]:
    """The walks' moves, a pawn's capture on its last rank once, without
    promotion (the effect rule then gives it the captured kind)."""
    out: dict[int, None] = {}
    board = pos.board
    for m in generic.pseudo_moves(pos, promotions, watch=watch):
        if (m >> 14) & 7 == PROMOTION and board[(m >> 7) & 127]:
            m &= 0x3FFF
        out[m] = None
    return list(out)


def _royal_pawn_ep(pos, side: int) -> bool:
    """Has side's royal pawn just made a double step an enemy pawn may take
    e.p.?  (The position records the e.p. square only where one may.)"""
    k = pos.kings[side]
    return k >= 0 and pos.board[k] == PAWN * side and (k - 16 * side) in pos.ep


def in_check(pos, side: int | None = None) -> bool:
    """Check by the walks, and the royal pawn's e.p. check."""
    if side is None:
        side = pos.side
    return generic.in_check(pos, side) or _royal_pawn_ep(pos, side)


def table_check(pos, side: int | None = None) -> bool:
    """The same by the attack tables (`generic.in_check_by_tables`: the
    observation is orthodox); not on the generic path (FEERIE_GENERIC),
    where `in_check` is compared with it."""
    if side is None:
        side = pos.side
    return generic.in_check_by_tables(pos, side) or _royal_pawn_ep(pos, side)


def _captures(pos, m: int) -> bool:
    return bool(pos.board[(m >> 7) & 127]) or (m >> 14) & 7 == EN_PASSANT


def _kings(pos, side: int) -> bool:
    """Is side's royal piece a king (not yet a royal piece of another kind)?"""
    k = pos.kings[side]
    return k >= 0 and pos.board[k] == KING * side


def capture_trial(rules: Rules, one_capture_promotion: bool = True) -> None:
    """Bind the rule set's generator to the trial (shortcut
    `king_capture_trial`) where the variant allows it: while the mover's
    royal piece is a king, a move that captures nothing changes nothing, so
    its legality is orthodox (movegen's pins); each capture (once, without
    promotion, as `pseudo_moves`; each promotion under `one_capture_promotion`
    False: KobulKings) is played, its change with it, and tried;
    whether a move checks, while both royal pieces are kings, by movegen's
    checking geometry for the moves that capture nothing.  A royal piece of
    another kind (or a royal pawn) on either side: the generic generator."""
    if not rules.allows("king_capture_trial"):
        return
    generic_legal, generic_checking = rules._legal, rules._checking
    check = rules.in_check

    def legal_captures(pos, first_only: bool = False) -> list[int]:
        s = pos.side
        out: dict[int, None] = {}
        for m in movegen.pseudo_moves(pos):
            if not _captures(pos, m):
                continue
            if one_capture_promotion and (m >> 14) & 7 == PROMOTION:
                m &= 0x3FFF
                if m in out:
                    continue
            pos.make(m)
            if not check(pos, s):
                out[m] = None
            pos.unmake()
            if first_only and out:
                break
        return list(out)

    def legal(pos, first_only: bool = False) -> list[int]:
        if not _kings(pos, pos.side):
            return generic_legal(pos, first_only)
        quiet = [m for m in movegen.legal_moves(pos) if not _captures(pos, m)]
        if first_only and quiet:
            return quiet[:1]
        return quiet + legal_captures(pos, first_only)

    def checking(pos) -> list[int]:
        s = pos.side
        if not (_kings(pos, s) and _kings(pos, -s)):
            return generic_checking(pos)
        out = [m for m in movegen.checking_moves(pos) if not _captures(pos, m)]
        for m in legal_captures(pos):
            pos.make(m)
            if check(pos, -s):
                out.append(m)
            pos.unmake()
        return out

    rules._legal = legal
    rules._has_legal = lambda pos: bool(legal(pos, True))
    rules._checking = checking


PRESERVES = ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY, CAPTURE_OBSERVES, ONE_KING,
                              LOCAL_OBSERVATION}


def rex_inclusive_of(params: tuple[str, ...]) -> bool:
    """Popeye's parameter: `RexExclusive` (kings do not change); no other."""
    inclusive = True
    for param in params:
        if param.lower() == "rexexclusive" and inclusive:
            inclusive = False
        else:
            raise InputError(f"condition {NAME} {param} is not supported")
    return inclusive


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    inclusive = rex_inclusive_of(params)
    variant = rules.variant
    if variant.neutral:
        raise InputError(f"condition {NAME} with neutral pieces is not supported")
    if not variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {NAME} with fairy pieces is not supported")
    rules.effect_rules.append(walk_rule(inclusive))
    keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
    rules.bind_check(in_check if generic_forced() else table_check, None, pseudo_moves)
    capture_trial(rules)
    return rules


SPEC = ConditionSpec(install, lambda params: PRESERVES, has_effects=True, alone=True)
"""The registry's entry (solver.conditions.registry)."""
