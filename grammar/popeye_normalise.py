"""Popeye input in any of its languages -> canonical English Popeye, one item a line.

Why a hand-written pass before Lark: Popeye's input is not a context-free
language of fixed keywords.  A word may be any unique prefix of a keyword in
the table of the current language (`stei`, `ford`, `weit`, `vari`), the
table depends on where the word stands (after `Steine` a word is a colour, a
piece attribute or a piece list; after `Bedingung` a condition or one of *that
condition's* parameters), and a section simply ends at the first word its
table does not know, which is then read as the next keyword.  Expressing that
as LALR terminals would need one regular expression per keyword *prefix* and
language, and a grammar rule per condition; it would be contorted and would
still not reproduce Popeye's "first unique prefix wins" rule.

So this module resolves the words (language, abbreviations, piece letters,
which words are parameters of what) exactly as Popeye does and writes the
problem out again in canonical English Popeye, one item per line:

    Author Peter Gvozdjak
    Pieces White Kd6 Qa7 Rc2g5
    Stipulation #2
    Condition Messigny RexExclusive
    Option Variation
    Twin Continued
    Remove c8

That text is itself valid Popeye input, and `popeye.lark` (LALR, contextual
lexer) parses its structure.  Every canonical word remembers the source word
it came from, so errors found later still point at the user's line and column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from bisect import bisect_right
from functools import lru_cache

from solver.model import keywords as kw
from grammar.conditions import ConditionReader, condition_text
from solver.model.keywords import AMBIGUOUS, NOT_FOUND
from grammar.options import OptionReader, option_text
from grammar.stipulation import needs_length
from grammar.words import Word
from solver.base.errors import InputError
from solver.base.lines import LINE_BREAK
_WORD = re.compile(r"[^\s;,]+")
_NUMBER = re.compile(r"[0-9]+(?:\.5)?\Z")

# ITEMS entries (Popeye's InitialTwinToken order)
(REMARK, SSTIPULATION, AUTHOR, ORIGIN, PIECES, CONDITION, OPTION, STIPULATION, PROTOCOL, _SEP,
 TITLE, LATEX, LATEX_PIECES, AWARD, ARRAY, FORSYTH) = range(16)
_TEXT_ITEMS = {REMARK: "Remark", AUTHOR: "Author", ORIGIN: "Origin", TITLE: "Title", AWARD: "Award"}
# TWINNINGS entries
(T_MOVE, T_EXCHANGE, T_STIPULATION, T_SSTIPULATION, T_ADD, T_REMOVE, T_CONTINUED, T_ROTATE,
 T_CONDITION, T_POLISH, T_MIRROR, T_SHIFT, T_SUBSTITUTE) = range(13)
_MIRRORS = ("a1<-->h1", "a1<-->a8", "a1<-->h8", "a8<-->h1")
_COLOURS = ("White", "Black", "Neutral")
_INITIAL_ARRAY = (("White", ("Ra1h1", "Sb1g1", "Bc1f1", "Qd1", "Ke1", "Pa2b2c2d2e2f2g2h2")),
                  ("Black", ("Ra8h8", "Sb8g8", "Bc8f8", "Qd8", "Ke8", "Pa7b7c7d7e7f7g7h7")))


@dataclass
class Chunk:
    """One problem in canonical English Popeye, with the way back to the source."""

    text: str
    line: int                       # first source line of the problem
    language: str
    starts: list[list[int]] = field(default_factory=list)    # per line: column of each word
    sources: list[list[Word]] = field(default_factory=list)  # per line: the source of each word

    def locate(self, line: int, column: int) -> Word:
        """The source position of canonical (line, column): the source word the
        canonical word came from, moved right by the offset inside the word."""
        if not 0 < line <= len(self.starts):
            return Word("", self.line, 1)
        starts = self.starts[line - 1]
        k = bisect_right(starts, column) - 1
        if k < 0:
            k = 0
        word = self.sources[line - 1][k]
        offset = column - starts[k]
        if offset and 0 < offset < len(word.text):
            return Word(word.text, word.line, word.column + offset)
        return word


class _Canon:
    """Builds the canonical text of one problem, remembering where words came from."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.starts: list[list[int]] = []
        self.sources: list[list[Word]] = []

    def add(self, parts: list[tuple[str, Word]]) -> None:
        column = 1
        starts = []
        for part, _ in parts:
            starts.append(column)
            column += len(part) + 1
        self.lines.append(" ".join([part for part, _ in parts]))
        self.starts.append(starts)
        self.sources.append([word for _, word in parts])


class _Source:
    """Popeye's tokeniser: words are runs of characters other than blanks, ';' and
    ','; metadata items take the rest of their line."""

    def __init__(self, text: str) -> None:
        self.lines = LINE_BREAK.split(text)
        new = tuple.__new__
        self.words: list[Word] = [new(Word, (match.group(), number, match.start() + 1))
                                  for number, line in enumerate(self.lines, 1)
                                  for match in _WORD.finditer(line)]
        self.i = 0
        self.first_column: dict[int, int] = {}     # line -> column of its first word
        for word in reversed(self.words):
            self.first_column[word.line] = word.column

    def starts_line(self, word: Word) -> bool:
        return self.first_column.get(word.line) == word.column

    def peek(self) -> Word | None:
        return self.words[self.i] if self.i < len(self.words) else None

    def next(self) -> Word | None:
        word = self.peek()
        if word is not None:
            self.i += 1
        return word

    def rest_of_line(self, after: Word) -> Word | None:
        """The text after word `after` on its line (Popeye's ReadToEndOfLine:
        leading blanks and ';.,' skipped), consuming the words of that line."""
        line = self.lines[after.line - 1]
        start = after.column - 1 + len(after.text)
        rest = line[start:]
        stripped = rest.lstrip(" \t;.,")
        while self.i < len(self.words) and self.words[self.i].line == after.line:
            self.i += 1
        text = stripped.rstrip()
        if not text:
            return None
        return Word(text, after.line, start + len(rest) - len(stripped) + 1)


@lru_cache(maxsize=65536)
def _canonical_piece_word(text: str, language: str) -> str | None:
    """Popeye's rule: a word of odd length has a one-letter piece name, an even
    one a two-letter name; the rest must be squares ('Pb2b3', 'CAc8')."""
    n = 1 if len(text) % 2 == 1 else 2
    if len(text) <= n:
        return None
    kind = kw.kind_of(text[:n], language)
    squares = kw.squares_of(text[n:])
    if kind is None or squares is None:
        return None
    return kind + "".join(squares)


def detect_language(word: str) -> str | None:
    """The language whose BeginProblem `word` abbreviates (Popeye tries fr, de, en)."""
    for language in ("fr", "de", "en"):
        if kw.table("BEGIN_PROBLEM", language).lookup(word) == 0:
            return language
    return None


def normalise(text: str) -> tuple[str, list[Chunk | InputError], int | None]:
    """Split Popeye input into problems in canonical English.

    Returns the language, one item per problem (a Chunk, or the InputError
    that stopped reading that problem: reading resumes at the next problem),
    and the line of the last word when the text ends without EndProblem or
    NextProblem (else None): Popeye solves nothing of that last problem,
    feerie reads it as if EndProblem were there and the loader warns.
    Raises InputError if the text is not Popeye input at all."""
    reader = _Reader(text)
    language, items = reader.read()
    return language, items, reader.unended


class _Reader:
    def __init__(self, text: str) -> None:
        self.src = _Source(text)
        self.language = "en"
        self.unended: int | None = None  # the last line, when no EndProblem ends the text

    # -- the file -------------------------------------------------------------------

    def read(self) -> tuple[str, list[Chunk | InputError]]:
        src = self.src
        first = src.next()
        if first is None:
            raise InputError("empty input: no problem found", line=1, column=1)
        language = detect_language(first.text)
        if language is None:
            raise first.error(f"'{first.text}' does not start a Popeye problem "
                              "(BeginProblem, AnfangProblem or DebutProbleme)")
        self._set_language(language)
        items: list[Chunk | InputError] = []
        while True:
            try:
                items.append(self.problem())
            except InputError as err:
                items.append(err)
                self._skip_problem()
            word = src.next()
            if word is None:
                if src.words:
                    self.unended = src.words[-1].line
                break
            which = self.problem_end.lookup(word.text)
            if which == 1:   # NextProblem
                continue
            # EndProblem: Popeye stops; feerie goes on if another BeginProblem follows
            following = src.next()
            if following is None or detect_language(following.text) is None:
                break
            self._set_language(detect_language(following.text))
        return self.language, items

    def _set_language(self, language: str) -> None:
        self.language = language
        self.items = kw.table("ITEMS", language)
        self.problem_end = kw.table("PROBLEM_END", language)
        self.twin_start = kw.table("TWIN_START", language)
        self.twinnings = kw.table("TWINNINGS", language)
        self.colours = kw.table("COLOURS", language)
        self.attributes = kw.table("PIECE_ATTRIBUTES", language)
        self.conditions = ConditionReader(language)
        self.options = OptionReader(language)

    def _skip_problem(self) -> None:
        """After an error: move to the next NextProblem/EndProblem that starts a line."""
        src = self.src
        while src.i < len(src.words):
            word = src.words[src.i]
            starts_line = src.i == 0 or src.words[src.i - 1].line != word.line
            if starts_line and self.problem_end.lookup(word.text) >= 0:
                return
            src.i += 1

    # -- what a word is --------------------------------------------------------------------

    def _ends_problem(self, word: Word | None) -> bool:
        return word is None or self.problem_end.lookup(word.text) >= 0

    def _is_keyword(self, word: Word | None) -> bool:
        """Does `word` start an item, a twin or the next problem (so that the
        section before it ends there)?"""
        if word is None:
            return True
        return (self.items.lookup(word.text) != NOT_FOUND or self.problem_end.lookup(word.text) >= 0
                or self.twin_start.lookup(word.text) >= 0)

    # -- one problem -------------------------------------------------------------------

    def problem(self) -> Chunk:
        src = self.src
        start = src.peek()
        canon = _Canon()
        while True:
            word = src.peek()
            if word is None or self._ends_problem(word) or self.twin_start.lookup(word.text) >= 0:
                break
            item = self.items.lookup(word.text)
            if item == AMBIGUOUS:
                raise word.error(f"ambiguous keyword '{word.text}' (could be "
                                 f"{', '.join(self.items.candidates(word.text))})")
            if item == NOT_FOUND:
                raise word.error(f"unknown keyword '{word.text}'")
            src.next()
            self._item(item, word, canon)
        twin = self.twin_start.lookup(src.peek().text) if src.peek() is not None else NOT_FOUND
        if twin == AMBIGUOUS:
            raise src.peek().error(f"ambiguous keyword '{src.peek().text}'")
        if twin == 1:      # ZeroPosition
            word = src.next()
            canon.add([("ZeroPosition", word)])
            self._twin_commands(canon, word, zero=True)
        while (word := src.peek()) is not None and self.twin_start.lookup(word.text) == 0:
            src.next()
            self._twin(canon, word)
        word = src.peek()
        if word is not None and not self._ends_problem(word):
            if self.twin_start.lookup(word.text) == 1:
                raise word.error("ZeroPosition must come before the twins")
            raise word.error(f"unexpected '{word.text}' after the twins "
                             "(only twins and remarks may follow them)")
        line = start.line if start is not None else 1
        return Chunk("\n".join(canon.lines) + "\n", line, self.language, canon.starts, canon.sources)

    def _item(self, item: int, word: Word, canon: _Canon) -> None:
        src = self.src
        if item in _TEXT_ITEMS:
            text = src.rest_of_line(word)
            if text is not None:        # an empty Author or Remark line says nothing
                canon.add([(_TEXT_ITEMS[item], word), (text.text, text)])
        elif item in (PROTOCOL,):
            src.rest_of_line(word)
        elif item == LATEX:
            if src.rest_of_line(word) is not None:
                self._latex_pieces()
        elif item == LATEX_PIECES:
            self._latex_pieces()
        elif item == PIECES:
            self._pieces(canon, word, "Pieces")
        elif item == STIPULATION:
            self._stipulation(canon, word)
        elif item == SSTIPULATION:
            self._sstipulation(canon, word)
        elif item == CONDITION:
            self._conditions(canon, word)
        elif item == OPTION:
            self._options(canon, word)
        elif item == FORSYTH:
            self._forsyth(canon, word)
        elif item == ARRAY:
            for colour, pieces in _INITIAL_ARRAY:
                canon.add([("Pieces", word), (colour, word)] + [(p, word) for p in pieces])

    # -- sections ------------------------------------------------------------------------

    def _after(self, word: Word) -> Word:
        """Where a missing word should have been: the next word on the same line,
        or just after `word`."""
        following = self.src.peek()
        if following is not None and following.line == word.line:
            return following
        return Word(word.text, word.line, word.column + len(word.text))

    def _stipulation(self, canon: _Canon, keyword: Word, name: str = "Stipulation") -> None:
        src = self.src
        stip = src.next()
        if stip is None or (self._is_keyword(stip) and stip.line != keyword.line):
            raise self._after(keyword).error(f"missing stipulation after '{keyword.text}'")
        text = stip.text
        following = src.peek()
        if following is not None and _NUMBER.match(following.text) and needs_length(text):
            text += following.text      # "dia 4", "ser-s00 9": Popeye reads the length on
            src.next()
        canon.add([(name, keyword), (text, stip)])

    def _sstipulation(self, canon: _Canon, keyword: Word, name: str = "SStipulation") -> None:
        parts = [(name, keyword)]
        while not self._is_keyword(self.src.peek()) and not self._is_twinning(self.src.peek()):
            word = self.src.next()
            parts.append((word.text, word))
        if len(parts) == 1:
            raise self._after(keyword).error(f"missing stipulation after '{keyword.text}'")
        side = parts[1][1]
        index = kw.table("COLOURS", self.language).lookup(side.text)
        if index not in (0, 1):
            raise side.error(f"'{side.text}' is not a side: {name} starts with the side to move "
                             f"({' or '.join(kw.table('COLOURS', self.language).words[:2])})")
        parts[1] = (("White", "Black")[index], side)
        if len(parts) == 2:
            raise self._after(side).error(f"missing stipulation after '{side.text}'")
        canon.add(parts)

    def _keyword_line(self, word: Word) -> bool:
        """A word that starts its line and names a keyword unambiguously ends a run
        of conditions or options even if it could also name one (French 'pieces'
        is also the start of 'PiecesPerdues'); Popeye would read it as a
        condition, which is never what the author meant."""
        return self.src.starts_line(word) and (
            self.items.lookup(word.text) >= 0 or self.problem_end.lookup(word.text) >= 0
            or self.twin_start.lookup(word.text) >= 0)

    def _is_twinning(self, word: Word | None) -> bool:
        return word is not None and self.twinnings.lookup(word.text) >= 0

    def _conditions(self, canon: _Canon, keyword: Word, *, in_twin: bool = False) -> None:
        src = self.src
        found, src.i = self.conditions.read(src.words, src.i, self._keyword_line)
        if not found:
            word = src.peek()
            if word is None or (self._is_keyword(word) and word.line != keyword.line):
                raise self._after(keyword).error(f"missing condition after '{keyword.text}'")
            raise self.conditions.unknown(word)
        word = src.peek()
        if not self._is_keyword(word) and not (in_twin and self._is_twinning(word)):
            raise self.conditions.unknown(word)
        for condition, name_word in found:
            canon.add([("Condition", keyword), (condition_text(condition), name_word)])

    def _options(self, canon: _Canon, keyword: Word) -> None:
        src = self.src
        found, src.i = self.options.read(src.words, src.i, self._keyword_line)
        if not found:
            word = src.peek()
            if word is None or (self._is_keyword(word) and word.line != keyword.line):
                raise self._after(keyword).error(f"missing option after '{keyword.text}'")
            raise word.error(f"unknown option '{word.text}'")
        word = src.peek()
        if not self._is_keyword(word):
            raise word.error(f"unknown option '{word.text}'")
        for option, name_word in found:
            canon.add([("Option", keyword), (option_text(option), name_word)])

    # -- pieces -------------------------------------------------------------------------------

    def _piece_word(self, word: Word) -> str | None:
        """'Pb2b3' -> 'Pb2b3' in canonical English (kind upper case, squares lower
        case), or None if the word is not a piece name and squares."""
        return _canonical_piece_word(word.text, self.language)

    def _pieces(self, canon: _Canon, keyword: Word, name: str) -> None:
        """Popeye's ParsePieces: (colour attribute* (piece-and-squares)+)+."""
        src = self.src
        groups = 0
        while True:
            word = src.peek()
            colour = self.colours.lookup(word.text) if word is not None else NOT_FOUND
            if colour == AMBIGUOUS:
                raise word.error(f"ambiguous colour '{word.text}'")
            if colour == NOT_FOUND:
                if groups == 0:
                    where = word if word is not None and not self._is_keyword(word) else self._after(keyword)
                    raise where.error(f"expected a colour ({', '.join(self.colours.words[:3])}) "
                                      f"after '{keyword.text}'")
                return
            if colour == 3:
                raise word.error("total invisible pieces are not supported")
            src.next()
            colour_word = word
            attributes: list[tuple[str, Word]] = []
            while (word := src.peek()) is not None:
                index = self.attributes.lookup(word.text)
                if index == NOT_FOUND:
                    break
                if index == AMBIGUOUS:
                    raise word.error(f"ambiguous piece attribute '{word.text}'")
                attributes.append((kw.english("PIECE_ATTRIBUTES", index), word))
                src.next()
            pieces: list[tuple[str, Word]] = []
            while (word := src.peek()) is not None:
                spec = self._piece_word(word)
                if spec is not None:
                    src.next()
                    pieces.append((spec, word))
                    continue
                alone = kw.kind_of(word.text, self.language) if len(word.text) <= 2 else None
                if alone is not None:            # 'S a1b2': name, then squares
                    src.next()
                    squares_word = src.peek()
                    squares = kw.squares_of(squares_word.text) if squares_word is not None else None
                    if squares is None:
                        raise self._after(word).error(f"missing squares after piece '{word.text}'")
                    src.next()
                    pieces.append((alone + "".join(squares), word))
                    continue
                if "/" in word.text[:3] and not self._is_keyword(word):
                    raise word.error(f"hunter pieces ('{word.text}') are not supported")
                if (self.colours.lookup(word.text) != NOT_FOUND or self._is_keyword(word)
                        or (name == "Add" and self._is_twinning(word))):
                    break
                raise self._bad_piece(word)
            if not pieces:
                raise self._after(colour_word).error(f"expected pieces after '{colour_word.text}'")
            self._emit_pieces(canon, name, keyword, colour, colour_word, attributes, pieces)
            groups += 1

    def _bad_piece(self, word: Word) -> InputError:
        text = word.text
        n = 1 if len(text) % 2 == 1 else 2
        if len(text) > n and kw.kind_of(text[:n], self.language) is not None and any(c.isdigit() for c in text):
            rest = text[n:]
            good = 0
            while good + 2 <= len(rest) and kw.squares_of(rest[good:good + 2]):
                good += 2
            bad = rest[good:good + 2] or rest[good:]
            return Word(text, word.line, word.column + n + good).error(f"bad square '{bad}' in '{text}'")
        if any(c.isdigit() for c in text):
            return word.error(f"unknown piece in '{text}' (piece letters are those of the "
                              f"{kw.LANGUAGE_NAMES[self.language]} input)")
        return word.error(f"unexpected '{text}' in the piece list")

    def _emit_pieces(self, canon, name, keyword, colour, colour_word, attributes, pieces) -> None:
        # Popeye: "royal" applies only to the piece word right after it
        head = [(name, keyword), (_COLOURS[colour], colour_word)]
        if any(a == "Royal" for a, _ in attributes):
            canon.add(head + attributes + pieces[:1])
            attributes = [(a, w) for a, w in attributes if a != "Royal"]
            pieces = pieces[1:]
        if pieces:
            canon.add(head + attributes + pieces)

    def _forsyth(self, canon: _Canon, keyword: Word) -> None:
        """Popeye's Forsyth: ranks from a8, digits skip (up to two digits), '/'
        is ignored, lower case black, '.' before a two-letter name, and a
        '+', '-', '=' prefix forces white, black, neutral.  Only a piece can
        fall off the board: Popeye's examples end in a '/' after h1, or
        in a run of blanks past it ('.../4r1p1/16')."""
        word = self.src.next()
        if word is None:
            raise self._after(keyword).error("missing position after 'Forsyth'")
        text = word.text
        square = 0          # 0 = a8, 63 = h1
        i = 0
        placed: dict[int, list[str]] = {0: [], 1: [], 2: []}
        while i < len(text):
            ch = text[i]
            if ch.isdigit():
                j = i + 1
                if j < len(text) and text[j].isdigit():
                    j += 1
                square += int(text[i:j])
                i = j
                continue
            if ch == "/":
                i += 1
                continue
            if square >= 64:
                raise Word(text, word.line, word.column + i).error("too many squares in the Forsyth position")
            colour = None
            if ch in "=+-":
                colour = "=+-".index(ch)
                colour = (2, 0, 1)[colour]
                i += 1
            width = 1
            if i < len(text) and text[i] == ".":
                i += 1
                width = 2
            letters = text[i:i + width]
            kind = kw.kind_of(letters, self.language) if len(letters) == width else None
            if kind is None:
                raise Word(text, word.line, word.column + i).error(
                    f"unknown piece '{letters}' in the Forsyth position")
            if colour is None:
                colour = 1 if letters[0].islower() else 0
            file, rank = square % 8, 8 - square // 8
            placed[colour].append(kind + "abcdefgh"[file] + str(rank))
            square += 1
            i += width
        for colour in (0, 1, 2):
            if placed[colour]:
                canon.add([("Pieces", keyword), (_COLOURS[colour], word)] + [(p, word) for p in placed[colour]])

    def _latex_pieces(self) -> None:
        """LaTeX piece definitions ('n SU Nachtreiter'): name, abbreviation, full
        name to the end of the line; they only matter for LaTeX output."""
        src = self.src
        while (word := src.peek()) is not None and len(word.text) < 3 \
                and kw.kind_of(word.text, self.language) is not None:
            src.next()
            abbreviation = src.next()
            if abbreviation is None:
                return
            src.rest_of_line(abbreviation)

    # -- twins ------------------------------------------------------------------------------

    def _twin(self, canon: _Canon, keyword: Word) -> None:
        src = self.src
        word = src.peek()
        continued = word is not None and self.twinnings.lookup(word.text) == T_CONTINUED
        if continued:
            src.next()
            canon.add([("Twin", keyword), ("Continued", word)])
        else:
            canon.add([("Twin", keyword)])
        self._twin_commands(canon, keyword)

    def _twin_commands(self, canon: _Canon, keyword: Word, zero: bool = False) -> None:
        src = self.src
        commands = 0
        while (word := src.peek()) is not None:
            command = self.twinnings.lookup(word.text)
            if command == AMBIGUOUS:
                raise word.error(f"ambiguous twin command '{word.text}' (could be "
                                 f"{', '.join(self.twinnings.candidates(word.text))})")
            if command == NOT_FOUND:
                if self.items.lookup(word.text) == REMARK:
                    src.next()
                    text = src.rest_of_line(word)
                    if text is not None:
                        canon.add([("Remark", word), (text.text, text)])
                    continue
                if self._is_keyword(word):
                    break
                raise word.error(f"unknown twin command '{word.text}'{self._in_this_language(word)}")
            src.next()
            commands += 1
            self._twin_command(command, word, canon)
        if commands == 0 and not zero:
            raise self._after(keyword).error(f"'{keyword.text}' needs at least one change "
                                             "(move, exchange, remove, add, stipulation...)")

    def _in_this_language(self, word: Word) -> str:
        """For a twin command of another language ('add' in a German file): its
        word in this one.  Popeye does not read it either: it makes an empty twin
        and reports the words that follow as offending items."""
        for language in kw.LANGUAGE_NAMES:
            command = kw.table("TWINNINGS", language).lookup(word.text)
            if language != self.language and command >= 0:
                own = self.twinnings.words[command]
                return f" (in {kw.LANGUAGE_NAMES[self.language]}: {own})"
        return ""

    def _square(self, after: Word, what: str) -> tuple[str, Word]:
        word = self.src.peek()
        squares = kw.squares_of(word.text) if word is not None else None
        if squares is None or len(squares) != 1:
            where = word if word is not None and word.line == after.line else self._after(after)
            raise where.error(f"{what} needs a square here")
        self.src.next()
        return squares[0], word

    def _twin_command(self, command: int, word: Word, canon: _Canon) -> None:
        src = self.src
        name = kw.english("TWINNINGS", command)
        if command == T_CONTINUED:
            raise word.error(f"'{word.text}' must come first in a twin")
        if command in (T_MOVE, T_EXCHANGE, T_SHIFT):
            first = self._square(word, f"'{word.text}'")
            second = self._square(first[1], f"'{word.text}'")
            canon.add([(name.capitalize(), word), first, second])
        elif command == T_REMOVE:
            following = src.peek()
            squares = kw.squares_of(following.text) if following is not None else None
            if squares is None:
                raise self._after(word).error(f"'{word.text}' needs the squares of the pieces to remove")
            src.next()
            canon.add([("Remove", word)] + [(s, following) for s in squares])
        elif command == T_ADD:
            self._pieces(canon, word, "Add")
        elif command == T_STIPULATION:
            self._stipulation(canon, word)
        elif command == T_SSTIPULATION:
            self._sstipulation(canon, word)
        elif command == T_CONDITION:
            self._conditions(canon, word, in_twin=True)
        elif command == T_POLISH:
            canon.add([("PolishType", word)])
        elif command == T_ROTATE:
            value = src.next()
            if value is None or value.text not in ("90", "180", "270"):
                raise (value or self._after(word)).error(f"'{word.text}' needs 90, 180 or 270")
            canon.add([("Rotate", word), (value.text, value)])
        elif command == T_MIRROR:
            value = src.next()
            index = kw.table("MIRRORS", self.language).lookup(value.text) if value is not None else NOT_FOUND
            if index < 0:
                raise (value or self._after(word)).error(
                    f"'{word.text}' needs one of {', '.join(_MIRRORS)}")
            canon.add([("Mirror", word), (_MIRRORS[index], value)])
        elif command == T_SUBSTITUTE:
            kinds = []
            for _ in range(2):
                value = src.next()
                kind = kw.kind_of(value.text, self.language) if value is not None and len(value.text) <= 2 else None
                if kind is None:
                    raise (value or self._after(word)).error(f"'{word.text}' needs two piece names")
                kinds.append((kind, value))
            canon.add([("Substitute", word)] + kinds)
