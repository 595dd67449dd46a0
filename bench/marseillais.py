"""Benchmark: Marseillais perft, Marseillais problems, Popeye's Messigny examples.

    python bench/marseillais.py [--perft] [--problems] [--messigny] [--max-time S]

(no part chosen: all three).  CPU seconds of this process, one core.

- perft: Marseillais perft to depth 2 from three middlegame positions (every
  legal turn of the side to move, then every legal reply turn counted: AB
  and BA apart), with the counts checked against the values recorded here;
- problems: every problem of problems/marseillais.txt solved, its lines
  compared with the `intended:` lines recorded there;
- messigny: Popeye's beispiel/messigny.inp (12 problems), the solutions
  compared with Popeye's messigny.out (needs ../shared/reference; problem 3,
  an h#3 with ten units, is the one the test suite leaves to this script).
"""

from __future__ import annotations

import argparse
import pathlib
import re
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grammar  # noqa: E402
from solver.model.problem import Condition  # noqa: E402
from solver.engine.perft import perft  # noqa: E402
from solver.output.popeye_writer import line_text  # noqa: E402
from solver.engine.position import Position  # noqa: E402
from solver.conditions.registry import build_rules  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402
from solver.model.tree import LINE, Role, line_paths  # noqa: E402

PERFT_CASES = [
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3970429),
    ("QGD", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8", 1578224),
    ("Ruy Lopez", "r2q1rk1/1b2bppp/p2p1n2/1pn1p3/4P3/1BN2N1P/PPP2PP1/R1BQR1K1 w - - 0 12", 1812562),
]


def cpu() -> float:
    return time.process_time()


def bench_perft() -> None:
    rules = build_rules([Condition("Marseillais")])
    print(f"{'position':10} {'turns':>6} {'depth 2':>9} {'CPU s':>7} {'turns/s':>9}")
    for name, fen, expected in PERFT_CASES:
        pos = Position.from_fen(fen)
        first = len(rules.turns(pos))
        start = cpu()
        count = perft(rules, pos, 2)
        spent = cpu() - start
        status = "" if count == expected else f"  MISMATCH: expected {expected}"
        print(f"{name:10} {first:>6} {count:>9} {spent:>7.2f} {count / spent:>9,.0f}{status}")


def normal(line: str) -> str:
    """A line without move numbers and marks, single-spaced."""
    words = re.sub(r"\d+\.+", " ", line).split()
    return " ".join(w for w in words if w not in ("+", "#", "=", "!", "?"))


def solution_lines(result) -> list[str]:
    """Every line of line play, every key of tree play, `normal`ised."""
    out = []
    for twin in result.twins:
        for phase in twin.phases:
            for section in phase.sections:
                if section.layout == LINE:
                    out += [normal(line_text(p, section.skipped)) for p in line_paths(section.nodes)]
                else:
                    out += [normal(line_text((n,), 0)) for n in section.nodes if n.role == Role.KEY]
    return out


def bench_problems(max_time: float) -> None:
    path = ROOT / "problems" / "marseillais.txt"
    problems = grammar.load_strict(path.read_text(), str(path))
    print(f"{'#':>2} {'stipulation':11} {'units':>5} {'lines':>5} {'CPU s':>7}  result")
    for i, problem in enumerate(problems, 1):
        start = cpu()
        result = solve_problem(problem, max_time=max_time)
        spent = cpu() - start
        found = solution_lines(result)
        expected = [normal(line) for line in problem.intended]
        if result.info.timed_out:
            verdict = "time limit"
        elif not problem.intended:
            verdict = "(no intended lines recorded)"
        else:
            verdict = "ok" if sorted(found) == sorted(expected) else "DIFFERS from the recorded lines"
        print(f"{i:>2} {problem.stipulation.text:11} {len(problem.pieces):>5} {len(found):>5} "
              f"{spent:>7.2f}  {verdict}  {problem.title or ''}")


def bench_messigny(max_time: float) -> None:
    from solver.output.popeye_output import parse_output_file
    from solver.output.compare import canonical_all

    inp = ROOT.parent / "shared" / "reference" / "popeye" / "beispiel" / "messigny.inp"
    if not inp.exists():
        print(f"(no {inp}: skipped)")
        return
    problems = grammar.load_file(inp)
    expected = parse_output_file(inp.with_suffix(".out"))
    total = 0.0
    print(f"{'#':>2} {'stipulation':11} {'CPU s':>7}  result")
    for i, (problem, reference) in enumerate(zip(problems, expected), 1):
        start = cpu()
        result = solve_problem(problem, max_time=max_time)
        spent = cpu() - start
        total += spent
        verdict = ("time limit" if result.info.timed_out else
                   "equal to Popeye" if canonical_all(result.twins) == canonical_all(reference.twins)
                   else "DIFFERS from Popeye")
        print(f"{i:>2} {problem.stipulation.text:11} {spent:>7.2f}  {verdict}")
    print(f"total {total:.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--perft", action="store_true")
    parser.add_argument("--problems", action="store_true")
    parser.add_argument("--messigny", action="store_true")
    parser.add_argument("--max-time", type=float, default=600.0, help="per problem (seconds)")
    args = parser.parse_args()
    every = not (args.perft or args.problems or args.messigny)
    print(f"python {sys.version.split()[0]}")
    if args.perft or every:
        print("\nMarseillais perft, depth 2")
        bench_perft()
    if args.problems or every:
        print("\nproblems/marseillais.txt")
        bench_problems(args.max_time)
    if args.messigny or every:
        print("\nPopeye's beispiel/messigny.inp")
        bench_messigny(args.max_time)


if __name__ == "__main__":
    main()
