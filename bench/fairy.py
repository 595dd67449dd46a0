"""Benchmark: fairy pieces.  The generic path's perft speed, and solving
times of fairy problems against a Popeye you built yourself, in one run.

1. perft nodes per second (CPU time): the fast orthodox generator and the
   generic one (`FEERIE_GENERIC=1`'s path) on the same orthodox positions,
   then the generic one on fairy positions (Popeye has no perft).
2. The given Popeye input files (by default tests/data/popeye_fairy/, the
   random fairy problems the tests compare with Popeye) solved by feerie and, with `--popeye PATH`, by Popeye:
   CPU seconds of each (Popeye's from the child-process accounting).

    python bench/fairy.py [--popeye PATH] [--max-time 60] [FILE.inp ...]
"""

from __future__ import annotations

import argparse
import pathlib
import resource
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import grammar  # noqa: E402
from solver.engine.board import KING, parse_square  # noqa: E402
from solver.engine.capabilities import ALL_PROPERTIES  # noqa: E402
from solver.engine.perft import perft  # noqa: E402
from solver.pieces.catalogue import kind_of  # noqa: E402
from solver.engine.position import Position  # noqa: E402
from solver.conditions.rules import Rules  # noqa: E402
from solver.run.solve import solve_problem  # noqa: E402
from solver.conditions.variant import orthodox_variant, variant_of_kinds  # noqa: E402

ORTHODOX = [
    ("Kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 2),
    ("Position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
]
# Fairy positions: white and black pieces by English name, square, and a depth.
FAIRY = [
    ("hoppers", {"e1": "king", "a1": "grasshopper", "c3": "kangaroo", "h1": "rook hopper",
                 "d2": "pawn", "e2": "pawn"},
     {"e8": "king", "a8": "grasshopper", "f6": "locust", "h8": "bishop hopper", "d7": "pawn"}, 3),
    ("leapers", {"e1": "king", "b1": "camel", "g1": "zebra", "d4": "giraffe", "c2": "pawn"},
     {"e8": "king", "b8": "camel", "g8": "antelope", "d5": "nightrider", "f7": "pawn"}, 3),
    ("chinese", {"e1": "king", "a1": "pao", "h1": "vao", "d1": "leo", "b2": "pawn"},
     {"e8": "king", "a8": "pao", "h8": "vao", "d8": "leo", "g7": "pawn"}, 3),
]
DEFAULT_PROBLEMS = sorted((ROOT / "tests" / "data" / "popeye_fairy").glob("*.inp"))


def cpu(fn):
    start = time.process_time()
    out = fn()
    return out, time.process_time() - start


def fairy_position(white: dict, black: dict) -> Position:
    pos = Position()
    for squares, sign in ((white, 1), (black, -1)):
        for sq, name in squares.items():
            pos.put(parse_square(sq), sign * kind_of(name))
    return pos


def perft_bench() -> None:
    fast = Rules(orthodox_variant())
    generic = Rules(orthodox_variant().restricted(()))
    print(f"{'position':12} {'depth':>5} {'nodes':>9} {'fast n/s':>10} {'generic n/s':>11} {'ratio':>6}")
    for name, fen, depth in ORTHODOX:
        n1, t1 = cpu(lambda: perft(fast, Position.from_fen(fen), depth))
        n2, t2 = cpu(lambda: perft(generic, Position.from_fen(fen), depth))
        assert n1 == n2, (name, n1, n2)
        print(f"{name:12} {depth:>5} {n1:>9} {n1 / t1:>10,.0f} {n2 / t2:>11,.0f} {t2 / t1:>5.1f}x")
    print(f"\n{'fairy':12} {'depth':>5} {'nodes':>9} {'generic n/s':>11}")
    for name, white, black, depth in FAIRY:
        pos = fairy_position(white, black)
        kinds = {abs(pos.board[sq]) for side in (1, -1) for sq in pos.occupied[side]} | {KING}
        rules = Rules(variant_of_kinds(kinds))
        assert rules.variant.properties != ALL_PROPERTIES
        n, t = cpu(lambda: perft(rules, pos, depth))
        print(f"{name:12} {depth:>5} {n:>9} {n / t:>11,.0f}")


def popeye_cpu(binary: str, path: pathlib.Path, max_time: float) -> str:
    """CPU seconds of a Popeye run on one input file ('>T' past the limit)."""
    with tempfile.TemporaryDirectory() as tmp:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            subprocess.run([binary, str(path.resolve())], cwd=tmp, capture_output=True,
                           timeout=max_time)
        except subprocess.TimeoutExpired:
            return f">{max_time:.0f}"
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        return f"{after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime:.2f}"


def problem_bench(files: list[pathlib.Path], binary: str | None, max_time: float) -> None:
    """Whole files (every problem of each must be one feerie supports: the
    two programs then do the same work)."""
    print(f"\n{'file':28} {'problems':>8} {'feerie s':>9}"
          + (f" {'Popeye s':>9} {'ratio':>7}" if binary else ""))
    for path in files:
        problems = grammar.load_file(path)
        if any(isinstance(p, grammar.ProblemError) or not p.supported for p in problems):
            print(f"{path.name:28} skipped: not every problem is supported")
            continue

        def solve_all():
            return [solve_problem(p, max_time=max_time) for p in problems]

        results, seconds = cpu(solve_all)
        late = any(r.info.timed_out for r in results)
        shown = f">{seconds:.0f}" if late else f"{seconds:.2f}"
        line = f"{path.name:28} {len(problems):>8} {shown:>9}"
        if binary:
            theirs = popeye_cpu(binary, path, max_time * len(problems))
            try:
                ratio = f"{seconds / max(float(theirs), 0.005):.1f}x"
            except ValueError:
                ratio = "-"
            line += f" {theirs:>9} {ratio:>7}"
        print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("files", nargs="*", type=pathlib.Path)
    parser.add_argument("--popeye", metavar="PATH")
    parser.add_argument("--max-time", type=float, default=60.0)
    parser.add_argument("--skip-perft", action="store_true")
    args = parser.parse_args()
    if not args.skip_perft:
        perft_bench()
    files = args.files or DEFAULT_PROBLEMS
    problem_bench([f for f in files if f.exists()], args.popeye, args.max_time)


if __name__ == "__main__":
    main()
