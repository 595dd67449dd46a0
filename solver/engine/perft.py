"""perft: count the legal move sequences of a given length.

The standard correctness test of a move generator (the counts of known
positions are published), and a speed measure.  The last ply is counted,
not played ("bulk counting"), as python-chess's own perft does.  Under a
condition that changes what a turn is, perft counts turns: in Marseillais
AB and BA are two turns (RULES.md 3.8).
"""

from __future__ import annotations


def perft(rules, pos, depth: int) -> int:
    """Number of legal turn sequences of `depth` turns from `pos`."""
    if depth <= 0:
        return 1
    if depth == 1:
        return rules.count_turns(pos)
    turns = rules.turns(pos)
    play, undo = rules.play, rules.undo
    total = 0
    for t in turns:
        play(pos, t)
        total += perft(rules, pos, depth - 1)
        undo(pos, t)
    return total


def divide(rules, pos, depth: int) -> list[tuple[object, int]]:
    """(turn, count below it) for every legal first turn."""
    out = []
    for t in rules.turns(pos):
        rules.play(pos, t)
        out.append((t, perft(rules, pos, depth - 1)))
        rules.undo(pos, t)
    return out
