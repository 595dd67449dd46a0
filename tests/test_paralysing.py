"""Paralysing pieces against Popeye (solver.conditions.paralysing).

tests/data/paralysing/: random positions with one to four paralysing pieces
of either side (a paralysing king now and then, pawns a step from
promoting, a few fairy pieces: grasshopper, nightrider, camel, leo, zebra,
amazon), in `~1`, `h~1`, #1, #2 (with variations), h#2, s#2, =2, h=1.5 and
h!=1.5, made by `tests/generate_popeye_data.py --paralysing`, and
`Targeted.inp` written by hand (suffocation: stalemate, not mate, in check
too; a paralysed paralysing piece that still paralyses; no captures and no
checks by paralysing pieces; promotion to a paralysing piece; the double
step beside a paralysing pawn; a paralysed king mated; castling beside
paralysing pieces; auto-stalemate by a suffocating self-check; fairy
paralysing pieces), each solved by Popeye 4.104; every case on the fast
path and on the generic one.  And the attribute itself: make / unmake
restore the position and its hash, the shortcuts are off, the refusals
name the element.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import walk
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for
from solver.engine.board import parse_square
from solver.output.notation import parse_turn
from solver.run.solve import unsupported_reason

DATA = Path(__file__).parent / "data" / "paralysing"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        "Moves", "BlackMoves", "Mate1", "Mate2", "Help2", "Self2", "Stale2", "HelpStale", "AutoStale",
        "Targeted"}
    assert len(CASES) >= 80


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES)


def _problem(pieces: str, stip: str = "~1", extra: str = ""):
    [problem] = grammar.load(f"begin\npieces {pieces}\nstip {stip}\n{extra}end\n", "x.inp")
    return problem


@pytest.mark.parametrize("pieces", [
    "white Ke1 Rh1 white paralysing Pb7 Qd4 Ra1 black Ke8 Rd8 black paralysing Bc6 Sf6 Pe4",
    "white Kh1 white paralysing Pc2 black Ka8 black paralysing Pd4 Rb1"])
def test_make_unmake_restore_the_position_and_its_hash(pieces):
    problem = _problem(pieces)
    rules = rules_for(problem)
    for side in (1, -1):
        pos = rules.position(problem, side)
        assert pos.hash == pos.compute_hash()
        assert walk(rules, pos, 2) > 0   # (every make consistent, every unmake exact)


def test_paralysed_pieces_do_not_move_and_paralysing_ones_do_not_capture():
    # the black queen d5 is paralysed by the white paralysing rook d1; the
    # rook may not take the bishop d4 (nor the queen)
    problem = _problem("white Ke1 white paralysing Rd1 Bb7 black Ka8 Qd5 Bd4 Ph7")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    assert not [m for m in rules.moves(pos) if m & 127 == parse_square("d5")]
    pos = rules.position(problem, 1)
    d1 = parse_square("d1")
    assert not [m for m in rules.moves(pos) if m & 127 == d1 and pos.board[(m >> 7) & 127]]
    assert [m for m in rules.moves(pos) if m & 127 == d1]
    # the king a8 stands in the paralysing bishop's line, unchecked
    assert not rules.in_check(pos, -1)


def test_suffocation_is_stalemate_in_check():
    problem = _problem("white Kh1 Ba7 Bb8 Sb6 white paralysing Pb7 black paralysing Ka8", "=1")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    assert rules.in_check(pos) and not rules.has_turn(pos)
    assert rules.suffocated(pos, -1) and not rules.mate_check(pos)


def test_the_shortcuts_are_off():
    rules = rules_for(_problem("white Ke1 white paralysing Rd1 black Ke8"))
    for shortcut in ("orthodox_attacks", "pins", "checking_geometry", "flight_refutation",
                     "intelligent", "quiet_legality", "killer_test"):
        assert not rules.allows(shortcut), shortcut


def test_notation_reads_back_and_translates():
    from solver.output.notation import turn_text

    turn = parse_turn("pPb7-b8=pQ")
    assert turn.components[0].attributes == ("Paralysing",)
    assert turn_text(turn, "en") == "pPb7-b8=pQ" and turn_text(turn, "de") == "pBb7-b8=pD"
    assert parse_turn("pBb7-b8=pD", "de") == turn


def _reason(pieces: str, stip: str, extra: str = "") -> str:
    """The first refusal of a problem: the reader's, or the solver's."""
    [item] = grammar.load(f"begin\n{extra}pieces {pieces}\nstip {stip}\nend\n", "x.inp")
    if isinstance(item, grammar.ProblemError):
        assert item.unsupported, item.error.message
        return item.error.message
    return unsupported_reason(item) or ""


@pytest.mark.parametrize("text, stip, extra, message", [
    ("white Ke1 white paralysing Rd1 black Ke8", "==1", "",
     "stipulation ==1 with piece attribute Paralysing is not supported (goal ==, double stalemate)"),
    ("white Ke1 white paralysing Rd1 white kamikaze Sc3 black Ke8", "#2", "",
     "piece attribute Paralysing with piece attribute Kamikaze is not supported"),
    ("white Ke1 white paralysing Rd1 neutral Sc3 black Ke8", "#2", "",
     "piece attribute Paralysing with neutral pieces is not supported"),
    ("white Ke1 white paralysing Rd1 black Ke8", "#2", "condition Circe\n",
     "piece attribute Paralysing with condition Circe is not supported"),
    ("white Ke1 white paralysing Rd1 black Ke8", "#2", "condition Madrasi\n",
     "piece attribute Paralysing with condition Madrasi is not supported"),
])
def test_refused_by_name(text, stip, extra, message):
    assert message in _reason(text, stip, extra)


def test_plain_paralysis_is_supported():
    assert _reason("white Ke1 white paralysing Rd1 black Ke8", "#2") == ""
