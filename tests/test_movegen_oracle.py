"""The move generator against python-chess, on positions reached by random play.

python-chess is an independent implementation: equal legal-move sets, check,
mate and stalemate flags on thousands of positions are strong evidence.
Every move is also made and unmade to check that the position and its
incremental hash come back exactly.
"""

from __future__ import annotations

import chess
from hypothesis import HealthCheck, given, settings, strategies as st

from solver.engine.move import Move
from solver.engine.movegen import in_check, is_checkmate, is_stalemate, legal_moves
from solver.engine.position import Position

# Start points: the game array and a few positions rich in castling, e.p.,
# promotion and pins.
STARTS = [
    chess.STARTING_FEN,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1",
    "1b1k4/8/8/1rPpK3/8/8/8/8 w - d6 0 1",
    "4k3/1P6/8/8/8/8/6p1/4K3 w - - 0 1",
]


def feerie_uci(pos: Position) -> set[str]:
    return {Move.decode(m).uci() for m in legal_moves(pos)}


def check_position(board: chess.Board) -> None:
    pos = Position.from_fen(board.fen())
    ours = feerie_uci(pos)
    theirs = {m.uci() for m in board.legal_moves}
    assert ours == theirs, (board.fen(), ours ^ theirs)
    assert in_check(pos) == board.is_check(), board.fen()
    assert is_checkmate(pos) == board.is_checkmate(), board.fen()
    assert is_stalemate(pos) == board.is_stalemate(), board.fen()
    # FEN: the placement, side and castling fields agree with python-chess's,
    # and our own FEN reads back to the same position.
    assert pos.fen().split()[:3] == board.fen().split()[:3]
    assert Position.from_fen(pos.fen()).key() == pos.key()
    # make/unmake restores everything, and the incremental hash is right.
    before_key, before_hash = pos.key(), pos.hash
    assert pos.hash == pos.compute_hash()
    for m in legal_moves(pos):
        pos.make(m)
        assert pos.hash == pos.compute_hash(), (board.fen(), Move.decode(m).uci())
        pos.unmake()
        assert pos.key() == before_key and pos.hash == before_hash


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), choices=st.lists(st.integers(0, 10_000), max_size=60))
def test_random_games_agree_with_python_chess(start, choices):
    board = chess.Board(start)
    check_position(board)
    for c in choices:
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(moves[c % len(moves)])
        check_position(board)


@settings(max_examples=60, deadline=None)
@given(choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=40))
def test_make_unmake_along_a_game_restores_the_start(choices):
    pos = Position.from_fen(STARTS[1])
    start_key, start_hash = pos.key(), pos.hash
    played = 0
    for c in choices:
        moves = legal_moves(pos)
        if not moves:
            break
        pos.make(moves[c % len(moves)])
        played += 1
    for _ in range(played):
        pos.unmake()
    assert pos.key() == start_key and pos.hash == start_hash


def test_reference_positions_agree_with_python_chess():
    from conftest import reference
    from perft_data import read_perft_file

    suite = read_perft_file(reference("perft", "random.perft"))
    for _, fen, _ in suite[:400]:
        board = chess.Board(fen)
        check_position(board)
        # one ply further too: positions after every legal move
        for move in list(board.legal_moves)[:8]:
            board.push(move)
            check_position(board)
            board.pop()


def test_mates_and_stalemates_are_recognised():
    mates = ["rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
             "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"]
    stalemates = ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "k7/P7/K7/8/8/8/8/8 b - - 0 1"]
    for fen in mates + stalemates:
        check_position(chess.Board(fen))
    # and not vacuously: python-chess agrees these are what they say
    assert all(chess.Board(f).is_checkmate() for f in mates)
    assert all(chess.Board(f).is_stalemate() for f in stalemates)


def test_checking_moves_and_has_legal_move_agree_with_python_chess():
    from conftest import reference
    from perft_data import read_perft_file
    from solver.engine.movegen import checking_moves, has_legal_move

    suite = read_perft_file(reference("perft", "random.perft"))
    fens = [fen for _, fen, _ in suite[:400]] + STARTS
    checked = 0
    for fen in fens:
        board = chess.Board(fen)
        for move in [None] + list(board.legal_moves)[:6]:
            if move is not None:
                board.push(move)
            pos = Position.from_fen(board.fen())
            ours = {Move.decode(m).uci() for m in checking_moves(pos)}
            theirs = {m.uci() for m in board.legal_moves if board.gives_check(m)}
            assert ours == theirs, (board.fen(), ours ^ theirs)
            assert has_legal_move(pos) == any(True for _ in board.legal_moves)
            checked += len(theirs)
            if move is not None:
                board.pop()
    assert checked > 100  # the positions do contain checks


def test_plausible_moves_that_do_not_expose_the_king_are_the_legal_ones():
    """`plausible` (the battle search's killer test) plus "the mover is not in
    check afterwards" accepts exactly the legal ordinary moves, double steps
    and promotions, for moves taken from other positions of the same games."""
    import random

    from solver.engine.move import CASTLE, EN_PASSANT
    from solver.engine.movegen import plausible

    rng = random.Random(7)
    checked = 0
    for fen in STARTS:
        board = chess.Board(fen)
        positions = []
        for _ in range(40):
            moves = list(board.legal_moves)
            if not moves:
                break
            positions.append(Position.from_fen(board.fen()))
            board.push(rng.choice(moves))
        pool = {m for pos in positions for m in legal_moves(pos)}
        for pos in positions:
            legal = set(legal_moves(pos))
            for m in pool:
                if (m >> 14) & 7 in (CASTLE, EN_PASSANT):
                    assert not plausible(pos.board, pos.side, m)
                    continue
                ok = plausible(pos.board, pos.side, m)
                if ok:
                    pos.make(m)
                    ok = not in_check(pos, -pos.side)
                    pos.unmake()
                assert ok == (m in legal), (pos.fen(), Move.decode(m).uci())
                checked += 1
    assert checked > 10_000
