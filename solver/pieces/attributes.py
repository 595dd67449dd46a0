"""Piece attributes as data: Royal, Kamikaze, Chameleon (Popeye's `pieces
white royal Sc3`, `pieces black kamikaze Rh8`, `pieces white chameleon Sb1`).

Each attribute is a row: its Popeye name (English), its bit on the
`solver.engine.effects.EffectsPosition` that carries attributes, the letter
Popeye prints before the piece (`rSc3-a2`, `kRd4*d5[-wkRd5]`,
`cSd4-b3=cB`: in Popeye's order r, k, c, and the same in French and
German), the capability properties it preserves (a whitelist:
`solver.engine.capabilities`; each tested against `FEERIE_GENERIC=1` by
tests/test_attributes_popeye.py), its effect rule (run after each move by
the position) and its move filter (bound into `Rules.move_filters`).

Popeye's semantics, checked against Popeye 4.104's move lists
(tests/data/attributes/moves.inp):
- Royal: the piece is its side's royal piece, checked and mated as a king
  (`kings[side]` holds its square); one a side and none beside a king
  (Popeye: "only one king allowed"); it does not castle (only the king
  does); a royal king is a king (Popeye prints no prefix: the attribute is
  dropped); a royal pawn promotes to a royal piece.
- Kamikaze: a kamikaze piece that captures vanishes with its victim
  (`[-wkRd5]`), also by e.p.; a kamikaze pawn that captures on the last
  rank vanishes without promoting (one move, no `=Q`); a royal kamikaze
  piece (a kamikaze king) may not capture, since it would vanish; a
  kamikaze pawn promotes to a kamikaze piece.
- Chameleon: after each of its moves a chameleon knight becomes a bishop,
  a bishop a rook, a rook a queen and a queen a knight (`=cB`); a chameleon
  pawn stays a pawn until it promotes, to a chameleon piece, which does not
  change on that move; a chameleon king stays a king; a castling chameleon
  rook does not change.  Where a chameleon piece is in play (either side's)
  every other pawn may promote to a chameleon piece as well (`b7-b8=Q=c`,
  `kPb2-b1=kQ=kc`).  Kamikaze comes first: a kamikaze chameleon that
  captures vanishes as what it was (`[-wkcRd5]`).

- HalfNeutral (docs/halfneutral.md): the piece changes phase with each of
  its moves, a white or black one to neutral, a neutral one to the mover's;
  it is played by `solver.engine.halfneutral.HalfNeutralPosition`, not by
  the EffectsPosition's bits, and refused on a king beside another king,
  beside other attributes and with any condition (`half_neutral_reasons`).

- HurdleColourChanging (`solver.pieces.hurdlecc`): the hurdle a hopper
  hops over changes colour (`[d6=b]`), kings excepted; moves carry their
  hurdle; pawns promote to such hoppers (`=G=hcc`) by Popeye's rule; only
  on the hoppers with one hurdle (`HURDLE_KINDS`), not beside other
  attributes.

What is refused (`unsupported`, by name): a royal pawn (Popeye lets an e.p.
capture take it), but under FrankfurtChess alone (`ROYAL_PAWN_CONDITIONS`); a
royal piece beside a king or a second one; chameleon fairy pieces or chameleons where a fairy piece may appear (Popeye's cycle
is of orthodox pieces); attributes with a fairy condition or on a neutral
piece (Royal under FrankfurtChess, KobulKings or HaanerChess excepted: `ROYAL_CONDITIONS`;
Royal under AntiCirce, NoCapture, ChecklessChess, GridChess or GhostChess alone:
`ROYAL_ALONE_CONDITIONS`; Kamikaze, but on a king, under Circe alone:
`KAMIKAZE_ALONE_CONDITIONS`, tests/data/attrcombos/); the other Popeye attributes.
"""

from __future__ import annotations

from dataclasses import dataclass
from collections.abc import Callable
from functools import lru_cache

from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.capabilities import ALL_PROPERTIES, NO_EFFECTS, ONE_COLOUR, ONE_KING, WALK_MOVES_ONLY
from solver.engine.capabilities import KING_STEPS_FREE
from solver.engine.capabilities import CAPTURE_OBSERVES
from solver.engine.effects import (CHAMELEON, FUNCTIONARY, HURDLE_COLOUR_CHANGING, KAMIKAZE, PARALYSING,
                                   PATROL, ROYAL, UNCAPTURABLE)
from solver.engine.move import CASTLE, EN_PASSANT, LOCUST, PROMOTION


@dataclass(frozen=True)
class Attribute:
    """One piece attribute (module docstring)."""
    name: str
    bit: int
    prefix: str
    preserves: frozenset[str]
    effect: Callable | None = None
    move_filter: Callable | None = None


def kamikaze_effect(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A kamikaze piece that captured leaves the board with its victim."""
    if bits & KAMIKAZE and captured:
        pos.set_square(to, 0, 0)


def kamikaze_filter(pos, m: int) -> bool:
    """May this move be played? Not a capture by a royal kamikaze piece (it
    would leave its side without a royal piece), and of a kamikaze pawn's
    capturing promotions only one (they all end the same: the pawn is gone)."""
    frm = m & 127
    if not pos.attrs.get(frm, 0) & KAMIKAZE:
        return True
    flag = (m >> 14) & 7
    captures = bool(pos.board[(m >> 7) & 127]) or flag == EN_PASSANT or flag == LOCUST
    if not captures:
        return True
    if pos.kings[pos.side] == frm:
        return False
    return flag != PROMOTION or ((m >> 17) & 127 == QUEEN and not m & CHAMELEON_PROMOTION)


CHAMELEON_NEXT = {KNIGHT: BISHOP, BISHOP: ROOK, ROOK: QUEEN, QUEEN: KNIGHT}
# A promotion move with this bit promotes to a chameleon piece (bit 31: no
# field of the move int reaches it; Position.make ignores it).
CHAMELEON_PROMOTION = 1 << 31


def chameleon_effect(pos, m, side, frm, to, flag, bits, captured) -> None:
    """A chameleon piece that moved (not by promotion, not as a castling
    rook) takes the next kind of the cycle S, B, R, Q; a pawn promoting with
    CHAMELEON_PROMOTION becomes a chameleon piece."""
    if flag == PROMOTION or flag == CASTLE:
        if m & CHAMELEON_PROMOTION and pos.board[to]:
            pos.set_square(to, pos.board[to], pos.attrs.get(to, 0) | CHAMELEON)
        return
    if bits & CHAMELEON:
        piece = pos.board[to]
        nxt = CHAMELEON_NEXT.get(piece * side) if piece else None
        if nxt:
            pos.set_square(to, nxt * side, pos.attrs.get(to, 0))


def chameleon_promotions(legal: Callable, pos, checking: bool = False) -> list[int]:
    """Popeye: where a chameleon piece is in play, a pawn that is not one may
    also promote to a chameleon piece (`b7-b8=Q=c`): each legal promotion
    of such a pawn again, with CHAMELEON_PROMOTION (the attribute changes
    nothing of its legality, nor of the check it gives).  `legal(pos)`: the
    rule set's legal (with `checking`, checking) moves before the hooks."""
    attrs = pos.attrs
    s = pos.side
    board = pos.board
    rank = 6 if s > 0 else 1   # where a pawn stands before it promotes (orthodox pawns only:
    #                            chameleons with fairy pieces are refused)
    if not any(sq >> 4 == rank and board[sq] == PAWN * s and not attrs.get(sq, 0) & CHAMELEON
               for sq in pos.occupied[s]):
        return []
    return [m | CHAMELEON_PROMOTION for m in legal(pos)
            if (m >> 14) & 7 == PROMOTION and not attrs.get(m & 127, 0) & CHAMELEON]


def uncapturable_filter(pos, m: int) -> bool:
    """May this move be played?  Not a capture of an uncapturable piece
    (Popeye's Uncapturable, also by e.p.: its `is_not_capture_of_uncapturable`)."""
    flag = (m >> 14) & 7
    if flag == CASTLE:
        return True
    to = (m >> 7) & 127
    sq = to - 16 * pos.side if flag == EN_PASSANT else (m >> 24) & 127 if flag == LOCUST else to
    return not pos.attrs.get(sq, 0) & UNCAPTURABLE


def _hcc_effect(pos, m, side, frm, to, flag, bits, captured) -> None:
    """`solver.pieces.hurdlecc.hcc_effect` (imported at the first call: that
    module imports the walks, which import this one)."""
    global _hcc_effect_rule
    if _hcc_effect_rule is None:
        from solver.pieces.hurdlecc import hcc_effect as _hcc_effect_rule
    _hcc_effect_rule(pos, m, side, frm, to, flag, bits, captured)


_hcc_effect_rule = None


# HalfNeutral's bit in `names_of` / `bits_of` (the move records'): above the
# EffectsPosition's attribute bits and its NEUTRAL_BIT, which never carry it
HALF_NEUTRAL = 1 << 10
# what an attribute that filters moves and observation keeps (as the conditions
# of support: solver.conditions.rules.OBSERVATION_PRESERVES)
OBSERVATION_FILTERED = ALL_PROPERTIES - {CAPTURE_OBSERVES, WALK_MOVES_ONLY, KING_STEPS_FREE}

ATTRIBUTES: dict[str, Attribute] = {a.name: a for a in (
    # a royal piece other than the king: not "one king" (pins, flights, the
    # intelligent search assume the royal piece is a king)
    Attribute("Royal", ROYAL, "r", ALL_PROPERTIES - {ONE_KING}),
    # effects; and a filter that forbids moves the walks allow
    Attribute("Kamikaze", KAMIKAZE, "k", ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY},
              kamikaze_effect, kamikaze_filter),
    # Popeye's Paralysing: who observes changes (a paralysed piece does not,
    # nor a paralysing one), and moves the walks allow are forbidden (a
    # paralysed piece's, a paralysing piece's captures): its hooks are
    # `solver.conditions.paralysing`'s, installed by the rule set
    Attribute("Paralysing", PARALYSING, "p",
              ALL_PROPERTIES - {CAPTURE_OBSERVES, WALK_MOVES_ONLY, KING_STEPS_FREE}),
    # effects; and extra moves (promotions to chameleon pieces)
    Attribute("Chameleon", CHAMELEON, "c", ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY},
              chameleon_effect),
    # Popeye's HalfNeutral: a piece that changes phase (coloured <-> neutral)
    # with each of its moves; held by `solver.engine.halfneutral`, not by the
    # EffectsPosition's bits (HALF_NEUTRAL is a bit of no position): its
    # effect is the position's own (`HalfNeutralPosition.make`)
    # who observes changes (and which moves are played): filters bound by the
    # rule set (`solver.conditions.watchers.install_attribute_filters`)
    Attribute("Functionary", FUNCTIONARY, "f", OBSERVATION_FILTERED),
    Attribute("HalfNeutral", HALF_NEUTRAL, "hn", ALL_PROPERTIES - {NO_EFFECTS, ONE_COLOUR}),
    # effects (the hurdle changes colour), and moves the walks do not give as
    # they are (one per hurdle, promotions to such pieces): `solver.pieces.hurdlecc`
    Attribute("HurdleColourChanging", HURDLE_COLOUR_CHANGING, "hcc",
              ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY}, _hcc_effect),
    # a filter that forbids captures the walks allow, a king's too; only as
    # GhostChess's mark of a returned ghost (`INPUT_REFUSED`)
    Attribute("Uncapturable", UNCAPTURABLE, "u", ALL_PROPERTIES - {WALK_MOVES_ONLY, KING_STEPS_FREE},
              None, uncapturable_filter),
    Attribute("Patrol", PATROL, "p", OBSERVATION_FILTERED),
)}
# attributes feerie knows but does not read from a diagram (untested there)
INPUT_REFUSED = frozenset({"Uncapturable"})
BY_BIT = {a.bit: a for a in ATTRIBUTES.values()}
# Popeye prints the prefixes in this order: r, k, p (Paralysing), c, f, hn, hcc, u, p (Patrol).
PRINT_ORDER = tuple(ATTRIBUTES.values())


def bits_of(names) -> int:
    """The attribute bits of these (supported) attribute names."""
    out = 0
    for name in names:
        out |= ATTRIBUTES[name].bit
    return out


def names_of(bits: int) -> tuple[str, ...]:
    """The attribute names of these bits, in Popeye's order."""
    return tuple(a.name for a in PRINT_ORDER if bits & a.bit)


# Popeye's German prefix of Royal (koeniglich) is 'k', as is Kamikaze's;
# its French HalfNeutral is DemiNeutre, 'dn' (the capitals of the name).
# HurdleColourChanging: German SprungbockFarbeWechselnd 'sfw', French
# CouleurEchangeantSautoir 'ces'.
# Functionary: German Beamtet 'b'.
LANGUAGE_PREFIX = {"de": {"Royal": "k", "HurdleColourChanging": "sfw", "Functionary": "b"},
                   "fr": {"HalfNeutral": "dn", "HurdleColourChanging": "ces"}}
GERMAN_PREFIX = LANGUAGE_PREFIX["de"]


def prefix_of(names, language: str = "en") -> str:
    """Popeye's prefix for a piece with these attributes, in `language`
    ('rkc' in English and French, 'kkc' in German; HalfNeutral 'hn', French 'dn')."""
    table = LANGUAGE_PREFIX.get(language, {})
    return "".join(table.get(a.name, a.prefix) for a in PRINT_ORDER if a.name in names)


def names_of_prefix(prefix: str, language: str = "en") -> tuple[str, ...] | None:
    """The attributes of a Popeye prefix, None if it is not one: the set
    of attributes whose prefix it is (`prefix_of`).  German writes Royal and
    Kamikaze both as 'k': 'kk' is both, and a lone 'k' is read as Kamikaze
    (the text cannot tell; written back it is the same).  Paralysing and
    Patrol are both 'p': a lone 'p' is read as Paralysing (each is played
    alone, so the text is the same written back)."""
    matches = _prefixes(language).get(prefix)
    return matches


@lru_cache(maxsize=None)
def _prefixes(language: str) -> dict[str, tuple[str, ...]]:
    """Every prefix of a set of attributes in `language`, and the set it is
    read as (the one without Royal where two give one prefix: German 'k')."""
    out: dict[str, tuple[str, ...]] = {}
    order = [a.name for a in PRINT_ORDER]
    for mask in range(1, 1 << len(order)):
        names = tuple(n for i, n in enumerate(order) if mask >> i & 1)
        text = prefix_of(names, language)
        if text not in out or ("Royal" in out[text] and "Royal" not in names):
            out[text] = names
    return out


def effective(kind: str, names) -> tuple[str, ...]:
    """The attributes a piece of this kind (English code) really has:
    Royal on a king says nothing (Popeye drops it)."""
    return tuple(n for n in names if not (n == "Royal" and kind == "K"))


def effect_rules(names) -> tuple[Callable, ...]:
    """The effect rules of these attributes, kamikaze before chameleon."""
    return tuple(a.effect for a in PRINT_ORDER if a.name in names and a.effect)


def move_filters(names) -> tuple[Callable, ...]:
    return tuple(a.move_filter for a in PRINT_ORDER if a.name in names and a.move_filter)


ROYAL_CONDITIONS = frozenset({"FrankfurtChess", "KobulKings", "HaanerChess"})
"""Conditions that play royal pieces when they are the problem's only
conditions: they make royal pieces of their kings themselves
(solver.conditions.frankfurt, kobul), or change nothing of what a royal
piece is (HaanerChess: solver.conditions.haaner, compared with Popeye)."""
ROYAL_ALONE_CONDITIONS = frozenset({"AntiCirce", "NoCapture", "ChecklessChess", "GridChess",
                                    "GhostChess"})
"""Conditions that play royal pieces when each is the problem's only
condition, compared with Popeye (tests/data/attrcombos/): AntiCirce reborns
a royal capturer as a king (`solver.conditions.circe`), the others change
nothing of what a royal piece is."""
KAMIKAZE_ALONE_CONDITIONS = frozenset({"Circe"})
"""Conditions that play kamikaze pieces when each is the problem's only
condition: Circe (Popeye's Circe Kamikaze, `solver.conditions.circe`: the
kamikaze capturer is reborn as AntiCirce's capturer, before its victim)."""
ROYAL_PAWN_CONDITIONS = frozenset({"FrankfurtChess"})
"""... and royal pawns: FrankfurtChess's check test has Popeye's e.p. check
of a royal pawn."""


HCC = "HurdleColourChanging"


FILTER_CONDITIONS = frozenset({"NoCapture", "NoWhiteCapture", "NoBlackCapture"})
"""Conditions played beside Functionary and Patrol pieces: they only forbid
captures (solver.conditions.nocapture), a move filter composed with the
attributes' (compared with Popeye: tests/data/hurdlecc/Functionary.inp)."""


def unsupported(pieces, kinds_fairy: bool, conditions, kings: int = 2) -> list[str]:
    """Why feerie cannot play these pieces' attributes, one message each.

    `pieces`: (colour, kind, attributes) of the diagram (and twins);
    `kinds_fairy`: a fairy piece may appear; `conditions`: the names of the
    problem's conditions; `kings`: how many kings the problem has (diagram
    and twins: a half-neutral king is played only alone)."""
    out = []
    pieces = list(pieces)
    others = any(n != "HalfNeutral" for _, kind, names in pieces for n in effective(kind, names))
    if not any("HalfNeutral" in names for _, _, names in pieces):
        others = False
    hcc_others = HCC in alone_mixed(pieces)
    for colour, kind, names in pieces:
        for name in names:
            if name not in ATTRIBUTES or name in INPUT_REFUSED:
                out.append(f"piece attribute {name} is not supported")
        names = [n for n in effective(kind, names) if n in ATTRIBUTES and n not in INPUT_REFUSED]
        if not names:
            continue
        if "HalfNeutral" in names:
            out.extend(half_neutral_reasons(colour, kind, names, others, conditions, kings))
            continue
        if colour not in ("white", "black"):
            out.append(f"piece attribute {names[0]} on a {colour} piece is not supported")
        if HCC in names:
            out.extend(hurdle_colour_reasons(kind, names, hcc_others))
        conditions_played = names == ["Royal"] and bool(conditions) and (all(
            cond in ROYAL_CONDITIONS for cond in conditions) or (
            len(conditions) == 1 and conditions[0] in ROYAL_ALONE_CONDITIONS))
        if names == ["Kamikaze"] and len(conditions) == 1 and conditions[0] in KAMIKAZE_ALONE_CONDITIONS:
            if kind == "K":
                out.append(f"piece attribute Kamikaze on a king with condition {conditions[0]}"
                           " is not supported")
            conditions_played = True
        if "Royal" in names and kind == "P" and not (
                conditions_played and all(cond in ROYAL_PAWN_CONDITIONS for cond in conditions)):
            out.append("piece attribute Royal on a pawn is not supported")
        if "Chameleon" in names and (kinds_fairy or kind not in ("K", "Q", "R", "B", "S", "P")):
            out.append("piece attribute Chameleon with fairy pieces is not supported")
        alone = ROYAL_ALONE_CONDITIONS if names == ["Royal"] else (
            KAMIKAZE_ALONE_CONDITIONS if names == ["Kamikaze"] else frozenset())
        if not conditions_played and len(conditions) > 1 and alone & set(conditions):
            # each played alone, not together
            out.append(f"piece attribute {names[0]} with conditions {' and '.join(conditions)}"
                       " together is not supported")
            continue
        for cond in conditions:
            if not conditions_played and not (set(names) <= {"Functionary", "Patrol"}
                                              and cond in FILTER_CONDITIONS):
                out.append(f"piece attribute {names[0]} with condition {cond} is not supported")
    return out


ALONE_ATTRIBUTES = ("HurdleColourChanging", "Functionary", "Patrol")
"""Attributes played only where no other attribute is (on any piece): none
of their combinations is compared with Popeye's outputs."""


def alone_mixed(pieces) -> list[str]:
    """The ALONE_ATTRIBUTES that these pieces ((colour, kind, attributes), the
    problem's, twins' included) hold beside another attribute."""
    present = {n for _, kind, names in pieces for n in effective(kind, names)}
    return [n for n in ALONE_ATTRIBUTES if n in present and len(present) > 1]


def hurdle_colour_reasons(kind: str, names, others: bool) -> list[str]:
    """Why feerie cannot play this hurdle-colour-changing piece
    (`solver.pieces.hurdlecc`): a piece not of `HURDLE_KINDS` (Popeye allows
    the attribute on hoppers only, and on Chinese pieces, not played here),
    beside other attributes (none compared with Popeye's outputs)."""
    from solver.pieces.hurdlecc import HURDLE_KINDS

    out = []
    if kind not in HURDLE_KINDS:
        out.append(f"piece attribute {HCC} on {kind} is not supported (only on the hoppers"
                   " with one hurdle)")
    if others or len(names) > 1:
        out.append(f"piece attribute {HCC} with other piece attributes is not supported")
    return out


def paralysing_reasons(pieces) -> list[str]:
    """Why feerie cannot play these paralysing pieces (`solver.conditions.paralysing`):
    beside another attribute (on any piece) or a neutral piece (neither
    compared with Popeye)."""
    if not any("Paralysing" in names for _, _, names in pieces):
        return []
    out = []
    others = sorted({n for _, kind, names in pieces for n in effective(kind, names)} - {"Paralysing"})
    if others:
        out.append(f"piece attribute Paralysing with piece attribute {others[0]} is not supported")
    if any(colour not in ("white", "black") for colour, _, _ in pieces):
        out.append("piece attribute Paralysing with neutral pieces is not supported")
    return out


def half_neutral_reasons(colour: str, kind: str, names, others: bool, conditions,
                         kings: int = 2) -> list[str]:
    """Why feerie cannot play this half-neutral piece (`solver.engine.halfneutral`):
    on a king beside another king (Popeye's king squares then give the
    neutral king to both sides beside the other side's king; alone it is the
    neutral king feerie plays, the only one), beside other attributes (the
    neutral position carries no other), or with a condition (none compared
    with Popeye's outputs)."""
    out = []
    if kind == "K" and kings > 1:
        out.append("piece attribute HalfNeutral on a king beside another king is not supported")
    if others or len(names) > 1:
        out.append("piece attribute HalfNeutral with other piece attributes is not supported")
    for cond in conditions:
        out.append(f"piece attribute HalfNeutral with condition {cond} is not supported")
    return out


def royal_conflicts(pieces) -> list[str]:
    """Popeye's "only one king allowed": a royal piece beside a king, or two
    royal pieces, of one side (`pieces`: (colour, kind, attributes))."""
    out = []
    for colour in ("white", "black"):
        royals = [kind for c, kind, names in pieces
                  if c == colour and (kind == "K" or "Royal" in names)]
        # two kings and no royal piece: an illegal position, not this
        if len(royals) > 1 and any(kind != "K" for kind in royals):
            out.append(f"piece attribute Royal: more than one royal piece ({colour}, a king "
                       "counts) is not supported")
    return out


__all__ = ["ATTRIBUTES", "Attribute", "BY_BIT", "CHAMELEON_NEXT", "KING", "PAWN", "bits_of",
           "effect_rules", "effective", "move_filters", "names_of", "names_of_prefix", "prefix_of",
           "royal_conflicts", "unsupported"]
