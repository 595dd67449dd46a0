"""Bad input at the command line: a bad problem among good ones (issue 14.16) and a file
that is no problem file at all (issue 14.19) are reported, the rest goes on, exit 2."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from conftest import ROOT
from solver.batch.batch import run_batch

# a native collection whose second block the grammar rejects (an unknown piece letter)
NATIVE = ("problem:\nwhite: Kb6 Qc7\nblack: Ka8\nstipulation: #1\n\n"
          "problem:\nwhite: Kb6 Qc7 Xq9\nblack: Ka8\nstipulation: #1\n\n"
          "problem:\nwhite: Kg6 Ra1\nblack: Kg8\nstipulation: #1\n")
# a Popeye file whose first problem cannot be read and whose second can be solved
POPEYE = ("BeginProblem\nPieces White Ke1 Qz9 Black Ke8\nStipulation #2\nNextProblem\n"
          "Pieces White Kg6 Ra1 Black Kg8\nStipulation #1\nEndProblem\n")
GOOD = "6k1/8/6K1/8/8/8/8/R7 w - - #1\n"


def invoke(*args):
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def files(tmp_path) -> dict[str, str]:
    paths = {"native": tmp_path / "c.feerie", "popeye": tmp_path / "p.inp", "good": tmp_path / "g.txt",
             "junk": tmp_path / "junk.txt", "binary": tmp_path / "noise.bin", "empty": tmp_path / "empty.inp"}
    paths["native"].write_text(NATIVE)
    paths["popeye"].write_text(POPEYE)
    paths["good"].write_text(GOOD)
    paths["junk"].write_text("hello, this is not a problem\n")
    paths["binary"].write_bytes(bytes(range(256)) * 4)
    paths["empty"].write_text("")
    return {k: str(v) for k, v in paths.items()}


def test_solve_prints_the_good_blocks_and_reports_the_bad_one(files):
    result = invoke("solve", files["native"])
    assert result.exit_code == 2
    assert result.stdout.count("solution finished.") == 2
    assert "1.Qc7-b7 #" in result.stdout and "1.Ra1-a8 #" in result.stdout
    assert result.stderr.startswith(f"feerie: {files['native']}:7:16: expected the end of the line, found 'Xq9'")


def test_check_gives_the_bad_block_an_error_verdict(files):
    result = invoke("check", "--format", "json", files["native"])
    assert result.exit_code == 2
    verdicts = json.loads(result.stdout)
    assert [v["verdict"] for v in verdicts] == ["cooked", "error", "sound"]
    assert verdicts[1]["index"] == 2 and "line 7, column 16" in json.dumps(verdicts[1])


def test_check_shows_a_read_error_with_its_line_and_caret_as_solve_does(files):
    checked, solved = invoke("check", files["native"]), invoke("solve", files["native"])
    assert checked.exit_code == 2
    assert "[2]: error: line 7, column 16" in checked.stdout  # the verdict line
    shown = solved.stderr.splitlines()[:3]
    assert shown[1].strip() == "white: Kb6 Qc7 Xq9" and shown[2].strip() == "^"
    assert checked.stderr.splitlines()[:3] == shown


def test_batch_records_the_bad_block_and_goes_on(files, tmp_path):
    db = tmp_path / "r.sqlite"
    summary = run_batch([files["native"]], db, jobs=1)
    assert summary.total == summary.checked == 3
    con = sqlite3.connect(str(db))
    try:
        got = con.execute("SELECT idx, line, verdict, evidence FROM results ORDER BY idx").fetchall()
    finally:
        con.close()
    assert [(idx, line, verdict) for idx, line, verdict, _ in got] == \
        [(1, 1, "cooked"), (2, 7, "error"), (3, 11, "sound")]
    assert "found 'Xq9'" in got[1][3]


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_popeye_file_first_problem_unreadable_second_solved(files, fmt):
    result = invoke("solve", "--format", fmt, files["popeye"])
    assert result.exit_code == 2
    assert f"{files['popeye']}:2:19: bad square 'z9' in 'Qz9'" in result.stderr
    if fmt == "text":
        assert result.stdout.count("solution finished.") == 1 and "1.Ra1-a8 #" in result.stdout
    else:
        first, second = json.loads(result.stdout)["problems"]
        assert first["problem"] is None and first["error"]["line"] == 2
        assert second["twins"] and second["meta"]["status"] == "complete"


@pytest.mark.parametrize("name, message", [
    ("missing", "cannot read the file"),
    ("junk", "cannot tell the format"),
    ("binary", "cannot tell the format"),
    ("empty", "empty input"),
])
def test_solve_json_on_a_file_level_error_prints_a_document(files, name, message):
    """Issue 14.19: stdout was empty; now the document holds the error, as for a bad --statement."""
    path = files.get(name, str(Path(files["good"]).with_name("missing.inp")))
    result = invoke("solve", "--format", "json", path)
    assert result.exit_code == 2
    assert message in result.stderr
    document = json.loads(result.stdout)
    assert document["schema"] == 1 and document["solver"] == "feerie"
    [entry] = document["problems"]
    assert entry["schema"] == 1 and entry["problem"] is None
    assert entry["error"]["kind"] == "error" and message in entry["error"]["message"]
    assert entry["error"]["file"] == path
    bad_statement = json.loads(invoke("solve", "--format", "json", "--statement", "9/8 w - - #2").stdout)
    assert set(entry) == set(bad_statement["problems"][0]) and set(entry["error"]) == \
        set(bad_statement["problems"][0]["error"])


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_solve_goes_on_after_a_bad_file(files, fmt):
    result = invoke("solve", "--format", fmt, files["junk"], str(Path(files["good"]).with_name("no.inp")),
                    files["good"])
    assert result.exit_code == 2
    assert "cannot tell the format" in result.stderr and "cannot read the file" in result.stderr
    if fmt == "text":
        assert result.stdout.count("solution finished.") == 1
    else:
        problems = json.loads(result.stdout)["problems"]
        assert [p["problem"] is None for p in problems] == [True, True, False]


def test_solve_json_on_a_missing_file_real_process(tmp_path):
    proc = subprocess.run([sys.executable, "cli.py", "solve", "--format", "json", str(tmp_path / "no.inp")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert json.loads(proc.stdout)["problems"][0]["error"]["message"].startswith("cannot read the file")
