"""`feerie check --expected FILE`: the intended solutions are those an earlier
run printed.  Checked against Popeye's own outputs (read in place from the
reference folder), and against outputs altered to show each flaw."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import grammar
from cli import main
from conftest import reference
from solver.check.check import COOKED, ILLEGAL, INTENDED_MISSING, SHORT, SOUND, UNSUPPORTED, check_item
from solver.check.intended import intents_from_output_file
from solver.output.popeye_output import parse_output_file

ENGLISH = ["direct_mate2", "direct_mate2_threat_tries", "direct_mate2_zugzwang", "ex1_messigny_h2",
           "helpmate2", "helpstalemate2", "knight_letter", "messigny_rexex_h2", "messigny_rexex_r2",
           "selfmate2", "twins_h2_duplex"]
# German example files whose problems use what feerie does not play or the
# checker does not judge (fairy conditions and pieces, the option NonTrivial):
# each must come out 'unsupported', paired with its output.  (threat.inp, once here, is played whole now; test_reference_solutions.py
# compares it with Popeye.)
BEISPIEL = ["duplex", "nontriv", "anystip", "max_var"]


def _check_against(inp, out):
    items = grammar.load_file(inp)
    problems = [i.problem if isinstance(i, grammar.ProblemError) else i for i in items]
    intents = intents_from_output_file(out, problems)
    return items, intents, [check_item(item, intent=None if isinstance(intent, Exception) else intent,
                                       index=n)
                            for n, (item, intent) in enumerate(zip(items, intents), 1)]


@pytest.mark.parametrize("name", ENGLISH + ["bench/t1_mate2_armeni"])
def test_popeye_output_as_intended_solution(name):
    folder, _, stem = name.rpartition("/")
    inp = reference("popeye", folder or "english", stem + ".inp")
    out = reference("popeye", folder or "english", stem + ".out")
    items, intents, verdicts = _check_against(inp, out)
    popeye = parse_output_file(out)
    for item, intent, verdict, printed in zip(items, intents, verdicts, popeye):
        assert verdict.verdict in (SOUND, SHORT, UNSUPPORTED, ILLEGAL), verdict.evidence_text()
        if verdict.verdict == UNSUPPORTED:
            continue
        assert not isinstance(intent, Exception), intent
        # the same solutions as Popeye's, twin by twin: keys in tree play, lines in line play
        for twin, expected in zip(verdict.twins, intent.by_twin.values()):
            assert twin.verdict in (SOUND, SHORT), twin.evidence
            keys = {line.turns[0] for line in expected.lines}
            if all(t.startswith("1.") and t.endswith("!") for t in twin.solutions):
                assert len(twin.solutions) == len(keys)
            else:
                assert len(twin.solutions) == len(expected.lines)
        assert len(verdict.twins) == max(1, len(printed.twins))


@pytest.mark.parametrize("name", BEISPIEL)
def test_unsupported_problems_paired_with_their_outputs(name):
    inp = reference("popeye", "beispiel", name + ".inp")
    out = reference("popeye", "beispiel", name + ".out")
    items, intents, verdicts = _check_against(inp, out)
    assert len(items) == len(parse_output_file(out)) > 0
    # those refused name what is not supported; those feerie now plays (a condition or a
    # piece attribute it learned) agree with Popeye's output, or are judged illegal (no king)
    for v in verdicts:
        if v.verdict == UNSUPPORTED:
            assert "supported" in v.twins[0].evidence[0], v.evidence_text()
        else:
            assert v.verdict in (SOUND, ILLEGAL), v.evidence_text()


def _altered(tmp_path, name, old, new):
    text = reference("popeye", "english", name + ".out").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / (name + ".out")
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def test_expected_key_that_fails_and_the_real_key_as_cook(tmp_path):
    inp = reference("popeye", "english", "direct_mate2.inp")
    out = _altered(tmp_path, "direct_mate2", "1.Rc2-c3 + !", "1.Rg5-f5 + !")
    result = CliRunner().invoke(main, ["check", str(inp), "--expected", str(out), "--format", "json"])
    assert result.exit_code == 1, result.output
    (record,) = json.loads(result.output)
    (twin,) = record["twins"]
    assert record["verdict"] == INTENDED_MISSING
    failure = twin["failures"][0]
    assert failure["move"] == "1.Rg5-f5" and failure["reason"] == "refuted by 1...g7*h6"
    assert "key not intended: 1.Rc2-c3 + !" in twin["evidence"]


def test_expected_help_line_that_does_not_mate(tmp_path):
    inp = reference("popeye", "english", "helpmate2.inp")
    out = _altered(tmp_path, "helpmate2", "2.Kb5-a6 Qg7-b7 #", "2.Kb5-a6 Qg7-g8")
    result = CliRunner().invoke(main, ["check", str(inp), "--expected", str(out)])
    assert result.exit_code == 1
    assert "fails at 2...Qg7-g8: does not mate" in result.output
    assert "solution not intended: 1.Qa6-a5 Kd7-c8 2.Kb5-a6 Qg7-b7 #" in result.output


def test_expected_file_must_match_the_input(tmp_path):
    runner = CliRunner()
    selfmate = reference("popeye", "english", "selfmate2.inp")
    # another problem's output: its diagram differs
    result = runner.invoke(main, ["check", str(selfmate), "--expected",
                                  str(reference("popeye", "english", "helpmate2.out"))])
    assert result.exit_code == 2 and "another diagram" in result.output
    # the same diagram with another stipulation: another problem
    altered = tmp_path / "selfmate3.out"
    text = Path(reference("popeye", "english", "selfmate2.out")).read_text()
    stip = next(line for line in text.splitlines() if line.startswith("  s#2 "))
    altered.write_text(text.replace(stip, stip.replace("s#2", "s#3"), 1))
    result = runner.invoke(main, ["check", str(selfmate), "--expected", str(altered)])
    assert result.exit_code == 2
    assert "has another stipulation (s#3) than the problem checked (s#2)" in result.output
    # two problems printed, one checked
    result = runner.invoke(main, ["check", str(selfmate), "--expected",
                                  str(reference("popeye", "english", "knight_letter.out"))])
    assert result.exit_code == 2 and "2 problem(s), the input 1" in result.output
    result = runner.invoke(main, ["check", str(selfmate), "--expected", str(tmp_path / "missing.out")])
    assert result.exit_code == 2 and "cannot read" in result.output


def test_expected_from_feerie_own_output(tmp_path):
    """What `feerie solve` printed earlier serves as well as Popeye's output."""
    inp = reference("popeye", "english", "knight_letter.inp")
    runner = CliRunner()
    solved = runner.invoke(main, ["solve", str(inp)])
    assert solved.exit_code == 0
    out = tmp_path / "feerie.out"
    out.write_text(solved.output, encoding="utf-8")
    result = runner.invoke(main, ["check", str(inp), "--expected", str(out)])
    assert result.exit_code == 0, result.output
    assert [line.split(": ")[1] for line in result.output.splitlines()] == ["sound"] * 2  # 12 keys each
    assert COOKED not in result.output
