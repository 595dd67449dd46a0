"""Moves with effects, and piece attributes: a position with a journal.

A move may do more than move its piece and take one: a kamikaze piece
vanishes with its victim, a chameleon changes kind, and (the Circe family,
issue 9) a captured piece is reborn, a capturer changes colour.  Those
*effects* are computed, once the move itself is made, by *effect rules*:
functions `rule(pos, m, side, frm, to, flag, bits, captured)` that a piece
attribute or a condition supplies (`bits`: the mover's attributes before
the move; `captured`: whether it took something).  A rule changes the
board only through `EffectsPosition.set_square`, which records each change
in the move's journal entry; `unmake` reverses them, last first, before it
takes the move itself back.  This is where Circe's rebirth plugs in: a
rebirth rule calls `set_square(rebirth_square, captured_piece)`.

Piece attributes live here too: `attrs` maps a square to the attribute
bits of the piece on it (ROYAL, KAMIKAZE, CHAMELEON, HURDLE_COLOUR_CHANGING, PARALYSING ...).  They move with the
piece (castling moves the rook's), vanish with it when it is captured, are
part of the Zobrist hash (`Z_ATTR`), and a promoted pawn's pass to the new
piece (Popeye: a kamikaze pawn promotes to a kamikaze piece).  A piece with
ROYAL is its side's royal piece: `kings[side]` holds its square, so every
check test (the orthodox tables and the walks) asks about it as it asks
about a king.

Why a subclass: `Position.make` / `unmake` are the orthodox hot path, and
they stay exactly as they were.  `solver.model.setup.position_of` builds an
`EffectsPosition` only for a problem whose pieces carry attributes (or,
later, whose conditions have effects), chosen once per problem; everything
else in the engine calls `pos.make` and gets the right one.  The base
move is made first, unchanged; the attributes and effects are applied on
top, and taken off first on the way back, so that the base unmake finds
the board exactly as its make left it.
"""

from __future__ import annotations

from functools import lru_cache

from solver.engine.board import CASTLE_BIT, CASTLE_PATH, E1, E8, KING, ROOK, WHITE, draw_keys, key_generator
from solver.engine.move import CASTLE, EN_PASSANT, LOCUST
from solver.engine.position import PASSED, Position, Z_PIECE

ROYAL = 1
KAMIKAZE = 2
CHAMELEON = 4
# Not a piece attribute but a piece's state a condition keeps with it: a
# Volage piece that has changed colour once (it changes no more).  It moves
# with the piece and is hashed as the attributes are; notation ignores it.
SPENT = 8
# Popeye's Uncapturable: the piece cannot be captured (GhostChess gives it to
# every ghost that returns: `solver.conditions.ghost`).
UNCAPTURABLE = 16
# Popeye's HurdleColourChanging: a hopper whose hurdle changes colour when it
# hops over it (`solver.pieces.hurdlecc`)
HURDLE_COLOUR_CHANGING = 32
# Popeye's Functionary (moves and observes only while observed by an enemy
# piece) and Patrol (captures and observes only while observed by a friendly
# one): `solver.conditions.patrol`
FUNCTIONARY = 64
PATROL = 128
# Popeye's Paralysing: the piece paralyses the enemy pieces it observes
# (`solver.conditions.paralysing`)
PARALYSING = 256
ATTRIBUTE_BITS = 9  # how many bits the attributes above use
# Not an attribute either: in an effect's bits, the piece is neutral (a neutral
# victim reborn neutral: solver.engine.neutral_effects)
NEUTRAL_BIT = 1 << ATTRIBUTE_BITS

# Z_ATTR[bits][sq]: the key of a piece's attribute bits on a square (drawn
# from a generator of its own, so that every key of solver.engine.position
# stays as it was).
Z_ATTR = [[0] * 128] + draw_keys(key_generator(0xA77_12), (1 << ATTRIBUTE_BITS) - 1)


_MASK = (1 << 64) - 1


def _mix(x: int) -> int:
    """splitmix64's finaliser: a well-spread 64-bit key of x."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def underworld_hash(underworld: tuple) -> int:
    """The Zobrist part of the buried pieces: one 64-bit key per (place in
    the underworld, square, piece, bits), xored (0 for an empty underworld,
    so that a position without buried pieces keeps its hash).  The place
    counts: which of two ghosts of one square comes back first depends on
    their order."""
    h = 0
    for i, (sq, piece, bits) in enumerate(underworld):
        h ^= _mix(((i * 128 + sq) * 512 + (piece & 511)) * 64 + bits + 1)
    return h


@lru_cache(maxsize=1 << 14)
def imitators_hash(imitators: tuple) -> int:
    """The Zobrist part of the imitators: one 64-bit key per (place, square),
    xored (0 for none), drawn apart from the underworld's keys (cached: the
    imitators move with every move, and few placements recur)."""
    h = 0
    for i, sq in enumerate(imitators):
        h ^= _mix(((1 << 40) | (i << 8) | (sq & 255)) ^ 0x1A17A70B)
    return h


# Z_HOLE[sq]: the key of a hole on sq (drawn apart from the underworld's and
# the imitators' keys)
Z_HOLE = [_mix((2 << 40) | sq) ^ 0x4A0E5 for sq in range(128)]


def holes_hash(holes: frozenset) -> int:
    """The Zobrist part of the holes (HaanerChess: `solver.conditions.haaner`):
    the keys of their squares, xored (0 for none)."""
    h = 0
    for sq in holes:
        h ^= Z_HOLE[sq]
    return h


_CORNERS = {WHITE: (0x00, 0x07), -WHITE: (0x70, 0x77)}
_HOME = {WHITE: E1, -WHITE: E8}


def _side(piece: int) -> int:
    return 1 if piece > 0 else -1


def square_rights_after(pos, sq: int, old: int, piece: int) -> None:
    """Popeye's `adjust_castling_rights` for one effect on sq (a back-rank
    square): a piece gone from it (removed, or changed in colour or kind)
    takes its right; a piece now on it gives it back if it is a rook on
    its corner, or its side's king on its home square.  (Popeye looks at
    the board once the move is over; an effect's rule sees it as the
    move's effects leave it so far, and a later effect on the same square
    decides again, as in Popeye.)  Undone with the move: unmake restores
    the rights the move found."""
    bit = CASTLE_BIT[sq]
    rights = pos.castling
    if old:
        rights &= ~bit
    if piece:
        side = _side(piece)
        kind = piece * side
        if (kind == ROOK and sq in _CORNERS[side]) or (
                kind == KING and sq == _HOME[side] and pos.kings[side] == sq):
            rights |= bit
    if rights != pos.castling:
        pos.set_castling(rights)


class EffectsPosition(Position):
    """A `Position` whose moves carry attributes and effects (module docstring).

    `effect_rules`: the rules run after each move, in order (bound once, by
    the problem's set-up); `journal`: one entry per move on the undo stack,
    (kings before, attributes before, effects), an effect being
    (square, piece before, bits before, piece after, bits after)."""

    __slots__ = ("attrs", "journal", "effect_rules", "underworld", "imitators", "holes",
                 "square_rights", "silent_kamikaze")

    def __init__(self, effect_rules=()) -> None:
        super().__init__()
        self.attrs: dict[int, int] = {}
        self.journal: list[tuple] = []
        self.effect_rules = tuple(effect_rules)
        # Popeye's underworld: pieces below the board, in Popeye's order
        # (`set_underworld`)
        self.underworld: tuple[tuple[int, int, int], ...] = ()
        # Popeye's imitators (`set_imitators`): their squares, in Popeye's order
        self.imitators: tuple[int, ...] = ()
        # holes: squares no piece may move to or across (`add_hole`)
        self.holes: frozenset[int] = frozenset()
        # castling rights kept a square, as Popeye keeps them: every change
        # set_square makes takes and gives back the rights of its square
        # (`square_rights_after`; solver.conditions.castling_rights)
        self.square_rights = False
        # Circe Kamikaze (solver.conditions.circe): a kamikaze capturer that is
        # not reborn leaves unwritten (Popeye writes `kQd5*d7[+bSg8]`)
        self.silent_kamikaze = False

    # ------------------------------------------------------------------ setup

    def put_attributes(self, sq: int, bits: int) -> None:
        """Give the piece on sq these attributes (set-up only, not undoable).
        ROYAL makes it its side's royal piece: there may be one a side, and
        not beside a king (Popeye: "only one king allowed")."""
        piece = self.board[sq]
        if not piece:
            raise ValueError("no piece to give attributes to")
        side = _side(piece)
        old = self.attrs.get(sq, 0)
        self.hash ^= Z_ATTR[old][sq] ^ Z_ATTR[bits][sq]
        if bits:
            self.attrs[sq] = bits
        else:
            self.attrs.pop(sq, None)
        if bits & ROYAL and self.kings[side] != sq:
            if self.kings[side] >= 0:
                raise ValueError(f"more than one royal piece for "
                                 f"{'white' if side == WHITE else 'black'}")
            self.kings[side] = sq

    def copy(self) -> "EffectsPosition":
        other = EffectsPosition(self.effect_rules)
        for name in ("board", "occupied", "kings"):
            value = getattr(self, name)
            setattr(other, name, [None, set(value[1]), set(value[-1])] if name == "occupied"
                    else value[:])
        other.side, other.castling, other.ep = self.side, self.castling, self.ep
        other.halfmove, other.fullmove = self.halfmove, self.fullmove
        other.hash, other.fairy = self.hash, self.fairy
        other.attrs = dict(self.attrs)
        other.underworld = self.underworld
        other.imitators = self.imitators
        other.holes = self.holes
        other.square_rights = self.square_rights
        other.silent_kamikaze = self.silent_kamikaze
        return other

    def compute_hash(self) -> int:
        h = super().compute_hash()
        for sq, bits in self.attrs.items():
            h ^= Z_ATTR[bits][sq]
        return (h ^ underworld_hash(self.underworld) ^ imitators_hash(self.imitators)
                ^ holes_hash(self.holes))

    def key(self) -> tuple:
        return (*super().key(), tuple(sorted(self.attrs.items())), self.underworld, self.imitators,
                self.holes)

    def set_imitators(self, imitators: tuple) -> None:
        """An effect: the imitators stand on `imitators` (squares, in Popeye's
        order: `solver.conditions.imitator`).  From an effect rule (the
        move's journal entry holds the squares it found, which `unmake`
        puts back), or once at set-up.  Hashed (`imitators_hash`): where the
        imitators stand decides what is legal."""
        self.hash ^= imitators_hash(self.imitators) ^ imitators_hash(imitators)
        self.imitators = imitators

    def set_underworld(self, underworld: tuple) -> None:
        """An effect: the underworld becomes `underworld`, a tuple of
        (square, piece, attribute bits) in Popeye's order (GhostChess,
        HauntedChess: `solver.conditions.ghost`).  Only from an effect rule:
        the move's journal entry holds the underworld it found, which
        `unmake` puts back.

        The buried pieces are part of the Zobrist hash (`underworld_hash`,
        kept in step here), so that two positions that differ only below
        the board never share a transposition-table entry: what is buried
        decides what may come back, so what is legal and what mates later."""
        self.hash ^= underworld_hash(self.underworld) ^ underworld_hash(underworld)
        self.underworld = underworld

    def add_hole(self, sq: int) -> None:
        """An effect: sq, an empty square, becomes a hole, a square that no
        piece may move to or across, as the edge of the board (HaanerChess:
        `solver.conditions.haaner`).  A hole stays an empty square on the
        board; the conditions that make holes filter the moves and the
        observations across them.  From an effect rule (the move's journal
        entry holds the holes it found, which `unmake` puts back).  Hashed
        (`holes_hash`): the holes decide what is legal."""
        self.hash ^= Z_HOLE[sq]
        self.holes = self.holes | {sq}

    # ----------------------------------------------------------- make/unmake

    def make(self, m: int) -> None:
        attrs = self.attrs
        kings = self.kings
        s = self.side
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        bits = attrs.get(frm, 0)
        effects: list[tuple] = []
        self.journal.append(((kings[1], kings[-1]), dict(attrs) if attrs else None, effects,
                             self.underworld, self.imitators, self.holes))
        Position.make(self, m)
        captured = bool(self.stack[-1][1]) or flag == EN_PASSANT
        if attrs:
            self._carry(m, s, frm, to, flag, captured)
        if bits & ROYAL:
            kings[s] = to
        for rule in self.effect_rules:
            rule(self, m, s, frm, to, flag, bits, captured)

    def _carry(self, m: int, s: int, frm: int, to: int, flag: int, captured: bool) -> None:
        """The attributes follow the move: the victim's go, the mover's (and a
        castling rook's) move along."""
        attrs = self.attrs
        h = self.hash
        moves = [(frm, to)]
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            moves.append((rf, CASTLE_PATH[(frm, rf)][1]))
        elif captured:
            capsq = to - 16 * s if flag == EN_PASSANT else (m >> 24) & 127 if flag == LOCUST else to
            gone = attrs.pop(capsq, 0)
            h ^= Z_ATTR[gone][capsq]
        lifted = []
        for a, b in moves:  # lift them all first: a Chess960 king may land on its rook's square
            bits = attrs.pop(a, 0)
            h ^= Z_ATTR[bits][a]
            lifted.append((bits, b))
        for bits, b in lifted:
            if bits:
                attrs[b] = bits
                h ^= Z_ATTR[bits][b]
        self.hash = h

    def set_square(self, sq: int, piece: int, bits: int = 0) -> None:
        """An effect: put `piece` (0: nothing) with attribute `bits` on sq,
        replacing what stood there; recorded in the current move's journal
        entry, undone by `unmake`.  Keeps the board, piece sets, royal
        squares, fairy count and hash in step."""
        board = self.board
        attrs = self.attrs
        old = board[sq]
        old_bits = attrs.get(sq, 0)
        self.journal[-1][2].append((sq, old, old_bits, piece, bits))
        h = self.hash
        if old:
            side = _side(old)
            h ^= Z_PIECE[old][sq]
            self.occupied[side].discard(sq)
            if old * side >= 7:
                self.fairy -= 1
            if self.kings[side] == sq:
                self.kings[side] = -1
        if old_bits:
            h ^= Z_ATTR[old_bits][sq]
            del attrs[sq]
        board[sq] = piece
        if piece:
            side = _side(piece)
            h ^= Z_PIECE[piece][sq]
            self.occupied[side].add(sq)
            if piece * side >= 7:
                self.fairy += 1
            if bits & ROYAL or piece * side == KING:
                self.kings[side] = sq
        if bits:
            attrs[sq] = bits
            h ^= Z_ATTR[bits][sq]
        self.hash = h
        if self.square_rights and old != piece and CASTLE_BIT[sq]:
            square_rights_after(self, sq, old, piece)

    def square_readded(self, sq: int) -> None:
        """The piece on sq taken off and put back, as Popeye journals Circe
        Volcanic's occupant (a removal, then a readdition): under square
        rights its right is taken, then given back by the rule below."""
        if self.square_rights and CASTLE_BIT[sq] and self.board[sq]:
            square_rights_after(self, sq, self.board[sq], self.board[sq])

    def pass_turn(self, effect) -> None:
        """A pass (the other side to move, no e.p. square, as `set_state`)
        after which `effect(pos)` changes squares through `set_square`, in a
        journal entry of the pass's own, which `unmake` undoes as a move's:
        LostPieces takes off the pieces a threat's pass leaves mated."""
        self.set_state(-self.side, ())   # (as a plain pass, for FEERIE_CHECK_POSITION's wrapper)
        self.stack[-1] = (PASSED, *self.stack[-1][1:])
        kings = self.kings
        self.journal.append(((kings[1], kings[-1]), dict(self.attrs) if self.attrs else None, [],
                             self.underworld, self.imitators, self.holes))
        effect(self)

    def unmake(self) -> None:
        top = self.stack[-1][0]
        if top < 0:  # a set_state: it has no journal entry (a pass with effects has)
            if top == PASSED:
                self._undo_effects()
            Position.unmake(self)
            return
        kings, attrs = self._undo_effects()
        Position.unmake(self)
        current = self.attrs  # restored in place: a caller may hold the dict
        current.clear()
        if attrs:
            current.update(attrs)
        self.kings[1], self.kings[-1] = kings

    def _undo_effects(self) -> tuple:
        """Take the last journal entry's effects off the board, last first;
        (kings, attributes) before them, which the pass gets back here and
        a move once the move itself is undone."""
        kings, attrs, effects, self.underworld, self.imitators, self.holes = self.journal.pop()
        board = self.board
        occupied = self.occupied
        for sq, old, _, new, _ in reversed(effects):
            if new:
                occupied[_side(new)].discard(sq)
                if abs(new) >= 7:
                    self.fairy -= 1
            board[sq] = old
            if old:
                occupied[_side(old)].add(sq)
                if abs(old) >= 7:
                    self.fairy += 1
        if self.stack[-1][0] == PASSED:
            current = self.attrs
            current.clear()
            if attrs:
                current.update(attrs)
            self.kings[1], self.kings[-1] = kings
        return kings, attrs

    def last_effects(self) -> list[tuple]:
        """The effects of the last move (or pass with effects) played (for
        notation), oldest first."""
        return list(self.journal[-1][2]) if self.journal and (
            self.stack[-1][0] >= 0 or self.stack[-1][0] == PASSED) else []
