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
from solver.engine.effects import ROYAL, EffectsPosition
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
        # the royal piece: the king (a neutral king is both sides'), or a piece with the Royal attribute
        neutral = getattr(pos, "neutral", ())
        kings = [sq for sq in pieces if abs(board[sq]) == KING
                 and (board[sq] * side > 0 or sq in neutral)] + [
            sq for sq, bits in getattr(pos, "attrs", {}).items() if bits & ROYAL and sq in on_board]
        expected = kings[0] if len(kings) == 1 else -1
        if len(kings) <= 1 and pos.kings[side] != expected:
            found.append(f"{name} king square {pos.kings[side]} but the king stands on "
                         f"{square_name(expected) if expected >= 0 else 'no square'}")
    stray = sorted(square_name(sq) for sq in getattr(pos, "attrs", {}) if not board[sq])
    if stray:
        found.append(f"attributes on empty squares {stray}")
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
            frozenset(pos.occupied[1]), frozenset(pos.occupied[-1]), pos.fairy, pos.halfmove,
            tuple(sorted(getattr(pos, "attrs", {}).items())))


_originals: dict[type, dict[str, object]] = {}


def install() -> None:
    """Wrap the make, unmake and set_state of Position, of NeutralPosition (its
    own make and unmake) and of EffectsPosition (which makes the base move
    first and its effects on top) with the checks (idempotent).  Each wrapper
    checks only the class it wraps, so that the half-made state between a
    base make and its effects is not judged."""
    if _originals:
        return
    # One list of states per position; a dict keyed by id() because
    # Position has __slots__ (no room for an extra attribute).
    saved: dict[int, list[tuple]] = {}
    from solver.engine.halfneutral import HalfNeutralPosition

    for cls in (Position, NeutralPosition, EffectsPosition, HalfNeutralPosition):
        _originals[cls] = {name: cls.__dict__[name] for name in ("make", "unmake", "set_state")
                           if name in cls.__dict__}
        _wrap(cls, saved)


def _wrap(cls, saved: dict[int, list[tuple]]) -> None:
    originals = _originals[cls]
    make, unmake = originals["make"], originals["unmake"]

    def checked_make(self: Position, m: int) -> None:
        if type(self) is not cls:
            return make(self, m)
        saved.setdefault(id(self), []).append(_state(self))
        make(self, m)
        check(self, f"make of move {m} ({_describe(m)})")

    def checked_unmake(self: Position) -> None:
        if type(self) is not cls:
            return unmake(self)
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
    if "set_state" in originals:
        set_state = originals["set_state"]

        def checked_set_state(self: Position, side: int, ep: tuple[int, ...], tag=None) -> None:
            saved.setdefault(id(self), []).append(_state(self))
            set_state(self, side, ep, tag)
            check(self, "set_state")

        cls.set_state = checked_set_state


def uninstall() -> None:
    """Put the original methods back."""
    for cls, originals in _originals.items():
        for name, method in originals.items():
            setattr(cls, name, method)
    _originals.clear()


def _describe(m) -> str:
    if m is None or m < 0:
        return "set_state"
    from solver.engine.move import Move

    return str(Move.decode(m))
