"""KobulKings against Popeye (solver.conditions.kobul).

tests/data/kobul/: random orthodox positions with pawns a step from
promotion under `KobulKings`, `KobulKings White` and `KobulKings Black`, in
`~1`, #2 (with tries), h#2 and s#2, made by `tests/generate_popeye_data.py
--kobul`, and `Targeted.inp` written by hand (captures by every kind and
promotions, a king turned queen, a royal piece of the diagram turned king,
one side's king only), each solved by Popeye 4.104; every case on the
fast path, a third on the generic one."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions
from solver.engine.effects import ROYAL
from solver.output.notation import parse_turn, turn_text

DATA = Path(__file__).parent / "data" / "kobul"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"KobulKings", "KobulKingsSide", "Targeted"}
    assert len(CASES) >= 50


# over a second of CPU (measured; the generic path's apart)
SLOW = ("KobulKings#20", "KobulKings#23", "KobulKings#24", "KobulKings#28", "KobulKingsSide#13",
        "KobulKingsSide#14", "KobulKingsSide#15", "KobulKingsSide#16", "KobulKingsSide#17",
        "KobulKingsSide#18", "Targeted#2", "Targeted#8")
GENERIC_SLOW = SLOW + ("KobulKings#19", "KobulKings#22")
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=[c for c in GENERIC_SLOW if c in CASES[::3]])


def _problem(condition: str, pieces: str, stip: str = "~1"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_a_capture_that_makes_a_checker_is_illegal():
    # Rd1*d6 turns the black king into a royal queen on a8, which sees h1
    problem = _problem("KobulKings", "white Kh1 Rd1 black Ka8 Qd6")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    assert not [m for m in rules.moves(pos) if pos.board[(m >> 7) & 127]]


def test_the_other_king_changes_and_back():
    problem = _problem("KobulKings", "white Kh1 Rd1 black Ka8 Qd6 Pb7")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings))
    [capture] = [m for m in rules.moves(pos) if pos.board[(m >> 7) & 127]]
    pos.make(capture)
    a8 = 0x70
    assert pos.board[a8] == -5 and pos.attrs[a8] & ROYAL and pos.kings[-1] == a8
    assert pos.hash == pos.compute_hash()
    pos.unmake()
    assert (pos.key(), pos.hash, tuple(pos.kings)) == start


def test_the_change_reads_back():
    for text in ("rSc3*a4[b7=rR]", "rRb7*a7[a4=K]", "b7*c8=Q[e8=rS]"):
        assert turn_text(parse_turn(text)) == text


def test_refused_by_name():
    assert unsupported_conditions(_problem("KobulKings AntiCirce", "white Kd1 black Kd8")) == \
        "condition AntiCirce with KobulKings is not supported"
    assert "Both" in str(_problem("KobulKings Both", "white Kd1 black Kd8"))
    assert "fairy pieces" in unsupported_conditions(_problem("KobulKings", "white Kd1 NHg1 black Kd8"))
    assert unsupported_conditions(_problem("KobulKings White", "white Kd1 black Kd8")) is None
    # kings on e1 / e8, rooks on their corners are played: Popeye's castling rights
    # follow a change of kind (solver.conditions.castling_rights; tests/test_castlerights.py)
    assert not _problem("KobulKings", "white Kd1 Rh1 black Kd8").unsupported_features()
    assert not _problem("KobulKings", "white Kd1 black Ke8").unsupported_features()
    # (a refused problem reads as a ProblemError naming the element)
    assert "piece attribute Royal on a pawn is not supported" in \
        str(_problem("KobulKings", "white royal Pe2 black Kd8"))
    assert not _problem("KobulKings", "white royal Se2 black Kd8").unsupported_features()
