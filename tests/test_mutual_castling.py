"""Option CastlingMutuallyExclusive against Popeye (solver.conditions.mutual_castling).

tests/data/mutualcastling/: random positions with both kings at home and rooks of
both sides on their corners, under the option with one or two pairs, in #2 (with
tries), #3, h#2, h002, h001.5 and ser-h002, made by
`tests/generate_popeye_data.py --mutualcastling` and solved by Popeye 4.104;
most of them are ones whose solution the option changes.  Every case on the fast
path and on the generic one.  Popeye's own examples (BEISPIEL/castling.inp #43-46)
are compared by tests/test_corpus.py; here also the header line, the undo and
the refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.base.errors import InputError
from solver.conditions.registry import rules_for
from solver.engine.board import castle_bit, parse_square
from solver.engine.move import CASTLE
from solver.output.popeye_writer import header_text

DATA = Path(__file__).parent / "data" / "mutualcastling"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"d2", "d3", "h2", "h002", "h001_5", "serh002", "Targeted"}
    assert len(CASES) >= 20


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)


def _problem(options: str, pieces: str = "white Ke1 Ra1 Rh1 black Ke8 Ra8 Rh8", stip: str = "#2",
             language: str = "english"):
    text = f"begin\npieces {pieces}\nstip {stip}\n{options}\nend\n"
    [problem] = grammar.load(text, "x.inp")
    return problem


def _castling(rules, pos, rook: str) -> int:
    rf = parse_square(rook)
    [m] = [m for m in rules.moves(pos) if (m >> 14) & 7 == CASTLE and (m >> 17) & 7 == rf & 7]
    return m


def test_a_castling_takes_the_paired_right_and_unmake_gives_it_back():
    problem = _problem("option CastlingMutuallyExclusive a1h8")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, pos.castling)
    pos.make(_castling(rules, pos, "a1"))
    assert not pos.castling & castle_bit(parse_square("h8"))
    assert pos.castling & castle_bit(parse_square("a8"))
    assert pos.hash == pos.compute_hash()
    assert [m for m in rules.moves(pos) if (m >> 14) & 7 == CASTLE and (m >> 17) & 7 == 7] == []
    pos.unmake()
    assert (pos.key(), pos.hash, pos.castling) == start


def test_the_other_castling_takes_nothing():
    problem = _problem("option CastlingMutuallyExclusive a1h8")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    pos.make(_castling(rules, pos, "h1"))
    black = castle_bit(parse_square("a8")) | castle_bit(parse_square("h8"))
    assert pos.castling & black == black


def test_black_castling_takes_white_right():
    problem = _problem("option CastlingMutuallyExclusive h1h8")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    pos.make(_castling(rules, pos, "h8"))
    assert not pos.castling & castle_bit(parse_square("h1"))
    assert pos.castling & castle_bit(parse_square("a1"))


@pytest.mark.parametrize("options, line", [
    ("option CastlingMutuallyExclusive a1h8", "CastlingMutuallyExclusive a1h8"),
    # Popeye's order, whatever the input's
    ("option CastlingMutuallyExclusive h1h8 CastlingMutuallyExclusive a1a8 CastlingMutuallyExclusive h1a8",
     "CastlingMutuallyExclusive a1a8 h1a8 h1h8"),
])
def test_the_header_line(options, line):
    lines = header_text(_problem(options)).split("\n")
    assert line in lines   # not centred, under the stipulation
    assert lines.index(line) == next(i for i, t in enumerate(lines) if t.startswith("  #2")) + 1


def test_the_header_line_in_german():
    [problem] = grammar.load("anfang\nsteine weiss ke1 ta1 schwarz ke8 th8\nforderung #2\n"
                             "option RochadenGegenseitigAusschliessend a1h8\nende\n", "x.inp")
    assert "RochadenGegenseitigAusschliessend a1h8" in header_text(problem).split("\n")


@pytest.mark.parametrize("pair", ["a1a1", "h8a1", "e1e8"])
def test_squares_that_are_not_rook_corners_are_refused_where_they_stand(pair):
    [error] = grammar.load(f"begin\npieces white Ke1 Ra1 black Ke8 Rh8\nstip #2\n"
                           f"option CastlingMutuallyExclusive {pair}\nend\n", "x.inp")
    assert isinstance(error, grammar.ProblemError)
    assert "CastlingMutuallyExclusive needs a white rook's corner" in error.error.message
    assert (error.error.line, error.error.column) == (4, 34)


def test_the_rule_refuses_them_too():
    from solver.conditions.mutual_castling import pairs
    from solver.model.problem import Option

    with pytest.raises(InputError, match="needs a white rook's corner"):
        pairs([Option("CastlingMutuallyExclusive", ("h8", "a1"), True)])
