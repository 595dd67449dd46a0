"""The `feerie` command: the common command lines without click (start-up, issue 11).

Importing click costs more than a one-line solve (a third of its start-up),
so `feerie --version`, `feerie solve` and `feerie check` with nothing but
FILEs and `--statement`/`-s` values run here: the same bodies
(`solver.run.commands`, `solver.check.command`), the same steps in the same order as click takes
them (the group's warning set-up, the --max-mem callback with no value,
the command in cli.handle_errors' guard, exit status 0 at the end), and
output written as click.echo writes it (flushed at once; ANSI codes taken
out when the stream is no terminal).  Any other command line, any option
or value this module does not take (one beginning with '-', '--', a
FILE that click's Path type would refuse: a directory, an unreadable
file), Windows (where click expands wildcards), a shell-completion request
and a standard stream that click would wrap (no encoding, ASCII) are left
to click: `run_fast` returns and `run` hands the command line to cli.main.
It is the top of the layers (it calls cli); `python cli.py` is click alone.
tests/test_fast_cli.py compares both on many command lines.
"""

from __future__ import annotations

import io
import os
import sys

_ANSI = None


def _strip_ansi(text: str) -> str:
    global _ANSI
    if _ANSI is None:
        import re

        _ANSI = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")  # click._compat._ansi_re
    return _ANSI.sub("", text)


def echo(message: str = "", nl: bool = True, err: bool = False) -> None:
    """click.echo(message, nl=nl, err=err) for a text message, on streams `usable` takes."""
    file = sys.stderr if err else sys.stdout
    if file is None:
        return
    out = message + "\n" if nl else message
    if not out:
        file.flush()
        return
    if "\033" in out:
        try:
            tty = file.isatty()
        except Exception:
            tty = False
        if not tty:
            out = _strip_ansi(out)
    file.write(out)
    file.flush()


def _usable(stream) -> bool:
    """True for a standard stream click.echo writes to as it is (click._compat
    get_text_stdout: a text stream with its encoding and errors set, not ASCII)."""
    if stream is None or not isinstance(stream, io.TextIOBase):
        return False
    encoding, errors = getattr(stream, "encoding", None), getattr(stream, "errors", None)
    if encoding is None or errors is None or type(stream).__module__.startswith("ipykernel."):
        return False
    import codecs

    try:
        return codecs.lookup(encoding).name != "ascii"
    except LookupError:
        return True


def _plain_file(path: str) -> bool:
    """True for a FILE that click.Path(dir_okay=False, allow_dash=True) takes as it is."""
    if path == "-":
        return True
    if not path:
        return False
    try:
        st = os.stat(path)
    except OSError:
        return True  # click takes a path that does not exist (the command reports it)
    except ValueError:
        return False
    import stat

    return not stat.S_ISDIR(st.st_mode) and os.access(path, os.R_OK)


def parse(argv: list[str]) -> tuple[str, tuple[str, ...], tuple[str, ...]] | None:
    """(command, files, statements) of a command line run here; None: click's."""
    if argv == ["--version"]:
        return "--version", (), ()
    if len(argv) < 2 or argv[0] not in ("solve", "check"):
        return None
    files, statements = [], []
    i = 1
    while i < len(argv):
        arg = argv[i]
        if arg in ("--statement", "-s"):
            if i + 1 == len(argv) or not argv[i + 1] or argv[i + 1].startswith("-"):
                return None
            statements.append(argv[i + 1])
            i += 2
            continue
        if arg.startswith("-") and arg != "-" or not _plain_file(arg):
            return None
        files.append(arg)
        i += 1
    if not files and not statements:
        return None
    return argv[0], tuple(files), tuple(statements)


def _environment_is_plain() -> bool:
    if os.name == "nt" or sys.platform == "win32":
        return False
    if any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return False  # a shell-completion request: click's
    return _usable(sys.stdout) and _usable(sys.stderr)


class _PacifyFlush:
    """click.utils.PacifyFlushWrapper: a stream whose flush ignores a broken pipe."""

    def __init__(self, wrapped) -> None:
        self.wrapped = wrapped

    def flush(self) -> None:
        try:
            self.wrapped.flush()
        except OSError as err:
            import errno

            if err.errno != errno.EPIPE:
                raise

    def __getattr__(self, name):
        return getattr(self.wrapped, name)


def _usage_error(message: str):
    raise AssertionError(message)  # parse() takes no command line without a FILE or statement


def run_fast(argv: list[str]) -> None:
    """Run the command line `argv` and exit, if it is one run here; else return."""
    parsed = parse(argv)
    if parsed is None or not _environment_is_plain():
        return
    command, files, statements = parsed
    try:
        if command == "--version":
            from solver import __version__

            echo(f"feerie, version {__version__}")
            sys.exit(0)
        from solver.base.budget import set_max_mem
        from solver.run import commands

        commands.show_input_warnings(echo)   # the group's callback
        set_max_mem(None)                    # --max-mem's callback, no value given
        if command == "solve":
            commands.guarded(lambda: commands.solve(files, statements, "text", None, 1, echo, _usage_error), echo)
        else:
            from solver.check import command as check_command

            commands.guarded(lambda: check_command.check(files, statements, None, "text", None, echo, _usage_error),
                             echo)
        sys.exit(0)
    except (EOFError, KeyboardInterrupt):  # as click's main: a new line, 'Aborted!', status 1
        echo("", err=True)
        echo("Aborted!", err=True)
        sys.exit(1)
    except OSError as err:
        import errno

        if err.errno != errno.EPIPE:
            raise
        sys.stdout = _PacifyFlush(sys.stdout)
        sys.stderr = _PacifyFlush(sys.stderr)
        sys.exit(1)


def run() -> None:
    """The `feerie` command: the common command lines here, the others by click."""
    run_fast(sys.argv[1:])
    from cli import main

    main()


if __name__ == "__main__":
    run()
