"""Royal, kamikaze and chameleon pieces against Popeye, on both paths.

tests/data/attributes/ holds Popeye 4.104's outputs: `moves` (hand-made
`~1` positions: royal pieces checked, pinned against, mated, promoting;
kamikaze captures, e.p., capturing promotions, a kamikaze king; chameleon
cycles, promotions, castling, checks given by the new kind; both sides,
with HalfDuplex for Black) and seeded random positions
(tests/generate_attribute_data.py: `random_moves` ~1, `d1` #1, `d2` #2,
`h2` h#2) and `twins` (move, exchange, remove and add, rotate, mirror and
substitute an attributed piece).  Each is solved by feerie and compared with Popeye's solution
tree up to sibling order (tests/popeye_reference.py), with every shortcut
the attributes preserve on, and again under FEERIE_GENERIC=1: equal
results prove that what each attribute declares it preserves
(`solver.pieces.attributes`) holds here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from popeye_reference import cases, forms, load, solve_case
from solver.conditions.variant import GENERIC_ENV

DATA = Path(__file__).resolve().parent / "data" / "attributes"


def test_every_form_has_data():
    assert set(forms(DATA)) == {"moves", "random_moves", "d1", "d2", "h2", "twins"}
    total = 0
    for form in forms(DATA):
        problems, popeye = load(DATA, form)
        assert problems and len(problems) == len(popeye), form
        total += len(problems)
    assert total >= 80


# Stored positions feerie refuses, with the message (Popeye plays them).
REFUSED = {
    # Popeye lets an e.p. capture take a royal pawn (b2-b4 is illegal with a
    # black pawn on c4): not modelled
    "moves#9": "piece attribute Royal on a pawn is not supported",
}


def test_refused_by_name():
    import grammar

    for case, message in REFUSED.items():
        form, index = case.rsplit("#", 1)
        problem = grammar.load_file(DATA / f"{form}.inp")[int(index) - 1]
        assert message in str(problem), case


@pytest.mark.parametrize("generic_path", [False, True], ids=["fast", "generic"])
@pytest.mark.parametrize("case", [c for c in cases(DATA) if c not in REFUSED])
def test_solution_equals_popeye(case, generic_path, monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1" if generic_path else "0")
    ours, popeyes = solve_case(DATA, case)
    assert ours == popeyes, case


HEADER = DATA / "header"


@pytest.mark.parametrize("language", ["en", "fr", "de"])
def test_header_names_the_attributed_pieces_as_popeye_does(language):
    """Under the stipulation Popeye names each attribute's pieces ('Royal d1',
    'Kamikaze h8 b3 a2 h1', 'Chameleon d5 d1'), in the problem's language;
    the solution (in that language too) is Popeye's."""
    import grammar
    from solver.output.popeye_output import parse_output_file
    from solver.output.popeye_writer import header_text

    [problem] = grammar.load_file(HEADER / f"{language}.inp")
    [popeye] = parse_output_file(HEADER / f"{language}.out")
    assert header_text(problem).split("\n")[:-1] == popeye.header
    assert len(popeye.notes) == 3
    ours, popeyes = solve_case(HEADER, f"{language}#1")
    assert ours == popeyes
