"""feerie's command line: thin click commands over `grammar` and `solver`.

Every command runs inside `handle_errors`: an `InputError` becomes one clear
message on stderr and exit status 2; nothing the user types can produce a
traceback (an unexpected internal failure is reported as such, exit 70,
with the traceback shown only under FEERIE_DEBUG=1).
"""

from __future__ import annotations

import sys

import functools

import click

from solver import __version__
from solver.base.errors import InputError
from solver.run import commands
from solver.run.commands import EXIT_BAD_INPUT, EXIT_INTERNAL  # noqa: F401 (cli.EXIT_*)


def fail(message: str) -> "NoReturn":  # noqa: F821
    click.echo(f"feerie: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def handle_errors(func):
    """Turn InputError (and click usage errors) into one message and exit 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        return commands.guarded(lambda: func(*args, **kwargs), click.echo,
                                (click.exceptions.Exit, click.ClickException, SystemExit))

    return wrapper


class MemorySize(click.ParamType):
    """A memory size: 512M, 2G, 1.5G; a plain number is in kilobytes (Popeye's -maxmem)."""

    name = "size"

    def convert(self, value, param, ctx):
        from solver.base.budget import parse_size

        if isinstance(value, int):
            return value
        try:
            return parse_size(value)
        except ValueError as err:
            self.fail(str(err), param, ctx)


def _set_max_mem(ctx, param, value) -> None:
    from solver.base.budget import set_max_mem

    set_max_mem(value)  # this process's budget, passed on to its workers (solver.run.workers)


def max_mem_option(func):
    """--max-mem SIZE: the memory budget of the search tables, per process
    (solver.base.budget); the option sets it as it is read."""
    return click.option("--max-mem", type=MemorySize(), metavar="SIZE", expose_value=False,
                        callback=_set_max_mem,
                        help="Memory for the search tables of each solving process, e.g. 512M "
                             "or 2G (default 1G; a plain number is in kilobytes).")(func)


@click.group()
@click.version_option(__version__, prog_name="feerie")
def main() -> None:
    """feerie: a fairy-chess problem solver and composition checker."""
    _show_input_warnings()


def _show_input_warnings() -> None:
    """Every InputWarning as one line on standard error (solver.run.commands.show_input_warnings)."""
    commands.show_input_warnings(click.echo)


def _usage_error(message: str) -> "NoReturn":  # noqa: F821
    raise click.UsageError(message)


def _rules_from_text(text: str | None):
    """The rule set of a `--condition` text such as 'Messigny RexExclusive'
    (read by the grammar's condition reader: the spellings, abbreviations and
    errors of a problem's condition line)."""
    from grammar.conditions import read_condition_text
    from solver.conditions.registry import build_rules, unsupported_condition

    if not text or not text.strip():
        return build_rules(())
    try:
        conditions = read_condition_text(text)
    except InputError as err:
        raise InputError(f"--condition: {err.message}", column=err.column, text=text) from None
    for cond in conditions:
        reason = unsupported_condition(cond)
        if reason:
            raise InputError(f"--condition: {reason}")
    return build_rules(conditions)


@main.command(context_settings={"ignore_unknown_options": True})
@click.argument("fen")
@click.argument("depth")
@click.option("--divide", is_flag=True, help="Print the count under each first move.")
@click.option("--condition", "condition", metavar="TEXT",
              help="Fairy conditions, e.g. 'Messigny RexExclusive' or 'Marseillais'.")
@click.option("--allow-king-capture", is_flag=True,
              help="Count moves even when the side to move could capture the king.")
@handle_errors
def perft(fen: str, depth: str, divide: bool, condition: str | None,
          allow_king_capture: bool) -> None:
    """Count the legal move sequences of DEPTH moves from FEN.

    The last line printed is the node count alone.  A position where the side
    to move could capture the king is refused (its moves are not a game's),
    unless --allow-king-capture is given.
    """
    from solver.engine.perft import divide as perft_divide, perft as perft_count
    from solver.engine.position import Position

    try:
        n = int(depth)
    except ValueError:
        raise InputError(f"DEPTH: {depth!r} is not a whole number") from None
    if n < 0:
        raise InputError(f"DEPTH: {n} is negative; give 0 or more")
    pos = Position.from_fen(fen)
    rules = _rules_from_text(condition)
    if not allow_king_capture and rules.in_check(pos, -pos.side):
        raise InputError("the side to play can capture the king (give --allow-king-capture "
                         "to count its moves anyway)", text=fen)
    if divide and n >= 1:
        total = 0
        for turn, count in perft_divide(rules, pos, n):
            click.echo(f"{rules.turn_uci(turn)}: {count}")
            total += count
        click.echo("")
        click.echo(str(total))
    else:
        click.echo(str(perft_count(rules, pos, n)))


@main.command("parse")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--statement", "-s", "statements", multiple=True, metavar="'FEN STIPULATION ...'",
              help="A one-line statement to parse (may be repeated).")
@click.option("--to", "to", type=click.Choice(["native", "yaml"]), default="native", show_default=True,
              help="The format printed: feerie's native format, or YACPDB/Olive YAML (one --- document "
                   "per problem; needs PyYAML, the 'yaml' extra).")
@handle_errors
def parse_command(files: tuple[str, ...], statements: tuple[str, ...], to: str = "native") -> None:
    """Read problems and print them in feerie's native format, normalised
    (or as YACPDB YAML entries with --to yaml).

    FILES may be Popeye input files (English, French, German), native files,
    YACPDB/Olive YAML or files of one-line statements; the format is recognised from the
    content. '-' reads standard input.  A problem feerie cannot solve is
    printed too, with its reason on standard error; in a file of several
    problems a bad one is reported and the others are printed.  Exit status
    2 if any problem could not be read, or if the only problem asked for
    cannot be solved.
    """
    import grammar
    from solver.run.runner import load_inputs

    if not files and not statements:
        raise click.UsageError("give FILE(s), '-' for standard input, or --statement 'FEN STIPULATION'")
    items = load_inputs(files, statements)
    failed = False
    printed = 0
    shown = []
    for item in items:
        if isinstance(item, grammar.ProblemError):
            if item.problem is None or len(items) == 1:
                click.echo(f"feerie: {item.format()}", err=True)
                failed = True
                continue
            click.echo(f"feerie: {item.format()}", err=True)
            problem = item.problem
        else:
            problem = item
        shown.append(problem)
        if to == "yaml":
            continue
        if printed:
            click.echo("")
        click.echo(grammar.format_native(problem), nl=False)
        printed += 1
    if to == "yaml" and shown:
        from grammar.yacpdb import format_yaml

        click.echo(format_yaml(shown), nl=False)
    if failed:
        sys.exit(EXIT_BAD_INPUT)


@main.command("diagram")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--statement", "-s", "statements", multiple=True, metavar="'FEN STIPULATION ...'",
              help="A one-line statement to draw (may be repeated).")
@click.option("--format", "fmt", type=click.Choice(["svg", "latex", "png"]), default="svg", show_default=True,
              help="svg or png: one image per problem and twin; latex: one document per file for the "
                   "'diagram' package, as Popeye's LaTeX output.")
@click.option("--out", "out", type=click.Path(file_okay=False), default=".", show_default=True,
              help="The folder the files are written to (created if needed).")
@handle_errors
def diagram_command(files: tuple[str, ...], statements: tuple[str, ...], fmt: str, out: str) -> None:
    """Draw the diagrams of problems: each twin as Popeye sets it up, with the
    twin, the stipulation and the conditions as its caption.  Files are named
    after the input and the problem's number (collection-3b.svg for problem 3,
    twin b); the names written are printed.  A problem that cannot be read is
    reported and the others are drawn (exit status 2 at the end); one that
    feerie cannot solve is drawn all the same.
    """
    from solver.run.diagrams import write_diagrams

    if not files and not statements:
        raise click.UsageError("give FILE(s), '-' for standard input, or --statement 'FEN STIPULATION'")
    failed = write_diagrams(files, statements, fmt, out, report=lambda message: click.echo(
        f"feerie: {message}", err=True), wrote=click.echo)
    if failed:
        sys.exit(EXIT_BAD_INPUT)


@main.command("solve")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--statement", "-s", "statements", multiple=True, metavar="'FEN STIPULATION ...'",
              help="A one-line statement to solve (may be repeated).")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "jsonl"]), default="text",
              show_default=True,
              help="Popeye-style text, the solution trees as one JSON document, or JSON Lines events.")
@click.option("--max-time", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Stop each problem's search after this long (what was found is printed).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=1, show_default=True,
              help="Processes sharing each problem's first moves (same output as 1).")
@max_mem_option
@handle_errors
def solve_command(files, statements, fmt, max_time, jobs) -> None:
    """Solve problems and print their solutions as Popeye does (or as JSON).

    FILES are Popeye input files (English, French, German), native files
    or files of one-line statements; '-' reads standard input.  A problem
    that cannot be read or solved is reported on standard error and the
    others go on.  Text and JSON Lines are printed as the solve goes (the
    header at once, then each line or key when found).  Exit status: 0 when
    every problem was solved (finding no solution is a result), 2 when a
    problem could not be read or is not supported, 3 when a time limit cut
    a search short, 130 when Ctrl-C did (what was found is printed).
    """
    commands.solve(files, statements, fmt, max_time, jobs, click.echo, _usage_error)


@main.command("check")
@click.argument("files", nargs=-1, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--statement", "-s", "statements", multiple=True, metavar="'FEN STIPULATION ...'",
              help="A one-line statement to check (may be repeated).")
@click.option("--expected", "expected", type=click.Path(dir_okay=False), metavar="FILE",
              help="Popeye's (or feerie's) output for the same problems: its solutions are the intended ones.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="One line per problem and twin, or a JSON list.")
@click.option("--max-time", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Time allowed for each problem; past it the verdict is 'timeout' unless a flaw was found.")
@max_mem_option
@handle_errors
def check_command(files, statements, expected, fmt, max_time) -> None:
    """Check problems for soundness: one verdict per problem and twin, with its evidence.

    Verdicts: sound, cooked, short_solution, no_solution, intended_missing,
    illegal_position, unsupported, timeout, error.  The intended solution
    is the statement's (native 'intended:' lines, 'solutions:' count, or a
    remark such as '2 solutions'), or, with --expected, what an earlier
    run of Popeye or feerie printed.  Exit status: 0 when every problem is
    sound, 1 when one is not, 2 on bad input.
    """
    from solver.check import command as check_command

    check_command.check(files, statements, expected, fmt, max_time, click.echo, _usage_error)


@main.command("batch")
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--db", "db", required=True, type=click.Path(dir_okay=False), metavar="RESULTS.sqlite",
              help="The SQLite file the results are written to (created if needed).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), metavar="N",
              help="Worker processes (default: one per core).")
@click.option("--max-time", type=click.FloatRange(min=0), metavar="SECONDS",
              help="Time allowed for each problem (its verdict is then 'timeout' unless a flaw was found).")
@click.option("--resume", is_flag=True,
              help="Skip the problems that already have a result from this feerie version.")
@click.option("--cluster", metavar="ADDRESS",
              help="Run on the Dask cluster whose scheduler is at ADDRESS (needs the 'cluster' extra).")
@click.option("--glob", "globs", multiple=True, metavar="PATTERN",
              help="In directories, take the files whose names match PATTERN (e.g. '*.dat'; may be "
                   "repeated) instead of those with a problem-file suffix.")
@max_mem_option
@handle_errors
def batch_command(paths, db, jobs, max_time, resume, cluster, globs) -> None:
    """Check every problem of the files under PATHS, in parallel, into a SQLite database.

    Directories are searched for problem files (.inp .txt .pbm .pop
    .feerie .epd .yaml .yml .olv, or the names --glob matches); the format of each file
    is told by its content, not its name.  Each result is written as soon as it is known, so an
    interrupted run loses nothing already reported; --resume then checks
    only what is left (or changed).  A file or problem that cannot be read
    is recorded as 'error' and the batch goes on.  Progress goes to
    standard error (a bar on a terminal, one line per problem otherwise),
    the totals to standard output.  Only one batch at a time writes to a
    database (a lock file beside it).  Exit status: 0 when every problem in
    the database is sound, 1 when one is not, 2 on bad input (a file or
    problem of PATHS that cannot be read, a database that cannot be used or
    that another batch is writing to), 70 when the executor kept failing,
    130, 143 or 129 when stopped by SIGINT, SIGTERM or SIGHUP (the results
    written are kept either way: --resume goes on).
    """
    from solver.batch.batch import BatchFailed, Stopped, run_batch, stop_on_signals
    from solver.batch.progress import Progress, shown_name
    from solver.batch.results import ResultStore

    shown_db = shown_name(db)
    try:
        with stop_on_signals():
            summary = run_batch(paths, db, jobs=jobs, max_time=max_time, resume=resume, cluster=cluster,
                                progress=Progress, globs=globs)
    except Stopped as stop:
        click.echo(f"feerie: stopped by {stop}; the results written to {shown_db} are kept "
                   "(the same command with --resume goes on)", err=True)
        sys.exit(128 + stop.signum)
    except BatchFailed as err:
        click.echo(f"feerie: batch stopped: {err}; the results written to {shown_db} are kept "
                   "(the same command with --resume goes on)", err=True)
        sys.exit(EXIT_INTERNAL)
    counts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items()))
    click.echo(f"checked {summary.checked} of {summary.total} problems (skipped {summary.skipped}) "
               f"in {summary.seconds:.1f} s, {summary.rate:.2f} problems/s" + (f": {counts}" if counts else ""))
    click.echo(f"results in {shown_db}; see: feerie report --db {shown_db}")
    store = ResultStore(db, create=False)
    try:
        unsound = sum(1 for r in store.rows() if r["verdict"] != "sound")
    finally:
        store.close()
    if summary.unreadable:
        sys.exit(EXIT_BAD_INPUT)
    if unsound:
        sys.exit(1)


@main.command("report")
@click.option("--db", "db", required=True, type=click.Path(dir_okay=False), metavar="RESULTS.sqlite",
              help="The SQLite file a batch wrote.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "csv", "html"]), default="text",
              show_default=True, help="Output format (HTML: one page with diagrams and evidence).")
@handle_errors
def report_command(db, fmt) -> None:
    """Report a batch's results: totals by verdict, the unsound problems first."""
    from solver.batch.report import render
    from solver.batch.results import ResultStore

    store = ResultStore(db, create=False)
    try:
        rows = store.rows()
    finally:
        store.close()
    click.echo(render(rows, fmt, source=str(db)), nl=False)


@main.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (loopback by default: only this machine).")
@click.option("--port", type=click.IntRange(min=1, max=65535), default=8000, show_default=True)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the web browser.")
@click.option("--max-time", type=click.FloatRange(min=0.1), default=60.0, show_default=True,
              metavar="SECONDS", help="The longest solve a page may ask for.")
@click.option("--max-mem", type=MemorySize(), default="512M", show_default=True, metavar="SIZE",
              help="Memory for the search tables of each solve (its process is capped near this).")
@click.option("--db", "db", type=click.Path(dir_okay=False), default=None, metavar="RESULTS.sqlite",
              help="A batch's results database to browse by verdict, each problem openable in the editor.")
@handle_errors
def serve_command(host, port, open_browser, max_time, max_mem, db) -> None:
    """Start the local web page: set up a diagram, solve it, replay the solution.

    Each solve runs in its own process, capped in time and memory; a closed
    tab or the Stop button ends it.  Needs the web extra:
    pip install 'feerie[web]'.
    """
    import importlib.util

    missing = [name for name in ("starlette", "uvicorn") if importlib.util.find_spec(name) is None]
    if missing:
        fail(f"serve needs {' and '.join(missing)}: pip install 'feerie[web]'")
    from solver.web.server import serve

    serve(host, port, open_browser, max_time, max_mem, db)


if __name__ == "__main__":
    main()
