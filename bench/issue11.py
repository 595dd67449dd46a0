"""Issue 11's table in one alternating run against a Popeye you built:
`python bench/issue11.py --popeye PATH [--max-time S] [--groups G,...] [--hpint N]`.

Every row is one problem as Popeye input text, read by both programs: feerie
solves it in this process (CPU seconds of `time.process_time`, imports and
tables already warm), then Popeye solves it in a child process (its CPU,
`RUSAGE_CHILDREN`, start-up included: about 0.005 s), one after the other, so
both see the same load.  feerie's solution is compared with the output
Popeye printed in that same run ("same": yes / NO / "-" when either timed out).

Groups (all by default):
  startup  `feerie solve` of a one-line #1, and Popeye's trivial #1 (both child processes)
  bench    the problems of ../shared/reference/popeye/bench/ (#2, #3, #4, h#3, h#4, h#6)
  self     s#2, s#3, s#4 of Popeye's example files (BEISPIEL/selfref.inp) and castling.inp's #6
  chest    a fixed sample of ChestUCI's white-to-move #3-#6 (`--seed`, 3 of each), as #n
  intell   intell.inp #39, #100, #101 (h#n, Popeye's intelligent mode)
  hpint    hpint.inp's problems feerie supports (help stalemates; `--hpint N`: the first N)
  jobs     `feerie solve --jobs 1` and `--jobs 2` on the game array's h#2.5 (wall and CPU)
Without `--popeye` only feerie's columns are filled, with a message.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "bench"))

import grammar  # noqa: E402
from circe import problem_file  # noqa: E402
from solver.output.compare import canonical_all  # noqa: E402
from solver.output.popeye_output import parse_output  # noqa: E402
from solver.output.popeye_writer import write_problem  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402
from solver.search.intelligent import clear_target_cache  # noqa: E402

REFERENCE = ROOT.parent / "shared" / "reference"
POPEYE_BENCH = REFERENCE / "popeye" / "bench"
CHEST = REFERENCE / "epd" / "ChestUCI_23102018.epd"
SELF_CASES = ("BEISPIEL/selfref.inp#6", "BEISPIEL/selfref.inp#1", "BEISPIEL/selfref.inp#2",
              "BEISPIEL/selfref.inp#5", "BEISPIEL/castling.inp#11")
INTELL_CASES = ("BEISPIEL/intell.inp#39", "BEISPIEL/intell.inp#100", "BEISPIEL/intell.inp#101")
GAME_ARRAY_H25 = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - h#2.5"
GROUPS = ("startup", "bench", "self", "chest", "intell", "hpint", "jobs")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_child(argv: list[str], timeout: float, cwd: str | None = None) -> tuple[float, float, str]:
    """(CPU seconds, wall seconds, stdout) of one child process."""
    cpu, wall = _children_cpu(), time.perf_counter()
    try:
        out = subprocess.run(argv, capture_output=True, timeout=timeout, cwd=cwd).stdout.decode("latin-1")
    except subprocess.TimeoutExpired:
        out = ""
    return _children_cpu() - cpu, time.perf_counter() - wall, out


def popeye_solve(binary: str, text: str, max_time: float) -> tuple[float, str]:
    """(CPU seconds, stdout) of Popeye on one input text, with -maxtime."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "one.inp"
        path.write_text(text, encoding="latin-1")
        cpu, _, out = run_child([binary, "-maxtime", str(int(max_time)), str(path)], max_time * 3 + 10, tmp)
    return cpu, out


def feerie_solve(text: str, max_time: float):
    """(CPU seconds, timed out, canonical solution) of feerie on one input text."""
    [problem] = grammar.load(text, "bench.inp")
    clear_target_cache()
    start = time.process_time()
    result = solve_problem(problem, max_time=max_time)
    spent = time.process_time() - start
    [ours] = parse_output(write_problem(problem, result.twins, time_s=0.0))
    return spent, result.info.timed_out, canonical_all(ours.twins)


def _popeye_timed_out(out: str) -> bool:
    return bool(re.search(r"max\. time|maxtime|abgebrochen|interrompu", out, re.IGNORECASE)) or not out


def _ratio(ours: float, theirs: float | None) -> str:
    return "-" if theirs is None else f"{ours / max(theirs, 0.005):.1f}x"


def compare_row(group: str, label: str, text: str, args) -> None:
    ours, ours_out, solution = feerie_solve(text, args.max_time)
    shown = f">{args.max_time:.0f}" if ours_out else f"{ours:.2f}"
    if not args.popeye:
        print(f"{group:8} {label:28} {shown:>9}", flush=True)
        return
    theirs, out = popeye_solve(args.popeye, text, args.max_time)
    theirs_out = _popeye_timed_out(out)
    same = "-"
    if not ours_out and not theirs_out:
        [expected] = parse_output(out)
        same = "yes" if canonical_all(expected.twins) == solution else "NO"
    print(f"{group:8} {label:28} {shown:>9} {(f'>{args.max_time:.0f}' if theirs_out else f'{theirs:.3f}'):>9}"
          f" {('>' if ours_out else '') + _ratio(ours, None if theirs_out else theirs):>8} {same:>5}", flush=True)


def _feerie_command() -> list[str]:
    found = shutil.which("feerie", path=str(Path(sys.executable).parent)) or shutil.which("feerie")
    return [found] if found else [sys.executable, str(ROOT / "feerie_main.py")]


def startup_rows(args) -> None:
    feerie = _feerie_command()
    statement = "4k3/8/4K3/8/8/8/8/7R w - - #1"
    ours = min(run_child([*feerie, "solve", statement], 60)[0] for _ in range(args.runs))
    line = f"{'startup':8} {'one-line #1, best of ' + str(args.runs):28} {ours:9.3f}"
    if args.popeye:
        text = "begin\npieces white ke6 rh1 black ke8\nstipulation #1\nend\n"
        theirs = min(popeye_solve(args.popeye, text, 60)[0] for _ in range(args.runs))
        line += f" {theirs:9.3f} {_ratio(ours, theirs):>8}"
    print(line, flush=True)


def corpus_text(case: str) -> str:
    name, index = case.rsplit("#", 1)
    return problem_file(name, int(index))


def chest_rows(args) -> list[tuple[str, str]]:
    lines = CHEST.read_text().splitlines()
    by_n: dict[int, list[str]] = {}
    for line in lines:
        found = re.search(r"bm #(\d+);", line)
        if found and 3 <= int(found.group(1)) <= 6 and line.split()[1] == "w":
            by_n.setdefault(int(found.group(1)), []).append(line)
    pick = random.Random(args.seed)
    rows = []
    for n in sorted(by_n):
        for line in pick.sample(by_n[n], args.chest):
            board = line.split()[0].replace("N", "S").replace("n", "s")  # Popeye's knight is S
            rows.append((f"#{n} {board[:24]}", f"begin\nforsyth {board}\nstipulation #{n}\nend\n"))
    return rows


def hpint_cases(limit: int | None) -> list[str]:
    classes = (ROOT / "tests" / "data" / "corpus_classes.txt").read_text().splitlines()
    found = [line.split("\t")[0] for line in classes
             if line.startswith("BEISPIEL/hpint.inp#") and "\tsupported" in line]
    found.sort(key=lambda case: int(case.rsplit("#", 1)[1]))
    return found[:limit] if limit else found


def jobs_rows(args) -> None:
    feerie = _feerie_command()
    for jobs in (1, 2):
        cpu, wall, _ = run_child([*feerie, "solve", "--jobs", str(jobs), GAME_ARRAY_H25], 1200)
        print(f"{'jobs':8} {'h#2.5 --jobs ' + str(jobs):28} wall {wall:7.2f} s, CPU of all processes {cpu:7.2f} s",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--popeye", metavar="PATH")
    parser.add_argument("--max-time", type=float, default=60)
    parser.add_argument("--groups", default=",".join(GROUPS))
    parser.add_argument("--hpint", type=int, default=None, metavar="N")
    parser.add_argument("--chest", type=int, default=3, metavar="K", help="problems of each #n")
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--runs", type=int, default=5, help="start-up runs (the best counts)")
    args = parser.parse_args()
    groups = args.groups.split(",")
    if not args.popeye:
        print("no --popeye given: feerie's times only (build Popeye outside the project to compare)")
    elif not os.access(args.popeye, os.X_OK):
        parser.error(f"{args.popeye}: not an executable")
    print(f"{'group':8} {'problem':28} {'feerie s':>9}" + (f" {'Popeye s':>9} {'ratio':>8} {'same':>5}"
                                                            if args.popeye else ""))
    rows: list[tuple[str, str, str]] = []
    if "startup" in groups:
        startup_rows(args)
    if "bench" in groups:
        rows += [("bench", path.stem, path.read_text(encoding="latin-1"))
                 for path in sorted(POPEYE_BENCH.glob("*.inp"))]
    if "self" in groups:
        rows += [("self", case, corpus_text(case)) for case in SELF_CASES]
    if "chest" in groups:
        rows += [("chest", label, text) for label, text in chest_rows(args)]
    if "intell" in groups:
        rows += [("intell", case, corpus_text(case)) for case in INTELL_CASES]
    if "hpint" in groups:
        rows += [("hpint", case, corpus_text(case)) for case in hpint_cases(args.hpint)]
    for group, label, text in rows:
        compare_row(group, label, text, args)
    if "jobs" in groups:
        jobs_rows(args)


if __name__ == "__main__":
    main()
