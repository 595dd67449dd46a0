"""`feerie solve`: text and JSON output, --jobs, --max-time, errors."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import main
from conftest import ROOT

HELPMATE = """BeginProblem
Pieces White Kd7 Qg7 Black Kb5 Qa6
Stipulation h#2
Option Duplex
EndProblem
"""
DIRECT = """BeginProblem
Author Test
Pieces White Kb6 Rh1 Bh3h4 Sc5g6 Pc4c7e4f2g3
       Black Kd6 Rf1f8 Bb5 Pe5e7g4g5
Stipulation #2
Option Variation Try SetPlay
EndProblem
"""


def run(*args, input=None):
    return CliRunner().invoke(main, ["solve", *args], input=input)


def without_times(text: str) -> str:
    return re.sub(r"Time = [0-9.:]+ (m:)?s", "Time = _", text)


def test_solves_a_popeye_file(tmp_path):
    path = tmp_path / "h.inp"
    path.write_text(HELPMATE)
    result = run(str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("feerie ")
    assert "  1.Qa6-a5 Kd7-c8   2.Kb5-a6 Qg7-b7 #" in out
    assert "  1.Kd7-d8 Kb5-c6   2.Qg7-e7 Qa6-a8 #" in out  # the duplex half
    assert "solution finished." in out


def test_statement_and_stdin():
    result = run("--statement", "3k4/8/3K4/8/8/8/8/7R w - - #1")
    assert result.exit_code == 0
    assert "1.Rh1-h8 # !" in result.stdout
    piped = run("-", input=HELPMATE)
    assert piped.exit_code == 0 and "Qg7-b7 #" in piped.stdout


def test_json_output_is_the_same_tree(tmp_path):
    path = tmp_path / "d.inp"
    path.write_text(DIRECT)
    result = run("--format", "json", str(path))
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    [problem] = doc["problems"]
    assert problem["problem"]["stipulation"]["text"] == "#2"
    [twin] = problem["twins"]
    sections = twin["phases"][0]["sections"]
    assert [s["kind"] for s in sections] == ["set", "play"]
    keys = [n for n in sections[1]["nodes"] if n["role"] == "key"]
    tries = [n for n in sections[1]["nodes"] if n["role"] == "try"]
    assert [k["move"] for k in keys] == ["f2-f4"]
    assert keys[0]["label"] == "threat"
    assert keys[0]["components"][0] == {"piece": "P", "from": "f2", "to": "f4", "capture": False,
                                        "promotion": None, "castling": None, "en_passant": False,
                                        "exchange": False, "captured": None, "neutral": False}
    assert len(tries) == 4
    assert problem["meta"]["nodes"] > 0 and problem["meta"]["timed_out"] is False


@pytest.mark.parametrize("text", [HELPMATE, DIRECT])
def test_jobs_give_the_same_output(tmp_path, text):
    path = tmp_path / "p.inp"
    path.write_text(text)
    one = subprocess.run([sys.executable, "cli.py", "solve", str(path)], cwd=ROOT,
                         capture_output=True, text=True)
    two = subprocess.run([sys.executable, "cli.py", "solve", "--jobs", "2", str(path)], cwd=ROOT,
                         capture_output=True, text=True)
    assert one.returncode == two.returncode == 0, two.stderr
    assert without_times(one.stdout) == without_times(two.stdout)


def test_time_limit_prints_what_was_found_and_says_so(tmp_path):
    # An h==4 that takes far longer than the limit (double stalemates go
    # through the plain help search, over 20 s; the h#4 and, since the
    # intelligent search plays stalemates, the h=4 of this position are
    # solved at once).
    path = tmp_path / "slow.inp"
    path.write_text("BeginProblem\nPieces White Kh3 Bh7 Pd3 Black Ke5 Rf6 Be6 Pf5g5\n"
                    "Stipulation h==4\nEndProblem\n")
    proc = subprocess.run([sys.executable, "cli.py", "solve", "--max-time", "1", str(path)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 3
    assert "time limit reached" in proc.stderr
    assert "solving interrupted." in proc.stdout


def test_bad_and_unsupported_problems_are_reported_and_the_rest_solved(tmp_path):
    path = tmp_path / "mixed.inp"
    path.write_text("BeginProblem\nPieces White Kb1 Qa1 Black Ka8\nStipulation #1\nNextProblem\n"
                    "Pieces White Kb1 Black Ka8\nStipulation #1\nCondition PhantomChess\nNextProblem\n"
                    "Pieces White Kb1 Qa1 Black Kh8\nStipulation #1\nEndProblem\n")
    proc = subprocess.run([sys.executable, "cli.py", "solve", str(path)], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "condition PhantomChess is not supported" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stdout.count("solution finished.") == 2


@pytest.mark.parametrize("args,words", [
    (["--statement", "8/8/8/8/8/8/8/K6k w - - hh#2"], ["hh#2"]),
    (["--statement", "9/8/8/8/8/8/8/K6k w - - #2"], ["rank 8", "1:1"]),
    (["/nonexistent/file.inp"], ["file.inp"]),
])
def test_bad_input_exit_2(args, words):
    proc = subprocess.run([sys.executable, "cli.py", "solve", *args], cwd=ROOT,
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    for word in words:
        assert word in proc.stderr
