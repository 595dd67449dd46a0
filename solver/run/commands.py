"""The bodies of the `solve` command and the helpers of every command, without
click (the body of `check` is solver.check.command, in the checker's layer).

cli.py's click commands call these; so does `feerie_main`, which
runs the common command lines (`solve FILE`, `check --statement '...'`)
without importing click (start-up, issue 11).  Output goes through the
`echo(text, nl=True, err=False)` given (click.echo, or feerie_main's, which
writes what click.echo writes); `usage_error(message)` raises the usage
error of the caller (click.UsageError).  `guarded` is cli.handle_errors'
handling of errors: an InputError becomes one message and exit status 2.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import warnings

from solver.base.errors import InputError, InputWarning

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70


def guarded(func, echo, passthrough: tuple = (SystemExit,)):
    """func(), with InputError (and Ctrl-C, a broken pipe, an internal bug) turned into
    one message and an exit status; the exceptions of `passthrough` go through.
    Ctrl-C is honoured even where SIGINT came in ignored (a command started
    with `&` in a script): the user who sends SIGINT to feerie means it."""
    _honour_sigint()
    try:
        return func()
    except InputError as err:
        echo(f"feerie: {err.format()}", err=True)
        sys.exit(EXIT_BAD_INPUT)
    except KeyboardInterrupt as err:  # Ctrl-C, or SIGTERM (solver.run.sigterm.Terminated)
        echo("feerie: interrupted", err=True)
        sys.exit(getattr(err, "exit_status", 130))
    except passthrough:
        raise
    except BrokenPipeError:
        sys.exit(0)
    except Exception as err:  # an internal bug, not bad input
        if os.environ.get("FEERIE_DEBUG") == "1":
            import traceback

            traceback.print_exc()
        echo(f"feerie: internal error: {type(err).__name__}: {err} "
             "(set FEERIE_DEBUG=1 for details)", err=True)
        sys.exit(EXIT_INTERNAL)


def _honour_sigint() -> None:
    """SIGINT raises KeyboardInterrupt, as in a process started from a terminal,
    if it was inherited as ignored (only in the main thread, where handlers go)."""
    import threading

    if (threading.current_thread() is threading.main_thread()
            and signal.getsignal(signal.SIGINT) == signal.SIG_IGN):
        signal.signal(signal.SIGINT, signal.default_int_handler)


def show_input_warnings(echo) -> None:
    """Every InputWarning (not just the first from each place) as one line on
    standard error, 'feerie: warning: FILE:LINE: ...'; other warnings as Python shows them."""
    warnings.simplefilter("always", InputWarning)
    shown = warnings.showwarning

    def show(message, category, filename, lineno, file=None, line=None):
        if issubclass(category, InputWarning):
            echo(f"feerie: warning: {message}", err=True)
        else:
            shown(message, category, filename, lineno, file, line)

    warnings.showwarning = show


@contextlib.contextmanager
def ctrl_c_stops_search(enabled: bool = True):
    """Within this block the first Ctrl-C (SIGINT) asks the search to stop
    as at a time limit, keeping and printing what it found
    (`solver.base.budget.request_stop`); a second one interrupts at once.
    Not `enabled` (a search in worker processes, which do not see the stop
    request): Ctrl-C interrupts at once, and the caller's `finally` stops
    the workers.  Either way the handler is installed whatever SIGINT's
    inherited disposition: a solve started in the background of a script
    (`cmd &`, where the shell ignores SIGINT) still stops on an explicit
    SIGINT, as the one-job solve and `batch` do."""
    import threading

    from solver.base.budget import clear_stop, request_stop, stop_requested

    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def handler(signum, frame):
        if not enabled or stop_requested():
            raise KeyboardInterrupt
        request_stop()

    clear_stop()
    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        clear_stop()


def solve(files, statements, fmt, max_time, jobs, echo, usage_error) -> None:
    """The `solve` command (cli.solve_command says what it does)."""
    # Only what this run needs: no JSON writer for text, no process pool for one job.
    from solver.base.budget import stop_requested
    from solver.output.popeye_writer import MESSAGES, TextStream, banner
    from solver.run.runner import load_inputs, solve_item
    from solver.run.sigterm import raise_on_sigterm, restore_sigterm

    if fmt != "text":
        import json

        from solver.output.json_writer import JsonLinesStream, document, problem_json, to_json

    if not files and not statements:
        usage_error("give FILE(s), '-' for standard input, or --statement 'FEN STIPULATION'")
    items = load_inputs(files, statements, file_errors=True)  # a bad file is reported as a bad problem is
    status = 0
    results = []

    def write(text: str) -> None:
        echo(text, nl=False)  # flushed: a reader sees each piece at once

    stream = (TextStream(write, banner_line=banner()) if fmt == "text"
              else JsonLinesStream(write) if fmt == "jsonl" else None)
    cancelled = False
    previous = raise_on_sigterm()  # stop as for Ctrl-C: the finally below stops the workers
    executor = None
    if jobs > 1:
        from solver.run.workers import stop_pool, worker_pool

        executor = worker_pool(jobs)
    try:
        with ctrl_c_stops_search(enabled=executor is None):
            for item in items:
                if stop_requested():
                    cancelled = True
                    break
                outcome = solve_item(item, max_time=max_time, executor=executor, observer=stream)
                if outcome.error is not None:
                    echo(f"feerie: {outcome.error.format()}", err=True)
                    status = max(status, EXIT_BAD_INPUT)
                    error = {"kind": outcome.kind, "message": outcome.error.message,
                             "file": outcome.error.file, "line": outcome.error.line}
                    if fmt == "json":
                        results.append({"schema": 1, "error": error,
                                        "problem": problem_json(outcome.problem) if outcome.problem else None})
                    elif fmt == "jsonl":
                        stream.error(error, outcome.problem)
                    continue
                result = outcome.result
                where = f"{result.problem.source}:{result.problem.line}: " if result.problem.source else ""
                for twin in result.twins:
                    if twin.illegal is not None:
                        which = f"twin {twin.label} " if twin.label else ""
                        reason = MESSAGES["en"]["illegal:" + twin.illegal]
                        echo(f"feerie: {where}{which}not solved: {reason}", err=True)
                        status = EXIT_BAD_INPUT
                if result.info.timed_out or result.info.out_of_memory:
                    limit = "memory exhausted" if result.info.out_of_memory else "time limit reached"
                    echo(f"feerie: {where}{limit} after {result.info.time_s:.1f} s; "
                         "the solution printed is what was found by then", err=True)
                    status = max(status, 3) if status != EXIT_BAD_INPUT else status
                if fmt == "json":
                    results.append(to_json(result.problem, result.twins, result.info))
                if result.info.cancelled or stop_requested():
                    echo(f"feerie: {where}interrupted after {result.info.time_s:.1f} s; "
                         "the solution printed is what was found by then", err=True)
                    cancelled = True
                    break
    finally:
        if executor is not None:
            stop_pool(executor)
        restore_sigterm(previous)
    if fmt == "json":
        echo(json.dumps(document(results), indent=1))
    if cancelled:
        sys.exit(130)
    if status:
        sys.exit(status)
