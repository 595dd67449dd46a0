"""Structured stipulations (Popeye's `SStipulation`, grammar/sstipulation.py)
against Popeye.

tests/data/sstipulation/ holds problems Popeye already solved in a plain
stipulation (tests/data/popeye_generated/, tests/data/popeye_goals/),
restated structurally and solved by Popeye 4.104 again
(tests/generate_sstipulation_data.py); Popeye's own tutorial BEISPIEL/sford.inp
is read where it is, in ../shared/reference (never copied here).  Each mapped form must read as the plain
stipulation it stands for, Popeye's own solutions of both must agree, and
feerie's must equal Popeye's; the forms feerie has no play for are refused by
name, and bad input is an error at its column."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

import grammar
from grammar.sstipulation import structured_stipulation
from grammar.stipulation import parse_stipulation
from conftest import reference
from popeye_reference import cases, load, solve_case
from solver.base.errors import InputError
from solver.model.problem import BLACK, WHITE
from solver.output.compare import canonical_all
from solver.output.popeye_output import parse_output
from solver.output.popeye_writer import write_problem
from solver.run.solve import solve_problem, unsupported_reason

sys.path.insert(0, str(Path(__file__).parent))
from generate_sstipulation_data import FORMS, structured  # noqa: E402

DATA = Path(__file__).parent / "data" / "sstipulation"
ROOT_DATA = Path(__file__).parent / "data"
CASES = cases(DATA)


@pytest.mark.parametrize("form", sorted(FORMS))
def test_popeye_solves_the_structured_form_as_the_plain_one(form):
    source = ROOT_DATA / (FORMS[form][0] + ".out")
    ours = [canonical_all(p.twins) for p in parse_output((DATA / f"{form}.out").read_text())]
    plain = [canonical_all(p.twins) for p in parse_output(source.read_text())]
    assert ours == plain


@pytest.mark.parametrize("form", sorted(FORMS))
def test_structured_form_reads_as_the_plain_stipulation(form):
    source, variant = FORMS[form]
    plain_problems = grammar.load_file(ROOT_DATA / f"{source}.inp")
    problems, _ = load(DATA, form)
    assert len(problems) == len(plain_problems)
    for ours, plain in zip(problems, plain_problems):
        assert ours.stipulation.structured
        assert ours.stipulation.postkey == (variant == "postkey") == plain.has_option("PostKeyPlay")
        assert not ours.has_option("PostKeyPlay")
        assert replace(ours.stipulation, text=plain.stipulation.text, structured=False,
                       postkey=False) == plain.stipulation
        assert ours.stipulation.text == structured(plain.stipulation.text, variant).replace(
            "white", "White", 1).replace("black", "Black", 1).replace(" - ", " -")


@pytest.mark.parametrize("case", CASES)
def test_solution_is_popeyes(case):
    ours, popeye = solve_case(DATA, case)
    assert ours == popeye


def _sford():
    """(feerie's problems, Popeye's golden outputs, the cases solved fast) of
    Popeye's tutorial, from the shared reference corpus."""
    inp = reference("popeye", "corpus", "BEISPIEL", "sford.inp")
    fast = [int(line.split("\t")[0].rsplit("#", 1)[1])
            for line in (ROOT_DATA / "corpus_fast.txt").read_text().splitlines()
            if line.startswith("BEISPIEL/sford.inp#")]
    return grammar.load_file(inp), parse_output(inp.with_suffix(".out").read_text()), sorted(fast)


def test_stipulation_lines_are_popeyes():
    """The header as Popeye prints it: the side in the input's language, then
    the stipulation without blanks ('  Weiss 1a[#]d               2 + 16'),
    and each twin's ('b) Weiss 3s[#]'); the solutions too, for the tutorial's
    problems that solve fast."""
    problems, popeye, fast = _sford()
    assert len(problems) == len(popeye) and len(fast) >= 10
    for index in fast:
        problem, expected = problems[index - 1], popeye[index - 1]
        result = solve_problem(problem, max_time=60)
        [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
        assert ours.stipulation == expected.stipulation, index
        assert ours.piece_counts == expected.piece_counts, index
        assert canonical_all(ours.twins) == canonical_all(expected.twins), index
    text = "\n".join(write_problem(problems[i - 1], solve_problem(problems[i - 1]).twins, time_s=0.0)
                     for i in (1, 2))
    assert "  Weiss 1a[#]d               2 + 16" in text


def test_every_play_form_is_covered():
    stips = {p.stipulation for form in FORMS for p in load(DATA, form)[0]}
    plays = {(s.play, s.series, s.half) for s in stips}
    assert {(s.play, s.moves > 1) for s in stips if s.postkey} == {("direct", True), ("self", False),
                                                                   ("self", True)}
    assert plays >= {("direct", False, False), ("self", False, False), ("semi-reflex", False, False),
                     ("reflex", False, False), ("help", False, False), ("help", False, True),
                     ("direct", True, False), ("help", True, False), ("self", True, False)}


@pytest.mark.parametrize("side, text, plain", [
    (WHITE, "1a[#]d", "#1"), (WHITE, "3a[#]d", "#2"), (WHITE, "5a[=]d", "=3"), (WHITE, "1a[za7]d", "za71"),
    (WHITE, "4ad[#]", "s#2"), (WHITE, "4ad[x]", "sx2"), (WHITE, "3a[1a[#]d]d", "semi-r#2"),
    (WHITE, "3a[>1a[#]d]d", "semi-r#2"), (WHITE, "3a[>1a[#]d]d{!1a[#]d}", "r#2"),
    (WHITE, "3a[1a[#]d]d{!1a[#]d}", "r#2"), (BLACK, "4hh[#]", "h#2"), (BLACK, "2hh[#]", "h#1"),
    (BLACK, "- 7h[#]h", "h#3.5"), (BLACK, "-5h[=]h", "h=2.5"), (WHITE, "5s[#]", "ser-#5"),
    (BLACK, "1s[1h[#]h]", "ser-h#1"), (BLACK, "2s[1a[x]d]", "ser-hx2"), (WHITE, "6s[1d[#]a]", "ser-s#6"),
    (WHITE, "5S[#]", "ser-#5"), (WHITE, "3 a [ # ] d", "#2"), (BLACK, "4hh[00]", "h002"),
    (WHITE, "- 6da[#]", "#4+"), (WHITE, "-2da[x]", "x2+"), (WHITE, "- 1d[#]a", "s#1+"),
    (WHITE, "- 5d[=]a", "s=3+"),
])
def test_forms_of_the_manual_map_onto_plain_stipulations(side, text, plain):
    """(A '+' after the plain text: the play after its key, as under PostKeyPlay.)"""
    stipulation = structured_stipulation(side, text, "White")
    assert stipulation.postkey == plain.endswith("+")
    plain = plain.rstrip("+")
    assert replace(stipulation, text=plain, structured=False, postkey=False) == parse_stipulation(plain)


@pytest.mark.parametrize("side, text, named", [
    (WHITE, "3a[#]d & 4ad[#]", "'&' (and)"),
    (BLACK, "2hh[#]&3h[#]h", "'&' (and)"),
    (BLACK, "2hh[#]&1h[#]h", "'&' (and) outside a help branch"),
    (BLACK, "2hh[#]&1h[#]h&2hh[=]", "'&' (and)"),
    (BLACK, "4hh[#]|3h[#]h", "'|' (or)"),
    (WHITE, "1a[!#]d", "'!' (negation)"),
    (WHITE, "3:3a[#]d", "minimum lengths (m:n) in battle play"),
    (BLACK, "4h{!x}h[x]", "constraints {...}"),
    (WHITE, "2s[1a[x]d]{!1a[x]d}", "constraints {...}"),
    (WHITE, "3a[/1d[+]a{!+}]d", "'/' (moves not shown) other than at the end of help or series play"),
    (BLACK, "6hh[/3da[#]{!+}]", "'/' (moves not shown) before a branch other than 1d[G]a or 2da[G]"),
    (BLACK, "6hh[/2da[#]{!=}]", "constraints {...} other than {!+} in a '/' nested branch"),
    (BLACK, "6hh[>/2da[#]]", "'>' with '/' (moves not shown)"),
    (BLACK, "4:6hh[#]", "minimum lengths (m:n) other than 1:n and n:n"),
    (WHITE, "3:5s[#]", "minimum lengths (m:n) other than 1:n and n:n"),
    (WHITE, "3h[>1a[x]d]h", "'>' (play ends where the nested branch is solved)"),
    (WHITE, "15a[#]?+?d", "'?+?' (parry series)"),
    (BLACK, "1d[#]a", "black as the side named (write white - ...)"),
    (WHITE, "- 3da[#]", "this combination of length and forks"),
    (WHITE, "- 2d[#]", "a branch of type 'd' alone"),
    (BLACK, "1h[- 14hh[#]]h", "'-' (move inversion) inside a branch"),
    (WHITE, "2s[3s[1h[#]h]]", "nested branches of this kind"),
    (WHITE, "4a[#=]d[#=]", "this combination of length and forks"),
    (BLACK, "3a[#]d", "black moving first in this play (feerie plays it with white first)"),
    (WHITE, "4hh[#]", "white moving first in this play (feerie plays it with black first)"),
    (BLACK, "- 3a[#]d", "black as the side named (write white ...)"),
    (WHITE, "- - 3a[#]d", "'-' (move inversion) twice"),
    (BLACK, "2s[1h[#]]", "nested branches of this kind"),
    (WHITE, "3a[1a[#]]d", "nested branches of this kind"),
])
def test_forms_without_a_play_are_refused_by_name(side, text, named):
    stipulation = structured_stipulation(side, text, "White")
    assert stipulation.unsupported is not None and named in stipulation.unsupported, stipulation.unsupported
    assert stipulation.text == "White " + text.replace(" ", "")


def _problem(stip_line: str):
    [problem] = grammar.load(f"begin\npieces white ke1 qd1 black ke8\n{stip_line}\nend\n", "x.inp")
    return problem


def test_a_refused_form_is_reported_as_not_supported():
    problem = _problem("sstipulation white 3a[#]d & 4ad[#]")
    assert isinstance(problem, grammar.ProblemError)
    assert "'&' (and) in a structured stipulation" in problem.error.message
    assert "not supported" in problem.error.message


@pytest.mark.parametrize("line, column, message", [
    ("sstipulation white 3a[#]x", 25, "unexpected 'x'"),
    ("sstipulation white 3a[#d", 24, "unexpected 'd'"),
    ("sstipulation white 3a[#]d]", 26, "unexpected ']'"),
    ("sstipulation white 3a[", 22, "ends too early"),
    ("sstipulation white 0a[#]d", 20, "unexpected '0a[#]d'"),
    ("sstipulation white 3a[#] d &", 28, "ends too early"),
    ("sstipulation white 3a[#] ?", 26, "unexpected '?'"),
    ("sstipulation neutral 3a[#]d", 14, "is not a side"),
    ("sstipulation 3a[#]d", 14, "is not a side"),
    ("sstipulation white", 19, "missing stipulation after 'white'"),
])
def test_errors_are_located(line, column, message):
    problem = _problem(line)
    assert isinstance(problem, grammar.ProblemError) and problem.problem is None
    error = problem.error
    assert message in error.message
    assert (error.line, error.column) == (3, column), error


def test_german_and_french_sides():
    for text, side in (("sforderung weiss 3a[#]d", "Weiss"), ("sforderung schwarz 4hh[#]", "Schwarz")):
        [problem] = grammar.load(f"anfang\nsteine weiss ke1 dd1 schwarz ke8\n{text}\nende\n", "x.inp")
        assert problem.stipulation.text.startswith(side + " ")
    [problem] = grammar.load("debut\npieces blanc re1 dd1 noir re8\nsenonce blanc 3a[#]d\nfin\n", "x.inp")
    assert problem.stipulation.text == "Blanc 3a[#]d" and problem.stipulation.moves == 2


def test_unsupported_reason_names_the_structured_stipulation():
    problem = _problem("sstipulation white 1a[#]d")
    assert unsupported_reason(problem) is None
    with pytest.raises(InputError):
        structured_stipulation(WHITE, "3a[#]d)", "White")


def test_white_to_play_is_refused_with_a_structured_stipulation():
    """Popeye turns 'Black 4hh[#]' into 'White -3h[#]h' under WhiteToPlay
    (and finds nothing there): not feerie's h#1.5."""
    problem = _problem("sstipulation black 4hh[#]\noption whitetoplay")
    assert isinstance(problem, grammar.ProblemError)
    assert "option WhiteToPlay with a structured stipulation" in problem.error.message


def test_check_names_a_shorter_structured_stipulation():
    from solver.check.check import _shorter_text

    stipulation = structured_stipulation(WHITE, "5a[#]d", "White")
    assert _shorter_text(stipulation, 2) == "White 5a[#]d in 2"


def test_native_format_keeps_the_structured_stipulation():
    """`feerie parse` writes Popeye's text ('stipulation: Weiss 3a[#]d', twins
    too); the native reader reads it back as the same problem."""
    from grammar.native import format_native

    problems = [p for p in _sford()[0] if not isinstance(p, grammar.ProblemError)]
    problems += load(DATA, "twins")[0]
    text = "\n".join(format_native(p) for p in problems)
    assert "stipulation: Weiss -6da[#]\n" in text and "twin: stipulation Weiss 3s[#]\n" in text
    assert grammar.load(text, "x.txt") == problems


@pytest.mark.parametrize("line, column, message", [
    ("stipulation: Weiss 3a[#]x", 25, "unexpected 'x'"),
    ("stipulation: Weiss 3a[#] d]", 27, "unexpected ']'"),
    ("stipulation: Grau 3a[#]d", 14, "'Grau' is not a side"),
])
def test_native_errors_are_located(line, column, message):
    [problem] = grammar.load(f"problem:\nwhite: Ke1 Qd1\nblack: Ke8\n{line}\n", "x.txt")
    assert isinstance(problem, grammar.ProblemError)
    assert message in problem.error.message
    assert (problem.error.line, problem.error.column) == (4, column), problem.error


def test_check_refuses_post_key_play_by_name():
    from solver.check.check import check_problem

    problem = _problem("sstipulation white - 2da[#]")
    verdict = check_problem(problem)
    assert "post-key play (White -2da[#]): the checker needs the problem with its key" in str(verdict)
