"""MarsCirce (Popeye's name; py-engl.txt "condition", conditions/marscirce):
a piece captures as if it stood on its own Circe rebirth square: it is
taken off its square, put on the square where regular Circe would rebirth
it had it been captured there (a pawn on its file's 2nd rank, a rook on
a1 / h1 by the colour of its square, a king on e1 ...), and captures from
there with its walk; that square must be empty (or be the piece's own).
Moves that capture nothing are ordinary.  Kings take part too
(RexInclusive, Popeye's default for MarsCirce), and check is by the same
rule: a piece checks the king that it could capture so.

Popeye's semantics, checked against Popeye 4.104's move lists
(tests/data/capturer/MarsCirce.*):
- the move is written `Rd4-a1*c1` (from, the rebirth square, the capture
  square); a capture from the piece's own square is a plain `Ra1*a4`;
- the board after the move is that of a plain capture from the
  departure square, so the move is made as one (`VIA` marks it and keeps
  the rebirth square in its extra bits for the notation);
- a pawn captures from its 2nd rank only, so it never takes e.p. nor
  promotes by a capture;
- castling is a non-capture, judged by the same observation (a crossed
  square is attacked if a piece could capture a king there so).

How: the rule set's generator and check test are replaced (`install`):
the walks' non-captures (castling included, by the generic generator),
then each piece's captures from its rebirth square (movegen's orthodox
piece generator, the piece lifted onto that square), each kept if the
mover's king is then not attacked by the Mars rule.

What it keeps (`preserves`): `no_effects` (a move changes only its own
squares, as a plain capture), the turn and colour properties; not the
walks' observation (`capture_observes`, `local_observation`: who attacks
depends on the rebirth square), nor `orthodox_walks` (captures are not the
walks' from the piece's square), nor `walk_moves_only` and
`king_steps_free` (walk captures that are no moves, captures no walk has).
Orthodox pieces only; no parameter (RexExclusive and the rebirth-square
variants wait for tests); played alone (`ConditionSpec.alone`): a
condition that filters observation would rebind the check test.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import (ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE,
                                        LOCAL_OBSERVATION, ORTHODOX_WALKS, WALK_MOVES_ONLY)
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE, VIA
from solver.engine.movegen import attacked, piece_moves
from solver.conditions.rebirth import regular
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces import generic

_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def rebirth_square(piece: int, sq: int) -> int:
    """The square the piece (a signed code) on sq captures from: its own
    regular Circe rebirth square for a capture on sq."""
    side = WHITE if piece > 0 else -WHITE
    return regular(piece * side, side, sq)


def observes(pos, frm: int, target: int) -> bool:
    """Does the piece on frm attack `target` by the Mars rule: lifted onto
    its rebirth square (which must be empty, or frm), does it attack
    `target` from there?"""
    board = pos.board
    piece = board[frm]
    if not piece or frm == target:
        return False
    r = rebirth_square(piece, frm)
    if r == target:
        return False
    if r == frm:
        return attacked(board, target, 0, (frm,))
    if board[r]:
        return False
    board[frm] = 0
    board[r] = piece
    try:
        return attacked(board, target, 0, (r,))
    finally:
        board[r] = 0
        board[frm] = piece


def watch(pos, target: int, pieces) -> bool:
    """Is `target` attacked by one of the pieces on `pieces` (Mars rule)?"""
    return any(observes(pos, a, target) for a in list(pieces))


def in_check(pos, side: int | None = None) -> bool:
    """Is `side`'s king (default: the side to move) attacked by the Mars rule?"""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    return ksq >= 0 and watch(pos, ksq, pos.occupied[-side])


def _is_capture(board, m: int) -> bool:
    flag = (m >> 14) & 7
    return flag == EN_PASSANT or (flag != CASTLE and flag != EXCHANGE
                                  and board[(m >> 7) & 127] != 0)


def captures(pos) -> list[int]:
    """The pseudo-legal Mars captures of the side to move: each piece's
    captures from its rebirth square, as moves from its own square."""
    board = pos.board
    s = pos.side
    out = []
    for frm in sorted(pos.occupied[s]):
        piece = board[frm]
        r = rebirth_square(piece, frm)
        if r != frm and board[r]:
            continue
        board[frm] = 0
        board[r] = piece
        try:
            targets = [(m >> 7) & 127 for m in piece_moves(pos, r, piece * s, s)]
        finally:
            board[r] = 0
            board[frm] = piece
        mark = 0 if r == frm else VIA | r << 24
        out += [frm | t << 7 | mark for t in dict.fromkeys(targets) if board[t] * s < 0]
    return out


def pseudo_moves(pos, promotions: tuple[int, ...]) -> list[int]:
    """Every pseudo-legal move: the walks' non-captures (castling judged by
    the Mars observation), then the Mars captures."""
    board = pos.board
    quiet = [m for m in generic.pseudo_moves(pos, promotions, watch=watch)
             if not _is_capture(board, m)]
    return quiet + captures(pos)


def legal_moves(pos, promotions: tuple[int, ...], first_only: bool = False) -> list[int]:
    """The pseudo-legal moves after which the mover's king is not attacked."""
    s = pos.side
    out = []
    for m in pseudo_moves(pos, promotions):
        pos.make(m)
        ok = not in_check(pos, s)
        pos.unmake()
        if ok:
            out.append(m)
            if first_only:
                break
    return out


def checking_moves(pos, promotions: tuple[int, ...]) -> list[int]:
    s = pos.side
    if pos.kings[-s] < 0:
        return []
    out = []
    for m in legal_moves(pos, promotions):
        pos.make(m)
        if in_check(pos, -s):
            out.append(m)
        pos.unmake()
    return out


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition MarsCirce {param} is not supported")
    v = rules.variant
    if v.neutral:
        raise InputError("condition MarsCirce with neutral pieces is not supported")
    if v.attributes:
        raise InputError("condition MarsCirce with piece attributes is not supported")
    if not v.kinds <= _ORTHODOX or set(v.promotions) - _ORTHODOX:
        raise InputError("condition MarsCirce with fairy pieces is not supported")
    promotions = v.promotions
    rules.in_check = in_check
    rules._legal = lambda pos, first_only=False: legal_moves(pos, promotions, first_only)
    rules._has_legal = lambda pos: bool(legal_moves(pos, promotions, True))
    rules._checking = lambda pos: checking_moves(pos, promotions)
    return rules


PRESERVES = ALL_PROPERTIES - {ORTHODOX_WALKS, CAPTURE_OBSERVES, LOCAL_OBSERVATION,
                              WALK_MOVES_ONLY, KING_STEPS_FREE}

SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True)
"""The registry's entry (solver.conditions.registry)."""
