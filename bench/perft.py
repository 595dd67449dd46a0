"""Benchmark: feerie's perft against python-chess's, in the same run.

Both count legal moves at the last ply (bulk counting), on the same
positions; runs alternate (feerie, python-chess, feerie, ...) so that a
change in machine load hits both alike.  Prints nodes per second of each
and the ratio feerie / python-chess (> 1: feerie is faster).

    python bench/perft.py [--rounds 3]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

import chess  # noqa: E402  (test/benchmark-only oracle)

from solver.engine.perft import perft  # noqa: E402
from solver.engine.position import Position  # noqa: E402
from solver.conditions.rules import Rules  # noqa: E402

CASES = [
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("Position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5, 674624),
]


def chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn) -> tuple[int, float]:
    start = time.perf_counter()
    nodes = fn()
    return nodes, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    rules = Rules()
    print(f"python {sys.version.split()[0]}, python-chess {chess.__version__}")
    print(f"{'position':12} {'depth':>5} {'nodes':>9} {'feerie n/s':>11} {'p-chess n/s':>11} {'ratio':>6}")
    ratios = []
    for name, fen, depth, expected in CASES:
        ours, theirs = [], []
        for _ in range(args.rounds):
            n, t = timed(lambda: perft(rules, Position.from_fen(fen), depth))
            assert n == expected, (name, n)
            ours.append(t)
            n, t = timed(lambda: chess_perft(chess.Board(fen), depth))
            assert n == expected, (name, n)
            theirs.append(t)
        a, b = expected / min(ours), expected / min(theirs)
        ratios.append(a / b)
        print(f"{name:12} {depth:>5} {expected:>9} {a:>11,.0f} {b:>11,.0f} {a / b:>6.2f}")
    print(f"ratio (feerie / python-chess), geometric mean: "
          f"{(ratios[0] * ratios[1]) ** 0.5:.2f}")


if __name__ == "__main__":
    main()
