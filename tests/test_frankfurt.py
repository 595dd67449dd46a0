"""FrankfurtChess against Popeye (solver.conditions.frankfurt).

tests/data/frankfurt/: random orthodox positions with pawns a step from
promotion under `FrankfurtChess` and `FrankfurtChess RexExclusive`, in
`~1`, #2 (with tries), h#2 and s#2, made by `tests/generate_popeye_data.py
--frankfurt`, and `Targeted.inp` written by hand (captures by every kind,
a pawn's captures on the last rank, kings that become royal pieces and
royal pieces of the diagram, a royal pawn's double step checked by e.p.,
a check given by the changed piece), each solved by Popeye 4.104; every
case on the fast path, a third on the generic one."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions
from solver.engine.effects import ROYAL

DATA = Path(__file__).parent / "data" / "frankfurt"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"FrankfurtChess", "FrankfurtRexExclusive", "Targeted"}
    assert len(CASES) >= 50


# over a second of CPU (measured; the generic path's apart)
SLOW = ("FrankfurtChess#19", "FrankfurtChess#21", "FrankfurtChess#22", "FrankfurtChess#24",
        "FrankfurtRexExclusive#13", "FrankfurtRexExclusive#15", "FrankfurtRexExclusive#16",
        "FrankfurtRexExclusive#18")
GENERIC_SLOW = SLOW + ("FrankfurtChess#28",)
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=[c for c in GENERIC_SLOW if c in CASES[::3]])


def _problem(condition: str, pieces: str, stip: str = "~1"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_the_king_becomes_a_royal_piece_and_back():
    problem = _problem("FrankfurtChess", "white Ke4 black Ka8 Qd5")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings))
    [capture] = [m for m in rules.moves(pos) if pos.board[(m >> 7) & 127]]
    pos.make(capture)
    d5 = 0x43
    assert pos.board[d5] == 5 and pos.attrs[d5] & ROYAL and pos.kings[1] == d5
    assert pos.hash == pos.compute_hash()
    pos.unmake()
    assert (pos.key(), pos.hash, tuple(pos.kings)) == start


def test_refused_by_name():
    assert unsupported_conditions(_problem("FrankfurtChess Madrasi", "white Kd1 black Kd8")) == \
        "condition Madrasi with FrankfurtChess is not supported"
    assert unsupported_conditions(_problem("FrankfurtChess RexInclusive", "white Kd1 black Kd8")) is not None
    assert "fairy pieces" in unsupported_conditions(_problem("FrankfurtChess", "white Kd1 NHh1 black Kd8"))
    assert unsupported_conditions(_problem("FrankfurtChess RexExclusive", "white Kd1 black Kd8")) is None
    # a king on e1 is played: Popeye's castling rights follow a change of kind
    # (solver.conditions.castling_rights; tests/test_castlerights.py)
    assert not _problem("FrankfurtChess", "white Ke1 black Kd8").unsupported_features()
    # (a refused problem reads as a ProblemError naming the element)
    assert "piece attribute Kamikaze with condition FrankfurtChess is not supported" in \
        str(_problem("FrankfurtChess", "white Kd1 white kamikaze Rh1 black Kd8"))
    assert not _problem("FrankfurtChess", "white royal Pe2 black Kd8").unsupported_features()
    assert "piece attribute Royal on a pawn is not supported" in \
        str(_problem("Madrasi", "white royal Pe2 black Kd8"))
