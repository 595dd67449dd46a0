"""AnnanChess and its relatives (Popeye's names): a piece moves, captures
and observes with the walk of another piece beside it, its *donor*.

- `AnnanChess`: the own piece directly behind it (for White the square
  below, for Black the square above); types (Popeye: annan.c): `TypeA` (the
  default) any own piece, `TypeB` not when the piece behind is the king,
  `TypeC` not when the piece in front (the mover) is the king, `TypeD`
  neither;
- `NannaChess`: the same with the own piece directly in front;
- `FaceToFace`: the enemy piece directly in front; `BackToBack`: the enemy
  piece directly behind;
- `CheekToCheek`: the enemy pieces directly left and right: a piece with
  both moves with either walk.  Its observation follows Popeye's rule
  (facetoface.c): each side is judged apart, the neighbour's walk if an
  enemy stands there, its own walk if not, and either counts.

A piece without a donor keeps its walk.  The walk is what changes, not the
piece: a pawn that moves with a rook's walk onto its last rank promotes, a
rook that moves with a pawn's walk does not; a piece that moves with the
pawn's walk steps two squares from its second rank (recording the e.p.
square as a pawn's double step) and takes e.p.; the king castles when it
moves with a king's walk.

The walks change on every square, so check, pins, flights and every
shortcut built on the pieces' own walks are off: the rule set is bound on
the generic generator with this module's pseudo-legal moves and check test
(`Rules.bind_check`).  What the condition keeps (`preserves`): a move still
changes only its own squares, kings are royal, a turn is one move; nothing
built on the walks (`orthodox_walks`, `capture_observes`,
`local_observation`, `walk_moves_only`, `king_steps_free`).  Played alone:
what other conditions' hooks would do to the changed walks is untested.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import (
    KING_STEP_TURN, NO_EFFECTS, ONE_COLOUR, ONE_KING, SINGLE_MOVE_TURNS,
)
from solver.engine.move import DOUBLE, EN_PASSANT, LOCUST, PROMOTION
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces import generic
from solver.pieces.catalogue import BY_KIND
from solver.pieces.families import observes, piece_moves

PRESERVES = frozenset({NO_EFFECTS, ONE_KING, KING_STEP_TURN, SINGLE_MOVE_TURNS, ONE_COLOUR})
PAWN_WALKS = BY_KIND[PAWN].walks
# the kinds tested against Popeye (orthodox pieces only)
ORTHODOX = frozenset(range(1, 7))
# kind -> its walks; does one of them castle (the king's) / take e.p. (the pawn's)?
WALKS = {kind: piece.walks for kind, piece in BY_KIND.items()}
CASTLES = {kind: any(w in BY_KIND[KING].walks for w in walks) for kind, walks in WALKS.items()}
TAKES_EP = {kind: any(w in PAWN_WALKS for w in walks) for kind, walks in WALKS.items()}

# kinds(pos, frm, side) -> the kinds whose walks the piece on frm moves with
Kinds = Callable[[object, int, int], tuple[int, ...]]


def _annan(step: int, kings_rear: bool, kings_front: bool) -> Kinds:
    """The own piece `step` squares (times the side: behind is -16 for White)
    away, not when it is the king (`kings_rear` False) nor when the mover
    is (`kings_front` False)."""

    def kinds(pos, frm: int, side: int) -> tuple[int, ...]:
        board = pos.board
        d = frm + step * side
        if not d & 0x88:
            code = board[d] * side
            if code > 0:
                king = pos.kings[side]
                if (kings_rear or d != king) and (kings_front or frm != king):
                    return (code,)
        return (board[frm] * side,)

    return kinds


def _confronters(steps: tuple[int, ...]) -> Kinds:
    """The enemy pieces on the squares `steps` away (up the board for White,
    down for Black where a step is vertical)."""

    def kinds(pos, frm: int, side: int) -> tuple[int, ...]:
        board = pos.board
        out = ()
        for step in steps:
            d = frm + step * side
            if not d & 0x88 and board[d] * side < 0:
                out += (-board[d] * side,)
        return out or (board[frm] * side,)

    return kinds


def cheek_observing_kinds(pos, frm: int, side: int) -> tuple[int, ...]:
    """CheekToCheek's observation: left and right judged apart (module docstring)."""
    board = pos.board
    own = board[frm] * side
    return tuple(-board[d] * side if not d & 0x88 and board[d] * side < 0 else own
                 for d in (frm - 1, frm + 1))


# observer(pos, frm, target, side) -> does the piece on frm (of `side`) observe target?
Observer = Callable[[object, int, int, int], bool]


def by_kinds(kinds_of: Kinds) -> Observer:
    """The observation by the walks of the kinds `kinds_of(pos, frm, side)`."""

    def observer(pos, frm: int, target: int, side: int) -> bool:
        board = pos.board
        return any(observes(board, frm, target, WALKS[k]) for k in kinds_of(pos, frm, side))

    return observer


def nanna_observer(kinds_of: Kinds) -> Observer:
    """NannaChess's observation as Popeye 4.104 has it: its optimisation of
    the queen's observation stays on for NannaChess alone (AnnanChess and the
    others turn it off: optimisations/observation.c), so a rook's, bishop's
    or queen's walk observes only as the optimisation lets it.  The walks are
    tried in Popeye's order (king, pawn, knight, rook, bishop, queen), each
    only if the side has a piece of that walk of its own; a piece found on a
    rook's (bishop's) line is valid if it moves with that walk, or with the
    queen's where it is a queen itself; the queen's lines are tried only
    where the side has not both rooks and bishops, and then only as the
    lines not tried yet, by the same rule (all of them, for a piece that
    moves with the queen's walk, where it has neither)."""

    def line(board, frm: int, target: int, kind: int, valid: bool) -> bool:
        return valid and observes(board, frm, target, WALKS[kind])

    def observer(pos, frm: int, target: int, side: int) -> bool:
        board = pos.board
        (walk,) = kinds_of(pos, frm, side)
        if walk not in (ROOK, BISHOP, QUEEN):
            return observes(board, frm, target, WALKS[walk])
        present = {board[x] * side for x in pos.occupied[side]}
        queen = board[frm] * side == QUEEN
        rooks, bishops = ROOK in present, BISHOP in present
        as_rook = walk == (QUEEN if queen else ROOK)
        as_bishop = walk == (QUEEN if queen else BISHOP)
        if rooks and line(board, frm, target, ROOK, as_rook):
            return True
        if bishops and line(board, frm, target, BISHOP, as_bishop):
            return True
        if QUEEN not in present or (rooks and bishops):
            return False
        if rooks:
            return line(board, frm, target, BISHOP, as_bishop)
        if bishops:
            return line(board, frm, target, ROOK, as_rook)
        return line(board, frm, target, QUEEN, walk == QUEEN)

    return observer


def generator(kinds_of: Kinds, observer: Observer) -> tuple[Callable, Callable, Callable]:
    """(pseudo_moves, watch, check) for a rule of donors: the pseudo-legal
    moves with the walks of the kinds `kinds_of(pos, frm, side)`, and the
    observation `observer`."""

    def watch(pos, target: int, pieces) -> bool:
        board = pos.board
        for a in pieces:
            code = board[a]
            if code and a != target and observer(pos, a, target, 1 if code > 0 else -1):
                return True
        return False

    check = generic.check_of(watch)

    def pseudo(pos, promotions=None, compiled=None, watch=watch) -> list[int]:
        if promotions is None:
            promotions = generic.promotion_kinds(pos)
        s = pos.side
        moves: dict[int, None] = {}
        kinds_at = {frm: kinds_of(pos, frm, s) for frm in pos.occupied[s]}
        for frm in sorted(kinds_at):
            kinds = kinds_at[frm]
            for kind in kinds:
                _add_moves(pos, frm, WALKS[kind], promotions, moves)
            if frm == pos.kings[s] and any(CASTLES[k] for k in kinds):
                for m in generic._castlings(pos, frm, watch):
                    moves[m] = None
        for m in _ep_captures(pos, kinds_at):
            moves[m] = None
        return list(moves)

    return pseudo, watch, check


def _add_moves(pos, frm: int, walks: tuple, promotions, moves: dict) -> None:
    """The moves of the piece on frm with `walks`: promotions where the piece
    itself is a pawn, double steps where the walk is the pawn's."""
    board = pos.board
    s = pos.side
    piece = BY_KIND[abs(board[frm])]
    last = 7 if (s == WHITE) != piece.reverse else 0
    for t, c, w in piece_moves(board, frm, walks):
        if piece.is_pawn and t >> 4 == last:
            pawn = 0 if piece.kind == PAWN else piece.kind << 24
            for k in promotions:
                moves[frm | t << 7 | PROMOTION << 14 | k << 17 | pawn] = None
            continue
        if abs(t - frm) == 32 and w in PAWN_WALKS:
            moves[frm | t << 7 | DOUBLE << 14] = None
        elif c >= 0 and c != t:
            moves[frm | t << 7 | LOCUST << 14 | c << 24] = None
        else:
            moves[frm | t << 7] = None


def double_step(pos) -> tuple[int, ...]:
    """The square the last move stepped over if it was a double step with the
    pawn's walk: an e.p. square the position may not record (it records one
    only beside an enemy pawn, and here a knight beside takes e.p. if it
    moves with a pawn's walk).  A part of the rule set's key for that reason."""
    if not pos.stack:
        return ()
    m = pos.stack[-1][0]
    if m < 0 or (m >> 14) & 7 != DOUBLE:
        return ()
    return (((m & 127) + ((m >> 7) & 127)) >> 1,)


def _ep_captures(pos, kinds_at: dict) -> list[int]:
    """The e.p. captures of the pieces that move with the pawn's walk."""
    board = pos.board
    s = pos.side
    out = []
    for e in set(pos.ep) | set(double_step(pos)):
        if board[e] or board[e - 16 * s] * s >= 0:
            continue
        for frm in ((e - 15, e - 17) if s == WHITE else (e + 15, e + 17)):
            if frm in kinds_at and any(TAKES_EP[k] for k in kinds_at[frm]):
                out.append(frm | e << 7 | EN_PASSANT << 14)
    return out


ANNAN_TYPES = {"TypeA": (True, True), "TypeB": (False, True), "TypeC": (True, False),
               "TypeD": (False, False)}


def _spec(name: str, kinds_of: Callable[[tuple[str, ...]], Kinds],
          observer: Callable[[Kinds], Observer] = by_kinds) -> ConditionSpec:
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        v = rules.variant
        if v.neutral:
            raise InputError(f"condition {name} with neutral pieces is not supported")
        if v.attributes:
            raise InputError(f"condition {name} with piece attributes is not supported")
        if not v.kinds <= ORTHODOX or set(v.promotions) - ORTHODOX:
            raise InputError(f"condition {name} with fairy pieces is not supported")
        kinds = kinds_of(params)
        pseudo, watch, check = generator(kinds, observer(kinds))
        rules.bind_check(check, watch, pseudo)
        rules.key_parts.append(double_step)
        rules.records_ep = False
        return rules

    return ConditionSpec(install, lambda params: PRESERVES, alone=True)


def _annan_donors(name: str, step: int) -> Callable[[tuple[str, ...]], Kinds]:
    def donors_of(params: tuple[str, ...]) -> Kinds:
        if len(params) > 1 or (params and params[0] not in ANNAN_TYPES):
            raise InputError(f"condition {name} {' '.join(params)} is not supported")
        return _annan(step, *ANNAN_TYPES[params[0] if params else "TypeA"])

    return donors_of


def _no_params(name: str, kinds: Kinds) -> Callable[[tuple[str, ...]], Kinds]:
    def donors_of(params: tuple[str, ...]) -> Kinds:
        if params:
            raise InputError(f"condition {name} {' '.join(params)} is not supported")
        return kinds

    return donors_of


SPECS = {
    "AnnanChess": _spec("AnnanChess", _annan_donors("AnnanChess", -16)),
    "NannaChess": _spec("NannaChess", _annan_donors("NannaChess", 16), nanna_observer),
    "FaceToFace": _spec("FaceToFace", _no_params("FaceToFace", _confronters((16,)))),
    "BackToBack": _spec("BackToBack", _no_params("BackToBack", _confronters((-16,)))),
    "CheekToCheek": _spec("CheekToCheek", _no_params("CheekToCheek", _confronters((-1, 1))),
                          lambda kinds: by_kinds(cheek_observing_kinds)),
}
"""The registry's entries (solver.conditions.registry)."""
