"""Reciprocal help play (reci-h, ser-reci-h) and exact- line play beyond the Popeye references of
tests/data/popeye_goals/ (compared there up to sibling order): the order
Popeye prints a reciprocal end in (the lines of G2, then Black's own G1
moves; shorter lengths first), the schedules of each form, and what the
checker and JSON say of it."""

from __future__ import annotations

import json
from pathlib import Path

import grammar
from grammar.stipulation import parse_stipulation
from solver.check.check import UNSUPPORTED, check_problem
from solver.engine.board import BLACK, WHITE
from solver.output.json_writer import problem_json
from solver.output.popeye_writer import write_problem
from solver.run.solve import reciprocal_schedules, solve_problem

DATA = Path(__file__).parent / "data" / "popeye_goals"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip().startswith("1.")]


def _popeye_block(index: int) -> list[str]:
    """Popeye's solution lines of the problem `index` (0-based) of reciprocal.out."""
    blocks = (DATA / "reciprocal.out").read_text().split("solution finished")
    return _lines(blocks[index])


def test_lines_of_g2_come_before_black_own_goal_as_popeye_prints_them():
    problems = grammar.load_file(DATA / "reciprocal.inp")
    t1 = problems[0]  # reci-h(=)#3 (Steudel): one end position, the mate line, then the stalemate
    assert _lines(write_problem(t1, solve_problem(t1).twins, time_s=0.0)) == _popeye_block(0)
    t4 = problems[1]  # reci-h(#)=3: the reci-h(#)=2 solution first, its stalemate line before the mate
    ours = _lines(write_problem(t4, solve_problem(t4).twins, time_s=0.0))
    assert ours[:2] == _popeye_block(1)[:2] == ["1.e2-e1=Q e7-e8=Q   2.Qe1-e3 Qe8*e3 =",
                                               "1.e2-e1=Q e7-e8=Q   2.Qe1-h4 #"]
    assert sorted(ours) == sorted(_popeye_block(1))


def test_schedules_of_each_form():
    def shapes(text):
        return [(s.sides, s.to_move) for s in reciprocal_schedules(parse_stipulation(text))]

    assert shapes("reci-h#1") == [((), BLACK)]
    assert shapes("reci-h#2") == [((), BLACK), ((BLACK, WHITE), BLACK)]
    assert shapes("exact-reci-h#2") == [((BLACK, WHITE), BLACK)]
    assert shapes("reci-h#1.5") == [((WHITE,), BLACK)]
    assert shapes("reci-h#2.5") == [((WHITE,), BLACK), ((WHITE, BLACK, WHITE), BLACK)]
    assert shapes("ser-reci-h#1") == [((), BLACK)]
    assert shapes("ser-reci-h#3") == [((BLACK,), BLACK), ((BLACK, BLACK), BLACK)]


def test_the_checker_refuses_reciprocal_play_by_name():
    [problem] = grammar.load("begin\nstip reci-h(=)#3\npieces white kh1 pg7 black kf1 pe3\nend\n", "x.inp")
    verdict = check_problem(problem)
    assert verdict.verdict == UNSUPPORTED
    assert "reciprocal play" in " ".join(verdict.twins[0].evidence)


def test_json_names_both_goals():
    [problem] = grammar.load("begin\nstip reci-h(=)#3\npieces white kh1 pg7 black kf1 pe3\nend\n", "x.inp")
    stip = json.loads(json.dumps(problem_json(problem)))["stipulation"]
    assert (stip["play"], stip["goal"], stip["reci_goal"], stip["exact"]) == ("reciprocal-help", "#", "=", False)


def test_exact_line_play_has_no_shorter_lengths_to_check():
    """exact-: the checker looks for no short solution (none counts), the
    solver plays the full length alone (Popeye: tests/data/popeye_goals/exact_*)."""
    from solver.check.check import shorter_lengths
    from solver.model.tree import LINE

    assert shorter_lengths(parse_stipulation("exact-h#3"), LINE) == []
    assert shorter_lengths(parse_stipulation("h#3"), LINE) == [1, 2]
    [problem] = grammar.load("begin\nstip exact-ser-h#3\npieces white kb1 black kd8 ra2\nend\n", "x.inp")
    from solver.run.solve import plan
    [spec] = plan(problem)
    assert [len(s.sides) for s in spec.schedules] == [4]
