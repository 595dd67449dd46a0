"""Move notation per language, and reading it back."""

from __future__ import annotations

import pytest

from solver.model.problem import BLACK, WHITE
from solver.output.notation import (
    NotationError, component_text, move_text, parse_turn, piece_kind, piece_letter, turn_text,
)
from solver.model.tree import Component, Turn


def test_piece_letters():
    assert [piece_letter(k, "en") for k in "KQRBSP"] == list("KQRBSP")
    assert [piece_letter(k, "fr") for k in "KQRBSP"] == list("RDTFCP")
    assert [piece_letter(k, "de") for k in "KQRBSP"] == list("KDTLSB")
    assert piece_letter("N", "en") == "N" and piece_letter("G", "fr") == "S" and piece_letter("CA", "fr") == "CH"
    assert piece_kind("S", "en") == "S" and piece_kind("S", "fr") == "G" and piece_kind("C", "fr") == "S"
    assert piece_kind("L", "de") == "B" and piece_kind("B", "de") == "P" and piece_kind("Zz", "en") is None
    with pytest.raises(ValueError):
        piece_letter("K", "it")


@pytest.mark.parametrize("component, en, fr, de", [
    (Component("R", "c2", "c3"), "Rc2-c3", "Tc2-c3", "Tc2-c3"),
    (Component("R", "h1", "d1", capture=True), "Rh1*d1", "Th1*d1", "Th1*d1"),
    (Component("P", "c7", "c8", promotion="S"), "c7-c8=S", "c7-c8=C", "c7-c8=S"),
    (Component("P", "c7", "b8", capture=True, promotion="Q"), "c7*b8=Q", "c7*b8=D", "c7*b8=D"),
    (Component("K", "e1", "g1", castling="0-0"), "0-0", "0-0", "0-0"),
    (Component("K", "e8", "c8", castling="0-0-0"), "0-0-0", "0-0-0", "0-0-0"),
    (Component("P", "g4", "f3", capture=True, en_passant=True), "g4*f3 ep.", "g4*f3 ep.", "g4*f3 ep."),
    (Component("R", "a8", "g5", exchange=True), "Ra8<->Rg5", "Ta8<->Tg5", "Ta8<->Tg5"),
    (Component("B", "h3", "f1"), "Bh3-f1", "Fh3-f1", "Lh3-f1"),
    (Component("N", "b1", "h4"), "Nb1-h4", "Nb1-h4", "Nb1-h4"),
])
def test_component_text(component, en, fr, de):
    assert component_text(component, "en") == en
    assert component_text(component, "fr") == fr
    assert component_text(component, "de") == de
    side = BLACK if component.frm.endswith("8") else WHITE
    for language, text in (("en", en), ("fr", fr), ("de", de)):
        assert parse_turn(text, language, side).components == (component,)


def test_turns_marks_and_marseillais():
    turn = Turn((Component("K", "g8", "h7"), Component("K", "h7", "h6")), "+")
    assert move_text(turn) == "Kg8-h7,Kh7-h6"
    assert turn_text(turn) == "Kg8-h7,Kh7-h6 +"
    assert parse_turn("Kg8-h7,Kh7-h6 +") == turn
    assert turn_text(parse_turn("Rg5-d5 #")) == "Rg5-d5 #"
    assert parse_turn("Qd8-a5 +").mark == "+"
    assert parse_turn("0-0-0 +", side=WHITE).components[0].to == "c1"
    assert parse_turn("0-0", side=BLACK).components[0].frm == "e8"
    assert parse_turn("Kh1-g1 z").mark == "z"
    assert parse_turn("0-0-0 + z", side=WHITE).mark == "+ z"


@pytest.mark.parametrize("text", [
    "Sc5*e4[wSg1]",      # an effect without its sign: neither added, removed nor moved
    "Sc5*e4[-wSg1->g2]", # a movement with a sign
    "nTe4*e5",           # a neutral piece of a letter English has not (German T)
    "Tf8-f7=x",          # a colour letter of no language
    "Pe2-e4",            # a pawn with its letter
    "Ra8<->Bg5",         # an exchange of different pieces
    "Rc2-c3 ep.",        # e.p. by a rook
    "Zz1-a1", "", "e9-e4",
])
def test_unmappable_notation(text):
    with pytest.raises(NotationError):
        parse_turn(text, "de" if text.startswith(("T", "D")) else "en")


def test_locust_capture_takes_on_one_square_and_lands_on_the_next():
    """Popeye writes a locust's capture from, '*', the square taken on, '-', the landing square."""
    turn = parse_turn("Lh8*f6-e5 +")
    [c] = turn.components
    assert (c.kind, c.frm, c.captured, c.to, c.capture) == ("L", "h8", "f6", "e5", True)
    assert turn_text(turn, "en") == "Lh8*f6-e5 +"
    assert turn_text(parse_turn("LRc5*c6-c7"), "de") == "HTc5*c6-c7"
    assert parse_turn("HTc5*c6-c7", "de") == parse_turn("LRc5*c6-c7")
    # (`Lh8-f6-e5` reads now: AntiMarsCirce's move from its rebirth square, `Rd4-a1-a5`)
    for bad in ("Lh8-f6-e5-d4", "e5*d6-d7 ep."):
        with pytest.raises(NotationError):
            parse_turn(bad)
    # a pawn's Take&Make that promotes: taken on b8, made to a8
    [c] = parse_turn("c7*b8-a8=Q").components
    assert (c.frm, c.captured, c.to, c.promotion) == ("c7", "b8", "a8", "Q")


def test_a_change_of_colour_or_of_walk_after_a_move_is_read():
    """AndernachChess `Tf8-f7=w` (German: white), ChameleonChess `Da1-h8=S`."""
    [c] = parse_turn("Tf8-f7=w", "de").components
    assert c.effects[0].before[0] == BLACK and c.effects[0].after[0] == WHITE
    assert turn_text(parse_turn("Da1-h8=S", "de"), "en") == "Qa1-h8=S"
