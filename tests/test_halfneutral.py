"""Half-neutral pieces against Popeye (solver.engine.halfneutral).

tests/data/halfneutral/: random positions with one to three half-neutral
pieces (white, black or neutral; pawns a step from promoting; now and then
a plain neutral piece or a grasshopper), in `~1` (every legal move, with
its check mark), #2 (with variations), h#2 and s#, made by
`tests/generate_popeye_data.py --halfneutral`, and `Targeted.inp` written
by hand (double steps and e.p. of half-neutral pawns, castling beside a
half-neutral rook, a half-neutral king alone, twins that move a
half-neutral piece, the three languages), each solved by Popeye 4.104;
every case on the fast path, a third on the generic one (FEERIE_GENERIC=1).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.model.setup import position_of
from solver.output.json_writer import _component, component_json
from solver.output.notation import component_text, parse_turn

DATA = Path(__file__).parent / "data" / "halfneutral"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"Moves", "Mate2", "Help2", "Targeted", "TargetedDe",
                                                         "TargetedFr"}
    assert len(CASES) >= 40


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(DATA)


def _problem(pieces: str, stip: str = "#2", extra: str = ""):
    [problem] = grammar.load(f"begin\npieces {pieces}\nstip {stip}\n{extra}end\n", "x.inp")
    return problem


@pytest.mark.parametrize("pieces", [
    "white Ke1 Rh1 white halfneutral Pb7 Qd4 black Ke8 black halfneutral Rh8 Pd7 neutral halfneutral Pc2 Sf5",
    "white halfneutral Ke1 white Rh1 Bf1 neutral Se3 black Pd7",   # the half-neutral king alone
    "neutral halfneutral Kd4 white Qa1 black Rh8 Pb2"])
def test_make_unmake_restore_the_position_and_its_hash(pieces):
    problem = _problem(pieces)
    rules = rules_for(problem)
    for side in (1, -1):
        pos = rules.position(problem, side)
        start = (pos.key(), pos.hash, tuple(pos.kings), frozenset(pos.half))
        assert pos.hash == pos.compute_hash()
        for m in rules.moves(pos):
            pos.make(m)
            assert pos.hash == pos.compute_hash(), m
            for n in rules.moves(pos):
                pos.make(n)
                assert pos.hash == pos.compute_hash(), (m, n)
                pos.unmake()
            pos.unmake()
            assert (pos.key(), pos.hash, tuple(pos.kings), frozenset(pos.half)) == start, m


def test_the_phase_changes_with_each_move_of_the_piece():
    problem = _problem("white Ka1 black Kh8 black halfneutral Ra2")
    pos = position_of(problem, -1)
    a2 = 0x10
    rules = rules_for(problem)
    [m] = [m for m in rules.moves(pos) if m & 127 == a2 and (m >> 7) & 127 == 0x13]   # Ra2-d2
    pos.make(m)
    assert 0x13 in pos.neutral and 0x13 in pos.half and pos.last_effects() == [(0x13, 0)]
    [n] = [n for n in rules.moves(pos) if n & 127 == 0x13 and (n >> 7) & 127 == 0x73]  # d2-d8, White's
    pos.make(n)
    assert 0x73 not in pos.neutral and pos.board[0x73] == 4 and pos.last_effects() == [(0x73, 1)]


def test_notation_reads_back_in_the_three_languages():
    for text, language in (("hnRa2-a1=nh", "en"), ("nhnRa1-a8=wh", "en"), ("nhnPd2-d1=nhnQ=bh", "en"),
                           ("hnPh2-h1=hnS=nh", "en"), ("hnPe5*d6 ep.=nh", "en"),
                           ("nhnTa1-a8=sh", "de"), ("hnBh2-h1=hnS=nh", "de"),
                           ("dnTa2-a1=nh", "fr"), ("ndnTa1-a8=nh", "fr"), ("ndnTa1-a8=bh", "fr")):
        [c] = parse_turn(text, language).components
        assert c.attributes == ("HalfNeutral",) and c.half_neutral, text
        assert component_text(c, language) == text
        assert _component(component_json(c)) == c
    [c] = parse_turn("ndnTa1-a8=nh", "fr").components
    assert c.half_neutral == "black"
    [c] = parse_turn("dnTa2-a1=nh", "fr").components
    assert c.half_neutral == "neutral"


def _refusals(pieces: str, extra: str = "") -> tuple[str, ...]:
    """Why feerie refuses the problem (the loader's error, else `unsupported_features`)."""
    [item] = grammar.load(f"begin\npieces {pieces}\nstip #2\n{extra}end\n", "x.inp")
    if isinstance(item, grammar.ProblemError):
        return (item.error.message,)
    return item.unsupported_features()


def test_refused_by_name():
    assert _refusals("white halfneutral Ke1 black Ke8") == \
        ("piece attribute HalfNeutral on a king beside another king is not supported",)
    assert _refusals("white halfneutral Ke1 Rh1") == ()   # alone: the neutral king when it moves
    # (Circe goes with neutral pieces in help play, not with half-neutral ones; in #2 not at all)
    assert _refusals("white Ke1 black Ke8 black halfneutral Ra2", "condition circe\n")[0] in (
        "condition Circe with neutral pieces in #2 is not supported (Popeye's rule on retracted moves"
        " in battle play)",
        "piece attribute HalfNeutral with condition Circe is not supported")
    assert _refusals("white Ke1 white kamikaze Qd1 black Ke8 black halfneutral Ra2")[0] in (
        "piece attribute Kamikaze with neutral pieces is not supported",
        "piece attribute HalfNeutral with other piece attributes is not supported")
    assert _refusals("white Ke1 black Ke8 black halfneutral kamikaze Ra2") == \
        ("piece attribute Kamikaze with neutral pieces is not supported",)
    assert _refusals("white Ke1 black Ke8 black halfneutral Ra2 neutral halfneutral Sd5") == ()
