"""Deliberately naive reference generators for Messigny and Marseillais, over python-chess.

Written from RULES.md 3 and 4 alone, sharing no code with `solver/`: every
component is played on a copied python-chess board, every rule is checked
the slow obvious way (a board's placement compared as text for "the turn
must change the position", the king's square tested for attack after an
exchange). Only counts are compared with feerie's, so the representation
here is whatever is simplest: a component is ("m", chess.Move) or
("x", my square, their square), a turn a tuple of components.

State between turns: the python-chess board (its own e.p. square unused),
the list of e.p. squares the last turn left, the squares of the pieces
that took part in the last turn's exchanges, and whether the game is over
(the game site's rule: a first component with no second one ends it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import chess


@dataclass(frozen=True)
class Variant:
    messigny: bool = False
    rex_inclusive: bool = True
    marseillais: bool = False
    game_site: bool = False


@dataclass
class State:
    board: chess.Board
    eps: list = field(default_factory=list)
    restricted: frozenset = frozenset()
    over: bool = False  # the game site's rule ended the game


def is_ep(board: chess.Board, comp) -> bool:
    """A pawn moving diagonally onto an empty square: an e.p. capture."""
    return comp[0] == "m" and board.piece_type_at(comp[1].from_square) == chess.PAWN and \
        board.piece_at(comp[1].to_square) is None and \
        chess.square_file(comp[1].from_square) != chess.square_file(comp[1].to_square)


def components(board: chess.Board, eps, restricted, variant: Variant) -> list:
    """The legal single moves (and exchanges) of the side to move; e.p. only
    onto the squares in `eps`."""
    saved = board.ep_square
    board.ep_square = None
    out = [("m", m) for m in board.legal_moves]
    for e in eps:
        board.ep_square = e
        out += [("m", m) for m in board.legal_moves if board.is_en_passant(m)]
    board.ep_square = saved
    if variant.messigny:
        side = board.turn
        pieces = board.piece_map()
        for a, pa in pieces.items():
            if pa.color != side or a in restricted:
                continue
            if pa.piece_type == chess.KING and not variant.rex_inclusive:
                continue
            for b, pb in pieces.items():
                if pb.color == side or pb.piece_type != pa.piece_type or b in restricted:
                    continue
                after = board.copy(stack=False)
                after.set_piece_at(a, pb)
                after.set_piece_at(b, pa)
                king = after.king(side)
                if king is not None and after.is_attacked_by(not side, king):
                    continue
                out.append(("x", a, b))
    return out


def apply(board: chess.Board, comp) -> chess.Board:
    """A copy of the board with the component played; the other side to move."""
    after = board.copy(stack=False)
    if comp[0] == "m":
        if is_ep(board, comp):
            after.ep_square = comp[1].to_square  # python-chess takes e.p. only onto its e.p. square
        after.push(comp[1])
    else:
        _, a, b = comp
        pa, pb = board.piece_at(a), board.piece_at(b)
        after.set_piece_at(a, pb)
        after.set_piece_at(b, pa)
        after.turn = not board.turn
    after.ep_square = None
    return after


def placement_after(board: chess.Board, comp) -> str:
    """The placement (FEN board field) after the component; the board is left as it was."""
    if comp[0] == "x":
        _, a, b = comp
        pa, pb = board.piece_at(a), board.piece_at(b)
        board.set_piece_at(a, pb)
        board.set_piece_at(b, pa)
        text = board.board_fen()
        board.set_piece_at(a, pa)
        board.set_piece_at(b, pb)
        return text
    saved = board.ep_square
    if is_ep(board, comp):
        board.ep_square = comp[1].to_square
    board.push(comp[1])
    text = board.board_fen()
    board.pop()
    board.ep_square = saved
    return text


def follow(squares, board: chess.Board, comp) -> set:
    """Where the pieces on `squares` stand after the component (captured ones gone)."""
    if comp[0] == "x":
        _, a, b = comp
        return {b if s == a else a if s == b else s for s in squares}
    move = comp[1]
    out = set()
    captured = move.to_square
    if is_ep(board, comp):
        captured = chess.square(chess.square_file(move.to_square), chess.square_rank(move.from_square))
    rook_from = rook_to = None
    if board.is_castling(move):
        rank = chess.square_rank(move.from_square)
        kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
        rook_from = chess.square(7 if kingside else 0, rank)
        rook_to = chess.square(5 if kingside else 3, rank)
    for s in squares:
        if s == move.from_square:
            out.add(move.to_square)
        elif s == rook_from:
            out.add(rook_to)
        elif s == captured:
            continue
        else:
            out.add(s)
    return out


def exchange_squares(comp) -> set:
    return {comp[1], comp[2]} if comp[0] == "x" else set()


def double_step_square(board: chess.Board, comp):
    """The square a pawn's double step passes over, or None."""
    if comp[0] != "m":
        return None
    m = comp[1]
    if board.piece_type_at(m.from_square) == chess.PAWN and \
            abs(chess.square_rank(m.to_square) - chess.square_rank(m.from_square)) == 2:
        return (m.from_square + m.to_square) // 2
    return None


def turns(state: State, variant: Variant) -> list:
    """Legal turns: single moves, or Marseillais turns of one or two components."""
    board = state.board
    if state.over:
        return []
    firsts = components(board, state.eps, state.restricted, variant)
    if not variant.marseillais:
        return [(c,) for c in firsts]
    side = board.turn
    placement = board.board_fen()
    out = []
    for c1 in firsts:
        b1 = apply(board, c1)
        if b1.is_check():
            out.append((c1,))
            continue
        b1.turn = side
        mid_eps = [e for e in state.eps if e != c1[1].to_square] if is_ep(board, c1) else []
        mid_restricted = follow(state.restricted, board, c1)
        seconds = [c2 for c2 in components(b1, mid_eps, mid_restricted, variant)
                   if placement_after(b1, c2) != placement]
        out += [(c1, c2) for c2 in seconds]
        if not seconds and variant.game_site:
            out.append((c1,))
    return out


def play(state: State, turn, variant: Variant) -> State:
    board = state.board
    side = board.turn
    steps = []
    exchanged: set = set()
    for i, comp in enumerate(turn):
        e = double_step_square(board, comp)
        if e is not None:
            steps.append((e, comp[1].to_square))
        exchanged = follow(exchanged, board, comp) | exchange_squares(comp)
        board = apply(board, comp)
        if i + 1 < len(turn):
            board.turn = side
    board.turn = not side
    eps = [e for e, to in steps
           if board.piece_at(to) == chess.Piece(chess.PAWN, side) and board.piece_at(e) is None]
    over = variant.marseillais and variant.game_site and len(turn) == 1 and not board.is_check()
    return State(board, eps, frozenset(exchanged), over)


def perft(state: State, depth: int, variant: Variant) -> int:
    if depth == 0:
        return 1
    ts = turns(state, variant)
    if depth == 1:
        return len(ts)
    return sum(perft(play(state, t, variant), depth - 1, variant) for t in ts)


def goal_reached(state: State, variant: Variant, goal: str) -> bool:
    """Mate ('#'): in check and no turn; stalemate ('='): not in check and no turn."""
    check = state.board.is_check()
    if goal == "#" and not check:
        return False
    return not turns(state, variant) and check == (goal == "#")


def one_turn_solutions(state: State, variant: Variant, goal: str, help_play: bool) -> set:
    """Every solution of a one-turn problem: #1 or =1 (the side to move
    reaches the goal with its turn), h#1 or h=1 (a turn of the side to move,
    then one of the other side that reaches it), as tuples of turns, each
    turn a tuple of `squares(component)`."""
    out = set()
    for first in turns(state, variant) if help_play else [None]:
        after = play(state, first, variant) if first is not None else state
        for last in turns(after, variant):
            if goal_reached(play(after, last, variant), variant, goal):
                line = ((first,) if first is not None else ()) + (last,)
                out.add(tuple(tuple(squares(c) for c in t) for t in line))
    return out


def squares(comp) -> tuple:
    """A component as (from, to, promotion letter or ''), in square names."""
    if comp[0] == "x":
        return (chess.square_name(comp[1]), chess.square_name(comp[2]), "")
    m = comp[1]
    promo = chess.piece_symbol(m.promotion).upper() if m.promotion else ""
    return (chess.square_name(m.from_square), chess.square_name(m.to_square), promo)


def find_turn(state: State, variant: Variant, wanted: tuple):
    """The legal turn whose components have these `squares`, or None."""
    for t in turns(state, variant):
        if tuple(squares(c) for c in t) == wanted:
            return t
    return None


# --- reading solution lines ------------------------------------------------------------

_COMPONENT = re.compile(r"(?:0-0-0|0-0|[A-Z]?([a-h][1-8])(?:[-*]|<->[A-Z]?)([a-h][1-8])(?:=([A-Z]))?)")


def line_squares(text: str, first_white: bool) -> tuple:
    """An intended line in Popeye notation ('1.g2-g1=R,Rg1-d1 Rd5*d1,Rd1-d7 #')
    as a tuple of turns of `squares` (castling read from the side that plays it)."""
    text = re.sub(r"\d+\.+", " ", text.replace(" ep.", ""))
    out = []
    white = first_white
    for word in text.split():
        if word in ("+", "#", "=", "!", "?"):
            continue
        turn = []
        for part in word.split(","):
            m = _COMPONENT.fullmatch(part)
            assert m, f"cannot read {part!r} in {text!r}"
            if part.startswith("0-0"):
                rank = "1" if white else "8"
                turn.append(("e" + rank, ("c" if part == "0-0-0" else "g") + rank, ""))
            else:
                turn.append((m.group(1), m.group(2), m.group(3) or ""))
        out.append(tuple(turn))
        white = not white
    return tuple(out)
