"""Option Quodlibet against Popeye (solver.search.battle: in self, reflex and
semi-reflex play the attacker also wins by reaching the goal itself).

tests/data/quodlibet/: random orthodox positions in s#2 (with tries, with
set play), s=2, s#=2, r#2 and semi-r#2 under Option Quodlibet, made by
`tests/generate_popeye_data.py --quodlibet` and solved by Popeye 4.104;
nearly all of them are ones whose solution the option changes.  Every case
on the fast path and on the generic one.  Not longer ones: Popeye's trees
of a s#3 under the option are not sound where a direct line of two moves
answers (QUODLIBET_FORMS says how); feerie prints those lines as in direct
play.  Popeye's own examples (BEISPIEL/quod.inp) are compared by
tests/test_corpus.py."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem

DATA = Path(__file__).parent / "data" / "quodlibet"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"s2", "s2try", "stale2", "matestale2",
                                                         "r2", "semir2", "s2set"}
    assert len(CASES) >= 25


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)

# White mates at once with Qd8#; in self play without the option that is no solution
POSITION = "pieces white Ka1 Qd1 Rh7 black Kb8 Pa7 Pb7\n"


def _solution(stipulation: str, option: str = "") -> str:
    [problem] = grammar.load(f"begin\n{POSITION}stip {stipulation}\n{option}end\n", "x.inp")
    result = solve_problem(problem)
    return write_problem(problem, result.twins, time_s=None)


def test_a_direct_mate_solves_a_selfmate_only_under_quodlibet():
    assert "1.Qd1-d8 #" not in _solution("s#1")
    text = _solution("s#1", "option Quodlibet\n")
    assert "   1.Qd1-d8 # !" in text
    assert "\n              Quodlibet\n" in text  # the header line Popeye prints


def test_a_reflex_attacker_s_own_mate_is_a_win_not_a_failure():
    # without the option White must mate and fails (` ?!?`); with it, the mate is the key
    assert "?!?" in _solution("r#2")
    text = _solution("r#2", "option Quodlibet\n")
    assert "1.Qd1-d8 # !" in text and "?!?" not in text


def test_direct_and_help_play_ignore_it():
    for stipulation in ("#1", "h#1"):
        with_option = _solution(stipulation, "option Quodlibet\n")
        assert with_option.replace("              Quodlibet\n", "") == _solution(stipulation)


def test_where_it_is_ignored_the_user_is_told(recwarn):
    _solution("h#1", "option Quodlibet\n")
    assert any("option Quodlibet applies to self and reflex play, not to h#1: ignored" in str(w.message)
               for w in recwarn)


def test_a_parry_series_with_it_is_refused_by_name():
    [item] = grammar.load(f"begin\n{POSITION}stip pser-h#2\noption Quodlibet\nend\n", "x.inp")
    assert isinstance(item, grammar.ProblemError)
    assert item.error.message == "option Quodlibet with parry series is not supported"
    [item] = grammar.load(f"begin\n{POSITION}stip pser-h#2\nend\n", "x.inp")
    assert not isinstance(item, grammar.ProblemError)
