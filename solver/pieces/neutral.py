"""The legal moves and the check test where neutral pieces may stand.

Popeye's rules (`solver.engine.neutral` says them and how the position
holds them): the side to move s moves its own pieces and every neutral
piece; every neutral piece is also s's enemy, which s may capture and which
observes s's king.  So, with the neutrals painted -s, the generic
generator (`solver.pieces.generic`) already gives the moves of s's own
pieces (captures of neutral pieces included, and castling that no neutral
piece observes), and each neutral piece, repainted s for the time it
takes, gives its own moves through the same generator, one piece at a time
(its captures of the other neutral pieces included).  A move is legal when,
once played, no piece of the other side and no neutral piece observes s's
king; a neutral king, the royal piece of both sides, is observed as s's
king then (`in_check`).

This path is bound once per variant, for problems with neutral pieces only
(`Variant.neutral`); it is the generic path's, always right, never fast.
"""

from __future__ import annotations

from solver.pieces import generic


def check_by(watch):
    """The check test over an observation test `watch(pos, target, observers)`:
    is `side`'s king (default: the side to move's) observed by a piece of the
    other side or by a neutral piece?  The neutrals are painted `side`'s
    enemies; a neutral king, as `side`'s piece, is its observers' target."""
    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        if ksq < 0:
            return False
        if pos.tint == side:
            pos.paint(-side)
        board = pos.board
        if ksq not in pos.neutral:
            return watch(pos, ksq, pos.occupied[-side])
        king = board[ksq]
        board[ksq] = -king
        try:
            return watch(pos, ksq, pos.occupied[-side])
        finally:
            board[ksq] = king

    return check


# Is `side`'s king observed by a piece of the other side or by a neutral piece?
in_check = check_by(lambda pos, ksq, observers: generic.observed(pos.board, ksq, observers))


def filtered_observation(filters: tuple):
    """(watch, in_check) where an observation counts only if every filter
    `f(pos, frm, target)` allows it (BGL: within the observer's budget; the
    neutral observers are painted the side they observe for), as
    `generic.filtered_observation` has them for pieces of one colour."""
    watch, _ = generic.filtered_observation(filters)
    return watch, check_by(watch)


def pseudo_moves(pos, promotions: tuple[int, ...], watch=None) -> list[int]:
    """The moves of the side to move's own pieces and of every neutral
    piece, self-check aside.  Each neutral piece is repainted as the side
    to move's, and the generic generator is asked for that one piece alone
    (it walks `occupied[side]`, which holds just that piece meanwhile)."""
    s = pos.side
    pos.paint(-s)
    moves = dict.fromkeys(generic.pseudo_moves(pos, promotions, watch=watch))
    board = pos.board
    own, enemies = pos.occupied[s], pos.occupied[-s]
    for sq in sorted(pos.neutral):
        board[sq] = -board[sq]
        enemies.discard(sq)
        pos.occupied[s] = {sq}
        try:
            moves.update(dict.fromkeys(generic.pseudo_moves(pos, promotions, watch=watch)))
        finally:
            pos.occupied[s] = own
            enemies.add(sq)
            board[sq] = -board[sq]
    return list(moves)


def legal_moves(pos, promotions: tuple[int, ...], first_only: bool = False,
                check=in_check, watch=None) -> list[int]:
    """The pseudo-legal moves after which the mover's king is not observed
    (all of them when the mover has no king); with `first_only`, at most one."""
    s = pos.side
    moves = pseudo_moves(pos, promotions, watch)
    if pos.kings[s] < 0:
        return moves[:1] if first_only else moves
    out = []
    for m in moves:
        pos.make(m)
        legal = not check(pos, s)
        pos.unmake()
        if legal:
            out.append(m)
            if first_only:
                break
    return out


def has_legal_move(pos, promotions: tuple[int, ...], check=in_check, watch=None) -> bool:
    return bool(legal_moves(pos, promotions, True, check, watch))


def checking_moves(pos, promotions: tuple[int, ...], check=in_check, watch=None) -> list[int]:
    """The legal moves after which the other side's king is observed (none
    when it has no king, unless a move may give it one: a half-neutral king
    that becomes neutral, `solver.engine.halfneutral`)."""
    s = pos.side
    if pos.kings[-s] < 0 and not pos.kings_change:
        return []
    out = []
    for m in legal_moves(pos, promotions, False, check, watch):
        pos.make(m)
        if check(pos, -s):
            out.append(m)
        pos.unmake()
    return out
