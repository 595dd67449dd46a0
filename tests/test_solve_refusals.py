"""What `solve` and `perft` do with positions and stipulations the searches
cannot play (issue 14, crashes 1-3): a king the side to move could capture,
stipulations longer than any search goes, memory that runs out."""

from __future__ import annotations

import json
import pytest
from click.testing import CliRunner

from cli import main

CAPTURE = "the side to play can capture the king"


def solve(*args, input=None):
    return CliRunner().invoke(main, ["solve", *args], input=input)


@pytest.mark.parametrize("statement", [
    "7k/8/8/8/8/8/1Q6/K7 w - - #2",         # the black king on the queen's diagonal
    "4k3/8/8/8/8/8/4Q3/4K3 w - - #2",       # on her file
    "4k3/8/8/8/8/8/4Q3/4K3 w - - h#1.5",    # help play: crashed in checking_moves
    "4k3/8/8/8/8/8/4Q3/4K3 w - - ser-s#3",
    "4k3/8/8/8/8/8/4q3/4K3 b - - h#2",      # black to move, white in check
])
def test_a_capturable_king_is_refused_and_the_next_problem_solved(statement):
    result = solve("--statement", statement, "--statement", "3k4/8/3K4/8/8/8/8/7R w - - #1")
    assert result.exit_code == 2, result.output
    assert CAPTURE in result.stdout            # in the solution, as Popeye prints it
    assert "not solved: " + CAPTURE in result.stderr
    assert "1.Rh1-h8 # !" in result.stdout     # the second problem is solved
    assert "internal error" not in result.output


def test_only_the_illegal_twin_is_refused(tmp_path):
    path = tmp_path / "t.inp"
    # a) the queen on b2 sees h8; b) from b3 she does not.
    path.write_text("begin\npieces white ka1 qb2 black kh8\nstip #2\ntwin move b2 b3\nend\n"
                    "begin\npieces white kd6 rh1 black kd8\nstip #1\nend\n")
    result = solve(str(path))
    assert result.exit_code == 2
    out = result.stdout
    a, b = out.index("a)"), out.index("b)")
    assert a < out.index(CAPTURE) < b
    assert out.count(CAPTURE) == 1
    assert "1.Rh1-h8 # !" in out
    assert "twin a) not solved" in result.stderr


def test_json_marks_the_illegal_twin():
    result = solve("--format", "json", "--statement", "7k/8/8/8/8/8/1Q6/K7 w - - #2")
    doc = json.loads(result.stdout)
    (twin,) = doc["problems"][0]["twins"]
    assert twin["illegal"] == "king_capture"
    assert all(not s["nodes"] for p in twin["phases"] for s in p["sections"])


def test_check_says_illegal_position():
    result = CliRunner().invoke(main, ["check", "--statement", "7k/8/8/8/8/8/1Q6/K7 w - - #2"])
    assert "illegal_position" in result.output


def test_set_play_is_left_out_where_the_defender_could_take_the_king():
    # White in check from the rook (white moves first: legal); set play would
    # let black move first and take the king, so it is not computed.
    result = solve("-", input="begin\npieces white kb6 qh2 black ka8 rb1\nstip #2\n"
                              "option setplay\nend\n")
    assert result.exit_code == 0, result.output
    assert CAPTURE not in result.stdout
    assert "1..." not in result.stdout  # no set play printed


def test_perft_refuses_a_capturable_king_unless_asked():
    runner = CliRunner()
    refused = runner.invoke(main, ["perft", "7k/8/8/8/8/8/1Q6/K7 w - -", "1"])
    assert refused.exit_code == 2 and CAPTURE in refused.output
    allowed = runner.invoke(main, ["perft", "7k/8/8/8/8/8/1Q6/K7 w - -", "1", "--allow-king-capture"])
    assert allowed.exit_code == 0 and allowed.output.split()[-1] == "24"
    in_check = runner.invoke(main, ["perft", "7k/8/8/8/8/8/1Q6/K7 b - -", "1"])
    assert in_check.output.split()[-1] == "2"  # the side to move may be in check


@pytest.mark.parametrize("stipulation,half_moves", [
    ("#500", 999), ("h#499.5", 999), ("ser-#999", 999), ("ser-h#998", 999), ("s#500", 1000),
])
def test_stipulations_longer_than_popeyes_limit_are_refused(stipulation, half_moves):
    side = "b" if stipulation.startswith(("h#", "ser-h")) and not stipulation.endswith(".5") else "w"
    result = solve("--statement", f"4k3/8/8/8/8/8/8/R3K3 {side} - - {stipulation}")
    assert result.exit_code == 2
    assert f"{half_moves} half-moves, feerie plays at most 998" in result.stderr


@pytest.mark.parametrize("statement", [
    "4k3/8/8/8/8/8/8/R3K3 w - - #250",
    "4k3/8/8/8/8/8/8/R3K3 w - - #499",
    "4k3/8/8/8/8/8/8/R3K3 b - - h=499",   # the plain help search goes deep at once
])
def test_deep_stipulations_run_until_the_time_limit(statement):
    result = solve("--max-time", "2", "--statement", statement)
    assert "internal error" not in result.output, result.output
    assert result.exit_code in (0, 3)


def test_memory_exhaustion_ends_the_problem_with_what_was_found(monkeypatch):
    """Memory that runs out in a search (injected: the node counter raises
    MemoryError once the search is under way) ends the problem cleanly:
    status 3, a message, a JSON document marked out of memory, the next
    problem solved, not an empty MemoryError."""
    from solver.base.budget import Budget

    tick = Budget.tick

    def exhausted(self):
        tick(self)
        if self.nodes > 2000:
            raise MemoryError()

    monkeypatch.setattr(Budget, "tick", exhausted)
    result = solve("--format", "json", "--statement",
                   "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b - - h=6",
                   "--statement", "3k4/8/3K4/8/8/8/8/7R w - - #1")
    assert result.exit_code == 3, result.output
    assert "memory exhausted" in result.stderr
    first, second = json.loads(result.stdout)["problems"]
    assert first["meta"]["out_of_memory"] is True and first["meta"]["status"] == "interrupted"
    assert second["meta"]["status"] == "complete"


def test_json_lines_mark_the_illegal_twin():
    result = solve("--format", "jsonl", "--statement", "7k/8/8/8/8/8/1Q6/K7 w - - #2")
    events = [json.loads(line) for line in result.stdout.splitlines()]
    (twin,) = [e for e in events if e["event"] == "twin"]
    assert twin["illegal"] == "king_capture"
