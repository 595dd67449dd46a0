"""Batch checking into SQLite: discovery, one row per problem, resume, crash
safety (kill -9 in the middle, then --resume), bad files, reports, and the
same work on a Dask cluster."""

from __future__ import annotations

import csv
import functools
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import grammar
from cli import main
from conftest import ROOT, reference
from solver import __version__
from solver.batch.batch import discover, problem_hash, run_batch
from solver.check.check import check_item
from solver.batch.report import render, totals

PYTHON = sys.executable


def rows(db) -> list[dict]:
    con = sqlite3.connect(str(db))
    con.row_factory = sqlite3.Row
    try:
        return [dict(r) for r in con.execute("SELECT * FROM results ORDER BY file, idx")]
    finally:
        con.close()


def small_collection(folder: Path) -> Path:
    folder.mkdir()
    (folder / "a_classics.txt").write_text((ROOT / "problems" / "classics.txt").read_text())
    (folder / "b_bad.txt").write_text("problem: broken\nwhite: Kz9\nstipulation: #2\n")
    (folder / "c_statements.txt").write_text(
        "6k1/8/6K1/8/8/8/8/R7 w - - #1\n"
        "6k1/8/6K1/8/8/8/8/RR6 w - - #1\n"
        "6k1/8/6K1/8/8/8/8/R7 b - - #1\n"       # black to move in #1: cannot be read
        "6k1/8/6K1/8/8/8/8/R7 w - - #1 PhantomChess\n"  # unsupported
    )
    (folder / "notes.md").write_text("not a problem file")
    (folder / ".hidden.txt").write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n")
    return folder


def test_discover_finds_problem_files_only(tmp_path):
    folder = small_collection(tmp_path / "c")
    found = [p.name for p in discover([folder])]
    assert found == ["a_classics.txt", "b_bad.txt", "c_statements.txt"]
    assert [p.name for p in discover([folder / "notes.md"])] == ["notes.md"]  # named files are taken as given
    with pytest.raises(Exception, match="no such file"):
        discover([tmp_path / "missing"])


def test_batch_rows_resume_and_changes(tmp_path):
    folder = small_collection(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    summary = run_batch([folder], db, jobs=2)
    assert summary.total == summary.checked == 8 and summary.skipped == 0
    got = {(Path(r["file"]).name, r["idx"]): r for r in rows(db)}
    assert len(got) == 8
    # a native block that cannot be read is that problem's error row (not the file's), as in Popeye files
    assert got[("b_bad.txt", 1)]["verdict"] == "error" and got[("b_bad.txt", 1)]["line"] == 2
    assert [got[("c_statements.txt", i)]["verdict"] for i in range(1, 5)] == \
        ["sound", "cooked", "error", "unsupported"]
    for i in range(1, 4):
        assert got[("a_classics.txt", i)]["verdict"] == "sound"
    # the row agrees with `check` on the same problem, and says what the issue asks
    problem = grammar.load_file(folder / "c_statements.txt")[1]
    row = got[("c_statements.txt", 2)]
    assert row["hash"] == problem_hash(problem) and row["version"] == __version__
    assert row["solutions"] == check_item(problem).solution_count == 2
    assert row["seconds"] >= 0 and row["nodes"] >= 0 and json.loads(row["pieces"])
    assert "1.Ra1-a8 # !" in row["evidence"]
    # resume: nothing to do
    again = run_batch([folder], db, jobs=1, resume=True)
    assert (again.checked, again.skipped) == (0, 8)
    # a changed problem is checked again, the others are not; a fixed file replaces its error row
    (folder / "c_statements.txt").write_text(
        "6k1/8/6K1/8/8/8/8/R7 w - - #1\n6k1/8/6K1/8/8/8/8/R7 w - - #2\n")
    (folder / "b_bad.txt").write_text("problem: fixed\nwhite: Kg6 Ra1\nblack: Kg8\nstipulation: #1\n")
    third = run_batch([folder], db, jobs=1, resume=True)
    assert (third.checked, third.skipped) == (2, 4)
    got = {(Path(r["file"]).name, r["idx"]): r for r in rows(db)}
    assert len(got) == 6
    assert got[("c_statements.txt", 2)]["verdict"] == "short_solution"
    assert got[("b_bad.txt", 1)]["verdict"] == "sound" and ("b_bad.txt", 0) not in got


def test_reports(tmp_path):
    folder = small_collection(tmp_path / "c")
    db = tmp_path / "r.sqlite"
    run_batch([folder], db, jobs=1)
    data = rows(db)
    text = render(data, "text")
    lines = text.splitlines()
    assert lines[0] == "8 problems"
    assert lines[1].split() == ["error", "2"]  # gravest first
    first_sound = next(i for i, line in enumerate(lines) if ": sound (" in line)
    assert all(": sound (" in line or line.startswith(" ") or not line.strip()
               for line in lines[first_sound:])  # unsound problems come first
    document = json.loads(render(data, "json", str(db)))
    assert {k: document[k] for k in ("schema", "solver", "database", "problems_total")} == {
        "schema": 1, "solver": "feerie", "database": str(db), "problems_total": 8}
    assert document["totals"] == dict(totals(data)) and sum(document["totals"].values()) == 8
    assert list(document["totals"])[0] == "error"  # gravest first, as in the text report
    records = document["problems"]
    assert [r["verdict"] for r in records][:2] == ["error", "error"]
    assert all({"file", "index", "verdict", "solutions", "seconds"} <= set(r) for r in records)
    table = list(csv.reader(io.StringIO(render(data, "csv"))))
    assert table[0][:6] == ["file", "index", "line", "title", "stipulation", "verdict"] and len(table) == 9
    html = render(data, "html")
    assert html.startswith("<!DOCTYPE html>") and html.count("<svg") == 2  # cooked and unsupported; unreadable ones have no diagram
    assert "1.Ra1-a8 # !" in html and "<img" not in html
    result = CliRunner().invoke(main, ["report", "--db", str(db), "--format", "json"])
    assert result.exit_code == 0 and json.loads(result.output)["problems"] == records
    result = CliRunner().invoke(main, ["report", "--db", str(tmp_path / "none.sqlite")])
    assert result.exit_code == 2 and "no results database" in result.output


def test_check_numbers_problems_within_each_file_as_the_report_does(tmp_path):
    """`check a b` calls b's first problem [1], as batch and report do (it was [4])."""
    classics = (ROOT / "problems" / "classics.txt").read_text()
    files = [tmp_path / "a.txt", tmp_path / "b.txt"]
    for f in files:
        f.write_text(classics)
    checked = CliRunner().invoke(main, ["check", "--format", "json", *map(str, files)])
    db = tmp_path / "r.sqlite"
    run_batch(files, db, jobs=1)
    reported = json.loads(render(rows(db), "json"))["problems"]
    def places(records):
        return sorted((Path(r["file"]).name, r["index"]) for r in records)
    assert places(json.loads(checked.output)) == places(reported) == [
        (f.name, i) for f in files for i in (1, 2, 3)]


def mixed_collection(folder: Path) -> Path:
    """A folder of every format feerie reads, told apart by content alone."""
    folder.mkdir()
    (folder / "a.inp").write_text("BeginProblem\nPieces White Kb3 Rh2 Black Ka1\nStipulation #1\nEndProblem\n")
    (folder / "b.txt").write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n")
    (folder / "c.epd").write_text("6k1/8/6K1/8/8/8/8/RR6 w - - bm #1; id \"two rooks\";\n")
    (folder / "d.feerie").write_text("problem: native\nwhite: Kb6 Qc7\nblack: Ka8\nstipulation: #1\n")
    (folder / "e.dat").write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n")  # no problem-file suffix
    return folder


def test_batch_reads_a_folder_that_mixes_the_formats(tmp_path):
    folder = mixed_collection(tmp_path / "m")
    db = tmp_path / "r.sqlite"
    run_batch([folder], db, jobs=1)
    got = [(Path(r["file"]).name, r["verdict"]) for r in rows(db)]
    # the two rooks and the queen mate in more than one way; the others are sound
    assert got == [("a.inp", "sound"), ("b.txt", "sound"), ("c.epd", "cooked"), ("d.feerie", "cooked")]
    report = json.loads(render(rows(db), "json"))
    assert report["totals"] == {"cooked": 2, "sound": 2}


def test_batch_glob_picks_files_by_name_and_the_content_decides_the_format(tmp_path):
    folder = mixed_collection(tmp_path / "m")
    assert [p.name for p in discover([folder], ("*.DAT", "a*"))] == ["a.inp", "e.dat"]
    db = tmp_path / "r.sqlite"
    result = CliRunner().invoke(main, ["batch", str(folder), "--db", str(db), "--jobs", "1", "--glob", "*.dat"])
    assert result.exit_code == 0, result.output
    assert [(Path(r["file"]).name, r["verdict"]) for r in rows(db)] == [("e.dat", "sound")]
    result = CliRunner().invoke(main, ["batch", str(folder), "--db", str(db), "--glob", "*.none"])
    assert result.exit_code == 2 and "no problem files found (looked for *.none)" in result.output


def test_batch_command(tmp_path):
    db = tmp_path / "r.sqlite"
    runner = CliRunner()
    result = runner.invoke(main, ["batch", str(ROOT / "problems" / "classics.txt"), "--db", str(db), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "[3/3]" in result.output  # plain progress lines when not on a terminal
    assert "checked 3 of 3 problems (skipped 0)" in result.output
    result = runner.invoke(main, ["batch", str(tmp_path / "nothing"), "--db", str(db)])
    assert result.exit_code == 2 and "no such file" in result.output


# --- crash safety ------------------------------------------------------------------------------

def epd_statements(count: int) -> list[str]:
    """The first `count` positions of the mate-in-2 collection, as '#2' statements."""
    out = []
    with open(reference("epd", "mate-in-2.epd"), encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            out.append(" ".join(fields[:4]) + " #2")
            if len(out) == count:
                break
    return out


def test_kill_minus_nine_then_resume(tmp_path):
    """A batch over 300 problems (and a malformed file in the middle) killed with
    SIGKILL mid-run, then resumed: every problem has exactly one row, the rows
    written before the kill are kept as they were (none computed twice), and
    the resumed run checks exactly the rest."""
    folder = tmp_path / "collection"
    folder.mkdir()
    statements = epd_statements(300)
    for k in range(3):
        (folder / f"part{2 * k}.txt").write_text("\n".join(statements[100 * k:100 * (k + 1)]) + "\n")
    (folder / "part3.txt").write_text("BeginProblem\nPieces White Kz9\nEndProblem\n")
    total = 300 + 1
    db = tmp_path / "r.sqlite"
    command = [PYTHON, str(ROOT / "cli.py"), "batch", str(folder), "--db", str(db), "--jobs", "2"]
    proc = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            time.sleep(0.2)
            if db.exists():
                try:
                    if len(rows(db)) >= 40:
                        break
                except sqlite3.OperationalError:
                    pass
            assert proc.poll() is None, "the batch ended before it could be killed"
        os.killpg(proc.pid, signal.SIGKILL)  # the batch and its workers, at once
    finally:
        if proc.poll() is None:
            proc.wait(timeout=30)
    before = {(r["file"], r["idx"]): (r["run"], r["written"], r["verdict"]) for r in rows(db)}
    assert 40 <= len(before) < total
    resumed = subprocess.run(command + ["--resume"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert resumed.returncode == 2, resumed.stderr  # part3.txt cannot be read: bad input
    assert f"checked {total - len(before)} of {total} problems (skipped {len(before)})" in resumed.stdout
    after = rows(db)
    keys = [(r["file"], r["idx"]) for r in after]
    assert len(keys) == len(set(keys)) == total
    for r in after:
        key = (r["file"], r["idx"])
        if key in before:
            assert (r["run"], r["written"], r["verdict"]) == before[key]
        else:
            assert r["run"] == max(v[0] for v in before.values()) + 1
    by_file = {}
    for r in after:
        by_file.setdefault(Path(r["file"]).name, []).append(r)
    assert [r["verdict"] for r in by_file["part3.txt"]] == ["error"]
    assert sorted(r["idx"] for r in by_file["part0.txt"]) == list(range(1, 101))
    # the collection's black-to-move positions are errors, the others checked
    assert {r["verdict"] for r in after} <= {"sound", "cooked", "error", "short_solution", "illegal_position"}
    assert sum(r["verdict"] in ("sound", "cooked") for r in after) > 250


# --- the cluster path --------------------------------------------------------------------------------

def test_dask_cluster_runs_the_same_batch(tmp_path):
    try:
        from distributed import LocalCluster
    except ImportError:
        print("SKIPPED: dask[distributed] is not installed (pip install '.[cluster]')")
        pytest.skip("dask[distributed] is not installed (pip install '.[cluster]')")
    import logging

    folder = small_collection(tmp_path / "c")
    local_db, dask_db = tmp_path / "local.sqlite", tmp_path / "dask.sqlite"
    run_batch([folder], local_db, jobs=1)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                      silence_logs=logging.ERROR) as cluster:
        summary = run_batch([folder], dask_db, cluster=cluster.scheduler_address)
        assert summary.checked == 8
        result = CliRunner().invoke(main, ["batch", str(folder / "a_classics.txt"), "--db",
                                           str(tmp_path / "cli.sqlite"), "--cluster", cluster.scheduler_address])
        assert result.exit_code == 0, result.output
    strip = lambda rs: [(Path(r["file"]).name, r["idx"], r["verdict"], r["solutions"], r["evidence"]) for r in rs]
    assert strip(rows(dask_db)) == strip(rows(local_db))


def test_cluster_address_that_does_not_answer(tmp_path, monkeypatch):
    pytest.importorskip("distributed", reason="dask[distributed] is not installed")
    monkeypatch.setattr("solver.batch.batch.CONNECT_TIMEOUT", 1)
    result = CliRunner().invoke(main, ["batch", str(ROOT / "problems" / "classics.txt"), "--db",
                                       str(tmp_path / "r.sqlite"), "--cluster", "tcp://127.0.0.1:9"])
    assert result.exit_code == 2 and "Dask scheduler" in result.output


def test_an_internal_failure_is_an_error_row_and_the_batch_goes_on(tmp_path, monkeypatch):
    """A bug while checking one problem (an exception in the check, caught in
    the worker by run_job) is that problem's error row; the others go on."""
    from concurrent.futures import ThreadPoolExecutor

    import solver.check.check as check

    real = check.check_problem

    def flaky(problem, **kwargs):
        if kwargs.get("index") == 2:
            raise RuntimeError("boom")
        return real(problem, **kwargs)

    monkeypatch.setattr(check, "check_problem", flaky)
    db = tmp_path / "r.sqlite"
    with ThreadPoolExecutor(max_workers=2) as pool:
        summary = run_batch([ROOT / "problems" / "classics.txt"], db, executor=pool)
    assert summary.checked == 3
    got = {r["idx"]: r for r in rows(db)}
    assert got[2]["verdict"] == "error" and "internal error: RuntimeError: boom" in got[2]["evidence"]
    assert got[1]["verdict"] == got[3]["verdict"] == "sound"


def test_a_failing_executor_is_no_verdict_and_stops_the_batch(tmp_path):
    """An exception out of a future is the machinery's, not the problem's:
    tried again, then the batch stops with BatchFailed, and no row says
    'error' for a problem that was never checked."""
    from concurrent.futures import ThreadPoolExecutor

    from solver.batch.batch import MAX_ATTEMPTS, BatchFailed

    calls = []
    db = tmp_path / "r.sqlite"
    with ThreadPoolExecutor(max_workers=1) as pool, pytest.raises(BatchFailed, match="OSError: cluster gone"):
        run_batch([ROOT / "problems" / "classics.txt"], db, executor=pool, window=1,
                  task=functools.partial(_failing_task, calls))
    assert len(calls) == MAX_ATTEMPTS + 1  # problem 1 checked; problem 2 tried MAX_ATTEMPTS times
    assert [(r["idx"], r["verdict"]) for r in rows(db)] == [(1, "sound")]


def _failing_task(calls: list, job):
    from solver.batch.batch import run_job

    calls.append(job.index)
    if job.index == 2:
        raise OSError("cluster gone")
    return run_job(job)


def test_progress_bar_on_a_terminal_and_lines_elsewhere():
    from solver.batch.progress import Progress

    out = io.StringIO()
    bar = Progress(4, out, tty=True)
    for k in range(4):
        bar.advance(f"f.txt[{k + 1}]", "sound", 0.01)
    bar.close()
    text = out.getvalue()
    assert text.startswith("\r[") and "4/4" in text and "/s ETA" in text and text.endswith("\n")
    out = io.StringIO()
    lines = Progress(2, out, tty=False)
    lines.advance("f.txt[1]", "cooked", 0.5)
    assert out.getvalue() == "[1/2] f.txt[1]: cooked (0.50 s)\n"


# --- workers that die, the machinery's errors, damaged databases, names, exit status ----------

def test_a_worker_killed_once_costs_only_a_second_check(tmp_path):
    """SIGKILL of the worker checking problem 2: that problem (and it alone)
    is checked again in a new worker; no row holds an infrastructure error."""
    import batch_tasks

    db, flag = tmp_path / "r.sqlite", tmp_path / "died"
    summary = run_batch([ROOT / "problems" / "classics.txt"], db, jobs=2,
                        task=functools.partial(batch_tasks.die_once, str(flag), 2))
    assert flag.exists() and summary.retried == 1 and summary.checked == 3
    assert [(r["idx"], r["verdict"]) for r in rows(db)] == [(1, "sound"), (2, "sound"), (3, "sound")]


def test_a_problem_that_always_kills_its_worker_is_recorded_as_such_and_resume_tries_again(tmp_path):
    """A problem whose worker dies every time (as one that needs more memory
    than there is would) is tried MAX_WORKER_DEATHS times, then recorded as
    an error that says so; the others are not disturbed.  --resume checks
    that row again, and also a row written by an older version whose verdict
    was a BrokenProcessPool."""
    import batch_tasks
    from solver.batch.batch import MAX_WORKER_DEATHS
    from solver.batch.results import ResultStore

    source = ROOT / "problems" / "classics.txt"
    db = tmp_path / "r.sqlite"
    summary = run_batch([source], db, jobs=2, task=functools.partial(batch_tasks.always_die, 2))
    assert summary.retried == MAX_WORKER_DEATHS - 1
    got = {r["idx"]: r for r in rows(db)}
    assert got[1]["verdict"] == got[3]["verdict"] == "sound"
    assert got[2]["verdict"] == "error"
    assert got[2]["evidence"].startswith(f"worker died {MAX_WORKER_DEATHS} times checking this problem")
    assert "signal 9 (SIGKILL)" in got[2]["evidence"]
    # an older version stored the pool's failure as problem 3's verdict
    store = ResultStore(db)
    store.write({**got[3], "verdict": "error", "evidence": "internal error: BrokenProcessPool: A process in the "
                 "process pool was terminated abruptly while the future was running or pending."})
    store.close()
    again = run_batch([source], db, jobs=1, resume=True)
    assert (again.checked, again.skipped) == (2, 1)
    assert [(r["idx"], r["verdict"]) for r in rows(db)] == [(1, "sound"), (2, "sound"), (3, "sound")]


def damage(db: Path, page: int) -> None:
    """Overwrite page `page` (1-based, 4 KiB) of `db` with garbage."""
    import random

    with open(db, "r+b") as f:
        f.seek(4096 * (page - 1))
        f.write(random.Random(page).randbytes(4096))


def test_a_damaged_database_is_bad_input_not_a_crash(tmp_path):
    """A database with a garbage page (not a truncated one): batch --resume,
    batch and report say 'cannot use the database', exit 2; so does a file
    that is no database at all."""
    db = tmp_path / "r.sqlite"
    source = str(ROOT / "problems" / "classics.txt")
    run_batch([source], db, jobs=1)
    assert db.stat().st_size >= 3 * 4096
    damage(db, 3)
    runner = CliRunner()
    for args in (["batch", source, "--db", str(db), "--resume", "-j", "1"], ["batch", source, "--db", str(db)],
                 ["report", "--db", str(db)], ["report", "--db", str(db), "--format", "html"]):
        result = runner.invoke(main, args)
        assert result.exit_code == 2, (args, result.output)
        assert f"{db}: cannot use the database" in result.output and "Traceback" not in result.output
    text = tmp_path / "notes.sqlite"
    text.write_text("these are notes, not a database\n" * 200)
    result = runner.invoke(main, ["report", "--db", str(text)])
    assert result.exit_code == 2 and "cannot use the database" in result.output


def test_control_characters_in_file_names_are_escaped(tmp_path):
    """A file name holding a newline (or an escape sequence) cannot break or
    forge a line of the progress or of the text report; JSON keeps the name."""
    folder = tmp_path / "c"
    folder.mkdir()
    name = "evil\n[1 of 1] forged: sound\x1b[2K.txt"
    (folder / name).write_text("6k1/8/6K1/8/8/8/8/RR6 w - - #1\n")
    (folder / "plain.txt").write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n")
    db = tmp_path / "r.sqlite"
    runner = CliRunner()
    result = runner.invoke(main, ["batch", str(folder), "--db", str(db), "-j", "1"])
    assert result.exit_code == 1, result.output
    shown = repr(str(folder / name))
    assert f"{shown}[1]: cooked" in result.output
    for out in (result.output, runner.invoke(main, ["report", "--db", str(db)]).output):
        assert shown in out and "\x1b" not in out
        assert not any(line.startswith("[1 of 1] forged") for line in out.splitlines())
    assert str(folder / "plain.txt") in result.output  # plain names are left alone
    records = json.loads(runner.invoke(main, ["report", "--db", str(db), "--format", "json"]).output)
    assert {r["file"] for r in records["problems"]} == {str(folder / name), str(folder / "plain.txt")}


def test_a_batch_of_unreadable_input_exits_2(tmp_path):
    """Exit 2 when a file or problem of the batch cannot be read (as `check`
    does), also when --resume skips it; 1 when all was read but a problem is
    unsound."""
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "bad.txt").write_text("problem: broken\nwhite: Kz9\nstipulation: #2\n")
    (folder / "worse.inp").write_bytes(b"BeginProblem\nPieces White Kz9\nEndProblem\n")
    db = tmp_path / "r.sqlite"
    runner = CliRunner()
    for extra in ([], ["--resume"]):
        result = runner.invoke(main, ["batch", str(folder), "--db", str(db), "-j", "1", *extra])
        assert result.exit_code == 2, result.output
    (folder / "good.txt").write_text("6k1/8/6K1/8/8/8/8/RR6 w - - #1\n")
    result = runner.invoke(main, ["batch", str(folder / "good.txt"), "--db", str(tmp_path / "g.sqlite"), "-j", "1"])
    assert result.exit_code == 1, result.output  # cooked


def test_an_undecodable_file_name_is_a_key_not_a_crash(tmp_path):
    """A name that is not UTF-8 (SQLite text cannot hold it as Python reads it)."""
    folder = tmp_path / "c"
    folder.mkdir()
    try:
        (folder / os.fsdecode(b"bad\xffname.txt")).write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n")
    except (OSError, UnicodeError):
        pytest.skip("this file system does not take the name")
    db = tmp_path / "r.sqlite"
    result = CliRunner().invoke(main, ["batch", str(folder), "--db", str(db), "-j", "1"])
    assert result.exit_code == 0, result.output
    assert [(r["file"], r["verdict"]) for r in rows(db)] == [(str(folder) + "/bad\\xffname.txt", "sound")]
