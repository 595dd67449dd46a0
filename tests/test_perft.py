"""perft against the published counts of the reference suites."""

from __future__ import annotations

import pytest

from conftest import reference
from perft_data import read_perft_file
from solver.engine.perft import perft
from solver.engine.position import Position
from solver.conditions.rules import Rules

RULES = Rules()
TRICKY_MAX_NODES = 2_000_000
# The first half of random.perft, to depth 3, the first 20 also to depth 4 (the whole file took
# 330 s of CI's 30 minutes; the movegen oracle tests compare random positions with python-chess).
RANDOM_POSITIONS = 160
RANDOM_DEEP = 20


def test_tricky_suite_all_positions_all_depths():
    suite = read_perft_file(reference("perft", "tricky.perft"))
    assert len(suite) >= 19
    checked = 0
    for ident, fen, counts in suite:
        pos = Position.from_fen(fen)
        for depth, nodes in counts:
            assert nodes <= TRICKY_MAX_NODES, f"{ident}: a count too large for the test's time budget"
            assert perft(RULES, pos, depth) == nodes, f"{ident} {fen} depth {depth}"
            checked += 1
    # every count of the file (67 in the reference suite)
    assert checked == sum(len(counts) for _, _, counts in suite) >= 67


def test_random_suite_depth_3():
    suite = read_perft_file(reference("perft", "random.perft"))
    assert len(suite) > RANDOM_POSITIONS
    for i, (ident, fen, counts) in enumerate(suite[:RANDOM_POSITIONS]):
        pos = Position.from_fen(fen)
        max_depth = 4 if i < RANDOM_DEEP else 3
        for depth, nodes in counts:
            if depth <= max_depth:
                assert perft(RULES, pos, depth) == nodes, f"{ident} {fen} depth {depth}"


@pytest.mark.parametrize("fen,depth,nodes", [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4, 197281),
    ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3, 97862),
    ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -", 5, 674624),
])
def test_well_known_counts(fen, depth, nodes):
    # Independent of ../shared: the chessprogramming wiki's published numbers.
    assert perft(RULES, Position.from_fen(fen), depth) == nodes
