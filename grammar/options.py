"""Popeye options and their arguments, read from a list of words.

Like conditions, an option line is a run of option names each followed by the
arguments that option takes (`Defence 2`, `EnPassant f7f6f5`, `Intelligent`
with or without a number); the run ends at the first word that is not an
option.  Names are stored in canonical English (`option_name`), arguments as
written, square lists split into squares.

`supported` is False for the options that change which moves are solutions
or which are printed, and that feerie does not implement; options that only
change speed, layout or sound are accepted as supported (they cannot make
feerie's answer differ from Popeye's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from solver.model import keywords as kw
from solver.model import vocabulary as vocab
from solver.model.keywords import AMBIGUOUS, NOT_FOUND
from grammar.words import Word
from solver.model.problem import Option

# Popeye's option id -> how its arguments read:
#   'int' one number, 'int?' an optional number, 'int2' two numbers,
#   'squares' one square list, 'pair' one word of exactly two squares,
#   'restart' a move number like 2 or 2:3
_ARGUMENTS = {
    "soltout": "int", "startmovenumber": "restart", "solmenaces": "int", "maxsols": "int",
    "solflights": "int", "nontrivial": "int2", "enpassant": "squares", "intelligent": "int?",
    "maxtime": "int", "nocastling": "squares", "beep": "int?", "mutuallyexclusivecastling": "pair",
    "uptomovenumber": "restart",
}

# Options that change the answer and that feerie does not implement (the checker
# reports problems that use them as unsupported).  KeepMatingPiece is not among
# them: it prunes lines in which no piece is left that could mate, which cannot
# change the solutions, only Popeye's speed.
UNSUPPORTED_OPTIONS = frozenset({
    "solflights",                 # MaxFlightsquares: a defence is whatever gives n flights
    "search",                     # Search: undocumented solving mode
    "multi",                      # MultiSolutions
    "nosymmetry",                 # NoSymmetry: drops symmetric solutions
    "goal_is_end",                # GoalIsEnd
    "degeneratetree",             # unpublished option
    "nullmoves",                  # NullMoves
    "uptomovenumber",             # UpToMoveNumber: stops before the later keys
    "startmovenumber",            # StartMoveNumber: skips the first moves (in Popeye's order)
    "trivialtriesavoided",        # TrivialTriesAvoid: drops checking tries
})

_NUMBER = re.compile(r"[0-9]+\Z")
_RESTART = re.compile(r"[0-9]+(?::[0-9]+)*\Z")


class OptionReader:
    """Reads runs of options in one language (Popeye's ParseOpt, as data)."""

    def __init__(self, language: str) -> None:
        self.language = language
        self.options = kw.table("OPTIONS", language)

    def lookup(self, word: Word) -> int:
        found = self.options.lookup(word.text)
        if found == AMBIGUOUS:
            raise word.error(f"ambiguous option '{word.text}' (could be "
                             f"{', '.join(self.options.candidates(word.text)[:6])})")
        return found

    def read(self, words: Sequence[Word], i: int,
             stop: Callable[[Word], bool] | None = None) -> tuple[list[tuple[Option, Word]], int]:
        """Read options from words[i:] while words name options; `stop(word)` ends
        the run early at a word that could name an option."""
        found: list[tuple[Option, Word]] = []
        while i < len(words):
            word = words[i]
            if stop is not None and found and stop(word):
                break
            opt_id = self.lookup(word)
            if opt_id == NOT_FOUND:
                break
            i += 1
            ident = vocab.OPTION_IDS[opt_id]
            name = kw.option_name(opt_id)
            args: list[str] = []
            kind = _ARGUMENTS.get(ident)
            if kind is not None:
                i = _read_arguments(kind, name, words, i, args, word)
            # Intelligent alone changes speed only; `Intelligent n` makes Popeye
            # print at most n solutions per mate position, which changes the answer.
            supported = ident not in UNSUPPORTED_OPTIONS and not (ident == "intelligent" and args)
            found.append((Option(name, tuple(args), supported), word))
        return found, i


def _read_arguments(kind: str, name: str, words: Sequence[Word], i: int, args: list[str], name_word: Word) -> int:
    word = words[i] if i < len(words) else None
    text = word.text if word is not None else ""
    if kind == "int?":
        if _NUMBER.match(text):
            args.append(text)
            return i + 1
        return i
    if kind in ("int", "int2"):
        for _ in range(2 if kind == "int2" else 1):
            word = words[i] if i < len(words) else None
            if word is None or not _NUMBER.match(word.text):
                raise _missing(word, name_word, f"option {name} needs a number"
                               + (" (two numbers)" if kind == "int2" else ""))
            args.append(word.text)
            i += 1
        return i
    if kind == "restart":
        if not _RESTART.match(text):
            raise _missing(word, name_word, f"option {name} needs a move number")
        args.append(text)
        return i + 1
    squares = kw.squares_of(text)
    if kind == "pair":
        if squares is None or len(squares) != 2:
            raise _missing(word, name_word, f"option {name} needs two squares in one word (a1h8)")
        if name == "CastlingMutuallyExclusive" and not (squares[0] in ("a1", "h1") and squares[1] in ("a8", "h8")):
            # Popeye: squares of rooks in the game array, White's then Black's
            raise word.error(f"option {name} needs a white rook's corner and a black rook's corner"
                             f" (a1h8), not {text}")
        args.extend(squares)
        return i + 1
    # squares: Popeye reads one square list; feerie also takes them spaced out
    if squares is None:
        raise _missing(word, name_word, f"option {name} needs a list of squares")
    while squares is not None:
        args.extend(squares)
        i += 1
        squares = kw.squares_of(words[i].text) if i < len(words) else None
    return i


def _missing(word: Word | None, name_word: Word, message: str):
    if word is not None and word.line == name_word.line:
        return word.error(message)
    return Word(name_word.text, name_word.line, name_word.column + len(name_word.text)).error(message)


def argument_kind(opt_id: str) -> str | None:
    """How the arguments of Popeye's option `opt_id` read ('int', 'int?',
    'squares', ...), or None without arguments (the web page's option picker)."""
    return _ARGUMENTS.get(opt_id)


def option_text(option: Option) -> str:
    """An option in canonical English text ('EnPassant f7f6f5': squares joined
    into one word, as Popeye writes them); reading it back gives the same Option."""
    parts = [option.name]
    for arg in option.args:
        if len(parts) > 1 and kw.squares_of(arg) and len(arg) == 2 and kw.squares_of(parts[-1]):
            parts[-1] += arg
        else:
            parts.append(arg)
    return " ".join(parts)


def read_option_text(text: str, language: str = "en") -> list[Option]:
    words = [Word(m.group(), 1, m.start() + 1) for m in re.finditer(r"\S+", text)]
    options, i = OptionReader(language).read(words, 0)
    if i < len(words):
        raise words[i].error(f"unknown option '{words[i].text}'")
    return [o for o, _ in options]
