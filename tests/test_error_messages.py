"""Error messages stay readable whatever the input: long words and long lines are cut,
the caret stays under the character the column names (issue 14.17)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import ROOT
from grammar import ProblemError, load
from solver.base.errors import InputError
from solver.base.lines import ELLIPSIS, LINE_WIDTH, MESSAGE_WIDTH, WORD_WIDTH, cut_long_words, window

HUGE = "X" * 500_000


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="\n\r…"),
               max_size=400), st.integers(0, 400))
def test_window_keeps_the_character_under_the_caret(line, at):
    column = min(at, len(line)) + 1          # a character of the line, or just past its end
    shown, shown_column = window(line, column)
    assert len(shown) <= LINE_WIDTH
    if len(line) <= LINE_WIDTH:
        assert (shown, shown_column) == (line, column)
        return
    assert 1 <= shown_column <= len(shown) + 1
    if column <= len(line):
        assert shown[shown_column - 1] == line[column - 1]
    else:
        assert shown_column == len(shown) + 1 and not shown.endswith(ELLIPSIS)
    inner = shown.strip(ELLIPSIS)
    assert inner in line                     # a piece of the line, an ellipsis where it was cut
    assert shown.startswith(ELLIPSIS) or line.startswith(inner)
    assert shown.endswith(ELLIPSIS) or line.endswith(inner)


def test_cut_long_words():
    assert cut_long_words("unknown condition 'Xyzzy'") == "unknown condition 'Xyzzy'"
    cut = cut_long_words(f"unknown condition '{HUGE}' here")
    assert cut.startswith("unknown condition 'XXX") and cut.endswith(f"X{ELLIPSIS}' here")
    assert len(cut.split()[2]) == WORD_WIDTH
    many = cut_long_words(" ".join(["word"] * 10_000))
    assert len(many) == MESSAGE_WIDTH and many.endswith(ELLIPSIS)


def test_a_huge_token_is_cut_in_the_message_and_the_line_shown():
    [item] = load(f"problem:\nwhite: Ke1 {HUGE}\nstipulation: #2\n", "huge.txt")
    assert isinstance(item, ProblemError)
    lines = item.format().split("\n")
    assert lines[0].startswith("huge.txt:2:12: ") and len(lines[0]) < 200
    assert all(len(line) <= LINE_WIDTH + 4 for line in lines[1:])
    shown, caret = lines[1], lines[2]
    assert shown == "    white: Ke1 " + "X" * (LINE_WIDTH - 12) + ELLIPSIS
    assert caret.index("^") == shown.index("X")


@pytest.mark.parametrize("column", [1, 250_000, 500_011, 500_012])
def test_the_caret_in_a_window_far_into_a_long_line(column):
    text = "white: Ke1 " + HUGE
    err = InputError("bad", "f.txt", 2, column, text)
    _, shown, caret = err.format().split("\n")
    assert len(shown) <= LINE_WIDTH + 4 and caret.strip() == "^"
    at = caret.index("^")
    if column <= len(text):
        assert shown[at] == text[column - 1]
    else:
        assert at == len(shown)
    assert shown[4:].startswith(ELLIPSIS) == (column > LINE_WIDTH // 2)


def test_tabs_count_as_one_column_in_a_window():
    text = "\t" * 100 + "white: Ke1 Zz9" + "\t" * 100
    err = InputError("bad", "f.txt", 1, 112, text)
    _, shown, caret = err.format().split("\n")
    assert shown[caret.index("^"):].startswith("Zz9")


def test_cli_message_for_a_huge_token_is_short(tmp_path):
    path = tmp_path / "huge.inp"
    path.write_text(f"BeginProblem\nPieces White Ke1 Black Ke8\nCondition {HUGE}\nStipulation #2\nEndProblem\n")
    proc = subprocess.run([sys.executable, "cli.py", "solve", "--format", "json", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    assert "unknown condition 'XXXX" in proc.stderr and len(proc.stderr) < 600
    [entry] = json.loads(proc.stdout)["problems"]
    assert len(proc.stdout) < 2000 and entry["error"]["message"].endswith(f"X{ELLIPSIS}'")
