"""Problems solved by Popeye, stored as FORM.inp / FORM.out pairs: reading
them and comparing feerie's solution with Popeye's.

Shared by tests/test_popeye_generated.py (orthodox) and
tests/test_popeye_fairy.py (fairy pieces): both data sets were made by
tests/generate_popeye_data.py.
"""

from __future__ import annotations

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


def solve_case(data: Path, case: str):
    """(feerie's canonical solution tree, Popeye's) of "form#index"."""
    form, index = case.rsplit("#", 1)
    problems, popeye = load(data, form)
    problem, expected = problems[int(index) - 1], popeye[int(index) - 1]
    assert not isinstance(problem, grammar.ProblemError), problem
    assert not expected.unparsed, f"{case}: Popeye's output does not parse: {expected.unparsed}"
    result = solve_problem(problem, max_time=60)
    assert not result.info.timed_out, case
    [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
    return canonical_all(ours.twins), canonical_all(expected.twins)
