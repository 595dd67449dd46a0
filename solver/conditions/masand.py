"""Masand and MasandGeneralised (Popeye's names, py-engl.txt "condition"): a
piece that gives check changes the colour of every piece it observes, but
kings.

Popeye's rules (conditions/masand.c), checked against Popeye 4.104's move
lists (tests/data/effects/):
- Masand: after a move, if the piece that moved (on its arrival square; a
  promoted pawn as the piece it became; in castling the king, which never
  checks, so a castling rook's check changes nothing) observes the enemy
  king, every other piece it observes, of either side, not royal, changes
  colour, in Popeye's board order (a1, b1 ... h8);
- MasandGeneralised: every piece of the side that moved that observes the
  enemy king (a discovered check counts) recolours what it observes, in
  board order of the checkers; a piece changes colour once a move however
  many checkers observe it.
The observation is the piece's walk towards a square, whatever stands there
(a piece of its own side too: `_observes` asks the walk as if the square held
an enemy piece).  The legality of the move is judged after the changes (a
recoloured piece may check the mover's king), as Popeye judges it.

Notation: `[e5=w]` after the move, each recoloured piece's square and new
colour (French `[e5=b]` / `[e5=n]`, German `[e5=w]` / `[e5=s]`): the effects
are marked `bracketed` in the description (`describe`).

What it keeps (`preserves`): everything but `no_effects`, tested against
`FEERIE_GENERIC=1`.  It is played alone (`alone`: its observation is the
walks', which another condition may change): beside another condition,
refused by name.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import KING, SQUARES
from solver.engine.effects import ROYAL
from solver.conditions.changers import PRESERVES
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.colour_notation import bracket_colour_changes
from solver.conditions.rules import ConditionSpec, Rules
from solver.pieces import generic
from solver.pieces.catalogue import BY_KIND
from solver.pieces.families import observes


def _observes(board, frm: int, target: int) -> bool:
    """Does the piece on frm observe `target` (which holds a piece of either side)?"""
    piece, other = board[frm], board[target]
    flip = other and (other > 0) == (piece > 0)
    if flip:   # the walks answer for a target of the other side
        board[target] = -other
    try:
        return observes(board, frm, target, BY_KIND[abs(piece)].walks)
    finally:
        if flip:
            board[target] = other


def _recolour_observed(pos, frm: int, done: set[int] | None = None) -> None:
    """Every non-royal piece the piece on frm observes (but itself) changes colour
    (`done`: squares already changed this move, which change no more)."""
    board = pos.board
    attrs = pos.attrs
    for sq in SQUARES:
        piece = board[sq]
        if (not piece or sq == frm or abs(piece) == KING or attrs.get(sq, 0) & ROYAL
                or (done is not None and sq in done)):
            continue
        if _observes(board, frm, sq):
            pos.set_square(sq, -piece, attrs.get(sq, 0))
            if done is not None:
                done.add(sq)


def _checks(pos, frm: int, side: int) -> bool:
    """Does the piece of `side` on frm observe the enemy king?"""
    ksq = pos.kings[-side]
    return ksq >= 0 and pos.board[frm] * side > 0 and _observes(pos.board, frm, ksq)


def masand(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The piece that moved, if it checks, recolours what it observes."""
    if _checks(pos, to, side):
        _recolour_observed(pos, to)


def masand_generalised(pos, m, side, frm, to, flag, bits, captured) -> None:
    """Every checking piece of the side that moved recolours what it observes,
    once; in board order, each judged when its turn comes (a piece just
    recoloured into the side that moved may check and recolour in its turn)."""
    if not generic.in_check(pos, -side):   # (the walks' observation of the king, as `_checks`)
        return
    done: set[int] = set()
    for sq in SQUARES:
        if _checks(pos, sq, side):
            _recolour_observed(pos, sq, done)


def _spec(name: str, rule) -> ConditionSpec:
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        rules.effect_rules.append(rule)
        keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
        bracket_colour_changes(rules)
        return rules

    return ConditionSpec(install, lambda params: PRESERVES, has_effects=True, alone=True)


# MasandGeneralised (`masand_generalised`) is not registered: its 24 random references
# agree with Popeye, but EXAMPLES/masand.inp#8 (h=3) did not (no solution found where
# Popeye has one, reached from h=2 after the first two moves); refused by name until found.
SPECS: dict[str, ConditionSpec] = {
    "Masand": _spec("Masand", masand),
}
"""The registry's entries (solver.conditions.registry)."""
