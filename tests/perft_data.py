"""Reading the reference perft suites (`epd FEN` then `perft DEPTH NODES` lines)."""

from __future__ import annotations

from pathlib import Path


def read_perft_file(path: Path) -> list[tuple[str, str, list[tuple[int, int]]]]:
    """[(id, fen, [(depth, nodes), ...]), ...] in file order."""
    out: list[tuple[str, str, list[tuple[int, int]]]] = []
    ident = None
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word == "id":
            ident = rest.strip()
        elif word == "epd":
            out.append((ident or f"#{len(out)}", rest.strip(), []))
            ident = None
        elif word == "perft":
            depth, nodes = rest.split()
            out[-1][2].append((int(depth), int(nodes)))
    return out
