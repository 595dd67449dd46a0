"""Circe Cage (`CageCirce`, `Circe Cage [Strict]`): the captured piece is reborn in a cage.

The rule as Popeye 4.104 has it (conditions/circe/cage.c, its rebirth squares
those of SuperCirce: conditions/circe/super.c; solving/temporary_hacks.c's
`make_cagecirce_noncapture_finder`; pieces/walks/pawns/pawn.c):
- the capturer chooses the rebirth square among the squares empty after
  the capture, but only a *cage*: a square from which the reborn piece has
  no legal move that captures nothing (Popeye tries, for the reborn piece's
  side, a one-move help play of that piece alone whose goal is "not a
  capture"; a move is legal when it leaves its own king out of check);
  one move per cage (`REBIRTH_CHOICE`, printed `Sa8*b6[+bPb8]`);
- a pawn reborn on its last rank promotes first (Popeye's
  STBeforePawnPromotion precedes the cage test): one move per kind, each
  kind's square a cage or not (`REBORN_PROMOTION`);
- if no cage exists the victim vanishes (the capture without rebirth), or,
  with `Strict`, the capture is illegal; a capture with a cage may not
  leave the victim out (that Popeye only plays when "there is no cage");
- a pawn on its own first rank (only a reborn one stands there) steps one
  square and captures from there (Popeye's `pawn_get_no_capture_length`
  under Cage), so it observes too;
- kings are not reborn (RexExclusive), so check is observation.

feerie plays it on orthodox pieces; fairy pieces, RexInclusive, the other
Circe parameters (circekinds' `_WITH`) and the conditions that change
observation (Madrasi ...) are refused by name.  The moves that
capture nothing come from the generic generator on a check test that knows
the first-rank pawns; each capture is played with each rebirth and tried.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions import circe_core
from solver.conditions.circe_core import _first_rank_pawn_checks, _on_first_rank
from solver.engine.board import KING, PAWN
from solver.engine.move import CASTLE, EN_PASSANT, REBIRTH_CHOICE, REBORN_PROMOTION
from solver.engine.movegen import piece_moves

_ORTHODOX = frozenset(range(1, 7))
_SQUARES = tuple(r << 4 | f for r in range(8) for f in range(8))


def _first_rank_pawn_moves(board, frm: int, s: int, captures: bool) -> list[int]:
    """The pseudo-legal moves of side s's pawn on its first rank, frm: its
    step (an empty square ahead), or its captures (enemy pieces diagonally
    ahead)."""
    out = []
    fwd = 16 * s
    for d in ((fwd - 1, fwd + 1) if captures else (fwd,)):
        to = frm + d
        if to & 0x88:
            continue
        if (board[to] * s < 0) if captures else not board[to]:
            out.append(frm | to << 7)
    return out


def install_cage(rules, v, name: str):
    """Circe Cage on the rule set (module docstring); `v`: the Circe variant
    read from the other parameters (Strict or not)."""
    from solver.pieces import generic

    from solver.conditions.circekinds import label_of

    label = label_of(name, "Cage")
    if not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {label} with fairy pieces is not supported")
    strict = v.strict
    promotions = rules.variant.promotions

    def refuse(*args, **kwargs) -> None:
        # the generator bound below would be bound again, on the filtered observation
        raise InputError(f"condition {label} with a condition that changes observation "
                         "is not supported")

    if rules.observation_filters:
        refuse()
    rules.add_observation_filter = refuse
    base_check = rules.in_check

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        return base_check(pos, side) or _first_rank_pawn_checks(pos, side)

    rules.in_check = check

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        sq = circe_core._chosen(m)
        if captured and sq is not None:
            victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
            circe_core._reborn(pos, sq, victim, m)

    rules.effect_rules.append(rebirth)
    circe_core._with_square_rights(rules)

    def tried(pos, moves, checking: bool) -> list[int]:
        s = pos.side
        out = []
        for m in moves:
            pos.make(m)
            if not check(pos, s) and (not checking or check(pos, -s)):
                out.append(m)
            pos.unmake()
        return out

    def first_rank(pos, captures: bool) -> list[int]:
        s = pos.side
        board = pos.board
        return [m for frm in pos.occupied[s] if _on_first_rank(board, frm)
                for m in _first_rank_pawn_moves(board, frm, s, captures)]

    def free(pos, sq: int) -> bool:
        """Has the piece on sq (its side to move) a legal move that captures nothing?"""
        board = pos.board
        piece = board[sq]
        r = 1 if piece > 0 else -1
        if _on_first_rank(board, sq):
            steps = _first_rank_pawn_moves(board, sq, r, False)
        else:
            steps = [m for m in piece_moves(pos, sq, abs(piece), r)
                     if not board[(m >> 7) & 127] and (m >> 14) & 7 not in (EN_PASSANT, CASTLE)]
        for m in steps:
            pos.make(m)
            legal = not check(pos, r)
            pos.unmake()
            if legal:
                return True
        return False

    def captures(pos, checking: bool = False, first_only: bool = False) -> list[int]:
        s = pos.side
        out = []
        for m in generic.pseudo_moves(pos, promotions) + first_rank(pos, True):
            capsq, victim = circe_core._capture(pos, m, s)
            if not victim or abs(victim) == KING:
                continue
            if checking:
                # the reborn piece is the checked side's: it may only block a check
                pos.make(m)         # (no choice: no rebirth)
                gives = check(pos, -s)
                pos.unmake()
                if not gives:
                    continue
            caged = False
            for sq in _SQUARES:
                if not circe_core._empty_after(pos, sq, m, capsq):
                    continue
                kinds = promotions if circe_core._on_last_rank(victim, sq) else (0,)
                for kind in kinds:
                    mk = m | (sq + 1) << REBIRTH_CHOICE | kind << REBORN_PROMOTION
                    pos.make(mk)
                    if not free(pos, sq):
                        caged = True
                        if not check(pos, s) and (not checking or check(pos, -s)):
                            out.append(mk)
                    pos.unmake()
            if not caged and not strict:
                out += tried(pos, [m], checking)
            if first_only and out:
                return out[:1]
        return out

    def base_legal(pos, first_only: bool = False) -> list[int]:
        return generic.legal_moves(pos, promotions, first_only, check) + tried(pos, first_rank(pos, False), False)

    def base_checking(pos) -> list[int]:
        return generic.checking_moves(pos, promotions, check) + tried(pos, first_rank(pos, False), True)

    def quiet(pos, moves: list[int]) -> list[int]:
        return [m for m in moves if not circe_core._capture(pos, m, pos.side)[1]]

    from solver.conditions.rules import bind_in_two_parts

    bind_in_two_parts(rules, base_legal, base_checking, quiet, captures)
    return rules
