"""Conditions whose moves change the mover: AndernachChess,
AntiAndernachChess, ChameleonChess, Volage, Hypervolage (Popeye's names;
py-engl.txt, "condition").

Each is an effect rule (`Rules.effect_rules`, run by the
`solver.engine.effects.EffectsPosition` after the move itself): the piece
that has just moved, on its arrival square (a promoted pawn as the piece it
became), is changed there by `set_square`, so unmake takes it back.  The
legality of the move is judged after the change (the king of the side that
moved must not be in check then), as Popeye judges it.

Popeye's semantics, checked against Popeye 4.104's move lists
(tests/data/capturer/):
- AndernachChess: a piece that captures, not a king, takes the other
  side's colour (`Rh1*h8=b`; a capturing promotion `g7*h8=Q=b`; e.p. too).
- AntiAndernachChess: a piece that moves without capturing, not a king,
  changes colour (`e2-e4=b`); castling changes neither piece (`0-0`).
- ChameleonChess: every piece that moves becomes the next of the cycle
  S, B, R, Q, S (`Qd4-b2=S`); kings and pawns stay, a promoted piece does
  not change on the move that made it, nor a castling rook.
- Volage: a piece, not a king, that moves to a square of the other colour
  than the one it left changes colour (`e2-e3=b`, `g7-g8=Q=b`), once: it
  keeps its new colour for good (`SPENT` marks it); Hypervolage: every time.
  Castling moves the king only as far as the condition is concerned.

A pawn that changes colour is a pawn of the other side where it stands
(a white pawn turned black on the 7th rank may make a double step).
Castling rights are Popeye's, one a square (`solver.conditions.castling_rights`):
a change of colour on a corner takes its right and gives it to the rook now
there, if it is that corner's (`1.Rh7*h1=w 0-0`: the black rook that took on
h1 turned white, and may castle).  Notation: the mover's change
of colour is `=b` / `=w` after the move (French `=n` / `=b`, German `=s`
/ `=w`), of kind `=S` (`solver.output.notation.effect_text`).

What they keep (`preserves`): everything but `no_effects` (the shortcuts
that assume a move changes only its own squares: pins, the checking
geometry, flight refutation, the killer test, the intelligent search),
each tested against `FEERIE_GENERIC=1`.  Parameters (Popeye's
ChameleonChess sequence) and combinations with another condition that has
effects are refused by name.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import KING
from solver.engine.capabilities import ALL_PROPERTIES, NO_EFFECTS
from solver.engine.effects import ROYAL, SPENT
from solver.engine.move import CASTLE, PROMOTION
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.attributes import CHAMELEON_NEXT


def _changeable(pos, to: int, side: int, bits: int) -> int:
    """The piece of `side` now on `to` that a change may touch (0: none: the
    square is empty, holds the other side's piece, or a king, or a royal
    piece)."""
    piece = pos.board[to]
    if piece * side <= 0 or piece * side == KING or bits & ROYAL:
        return 0
    return piece


def _recolour(pos, to: int, piece: int) -> None:
    pos.set_square(to, -piece, pos.attrs.get(to, 0))


def andernach(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A capturer (not a king) takes the other side's colour."""
    if captured:
        piece = _changeable(pos, to, side, bits)
        if piece:
            _recolour(pos, to, piece)


def anti_andernach(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A piece that did not capture (not a king) changes colour."""
    if not captured and flag != CASTLE:
        piece = _changeable(pos, to, side, bits)
        if piece:
            _recolour(pos, to, piece)


def chameleon_chess(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The piece that moved becomes the next of S, B, R, Q (not on the move
    that promoted it, not a castling rook: castling moves a king)."""
    if flag == PROMOTION or flag == CASTLE:
        return
    piece = pos.board[to]
    nxt = CHAMELEON_NEXT.get(piece * side) if piece * side > 0 else None
    if nxt:
        pos.set_square(to, nxt * side, pos.attrs.get(to, 0))


def _square_colour(sq: int) -> int:
    return ((sq >> 4) + (sq & 7)) & 1


def volage(once: bool):
    """The effect rule of Volage (`once`) or Hypervolage."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        """A piece (not a king) that moved to a square of the other colour
        changes colour; under Volage only if it has not done so before."""
        if flag == CASTLE or _square_colour(frm) == _square_colour(to):
            return
        if once and bits & SPENT:
            return
        piece = _changeable(pos, to, side, bits)
        if piece:
            pos.set_square(to, -piece, pos.attrs.get(to, 0) | (SPENT if once else 0))

    return rule


PRESERVES = ALL_PROPERTIES - {NO_EFFECTS}


def effect_spec(name: str, rule) -> ConditionSpec:
    """A condition without parameters whose only hook is one effect rule."""

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.effect_rules.append(rule)
        keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
        return rules

    return ConditionSpec(install, lambda params: PRESERVES, has_effects=True)


SPECS: dict[str, ConditionSpec] = {
    name: effect_spec(name, rule) for name, rule in (
        ("AndernachChess", andernach),
        ("AntiAndernachChess", anti_andernach),
        ("ChameleonChess", chameleon_chess),
        ("Volage", volage(True)),
        ("Hypervolage", volage(False)),
    )
}
"""The registry's entries (solver.conditions.registry)."""
