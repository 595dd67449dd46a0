"""The intelligent helpmate search finds exactly the lines brute force finds.

Brute force (`LineSearch`) is the oracle: on random small positions, on
positions chosen for the cases where a target could be missed (promotions,
castling, e.p., pins, double and discovered checks, bare kings, self-blocks)
the two solution sets must be equal as sets of full lines in Popeye notation
(marks included).  Popeye's intelligent-mode examples (beispiel/intell.inp)
and the benchmark helpmates are compared with Popeye's outputs in
test_reference_solutions.py, which goes through this search.
"""

from __future__ import annotations

import os
import random
import time

import pytest

from solver.engine.board import BISHOP, BLACK, KNIGHT, PAWN, QUEEN, ROOK, SQUARES, WHITE
from solver.base.budget import Budget, TimeUp
from solver.search.helpplay import LineSearch, help_schedule, series_schedule
from solver.search.intelligent import IntelligentSearch, intelligent_search, solve_help_intelligent
from solver.search.intelligent_distance import INF, pawn_moves, piece_moves, table
from solver.engine.movegen import in_check
from solver.output.notation import turn_text
from solver.engine.position import Position
from solver.conditions.rules import Rules
from solver.model.tree import line_paths


def lines(nodes):
    """The full lines of a trie, as tuples of Popeye-notation turns."""
    return {tuple(turn_text(n.turn) for n in path) for path in line_paths(nodes)}


def intelligent(pos: Position, schedule, goal: str = "#"):
    """The intelligent search's trie, however long its targets take (the
    solver itself hands a problem to brute force when they take too long)."""
    return IntelligentSearch(Rules(), pos.copy(), schedule, Budget(), goal=goal).solve([])


class NodeBudget(Budget):
    """A budget of positions rather than seconds: which random positions are
    compared must not depend on the machine's speed."""

    def __init__(self, nodes: int) -> None:
        super().__init__()
        self.cap = nodes

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.cap:
            raise TimeUp()


def both(pos: Position, schedule, brute_nodes: int | None = None,
         goal: str = "#") -> tuple[set, set] | None:
    """(brute force lines, intelligent lines) of the same play; None when
    brute force needs more than `brute_nodes` positions."""
    budget = Budget() if brute_nodes is None else NodeBudget(brute_nodes)
    try:
        brute = LineSearch(Rules(), pos.copy(), schedule, goal, budget).solve()
    except TimeUp:
        return None
    return lines(brute), lines(intelligent(pos, schedule, goal))


def compare_positions(make_position, count: int, schedule, cap: int = 8_000, goal: str = "#") -> int:
    """Compare the intelligent search with brute force on `count` positions
    of `make_position()` (those brute force solves within `cap` positions,
    drawing up to six times as many); return how many have solutions.  The
    one comparison loop of the mate and the stalemate tests."""
    count *= SCALE
    solved = compared = 0
    for _ in range(count * 6):
        pos = make_position()
        result = both(pos, schedule, cap, goal)
        if result is None:
            continue
        brute, smart = result
        assert smart == brute, pos.fen()
        solved += bool(brute)
        compared += 1
        if compared == count:
            break
    assert compared == count
    return solved


def compare_random(rng, count: int, to_move: int, schedule, cap: int = 8_000, **kinds) -> int:
    """`compare_positions` on random positions (`random_position`)."""
    return compare_positions(lambda: random_position(rng, to_move, **kinds), count, schedule, cap)


def helpmate(fen: str, half_moves: int, first: int = BLACK):
    pos = Position.from_fen(fen)
    pos.set_side(first)
    return pos, help_schedule(first, half_moves)


# --------------------------------------------------------------- random

# Brute force is the oracle and it is slow (seconds for one h#3), so CI
# compares small samples; FEERIE_SLOW_TESTS=1 compares five times as many.
SCALE = 5 if os.environ.get("FEERIE_SLOW_TESTS") == "1" else 1

_KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, PAWN)


def random_position(rng: random.Random, to_move: int, most: int = 4, kinds=_KINDS) -> Position:
    """Kings and 1 to `most` pieces a side (of `kinds`), the side not to move
    not in check, castling wherever king and rook stand at home."""
    while True:
        pos = Position()
        squares = rng.sample(SQUARES, 2 + 8)
        pos.put(squares[0], 6)
        pos.put(squares[1], -6)
        n_white, n_black = rng.randint(1, most), rng.randint(1, most)
        for i, sq in enumerate(squares[2:2 + n_white + n_black]):
            side = WHITE if i < n_white else BLACK
            kind = rng.choice(kinds)
            if kind == PAWN and (sq >> 4) in (0, 7):
                kind = rng.choice([k for k in kinds if k != PAWN] or [KNIGHT])
            pos.put(sq, kind * side)
        pos.set_castling(pos.natural_castling())
        pos.set_side(to_move)
        if not in_check(pos, -to_move):
            return pos


@pytest.mark.parametrize("half_moves,count,seed", [(2, 150, 1), (4, 60, 2)])
def test_random_helpmates(half_moves, count, seed):
    """h#1 and h#2 on random positions."""
    solved = compare_random(random.Random(seed), count, BLACK, help_schedule(BLACK, half_moves))
    assert solved >= count // 20  # the sample does contain helpmates


def test_random_helpmates_in_three():
    """h#3 on random positions, up to 2 pieces a side, no queens (whose
    thousands of solutions make brute force too slow to compare often)."""
    solved = compare_random(random.Random(9), 6, BLACK, help_schedule(BLACK, 6), cap=30_000,
                            most=2, kinds=(PAWN, KNIGHT, BISHOP, ROOK, PAWN))
    assert solved >= 1


@pytest.mark.parametrize("half_moves,count,seed", [(3, 80, 4), (5, 15, 5)])
def test_random_helpmates_white_first(half_moves, count, seed):
    """h#1.5 and h#2.5."""
    solved = compare_random(random.Random(seed), count, WHITE, help_schedule(WHITE, half_moves),
                            most=4 if half_moves < 5 else 3)
    assert solved >= 1


@pytest.mark.parametrize("moves,count,seed", [(2, 60, 6), (3, 20, 7)])
def test_random_series_helpmates(moves, count, seed):
    """ser-h#2 and ser-h#3: Black's series may not check before its end."""
    solved = compare_random(random.Random(seed), count, BLACK,
                            series_schedule(BLACK, moves, then_other=True))
    assert solved >= 1


def castling_position(rng: random.Random) -> Position:
    """Kings and rooks at home (castling allowed), plus 1-2 pieces a side."""
    from solver.engine.board import parse_square

    while True:
        pos = Position()
        taken = {parse_square(s) for s in ("e1", "a1", "h1", "e8", "a8", "h8")}
        pos.put(parse_square("e1"), 6)
        pos.put(parse_square("e8"), -6)
        for name in rng.sample(["a1", "h1"], rng.randint(1, 2)):
            pos.put(parse_square(name), ROOK)
        for name in rng.sample(["a8", "h8"], rng.randint(1, 2)):
            pos.put(parse_square(name), -ROOK)
        free = [sq for sq in SQUARES if sq not in taken]
        for sq in rng.sample(free, 3):
            side = rng.choice((WHITE, BLACK))
            kind = rng.choice((KNIGHT, BISHOP, PAWN)) if 0 < (sq >> 4) < 7 else KNIGHT
            pos.put(sq, kind * side)
        pos.set_castling(pos.natural_castling())
        pos.set_side(BLACK)
        if not in_check(pos, WHITE):
            return pos


def test_random_castling_helpmates():
    """h#2 with castling rights on both sides."""
    rng = random.Random(8)
    compared = 0
    for _ in range(25 * SCALE):
        result = both(castling_position(rng), help_schedule(BLACK, 4), 8_000)
        if result is not None:
            assert result[1] == result[0]
            compared += 1
    assert compared >= 10 * SCALE


# ------------------------------------------------------- chosen positions

# (FEN with Black to move, half-moves, what the brute-force solutions must
# show so that the case is really exercised: a text every line, or some
# line, contains).
TRICKY = [
    # mating move a promotion, to each piece
    ("q7/4P2k/5Q2/8/7K/1B6/8/8 b - - 0 1", 2, "e7*f8=S #"),
    ("8/P7/8/8/2Pk2K1/2Q5/8/8 b - - 0 1", 2, "a7-a8=B #"),
    ("2n2Q2/5P2/8/5k1K/8/8/8/1r2q3 b - - 0 1", 2, "f7*e8=R #"),
    ("2n2Q2/5P2/8/5k1K/8/8/8/1r2q3 b - - 0 1", 2, "f7*e8=Q #"),
    # Black promotes on the way, to each piece
    ("2k5/R1P5/7K/8/8/1Q6/6p1/8 b - - 0 1", 2, "g2-g1=S"),
    ("2k5/R1P5/7K/8/8/1Q6/6p1/8 b - - 0 1", 2, "g2-g1=B"),
    ("8/4p3/2Kp1k2/5P2/8/6R1/Q4p2/8 b - - 0 1", 2, "f2-f1=R"),
    ("8/4p3/2Kp1k2/5P2/8/6R1/Q4p2/8 b - - 0 1", 2, "f2-f1=Q"),
    # castling: White mates by castling (the rook checks), Black castles
    ("r1b1k3/8/R7/4Q3/8/8/8/R3K3 b Qq - 0 1", 2, "0-0-0 #"),
    ("r3k3/5R2/8/8/1p6/8/5P2/R2nK3 b Qq - 0 1", 2, "0-0-0"),
    # e.p. capture that mates by opening the rook's line
    ("8/Kp1P4/8/k1P4R/8/1Q6/8/8 b - - 0 1", 2, "c5*b6 ep. #"),
    # double check by a promotion; discovered check by a knight
    ("8/3QP1k1/8/4K3/n7/8/5p2/8 b - - 0 1", 2, "e7-e8=Q #"),
    ("8/4Q3/4b2k/8/8/7N/8/4K2R b K - 0 1", 2, "Sh3-f4 #"),
    # the king's move discovers the rook's check
    ("R3K3/2P2pkp/8/8/8/8/8/8 b - - 0 1", 2, "Ke8*f7 #"),
    # the last black piece is captured
    ("kn6/6P1/8/8/5K2/8/2P5/3Q4 b - - 0 1", 4, "Qd1*d7"),
    # a pinned black knight (Bb5) cannot parry; self-blocks
    ("5k2/3n1P2/8/1B6/8/8/K1Q1p3/B7 b - - 0 1", 4, "Qe2-e8 #"),
    ("1R6/2p2p2/2Bk4/1p2P3/8/8/8/6K1 b - - 0 1", 2, "Rb8-e8 #"),
]


@pytest.mark.parametrize("fen,half_moves,shown", TRICKY)
def test_tricky_helpmates(fen, half_moves, shown):
    brute, smart = both(*helpmate(fen, half_moves))
    assert any(shown in " ".join(line) for line in brute), "the case is not exercised"
    assert smart == brute


def final_positions(pos: Position, nodes):
    """The position at the end of each line of a trie (turns matched to the
    legal moves by their description)."""
    from solver.engine.movegen import legal_moves
    from solver.model.record import component

    for node in nodes:
        move = next(m for m in legal_moves(pos) if (component(pos, m),) == node.turn.components)
        pos.make(move)
        if node.children:
            yield from final_positions(pos, node.children)
        else:
            yield pos.copy()
        pos.unmake()


def pinned(pos: Position, side: int) -> list[int]:
    """Squares of `side`'s pieces pinned to their king by an enemy line piece."""
    from solver.engine.board import DIRECTION

    king = pos.kings[side]
    out = []
    for sq in pos.occupied[side]:
        d = DIRECTION[sq - king + 119]
        if sq == king or not d or any(pos.board[x] for x in _between(king, sq, d)):
            continue
        t = sq + d
        while not t & 0x88 and not pos.board[t]:
            t += d
        if not t & 0x88:
            kind = pos.board[t] * -side
            if kind == QUEEN or kind == (ROOK if d in (1, -1, 16, -16) else BISHOP):
                out.append(sq)
    return out


def _between(a: int, b: int, d: int) -> list[int]:
    return list(range(a + d, b, d))


def test_pinned_defender_in_the_mate():
    """Some mate of the pin case has the black knight pinned by the bishop
    (it could otherwise interpose or capture): the target had to place the
    pinner, not just guard the flights."""
    pos, schedule = helpmate("5k2/3n1P2/8/1B6/8/8/K1Q1p3/B7 b - - 0 1", 4)
    smart = intelligent(pos, schedule)
    finals = list(final_positions(pos.copy(), smart))
    assert any(pinned(p, BLACK) for p in finals)
    brute = LineSearch(Rules(), pos.copy(), schedule, "#", Budget()).solve()
    assert lines(smart) == lines(brute)


def test_series_and_reversed_colours():
    """ser-h#3 and a helpmate where Black mates White (Duplex's second half)."""
    pos = Position.from_fen("8/8/8/8/8/2k5/2p5/K7 b - - 0 1")
    brute, smart = both(pos, series_schedule(BLACK, 3, then_other=True))
    assert smart == brute
    pos, schedule = helpmate("7k/8/8/8/8/8/5PPP/4r2K w - - 0 1", 2, first=WHITE)
    brute, smart = both(pos, schedule)
    assert smart == brute


def test_time_limit_stops_the_search():
    """A time limit interrupts target enumeration and search alike."""
    pos = Position.from_fen("2rR2BK/p1n1q1pp/1nPrb3/3kb3/8/1p1p4/3PP3/8 b - - 0 1")
    start = time.perf_counter()
    with pytest.raises(TimeUp):
        IntelligentSearch(Rules(), pos, help_schedule(BLACK, 6), Budget(0.2)).solve([])
    assert time.perf_counter() - start < 5


def test_distance_tables_are_lower_bounds():
    """Spot checks of the move counts the pruning rests on."""
    from solver.engine.board import parse_square as sq

    assert piece_moves(BISHOP, sq("c1"), sq("h6")) == 1
    assert piece_moves(BISHOP, sq("c1"), sq("c3")) == 2
    assert piece_moves(BISHOP, sq("c1"), sq("c2")) == INF
    assert piece_moves(KNIGHT, sq("a1"), sq("b2")) == 4
    assert pawn_moves(WHITE, sq("e2"), sq("e4")) == 1
    assert pawn_moves(WHITE, sq("e2"), sq("f4")) == 2
    assert pawn_moves(BLACK, sq("e7"), sq("e5")) == 1
    assert pawn_moves(WHITE, sq("e4"), sq("e3")) == INF
    # e7-e8=Q then Qe8-a4: two moves; a pawn cannot become a king
    assert table(WHITE, PAWN, QUEEN)[sq("e7") * 128 + sq("a4")] == 2
    assert table(WHITE, PAWN, BISHOP)[sq("e7") * 128 + sq("e8")] == 1


def test_distance_tables_are_consistent():
    """One move changes a count by at most one (what makes the carried-down
    target lists exact): checked against every legal move of random positions."""
    from solver.engine.movegen import legal_moves

    rng = random.Random(11)
    for _ in range(30):
        pos = random_position(rng, WHITE)
        for m in legal_moves(pos):
            frm, to = m & 127, (m >> 7) & 127
            kind0 = abs(pos.board[frm])
            kind1 = (m >> 17) & 15 if (m >> 14) & 7 == 4 else kind0
            for goal in SQUARES:
                for final in (kind1,) if kind0 != PAWN else (PAWN, QUEEN, ROOK, BISHOP, KNIGHT):
                    before = table(WHITE, kind0, final)[frm * 128 + goal]
                    after = table(WHITE, kind1, final)[to * 128 + goal] if kind1 == final or kind1 == PAWN \
                        else INF
                    assert before <= after + 1 or before >= INF
