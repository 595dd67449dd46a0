"""EPD lines as mate problems: `FEN-fields bm #n; id "name"; pm MOVE; PV: MOVES;`.

Collections of direct mates (ChestUCI, matetrack) are EPD files: four FEN
fields (placement, side, castling, en passant), then operations, each an
opcode, its operands and a `;`.  A line with `bm #n` is the problem `#n`;
`id` names it (its title); the first move of `pm` or of `PV` / `pv` is the
intended key, given in UCI (`h5a5`) or SAN-like text, and turned into
Popeye notation from the position (`Qh5-a5`) for the checker.  Other
operations (`acd`, `ce`, `c0`, clocks ...) are read and left aside.

The line is read as the one-line statement `FEN-fields #n key=...` would be
(grammar.statement), so the FEN gets the same checks and messages.  No
number of solutions is stated: `bm #n` says that a mate in n exists (the
shortest, in ChestUCI), not that only one key gives it.
Only White to move is played: a `bm #n` with Black to move is refused by
name, as Popeye's direct play starts with White.  A line without `bm #n`
(a best move that is not a mate) is no problem and is refused too.
"""

from __future__ import annotations

import re
from dataclasses import replace

from grammar.build import ProblemBuilder
from grammar.statement import FEN_KINDS, read_statement
from solver.base.errors import InputError
from solver.model.problem import Problem

# four FEN fields, then at least one operation ending in ';'
_EPD = re.compile(r"\s*(\S+/\S+)\s+([wbWB])\s+(\S+)\s+(\S+)\s+([A-Za-z][\w:]*\b.*;.*)\Z")
# an operation: anything up to a ';' outside quotes (ChestUCI writes '00:00;' too)
_OPERATION = re.compile(r'((?:"[^"]*"|[^;"])*);')
_MATE = re.compile(r"#(\d+)\Z")
_UCI = re.compile(r"([a-h][1-8])([a-h][1-8])([qrbn]?)\Z")


def is_epd(line: str) -> bool:
    return _EPD.match(line) is not None


def read_epd(line: str, source: str | None = None, line_number: int = 1) -> tuple[Problem, ProblemBuilder]:
    match = _EPD.match(line)
    if match is None:
        raise InputError("not an EPD line (four FEN fields, then operations ending in ';')",
                         source, line_number, 1, line)
    placement, side, castling, ep, operations = match.groups()
    column = match.start(5) + 1
    ops: dict[str, tuple[list[str], int]] = {}
    for op in _OPERATION.finditer(operations):
        words = re.findall(r'"[^"]*"|[^\s;]+', op.group(1))
        if words:
            ops.setdefault(words[0].rstrip(":"), (words[1:], column + op.start(1) + _skip(op.group(1), 0)))
    bm, where = ops.get("bm", ([], column))
    mate = _MATE.match(bm[0]) if len(bm) == 1 else None
    if mate is None:
        raise InputError("EPD: no mate to solve (feerie reads 'bm #n;' lines)" if not bm else
                         f"EPD: 'bm {' '.join(bm)}' is not a mate ('bm #n' expected)",
                         source, line_number, where, line)
    if side.lower() != "w":
        raise InputError(f"EPD: bm #{mate.group(1)} with Black to move is not supported "
                         "(direct play starts with White, as in Popeye)", source, line_number,
                         match.start(2) + 1, line)
    statement = f"{placement} w {castling} {ep} #{mate.group(1)}"
    problem, builder = read_statement(statement, source, line_number)
    key = _first_move(ops, problem)
    title = ops.get("id", ([], 0))[0]
    problem = replace(problem, title=" ".join(t.strip('"') for t in title) or None,
                      intended=(key,) if key else ())
    return problem, builder


def _skip(text: str, at: int) -> int:
    return len(text[at:]) - len(text[at:].lstrip())


def _first_move(ops, problem: Problem) -> str | None:
    """The intended key: the first move of `pm`, else of `PV` / `pv`, in
    Popeye notation (None if there is none or it is not UCI)."""
    for name in ("pm", "PV", "pv"):
        moves = ops.get(name, ([], 0))[0]
        if moves:
            return uci_to_popeye(moves[0], problem) or moves[0]
    return None


def uci_to_popeye(move: str, problem: Problem) -> str | None:
    """A UCI move (`h5a5`, `e7e8q`, `e1g1`) in Popeye's notation from the
    problem's diagram (`Qh5-a5`, `e7-e8=Q`, `0-0`); None if it is not UCI or
    no piece stands on its departure square."""
    m = _UCI.match(move)
    if m is None:
        return None
    frm, to, promo = m.groups()
    board = {p.square: p for p in problem.pieces}
    piece = board.get(frm)
    if piece is None:
        return None
    if piece.kind == "K" and frm[0] == "e" and to[0] in "cg" and frm[1] == to[1]:
        return "0-0" if to[0] == "g" else "0-0-0"
    letter = "" if piece.kind == "P" else piece.kind
    sep = "*" if to in board or (piece.kind == "P" and frm[0] != to[0]) else "-"
    return f"{letter}{frm}{sep}{to}" + (f"={FEN_KINDS[promo.upper()]}" if promo else "")
