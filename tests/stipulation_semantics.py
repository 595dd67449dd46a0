"""The stipulations, written straight from their definitions (RULES.md 2), over a
rule set's turns: no memo, no ordering, no shortcut.  Slow, and only for small
positions; the tests hold feerie's searches (memo tables, checking-turn
generators, escape refutations, killer moves) to these answers under the
conditions, whose turn generators are themselves checked against
python-chess (naive_conditions)."""

from __future__ import annotations


def reached(rules, pos, goal: str) -> bool:
    """Has the side to move just suffered the goal?"""
    if rules.turns(pos):
        return False
    return rules.in_check(pos) == (goal == "#")


def _after(rules, pos, t, test) -> bool:
    rules.play(pos, t)
    try:
        return test()
    finally:
        rules.undo(pos, t)


# --- direct, self, reflex: the keys ------------------------------------------------------

def direct_keys(rules, pos, n: int, goal: str) -> set:
    return {t for t in rules.turns(pos) if _after(rules, pos, t, lambda: _direct_after(rules, pos, n, goal))}


def _direct_after(rules, pos, n, goal) -> bool:
    """The attacker has played its turn (n of them left, this one counted)."""
    if reached(rules, pos, goal):
        return True
    if n <= 1:
        return False
    defences = rules.turns(pos)
    return bool(defences) and all(
        _after(rules, pos, d, lambda: any(_after(rules, pos, t, lambda: _direct_after(rules, pos, n - 1, goal))
                                          for t in rules.turns(pos)))
        for d in defences)


def self_keys(rules, pos, n: int, goal: str, reflex: bool = False, semi: bool = False) -> set:
    """s#n (r#n with `reflex`, semi-r#n with `semi`): after the key the
    defender is forced to deliver the goal within n moves of the attacker."""
    if reflex and _can_reach_in_one(rules, pos, goal):
        return set()
    return {t for t in rules.turns(pos)
            if _after(rules, pos, t, lambda: _defender_forced(rules, pos, n - 1, goal, reflex, semi))}


def _can_reach_in_one(rules, pos, goal) -> bool:
    return any(_after(rules, pos, t, lambda: reached(rules, pos, goal)) for t in rules.turns(pos))


def _defender_forced(rules, pos, k, goal, reflex, semi) -> bool:
    """Defender to move, k attacker moves left: must it deliver the goal?"""
    defences = rules.turns(pos)
    if not defences:
        return False
    if (reflex or semi) and _can_reach_in_one(rules, pos, goal):
        return True  # obliged to, and every such move does
    for d in defences:
        def answered():
            if not (reflex or semi) and reached(rules, pos, goal):
                return True
            if k == 0:
                return False
            if reflex and _can_reach_in_one(rules, pos, goal):
                return False  # the attacker would have to deliver it itself
            return any(_after(rules, pos, t, lambda: _defender_forced(rules, pos, k - 1, goal, reflex, semi))
                       for t in rules.turns(pos))
        if not _after(rules, pos, d, answered):
            return False
    return True


# --- help and series: the lines ----------------------------------------------------------

def help_lines(rules, pos, half_moves: int, goal: str) -> set:
    """Every line of `half_moves` turns, alternating sides, whose last turn reaches the goal."""
    out = set()
    for t in rules.turns(pos):
        rules.play(pos, t)
        if half_moves == 1:
            if reached(rules, pos, goal):
                out.add((t,))
        else:
            out |= {(t,) + rest for rest in help_lines(rules, pos, half_moves - 1, goal)}
        rules.undo(pos, t)
    return out


def series_help_lines(rules, pos, n: int, goal: str) -> set:
    """ser-h#n: n turns of the side to move in a row (the other side passing;
    no check before the last), then one turn of the other side reaching the goal."""
    if n == 0:
        return {(t,) for t in rules.turns(pos) if _after(rules, pos, t, lambda: reached(rules, pos, goal))}
    out = set()
    side = pos.side
    for t in rules.turns(pos):
        rules.play(pos, t)
        if n > 1:
            if not rules.in_check(pos):
                pos.set_state(side, ())
                out |= {(t,) + rest for rest in series_help_lines(rules, pos, n - 1, goal)}
                pos.unmake()
        else:
            out |= {(t,) + rest for rest in series_help_lines(rules, pos, 0, goal)}
        rules.undo(pos, t)
    return out
