"""Proof games (`dia n`, `exact-dia n`, `ser-dia n`; solver/search/proofgame.py) against
Popeye: the placements after random games from the game array, stated as
proof games of about their length and solved by Popeye 4.104
(tests/data/proofgames/, made by `tests/generate_popeye_data.py
--proofgames`), and the corpus's quick orthodox proof games.  Each must give
Popeye's solutions, every one (shorter ones included, as Popeye prints them)."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.engine.board import WHITE
from solver.run.solve import unsupported_reason
from solver.search.proofgame import proof_refusal
from solver.search.proofgame_bound import INF, Target, needed, tables

DATA = Path(__file__).parent / "data" / "proofgames"
CASES = cases(DATA)


def test_every_form_has_problems():
    stips = {p.stipulation.text for form in sorted(DATA.glob("*.inp")) for p in grammar.load_file(form)}
    assert {"dia1.5", "dia2", "dia2.5", "dia3", "exact-dia3", "dia3.5", "ser-dia3", "ser-dia4", "a=>b1.5", "a=>b2", "a=>b2.5"} <= stips
    assert len(CASES) >= 70


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(DATA)


def _problem(text: str):
    [problem] = grammar.load(text, "x.inp")
    return problem


def test_conditions_and_fairy_pieces_are_refused_by_name():
    board = "pieces white ke1 qd1 ra1h1 bc1f1 sb1g1 pa2b2c2d2e4f2g2h2 black ke8 qd8 ra8h8 bc8f8 sb8g8 pa7b7c7d7e5f7g7h7"
    assert unsupported_reason(_problem(f"begin\nstip dia2\n{board}\nend\n")) is None
    reason = unsupported_reason(_problem(f"begin\nstip dia2\ncond madrasi\n{board}\nend\n"))
    assert reason == "condition Madrasi with a proof game is not supported"
    reason = proof_refusal(_problem("begin\nstip dia2\npieces white ke1 nd4 black ke8\nend\n"))
    assert reason == "fairy piece N with a proof game is not supported"
    atob = "begin\ncond madrasi\npieces white ke1 black ke8\nstip a=>b1\npieces white ke2 black ke8\nend\n"
    assert unsupported_reason(_problem(atob)) == "condition Madrasi with a proof game is not supported"


def test_an_a_to_b_start_is_the_pieces_before_the_stipulation():
    problem = _problem("begin\npieces white ke1 pe2 black ke8\nstip a=>b1\npieces white ke1 pe4 black ke8\n"
                       "option whitetoplay\nend\n")
    assert {(p.kind, p.square) for p in problem.pieces} == {("K", "e1"), ("P", "e2"), ("K", "e8")}
    assert {(p.kind, p.square) for p in problem.proof_target} == {("K", "e1"), ("P", "e4"), ("K", "e8")}
    assert problem.white_to_move and problem.stipulation.text == "a=>b1"


def test_the_bound_is_zero_at_the_target_and_never_above_a_real_game():
    """Along random games (castling, captures and promotions preferred), each
    side's bound never exceeds the moves it still plays in the game."""
    import random

    from solver.conditions.registry import rules_for
    from solver.engine.move import CASTLE
    from solver.search.proofgame import start_problem

    problem = _problem("begin\nstip dia1\npieces white ke1 black ke8\nend\n")
    rules = rules_for(problem)
    rng = random.Random(5)
    tables()
    for _ in range(60):
        pos = rules.position(start_problem(problem), WHITE)
        played = 0
        for _ in range(rng.randint(2, 30)):
            moves = rules.moves(pos)
            if not moves:
                break
            liked = [m for m in moves if (m >> 14) & 7 == CASTLE or pos.board[(m >> 7) & 127]
                     or (abs(pos.board[m & 127]) == 1 and ((m >> 7) & 127) >> 4 in (0, 7))]
            pos.make(rng.choice(liked if liked and rng.random() < 0.6 else moves))
            played += 1
        target = Target(list(pos.board))
        assert needed(target, pos.board, pos.occupied) == (0, 0)
        for k in range(played, 0, -1):
            pos.unmake()
            white, black = needed(target, pos.board, pos.occupied)
            w_left = sum(1 for j in range(k - 1, played) if j % 2 == 0)
            assert white <= w_left and black <= played - (k - 1) - w_left < INF

# corpus proof games solved within about a second (the others: bench/corpus.py)
QUICK_CORPUS = ["BEISPIEL/proof.inp#2"] + [f"BEISPIEL/proof_se.inp#{i}" for i in (1, 2, 3, 4, 5, 6, 7, 11)]


@pytest.mark.parametrize("case", QUICK_CORPUS)
def test_corpus_proof_game_is_popeyes(case):
    import corpus_cases as cc
    from conftest import reference
    from solver.run.solve import solve_problem

    reference("popeye", "corpus")
    item, expected = cc.load(case)
    result = solve_problem(item, max_time=60)
    assert not result.info.timed_out
    assert cc.same_solution(result.twins, expected), "\n".join(cc.differences(result.twins, expected))


def test_an_a_to_b_header_shows_both_diagrams_as_popeye():
    """Popeye 4.104 prints the start, its counts, who moves first, then the
    target with the stipulation and the target's counts."""
    from solver.output.popeye_writer import header_text

    problem = _problem("begin\npieces white ke1 pe2 black ke8 pd7\nstip a=>b2\npieces white ke2 pe4 black kd8 pd5\nend\n")
    lines = header_text(problem).splitlines()
    at = lines.index("            => (Black ->)")
    assert lines[at - 2] == "                              2 + 2"
    assert lines[at - 5] == "1   .   .   .   .   K   .   .   .   1" and lines[at + 1:at + 3] == ["", ""]
    assert lines[at + 17] == "2   .   .   .   .   K   .   .   .   2"
    assert lines[-1] == "  a=>b2                       2 + 2"


def test_castling_moves_a_cornered_rook_for_free():
    """0-0 takes the h1 rook to f1 in the king's move, so a rook standing in
    place on its corner still serves another target square: the h5 rook
    comes to h1 after castling.  Popeye 4.104's four lines."""
    from solver.output.popeye_writer import solution_text
    from solver.run.solve import solve_problem

    problem = _problem("begin\npieces white ke1 rh5 rh1 black ke8\nstip a=>b2\npieces white kg1 rf1 rh1 black ke7\n"
                       "end\n")
    lines = {line.strip() for line in solution_text(solve_problem(problem).twins).splitlines() if line.strip()}
    assert lines == {"1.Ke8-d7 0-0   2.Kd7-e7 Rh5-h1 a=>b", "1.Ke8-f7 0-0 +   2.Kf7-e7 Rh5-h1 a=>b",
                     "1.Ke8-d8 0-0   2.Kd8-e7 Rh5-h1 a=>b", "1.Ke8-f8 0-0 +   2.Kf8-e7 Rh5-h1 a=>b"}


def test_the_checker_leaves_proof_games_to_the_solver():
    from solver.check.check import _before_solving

    problem = _problem("begin\nstip dia2\npieces white ke1 black ke8\nend\n")
    verdict = _before_solving(problem, None)
    assert "the checker does not judge proof games yet" in verdict.evidence[0]
