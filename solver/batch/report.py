"""Reports of a batch's results database: text, JSON, CSV, HTML.

Every format lists the problems gravest verdict first (the order of
`solver.check.check.SEVERITY`: errors, illegal positions, ..., timeouts, sound
last), then by file and index; text and HTML begin with the totals by
verdict.  The HTML page is one self-contained file: each unsound problem
with its diagrams (inline SVG, one per twin with its caption) and its
evidence, then a table of the rest.  File names (and titles) are shown
through `progress.shown_name`: a control character in them is escaped, so
that no name can break or forge a line of the text report.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections import Counter
from html import escape

from solver.check.check import SEVERITY
from solver.batch.progress import shown_name

FORMATS = ("text", "json", "csv", "html")
_INFO = re.compile(r"^(?:\S+\) )?info: ")
_ORDER = {v: i for i, v in enumerate(SEVERITY)}


def ordered(rows: list[dict]) -> list[dict]:
    return sorted(rows, key=lambda r: (_ORDER.get(r["verdict"], -1), r["file"], r["idx"]))


def totals(rows: list[dict]) -> list[tuple[str, int]]:
    count = Counter(r["verdict"] for r in rows)
    return sorted(count.items(), key=lambda kv: _ORDER.get(kv[0], -1))


def _place(row: dict) -> str:
    place = shown_name(row["file"]) + (f":{row['line']}" if row.get("line") else "")
    parts = [place, f"[{row['idx']}]"]
    if row.get("stipulation"):
        parts.append(shown_name(row["stipulation"]))
    if row.get("title"):
        parts.append(f'"{shown_name(row["title"])}"')
    return " ".join(parts)


def record(row: dict) -> dict:
    """A row as the JSON report gives it."""
    return {
        "file": row["file"], "index": row["idx"], "line": row.get("line"), "title": row.get("title") or "",
        "stipulation": row.get("stipulation") or "", "verdict": row["verdict"],
        "solutions": row.get("solutions") or 0, "seconds": row.get("seconds") or 0.0,
        "nodes": row.get("nodes") or 0, "evidence": (row.get("evidence") or "").split("\n") if row.get("evidence") else [],
        "version": row.get("version"), "hash": row.get("hash"),
        "twins": json.loads(row["details"]) if row.get("details") else [],
    }


def text_report(rows: list[dict], source: str = "") -> str:
    out = [f"{len(rows)} problem{'s' if len(rows) != 1 else ''}" + (f" in {shown_name(source)}" if source else "")]
    for verdict, n in totals(rows):
        out.append(f"  {verdict:<18} {n:>7}")
    out.append("")
    for row in ordered(rows):
        out.append(f"{_place(row)}: {row['verdict']} (solutions: {row.get('solutions') or 0}, "
                   f"{row.get('seconds') or 0:.2f} s)")
        if row["verdict"] != "sound" and row.get("evidence"):
            out.extend("    " + line for line in row["evidence"].split("\n"))
    return "\n".join(out) + "\n"


REPORT_SCHEMA = 1  # the version of the JSON report's layout (docs/checking.md)


def json_report(rows: list[dict], source: str = "") -> str:
    """One document, like `solve`'s JSON: the schema number, who wrote it, the
    totals by verdict (gravest first) and the problems in the text report's order."""
    from solver import __version__

    document = {
        "schema": REPORT_SCHEMA, "solver": "feerie", "version": __version__, "database": source or None,
        "problems_total": len(rows), "totals": dict(totals(rows)),
        "problems": [record(r) for r in ordered(rows)],
    }
    return json.dumps(document, indent=1) + "\n"


def csv_report(rows: list[dict]) -> str:
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["file", "index", "line", "title", "stipulation", "verdict", "solutions", "seconds", "nodes",
                     "evidence"])
    for r in ordered(rows):
        writer.writerow([r["file"], r["idx"], r.get("line") or "", r.get("title") or "", r.get("stipulation") or "",
                         r["verdict"], r.get("solutions") or 0, f"{r.get('seconds') or 0:.3f}", r.get("nodes") or 0,
                         " | ".join((r.get("evidence") or "").split("\n")) if r.get("evidence") else ""])
    return buffer.getvalue()


_STYLE = """
body { font-family: sans-serif; margin: 2em; color: #222; }
table.totals td, table.rest td, table.rest th { padding: 2px 10px; }
table.rest { border-collapse: collapse; }
table.rest tr:nth-child(even) { background: #f4f4f4; }
.problem { display: flex; gap: 1.5em; border-top: 1px solid #ccc; padding: 1em 0; }
.diagrams { display: flex; flex-wrap: wrap; gap: .5em; max-width: 60em; } figure { margin: 0; }
.verdict { font-weight: bold; }
.v-sound { color: #1a7f37; } .v-cooked, .v-short_solution, .v-intended_missing, .v-no_solution { color: #b42318; }
.v-illegal_position, .v-error { color: #7a0000; } .v-unsupported, .v-timeout { color: #8a6d00; }
ul.evidence { margin: .3em 0; padding-left: 1.2em; font-family: monospace; }
li.info { color: #555; }
"""


def html_report(rows: list[dict], source: str = "") -> str:
    from solver.output.diagram_svg import diagram_svg

    rows = ordered(rows)
    title = "feerie report" + (f": {source}" if source else "")
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>{escape(title)}</title><style>{_STYLE}</style></head><body>",
           f"<h1>{escape(title)}</h1>", f"<p>{len(rows)} problems</p>", '<table class="totals">']
    for verdict, n in totals(rows):
        out.append(f'<tr><td class="verdict v-{escape(verdict)}">{escape(verdict)}</td><td>{n}</td></tr>')
    out.append("</table>")
    unsound = [r for r in rows if r["verdict"] != "sound"]
    if unsound:
        out.append("<h2>Unsound and unchecked problems</h2>")
    for r in unsound:
        out.append('<div class="problem">')
        out.append('<div class="diagrams">' + "".join(_diagrams(r, diagram_svg)) + "</div>")
        out.append("<div>")
        out.append(f"<div>{escape(_place(r))}</div>")
        out.append(f'<div class="verdict v-{escape(r["verdict"])}">{escape(r["verdict"])}</div>')
        out.append('<ul class="evidence">')
        for line in (r.get("evidence") or "").split("\n"):
            if line:
                cls = ' class="info"' if _INFO.match(line) else ""
                out.append(f"<li{cls}>{escape(line)}</li>")
        out.append("</ul>")
        out.append(f"<div>solutions: {r.get('solutions') or 0}, {r.get('seconds') or 0:.2f} s, "
                   f"{r.get('nodes') or 0} nodes</div>")
        out.append("</div></div>")
    sound = [r for r in rows if r["verdict"] == "sound"]
    if sound:
        out.append("<h2>Sound problems</h2>")
        out.append('<table class="rest"><tr><th>problem</th><th>solution</th><th>seconds</th></tr>')
        for r in sound:
            first = (r.get("evidence") or "").split("\n")[0]
            out.append(f"<tr><td>{escape(_place(r))}</td><td>{escape(first)}</td>"
                       f"<td>{r.get('seconds') or 0:.2f}</td></tr>")
        out.append("</table>")
    out.append("</body></html>")
    return "\n".join(out) + "\n"


def stored_diagrams(row: dict) -> list[tuple[list, tuple[str, ...]]]:
    """Every twin's diagram of a row as (pieces, caption: twin, stipulation,
    conditions); rows of older versions hold the diagram's pieces alone."""
    stored = json.loads(row["pieces"]) if row.get("pieces") else None
    if not stored:
        return []
    if isinstance(stored, list):
        return [(stored, ())]
    return [(t["pieces"], tuple(t.get("caption") or ())) for t in stored["twins"]]


def _diagrams(row: dict, draw) -> list[str]:
    return [f'<figure>{draw(pieces, caption=caption)}</figure>' for pieces, caption in stored_diagrams(row)]


def render(rows: list[dict], fmt: str, source: str = "") -> str:
    if fmt == "text":
        return text_report(rows, source)
    if fmt == "json":
        return json_report(rows, source)
    if fmt == "csv":
        return csv_report(rows)
    if fmt == "html":
        return html_report(rows, source)
    raise ValueError(fmt)


__all__ = ["FORMATS", "csv_report", "html_report", "json_report", "ordered", "record", "render",
           "stored_diagrams", "text_report", "totals"]
