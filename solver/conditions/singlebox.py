"""SingleBox (Popeye's name; py-engl.txt "condition", and Popeye's
conditions/singlebox/type1.c, type2.c, type3.c): each side has one box of
men, those of the game array (a king, a queen, two rooks, two bishops, two
knights, eight pawns), and may never have more of a kind on the board: a
move is illegal if after it some side has more of some kind than the box
holds, so a pawn promotes only to a piece that has left the board.

Type1 (the default): check is a capture of the king that would be legal
(Popeye validates it by playing the capture): a capture only takes men off
the board, so it is legal unless it is a pawn's that must promote, which is
legal when one of its promotions is still in the box.

Type2 and Type3: a pawn may also stay a pawn on its last rank (a *latent*
pawn: the variant promotes to the pawn too, `with_pawn_promotion`), but
only while none of its side's officers (Q, S, R, B) is in the box.
- Type2: a move after which a side has a latent pawn and an officer in the
  box is illegal (either side); when a move puts an officer of the other
  side into its box (a capture), one of that side's latent pawns is
  promoted to an officer of its box as part of the move (Popeye writes it
  after the move, `Ta1*a2[h8=T]`), one move for each pawn and officer; the
  move must not leave the mover's king in check, by the promoted piece too.
  Check is the plain observation.
- Type3: the side to move, if it has a latent pawn and an officer in its
  box, promotes one of its latent pawns to one of those officers with
  every move it makes, with any piece, the promoted one too (`[e8=T]Te8-e4`,
  written first); a move after which the mover has a latent pawn and an
  officer in the box is illegal.  A latent pawn observes (gives check) as
  each officer in its side's box would from its square.
How: a latent promotion is a mark on the move (`solver.engine.move.
latent_promotion`), which the effect rule plays (`EffectsPosition.set_square`);
Type2 adds the marked moves (`extra_moves`) and a filter; Type3 adds the
marked moves, a filter that drops the unmarked ones when a promotion is due,
and binds the check test that knows the latent pawns (`Rules.bind_check`).

Fairy pieces are refused by name (the box holds the orthodox men only).

What the condition keeps (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`; Type2 and Type3 have effects (not `no_effects`); Type2's
check is the orthodox observation (it keeps `capture_observes`).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, NO_EFFECTS, WALK_MOVES_ONLY
from solver.engine.move import EN_PASSANT, LATENT_SHIFT, PROMOTION, latent_promotion
from solver.pieces.generic import in_check as generic_in_check, in_check_by_tables, observed, observes, piece_at
from solver.conditions.variant import generic_forced
from solver.conditions.rules import OBSERVATION_PRESERVES, ConditionSpec, Rules, observation_preserves

BOX = {KING: 1, QUEEN: 1, ROOK: 2, BISHOP: 2, KNIGHT: 2, PAWN: 8}
# the officers a latent pawn may become, in Popeye's order (Q, S, R, B)
OFFICERS = (QUEEN, KNIGHT, ROOK, BISHOP)
TYPES = {(): "Type1", ("Type1",): "Type1", ("Type2",): "Type2", ("Type3",): "Type3"}


def over_the_box(pos) -> bool:
    """Has some side more men of some kind on the board than its box holds?"""
    board = pos.board
    for side in (1, -1):
        count = dict.fromkeys(BOX, 0)
        for sq in pos.occupied[side]:
            kind = board[sq] * side
            count[kind] += 1
            if count[kind] > BOX[kind]:
                return True
    return False


def in_the_box(pos, side: int, kind: int) -> bool:
    """Is a man of `kind` of `side` still off the board?"""
    board = pos.board
    return sum(1 for sq in pos.occupied[side] if board[sq] == kind * side) < BOX[kind]


def boxed_officers(pos, side: int) -> list[int]:
    """The officers of `side` in its box (a latent pawn may become them)."""
    return [kind for kind in OFFICERS if in_the_box(pos, side, kind)]


def latent_pawns(pos, side: int) -> list[int]:
    """The squares of `side`'s pawns on its last rank, in Popeye's order
    (White's from h8 leftwards, Black's from a1 rightwards)."""
    board = pos.board
    rank = 0x70 if side > 0 else 0
    files = range(7, -1, -1) if side > 0 else range(8)
    return [rank | f for f in files if board[rank | f] == PAWN * side]


def latent_illegal(pos, side: int) -> bool:
    """Has `side` a latent pawn while one of its officers is in the box?"""
    return bool(latent_pawns(pos, side)) and bool(boxed_officers(pos, side))


def latent_observes(pos, target: int, side: int) -> bool:
    """Does a latent pawn of `side` observe `target` as one of the officers
    of its box would (SingleBox Type3)?"""
    squares = latent_pawns(pos, side)
    if not squares:
        return False
    board = pos.board
    for kind in boxed_officers(pos, side):
        for sq in squares:
            board[sq] = kind * side
            try:
                if observes(board, sq, target, piece_at(board, sq).walks):
                    return True
            finally:
                board[sq] = PAWN * side
    return False


def mark(m: int, sq: int, kind: int) -> int:
    """The move m with the promotion of the latent pawn on sq to `kind`."""
    return m | (sq | kind << 7) << LATENT_SHIFT


def promote_latent(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The effect rule: the latent pawn of the move's mark becomes its
    officer (Type3's own pawn, if it moved, on its arrival square)."""
    latent = latent_promotion(m)
    if latent is None:
        return
    sq, kind = latent
    if sq == frm:
        sq = to
    pawn = pos.board[sq]
    pos.set_square(sq, kind if pawn > 0 else -kind)


def _box_filter(latent_sides):
    """The move filter: is m legal by the box, no side over it and no latent
    pawn of `latent_sides(mover)` beside a boxed officer after it?  A move
    that neither captures nor promotes nor carries a latent promotion
    changes neither the box nor the latent pawns: it is judged on the
    position before it (once per position: the last answer is kept)."""
    last = [None, True]

    def illegal(pos, side: int) -> bool:
        return over_the_box(pos) or any(latent_illegal(pos, s) for s in latent_sides(side))

    def allowed(pos, m: int) -> bool:
        side = pos.side
        if not pos.board[(m >> 7) & 127] and (m >> 14) & 7 not in (PROMOTION, EN_PASSANT) \
                and m >> LATENT_SHIFT == 0:
            key = (pos.hash, side)
            if last[0] != key:
                last[0], last[1] = key, not illegal(pos, side)
            return last[1]
        pos.make(m)
        try:
            return not illegal(pos, side)
        finally:
            pos.unmake()

    return allowed


def install_type1(rules: Rules, params: tuple[str, ...]) -> Rules:
    _refuse_fairies(rules, params)
    promotions = rules.variant.promotions

    def observation_allowed(pos, frm: int, target: int) -> bool:
        piece = pos.board[frm]
        side = 1 if piece > 0 else -1
        if piece * side == PAWN and target >> 4 == (7 if side > 0 else 0):
            return any(in_the_box(pos, side, kind) for kind in promotions)
        return True

    rules.move_filters.append(_box_filter(lambda side: ()))
    rules.add_observation_filter(observation_allowed)
    return rules


def install_type2(rules: Rules, params: tuple[str, ...]) -> Rules:
    _refuse_fairies(rules, params)

    def promotions_of_the_other(pos, checking: bool = False) -> list[int]:
        """The moves that promote a latent pawn of the other side to an
        officer they put into its box, legal for the mover's king."""
        side = pos.side
        if not latent_pawns(pos, -side):
            return []
        out = []
        for m in (rules._checking(pos) if checking else rules._legal(pos)):
            pos.make(m)
            squares = latent_pawns(pos, -side)
            kinds = boxed_officers(pos, -side)
            pos.unmake()
            for sq in squares:
                for kind in kinds:
                    marked = mark(m, sq, kind)
                    pos.make(marked)
                    if not rules.in_check(pos, side):
                        out.append(marked)
                    pos.unmake()
        return out

    rules.extra_moves.append(promotions_of_the_other)
    rules.move_filters.append(_box_filter(lambda side: (1, -1)))
    rules.effect_rules.append(promote_latent)
    return rules


def install_type3(rules: Rules, params: tuple[str, ...]) -> Rules:
    _refuse_fairies(rules, params)

    def watch(pos, target: int, pieces) -> bool:
        """Is `target` observed by the pieces on `pieces` (castling's
        question), a latent pawn among them as each officer of its box?"""
        board = pos.board
        if observed(board, target, pieces):
            return True
        side = next((1 if board[sq] > 0 else -1 for sq in pieces if board[sq]), 0)
        return side != 0 and latent_observes(pos, target, side)

    def in_check(pos, side: int | None = None) -> bool:
        """The orthodox check (by the compiled tables), or a latent pawn's."""
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        return ksq >= 0 and (plain_check(pos, side) or latent_observes(pos, ksq, -side))

    # the orthodox part by the compiled tables, unless the generic path is forced
    plain_check = generic_in_check if generic_forced() else in_check_by_tables

    def due(pos) -> list[tuple[int, int]]:
        """The promotions the side to move must make with its move."""
        side = pos.side
        squares = latent_pawns(pos, side)
        if not squares:
            return []
        kinds = boxed_officers(pos, side)
        return [(sq, kind) for sq in sorted(squares) for kind in kinds]

    def promoting_moves(pos, checking: bool = False) -> list[int]:
        """Every move with a promotion due, made with the pawn promoted
        (the promoted piece moving too)."""
        side = pos.side
        board = pos.board
        out = []
        for sq, kind in due(pos):
            board[sq] = kind * side
            try:
                moves = rules._checking(pos) if checking else rules._legal(pos)
            finally:
                board[sq] = PAWN * side
            out += [mark(m, sq, kind) for m in moves]
        return out

    rules.bind_check(in_check, watch)
    rules.extra_moves.append(promoting_moves)
    # unmarked moves are no moves while a promotion is due; no move leaves
    # the mover a latent pawn beside a boxed officer
    rules.move_filters.append(lambda pos, m: latent_promotion(m) is not None or not due(pos))
    rules.move_filters.append(_box_filter(lambda side: (side,)))
    rules.effect_rules.append(promote_latent)
    return rules


def _refuse_fairies(rules: Rules, params: tuple[str, ...]) -> None:
    if any(kind not in BOX for kind in rules.variant.kinds):
        name = " ".join(("SingleBox", *params))
        raise InputError(f"condition {name} with fairy pieces is not supported")


def _refuse(params: tuple[str, ...]):
    def install(rules: Rules, _params: tuple[str, ...]) -> Rules:
        raise InputError(f"condition SingleBox {' '.join(params)} is not supported")
    return install


preserves = observation_preserves
# Type2: check is the orthodox observation (Popeye does not validate it), but
# moves are forbidden (a king's step too) and a move may promote a pawn elsewhere
TYPE2_PRESERVES = ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY, KING_STEPS_FREE}
TYPE3_PRESERVES = OBSERVATION_PRESERVES - {NO_EFFECTS}

SPECS = {
    "Type1": ConditionSpec(install_type1, preserves, changes_observation=True),
    "Type2": ConditionSpec(install_type2, lambda params: TYPE2_PRESERVES, has_effects=True,
                           pawn_stays=True),
    "Type3": ConditionSpec(install_type3, lambda params: TYPE3_PRESERVES, has_effects=True,
                           changes_observation=True, pawn_stays=True),
}


def _typed(params: tuple[str, ...]) -> ConditionSpec:
    name = TYPES.get(tuple(params))
    return SPECS[name] if name else ConditionSpec(_refuse(params), preserves)


SPEC = ConditionSpec(install_type1, preserves, changes_observation=True, typed=_typed)
"""The registry's entry (solver.conditions.registry): the type chooses the spec."""
