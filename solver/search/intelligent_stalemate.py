"""Stalemate targets: partial final positions that every help stalemate contains.

The same refinement as the mate targets (`solver.search.intelligent_targets`,
whose docstring says what a target is), for a final position P in which the
stalemated side S is to move, is not in check and has no legal move:

1. Put S's king on a square k it can reach in its moves (no checker: P has
   no check).
2. Look at the position made of the target's pieces alone, S to move.
   - A king in check there: the other side's king (the side that just moved
     cannot be in check), or S's king (a guard placed for a flight may also
     see the king: in P some piece then stands between). A contact check
     kills the target; a line check branches over every piece that may stand
     on the line (`_shield`).
   - No move: the target is complete.
   - Otherwise take one legal move m (a to b) of S and branch over every
     single piece that, added, makes m impossible:
     - b is empty: a piece of S on b (any piece at all for a pawn's step
       forward, which cannot capture);
     - a rider's or a pawn's double step's way: any piece on it;
     - a king's move: a piece of the other side guarding b (seen with the
       king still on k: a guard whose line runs through k would check k,
       which P does not allow);
     - any other move: a pinner on the line k - a, beyond a (the other
       side's bishop, rook or queen; the squares between empty).
   Why this is complete: let P be a stalemate containing the target T (T's
   pieces where T says, T's empty squares empty). The move m is legal among
   T's pieces, P has no legal move, so in P m is either not a move at all
   (a piece of P on its way, on b as S's own piece, or on b in front of a
   pawn) or leaves S's king attacked. Before m the king is not attacked in
   P, so the attack is by a piece X that m uncovers (a pinner on the line
   through a: m is not a king move; no e.p. in the target, no castling) or,
   for a king's move, a piece X that sees b. X is not in T (else m would be
   illegal among T's pieces: they see at least as much alone as in P), and
   its line is empty in P, so X on its square is one of the branches. In
   each case the piece of P that stops m is among the branches, T plus it
   is still contained in P, and since each step adds a piece of P, some
   branch ends with a target contained in P. A king in check among T's
   pieces is in check in P unless a piece of P stands on the line: again a
   branch. Nothing else is assumed: the pieces of S that are not in the
   target may stand anywhere (or be captured); that every piece of S that
   survives is immobile in P is left to the search's final test.
3. Costs, reach and the must-be-empty squares are those of the mate targets.

Goals that use these targets: '=' (stalemate), and '#=' (mate or
stalemate), which uses the mate targets and these together (every such
position is one or the other). '==' (double stalemate) would be complete
with these targets too (every '==' position is a '=' position of the side to
move; the mover's having no move is the final test's), but no test has yet
compared it on positions that have solutions, so it falls back to brute
force, as do the goals that do not leave the side to move without a move
('!=', which stalemates the mover, '+', 'x', ...).
"""

from __future__ import annotations

from solver.engine.board import BLACK, KING, PAWN, SQUARES, WHITE
from solver.engine.movegen import attacked
from solver.search.intelligent_targets import BIT, MateTargets, Target, _between_mask, _bits

STALEMATE_GOALS = frozenset({"="})
"""The goals whose final positions all contain a stalemate target."""


class StalemateTargets(MateTargets):
    """Enumerates the targets of a help stalemate: `moves[side]` moves each,
    the side `mated` (the stalemated side) is stalemated by the last move."""

    def generate(self, cap: int | None = None) -> list[Target]:
        """Every target; TooManyTargets after `cap` refinement steps."""
        self.cap = cap
        sk = self.pos.kings[self.mated]
        if sk < 0:
            return []
        kid = next(p.id for p in self.pieces if p.square == sk)
        ktab = self.tables[kid][KING]
        for k in SQUARES:
            cost = ktab[sk * 128 + k]
            if cost > self.limit[self.mated]:
                continue
            self._put(kid, KING, k, cost, ())
            self._refine()
            self._remove(kid, KING, k, cost, ())
        return self._merged()

    def _check_fixes(self):
        """None when neither king is in check in the target, else the fixes
        that may shield the one in check."""
        out = super()._check_fixes()
        if out is not None:
            return out
        tp = self.tp
        k = tp.kings[self.mated]
        if attacked(tp.board, k, self.mating, tp.occupied[self.mating]):
            return self._shield(k, self.mating)
        return None

    def _count(self, m: int, groups, cap: int) -> int:
        """How many fixes refutation m has (0 only when it has none)."""
        return len(self._build(m, groups))

    def _build(self, m: int, groups):
        """The fixes of the stalemated side's move m, as (id, kind, square,
        cost, path): see the module docstring."""
        tp = self.tp
        k = tp.kings[self.mated]
        a = m & 127
        b = (m >> 7) & 127
        free = ~(self.occ | self.emp)
        mating, mated = self.mating, self.mated
        out = []
        arrival = BIT[b] & free and not tp.board[b]
        if a == k:
            if arrival:
                out += self._placements(b, groups[mated], kings=False)
            return out + self._build_attackers(b, -1, -1, groups[mating], kings=True)
        if arrival:
            push = tp.board[a] * mated == PAWN and (a - b) % 16 == 0
            for side in ((WHITE, BLACK) if push else (mated,)):
                out += self._placements(b, groups[side], kings=side == mating)
        between = _between_mask(a, b) & free
        if between:
            for side in (mating, mated):
                for kind, union, members in groups[side]:
                    if kind != KING or side == mating:
                        for pid, bb in members:
                            for s in _bits(bb & between):
                                out.append(self._fix(pid, kind, s, ()))
        return out + self._pinners(m, groups[mating])

    def _placements(self, sq: int, kinds, kings: bool) -> list:
        """Fixes putting an unused piece of one side (its `kinds` groups) on sq."""
        bit = BIT[sq]
        out = []
        for kind, union, members in kinds:
            if (kind != KING or kings) and union & bit:
                for pid, bb in members:
                    if bb & bit:
                        out.append(self._fix(pid, kind, sq, ()))
        return out

