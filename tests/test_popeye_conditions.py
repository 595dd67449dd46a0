"""Conditions that filter or choose moves (NoCapture, NoWhitePromotion and
NoBlackPromotion, PromOnly, the Maximummer, Minimummer, MustCapture and
Alphabetic forms) and that change who observes (Madrasi, Monochrome, Bichrome) against Popeye: random orthodox positions
under one condition each, in `~1` (every legal move of White), #2 with
tries, h#2 and s#2, solved by Popeye 4.104 (tests/data/popeye_conditions/,
made by `tests/generate_popeye_data.py --conditions`); and the Circe family
(Circe, AntiCirce and their rebirth squares, tests/data/circe/, made with
`--circe`: `~1`, #2, h#2, s#2, =2, h=2).  Each must give
Popeye's solution, on the fast path and on the generic one."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, solve_case
from solver.run.solve import unsupported_reason
from solver.conditions.variant import GENERIC_ENV

DATA = Path(__file__).parent / "data" / "popeye_conditions"
CASES = cases(DATA)
# the Circe family (solver.conditions.circe): `--circe` of the generator
CIRCE = Path(__file__).parent / "data" / "circe"
CIRCE_CASES = cases(CIRCE)


def test_every_condition_has_problems():
    forms = {case.split("#")[0] for case in CASES}
    assert forms >= {"NoCapture", "NoWhiteCapture", "NoBlackCapture", "WhiteMaximummer",
                     "BlackMaximummer", "Maximummer", "WhiteMinimummer", "BlackMinimummer",
                     "WhiteMustCapture", "BlackMustCapture", "NoWhitePromotion", "NoBlackPromotion",
                     "PromOnly", "AlphabeticChess", "WhiteAlphabeticChess", "BlackAlphabeticChess",
                     "MonochromChess", "BichromChess", "Madrasi"}
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", CASES)
def test_solution_is_popeyes(case):
    ours, popeye = solve_case(DATA, case)
    assert ours == popeye


@pytest.mark.parametrize("case", CASES[::3])
def test_solution_is_popeyes_on_the_generic_path(case, monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1")
    ours, popeye = solve_case(DATA, case)
    assert ours == popeye


def test_every_circe_form_has_problems():
    # Targeted: castling rights regained by rebirth, e.p., promotions, fairy pieces
    assert {case.split("#")[0] for case in CIRCE_CASES} == {"Circe", "CirceSquares", "AntiCirce",
                                                           "AntiCirceSquares", "CirceCombinations", "CirceRexInclusive", "Targeted"}
    assert len(CIRCE_CASES) >= 120


@pytest.mark.parametrize("case", CIRCE_CASES)
def test_circe_solution_is_popeyes(case):
    ours, popeye = solve_case(CIRCE, case)
    assert ours == popeye


@pytest.mark.parametrize("case", CIRCE_CASES)
def test_circe_solution_is_popeyes_on_the_generic_path(case, monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1")
    ours, popeye = solve_case(CIRCE, case)
    assert ours == popeye


def _reason(text: str) -> str | None:
    [problem] = grammar.load(text, "x.inp")
    return unsupported_reason(problem)


@pytest.mark.parametrize("conditions, stipulation, expected", [
    ("Maximummer", "h#2", "condition Maximummer in h#2 is not supported"),
    ("BlackMaximummer BlackMustCapture", "#2", "both choose Black's moves"),
    ("BlackMaximummer Ultra", "#2", "BlackMaximummer Ultra is not supported"),
    ("Marseillais WhiteMinimummer", "#2", "WhiteMinimummer with Marseillais is not supported"),
    ("BlackMustCapture Marseillais", "#2", "BlackMustCapture with Marseillais is not supported"),
    ("PromOnly K", "#2", "a pawn cannot promote to king"),
    ("AlphabeticChess WhiteMaximummer", "#2", "both choose White's moves"),
    ("Madrasi Messigny", "#2", "Madrasi with Messigny is not supported"),
    ("Marseillais MonochromChess", "#2", "MonochromChess with Marseillais is not supported"),
    ("Circe Cage", "#2", "condition Circe Cage is not supported"),
    ("Circe Strict RexInclusive", "#2", "condition Circe RexInclusive Strict is not supported"),
    ("AntiCirce Super", "#2", "condition AntiCirce Super is not supported"),
    ("Circe Parrain", "#2", "condition Circe Parrain is not supported"),
    ("Circe Mirror Strict Clone", "#2", "condition Circe Clone is not supported"),
    ("AntiCirce Relaxed", "#2", "condition AntiCirce Relaxed is not supported"),
    ("AntiCirce Antipodes", "#2", "condition AntiCirce Antipodes is not supported"),
    ("Circe File Symmetry", "#2", "nonsense combination"),
    ("Circe Marseillais", "#2", "Circe with Marseillais is not supported"),
    ("Circe Messigny", "#2", "Circe with Messigny is not supported"),
    ("Messigny AntiCirce", "#2", "AntiCirce with Messigny is not supported"),
])
def test_what_is_refused_is_named(conditions, stipulation, expected):
    reason = _reason(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\n"
                     f"stip {stipulation}\nend\n")
    assert reason is not None and expected in reason


@pytest.mark.parametrize("conditions", ["NoCapture", "BlackMaximummer", "WhiteMustCapture",
                                        "Messigny BlackMinimummer", "Circe", "Circe Mirror Strict",
                                        "AntiCirce Cheylan", "MirrorAntiCirce", "DiametralCirce"])
def test_what_is_played_is_not_refused(conditions):
    assert _reason(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\nstip #2\nend\n") is None
