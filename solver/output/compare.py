"""Solutions compared up to sibling order: the form in which feerie's tree
and Popeye's (read back by `solver.output.popeye_output`) are equal when
they say the same thing."""

from __future__ import annotations

from solver.model.tree import LINE, Node, Role, TwinSolution
from solver.output.notation import pass_text, turn_text


def canonical(twin: TwinSolution, language: str = "en"):
    """A hashable form of a twin's solution that ignores the order of sibling
    moves (and merges siblings that are the same move), for comparing a
    solver's tree with Popeye's.

    It keeps what the solution says: roles, moves (as English notation),
    marks, threat/zugzwang labels, the section kinds and their order. It
    leaves out how it is laid out: twin labels and descriptions, sides
    (derivable from the moves), and empty sections' layout.  `language`:
    the notation's (compare a German output in German: it writes Royal and
    Kamikaze both as 'k', so English would tell apart what its text cannot).
    """
    def merged(nodes: list[Node]):
        groups: dict[tuple, list[Node]] = {}
        for n in nodes:
            # a reciprocal end's own move is a line's move like any (its role orders it)
            role = Role.HELP if n.role is Role.RECIPROCAL else n.role
            key = (role.value, turn_text(n.turn, language) if n.turn else "",
                   (n.label or "") + pass_text(n.passed, language))
            groups.setdefault(key, []).extend(n.children)
        return tuple(sorted(key + (merged(children),) for key, children in groups.items()))

    phases = []
    for phase in twin.phases:
        sections = []
        for s in phase.sections:
            if s.nodes:
                layout = (s.layout, s.skipped if s.layout == LINE else 0)
            else:
                layout = ()
            sections.append((s.kind.value, s.label or "", layout, merged(s.nodes)))
        phases.append((phase.reversed, tuple(sections)))
    return tuple(phases)


def canonical_all(twins: list[TwinSolution], language: str = "en"):
    """canonical() of each twin, in order."""
    return tuple(canonical(t, language) for t in twins)
