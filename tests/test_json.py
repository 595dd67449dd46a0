"""The JSON writer: schema shape, plain JSON types, and reading trees back."""

from __future__ import annotations

import json

import pytest
from conftest import reference

from solver.output.json_writer import SCHEMA_VERSION, document, to_json, twins_from_json
from solver.model.problem import BLACK, Condition, Option, Piece, Problem, Stipulation, WHITE
from solver.output.popeye_output import parse_output_file
from solver.output.popeye_writer import solution_text
from solver.model.tree import RunInfo
from solver.output.compare import canonical_all

NODE_KEYS = {"role", "side", "move", "text", "components", "mark", "check", "mate", "stalemate", "label",
             "children"}
COMPONENT_KEYS = {"piece", "from", "to", "capture", "promotion", "castling", "en_passant", "exchange",
                  "captured", "neutral"}

REFERENCE_PROBLEMS = {
    "direct_mate2": Problem((Piece("d6", WHITE, "K"), Piece("e3", BLACK, "K")), Stipulation("#2", "direct", "#", 2),
                            options=(Option("Variation"), Option("Try")), authors=("Peter Gvozdjak",),
                            award="3rd Prize, Osmo-Kaila-Memorial 1992", source="direct_mate2.inp", line=1),
    "messigny_rexex_r2": Problem((Piece("e1", WHITE, "K"), Piece("e3", BLACK, "K")),
                                 Stipulation("r#2", "reflex", "#", 2),
                                 conditions=(Condition("Messigny", ("RexExclusive",)),),
                                 options=(Option("Variation"), Option("SetPlay"))),
    "twins_h2_duplex": Problem((Piece("d7", WHITE, "K"), Piece("b5", BLACK, "K")), Stipulation("h#2", "help", "#", 2),
                               options=(Option("Duplex"),)),
}


def result(name: str, meta: RunInfo = RunInfo(time_s=0.0123456789, nodes=4321)):
    [parsed] = parse_output_file(reference("popeye", "english", name + ".out"))
    return parsed, to_json(REFERENCE_PROBLEMS[name], parsed.twins, meta, version="9.9.9")


def all_nodes(node):
    yield node
    for child in node["children"]:
        yield from all_nodes(child)


@pytest.mark.parametrize("name", sorted(REFERENCE_PROBLEMS))
def test_shape(name):
    _, data = result(name)
    assert set(data) == {"schema", "problem", "meta", "twins"}
    assert data["schema"] == SCHEMA_VERSION == 1
    assert data["meta"] == {"solver": "feerie", "version": "9.9.9", "time_s": 0.012346, "nodes": 4321,
                            "timed_out": False, "cancelled": False, "out_of_memory": False,
                            "status": "complete"}
    problem = data["problem"]
    assert set(problem) == {"authors", "origin", "title", "award", "remark", "source", "line", "language",
                            "stipulation", "conditions", "options", "pieces"}
    assert set(problem["stipulation"]) == {"text", "play", "goal", "target", "moves", "half", "series",
                                            "exact", "reci_goal", "reci_target", "intro", "parry"}
    assert set(problem["pieces"]) == {"white", "black", "neutral"}
    for twin in data["twins"]:
        assert set(twin) == {"label", "description", "continued", "zero_position", "illegal", "phases"}
        for phase in twin["phases"]:
            assert set(phase) == {"reversed", "sections"}
            for section in phase["sections"]:
                assert set(section) == {"kind", "layout", "skipped", "intro", "label", "nodes"}
                assert section["kind"] in ("set", "play", "postkey")
                assert section["layout"] in ("tree", "line")
                for root in section["nodes"]:
                    for node in all_nodes(root):
                        assert set(node) == NODE_KEYS
                        assert node["side"] in ("white", "black")
                        assert node["text"].startswith(node["move"])
                        for comp in node["components"]:
                            assert set(comp) == COMPONENT_KEYS
                            assert len(comp["from"]) == len(comp["to"]) == 2


def test_values_of_a_direct_mate():
    _, data = result("direct_mate2")
    problem = data["problem"]
    assert problem["authors"] == ["Peter Gvozdjak"] and problem["stipulation"]["text"] == "#2"
    assert problem["options"] == [{"name": "Variation", "args": []}, {"name": "Try", "args": []}]
    assert problem["pieces"] == {"white": ["Kd6"], "black": ["Ke3"], "neutral": []}
    assert problem["source"] == "direct_mate2.inp" and problem["line"] == 1
    key, attempt = data["twins"][0]["phases"][0]["sections"][0]["nodes"]
    assert (key["role"], key["move"], key["text"], key["check"], key["mate"]) == (
        "key", "Rc2-c3", "Rc2-c3 +", True, False)
    assert key["components"] == [{"piece": "R", "from": "c2", "to": "c3", "capture": False, "promotion": None,
                                  "castling": None, "en_passant": False, "exchange": False,
                                  "captured": None, "neutral": False}]
    mate = key["children"][0]["children"][0]
    assert (mate["role"], mate["mark"], mate["mate"], mate["side"]) == ("continuation", "#", True, "white")
    assert mate["check"] is True  # a mate is a check, although Popeye marks it '#' alone
    assert attempt["role"] == "try" and attempt["children"][-1]["role"] == "refutation"


def test_values_of_messigny_and_set_play():
    _, data = result("messigny_rexex_r2")
    assert data["problem"]["conditions"] == [{"name": "Messigny", "params": ["RexExclusive"]}]
    set_play, play = data["twins"][0]["phases"][0]["sections"]
    assert set_play["kind"] == "set" and play["nodes"][0]["label"] == "threat"
    exchange = set_play["nodes"][2]
    assert exchange["move"] == "Qd8<->Qf8" and exchange["components"][0]["exchange"] is True


def test_line_play_and_twins():
    _, data = result("twins_h2_duplex")
    assert [(t["label"], t["description"]) for t in data["twins"]] == [("a)", ""), ("b)", "h=2"),
                                                                       ("c)", "wKd7-->e7")]
    phases = data["twins"][0]["phases"]
    assert [p["reversed"] for p in phases] == [False, True]
    line = phases[0]["sections"][0]
    assert line["layout"] == "line" and line["skipped"] == 0
    first = line["nodes"][0]
    assert (first["role"], first["side"], first["move"]) == ("help", "black", "Qa6-a5")


def test_timed_out_run():
    _, data = result("direct_mate2", RunInfo(time_s=30.0, nodes=10, timed_out=True))
    assert data["meta"]["timed_out"] is True and data["meta"]["status"] == "interrupted"


@pytest.mark.parametrize("name", sorted(REFERENCE_PROBLEMS))
def test_json_round_trip(name):
    parsed, data = result(name)
    text = json.dumps(data, sort_keys=True)
    assert json.loads(text) == data
    twins = twins_from_json(json.loads(text)["twins"])
    assert canonical_all(twins) == canonical_all(parsed.twins)
    assert solution_text(twins, "en") == solution_text(parsed.twins, "en")
    assert twins == parsed.twins


def test_document_wraps_several_results():
    _, a = result("direct_mate2")
    _, b = result("twins_h2_duplex")
    doc = document([a, b], version="9.9.9")
    assert doc == {"schema": 1, "solver": "feerie", "version": "9.9.9", "problems": [a, b]}
    json.dumps(doc)


def test_goal_and_target_square_in_json():
    """A target-square goal: 'goal' is Popeye's goal text 'z', 'target' its square;
    the move that reaches it carries Popeye's marks ('+ z')."""
    import grammar
    from solver.run.solve import solve_problem

    [problem] = grammar.load("begin\npieces white kh1 rd1 black ke8 pc5\nstip zd81\nend\n", "z.inp")
    result = solve_problem(problem, max_time=10)
    data = to_json(problem, result.twins, result.info, version="9.9.9")
    assert data["problem"]["stipulation"]["goal"] == "z"
    assert data["problem"]["stipulation"]["target"] == "d8"
    assert "+ z" in json.dumps(data["twins"])


@pytest.mark.parametrize("statement", [
    "8/8/8/8/8/1K6/7R/k7 w - - #1",
    "8/8/8/8/8/1K6/7R/k7 w - - #1 Marseillais",
    "8/8/8/8/8/1K6/7R/k7 w - - #1 Messigny",  # no mate: the kings may exchange
])
def test_a_one_move_solve_counts_its_nodes(statement):
    """meta.nodes counts the positions searched, under every condition: a #1 too
    (it was 0 there, the positions after the first moves not being counted)."""
    from grammar.statement import read_statement
    from solver.run.solve import solve_problem

    problem, _ = read_statement(statement)
    result = solve_problem(problem)
    assert result.info.nodes >= 1
