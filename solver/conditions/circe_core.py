"""What the Circe forms share (solver.conditions.circe, solver.conditions.circekinds):
a capture's victim and its square, the board once the capture is played, the
rebirth itself (castling rights regained, a reborn pawn's promotion) and the
castling rights kept a square, as Popeye keeps them.  Its own module so that
the forms of other reborn kinds use them without importing Circe, which
dispatches to them.
"""

from __future__ import annotations

from solver.engine.board import CASTLE_BIT, E1, E8, KING, PAWN, ROOK, SIDE_RIGHTS, WHITE, castle_bit, parse_square
from solver.engine.move import CASTLE, EN_PASSANT, LOCUST, PROMOTION, REBIRTH_CHOICE, REBORN_PROMOTION
from solver.conditions.rules import Rules

_CORNERS = {WHITE: (0x00, 0x07), -WHITE: (0x70, 0x77)}
_HOME = {WHITE: E1, -WHITE: E8}


def _capture_square(m: int, side: int) -> int:
    """Where capture m of `side` takes its victim: the arrival square, but
    for e.p. and a locust's capture."""
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    if flag == EN_PASSANT:
        return to - 16 * side
    return (m >> 24) & 127 if flag == LOCUST else to


def _capture(pos, m: int, side: int):
    """(capture square, captured piece) of move m, from the position before
    it (the side to move is `side`; piece 0: no capture)."""
    if (m >> 14) & 7 == EN_PASSANT:
        return _capture_square(m, side), -PAWN * side
    sq = _capture_square(m, side)
    return sq, pos.board[sq]


def _empty_after(pos, sq: int, m: int, capsq: int) -> bool:
    """Is sq empty once capture m is played (before any rebirth)?  The
    departure and capture squares are left, the arrival one taken."""
    if sq == (m >> 7) & 127:
        return False
    return sq == m & 127 or sq == capsq or not pos.board[sq]


def _after_kind(pos, m: int) -> int:
    """The mover's kind once m is played (a promotion's new kind)."""
    if (m >> 14) & 7 == PROMOTION:
        return (m >> 17) & 127
    return abs(pos.board[m & 127])


def _reborn(pos, sq: int, piece: int, m: int = 0) -> None:
    """Put the reborn piece on sq; a rook on its corner, a king on its
    home square, regain their castling rights (module docstring); a pawn
    on its last rank promotes to the kind move m chose (`REBORN_PROMOTION`)."""
    pos.set_square(sq, piece)
    promoted = (m >> REBORN_PROMOTION) & 127
    if promoted and _on_last_rank(piece, sq):
        pos.set_square(sq, promoted if piece > 0 else -promoted)
        return
    side = WHITE if piece > 0 else -WHITE
    kind = piece * side
    if (kind == ROOK and sq in _CORNERS[side]) or (kind == KING and sq == _HOME[side]):
        pos.set_castling(pos.castling | castle_bit(sq))


def _rights_follow_squares(pos, m, side, frm, to, flag, bits, captured) -> None:
    """Castling rights as Popeye keeps them, one a square (the king's and
    each rook's): a move takes away the right of the square it leaves and
    of the square it takes on, and no other; the orthodox make, which
    takes all of a side's rights when its king moves, is corrected."""
    before = pos.stack[-1][2]
    if not before:
        return
    lost = CASTLE_BIT[frm]
    if flag == CASTLE:
        lost |= CASTLE_BIT[(frm & 0x70) | ((m >> 17) & 7)]
    elif captured:
        lost |= CASTLE_BIT[_capture_square(m, side)]
    rights = before & ~lost
    if rights != pos.castling:
        pos.set_castling(rights)


def _castles_from_home(pos, m: int) -> bool:
    """A castling needs the king's own right (its home square's bit)."""
    if (m >> 14) & 7 != CASTLE:
        return True
    return bool(pos.castling & castle_bit(m & 127))


def square_rights(pos, problem) -> None:
    """The rights of a diagram as Popeye reads them: the king's on its home
    square, each rook's on its corner, whether or not the other stands at
    home (where the statement gives no castling field); NoCastling's
    squares excepted."""
    if problem.castling is not None:
        rights = pos.castling
        for side in (WHITE, -WHITE):
            if rights & SIDE_RIGHTS[side]:
                rights |= castle_bit(_HOME[side])
        pos.set_castling(rights)
        return
    withheld = 0
    for opt in problem.options:
        if opt.name == "NoCastling":
            for arg in opt.args:
                for i in range(0, len(arg) - 1, 2):
                    withheld |= castle_bit(parse_square(arg[i:i + 2]))
    rights = 0
    for side in (WHITE, -WHITE):
        if pos.board[_HOME[side]] == KING * side:
            rights |= castle_bit(_HOME[side])
        for sq in _CORNERS[side]:
            if pos.board[sq] == ROOK * side:
                rights |= castle_bit(sq)
    pos.set_castling(rights & ~withheld)


def _with_square_rights(rules: Rules) -> None:
    """The rule set's positions keep castling rights a square (`square_rights`,
    `_rights_follow_squares`, `_castles_from_home`)."""
    base = rules.position

    def position(problem, side: int):
        pos = base(problem, side)
        square_rights(pos, problem)
        return pos

    rules.position = position
    rules.effect_rules.insert(0, _rights_follow_squares)
    rules.move_filters.append(_castles_from_home)


def _chosen(m: int) -> int | None:
    """The rebirth square a SuperCirce capture chose (`REBIRTH_CHOICE`), or None."""
    sq = ((m >> REBIRTH_CHOICE) & 127) - 1
    return sq if sq >= 0 else None


def _on_last_rank(piece: int, sq: int) -> bool:
    """Is `piece` a pawn that would stand on its last rank on sq?"""
    return abs(piece) == PAWN and sq >> 4 == (7 if piece > 0 else 0)
