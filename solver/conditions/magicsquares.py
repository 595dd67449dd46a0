"""MagicSquares (Popeye's name, py-engl.txt "condition": `MagicSquares` and
the list of the magic squares, then `Type1` (the default) or `Type2`): a
piece, not a king, that arrives on a magic square changes colour there.

Popeye's rule (conditions/magic_square.c), checked against Popeye 4.104's
move lists (tests/data/effects/): every piece movement of the move ending
on a magic square recolours the piece that made it, unless it is royal
(a king, a royal piece); a promoted pawn changes as the piece it became
(`b7-b8=Q=b`), a pawn that takes e.p. as the pawn; a castling rook that
lands on a magic square changes too (and then always checks its own king,
beside it: such a castling is never legal).  The legality of the move is
judged after the change, as Popeye judges it.  A recoloured pawn is a
pawn of the other side where it stands (it promotes on the other side's
last rank); castling rights are Popeye's, one a square: a rook that turns
colour on its corner gets that corner's right (`solver.conditions.castling_rights`).

Type1 and Type2 differ only in where Popeye's change comes among the
other effects of a move (Type2: before an AntiCirce rebirth, which the
recoloured piece then undergoes as its new side's); no condition with
effects of its own is played beside MagicSquares (the registry refuses
them together by name), so the two types are the same rule here.

Notation: the mover's change of colour `=b` / `=w` after the move (French
`=n` / `=b`, German `=s` / `=w`), as Andernach's
(`solver.output.notation.effect_text`).

What it keeps (`preserves`): everything but `no_effects` (pins, the
checking geometry, the flight refutation, the killer test and the
intelligent search are off), tested against `FEERIE_GENERIC=1`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import CASTLE_PATH, parse_square
from solver.engine.move import CASTLE
from solver.conditions.changers import PRESERVES, _changeable
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules

TYPES = ("Type1", "Type2")


def magic_rule(squares: frozenset[int]):
    """The effect rule: the pieces the move brought onto magic squares change colour."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        arrivals = [(to, bits)]
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rook_to = CASTLE_PATH[(frm, rf)][1]
            arrivals.append((rook_to, pos.attrs.get(rook_to, 0)))
        for sq, sq_bits in arrivals:
            if sq in squares:
                piece = _changeable(pos, sq, side, sq_bits)
                if piece:
                    pos.set_square(sq, -piece, pos.attrs.get(sq, 0))

    return rule


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    squares = set()
    for param in params:
        if param in TYPES:
            continue
        try:
            squares.add(parse_square(param))
        except (ValueError, KeyError, IndexError):
            raise InputError(f"condition MagicSquares {param} is not supported") from None
    if not squares:
        raise InputError("condition MagicSquares needs a list of squares")
    rules.effect_rules.append(magic_rule(frozenset(squares)))
    keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
    return rules


SPEC = ConditionSpec(install, lambda params: PRESERVES, has_effects=True)
"""The registry's entry (solver.conditions.registry)."""
