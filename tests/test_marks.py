"""Popeye's marks after a move: mate and stalemate are marked only where they
are the goal of the side that moves (the self-mates of
tests/test_popeye_generated.py show the defender's goal mates marked `#`)."""

from __future__ import annotations

import grammar
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem


def solution(text: str) -> str:
    [problem] = grammar.load(text, "x.inp")
    result = solve_problem(problem, max_time=60)
    return write_problem(problem, result.twins, time_s=0.0)


def test_a_defence_that_mates_the_attacker_is_marked_check_only():
    # Popeye 4.104 writes "1.Ke2-e1 ?  but  1...Rb8-b1 + !": in #2 the
    # defender's mate is no goal (after 1...Rb1 White has no move and is in check)
    out = solution("begin\npieces white Ke2 Sd6 black Kh3 Rb8 Qd4 Bg4\nstip #2\n"
                   "option try defence 60 noboard\nend\n")
    assert "      1...Rb8-b1 + !" in out
    assert "Rb8-b1 #" not in out

