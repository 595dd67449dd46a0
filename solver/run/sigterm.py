"""SIGTERM as an exception, so that a command unwinds (its `finally` clauses
stop the workers) and exits with status 143, as Ctrl-C (KeyboardInterrupt)
exits with 130.  Apart from `solver.run.workers`, which re-exports it, so
that a command that starts no worker process does not import
multiprocessing to get it."""

from __future__ import annotations

import signal


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl-C, but exit with 143 (128 + SIGTERM)."""

    exit_status = 128 + signal.SIGTERM


def raise_on_sigterm():
    """From now on SIGTERM raises `Terminated` in the main thread (a command
    calls it once; the process ends with the command).  Returns the previous
    handler, or None outside the main thread, where nothing is changed."""

    def handler(signum, frame):
        raise Terminated()

    try:
        return signal.signal(signal.SIGTERM, handler)
    except ValueError:  # not the main thread
        return None


def restore_sigterm(previous) -> None:
    """Put back the handler `raise_on_sigterm` returned (None: nothing to do)."""
    if previous is not None:
        signal.signal(signal.SIGTERM, previous)
