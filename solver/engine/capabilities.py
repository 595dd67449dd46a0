"""What the engine's shortcuts assume, and what pieces and conditions preserve.

The engine has a generic path that is always right (pseudo-legal moves from
each piece's walk, legality by make / test / unmake, check by asking each
enemy piece whether it observes the king: `solver.pieces.generic`), and
fast paths that hold only for some pieces and conditions.  Each fast path
(a *shortcut*) names the *properties* it needs; each piece and each
condition names the properties it *preserves*.  A problem's variant keeps
the properties that all of its pieces (including those a pawn may promote
to) and all of its conditions preserve, and a shortcut runs only when all
it needs is kept (`Variant.allows`).

This is a whitelist: a new piece or condition preserves nothing until it
says so, so it turns every shortcut off until a test against the generic
path shows the shortcut still holds.  The searches never ask which piece
or condition is in play, only whether a shortcut is allowed.
"""

from __future__ import annotations

from dataclasses import dataclass

# ------------------------------------------------------------- properties

ORTHODOX_WALKS = "orthodox_walks"
"""Every piece moves, captures and observes as K, Q, R, B, S or P do (and
promotes to Q, R, B or S only)."""
CAPTURE_OBSERVES = "capture_observes"
"""A king is in check exactly when an enemy piece could capture it: no
condition changes who observes (Madrasi, Patrol, Isardam ...)."""
NO_EFFECTS = "no_effects"
"""A move changes only the squares of its own pieces (no rebirth, no
change of colour or kind, no blocked square)."""
ONE_KING = "one_king"
"""Each side's royal piece is its king, and it has at most one."""
KING_STEP_TURN = "king_step_turn"
"""A king's single step is a whole turn (not so in Marseillais)."""
SINGLE_MOVE_TURNS = "single_move_turns"
"""A turn is one move, an int (Marseillais plays pairs)."""
KING_STEPS_FREE = "king_steps_free"
"""No condition forbids a king's step that its walk allows (Messigny's
filter concerns castling only)."""
WALK_MOVES_ONLY = "walk_moves_only"
"""Every move is a move of a piece's walk, and every such legal move may be
played: no extra moves (Messigny's exchanges), no move forbidden by a
condition."""

LOCAL_OBSERVATION = "local_observation"
"""Whether a piece observes a square depends only on the squares that its
walk's geometry names (`solver.pieces.observation.geometry`: a rider's
squares between, a locust's square beyond ...), not on pieces elsewhere
(the orphan's and friend's observation does)."""
ONE_COLOUR = "one_colour"
"""Every piece belongs to one side: its sign on the board is its side, for
good (no neutral piece, which is both sides' and is painted the colour each
question needs: `solver.engine.neutral`)."""

MOVE_JOURNAL = "move_journal"
"""What a move did (captured, castled, took e.p., where its piece ended up)
is read from its int, the piece it took and its effects journal as the
goals that read the last move read them (`solver.search.goals`: a victim's
rebirth is a piece of its side put on an empty square, a mover an effect
takes off and puts back is followed, a change of kind in place keeps it
where it is).  It holds wherever a move has no effects; a condition with
effects keeps it only where it declares so, by `JOURNAL_TESTED` in what it
preserves, once its goals were compared with Popeye's (`kept`)."""

JOURNAL_TESTED = "journal_tested"
"""Not a property but a declaration in a `preserves` set that drops
NO_EFFECTS: the condition's effects are read right as `MOVE_JOURNAL` says
(tested against Popeye: tests/test_movegoals.py).  A preserves set that
drops NO_EFFECTS without it drops MOVE_JOURNAL too (`kept`)."""

ALL_PROPERTIES = frozenset({ORTHODOX_WALKS, CAPTURE_OBSERVES, NO_EFFECTS, ONE_KING,
                            KING_STEP_TURN, SINGLE_MOVE_TURNS, KING_STEPS_FREE,
                            WALK_MOVES_ONLY, LOCAL_OBSERVATION, ONE_COLOUR, MOVE_JOURNAL})


def kept(preserves) -> frozenset[str]:
    """The properties a condition's or attribute's `preserves` set keeps:
    MOVE_JOURNAL wherever it keeps NO_EFFECTS (a move without effects says
    all by its int), else only where it declares JOURNAL_TESTED."""
    preserves = frozenset(preserves)
    if NO_EFFECTS in preserves:
        return preserves | {MOVE_JOURNAL}
    if JOURNAL_TESTED in preserves:
        return preserves - {JOURNAL_TESTED}
    return preserves - {MOVE_JOURNAL}


# -------------------------------------------------------------- shortcuts

@dataclass(frozen=True)
class Shortcut:
    """A fast path, the properties it needs, and where it lives."""
    name: str
    needs: frozenset[str]
    where: str


_LINES = frozenset({ORTHODOX_WALKS, CAPTURE_OBSERVES, NO_EFFECTS, ONE_KING, ONE_COLOUR})
_QUIET = frozenset({CAPTURE_OBSERVES, NO_EFFECTS, ONE_KING, LOCAL_OBSERVATION, ONE_COLOUR})

SHORTCUTS: dict[str, Shortcut] = {s.name: s for s in (
    Shortcut("orthodox_attacks", frozenset({ORTHODOX_WALKS, CAPTURE_OBSERVES, ONE_COLOUR}),
             "movegen.attacked / in_check: one table lookup per attacker (ATTACKS) "
             "instead of asking each walk"),
    Shortcut("table_observation", frozenset({CAPTURE_OBSERVES, ONE_COLOUR}),
             "generic.in_check_by_tables: every attacker by its compiled observer "
             "(pieces.observation: path tables for leapers and riders, the one line "
             "holding the king for the line families)"),
    Shortcut("quiet_legality", _QUIET,
             "pieces.quiet.legal_moves: a move that changes no square the enemy's observation "
             "of the king depends on keeps the check status, untried"),
    Shortcut("quiet_checks", _QUIET,
             "pieces.quiet.checking_moves: a move gives check only if the moved piece may "
             "observe the king from its arrival or it changes a square a discovered check "
             "depends on; the others are not made"),
    Shortcut("pins", _LINES,
             "movegen.legal_moves: checkers and pins along rook and bishop lines, moves "
             "legal by construction; has_legal_move tries king steps first"),
    Shortcut("checking_geometry", _LINES,
             "movegen.checking_moves: candidate checks from orthodox lines and leaps only"),
    Shortcut("flight_refutation", _LINES | {KING_STEP_TURN, KING_STEPS_FREE},
             "Rules.mating_turns: a check that leaves a flight open is refuted unplayed "
             "(escapes.flights / touches)"),
    Shortcut("king_walks", _LINES | {KING_STEPS_FREE},
             "Marseillais has_turn: a two-step king walk proves a turn (escapes.king_walks)"),
    Shortcut("walk_refutation", _LINES | {KING_STEPS_FREE, WALK_MOVES_ONLY},
             "Marseillais mating_turns: a pair that leaves a king walk open is refuted "
             "unplayed (escapes.walks / touches)"),
    Shortcut("exchange_tables", _LINES,
             "messigny.exchanges: exchange legality and checks from attack tables"),
    Shortcut("killer_test", frozenset({ORTHODOX_WALKS, NO_EFFECTS, SINGLE_MOVE_TURNS,
                                       WALK_MOVES_ONLY, ONE_COLOUR}),
             "battle: a killer move is tested by movegen.plausible, without generating"),
    Shortcut("intelligent", _LINES | {SINGLE_MOVE_TURNS, WALK_MOVES_ONLY},
             "intelligent*.py: help mates by enumerating mate positions"),
    Shortcut("capture_trial", frozenset({ORTHODOX_WALKS, CAPTURE_OBSERVES, ONE_KING, ONE_COLOUR}),
             "circe.capture_trial: under a condition whose effects come with captures only "
             "(Circe's rebirths), the moves that capture nothing by movegen's pins and "
             "checking geometry, the captures played and tried"),
    Shortcut("king_capture_trial", frozenset({ORTHODOX_WALKS, ONE_COLOUR, SINGLE_MOVE_TURNS}),
             "frankfurt.capture_trial: under a condition that changes a capturer only, on "
             "orthodox pieces, while both royal pieces are kings, the moves that capture nothing "
             "by movegen's pins and checking geometry, the captures played and tried"),
    Shortcut("int_print_order", frozenset({ORTHODOX_WALKS, SINGLE_MOVE_TURNS,
                                           WALK_MOVES_ONLY, ONE_COLOUR}),
             "record.print_order: moves sorted on their ints and piece codes"),
)}


MOVE_GOALS = frozenset({MOVE_JOURNAL, SINGLE_MOVE_TURNS, ONE_COLOUR})
"""What the goals that read the last move (capture, e.p., castling, target
square: `solver.search.goals`) need: a turn is one move whose int, the
piece it took and its effects journal, on the undo stack, say all it did
(a Messigny exchange is
flagged: no capture, and its mover's piece arrives on `to`, as Popeye has it).  A
requirement, not a shortcut: there is no generic form to fall back on, so
FEERIE_GENERIC does not clear it (`Variant.keeps`)."""


def allows(properties: frozenset[str], shortcut: str) -> bool:
    """May `shortcut` run where `properties` hold?  (KeyError for an unknown
    shortcut: a misspelt name must not silently turn a check off.)"""
    return SHORTCUTS[shortcut].needs <= properties
