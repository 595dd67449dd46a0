"""Messigny and Marseillais against independent references.

1. perft under each condition equals the count of a deliberately naive
   generator written over python-chess (`naive_conditions`), to depth 2, on
   random positions and on positions made for e.p. and exchanges;
2. the solutions of Popeye's Messigny examples equal Popeye's own output
   (up to the order of sibling moves).
"""

from __future__ import annotations

import random

import chess
import pytest

import grammar
import naive_conditions as naive
from conftest import reference
from solver.model import Condition
from solver.perft import perft
from solver.popeye_output import parse_output_file
from solver.position import Position
from solver.rules import build_rules
from solver.solve import solve_problem
from solver.tree import canonical_all

VARIANTS = {
    "Messigny": (naive.Variant(messigny=True), [Condition("Messigny")]),
    "Messigny RexExclusive": (naive.Variant(messigny=True, rex_inclusive=False),
                              [Condition("Messigny", ("RexExclusive",))]),
    "Marseillais": (naive.Variant(marseillais=True), [Condition("Marseillais")]),
    "Marseillais GameSite": (naive.Variant(marseillais=True, game_site=True),
                             [Condition("Marseillais", ("GameSite",))]),
    "Marseillais Messigny": (naive.Variant(marseillais=True, messigny=True),
                             [Condition("Marseillais"), Condition("Messigny")]),
}


def naive_count(fen: str, depth: int, variant: naive.Variant) -> int:
    return naive.perft(naive.State(chess.Board(fen)), depth, variant)


def feerie_count(fen: str, depth: int, conditions) -> int:
    return perft(build_rules(conditions), Position.from_fen(fen), depth)


def random_board(rng: random.Random, extra: int) -> chess.Board:
    """Two kings and `extra` more units, pawns often on the ranks of double
    steps and e.p.; a legal position with a random side to move."""
    while True:
        board = chess.Board(None)
        squares = rng.sample(range(64), 64)
        board.set_piece_at(squares[0], chess.Piece(chess.KING, chess.WHITE))
        board.set_piece_at(squares[1], chess.Piece(chess.KING, chess.BLACK))
        i = 2
        for _ in range(extra):
            color = rng.random() < 0.5
            kind = rng.choice([chess.PAWN] * 4 + [chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
            if kind == chess.PAWN:
                sq = chess.square(rng.randrange(8), rng.choice([1, 1, 2, 3, 4, 5, 6, 6]))
            else:
                sq = squares[i]
                i += 1
            if board.piece_at(sq) is None:
                board.set_piece_at(sq, chess.Piece(kind, color))
        board.turn = rng.random() < 0.5
        if board.is_valid():
            return board


def random_fens(seed: int, count: int, low: int, high: int, max_turns: int | None = None) -> list[str]:
    """`count` random positions; with `max_turns`, only those with at most
    that many Marseillais turn pairs (depth 2), to keep the naive side quick."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        fen = random_board(rng, rng.randrange(low, high + 1)).fen()
        if max_turns is None or feerie_count(fen, 2, [Condition("Marseillais")]) <= max_turns:
            out.append(fen)
    return out


# Positions made for the rules the random ones rarely reach.
MADE = [
    "4k3/2p4p/8/3P2P1/8/8/8/K7 b - - 0 1",        # two double steps, two e.p. (seed 000, diagram B)
    "4k3/1pp4p/8/P2P2P1/8/8/8/K7 b - - 0 1",      # e.p. with a choice of captures
    "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1",          # a pawn exchange after a double step
    "7k/8/6Q1/8/p7/8/P7/2K5 b - - 0 1",           # a first component with no second (diagram A)
    "R6k/8/5K2/6P1/8/p7/P7/8 b - - 0 1",          # the same in check
    "r3k3/p1p5/8/1P6/8/8/8/4K2R w Kq - 0 1",      # castling, e.p., rook exchanges
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",       # castling both sides, king and rook exchanges
]


@pytest.mark.parametrize("name", ["Messigny", "Messigny RexExclusive"])
@pytest.mark.parametrize("fen", random_fens(5002, 16, 3, 10) + MADE)
def test_messigny_perft_equals_naive_generator(name, fen):
    variant, conditions = VARIANTS[name]
    assert [feerie_count(fen, d, conditions) for d in (1, 2)] == \
        [naive_count(fen, d, variant) for d in (1, 2)], fen


@pytest.mark.parametrize("name", ["Marseillais", "Marseillais GameSite", "Marseillais Messigny"])
@pytest.mark.parametrize("fen", random_fens(3000, 5, 2, 4, max_turns=30_000) + [MADE[i] for i in (0, 2, 3, 4)])
def test_marseillais_perft_equals_naive_generator(name, fen):
    variant, conditions = VARIANTS[name]
    assert feerie_count(fen, 2, conditions) == naive_count(fen, 2, variant), fen


def test_marseillais_balanced_perft_from_the_game_array():
    # White's first turn has one component; Black's has two.
    variant = naive.Variant(marseillais=True)
    board = chess.Board()
    expected = sum(naive.perft(naive.State(_after(board, m)), 1, variant) for m in board.legal_moves)
    fen = chess.STARTING_FEN
    assert feerie_count(fen, 1, [Condition("Marseillais", ("Balanced",))]) == 20
    assert feerie_count(fen, 2, [Condition("Marseillais", ("Balanced",))]) == expected
    assert feerie_count(fen, 1, [Condition("Marseillais")]) == naive_count(fen, 1, variant)


def _after(board: chess.Board, move: chess.Move) -> chess.Board:
    after = board.copy(stack=False)
    after.push(move)
    after.ep_square = None
    return after


# --- Popeye's Messigny examples --------------------------------------------------------

MESSIGNY_FILES = [("beispiel", "messigny.inp"), ("english", "ex1_messigny_h2.inp"),
                  ("english", "messigny_rexex_h2.inp"), ("english", "messigny_rexex_r2.inp")]
# beispiel/messigny.inp problem 3 (h#3, ten units, no e.p. or exchange shortcut)
# takes feerie minutes: it is solved and compared by `bench/marseillais.py
# --messigny` instead of on every test run.
SLOW = {("beispiel", "messigny.inp", 3)}


def _cases():
    out = []
    for folder, name in MESSIGNY_FILES:
        count = 12 if name == "messigny.inp" else 1
        for index in range(1, count + 1):
            if (folder, name, index) not in SLOW:
                out.append((folder, name, index))
    return out


@pytest.mark.parametrize("folder,name,index", _cases())
def test_messigny_solutions_equal_popeye(folder, name, index):
    inp = reference("popeye", folder, name)
    problems = grammar.load_file(inp)
    assert len(problems) == (12 if name == "messigny.inp" else 1)
    expected = parse_output_file(inp.with_suffix(".out"))[index - 1]
    result = solve_problem(problems[index - 1])
    assert canonical_all(result.twins) == canonical_all(expected.twins)
