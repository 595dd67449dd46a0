"""exact- direct and self play against Popeye (solver.search.exact: only
lines of the full length count).

tests/data/exact/: random orthodox positions in exact-#2 (with tries),
exact-#3, exact-=2, exact-s#2 (with set play) and exact-s#3, made by
`tests/generate_popeye_data.py --exact` and solved by Popeye 4.104; most
of them are ones whose solution exact- changes.  Every case on the fast
path and on the generic one.  Popeye's own examples (BEISPIEL/stip.inp,
duplex.inp) are compared by tests/test_corpus.py."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem

DATA = Path(__file__).parent / "data" / "exact"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"d2", "d3", "d2try", "stale2", "s2", "s3", "s2set"}
    assert len(CASES) >= 20


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)


def _solution(pieces: str, stipulation: str, options: str = "") -> str:
    [problem] = grammar.load(f"begin\npieces {pieces}\nstip {stipulation}\n{options}end\n", "x.inp")
    result = solve_problem(problem)
    return write_problem(problem, result.twins, time_s=None)


# White mates at once with Qd8# or Rh8#, and in two in many ways
MATE_IN_ONE = "white Ka1 Qd1 Rh7 black Kb8 Pa7 Pb7"


def test_a_mate_that_comes_too_soon_does_not_count():
    plain = _solution(MATE_IN_ONE, "#2", "option variation\n")
    assert "1.Qd1-d8 # !" in plain
    exact = _solution(MATE_IN_ONE, "exact-#2", "option variation\n")
    assert "1.Qd1-d8 #" not in exact and "1.Rh7-h8 #" not in exact
    # every key of exact-#2 is a key of #2, and every line of its tree has both moves
    keys = [line for line in exact.splitlines() if line.endswith(" !") and line.startswith("   1.")]
    assert keys and all(key in plain for key in keys)
    lines = [line.strip() for line in exact.splitlines() if line.strip()[:2] in ("1.", "2.")]
    assert all(line.startswith("2.") and line.endswith("#") for line in lines if not line.startswith("1."))
    assert any(line.startswith("2.") for line in lines)


def test_the_memo_answers_each_length_apart():
    """White mates in 1 (Rb2-b1#) and, Popeye says, not in exactly 2: asked in
    either order, each length gets its own answer (Battle's memo, a bracket
    of lengths, would answer 2 from 1)."""
    from solver.base.budget import Budget
    from solver.conditions.registry import rules_for
    from solver.engine.board import WHITE
    from solver.search.exact import ExactBattle

    [problem] = grammar.load("begin\npieces white Ke3 Rb2 black Ke1 Pc7\nstip exact-#2\nend\n", "x.inp")
    rules = rules_for(problem)
    for order in ((1, 2), (2, 1)):
        battle = ExactBattle(rules, rules.position(problem, WHITE), "direct", "#", Budget())
        assert {n: battle.wins(n) for n in order} == {1: True, 2: False}
    assert "1." not in _solution("white Ke3 Rb2 black Ke1 Pc7", "exact-#2")


def test_refused_with_the_options_whose_meaning_there_is_unverified():
    for options in ("option Quodlibet\n", "option Threat 1\n"):
        [item] = grammar.load(f"begin\npieces {MATE_IN_ONE}\nstip exact-s#2\n{options}end\n", "x.inp")
        assert isinstance(item, grammar.ProblemError), options
    [item] = grammar.load(f"begin\npieces {MATE_IN_ONE}\nstip exact-r#2\nend\n", "x.inp")
    assert isinstance(item, grammar.ProblemError)
    assert "exact- stipulations of reflex play" in item.error.message
