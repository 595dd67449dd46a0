"""feerie on Popeye's example collections (../shared/reference/popeye/corpus).

About 1,970 problems of BEISPIEL/ and EXAMPLES/, each with Popeye's golden
output (tests/corpus_cases.py says how they map).  Three checks:

- Every problem is classified as bench/corpus.py recorded it in
  tests/data/corpus_classes.txt: supported, unsupported (and by which first
  element), or a read error.  A change (a condition, piece or stipulation
  that becomes supported, a reader fix) shows up here as a difference to
  review; the message says how to regenerate the record.
- Every problem of tests/data/corpus_fast.txt (the supported problems that
  bench/corpus.py solved in under a second) is solved and compared with
  Popeye's solution, sibling order ignored.  Where Popeye is believed wrong
  the problem is in KNOWN_DIFFERENCES with the reason (the test checks that
  it still differs); a difference that is feerie's bug is in FEERIE_BUGS
  (a strict xfail, so a fix shows up as a pass to remove it from there).
- Every problem feerie reads has the position Popeye's diagram shows.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import corpus_cases as cc
from conftest import reference

DATA = Path(__file__).resolve().parent / "data"
CLASSES_FILE = DATA / "corpus_classes.txt"
FAST_FILE = DATA / "corpus_fast.txt"
REGENERATE = ("regenerate with `python bench/corpus.py --classes-only` (classification only, seconds) or "
              "`python bench/corpus.py --record` (also the fast list, some minutes), "
              "then review the diff of tests/data/corpus_*.txt")
MAX_SECONDS = 60  # for a problem solved in under 1 s when recorded: only a hang reaches it

# "case": why feerie's answer is kept where Popeye's differs.
KNOWN_DIFFERENCES: dict[str, str] = {}

# "case": a difference that is feerie's fault, not fixed yet (the test is a strict xfail).
FEERIE_BUGS: dict[str, str] = {}

# Problems whose diagram in Popeye's output is not the position feerie reads, and why.
IMITATOR = "Popeye draws the imitators (I) on the board; feerie keeps them as the condition's squares"
BOARD_DIFFERENCES: dict[str, str] = {
    **{f"BEISPIEL/imitator.inp#{i}": IMITATOR for i in range(1, 19)},
    "EXAMPLES/mooseim.inp#1": IMITATOR,
    "BEISPIEL/atob.inp#4": IMITATOR,
}


def _recorded(path: Path) -> list[list[str]]:
    """The tab-separated lines of a record file, comments left out."""
    if not path.exists():
        return []
    return [line.split("\t") for line in path.read_text().splitlines() if line and not line.startswith("#")]


FAST = [fields[0] for fields in _recorded(FAST_FILE)]


def test_records_exist():
    assert len(_recorded(CLASSES_FILE)) > 1900, f"{CLASSES_FILE} is missing or short; {REGENERATE}"
    assert len(FAST) > 100, f"{FAST_FILE} is missing or short; {REGENERATE}"


def test_classification_matches_the_record():
    reference("popeye", "corpus")
    recorded = {fields[0]: "\t".join(fields) for fields in _recorded(CLASSES_FILE)}
    now = {case: cc.classify(cc.load(case)[0]).line(case) for case in cc.cases()}
    changes = [f"  {recorded.get(case, case + ' (not recorded)')}\n    now: {now.get(case, case + ' (gone)')}"
               for case in sorted(set(recorded) | set(now), key=_order) if recorded.get(case) != now.get(case)]
    assert not changes, (f"{len(changes)} corpus problems are classified differently from "
                         f"tests/data/corpus_classes.txt ({REGENERATE}):\n" + "\n".join(changes[:40]))


def _order(case: str) -> tuple[str, int]:
    name, index = case.rsplit("#", 1)
    return name, int(index)


def _params():
    for case in FAST:
        marks = [pytest.mark.xfail(strict=True, reason=FEERIE_BUGS[case])] if case in FEERIE_BUGS else []
        yield pytest.param(case, id=case, marks=marks)


@pytest.mark.parametrize("case", list(_params()))
def test_fast_problem_equals_popeye(case):
    reference("popeye", "corpus")
    from solver.run.solve import solve_problem

    item, expected = cc.load(case)
    assert cc.classify(item).kind == "supported", f"{case}: no longer supported; {REGENERATE}"
    assert cc.popeye_state(expected) == "ok", f"{case}: Popeye's output: {cc.popeye_state(expected)}"
    result = solve_problem(item, max_time=MAX_SECONDS)
    assert not result.info.timed_out, f"{case}: not solved within {MAX_SECONDS} s"
    same = cc.same_solution(result.twins, expected)
    if case in KNOWN_DIFFERENCES:
        assert not same, f"{case} is listed as differing ({KNOWN_DIFFERENCES[case]}) but now agrees"
    else:
        assert same, f"{case} differs from Popeye:\n" + "\n".join(cc.differences(result.twins, expected))


def test_known_differences_are_recorded_fast_problems():
    for case in list(KNOWN_DIFFERENCES) + list(FEERIE_BUGS):
        assert case in FAST, f"{case} is not in {FAST_FILE.name}, so it is never compared"


def test_positions_match_popeyes_diagrams():
    """The reader against Popeye: each problem read (supported or not) has the
    pieces Popeye's diagram shows; the exceptions are listed with the reason."""
    reference("popeye", "corpus")
    import grammar

    wrong, listed = [], []
    for case in cc.cases():
        item, expected = cc.load(case)
        problem = item.problem if isinstance(item, grammar.ProblemError) else item
        if problem is None or expected is None or expected.board is None:
            continue
        ours = {(p.square, p.color, p.kind) for p in problem.pieces}
        theirs = {(p.square, p.color, p.kind) for p in expected.board}
        if case in BOARD_DIFFERENCES:
            if ours == theirs:
                wrong.append(f"{case}: listed in BOARD_DIFFERENCES, but now agrees")
            listed.append(case)
        elif ours != theirs:
            wrong.append(f"{case}: only feerie {sorted(ours - theirs)[:4]}, only Popeye {sorted(theirs - ours)[:4]}")
    assert not wrong, "\n".join(wrong[:30])
    assert len(listed) == len(BOARD_DIFFERENCES)

