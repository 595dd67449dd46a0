"""The Circe family (solver.conditions.circe, solver.conditions.rebirth):
rebirth squares as Popeye computes them, make/unmake exactness under
rebirths, the notation and JSON of rebirths.  The solutions against
Popeye's are in tests/test_popeye_conditions.py (tests/data/circe/)."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import state, walk
from solver.conditions import rebirth
from solver.conditions.registry import rules_for
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, parse_square, square_name
from solver.engine.effects import EffectsPosition
from solver.engine.move import Move
from solver.output.json_writer import _component, component_json
from solver.output.notation import parse_turn, turn_text
from solver.pieces.catalogue import by_code

BLACK = -WHITE
DATA = Path(__file__).resolve().parent / "data" / "circe"
GRASSHOPPER = by_code("G").kind
BEROLINA = by_code("BP").kind


def _sq(name: str) -> int:
    return parse_square(name)


@pytest.mark.parametrize("kind, home, capture, expected", [
    # Popeye's outputs (tests/data/circe/Targeted.out, a.inp of the brief): Rb4*b7[+bSg8]
    (KNIGHT, BLACK, "b7", "g8"), (KNIGHT, BLACK, "a7", "b8"), (KNIGHT, WHITE, "b7", "b1"),
    (KNIGHT, WHITE, "a7", "g1"),
    (ROOK, WHITE, "b1", "h1"), (ROOK, WHITE, "a3", "a1"), (ROOK, BLACK, "a8", "a8"), (ROOK, BLACK, "h8", "h8"),
    (BISHOP, WHITE, "d1", "f1"), (BISHOP, WHITE, "d2", "c1"), (BISHOP, BLACK, "d1", "c8"), (BISHOP, BLACK, "e1", "f8"),
    (QUEEN, WHITE, "h5", "d1"), (QUEEN, BLACK, "a1", "d8"), (KING, WHITE, "a5", "e1"), (KING, BLACK, "h1", "e8"),
    (PAWN, WHITE, "c6", "c2"), (PAWN, BLACK, "d6", "d7"), (BEROLINA, BLACK, "f3", "f7"),
    # a fairy piece: the capture file's promotion square of its camp (b7*a8=G[wGa8->a8])
    (GRASSHOPPER, WHITE, "a8", "a8"), (GRASSHOPPER, WHITE, "b2", "b8"), (GRASSHOPPER, BLACK, "c8", "c1"),
])
def test_regular_rebirth_squares(kind, home, capture, expected):
    assert square_name(rebirth.regular(kind, home, _sq(capture))) == expected


@pytest.mark.parametrize("definition, adapter, kind, home, capture, departure, expected", [
    ("File", None, ROOK, WHITE, "c5", "c1", "c1"), ("File", None, KNIGHT, BLACK, "f2", "a1", "f8"),
    ("File", None, PAWN, WHITE, "f5", "a1", "f2"), ("File", None, GRASSHOPPER, WHITE, "f5", "a1", "f8"),
    ("Symmetry", None, QUEEN, WHITE, "b2", "a1", "g7"), ("VerticalSymmetry", None, PAWN, BLACK, "b3", "a1", "g3"),
    ("HorizontalSymmetry", None, ROOK, WHITE, "b3", "a1", "b6"),
    ("Antipodes", None, ROOK, WHITE, "b3", "a1", "f7"), ("Antipodes", None, ROOK, WHITE, "h8", "a1", "d4"),
    ("PWC", None, ROOK, WHITE, "b3", "b8", "b8"),
    (None, "Diametral", QUEEN, WHITE, "h5", "a1", "e8"), (None, "Diametral", PAWN, WHITE, "b5", "a1", "g7"),
    (None, "VerticalMirror", QUEEN, BLACK, "h5", "a1", "e8"), (None, "VerticalMirror", ROOK, WHITE, "b1", "a1", "a1"),
    # Rank: R, B, S keep the capture square's colour, on the capture rank
    ("Rank", None, ROOK, BLACK, "c5", "a1", "a5"), ("Rank", None, QUEEN, BLACK, "c4", "a1", "d4"),
    ("Rank", None, PAWN, WHITE, "c4", "a1", "c4"),
])
def test_variant_rebirth_squares(definition, adapter, kind, home, capture, departure, expected):
    square = rebirth.rebirth_function(definition, adapter)
    assert square_name(square(kind, home, _sq(capture), _sq(departure))) == expected


_state, _walk = state, walk  # tests/effects_walk.py


def _problems():
    out = []
    for path in sorted(DATA.glob("*.inp")):
        out += [p for p in grammar.load_file(path) if not isinstance(p, grammar.ProblemError)]
    return out


def test_make_unmake_restore_every_line_of_two_moves():
    lines = rebirths = 0
    for problem in _problems()[::2]:
        rules = rules_for(problem)
        pos = rules.position(problem, -1 if problem.stipulation.play == "help" else 1)
        assert isinstance(pos, EffectsPosition)
        lines += _walk(rules, pos, 2)
        rebirths += sum(1 for m in rules.turns(pos) if (pos.make(m), pos.last_effects(), pos.unmake())[1])
    assert lines > 15_000 and rebirths > 30, (lines, rebirths)


@pytest.mark.parametrize("text, language", [
    ("Rb4*b7[+bSg8]", "en"), ("e5*d6 ep.[+bPd7]", "en"), ("Qd4*e5[wQe5->d1]", "en"),
    ("b7*a8=G[wGa8->a8]", "en"), ("Kd2*e3[wKe3->e1]", "en"), ("Tb4*b7[+nCg8]", "fr"),
    ("Tb4*b7[wTb7->h1]", "de"), ("b6*a7[wPa7->d8=Q]", "en"),
])
def test_notation_round_trip(text, language):
    turn = parse_turn(text, language)
    assert turn_text(turn, language) == text
    for c in turn.components:
        assert _component(component_json(c)) == c


def test_json_lists_a_rebirth_and_a_movement():
    [c] = parse_turn("Rb4*b7[+bSg8]").components
    assert component_json(c)["effects"] == [
        {"square": "g8", "before": None, "after": {"color": "black", "piece": "S", "attributes": []}}]
    [c] = parse_turn("Qd4*e5[wQe5->d1]").components
    assert [e["square"] for e in component_json(c)["effects"]] == ["e5", "d1"]


def _solve(text: str) -> str:
    from solver.output.popeye_writer import write_problem
    from solver.run.solve import solve_problem

    [problem] = grammar.load(text, "x.inp")
    return write_problem(problem, solve_problem(problem).twins, time_s=0.0)


def test_a_rook_reborn_on_its_corner_may_castle_again():
    out = _solve("BeginProblem\nPieces White Ke1 Rb1 Black Kf8 Re8 Rg8 Pe7 Pg7 Sc3\n"
                 "Stipulation h#1\nCondition Circe\nEndProblem\n")
    assert "1.Sc3*b1[+wRh1] 0-0 #" in out


def test_no_castling_keeps_the_reborn_rook_from_castling():
    out = _solve("BeginProblem\nPieces White Ke1 Rb1 Black Kf8 Re8 Rg8 Pe7 Pg7 Sc3\n"
                 "Stipulation h#1\nCondition Circe\nOption NoCastling e1\nEndProblem\n")
    assert "0-0" not in out and "1.Sc3*b1[+wRh1] Rh1-f1 #" in out


def test_the_checkers_evidence_and_the_json_carry_the_rebirth():
    import json

    from solver.check.check import check_item
    from solver.output.json_writer import twin_json
    from solver.run.solve import solve_problem

    text = ("problem: t\nwhite: Ke1 Rb1\nblack: Kf8 Re8 Rg8 Pe7 Pg7 Sc3\nstipulation: h#1\n"
            "condition: Circe\n")
    [item] = grammar.load(text, "t.txt")
    verdict = check_item(item)
    assert "1.Sc3*b1[+wRh1] 0-0 #" in " ".join(verdict.twins[0].evidence)
    written = json.dumps([twin_json(t) for t in solve_problem(item).twins])
    assert '"square": "h1"' in written and '"effects"' in written


def test_a_one_line_statement_under_anticirce():
    """tests/data/circe/Targeted.inp #1 as a statement: its castling field
    '-' withholds the rights that Popeye's diagram gives (2.0-0 #)."""
    item = grammar.load_statement("4rkr1/4p1p1/8/8/8/4p3/3K4/7R w - - ser-#2 AntiCirce")
    assert not isinstance(item, grammar.ProblemError), item
    out = _solve_item(item)
    assert "1.Kd2*e3[wKe3->e1]   2.Rh1-f1 #" in out and "0-0" not in out


def _solve_item(item) -> str:
    from solver.output.popeye_writer import write_problem
    from solver.run.solve import solve_problem

    return write_problem(item, solve_problem(item).twins, time_s=0.0)


# ------------------------------------------- the Equipollents family, Parrain

def _parrain_rules_and_position(pieces: str, condition: str = "Circe Parrain"):
    [problem] = grammar.load(f"BeginProblem\nPieces {pieces}\nStipulation h#2\n"
                             f"Condition {condition}\nEndProblem\n", "x.inp")
    rules = rules_for(problem)
    return rules, rules.position(problem, BLACK)


def _move(rules, pos, uci: str) -> int:
    [m] = [m for m in rules.turns(pos) if Move.decode(m).uci() == uci]
    return m


def test_a_move_vector_adds_a_castlings_king_and_rook():
    from solver.conditions.circe import _shifted, _vector
    from solver.engine.move import CASTLE

    king_side = _sq("e1") | _sq("g1") << 7 | CASTLE << 14 | 7 << 17
    assert _vector(king_side) == (0, 0)
    assert _vector(_sq("f6") | _sq("f4") << 7) == (-2, 0)
    assert square_name(_shifted(_sq("f4"), (-2, 0), 1)) == "f2"
    assert square_name(_shifted(_sq("f4"), (-2, 0), -1)) == "f6"
    assert _shifted(_sq("f2"), (-2, 0), 1) is None and _shifted(_sq("h4"), (0, 1), 1) is None


def test_parrains_victim_is_reborn_by_the_next_move_and_keyed():
    """BEISPIEL/parrain.inp #1 (Popeye: 2.De3*f4 Gf6*f4[+wGf2] #): the victim
    waits on the undo stack, is part of the key, and a null move drops it."""
    from solver.conditions.circe import _pending

    rules, pos = _parrain_rules_and_position("White Ge8 Gf6 Gf4 Gg2 Black Kf5 Qa7")
    for uci in ("a7e3", "e8e2"):
        pos.make(_move(rules, pos, uci))
    quiet_key = rules.key(pos)
    pos.make(_move(rules, pos, "e3f4"))
    assert _pending(pos) == (by_code("G").kind, _sq("f4"))
    taken_key = rules.key(pos)
    assert taken_key != quiet_key and taken_key[1] is not None
    pos.make(_move(rules, pos, "f6f4"))
    assert pos.board[_sq("f2")] == by_code("G").kind and _pending(pos) == (-QUEEN, _sq("f4"))
    pos.unmake()
    pos.set_state(-pos.side, ())
    assert _pending(pos) is None
    pos.unmake()
    assert _pending(pos) == (by_code("G").kind, _sq("f4"))


def test_parrain_solves_as_popeye_prints():
    out = _solve("BeginProblem\nPieces White Ge8 Gf6 Gf4 Gg2 Black Kf5 Qa7\nStipulation h#2\n"
                 "Condition ParrainCirce\nOption NoWk\nEndProblem\n")
    assert "1.Qa7-e3 Ge8-e2   2.Qe3*f4 Gf6*f4[+wGf2] #" in out
    assert "1.Qa7-g7 Gg2-g8   2.Qg7*f6 Gf4*f6[+wGf8] #" in out


def test_the_move_fields_are_disjoint():
    # every mark a move may carry has bits of its own (solver.engine.move)
    from solver.engine.move import LATENT_SHIFT, REBIRTH_CHOICE, REBORN_PROMOTION, RETURNS, TAKE_MAKE, VIA
    fields = [TAKE_MAKE, RETURNS, VIA, 127 << REBORN_PROMOTION, 0x3FFF << LATENT_SHIFT,
              127 << REBIRTH_CHOICE, (1 << 31) - 1]
    for i, a in enumerate(fields):
        for b in fields[i + 1:]:
            assert not a & b


def _load(text: str):
    [problem] = grammar.load(text, "x.inp")
    return problem


def test_supercirce_rebirth_on_a_square_of_the_capturers_choice_may_parry_a_check():
    # (Popeye 4.104: the rook's capture that leaves the knight off the a-file
    # leaves the white king in check; reborn on a2 ... a7 it parries)
    problem = _load("BeginProblem\nCondition SuperCirce\nPieces White Ka1 Rd4 Black Kh8 Ra8 Sd6\n"
                    "Stipulation ~1\nEndProblem\n")
    rules = rules_for(problem)
    pos = rules.position(problem, WHITE)
    texts = {turn_text(t): m for m in rules.turns(pos) for t in [rules_describe(rules, pos, m)]}
    captures = sorted(t for t in texts if "*" in t)
    assert captures == [f"Rd4*d6[+bSa{r}]" for r in range(2, 8)]
    before = state(pos)
    m = texts["Rd4*d6[+bSa5]"]
    rules.play(pos, m)
    assert pos.board[_sq("a5")] == -KNIGHT and pos.hash == pos.compute_hash()
    rules.undo(pos, m)
    assert state(pos) == before


def rules_describe(rules, pos, m):
    from solver.model.tree import Turn

    return Turn(rules.describe(pos, m))


@pytest.mark.parametrize("condition, expected", [
    ("Circe Super Mirror", "condition Circe Super Mirror is not supported"),
    ("Circe Super RexInclusive", "condition Circe Super RexInclusive is not supported"),
    ("Circe Super Diametral", "condition Circe Super Diametral is not supported"),
    ("AntiCirce Super RexExclusive", "condition AntiCirce Super RexExclusive is not supported"),
])
def test_supercirce_refuses_what_it_does_not_play(condition, expected):
    from solver.run.solve import unsupported_reason

    problem = _load(f"begin\ncondition {condition}\npieces white Ke1 black Ke8\nstip #2\nend\n")
    reason = unsupported_reason(problem)
    assert reason is not None and expected in reason, reason


def test_antisupercirce_reborn_capturer_on_any_free_square_the_capture_square_too():
    # Popeye 4.104: 1.Rd4*d6[wRd6->d6] (Calvet) ... [wRd6->b1]; not on b7 (taken);
    # a promoting pawn is reborn as its new kind
    problem = _load("BeginProblem\nCondition AntiSuperCirce\nPieces White Ka1 Rd4 Pb7 Black Kh8 Sd6 Sa8\n"
                    "Stipulation ~1\nEndProblem\n")
    rules = rules_for(problem)
    pos = rules.position(problem, WHITE)
    texts = {turn_text(rules_describe(rules, pos, m)): m for m in rules.turns(pos)}
    assert {"Rd4*d6[wRd6->d6]", "Rd4*d6[wRd6->d4]", "Rd4*d6[wRd6->b1]", "b7*a8=Q[wQa8->e7]"} <= set(texts)
    assert "Rd4*d6" not in texts and "Rd4*d6[wRd6->b7]" not in texts
    before = state(pos)
    m = texts["Rd4*d6[wRd6->b1]"]
    rules.play(pos, m)
    assert pos.board[_sq("b1")] == ROOK and not pos.board[_sq("d6")] and pos.hash == pos.compute_hash()
    rules.undo(pos, m)
    assert state(pos) == before


def test_antisupercirce_pawn_reborn_on_its_last_rank_promotes():
    # Popeye 4.104 (EXAMPLES/antisup.inp#1, S. Emmerson): 1.b6*a7[wPa7->d8=Q] !
    problem = _load("BeginProblem\nCondition AntiSuperCirce\nForsyth k1K5/p7/1P6/40\n"
                    "Stipulation ~1\nEndProblem\n")
    rules = rules_for(problem)
    pos = rules.position(problem, WHITE)
    texts = {turn_text(rules_describe(rules, pos, m)) for m in rules.turns(pos)}
    assert {"b6*a7[wPa7->d8=Q]", "b6*a7[wPa7->e8=S]", "b6*a7[wPa7->a7]"} <= texts
    assert "b6*a7[wPa7->d8]" not in texts
