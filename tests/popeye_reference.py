"""Problems solved by Popeye, stored as FORM.inp / FORM.out pairs: reading
them and comparing feerie's solution with Popeye's.

Shared by tests/test_popeye_generated.py (orthodox) and
tests/test_popeye_fairy.py (fairy pieces): both data sets were made by
tests/generate_popeye_data.py.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

import grammar
from solver.output.popeye_output import parse_output
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem
from solver.output.compare import canonical_all


def forms(data: Path) -> list[str]:
    """The forms (file stems) of a data directory."""
    return sorted(p.stem for p in data.glob("*.inp"))


@lru_cache(maxsize=None)
def load(data: Path, form: str):
    """(problems as feerie reads them, Popeye's parsed outputs) of a form."""
    return (grammar.load_file(data / f"{form}.inp"),
            parse_output((data / f"{form}.out").read_text()))


def cases(data: Path) -> list[str]:
    """"form#index" (1-based) for every stored problem."""
    out = []
    for form in forms(data):
        count = len(grammar.load_file(data / f"{form}.inp"))
        out += [f"{form}#{i}" for i in range(1, count + 1)]
    return out


def solve_case(data: Path, case: str, max_time: float = 60):
    """(feerie's canonical solution tree, Popeye's) of "form#index", solved
    within `max_time` seconds."""
    form, index = case.rsplit("#", 1)
    problems, popeye = load(data, form)
    problem, expected = problems[int(index) - 1], popeye[int(index) - 1]
    assert not isinstance(problem, grammar.ProblemError), problem
    assert not expected.unparsed, f"{case}: Popeye's output does not parse: {expected.unparsed}"
    result = solve_problem(problem, max_time=max_time)
    assert not result.info.timed_out, case
    [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
    return canonical_all(ours.twins), canonical_all(expected.twins)


def reference_tests(data: Path, *, generic_cases: list[str] | None = None, slow: Iterable[str] = (),
                    generic_slow: Iterable[str] = (), why: str = "over a second of CPU",
                    max_time: float = 60):
    """The two tests every Popeye-reference data set has: each case of `data`
    gives Popeye's solution on the fast path, and the cases `generic_cases`
    (every third by default) on the generic path (FEERIE_GENERIC=1).  Cases
    in `slow` / `generic_slow` (measured: `why`) run only under
    FEERIE_SLOW_TESTS=1; `max_time`: the seconds (wall clock) a case may
    take.  Bind the result in a test module:

        test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = \\
            reference_tests(DATA, slow=SLOW)
    """
    import pytest

    from conftest import skip_unless_slow_tests
    from solver.conditions.variant import GENERIC_ENV

    all_cases = cases(data)
    generic = all_cases[::3] if generic_cases is None else generic_cases
    slow, generic_slow = frozenset(slow), frozenset(generic_slow)
    assert slow <= set(all_cases) and generic_slow <= set(generic), "a slow case that is not run"

    def compare(case: str, skipped: frozenset[str]) -> None:
        if case in skipped:
            skip_unless_slow_tests(why)
        ours, popeye = solve_case(data, case, max_time)
        assert ours == popeye

    @pytest.mark.parametrize("case", all_cases)
    def test_solution_is_popeyes(case):
        compare(case, slow)

    @pytest.mark.parametrize("case", generic)
    def test_solution_is_popeyes_on_the_generic_path(case, monkeypatch):
        monkeypatch.setenv(GENERIC_ENV, "1")
        compare(case, generic_slow)

    return test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path


def problem_of(condition: str, pieces: str, stip: str = "#2"):
    """The one problem of a condition line, a pieces line and a stipulation
    (for the targeted tests beside a data set)."""
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem
