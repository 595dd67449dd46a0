"""Solutions as they are found: the observer a solve reports to.

`solve.solve_problem(..., observer=...)` tells an `Observer` what it finds
while it searches: the problem as it starts (so that a writer prints the
header and diagram at once), each twin, phase and section as it begins and
ends, and each *item* of a section as soon as it is complete:

- line layout (help and series play): one line, the tuple of its nodes
  from the first move to the last (each node's `turn` and `side` are set;
  its `children` are not part of the line);
- tree layout (direct, self, reflex play, and set play there): one
  first-level node with its whole tree (a key, try or forced move; a
  set-play defence with its continuations).

Post-key play is not given item by item: `section_end` sees it whole.

The searches call back through plain callables and know nothing of
writers; items come in print order (the searches play the turns in that
order, see `record.print_order`), so a writer prints each at once and its
output equals the one written from the finished result: `replay` feeds a
finished result through the same observer, and `popeye_writer.write_problem`
is that replay.  What a time limit or Ctrl-C cut short ends like a finished
problem, with `problem_end` saying so (`RunInfo.status`).
"""

from __future__ import annotations

from solver.model.problem import Problem
from solver.model.tree import LINE, Node, Phase, RunInfo, Section, SectionKind, TwinSolution, printed_lines


class Observer:
    """Does nothing: subclass and override what you need."""

    def problem_start(self, problem: Problem) -> None:
        """Solving begins (the problem is readable and supported)."""

    def twin_start(self, twin: TwinSolution) -> None:
        """A twin begins (its label and description are set)."""

    def section_start(self, phase: Phase, section: Section) -> None:
        """A section of `phase` begins (a new phase when `phase` is new)."""

    def found(self, section: Section, item) -> None:
        """An item of the section is complete: a line (tuple of nodes) in
        line layout, a first-level node with its tree in tree layout."""

    def section_end(self, section: Section) -> None:
        """The section is done (or was cut short); `section.nodes` holds it."""

    def phase_end(self, phase: Phase) -> None:
        """The phase is done."""

    def twin_end(self, twin: TwinSolution) -> None:
        """The twin is done."""

    def problem_end(self, problem: Problem, twins: list[TwinSolution], info: RunInfo) -> None:
        """The problem is done; `info.status` says whether completely."""


def streamed(section: Section) -> bool:
    """Is this section given item by item (everything but post-key play)?"""
    return section.kind is not SectionKind.POSTKEY


def section_items(section: Section) -> list:
    """The items `Observer.found` gets for a finished section, in print order."""
    if not streamed(section):
        return []
    if section.layout == LINE:
        return printed_lines(section.nodes, section.shortest_first)
    return list(section.nodes)


def replay(problem: Problem, twins: list[TwinSolution], info: RunInfo, observer: Observer) -> None:
    """Feed a finished result through `observer`, as the solve would have."""
    observer.problem_start(problem)
    for twin in twins:
        observer.twin_start(twin)
        for phase in twin.phases:
            for section in phase.sections:
                observer.section_start(phase, section)
                for item in section_items(section):
                    observer.found(section, item)
                observer.section_end(section)
            observer.phase_end(phase)
        observer.twin_end(twin)
    observer.problem_end(problem, twins, info)


class Recorder(Observer):
    """Keeps the events, for tests and for comparing a stream with its replay."""

    def __init__(self) -> None:
        self.events: list[tuple] = []

    def problem_start(self, problem):
        self.events.append(("problem_start",))

    def twin_start(self, twin):
        self.events.append(("twin_start", twin.label))

    def section_start(self, phase, section):
        self.events.append(("section_start", phase.reversed, section.kind.value))

    def found(self, section, item):
        from solver.output.notation import turn_text

        if isinstance(item, Node):
            self.events.append(("found", _tree_text(item)))
        else:
            self.events.append(("found", tuple(turn_text(n.turn, "en") for n in item)))

    def section_end(self, section):
        self.events.append(("section_end", section.kind.value))

    def phase_end(self, phase):
        self.events.append(("phase_end",))

    def twin_end(self, twin):
        self.events.append(("twin_end",))

    def problem_end(self, problem, twins, info):
        self.events.append(("problem_end", info.status))


def _tree_text(node: Node) -> tuple:
    from solver.output.notation import turn_text

    return (node.role.value, turn_text(node.turn, "en") if node.turn else "", node.label,
            tuple(_tree_text(c) for c in node.children))


__all__ = ["Observer", "Recorder", "replay", "section_items", "streamed"]
