"""Loading the grammars and turning Lark's exceptions into one clear message.

Building an LALR parser from its grammar costs more than a short solve
(0.1-0.2 s for the Popeye grammar), so each built parser is kept on disk
and loaded from there by the next run (a few milliseconds).  Where: the
user's cache directory (FEERIE_CACHE_DIR, else $XDG_CACHE_HOME/feerie,
else ~/.cache/feerie; %LOCALAPPDATA%\\feerie on Windows), because the
installed package's own folder is often not writable, and because a file
that describes itself by a hash of what it was built from needs no build
step: a fresh clone, `pip install .` or an editable install all fill it on
their first run.  (Standalone parsers generated at build time were the
alternative: they would need a build hook, go stale in a checkout whose
grammar changed, and bring their own copies of Lark's Token and Tree
classes, which the transformers here do not expect.)  The file's name is
the hash of the grammar text, the options, Lark's and Python's versions:
any change builds a new one.  Files are written to a temporary name and
renamed, so that processes started together (workers, parallel tests)
never read one half written; a cache that cannot be read or written is
passed over (the parser is built, as without a cache).  The files are
pickles, read only from the user's own directory.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from functools import lru_cache
from pathlib import Path

from lark import Lark, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark import __version__ as _LARK_VERSION

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
    """The LALR parser (contextual lexer) of grammar file `name`.lark, from
    the parser cache when it holds it (see the module's docstring)."""
    text = (_HERE / f"{name}.lark").read_text(encoding="utf-8")
    options = dict(parser="lalr", lexer="contextual", start=start,
                   propagate_positions=False, maybe_placeholders=False)
    path = _cached_path(name, text, options)
    if path is not None:
        loaded = _load(path)
        if loaded is not None:
            return loaded
    built = Lark(text, **options)
    if path is not None:
        _save(built, path)
    return built


def cache_dir() -> Path | None:
    """The folder of the parser cache (None: no home to put it in)."""
    given = os.environ.get("FEERIE_CACHE_DIR")
    if given:
        return Path(given)
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "feerie" if base else None
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "feerie"
    home = os.environ.get("HOME")
    return Path(home) / ".cache" / "feerie" if home else None


def _cached_path(name: str, text: str, options: dict) -> Path | None:
    folder = cache_dir()
    if folder is None:
        return None
    what = "\0".join((text, repr(sorted(options.items())), _LARK_VERSION, sys.version))
    digest = hashlib.sha256(what.encode("utf-8")).hexdigest()[:32]
    return folder / f"{name}-{options['start']}-{digest}.lark.pickle"


def _load(path: Path) -> Lark | None:
    """The parser saved at `path`; None when there is none or it cannot be read."""
    try:
        with open(path, "rb") as f:
            return Lark.load(f)
    except FileNotFoundError:
        return None
    except Exception:  # unreadable, truncated, from another Lark: built again
        return None


def _save(built: Lark, path: Path) -> None:
    """Keep `built` at `path` (written to a temporary file, then renamed);
    nothing when the folder cannot be written."""
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            built.save(f)
        os.replace(tmp, path)
        tmp = None
    except (OSError, ValueError):  # ValueError: a path Python refuses (a NUL in FEERIE_CACHE_DIR)
        pass
    finally:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass


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
