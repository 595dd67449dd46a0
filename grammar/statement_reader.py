"""A hand-written reader for one-line statements, in place of Lark (start-up,
issue 11: importing Lark and loading its parser cost more than a one-line
solve).

`read(text)` splits a statement as `grammar/statement.lark` does and returns
its tokens (`Fields`: the ranks of the placement, the FEN fields, the
stipulation and the words after it, each with its 1-based column), or None
for anything it does not take: the caller then asks Lark, so that every
error message stays Lark's.  It takes printable ASCII words separated by
spaces and tabs; the placement is the first word (ranks of
`[A-Za-z0-9.+=\\[\\]-]` joined by '/'), then, as Lark's contextual lexer
reads them, the optional side (w/b), castling, en passant and the two clocks
(each a whole word, taken when it matches, before the stipulation's
anything-but-space), the stipulation, and the other words.
tests/test_hand_readers.py checks it against Lark.
"""

from __future__ import annotations

from collections import namedtuple

_RANK_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.+=[]-")
_WORD_CHARS = frozenset(chr(c) for c in range(0x21, 0x7F))
_DIGITS = frozenset("0123456789")


# A token as Lark's gives it to `grammar.statement`: its text and its 1-based column.
Tok = namedtuple("Tok", ("value", "column"))
# The tokens of a statement: lists of Tok but `stipulation`; `fen_fields`: side
# [castling [en passant [clock clock]]], as many as given.
Fields = namedtuple("Fields", ("ranks", "fen_fields", "stipulation", "words"))


def _castling(word: str) -> bool:
    """`(?:-|KQ?k?q?|Qk?q?|kq?|q)` over the whole word."""
    if word == "-":
        return True
    rest = word
    for letter in "KQkq":
        if rest.startswith(letter):
            rest = rest[1:]
    return rest == "" and word != ""


def _words(text: str) -> list[Tok] | None:
    words = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == " " or c == "\t":
            i += 1
            continue
        start = i
        while i < n and text[i] in _WORD_CHARS:
            i += 1
        if i < n and text[i] != " " and text[i] != "\t":
            return None  # a character Lark's \S and \s may read otherwise (non-ASCII, control)
        words.append(Tok(text[start:i], start + 1))
    return words


def read(text: str) -> Fields | None:
    """The tokens of the statement `text` (its line end already removed), or None: ask Lark."""
    words = _words(text)
    if not words:
        return None
    first = words[0]
    ranks = []
    column = first.column
    for rank in first.value.split("/"):
        if not rank or not _RANK_CHARS.issuperset(rank):
            return None
        ranks.append(Tok(rank, column))
        column += len(rank) + 1
    k = 1
    if k < len(words) and words[k].value.startswith("/"):
        return None  # Lark would go on with the placement across the space
    fields = []
    # side, castling, en passant: each taken when the word matches (priority 2 over the stipulation)
    checks = (lambda w: w in ("w", "b", "W", "B"), _castling,
              lambda w: w == "-" or len(w) == 2 and w[0] in "abcdefgh" and w[1] in "12345678")
    for check in checks:
        if k < len(words) and check(words[k].value):
            fields.append(words[k])
            k += 1
        else:
            break
    else:
        if k < len(words) and _DIGITS.issuperset(words[k].value):
            # two clocks, then the stipulation; anything else is Lark's (to refuse)
            if k + 1 < len(words) and _DIGITS.issuperset(words[k + 1].value):
                fields.extend(words[k:k + 2])
                k += 2
            else:
                return None
    if k >= len(words):
        return None  # no stipulation: Lark's message
    return Fields(ranks, fields, words[k], words[k + 1:])
