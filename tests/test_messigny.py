"""Messigny chess (RULES.md 4): exchanges on the seed's diagrams and small positions."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

import grammar
import problem_files
from cli import main
from solver.engine.board import parse_square
from solver.model.problem import Condition
from solver.engine.move import EXCHANGE, Move
from solver.engine.movegen import in_check
from solver.output.notation import turn_text
from solver.engine.position import Position
from solver.conditions.registry import build_rules
from solver.run.solve import solve_problem
from solver.model.tree import Role

INCLUSIVE = [Condition("Messigny")]
EXCLUSIVE = [Condition("Messigny", ("RexExclusive",))]


def exchanges(rules, pos) -> set[str]:
    return {str(Move.decode(m)) for m in rules.turns(pos) if (m >> 14) & 7 == EXCHANGE}


def move(text: str) -> int:
    a, b = text.split("<->")
    return parse_square(a) | parse_square(b) << 7 | EXCHANGE << 14


# Seed 002, diagram A: White Ke1 Bh3 Sd3, Black Ke8 Bd5 Sb6.
DIAGRAM_A = "4k3/8/1n6/3b4/8/3N3B/8/4K3 {} - - 0 1"


def test_diagram_a_white_to_play():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen(DIAGRAM_A.format("w"))
    # Bh3<->Bd5 and Ke1<->Ke8 (check by the knight d3); the knights' exchange
    # would leave the white king to the black knight on d3.
    assert exchanges(rules, pos) == {"h3<->d5", "e1<->e8"}
    pos.make(move("e1<->e8"))
    assert in_check(pos)
    assert exchanges(build_rules(EXCLUSIVE), Position.from_fen(DIAGRAM_A.format("w"))) == {"h3<->d5"}


def test_diagram_a_black_to_play():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen(DIAGRAM_A.format("b"))
    assert exchanges(rules, pos) == {"d5<->h3", "b6<->d3"}   # Re8<->Re1 would be self-check
    pos.make(move("b6<->d3"))
    assert in_check(pos)


def test_diagram_b_exchange_of_bishops():
    pos = Position.from_fen(DIAGRAM_A.format("w"))
    pos.make(move("h3<->d5"))
    assert pos.fen().split()[0] == "4k3/8/1n6/3B4/8/3N3b/8/4K3"


def test_diagram_c_king_exchange_mates():
    # Ke1<->Ke8: the black king on e1 is checked by the knight, the rooks
    # guard the first and second ranks, and Black may not exchange back.
    statement = "4k3/8/8/8/8/3N4/R7/4K2R w - - #1 Messigny"
    result = solve_problem(grammar.parse_statement(statement))
    keys = {turn_text(n.turn) for n in result.twins[0].phases[0].sections[0].nodes if n.role == Role.KEY}
    assert "Ke1<->Ke8 #" in keys
    exclusive = solve_problem(grammar.parse_statement(statement + " RexExclusive"))
    keys = {turn_text(n.turn) for n in exclusive.twins[0].phases[0].sections[0].nodes if n.role == Role.KEY}
    assert "Ke1<->Ke8 #" not in keys


def test_french_notation():
    problem = grammar.parse_statement("4k3/8/8/8/8/3N4/R7/4K2R w - - #1 Messigny")
    result = solve_problem(problem)
    keys = [n.turn for n in result.twins[0].phases[0].sections[0].nodes if n.role == Role.KEY]
    assert "Re1<->Re8 #" in {turn_text(t, "fr") for t in keys}


# --- 4.2: the restriction ------------------------------------------------------------

def test_pieces_of_the_preceding_exchange_may_not_exchange():
    rules = build_rules(EXCLUSIVE)
    pos = Position.from_fen("r7/8/7k/1r6/8/7K/R7/R7 w - - 0 1")
    pos.make(move("a1<->a8"))
    # Black: the rook now on a1 (and the white one on a8) may not take part,
    # whichever partner; the rook b5 may exchange with the rook a2 only.
    assert exchanges(rules, pos) == {"b5<->a2"}
    pos.make(move("b5<->a2"))
    # White: its own earlier exchange does not restrict it, Black's does.
    assert exchanges(rules, pos) == {"a8<->a1"}


def test_a_null_move_lifts_the_restriction():
    rules = build_rules(EXCLUSIVE)
    pos = Position.from_fen("r7/8/7k/8/8/7K/8/R7 w - - 0 1")
    pos.make(move("a1<->a8"))
    assert exchanges(rules, pos) == set()
    key_restricted = rules.key(pos)
    pos.set_state(-pos.side, ())
    pos.set_state(-pos.side, ())
    assert exchanges(rules, pos) == {"a1<->a8"}
    assert rules.key(pos) != key_restricted and pos.hash == key_restricted[0]


# --- 4.4, 4.5: legality, checks, pawns, castling ---------------------------------------

def test_an_exchange_parries_a_check():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen("4k3/8/8/8/1q6/Q7/8/4K3 w - - 0 1")  # Qb4 checks e1
    assert in_check(pos)
    assert "a3<->b4" in exchanges(rules, pos)  # the checking queen goes to a3


def test_a_king_exchange_parries_a_check():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen("8/8/8/8/4r3/8/8/k3K3 w - - 0 1")  # Re4 checks e1
    assert in_check(pos)
    assert exchanges(rules, pos) == {"e1<->a1"}
    assert exchanges(build_rules(EXCLUSIVE), pos) == set()


def test_pawns_exchange_and_never_promote():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen("4k3/1p6/8/8/8/8/6P1/K7 w - - 0 1")
    assert "g2<->b7" in exchanges(rules, pos)
    pos.make(move("g2<->b7"))
    assert pos.fen().split()[0] == "4k3/1P6/8/8/8/8/6p1/K7"


def test_castling_rights_survive_an_exchange_of_the_rook():
    pos = Position.from_fen("4k3/8/8/8/8/8/7r/4KB1R w K - 0 1")
    rights = pos.castling
    assert move("h1<->h2") in build_rules(INCLUSIVE).turns(pos)
    pos.make(move("h1<->h2"))
    assert pos.castling == rights


def test_castling_only_from_e1_after_a_king_exchange():
    rules = build_rules(INCLUSIVE)
    pos = Position.from_fen("8/8/8/8/8/8/8/1k2K2R b K - 0 1")
    pos.make(move("b1<->e1"))  # the white king to b1, rights kept
    assert pos.castling
    assert not any((m >> 14) & 7 == 3 for m in rules.turns(pos))


# --- perft and the CLI -----------------------------------------------------------------

def test_perft_condition_and_divide_print_exchanges():
    runner = CliRunner()
    fen = "4k3/8/1n6/3b4/8/3N3B/8/4K3 w - - 0 1"
    result = runner.invoke(main, ["perft", fen, "2", "--divide", "--condition", "Messigny"])
    assert result.exit_code == 0, result.output
    lines = result.output.strip().splitlines()
    counts = dict(line.split(": ") for line in lines[:-1] if ": " in line)
    assert "h3<->d5" in counts and "e1<->e8" in counts
    assert sum(map(int, counts.values())) == int(lines[-1])
    # the grammar's abbreviations
    short = runner.invoke(main, ["perft", fen, "2", "--condition", "mess rexex"])
    assert short.exit_code == 0
    long = runner.invoke(main, ["perft", fen, "2", "--condition", "Messigny RexExclusive"])
    assert short.output == long.output
    assert int(long.output) < int(lines[-1])  # no king exchanges


@pytest.mark.parametrize("text,words", [
    ("Messigny Sideways", ["'Sideways'", "Messigny"]),
    ("PhantomChess", ["PhantomChess", "not supported"]),
    ("Marseillais NoChecks", ["NoChecks", "not supported"]),
])
def test_perft_condition_errors(text, words):
    result = CliRunner().invoke(main, ["perft", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "1", "--condition", text])
    assert result.exit_code == 2
    for word in words:
        assert word in result.output


# --- problems/messigny.txt (solutions checked against Popeye when composed) --------------

@pytest.mark.parametrize("index", range(len(problem_files.load("messigny.txt"))))
def test_composed_problems_have_their_recorded_solutions(index):
    problem = problem_files.load("messigny.txt")[index]
    found = problem_files.found_lines(problem)
    assert found == problem_files.recorded_lines(problem)
    assert len(found) == problem.solutions_expected
