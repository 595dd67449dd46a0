"""Running feerie over inputs: read files and statements, solve each problem.

The commands `solve`, `check` and `batch` share this: one place decides
how a file becomes a list of problems and how a problem that cannot be
read or solved is reported, so they all behave alike.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from solver.base.errors import InputError
from solver.base.lines import decode
from solver.model.problem import Problem


@dataclass
class Outcome:
    """What became of one problem of the input: a result, or an error
    (`kind`: 'error' when it could not be read, 'unsupported' when feerie
    cannot solve it)."""

    problem: Problem | None
    result: object = None          # solver.run.solve.SolveResult
    error: InputError | None = None
    kind: str = "ok"


def load_inputs(files, statements=(), *, file_errors: bool = False) -> list:
    """Problems (or `grammar.ProblemError`s) from statements then files;
    '-' reads standard input.  A file that is not a problem file at all
    (missing, unreadable, no problem in it) raises InputError; with
    `file_errors` it is one ProblemError instead (index 0, the number a
    batch gives a file's own error) and the files after it are read."""
    import grammar

    items: list = [grammar.load_statement(line) for line in statements]
    for name in files:
        try:
            if name == "-":
                items.extend(grammar.load(read_stdin(), "<stdin>"))
            else:
                items.extend(grammar.load_file(name))
        except InputError as err:
            if not file_errors:
                raise
            items.append(grammar.ProblemError(err, 0))
    return items


def numbers_in_files(items: list) -> list[int]:
    """Each item's number within its own file (statements: among the statements),
    from 1, as `batch` and `report` number them, so that `check a.inp b.inp`
    calls b.inp's first problem [1] as the report does."""
    import grammar

    counts: dict = {}
    numbers = []
    for item in items:
        source = item.error.file if isinstance(item, grammar.ProblemError) else item.source
        counts[source] = counts.get(source, 0) + 1
        numbers.append(counts[source])
    return numbers


def read_stdin() -> str:
    """Standard input as a problem file is read: its bytes decoded as UTF-8 or
    Latin-1 (never a decoding error), line ends left to the readers."""
    buffer = getattr(sys.stdin, "buffer", None)
    return decode(buffer.read()) if buffer is not None else sys.stdin.read()


def solve_item(item, *, max_time: float | None = None, executor=None, observer=None) -> Outcome:
    """Solve one loaded item, turning every way it can fail into an Outcome.
    `observer` (`solver.output.stream.Observer`) hears of a solvable problem's
    solution as it is found; of a failed one it hears nothing."""
    import grammar

    from solver.run.solve import Unsupported, solve_problem

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
