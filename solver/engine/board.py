"""Board geometry and piece codes: the precomputed tables the engine runs on.

Why 0x88 (a 16x8 array, of which the left 8 columns are the board):
- a square is on the board iff `sq & 0x88 == 0`, so tables are easy to build
  for any leaper or rider, fairy ones included (a nightrider is a rider on
  the knight's vectors, a camel a leaper on (1,3));
- the difference of two squares identifies the vector between them
  uniquely (`to - frm + 119` indexes a 239-entry table), which gives the
  direction of a line between two squares in one lookup: the basis of pin,
  check-evasion and discovered-check tests.
At run time no off-board test is done at all: every walk uses per-square
tuples of target squares precomputed here.

Piece codes are small signed ints: positive white, negative black, 0 empty.
The side to move is +1 (white) or -1 (black), so `p * side > 0` means "own
piece" and the code of a side's piece of kind k is `k * side`.
"""

from __future__ import annotations

WHITE = 1
BLACK = -1

EMPTY = 0
PAWN = 1
KNIGHT = 2
BISHOP = 3
ROOK = 4
QUEEN = 5
KING = 6
NIGHTRIDER = 7
FAIRY_MIN = NIGHTRIDER  # kinds from here on are fairy pieces

# FEN letters (N = knight); Popeye's codes of every piece are in solver.pieces.catalogue.
FEN_LETTER = {PAWN: "P", KNIGHT: "N", BISHOP: "B", ROOK: "R", QUEEN: "Q", KING: "K"}
FEN_KIND = {v: k for k, v in FEN_LETTER.items()}

FILES = "abcdefgh"


def square(file: int, rank: int) -> int:
    """0x88 square of file 0..7 and rank 0..7."""
    return rank * 16 + file


def file_of(sq: int) -> int:
    return sq & 7


def rank_of(sq: int) -> int:
    return sq >> 4


def square_name(sq: int) -> str:
    return FILES[sq & 7] + str((sq >> 4) + 1)


def parse_square(name: str) -> int:
    """0x88 square of 'e4'; ValueError when it is not a square name."""
    if len(name) != 2 or name[0] not in FILES or name[1] not in "12345678":
        raise ValueError(f"not a square: {name!r}")
    return square(FILES.index(name[0]), int(name[1]) - 1)


SQUARES = tuple(square(f, r) for r in range(8) for f in range(8))

KNIGHT_VECTORS = (33, 31, 18, 14, -14, -18, -31, -33)
KING_VECTORS = (17, 16, 15, 1, -1, -15, -16, -17)
ROOK_DIRS = (16, -16, 1, -1)
BISHOP_DIRS = (17, 15, -15, -17)
QUEEN_DIRS = ROOK_DIRS + BISHOP_DIRS


def _leaps(sq: int, vectors) -> tuple[int, ...]:
    return tuple(sq + v for v in vectors if not (sq + v) & 0x88)


def _ray(sq: int, d: int) -> tuple[int, ...]:
    out = []
    t = sq + d
    while not t & 0x88:
        out.append(t)
        t += d
    return tuple(out)


def _rays(sq: int, dirs) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """(direction, squares) for every direction that leaves the square."""
    return tuple((d, r) for d in dirs if (r := _ray(sq, d)))


# Per-square tables, indexed by the 0x88 square (128 entries; off-board ones empty).
KNIGHT_TARGETS = [(_leaps(sq, KNIGHT_VECTORS) if not sq & 0x88 else ()) for sq in range(128)]
KING_TARGETS = [(_leaps(sq, KING_VECTORS) if not sq & 0x88 else ()) for sq in range(128)]
ROOK_RAYS = [(_rays(sq, ROOK_DIRS) if not sq & 0x88 else ()) for sq in range(128)]
BISHOP_RAYS = [(_rays(sq, BISHOP_DIRS) if not sq & 0x88 else ()) for sq in range(128)]
QUEEN_RAYS = [ROOK_RAYS[sq] + BISHOP_RAYS[sq] for sq in range(128)]
RAY = [({d: _ray(sq, d) for d in QUEEN_DIRS + KNIGHT_VECTORS} if not sq & 0x88 else {})
       for sq in range(128)]


def _direction_table() -> list[int]:
    """DIRECTION[to - frm + 119]: the queen direction from frm towards to, or 0.

    Only lines (ranks, files, diagonals) are recorded; used for pins and
    discovered checks, where only line pieces matter.
    """
    table = [0] * 239
    for d in QUEEN_DIRS:
        for k in range(1, 8):
            table[d * k + 119] = d
    return table


DIRECTION = _direction_table()


def _attack_tables():
    """ATTACKS[code][target - square + 119]: does a piece of that code on
    `square` attack `target` on an empty board?  SLIDES[code]: must the
    squares between be empty?  Indexed by the signed piece code (negative
    codes index from the end), so one lookup decides for most pieces."""
    tables = [[False] * 239 for _ in range(32)]
    slides = [False] * 32
    steps = [0] * 239  # the unit step of a line vector, for the path test

    def mark(code: int, vectors, ride: bool) -> None:
        table = tables[code]
        slides[code] = ride
        for v in vectors:
            reach = 7 if ride else 1
            for k in range(1, reach + 1):
                # a vector v*k is meaningful only while it stays on an 8x8 board
                file_step, rank_step = _file_rank(v)
                if abs(file_step * k) > 7 or abs(rank_step * k) > 7:
                    break
                table[v * k + 119] = True
                if ride:
                    steps[v * k + 119] = v

    for side in (WHITE, BLACK):
        mark(PAWN * side, (15 * side, 17 * side), False)
        mark(KNIGHT * side, KNIGHT_VECTORS, False)
        mark(KING * side, KING_VECTORS, False)
        mark(BISHOP * side, BISHOP_DIRS, True)
        mark(ROOK * side, ROOK_DIRS, True)
        mark(QUEEN * side, QUEEN_DIRS, True)
        mark(NIGHTRIDER * side, KNIGHT_VECTORS, True)
    return tables, slides, steps


def _file_rank(v: int) -> tuple[int, int]:
    """The (file, rank) steps of a 0x88 vector."""
    rank = (v + 8) // 16 if v >= 0 else -((-v + 8) // 16)
    return v - 16 * rank, rank


ATTACKS, SLIDES, STEPS = _attack_tables()

# Castling rights: one bit per rook square that may still castle, bits 0-7
# for a1-h1 and 8-15 for a8-h8.  Orthodox problems only ever have a1, h1,
# a8, h8; keeping rook squares (X-FEN / Chess960 style) costs nothing and lets
# the generator count every perft position in the reference suites.
def castle_bit(sq: int) -> int:
    """The rights bit of a back-rank square (0 for other squares)."""
    if sq >> 4 == 0:
        return 1 << (sq & 7)
    if sq >> 4 == 7:
        return 1 << (8 + (sq & 7))
    return 0


E1, H1, A1, E8, H8, A8 = (parse_square(n) for n in ("e1", "h1", "a1", "e8", "h8", "a8"))
WK, WQ, BK, BQ = castle_bit(H1), castle_bit(A1), castle_bit(H8), castle_bit(A8)
SIDE_RIGHTS = {WHITE: 0x00FF, BLACK: 0xFF00}
CASTLE_BIT = [castle_bit(sq) if not sq & 0x88 else 0 for sq in range(128)]


def _castle_path(kf: int, rf: int):
    """(king to, rook to, squares that must be empty, squares the king crosses)
    for the king on kf castling with the rook on rf (same back rank)."""
    base = kf & 0x70
    kingside = rf > kf
    kt = base + (6 if kingside else 2)
    rt = base + (5 if kingside else 3)
    lo = min(kf, kt, rf, rt)
    hi = max(kf, kt, rf, rt)
    empty = tuple(x for x in range(lo, hi + 1) if x not in (kf, rf))
    crossed = tuple(range(min(kf, kt), max(kf, kt) + 1))
    return kt, rt, empty, crossed


CASTLE_PATH = {(kf, rf): _castle_path(kf, rf)
               for rank in (0, 7) for kf in range(rank * 16, rank * 16 + 8)
               for rf in range(rank * 16, rank * 16 + 8) if kf != rf}


def key_generator(seed: int):
    """`random.Random(seed)`'s generator (`_random.Random`, seeded alike,
    the same numbers) without importing the random module (start-up)."""
    from _random import Random

    return Random(seed)


def draw_keys(rng, rows: int, columns: int = 128) -> list[list[int]]:
    """`rows` lists of `columns` 64-bit hashing keys from `rng`: the numbers
    of `[[rng.getrandbits(64) for _ in range(columns)] for _ in range(rows)]`,
    taken in one draw, since getrandbits(64 * n) takes the same 32-bit words
    of the generator in the same order and leaves it in the same state
    (start-up: the 50,000 calls took milliseconds at import)."""
    import sys

    count = rows * columns
    if sys.byteorder == "little":
        flat = memoryview(rng.getrandbits(64 * count).to_bytes(8 * count, "little")).cast("Q").tolist()
    else:
        flat = [rng.getrandbits(64) for _ in range(count)]
    return [flat[i:i + columns] for i in range(0, count, columns)]
