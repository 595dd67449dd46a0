"""OscillatingKings and SwappingKings (Popeye's names): after a move, the two
kings exchange their squares.

What Popeye 4.104 plays (conditions/oscillating_kings.c,
input/plaintext/condition.c, and its move lists: tests/data/kings/):
- `WhiteOscillatingKings` (`BlackOscillatingKings`) concerns the moves of
  White (Black); its type, written after it: `TypeA` (the default) after
  every move of that side the kings exchange squares; `TypeB` a move after
  which the mover stands in check (before the exchange) is illegal, every
  other one exchanges them; `TypeC` the kings exchange squares only after a
  move that gives check (before the exchange);
- `SwappingKings` is both, `TypeC` (Popeye sets both conditions);
- the move is legal only if, after the exchange, the mover's king is not in
  check (Popeye's self-check guard comes after the oscillation);
- the exchange is written after the move, the black king's square first,
  each king as the piece now standing on the other's square:
  `Qd4-d8[Ke8<->Ke1]` (for the notation, `solver.output.notation`);
- castling rights are not touched by the exchange (Popeye adjusts them
  from the moves and removals of pieces only); a king back on its square
  by a later exchange still castles.
There is no exchange where a side has no king.

The exchange is an effect (`rules.effect_rules`): two `set_square`s, the
white king's square first.  What the conditions keep (`preserves`): not
`no_effects` (a king arrives on a square the move did not touch: pins,
checking geometry, flights, killer moves and the intelligent search are
off); TypeB forbids moves of the walks (not `walk_moves_only` nor
`king_steps_free`; dropped for every type, as for GhostChess).  Check is
still observation.  Played with no other condition than the other side's
oscillation (`family`), on orthodox pieces (fairy pieces and piece
attributes are untested: refused).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions.rules import ConditionSpec, Rules
from solver.engine.board import WHITE
from solver.engine.capabilities import ALL_PROPERTIES, KING_STEPS_FREE, NO_EFFECTS, WALK_MOVES_ONLY

_ORTHODOX = frozenset(range(1, 7))
TYPES = ("TypeA", "TypeB", "TypeC")
FAMILY = "OscillatingKings"


def _exchange(pos) -> None:
    """The kings exchange their squares (the white king's square first)."""
    w, b = pos.kings[1], pos.kings[-1]
    wp, bp = pos.board[w], pos.board[b]
    attrs = pos.attrs
    wbits, bbits = attrs.get(w, 0), attrs.get(b, 0)
    pos.set_square(w, bp, bbits)
    pos.set_square(b, wp, wbits)
    pos.kings[1], pos.kings[-1] = b, w


def install_types(rules: Rules, types: dict[int, str], name: str) -> Rules:
    """Install the oscillation of the sides of `types` (side -> type); a
    second call (the other side's condition) adds its side to the first's."""
    v = rules.variant
    if not v.kinds <= _ORTHODOX or set(v.promotions) - _ORTHODOX:
        raise InputError(f"condition {name} with fairy pieces is not supported")
    if v.attributes:
        raise InputError(f"condition {name} with piece attributes is not supported")
    if v.neutral:
        raise InputError(f"condition {name} with neutral pieces is not supported")
    known = getattr(rules, "oscillating", None)
    if known is not None:
        for side, kind in types.items():
            if side in known:
                raise InputError(f"condition {name} is given twice for one side")
            known[side] = kind
        return rules
    known = dict(types)
    rules.oscillating = known

    def oscillate(pos, m, side, frm, to, flag, bits, captured) -> None:
        kind = known.get(side)
        if kind is None or pos.kings[1] < 0 or pos.kings[-1] < 0:
            return
        if kind == "TypeB":
            if rules.in_check(pos, side):
                return   # illegal: the filter below drops it
        elif kind == "TypeC":
            if not rules.in_check(pos, -side):
                return
        _exchange(pos)

    def type_b_allowed(pos, m: int) -> bool:
        """TypeB: a move after which the mover stood in check (and so did
        not exchange the kings) is illegal."""
        side = pos.side
        if known.get(side) != "TypeB" or pos.kings[1] < 0 or pos.kings[-1] < 0:
            return True
        pos.make(m)
        swapped = bool(pos.last_effects())
        pos.unmake()
        return swapped

    rules.effect_rules.append(oscillate)
    rules.move_filters.append(type_b_allowed)
    return rules


def _side_install(name: str, side: int):
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        if len(params) > 1 or (params and params[0] not in TYPES):
            raise InputError(f"condition {name} {' '.join(params)} is not supported")
        return install_types(rules, {side: params[0] if params else "TypeA"}, name)

    return install


def _swapping_install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition SwappingKings {param} is not supported")
    return install_types(rules, {1: "TypeC", -1: "TypeC"}, "SwappingKings")


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {NO_EFFECTS, WALK_MOVES_ONLY, KING_STEPS_FREE}


SPECS: dict[str, ConditionSpec] = {
    "WhiteOscillatingKings": ConditionSpec(_side_install("WhiteOscillatingKings", WHITE), preserves,
                                           has_effects=True, alone=True, family=FAMILY),
    "BlackOscillatingKings": ConditionSpec(_side_install("BlackOscillatingKings", -WHITE), preserves,
                                           has_effects=True, alone=True, family=FAMILY),
    "SwappingKings": ConditionSpec(_swapping_install, preserves, has_effects=True, alone=True,
                                   family=FAMILY),
}
"""The registry's entries (solver.conditions.registry)."""
