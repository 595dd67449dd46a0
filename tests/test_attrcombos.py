"""Piece attributes beside conditions, against Popeye (solver.pieces.attributes:
ROYAL_ALONE_CONDITIONS, KAMIKAZE_ALONE_CONDITIONS).

tests/data/attrcombos/: random positions made by
`tests/generate_popeye_data.py --attrcombos` (ATTRCOMBOS_FORMS), in `~1`, #2
(with tries), h#2 and s#2: a royal officer instead of a king (of one side or
both) under AntiCirce (the royal capturer reborn: `[wrQh5->d1]`), NoCapture,
ChecklessChess, GridChess and GhostChess; and `Targeted.inp`, written by
hand, for what random positions miss; each solved by Popeye 4.104.  Every
case on the fast path, every third on the generic one (FEERIE_GENERIC=1):
equal results show that the shortcuts the attributes and conditions keep
hold here.  And the refusals that remain name the element.
"""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "attrcombos"
CASES = cases(DATA)
SLOW: set[str] = set()
GENERIC_SLOW: set[str] = set()


def test_every_form_has_problems():
    forms = {case.split("#")[0] for case in CASES}
    assert {"RoyalAntiCirce", "RoyalNoCapture", "RoyalCheckless", "RoyalGrid",
            "RoyalGhost"} <= forms
    assert len(CASES) >= 100


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=GENERIC_SLOW, why="over 10 s of CPU")


def _reason(text: str) -> str | None:
    [problem] = grammar.load(f"begin\n{text}\nend\n", "x.inp")
    if isinstance(problem, grammar.ProblemError):
        return problem.error.message
    return unsupported_reason(problem)


def test_refusals_name_the_combination():
    # two conditions beside a royal piece: each alone is compared, not together
    assert "piece attribute Royal with condition" in _reason(
        "condition AntiCirce NoCapture\npieces white royal Qa1 black Kh8\nstip #2")
    # Royal beside AntiCirce's change of kind (Einstein) is not played
    assert "with piece attributes is not supported" in _reason(
        "condition AntiCirce Einstein\npieces white royal Qa1 black Kh8 Rb2\nstip #2")
    # Kamikaze with another condition than Circe
    assert "piece attribute Kamikaze with condition AntiCirce is not supported" in _reason(
        "condition AntiCirce\npieces white Ka1 kamikaze Qb1 black Kh8\nstip #2")
