"""MarsCirce (solver/conditions/marscirce.py): the untried legality and
check tests agree with making every move; the notation `Rd4-a1*c1` reads
back and survives JSON; what is refused is refused by name.  (Solutions
against Popeye's: tests/test_popeye_conditions.py on
tests/data/capturer/MarsCirce*.inp; make/unmake and perft on the generic
path: tests/test_capturer.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from solver.conditions import marscirce
from solver.conditions.registry import rules_for
from solver.model.record import component
from solver.model.tree import Turn
from solver.output.json_writer import _component, component_json
from solver.output.notation import parse_turn, turn_text
from solver.run.solve import unsupported_reason

DATA = Path(__file__).resolve().parent / "data" / "capturer"


def _problems():
    out = []
    for name in ("MarsCirce.inp", "MarsCirceTargeted.inp"):
        out += [p for p in grammar.load_file(DATA / name) if not isinstance(p, grammar.ProblemError)]
    return out


def _positions(rules, pos, depth: int):
    """Every position of the legal lines of up to `depth` moves (played in place)."""
    yield pos
    if depth:
        for m in rules.turns(pos):
            rules.play(pos, m)
            yield from _positions(rules, pos, depth - 1)
            rules.undo(pos, m)


def test_untried_legality_and_checks_are_those_of_making_every_move():
    seen = 0
    for problem in _problems():
        rules = rules_for(problem)
        for side in (1, -1):
            pos = rules.position(problem, side)
            if rules.in_check(pos, -side):
                continue
            for p in _positions(rules, pos, 2):
                fast = marscirce.legal_moves(p, False, True)
                assert sorted(fast) == sorted(marscirce.legal_moves(p, False, False)), p.fen()
                assert sorted(marscirce.checking_moves(p, True)) == \
                    sorted(marscirce.checking_moves(p, False)), p.fen()
                assert bool(marscirce.legal_moves(p, True, True)) == bool(fast), p.fen()
                seen += 1
    assert seen > 5_000


def _load(text: str):
    [problem] = grammar.load(text, "x.inp")
    return problem


def _texts(source: str) -> dict[str, int]:
    problem = _load(source)
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    return {turn_text(Turn((component(pos, m),))): m for m in rules.turns(pos)}


MARS = ("BeginProblem\nCondition MarsCirce\nPieces White Ke2 Rd4 Pc7 Sb5 Black Ke7 Rh6 Bc1 Pd7\n"
        "Stipulation ~1\nEndProblem\n")


def test_a_capture_from_the_rebirth_square_is_written_with_it_and_reads_back():
    texts = _texts(MARS)
    assert "Rd4-a1*c1" in texts
    assert "Rd4*d7" not in texts and "c7*d8=Q" not in texts   # no capture from the own square
    [comp] = parse_turn("Rd4-a1*c1", "en").components
    problem = _load(MARS)
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    ours = component(pos, texts["Rd4-a1*c1"])
    assert ours == comp
    assert ours.via == "a1" and ours.frm == "d4" and ours.to == "c1" and ours.capture
    assert _component(component_json(ours)) == ours
    assert parse_turn("Rd4-d5", "en").components[0].via is None


@pytest.mark.parametrize("conditions, pieces, expected", [
    ("MarsCirce RexExclusive", "White Ke1 Black Ke8", "condition MarsCirce RexExclusive is not supported"),
    ("MarsCirce Madrasi", "White Ke1 Black Ke8", "condition Madrasi with MarsCirce is not supported"),
    ("Madrasi MarsCirce", "White Ke1 Black Ke8", "condition Madrasi with MarsCirce is not supported"),
    ("MarsCirce", "White Ke1 Black Ke8 Gd4", "condition MarsCirce with fairy pieces is not supported"),
    ("MarsCirce", "White Ke1 Black Ke8 Neutral Pd4",
     "condition MarsCirce with neutral pieces is not supported"),
])
def test_what_is_refused_is_named(conditions, pieces, expected):
    problem = _load(f"BeginProblem\nCondition {conditions}\nPieces {pieces}\nStipulation #2\nEndProblem\n")
    if isinstance(problem, grammar.ProblemError):   # refused as it is read
        assert problem.error.message == expected
    else:
        assert unsupported_reason(problem) == expected
