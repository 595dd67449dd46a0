"""Popeye's abbreviation rule and the language tables it applies to.

Popeye lets a word be shortened to any prefix that is unique in the table it is
looked up in (`stei` for `Steine`, `vari` for `Varianten`), an exact match wins
over longer entries, and the table depends on the language the file started in.
Which table applies depends on where the word stands (a colour, a condition, an
option...), so this cannot be a regular lexer rule: `PrefixTable` answers one
lookup in O(1) from a dictionary of every prefix, built once per table.

This module also holds the few words feerie adds to Popeye's vocabulary
(`Marseillais` and its parameters, `Messigny` as a French alias) and the
canonical English names the problem model uses.
"""

from __future__ import annotations

import re
from functools import lru_cache

from solver.model import vocabulary as vocab

NOT_FOUND = -1
AMBIGUOUS = -2

LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German"}


class PrefixTable:
    """One of Popeye's keyword tables, looked up with its unique-prefix rule."""

    __slots__ = ("words", "_index")

    def __init__(self, words: tuple[str, ...]) -> None:
        self.words = words
        self._index: dict[str, int] | None = None  # made by the first lookup (start-up)

    def _made_index(self) -> dict[str, int]:
        words = self.words
        candidates: dict[str, list[int]] = {}
        for i, word in enumerate(words):
            low = word.lower()
            for k in range(1, len(low) + 1):
                candidates.setdefault(low[:k], []).append(i)
        index: dict[str, int] = {}
        for prefix, hits in candidates.items():
            first = hits[0]
            if len(words[first]) == len(prefix) or len(hits) == 1:
                index[prefix] = first
            else:
                index[prefix] = AMBIGUOUS
        self._index = index
        return index

    def lookup(self, token: str) -> int:
        """The entry `token` names: its index, NOT_FOUND or AMBIGUOUS."""
        index = self._index if self._index is not None else self._made_index()
        return index.get(token.lower(), NOT_FOUND)

    def candidates(self, token: str) -> list[str]:
        """The entries an ambiguous `token` could mean (for error messages)."""
        low = token.lower()
        return [w for w in self.words if w.lower().startswith(low)]

    def closest(self, token: str, n: int = 3) -> list[str]:
        """The entries spelt most like an unknown `token` (for error messages:
        'Madrassi' -> Madrasi)."""
        by_lower = {w.lower(): w for w in reversed(self.words)}
        import difflib  # only for a word not found (start-up)

        return [by_lower[w] for w in difflib.get_close_matches(token.lower(), list(by_lower), n, 0.75)]


@lru_cache(maxsize=None)
def table(name: str, language: str) -> PrefixTable:
    """Popeye's table `name` (a constant of popeye_vocabulary) in `language`."""
    words = getattr(vocab, name)[language]
    extra = EXTRA_WORDS.get(name, {}).get(language, ())
    return PrefixTable(tuple(words) + tuple(w for w, _ in extra))


def resolve(name: str, language: str, index: int) -> int:
    """Map an index of an extended table back to Popeye's entry (aliases)."""
    base = len(getattr(vocab, name)[language])
    if index < base:
        return index
    return EXTRA_WORDS[name][language][index - base][1]


# --- feerie's additions to Popeye's vocabulary -------------------------------------

CONDITION_COUNT = len(vocab.CONDITION_IDS)
MARSEILLAIS = CONDITION_COUNT  # condition id of feerie's Marseillais chess
MESSIGNY = vocab.CONDITION_IDS.index("messigny")

# Extra entries appended to a table: (word, the entry it stands for).
EXTRA_WORDS: dict[str, dict[str, tuple[tuple[str, int], ...]]] = {
    "CONDITIONS": {
        "en": (("Marseillais", MARSEILLAIS), ("MarseillaisChess", MARSEILLAIS)),
        "fr": (("Marseillais", MARSEILLAIS), ("EchecsMarseillais", MARSEILLAIS),
               ("Messigny", MESSIGNY)),
        "de": (("Marseillais", MARSEILLAIS), ("MarseillaisSchach", MARSEILLAIS)),
    },
    # Popeye reads Messigny's parameter from the Circe variant table, where
    # only RexExclusive is accepted; feerie also takes the default explicitly.
}

# Marseillais parameters (RULES.md 3.9): canonical English name per entry.
MARSEILLAIS_PARAMETERS = ("Balanced", "GameSite", "NoChecks")
MARSEILLAIS_WORDS = {
    "en": ("Balanced", "GameSite", "NoChecks"),
    "fr": ("Equilibre", "SiteDeJeu", "SansEchecs"),
    "de": ("Ausgeglichen", "Spielseite", "OhneSchach"),
}

# --- canonical English names used by the model ----------------------------------------

#: condition ids feerie can solve, with their canonical model names
SUPPORTED_CONDITIONS = {MESSIGNY: "Messigny", MARSEILLAIS: "Marseillais"}
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("nocapture", "nowhcapture", "noblcapture", "blmax", "blmin",
                                         "whmax", "whmin", "blcapt", "whcapt", "nowhiteprom", "noblackprom",
                                         "promotiononly", "alphabetic", "whitealphabetic",
                                         "blackalphabetic", "madras", "monochro", "bichro", "ohneschach",
                                         "gridchess", "koeko", "newkoeko", "antikoeko", "isardam", "patrouille",
                                         "ultrapatrouille", "lortap", "superguards", "antiguards", "eiffel",
                                         "whiteedge", "blackedge", "singlebox", "exclusive",
                                         # the Circe family (solver.conditions.circe)
                                         "circe", "anticirce", "circemirror", "circefile", "circefilemirror",
                                         "circesymmetry", "circeverticalsymmetry", "circehorizontalsymmetry",
                                         "circediametral", "circemirrorvertical", "circerank", "antimirror",
                                         "antifile", "antimirrorfile", "antisymmetrie", "antiverticalsymmetrie",
                                         "antihorizontalsymmetrie",
                                         "pwc", "circeantipoden", "circeequipollents", "circeparrain",
                                         "circecontraparrain", "supercirce", "antisuper")})
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("andernach", "antiandernach", "chamchess", "volage", "hypervolage",
                                         "takemake")})
# the Circe family's other kinds of rebirth (solver.conditions.circekinds)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("circeclone", "circeclonemirror", "circechameleon",
                                         "circetakeandmake", "circeassassin", "circediagramm", "circecage")})
# MarsCirce, Make&TakeChess, the Einstein forms (solver.conditions.marscirce, maketake, einstein)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("mars", "maketake", "einstein", "reveinstein", "antieinstein")})
# AnnanChess and its relatives (solver.conditions.annan)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("annan", "nanna", "facetoface", "backtoback", "cheektocheek",
                                         "lesemajeste", "SAT", "strictSAT")})
# GhostChess, HauntedChess (solver.conditions.ghost)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("ghostchess", "hauntedchess")})
# BGL (solver.conditions.bgl)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("BGL",)})
# Masand, Breton, MagicSquares (solver.conditions.masand, breton, magicsquares)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("masand", "breton", "magicsquare")})
# OscillatingKings, SwappingKings (solver.conditions.oscillating)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("white_oscillatingKs", "black_oscillatingKs", "swappingkings")})
# Imitator, NoIProm (solver.conditions.imitator)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("imitators", "noiprom")})
# FrankfurtChess, KobulKings (solver.conditions.frankfurt, kobul)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("frankfurt", "kobulkings")})
# TransmutedKings, ReflectiveKings and their sides' forms (solver.conditions.transmuted)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("trans_king", "whtrans_king", "bltrans_king",
                                         "refl_king", "whrefl_king", "blrefl_king",
                                         "whsupertrans_king", "blsupertrans_king",
                                         "vault_king", "whvault_king", "blvault_king")})
# DangerCirce (solver.conditions.dangercirce)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("danger_circe",)})
# AntiMarsCirce (solver.conditions.antimars)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("antimars",)})
# HaanerChess (solver.conditions.haaner)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("haanerchess",)})
# LostPieces (solver.conditions.lostpieces)
SUPPORTED_CONDITIONS.update({vocab.CONDITION_IDS.index(cid): vocab.CONDITIONS["en"][vocab.CONDITION_IDS.index(cid)]
                             for cid in ("lostpieces",)})
#: Popeye's extra conditions (named without a side) feerie can solve
SUPPORTED_EXTRA_CONDITIONS = frozenset({"Maximummer"})


def condition_name(cond_id: int) -> str:
    """The model's name for a condition: Popeye's English name, or feerie's own."""
    if cond_id in SUPPORTED_CONDITIONS:
        return SUPPORTED_CONDITIONS[cond_id]
    return vocab.CONDITIONS["en"][cond_id]


def option_name(opt_id: int) -> str:
    """The model's name for an option: Popeye's English name ('Variation' singular,
    as Popeye's manual and the solver issue spell it)."""
    name = vocab.OPTIONS["en"][opt_id]
    return "Variation" if name == "Variations" else name


def english_words(table_name: str) -> tuple[str, ...]:
    """All English words of a Popeye table."""
    return getattr(vocab, table_name)["en"]


def english(table_name: str, index: int) -> str:
    """The English word of entry `index` of a Popeye table."""
    return getattr(vocab, table_name)["en"][index]


# --- pieces ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def _letters_to_kind(language: str) -> dict[str, str]:
    english_codes = vocab.PIECE_LETTERS["en"]
    return {letters: english_codes[i].upper()
            for i, letters in enumerate(vocab.PIECE_LETTERS[language])}


@lru_cache(maxsize=None)
def _kind_to_letters(language: str) -> dict[str, str]:
    letters = vocab.PIECE_LETTERS[language]
    return {code.upper(): letters[i].upper() for i, code in enumerate(vocab.PIECE_LETTERS["en"])}


def kind_of(letters: str, language: str) -> str | None:
    """The model's piece kind (Popeye English code) for a piece name in `language`."""
    return _letters_to_kind(language).get(letters.lower())


def letters_of(kind: str, language: str) -> str:
    """How `language` writes the piece kind `kind` (upper case, as in Popeye's output)."""
    return _kind_to_letters(language).get(kind, kind)


def is_kind(kind: str) -> bool:
    return kind in _kind_to_letters("en")


SQUARE_LIST = re.compile(r"(?:[a-hA-H][1-8])+\Z")


def squares_of(token: str) -> list[str] | None:
    """The squares of a square-list token such as 'e1f1g1', or None."""
    if not SQUARE_LIST.match(token):
        return None
    low = token.lower()
    return [low[i:i + 2] for i in range(0, len(low), 2)]


COLOUR_NAMES = ("white", "black", "neutral")  # model colours of COLOURS entries 0..2
