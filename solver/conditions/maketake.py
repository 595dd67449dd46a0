"""Make&TakeChess (Popeye's name; py-engl.txt, "condition"): a piece that
captures must first make a non-capturing move with the walk of the piece
it is going to take (as a piece of the taken one's side: to take a black
pawn, a white piece first makes a black pawn's step down, two from the
7th rank), and then capture, with its own walk, from the square it made
to; a capture that no make leads to is no move at all.

Popeye's semantics, checked against Popeye 4.104's move lists
(tests/data/capturer/Make&TakeChess.*):
- the move is written, and ends, as the plain capture it is
  (`Rd4*b6`: the rook made a knight's leap to b5 and took from there);
  the square made to is not part of it, so two makes that lead to the
  same capture are one move;
- a pawn made to its own first rank takes nothing from there; a taken
  pawn's walk makes no step from its own first rank; a pawn that takes on
  its last rank promotes; e.p. is a take like any other, from the square
  made to;
- check is a Make&Take capture of the king: an enemy piece that can make
  a king's step to an empty square and take the king from there (Popeye
  limits the check test's makes to the king's walk); castling may not
  start in, or cross, such a check.

Not played: a king's castling as its make towards taking the enemy king
(Popeye's `generate_castling_as_make`, which only the check test of a
king beside the castling squares could meet): such positions differ.

How: the check test is bound on the generic generator (`Rules.bind_check`),
a move filter drops the walks' captures, and an extra-move generator adds
the legal make-and-take captures, marked `TAKE_MAKE` so that the filter
tells them from the walks' own (they are plain captures otherwise: no
effect rule).  Orthodox pieces only (the makes use the orthodox generator).

What it keeps (`preserves`): a move changes only its own squares
(`no_effects`), but who checks is no orthodox observation
(`capture_observes`), it depends on the squares around the checker
(`local_observation`), and the walks' captures are not moves
(`walk_moves_only`, `king_steps_free`): each tested against
`FEERIE_GENERIC=1`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import (ATTACKS, BISHOP, KING, KING_TARGETS, KNIGHT, PAWN, QUEEN, ROOK, SLIDES,
                                 STEPS, WHITE)
from solver.engine.capabilities import (ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE,
                                        LOCAL_OBSERVATION, WALK_MOVES_ONLY)
from solver.engine.move import EN_PASSANT, PROMOTION, TAKE_MAKE
from solver.engine.movegen import path_clear, piece_moves
from solver.conditions.rules import ConditionSpec, Rules
from solver.conditions.takemake import install_capture_moves


def _first_rank(sq: int, side: int) -> bool:
    return sq >> 4 == (0 if side == WHITE else 7)


def _make_squares(pos, frm: int, kind: int, side: int) -> set[int]:
    """The empty squares a piece on frm may make to with the walk of `kind`
    of `side` (the victim's)."""
    if kind == PAWN and _first_rank(frm, side):
        return set()            # a pawn on its first rank has no step (Popeye)
    board = pos.board
    return {(m >> 7) & 127 for m in piece_moves(pos, frm, kind, side) if not board[(m >> 7) & 127]}


def _reaches(board, mover: int, make: int, target: int) -> bool:
    """Does `mover`, standing on `make`, attack `target` (the squares between
    empty)?  A pawn on its own first rank attacks nothing (Popeye)."""
    d = target - make + 119
    if not ATTACKS[mover][d]:
        return False
    if mover == PAWN and make >> 4 == 0 or mover == -PAWN and make >> 4 == 7:
        return False
    return not SLIDES[mover] or path_clear(board, make, target, STEPS[d])


def _takes(pos, frm: int, make: int, victims) -> list[tuple[int, int]]:
    """(arrival, flag) of the captures of the pieces on `victims` by the
    piece of frm, once made to `make` (frm is empty then); flag EN_PASSANT
    for an e.p. take (when the victims are pawns), else 0."""
    board = pos.board
    mover = board[frm]
    board[frm] = 0
    try:
        out = [(v, 0) for v in victims if _reaches(board, mover, make, v)]
        s = WHITE if mover > 0 else -WHITE
        if mover == PAWN * s and pos.ep and abs(board[victims[0]]) == PAWN:
            out += [(e, EN_PASSANT) for e in pos.ep
                    if not board[e] and board[e - 16 * s] == -PAWN * s and _reaches(board, mover, make, e)]
        return out
    finally:
        board[frm] = mover


def make_take_moves(pos, promotions: tuple[int, ...]) -> list[int]:
    """The pseudo-legal make-and-take captures of the side to move (a pawn
    that takes on its last rank promotes to one of `promotions`)."""
    board = pos.board
    s = pos.side
    by_kind: dict[int, list[int]] = {}
    for sq in sorted(pos.occupied[-s]):
        if board[sq]:
            by_kind.setdefault(abs(board[sq]), []).append(sq)
    found: set[tuple[int, int, int]] = set()
    for frm in sorted(pos.occupied[s]):
        if not board[frm]:
            continue
        for victim, squares in by_kind.items():
            for make in _make_squares(pos, frm, victim, -s):
                found |= {(frm, to, flag) for to, flag in _takes(pos, frm, make, squares)}
    out = []
    last = 7 if s == WHITE else 0
    for frm, to, flag in sorted(found):
        if flag == EN_PASSANT:
            out.append(frm | to << 7 | EN_PASSANT << 14 | TAKE_MAKE)
        elif board[frm] == PAWN * s and to >> 4 == last:
            out += [frm | to << 7 | PROMOTION << 14 | k << 17 | TAKE_MAKE for k in promotions]
        else:
            out.append(frm | to << 7 | TAKE_MAKE)
    return out


def _near_tables() -> dict[int, tuple[bool, ...]]:
    """NEAR[piece][target - frm + 119]: is there a king's step v from frm
    such that the piece attacks target from frm + v on an empty board?
    (The check test asks only the pieces for which it is so.)"""
    steps = (-17, -16, -15, -1, 1, 15, 16, 17)
    out = {}
    for piece in (p * side for p in (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING) for side in (1, -1)):
        table = ATTACKS[piece]
        out[piece] = tuple(any(0 <= d - v <= 238 and table[d - v] for v in steps) for d in range(239))
    return out


_NEAR = _near_tables()


def takes_target(pos, target: int, pieces) -> bool:
    """May one of the pieces on `pieces` take `target` (where the king is, or
    would be) after a make with the king's walk (a step to an empty
    square)?  (Popeye's check test.)"""
    board = pos.board
    for frm in pieces:
        mover = board[frm]
        if not mover or frm == target or not _NEAR[mover][target - frm + 119]:
            continue
        board[frm] = 0
        for make in KING_TARGETS[frm]:
            if not board[make] and _reaches(board, mover, make, target):
                board[frm] = mover
                return True
        board[frm] = mover
    return False


def in_check(pos, side: int | None = None) -> bool:
    """Is `side`'s king (default: the side to move) open to a Make&Take capture?"""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    return ksq >= 0 and takes_target(pos, ksq, pos.occupied[-side])


def _watch(pos, target: int, pieces) -> bool:
    """Castling's test: the king on target (placed there by the generator)."""
    return takes_target(pos, target, pieces)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition Make&TakeChess {param} is not supported")
    install_capture_moves(rules, "Make&TakeChess", make_take_moves)
    rules.bind_check(in_check, _watch)
    return rules


PRESERVES = ALL_PROPERTIES - {CAPTURE_OBSERVES, LOCAL_OBSERVATION, WALK_MOVES_ONLY, KING_STEPS_FREE}

SPEC = ConditionSpec(install, lambda params: PRESERVES, adds_moves=True, alone=True)
"""The registry's entry (solver.conditions.registry)."""
