"""Rules: what the search may ask of a rule set (orthodox chess plus conditions).

The search (and perft) asks a `Rules` object only for:
1. `turns(pos)`: the legal turns of the side to move.  In orthodox chess
   (and Messigny) a turn is one move, an int; a condition that changes the
   turn structure (Marseillais: one or two components) returns its own turn
   values, which only it needs to understand;
2. `play(pos, turn)` / `undo(pos, turn)`;
3. `in_check(pos, side)`, and `key(pos)`: the transposition-table key, which
   must include every piece of state that decides what is legal next (the
   Zobrist hash covers placement, side, castling, e.p.; a condition adds its
   own, e.g. Messigny's last exchange).
Plus `components(turn)`, the moves a turn consists of (for notation).

A condition is a module with `install(rules, params)` that uses the hooks:
- `rules.extra_moves`: generators `f(pos) -> list[int]` of additional
  single moves (Messigny's exchanges); `moves` keeps those that do not
  leave the mover in check;
- `rules.move_filters`: predicates `f(pos, move) -> bool` that forbid moves;
- `rules.key_parts`: functions `f(pos) -> hashable` mixed into `key`;
- or it replaces `turns`/`play`/`undo` to change what a turn is
  (Marseillais), building on `moves` for the components, so that combining
  conditions is composition.
Orthodox chess is the `Rules` with no conditions; its `turns` is the move
generator itself, with nothing in between.
"""

from __future__ import annotations

from typing import Callable, Iterable

from .move import Move
from .movegen import checking_moves, has_legal_move, in_check, legal_moves


class Rules:
    name = "orthodox"

    def __init__(self) -> None:
        self.extra_moves: list[Callable] = []
        self.move_filters: list[Callable] = []
        self.key_parts: list[Callable] = []
        self.in_check = in_check

    # Single moves ("components" for conditions that group them into turns).
    def moves(self, pos) -> list[int]:
        if not self.extra_moves and not self.move_filters:
            return legal_moves(pos)
        out = legal_moves(pos)
        if self.move_filters:
            out = [m for m in out if all(f(pos, m) for f in self.move_filters)]
        side = pos.side
        for gen in self.extra_moves:
            for m in gen(pos):
                if self.move_filters and not all(f(pos, m) for f in self.move_filters):
                    continue
                pos.make(m)
                if not in_check(pos, side):
                    out.append(m)
                pos.unmake()
        return out

    def turns(self, pos) -> list:
        return self.moves(pos)

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
        return bool(self.turns(pos))

    def checking_turns(self, pos) -> list:
        """The legal turns after which the opponent is in check: the only
        candidates for a mating turn."""
        if self.plain():
            return checking_moves(pos)
        out = []
        side = pos.side
        for t in self.turns(pos):
            self.play(pos, t)
            if self.in_check(pos, -side):
                out.append(t)
            self.undo(pos, t)
        return out

    def plain(self) -> bool:
        """Orthodox rules exactly (the engine's fast paths apply)."""
        return type(self) is Rules and not self.extra_moves and not self.move_filters

    def turn_uci(self, turn) -> str:
        """A turn in UCI notation, components joined by a comma (perft --divide)."""
        return ",".join(Move.decode(m).uci() for m in self.components(turn))

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

    rules = Rules()
    for cond in conditions:
        install = CONDITIONS.get(cond.name)
        if install is None:
            raise InputError(f"condition {cond.name} is not supported")
        rules = install(rules, cond.params) or rules
    return rules
