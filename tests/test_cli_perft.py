"""`feerie perft`: counts, --divide, and clean errors (exit 2, one message, no traceback)."""

from __future__ import annotations

import subprocess
import sys

import pytest
from click.testing import CliRunner

from cli import main

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def run(*args):
    return CliRunner().invoke(main, ["perft", *args])


def test_last_line_is_the_count():
    result = run(KIWIPETE, "2")
    assert result.exit_code == 0
    assert result.output.strip().splitlines()[-1] == "2039"


def test_divide_lists_first_moves_and_sums():
    result = run(KIWIPETE, "2", "--divide")
    assert result.exit_code == 0
    lines = result.output.strip().splitlines()
    assert lines[-1] == "2039"
    counts = dict(line.split(": ") for line in lines[:-1] if ": " in line)
    assert len(counts) == 48
    assert counts["e1g1"] == "43" and sum(map(int, counts.values())) == 2039


@pytest.mark.parametrize("args,words", [
    (["not a fen", "3"], ["FEN placement field"]),
    (["rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR", "1"], ["rank 6", "9 squares"]),
    (["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX", "1"], ["unknown piece letter 'X'"]),
    (["4k3/8/8/8/8/8/8/4K3 x", "1"], ["side-to-move"]),
    (["4k3/8/8/8/8/8/8/4K3 w KZ", "1"], ["castling"]),
    (["4k3/8/8/8/8/8/8/4K3 w - -", "-1"], ["negative"]),
    (["4k3/8/8/8/8/8/8/4K3 w - -", "two"], ["not a whole number"]),
])
def test_bad_input_is_one_message_and_exit_2(args, words):
    # A real process: what the user sees on the terminal.
    proc = subprocess.run([sys.executable, "cli.py", "perft", *args], capture_output=True, text=True,
                          cwd=__import__("conftest").ROOT)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    for word in words:
        assert word in lines[0]
    assert proc.stdout == ""
