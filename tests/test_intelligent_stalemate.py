"""The intelligent search finds exactly the brute-force lines of help and
series stalemates ('=') and of mate-or-stalemate ('#=').

Brute force (`LineSearch`) is the oracle, as in test_intelligent.py: random
positions biased towards stalemates (the stalemated side has few pieces),
and positions chosen for the ways a stalemate target could be missed (a
pawn blocked by a piece in front, a pinned piece, promotion).  Popeye's
outputs for its intelligent-mode stalemates (BEISPIEL/hpint.inp) are
compared in test_corpus.py (tests/data/corpus_fast.txt).
"""

from __future__ import annotations

import random

import pytest

from solver.base.budget import Budget
from solver.conditions.rules import Rules
from solver.engine.board import BISHOP, BLACK, KNIGHT, PAWN, QUEEN, ROOK, SQUARES, WHITE
from solver.engine.movegen import in_check
from solver.engine.position import Position
from solver.search.goals import INTELLIGENT
from solver.search.helpplay import LineSearch, help_schedule, series_schedule
from solver.search.intelligent import intelligent_search
from test_intelligent import both, compare_positions, final_positions, pinned

_KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, PAWN)


def stalemate_position(rng: random.Random, to_move: int, stalemated: int, weak: int, strong: int) -> Position:
    """Kings, `weak` pieces of the stalemated side and `strong` of the other,
    the side not to move not in check, castling where king and rook stand at home."""
    while True:
        pos = Position()
        squares = rng.sample(SQUARES, 2 + weak + strong)
        pos.put(squares[0], 6 * stalemated)
        pos.put(squares[1], -6 * stalemated)
        for i, sq in enumerate(squares[2:]):
            side = stalemated if i < weak else -stalemated
            kind = rng.choice(_KINDS)
            if kind == PAWN and (sq >> 4) in (0, 7):
                kind = KNIGHT
            pos.put(sq, kind * side)
        pos.set_castling(pos.natural_castling())
        pos.set_side(to_move)
        if not in_check(pos, -to_move):
            return pos


def compare_random(seed: int, count: int, schedule, goal: str, cap: int = 8_000,
                   weak=(0, 2), strong=(1, 3)) -> int:
    """`compare_positions` on random positions biased towards stalemates."""
    rng = random.Random(seed)
    stalemated = -schedule.sides[-1]
    return compare_positions(
        lambda: stalemate_position(rng, schedule.sides[0], stalemated, rng.randint(*weak), rng.randint(*strong)),
        count, schedule, cap, goal)


SCHEDULES = {
    "h=1": help_schedule(BLACK, 2),
    "h=2": help_schedule(BLACK, 4),
    "h=1.5": help_schedule(WHITE, 3),
    "ser-h=2": series_schedule(BLACK, 2, then_other=True),
    "ser-=3": series_schedule(WHITE, 3, then_other=False),
}


@pytest.mark.parametrize("goal", ["=", "#="])
@pytest.mark.parametrize("play,count,seed", [("h=1", 150, 1), ("h=2", 60, 2), ("h=1.5", 60, 4),
                                             ("ser-h=2", 40, 6), ("ser-=3", 40, 7)])
def test_random_stalemates(goal, play, count, seed):
    solved = compare_random(seed, count, SCHEDULES[play], goal)
    assert solved >= 1  # the sample does contain solutions


def test_random_stalemates_in_three():
    """h=3, one piece of the stalemated side at most."""
    solved = compare_random(8, 20, help_schedule(BLACK, 6), "=", cap=30_000, weak=(0, 1), strong=(1, 2))
    assert solved >= 2


def _blocked_pawn(pos: Position, side: int) -> bool:
    """Does a pawn of `side` stand in front of a piece (so that only that piece stops it)?"""
    step = 16 * side
    return any(pos.board[s] == PAWN * side and not (s + step) & 0x88 and pos.board[s + step]
               for s in pos.occupied[side])


@pytest.mark.parametrize("fen,play,feature", [
    # the black pawn h5 blocked at the end by a piece in front of it
    ("8/8/8/8/8/6k1/2P4p/3K4 b - - 0 1", "h=2", "blocked"),
    ("8/8/8/4r3/8/4Q3/1p4B1/K2k4 w - - 0 1", "h=1.5", "blocked"),
    # a black piece pinned in the stalemate (it could move otherwise)
    ("K7/8/8/5R1p/8/8/5Q1k/8 b - - 0 1", "h=2", "pinned"),
    # promotion to stalemate
    ("7k/P7/8/8/8/8/8/K5Q1 w - - 0 1", "h=1.5", "promotion"),
    # the black pawn a7 blocked by the white pawn a5 once it steps to a6
    ("k7/p7/8/P7/8/8/8/KQ6 w - - 0 1", "h=1.5", "blocked"),
])
def test_tricky_stalemates(fen, play, feature):
    """The case is exercised (some stalemate of brute force shows the
    feature) and both searches find the same lines."""
    schedule = SCHEDULES[play]
    pos = Position.from_fen(fen)
    pos.set_side(schedule.sides[0])
    brute, smart = both(pos, schedule, 10 ** 7, "=")
    assert smart == brute
    stalemated = -schedule.sides[-1]
    if feature == "promotion":
        assert any("=" in line[-1][:-2] for line in brute), brute
        return
    nodes = LineSearch(Rules(), pos.copy(), schedule, "=", Budget()).solve()
    finals = list(final_positions(pos.copy(), nodes))
    test = _blocked_pawn if feature == "blocked" else pinned
    assert any(test(p, stalemated) for p in finals), brute


def test_double_stalemate_falls_back():
    """'==' is not taken (see intelligent_stalemate's docstring), nor '!='."""
    assert "=" in INTELLIGENT and "#=" in INTELLIGENT
    pos = Position.from_fen("7k/8/6N1/8/8/8/8/K6R b - - 0 1")
    for goal in ("==", "!="):
        assert intelligent_search(Rules(), pos.copy(), SCHEDULES["h=1"], goal, Budget()) is None
    assert intelligent_search(Rules(), pos.copy(), SCHEDULES["h=1"], "=", Budget()) is not None
