"""Loading the grammars and turning Lark's exceptions into one clear message."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

_HERE = Path(__file__).parent

# What to call a terminal in a message ("expected a square").
_NAMES = {
    "SQUARE": "a square", "PIECES": "a piece and its squares (Ke1, Pa2b2)", "KIND": "a piece name",
    "COLOUR": "a colour (White, Black, Neutral)", "STIPULATION": "a stipulation", "WORD": "a word",
    "TEXT": "text", "ROTATION": "90, 180 or 270", "MIRROR": "a1<-->h1, a1<-->a8, a1<-->h8 or a8<-->h1",
    "_NL": "the end of the line", "$END": "the end of the input", "RANK": "a rank of the position",
    "SLASH": "'/'", "SIDE": "w or b", "CASTLING": "castling rights (KQkq or -)",
    "EP": "an en passant square or -", "CLOCK": "a move counter", "VALUE": "a value",
    "KEY": "a key (stipulation:, white:, ...)", "NUMBER": "a number",
}


@lru_cache(maxsize=None)
def parser(name: str, start: str = "start") -> Lark:
    """The LALR parser (contextual lexer) of grammar file `name`.lark."""
    text = (_HERE / f"{name}.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", start=start,
                propagate_positions=False, maybe_placeholders=False, cache=False)


def _name(terminal: str) -> str:
    if terminal in _NAMES:
        return _NAMES[terminal]
    if terminal.startswith("__ANON") or terminal.isupper():
        return terminal.lower()
    return terminal


def describe(err: UnexpectedInput, source_text: str) -> str:
    """A short message for a Lark error; `source_text` is the text Lark read."""
    if isinstance(err, UnexpectedCharacters):
        lines = source_text.split("\n")
        line = lines[err.line - 1] if 0 < err.line <= len(lines) else ""
        word = line[err.column - 1:].split(" ")[0] or repr(source_text[err.pos_in_stream:err.pos_in_stream + 1])
        expected = sorted({_name(t) for t in err.allowed or ()} - {"the end of the line"})
        if len(expected) == 1:
            return f"unexpected '{word}' (expected {expected[0]})"
        return f"unexpected '{word}'"
    if isinstance(err, UnexpectedToken):
        token = err.token
        expected = sorted({_name(t) for t in err.expected if not t.startswith("__")})
        got = "the end of the line" if token.type == "_NL" else (
            "the end of the input" if token.type == "$END" else f"'{token.value}'")
        if expected and len(expected) <= 3:
            return f"expected {' or '.join(expected)}, found {got}"
        return f"unexpected {got}"
    if isinstance(err, UnexpectedEOF):
        return "unexpected end of input"
    return str(err).split("\n")[0]
