"""How a change of colour on a square is written: `[e5=w]`.

Popeye writes a piece's change of colour in brackets after the move when the
piece is not the mover (Masand's and Breton's recolourings, a
hurdle-colour-changing hopper's hurdle) rather than as the mover's own `=w`.
Apart from the conditions so that the rule set binds it for the attribute
without importing a condition module (no import circle).
"""

from __future__ import annotations

from dataclasses import replace

def bracket_colour_changes(rules) -> None:
    """Write a change of colour of any piece as `[e5=w]` (Popeye's notation for
    Masand's and Breton's), not as the mover's `=w`."""
    describe = rules.describe

    def described(pos, turn) -> tuple:
        out = []
        for c in describe(pos, turn):
            effects = tuple(replace(e, bracketed=True)
                            if e.before and e.after and e.before[0] != e.after[0] else e
                            for e in c.effects)
            out.append(replace(c, effects=effects))
        return tuple(out)

    rules.describe = described
