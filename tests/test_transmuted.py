"""TransmutedKings, ReflectiveKings, SuperTransmutingKing, VaultingKings against
Popeye (solver.conditions.transmuted).

tests/data/transmuted/: random positions under each form (orthodox pieces,
and fairy riders, leapers and hoppers in TransmutedFairy) in `~1`, #2, h#2
and s#2, made by `tests/generate_popeye_data.py --transmuted`, and
`Targeted.inp` written by hand: kings in check by each kind of piece, the
checks by a transmuted king that Popeye counts and those it does not (its
optimisation of the queen's observation, its filter of walks no piece has),
a king's double step with a pawn's walk, castling beside the other king;
each solved by Popeye 4.104; every case on the fast path, a third on the
generic one."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, reference_tests
from solver.conditions.registry import rules_for, unsupported_conditions
from solver.engine.move import EN_PASSANT, Move

DATA = Path(__file__).parent / "data" / "transmuted"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        "TransmutedKings", "TransmutedKing", "ReflectiveKings", "ReflectiveKing", "TransmutedFairy",
        "SuperTransmutingKing", "VaultingKings", "Targeted"}
    assert len(CASES) >= 60


# over 8 s each on a loaded 2-core machine (run under FEERIE_SLOW_TESTS=1)
SLOW = ("ReflectiveKings#11", "Targeted#37", "ReflectiveKing#10", "TransmutedKings#12", "TransmutedKing#10")
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, slow=SLOW, generic_slow=tuple(c for c in SLOW if c in CASES[::3]), why="over 8 s")


def _problem(condition: str, pieces: str):
    [problem] = grammar.load(f"begin\ncondition {condition}\npieces {pieces}\nstipulation ~1\nend\n",
                             "x.inp")
    return problem


def _moves(condition: str, pieces: str) -> set[str]:
    problem = _problem(condition, pieces)
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    return {Move.decode(m).uci() for m in rules.moves(pos)}


def test_the_checks_popeye_counts():
    """Popeye's three positions (docs/kings.md): the transmuted black king's
    check as a rook counts, as a queen it does not where a rook stands on the
    board (the queen's observation optimised away), it does where no rook nor
    bishop stands; under ReflectiveKing neither, black having no rook."""
    pieces = "white kb1 qa6 rc2 black kg1 ph3 pc5 sd3"
    moves = _moves("BlackTransmutedKing", pieces)
    assert "a6g6" in moves and "c2g2" not in moves
    assert "h5h1" not in _moves("BlackTransmutedKing", "white kb1 qh5 black kg1")
    moves = _moves("BlackReflectiveKing", pieces)
    assert {"a6g6", "c2g2"} <= moves


def test_the_king_moves_with_the_checking_walk():
    moves = _moves("WhiteTransmutedKing", "white ke4 pc3 black kh8 sf6")
    assert {m for m in moves if m.startswith("e4")} == {"e4f6", "e4d6", "e4g5", "e4g3", "e4d2",
                                                          "e4f2", "e4c5"}


def test_refused_by_name():
    assert unsupported_conditions(_problem("TransmutedKings Madrasi", "white ke1 black ke8")) == \
        "condition Madrasi with TransmutedKings is not supported"
    assert "fairy pieces" in unsupported_conditions(_problem("ReflectiveKings", "white ke1 Oh1 black ke8"))
    assert unsupported_conditions(_problem("WhiteTransmutedKing BlackReflectiveKing",
                                           "white ke1 black ke8")) is None
    assert "not supported" in unsupported_conditions(_problem("WhiteSuperTransmutingKing BlackTransmutedKing",
                                                              "white ke1 black ke8"))
    assert unsupported_conditions(_problem("VaultingKings Transmuting S", "white ke1 black ke8")) == \
        "condition VaultingKings Transmuting is not supported"
    assert unsupported_conditions(_problem("VaultingKings Q", "white ke1 black ke8")) == \
        "condition VaultingKings Q is not supported"
    assert "locusts" in unsupported_conditions(_problem("BlackSuperTransmutingKing", "white ke1 Lh1 black ke8"))


def test_a_king_that_takes_en_passant_is_taken_back():
    """The king takes e.p. with a pawn's walk (Targeted.inp: Popeye's
    1.Ke5*d6 ep.); unmake puts the taken pawn back (Position.unmake restored
    it for pawns only)."""
    [problem] = grammar.load("begin\ncondition WhiteTransmutedKing\npieces white ke5 black kh8 pd5 pf6\n"
                             "stipulation ~1\noption enpassant d7d6d5\nend\n", "x.inp")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (list(pos.board), pos.hash, tuple(pos.kings), {s: set(pos.occupied[s]) for s in (1, -1)})
    [ep] = [m for m in rules.moves(pos) if Move.decode(m).uci() == "e5d6" and (m >> 14) & 7 == EN_PASSANT]
    pos.make(ep)
    assert pos.board[0x43] == 0   # d5 taken
    pos.unmake()
    assert (list(pos.board), pos.hash, tuple(pos.kings), {s: set(pos.occupied[s]) for s in (1, -1)}) == start


def test_a_supertransmuting_king_becomes_the_piece():
    """In check by a knight, the king must move as one and is a knight after
    (Popeye: 1.Ke4-d2=S ...); its side then has no king, and unmake gives it back."""
    problem = _problem("WhiteSuperTransmutingKing", "white ke4 pc3 black kh8 sf6")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    moves = rules.moves(pos)
    assert {Move.decode(m).uci()[:4] for m in moves} == {"e4d2", "e4f2", "e4g3", "e4g5", "e4f6", "e4d6",
                                                      "e4c5"}
    start = (list(pos.board), pos.hash, tuple(pos.kings))
    [m] = [m for m in moves if Move.decode(m).uci()[:4] == "e4d6"]
    pos.make(m)
    assert pos.board[0x53] == 2 and pos.kings[1] == -1 and not rules.in_check(pos, 1)
    pos.unmake()
    assert (list(pos.board), pos.hash, tuple(pos.kings)) == start
