"""Marseillais chess (RULES.md 3): each side plays two moves ("components") per turn.

A turn is a tuple of one or two move ints, `(A,)` or `(A, B)`.  `(A, B)` and
`(B, A)` are different turns (3.8): both are generated, listed and counted,
even when they reach the same position; the search still shares its tables
between them, because `key` describes the position reached, not the way
there (3.10: a stipulation counts turns, the searches count whatever
`turns` returns, so they need no change).

The rules, and how they are met:
- 3.2: a first component that gives check is the whole turn;
- 3.3, 3.4: every component comes from the component generator
  (`Rules.moves`: legal single moves, plus Messigny's exchanges when that
  condition is on), which never leaves the mover's king attacked; a side in
  check therefore parries with the first component, and no component may
  check its own king even if the next one would cure it;
- 3.5: a turn must change the placement of the pieces.  With two
  components and no capture that happens only when the second puts the
  piece of the first back (`Sg1-f3,Sf3-g1`, a king's there-and-back), or
  exchanges the same two pieces back (Messigny): `_reverse` names that one
  second component, which is refused.  Castling and e.p. rights are not
  compared (a king's there-and-back that only loses castling is refused);
- 3.6: a first component with no second one is not a turn (problem
  convention), so a side with first components and no complete turn is
  stalemated, or mated when in check.  With `GameSite` (3.9) such a first
  component is a turn of its own after which the game is over: a
  stalemate (the turn's tag says `over`; no side has a turn afterwards);
- 3.7: e.p. only as the first component, against a pawn that double-stepped
  in either component of the opponent's last turn and still stands where it
  arrived with the square it passed over empty (a piece standing there is
  simply captured); a second e.p. as the second component only after a first
  one.  The e.p. squares a turn leaves are computed at its end (both
  components) and kept only where an enemy pawn stands beside the pawn, as
  `Position.make` does, so that a position's key does not depend on the
  order of the turn;
- `Balanced` (3.9): White's first turn of the game has one component.  A
  problem marks its position as the game array by being it: the initial
  array, White to move, with nothing played yet (the root of a search or of
  perft); anywhere else `Balanced` changes nothing;
- `NoChecks` (3.9, king capture as the goal) is not supported: it needs
  pseudo-legal play and a goal the searches do not have; it is reported as
  such.

With Messigny (4.7) an exchange is one component.  "The opponent's
immediately preceding exchange" (4.2) is read at the level of turns, the
unit a Marseillais player moves in: the pieces that took part in an exchange
in either component of the opponent's last turn may not take part in an
exchange in either component of this turn, wherever they have gone since
(the squares are followed through each component).  A side's own exchange
does not restrict its own next component (4.2, last sentence); exchanging
the same pair straight back is refused by 3.5 anyway.

Cost: a turn multiplies the branching factor by the number of moves (about
1,000 turns in a middlegame).  Second components are generated per first
component on the board as it stands after it; `checking_turns` (the only
candidates for a mating turn) asks only for checking second components, and
`has_turn` and `count_turns` stop early or only count.
"""

from __future__ import annotations

from solver.engine.board import CASTLE_PATH, KING, PAWN, WHITE
from solver.base.budget import RULES_SHARE, drop_oldest_half
from solver.base.errors import InputError
from solver.engine.escapes import king_walks, touches, walks
from solver.conditions.messigny import restricted
from solver.engine.move import CASTLE, DOUBLE, EN_PASSANT, EXCHANGE, NORMAL
from solver.engine.position import Position
from solver.model.record import component
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEP_TURN, SINGLE_MOVE_TURNS
from solver.conditions.rules import ConditionSpec, Rules, TurnTag

CACHE_LIMIT = 500_000  # entries of the has_turn cache, until a search sizes it
# Bytes an entry of that cache costs (a (hash, tag) key, the dict's slot;
# measured, with room for the dict's growth).
CACHE_ENTRY_BYTES = 180
OPEN_WALKS = 3  # walks a first component leaves open that mating_turns keeps track of

GAME_ARRAY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
_GAME_ARRAY_PLACEMENT = Position.from_fen(GAME_ARRAY).placement_hash()


def _reverse(board: list[int], m: int) -> int:
    """The second component that would put back what `m` changed (RULES.md
    3.5), or -1; read from the board before `m` is played."""
    flag = (m >> 14) & 7
    frm = m & 127
    to = (m >> 7) & 127
    if flag == NORMAL:
        return -1 if board[to] else to | frm << 7
    if flag == EXCHANGE:
        return to | frm << 7 | EXCHANGE << 14
    return -1


def _track(squares, m: int, side: int) -> tuple[int, ...]:
    """Where the pieces on `squares` stand after move `m` (of `side`); pieces
    it captures are dropped."""
    frm = m & 127
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    out = []
    if flag == CASTLE:
        rf = (frm & 0x70) | ((m >> 17) & 7)
        rt = CASTLE_PATH[(frm, rf)][1]
        for s in squares:
            out.append(to if s == frm else rt if s == rf else s)
        return tuple(out)
    gone = to - 16 * side if flag == EN_PASSANT else -1
    for s in squares:
        if s == frm:
            out.append(to)
        elif s == to:
            if flag == EXCHANGE:
                out.append(frm)
        elif s != gone:
            out.append(s)
    return tuple(out)


def _final_ep(board: list[int], turn, side: int) -> tuple[int, ...]:
    """The e.p. squares a turn leaves for the opponent (RULES.md 3.7)."""
    out = []
    pawn = PAWN * side
    for m in turn:
        if (m >> 14) & 7 == DOUBLE:
            frm = m & 127
            to = (m >> 7) & 127
            e = (frm + to) >> 1
            if board[to] == pawn and not board[e] and (
                    (not (to + 1) & 0x88 and board[to + 1] == -pawn)
                    or (not (to - 1) & 0x88 and board[to - 1] == -pawn)):
                out.append(e)
    if len(out) > 1:
        out.sort()
    return tuple(out)


def _exchanged(turn, side: int) -> tuple[int, ...]:
    """Squares, after the turn, of the pieces its exchanges involved."""
    c1 = turn[0]
    part: tuple[int, ...] = ()
    if (c1 >> 14) & 7 == EXCHANGE:
        part = (c1 & 127, (c1 >> 7) & 127)
    if len(turn) > 1:
        c2 = turn[1]
        if part:
            part = _track(part, c2, side)
        if (c2 >> 14) & 7 == EXCHANGE:
            part = tuple(set(part) | {c2 & 127, (c2 >> 7) & 127})
    return tuple(sorted(part))


def _tag_key(pos):
    return pos.tag()


class MarseillaisRules(Rules):
    name = "marseillais"

    def __init__(self, base: Rules, balanced: bool = False, game_site: bool = False) -> None:
        super().__init__(base.variant)
        self.extra_moves = base.extra_moves
        self.move_filters = base.move_filters
        self.key_parts = base.key_parts + [_tag_key]
        self.exchanges = base.exchanges
        self.balanced = balanced
        self.game_site = game_site
        self._has_turn: dict = {}  # position key -> has_turn, for mate tests
        self._cache_limit = CACHE_LIMIT

    def bound_caches(self, budget) -> None:
        self._cache_limit = budget.entries(RULES_SHARE, CACHE_ENTRY_BYTES)

    # ------------------------------------------------------------- helpers

    def _first_of_game(self, pos) -> bool:
        """Balanced: is this White's first turn of the game (the game array, nothing played)?"""
        return (self.balanced and not pos.stack and pos.side == WHITE
                and pos.placement_hash() == _GAME_ARRAY_PLACEMENT)

    @staticmethod
    def _over(pos) -> bool:
        tag = pos.tag()
        return tag is not None and tag.over

    def _between(self, pos, c1: int, side: int, start_ep, banned) -> None:
        """After a first component that does not check: the same side moves
        again, with a second e.p. only after a first (3.7), and the
        exchange restriction following the pieces (4.2)."""
        ep = ()
        if start_ep and (c1 >> 14) & 7 == EN_PASSANT:
            to = (c1 >> 7) & 127
            ep = tuple(e for e in start_ep if e != to)
        tag = None
        if banned:
            still = _track(banned, c1, side)
            if still:
                tag = TurnTag(tuple(sorted(still)))
        pos.set_state(side, ep, tag)

    # --------------------------------------------------------------- turns

    def turns(self, pos) -> list:
        if self._over(pos):
            return []
        firsts = self.moves(pos)
        if self._first_of_game(pos):
            return [(m,) for m in firsts]
        side = pos.side
        board = pos.board
        start_ep = pos.ep
        banned = restricted(pos) if self.exchanges else ()
        make, unmake, moves = pos.make, pos.unmake, self.moves
        out = []
        append = out.append
        for c1 in firsts:
            rev = _reverse(board, c1)
            make(c1)
            if self.in_check(pos, -side):
                append((c1,))
                unmake()
                continue
            self._between(pos, c1, side, start_ep, banned)
            n = len(out)
            for c2 in moves(pos):
                if c2 != rev:
                    append((c1, c2))
            if n == len(out) and self.game_site:
                append((c1,))
            unmake()
            unmake()
        return out

    def count_turns(self, pos) -> int:
        if self._over(pos):
            return 0
        firsts = self.moves(pos)
        if self._first_of_game(pos):
            return len(firsts)
        side = pos.side
        board = pos.board
        start_ep = pos.ep
        banned = restricted(pos) if self.exchanges else ()
        make, unmake, moves = pos.make, pos.unmake, self.moves
        total = 0
        for c1 in firsts:
            rev = _reverse(board, c1)
            make(c1)
            if self.in_check(pos, -side):
                total += 1
                unmake()
                continue
            self._between(pos, c1, side, start_ep, banned)
            seconds = moves(pos)
            n = len(seconds) - (rev in seconds if rev >= 0 else 0)
            total += n if n or not self.game_site else 1
            unmake()
            unmake()
        return total

    def has_turn(self, pos) -> bool:
        if self._over(pos):
            return False
        if self.game_site or self._first_of_game(pos):
            return self.has_move(pos)
        if self.allows("king_walks") and king_walks(pos):
            return True
        key = self.key(pos)
        known = self._has_turn.get(key)
        if known is None:
            if len(self._has_turn) >= self._cache_limit:
                drop_oldest_half(self._has_turn)
            known = self._has_turn[key] = self._search_turn(pos)
        return known

    def _search_turn(self, pos) -> bool:
        side = pos.side
        board = pos.board
        start_ep = pos.ep
        banned = restricted(pos) if self.exchanges else ()
        for c1 in self.moves(pos):
            rev = _reverse(board, c1)
            pos.make(c1)
            if self.in_check(pos, -side):
                pos.unmake()
                return True
            self._between(pos, c1, side, start_ep, banned)
            ok = self.has_move(pos, rev)
            pos.unmake()
            pos.unmake()
            if ok:
                return True
        return False

    def checking_turns(self, pos) -> list:
        """The turns after which the opponent is in check: a checking first
        component, or a first one followed by a checking second one."""
        if self._over(pos):
            return []
        if self._first_of_game(pos):
            return [(m,) for m in self.checking_moves(pos)]
        side = pos.side
        board = pos.board
        start_ep = pos.ep
        banned = restricted(pos) if self.exchanges else ()
        out = []
        for c1 in self.moves(pos):
            rev = _reverse(board, c1)
            pos.make(c1)
            if self.in_check(pos, -side):
                out.append((c1,))
                pos.unmake()
                continue
            self._between(pos, c1, side, start_ep, banned)
            for c2 in self.checking_moves(pos):
                if c2 != rev:
                    out.append((c1, c2))
            pos.unmake()
            pos.unmake()
        return out

    def mating_turns(self, pos, first_only: bool = False) -> list:
        """Checking turns tested for mate as they are generated (no replay).

        Most (first, second) pairs are refuted without being played: before
        the turn, a few "walks" of the defending king are found (two steps
        onto empty, unattacked squares, `escapes.walks`); a pair after which one of
        them is still open cannot mate, and whether a component can close a
        walk is a matter of a few table lookups (`escapes.touches`)."""
        if self._over(pos) or self._first_of_game(pos) or self.game_site:
            return Rules.mating_turns(self, pos, first_only)
        side = pos.side
        board = pos.board
        start_ep = pos.ep
        banned = restricted(pos) if self.exchanges else ()
        make, unmake = pos.make, pos.unmake
        ek = pos.kings[-side]
        routes = walks(pos, side) if ek >= 0 and self.allows("walk_refutation") else []
        out = []
        for c1 in self.moves(pos):
            rev = _reverse(board, c1)
            # a few walks the first component leaves open (judged before it
            # is played); the second must close each of them
            open_walks = []
            if routes:
                board[ek] = 0
                shut: dict[int, bool] = {}
                for w in routes:
                    for x in w:
                        if x not in shut:
                            shut[x] = touches(board, c1, side, x)
                    if not shut[w[0]] and not shut[w[1]]:
                        open_walks.append(w)
                        if len(open_walks) == OPEN_WALKS:
                            break
                board[ek] = -KING * side
            make(c1)
            if self.in_check(pos, -side):
                if not open_walks:
                    self._finish(pos, (c1,), side, False)
                    if not self.has_turn(pos):
                        out.append((c1,))
                    unmake()
                unmake()
                if out and first_only:
                    return out
                continue
            self._between(pos, c1, side, start_ep, banned)
            for c2 in self.checking_moves(pos):
                if c2 == rev:
                    continue
                if open_walks:
                    board[ek] = 0
                    seen: dict[int, bool] = {}
                    escape = False
                    for t, u in open_walks:
                        a = seen.get(t)
                        if a is None:
                            a = seen[t] = touches(board, c2, side, t)
                        if a:
                            continue
                        b = seen.get(u)
                        if b is None:
                            b = seen[u] = touches(board, c2, side, u)
                        if not b:
                            escape = True
                            break
                    board[ek] = -KING * side
                    if escape:
                        continue
                make(c2)
                self._finish(pos, (c1, c2), side, False)
                if not self.has_turn(pos):
                    out.append((c1, c2))
                unmake()
                unmake()
                if out and first_only:
                    break
            unmake()
            unmake()
            if out and first_only:
                return out
        return out

    def _finish(self, pos, turn, side: int, over: bool) -> None:
        """End a turn whose components are on the board: the opponent moves,
        with the e.p. squares and the tag the turn leaves."""
        part = _exchanged(turn, side) if self.exchanges else ()
        tag = TurnTag(part, over) if part or over else None
        pos.set_state(-side, _final_ep(pos.board, turn, side), tag)

    def play(self, pos, turn) -> None:
        side = pos.side
        c1 = turn[0]
        banned = restricted(pos) if self.exchanges else ()
        over = False
        if len(turn) == 1:
            stuck = self.game_site and not self._first_of_game(pos)
            pos.make(c1)
            over = stuck and not self.in_check(pos, -side)
        else:
            start_ep = pos.ep
            pos.make(c1)
            self._between(pos, c1, side, start_ep, banned)
            pos.make(turn[1])
        self._finish(pos, turn, side, over)

    def undo(self, pos, turn) -> None:
        unmake = pos.unmake
        unmake()
        unmake()
        if len(turn) > 1:
            unmake()
            unmake()

    @staticmethod
    def components(turn) -> tuple[int, ...]:
        return tuple(turn)

    def describe(self, pos, turn) -> tuple:
        first = component(pos, turn[0])
        if len(turn) == 1:
            return (first,)
        side = pos.side
        pos.make(turn[0])
        pos.set_state(side, ())
        second = component(pos, turn[1])
        pos.unmake()
        pos.unmake()
        return (first, second)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        if param not in ("Balanced", "GameSite", "NoChecks"):
            raise InputError(f"Marseillais: unknown parameter {param}")
    if "NoChecks" in params:
        raise InputError("Marseillais NoChecks (king capture as the goal) is not supported")
    if isinstance(rules, MarseillaisRules):
        raise InputError("Marseillais is given twice")
    return MarseillaisRules(rules, "Balanced" in params, "GameSite" in params)


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    """A turn is a pair of moves; a king's single step is a whole turn only
    under the game site's rule (a first component alone may end the game)."""
    drop = {SINGLE_MOVE_TURNS} | (set() if "GameSite" in params else {KING_STEP_TURN})
    return ALL_PROPERTIES - drop


SPEC = ConditionSpec(install, preserves, changes_turns=True)
"""The registry's entry (solver.conditions.registry)."""
