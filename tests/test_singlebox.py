"""SingleBox Type2 and Type3 (solver/conditions/singlebox.py): make and
unmake restore every line with latent promotions exactly, the notation of
each move reads back as the move, and the rules Popeye 4.104 plays in small
positions written by hand.  (Their solutions against Popeye's:
tests/test_popeye_conditions.py, on tests/data/popeye_conditions/SingleBoxType2
and SingleBoxType3.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import walk
from solver.conditions.registry import rules_for
from solver.model.record import component
from solver.model.tree import Turn
from solver.output.notation import parse_turn, turn_text

DATA = Path(__file__).resolve().parent / "data" / "popeye_conditions"


def _problems(name: str, stipulation: str = "~1"):
    return [p for p in grammar.load_file(DATA / f"{name}.inp")
            if not isinstance(p, grammar.ProblemError) and p.stipulation.text == stipulation]


def _start(problem, side: int = 1):
    rules = rules_for(problem)
    return rules, rules.position(problem, side)


def _texts(rules, pos) -> list[str]:
    return [turn_text(Turn((component(pos, m),))) for m in rules.turns(pos)]


@pytest.mark.parametrize("name", ["SingleBoxType2", "SingleBoxType3"])
def test_make_unmake_restore_every_line_of_two_moves(name):
    lines = 0
    for problem in _problems(name)[::2]:
        rules, pos = _start(problem)
        lines += walk(rules, pos, 2)
    assert lines > 2_000, lines


@pytest.mark.parametrize("name", ["SingleBoxType2", "SingleBoxType3"])
def test_every_move_reads_back(name):
    marked = 0
    for problem in _problems(name):
        for side, colour in ((1, "white"), (-1, "black")):
            rules, pos = _start(problem, side)
            for m in rules.turns(pos):
                turn = Turn((component(pos, m),))
                text = turn_text(turn)
                marked += "[" in text
                assert parse_turn(text, "en", colour) == turn, text
    assert marked > 20


def _load(conditions: str, pieces: str, side: int = 1):
    [problem] = grammar.load(f"BeginProblem\nCondition SingleBox {conditions}\nPieces {pieces}\n"
                             "Stipulation ~1\nEndProblem\n", "x.inp")
    return _start(problem, side)


def test_type2_a_pawn_stays_a_pawn_only_when_no_officer_is_in_the_box():
    # Popeye 4.104: with every white officer on the board, c7-c8 (a latent pawn) is played,
    # and no promotion to a piece that is not in the box
    full = "White Ka1 Qd1 Rh1 Rh2 Bc1 Bf1 Sb1 Sg1 Pc7 Black Ke5 Rb8"
    texts = _texts(*_load("Type2", full))
    assert "c7-c8" in texts and "c7*b8" in texts and not any("c8=" in t for t in texts)
    # a knight in the box: the pawn must promote to it
    texts = _texts(*_load("Type2", full.replace(" Sg1", "")))
    assert "c7-c8=S" in texts and "c7-c8" not in texts


def test_type2_the_capture_of_an_officer_promotes_the_others_latent_pawn():
    # Popeye 4.104 (BEISPIEL/sbtype2.inp, 3): Ta1*a2[h8=T]; g8=T would check the mover
    rules, pos = _load("Type2", "White Ke6 Qb8 Ra2 Rb1 Bb7 Bc8 Sa7 Sa8 Pa6 Pb5 Pb6 Pc6 Pc7 "
                                "Pg8 Ph8 Black Ke8 Ra1 Pa4", -1)
    texts = _texts(rules, pos)
    assert "Ra1*a2[h8=R]" in texts and "Ra1*b1[h8=R]" in texts
    assert not any("g8=" in t for t in texts) and "Ra1*a2" not in texts


def test_type3_a_latent_pawn_checks_as_an_officer_of_its_box():
    # Popeye 4.104: the black latent pawn a1 checks along the a-file as the boxed queen
    rules, pos = _load("Type3", "White Ka5 Qh3 Rh1 Rh2 Bg1 Bf1 Sb1 Sd1 Pc5 "
                                "Black Ke8 Rb8 Rc8 Bb7 Bh7 Sd7 Sd8 Pa1 Pe3")
    assert sorted(_texts(rules, pos)) == ["Ka5-b4", "Ka5-b5", "Rh2-a2", "Sb1-a3"]
