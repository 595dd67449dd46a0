"""Orthodox battle play once solved wrongly, against Popeye (solver.search.battle).

tests/data/battlefaults/: positions where feerie's tree differed from
Popeye 4.104's, found by comparing random problems, made by
`tests/generate_popeye_data.py --battlefaults` (BATTLEFAULTS there):
- reflex: the attacker's forced goal move under a refutation
  (`1...Ka5-a6 !  2.Bh7-d3 # ?!?`), a defence that stalemates the attacker
  left unmarked;
- shortkey: a key winning in fewer moves than stipulated shows the tree of
  its shortest win (`1.Qe2-g4 ! zugzwang.` in a #3);
- setplay: set play without Option Variation shows no threat and every
  defence.
Every case on the fast path and on the generic one."""

from __future__ import annotations

from pathlib import Path

from popeye_reference import cases, reference_tests

DATA = Path(__file__).parent / "data" / "battlefaults"
CASES = cases(DATA)


def test_every_form_has_problems():
    assert {case.split("#")[0] for case in CASES} == {"reflex", "shortkey", "setplay"}
    assert len(CASES) >= 17


def test_popeye_shows_the_forced_move_under_a_refutation():
    """The data holds what the fix is about (the parse keeps it)."""
    from popeye_reference import load
    from solver.model.tree import Role

    _, outputs = load(DATA, "reflex")
    forced = [child for out in outputs for twin in out.twins for phase in twin.phases
              for section in phase.sections for node in section.nodes for ref in node.children
              if ref.role is Role.REFUTATION for child in ref.children if child.role is Role.FORCED]
    assert forced


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = \
    reference_tests(DATA, generic_cases=CASES)
