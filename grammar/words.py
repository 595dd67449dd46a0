"""A word of input with the place it came from.

The hand-written readers (Popeye keywords, conditions, options) work on
lists of these so that every error they raise can name line and column.
"""

from __future__ import annotations

from collections import namedtuple

from solver.base.errors import InputError


class Word(namedtuple("Word", ("text", "line", "column"))):
    """text: str; line, column: int, 1-based.  (collections.namedtuple: typing
    is not imported, start-up.)"""

    __slots__ = ()

    def error(self, message: str) -> InputError:
        """An InputError pointing at this word (file and line text filled in later)."""
        return InputError(message, line=self.line, column=self.column)
