"""The generic path's speed-ups proven against the plain generic path.

`solver.pieces.observation` claims, for every catalogue piece, which squares
its observation of a square can depend on (`geometry`) and answers
observation from tables (`observer`); `solver.pieces.quiet` keeps moves
without trying them on the strength of the first claim.  Here:
- the claim itself, on random boards: changing any square outside the
  claimed ones never changes the observation (and where the geometry says
  "never", the piece does not observe);
- `observer` equals `families.observes` (capture by generation);
- `quiet.legal_moves` / `checking_moves` / `has_legal_move` give the same
  moves as `generic`'s on every stored catalogue position (Popeye's move
  lists: every piece, pins, checks, promotions, castling), both colours,
  before and after every legal move;
- perft of fairy positions is the same with the shortcuts on and under
  FEERIE_GENERIC=1."""

from __future__ import annotations

import random

import pytest

from solver.engine.move import CASTLE
from solver.pieces import generic, quiet
from solver.pieces.catalogue import BY_KIND, LOCAL_FAMILIES
from solver.pieces.families import observes
from solver.pieces.observation import bounded, dependencies, geometry, observer
from test_pieces_popeye import RECORDS, read_position

SQUARES = [r * 16 + f for r in range(8) for f in range(8)]
KINDS = sorted(BY_KIND)
TRIALS = 400  # random boards per piece kind


def _random_board(rng: random.Random, density: float) -> list[int]:
    board = [0] * 128
    for sq in SQUARES:
        if rng.random() < density:
            board[sq] = rng.choice(KINDS) * rng.choice((1, -1))
    return board


def _trials(kind: int, seed: int):
    """(board, frm, target): a piece of `kind` on frm (either colour), a
    piece of the other colour on target; target mostly one the geometry
    does not rule out."""
    rng = random.Random(seed)
    table = geometry(kind)
    for n in range(TRIALS):
        board = _random_board(rng, rng.choice((0.1, 0.2, 0.35)))
        frm = rng.choice(SQUARES)
        sign = rng.choice((1, -1))
        board[frm] = sign * kind
        possible = [t for t in SQUARES if t != frm and table[frm << 7 | t] is not False]
        target = rng.choice(possible if possible and n % 4 else [t for t in SQUARES if t != frm])
        board[target] = -sign * rng.choice(KINDS)
        yield rng, board, frm, target


@pytest.mark.parametrize("kind", [k for k in KINDS if bounded(BY_KIND[k].walks)],
                         ids=lambda k: BY_KIND[k].name)
def test_observation_depends_only_on_the_claimed_squares(kind):
    walks = BY_KIND[kind].walks
    seen = 0
    for rng, board, frm, target in _trials(kind, kind):
        g = geometry(kind)[frm << 7 | target]
        assert g is not None
        before = observes(board, frm, target, walks)
        if g is False:
            assert not before, (BY_KIND[kind].name, frm, target, board)
            continue
        seen += before
        free = [sq for sq in SQUARES if sq not in g and sq not in (frm, target)]
        for _ in range(6):
            changed = board[:]
            for sq in rng.sample(free, min(len(free), rng.choice((1, 3, 10)))):
                changed[sq] = 0 if rng.random() < 0.5 else rng.choice(KINDS) * rng.choice((1, -1))
            assert observes(changed, frm, target, walks) == before, (
                BY_KIND[kind].name, frm, target, board, changed)
    if any(w.modality != "move" for w in walks):
        assert seen, f"{BY_KIND[kind].name}: no trial observed anything"


@pytest.mark.parametrize("kind", KINDS, ids=lambda k: BY_KIND[k].name)
def test_observer_answers_as_the_walks_do(kind):
    walks = BY_KIND[kind].walks
    fn = observer(kind)
    hits = 0
    for _, board, frm, target in _trials(kind, 1000 + kind):
        answer = observes(board, frm, target, walks)
        assert fn(board, frm, target) == answer, (BY_KIND[kind].name, frm, target, board)
        hits += answer
    if any(w.modality != "move" for w in walks):
        assert hits, f"{BY_KIND[kind].name}: no trial observed anything"


def test_unbounded_pieces_have_no_geometry():
    """Orphans and friends (their observation depends on the whole board)
    give None, so the quiet generator falls back to trying every move."""
    for kind, piece in BY_KIND.items():
        if not bounded(piece.walks):
            assert geometry(kind)[0x00 << 7 | 0x11] is None, piece.name
            board = [0] * 128
            board[0x00] = kind
            assert dependencies(board, [0x00], 0x11) is None


def _positions():
    for _, line, _ in RECORDS:
        for flip in (False, True):
            yield line, read_position(line, flip)


def _same_moves(pos, check, line) -> None:
    assert quiet.legal_moves(pos, None, False, check) == \
        generic.legal_moves(pos, None, False, check), line
    assert quiet.checking_moves(pos, None, check) == generic.checking_moves(pos, None, check), line
    assert quiet.has_legal_move(pos, None, check) == generic.has_legal_move(pos, None, check), line


def test_quiet_generator_gives_the_plain_moves():
    """Every stored catalogue position, with either check test, and every
    fifth position one legal move later (where the mover may be in check,
    pinned, or giving check): the same legal moves in the same order, the
    same checking moves, the same answer to has_legal_move."""
    checked = 0
    for line, pos in _positions():
        for check in (generic.in_check, generic.in_check_by_tables):
            _same_moves(pos, check, line)
        for m in generic.legal_moves(pos)[::5]:
            pos.make(m)
            _same_moves(pos, generic.in_check_by_tables, line)
            pos.unmake()
            checked += 1
    assert checked > 5_000


def test_compiled_walks_give_the_plain_moves():
    """`quiet.compiled_moves` (leapers, straight riders, hoppers from tables)
    adds, for each piece it covers, the moves `generic.pseudo_moves` gives
    that piece, in the same order (castling aside), on every stored
    catalogue position, both colours."""
    covered = 0
    for line, pos in _positions():
        plain = generic.pseudo_moves(pos)
        for frm in sorted(pos.occupied[pos.side]):
            gen = quiet.compiled_moves(abs(pos.board[frm]))
            if gen is None:
                continue
            moves: dict[int, None] = {}
            gen(pos.board, frm, pos.side, moves)
            assert list(moves) == [m for m in plain if m & 127 == frm and (m >> 14) & 7 != CASTLE], line
            covered += 1
    assert covered > 3_000


def test_every_local_family_is_tested():
    """Each family declared local (`catalogue.LOCAL_FAMILIES`) is the walk of
    some catalogue piece, so the dependency test above covers its rule."""
    used = {w.family for piece in BY_KIND.values() for w in piece.walks if w.modality != "move"}
    assert LOCAL_FAMILIES <= used


FAIRY_PERFT = [  # white, black (square: English name), depth
    ({"e1": "king", "a1": "grasshopper", "c3": "kangaroo", "h1": "rook hopper", "d2": "pawn",
      "e2": "pawn", "b1": "locust"},
     {"e8": "king", "a8": "grasshopper", "f6": "locust", "h8": "bishop hopper", "d7": "pawn",
      "c6": "moose"}, 3),
    ({"e1": "king", "b1": "camel", "g1": "zebra", "d4": "giraffe", "c2": "pawn", "a1": "rook"},
     {"e8": "king", "b8": "mao", "g8": "antelope", "d5": "nightrider", "f7": "pawn",
      "h8": "rose"}, 3),
    ({"e1": "king", "a1": "pao", "h1": "vao", "d1": "leo", "b2": "pawn", "f4": "lion"},
     {"e8": "king", "a8": "pao", "h8": "vao", "d8": "leo", "g7": "pawn", "c5": "Orix"}, 3),
    ({"d4": "king", "b7": "pawn", "a1": "equihopper", "g2": "contra grasshopper"},
     {"d6": "king", "e2": "pawn", "h8": "nonstop equihopper", "b2": "edgehog",
      "f8": "kao"}, 3),
]


def _fairy_position(white: dict, black: dict):
    from solver.engine.board import parse_square
    from solver.engine.position import Position
    from solver.pieces.catalogue import kind_of

    pos = Position()
    for squares, sign in ((white, 1), (black, -1)):
        for sq, name in squares.items():
            pos.put(parse_square(sq), sign * kind_of(name))
    return pos


@pytest.mark.parametrize("white,black,depth", FAIRY_PERFT)
def test_fairy_perft_is_the_same_with_the_quiet_generator(monkeypatch, white, black, depth):
    """perft with every shortcut the variant allows (quiet legality and
    checks among them) against FEERIE_GENERIC=1 (none)."""
    from solver.conditions.rules import Rules
    from solver.conditions.variant import GENERIC_ENV, variant_of_kinds
    from solver.engine.perft import perft

    pos = _fairy_position(white, black)
    kinds = {abs(pos.board[sq]) for side in (1, -1) for sq in pos.occupied[side]}
    monkeypatch.delenv(GENERIC_ENV, raising=False)
    fast = Rules(variant_of_kinds(kinds))
    assert fast.allows("quiet_legality") and fast.allows("quiet_checks")
    monkeypatch.setenv(GENERIC_ENV, "1")
    plain = Rules(variant_of_kinds(kinds))
    assert not plain.allows("quiet_legality")
    assert perft(fast, pos, depth) == perft(plain, pos, depth)
    assert [fast.checking_moves(pos)] == [plain.checking_moves(pos)]
