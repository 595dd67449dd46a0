"""Fairy pieces in and out: every catalogue piece is read in every input format and
language, and written with the problem language's code.

The catalogue (`solver.pieces.catalogue`) and Popeye's vocabulary
(`solver.model.vocabulary.PIECE_LETTERS`, which reading and writing use) are
two transcriptions of Popeye's piece tables; the first test holds them equal
for every piece, so that a piece read as 'CA' is the catalogue's camel and is
printed `CH` in French.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from grammar import ProblemError, format_native, load
from solver.model import keywords as kw
from solver.model import vocabulary as vocab
from solver.model.problem import BLACK, NEUTRAL, WHITE, Piece, TwinCommand
from solver.output.notation import piece_kind, piece_letter
from solver.pieces.catalogue import PIECES

ROOT = Path(__file__).resolve().parents[1]
FAIRY = [p for p in PIECES if p.en not in ("K", "Q", "R", "B", "S", "P")]
LANGUAGES = ("en", "fr", "de")
# Popeye keywords of the inputs below, per language
WORDS = {
    "en": dict(begin="beginproblem", end="endproblem", pieces="pieces", white="white", black="black",
               stip="stipulation", twin="twin", add="add", substitute="substitute", forsyth="forsyth"),
    "fr": dict(begin="debutprobleme", end="finprobleme", pieces="pieces", white="blanc", black="noir",
               stip="enonce", twin="jumeau", add="ajoute", substitute="remplace", forsyth="forsyth"),
    "de": dict(begin="anfangproblem", end="endeproblem", pieces="steine", white="weiss", black="schwarz",
               stip="forderung", twin="zwilling", add="hinzufuegen", substitute="ersetze", forsyth="forsyth"),
}
# Pieces Popeye knows that the catalogue does not (any will do; these are Popeye's)
NOT_IN_CATALOGUE = sorted({c.upper() for c in vocab.PIECE_LETTERS["en"]} - {p.en for p in PIECES})


def the_problem(text: str, name: str = "t.inp"):
    """The one problem of `text`, solvable or not (but read)."""
    [item] = load(text, name)
    if isinstance(item, ProblemError):
        assert item.problem is not None, item.format()
        return item.problem
    return item


def code(piece, language: str) -> str:
    return getattr(piece, language)


# --- the tables agree ---------------------------------------------------------------------------

def test_catalogue_codes_are_popeyes_vocabulary_for_every_piece():
    english = [c.upper() for c in vocab.PIECE_LETTERS["en"]]
    assert len(FAIRY) + 6 == len(PIECES) >= 100
    for piece in PIECES:
        assert piece.en in english, f"{piece.name}: {piece.en} is not a Popeye piece"
        i = english.index(piece.en)
        for language in LANGUAGES:
            assert vocab.PIECE_LETTERS[language][i].upper() == code(piece, language), (piece.name, language)
            # reading (grammar) and writing (notation) use the same codes
            assert kw.kind_of(code(piece, language), language) == piece.en
            assert kw.letters_of(piece.en, language) == code(piece, language)
            assert piece_letter(piece.en, language) == code(piece, language)
            assert piece_kind(code(piece, language), language) == piece.en


def test_notation_knows_every_popeye_piece():
    """Even pieces feerie does not play are printed and read back (diagrams of
    Popeye's output given to `check --expected`)."""
    for i, english in enumerate(vocab.PIECE_LETTERS["en"]):
        for language in LANGUAGES:
            letters = vocab.PIECE_LETTERS[language][i].upper()
            assert piece_letter(english.upper(), language) == letters
            assert piece_kind(letters, language) == english.upper()


# --- Popeye input -------------------------------------------------------------------------------

def popeye_text(language: str, body: str, twins: str = "") -> str:
    w = WORDS[language]
    return f"{w['begin']}\n{body}\n{w['stip']} #2\n{twins}{w['end']}\n"


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_piece_in_pieces_and_twins(language):
    w = WORDS[language]
    king = code(PIECES[5], language)   # the king, in this language
    for piece in FAIRY:
        c = code(piece, language)
        body = f"{w['pieces']} {w['white']} {king}a1 {c.lower()}d4 {w['black']} {king.lower()}h8 {c}e5f5"
        twins = (f"{w['twin']} {w['add']} {w['white']} {c}c3\n"
                 f"{w['twin']} {w['substitute']} {c} {code(PIECES[3], language)}\n")
        problem = the_problem(popeye_text(language, body, twins))
        assert problem.language == language
        assert Piece("d4", WHITE, piece.en) in problem.pieces, (piece.name, language)
        assert {p for p in problem.pieces if p.color == BLACK} == {
            Piece("h8", BLACK, "K"), Piece("e5", BLACK, piece.en), Piece("f5", BLACK, piece.en)}
        assert problem.twins[0].commands == (TwinCommand("add", (WHITE, piece.en, "c3")),)
        assert problem.twins[1].commands == (TwinCommand("substitute", (piece.en, "R")),)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_piece_in_forsyth(language):
    """Popeye's Forsyth: one letter as it is, a two-letter name after a dot,
    lower case black; a name of digits has no case, '-' makes it black."""
    w = WORDS[language]
    king = code(PIECES[5], language)
    for piece in FAIRY:
        c = code(piece, language)
        if len(c) == 2:
            white, black = "." + c, ("." + c.lower()) if c[0].isalpha() else "-." + c
        else:
            white, black = c, c.lower()
        body = f"{w['forsyth']} {king.lower()}6{white}/8/8/8/8/8/8/{black}6{king}"
        problem = the_problem(popeye_text(language, body))
        assert set(problem.pieces) == {Piece("a8", BLACK, "K"), Piece("h8", WHITE, piece.en),
                                       Piece("a1", BLACK, piece.en), Piece("h1", WHITE, "K")}, (piece.name, body)


@pytest.mark.parametrize("kind", NOT_IN_CATALOGUE[:8])
def test_a_popeye_piece_the_catalogue_lacks_is_unsupported_where_it_stands(kind):
    text = popeye_text("en", f"pieces white ka1 {kind.lower()}d4 black kh8")
    [item] = load(text, "t.inp")
    assert isinstance(item, ProblemError) and item.unsupported
    assert item.error.message == f"fairy piece {kind} is not supported"
    assert (item.error.line, item.error.column) == (2, 18)


@pytest.mark.parametrize("text, message, line, column", [
    ("beginproblem\npieces white ka1 xyd4\nstipulation #2\nendproblem\n", "unknown piece in 'xyd4'", 2, 18),
    ("beginproblem\nforsyth k6.xy/8/8/8/8/8/8/7K\nstipulation #2\nendproblem\n",
     "unknown piece 'xy' in the Forsyth position", 2, 12),
    ("beginproblem\npieces white ka1 cad4\nstipulation #2\ntwin substitute ca xy\nendproblem\n",
     "needs two piece names", 4, 20),
    # French 'ca' is a piece (Popeye's English 'c'), 'ww' is none
    ("debutprobleme\npieces blanc ra1 wwd4\nenonce #2\nfinprobleme\n", "unknown piece in 'wwd4'", 2, 18),
])
def test_an_unknown_piece_name_is_a_read_error(text, message, line, column):
    [item] = load(text, "t.inp")
    assert isinstance(item, ProblemError) and not item.unsupported
    assert message in item.error.message
    assert (item.error.line, item.error.column) == (line, column)


# --- native format ------------------------------------------------------------------------------

def test_every_catalogue_piece_in_the_native_format_reads_and_writes_back():
    for piece in FAIRY:
        c = piece.en
        text = (f"problem:\nwhite: Ka1 {c}d4\nblack: Kh8 {c}e5f5[Royal]\nneutral: {c}b2\nstipulation: #2\n"
                f"twin: add white {c}c3; substitute {c} Q\n")
        problem = the_problem(text, "t.txt")
        assert Piece("d4", WHITE, c) in problem.pieces and Piece("b2", NEUTRAL, c) in problem.pieces
        assert Piece("f5", BLACK, c, ("Royal",)) in problem.pieces
        assert problem.twins[0].commands == (TwinCommand("add", (WHITE, c, "c3")),
                                             TwinCommand("substitute", (c, "Q")))
        assert the_problem(format_native(problem), "n.txt") == problem


@pytest.mark.parametrize("text, message, column", [
    ("problem:\nwhite: Ka1 XYd4\nstipulation: #2\n", "unknown piece 'XY'", 12),
    ("problem:\nwhite: Ka1\nstipulation: #2\ntwin: substitute Q XY\n", "unknown piece 'XY'", 20),
])
def test_an_unknown_piece_in_the_native_format_is_a_read_error(text, message, column):
    [item] = load(text, "t.txt")
    assert isinstance(item, ProblemError) and not item.unsupported, item
    assert message in item.error.message
    assert item.error.column == column


# --- one-line statements ------------------------------------------------------------------------

def statement_token(piece, colour: str) -> str:
    """How a statement writes `piece`: one letter as it is (the nightrider, whose
    letter FEN gives the knight, in brackets), two after a dot."""
    c = piece.en
    if c == "N":
        token = "[N]"
    elif len(c) == 1:
        token = c
    else:
        token = "." + c
    if colour == BLACK:
        return token.lower() if any(ch.isalpha() for ch in c) else "-" + token
    return token


def test_every_catalogue_piece_in_a_statement():
    for piece in FAIRY:
        line = f"k5{statement_token(piece, WHITE)}1/8/8/3{statement_token(piece, BLACK)}4/8/8/8/7K #2"
        problem = the_problem(line + "\n", "s.txt")
        assert set(problem.pieces) == {Piece("a8", BLACK, "K"), Piece("g8", WHITE, piece.en),
                                       Piece("d5", BLACK, piece.en), Piece("h1", WHITE, "K")}, line


def test_statement_fen_letters_keep_their_meaning_and_brackets_take_popeye_codes():
    problem = the_problem("nN[N][n][S]s+.15=Q/8/8/8/8/8/8/k6K #2\n", "s.txt")
    rank8 = sorted((p.square, p.color, p.kind) for p in problem.pieces if p.square[1] == "8")
    assert rank8 == [("a8", BLACK, "S"), ("b8", WHITE, "S"), ("c8", WHITE, "N"), ("d8", BLACK, "N"),
                     ("e8", WHITE, "S"), ("f8", BLACK, "S"), ("g8", WHITE, "15"), ("h8", NEUTRAL, "Q")]


def test_statement_native_fen_key_reads_the_same_placement():
    problem = the_problem("problem:\nfen: k5.CA1/8/8/3g4/8/8/8/7K\nstipulation: #2\n", "n.txt")
    assert Piece("g8", WHITE, "CA") in problem.pieces and Piece("d5", BLACK, "G") in problem.pieces


@pytest.mark.parametrize("line, message, column", [
    ("k6x/8/8/8/8/8/8/7K #2", "unknown piece letter 'x'", 3),
    ("k5.xy1/8/8/8/8/8/8/7K #2", "unknown piece '.xy'", 3),
    ("k6.C/8/8/8/8/8/8/7K #2", "unknown piece '.C'", 3),
    ("k5[xy]1/8/8/8/8/8/8/7K #2", "unknown piece '[xy]'", 3),
    ("k5[N/8/8/8/8/8/8/7K #2", "missing ']'", 3),
    ("k5-/8/8/8/8/8/8/7K #2", "expected a piece after '-'", 4),
    ("k5-2/8/8/8/8/8/8/7K #2", "expected a piece after '-' in the FEN, found '2'", 4),
    ("k5]2/8/8/8/8/8/8/7K #2", "unexpected ']'", 3),
    ("k6.SI/8/8/8/8/8/8/7K #2", "fairy piece SI is not supported", 3),
])
def test_statement_fairy_errors_give_the_column(line, message, column):
    [item] = load(line + "\n", "s.txt")
    assert isinstance(item, ProblemError)
    assert message in item.error.message
    assert (item.error.line, item.error.column) == (1, column)


# --- the command line ---------------------------------------------------------------------------

@pytest.mark.parametrize("text, where", [
    ("beginproblem\npieces white ka1 xyd4\nstipulation #2\nendproblem\n", ":2:18:"),
    ("problem:\nwhite: Ka1 XYd4\nstipulation: #2\n", ":2:12:"),
    ("k6x/8/8/8/8/8/8/7K #2\n", ":1:3:"),
])
def test_cli_unknown_piece_exits_2_without_traceback(tmp_path, text, where):
    path = tmp_path / "p.txt"
    path.write_text(text)
    run = subprocess.run([sys.executable, str(ROOT / "cli.py"), "solve", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and where in run.stderr and "unknown piece" in run.stderr


# --- writing: Popeye's text, JSON ---------------------------------------------------------------
#
# tests/data/fairy_io/fairy_{en,fr,de}.inp are the same problems written in each language
# (a #2 with a grasshopper, camels and a nightrider; a ~1 whose pawn promotes to every fairy
# piece of the diagram, with twins that add and substitute fairy pieces; a ~1 of locusts,
# whose captures Popeye writes `Hd4*d6-d7` in German), and the .out files are what Popeye
# 4.104 printed for them (`py -maxtime 60 fairy_xx.inp`).

DATA = Path(__file__).parent / "data" / "fairy_io"


def read_pair(language: str):
    """The problems of fairy_<language>.inp as read, and Popeye's output of them parsed."""
    from solver.output.popeye_output import parse_output_file
    problems = [item.problem if isinstance(item, ProblemError) else item
                for item in load((DATA / f"fairy_{language}.inp").read_text(), f"fairy_{language}.inp")]
    parsed = parse_output_file(DATA / f"fairy_{language}.out")
    assert len(parsed) == len(problems) == 3 and all(p.parsed for p in parsed)
    return problems, parsed


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_writer_prints_fairy_pieces_as_popeye_does(language):
    """Diagram, moves, promotions (`=CA`, French `=CH`), twin lines: the whole output of
    Popeye, rewritten from its parsed tree and feerie's reading of the input."""
    from test_popeye_writer import comparable
    from solver.output.popeye_writer import banner, write_problem
    problems, parsed = read_pair(language)
    assert all(p.language == language for p in problems)
    text = "".join(write_problem(problem, result.twins, time_s=result.time_s,
                                 banner_line=banner() if i == 0 else None)
                   for i, (problem, result) in enumerate(zip(problems, parsed)))
    assert comparable(text) == comparable((DATA / f"fairy_{language}.out").read_text())
    letters = {"en": ("CAc3-d6", "=CA", "=G ", "Ld4*d6-d7", "LRa3*c3-d3"),
               "fr": ("CHc3-d6", "=CH", "=S ", "Ld4*d6-d7", "LTa3*c3-d3"),
               "de": ("CAc3-d6", "=CA", "=G ", "Hd4*d6-d7", "HTa3*c3-d3")}[language]
    assert all(snippet in text for snippet in letters)


def test_json_names_fairy_pieces_by_their_english_code_in_every_language():
    from solver.output.json_writer import to_json, twins_from_json
    from solver.model.tree import RunInfo
    documents = {}
    for language in LANGUAGES:
        problems, parsed = read_pair(language)
        documents[language] = [to_json(p, r.twins, RunInfo(time_s=0.0, nodes=0)) for p, r in zip(problems, parsed)]
        for doc, result in zip(documents[language], parsed):
            assert twins_from_json(doc["twins"]) == result.twins
    en, fr, de = documents["en"], documents["fr"], documents["de"]
    assert sorted(en[0]["problem"]["pieces"]["white"]) == ["CAc3", "Gh1", "Kc6", "Nd3", "Pb7"]
    assert sorted(en[1]["problem"]["pieces"]["black"]) == ["15a5", "G2h5", "Kh8", "Rc8"]
    key = en[0]["twins"][0]["phases"][0]["sections"][0]["nodes"][0]
    assert key["move"] == "CAc3-d6" and key["components"][0]["piece"] == "CA"
    promotions = {n["components"][0]["promotion"] for n in en[1]["twins"][0]["phases"][0]["sections"][0]["nodes"]}
    assert promotions == {None, "Q", "R", "B", "S", "G", "CA", "G2", "15"}
    locust = [n["components"][0] for n in en[2]["twins"][0]["phases"][0]["sections"][0]["nodes"]
              if n["components"][0]["piece"] == "L"]
    assert {(c["from"], c["captured"], c["to"], c["capture"]) for c in locust} == {
        ("d4", "d6", "d7", True), ("d4", "c3", "b2", True)}
    assert all(c["captured"] is None for n in en[0]["twins"][0]["phases"][0]["sections"][0]["nodes"]
               for c in n["components"])
    for doc in (fr, de):   # the same data whatever the input's language, but the twin text
        for ours, theirs in zip(doc, en):
            assert ours["problem"]["pieces"] == theirs["problem"]["pieces"]
            assert [t["phases"] for t in ours["twins"]] == [t["phases"] for t in theirs["twins"]]


def test_a_statement_states_the_same_fairy_position_as_popeyes_input():
    problems, _ = read_pair("en")
    statement = the_problem("1.ca6/kP6/p1K5/8/8/2.CA[N]4/8/7G #2\n", "s.txt")
    assert statement.pieces == problems[0].pieces


def test_forsyth_may_end_with_a_slash():
    """Popeye ignores '/' in Forsyth, also after the last rank (`fors 32/6T1/7b/7s/5K1k/`,
    BEISPIEL/annan.inp); a piece beyond h1 is still an error."""
    problem = the_problem(popeye_text("en", "forsyth 32/6R1/7b/7s/5K1k/"))
    assert Piece("g4", WHITE, "R") in problem.pieces and Piece("h1", BLACK, "K") in problem.pieces
    assert the_problem(popeye_text("en", "forsyth 8/8/8/8/8/8/8/k6K//")).pieces == (
        Piece("a1", BLACK, "K"), Piece("h1", WHITE, "K"))
    [item] = load(popeye_text("en", "forsyth 8/8/8/8/8/8/8/k6K/q"), "t.inp")
    assert isinstance(item, ProblemError) and item.problem is None
    assert "too many squares" in item.error.message and item.error.column == 27


def test_check_gives_the_unsupported_verdict_for_a_piece_the_catalogue_lacks(tmp_path):
    path = tmp_path / "u.inp"
    path.write_text(popeye_text("en", f"pieces white ka1 {NOT_IN_CATALOGUE[0].lower()}d4 black kh8"))
    run = subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", str(path)],
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert run.returncode == 1 and "Traceback" not in run.stderr
    assert f"unsupported: fairy piece {NOT_IN_CATALOGUE[0]} is not supported" in run.stdout


def test_a_solved_twin_line_ends_as_popeyes():
    """Popeye's twin line is the label, the changes each followed by two spaces:
    'b) wKa1-->a2  '.  The tree keeps the description without them (as read back
    from Popeye's output, and in JSON); a solve gave four spaces."""
    from solver.output.json_writer import to_json
    from solver.output.popeye_writer import write_problem
    from solver.run.solve import solve_problem
    problem = the_problem(popeye_text("en", "pieces white ka1 qb2 black kh8", "twin move a1 a2\n"))
    result = solve_problem(problem, max_time=60)
    text = write_problem(problem, result.twins, time_s=None)
    assert [line for line in text.split("\n") if line.startswith("b) ")] == ["b) wKa1-->a2  "]
    assert [t["description"] for t in to_json(problem, result.twins, result.info)["twins"]] == ["", "wKa1-->a2"]
