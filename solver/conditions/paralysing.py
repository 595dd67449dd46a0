"""Paralysing pieces (Popeye's piece attribute Paralysing: `pieces white
paralysing Rc3`, prefix `p`: `pRc3-c6`).

Popeye's rules (pieces/attributes/paralysing/, checked against Popeye 4.104:
tests/data/paralysing):
- a piece observed by an enemy paralysing piece is *paralysed*: it does not
  move and observes nothing (gives no check, guards no square), a king too;
  the paralysing piece observes by its walk's geometry only (the other
  validations of an observation do not apply: a paralysed paralysing piece
  still paralyses, Popeye's EVALUATE(observation_geometry));
- a paralysing piece does not capture (also not e.p.) and observes nothing
  itself: it gives no check; it may be captured like any piece;
- a pawn that has just stepped two squares is observed by the enemy
  paralysing pawn that may take it e.p. (Popeye's pawn observation);
- mate and stalemate: a side is *suffocated* when it has pseudo-legal moves
  with paralysis set aside (captures of paralysing pieces counted) and
  every piece that has one is paralysed.  A suffocated side is stalemated
  (also in check), never mated: `Rules.mate_check` is the check test of the
  goals mate and stalemate (in check and not suffocated); auto-stalemate
  `!=` is reached when the mover is suffocated, or as usual
  (`Rules.suffocated`), and then even by a move into self-check (Popeye
  tests the mover's suffocation before its check there:
  `Rules.suffocating_self_checks`, paralys.inp #7).  Double stalemate `==` (Popeye's own instrumentation
  of it) is refused by name (`solver.search.goals.refusal`).

Installed by `Rules` itself where a paralysing piece is in play
(`install`): a filter of the generic generator's pseudo-legal moves
(`Rules.pseudo_filters`), an observation filter at the observer's level
(`solver.conditions.rules.OBSERVER`), and the two goal tests.  What it keeps is the
attribute's row in `solver.pieces.attributes` (nothing that rests on
orthodox observation, nor `walk_moves_only`, `king_steps_free`).
"""

from __future__ import annotations

from solver.engine.board import PAWN
from solver.engine.effects import PARALYSING
from solver.engine.move import is_capture
from solver.engine.movegen import ep_captures
from solver.pieces.families import observes
from solver.pieces.generic import add_piece_moves, piece_at, pseudo_moves


PARALYSIS_ENTRIES = 1 << 18
"""How many answers of `paralysed` a rule set keeps (by position hash and square)."""


def paralysed(pos, sq: int, geometry=()) -> bool:
    """Is the piece on sq observed by an enemy paralysing piece (by its
    walk, and the filters `geometry` of the conditions' observation
    geometry)?"""
    board = pos.board
    code = board[sq]
    if not code:
        return False
    enemy_white = code < 0
    for a, bits in pos.attrs.items():
        if not bits & PARALYSING:
            continue
        piece = board[a]
        if not piece or (piece > 0) != enemy_white:
            continue
        if observes(board, a, sq, piece_at(board, a).walks) and all(f(pos, a, sq) for f in geometry):
            return True
    if abs(code) == PAWN and pos.ep:
        # a pawn that has just stepped two squares: observed by the enemy
        # paralysing pawns that may take it e.p.
        step = -16 if code > 0 else 16   # the enemy pawns' forward step
        for e in pos.ep:
            if e - step == sq:
                for a in (sq - 1, sq + 1):
                    if (not a & 0x88 and board[a] == -code and pos.attrs.get(a, 0) & PARALYSING
                            and all(f(pos, a, e) for f in geometry)):
                        return True
    return False


def any_paralysing(pos, side: int) -> bool:
    """Has `side` a paralysing piece on the board?"""
    board = pos.board
    return any(bits & PARALYSING and board[a] and (board[a] > 0) == (side > 0)
               for a, bits in pos.attrs.items())


def suffocated(pos, side: int, promotions, geometry=()) -> bool:
    """Is `side` suffocated by paralysis: has it pseudo-legal moves with
    paralysis set aside, and is every piece that has one paralysed?"""
    if not any_paralysing(pos, -side):
        return False
    flipped = pos.side != side
    if flipped:
        pos.set_state(side, ())
    try:
        ep_from = {m & 127 for m in ep_captures(pos)}
        found = False
        for frm in sorted(pos.occupied[side]):
            moves: dict[int, None] = {}
            add_piece_moves(pos, frm, promotions, moves)
            if not moves and frm not in ep_from:
                continue
            if not paralysed(pos, frm, geometry):
                return False
            found = True
        return found
    finally:
        if flipped:
            pos.unmake()


def install(rules, observer_level: str) -> None:
    """Fill the rule set's hooks for paralysing pieces (module docstring);
    `observer_level`: the rule set's observer level (`rules.OBSERVER`, passed
    in: this module does not import the rule set)."""
    geometry = rules.observation_geometry   # read at each call: conditions installed later count
    promotions = rules.variant.promotions
    # paralysis by position and square: a position's (hash's) answers are asked again and
    # again (its generation, the check tests after each move); bounded, cleared when full
    known: dict[tuple[int, int], bool] = {}

    def is_paralysed(pos, sq: int) -> bool:
        kings, board = pos.kings, pos.board
        if (kings[1] >= 0 and not board[kings[1]]) or (kings[-1] >= 0 and not board[kings[-1]]):
            # a king lifted off its square by a test (castling's path): the board is not
            # the hash's, nothing is kept
            return paralysed(pos, sq, geometry)
        key = (pos.hash, sq)
        hit = known.get(key)
        if hit is None:
            if len(known) >= PARALYSIS_ENTRIES:
                known.clear()
            hit = known[key] = paralysed(pos, sq, geometry)
        return hit

    def allowed_moves(pos, moves: list[int]) -> list[int]:
        """The moves of `moves` (pseudo-legal, of the side to move) that no
        paralysis forbids: none of a paralysed piece, no capture of a
        paralysing one (each departure judged once)."""
        if not pos.attrs:
            return moves
        board, attrs = pos.board, pos.attrs
        free: dict[int, bool] = {}
        out = []
        for m in moves:
            frm = m & 127
            ok = free.get(frm)
            if ok is None:
                ok = free[frm] = not is_paralysed(pos, frm)
            if ok and not (attrs.get(frm, 0) & PARALYSING and is_capture(board, m)):
                out.append(m)
        return out

    def observation_allowed(pos, frm: int, target: int) -> bool:
        return not pos.attrs.get(frm, 0) & PARALYSING and not is_paralysed(pos, frm)

    def side_suffocated(pos, side: int) -> bool:
        return suffocated(pos, side, promotions, geometry)

    def mate_check(pos) -> bool:
        return rules.in_check(pos) and not side_suffocated(pos, pos.side)

    def suffocating_self_checks(pos) -> list[int]:
        s = pos.side
        legal = set(rules.moves(pos))
        out = []
        for m in allowed_moves(pos, pseudo_moves(pos, promotions)):
            if m in legal:
                continue
            pos.make(m)
            if side_suffocated(pos, s):
                out.append(m)
            pos.unmake()
        return out

    # (before the observation filter binds the generic generator, which takes it: every
    # generator of a rule set with paralysing pieces is the generic one)
    rules.pseudo_filters.append(allowed_moves)
    rules.add_observation_filter(observation_allowed, level=observer_level)
    rules.suffocated = side_suffocated
    rules.suffocating_self_checks = suffocating_self_checks
    rules.mate_check = mate_check
