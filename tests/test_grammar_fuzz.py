"""Fuzzing the readers: whatever the text, `load` gives problems or clean, located errors.

"Clean" means: a list of Problem | ProblemError, or an InputError; every error
names the file and a line (and a column within it); nothing else escapes.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import reference
from grammar import ProblemError, load
from solver.errors import InputError
from solver.model import Problem

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


@FAST
@given(st.text(alphabet="KQRBNPkqrbnp123456789/ wb-#h=.s0x", max_size=60),
       st.sampled_from(["", " h#2", " #2 Messigny", " h#2 Circe", " Marseillais Balanced"]))
def test_statements(text, tail):
    check(text + tail, "s.txt")
