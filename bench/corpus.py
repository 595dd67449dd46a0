"""feerie over Popeye's example collections: `python bench/corpus.py [options]`.

Reads every problem of ../shared/reference/popeye/corpus (BEISPIEL/ and
EXAMPLES/: Popeye's own example files with its golden outputs) with feerie's
Popeye reader and sorts it into one outcome:

  unsupported    feerie refuses it: the first blocking element is counted
  read error     feerie's reader rejects the input (a reader bug, or bad input)
  equal          solved, and the solution equals Popeye's up to sibling order
  different      solved, and the solution differs from Popeye's (a bug, on one side)
  timeout        not solved within --max-time seconds
  no reference   solved, but Popeye gave nothing to compare with (no output,
                 partial output, a refusal, or output its parser cannot map)
  crash          an exception in feerie (a bug)

It prints the counts per outcome, Popeye's own states, the blocking elements
(top 40: as first blocker, and as the only one) and each problem that
differs, crashed or cannot be read; `--json FILE` keeps every problem's
record.  `--record` rewrites the lists that tests/test_corpus.py checks:
tests/data/corpus_classes.txt (every problem's classification) and
tests/data/corpus_fast.txt (the solved problems under --fast seconds, with
their times); `--classes-only` rewrites the first without solving anything,
`--from-json FILE` takes the records of an earlier run instead of solving.

Problems run in parallel (--jobs, default 2), each under feerie's own time
limit and, as a backstop, an alarm at twice that plus 10 s.
"""

from __future__ import annotations

import argparse
import collections
import json
import multiprocessing
import signal
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import corpus_cases as cc  # noqa: E402

DATA = ROOT / "tests" / "data"
CLASSES_FILE = DATA / "corpus_classes.txt"
FAST_FILE = DATA / "corpus_fast.txt"
OUTCOMES = ("equal", "different", "timeout", "no reference", "crash", "unsupported", "read error")


class HardTimeout(Exception):
    """The alarm went off: the solver did not honour its own time limit."""


def _alarm(signum, frame):
    raise HardTimeout()


def run_case(args: tuple[str, float]) -> dict:
    """One problem's record: its classification, Popeye's state and, when
    feerie supports it, the outcome of solving it."""
    case, max_time = args
    from solver.base.errors import InputError
    from solver.run.solve import Unsupported, solve_problem

    item, expected = cc.load(case)
    cls = cc.classify(item)
    record = {"case": case, "class": cls.kind, "detail": cls.detail, "reasons": list(cls.reasons),
              "popeye": cc.popeye_state(expected)}
    if expected is not None and expected.unparsed:
        record["popeye_unparsed"] = expected.unparsed
    if cls.kind != "supported":
        record["outcome"] = cls.kind
        return record
    record["stipulation"] = item.stipulation.text
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(int(2 * max_time + 10))
    start = time.perf_counter()
    try:
        result = solve_problem(item, max_time=max_time)
    except HardTimeout:
        record.update(outcome="timeout", detail="the time limit was not honoured (alarm)")
        return record
    except Unsupported as err:
        record.update(outcome="unsupported", detail=cc.blocker(str(err)), reasons=[str(err)])
        return record
    except InputError as err:
        record.update(outcome="read error", detail=f"at solve: {err.message}")
        return record
    except Exception:  # noqa: BLE001 - a crash is an outcome to report, not to stop the run for
        record.update(outcome="crash", detail=traceback.format_exc(limit=-3))
        return record
    finally:
        signal.alarm(0)
        record["seconds"] = round(time.perf_counter() - start, 3)
    record["nodes"] = result.info.nodes
    if result.info.timed_out or result.info.out_of_memory:
        record["outcome"] = "timeout"
    elif record["popeye"] != "ok":
        record["outcome"] = "no reference"
    elif cc.same_solution(result.twins, expected):
        record["outcome"] = "equal"
    else:
        record.update(outcome="different", differences=cc.differences(result.twins, expected))
    return record


def run_all(cases: list[str], jobs: int, max_time: float, progress: bool) -> list[dict]:
    """Every case's record, in the cases' order."""
    tasks = [(case, max_time) for case in cases]
    records: dict[str, dict] = {}
    with multiprocessing.Pool(jobs) as pool:
        for n, record in enumerate(pool.imap_unordered(run_case, tasks, chunksize=4), 1):
            records[record["case"]] = record
            if progress and (n % 100 == 0 or n == len(tasks)):
                print(f"  {n}/{len(tasks)}", file=sys.stderr, flush=True)
    return [records[case] for case in cases]


def summary(records: list[dict], max_time: float) -> str:
    """The tables: outcomes, Popeye's states, blockers, and the problems to look at."""
    lines = [f"{len(records)} problems in {len({r['case'].rsplit('#', 1)[0] for r in records})} files"
             f" (time limit {max_time:g} s per problem)", "", "outcome          problems"]
    outcomes = collections.Counter(r["outcome"] for r in records)
    lines += [f"  {name:<14} {outcomes.get(name, 0):>5}" for name in OUTCOMES]
    supported = sum(outcomes[o] for o in ("equal", "different", "timeout", "no reference", "crash"))
    lines += [f"  {'(supported)':<14} {supported:>5}", "", "Popeye's output   problems"]
    states = collections.Counter(r["popeye"] for r in records)
    lines += [f"  {name:<14} {count:>5}" for name, count in states.most_common()]
    first = collections.Counter(r["detail"] for r in records if r["outcome"] == "unsupported")
    only = collections.Counter(cc.blocker(r["reasons"][0]) for r in records
                               if r["outcome"] == "unsupported" and len(r["reasons"]) == 1)
    lines += ["", f"blocking element (of {sum(first.values())} unsupported)      first  only one",]
    lines += [f"  {name[:44]:<44} {count:>5}  {only.get(name, 0):>5}" for name, count in first.most_common(40)]
    for outcome in ("different", "crash", "read error", "timeout"):
        chosen = [r for r in records if r["outcome"] == outcome]
        if chosen:
            lines += ["", f"{outcome}:"]
            for r in chosen:
                detail = r.get("detail") or ""
                lines.append(f"  {r['case']}  {r.get('stipulation', '')}  {detail.splitlines()[-1] if detail else ''}"
                             .rstrip())
                lines += [f"      {d}" for d in r.get("differences", [])[:6]]
    return "\n".join(lines)


def write_classes(records: list[dict]) -> None:
    """tests/data/corpus_classes.txt: every problem's static classification."""
    lines = [cc.Classification(r["class"], r["detail"] if r["class"] != "supported" else "").line(r["case"])
             for r in records]
    CLASSES_FILE.write_text(_header("classification of every corpus problem (case, class, blocker)")
                            + "\n".join(lines) + "\n")


def write_fast(records: list[dict], fast: float) -> None:
    """tests/data/corpus_fast.txt: the solved problems that took under `fast` seconds."""
    chosen = [r for r in records if r["outcome"] in ("equal", "different") and r["seconds"] < fast]
    FAST_FILE.write_text(_header(f"corpus problems solved in under {fast:g} s (case, seconds measured)")
                         + "".join(f"{r['case']}\t{r['seconds']:.3f}\n" for r in chosen))


def _header(what: str) -> str:
    return f"# {what}\n# made by: python bench/corpus.py --record (see tests/test_corpus.py)\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--max-time", type=float, default=5.0, help="seconds per problem (default 5)")
    parser.add_argument("--fast", type=float, default=2.0,
                        help="problems solved under this many seconds go to the fast list (default 2)")
    parser.add_argument("--json", type=Path, help="write every problem's record to this file")
    parser.add_argument("--record", action="store_true", help="rewrite tests/data/corpus_{classes,fast}.txt")
    parser.add_argument("--classes-only", action="store_true",
                        help="only classify (no solving) and rewrite tests/data/corpus_classes.txt")
    parser.add_argument("--only", help="only the cases whose name contains this text")
    parser.add_argument("--cases", type=Path, help="only the cases listed in this file (one per line)")
    parser.add_argument("--from-json", type=Path, help="take the records of an earlier --json run (no solving)")
    args = parser.parse_args(argv)
    if not cc.CORPUS.exists():
        print(f"corpus not found: {cc.CORPUS}", file=sys.stderr)
        return 2
    cases = [c for c in cc.cases() if args.only is None or args.only in c]
    if args.cases:
        chosen = set(args.cases.read_text().split())
        cases = [c for c in cases if c in chosen]
    if (args.record or args.classes_only) and (args.only or args.cases):
        print("--record and --classes-only rewrite the whole corpus's files: "
              "give neither --only nor --cases", file=sys.stderr)
        return 2
    if args.classes_only:
        records = [dict(case=c, **_static(c)) for c in cases]
        write_classes(records)
        print(f"{CLASSES_FILE}: {len(records)} problems")
        return 0
    started = time.time()
    if args.from_json:
        records = json.loads(args.from_json.read_text())
    else:
        records = run_all(cases, args.jobs, args.max_time, progress=True)
    print(summary(records, args.max_time))
    if not args.from_json:
        print(f"\nwall time {time.time() - started:.0f} s with {args.jobs} jobs")
    if args.json:
        args.json.write_text(json.dumps(records, indent=1) + "\n")
    if args.record:
        write_classes(records)
        write_fast(records, args.fast)
        print(f"wrote {CLASSES_FILE} and {FAST_FILE}")
    return 0


def _static(case: str) -> dict:
    item, _ = cc.load(case)
    cls = cc.classify(item)
    return {"class": cls.kind, "detail": cls.detail}


if __name__ == "__main__":
    sys.exit(main())
