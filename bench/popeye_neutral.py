"""Make the Popeye reference data of tests/test_neutral.py (not run in CI).

Neutral pieces belong to both sides; what exactly Popeye does with them
(who moves them, who takes them, a neutral pawn's direction, double step,
e.p. and promotion, checks by them, neutral kings) is learnt from Popeye's
own move lists, which this script records under tests/data/neutral/:

- moves.txt: positions with neutral pieces (orthodox and fairy, neutral
  pawns on their double-step and promotion ranks, sometimes a neutral king
  as the only king), each twice: `stip ~1` (every legal move of White, with
  check marks) and `stip h~1` (every legal Black move, each with every legal
  White answer: Black's moves, the e.p. captures of a neutral pawn's double
  step and White's checks of a neutral king all show there).  Hand-made
  positions come first (HAND), random ones after.
- FORM.inp / FORM.out: small random problems (#2, h#2, h#3, s#2) with
  neutral pieces that Popeye solves within a few seconds, most with a
  solution.

Positions Popeye refuses (a king capturable, two kings beside a neutral
king) are dropped.  The random positions are drawn with a seeded generator.

    python bench/popeye_neutral.py --popeye /tmp/popeye/py
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "neutral"
FILES = "abcdefgh"

# Neutral pieces drawn: orthodox, and fairy pieces of several families
# (rider, leaper, hoppers with their hurdles, lion, Chinese, locust, Berolina
# pawn, reverse pawn).
NEUTRAL_KINDS = ("Q", "R", "B", "S", "P", "P", "P", "G", "N", "CA", "LI", "PA", "LE", "RH",
                 "EQ", "L", "BP", "Z", "AM", "KA")
PURE_KINDS = ("Q", "R", "B", "S", "P", "P", "G", "N")
PAWNS = {"P", "BP"}

# Hand-made positions: (name, pieces line).
HAND = (
    ("capture and guard", "white ke1 rh1 black ke8 neutral sd4 pe2 rb5 pc7"),
    ("promotion both ways", "white ka1 black kh8 neutral pb7 pg2 sh1"),
    ("double steps", "white ka1 black kh1 neutral pe2 pe7"),
    ("pawns on the edge ranks", "white ka1 black kh1 neutral pe1 pe8"),
    ("e.p. by white and neutral", "white ka1 pd5 black kh8 neutral pe7 pf5 pc6"),
    ("e.p. of a white pawn", "white ka1 pd2 black kh8 pe4 neutral pc4 pc7"),
    ("neutral king alone", "white qc1 black rh2 neutral ke4"),
    ("neutral king and neutral rook", "white qc1 black rh2 neutral ke4 ra8"),
    ("castling watched", "white ke1 rh1 ra1 pa2 ph2 black ke8 neutral pf3 sb3"),
    ("castling free", "white ke1 rh1 ra1 black ke8 rh8 ra8 neutral sd5 pe3"),
    ("grasshopper hurdles", "white kh1 black ka8 neutral gd4 pd6 sd2 gh4"),
    ("neutral checks", "white ke1 black ke8 neutral rb4 bh6 sc5"),
    ("neutral pins", "white ke1 re4 black ke8 be6 neutral qe5 rh4"),
    ("lion and locust", "white kh1 black ka8 neutral lid4 lf4 pf6 sb2"),
    ("neutral king mates", "white rc8 black be8 neutral kg8"),
    ("neutral pawn promotes to fairy", "white ka1 black kh3 neutral pb7 gd5 cae6"),
)


def sq(f: int, r: int) -> str:
    return FILES[f] + str(r + 1)


def random_pieces(rng: random.Random, neutrals=(2, 5), pures=(1, 4)) -> str:
    """A `pieces` line: both kings (or one neutral king), `neutrals` neutral
    pieces and `pures` others (ranges)."""
    free = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(free)
    used: set[tuple[int, int]] = set()

    def take(pawn: bool = False, far_from=None) -> str:
        for f, r in free:
            if (f, r) in used or (pawn and r in (0, 7)):
                continue
            if far_from and max(abs(f - far_from[0]), abs(r - far_from[1])) < 2:
                continue
            used.add((f, r))
            return sq(f, r)
        raise RuntimeError("board full")

    white, black, neutral = [], [], []
    if rng.random() < 0.2:
        neutral.append("k" + take())
    else:
        wk = take()
        white.append("k" + wk)
        black.append("k" + take(far_from=(FILES.index(wk[0]), int(wk[1]) - 1)))
    for _ in range(rng.randint(*neutrals)):
        kind = rng.choice(NEUTRAL_KINDS)
        neutral.append(kind.lower() + take(kind in PAWNS))
    for _ in range(rng.randint(*pures)):
        kind = rng.choice(PURE_KINDS)
        (white if rng.random() < 0.5 else black).append(kind.lower() + take(kind in PAWNS))
    parts = []
    for name, side in (("white", white), ("black", black), ("neutral", neutral)):
        if side:
            parts.append(name + " " + " ".join(side))
    return " ".join(parts)


def selfmate_pieces(rng: random.Random) -> str:
    """A selfmate set-up (random ones rarely have a solution): White's king
    in a corner with a neutral piece or two beside it (Black may mate with
    them), Black's king two or three squares away, White's force around."""
    corner = rng.choice(("a1", "h1", "a8", "h8"))
    cf, cr = FILES.index(corner[0]), int(corner[1]) - 1
    near = [(f, r) for f in range(8) for r in range(8)
            if 1 <= max(abs(f - cf), abs(r - cr)) <= 2]
    far = [(f, r) for f in range(8) for r in range(8) if max(abs(f - cf), abs(r - cr)) == 3]
    used = {(cf, cr)}
    bk = rng.choice(far)
    used.add(bk)
    neutral = []
    for _ in range(rng.randint(1, 2)):
        f, r = rng.choice([x for x in near if x not in used and 0 < x[1] < 7])
        used.add((f, r))
        neutral.append(rng.choice(("P", "R", "B", "S", "Q", "G")).lower() + sq(f, r))
    white = ["k" + corner]
    for _ in range(rng.randint(3, 5)):
        f, r = rng.choice([(f, r) for f in range(8) for r in range(1, 7) if (f, r) not in used])
        used.add((f, r))
        white.append(rng.choice(("Q", "R", "B", "S", "P")).lower() + sq(f, r))
    pieces = f"white {' '.join(white)} black k{sq(*bk)} neutral {' '.join(neutral)}"
    return pieces if black_king_safe(pieces) else selfmate_pieces(rng)


def black_king_safe(pieces: str) -> bool:
    """Is Black's king unobserved with White to move (else Popeye refuses the
    diagram)?  Asked of feerie's neutral check test, only to skip hopeless
    set-ups quickly: Popeye is the judge."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_neutral import read_position  # noqa: E402
    from solver.pieces import neutral  # noqa: E402

    return not neutral.in_check(read_position("pieces " + pieces), -1)


def run_popeye(popeye: str, text: str, seconds: int = 20) -> str | None:
    """Popeye's output, or None when it refused the position or ran out of time."""
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as fh:
        fh.write(text)
        name = fh.name
    try:
        done = subprocess.run([popeye, "-maxtime", str(seconds), name], capture_output=True,
                              text=True, timeout=seconds + 30)
    except subprocess.TimeoutExpired:
        return None
    finally:
        Path(name).unlink()
    out = done.stdout + done.stderr
    if ("capture the king" in out or "only one king" in out or "input-error" in out
            or "solution finished" not in out or "interrupted" in out):
        return None
    return out


def moves_part(output: str) -> str:
    """Popeye's move lines (`option noboard`: no diagram; its banner and
    the closing time line dropped)."""
    return "\n".join(line for line in output.splitlines()[1:] if line.strip() and
                     not line.startswith("solution finished")) + "\n"


MAX_LINES = 400


def move_records(popeye: str, seed: int, count: int) -> str:
    """moves.txt: each position as a `~1` and an `h~1` record."""
    rng = random.Random(f"{seed}-neutral-moves")
    out = []
    kept = 0
    drawn = 0
    positions = iter(HAND)
    while kept < count:
        name, pieces = next(positions, (None, None))
        if name is None:
            drawn += 1
            name, pieces = f"random {drawn}", random_pieces(rng)
        records = []
        for stip in ("~1", "h~1"):
            text = f"begin\npieces {pieces}\nstip {stip}\noption noboard\nend\n"
            result = run_popeye(popeye, text)
            if result is None:
                break
            records.append(f"=== {name} {stip}\n{text}---\n{moves_part(result)}")
        if len(records) == 2 and name.startswith("random") and records[1].count("\n") > MAX_LINES:
            records = []    # keep the data small: a random position with fewer lines
        if len(records) == 2:
            out += records
            kept += name.startswith("random")
        else:
            print(f"dropped: {name}: {pieces}")
    return "".join(out)


# neutral and pure pieces besides the kings: a selfmate needs a strong White
PIECES = {"h3": ((1, 2), (0, 1))}
MAX_SOLUTIONS = 12   # first moves (keys, tries, help lines) a kept problem has at most
FORMS = {"d2": ("#2", "Variation", 10), "h2": ("h#2", "", 12), "h3": ("h#3", "", 6),
         "s2": ("s#2", "Try Variation", 6)}


def problems(popeye: str, seed: int, form: str) -> tuple[str, str]:
    """(input, output) of FORM: problems with a few solutions (one without)."""
    stipulation, options, wanted = FORMS[form]
    rng = random.Random(f"{seed}-neutral-{form}")
    inputs, outputs = [], []
    empty = 0
    tries = 0
    while len(inputs) < wanted and tries < 600:
        tries += 1
        pieces = (selfmate_pieces(rng) if form == "s2" else
                  random_pieces(rng, *PIECES.get(form, ((1, 3), (1, 4)))))
        opts = f"option {options}\n" if options else ""
        text = f"begin\npieces {pieces}\nstip {stipulation}\n{opts}end\n"
        result = run_popeye(popeye, text, 3)
        if result is None:
            continue
        lines = [line for line in result.splitlines() if line.strip().startswith("1.")]
        if len(lines) > MAX_SOLUTIONS:
            continue    # random help play with neutral pieces: thousands of solutions
        solved = bool(lines)
        if not solved:
            if empty >= 1:
                continue
            empty += 1
        inputs.append(f"pieces {pieces}\nstip {stipulation}\n{opts}")
        print(form, len(inputs), pieces)
    text = "begin\n" + "next\n".join(inputs) + "end\n"
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as fh:
        fh.write(text)
        name = fh.name
    try:
        done = subprocess.run([popeye, "-maxtime", "60", name], capture_output=True, text=True)
    finally:
        Path(name).unlink()
    return text, done.stdout


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--popeye", required=True)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--count", type=int, default=45, help="random move-list positions")
    parser.add_argument("--what", choices=("moves", "problems", "all"), default="all")
    parser.add_argument("--forms", nargs="*", default=list(FORMS), help="problem forms to make")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    if args.what in ("moves", "all"):
        (OUT / "moves.txt").write_text(move_records(args.popeye, args.seed, args.count))
    if args.what in ("problems", "all"):
        for form in args.forms:
            inp, out = problems(args.popeye, args.seed, form)
            (OUT / f"{form}.inp").write_text(inp)
            (OUT / f"{form}.out").write_text(out)


if __name__ == "__main__":
    main()
