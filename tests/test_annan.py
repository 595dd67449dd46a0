"""AnnanChess and its relatives (solver/conditions/annan.py) and LeseMajeste
(solver/conditions/lesemajeste.py) and SAT (solver/conditions/sat.py): what they refuse, by name, and what the
checker makes of a king in check under LeseMajeste.  Their solutions are
compared with Popeye's in tests/test_popeye_conditions.py."""

from __future__ import annotations

import pytest

import grammar
from solver.check.legality import illegal_reasons
from solver.run.solve import unsupported_reason


def _load(text: str):
    [item] = grammar.load(text, "test.inp")
    return item


@pytest.mark.parametrize("conditions, pieces, expected", [
    ("AnnanChess TypeE", "White Ke1 Black Ke8", "unknown condition 'TypeE'"),
    ("FaceToFace TypeB", "White Ke1 Black Ke8", "unknown condition 'TypeB'"),
    ("AnnanChess Madrasi", "White Ke1 Black Ke8", "condition Madrasi with AnnanChess is not supported"),
    ("Madrasi NannaChess", "White Ke1 Black Ke8", "condition Madrasi with NannaChess is not supported"),
    ("CheekToCheek", "White Ke1 Black Ke8 Gd4", "condition CheekToCheek with fairy pieces is not supported"),
    ("BackToBack", "White Ke1 Black Ke8 Neutral Pd4",
     "condition BackToBack with neutral pieces is not supported"),
    ("LeseMajeste Messigny", "White Ke1 Black Ke8", "condition Messigny with LeseMajeste is not supported"),
    ("SAT 9", "White Ke1 Black Ke8", "condition SAT 9 is not supported"),
    ("SAT Madrasi", "White Ke1 Black Ke8", "condition Madrasi with SAT is not supported"),
])
def test_what_is_refused_is_named(conditions, pieces, expected):
    problem = _load(f"BeginProblem\nCondition {conditions}\nPieces {pieces}\nStipulation #2\nEndProblem\n")
    if isinstance(problem, grammar.ProblemError):   # refused as it is read
        assert problem.error.message == expected
    else:
        assert unsupported_reason(problem) == expected


def test_a_king_in_check_before_the_other_side_moves_is_legal_under_lesemajeste():
    text = "BeginProblem\n{}Pieces White Ke1 Bh7 Black Kg8\nStipulation #2\nEndProblem\n"
    assert illegal_reasons(_load(text.format("")))
    assert illegal_reasons(_load(text.format("Condition LeseMajeste\n"))) == []
