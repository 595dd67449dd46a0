"""Take&MakeChess (Popeye's name; py-engl.txt, "condition"): a piece that
captures must then make a non-capturing move, from the square it took on,
with the walk of the piece it took (as a piece of the taken one's side: a
taken black pawn makes a step down, two from the 7th rank); a capture that
cannot make is no move at all.

Popeye's semantics, checked against Popeye 4.104's move lists
(tests/data/capturer/):
- the move is written as a locust's, `Qd4*d5-d4`: from, the square taken
  on, the square made to; the departure square is empty for the make, so
  the capturer may make back to it (`Rd1*d5-d1`: written so);
- a taken pawn on its own first rank makes no move; a pawn that captures
  may not make to its own first rank; one that makes to its last rank
  promotes (`b7*c8-a8=Q`);
- e.p.: the capturing pawn stands on the e.p. square and makes the taken
  pawn's step from there, onto the square the taken pawn left: Popeye
  writes it as a plain capture of that square, `e5*d5`;
- check is the orthodox one (an enemy piece observes the king: Popeye's
  Take&Make without `Absolute`, which feerie refuses); castling and its
  rights as in orthodox chess.

How: a move filter drops the walks' captures, and an extra-move generator
adds the legal take-and-make moves (`TAKE_MAKE` marks them): a locust
move (`LOCUST`, the promotion kind in its promotion bits, made by the
effect rule); the e.p. one as a plain capture; one that makes back to its
departure square as a plain capture marked `RETURNS`, which the effect
rule moves back (`solver.model.record.component` writes it as Popeye
does).  Orthodox pieces only (the make uses the orthodox generator).

What it keeps (`preserves`): everything but `walk_moves_only` (moves no
walk has, and walk captures that are not moves: no killer test, no
intelligent search) and `king_steps_free` (a king's capture may not be a
move: no flight refutation), each tested against `FEERIE_GENERIC=1`.  It
keeps `no_effects`: a move changes only its own squares (the effect rule
only finishes a locust-like move there), so the orthodox generator and its
pins and checking geometry serve the walks' non-captures, which are all
the walk moves left; the take-and-make moves test their own legality.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, WALK_MOVES_ONLY
from solver.engine.board import CASTLE_BIT
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE, LOCUST, PROMOTION, RETURNS, TAKE_MAKE
from solver.engine.position import Z_CASTLE
from solver.engine.movegen import piece_moves, pseudo_moves
from solver.conditions.rules import ConditionSpec, Rules

_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
_PLACE = 127 << 17                 # the promotion bits of a move


def _is_capture(board, m: int) -> bool:
    flag = (m >> 14) & 7
    return flag == EN_PASSANT or flag == LOCUST or (
        flag != CASTLE and flag != EXCHANGE and board[(m >> 7) & 127] != 0)


def _makes(pos, frm: int, arrival: int, capsq: int, taken: int) -> set[int]:
    """The squares the capturer may make to from `arrival`, with the walk of
    `taken` (the taken piece, as it stood on capsq), on the board with the
    capturer on `arrival` and frm and capsq empty."""
    board = pos.board
    side = -pos.side            # the taken piece's side generates
    kind = taken * side
    if kind == PAWN and arrival >> 4 == (0 if side == WHITE else 7):
        return set()            # a pawn on its first rank has no step (Popeye)
    mover = board[frm]
    saved = board[arrival], board[capsq]
    board[frm] = 0
    board[capsq] = 0
    board[arrival] = taken
    try:
        return {(m >> 7) & 127 for m in piece_moves(pos, arrival, kind, side)
                if not board[(m >> 7) & 127] and (m >> 14) & 7 != EN_PASSANT}
    finally:
        board[arrival], board[capsq] = saved
        board[frm] = mover


def take_make_moves(pos, promotions: tuple[int, ...]) -> list[int]:
    """The pseudo-legal take-and-make moves of the side to move (a pawn
    that makes to its last rank promotes to one of `promotions`)."""
    board = pos.board
    s = pos.side
    out = []
    for m in pseudo_moves(pos):
        if not _is_capture(board, m) or (m >> 14) & 7 == PROMOTION and (m >> 17) & 127 != QUEEN:
            continue            # (a capturing promotion takes once, as the pawn it is)
        frm, arrival, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
        capsq = arrival - 16 * s if flag == EN_PASSANT else arrival
        pawn = board[frm] == PAWN * s
        first, last = (0, 7) if s == WHITE else (7, 0)
        for to in sorted(_makes(pos, frm, arrival, capsq, board[capsq])):
            if pawn and to >> 4 == first:
                continue        # a pawn may not make to its first rank
            if to == frm:
                out.append(frm | capsq << 7 | RETURNS | TAKE_MAKE)
            elif to == capsq:   # e.p.: onto the square the taken pawn left
                out.append(frm | capsq << 7 | TAKE_MAKE)
            elif pawn and to >> 4 == last:
                out += [frm | to << 7 | LOCUST << 14 | k << 17 | capsq << 24 | TAKE_MAKE
                        for k in promotions]
            else:
                out.append(frm | to << 7 | LOCUST << 14 | capsq << 24 | TAKE_MAKE)
    return out


def effect(pos, m, side, frm, to, flag, bits, captured) -> None:
    """What the position's move does not: the capturer that makes back to
    its departure square goes back; a pawn that makes to its last rank
    promotes; a castling right of the square taken on is lost."""
    if m & RETURNS:
        piece = pos.board[to]
        bits_now = pos.attrs.get(to, 0)
        pos.set_square(to, 0, 0)
        pos.set_square(frm, piece, bits_now)
    elif flag == LOCUST:
        if m & _PLACE:
            pos.set_square(to, ((m >> 17) & 127) * side, pos.attrs.get(to, 0))
        # a rook taken on its corner takes its castling right along (the
        # position's locust move clears only frm's and to's); unmake puts
        # the rights and the hash back from its stack
        castling = pos.castling
        kept = castling & ~CASTLE_BIT[(m >> 24) & 127]
        if kept != castling:
            pos.hash ^= Z_CASTLE[castling] ^ Z_CASTLE[kept]
            pos.castling = kept


# It finishes the move on the move's own squares (departure, the square taken
# on, arrival): what a locust's move or a promotion does; nothing no_effects
# rules out (solver.conditions.registry).
effect.own_squares = True


def install_capture_moves(rules: Rules, name: str, generate) -> None:
    """What Take&Make and Make&Take share: orthodox pieces only, and every capture replaced by the moves `generate(pos,
    promotions)` makes of it (marked TAKE_MAKE), each kept when it leaves
    the mover's king safe (and, asked for checking moves, gives check)."""
    if not rules.variant.kinds <= _ORTHODOX or set(rules.variant.promotions) - _ORTHODOX:
        raise InputError(f"condition {name} with fairy pieces is not supported")

    def legal(pos, checking: bool = False) -> list[int]:
        s = pos.side
        out = []
        for m in generate(pos, rules.variant.promotions):
            pos.make(m)
            if not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                out.append(m)
            pos.unmake()
        return out

    rules.move_filters.append(lambda pos, m: m & TAKE_MAKE or not _is_capture(pos.board, m))
    rules.extra_moves.append(legal)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition Take&MakeChess {param} is not supported")
    install_capture_moves(rules, "Take&MakeChess", take_make_moves)
    rules.effect_rules.append(effect)
    return rules


PRESERVES = ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE}

SPEC = ConditionSpec(install, lambda params: PRESERVES, has_effects=True, adds_moves=True)
"""The registry's entry (solver.conditions.registry)."""
