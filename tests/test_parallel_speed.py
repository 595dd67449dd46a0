"""`solve --jobs`: what each worker task recomputes (issue 11 item 4).

A parallel run gives each first move of a section to a task, and a task
runs every schedule of the section (h#1, then h#2 ...) for its one move.
The intelligent search's mate targets are the same for every task: a
worker enumerates them once per schedule, and an enumeration that gave up
(too many targets: brute force is cheaper) is not tried again by the next
task.  Before, one cached entry was overwritten schedule after schedule and
a give-up was not remembered: `--jobs 2` took several times the CPU of
`--jobs 1`.
"""

from __future__ import annotations

import pytest

import grammar
from solver.model.twins import expand_twins
from solver.run import solve as run_solve
from solver.search import intelligent
from solver.search.intelligent_targets import MateTargets, TooManyTargets


class _Gen:
    """A stand-in for MateTargets: counts its enumerations."""

    def __init__(self, give_up: bool = False) -> None:
        self.calls = 0
        self.give_up = give_up

    def generate(self, cap=None):
        self.calls += 1
        if self.give_up:
            raise TooManyTargets()
        return ["target"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    intelligent.clear_target_cache()
    yield
    intelligent.clear_target_cache()


def test_each_schedule_of_a_position_is_enumerated_once():
    gen = _Gen()
    for _ in range(3):  # three tasks, each playing both schedules
        for sides in ((-1, 1), (-1, 1, -1, 1)):
            assert intelligent._targets(gen, ("pos",), sides, 100) == ["target"]
    assert gen.calls == 2


def test_a_give_up_is_remembered_up_to_its_cap():
    gen = _Gen(give_up=True)
    for cap in (100, 100, 50):
        with pytest.raises(TooManyTargets):
            intelligent._targets(gen, ("pos",), (1, -1, 1), cap)
    assert gen.calls == 1
    with pytest.raises(TooManyTargets):  # a larger cap may succeed: it is tried
        intelligent._targets(gen, ("pos",), (1, -1, 1), 200)
    assert gen.calls == 2


def test_another_position_replaces_the_cached_ones():
    gen = _Gen()
    intelligent._targets(gen, ("one",), (1,), 10)
    intelligent._targets(gen, ("two",), (1,), 10)
    intelligent._targets(gen, ("one",), (1,), 10)
    assert gen.calls == 3
    assert all(key[0] == ("one",) for key in intelligent._cache)


def test_the_tasks_of_a_parallel_run_enumerate_the_targets_once(monkeypatch):
    """Every first-move task of an h#2 in one worker process: one enumeration
    per schedule (h#1, h#2), not one per task and schedule; and the tasks'
    lines together are the whole solution."""
    problem = expand_twins(grammar.load("8/P6K/qn2b1P1/3p3k/5P1p/8/2r5/8 h#2")[0])[0].problem
    spec = next(s for s in run_solve.plan(problem) if s.kind == run_solve.SectionKind.PLAY)
    assert len(spec.schedules) == 2
    calls = []
    generate = MateTargets.generate
    monkeypatch.setattr(MateTargets, "generate", lambda self, cap=None: calls.append(cap) or generate(self, cap))
    count = run_solve.first_turn_count(problem, spec)
    assert count > 2
    parts = [run_solve._solve_part(problem, spec, i, None)[0] for i in range(count)]
    assert len(calls) == 2
    whole = run_solve.solve_problem(problem)
    lines = sum(run_solve._leaves(n) for nodes in parts for n in nodes)
    assert lines == whole.solution_counts[0] > 0
