"""`feerie parse`: files in any format, statements, standard input; clean errors, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from conftest import ROOT, reference
from grammar import load

STATEMENT = "8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 Messigny"


def run(*args, stdin=None):
    return CliRunner().invoke(main, ["parse", *args], input=stdin)


def test_statement_prints_native_format():
    result = run("--statement", STATEMENT)
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("problem:\n")
    assert "stipulation: h#2\n" in result.stdout and "condition: Messigny\n" in result.stdout
    assert "black: Kh5 Qa6 Rc2 Be6 Sb6 Pd5 Ph4\n" in result.stdout


def test_output_reads_back_as_the_same_problem(tmp_path):
    source = reference("popeye", "beispiel", "twin.inp")
    first = run(str(source))
    assert first.exit_code == 0
    again = run("-", stdin=first.stdout)
    assert again.stdout == first.stdout
    original = [getattr(i, "problem", i) for i in load(source.read_text(encoding="latin-1"), "t")]
    back = [getattr(i, "problem", i) for i in load(first.stdout, "n")]
    assert back == original


def test_format_is_recognised_from_content_not_name(tmp_path):
    path = tmp_path / "problem.txt"          # a Popeye file with no .inp name
    path.write_text("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nEndProblem\n")
    statements = tmp_path / "problems.inp"   # statements, named like a Popeye file
    statements.write_text(STATEMENT + "\n")
    result = run(str(path), str(statements))
    assert result.exit_code == 0
    assert result.stdout.count("problem:") == 2


def test_a_file_with_unsupported_problems_goes_on(tmp_path):
    # (twin.inp's CirceClone and ChameleonCirce twins, once the example, are played now)
    path = tmp_path / "mixed.inp"
    path.write_text("BeginProblem\nPieces White Ke1 Qa1 Black Ke8\nStipulation ~1\nCondition CouscousCirce\n"
                    "NextProblem\nPieces White Kg6 Qa1 Black Kh8\nStipulation #1\n"
                    "NextProblem\nPieces White Ke1 Ra1 Black Ke8\nStipulation #2\nCondition AntiCloneCirce\n"
                    "EndProblem\n")
    result = run(str(path))
    assert result.exit_code == 0
    assert result.stdout.count("problem:") == 3
    assert result.stderr.count("is not supported") == 2
    assert result.stderr.count("condition CouscousCirce is not supported") == 1


def test_a_lone_unsupported_problem_is_an_error():
    result = run("--statement", "8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 PhantomChess")
    assert result.exit_code == 2
    assert "<statement>:1:37: condition PhantomChess is not supported" in result.stderr
    assert result.stdout == ""


BAD_INPUTS = [
    ("misspelt.inp", "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation hh#2\nEndProblem\n",
     "misspelt.inp:3:14: unknown stipulation 'hh#2'"),
    ("square.inp", "BeginProblem\nPieces White Ke1 Qz9 Black Ke8\nStipulation #2\nEndProblem\n",
     "square.inp:2:19: bad square 'z9' in 'Qz9'"),
    ("condition.inp", "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Xyzzy\nEndProblem\n",
     "condition.inp:4:11: unknown condition 'Xyzzy'"),
    ("rank.txt", "8/P6K/qn2b1P1/3pp3k/5P1p/8/2r5/8 h#2\n", "rank.txt:1:15: FEN rank 5 ('3pp3k') has 9 squares"),
    ("zero.txt", "8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#0\n", "zero.txt:1:35: stipulation length must be at least 1"),
    ("empty.inp", "", "empty.inp:1:1: empty input"),
    ("blank.inp", "\n\n   \n", "blank.inp:1:1: empty input"),
]


@pytest.mark.parametrize("name, content, message", BAD_INPUTS)
def test_bad_input_one_message_exit_2(tmp_path, name, content, message):
    path = tmp_path / name
    path.write_text(content)
    result = run(str(path))
    assert result.exit_code == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr and "Traceback" not in result.stdout
    assert result.stderr.startswith("feerie: ")
    assert len(result.stderr.strip().split("\n")) <= 3     # message, offending line, caret


def test_random_bytes(tmp_path):
    path = tmp_path / "noise.bin"
    path.write_bytes(bytes(range(256)) * 3)
    result = run(str(path))
    assert result.exit_code == 2
    assert "noise.bin:" in result.stderr and "cannot tell the format" in result.stderr
    assert "Traceback" not in result.stderr


def test_missing_file_and_no_arguments():
    assert run("/no/such/file.inp").exit_code == 2
    result = run()
    assert result.exit_code == 2 and "Usage" in result.output


@pytest.mark.parametrize("args, stdin, code", [
    (["-"], "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nEndProblem\n", 0),
    (["-"], "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation hh#2\nEndProblem\n", 2),
    (["--statement", STATEMENT], None, 0),
])
def test_real_process(args, stdin, code):
    """The installed way of running it: a separate Python process."""
    completed = subprocess.run([sys.executable, str(Path(ROOT) / "cli.py"), "parse", *args], input=stdin,
                               capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert completed.returncode == code, completed.stderr
    assert "Traceback" not in completed.stderr
    if code == 0:
        assert completed.stdout.startswith("problem:")
    else:
        assert completed.stderr.startswith("feerie: <stdin>:3:14: unknown stipulation 'hh#2'")
