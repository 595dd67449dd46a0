"""Option CastlingMutuallyExclusive: a castling takes the opponent's paired right.

Popeye's option `CastlingMutuallyExclusive <white rook square><black rook square>`
(py-engl.txt; German RochadenGegenseitigAusschliessend, French
RoquesMutuellementExclusifs), given once per pair: the castlings with the rooks
of those corners are mutually exclusive.  Popeye enforces it after the move
(its solving/castling.c, `mutual_castling_rights_adjuster_solve`): when a side
castles with one of the named rooks, the opponent loses the right of the rook
paired with it.  Nothing else: a rook or king that moves loses its rights as
always, and the diagram may hold both rights (Remling's #2 in Popeye's
castling.inp: 1.Ta1-d1? 0-0! but 1.0-0-0! and Black may no longer castle).

The right goes as an effect rule of the rule set (`Rules.effect_rules`), so the
positions are `EffectsPosition`s, whose undo stack restores the rights and the
hash.  It changes no square: the rule is marked `own_squares`, and every
shortcut that needs moves without effects (`NO_EFFECTS`) stays on: none of them
reads castling rights beyond the position's own.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import A1, A8, H1, H8, castle_bit, parse_square, square_name
from solver.engine.move import CASTLE

NAME = "CastlingMutuallyExclusive"
WHITE_CORNERS = (A1, H1)
BLACK_CORNERS = (A8, H8)


def pairs(options) -> tuple[tuple[int, int], ...]:
    """The (white rook square, black rook square) pairs the options name, in
    their order; InputError for a square that is not a rook's corner of its
    side (Popeye: the squares must hold rooks in the game array)."""
    found = []
    for opt in options:
        if opt.name != NAME:
            continue
        white, black = (parse_square(sq) for sq in opt.args)
        if white not in WHITE_CORNERS or black not in BLACK_CORNERS:
            raise InputError(f"option {NAME} needs a white rook's corner and a black rook's corner"
                             f" (a1h8), not {''.join(opt.args)}")
        found.append((white, black))
    return tuple(found)


def install(rules, options) -> None:
    """Add the rule to `rules` when the options name pairs (else nothing)."""
    lost_by: dict[int, int] = {}   # the castling rook's square -> the opponent's rights it takes
    for white, black in pairs(options):
        lost_by[white] = lost_by.get(white, 0) | castle_bit(black)
        lost_by[black] = lost_by.get(black, 0) | castle_bit(white)
    if not lost_by:
        return

    def mutually_exclusive(pos, m, side, frm, to, flag, bits, captured) -> None:
        if flag == CASTLE:
            lost = pos.castling & lost_by.get((frm & 0x70) | ((m >> 17) & 7), 0)
            if lost:
                pos.set_castling(pos.castling & ~lost)

    mutually_exclusive.own_squares = True
    rules.effect_rules.append(mutually_exclusive)


def header_line(options, language: str) -> str | None:
    """Popeye's line under the conditions, not centred: the option's name in the
    problem's language and the pairs, in Popeye's order (a1a8 a1h8 h1a8 h1h8)."""
    found = set(pairs(options))
    if not found:
        return None
    from solver.model import vocabulary as vocab  # (only then: start-up)

    name = vocab.OPTIONS[language][vocab.OPTION_IDS.index("mutuallyexclusivecastling")]
    order = [(w, b) for w in WHITE_CORNERS for b in BLACK_CORNERS if (w, b) in found]
    return " ".join([name] + [square_name(w) + square_name(b) for w, b in order])
