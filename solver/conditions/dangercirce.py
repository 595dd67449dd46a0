"""DangerCirce (Popeye's name; py-engl.txt "condition", conditions/danger_circe.c):
a piece that the opponent observes may, besides its walk's moves, move to
its own Circe rebirth square, the one regular Circe would reborn it on were
it captured where it stands (a pawn on its file's 2nd rank, a rook on a1 /
h1 by the colour of its square, a queen on d1, a king on e1 ...): a plain
move if that square is empty, a capture if an enemy piece stands there, no
move if an own piece does (or the piece stands on it already).  Kings too.

Popeye's semantics (danger_circe.c, solving/check.c, solving/castling.c),
checked against Popeye 4.104 (tests/data/dangercirce/):
- "observed" is Popeye's observation with its observer validation
  (`is_square_observed_general(..., EVALUATE(observer))`): by any enemy
  piece, its king included, pinned or not;
- check is tested by playing moves (`solving_test_check_playing_moves`): a
  king is in check when an enemy move could capture it, so also when it
  stands on the rebirth square of an observed enemy piece (a white king on
  d7 in front of a black pawn that White attacks on d3); castling asks the
  same of the king's square and the square it crosses;
- the danger move is written as any move (`e5-e2`, `Kb8-e8`, `Sh1*g8`), is
  no double step (no e.p. square) and never promotes; castling rights are
  as for any move;
- a danger move that is also a walk's move is generated twice, and is two
  moves: listed twice in `~1`, two refutations of a try (so that a try
  refuted by `Kd7*e8` both ways is no try); feerie marks the danger move
  (`move.DANGER`) so that it stays a move of its own.

How: the generic path (`Rules.bind_check`, any catalogue piece) adds the
danger moves to the walks' pseudo-legal moves and checks by the rule above
(a fairy piece is reborn on its file's promotion square, so a black one on
the f-file that White observes forbids 0-0).  The fast path (orthodox
pieces, one king a side, not under FEERIE_GENERIC) uses movegen's pins and
checking geometry for the walks' moves: orthodox pieces are reborn on their
side's first two ranks only (`threatened_squares`), so a move is tried for
a danger check on the mover only where its king ends on the rebirth square
of an enemy piece, and for one on the enemy king only where one of the
mover's pieces (its king aside: observed, the mover would be in check) is
reborn on that king's square; danger moves are always made and tried.

What it keeps (`preserves`): `no_effects` (a danger move changes only its
own squares), one king, the turn and colour properties; not the walks'
observation as check (`capture_observes`, `local_observation`), nor
`orthodox_walks` and `walk_moves_only` (moves no walk has).  Played alone
(`ConditionSpec.alone`); parameters, neutral pieces and piece attributes
are refused by name, and so is a proof game (as every condition is:
solver.search.proofgame).
"""

from __future__ import annotations

from solver.engine import movegen
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import (KING_STEP_TURN, KING_STEPS_FREE, NO_EFFECTS, ONE_COLOUR,
                                        ONE_KING, SINGLE_MOVE_TURNS)
from solver.engine.move import CASTLE, DANGER, PROMOTION
from solver.conditions.rebirth import regular
from solver.conditions.rules import ConditionSpec, Rules, refuse_beyond_plain
from solver.pieces import generic
from solver.pieces.generic import observed

_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})


def rebirth_table(kinds) -> dict[int, list[int]]:
    """piece code -> [its own regular Circe rebirth square, by the square it
    stands on] (-1 off the board), for both colours of `kinds`."""
    return {kind * side: [regular(kind, side, sq) if not sq & 0x88 else -1 for sq in range(128)]
            for kind in kinds for side in (WHITE, -WHITE)}


def threatened_squares(table: dict[int, list[int]], side: int) -> frozenset[int]:
    """The squares on which `side`'s king may be taken by a danger move: the
    rebirth squares of the other side's pieces."""
    return frozenset(r for p, row in table.items() if p * side < 0 for r in row if r >= 0)


def danger_moves(pos, table: dict[int, list[int]], seen=None) -> list[int]:
    """The danger moves of the side to move (pseudo-legal): each piece that
    the enemy observes (`seen(board, sq, pieces)`; default: the walks'
    observation) to its rebirth square, empty or held by an enemy piece."""
    if seen is None:
        seen = observed
    board = pos.board
    s = pos.side
    enemies = pos.occupied[-s]
    out = []
    for frm in pos.occupied[s]:
        p = board[frm]
        r = table[p][frm]
        if r == frm or r < 0 or board[r] * s > 0:
            continue
        if seen(board, frm, enemies):
            out.append(frm | r << 7 | DANGER)
    return out


def threatened(board, target: int, pieces, guards, table, seen=None) -> bool:
    """Can one of the pieces on `pieces` take on `target` by a danger move:
    is its rebirth square `target` and is it observed by the pieces on
    `guards` (the target's side, the piece on `target` included)?"""
    if seen is None:
        seen = observed
    for a in pieces:
        p = board[a]
        if p and a != target and table[p][a] == target and seen(board, a, guards):
            return True
    return False


def generic_rules(table):
    """(check, watch, pseudo) of the generic path: `Rules.bind_check`'s."""

    def watch(pos, target: int, pieces) -> bool:
        """Is the king on `target` taken by one of the pieces on `pieces`, by its
        walk or a danger move?  The check test, and castling's test of the
        square the king crosses (Popeye: is_in_check, the king moved there:
        it observes from there)."""
        board = pos.board
        if observed(board, target, pieces):
            return True
        side = 1 if board[target] > 0 else -1
        return threatened(board, target, pieces, (*pos.occupied[side], target), table)

    def pseudo(pos, promotions=None, compiled=None, watch=watch) -> list[int]:
        return generic.pseudo_moves(pos, promotions, compiled, watch) + danger_moves(pos, table)

    return generic.check_of(watch), watch, pseudo


def _attacked(board, sq: int, pieces) -> bool:
    """movegen's orthodox observation, as `threatened` and `danger_moves` ask it
    (`movegen.attacked` reads the side from the pieces themselves)."""
    return movegen.attacked(board, sq, 0, pieces)


def fast_rules(table):
    """(in_check, legal, checking) of the fast path, orthodox pieces only
    (module docstring)."""
    threat = {side: threatened_squares(table, side) for side in (WHITE, -WHITE)}

    def danger_check(pos, side: int) -> bool:
        ksq = pos.kings[side]
        return (ksq in threat[side]
                and threatened(pos.board, ksq, pos.occupied[-side], pos.occupied[side], table, _attacked))

    def in_check(pos, side: int | None = None) -> bool:
        if side is None:
            side = pos.side
        return movegen.in_check(pos, side) or danger_check(pos, side)

    def tried(pos, m: int, s: int, gives_check: bool = False) -> bool:
        pos.make(m)
        ok = not in_check(pos, s) and (not gives_check or in_check(pos, -s))
        pos.unmake()
        return ok

    def walks_kept(pos, moves: list[int]) -> list[int]:
        """The orthodox-legal `moves` after which the king is not taken by a
        danger move: only a king that ends on the rebirth square of an enemy
        piece (not taken by the move) may be, and only such moves are tried."""
        s = pos.side
        ksq = pos.kings[s]
        mine = threat[s]
        takers: dict[int, list[int]] | None = None
        out = []
        for m in moves:
            frm, to = m & 127, (m >> 7) & 127
            k = to if frm == ksq else ksq
            if k not in mine:
                out.append(m)
                continue
            if takers is None:
                board = pos.board
                takers = {}
                for d in pos.occupied[-s]:
                    takers.setdefault(table[board[d]][d], []).append(d)
            found = takers.get(k)
            if found and (len(found) > 1 or found[0] != to):
                pos.make(m)
                bad = danger_check(pos, s)
                pos.unmake()
                if bad:
                    continue
            out.append(m)
        return out

    def extra(pos, gives_check: bool = False) -> list[int]:
        s = pos.side
        return [m for m in danger_moves(pos, table, _attacked) if tried(pos, m, s, gives_check)]

    def legal(pos, first_only: bool = False) -> list[int]:
        if first_only:
            found = walks_kept(pos, movegen.legal_moves(pos, True))
            if found:
                return found
        moves = walks_kept(pos, movegen.legal_moves(pos))
        if first_only and moves:
            return moves[:1]
        danger = extra(pos)
        return (moves + danger)[:1] if first_only else moves + danger

    def checking(pos) -> list[int]:
        """The orthodox checks, the danger moves that check, and the walks'
        moves that may check by a danger move: those after which one of the
        mover's pieces, its king aside (observed, the mover would be in
        check), has its rebirth square on the enemy king's; castling (its
        rook) is tried too."""
        s = pos.side
        eksq = pos.kings[-s]
        if eksq < 0:
            return []
        out = walks_kept(pos, movegen.checking_moves(pos)) + extra(pos, True)
        if eksq not in threat[-s]:
            return out
        board = pos.board
        takers = [d for d in pos.occupied[s] if board[d] * s != KING and table[board[d]][d] == eksq]
        known = set(out)
        for m in walks_kept(pos, movegen.legal_moves(pos)):
            if m in known:
                continue
            frm, to, flag = m & 127, (m >> 7) & 127, (m >> 14) & 7
            piece = ((m >> 17) & 127) * s if flag == PROMOTION else board[frm]
            if (flag == CASTLE or len(takers) > 1 or (takers and takers[0] != frm)
                    or (piece * s != KING and table[piece][to] == eksq)):
                if _checks(pos, m, s):
                    out.append(m)
        return out

    def _checks(pos, m: int, s: int) -> bool:
        pos.make(m)
        hit = in_check(pos, -s)
        pos.unmake()
        return hit

    return in_check, legal, checking


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    refuse_beyond_plain(rules, "DangerCirce", params)
    v = rules.variant
    kinds = set(v.kinds) | set(v.promotions)
    table = rebirth_table(kinds)
    # movegen's pins and checks hold for orthodox pieces on one king a side
    # (FEERIE_GENERIC clears the properties: every move is then made and tried)
    if kinds <= _ORTHODOX and {NO_EFFECTS, ONE_KING, ONE_COLOUR} <= v.properties:
        in_check, legal, checking = fast_rules(table)
        rules.in_check = in_check
        rules._legal = legal
        rules._has_legal = lambda pos: bool(legal(pos, True))
        rules._checking = checking
    else:
        check, watch, pseudo = generic_rules(table)
        rules.bind_check(check, watch, pseudo)
    return rules


PRESERVES = frozenset({NO_EFFECTS, ONE_KING, KING_STEP_TURN, SINGLE_MOVE_TURNS, KING_STEPS_FREE,
                       ONE_COLOUR})

SPEC = ConditionSpec(install, lambda params: PRESERVES, alone=True)
"""The registry's entry (solver.conditions.registry)."""
