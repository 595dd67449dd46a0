"""Running feerie over inputs: read files and statements, solve each problem.

The commands `solve`, `check` and `batch` share this: one place decides
how a file becomes a list of problems and how a problem that cannot be
read or solved is reported, so they all behave alike.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from .errors import InputError
from .model import Problem


@dataclass
class Outcome:
    """What became of one problem of the input: a result, or an error
    (`kind`: 'error' when it could not be read, 'unsupported' when feerie
    cannot solve it)."""

    problem: Problem | None
    result: object = None          # solver.solve.SolveResult
    error: InputError | None = None
    kind: str = "ok"


def load_inputs(files, statements=()) -> list:
    """Problems (or `grammar.ProblemError`s) from statements then files;
    '-' reads standard input.  A file that is not a problem file at all
    raises InputError."""
    import grammar

    items: list = [grammar.load_statement(line) for line in statements]
    for name in files:
        if name == "-":
            items.extend(grammar.load(sys.stdin.read(), "<stdin>"))
        else:
            items.extend(grammar.load_file(name))
    return items


def solve_item(item, *, max_time: float | None = None, executor=None, observer=None) -> Outcome:
    """Solve one loaded item, turning every way it can fail into an Outcome.
    `observer` (`solver.stream.Observer`) hears of a solvable problem's
    solution as it is found; of a failed one it hears nothing."""
    import grammar

    from .solve import Unsupported, solve_problem

    if isinstance(item, grammar.ProblemError):
        return Outcome(item.problem, error=item.error,
                       kind="unsupported" if item.unsupported else "error")
    try:
        result = solve_problem(item, max_time=max_time, executor=executor, observer=observer)
    except Unsupported as err:
        return Outcome(item, error=InputError(str(err), item.source, item.line), kind="unsupported")
    except InputError as err:
        return Outcome(item, error=err.located(item.source, item.line), kind="error")
    return Outcome(item, result=result)
