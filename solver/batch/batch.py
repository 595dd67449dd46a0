"""Checking whole collections: files -> problems -> an Executor -> verdicts -> SQLite.

The parent process reads every file (reading is quick) and hands one
problem at a time to a `concurrent.futures.Executor`: a process pool on
this machine, or a Dask cluster's executor (`Client(ADDRESS).get_executor()`,
the optional extra `cluster`), through the same code.  Only the parent
writes to the database, each row as soon as its future is done.

Resuming: a problem's row records feerie's version and a hash of the
problem's normalised text (`grammar.format_native`), so `resume` skips the
problems whose row has the same hash and version, and checks the rest
(new, changed, or not reached before a crash).  Without `resume` the
files' earlier rows are replaced.

What cannot be checked is recorded, not fatal: a file that cannot be read
is one `error` row (index 0), a problem that cannot be read is an `error`
row with its message, an internal failure while checking one problem is an
`error` row saying so (made in the worker, by `run_job`); the batch goes on.

A failure of the machinery is never a problem's verdict.  A worker that
dies (killed, out of memory) charges its death to the one problem it was
checking (`workers.WorkerPool`), which is checked again in a new worker; only
a problem whose worker died MAX_WORKER_DEATHS times is recorded, as an
`error` saying so ("worker died N times ..."), and `--resume` checks such
rows again, as it does rows of older versions that hold a BrokenProcessPool.
Any other failure of the executor (a Dask cluster that goes away) is tried
again MAX_ATTEMPTS times, then stops the batch (`BatchFailed`) with what is
done kept.  Only one batch writes to a database at a time (the store's
lock), and `stop_on_signals` turns SIGINT, SIGTERM and SIGHUP into a clean
stop: workers ended at once, every row written kept.
"""

from __future__ import annotations

import collections
import contextlib
import hashlib
import json
import fnmatch
import os
import signal
import threading
import time
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, wait
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from solver import __version__
from solver.base.errors import InputError
from solver.model.problem import Problem
from solver.batch.progress import shown_name
from solver.run.workers import WorkerDied, WorkerPool

PROBLEM_SUFFIXES = (".inp", ".txt", ".pbm", ".pop", ".feerie", ".epd", ".yaml", ".yml", ".olv")
CONNECT_TIMEOUT = 15  # seconds to reach a Dask scheduler
MAX_WORKER_DEATHS = 3  # a problem whose worker dies this often is recorded as such
MAX_ATTEMPTS = 3  # other executor failures on one problem before the batch stops
WORKER_DIED = "worker died"
# evidence of rows whose verdict the machinery caused (older versions wrote the first two): --resume checks them again
INFRASTRUCTURE = ("internal error: BrokenProcessPool", "internal error: BrokenExecutor", "internal error: KilledWorker",
                  "internal error: CancelledError", WORKER_DIED)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
PRELOAD = ("solver.batch.batch", "solver.check.check", "grammar")  # imported once by the fork server, not by each worker


class BatchFailed(Exception):
    """The executor kept failing (not the problems): the batch stopped, with what was done kept."""


class Stopped(KeyboardInterrupt):
    """A signal asked the batch to stop (`signum`: SIGINT, SIGTERM or SIGHUP)."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


@contextlib.contextmanager
def stop_on_signals():
    """Raise Stopped in the main thread at the first SIGINT, SIGTERM or SIGHUP;
    ignore the next ones while the batch stops (which is bounded: the
    workers are terminated, not waited for).  The old handlers come back
    at the end.  Elsewhere than in the main thread, nothing is changed."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    received: list[int] = []

    def handler(signum, frame):
        if not received:
            received.append(signum)
            raise Stopped(signum)

    previous = {s: signal.signal(s, handler) for s in STOP_SIGNALS}
    try:
        yield
    finally:
        for s, old in previous.items():
            signal.signal(s, old)


@dataclass(frozen=True)
class Job:
    """One problem to check in a worker (a Problem pickles; errors stay in the parent)."""

    file: str
    index: int
    problem: Problem
    max_time: float | None = None


@dataclass
class BatchSummary:
    total: int = 0
    checked: int = 0
    skipped: int = 0
    seconds: float = 0.0
    verdicts: dict = field(default_factory=dict)
    run: int = 0
    unreadable: int = 0  # files and problems that could not be read (bad input), skipped ones included
    retried: int = 0  # checks started again because their worker died

    @property
    def rate(self) -> float:
        return self.checked / self.seconds if self.seconds > 0 else 0.0


def discover(paths, globs: tuple[str, ...] = ()) -> list[Path]:
    """The problem files named or found under the directories named, sorted
    within each directory; InputError for a path that does not exist.

    In a directory a file is taken by its name: with `globs`, one that
    matches any of the patterns (`*.dat`, `mate*`; case-insensitive);
    otherwise one with a suffix of PROBLEM_SUFFIXES.  The format of each file
    is then told by its content, whatever its name.  Hidden entries are skipped."""
    patterns = [g.lower() for g in globs]

    def wanted(n: str) -> bool:
        low = n.lower()
        if patterns:
            return any(fnmatch.fnmatchcase(low, p) for p in patterns)
        return low.endswith(PROBLEM_SUFFIXES)

    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = []
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for n in names:
                    if not n.startswith(".") and wanted(n):
                        found.append(Path(root) / n)
            files.extend(sorted(found))
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"no such file or directory: {shown_name(str(name))}")
    seen = set()
    unique = []
    for f in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def file_key(path: Path) -> str:
    """A file's key in the database: its absolute path (one key however it
    was named), with bytes that are not UTF-8 written as \\xNN (SQLite
    text cannot hold the surrogates Python reads them as)."""
    name = os.path.abspath(path)
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        name = os.fsencode(name).decode("utf-8", "backslashreplace")
    return name


def problem_hash(problem: Problem) -> str:
    import grammar

    return hashlib.sha256(grammar.format_native(problem).encode("utf-8")).hexdigest()


def _text_hash(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()


def pieces_json(problem: Problem | None) -> str | None:
    """The report's diagrams of a problem: {"twins": [{"label", "pieces":
    [[square, colour, kind], ...], "caption": [line, ...]}, ...]}, one per twin
    as Popeye sets it up (`solver.output.diagram_export`); the diagram alone,
    [[square, colour, kind], ...] (the form older versions stored), when its
    twins cannot be set up."""
    if problem is None:
        return None
    from solver.model.twins import TwinError
    from solver.output.diagram_export import twin_diagrams

    try:
        diagrams = twin_diagrams(problem)
    except TwinError:
        return json.dumps([[p.square, p.color, p.kind] for p in problem.pieces])
    return json.dumps({"twins": [{"label": d.label, "pieces": [list(t) for t in d.pieces], "caption": list(d.caption)}
                                 for d in diagrams]})


def run_job(job: Job) -> dict:
    """Worker: check one problem; the verdict as a plain dict (pickles everywhere).

    A failure of the check itself (a bug) becomes the problem's `error`
    verdict here, in the worker, so that an exception out of a future always
    means that the machinery failed, never the problem."""
    from solver.check.check import check_problem

    try:
        return check_problem(job.problem, max_time=job.max_time, index=job.index).to_dict()
    except Exception as err:
        return _error_verdict(f"internal error: {type(err).__name__}: {err}", job.problem.line, problem=job.problem)


def needs_recheck(verdict: str, evidence: str) -> bool:
    """Whether a row's verdict was caused by the machinery (a dead worker, a broken pool), not by its problem."""
    return verdict == "error" and (evidence or "").startswith(INFRASTRUCTURE)


def row_of(file: str, index: int, digest: str, problem: Problem | None, verdict: dict, run: int) -> dict:
    evidence = []
    for twin in verdict.get("twins", []):
        prefix = f"{twin['label']} {twin['verdict']}: " if twin.get("label") else ""
        evidence.extend(f"{prefix}{e}" for e in twin.get("evidence", []))
        evidence.extend(f"{twin['label'] + ' ' if twin.get('label') else ''}info: {i}" for i in twin.get("info", []))
    return {
        "file": file, "idx": index, "line": verdict.get("line"), "title": verdict.get("title") or "",
        "stipulation": verdict.get("stipulation") or "", "verdict": verdict["verdict"],
        "evidence": "\n".join(evidence), "solutions": verdict.get("solutions", 0),
        "seconds": verdict.get("seconds", 0.0), "nodes": verdict.get("nodes", 0), "version": __version__,
        "hash": digest, "pieces": pieces_json(problem), "details": json.dumps(verdict.get("twins", [])),
        "run": run, "written": time.time(),
    }


def _error_verdict(message: str, line: int | None = None, kind: str = "error", problem=None) -> dict:
    from solver.check.check import caption

    return {"verdict": kind, "line": line, "title": caption(problem),
            "stipulation": problem.stipulation.text if problem is not None else "",
            "solutions": 0, "seconds": 0.0, "nodes": 0,
            "twins": [{"label": None, "verdict": kind, "evidence": [message], "info": []}]}


def make_executor(jobs: int | None = None, cluster: str | None = None):
    """(executor, closer): a WorkerPool of `jobs` workers (default: one per
    core), or the executor of the Dask cluster at `cluster`.  `closer(abort)`
    ends it: when done, or at once (workers terminated) when `abort`."""
    if cluster:
        try:
            from distributed import Client
        except ImportError:
            raise InputError("--cluster needs Dask: pip install 'feerie[cluster]' "
                             "(dask[distributed])") from None
        try:
            client = Client(cluster, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as err:
            raise InputError(f"cannot reach the Dask scheduler at {cluster}: {err}") from None
        executor = client.get_executor(pure=False)
        return executor, lambda abort: client.close()
    pool = WorkerPool(jobs or os.cpu_count() or 1, preload=PRELOAD)
    return pool, lambda abort: pool.terminate() if abort else pool.shutdown(wait=True)


def _settled(known: dict, index: int, digest: str) -> bool:
    """Whether the earlier row of problem `index` stands (same problem, same
    feerie, and a verdict the machinery did not cause)."""
    row = known.get(index)
    return row is not None and row[:2] == (digest, __version__) and not needs_recheck(row[2], row[3])


def run_batch(paths, db: str | Path, *, jobs: int | None = None, max_time: float | None = None,
              resume: bool = False, cluster: str | None = None, executor: Executor | None = None,
              progress=None, window: int | None = None, task: Callable[[Job], dict] = run_job,
              globs: tuple[str, ...] = ()) -> BatchSummary:
    """Check every problem of the files under `paths` (in directories: as
    `discover` picks them, by `globs` if given) into the SQLite file `db`
    (InputError if another batch is writing to it).  `task` is what a worker
    runs for each Job (tests give one that fails on purpose)."""
    from solver.batch.results import ResultStore

    started = time.perf_counter()
    files = discover(paths, globs)
    if not files:
        looked = " ".join(globs or PROBLEM_SUFFIXES)
        raise InputError(f"no problem files found (looked for {looked})")
    store = ResultStore(db, exclusive=True)
    summary = BatchSummary()
    aborted = False
    bar = None
    try:
        summary.run = store.start_run(__version__, {"paths": [str(p) for p in paths], "jobs": jobs,
                                                    "max_time": max_time, "resume": resume, "cluster": cluster})
        todo, immediate = _plan(files, store, summary, resume, max_time)
        if progress is not None:
            bar = progress(len(todo) + len(immediate))
        for row in immediate:
            _record(store, row, summary, bar)
        if todo:
            own = None
            if executor is None:
                executor, own = make_executor(jobs, cluster)
            try:
                _drain(executor, todo, store, summary, bar, window or 4 * (jobs or os.cpu_count() or 1), task)
            except BaseException:
                aborted = True
                raise
            finally:
                if own is not None:
                    own(aborted)
    except BaseException:
        aborted = True
        raise
    finally:
        if bar is not None:
            bar.close()
        summary.seconds = time.perf_counter() - started
        try:
            if summary.run:
                store.finish_run(summary.run, summary.checked, summary.skipped)
        except InputError:
            if not aborted:
                raise
        finally:
            store.close()
    return summary


def _plan(files, store, summary: BatchSummary, resume: bool, max_time: float | None):
    """Read the files: (the jobs to run with their hashes, the rows known at
    once: what cannot be read); the rows that stand are counted as skipped."""
    import grammar

    todo: list[tuple[Job, str]] = []
    immediate: list[dict] = []
    for path in files:
        name = file_key(path)
        known = store.known(name) if resume else {}
        try:
            items = grammar.load_file(path)
        except InputError as err:
            digest = _text_hash(name, err.format())
            summary.total += 1
            summary.unreadable += 1
            if resume and _settled(known, 0, digest):
                summary.skipped += 1
                store.forget(name, keep={0})
                continue
            store.forget(name)
            where = f"line {err.line}: " if err.line else ""
            immediate.append(row_of(name, 0, digest, None, _error_verdict(where + err.message, err.line),
                                    summary.run))
            continue
        store.forget(name, keep=set(range(1, len(items) + 1)) if resume else None)
        for index, item in enumerate(items, 1):
            summary.total += 1
            if isinstance(item, grammar.ProblemError):
                problem = item.problem
                digest = problem_hash(problem) if problem is not None else _text_hash(name, str(index), item.format())
                summary.unreadable += not item.unsupported
                if resume and _settled(known, index, digest):
                    summary.skipped += 1
                    continue
                kind = "unsupported" if item.unsupported else "error"
                line = problem.line if problem is not None else item.error.line
                immediate.append(row_of(name, index, digest, problem,
                                        _error_verdict(item.error.message, line, kind, problem), summary.run))
                continue
            digest = problem_hash(item)
            if resume and _settled(known, index, digest):
                summary.skipped += 1
                continue
            todo.append((Job(name, index, item, max_time), digest))
    return todo, immediate


def _label(job: Job) -> str:
    return f"{shown_name(job.file)}[{job.index}]"


def _drain(executor: Executor, todo, store, summary: BatchSummary, progress, window: int,
           task: Callable[[Job], dict] = run_job) -> None:
    """Keep `window` jobs in flight; record each result as it comes; a job
    whose worker died (or whose future failed otherwise) runs again, first."""
    queue = collections.deque(todo)
    failures: collections.Counter = collections.Counter()
    running: dict = {}
    while queue or running:
        while queue and len(running) < window:
            job, digest = queue.popleft()
            running[executor.submit(task, job)] = (job, digest)
        done, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in done:
            job, digest = running.pop(future)
            verdict = _outcome(future, job, failures, summary, progress)
            if verdict is None:
                queue.appendleft((job, digest))
                continue
            _record(store, row_of(job.file, job.index, digest, job.problem, verdict, summary.run),
                    summary, progress)


def _outcome(future, job: Job, failures: collections.Counter, summary: BatchSummary, progress) -> dict | None:
    """The verdict of a finished job; None when it is to run again.  Raises
    BatchFailed when the executor keeps failing on it."""
    key = (job.file, job.index)
    try:
        return future.result()
    except WorkerDied as died:
        failures[key] += 1
        if failures[key] < MAX_WORKER_DEATHS:
            _retrying(job, f"{died}", summary, progress)
            return None
        return _error_verdict(f"{WORKER_DIED} {failures[key]} times checking this problem (the last time, {died}): "
                              "no verdict; it may need more memory than a worker can have; --resume tries again",
                              job.problem.line, problem=job.problem)
    except (Exception, CancelledError) as err:
        if type(err).__name__ == "KilledWorker":  # Dask gave up after its own retries on other workers
            return _error_verdict(f"{WORKER_DIED} on every Dask worker that tried this problem ({err}): "
                                  "no verdict; --resume tries again", job.problem.line, problem=job.problem)
        failures[key] += 1
        if failures[key] < MAX_ATTEMPTS:
            _retrying(job, f"the executor failed ({type(err).__name__}: {err})", summary, progress)
            return None
        raise BatchFailed(f"the executor failed {failures[key]} times on {_label(job)}: "
                          f"{type(err).__name__}: {err}") from None


def _retrying(job: Job, why: str, summary: BatchSummary, progress) -> None:
    summary.retried += 1
    if progress is not None:
        progress.note(f"{_label(job)}: {why}; checking it again")


def _record(store, row: dict, summary: BatchSummary, progress) -> None:
    store.write(row)
    summary.checked += 1
    summary.verdicts[row["verdict"]] = summary.verdicts.get(row["verdict"], 0) + 1
    if progress is not None:
        progress.advance(f"{shown_name(row['file'])}[{row['idx']}]", row["verdict"], row["seconds"] or 0.0)


__all__ = ["BatchFailed", "BatchSummary", "Job", "PROBLEM_SUFFIXES", "Stopped", "discover", "make_executor",
           "needs_recheck", "problem_hash", "run_batch", "run_job", "stop_on_signals"]
