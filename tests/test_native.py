"""The native format: what format_native writes reads back as the same Problem."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from grammar import ProblemError, format_native, load
from grammar.conditions import read_condition_text
from grammar.native import parse_native
from grammar.options import read_option_text
from grammar.stipulation import parse_stipulation
from solver.base.errors import InputError
from solver.model.problem import BLACK, NEUTRAL, WHITE, Piece, Problem, Twin, TwinCommand
from solver.model.twins import TwinError, expand_twins

SQUARES = [f + r for f in "abcdefgh" for r in "12345678"]
KINDS = ["K", "Q", "R", "B", "S", "P", "N", "G", "CA", "EQ", "LE", "37"]
STIPULATIONS = ["#2", "#3", "=2", "h#2", "h#3.5", "h#0.5", "h=2", "s#2", "s=3", "r#2", "ser-#4", "ser-h#3",
                "ser-s#6", "ser-=7", "ser-h=4", "hs#3", "ser-hs#5", "~1", "##3", "h##5", "ser-h009", "hze73",
                "reci-h(=)#3", "exact-#2", "dia4.5", "1->ser-#4", "semi-r+2", "ser-x64"]
CONDITIONS = ["Messigny", "Messigny RexExclusive", "Marseillais", "Marseillais Balanced",
              "Marseillais GameSite NoChecks", "Circe", "Circe Mirror Parrain", "Hole e1f1", "MagicSquares e6f7",
              "KoeKo Neighbour S", "Madrasi RexInclusive", "AntiCirce Cheylan", "Sentinelles MaximumBlack 4",
              "DuellistChess", "Imitator a1", "BlackMaximummer exact", "LastCapture White Q d4", "SAT 1 2",
              "GridChess Orthogonal ab12", "ChameleonChess S B R"]
OPTIONS = ["Variation", "Try", "Defence 2", "SetPlay", "Threat 1", "NoThreat", "NoShortVariations",
           "MaxSolutions 3", "Duplex", "HalfDuplex", "PostKeyPlay", "NoBoard", "EnPassant f7f6f5",
           "NoCastling a1e8", "MaxTime 60", "MoveNumbers", "Intelligent", "Intelligent 2", "StartMoveNumber 2:1",
           "NonTrivial 1 0", "KeepMatingPiece", "CastlingMutuallyExclusive a1h8", "NoWk"]

text_line = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1, max_size=30) \
    .map(str.strip).filter(bool)


@st.composite
def pieces(draw):
    squares = draw(st.lists(st.sampled_from(SQUARES), min_size=1, max_size=12, unique=True))
    result = []
    for square in squares:
        colour = draw(st.sampled_from([WHITE, BLACK, WHITE, BLACK, NEUTRAL]))
        kind = draw(st.sampled_from(KINDS))
        attributes = tuple(draw(st.lists(st.sampled_from(["Royal", "Kamikaze", "Magic"]), max_size=2,
                                         unique=True)))
        result.append(Piece(square, colour, kind, attributes))
    return tuple(sorted(result))


def conditions_of(texts):
    return tuple(c for text in texts for c in read_condition_text(text))


@st.composite
def command(draw, board_squares):
    kind = draw(st.sampled_from(["move", "exchange", "remove", "add", "substitute", "rotate", "mirror", "shift",
                                 "polish", "stipulation", "condition"]))
    square = st.sampled_from(board_squares)
    if kind == "move":
        return TwinCommand("move", (draw(square), draw(st.sampled_from(SQUARES))))
    if kind == "exchange":
        return TwinCommand("exchange", (draw(square), draw(square)))
    if kind == "remove":
        return TwinCommand("remove", (draw(square),))
    if kind == "add":
        attributes = tuple(draw(st.lists(st.sampled_from(["Royal", "Kamikaze"]), max_size=1)))
        return TwinCommand("add", (draw(st.sampled_from([WHITE, BLACK, NEUTRAL])), draw(st.sampled_from(KINDS)),
                                   draw(st.sampled_from(SQUARES))) + attributes)
    if kind == "substitute":
        return TwinCommand("substitute", (draw(st.sampled_from(KINDS)), draw(st.sampled_from(KINDS))))
    if kind == "rotate":
        return TwinCommand("rotate", (draw(st.sampled_from(["90", "180", "270"])),))
    if kind == "mirror":
        return TwinCommand("mirror", (draw(st.sampled_from(["a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1"])),))
    if kind == "shift":
        return TwinCommand("shift", (draw(st.sampled_from(["a1", "d4"])), draw(st.sampled_from(["a1", "b1", "a2"]))))
    if kind == "polish":
        return TwinCommand("polish")
    if kind == "stipulation":
        stip = parse_stipulation(draw(st.sampled_from(STIPULATIONS)))
        return TwinCommand("stipulation", (stip.text,), stipulation=stip)
    conditions = conditions_of(draw(st.lists(st.sampled_from(CONDITIONS), min_size=1, max_size=2)))
    from grammar.conditions import condition_text
    return TwinCommand("condition", tuple(condition_text(c) for c in conditions), conditions=conditions)


@st.composite
def problems(draw) -> Problem:
    board = draw(pieces())
    squares = [p.square for p in board]
    twins = tuple(Twin(tuple(draw(st.lists(command(squares), min_size=1, max_size=3))), draw(st.booleans()))
                  for _ in range(draw(st.integers(0, 3))))
    zero = bool(twins) and draw(st.booleans())
    if zero:   # the zero position's twin a) cannot continue anything
        twins = (Twin(twins[0].commands, False),) + twins[1:]
    lines = st.lists(text_line, max_size=3).map(lambda xs: "\n".join(xs) or None)
    problem = Problem(
        pieces=board,
        stipulation=parse_stipulation(draw(st.sampled_from(STIPULATIONS))),
        conditions=conditions_of(draw(st.lists(st.sampled_from(CONDITIONS), max_size=3))),
        options=tuple(o for text in draw(st.lists(st.sampled_from(OPTIONS), max_size=4))
                      for o in read_option_text(text)),
        twins=twins, zero_position=zero,
        authors=tuple(draw(st.lists(text_line, max_size=3))),
        origin=draw(lines), title=draw(lines), award=draw(lines), remark=draw(lines),
        castling=draw(st.sampled_from([None, "-", "KQkq", "Kq", "k"])),
        en_passant=tuple(draw(st.lists(st.sampled_from(SQUARES), max_size=2))),
        white_to_move=draw(st.sampled_from([None, True, False])),
        intended=tuple(draw(st.lists(text_line, max_size=3))),
        solutions_expected=draw(st.one_of(st.none(), st.integers(0, 1000))),
        language=draw(st.sampled_from(["en", "fr", "de"])),
    )
    try:
        expand_twins(problem)
    except TwinError:
        assume(False)
    return problem


def read_back(text: str) -> Problem:
    [item] = load(text, "native")
    if isinstance(item, ProblemError):
        assert item.problem is not None, item.format()
        return item.problem
    return item


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(problems())
def test_round_trip(problem):
    text = format_native(problem)
    back = read_back(text)
    assert back == problem
    assert format_native(back) == text


def test_example_block_reads():
    problem = read_back("""# a comment before the first problem
problem: 12
author: Bruno Kampmann
origin: Messigny 1999
white: Kh7 Pa7f4g6
black: Kh5 Qa6 Rc2 Be6 Sb6 Pd5h4
stipulation: h#2
condition: Messigny RexExclusive
option: Duplex
# a comment inside
twin: move h7 g7; stipulation h=2
twin: continued remove a7
intended: 1.Qa6-b7 Pa7*b8=Q 2.Kh5-h6 Qb8-h8 #
solutions: 2
""")
    assert problem.authors == ("Bruno Kampmann",)
    assert len(problem.pieces) == 11 and Piece("f4", WHITE, "P") in problem.pieces
    assert problem.conditions[0].params == ("RexExclusive",)
    assert [c.kind for c in problem.twins[0].commands] == ["move", "stipulation"]
    assert problem.twins[1].continued
    assert problem.solutions_expected == 2 and len(problem.intended) == 1


def test_fen_key_and_attributes():
    problem = read_back("problem:\nfen: 4k3/8/8/8/8/8/8/4K2R\nneutral: Rd4[Royal,Kamikaze]\nstipulation: #2\n")
    assert Piece("h1", WHITE, "R") in problem.pieces
    assert Piece("d4", NEUTRAL, "R", ("Royal", "Kamikaze")) in problem.pieces


def test_several_blocks_and_errors_per_block():
    items = load("problem:\nwhite: Ke1\nblack: Ke8\nstipulation: #2\n\n"
                 "problem:\nwhite: Ke1 Qe1\nblack: Ke8\nstipulation: #2\n\n"
                 "problem:\nwhite: Ke1\nblack: Ke8\nstipulation: hh#2\n\n"
                 "problem:\nwhite: Ke1\nblack: Ke8\n", "n.txt")
    assert isinstance(items[0], Problem)
    assert "two pieces on e1" in items[1].error.message and items[1].error.line == 7
    assert "unknown stipulation" in items[2].error.message and (items[2].error.line, items[2].error.column) == (14, 15)
    assert "no stipulation" in items[3].error.message


@pytest.mark.parametrize("text, message, line", [
    ("problem:\nwhite: Ke1\nfoo: bar\nstipulation: #2\n", "unknown key 'foo:'", 3),
    ("problem:\nwhite: Ke1 Xz9\nstipulation: #2\n", "found 'Xz9'", 2),
    ("problem:\nwhite: Ke1\nstipulation: #2\ncondition: Xyzzy\n", "unknown condition 'Xyzzy'", 4),
    ("problem:\nwhite: Ke1\nstipulation: #2\ntwin: move e2 e3\n", "no piece on e2", 4),
    ("problem:\nwhite: Ke1\nstipulation: #2\ntwin: rotate 45\n", "expected 90, 180 or 270, found '45'", 4),
    ("problem:\nwhite: Ke1\nstipulation: #2\nwhat is this\n", "expected a 'key: value' line", 4),
])
def test_errors(text, message, line):
    try:
        items = load(text, "n.txt")
    except InputError as err:
        error = err
    else:
        [item] = items
        error = item.error
    assert message in error.message
    assert error.line == line and error.file == "n.txt"


def test_parse_native_reports_builders():
    [(problem, builder)] = parse_native("problem:\nwhite: Ke1 TRb1\nblack: Ke8\nstipulation: #2\n")
    assert builder.location(problem.unsupported_features()[0]).column == 12


GOOD = "problem:\nwhite: Kb6 Qc7\nblack: Ka8\nstipulation: #1\n"
BAD_BLOCKS = [   # a block the grammar rejects, the line and column of its error within it, what is said
    ("problem:\nwhite: Ke1 Xz9\nblack: Ke8\nstipulation: #2\n", 2, 12, "found 'Xz9'"),
    ("problem:\nwhite: Ke1\nbogus line\nstipulation: #2\n", 3, 1, "expected a 'key: value' line"),
    ("problem:\nwhite: Ke1\nfoo: bar\nstipulation: #2\n", 3, 1, "unknown key 'foo:'"),
    ("problem:\nstipulation: #2\ntwin: rotate 45\n", 3, 14, "expected 90, 180 or 270"),
    ("Problem :\nwhite: Ke1\nstipulation: #2\n", 1, 1, "a block starts with 'problem:'"),
    ("problem:\nwhite: Ke1\nto-move: nobody\n", 3, 10, ""),
]


@pytest.mark.parametrize("bad, line, column, message", BAD_BLOCKS)
@pytest.mark.parametrize("where", [0, 1, 2])
def test_a_block_the_grammar_rejects_is_one_error(bad, line, column, message, where):
    """Issue 14.16: one such block made the whole file an error; now it is
    reported, with its place, and every other block is read, as in Popeye files."""
    blocks = [GOOD.replace("#1", f"#{n + 1}") for n in range(3)]
    blocks.insert(where, bad)
    text = "# a collection\n\n" + "\n".join(blocks)
    first = 3 + sum(b.count("\n") + 1 for b in blocks[:where])      # the bad block's first line
    items = load(text, "c.txt")
    assert len(items) == 4
    assert [i.stipulation.text for n, i in enumerate(items) if n != where] == ["#1", "#2", "#3"]
    err = items[where]
    assert isinstance(err, ProblemError) and err.problem is None and err.index == where + 1
    assert message in err.error.message
    assert (err.error.file, err.error.line, err.error.column) == ("c.txt", first + line - 1, column)
    assert err.error.text == bad.split("\n")[line - 1]


def test_every_block_bad_and_errors_after_a_bad_block_keep_their_lines():
    text = ("problem:\nwhite: Ke1 Xz9\nstipulation: #2\n"
            "problem:\nwhite: Ke1\nblack: Ke8\nstipulation: hh#2\n"
            "problem:\nwhite: Ke1 Ke1\nblack: Ke8\nstipulation: #2\n")
    items = load(text, "n.txt")
    assert [(i.error.line, i.error.column) for i in items] == [(2, 12), (7, 15), (9, 12)]
    assert "unknown stipulation" in items[1].error.message and "two pieces on e1" in items[2].error.message
    assert items[1].error.text == "stipulation: hh#2"
