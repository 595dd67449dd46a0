"""HurdleColourChanging against Popeye (solver.pieces.hurdlecc).

tests/data/hurdlecc/: random positions with one to three hurdle-colour-changing
hoppers of the walk catalogue (grasshoppers, lions, the moose family, rook and
bishop hoppers, the contra grasshopper, equihoppers, orixes, kinghoppers ...),
a plain hopper and a pawn about to promote now and then, in `~1`, #1, #2 (with
variations), h#2 and s#2, made by `tests/generate_popeye_data.py --hurdlecc`,
and `Targeted.inp` written by hand (two hurdles to one square, a king hurdle,
a hurdle turned enemy that checks the mover's king, promotions to such pieces
where plain ones stand and where none does, a rook on a1 turned white that
castles, a pawn turned on its seventh rank, the lions, contra grasshopper,
equihopper, orix and kinghopper, a help mate by a turned hurdle), each solved
by Popeye 4.104; every case on the fast path and on the generic one.  And
the moves themselves: make / unmake restore the position and its hash, the
refusals name the element."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square
from solver.pieces.attributes import names_of_prefix, prefix_of

DATA = Path(__file__).parent / "data" / "hurdlecc"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        "Moves", "Mate1", "Mate2", "Help2", "Self2", "Targeted"}
    assert len(CASES) >= 40


# over ten seconds of CPU (measured: 30 s, equal to Popeye's), a help mate with three such hoppers
SLOW = ("Help2#8",)
GENERIC_SLOW = ("Help2#8",)
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=GENERIC_SLOW, why="over ten seconds of CPU",
    max_time=600)   # (a help mate of several seconds of CPU on a loaded machine: not a wrong answer)


def _problem(pieces: str, stip: str = "~1", extra: str = ""):
    [problem] = grammar.load(f"begin\n{extra}pieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_two_hurdles_give_two_moves_and_unmake_restores():
    problem = _problem("white Ke1 white hurdlecolourchanging Ma1 black Kc8 Pa2 Pb2")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings), dict(pos.attrs))
    a1, b3 = parse_square("a1"), parse_square("b3")
    to_b3 = [m for m in rules.moves(pos) if m & 127 == a1 and (m >> 7) & 127 == b3]
    assert len(to_b3) == 2
    changed = set()
    for m in rules.moves(pos):
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        changed.update(sq for sq, *_ in pos.last_effects())
        pos.unmake()
        assert (pos.key(), pos.hash, tuple(pos.kings), dict(pos.attrs)) == start
    # the pawns turn white (a2 or b2), the king hurdle e1 does not
    assert changed == {parse_square("a2"), parse_square("b2")}


def test_a_promotion_to_such_a_piece_is_undone():
    problem = _problem("white Kh1 Pb7 white hurdlecolourchanging Gd4 black Ka1")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash)
    promotions = [m for m in rules.moves(pos) if m & 127 == parse_square("b7")]
    # Q, S, R, B and G=hcc: no plain grasshopper stands, so none to promote to (Popeye)
    from solver.engine.move import HCC_PROMOTION

    assert len(promotions) == 5 and sum(bool(m & HCC_PROMOTION) for m in promotions) == 1
    for m in promotions:
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        pos.unmake()
        assert (pos.key(), pos.hash) == start


def test_prefixes():
    name = ("HurdleColourChanging",)
    assert [prefix_of(name, lang) for lang in ("en", "de", "fr")] == ["hcc", "sfw", "ces"]
    assert all(names_of_prefix(prefix_of(name, lang), lang) == name for lang in ("en", "de", "fr"))


def test_refused_by_name():
    def why(pieces, extra=""):
        return str(_problem(pieces, extra=extra))

    assert "piece attribute HurdleColourChanging on R is not supported" in why(
        "white Ke1 white hurdlecolourchanging Ra1 black Ke8")
    assert "piece attribute HurdleColourChanging on PA is not supported" in why(
        "white Ke1 white hurdlecolourchanging PAa1 black Ke8")
    assert "piece attribute HurdleColourChanging with other piece attributes is not supported" in why(
        "white Ke1 white hurdlecolourchanging Ga1 black Ke8 black kamikaze Sb8")
    assert "piece attribute HurdleColourChanging with condition Circe is not supported" in why(
        "white Ke1 white hurdlecolourchanging Ga1 black Ke8", "condition Circe\n")
