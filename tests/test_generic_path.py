"""Every fast path proven against the generic one.

`FEERIE_GENERIC=1` compiles every variant with no properties: every shortcut
of `solver.engine.capabilities` is off, moves come from the walk catalogue and are
kept by make / test / unmake, check is asked of each enemy piece's walk.
Here perft counts (against the published ones) and whole solutions (against
the run with every shortcut on) must be equal under both."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from conftest import REFERENCE, ROOT, reference
from perft_data import read_perft_file
from solver.model.problem import Condition
from solver.engine.perft import perft
from solver.engine.position import Position
from solver.conditions.registry import build_rules
from solver.conditions.variant import GENERIC_ENV

MAX_NODES = 60_000   # the generic generator is several times slower: small counts only
RANDOM_POSITIONS = 25


@pytest.fixture
def generic(monkeypatch):
    monkeypatch.setenv(GENERIC_ENV, "1")


def _generic_rules(conditions=()):
    rules = build_rules(conditions)
    assert not rules.allows("pins") and not rules.allows("orthodox_attacks")
    return rules


def test_tricky_suite_under_the_generic_path(generic):
    rules = _generic_rules()
    checked = 0
    for ident, fen, counts in read_perft_file(reference("perft", "tricky.perft")):
        pos = Position.from_fen(fen)
        for depth, nodes in counts:
            if nodes <= MAX_NODES:
                assert perft(rules, pos, depth) == nodes, f"{ident} {fen} depth {depth}"
                checked += 1
    assert checked >= 30


def test_random_suite_under_the_generic_path(generic):
    rules = _generic_rules()
    suite = read_perft_file(reference("perft", "random.perft"))
    checked = 0
    for ident, fen, counts in suite[:RANDOM_POSITIONS]:
        pos = Position.from_fen(fen)
        for depth, nodes in counts:
            if depth <= 3 and nodes <= MAX_NODES:
                assert perft(rules, pos, depth) == nodes, f"{ident} {fen} depth {depth}"
                checked += 1
    assert checked >= RANDOM_POSITIONS


@pytest.mark.parametrize("conditions", [[Condition("Messigny")], [Condition("Marseillais")],
                                        [Condition("Messigny"), Condition("Marseillais")]],
                         ids=["messigny", "marseillais", "both"])
def test_conditions_count_the_same_under_the_generic_path(monkeypatch, conditions):
    """Messigny's exchange tables, Marseillais' king walks and the pins of
    their components against the generic path, on the seed diagrams' kind
    of position (both sides with exchangeable pieces, castling, e.p.)."""
    fens = ["r3k2r/1b4bq/8/8/8/8/7B/R3K2R w KQkq - 0 1",
            "4k3/1q6/8/3Pp3/8/8/1Q6/4K3 w - e6 0 1",
            "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"]
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    fast = build_rules(conditions)
    depth = 2 if len(conditions) == 1 and conditions[0].name == "Messigny" else 1
    expected = [perft(fast, Position.from_fen(f), depth) for f in fens]
    monkeypatch.setenv(GENERIC_ENV, "1")
    slow = build_rules(conditions)
    assert not slow.allows("exchange_tables") and not slow.allows("king_walks")
    assert [perft(slow, Position.from_fen(f), depth) for f in fens] == expected


def _solve(files, generic_path: bool) -> subprocess.CompletedProcess:
    env = dict(os.environ, **{GENERIC_ENV: "1" if generic_path else "0"})
    proc = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "solve", *files],
                          capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    proc.stdout = re.sub(r"Time = [0-9.:]+ (m:)?s", "Time = _", proc.stdout)
    return proc


def _generic_path_files() -> list[str]:
    """The bundled files and each English reference file (one placeholder
    when ../shared is absent: the test then skips, or fails under CI)."""
    english = sorted(f"english/{p.name}" for p in (REFERENCE / "popeye" / "english").glob("*.inp"))
    return ["problems/examples.inp", "problems/classics.txt", *(english or ["english/(absent)"])]


# The problems each file solves (1 where not listed): the run must solve them, not refuse them.
SOLVED = {"problems/examples.inp": 3, "problems/classics.txt": 3, "english/knight_letter.inp": 2}


# One test per file, so that the suite's workers share them out.
@pytest.mark.parametrize("name", _generic_path_files())
def test_solutions_are_the_same_under_the_generic_path(name):
    """The bundled examples and classics (direct, help, self, reflex play,
    twins, duplex) and Popeye's English reference files (Messigny among
    them): killer moves, flight refutation, checking-move geometry, the
    intelligent search and pins on, then all off; the output must not
    change.  (problems/marseillais.txt and messigny.txt take minutes on the
    generic path: Marseillais and Messigny are compared by perft above.)"""
    path = str(reference("popeye", *name.split("/"))) if name.startswith("english/") else name
    fast = _solve([path], generic_path=False)
    slow = _solve([path], generic_path=True)
    assert slow.returncode == fast.returncode, slow.stderr[-2000:]
    assert slow.stdout == fast.stdout
    assert fast.stdout.count("solution finished") == SOLVED.get(name, 1)


def test_table_observation_answers_as_the_walks_do():
    """`in_check_by_tables` (orthodox attackers from tables, shortcut
    `table_observation`) against `in_check` (every attacker through its
    walk) on every stored catalogue position, both sides, after every legal
    move and before it."""
    from solver.pieces import generic
    from test_pieces_popeye import RECORDS, read_position

    checked = 0
    for _, line, _ in RECORDS:
        for flip in (False, True):
            pos = read_position(line, flip)
            for m in [None, *generic.legal_moves(pos)]:
                if m is not None:
                    pos.make(m)
                for side in (1, -1):
                    assert generic.in_check_by_tables(pos, side) == generic.in_check(pos, side), line
                    checked += 1
                if m is not None:
                    pos.unmake()
    assert checked > 10_000


def test_neutral_solutions_are_the_same_under_the_generic_path():
    """Problems with neutral pieces (tests/data/neutral: #2 with variations,
    s#2) bind the neutral generator whatever FEERIE_GENERIC says, with every
    shortcut off (none keeps `one_colour`): the output must not change."""
    files = ["tests/data/neutral/d2.inp"]
    fast = _solve(files, generic_path=False)
    slow = _solve(files, generic_path=True)
    assert slow.returncode == fast.returncode == 0, slow.stderr[-2000:]
    assert slow.stdout == fast.stdout
    assert fast.stdout.count("solution finished") >= 1 and re.search(r"\.n[A-Z]", fast.stdout)


def test_no_shortcut_runs_where_neutral_pieces_stand(monkeypatch):
    """A neutral piece drops `one_colour`, which every shortcut needs."""
    import grammar
    from solver.conditions.registry import rules_for
    from solver.engine.capabilities import SHORTCUTS

    monkeypatch.delenv(GENERIC_ENV, raising=False)
    [problem] = grammar.load_strict("begin\npieces white ke1 black ke8 neutral pe2\nstip #2\nend\n")
    rules = rules_for(problem)
    assert rules.variant.neutral
    assert not any(rules.allows(name) for name in SHORTCUTS)
