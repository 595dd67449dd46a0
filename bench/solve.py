"""Benchmark: solving times and node counts.

Solves the problems of ../shared/reference/popeye/bench/ (Popeye's own times,
from ../shared/reference/README.md, are printed beside feerie's; with
`--popeye PATH` a Popeye binary you built yourself is also run on each file in
the same run, for a same-machine ratio), then the first N problems of
ChestUCI (as `#n`), each with a time limit.

    python bench/solve.py [--chest 100] [--max-time 60] [--skip-popeye-bench] [--popeye PATH]
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
from solver.search.battle import Battle  # noqa: E402
from solver.base.budget import Budget, TimeUp  # noqa: E402
from solver.search.intelligent import clear_target_cache  # noqa: E402
from solver.engine.position import Position  # noqa: E402
from solver.conditions.rules import Rules  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference"
POPEYE_SECONDS = {  # ../shared/reference/README.md (wall seconds, one core)
    "t1_mate2_armeni": "0.00", "t2_mate3_seidel": "0.02", "t3_mate4_johandl": "0.23",
    "t4_mate4_loyd": "0.02", "t5_h3_garai_plain": "6.1", "t5_h3_garai_intel": "0.51",
    "t6_h4_lins_plain": "8.4", "t6_h4_lins_intel": "0.02", "t7_h6_lins_plain": ">600",
    "t7_h6_lins_intel": "0.02",
}


def run_popeye(binary: str, path: pathlib.Path, max_time: float) -> str:
    """Wall seconds of a Popeye run on one input file, as text ('>T' past the limit)."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        try:
            subprocess.run([binary, str(path)], cwd=tmp, capture_output=True, timeout=max_time)
        except subprocess.TimeoutExpired:
            return f">{max_time:.0f}"
        return f"{time.perf_counter() - start:.2f}"


def popeye_bench(max_time: float, binary: str | None) -> None:
    print(f"{'problem':22} {'stip':6} {'feerie s':>9} {'nodes':>10} {'Popeye s':>9} {'ratio':>7}"
          + (f" {'Popeye here':>11} {'ratio':>7}" if binary else ""))
    for path in sorted((REFERENCE / "popeye" / "bench").glob("*.inp")):
        [problem] = grammar.load_file(path)
        # The plain and intel files hold the same position: without this the
        # second would reuse the first's mate targets (solver.search.intelligent).
        clear_target_cache()
        result = solve_problem(problem, max_time=max_time)
        seconds = result.info.time_s
        shown = f">{max_time:.0f}" if result.info.timed_out else f"{seconds:.2f}"
        popeye = POPEYE_SECONDS.get(path.stem, "?")
        line = (f"{path.stem:22} {problem.stipulation.text:6} {shown:>9} {result.info.nodes:>10} "
                f"{popeye:>9} {_ratio(seconds, popeye):>7}")
        if binary:
            here = run_popeye(binary, path, max_time)
            line += f" {here:>11} {_ratio(seconds, here):>7}"
        print(line, flush=True)


def _ratio(ours: float, theirs: str) -> str:
    try:
        return f"{ours / max(float(theirs), 0.005):.0f}x"
    except ValueError:
        return "-"


def chest_bench(count: int, max_time: float) -> None:
    lines = (REFERENCE / "epd" / "ChestUCI_23102018.epd").read_text().splitlines()[:count]
    total = 0.0
    timeouts = 0
    by_n: dict[int, list[float]] = {}
    print(f"\nChestUCI, first {count} problems, as #n (win in n, none in n-1), limit {max_time:.0f} s each")
    for number, line in enumerate(lines, 1):
        n = int(re.search(r"bm #(\d+);", line).group(1))
        fen = line.split(" bm ")[0]
        budget = Budget(max_time)
        battle = Battle(Rules(), Position.from_fen(fen), "direct", "#", budget)
        start = time.perf_counter()
        try:
            ok = battle.wins(n) and (n == 1 or not battle.wins(n - 1))
            status = "ok" if ok else "WRONG"
        except TimeUp:
            status = "timeout"
            timeouts += 1
        seconds = time.perf_counter() - start
        total += seconds
        by_n.setdefault(n, []).append(seconds)
        print(f"{number:4} #{n} {seconds:8.2f} s {budget.nodes:>9} nodes {status}  {fen}", flush=True)
    print(f"\ntotal {total:.1f} s, {timeouts} timeouts")
    for n, times in sorted(by_n.items()):
        times.sort()
        print(f"  #{n}: {len(times)} problems, median {times[len(times) // 2]:.2f} s, "
              f"max {times[-1]:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chest", type=int, default=100)
    parser.add_argument("--max-time", type=float, default=60.0)
    parser.add_argument("--skip-popeye-bench", action="store_true")
    parser.add_argument("--popeye", metavar="PATH", help="a Popeye binary to time on the same files")
    args = parser.parse_args()
    if not args.skip_popeye_bench:
        popeye_bench(args.max_time, args.popeye)
    if args.chest:
        chest_bench(args.chest, args.max_time)


if __name__ == "__main__":
    main()
