"""Generate the data of tests/test_popeye_generated.py: small random positions
in each play form, solved by Popeye.

Not a test: run it by hand where a Popeye binary is at hand, to renew the
files under tests/data/popeye_generated/ (one Popeye input file per form,
`FORM.inp`, and Popeye's output for it, `FORM.out`):

    python tests/generate_popeye_data.py /path/to/popeye/py [--seed N]

The positions are drawn with a seeded generator, so a run with the same seed
and Popeye writes the same inputs.  Only legal diagrams are kept (one king
each, kings apart, the side not to move not in check, no pawn on the first
or last rank), and most of those kept have at least one solution line, so
that the comparison says something; a few without any are kept as well.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "tests" / "data" / "popeye_generated"
sys.path.insert(0, str(ROOT))

# form name: (stipulation, options, how many problems, pieces besides the kings (min, max))
FORMS = {
    "h1": ("h#1", "SetPlay", 16, (2, 5)),
    "h2": ("h#2", "SetPlay", 16, (2, 4)),
    "h3": ("h#3", "", 8, (1, 3)),
    "h1_5": ("h#1.5", "SetPlay", 12, (2, 4)),
    "h2_5": ("h#2.5", "", 8, (1, 3)),
    "hstale2": ("h=2", "SetPlay", 10, (2, 4)),
    "hs2": ("hs#2", "SetPlay", 10, (3, 6)),
    "serh2": ("ser-h#2", "SetPlay", 12, (2, 4)),
    "serh3": ("ser-h#3", "SetPlay", 10, (1, 3)),
    "serhstale3": ("ser-h=3", "SetPlay", 10, (1, 3)),
    "sers2": ("ser-s#2", "SetPlay", 12, (3, 6)),
    "sers3": ("ser-s#3", "SetPlay", 8, (3, 6)),
    "s1": ("s#1", "Try Variation SetPlay", 14, (2, 5)),
    "s2": ("s#2", "Variation SetPlay", 14, (3, 6)),
    "s3": ("s#3", "Variation", 6, (3, 5)),
    "d2set": ("#2", "SetPlay Variation", 12, (2, 5)),
    "d2postkey": ("#2", "PostKeyPlay Variation", 10, (2, 5)),
    "d2try": ("#2", "Try Variation", 12, (2, 5)),
}

KINDS = "QRBSP"
# Each form draws this many diagrams at most while looking for positions with play.
ATTEMPTS = 800
# Outputs longer than this many lines are not kept (the data stays small).
MAX_LINES = 120
# Self play needs the defender's material to mate with: more black pieces there.
BLACK_SHARE = {"hs2": 0.6, "sers2": 0.6, "sers3": 0.6, "s1": 0.5, "s2": 0.6, "s3": 0.6}
EDGE = [f + r for f in "abcdefgh" for r in "18"] + [f + r for f in "ah" for r in "234567"]


def random_position(rng: random.Random, count: int,
                    black_share: float = 0.5) -> list[tuple[str, str, str]] | None:
    """(colour, kind, square) of two kings and `count` other pieces (None:
    drawn again)."""
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    rng.shuffle(squares)
    # kings on the edge more often than not: more play in few moves
    kings = [rng.choice(EDGE) if rng.random() < 0.7 else squares[-1] for _ in range(2)]
    if kings[0] == kings[1]:
        return None
    for k in kings:
        squares.remove(k)
    rng.shuffle(kings)
    pieces = [("White", "K", kings[0]), ("Black", "K", kings[1])]
    for _ in range(count):
        colour = "Black" if rng.random() < black_share else "White"
        kind = rng.choice(KINDS)
        square = squares.pop()
        if kind == "P" and square[1] in "18":
            continue
        pieces.append((colour, kind, square))
    return pieces


def problem_text(pieces, stipulation: str, options: str) -> str:
    by_colour = {"White": [], "Black": []}
    for colour, kind, square in pieces:
        by_colour[colour].append(kind + square)
    return (f"Pieces White {' '.join(by_colour['White'])} Black {' '.join(by_colour['Black'])}\n"
            f"Stipulation {stipulation}\nOption NoBoard {options}\n")


def legal(text: str) -> bool:
    """feerie's legality tests (the checker's), on the problem as Popeye reads it."""
    import grammar
    from solver.legality import illegal_reasons

    [item] = grammar.load_strict("BeginProblem\n" + text + "EndProblem\n", "generated.inp")
    return not illegal_reasons(item)


def popeye(binary: str, text: str) -> str:
    return subprocess.run([binary, "-maxtime", "20"], input=text, capture_output=True, text=True,
                          timeout=600).stdout


def has_play(output: str) -> bool:
    return any(line.strip().startswith("1.") or line.strip().startswith("1...")
               for line in output.splitlines())


def generate(binary: str, seed: int, forms: list[str] | None = None) -> None:
    OUT_DIR.mkdir(parents=True, exist_ok=True)
    for name, (stipulation, options, wanted, (low, high)) in FORMS.items():
        if forms and name not in forms:
            continue
        rng = random.Random(f"{seed}-{name}")
        kept: list[str] = []
        empty = 0
        for _ in range(ATTEMPTS):
            if len(kept) >= wanted:
                break
            pieces = random_position(rng, rng.randint(low, high), BLACK_SHARE.get(name, 0.5))
            if pieces is None:
                continue
            text = problem_text(pieces, stipulation, options)
            if not legal(text):
                continue
            out = popeye(binary, "BeginProblem\n" + text + "EndProblem\n")
            if "solution finished" not in out or out.count("\n") > MAX_LINES:
                continue  # Popeye's time limit, an input it refused, or too much text
            if not has_play(out):
                if empty >= max(1, wanted // 8):
                    continue
                empty += 1
            kept.append(text)
        source = "BeginProblem\n" + "NextProblem\n".join(kept) + "EndProblem\n"
        (OUT_DIR / f"{name}.inp").write_text(source)
        (OUT_DIR / f"{name}.out").write_text(popeye(binary, source))
        print(f"{name}: {len(kept)} problems", file=sys.stderr)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("popeye", help="the Popeye binary (py)")
    parser.add_argument("--seed", type=int, default=14)
    parser.add_argument("forms", nargs="*", help="only these forms (default: all)")
    args = parser.parse_args()
    generate(args.popeye, args.seed, args.forms)


if __name__ == "__main__":
    main()
