"""Goals as objects: what the last move of a play must achieve.

The searches (battle, help and series play, the intelligent help search,
the checker) ask a `Goal`, never compare goal texts:

- `reached(rules, pos)`: the final turn has just been played (its mover is
  `-pos.side`): does the position, with that turn, meet the goal?
- `candidates(rules, pos)`: the turns of the side to move that may reach it
  (a superset of those that do: mate needs a checking turn, a capture goal
  a capture ...), so that the final move's search plays no other;
- `mark(rules, pos, reached)`: what Popeye prints after a goal move (its
  `goal_end_marker`; for mate, stalemate, check and the goals made of them
  the marker replaces the check sign, for the others it follows it:
  `Rd1-d8 + z`, `0-0 +` for castling, which has no marker).

The facts come from Popeye 4.104 (py-engl.txt, "stipulation", and its
goal testers): '#' the side to move is in check and has no move; '=' it
is not in check and has none; '==' neither side has a move (the mover
tested as if it were to move) and the side to move is not in check; '#='
the side to move has no move; '!=' auto-stalemate: the mover has no move
(tested as if it were to move), the side to move is not in check; '+' the
side to move is in check; 'x' the move captured; '%' (Steingewinn) the
same without Circe; 'ep' the move captured en passant; '00' the move was a
castling; 'zXY' the moving piece arrived on XY (the king, in a castling);
'~' any move.

The goals that read the last move (x, %, ep, 00, z: `needs_move`) read it
from the position's undo stack (`pos.stack[-1]`: the move int and the piece
it took), which says it all only where a turn is one move and nothing else
happens (`MOVE_GOALS` in
`solver.engine.capabilities`); elsewhere they are refused
(`refusal`).  The goals whose mover must be in check after its own move
(auto-mate '!#', double mate '##', counter-mate '##!') and those that need a
condition's rebirths (circuits, exchanges, chess81, kiss) are not built:
`goal_of` refuses them by name.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.engine.board import SIDE_RIGHTS, parse_square, square_name
from solver.engine.capabilities import MOVE_GOALS
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE
from solver.model.problem import GOAL_NAMES


@dataclass(frozen=True)
class Goal:
    """One goal.  `symbol` is its Popeye text ('z' for every target square,
    whose square is `target`); `marker` what Popeye prints after a move that
    reaches it ('' for none); `preempts_check`: the marker replaces '+'.
    `immobile` is True for mate, False for stalemate, None for the other
    goals: the battle search's hot path tests those two inline.
    `needs_move`: `reached` reads the last move from the undo stack."""

    symbol: str
    marker: str
    preempts_check: bool
    immobile: bool | None = None
    needs_move: bool = False
    target: int = -1

    @property
    def text(self) -> str:
        """The goal as written in a stipulation ('zh3' for a target square)."""
        return self.symbol + (square_name(self.target) if self.target >= 0 else "")

    @property
    def name(self) -> str:
        return GOAL_NAMES[self.symbol]

    @property
    def missed(self) -> str:
        """What the checker says of a final move that does not reach the goal."""
        if self.symbol == "z":
            return f"does not reach {square_name(self.target)}"
        return _MISSED.get(self.symbol, "does not reach the goal")

    @property
    def any_move(self) -> bool:
        """Every move reaches it ('~')."""
        return self.symbol == "~"

    @property
    def ends_play(self) -> bool:
        """A move of the side that is to reach the goal ends the play when it
        reaches it before the last move (Popeye's leaves do; a nested branch
        does not: `solver.search.hidden_goal`)."""
        return True

    # ------------------------------------------------------------- tests

    def reached(self, rules, pos) -> bool:
        """The final turn has just been played: is the goal reached?"""
        return _REACHED[self.symbol](self, rules, pos)

    def possible(self, pos, side: int) -> bool:
        """May `side` still reach the goal some moves on?  False only where it
        never can: castling without castling rights (which never come back
        where the goal may be played at all: no rebirth, `MOVE_GOALS`)."""
        if self.symbol == "00":
            return bool(pos.castling & SIDE_RIGHTS[side])
        return True

    def candidates(self, rules, pos) -> list:
        """The turns of the side to move that may reach the goal (every one
        that does, maybe more)."""
        pick = _CANDIDATES.get(self.symbol)
        if pick is None:
            return rules.turns(pos)
        return pick(self, rules, pos)

    def beyond_turns(self, rules, pos) -> list:
        """Turns the side to move may not play but that reach the goal:
        Popeye's auto-stalemate by a self-check that leaves the mover
        suffocated by paralysis (`Rules.suffocating_self_checks`); none for
        any other goal."""
        if self.symbol == "!=":
            return rules.suffocating_self_checks(pos)
        return []

    def reaching_turns(self, rules, pos, tick=None) -> list:
        """The turns of the side to move that reach the goal (`tick`: called
        before each test, a budget's clock)."""
        if self.immobile is True:
            return rules.mating_turns(pos)
        out = []
        for t in self.candidates(rules, pos):
            if tick is not None:
                tick()
            rules.play(pos, t)
            if self.reached(rules, pos):
                out.append(t)
            rules.undo(pos, t)
        return out

    def mark(self, rules, pos, reached: bool) -> str:
        """Popeye's mark after a move (played) that reaches the goal
        (`reached`), or that does not: then '+' for a check, else ''."""
        check = "+" if rules.in_check(pos) else ""
        if not reached:
            return check
        if self.preempts_check:
            return self.marker
        return " ".join(x for x in (check, self.marker) if x)


_MISSED = {
    "#": "does not mate", "=": "does not stalemate", "==": "does not stalemate both sides",
    "#=": "does not mate or stalemate", "!=": "does not stalemate its own side", "+": "does not check",
    "x": "does not capture", "%": "does not capture", "ep": "does not capture en passant",
    "00": "does not castle",
}

# --------------------------------------------------------------- testers

def _mate(goal, rules, pos) -> bool:
    return rules.mate_check(pos) and not rules.has_turn(pos)


def _stalemate(goal, rules, pos) -> bool:
    return not rules.mate_check(pos) and not rules.has_turn(pos)


def _mover_immobile(rules, pos) -> bool:
    """Would the side that just moved have no move, were it to move again?"""
    pos.set_state(-pos.side, ())
    try:
        return not rules.has_turn(pos)
    finally:
        pos.unmake()


def _double_stalemate(goal, rules, pos) -> bool:
    return _stalemate(goal, rules, pos) and _mover_immobile(rules, pos)


def _mate_or_stalemate(goal, rules, pos) -> bool:
    return not rules.has_turn(pos)


def _auto_stalemate(goal, rules, pos) -> bool:
    # (Popeye: a mover suffocated by paralysis stalemates itself, whatever else)
    return rules.suffocated(pos, -pos.side) or (not rules.in_check(pos) and _mover_immobile(rules, pos))


def _check(goal, rules, pos) -> bool:
    return rules.in_check(pos)


def _last(pos) -> tuple[int, int]:
    """The last move played and the piece it took (0: none; an e.p. capture
    records 0 too: its flag says it)."""
    entry = pos.stack[-1]
    return entry[0], entry[1]


def _is_capture(m: int, taken: int) -> bool:
    flag = (m >> 14) & 7
    return flag == EN_PASSANT or (taken != 0 and flag != EXCHANGE and flag != CASTLE)


def _captured(goal, rules, pos) -> bool:
    m, taken = _last(pos)
    return m >= 0 and _is_capture(m, taken)


def _en_passant(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and (m >> 14) & 7 == EN_PASSANT


def _castled(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and (m >> 14) & 7 == CASTLE


def _on_target(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and (m >> 7) & 127 == goal.target


_REACHED = {
    "#": _mate, "=": _stalemate, "==": _double_stalemate, "#=": _mate_or_stalemate,
    "!=": _auto_stalemate, "+": _check, "x": _captured, "%": _captured, "ep": _en_passant,
    "00": _castled, "z": _on_target, "~": lambda goal, rules, pos: True,
}


# ------------------------------------------------------------ candidates

def _checking(goal, rules, pos) -> list:
    return rules.checking_turns(pos)


def _captures(goal, rules, pos) -> list:
    board = pos.board
    return [t for t in rules.turns(pos) if _is_capture(t, board[(t >> 7) & 127])]


def _en_passants(goal, rules, pos) -> list:
    if not pos.ep and rules.records_ep:
        return []
    return [t for t in rules.turns(pos) if (t >> 14) & 7 == EN_PASSANT]


def _castlings(goal, rules, pos) -> list:
    if not pos.castling & SIDE_RIGHTS[pos.side]:
        return []
    return [t for t in rules.turns(pos) if (t >> 14) & 7 == CASTLE]


def _auto_stalemates(goal, rules, pos) -> list:
    # (Popeye: a self-check that leaves the mover suffocated by paralysis stalemates it)
    return rules.turns(pos) + goal.beyond_turns(rules, pos)


def _to_target(goal, rules, pos) -> list:
    return [t for t in rules.turns(pos) if (t >> 7) & 127 == goal.target]


_CANDIDATES = {
    "#": _checking, "+": _checking, "x": _captures, "%": _captures,
    "ep": _en_passants, "00": _castlings, "z": _to_target, "!=": _auto_stalemates,
}

# ------------------------------------------------------------ the goals

_GOALS = {g.symbol: g for g in (
    Goal("#", "#", True, immobile=True),
    Goal("=", "=", True, immobile=False),
    Goal("==", "==", True),
    Goal("#=", "#=", True),
    Goal("!=", "!=", True),
    Goal("+", "+", True),
    Goal("x", "x", False, needs_move=True),
    Goal("%", "%", False, needs_move=True),
    Goal("ep", "", False, needs_move=True),
    Goal("00", "", False, needs_move=True),
    Goal("~", "", False),
)}

LIMITED = frozenset({"00"})
"""The goals whose `possible` may say False (the others: always True)."""

BUILT = frozenset(_GOALS) | {"z"}
"""The goal symbols feerie plays."""

INTELLIGENT = frozenset({"#", "=", "#="})
"""The goals the intelligent help search proves complete (it enumerates the
mate and stalemate positions: `solver.search.intelligent_stalemate`); it
declines every other."""


def goal_of(symbol: str, target: str | None = None) -> Goal:
    """The goal of a stipulation's goal text (`target`: the square of 'z');
    ValueError for a goal feerie does not build."""
    if symbol == "z":
        if target is None:
            raise ValueError("the target-square goal needs its square")
        return Goal("z", "z", False, needs_move=True, target=parse_square(target))
    goal = _GOALS.get(symbol)
    if goal is None:
        raise ValueError(f"goal {symbol} is not built")
    return goal


def as_goal(goal: "Goal | str") -> Goal:
    """A goal object from a goal or its text (the searches accept either)."""
    if isinstance(goal, Goal):
        return goal
    if goal.startswith("z") and len(goal) == 3:
        return goal_of("z", goal[1:])
    return goal_of(goal)


def refusal(goal: Goal, rules) -> str | None:
    """Why `goal` cannot be played under these rules, or None: the goals
    that read the last move need `MOVE_GOALS` kept."""
    if goal.needs_move and not rules.variant.keeps(MOVE_GOALS):
        return (f"goal {goal.symbol} ({goal.name}) where a turn is more than one move or a move"
                " has effects")
    return None


def stipulation_goal(stipulation) -> Goal:
    """The goal of a `solver.model.problem.Stipulation` (one feerie builds;
    not a '/' nested end: `hidden_goal.search_goal` gives the goal of any)."""
    return goal_of(stipulation.goal, stipulation.target)
