"""Reading problems from text of any of the four formats, recognised by content.

`load` never raises for a problem-level failure: a file of 500 problems with
one typo gives 499 Problems and one ProblemError, so that a batch run goes on.
The same holds for problems feerie can read but not solve (an unsupported
condition, stipulation, option or fairy piece): they come back as a
ProblemError that carries the problem, with the message and place of the
first unsupported feature.  `load_strict` is for callers that want one
problem or nothing: it raises the first of those errors.

Only a text that is no problem file at all (empty, unrecognisable) raises
InputError from `load`.

Line ends may be LF, CRLF or CR, mixed: they are made LF first
(`solver.base.lines.unify_line_ends`), so every format reads them alike.
"""

from __future__ import annotations

import gc
import re
import warnings
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from grammar.build import ProblemBuilder, unsupported_error
from grammar.statement import read_statement
from grammar.epd import is_epd, read_epd

# The readers of the other formats (grammar.popeye_normalise, grammar.popeye,
# grammar.native, grammar.yacpdb) are imported where their format is read: a one-line
# statement needs none of them (start-up, issue 11).
from solver.base.errors import InputError, InputWarning
from solver.base.lines import decode, unify_line_ends
from solver.model.problem import Problem

_FEN_START = re.compile(r"[A-Za-z1-8.+=\[\]-]+/")
_NATIVE_START = re.compile(r"problem\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class ProblemError:
    """A problem that could not be read (`problem` is None), or that was read but
    uses what feerie cannot solve (`problem` is set, `unsupported` is True).
    `error` says what and where; `index` is the problem's 1-based number in the input."""

    error: InputError
    index: int
    problem: Problem | None = None

    @property
    def unsupported(self) -> bool:
        return self.problem is not None

    def format(self) -> str:
        return self.error.format()


def _may_be_yaml(line: str) -> bool:
    """`grammar.yacpdb.looks_like_yaml`, imported only for a line it could
    accept (a document marker, a directive or a `key:`): a Popeye file's
    first line has no colon."""
    if ":" not in line and not line.startswith(("---", "%YAML")):
        return False
    from grammar.yacpdb import looks_like_yaml

    return looks_like_yaml(line)


def detect_format(text: str) -> str:
    """'popeye', 'native', 'statement' or 'yaml' (YACPDB/Olive entries), from
    the first meaningful line;
    InputError if the text is empty or none of them."""
    for number, line in enumerate(unify_line_ends(text).split("\n"), 1):
        stripped = line.strip()
        if not stripped or stripped.startswith("#") and not _FEN_START.match(stripped):
            continue
        if _NATIVE_START.match(stripped):
            return "native"
        first = stripped.split()[0]
        if _FEN_START.match(first):
            return "statement"
        if _may_be_yaml(stripped):
            return "yaml"
        from grammar.popeye_normalise import detect_language

        if detect_language(re.split(r"[\s;,]", stripped)[0]) is not None:
            return "popeye"
        column = line.index(stripped[0]) + 1
        line = printable(line)
        raise InputError("cannot tell the format: expected a Popeye file (BeginProblem, AnfangProblem, "
                         "DebutProbleme), a native file ('problem:' blocks), YACPDB YAML entries (algebraic:, ...) "
                         "or one-line statements (FEN ...)",
                         None, number, column, line)
    raise InputError("empty input: no problem found", None, 1, 1)


@contextmanager
def _no_cyclic_gc():
    """Reading allocates many short-lived, acyclic objects (tokens, trees); the
    cyclic collector's passes over them cost a quarter of the time and free
    nothing, so it is paused while a text is read."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def load(text: str, filename: str = "<string>") -> list[Problem | ProblemError]:
    """Every problem of `text`, in order: a Problem, or a ProblemError for one that
    failed or that feerie cannot solve.  Raises InputError only when `text` is
    not problem input at all."""
    with _no_cyclic_gc():
        return _load(text, filename)


def _load(text: str, filename: str) -> list[Problem | ProblemError]:
    text = unify_line_ends(text.lstrip("\ufeff"))
    try:
        kind = detect_format(text)
    except InputError as err:
        raise err.located(filename) from None
    lines = text.split("\n")
    raw: list[tuple[Problem, ProblemBuilder] | InputError] = []
    if kind == "popeye":
        try:
            from grammar.popeye_normalise import normalise

            _, chunks, unended = normalise(text)
        except InputError as err:
            raise _locate(err, filename, lines) from None
        if unended is not None:
            warnings.warn(InputWarning(f"{filename}:{unended}: the file ends without EndProblem "
                                       "(Popeye would solve nothing of its last problem; feerie reads it "
                                       "as if EndProblem were there)"), stacklevel=2)
        from grammar.popeye import parse_chunk

        for chunk in chunks:
            if isinstance(chunk, InputError):
                raw.append(chunk)
                continue
            try:
                raw.append(parse_chunk(chunk, filename))
            except InputError as err:
                raw.append(err)
    elif kind == "native":
        from grammar.native import parse_native

        raw.extend(parse_native(text, filename))
    elif kind == "yaml":
        from grammar.yacpdb import read_yaml

        raw.extend(read_yaml(text, filename))
    else:
        for number, line in enumerate(lines, 1):
            stripped = line.strip()
            if not stripped or stripped.startswith("#") and not _FEN_START.match(stripped):
                continue
            try:
                raw.append(read_epd(line, filename, number) if is_epd(line)
                           else read_statement(line, filename, number))
            except InputError as err:
                raw.append(err)
    result: list[Problem | ProblemError] = []
    for index, item in enumerate(raw, 1):
        if isinstance(item, InputError):
            result.append(ProblemError(_locate(item, filename, lines), index))
            continue
        problem, builder = item
        error = _unsupported(problem, builder)
        if error is None:
            result.append(problem)
        else:
            result.append(ProblemError(_locate(error, filename, lines), index, problem))
    return result


def _unsupported(problem: Problem, builder: ProblemBuilder) -> InputError | None:
    return unsupported_error(problem, builder)


def _locate(err: InputError, filename: str, lines: list[str]) -> InputError:
    text = err.text
    if text is None and err.line is not None and 0 < err.line <= len(lines):
        text = lines[err.line - 1]
    if text is not None:
        text = printable(text)
    return InputError(err.message, err.file or filename, err.line, err.column, text)


def printable(line: str) -> str:
    """`line` with characters a terminal would not show replaced by '?' (columns kept)."""
    if line.isprintable():
        return line
    return "".join(c if c.isprintable() or c == "\t" else "?" for c in line)


def load_strict(text: str, filename: str = "<string>") -> list[Problem]:
    """Every problem of `text`; raises the InputError of the first problem that
    failed or that feerie cannot solve."""
    problems = []
    for item in load(text, filename):
        if isinstance(item, ProblemError):
            raise item.error
        problems.append(item)
    return problems


def read_text(path: str | Path) -> str:
    """A file's text: UTF-8, or Latin-1 (as many Popeye collections are written)."""
    return decode(Path(path).read_bytes())


def load_file(path: str | Path) -> list[Problem | ProblemError]:
    """`load` on a file (format from its content, not its name)."""
    try:
        text = read_text(path)
    except OSError as err:
        raise InputError(f"cannot read the file: {err.strerror or err}", str(path)) from None
    return load(text, str(path))


def load_statement(line: str, source: str = "<statement>") -> Problem | ProblemError:
    """A one-line statement as `load` reports a problem: Problem or ProblemError."""
    try:
        problem, builder = read_statement(line, source, 1)
    except InputError as err:
        return ProblemError(_locate(err, source, [line]), 1)
    error = unsupported_error(problem, builder)
    if error is not None:
        return ProblemError(_locate(error, source, [line]), 1, problem)
    return problem


def parse_statement(line: str) -> Problem:
    """The problem of a one-line statement; InputError if it is wrong or unsupported."""
    item = load_statement(line)
    if isinstance(item, ProblemError):
        raise item.error
    return item
