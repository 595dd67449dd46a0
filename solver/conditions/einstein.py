"""EinsteinChess, ReversalEinsteinChess, AntiEinsteinChess (Popeye's names,
py-engl.txt "condition"), and the kind changes Circe's `Einstein` and
`ReversalEinstein` parameters give the reborn piece (solver.conditions.circe).

Popeye's rules (its conditions/einstein/ and pieces/walks/pawns/pawn.c),
checked against Popeye 4.104's move lists (tests/data/einstein/):
- EinsteinChess: a piece that captures moves up the sequence
  P -> S -> B -> R -> Q (a queen stays one), a piece that moves without
  capturing moves down it (Q -> R -> B -> S -> P; a pawn stays one); kings
  do not change.  A castling moves its rook without capture: the rook
  becomes a bishop (Popeye writes `0-0=B`).  Notation: `Qd1-d4=R`.
- ReversalEinsteinChess: the other way round (a capturer moves down, the
  others up: `e2-e4=S`, `0-0=Q`).
- AntiEinsteinChess: only a piece that does not capture changes, down.
Under all three Popeye sets no promotion square at all: a pawn that
reaches its last rank stays a pawn there (and has no move).  A pawn on its
own first rank (one a knight became there) steps one, two or three squares
forward, captures diagonally forward and observes those squares; its
double step (to the 3rd rank) may be taken e.p. on the 2nd, its triple
step (to the 4th) on the 2nd and on the 3rd rank: the capture on the 2nd
takes the pawn two ranks beyond the capturer's arrival.  The e.p. right
goes by the piece that moved: a pawn's step records it whatever it becomes,
and the piece it became is taken e.p. (ReversalEinsteinChess: a knight).
Both are locust moves marked `FAR_EN_PASSANT` (the victim is not a pawn
beside `to`), written as Popeye writes any e.p. capture, `c3*d2 ep.=S`.

The change is an effect rule (`Rules.effect_rules`, as the conditions of
solver/conditions/changers.py), run after the move: the mover (and a
castling rook) changed on its square by `set_square`, so unmake takes it
back, and legality is judged after the change (Popeye's order).

What they keep (`preserves`): not `no_effects` (pins, check geometry,
flights, killer moves, the intelligent search all assume the mover keeps
its kind), not `orthodox_walks` nor `capture_observes` (pawns move and
observe from the first rank, never promote: the generic generator and
check test run, with this module's pawn moves; the check test by the
orthodox attack tables, which count first-rank pawns as Einstein chess
does, but on the generic path, FEERIE_GENERIC), not `walk_moves_only`,
`local_observation`, `king_steps_free`.  Refused by name: fairy pieces,
piece attributes, parameters; combinations with another condition with
effects (solver.conditions.registry).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, CASTLE_PATH, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.capabilities import (ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE,
                                        JOURNAL_TESTED, LOCAL_OBSERVATION, NO_EFFECTS, ORTHODOX_WALKS,
                                        WALK_MOVES_ONLY)
from solver.engine.move import CASTLE, DOUBLE, FAR_EN_PASSANT, LOCUST, NORMAL, PROMOTION
from solver.engine import movegen
from solver.pieces import generic
from solver.conditions.variant import generic_forced
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules

UP = {PAWN: KNIGHT, KNIGHT: BISHOP, BISHOP: ROOK, ROOK: QUEEN}
"""Popeye's `einstein_increase_walk` (other kinds stay)."""
DOWN = {QUEEN: ROOK, ROOK: BISHOP, BISHOP: KNIGHT, KNIGHT: PAWN}
"""Popeye's `einstein_decrease_walk`."""

_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def changed(kind: int, table: dict[int, int]) -> int:
    """The kind `kind` becomes by `table` (UP or DOWN): itself if not in it."""
    return table.get(kind, kind)


def kind_rule(on_capture: dict[int, int] | None, on_quiet: dict[int, int] | None):
    """The effect rule: the mover (a castling's rook too) changes by
    `on_capture` if it captured, by `on_quiet` if not (None: no change)."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        table = on_capture if captured else on_quiet
        if table is None:
            return
        board = pos.board
        squares = [to]
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            squares.append(CASTLE_PATH[(frm, rf)][1])
        for sq in squares:
            kind = board[sq] * side
            if kind > 0 and kind in table:
                pos.set_square(sq, table[kind] * side, pos.attrs.get(sq, 0))

    return rule


def triple_step_ep(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A pawn's triple step from its first rank: the two squares it passed
    over become e.p. squares (where an enemy pawn could take; run before the
    change of kind: it is the pawn that moved)."""
    if captured or flag != NORMAL or to - frm != 48 * side or pos.board[to] != PAWN * side:
        return
    board = pos.board
    enemy = -PAWN * side
    near, far = frm + 32 * side, frm + 16 * side
    squares = []
    for e, beside in ((near, to), (far, near)):
        if any(not (beside + d) & 0x88 and board[beside + d] == enemy for d in (-1, 1)):
            squares.append(e)
    if squares:
        pos.set_ep(tuple(squares))


def _first_rank(sq: int, side: int) -> bool:
    return sq >> 4 == (0 if side > 0 else 7)


def pseudo_moves(pos, promotions=None, compiled=None, watch=None) -> list[int]:
    """The walks' moves with no promotion (a pawn stays one on its last rank),
    the moves of pawns on their first rank (1 to 3 steps, captures) and the
    e.p. captures of a triple step over the 2nd rank."""
    out: dict[int, None] = {}
    for m in generic.pseudo_moves(pos, (PAWN,), watch=watch):
        if (m >> 14) & 7 == PROMOTION:
            m &= 0x3FFF
        out[m] = None
    s = pos.side
    board = pos.board
    for frm in sorted(pos.occupied[s]):
        if board[frm] != PAWN * s or not _first_rank(frm, s):
            continue
        for d in (16 * s - 1, 16 * s + 1):
            to = frm + d
            if not to & 0x88 and board[to] * s < 0:
                out[frm | to << 7] = None
        to = frm
        for steps in (1, 2, 3):
            to += 16 * s
            if board[to]:
                break
            out[frm | to << 7 | (DOUBLE << 14 if steps == 2 else 0)] = None
    for e in pos.ep:
        if board[e]:
            continue
        capsq = e - 16 * s          # the pawn's arrival after a double step ...
        if not board[capsq]:
            capsq -= 16 * s         # ... or after a triple step, over e on the 2nd rank
        if capsq & 0x88 or board[capsq] * s >= 0 or board[capsq] == -PAWN * s and capsq == e - 16 * s:
            continue                # (a pawn beside `to`: generic's EN_PASSANT move)
        for frm in ((e - 15, e - 17) if s > 0 else (e + 15, e + 17)):
            if not frm & 0x88 and board[frm] == PAWN * s:
                out[frm | e << 7 | LOCUST << 14 | capsq << 24 | FAR_EN_PASSANT] = None
    return list(out)


def _first_rank_checks(pos, side: int) -> bool:
    """Is side's king diagonally in front of an enemy pawn on that pawn's first rank?"""
    k = pos.kings[side]
    if k < 0:
        return False
    for d in (-1, 1):
        sq = k + 16 * side + d
        if not sq & 0x88 and pos.board[sq] == -PAWN * side and _first_rank(sq, -side):
            return True
    return False


def in_check(pos, side: int | None = None) -> bool:
    """Check: the walks' observation, and a pawn's from its first rank."""
    if side is None:
        side = pos.side
    return generic.in_check(pos, side) or _first_rank_checks(pos, side)


def table_check(pos, side: int | None = None) -> bool:
    """The same by the orthodox attack tables (`movegen.in_check`, in which a
    pawn on its first rank observes nothing, as in Popeye's orthodox chess),
    and a pawn's observation from its first rank added (the pieces are
    orthodox: refused otherwise).  Not on the generic path (FEERIE_GENERIC),
    where `in_check` is compared with it."""
    if side is None:
        side = pos.side
    return movegen.in_check(pos, side) or _first_rank_checks(pos, side)


PRESERVES = ALL_PROPERTIES - {NO_EFFECTS, ORTHODOX_WALKS, CAPTURE_OBSERVES, WALK_MOVES_ONLY,
                              LOCAL_OBSERVATION, KING_STEPS_FREE}


def einstein_spec(name: str, on_capture, on_quiet, journal: bool = False) -> ConditionSpec:
    """`journal`: the goals that read the last move were compared with
    Popeye's under it (tests/test_movegoals.py: the mover changes kind in
    place, so a target square is its arrival; `capabilities.MOVE_JOURNAL`)."""
    rule = kind_rule(on_capture, on_quiet)

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        if rules.variant.attributes:
            raise InputError(f"condition {name} with piece attributes is not supported")
        if not rules.variant.kinds <= _ORTHODOX:
            raise InputError(f"condition {name} with fairy pieces is not supported")
        rules.effect_rules.append(triple_step_ep)
        rules.effect_rules.append(rule)
        keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
        rules.bind_check(in_check if generic_forced() else table_check, None, pseudo_moves)
        return rules

    preserves = PRESERVES | {JOURNAL_TESTED} if journal else PRESERVES
    return ConditionSpec(install, lambda params: preserves, has_effects=True)


SPECS: dict[str, ConditionSpec] = {
    "EinsteinChess": einstein_spec("EinsteinChess", UP, DOWN, journal=True),
    "ReversalEinsteinChess": einstein_spec("ReversalEinsteinChess", DOWN, UP),
    "AntiEinsteinChess": einstein_spec("AntiEinsteinChess", None, DOWN),
}
"""The registry's entries (solver.conditions.registry)."""
