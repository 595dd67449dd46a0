"""AntiMarsCirce (Popeye's name; py-engl.txt "condition", conditions/marscirce/anti.c):
MarsCirce the other way round.  A capture is ordinary, from the piece's
own square; a move that captures nothing is made from the piece's Circe
rebirth square (`marscirce.REBIRTH`: the square regular Circe would rebirth
it on, had it been captured where it stands), which must be empty or be
the piece's own: the piece is lifted there and moves with its walk.  Kings
take part (RexInclusive, Popeye's default: `marscirce_reset_variant`), and
check is orthodox: a capture is ordinary, so a king is in check when an
enemy piece could capture it (Popeye instruments no observation for it).

Popeye's semantics (anti.c, marscirce.c, solving/castling.c), checked
against Popeye 4.104's move lists (tests/data/antimars/):
- a move whose arrival is the piece's own square is a null move, rejected
  (`anti_mars_circe_reject_null_moves`): a rook on a5 lifted onto a1 does
  not go back to a5;
- it is written `Rd4-a1-a5` (from, the rebirth square, the arrival), a
  move from the piece's own square as a plain `Ra1-a5`;
- a pawn moves from its file's 2nd rank: one step or a double step, which
  sets the e.p. square between its rebirth square and its arrival (`b3-b7-b5`
  lets `c5*b6 ep.`); it promotes by a capture only;
- the king moves from e1 / e8 and castles there: lifted onto it, it gets
  its own right (`marscirce_generate_from_rebirth_square` sets
  k_cancastle), so a king that has moved castles again, as long as a rook
  has its right; and each rook of the side whose rebirth corner is empty is
  put there, with that corner's right, for a castling of its own
  (`anti_mars_circe_second_rebirth_for_castling`).  Popeye writes the
  liftings first: `[bKf6->e8][bRh5->a8]0-0-0`, `[wKg1->e1]0-0`.  The king,
  on its home square, must not be in check, nor be on the square it
  crosses, as in any castling;
- castling rights are Popeye's, one a rook's corner: a move from a corner,
  a capture on it, take its right; a king's move takes none (the king's own
  right comes back whenever it is lifted home).  A diagram gives a rook on
  its corner its right whether or not its king stands at home.

How: a position of its own (`AntiMarsPosition`) makes the double step from
the rebirth square (its e.p. square) and the castlings (the liftings, the
rights) and keeps the rights off the king; every other move is made as the
plain move it ends as (`VIA` marks one from the rebirth square, whose square
bits 24-30 keep for the notation).  The generator lifts each piece and asks
its walk (movegen's orthodox piece generator on the fast path, the
catalogue's walks on the generic one, FEERIE_GENERIC); every move is made
and tried for legality by the orthodox check test.

What it keeps (`preserves`): the walks' observation (`capture_observes`,
`local_observation`: check is orthodox), `no_effects` (a move changes only
its own squares), one king, the turn and colour properties; not
`orthodox_walks` (the moves are not the walks' from the piece's square),
`walk_moves_only` and `king_steps_free`.  Orthodox pieces only; played alone
(`ConditionSpec.alone`); its parameters (RexExclusive, Mirror, Antipodes,
...) are refused by name, and so are (`refusal`) Option NoCastling and a
castling field given otherwise than by the diagram (untested against Popeye),
and a side whose rook stands on its corner beside another rook or a pawn of
its side: Popeye's castling with a rook reborn on one corner also generates
the castling with the rook on the other, and gives the lifting to the first
of them (`[wRd4->a1]0-0`), the other none or one an earlier generation left
(`anti_marscirce_rebirth_square`, indexed by move ids that plies reuse).

Popeye also generates a king's castlings a second time when the king stands
at home with its own right (the generator's other path, of the pieces on
their own squares, which keeps its castlings): feerie lists that castling
twice too (`LIFTED` tells the two apart), which decides whether a try whose
refutation it is counts as one.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine import movegen
from solver.engine.board import (CASTLE_BIT, CASTLE_PATH, E1, E8, KING, PAWN, ROOK,
                                 WHITE, castle_bit)
from solver.engine.capabilities import (ALL_PROPERTIES, KING_STEPS_FREE, NO_EFFECTS, ONE_KING,
                                        ORTHODOX_WALKS, WALK_MOVES_ONLY)
from solver.engine.move import CASTLE, DOUBLE, LIFTED, VIA
from solver.engine.position import Position, Z_EP, Z_PIECE, Z_SIDE
from solver.conditions.marscirce import _ORTHODOX, REBIRTH
from solver.conditions.rules import ConditionSpec, Rules, refuse_beyond_plain
from solver.model.tree import Effect

_HOME = {WHITE: E1, -WHITE: E8}
_FLAG = 7 << 14


class AntiMarsPosition(Position):
    """A `Position` whose double steps from a rebirth square set the e.p.
    square beside it, whose castlings lift king and rook first, and whose
    king moves keep the rooks' rights (module docstring)."""

    __slots__ = ()

    @classmethod
    def of(cls, pos: Position) -> "AntiMarsPosition":
        other = cls()
        other.board = pos.board[:]
        other.side, other.castling, other.ep = pos.side, pos.castling, pos.ep
        other.halfmove, other.fullmove = pos.halfmove, pos.fullmove
        other.occupied = [None, set(pos.occupied[1]), set(pos.occupied[-1])]
        other.kings = pos.kings[:]
        other.hash, other.fairy = pos.hash, pos.fairy
        return other

    def copy(self) -> "AntiMarsPosition":
        return AntiMarsPosition.of(self)

    def make(self, m: int) -> None:
        flag = (m >> 14) & 7
        if flag == CASTLE:
            self._castle(m)
            return
        castling = self.castling
        frm = m & 127
        king = self.board[frm] == KING * self.side
        if frm == (m >> 7) & 127:
            self._stay(m)
            return
        if flag == DOUBLE and m & VIA:
            # the double step from the rebirth square: its e.p. square is
            # between that square and the arrival
            Position.make(self, m & ~_FLAG)
            self.stack[-1] = (m, *self.stack[-1][1:])
            to = (m >> 7) & 127
            board = self.board
            enemy = PAWN * self.side   # (the side to move is now the enemy)
            if (not (to + 1) & 0x88 and board[to + 1] == enemy) or \
                    (not (to - 1) & 0x88 and board[to - 1] == enemy):
                e = (((m >> 24) & 127) + to) >> 1
                self.ep = (e,)
                self.hash ^= Z_EP[e]
        else:
            Position.make(self, m)
        if king and castling:
            # a king's move takes no rook's right (but a capture on a corner does)
            c = castling & ~(CASTLE_BIT[frm] | CASTLE_BIT[(m >> 7) & 127])
            if c != self.castling:
                self.set_castling(c)

    def _stay(self, m: int) -> None:
        """A pawn's double step from its rebirth square back to its own square
        (`g4-g2-g4`): the board is as it was; the e.p. square is set."""
        s = self.side
        h = self.hash
        self.stack.append((m, 0, self.castling, self.ep, h, self.halfmove))
        h ^= Z_SIDE
        for e in self.ep:
            h ^= Z_EP[e]
        to = m & 127
        board = self.board
        enemy = -PAWN * s
        ep = ()
        if (not (to + 1) & 0x88 and board[to + 1] == enemy) or \
                (not (to - 1) & 0x88 and board[to - 1] == enemy):
            e = to - 16 * s
            ep = (e,)
            h ^= Z_EP[e]
        self.ep = ep
        self.halfmove = 0
        if s != WHITE:
            self.fullmove += 1
        self.side = -s
        self.hash = h

    def _castle(self, m: int) -> None:
        board = self.board
        s = self.side
        ksq, kt = m & 127, (m >> 7) & 127
        home = _HOME[s]
        corner = (home & 0x70) | ((m >> 17) & 7)
        rr = (m >> 24) & 127 if m & LIFTED else corner
        rt = CASTLE_PATH[(home, corner)][1]
        king, rook = board[ksq], board[rr]
        h = self.hash
        self.stack.append((m, 0, self.castling, self.ep, h, self.halfmove))
        h ^= Z_SIDE
        for e in self.ep:
            h ^= Z_EP[e]
        own = self.occupied[s]
        board[ksq] = 0
        board[rr] = 0
        own.discard(ksq)
        own.discard(rr)
        board[kt] = king
        board[rt] = rook
        own.add(kt)
        own.add(rt)
        h ^= Z_PIECE[king][ksq] ^ Z_PIECE[rook][rr] ^ Z_PIECE[king][kt] ^ Z_PIECE[rook][rt]
        self.kings[s] = kt
        self.ep = ()
        self.halfmove += 1
        if s != WHITE:
            self.fullmove += 1
        self.side = -s
        self.hash = h
        c = self.castling & ~(CASTLE_BIT[ksq] | CASTLE_BIT[rr] | CASTLE_BIT[home] | CASTLE_BIT[corner])
        if c != self.castling:
            self.set_castling(c)

    def unmake(self) -> None:
        top = self.stack[-1][0]
        if top < 0 or ((top >> 14) & 7 != CASTLE and top & 127 != (top >> 7) & 127):
            Position.unmake(self)
            return
        m, _, castling, ep, h, halfmove = self.stack.pop()
        self.castling, self.ep, self.hash, self.halfmove = castling, ep, h, halfmove
        s = -self.side
        self.side = s
        if s != WHITE:
            self.fullmove -= 1
        if (m >> 14) & 7 != CASTLE:   # a pawn's double step back to its square
            return
        board = self.board
        ksq, kt = m & 127, (m >> 7) & 127
        home = _HOME[s]
        corner = (home & 0x70) | ((m >> 17) & 7)
        rr = (m >> 24) & 127 if m & LIFTED else corner
        rt = CASTLE_PATH[(home, corner)][1]
        king, rook = board[kt], board[rt]
        own = self.occupied[s]
        board[kt] = 0
        board[rt] = 0
        own.discard(kt)
        own.discard(rt)
        board[ksq] = king
        board[rr] = rook
        own.add(ksq)
        own.add(rr)
        self.kings[s] = ksq


_CORNERS = {WHITE: (0x00, 0x07), -WHITE: (0x70, 0x77)}


def _rights(board) -> int:
    """Popeye's rights of the diagram (twin.c): each rook on its corner has
    its own, whether or not its king is at home, and a king at home its
    own (the right whose castlings Popeye generates a second time)."""
    rights = 0
    for side in (WHITE, -WHITE):
        for sq in _CORNERS[side]:
            if board[sq] == ROOK * side:
                rights |= castle_bit(sq)
        if board[_HOME[side]] == KING * side:
            rights |= castle_bit(_HOME[side])
    return rights


def refusal(problem) -> str | None:
    """What AntiMarsCirce does not play in this problem: Option NoCastling
    and a castling field (untested), and a side whose rook may castle from
    its corner beside another rook or a pawn (which may promote to one):
    while Popeye puts another rook on the other corner for a castling of its
    own, it generates the corner rook's castling too, and gives the rook's
    lifting to whichever comes first, the other castling none (or one left
    by an earlier generation): `[wRd4->a1]0-0` and a 0-0-0 without a rook."""
    if any(opt.name == "NoCastling" for opt in problem.options):
        return "condition AntiMarsCirce with option NoCastling is not supported"
    if problem.castling is not None:
        return "condition AntiMarsCirce with a castling field is not supported"
    squares = {(p.color, p.kind): [] for p in problem.pieces}
    for p in problem.pieces:
        squares[(p.color, p.kind)].append(p.square)
    for colour, rank in (("white", "1"), ("black", "8")):
        rooks = squares.get((colour, "R"), [])
        if any(sq in ("a" + rank, "h" + rank) for sq in rooks) and \
                len(rooks) + len(squares.get((colour, "P"), [])) > 1:
            return (f"condition AntiMarsCirce with a {colour} rook on its corner beside another"
                    f" {colour} rook or pawn is not supported")
    return None


def _fast_piece_moves(pos, r: int, piece: int, s: int) -> list[int]:
    return movegen._piece_moves(pos, r, piece * s, s)


def _generic_piece_moves(promotions):
    """The catalogue walks' moves of a piece (the generic path), pawns
    promoting to `promotions`."""
    from solver.pieces import generic

    def piece_moves(pos, r: int, piece: int, s: int) -> list[int]:
        moves: dict[int, None] = {}
        generic._walk_moves(pos.board, r, s, generic.piece_at(pos.board, r), promotions, moves)
        return list(moves)

    return piece_moves


def quiet_moves(pos, piece_moves) -> list[int]:
    """The non-captures of the side to move, each piece lifted onto its
    rebirth square (empty, or its own), as moves from its own square
    (`VIA` and the rebirth square where that is another); a move back to
    the piece's own square is no move."""
    board = pos.board
    s = pos.side
    out = []
    for frm in sorted(pos.occupied[s]):
        piece = board[frm]
        r = REBIRTH[piece][frm]
        if r != frm and board[r]:
            continue
        mark = 0 if r == frm else VIA | r << 24
        board[frm] = 0
        board[r] = piece
        try:
            for m in piece_moves(pos, r, piece, s):
                to = (m >> 7) & 127
                if board[to] or (to == frm and (m >> 14) & 7 != DOUBLE):
                    continue   # (a double step back to its square is a move: Popeye's
                    # null-move test asks for no capture, and a double step has one)
                out.append(frm | (m & ~127) | mark)
        finally:
            board[r] = 0
            board[frm] = piece
    return out


def captures(pos, piece_moves) -> list[int]:
    """The ordinary captures of the side to move (e.p. included)."""
    board = pos.board
    s = pos.side
    out = []
    for frm in sorted(pos.occupied[s]):
        for m in piece_moves(pos, frm, board[frm], s):
            if board[(m >> 7) & 127]:
                out.append(m)
    return out + movegen.ep_captures(pos)


def castlings(pos, attacked) -> list[int]:
    """The castlings of the side to move (module docstring): its king lifted
    home, with each rook that has its right on its corner, then with each
    rook whose rebirth corner is empty, put there; the king, at home, not
    attacked, nor on the square it crosses (`attacked(board, sq, pieces)`).
    A castling whose king or rook was lifted is marked `LIFTED`, with the
    rook's square in bits 24-30."""
    s = pos.side
    ksq = pos.kings[s]
    if ksq < 0:
        return []
    board = pos.board
    home = _HOME[s]
    if ksq != home and board[home]:
        return []
    king, rook = KING * s, ROOK * s
    # (the king lifted home first: its own square may be a rook's corner, `[bKa8->e8][bRd5->a8]0-0-0`)
    board[ksq] = 0
    board[home] = king
    candidates = []
    for corner in _CORNERS[s]:
        if pos.castling & CASTLE_BIT[corner] and board[corner] == rook:
            candidates.append((corner, corner))
            if ksq == home and pos.castling & CASTLE_BIT[home]:
                # the king at home with its own right: Popeye generates the
                # castling a second time (the move generator's other path, that
                # of the pieces on their own squares), a move of its own
                candidates.append((corner, corner))
    for rr in sorted(pos.occupied[s]):
        if board[rr] == rook:
            corner = REBIRTH[rook][rr]
            if corner != rr and not board[corner]:
                candidates.append((rr, corner))
    enemies = pos.occupied[-s]
    out = []
    try:
        for i, (rr, corner) in enumerate(candidates):
            board[rr] = 0
            board[corner] = rook
            try:
                kt, _, empty, crossed = CASTLE_PATH[(home, corner)]
                if any(board[x] for x in empty) or attacked(board, home, enemies):
                    continue
                middle = next(x for x in crossed if x not in (home, kt))
                board[home] = 0
                board[middle] = king
                ok = not attacked(board, middle, enemies)
                board[middle] = 0
                board[home] = king
                if ok:
                    again = (rr, corner) in candidates[:i]
                    lifted = LIFTED | rr << 24 if (rr != corner or ksq != home or again) else 0
                    out.append(ksq | kt << 7 | CASTLE << 14 | (corner & 7) << 17 | lifted)
            finally:
                board[corner] = 0
                board[rr] = rook
    finally:
        board[home] = 0
        board[ksq] = king
    return out


def _fast_attacked(board, sq: int, pieces) -> bool:
    return movegen.attacked(board, sq, 0, pieces)


def _generic_attacked(board, sq: int, pieces) -> bool:
    from solver.pieces import generic

    return generic.observed(board, sq, pieces)


def pseudo_moves(pos, piece_moves, attacked) -> list[int]:
    return quiet_moves(pos, piece_moves) + castlings(pos, attacked) + captures(pos, piece_moves)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    refuse_beyond_plain(rules, "AntiMarsCirce", params)
    v = rules.variant
    if not v.kinds <= _ORTHODOX or set(v.promotions) - _ORTHODOX:
        raise InputError("condition AntiMarsCirce with fairy pieces is not supported")
    # movegen's piece generator and check test on the fast path; the catalogue's
    # walks and observation where FEERIE_GENERIC clears the properties
    if {NO_EFFECTS, ONE_KING} <= v.properties:
        piece_moves, attacked, check = _fast_piece_moves, _fast_attacked, movegen.in_check
    else:
        from solver.pieces import generic

        piece_moves, attacked, check = _generic_piece_moves(v.promotions), _generic_attacked, generic.in_check

    def legal(pos, first_only: bool = False, checking: bool = False) -> list[int]:
        s = pos.side
        out = []
        for m in pseudo_moves(pos, piece_moves, attacked):
            pos.make(m)
            ok = not check(pos, s) and (not checking or check(pos, -s))
            pos.unmake()
            if ok:
                out.append(m)
                if first_only:
                    break
        return out

    rules.in_check = check
    rules._legal = legal
    rules._has_legal = lambda pos: bool(legal(pos, True))
    rules._checking = lambda pos: legal(pos, False, True)
    base = rules.position

    def position(problem, side: int):
        pos = AntiMarsPosition.of(base(problem, side))
        pos.set_castling(_rights(pos.board))
        return pos

    rules.position = position
    rules.annotations.append(_castling_note)
    return rules


def _castling_note(pos, m: int, c):
    """A castling as Popeye writes it: its king's squares at home (`frm`),
    after the liftings it names first, `[bKf6->e8][bRh5->a8]0-0-0`."""
    from dataclasses import replace

    from solver.engine.board import square_name
    from solver.model.record import _piece

    if (m >> 14) & 7 != CASTLE:
        # (a pawn's double step back to its own square captures nothing: `g4-g2-g4`)
        return replace(c, capture=False) if m & 127 == (m >> 7) & 127 else c
    s = pos.side
    ksq, kt = m & 127, (m >> 7) & 127
    home = _HOME[s]
    corner = (home & 0x70) | ((m >> 17) & 7)
    rr = (m >> 24) & 127 if m & LIFTED else corner
    before = []
    for frm, to in ((ksq, home), (rr, corner)):
        if frm != to:
            piece = _piece(pos.board[frm], 0)
            before += [Effect(square_name(frm), piece, None), Effect(square_name(to), None, piece)]
    return replace(c, frm=square_name(home), to=square_name(kt),
                   castling="0-0" if corner > home else "0-0-0", before=tuple(before))


PRESERVES = ALL_PROPERTIES - {ORTHODOX_WALKS, WALK_MOVES_ONLY, KING_STEPS_FREE}

SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True, refusal=refusal)
"""The registry's entry (solver.conditions.registry)."""
