"""The Circe forms where the reborn piece's kind, or what becomes of an
occupied rebirth square, differs from plain Circe (Popeye's parameters of
`Circe`, py-engl.txt: "Adaptation of the reborn piece's walk", "Behaviour
in case of occupied rebirth square"; solver.conditions.circe reads the
rest of a variant and hands these words here, `split`).

`Clone` (`CirceClone`; `MirrorCirceClone` with `Mirror`): the captured
piece is reborn as a piece of its capturer's kind (Popeye's
`circe_clone_determine_reborn_walk_solve`: the walk of the move's
movement, so a pawn that captures and promotes clones a pawn,
`b7*a8=Q[+bPa7]`), on the rebirth square of that kind, in its own colour;
a king that captures leaves the victim its own kind (`Kc1*d2[+bPd7]`).

`Chameleon` (`ChameleonCirce`), with Popeye's optional list of kinds
(`ChameleonCirce S Q R B S`; an unclosed list closes on its first kind;
kinds not listed keep their kind): the captured piece is reborn as the
next kind of the sequence (default S->B->R->Q->S), on that kind's rebirth
square (Popeye's `STCirceInitialiseRelevantFromReborn` follows the walk
adapters).

Clone and Chameleon keep plain Circe's other rules (Relaxed by default,
`Strict`, kings not reborn, `Mirror`); check is observation, so the
orthodox check tests and Circe's capture-trial generator hold (install_circe
asks `reborn_kind` for the reborn piece).  `Take&Make` (the victim makes a
move of its walk from the capture square, the capturer's choice),
`Assassin` (the reborn piece removes what stands on its square; check by
assassination) and `Diagram` (the victim goes back to its diagram square)
have installs of their own below (`install_takemake`, `install_assassin`,
`install_diagram`), and so have `Volcanic` and `Parachute`, where the
occupant of the rebirth square or the reborn piece goes below the board
(`install_underworld`), and `Cage`, the capturer's choice of a square
where the reborn piece cannot move without capturing
(`solver.conditions.circecage`).  Every other parameter with them is refused by name
("condition Circe Clone File is not supported"); `_WITH` lists those played.
User documentation: docs/circekinds.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.move import EN_PASSANT, PROMOTION, capture_square
from solver.pieces.catalogue import by_code
from solver.conditions.rules import bind_in_two_parts, trial_base

# the words this module plays, as Popeye spells them
WORDS = ("Clone", "Chameleon", "Take&Make", "Assassin", "Diagram", "Volcanic", "Parachute", "Cage")
_DEFAULT_SEQUENCE = ((KNIGHT, BISHOP), (BISHOP, ROOK), (ROOK, QUEEN), (QUEEN, KNIGHT))
_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
# the parameters of plain Circe each kind of rebirth is played (and tested) with
_WITH = {
    "Clone": frozenset({"Mirror", "Strict", "Relaxed", "RexExclusive"}),
    "Chameleon": frozenset({"Mirror", "Strict", "Relaxed", "RexExclusive"}),
    "Take&Make": frozenset({"RexExclusive"}),
    "Assassin": frozenset({"RexExclusive"}),
    "Diagram": frozenset({"RexExclusive", "Strict", "Relaxed"}),
    "Volcanic": frozenset({"Mirror", "RexExclusive"}),
    "Parachute": frozenset({"Mirror", "RexExclusive"}),
    "Cage": frozenset({"Strict", "Relaxed", "RexExclusive"}),
}


@dataclass(frozen=True)
class Kinds:
    """The words of this module in a Circe variant: `word` the one played
    (WORDS), `sequence` Chameleon's (kind, next kind) pairs."""
    word: str
    sequence: tuple[tuple[int, int], ...] = ()


def label_of(name: str, word: str) -> str:
    """How a refusal names the condition: `Circe Clone`, or the traditional
    name that implies the word (`CirceClone`)."""
    return f"{name} {word}" if name in ("Circe", "AntiCirce") else name


def _walk(token: str) -> int | None:
    piece = by_code(token)
    return piece.kind if piece is not None else None


def split(name: str, params: tuple[str, ...]) -> tuple[Kinds | None, tuple[str, ...]]:
    """(the kinds of rebirth in `params`, or None; the other parameters).
    Chameleon's list of kinds follows it; an InputError names what feerie
    does not play."""
    found = [p for p in params if p in WORDS]
    if not found:
        return None, params
    word = found[0]
    if len(found) > 1:
        raise InputError(f"condition {label_of(name, word)} {found[1]} is not supported")
    if word not in _WITH:
        raise InputError(f"condition {label_of(name, word)} is not supported")
    rest: list[str] = []
    sequence: list[int] = []
    i = 0
    while i < len(params):
        p = params[i]
        i += 1
        if p != word:
            rest.append(p)
            continue
        if p != "Chameleon":
            continue
        while i < len(params) and _walk(params[i]) is not None:
            sequence.append(_walk(params[i]))
            i += 1
    label = label_of(name, word)
    for p in rest:
        if p not in _WITH[word]:
            raise InputError(f"condition {label} {p} is not supported")
    pairs: tuple[tuple[int, int], ...] = ()
    if word == "Chameleon":
        for kind, token in zip(sequence, [t for t in params if _walk(t) is not None]):
            if kind not in _ORTHODOX:
                raise InputError(f"condition {label} {token} is not supported")
        if len(sequence) == 1:
            raise InputError(f"condition {label} {' '.join(params)}: a sequence of one kind "
                             "is not supported")
        if sequence:
            links = list(zip(sequence, sequence[1:]))
            if sequence[-1] != sequence[0]:
                links.append((sequence[-1], sequence[0]))   # Popeye closes the list
            table: dict[int, int] = {}
            for a, b in links:
                table[a] = b
            pairs = tuple(table.items())
        else:
            pairs = _DEFAULT_SEQUENCE
    return Kinds(word, pairs), tuple(rest)


def reborn_kind(kinds: Kinds, pos, m: int, victim_kind: int, played: bool) -> int:
    """The kind the victim of capture m is reborn as; `played`: m is on the
    board (its capturer on the arrival square), else about to be played."""
    if kinds.word == "Clone":
        flag = (m >> 14) & 7
        if flag == PROMOTION or flag == EN_PASSANT:
            return PAWN
        sq = (m >> 7) & 127 if played else m & 127
        kind = abs(pos.board[sq])
        return victim_kind if kind == KING else kind
    if kinds.word == "Chameleon":
        return dict(kinds.sequence).get(victim_kind, victim_kind)
    return victim_kind


def preserves(kinds: Kinds, params: tuple[str, ...], circe_preserves) -> frozenset[str]:
    """What each kind keeps: Clone and Chameleon what plain Circe with the
    other parameters keeps (`circe_preserves`); Take&Make forbids captures
    the walks allow (no make), a king's too."""
    from solver.engine.capabilities import (CAPTURE_OBSERVES, KING_STEPS_FREE, LOCAL_OBSERVATION,
                                            WALK_MOVES_ONLY)

    kept = circe_preserves(params)
    if kinds.word == "Take&Make":
        kept -= {WALK_MOVES_ONLY, KING_STEPS_FREE}
    if kinds.word == "Cage":
        # a rebirth square is chosen; a pawn reborn on its first rank observes from there
        kept -= {CAPTURE_OBSERVES, LOCAL_OBSERVATION, WALK_MOVES_ONLY, KING_STEPS_FREE}
    if kinds.word == "Assassin":
        # check is not the king's observation alone, and a capture may be no move
        kept -= {CAPTURE_OBSERVES, LOCAL_OBSERVATION, WALK_MOVES_ONLY, KING_STEPS_FREE}
    return kept


def refuse_pieces(rules, kinds: Kinds, name: str) -> None:
    """Clone reads the capturer's kind off the board: orthodox pieces only
    (a fairy pawn's promotion would hide its kind)."""
    if kinds.word == "Clone" and not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {label_of(name, 'Clone')} with fairy pieces is not supported")


# ------------------------------------------------------------- Take&Make

def _makes(pos, m: int, capsq: int, victim: int) -> list[tuple[int, int]]:
    """Circe Take&Make: (square, promotion kind or 0) of each rebirth the
    victim of capture m (about to be played) may choose: the non-capturing
    moves of its walk, as a piece of its side standing on the capture
    square, on the board after the capture (the capturer leaves the capture
    square to the victim: Popeye's `init_rebirth_squares`; after e.p. it
    stands on the arrival square), a pawn's double step from its
    first-move rank and its promotions included; a pawn on its own first
    rank has none."""
    from solver.engine.movegen import piece_moves

    side = 1 if victim > 0 else -1
    kind = victim * side
    if kind == PAWN and capsq >> 4 == (0 if side == 1 else 7):
        return []
    board = pos.board
    frm = m & 127
    to = (m >> 7) & 127
    mover = board[frm]
    saved = board[to], board[capsq]
    board[frm] = 0
    board[to] = mover
    board[capsq] = victim
    try:
        out = []
        for mk in piece_moves(pos, capsq, kind, side):
            arrival = (mk >> 7) & 127
            if board[arrival] or (mk >> 14) & 7 == EN_PASSANT:
                continue
            out.append((arrival, (mk >> 17) & 127 if (mk >> 14) & 7 == PROMOTION else 0))
        return out
    finally:
        board[to], board[capsq] = saved
        board[frm] = mover


def install_takemake(rules, v, name: str):
    """Circe Take&Make (`CirceTake&Make`, "Anti-Take&Make"): the captured
    piece is reborn by a non-capturing move of its own walk from the capture
    square (`_makes`), the capturer's choice, one move per square (and per
    promotion kind: `Rg1*g2[+bPg1=S]`), those legal (the reborn piece may
    check the mover or shield its king); a capture whose victim cannot move
    is no move (Popeye: this_move_is_illegal).  Kings are not reborn
    (RexExclusive), so check is observation."""
    from solver.conditions import circe_core
    from solver.engine.move import REBIRTH_CHOICE, REBORN_PROMOTION
    from solver.pieces import generic

    if not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {label_of(name, 'Take&Make')} with fairy pieces is not supported")

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        sq = circe_core._chosen(m)
        if not captured or sq is None:
            return
        victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
        circe_core._reborn(pos, sq, victim, m)

    rules.effect_rules.append(rebirth)
    circe_core._with_square_rights(rules)
    # the moves that capture nothing: movegen's (pins, checking geometry) where
    # Circe's capture-trial generator may run (a move without capture has no
    # effect), else the variant's generator
    base_legal, base_checking = trial_base(rules) or (rules._legal, rules._checking)
    promotions = rules.variant.promotions

    def captures(pos, checking: bool = False, first_only: bool = False) -> list[int]:
        s = pos.side
        out = []
        for m in generic.pseudo_moves(pos, promotions):
            capsq, victim = circe_core._capture(pos, m, s)
            if not victim or abs(victim) == KING:
                continue
            if checking:
                # the reborn piece is the checked side's: it may only block a check
                pos.make(m)         # (no choice: no rebirth)
                gives = rules.in_check(pos, -s)
                pos.unmake()
                if not gives:
                    continue
            for sq, kind in _makes(pos, m, capsq, victim):
                mk = m | (sq + 1) << REBIRTH_CHOICE | kind << REBORN_PROMOTION
                pos.make(mk)
                if not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                    out.append(mk)
                pos.unmake()
                if first_only and out:
                    return out
        return out

    def quiet(pos, moves: list[int]) -> list[int]:
        return [m for m in moves if not circe_core._capture(pos, m, pos.side)[1]]

    bind_in_two_parts(rules, base_legal, base_checking, quiet, captures)
    return rules


# --------------------------------------------------------------- Assassin

def install_assassin(rules, v, name: str):
    """Circe Assassin (`CirceAssassin`): the victim is reborn on its rebirth
    square whatever stands there, which it removes (Popeye's
    `circe_assassin_assassinate_solve`, writing only the rebirth:
    `Qd1*d5[+bSg8]`), even the capturer or a piece of its own side; a
    capture that would remove the mover's own king is no move.  Kings are
    not reborn (RexExclusive).  Check (Popeye's all-piece observation test,
    each capture played): a side is in check if its king is observed, or
    if one of its pieces whose rebirth square its king stands on is
    observed (taking that piece would assassinate the king); castling tests
    the king's squares so too."""
    from solver.conditions import circe_core
    from solver.pieces.generic import observed

    square = v.square

    def home(victim_side: int) -> int:
        return -victim_side if v.mirror else victim_side

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured:
            return
        capsq = capture_square(m, side)
        victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
        sq = square(abs(victim), home(-side), capsq, frm)
        if pos.board[sq]:
            pos.set_square(sq, 0)       # assassinated
        circe_core._reborn(pos, sq, victim, m)

    def spares_own_king(pos, m: int) -> bool:
        s = pos.side
        capsq, victim = circe_core._capture(pos, m, s)
        if not victim:
            return True
        frm, to = m & 127, (m >> 7) & 127
        sq = square(abs(victim), home(-s), capsq, frm)
        if sq == to:
            return circe_core._after_kind(pos, m) != KING
        return sq == frm or sq == capsq or pos.board[sq] != KING * s

    def assassinates(pos, target: int, side: int, pieces) -> bool:
        """Would taking a piece of `side` (not its king) whose rebirth square
        is `target` be possible for the pieces on `pieces`?"""
        board = pos.board
        for sq in pos.occupied[side]:
            piece = board[sq]
            if piece and piece != KING * side and sq != target \
                    and square(abs(piece), home(side), sq, -1) == target and observed(board, sq, pieces):
                return True
        return False

    def watch(pos, target: int, pieces) -> bool:
        board = pos.board
        if observed(board, target, pieces):
            return True
        side = 1 if board[target] > 0 else -1
        return assassinates(pos, target, side, pieces)

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        if ksq < 0:
            return False
        enemies = pos.occupied[-side]
        return observed(pos.board, ksq, enemies) or assassinates(pos, ksq, side, enemies)

    rules.effect_rules.append(rebirth)
    rules.move_filters.append(spares_own_king)
    rules.bind_check(check, watch)
    circe_core._with_square_rights(rules)
    return rules


# ---------------------------------------------------------------- Diagram

def _step(where: dict[int, int], entry, effects) -> dict[int, int]:
    """The diagram squares after the move of undo-stack `entry` (its journal
    `effects`): the mover's, a castling rook's and a reborn victim's follow
    them (`_Origins`)."""
    from solver.engine.board import CASTLE_PATH
    from solver.engine.move import CASTLE, LOCUST

    where = dict(where)
    m = entry[0]
    frm, to, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
    mover = where.pop(frm, frm)
    victim = None
    if flag == CASTLE:
        rf = (frm & 0x70) | ((m >> 17) & 7)
        rook = where.pop(rf, rf)
        where[CASTLE_PATH[(frm, rf)][1]] = rook
    elif entry[1] or flag == EN_PASSANT:
        side = 1 if frm >> 4 < to >> 4 else -1      # (e.p.: the pawn's direction)
        capsq = to - 16 * side if flag == EN_PASSANT else (m >> 24) & 127 if flag == LOCUST else to
        victim = where.pop(capsq, capsq)
    where[to] = mover
    for sq, old, _, new, _ in effects:
        if not new:
            where.pop(sq, None)
        elif not old and victim is not None:
            where[sq] = victim          # the victim reborn
    return where


class _Origins:
    """Circe Diagram: where each piece that has moved (or been reborn) stood
    in the diagram (Popeye: the square saved for its piece id when the twin
    is set up; a reborn piece keeps its id), as {square now: diagram
    square}, replayed from the moves on the undo stack; pieces that have
    not moved are absent (their own square).  The replay is kept for the
    entries still on the stack (the same objects), so each move adds one step."""

    def __init__(self) -> None:
        self.memo: list[tuple[object, int, dict[int, int]]] = []   # (stack entry, journal index, after it)

    def at(self, pos, plies: int | None = None) -> dict[int, int]:
        stack = pos.stack
        n = len(stack) if plies is None else plies
        memo = self.memo
        k = 0
        while k < len(memo) and k < n and memo[k][0] is stack[k]:
            k += 1
        del memo[k:]
        where, j = (memo[-1][2], memo[-1][1]) if memo else ({}, 0)
        for i in range(k, n):
            entry = stack[i]
            if entry[0] >= 0:
                where = _step(where, entry, pos.journal[j][2])
                j += 1
            memo.append((entry, j, where))
        return where


def install_diagram(rules, v, name: str):
    """Circe Diagram (`DiagramCirce`): the victim is reborn on the square it
    stood on in the diagram (`_Origins`), as Circe's other rules have it
    (Relaxed, or Strict); kings are not reborn.  Which piece stood where is
    part of the transposition key."""
    from solver.conditions import circe_core

    origins = _Origins()

    def home_square(pos, capsq: int, plies: int | None = None) -> int:
        return origins.at(pos, plies).get(capsq, capsq)

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured:
            return
        capsq = capture_square(m, side)
        victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
        sq = home_square(pos, capsq, len(pos.stack) - 1)
        if not pos.board[sq]:
            circe_core._reborn(pos, sq, victim, m)

    def strict(pos, m: int) -> bool:
        capsq, victim = circe_core._capture(pos, m, pos.side)
        if not victim:
            return True
        return circe_core._empty_after(pos, home_square(pos, capsq), m, capsq)

    def key(pos):
        board = pos.board
        return tuple(sorted((sq, o) for sq, o in origins.at(pos).items() if o != sq and board[sq]))

    rules.effect_rules.append(rebirth)
    if v.strict:
        rules.move_filters.append(strict)
    rules.key_parts.append(key)
    circe_core._with_square_rights(rules)
    return rules   # (Circe adds its capture-trial generator: `circe.install_circe`)


# ------------------------------------------------------ Volcanic, Parachute

def uncover(pos, underworld: tuple) -> tuple:
    """Bring back every piece below the board whose square is empty, from
    the start of the underworld to its end (Popeye's
    `circe_parachute_uncoverer_solve`: of two below one square, the first
    comes back), each regaining its castling right as it is put back
    (`EffectsPosition.set_square` under square rights); the pieces that stay."""
    board = pos.board
    left = []
    for sq, piece, bits in underworld:
        if board[sq]:
            left.append((sq, piece, bits))
        else:
            pos.set_square(sq, piece, bits)
    return tuple(left)


def install_underworld(rules, v, name: str, parachute: bool):
    """Circe Volcanic and Circe Parachute (Popeye's conditions/circe/parachute.c):
    where the rebirth square is occupied, one piece goes below the board
    (`EffectsPosition.underworld`, as GhostChess's ghosts: journalled and
    hashed) and comes back when its square is empty after a move (any
    move, either side's: `uncover`).  Volcanic: the occupant stays and the
    reborn piece goes below it, at the underworld's end (Popeye writes
    `[+bSb8->v]`); Parachute: the occupant goes below, at the underworld's
    start, and the reborn piece takes its square (Popeye writes the rebirth
    alone: `Kg2*h1[+wRh1]`, even where the occupant is the capturer or a
    king, whose side then has no king and is never in check).  A piece
    coming back is written as a rebirth, `[+wRh1]`.  Kings are not reborn
    (RexExclusive).  Castling rights follow Popeye's rule, in
    `EffectsPosition.set_square` (solver.conditions.castling_rights): the
    occupant that goes below takes its square's right, a piece put on a
    square gives it back; under Volcanic Popeye takes the occupant off and
    puts it back (its right taken, then given back by that rule:
    `EffectsPosition.square_readded`)."""
    from solver.conditions import circe_core
    from solver.conditions.rules import bind_trial
    from solver.engine.move import CASTLE

    if not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {label_of(name, 'Parachute' if parachute else 'Volcanic')} "
                         "with fairy pieces is not supported")
    square = v.square

    def home(victim_side: int) -> int:
        return -victim_side if v.mirror else victim_side

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        underworld = pos.underworld
        if captured:
            capsq = capture_square(m, side)
            victim = -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1]
            if abs(victim) != KING:
                sq = square(abs(victim), home(-side), capsq, frm)
                occupant = pos.board[sq]
                if not occupant:
                    circe_core._reborn(pos, sq, victim, m)
                elif parachute:
                    underworld = ((sq, occupant, pos.attrs.get(sq, 0)),) + underworld
                    pos.set_square(sq, 0)
                    circe_core._reborn(pos, sq, victim, m)
                else:
                    # the reborn piece put on its square and the occupant back on
                    # top of it: the two effects notation reads as `[+bSb8->v]`
                    occupant_bits = pos.attrs.get(sq, 0)
                    pos.set_square(sq, victim)
                    pos.set_square(sq, occupant, occupant_bits)
                    pos.square_readded(sq)   # (Popeye: the occupant removed and put back)
                    underworld = underworld + ((sq, victim, 0),)
        if underworld:
            underworld = uncover(pos, underworld)
        if underworld != pos.underworld:
            pos.set_underworld(underworld)

    rules.effect_rules.append(rebirth)
    circe_core._with_square_rights(rules)
    # a move that captures nothing, is no castling and leaves no square with a
    # piece below it has no effect: movegen's legality and checks (Circe's capture
    # trial, widened as GhostChess's)
    def plain_of(pos):
        board = pos.board
        below = {sq for sq, _, _ in pos.underworld}
        return lambda m: not (board[(m >> 7) & 127] or (m >> 14) & 7 in (EN_PASSANT, CASTLE)
                              or (m & 127) in below)

    bind_trial(rules, plain_of)
    return rules
