"""Which piece is which: every piece's square in the diagram, read off the
position's undo stack.

Popeye's circuit and exchange goals (`solver.search.goals_identity`) ask
where the piece that just moved (or was just reborn) stood when the
problem started, and where the piece now on that square stood.  The
position does not carry identities; they are *replayed*: from the diagram
(the position's state below its whole undo stack: the searches start there
with an empty stack, one position a twin), each move carries its piece's
origin from `frm` to `to` (a castling its rook's too, a Messigny exchange
swaps two), and a capture takes its victim's off the board.  Nothing is
added to make / unmake, and the hash stays what it is: where a goal needs
identities, `identity_key` joins the transposition key
(`solver.conditions.registry.rules_for`), since two positions with the same
placement may differ in which of two like pieces stands where.

Effects (`solver.engine.effects.EffectsPosition`: its journal has one entry
a move, and one a pass with effects) are read as Popeye's journal follows a
piece through them: a piece an effect takes off the board goes to a limbo,
with the move's victim; a piece an effect puts on an empty square is the
piece of its colour in that limbo (the last one), else the victim the move
before left unreborn (a Parrain rebirth, one move late), else a new piece
of no origin; an effect that changes the piece on a square (its kind, its
colour, a reborn pawn's promotion) keeps it the same piece.  That reading
is right only for the effect rules that say so (`FOLLOWS_PIECES`, set on
the rule by the condition: Circe's and AntiCirce's plain rebirths); the
goals refuse the others (`effects_followed`).
"""

from __future__ import annotations

from solver.engine.board import CASTLE_PATH
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE, LOCUST
from solver.engine.position import PASSED

IDENTITY_GOALS = frozenset({"ct", "ctr", "<>", "<>r"})
"""The goals that read where pieces stood in the diagram (Popeye: circuit,
circuit by rebirth, exchange, exchange by rebirth)."""

FOLLOWS_PIECES = "follows_pieces"
"""The attribute an effect rule carries when its effects are read rightly as
this module reads them (the value: the family, 'circe' for the rebirths
Popeye's circuit and exchange by rebirth look at, 'anticirce' for the
others)."""


def effects_followed(effect_rules) -> bool:
    """Does every one of these effect rules say its effects are read rightly here?"""
    return all(getattr(rule, FOLLOWS_PIECES, None) for rule in effect_rules)


def circe_rebirths(effect_rules) -> bool:
    """Do these rules hold a Circe rebirth (Popeye's CondFlag[circe]: the
    rebirth goals are reached only there)?"""
    return any(getattr(rule, FOLLOWS_PIECES, None) == "circe" for rule in effect_rules)


class Trace:
    """The identities after the moves on the stack.  `origin(sq)`: the
    diagram square of the piece now on sq (None: no piece, or one of no
    origin); of the last move: `mover` (the origin of the piece that moved),
    `mover_at` (where that piece stands after the move's effects, -1 if it
    left the board), `reborn_at` (the square of the last piece an effect put
    on an empty square, -1 for none)."""

    __slots__ = ("now", "mover", "mover_at", "reborn_at", "waiting")

    def __init__(self) -> None:
        self.now: dict[int, int | None] = {}   # squares touched -> origin (None: empty)
        self.mover: int | None = None
        self.mover_at = -1
        self.reborn_at = -1
        self.waiting: tuple | None = None   # the last move's victim still off the board

    def origin(self, sq: int) -> int | None:
        return self.now.get(sq, sq)

    def key(self, board) -> tuple:
        """The identities that differ from the diagram's, as a hashable value:
        the occupied squares whose piece comes from elsewhere (-1: from
        nowhere), and the origin of a victim still waiting for a late
        (Parrain) rebirth.  With the placement (the hash) that says which
        piece stands where."""
        return (tuple(sorted((sq, -1 if o is None else o) for sq, o in self.now.items()
                             if o != sq and board[sq])), self.waiting)


def trace(pos) -> Trace:
    """Replay the position's undo stack from the diagram (module docstring)."""
    t = Trace()
    now = t.now
    journal = getattr(pos, "journal", None)
    j = 0
    unreborn = None      # the last move's victim still off the board: (origin, colour)
    for entry in pos.stack:
        m = entry[0]
        if m < 0:
            if m == PASSED and journal is not None:
                _effects(t, journal[j][2], [], None)
                j += 1
            unreborn = None
            continue
        frm = m & 127
        to = (m >> 7) & 127
        flag = (m >> 14) & 7
        victim = None
        if flag == EXCHANGE:
            a, b = now.get(frm, frm), now.get(to, to)
            now[frm], now[to] = b, a
            mover = a
        elif flag == CASTLE:
            rf = (frm & 0x70) | ((m >> 17) & 7)
            rt = CASTLE_PATH[(frm, rf)][1]
            king, rook = now.get(frm, frm), now.get(rf, rf)
            now[frm] = None
            now[rf] = None
            now[to] = king
            now[rt] = rook
            mover = king
        else:
            taken = entry[1]
            capsq = -1
            if flag == EN_PASSANT:
                capsq = (frm & 0x70) | (to & 7)
                # the victim is a pawn of the mover's opponent (the entry records 0):
                # a white pawn steps up the board
                colour = -1 if (to >> 4) > (frm >> 4) else 1
            elif flag == LOCUST or taken:
                capsq = (m >> 24) & 127 if flag == LOCUST else to
                colour = 1 if taken > 0 else -1
            if capsq >= 0:
                victim = (now.get(capsq, capsq), colour)
                now[capsq] = None
            mover = now.get(frm, frm)
            now[frm] = None
            now[to] = mover
        t.mover = mover
        t.mover_at = to
        t.reborn_at = -1
        if journal is not None:
            limbo = [victim] if victim is not None else []
            _effects(t, journal[j][2], limbo, unreborn)
            j += 1
            unreborn = victim if victim is not None and victim[0] is not None and any(
                x is victim for x in limbo) else None
        else:
            unreborn = None
    t.waiting = unreborn
    return t


def _effects(t: Trace, effects, limbo: list, unreborn) -> None:
    """Read one journal entry's effects into the trace (module docstring):
    `limbo` holds the move's victim, `unreborn` the victim the move before
    left off the board."""
    now = t.now
    for sq, old, _, new, _ in effects:
        if old and not new:
            limbo.append((now.get(sq, sq), 1 if old > 0 else -1))
            now[sq] = None
            if t.mover_at == sq:
                t.mover_at = -1
        elif new and not old:
            colour = 1 if new > 0 else -1
            origin = None
            for i in range(len(limbo) - 1, -1, -1):
                if limbo[i][1] == colour:
                    origin = limbo.pop(i)[0]
                    break
            else:
                if unreborn is not None and unreborn[1] == colour:
                    origin, unreborn = unreborn[0], None
            now[sq] = origin
            t.reborn_at = sq
            if origin is not None and origin == t.mover and t.mover_at == -1:
                t.mover_at = sq


def identity_key(pos) -> tuple:
    """The part of a transposition key that says which piece is which
    (`Trace.key`): a key part (`Rules.key_parts`) where a goal reads
    identities."""
    return trace(pos).key(pos.board)
