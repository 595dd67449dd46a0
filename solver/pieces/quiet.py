"""The generic generator, trying only the moves that can matter.

`generic.legal_moves` makes every pseudo-legal move, asks whether the
mover's king is observed, and unmakes it; `generic.checking_moves` then
makes every legal move again to ask whether it gives check.  Most of those
trials cannot change the answer, and `observation.geometry` says which:

- *Legality* (shortcut `quiet_legality`).  Let D be the squares of the
  enemy pieces that could observe the king on some board, with the squares
  their observation of it depends on.  A move that is not the king's, not
  castling, not e.p. changes the squares frm, to and, for a locust, the
  captured piece's (nothing else, where the move has no effects); if none
  of them is in D, every enemy piece stands where it stood and sees the
  same squares, so the king is observed after the move exactly when it is
  before.  Such a move is legal without a trial when the king is not in
  check, and illegal when it is.  Only the others are tried.
- *Checks* (shortcut `quiet_checks`).  Where the opponent is not in check
  before the move, a move gives check only if the moved piece could observe
  the enemy king from its arrival square (with its kind after promotion),
  or the move changes a square on which the observation of the king by one
  of the mover's pieces depends (a discovered check).  The other moves are
  not checking moves, whatever their legality: they are skipped unmade.

Both need that observation is capture by walk (`capture_observes`), that a
move changes only its own squares (`no_effects`), that the royal piece is
the king (`one_king`) and that every piece's observation has a geometric
bound (`local_observation`); where a piece has none, the position is
answered by the plain trials (`dependencies` returns None).  Castling and
e.p. are always tried; a king's plain step is tried on the board alone
(`_king_step_safe`).  `tests/test_generic_speed.py` requires the same
moves as the plain generator on every stored catalogue position.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.engine.move import CASTLE, EN_PASSANT, LOCUST, PROMOTION
from solver.engine.movegen import ep_captures
from solver.pieces import generic
from solver.pieces.catalogue import BOTH, BY_KIND
from solver.pieces.families import circle_table, leap_table, ray_table
from solver.pieces.observation import GEOMETRIES, dependencies


def _touches(m: int, deps: set[int]) -> bool:
    """Does move m change a square of `deps` (or is it castling or e.p.,
    which change more squares and are always tried)?"""
    flag = (m >> 14) & 7
    if flag == CASTLE or flag == EN_PASSANT:
        return True
    if (m & 127) in deps or ((m >> 7) & 127) in deps:
        return True
    return flag == LOCUST and ((m >> 24) & 127) in deps


def legal_moves(pos, promotions=None, first_only: bool = False,
                in_check=generic.in_check) -> list[int]:
    """`generic.legal_moves`, trying only the moves that touch D (module doc)."""
    s = pos.side
    k = pos.kings[s]
    if k < 0:
        return generic.legal_moves(pos, promotions, first_only, in_check)
    deps = dependencies(pos.board, pos.occupied[-s], k)
    if deps is None:
        return generic.legal_moves(pos, promotions, first_only, in_check)
    deps.add(k)  # the king's own moves are always tried
    checked = in_check(pos, s)
    out = []
    for m in generic.pseudo_moves(pos, promotions, compiled_moves):
        if _is_legal(pos, m, k, s, deps, checked, in_check):
            out.append(m)
            if first_only:
                break
    return out


def _is_legal(pos, m: int, k: int, s: int, deps: set[int], checked: bool, in_check) -> bool:
    """Does move m leave side s's king (on k) unobserved?  Tried only if it
    touches `deps`; else as before the move (`checked`)."""
    if (m & 127) == k and not m >> 14:
        return _king_step_safe(pos, k, (m >> 7) & 127, s, in_check)
    if _touches(m, deps):
        pos.make(m)
        ok = not in_check(pos, s)
        pos.unmake()
        return ok
    return not checked


def _king_step_safe(pos, k: int, to: int, s: int, in_check) -> bool:
    """Is the king of side s unobserved once it has stepped from k to `to`
    (a plain move, perhaps a capture)?  The board, the king's square and the
    enemy's squares are changed in place and put back, which is all a check
    test reads (`generic.in_check`, `in_check_by_tables`); cheaper than
    `Position.make`, which also keeps the hash, the undo stack and the rest."""
    board = pos.board
    kings = pos.kings
    enemies = pos.occupied[-s]
    king = board[k]
    cap = board[to]
    board[k] = 0
    board[to] = king
    kings[s] = to
    if cap:
        enemies.discard(to)
    safe = not in_check(pos, s)
    if cap:
        enemies.add(to)
    kings[s] = k
    board[to] = cap
    board[k] = king
    return safe


def has_legal_move(pos, promotions=None, in_check=generic.in_check) -> bool:
    """`generic.has_legal_move`, generating piece by piece and stopping at
    the first legal move: the king's moves first when it is in check (the
    usual escape), last when it is not (any other piece's untouched move is
    legal without a trial)."""
    s = pos.side
    k = pos.kings[s]
    deps = dependencies(pos.board, pos.occupied[-s], k) if k >= 0 else None
    if deps is None:
        return bool(legal_moves(pos, promotions, True, in_check))
    if promotions is None:
        promotions = generic.promotion_kinds(pos)
    deps.add(k)
    checked = in_check(pos, s)
    others = [sq for sq in pos.occupied[s] if sq != k]  # any order: only "is there one"
    order = [k, *others] if checked else [*others, k]
    moves: dict[int, None] = {}
    for frm in order:
        generic.add_piece_moves(pos, frm, promotions, moves, compiled_moves)
        if _any_legal(pos, moves, k, s, deps, checked, in_check):
            return True
        moves.clear()
    moves = dict.fromkeys(ep_captures(pos))
    return _any_legal(pos, moves, k, s, deps, checked, in_check)


def _any_legal(pos, moves, k: int, s: int, deps: set[int], checked: bool, in_check) -> bool:
    return any(_is_legal(pos, m, k, s, deps, checked, in_check) for m in moves)


def checking_moves(pos, promotions=None, in_check=generic.in_check) -> list[int]:
    """`generic.checking_moves`, making only the moves that may give check
    (and, of those, trying legality only where it may have changed)."""
    s = pos.side
    ek = pos.kings[-s]
    if ek < 0:
        return []
    board = pos.board
    own = dependencies(board, pos.occupied[s], ek)
    if own is None or in_check(pos, -s):
        return generic.checking_moves(pos, promotions, in_check)
    k = pos.kings[s]
    deps = dependencies(board, pos.occupied[-s], k) if k >= 0 else set()
    if deps is None:
        return generic.checking_moves(pos, promotions, in_check)
    if k >= 0:
        deps.add(k)
        checked = in_check(pos, s)
    else:
        checked = False
    out = []
    for m in generic.pseudo_moves(pos, promotions, compiled_moves):
        to = (m >> 7) & 127
        kind = (m >> 17) & 127 if (m >> 14) & 7 == PROMOTION else abs(board[m & 127])
        if GEOMETRIES[kind][to << 7 | ek] is False and not _touches(m, own):
            continue
        tried = _touches(m, deps)
        if checked and not tried:
            continue
        pos.make(m)
        if (not tried or not in_check(pos, s)) and in_check(pos, -s):
            out.append(m)
        pos.unmake()
    return out


# ------------------------------------------------------ compiled walks

_COMPILED: dict[int, Callable | None] = {}


def compiled_moves(kind: int) -> Callable | None:
    """For a piece whose walks are all leapers, straight riders and hoppers
    that move and capture alike (no pawn): `gen(board, frm, s, moves)`, which adds its
    move ints to the dict `moves` in the order `generic.pseudo_moves` adds
    them (walk by walk, the table's order), without building (to, captured,
    walk) triples; None for any other piece."""
    if kind not in _COMPILED:
        _COMPILED[kind] = _compile_moves(kind)
    return _COMPILED[kind]


_LEAP, _RIDE, _HOP = 0, 1, 2


def _compile_moves(kind: int) -> Callable | None:
    piece = BY_KIND[kind]
    if piece.is_pawn or not piece.walks:
        return None
    parts = []
    for w in piece.walks:
        if w.modality != BOTH:
            return None
        if w.family == "leaper":
            parts.append((_LEAP, leap_table(w.vectors), 0))
        elif w.family == "rider" and not w.circle:
            parts.append((_RIDE, ray_table(w.vectors), 0))
        elif w.family == "hopper":
            table = circle_table() if w.circle else ray_table(w.vectors)
            parts.append((_HOP, table, w.param or 1))
        else:
            return None

    def gen(board, frm: int, s: int, moves: dict) -> None:
        for how, table, n in parts:
            if how == _RIDE:
                for ray in table[frm]:
                    for t in ray:
                        p = board[t]
                        if p:
                            if p * s < 0:
                                moves[frm | t << 7] = None
                            break
                        moves[frm | t << 7] = None
            elif how == _LEAP:
                for t in table[frm]:
                    if board[t] * s <= 0:
                        moves[frm | t << 7] = None
            else:
                for ray in table[frm]:
                    _hop(board, ray, frm, s, n, moves)
    return gen


def _hop(board, ray, frm: int, s: int, n: int, moves: dict) -> None:
    """families._hopper on one line: over the first piece, n squares beyond
    (those between empty), onto an empty square or an enemy piece."""
    last = len(ray) - n
    for i, x in enumerate(ray):
        if board[x]:
            if i < last:
                for y in ray[i + 1:i + n]:
                    if board[y]:
                        return
                t = ray[i + n]
                if board[t] * s <= 0:
                    moves[frm | t << 7] = None
            return
