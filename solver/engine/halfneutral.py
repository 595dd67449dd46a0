"""Half-neutral pieces: a neutral position whose moves may change a piece's neutrality.

Popeye's HalfNeutral attribute (pieces/attributes/neutral/half.c, Popeye
4.104): a half-neutral piece that moves changes phase on its arrival
square once the move is made (after its promotion: a half-neutral pawn
promotes to a half-neutral piece, which changes): a white or black one
becomes neutral (`hnRa2-a1=nh`), a neutral one becomes the piece of the
side that moved it (`nhnRa1-a8=wh`).  A half-neutral piece that does not
move (a castling rook, a captured piece) keeps its phase.

How the engine holds it: `HalfNeutralPosition` is a `NeutralPosition`
(so every question about neutral pieces is answered as there) with one
more set, `half`, the squares of the half-neutral pieces of any phase.
The attribute moves with its piece (the castling rook's too), goes with a
captured piece, and is part of the hash (`Z_HALF`).  The change of phase
is the move's *effect*: `make` plays the base move (`NeutralPosition.make`),
then carries the attribute and changes the mover's phase, recording both in
the move's journal entry, (half-neutral squares before, effect), the
effect being (square, phase after: 0 neutral, else the side); `unmake`
takes the journal entry off, puts the squares back, and the base unmake
restores every square the move touched (the arrival square is one of them,
so the piece's phase comes back with it) and the hash.

A half-neutral king is played alone only (the diagram's one king, as a
neutral king must be): neutral, it is both sides' king; moved, it becomes
the mover's, and the other side has none (Popeye's king_square.c).  Beside
another king it is refused before solving (Popeye then gives the neutral
king to both sides beside the other side's king:
`solver.pieces.attributes.unsupported`).
"""

from __future__ import annotations

from solver.engine.board import CASTLE_PATH, KING, draw_keys, key_generator
from solver.engine.move import CASTLE, EN_PASSANT, LOCUST
from solver.engine.neutral import NeutralPosition
from solver.engine.position import Position

# Z_HALF[sq]: the key of a half-neutral piece on sq, whatever its phase
# (drawn from a generator of its own: every other key stays as it was).
Z_HALF = draw_keys(key_generator(0x4A1F_E07), 1)[0]

NEUTRAL_PHASE = 0   # the phase of an effect that made the mover neutral


class HalfNeutralPosition(NeutralPosition):
    """A neutral position with half-neutral pieces (module docstring).

    `half`: the squares of the half-neutral pieces; `journal`: one entry
    per move made (not per set_state), (half before, effect or None)."""

    __slots__ = ("half", "journal")
    # a half-neutral king alone may become neutral: both sides' king
    kings_change = True

    def __init__(self) -> None:
        super().__init__()
        self.half: set[int] = set()
        self.journal: list[tuple[frozenset[int], tuple[int, int] | None]] = []

    def put_half_neutral(self, sq: int) -> None:
        """Make the piece on sq half-neutral (set-up only, not undoable)."""
        if not self.board[sq]:
            raise ValueError("no piece to make half-neutral")
        if sq not in self.half:
            self.half.add(sq)
            self.hash ^= Z_HALF[sq]

    def copy(self) -> "HalfNeutralPosition":
        base = NeutralPosition.copy(self)
        other = HalfNeutralPosition()
        for name in (*Position.__slots__, *NeutralPosition.__slots__):
            setattr(other, name, getattr(base, name))
        other.half = set(self.half)
        return other

    def make(self, m: int) -> None:
        s = self.side
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        half = self.half
        before = frozenset(half)
        moving = frm in half
        NeutralPosition.make(self, m)
        h = self.hash
        carried = []
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            carried.append((rf, CASTLE_PATH[(frm, rf)][1]))
        else:
            capsq = to - 16 * s if flag == EN_PASSANT else (m >> 24) & 127 if flag == LOCUST else to
            if capsq in half and capsq != frm:
                half.discard(capsq)
                h ^= Z_HALF[capsq]
        carried.append((frm, to))
        lifted = []
        for a, b in carried:   # lift them all first: a Chess960 king may land on its rook's square
            if a in half:
                half.discard(a)
                h ^= Z_HALF[a]
                lifted.append(b)
        for b in lifted:
            half.add(b)
            h ^= Z_HALF[b]
        self.hash = h
        effect = None
        if moving:
            p, neutral = self._lift(to)
            if neutral:   # a neutral half-neutral piece: now the mover's
                self._drop(to, p * s, False)
                if p == KING:   # the neutral king was both sides': now the mover's alone
                    self.kings[-s] = -1
                effect = (to, s)
            else:         # a white or black one: now neutral
                self._drop(to, abs(p), True)
                effect = (to, NEUTRAL_PHASE)
        self.journal.append((before, effect))

    def unmake(self) -> None:
        if self.stack[-1][0] >= 0:   # a move (a set_state has no journal entry)
            before, _ = self.journal.pop()
            self.half.clear()
            self.half.update(before)
        NeutralPosition.unmake(self)

    def last_effects(self) -> list[tuple[int, int]]:
        """The phase change of the last move played, if any: [(square, phase
        after: NEUTRAL_PHASE or the side)]."""
        if not self.journal or self.stack[-1][0] < 0 or self.journal[-1][1] is None:
            return []
        return [self.journal[-1][1]]

    def compute_hash(self) -> int:
        h = super().compute_hash()
        for sq in self.half:
            h ^= Z_HALF[sq]
        return h

    def key(self) -> tuple:
        return (*super().key(), tuple(sorted(self.half)))

