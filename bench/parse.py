"""Time the parsers on 10,000 problems: `python bench/parse.py [N]`.

Writes three files of N problems (default 10,000) into a temporary directory
(a Popeye file in German with abbreviated keywords, the same problems in the
native format, and one-line statements), loads each with `grammar.load_file`
and prints the wall time per format.  The Popeye problems are generated, not
copied: random legal-looking positions, a mix of stipulations, options,
conditions and twins, so that every part of the reader is exercised.
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import grammar  # noqa: E402
from grammar import format_native  # noqa: E402

_GERMAN = {"K": "k", "Q": "d", "R": "t", "B": "l", "S": "s", "P": "b"}
_FEN = {"K": "K", "Q": "Q", "R": "R", "B": "B", "S": "N", "P": "P"}
_STIPULATIONS = ["#2", "#3", "h#2", "h#3", "h#2.5", "s#2", "r#2", "h=2", "ser-h#4", "=2"]


def position(rng: random.Random) -> list[tuple[str, str, str]]:
    squares = [f + r for f in "abcdefgh" for r in "12345678"]
    rng.shuffle(squares)
    pieces = [("white", "K", squares.pop()), ("black", "K", squares.pop())]
    for _ in range(rng.randint(2, 14)):
        colour = rng.choice(("white", "black"))
        kind = rng.choice("QRBSPPP")
        square = squares.pop()
        if kind == "P" and square[1] in "18":
            kind = "S"
        pieces.append((colour, kind, square))
    return pieces


def popeye_problem(rng: random.Random, n: int, pieces) -> str:
    lines = [f"autor Autor Nummer {n}", f"quelle Quelle {n}, 2024", f"ford {rng.choice(_STIPULATIONS)}"]
    if rng.random() < 0.3:
        lines.append("bedingung messigny" + (" rexex" if rng.random() < 0.5 else ""))
    if rng.random() < 0.5:
        lines.append("opti vari" + (" verf" if rng.random() < 0.5 else ""))
    lines.append("stei")
    for colour, word in (("white", "weis"), ("black", "schw")):
        group = " ".join(_GERMAN[k] + sq for c, k, sq in pieces if c == colour)
        lines.append(f"{word} {group}")
    if rng.random() < 0.2:
        lines.append("zwil ford h=2")
    return "\n".join(lines)


def statement(rng: random.Random, pieces) -> str:
    board = {sq: (_FEN[k] if c == "white" else _FEN[k].lower()) for c, k, sq in pieces}
    ranks = []
    for rank in "87654321":
        row, empty = "", 0
        for file in "abcdefgh":
            piece = board.get(file + rank)
            if piece is None:
                empty += 1
            else:
                row += (str(empty) if empty else "") + piece
                empty = 0
        ranks.append(row + (str(empty) if empty else ""))
    stipulation = rng.choice(_STIPULATIONS)
    return "/".join(ranks) + " " + stipulation + (" Messigny" if rng.random() < 0.3 else "")


def main(count: int = 10_000) -> None:
    rng = random.Random(1)
    positions = [position(rng) for _ in range(count)]
    popeye = "anfangproblem\n" + "\nweiter\n".join(popeye_problem(rng, n, p) for n, p in enumerate(positions)) \
        + "\nende\n"
    statements = "\n".join(statement(rng, p) for p in positions) + "\n"
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        files = {"popeye": tmp_path / "problems.inp", "statements": tmp_path / "problems.txt"}
        files["popeye"].write_text(popeye, encoding="utf-8")
        files["statements"].write_text(statements, encoding="utf-8")
        loaded = grammar.load_file(files["popeye"])
        native = "\n".join(format_native(p) for p in loaded if not isinstance(p, grammar.ProblemError))
        files["native"] = tmp_path / "problems.feerie"
        files["native"].write_text(native, encoding="utf-8")
        for name, path in files.items():
            start, cpu = time.perf_counter(), time.process_time()
            items = grammar.load_file(path)
            elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
            errors = sum(isinstance(i, grammar.ProblemError) and not i.unsupported for i in items)
            print(f"{name:10} {len(items):6d} problems  {elapsed:6.2f} s wall  {cpu:6.2f} s CPU  "
                  f"({1e6 * elapsed / len(items):.0f} us/problem, {errors} errors)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
