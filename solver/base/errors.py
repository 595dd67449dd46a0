"""The one error type the user sees.

Every problem with the user's input (a file, a statement, a FEN, a command
argument) is raised as `InputError`; the CLI prints `format()` and exits 2.
Keeping the location here (file, line, column, the offending line) lets each
layer add what it knows without the others caring.

What the user wrote is echoed, but cut to a readable width (`solver.base.lines`):
a long word in the message when the error is made, so that every consumer
(text, JSON, a batch's database) gets the short form, and the source line
when it is shown, as a window around the column.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.base.lines import cut_long_words, window


@dataclass
class InputError(Exception):
    message: str
    file: str | None = None
    line: int | None = None
    column: int | None = None
    text: str | None = None  # the offending line, for a caret display

    def __post_init__(self) -> None:
        self.message = cut_long_words(self.message)

    def __str__(self) -> str:
        return self.format()

    def located(self, file: str | None = None, line: int | None = None,
                column: int | None = None, text: str | None = None) -> "InputError":
        """A copy with the location filled in where it was still unknown."""
        return InputError(self.message, self.file or file,
                          self.line if self.line is not None else line,
                          self.column if self.column is not None else column,
                          self.text if self.text is not None else text)

    def format(self) -> str:
        where = ""
        if self.file is not None:
            where = self.file
            if self.line is not None:
                where += f":{self.line}"
                if self.column is not None:
                    where += f":{self.column}"
            where += ": "
        elif self.line is not None:
            where = f"line {self.line}" + (f", column {self.column}" if self.column is not None else "") + ": "
        out = where + self.message
        if self.text is not None and self.column is not None:
            shown, column = window(self.text.rstrip("\r\n").expandtabs(1), self.column)
            out += "\n    " + shown + "\n    " + " " * (column - 1) + "^"
        return out


class InputWarning(UserWarning):
    """Input feerie reads although it is not quite as Popeye wants it (a file that
    ends without EndProblem): raised with `warnings.warn`, so a library caller
    may filter it, and the CLI prints it as one line on standard error."""
