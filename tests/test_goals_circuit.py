"""Popeye's circuit and exchange goals (ct, <>, ctr, <>r) against Popeye
(solver.search.goals_identity, solver.engine.identity).

tests/data/goalcircuit/: random positions in direct, help, self and series
play, orthodox for ct and <> and under AntiCirce (whose capturer reborn on
its diagram square completes a circuit), under Circe and its Parrain and
Mirror forms for ctr and <>r, and once each where the rebirth goals are
never reached (orthodox, AntiCirce); made by
`tests/generate_popeye_data.py --goalcircuit` and solved by Popeye 4.104,
plus Targeted.inp (two like rooks swapped back to the diagram's placement,
castling, a promoted pawn, AntiCirce Cheylan and a capture home at once,
twins, RexInclusive, ContraParrain, set play and tries).  Every case on the
fast path and on the generic one.  Popeye's own examples (BEISPIEL/anticir.inp
#53-55, circe.inp #9-11, duplex.inp #14-15) are compared by tests/test_corpus.py."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from grammar import parse_stipulation
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import WHITE, parse_square
from solver.engine.identity import identity_key, trace
from solver.run.solve import unsupported_reason
from solver.search.goals import goal_of

DATA = Path(__file__).parent / "data" / "goalcircuit"
CASES = cases(DATA)

# over ten seconds of CPU (brute-force help play, no solution under AntiCirce with a queen;
# Popeye: 2.5 s): only under FEERIE_SLOW_TESTS=1
SLOW = ("anti_hex2_5#1", "hex3#1")
GENERIC_SLOW = SLOW
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=GENERIC_SLOW, why="over ten seconds of CPU")


def test_every_goal_has_cases():
    texts = (DATA / "Targeted.inp").read_text()
    for path in DATA.glob("*.inp"):
        texts += path.read_text()
    for goal in ("ct", "<>", "ctr", "<>r"):
        assert f"Stipulation {goal}" in texts or any(
            f"{play}{goal}" in texts for play in ("h", "s", "ser-", "ser-h", "ser-s")), goal
    assert len(CASES) >= 40


def _problem(pieces: str, stip: str, condition: str = ""):
    text = f"begin\n{'condition ' + condition + chr(10) if condition else ''}pieces {pieces}\nstip {stip}\nend\n"
    [problem] = grammar.load(text, "x.inp")
    return problem


def _play(rules, pos, *moves: str):
    """Play moves given as 'e2e4' (the first legal move between those squares)."""
    for text in moves:
        frm, to = parse_square(text[:2]), parse_square(text[2:])
        [m] = [t for t in rules.turns(pos) if t & 127 == frm and (t >> 7) & 127 == to][:1]
        rules.play(pos, m)


def test_two_rooks_swapped_differ_in_the_key_only():
    """After Ra1-a2, Rh1-a1, Ra2-h2, Rh2-h1 the placement is the diagram's,
    and so is the hash; the identities are not, and the key says so."""
    problem = _problem("white Ke3 Ra1 Rh1 black Ka8 Pa7", "ser-<>4")
    rules = rules_for(problem)
    pos = rules.position(problem, WHITE)
    start_hash, start_key = pos.hash, rules.key(pos)
    # (series play: Black's passes as the searches make them)
    for move in ("a1a2", "h1a1", "a2h2", "h2h1"):
        _play(rules, pos, move)
        pos.set_state(WHITE, ())
    assert pos.hash == start_hash
    assert rules.key(pos) != start_key
    assert trace(pos).origin(parse_square("h1")) == parse_square("a1")
    pos.unmake()
    assert goal_of("<>").reached(rules, pos)
    assert not goal_of("ct").reached(rules, pos)


def test_make_unmake_restores_position_hash_and_identities():
    problem = _problem("white Kc1 Rh1 black Ka8 Pd3 Ph5", "hct2", "AntiCirce")
    rules = rules_for(problem)
    pos = rules.position(problem, WHITE)
    before = (pos.fen(), pos.hash, rules.key(pos), identity_key(pos))
    _play(rules, pos, "h1h5")            # the rook taken home: [wRh5->h1]
    assert goal_of("ct").reached(rules, pos)
    assert trace(pos).mover_at == parse_square("h1")
    pos.unmake()
    assert (pos.fen(), pos.hash, rules.key(pos), identity_key(pos)) == before


def test_circe_rebirth_home_is_a_circuit_by_rebirth_not_under_anticirce():
    """Rh1-h5, g6*h5: under Circe the rook is reborn on h1, its diagram
    square; under AntiCirce the capturer is reborn, and Popeye's rebirth
    goals look at Circe's rebirths only."""
    for condition, reached in (("Circe", True), ("AntiCirce", False)):
        problem = _problem("white Kc1 Rh1 black Ka8 Pg6", "hctr1.5", condition)
        rules = rules_for(problem)
        pos = rules.position(problem, WHITE)
        _play(rules, pos, "h1h5")
        assert not goal_of("ctr").reached(rules, pos)
        _play(rules, pos, "g6h5")
        assert goal_of("ctr").reached(rules, pos) is reached, condition
        assert not goal_of("<>r").reached(rules, pos)
        assert not goal_of("ct").reached(rules, pos)


def test_marks_are_popeyes():
    """ct, <>, ctr and <>r have no mark of their own: a check shows as '+'."""
    for symbol in ("ct", "<>", "ctr", "<>r"):
        goal = goal_of(symbol)
        assert goal.marker == "" and not goal.preempts_check
        assert goal.text == symbol


def test_the_intelligent_search_declines():
    from solver.base.budget import Budget
    from solver.search.helpplay import help_schedules
    from solver.search.intelligent import intelligent_search

    problem = _problem("white Kc1 Re1 black Ka8 Rd3", "hct2")
    rules = rules_for(problem)
    assert rules.key_parts
    pos = rules.position(problem, -WHITE)
    for schedule in help_schedules(-WHITE, 4):
        assert intelligent_search(rules, pos, schedule, goal_of("ct"), Budget()) is None


def _reason(condition: str, pieces: str, stip: str) -> str | None:
    [item] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    if isinstance(item, grammar.ProblemError):
        return item.error.message
    return unsupported_reason(item)


@pytest.mark.parametrize("text", ["ct2", "hct2", "sct2", "ser-ct3", "<>3", "h<>3", "s<>r2", "ser-<>3",
                                  "ctr3", "ser-hctr2", "reci-hct2", "h<>r2.5"])
def test_the_stipulations_are_read(text):
    stip = parse_stipulation(text)
    assert stip.unsupported is None and stip.goal in ("ct", "<>", "ctr", "<>r")


def test_refusals_name_what_blocks():
    plain = "white Ke1 Ra1 black Ke8 Ra8"
    assert "goal ct (circuit) where a turn is more than one move" in _reason("Marseillais", plain, "ser-ct2")
    reason = _reason("Circe Chameleon", plain, "hct2")
    assert "goal ct (circuit) where a move has effects other than Circe's and AntiCirce's" in reason
    assert "condition AndernachChess" in _reason("AndernachChess", plain, "h<>2")
    assert "goal ctr (circuit by rebirth) with neutral pieces" in _reason(
        "Circe", plain + " neutral Sb1", "hctr2")
    problem = _problem("white Ke1 white kamikaze Ra1 black Ke8 Ra8", "h<>2")
    assert "goal <> (exchange) with piece attributes" in unsupported_reason(problem)
    assert "goal ct (circuit) with Messigny's exchanges" in _reason("Messigny", plain, "hct2")
    for condition in ("Madrasi", "Circe", "AntiCirce", "ParrainCirce", "SuperCirce", "AntiSuperCirce",
                      "MirrorCirce"):
        assert _reason(condition, plain, "hct2") is None, condition
