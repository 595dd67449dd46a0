"""Short solutions of help play, set play of series play, and how the checker
and the JSON output take them (issue 14, W2-W5).  Popeye's own answers for
these problems are compared in tests/test_popeye_generated.py (its
`issue14` file); here: what feerie builds on them."""

from __future__ import annotations

import grammar
from solver.search import intelligent as intelligent_module
from solver.check.check import SHORT, check_item
from solver.output.json_writer import to_json, twins_from_json
from solver.run.solve import plan, solve_problem
from solver.model.tree import Role, SectionKind, line_paths
from solver.output.compare import canonical_all


def popeye(body: str):
    [problem] = grammar.load_strict("BeginProblem\n" + body.strip() + "\nEndProblem\n", "t.inp")
    return problem


def native(body: str):
    [problem] = grammar.load("problem: t\n" + body.strip() + "\n", "t.txt")
    return problem


H2 = "Pieces White Ka3 Qg8 Sg4 Black Ka1 Sa8\nStipulation h#2\n"


def _lines(section) -> set[tuple[str, ...]]:
    from solver.output.notation import turn_text

    return {tuple(turn_text(n.turn, "en") for n in path) for path in line_paths(section.nodes)}


def test_help_play_prints_its_short_solutions_and_set_play_shorter_lines():
    result = solve_problem(popeye(H2 + "Option SetPlay"))
    set_play, play = result.twins[0].phases[0].sections
    assert ("Qg8-a2 #",) in _lines(set_play)
    assert {("Sa8-b6", "Qg8-a2 #"), ("Sa8-c7", "Qg8-a2 #")} <= _lines(play)
    assert all(len(line) in (1, 3) for line in _lines(set_play))
    assert all(len(line) in (2, 4) for line in _lines(play))


def test_stop_on_short_solutions_stops_after_the_short_length():
    result = solve_problem(popeye(H2 + "Option SetPlay StopOnShortSolutions"))
    set_play, play = result.twins[0].phases[0].sections
    assert _lines(set_play) == {("Qg8-a2 #",)}
    assert _lines(play) == {("Sa8-b6", "Qg8-a2 #"), ("Sa8-c7", "Qg8-a2 #")}
    assert result.info.partial
    # in tree play Popeye ignores the option: the keys are all there
    direct = solve_problem(popeye("Pieces White Kh1 Qa1 Rb2 Black Kh3 Pg4h4\nStipulation #3\n"
                                  "Option StopOnShortSolutions"))
    assert not direct.info.partial and direct.solution_counts[0] > 1


def test_intelligent_search_gives_the_plain_search_short_lines(monkeypatch):
    problems = [popeye(H2 + "Option SetPlay"),
                popeye("Pieces White Kc6 Rh2 Black Ka8 Pa7\nStipulation ser-h#3\nOption SetPlay"),
                popeye("Pieces White Kg6 Ra1 Black Kh8 Pa7\nStipulation h#2.5\nOption SetPlay")]
    intelligent = [canonical_all(solve_problem(p).twins) for p in problems]
    # solve imports the search when it needs it: patch it where it lives
    monkeypatch.setattr(intelligent_module, "intelligent_search", lambda *args: None)
    plain = [canonical_all(solve_problem(p).twins) for p in problems]
    assert intelligent == plain


def test_series_set_play_is_the_other_sides_last_move():
    specs = plan(popeye("Pieces White kd1 sf1 Black kg1 rg2 bh1 bh2 pf2 pg3\nStipulation ser-h=5\n"
                        "Option SetPlay"))
    assert [s.kind for s in specs] == [SectionKind.SET, SectionKind.PLAY]
    assert [s.kind for s in plan(popeye("Pieces White Kc6 Ra1 Black Ka8 Pa7\nStipulation ser-#3\n"
                                        "Option SetPlay"))] == [SectionKind.PLAY]
    result = solve_problem(popeye("Pieces White kb1 sa2 pb4 pc3 Black ka3 ba1 ba4 pb2 pb3 pb5 pc4\n"
                                  "Stipulation ser-s#2\nOption SetPlay"))
    set_play = result.twins[0].phases[0].sections[0]
    assert set_play.kind is SectionKind.SET and _lines(set_play) == {("b3*a2 #",)}
    assert set_play.skipped == 1


def test_checker_reports_short_lines_as_short_not_as_cooks():
    verdict = check_item(native("white: Ka3 Qg8 Sg4\nblack: Ka1 Sa8\nstipulation: h#2"))
    assert verdict.verdict == SHORT
    assert verdict.twins[0].evidence[0] == "short solution: h#1 has 1.Sa8-b6 Qg8-a2 # | 1.Sa8-c7 Qg8-a2 #"
    assert not any("1.Sa8-b6 Qg8-a2 #" == s for s in verdict.twins[0].solutions)
    # a series problem's shorter lines too: not cooks, a short solution
    verdict = check_item(native("white: Kc6 Rh1\nblack: Ka7\nstipulation: ser-h#2"))
    assert verdict.verdict == SHORT
    assert verdict.twins[0].evidence[0] == "short solution: ser-h#1 has 1.Ka7-a6 Rh1-a1 #"
    assert not any("cook" in e or "solutions" in e for e in verdict.twins[0].evidence[1:])


def test_checker_drops_stop_on_short_solutions():
    body = "white: Kg6 Ra1\nblack: Kh8\nstipulation: h#3\n"
    plain = check_item(native(body))
    stopped = check_item(native(body + "option: StopOnShortSolutions"))
    assert plain.verdict == stopped.verdict == SHORT
    assert plain.twins[0].solutions == stopped.twins[0].solutions and plain.twins[0].solutions


def test_short_lines_travel_through_json():
    problem = popeye(H2 + "Option SetPlay")
    result = solve_problem(problem)
    doc = to_json(problem, result.twins, result.info)
    back = twins_from_json(doc["twins"])
    assert canonical_all(back) == canonical_all(result.twins)


def test_postkey_refutation_is_a_refutation_node_in_json():
    problem = popeye("Pieces White kb6 sd5 pa7 Black ka8 se8 ph5\nStipulation #2\nOption PostKeyPlay")
    result = solve_problem(problem)
    [section] = result.twins[0].phases[0].sections
    refutations = [n for n in section.nodes if n.role is Role.REFUTATION]
    assert len(refutations) == 1 and not refutations[0].children
    doc = to_json(problem, result.twins, result.info)
    roles = [n["role"] for n in doc["twins"][0]["phases"][0]["sections"][0]["nodes"]]
    assert roles.count("refutation") == 1
    assert canonical_all(twins_from_json(doc["twins"])) == canonical_all(result.twins)


def test_jobs_give_the_same_short_lines_and_limits():
    for options in ("SetPlay", "SetPlay MaxSolutions 3", "SetPlay StopOnShortSolutions"):
        problem = popeye(H2 + "Option " + options)
        one, two = solve_problem(problem), solve_problem(problem, jobs=2)
        assert canonical_all(one.twins) == canonical_all(two.twins), options
        assert one.solution_counts == two.solution_counts and one.info.partial == two.info.partial
