"""Conditions that filter or choose moves (NoCapture, NoWhitePromotion and
NoBlackPromotion, PromOnly, the Maximummer, Minimummer, MustCapture and
Alphabetic forms) and that change who observes (Madrasi, Monochrome, Bichrome) against Popeye: random orthodox positions
under one condition each, in `~1` (every legal move of White), #2 with
tries, h#2 and s#2, solved by Popeye 4.104 (tests/data/popeye_conditions/,
made by `tests/generate_popeye_data.py --conditions`), and conditions whose
moves change the mover (AndernachChess, AntiAndernachChess, ChameleonChess,
Volage, Hypervolage, Take&MakeChess: tests/data/capturer/, made by
`--capturer`, with `targeted.inp` written by hand: promotions, castling,
making back to the departure square).  Each must give Popeye's solution,
on the fast path and on the generic one."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, solve_case
from solver.run.solve import unsupported_reason
from solver.conditions.variant import GENERIC_ENV

DATA = Path(__file__).parent / "data" / "popeye_conditions"
# conditions whose moves change the mover (Andernach, Chameleon, Volage ...)
CAPTURER = Path(__file__).parent / "data" / "capturer"
DIRS = {d.name: d for d in (DATA, CAPTURER)}
CASES = [f"{d.name}/{case}" for d in DIRS.values() for case in cases(d)]


def _solve(case: str):
    folder, name = case.split("/")
    return solve_case(DIRS[folder], name)


def test_every_condition_has_problems():
    forms = {case.split("/")[1].split("#")[0] for case in CASES}
    assert forms >= {"NoCapture", "NoWhiteCapture", "NoBlackCapture", "WhiteMaximummer",
                     "BlackMaximummer", "Maximummer", "WhiteMinimummer", "BlackMinimummer",
                     "WhiteMustCapture", "BlackMustCapture", "NoWhitePromotion", "NoBlackPromotion",
                     "PromOnly", "AlphabeticChess", "WhiteAlphabeticChess", "BlackAlphabeticChess",
                     "MonochromChess", "BichromChess", "Madrasi",
                     "AndernachChess", "AntiAndernachChess", "ChameleonChess", "Volage",
                     "Hypervolage"}
    assert len(CASES) >= 100


@pytest.mark.parametrize("case", CASES)
def test_solution_is_popeyes(case):
    ours, popeye = _solve(case)
    assert ours == popeye


@pytest.mark.parametrize("case", CASES[::3])
def test_solution_is_popeyes_on_the_generic_path(case, monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1")
    ours, popeye = _solve(case)
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
])
def test_what_is_refused_is_named(conditions, stipulation, expected):
    reason = _reason(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\n"
                     f"stip {stipulation}\nend\n")
    assert reason is not None and expected in reason


@pytest.mark.parametrize("conditions", ["NoCapture", "BlackMaximummer", "WhiteMustCapture",
                                        "Messigny BlackMinimummer"])
def test_what_is_played_is_not_refused(conditions):
    assert _reason(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\nstip #2\nend\n") is None
