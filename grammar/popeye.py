"""Popeye input files (English, French, German) -> Problems.

Two passes: `popeye_normalise` resolves Popeye's context-dependent words
(see its docstring for why that is hand-written) and writes each problem in
canonical English Popeye; `popeye.lark` parses that structure (LALR,
contextual lexer) and `read_chunk` below turns the tree into a Problem.
Errors in either pass point at the user's own line and column.

Popeye semantics kept: pieces placed twice replace each other; `Option
EnPassant f7f6f5` names the squares a pawn passed over (here f6, which go
to `Problem.en_passant`); `Option NoCastling e1 h8` removes those castling
rights (`Problem.castling` becomes the FEN-like field of what is left);
`Protocol`, `LaTeX` and LaTeX piece definitions are read and ignored.
"""

from __future__ import annotations

from lark import Token, Tree, UnexpectedInput

from solver.model import keywords as kw
from grammar.build import ProblemBuilder
from grammar.conditions import read_condition_text
from grammar.lark_util import describe, parser
from grammar.options import read_option_text
from grammar.popeye_normalise import Chunk
from grammar.sstipulation import structured_stipulation
from grammar.stipulation import parse_stipulation
from grammar.words import Word
from solver.base.errors import InputError
from solver.model.problem import Piece, Problem, Stipulation, TwinCommand

_COLOUR = {"White": "white", "Black": "black", "Neutral": "neutral"}


def parse_chunk(chunk: Chunk, source: str | None) -> tuple[Problem, ProblemBuilder]:
    """The Problem of one normalised problem; InputError (with line and column of
    the source) if it is not a valid problem."""
    try:
        tree = parser("popeye").parse(chunk.text)
    except UnexpectedInput as err:
        word = chunk.locate(err.line, err.column) if isinstance(err.line, int) and err.line > 0 \
            else Word("", chunk.line, 1)
        raise word.error(describe(err, chunk.text)) from None
    return _Reader(chunk).read(tree, source)


class _Reader:
    def __init__(self, chunk: Chunk) -> None:
        self.chunk = chunk

    def at(self, token: Token) -> Word:
        return self.chunk.locate(token.line, token.column)

    def read(self, tree: Tree, source: str | None) -> tuple[Problem, ProblemBuilder]:
        start = Word("", self.chunk.line, 1)
        builder = ProblemBuilder(start, self.chunk.language)
        for node in tree.children:
            data = str(node.data)
            if data == "zero":
                builder.begin_twin(zero=True)
                self.changes(node.children, builder)
            elif data == "twin":
                children = node.children
                continued = bool(children) and isinstance(children[0], Token) and children[0].type == "CONTINUED"
                builder.begin_twin(continued=continued)
                self.changes(children[1:] if continued else children, builder)
            else:
                self.item(node, builder)
        self.popeye_options(builder)
        return builder.build(source), builder

    # -- items --------------------------------------------------------------------------

    def item(self, node: Tree, builder: ProblemBuilder) -> None:
        kind = str(node.data)
        children = node.children
        if kind == "pieces":
            for piece, word in self.pieces(children):
                builder.piece(piece, word)
        elif kind == "stipulation":
            builder.set_stipulation(*self.stipulation(children[0]))
        elif kind == "condition":
            for condition in self.words(children, read_condition_text):
                builder.add_condition(condition, self.at(children[0]))
        elif kind == "option":
            for option in self.words(children, read_option_text):
                builder.add_option(option, self.at(children[0]))
        elif kind == "sstipulation":
            builder.set_stipulation(*self.sstipulation(node))
        else:   # remark, author, origin, title, award
            builder.add_text(kind, children[0].value)

    def words(self, tokens: list[Token], read):
        """Read a TEXT token with `read` (conditions, options), errors placed on the
        source word at the column the reader names."""
        token = tokens[0]
        try:
            return read(token.value)
        except InputError as err:
            raise self.chunk.locate(token.line, token.column + (err.column or 1) - 1).error(err.message) from None

    def pieces(self, children: list[Token]) -> list[tuple[Piece, Word]]:
        colour = _COLOUR[children[0].value]
        attributes = tuple(t.value for t in children[1:-1])
        token = children[-1]
        result = []
        column = token.column
        for text in token.value.split(" "):
            n = 2 if len(text) % 2 == 0 else 1
            kind = text[:n]
            word = self.chunk.locate(token.line, column)
            if not kw.is_kind(kind):
                raise word.error(f"unknown piece '{kind}'")
            for i in range(n, len(text), 2):
                result.append((Piece(text[i:i + 2], colour, kind, attributes), word))
            column += len(text) + 1
        return result

    def stipulation(self, token: Token) -> tuple[Stipulation, Word]:
        word = self.at(token)
        try:
            return parse_stipulation(token.value), word
        except InputError as err:
            offset = (err.column or 1) - 1
            raise Word(word.text, word.line, word.column + offset).error(err.message) from None

    def sstipulation(self, node: Tree) -> tuple[Stipulation, Word]:
        """The side (normalised to English) and the structured stipulation after it."""
        token = node.children[0]
        side, _, text = token.value.partition(" ")
        word = self.at(token)
        colour = _COLOUR[side]
        side_word = kw.table("COLOURS", self.chunk.language).words[0 if colour == "white" else 1]
        try:
            return structured_stipulation(colour, text, side_word), word
        except InputError as err:
            column = token.column + len(side) + (err.column or 1)
            raise self.chunk.locate(token.line, column).error(err.message) from None

    # -- twins -----------------------------------------------------------------------------

    def changes(self, nodes: list, builder: ProblemBuilder) -> None:
        for node in nodes:
            kind, children = str(node.data), node.children
            first = self.at(children[0]) if children else Word("", self.chunk.line, 1)
            values = tuple(t.value for t in children)
            if kind == "remark":
                builder.add_text("remark", children[0].value)
            elif kind == "condition":
                for condition in self.words(children, read_condition_text):
                    builder.add_condition(condition, first)
            elif kind == "stipulation":
                stipulation, word = self.stipulation(children[0])
                builder.command(TwinCommand("stipulation", (stipulation.text,), stipulation=stipulation), word)
            elif kind == "sstipulation":
                stipulation, word = self.sstipulation(node)
                builder.command(TwinCommand("stipulation", (stipulation.text,), stipulation=stipulation), word)
            elif kind == "add":
                for piece, word in self.pieces(children):
                    builder.command(TwinCommand("add", (piece.color, piece.kind, piece.square) + piece.attributes),
                                    word)
            elif kind == "remove":
                for token in children:
                    builder.command(TwinCommand("remove", (token.value,)), self.at(token))
            elif kind == "polish":
                builder.command(TwinCommand("polish"), first)
            else:   # move, exchange, shift, rotate, mirror, substitute
                builder.command(TwinCommand(kind, values), first)

    # -- what Popeye's options imply -------------------------------------------------------

    def popeye_options(self, builder: ProblemBuilder) -> None:
        for option in builder.options:
            if option.name == "EnPassant":
                if len(option.args) < 3:
                    raise builder.where[("option", "EnPassant")].error(
                        "EnPassant needs the pawn's departure, passed-over and arrival squares (f7f6f5)")
                builder.en_passant = option.args[1:-1]
            elif option.name == "NoCastling":
                builder.castling = castling_without(option.args)


def castling_without(squares: tuple[str, ...]) -> str:
    """The FEN castling field left when the pieces on `squares` may not castle."""
    lost = {"e1": "KQ", "h1": "K", "a1": "Q", "e8": "kq", "h8": "k", "a8": "q"}
    gone = "".join(lost.get(s, "") for s in squares)
    rights = "".join(c for c in "KQkq" if c not in gone)
    return rights or "-"
