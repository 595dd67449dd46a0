"""Masand, Breton (with Adverse, Chromatic, PY) and
MagicSquares (Type1, Type2) against Popeye 4.104: random orthodox positions
under one condition each, in `~1` (every legal move of White), #2 with tries,
h#2 and s#2 (tests/data/effects/, made by `tests/generate_popeye_data.py
--effects`), and `targeted.inp`, written by hand: a promotion that checks
(Masand recolours from the promoted piece), castling (the rook's check
recolours nothing: the king is the piece that moved), e.p. (Breton takes a
pawn along, MagicSquares recolours the pawn), a promoted piece Breton PY
takes along, kings never changed.  Each must give Popeye's solution, on the
fast path (every case) and on the generic one (every third)."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "effects"
CASES = cases(DATA)
# the helpmates that take a second or more (2026-12-02, a loaded 2-core machine):
# compared only under FEERIE_SLOW_TESTS=1, so that the file keeps within its CI budget
SLOW = {"Masand#25", "Masand#27", "Masand#28", "Masand#29", "Masand#30",
        "Breton#27", "Breton#29", "Breton#30", "Breton#34",
        "MagicSquares#26", "MagicSquares#29", "MagicSquares#30"}


def test_every_condition_has_problems():
    from generate_popeye_data import EFFECTS_FORMS

    assert {case.split("#")[0] for case in CASES} == set(EFFECTS_FORMS) | {"targeted"}
    assert len(CASES) >= 110 and SLOW <= set(CASES)


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=SLOW & set(CASES[::3]), why="a second or more")


@pytest.mark.parametrize("conditions, expected", [
    ("Masand Madrasi", "with Masand is not supported"),
    ("Breton Circe", "with Breton is not supported"),
    ("MagicSquares e4 Circe", "Circe with MagicSquares is not supported"),
    ("MagicSquares e4 AndernachChess", "AndernachChess with MagicSquares is not supported"),
    ("MasandGeneralised", "condition MasandGeneralised is not supported"),
])
def test_what_is_refused_is_named(conditions, expected):
    [problem] = grammar.load(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\n"
                             "stip #2\nend\n", "x.inp")
    reason = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert reason is not None and expected in reason, reason


@pytest.mark.parametrize("text", [
    "1.b7-b8=Q[e5=w][a8=w] +", "1.b7*a8[-wRh1][a8=Q] +", "1.Qc4*c6[d5=b]", "1.e5*d6 ep.=b",
    "1.b7*a8=R[-wRa8]", "1.d5*c6 ep.[-bPh2]",
])
def test_the_notation_reads_back(text):
    from solver.output.notation import parse_turn, turn_text

    [number, move] = text.split(".", 1)
    assert turn_text(parse_turn(move)) == move
