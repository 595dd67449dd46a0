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
it took) and, where moves have effects, from its effects journal
(`solver.engine.effects`), as Popeye's testers read its move journal: 'x'
the move's own capture (whatever is reborn); '%' the same, but not where
the victim is reborn (Popeye's Circe Steingewinn filter: a piece of the
victim's side put on an empty square by the move's effects); 'ep' the
move's capture e.p.; '00' the move was a castling; 'z' where the moving
piece is once the effects are over (Popeye's
`move_effect_journal_follow_piece_through_other_effects`: an AntiCirce
capturer on its rebirth square, a piece that changes kind where it
stands).  That holds only where a turn is one move and the journal says
what the move did as read here (`MOVE_GOALS` in
`solver.engine.capabilities`); elsewhere they are refused by name
(`refusal`).  The circuits and exchanges ('ct', 'ctr', '<>', '<>r') are
goals of their own module, `solver.search.goals_identity`.

The mates of the mover, the kiss and chess81 (their block below, "mates of
the mover, kiss, chess81"): '!#' (auto-mate) the mover is in check and has
no move (tested as if it were to move); '##' (double mate) both sides are
in check and have no move, the mover having had a legal move before;
'##!' (counter-mate) the same, the mover having been mated before its move.
The final move of these three may leave the mover in check (Popeye leaves
out its self-check guard where a goal tests the mover's check): their
candidates are the moves legal but for that (`Rules.self_check_turns`),
and they are refused where the rules cannot tell them (`refusal`).  'c81'
(chess81): the moving piece arrives on the far rank of its side (rank 8 for
White); 'kXY' (kiss): the moving piece arrives beside the piece that stood
on XY in the diagram (followed through the moves on the undo stack), and no
other piece stands beside that one.  These two read the undo stack only
(`stack_only`): they are refused where a move has effects.  Popeye prints '!#' after the check
sign, '##' and '##!' for it, 'c81' after it, nothing for the kiss.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.engine.board import KING_TARGETS, SIDE_RIGHTS, parse_square, square_name
from solver.engine.capabilities import MOVE_GOALS, MOVE_JOURNAL, NO_EFFECTS, ONE_COLOUR, SINGLE_MOVE_TURNS
from solver.engine.identity import IDENTITY_GOALS
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE, FAR_EN_PASSANT, LOCUST, capture_square
from solver.model.problem import GOAL_NAMES
from solver.search import goals_identity


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
    # (mates of the mover, kiss: their block below) the final move may leave
    # the mover in check (`Rules.self_check_turns`); `reached` reads the moves
    # played since the diagram, which the position's key does not say (`memo_key`)
    self_check: bool = False
    history: bool = False
    # `reached` reads the last move from the undo stack alone, not from the
    # effects journal (chess81, kiss): played only where moves have no effects
    stack_only: bool = False

    @property
    def text(self) -> str:
        """The goal as written in a stipulation ('zh3' for a target square)."""
        return self.symbol + (square_name(self.target) if self.target >= 0 else "")

    def memo_key(self, rules):
        """What the searches key their memos by: `rules.key`, and for a goal
        that reads the moves played (`history`: the kiss follows its piece)
        what it reads of them."""
        if not self.history:
            return rules.key
        key, part = rules.key, _HISTORY[self.symbol]
        return lambda pos: (key(pos), part(self, pos))

    @property
    def name(self) -> str:
        return GOAL_NAMES[self.symbol]

    @property
    def missed(self) -> str:
        """What the checker says of a final move that does not reach the goal."""
        if self.symbol == "z":
            return f"does not reach {square_name(self.target)}"
        if self.symbol == "k":
            return f"does not kiss the piece of {square_name(self.target)}"
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
        never can: castling without castling rights, which never come back
        but where a piece put on a square by an effect may regain its right
        (a rook reborn on its corner: `EffectsPosition.square_rights`)."""
        if self.symbol == "00":
            return bool(pos.castling & SIDE_RIGHTS[side]) or getattr(pos, "square_rights", False)
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


def _is_en_passant(m: int) -> bool:
    """An e.p. capture: beside `to`, or Einstein's over two ranks (a locust move)."""
    flag = (m >> 14) & 7
    return flag == EN_PASSANT or (flag == LOCUST and bool(m & FAR_EN_PASSANT))


def _effects(pos) -> tuple:
    """The last move's effects, oldest first: (square, piece before, bits
    before, piece after, bits after); none on a position without a journal."""
    journal = getattr(pos, "journal", None)
    return journal[-1][2] if journal else ()


def _captured(goal, rules, pos) -> bool:
    m, taken = _last(pos)
    return m >= 0 and _is_capture(m, taken)


def _victim_reborn(pos, side: int) -> bool:
    """Did the last move's effects put a piece of `-side` (the victim's side,
    `side` the mover) on an empty square (a rebirth)?"""
    return any(not old and new * side < 0 for _, old, _, new, _ in _effects(pos))


def _won(goal, rules, pos) -> bool:
    """Steingewinn: a capture whose victim is not reborn."""
    return _captured(goal, rules, pos) and not _victim_reborn(pos, -pos.side)


def _en_passant(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and _is_en_passant(m)


def _castled(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and (m >> 14) & 7 == CASTLE


def _arrival(pos, m: int) -> int:
    """Where the last move's piece stands once its effects are over (-1: off
    the board): an effect that empties its square takes it off, the next
    that puts a piece of its side on an empty square puts it back there, one
    that changes the piece on its square leaves it there."""
    sq = (m >> 7) & 127
    side = -pos.side
    for esq, old, _, new, _ in _effects(pos):
        if sq >= 0:
            if esq == sq and not new:
                sq = -1
        elif not old and new * side > 0:
            sq = esq
    return sq


def _on_target(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and _arrival(pos, m) == goal.target


_REACHED = {
    "#": _mate, "=": _stalemate, "==": _double_stalemate, "#=": _mate_or_stalemate,
    "!=": _auto_stalemate, "+": _check, "x": _captured, "%": _won, "ep": _en_passant,
    "00": _castled, "z": _on_target, "~": lambda goal, rules, pos: True,
}


# ------------------------------------------------------------ candidates

def _checking(goal, rules, pos) -> list:
    return rules.checking_turns(pos)


def _captures(goal, rules, pos) -> list:
    board = pos.board
    s = pos.side
    return [t for t in rules.turns(pos) if _is_capture(t, board[capture_square(t, s)])]


def _en_passants(goal, rules, pos) -> list:
    if not pos.ep and rules.records_ep:
        return []
    return [t for t in rules.turns(pos) if _is_en_passant(t)]


def _castlings(goal, rules, pos) -> list:
    if not pos.castling & SIDE_RIGHTS[pos.side]:
        return []
    return [t for t in rules.turns(pos) if (t >> 14) & 7 == CASTLE]


def _auto_stalemates(goal, rules, pos) -> list:
    # (Popeye: a self-check that leaves the mover suffocated by paralysis stalemates it)
    return rules.turns(pos) + goal.beyond_turns(rules, pos)


def _to_target(goal, rules, pos) -> list:
    if rules.effect_rules:      # an effect may take the mover on (AntiCirce's rebirth)
        return rules.turns(pos)
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

# ------------------------------------ mates of the mover, kiss, chess81

def _mover_in_check(rules, pos) -> bool:
    return rules.in_check(pos, -pos.side)


def _auto_mate(goal, rules, pos) -> bool:
    return _mover_in_check(rules, pos) and _mover_immobile(rules, pos)


def _both_mated(rules, pos) -> bool:
    return _mate(None, rules, pos) and _auto_mate(None, rules, pos)


def _before_last(pos, test) -> bool:
    """`test()` on the position before the last move (taken back and made
    again: a turn is one move, `self_check_turns`)."""
    m = pos.stack[-1][0]
    if m < 0:
        return False
    pos.unmake()
    try:
        return test()
    finally:
        pos.make(m)


def _double_mate(goal, rules, pos) -> bool:
    """Both sides mated, the mover not immobile before its move (Popeye's
    doublemate filter)."""
    return _both_mated(rules, pos) and _before_last(pos, lambda: rules.has_turn(pos))


def _counter_mate(goal, rules, pos) -> bool:
    """Both sides mated, the mover mated before its move (Popeye's
    countermate filter)."""
    return _both_mated(rules, pos) and _before_last(
        pos, lambda: rules.in_check(pos) and not rules.has_turn(pos))


def _self_checks(goal, rules, pos) -> list:
    """The final moves of '!#': only a move that leaves the mover in check
    can (a legal one leaves it unchecked)."""
    return rules.self_check_turns(pos)


def _double_mate_candidates(goal, rules, pos) -> list:
    return rules.self_check_turns(pos) if rules.has_turn(pos) else []


def _counter_mate_candidates(goal, rules, pos) -> list:
    if not rules.in_check(pos) or rules.has_turn(pos):
        return []
    return rules.self_check_turns(pos)


def _far_rank(side: int) -> int:
    return 7 if side > 0 else 0


def _stack_arrival(m: int) -> int:
    """The square the moving piece stands on after the move (the king's,
    in a castling; the mover's piece in a Messigny exchange: `to`)."""
    return (m >> 7) & 127


def _chess81(goal, rules, pos) -> bool:
    m, _ = _last(pos)
    return m >= 0 and _stack_arrival(m) >> 4 == _far_rank(-pos.side)


def _to_far_rank(goal, rules, pos) -> list:
    rank = _far_rank(pos.side)
    return [t for t in rules.turns(pos) if _stack_arrival(t) >> 4 == rank]


def _kissed(goal, pos) -> int:
    """Where the piece of the diagram's target square stands now (-1: taken,
    or none stood there), followed through the moves on the undo stack
    (`MOVE_GOALS`: each entry is one move and says all it did)."""
    sq = goal.target
    for entry in pos.stack:
        if sq < 0:
            break
        m = entry[0]
        if m < 0:          # a pass (set_state)
            continue
        frm, to, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
        if flag == CASTLE:
            rook_from = (frm & 0x70) | ((m >> 17) & 7)
            if sq == frm:
                sq = to
            elif sq == rook_from:
                sq = to - 1 if to > frm else to + 1
        elif flag == EXCHANGE:
            if sq == frm:
                sq = to
            elif sq == to:
                sq = frm
        elif sq == frm:
            sq = to
        elif sq == to or (flag == EN_PASSANT and sq == (frm & 0x70) | (to & 7)) \
                or (flag == LOCUST and sq == (m >> 24) & 127):
            sq = -1
    return sq


def _beside(a: int, b: int) -> bool:
    return a != b and abs((a & 7) - (b & 7)) <= 1 and abs((a >> 4) - (b >> 4)) <= 1


def _kiss(goal, rules, pos) -> bool:
    """The moving piece stands beside the kissed one, and no other piece does
    (Popeye: solving/goals/kiss.c)."""
    m, _ = _last(pos)
    if m < 0:
        return False
    kissed = _kissed(goal, pos)
    kisser = _stack_arrival(m)
    if kissed < 0 or not _beside(kissed, kisser):
        return False
    board = pos.board
    return not any(board[x] and x != kisser for x in KING_TARGETS[kissed])


def _to_kissed(goal, rules, pos) -> list:
    kissed = _kissed(goal, pos)
    if kissed < 0:
        return []
    return [t for t in rules.turns(pos) if _beside(kissed, _stack_arrival(t))]


_REACHED.update({"!#": _auto_mate, "##": _double_mate, "##!": _counter_mate,
                 "c81": _chess81, "k": _kiss})
_CANDIDATES.update({"!#": _self_checks, "##": _double_mate_candidates,
                    "##!": _counter_mate_candidates, "c81": _to_far_rank, "k": _to_kissed})
_HISTORY = {"k": lambda goal, pos: _kissed(goal, pos)}
_MISSED.update({"!#": "does not mate its own side", "##": "does not mate both sides",
                "##!": "does not counter-mate", "c81": "does not reach the far rank"})
_GOALS.update({g.symbol: g for g in (
    Goal("!#", "!#", False, self_check=True),
    Goal("##", "##", True, self_check=True),
    Goal("##!", "##!", True, self_check=True),
    Goal("c81", "c81", False, needs_move=True, stack_only=True),
)})


def _kiss_goal(target: str) -> Goal:
    return Goal("k", "", False, needs_move=True, target=parse_square(target), history=True, stack_only=True)


# ------------------------------------ (end of mates of the mover, kiss, chess81)


@dataclass(frozen=True)
class IdentityGoal(Goal):
    """A goal that reads where pieces stood in the diagram: ct, <>, ctr, <>r
    (`solver.search.goals_identity` says all)."""

    def reached(self, rules, pos) -> bool:
        return goals_identity.reached(self, rules, pos)

    def candidates(self, rules, pos) -> list:
        return goals_identity.candidates(self, rules, pos)

    def refused_by(self, rules) -> str | None:
        return goals_identity.refused_by(self, rules)

    @property
    def missed(self) -> str:
        return goals_identity.MISSED[self.symbol]


_IDENTITY = {s: IdentityGoal(s, "", False, needs_move=True) for s in sorted(IDENTITY_GOALS)}

LIMITED = frozenset({"00"})
"""The goals whose `possible` may say False (the others: always True)."""

BUILT = frozenset(_GOALS) | {"z", "k"} | IDENTITY_GOALS
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
    if symbol == "k":
        if target is None:
            raise ValueError("the kiss goal needs its square")
        return _kiss_goal(target)
    if symbol in IDENTITY_GOALS:   # circuits and exchanges: a module of their own
        return _IDENTITY[symbol]
    goal = _GOALS.get(symbol)
    if goal is None:
        raise ValueError(f"goal {symbol} is not built")
    return goal


def as_goal(goal: "Goal | str") -> Goal:
    """A goal object from a goal or its text (the searches accept either)."""
    if isinstance(goal, Goal):
        return goal
    if goal[:1] in ("z", "k") and len(goal) == 3:
        return goal_of(goal[0], goal[1:])
    return goal_of(goal)


def refusal(goal: Goal, rules) -> str | None:
    """Why `goal` cannot be played under these rules, or None: the goals
    that read the last move need `MOVE_GOALS` kept (a goal with a
    `refused_by` of its own says itself: `goals_identity`)."""
    own = getattr(getattr(goal, "inner", goal), "refused_by", None)
    if own is not None:
        return own(rules)
    if goal.needs_move and not rules.variant.keeps(MOVE_GOALS):
        where = ("where a turn is more than one move" if not rules.variant.keeps({SINGLE_MOVE_TURNS})
                 else "where a piece is of both sides" if not rules.variant.keeps({ONE_COLOUR})
                 else "where a move has effects not compared with Popeye's"
                 if not rules.variant.keeps({MOVE_JOURNAL})
                 else "where a turn is more than one move or a move has effects")
        return f"goal {goal.symbol} ({goal.name}) {where}"
    if goal.stack_only and not rules.variant.keeps({NO_EFFECTS}):
        return f"goal {goal.symbol} ({goal.name}) where a move has effects"
    if goal.self_check and not rules.knows_self_checks():
        return (f"goal {goal.symbol} ({goal.name}), whose last move may leave the mover in check,"
                " where the moves legal but for that are not known")
    return None


def stipulation_goal(stipulation) -> Goal:
    """The goal of a `solver.model.problem.Stipulation` (one feerie builds;
    not a '/' nested end: `hidden_goal.search_goal` gives the goal of any)."""
    return goal_of(stipulation.goal, stipulation.target)
