"""Text to problems: the Lark grammars and the Transformers that build `solver.model.problem.Problem`.

Four input formats, recognised by content: Popeye input files (English,
French, German), feerie's native collection format, one-line statements
(`FEN STIPULATION [CONDITION...]`, EPD lines among them) and YACPDB/Olive
YAML entries (`grammar.yacpdb`, which also writes them: `format_yaml`).

    load(text, filename) -> list[Problem | ProblemError]   one item per problem
    load_strict(text, filename) -> list[Problem]          raises the first error
    load_file(path) -> list[Problem | ProblemError]
    load_statement(line) -> Problem | ProblemError
    parse_statement(line) -> Problem                       raises if wrong or unsupported
    format_native(problem) -> str
"""

from grammar.loader import (ProblemError, detect_format, load, load_file, load_statement, load_strict,
                            parse_statement, read_text)
from grammar.stipulation import parse_stipulation, starting_side


def __getattr__(name: str):
    """`format_native` on first use: grammar.native is not needed to read a statement (start-up)."""
    if name == "format_native":
        from grammar.native import format_native

        return format_native
    raise AttributeError(f"module 'grammar' has no attribute {name!r}")

__all__ = ["ProblemError", "detect_format", "format_native", "load", "load_file", "load_statement", "load_strict",
           "parse_statement", "parse_stipulation", "read_text", "starting_side"]
