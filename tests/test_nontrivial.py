"""Option NonTrivial m n against Popeye (solver.search.nontrivial).

tests/data/nontrivial/: random orthodox positions in s#3, s#4, r#3,
semi-r#3, #3 (with tries) and s#3 with set play, each with Option
NonTrivial m n for a few m and n, made by `tests/generate_popeye_data.py
--nontrivial` and solved by Popeye 4.104; most of them are ones whose
solution the option changes.  Every case on the fast path, a third on the
generic one (the slowest of those under FEERIE_SLOW_TESTS=1).  Popeye's
own examples (BEISPIEL/nontriv.inp, sat.inp, masand.inp, pieces.inp) are
compared by tests/test_reference_solutions.py and tests/test_corpus.py."""

from __future__ import annotations

from pathlib import Path

from popeye_reference import cases, reference_tests

DATA = Path(__file__).parent / "data" / "nontrivial"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"s3", "s4", "r3", "semir3", "d3", "s3set"}
    assert len(CASES) >= 20


# reflex play and set play on the generic path: 9-20 s each on the development machine
GENERIC_SLOW = ("r3#1", "r3#4", "s3set#1")

test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_slow=GENERIC_SLOW, why="over 9 s on the generic path")


def _refusal(stipulation: str, options: str = "", twin: str = "") -> str | None:
    """Why feerie refuses the problem, as its reader or its solver says it."""
    import grammar
    from solver.run.solve import unsupported_reason

    [item] = grammar.load(f"begin\npieces white Ke1 Rh1 black Ke8 Qd4\nstip {stipulation}\n"
                          f"option NonTrivial 0 1 {options}\n{twin}end\n", "x.inp")
    if isinstance(item, grammar.ProblemError):
        assert item.unsupported
        return item.error.message
    return unsupported_reason(item)


def test_refused_by_name():
    assert _refusal("s#3") is None and _refusal("semi-r#3") is None and _refusal("#3") is None
    assert _refusal("h#2") == "option NonTrivial with stipulation h#2 is not supported"
    assert _refusal("ser-s#3") == "option NonTrivial with stipulation ser-s#3 is not supported"
    assert _refusal("s#3", "Threat 1") == "option NonTrivial with option Threat is not supported"
    assert _refusal("s#3", "PostKeyPlay") == "option NonTrivial with option PostKeyPlay is not supported"
    assert _refusal("s#3", twin="twin stipulation h#2\n") == \
        "option NonTrivial with stipulation h#2 is not supported"


def test_the_checker_refuses_it():
    import grammar
    from solver.check.check import UNSUPPORTED, check_item

    [item] = grammar.load("begin\npieces white Ke1 Rh1 black Ke8 Qd4\nstip s#3\noption NonTrivial 0 1\nend\n",
                          "x.inp")
    verdict = check_item(item)
    assert verdict.verdict == UNSUPPORTED and "NonTrivial" in verdict.twins[0].evidence[0]


# a #3 with the single key 1.Ra6-a7 (Popeye 4.104), after which more than
# one black move escapes a #1: NonTrivial 0 0 takes the key away
POSITION = "white Kh1 Sc6 Ra6 Qb5 black Kg8 Sd5"


def test_the_allowance_prunes_the_search():
    from solver.run.solve import solve_problem
    import grammar

    def keys(m: int, n: int) -> int:
        [problem] = grammar.load(f"begin\npieces {POSITION}\nstip #3\noption NonTrivial {m} {n}\nend\n", "x.inp")
        return solve_problem(problem, max_time=30).solution_counts[0]

    assert keys(9, 0) == keys(0, 2) == 1
    assert keys(0, 0) == 0
