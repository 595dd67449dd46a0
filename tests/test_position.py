"""FEN reading and writing, errors, and the special moves' make/unmake."""

from __future__ import annotations

import pytest

from solver.engine.board import parse_square
from solver.base.errors import InputError
from solver.engine.move import EXCHANGE, Move, encode
from solver.engine.movegen import legal_moves
from solver.engine.position import Position


def test_optional_fields_default():
    pos = Position.from_fen("4k3/8/8/8/8/8/8/4K3")
    assert pos.fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


@pytest.mark.parametrize("fen", [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 5 20",
    "1r2k1r1/8/8/8/8/8/8/R3K1R1 w KQkq - 0 1",  # X-FEN: outermost rooks
])
def test_fen_round_trip(fen):
    assert Position.from_fen(fen).fen() == fen


@pytest.mark.parametrize("fen,words", [
    ("not a fen", ["placement", "1 rank"]),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w - -", ["rank 6", "9 squares"]),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR/8 w - -", ["9 ranks"]),
    ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", ["rank 7", "'x'"]),
    ("4k3/8/8/8/8/8/8/4K3 x", ["side-to-move", "'x'"]),
    ("4k3/8/8/8/8/8/8/4K3 w KX", ["castling", "'X'"]),
    ("4k3/8/8/8/8/8/8/4K3 w - e4", ["en-passant", "e4"]),
    ("4k3/8/8/8/8/8/8/4K3 w - z9", ["en-passant", "not a square"]),
    ("4k3/8/8/8/8/8/8/4K3 w - - x", ["halfmove"]),
    ("4k3/8/8/8/8/8/8/4KK2 w - -", ["two white kings"]),
    ("", ["empty"]),
])
def test_fen_errors_name_the_field(fen, words):
    with pytest.raises(InputError) as info:
        Position.from_fen(fen)
    message = str(info.value)
    for word in words:
        assert word in message, message


def test_castling_rights_without_rook_are_dropped():
    assert Position.from_fen("4k3/8/8/8/8/8/8/4K3 w KQkq -").fen().split()[2] == "-"


def test_messigny_exchange_make_unmake():
    # The engine core carries the exchange move; the Messigny condition generates it.
    pos = Position.from_fen("4k3/8/8/3q4/8/8/8/Q3K3 w - - 0 1")
    before = pos.key(), pos.hash
    m = encode(parse_square("a1"), parse_square("d5"), EXCHANGE)
    pos.make(m)
    assert pos.fen().startswith("4k3/8/8/3Q4/8/8/8/q3K3 b")
    assert pos.hash == pos.compute_hash()
    pos.unmake()
    assert (pos.key(), pos.hash) == before


def test_king_exchange_moves_both_kings():
    pos = Position.from_fen("8/8/8/3k4/8/8/8/K7 w - - 0 1")
    pos.make(encode(parse_square("a1"), parse_square("d5"), EXCHANGE))
    assert pos.kings[1] == parse_square("d5") and pos.kings[-1] == parse_square("a1")
    pos.unmake()
    assert pos.kings[1] == parse_square("a1") and pos.kings[-1] == parse_square("d5")


def test_set_state_is_undone_like_a_move():
    pos = Position.from_fen("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1")
    before = pos.key(), pos.hash
    pos.set_state(-1, (parse_square("e3"),))
    assert pos.side == -1 and pos.ep == (parse_square("e3"),)
    assert pos.hash == pos.compute_hash()
    pos.unmake()
    assert (pos.key(), pos.hash) == before


def test_positions_without_kings_generate_moves():
    # Problems may omit a king (series play, some helpmates).
    pos = Position.from_fen("8/8/8/8/8/8/8/R7 w - - 0 1")
    assert len(legal_moves(pos)) == 14
    assert {str(Move.decode(m)) for m in legal_moves(pos)} >= {"a1-a8", "a1-h1"}


def test_nightrider_moves_and_checks():
    # A fairy piece is a catalogue row, played by the generic generator:
    # nightrider b1, white king h1, black king a8.
    from solver.engine.board import NIGHTRIDER
    from solver.pieces import generic

    pos = Position.from_fen("k7/8/8/8/8/8/8/7K w - - 0 1")
    pos.put(parse_square("b1"), NIGHTRIDER)
    moves = generic.legal_moves(pos)
    targets = {str(Move.decode(m)) for m in moves if m & 127 == parse_square("b1")}
    assert targets == {"b1-d2", "b1-f3", "b1-h4", "b1-c3", "b1-d5", "b1-e7", "b1-a3"}
