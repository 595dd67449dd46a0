"""Make the Popeye reference data of tests/test_pieces_popeye.py (not run in CI).

For every catalogue piece, random positions with that piece on both sides,
both kings and a few other pieces (orthodox and fairy, so that fairy pieces
capture, check, pin and are pinned, and pawns about to promote see fairy
promotion pieces), written as Popeye input with `stip ~1`: Popeye then lists
every legal move of White, marking checks with `+`.  Positions Popeye
refuses (Black's king capturable) are dropped.  Inputs and Popeye's output
(the diagram cut off) go to tests/data/popeye_pieces/positions.txt.

    python bench/popeye_pieces.py --popeye /tmp/popeye/py --per-piece 5
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from solver.engine.board import FILES, KING, PAWN  # noqa: E402
from solver.pieces.catalogue import PIECES  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "popeye_pieces" / "positions.txt"
ORTHODOX_EXTRAS = ("Q", "R", "B", "S", "P", "P")


def _sq(f: int, r: int) -> str:
    return FILES[f] + str(r + 1)


def random_position(rng: random.Random, code: str) -> tuple[list[str], list[str]]:
    """White's and Black's pieces as Popeye tokens ('ga2'), the piece `code`
    on both sides (twice for White, sometimes)."""
    free = [(f, r) for f in range(8) for r in range(8)]
    rng.shuffle(free)
    white, black = [], []
    used = set()

    def take(pred=lambda f, r: True):
        for i, (f, r) in enumerate(free):
            if (f, r) not in used and pred(f, r):
                used.add((f, r))
                return f, r
        raise RuntimeError("board full")

    if rng.random() < 0.25:   # castling set-ups
        used.update({(4, 0), (0, 0), (7, 0)})
        white += ["ke1", "ra1", "rh1"]
    else:
        white.append("k" + _sq(*take()))
    wk = next(t for t in white if t[0] == "k")
    wkf, wkr = FILES.index(wk[1]), int(wk[2]) - 1
    black.append("k" + _sq(*take(lambda f, r: max(abs(f - wkf), abs(r - wkr)) > 1)))
    fairy = [p.en for p in PIECES if p.kind not in (KING,)]
    pawnlike = {p.en for p in PIECES if p.is_pawn}
    not_back = lambda f, r: 0 < r < 7   # noqa: E731 - pawns stand on ranks 2-7

    def add(side: list[str], c: str) -> None:
        f, r = take(not_back if c in pawnlike else (lambda f, r: True))
        side.append(c.lower() + _sq(f, r))

    for _ in range(rng.choice((1, 1, 2))):
        add(white, code)
    add(black, code)
    if rng.random() < 0.5:      # a white pawn about to promote
        f, r = take(lambda f, r: r == 6)
        white.append("p" + _sq(f, r))
    for _ in range(rng.randint(3, 10)):
        c = rng.choice(ORTHODOX_EXTRAS) if rng.random() < 0.6 else rng.choice(fairy)
        add(white if rng.random() < 0.5 else black, c)
    return white, black


FEATURES = ("captures", "checks", "in check by it", "pins", "pinned", "promotion", "moves")


def features(white: list[str], black: list[str], code: str) -> set[str]:
    """What a candidate position exercises for the piece `code`, by feerie's
    own generator (only to pick varied positions: Popeye is the judge)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_pieces_popeye import read_position  # noqa: E402
    from solver.pieces import generic  # noqa: E402
    from solver.pieces.families import observes  # noqa: E402
    from solver.pieces.catalogue import by_code  # noqa: E402
    pos = read_position(popeye_input(white, black).splitlines()[1])
    kind = by_code(code).kind
    board = pos.board
    out = set()
    wk = pos.kings[1]
    if any(board[a] == -kind and observes(board, a, wk, by_code(code).walks)
           for a in pos.occupied[-1]):
        out.add("in check by it")
    legal = set(generic.legal_moves(pos))
    for m in generic.pseudo_moves(pos):
        frm, to = m & 127, (m >> 7) & 127
        mine = board[frm] == kind
        if (m >> 14) & 7 == 4:
            out.add("promotion")
        if m in legal:
            if mine:
                out.add("moves")
                if board[to] or (m >> 14) & 7 == 6:
                    out.add("captures")
                pos.make(m)
                if generic.in_check(pos):
                    out.add("checks")
                pos.unmake()
            continue
        if mine:
            out.add("pinned")
        pos.make(m)
        if any(pos.board[a] == -kind and observes(pos.board, a, pos.kings[1], by_code(code).walks)
               for a in pos.occupied[-1]) and frm != wk:
            out.add("pins")
        pos.unmake()
    return out


def popeye_input(white: list[str], black: list[str]) -> str:
    return (f"begin\npieces white {' '.join(white)} black {' '.join(black)}\n"
            "stip ~1\nend\n")


def run_popeye(popeye: str, text: str) -> str:
    with tempfile.NamedTemporaryFile("w", suffix=".inp", delete=False) as fh:
        fh.write(text)
        name = fh.name
    try:
        done = subprocess.run([popeye, "-maxtime", "60", name], capture_output=True,
                              text=True, timeout=120)
    finally:
        Path(name).unlink()
    return done.stdout + done.stderr  # Popeye's refusals go to stderr


def moves_part(output: str) -> str | None:
    """Popeye's output from the stipulation line on, or None when it refused."""
    if ("capture the king" in output or "input-error" in output
            or "solution finished" not in output):
        return None
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("~1"))
    return "\n".join(line for line in lines[start:] if line.strip() and
                     not line.startswith("solution finished"))


# Hand-made positions for rules random ones rarely show.
EXTRA = [
    ("orphan", "orphan chain: black orphan observed by a rook, observing a white orphan",
     ["ka1", "rd1", "og5"], ["kh7", "od5"]),
    ("orphan", "orphan observed as a pawn and a knight, pinned by a bishop",
     ["kb2", "oc3", "sf1"], ["kh8", "pd4", "bf6", "sb5"]),
    ("friend", "friend chain: a rook observes a friend, which observes another",
     ["ka1", "re1", "fe4", "fh4", "sb2"], ["kg8", "fd6", "bc7", "pb6"]),
    ("grasshopper", "castling through a square a grasshopper observes",
     ["ke1", "ra1", "rh1", "pf2"], ["ke8", "gf4"]),
    ("locust", "white king checked by a locust, the square beyond empty",
     ["ke4", "sg1"], ["ka8", "le8", "lb7"]),
    ("berolina pawn", "Berolina double steps and straight captures, promotion",
     ["ke1", "bpd2", "bpg7", "bpb4"], ["ke8", "bpe7", "sb5", "rh8", "lf6"]),
    ("rose", "rose circles on an open board",
     ["ka1", "rod4"], ["kh8", "rog2"]),
    ("lion", "pins by a lion and a kangaroo",
     ["ke1", "re3", "bf2"], ["ka8", "lie8", "kah4", "pe5"]),
    ("UbiUbi", "ubiubis whose kings' knight squares are guarded",
     ["ka1", "pb3", "sc2", "uud4", "pd7"], ["kh8", "pf7", "pg6", "uue6", "rb6"]),
    ("UbiUbi", "an ubiubi pinned, and one that captures far away",
     ["kb1", "uub4", "bc2", "ra3", "pd2"], ["kh8", "pf7", "bg6", "uue5", "rb8", "se3"]),
    ("pawn", "promotion with many fairy pieces on the board",
     ["ke1", "pc7", "ga1", "nh1"], ["ka5", "roa8", "lig2", "bpf7", "ob1", "ld3"]),
]


def extra_records(popeye: str) -> list[str]:
    out = []
    for i, (name, _why, white, black) in enumerate(EXTRA, 1):
        text = popeye_input(white, black)
        part = moves_part(run_popeye(popeye, text))
        if part is None:
            raise SystemExit(f"Popeye refused the extra position {i}: {text}")
        out.append(f"=== {name} x{i}\n{text}---\n{part}\n")
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--popeye", default="/tmp/popeye/py")
    ap.add_argument("--per-piece", type=int, default=5)
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--only", nargs="*", default=[], metavar="NAME",
                    help="redo only these pieces (English names), keep the rest")
    ap.add_argument("--extra-only", action="store_true",
                    help="only redo the hand-made positions")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    if args.extra_only:   # refresh the hand-made positions, keep the random ones
        kept = [b for b in OUT.read_text().split("=== ")[1:] if " x" not in b.split("\n")[0]]
        OUT.write_text("".join("=== " + b for b in kept) + "".join(extra_records(args.popeye)))
        return
    records = []
    keep = {}
    if args.only:   # redo these pieces' positions, keep the others
        for b in OUT.read_text().split("=== ")[1:]:
            name = b.split("\n")[0].rsplit(" ", 1)[0]
            if name not in args.only and " x" not in b.split("\n")[0]:
                keep.setdefault(name, []).append("=== " + b)
    for piece in PIECES:
        if piece.kind == KING:
            continue
        if args.only and piece.name not in args.only:
            records += keep.get(piece.name, [])
            continue
        rng = random.Random(f"{args.seed}:{piece.name}")
        got = tries = 0
        seen: set[str] = set()
        while got < args.per_piece and tries < 300:
            tries += 1
            white, black = random_position(rng, piece.en)
            feats = features(white, black, piece.en)
            # prefer positions that show something not yet seen for this piece
            if not feats - seen and tries < 250 and got >= 2:
                continue
            text = popeye_input(white, black)
            part = moves_part(run_popeye(args.popeye, text))
            if part is None:
                continue
            got += 1
            seen |= feats
            records.append(f"=== {piece.name} {got}\n{text}---\n{part}\n")
        print(f"{piece.name}: {got} {sorted(seen)}", file=sys.stderr)
    records += extra_records(args.popeye)
    OUT.write_text("".join(records))
    print(f"{len(records)} positions written to {OUT}", file=sys.stderr)


if __name__ == "__main__":
    main()
