"""The hand-written readers of one-line statements and stipulations
(`grammar.statement_reader`, `grammar.stipulation_reader`, start-up) read
alike with Lark's parsers (`grammar/statement.lark`, `grammar/stipulation.lark`):
whatever a hand reader takes gives what Lark gives (the same tokens and
columns; the same Stipulation, or the same error), and what it leaves to
Lark is read by Lark (so every error message stays Lark's).

Inputs: every word of the Popeye corpus and of tests/data (every
stipulation among them), every statement line of problems/ and tests/data,
the forms of the grammar combined, and thousands of mutations of them
(characters inserted, deleted, replaced, among them tabs, non-breaking
spaces, non-ASCII letters and control characters).
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from conftest import REFERENCE
from grammar import statement, statement_reader, stipulation, stipulation_reader
from solver.base.errors import InputError

ROOT = Path(__file__).resolve().parents[1]

PLAYS = ["", "ser-hs", "ser-h", "ser-s", "ser-r", "ser-", "phser-r", "phser-s", "phser-", "pser-hs",
         "pser-h", "pser-r", "pser-s", "pser-", "semi-r", "hs", "hr", "h", "s", "r", "reci-h", "ser-reci-h"]
GOALS = ["##!", "##", "#=", "#", "==", "!=", "!#", "=", "+", "x", "%", "ep", "ctr", "ct", "<>r", "<>", "00",
         "~", "dia", "a=>b", "c81", "ze4", "kh8", "zi9", "(#)=", "(=)#"]
LENGTHS = ["0", "1", "2", "3", "12", "02", "0.5", "1.5", "2.5", "3.0", "2.", ".5", ""]
# What mutations insert: the grammars' own characters and some they must refuse.
ALPHABET = "#=+-.()<>!%~/0123456789abcdehkprsxzKQRBNPwW \t[]\u00a0\u00e9\x0c\r\n\u0130"


def _words_of_files() -> set[str]:
    paths = list((ROOT / "tests" / "data").rglob("*.inp"))
    corpus = REFERENCE / "popeye" / "corpus"
    if corpus.is_dir():
        paths += list(corpus.rglob("*.inp"))
    words: set[str] = set()
    for path in paths:
        words.update(path.read_bytes().decode("latin-1").split())
    return words


def _statement_lines() -> list[str]:
    lines = set()
    for folder in ("problems", "tests/data", "docs", "tests"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".txt", ".epd", ".py", ".md", ".inp") or not path.is_file():
                continue
            for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
                for text in [line, *re.findall(r"""["']([^"']*/[^"']*)["']""", line)]:
                    text = text.strip()
                    if "/" in text.split(" ")[0] and len(text) < 200:
                        lines.add(text)
    return sorted(lines)


def _mutations(text: str, rng: random.Random, count: int) -> list[str]:
    out = []
    for _ in range(count):
        chars = list(text)
        for _ in range(rng.randint(1, 3)):
            at = rng.randint(0, len(chars))
            what = rng.random()
            if what < 0.4:
                chars.insert(at, rng.choice(ALPHABET))
            elif what < 0.7 and at < len(chars):
                del chars[at]
            elif at < len(chars):
                chars[at] = rng.choice(ALPHABET)
        out.append("".join(chars))
    return out


def _outcome(read, *args):
    try:
        return ("ok", read(*args))
    except InputError as err:
        return ("error", err.message, err.column)


def _stipulations() -> list[str]:
    rng = random.Random(11)
    forms = {f"{intro}{exact}{play}{goal}{length}" for intro in ("", "2->") for exact in ("", "exact-")
             for play in PLAYS for goal in GOALS for length in LENGTHS if intro == "" or rng.random() < 0.05}
    texts = set(forms) | {w for w in _words_of_files() if len(w) < 30}
    texts |= {t.upper() for t in rng.sample(sorted(forms), 300)}
    for text in rng.sample(sorted(forms), 800):
        texts.update(_mutations(text, rng, 3))
    return sorted(texts)


def test_the_stipulation_reader_reads_as_lark():
    taken = left = 0
    for text in _stipulations():
        low = text.lower()
        if not low:
            continue
        hand = _outcome(stipulation._parse_by_hand, low)
        if hand == ("ok", None):
            assert stipulation_reader.read(low) is None
            left += 1
            continue
        taken += 1
        assert hand == _outcome(stipulation._parse_with_lark, text, low), text
    assert taken > 3000 and left > 3000, (taken, left)  # both paths well covered


def test_every_stipulation_of_the_files_is_read_by_hand_or_left_to_lark_alike():
    """parse_stipulation as the program calls it (the hand reader first) equals Lark's reading."""
    for text in sorted(w for w in _words_of_files() if re.search(r"[#=]|^(h|s|r|ser-|dia)", w.lower())):
        low = text.lower()
        if re.search(r"[0-9]\.0\Z", low):
            continue
        expected = _outcome(stipulation._parse_with_lark, text, low)
        assert _outcome(stipulation.parse_stipulation.__wrapped__, text) == expected, text


FIELDS = ["", "w", "b", "W", "B", "w -", "b KQkq", "w Kq", "w KQkq e3", "b - -", "w - - 0 1", "b - c6 3 12",
          "w - - 0", "w KkQ", "w q -", "x", "w - - 0 1 2", "w\t-\t-", "-"]
STIPS = ["#1", "#2", "h#2", "h#2.5", "s#3", "ser-h#5", "=3", "h=1.5", "exact-#3", "reci-h#2", "#", "dia3",
         "2->#3", "w", "-", "0", "12", "KQkq", "e3", "/8", "#2.0", "zd5"]
TAILS = ["", "Messigny", "Circe", "solutions=2", "key=Qd1-h5", "AntiCirce Cheylan", "Messigny\tRexExclusive",
         "nonsense words", "x", "/"]


def _placement(rng: random.Random) -> str:
    letters = "KQRBNPkqrbnp" + "G" * 2 + "."
    ranks = []
    for _ in range(rng.choice((8, 8, 8, 8, 7, 9))):
        rank, left = "", 8
        while left > 0:
            if rng.random() < 0.5:
                n = rng.randint(1, left)
                rank += str(n)
                left -= n
            else:
                rank += rng.choice(letters[:-1]) if rng.random() < 0.9 else rng.choice([".ca", "[N]", "+G", "-.15"])
                left -= 1
        ranks.append(rank)
    return "/".join(ranks)


def _statements() -> list[str]:
    rng = random.Random(2)
    lines = set(_statement_lines())
    generated = set()
    for _ in range(1500):
        parts = [_placement(rng), rng.choice(FIELDS), rng.choice(STIPS), rng.choice(TAILS)]
        sep = rng.choice([" ", " ", "  ", "\t", " \t"])
        generated.add((rng.choice(["", " ", "\t"]) + sep.join(p for p in parts if p) + rng.choice(["", " "])))
    lines |= generated
    for text in rng.sample(sorted(lines), 1500):
        lines.update(_mutations(text, rng, 2))
    return sorted(lines)


def _tokens(fields: statement_reader.Fields):
    return ([(t.value, t.column) for t in fields.ranks], [(t.value, t.column) for t in fields.fen_fields],
            (fields.stipulation.value, fields.stipulation.column), [(t.value, t.column) for t in fields.words])


def test_the_statement_reader_reads_as_lark():
    taken = left = 0
    for line in _statements():
        text = line.rstrip("\r\n")
        if not text.strip():
            continue
        hand = statement_reader.read(text)
        if hand is None:
            left += 1
            continue
        taken += 1
        lark = _outcome(statement._read_with_lark, text, None, 1)
        assert lark[0] == "ok", (text, lark)
        assert _tokens(hand) == _tokens(lark[1]), text
    assert taken > 2000 and left > 500, (taken, left)


@pytest.mark.parametrize("text", ["1k6/8/1K6/8/8/8/8/7R w - - #1", "8/8/8/8/8/8/8/8 h#2",
                                  "k7/8/8/8/8/8/8/K7 b - - 0 1 h#2"])
def test_a_common_statement_is_read_by_hand(text):
    assert statement_reader.read(text) is not None
    fields = statement_reader.read(text)
    assert stipulation_reader.read(fields.stipulation.value.lower()) is not None
