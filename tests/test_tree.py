"""The solution tree model and canonical(): comparing trees up to sibling order."""

from __future__ import annotations

import copy
import random

from conftest import reference

from solver.model.problem import BLACK, WHITE
from solver.output.notation import parse_turn
from solver.output.popeye_output import parse_output_file
from solver.model.tree import (
    Component, LINE, Node, Phase, Role, RunInfo, Section, SectionKind, TREE, Turn, TwinSolution,
    other_side,
)
from solver.output.compare import canonical, canonical_all


def move(text: str, role: Role, *children: Node, label=None, side=None) -> Node:
    return Node(role, parse_turn(text), list(children), label=label, side=side)


def direct(key_children_order=(0, 1, 2), continuation="Rg5-d5 #") -> TwinSolution:
    variations = [
        move("Ke3-d2", Role.VARIATION, move(continuation, Role.CONTINUATION)),
        move("Ke3*f2", Role.VARIATION, move("Sc5*e4 #", Role.CONTINUATION), move("Rc2-e2 #", Role.CONTINUATION)),
        move("Ke3-f4", Role.VARIATION, move("Rg5-f5 #", Role.CONTINUATION)),
    ]
    key = move("Rc2-c3 +", Role.KEY, *[variations[i] for i in key_children_order])
    attempt = move("Rg5-f5 +", Role.TRY, move("g7*h6", Role.REFUTATION))
    return TwinSolution([Phase([Section(SectionKind.PLAY, TREE, [key, attempt])])])


def shuffled(twin: TwinSolution, seed: int) -> TwinSolution:
    twin = copy.deepcopy(twin)
    rng = random.Random(seed)
    for phase in twin.phases:
        for section in phase.sections:
            rng.shuffle(section.nodes)
            for root in section.nodes:
                for node in root.walk():
                    rng.shuffle(node.children)
    return twin


def test_sibling_order_is_ignored():
    assert canonical(direct((0, 1, 2))) == canonical(direct((2, 0, 1)))
    for seed in range(5):
        assert canonical(shuffled(direct(), seed)) == canonical(direct())


def test_a_different_move_is_a_different_solution():
    assert canonical(direct()) != canonical(direct(continuation="Rg5-d6 #"))
    assert canonical(direct()) != canonical(direct((0, 1)))  # a variation missing


def test_marks_roles_and_labels_count():
    def key(text, role=Role.KEY, label=None):
        node = move(text, role, label=label)
        return TwinSolution([Phase([Section(SectionKind.PLAY, TREE, [node])])])

    assert canonical(key("Rc2-c3 +")) != canonical(key("Rc2-c3"))
    assert canonical(key("Rc2-c3")) != canonical(key("Rc2-c3", Role.TRY))
    assert canonical(key("Rc2-c3", label="threat")) != canonical(key("Rc2-c3", label="zugzwang"))


def test_sections_and_phases_keep_their_order():
    a = Section(SectionKind.SET, TREE, [move("Kh7-h6", Role.SET)])
    b = Section(SectionKind.PLAY, TREE, [move("f7-f8=R", Role.KEY)])
    assert canonical(TwinSolution([Phase([a, b])])) != canonical(TwinSolution([Phase([b, a])]))
    assert canonical(TwinSolution([Phase([b]), Phase([], reversed=True)])) != canonical(
        TwinSolution([Phase([], reversed=True), Phase([b])]))


def test_line_play_duplicates_merge_and_layout_is_ignored_when_empty():
    b, w = BLACK, WHITE
    split = [move("g2-g1=S", Role.HELP, move("Sg1-h3 #", Role.HELP, side=w), side=b),
             move("g2-g1=S", Role.HELP, move("Sg1-e2 #", Role.HELP, side=w), side=b)]
    merged = [move("g2-g1=S", Role.HELP, move("Sg1-e2 #", Role.HELP, side=w),
                   move("Sg1-h3 #", Role.HELP, side=w), side=b)]
    as_twin = lambda nodes: TwinSolution([Phase([Section(SectionKind.PLAY, LINE, nodes)])])  # noqa: E731
    assert canonical(as_twin(split)) == canonical(as_twin(merged))
    empty_tree = TwinSolution([Phase([Section(SectionKind.PLAY, TREE, [])])])
    empty_line = TwinSolution([Phase([Section(SectionKind.PLAY, LINE, [])])])
    assert canonical(empty_tree) == canonical(empty_line)
    half = TwinSolution([Phase([Section(SectionKind.PLAY, LINE, merged, skipped=1)])])
    assert canonical(half) != canonical(as_twin(merged))


def test_twin_labels_are_layout_not_solution():
    plain = direct()
    labelled = copy.deepcopy(plain)
    labelled.label, labelled.description = "b)", "h=2"
    assert canonical(plain) == canonical(labelled)
    assert canonical_all([plain, labelled]) == (canonical(plain), canonical(plain))


def test_reference_outputs_compare_with_themselves_shuffled():
    [problem] = parse_output_file(reference("popeye", "english", "direct_mate2_threat_tries.out"))
    [twin] = problem.twins
    assert canonical(shuffled(twin, 1)) == canonical(twin)
    other = copy.deepcopy(twin)
    other.phases[0].sections[1].nodes[0].children.pop()  # lose one variation of the key
    assert canonical(other) != canonical(twin)


def test_turn_marks_and_roles():
    turn = Turn((Component("R", "c2", "c3"),), "+")
    assert turn.check and not turn.mate and not turn.stalemate
    assert Turn((Component("Q", "g7", "b7"),), "#").mate
    assert Turn((Component("P", "d4", "a1", capture=True),), "=").stalemate
    assert Turn((Component("K", "e1", "c1", castling="0-0-0"),), "+ z").check
    assert Role.KEY.attacking and Role.THREAT.attacking and Role.CONTINUATION.attacking
    assert not Role.VARIATION.attacking and not Role.REFUTATION.attacking and not Role.SET.attacking
    assert other_side(WHITE) == BLACK and other_side(BLACK) == WHITE


def test_node_walk_is_depth_first():
    tree = direct().phases[0].sections[0].nodes[0]
    texts = [str(n.turn.components[0].frm) for n in tree.walk()]
    assert texts == ["c2", "e3", "g5", "e3", "c5", "c2", "e3", "g5"]


def test_run_info_status():
    assert RunInfo().status == "complete"
    assert RunInfo(partial=True).status == "partial"
    assert RunInfo(timed_out=True, partial=True).status == "interrupted"


def test_print_order_is_total_for_fairy_promotions_and_locusts():
    """Two different moves never tie, so the printed order cannot depend on the
    order they were found in (worker processes, generation order)."""
    from solver.model.tree import Component, components_order
    moves = [Component("P", "b7", "b8", promotion=p) for p in ("G", "CA", "15", "Q", "S", "G2")]
    moves += [Component("L", "d4", "d7", capture=True, captured="d6"),
              Component("L", "d4", "d7", capture=True, captured="d5")]
    keys = [components_order((m,)) for m in moves]
    assert len(set(keys)) == len(keys)
    ordered = sorted(moves[:6], key=lambda m: components_order((m,)))
    assert [m.promotion for m in ordered] == ["Q", "S", "15", "CA", "G", "G2"]
