"""Is the diagram a position that can arise in a game? (The checker's `illegal_position`.)

A composed problem must show a position reachable from the game array; a
solver does not need that, a judge does.  These are the tests every
problemist applies at a glance, not a retro-analysis:

- each side has exactly one king, and the kings do not stand next to each other;
- the side that does not move first is not in check (it would be the side
  to move's king that could be captured);
- no pawn stands on the first or the last rank;
- no side has more pieces than its eight pawns could have promoted to:
  pawns, plus queens beyond one, rooks and knights beyond two, and bishops
  beyond one per square colour, add up to at most eight, and at most
  sixteen units in all.

Fairy pieces are left out of the promotion count (they are not promoted
pawns in a fairy problem).  Who moves first comes from the solving plan,
so Duplex (each side starts once) requires that neither side be in check.
"""

from __future__ import annotations

from collections import Counter

from solver.engine.board import BLACK, WHITE
from solver.model.problem import Problem

_ORTHODOX = set("KQRBSP")
_FILES = "abcdefgh"


def _neighbours(a: str, b: str) -> bool:
    return max(abs(_FILES.index(a[0]) - _FILES.index(b[0])), abs(int(a[1]) - int(b[1]))) <= 1


def _light(square: str) -> bool:
    return (_FILES.index(square[0]) + int(square[1])) % 2 == 0


def first_movers(problem: Problem) -> set[int]:
    """The sides (+1 white, -1 black) that move first in some part of the play
    (set play left out: it is hypothetical, the defender "moves first" by
    convention; in post-key play the diagram is after the key)."""
    from solver.run.solve import first_mover, plan
    from solver.model.tree import SectionKind

    return {first_mover(spec) for spec in plan(problem) if spec.kind != SectionKind.SET}


def illegal_reasons(problem: Problem) -> list[str]:
    """Why the diagram (of one twin: no twins left in `problem`) is not a legal
    position; empty when it passes every test."""
    reasons: list[str] = []
    # a neutral king is both sides' king (and, in Popeye, the only one)
    kings = {color: [p.square for p in problem.pieces if p.color in (color, "neutral") and p.kind == "K"]
             for color in ("white", "black")}
    neutral_kings = [p.square for p in problem.pieces if p.color == "neutral" and p.kind == "K"]
    if neutral_kings and len(set(kings["white"] + kings["black"])) > 1:
        reasons.append(f"a neutral king ({', '.join(neutral_kings)}) beside another king")
        kings = {}
    for color, squares in kings.items():
        # a royal piece (solver.pieces.attributes) stands for the king
        if not squares and not any(p.color == color and "Royal" in p.attributes
                                   for p in problem.pieces):
            reasons.append(f"the {color} king is missing")
        elif len(squares) > 1:
            reasons.append(f"{len(squares)} {color} kings ({', '.join(squares)})")
    if len(kings.get("white", ())) == 1 and len(kings.get("black", ())) == 1 \
            and kings["white"] != kings["black"] and _neighbours(kings["white"][0], kings["black"][0]):
        reasons.append(f"the kings stand next to each other ({kings['white'][0]}, {kings['black'][0]})")
    for p in problem.pieces:
        if p.kind == "P" and p.square[1] in "18":
            reasons.append(f"{p.color} pawn on {p.square} (first or last rank)")
    for color in ("white", "black"):
        reasons.extend(_promotion_excess(problem, color))
    if not reasons:
        reasons.extend(_checks(problem))
    return reasons


def _promotion_excess(problem: Problem, color: str) -> list[str]:
    own = [p for p in problem.pieces if p.color == color and p.kind in _ORTHODOX]
    count = Counter(p.kind for p in own)
    light = sum(1 for p in own if p.kind == "B" and _light(p.square))
    dark = count["B"] - light
    promoted = (max(0, count["Q"] - 1) + max(0, count["R"] - 2) + max(0, count["S"] - 2)
                + max(0, light - 1) + max(0, dark - 1))
    out = []
    if count["P"] > 8:
        out.append(f"{count['P']} {color} pawns")
    elif count["P"] + promoted > 8:
        out.append(f"{color} has {promoted} promoted pieces beside {count['P']} pawns "
                   f"(at most {8 - count['P']} promotions possible)")
    elif len(own) > 16:
        out.append(f"{color} has {len(own)} units (at most 16)")
    return out


def _checks(problem: Problem) -> list[str]:
    """The side that does not move first may not be in check (two kings in
    check at once is illegal whoever moves)."""
    from solver.conditions.registry import rules_for

    rules = rules_for(problem)
    if not rules.captures_kings:   # LeseMajeste: a king may stand in check
        return []
    pos = rules.position(problem, WHITE)
    checked = {side for side in (WHITE, BLACK) if rules.in_check(pos, side)}
    if not checked:
        return []
    if len(checked) == 2:
        return ["both kings are in check"]
    (side,) = checked
    name = "white" if side == WHITE else "black"
    movers = first_movers(problem)
    if movers and side not in movers:
        return [f"the {name} king is in check but {name} does not move first"]
    if len(movers) > 1:
        return [f"the {name} king is in check but both sides move first (Duplex)"]
    return []


__all__ = ["illegal_reasons", "first_movers"]
