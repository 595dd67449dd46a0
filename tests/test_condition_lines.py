"""The condition lines of a header against Popeye's (solver.output.condition_lines).

tests/data/headers/conditions.inp has one problem per condition text (written
with Popeye's output by `tests/generate_popeye_data.py POPEYE --headers`),
also for conditions feerie refuses to solve: their lines are read here with
grammar.conditions.read_condition_text, which reads every Popeye condition,
and compared with the lines Popeye wrote under the stipulation.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from grammar.conditions import read_condition_text
from solver.model.problem import Condition
from solver.output.condition_lines import condition_lines
from solver.output.popeye_output import parse_output
from solver.output.popeye_writer import attribute_lines, centred, header_text

DATA = Path(__file__).resolve().parent / "data" / "headers"


def _popeye_problems():
    text = (DATA / "conditions.out").read_text()
    chunks = [c for c in re.split(r"^Popeye .*\n", text, flags=re.M) if c.strip()]
    return [parse_output(chunk)[0] for chunk in chunks]


CONDITIONS = re.findall(r"^Condition (.*)$", (DATA / "conditions.inp").read_text(), re.M)
POPEYE = _popeye_problems()


def test_one_output_per_problem():
    assert len(CONDITIONS) == len(POPEYE) > 80


@pytest.mark.parametrize("index", range(len(CONDITIONS)), ids=CONDITIONS)
def test_condition_lines_are_popeyes(index):
    conditions = read_condition_text(CONDITIONS[index])
    header = POPEYE[index].header
    stipulation = next(i for i, line in enumerate(header) if line.startswith("  ~1 "))
    mine = [centred(line) for line in attribute_lines((), "en", conditions) + condition_lines(conditions)]
    assert mine == [line.rstrip() for line in header[stipulation + 1:] if line.strip()]


def test_whole_headers_of_the_problems_feerie_reads():
    import grammar

    items = grammar.load_file(DATA / "conditions.inp")
    read = [(item, popeye) for item, popeye in zip(items, POPEYE) if hasattr(item, "pieces")]
    assert len(read) > 30
    for item, popeye in read:
        assert header_text(item).rstrip("\n").split("\n") == [line.rstrip() for line in popeye.header]


@pytest.mark.parametrize("language, line", [
    ("de", "Circe Spiegel"), ("fr", "Circe Malefique"), ("en", "Circe Mirror")])
def test_traditional_names_in_each_language(language, line):
    assert condition_lines([Condition("MirrorCirce")], language) == [line]


def test_order_is_popeyes_table_not_the_input():
    given = [Condition("ExclusiveChess"), Condition("ChecklessChess"), Condition("Circe")]
    assert condition_lines(given, "de") == ["Circe", "OhneSchach", "ExklusivSchach"]
