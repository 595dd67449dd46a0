"""One-line statements: `FEN STIPULATION [CONDITION [PARAMETER...]]...` -> Problem.

The FEN uses K Q R B N P (N is the knight, which the model calls 'S');
upper case white, lower case black.  The FEN fields after the placement are
optional; a side-to-move field must agree with who moves first under the
stipulation (`b` for h#2, `w` for #2 and h#2.5), castling and en passant
fields go to Problem.castling and Problem.en_passant.  Conditions and their
parameters are read with Popeye's English names (`Messigny RexExclusive`).
Anywhere after the stipulation, `solutions=N` gives the number of solutions
and `key=MOVE` an intended key (Popeye notation, repeatable): what the
checker compares its findings with.
"""

from __future__ import annotations

import re

from solver.model import keywords as kw
import grammar.statement_reader as statement_reader
from grammar.build import ProblemBuilder
from grammar.conditions import ConditionReader
from grammar.stipulation import parse_stipulation, starting_side
from grammar.words import Word
from solver.base.errors import InputError
from solver.model.problem import BLACK, NEUTRAL, WHITE, Piece, Problem

FEN_KINDS = {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "S", "P": "P"}


def parse_statement(line: str, source: str | None = None, line_number: int = 1) -> Problem:
    """The problem a one-line statement states; InputError (with column) if none."""
    problem, _ = read_statement(line, source, line_number)
    return problem


def read_statement(line: str, source: str | None = None, line_number: int = 1) -> tuple[Problem, ProblemBuilder]:
    text = line.rstrip("\r\n")
    if not text.strip():
        raise InputError("empty statement: expected a FEN and a stipulation", source, line_number, 1, text)
    fields = statement_reader.read(text)  # the common forms, without Lark (grammar.statement_reader)
    if fields is None:
        fields = _read_with_lark(text, source, line_number)
    try:
        return _build(fields, text, source, line_number)
    except InputError as err:
        raise err.located(source, line_number, None, text) from None


def _read_with_lark(text: str, source: str | None, line_number: int) -> statement_reader.Fields:
    """The tokens of `text` by Lark's parser: every form, and the error messages."""
    from lark import Token, UnexpectedInput, UnexpectedToken

    from grammar.lark_util import describe, parser

    try:
        tree = parser("statement").parse(text)
    except UnexpectedInput as err:
        column = err.column if isinstance(getattr(err, "column", None), int) and err.column > 0 else len(text)
        message = describe(err, text)
        if isinstance(err, UnexpectedToken) and err.token.type == "$END" and "STIPULATION" in err.expected:
            message, column = "missing stipulation after the FEN", len(text.rstrip()) + 2
        raise InputError(message, source, line_number, column, text) from None
    children = tree.children
    ranks = [t for t in children[0].children if t.type == "RANK"]
    k = 1
    fen_fields = []
    if k < len(children) and not isinstance(children[k], Token):
        fen_fields = children[k].children
        k += 1
    return statement_reader.Fields(ranks, fen_fields, children[k], children[k + 1:])


def _word(token, line_number: int) -> Word:
    return Word(token.value, line_number, token.column)


def _build(tokens: statement_reader.Fields, text: str, source: str | None,
           line_number: int) -> tuple[Problem, ProblemBuilder]:
    builder = ProblemBuilder(Word(text, line_number, 1), "en")
    for piece, word in read_placement(tokens.ranks, line_number):
        builder.piece(piece, word, replace=False)
    side_token = None
    fields = tokens.fen_fields
    if fields:
        side_token = fields[0]
        builder.white_to_move = side_token.value.lower() == "w"
        if len(fields) > 1:
            builder.castling = fields[1].value
        if len(fields) > 2 and fields[2].value != "-":
            builder.en_passant = (fields[2].value,)
    stip_token = tokens.stipulation
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
    words = [_word(t, line_number) for t in tokens.words]
    words = _read_intent(words, builder)
    reader = ConditionReader("en")
    conditions, i = reader.read(words, 0)
    if i < len(words):
        word = words[i]
        if conditions:
            raise word.error(f"'{word.text}' is neither a parameter of {conditions[-1][0].name} nor a condition")
        raise reader.unknown(word)
    for condition, word in conditions:
        builder.add_condition(condition, word)
    return builder.build(source), builder


_SOLUTIONS = re.compile(r"solutions=(\d+)\Z", re.I)
_KEY = re.compile(r"key=(\S+)\Z", re.I)


def _read_intent(words: list[Word], builder: ProblemBuilder) -> list[Word]:
    """Take out what the statement says the solution is: `solutions=N` (the
    number of solutions, for the checker) and `key=MOVE` (an intended key in
    Popeye notation, `key=Qd1-h5`; one word each, repeatable); the other
    words are conditions."""
    rest = []
    for word in words:
        if m := _SOLUTIONS.match(word.text):
            if builder.solutions_expected is not None:
                raise word.error("the number of solutions is given twice")
            builder.solutions_expected = int(m.group(1))
        elif m := _KEY.match(word.text):
            builder.intended.append(m.group(1))
        elif word.text.lower().startswith(("solutions=", "key=")):
            raise word.error(f"'{word.text}': expected solutions=N (a number) or key=MOVE (Popeye notation)")
        else:
            rest.append(word)
    return rest


# What a placement may hold besides FEN letters, for the messages.
PLACEMENT_HELP = ("K Q R B N P as in FEN, lower case for black; a fairy piece by its Popeye "
                  "English code: one letter as it is (G), two after a dot (.CA, .ca), any in "
                  "brackets ([N] nightrider)")
_COLOUR_PREFIX = {"+": WHITE, "-": BLACK, "=": NEUTRAL}


def read_placement(ranks: list, line_number: int = 1) -> list[tuple[Piece, Word]]:
    """The pieces of a FEN placement given as its rank tokens (a8 rank first),
    each with the word that wrote it (its own column within the rank).

    Besides FEN's letters (N the knight), a rank may hold fairy pieces as in
    Popeye's Forsyth: a one-letter Popeye English code as it is (`G`), a
    two-letter one after a dot (`.CA` white, `.ca` black), and any code in
    brackets (`[N]`, the nightrider, whose letter FEN gives the knight); a
    `+`, `-` or `=` before a piece makes it white, black or neutral (for
    codes of digits, `-.15`)."""
    if len(ranks) != 8:
        where = ranks[-1] if len(ranks) > 8 else ranks[0]
        token = ranks[8] if len(ranks) > 8 else where
        raise Word(token.value, line_number, token.column).error(
            f"the FEN has {len(ranks)} ranks, not 8")
    pieces = []
    for number, token in enumerate(ranks):
        rank = 8 - number
        file = 0
        for offset, count, item in _rank_items(token.value, Word(token.value, line_number, token.column), rank):
            if count:
                file += count
                continue
            if file < 8:
                square = "abcdefgh"[file] + str(rank)
                pieces.append((Piece(square, item[0], item[1]),
                               Word(item[2], line_number, token.column + offset)))
            file += 1
        if file != 8:
            raise Word(token.value, line_number, token.column).error(
                f"FEN rank {rank} ('{token.value}') has {file} squares, not 8")
    return pieces


def _rank_items(text: str, where: Word, rank: int):
    """(offset, empty squares, None) or (offset, 0, (colour, kind, written)) for each
    item of one rank's text; InputError at the item's column if it is no piece."""
    i = 0
    while i < len(text):
        start = i
        ch = text[i]
        if ch.isdigit():
            if ch in "09":
                raise _at(where, i, f"'{ch}' in FEN rank {rank} ('{text}'): empty squares are counted 1 to 8")
            yield start, int(ch), None
            i += 1
            continue
        colour = _COLOUR_PREFIX.get(ch)
        if colour is not None:
            i += 1
            if i == len(text) or not (text[i].isalpha() or text[i] in ".["):
                found = f"'{text[i]}'" if i < len(text) else "the end of the rank"
                raise _at(where, i, f"expected a piece after '{ch}' in the FEN, found {found} ({PLACEMENT_HELP})")
        code, kind, i = _piece_code(text, i, where, start)
        if colour is None:
            letter = next((c for c in code if c.isalpha()), "A")
            colour = BLACK if letter.islower() else WHITE
        yield start, 0, (colour, kind, text[start:i])


def _piece_code(text: str, i: int, where: Word, start: int) -> tuple[str, str, int]:
    """The piece written at text[i] (a letter, '.xy' or '[code]'): its code as
    written, its kind, and where it ends; InputError at `start` if it is none."""
    if text[i] == ".":
        code = text[i + 1:i + 3]
        kind = kw.kind_of(code, "en") if len(code) == 2 else None
        if kind is None:
            raise _at(where, start, f"unknown piece '.{code}' in the FEN (after a dot, a two-letter "
                      "Popeye English code: .CA camel, .G2 grasshopper-2)")
        return code, kind, i + 3
    if text[i] == "[":
        close = text.find("]", i)
        code = text[i + 1:close] if close > 0 else text[i + 1:]
        kind = kw.kind_of(code, "en") if close > 0 and 1 <= len(code) <= 2 else None
        if kind is None:
            what = f"missing ']' after '{text[start:]}'" if close < 0 else f"unknown piece '[{code}]'"
            raise _at(where, start, f"{what} in the FEN (in brackets, a Popeye English code: [N] "
                      "nightrider, [CA] camel)")
        return code, kind, close + 1
    code = text[i]
    kind = FEN_KINDS.get(code.upper()) or kw.kind_of(code, "en") if code.isalpha() else None
    if kind is None:
        message = (f"unknown piece letter '{code}'" if code.isalpha() else f"unexpected '{code}'")
        raise _at(where, i, f"{message} in the FEN ({PLACEMENT_HELP})")
    return code, kind, i + 1


def _at(where: Word, offset: int, message: str) -> InputError:
    return Word(where.text, where.line, where.column + offset).error(message)
