"""Castling rights kept a square, as Popeye keeps them (its solving/castling.c).

Popeye keeps one castling right a square: the king's on e1 / e8, each rook's on its
corner; a castling needs both.  After every move it goes through the move's effects
(`adjust_castling_rights`): a piece that leaves a square (a movement, a removal) takes
that square's right; a piece added on a square (a rebirth, a ghost's return) gives it
back if it is a white rook on a1 / h1 (black: a8 / h8), or a king on its home square
that is its side's king; a change of colour or of kind on a square takes its right and
then gives it back by that rule (`Rh7*h1=w` under AndernachChess: a white rook on h1,
which may then castle).

A rule set that keeps such rights (`keep_square_rights`) reads them from the diagram
(`square_rights`), corrects the orthodox make, which takes all of a side's rights when
its king moves (`_rights_follow_squares`), asks for the king's own right to castle
(`_castles_from_home`), and marks its positions (`EffectsPosition.square_rights`) so
that every effect, in `EffectsPosition.set_square`, takes and gives back the rights of
the square it changes: one place for every condition whose effects change the pieces
on squares (the Circe family, AndernachChess, EinsteinChess, FrankfurtChess ...).
An effect that Popeye journals as a movement or an exchange (OscillatingKings) is not
a change on a square: such a rule set does not keep square rights.
"""

from __future__ import annotations

from solver.engine.board import CASTLE_BIT, E1, E8, KING, ROOK, SIDE_RIGHTS, WHITE, castle_bit, parse_square
from solver.engine.move import CASTLE, capture_square
from solver.engine.identity import FOLLOWS_PIECES

CORNERS = {WHITE: (0x00, 0x07), -WHITE: (0x70, 0x77)}
HOME = {WHITE: E1, -WHITE: E8}


def _rights_follow_squares(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A move takes away the right of the square it leaves and of the square
    it takes on, and no other; the orthodox make, which takes all of a
    side's rights when its king moves, is corrected."""
    before = pos.stack[-1][2]
    if not before:
        return
    lost = CASTLE_BIT[frm]
    if flag == CASTLE:
        lost |= CASTLE_BIT[(frm & 0x70) | ((m >> 17) & 7)]
    elif captured:
        lost |= CASTLE_BIT[capture_square(m, side)]
    rights = before & ~lost
    if rights != pos.castling:
        pos.set_castling(rights)


# it moves no piece (solver.engine.identity)
setattr(_rights_follow_squares, FOLLOWS_PIECES, "rights")


def _castles_from_home(pos, m: int) -> bool:
    """A castling needs the king's own right (its home square's bit)."""
    if (m >> 14) & 7 != CASTLE:
        return True
    return bool(pos.castling & castle_bit(m & 127))


def square_rights(pos, problem) -> None:
    """The rights of a diagram as Popeye reads them: the king's on its home
    square, each rook's on its corner, whether or not the other stands at
    home; Popeye's NoCastling takes those of its squares (the king's own
    right stays where NoCastling names a rook's square only).  A castling
    field of another input (FEN) gives the rook rights it names, and the
    king's to a side that has one."""
    no_castling = [opt for opt in problem.options if opt.name == "NoCastling"]
    if problem.castling is not None and not no_castling:
        rights = pos.castling
        for side in (WHITE, -WHITE):
            if rights & SIDE_RIGHTS[side]:
                rights |= castle_bit(HOME[side])
        pos.set_castling(rights)
        return
    withheld = 0
    for opt in no_castling:
        for arg in opt.args:
            for i in range(0, len(arg) - 1, 2):
                withheld |= castle_bit(parse_square(arg[i:i + 2]))
    rights = 0
    for side in (WHITE, -WHITE):
        if pos.board[HOME[side]] == KING * side:
            rights |= castle_bit(HOME[side])
        for sq in CORNERS[side]:
            if pos.board[sq] == ROOK * side:
                rights |= castle_bit(sq)
    pos.set_castling(rights & ~withheld)


def keep_square_rights(rules) -> None:
    """The rule set's positions keep castling rights a square (module
    docstring).  Once per rule set."""
    if getattr(rules, "square_rights", False):
        return
    rules.square_rights = True
    base = rules.position

    def position(problem, side: int):
        pos = base(problem, side)
        square_rights(pos, problem)
        if hasattr(pos, "square_rights"):
            pos.square_rights = True
            # first, before the pieces' attributes' rules too: it recomputes the
            # rights of the move itself, which the effects then change
            pos.effect_rules = (_rights_follow_squares, *(
                r for r in pos.effect_rules if r is not _rights_follow_squares))
        return pos

    rules.position = position
    rules.effect_rules.insert(0, _rights_follow_squares)
    rules.move_filters.append(_castles_from_home)
