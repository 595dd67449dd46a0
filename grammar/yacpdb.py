"""YACPDB / Olive YAML entries -> Problems, and Problems -> YAML.

The format is olive-gui's `yacpdb/schemas/yacpdb-entry.md`: a YAML mapping per
problem (`algebraic` with `white`/`black`/`neutral` piece lists written as
Popeye writes pieces, attributes first: `Royal Zf3`; `stipulation`;
`options`, Popeye's options and conditions in one list; `twins`, `b:`, `c:`
... in Popeye's twin syntax, `a:` first for a zero position; `solution`;
`intended-solutions`; `authors`, `source`, `award`, `keywords`,
`comments`).  A file is one entry, a list of entries, or a stream of
`---` documents of either kind (Olive's `.olv` collections).

Why through Popeye's syntax: every field but the metadata *is* Popeye input,
so each entry is written out as a Popeye problem, one item a line, and read
by the Popeye reader; that keeps one reading of pieces, attributes,
conditions, options and twins.  Each generated line remembers the YAML
scalar it came from, so an error points at the user's line and column.

Safety: the YAML is only *composed* (`yaml.compose_all`, safe loader): the
reader walks the node tree and takes scalars as text, so no tag can build
an object.  Olive writes Python 2 tags (`!!python/unicode 'text'`); as a
node they are just a tagged scalar, read as its text.

PyYAML is an optional extra (`feerie[yaml]`): the core has no run-time
dependency beyond click and lark, and YAML input without it is one clear
error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from grammar.build import ProblemBuilder
from grammar.conditions import condition_text
from grammar.options import option_text
from grammar.popeye import parse_chunk
from grammar.popeye_normalise import normalise
from solver.base.errors import InputError
from solver.model import keywords as kw
from solver.model.problem import BLACK, NEUTRAL, ORTHODOX_KINDS, WHITE, Piece, Problem, TwinCommand

NEEDS_PYYAML = "YAML input needs PyYAML: pip install 'feerie[yaml]'"

# The top-level keys of an entry (schema and Olive's older flat fields): a
# first line `key:` with one of them tells YAML from the other formats.
ENTRY_KEYS = ("algebraic", "stipulation", "options", "twins", "solution", "intended-solutions", "authors",
              "source", "award", "keywords", "comments", "reprints", "foreignids", "glyphs", "distinction",
              "date", "source-id", "title")
_START = re.compile(r"(?:-\s+)?([a-z][a-z-]*)\s*:(?:\s|$)")
_KEYWORDS_REMARK = "Keywords: "


def looks_like_yaml(line: str) -> bool:
    """Whether the first meaningful line of a text starts a YACPDB YAML file:
    a document marker, a YAML directive or an entry key (`algebraic:`,
    `- stipulation: h#2`)."""
    if line == "---" or line.startswith(("--- ", "%YAML")):
        return True
    match = _START.match(line)
    return match is not None and match.group(1) in ENTRY_KEYS


def _yaml():
    try:
        import yaml
    except ImportError:
        return None
    return yaml


# --- reading: YAML nodes ---------------------------------------------------------------

@dataclass
class _Line:
    """A generated Popeye line and the YAML place its value came from."""

    text: str
    line: int          # 1-based YAML line of the value
    column: int        # 1-based YAML column of the value's first character
    prefix: int        # length of the generated keyword part before the value


class _Entry:
    """One YAML entry written out as a Popeye problem, line by line."""

    def __init__(self, node, source_lines: list[str]) -> None:
        self.node = node
        self.source_lines = source_lines
        self.lines: list[_Line] = []
        self.line = node.start_mark.line + 1
        self.column = node.start_mark.column + 1

    def emit(self, keyword: str, value_node=None, value: str | None = None) -> None:
        """A generated line `keyword value`, placed at `value_node` (or at the entry)."""
        if value is None:
            value = _text(value_node) if value_node is not None else ""
        value = " ".join(value.split())
        prefix = f"{keyword} " if value else keyword
        line, column = (self.line, self.column) if value_node is None else _place(value_node)
        self.lines.append(_Line(prefix + value, line, column, len(prefix)))

    def error(self, node, message: str) -> InputError:
        line, column = _place(node) if node is not None else (self.line, self.column)
        return InputError(message, line=line, column=column)

    def locate(self, err: InputError, filename: str) -> InputError:
        """The error of a generated line, moved to the YAML place it came from."""
        line, column = self.line, self.column
        if err.line is not None and 0 < err.line <= len(self.lines):
            made = self.lines[err.line - 1]
            line, column = made.line, made.column
            if err.column is not None and err.column > made.prefix:
                column += err.column - made.prefix - 1
        if err.line is not None and err.line > len(self.lines):
            line, column = self.line, self.column
        return _located(err.message, filename, line, column, self.source_lines)


def _place(node) -> tuple[int, int]:
    """Line and column of a scalar's first character (inside its quotes)."""
    mark = node.start_mark
    quoted = getattr(node, "style", None) in ("'", '"')
    return mark.line + 1, mark.column + 1 + (1 if quoted else 0)


def _located(message: str, filename: str, line: int, column: int, source_lines: list[str]) -> InputError:
    text = source_lines[line - 1] if 0 < line <= len(source_lines) else None
    return InputError(message, filename, line, column, text)


def _kind(node) -> str:
    return type(node).__name__   # ScalarNode, SequenceNode, MappingNode


def _text(node) -> str:
    if _kind(node) != "ScalarNode":
        raise InputError("expected a text here, not a " + ("list" if _kind(node) == "SequenceNode" else "mapping"),
                         line=node.start_mark.line + 1, column=node.start_mark.column + 1)
    return node.value


def _items(node) -> list:
    """The nodes of a list; a lone scalar counts as a list of one."""
    if _kind(node) == "SequenceNode":
        return list(node.value)
    if _kind(node) == "ScalarNode":
        return [node] if node.value.strip() else []
    raise InputError("expected a list here", line=node.start_mark.line + 1, column=node.start_mark.column + 1)


def _mapping(node) -> dict:
    if _kind(node) != "MappingNode":
        raise InputError("expected a mapping (key: value) here", line=node.start_mark.line + 1,
                         column=node.start_mark.column + 1)
    return {_text(key): value for key, value in node.value}


# --- reading: entries ----------------------------------------------------------------

def read_yaml(text: str, filename: str) -> list[tuple[Problem, ProblemBuilder] | InputError]:
    """Every entry of a YAML text: a Problem with its builder, or the InputError
    (file, line, column) that stopped that entry.  A YAML syntax error ends
    the file there: the entries before it are kept."""
    yaml = _yaml()
    if yaml is None:
        raise InputError(NEEDS_PYYAML, filename)
    source_lines = text.split("\n")
    out: list = []
    try:
        for document in yaml.compose_all(text, Loader=yaml.SafeLoader):
            if document is None:
                continue
            nodes = document.value if _kind(document) == "SequenceNode" else [document]
            for node in nodes:
                out.append(_read_entry(node, filename, source_lines))
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None) or getattr(err, "context_mark", None)
        problem = getattr(err, "problem", None) or str(err)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        out.append(_located(f"YAML: {problem}", filename, line, column, source_lines))
    if not out:
        raise _located("empty input: no problem found", filename, 1, 1, source_lines)
    return out


def _read_entry(node, filename: str, source_lines: list[str]):
    if _kind(node) != "MappingNode":
        return _located("a YACPDB entry must be a mapping (algebraic:, stipulation:, ...)", filename,
                        node.start_mark.line + 1, node.start_mark.column + 1, source_lines)
    entry = _Entry(node, source_lines)
    try:
        fields = _mapping(node)
        _write_popeye(entry, fields)
    except InputError as err:
        return _located(err.message, filename, err.line or entry.line, err.column or entry.column, source_lines)
    text = "\n".join(line.text for line in entry.lines) + "\n"
    try:
        _, chunks, _ = normalise(text)  # the text is built with its EndProblem
        chunk = chunks[0]
        if isinstance(chunk, InputError):
            raise chunk
        problem, builder = parse_chunk(chunk, filename)
    except InputError as err:
        return entry.locate(err, filename)
    try:
        intended = solution_lines(fields, problem)
        count = _solution_count(fields)
    except InputError as err:
        return _located(err.message, filename, err.line or entry.line, err.column or entry.column, source_lines)
    problem = replace(problem, intended=intended, solutions_expected=count, line=entry.line, source=filename)
    return problem, _Relocated(builder, entry, filename)


class _Relocated:
    """A builder whose `location` (where an unsupported feature was written)
    answers in YAML places; `unsupported_error` asks only that."""

    def __init__(self, builder: ProblemBuilder, entry: _Entry, filename: str) -> None:
        self.builder = builder
        self.entry = entry
        self.filename = filename

    def location(self, reason: str):
        from grammar.words import Word

        word = self.builder.location(reason)
        err = self.entry.locate(InputError("", line=word.line, column=word.column), self.filename)
        return Word(word.text, err.line, err.column)

    def __getattr__(self, name):
        return getattr(self.builder, name)


def _write_popeye(entry: _Entry, fields: dict) -> None:
    """The entry's fields as Popeye input lines (metadata, diagram, play, twins)."""
    entry.emit("BeginProblem")
    for author in _items(fields["authors"]) if "authors" in fields else ():
        entry.emit("Author", author)
    if "title" in fields:
        entry.emit("Title", fields["title"])
    origin = _origin(fields)
    if origin:
        entry.emit("Origin", value=origin)
    award = _award(fields)
    if award:
        entry.emit("Award", value=award)
    remarks = [c for c in _items(fields["comments"])] if "comments" in fields else []
    for comment in remarks:
        for part in _text(comment).split("\n"):
            if part.strip():
                entry.emit("Remark", comment, value=part)
    if "keywords" in fields:
        words = [_text(k).strip() for k in _items(fields["keywords"])]
        if words:
            entry.emit("Remark", fields["keywords"], value=_KEYWORDS_REMARK + ", ".join(words))
    if "algebraic" in fields:
        _pieces(entry, fields["algebraic"])
    if "stipulation" in fields:
        entry.emit("Stipulation", fields["stipulation"])
    for item in _items(fields["options"]) if "options" in fields else ():
        entry.emit(_option_or_condition(_text(item)), item)
    if "twins" in fields:
        _twins(entry, fields["twins"])
    entry.emit("EndProblem")


def _pieces(entry: _Entry, node) -> None:
    colours = {"white": "White", "black": "Black", "neutral": "Neutral"}
    for key, value in _mapping(node).items():
        if key not in colours:
            raise entry.error(value, f"unknown colour '{key}' in algebraic (white, black, neutral)")
        for piece in _items(value):
            entry.emit(f"Pieces {colours[key]}", piece)


def _option_or_condition(text: str) -> str:
    """'Option' or 'Condition': the entry's `options` list holds both; the first
    word decides (Popeye's option and condition names do not overlap), a word
    neither table knows is read as a condition, which reports it."""
    word = text.split()[0] if text.split() else ""
    options, conditions = kw.table("OPTIONS", "en"), kw.table("CONDITIONS", "en")
    for table, name in ((options, "Option"), (conditions, "Condition")):
        index = table.lookup(word)
        if index >= 0 and table.words[index].lower() == word.lower():
            return name
    return "Option" if options.lookup(word) >= 0 else "Condition"


def _twins(entry: _Entry, node) -> None:
    """`a:` (a zero position: the diagram is not solved), `b:`, `c:` ... in label order."""
    twins = _mapping(node)
    for n, label in enumerate(sorted(twins)):
        value = twins[label]
        if not re.fullmatch(r"[a-z]", label):
            raise entry.error(value, f"twin label '{label}' is not a letter a-z")
        keyword = "ZeroPosition" if n == 0 and label == "a" else "Twin"
        entry.emit(keyword, value)


def _date_text(node) -> str:
    if _kind(node) == "ScalarNode":
        return node.value
    date = _mapping(node)
    return "-".join(_text(date[k]) for k in ("year", "month", "day") if k in date)


def _origin(fields: dict) -> str:
    """The `source` as one Origin line: name, volume, issue, round, number, date."""
    parts = []
    if "source" in fields:
        node = fields["source"]
        if _kind(node) == "ScalarNode":
            parts.append(node.value)
        else:
            source = _mapping(node)
            for key in ("name", "volume", "issue", "round", "problemid", "pagenumber"):
                if key in source:
                    parts.append(_text(source[key]))
            if "date" in source:
                parts.append(_date_text(source["date"]))
    if "source-id" in fields:
        parts.append(_text(fields["source-id"]))
    if "date" in fields:
        parts.append(_date_text(fields["date"]))
    return " ".join(p for p in parts if p)


def _award(fields: dict) -> str:
    """The `award` as one Award line: distinction, then the tourney's name."""
    parts = []
    if "award" in fields:
        node = fields["award"]
        if _kind(node) == "ScalarNode":
            parts.append(node.value)
        else:
            award = _mapping(node)
            if "distinction" in award:
                parts.append(_text(award["distinction"]))
            if "tourney" in award:
                tourney = award["tourney"]
                name = _text(tourney) if _kind(tourney) == "ScalarNode" else _text(_mapping(tourney).get(
                    "name", tourney))
                if name and name != "ditto":
                    parts.append(name)
    if "distinction" in fields:
        parts.append(_text(fields["distinction"]))
    return ", ".join(p for p in parts if p)


# --- reading: the solution ------------------------------------------------------------------

_COMMENT = re.compile(r"\{[^}]*\}")
_THREAT = re.compile(r"\s*(?:\((?=\s*\d+\.).*?\)|threat:?.*|zugzwang\.?.*)$", re.IGNORECASE)
_TWIN_LABEL = re.compile(r"^\s*\+?([a-z])\)\s*(.*)$")
_ROMAN = re.compile(r"^\s*[IVX]+\)\s*")
_NUMBERED = re.compile(r"^\s*(\d+)\.(\.\.)?")
_LONG_MOVE = re.compile(r"^(?:\d+\.+)?(?:[A-Z][A-Z0-9]?|[0-9]{2})?[a-h][1-8][-*][a-h][1-8]|^(?:\d+\.+)?0-0(?:-0)?")
_SKIP = re.compile(r"^(?:\d+\.+|\.\.\.|[!?]+|[+#=]+|ep\.?|but)$")


def solution_lines(fields: dict, problem: Problem) -> tuple[str, ...]:
    """The intended lines of the entry's `solution` (Popeye's output format), in
    the form of the native format's `intended:` lines: each solution of line
    play, each key with one variation of tree play (set play, tries and
    threats left out), a twin's lines labelled `b) ...`.  A solution not in
    Popeye's long notation (`Sf3`, `dxc8=Q`, as many YACPDB entries are) says
    nothing the checker can match and is left out: the checker then has the
    stated number of solutions only."""
    if "solution" not in fields:
        return ()
    text = _COMMENT.sub("", _text(fields["solution"]))
    stip = problem.stipulation
    line_play = stip.play == "help" or stip.series
    lines: list[str] = []
    label = ""
    key: str | None = None        # the key being listed (tree play)
    key_line: str | None = None   # its line, when it shows more than the key
    key_used = False
    in_try = False
    waiting = False               # the last variation shows the defence only

    def close_key() -> None:
        nonlocal key, key_line, key_used
        if key_line is not None:
            lines.append(label + key_line)
        elif key is not None and not key_used:
            lines.append(label + key)
        key, key_line, key_used = None, None, False

    for raw in text.split("\n"):
        match = _TWIN_LABEL.match(raw)
        if match:
            close_key()
            label, raw = f"{match.group(1)}) ", match.group(2)
            in_try = False
        raw = _ROMAN.sub("", raw)
        body = _THREAT.sub("", raw).strip()
        number = _NUMBERED.match(body)
        if not number:
            continue
        black_first = number.group(2) is not None
        if line_play:
            if not black_first or stip.half:
                lines.append(label + body)
            continue
        if not black_first and number.group(1) == "1":   # a key or a try: nothing else is White's 1.
            close_key()
            tokens = body.split()
            in_try = "?" in tokens[0] or len(tokens) > 1 and tokens[1].startswith("?")
            if not in_try:
                key = tokens[0].rstrip("!")
                key_line = body if len([t for t in tokens if not _SKIP.match(t)]) > 1 else None
        elif black_first and key is not None and not in_try and number.group(1) == "1":
            lines.append(label + key + " " + body)
            key_used = True
            # Popeye prints a variation's mate on the next line: it goes on this one
            waiting = len([t for t in body.split() if not _SKIP.match(t)]) == 1
            continue
        elif not black_first and waiting:
            lines[-1] += " " + body
        waiting = False
    close_key()
    if not all(_readable(line) for line in lines):
        return ()
    return tuple(lines)


def _readable(line: str) -> bool:
    """Whether every move of an intended line is in Popeye's long notation."""
    words = _TWIN_LABEL.sub(r"\2", line).split()
    moves = [w for w in words if not _SKIP.match(w)]
    return bool(moves) and all(_LONG_MOVE.match(w) for w in moves)


def _solution_count(fields: dict) -> int | None:
    """`intended-solutions: 3`, `2.2.1.1`, `4.1.1...`: the first number is the
    number of solutions."""
    if "intended-solutions" not in fields:
        return None
    node = fields["intended-solutions"]
    match = re.match(r"\s*(\d+)", _text(node))
    if match is None:
        line, column = _place(node)
        raise InputError(f"intended-solutions: expected a number (3, 2.2.1.1), not '{node.value}'",
                         line=line, column=column)
    return int(match.group(1))


# --- writing ---------------------------------------------------------------------------

def yaml_entry(problem: Problem) -> dict:
    """A Problem as a YACPDB entry (the schema's fields; what the model holds)."""
    entry: dict = {}
    if problem.authors:
        entry["authors"] = list(problem.authors)
    if problem.title:
        entry["title"] = problem.title
    if problem.origin:
        entry["source"] = {"name": problem.origin}
    if problem.award:
        entry["award"] = {"distinction": problem.award}
    algebraic = {}
    for colour in (WHITE, BLACK, NEUTRAL):
        pieces = [piece_text(p) for p in sorted(problem.pieces, key=_piece_order) if p.color == colour]
        if pieces:
            algebraic[colour] = pieces
    entry["algebraic"] = algebraic
    entry["stipulation"] = problem.stipulation.text
    options = [option_text(o) for o in problem.options] + [condition_text(c) for c in problem.conditions]
    options += _implied_options(problem)
    if options:
        entry["options"] = options
    if problem.twins:
        first = 0 if problem.zero_position else 1
        entry["twins"] = {chr(ord("a") + first + n): _twin_text(twin) for n, twin in enumerate(problem.twins)}
    if problem.intended:
        entry["solution"] = _Block("\n".join(problem.intended) + "\n")
    if problem.solutions_expected is not None:
        entry["intended-solutions"] = problem.solutions_expected
    remarks = problem.remark.split("\n") if problem.remark else []
    keywords = [r for r in remarks if r.startswith(_KEYWORDS_REMARK)]
    comments = [r for r in remarks if not r.startswith(_KEYWORDS_REMARK)]
    if keywords:
        entry["keywords"] = [w.strip() for k in keywords for w in k[len(_KEYWORDS_REMARK):].split(",")]
    if comments:
        entry["comments"] = comments
    return entry


def _implied_options(problem: Problem) -> list[str]:
    """Castling rights and an en passant square a FEN gave, as Popeye's options."""
    names = {o.name for o in problem.options}
    out = []
    if problem.castling is not None and "NoCastling" not in names:
        lost = [square for right, square in (("K", "h1"), ("Q", "a1"), ("k", "h8"), ("q", "a8"))
                if right not in problem.castling]
        if lost:
            out.append("NoCastling " + "".join(lost))
    if problem.en_passant and "EnPassant" not in names:
        square = problem.en_passant[0]
        file, rank = square[0], square[1]
        start, end = ("2", "4") if rank == "3" else ("7", "5")
        out.append(f"EnPassant {file}{start}{square}{file}{end}")
    return out


def _piece_order(piece: Piece) -> tuple:
    """King, queen, rook, bishop, knight, pawn, then fairy pieces by code; by square."""
    rank = ORTHODOX_KINDS.index(piece.kind) if piece.kind in ORTHODOX_KINDS else len(ORTHODOX_KINDS)
    return (rank, piece.kind, piece.square, piece.attributes)


class _Block(str):
    """A text written as a YAML literal block (`solution: |`), as YACPDB shows solutions."""


def piece_text(piece: Piece) -> str:
    """'Ka1', 'Royal Zf3', 'CAc3': a piece as YACPDB's algebraic lists write it."""
    return " ".join(piece.attributes + (f"{piece.kind}{piece.square}",))


def _twin_text(twin) -> str:
    text = " ".join(_command_text(c) for c in twin.commands)
    return ("Continued " + text) if twin.continued else text


def _command_text(command: TwinCommand) -> str:
    """A twin change in Popeye's syntax ('Move d7 e7', 'Add black Royal Zh6')."""
    kind, args = command.kind, command.args
    if kind == "add":
        return f"Add {args[0]} " + piece_text(Piece(args[2], args[0], args[1], tuple(args[3:])))
    if kind == "polish":
        return "PolishType"
    return " ".join((kind.capitalize(),) + tuple(args))


def format_yaml(problems: list[Problem]) -> str:
    """Problems as a YAML stream, one `---` document per entry (as Olive's
    collections are written); InputError without PyYAML."""
    yaml = _yaml()
    if yaml is None:
        raise InputError(NEEDS_PYYAML)
    class Dumper(yaml.SafeDumper):
        pass

    Dumper.add_representer(_Block, lambda dumper, text: dumper.represent_scalar(
        "tag:yaml.org,2002:str", str(text), style="|"))
    return yaml.dump_all([yaml_entry(p) for p in problems], Dumper=Dumper, explicit_start=True, sort_keys=False,
                         allow_unicode=True, default_flow_style=None, width=100)
