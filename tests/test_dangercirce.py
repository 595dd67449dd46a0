"""DangerCirce against Popeye (solver.conditions.dangercirce).

tests/data/dangercirce/: random positions under `DangerCirce`, orthodox
(`DangerCirce`: with pawns a step from promotion) and with fairy pieces
(`DangerCirceFairy`: grasshopper, nightrider, camel, zebra, lion, amazon,
Berolina pawn), in `~1`, #2 (with tries), h#2 and s#2, made by
`tests/generate_popeye_data.py --dangercirce`, and `Targeted.inp` written
by hand (a king checked by a danger move, a danger move that is also a
walk's move and so listed twice, castling across a square a danger move
takes, checks that a king on its enemy's rebirth square may not give, a
try refuted by one move both ways, pawns' danger moves), each solved by
Popeye 4.104; every case on the fast path and on the generic one."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.move import DANGER
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "dangercirce"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"DangerCirce", "DangerCirceFairy", "Targeted"}
    assert len(CASES) >= 60


# over two seconds of CPU (measured on a loaded machine: run under FEERIE_SLOW_TESTS=1)
SLOW = ("DangerCirceFairy#20", "DangerCirceFairy#22", "DangerCirceFairy#24")
GENERIC_SLOW = ("DangerCirce#25", "DangerCirce#28", "DangerCirce#30", "DangerCirce#33", "DangerCirce#34",
                "DangerCirce#35", "DangerCirce#36")
# the orthodox cases on both paths (their fast path is the condition's own); the
# fairy ones, played on the generic generator either way, every third
GENERIC = [c for c in CASES if not c.startswith("DangerCirceFairy")] + [
    c for c in CASES if c.startswith("DangerCirceFairy")][::3]
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=GENERIC, slow=SLOW, generic_slow=GENERIC_SLOW)


@pytest.fixture(params=["fast", "generic"])
def path(request, monkeypatch) -> str:
    """Each test of the rule itself on both paths (FEERIE_GENERIC=1 for the generic one)."""
    if request.param == "generic":
        monkeypatch.setenv("FEERIE_GENERIC", "1")
    return request.param


def _problem(pieces: str, stip: str = "~1", condition: str = "DangerCirce"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_a_danger_move_that_is_a_walks_move_is_a_move_of_its_own(path):
    # Popeye lists Rh5-h1 twice: the rook, observed by Bf7, goes to h1 both ways
    problem = _problem("white Ka1 Rh5 black Ke8 Bf7")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    h5, h1 = 0x47, 0x07
    both = [m for m in rules.moves(pos) if m & 127 == h5 and (m >> 7) & 127 == h1]
    assert len(both) == 2 and sum(1 for m in both if m & DANGER) == 1


def test_a_king_on_the_rebirth_square_of_an_observed_enemy_is_in_check(path):
    # the pawn d3, observed by Rd1, would go back to d7, taking the king
    problem = _problem("white Kd7 Rd1 Sb1 black Ka8 Pd3")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    assert rules.in_check(pos, 1)
    # Rd1-d2 still observes d3; Rxd3, Rd1-c1, Sb1-d2 (cutting the rook off) and
    # the king's steps parry; Sb1-c3 does not
    d1, d2, d3, d7, b1, c1, c3, d8 = 0x03, 0x13, 0x23, 0x63, 0x01, 0x02, 0x22, 0x73
    moves = {(m & 127, (m >> 7) & 127) for m in rules.moves(pos)}
    assert {(d1, d3), (d1, c1), (b1, d2), (d7, d8)} <= moves
    assert not {(d1, d2), (b1, c3)} & moves


def test_a_pawns_danger_move_records_no_en_passant(path):
    # the black pawn on d5, observed by Bb3, goes back to d7: two ranks, no double step
    problem = _problem("white Ka1 Bb3 Pe5 black Kh8 Pd5", "h#1")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    [back] = [m for m in rules.moves(pos) if m & DANGER]
    assert (back & 127, (back >> 7) & 127) == (0x43, 0x63)
    pos.make(back)
    assert not pos.ep
    assert not any((m >> 7) & 127 == 0x53 for m in rules.moves(pos))


@pytest.mark.parametrize("pieces, condition, reason", [
    ("white Ka1 black Kh8 neutral pc5", "DangerCirce", "condition DangerCirce with neutral pieces is not supported"),
    ("white Ka1 black Kh8", "DangerCirce Circe", "condition Circe with DangerCirce is not supported"),
    ("white Ka1 black Kh8", "DangerCirce Madrasi", "condition Madrasi with DangerCirce is not supported"),
])
def test_what_is_refused_by_name(pieces, condition, reason):
    problem = _problem(pieces, "#2", condition)
    said = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert reason in (said or "")


def test_a_proof_game_is_refused_by_name():
    problem = _problem("white Ka1 black Kh8", "dia2")
    assert "condition DangerCirce with a proof game is not supported" in (unsupported_reason(problem) or "")
