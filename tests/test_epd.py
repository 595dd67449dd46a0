"""EPD collections (`FEN bm #n; id "..."; PV: ...;`) read as #n problems, and
one-line statements that say what the solution is (`solutions=N`, `key=MOVE`)."""

from __future__ import annotations

import pytest

import grammar
from conftest import reference
from solver.check.check import SOUND, check_item
from solver.run.solve import solve_problem


def _one(text: str):
    [item] = grammar.load(text, "x.epd")
    return item


def test_a_bm_line_is_a_mate_problem_with_its_id_and_key():
    problem = _one('2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; id "mate 1"; '
                   'PV: h5a5 c8d7 a5d5;\n')
    assert problem.stipulation.text == "#2"
    assert problem.title == "mate 1"
    assert problem.intended == ("Qh5-a5",)
    assert problem.solutions_expected is None


@pytest.mark.parametrize("uci, popeye", [("e1c1", "0-0-0"), ("c7e8", "Sc7-e8"), ("e5e7", "Qe5*e7")])
def test_uci_keys_become_popeye_notation(uci, popeye):
    problem = _one(f"2N2B2/2N1r3/8/3nQ2R/1k6/8/2B5/R3K3 w Q - bm #2; pm {uci};\n")
    assert problem.intended == (popeye,)


def test_the_intended_key_is_what_the_checker_compares():
    right = _one("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; PV: h5a5;\n")
    wrong = _one("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; PV: h5h1;\n")
    assert check_item(right, max_time=60).verdict == SOUND
    assert check_item(wrong, max_time=60).verdict != SOUND


@pytest.mark.parametrize("line, message, column", [
    ("8/2N3p1/5b2/k1B2P2/pP4R1/8/K1nn4/8 b - b3 bm #1; ep;", "with Black to move is not supported", 36),
    ("8/8/8/8/8/8/8/K6k w - - bm Kb2;", "'bm Kb2' is not a mate", 25),
    ("8/8/8/8/8/8/8/K6k w - - id \"x\";", "no mate to solve", 25),
    ("8/8/8/8/8/8/8/K6x w - - bm #1;", "", 1),
])
def test_bad_epd_lines_are_errors_at_their_place(line, message, column):
    item = _one(line + "\n")
    assert isinstance(item, grammar.ProblemError)
    assert message in item.error.message
    if message:
        assert item.error.column == column


def test_chestuci_white_mates_read_and_solve():
    """The first ChestUCI lines with White to mate in one or two: each reads
    as its #n and has a solution in n (the suite's bm is the shortest mate)."""
    lines = reference("epd", "ChestUCI_23102018.epd").read_text().splitlines()
    wanted = [line for line in lines[:300] if " w " in line and ("bm #1;" in line or "bm #2;" in line)][:12]
    assert len(wanted) == 12
    for line in wanted:
        problem = _one(line + "\n")
        assert not isinstance(problem, grammar.ProblemError), problem
        result = solve_problem(problem, max_time=60)
        assert result.twins[0].phases[-1].sections[-1].nodes, line


def test_a_statement_states_its_solutions_and_keys():
    problem = _one("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - #2 solutions=1 key=Qh5-a5 key=Qh5-h1\n")
    assert problem.solutions_expected == 1
    assert problem.intended == ("Qh5-a5", "Qh5-h1")
    assert problem.stipulation.text == "#2"


@pytest.mark.parametrize("word", ["solutions=x", "key="])
def test_a_bad_statement_intent_is_an_error(word):
    item = _one(f"2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - #2 {word}\n")
    assert isinstance(item, grammar.ProblemError)
    assert word in item.error.message


def test_a_multi_solution_helpmate_statement_is_sound_with_its_count():
    # two solutions: judged cooked without the count, sound with solutions=2
    line = "7k/5K1p/1p1p4/8/8/8/8/R7 b - - h#1"
    bare = check_item(_one(line + "\n"), max_time=60)
    counted = check_item(_one(line + " solutions=%d\n" % bare.solution_count), max_time=60)
    assert bare.solution_count == 2 and bare.verdict != SOUND
    assert counted.verdict == SOUND
