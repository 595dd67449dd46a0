"""SAT and StrictSAT (Popeye's names): a king is in check when it has flights.

As Popeye 4.104 has it (conditions/sat.c, input/plaintext/condition.c,
solving/machinery/solvers.c): a *flight* is a square the king's walk
reaches, empty or held by an enemy piece, not the other king's, where the
king (lifted from its square) would not be observed.  `SAT n m` gives
White's king n "allowed" flights and Black's m (`SAT n`: both n; `SAT`:
none); Popeye reads the numbers as decimal (`SAT 3`) and writes them in
Roman numerals under the diagram (`SAT III`, `SAT I/II`, `SAT /I` for
`SAT 0 1`); of a second number Popeye reads the word again as the next
condition (an input error) but plays the number, as feerie does.  Which king is in check, for a side allowed n:

- `SAT` (both n = 0): the king has a flight (Popeye's STSATCheckTester);
- `SAT n m` with n or m above 0 (STSATxyCheckTester, for both sides): a
  king that is not observed counts its own square too, so it is in check
  with n + 1 flights when observed, n when not (with n = 0: always, when
  not observed);
- `StrictSAT [n [m]]` (STStrictSATCheckTester): as SAT, but the own square
  counts only once the side's king *has been observed* (in the diagram or
  after some move of the game so far); `SAT StrictSAT` plays as StrictSAT,
  with the numbers of the one written last (Popeye reads both into one
  pair, and StrictSAT's tester replaces SAT's).

StrictSAT's state (`Strictness`): whether each side's king has been
observed.  Popeye sets it at the start (STStrictSATInitialiser, before the
check of the diagram's legality) and after each move (STStrictSATUpdater,
journalled); feerie records it after each move by a rule that changes no
square (`record`, an effect rule marked `own_squares`), per stack entry as
BGL's budgets are, and keys the transposition tables on it.  Whether a
side's state changes with a move cannot change that move's own check tests
(the state is set only for a king observed now, whose test does not read
it), so when Popeye's updater runs beside the legality test does not matter.

A move that would capture the king is not legal (the king may stand
observed without being in check).  A position whose first mover's opponent
is in check is refused, as in orthodox chess ("the side to play can capture
the king").  The check test is this module's (`Rules.bind_check`, on the
generic generator); castling, as Popeye has it, needs the king out of
check on its square and on the square it crosses.

What the conditions keep (`preserves`): moves, effects and turns as in
orthodox chess; nothing built on check being observation
(`capture_observes`, `local_observation`), nor `walk_moves_only` (a
capture of the king is forbidden) and `king_steps_free`.  SAT goes with
Circe (without parameters) and AndernachChess (`GOES_WITH`), whose effects
change neither its check test nor the generator it binds (Popeye: the same
observation decides a flight); StrictSAT is played alone, beside SAT only.
Refused by name: any other condition beside them, a number above 8 (Popeye
writes no Roman numeral for it), neutral pieces.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.capabilities import (
    KING_STEP_TURN, NO_EFFECTS, ONE_COLOUR, ONE_KING, ORTHODOX_WALKS, SINGLE_MOVE_TURNS,
)
from solver.conditions.lesemajeste import no_king_capture
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces.catalogue import BY_KIND
from solver.pieces.families import piece_moves
from solver.pieces.generic import observed

PRESERVES = frozenset({ORTHODOX_WALKS, NO_EFFECTS, ONE_KING, KING_STEP_TURN, SINGLE_MOVE_TURNS,
                       ONE_COLOUR})
# the largest number Popeye writes (its Roman numerals run to VIII)
MOST_FLIGHTS = 8


def allowed_flights(params: tuple[str, ...], name: str = "SAT") -> dict[int, int]:
    """side -> how many flights its king may have (n of `SAT n m`)."""
    numbers = [int(p) for p in params]
    if len(numbers) > 2 or any(n > MOST_FLIGHTS for n in numbers):
        raise InputError(f"condition {name} {' '.join(params)} is not supported")
    white = numbers[0] if numbers else 0
    return {1: white, -1: numbers[1] if len(numbers) > 1 else white}


def flights(board, ksq: int, enemies, other: int, enough: int) -> int:
    """The flights of the king on ksq from the enemy pieces on `enemies`
    (`other`: the enemy king's square), counted up to `enough`."""
    code = board[ksq]
    moves = piece_moves(board, ksq, BY_KIND[abs(code)].walks)
    found = 0
    board[ksq] = 0
    try:
        for t, _, _ in moves:
            if t == other:
                continue
            # the king stands on t for the test: a pawn observes only a square it could take on
            held = board[t]
            board[t] = code
            free = not observed(board, t, enemies)
            board[t] = held
            if free:
                found += 1
                if found >= enough:
                    break
    finally:
        board[ksq] = code
    return found


def king_observed(pos, side: int) -> bool:
    """Is `side`'s king observed (orthodox check: Popeye's next check tester)?"""
    ksq = pos.kings[side]
    return ksq >= 0 and observed(pos.board, ksq, pos.occupied[-side])


class Strictness:
    """StrictSAT's state: (White's king has been observed, Black's has), in
    the diagram or after a move of the game so far.

    `at_root(pos)` records it for a position as the rule set builds it;
    `record`, an effect rule, after each move, from the state before the
    move (the entry below on the position's undo stack; a set_state, the
    searches' null move, changes nothing); `of(pos)` reads it.  Each state
    is kept with the stack entry it follows: an entry is a tuple made afresh
    by each make and never pushed again once popped, so the same object at
    the same height means the same moves below it."""

    def __init__(self) -> None:
        # id(position) -> (position, state in the diagram, [(stack entry, state after it)] per height)
        self.games: dict[int, tuple] = {}

    def at_root(self, pos) -> None:
        self.games[id(pos)] = (pos, (king_observed(pos, 1), king_observed(pos, -1)), [])

    def _game(self, pos) -> tuple:
        game = self.games.get(id(pos))
        if game is None or game[0] is not pos:
            raise RuntimeError("StrictSAT: a position not built by its rule set")
        return game

    def of(self, pos, height: int | None = None) -> tuple[bool, bool]:
        """The state in `pos` (with `height`: after the first `height` entries of its stack)."""
        _, root, cache = self._game(pos)
        stack = pos.stack
        i = (len(stack) if height is None else height) - 1
        while i >= 0:
            entry = stack[i]
            if entry[0] >= 0:   # a move (not a set_state)
                if i < len(cache) and cache[i][0] is entry:
                    return cache[i][1]
                raise RuntimeError("StrictSAT: a move played without its rule")
            i -= 1
        return root

    def record(self, pos, m, side, frm, to, flag, bits, captured) -> None:
        n = len(pos.stack)
        white, black = self.of(pos, n - 1)
        state = (white or king_observed(pos, 1), black or king_observed(pos, -1))
        cache = self._game(pos)[2]
        del cache[n - 1:]
        while len(cache) < n - 1:   # set_state entries below: they change nothing
            cache.append((None, None))
        cache.append((pos.stack[-1], state))

    record.own_squares = True   # it changes no square (registry.build_rules)


def install_check(rules: Rules, allowed: dict[int, int], own_square) -> None:
    """SAT's check test: `allowed[side]` flights, plus one for the king's own
    square where `own_square(pos, side)` says it counts (and it is not observed)."""

    def in_check_on(pos, ksq: int, side: int) -> bool:
        need = allowed[side] + 1
        board = pos.board
        enemies = pos.occupied[-side]
        if own_square(pos, side) and not observed(board, ksq, enemies):
            need -= 1
            if not need:
                return True
        return flights(board, ksq, enemies, pos.kings[-side], need) >= need

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        return ksq >= 0 and in_check_on(pos, ksq, side)

    def watch(pos, target: int, pieces) -> bool:
        """Castling's test of a square the king stands on (Popeye: is_in_check)."""
        return in_check_on(pos, target, 1 if pos.board[target] > 0 else -1)

    rules.bind_check(check, watch)
    if no_king_capture not in rules.move_filters:
        rules.move_filters.append(no_king_capture)


def _never(pos, side: int) -> bool:
    return False


def _always(pos, side: int) -> bool:
    return True


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    if rules.variant.neutral:
        raise InputError("condition SAT with neutral pieces is not supported")
    allowed = allowed_flights(params)
    if getattr(rules, "sat_strictness", None) is not None:   # StrictSAT before: it plays, with these numbers
        return _install_strict(rules, allowed)
    install_check(rules, allowed, _always if any(allowed.values()) else _never)
    return rules


def install_strict(rules: Rules, params: tuple[str, ...]) -> Rules:
    if rules.variant.neutral:
        raise InputError("condition StrictSAT with neutral pieces is not supported")
    return _install_strict(rules, allowed_flights(params, "StrictSAT"))


def _install_strict(rules: Rules, allowed: dict[int, int]) -> Rules:
    strictness = getattr(rules, "sat_strictness", None)
    if strictness is None:
        strictness = Strictness()
        rules.sat_strictness = strictness
        rules.effect_rules.append(strictness.record)
        rules.key_parts.append(strictness.of)
        base = rules.position

        def position(problem, side: int):
            pos = base(problem, side)
            strictness.at_root(pos)
            return pos

        rules.position = position

    def own_square(pos, side: int) -> bool:
        return strictness.of(pos)[0 if side > 0 else 1]

    install_check(rules, allowed, own_square)
    return rules


# the conditions with effects SAT is tested with (tests/data/sat/SATEffects): they change
# neither the check test nor the generator SAT binds
GOES_WITH = frozenset({("AndernachChess", ()), ("Circe", ())})

SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True, family="sat", with_effects=True,
                     goes_with=GOES_WITH)
"""The registry's entry (solver.conditions.registry)."""
STRICT_SPEC = ConditionSpec(install_strict, lambda params: PRESERVES, alone=True, family="sat")
"""StrictSAT's."""
