"""Verdicts as text lines: what `feerie check` prints and the text report repeats.

One line per problem, or per twin of a twinned problem:
`FILE:LINE [INDEX] STIPULATION "TITLE" LABEL: VERDICT: evidence; evidence`,
then the information (duals) on indented lines, so that `grep -v '^ '`
leaves the verdicts alone.
"""

from __future__ import annotations

from solver.check.check import ProblemVerdict


def where(verdict: ProblemVerdict) -> str:
    place = verdict.source or "<statement>"
    if verdict.line is not None:
        place += f":{verdict.line}"
    parts = [place]
    if verdict.index is not None:
        parts.append(f"[{verdict.index}]")
    if verdict.stipulation:
        parts.append(verdict.stipulation)
    if verdict.title:
        parts.append(f'"{verdict.title}"')
    return " ".join(parts)


def verdict_lines(verdict: ProblemVerdict) -> list[str]:
    head = where(verdict)
    lines = []
    for twin in verdict.twins:
        label = f" {twin.label}" if twin.label else ""
        evidence = "; ".join(twin.evidence)
        lines.append(f"{head}{label}: {twin.verdict}" + (f": {evidence}" if evidence else ""))
        lines.extend(f"    info: {i}" for i in twin.info)
    return lines


__all__ = ["verdict_lines", "where"]
