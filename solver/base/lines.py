"""Lines of input text: their ends, and how much of them a message shows.

Every reader (native, Popeye and statement files, standard input, the
Popeye output given to `check --expected`) accepts LF, CRLF and CR-only
(old Mac) line ends, mixed as they come: `unify_line_ends` turns each of
them into one LF before anything is read, so the readers and their line
numbers only ever know LF.  A CRLF is one line end, a lone CR is one too,
as editors count them, so the line and column of an error are the ones
the user's editor shows.

Messages echo the user's text (a token, the offending line); a 500 KB
token must not become a 500 KB line on the terminal, so `cut_long_words`
and `window` cut them to a readable width, keeping the caret under the
right place.
"""

from __future__ import annotations

import re

LINE_BREAK = re.compile(r"\r\n|\r|\n")

# The widest word and source line a message shows (characters), and the
# longest message: past that, text is cut and an ellipsis marks the cut.
WORD_WIDTH = 80
LINE_WIDTH = 80
MESSAGE_WIDTH = 500
ELLIPSIS = "…"

_LONG_WORD = re.compile(r"\S{%d,}" % (WORD_WIDTH + 1))
_CLOSING = "'\")]}>"


def unify_line_ends(text: str) -> str:
    """`text` with every CRLF and every lone CR made an LF (columns unchanged)."""
    return LINE_BREAK.sub("\n", text) if "\r" in text else text


def decode(data: bytes) -> str:
    """Bytes of a problem file as text: UTF-8, or else Latin-1 (as many Popeye
    collections are written), which decodes any bytes at all."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def _cut_word(match: re.Match) -> str:
    word = match.group()
    closing = word[-1] if word[-1] in _CLOSING else ""
    return word[:WORD_WIDTH - 1 - len(closing)] + ELLIPSIS + closing


def cut_long_words(message: str) -> str:
    """`message` with each word longer than WORD_WIDTH cut (a closing quote or
    bracket kept), and the whole cut at MESSAGE_WIDTH."""
    if len(message) <= WORD_WIDTH:
        return message
    message = _LONG_WORD.sub(_cut_word, message)
    if len(message) > MESSAGE_WIDTH:
        message = message[:MESSAGE_WIDTH - 1] + ELLIPSIS
    return message


def window(line: str, column: int, width: int = LINE_WIDTH) -> tuple[str, int]:
    """At most `width` characters of `line` around `column` (1-based), and the
    column of the same character in what is shown: the whole line when it is
    short enough, else a window with an ellipsis at each end that was cut."""
    if len(line) <= width:
        return line, column
    column = max(1, min(column, len(line) + 1))
    start = max(0, min(column - 1 - width // 2, len(line) - width))
    end = start + width
    head = ELLIPSIS if start > 0 else ""
    tail = ELLIPSIS if end < len(line) else ""
    start += len(head)           # the ellipses take the place of a character each
    end -= len(tail)
    return head + line[start:end] + tail, column - start + len(head)
