"""feerie's command line: thin click commands over `grammar` and `solver`.

Every command runs inside `handle_errors`: an `InputError` becomes one clear
message on stderr and exit status 2; nothing the user types can produce a
traceback (an unexpected internal failure is reported as such, exit 70,
with the traceback shown only under FEERIE_DEBUG=1).
"""

from __future__ import annotations

import functools
import os
import sys
import traceback

import click

from solver import __version__
from solver.errors import InputError

EXIT_BAD_INPUT = 2
EXIT_INTERNAL = 70


def fail(message: str) -> "NoReturn":  # noqa: F821
    click.echo(f"feerie: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


def handle_errors(func):
    """Turn InputError (and click usage errors) into one message and exit 2."""

    @functools.wraps(func)
    def wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except InputError as err:
            fail(err.format())
        except KeyboardInterrupt:
            click.echo("feerie: interrupted", err=True)
            sys.exit(130)
        except (click.exceptions.Exit, click.ClickException, SystemExit):
            raise
        except BrokenPipeError:
            sys.exit(0)
        except Exception as err:  # an internal bug, not bad input
            if os.environ.get("FEERIE_DEBUG") == "1":
                traceback.print_exc()
            click.echo(f"feerie: internal error: {type(err).__name__}: {err} "
                       "(set FEERIE_DEBUG=1 for details)", err=True)
            sys.exit(EXIT_INTERNAL)

    return wrapper


@click.group()
@click.version_option(__version__, prog_name="feerie")
def main() -> None:
    """feerie: a fairy-chess problem solver and composition checker."""


if __name__ == "__main__":
    main()
