"""Circe CaptureSquare WaitCapture (Popeye's parameters; German `Schlagfeld
NaechsterSchlag`, "Memory Circe"): a capture rebirths the piece taken by
the capture before it, on the square that piece was taken on.

The facts, from Popeye's sources (conditions/circe/relevant_capture.c,
`circe_make_last_capture_relevant_solve` and `find_last_capture`;
conditions/circe/capture_square.c) and its solutions (BEISPIEL/cirsquar.inp):
- only a move that captures rebirths anything; it rebirths the victim of the
  last earlier capture in the game (either side's, searched back through every
  ply played, a threat's null move included), or nothing if there was none;
- the rebirth square is that earlier capture's square (the victim pawn's own
  square after e.p.); if it is occupied after the move, nothing is reborn
  (Relaxed, Circe's default);
- kings are not captured (RexExclusive), so check is observation.

The victim waiting is read off the undo stack (the last entry with a
capture), so it is undone with the moves, and it is part of the
transposition key (`_waiting`), as Popeye hashes it.  Played alone, with
orthodox pieces and no other parameter (`RexExclusive` aside); `CaptureSquare`
or `WaitCapture` alone, and with any other parameter, are refused by name.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import KING, PAWN
from solver.engine.move import EN_PASSANT
from solver.conditions.rules import Rules

WORDS = ("CaptureSquare", "WaitCapture")
_WITH = frozenset({"RexExclusive"})
_ORTHODOX = frozenset(range(1, 7))


def wanted(params: tuple[str, ...]) -> bool:
    """Do the parameters name this form (either word)?"""
    return any(p in WORDS for p in params)


def check_params(name: str, params: tuple[str, ...]) -> None:
    """Both words, nothing else but RexExclusive: else an InputError naming it."""
    for word in WORDS:
        if word not in params:
            other = next(p for p in params if p in WORDS)
            raise InputError(f"condition {name} {other} is not supported")
    for p in params:
        if p not in WORDS and p not in _WITH:
            raise InputError(f"condition {name} CaptureSquare WaitCapture {p} is not supported")


def _capture_of(entry) -> tuple[int, int] | None:
    """(victim, capture square) of an undo-stack entry, or None (no capture,
    or a set_state)."""
    m, victim = entry[0], entry[1]
    if m < 0:
        return None
    frm, to = m & 127, (m >> 7) & 127
    if (m >> 14) & 7 == EN_PASSANT:
        side = 1 if to > frm else -1            # the capturing pawn's direction
        return -PAWN * side, to - 16 * side
    if not victim:
        return None
    return victim, to


def _last_capture(stack, below: int) -> tuple[int, int] | None:
    """The last capture among stack[:below] (module docstring)."""
    for i in range(below - 1, -1, -1):
        found = _capture_of(stack[i])
        if found is not None:
            return found
    return None


def _waiting(pos):
    """The victim waiting for its rebirth: the last capture played, or None."""
    return _last_capture(pos.stack, len(pos.stack))


def install(rules: Rules, params: tuple[str, ...], name: str) -> Rules:
    from solver.conditions.circe import capture_trial
    from solver.conditions.circe_core import _with_square_rights, _reborn

    check_params(name, params)
    if not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {name} CaptureSquare WaitCapture with fairy pieces is not supported")

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured:
            return
        earlier = _last_capture(pos.stack, len(pos.stack) - 1)
        if earlier is None:
            return
        victim, sq = earlier
        if abs(victim) != KING and not pos.board[sq]:
            _reborn(pos, sq, victim, m)

    rules.effect_rules.append(rebirth)
    rules.key_parts.append(_waiting)
    _with_square_rights(rules)
    capture_trial(rules)
    return rules
