"""Exactness of make/unmake on an EffectsPosition (attributes, Circe, the
conditions that change the mover), shared by their tests."""

from __future__ import annotations

from solver.engine import consistency


def state(pos):
    """Everything make/unmake must restore, attributes included (a plain
    Position, under a condition without effects such as MarsCirce, has none)."""
    return (tuple(pos.board), pos.side, pos.castling, pos.ep, pos.hash, tuple(pos.kings),
            frozenset(pos.occupied[1]), frozenset(pos.occupied[-1]), pos.fairy,
            tuple(sorted(getattr(pos, "attrs", {}).items())))


def walk(rules, pos, depth: int) -> int:
    """Every legal line of `depth` moves: each make leaves a consistent
    position whose incremental hash is the computed one, each unmake
    restores the state exactly."""
    if depth == 0:
        return 1
    total = 0
    for m in rules.turns(pos):
        before = state(pos)
        rules.play(pos, m)
        assert consistency.problems(pos) == [], (pos.fen(), m)
        total += walk(rules, pos, depth - 1)
        rules.undo(pos, m)
        assert state(pos) == before, (pos.fen(), m)
    return total
