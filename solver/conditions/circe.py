"""The Circe family (Popeye's names, py-engl.txt "condition"): Circe and
AntiCirce as one parametric condition each, on the move-effects journal.

Circe: a captured piece is reborn on its rebirth square
(`solver.conditions.rebirth`) if that square is empty after the capture;
else it vanishes (`Relaxed`, Popeye's default) or the capture is illegal
(`Strict`).  Kings are not reborn (`RexExclusive`, Popeye's default for
Circe), so check is plain observation: the orthodox check tests stay.
With `RexInclusive` a king is reborn too: taking it is a move where its
rebirth square is free (Popeye: `Rf7*f2[+bKe8]`), and check only where it
is not (an observation filter); with Strict too it is refused.

AntiCirce: the *capturer* is reborn, on the rebirth square of its own camp
that its kind after the move (a promoted pawn's new kind) has for the
capture square; the capture is legal only if that square is empty after
the capture (Popeye's default, `Strict`).  Calvet (the default): the
capture square counts as empty, since the capturer leaves it (Popeye
prints `[wGa8->a8]`); Cheylan: a capture on the capturer's own rebirth
square is illegal.  Kings are reborn too (`RexInclusive`, Popeye's default
for AntiCirce), and check is a capture of the king that is legal: an
observation counts only if the observer's rebirth square is free
(`Rules.add_observation_filter`).

Parameters: `Mirror` (the reborn piece goes to the other camp's square),
the definitions `File`, `Symmetry`, `VerticalSymmetry`,
`HorizontalSymmetry`, `Rank`, `PWC`, `Antipodes`, `Equipollents`, and the
adapters `Diametral`, `VerticalMirror`.

The move-vector definitions (Popeye's "Equipollents" family), Circe only:
`Equipollents`: the victim is reborn on the capture square shifted by the
capturing move's vector (arrival minus departure; off the board: no
rebirth).  `Parrain` (`LastMove Equipollents`): the victim is reborn one
move later, on the capture square shifted by the vector of that next move
(a castling's: the king's and the rook's added), whoever plays it; the
next move's own notation shows it (`Gf6*f4[+wGf2]`).  `ContraParrain`
(`Parrain` with `Mirror`): shifted by the opposite vector.  The victim
waiting for its rebirth is read off the undo stack (the last move, if it
captured), so it is undone with the move, a search's null move (a
`set_state`) drops it as Popeye's threat play does, and it is part of the
transposition key (`_pending`).

Pawns on their first rank (Popeye's `pawn_get_no_capture_length` and the
squares a pawn may capture on): under Parrain they step one square and
capture, as feerie's walks do; under Equipollents they do not move but
still observe; under PWC and Antipodes they neither move nor observe
(`_base_pawns`).

A pawn reborn on its last rank under these definitions promotes (Popeye's
`is_promotion_possible`: `Bh4-f2[+wPh8=Q]`), to any kind a pawn may
promote to: one move per kind, the kind in the move's bits from
`REBORN_PROMOTION` on (`_reborn_promotions`).  Popeye's traditional names (`MirrorCirce`,
`FileAntiCirce` ...) are aliases: the parameters they stand for, then
those written after them (`ALIASES`).  Every other parameter is refused
by name ("condition Circe Couscous is not supported").

Neutral pieces (solver.engine.neutral_effects): a neutral victim is reborn
neutral, on the rebirth square of the capturer's opponent (Popeye's
circe_initialise_reborn_from_capturee: the capturer is the relevant side),
`Rd1*d5[+nBc8]`; played with the parameters `NEUTRAL_PARAMS` only, in help
and series play and `~1` (solver.model.problem.NEUTRAL_NO_BATTLE), refused
with the others by name.

Castling (Popeye's castling rules): Popeye keeps a right a square, the
king's on its home square and each rook's on its corner, and a piece
reborn there (a rook on its corner, an AntiCirce king on e1 / e8) regains
it; a castling needs both.  Under these conditions feerie keeps the rights
the same way: the rights bit of the king's home square (which no castling
reads) is the king's, a king's move takes only its own, and a castling
move needs it (`_with_square_rights`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.base.errors import InputError
from solver.engine.board import BISHOP, CASTLE_PATH, E1, E8, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE, castle_bit
from solver.engine.capabilities import (ALL_PROPERTIES, CAPTURE_OBSERVES, JOURNAL_TESTED, KING_STEPS_FREE,
                                        LOCAL_OBSERVATION, NO_EFFECTS, WALK_MOVES_ONLY)
from solver.engine.identity import FOLLOWS_PIECES
from solver.engine.move import CASTLE, EN_PASSANT, PROMOTION, REBIRTH_CHOICE, REBORN_PROMOTION, capture_square
from solver.pieces import generic
from solver.conditions import circekinds
from solver.conditions.rebirth import ADAPTERS, REBIRTH, RebirthSquare, rebirth_function
from solver.conditions.circe_core import (_after_kind, _capture, _chosen, _empty_after,
                                          _first_rank_pawn_checks, _on_first_rank,
                                          _on_last_rank, _reborn, _victim_bits, _with_square_rights)
from solver.conditions.rules import ConditionSpec, Rules, bind_in_two_parts, bind_trial
from solver.conditions import einstein

# the definitions and adapters played
DEFINITIONS = ("File", "Symmetry", "VerticalSymmetry", "HorizontalSymmetry", "Rank", "PWC", "Antipodes")
# the definitions by the move's vector, and what they stand for (Popeye's
# manual: Parrain == Equipollents LastMove, ContraParrain == ... Mirror)
_VECTOR = {"Equipollents": (), "Parrain": ("LastMove",), "ContraParrain": ("LastMove", "Mirror")}
# definitions that put a pawn on its own first rank, and what it may do there
_BASE_PAWNS = {"PWC": "inert", "Antipodes": "inert", "Equipollents": "observes"}
_REX = ("RexInclusive", "RexExclusive")
# Circe's parameters that change the reborn piece's kind (Popeye's "Einstein",
# "ReversalEinstein"): the captured piece one down (up); under AntiCirce the
# capturer one up (down), as Popeye's reborn_piece.c swaps them
_EINSTEIN = {"Einstein": tuple(einstein.DOWN.items()), "ReversalEinstein": tuple(einstein.UP.items())}
_ANTI_EINSTEIN = {"Einstein": tuple(einstein.UP.items()), "ReversalEinstein": tuple(einstein.DOWN.items())}
_OCCUPIED = ("Strict", "Relaxed")

# (REBORN_PROMOTION, solver.engine.move: the move's bits that hold the kind a
# pawn reborn on its last rank promotes to)

# Popeye's traditional names: the condition they are and the parameters they imply
ALIASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "MirrorCirce": ("Circe", ("Mirror",)),
    "FileCirce": ("Circe", ("File",)),
    "MirrorFileCirce": ("Circe", ("File", "Mirror")),
    "SymmetryCirce": ("Circe", ("Symmetry",)),
    "VerticalSymmetryCirce": ("Circe", ("VerticalSymmetry",)),
    "HorizontalSymmetryCirce": ("Circe", ("HorizontalSymmetry",)),
    "DiametralCirce": ("Circe", ("Diametral",)),
    "VerticalMirrorCirce": ("Circe", ("VerticalMirror",)),
    "RankCirce": ("Circe", ("Rank",)),
    "PWC": ("Circe", ("PWC",)),
    "AntipodeanCirce": ("Circe", ("Antipodes",)),
    "EquipollentsCirce": ("Circe", ("Equipollents",)),
    "ParrainCirce": ("Circe", ("Parrain",)),
    "ContraParrain": ("Circe", ("ContraParrain",)),
    "SuperCirce": ("Circe", ("Super",)),
    "AntiSuperCirce": ("AntiCirce", ("Super",)),
    "MirrorAntiCirce": ("AntiCirce", ("Mirror",)),
    "FileAntiCirce": ("AntiCirce", ("File",)),
    "MirrorFileAntiCirce": ("AntiCirce", ("File", "Mirror")),
    "SymmetryAntiCirce": ("AntiCirce", ("Symmetry",)),
    "VerticalSymmetryAntiCirce": ("AntiCirce", ("VerticalSymmetry",)),
    "HorizontalSymmetryAntiCirce": ("AntiCirce", ("HorizontalSymmetry",)),
    # the other kinds of rebirth (solver.conditions.circekinds)
    "CirceClone": ("Circe", ("Clone",)),
    "MirrorCirceClone": ("Circe", ("Clone", "Mirror")),
    "ChameleonCirce": ("Circe", ("Chameleon",)),
    "CirceTake&Make": ("Circe", ("Take&Make",)),
    "CirceAssassin": ("Circe", ("Assassin",)),
    "DiagramCirce": ("Circe", ("Diagram",)),
    "CageCirce": ("Circe", ("Cage",)),
}


@dataclass(frozen=True)
class CirceVariant:
    """One Circe variant, read from the parameters: the rebirth square,
    whether the reborn piece goes to the other camp (Mirror), kings reborn,
    Strict, Cheylan (AntiCirce); `vector`: the Equipollents family's sign
    of the move vector (0: not that family), `last_move`: the rebirth waits
    for the next move (Parrain); `base_pawns`: what a pawn on its first
    rank may do ("moves", "observes", "inert")."""
    square: RebirthSquare
    mirror: bool
    rex_inclusive: bool
    strict: bool
    cheylan: bool
    vector: int = 0
    last_move: bool = False
    base_pawns: str = "moves"
    choice: bool = False
    # how the reborn piece's kind is chosen (`Einstein`: one down the sequence
    # Q R B S P, `ReversalEinstein`: one up, solver.conditions.einstein; the
    # rebirth square is that of the new kind); None: the captured kind
    reborn_kind: tuple[tuple[int, int], ...] | None = None

    def reborn(self, piece: int) -> int:
        """The piece reborn for the captured `piece` (a signed code)."""
        if self.reborn_kind is None:
            return piece
        kind = abs(piece)
        kind = dict(self.reborn_kind).get(kind, kind)
        return kind if piece > 0 else -kind


def read_variant(name: str, params: tuple[str, ...], anti: bool) -> CirceVariant:
    """The variant of `name` (Circe or AntiCirce, as written) with these
    parameters; an InputError names what feerie does not play, or a
    combination Popeye calls nonsense."""
    definition = adapter = einstein = None
    mirror = last_move = False
    rex = anti
    strict = anti
    cheylan = False
    for param in params:
        if param == "Super" and definition is None:
            definition = param
        elif param in _REX:
            rex = param == "RexInclusive"
        elif param == "Mirror" and not mirror and definition != "Rank":
            mirror = True
        elif param in _VECTOR and definition is None and not anti:
            definition = "Equipollents"
            for implied in _VECTOR[param]:
                mirror |= implied == "Mirror"
                last_move |= implied == "LastMove"
        elif param == "LastMove" and not last_move and not anti:
            last_move = True
        elif param in DEFINITIONS and definition is None and not (param == "Rank" and (mirror or adapter)):
            definition = param
        elif param in ADAPTERS and adapter is None and definition != "Rank":
            adapter = param
        elif param in _OCCUPIED:
            strict = param == "Strict"
        elif param in _EINSTEIN and einstein is None:
            einstein = param
        elif anti and param in ("Calvet", "Cheylan"):
            cheylan = param == "Cheylan"
        elif param in DEFINITIONS or param in ADAPTERS or param == "Mirror":
            raise InputError(f"condition {name} {' '.join(params)}: a nonsense combination")
        else:
            raise InputError(f"condition {name} {param} is not supported")
    if anti and not strict:
        raise InputError(f"condition {name} Relaxed is not supported")
    if not anti and rex and strict:
        raise InputError(f"condition {name} RexInclusive Strict is not supported")
    if last_move and definition != "Equipollents":
        raise InputError(f"condition {name} LastMove is not supported")
    if einstein is not None and (definition in _VECTOR or definition in _BASE_PAWNS or definition == "Super"
                                 or definition == "Equipollents"):
        raise InputError(f"condition {name} {definition} {einstein} is not supported")
    if einstein is not None:
        return replace(read_variant(name, tuple(p for p in params if p != einstein), anti),
                       reborn_kind=(_ANTI_EINSTEIN if anti else _EINSTEIN)[einstein])
    if definition == "Equipollents":
        return _vector_variant(name, mirror, last_move, adapter, rex, strict)
    if definition == "Super":
        for unsupported, word in ((mirror, "Mirror"), (adapter, adapter), (rex and not anti, "RexInclusive")):
            if unsupported:
                raise InputError(f"condition {name} Super {word} is not supported")
        if anti and not rex:
            raise InputError(f"condition {name} Super RexExclusive is not supported")
        return CirceVariant(rebirth_function(None, None), False, rex, strict, cheylan, choice=True)
    if anti and definition in _BASE_PAWNS:
        raise InputError(f"condition {name} {definition} is not supported")
    if definition in _BASE_PAWNS and (mirror or adapter or rex):
        extra = "Mirror" if mirror else adapter or "RexInclusive"
        raise InputError(f"condition {name} {definition} {extra} is not supported")
    assert definition is None or definition in REBIRTH
    return CirceVariant(rebirth_function(definition, adapter), mirror, rex, strict, cheylan,
                        base_pawns=_BASE_PAWNS.get(definition, "moves"))


def _vector_variant(name: str, mirror: bool, last_move: bool, adapter: str | None,
                    rex: bool, strict: bool) -> CirceVariant:
    """The Equipollents family (module docstring), with what feerie has
    tested: no adapter, kings not reborn, Parrain not Strict, Mirror only
    as ContraParrain's."""
    what = "ContraParrain" if last_move and mirror else "Parrain" if last_move else "Equipollents"
    if not last_move and mirror:
        raise InputError(f"condition {name} Equipollents Mirror is not supported")
    for unsupported, word in ((adapter, adapter), (rex, "RexInclusive"), (last_move and strict, "Strict")):
        if unsupported:
            raise InputError(f"condition {name} {what} {word} is not supported")
    return CirceVariant(rebirth_function(None, None), False, False, strict, False,
                        vector=-1 if mirror else 1, last_move=last_move,
                        base_pawns="moves" if last_move else _BASE_PAWNS["Equipollents"])


def _vector(m: int) -> tuple[int, int]:
    """(ranks, files) the move's pieces travel, added up (Popeye's
    `move_vector`: a castling's king and rook both)."""
    frm = m & 127
    to = (m >> 7) & 127
    ranks = (to >> 4) - (frm >> 4)
    files = (to & 7) - (frm & 7)
    if (m >> 14) & 7 == CASTLE:
        rf = (frm & 0x70) | ((m >> 17) & 7)
        rt = CASTLE_PATH[(frm, rf)][1]
        files += (rt & 7) - (rf & 7)
    return ranks, files


def _shifted(sq: int, vector: tuple[int, int], sign: int) -> int | None:
    """sq moved by sign times vector; None off the board."""
    rank = (sq >> 4) + sign * vector[0]
    file = (sq & 7) + sign * vector[1]
    return rank << 4 | file if 0 <= rank < 8 and 0 <= file < 8 else None


def _pending(pos, depth: int = 1):
    """Parrain's victim waiting for its rebirth: (piece, capture square) of
    the move `depth` entries down the undo stack if that move captured,
    else None (nothing played, a null move, a move without capture)."""
    stack = pos.stack
    if len(stack) < depth:
        return None
    m, victim = stack[-depth][0], stack[-depth][1]
    if m < 0:
        return None
    # who played it: the side to move now, an even number of plies back
    capturer = pos.side if depth % 2 == 0 else -pos.side
    if (m >> 14) & 7 == EN_PASSANT:
        victim = -PAWN * capturer
    if not victim:
        return None
    return victim, capture_square(m, capturer)


_KING_BITS = castle_bit(E1) | castle_bit(E8)


def _refuse_pieces(rules: Rules, name: str) -> None:
    if rules.variant.attributes:
        raise InputError(f"condition {name} with piece attributes is not supported")


# ----------------------------------------------- the capture-trial generator

def _captures(pos, m: int) -> bool:
    return bool(pos.board[(m >> 7) & 127]) or (m >> 14) & 7 == EN_PASSANT


def capture_trial(rules: Rules) -> None:
    """Bind the rule set's generator for Circe on orthodox walks (shortcut
    `capture_trial`): a move that captures nothing has no effect, so its
    legality and whether it checks are orthodox (movegen's pins and checking
    geometry); each capture is played, its rebirth with it, and tried.
    Check stays observation (the kings are not reborn).  Not bound where a
    condition has filtered the observation (the generic path holds then)."""
    bind_trial(rules, lambda pos: lambda m: not _captures(pos, m))


# ------------------------------------------------------------------- Circe

# Circe's parameters played beside neutral pieces (a neutral victim is reborn
# neutral, on the rebirth square of the capturer's opponent, as Popeye has it:
# solver.engine.neutral_effects, tests/data/neutralcond/)
NEUTRAL_PARAMS = frozenset({"Mirror", "File", "Symmetry", "Strict", "Relaxed", "RexExclusive"})


def _refuse_neutral(rules: Rules, name: str, params: tuple[str, ...]) -> None:
    if rules.variant.neutral:
        for param in params:
            if param not in NEUTRAL_PARAMS:
                raise InputError(f"condition {name} {param} with neutral pieces is not supported")


# Circe's parameters played beside kamikaze pieces (Circe Kamikaze, compared with
# Popeye: tests/data/attrcombos/)
KAMIKAZE_PARAMS = frozenset({"RexInclusive", "RexExclusive", "Relaxed"})


def _kamikaze_circe(rules: Rules, name: str, params: tuple[str, ...]) -> bool:
    """Are there kamikaze pieces to play under Circe (Popeye's Circe Kamikaze)?
    Only kamikaze pieces (the other attributes are refused), under plain
    Circe with the parameters KAMIKAZE_PARAMS."""
    attributes = set(rules.variant.attributes)
    if attributes != {"Kamikaze"}:
        return False
    for param in params:
        if param not in KAMIKAZE_PARAMS:
            raise InputError(f"condition {name} {param} with piece attribute Kamikaze is not supported")
    return True


def _kamikaze_rebirth(rules: Rules, v: CirceVariant):
    """Circe Kamikaze (Popeye's conditions/circe/kamikaze.c): a kamikaze piece
    that captures leaves the board (the attribute's effect, which runs
    first), and is reborn as an AntiCirce capturer is, on its own camp's
    rebirth square of its kind after the move (a promoted pawn's new kind)
    for the capture square, its attributes with it, if that square is empty
    (else it is gone); then its victim is reborn as Circe has it
    (`kDh1*c1[wkDc1->d1][+sLf8]`).  All of a kamikaze pawn's capturing
    promotions are moves then (the reborn kinds differ): the attribute's
    filter goes."""
    from solver.pieces.attributes import kamikaze_filter
    from solver.engine.effects import KAMIKAZE

    rules.move_filters[:] = [f for f in rules.move_filters if f is not kamikaze_filter]
    square = v.square
    base = rules.position

    def position(problem, side: int):
        pos = base(problem, side)
        pos.silent_kamikaze = True   # the capturer gone for good is not written
        return pos

    rules.position = position

    def reborn_capturer(pos, m, side, to, bits) -> None:
        if not bits & KAMIKAZE:
            return
        for sq, old, old_bits, new, _ in pos.journal[-1][2]:
            if sq == to and old and not new:   # the kamikaze capturer, taken off
                home = -side if v.mirror else side
                back = square(abs(old), home, capture_square(m, side), m & 127)
                if back is not None and not pos.board[back]:
                    pos.set_square(back, old, old_bits)
                return

    return reborn_capturer


def install_circe(rules: Rules, params: tuple[str, ...], name: str = "Circe") -> Rules:
    _refuse_neutral(rules, name, params)
    kamikaze = _kamikaze_circe(rules, name, params)
    kinds, params = circekinds.split(name, params)
    v = read_variant(name, params, anti=False)
    if not kamikaze:
        _refuse_pieces(rules, name)
    reborn_capturer = _kamikaze_rebirth(rules, v) if kamikaze else None
    if kinds is not None:
        circekinds.refuse_pieces(rules, kinds, name)
        if kinds.word == "Take&Make":
            return circekinds.install_takemake(rules, v, name)
        if kinds.word == "Assassin":
            return circekinds.install_assassin(rules, v, name)
        if kinds.word == "Cage":
            from solver.conditions import circecage

            return circecage.install_cage(rules, v, name)
        if kinds.word in ("Volcanic", "Parachute"):
            return circekinds.install_underworld(rules, v, name, kinds.word == "Parachute")
        if kinds.word == "Diagram":
            rules = circekinds.install_diagram(rules, v, name)
            capture_trial(rules)
            return rules
    square = v.square

    def reborn(pos, m: int, victim: int, played: bool) -> int:
        """The piece reborn for `victim` (circekinds: Clone, Chameleon; else
        the variant's own change of kind, Einstein's, if any)."""
        if kinds is None:
            return v.reborn(victim)
        kind = circekinds.reborn_kind(kinds, pos, m, abs(victim), played)
        return kind if victim > 0 else -kind

    def rebirth_square(pos, m: int, side: int, capsq: int, victim: int) -> int | None:
        if v.choice:
            return _chosen(m)
        if v.vector:
            return _shifted(capsq, _vector(m), v.vector)
        home = side if v.mirror else -side
        return square(abs(victim), home, capsq, m & 127)

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured:
            return
        capsq = capture_square(m, side)
        victim = reborn(pos, m, -PAWN * side if flag == EN_PASSANT else pos.stack[-1][1], True)
        victim_bits = _victim_bits(pos)
        if reborn_capturer is not None:
            reborn_capturer(pos, m, side, to, bits)
            before = pos.journal[-1][1]     # the attributes before the move: the victim's
            if before:
                victim_bits |= before.get(capsq, 0)
        sq = rebirth_square(pos, m, side, capsq, victim)
        if sq is not None and not pos.board[sq]:
            _reborn(pos, sq, victim, m, victim_bits)

    if v.last_move:
        _install_parrain(rules, v.vector, follows=kinds is None)
    else:
        rules.effect_rules.append(rebirth)
        if kinds is None:   # the victim reborn as itself (solver.engine.identity)
            setattr(rebirth, FOLLOWS_PIECES, "circe")
    if v.strict:
        def strict(pos, m: int) -> bool:
            capsq, victim = _capture(pos, m, pos.side)
            if not victim:
                return True
            sq = rebirth_square(pos, m, pos.side, capsq, reborn(pos, m, victim, False))
            # off the board counts as occupied (Popeye's border squares)
            return sq is not None and _empty_after(pos, sq, m, capsq)

        rules.move_filters.append(strict)
    if v.rex_inclusive:
        def observes(pos, frm: int, target: int) -> bool:
            """Rex inclusive: taking the king is check only if it is not reborn."""
            king = pos.board[target]
            if abs(king) != KING:
                return True
            mover = -1 if king > 0 else 1
            sq = square(KING, mover if v.mirror else -mover, target, frm)
            return sq is not None and not (sq != target and (sq == frm or not pos.board[sq]))

        rules.add_observation_filter(observes)
    if v.vector or v.base_pawns != "moves":
        _base_pawns(rules, v.base_pawns)
    _with_square_rights(rules)
    if not v.last_move and v.base_pawns != "observes":
        # (where first-rank pawns observe, movegen's legality, which has them
        # observe nothing, is not Circe's: the generic generator on its check)
        capture_trial(rules)
    if v.choice:
        _super_choices(rules, v.strict)
        _reborn_promotions(rules, _chooses_last_rank)
    elif v.last_move:
        _reborn_promotions(rules, lambda pos, m: _waiting_pawn(pos))
    elif v.vector or v.base_pawns != "moves":
        _reborn_promotions(rules, lambda pos, m: abs(_capture(pos, m, pos.side)[1]) == PAWN)
    return rules


def _chooses_last_rank(pos, m: int) -> bool:
    """Does SuperCirce capture m put a pawn on its last rank (the cheap test
    of `_reborn_promotions`)?"""
    sq = _chosen(m)
    return sq is not None and _on_last_rank(_capture(pos, m, pos.side)[1], sq)


def _chooses_last_rank_anti(pos, m: int) -> bool:
    """Does AntiSuperCirce capture m put the capturing pawn on its last rank?"""
    sq = _chosen(m)
    return sq is not None and _on_last_rank(pos.board[m & 127], sq) and (m >> 14) & 7 != PROMOTION


_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
_SQUARES = tuple(r << 4 | f for r in range(8) for f in range(8))


def _super_choices(rules: Rules, strict: bool, anti: bool = False, cheylan: bool = False) -> None:
    """SuperCirce (Popeye's `Circe Super`): the victim of a capture is reborn
    on any square empty after the capture, the capturer's choice, one move
    per square (`REBIRTH_CHOICE`), or (but Strict) on none.  The rule set's
    generator gives the moves that capture nothing; the captures are made
    here from the pseudo-legal ones, each choice tried (a reborn piece may
    check the mover or shield it)."""
    base_legal, base_checking = rules._legal, rules._checking
    promotions = rules.variant.promotions
    if not rules.variant.kinds <= _ORTHODOX:
        raise InputError("condition Circe Super with fairy pieces is not supported")

    def captures(pos, checking: bool = False, first_only: bool = False) -> list[int]:
        s = pos.side
        out = []
        for m in generic.pseudo_moves(pos, promotions):
            capsq, victim = _capture(pos, m, s)
            if not victim:
                continue
            if anti:
                out += _moved(pos, m, capsq, s, checking)
                if first_only and out:
                    return out[:1]
                continue
            pos.make(m)             # no rebirth: the victim vanishes
            if not strict and not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                out.append(m)
            if abs(victim) != KING:
                out += _placed(pos, m, victim, s, checking)
            pos.unmake()
            if first_only and out:
                return out[:1]
        return out

    def _placed(pos, m: int, victim: int, s: int, checking: bool) -> list[int]:
        """The choices of capture m, just made without rebirth, that are
        legal (and check): the victim set on each empty square in turn
        (what the rebirth changes for a check test: one more enemy piece;
        the castling rights it may bring back change no check)."""
        board = pos.board
        occupied = pos.occupied[-s]
        out = []
        for sq in _SQUARES:
            if board[sq]:
                continue
            board[sq] = victim
            occupied.add(sq)
            if not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                out.append(m | (sq + 1) << REBIRTH_CHOICE)
            board[sq] = 0
            occupied.discard(sq)
        return out

    def _moved(pos, m: int, capsq: int, s: int, checking: bool) -> list[int]:
        """AntiSuperCirce: the choices of capture m, each made and tried."""
        to = (m >> 7) & 127
        out = []
        for sq in _SQUARES:
            if sq == to and cheylan or sq != to and not _empty_after(pos, sq, m, capsq):
                continue
            mk = m | (sq + 1) << REBIRTH_CHOICE
            pos.make(mk)
            if not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                out.append(mk)
            pos.unmake()
        return out

    def quiet(pos, moves: list[int]) -> list[int]:
        return [m for m in moves if not _capture(pos, m, pos.side)[1]]

    bind_in_two_parts(rules, base_legal, base_checking, quiet, captures)


def _waiting_pawn(pos) -> bool:
    pending = _pending(pos)
    return pending is not None and abs(pending[0]) == PAWN


def _install_parrain(rules: Rules, sign: int, follows: bool = False) -> None:
    """Parrain (sign 1) and ContraParrain (-1): each move first rebirths the
    victim of the move before it (`_pending`), on its capture square shifted
    by this move's vector; the victim waiting is part of the key.  `follows`:
    the victim is reborn as itself (`solver.engine.identity`)."""

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        pending = _pending(pos, 2)
        if pending is None:
            return
        victim, capsq = pending
        sq = _shifted(capsq, _vector(m), sign)
        if sq is not None and not pos.board[sq]:
            _reborn(pos, sq, victim, m)

    if follows:
        setattr(rebirth, FOLLOWS_PIECES, "circe")
    rules.effect_rules.append(rebirth)
    rules.key_parts.append(_pending)


def _promotes_reborn(pos, m: int) -> bool:
    """Does move m put a reborn pawn on its last rank (m played unpromoted)?"""
    pos.make(m)
    hit = any(not old and _on_last_rank(new, sq) for sq, old, _, new, _ in pos.last_effects())
    pos.unmake()
    return hit


def _reborn_promotions(rules: Rules, may_promote) -> None:
    """Each move that puts a reborn pawn on its last rank becomes one move
    per kind it may promote to, those legal (a reborn enemy piece may
    check the mover); `may_promote(pos, m)` is the cheap test before
    `_promotes_reborn` (a pawn waits for its rebirth, or m takes a pawn).
    The rule set's generators and extra moves are wrapped."""
    kinds = rules.variant.promotions
    base_legal, base_checking = rules._legal, rules._checking

    def choices(pos, m: int) -> list[int] | None:
        if not may_promote(pos, m) or not _promotes_reborn(pos, m):
            return None
        s = pos.side
        out = []
        for k in kinds:
            mk = m | k << REBORN_PROMOTION
            pos.make(mk)
            if not rules.in_check(pos, s):
                out.append(mk)
            pos.unmake()
        return out

    def expand(pos, moves: list[int], checking: bool = False) -> list[int]:
        out = []
        s = pos.side
        for m in moves:
            chosen = choices(pos, m)
            if chosen is None:
                out.append(m)
                continue
            for mk in chosen:
                if checking:
                    pos.make(mk)
                    gives = rules.in_check(pos, -s)
                    pos.unmake()
                    if not gives:
                        continue
                out.append(mk)
        return out

    def legal(pos, first_only: bool = False) -> list[int]:
        moves = base_legal(pos, first_only)
        out = expand(pos, moves)
        if first_only and moves and not out:
            out = expand(pos, base_legal(pos))[:1]
        return out

    def checking(pos) -> list[int]:
        promoting = [m for m in base_legal(pos) if choices(pos, m) is not None]
        if not promoting:
            return base_checking(pos)
        return [m for m in base_checking(pos) if m not in promoting] + expand(pos, promoting, True)

    rules._legal = legal
    rules._has_legal = lambda pos: bool(legal(pos, True))
    rules._checking = checking
    rules.extra_moves = [
        (lambda gen: lambda pos, checking=False: expand(pos, gen(pos), checking))(gen)
        for gen in rules.extra_moves]


def _first_rank_pawn_moves(rules: Rules):
    """The extra moves of Parrain's pawns on their first rank: a step forward
    onto an empty square, a capture diagonally forward (feerie's walks give
    them none), each tried for legality."""

    def moves(pos, checking: bool = False) -> list[int]:
        s = pos.side
        board = pos.board
        out = []
        for frm in [sq for sq in pos.occupied[s] if _on_first_rank(board, sq)]:
            for d in (16 * s, 16 * s - 1, 16 * s + 1):
                to = frm + d
                if to & 0x88 or (board[to] * s >= 0 if d != 16 * s else board[to]):
                    continue
                m = frm | to << 7
                pos.make(m)
                if not rules.in_check(pos, s) and (not checking or rules.in_check(pos, -s)):
                    out.append(m)
                pos.unmake()
        return out

    return moves


def _refuse_observation_changes(rules: Rules) -> None:
    """The check test with first-rank pawns is not built on filtered
    observation: a condition that filters it, installed before or after,
    is refused (untested)."""
    def refuse(*args, **kwargs) -> None:
        raise InputError("condition Circe Equipollents with a condition that changes observation "
                         "is not supported")

    if rules.observation_filters:
        refuse()
    rules.add_observation_filter = refuse


def _base_pawns(rules: Rules, rule: str) -> None:
    """A pawn on its own first rank (module docstring): it "moves" (steps,
    captures and observes), "observes" without moving, or is "inert"
    (feerie's walks and its fast generator, as Popeye's orthodox chess:
    neither).  Where they observe, the check test adds them; where they
    move, the extra moves do (a move filter keeps the others still)."""
    if rule == "inert":
        rules.move_filters.append(lambda pos, m: not _on_first_rank(pos.board, m & 127))
        rules.add_observation_filter(lambda pos, frm, target: not _on_first_rank(pos.board, frm))
        return
    if rule == "observes":
        rules.move_filters.append(lambda pos, m: not _on_first_rank(pos.board, m & 127))
    _refuse_observation_changes(rules)
    base = rules.in_check
    promotions = rules.variant.promotions

    def check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        return base(pos, side) or _first_rank_pawn_checks(pos, side)

    rules.in_check = check
    rules._legal = lambda pos, first_only=False: generic.legal_moves(pos, promotions, first_only, check)
    rules._has_legal = lambda pos: generic.has_legal_move(pos, promotions, check)
    rules._checking = lambda pos: generic.checking_moves(pos, promotions, check)
    if rule == "moves":
        rules.extra_moves.append(_first_rank_pawn_moves(rules))


def preserves_circe(params: tuple[str, ...]) -> frozenset[str]:
    """Check is observation (kings are not reborn): the orthodox check
    tests hold; Strict forbids moves the walks allow.  RexInclusive: a king
    that would be reborn is not in check (an observation filter).  A
    definition that may put a pawn on its first rank forbids its moves
    there, and PWC and Antipodes its observation too (`_base_pawns`).

A pawn reborn on its last rank under these definitions promotes (Popeye's
`is_promotion_possible`: `Bh4-f2[+wPh8=Q]`), to any kind a pawn may
promote to: one move per kind, the kind in the move's bits from
`REBORN_PROMOTION` on (`_reborn_promotions`)."""
    try:
        kinds, rest = circekinds.split("Circe", params)
    except InputError:
        kinds = None            # (refused by install)
    if kinds is not None:
        return circekinds.preserves(kinds, rest, preserves_circe) - {JOURNAL_TESTED}
    dropped = {NO_EFFECTS}
    if any(p in _BASE_PAWNS for p in params):
        dropped |= {WALK_MOVES_ONLY}
    if any(p in ("PWC", "Antipodes") for p in params):
        dropped |= {CAPTURE_OBSERVES, LOCAL_OBSERVATION, KING_STEPS_FREE}
    rex = [p for p in params if p in _REX]
    if rex and rex[-1] == "RexInclusive":
        dropped |= {CAPTURE_OBSERVES, LOCAL_OBSERVATION, KING_STEPS_FREE}
    occupied = [p for p in params if p in _OCCUPIED]
    if occupied and occupied[-1] == "Strict" or "Super" in params:
        dropped |= {WALK_MOVES_ONLY, KING_STEPS_FREE}
    return ALL_PROPERTIES - dropped | _journal_tested(params, JOURNAL_CIRCE)


# The parameters under which the goals that read the last move were compared
# with Popeye (tests/test_movegoals.py): a capture is the move's, '%' a
# capture whose victim is not reborn, a target square the mover's (Circe does
# not move it; AntiCirce's capturer is followed to its rebirth square).  Under
# the others (Parrain's rebirth a move later, the kinds of rebirth ...) those
# goals are refused (`solver.engine.capabilities.MOVE_JOURNAL`).
JOURNAL_CIRCE = frozenset({"Mirror", "Antipodes", "RexInclusive", "RexExclusive"})
JOURNAL_ANTICIRCE = frozenset({"Super", "Calvet"})


def _journal_tested(params: tuple[str, ...], tested: frozenset[str]) -> frozenset[str]:
    return frozenset({JOURNAL_TESTED}) if set(params) <= tested else frozenset()


# --------------------------------------------------------------- AntiCirce

# AntiCirce's parameters played beside royal pieces (compared with Popeye: tests/data/attrcombos/)
ROYAL_ANTICIRCE_PARAMS = frozenset({"RexInclusive", "RexExclusive", "Calvet", "Cheylan", "Mirror"})


def _refuse_anticirce_pieces(rules: Rules, name: str, v: CirceVariant, params: tuple[str, ...]) -> None:
    """AntiCirce plays royal pieces (a royal capturer is reborn as a king is,
    its attribute with it, and not under RexExclusive, as Popeye's Royal
    flag decides: tests/data/attrcombos/), with the parameters compared
    (ROYAL_ANTICIRCE_PARAMS), not the other attributes."""
    others = set(rules.variant.attributes) - {"Royal"}
    if others or rules.variant.attributes and (v.choice or v.reborn_kind is not None):
        raise InputError(f"condition {name} with piece attributes is not supported")
    if rules.variant.attributes:
        for param in params:
            if param not in ROYAL_ANTICIRCE_PARAMS:
                raise InputError(f"condition {name} {param} with piece attribute Royal is not supported")


def install_anticirce(rules: Rules, params: tuple[str, ...], name: str = "AntiCirce") -> Rules:
    v = read_variant(name, params, anti=True)
    _refuse_anticirce_pieces(rules, name, v, params)
    square = v.square
    promotions = rules.variant.promotions

    def home_of(side: int) -> int:
        return -side if v.mirror else side

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        if not captured:
            return
        piece = pos.board[to]
        royal = abs(piece) == KING or pos.kings[side] == to
        if royal and not v.rex_inclusive:
            return
        piece = v.reborn(piece)
        sq = square(abs(piece), home_of(side), capture_square(m, side), frm)
        attrs = pos.attrs.get(to, 0) if pos.attrs else 0
        pos.set_square(to, 0)
        _reborn(pos, sq, piece, 0, attrs)

    def legal(pos, m: int) -> bool:
        capsq, victim = _capture(pos, m, pos.side)
        if not victim:
            return True
        kind = _after_kind(pos, m)
        if (kind == KING or pos.kings[pos.side] == m & 127) and not v.rex_inclusive:
            return True
        sq = square(abs(v.reborn(kind)), home_of(pos.side), capsq, m & 127)
        if sq == (m >> 7) & 127:
            return not v.cheylan
        return _empty_after(pos, sq, m, capsq)

    def observes(pos, frm: int, target: int) -> bool:
        """May the piece on frm take the king on target (AntiCirce check)?"""
        piece = pos.board[frm]
        side = WHITE if piece > 0 else -WHITE
        kind = piece * side
        if (kind == KING or pos.kings[side] == frm) and not v.rex_inclusive:
            return True
        kinds = (kind,)
        if kind == PAWN and target >> 4 == (7 if side == WHITE else 0):
            kinds = promotions
        for k in kinds:
            sq = square(abs(v.reborn(k)), home_of(side), target, frm)
            if sq == target:
                if not v.cheylan:
                    return True
            elif sq == frm or not pos.board[sq]:
                return True
        return False

    if v.choice:
        return _install_antisuper(rules, v.cheylan)
    setattr(rebirth, FOLLOWS_PIECES, "anticirce")   # the capturer reborn (solver.engine.identity)
    rules.effect_rules.append(rebirth)
    rules.move_filters.append(legal)
    rules.add_observation_filter(observes)
    _with_square_rights(rules)
    return rules


def _install_antisuper(rules: Rules, cheylan: bool) -> Rules:
    """AntiSuperCirce (Popeye's `AntiCirce Super`): the capturer (a promoted
    pawn as its new kind, a king too) is reborn on any square empty after
    the capture, its side's choice, one move per square (`REBIRTH_CHOICE`);
    the capture square counts (Calvet: `[wRd6->d6]`) but under Cheylan.
    Check stays observation: some square is always free for the rebirth."""

    def rebirth(pos, m, side, frm, to, flag, bits, captured) -> None:
        sq = _chosen(m)
        if not captured or sq is None:
            return
        piece = pos.board[to]       # (on `to` too: Popeye writes `[wRd6->d6]`)
        pos.set_square(to, 0)
        _reborn(pos, sq, piece, m)

    setattr(rebirth, FOLLOWS_PIECES, "anticirce")
    rules.effect_rules.append(rebirth)
    _with_square_rights(rules)
    _super_choices(rules, True, anti=True, cheylan=cheylan)
    _reborn_promotions(rules, _chooses_last_rank_anti)
    return rules


def preserves_anticirce(params: tuple[str, ...]) -> frozenset[str]:
    """Check is a legal king capture: who observes depends on the rebirth
    squares (no orthodox check test, no local observation); captures the
    walks allow may be illegal."""
    return ALL_PROPERTIES - {NO_EFFECTS, CAPTURE_OBSERVES, LOCAL_OBSERVATION,
                             WALK_MOVES_ONLY, KING_STEPS_FREE} | _journal_tested(params, JOURNAL_ANTICIRCE)


def _alias(name: str) -> ConditionSpec:
    base, implied = ALIASES[name]
    spec = SPECS[base]
    return ConditionSpec(lambda rules, params: spec.install(rules, implied + params, name),
                         lambda params: spec.preserves(implied + params),
                         changes_observation=spec.changes_observation, has_effects=True)


def _circe_typed(params: tuple[str, ...]) -> ConditionSpec:
    """Circe's spec for these parameters: played alone where a piece goes below
    the board (Volcanic, Parachute), whose combinations with other conditions
    are untested."""
    spec = SPECS["Circe"]
    if any(p in ("Volcanic", "Parachute") for p in params):
        return replace(spec, alone=True, typed=None)
    return spec


SPECS: dict[str, ConditionSpec] = {
    "Circe": ConditionSpec(install_circe, preserves_circe, has_effects=True, typed=_circe_typed),
    "AntiCirce": ConditionSpec(install_anticirce, preserves_anticirce,
                               changes_observation=True, has_effects=True),
}
SPECS.update({name: _alias(name) for name in ALIASES})
"""The registry's entries (solver.conditions.registry)."""
