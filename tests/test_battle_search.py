"""The direct-play search's reductions: same answers as plain minimax, fewer nodes.

`Battle.wins` proves a win by increasing length at each attacker node
(Popeye's find_shortest), tests the goal at length 1 only, and puts Option
Threat's guard before the killer's test.  None of these may change an
answer, only the work:
- on ChestUCI positions (and positions one and two turns further), `wins`
  and `turn_wins` of one Battle (its memo and killers shared over all the
  questions, as in a solve) equal a plain minimax without memo, killers or
  ordering;
- castling.inp#11 (a #6 under Option Threat 1, Popeye 0.06 s) is solved as
  Popeye solves it, within a node budget it exceeded a hundred times over
  before (5.26M nodes; 34k with the reductions).
"""

from __future__ import annotations

import random

from conftest import reference
from solver.base.budget import Budget
from solver.conditions.rules import Rules
from solver.engine.position import Position
from solver.search.battle import Battle
from test_chestuci import chest_problems


def _mated(rules, pos) -> bool:
    return rules.in_check(pos) and not rules.has_turn(pos)


def naive_wins(rules, pos, n: int) -> bool:
    """Attacker to move: a mate within n, by plain minimax."""
    for t in rules.turns(pos):
        rules.play(pos, t)
        ok = _mated(rules, pos) or (n > 1 and naive_loses(rules, pos, n - 1))
        rules.undo(pos, t)
        if ok:
            return True
    return False


def naive_loses(rules, pos, k: int) -> bool:
    """Defender to move (not mated): does every defence allow a mate within k?"""
    turns = rules.turns(pos)
    if not turns:
        return False  # stalemate
    for d in turns:
        rules.play(pos, d)
        ok = naive_wins(rules, pos, k)
        rules.undo(pos, d)
        if not ok:
            return False
    return True


def test_wins_equal_plain_minimax():
    rng = random.Random(3)
    problems = chest_problems(3, first=10_000)
    checked = 0
    for fen, _ in rng.sample(problems, 10):
        rules, pos = Rules(), Position.from_fen(fen)
        battle = Battle(rules, pos, "direct", "#", Budget())
        for n in (1, 2):
            assert battle.wins(n) == naive_wins(rules, pos, n), (fen, n)
        turns = rules.turns(pos)
        for t in rng.sample(turns, min(4, len(turns))):
            rules.play(pos, t)
            assert battle.turn_wins(2) == (_mated(rules, pos) or naive_loses(rules, pos, 1)), (fen, t)
            defences = rules.turns(pos)
            for d in rng.sample(defences, min(2, len(defences))):
                rules.play(pos, d)
                for n in (2, 1):  # the longer first: the shorter then meets its memo
                    assert battle.wins(n) == naive_wins(rules, pos, n), (fen, t, d, n)
                    checked += 1
                rules.undo(pos, d)
            rules.undo(pos, t)
    assert checked > 20


def test_castling_threat_six_mover_within_node_budget():
    from solver.output.compare import canonical_all
    from solver.run.solve import solve_problem
    from test_reference_solutions import _load

    item, expected = _load("beispiel/castling.inp#11")
    result = solve_problem(item, max_time=120)
    assert not result.info.timed_out
    assert canonical_all(result.twins, expected.language) == \
        canonical_all(expected.twins, expected.language)
    assert result.info.nodes < 100_000, result.info.nodes
