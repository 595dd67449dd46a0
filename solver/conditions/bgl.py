"""BGL (Petko Petkov): each side has a budget of distance; a move costs its length.

The rules, as Popeye (4.x, conditions/bgl.c) plays them:

- `BGL w b` gives White the budget w and Black b; `BGL n` one budget both
  sides spend (every move, of either side, costs it); `-` is no limit.
  Numbers have up to two decimals (`4.5`, `27,42`); Popeye keeps them in
  hundredths, and so does feerie (`parse_budget`).
- A move costs the Euclidean distance between its departure and arrival
  squares, rounded to hundredths (`COST`: Popeye's table, which is
  round(100 * sqrt(files^2 + ranks^2))); castling costs the king's move
  (2), e.p. the pawn's diagonal (1.41).  A move that costs more than the
  mover's budget is illegal (`move_allowed`).  A side without a limit
  plays freely and spends nothing.
- Check: an observation by a side with a limit counts only if its cost is
  within that side's budget at that moment (Popeye validates observations
  and checks with the same test as moves: `observation_allowed`), so a piece
  that cannot afford the capture of the king does not give check, and
  castling may pass squares such a piece "attacks".  The budget read is the
  one after the move just played: with one shared budget, White's move
  lowers what Black can afford for the check test of White's own king.

The budgets are position state.  They are not stored beside the board but
follow from it: what is left is the initial budget less the cost of every
move on the position's undo stack (`Ledger`), read there and cached by the
identity of the stack's entries, so that make / unmake (of any position
class, and the searches' null moves, which cost nothing) restore it
exactly, with nothing to journal.  They decide what is legal next, so the
transposition tables key on them (`rules.key_parts`); no Zobrist term is
needed.

Notation: Popeye writes the budgets left after each move of a side with a
limit, `1.a3-a2 (4.5/3)` (White's / Black's, `-` for no limit), or the one
shared budget, `(26.42)`; `Component.budget` holds those texts
(`rules.annotations`) and the JSON writes them (`"budget"`).

What BGL keeps (`preserves`): with a limit on either side, what a
condition that filters moves and observation keeps (`observation_preserves`:
no capture_observes, walk_moves_only, king_steps_free); with none
(`BGL -`), everything.  Beside neutral pieces the observation is filtered
on the neutral generator (`solver.pieces.neutral.filtered_observation`): a
neutral piece observes for the side it is painted, with that side's budget;
a neutral piece's move costs the mover's budget.
"""

from __future__ import annotations

import math
import re

from solver.base.errors import InputError
from solver.conditions.rules import OBSERVATION, ConditionSpec, OBSERVATION_PRESERVES, Rules
from solver.engine.capabilities import ALL_PROPERTIES

INFINITY = None
"""No limit (Popeye's BGL_infinity)."""

# COST[to - frm + 119]: the cost of a move between two 0x88 squares, in hundredths
COST = [0] * 239
for _dr in range(-7, 8):
    for _df in range(-7, 8):
        COST[16 * _dr + _df + 119] = int(math.floor(100 * math.hypot(_dr, _df) + 0.5))
del _dr, _df

_LEADING = re.compile(r"[-+]?[0-9]*")


def _strtol(text: str) -> int:
    m = _LEADING.match(text).group(0)
    return int(m) if m not in ("", "-", "+") else 0


def parse_budget(text: str) -> int | None:
    """A budget as Popeye reads it (input/plaintext/condition.c, ReadBGLNumber),
    in hundredths; None: no limit (`-`, or what it cannot read as a number
    with at most two decimals)."""
    if len(text) > 11 or text == "-":
        return INFINITY
    text = text.replace(",", ".")
    dot = text.find(".")
    if dot < 0:
        return 100 * _strtol(text)
    decimals = len(text) - dot   # the point included, as Popeye counts
    digits = text[:dot] + text[dot + 1:]
    if "." in digits:
        return INFINITY
    if decimals == 1:
        return 100 * _strtol(digits)
    if decimals == 2:
        return 10 * _strtol(digits)
    if decimals == 3:
        return _strtol(digits)
    return INFINITY


def budget_text(value: int | None) -> str:
    """A budget as Popeye writes it (WriteBGLNumber): `-`, `4`, `4.5`, `0.09`."""
    if value is INFINITY:
        return "-"
    whole, cents = int(value / 100), int(math.fmod(value, 100))
    if cents == 0:
        return str(whole)
    if cents % 10 == 0:
        return f"{whole}.{abs(cents) // 10}"
    return f"{whole}.{abs(cents):02d}"


def budgets_of(params: tuple[str, ...]) -> tuple[int | None, int | None, bool]:
    """(White's budget, Black's, shared?) of the condition's parameters."""
    for p in params:
        if not re.fullmatch(r"[0-9.,-]+", p):
            raise InputError(f"condition BGL {p} is not supported")
    if not params:
        return INFINITY, INFINITY, False
    if len(params) == 1:
        value = parse_budget(params[0])
        return value, value, True
    if len(params) == 2:
        return parse_budget(params[0]), parse_budget(params[1]), False
    raise InputError(f"condition BGL {' '.join(params)} is not supported")


def condition_text(params: tuple[str, ...]) -> str:
    """The parameters as Popeye writes them under the stipulation: `4.5/4`, `27.42`."""
    white, black, shared = budgets_of(params)
    return budget_text(white) if shared else f"{budget_text(white)}/{budget_text(black)}"


class Ledger:
    """The budgets left in a position: the initial ones less the cost of the
    moves on its undo stack.  `left(pos)` is (White's, Black's), None for
    no limit.

    The answer for each prefix of the stack is cached with the stack entry
    it ends on: an entry is a tuple made afresh by each make (or set_state)
    and never pushed again once popped, so while the cache holds it, the
    same object on top of a stack at the same height means the same moves
    below it."""

    def __init__(self, white: int | None, black: int | None, shared: bool) -> None:
        self.initial = (white, black)
        self.shared = shared
        self.cache: list[tuple] = []   # (entry, white left, black left)

    def left(self, pos) -> tuple[int | None, int | None]:
        stack = pos.stack
        n = len(stack)
        if not n:
            return self.initial
        cache = self.cache
        if len(cache) >= n and cache[n - 1][0] is stack[n - 1]:
            top = cache[n - 1]
            return top[1], top[2]
        k = min(len(cache), n)
        while k and cache[k - 1][0] is not stack[k - 1]:
            k -= 1
        del cache[k:]
        # who made each move from k on: walk down from the side to move now
        movers = [0] * (n - k)
        side = pos.side
        for i in range(n - 1, k - 1, -1):
            entry = stack[i]
            m = entry[0]
            if m >= 0:
                side = -side
                movers[i - k] = side
            else:   # a set_state: it recorded the side to move before it
                side = entry[1] if isinstance(entry[1], int) else entry[1][0]
        white, black = cache[k - 1][1:] if k else self.initial
        shared = self.shared
        for i in range(k, n):
            entry = stack[i]
            m = entry[0]
            if m >= 0:
                cost = COST[((m >> 7) & 127) - (m & 127) + 119]
                if shared:
                    if white is not None:
                        white -= cost
                        black = white
                elif movers[i - k] > 0:
                    if white is not None:
                        white -= cost
                elif black is not None:
                    black -= cost
            cache.append((entry, white, black))
        return white, black

    def of(self, pos, side: int) -> int | None:
        white, black = self.left(pos)
        return white if side > 0 else black


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    white, black, shared = budgets_of(params)
    if white is INFINITY and black is INFINITY:
        return rules
    ledger = Ledger(white, black, shared)

    def move_allowed(pos, m: int) -> bool:
        budget = ledger.of(pos, pos.side)
        return budget is None or COST[((m >> 7) & 127) - (m & 127) + 119] <= budget

    def observation_allowed(pos, frm: int, target: int) -> bool:
        budget = ledger.of(pos, 1 if pos.board[frm] > 0 else -1)
        return budget is None or COST[target - frm + 119] <= budget

    def key(pos):
        return ledger.left(pos)

    def annotate(pos, m: int, component):
        from dataclasses import replace

        side = pos.side
        if not shared and ledger.of(pos, side) is None:
            return component   # Popeye writes nothing after a move without a limit
        w, b = ledger.left(pos)   # what is left once the move is paid (as Ledger.left pays it)
        cost = COST[((m >> 7) & 127) - (m & 127) + 119]
        if shared:
            w = b = w - cost
        elif side > 0:
            w -= cost
        else:
            b -= cost
        texts = (budget_text(w),) if shared else (budget_text(w), budget_text(b))
        return replace(component, budget=texts)

    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(observation_allowed, level=OBSERVATION)
    rules.key_parts.append(key)
    rules.annotations.append(annotate)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    """With a limit: what a filter of moves and observation keeps; without, everything."""
    try:
        white, black, _ = budgets_of(params)
    except InputError:
        return OBSERVATION_PRESERVES
    return ALL_PROPERTIES if white is INFINITY and black is INFINITY else OBSERVATION_PRESERVES


SPEC = ConditionSpec(install, preserves, changes_observation=True)
"""The registry's entry (solver.conditions.registry)."""
