"""Imitator: imitators move in parallel with every move, by the same vector.

The facts, from Popeye 4.x's sources (conditions/imitator.c) and checked
against its solutions (tests/data/imitator/, tests/test_imitator.py):
- `Imitator a1b2...`: one imitator on each square; an imitator is no
  piece: it stands on an empty square, nothing captures or blocks it;
- every move moves every imitator by the move's vector: the moving piece's
  (castling: the king's plus the rook's, so 0-0 leaves them where they are,
  0-0-0 moves them one file right);
- a move is legal only if each imitator's own path is free: a rider's
  (Q, R, B) and a pawn's double step, every square of it in turn (the
  mover's departure square counts as empty); a leaper's (S, K) and a
  pawn's single step or capture, its arrival square; a hopper's line, its
  hurdle (a piece on the imitator's own hurdle square) and its arrival;
  each fairy walk's route is in solver.conditions.imitator_walks; castling:
  with the king lifted, one and two steps the king's way, and for 0-0-0,
  the king put on its arrival square, one step left, none, one step right.
  The edge of the board is no free square;
- after the move no imitator may stand on an occupied square;
- check: a piece observes the king only if its capture of the king would
  be legal by the rules above, the observer lifted from its square
  (Popeye validates every observation's geometry with them: check,
  castling through check; the moose family has a rule of its own,
  imitator_walks);
- a pawn on its promotion square may also promote into an imitator
  (`b7-b8[Ic5]=I`): it leaves the board and a new imitator stands there
  (it does not move with the move that made it); `NoIProm` forbids that.

Notation: the imitators' squares after the move, in Popeye's order,
`Kg3-h2[Ic5]`, `b7-b8[Ic5,e4]=Q`.

What the condition keeps: not `no_effects` (the imitators are state
beside the board), not `capture_observes`, `local_observation`,
`walk_moves_only`, `king_steps_free` (moves and observation depend on
the imitators' squares): pins, checking geometry, king walks, killer
tests and the intelligent search are off.  Refused by name: the walks
Popeye refuses too (imitator_walks.SUPPORTED lists the others: leapers,
riders, the grasshopper, moose and equihopper families, mao and moa),
neutral pieces and piece attributes, and any other condition than NoIProm.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions.rules import GEOMETRY, ConditionSpec, Rules
from solver.conditions import imitator_walks
from solver.engine.board import CASTLE_PATH, PAWN, parse_square
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEP_TURN, ONE_COLOUR, ONE_KING, ORTHODOX_WALKS, SINGLE_MOVE_TURNS
from solver.engine.move import CASTLE, EN_PASSANT, IMITATOR_PROMOTION, PROMOTION

PRESERVES = frozenset({ORTHODOX_WALKS, ONE_KING, KING_STEP_TURN, SINGLE_MOVE_TURNS, ONE_COLOUR})


def _free(board, sq: int, frm: int, taken: int = -1) -> bool:
    """Is `sq` free for an imitator (the departure `frm` counts as empty,
    `taken` as occupied; off the board is not free)?"""
    if sq == frm:
        return True
    return 0 <= sq < 128 and not sq & 0x88 and sq != taken and not board[sq]


def paths_free(pos, frm: int, to: int) -> bool:
    """May every imitator make the move frm-to's journey (not castling)?"""
    return imitator_walks.may_move(pos.board, pos.imitators, frm, to)


def _rook_move(m: int) -> tuple[int, int]:
    frm = m & 127
    rf = (frm & 0x70) | ((m >> 17) & 7)
    return rf, CASTLE_PATH[(frm, rf)][1]


def castling_free(pos, m: int) -> bool:
    """Popeye's castlingimok: the imitators follow the king, then the rook."""
    board = pos.board
    frm = m & 127
    d = ((m >> 7) & 127) - frm
    imitators = pos.imitators
    if d == 2:
        return all(_free(board, i + 1, frm) and _free(board, i + 2, frm) for i in imitators)
    if d == -2:
        if not all(_free(board, i - 1, frm) and _free(board, i - 2, frm) for i in imitators):
            return False
        king = frm - 2   # the king stands on its arrival square, the rook still on its own
        return all(_free(board, i + k, frm, king) for i in imitators for k in (-1, 0, 1))
    raise InputError("castling other than orthodox castling with Imitator is not supported")


def _vector(m: int) -> int:
    frm = m & 127
    to = (m >> 7) & 127
    if (m >> 14) & 7 == CASTLE:
        rf, rt = _rook_move(m)
        return to - frm + rt - rf
    return to - frm


def _landing_free(pos, m: int) -> bool:
    """After the move, no imitator on an occupied square (Popeye's
    imitator_detect_illegal_moves), judged from the position before it."""
    board = pos.board
    frm = m & 127
    to = (m >> 7) & 127
    d = _vector(m)
    gone = {frm}
    full = {to}
    flag = (m >> 14) & 7
    if flag == CASTLE:
        rf, rt = _rook_move(m)
        gone.add(rf)
        full.add(rt)
    elif flag == EN_PASSANT:
        gone.add(to - 16 * (1 if board[frm] > 0 else -1))
    for i in pos.imitators:
        sq = i + d
        if not (0 <= sq < 128) or sq & 0x88 or sq in full or (board[sq] and sq not in gone):
            return False
    return True


def allowed(pos, m: int) -> bool:
    """The move filter: the imitators' paths are free, and where they land."""
    if not pos.imitators:
        return True
    if (m >> 14) & 7 == CASTLE:
        if not castling_free(pos, m):
            return False
    elif not paths_free(pos, m & 127, (m >> 7) & 127):
        return False
    return _landing_free(pos, m)


def observes(pos, frm: int, target: int) -> bool:
    """The observation filter: the piece on frm observes target only if
    every imitator could make the same journey (Popeye:
    imitator_validate_observation)."""
    return not pos.imitators or imitator_walks.may_observe(pos.board, pos.imitators, frm, target)


def move_imitators(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The effect rule: the imitators move by the move's vector; a pawn
    promoted into an imitator leaves the board for a new one on its square."""
    imitators = pos.imitators
    d = _vector(m)
    new = tuple(i + d for i in imitators) if d else imitators
    if m & IMITATOR_PROMOTION:
        pos.set_square(to, 0)
        new = new + (to,)
    if new != imitators:
        pos.set_imitators(new)


def _promotions_into_imitators(rules: Rules):
    """The extra moves: each legal promotion of an orthodox pawn, into an
    imitator (made as the promotion to the first promotee, which the effect
    takes off); `checking`: those after which the opponent is in check."""

    def gen(pos, checking: bool = False) -> list[int]:
        if getattr(rules, "no_imitator_promotion", False):
            return []
        side = pos.side
        board = pos.board
        promo = rules.variant.promotions[0]
        last = 7 if side > 0 else 0
        out = []
        for frm in list(pos.occupied[side]):
            if board[frm] != PAWN * side or (frm >> 4) != last - side:
                continue
            for d in (16 * side, 16 * side - 1, 16 * side + 1):
                to = frm + d
                if to & 0x88:
                    continue
                if d == 16 * side:
                    if board[to]:
                        continue
                elif not board[to] * side < 0:
                    continue
                m = frm | to << 7 | PROMOTION << 14 | promo << 17 | IMITATOR_PROMOTION
                pos.make(m)
                ok = not rules.in_check(pos, side) and (not checking or rules.in_check(pos, -side))
                pos.unmake()
                if ok:
                    out.append(m)
        return out

    return gen


def parse_squares(params: tuple[str, ...]) -> tuple[int, ...]:
    squares = []
    for param in params:
        text = param.lower()
        if len(text) % 2 or not text:
            raise InputError(f"condition Imitator {param} is not supported")
        for k in range(0, len(text), 2):
            try:
                squares.append(parse_square(text[k:k + 2]))
            except (ValueError, KeyError, IndexError):
                raise InputError(f"condition Imitator {param} is not supported") from None
    if not squares:
        raise InputError("condition Imitator needs a list of squares")
    return tuple(squares)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    squares = parse_squares(params)
    v = rules.variant
    name = imitator_walks.unsupported_kind(set(v.kinds) | set(v.promotions))
    if name:
        # Popeye refuses them too ("conditions too fairy for imitator")
        raise InputError(f"condition Imitator with {name} is not supported")
    if v.neutral or v.attributes:
        raise InputError("condition Imitator with neutral pieces or piece attributes is not supported")
    rules.effect_rules.append(move_imitators)
    rules.move_filters.append(allowed)
    rules.extra_moves.append(_promotions_into_imitators(rules))
    rules.add_observation_filter(observes, GEOMETRY)
    base = rules.position

    def position(problem, side: int):
        pos = base(problem, side)
        for sq in squares:
            if pos.board[sq]:
                raise InputError("condition Imitator: an imitator on an occupied square is not supported")
        pos.set_imitators(squares)
        return pos

    rules.position = position
    return rules


def install_no_promotion(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition NoIProm {param} is not supported")
    rules.no_imitator_promotion = True
    return rules


SPECS: dict[str, ConditionSpec] = {
    "Imitator": ConditionSpec(install, lambda params: PRESERVES, has_effects=True, alone=True,
                              family="imitator"),
    # no promotion into an imitator: meaningful beside Imitator only
    "NoIProm": ConditionSpec(install_no_promotion, lambda params: ALL_PROPERTIES, with_effects=True,
                             family="imitator"),
}
