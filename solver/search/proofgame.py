"""Proof games: from the game array to the stated diagram (Popeye's `dia n`,
`ser-dia n`), and from one diagram to another (`a=>b n`).

`dia n` is help play of 2n half-moves (`dia n.5`: 2n+1), White first, from
the initial game array; its goal `dia` is reached when the placement equals
the diagram's (Popeye's ProofIdentical: every square's piece and colour, so
also no piece more; castling rights and e.p. are not compared).  As in help
play, Popeye prints the shorter solutions too (each a whole move shorter,
ending with the same side), and `exact-dia n` only those of full length;
a line whose move of the side that ends it reaches the diagram early stops
there (`LineSearch._early_goal`).  `ser-dia n` is White's series of n
moves (and the shorter series), Black passing: no move but the last may
give check.  `a=>b n` is help play from the pieces stated before the
stipulation to those stated after it (`Problem.proof_target`), Black first
unless WhiteToPlay (`Problem.white_to_move`); its goal prints `a=>b`.

The search plays as `LineSearch` does (its collector, marks and memo), each
node pruned by the lower bounds of `solver.search.proofgame_bound`: a move
is played and its child's bound computed before anything else; when the
moves one side needs at least to reach the target exceed those it has
left, the move is dropped.  Positions that fail are remembered by (position,
moves left), shared by the lengths of one problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from solver.model.problem import Piece, Problem
from solver.model.tree import Node, Role, Turn
from solver.search.goals import Goal
from solver.search.helpplay import LineSearch, Schedule
from solver.search.proofgame_bound import INF, Target, combined, needed, side_need

# positions whose bound parts are kept (then the cache starts again)
_CACHE_LIMIT = 400_000

GAME_ARRAY = (
    "Ke1 Qd1 Ra1 Rh1 Bc1 Bf1 Sb1 Sg1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2",
    "Ke8 Qd8 Ra8 Rh8 Bc8 Bf8 Sb8 Sg8 Pa7 Pb7 Pc7 Pd7 Pe7 Pf7 Pg7 Ph7",
)


def start_problem(problem: Problem) -> Problem:
    """The problem with the game array for its diagram (castling rights where
    kings and rooks stand, no e.p.; options about the diagram's castling and
    e.p. dropped: they state the target's)."""
    pieces = tuple(Piece(word[1:], color, word[0])
                   for color, row in zip(("white", "black"), GAME_ARRAY) for word in row.split())
    options = tuple(o for o in problem.options if o.name not in ("NoCastling", "EnPassant"))
    return replace(problem, pieces=pieces, castling=None, en_passant=(), options=options)


@dataclass(frozen=True)
class DiaGoal(Goal):
    """The goal `dia`: the placement equals `board` (a 0x88 board)."""

    board: tuple = field(default=(), compare=False)

    def reached(self, rules, pos) -> bool:
        return tuple(pos.board) == self.board

    def candidates(self, rules, pos) -> list:
        return rules.turns(pos)


def dia_goal(target_board, symbol: str = "dia") -> DiaGoal:
    """The goal of reaching `target_board` ('dia', or 'a=>b' of an A-to-B proof game)."""
    return DiaGoal(symbol, symbol, False, board=tuple(target_board))


class ProofGameSearch(LineSearch):
    """All proof games of one schedule (one length) from `pos` (the game
    array, White to move) to the placement of `target_board`."""

    def __init__(self, rules, pos, schedule: Schedule, target_board, budget, max_solutions=None,
                 memo: dict | None = None, symbol: str = "dia") -> None:
        super().__init__(rules, pos, schedule, dia_goal(target_board, symbol), budget, max_solutions)
        if memo is not None:
            # the failures of every length: keyed by the moves left, where the
            # schedules of one problem agree (the same sides from there on)
            self._fail = memo
        self.target = Target(list(target_board))
        # the bound's parts (white's, black's) of the positions met, by hash
        self._cache: dict = {}
        sides = schedule.sides
        # moves left to each side from slot i on
        self._left = [(sum(1 for s in sides[i:] if s > 0), sum(1 for s in sides[i:] if s < 0))
                      for i in range(len(sides) + 1)]

    def solve(self, out=None, only=None):
        out = [] if out is None else out
        pos = self.pos
        white, black = needed(self.target, pos.board, pos.occupied, pos.castling)
        if white <= self._left[0][0] and black <= self._left[0][1]:
            target, board, occ = self.target, pos.board, pos.occupied
            self._parts = {1: side_need(target, board, occ, 1, pos.castling),
                           -1: side_need(target, board, occ, -1, pos.castling)}
            super().solve(out, only)
        return out

    def _slot(self, i: int, out: list):
        """Fill `out` with the lines from slot i on (the position passed the
        bound for slot i); return it.  A move is described only once it
        is known to lead somewhere: its child's bound first."""
        sched = self.schedule
        pos, rules = self.pos, self.rules
        sides = sched.sides
        last = i == len(sides) - 1
        key = None
        if i == 0 and self._only is not None:
            every = rules.turns(pos)
            turns = [every[j] for j in self._only if j < len(every)]
        else:
            key = (rules.key(pos), len(sides) - i)
            if key in self._fail:
                return out
            turns = rules.turns(pos)
        self.budget.tick()
        side = _side(pos.side)
        target = self.target
        goal_board = self.goal.board
        board = pos.board
        stack = self._stack
        if last:
            hits = []
            # the last move must land where the target has a piece of the mover's
            # (a castling: its king; a promotion: the new piece), or it leaves some
            # square unlike the target's
            tb = target.board
            mover = pos.side
            for t in turns:
                if type(t) is int and tb[(t >> 7) & 127] * mover <= 0:
                    continue
                rules.play(pos, t)
                if tuple(board) == goal_board:
                    hits.append(t)
                rules.undo(pos, t)
            self._goal_leaves(hits, self.goal, out)
            if not out:
                self._remember_failure(key)
            return out
        # a move of the side that ends the line reaching the diagram early ends it (a shorter solution)
        early = sides[i] == sides[-1]
        # a series move (the opponent passes next) may not give check
        passes = sched.passes_after(i)
        w_left, b_left = self._left[i + 1]
        mover = pos.side
        occupied = pos.occupied
        parts = self._parts
        own_part, other_part = parts[mover], parts[-mover]
        others = len(occupied[-mover])
        fail = self._fail
        child_left = len(sides) - i - 1
        cache = self._cache
        for t in self._order(turns):
            rules.play(pos, t)
            try:
                if early and tuple(board) == goal_board:
                    continue
                if (rules.key(pos), child_left) in fail:
                    continue  # known to fail (also when reached by a series move: the side differs)
                # the bound of the child: the mover's pieces moved; the opponent's
                # only where one was taken (the parts of a placement met before are kept)
                h = pos.hash
                known = cache.get(h)
                if known is None:
                    mine = side_need(target, board, occupied, mover, pos.castling)
                    theirs = other_part if len(occupied[-mover]) == others else \
                        side_need(target, board, occupied, -mover, pos.castling)
                    if len(cache) >= _CACHE_LIMIT:
                        cache.clear()
                    cache[h] = (mine, theirs)
                else:
                    mine, theirs = known
                if combined(target, occupied, mover, mine) > (w_left if mover > 0 else b_left) \
                        or combined(target, occupied, -mover, theirs) > (b_left if mover > 0 else w_left):
                    continue
                if passes and rules.in_check(pos):
                    continue
                # a move the line goes on from left the opponent a move: no mate nor
                # stalemate, a check at most (none after a series move)
                mark = "+" if not passes and rules.in_check(pos) else ""
                rules.undo(pos, t)
                try:
                    desc = rules.describe(pos, t)
                finally:
                    rules.play(pos, t)
                node = Node(Role.HELP, Turn(desc, mark), side=side)
                out.append(node)
                stack.append(node)
                parts[mover], parts[-mover] = mine, theirs
                try:
                    if passes:
                        pos.set_state(-pos.side, ())
                        try:
                            self._slot(i + 1, node.children)
                        finally:
                            pos.unmake()
                    else:
                        self._slot(i + 1, node.children)
                finally:
                    stack.pop()
                    parts[mover], parts[-mover] = own_part, other_part
                    if not node.children:
                        out.pop()
            finally:
                rules.undo(pos, t)
        if not out:
            self._remember_failure(key)
        return out


def _side(side: int) -> str:
    return "white" if side > 0 else "black"




def proof_search(rules, problem: Problem, schedule: Schedule, budget, max_solutions=None,
                 memo: dict | None = None) -> ProofGameSearch:
    """The search of one length of the proof game `problem` states (`memo`:
    the failures found at the other lengths)."""
    if problem.stipulation.play == "a=>b":   # from the first diagram to the second
        pos = rules.position(problem, schedule.first)
        target = rules.position(replace(problem, pieces=problem.proof_target or ()), schedule.first).board
    else:
        pos = rules.position(start_problem(problem), schedule.first)
        target = rules.position(problem, schedule.first).board
    return ProofGameSearch(rules, pos, schedule, target, budget, max_solutions, memo,
                           problem.stipulation.goal)


ORTHODOX_KINDS = frozenset("KQRBSP")
# options that leave a proof game as it is (printing, limits)
HARMLESS_OPTIONS = frozenset({"MoveNumbers", "StartMoveNumber", "NoBoard", "MaxTime", "MaxSolutions",
                              "StopOnShortSolutions", "NoCastling", "EnPassant", "SuppressGrid",
                              "Beep", "Intelligent", "NoStipulation"})


def proof_refusal(problem: Problem) -> str | None:
    """Why feerie does not play this proof game, or None: the bounds and the
    start position are orthodox chess's."""
    for cond in problem.conditions:
        return f"condition {cond.name} with a proof game is not supported"
    if problem.stipulation.play == "a=>b" and problem.twins:
        return "twins of an A-to-B proof game are not supported"
    for piece in problem.pieces + (problem.proof_target or ()):
        if piece.kind not in ORTHODOX_KINDS:
            return f"fairy piece {piece.kind} with a proof game is not supported"
        if piece.attributes:
            return f"piece attribute {piece.attributes[0]} with a proof game is not supported"
        if piece.color not in ("white", "black"):
            return f"{piece.color} pieces with a proof game are not supported"
    for opt in problem.options:
        if opt.name not in HARMLESS_OPTIONS:
            return f"option {opt.name} with a proof game is not supported"
    return None


__all__ = ["ProofGameSearch", "proof_search", "proof_refusal", "start_problem", "dia_goal", "GAME_ARRAY", "INF"]
