"""LostPieces against Popeye (solver.conditions.lostpieces).

tests/data/lostpieces/: random orthodox positions under `LostPieces`
alone and with Circe and AntiCirce, in `~1`, #2 (with tries), h#2 and s#2,
made by `tests/generate_popeye_data.py --lostpieces`, and `Targeted.inp`
written by hand (a threat after the attacker's pass, a rook lost in its
corner, black's pieces and white's, Maximummer beside, sides without a
king, help and self play, AntiCirce and Circe, fairy pieces), each solved
by Popeye 4.104; every case on the fast path and on the generic one.  And
the removal itself: make / unmake and the pass restore the position, the
test leaves no royal piece behind, the refusals name the element."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions

DATA = Path(__file__).parent / "data" / "lostpieces"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"LostPieces", "LostPiecesCirce", "Targeted"}
    assert len(CASES) >= 60


# over ten seconds of CPU (measured: 14 s each, equal to Popeye's), help mates
SLOW = ("LostPieces#30", "LostPiecesCirce#20")
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=SLOW, why="over ten seconds of CPU")


def _problem(condition: str, pieces: str, stip: str = "~1"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def test_a_removal_is_undone_exactly():
    # 1.Kd6-c6 leaves the black pawn b5 mated as a royal piece: it goes
    problem = _problem("LostPieces", "white Kd6 Rd4 Pd7 black Kd8 Pb5 Pe4")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings))
    [move] = [m for m in rules.moves(pos) if m & 127 == 0x53 and (m >> 7) & 127 == 0x52]
    pos.make(move)
    assert pos.board[0x41] == 0 and pos.hash == pos.compute_hash()
    assert [e[0] for e in pos.last_effects()] == [0x41]
    pos.unmake()
    assert (pos.key(), pos.hash, tuple(pos.kings)) == start


def test_the_pass_removes_and_is_undone():
    # Black passing: the white pawn d7, attacked by the king, is lost (Popeye's threat:[-wPd7])
    problem = _problem("LostPieces", "white Kd6 Rb4 Pd7 black Kd8 Pe4")
    rules = rules_for(problem)
    pos = rules.position(problem, -1)
    start = (pos.key(), pos.hash, tuple(pos.kings), pos.side)
    rules.pass_turn(pos)
    assert pos.side == 1 and pos.board[0x63] == 0 and pos.hash == pos.compute_hash()
    from solver.model.record import pass_effects
    from solver.output.notation import pass_text, read_pass

    assert pass_text(pass_effects(pos)) == "[-wPd7]"
    assert read_pass("[-wPd7][-bSb5]") == read_pass(pass_text(read_pass("[-wPd7][-bSb5]")))
    pos.unmake()
    assert (pos.key(), pos.hash, tuple(pos.kings), pos.side) == start


def test_the_tried_piece_leaves_no_trace():
    # the test makes each black piece royal in turn: nothing of it stays
    problem = _problem("LostPieces", "white Kg2 Sf5 Pg4 Pg5 Pg7 black Rh8 Sg8 Ka1")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    for m in rules.moves(pos):
        before = (pos.key(), pos.hash, tuple(pos.kings), dict(pos.attrs))
        pos.make(m)
        assert not pos.attrs and pos.hash == pos.compute_hash()
        pos.unmake()
        assert (pos.key(), pos.hash, tuple(pos.kings), dict(pos.attrs)) == before


def test_refused_by_name():
    def why(condition, pieces="white Kd1 black Kd8"):
        return unsupported_conditions(_problem(condition, pieces))

    assert why("LostPieces Madrasi") == "condition Madrasi with LostPieces is not supported"
    assert why("LostPieces AntiCirce Calvet") == "condition AntiCirce with LostPieces is not supported"
    assert why("LostPieces MirrorCirce") == "condition MirrorCirce with LostPieces is not supported"
    for pieces, message in (("black kamikaze Sb8", "piece attribute Kamikaze with condition LostPieces"),
                            ("neutral Sb8", "condition LostPieces with neutral pieces")):
        [refused] = grammar.load(f"begin\ncondition LostPieces\npieces white Kd1 black Kd8 {pieces}\n"
                                 "stip ~1\nend\n", "x.inp")
        assert refused.error.message == message + " is not supported"
    for played in ("LostPieces", "LostPieces Circe", "Circe LostPieces", "LostPieces AntiCirce",
                   "LostPieces BlackMaximummer"):
        assert why(played) is None, played
