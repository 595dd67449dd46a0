"""Neutral pieces on the board: a position in which some pieces belong to both sides.

Popeye's rules (learnt from its move lists, tests/data/neutral/): a neutral
piece is the side to move's own piece and, at the same time, its
opponent's.  So the side to move may move it (a neutral pawn then walks,
double-steps from its second rank, promotes on its last rank, to a neutral
piece, as that side's pawn) and may capture it, with a pure piece or with
another neutral one; and a side's king is in check when a piece of the
other side *or a neutral piece* observes it.  A neutral king is the only
king on the board (Popeye refuses any other): the royal piece of both
sides, so White is in check when a black or a neutral piece observes it,
Black when a white or a neutral one does.

How the engine holds this without a cost for the positions that have no
neutral piece: `NeutralPosition` is a subclass, made only for problems
with neutral pieces (`solver.model.setup`), and the variant binds the
neutral move generator (`solver.pieces.neutral`) once.  The board keeps
the signed codes that every walk reads (`p * side < 0`: an enemy piece):
each neutral piece is *painted* the colour `tint` for the moment, and sits
in `occupied[tint]`.  Whoever asks a question paints the neutrals first:
the generator of side s paints them -s (they are s's enemies: capturable,
and observers of s's king) and turns each one to s while it generates that
piece's own moves; the check test of side s paints them -s too.  Painting
changes neither the position nor its hash: a neutral piece's Zobrist key
is its own (`Z_NEUTRAL`), the same whatever its paint.

`make` and `unmake` are their own (not the orthodox ones, which stay as
fast as they were): a move lifts the pieces it takes off their squares and
drops the mover on its arrival square, and `unmake` puts back every square
it touched, the paint included, so that a position after make / unmake is
exactly the one before.  Castling is the orthodox one: a neutral rook or a
neutral king never castles (a neutral rook on the castling path always
checks the king, so no legal position could), which `natural_castling`
and the set-up make sure of.  Messigny's exchanges (`EXCHANGE`) are not
played here: problems with conditions and neutral pieces are refused.
"""

from __future__ import annotations

from solver.engine.board import (
    BLACK, CASTLE_BIT, CASTLE_PATH, E1, E8, A1, A8, H1, H8, KING, PAWN, ROOK, SIDE_RIGHTS,
    WHITE, castle_bit, draw_keys, key_generator,
)
from solver.engine.move import CASTLE, DOUBLE, EN_PASSANT, EXCHANGE, LOCUST, PROMOTION
from solver.engine.position import _NULL, Z_CASTLE, Z_EP, Z_PIECE, Z_SIDE, Position

# A neutral piece's keys: its own rows, drawn from their own generator so
# that every other key is unchanged.  Z_NEUTRAL[kind][sq], kinds 0..127.
Z_NEUTRAL = draw_keys(key_generator(0x4E_E07_2A1), 128)

_FAIRY = 7   # kinds from here on count in `Position.fairy`


class NeutralPosition(Position):
    """A position with neutral pieces (see the module docstring).

    `neutral`: the squares of the neutral pieces; `tint`: the colour they
    are painted on the board now (+1 / -1)."""

    __slots__ = ("neutral", "tint")
    # may a move give a side a king it did not have? (a half-neutral king
    # that becomes neutral: solver.engine.halfneutral)
    kings_change = False

    def __init__(self) -> None:
        super().__init__()
        self.neutral: set[int] = set()
        self.tint = WHITE

    # ------------------------------------------------------------------ setup

    def put_neutral(self, sq: int, kind: int) -> None:
        """Place a neutral piece of `kind` on an empty square (set-up only)."""
        if self.board[sq]:
            raise ValueError("the square is already occupied")
        if kind == KING and (self.kings[WHITE] >= 0 or self.kings[BLACK] >= 0):
            raise ValueError("a neutral king must be the only king")
        self._drop(sq, kind, True)     # (a neutral king becomes both sides' king)

    def put(self, sq: int, piece: int) -> None:
        """Place a white or black piece (set-up only): no king beside a neutral one."""
        if abs(piece) == KING and self.kings[WHITE] >= 0 and self.kings[WHITE] in self.neutral:
            raise ValueError("a neutral king must be the only king")
        super().put(sq, piece)

    def natural_castling(self) -> int:
        """Rights where a king and a rook that are not neutral stand on their
        original squares (a neutral one never castles)."""
        rights = 0
        b, n = self.board, self.neutral
        for side, ksq, rooks in ((WHITE, E1, (A1, H1)), (BLACK, E8, (A8, H8))):
            if b[ksq] == KING * side and ksq not in n:
                for r in rooks:
                    if b[r] == ROOK * side and r not in n:
                        rights |= castle_bit(r)
        return rights

    def without_neutral_castling(self) -> None:
        """Drop the rights a statement gave to a neutral king or rook (set-up)."""
        rights = self.castling
        for side in (WHITE, BLACK):
            if self.kings[side] in self.neutral:
                rights &= ~SIDE_RIGHTS[side]
        for sq in self.neutral:
            if not sq & 0x88 and sq >> 4 in (0, 7):
                rights &= ~castle_bit(sq)
        self.set_castling(rights)

    def copy(self) -> "NeutralPosition":
        other = NeutralPosition()
        base = Position.copy(self)
        for name in Position.__slots__:
            setattr(other, name, getattr(base, name))
        other.neutral = set(self.neutral)
        other.tint = self.tint
        return other

    # ---------------------------------------------------------------- paint

    def paint(self, colour: int) -> None:
        """Paint every neutral piece `colour` (board codes and piece sets);
        the position and its hash stay what they are."""
        if colour == self.tint:
            return
        board = self.board
        old, new = self.occupied[-colour], self.occupied[colour]
        for sq in self.neutral:
            board[sq] = -board[sq]
            old.discard(sq)
            new.add(sq)
        self.tint = colour

    # --------------------------------------------------------- squares

    def _lift(self, sq: int) -> tuple[int, bool]:
        """Take the piece off `sq`: (its code, white / black sign for a pure
        piece, the kind for a neutral one; is it neutral)."""
        board = self.board
        p = board[sq]
        board[sq] = 0
        neutral = sq in self.neutral
        if neutral:
            self.neutral.discard(sq)
            kind = abs(p)
            self.occupied[self.tint].discard(sq)
            self.hash ^= Z_NEUTRAL[kind][sq]
            p = kind
        else:
            self.occupied[1 if p > 0 else -1].discard(sq)
            self.hash ^= Z_PIECE[p][sq]
        if abs(p) >= _FAIRY:
            self.fairy -= 1
        return p, neutral

    def _drop(self, sq: int, p: int, neutral: bool) -> None:
        """Put a piece on the empty square `sq` (`p` as `_lift` returns it)."""
        if neutral:
            self.neutral.add(sq)
            self.board[sq] = p * self.tint
            self.occupied[self.tint].add(sq)
            self.hash ^= Z_NEUTRAL[p][sq]
            if p == KING:
                self.kings[WHITE] = self.kings[BLACK] = sq
        else:
            side = 1 if p > 0 else -1
            self.board[sq] = p
            self.occupied[side].add(sq)
            self.hash ^= Z_PIECE[p][sq]
            if p == KING * side:
                self.kings[side] = sq
        if abs(p) >= _FAIRY:
            self.fairy += 1

    # ----------------------------------------------------------- make/unmake

    def make(self, m: int) -> None:
        """Play move m (assumed legal) for the side to move."""
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        assert flag != EXCHANGE, "Messigny with neutral pieces is refused before solving"
        s = self.side
        board = self.board
        touched: list[tuple[int, int, bool]] = []   # (square, piece, neutral) as they were
        entry = [m, 0, self.castling, self.ep, self.hash, self.halfmove, self.kings[:], self.tint, touched]
        h = self.hash ^ Z_SIDE
        for e in self.ep:
            h ^= Z_EP[e]
        self.hash = h
        p, neutral = self._lift(frm)
        touched.append((frm, p, neutral))
        kind = abs(p)
        capsq = (m >> 24) & 127 if flag == LOCUST else to - 16 * s if flag == EN_PASSANT else to
        captured = flag != CASTLE and bool(board[capsq])
        if captured:
            entry[1] = board[capsq]
            touched.append((capsq, *self._lift(capsq)))
        self.stack.append(tuple(entry))
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            rook = self._lift(rf)
            touched += [(rf, *rook), (rt, 0, False)]
            if to != rt:
                touched.append((to, 0, False))
            self._drop(rt, *rook)
        elif to != capsq or not captured:
            touched.append((to, 0, False))
        if flag == PROMOTION:
            kind = (m >> 17) & 127
            p = kind if neutral else kind * s
        self._drop(to, p, neutral)
        self._castling_after(frm, to, s, kind == KING and not neutral)
        ep = ()
        if flag == DOUBLE:
            e = (frm + to) >> 1
            if self._ep_taker(to + 1, s) or self._ep_taker(to - 1, s):
                ep = (e,)
                self.hash ^= Z_EP[e]
        self.ep = ep
        self.halfmove = 0 if captured or kind == PAWN or flag == PROMOTION else self.halfmove + 1
        if s == BLACK:
            self.fullmove += 1
        self.side = -s

    def _castling_after(self, frm: int, to: int, s: int, king: bool) -> None:
        """Rights after a move from frm to to (a king's move forfeits its side's)."""
        castling = self.castling
        if not castling:
            return
        lost = CASTLE_BIT[frm] | CASTLE_BIT[to]
        if king:
            lost |= SIDE_RIGHTS[s]
        c = castling & ~lost
        if c != castling:
            self.hash ^= Z_CASTLE[castling] ^ Z_CASTLE[c]
            self.castling = c

    def _ep_taker(self, sq: int, s: int) -> bool:
        """Could the piece on sq take e.p. a pawn side s has just double-stepped?
        (Recording the e.p. square only then keeps equal positions' keys equal.)"""
        if sq & 0x88:
            return False
        p = self.board[sq]
        if sq in self.neutral:
            return abs(p) == PAWN
        return p == -PAWN * s

    def unmake(self) -> None:
        """Take back the last move (or set_state), squares and paint included."""
        entry = self.stack.pop()
        if entry[0] < 0:        # a set_state
            m, state, self.castling, self.ep, self.hash, self.halfmove = entry
            self.side = state if m == _NULL else state[0]
            return
        m, _, castling, ep, h, halfmove, kings, tint, touched = entry
        if self.tint != tint:
            self.paint(tint)      # the paint of before the move
        for sq, _, _ in touched:
            if self.board[sq]:
                self._lift(sq)
        for sq, p, neutral in touched:
            if p:
                self._drop(sq, p, neutral)
        self.castling = castling
        self.ep = ep
        self.hash = h
        self.halfmove = halfmove
        self.kings[:] = kings
        self.side = -self.side
        if self.side == BLACK:
            self.fullmove -= 1

    # ------------------------------------------------------------- identity

    def square_key(self, sq: int) -> int:
        p = self.board[sq]
        return Z_NEUTRAL[abs(p)][sq] if sq in self.neutral else Z_PIECE[p][sq]

    def key(self) -> tuple:
        """Everything that defines the position, whatever the paint."""
        board = tuple(abs(p) + 1000 if sq in self.neutral else p for sq, p in enumerate(self.board))
        return (board, self.side, self.castling, self.ep)
