"""`solve --jobs`: `python bench/jobs.py [--rounds N] [--jobs 1,2] [STATEMENT]`.

Solves one problem (default: the game array's h#2.5, about 14 s of CPU in one
process) with each number of jobs in turn, round after round, and prints for
each run the wall time, the CPU time of all its processes together, and the
CPU time of its busiest process (the parent's own CPU plus that of the worker
that worked most).  The machine is shared, so wall time depends on what else
runs; the busiest process's CPU is what the wall time would be on two idle
cores (the work cannot end before that process has done its part).  The
workers' CPU is read from /proc (Linux) before the pool is stopped.  The
solutions of every run are compared with those of the first: they must be
the same, in the same order.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grammar  # noqa: E402
from solver.output.popeye_writer import solution_text  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402
from solver.run.workers import stop_pool, worker_pool  # noqa: E402
from solver.search.intelligent import clear_target_cache  # noqa: E402

GAME_ARRAY_H25 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - h#2.5"
_TICK = 100  # os.sysconf("SC_CLK_TCK") on Linux


def _proc_cpu(pid: int) -> float:
    """User + system seconds of a live process, from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / _TICK


def _self_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def run(statement: str, jobs: int) -> tuple[float, float, float, str]:
    """(wall, CPU of all processes, CPU of the busiest, the solution text) of one solve."""
    problem = grammar.parse_statement(statement)
    clear_target_cache()
    pool = worker_pool(jobs) if jobs > 1 else None
    start_cpu, start = _self_cpu(), time.perf_counter()
    try:
        result = solve_problem(problem, executor=pool)
        wall = time.perf_counter() - start
        parent = _self_cpu() - start_cpu
        workers = [_proc_cpu(p.pid) for p in (pool._processes or {}).values()] if pool else []
    finally:
        if pool is not None:
            stop_pool(pool)
    return wall, parent + sum(workers), parent + max(workers, default=0.0), solution_text(result.twins)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("statement", nargs="?", default=GAME_ARRAY_H25)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--jobs", default="1,2", help="the numbers of jobs compared (default 1,2)")
    args = parser.parse_args()
    counts = [int(j) for j in args.jobs.split(",")]
    runs: dict[int, list[tuple[float, float, float]]] = {j: [] for j in counts}
    first = None
    for r in range(args.rounds):
        for jobs in counts:
            wall, cpu, busiest, solution = run(args.statement, jobs)
            first = first if first is not None else solution
            same = "same solution" if solution == first else "DIFFERENT SOLUTION"
            runs[jobs].append((wall, cpu, busiest))
            print(f"round {r + 1} --jobs {jobs}: wall {wall:.2f} s, CPU {cpu:.2f} s, busiest process "
                  f"{busiest:.2f} s ({same})", flush=True)
    print(f"{'jobs':>4} {'wall s':>8} {'CPU s':>8} {'busiest s':>10}   (medians of {args.rounds})")
    for jobs, values in runs.items():
        wall, cpu, busiest = (statistics.median(v[i] for v in values) for i in range(3))
        print(f"{jobs:>4} {wall:>8.2f} {cpu:>8.2f} {busiest:>10.2f}")


if __name__ == "__main__":
    main()
