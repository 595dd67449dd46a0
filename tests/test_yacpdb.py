"""YACPDB / Olive YAML input and `parse --to yaml` (grammar/yacpdb.py).

The entries of tests/data/yacpdb/entries.yaml follow olive-gui's
yacpdb/schemas/yacpdb-entry.md (fairy pieces, attributes, twins, a zero
position, conditions mixed with options); entries.inp states the same
problems as a Popeye file and entries.out is Popeye 4.104's solution of it.
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import grammar
from cli import main
from grammar.yacpdb import format_yaml
from solver.check.check import check_item
from solver.output.compare import canonical_all
from solver.output.popeye_output import parse_output
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem

DATA = Path(__file__).resolve().parent / "data" / "yacpdb"
ENTRIES = DATA / "entries.yaml"

# h#1 with two solutions (1.b6-b5 Ra1-a8 #, 1.d6-d5 Ra1-a8 #)
HELPMATE = """\
algebraic:
  white: [Kf7, Ra1]
  black: [Kh8, Ph7, Pb6, Pd6]
stipulation: h#1
"""
# #2, key 1.Qh5-a5 (zugzwang)
TWOMOVER = """\
algebraic:
  white: [Kg3, Qh5, Se3, Pb3, Pd2, Pf4]
  black: [Kd4, Rd8, Re8, Bc8, Bf8, Pa6, Pb4, Pd3, Pe4, Pg4]
stipulation: '#2'
options: [Variation]
"""


def run(*args: str, stdin: str | None = None):
    return CliRunner().invoke(main, list(args), input=stdin)


def problems(text: str, name: str = "t.yaml") -> list:
    return grammar.load(text, name)


def test_entries_read_as_the_same_popeye_problems():
    ours = grammar.load_file(ENTRIES)
    popeye = grammar.load_file(DATA / "entries.inp")
    assert len(ours) == len(popeye) == 4
    for yaml_problem, popeye_problem in zip(ours, popeye):
        assert not isinstance(yaml_problem, grammar.ProblemError), yaml_problem
        assert yaml_problem == popeye_problem
    fairy, zero, mixed, royal = ours
    assert {p.kind for p in fairy.pieces} >= {"G", "N", "Z", "CA"}
    assert any(p.attributes == ("Kamikaze",) for p in fairy.pieces)
    assert fairy.authors == ("Tester, Anna",) and fairy.origin == "feerie tests 1 A1 2026-12"
    assert fairy.award == "1st Prize, feerie TT" and "Keywords: Fairy pieces, Twins" in fairy.remark
    assert len(fairy.twins) == 2 and fairy.twins[1].continued
    assert zero.zero_position and len(zero.twins) == 3
    assert [c.name for c in mixed.conditions] == ["NoCapture"]
    assert [o.name for o in mixed.options] == ["SetPlay", "Defence"]
    assert any(p.attributes == ("Royal",) for p in royal.pieces)
    assert fairy.line == 5 and fairy.source == str(ENTRIES)


@pytest.mark.parametrize("index", range(4))
def test_entries_solve_as_popeye_does(index):
    problem = grammar.load_file(ENTRIES)[index]
    expected = parse_output((DATA / "entries.out").read_text())[index]
    assert not expected.unparsed
    result = solve_problem(problem, max_time=60)
    assert not result.info.timed_out
    [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
    assert canonical_all(ours.twins) == canonical_all(expected.twins)


def test_round_trip_parse_yaml_parse(tmp_path):
    original = grammar.load_file(ENTRIES)
    written = run("parse", "--to", "yaml", str(ENTRIES))
    assert written.exit_code == 0, written.output
    assert written.stdout.startswith("---\n") and written.stdout.count("---\n") == 4
    assert "Royal Qd1" in written.stdout and "Kamikaze Rh2" in written.stdout
    back = problems(written.stdout)
    assert back == original
    # and the native form is unchanged by the trip
    again = tmp_path / "again.yaml"
    again.write_text(written.stdout)
    assert run("parse", str(again)).stdout == run("parse", str(ENTRIES)).stdout


def test_round_trip_of_a_popeye_file_with_intended_lines():
    native = ("problem:\nauthor: A. Composer\ntitle: T\norigin: Somewhere 2026\nwhite: Kf7 Ra1\n"
              "black: Kh8 Pb6 Pd6 Ph7\nstipulation: h#1\ntwin: move a1 b1\n"
              "intended: 1.b6-b5 Ra1-a8 #\nintended: b) 1.d6-d5 Rb1-b8 #\nsolutions: 1\n")
    [problem] = problems(native, "n.txt")
    [back] = problems(format_yaml([problem]))
    assert back == problem


def test_default_output_is_still_native():
    result = run("parse", str(ENTRIES))
    assert result.exit_code == 0 and result.stdout.startswith("problem:\n")


def test_list_stream_and_one_entry_forms():
    one = problems(HELPMATE)
    listed = problems("- " + HELPMATE.replace("\n", "\n  ").rstrip() + "\n")
    stream = problems("---\n" + HELPMATE + "---\n" + HELPMATE)
    assert len(one) == len(listed) == 1 and len(stream) == 2
    assert one[0] == listed[0] == stream[0] == stream[1]


def test_olive_python2_tags_read_as_text():
    text = ("---\nalgebraic:\n  white: [Kf7, Ra1]\n  black: [Kh8, Ph7, Pb6, Pd6]\n"
            "authors: [!!python/unicode 'Shire, David J.']\nstipulation: !!python/unicode 'h#1'\n")
    [problem] = problems(text)
    assert problem.authors == ("Shire, David J.",) and problem.stipulation.text == "h#1"


def test_no_object_is_constructed(tmp_path):
    marker = tmp_path / "constructed"
    text = (HELPMATE.replace("stipulation: h#1", f"stipulation: !!python/object/apply:os.system ['touch {marker}']")
            + f"comments: !!python/object/apply:os.system ['touch {marker}']\n")
    [item] = problems(text)
    assert isinstance(item, grammar.ProblemError) and "expected a text" in item.format()
    assert item.error.line == 4
    assert not marker.exists()


def test_bad_entry_names_line_and_column(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(HELPMATE + "---\nalgebraic:\n  white: [Kf7, Ra1, Xq9]\n  black: [Kh8]\nstipulation: h#1\n"
                   "---\n" + HELPMATE)
    result = run("parse", str(bad))
    assert result.exit_code == 2
    assert f"{bad}:7:" in result.stderr and "Xq9" in result.stderr and "^" in result.stderr
    assert "Traceback" not in result.output
    assert result.stdout.count("problem:") == 2   # the other entries are read


def test_yaml_syntax_error_keeps_the_entries_before(tmp_path):
    bad = tmp_path / "syntax.yaml"
    bad.write_text("---\n" + HELPMATE + "---\nalgebraic: [Kf7\nstipulation: h#1\n")
    items = grammar.load_file(bad)
    assert not isinstance(items[0], grammar.ProblemError)
    assert isinstance(items[1], grammar.ProblemError)
    error = items[1].error
    assert error.file == str(bad) and error.line is not None and error.line > 6 and error.message.startswith("YAML:")
    result = run("parse", str(bad))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_unknown_condition_and_twin_errors_are_placed():
    [item] = problems(HELPMATE + "options: [SetPlay, Frobnicate]\n")
    assert isinstance(item, grammar.ProblemError)
    assert item.error.line == 5 and item.error.column == 20 and "Frobnicate" in item.error.message
    [item] = problems(HELPMATE + "twins:\n  b: Move c1 c2\n")
    assert isinstance(item, grammar.ProblemError)
    assert item.error.line == 6 and "c1" in item.error.message


def test_unsupported_feature_is_reported_at_its_place():
    [item] = problems(HELPMATE + "options:\n  - SetPlay\n  - PhantomChess\n")
    assert isinstance(item, grammar.ProblemError) and item.unsupported
    assert "PhantomChess is not supported" in item.error.message
    assert (item.error.line, item.error.column) == (7, 5)


def test_missing_pyyaml_is_one_clear_message(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "yaml", None)
    path = tmp_path / "p.yaml"
    path.write_text(HELPMATE)
    result = run("parse", str(path))
    assert result.exit_code == 2
    assert "YAML input needs PyYAML: pip install 'feerie[yaml]'" in result.stderr
    assert "Traceback" not in result.output
    assert run("parse", "--to", "yaml", "--statement", "7k/8/8/8/8/8/8/K6R w - - #1").exit_code == 2


# --- the checker uses the entry's solution --------------------------------------------

def verdict(text: str) -> str:
    [problem] = problems(text)
    return check_item(problem, max_time=60).verdict


def test_solution_lines_are_the_intended_solution():
    both = HELPMATE + "solution: |\n  1.b6-b5 Ra1-a8 #\n  1.d6-d5 Ra1-a8 #\n"
    one = HELPMATE + "solution: |\n  1.b6-b5 Ra1-a8 # {the pawn opens the line}\n"
    wrong = HELPMATE + "solution: |\n  1.Kh8-g8 Ra1-a8 #\n"
    assert problems(both)[0].intended == ("1.b6-b5 Ra1-a8 #", "1.d6-d5 Ra1-a8 #")
    assert verdict(both) == "sound"
    assert verdict(one) == "cooked"
    assert verdict(wrong) == "intended_missing"
    assert verdict(HELPMATE + "intended-solutions: 2\n") == "sound"
    assert verdict(HELPMATE + "intended-solutions: 1.1.1.1\n") == "cooked"


def test_tree_solution_in_popeye_format():
    solution = ("solution: |\n"
                "  1.Qa5-b6 ? threat:\n        2.Se3-f5 #\n  but 1...Bf8-c5 !\n"
                "  1.Qh5-a5 ! zugzwang.\n      1...Rd8-d5\n          2.Qa5*d5 #\n"
                "      1...Bf8-c5\n          2.Qa5-a1 #\n")
    [problem] = problems(TWOMOVER + solution)
    assert problem.intended == ("1.Qh5-a5 1...Rd8-d5 2.Qa5*d5 #", "1.Qh5-a5 1...Bf8-c5 2.Qa5-a1 #")
    assert verdict(TWOMOVER + solution) == "sound"
    try_as_key = "solution: |\n  1.Qh5-h8 ! threat:\n        2.Qh8-d8 #\n"
    assert verdict(TWOMOVER + try_as_key) == "intended_missing"


def test_short_algebraic_solution_is_not_taken_as_intended():
    text = HELPMATE + "solution: |\n  1.b5 Ra8#\n  1.d5 Ra8#\n"
    assert problems(text)[0].intended == ()


def test_check_command_reads_yaml(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(HELPMATE + "solution: |\n  1.b6-b5 Ra1-a8 #\n")
    result = run("check", str(path))
    assert result.exit_code == 1 and "cooked" in result.stdout and "1.d6-d5 Ra1-a8 #" in result.stdout


# --- batch ---------------------------------------------------------------------------------

def test_batch_over_a_folder_of_every_format(tmp_path):
    """YAML collections (.yaml, .olv, .yml), a statement file with an EPD line and a Popeye file."""
    folder = tmp_path / "c"
    folder.mkdir()
    (folder / "a.yaml").write_text(HELPMATE + "intended-solutions: 2\n")
    (folder / "b.olv").write_text("---\n" + HELPMATE + "---\n" + HELPMATE + "solution: |\n  1.b6-b5 Ra1-a8 #\n")
    (folder / "c.yml").write_text(TWOMOVER)
    (folder / "d.txt").write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n"
                                  '6k1/8/6K1/8/8/8/8/RR6 w - - bm #1; id "two keys";\n')
    (folder / "e.inp").write_text("BeginProblem\nPieces White Kg6 Ra1 Black Kg8\nStipulation #1\nEndProblem\n")
    db = tmp_path / "r.sqlite"
    result = run("batch", str(folder), "--db", str(db), "--jobs", "1")
    assert result.exit_code == 1, result.output
    report = run("report", "--db", str(db))
    assert report.exit_code == 0 and report.stdout.startswith("7 problems")
    assert "cooked                   3" in report.stdout and "sound                    4" in report.stdout
    html = run("report", "--db", str(db), "--format", "html").stdout
    assert html.count("<svg") == 3 and "h#1  2 + 4" in html
    con = sqlite3.connect(str(db))
    try:
        got = [(Path(f).name, i, v) for f, i, v in con.execute("SELECT file, idx, verdict FROM results ORDER BY file, idx")]
    finally:
        con.close()
    assert got == [("a.yaml", 1, "sound"), ("b.olv", 1, "cooked"), ("b.olv", 2, "cooked"), ("c.yml", 1, "sound"),
                   ("d.txt", 1, "sound"), ("d.txt", 2, "cooked"), ("e.inp", 1, "sound")]


def test_the_readme_example_reads():
    import textwrap

    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    start = readme.index("       - authors: ['Ugren, Ljubomir'")
    block = textwrap.dedent(readme[start:readme.index("\n\n", start)])
    first, second = problems(block + "\n")
    assert first.stipulation.text == "h#4" and second.solutions_expected == 5
    assert first.intended == ("1.Bc3-d4 Re4-e5 2.Bd4-f2 Re5-d5 3.Kd1-e2 Rd5-d4 4.Ke2-e3 Rd4-e4 #",)


def test_solve_command_reads_yaml(tmp_path):
    path = tmp_path / "h.yaml"
    path.write_text(HELPMATE)
    result = run("solve", str(path))
    assert result.exit_code == 0, result.output
    assert "1.b6-b5 Ra1-a8 #" in result.stdout and "1.d6-d5 Ra1-a8 #" in result.stdout


def test_mangled_yaml_never_breaks_the_reader():
    """Random edits of the test entries: every outcome is problems or InputErrors, never a traceback."""
    import random

    from solver.base.errors import InputError

    text = ENTRIES.read_text()
    rnd = random.Random(16)
    alphabet = list(":-[]{}'\"!&*#|>?,\n abcKQ1\t%@`")
    for _ in range(300):
        chars = list(text)
        for _ in range(rnd.randint(1, 4)):
            i = rnd.randrange(len(chars))
            op = rnd.random()
            if op < 0.4:
                chars[i] = rnd.choice(alphabet)
            elif op < 0.7:
                del chars[i]
            else:
                chars.insert(i, rnd.choice(alphabet))
        try:
            for item in problems("".join(chars)):
                if isinstance(item, grammar.ProblemError):
                    assert item.error.line is not None and item.format()
        except InputError as err:
            assert err.format()


def test_twin_labelled_solution_of_a_zero_position():
    """Popeye's layout: a label line with the twin's changes, its solutions below."""
    text = ("algebraic:\n  white: [Ke1, Rd1, Bc4]\n  black: [Kg8, Ph7, Pg7, Pf7]\nstipulation: h#1\n"
            "twins:\n  a: Move c4 b3\n  b: Move c4 a2\n  c: Move d1 d2 Move c4 b3\n"
            "solution: |\n  a) wBc4-->b3\n\n    1.Kg8-h8 Rd1-d8 #\n\n  b) wBc4-->a2\n\n    1.Kg8-h8 Rd1-d8 #\n\n"
            "  c) wRd1-->d2  wBc4-->b3\n\n    1.Kg8-h8 Rd2-d8 #\n")
    [problem] = problems(text)
    assert problem.zero_position
    assert problem.intended == ("a) 1.Kg8-h8 Rd1-d8 #", "b) 1.Kg8-h8 Rd1-d8 #", "c) 1.Kg8-h8 Rd2-d8 #")
    [problem] = problems(text.replace("Rd2-d8 #", "Rd2-d7 #"))
    verdict_c = check_item(problem, max_time=60).twins[2]
    assert verdict_c.verdict == "intended_missing"
