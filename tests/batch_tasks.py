"""Tasks that batch workers run in the tests: `solver.batch.batch.run_job`, except
that the worker checking one chosen problem kills itself (the way the
kernel's OOM killer or `kill -9` would end it).  A module of its own so that
worker processes can import it by name."""

from __future__ import annotations

import os
import signal
from pathlib import Path

from solver.batch.batch import Job, run_job


def _die() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def die_once(flag: str, index: int, job: Job) -> dict:
    """Kill the worker the first time problem `index` is checked (the file
    `flag` remembers it), then check it normally."""
    if job.index == index and not Path(flag).exists():
        Path(flag).write_text(str(os.getpid()))
        _die()
    return run_job(job)


def always_die(index: int, job: Job) -> dict:
    """Kill the worker every time problem `index` is checked."""
    if job.index == index:
        _die()
    return run_job(job)
