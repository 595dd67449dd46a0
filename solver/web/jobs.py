"""Solving jobs: one child process per solve, its events kept and streamed.

A `Job` starts `python -m solver.web.child` (feerie's own solver and
nothing else) with the problem on its standard input, reads its JSON Lines
as they come, and keeps them all, so that a stopped job still shows what
was found and a page may read the events from the start.  A job ends when
the child ends, when it is stopped (`stop`: SIGINT, which makes the search
stop and write its closing line, then SIGKILL if it is still there after a
grace period), or when its wall time (the time limit plus a grace period)
is over.  Several jobs run at once, one per request.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
import uuid
from dataclasses import dataclass, field
from pathlib import Path

# How long a child may go on after its own time limit or a stop request
# before it is killed (it needs a moment to write what it found).
GRACE_S = 0.5
WALL_GRACE_S = 5.0
_ROOT = Path(__file__).resolve().parent.parent.parent  # where `solver` can be imported from


@dataclass
class Job:
    """One solve in a child process; `events` are its parsed JSON Lines."""

    id: str
    max_time: float
    events: list[dict] = field(default_factory=list)
    done: bool = False
    stopped: bool = False
    returncode: int | None = None
    process: asyncio.subprocess.Process | None = None
    _changed: asyncio.Event = field(default_factory=asyncio.Event)
    _runner: asyncio.Task | None = None

    @property
    def pid(self) -> int | None:
        return self.process.pid if self.process else None

    def add(self, event: dict) -> None:
        self.events.append(event)
        self._changed.set()

    async def wait_change(self, timeout: float) -> None:
        """Until an event comes or the job ends (or `timeout` passes)."""
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except asyncio.TimeoutError:
            pass
        self._changed.clear()

    async def stop(self, reason: str = "stopped") -> None:
        """Stop the search: SIGINT, then SIGKILL after GRACE_S; the events stay."""
        proc = self.process
        if self.done or proc is None or proc.returncode is not None:
            return
        if self.stopped:   # already stopping (the stop button, then the page closed)
            await proc.wait()
            return
        self.stopped = True
        self.add({"event": "stopping", "reason": reason})
        try:
            proc.send_signal(2)
            await asyncio.wait_for(proc.wait(), GRACE_S)
        except asyncio.TimeoutError:
            proc.kill()
        except ProcessLookupError:
            pass
        await proc.wait()


class Jobs:
    """The running and finished jobs of the server, by id."""

    def __init__(self, max_time: float, max_mem: int) -> None:
        self.max_time = max_time
        self.max_mem = max_mem
        self.jobs: dict[str, Job] = {}

    def get(self, job_id: str) -> Job | None:
        return self.jobs.get(job_id)

    async def start(self, text: str, max_time: float | None = None) -> Job:
        """Start solving `text`; `max_time` is the page's limit, at most the server's."""
        limit = self.max_time if max_time is None else min(max(max_time, 0.1), self.max_time)
        job = Job(uuid.uuid4().hex, limit)
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            p for p in (str(_ROOT), os.environ.get("PYTHONPATH", "")) if p))
        job.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "solver.web.child", "--max-time", str(limit),
            "--max-mem", str(self.max_mem),
            stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, env=env, start_new_session=True)
        self.jobs[job.id] = job
        job._runner = asyncio.create_task(self._run(job, text))
        return job

    async def _run(self, job: Job, text: str) -> None:
        proc = job.process
        proc.stdin.write(text.encode("utf-8"))
        await proc.stdin.drain()
        proc.stdin.close()
        reader = asyncio.create_task(self._read(job))
        try:
            await asyncio.wait_for(asyncio.shield(reader), job.max_time + WALL_GRACE_S)
        except asyncio.TimeoutError:
            await job.stop("time cap")  # the child's own limit did not end it: the hard cap
        await reader  # to the end of its output: what it wrote while stopping is kept
        job.returncode = await proc.wait()
        job.done = True
        job.add({"event": "end", "returncode": job.returncode, "stopped": job.stopped})

    @staticmethod
    async def _read(job: Job) -> None:
        while True:
            raw = await job.process.stdout.readline()
            if not raw:
                return
            try:
                job.add(json.loads(raw))
            except ValueError:
                continue  # not one of the child's lines: nothing to show

    async def close(self) -> None:
        """Stop every job still running (the server is shutting down)."""
        for job in list(self.jobs.values()):
            await job.stop("server shutdown")
