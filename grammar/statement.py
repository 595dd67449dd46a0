"""One-line statements: `FEN STIPULATION [CONDITION [PARAMETER...]]...` -> Problem.

The FEN uses K Q R B N P (N is the knight, which the model calls 'S');
upper case white, lower case black.  The FEN fields after the placement are
optional; a side-to-move field must agree with who moves first under the
stipulation (`b` for h#2, `w` for #2 and h#2.5), castling and en passant
fields go to Problem.castling and Problem.en_passant.  Conditions and their
parameters are read with Popeye's English names (`Messigny RexExclusive`).
"""

from __future__ import annotations

from lark import Token, UnexpectedInput, UnexpectedToken

from grammar.build import ProblemBuilder
from grammar.conditions import ConditionReader
from grammar.lark_util import describe, parser
from grammar.stipulation import parse_stipulation, starting_side
from grammar.words import Word
from solver.errors import InputError
from solver.model import BLACK, WHITE, Piece, Problem

FEN_KINDS = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "S", "P": "P"}


def parse_statement(line: str, source: str | None = None, line_number: int = 1) -> Problem:
    """The problem a one-line statement states; InputError (with column) if none."""
    problem, _ = read_statement(line, source, line_number)
    return problem


def read_statement(line: str, source: str | None = None, line_number: int = 1) -> tuple[Problem, ProblemBuilder]:
    text = line.rstrip("\r\n")
    if not text.strip():
        raise InputError("empty statement: expected a FEN and a stipulation", source, line_number, 1, text)
    try:
        tree = parser("statement").parse(text)
    except UnexpectedInput as err:
        column = err.column if isinstance(getattr(err, "column", None), int) and err.column > 0 else len(text)
        message = describe(err, text)
        if isinstance(err, UnexpectedToken) and err.token.type == "$END" and "STIPULATION" in err.expected:
            message, column = "missing stipulation after the FEN", len(text.rstrip()) + 2
        raise InputError(message, source, line_number, column, text) from None
    try:
        return _build(tree, text, source, line_number)
    except InputError as err:
        raise err.located(source, line_number, None, text) from None


def _word(token: Token, line_number: int) -> Word:
    return Word(token.value, line_number, token.column)


def _build(tree, text: str, source: str | None, line_number: int) -> tuple[Problem, ProblemBuilder]:
    children = tree.children
    placement = children[0]
    builder = ProblemBuilder(Word(text, line_number, 1), "en")
    for piece, token in read_placement([t for t in placement.children if t.type == "RANK"], line_number):
        builder.piece(piece, _word(token, line_number), replace=False)
    k = 1
    side_token = None
    if k < len(children) and not isinstance(children[k], Token):
        fields = children[k].children
        side_token = fields[0]
        builder.white_to_move = side_token.value.lower() == "w"
        if len(fields) > 1:
            builder.castling = fields[1].value
        if len(fields) > 2 and fields[2].value != "-":
            builder.en_passant = (fields[2].value,)
        k += 1
    stip_token = children[k]
    stip_word = _word(stip_token, line_number)
    try:
        stipulation = parse_stipulation(stip_token.value)
    except InputError as err:
        raise Word(stip_token.value, line_number, stip_token.column + (err.column or 1) - 1).error(err.message) \
            from None
    builder.set_stipulation(stipulation, stip_word)
    if side_token is not None:
        first = starting_side(stipulation)
        said = WHITE if builder.white_to_move else BLACK
        if first is not None and first != said:
            raise _word(side_token, line_number).error(
                f"the FEN has {said} to move, but {first} moves first in {stipulation.text}")
    words = [_word(t, line_number) for t in children[k + 1:]]
    conditions, i = ConditionReader("en").read(words, 0)
    if i < len(words):
        word = words[i]
        if conditions:
            raise word.error(f"'{word.text}' is neither a parameter of {conditions[-1][0].name} nor a condition")
        raise word.error(f"unknown condition '{word.text}'")
    for condition, word in conditions:
        builder.add_condition(condition, word)
    return builder.build(source), builder


def read_placement(ranks: list[Token], line_number: int = 1) -> list[tuple[Piece, Token]]:
    """The pieces of a FEN placement given as its rank tokens (a8 rank first)."""
    if len(ranks) != 8:
        where = ranks[-1] if len(ranks) > 8 else ranks[0]
        token = ranks[8] if len(ranks) > 8 else where
        raise Word(token.value, line_number, token.column).error(
            f"the FEN has {len(ranks)} ranks, not 8")
    pieces = []
    for number, token in enumerate(ranks):
        rank = 8 - number
        file = 0
        for offset, ch in enumerate(token.value):
            if ch.isdigit():
                if ch in "09":
                    raise Word(token.value, line_number, token.column + offset).error(
                        f"'{ch}' in FEN rank {rank} ('{token.value}'): empty squares are counted 1 to 8")
                file += int(ch)
                continue
            kind = FEN_KINDS.get(ch.upper())
            if kind is None:
                raise Word(token.value, line_number, token.column + offset).error(
                    f"unknown piece letter '{ch}' in the FEN (K Q R B N P, lower case for black)")
            if file < 8:
                pieces.append((Piece("abcdefgh"[file] + str(rank), WHITE if ch.isupper() else BLACK, kind), token))
            file += 1
        if file != 8:
            raise Word(token.value, line_number, token.column).error(
                f"FEN rank {rank} ('{token.value}') has {file} squares, not 8")
    return pieces
