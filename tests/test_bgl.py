"""BGL (solver.conditions.bgl) against Popeye: random orthodox positions under
budgets of each side (`BGL`), one shared budget (`BGLShared`) and BGL beside
Madrasi, NoCapture, MonochromChess (`BGLCombinations`) and beside Isardam,
KoeKo, Lortap, GridChess, EiffelChess, ChecklessChess, BlackMaximummer and
WhiteMustCapture (`BGLConditions`), in
`~1` (every legal move of White), #2 with tries, h#2 and s#2, made by
`tests/generate_popeye_data.py --bgl`; `Targeted.inp`, written by hand,
holds budgets that just allow and just forbid a move, checks a budget
forbids (and so castling across them), e.p., castling's cost and a shared
budget running out, neutral pieces.  Popeye prints the budgets left after each move, and
the comparison reads them: feerie must give Popeye's solution, budgets
included, on the fast path (every case) and on the generic one (a third)."""

from __future__ import annotations

from pathlib import Path

import pytest

from popeye_reference import cases, reference_tests
from solver.conditions.bgl import COST, budget_text, parse_budget

DATA = Path(__file__).parent / "data" / "bgl"
CASES = cases(DATA)


def test_every_form_has_problems():
    from generate_popeye_data import BGL_FORMS

    assert {case.split("#")[0] for case in CASES} == set(BGL_FORMS) | {"Targeted"}
    assert len(CASES) >= 60


test_solution_is_popeyes, test_solution_is_popeyes_on_the_generic_path = reference_tests(DATA)


def test_costs_are_popeyes_table():
    # entries of Popeye's BGL_move_diff_code (conditions/bgl.c), by (files, ranks)
    popeye = {(1, 0): 100, (1, 1): 141, (2, 1): 224, (2, 2): 283, (3, 1): 316, (3, 2): 361,
              (4, 4): 566, (6, 6): 849, (7, 6): 922, (7, 7): 990, (7, 3): 762, (5, 4): 640}
    for (df, dr), cost in popeye.items():
        for a, b in ((df, dr), (dr, df), (-df, dr), (df, -dr)):
            assert COST[16 * b + a + 119] == cost


@pytest.mark.parametrize("text, value, printed", [
    ("4.5", 450, "4.5"), ("27.42", 2742, "27.42"), ("27,42", 2742, "27.42"), ("7", 700, "7"),
    ("5.", 500, "5"), ("0.09", 9, "0.09"), ("-", None, "-"), ("1.234", None, "-"),
    ("1.2.3", None, "-"), ("123456789012", None, "-")])
def test_budgets_read_and_written_as_popeye_does(text, value, printed):
    assert parse_budget(text) == value
    assert budget_text(value) == printed


def test_json_has_the_budgets_and_reads_them_back():
    import json

    import grammar
    from solver.output.json_writer import to_json, twins_from_json
    from solver.output.popeye_writer import solution_text
    from solver.run.solve import solve_problem

    for cond, budget in (("bgl 5 0.5", '"budget": {"black": "0.5", "white": "3.59"}'),
                         ("bgl 5", '"budget": {"shared": "3.59"}')):
        [problem] = grammar.load(f"begin\npieces white kc6 qd1 black ka8 pg7\nstip ~1\n"
                                 f"cond {cond}\nend\n", "bgl.inp")
        result = solve_problem(problem, max_time=20)
        data = json.loads(json.dumps(to_json(problem, result.twins, result.info, version="9.9.9"),
                                     sort_keys=True))
        assert budget in json.dumps(data["twins"], sort_keys=True)
        twins = twins_from_json(data["twins"])
        assert twins == result.twins
        assert "1.Qd1-a4 (0.76" in solution_text(twins, "en")


@pytest.mark.parametrize("conditions, pieces, expected", [
    ("Circe BGL 4 3", "", "condition BGL with Circe is not supported"),
    ("BGL 4 3 Messigny", "", "condition BGL with Messigny is not supported"),
    ("Marseillais BGL 5", "", "condition BGL with Marseillais is not supported"),
    ("BGL 4 3 Madrasi", "neutral pc5", "condition Madrasi with neutral pieces is not supported"),
    ("BGL 4 3", "neutral pc5", None),
    ("BGL 4 3 Madrasi", "", None),
])
def test_what_is_refused_is_named(conditions, pieces, expected):
    import grammar
    from solver.run.solve import unsupported_reason

    [problem] = grammar.load(f"begin\npieces white ka1 rb3 black kh8 {pieces}\nstip #2\n"
                             f"cond {conditions}\nend\n", "x.inp")
    reason = problem.error.message if isinstance(problem, grammar.ProblemError) \
        else unsupported_reason(problem)
    assert (reason is None) if expected is None else (expected in reason)
