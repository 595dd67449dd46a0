"""A debug mode that checks the position after every make and unmake.

The searches never copy positions: they make and unmake moves in place, and
several shortcuts lift pieces off the board for a moment.  A move that is
made without being legal (a killer move taken from a sibling position, say)
can leave the board, the piece sets, the king squares and the hash out of
step, and from then on the solver gives wrong answers silently or crashes
far from the cause.  This module catches that at the move that did it.

`install()` wraps `Position.make`, `unmake` and `set_state` so that
- after every make and unmake the board, `occupied`, `kings`, `fairy` and
  the Zobrist hash agree with each other (`check`), and
- every unmake restores exactly the state (board, side, castling, e.p.,
  hash, kings, piece sets) that was there before the matching make.

It is switched on by FEERIE_CHECK_POSITION=1 (read when `solver` is first
imported, so it also reaches worker processes started with that
environment) and costs a few times the solving speed: a test and debug
tool, never on by default.  tests/test_consistency.py solves the bundled
problems and reference files under it.
"""

from __future__ import annotations

from solver.engine.board import FAIRY_MIN, KING, square_name
from solver.engine.neutral import NeutralPosition
from solver.engine.position import Position


class PositionCorrupted(AssertionError):
    """Board, piece sets, kings or hash disagree: a bug in the engine or a search."""


def problems(pos: Position) -> list[str]:
    """What is inconsistent in `pos` (empty when all agrees)."""
    found = []
    board = pos.board
    pieces = [sq for sq in range(128) if not sq & 0x88 and board[sq]]
    for side, name in ((1, "white"), (-1, "black")):
        on_board = {sq for sq in pieces if board[sq] * side > 0}
        listed = pos.occupied[side]
        if on_board != listed:
            extra = sorted(square_name(sq) for sq in listed - on_board)
            missing = sorted(square_name(sq) for sq in on_board - listed)
            found.append(f"{name} piece set: lists {extra} not on the board, misses {missing}")
        kings = [sq for sq in pieces if abs(board[sq]) == KING
                 and (board[sq] * side > 0 or sq in pos.neutral)]   # a neutral king: both sides'
        expected = kings[0] if len(kings) == 1 else -1
        if len(kings) <= 1 and pos.kings[side] != expected:
            found.append(f"{name} king square {pos.kings[side]} but the king stands on "
                         f"{square_name(expected) if expected >= 0 else 'no square'}")
    fairy = sum(1 for sq in pieces if abs(board[sq]) >= FAIRY_MIN)
    if fairy != pos.fairy:
        found.append(f"fairy count {pos.fairy}, {fairy} fairy pieces on the board")
    if pos.compute_hash() != pos.hash:
        found.append("hash differs from the hash computed from scratch")
    return found


def check(pos: Position, after: str) -> None:
    """Raise PositionCorrupted if `pos` is inconsistent; `after` says what was just done."""
    found = problems(pos)
    if found:
        raise PositionCorrupted(f"position corrupted after {after}: " + "; ".join(found)
                                + f" ({pos.fen()})")


def _state(pos: Position) -> tuple:
    if isinstance(pos, NeutralPosition):   # whatever colour its neutral pieces are painted now
        return (pos.key(), pos.hash, tuple(pos.kings), frozenset(pos.neutral), pos.fairy,
                pos.halfmove)
    return (tuple(pos.board), pos.side, pos.castling, pos.ep, pos.hash, tuple(pos.kings),
            frozenset(pos.occupied[1]), frozenset(pos.occupied[-1]), pos.fairy, pos.halfmove)


_originals: dict = {}   # class -> (make, unmake); "set_state" -> Position's


def install() -> None:
    """Wrap the make, unmake and set_state of Position and of its neutral
    subclass (which has its own make and unmake) with the checks (idempotent)."""
    if _originals:
        return
    # One list of states per position; a dict keyed by id() because
    # Position has __slots__ (no room for an extra attribute).
    saved: dict[int, list[tuple]] = {}
    for cls in (Position, NeutralPosition):
        _wrap(cls, saved)


def _wrap(cls, saved: dict[int, list[tuple]]) -> None:
    make, unmake, set_state = cls.__dict__["make"], cls.__dict__["unmake"], Position.set_state
    _originals[cls] = (make, unmake)
    _originals.setdefault("set_state", set_state)

    def checked_make(self: Position, m: int) -> None:
        saved.setdefault(id(self), []).append(_state(self))
        make(self, m)
        check(self, f"make of move {m} ({_describe(m)})")

    def checked_set_state(self: Position, side: int, ep: tuple[int, ...], tag=None) -> None:
        saved.setdefault(id(self), []).append(_state(self))
        set_state(self, side, ep, tag)
        check(self, "set_state")

    def checked_unmake(self: Position) -> None:
        m = self.stack[-1][0] if self.stack else None
        unmake(self)
        states = saved.get(id(self))
        if states:
            before = states.pop()
            if _state(self) != before:
                raise PositionCorrupted(
                    f"unmake of move {m} ({_describe(m)}) did not restore the position "
                    f"({self.fen()})")
        check(self, f"unmake of move {m} ({_describe(m)})")

    cls.make = checked_make
    cls.unmake = checked_unmake
    if cls is Position:
        cls.set_state = checked_set_state


def uninstall() -> None:
    """Put the original methods back."""
    if not _originals:
        return
    for cls in (Position, NeutralPosition):
        cls.make, cls.unmake = _originals[cls]
    Position.set_state = _originals["set_state"]
    _originals.clear()


def _describe(m) -> str:
    if m is None or m < 0:
        return "set_state"
    from solver.engine.move import Move

    return str(Move.decode(m))
