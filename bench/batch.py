"""Batch throughput: `python bench/batch.py [N] [--epd FILE]`.

Checks the same collection twice, with --jobs 1 and --jobs 2 (a process
pool either way, fresh database each time), and prints problems per second
and the speed-up.  The collection is the first N (default 300) positions
of an EPD file of direct mates (default: ../shared/reference/epd/mate-in-2.epd,
read in place), each stated as '#n' from its `bm #n`; black-to-move
positions are left out (they are no '#n' problems).  The files are written
to a temporary directory and removed afterwards.
"""

from __future__ import annotations

import argparse
import os
import resource
import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from solver.batch.batch import run_batch  # noqa: E402

DEFAULT_EPD = ROOT.parent / "shared" / "reference" / "epd" / "mate-in-2.epd"


def statements(epd: Path, count: int) -> list[str]:
    out = []
    with open(epd, encoding="utf-8") as f:
        for line in f:
            fields = line.split()
            m = re.search(r"bm #(\d+)", line)
            if len(fields) < 4 or m is None or fields[1] != "w":
                continue
            out.append(" ".join(fields[:4]) + f" #{m.group(1)}")
            if len(out) == count:
                break
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=300)
    parser.add_argument("--epd", type=Path, default=DEFAULT_EPD)
    args = parser.parse_args()
    if not args.epd.exists():
        sys.exit(f"bench/batch.py: {args.epd} not found (give --epd FILE)")
    lines = statements(args.epd, args.count)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "collection"
        folder.mkdir()
        for k in range(0, len(lines), 100):
            (folder / f"part{k // 100:03d}.txt").write_text("\n".join(lines[k:k + 100]) + "\n")
        print(f"{len(lines)} problems from {args.epd.name}, {os.cpu_count()} cores, "
              f"load average {os.getloadavg()[0]:.1f}")
        print("| jobs | seconds | problems/s | speed-up | CPU s, workers | CPU s, parent |")
        print("|---|---|---|---|---|---|")
        base = None
        for jobs in (1, 2):
            db = Path(tmp) / f"jobs{jobs}.sqlite"
            started = time.perf_counter()
            own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
            summary = run_batch([folder], db, jobs=jobs)
            seconds = time.perf_counter() - started
            own2, children2 = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
            workers = children2.ru_utime + children2.ru_stime - children.ru_utime - children.ru_stime
            parent = own2.ru_utime + own2.ru_stime - own.ru_utime - own.ru_stime
            rate = summary.checked / seconds
            base = base or rate
            print(f"| {jobs} | {seconds:.1f} | {rate:.1f} | {rate / base:.2f} | {workers:.1f} | {parent:.1f} |")
            verdicts = ", ".join(f"{v} {n}" for v, n in sorted(summary.verdicts.items()))
            print(f"  ({verdicts})", file=sys.stderr)


if __name__ == "__main__":
    main()
