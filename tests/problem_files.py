"""The composed problems of problems/: feerie's solutions against the recorded ones."""

from __future__ import annotations

from pathlib import Path

import grammar
from naive_conditions import line_squares
from solver.output.popeye_writer import line_text
from solver.run.solve import solve_problem
from solver.model.tree import LINE, Role, line_paths

PROBLEMS = Path(__file__).resolve().parents[1] / "problems"


def load(name: str) -> list:
    return grammar.load_strict((PROBLEMS / name).read_text(), name)


def found_lines(problem) -> set:
    """feerie's solution: every line of line play, every key of tree play,
    as `line_squares` tuples."""
    result = solve_problem(problem)
    white_first = problem.stipulation.play != "help" or problem.stipulation.half
    out = set()
    for section in result.twins[0].phases[0].sections:
        if section.layout == LINE:
            for path in line_paths(section.nodes):
                out.add(line_squares(line_text(path, section.skipped), white_first))
        else:
            for node in section.nodes:
                if node.role == Role.KEY:
                    out.add(line_squares("1." + line_text((node,), 0).strip(), True))
    return out


def recorded_lines(problem) -> set:
    white_first = problem.stipulation.play != "help" or problem.stipulation.half
    return {line_squares(line, white_first) for line in problem.intended}
