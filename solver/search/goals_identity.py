"""Popeye's circuit and exchange goals: where pieces stood in the diagram.

The facts come from Popeye 4.104 (py-engl.txt, "stipulation": ser-ct10,
h<>3, ser-sctr2, ser-h<>r5; its testers solving/goals/circuit.c,
exchange.c and conditions/circe/circuit_by_rebirth_special.c,
exchange_by_rebirth_special.c).  A piece's diagram square is where it
stood when the problem (the twin) started; the piece that moved is
followed through the move's effects (an AntiCirce capturer to its rebirth
square):

- 'ct' (circuit): the piece that moved stands, after the move, on its own
  diagram square;
- '<>' (exchange): the piece that moved stands on the diagram square of a
  piece of its own side that now stands on the mover's diagram square
  (two pieces of the mover's side have swapped places);
- 'ctr' (circuit by rebirth): the move's Circe rebirth put its piece on its
  own diagram square;
- '<>r' (exchange by rebirth): the piece the rebirth put on square r comes
  from square d of the diagram, and the piece now on d, of the side to
  move after the move (the reborn piece's, under Circe), comes from r.

`solver.search.goals` builds their `Goal` objects (`IdentityGoal`), which
ask this module (the goal as `self`: its `symbol` and `name`).

The rebirth goals are reached only under a condition of Popeye's Circe
family (its CondFlag[circe]: AntiCirce's rebirths do not count), never
in orthodox play.  Popeye prints no mark for any of them (only '+' for a
check).

Identities are replayed from the undo stack (`solver.engine.identity`); the
transposition key takes them in (`registry.rules_for` adds
`identity_key`), so the searches and their memos need nothing of their
own, and the intelligent search declines (it declines every goal but mate
and stalemate, and every rule set with a key part).
"""

from __future__ import annotations

from solver.engine.capabilities import NO_EFFECTS, ONE_COLOUR, SINGLE_MOVE_TURNS
from solver.engine.move import CASTLE, EN_PASSANT, EXCHANGE, LOCUST
from solver.engine.identity import circe_rebirths, effects_followed, trace

MISSED = {
    "ct": "does not complete a circuit",
    "<>": "does not exchange two pieces",
    "ctr": "does not complete a circuit by rebirth",
    "<>r": "does not exchange two pieces by rebirth",
}


def _circuit(pos) -> bool:
    t = trace(pos)
    return t.mover is not None and t.mover_at >= 0 and t.mover == t.mover_at


def _exchange(pos) -> bool:
    t = trace(pos)
    at, home = t.mover_at, t.mover
    if at < 0 or home is None or home == at:
        return False
    other = pos.board[home]
    mover_side = -pos.side
    return bool(other) and (other > 0) == (mover_side > 0) and t.origin(home) == at


def _circuit_by_rebirth(pos) -> bool:
    t = trace(pos)
    sq = t.reborn_at
    return sq >= 0 and t.origin(sq) == sq


def _exchange_by_rebirth(pos) -> bool:
    t = trace(pos)
    sq = t.reborn_at
    if sq < 0:
        return False
    home = t.origin(sq)
    if home is None or home == sq:
        return False
    other = pos.board[home]
    return bool(other) and (other > 0) == (pos.side > 0) and t.origin(home) == sq


def _capture(pos, t: int) -> bool:
    flag = (t >> 14) & 7
    return flag in (EN_PASSANT, LOCUST) or (bool(pos.board[(t >> 7) & 127]) and flag not in (CASTLE, EXCHANGE))


_TESTS = {"ct": _circuit, "<>": _exchange, "ctr": _circuit_by_rebirth, "<>r": _exchange_by_rebirth}
_REBIRTH = frozenset({"ctr", "<>r"})


def candidates(self, rules, pos) -> list:
    """The turns that may reach the goal (a superset of those that do).
    Under the effects read here (`identity.effects_followed`) a capture
    is the only move whose piece may end elsewhere than on its arrival
    (an AntiCirce capturer), and a Circe rebirth comes with a capture or
    (Parrain) one move after it; without effects a circuit arrives on
    the mover's diagram square and an exchange on the diagram square of
    the piece of its side standing on the mover's.  Castlings are kept
    (two pieces move)."""
    effect_rules = getattr(pos, "effect_rules", ())
    turns = rules.turns(pos)
    if self.symbol in _REBIRTH and not circe_rebirths(effect_rules):
        return []
    if effect_rules:
        top = pos.stack[-1] if pos.stack else None
        if top is not None and top[0] >= 0 and (top[1] or (top[0] >> 14) & 7 in (EN_PASSANT, LOCUST)):
            return turns      # (Parrain: any move rebirths the last one's victim)
    if self.symbol in _REBIRTH:
        return [t for t in turns if _capture(pos, t)]
    get = trace(pos).now.get
    board = pos.board
    side = pos.side
    circuit = self.symbol == "ct"
    out = []
    for t in turns:
        flag = (t >> 14) & 7
        if flag == CASTLE or flag == EXCHANGE or (effect_rules and _capture(pos, t)):
            out.append(t)
            continue
        frm = t & 127
        to = (t >> 7) & 127
        home = get(frm, frm)
        if circuit:
            if home == to:
                out.append(t)
        elif home is not None and home != to:
            other = board[home]
            if other and (other > 0) == (side > 0) and get(home, home) == to:
                out.append(t)
    return out

def reached(self, rules, pos) -> bool:
    if self.symbol in _REBIRTH and not circe_rebirths(getattr(pos, "effect_rules", ())):
        return False
    return _TESTS[self.symbol](pos)

def refused_by(self, rules) -> str | None:
    """Why this goal cannot be played under these rules, or None: the
    replay needs one move a turn, pieces of one colour without attributes,
    and effects it reads rightly (`identity.effects_followed`)."""
    v = rules.variant
    if not v.keeps(frozenset({SINGLE_MOVE_TURNS})):
        return f"goal {self.symbol} ({self.name}) where a turn is more than one move"
    if rules.exchanges:
        # (Popeye's testers read an exchange's journal entry as a movement's:
        # what they find there is no square; a test on the board says so)
        return f"goal {self.symbol} ({self.name}) with Messigny's exchanges"
    if not v.keeps(frozenset({ONE_COLOUR})):
        return f"goal {self.symbol} ({self.name}) with neutral pieces"
    if v.attributes:
        return f"goal {self.symbol} ({self.name}) with piece attributes"
    if not v.keeps(frozenset({NO_EFFECTS})) and not rules.effect_rules:
        return f"goal {self.symbol} ({self.name}) where a move has effects"
    if not effects_followed(rules.effect_rules):
        return (f"goal {self.symbol} ({self.name}) where a move has effects other than"
                " Circe's and AntiCirce's plain rebirths")
    return None
