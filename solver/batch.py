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
`error` row saying so; the batch goes on.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from concurrent.futures import FIRST_COMPLETED, Executor, wait
from dataclasses import dataclass, field
from pathlib import Path

from . import __version__
from .errors import InputError
from .model import Problem

PROBLEM_SUFFIXES = (".inp", ".txt", ".pbm", ".pop", ".feerie")
CONNECT_TIMEOUT = 15  # seconds to reach a Dask scheduler


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

    @property
    def rate(self) -> float:
        return self.checked / self.seconds if self.seconds > 0 else 0.0


def discover(paths) -> list[Path]:
    """The problem files named or found under the directories named (by
    suffix: .inp .txt .pbm .pop .feerie; hidden entries skipped), sorted
    within each directory; InputError for a path that does not exist."""
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found = []
            for root, dirs, names in os.walk(path):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                for n in names:
                    if not n.startswith(".") and n.lower().endswith(PROBLEM_SUFFIXES):
                        found.append(Path(root) / n)
            files.extend(sorted(found))
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"no such file or directory: {name}")
    seen = set()
    unique = []
    for f in files:
        key = f.resolve()
        if key not in seen:
            seen.add(key)
            unique.append(f)
    return unique


def problem_hash(problem: Problem) -> str:
    import grammar

    return hashlib.sha256(grammar.format_native(problem).encode("utf-8")).hexdigest()


def _text_hash(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8")).hexdigest()


def pieces_json(problem: Problem | None) -> str | None:
    if problem is None:
        return None
    return json.dumps([[p.square, p.color, p.kind] for p in problem.pieces])


def run_job(job: Job) -> dict:
    """Worker: check one problem; the verdict as a plain dict (pickles everywhere)."""
    from .check import check_problem

    return check_problem(job.problem, max_time=job.max_time, index=job.index).to_dict()


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
    from .check import caption

    return {"verdict": kind, "line": line, "title": caption(problem),
            "stipulation": problem.stipulation.text if problem is not None else "",
            "solutions": 0, "seconds": 0.0, "nodes": 0,
            "twins": [{"label": None, "verdict": kind, "evidence": [message], "info": []}]}


def make_executor(jobs: int | None = None, cluster: str | None = None):
    """(executor, closer): a process pool of `jobs` workers (default: one
    per core), or the executor of the Dask cluster at `cluster`."""
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
        return executor, client.close
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=jobs or os.cpu_count() or 1)
    return pool, lambda: pool.shutdown(wait=True, cancel_futures=True)


def run_batch(paths, db: str | Path, *, jobs: int | None = None, max_time: float | None = None,
              resume: bool = False, cluster: str | None = None, executor: Executor | None = None,
              progress=None, window: int | None = None) -> BatchSummary:
    """Check every problem of the files under `paths` into the SQLite file `db`."""
    import grammar

    from .results import ResultStore

    started = time.perf_counter()
    files = discover(paths)
    if not files:
        raise InputError("no problem files found (looked for " + " ".join(PROBLEM_SUFFIXES) + ")")
    store = ResultStore(db)
    summary = BatchSummary()
    summary.run = store.start_run(__version__, {"paths": [str(p) for p in paths], "jobs": jobs,
                                                "max_time": max_time, "resume": resume, "cluster": cluster})
    todo: list[tuple[Job, str]] = []
    immediate: list[dict] = []
    for path in files:
        name = os.path.abspath(path)  # one key per file, however it was named
        known = store.known(name) if resume else {}
        try:
            items = grammar.load_file(path)
        except InputError as err:
            digest = _text_hash(name, err.format())
            summary.total += 1
            if resume and known.get(0) == (digest, __version__):
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
                if resume and known.get(index) == (digest, __version__):
                    summary.skipped += 1
                    continue
                kind = "unsupported" if item.unsupported else "error"
                line = problem.line if problem is not None else item.error.line
                immediate.append(row_of(name, index, digest, problem,
                                        _error_verdict(item.error.message, line, kind, problem), summary.run))
                continue
            digest = problem_hash(item)
            if resume and known.get(index) == (digest, __version__):
                summary.skipped += 1
                continue
            todo.append((Job(name, index, item, max_time), digest))
    total = len(todo) + len(immediate)
    if progress is not None:
        progress = progress(total)
    try:
        for row in immediate:
            _record(store, row, summary, progress)
        if todo:
            own = None
            if executor is None:
                executor, own = make_executor(jobs, cluster)
            try:
                _drain(executor, todo, store, summary, progress, window or 4 * (jobs or os.cpu_count() or 1))
            finally:
                if own is not None:
                    own()
    finally:
        if progress is not None:
            progress.close()
        summary.seconds = time.perf_counter() - started
        store.finish_run(summary.run, summary.checked, summary.skipped)
        store.close()
    return summary


def _drain(executor: Executor, todo, store, summary: BatchSummary, progress, window: int) -> None:
    """Keep `window` jobs in flight; record each result as it comes."""
    queue = list(reversed(todo))
    running: dict = {}
    while queue or running:
        while queue and len(running) < window:
            job, digest = queue.pop()
            running[executor.submit(run_job, job)] = (job, digest)
        done, _ = wait(list(running), return_when=FIRST_COMPLETED)
        for future in done:
            job, digest = running.pop(future)
            try:
                verdict = future.result()
            except Exception as err:  # a bug while checking this problem: recorded, the batch goes on
                verdict = _error_verdict(f"internal error: {type(err).__name__}: {err}", job.problem.line,
                                         problem=job.problem)
            _record(store, row_of(job.file, job.index, digest, job.problem, verdict, summary.run),
                    summary, progress)


def _record(store, row: dict, summary: BatchSummary, progress) -> None:
    store.write(row)
    summary.checked += 1
    summary.verdicts[row["verdict"]] = summary.verdicts.get(row["verdict"], 0) + 1
    if progress is not None:
        progress.advance(f"{row['file']}[{row['idx']}]", row["verdict"], row["seconds"] or 0.0)


__all__ = ["BatchSummary", "Job", "PROBLEM_SUFFIXES", "discover", "make_executor", "problem_hash", "run_batch",
           "run_job"]
