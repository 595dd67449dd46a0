"""The generic legal-move generator: always right, for any catalogue piece.

Nothing here assumes orthodox chess: pseudo-legal moves come from each
piece's walks (`solver.pieces.families`), a move is legal when, once made,
no enemy piece observes the mover's king (asked of each enemy piece's walk),
and a side is in check when one of the other side's pieces observes its king.
This is the reference the engine's fast paths are checked against, so it is
written to be obviously right rather than fast.

Conventions shared with `solver.engine.movegen` (the same move ints, made by
`Position.make`): DOUBLE for an orthodox pawn's double step (e.p. squares as
the position records them), EN_PASSANT, PROMOTION with the new kind in bits
17-23 (and, for a pawn other than the orthodox one, its kind in bits 24-30,
which unmake puts back), CASTLE with the rook's file in bits 17-19, and
LOCUST: a capture of the piece on the square in bits 24-30, which is not
the arrival square (a locust lands beyond the piece it takes).

Popeye's rules that shape the generator:
- promotion to Q, S, R, B and to every other piece kind in the position
  (pawns, kings and the dummy excepted), whatever its colour;
- castling: the king is not in check, the square it passes over is not
  observed with the king standing on it (the rook still at home), and the
  castling, once played, leaves it unobserved;
- the Berolina pawn's and the dragon's steps record no e.p. square.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.engine.board import CASTLE_PATH, KING, PAWN, ROOK, SIDE_RIGHTS, WHITE
from solver.engine.move import CASTLE, DOUBLE, LOCUST, PROMOTION
from solver.engine.movegen import _castling_rooks, ep_captures
from solver.pieces.catalogue import BY_KIND, Piece, promotion_pieces
from solver.pieces.families import observes, piece_moves
from solver.pieces.observation import OBSERVERS



def piece_at(board, sq: int) -> Piece:
    """The catalogue row of the piece on sq (which must not be empty)."""
    return BY_KIND[abs(board[sq])]


def observed(board, target: int, pieces) -> bool:
    """Is `target` observed by one of the pieces on the squares `pieces`?
    (Squares momentarily empty, lifted by a test, are skipped.)"""
    for a in pieces:
        if board[a] and a != target and observes(board, a, target, piece_at(board, a).walks):
            return True
    return False


def in_check(pos, side: int | None = None) -> bool:
    """Is `side`'s king (default: the side to move) observed by an enemy piece?"""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    return ksq >= 0 and observed(pos.board, ksq, pos.occupied[-side])


def filtered_observation(filters: tuple):
    """(watch, in_check) where an observation counts only if every filter
    `f(pos, frm, target)` allows it (conditions that change who observes:
    Madrasi, Monochrome ...).  `watch(pos, target, pieces)` is the
    observation of `target` by the pieces on `pieces`, for castling;
    `in_check(pos, side)` the check test built on it."""

    def watch(pos, target: int, pieces) -> bool:
        board = pos.board
        for a in pieces:
            if (board[a] and a != target and observes(board, a, target, piece_at(board, a).walks)
                    and all(f(pos, a, target) for f in filters)):
                return True
        return False

    return watch, check_of(watch)


def check_of(watch: Callable) -> Callable:
    """The check test `check(pos, side=None)` of an observation test
    `watch(pos, target, pieces)`: the side's king observed by the other
    side's pieces (a side without a king is never in check)."""

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        return ksq >= 0 and watch(pos, ksq, pos.occupied[-side])

    return check


def in_check_by_tables(pos, side: int | None = None) -> bool:
    """`in_check`, with every attacker answered by its compiled observer
    (`observation.OBSERVERS`: leapers and riders by one lookup in a table of
    paths and a test of the squares between, the line families along the
    one line that holds the king; the same answers as their walks).  The
    same answer wherever observation is capture (shortcut
    `table_observation`): a rook's attack depends on the squares between,
    not on what the other pieces are."""
    if side is None:
        side = pos.side
    ksq = pos.kings[side]
    if ksq < 0:
        return False
    board = pos.board
    for a in pos.occupied[-side]:
        if OBSERVERS[abs(board[a])](board, a, ksq):
            return True
    return False


def promotion_kinds(pos) -> tuple[int, ...]:
    """Popeye's promotion pieces for the kinds on the board now (a problem's
    are fixed by its diagram: `solver.conditions.variant`)."""
    return promotion_pieces(abs(pos.board[sq]) for side in (1, -1) for sq in pos.occupied[side])


def pseudo_moves(pos, promotions: tuple[int, ...] | None = None, compiled=None,
                 watch=None) -> list[int]:
    """Every move the walks allow, self-check aside (castling has its own
    conditions on check, as in Popeye, and they are tested here).
    `compiled`: kind -> a generator that adds that piece's moves itself, or
    None (`solver.pieces.quiet.compiled_moves`: the same moves, in the same
    order, from the tables).  `watch`: the observation castling is judged
    by (`filtered_observation`; None: by the walks)."""
    if promotions is None:
        promotions = promotion_kinds(pos)
    moves: dict[int, None] = {}
    for frm in sorted(pos.occupied[pos.side]):
        add_piece_moves(pos, frm, promotions, moves, compiled, watch)
    for m in ep_captures(pos):
        moves[m] = None
    return list(moves)


def add_piece_moves(pos, frm: int, promotions, moves: dict, compiled=None, watch=None) -> None:
    """The pseudo-legal moves of the piece on frm (of the side to move),
    castling included, e.p. aside, added to the dict `moves`."""
    board = pos.board
    s = pos.side
    piece = piece_at(board, frm)
    gen = compiled(piece.kind) if compiled is not None else None
    if gen is not None:
        gen(board, frm, s, moves)
    else:
        _walk_moves(board, frm, s, piece, promotions, moves)
    if piece.kind == KING and frm == pos.kings[s]:
        for m in _castlings(pos, frm, watch):
            moves[m] = None


def _walk_moves(board, frm: int, s: int, piece: Piece, promotions, moves: dict) -> None:
    """The moves of one piece's walks, as move ints (promotions, double steps
    and locust captures flagged), added to the dict `moves`."""
    last = 7 if (s == WHITE) != piece.reverse else 0
    for t, c, w in piece_moves(board, frm, piece.walks):
        if piece.is_pawn:
            if t >> 4 == last:
                pawn = 0 if piece.kind == PAWN else piece.kind << 24
                for k in promotions:
                    moves[frm | t << 7 | PROMOTION << 14 | k << 17 | pawn] = None
                continue
            if piece.kind == PAWN and abs(t - frm) == 32:
                moves[frm | t << 7 | DOUBLE << 14] = None
                continue
        if c >= 0 and c != t:
            moves[frm | t << 7 | LOCUST << 14 | c << 24] = None
        else:
            moves[frm | t << 7] = None


def _castlings(pos, ksq: int, watch=None) -> list[int]:
    """Castlings whose king is not in check and does not pass over an
    observed square (the arrival square is tested once castled, by legality)."""
    s = pos.side
    rights = pos.castling & SIDE_RIGHTS[s]
    if not rights:
        return []
    board = pos.board
    enemies = pos.occupied[-s]
    if watch is None:
        def watch(pos, target, pieces):
            return observed(board, target, pieces)
    if watch(pos, ksq, enemies):
        return []
    king, rook = KING * s, ROOK * s
    out = []
    for rf in _castling_rooks(rights, s):
        path = CASTLE_PATH.get((ksq, rf))
        if path is None or board[rf] != rook:
            continue
        kt, _, empty, crossed = path
        if any(board[x] for x in empty):
            continue
        ok = True
        for x in crossed:
            if x in (ksq, kt):
                continue
            held = board[x]      # the rook itself, in a Chess960 set-up
            board[ksq] = 0
            board[x] = king
            ok = not watch(pos, x, enemies)
            board[x] = held
            board[ksq] = king
            if not ok:
                break
        if ok:
            out.append(ksq | kt << 7 | CASTLE << 14 | (rf & 7) << 17)
    return out


def legal_moves(pos, promotions: tuple[int, ...] | None = None,
                first_only: bool = False, in_check=in_check, watch=None,
                pseudo=pseudo_moves) -> list[int]:
    """The pseudo-legal moves that leave the mover's king unobserved (all of
    them when the mover has no king); with `first_only`, at most one.
    (`in_check`: the check test, `in_check_by_tables` where it may be used;
    `in_check` and `watch` from `filtered_observation` under a condition
    that changes who observes; `pseudo(pos, promotions, watch=)`: the
    pseudo-legal generator, another under a condition that changes the
    walks, as AnnanChess does.)"""
    s = pos.side
    moves = pseudo(pos, promotions, watch=watch)
    if kingless(pos, s):
        return moves[:1] if first_only else moves
    out = []
    for m in moves:
        pos.make(m)
        if not in_check(pos, s):
            out.append(m)
            if first_only:
                pos.unmake()
                break
        pos.unmake()
    return out


def has_legal_move(pos, promotions: tuple[int, ...] | None = None, in_check=in_check,
                   watch=None, pseudo=pseudo_moves) -> bool:
    return bool(legal_moves(pos, promotions, True, in_check, watch, pseudo))


def kingless(pos, side: int) -> bool:
    """Has `side` no king, and can none appear with a move?  Not so while
    pieces are below the board (Circe Parachute buries a king, which comes
    back when its square is left: `solver.conditions.circekinds`)."""
    return pos.kings[side] < 0 and not getattr(pos, "underworld", ())


def checking_moves(pos, promotions: tuple[int, ...] | None = None,
                   in_check=in_check, watch=None, pseudo=pseudo_moves) -> list[int]:
    """The legal moves after which the other side's king is observed."""
    s = pos.side
    if kingless(pos, -s):
        return []
    out = []
    for m in legal_moves(pos, promotions, False, in_check, watch, pseudo):
        pos.make(m)
        if in_check(pos, -s):
            out.append(m)
        pos.unmake()
    return out
