"""Worker processes that never outlive their parent, and a parent that stops them.

A pool worker computes for its parent only: when the parent is gone (killed,
even by SIGKILL, which it cannot catch), nobody will read the result, so
the worker must die at once rather than compute on as an orphan.  And when
the parent is asked to stop (Ctrl-C, SIGTERM), it stops its workers itself
instead of waiting for their tasks to end.

- `init_worker`, a pool initializer: the parent-death signal (Linux
  prctl(PR_SET_PDEATHSIG), through ctypes: SIGKILL when the parent dies),
  plus a watchdog thread comparing `os.getppid()` with the parent's pid
  (other systems, and the window before prctl took effect); and SIGINT
  ignored: a terminal's Ctrl-C reaches the whole process group, and it is
  the parent's to decide (a worker interrupted in a task would return the
  interruption as that task's result, and one interrupted while idle dies
  with a traceback, leaving the pool broken);
  Linux sends the parent-death signal when the *thread* that started the
  worker ends: create and first use a pool from a thread that lives as
  long as the pool (the main thread);
- `worker_pool`: a ProcessPoolExecutor whose workers run `init_worker`;
- `stop_pool`: cancel what is pending and kill the workers now;
- `Terminated` and `raise_on_sigterm`: SIGTERM becomes an exception, so that
  the parent unwinds (its `finally` clauses stop the workers) and exits
  with status 143, as Ctrl-C (KeyboardInterrupt) exits with 130.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # <sys/prctl.h>
WATCH_PERIOD = 0.5  # seconds between two looks at the parent


class Terminated(KeyboardInterrupt):
    """SIGTERM arrived: stop as for Ctrl-C, but exit with 143 (128 + SIGTERM)."""

    exit_status = 128 + signal.SIGTERM


def init_worker(parent: int | None = None, max_mem: int | None = None) -> None:
    """Pool initializer (runs in the worker): die with the parent, leave
    SIGINT to it.  `parent`: the parent's pid, given by the parent itself
    (default: the worker's parent now); `max_mem`: the parent's memory
    budget for the searches (`solver.budget.set_max_mem`), which a worker
    started by spawn would not inherit."""
    if parent is None:
        parent = os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _set_parent_death_signal()
    if os.getppid() != parent:  # died before the signal was armed
        os._exit(1)
    threading.Thread(target=_watch, args=(parent,), name="parent-watchdog", daemon=True).start()
    if max_mem is not None:
        from .budget import set_max_mem

        set_max_mem(max_mem)


def _set_parent_death_signal() -> bool:
    """Ask Linux to SIGKILL this process when its parent dies; False where
    that is not available (the watchdog then does the work)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch(parent: int) -> None:
    """Watchdog: once the parent is gone (the worker is re-parented), exit."""
    while os.getppid() == parent:
        time.sleep(WATCH_PERIOD)
    os._exit(1)


def worker_pool(jobs: int):
    """A process pool of `jobs` workers that die with this process."""
    from concurrent.futures import ProcessPoolExecutor

    from .budget import max_mem

    return ProcessPoolExecutor(max_workers=jobs, initializer=init_worker,
                               initargs=(os.getpid(), max_mem()))


def stop_pool(executor, timeout: float = 5.0) -> None:
    """Stop a pool now: cancel the tasks not started, kill the workers
    (whatever they compute is abandoned), and reap them.

    ProcessPoolExecutor has no public way to stop a running task before
    Python 3.14 (`kill_workers`); its worker table `_processes` is used
    where that is missing."""
    kill = getattr(executor, "kill_workers", None)
    processes = list((getattr(executor, "_processes", None) or {}).values())
    executor.shutdown(wait=False, cancel_futures=True)
    if kill is not None:
        kill()
    else:
        for proc in processes:
            with contextlib.suppress(Exception):
                proc.kill()
    for proc in processes:
        with contextlib.suppress(Exception):
            proc.join(timeout)


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
