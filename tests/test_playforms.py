"""Series reflex play (ser-r), help-reflex (hr), help-self stalemate (hs=) and
series help-self play (ser-hs) against Popeye (solver.search.helpplay: the
FORCED and REFLEX ends of a schedule).

tests/data/playforms/: random orthodox positions in ser-r#2, ser-r#3,
ser-r=2, ser-r=3, ser-r+3, ser-rx2, exact-ser-r#3, hr#1, hr#2, hr#1.5, hr=2,
hr+2, exact-hr#2, hs=1, hs=2, hs=1.5, hs#3, ser-s#3, ser-sx2, ser-hs#2, ser-hs#3,
ser-hs=2, ser-hsx2, exact-ser-hs#3 and ser-hs#2 with Duplex, made by
`tests/generate_popeye_data.py --playforms` and solved by Popeye 4.104;
Targeted.inp is written by hand: a reflex constraint broken in the diagram
(Popeye shows White's mate marked ' ?!?'), hr#1.5 where Black mates at once
(the forced end in the diagram), the forced end met before the last move
of ser-s and hs (the line stops there), BEISPIEL's ser-r+3 and hr#2 (with
WhiteToPlay and Duplex), ser-hs#3, the forced end after m-> introductory
moves, hs#1.5 forced at once.  Every case on the fast path and on the
generic one (the slow ones under FEERIE_SLOW_TESTS=1)."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.output.popeye_writer import write_problem
from solver.run.solve import plan, solve_problem, unsupported_reason
from solver.search.helpplay import FORCED, REFLEX

DATA = Path(__file__).parent / "data" / "playforms"
CASES = cases(DATA)


def test_every_form_has_problems():
    forms = {case.split("#")[0] for case in CASES}
    assert {"Targeted", "serr_mate2", "serr_mate3", "serr_stale2", "serr_check3", "hr_mate1", "hr_mate2",
            "hr_mate1_5", "hs_stale2", "serhs_mate2", "serhs_mate3", "serhs_stale2"} <= forms
    assert len(CASES) >= 100


# hs#3 (13 to 45 s of CPU on either path; ser-hs#3 and hr#2 on the generic path, 4 to 15 s
# of CPU, past the 60 s a case may take on a loaded machine)
SLOW = ("hs_mate3#2", "hs_mate3#3", "hs_mate3#4")
GENERIC_SLOW = SLOW + ("Targeted#14", "exact_serhs3#1", "exact_serhs3#2", "exact_serhs3#3", "exact_serhs3#4",
                       "hr_mate2#5", "serhs_duplex2#4", "serhs_mate3#2", "serhs_mate3#3", "serhs_mate3#4",
                       "serhs_mate3#5", "serhs_mate3#6")

test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=GENERIC_SLOW, why="over ten seconds of CPU, or"
    " past a minute on a loaded machine")


def _problem(pieces: str, stipulation: str, options: str = ""):
    [problem] = grammar.load(f"begin\npieces {pieces}\nstip {stipulation}\n{options}end\n", "x.inp")
    return problem


def _solution(pieces: str, stipulation: str, options: str = "") -> str:
    problem = _problem(pieces, stipulation, options)
    return write_problem(problem, solve_problem(problem).twins, time_s=None)


# White could mate at once with Sg5-f7 (smothered); Black mates with Re8-e1 after a quiet White move
WHITE_MATES = "white Kh1 Pg2 Ph2 Ra5 Sg5 black Kh8 Pg7 Ph7 Re8 Rg8"
QUIET = "white Kh1 Pg2 Ph2 Ra5 Sb4 black Kh8 Pg7 Ph7 Re8 Rg8"


def test_the_schedules_of_each_form():
    def schedules(stipulation):
        [spec] = plan(_problem(QUIET, stipulation))
        return [(s.sides, s.final, s.ends_early) for s in spec.schedules]

    w, b = 1, -1
    assert schedules("ser-r#2") == [((w,), REFLEX, True), ((w, w), REFLEX, True)]
    assert schedules("hr#2") == [((w,), REFLEX, True), ((w, b, w), REFLEX, True)]
    assert schedules("hs=2") == [((w,), FORCED, True), ((w, b, w), FORCED, True)]
    # ser-hs: Black's series, White's help move, Black's forced one; its series ends plainly
    assert schedules("ser-hs#2") == [((b, w), FORCED, False), ((b, b, w), FORCED, False)]
    assert schedules("exact-ser-hs#2") == [((b, b, w), FORCED, False)]


def test_a_reflex_constraint_broken_in_the_diagram_is_shown_and_is_no_solution():
    for stipulation in ("ser-r#2", "hr#2"):
        text = _solution(WHITE_MATES, stipulation)
        assert "  1.Sg5-f7 # ?!?\n" in text, stipulation
        assert "Re8-e1 #" not in text
        problem = _problem(WHITE_MATES, stipulation)
        assert sum(solve_problem(problem).solution_counts) == 0
    # hr#1.5: Black is to move in the diagram, where White's mate in one is not tested
    assert "?!?" not in _solution(WHITE_MATES, "hr#1.5")


def test_black_mates_where_white_may_not_be_able_to():
    text = _solution(QUIET, "ser-r#1")
    assert "  1.Ra5-a2 Re8-e1 #\n" in text and "Ra5-e5" not in text
    assert "?!?" not in text


def test_the_forced_end_met_early_stops_the_line():
    """After 1.Ka1-b1 Black's only move takes (Kh8xg8): the play ends there,
    ser-sx2 has no line 1.Ka1-b1 2.Kb1-a1 (as Popeye)."""
    text = _solution("white Ka1 Pb2 Pg6 Ph6 Bg8 black Kh8 Pb3", "ser-sx2")
    assert "  1.Ka1-b1 Kh8*g8 x\n" in text
    assert "1.Ka1-b1   2." not in text


def test_refused_by_name():
    for options, name in (("option SetPlay\n", "SetPlay"), ("option Quodlibet\n", "Quodlibet")):
        for stipulation in ("ser-r#2", "hr#2", "ser-hs#2"):
            [item] = grammar.load(f"begin\npieces {QUIET}\nstip {stipulation}\n{options}end\n", "x.inp")
            assert isinstance(item, grammar.ProblemError), (stipulation, name)
            assert item.error.message == f"option {name} with stipulation {stipulation} is not supported"
            assert unsupported_reason(item.problem) == item.error.message
    [item] = grammar.load(f"begin\npieces {QUIET}\nstip 2->ser-r#2\nend\n", "x.inp")
    assert isinstance(item, grammar.ProblemError)
    assert "introductory moves" in item.error.message
