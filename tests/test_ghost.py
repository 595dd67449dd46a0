"""GhostChess and HauntedChess against Popeye (solver.conditions.ghost).

tests/data/ghost/: random orthodox positions under each condition in `~1`,
#2 (with tries), h#2 and s#2, and (GhostReturns, HauntedReturns) in h#2,
#2 and s#2 whose solution brings a ghost back, made by
`tests/generate_popeye_data.py --ghost`, and `Targeted.inp` written by
hand (captures e.p., where the ghost comes back at once, and on the
promotion square; a king that takes and leaves, its victim coming back
beside it), each solved by Popeye 4.104; every case on the fast path, a third on the
generic one.  And the underworld itself: make / unmake restore it exactly,
and the Zobrist hash covers it (two positions that differ only below the
board hash apart, so no transposition table mixes them)."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square
from solver.engine.effects import UNCAPTURABLE
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "ghost"
CASES = cases(DATA)
# over 1.5 s of CPU each (2026-12-02): compared only under FEERIE_SLOW_TESTS=1
SLOW = {"GhostChess#8", "GhostChess#10", "HauntedChess#7", "HauntedChess#12", "GhostReturns#4",
        "GhostReturns#6", "HauntedReturns#2", "HauntedReturns#5"}
GENERIC_SLOW = {"GhostChess#7", "GhostChess#10", "HauntedChess#7", "GhostReturns#4"}


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"GhostChess", "HauntedChess", "GhostReturns",
                                                         "HauntedReturns", "Targeted"}
    assert len(CASES) >= 30


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=GENERIC_SLOW, why="over 1.5 s of CPU")


def _position(condition: str, pieces: str):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip #2\nend\n", "x.inp")
    rules = rules_for(problem)
    return rules, rules.position(problem, 1)


def _move(rules, pos, uci: str) -> int:
    frm, to = parse_square(uci[:2]), parse_square(uci[2:4])
    [m] = [m for m in rules.moves(pos) if m & 127 == frm and (m >> 7) & 127 == to]
    return m


@pytest.mark.parametrize("condition", ["GhostChess", "HauntedChess"])
def test_the_underworld_is_restored_and_hashed(condition):
    rules, pos = _position(condition, "white Ka1 Rd1 Bh3 black Kh8 Rd5 Sd7")
    start = (pos.key(), pos.hash)
    seen = {}
    for line in (("d1d5", "d7f6", "d5a5"), ("h3d7", "d5d1", "a1a2")):
        played = []
        for uci in line:
            m = _move(rules, pos, uci)
            pos.make(m)
            played.append(m)
            assert pos.hash == pos.compute_hash()
            seen.setdefault(pos.hash, pos.key())
            assert seen[pos.hash] == pos.key()
        for _ in played:
            pos.unmake()
            assert pos.hash == pos.compute_hash()
        assert (pos.key(), pos.hash) == start and pos.underworld == ()
    # 1.Rd1*d5 buries the black rook below d5; 1...Sf6 2.Rd5-a5 brings it back
    for uci in ("d1d5", "d7f6"):
        pos.make(_move(rules, pos, uci))
    assert pos.underworld == ((parse_square("d5"), -4, UNCAPTURABLE if condition == "GhostChess" else 0),)
    buried = pos.hash
    pos.make(_move(rules, pos, "d5a5"))
    assert pos.underworld == () and pos.board[parse_square("d5")] == -4
    assert bool(pos.attrs.get(parse_square("d5"), 0) & UNCAPTURABLE) == (condition == "GhostChess")
    pos.unmake()
    assert pos.hash == buried


def test_the_same_board_with_a_ghost_below_hashes_apart():
    # the same squares, once with the black rook buried below d5 and once without it
    rules, pos = _position("GhostChess", "white Ka1 Rd1 black Kh8 Rd5 Pa7")
    for uci in ("d1d5", "a7a6"):
        pos.make(_move(rules, pos, uci))
    below = (pos.board[:], pos.hash, pos.underworld)
    rules2, other = _position("GhostChess", "white Ka1 Rd5 black Kh8 Pa6")
    assert other.board == below[0] and other.underworld == () != below[2]
    assert other.hash != below[1]


@pytest.mark.parametrize("conditions, expected", [
    ("GhostChess HauntedChess", "not supported"),
    ("GhostChess Circe", "not supported"),
    ("HauntedChess AntiCirce", "not supported"),
    ("GhostChess Madrasi", "not supported"),
])
def test_what_is_refused_is_named(conditions, expected):
    [problem] = grammar.load(f"begin\ncondition {conditions}\npieces white Ke1 black Ke8\n"
                             "stip #2\nend\n")
    reason = unsupported_reason(problem)
    assert reason is not None and expected in reason


def test_an_uncapturable_piece_in_the_diagram_is_refused():
    [problem] = grammar.load("begin\npieces white Ke1 white uncapturable Rd1 black Ke8\nstip #2\nend\n")
    assert isinstance(problem, grammar.ProblemError)
    assert "piece attribute Uncapturable is not supported" in str(problem.error)


def test_a_piece_buried_in_the_diagram_is_refused():
    # Popeye's own example (EXAMPLES/hauntedchess.inp #6): the knight placed on b1 buries the
    # rook there, which would come back when the knight leaves
    [problem] = grammar.load("begin\ncondition HauntedChess\npieces black rb1 white sb1 Ka1 black Kh8\n"
                             "stip ~1\nend\n")
    assert isinstance(problem, grammar.ProblemError)
    assert "a piece placed on an occupied square" in str(problem.error)
    assert [p.kind for p in problem.problem.buried] == ["R"]
    [plain] = grammar.load("begin\npieces black rb1 white sb1 Ka1 black Kh8\nstip ~1\nend\n")
    assert [p.kind for p in plain.buried] == ["R"] and unsupported_reason(plain) is None


@pytest.mark.parametrize("condition", ["GhostChess", "HauntedChess"])
def test_fairy_pieces_are_refused(condition):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces white Ke1 CAd4 black Ke8\n"
                             "stip #2\nend\n")
    reason = problem.error.message if isinstance(problem, grammar.ProblemError) else unsupported_reason(problem)
    assert f"condition {condition} with fairy pieces is not supported" in reason
