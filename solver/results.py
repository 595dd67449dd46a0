"""The SQLite file a batch writes its results to, and the report reads.

One row per problem, keyed by (file, index), written and committed as soon
as the problem's verdict is known, so that a crash or `kill -9` loses only
the problems that were being checked.  WAL journal: the report (or a test)
can read while a batch writes, and a committed row survives the writer's
death.

Columns: file, idx (1-based number of the problem in its file; 0 for a
file that could not be read at all), line, title, stipulation, verdict,
evidence (text, one item a line), solutions (the solver's count: keys or
lines, all twins), seconds, nodes, version (feerie's), hash (of the
problem's normalised text), pieces (JSON: [square, colour, kind] triples,
for the report's diagram), details (JSON: the twins' verdicts), run (the
`runs` row of the batch that wrote it), written (Unix time).
"""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

from .errors import InputError

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


class ResultStore:
    def __init__(self, path: str | Path, *, create: bool = True) -> None:
        path = Path(path)
        if not create and not path.exists():
            raise InputError(f"no results database at {path}", str(path))
        try:
            self.db = sqlite3.connect(str(path), timeout=30)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            if create:
                self.db.executescript(SCHEMA)
            else:
                tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
                if "results" not in tables:
                    raise InputError("not a feerie results database (no 'results' table)", str(path))
        except sqlite3.DatabaseError as err:
            raise InputError(f"cannot use the database: {err}", str(path)) from None
        self.path = path

    def close(self) -> None:
        self.db.close()

    # -- runs --

    def start_run(self, version: str, arguments: dict) -> int:
        cur = self.db.execute("INSERT INTO runs (started, version, arguments) VALUES (?, ?, ?)",
                              (time.time(), version, json.dumps(arguments)))
        self.db.commit()
        return cur.lastrowid

    def finish_run(self, run: int, checked: int, skipped: int) -> None:
        self.db.execute("UPDATE runs SET finished = ?, checked = ?, skipped = ? WHERE id = ?",
                        (time.time(), checked, skipped, run))
        self.db.commit()

    # -- rows --

    def known(self, file: str) -> dict[int, tuple[str, str]]:
        """idx -> (hash, version) of the rows of one file."""
        rows = self.db.execute("SELECT idx, hash, version FROM results WHERE file = ?", (file,))
        return {idx: (h, v) for idx, h, v in rows}

    def forget(self, file: str, keep: set[int] | None = None) -> None:
        """Delete a file's rows, except those whose index is in `keep`."""
        if keep is None:
            self.db.execute("DELETE FROM results WHERE file = ?", (file,))
        else:
            for (idx,) in list(self.db.execute("SELECT idx FROM results WHERE file = ?", (file,))):
                if idx not in keep:
                    self.db.execute("DELETE FROM results WHERE file = ? AND idx = ?", (file, idx))
        self.db.commit()

    def write(self, row: dict) -> None:
        values = [row.get(c) for c in COLUMNS]
        self.db.execute(f"INSERT OR REPLACE INTO results ({', '.join(COLUMNS)}) "
                        f"VALUES ({', '.join('?' for _ in COLUMNS)})", values)
        self.db.commit()

    def rows(self) -> list[dict]:
        cur = self.db.execute(f"SELECT {', '.join(COLUMNS)} FROM results ORDER BY file, idx")
        return [dict(zip(COLUMNS, r)) for r in cur]


__all__ = ["COLUMNS", "ResultStore"]
