"""SAT with numbers and StrictSAT against Popeye (solver.conditions.sat).

tests/data/sat/: random orthodox positions, each king given a few pieces of
its side beside it, under `SAT n`, `SAT n m` (SATn), StrictSAT (with and
without numbers), SAT with StrictSAT, and SAT beside Circe and
AndernachChess (SATEffects), in `~1`, #2 (with tries), h#2, s#2 and #3,
made by `tests/generate_popeye_data.py --sat`, and `Targeted.inp` written
by hand (castling under StrictSAT with the king observed in the diagram, a
king never observed and one observed since, the `SAT n 0` / `SAT 0 n`
forms where a king not observed is in check, set play, h#1.5's null move
first, twins, threats, series play), each solved by Popeye 4.104; every
case on the fast path, a third on the generic one.  And StrictSAT's state:
make / unmake restore it, and the transposition key holds it."""

from __future__ import annotations

from pathlib import Path

import pytest

from popeye_reference import cases, problem_of, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "sat"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"SATn", "StrictSAT", "StrictSATn", "SATStrictSAT",
                                                         "SATEffects", "Targeted"}
    assert len(CASES) >= 60


# 14 s of CPU (2026-12-03): compared only under FEERIE_SLOW_TESTS=1
SLOW = {"StrictSATn#9"}

test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=SLOW, why="over 10 s of CPU")


def _move(uci: str) -> int:
    """A plain move's int (played as it stands: the test is the state's, not legality's)."""
    return parse_square(uci[:2]) | parse_square(uci[2:4]) << 7


def test_strict_state_is_undone_and_keyed():
    # the black king, not observed in the diagram, is observed by the knight on b6
    problem = problem_of("StrictSAT", "white Kh1 Pg2 Ph2 Bg1 Sc4 black Ka8 Pa7 Pb7 Bb8 Rh5")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    strictness = rules.sat_strictness
    assert strictness.of(pos) == (False, False)
    start = (pos.hash, rules.key(pos))
    for uci in ("c4b6", "h5h6"):
        rules.play(pos, _move(uci))
    assert strictness.of(pos) == (False, True)
    pos.set_state(-pos.side, ())   # a null move keeps it
    assert strictness.of(pos) == (False, True)
    pos.unmake()
    for uci in ("b6c4", "h6h5"):   # the diagram again, the state not
        rules.play(pos, _move(uci))
    assert pos.hash == start[0] and rules.key(pos) != start[1]
    assert strictness.of(pos) == (False, True) and rules.in_check(pos, -1)
    for _ in range(4):
        pos.unmake()
    assert (pos.hash, rules.key(pos)) == start and strictness.of(pos) == (False, False)
    assert not rules.in_check(pos, -1)
    rules.play(pos, _move("g1f2"))   # a new line from the diagram: the old one is gone
    assert strictness.of(pos) == (False, False)


def test_strict_state_with_the_king_observed_in_the_diagram():
    problem = problem_of("StrictSAT", "white Ke1 Ra1 Rh1 Pd2 Pe2 Pf2 black Ka8 Pa7 Pb7 Bb8 Bh3 Bb3 Rg8 Rc8 Sf3",
                    "~1")
    rules = rules_for(problem)
    assert rules.sat_strictness.of(rules.position(problem, 1)) == (True, False)


@pytest.mark.parametrize("condition, reason", [
    ("SAT 9", "condition SAT 9 is not supported"),
    ("SAT 1 12", "condition SAT 1 12 is not supported"),
    ("StrictSAT 9", "condition StrictSAT 9 is not supported"),
    ("SAT Madrasi", "condition Madrasi with SAT is not supported"),
    ("StrictSAT Circe", "with StrictSAT is not supported"),
    ("SAT StrictSAT AndernachChess", "condition AndernachChess with StrictSAT is not supported"),
    ("SAT Circe Mirror", "condition Circe with SAT is not supported"),
    ("SAT Circe RexInclusive", "condition Circe with SAT is not supported"),
    ("SAT AntiCirce", "condition AntiCirce with SAT is not supported"),
    ("SAT Volage", "condition Volage with SAT is not supported"),
])
def test_refused_by_name(condition, reason):
    problem = problem_of(condition, "white Kh1 Pg2 Ph2 Bg1 black Ka8 Pa7 Pb7 Bb8")
    assert reason in (unsupported_reason(problem) or "")


@pytest.mark.parametrize("condition", ["SAT", "SAT 2", "SAT 0 3", "StrictSAT", "StrictSAT 2 1",
                                       "SAT StrictSAT", "StrictSAT SAT 1", "SAT Circe", "AndernachChess SAT 2"])
def test_accepted(condition):
    problem = problem_of(condition, "white Kh1 Pg2 Ph2 Bg1 black Ka8 Pa7 Pb7 Bb8")
    assert unsupported_reason(problem) is None
