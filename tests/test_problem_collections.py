"""The bundled collections in problems/: every problem preceded by a
'# expect: VERDICT' comment (or '# expect: a) VERDICT; b) VERDICT' for
twins) must get that verdict from the checker.

The convention works for native files (the comment before `problem:`) and
for files of one-line statements (the comment on the line before); files of
other collections in problems/ that carry no such comments are only read.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import grammar
from solver.check.check import VERDICTS, check_item

ROOT = Path(__file__).resolve().parents[1]
PROBLEMS = ROOT / "problems"
_EXPECT = re.compile(r"^#\s*expect:\s*(.+?)\s*$")
_NATIVE_START = re.compile(r"^problem\s*:", re.IGNORECASE)
_FEN = re.compile(r"^[KQRBNPkqrbnp1-8]+/")


def expectations(path: Path) -> dict[int, str]:
    """1-based problem number -> expected verdict text, from the comments."""
    text = path.read_text(encoding="utf-8")
    native = any(_NATIVE_START.match(line.strip()) for line in text.splitlines())
    out: dict[int, str] = {}
    pending = None
    number = 0
    for line in text.splitlines():
        stripped = line.strip()
        m = _EXPECT.match(stripped)
        if m:
            pending = m.group(1)
            continue
        starts = _NATIVE_START.match(stripped) if native else (_FEN.match(stripped) is not None)
        if starts:
            number += 1
            if pending is not None:
                out[number] = pending
                pending = None
    return out


def parse_expectation(text: str) -> dict[str | None, str]:
    """'cooked' -> {None: 'cooked'}; 'a) sound; b) cooked' -> {'a)': 'sound', 'b)': 'cooked'}."""
    parts = [p.strip() for p in re.split(r"[;,]", text) if p.strip()]
    out = {}
    for part in parts:
        m = re.match(r"^(\+?[a-z]\))\s+(\S+)$", part)
        if m:
            out[m.group(1).lstrip("+")] = m.group(2)
        else:
            out[None] = part
    for verdict in out.values():
        assert verdict in VERDICTS, f"unknown verdict {verdict!r} in '# expect: {text}'"
    return out


def cases():
    for path in sorted(PROBLEMS.glob("*.txt")):
        for number, expected in sorted(expectations(path).items()):
            yield pytest.param(path, number, expected, id=f"{path.name}-{number}")


def test_collections_exist_and_carry_expectations():
    assert (PROBLEMS / "verdicts.txt").exists() and (PROBLEMS / "classics.txt").exists()
    verdicts = set()
    for _, number, expected in (c.values for c in cases()):
        verdicts.update(parse_expectation(expected).values())
    # every verdict a problem can get has a problem built to show it (errors are the batch's)
    assert VERDICTS - {"error"} <= verdicts


@pytest.mark.parametrize("path,number,expected", list(cases()))
def test_expected_verdict(path, number, expected):
    items = grammar.load_file(path)
    assert number <= len(items), f"{path.name}: {len(items)} problems read, expectation for #{number}"
    verdict = check_item(items[number - 1], index=number, max_time=60)
    wanted = parse_expectation(expected)
    if None in wanted:
        assert verdict.verdict == wanted[None], verdict.evidence_text()
    for twin in verdict.twins:
        label = twin.label.lstrip("+") if twin.label else None
        if label in wanted:
            assert twin.verdict == wanted[label], f"{label}: {twin.evidence}"
    labels = {t.label.lstrip("+") for t in verdict.twins if t.label}
    assert set(k for k in wanted if k is not None) <= labels


def test_every_collection_reads():
    """All files in problems/ load; problems that cannot be read are reported, never a crash."""
    for path in sorted(PROBLEMS.glob("*.txt")):
        items = grammar.load_file(path)
        assert items, path
        for item in items:
            if isinstance(item, grammar.ProblemError):
                assert item.unsupported, f"{path.name}: {item.format()}"
