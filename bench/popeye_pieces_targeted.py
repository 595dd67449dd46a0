"""Make the targeted Popeye move lists of tests/test_pieces_popeye_targeted.py
(not run in CI).

bench/popeye_pieces.py draws random positions and keeps varied ones; some
situations are rare there.  This sibling builds, for every catalogue piece,
positions made for one situation each (Popeye is the judge, feerie's own
generator only picks the candidates):

- pins:     a black piece of the kind pins a white piece against White's king;
- pinned-orthodox / pinned-fairy: a white piece of the kind is pinned by a
  black orthodox (Q, R, B) or fairy piece;
- check:    White's king is observed by a black piece of the kind (over a
  hurdle, for hoppers; landing beyond it, for locusts) and White must answer,
  with a white piece of the kind among the answers;
- promotion: a white pawn about to promote (the piece itself, if it is a
  pawn) with the kind on the board: Popeye promotes to Q, S, R, B and every
  fairy kind of the diagram;
- castling: White may castle (Ke1, Ra1, Rh1) and a black piece of the kind
  observes a square the king passes over or lands on.

A pin needs a line: leapers and pieces without one (the dummy) have no
`pins` position; the generator says which situations it could not build.
Positions are kept small (at most MAX_MOVES moves listed) so that the data
stays small.  Popeye runs `stip ~1` (White's legal moves, checks marked)
as for the random positions, and its output goes with the input to
tests/data/popeye_pieces/targeted.txt.

    python bench/popeye_pieces_targeted.py --popeye /tmp/popeye/py
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from popeye_pieces import moves_part, popeye_input, run_popeye  # noqa: E402
from solver.engine.board import BLACK, CASTLE_PATH, FILES, KING, WHITE, parse_square  # noqa: E402
from solver.pieces import generic  # noqa: E402
from solver.pieces.catalogue import BY_KIND, PIECES, Piece, by_code  # noqa: E402
from solver.pieces.families import observes  # noqa: E402
from test_pieces_popeye import read_position  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "popeye_pieces" / "targeted.txt"
SCENARIOS = ("pins", "pinned-orthodox", "pinned-fairy", "check", "promotion", "castling")
MAX_MOVES = 40      # longer move lists are drawn again (the data stays small)
TRIES = 1500        # candidates per piece and situation
ORTHODOX_PINNERS = ("Q", "R", "B")
SQUARES = [FILES[f] + str(r + 1) for f in range(8) for r in range(8)]


def _line_pieces() -> list[str]:
    """Fairy codes that can pin (their observation depends on other squares)."""
    return [p.en for p in PIECES if p.kind > 7 and p.walks and not p.is_pawn
            and any(w.family != "leaper" for w in p.walks)]


FAIRY_PINNERS = _line_pieces()
FAIRY_ANY = [p.en for p in PIECES if p.kind > 7 and p.walks]


class Board:
    """A candidate diagram: Popeye tokens by side, squares in use."""

    def __init__(self) -> None:
        self.white: list[str] = []
        self.black: list[str] = []

    def used(self) -> set[str]:
        return {t[-2:] for t in self.white + self.black}

    def add(self, side: int, code: str, sq: str) -> str:
        (self.white if side == WHITE else self.black).append(code.lower() + sq)
        return sq

    def free(self, rng: random.Random, code: str = "", ranks: range = range(8)) -> str:
        """A random empty square (ranks 2-7 for pawn-like pieces)."""
        piece = by_code(code) if code else None
        if piece is not None and piece.is_pawn:
            ranks = range(max(ranks.start, 1), min(ranks.stop, 7))
        used = self.used()
        choices = [s for s in SQUARES if s not in used and int(s[1]) - 1 in ranks]
        return rng.choice(choices)

    def position(self):
        return read_position(popeye_input(self.white, self.black).splitlines()[1])

    def copy(self) -> "Board":
        b = Board()
        b.white, b.black = list(self.white), list(self.black)
        return b


def _kings(rng: random.Random, b: Board, castling: bool = False) -> None:
    if castling:
        b.white += ["ke1", "ra1", "rh1"]
    else:
        b.add(WHITE, "k", b.free(rng))
    wk = parse_square(b.white[0][-2:])
    while True:
        sq = b.free(rng)
        s = parse_square(sq)
        if max(abs((s & 7) - (wk & 7)), abs((s >> 4) - (wk >> 4))) > 1:
            b.add(BLACK, "k", sq)
            return


def _extras(rng: random.Random, b: Board, n: int) -> None:
    for _ in range(n):
        orthodox = rng.random() < 0.5
        code = rng.choice(("Q", "R", "B", "S", "P")) if orthodox else rng.choice(FAIRY_ANY)
        b.add(WHITE if rng.random() < 0.5 else BLACK, code, b.free(rng, code))


def _observes_king(pos, sq: int) -> bool:
    """Does the piece on sq observe the other side's king?"""
    p = pos.board[sq]
    return observes(pos.board, sq, pos.kings[-1 if p > 0 else 1], BY_KIND[abs(p)].walks)


def _sound(pos) -> bool:
    """Popeye's diagram conditions here: White to move, Black not in check."""
    return not generic.in_check(pos, BLACK)


def _blocks(b: Board, rng: random.Random, attacker: str, code: str) -> Board | None:
    """b with a white `code` on a square where it stops the black piece on
    `attacker` from observing White's king (so it is pinned there), or None."""
    squares = [s for s in SQUARES if s not in b.used()
               and not (by_code(code).is_pawn and s[1] in "18")]
    rng.shuffle(squares)
    for sq in squares:
        c = b.copy()
        c.add(WHITE, code, sq)
        pos = c.position()
        if not _observes_king(pos, parse_square(attacker)):
            return c
    return None


def _pinned_moves(pos, sq: int) -> bool:
    """Has the piece on sq a pseudo-legal move that is illegal (while its king
    is not in check)?  Then it is pinned."""
    if generic.in_check(pos):
        return False
    legal = set(generic.legal_moves(pos))
    return any(m & 127 == sq and m not in legal for m in generic.pseudo_moves(pos))


def _with_line(rng: random.Random, pinner: str, castling: bool = False) -> tuple[Board, str] | None:
    """Kings, a black `pinner` observing White's king (with a hurdle or two
    about, for the hoppers), or None."""
    b = Board()
    _kings(rng, b, castling)
    at = b.add(BLACK, pinner, b.free(rng, pinner))
    _extras(rng, b, rng.randint(0, 2))
    sq = parse_square(at)
    if not _observes_king(b.position(), sq):
        b = _hurdle(rng, b, lambda pos: _observes_king(pos, sq))
        if b is None:
            return None
    return b, at


def _hurdle(rng: random.Random, b: Board, wanted) -> Board | None:
    """b with one more piece, placed where `wanted(position)` then holds
    (a hopper's hurdle, a lion's, that makes it observe a square), or None."""
    squares = [s for s in SQUARES if s not in b.used() and s[1] not in "18"]
    rng.shuffle(squares)
    for sq in squares:
        c = b.copy()
        code = rng.choice(("P", "S", "B", "R") + tuple(FAIRY_ANY))
        c.add(WHITE if rng.random() < 0.5 else BLACK, code, sq)
        if wanted(c.position()):
            return c
    return None


def build_pin(rng: random.Random, pinner: str, pinned: str) -> Board | None:
    """A white `pinned` piece pinned by a black `pinner`."""
    got = _with_line(rng, pinner)
    if got is None:
        return None
    b, at = got
    c = _blocks(b, rng, at, pinned)
    if c is None:
        return None
    sq = parse_square(c.white[-1][-2:])
    _extras(rng, c, rng.randint(0, 1))
    pos = c.position()
    if not _sound(pos) or not _pinned_moves(pos, sq):
        return None
    return c


def pins(rng, piece: Piece) -> Board | None:
    return build_pin(rng, piece.en, rng.choice(("Q", "R", "B", "S", "P") + tuple(FAIRY_ANY)))


def pinned_orthodox(rng, piece: Piece) -> Board | None:
    return build_pin(rng, rng.choice(ORTHODOX_PINNERS), piece.en)


def pinned_fairy(rng, piece: Piece) -> Board | None:
    return build_pin(rng, rng.choice(FAIRY_PINNERS), piece.en)


def check(rng, piece: Piece) -> Board | None:
    """White in check by a black `piece`, a white one of the kind to answer."""
    got = _with_line(rng, piece.en)
    if got is None:
        return None
    b, _ = got
    mine = b.add(WHITE, piece.en, b.free(rng, piece.en))
    _extras(rng, b, rng.randint(1, 3))
    pos = b.position()
    if not _sound(pos) or not generic.in_check(pos):
        return None
    legal = generic.legal_moves(pos)
    if not legal:
        return None
    if piece.walks and not any(m & 127 == parse_square(mine) for m in legal) and rng.random() < 0.8:
        return None   # mostly: the piece itself takes part in the answer
    return b


def promotion(rng, piece: Piece) -> Board | None:
    """A white pawn (or the piece, pawn-like) about to promote, the kind on
    the board, and another fairy kind."""
    b = Board()
    _kings(rng, b)
    if piece.is_pawn:
        promoter = piece.en
        rank = 1 if piece.reverse else 6
    else:
        promoter = "P"
        rank = 6
        b.add(WHITE if rng.random() < 0.5 else BLACK, piece.en, b.free(rng, piece.en))
    b.add(WHITE, promoter, b.free(rng, promoter, range(rank, rank + 1)))
    _extras(rng, b, rng.randint(1, 3))
    pos = b.position()
    if not _sound(pos):
        return None
    if not any((m >> 14) & 7 == 4 for m in generic.legal_moves(pos)):
        return None
    return b


def castling(rng, piece: Piece) -> Board | None:
    """Ke1, Ra1, Rh1, a black `piece` observing a square of a castling path."""
    b = Board()
    _kings(rng, b, castling=True)
    at = b.add(BLACK, piece.en, b.free(rng, piece.en, range(1, 8)))
    _extras(rng, b, rng.randint(0, 2))
    if any(t[-1] == "1" and t[-2] in "bcdfg" for t in b.white + b.black):
        return None   # a piece in the way: the path is the point
    sq = parse_square(at)
    if not _observes_path(b.position(), sq):
        b = _hurdle(rng, b, lambda pos: _observes_path(pos, sq))
        if b is None:
            return None
    return b if _sound(b.position()) else None


def _observes_path(pos, at: int) -> bool:
    """Does the piece on `at` observe a square White's king crosses or lands
    on in castling, with the king standing there?"""
    board = pos.board
    ksq = pos.kings[WHITE]
    for rf in (parse_square("a1"), parse_square("h1")):
        kt, _, _, crossed = CASTLE_PATH[(ksq, rf)]
        for x in set(crossed) | {kt}:
            if x == ksq:
                continue
            held = board[x]
            board[ksq], board[x] = 0, KING
            seen = observes(board, at, x, BY_KIND[abs(board[at])].walks)
            board[ksq], board[x] = KING, held
            if seen:
                return True
    return False


BUILDERS = {"pins": pins, "pinned-orthodox": pinned_orthodox, "pinned-fairy": pinned_fairy,
            "check": check, "promotion": promotion, "castling": castling}


def applies(piece: Piece, scenario: str) -> bool:
    """Situations a piece can be in at all (a leaper pins nothing)."""
    if scenario == "pins":
        return piece.en in FAIRY_PINNERS or piece.en in ORTHODOX_PINNERS
    if not piece.walks:      # the dummy: it has no moves, observes nothing
        return scenario == "promotion"
    return True


def records_for(popeye: str, piece: Piece, seed: int) -> tuple[list[str], list[str]]:
    """This piece's records, and the situations not built."""
    out, missing = [], []
    for scenario in SCENARIOS:
        if not applies(piece, scenario):
            continue
        rng = random.Random(f"{seed}:{piece.name}:{scenario}")
        for _ in range(TRIES):
            b = BUILDERS[scenario](rng, piece)
            if b is None:
                continue
            text = popeye_input(b.white, b.black)
            part = moves_part(run_popeye(popeye, text))
            if part is None or part.count("\n") > MAX_MOVES:
                continue
            out.append(f"=== {piece.name} {scenario}\n{text}---\n{part}\n")
            break
        else:
            missing.append(scenario)
    return out, missing


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--popeye", default="/tmp/popeye/py")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--only", nargs="*", default=[], metavar="NAME")
    args = ap.parse_args()
    records = []
    for piece in PIECES:
        if piece.kind == KING or (args.only and piece.name not in args.only):
            continue
        got, missing = records_for(args.popeye, piece, args.seed)
        records += got
        gaps = f" (none for {', '.join(missing)})" if missing else ""
        print(f"{piece.name}: {len(got)}{gaps}", file=sys.stderr)
    if not args.only:
        OUT.write_text("".join(records))
    print(f"{len(records)} positions", file=sys.stderr)


if __name__ == "__main__":
    main()
