"""Start-up cost: `python bench/startup.py [--runs N]`.

Runs each command N times (default 15), round robin so that a change in
the machine's load touches every command alike, and prints the median CPU
time of the child process (user + system, from `resource.getrusage` of the
children: the machine is shared, so wall time says less) beside that of
`python -c pass` measured in the same run.  The commands are feerie's own
(`python cli.py ...` in this checkout, so that nothing but this checkout is
measured): `--version`, the solve and the check of a one-line `#1`
statement, and the solve of a four-line Popeye file with `stip #1`.

`--compare DIR` runs the same commands in a second checkout DIR too (its
own cli.py, from its folder, so its code runs), alternating with this one
in the same round robin, and prints both columns and their difference:
two versions measured under the same load.

Python caches the modules' byte code and feerie its Lark parsers
(`grammar.lark_util`); both are warm in the runs measured (one warm-up run
of each command first, with PYTHONDONTWRITEBYTECODE unset so that the
byte code is written, as `pip install` does).  `--cold` also measures
the solve with an empty parser cache (a fresh FEERIE_CACHE_DIR each run).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STATEMENT = "1k6/8/1K6/8/8/8/8/7R w - - #1"
POPEYE = "BeginProblem\npieces white Kb6 Rh1 black Kb8\nstipulation #1\nEndProblem\n"


def cpu_run(argv: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    """The child's user + system CPU seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, cwd=cwd, env=env, check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime


def commands(popeye_file: Path, root: Path = ROOT) -> dict[str, list[str]]:
    feerie = [sys.executable, str(root / "cli.py")]
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "feerie --version": [*feerie, "--version"],
        "feerie solve --statement '#1'": [*feerie, "solve", "--statement", STATEMENT],
        "feerie check --statement '#1'": [*feerie, "check", "--statement", STATEMENT],
        "feerie solve FILE (stip #1)": [*feerie, "solve", str(popeye_file)],
    }


def compare(args, env: dict[str, str], popeye_file: Path) -> None:
    """Both checkouts' commands, alternating in one round robin (see the module's docstring)."""
    other = Path(args.compare).resolve()
    if not (other / "cli.py").is_file():
        raise SystemExit(f"--compare: no cli.py in {other}")
    sides = {"this": (ROOT, commands(popeye_file, ROOT)), "other": (other, commands(popeye_file, other))}
    for root, runs in sides.values():
        for argv in runs.values():
            cpu_run(argv, env, root)  # warm-up
    times = {side: {name: [] for name in runs} for side, (root, runs) in sides.items()}
    for i in range(args.runs):
        order = list(sides) if i % 2 == 0 else list(reversed(sides))
        for name in sides["this"][1]:
            for side in order:
                root, runs = sides[side]
                times[side][name].append(cpu_run(runs[name], env, root))
    print(f"this: {ROOT}\nother: {other}")
    print(f"{'command':<36} {'other s':>8} {'this s':>8} {'this-other':>11}")
    for name in sides["this"][1]:
        a = statistics.median(times["other"][name])
        b = statistics.median(times["this"][name])
        print(f"{name:<36} {a:>8.3f} {b:>8.3f} {b - a:>+11.3f}")
    print(f"(median CPU seconds of {args.runs} runs each, both checkouts alternating; "
          "CPU = child user + system time)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--cold", action="store_true",
                        help="also measure the solve of the file with an empty Lark parser cache")
    parser.add_argument("--compare", metavar="DIR",
                        help="also run the commands of the checkout DIR, alternating with this one")
    args = parser.parse_args()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    with tempfile.TemporaryDirectory() as tmp:
        popeye_file = Path(tmp) / "mate1.inp"
        popeye_file.write_text(POPEYE, encoding="utf-8")
        if args.compare:
            compare(args, env, popeye_file)
            return
        runs = commands(popeye_file)
        cold_env = None
        if args.cold:
            runs["solve FILE, empty parser cache"] = runs["feerie solve FILE (stip #1)"]
        for argv in runs.values():
            cpu_run(argv, env)  # warm-up: byte code and parser cache written
        times: dict[str, list[float]] = {name: [] for name in runs}
        for i in range(args.runs):
            for name, argv in runs.items():
                if name.startswith("solve FILE, empty"):
                    cold_env = dict(env, FEERIE_CACHE_DIR=str(Path(tmp) / f"cache{i}"))
                times[name].append(cpu_run(argv, cold_env if name.startswith("solve FILE, empty")
                                           else env))
    base = statistics.median(times["python -c pass"])
    print(f"{'command':<36} {'median CPU s':>12} {'min':>6} {'- python':>9}")
    for name, values in times.items():
        median = statistics.median(values)
        print(f"{name:<36} {median:>12.3f} {min(values):>6.3f} {median - base:>9.3f}")
    print(f"({args.runs} runs each, round robin; CPU = child user + system time)")


if __name__ == "__main__":
    main()
