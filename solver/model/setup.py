"""From a stated problem to the engine's starting position.

The model speaks in names ('e4', 'S', 'white'); the engine in 0x88 ints.
This is the one place that translates, and the one place that applies the
problem conventions of RULES.md 1: castling wherever king and rook stand on
their original squares unless the statement says otherwise, e.p. only when
the statement says so.
"""

from __future__ import annotations

from solver.engine.board import BLACK, WHITE, castle_bit, parse_square, SIDE_RIGHTS
from solver.base.errors import InputError
from solver.model.problem import HALF_NEUTRAL, Problem
from solver.pieces.catalogue import by_code
from solver.engine.effects import EffectsPosition
from solver.engine.position import Position, _parse_castling
from solver.pieces.attributes import bits_of, effect_rules, effective


def position_of(problem: Problem, side: int = WHITE, effects: tuple = ()) -> Position:
    """The diagram as a Position with `side` to move: a `HalfNeutralPosition`
    when some piece is half-neutral (`solver.engine.halfneutral`); a `NeutralPosition`
    when some piece is neutral; an `EffectsPosition` (`solver.engine.effects`),
    with the effect rules of the attributes present and then `effects` (the
    conditions' rules: `Rules.effect_rules`), when a piece has attributes or
    a condition has effects (a `NeutralEffectsPosition` beside neutral
    pieces, `solver.engine.neutral_effects`: attributes beside them are
    refused as unsupported); else the plain one (the orthodox hot path).  The searches
    get their position from `Rules.position`, which passes the effects."""
    neutral = any(piece.color == "neutral" for piece in problem.pieces)
    names = {n for piece in problem.pieces for n in effective(piece.kind, piece.attributes)}
    half = HALF_NEUTRAL in names
    if half:   # half-neutral pieces: neutral on and off (no other attribute: refused before)
        names.discard(HALF_NEUTRAL)
        if effects or names:
            raise InputError("piece attribute HalfNeutral with other piece attributes or a condition"
                             " that has effects is not supported")
        from solver.engine.halfneutral import HalfNeutralPosition

        pos = HalfNeutralPosition()
        neutral = True
    elif neutral and effects:   # (only the conditions Problem.unsupported_features lets by)
        from solver.engine.neutral_effects import NeutralEffectsPosition

        pos = NeutralEffectsPosition(effects)
    elif neutral:
        from solver.engine.neutral import NeutralPosition  # only with neutral pieces (start-up)

        pos = NeutralPosition()
    elif names or effects:
        pos = EffectsPosition((*effect_rules(names), *effects))
    else:
        pos = Position()
    for piece in problem.pieces:
        row = by_code(piece.kind)
        if row is None:
            raise InputError(f"piece {piece.kind} on {piece.square} is not supported")
        kind = row.kind
        if piece.color not in ("white", "black", "neutral"):
            raise InputError(f"{piece.color} pieces are not supported ({piece.kind}{piece.square})")
        try:
            sq = parse_square(piece.square)
            if piece.color == "neutral":
                pos.put_neutral(sq, kind)
            else:
                pos.put(sq, kind if piece.color == "white" else -kind)
        except ValueError as err:
            raise InputError(f"{piece.kind}{piece.square}: {err}") from None
    for piece in problem.pieces:
        attributes = effective(piece.kind, piece.attributes)
        if half and HALF_NEUTRAL in attributes:
            pos.put_half_neutral(parse_square(piece.square))
            attributes = tuple(a for a in attributes if a != HALF_NEUTRAL)
        if attributes:
            try:
                pos.put_attributes(parse_square(piece.square), bits_of(attributes))
            except (KeyError, ValueError) as err:
                raise InputError(f"piece attribute {attributes[0]} ({piece.kind}{piece.square}): "
                                 f"{str(err).strip(chr(39))} is not supported") from None
    pos.set_side(side)
    if problem.castling is None:
        rights = pos.natural_castling()
    else:
        rights = _parse_castling(problem.castling, pos) if problem.castling != "-" else 0
    for sq in _no_castling_squares(problem):
        kind = pos.board[sq]
        if abs(kind) == 6:
            rights &= ~SIDE_RIGHTS[WHITE if kind > 0 else BLACK]
        else:
            rights &= ~castle_bit(sq)
    pos.set_castling(rights)
    if neutral:
        pos.without_neutral_castling()
    pos.set_ep(tuple(_ep_squares(problem, pos)))
    return pos


def _no_castling_squares(problem: Problem) -> list[int]:
    out = []
    for opt in problem.options:
        if opt.name == "NoCastling":
            for arg in opt.args:
                for i in range(0, len(arg) - 1, 2):
                    try:
                        out.append(parse_square(arg[i:i + 2]))
                    except ValueError:
                        raise InputError(f"NoCastling: {arg!r} is not a list of squares") from None
    return out


def _ep_squares(problem: Problem, pos: Position) -> list[int]:
    """E.p. squares from the statement: the FEN field, or Popeye's Option
    EnPassant (departure, passed-over square(s), arrival)."""
    squares = [parse_square(s) for s in problem.en_passant]
    for opt in problem.options:
        if opt.name == "EnPassant":
            names = []
            for arg in opt.args:
                names += [arg[i:i + 2] for i in range(0, len(arg) - 1, 2)]
            try:
                sqs = [parse_square(n) for n in names]
            except ValueError:
                raise InputError(f"EnPassant: {' '.join(opt.args)!r} is not a list of squares") from None
            if len(sqs) >= 3:
                squares += sqs[1:-1]
            elif len(sqs) == 1:
                squares.append(sqs[0])
    out = []
    for e in squares:
        if e not in out:
            out.append(e)
    return out
