"""Benchmark: brute-force help play (`LineSearch`) against the intelligent
search, on the helpmates of ../shared/reference/popeye/bench/.

For each problem both searches run on the same play section, one after the
other; the table gives CPU seconds (process time, so that other load on the
machine counts less), positions visited (the intelligent search counts its
target generation too), the number of solutions, whether the two solution
sets agree, and Popeye's times from the reference README. The h#6 runs
brute force only with --brute-all (Popeye itself gave up after 600 s).

    python bench/help.py [--brute-all] [--max-time S] [FILE.inp ...]
"""

from __future__ import annotations

import argparse
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grammar  # noqa: E402
from solver.base.budget import Budget, TimeUp  # noqa: E402
from solver.search.helpplay import LineSearch  # noqa: E402
from solver.search.intelligent import intelligent_search  # noqa: E402
from solver.model.problem import Problem  # noqa: E402
from solver.output.notation import turn_text  # noqa: E402
from solver.conditions.registry import build_rules  # noqa: E402
from solver.model.setup import position_of  # noqa: E402
from solver.run.solve import plan  # noqa: E402
from solver.model.tree import SectionKind, line_paths  # noqa: E402

BENCH = ROOT.parent / "shared" / "reference" / "popeye" / "bench"
# (file, Popeye plain seconds, Popeye intelligent seconds), from the reference README.
CASES = [
    ("t5_h3_garai_plain.inp", "6.1", "0.51"),
    ("t6_h4_lins_plain.inp", "8.4", "0.02"),
    ("t7_h6_lins_plain.inp", ">600", "0.02"),
]


def lines(nodes) -> set:
    """The full lines of a trie, as tuples of Popeye-notation turns."""
    return {tuple(turn_text(n.turn) for n in path) for path in line_paths(nodes)}


def run(problem: Problem, intelligent: bool, max_time: float | None):
    """(CPU seconds, nodes, solution lines or None when the time ran out)."""
    spec = next(s for s in plan(problem) if s.kind == SectionKind.PLAY)
    pos = position_of(problem, spec.schedules[0].sides[0])
    rules = build_rules(problem.conditions)
    budget = Budget(max_time)
    start = time.process_time()
    try:
        search = None
        if intelligent:
            search = intelligent_search(rules, pos, spec.schedules[0], problem.stipulation.goal, budget)
        if search is None:
            search = LineSearch(rules, pos, spec.schedules[0], problem.stipulation.goal, budget)
        found = lines(search.solve([]))
    except TimeUp:
        found = None
    return time.process_time() - start, budget.nodes, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", help="Popeye input files (default: the bench helpmates)")
    parser.add_argument("--brute-all", action="store_true", help="run brute force on the h#6 too")
    parser.add_argument("--max-time", type=float, default=None, help="time limit per search")
    args = parser.parse_args()
    cases = [(f, "", "") for f in args.files] or [(str(BENCH / f), p, q) for f, p, q in CASES]
    print("| problem | stipulation | brute s | brute nodes | intelligent s | intelligent nodes "
          "| solutions | same | Popeye s (plain / intelligent) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for path, popeye_plain, popeye_intel in cases:
        for problem in grammar.load_file(path):
            if not isinstance(problem, Problem):
                print(f"| {pathlib.Path(path).stem} | cannot be read: {problem.error} |")
                continue
            smart_s, smart_n, smart = run(problem, True, args.max_time)
            brute_wanted = args.brute_all or "h6" not in pathlib.Path(path).stem
            if brute_wanted:
                brute_s, brute_n, brute = run(problem, False, args.max_time)
                brute_cells = (f"{brute_s:.2f}" if brute is not None else f">{brute_s:.0f}", f"{brute_n:,}")
                same = "?" if brute is None or smart is None else ("yes" if brute == smart else "NO")
            else:
                brute_cells, same = ("-", "-"), "-"
            smart_cell = f"{smart_s:.2f}" if smart is not None else f">{smart_s:.0f}"
            count = len(smart) if smart is not None else "?"
            print(f"| {pathlib.Path(path).stem} | {problem.stipulation.text} | {brute_cells[0]} | "
                  f"{brute_cells[1]} | {smart_cell} | {smart_n:,} | {count} | {same} | "
                  f"{popeye_plain} / {popeye_intel} |", flush=True)


if __name__ == "__main__":
    main()
