"""Fuzzing the readers: whatever the text, `load` gives problems or clean, located errors.

"Clean" means: a list of Problem | ProblemError, or an InputError; every error
names the file and a line (and a column within it); nothing else escapes.
Line ends are drawn from LF, CRLF and CR; in a native collection, a block
that is mutated must not change what the others read as.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from conftest import ROOT, reference
from grammar import ProblemError, load
from solver.base.errors import InputError
from solver.model.problem import Problem

WORDS = ["BeginProblem", "EndProblem", "NextProblem", "anfa", "ende", "weiter", "DebutProbleme", "Pieces",
         "stei", "weis", "schw", "White", "Black", "Neutral", "Royal", "koen", "Stipulation", "ford", "Condition",
         "bedi", "Option", "opti", "Twin", "zwil", "ferner", "Continued", "Move", "versetze", "Remove", "Add",
         "hinzu", "Rotate", "Mirror", "Shift", "PolishType", "Substitute", "ZeroPosition", "Forsyth", "Author",
         "Remark", "Messigny", "RexExclusive", "Circe", "Hole", "Marseillais", "Variation", "Defence", "Threat",
         "EnPassant", "NoCastling", "Ke1", "Qd8", "Sa1b2", "Pz9", "ba7", "CAc8", "e4", "a1<-->h1", "90", "2",
         "#2", "h#2", "h#2.5", "ser-h#3", "hh#2", "h#0", "reci-h(=)#3", "dia", "00", "k7/8/8/8/8/8/8/SN5K",
         "problem:", "white:", "black:", "stipulation:", "twin:", "condition:", "fen:", ";", ",", ".", "#", "[",
         "é", "\t", "Kh7[Royal]", "8/8/8/8/8/8/8/8", "w", "-", "KQkq"]


def check(text: str, name: str = "fuzz.inp") -> None:
    try:
        items = load(text, name)
    except InputError as err:
        assert err.file == name and err.line is not None and err.column is not None, err
        err.format()
        return
    assert isinstance(items, list)
    for item in items:
        assert isinstance(item, (Problem, ProblemError))
        if isinstance(item, ProblemError):
            err = item.error
            assert err.file == name and err.line is not None and err.column is not None, err
            assert err.line >= 1 and err.column >= 1
            assert item.format().startswith(name)


FAST = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(st.text())
def test_any_text(text):
    check(text)


@FAST
@given(st.binary().map(lambda b: b.decode("latin-1")))
def test_any_bytes(text):
    check(text)


@FAST
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from([" ", " ", "\n", "\n", "\r\n"])), max_size=60))
def test_keyword_soup(parts):
    check(" ".join(parts))
    check("BeginProblem\n" + " ".join(parts))
    check("anfa\n" + " ".join(parts) + "\nende\n")
    check("problem:\n" + " ".join(parts))


LINE_ENDS = st.sampled_from(["\n", "\r\n", "\r"])


@FAST
@given(st.lists(st.one_of(st.sampled_from(WORDS), st.sampled_from([" ", " "]), LINE_ENDS), max_size=60))
def test_keyword_soup_any_line_ends(parts):
    text = " ".join(parts)
    for head in ("BeginProblem", "anfa", "problem:", "# comment\rproblem:", "8/8/8/8/8/8/8/K6k w - - #2"):
        check(head + parts[0] + text if parts else head)


@st.composite
def mutated(draw):
    name = draw(st.sampled_from(["english/twins_h2_duplex.inp", "beispiel/stip.inp", "beispiel/twin.inp",
                                 "english/messigny_rexex_r2.inp", "beispiel/anystip.inp"]))
    text = reference("popeye", *name.split("/")).read_text(encoding="latin-1")
    if name.startswith("beispiel/stip") or name.startswith("beispiel/twin"):
        start = draw(st.integers(0, len(text) - 1))
        text = "anfa\n" + text[start:start + 1500]
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 12))
        insert = draw(st.one_of(st.just(""), st.sampled_from(WORDS), st.text(max_size=4)))
        text = text[:at] + insert + text[at + cut:]
    return text


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_reference_files(text):
    check(text)


def outcome(text: str, name: str = "fuzz.inp"):
    """What `load` makes of `text`: its items, or the error it raised (as a tuple, to compare)."""
    try:
        return load(text, name)
    except InputError as err:
        return (err.message, err.file, err.line, err.column, err.text)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), LINE_ENDS)
def test_mutated_reference_files_other_line_ends(text, end):
    """The same problems and errors, at the same lines and columns, whatever the line ends."""
    lf = re.sub(r"\r\n|\r", "\n", text)
    other = lf.replace("\n", end)
    check(other)
    assert outcome(other) == outcome(lf)


_BLOCK_START = re.compile(r"^[ \t]*problem[ \t]*:", re.IGNORECASE | re.MULTILINE)   # a line that starts a block


def _native_blocks() -> list[str]:
    """The blocks of the project's native collections, each ending with one LF."""
    blocks = []
    for name in ("classics.txt", "messigny.txt", "verdicts.txt"):
        text = (ROOT / "problems" / name).read_text(encoding="utf-8")
        starts = [m.start() for m in _BLOCK_START.finditer(text)] + [len(text)]
        blocks += [text[a:b].strip("\n") + "\n" for a, b in zip(starts, starts[1:])]
    return blocks


BLOCKS = _native_blocks()


@st.composite
def collection_with_a_mutated_block(draw):
    """(blocks, which one is mutated): a few blocks of the collections, one of
    them changed after its `problem:` line (within its lines: no new block)."""
    blocks = draw(st.lists(st.sampled_from(BLOCKS), min_size=2, max_size=5))
    bad = draw(st.integers(0, len(blocks) - 1))
    head, body = blocks[bad].split("\n", 1)
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(body)))
        cut = draw(st.integers(0, 12))
        insert = draw(st.one_of(st.sampled_from(WORDS), st.text(alphabet=st.characters(
            blacklist_categories=("Cs",), blacklist_characters="\r"), max_size=6)))
        body = body[:at] + insert + body[at + cut:]
    assume(not _BLOCK_START.search(body))
    blocks[bad] = head + "\n" + body.rstrip("\n") + "\n"
    return blocks, bad


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(collection_with_a_mutated_block(), LINE_ENDS)
def test_one_bad_block_leaves_the_others_alone(collection, end):
    """Each block reads as it reads alone, with its lines counted in the
    file, whatever one of its neighbours holds and whatever the line ends."""
    blocks, bad = collection
    text = "# a collection\n\n" + "\n".join(blocks)
    check(text)
    items = load(text.replace("\n", end), "c.txt")
    assert len(items) == len(blocks)
    first = 3
    for number, (block, item) in enumerate(zip(blocks, items)):
        [alone] = load("\n" * (first - 1) + block, "c.txt")
        if number != bad:
            if isinstance(item, ProblemError):     # the same error (its number in the file aside)
                assert isinstance(alone, ProblemError) and item.index == number + 1
                assert (alone.error, alone.problem) == (item.error, item.problem)
            else:
                assert alone == item
        elif isinstance(item, ProblemError):
            assert first <= item.error.line < first + block.count("\n") + 1
            assert item.index == number + 1 and item.format().startswith("c.txt:")
        first += block.count("\n") + 1


@FAST
@given(st.text(alphabet="KQRBNPkqrbnp123456789/ wb-#h=.s0x", max_size=60),
       st.sampled_from(["", " h#2", " #2 Messigny", " h#2 Circe", " Marseillais Balanced"]))
def test_statements(text, tail):
    check(text + tail, "s.txt")
