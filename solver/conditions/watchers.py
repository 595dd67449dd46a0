"""Observation by a side's pieces, and the piece attributes built on it.

`observed_by` is the test of the conditions of support and watch
(`solver.conditions.patrol`: Patrouille, UltraPatrol, Lortap, the guards)
and of the attributes Patrol and Functionary (`install_attribute_filters`,
bound by the rule set itself when a piece has one: `Rules.__init__`).  It
lives apart from the conditions so that the rule set can bind the
attributes without importing a condition module (no import circle).
"""

from __future__ import annotations

from solver.engine.board import KNIGHT
from solver.engine.move import is_capture
from solver.pieces.generic import piece_at
from solver.pieces.families import observes


def observed_by(pos, sq: int, side: int, filters) -> bool:
    """Does a piece of `side` observe sq (by the filters `f(pos, frm, target)`)?
    The walks observe what they could capture: the piece on sq is painted
    the other colour for the test, or an empty sq given a knight of it, on
    the board only (a caller may be iterating over the piece sets)."""
    board = pos.board
    piece = board[sq]
    board[sq] = -abs(piece) * side if piece else -KNIGHT * side
    try:
        for a in pos.occupied[side]:
            if a != sq and observes(board, a, sq, piece_at(board, a).walks) and all(
                    f(pos, a, sq) for f in filters):
                return True
        return False
    finally:
        board[sq] = piece


def install_attribute_filters(rules) -> None:
    """Popeye's piece attributes Patrol and Functionary (py-engl.txt "pieces";
    conditions/patrol.c and beamten.c, which play the conditions Patrouille
    and FunctionaryChess as these attributes given to every piece):

    - a patrol piece captures, and observes (so checks), only when supported
      (observed by a piece of its own side); its other moves are free;
    - a functionary piece moves at all, and observes, only when observed by a
      piece of the other side (a king among them).

    Both observations are judged at the observer's level
    (`rules.observation_observer`), as Popeye's EVALUATE(observer): a
    supporting or watching piece needs no support or watcher itself.  Bound
    by the rule set when a piece has one of them (`Rules.__init__`)."""
    from solver.engine.effects import FUNCTIONARY, PATROL

    filters = rules.observation_observer

    def acts(pos, frm: int, target: int) -> bool:
        bits = pos.attrs.get(frm, 0)
        if not bits & (FUNCTIONARY | PATROL):
            return True
        side = 1 if pos.board[frm] > 0 else -1
        if bits & FUNCTIONARY and not observed_by(pos, frm, -side, filters):
            return False
        return not bits & PATROL or observed_by(pos, frm, side, filters)

    def move_allowed(pos, m: int) -> bool:
        frm = m & 127
        bits = pos.attrs.get(frm, 0)
        if not bits & (FUNCTIONARY | PATROL):
            return True
        side = pos.side
        if bits & FUNCTIONARY and not observed_by(pos, frm, -side, filters):
            return False
        return not bits & PATROL or not is_capture(pos.board, m) or observed_by(pos, frm, side, filters)

    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(acts)
