"""The piece attributes Functionary and Patrol against Popeye
(solver.conditions.watchers.install_attribute_filters).

tests/data/functionary/: random orthodox positions (a grasshopper now and then)
where a few pieces, kings among them, are functionary or patrol pieces, in
`~1`, #2 (with variations), h#2 and s#2, made by `tests/generate_popeye_data.py
--functionary`, and `Targeted.inp` written by hand (functionary pieces of both
sides moving only when observed, a functionary piece that checks only when
observed, a functionary king castling while an unobserved enemy functionary
observes it, patrol captures by king, pawn, e.p. and promotion, supported or
not, castling through squares of unsupported patrol pieces, NoBlackCapture
and NoWhiteCapture beside), each solved by Popeye 4.104; every case on the
fast path and on the generic one.  And the refusals, by name."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square

DATA = Path(__file__).parent / "data" / "functionary"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        f"{a}{f}" for a in ("Functionary", "Patrol") for f in ("Moves", "Mate2", "Help2", "Self2")
    } | {"Targeted"}
    assert len(CASES) >= 60


# over ten seconds of CPU (measured: 17 s on either path, equal to Popeye's)
SLOW = ("PatrolHelp2#2",)
GENERIC_SLOW = ("PatrolHelp2#2",)
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=GENERIC_SLOW, why="over ten seconds of CPU",
    max_time=600)   # (a help mate of several seconds of CPU on a loaded machine: not a wrong answer)


def _problem(pieces: str, stip: str = "~1", extra: str = ""):
    [problem] = grammar.load(f"begin\n{extra}pieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_a_functionary_piece_moves_only_when_observed():
    rook = parse_square("a6")
    alone = _problem("white Kd5 white functionary Ra6 black Kh8")
    rules = rules_for(alone)
    pos = rules.position(alone, 1)
    assert not [m for m in rules.moves(pos) if m & 127 == rook]
    assert not rules.allows("pins") and not rules.allows("table_observation")
    watched = _problem("white Kd5 white functionary Ra6 black Kh8 Sb8")
    rules = rules_for(watched)
    pos = rules.position(watched, 1)
    assert [m for m in rules.moves(pos) if m & 127 == rook]


def test_a_patrol_piece_checks_only_when_supported():
    for pieces, check in (("white Ka1 white patrol Qe5 black Ke8", False),
                          ("white Ka1 Rh5 white patrol Qe5 black Ke8", True)):
        problem = _problem(pieces)
        rules = rules_for(problem)
        pos = rules.position(problem, -1)
        assert rules.in_check(pos, -1) == check, pieces


def test_refused_by_name():
    def why(pieces, extra=""):
        return str(_problem(pieces, extra=extra))

    assert "piece attribute Functionary with condition Circe is not supported" in why(
        "white Ke1 white functionary Ra1 black Ke8", "condition Circe\n")
    assert "piece attribute Patrol with condition Madrasi is not supported" in why(
        "white Ke1 white patrol Ra1 black Ke8", "condition Madrasi\n")
    assert "piece attribute Functionary with other piece attributes is not supported" in why(
        "white Ke1 white functionary Ra1 black Ke8 black patrol Sb8")
    assert "piece attribute Patrol with other piece attributes is not supported" in why(
        "white Ke1 white patrol kamikaze Ra1 black Ke8")
    assert "condition FunctionaryChess is not supported" in why(
        "white Ke1 Ra1 black Ke8", "condition FunctionaryChess\n")
    for played in ("NoBlackCapture", "NoCapture", "NoWhiteCapture"):
        assert "not supported" not in why("white Ke1 white patrol Ra1 black Ke8",
                                          f"condition {played}\n"), played
