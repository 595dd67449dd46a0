"""Rules: what the search may ask of a rule set (orthodox chess plus conditions).

The search (and perft) asks a `Rules` object only for:
1. `turns(pos)`: the legal turns of the side to move.  In orthodox chess
   (and Messigny) a turn is one move, an int; a condition that changes the
   turn structure (Marseillais: one or two components) returns its own turn
   values (tuples of move ints there), which only it needs to understand;
   `count_turns` (perft), `has_turn` (mate and stalemate tests) and
   `checking_turns` (the only candidates for a mating turn) are shortcuts a
   condition may make cheaper than building every turn;
2. `play(pos, turn)` / `undo(pos, turn)`;
3. `in_check(pos, side)`, and `key(pos)`: the transposition-table key, which
   must include every piece of state that decides what is legal next (the
   Zobrist hash covers placement, side, castling, e.p.; a condition adds its
   own, e.g. Messigny's last exchange).
Plus `components(turn)` and `describe(pos, turn)`, the moves a turn consists
of (for notation).

Single moves ("components" where a condition groups them into turns) come
from `moves`, `checking_moves` and `has_move`, which apply the hooks:
- `rules.extra_moves`: generators `f(pos, checking=False) -> list[int]` of
  additional legal single moves (Messigny's exchanges; the generator knows
  its moves best, so it tests their legality itself), with `checking` only
  those that give check;
- `rules.move_filters`: predicates `f(pos, move) -> bool` that forbid moves;
- `rules.key_parts`: functions `f(pos) -> hashable` mixed into `key`.
A condition that changes what a turn is (Marseillais) subclasses `Rules`
and builds its turns on those component methods, so that combining it with
a condition that only adds moves (Messigny) is composition: the hooks work
the same under either turn structure.

State a condition needs beyond the board (which pieces the last turn
exchanged; whether the game is over) travels as the `tag` of
`Position.set_state` (`TurnTag` below), so that it is undone with the move
and a search's null move (a plain `set_state`) clears it, as a real pass
would.

Orthodox chess is the `Rules` with no conditions; its `turns` is the move
generator itself, with nothing in between.
"""

from __future__ import annotations

from typing import Callable, Iterable, NamedTuple

from .board import KING
from .escapes import flights, touches
from .move import EXCHANGE, Move
from .movegen import checking_moves, has_legal_move, in_check, legal_moves


class TurnTag(NamedTuple):
    """What a turn leaves behind that the board does not show.

    `restricted`: squares of the pieces that took part in the exchanges of
    that turn (Messigny: they may not exchange on the next turn), sorted;
    `over`: the game ended with that turn (Marseillais, game-site rule).
    A turn with neither leaves no tag at all (None), so that positions
    compare equal however they were reached."""

    restricted: tuple[int, ...] = ()
    over: bool = False


class Rules:
    name = "orthodox"
    step_is_turn = True  # a king's single step is a whole turn (not so in Marseillais)

    def __init__(self) -> None:
        self.extra_moves: list[Callable] = []
        self.move_filters: list[Callable] = []
        self.key_parts: list[Callable] = []
        self.exchanges = False  # some extra move is a Messigny exchange
        self.in_check = in_check

    # Single moves ("components" for conditions that group them into turns).
    def moves(self, pos) -> list[int]:
        """The legal single moves of the side to move."""
        if not self.extra_moves and not self.move_filters:
            return legal_moves(pos)
        out = legal_moves(pos)
        for gen in self.extra_moves:
            out += gen(pos)
        for f in self.move_filters:
            out = [m for m in out if f(pos, m)]
        return out

    def checking_moves(self, pos) -> list[int]:
        """The legal single moves after which the opponent is in check."""
        if not self.extra_moves and not self.move_filters:
            return checking_moves(pos)
        out = checking_moves(pos)
        for gen in self.extra_moves:
            out += gen(pos, checking=True)
        for f in self.move_filters:
            out = [m for m in out if f(pos, m)]
        return out

    def has_move(self, pos, excluding: int = -1) -> bool:
        """Has the side to move a legal single move other than `excluding`?
        (Stops early: the king's moves, generated first, usually decide.)"""
        filters = self.move_filters

        def usable(m: int) -> bool:
            return m != excluding and all(f(pos, m) for f in filters)

        first = legal_moves(pos, True)
        if first:
            if any(usable(m) for m in first):
                return True
            if any(usable(m) for m in legal_moves(pos)):
                return True
        return any(usable(m) for gen in self.extra_moves for m in gen(pos))

    # Turns.
    def turns(self, pos) -> list:
        return self.moves(pos)

    def count_turns(self, pos) -> int:
        """How many legal turns the side to move has (perft's last ply)."""
        return len(self.turns(pos))

    @staticmethod
    def play(pos, turn) -> None:
        pos.make(turn)

    @staticmethod
    def undo(pos, turn) -> None:
        pos.unmake()

    @staticmethod
    def components(turn) -> tuple[int, ...]:
        return (turn,)

    def describe(self, pos, turn) -> tuple:
        """The turn's components as tree `Component`s, described from `pos`
        (the position before the turn)."""
        from .record import component

        return (component(pos, turn),)

    def has_turn(self, pos) -> bool:
        """Does the side to move have any legal turn? (mate and stalemate tests)"""
        if self.plain():
            return has_legal_move(pos)
        return self.has_move(pos)

    def checking_turns(self, pos) -> list:
        """The legal turns after which the opponent is in check: the only
        candidates for a mating turn."""
        return self.checking_moves(pos)

    def mating_turns(self, pos, first_only: bool = False) -> list:
        """The legal turns that mate (with `first_only`, at most one): the
        final turn of a mate stipulation, where only these matter.

        A checking move that leaves the defending king an escape it had
        before (`escapes`) is refuted without being played, where one king
        step is a whole turn (`step_is_turn`)."""
        out = []
        side = pos.side
        ek = pos.kings[-side]
        free = flights(pos, side) if self.step_is_turn and ek >= 0 and not pos.fairy else ()
        board = pos.board
        for t in self.checking_turns(pos):
            if free and t.__class__ is int:
                board[ek] = 0
                escape = any(not touches(board, t, side, x) for x in free)
                board[ek] = -KING * side
                if escape:
                    continue
            self.play(pos, t)
            hit = not self.has_turn(pos)
            self.undo(pos, t)
            if hit:
                out.append(t)
                if first_only:
                    break
        return out

    def bound_caches(self, budget) -> None:
        """Size the rule set's own caches from a search's memory budget
        (`Budget.entries`); a search calls it before it starts.  Orthodox
        rules keep none."""

    def plain(self) -> bool:
        """Orthodox rules exactly (the engine's fast paths apply)."""
        return type(self) is Rules and not self.extra_moves and not self.move_filters

    def turn_uci(self, turn) -> str:
        """A turn in UCI notation, components joined by a comma (perft --divide);
        a Messigny exchange, which UCI cannot say, as `d1<->d8`."""
        return ",".join(str(Move.decode(m)) if (m >> 14) & 7 == EXCHANGE else Move.decode(m).uci()
                        for m in self.components(turn))

    def key(self, pos):
        if not self.key_parts:
            return pos.hash
        return (pos.hash, *(f(pos) for f in self.key_parts))


ORTHODOX = Rules()

# name -> module-level install(rules, params); filled by the condition modules.
CONDITIONS: dict[str, Callable] = {}


def build_rules(conditions: Iterable = ()) -> Rules:
    """The rule set for a problem's conditions (`solver.model.Condition`s)."""
    conditions = list(conditions)
    if not conditions:
        return Rules()
    from .errors import InputError

    _register()
    rules = Rules()
    for cond in conditions:
        install = CONDITIONS.get(cond.name)
        if install is None or not getattr(cond, "supported", True):
            raise InputError(f"condition {cond.name} is not supported")
        rules = install(rules, cond.params) or rules
    return rules


def unsupported_condition(cond) -> str | None:
    """Why feerie cannot play under this condition (with its parameters), or None."""
    from .errors import InputError

    _register()
    if not getattr(cond, "supported", True) or cond.name not in CONDITIONS:
        return f"condition {cond.name} is not supported"
    try:
        CONDITIONS[cond.name](Rules(), cond.params)
    except InputError as err:
        return err.message
    return None


def _register() -> None:
    """Import the condition modules (each fills `CONDITIONS` when imported)."""
    from . import marseillais, messigny  # noqa: F401
