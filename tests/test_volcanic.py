"""Circe Volcanic and Circe Parachute against Popeye (solver.conditions.circekinds.install_underworld).

tests/data/volcanic/: random orthodox positions with pieces of both sides on
rebirth squares, under `Circe Volcanic` and `Circe Parachute` (with Mirror,
RexExclusive) in `~1`, #2 (with tries), h#2 and s#2, and the *Returns forms,
kept only where a piece comes back from below the board, made by
`tests/generate_popeye_data.py --volcanic` and solved by Popeye 4.104;
every case on the fast path, every other on the generic one."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions
from solver.output.notation import effects_text, parse_turn

DATA = Path(__file__).parent / "data" / "volcanic"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"CirceVolcanic", "CirceParachute", "VolcanicReturns",
                                                         "ParachuteReturns"}
    assert len(CASES) >= 50


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=[case for case in CASES if int(case.split("#")[1]) % 2],
    generic_slow=("ParachuteReturns#9", "VolcanicReturns#3", "VolcanicReturns#5", "VolcanicReturns#11"),
    why="a minute of CPU and more on the generic path, on a loaded machine")


def _problem(condition: str, pieces: str, stip: str = "#2"):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstip {stip}\nend\n", "x.inp")
    return problem


def _play(condition: str, pieces: str, moves: list[str]):
    """The position after `moves` (each found by its notation), and each move's text."""
    from solver.model.record import component
    from solver.output.notation import component_text

    problem = _problem(condition, pieces)
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    texts = []
    for text in moves:
        found = [m for m in rules.moves(pos) if component_text(component(pos, m)) == text]
        assert len(found) == 1, (text, [component_text(component(pos, m)) for m in rules.moves(pos)])
        pos.make(found[0])
        assert pos.hash == pos.compute_hash()
        texts.append(text)
    return pos


def test_volcanic_buries_the_reborn_piece_and_it_comes_back():
    # Rd1xd7: the black pawn is reborn on d7, below the white bishop there
    pos = _play("Circe Volcanic", "white Ka1 Rd1 Bd7 black Kh8 Pd5",
                ["Rd1*d5[+bPd7->v]"])
    assert pos.underworld == ((0x63, -1, 0),) and pos.board[0x63] == 3
    pos = _play("Circe Volcanic", "white Ka1 Rd1 Bd7 black Kh8 Pd5",
                ["Rd1*d5[+bPd7->v]", "Kh8-g8", "Bd7-e6[+bPd7]"])
    assert pos.underworld == () and pos.board[0x63] == -1


def test_parachute_buries_the_occupant():
    # a white rook taken on a light square is reborn on h1: the white king there goes
    # below it (White has no king then) and comes back when the rook leaves (the order of
    # several below one square: BEISPIEL/circe.inp#13, in the corpus)
    pieces = "white Kh1 Rf3 Rg2 black Ke4 Ph3 Ph4"
    pos = _play("Circe Parachute", pieces, ["Rg2-b2", "Ke4*f3[+wRh1]"])
    assert pos.kings[1] == -1 and pos.underworld == ((0x07, 6, 0),) and pos.board[0x07] == 4
    pos = _play("Circe Parachute", pieces, ["Rg2-b2", "Ke4*f3[+wRh1]", "Rh1-g1[+wKh1]"])
    assert pos.kings[1] == 0x07 and pos.underworld == ()


def test_the_burial_is_undone_and_hashed():
    problem = _problem("Circe Volcanic", "white Ka1 Rd1 Bd7 Qb2 black Kh8 Pd5 Sb1 Rc4")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash, tuple(pos.kings), pos.castling)
    for m in rules.moves(pos):
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        pos.unmake()
        assert (pos.key(), pos.hash, tuple(pos.kings), pos.castling) == start


def test_the_burial_reads_back():
    [c] = parse_turn("Dc6*e4[+sBe7->v]", "de").components
    assert effects_text(c, "de") == "[+sBe7->v]"


def test_refused_by_name():
    pieces = "white Ka1 Rd1 black Kh8 Pd5"
    assert unsupported_conditions(_problem("Circe Volcanic Strict", pieces)) == \
        "condition Circe Volcanic Strict is not supported"
    assert unsupported_conditions(_problem("Circe Parachute RexInclusive", pieces)) == \
        "condition Circe Parachute RexInclusive is not supported"
    assert unsupported_conditions(_problem("Circe Volcanic File", pieces)) == \
        "condition Circe Volcanic File is not supported"
    assert unsupported_conditions(_problem("Circe Volcanic Parachute", pieces)) == \
        "condition Circe Volcanic Parachute is not supported"
    assert "fairy pieces" in unsupported_conditions(_problem("Circe Parachute", "white Ka1 Gd1 black Kh8"))
    assert unsupported_conditions(_problem("Circe Volcanic Madrasi", pieces)) == \
        "condition Madrasi with Circe is not supported"
    assert unsupported_conditions(_problem("Circe Volcanic Mirror", pieces)) is None



def test_memory_circe_refused_by_name():
    # (Circe CaptureSquare WaitCapture: random positions under it differ from Popeye)
    pieces = "white Ka1 Rd1 black Kh8 Pd5"
    assert unsupported_conditions(_problem("Circe CaptureSquare WaitCapture", pieces)) == \
        "condition Circe CaptureSquare is not supported"
    assert unsupported_conditions(_problem("Circe WaitCapture", pieces)) == \
        "condition Circe WaitCapture is not supported"
