"""Twins: each twin's own problem, and the label and description Popeye prints for it."""

from __future__ import annotations

import re

import pytest

from conftest import reference
from grammar import ProblemError, load, load_file
from grammar.stipulation import parse_stipulation
from solver.model.problem import BLACK, NEUTRAL, WHITE, Piece, Problem, Twin, TwinCommand
from solver.model.twins import TwinError, expand_twins, twin_label

TWIN_FILES = ["beispiel/castling", "beispiel/duplex", "beispiel/ep", "beispiel/intell", "beispiel/max_var",
              "beispiel/stip", "beispiel/twin", "english/twins_h2_duplex"]


@pytest.mark.parametrize("name", TWIN_FILES)
def test_labels_and_descriptions_are_popeyes(name):
    out = reference("popeye", name + ".out").read_text(encoding="latin-1").split("\n")
    # twin lines; 'b) Nach Ausfuehrung...' is a title in castling.inp, not a twin
    expected = [line for line in out if re.match(r"^\+?(?:[a-z]|z\d+)\) ", line) and "Nach Ausf" not in line]
    ours = []
    for item in load_file(reference("popeye", name + ".inp")):
        problem = item.problem if isinstance(item, ProblemError) else item
        ours.extend(f"{t.label} {t.description}" for t in expand_twins(problem) if t.label)
    assert ours == expected


def problem_with(pieces, twins, zero=False, language="de") -> Problem:
    return Problem(pieces=tuple(sorted(pieces)), stipulation=parse_stipulation("h#2"),
                   twins=tuple(twins), zero_position=zero, language=language)


KINGS = [Piece("e1", WHITE, "K"), Piece("e8", BLACK, "K")]


def only(twins):
    return [(t.label, t.description) for t in twins]


def test_no_twins():
    [single] = expand_twins(problem_with(KINGS, []))
    assert single.label is None and single.description == "" and single.problem.twins == ()


def test_move_onto_a_piece_removes_it_first():
    board = KINGS + [Piece("a4", BLACK, "P"), Piece("b4", WHITE, "R")]
    twins = expand_twins(problem_with(board, [Twin((TwinCommand("move", ("b4", "a4")),))]))
    assert only(twins) == [("a)", ""), ("b)", "-sBa4  wTb4-->a4  ")]
    assert Piece("a4", WHITE, "R") in twins[1].problem.pieces and len(twins[1].problem.pieces) == 3


def test_add_on_an_occupied_square_is_written_without_plus():
    board = KINGS + [Piece("b5", BLACK, "S")]
    twins = expand_twins(problem_with(board, [Twin((TwinCommand("add", (BLACK, "B", "b5")),)),
                                              Twin((TwinCommand("add", (BLACK, "B", "h6")),))]))
    assert only(twins)[1:] == [("b)", "sLb5  "), ("c)", "+sLh6  ")]


def test_remove_then_add_and_continued_twins():
    board = KINGS + [Piece("c8", BLACK, "R"), Piece("a2", BLACK, "B"), Piece("e7", WHITE, "P")]
    twins = expand_twins(problem_with(board, [
        Twin((TwinCommand("remove", ("c8",)),)),
        Twin((TwinCommand("remove", ("a2",)),), continued=True),
        Twin((TwinCommand("remove", ("e7",)), TwinCommand("add", (WHITE, "Q", "f8")))),
    ]))
    assert only(twins) == [("a)", ""), ("b)", "-sTc8  "), ("+c)", "-sLa2  "), ("d)", "-wBe7  +wDf8  ")]
    assert {p.square for p in twins[2].problem.pieces} == {"e1", "e8", "e7"}       # c8 and a2 gone
    assert {p.square for p in twins[3].problem.pieces} == {"e1", "e8", "c8", "a2", "f8"}   # from the diagram


def test_exchange_rotate_mirror_shift_polish_substitute():
    board = [Piece("a1", WHITE, "K"), Piece("a8", BLACK, "K"), Piece("b2", WHITE, "N")]
    cases = [
        (TwinCommand("exchange", ("a1", "a8")), "wKa1<-->sKa8  ", {("a1", BLACK), ("a8", WHITE), ("b2", WHITE)}),
        (TwinCommand("rotate", ("90",)), "Drehung 90  ", {("h1", WHITE), ("a1", BLACK), ("g2", WHITE)}),
        (TwinCommand("rotate", ("270",)), "Drehung 270  ", {("a8", WHITE), ("h8", BLACK), ("b7", WHITE)}),
        (TwinCommand("mirror", ("a1<-->h1",)), "Spiegelung a1<-->h1  ", {("h1", WHITE), ("h8", BLACK), ("g2", WHITE)}),
        (TwinCommand("mirror", ("a8<-->h1",)), "Spiegelung a8<-->h1  ", {("a1", WHITE), ("h1", BLACK), ("b2", WHITE)}),
        (TwinCommand("shift", ("a1", "b1")), "Verschiebung a1 ==> b1  ", {("b1", WHITE), ("b8", BLACK), ("c2", WHITE)}),
        (TwinCommand("polish"), "Farbwechsel  ", {("a1", BLACK), ("a8", WHITE), ("b2", BLACK)}),
    ]
    for command, description, squares in cases:
        [_, twin] = expand_twins(problem_with(board, [Twin((command,))]))
        assert twin.description == description
        assert {(p.square, p.color) for p in twin.problem.pieces} == squares, command
    [_, twin] = expand_twins(problem_with(board, [Twin((TwinCommand("substitute", ("N", "G")),))]))
    assert twin.description == "N ==> G  " and Piece("b2", WHITE, "G") in twin.problem.pieces


def test_stipulation_and_condition_twins_change_the_problem():
    from grammar.conditions import read_condition_text
    conditions = tuple(read_condition_text("ChameleonCirce"))
    twins = expand_twins(problem_with(KINGS, [
        Twin((TwinCommand("stipulation", ("h=2",), stipulation=parse_stipulation("h=2")),)),
        Twin((TwinCommand("condition", ("ChameleonCirce",), conditions=conditions),)),
    ]))
    assert only(twins)[1:] == [("b)", "h=2  "), ("c)", "Circe Chamaeleon  ")]
    assert twins[1].problem.stipulation.goal == "=" and twins[2].problem.stipulation.goal == "#"
    assert twins[2].problem.conditions == conditions and twins[1].problem.conditions == ()


def test_zero_position_twins_are_a_b():
    board = KINGS + [Piece("h4", WHITE, "R")]
    twins = expand_twins(problem_with(board, [Twin((TwinCommand("move", ("h4", "g1")),)),
                                              Twin((TwinCommand("remove", ("h4",)),))], zero=True))
    assert only(twins) == [("a)", "wTh4-->g1  "), ("b)", "-wTh4  ")]


def test_english_and_french_letters_and_neutral_pieces():
    board = KINGS + [Piece("e6", WHITE, "R")]
    english = expand_twins(problem_with(board, [Twin((TwinCommand("add", (NEUTRAL, "S", "e6")),)),
                                                Twin((TwinCommand("move", ("e1", "d1")),))], language="en"))
    assert only(english)[1:] == [("b)", "nSe6  "), ("c)", "wKe1-->d1  ")]
    french = expand_twins(problem_with(board, [Twin((TwinCommand("remove", ("e8",)),))], language="fr"))
    assert french[1].description == "-nRe8  "      # French: noir, Roi


def test_labels_after_z():
    assert [twin_label(i) for i in (0, 1, 25, 26, 27)] == ["a)", "b)", "z)", "z1)", "z2)"]


@pytest.mark.parametrize("command, message", [
    (TwinCommand("move", ("a3", "a4")), "no piece on a3"),
    (TwinCommand("remove", ("a3",)), "no piece on a3"),
    (TwinCommand("exchange", ("e1", "a3")), "no piece on a3"),
    (TwinCommand("shift", ("e1", "e3")), "off the board"),
])
def test_impossible_changes(command, message):
    with pytest.raises(TwinError, match=message):
        expand_twins(problem_with(KINGS, [Twin((command,))]))


def test_the_grammar_reports_impossible_twins_where_they_are_written():
    [item] = load("anfangproblem\nford h#2\nstei weis ke1 schw ke8\nzwilling versetze a3 a4\nende\n", "t")
    assert "twin b): no piece on a3 to move" in item.error.message
    assert (item.error.line, item.error.column) == (4, 19)
