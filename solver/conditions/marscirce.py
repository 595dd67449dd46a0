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
                                        LOCAL_OBSERVATION, NO_EFFECTS, ONE_KING, ORTHODOX_WALKS,
                                        WALK_MOVES_ONLY)
from solver.engine.move import CASTLE, EN_PASSANT, PROMOTION, VIA
from solver.engine import movegen
from solver.engine.movegen import ATTACKS, SLIDES, STEPS
from solver.conditions.rebirth import regular
from solver.conditions.rules import ConditionSpec, Rules, refuse_beyond_plain
from solver.pieces import generic

_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def rebirth_square(piece: int, sq: int) -> int:
    """The square the piece (a signed code) on sq captures from: its own
    regular Circe rebirth square for a capture on sq."""
    side = WHITE if piece > 0 else -WHITE
    return regular(piece * side, side, sq)


# REBIRTH[piece][sq]: `rebirth_square`, for every orthodox piece code and square
REBIRTH: dict[int, list[int]] = {
    kind * side: [rebirth_square(kind * side, sq) if not sq & 0x88 else -1 for sq in range(128)]
    for kind in _ORTHODOX for side in (WHITE, -WHITE)}


def observes(board, frm: int, target: int) -> bool:
    """Does the piece on frm attack `target` by the Mars rule: lifted onto
    its rebirth square (which must be empty, or frm), does it attack
    `target` from there?  (The test of `movegen.attacked`, from the
    rebirth square, with frm counted empty.)"""
    piece = board[frm]
    if not piece or frm == target:
        return False
    r = REBIRTH[piece][frm]
    if r == target or (r != frm and board[r]):
        return False
    d = target - r + 119
    if not ATTACKS[piece][d]:
        return False
    if not SLIDES[piece]:
        return True
    step = STEPS[d]
    t = r + step
    while t != target:
        if board[t] and t != frm:
            return False
        t += step
    return True


def attacked(board, target: int, pieces, skip: int = -1) -> bool:
    """Is `target` attacked (Mars rule) by one of the pieces on `pieces`
    but the one on `skip`?  (`observes` inlined: the check test is the hot
    path of this condition.)"""
    for a in pieces:
        piece = board[a]
        if not piece or a == target or a == skip:
            continue
        r = REBIRTH[piece][a]
        if r == target or (r != a and board[r]):
            continue
        d = target - r + 119
        if not ATTACKS[piece][d]:
            continue
        if SLIDES[piece]:
            step = STEPS[d]
            x = r + step
            while x != target and (not board[x] or x == a):
                x += step
            if x != target:
                continue
        return True
    return False


def watch(pos, target: int, pieces) -> bool:
    """Is `target` attacked by one of the pieces on `pieces` (Mars rule)?"""
    return attacked(pos.board, target, pieces)


def in_check(pos, side: int | None = None) -> bool:
    """Is `side`'s king (default: the side to move) attacked by the Mars rule?"""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    return ksq >= 0 and watch(pos, ksq, pos.occupied[-side])


def captures(pos) -> list[int]:
    """The pseudo-legal Mars captures of the side to move: each piece's
    captures from its rebirth square (`observes`, inlined: each piece's
    rebirth square is looked up once), as moves from its own square."""
    board = pos.board
    s = pos.side
    enemies = pos.occupied[-s]
    out = []
    for frm in pos.occupied[s]:
        piece = board[frm]
        r = REBIRTH[piece][frm]
        if r != frm and board[r]:
            continue
        mark = 0 if r == frm else VIA | r << 24
        reach = ATTACKS[piece]
        slides = SLIDES[piece]
        for t in enemies:
            d = t - r + 119
            if not reach[d]:
                continue
            if slides:
                step = STEPS[d]
                x = r + step
                while x != t and (not board[x] or x == frm):
                    x += step
                if x != t:
                    continue
            out.append(frm | t << 7 | mark)
    return out


def pseudo_moves(pos) -> list[int]:
    """Every pseudo-legal move: the walks' non-captures (castling judged by
    the Mars observation), then the Mars captures."""
    board = pos.board
    quiet = [m for m in movegen.pseudo_moves(pos)
             if not board[(m >> 7) & 127] and (m >> 14) & 7 not in _NOT_QUIET]
    ksq = pos.kings[pos.side]
    if ksq >= 0 and pos.castling:
        quiet += generic._castlings(pos, ksq, watch)
    return quiet + captures(pos)


_NOT_QUIET = (EN_PASSANT, CASTLE)


def lines(board, ksq: int, pieces) -> set[int]:
    """The squares whose vacating may open a Mars attack on ksq by the
    pieces on `pieces`: for each piece whose walk reaches ksq from its
    rebirth square on an empty board, that square and those between.
    A move that vacates none of them, and moves neither king nor rook of a
    castling, opens no attack: whatever it fills only blocks."""
    out = set()
    for a in pieces:
        p = board[a]
        r = REBIRTH[p][a]
        d = ksq - r + 119
        if r == ksq or not ATTACKS[p][d]:
            continue
        out.add(r)
        if SLIDES[p]:
            step = STEPS[d]
            t = r + step
            while t != ksq:
                out.add(t)
                t += step
    return out


def _remedies(board, ksq: int, checkers) -> set[int]:
    """The squares a move of another piece than the king must land on to
    lift the check of every checker: the checker's own, its rebirth square
    (filled, the checker cannot stand there), a square between."""
    out = None
    for c in checkers:
        squares = {c} | (lines(board, ksq, (c,)) - {ksq})
        out = squares if out is None else out & squares
    return out


def _after(board, m: int, s: int, target: int, pieces, moved_sees: bool) -> bool:
    """Is `target` attacked once the plain move m of side s (no castling, no
    e.p.) is on the board, by the pieces on `pieces` other than the one m
    takes (and, with `moved_sees`, by the moved piece on its arrival)?  The
    board is changed and put back: the position's make, which also keeps
    hash and lists, costs more (exact where a move has no effects)."""
    frm, to = m & 127, (m >> 7) & 127
    piece = board[frm]
    taken = board[to]
    board[frm] = 0
    board[to] = ((m >> 17) & 127) * s if (m >> 14) & 7 == PROMOTION else piece
    if target == frm:
        target = to
    try:
        return attacked(board, target, pieces, to) or (moved_sees and attacked(board, target, (to,)))
    finally:
        board[to] = taken
        board[frm] = piece


def legal_moves(pos, first_only: bool = False, fast: bool = False) -> list[int]:
    """The pseudo-legal moves after which the mover's king is not attacked.
    With `fast`, a move of another piece than the king (castling aside) is
    legal untried, out of check, if it vacates no square of `lines`, and
    illegal untried, in check, if it lands on none of the `_remedies`."""
    s = pos.side
    ksq = pos.kings[s]
    board = pos.board
    safe = remedies = None
    if fast and ksq >= 0:
        checkers = [a for a in pos.occupied[-s] if observes(board, a, ksq)]
        if checkers:
            remedies = _remedies(board, ksq, checkers)
        else:
            safe = lines(board, ksq, pos.occupied[-s])
    out = []
    for m in pseudo_moves(pos):
        frm = m & 127
        if frm == ksq or (m >> 14) & 7 == CASTLE or (safe is None and remedies is None):
            ok = None
        elif safe is not None:
            ok = True if frm not in safe else None
        else:
            ok = None if (m >> 7) & 127 in remedies else False
        if ok is None:
            if fast and (m >> 14) & 7 != CASTLE:
                ok = not _after(board, m, s, ksq, pos.occupied[-s], False)
            else:
                pos.make(m)
                ok = not in_check(pos, s)
                pos.unmake()
        if ok:
            out.append(m)
            if first_only:
                break
    return out


def checking_moves(pos, fast: bool = False) -> list[int]:
    """The legal moves after which the other side's king is attacked; with
    `fast`, only the moves that may check are tried: the king's and
    castling, those that vacate a square of the own pieces' `lines`, and
    those whose piece, as it lands (promoted), reaches the king from its
    rebirth square on an empty board."""
    s = pos.side
    eksq = pos.kings[-s]
    if eksq < 0:
        return []
    board = pos.board
    ksq = pos.kings[s]
    opening = lines(board, eksq, pos.occupied[s]) if fast else None
    out = []
    for m in legal_moves(pos, False, fast):
        if opening is not None:
            frm, to, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
            piece = (((m >> 17) & 127) * s) if flag == PROMOTION else board[frm]
            r = REBIRTH[piece][to]
            if not (frm == ksq or flag == CASTLE or frm in opening
                    or (r != eksq and ATTACKS[piece][eksq - r + 119])):
                continue
            if flag != CASTLE:
                if _after(board, m, s, eksq, pos.occupied[s], True):
                    out.append(m)
                continue
        pos.make(m)
        if in_check(pos, -s):
            out.append(m)
        pos.unmake()
    return out


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    refuse_beyond_plain(rules, "MarsCirce", params)
    v = rules.variant
    if not v.kinds <= _ORTHODOX or set(v.promotions) - _ORTHODOX:
        raise InputError("condition MarsCirce with fairy pieces is not supported")
    # the untried legality and check tests need a move to change only its
    # own squares, and one king a side (FEERIE_GENERIC clears them: every
    # move is then made and tried)
    fast = {NO_EFFECTS, ONE_KING} <= v.properties
    rules.in_check = in_check
    rules._legal = lambda pos, first_only=False: legal_moves(pos, first_only, fast)
    rules._has_legal = lambda pos: bool(legal_moves(pos, True, fast))
    rules._checking = lambda pos: checking_moves(pos, fast)
    return rules


PRESERVES = ALL_PROPERTIES - {ORTHODOX_WALKS, CAPTURE_OBSERVES, LOCAL_OBSERVATION,
                              WALK_MOVES_ONLY, KING_STEPS_FREE}

SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True)
"""The registry's entry (solver.conditions.registry)."""
