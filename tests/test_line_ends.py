"""LF, CRLF and CR-only line ends, mixed as they come, in every input format.

Each sample holds a good problem, a bad one and another good one; written
with any line ends it must read as written with LF: the same problems, the
same errors at the same line and column, the same messages.
"""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from conftest import ROOT, reference
from grammar import ProblemError, load
from solver.output.popeye_output import parse_output
from solver.model.problem import Problem

SAMPLES = {
    "native": ("# a comment before the first block\n"
               "problem:\nauthor: A. Uthor\nwhite: Ke1 Qd1\nblack: Ke8\nstipulation: #2\n\n"
               "problem: the bad one\nwhite: Ke1 Xz9\nblack: Ke8\nstipulation: #2\n\n"
               "# a comment between blocks\n"
               "problem:\nwhite: Kb6 Qc7\nblack: Ka8\nstipulation: #1\nremark: last\n"),
    "popeye": ("BeginProblem\nRemark first\nPieces White Ke1 Qd1 Black Ke8\nStipulation #2\nNextProblem\n"
               "Pieces White Ke1 Qz9 Black Ke8\nStipulation #2\nNextProblem\n"
               "Pieces White Kb6 Qc7\n       Black Ka8\nStipulation #1\nEndProblem\n"),
    "statement": ("# a comment first\n4k3/8/8/8/8/8/8/3QK3 w - - #2\n\n9/8/8/8/8/8/8/K6k w - - #2\n"
                  "1k6/2Q5/1K6/8/8/8/8/8 w - - #1\n"),
}
ENDS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}


def summary(text: str) -> list:
    """What a reader makes of `text`: each problem, and each error with its place and message."""
    out = []
    for item in load(text, "f.txt"):
        if isinstance(item, ProblemError):
            err = item.error
            out.append((err.message, err.line, err.column, err.text, item.format()))
        else:
            assert isinstance(item, Problem)
            out.append(item)
    return out


def with_ends(text: str, ends: list[str]) -> str:
    """`text` (LF line ends) with its i-th line end replaced by ends[i]: a CR
    followed by an LF that ends a blank line would make one CRLF, so such an
    LF becomes a CR too."""
    lines = text.split("\n")
    out = []
    for i, line in enumerate(lines[:-1]):
        end = ends[i % len(ends)]
        if end == "\n" and not line and out and out[-1] == "\r":
            end = "\r"
        out.extend((line, end))
    out.append(lines[-1])
    return "".join(out)


@pytest.mark.parametrize("kind", SAMPLES)
@pytest.mark.parametrize("end", ["CRLF", "CR"])
def test_each_line_end_reads_as_lf(kind, end):
    text = SAMPLES[kind]
    expected = summary(text)
    assert [type(x) for x in expected] == [Problem, tuple, Problem]      # the sample is what it says
    assert summary(text.replace("\n", ENDS[end])) == expected
    assert summary(text.replace("\n", ENDS[end]).rstrip("\r\n")) == expected   # no line end at the end


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SAMPLES)), st.lists(st.sampled_from(list(ENDS.values())), min_size=1, max_size=30))
def test_mixed_line_ends_read_as_lf(kind, ends):
    text = SAMPLES[kind]
    assert summary(with_ends(text, ends)) == summary(text)


def test_old_mac_native_file_with_a_leading_comment():
    """Issue 14.15: this was read as no problem at all, exit 0, no message."""
    text = "# from an old Mac\rproblem:\rwhite: Ke1 Qd1\rblack: Ke8\rstipulation: #2\r"
    [problem] = load(text, "mac.txt")
    assert isinstance(problem, Problem) and problem.stipulation.text == "#2" and len(problem.pieces) == 3


def test_error_place_in_a_cr_file():
    [item] = load("problem:\rwhite: Ke1\rstipulation: #2\rcondition: Xyzzy\r", "n.txt")
    assert (item.error.line, item.error.column) == (4, 12)
    assert item.format().splitlines()[1:] == ["    condition: Xyzzy", "               ^"]


@pytest.mark.parametrize("end", list(ENDS.values()))
def test_stdin_any_line_end_and_latin1(end):
    """Standard input is read as bytes: any line end, and Latin-1 as well as UTF-8."""
    text = SAMPLES["popeye"].replace("Remark first", "Remark Caf\xe9").replace("\n", end)
    result = CliRunner().invoke(main, ["parse", "-"], input=text.encode("latin-1"))
    assert result.exit_code == 2, result.output      # the bad problem in the middle
    assert result.stdout.count("problem:") == 2 and "remark: Caf\xe9" in result.stdout
    assert "<stdin>:6:19: bad square 'z9'" in result.stderr


def test_stdin_of_a_real_process_with_cr_ends():
    proc = subprocess.run([sys.executable, "cli.py", "parse", "-"], cwd=ROOT, capture_output=True, timeout=120,
                          input=SAMPLES["native"].replace("\n", "\r").encode())
    assert proc.returncode == 2
    assert proc.stdout.decode().count("problem:") == 2
    assert proc.stderr.decode().startswith("feerie: <stdin>:9:12: expected the end of the line, found 'Xz9'")


def _parsed(text: str) -> list:
    return [(p.stipulation, p.board, p.solution_lines, p.status, p.parsed, len(p.twins)) for p in parse_output(text)]


@pytest.mark.parametrize("name", ["helpmate2", "direct_mate2_threat_tries"])
def test_expected_output_any_line_end(name):
    """The Popeye output `check --expected` reads."""
    text = reference("popeye", "english", name + ".out").read_text(encoding="latin-1").replace("\r\n", "\n")
    expected = _parsed(text)
    assert expected and all(p[4] for p in expected)
    for ends in (["\r\n"], ["\r"], ["\r", "\n", "\r\n"]):
        assert _parsed(with_ends(text, ends)) == expected
