"""A batch database browsed from the page (`feerie serve --db RESULTS.sqlite`).

The rows are read with the batch's own reader (`solver.batch.results.
ResultStore`, opened without creating anything) and put in the report's order
(`solver.batch.report.ordered`: gravest verdict first), afresh on each
request, so that a batch still writing the database is seen as it goes.
A problem's diagrams are the ones the batch stored (each twin's pieces and
caption), drawn by the report's SVG code; "open in editor" reads the
problem from the file the row names (as given to the batch: absolute, or
relative to the current folder or to the database's folder) and gives it as
native text, which the page loads as a pasted text.
"""

from __future__ import annotations

from pathlib import Path

from solver.base.errors import InputError


class Collection:
    """The results database at `path` (InputError at once if it is not one)."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.rows()   # refuse a file that is no results database before serving

    def rows(self) -> list[dict]:
        from solver.batch.report import ordered
        from solver.batch.results import ResultStore

        store = ResultStore(self.path, create=False)
        try:
            return ordered(store.rows())
        finally:
            store.close()

    def summary(self, verdict: str | None = None) -> dict:
        """The verdicts with their counts, and the problems (of one verdict, if given)."""
        rows = self.rows()
        counts: dict[str, int] = {}
        for row in rows:
            counts[row["verdict"]] = counts.get(row["verdict"], 0) + 1
        shown = [r for r in rows if verdict is None or r["verdict"] == verdict]
        return {"source": str(self.path), "verdicts": counts,
                "problems": [_listed(r) for r in shown]}

    def row(self, file: str, index: int) -> dict:
        for row in self.rows():
            if row["file"] == file and row["idx"] == index:
                return row
        raise InputError(f"no problem {index} of {file} in the database")

    def details(self, file: str, index: int) -> dict:
        """One problem: its verdict, its evidence (one item a line), its diagrams."""
        row = self.row(file, index)
        return dict(_listed(row), evidence=(row.get("evidence") or "").split("\n") if row.get("evidence") else [],
                    seconds=row.get("seconds"), solutions=row.get("solutions"), diagrams=_diagrams(row))

    def problem_text(self, file: str, index: int) -> str:
        """The problem of a row as native text, read from its file now."""
        import grammar

        row = self.row(file, index)
        place = self._file(row["file"])
        items = grammar.load_file(str(place))
        if not 1 <= row["idx"] <= len(items):
            raise InputError(f"{row['file']} has no problem {row['idx']} now (it has {len(items)})")
        item = items[row["idx"] - 1]
        problem = getattr(item, "problem", item)
        if problem is None:
            raise item.error
        return grammar.format_native(problem)

    def _file(self, name: str) -> Path:
        path = Path(name)
        for place in ([path] if path.is_absolute() else [Path.cwd() / path, self.path.parent / path]):
            if place.is_file():
                return place
        raise InputError(f"the problem's file {name} is not found (next to the database or here)")


def _listed(row: dict) -> dict:
    evidence = (row.get("evidence") or "").split("\n")[0]
    return {"file": row["file"], "index": row["idx"], "line": row.get("line"), "title": row.get("title") or "",
            "stipulation": row.get("stipulation") or "", "verdict": row["verdict"], "evidence": evidence}


def _diagrams(row: dict) -> list[str]:
    """Each twin's diagram as the report draws it."""
    from solver.batch.report import stored_diagrams
    from solver.output.diagram_svg import diagram_svg

    return [diagram_svg(pieces, caption=caption) for pieces, caption in stored_diagrams(row)]
