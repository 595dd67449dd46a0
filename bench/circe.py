"""Benchmark: Circe and AntiCirce problems of Popeye's examples, feerie against Popeye.

    python bench/circe.py [--popeye PATH] [--max-time S] [CASE ...]

Each case (`BEISPIEL/anticir.inp#3`, a problem of ../shared/reference/popeye/corpus)
is solved by feerie (CPU seconds of this process) and its solution compared with
Popeye's golden output; with `--popeye`, the case's file is solved by that
Popeye binary in the same run, and its own time for the problem is shown
(Popeye's "Time = ..." line: one run of the whole file, -maxtime each).
The default cases: a few of each condition, from the corpus problems feerie
solves (bench/corpus.py).
"""

from __future__ import annotations

import argparse
import pathlib
import re
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import corpus_cases as cc  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402

DEFAULT_CASES = (
    "BEISPIEL/stip.inp#39", "BEISPIEL/stip.inp#57", "BEISPIEL/threat.inp#2", "BEISPIEL/castling.inp#42",
    "BEISPIEL/circe.inp#5", "BEISPIEL/cirsquar.inp#4", "BEISPIEL/cirsquar.inp#19", "BEISPIEL/twin.inp#9",
    "BEISPIEL/anticir.inp#1", "BEISPIEL/anticir.inp#12", "BEISPIEL/anticir.inp#25", "BEISPIEL/anticir.inp#31",
    "BEISPIEL/anticir.inp#36", "BEISPIEL/anticir.inp#37", "BEISPIEL/anticir.inp#40", "BEISPIEL/anticir.inp#41",
)


_TIME = re.compile(r"(?:Time|Zeit|Temps) = ([0-9.:]+) (s|m:s|h:m:s)")


def popeye_times(binary: str, name: str, max_time: float) -> list[str]:
    """Popeye's own time for each problem of a corpus file (its "Time = ..."
    lines, in seconds), the whole file solved in one run, `-maxtime` each."""
    with tempfile.TemporaryDirectory() as tmp:
        try:
            out = subprocess.run([binary, "-maxtime", str(int(max_time)), str(cc.CORPUS / name)], cwd=tmp,
                                 capture_output=True, timeout=max_time * 200).stdout.decode("latin-1")
        except subprocess.TimeoutExpired:
            return []
    times = []
    for value, unit in _TIME.findall(out):
        parts = [float(x) for x in value.split(":")]
        seconds = 0.0
        for part in parts:
            seconds = seconds * 60 + part
        times.append(f"{seconds:.2f}")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--popeye", metavar="PATH")
    parser.add_argument("--max-time", type=float, default=60)
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args()
    print(f"{'case':26} {'stipulation':12} {'condition':16} {'feerie s':>9} {'equal':>6}"
          + (f" {'Popeye s':>9}" if args.popeye else ""))
    popeye: dict[str, list[str]] = {}
    for case in args.cases or DEFAULT_CASES:
        name, index = case.rsplit("#", 1)
        if args.popeye and name not in popeye:
            popeye[name] = popeye_times(args.popeye, name, args.max_time)
        item, expected = cc.load(case)
        start = time.process_time()
        result = solve_problem(item, max_time=args.max_time)
        spent = time.process_time() - start
        shown = f">{args.max_time:.0f}" if result.info.timed_out else f"{spent:.2f}"
        equal = expected is not None and cc.same_solution(result.twins, expected)
        condition = " ".join([item.conditions[0].name, *item.conditions[0].params])
        line = f"{case:26} {item.stipulation.text:12} {condition:16} {shown:>9} {'yes' if equal else 'NO':>6}"
        if args.popeye:
            times = popeye[name]
            line += f" {times[int(index) - 1] if int(index) <= len(times) else '?':>9}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
