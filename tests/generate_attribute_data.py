"""Generate the random part of tests/data/attributes/: positions with royal,
kamikaze and chameleon pieces, solved by Popeye.

Not a test: run it by hand where a Popeye binary is at hand, to renew the
files `FORM.inp` / `FORM.out` of RANDOM_FORMS (tests/test_attributes_popeye.py
compares feerie with them; `moves.inp`, the hand-made `~1` positions, is
not made here):

    python tests/generate_attribute_data.py /path/to/popeye/py [--seed N]

Each position has orthodox pieces only; a few of them get an attribute
(Kamikaze, Chameleon; and, for a side that has no king then, Royal on one
piece that is neither king nor pawn, as Popeye allows one royal piece a
side).  Popeye judges legality: a position it refuses ("the side to play
can capture the king", "problem ignored") is dropped, as is one it does not
solve within SECONDS.  Most kept problems have a solution; a few without
are kept as well.  The generator is seeded, so a run with the same seed and
Popeye writes the same inputs.
"""

from __future__ import annotations

import argparse
import random
import re
import subprocess
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent / "data" / "attributes"
SECONDS = 3
MAX_LINES = 40  # solutions (first moves) at most: keeps the files small

# form: (stipulation, options, problems, officers+pawns per side (min, max))
RANDOM_FORMS = {
    "random_moves": ("~1", "", 14, (2, 5)),
    "d1": ("#1", "", 14, (2, 5)),
    "d2": ("#2", "Variation", 10, (2, 4)),
    "h2": ("h#2", "", 12, (2, 4)),
}
OFFICERS = "QRRBBSS"
SQUARES = [f + r for f in "abcdefgh" for r in "12345678"]


def random_side(rng: random.Random, count: int, squares: list[str]) -> list[tuple[str, str, tuple]]:
    """(kind, square, attributes) of one side: a king or a royal piece, and
    `count` more."""
    out = []
    royal = rng.random() < 0.35
    if not royal:
        out.append(("K", squares.pop(), ("Kamikaze",) if rng.random() < 0.1 else ()))
    for i in range(count + (1 if royal else 0)):
        sq = squares.pop()
        pawn = rng.random() < 0.3 and sq[1] not in "18"
        kind = "P" if pawn else rng.choice(OFFICERS)
        attributes = []
        if royal and i == 0:
            kind = rng.choice(OFFICERS)
            attributes.append("Royal")
        if rng.random() < 0.3:
            attributes.append("Kamikaze")
        if rng.random() < 0.3:
            attributes.append("Chameleon")
        out.append((kind, sq, tuple(attributes)))
    return out


def pieces_text(white, black) -> str:
    words = []
    for colour, pieces in (("White", white), ("Black", black)):
        groups: dict[tuple, list[str]] = {}
        for kind, sq, attributes in pieces:
            groups.setdefault(attributes, []).append(kind + sq)
        for attributes, names in groups.items():
            if "Royal" in attributes:   # Popeye: Royal names the next piece only
                for name in names:
                    words.append(" ".join((colour, *attributes, name)))
            else:
                words.append(" ".join((colour, *attributes, *names)))
    return " ".join(words)


def problem_text(rng: random.Random, stipulation: str, options: str, counts) -> str:
    squares = SQUARES[:]
    rng.shuffle(squares)
    white = random_side(rng, rng.randint(*counts), squares)
    black = random_side(rng, rng.randint(*counts), squares)
    opts = " ".join(("NoBoard", options)).strip()
    return f"Pieces {pieces_text(white, black)}\nStipulation {stipulation}\nOption {opts}\n"


def popeye(binary: str, text: str) -> str | None:
    """Popeye's output for one problem, or None if refused or too slow."""
    path = OUT_DIR / "_probe.inp"
    path.write_text("BeginProblem\n" + text + "EndProblem\n")
    try:
        run = subprocess.run([binary, str(path)], capture_output=True, text=True, timeout=SECONDS)
    except subprocess.TimeoutExpired:
        return None
    finally:
        path.unlink()
    if run.stderr.strip() or "ignored" in run.stdout or "solution finished" not in run.stdout:
        return None
    return run.stdout


def generate(binary: str, seed: int) -> None:
    rng = random.Random(seed)
    for form, (stipulation, options, wanted, counts) in RANDOM_FORMS.items():
        kept: list[str] = []
        empty = 0
        while len(kept) < wanted:
            text = problem_text(rng, stipulation, options, counts)
            out = popeye(binary, text)
            if out is None:
                continue
            lines = len(re.findall(r"^ +1\.", out, re.M))
            if lines > MAX_LINES:
                continue
            if not lines:
                if empty >= 2:
                    continue
                empty += 1
            kept.append(text)
        inp = OUT_DIR / f"{form}.inp"
        inp.write_text("BeginProblem\n" + "NextProblem\n".join(kept) + "EndProblem\n")
        run = subprocess.run([binary, str(inp)], capture_output=True, text=True, check=True)
        (OUT_DIR / f"{form}.out").write_text(run.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("popeye")
    parser.add_argument("--seed", type=int, default=15)
    args = parser.parse_args()
    generate(args.popeye, args.seed)


if __name__ == "__main__":
    main()
