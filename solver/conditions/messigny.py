"""Messigny chess (RULES.md 4): a move may exchange a piece with an enemy piece of its kind.

The condition only adds moves (`Rules.extra_moves`): the exchanges, encoded
with the EXCHANGE flag (`solver.engine.move`), which `Position.make` plays as a swap
of the two pieces.  Everything else follows from the engine:

- legality (4.4): `Rules.moves` keeps an exchange only when the mover's king
  is not attacked afterwards, so an exchange may parry a check (even a king
  exchange, under Rex inclusive), give check and mate;
- an exchange is not a capture and never promotes (4.1, 4.5): `make` swaps
  the two pieces as they are, pawns included;
- castling rights (4.5): kept.  An exchange is neither a king move nor a
  rook move (Popeye, the most used solver, keeps them too); castling still
  needs the king and the rook on their squares, so a king or rook exchanged
  away cannot castle until it is back.  A king exchange is the one way a
  king with castling rights leaves e1/e8 without losing them, so castling is
  allowed from e1/e8 only (orthodox castling; the engine's X-FEN castling
  for perft positions would otherwise let a king exchanged onto another
  back-rank square "castle" from there);
- the restriction (4.2): the pieces that took part in the opponent's
  immediately preceding exchange may not exchange now, with any partner.
  In single-move play that is the last move, if it was an exchange; a null
  move of the search (threats, series play) is a move that exchanged
  nothing, as in Popeye, so it lifts the restriction.  Under Marseillais
  (4.7) the preceding turn may hold two components: `solver.conditions.marseillais`
  decides what "the preceding exchange" is there and hands the squares of
  the pieces concerned over in the turn's `TurnTag`, read here.  The key of
  a position includes those squares: they change what is legal next.
- Rex inclusive (the default) lets kings exchange; `RexExclusive` does not.

Notation (4.6) is `Ra8<->Rg5`, the mover's piece first (`solver.output.notation`).
"""

from __future__ import annotations

from solver.engine.board import ATTACKS, E1, E8, KING, SLIDES, STEPS
from solver.base.errors import InputError
from solver.engine.move import CASTLE, EXCHANGE
from solver.engine.movegen import attacked, in_check, path_clear
from solver.engine.capabilities import ALL_PROPERTIES, WALK_MOVES_ONLY
from solver.conditions.rules import ConditionSpec, Rules


def restricted(pos) -> tuple[int, ...]:
    """Squares of the pieces that may not take part in an exchange now."""
    m = pos.last_move()
    if m >= 0:
        if (m >> 14) & 7 == EXCHANGE:
            return (m & 127, (m >> 7) & 127)
        return ()
    tag = pos.tag()
    return tag.restricted if tag is not None else ()


def _attacks(board: list[int], code: int, frm: int, target: int) -> bool:
    """Would a piece `code` on `frm` attack `target`, the other squares as they are?"""
    if not ATTACKS[code][target - frm + 119]:
        return False
    if not SLIDES[code]:
        return True
    return path_clear(board, frm, target, STEPS[target - frm + 119])


def exchanges(pos, kings: bool = True, checking: bool = False, rules: Rules | None = None
              ) -> list[int]:
    """The legal exchanges of the side to move (`checking`: those that give
    check).  `kings`: whether kings exchange (Rex inclusive).  `rules`: the
    rule set they are played under; unless it allows `exchange_tables`
    (orthodox pieces), every exchange is tried on the board with its check
    test.

    An exchange of two pieces other than kings leaves every square as
    occupied as before, so no line opens or closes: the mover's king is
    attacked afterwards only by the enemy piece that lands on `frm` or by a
    piece that attacked it already (other than the one leaving `to`), and it
    checks only by the mover's piece that lands on `to`.  That is decided
    from tables, without playing the exchange; a king exchange, which moves
    both kings, is tried on the board."""
    s = pos.side
    board = pos.board
    banned = restricted(pos)
    targets: dict[int, list[int]] = {}
    for sq in sorted(pos.occupied[-s]):
        if sq not in banned:
            targets.setdefault(-board[sq], []).append(sq)
    if not targets:
        return []
    if rules is not None and not rules.allows("exchange_tables"):
        cands = [frm | to << 7 | EXCHANGE << 14 for frm in sorted(pos.occupied[s])
                 if frm not in banned and (kings or board[frm] != KING * s)
                 for to in targets.get(board[frm], ())]
        return _by_trial(pos, cands, s, checking, rules.in_check)
    out: list[int] = []
    king = KING * s
    ksq = pos.kings[s]
    ek = pos.kings[-s]
    if checking:
        if ek < 0 or attacked(board, ek, s, pos.occupied[s]):
            # no king to check, or it stands in check already (a null move of
            # a search): play the candidates out
            return _by_trial(pos, exchanges(pos, kings), s, checking)
        # only the piece landing on `to` can check: keep the squares it checks from
        targets = {p: tos for p, tos in
                   ((p, [to for to in tos if p == king or _attacks(board, p, to, ek)])
                    for p, tos in targets.items()) if tos}
        if not targets:
            return []
    enemies = pos.occupied[-s]
    checkers = ()
    if ksq >= 0 and attacked(board, ksq, -s, enemies):
        checkers = [a for a in enemies if _attacks(board, board[a], a, ksq)]
    for frm in sorted(pos.occupied[s]):
        p = board[frm]
        if frm in banned:
            continue
        tos = targets.get(p)
        if not tos:
            continue
        if p == king:
            if kings:
                out += _by_trial(pos, [frm | to << 7 | EXCHANGE << 14 for to in tos], s, checking)
            continue
        for to in tos:
            if ksq >= 0:
                if checkers and any(c != to for c in checkers):
                    continue
                if _attacks(board, -p, frm, ksq):
                    continue
            out.append(frm | to << 7 | EXCHANGE << 14)
    return out


def _by_trial(pos, moves: list[int], s: int, checking: bool, in_check=in_check) -> list[int]:
    out = []
    for m in moves:
        pos.make(m)
        if not in_check(pos, s) and (not checking or in_check(pos, -s)):
            out.append(m)
        pos.unmake()
    return out


def castles_from_home(pos, m: int) -> bool:
    """Castling only with the king on e1/e8 (a move filter)."""
    return (m >> 14) & 7 != CASTLE or (m & 127) in (E1, E8)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        if param not in ("RexInclusive", "RexExclusive"):
            raise InputError(f"Messigny: unknown parameter {param}")
    kings = "RexExclusive" not in params
    rules.extra_moves.append(lambda pos, checking=False: exchanges(pos, kings, checking, rules))
    rules.move_filters.append(castles_from_home)
    rules.key_parts.append(restricted)
    rules.exchanges = True
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    """Everything but `walk_moves_only`: exchanges are moves beyond the
    walks', and castling is filtered (the king's steps are not)."""
    return ALL_PROPERTIES - {WALK_MOVES_ONLY}


SPEC = ConditionSpec(install, preserves)
"""The registry's entry (solver.conditions.registry)."""
