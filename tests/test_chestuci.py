"""Correctness at scale: ChestUCI's direct mates solve as #n, and not in fewer moves.

The suite's `bm #n` is the exact shortest mate (Chest is an exhaustive
solver), so feerie must find a win in n and none in n-1.  The file holds
only 44 problems with n <= 3 (they come first; the first 300 problems are
the 44, then mates in 4 to 6), and all 44 run here; `bench/solve.py` runs
the mates in 4 that follow.
"""

from __future__ import annotations

import re

from conftest import reference
from solver.search.battle import Battle
from solver.base.budget import Budget
from solver.engine.position import Position
from solver.conditions.rules import Rules

BM = re.compile(r"\bbm #(\d+);")


def chest_problems(max_moves: int, first: int = 300) -> list[tuple[str, int]]:
    lines = reference("epd", "ChestUCI_23102018.epd").read_text().splitlines()
    out = []
    for line in lines[:first]:
        m = BM.search(line)
        if m and int(m.group(1)) <= max_moves:
            out.append((line.split(" bm ")[0], int(m.group(1))))
    return out


def test_chest_mates_up_to_three_moves_are_exact():
    problems = chest_problems(3, first=10_000)
    assert len(problems) == 44
    for fen, n in problems:
        battle = Battle(Rules(), Position.from_fen(fen), "direct", "#", Budget())
        assert battle.wins(n), f"no mate in {n}: {fen}"
        assert n == 1 or not battle.wins(n - 1), f"a mate in fewer than {n}: {fen}"
