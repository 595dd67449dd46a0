"""Acceptance: feerie's solutions equal Popeye's on the reference problems.

Every problem of the reference Popeye input files (English examples, the
German `beispiel` files, the benchmark problems) is solved and its solution
tree compared with the one parsed from Popeye's output, sibling order
ignored (`solver.output.compare.canonical_all`).

Problems that need a condition, option, piece or stipulation feerie does
not support are listed in UNSUPPORTED with the reason feerie gives; the test
checks that feerie does refuse each of them with that reason, so the list
can only shrink (a problem that becomes solvable fails here until it is
removed from the list, and is then compared like the others).

Problems whose solving takes too long for CI are listed in SLOW with the
time measured; they are compared only under FEERIE_SLOW_TESTS=1 (and are
reported as skipped, with that reason, otherwise).
"""

from __future__ import annotations


import pytest

from conftest import REFERENCE, reference, skip_unless_slow_tests

FILES = [
    "english/direct_mate2.inp", "english/direct_mate2_threat_tries.inp",
    "english/direct_mate2_zugzwang.inp", "english/ex1_messigny_h2.inp", "english/helpmate2.inp",
    "english/helpstalemate2.inp", "english/knight_letter.inp", "english/messigny_rexex_h2.inp",
    "english/messigny_rexex_r2.inp", "english/selfmate2.inp", "english/twins_h2_duplex.inp",
    "beispiel/anystip.inp", "beispiel/castling.inp", "beispiel/duplex.inp", "beispiel/ep.inp",
    "beispiel/helpself.inp", "beispiel/intell.inp", "beispiel/max_var.inp", "beispiel/messigny.inp",
    "beispiel/nontriv.inp", "beispiel/postkey.inp", "beispiel/stip.inp", "beispiel/threat.inp",
    "beispiel/twin.inp",
    "bench/t1_mate2_armeni.inp", "bench/t2_mate3_seidel.inp", "bench/t3_mate4_johandl.inp",
    "bench/t4_mate4_loyd.inp", "bench/t5_h3_garai_plain.inp", "bench/t6_h4_lins_plain.inp",
    "bench/t7_h6_lins_plain.inp", "bench/t5_h3_garai_intel.inp", "bench/t6_h4_lins_intel.inp",
    "bench/t7_h6_lins_intel.inp",
]

# What feerie refuses, and why (the reason must be part of feerie's message).
UNSUPPORTED = {
    "beispiel/ep.inp#2": "option MaxFlightsquares is not supported",
    "beispiel/duplex.inp#6": "condition NorskSjakk is not supported",
    "beispiel/max_var.inp#1": "condition DuellistChess is not supported",
    "beispiel/max_var.inp#2": "condition DuellistChess is not supported",
    "beispiel/max_var.inp#3": "condition DuellistChess is not supported",
    "beispiel/max_var.inp#4": "condition BlackFollowMyLeader is not supported",
    "beispiel/max_var.inp#5": "condition BlackFollowMyLeader is not supported",
    "beispiel/max_var.inp#6": "condition BlackFollowMyLeader is not supported",
    "beispiel/max_var.inp#7": "condition BlackFollowMyLeader is not supported",
    "beispiel/stip.inp#21": "piece attribute Royal on a pawn is not supported",
    "beispiel/stip.inp#24": "condition AndernachChess with Circe is not supported",
    "beispiel/stip.inp#38": "goal % (Steingewinn) where a piece is of both sides (neutral pieces)",
    "beispiel/stip.inp#66": "condition Hole is not supported",
    "beispiel/stip.inp#68": "option StartMoveNumber is not supported",
    "beispiel/intell.inp#106": "option Intelligent is not supported with a number",
    "beispiel/intell.inp#107": "condition Hole is not supported",
}

# Too slow for CI: (seconds measured on the development machine, or a lower bound).
SLOW = {
    "beispiel/intell.inp#108": "over 60 s (reci-h#3: reciprocal play has no intelligent search)",
    "beispiel/intell.inp#110": "over 60 s (reci-h#7: reciprocal play has no intelligent search)",
    "beispiel/intell.inp#111": "over 60 s (reci-h#8: reciprocal play has no intelligent search)",
    "beispiel/intell.inp#39": "60-85 s (h#3)",
    "beispiel/messigny.inp#3": "80-110 s (Messigny h#3)",
    "beispiel/castling.inp#11": "68 s (#6 with Threat 1)",
    "beispiel/ep.inp#11": "over 25 min (s#6)",
    "beispiel/intell.inp#38": "over 60 s (h#9.5 BlackMaximummer: no intelligent search under a move choice)",
    "beispiel/twin.inp#25": "105 s (h=2 with neutral pieces, loaded machine)",
    "beispiel/duplex.inp#4": "over 60 s (ser-h#3, neutral pieces beside MirrorCirce, on the neutral generator)",
    "beispiel/stip.inp#19": "over 120 s (ser-h005: 5 black series moves, then White castles)",
    "beispiel/stip.inp#20": "over 10 s (ser-x64)",
    "beispiel/stip.inp#72": "86 s (ser-hs#5 with Duplex; Popeye 1.5 s)",
    "beispiel/castling.inp#38": "57 s (Circe #5: no shortcut that assumes a move without effects)",
    "beispiel/castling.inp#45": "over 300 s (h#3, 11+12 pieces; also without its CastlingMutuallyExclusive)",
    # 30 s and more in a fresh clone's CI on a loaded 2-core machine (2026-12-02, --durations)
    "beispiel/intell.inp#40": "47 s in CI (h#3, loaded machine)",
    "beispiel/helpself.inp#1": "34 s in CI (hs#, loaded machine)",
    "beispiel/threat.inp#4": "31 s in CI (#4 with Threat, loaded machine)",
    "beispiel/twin.inp#8": "over 60 s (Circe h#2, four twins: no intelligent search with rebirths)",
    # Option NonTrivial (Popeye: 0.2-127 s each)
    "beispiel/nontriv.inp#1": "over 60 s (s#24 with NonTrivial 1 0)",
    "beispiel/nontriv.inp#2": "over 60 s (s#25 with NonTrivial 0 0)",
    "beispiel/nontriv.inp#3": "10 s (s#23 with NonTrivial 0 0)",
    "beispiel/nontriv.inp#4": "over 60 s (s#21 with NonTrivial 0 0)",
    "beispiel/nontriv.inp#5": "over 60 s (s#23 with NonTrivial 0 0)",
    "beispiel/nontriv.inp#6": "25-36 s (s#21 with NonTrivial 0 0)",
    "beispiel/nontriv.inp#7": "29-60 s (#15 with NonTrivial 5 0)",
}
MAX_SECONDS = 120          # a limit for the problems run in CI
SLOW_MAX_SECONDS = 1800    # and for those of SLOW


def _cases() -> list[str]:
    if not REFERENCE.exists():
        return ["<reference data>"]
    import grammar

    out = []
    for name in FILES:
        count = len(grammar.load_file(REFERENCE / "popeye" / name))
        out += [f"{name}#{i}" for i in range(1, count + 1)]
    return out


CASES = _cases()


def _load(case: str):
    import grammar
    from solver.output.popeye_output import parse_output_file

    name, index = case.rsplit("#", 1)
    path = reference("popeye", name)
    items = grammar.load_file(path)
    expected = parse_output_file(path.with_suffix(".out"))
    i = int(index) - 1
    return items[i], (expected[i] if i < len(expected) else None)


def _refusal(item) -> str | None:
    import grammar
    from solver.run.solve import unsupported_reason

    if isinstance(item, grammar.ProblemError):
        return item.error.message
    return unsupported_reason(item)


@pytest.mark.parametrize("case", CASES)
def test_solution_equals_popeye(case):
    if case == "<reference data>":
        reference("popeye")
    item, expected = _load(case)
    refusal = _refusal(item)
    if case in UNSUPPORTED:
        assert refusal is not None and UNSUPPORTED[case] in refusal, \
            f"{case} is listed as unsupported ({UNSUPPORTED[case]}) but feerie says: {refusal}"
        return
    assert refusal is None, f"{case}: feerie refuses it ({refusal}); list it in UNSUPPORTED"
    slow = SLOW.get(case)
    if slow:
        skip_unless_slow_tests(slow)
    from solver.run.solve import solve_problem
    from solver.output.compare import canonical_all

    assert expected is not None and not expected.unparsed, f"{case}: Popeye's output does not parse"
    limit = SLOW_MAX_SECONDS if slow else MAX_SECONDS
    result = solve_problem(item, max_time=limit)
    assert not result.info.timed_out, f"{case}: not solved within {limit} s"
    # in the output's language: German writes Royal and Kamikaze both as 'k'
    assert canonical_all(result.twins, expected.language) == \
        canonical_all(expected.twins, expected.language), case
