"""AntiMarsCirce against Popeye (solver.conditions.antimars).

tests/data/antimars/: random orthodox positions under `AntiMarsCirce`
(`AntiMarsCirce`: with pawns a step from promotion; `AntiMarsCirceCastling`:
kings at home more often than not, rooks on their corners and elsewhere), in
`~1`, #2 (with tries), h#2 and s#2, made by `tests/generate_popeye_data.py
--antimars`, and `Targeted.inp` written by hand (castling with the king or a
rook lifted home, twice for a king at home with its own right, out of check,
across an attacked square; pawns' steps and double steps from the 2nd rank,
e.p. after one, a double step back to the pawn's square, promotions by
capture; a king whose home is taken; no move back to the own square), each
solved by Popeye 4.104; every case on the fast path and on the generic one."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import state, walk
from popeye_reference import cases, problem_of, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square
from solver.engine.move import CASTLE, LIFTED, VIA
from solver.engine.perft import perft
from solver.model.record import component
from solver.model.tree import Turn
from solver.output.notation import parse_turn, turn_text
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "antimars"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"AntiMarsCirce", "AntiMarsCirceCastling", "Targeted"}
    assert len(CASES) >= 50


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)


@pytest.fixture(params=["fast", "generic"])
def path(request, monkeypatch) -> str:
    """Each test of the rule itself on both paths (FEERIE_GENERIC=1 for the generic one)."""
    if request.param == "generic":
        monkeypatch.setenv("FEERIE_GENERIC", "1")
    return request.param


def _start(pieces: str, stip: str = "~1", side: int = 1):
    problem = problem_of("AntiMarsCirce", pieces, stip)
    rules = rules_for(problem)
    return rules, rules.position(problem, side)


def _texts(rules, pos) -> dict[str, int]:
    out = {}
    for m in rules.turns(pos):
        [c] = rules.describe(pos, m)
        out.setdefault(turn_text(Turn((c,))), m)
    return out


def test_make_unmake_restore_every_line(path):
    lines = 0
    for pieces in ("white Ke2 Rh1 Pc5 Pg4 Sb1 black Kf6 Rh5 Pb3 Pd4",
                   "white Kd2 Rd5 Bc1 black Ka8 Rc6 Pe5 Pf4",
                   "white Kg1 Rf1 Qd4 black Ke8 Ra8 Sg8"):
        rules, pos = _start(pieces)
        lines += walk(rules, pos, 3)
    assert lines > 5_000


def test_perft_is_the_same_on_the_generic_path(monkeypatch):
    pieces = "white Ke2 Rh1 Pc5 Pg4 Sb1 black Kf6 Rh5 Pb3 Pd4"
    fast = perft(*_start(pieces), 3)
    monkeypatch.setenv("FEERIE_GENERIC", "1")
    assert perft(*_start(pieces), 3) == fast


def test_a_non_capture_goes_from_the_rebirth_square_and_a_capture_from_the_own(path):
    rules, pos = _start("white Kc3 Rd4 black Kh8 Pd6 Pa5")
    texts = _texts(rules, pos)
    assert {"Rd4-a1-a4", "Rd4-a1-b1", "Rd4*d6"} <= set(texts)
    assert "Rd4-d5" not in texts and "Rd4-a1*a5" not in texts
    assert texts["Rd4-a1-a4"] & VIA
    # the king moves from its home square, lifted there
    assert "Kc3-e1-d2" in texts and "Kc3-b2" not in texts


def test_no_move_back_to_the_own_square(path):
    rules, pos = _start("white Kc3 Ra5 black Kh8")
    texts = _texts(rules, pos)
    assert {"Ra5-a1-a4", "Ra5-a1-a6", "Ra5-a1-h1"} <= set(texts)
    assert not any(t.endswith("-a5") for t in texts)


def test_a_double_step_from_the_rebirth_square_sets_the_ep_square_beside_it(path):
    rules, pos = _start("white Ka1 Pc5 Pa5 black Kh8 Pb3", side=-1)
    texts = _texts(rules, pos)
    before = state(pos)
    rules.play(pos, texts["b3-b7-b5"])
    assert pos.ep == (parse_square("b6"),) and pos.hash == pos.compute_hash()
    assert {"c5*b6 ep.", "a5*b6 ep."} <= set(_texts(rules, pos))
    rules.undo(pos, texts["b3-b7-b5"])
    assert state(pos) == before


def test_castling_with_king_and_rook_lifted_home(path):
    rules, pos = _start("white Ka1 black Kf6 Rh5", side=-1)
    texts = _texts(rules, pos)
    m = texts["[bKf6->e8][bRh5->a8]0-0-0"]
    assert (m >> 14) & 7 == CASTLE and m & LIFTED
    before = state(pos)
    rules.play(pos, m)
    assert pos.board[parse_square("c8")] < 0 and pos.board[parse_square("d8")] < 0
    assert not pos.board[parse_square("f6")] and not pos.board[parse_square("h5")]
    assert pos.hash == pos.compute_hash()
    rules.undo(pos, m)
    assert state(pos) == before


def test_a_kings_move_keeps_its_rooks_right(path):
    # Kf1*g1 takes no right; the king, lifted home from g1, castles with Rh1
    rules, pos = _start("white Kf1 Rh1 black Ka8 Bg1 Pa7", side=1)
    texts = _texts(rules, pos)
    rules.play(pos, texts["Kf1*g1"])
    rules.play(pos, _texts(rules, pos)["a7-a6"])
    assert "[wKg1->e1]0-0" in _texts(rules, pos)


def test_the_notation_reads_back():
    for text in ("[bKf6->e8][bRh5->a8]0-0-0", "[wKg1->e1]0-0 #", "Rd4-a1-a5 +", "b3-b7-b5", "g4-g2-g4"):
        assert turn_text(parse_turn(text)) == text


@pytest.mark.parametrize("pieces, condition, reason", [
    ("white Ke1 Rh1 Ra1 black Ke8", "AntiMarsCirce",
     "condition AntiMarsCirce with a white rook on its corner beside another white rook or pawn"),
    ("white Ke1 Rh1 Pb2 black Ke8", "AntiMarsCirce",
     "condition AntiMarsCirce with a white rook on its corner beside another white rook or pawn"),
    ("white Ke1 black Ke8", "AntiMarsCirce RexExclusive", "condition AntiMarsCirce RexExclusive is not supported"),
    ("white Ke1 black Ke8", "AntiMarsCirce Mirror", "condition AntiMarsCirce Mirror is not supported"),
    ("white Ke1 black Ke8", "AntiMarsCirce Madrasi", "condition Madrasi with AntiMarsCirce is not supported"),
    ("white Ke1 black Ke8 neutral pc5", "AntiMarsCirce", "with neutral pieces is not supported"),
    ("white Ke1 Nd4 black Ke8", "AntiMarsCirce", "condition AntiMarsCirce with fairy pieces is not supported"),
])
def test_what_is_refused_by_name(pieces, condition, reason):
    problem = problem_of(condition, pieces, "#2")
    said = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert reason in (said or "")


def test_option_nocastling_is_refused_by_name():
    [problem] = grammar.load("begin\ncondition AntiMarsCirce\noption NoCastling e1\npieces white Ke1 black Ke8\n"
                             "stip #2\nend\n", "x.inp")
    assert "condition AntiMarsCirce with option NoCastling is not supported" in (unsupported_reason(problem) or "")


def test_component_of_a_move_via_the_rebirth_square():
    rules, pos = _start("white Kc3 Rd4 black Kh8")
    m = next(m for m in rules.turns(pos) if m & VIA and (m >> 7) & 127 == parse_square("a5"))
    assert component(pos, m).via == "a1"
