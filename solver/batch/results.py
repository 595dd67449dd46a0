"""The SQLite file a batch writes its results to, and the report reads.

One row per problem, keyed by (file, index), written and committed as soon
as the problem's verdict is known, so that a crash or `kill -9` loses only
the problems that were being checked.  WAL journal: the report (or a test)
can read while a batch writes, and a committed row survives the writer's
death.  A store opened `exclusive` (a batch) holds an exclusive lock on the
file RESULTS.sqlite.lock beside the database (`flock`, released by the
system when the process ends, however it ends), so that a second batch on
the same database refuses to start instead of checking everything again.
Whatever SQLite says is wrong with the file (not a database, a damaged
page: `PRAGMA quick_check` is run when it is opened) is an InputError
"cannot use the database", never a traceback.

Columns: file, idx (1-based number of the problem in its file; 0 for a
file that could not be read at all), line, title, stipulation, verdict,
evidence (text, one item a line), solutions (the solver's count: keys or
lines, all twins), seconds, nodes, version (feerie's), hash (of the
problem's normalised text), pieces (JSON: [square, colour, kind] triples,
for the report's diagram), details (JSON: the twins' verdicts), run (the
`runs` row of the batch that wrote it), written (Unix time).
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import time
from pathlib import Path

from solver.base.errors import InputError
from solver.batch.progress import shown_name

SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    file TEXT NOT NULL,
    idx INTEGER NOT NULL,
    line INTEGER,
    title TEXT,
    stipulation TEXT,
    verdict TEXT NOT NULL,
    evidence TEXT,
    solutions INTEGER,
    seconds REAL,
    nodes INTEGER,
    version TEXT NOT NULL,
    hash TEXT NOT NULL,
    pieces TEXT,
    details TEXT,
    run INTEGER,
    written REAL,
    PRIMARY KEY (file, idx)
);
CREATE TABLE IF NOT EXISTS runs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    started REAL,
    finished REAL,
    version TEXT,
    arguments TEXT,
    checked INTEGER,
    skipped INTEGER
);
"""

COLUMNS = ("file", "idx", "line", "title", "stipulation", "verdict", "evidence", "solutions", "seconds",
           "nodes", "version", "hash", "pieces", "details", "run", "written")


def _guarded(method):
    """Report an SQLite failure of `method` as InputError (see the module's docstring)."""

    @functools.wraps(method)
    def wrapper(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as err:
            raise InputError(f"cannot use the database: {err}", shown_name(str(self.path))) from None

    return wrapper


class ResultStore:
    def __init__(self, path: str | Path, *, create: bool = True, exclusive: bool = False) -> None:
        path = Path(path)
        self.path = path
        self.db = None
        self._lock = None
        if not create and not path.exists():
            raise InputError("no results database", shown_name(str(path)))
        if exclusive:
            self._lock = _lock_beside(path)
        try:
            self._open(create)
        except BaseException:
            self.close()
            raise

    @_guarded
    def _open(self, create: bool) -> None:
        self.db = sqlite3.connect(str(self.path), timeout=30)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        damage = [r[0] for r in self.db.execute("PRAGMA quick_check")]
        if damage != ["ok"]:
            raise InputError("cannot use the database: it is damaged (SQLite's quick_check: "
                             + "; ".join(d.replace("\n", " ") for d in damage[:3]) + ")", shown_name(str(self.path)))
        if create:
            self.db.executescript(SCHEMA)
        else:
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "results" not in tables:
                raise InputError("not a feerie results database (no 'results' table)", shown_name(str(self.path)))

    def close(self) -> None:
        """Close the database, then release the lock (if held)."""
        if self.db is not None:
            self.db.close()
            self.db = None
        if self._lock is not None:
            os.close(self._lock)
            self._lock = None

    # -- runs --

    @_guarded
    def start_run(self, version: str, arguments: dict) -> int:
        cur = self.db.execute("INSERT INTO runs (started, version, arguments) VALUES (?, ?, ?)",
                              (time.time(), version, json.dumps(arguments)))
        self.db.commit()
        return cur.lastrowid

    @_guarded
    def finish_run(self, run: int, checked: int, skipped: int) -> None:
        self.db.execute("UPDATE runs SET finished = ?, checked = ?, skipped = ? WHERE id = ?",
                        (time.time(), checked, skipped, run))
        self.db.commit()

    # -- rows --

    @_guarded
    def known(self, file: str) -> dict[int, tuple[str, str, str, str]]:
        """idx -> (hash, version, verdict, evidence) of the rows of one file."""
        rows = self.db.execute("SELECT idx, hash, version, verdict, evidence FROM results WHERE file = ?", (file,))
        return {idx: (h, v, verdict, evidence or "") for idx, h, v, verdict, evidence in rows}

    @_guarded
    def forget(self, file: str, keep: set[int] | None = None) -> None:
        """Delete a file's rows, except those whose index is in `keep`."""
        if keep is None:
            self.db.execute("DELETE FROM results WHERE file = ?", (file,))
        else:
            for (idx,) in list(self.db.execute("SELECT idx FROM results WHERE file = ?", (file,))):
                if idx not in keep:
                    self.db.execute("DELETE FROM results WHERE file = ? AND idx = ?", (file, idx))
        self.db.commit()

    @_guarded
    def write(self, row: dict) -> None:
        values = [row.get(c) for c in COLUMNS]
        self.db.execute(f"INSERT OR REPLACE INTO results ({', '.join(COLUMNS)}) "
                        f"VALUES ({', '.join('?' for _ in COLUMNS)})", values)
        self.db.commit()

    @_guarded
    def rows(self) -> list[dict]:
        cur = self.db.execute(f"SELECT {', '.join(COLUMNS)} FROM results ORDER BY file, idx")
        return [dict(zip(COLUMNS, r)) for r in cur]


def lock_path(path: Path) -> Path:
    """The lock file of the database at `path` (resolved: one lock however the database is named)."""
    path = path.resolve()
    return path.with_name(path.name + ".lock")


def _lock_beside(path: Path) -> int | None:
    """An fd holding the exclusive lock of `path`'s lock file; InputError if
    another process holds it (the pid it wrote there is named)."""
    try:
        import fcntl
    except ImportError:  # no flock (Windows): no lock
        return None
    where = lock_path(path)
    try:
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as err:
        raise InputError(f"cannot use the database: cannot create its lock file: {err.strerror}",
                         shown_name(str(where))) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        holder = os.read(fd, 32).decode("ascii", "replace").strip()
        os.close(fd)
        raise InputError("another batch is writing to this database" + (f" (process {holder})" if holder else "")
                         + "; wait for it to end or stop it, then run again", shown_name(str(path))) from None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    return fd


__all__ = ["COLUMNS", "ResultStore", "lock_path"]
