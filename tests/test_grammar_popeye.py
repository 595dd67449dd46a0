"""Popeye input files: every reference file reads, and reads *right*.

"Right" is checked against Popeye itself: each problem's board diagram,
stipulation and piece count in the reference .out file must be what our
parsed Problem says (pieces written with the input language's letters).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import reference
from grammar import ProblemError, format_native, load, load_file, load_strict
from solver.model import keywords as kw
from solver.base.errors import InputError
from solver.model.problem import BLACK, NEUTRAL, WHITE, Condition, Option, Piece

REFERENCE_FILES = [
    "beispiel/anystip", "beispiel/castling", "beispiel/duplex", "beispiel/ep", "beispiel/helpself",
    "beispiel/intell", "beispiel/max_var", "beispiel/messigny", "beispiel/nontriv", "beispiel/postkey",
    "beispiel/stip", "beispiel/threat", "beispiel/twin",
    "bench/t1_mate2_armeni", "bench/t2_mate3_seidel", "bench/t3_mate4_johandl", "bench/t4_mate4_loyd",
    "bench/t5_h3_garai_intel", "bench/t5_h3_garai_plain", "bench/t6_h4_lins_intel", "bench/t6_h4_lins_plain",
    "bench/t7_h6_lins_intel", "bench/t7_h6_lins_plain",
    "english/direct_mate2", "english/direct_mate2_threat_tries", "english/direct_mate2_zugzwang",
    "english/ex1_messigny_h2", "english/helpmate2", "english/helpstalemate2", "english/knight_letter",
    "english/messigny_rexex_h2", "english/messigny_rexex_r2", "english/selfmate2", "english/twins_h2_duplex",
]

# problems per file, and how many of them feerie can solve (the rest are
# reported as unsupported: fairy conditions, pieces or stipulations)
EXPECTED_COUNTS = {
    "beispiel/anystip": (1, 1), "beispiel/castling": (47, 47), "beispiel/duplex": (15, 14),
    "beispiel/ep": (11, 10), "beispiel/helpself": (1, 1), "beispiel/intell": (117, 115),
    "beispiel/max_var": (7, 0), "beispiel/messigny": (12, 12), "beispiel/nontriv": (7, 7),
    "beispiel/postkey": (1, 1), "beispiel/stip": (72, 69), "beispiel/threat": (4, 4), "beispiel/twin": (36, 36),
    "english/knight_letter": (2, 2),
}


def problems_of(name: str):
    """(problem, unsupported message or None) for every problem of a reference file."""
    items = load_file(reference("popeye", name + ".inp"))
    result = []
    for item in items:
        assert not (isinstance(item, ProblemError) and item.problem is None), item.format()
        if isinstance(item, ProblemError):
            result.append((item.problem, item.error))
        else:
            result.append((item, None))
    return result


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_every_reference_file_reads(name):
    problems = problems_of(name)
    total, solvable = EXPECTED_COUNTS.get(name, (1, 1))
    assert len(problems) == total
    assert sum(error is None for _, error in problems) == solvable
    out = reference("popeye", name + ".out").read_text(encoding="latin-1")
    finished = len(re.findall(r"^(?:Loesung beendet|solution finished|Partielle Loesung)", out, re.M))
    assert finished == total   # Popeye solved as many problems as we read


def stipulation_shown(text: str) -> str:
    """The stipulation as Popeye shows it, without what options add to it
    (Threat, MaxFlightsquares: '#6/1', '#10/1/1'; NonTrivial: 's#24;1,0')."""
    return re.sub(r"(?:/\d+)+$|;\d+,\d+$", "", text)


def diagrams(out_text: str):
    """(pieces, stipulation, count line) of each board diagram of a Popeye .out file."""
    lines = out_text.split("\n")
    k = 0
    while k < len(lines):
        if lines[k].startswith("+---a---b") and k + 19 < len(lines) and lines[k + 18].startswith("+---a"):
            pieces = set()
            for row in range(8):
                line = lines[k + 2 + 2 * row]
                rank = line[0]
                for file in range(8):
                    cell = line[1 + 4 * file:5 + 4 * file].strip()
                    if cell not in (".", ""):     # "" is a hole (Condition Hole)
                        colour = {"-": BLACK, "=": NEUTRAL}.get(cell[0], WHITE)
                        pieces.add(("abcdefgh"[file] + rank, colour, cell.lstrip("-=")))
            info = lines[k + 19].split()
            yield pieces, info[0], " ".join(info[1:])
            k += 19
        else:
            k += 1


@pytest.mark.parametrize("name", REFERENCE_FILES)
def test_positions_and_stipulations_match_popeyes_diagrams(name):
    # NoBoard: no diagram; GridChess: the diagram is drawn with grid lines
    problems = [p for p, _ in problems_of(name) if not p.has_option("NoBoard")]
    out = reference("popeye", name + ".out").read_text(encoding="latin-1")
    shown = list(diagrams(out))
    assert len(shown) == len(problems)
    for problem, (pieces, stipulation, count) in zip(problems, shown):
        ours = {(p.square, p.color, kw.letters_of(p.kind, problem.language)) for p in problem.pieces}
        if not any(c.name == "GridChess" for c in problem.conditions):
            assert ours == pieces, f"{name}:{problem.line}"
        assert problem.stipulation.text == stipulation_shown(stipulation), f"{name}:{problem.line}"
        white = sum(p.color == WHITE for p in problem.pieces)
        black = sum(p.color == BLACK for p in problem.pieces)
        neutral = sum(p.color == NEUTRAL for p in problem.pieces)
        assert count == f"{white} + {black}" + (f" + {neutral}n" if neutral else "")


def one(text: str):
    [problem] = load_strict(text, "t.inp")
    return problem


def test_english_keywords_and_piece_lists():
    problem = one("""BeginProblem
Author       Peter Gvozdjak
Award        3rd Prize, Osmo-Kaila-Memorial 1992
Pieces       White Kd6 Qa7 Rc2g5 Pb2b3
             Black Ke3 Sa6g3
Stipulation  #2
Option       Variation Try Defence 2
EndProblem
""")
    assert problem.language == "en"
    assert problem.authors == ("Peter Gvozdjak",)
    assert problem.award == "3rd Prize, Osmo-Kaila-Memorial 1992"
    assert Piece("g5", WHITE, "R") in problem.pieces and Piece("b3", WHITE, "P") in problem.pieces
    assert Piece("g3", BLACK, "S") in problem.pieces
    assert len(problem.pieces) == 9
    assert problem.options == (Option("Variation"), Option("Try"), Option("Defence", ("2",)))
    assert problem.line == 2 and problem.source == "t.inp"


def test_german_abbreviations_and_letters():
    problem = one("""anfa
prot out.txt
auto A. Autor
quel Quelle
ford h#2
bedi messigny rexex
opti vari verf
stei weis kh7 ba7 lc1 sb1
     schw kh5 da6 tc2
ende
""")
    assert problem.language == "de"
    assert problem.conditions == (Condition("Messigny", ("RexExclusive",)),)
    assert [o.name for o in problem.options] == ["Variation", "Try"]
    assert {(p.square, p.kind) for p in problem.pieces if p.color == WHITE} == \
        {("h7", "K"), ("a7", "P"), ("c1", "B"), ("b1", "S")}
    assert {(p.square, p.kind) for p in problem.pieces if p.color == BLACK} == \
        {("h5", "K"), ("a6", "Q"), ("c2", "R")}


def test_french_keywords_and_letters():
    problem = one("""DebutProbleme
auteur Un Auteur
enonce h#2
condition EchecsMessigny
pieces blanc rh7 pa7 fc1 cb1 td1 dd2
       noir rh5
FinProbleme
""")
    assert problem.language == "fr"
    assert problem.conditions == (Condition("Messigny"),)
    assert {(p.square, p.kind) for p in problem.pieces if p.color == WHITE} == \
        {("h7", "K"), ("a7", "P"), ("c1", "B"), ("b1", "S"), ("d1", "R"), ("d2", "Q")}


def test_english_knight_is_s_and_nightrider_n_in_pieces_and_forsyth():
    first, second = load(reference("popeye", "english", "knight_letter.inp").read_text(), "k.inp")
    assert first.pieces == second.pieces
    assert Piece("a1", WHITE, "S") in first.pieces and Piece("b1", WHITE, "N") in first.pieces
    assert Piece("a8", BLACK, "K") in second.pieces
    # the nightrider is a fairy piece the engine plays: no unsupported feature
    assert first.unsupported_features() == ()


def test_forsyth_colours_and_two_letter_names():
    [problem] = load("BeginProblem\nForsyth k6.CA/8/8/8/8/8/8/+r2-Q3K\nStipulation ~1\nEndProblem\n", "t")
    assert not isinstance(problem, ProblemError), problem   # the camel is played now
    assert set(problem.pieces) == {Piece("a8", BLACK, "K"), Piece("h8", WHITE, "CA"),
                                  Piece("a1", WHITE, "R"), Piece("d1", BLACK, "Q"), Piece("h1", WHITE, "K")}


def test_initial_game_array():
    problem = one("BeginProblem\nInitialGameArray\nStipulation #1\nEndProblem\n")
    assert len(problem.pieces) == 32
    assert Piece("e1", WHITE, "K") in problem.pieces and Piece("b8", BLACK, "S") in problem.pieces


def test_protocol_latex_and_latex_pieces_are_ignored():
    problem = one("""anfangproblem
protokoll       nontriv.out
latex           nontriv.tex
                n SU Nachtreiter
                g DU Grash"upfer
ford #2
stei weis ke1 schw ke8
ende
""")
    assert problem.stipulation.text == "#2" and len(problem.pieces) == 2


def test_metadata_lines_accumulate():
    problem = one("""BeginProblem
Author A
Author B
Origin first
Origin second
Title T
Remark one
Remark two
Pieces White Ke1 Black Ke8
Stipulation #2
EndProblem
""")
    assert problem.authors == ("A", "B")
    assert problem.origin == "first\nsecond"
    assert problem.remark == "one\ntwo"
    assert problem.title == "T"


def test_royal_applies_to_the_next_piece_word_only():
    items = load("anfangproblem\nford #2\nstei weis koen sc8 bb6 schw ke1\nende\n", "t")
    problem = items[0]   # a royal knight and no king: played (no ProblemError)
    assert Piece("c8", WHITE, "S", ("Royal",)) in problem.pieces
    assert Piece("b6", WHITE, "P") in problem.pieces


def test_stipulation_length_in_the_next_word():
    problem = load("anfangproblem\nford ser-s00 9\nstei weis ke1 schw ke8\nende\n", "t")[0]
    assert problem.stipulation.text == "ser-s009" and problem.stipulation.moves == 9


def test_en_passant_and_no_castling_options():
    problem = one("""BeginProblem
Pieces White Ke1 Rh1 Ra1 Pe5 Black Ke8 Pf5
Stipulation #2
Option EnPassant f7f6f5 NoCastling a1
EndProblem
""")
    assert problem.en_passant == ("f6",)
    assert problem.castling == "Kkq"
    assert problem.option("EnPassant").args == ("f7", "f6", "f5")


def test_unsupported_options_are_marked():
    problem = load("anfangproblem\nford s#3\nopti keinesymm halte vari\nstei weis ke1 schw ke8\nende\n",
                   "t")[0].problem
    assert problem.options == (Option("NoSymmetry", (), False), Option("KeepMatingPiece", (), True),
                               Option("Variation"))


def test_nontrivial_reads_its_two_numbers():
    [problem] = load("anfangproblem\nford s#3\nopti nichttr 1 0 halte vari\nstei weis ke1 schw ke8\nende\n", "t")
    assert problem.options == (Option("NonTrivial", ("1", "0"), True), Option("KeepMatingPiece", (), True),
                               Option("Variation"))


def test_conditions_with_parameters_across_lines():
    items = load("""anfangproblem
ford h#2
bedingung circe chamaeleon s l
          madrasi
bedingung loch e1f1g1h1
stei weis ke1 schw ke8
ende
""", "t")
    problem = items[0].problem
    assert problem.conditions == (Condition("Circe", ("Chameleon", "S", "B"), True),
                                  Condition("Madrasi", (), True),
                                  Condition("Hole", ("e1", "f1", "g1", "h1"), False))
    error = items[0].error   # Circe is played, its parameter Chameleon not: the solver says so
    assert (error.message, error.line, error.column) == ("condition Hole is not supported", 5, 11)


def test_a_file_goes_on_after_a_bad_problem():
    items = load("""anfangproblem
ford #2
stei weis ke1 dz9 schw ke8
weiter
ford h#2
bedingung phantomschach
stei weis ke1 schw ke8
weiter
ford h#2
stei weis ke1 schw ke8
ende
""", "t.inp")
    assert isinstance(items[0], ProblemError) and items[0].problem is None
    assert (items[0].error.line, items[0].error.column) == (3, 16)
    assert "bad square 'z9'" in items[0].error.message
    assert isinstance(items[1], ProblemError) and items[1].unsupported
    assert items[2].stipulation.text == "h#2"
    with pytest.raises(InputError, match="bad square"):
        load_strict("anfangproblem\nford #2\nstei weis ke1 dz9 schw ke8\nende\n", "t.inp")


@pytest.mark.parametrize("text, message, line, column", [
    ("BeginProblem\nPieces White Ke1 Qz9 Black Ke8\nStipulation #2\nEndProblem\n", "bad square 'z9' in 'Qz9'", 2, 19),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation hh#2\nEndProblem\n", "unknown stipulation 'hh#2'", 3, 14),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation h#0\nEndProblem\n", "at least 1", 3, 15),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Xyzzy\nEndProblem\n",
     "unknown condition 'Xyzzy'", 4, 11),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Messigny Xyzzy\nEndProblem\n",
     "unknown condition 'Xyzzy'", 4, 20),
    ("AnfangProblem\nSteine Weiss Ke1 Schwarz Ke8\nForderung #2\nZwilling add Schwarz Ta8\nEndeProblem\n",
     "unknown twin command 'add' (in German: hinzufuegen)", 4, 10),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Madrassi\nEndProblem\n",
     "unknown condition 'Madrassi' (did you mean Madrasi?)", 4, 11),

    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption Variation Xyzzy\nEndProblem\n",
     "unknown option 'Xyzzy'", 4, 18),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nEndProblem\n", "no stipulation", 2, 1),
    ("BeginProblem\nPieces Ke1\nStipulation #2\nEndProblem\n", "expected a colour", 2, 8),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Move a1 b2\nEndProblem\n",
     "twin b): no piece on a1 to move", 4, 11),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nXyzzy\nEndProblem\n", "unknown keyword 'Xyzzy'", 4, 1),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nOption Defence\nEndProblem\n",
     "needs a number", 4, 15),
    ("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nTwin Rotate 45\nEndProblem\n", "90, 180 or 270", 4, 13),
])
def test_errors_name_line_and_column(text, message, line, column):
    [item] = load(text, "bad.inp")
    assert isinstance(item, ProblemError) and item.problem is None
    assert message in item.error.message
    assert (item.error.file, item.error.line, item.error.column) == ("bad.inp", line, column)
    assert item.error.text == text.split("\n")[line - 1]


def test_a_refused_condition_says_which_word_it_was_read_from():
    """Popeye reads 'Foo' as Football, the one condition it begins; so does feerie, and says so."""
    [item] = load("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Foo\nEndProblem\n", "f.inp")
    assert isinstance(item, ProblemError) and item.unsupported
    assert item.error.message == ("condition Football is not supported ('Foo' is read as Football, "
                                  "the one condition it begins, as Popeye reads it)")
    assert (item.error.line, item.error.column) == (4, 11)


def test_a_hunter_in_a_list_of_walks_is_refused_by_name():
    """'PromOnly rh/r' (a hunter) was 'needs piece names'; hunters are not supported."""
    [item] = load("BeginProblem\nPieces White Ke1 Pe7 Black Ke8\nStipulation ~1\nCondition PromOnly rh/r\n"
                  "EndProblem\n", "h.inp")
    assert isinstance(item, ProblemError)
    assert item.error.message == "hunter pieces ('rh/r') are not supported"
    assert (item.error.line, item.error.column) == (4, 20)
    [ok] = load("BeginProblem\nPieces White Ke1 Pe7 Black Ka8\nStipulation ~1\nCondition PromOnly S R\n"
                "EndProblem\n", "p.inp")
    assert ok.conditions[0].params == ("S", "R")


def test_not_a_popeye_file():
    with pytest.raises(InputError, match="cannot tell the format"):
        load("Hello there\n", "x.inp")


def test_ambiguous_abbreviation_is_an_error():
    [item] = load("BeginProblem\nPieces White Ke1 Black Ke8\nStipulation #2\nCondition Mars\nEndProblem\n", "t")
    assert "ambiguous condition 'Mars'" in item.error.message


def test_zero_position_and_twins_are_read():
    problem = load("""anfa
ford ser-h#2
stei weis ke1 sd1 th4 schw kb2
nullstellung  versetze h4 g1
zwilling entferne d1 hinzu weiss db1
zwilling ferner tausche e1 b2
ende
""", "t")[0]
    assert problem.zero_position
    assert [t.continued for t in problem.twins] == [False, False, True]
    assert [c.kind for c in problem.twins[1].commands] == ["remove", "add"]
    assert problem.twins[1].commands[1].args == ("white", "Q", "b1")


def test_native_output_of_every_reference_file_reads_back_the_same():
    for name in REFERENCE_FILES:
        for problem, _ in problems_of(name):
            [back] = load(format_native(problem), "native")
            back = back.problem if isinstance(back, ProblemError) else back
            assert back == problem, f"{name}:{problem.line}"


def test_problem_source_and_line():
    path = reference("popeye", "beispiel", "messigny.inp")
    problems = [p for p, _ in problems_of("beispiel/messigny")]
    assert problems[0].source == str(path)
    text = Path(path).read_text(encoding="latin-1").split("\n")
    assert text[problems[1].line - 1].startswith("autor")


def test_prefix_rule_exact_match_wins_and_ambiguity_is_reported():
    from solver.model.keywords import AMBIGUOUS, NOT_FOUND, PrefixTable
    table = PrefixTable(("Circe", "CirceMirror", "Madrasi", "Mars", "MarsCirce"))
    assert table.lookup("circe") == 0            # exact, although CirceMirror starts the same
    assert table.lookup("CIRCEM") == 1
    assert table.lookup("mad") == 2
    assert table.lookup("mars") == 3 and table.lookup("marsc") == 4
    assert table.lookup("ma") == AMBIGUOUS and table.lookup("x") == NOT_FOUND
    assert table.lookup("circemirrors") == NOT_FOUND   # longer than every entry


def test_every_canonical_name_reads_back_to_itself():
    from solver.model import vocabulary as vocab
    from grammar.conditions import ConditionReader
    from grammar.options import read_option_text
    from grammar.words import Word
    reader = ConditionReader("en")
    names = set()
    for index in range(len(vocab.CONDITIONS["en"])):
        name = kw.condition_name(index)
        if vocab.CONDITION_IDS[index] in ("holes", "imitators", "magicsquare", "wormholes", "whprom_sq",
                                          "blprom_sq", "whforsqu", "blforsqu", "whconforsqu", "blconforsqu",
                                          "blroyalsq", "whroyalsq", "blmaxdister", "blmindister", "whmaxdister",
                                          "whmindister", "april", "promotiononly", "lastcapture", "mate_C"):
            continue   # need parameters, or cannot be named unambiguously ('#C')
        [(condition, _)], end = reader.read([Word(name, 1, 1)], 0)
        assert condition.name == name and end == 1
        names.add(name)
    assert {"Messigny", "Circe", "Madrasi", "KoeKo"} <= names
    for index in range(len(vocab.OPTIONS["en"])):
        name = kw.option_name(index)
        if vocab.OPTION_IDS[index] in ("soltout", "startmovenumber", "solmenaces", "maxsols", "solflights",
                                      "nontrivial", "enpassant", "maxtime", "nocastling",
                                      "mutuallyexclusivecastling", "uptomovenumber"):
            continue   # need arguments
        [option] = read_option_text(name)
        assert option.name == name


def test_forsyth_may_end_in_a_slash_or_run_past_h1():
    """Popeye's examples end a Forsyth position with '/' after h1 (BEISPIEL/bgl.inp)
    or with a run of blanks past h1 (EXAMPLES/champursue.inp: '.../16'); only a
    piece beyond h1 is an error."""
    full = one("BeginProblem\nForsyth 32/6R1/7p/7s/5K1k/\nStipulation #2\nEndProblem\n")
    assert set(full.pieces) == {Piece("g4", WHITE, "R"), Piece("h3", BLACK, "P"), Piece("h2", BLACK, "S"),
                                Piece("f1", WHITE, "K"), Piece("h1", BLACK, "K")}
    past = one("BeginProblem\nForsyth 3k4/1K6/8/8/8/8/8/16\nStipulation #2\nEndProblem\n")
    assert set(past.pieces) == {Piece("d8", BLACK, "K"), Piece("b7", WHITE, "K")}
    with pytest.raises(InputError, match="too many squares in the Forsyth position"):
        load_strict("BeginProblem\nForsyth 8/8/8/8/8/8/8/K6k/q\nStipulation #2\nEndProblem\n", "t.inp")


def test_length_with_a_zero_fraction_is_the_whole_number():
    """Popeye reads 'dia3.0' (BEISPIEL/andrnach.inp) as dia3 and 'h#2.0' as h#2."""
    problem = one("BeginProblem\nPieces White Ka1 Black Kh8\nStipulation h#2.0\nEndProblem\n")
    assert problem.stipulation.text == "h#2" and problem.stipulation.moves == 2
    assert not problem.stipulation.half


def test_republican_type1_and_lastcapture_piece():
    """EXAMPLES/republican.inp ('republican type1') and lastcap.inp ('lastcap wh bg4')."""
    [republican] = load("BeginProblem\nPieces White Ka1 Black Kh8\nCondition Republican Type1\n"
                        "Stipulation #1\nEndProblem\n", "t")
    assert republican.problem.conditions == (Condition("RepublicanChess", ("Type1",), False),)
    [lastcap] = load("beg\nstip #1\nfors 32/6p1/1p6/5Q2/K1k5/\ncond parr lastcap wh bg4\nend\n", "t")
    assert lastcap.problem.conditions[1] == Condition("LastCapture", ("White", "B", "g4"), False)


def test_a_file_without_endproblem_is_read_with_a_warning():
    """Popeye solves nothing of a last problem that no EndProblem ends; feerie
    solves it and warns, naming the file and the last line."""
    from solver.base.errors import InputWarning

    text = "BeginProblem\nPieces White Kb3 Rh2 Black Ka1\nStipulation #1\n"
    with pytest.warns(InputWarning, match=r"^t\.inp:3: the file ends without EndProblem"):
        [problem] = load(text, "t.inp")
    assert problem.stipulation.text == "#1"
    import warnings
    with warnings.catch_warnings():
        warnings.simplefilter("error", InputWarning)
        load(text + "EndProblem\n", "t.inp")
        load(text + "NextProblem\n" + text + "EndProblem\n", "t.inp")


def test_the_cli_prints_the_endproblem_warning_once_per_file(tmp_path):
    from click.testing import CliRunner
    from cli import main

    files = [tmp_path / "a.inp", tmp_path / "b.inp"]
    for f in files:
        f.write_text("BeginProblem\nPieces White Kb3 Rh2 Black Ka1\nStipulation #1\n")
    result = CliRunner().invoke(main, ["solve", *map(str, files)])
    assert result.exit_code == 0 and result.stdout.count("1.Rh2-h1 #") == 2
    assert result.stderr.splitlines() == [
        f"feerie: warning: {f}:3: the file ends without EndProblem (Popeye would solve nothing of its "
        "last problem; feerie reads it as if EndProblem were there)" for f in files]
