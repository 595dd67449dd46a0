"""The position stays consistent: the W1 corruption (issue 14) and the debug
mode that catches such faults at the move that causes them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import ROOT
from solver.engine import consistency
from solver.engine.board import parse_square
from solver.engine.move import EN_PASSANT, encode
from solver.engine.movegen import plausible
from solver.engine.position import Position

E4, F3 = parse_square("e4"), parse_square("f3")
# Black pawn e4 beside a white pawn that now stands on f3 (it did not just
# pass over f3): the e.p. capture e4xf3 of a sibling position is no move here.
STALE_EP = "4k3/8/8/8/4p3/5P2/8/4K3 b - - 0 1"


@pytest.fixture
def checked():
    """The debug checks on for one test, as they were afterwards."""
    was_on = bool(consistency._originals)
    consistency.install()
    yield
    if not was_on:
        consistency.uninstall()


def test_an_en_passant_killer_is_never_plausible():
    pos = Position.from_fen(STALE_EP)
    assert not plausible(pos.board, pos.side, encode(E4, F3, EN_PASSANT))
    assert plausible(pos.board, pos.side, encode(E4, F3))  # the ordinary capture is


def test_the_checks_catch_a_move_made_where_it_is_not_legal(checked):
    pos = Position.from_fen(STALE_EP)
    with pytest.raises(consistency.PositionCorrupted):
        pos.make(encode(E4, F3, EN_PASSANT))
        pos.unmake()


def test_the_checks_catch_a_shortcut_that_does_not_put_a_piece_back(checked):
    pos = Position.from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")
    pos.make(encode(parse_square("e2"), parse_square("e3")))
    pos.board[parse_square("e8")] = 0  # "lifted" and forgotten
    with pytest.raises(consistency.PositionCorrupted):
        pos.unmake()


def test_consistent_play_passes_the_checks(checked):
    pos = Position.from_fen("r3k2r/pppq1ppp/8/3pP3/8/8/PPPQ1PPP/R3K2R w KQkq d6 0 1")
    from solver.engine.movegen import legal_moves

    for m in legal_moves(pos):  # e.p., castling, captures
        pos.make(m)
        for reply in legal_moves(pos):
            pos.make(reply)
            pos.unmake()
        pos.unmake()
    assert consistency.problems(pos) == []


def test_the_chestuci_position_solves_under_the_checks():
    """The ChestUCI #5 of W1 crashed once its killer e4xf3 e.p. was tried where
    f3 held a white pawn; its #4 reaches that killer too (no #4 exists).  In a
    subprocess, so that FEERIE_CHECK_POSITION=1 is read when solver is imported."""
    env = {"FEERIE_CHECK_POSITION": "1", "PATH": "/usr/bin:/bin"}
    proc = subprocess.run(
        [sys.executable, "-c",
         "import solver.engine.consistency as c, cli; assert c._originals, 'checks off'; cli.main()",
         "solve", "--statement",
         "5nrn/p3N3/2B1p1p1/2P1kbB1/N3p2r/2K5/4PP2/8 w - - #4"],
        capture_output=True, text=True, timeout=300, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr
    assert "solution finished" in proc.stdout
    assert "corrupted" not in proc.stderr


def _solve_output(files, checked: bool) -> subprocess.CompletedProcess:
    import os
    import re

    env = dict(os.environ, FEERIE_CHECK_POSITION="1" if checked else "0")
    proc = subprocess.run([sys.executable, "-c", "import cli; cli.main()", "solve", *files],
                          capture_output=True, text=True, timeout=900, env=env, cwd=ROOT)
    proc.stdout = re.sub(r"Time = [0-9.:]+ (m:)?s", "Time = _", proc.stdout)
    return proc


def test_solving_under_the_checks_changes_nothing():
    """The bundled problems and Popeye's English reference files (direct,
    help, self, reflex play, twins, duplex, Messigny) solved with every make
    and unmake checked: no corruption, and the same output as without the
    checks.  (The whole suite passes under FEERIE_CHECK_POSITION=1 too, but
    runs a few times slower: README, "Tests".)"""
    from conftest import reference

    english = sorted(str(p) for p in reference("popeye", "english").glob("*.inp"))
    files = ["problems/examples.inp", "problems/classics.txt", *english]
    checked = _solve_output(files, checked=True)
    assert "corrupted" not in checked.stderr, checked.stderr[-3000:]
    plain = _solve_output(files, checked=False)
    assert checked.returncode == plain.returncode
    assert checked.stdout == plain.stdout
    assert checked.stdout.count("solution finished") >= 15
