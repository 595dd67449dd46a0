"""The move-effects journal (solver/engine/effects.py) and the piece attributes
built on it (solver/pieces/attributes.py): make and unmake keep everything in
step and restore it exactly; orthodox problems keep the plain Position;
what is refused is refused by name; notation and JSON carry the effects."""

from __future__ import annotations

from pathlib import Path

import pytest

import grammar
from effects_walk import state, walk
from solver.engine.effects import EffectsPosition
from solver.output.json_writer import component_json, _component
from solver.output.notation import parse_turn, turn_text
from solver.engine.perft import perft
from solver.engine.position import Position
from solver.model.record import component
from solver.conditions.registry import rules_for
from solver.model.setup import position_of
from solver.conditions.variant import GENERIC_ENV

DATA = Path(__file__).resolve().parent / "data" / "attributes"


def _load(text: str):
    """The problems of a text, unsupported ones too (a ProblemError's problem)."""
    return [p.problem if isinstance(p, grammar.ProblemError) else p for p in grammar.load(text)]


def _problems():
    out = []
    for path in sorted(DATA.glob("*.inp")):
        for problem in grammar.load_file(path):
            if not isinstance(problem, grammar.ProblemError) and problem.supported:
                out.append(problem)
    return out


PROBLEMS = _problems()


def _start(problem):
    """The diagram with the side that moves first to move."""
    black = (problem.stipulation.play == "help") != problem.has_option("HalfDuplex")
    return position_of(problem, -1 if black else 1)


_state, _walk = state, walk  # tests/effects_walk.py


def test_make_unmake_restore_every_line_of_two_moves():
    lines = 0
    for problem in PROBLEMS:
        pos = _start(problem)
        if not isinstance(pos, EffectsPosition):   # a royal king only: no attributes
            continue
        lines += _walk(rules_for(problem), pos, 2)
    assert lines > 10_000


def test_perft_is_the_same_on_the_generic_path(monkeypatch):
    """Counts of three moves with every shortcut the attributes preserve,
    then with none (FEERIE_GENERIC=1)."""
    chosen = [p for p in PROBLEMS if p.stipulation.text == "~1"][:20]
    fast = [perft(rules_for(p), _start(p), 3) for p in chosen]
    monkeypatch.setenv(GENERIC_ENV, "1")
    slow = [perft(rules_for(p), _start(p), 3) for p in chosen]
    assert fast == slow


def test_orthodox_problems_keep_the_plain_position():
    [problem] = _load("BeginProblem\nPieces White Ke1 Royal Qd1 Black Ke8\n"
                                  "Stipulation ~1\nEndProblem\n".replace("Royal ", ""))
    assert type(position_of(problem)) is Position
    # a royal king is a king: no attributes, the plain position
    [royal_king] = _load("BeginProblem\nPieces White Royal Ke1 Black Ke8\n"
                                     "Stipulation ~1\nEndProblem\n")
    assert type(position_of(royal_king)) is Position


def test_kamikaze_capture_and_chameleon_change_are_journaled():
    [problem] = _load(
        "BeginProblem\nPieces White Kh1 White Chameleon Kamikaze Rd4 Black Kh8 Pd5\n"
        "Stipulation ~1\nEndProblem\n")
    pos = position_of(problem)
    rules = rules_for(problem)
    by_text = {turn_text(_turn(pos, m)): m for m in rules.turns(pos)}
    capture = by_text["kcRd4*d5[-wkcRd5]"]
    key = pos.hash
    pos.make(capture)
    assert not pos.board[0x33] and not pos.attrs and pos.hash == pos.compute_hash()
    pos.unmake()
    assert pos.hash == key and pos.attrs == {0x33: 6}
    pos.make(by_text["kcRd4-h4=kcQ"])   # (no mark: _turn leaves it out)
    assert pos.board[0x37] == 5 and pos.attrs == {0x37: 6}
    pos.unmake()


def _turn(pos, m):
    from solver.model.tree import Turn
    return Turn((component(pos, m),))


@pytest.mark.parametrize("text, message", [
    ("White Ke1 White Royal Sc3 Black Ke8", "more than one royal piece (white, a king counts)"),
    ("White Royal Sc3 Bc1 Black Ke8", None),   # Royal names the next piece only
    ("White Royal Sc3 White Royal Bc1 Black Ke8", "more than one royal piece"),
    ("White Royal Pc3 Black Ke8", "piece attribute Royal on a pawn is not supported"),
    ("White Ke1 White Chameleon Gc3 Black Ke8", "piece attribute Chameleon with fairy pieces"),
    ("White Ke1 White Chameleon Sc3 Black Ke8 Gh1", "piece attribute Chameleon with fairy pieces"),
    ("White Ke1 White Volage Sc3 Black Ke8", "piece attribute Volage is not supported"),
    ("White Ke1 Neutral Kamikaze Sc3 Black Ke8", "piece attribute Kamikaze on a neutral piece"),
])
def test_refused_by_name(text, message):
    [problem] = _load(f"BeginProblem\nPieces {text}\nStipulation ~1\nEndProblem\n")
    reasons = " / ".join(problem.unsupported_features())
    if message is None:
        assert "Royal" not in reasons
    else:
        assert message in reasons


def test_attribute_with_a_condition_is_refused():
    [problem] = _load("BeginProblem\nPieces White Ke1 White Kamikaze Sc3 Black Ke8\n"
                                  "Condition Messigny\nStipulation ~1\nEndProblem\n")
    assert "piece attribute Kamikaze with condition Messigny is not supported" in \
        problem.unsupported_features()


@pytest.mark.parametrize("text, language", [
    ("rkcSg8-f6=rkcB +", "en"), ("kPb4*c3 ep.[-bkPc3]", "en"), ("kcRd4*d5[-wkcRd5]", "en"),
    ("kPb2-b1=kQ=kc #", "en"), ("b7-b8=Q=c +", "en"), ("cPb7-b8=cQ", "en"),
    ("kcTb1*b2[-nkcTb2]", "fr"), ("kcTb1*b2[-skcTb2]", "de"), ("rCc3-a2", "fr"),
])
def test_notation_round_trip(text, language):
    turn = parse_turn(text, language)
    assert turn_text(turn, language) == text
    for c in turn.components:
        assert _component(component_json(c)) == c


def test_json_lists_the_effects_on_the_component():
    c = parse_turn("kcRd4*d5[-wkcRd5]").components[0]
    d = component_json(c)
    assert d["attributes"] == ["Kamikaze", "Chameleon"]
    assert d["effects"] == [{"square": "d5", "after": None,
                             "before": {"color": "white", "piece": "R",
                                        "attributes": ["Kamikaze", "Chameleon"]}}]
    assert "effects" not in component_json(parse_turn("Rd4*d5").components[0])


def test_a_royal_piece_stands_for_the_king_in_the_legality_tests():
    from solver.check.legality import illegal_reasons

    [mate] = _load("BeginProblem\nPieces White Kf6 Qg1 Black Royal Sh8\nStipulation #1\nEndProblem\n")
    assert illegal_reasons(mate) == []
    [checked] = _load("BeginProblem\nPieces White Kf6 Qg7 Black Royal Sh8\nStipulation #1\n"
                      "EndProblem\n")
    assert illegal_reasons(checked) == ["the black king is in check but black does not move first"]


def test_the_native_format_carries_attributes_to_the_same_solution():
    """`Sc8[Royal]` in the native format is Popeye's `pieces white royal Sc8`."""
    from solver.output.compare import canonical_all
    from solver.run.solve import solve_problem

    [native] = _load("problem: 1\nwhite: Kh1 Rd4[Kamikaze,Chameleon]\nblack: Sg8[Royal] Pd5\n"
                     "stipulation: ~1\n")
    [popeye] = _load("BeginProblem\nPieces White Kh1 White Kamikaze Chameleon Rd4 "
                     "Black Royal Sg8 Black Pd5\nStipulation ~1\nEndProblem\n")
    assert native.pieces == popeye.pieces
    ours = canonical_all(solve_problem(native).twins)
    assert ours == canonical_all(solve_problem(popeye).twins)
    texts = str(ours)
    assert "kcRd4*d5[-wkcRd5]" in texts and "kcRd4-g4=kcQ +" in texts


def test_a_conditions_effect_rules_reach_the_position():
    """`Rules.position` hands the rule set's effect rules to the position:
    an EffectsPosition that runs them after each move and undoes them (a
    toy rule here: a capturer's victim reappears on a1), where the plain
    Position would not run them at all."""
    problem = _load("begin pieces white Ke1 Rh1 black Ke8 Sh5 stip ~1 end")[0]
    rules = rules_for(problem)
    assert type(rules.position(problem, 1)) is Position

    def reborn_on_a1(pos, m, side, frm, to, flag, bits, captured):
        if captured:
            pos.set_square(0, pos.stack[-1][1])

    rules.effect_rules.append(reborn_on_a1)
    pos = rules.position(problem, 1)
    assert isinstance(pos, EffectsPosition)
    before = _state(pos)
    capture = next(m for m in rules.moves(pos) if (m >> 7) & 127 == 0x47)  # Rh1*h5
    assert [(e.square, e.after) for e in component(pos, capture).effects] == [("a1", ("black", "S", ()))]
    pos.make(capture)
    assert pos.board[0] < 0 and pos.hash == pos.compute_hash()
    pos.unmake()
    assert _state(pos) == before
