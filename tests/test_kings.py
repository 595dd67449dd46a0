"""OscillatingKings and SwappingKings against Popeye (solver.conditions.oscillating).

tests/data/kings/: random orthodox positions under each form in `~1`, #2
(with tries), h#2, s#2 and =2, made by `tests/generate_popeye_data.py
--kings`, and `Targeted.inp` written by hand (castling before and after
the kings' exchange, both sides oscillating, a promotion), each solved by
Popeye 4.104; every case on the fast path, a third on the generic one."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions
from solver.output.notation import effects_text, parse_turn

DATA = Path(__file__).parent / "data" / "kings"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"SwappingKings", "OscillatingKingsA", "OscillatingKingsB",
                                                         "OscillatingKingsC", "Targeted"}
    assert len(CASES) >= 90


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(DATA)


def _problem(condition: str, pieces: str = "white Ke1 Rh1 black Ke8 Qd4"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip #2\nend\n", "x.inp")
    return problem


def test_the_exchange_is_undone_and_hashed():
    problem = _problem("WhiteOscillatingKings")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings))
    for m in rules.moves(pos):
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        assert pos.board[pos.kings[1]] == 6 and pos.board[pos.kings[-1]] == -6
        pos.unmake()
        assert (pos.key(), pos.hash, tuple(pos.kings)) == start


def test_the_exchange_reads_back():
    [c] = parse_turn("Qd4-d8[Ke8<->Ke1]").components
    assert effects_text(c) == "[Ke8<->Ke1]"


def test_refused_by_name():
    assert unsupported_conditions(_problem("SwappingKings Madrasi")) == \
        "condition Madrasi with SwappingKings is not supported"
    assert "fairy pieces" in unsupported_conditions(_problem("SwappingKings", "white Ke1 NHh1 black Ke8"))
    assert unsupported_conditions(_problem("WhiteOscillatingKings BlackOscillatingKings TypeC")) is None
