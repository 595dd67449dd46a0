"""Escapes of a king that a move may or may not close: cheap mate refutations.

A mate test plays the mating candidate and looks for a defence.  Most
candidates fail for the plainest reason: the king steps out.  When an
empty square next to the defending king is not attacked before the move,
and the move can neither occupy it nor attack it (the moved piece does not
reach it from its new square, and leaving its old square opens no line of
the mover's onto it), the king still steps there after the move: no need to
play it.  `touches` decides that from tables; `flights` and `walks` (a step
and a second step, for Marseillais, where one step is not a whole turn)
list the escapes before the move; `king_walks` is the same idea as a
quick sufficient test that the side to move has a Marseillais turn.
"""

from __future__ import annotations

from solver.engine.board import ATTACKS, DIRECTION, KING_TARGETS, SLIDES, STEPS
from solver.engine.move import DOUBLE, NORMAL, PROMOTION
from solver.engine.movegen import attacked

MAX_WALKS = 12


def flights(pos, side: int) -> list[int]:
    """Empty squares next to the king of `-side` that `side` does not
    attack (judged with that king off the board)."""
    board = pos.board
    k = pos.kings[-side]
    attackers = pos.occupied[side]
    king = board[k]
    board[k] = 0
    try:
        return [t for t in KING_TARGETS[k] if not board[t] and not attacked(board, t, side, attackers)]
    finally:
        board[k] = king


def walks(pos, side: int) -> list[tuple[int, int]]:
    """Up to MAX_WALKS escapes of the king of `-side` (not in check): a
    step onto an empty square that `side` does not attack, then another
    (not back), judged with the king off the board.  Walks with different
    first steps are preferred: one white move rarely closes them all."""
    board = pos.board
    k = pos.kings[-side]
    attackers = pos.occupied[side]
    king = board[k]
    board[k] = 0
    out = []
    try:
        for t in KING_TARGETS[k]:
            if board[t] or attacked(board, t, side, attackers):
                continue
            for u in KING_TARGETS[t]:
                if u != k and not board[u] and not attacked(board, u, side, attackers):
                    out.append((t, u))
                    if len(out) >= MAX_WALKS:
                        return out
    finally:
        board[k] = king
    return out


def touches(board: list[int], m: int, side: int, x: int) -> bool:
    """Could move `m` of `side` (not yet played) leave the empty square `x`
    occupied or attacked by `side`?  Exact for ordinary moves and
    promotions: the moved piece attacks x from its new square, or leaving its
    square opens a line from a piece of `side` to x; the rarer moves (e.p.,
    castling, exchanges) are assumed to."""
    frm = m & 127
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    if to == x:
        return True
    if flag == PROMOTION:
        code = ((m >> 17) & 15) * side
    elif flag == NORMAL or flag == DOUBLE:
        code = board[frm]
    else:
        return True
    v = x - to + 119
    if ATTACKS[code][v]:
        if not SLIDES[code]:
            return True
        step = STEPS[v]
        sq = to + step
        while sq != x:
            if board[sq] and sq != frm:
                break
            sq += step
        else:
            return True
    d = DIRECTION[frm - x + 119]
    if not d:
        return False
    sq = x + d
    while sq != frm:  # x to frm must be clear for frm to matter
        if board[sq] or sq == to:
            return False
        sq += d
    sq = frm + d
    while not sq & 0x88:
        if sq == to:
            return False
        p = board[sq]
        if p:
            return p * side > 0 and SLIDES[p] and ATTACKS[p][x - sq + 119]
        sq += d
    return False


def king_walks(pos) -> bool:
    """A quick sufficient test for "the side to move has a turn": its king
    steps to an empty square that is not attacked and on to another one
    (not back), both plainly legal (or the first step already checks, which
    also makes a turn).  Most positions that are not mate pass it without a
    move being played; the others get the full search."""
    s = pos.side
    k = pos.kings[s]
    if k < 0:
        return False
    board = pos.board
    enemies = pos.occupied[-s]
    king = board[k]
    board[k] = 0
    try:
        for t in KING_TARGETS[k]:
            if board[t] or attacked(board, t, -s, enemies):
                continue
            for u in KING_TARGETS[t]:
                if u != k and not board[u] and not attacked(board, u, -s, enemies):
                    return True
        return False
    finally:
        board[k] = king
