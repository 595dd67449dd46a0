"""Benchmark two checkouts of feerie against each other, in one run.

Runs the same bench script (with its arguments) in checkout A and in
checkout B, alternating A, B, A, B ..., and prints each run's CPU seconds
(the child process's user + system time, so machine load matters less than
for wall time) and the ratio of the best runs.  For "did this change slow
orthodox solving down": check out the old commit beside the new one
(`git worktree add --detach ../old REV`) and

    python bench/ab.py --rounds 3 ../old . -- bench/solve.py --chest 30 --max-time 20
"""

from __future__ import annotations

import argparse
import pathlib
import resource
import subprocess
import sys


def cpu_run(root: pathlib.Path, argv: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, *argv], cwd=root, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("a", type=pathlib.Path)
    parser.add_argument("b", type=pathlib.Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("argv", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    argv = args.argv[1:] if args.argv[:1] == ["--"] else args.argv
    times: dict[str, list[float]] = {"A": [], "B": []}
    for r in range(args.rounds):
        for label, root in (("A", args.a), ("B", args.b)):
            t = cpu_run(root.resolve(), argv)
            times[label].append(t)
            print(f"round {r + 1} {label} ({root}): {t:.2f} s CPU", flush=True)
    a, b = min(times["A"]), min(times["B"])
    print(f"best A {a:.2f} s, best B {b:.2f} s, B / A = {b / a:.3f}")


if __name__ == "__main__":
    main()
