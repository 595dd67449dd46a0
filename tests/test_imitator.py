"""Imitator against Popeye (solver.conditions.imitator).

tests/data/imitator/: random orthodox positions with one or two imitators
on empty squares, in `~1`, #2, h#2 and s#2 (ImitatorProm: with pawns about
to promote, also into an imitator; ImitatorNoIProm: NoIProm forbids that),
made by `tests/generate_popeye_data.py --imitator` and solved by Popeye
4.104; every case on the fast path, a third on the generic one.  And the
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
    assert {case.split("#")[0] for case in CASES} == {"Imitator1", "Imitator2", "ImitatorProm",
                                                         "ImitatorNoIProm"}
    assert len(CASES) >= 40


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(DATA)


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
    ("Imitator c4", "white Ke1 Gb2 black Ke8", "condition Imitator with fairy pieces is not supported"),
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
