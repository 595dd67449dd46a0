"""Benchmark: Circe and AntiCirce problems of Popeye's examples, feerie against Popeye.

    python bench/circe.py [--popeye PATH] [--max-time S] [CASE ...]

Each case (`BEISPIEL/anticir.inp#3`, a problem of ../shared/reference/popeye/corpus)
is solved by feerie (CPU seconds of this process) and its solution compared with
Popeye's golden output; with `--popeye`, the problem, cut out of its file
into one of its own, is solved by that Popeye binary in the same run, and
Popeye's own time for it is shown (its "Time = ..." lines, -maxtime).
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
_NEXT = {"nextproblem", "weiteresproblem", "asuivre"}


def _is_next(line: str) -> bool:
    """A NextProblem line, in full or abbreviated as Popeye reads it (`weiter`)."""
    word = line.strip().lower()
    return len(word) >= 3 and any(full.startswith(word) for full in _NEXT)


def problem_file(name: str, index: int) -> str:
    """Problem `index` of a corpus file as an input file of its own: the
    file's first line (its BeginProblem word), the problem's lines (from
    where feerie's reader says it starts to where the next one does,
    without the NextProblem word) and the file's last line (EndProblem)."""
    import grammar

    lines = (cc.CORPUS / name).read_text(encoding="latin-1").splitlines()
    items, _ = cc.load_file(name)

    def start(item) -> int:
        problem = item.problem if isinstance(item, grammar.ProblemError) else item
        return problem.line - 1

    first = start(items[index - 1])
    last = start(items[index]) if index < len(items) else len(lines) - 1
    body = [line for line in lines[first:last] if not _is_next(line)]
    ends = [line for line in lines if line.strip()]
    return "\n".join([lines[0], *body, ends[-1]]) + "\n"


def popeye_time(binary: str, name: str, index: int, max_time: float) -> str:
    """Popeye's own time (its "Time = ..." lines, twins added up) for one
    problem, solved alone with -maxtime."""
    with tempfile.TemporaryDirectory() as tmp:
        path = pathlib.Path(tmp) / "one.inp"
        path.write_text(problem_file(name, index), encoding="latin-1")
        try:
            out = subprocess.run([binary, "-maxtime", str(int(max_time)), str(path)], cwd=tmp,
                                 capture_output=True, timeout=max_time * 20).stdout.decode("latin-1")
        except subprocess.TimeoutExpired:
            return f">{max_time:.0f}"
    total = 0.0
    found = _TIME.findall(out)
    for value, _ in found:
        seconds = 0.0
        for part in value.split(":"):
            seconds = seconds * 60 + float(part)
        total += seconds
    return f"{total:.2f}" if found else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--popeye", metavar="PATH")
    parser.add_argument("--max-time", type=float, default=60)
    parser.add_argument("cases", nargs="*")
    args = parser.parse_args()
    print(f"{'case':26} {'stipulation':12} {'condition':16} {'feerie s':>9} {'equal':>6}"
          + (f" {'Popeye s':>9}" if args.popeye else ""))
    for case in args.cases or DEFAULT_CASES:
        name, index = case.rsplit("#", 1)
        item, expected = cc.load(case)
        start = time.process_time()
        result = solve_problem(item, max_time=args.max_time)
        spent = time.process_time() - start
        shown = f">{args.max_time:.0f}" if result.info.timed_out else f"{spent:.2f}"
        equal = expected is not None and cc.same_solution(result.twins, expected)
        condition = " ".join(" ".join([c.name, *c.params]) for c in item.conditions) or "(in the twins)"
        line = f"{case:26} {item.stipulation.text:12} {condition:16} {shown:>9} {'yes' if equal else 'NO':>6}"
        if args.popeye:
            line += f" {popeye_time(args.popeye, name, int(index), args.max_time):>9}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
