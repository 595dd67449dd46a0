"""Breton (Popeye's name, py-engl.txt "condition", with `Adverse`,
`Chromatic` and `PY` after it): a capture takes with it another piece of the
captured piece's kind.

Popeye's rules (conditions/breton.c), checked against Popeye 4.104's move
lists (tests/data/effects/):
- Breton: after a capture, a piece of the capturing side of the captured
  piece's kind is removed too (the capturer itself, if it is of that kind,
  may be the one: `d5*e6[-wPe6]`);
- `Adverse`: a piece of the captured side instead (`Bf1*h3[-wRf6]`);
- `Chromatic`: the piece changes colour instead of being removed
  (`Qc4*c6[d5=b]`);
- where there are several such pieces, the capturer chooses: the capture is
  one move per choice (`BRETON_CHOICE` in the move: the piece's square),
  in Popeye's board order (a1, b1 ... h8); where there is none, the capture
  is an ordinary one;
- Popeye's two implementations: by default (WinChloe's) the piece is chosen
  before the capturing pawn promotes, so the promoted piece is never the
  one, and the promotion is written after the effect (`b7*a8[-wRh1][a8=Q]`);
  with `PY`, after it (`b7*a8=R[-wRa8]`: the promoted rook itself).
The legality of the move is judged after the effect (a removed piece may
have shielded the mover's king; a recoloured one may check it).

The captures are made here (`install`): each pseudo-legal capture, once
made, names the pieces it may take along; each choice is made and tried.
The other moves are the rule set's own.

What it keeps (`preserves`): everything but `no_effects` and
`walk_moves_only` (a move carries its choice), tested against
`FEERIE_GENERIC=1`.  It is played alone (`alone`): beside another
condition, refused by name.
"""

from __future__ import annotations

from dataclasses import replace

from solver.base.errors import InputError
from solver.engine import movegen
from solver.engine.board import square_name
from solver.engine.capabilities import WALK_MOVES_ONLY
from solver.engine.move import BRETON_CHOICE, EN_PASSANT, LOCUST, PROMOTION
from solver.conditions.changers import PRESERVES
from solver.conditions.circe import _capture
from solver.conditions.castling_rights import keep_square_rights
from solver.conditions.rules import ConditionSpec, Rules, bind_in_two_parts, trial_base
from solver.model.tree import Effect
from solver.pieces import generic
from solver.pieces.attributes import names_of
from solver.pieces.catalogue import BY_KIND

PARAMETERS = ("Adverse", "Chromatic", "PY")
# the flags of the captures whose victim is not on the arrival square
_TAKES_ELSEWHERE = (EN_PASSANT, LOCUST)


def chosen(m: int) -> int:
    """The square of the piece Breton capture m takes along, or -1 (none)."""
    return ((m >> BRETON_CHOICE) & 127) - 1


def breton_rule(chromatic: bool):
    """The effect rule: the chosen piece is removed (or, `chromatic`, recoloured)."""

    def rule(pos, m, side, frm, to, flag, bits, captured) -> None:
        sq = chosen(m)
        if sq >= 0:
            piece = pos.board[sq]
            if chromatic:
                pos.set_square(sq, -piece, pos.attrs.get(sq, 0))
            else:
                pos.set_square(sq, 0)

    return rule


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        if param not in PARAMETERS:
            raise InputError(f"condition Breton {param} is not supported")
    adverse = "Adverse" in params
    chromatic = "Chromatic" in params
    popeye = "PY" in params
    promotions = rules.variant.promotions
    base = trial_base(rules)
    if base is not None:
        # a move that captures nothing has no effect: orthodox legality and
        # checks (movegen's pins and checking geometry, as circe.capture_trial)
        base_legal, base_checking = base
        pseudo = movegen.pseudo_moves
    else:
        base_legal, base_checking = rules._legal, rules._checking

        def pseudo(pos) -> list[int]:
            return generic.pseudo_moves(pos, promotions)

    def choices(pos, m: int) -> list[int]:
        """Capture m as the moves of its choices (itself, where there is none):
        the pieces of the captured piece's kind, of the side Breton takes
        from, on the board once m is played, in board order."""
        s = pos.side
        board = pos.board
        capsq, victim = _capture(pos, m, s)
        frm, to = m & 127, (m >> 7) & 127
        owner = -s if adverse else s
        target = abs(victim) * owner
        found = [sq for sq in pos.occupied[owner] if board[sq] == target and sq != frm and sq != capsq]
        if owner == s:   # the capturer itself, as it stands once m is played
            promoted = (m >> 14) & 7 == PROMOTION
            if (((m >> 17) & 127) * s if promoted else board[frm]) == target and (popeye or not promoted):
                found.append(to)
        return [m | (sq + 1) << BRETON_CHOICE for sq in sorted(found)] or [m]

    def captures(pos, checking: bool = False, first_only: bool = False) -> list[int]:
        """The legal captures (`checking`: those that check), each choice
        tried on the plain capture made once: the chosen piece lifted (or
        recoloured) on the board alone, which is all a check test reads
        (board and piece sets; the piece is never a king)."""
        s = pos.side
        out = []
        board = pos.board
        occupied = pos.occupied
        in_check = rules.in_check
        for m in pseudo(pos):
            if not (board[(m >> 7) & 127] or (m >> 14) & 7 in _TAKES_ELSEWHERE):
                continue
            found = choices(pos, m)
            pos.make(m)
            for mk in found:
                sq = chosen(mk)
                if sq >= 0:
                    piece = board[sq]
                    side = 1 if piece > 0 else -1
                    occupied[side].discard(sq)
                    if chromatic:
                        board[sq] = -piece
                        occupied[-side].add(sq)
                    else:
                        board[sq] = 0
                if not in_check(pos, s) and (not checking or in_check(pos, -s)):
                    out.append(mk)
                if sq >= 0:
                    if chromatic:
                        occupied[-side].discard(sq)
                    board[sq] = piece
                    occupied[side].add(sq)
            pos.unmake()
            if first_only and out:
                return out[:1]
        return out

    def quiet(pos, moves: list[int]) -> list[int]:
        board = pos.board
        return [m for m in moves if not (board[(m >> 7) & 127] or (m >> 14) & 7 in _TAKES_ELSEWHERE)]

    bind_in_two_parts(rules, base_legal, base_checking, quiet, captures)
    rules.effect_rules.append(breton_rule(chromatic))
    keep_square_rights(rules)   # Popeye's castling rights (castling_rights)
    describe = rules.describe

    def described(pos, turn) -> tuple:
        """The capture as Popeye writes it: the plain capture, then the effect
        (`[-wBg4]`, `[d5=b]`), then (but with PY) the promotion (`[a8=Q]`)."""
        sq = chosen(turn)
        if sq < 0:
            return describe(pos, turn)
        plain = turn & ~(127 << BRETON_CHOICE)
        [c] = describe(pos, plain)
        pos.make(plain)
        piece, bits = pos.board[sq], pos.attrs.get(sq, 0)
        pos.unmake()
        colour = "white" if piece > 0 else "black"
        before = (colour, BY_KIND[abs(piece)].en, names_of(bits))
        after = (("black" if piece > 0 else "white", before[1], before[2]) if chromatic else None)
        effects = c.effects + (Effect(square_name(sq), before, after, bracketed=chromatic),)
        if c.promotion and not popeye:
            side = "white" if pos.side > 0 else "black"
            effects += (Effect(c.to, (side, "P", ()), (side, c.promotion, ()), bracketed=True),)
            c = replace(c, promotion=None)
        return (replace(c, effects=effects),)

    rules.describe = described
    return rules


SPEC = ConditionSpec(install, lambda params: PRESERVES - {WALK_MOVES_ONLY},
                     has_effects=True, alone=True)
"""The registry's entry (solver.conditions.registry)."""
