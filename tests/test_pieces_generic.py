"""The generic generator's orthodox rows against the engine, and the
position tables the catalogue needs (Zobrist rows, 7-bit promotions).

solver.engine.movegen.legal_moves is itself checked against python-chess
(test_movegen_oracle.py); here the catalogue's orthodox walks, run through
the generic make/test/unmake generator, must give the same move ints and the
same check flags on positions reached by random play, castling and e.p.
included.
"""

from __future__ import annotations

import random

import chess
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.engine import movegen
from solver.engine.board import KING, QUEEN, ROOK, parse_square
from solver.engine.move import CASTLE, PROMOTION, Move
from solver.pieces import generic
from solver.pieces.catalogue import BY_KIND, MAX_KIND, PIECES, by_code
from solver.engine.position import Z_EP, Z_PIECE, Z_SIDE, Position

from test_movegen_oracle import STARTS


def check_position(board: chess.Board) -> None:
    pos = Position.from_fen(board.fen())
    ours = generic.legal_moves(pos, promotions=(QUEEN, ROOK, 3, 2))
    theirs = movegen.legal_moves(pos)
    assert sorted(ours) == sorted(theirs), (board.fen(), {Move.decode(m).uci() for m in
                                                          set(ours) ^ set(theirs)})
    assert generic.in_check(pos) == movegen.in_check(pos) == board.is_check(), board.fen()


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), max_size=50))
def test_orthodox_rows_equal_the_engine(start, choices):
    board = chess.Board(start)
    check_position(board)
    for c in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[c % len(moves)])
        check_position(board)


def test_castling_through_an_observed_square_is_refused():
    """0-0 passes f1, which the bishop on a6 observes; 0-0-0 is fine."""
    pos = Position.from_fen("4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1")
    castlings = {(m >> 7) & 127 for m in generic.legal_moves(pos) if (m >> 14) & 7 == CASTLE}
    assert castlings == {parse_square("c1")}


def test_zobrist_rows_of_old_codes_are_unchanged():
    """The table grew from 64 to 256 rows without changing the key of any
    piece code -32..31 (so existing hashes stay equal), and codes -127..127
    all have rows of their own."""
    rng = random.Random(0x5EE2_1E)
    old = [[rng.getrandbits(64) for _ in range(128)] for _ in range(64)]
    assert rng.getrandbits(64) == Z_SIDE
    for code in range(-32, 32):
        assert Z_PIECE[code] == old[code], code
    assert len(Z_PIECE) == 256
    rows = {tuple(Z_PIECE[c]) for c in range(-MAX_KIND, MAX_KIND + 1)}
    assert len(rows) == 2 * MAX_KIND + 1
    assert Z_EP[0] not in {r[0] for r in rows}


def test_promotion_to_a_high_kind_makes_and_unmakes():
    """A kind above 15 needs the 7 promotion bits; the hash follows."""
    high = max(p.kind for p in PIECES)
    assert high > 15
    pos = Position.from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    pos.put(parse_square("h1"), -high)
    before = (pos.key(), pos.hash)
    promos = [m for m in generic.legal_moves(pos) if (m >> 14) & 7 == PROMOTION]
    assert high in {(m >> 17) & 127 for m in promos}
    for m in promos:
        pos.make(m)
        assert abs(pos.board[parse_square("b8")]) == (m >> 17) & 127
        assert pos.hash == pos.compute_hash()
        pos.unmake()
        assert (pos.key(), pos.hash) == before


def test_catalogue_codes_are_unique_and_read_back():
    for lang in ("en", "fr", "de"):
        codes = [getattr(p, lang) for p in PIECES]
        assert len(set(codes)) == len(codes), lang
        for p in PIECES:
            assert by_code(getattr(p, lang).lower(), lang) is p
    assert BY_KIND[KING].en == "K" and by_code("G").name == "grasshopper"


def test_promotion_to_a_fairy_piece_of_the_diagram():
    """Issue 15's cook: White Kh1 Pb7 Na1 (nightrider), Black Kh5 Pg4 Pg5 Pg6
    Ph4 Ph6: b7-b8=N mates, as Popeye finds.  Promotion offers Q, S, R, B and
    the nightrider, never a pawn or a king."""
    nightrider = by_code("N").kind
    pos = Position()
    for name, code in (("h1", KING), ("b7", 1), ("a1", nightrider)):
        pos.put(parse_square(name), code)
    for name in ("g4", "g5", "g6", "h4", "h6"):
        pos.put(parse_square(name), -1)
    pos.put(parse_square("h5"), -KING)
    promos = {(m >> 17) & 127 for m in generic.legal_moves(pos) if (m >> 14) & 7 == PROMOTION}
    assert promos == {QUEEN, ROOK, 3, 2, nightrider}
    mate = parse_square("b7") | parse_square("b8") << 7 | PROMOTION << 14 | nightrider << 17
    pos.make(mate)
    assert generic.in_check(pos) and not generic.legal_moves(pos)
    pos.unmake()
