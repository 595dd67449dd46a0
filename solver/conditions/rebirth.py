"""Rebirth squares of the Circe family, as data: one pure function per variant.

A rebirth square depends on the reborn piece's kind, on the *home* side
(whose camp the regular Circe square is in: the reborn piece's own side in
plain Circe, the other with Mirror), on the capture square and, for some
variants, on the capturer's departure square.  Each function here is
`f(kind, home, capture, departure) -> square or None` (0x88 squares; None:
off the board, no rebirth), so that Circe and AntiCirce (which rebirths the
capturer) share them, and a variant is a row of `REBIRTH` plus the adapters
of `ADAPTERS`, chosen once by `rebirth_function`.

The facts, from Popeye's manual (py-engl.txt, "condition") and checked
against Popeye's move lists (tests/test_circe.py):
- regular Circe: a pawn on the capture file, on its home's 2nd rank; a
  king on e1/e8, a queen on d1/d8; rook, bishop and knight on their home
  square of the capture square's colour (a1 is dark: a white rook taken on
  a dark square goes to a1, on a light one to h1); a fairy piece on the
  capture file's promotion square of its home (rank 8 for White's camp);
  "pawn" means Popeye's pawns (pawn, Berolina, super- and reverse pawns);
- File: as regular, but rook, bishop, knight, queen and king on the home
  rank's square of the capture file;
- Symmetry: the capture square turned by half a turn about the centre;
  VerticalSymmetry / HorizontalSymmetry: mirrored left-right / up-down;
- Rank: the home side is flipped where the capture rank's parity says so
  (so that R, B, S keep the colour of the capture square), and the regular
  square is moved onto the capture rank, on its own file;
- Antipodes: four ranks and four files away, towards the centre;
- PWC: the capturer's departure square;
- adapters, applied to the square found: Diametral (half a turn about the
  centre), VerticalMirror (mirrored left-right).
"""

from __future__ import annotations

from collections.abc import Callable

from solver.engine.board import BISHOP, KING, KNIGHT, QUEEN, ROOK, WHITE
from solver.pieces.catalogue import BY_KIND

RebirthSquare = Callable[[int, int, int, int], "int | None"]


def _light(sq: int) -> bool:
    """Is the square light?  (a1 is dark: rank + file even.)"""
    return ((sq >> 4) + (sq & 7)) & 1 == 1


# Regular Circe's squares of R, B, S by home side and the capture square's
# colour (light, dark): a1 dark, h1 light; c1 dark, f1 light; b1 light, g1 dark.
_BY_COLOUR = {
    (ROOK, WHITE): (0x07, 0x00), (ROOK, -WHITE): (0x70, 0x77),
    (BISHOP, WHITE): (0x05, 0x02), (BISHOP, -WHITE): (0x72, 0x75),
    (KNIGHT, WHITE): (0x01, 0x06), (KNIGHT, -WHITE): (0x76, 0x71),
}
_HOME_FILE = {QUEEN: 3, KING: 4}


def is_pawn(kind: int) -> bool:
    """Popeye's pawns (its `is_pawn`): reborn on the 2nd rank, not the 1st."""
    return BY_KIND[kind].is_pawn


def regular(kind: int, home: int, capture: int, departure: int = -1) -> int:
    """Orthodox Circe's square (module docstring)."""
    first = 0 if home == WHITE else 0x70
    if is_pawn(kind):
        return (0x10 if home == WHITE else 0x60) | (capture & 7)
    if kind in _HOME_FILE:
        return first | _HOME_FILE[kind]
    pair = _BY_COLOUR.get((kind, home))
    if pair is not None:
        return pair[0] if _light(capture) else pair[1]
    return (0x70 if home == WHITE else 0) | (capture & 7)


def file(kind: int, home: int, capture: int, departure: int = -1) -> int:
    """File Circe: the officers on their home rank on the capture file."""
    if kind in (ROOK, BISHOP, KNIGHT, QUEEN, KING):
        return (0 if home == WHITE else 0x70) | (capture & 7)
    return regular(kind, home, capture)


def symmetry(kind: int, home: int, capture: int, departure: int = -1) -> int:
    return 0x77 - capture


def vertical_symmetry(kind: int, home: int, capture: int, departure: int = -1) -> int:
    return capture ^ 7


def horizontal_symmetry(kind: int, home: int, capture: int, departure: int = -1) -> int:
    return capture ^ 0x70


def rank(kind: int, home: int, capture: int, departure: int = -1) -> int:
    """Rank Circe (module docstring): Popeye flips the capturer's side (here:
    the home side's opponent) where the capture rank's parity equals it
    being Black."""
    capturer = -home
    if (capture >> 4) % 2 == (1 if capturer != WHITE else 0):
        home = -home
    return (capture & 0x70) | (regular(kind, home, capture) & 7)


def antipodes(kind: int, home: int, capture: int, departure: int = -1) -> int:
    r, f = capture >> 4, capture & 7
    return ((r + 4 if r < 4 else r - 4) << 4) | (f + 4 if f < 4 else f - 4)


def pwc(kind: int, home: int, capture: int, departure: int = -1) -> int:
    return departure


def diametral(sq: int) -> int:
    return 0x77 - sq


def vertical_mirror(sq: int) -> int:
    return sq ^ 7


# Popeye's parameter names (CIRCE_VARIANTS, English) of the rebirth square's
# definition, and of its adaptation.
REBIRTH: dict[str, RebirthSquare] = {
    "File": file,
    "Symmetry": symmetry,
    "VerticalSymmetry": vertical_symmetry,
    "HorizontalSymmetry": horizontal_symmetry,
    "Rank": rank,
    "Antipodes": antipodes,
    "PWC": pwc,
}
ADAPTERS: dict[str, Callable[[int], int]] = {
    "Diametral": diametral,
    "VerticalMirror": vertical_mirror,
}


def rebirth_function(definition: str | None, adapter: str | None) -> RebirthSquare:
    """The rebirth square of a variant: `definition` a key of REBIRTH (None:
    regular Circe), `adapter` one of ADAPTERS or None."""
    base = REBIRTH[definition] if definition else regular
    if adapter is None:
        return base
    adapt = ADAPTERS[adapter]

    def adapted(kind: int, home: int, capture: int, departure: int = -1) -> int:
        return adapt(base(kind, home, capture, departure))

    return adapted
