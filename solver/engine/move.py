"""Moves as plain ints, and a readable `Move` view of them.

The engine passes moves around as ints (`frm | to << 7 | flag << 14 |
promo << 17 | extra << 24`): they cost nothing to build, compare and store
in tables.  Promotion kinds have 7 bits (fairy kinds up to 127); castling
keeps the rook's file there.  `extra` (7 bits) is the square of the piece a
locust captures (LOCUST), or, in a promotion, the kind of the promoting
pawn when it is not the orthodox pawn (a Berolina pawn, a superpawn ...),
so that unmake can put it back.  `Move` decodes one for code that is not on the hot
path (notation, tests).

Flags say how to make the move; the moved and captured pieces are read
from the board.  EXCHANGE is the Messigny exchange: the pieces on `frm`
(the mover's) and `to` (the opponent's, of the same kind) swap places.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.engine.board import FEN_LETTER, square_name

NORMAL = 0      # ordinary move or capture
DOUBLE = 1      # pawn double step: sets the e.p. square
EN_PASSANT = 2  # pawn takes e.p.; the captured pawn is beside `to`
CASTLE = 3      # king move of a castling; the rook move follows from `to`
PROMOTION = 4   # pawn reaches the last rank; `promo` is the new kind
EXCHANGE = 5    # Messigny: swap the pieces on frm and to
LOCUST = 6      # the piece on the square in bits 24-30 is captured; `to` is empty

# Marks above the fields (bit 31 is the chameleon promotion's,
# solver.pieces.attributes): a Take&Make move (solver.conditions.takemake),
# and one whose capturer makes back to its departure square (written as a
# capture of `to`, which the condition's effect undoes).
TAKE_MAKE = 1 << 32
RETURNS = 1 << 33
# A MarsCirce capture from the mover's rebirth square, which bits 24-30 hold
# (solver.conditions.marscirce): made as the plain capture it ends as.
VIA = 1 << 34
# A Circe rebirth of a pawn on its last rank promotes it to the kind in bits
# 35-41 (solver.conditions.circe); 0: no promotion.
REBORN_PROMOTION = 35
# Above those: a latent pawn's promotion that goes with the move (SingleBox
# Type2 and Type3, solver.conditions.singlebox): the pawn's square in bits
# 42-48, the kind it becomes in bits 49-55; 0: none.  (The fields are
# disjoint, although no condition of one combines with one of another, so
# that whatever decodes a move never reads one mark as another.)
LATENT_SHIFT = 42
# Above those: the rebirth square a SuperCirce capture chose (solver.conditions.circe),
# plus one, in bits 56-62; 0: the piece is not reborn.
REBIRTH_CHOICE = 56
# Above those: an e.p. capture whose victim is not a pawn beside `to` (Einstein
# chess, solver.conditions.einstein: a pawn's triple step taken on the square
# next to its departure, a pawn turned knight taken): a LOCUST move, written `c3*d2 ep.`.
FAR_EN_PASSANT = 1 << 63
# Above those: the square of the piece a Breton capture takes along, its
# mover's choice (solver.conditions.breton), plus one, in bits 64-70; 0: none.
BRETON_CHOICE = 64
# Above those: a pawn's promotion into an imitator (solver.conditions.imitator):
# made as its promotion to `promo`, whose piece the condition's effect takes off.
IMITATOR_PROMOTION = 1 << 71
# Above those: a DangerCirce move to the mover's rebirth square (solver.conditions.dangercirce),
# made as the plain move it is; marked so that one that is also a walk's move is a
# move of its own, as in Popeye, which generates both.
DANGER = 1 << 72
# Above those: the hurdle a hurdle-colour-changing piece hops over (solver.pieces.hurdlecc),
# plus one, in bits 73-80 (two hurdles may lead to one square: two moves, as in Popeye);
# and a pawn's promotion to a hurdle-colour-changing piece.
HURDLE_SHIFT = 73
HCC_PROMOTION = 1 << 81
# Above those: an AntiMarsCirce castling whose king or rook is first put on its
# rebirth square (solver.conditions.antimars): the rook's square in bits 24-30,
# the king's is `frm` (its home square the castling's).
LIFTED = 1 << 82


def latent_promotion(m: int) -> tuple[int, int] | None:
    """(square, kind) of the latent pawn's promotion that goes with m, or None."""
    v = (m >> LATENT_SHIFT) & 0x3FFF
    return (v & 127, (v >> 7) & 127) if v else None

def capture_square(m: int, side: int) -> int:
    """Where capture m of `side` takes its victim: the arrival square, but
    for e.p. (the square behind it) and a locust's capture (its bits 24-30)."""
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    if flag == EN_PASSANT:
        return to - 16 * side
    return (m >> 24) & 127 if flag == LOCUST else to


FLAG_NAMES = {NORMAL: "normal", DOUBLE: "double", EN_PASSANT: "en_passant",
              CASTLE: "castle", PROMOTION: "promotion", EXCHANGE: "exchange",
              LOCUST: "locust"}


def encode(frm: int, to: int, flag: int = NORMAL, promo: int = 0) -> int:
    return frm | to << 7 | flag << 14 | promo << 17


@dataclass(frozen=True)
class Move:
    frm: int
    to: int
    flag: int = NORMAL
    promo: int = 0

    @classmethod
    def decode(cls, m: int) -> "Move":
        return cls(m & 127, (m >> 7) & 127, (m >> 14) & 7, (m >> 17) & 127)

    def encode(self) -> int:
        return encode(self.frm, self.to, self.flag, self.promo)

    def uci(self) -> str:
        """UCI text (e1g1 for castling, e7e8q for promotion), as python-chess
        writes it; a fairy promotion by the piece's Popeye code (e7e8ca)."""
        text = square_name(self.frm) + square_name(self.to)
        if self.flag == PROMOTION:
            text += _letter(self.promo).lower()
        return text

    def __str__(self) -> str:
        sep = "<->" if self.flag == EXCHANGE else "-"
        return square_name(self.frm) + sep + square_name(self.to) + (
            "=" + _letter(self.promo) if self.flag == PROMOTION else "")


KIND_LETTERS: dict[int, str] = dict(FEN_LETTER)
"""The letter of each kind in move text: FEN's for the orthodox kinds; the
walk catalogue (`solver.pieces.catalogue`, a layer above) adds every fairy
kind's Popeye English code when it is imported, which it is wherever a
fairy move can exist."""


def _letter(kind: int) -> str:
    return KIND_LETTERS[kind]


def is_capture(board, m: int) -> bool:
    """Does move m capture (e.p. and locust captures included; castling and
    Messigny's exchange do not)?"""
    flag = (m >> 14) & 7
    if flag in (EN_PASSANT, LOCUST):
        return True
    return flag not in (CASTLE, EXCHANGE) and board[(m >> 7) & 127] != 0
