"""The Circe forms of solver.conditions.circekinds (the reborn piece's kind,
the occupied rebirth square) against Popeye 4.104: random positions under
each form (tests/data/circekinds/, `tests/generate_popeye_data.py
--circekinds`: `~1`, #2, h#2, s#2, pawns about to promote in about half of
them), with targeted positions written by hand (`Targeted.inp`); every case
on the fast path, every other one on the generic path (FEERIE_GENERIC=1);
and what is refused, by name."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "circekinds"
CASES = cases(DATA)
# The slowest cases (1 s of CPU and more on the development machine, mostly h#2: no
# intelligent search with rebirths; under Take&Make each capture is as many moves as its
# victim has makes): compared only under FEERIE_SLOW_TESTS=1, to keep CI's time.
SLOW = {f"CirceClone#{i}" for i in (19, 21, 22, 23, 24)} | {f"CirceTakeMake#{i}" for i in (19, 20, 22)} | {
    f"CirceAssassin#{i}" for i in (19, 20, 21, 22)} | {f"DiagramCirce#{i}" for i in (9, 19, 20, 21, 24)} | {
    "Targeted#21"}
GENERIC_SLOW = {f"CirceClone#{i}" for i in (19, 21, 23)} | {f"ChameleonCirce#{i}" for i in (19, 21, 23)} | {
    f"CirceTakeMake#{i}" for i in (15, 19, 27, 29)} | {f"CirceAssassin#{i}" for i in (19, 21)} | {
    f"DiagramCirce#{i}" for i in (7, 9, 11, 19, 21, 23)} | {"Targeted#21"}


def test_every_form_has_problems():
    from generate_popeye_data import CIRCEKINDS_FORMS

    forms = {case.split("#")[0] for case in CASES}
    assert forms >= set(CIRCEKINDS_FORMS)
    assert len(CASES) >= 50


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES[::2], slow=SLOW, generic_slow=GENERIC_SLOW, why="1 s of CPU and more")


def _reason(conditions: str, pieces: str = "white Ke1 black Ke8") -> str | None:
    [problem] = grammar.load(f"begin\ncondition {conditions}\npieces {pieces}\nstip #2\nend\n", "x.inp")
    return unsupported_reason(problem)


@pytest.mark.parametrize("conditions, expected", [
    ("CirceClone RexInclusive", "condition CirceClone RexInclusive is not supported"),
    ("Circe Take&Make Mirror", "condition Circe Take&Make Mirror is not supported"),
    ("Circe Assassin Mirror", "condition Circe Assassin Mirror is not supported"),
    ("Circe Assassin Strict", "condition Circe Assassin Strict is not supported"),
    ("Circe Assassin Take&Make", "condition Circe Assassin Take&Make is not supported"),
    ("Circe Diagram Mirror", "condition Circe Diagram Mirror is not supported"),
    ("Circe Take&Make Strict", "condition Circe Take&Make Strict is not supported"),
    ("Circe Clone File", "condition Circe Clone File is not supported"),
    ("Circe Chameleon Diametral", "condition Circe Chameleon Diametral is not supported"),
    ("Circe Clone Chameleon", "condition Circe Clone Chameleon is not supported"),
    ("Circe Chameleon G", "condition Circe Chameleon G is not supported"),
    ("AntiCirce Clone", "condition AntiCirce Clone is not supported"),
    ("Circe Cage Mirror", "condition Circe Cage Mirror is not supported"),
])
def test_what_is_refused_is_named(conditions, expected):
    reason = _reason(conditions)
    assert reason is not None and expected in reason, reason


@pytest.mark.parametrize("conditions", ["CirceClone", "Circe Take&Make"])
def test_clone_and_take_make_with_fairy_pieces_are_refused(conditions):
    reason = _reason(conditions, "white Ke1 Gd4 black Ke8")
    assert reason is not None and f"condition {conditions} with fairy pieces is not supported" in reason, reason


@pytest.mark.parametrize("conditions", ["CirceClone", "MirrorCirceClone", "Circe Clone Strict",
                                        "ChameleonCirce", "ChameleonCirce S Q R B S", "Circe Chameleon Mirror",
                                        "CirceTake&Make", "Circe Take&Make", "CirceAssassin", "Circe Assassin",
                                        "DiagramCirce", "Circe Diagram Strict"])
def test_what_is_played_is_not_refused(conditions):
    assert _reason(conditions) is None


def test_chameleon_sequences():
    from solver.conditions.circekinds import split
    from solver.engine.board import BISHOP, KNIGHT, QUEEN, ROOK

    kinds, rest = split("ChameleonCirce", ("Chameleon",))
    assert dict(kinds.sequence) == {KNIGHT: BISHOP, BISHOP: ROOK, ROOK: QUEEN, QUEEN: KNIGHT} and rest == ()
    kinds, rest = split("Circe", ("Chameleon", "S", "Q", "R", "B", "S", "Mirror"))
    assert dict(kinds.sequence) == {KNIGHT: QUEEN, QUEEN: ROOK, ROOK: BISHOP, BISHOP: KNIGHT}
    assert rest == ("Mirror",)
    # an unclosed list closes on its first kind (Popeye's ReadChameleonSequence)
    kinds, _ = split("Circe", ("Chameleon", "R", "B"))
    assert dict(kinds.sequence) == {ROOK: BISHOP, BISHOP: ROOK}
