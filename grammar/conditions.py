"""Conditions and their parameters, read from a list of words as Popeye reads them.

A condition line is a run of words where each condition name is followed by
its own kind of parameters (Circe variants, square lists, piece names,
Type1...); the next word that is not a parameter of the current condition is
either another condition or the end of the run.  Which words a condition
takes is therefore a property of that condition, not of the grammar, and it is
listed here (`_PARAMETER_KIND`).  Conditions feerie cannot solve are read the
same way, their parameters kept, and marked `supported=False`.

Parameters are stored in canonical English: variant words as Popeye's English
tables spell them, squares lower case one per parameter, pieces as the model's
kinds, numbers as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from solver.model import keywords as kw
from solver.model import vocabulary as vocab
from solver.model.keywords import AMBIGUOUS, NOT_FOUND, PrefixTable
from grammar.words import Word
from solver.base.errors import InputError
from solver.model.problem import Condition

_PARAMETER_KIND: dict[str, str] = {}


def _kind(kind: str, ids: str) -> None:
    for cond_id in ids.split():
        assert cond_id in vocab.CONDITION_IDS, cond_id
        _PARAMETER_KIND[cond_id] = kind


_kind("circe", "circe immun mars antimars phantom geneva anticirce")
_kind("rex", "circediametral circemirrorvertical circerank circediagramm circefile circecouscousmirror "
             "circeequipollents circesymmetry circeverticalsymmetry circehorizontalsymmetry circeantipoden "
             "circemirror circefilemirror circeclonemirror circedoubleagents circeassassin circeclone frischauf "
             "immunmirror immundiagramm madras bolero bolero_inverse powertransfer marsmirror antimarsmirror "
             "antimarsantipodean woozles biwoozles heffalumps biheffalumps protean frankfurt messigny")
_kind("chameleon", "circechameleon chamchess chameleonsequence")
_kind("walks+", "april promotiononly")
_kind("walks", "football immobilio")
_kind("squares", "imitators wormholes holes whprom_sq blprom_sq whforsqu blforsqu whconforsqu blconforsqu")
_kind("magic", "magicsquare")
_kind("square", "blroyalsq whroyalsq")
_kind("dister", "blmaxdister blmindister whmaxdister whmindister")
_kind("vault", "vault_king whvault_king blvault_king")
_kind("mummer", "blmax blmin blcapt whmax whmin whcapt")
_kind("anticirce", "antimirror antiequipollents antiantipoden antimirrorfile antisymmetrie "
                   "antiverticalsymmetrie antihorizontalsymmetrie antifile antidiagramm antisuper")
_kind("isardam", "isardam")
_kind("annan", "annan nanna")
_kind("oscillating", "white_oscillatingKs black_oscillatingKs")
_kind("singlebox", "singlebox")
_kind("republican", "republican")
_kind("kobul", "kobulkings multicaptures")
_kind("sentinelles", "sentinelles")
_kind("breton", "breton")
_kind("cast", "cast")
_kind("takemake", "takemake")
_kind("pad", "pad")
_kind("koeko", "koeko antikoeko")
_kind("sat", "SAT strictSAT")
_kind("bgl", "BGL")
_kind("grid", "gridchess")
_kind("lastcapture", "lastcapture")
_kind("number", "role_exchange")

_NUMBER = re.compile(r"[0-9]+\Z")
_BGL_NUMBER = re.compile(r"[0-9.,-]+\Z")
_GRID_LINES = re.compile(r"[a-hA-H1-8]+\Z")
_EXTRA_GRID_LINE = re.compile(r"[hvHV][a-hA-H][1-8][1-9]\Z")
_REX = ("RexInclusive", "RexExclusive")


class ConditionReader:
    """Reads runs of conditions in one language (Popeye's ParseCond, as data)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.conditions = kw.table("CONDITIONS", language)
        self.extra = kw.table("EXTRA_CONDITIONS", language)
        self.marseillais = _marseillais_table(language)

    def unknown(self, word: Word) -> InputError:
        """The error for a word that names no condition, with the names spelt like it."""
        close = self.conditions.closest(word.text) or self.extra.closest(word.text)
        hint = f" (did you mean {' or '.join(close)}?)" if close else ""
        return word.error(f"unknown condition '{word.text}'{hint}")

    # -- what a word is ---------------------------------------------------------------

    def lookup(self, word: Word) -> int:
        """The condition id `word` names, NOT_FOUND, or raises on an ambiguous word.
        Extra conditions (Maximummer, UltraSchachZwang) get ids -10, -11."""
        found = self.conditions.lookup(word.text)
        if found == AMBIGUOUS:
            raise word.error(f"ambiguous condition '{word.text}' (could be "
                             f"{', '.join(self.conditions.candidates(word.text)[:6])})")
        if found != NOT_FOUND:
            return kw.resolve("CONDITIONS", self.language, found)
        extra = self.extra.lookup(word.text)
        if extra == AMBIGUOUS:
            raise word.error(f"ambiguous condition '{word.text}'")
        if extra != NOT_FOUND:
            return -10 - extra
        return NOT_FOUND

    def variant(self, table_name: str, word: Word | None) -> int:
        """Index of `word` in a parameter table, or NOT_FOUND."""
        if word is None:
            return NOT_FOUND
        found = kw.table(table_name, self.language).lookup(word.text)
        if found == AMBIGUOUS:
            raise word.error(f"ambiguous word '{word.text}'")
        return found

    def walk(self, word: Word | None) -> str | None:
        """The piece kind a whole word names ('S', 'CA'), or None."""
        if word is None or len(word.text) > 2:
            return None
        return kw.kind_of(word.text, self.language)

    # -- reading ----------------------------------------------------------------------

    def read(self, words: Sequence[Word], i: int,
             stop: Callable[[Word], bool] | None = None) -> tuple[list[tuple[Condition, Word]], int]:
        """Read conditions from words[i:] while words name conditions; return them
        (each with the word that named it) and the index of the first word left.
        `stop(word)` ends the run early at a word that could name a condition."""
        found: list[tuple[Condition, Word]] = []
        while i < len(words):
            word = words[i]
            if stop is not None and found and stop(word):
                break
            cond_id = self.lookup(word)
            if cond_id == NOT_FOUND:
                break
            i += 1
            if cond_id <= -10:  # Maximummer / UltraSchachZwang
                name = vocab.EXTRA_CONDITIONS["en"][-10 - cond_id]
                params: list[str] = []
                if name == "Maximummer":
                    i = self._mummer(words, i, params)
                found.append((Condition(name, tuple(params), name in kw.SUPPORTED_EXTRA_CONDITIONS), word))
                continue
            params = []
            if cond_id == kw.MARSEILLAIS:
                i = self._marseillais(words, i, params)
            else:
                kind = _PARAMETER_KIND.get(vocab.CONDITION_IDS[cond_id])
                if kind is not None:
                    i = _READERS[kind](self, words, i, params, cond_id, word)
            found.append((_normalise(cond_id, params), word))
        return found, i

    # -- parameter readers ------------------------------------------------------------

    def _rex(self, words, i, params, *_):
        index = self.variant("CIRCE_VARIANTS", _at(words, i))
        if index in (0, 1):
            params.append(_REX[index])
            i += 1
        return i

    def _circe(self, words, i, params, *_):
        while True:
            index = self.variant("CIRCE_VARIANTS", _at(words, i))
            if index == NOT_FOUND:
                return i
            params.append(kw.english("CIRCE_VARIANTS", index))
            i += 1
            if params[-1] == "Chameleon":
                i = self._walks(words, i, params)
            elif params[-1] == "April":
                i = self._walks_required(words, i, params, None, words[i - 1])

    def _walks(self, words, i, params, *_):
        while (kind := self.walk(_at(words, i))) is not None:
            params.append(kind)
            i += 1
        self._refuse_hunter(_at(words, i))
        return i

    def _refuse_hunter(self, word: Word | None) -> None:
        """A hunter in a list of walks ('PromOnly rh/r': a rose-hopper forwards, a
        rook backwards) is a piece feerie does not have: say so, not 'needs piece
        names' (Popeye reads hunters there since 4.79)."""
        if word is None or word.text.count("/") != 1:
            return
        forward, backward = word.text.split("/")
        if all(self.walk(Word(part, word.line, word.column)) is not None for part in (forward, backward)):
            raise word.error(f"hunter pieces ('{word.text}') are not supported")

    def _walks_required(self, words, i, params, cond_id, name_word):
        start = i
        i = self._walks(words, i, params)
        if i == start:
            raise _after(words, i, name_word).error(f"'{name_word.text}' needs piece names after it")
        return i

    def _squares(self, words, i, params, cond_id, name_word, *, required=True):
        start = i
        while (squares := _squares_of(_at(words, i))) is not None:
            params.extend(squares)
            i += 1
        if i == start and required:
            raise _after(words, i, name_word).error(f"condition '{name_word.text}' needs a list of squares")
        return i

    def _magic(self, words, i, params, cond_id, name_word):
        i = self._squares(words, i, params, cond_id, name_word)
        return self._numbered(words, i, params, 2)

    def _square(self, words, i, params, cond_id, name_word):
        squares = _squares_of(_at(words, i))
        if not squares or len(squares) != 1:
            raise _after(words, i, name_word).error(f"condition '{name_word.text}' needs one square")
        params.extend(squares)
        return i + 1

    def _dister(self, words, i, params, cond_id, name_word):
        squares = _squares_of(_at(words, i))
        if not squares or len(squares) != 2 or squares[0] == squares[1]:
            raise _after(words, i, name_word).error(
                f"condition '{name_word.text}' needs two different reference squares")
        params.extend(squares)
        return i + 1

    def _vault(self, words, i, params, *_):
        while True:
            kind = self.walk(_at(words, i))
            if kind is not None:
                params.append(kind)
            elif self.variant("VAULTING_VARIANTS", _at(words, i)) == 0:
                params.append("Transmuting")
            else:
                return i
            i += 1

    def _mummer(self, words, i, params, *_):
        index = self.variant("MUMMER_STRICTNESS", _at(words, i))
        if index in (2, 3):
            params.append(("exact", "ultra")[index - 2])
            i += 1
        return i

    def _anticirce(self, words, i, params, *_):
        index = self.variant("ANTICIRCE_TYPES", _at(words, i))
        if index != NOT_FOUND:
            params.append(kw.english("ANTICIRCE_TYPES", index))
            i += 1
        return i

    def _lettered(self, words, i, params, last: int):
        index = self.variant("LETTERED_TYPES", _at(words, i))
        if 0 <= index <= last:
            params.append(kw.english("LETTERED_TYPES", index))
            i += 1
        return i

    def _numbered(self, words, i, params, last: int, first: int = 0):
        index = self.variant("NUMBERED_TYPES", _at(words, i))
        if first <= index <= last - 1 and index >= 0:
            params.append(kw.english("NUMBERED_TYPES", index))
            i += 1
        return i

    def _isardam(self, words, i, params, *_):
        return self._rex(words, self._lettered(words, i, params, 1), params)

    def _loop(self, table_name: str, words, i, params, numbers_after: tuple[int, ...] = ()):
        while True:
            index = self.variant(table_name, _at(words, i))
            if index == NOT_FOUND:
                return i
            params.append(kw.english(table_name, index))
            i += 1
            if index in numbers_after and _is_number(_at(words, i)):
                params.append(words[i].text)
                i += 1

    def _koeko(self, words, i, params, cond_id, name_word):
        if self.variant("KOEKO_VARIANTS", _at(words, i)) == 0:
            params.append("Neighbour")
            i += 1
            kind = self.walk(_at(words, i))
            if kind is None:
                raise _after(words, i, words[i - 1]).error("'Neighbour' needs a piece name after it")
            params.append(kind)
            i += 1
        return i

    def _numbers(self, words, i, params, limit: int, pattern=_NUMBER):
        for _ in range(limit):
            word = _at(words, i)
            if word is None or not pattern.match(word.text):
                break
            params.append(word.text)
            i += 1
        return i

    def _grid(self, words, i, params, *_):
        while True:
            index = self.variant("GRID_VARIANTS", _at(words, i))
            if index == NOT_FOUND:
                return i
            params.append(kw.english("GRID_VARIANTS", index))
            i += 1
            if index == 3 and _at(words, i) is not None and _GRID_LINES.match(words[i].text):
                params.append(words[i].text.lower())
                i += 1
            elif index == 4:
                while (squares := _squares_of(_at(words, i))) is not None:
                    params.append("".join(squares))
                    i += 1
            elif index == 5:
                while _at(words, i) is not None and _EXTRA_GRID_LINE.match(words[i].text):
                    params.append(words[i].text.lower())
                    i += 1

    def _lastcapture(self, words, i, params, cond_id, name_word):
        colour = self.variant("COLOURS", _at(words, i))
        if colour not in (0, 1, 2):
            raise _after(words, i, name_word).error(f"'{name_word.text}' needs a colour, a piece and a square")
        params.append(kw.english("COLOURS", colour))
        i += 1
        while (index := self.variant("PIECE_ATTRIBUTES", _at(words, i))) != NOT_FOUND:
            params.append(kw.english("PIECE_ATTRIBUTES", index))
            i += 1
        word = _at(words, i)
        spec = _piece_spec(word.text, self.language) if word is not None else None
        if spec is not None and len(spec[1]) == 1:
            params.extend((spec[0], spec[1][0]))
            return i + 1
        kind = self.walk(word)
        square = _squares_of(_at(words, i + 1))
        if kind is None or not square or len(square) != 1:
            raise _after(words, i, name_word).error(f"'{name_word.text}' needs a colour, a piece and a square")
        params.extend((kind, square[0]))
        return i + 2

    def _marseillais(self, words, i, params):
        while (word := _at(words, i)) is not None:
            index = self.marseillais.lookup(word.text)
            if index == AMBIGUOUS:
                raise word.error(f"ambiguous word '{word.text}'")
            if index == NOT_FOUND:
                break
            params.append(kw.MARSEILLAIS_PARAMETERS[index])
            i += 1
        return i


def _at(words: Sequence[Word], i: int) -> Word | None:
    return words[i] if i < len(words) else None


def _after(words: Sequence[Word], i: int, previous: Word) -> Word:
    """The word where a missing parameter should have been (for the caret)."""
    word = _at(words, i)
    if word is not None and word.line == previous.line:
        return word
    return Word(previous.text, previous.line, previous.column + len(previous.text))


def _is_number(word: Word | None) -> bool:
    return word is not None and bool(_NUMBER.match(word.text))


def _squares_of(word: Word | None) -> list[str] | None:
    return kw.squares_of(word.text) if word is not None else None


def _piece_spec(text: str, language: str) -> tuple[str, list[str]] | None:
    """'Qd4' -> ('Q', ['d4']): a piece name and squares in one word (Popeye's rule:
    an odd-length word has a one-letter piece name, an even one two letters)."""
    n = 1 if len(text) % 2 == 1 else 2
    kind = kw.kind_of(text[:n], language)
    squares = kw.squares_of(text[n:]) if len(text) > n else None
    if kind is None or squares is None:
        return None
    return kind, squares


@lru_cache(maxsize=None)
def _marseillais_table(language: str) -> PrefixTable:
    words = kw.MARSEILLAIS_WORDS[language]
    if language != "en":  # the English words work everywhere
        words = words + kw.MARSEILLAIS_WORDS["en"]
    return _IndexedTable(words, len(kw.MARSEILLAIS_PARAMETERS))


class _IndexedTable(PrefixTable):
    """A PrefixTable whose entries repeat every `period` (aliases of the same thing)."""

    __slots__ = ("period",)

    def __init__(self, words, period):
        super().__init__(tuple(words))
        self.period = period

    def lookup(self, token):
        found = super().lookup(token)
        return found % self.period if found >= 0 else found


_READERS: dict[str, Callable] = {
    "circe": ConditionReader._circe,
    "rex": ConditionReader._rex,
    "chameleon": ConditionReader._walks,
    "walks+": ConditionReader._walks_required,
    "walks": ConditionReader._walks,
    "squares": ConditionReader._squares,
    "magic": ConditionReader._magic,
    "square": ConditionReader._square,
    "dister": ConditionReader._dister,
    "vault": ConditionReader._vault,
    "mummer": ConditionReader._mummer,
    "anticirce": ConditionReader._anticirce,
    "isardam": ConditionReader._isardam,
    "annan": lambda self, w, i, p, *_: self._lettered(w, i, p, 3),
    "oscillating": lambda self, w, i, p, *_: self._lettered(w, i, p, 2),
    "singlebox": lambda self, w, i, p, *_: self._numbered(w, i, p, 3),
    "republican": lambda self, w, i, p, *_: self._numbered(w, i, p, 2),
    "kobul": lambda self, w, i, p, *_: _one(self, "KOBUL_SIDES", w, i, p),
    "sentinelles": lambda self, w, i, p, *_: self._loop("SENTINELLES_VARIANTS", w, i, p, numbers_after=(3, 4, 5)),
    "breton": lambda self, w, i, p, *_: self._loop("BRETON_VARIANTS", w, i, p),
    "cast": lambda self, w, i, p, *_: self._loop("CAST_VARIANTS", w, i, p),
    "takemake": lambda self, w, i, p, *_: self._loop("TAKEMAKE_VARIANTS", w, i, p),
    "pad": lambda self, w, i, p, *_: _pad(self, w, i, p),
    "koeko": ConditionReader._koeko,
    "sat": lambda self, w, i, p, *_: self._numbers(w, i, p, 2),
    "bgl": lambda self, w, i, p, *_: self._numbers(w, i, p, 2, _BGL_NUMBER),
    "grid": ConditionReader._grid,
    "lastcapture": ConditionReader._lastcapture,
    "number": lambda self, w, i, p, *_: self._numbers(w, i, p, 1),
}


def _one(reader: ConditionReader, table_name: str, words, i, params):
    index = reader.variant(table_name, _at(words, i))
    if index != NOT_FOUND:
        params.append(kw.english(table_name, index))
        i += 1
    return i


def _pad(reader: ConditionReader, words, i, params):
    while (index := reader.variant("CIRCE_VARIANTS", _at(words, i))) in (0, 29):  # RexInclusive, Strict
        params.append(kw.english("CIRCE_VARIANTS", index))
        i += 1
    return i


def _normalise(cond_id: int, params: list[str]) -> Condition:
    """The model's Condition: canonical name; Messigny and Marseillais parameters
    reduced to their normal form (defaults dropped, order fixed)."""
    name = kw.condition_name(cond_id)
    if cond_id == kw.MESSIGNY:
        params = ["RexExclusive"] if params and params[-1] == "RexExclusive" else []
    elif cond_id == kw.MARSEILLAIS:
        params = [p for p in kw.MARSEILLAIS_PARAMETERS if p in params]
    return Condition(name, tuple(params), cond_id in kw.SUPPORTED_CONDITIONS)


def parameter_kind(cond_id: str) -> str | None:
    """How the parameters of Popeye's condition `cond_id` read ('circe', 'rex',
    'squares', 'walks', ...: the keys of the readers' table), or None without
    parameters: the web page's condition picker offers them from this."""
    return _PARAMETER_KIND.get(cond_id)


def condition_text(condition: Condition) -> str:
    """A condition in canonical English text ('Messigny RexExclusive',
    'Hole e1f1g1'): consecutive squares are joined into one word, as Popeye
    writes square lists; reading the text back gives the same Condition."""
    parts = [condition.name]
    joinable = _joinable(condition)
    params = condition.params
    if condition.name == "LastCapture" and len(params) >= 2:
        # piece and square as one word ('Bg4'): a lone 'B' would read as an attribute's prefix
        params = params[:-2] + (params[-2] + params[-1],)
    for param in params:
        if joinable and len(parts) > 1 and len(param) == 2 and kw.squares_of(param) \
                and kw.squares_of(parts[-1]):
            parts[-1] += param
        else:
            parts.append(param)
    return " ".join(parts)


def _joinable(condition: Condition) -> bool:
    """Whether the condition's squares form one list (not 'Neighbour S', grid cells...)."""
    return condition.name not in ("GridChess", "LastCapture")


def read_condition_text(text: str, language: str = "en") -> list[Condition]:
    """Conditions from canonical text; InputError (column relative to `text`) on error."""
    words = [Word(m.group(), 1, m.start() + 1) for m in re.finditer(r"\S+", text)]
    reader = ConditionReader(language)
    conditions, i = reader.read(words, 0)
    if i < len(words):
        word = words[i]
        if i == 0 or not conditions:
            raise reader.unknown(word)
        raise word.error(f"'{word.text}' is neither a parameter of {conditions[-1][0].name} nor a condition")
    return [c for c, _ in conditions]
