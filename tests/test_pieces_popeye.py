"""Every catalogue piece's legal moves against Popeye's, on stored positions.

tests/data/popeye_pieces/positions.txt was made by bench/popeye_pieces.py:
random positions with each catalogue piece on both sides, Popeye's input
(`stip ~1`, so Popeye lists every legal move of White and marks checks with
`+`) and Popeye's output.  Here each output is read back into a set of
(from, to, promotion) moves with their check marks, and the generic
generator must produce exactly that set, with the same checks.  The same
position is also tested colour-flipped (Black to move, ranks mirrored), so
that both sides' walks, pawns and promotions are compared with Popeye.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from solver.engine.board import BLACK, KING, PAWN, WHITE, parse_square, square_name
from solver.engine.move import CASTLE, PROMOTION
from solver.pieces import generic
from solver.pieces.catalogue import BY_KIND, by_code
from solver.engine.position import Position

DATA = Path(__file__).parent / "data" / "popeye_pieces" / "positions.txt"

_MOVE = re.compile(r"^\s*1\.(?P<text>\S+)(?P<check> \+)? !$")
_PLAIN = re.compile(r"^(?P<piece>[A-Z0-9]{0,2})(?P<frm>[a-h][1-8])[-*](?P<to>[a-h][1-8])"
                    r"(?:-(?P<land>[a-h][1-8]))?(?:=(?P<promo>[A-Z0-9]{1,2}))?$")


def read_records(path: Path) -> list[tuple[str, str, str]]:
    """(name, pieces line, Popeye's moves part) per stored position (also
    read by tests/test_pieces_popeye_targeted.py)."""
    out = []
    for block in path.read_text().split("=== ")[1:]:
        head, rest = block.split("\n", 1)
        inp, popeye = rest.split("---\n", 1)
        line = next(ln for ln in inp.splitlines() if ln.startswith("pieces "))
        out.append((head, line, popeye))
    return out


RECORDS = read_records(DATA)


def read_position(line: str, flip: bool = False) -> Position:
    """The position of a Popeye `pieces white ... black ...` line, White to
    move; with `flip`, colours swapped and ranks mirrored, Black to move."""
    pos = Position()
    side = WHITE
    for tok in line.split()[1:]:
        if tok in ("white", "black"):
            side = WHITE if tok == "white" else BLACK
            continue
        piece = by_code(tok[:-2])
        assert piece is not None, f"unknown Popeye code in {tok!r}"
        sq = parse_square(tok[-2:])
        if flip:
            pos.put(sq ^ 0x70, -side * piece.kind)
        else:
            pos.put(sq, side * piece.kind)
    pos.set_castling(pos.natural_castling())   # Popeye's default
    pos.set_side(BLACK if flip else WHITE)
    return pos


def popeye_moves(text: str) -> dict[tuple[str, str, str], bool]:
    """Popeye's listed moves: (from, to, promotion code) -> gives check."""
    out = {}
    for ln in text.splitlines():
        m = _MOVE.match(ln)
        if not m:
            continue
        mv = m["text"]
        if mv in ("0-0", "0-0-0"):
            key = ("e1", "g1" if mv == "0-0" else "c1", "")
        else:
            p = _PLAIN.match(mv)
            assert p, f"unreadable Popeye move {mv!r}"
            key = (p["frm"], p["land"] or p["to"], p["promo"] or "")
        # An orphan's move reached by two borrowed walks is listed twice by
        # Popeye (e.g. a pawn's double step and an eagle's hop): one move.
        assert out.get(key, m["check"] is not None) == (m["check"] is not None), mv
        out[key] = m["check"] is not None
    return out


def feerie_moves(pos: Position, flip: bool) -> dict[tuple[str, str, str], bool]:
    """The generic generator's moves, in Popeye's terms (squares unflipped)."""
    out = {}
    unflip = (lambda sq: sq ^ 0x70) if flip else (lambda sq: sq)
    for m in generic.legal_moves(pos):
        frm, to, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
        promo = BY_KIND[(m >> 17) & 127].en if flag == PROMOTION else ""
        pos.make(m)
        check = generic.in_check(pos)
        pos.unmake()
        out[(square_name(unflip(frm)), square_name(unflip(to)), promo)] = check
    return out


def test_data_covers_every_catalogue_piece():
    """Every piece but the king heads some positions (the king is in all)."""
    named = {name.rsplit(" ", 1)[0] for name, _, _ in RECORDS}
    missing = {p.name for p in BY_KIND.values() if p.kind != KING} - named
    assert not missing, missing
    assert len(RECORDS) >= 300


@pytest.mark.parametrize("flip", [False, True], ids=["white", "black"])
@pytest.mark.parametrize("name,line,popeye", RECORDS, ids=[r[0] for r in RECORDS])
def test_moves_and_checks_equal_popeye(name, line, popeye, flip):
    pos = read_position(line, flip)
    before = (pos.key(), pos.hash)
    theirs = popeye_moves(popeye)
    ours = feerie_moves(pos, flip)
    assert (pos.key(), pos.hash) == before
    assert set(ours) == set(theirs), (line, "missing:", sorted(set(theirs) - set(ours)),
                                      "extra:", sorted(set(ours) - set(theirs)))
    wrong = sorted(k for k in ours if ours[k] != theirs[k])
    assert not wrong, (line, "check marks differ:", wrong)
