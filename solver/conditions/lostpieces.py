"""LostPieces (Popeye's name; py-engl.txt lists it without a description):
after every move, each piece of the other side that would stand mated,
were it that side's royal piece, is taken off the board.

Popeye's rule (its conditions/lostpieces.c, the tester in
solving/temporary_hacks.c), checked against Popeye 4.104's solutions
(tests/data/lostpieces/, tests/test_lostpieces.py, and the corpus,
EXAMPLES/lostpieces.inp, BEISPIEL/verlorenesteine.inp):
- once a move is played with all its other effects (a Circe rebirth, an
  AntiCirce capturer's return), every piece of the side now to move but its
  royal piece is tried in turn, on the position the move left: that piece
  made its side's only royal piece (its king no longer royal, the mover's
  king not royal either, so a capturable piece like the others: feerie's
  test never asks whether the mover is in check), is it
  mated - in check, and every move of its side leaves it in check?  The
  pieces found so are then removed together (`[-bPb5]`), in the order of
  the squares a1, b1 ... h8;
- the removal belongs to the move: the mover's own king is judged safe or
  not after it (a move that takes off the piece that checked is legal), the
  moves of that test are played with the other conditions' effects but
  without a removal of their own;
- Popeye's dummy move of a threat counts as a move (`threat:[-wPd7]`): the
  attacker loses its mated pieces before its threat is looked for
  (`pass_turn`; no other null move removes anything).

How: an effect rule (`solver.engine.effects`) that runs after every other
condition's (`_last`).  The test gives the tried piece the ROYAL attribute
and its square to `pos.kings`, and asks the rule set's own check test and
generator; within it the rule only keeps the royal square on that piece
(a king that moves would take it: `EffectsPosition.make`).  Alone (or
with Maximummer, which only chooses) a move of the test changes nothing but
its own squares, so it is put on the board and taken off, not made
(`_escapes`).  The squares lost are kept per position hash (`known`): the
legality test and the search make the same moves again.  A castling right
goes with the piece taken off its square (`castling_rights`).

What it keeps (`preserves`): not `no_effects` (a move takes off pieces it
did not touch: pins, checking geometry, flights, killers and the
intelligent search are off), nor `one_king` (the test makes other pieces
royal, which movegen's pinned generator does not know).  Fairy pieces
are played (compared in tests/data/lostpieces/Targeted.inp).  Refused by
name: parameters, neutral pieces and piece attributes (the test's royal
piece is an attribute), any other condition but those compared with Popeye
beside it (`COMBINED`, without parameters), and proof games
(`solver.search.proofgame`: no condition there).
"""

from __future__ import annotations

from solver.base.budget import RULES_SHARE, drop_oldest_half
from solver.base.errors import InputError
from solver.conditions.castling_rights import _rights_follow_squares, keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules
from solver.engine.board import KING
from solver.engine.capabilities import ALL_PROPERTIES, NO_EFFECTS, ONE_KING
from solver.engine.effects import ROYAL, Z_ATTR
from solver.engine.move import CASTLE, EN_PASSANT, LOCUST

NAME = "LostPieces"
CACHE_LIMIT = 200_000   # entries of the lost squares' cache, until a search sizes it
CACHE_ENTRY_BYTES = 160


class LostPiecesRule:
    """The effect rule (module docstring): `rules` answers check and
    whether a side has a move; `testing` is set while a piece is tried."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.testing = 0   # the side whose piece is tried (0: none)
        self.plain: bool | None = None   # `_plain`, decided at the first test
        # position hash -> the squares lost there (the same positions come back
        # often: a move is made by the legality test, then again to be searched)
        self.known: dict[int, tuple[int, ...]] = {}
        self.limit = CACHE_LIMIT

    def __call__(self, pos, m, side, frm, to, flag, bits, captured) -> None:
        if self.testing:
            self._follow(pos)
            return
        self.remove(pos)

    def remove(self, pos) -> None:
        """The removal after a pass (`Rules.pass_turn`): the pieces of the
        side to move that stand mated."""
        for sq in self.lost(pos, pos.side):
            pos.set_square(sq, 0)

    def lost(self, pos, losing: int) -> tuple[int, ...]:
        """The squares of `losing`'s pieces that stand mated as its royal
        piece (`losing` to move), in the order a1, b1 ... h8."""
        key = pos.hash
        found = self.known.get(key)
        if found is None:
            king = pos.kings[losing]
            found = tuple(sq for sq in sorted(pos.occupied[losing])
                          if sq != king and self.mated(pos, sq))
            if len(self.known) >= self.limit:
                drop_oldest_half(self.known)
            self.known[key] = found
        return found

    def mated(self, pos, sq: int) -> bool:
        """Is the piece on sq mated, as its side's only royal piece?"""
        losing = 1 if pos.board[sq] > 0 else -1
        kings, attrs = pos.kings, pos.attrs
        saved = kings[1], kings[-1]
        kings[losing] = sq
        rules = self.rules
        try:
            if not rules.in_check(pos, losing):
                return False
            old = attrs.get(sq, 0)
            attrs[sq] = old | ROYAL
            h = pos.hash
            pos.hash = h ^ Z_ATTR[old][sq] ^ Z_ATTR[old | ROYAL][sq]
            try:
                if self._plain(rules):
                    return not self._escapes(pos, sq, losing)
                self.testing = losing
                return not (self._steps_out(pos, sq) or rules.has_turn(pos))
            finally:
                self.testing = 0
                pos.hash = h
                if old:
                    attrs[sq] = old
                else:
                    attrs.pop(sq, None)
        finally:
            kings[1], kings[-1] = saved

    def _plain(self, rules: Rules) -> bool:
        """Do the moves of the test have no effect but the move itself, and
        is check the walks' observation?  (No other condition's effect rule,
        no filter on observation: the rule set of LostPieces alone, or with a
        condition that only chooses among moves.)"""
        plain = self.plain
        if plain is None:
            plain = self.plain = not rules.observation_filters and all(
                r is self or r is _rights_follow_squares for r in rules.effect_rules)
        return plain

    def _escapes(self, pos, sq: int, losing: int) -> bool:
        """Has `losing` (to move) a move after which the piece on sq (its
        royal piece, in `pos.kings`) is not in check?  Each pseudo-legal move
        is put on the board and taken off again, unmade: where nothing but
        the move changes the board (`_plain`), the same answer as making it.
        (Castling: only a king on the royal square castles, and this royal
        piece is in check; e.p. and locust captures are made.)"""
        rules = self.rules
        board, kings = pos.board, pos.kings
        enemies = pos.occupied[-losing]
        check = rules.in_check
        for m in self._moves(pos, sq, losing):
            flag = (m >> 14) & 7
            if flag in (EN_PASSANT, LOCUST, CASTLE):
                self.testing = losing
                try:
                    pos.make(m)
                    free = not check(pos, losing)
                    pos.unmake()
                finally:
                    self.testing = 0
            else:
                frm, to = m & 127, (m >> 7) & 127
                piece, taken = board[frm], board[to]
                board[frm], board[to] = 0, piece
                if taken:
                    enemies.discard(to)
                if frm == sq:
                    kings[losing] = to
                free = not check(pos, losing)
                kings[losing] = sq
                if taken:
                    enemies.add(to)
                board[frm], board[to] = piece, taken
            if free:
                return True
        return False

    def _moves(self, pos, sq: int, losing: int):
        """The pseudo-legal moves of `losing`, the tried piece's first (it
        usually escapes), each piece's made only when the ones before have
        not escaped (`generic.pseudo_moves`' moves, in another order)."""
        from solver.engine.movegen import ep_captures
        from solver.pieces.generic import add_piece_moves

        promotions = self.rules.variant.promotions
        for frm in (sq, *sorted(pos.occupied[losing] - {sq})):
            moves: dict[int, None] = {}
            add_piece_moves(pos, frm, promotions, moves)
            yield from moves
        yield from ep_captures(pos)

    def _steps_out(self, pos, sq: int) -> bool:
        """Has the tried piece a move of its own out of check?  (Tried first,
        as a king's steps are: it usually decides.)"""
        from solver.pieces.generic import add_piece_moves

        rules = self.rules
        moves: dict[int, None] = {}
        add_piece_moves(pos, sq, rules.variant.promotions, moves)
        losing = self.testing
        for m in moves:
            if not all(f(pos, m) for f in rules.move_filters):
                continue
            pos.make(m)
            free = not rules.in_check(pos, losing)
            pos.unmake()
            if free:
                return True
        return False

    def _follow(self, pos) -> None:
        """Within the test: the royal square is the tried piece's, wherever
        the move and its effects put it (-1: gone).  The other side's king
        keeps its square, which only the check test of that side reads (the
        test asks none), but when the move took it (-1)."""
        losing = self.testing
        board, kings = pos.board, pos.kings
        kings[losing] = next((sq for sq, b in pos.attrs.items()
                              if b & ROYAL and board[sq] * losing > 0), -1)
        other = kings[-losing]
        if other >= 0 and board[other] != -KING * losing:
            kings[-losing] = -1


def _last(rules: Rules, rule) -> None:
    """The positions of the rule set run `rule` after every other effect
    rule (Popeye's remover comes after the other effects of a move)."""
    base = rules.position

    def position(problem, side: int):
        pos = base(problem, side)
        pos.effect_rules = tuple(r for r in pos.effect_rules if r is not rule) + (rule,)
        return pos

    rules.position = position


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition {NAME} {param} is not supported")
    variant = rules.variant
    if variant.neutral:
        raise InputError(f"condition {NAME} with neutral pieces is not supported")
    if variant.attributes:
        raise InputError(f"condition {NAME} with piece attributes is not supported")
    rule = LostPiecesRule(rules)
    rules.effect_rules.append(rule)
    keep_square_rights(rules)   # a rook taken off its corner takes its right (castling_rights)
    _last(rules, rule)
    rules.lost_pieces = rule
    rules.pass_turn = lambda pos: pos.pass_turn(rule.remove)
    bound = rules.bound_caches

    def bound_caches(budget) -> None:
        bound(budget)
        rule.limit = budget.entries(RULES_SHARE, CACHE_ENTRY_BYTES)

    rules.bound_caches = bound_caches
    return rules


PRESERVES = ALL_PROPERTIES - {NO_EFFECTS, ONE_KING}

COMBINED = frozenset({"Circe", "AntiCirce", "BlackMaximummer", "WhiteMaximummer"})
"""The conditions compared with Popeye beside it, without parameters
(tests/data/lostpieces/: LostPiecesCirce.inp, Targeted.inp); their effects
come first."""

SPEC = ConditionSpec(install, lambda params: PRESERVES, has_effects=True, alone=True,
                     goes_with=frozenset((name, ()) for name in COMBINED))
"""The registry's entry (solver.conditions.registry)."""
