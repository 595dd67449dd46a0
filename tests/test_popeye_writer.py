"""The Popeye-style text writer.

Whole outputs: for a few reference problems the Problem is built by hand
here, the solution trees come from Popeye's own output, and the writer must
reproduce the whole file except the banner line and the time figure. Trees
built by hand check the writer without the parser's help.
"""

from __future__ import annotations

import re

import pytest
from conftest import reference

from solver.model.problem import BLACK, Condition, Option, Piece, Problem, Stipulation, Twin, TwinCommand, WHITE
from solver.output.notation import parse_turn
from solver.output.popeye_output import is_progress_line, parse_output_file
from solver.output.popeye_writer import (
    banner, board_lines, centred, end_text, format_time, line_text, solution_text, stipulation_line,
    write_problem,
)
from solver.model.tree import LINE, Node, Phase, Role, Section, SectionKind, TREE, TwinSolution


def pieces(white: str, black: str, neutral: str = "") -> tuple[Piece, ...]:
    """Popeye's piece list: 'Kd6 Qa7 Rc2g5 Pb2b3' -> Pieces."""
    result = []
    for color, spec in ((WHITE, white), (BLACK, black), ("neutral", neutral)):
        for word in spec.split():
            kind, squares = re.match(r"([A-Z]+)((?:[a-h][1-8])+)$", word).groups()
            result.extend(Piece(squares[i:i + 2], color, kind) for i in range(0, len(squares), 2))
    return tuple(result)


def stipulation(text: str, play: str, goal: str, moves: int) -> Stipulation:
    return Stipulation(text, play, goal, moves)


def comparable(text: str) -> list[str]:
    """The lines to compare: no banner line, no counter lines, no time figure."""
    lines = [line for line in text.split("\n") if not is_progress_line(line)]
    if lines and (lines[0].startswith("Popeye ") or lines[0].startswith("feerie ")):
        lines = lines[1:]
    return [re.sub(r" (Time|Zeit|Temps) = .*$", " Time = (masked)", line) for line in lines]


def check_whole_output(name: str, problem: Problem, first_banner: bool = True):
    path = reference("popeye", name)
    [parsed] = parse_output_file(path)
    assert parsed.parsed
    written = write_problem(problem, parsed.twins, time_s=parsed.time_s,
                            banner_line=banner() if first_banner else None)
    assert written.startswith("feerie ") == first_banner
    assert comparable(written) == comparable(path.read_text())


GVOZDJAK = pieces("Kd6 Qa7 Rc2g5 Bh3h6 Sc5f2 Pb2b3d7e7g4g6", "Ke3 Qf7 Re1g1 Bg8h2 Sa6g3 Pb7e2e4f6g7")


def test_whole_output_direct_mate_with_try():
    problem = Problem(GVOZDJAK, stipulation("#2", "direct", "#", 2),
                      options=(Option("Variation"), Option("Try")), authors=("Peter Gvozdjak",),
                      award="3rd Prize, Osmo-Kaila-Memorial 1992")
    check_whole_output("english/direct_mate2.out", problem)


def test_whole_output_reflex_messigny_set_play():
    problem = Problem(
        pieces("Ke1 Qf8 Rf2 Bg7 Sc6 Pb3d3", "Ke3 Qd8 Re8 Ba7 Pd5e2g4g5"),
        stipulation("r#2", "reflex", "#", 2), conditions=(Condition("Messigny", ("RexExclusive",)),),
        options=(Option("Variation"), Option("SetPlay")),
        authors=("Bernd Ellinghoven", "Torsten Linss", "Hans Peter Rehm"), origin="Messigny 1998")
    check_whole_output("english/messigny_rexex_r2.out", problem)


def test_whole_output_twins_duplex():
    problem = Problem(
        pieces("Kd7 Qg7", "Kb5 Qa6"), stipulation("h#2", "help", "#", 2), options=(Option("Duplex"),),
        twins=(Twin((TwinCommand("stipulation", ("h=2",)),)), Twin((TwinCommand("move", ("d7", "e7")),))),
        authors=("Hans-Hilmar Staudte",), origin="feenschach 1972")
    check_whole_output("english/twins_h2_duplex.out", problem)


def test_whole_output_remark_noboard_empty_set_play():
    problem = Problem(
        pieces("Kf6 Pf7", "Kh7"), stipulation("#2", "direct", "#", 2),
        options=(Option("Variation"), Option("SetPlay"), Option("NoBoard")),
        remark='tiny block #2 (key leaves Black in zugzwang); shows "zugzwang." and set play')
    check_whole_output("english/direct_mate2_zugzwang.out", problem)


def test_whole_output_remark_without_authors():
    problem = Problem(
        pieces("Kh7 Pa7f4g6", "Kh5 Qa6 Rc2 Be6 Sb6 Pd5h4"), stipulation("h#2", "help", "#", 2),
        conditions=(Condition("Messigny", ("RexExclusive",)),),
        remark="first problem of BEISPIEL/messigny.inp, but with kings excluded from Messigny swaps")
    check_whole_output("english/messigny_rexex_h2.out", problem)


def test_whole_output_long_award_is_not_centred():
    problem = Problem(
        pieces("Kh7 Qh3 Re6 Bd4h5 Se1f1 Pd6f2f3", "Kg1 Pa2b2d7h4"), stipulation("h=2", "help", "=", 2),
        authors=("Jorge J. Lois",), award="1st Commendation, SEPA J.Candela 1975")
    check_whole_output("english/helpstalemate2.out", problem)


def test_whole_output_german_postkey_fairy_pieces():
    """German letters (D T L S B), fairy pieces on the diagram (N nightrider,
    G grasshopper), PostKeyPlay, no banner and no time (Popeye's -regression)."""
    problem = Problem(
        pieces("Qa7 Pe6 Gg6 Ba3b3 Sc3a2 Nf5 Gd1 Ka1", "Sb8 Rd8g4 Nh8h2 Pc7a6f6d5 Be7g2 Kc6 Gb4e2"),
        stipulation("#3", "direct", "#", 3), options=(Option("PostKeyPlay"),),
        authors=("Hans Peter Rehm",), origin='#32, "harmonie-31", 31.12.1990', language="de")
    path = reference("popeye", "beispiel", "postkey.out")
    [parsed] = parse_output_file(path)
    written = write_problem(problem, parsed.twins, time_s=None)
    assert comparable(written) == comparable(path.read_text())


# --- pieces of the header ----------------------------------------------------------

def test_centring_follows_popeye():
    assert centred("Peter Gvozdjak") == " " * 11 + "Peter Gvozdjak"
    assert centred("x" * 35) == " " + "x" * 35
    assert centred("x" * 36) == "x" * 36
    assert centred("x" * 40) == "x" * 40


def test_stipulation_line():
    problem = Problem(GVOZDJAK, stipulation("#2", "direct", "#", 2))
    assert stipulation_line(problem) == "  #2                        14 + 13"
    threat = Problem(GVOZDJAK[:3], stipulation("#4", "direct", "#", 4), options=(Option("Threat", ("1",)),))
    assert stipulation_line(threat) == "  #4/1                        3 + 0"
    neutral = Problem(pieces("Kd7", "Kd5", "Re4"), stipulation("#5", "direct", "#", 5))
    assert stipulation_line(neutral) == "  #5                     1 + 1 + 1n"
    long = Problem(GVOZDJAK, stipulation("ser-reci-h(=)#7xxxxxxxxxxx", "help", "#", 7))
    assert stipulation_line(long) == "  ser-reci-h(=)#7xxxxxxxxxxx14 + 13"
    for line in (stipulation_line(problem), stipulation_line(threat), stipulation_line(neutral)):
        assert len(line) == 35


def test_board_letters_per_language():
    board = pieces("Kd7 Qg7 Bc1 Sb1 Rh1 Pa2 CAe4", "Kb5 Qa6")
    english = board_lines(board, "en")
    assert english[0] == english[-1] == "+---a---b---c---d---e---f---g---h---+"
    assert len(english) == 19 and all(len(line) == 37 for line in english)
    assert english[4] == "7   .   .   .   K   .   .   Q   .   7"
    assert english[6] == "6  -Q   .   .   .   .   .   .   .   6"
    assert english[10] == "4   .   .   .   .  CA   .   .   .   4"
    assert board_lines(board, "de")[16] == "1   .   S   L   .   .   .   .   T   1"
    assert board_lines(board, "fr")[16] == "1   .   C   F   .   .   .   .   T   1"
    assert board_lines(board, "fr")[14] == "2   P   .   .   .   .   .   .   .   2"
    assert board_lines(board, "de")[14] == "2   B   .   .   .   .   .   .   .   2"


def test_time_and_closing_lines():
    assert format_time(0.006) == "0.006 s"
    assert format_time(9.4014) == "9.401 s"
    assert format_time(62.5) == "1:02.500 m:s"
    assert format_time(3723) == "1:02:03 h:m:s"
    assert end_text("en", 0.047) == "\nsolution finished. Time = 0.047 s\n\n\n"
    assert end_text("de", None) == "\nLoesung beendet.\n\n\n"
    assert end_text("fr", 1.5) == "\nsolution terminee. Temps = 1.500 s\n\n\n"
    assert end_text("en", 2.0, "interrupted") == "solving interrupted. Time = 2.000 s\n\n\n"


# --- trees built by hand -------------------------------------------------------------

def move(text: str, role: Role, *children: Node, label: str | None = None, side: str | None = None) -> Node:
    return Node(role, parse_turn(text), list(children), label=label, side=side)


def test_hand_built_direct_tree_matches_popeye():
    key = move("Rc2-c3 +", Role.KEY,
               move("Ke3-d2", Role.VARIATION, move("Rg5-d5 #", Role.CONTINUATION)),
               move("Ke3*f2", Role.VARIATION, move("Sc5*e4 #", Role.CONTINUATION)),
               move("Ke3-f4", Role.VARIATION, move("Rg5-f5 #", Role.CONTINUATION)),
               move("Ke3-d4", Role.VARIATION, move("Sc5-e6 #", Role.CONTINUATION)))
    attempt = move("Rg5-f5 +", Role.TRY,
                   move("g7*h6", Role.REFUTATION),  # order in the list does not matter for 'but'
                   move("Ke3-d4", Role.VARIATION, move("Sc5-e6 #", Role.CONTINUATION),
                        move("Rc2-d2 #", Role.CONTINUATION)))
    twins = [TwinSolution([Phase([Section(SectionKind.PLAY, TREE, [key, attempt])])])]
    [popeye] = parse_output_file(reference("popeye", "english", "direct_mate2.out"))
    assert solution_text(twins, "en").split("\n") == popeye.solution_lines


def test_hand_built_threat_and_set_play_layout():
    set_play = Section(SectionKind.SET, TREE, [move("Rf1-d1", Role.SET, move("Rh1*d1 #", Role.CONTINUATION))])
    key = move("f2-f4", Role.KEY, move("f4*e5 #", Role.THREAT),
               move("g4*f3 ep.", Role.VARIATION, move("Sc5-b7 #", Role.CONTINUATION)), label="threat")
    twins = [TwinSolution([Phase([set_play, Section(SectionKind.PLAY, TREE, [key])])])]
    assert solution_text(twins, "en").split("\n") == [
        "", "      1...Rf1-d1", "          2.Rh1*d1 #", "",
        "   1.f2-f4 ! threat:", "          2.f4*e5 #", "      1...g4*f3 ep.", "          2.Sc5-b7 #", "", ""]
    assert solution_text(twins, "de").split("\n")[4] == "   1.f2-f4 ! Drohung:"
    assert solution_text(twins, "fr").split("\n")[4] == "   1.f2-f4 ! menace:"


def test_deep_tree_numbers_keep_popeye_width():
    node = move("Ka1-a2", Role.CONTINUATION)
    for depth in range(19, 0, -1):
        role = Role.CONTINUATION if depth % 2 == 0 else Role.VARIATION
        node = move("Ka2-a1" if depth % 2 else "Ka1-a2", role, node)
    key = move("Ka1-a2", Role.KEY, node)
    lines = solution_text([TwinSolution([Phase([Section(SectionKind.PLAY, TREE, [key])])])]).split("\n")
    assert lines[1] == "   1.Ka1-a2 !"
    assert lines[20] == " " * 76 + " 10...Ka2-a1"
    assert lines[21] == " " * 80 + " 11.Ka1-a2"


def test_help_lines_and_their_numbers():
    b, w = BLACK, WHITE
    line = [move("Qa6-a5", Role.HELP, side=b), move("Kd7-c8", Role.HELP, side=w),
            move("Kb5-a6", Role.HELP, side=b), move("Qg7-b7 #", Role.HELP, side=w)]
    assert line_text(line, 0) == "  1.Qa6-a5 Kd7-c8   2.Kb5-a6 Qg7-b7 #"
    assert line_text(line[1:], 1) == "  1...Kd7-c8   2.Kb5-a6 Qg7-b7 #"
    assert line_text(line[2:], 2) == "  1...  ...  2.Kb5-a6 Qg7-b7 #"
    series = [move("Kd4-d3", Role.HELP, side=b), move("Kd3-c2", Role.HELP, side=b),
              move("Kc2-b1", Role.HELP, side=b), move("Qa3-c1 #", Role.HELP, side=w)]
    assert line_text(series, 0, "de") == "  1.Kd4-d3   2.Kd3-c2   3.Kc2-b1 Da3-c1 #"
    long = [move("Kh1-h2", Role.HELP, side=b)] * 10 + [move("Rh1-h2 +", Role.HELP, side=w)]
    assert line_text(long, 0).endswith("  9.Kh1-h2  10.Kh1-h2 Rh1-h2 +")
    with pytest.raises(ValueError):
        line_text([move("Kh1-h2", Role.HELP)], 0)


def test_line_trie_flattens_depth_first():
    b, w = BLACK, WHITE
    root = move("g2-g1=S", Role.HELP,
                move("Sg1-h3", Role.HELP, move("Sh3-f2", Role.HELP, move("0-0", Role.HELP, side=w), side=b), side=b),
                move("Sg1-e2", Role.HELP, move("Se2-d4", Role.HELP, move("0-0", Role.HELP, side=w), side=b), side=b),
                side=b)
    twins = [TwinSolution([Phase([Section(SectionKind.PLAY, LINE, [root])])])]
    assert solution_text(twins, "en").split("\n") == [
        "", "  1.g2-g1=S   2.Sg1-h3   3.Sh3-f2 0-0", "  1.g2-g1=S   2.Sg1-e2   3.Se2-d4 0-0", ""]


def test_twin_intro_lines():
    empty = [Phase([Section(SectionKind.PLAY, LINE, [])])]
    twins = [TwinSolution(empty, label="a)", zero_position=True),
             TwinSolution(empty, label="b)", description="-wSd1  +wDb1"),
             TwinSolution(empty, label="c)", description="-sLa2", continued=True)]
    assert solution_text(twins, "de").split("\n") == [
        "", "NullStellung", "", "", "a) ", "", "", "b) -wSd1  +wDb1  ", "", "", "+c) -sLa2  ", "", ""]


def test_forced_reflex_moves_are_not_closed_by_a_blank():
    nodes = [move("c7-c8=Q #", Role.FORCED), move("c7-c8=R #", Role.FORCED)]
    text = solution_text([TwinSolution([Phase([Section(SectionKind.PLAY, TREE, nodes)])])], "de")
    assert text.split("\n") == ["", "   1.c7-c8=D # ?!?", "   1.c7-c8=T # ?!?", ""]


def test_headers_of_all_english_reference_problems_fit_the_writer():
    """Independently of the hand-built problems: the header lines Popeye printed
    are what our centring, diagram and stipulation functions give for them."""
    folder = reference("popeye", "english")
    for path in sorted(folder.glob("*.out")):
        for problem in parse_output_file(path):
            if problem.board is None:
                continue
            header = problem.header
            start = header.index("+---a---b---c---d---e---f---g---h---+")
            assert header[start:start + 19] == board_lines(problem.board, "en")
            for line, text in zip(header[1:start - 1], problem.meta):
                assert line == centred(text)
            for line, text in zip(header[start + 20:], problem.notes):
                assert line == centred(text)


# Popeye 4.104's header for `condition GridChess` (pieces wKe1 bKe8 bSb5, stip ~1): the
# grid drawn in the diagram, the condition named without its grid; and `S-KoeKo`
POPEYE_GRID_HEADER = """\
"""


def test_the_grid_is_drawn_and_koekos_contact_walk_named_as_popeye_does():
    import grammar
    from solver.output.popeye_writer import header_text

    [problem] = grammar.load("begin\ncondition GridChess\npieces white Ke1 black Ke8 Sb5\nstip ~1\nend\n")
    assert POPEYE_GRID_HEADER in header_text(problem)
    [problem] = grammar.load("begin\ncondition KoeKo Neighbour S\npieces white Ke1 black Ke8\nstip ~1\nend\n")
    assert "\n               S-KoeKo\n" in header_text(problem)
    [problem] = grammar.load("begin\ncondition GridChess Orthogonal ce357\npieces white Ke1 black Ke8\n"
                             "stip ~1\nend\n")
    text = header_text(problem)
    assert "8   .   .   . | .  -K | .   .   .   8\n|  --- --- --- --- --- --- --- ---  |\n7" in text
    assert "Orthogonal" not in text
