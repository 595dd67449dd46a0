"""Engine moves as the tree records them: language-neutral `Component`s.

The search works with move ints; the tree keeps what a reader needs (which
piece moved, from where to where, capture, promotion, castling, e.p.,
exchange) so that writers never need a position.  A move is described from
the position *before* it is played.
"""

from __future__ import annotations

from dataclasses import replace

from solver.engine.board import square_name
from solver.engine.position import PASSED
from solver.engine.effects import KAMIKAZE, NEUTRAL_BIT
from solver.engine.move import (CASTLE, EN_PASSANT, EXCHANGE, FAR_EN_PASSANT, IMITATOR_PROMOTION, LOCUST,
                                PROMOTION, RETURNS, VIA, latent_promotion)
from solver.pieces.attributes import names_of
from solver.pieces.catalogue import BY_KIND
from solver.model.tree import Component, Effect, components_order


def component(pos, m: int) -> Component:
    """The move m as the tree records it, from the position before it."""
    c = _plain_component(pos, m)
    if m & VIA:   # MarsCirce: captured from the rebirth square, `Rd4-a1*c1`
        c = replace(c, via=square_name((m >> 24) & 127))
    half = getattr(pos, "half", None)
    if half is not None:   # half-neutral pieces (solver.engine.halfneutral): the mover's change of phase
        if m & 127 not in half:
            return c
        phase = ("white" if pos.side > 0 else "black") if c.neutral else "neutral"
        return replace(c, attributes=("HalfNeutral",), half_neutral=phase)
    attrs = getattr(pos, "attrs", None)
    if attrs is None:   # a plain Position: no attributes, no effects
        return c
    bits = attrs.get(m & 127, 0)
    imitators = getattr(pos, "imitators", ())
    pos.make(m)
    effects = pos.last_effects()
    if imitators:   # Imitator: where the imitators stand after the move, `Kg3-h2[Ic5]`
        c = replace(c, imitators=tuple(square_name(sq) for sq in pos.imitators[:len(imitators)]))
    pos.unmake()
    if m & IMITATOR_PROMOTION:   # the promoted piece taken off: a new imitator, `b7-b8[Ic5]=I`
        c = replace(c, promotion="I")
        effects = [e for e in effects if e[0] != (m >> 7) & 127]
    if m & RETURNS:   # Take&Make, back to the departure square: `Rd1*d5-d1`
        c = replace(c, to=c.frm, capture=True, captured=c.to)
        effects = effects[2:]
    if getattr(pos, "silent_kamikaze", False) and bits & KAMIKAZE:
        # Circe Kamikaze: the capturer taken off and not reborn is not written
        to = (m >> 7) & 127
        effects = [e for e in effects if not (
            e[0] == to and e[1] * pos.side > 0 and e[2] & KAMIKAZE and not e[3]
            and not any(f[3] == e[1] and f[4] == e[2] for f in effects))]
    names = names_of(bits)
    if not names and not effects:
        return c
    side = pos.side
    first = ()
    latent = latent_promotion(m)
    if latent is not None and pos.board[latent[0]] * side > 0:
        c, first, effects = _own_latent_promotion(pos, m, c, latent, effects)
    out = []
    effects = list(effects)
    i = 0
    while i + 1 < len(effects):
        (sq, old, old_bits, new, new_bits), after = effects[i], effects[i + 1]
        if old and new and after == (sq, new, new_bits, old, old_bits):
            # a piece put on an occupied square and the occupant put back on it:
            # the piece went below (Circe Volcanic, `[+bSb8->v]`)
            effects[i:i + 2] = [(sq, 0, 0, new, new_bits, True)]
        i += 1
    for sq, old, old_bits, new, new_bits, *below in effects:
        if below:
            out.append(Effect(square_name(sq), None, _piece(new, new_bits), below=True))
            continue
        before = _piece(old, old_bits)
        if c.promotion and not new and sq == (m >> 7) & 127 and old * side > 0 \
                and not any(e[3] * side > 0 for e in effects) \
                and not any(e[0] == sq and e[3] for e in effects):
            # a kamikaze pawn that captures on the last rank vanishes as a
            # pawn, unpromoted (Popeye: `kPb7*c8[-wkPc8]`); an AntiCirce
            # capturer, put back elsewhere, is the promoted piece
            # (`b7*a8=Q[wQa8->d1]`); one that goes below the piece reborn on its
            # square has promoted (Circe Parachute: `c2*d1=S[+wQd1]`)
            before = _piece(pos.board[m & 127], old_bits)
            c = replace(c, promotion=None)
        out.append(Effect(square_name(sq), before, _piece(new, new_bits)))
    return replace(c, attributes=names, effects=tuple(out), before=first)


def pass_effects(pos) -> tuple[Effect, ...]:
    """The effects of the pass just played (`Rules.pass_turn`), as the
    tree records them (LostPieces' `threat:[-wPd7]`); () for a plain pass."""
    if not pos.stack or pos.stack[-1][0] != PASSED:
        return ()
    return tuple(Effect(square_name(sq), _piece(old, old_bits), _piece(new, new_bits))
                 for sq, old, old_bits, new, new_bits in pos.last_effects())


def _own_latent_promotion(pos, m: int, c: Component, latent: tuple[int, int], effects: list):
    """SingleBox Type3: the mover's latent pawn promoted with its move, which
    Popeye writes before the move (`[e8=R]Re8-e4` when the promoted piece
    moves): the component, its `before` effect and the other effects."""
    sq, kind = latent
    side = pos.side
    new = kind * side
    i = next(i for i, e in enumerate(effects) if e[3] == new and e[1] == pos.board[sq])
    colour = "white" if side > 0 else "black"
    before = (Effect(square_name(sq), (colour, "P", ()), (colour, BY_KIND[kind].en, ())),)
    if m & 127 == sq:
        c = replace(c, kind=BY_KIND[kind].en)
    return c, before, effects[:i] + effects[i + 1:]


def _piece(code: int, bits: int):
    """(colour, English kind, attributes) of a piece code, or None for 0
    (neutral where the bits say so: solver.engine.neutral_effects)."""
    if not code:
        return None
    colour = "neutral" if bits & NEUTRAL_BIT else "white" if code > 0 else "black"
    return (colour, BY_KIND[abs(code)].en, names_of(bits))


def _plain_component(pos, m: int) -> Component:
    frm = m & 127
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    kind = BY_KIND[abs(pos.board[frm])].en
    neutral = frm in pos.neutral
    if flag == CASTLE:
        return Component(kind, square_name(frm), square_name(to),
                         castling="0-0" if (m >> 17) & 7 > (frm & 7) else "0-0-0")
    if flag == EXCHANGE:
        return Component(kind, square_name(frm), square_name(to), exchange=True)
    if flag == LOCUST and m & FAR_EN_PASSANT:   # Einstein chess: `c3*d2 ep.` after a triple step
        return Component(kind, square_name(frm), square_name(to), capture=True, en_passant=True,
                         neutral=neutral)
    if flag == LOCUST:
        return Component(kind, square_name(frm), square_name(to), capture=True,
                         captured=square_name((m >> 24) & 127), neutral=neutral)
    return Component(
        kind, square_name(frm), square_name(to),
        capture=bool(pos.board[to]) or flag == EN_PASSANT,
        # a pawn that stays one on its last rank (SingleBox) is written without promotion
        promotion=BY_KIND[(m >> 17) & 127].en
        if flag == PROMOTION and (m >> 17) & 127 != abs(pos.board[frm]) else None,
        en_passant=flag == EN_PASSANT,
        neutral=neutral,
    )


def print_order(rules, pos, turns: list) -> list:
    """The turns sorted as the solution prints them (`tree.components_order`:
    piece K Q R B S P, then departure and arrival squares, then promotion),
    so that a search playing them in this order finds its lines and keys in
    print order.  Orthodox moves are sorted on their ints and the board
    (0x88 squares order as the printed squares do; no notation is built);
    other turns on their description."""
    if len(turns) < 2:
        return list(turns)
    if rules.allows("int_print_order"):
        board = pos.board

        def key(m: int) -> int:
            frm = m & 127
            promo = 6 - (m >> 17) if (m >> 14) & 7 == PROMOTION else 0
            return (6 - abs(board[frm])) << 20 | frm << 12 | ((m >> 7) & 127) << 4 | promo

        return sorted(turns, key=key)
    return sorted(turns, key=lambda t: components_order(rules.describe(pos, t)))
