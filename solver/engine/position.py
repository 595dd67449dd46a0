"""The position: board, side to move, castling, e.p. squares, Zobrist hash.

`make` and `unmake` change the position in place and restore it exactly
(hash included) from an undo stack; the search never copies positions.

State kept up to date incrementally, because the move generator and the
search read it at every node:
- `board`: 128 ints (0x88), piece codes as in `solver.engine.board`;
- `occupied[side]`: the set of squares holding that side's pieces, so the
  generator visits pieces, not squares (indexed by +1 / -1);
- `kings[side]`: the king's square, or -1 when that side has no king
  (problems may omit a king);
- `hash`: Zobrist key of placement, side to move, castling rights and e.p.
  squares (what decides which moves are legal next).

`ep` is a tuple of squares a pawn has just passed over: orthodox play has
at most one, Marseillais up to two (RULES.md 3.7).  A conditions module may
set it, and the side to move, through `set_state`, which is undone like a
move.  `set_state` may also carry a `tag`: what a condition needs to know
about the turn just played that the board does not show (Messigny: which
pieces the last turn exchanged; Marseillais with the game site's rule: the
game is over).  The tag belongs to the position on top of the stack only:
`tag()` reads it there, so any later move or null move hides it.
"""

from __future__ import annotations

from solver.engine.board import (
    BLACK, CASTLE_BIT, CASTLE_PATH, FEN_KIND, FEN_LETTER, KING, PAWN, ROOK,
    SIDE_RIGHTS, WHITE, E1, E8, H1, A1, H8, A8, FILES, castle_bit, square,
    square_name, parse_square, draw_keys, key_generator,
)
from solver.base.errors import InputError
from solver.engine.move import CASTLE, DOUBLE, EN_PASSANT, EXCHANGE, LOCUST, PROMOTION

# Z_PIECE[code][sq], codes -127..127; negative codes index from the end of the list.
_rng = key_generator(0x5EE2_1E)
Z_PIECE = draw_keys(_rng, 64)
Z_SIDE = _rng.getrandbits(64)
_Z_CASTLE_BIT = [_rng.getrandbits(64) for _ in range(16)]


class _CastleKeys(dict):
    """Z_CASTLE[mask]: the key of a whole rights mask (16 bits: a rook square
    each), the XOR of its bits' keys.  Made on first use: a problem meets a
    handful of masks, and the table of all 65,536 took 40 ms at import
    (a quarter of a short solve's start-up)."""

    def __missing__(self, mask: int) -> int:
        key = 0
        bits = mask
        while bits:
            low = bits & -bits
            key ^= _Z_CASTLE_BIT[low.bit_length() - 1]
            bits ^= low
        self[mask] = key
        return key


Z_CASTLE = _CastleKeys()
Z_EP = [_rng.getrandbits(64) for _ in range(128)]
# 192 more rows for fairy kinds 32..127, drawn after every other key so that
# all keys above are unchanged; they go in the middle, so that codes -32..-1
# still index the rows they always had (now at the end of 256).
Z_PIECE[32:32] = draw_keys(_rng, 192)

_NULL = -1    # undo-stack marker of a set_state entry
_TAGGED = -2  # the same, with a condition's tag: the entry holds (side, tag)
PASSED = -3   # the same, for a pass with effects (`EffectsPosition.pass_turn`)


class Position:
    __slots__ = ("board", "side", "castling", "ep", "halfmove", "fullmove",
                 "occupied", "kings", "hash", "stack", "fairy")

    # The squares of neutral pieces: none here (`solver.engine.neutral`'s
    # subclass has them), so that readers such as the notation ask any position.
    neutral: frozenset[int] = frozenset()

    def __init__(self) -> None:
        self.board = [0] * 128
        self.side = WHITE
        self.castling = 0
        self.ep: tuple[int, ...] = ()
        self.halfmove = 0
        self.fullmove = 1
        self.occupied = [None, set(), set()]  # [unused, white (+1), black (-1)]
        self.kings = [-1, -1, -1]             # [unused, white, black]
        self.hash = 0
        self.stack: list[tuple] = []
        self.fairy = 0  # number of fairy pieces on the board (0: orthodox fast path)

    # ------------------------------------------------------------------ setup

    def put(self, sq: int, piece: int) -> None:
        """Place a piece on an empty square (set-up only, not undoable)."""
        if self.board[sq]:
            raise ValueError(f"{square_name(sq)} is already occupied")
        side = WHITE if piece > 0 else BLACK
        kind = piece * side
        if kind == KING:
            if self.kings[side] >= 0:
                raise ValueError(f"two {'white' if side > 0 else 'black'} kings")
            self.kings[side] = sq
        if kind >= 7:
            self.fairy += 1
        self.board[sq] = piece
        self.occupied[side].add(sq)
        self.hash ^= Z_PIECE[piece][sq]

    def set_castling(self, rights: int) -> None:
        self.hash ^= Z_CASTLE[self.castling] ^ Z_CASTLE[rights]
        self.castling = rights

    def set_side(self, side: int) -> None:
        if side != self.side:
            self.hash ^= Z_SIDE
            self.side = side

    def set_ep(self, squares: tuple[int, ...]) -> None:
        for e in self.ep:
            self.hash ^= Z_EP[e]
        for e in squares:
            self.hash ^= Z_EP[e]
        self.ep = tuple(squares)

    def natural_castling(self) -> int:
        """Rights wherever king and rook stand on their original squares (RULES.md 1)."""
        b = self.board
        rights = 0
        for king, rook, ksq, rooks in ((KING, ROOK, E1, (A1, H1)), (-KING, -ROOK, E8, (A8, H8))):
            if b[ksq] == king:
                for r in rooks:
                    if b[r] == rook:
                        rights |= castle_bit(r)
        return rights

    def copy(self) -> "Position":
        other = Position()
        other.board = self.board[:]
        other.side = self.side
        other.castling = self.castling
        other.ep = self.ep
        other.halfmove = self.halfmove
        other.fullmove = self.fullmove
        other.occupied = [None, set(self.occupied[1]), set(self.occupied[-1])]
        other.kings = self.kings[:]
        other.hash = self.hash
        other.fairy = self.fairy
        return other

    def square_key(self, sq: int) -> int:
        """The hash key of what stands on sq (a subclass that paints pieces,
        `solver.engine.neutral.NeutralPosition`, keys them its own way)."""
        return Z_PIECE[self.board[sq]][sq]

    def compute_hash(self) -> int:
        """The hash from scratch (tests compare it with the incremental one)."""
        h = 0
        for sq in range(128):
            if not sq & 0x88 and self.board[sq]:
                h ^= self.square_key(sq)
        if self.side == BLACK:
            h ^= Z_SIDE
        h ^= Z_CASTLE[self.castling]
        for e in self.ep:
            h ^= Z_EP[e]
        return h

    def key(self) -> tuple:
        """Everything that defines the position, for equality tests."""
        return (tuple(self.board), self.side, self.castling, self.ep)

    def placement_hash(self) -> int:
        """The hash of the piece placement alone (no side, castling, e.p.)."""
        h = self.hash ^ Z_CASTLE[self.castling]
        if self.side == BLACK:
            h ^= Z_SIDE
        for e in self.ep:
            h ^= Z_EP[e]
        return h

    # ----------------------------------------------------------- make/unmake

    def make(self, m: int) -> None:
        """Play move m (assumed legal) for the side to move; it becomes the other's turn."""
        board = self.board
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        s = self.side
        p = board[frm]
        cap = board[to]
        h = self.hash
        self.stack.append((m, cap, self.castling, self.ep, h, self.halfmove))
        h ^= Z_SIDE
        for e in self.ep:
            h ^= Z_EP[e]
        zp = Z_PIECE[p]
        own = self.occupied[s]
        castling = self.castling
        if flag == EXCHANGE:
            # Messigny: the pieces swap squares; not a capture, castling rights kept.
            board[frm] = cap
            board[to] = p
            h ^= zp[frm] ^ zp[to] ^ Z_PIECE[cap][to] ^ Z_PIECE[cap][frm]
            own.discard(frm)
            own.add(to)
            other = self.occupied[-s]
            other.discard(to)
            other.add(frm)
            if p == KING * s:
                self.kings[s] = to
                self.kings[-s] = frm
            self.ep = ()
            self.halfmove += 1
        elif flag == CASTLE:
            # The rook's square is in the promotion bits (Chess960-proof: the
            # king may not move at all, or land where the rook stood).
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            r = board[rf]
            board[frm] = 0
            board[rf] = 0
            board[to] = p
            board[rt] = r
            zr = Z_PIECE[r]
            h ^= zp[frm] ^ zp[to] ^ zr[rf] ^ zr[rt]
            own.discard(frm)
            own.discard(rf)
            own.add(to)
            own.add(rt)
            self.kings[s] = to
            c = castling & ~SIDE_RIGHTS[s]
            h ^= Z_CASTLE[castling] ^ Z_CASTLE[c]
            self.castling = c
            self.ep = ()
            self.halfmove += 1
        else:
            board[frm] = 0
            h ^= zp[frm]
            own.discard(frm)
            own.add(to)
            if cap:
                h ^= Z_PIECE[cap][to]
                self.occupied[-s].discard(to)
                if cap * -s >= 7:
                    self.fairy -= 1
            if flag == PROMOTION:
                if p * s >= 7:  # a fairy pawn (Berolina ...) leaves the board
                    self.fairy -= 1
                p = ((m >> 17) & 127) * s  # 7 bits: fairy kinds up to 127
                if p * s >= 7:
                    self.fairy += 1
            board[to] = p
            h ^= Z_PIECE[p][to]
            if p == KING * s:
                self.kings[s] = to
                if castling:
                    c = castling & ~(SIDE_RIGHTS[s] | CASTLE_BIT[to])
                    if c != castling:
                        h ^= Z_CASTLE[castling] ^ Z_CASTLE[c]
                        self.castling = c
            elif castling:
                c = castling & ~(CASTLE_BIT[frm] | CASTLE_BIT[to])
                if c != castling:
                    h ^= Z_CASTLE[castling] ^ Z_CASTLE[c]
                    self.castling = c
            ep = ()
            if flag == DOUBLE:
                e = (frm + to) >> 1
                # Only record it where an enemy pawn could take: keeps hashes of
                # equal positions equal.
                ep_pawn = -PAWN * s
                if (not (to + 1) & 0x88 and board[to + 1] == ep_pawn) or \
                        (not (to - 1) & 0x88 and board[to - 1] == ep_pawn):
                    ep = (e,)
                    h ^= Z_EP[e]
            elif flag == EN_PASSANT:
                capsq = to - 16 * s
                c = board[capsq]
                board[capsq] = 0
                h ^= Z_PIECE[c][capsq]
                self.occupied[-s].discard(capsq)
            elif flag == LOCUST:
                # the captured piece is not on `to`: the undo entry records it
                capsq = (m >> 24) & 127
                c = board[capsq]
                board[capsq] = 0
                h ^= Z_PIECE[c][capsq]
                self.occupied[-s].discard(capsq)
                if c * -s >= 7:
                    self.fairy -= 1
                self.stack[-1] = (m, c, *self.stack[-1][2:])
                cap = c
            self.ep = ep
            if cap or p == PAWN * s or flag == PROMOTION:
                self.halfmove = 0
            else:
                self.halfmove += 1
        if s == BLACK:
            self.fullmove += 1
        self.side = -s
        self.hash = h

    def unmake(self) -> None:
        """Take back the last move (or set_state)."""
        m, cap, castling, ep, h, halfmove = self.stack.pop()
        self.castling = castling
        self.ep = ep
        self.hash = h
        self.halfmove = halfmove
        if m < 0:
            self.side = cap[0] if m == _TAGGED else cap
            return
        s = -self.side
        self.side = s
        if s == BLACK:
            self.fullmove -= 1
        board = self.board
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        p = board[to]
        own = self.occupied[s]
        if flag == EXCHANGE:
            board[to] = cap
            board[frm] = p
            own.discard(to)
            own.add(frm)
            other = self.occupied[-s]
            other.discard(frm)
            other.add(to)
            if p == KING * s:
                self.kings[s] = frm
                self.kings[-s] = to
            return
        if flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            r = board[rt]
            board[to] = 0
            board[rt] = 0
            board[frm] = p
            board[rf] = r
            own.discard(to)
            own.discard(rt)
            own.add(frm)
            own.add(rf)
            self.kings[s] = frm
            return
        own.discard(to)
        own.add(frm)
        if flag == LOCUST:
            board[to] = 0
            to = (m >> 24) & 127  # where the captured piece goes back
        board[to] = cap
        if cap:
            self.occupied[-s].add(to)
            if cap * -s >= 7:
                self.fairy += 1
        if flag == PROMOTION:
            if p * s >= 7:
                self.fairy -= 1
            p = (((m >> 24) & 127) or PAWN) * s  # the promoting pawn's kind
            if p * s >= 7:
                self.fairy += 1
        board[frm] = p
        if p == KING * s:
            self.kings[s] = frm
        if flag == EN_PASSANT:   # (a king that moves with a pawn's walk takes e.p. too)
            capsq = to - 16 * s
            board[capsq] = -PAWN * s
            self.occupied[-s].add(capsq)

    def set_state(self, side: int, ep: tuple[int, ...], tag=None) -> None:
        """Set the side to move and the e.p. squares, undoably (for conditions
        that change what a turn is: Marseillais plays two moves in a row; and
        the searches' null move).  `tag`: see the module docstring."""
        if tag is None:
            self.stack.append((_NULL, self.side, self.castling, self.ep, self.hash, self.halfmove))
        else:
            self.stack.append((_TAGGED, (self.side, tag), self.castling, self.ep, self.hash,
                               self.halfmove))
        self.set_side(side)
        self.set_ep(ep)

    def tag(self):
        """The tag of the last `set_state`, if it is the last thing played, else None."""
        stack = self.stack
        if stack:
            top = stack[-1]
            if top[0] == _TAGGED:
                return top[1][1]
        return None

    def last_move(self) -> int:
        """The last move played (an int), or -1 when the last entry is a set_state
        or nothing has been played."""
        stack = self.stack
        return stack[-1][0] if stack and stack[-1][0] >= 0 else -1

    # -------------------------------------------------------------------- FEN

    @classmethod
    def from_fen(cls, fen: str) -> "Position":
        """Read a FEN; fields after the placement are optional.

        Defaults: white to move, no castling, no e.p., clocks 0 and 1.
        Errors name the field (and rank) that is wrong.
        """
        fields = fen.split()
        if not fields:
            raise InputError("empty FEN")
        if len(fields) > 6:
            raise InputError(f"FEN has {len(fields)} fields, at most 6 expected")
        pos = cls()
        ranks = fields[0].split("/")
        if len(ranks) != 8:
            raise InputError(f"FEN placement field {fields[0]!r}: {len(ranks)} "
                             f"rank{'s' if len(ranks) != 1 else ''}, 8 expected")
        for i, text in enumerate(ranks):
            rank = 7 - i
            f = 0
            for ch in text:
                if ch.isdigit():
                    if ch == "0":
                        raise InputError(f"FEN placement field, rank {rank + 1}: empty-square count 0")
                    f += int(ch)
                elif ch.upper() in FEN_KIND:
                    if f > 7:
                        break
                    kind = FEN_KIND[ch.upper()]
                    piece = kind if ch.isupper() else -kind
                    try:
                        pos.put(square(f, rank), piece)
                    except ValueError as err:
                        raise InputError(f"FEN placement field, rank {rank + 1}: {err}") from None
                    f += 1
                else:
                    raise InputError(f"FEN placement field, rank {rank + 1}: unknown piece letter {ch!r}")
            if f != 8:
                raise InputError(f"FEN placement field, rank {rank + 1}: {f} squares, 8 expected")
        if len(fields) > 1:
            if fields[1] not in ("w", "b"):
                raise InputError(f"FEN side-to-move field: {fields[1]!r}, expected 'w' or 'b'")
            pos.set_side(WHITE if fields[1] == "w" else BLACK)
        if len(fields) > 2:
            pos.set_castling(_parse_castling(fields[2], pos))
        if len(fields) > 3 and fields[3] != "-":
            try:
                e = parse_square(fields[3])
            except ValueError:
                raise InputError(f"FEN en-passant field: {fields[3]!r} is not a square") from None
            expected_rank = 5 if pos.side == WHITE else 2
            if e >> 4 != expected_rank:
                raise InputError(f"FEN en-passant field: {fields[3]} is not on rank "
                                 f"{expected_rank + 1}, where a pawn of the side that just moved passes")
            pos.set_ep((e,))
        for idx, name in ((4, "halfmove clock"), (5, "fullmove number")):
            if len(fields) > idx:
                if not fields[idx].isdigit():
                    raise InputError(f"FEN {name} field: {fields[idx]!r} is not a number")
                if idx == 4:
                    pos.halfmove = int(fields[idx])
                else:
                    pos.fullmove = max(1, int(fields[idx]))
        return pos

    def fen(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row = ""
            empty = 0
            for f in range(8):
                p = self.board[square(f, rank)]
                if p == 0:
                    empty += 1
                    continue
                if empty:
                    row += str(empty)
                    empty = 0
                kind = abs(p)
                letter = FEN_LETTER.get(kind, "?")
                row += letter if p > 0 else letter.lower()
            if empty:
                row += str(empty)
            rows.append(row)
        castle = _castling_text(self) or "-"
        ep = square_name(self.ep[0]) if self.ep else "-"
        return (f"{'/'.join(rows)} {'w' if self.side == WHITE else 'b'} {castle} {ep} "
                f"{self.halfmove} {self.fullmove}")

    def __repr__(self) -> str:
        return f"Position({self.fen()!r})"


def _castling_text(pos: Position) -> str:
    """X-FEN castling field: K/Q for the outermost rook on a side, else the file."""
    out = ""
    for side, rank in ((WHITE, 0), (BLACK, 7)):
        ksq = pos.kings[side]
        rooks = [sq for sq in range(rank * 16, rank * 16 + 8) if pos.castling & castle_bit(sq)]
        for sq in sorted(rooks, key=lambda q: -q):  # kingside first
            same_side = [q for q in range(rank * 16, rank * 16 + 8)
                         if pos.board[q] == ROOK * side and (q > ksq) == (sq > ksq)]
            outer = max(same_side) if sq > ksq else min(same_side)
            letter = ("K" if sq > ksq else "Q") if sq == outer else FILES[sq & 7].upper()
            out += letter if side == WHITE else letter.lower()
    return out


def _parse_castling(text: str, pos: Position) -> int:
    """Standard, X-FEN and Shredder-FEN castling fields.

    K/Q name the outermost rook on that side of the king; a file letter
    names the rook on that file.  A right whose king or rook is missing is
    dropped, as python-chess and Popeye do (the position could not castle).
    """
    if text == "-":
        return 0
    rights = 0
    for ch in text:
        side = WHITE if ch.isupper() else BLACK
        rank = 0 if side == WHITE else 7
        ksq = pos.kings[side]
        up = ch.upper()
        if up not in "KQABCDEFGH":
            raise InputError(f"FEN castling field: unknown letter {ch!r} in {text!r} "
                             "(expected K, Q, k, q, a file letter, or -)")
        if ksq < 0 or ksq >> 4 != rank:
            continue
        rook = ROOK * side
        back = range(rank * 16, rank * 16 + 8)
        if up == "K":
            cands = [q for q in back if q > ksq and pos.board[q] == rook]
            sq = max(cands) if cands else -1
        elif up == "Q":
            cands = [q for q in back if q < ksq and pos.board[q] == rook]
            sq = min(cands) if cands else -1
        else:
            sq = rank * 16 + FILES.index(up.lower())
            if pos.board[sq] != rook:
                sq = -1
        if sq >= 0:
            bit = castle_bit(sq)
            if rights & bit:
                raise InputError(f"FEN castling field: {ch!r} given twice in {text!r}")
            rights |= bit
    return rights
