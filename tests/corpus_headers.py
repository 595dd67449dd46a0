"""feerie's header of each corpus problem against the one Popeye printed.

Shared by tests/test_corpus_headers.py and bench/headers.py: for every corpus
problem feerie reads and Popeye gave an output for, `compare(case)` returns
the lines that differ between Popeye's header (`ParsedProblem.header`: meta
lines, diagram, stipulation, attribute and condition lines, the missing-king
note) and `solver.output.popeye_writer.header_text`, trailing blanks ignored
(Popeye writes some, e.g. after an origin's last word).
"""

from __future__ import annotations

import difflib

import corpus_cases as cc


def comparable_cases() -> list[str]:
    """The cases with a feerie Problem and a Popeye output to compare."""
    out = []
    for case in cc.cases():
        item, popeye = cc.load(case)
        if popeye is not None and hasattr(item, "pieces"):
            out.append(case)
    return out


def _trimmed(lines: list[str]) -> list[str]:
    lines = [line.rstrip() for line in lines]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def compare(case: str) -> list[str]:
    """The differing lines ('- ' Popeye's, '+ ' feerie's), [] when equal."""
    from solver.output.popeye_writer import header_text

    item, popeye = cc.load(case)
    mine = _trimmed(header_text(item).split("\n"))
    gold = _trimmed(list(popeye.header))
    if mine == gold:
        return []
    return [line for line in difflib.ndiff(gold, mine) if line[:1] in "-+"]
