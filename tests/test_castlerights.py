"""Castling rights after a change of colour or kind on a castling square, against Popeye
(solver.conditions.castling_rights: Popeye's per-square rights, its solving/castling.c).

tests/data/castlerights/ (`tests/generate_popeye_data.py --castlerights`, solved by
Popeye 4.104): Targeted.inp, written by hand (`1.Rh7*h1=w 0-0` under AndernachChess; the
king's right withheld, the rook's square's right withheld and won back by the change, the
other side's rook, promotions on a corner, KobulKings' royal piece turned king on e1,
FrankfurtChess's knight turned rook on h1 ...), and Random.inp, random positions with kings
at home and pieces about the corners under each condition that changes pieces on squares,
kept where Popeye castles after a change (and one a condition where it does not).  Every
case on the fast path and on the generic one (FEERIE_GENERIC=1)."""

from __future__ import annotations

from pathlib import Path

from popeye_reference import cases, load, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import ROOK, castle_bit
from solver.engine.move import CASTLE

DATA = Path(__file__).parent / "data" / "castlerights"
CASES = cases(DATA)


def test_the_data_castles_after_changes():
    assert {case.split("#")[0] for case in CASES} == {"Random", "Targeted"}
    assert len(CASES) >= 40
    outputs = [load(DATA, form)[1] for form in ("Targeted", "Random")]
    # Popeye castles after a change in many of them (the rule this data is about)
    text = "".join((DATA / f"{form}.out").read_text() for form in ("Targeted", "Random"))
    assert text.count("=w 0-0") >= 2 and outputs


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)


def test_the_rights_are_undone_with_the_move():
    """A change that gives a right back (the black rook that takes on h1 turns white) is
    taken back, rights and hash, by unmake."""
    import grammar

    [problem] = grammar.load("begin\ncondition AndernachChess\npieces white Ke1 Bh1 Pa2 black Ke8 Rh7 Pa7\n"
                             "stip h~1\nend\n", "x.inp")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    start = (pos.castling, pos.hash)
    [capture] = [m for m in rules.moves(pos) if (m >> 7) & 127 == 0x07 and m & 127 == 0x67]
    rules.play(pos, capture)
    assert pos.board[0x07] == ROOK and pos.castling & castle_bit(0x07)
    assert pos.hash == pos.compute_hash()
    assert [m for m in rules.moves(pos) if (m >> 14) & 7 == CASTLE]   # 0-0
    rules.undo(pos, capture)
    assert (pos.castling, pos.hash) == start
