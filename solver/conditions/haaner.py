"""HaanerChess: every square a piece leaves becomes a hole.

The rule as Popeye 4.104 has it (conditions/haan.c, position/position.c's
`block_square`): once a move is played, the departure square of each piece
it moved (the king's and the rook's in castling) becomes a hole if it is
empty, and so does the square of a pawn taken en passant (the square of a
piece taken otherwise is the capturer's arrival square).  A hole is a
square off the board (Popeye gives it the walk `Invalid`, as the border):
no piece moves to it or across it, a rider's line ends before it, so it
blocks observation (check) as the edge does.  The holes stay for the rest
of the play; Popeye's diagram shows none (a HaanerChess problem starts with
none), and its notation marks no hole.

In feerie a hole is an empty square of the board listed in
`EffectsPosition.holes` (journalled, hashed: `solver.engine.effects`); the
effect rule below adds the holes a move makes, a move filter forbids the
moves to or across a hole (castling too, with a hole between king and
rook), and an observation filter, at the geometry level, the observations
across one, so that check, castling's passage and legality respect them
(a piece leaving a line closes it behind itself: moving away from a pin
line is legal when the hole left blocks the pinner).

Supported: pieces whose walks are leapers and straight riders (orthodox and
fairy), royal ones too, and the orthodox pawn, for which "a hole on the path" is exactly
"a square between on the line it rides".  Refused by name: other walk
families (hoppers take a hurdle that a hole is not, lions, Chinese pieces,
lame leapers... untested), piece attributes but Royal (Popeye refuses Kamikaze
pieces with HaanerChess: "haaner chess not allowed with kamikaze-pieces"),
any other condition than the Maximummer and Minimummer forms (`PARTNERS`:
those compared with Popeye beside it; Popeye refuses Ghost and Haunted
chess with it), and Popeye's `Hole` (holes in the diagram), which feerie
does not play.

What the condition keeps (`preserves`): not `no_effects` (a move leaves a
hole), not `capture_observes` (observation is filtered), not
`walk_moves_only` and `king_steps_free` (a walk's move, a king's step, to a
hole is forbidden), not `local_observation` (whether a square is a hole is
not on the board).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.conditions.rules import GEOMETRY, ConditionSpec, Rules
from solver.engine.board import CASTLE_PATH, PAWN
from solver.engine.capabilities import (
    ALL_PROPERTIES, CAPTURE_OBSERVES, KING_STEPS_FREE, LOCAL_OBSERVATION, NO_EFFECTS, WALK_MOVES_ONLY,
)
from solver.engine.move import CASTLE, EN_PASSANT
from solver.pieces.catalogue import BY_KIND, CAPTURE, MOVE
from solver.pieces.families import leap_sets, rider_paths

NAME = "HaanerChess"


def _plain_walks(kind: int) -> bool:
    """Are the piece's walks those whose path the filters know: leapers and
    straight riders (or the orthodox pawn)?"""
    if kind == PAWN:
        return True
    return all(w.family == "leaper" or (w.family == "rider" and not w.circle)
               for w in BY_KIND[kind].walks)


def reaches(board, holes: frozenset, frm: int, to: int, kind: int, capture: bool) -> bool:
    """May the piece of `kind` on frm go to `to` (capturing or not) on a
    path that crosses no hole?  (`to` itself is no hole: the callers ask.)
    Asked of each walk of the right modality, as the generator made the
    move from one of them."""
    if kind == PAWN:   # steps and captures cross nothing, but the double step
        return abs(to - frm) != 32 or (frm + to) // 2 not in holes
    for w in BY_KIND[kind].walks:
        if w.modality == (MOVE if capture else CAPTURE):
            continue
        if w.family == "leaper":
            if to in leap_sets(w.vectors)[frm]:
                return True
        else:
            between = rider_paths(w.vectors)[frm].get(to)
            if between is not None and not any(board[x] or x in holes for x in between):
                return True
    return False


def leave_holes(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The effect rule: the squares the move emptied of its pieces become
    holes (the mover's, a castling rook's, a pawn's taken e.p.)."""
    board = pos.board
    if not board[frm]:
        pos.add_hole(frm)
    if flag == CASTLE:
        rf = (frm & 0x70) | ((m >> 17) & 7)
        if not board[rf]:
            pos.add_hole(rf)
    elif flag == EN_PASSANT:
        pos.add_hole(to - 16 * side)


def move_allowed(pos, m: int) -> bool:
    """The move filter: no move to or across a hole."""
    holes = pos.holes
    if not holes:
        return True
    frm = m & 127
    to = (m >> 7) & 127
    if to in holes:
        return False
    flag = (m >> 14) & 7
    board = pos.board
    if flag == CASTLE:
        rf = (frm & 0x70) | ((m >> 17) & 7)
        return not any(x in holes for x in CASTLE_PATH[(frm, rf)][2])
    return reaches(board, holes, frm, to, abs(board[frm]), bool(board[to]) or flag == EN_PASSANT)


def observation_allowed(pos, frm: int, target: int) -> bool:
    """The observation filter: no observation across a hole."""
    holes = pos.holes
    if not holes:
        return True
    board = pos.board
    return target not in holes and reaches(board, holes, frm, target, abs(board[frm]), True)


def install(rules: Rules, params: tuple[str, ...]) -> Rules:
    for param in params:
        raise InputError(f"condition {NAME} {param} is not supported")
    v = rules.variant
    if v.attributes - {"Royal"}:
        raise InputError(f"condition {NAME} with piece attribute {sorted(v.attributes - {'Royal'})[0]} is not supported")
    for kind in sorted(v.kinds | set(v.promotions)):
        if not _plain_walks(kind):
            raise InputError(f"condition {NAME} with {BY_KIND[kind].name} is not supported")
    rules.effect_rules.append(leave_holes)
    rules.move_filters.append(move_allowed)
    rules.add_observation_filter(observation_allowed, level=GEOMETRY)
    return rules


def preserves(params: tuple[str, ...]) -> frozenset[str]:
    return ALL_PROPERTIES - {NO_EFFECTS, CAPTURE_OBSERVES, WALK_MOVES_ONLY, KING_STEPS_FREE,
                             LOCAL_OBSERVATION}


# the conditions played beside it (tests/data/haaner/HaanerMummer): they choose among
# the legal moves by their length, which the holes do not change
PARTNERS = frozenset({"BlackMaximummer", "WhiteMaximummer", "BlackMinimummer", "WhiteMinimummer"})

SPEC = ConditionSpec(install, preserves, changes_observation=True, has_effects=True, alone=True,
                     goes_with=frozenset((name, ()) for name in PARTNERS))
"""The registry's entry (solver.conditions.registry)."""
