"""The variant and its capability profile: which shortcuts a problem's pieces
and conditions allow, decided once per problem and never by the board."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grammar
from solver.engine.board import KING, PAWN, parse_square
from solver.engine.capabilities import (ALL_PROPERTIES, LOCAL_OBSERVATION, ORTHODOX_WALKS,
                                       SHORTCUTS, allows)
from solver.model.problem import Condition
from solver.pieces.catalogue import LOCAL_FAMILIES, PIECES, kind_of
from solver.engine.position import Position
from solver.conditions.registry import CONDITIONS, build_rules, rules_for
from solver.run.solve import solve_problem
from solver.conditions.variant import GENERIC_ENV, orthodox_variant, variant_of, variant_of_kinds

ROOT = Path(__file__).resolve().parent.parent
FAST_PATHS = ("pins", "checking_geometry", "orthodox_attacks", "table_observation",
              "flight_refutation", "killer_test",
              "intelligent", "int_print_order", "king_walks", "walk_refutation", "exchange_tables",
              "quiet_legality", "quiet_checks", "capture_trial", "king_capture_trial")


def _problem(text: str):
    [problem] = grammar.load(text)
    return problem


def test_every_shortcut_the_code_asks_for_is_declared():
    """A misspelt shortcut name must fail loudly, not turn a check off:
    every `allows("...")` in solver/ names a declared shortcut."""
    asked = set()
    for path in (ROOT / "solver").rglob("*.py"):
        asked |= set(re.findall(r"allows\(\"([a-z_]+)\"\)", path.read_text()))
    assert asked, "no shortcut found: the pattern is out of date"
    assert asked <= set(SHORTCUTS), asked - set(SHORTCUTS)
    assert set(FAST_PATHS) == set(SHORTCUTS)
    with pytest.raises(KeyError):
        allows(ALL_PROPERTIES, "pinz")


def test_orthodox_problems_keep_every_shortcut(monkeypatch):
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    rules = build_rules()
    assert all(rules.allows(name) for name in FAST_PATHS)


def test_generic_mode_turns_every_shortcut_off(monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1")
    assert orthodox_variant().properties == frozenset()
    rules = build_rules()
    assert not any(rules.allows(name) for name in FAST_PATHS)


def test_frankfurt_and_kobul_keep_only_their_capture_trial(monkeypatch):
    """FrankfurtChess and KobulKings change pieces on captures: every shortcut
    that assumes a move changes only its own squares is off; their own trial
    is on (and off under FEERIE_GENERIC)."""
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    for condition in ("FrankfurtChess", "KobulKings"):
        rules = build_rules(_problem(f"begin\ncondition {condition}\npieces white Kd1 black Kd8\n"
                                     "stip #2\nend\n").conditions)
        on = {name for name in FAST_PATHS if rules.allows(name)}
        assert on <= {"king_capture_trial", "orthodox_attacks", "table_observation", "int_print_order"}, \
            (condition, on)
        assert "king_capture_trial" in on
    monkeypatch.setenv(GENERIC_ENV, "1")
    rules = build_rules(_problem("begin\ncondition FrankfurtChess\npieces white Kd1 black Kd8\n"
                                 "stip #2\nend\n").conditions)
    assert not rules.allows("king_capture_trial")


def test_a_fairy_piece_turns_off_what_needs_orthodox_walks(monkeypatch):
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    for piece in PIECES:
        variant = variant_of_kinds({KING, PAWN, piece.kind})
        orthodox = piece.kind <= KING
        assert (ORTHODOX_WALKS in variant.properties) == orthodox, piece.name
        local = all(w.family in LOCAL_FAMILIES for w in piece.walks if w.modality != "move")
        assert (LOCAL_OBSERVATION in variant.properties) == local, piece.name
        for name, shortcut in SHORTCUTS.items():
            assert variant.allows(name) == (orthodox or (
                ORTHODOX_WALKS not in shortcut.needs
                and (local or LOCAL_OBSERVATION not in shortcut.needs))), (piece.name, name)


def test_a_piece_that_appears_only_by_promotion_counts(monkeypatch):
    """The promotion pieces are part of the variant: a grasshopper of the
    diagram is a promotion piece, and a problem with nightriders alone
    promotes to nightriders too."""
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    problem = _problem("begin\npieces white ke1 pb7 ga1 black ke8\nstip #1\nend\n")
    variant = variant_of(problem)
    assert kind_of("grasshopper") in variant.promotions
    assert not variant.allows("pins")


def test_conditions_declare_what_they_preserve(monkeypatch):
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    messigny = build_rules([Condition("Messigny")])
    assert messigny.allows("pins") and messigny.allows("flight_refutation")
    assert not messigny.allows("killer_test") and not messigny.allows("intelligent")
    marseillais = build_rules([Condition("Marseillais")])
    assert marseillais.allows("pins") and marseillais.allows("king_walks")
    assert not marseillais.allows("flight_refutation") and not marseillais.allows("killer_test")
    game_site = build_rules([Condition("Marseillais", ("GameSite",))])
    assert game_site.allows("flight_refutation")
    assert set(CONDITIONS) >= {"Messigny", "Marseillais"}


def test_the_rule_set_follows_its_variant(monkeypatch):
    """Fast orthodox generator where allowed, the generic one elsewhere."""
    from solver.engine import movegen
    from solver.pieces import generic

    monkeypatch.delenv(GENERIC_ENV, raising=False)
    assert build_rules().in_check is movegen.in_check
    fairy = rules_for(_problem("begin\npieces white ke1 ga1 black ke8\nstip #1\nend\n"))
    assert fairy.in_check is generic.in_check_by_tables
    monkeypatch.setenv("FEERIE_GENERIC", "1")
    assert rules_for(_problem("begin\npieces white ke1 ga1 black ke8\nstip #1\nend\n")
                     ).in_check is generic.in_check


def test_promotion_to_a_fairy_piece_of_the_diagram_is_a_cook(monkeypatch):
    """Issue 15's live bug: White Kh1 Pb7 Na1 (nightrider), Black Kh5 Pg4 Pg5
    Pg6 Ph4 Ph6, #1: Popeye gives 1.Na1-d7 # and 1.b7-b8=N #."""
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    problem = _problem("begin\npieces white kh1 pb7 na1 black kh5 pg4 pg5 pg6 ph4 ph6\n"
                       "stip #1\nend\n")
    [twin] = solve_problem(problem).twins
    keys = [node.turn.components[0] for node in twin.phases[0].sections[0].nodes]
    texts = sorted(f"{c.kind}{c.frm}-{c.to}={c.promotion}" for c in keys)
    assert texts == ["Na1-d7=None", "Pb7-b8=N"]


def test_locust_captures_are_made_and_unmade_exactly():
    """A locust takes the piece it jumps; make and unmake keep board, piece
    sets, fairy count and hash consistent."""
    from solver.pieces import generic

    pos = Position()
    pos.put(parse_square("a1"), KING)
    pos.put(parse_square("h8"), -KING)
    pos.put(parse_square("c3"), kind_of("locust"))
    pos.put(parse_square("d4"), -kind_of("grasshopper"))
    before = (pos.key(), pos.hash, pos.fairy, set(pos.occupied[1]), set(pos.occupied[-1]))
    [m] = [m for m in generic.legal_moves(pos) if (m >> 14) & 7 == 6]
    pos.make(m)
    assert pos.board[parse_square("d4")] == 0 and pos.board[parse_square("e5")] > 0
    assert pos.hash == pos.compute_hash() and pos.fairy == 1
    pos.unmake()
    assert (pos.key(), pos.hash, pos.fairy, set(pos.occupied[1]), set(pos.occupied[-1])) == before


def test_a_berolina_pawn_promotes_and_comes_back():
    from solver.pieces import generic

    pos = Position()
    pos.put(parse_square("a1"), KING)
    pos.put(parse_square("h1"), -KING)
    pos.put(parse_square("c7"), kind_of("berolina pawn"))
    before = (pos.key(), pos.hash, pos.fairy)
    promotions = [m for m in generic.legal_moves(pos) if (m >> 14) & 7 == 4]
    assert promotions
    for m in promotions:
        pos.make(m)
        assert pos.hash == pos.compute_hash()
        pos.unmake()
        assert (pos.key(), pos.hash, pos.fairy) == before


def test_docs_pieces_lists_the_catalogue():
    from solver.pieces.catalogue import markdown_table

    text = (ROOT / "docs" / "pieces.md").read_text()
    assert text.endswith(markdown_table()), "regenerate: python -m solver.pieces.catalogue"
    assert text.count("\n| ") == len(PIECES) + 1
