"""The body of the `check` command (cli.check_command, and the click-free
`feerie_main` for the common command lines): the solver's sibling commands
are in solver.run.commands; this one sits in the checker's layer, which
reads the run layer, not the other way round."""

from __future__ import annotations

import sys

from solver.base.errors import InputError
from solver.run.commands import EXIT_BAD_INPUT


def check(files, statements, expected, fmt, max_time, echo, usage_error) -> None:
    """The `check` command (cli.check_command says what it does)."""
    import json

    import grammar
    from solver.check.check import ERROR, check_item
    from solver.check.intended import intents_from_output_file
    from solver.run.runner import load_inputs, numbers_in_files
    from solver.check.verdict_text import verdict_lines

    if not files and not statements:
        usage_error("give FILE(s), '-' for standard input, or --statement 'FEN STIPULATION'")
    items = load_inputs(files, statements)
    intents: list = [None] * len(items)
    if expected:
        problems = [item if not isinstance(item, grammar.ProblemError) else item.problem for item in items]
        intents = intents_from_output_file(expected, problems)
    status = 0
    out = []
    for index, item, intent in zip(numbers_in_files(items), items, intents):
        if isinstance(intent, InputError) and not isinstance(item, grammar.ProblemError):
            echo(f"feerie: {intent.format()}", err=True)
            status = EXIT_BAD_INPUT
            continue
        if isinstance(intent, InputError):
            intent = None  # the problem itself cannot be checked: its own verdict says why
        if isinstance(item, grammar.ProblemError) and item.problem is None and fmt == "text":
            echo(f"feerie: {item.error.format()}", err=True)  # the place, as `solve` shows it
        verdict = check_item(item, max_time=max_time, intent=intent, index=index)
        if verdict.verdict == ERROR:
            status = EXIT_BAD_INPUT
        elif not verdict.sound and status == 0:
            status = 1
        if fmt == "json":
            out.append(verdict.to_dict())
        else:
            for line in verdict_lines(verdict):
                echo(line)
    if fmt == "json":
        echo(json.dumps(out, indent=1))
    if status:
        sys.exit(status)
