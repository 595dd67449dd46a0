"""`feerie diagram`: reading the inputs and writing their diagram files.

One file per problem and twin for SVG and PNG (`collection-3b.svg`), one
LaTeX document per input (`collection.tex`), as Popeye writes one per
collection.  The drawing is `solver.output.diagram_export`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from solver.base.errors import InputError
from solver.output import diagram_export as export

_EXTENSION = {"svg": "svg", "png": "png", "latex": "tex"}


def _sources(files, statements) -> list[tuple[str, list]]:
    """(file stem, loaded items) per input: the statements first (stem
    'statement'), then each file ('-' is standard input, stem 'stdin')."""
    import grammar
    from solver.run.runner import read_stdin

    out: list[tuple[str, list]] = []
    if statements:
        out.append(("statement", [grammar.load_statement(line) for line in statements]))
    for name in files:
        if name == "-":
            out.append(("stdin", grammar.load(read_stdin(), "<stdin>")))
        else:
            out.append((Path(name).stem or "problems", grammar.load_file(name)))
    return out


def write_diagrams(files, statements, fmt: str, out: str, report: Callable[[str], None],
                   wrote: Callable[[str], None]) -> bool:
    """Write the diagrams of every problem of the inputs into folder `out`,
    telling `wrote` each path as soon as it is written and `report` each
    problem that cannot be read; True if there was one.  InputError for an
    input that is no problem file (what was written before it stays), a
    folder that cannot be made, or PNG output without Pillow or the font
    (said before anything is read)."""
    if fmt == "png":
        export.png_support()
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"cannot make the folder {out}: {err.strerror or err}") from None
    failed = False
    for stem, items in _sources(files, statements):
        problems = []
        for index, item in enumerate(items, 1):
            problem = getattr(item, "problem", item) if not isinstance(item, InputError) else None
            if problem is None:
                report(item.format())
                failed = True
                continue
            problems.append((index, problem))
        if fmt == "latex":
            if problems:
                wrote(_write(folder / f"{stem}.tex", export.latex_document([p for _, p in problems])))
            continue
        for index, problem in problems:
            for diagram in export.twin_diagrams(problem):
                path = folder / export.file_name(stem, index, diagram.label, _EXTENSION[fmt])
                content = export.svg(diagram) if fmt == "svg" else export.png(diagram)
                wrote(_write(path, content))
    return failed


def _write(path: Path, content: str | bytes) -> str:
    try:
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    return str(path)


__all__ = ["write_diagrams"]
