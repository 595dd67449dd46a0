"""Circe Cage against Popeye (solver.conditions.circecage).

tests/data/circecage/: random orthodox positions (half of them with pawns
about to promote) under `Circe Cage`, `CageCirce` and `Circe Cage Strict`
in `~1` (every capture with each cage it may choose), #2, h#2 and s#2,
made by `tests/generate_popeye_data.py --circecage` and solved by Popeye
4.104; every case on the fast path, a third on the generic one.  And what
is not supported is refused by name."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import reference_tests
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "circecage"
# over 1.5 s of CPU each (2026-12-03, measured on a loaded machine): compared only under
# FEERIE_SLOW_TESTS=1 (each capture is played with every rebirth square and tried)
SLOW = {f"CirceCage#{i}" for i in (19, 21, 24, 26, 28, 31, 32, 33, 34, 35, 36)}
GENERIC_SLOW = {"CirceCage#19", "CirceCage#31", "CirceCage#34"}

test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=GENERIC_SLOW, why="over 1.5 s of CPU")


@pytest.mark.parametrize("conditions, expected", [
    ("Circe Cage RexInclusive", "condition Circe Cage RexInclusive is not supported"),
    ("Circe Cage Mirror", "condition Circe Cage Mirror is not supported"),
    ("CageCirce Madrasi", "condition CageCirce with a condition that changes observation is not supported"),
    ("Madrasi Circe Cage", "condition Circe Cage with a condition that changes observation is not supported"),
])
def test_what_is_refused_is_named(conditions, expected):
    [problem] = grammar.load(f"begin\ncondition {conditions}\npieces white Ke1 Rd4 black Ke8\n"
                             "stip #2\nend\n")
    reason = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert reason is not None and expected in reason


def test_fairy_pieces_are_refused():
    [problem] = grammar.load("begin\ncondition Circe Cage\npieces white Ke1 CAd4 black Ke8\nstip #2\nend\n")
    reason = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert "condition Circe Cage with fairy pieces is not supported" in reason
