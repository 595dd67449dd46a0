"""Imitator against Popeye (solver.conditions.imitator, imitator_walks).

tests/data/imitator/: random orthodox positions with one or two imitators
on empty squares, in `~1`, #2, h#2 and s#2 (ImitatorProm: with pawns about
to promote, also into an imitator; ImitatorNoIProm: NoIProm forbids that);
random positions of fairy walks (ImitatorLeapers, -Riders, -Hoppers,
-Moose, -Equihoppers: the hopper forms among pawns, kept where a hopper
moves; ImitatorMooseChecks: kings among the moose family; ImitatorFairyProm:
promotions to fairy pieces), made by `tests/generate_popeye_data.py
--imitator` and solved by Popeye 4.104; Targeted.inp by hand: an imitator
hopping over the mover, lines through the departure square, the observer
lifted, the moose family's check by Popeye's own arithmetic (positions
found where it differs from no check at all).  Every case on the fast path;
the fairy ones and a third of the others on the generic one.  And the
imitators themselves: make / unmake restore them, and the Zobrist hash
covers them."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "imitator"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        "Imitator1", "Imitator2", "ImitatorProm", "ImitatorNoIProm", "ImitatorLeapers", "ImitatorRiders",
        "ImitatorHoppers", "ImitatorMoose", "ImitatorMooseChecks", "ImitatorEquihoppers",
        "ImitatorFairyProm", "Targeted"}
    assert len(CASES) >= 150


_ORTHODOX_FORMS = ("Imitator1#", "Imitator2#", "ImitatorProm#", "ImitatorNoIProm#")
_ORTHODOX = [case for case in CASES if case.startswith(_ORTHODOX_FORMS)]
_GENERIC = _ORTHODOX[::3] + [case for case in CASES if not case.startswith(_ORTHODOX_FORMS)]

SLOW = ("ImitatorHoppers#13",)   # an s#2: five seconds of CPU on either path

test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=_GENERIC, slow=SLOW, generic_slow=SLOW)


def _problem(condition: str, pieces: str, stip: str = "#2"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_the_imitators_are_restored_and_hashed():
    problem = _problem("Imitator c4e3", "white Ke1 Rh1 Ra1 Pb7 black Ke8")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, pos.imitators)
    assert pos.hash == pos.compute_hash()
    for m in rules.moves(pos):
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        assert pos.imitators != start[2] or (m >> 14) & 7 == 3   # 0-0 leaves them
        pos.unmake()
        assert (pos.key(), pos.hash, pos.imitators) == start
    problem2 = _problem("Imitator c4e2", "white Ke1 Rh1 Ra1 Pb7 black Ke8")
    other = rules_for(problem2).position(problem2, 1)
    assert other.hash != pos.hash and other.key() != pos.key()


@pytest.mark.parametrize("condition, pieces, reason", [
    # Popeye refuses these too ("conditions too fairy for imitator")
    ("Imitator c4", "white Ke1 ROb2 black Ke8", "condition Imitator with rose is not supported"),
    ("Imitator c4", "white Ke1 BPb2 black Ke8", "condition Imitator with berolina pawn is not supported"),
    ("Imitator c4", "white Ke1 LIb2 black Ke8", "condition Imitator with lion is not supported"),
    ("Imitator c4", "white Ke1 Pb7 black Ke8 CGa5", "condition Imitator with contra grasshopper is not supported"),
    ("Imitator c4 Circe", "white Ke1 black Ke8", "condition Circe with Imitator is not supported"),
    ("Imitator c4 Madrasi", "white Ke1 black Ke8", "with Imitator is not supported"),
])
def test_what_is_refused_by_name(condition, pieces, reason):
    problem = _problem(condition, pieces)
    assert reason in (unsupported_reason(problem) or "")


def test_the_imitators_go_through_json_and_back():
    # every Popeye solution of the data set, as JSON and read back: the imitators'
    # squares after each move (and `=I`) are kept
    import json

    from popeye_reference import load
    from solver.model.tree import RunInfo
    from solver.output.json_writer import to_json, twins_from_json

    problems, outputs = load(DATA, "ImitatorProm")
    seen = 0
    for problem, output in zip(problems, outputs):
        text = json.dumps(to_json(problem, output.twins, RunInfo(time_s=0.0, nodes=0)))
        assert twins_from_json(json.loads(text)["twins"]) == output.twins
        seen += text.count('"imitators": [')
    assert seen > 0
