"""One-line statements `FEN STIPULATION [CONDITION [PARAMETER...]]...` and stipulation text."""

from __future__ import annotations

import chess
import pytest

from grammar import ProblemError, load, parse_statement, parse_stipulation, starting_side
from grammar.stipulation import white_to_play
from solver.base.errors import InputError
from solver.model.problem import BLACK, WHITE, Condition, Piece

MESSIGNY_H2 = "8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 Messigny"
MESSIGNY_R2 = "3qrQ2/b5B1/2N5/3p2p1/6p1/1P1Pk3/4pR2/4K3 r#2 Messigny RexExclusive"
BLACK_H2 = "6k1/8/8/1bQ4P/8/K7/7p/8 b - - h=2"


def test_issue_examples():
    first = parse_statement(MESSIGNY_H2)
    assert first.stipulation.text == "h#2" and first.stipulation.play == "help"
    assert first.conditions == (Condition("Messigny"),)
    assert Piece("b6", BLACK, "S") in first.pieces     # FEN N is the model's S
    assert first.white_to_move is None and first.castling is None and first.en_passant == ()
    second = parse_statement(MESSIGNY_R2)
    assert second.conditions == (Condition("Messigny", ("RexExclusive",)),)
    assert second.stipulation.play == "reflex"
    third = parse_statement(BLACK_H2)
    assert third.white_to_move is False and third.castling == "-" and third.stipulation.goal == "="


@pytest.mark.parametrize("fen", [
    "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8",
])
def test_placement_agrees_with_python_chess(fen):
    problem = parse_statement(fen + " #2")
    board = chess.Board(fen + " w - - 0 1")
    expected = {(chess.square_name(sq), WHITE if p.color else BLACK, p.symbol().upper().replace("N", "S"))
                for sq, p in board.piece_map().items()}
    assert {(p.square, p.color, p.kind) for p in problem.pieces} == expected


def test_fen_fields_castling_en_passant_and_clocks():
    problem = parse_statement("4k3/8/8/3pP3/8/8/8/4K2R w Kk d6 0 1 #2")
    assert problem.white_to_move is True
    assert problem.castling == "Kk"
    assert problem.en_passant == ("d6",)


def test_marseillais_parameters_are_normalised():
    problem = parse_statement("4k3/8/8/8/8/8/8/4K3 h#2 Marseillais NoChecks Balanced GameSite")
    assert problem.conditions == (Condition("Marseillais", ("Balanced", "GameSite", "NoChecks")),)
    both = parse_statement("4k3/8/8/8/8/8/8/4K3 h#2 Messigny RexInclusive Marseillais")
    assert both.conditions == (Condition("Messigny"), Condition("Marseillais"))


@pytest.mark.parametrize("line, message, column", [
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 hh#2", "unknown stipulation 'hh#2'", 34),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#0", "at least 1", 35),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 #0", "at least 1", 34),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 Xyzzy", "unknown condition 'Xyzzy'", 37),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 Messigny Xyzzy", "neither a parameter of Messigny nor a condition", 46),
    ("8/P6K/qn2b1P1/3pp3k/5P1p/8/2r5/8 h#2", "FEN rank 5 ('3pp3k') has 9 squares, not 8", 15),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/9 h#2", "empty squares are counted 1 to 8", 31),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5 h#2", "the FEN has 7 ranks, not 8", 1),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2x5/8 h#2", "unknown piece letter 'x'", 28),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 w h#2", "the FEN has white to move, but black moves first in h#2", 33),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 b #2", "black to move, but white moves first in #2", 33),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8", "missing stipulation", 33),
    ("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2 PhantomChess", "condition PhantomChess is not supported", 37),
])
def test_errors_give_the_column(line, message, column):
    with pytest.raises(InputError) as info:
        parse_statement(line)
    err = info.value
    assert message in err.message
    assert (err.line, err.column) == (1, column)
    assert err.text == line
    assert "^" in err.format()


def test_side_to_move_agrees_with_half_move_help_play():
    assert parse_statement("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 w h#2.5").white_to_move is True
    with pytest.raises(InputError, match="white moves first"):
        parse_statement("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 b h#2.5")


def test_a_file_of_statements():
    text = "# a comment\n" + MESSIGNY_H2 + "\n\n" + "8/8/8/8/8/8/8/8 hh#2\n" + BLACK_H2 + "\n"
    items = load(text, "s.txt")
    assert len(items) == 3
    assert items[0].stipulation.text == "h#2"
    assert isinstance(items[1], ProblemError) and items[1].error.line == 4
    assert items[2].line == 5 and items[2].source == "s.txt"


# --- stipulations ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, play, goal, moves, half, series", [
    ("#2", "direct", "#", 2, False, False), ("=3", "direct", "=", 3, False, False),
    ("h#2", "help", "#", 2, False, False), ("h#2.5", "help", "#", 2, True, False),
    ("h#0.5", "help", "#", 0, True, False), ("h=2", "help", "=", 2, False, False),
    ("s#2", "self", "#", 2, False, False), ("s=4", "self", "=", 4, False, False),
    ("r#2", "reflex", "#", 2, False, False), ("r=3", "reflex", "=", 3, False, False),
    ("ser-#4", "direct", "#", 4, False, True), ("ser-h#3", "help", "#", 3, False, True),
    ("ser-s#6", "self", "#", 6, False, True), ("ser-=7", "direct", "=", 7, False, True),
    ("ser-h=4", "help", "=", 4, False, True), ("ser-s=5", "self", "=", 5, False, True),
    ("semi-r#2", "semi-reflex", "#", 2, False, False), ("hs#3", "help-self", "#", 3, False, False),
    ("~1", "direct", "~", 1, False, False),
    ("H#2", "help", "#", 2, False, False),
    # the goals of solver.search.goals
    ("hx2", "help", "x", 2, False, False), ("ser-+6", "direct", "+", 6, False, True),
    ("002", "direct", "00", 2, False, False), ("ser-h009", "help", "00", 9, False, True),
    ("hze73", "help", "z", 3, False, False), ("ser-%4", "direct", "%", 4, False, True),
    ("ser-hep6", "help", "ep", 6, False, True), ("ser-sx7", "self", "x", 7, False, True),
    ("h==3", "help", "==", 3, False, False), ("#=2", "direct", "#=", 2, False, False),
    ("ser-!=7", "direct", "!=", 7, False, True), ("h~1", "help", "~", 1, False, False),
    ("hs+2", "help-self", "+", 2, False, False), ("h001.5", "help", "00", 1, True, False),
    # series reflex, help-reflex, help-self stalemate, series help-self (tests/test_playforms.py)
    ("ser-r#3", "reflex", "#", 3, False, True), ("ser-r=3", "reflex", "=", 3, False, True),
    ("ser-rx3", "reflex", "x", 3, False, True), ("hr#2", "help-reflex", "#", 2, False, False),
    ("hr#1.5", "help-reflex", "#", 1, True, False), ("hs=5.5", "help-self", "=", 5, True, False),
    ("ser-hs#5", "help-self", "#", 5, False, True), ("ser-hs003", "help-self", "00", 3, False, True),
    # proof games (solver.search.proofgame)
    ("dia4", "proof", "dia", 4, False, False), ("dia3.5", "proof", "dia", 3, True, False),
    ("exact-dia4", "proof", "dia", 4, False, False), ("ser-dia5", "proof", "dia", 5, False, True),
    ("a=>b3", "a=>b", "a=>b", 3, False, False), ("a=>b2.5", "a=>b", "a=>b", 2, True, False),
])
def test_supported_stipulations(text, play, goal, moves, half, series):
    stip = parse_stipulation(text)
    assert (stip.play, stip.goal, stip.moves, stip.half, stip.series) == (play, goal, moves, half, series)
    assert stip.unsupported is None and stip.text == text.lower()


@pytest.mark.parametrize("text, unsupported", [
    ("s##2", "double mate"), ("r##5", "double mate"), ("hs##!3", "counter-mate"), ("s!#1", "auto-mate"),
    ("ser-a=>b3", "goal a=>b"),
    ("exact-r#2", "exact- stipulations of reflex play"), ("exact-semi-r#3", "exact- stipulations of reflex"),
    ("reci-h(!#)#3", "auto-mate"), ("reci-h(=)##3", "double mate"),
    ("exact-ser-reci-h#3", "exact- series reciprocal"),
    ("pser-#3", "parry"), ("pser-s#3", "parry"), ("phser-r#3", "parry"), ("1->h#4", "introductory moves (n->) before play other than series"),
    ("0->ser-#4", "introductory"), ("2->ser-reci-h#3", "introductory"), ("2->ser-r#3", "introductory"),
    ("1->ser-hs#3", "introductory"), ("hr##2", "double mate"),
    ("reci-h(kd4)#2", "kiss"), ("reci-h(c81)##2", "double mate"),
])
def test_other_popeye_stipulations_parse_as_unsupported(text, unsupported):
    stip = parse_stipulation(text)
    assert stip.unsupported is not None and unsupported in stip.unsupported


def test_target_square_and_length_digits():
    assert (parse_stipulation("hze73").target, parse_stipulation("hze73").moves) == ("e7", 3)
    assert parse_stipulation("ser-szg121").target == "g1" and parse_stipulation("ser-szg121").moves == 21
    assert parse_stipulation("ser-h0014").goal == "00" and parse_stipulation("ser-h0014").moves == 14


@pytest.mark.parametrize("text, goal, reci_goal, moves, half, series, exact, shown", [
    ("reci-h#3", "#", "#", 3, False, False, False, "reci-h#3"),
    ("reci-h(=)#3", "#", "=", 3, False, False, False, "reci-h(=)#3"),
    ("reci-h(#)=2.5", "=", "#", 2, True, False, False, "reci-h(#)=2.5"),
    ("exact-reci-h(=)#3", "#", "=", 3, False, False, True, "exact-reci-h(=)#3"),
    ("ser-reci-h(#)=7", "=", "#", 7, False, True, False, "ser-reci-h(#)=7"),
    ("ser-reci-h(=)#1", "#", "=", 1, False, True, False, "reci-h(=)#1"),  # Popeye prints it so
])
def test_reciprocal_stipulations(text, goal, reci_goal, moves, half, series, exact, shown):
    stip = parse_stipulation(text)
    assert stip.unsupported is None and stip.play == "reciprocal-help"
    assert (stip.goal, stip.reci_goal, stip.moves, stip.half, stip.series, stip.exact, stip.text) == \
        (goal, reci_goal, moves, half, series, exact, shown)


def test_reciprocal_play_needs_a_whole_move():
    with pytest.raises(InputError, match="at least one whole move"):
        parse_stipulation("reci-h#0.5")


@pytest.mark.parametrize("text", ["exact-h#2", "exact-h#1.5", "exact-hs#2", "exact-ser-h#3", "exact-ser-#3",
                                  "exact-ser-s#2", "exact-hx2"])
def test_exact_line_play_is_supported(text):
    stip = parse_stipulation(text)
    assert stip.unsupported is None and stip.exact and stip.text == text


def test_exact_white_to_play_keeps_exact():
    assert white_to_play(parse_stipulation("exact-h#4")).text == "exact-h#3.5"


def test_exact_is_dropped_where_popeye_drops_it():
    stip = parse_stipulation("exact-=1")
    assert stip.text == "=1" and stip.unsupported is None


@pytest.mark.parametrize("text", ["hh#2", "h#0", "#0", "ser-#0", "ser-h#0", "#2.5", "s#1.5", "h#", "x", "",
                                  "h#2x", "#-1", "reci-h(#3"])
def test_bad_stipulations(text):
    with pytest.raises(InputError):
        parse_stipulation(text)


@pytest.mark.parametrize("text, side", [("#2", WHITE), ("h#2", BLACK), ("h#2.5", WHITE), ("s#2", WHITE),
                                        ("r#2", WHITE), ("ser-#3", WHITE), ("ser-h#3", BLACK),
                                        ("ser-s#3", WHITE), ("hs#3", WHITE), ("ser-hs#5", BLACK),
                                        ("reci-h#3", BLACK), ("1->ser-#4", BLACK), ("2->ser-h#3", WHITE), ("pser-h#3", BLACK), ("pser-#3", None)])
def test_starting_side(text, side):
    assert starting_side(parse_stipulation(text)) == side


def test_white_to_play_shortens_help_play():
    assert white_to_play(parse_stipulation("h#4")).text == "h#3.5"
    assert white_to_play(parse_stipulation("h002")).text == "h001.5"
    assert white_to_play(parse_stipulation("h#2.5")) is None
    assert white_to_play(parse_stipulation("#2")) is None


@pytest.mark.parametrize("text, intro, half_moves", [
    ("1->ser-#4", 1, 5), ("3->ser-#2", 3, 5), ("2->ser-h#3", 2, 6), ("1->ser-s#2", 1, 4),
    ("1->exact-ser-#3", 1, 4), ("ser-#3", 0, 3),
])
def test_introductory_moves_before_series_play(text, intro, half_moves):
    # m->: up to m series moves of the other side first (tests/test_popeye_goals.py's intro_ forms
    # compare the solutions with Popeye's)
    stip = parse_stipulation(text)
    assert stip.supported and stip.series and stip.text == text
    assert (stip.intro, stip.half_moves) == (intro, half_moves)
