"""Conditions whose moves change the mover (solver/conditions/changers.py:
AndernachChess, AntiAndernachChess, ChameleonChess, Volage, Hypervolage)
Take&MakeChess (solver/conditions/takemake.py) and Make&TakeChess
(solver/conditions/maketake.py): make and unmake
restore every line exactly, perft is the same on the generic path, the
notation reads back, and what is refused is refused by name.  (Their
solutions against Popeye's: tests/test_popeye_conditions.py, on
tests/data/capturer/.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import state, walk
from solver.conditions.registry import rules_for
from solver.conditions.variant import GENERIC_ENV
from solver.engine.board import parse_square
from solver.engine.perft import perft
from solver.model.record import component
from solver.model.tree import Turn
from solver.output.notation import parse_turn, turn_text
from solver.run.solve import unsupported_reason

DATA = Path(__file__).resolve().parent / "data" / "capturer"


def _problems(stipulation: str | None = None):
    out = []
    for path in sorted(DATA.glob("*.inp")):
        for problem in grammar.load_file(path):
            if not isinstance(problem, grammar.ProblemError) and (
                    stipulation is None or problem.stipulation.text == stipulation):
                out.append(problem)
    return out


def _start(problem):
    rules = rules_for(problem)
    black = problem.stipulation.play == "help"
    return rules, rules.position(problem, -1 if black else 1)


_state, _walk = state, walk  # tests/effects_walk.py


def test_make_unmake_restore_every_line_of_two_moves():
    lines = 0
    names = set()
    for problem in _problems("~1"):
        rules, pos = _start(problem)
        lines += _walk(rules, pos, 2)
        names |= {c.name for c in problem.conditions}
    assert names == {"AndernachChess", "AntiAndernachChess", "ChameleonChess", "Volage",
                     "Hypervolage", "Take&MakeChess", "MarsCirce", "Make&TakeChess"}
    assert lines > 15_000


def test_perft_is_the_same_on_the_generic_path(monkeypatch):
    chosen = _problems("~1")[::4]
    fast = [perft(*_start(p), 3) for p in chosen]
    monkeypatch.setenv(GENERIC_ENV, "1")
    assert [perft(*_start(p), 3) for p in chosen] == fast


def _load(text: str):
    [problem] = grammar.load(text, "x.inp")
    return problem


def _texts(problem) -> dict[str, int]:
    rules, pos = _start(problem)
    return {turn_text(Turn((component(pos, m),))): m for m in rules.turns(pos)}


def test_volage_changes_a_piece_once_and_hypervolage_every_time():
    source = ("BeginProblem\nCondition {}\nPieces White Ka1 Rh2 Black Kc8\n"
              "Stipulation ~1\nEndProblem\n")
    for name, twice in (("Volage", False), ("Hypervolage", True)):
        problem = _load(source.format(name))
        rules, pos = _start(problem)
        texts = _texts(problem)
        assert "Rh2-h3=b" in texts and "Rh2-h4" in texts
        rules.play(pos, texts["Rh2-h3=b"])          # now a black rook on h3
        back = {turn_text(Turn((component(pos, m),))): m for m in rules.turns(pos)}
        assert ("Rh3-h4=w" in back) == twice and ("Rh3-h4" in back) != twice


def test_take_and_make_loses_the_castling_right_of_the_rook_taken():
    problem = _load("BeginProblem\nCondition Take&MakeChess\nPieces White Ke1 Rh1 "
                    "Black Ke8 Rh8 Ra8\nStipulation ~1\nEndProblem\n")
    rules, pos = _start(problem)
    texts = _texts(problem)
    rights = pos.castling
    rules.play(pos, texts["Rh1*h8-g8"])
    assert "0-0" not in {turn_text(Turn((component(pos, m),))) for m in rules.turns(pos)}
    assert pos.castling != rights and pos.hash == pos.compute_hash()
    rules.play(pos, next(iter(rules.turns(pos))))   # a black move, then White's rook back
    assert pos.board[parse_square("g8")] > 0


def test_take_and_make_back_to_the_departure_square():
    problem = _load("BeginProblem\nCondition Take&MakeChess\nPieces White Ka1 Rd1 "
                    "Black Kh5 Rd5\nStipulation ~1\nEndProblem\n")
    rules, pos = _start(problem)
    texts = _texts(problem)
    assert {"Rd1*d5-d1", "Rd1*d5-d8", "Rd1*d5-d2"} <= set(texts)
    assert "Rd1*d5" not in texts                  # a capture must make
    before = _state(pos)
    rules.play(pos, texts["Rd1*d5-d1"])
    assert pos.board[parse_square("d1")] > 0 and not pos.board[parse_square("d5")]
    rules.undo(pos, texts["Rd1*d5-d1"])
    assert _state(pos) == before


@pytest.mark.parametrize("text, language", [
    ("Ra1*a6=b", "en"), ("g7*h8=Q=b +", "en"), ("Qd4-b2=S", "en"), ("e2-e4=b", "en"),
    ("Dd4*d7=s", "de"), ("Qd4*d5-d4", "en"), ("b7*c8-a8=Q +", "en"), ("b6*c7-c5", "en"),
    ("Rd1*d5-d1", "en"),
])
def test_notation_round_trip(text, language):
    assert turn_text(parse_turn(text, language, "white"), language) == text


@pytest.mark.parametrize("conditions, pieces, expected", [
    ("ChameleonChess S Q R B", "", "condition ChameleonChess S is not supported"),
    ("AndernachChess ChameleonChess", "", "ChameleonChess with AndernachChess is not supported"),
    ("Volage Marseillais", "", "Volage with Marseillais is not supported"),
    ("Take&MakeChess Absolute", "", "Take&MakeChess Absolute is not supported"),
    ("Take&MakeChess", "Gc3", "Take&MakeChess with fairy pieces is not supported"),
    ("Take&MakeChess Madrasi", "", "Madrasi with Take&MakeChess is not supported"),
    ("Make&TakeChess", "Gc3", "Make&TakeChess with fairy pieces is not supported"),
    ("Make&TakeChess Madrasi", "", "Madrasi with Make&TakeChess is not supported"),
    ("Make&TakeChess Circe", "", "Circe with Make&TakeChess is not supported"),
])
def test_what_is_refused_is_named(conditions, pieces, expected):
    problem = _load(f"begin\ncondition {conditions}\npieces white Ke1 {pieces} black Ke8\n"
                    f"stip #2\nend\n")
    reason = unsupported_reason(problem)
    assert reason is not None and expected in reason, reason


def _make_take(stipulation: str | None = None):
    return [p for p in _problems(stipulation) if p.conditions[0].name == "Make&TakeChess"]


def test_make_and_take_perft_is_the_same_on_the_generic_path(monkeypatch):
    chosen = _make_take("~1")
    assert len(chosen) >= 20
    fast = [perft(*_start(p), 2) for p in chosen]
    monkeypatch.setenv(GENERIC_ENV, "1")
    assert [perft(*_start(p), 2) for p in chosen] == fast


def test_make_and_take_captures_only_after_a_make_with_the_victims_walk():
    # the rook takes the knight after a knight's leap (to b5), the pawn after
    # a black pawn's step down (to d3); not the pawn beside it (from d3 the rook reaches no f4)
    problem = _load("BeginProblem\nCondition Make&TakeChess\nPieces White Ka1 Rd4 "
                    "Black Kh8 Pd6 Sb6 Pf4\nStipulation ~1\nEndProblem\n")
    texts = _texts(problem)
    assert {"Rd4*b6", "Rd4*d6"} <= set(texts) and "Rd4*f4" not in texts
    rules, pos = _start(problem)
    before = _state(pos)
    rules.play(pos, texts["Rd4*b6"])
    assert pos.board[parse_square("b6")] > 0 and pos.hash == pos.compute_hash()
    rules.undo(pos, texts["Rd4*b6"])
    assert _state(pos) == before


def test_make_and_take_check_is_a_capture_after_a_king_step():
    # the pawn on d7 observes e8 but no king's step takes it where it would;
    # the rook on d1 does not, but steps to e2 and takes along the e-file
    for pieces, check in (("Pd7", False), ("Rd1", True)):
        problem = _load(f"BeginProblem\nCondition Make&TakeChess\nPieces White Ka1 {pieces} "
                        f"Black Ke8\nStipulation ~1\nEndProblem\n")
        rules, pos = _start(problem)
        assert rules.in_check(pos, -1) == check
