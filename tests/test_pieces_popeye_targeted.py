"""Every catalogue piece's legal moves against Popeye's, in chosen situations.

tests/data/popeye_pieces/targeted.txt was made by
bench/popeye_pieces_targeted.py: for each catalogue piece, one position per
situation where it matters (the piece pins a white piece against White's
king; it is pinned by an orthodox and by a fairy piece; it checks White's
king, which must answer; a pawn promotes with the kind on the board; it
observes a castling path), with Popeye's `stip ~1` move list.  The moves are
compared as in tests/test_pieces_popeye.py (its reader and comparison are
reused), colour-flipped as well.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from solver.engine.board import KING
from solver.pieces.catalogue import BY_KIND
from test_pieces_popeye import feerie_moves, popeye_moves, read_position, read_records

DATA = Path(__file__).parent / "data" / "popeye_pieces" / "targeted.txt"
RECORDS = read_records(DATA)
SITUATIONS = ("pins", "pinned-orthodox", "pinned-fairy", "check", "promotion", "castling")


def _situations() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for head, _, _ in RECORDS:
        name, situation = head.rsplit(" ", 1)
        out.setdefault(situation, set()).add(name)
    return out


# Pieces that have no position for a situation, and why.
NOT_BUILT = {
    # the hamster turns back at its hurdle: it never captures, so never checks
    "check": {"hamster"},
    # a pinned UbiUbi lists too many moves for this data (a hand-made one is
    # in positions.txt)
    "pinned-orthodox": {"UbiUbi"},
    "pinned-fairy": {"UbiUbi"},
    # a locust's capture needs an empty square beyond the king, off the board
    # or a rook's square here; a black reverse pawn observes only upwards
    "castling": {"hamster", "locust", "rook locust", "bishop locust", "nightrider locust",
                 "reverse pawn"},
}


def test_every_piece_in_every_situation_it_can_be_in():
    """Each piece is checked, pinned, promoted to and watches castling, but
    for the gaps listed in NOT_BUILT; pins need a line, so leapers and some
    hoppers have no `pins` position."""
    by = _situations()
    assert set(by) == set(SITUATIONS)
    pieces = {p.name for p in BY_KIND.values() if p.kind != KING}
    assert by["promotion"] == pieces
    walking = {p.name for p in BY_KIND.values() if p.kind != KING and p.walks}
    for situation, gaps in NOT_BUILT.items():
        assert walking - by[situation] == gaps, situation
    assert len(by["pins"]) >= 60
    assert len(RECORDS) >= 550


@pytest.mark.parametrize("flip", [False, True], ids=["white", "black"])
@pytest.mark.parametrize("name,line,popeye", RECORDS, ids=[r[0] for r in RECORDS])
def test_moves_and_checks_equal_popeye(name, line, popeye, flip):
    pos = read_position(line, flip)
    theirs = popeye_moves(popeye)
    ours = feerie_moves(pos, flip)
    assert set(ours) == set(theirs), (line, "missing:", sorted(set(theirs) - set(ours)),
                                      "extra:", sorted(set(ours) - set(theirs)))
    wrong = sorted(k for k in ours if ours[k] != theirs[k])
    assert not wrong, (line, "check marks differ:", wrong)
