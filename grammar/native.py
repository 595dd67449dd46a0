"""feerie's native collection format: read it (`parse_native`) and write it (`format_native`).

Everything a Problem holds has a key, so that `parse_native(format_native(p))`
gives back `p` (the property test in tests/test_native.py checks it); the
format itself is described in README.md, "Problem input".  `format_native` writes
the normal form: keys in a fixed order, pieces grouped by colour and sorted,
one condition and one option per line.
"""

from __future__ import annotations

import re

from lark import Token, Tree, UnexpectedInput

from solver.model import keywords as kw
from grammar.build import ProblemBuilder
from grammar.conditions import condition_text, read_condition_text
from grammar.lark_util import describe, parser
from grammar.options import option_text, read_option_text
from grammar.statement import read_placement
from grammar.sstipulation import structured_stipulation
from grammar.stipulation import parse_stipulation
from grammar.words import Word
from solver.base.errors import InputError
from solver.base.lines import unify_line_ends
from solver.model.problem import BLACK, NEUTRAL, ORTHODOX_KINDS, WHITE, Piece, Problem, TwinCommand
from solver.model.vocabulary import COLOURS

_PIECE_WORD = re.compile(r"((?:[A-Z0-9]{2}|[A-Z]))((?:[a-h][1-8])+)(?:\[([^\]]*)\])?")
_ATTRIBUTES = {a.lower(): a for a in kw.english_words("PIECE_ATTRIBUTES")}
# A line that starts a block (the grammar's PROBLEM token, at the start of a line;
# 'problem :' too, so that a block so misspelt is one error, not part of the one before).
_BLOCK_START = re.compile(r"^[ \t]*problem[ \t]*:", re.IGNORECASE | re.MULTILINE)


# --- reading ------------------------------------------------------------------------------

def parse_native(text: str, source: str | None = None) -> list[tuple[Problem, ProblemBuilder] | InputError]:
    """The problems of a native file (each with the builder that knows where its
    parts were written), or for each one that is wrong, its error.

    A block the grammar rejects is one error and the blocks around it are still
    read (as in Popeye files): the whole text is parsed at once (the fast way,
    for a file with no such block), and, if the grammar rejects it, block by
    block."""
    text = unify_line_ends(text)
    text = text if text.endswith("\n") else text + "\n"
    try:
        return _read_blocks(parser("native").parse(text), text, 1, source)
    except UnexpectedInput:
        pass
    result: list[tuple[Problem, ProblemBuilder] | InputError] = []
    for first_line, chunk in _chunks(text):
        try:
            tree = parser("native").parse(chunk)
        except UnexpectedInput as err:
            result.append(_lark_error(err, chunk, source, first_line))
            continue
        for token in tree.scan_values(lambda v: isinstance(v, Token)):
            token.line += first_line - 1
        result.extend(_read_blocks(tree, chunk, first_line, source))
    return result


def _read_blocks(tree: Tree, text: str, first_line: int,
                 source: str | None) -> list[tuple[Problem, ProblemBuilder] | InputError]:
    """Each block of a parse tree of `text` (whose first line is line `first_line`
    of the file) read into a problem, or its error."""
    lines = text.split("\n")
    result: list[tuple[Problem, ProblemBuilder] | InputError] = []
    for block in tree.children:
        try:
            result.append(_Block(block, source).read())
        except InputError as err:
            row = (err.line or 0) - first_line
            result.append(err.located(source, None, None, lines[row] if 0 <= row < len(lines) else None))
    return result


def _chunks(text: str) -> list[tuple[int, str]]:
    """The text of each block with the number of its first line: a block runs from
    a `problem:` line to the next (each ends with a line end, as `text` does);
    the comments and blank lines before the first block go with it (the
    grammar reads them there)."""
    starts = [m.start() for m in _BLOCK_START.finditer(text)][1:]
    bounds = [0, *starts, len(text)]
    chunks = []
    line = 1
    for begin, end in zip(bounds, bounds[1:]):
        chunk = text[begin:end]
        chunks.append((line, chunk))
        line += chunk.count("\n")
    return chunks


def _lark_error(err: UnexpectedInput, text: str, source: str | None, first_line: int = 1) -> InputError:
    """The InputError of a Lark error in `text` (which ends with a line end), a
    chunk that starts at line `first_line`; without a place, its last line."""
    lines = text.split("\n")
    line = err.line if isinstance(getattr(err, "line", None), int) and err.line > 0 else max(1, len(lines) - 1)
    column = err.column if isinstance(getattr(err, "column", None), int) and err.column > 0 else 1
    line_text = lines[line - 1] if line <= len(lines) else ""
    message = describe(err, text)
    if not line_text[:column - 1].strip():      # at the start of a line: a key was expected
        word = line_text[column - 1:].split()[0] if line_text[column - 1:].split() else ""
        if _BLOCK_START.match(line_text) and not word.lower().startswith("problem:"):
            message = "a block starts with 'problem:', with no space before the colon"
        elif re.match(r"[A-Za-z][\w-]*:", word):
            message = f"unknown key '{word[:word.index(':') + 1]}'"
        elif word:
            message = f"expected a 'key: value' line, found '{word}'"
    return InputError(message, source, line + first_line - 1, column, line_text)


class _Block:
    def __init__(self, block: Tree, source: str | None) -> None:
        self.block = block
        self.source = source

    def word(self, token: Token) -> Word:
        return Word(token.value, token.line, token.column)

    def read(self) -> tuple[Problem, ProblemBuilder]:
        head = self.block.children[0]
        builder = ProblemBuilder(self.word(head))
        for node in self.block.children[1:]:
            if isinstance(node, Token):   # the label after 'problem:'
                continue
            getattr(self, "_" + node.data)(node.children, builder, node)
        return builder.build(self.source), builder

    # -- keys -----------------------------------------------------------------------------

    def _text(self, key, children, builder):
        builder.add_text(key, children[0].value.strip() if children else None)

    def _author(self, c, b, n): self._text("author", c, b)
    def _origin(self, c, b, n): self._text("origin", c, b)
    def _title(self, c, b, n): self._text("title", c, b)
    def _award(self, c, b, n): self._text("award", c, b)
    def _remark(self, c, b, n): self._text("remark", c, b)

    def _intended(self, children, builder, node):
        if children and children[0].value.strip():
            builder.intended.append(children[0].value.strip())

    def _language(self, children, builder, node):
        builder.language = children[0].value

    def _white(self, c, b, n): self._pieces(WHITE, c, b)
    def _black(self, c, b, n): self._pieces(BLACK, c, b)
    def _neutral(self, c, b, n): self._pieces(NEUTRAL, c, b)

    def _pieces(self, colour, tokens, builder):
        for token in tokens:
            for piece, word in self.piece_list(colour, token):
                builder.piece(piece, word, replace=False)

    def piece_list(self, colour: str, token: Token) -> list[tuple[Piece, Word]]:
        """The pieces of a PIECES token ('Kh7 Pa2b2 Sc8[Royal]'), each with its word."""
        result = []
        for match in _PIECE_WORD.finditer(token.value):
            word = Word(match.group(), token.line, token.column + match.start())
            kind, squares, attributes = match.group(1), match.group(2), match.group(3)
            if not kw.is_kind(kind):
                raise word.error(_unknown_piece(kind))
            names = []
            for name in (attributes.split(",") if attributes else ()):
                if name.lower() not in _ATTRIBUTES:
                    raise word.error(f"unknown piece attribute '{name}'")
                names.append(_ATTRIBUTES[name.lower()])
            names = tuple(names)
            result.extend((Piece(squares[i:i + 2], colour, kind, names), word) for i in range(0, len(squares), 2))
        return result

    def _fen(self, children, builder, node):
        token = children[0]
        ranks = []
        column = token.column
        for part in token.value.split("/"):
            ranks.append(Token("RANK", part, line=token.line, column=column))
            column += len(part) + 1
        if any(not r.value for r in ranks):
            raise self.word(token).error("empty rank in the FEN")
        for piece, word in read_placement(ranks, token.line):
            builder.piece(piece, word, replace=False)

    def _stipulation(self, children, builder, node):
        builder.set_stipulation(self.stipulation(children), self.word(children[0]))

    def stipulation(self, tokens: list[Token]):
        """A plain stipulation (one word), or a structured one as Popeye prints
        it, its side first in any language ('White 3a[#]d', 'Weiss 3a[#]d')."""
        token = tokens[0]
        if len(tokens) == 1:
            try:
                return parse_stipulation(token.value)
            except InputError as err:
                raise _located(tokens, (err.column or 1) - 1).error(err.message) from None
        side = _SIDES.get(token.value.lower())
        if side is None:
            raise self.word(token).error(f"'{token.value}' is not a side: a structured stipulation starts "
                                         "with White or Black")
        try:
            return structured_stipulation(side, " ".join(t.value for t in tokens[1:]), token.value)
        except InputError as err:
            raise _located(tokens[1:], (err.column or 1) - 1).error(err.message) from None

    def words(self, tokens: list[Token], read):
        text = " ".join(t.value for t in tokens)
        try:
            return read(text)
        except InputError as err:
            raise _located(tokens, (err.column or 1) - 1).error(err.message) from None

    def _condition(self, children, builder, node):
        for condition in self.words(children, read_condition_text):
            builder.add_condition(condition, self.word(children[0]))

    def _option(self, children, builder, node):
        for option in self.words(children, read_option_text):
            builder.add_option(option, self.word(children[0]))

    def _castling(self, children, builder, node):
        builder.castling = children[0].value

    def _en_passant(self, children, builder, node):
        builder.en_passant = tuple(t.value for t in children)

    def _to_move(self, children, builder, node):
        builder.white_to_move = children[0].value.lower() == "white"

    def _solutions(self, children, builder, node):
        builder.solutions_expected = int(children[0].value)

    def _zero(self, children, builder, node):
        builder.begin_twin(zero=True)
        self.commands(children, builder)

    def _twin(self, children, builder, node):
        continued = bool(children) and isinstance(children[0], Token) and children[0].type == "CONTINUED"
        builder.begin_twin(continued=continued)
        self.commands(children[1:] if continued else children, builder)

    def commands(self, nodes, builder: ProblemBuilder) -> None:
        for node in nodes:
            kind, tokens = str(node.data), node.children
            word = self.word(tokens[0]) if tokens else builder.start
            values = tuple(t.value for t in tokens)
            if kind == "twin_stipulation":
                stipulation = self.stipulation(tokens)
                builder.command(TwinCommand("stipulation", (stipulation.text,), stipulation=stipulation), word)
            elif kind == "twin_condition":
                conditions = tuple(self.words(tokens, read_condition_text))
                builder.command(TwinCommand("condition", tuple(condition_text(c) for c in conditions),
                                            conditions=conditions), word)
            elif kind == "add":
                colour = tokens[0].value.lower()
                for piece, piece_word in self.piece_list(colour, tokens[1]):
                    builder.command(TwinCommand("add", (colour, piece.kind, piece.square) + piece.attributes),
                                    piece_word)
            elif kind == "remove":
                for token in tokens:
                    builder.command(TwinCommand("remove", (token.value,)), self.word(token))
            elif kind == "polish":
                builder.command(TwinCommand("polish"), word)
            elif kind == "substitute":
                for token in tokens:
                    if not kw.is_kind(token.value):
                        raise self.word(token).error(_unknown_piece(token.value))
                # an unsupported new piece is reported where it is named
                builder.command(TwinCommand(kind, values), self.word(tokens[1]))
            else:
                builder.command(TwinCommand(kind, values), word)


def _unknown_piece(kind: str) -> str:
    return (f"unknown piece '{kind}' (piece names are Popeye's English ones: K Q R B S P, "
            "N nightrider, G grasshopper, CA camel...)")


# --- writing ------------------------------------------------------------------------------

def format_native(problem: Problem) -> str:
    """`problem` in the native format, normal form, ending with a newline."""
    lines = ["problem:"]
    for author in problem.authors:
        lines.append(f"author: {author}")
    for key in ("origin", "title", "award", "remark"):
        value = getattr(problem, key)
        if value:
            lines.extend(f"{key}: {part}" for part in value.split("\n"))
    if problem.language != "en":
        lines.append(f"language: {problem.language}")
    for colour in (WHITE, BLACK, NEUTRAL):
        pieces = sorted((p for p in problem.pieces if p.color == colour), key=_piece_order)
        if pieces:
            lines.append(f"{colour}: " + " ".join(piece_token(p) for p in pieces))
    lines.append(f"stipulation: {problem.stipulation.text}")
    lines.extend(f"condition: {condition_text(c)}" for c in problem.conditions)
    lines.extend(f"option: {option_text(o)}" for o in problem.options)
    if problem.castling is not None:
        lines.append(f"castling: {problem.castling}")
    if problem.en_passant:
        lines.append("en-passant: " + " ".join(problem.en_passant))
    if problem.white_to_move is not None:
        lines.append("to-move: " + ("white" if problem.white_to_move else "black"))
    for number, twin in enumerate(problem.twins):
        commands = "; ".join(command_text(c) for c in twin.commands)
        if problem.zero_position and number == 0:
            lines.append(f"zero-position: {commands}".rstrip())
        else:
            lines.append("twin: " + ("continued " if twin.continued else "") + commands)
    lines.extend(f"intended: {line}" for line in problem.intended)
    if problem.solutions_expected is not None:
        lines.append(f"solutions: {problem.solutions_expected}")
    return "\n".join(lines) + "\n"


def _piece_order(piece: Piece) -> tuple:
    kind = ORTHODOX_KINDS.index(piece.kind) if piece.kind in ORTHODOX_KINDS else len(ORTHODOX_KINDS)
    return (kind, piece.kind, piece.square[0], piece.square[1], piece.attributes)


def piece_token(piece: Piece) -> str:
    """'Kh7', 'CAc8[Royal]': a piece as the native format writes it."""
    attributes = f"[{','.join(piece.attributes)}]" if piece.attributes else ""
    return f"{piece.kind}{piece.square}{attributes}"


def command_text(command: TwinCommand) -> str:
    """A twin change in the native format ('move d7 e7', 'add black Bh6')."""
    kind, args = command.kind, command.args
    if kind == "add":
        return f"add {args[0]} " + piece_token(Piece(args[2], args[0], args[1], tuple(args[3:])))
    if kind == "condition":
        return " ".join(("condition",) + args)
    return " ".join((kind,) + args)


# The side words of a structured stipulation, in any of Popeye's languages.
_SIDES = {word.lower(): side for words in COLOURS.values() for word, side in zip(words, (WHITE, BLACK))}


def _located(tokens: list[Token], offset: int) -> Word:
    """The source position `offset` characters into the tokens joined by blanks."""
    for token in tokens:
        if offset < len(token.value) + 1:
            return Word(token.value, token.line, token.column + offset)
        offset -= len(token.value) + 1
    return Word(tokens[0].value, tokens[0].line, tokens[0].column)
