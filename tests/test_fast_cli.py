"""`feerie_main` (the common command lines without click, start-up)
does what click does with them: the same standard output, standard error
and exit status as cli.main on each command line it takes, and it leaves
every other one to click (returns without a word).

In-process, on text streams as a pipe gives them (UTF-8, no terminal).
"""

from __future__ import annotations

import io
import os
import re
import sys
import warnings

import pytest

import cli
import feerie_main as fast_cli

MATE1 = "1k6/8/1K6/8/8/8/8/7R w - - #1"
COOKED = "6k1/8/6K1/8/8/8/8/RR6 w - - #1"
POPEYE = "BeginProblem\npieces white Kb6 Rh1 black Kb8\nstipulation #1\nEndProblem\n"
UNENDED = "BeginProblem\nremark \033[31mred\033[0m text\npieces white Kb6 Rh1 black Kb8\nstipulation #1\n"
STATEMENTS = f"{MATE1}\n8/8 #1\n{COOKED} Messigny\n"


def _run(call, argv, stdin: bytes = b""):
    """(exit status, stdout, stderr) of call(argv); status None when it returned."""
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr, sys.stdin
    streams = (io.TextIOWrapper(out, encoding="utf-8", errors="strict", write_through=True),
               io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True),
               io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8"))  # kept: closed when collected
    sys.stdout, sys.stderr, sys.stdin = streams
    code = None
    try:
        with warnings.catch_warnings():
            call(argv)
    except SystemExit as end:
        code = end.code
    finally:
        streams[0].flush()
        streams[1].flush()
        sys.stdout, sys.stderr, sys.stdin = saved
    times = re.compile(r"\d+\.\d+ s\b")
    return code, times.sub("T s", out.getvalue().decode()), times.sub("T s", err.getvalue().decode())


def _click(argv):
    cli.main.main(args=argv, prog_name="feerie", standalone_mode=True)


@pytest.fixture
def files(tmp_path):
    paths = {}
    for name, text in (("mate1.inp", POPEYE), ("unended.inp", UNENDED), ("lines.txt", STATEMENTS),
                       ("empty.txt", "")):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        paths[name] = str(path)
    paths["missing"] = str(tmp_path / "missing.inp")
    paths["dir"] = str(tmp_path)
    return paths


TAKEN = [
    ["--version"],
    ["solve", "--statement", MATE1],
    ["solve", "-s", MATE1, "-s", COOKED],
    ["solve", "{mate1.inp}"],
    ["solve", "{mate1.inp}", "--statement", COOKED, "{lines.txt}"],
    ["solve", "{unended.inp}"],
    ["solve", "{lines.txt}"],
    ["solve", "{missing}"],
    ["solve", "{empty.txt}"],
    ["solve", "-s", "8/8 #1"],
    ["solve", "-s", "k7/8/8/8/8/8/8/K7 w - - #1 NoSuchCondition"],
    ["solve", "-s", "k7/8/K7/8/8/8/8/8 b - - #1"],
    ["solve", "-"],
    ["check", "-s", COOKED],
    ["check", "-s", MATE1],
    ["check", "{lines.txt}"],
    ["check", "{mate1.inp}", "-s", "8/8 #1"],
    ["check", "{missing}"],
    ["check", "-"],
]

LEFT_TO_CLICK = [
    [], ["solve"], ["check"], ["--help"], ["solve", "--help"], ["solve", "--jobs", "1", "-s", MATE1],
    ["solve", "--format", "json", "-s", MATE1], ["solve", "{dir}"], ["solve", "--", MATE1], ["check", "-s"],
    ["solve", "-s", "-k7/8"], ["solve", f"--statement={MATE1}"], ["solve", f"-s{MATE1}"], ["solve", ""],
    ["solve", "-s", ""], ["perft", MATE1.split(" #")[0], "1"], ["parse", "-s", MATE1], ["--version", "solve"],
    ["check", "--max-time", "1", "-s", MATE1], ["solve", "-x"], ["Solve", "-s", MATE1],
]


def _argv(template, files):
    return [files[arg[1:-1]] if arg.startswith("{") else arg for arg in template]


@pytest.mark.parametrize("template", TAKEN, ids=lambda t: " ".join(t)[:60])
def test_a_command_line_it_takes_runs_as_click_runs_it(template, files):
    argv = _argv(template, files)
    assert fast_cli.parse(argv) is not None
    stdin = POPEYE.encode() if "-" in argv else b""
    fast = _run(fast_cli.run_fast, argv, stdin)
    assert fast[0] is not None  # it ran and exited
    assert fast == _run(_click, argv, stdin)


@pytest.mark.parametrize("template", LEFT_TO_CLICK, ids=lambda t: " ".join(t)[:60] or "nothing")
def test_every_other_command_line_is_left_to_click(template, files):
    argv = _argv(template, files)
    assert fast_cli.parse(argv) is None
    assert _run(fast_cli.run_fast, argv) == (None, "", "")


def test_streams_click_would_wrap_are_left_to_click(monkeypatch):
    ascii_out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", ascii_out)
    assert not fast_cli._environment_is_plain()
    monkeypatch.setattr(sys, "stdout", io.BytesIO())
    assert not fast_cli._environment_is_plain()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(io.BytesIO(), encoding="utf-8"))
    assert fast_cli._environment_is_plain()
    monkeypatch.setenv("_FEERIE_COMPLETE", "bash_source")
    assert not fast_cli._environment_is_plain()


def test_an_unreadable_file_is_left_to_click(tmp_path):
    path = tmp_path / "locked.inp"
    path.write_text(POPEYE)
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as a user who reads every file")
        assert fast_cli.parse(["solve", str(path)]) is None
    finally:
        path.chmod(0o644)
