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



def test_a_series_move_after_which_the_opponent_has_no_move_is_not_marked_stalemate():
    # Popeye 4.104: "1.Kc6-b6   2.Qd6-f8 #" and "1.Qd6-c7   2.Qc7-b7 #": Black
    # has no move after 1.Kc6-b6 or 1.Qd6-c7, but in series play it need not move
    out = solution("begin\npieces white Kc6 Qd6 black Ka8\nstip ser-#2\noption noboard\nend\n")
    assert "  1.Kc6-b6   2.Qd6-f8 #" in out
    assert "  1.Qd6-c7   2.Qc7-b7 #" in out
    assert not any(" =  " in line or line.endswith(" =") for line in out.splitlines() if "1." in line)


def test_defence_n_without_try_shows_the_tries():
    # Popeye 4.104 prints "1.Ke2-e1 ?" and "1.Ke2-f1 ?" with `option defence 60` alone:
    # Defence n asks for tries refuted by at most n defences, Try or not
    out = solution("begin\npieces white Ke2 Sd6 black Kh3 Rb8 Qd4 Bg4\nstip #2\n"
                   "option defence 60 noboard\nend\n")
    assert "   1.Ke2-e1 ?" in out and "   1.Ke2-f1 ?" in out
