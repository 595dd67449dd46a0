"""Neutral pieces under a condition whose moves have effects (Circe's rebirths).

`NeutralPosition` (solver.engine.neutral) plays the moves of a position with
neutral pieces; `EffectsPosition` (solver.engine.effects) runs a condition's
effect rules after each move, changing squares through `set_square`.  This
is the two at once, for problems with neutral pieces whose conditions have
effects (`solver.model.setup.position_of`): a `NeutralPosition` whose make
runs the effect rules and journals what they change, last undone first.

A neutral piece that an effect puts on a square (a neutral victim reborn
neutral, as Popeye has it: conditions/circe/circe.c keeps the captured
piece's flags, both colours among them) is said by the bit `NEUTRAL_BIT` of
`set_square`'s `bits`, the rest of which stay the attribute bits of
EffectsPosition (none here: piece attributes beside neutral pieces are
refused before solving); the journal's entries are EffectsPosition's,
`(square, piece before, bits before, piece after, bits after)`, the pieces
as the board held them (painted, for a neutral one) and NEUTRAL_BIT in the
bits of a neutral one, which is how notation tells it (`[+nRa8]`).  A rule
learns whether the last move's victim was neutral from `victim_bits`.

Castling rights kept a square (solver.conditions.castling_rights) are kept
as EffectsPosition keeps them, but that a neutral king or rook has none (it
never castles: `set_castling`).  The attributes of EffectsPosition (`attrs`)
are always empty: the notation of the move's effects reads them.
"""

from __future__ import annotations

from solver.engine.board import CASTLE_BIT, SIDE_RIGHTS, WHITE, castle_bit
from solver.engine.effects import NEUTRAL_BIT, square_rights_after
from solver.engine.move import EN_PASSANT
from solver.engine.neutral import NeutralPosition
from solver.engine.position import Position



class NeutralEffectsPosition(NeutralPosition):
    """A `NeutralPosition` whose moves carry the effects of `effect_rules`
    (module docstring); `journal`: the effects of each move on the stack."""

    __slots__ = ("attrs", "journal", "effect_rules", "square_rights")

    def __init__(self, effect_rules=()) -> None:
        super().__init__()
        self.attrs: dict[int, int] = {}
        self.journal: list[list[tuple]] = []
        self.effect_rules = tuple(effect_rules)
        self.square_rights = False

    def copy(self) -> "NeutralEffectsPosition":
        other = NeutralEffectsPosition(self.effect_rules)
        base = NeutralPosition.copy(self)
        for name in (*Position.__slots__, *NeutralPosition.__slots__):
            setattr(other, name, getattr(base, name))
        other.square_rights = self.square_rights
        return other

    def set_castling(self, rights: int) -> None:
        """The rights, less those of a neutral king or rook (which never castles)."""
        for side in (WHITE, -WHITE):
            if self.kings[side] in self.neutral:
                rights &= ~(SIDE_RIGHTS[side] | castle_bit(self.kings[side]))
        for sq in self.neutral:
            if not sq & 0x88 and sq >> 4 in (0, 7):
                rights &= ~castle_bit(sq)
        NeutralPosition.set_castling(self, rights)

    # ----------------------------------------------------------- make/unmake

    def make(self, m: int) -> None:
        s = self.side
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        self.journal.append([])
        NeutralPosition.make(self, m)
        captured = bool(self.stack[-1][1]) or flag == EN_PASSANT
        for rule in self.effect_rules:
            rule(self, m, s, frm, to, flag, 0, captured)

    def victim_bits(self) -> int:
        """NEUTRAL_BIT if the last move took a neutral piece, else 0 (for a
        rule that puts the victim back: a Circe rebirth)."""
        entry = self.stack[-1]
        if entry[0] < 0 or not entry[1]:
            return 0
        touched = entry[8]   # (departure, then the capture square if something was taken, ...)
        return NEUTRAL_BIT if len(touched) > 1 and touched[1][2] else 0

    def set_square(self, sq: int, piece: int, bits: int = 0) -> None:
        """An effect: put `piece` (0: nothing; neutral when `bits` has
        NEUTRAL_BIT, its sign then is its paint's) on sq, replacing what
        stood there; journalled, undone by `unmake`."""
        old = self.board[sq]
        old_bits = NEUTRAL_BIT if sq in self.neutral else 0
        self.journal[-1].append((sq, old, old_bits, piece, bits))
        if old:
            self._lift(sq)
            for side in (WHITE, -WHITE):
                if self.kings[side] == sq:
                    self.kings[side] = -1
        neutral = bool(bits & NEUTRAL_BIT)
        if piece:   # (a neutral one painted as the others are now)
            self._drop(sq, abs(piece) if neutral else piece, neutral)
        if self.square_rights and old != piece and CASTLE_BIT[sq]:
            # a neutral piece put there regains no right (it never castles)
            square_rights_after(self, sq, old, 0 if neutral else piece)

    def unmake(self) -> None:
        if self.stack[-1][0] >= 0:   # a move (a set_state has no journal entry)
            for sq, old, old_bits, new, _ in reversed(self.journal.pop()):
                if self.board[sq]:
                    self._lift(sq)
                if old:
                    neutral = bool(old_bits & NEUTRAL_BIT)
                    self._drop(sq, abs(old) if neutral else old, neutral)
            # (the hash, the kings and the rights: NeutralPosition.unmake restores them)
        NeutralPosition.unmake(self)

    def last_effects(self) -> list[tuple]:
        """The effects of the last move played (for notation), oldest first."""
        return list(self.journal[-1]) if self.journal and self.stack[-1][0] >= 0 else []

    def put_attributes(self, sq: int, bits: int) -> None:
        raise ValueError("piece attributes beside neutral pieces are not supported")
