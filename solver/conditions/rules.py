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
- `rules.move_choices`: functions `f(pos, moves) -> moves` that choose,
  among all the legal moves of the side to move, those it may play
  (Maximummer: the longest; MustCapture: the captures, if any).  A choice
  keeps at least one move of a non-empty list, so whether a side has a move
  at all (mate, stalemate) does not depend on it;
- `rules.key_parts`: functions `f(pos) -> hashable` mixed into `key`;
- `rules.annotations`: functions `f(pos, m, component) -> component` that
  add a condition's note to a move's record (BGL: the budgets left);
- `rules.effect_rules`: what a move does beyond moving and capturing (a
  rebirth, a change of colour): rules `f(pos, m, side, frm, to, flag, bits,
  captured)` that `solver.engine.effects.EffectsPosition.make` runs after
  each move, changing squares only through `pos.set_square` (journalled,
  undone by unmake).  The position comes from `rules.position(problem,
  side)`, which builds an EffectsPosition with them; a condition with
  effects must not preserve `no_effects`, so that no shortcut that assumes
  a move changes only its own squares (pins, checking geometry, the
  intelligent search) runs;
- `rules.add_observation_filter(f, level=OBSERVATION)`: `f(pos, frm,
  target) -> bool` says whether the piece on frm observes target (Madrasi:
  not when paralysed); check, castling and legality then go by the
  filtered observation.  Popeye validates an observation at three levels,
  and so does feerie: its *geometry* (GEOMETRY: GridChess, across a grid
  line; Monochrome, between squares of one colour), its *observer*
  (OBSERVER: Madrasi, Eiffel: a paralysed piece observes nothing), and the
  observation as a whole (OBSERVATION: Patrol, KoeKo, Isardam ...).  A
  condition that asks whether a square is observed for its own purposes
  asks at a lower level: Madrasi's paralysis with the geometry alone
  (`rules.observation_geometry`; Popeye: EVALUATE(observation_geometry)),
  Patrol's support with geometry and observer (`rules.observation_observer`;
  Popeye: EVALUATE(observer)).
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

Which generator: a rule set is built for a `Variant` (`solver.conditions.variant`: the
pieces that may appear and the properties every piece and condition keeps),
and decides once, from it, whether the fast orthodox generator and check
test (`solver.engine.movegen`) or the generic ones (`solver.pieces.generic`) run;
`allows(shortcut)` answers the searches' questions the same way
(`solver.engine.capabilities`).  A condition declares, beside its `install`, the
properties it preserves (`ConditionSpec`); `build_rules` restricts the
variant by all of them before it installs any, so every hook sees the
final profile.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections import namedtuple
from collections.abc import Callable

from solver.base.errors import InputError
from solver.engine import movegen
from solver.engine.board import KING
from solver.engine.capabilities import (
    ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE, ONE_COLOUR, SHORTCUTS, SINGLE_MOVE_TURNS,
    WALK_MOVES_ONLY,
)
from solver.engine.escapes import flights, touches
from solver.engine.move import EXCHANGE, Move
from solver.model.setup import position_of
# solver.pieces.generic, neutral and quiet (the generators of fairy pieces, neutral
# pieces, quiet legality) are imported by the methods that bind them: an orthodox
# rule set needs none of them (start-up).
from solver.pieces.attributes import chameleon_promotions, move_filters as attribute_filters
from solver.conditions.variant import Variant, orthodox_variant


# The levels of an observation's validation (`Rules.add_observation_filter`).
GEOMETRY = "geometry"
OBSERVER = "observer"
OBSERVATION = "observation"


class TurnTag(namedtuple("TurnTag", ("restricted", "over"), defaults=((), False))):
    """What a turn leaves behind that the board does not show.

    `restricted`: squares of the pieces that took part in the exchanges of
    that turn (Messigny: they may not exchange on the next turn), sorted
    (a tuple of ints, () by default); `over`: the game ended with that turn
    (Marseillais, game-site rule; False by default).  A turn with neither
    leaves no tag at all (None), so that positions compare equal however
    they were reached.  (collections.namedtuple: typing is not imported, start-up.)"""

    __slots__ = ()


class Rules:
    name = "orthodox"
    # may the side to move capture the enemy king, if it stands in check?  Not
    # under LeseMajeste, where such a position is legal (the solver refuses it
    # otherwise, as Popeye does: "the side to play can capture the king")
    captures_kings = True
    # does the position record every e.p. square a capture may use?  Not where a
    # piece beside moves with a pawn's walk (AnnanChess and its relatives)
    records_ep = True

    def __init__(self, variant: Variant | None = None) -> None:
        self.extra_moves: list[Callable] = []
        self.move_filters: list[Callable] = []
        self.move_choices: list[Callable] = []
        self.observation_filters: list[Callable] = []
        # the filters of the lower levels (see above), read by conditions at each call
        self.observation_geometry: list[Callable] = []
        self.observation_observer: list[Callable] = []
        self.key_parts: list[Callable] = []
        # effect rules run after each move (`solver.engine.effects`): rebirths,
        # changes of colour or kind; `position` hands them to the position
        self.effect_rules: list[Callable] = []
        # notes on a move's record: `f(pos, m, component) -> component` (BGL's budgets left)
        self.annotations: list[Callable] = []
        # `f(pos, moves) -> moves`: what a piece attribute forbids among the pseudo-legal
        # moves of the generic generator, before their legality is tried (a
        # paralysed piece's moves: solver.conditions.paralysing); bound by `_bind_generic`
        self.pseudo_filters: list[Callable] = []
        self.exchanges = False  # some extra move is a Messigny exchange
        # castling rights kept a square, as Popeye keeps them (solver.conditions.castling_rights)
        self.square_rights = False
        self.variant = variant if variant is not None else orthodox_variant()
        # piece attributes that forbid moves the walks allow (a kamikaze king's captures)
        self.move_filters.extend(attribute_filters(self.variant.attributes))
        self._bind()
        if "HurdleColourChanging" in self.variant.attributes:
            self._bind_hurdle_colour()
        if self.variant.attributes & {"Functionary", "Patrol"}:
            from solver.conditions.watchers import install_attribute_filters

            install_attribute_filters(self)   # who observes, and which moves are played
        if "Chameleon" in self.variant.attributes:
            # a chameleon piece that becomes a rook on its corner regains the rook's right
            from solver.conditions.castling_rights import keep_square_rights

            keep_square_rights(self)
            self.extra_moves.append(lambda pos, checking=False: chameleon_promotions(
                self._checking if checking else self._legal, pos))
        if "Paralysing" in self.variant.attributes:
            # paralysing pieces: a move filter, an observer's filter, the goals' check test
            from solver.conditions import paralysing

            paralysing.install(self, OBSERVER)

    def _bind(self) -> None:
        """Choose, once, the generator and check test the variant allows."""
        v = self.variant
        promotions = v.promotions
        self._allowed = {name: v.allows(name) for name in SHORTCUTS}
        if v.neutral:
            self._bind_neutral(promotions)
            return
        if not all(v.allows(name) for name in ("orthodox_attacks", "pins", "checking_geometry")):
            from solver.pieces import generic, quiet  # not all movegen's: the generic generators
        if v.allows("orthodox_attacks"):
            self.in_check = movegen.in_check
        elif v.allows("table_observation"):
            self.in_check = generic.in_check_by_tables
        else:
            self.in_check = generic.in_check
        check = self.in_check
        if v.allows("pins"):
            self._legal = movegen.legal_moves
            self._has_legal = movegen.has_legal_move
        else:
            gen = quiet if v.allows("quiet_legality") else generic
            self._legal = lambda pos, first_only=False: gen.legal_moves(
                pos, promotions, first_only, check)
            self._has_legal = lambda pos: gen.has_legal_move(pos, promotions, check)
        # (goals whose last move may leave the mover in check: `self_check_turns`)
        if v.allows("pins"):
            self._pseudo = movegen.pseudo_moves   # the generator movegen.legal_moves filters
        else:
            from solver.pieces import generic as _generic  # (only then: start-up)

            self._pseudo = lambda pos: _generic.pseudo_moves(pos, promotions)
        self._pseudo_of = self._legal
        if v.allows("checking_geometry"):
            self._checking = movegen.checking_moves
        elif v.allows("quiet_checks"):
            self._checking = lambda pos: quiet.checking_moves(pos, promotions, check)
        else:
            self._checking = lambda pos: generic.checking_moves(pos, promotions, check)

    def _bind_hurdle_colour(self) -> None:
        """Hurdle-colour-changing pieces (`solver.pieces.hurdlecc`): the generic
        generator on a pseudo-legal one that gives such a piece's moves once
        per hurdle and Popeye's promotions to such pieces, the check test the
        variant chose (the attribute changes no observation); castling
        rights kept a square (a hurdle rook that changes colour loses its
        right, as in Popeye); the hurdle's change written `[d6=b]`.  No condition goes with the attribute
        (`attributes.unsupported`), so none binds another generator after."""
        from solver.conditions.castling_rights import keep_square_rights
        from solver.pieces import generic
        from solver.pieces.hurdlecc import hcc_pseudo

        hcc, plain = self.variant.hurdle_kinds
        from solver.conditions.colour_notation import bracket_colour_changes

        self._bind_generic(self.in_check, None, hcc_pseudo(generic.pseudo_moves, hcc, plain))
        keep_square_rights(self)
        bracket_colour_changes(self)   # the hurdle's change of colour: `[d6=b]`

    def add_observation_filter(self, allowed: Callable, level: str = "observation") -> None:
        """A condition that changes who observes: an observation of `target`
        by the piece on `frm` counts (for check, castling, legality) only if
        `allowed(pos, frm, target)`.  The rule set is bound again on the
        generic generator and check test, filtered (the condition must not
        preserve `capture_observes`, so that no shortcut built on the walks'
        observation runs)."""
        if self.variant.properties & {CAPTURE_OBSERVES}:
            raise ValueError("an observation filter needs a variant without capture_observes")
        self.observation_filters.append(allowed)
        if level == GEOMETRY:
            self.observation_geometry.append(allowed)
        if level in (GEOMETRY, OBSERVER):
            self.observation_observer.append(allowed)
        self._bind_observation()

    def _bind_observation(self) -> None:
        from solver.pieces import generic

        if self.variant.neutral:   # (only BGL goes with neutral pieces: Problem.unsupported)
            from solver.pieces import neutral

            watch, check = neutral.filtered_observation(tuple(self.observation_filters))
            self._bind_neutral(self.variant.promotions, check, watch)
            return
        watch, check = generic.filtered_observation(tuple(self.observation_filters))
        self._bind_generic(check, watch)

    def bind_check(self, check: Callable, watch: Callable | None = None,
                   pseudo: Callable | None = None) -> None:
        """A condition that changes what check is beyond filtering who
        observes (SingleBox Type3: a latent pawn observes as the officers of
        its box): the generic generator and check test, on `check(pos,
        side)` and `watch(pos, target, pieces)` (castling's observation);
        `pseudo`: the pseudo-legal generator, where the condition changes
        the walks too (AnnanChess: `generic.pseudo_moves`' signature; None:
        generic.pseudo_moves itself).  The condition must not preserve `capture_observes`."""
        if self.variant.properties & {CAPTURE_OBSERVES}:
            raise ValueError("a check test of its own needs a variant without capture_observes")
        self._bind_generic(check, watch, pseudo)

    def _bind_generic(self, check: Callable, watch: Callable | None,
                      pseudo: Callable | None = None) -> None:
        from solver.pieces import generic

        if pseudo is None:
            pseudo = generic.pseudo_moves
        if self.pseudo_filters:
            pseudo = _filtered_pseudo(pseudo, tuple(self.pseudo_filters))
        promotions = self.variant.promotions
        self.in_check = check
        self._legal = lambda pos, first_only=False: generic.legal_moves(
            pos, promotions, first_only, check, watch, pseudo)
        self._has_legal = lambda pos: generic.has_legal_move(pos, promotions, check, watch, pseudo)
        self._pseudo = lambda pos: pseudo(pos, promotions, watch=watch)
        self._pseudo_of = self._legal
        self._checking = lambda pos: generic.checking_moves(pos, promotions, check, watch, pseudo)

    def _bind_neutral(self, promotions: tuple[int, ...], check: Callable | None = None,
                      watch: Callable | None = None) -> None:
        """Neutral pieces stand on the board: their generator and check test
        (every shortcut is off: none keeps ONE_COLOUR); `check` and `watch`:
        a filtered observation's (`neutral.filtered_observation`), else its own."""
        from solver.pieces import neutral

        if check is None:
            check = neutral.in_check
        self.in_check = check
        self._legal = lambda pos, first_only=False: neutral.legal_moves(
            pos, promotions, first_only, check, watch)
        self._has_legal = lambda pos: neutral.has_legal_move(pos, promotions, check, watch)
        self._checking = lambda pos: neutral.checking_moves(pos, promotions, check, watch)

    def mate_check(self, pos) -> bool:
        """Is the side to move in check as the goals mate and stalemate read
        it?  So it is in check, but where paralysing pieces are in play: a
        side suffocated by paralysis is stalemated, in check or not
        (`solver.conditions.paralysing`, which replaces this test)."""
        return self.in_check(pos)

    @staticmethod
    def suffocating_self_checks(pos) -> list:
        """The turns of the side to move that leave its own king observed but
        itself suffocated by paralysis: Popeye's auto-stalemate `!=` takes
        them (`solver.conditions.paralysing`, which replaces this); none
        without paralysing pieces."""
        return []

    @staticmethod
    def suffocated(pos, side: int) -> bool:
        """Is `side` suffocated by paralysis (`solver.conditions.paralysing`,
        which replaces this test)?  Never without paralysing pieces."""
        return False

    def allows(self, shortcut: str) -> bool:
        """May the search use `shortcut` (a name of `solver.engine.capabilities.SHORTCUTS`;
        KeyError for any other)?  Decided once per rule set, in `_bind`."""
        return self._allowed[shortcut]

    def position(self, problem, side: int):
        """The problem's diagram as the position these rules play on, `side`
        to move: an `EffectsPosition` carrying the conditions' effect rules
        where there are any (`solver.model.setup.position_of`)."""
        return position_of(problem, side, tuple(self.effect_rules))

    # Single moves ("components" for conditions that group them into turns).
    def moves(self, pos) -> list[int]:
        """The legal single moves of the side to move (those it may choose)."""
        if not self.extra_moves and not self.move_filters and not self.move_choices:
            return self._legal(pos)
        out = self._legal(pos)
        for gen in self.extra_moves:
            out += gen(pos)
        for f in self.move_filters:
            out = [m for m in out if f(pos, m)]
        for choose in self.move_choices:
            out = choose(pos, out)
        return out

    def checking_moves(self, pos) -> list[int]:
        """The legal single moves after which the opponent is in check."""
        if self.move_choices:
            # a choice looks at every legal move: the checks are those chosen that check
            return [m for m in self.moves(pos) if self._gives_check(pos, m)]
        if not self.extra_moves and not self.move_filters:
            return self._checking(pos)
        out = self._checking(pos)
        for gen in self.extra_moves:
            out += gen(pos, checking=True)
        for f in self.move_filters:
            out = [m for m in out if f(pos, m)]
        return out

    def _gives_check(self, pos, m: int) -> bool:
        side = pos.side
        pos.make(m)
        check = self.in_check(pos, -side)
        pos.unmake()
        return check

    def has_move(self, pos, excluding: int = -1) -> bool:
        """Has the side to move a legal single move other than `excluding`?
        (Stops early: the king's moves, generated first, usually decide.)"""
        if self.move_choices and excluding != -1:
            return any(m != excluding for m in self.moves(pos))
        filters = self.move_filters

        def usable(m: int) -> bool:
            return m != excluding and all(f(pos, m) for f in filters)

        first = self._legal(pos, True)
        if first:
            if any(usable(m) for m in first):
                return True
            if any(usable(m) for m in self._legal(pos)):
                return True
        return any(usable(m) for gen in self.extra_moves for m in gen(pos))

    # Turns.
    def turns(self, pos) -> list:
        return self.moves(pos)

    def count_turns(self, pos) -> int:
        """How many legal turns the side to move has (perft's last ply)."""
        return len(self.turns(pos))

    @staticmethod
    def pass_turn(pos) -> None:
        """The defender's pass before a threat is looked for (Popeye's dummy
        move): the other side to move, undone by `pos.unmake()`.  A condition
        whose pass has effects replaces it (LostPieces: `EffectsPosition.pass_turn`)."""
        pos.set_state(-pos.side, ())

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
        from solver.model.record import component

        c = component(pos, turn)
        for note in self.annotations:
            c = note(pos, turn, c)
        return (c,)

    def has_turn(self, pos) -> bool:
        """Does the side to move have any legal turn? (mate and stalemate tests)"""
        if not self.extra_moves and not self.move_filters:
            return self._has_legal(pos)
        return self.has_move(pos)

    def knows_self_checks(self) -> bool:
        """Can `self_check_turns` tell the moves legal but for leaving the mover
        in check?  Where a turn is one move of one colour's piece, the legal
        moves are the generic pseudo-legal ones that leave the mover unchecked
        (no condition has put a generator of its own in, or subclassed the
        turns), and no extra move or choice among the moves comes in."""
        cls = type(self)
        return (getattr(self, "_pseudo_of", None) is self._legal and cls.turns is Rules.turns
                and cls.moves is Rules.moves and not self.extra_moves and not self.move_choices
                and self.variant.keeps(frozenset({SINGLE_MOVE_TURNS, ONE_COLOUR})))

    def self_check_turns(self, pos) -> list:
        """The moves of the side to move legal but for leaving it in check
        (the last move of the goals that test the mover's check: auto-mate,
        double mate, counter-mate, for which Popeye has no self-check guard);
        only where `knows_self_checks`."""
        filters = self.move_filters
        if self._allowed["pins"] or self._allowed["quiet_legality"]:
            # the legal moves by pins and checkers (or by the squares the
            # enemy's observation of the king depends on), cheaper than a test of each
            legal = set(self._legal(pos))
            return [m for m in self._pseudo(pos)
                    if m not in legal and all(f(pos, m) for f in filters)]
        s = pos.side
        out = []
        for m in self._pseudo(pos):
            pos.make(m)
            hit = self.in_check(pos, s)
            pos.unmake()
            if hit and all(f(pos, m) for f in filters):
                out.append(m)
        return out

    def checking_turns(self, pos) -> list:
        """The legal turns after which the opponent is in check: the only
        candidates for a mating turn."""
        return self.checking_moves(pos)

    def mating_turns(self, pos, first_only: bool = False) -> list:
        """The legal turns that mate (with `first_only`, at most one): the
        final turn of a mate stipulation, where only these matter.

        A checking move that leaves the defending king an escape it had
        before (`escapes`) is refuted without being played, where the
        variant allows it (`flight_refutation`)."""
        out = []
        side = pos.side
        ek = pos.kings[-side]
        free = flights(pos, side) if ek >= 0 and self.allows("flight_refutation") else ()
        board = pos.board
        for t in self.checking_turns(pos):
            if free and t.__class__ is int:
                board[ek] = 0
                escape = any(not touches(board, t, side, x) for x in free)
                board[ek] = -KING * side
                if escape:
                    continue
            self.play(pos, t)
            hit = not self.has_turn(pos) and not self.suffocated(pos, pos.side)
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

    def turn_uci(self, turn) -> str:
        """A turn in UCI notation, components joined by a comma (perft --divide);
        a Messigny exchange, which UCI cannot say, as `d1<->d8`."""
        return ",".join(str(Move.decode(m)) if (m >> 14) & 7 == EXCHANGE else Move.decode(m).uci()
                        for m in self.components(turn))

    def key(self, pos):
        if not self.key_parts:
            return pos.hash
        return (pos.hash, *(f(pos) for f in self.key_parts))


def _filtered_pseudo(pseudo: Callable, filters: tuple) -> Callable:
    """The pseudo-legal generator `pseudo` with the moves `filters` forbid left out."""
    def filtered(pos, promotions=None, watch=None) -> list[int]:
        moves = pseudo(pos, promotions, watch=watch)
        for f in filters:
            moves = f(pos, moves)
        return moves

    return filtered


@dataclass(frozen=True)
class ConditionSpec:
    """A condition as the registry knows it: `install(rules, params)` fills
    the hooks (or returns a new rule set that wraps them); `preserves(params)`
    names the properties (`solver.engine.capabilities`) it keeps: all others are
    dropped from the variant, turning off the shortcuts that need them."""
    install: Callable
    preserves: Callable[[tuple[str, ...]], frozenset[str]]
    # the condition makes a turn more than one move (Marseillais) ...
    changes_turns: bool = False
    # ... which this one cannot go with: it chooses among single moves (Maximummer)
    needs_single_moves: bool = False
    # the condition changes who observes (Madrasi): not with changes_turns or adds_moves
    changes_observation: bool = False
    # the condition adds moves of its own (Messigny's exchanges)
    adds_moves: bool = False
    # the condition's moves have effects (Circe's rebirths): `install` fills
    # `rules.effect_rules`; not with changes_turns (a turn's components would
    # each need their effects described)
    has_effects: bool = False
    # the condition is tested together with one that has effects (Circe's
    # rebirths): without it, the two are refused together by name
    with_effects: bool = False
    # the condition replaces the generator and check test (MarsCirce): played
    # with no other condition (what another's hooks would do to them is untested)
    alone: bool = False
    # conditions of one family (WhiteOscillatingKings, BlackOscillatingKings; Imitator, NoIProm) go
    # together, though each is `alone` and has effects: they install one rule
    family: str = ""
    # ... but for these, as (name, parameters): those an `alone` condition was compared
    # with Popeye beside (SAT with plain Circe; HaanerChess with the Maximummers;
    # LostPieces with Circe, whose effect runs first: its own runs after theirs)
    goes_with: frozenset = frozenset()
    # the kinds pawns promote to, from the parameters (PromOnly); None: Popeye's rule
    promotions: Callable[[tuple[str, ...]], frozenset[int]] | None = None
    # a pawn may stay a pawn on its last rank (SingleBox Type2, Type3)
    pawn_stays: bool = False
    # the spec that the parameters select (SingleBox Type2 is another
    # condition than Type1: it has effects); None: this one
    typed: Callable[[tuple[str, ...]], "ConditionSpec"] | None = None
    # why the condition cannot play this problem (one twin's), beyond its rule set:
    # `refusal(problem) -> str | None` (AntiMarsCirce: castling rights Popeye plays
    # unreliably); None: nothing more
    refusal: Callable | None = None

    def resolved(self, params: tuple[str, ...]) -> "ConditionSpec":
        """The spec that plays these parameters (`typed`)."""
        return self if self.typed is None else self.typed(params)


OBSERVATION_PRESERVES = ALL_PROPERTIES - {CAPTURE_OBSERVES, WALK_MOVES_ONLY, KING_STEPS_FREE}
"""What a condition that filters moves and observation keeps: nothing that
rests on orthodox observation (`capture_observes`), nor `walk_moves_only`
(a walk's move is forbidden) and `king_steps_free` (a king's step too)."""


def observation_preserves(params: tuple[str, ...]) -> frozenset[str]:
    """`ConditionSpec.preserves` of such a condition, whatever its parameters."""
    return OBSERVATION_PRESERVES


def refuse_beyond_plain(rules: Rules, name: str, params: tuple[str, ...]) -> None:
    """Refuse by name what a condition that replaces the generator and check
    test on plain pieces (MarsCirce, DangerCirce) does not take: parameters,
    neutral pieces, piece attributes."""
    for param in params:
        raise InputError(f"condition {name} {param} is not supported")
    if rules.variant.neutral:
        raise InputError(f"condition {name} with neutral pieces is not supported")
    if rules.variant.attributes:
        raise InputError(f"condition {name} with piece attributes is not supported")


def filter_spec(name: str, allowed: Callable, preserves: frozenset[str],
                with_effects: bool = False) -> ConditionSpec:
    """The spec of a condition without parameters that only forbids moves:
    `allowed(pos, move) -> bool` becomes a move filter."""

    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.move_filters.append(allowed)
        return rules

    return ConditionSpec(install, lambda params: preserves, with_effects=with_effects)


def bind_in_two_parts(rules: Rules, base_legal: Callable, base_checking: Callable,
                      quiet: Callable, captures: Callable) -> None:
    """Bind a rule set whose moves come in two parts: those of a base generator
    that `quiet(pos, moves)` keeps (moves without the condition's effect,
    whose legality and checks the base knows: `base_legal(pos, first_only)`,
    `base_checking(pos)`), and `captures(pos, checking=False, first_only=False)`,
    the condition's own, each played and tried (Circe's SuperCirce and
    Take&Make kinds, Breton)."""
    def legal(pos, first_only: bool = False) -> list[int]:
        if first_only:
            found = quiet(pos, base_legal(pos, True)) or quiet(pos, base_legal(pos))
            return found[:1] or captures(pos, first_only=True)
        return quiet(pos, base_legal(pos)) + captures(pos)

    rules._legal = legal
    rules._has_legal = lambda pos: bool(legal(pos, True))
    rules._checking = lambda pos: quiet(pos, base_checking(pos)) + captures(pos, checking=True)


def trial_base(rules: Rules) -> tuple[Callable, Callable] | None:
    """movegen's legal and checking generators (pins, checking geometry), for
    the moves that have no effect of a condition, where the shortcut
    `capture_trial` holds and no condition filters the observation: such moves
    are then orthodox in their legality and their checks.  None elsewhere
    (the rule set's own generators must serve)."""
    if rules.allows("capture_trial") and not rules.observation_filters:
        return movegen.legal_moves, movegen.checking_moves
    return None


def bind_trial(rules: Rules, plain_of: Callable) -> None:
    """Bind the capture-trial generator (shortcut `capture_trial`, where
    `trial_base` allows it): `plain_of(pos)` gives the test of a move without
    the condition's effect, whose legality and checks movegen knows; every
    other pseudo-legal move is played, its effects with it, and tried (a
    reborn piece or a returning ghost may check the mover or shield it).
    Circe on orthodox walks, Ghost and Haunted chess."""
    base = trial_base(rules)
    if base is None:
        return

    def quiet(pos, moves: list[int]) -> list[int]:
        plain = plain_of(pos)
        return [m for m in moves if plain(m)]

    def tried(pos, checking: bool = False, first_only: bool = False) -> list[int]:
        plain = plain_of(pos)
        s = pos.side
        out = []
        for m in movegen.pseudo_moves(pos):
            if plain(m):
                continue
            pos.make(m)
            if not movegen.in_check(pos, s) and (not checking or movegen.in_check(pos, -s)):
                out.append(m)
            pos.unmake()
            if first_only and out:
                break
        return out

    bind_in_two_parts(rules, base[0], base[1], quiet, tried)
