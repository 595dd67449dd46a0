"""The goals that read the last move (x, %, ep, 00, z) under conditions whose
moves have effects, against Popeye (solver.search.goals reads the effects
journal; solver.engine.capabilities.MOVE_JOURNAL).

tests/data/movegoals/: random orthodox positions under Circe, MirrorCirce,
AntipodeanCirce, Circe RexInclusive, AntiCirce, AntiSuperCirce and
EinsteinChess, in direct, help, self and series play of each of those goals,
made by `tests/generate_popeye_data.py --movegoals`, and `Targeted.inp`
written by hand (Circe's Steingewinn with a victim reborn or vanishing,
AntiCirce's target square reached by the capturer's rebirth, Calvet's
capture on the capturer's rebirth square, EinsteinChess's change of kind on
the target and its castling, castling with a rook reborn on its corner,
AntiSuperCirce's chosen square, e.p. under Circe), each solved by Popeye
4.104; every case on the fast path and on the generic one.  And the
refusals: the conditions not compared with Popeye keep these goals refused
by name."""

from __future__ import annotations

from pathlib import Path

import grammar
from popeye_reference import cases, problem_of, reference_tests
from solver.conditions.registry import rules_for
from solver.run.solve import unsupported_reason
from solver.search.goals import goal_of

DATA = Path(__file__).parent / "data" / "movegoals"
CASES = cases(DATA)

# near ten seconds of CPU or more (measured on a shared machine: 8 to 17 s): help castlings, an AntiSuperCirce self play
SLOW = ("AntipodeanCirce#17", "AntiCirce#17", "EinsteinChess#17", "AntiSuperCirce#20")
test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(
    DATA, generic_cases=CASES, slow=SLOW, generic_slow=SLOW, why="near ten seconds of CPU or more")


def test_every_condition_has_problems():
    assert {case.split("#")[0] for case in CASES} == {
        "Circe", "MirrorCirce", "AntipodeanCirce", "CirceRexInclusive", "AntiCirce",
        "AntiSuperCirce", "EinsteinChess", "Targeted"}


def _reached(condition: str, pieces: str, goal, frm: int, to: int) -> bool:
    problem = problem_of(condition, pieces, "~1")
    rules = rules_for(problem)
    pos = rules.position(problem, 1)
    start = (pos.key(), pos.hash)
    [move] = [m for m in rules.moves(pos) if m & 127 == frm and (m >> 7) & 127 == to]
    rules.play(pos, move)
    try:
        return goal.reached(rules, pos)
    finally:
        rules.undo(pos, move)
        assert (pos.key(), pos.hash) == start


def test_the_journal_is_read():
    # Rd1*d5: under Circe the pawn is reborn on d7 (no Steingewinn), the rook stays on d5;
    # under AntiCirce the rook is reborn on h1 (a Steingewinn: AntiCirce has no filter)
    pieces = "white Ka3 Rd1 Bf1 black Kb8 Pd5"
    d1, d5, h1 = 0x03, 0x43, 0x07
    assert _reached("Circe", pieces, goal_of("x"), d1, d5)
    assert not _reached("Circe", pieces, goal_of("%"), d1, d5)
    assert _reached("Circe", pieces, goal_of("z", "d5"), d1, d5)
    assert not _reached("Circe", pieces, goal_of("z", "d7"), d1, d5)
    assert _reached("AntiCirce", pieces, goal_of("%"), d1, d5)
    assert _reached("AntiCirce", pieces, goal_of("z", "h1"), d1, d5)
    assert not _reached("AntiCirce", pieces, goal_of("z", "d5"), d1, d5)
    assert _reached("EinsteinChess", pieces, goal_of("z", "d5"), d1, d5)
    # the pawn's rebirth square taken: it vanishes, a Steingewinn under Circe
    assert _reached("Circe", pieces + " Sd7", goal_of("%"), d1, d5)
    assert h1 == 0x07


def test_untested_conditions_stay_refused_by_name():
    def why(condition, stip, pieces="white Ke1 Rh1 Pe2 black Ke8 Pe7"):
        return unsupported_reason(problem_of(condition, pieces, stip))

    for condition in ("Circe", "MirrorCirce", "AntipodeanCirce", "Circe RexInclusive", "AntiCirce",
                      "AntiSuperCirce", "EinsteinChess"):
        for stip in ("x2", "%2", "ep2", "002", "zh52"):
            assert why(condition, stip) is None, (condition, stip)
    refused = "where a move has effects not compared with Popeye's"
    for condition, name in (("ParrainCirce", "ParrainCirce"), ("CirceClone", "CirceClone"),
                            ("ReversalEinsteinChess", "ReversalEinsteinChess"),
                            ("AntiCirce Cheylan", "AntiCirce"), ("MirrorAntiCirce", "MirrorAntiCirce"),
                            ("CirceAssassin", "CirceAssassin")):
        assert why(condition, "x2") == (f"stipulation x2 is not supported: goal x (capture) {refused}"
                                        f" (condition {name})"), condition
    assert why("Marseillais", "zh52") == ("stipulation zh52 is not supported: goal z (target square) "
                                          "where a turn is more than one move (condition Marseillais)")
    # a piece attribute with effects, no condition: refused as before
    [kamikaze] = grammar.load("begin\npieces white Ke1 Rh1 black Ke8 black kamikaze Sb8\nstip x2\nend\n",
                              "x.inp")
    assert unsupported_reason(kamikaze).startswith(
        f"stipulation x2 is not supported: goal x (capture) {refused}")
