"""The problem model: what a statement says, independent of any search.

These frozen data classes are the contract between `grammar/` (which builds
them from text) and the rest of `solver/` (which solves and checks them).
They hold names and squares as strings so that they print, compare and hash
plainly; the engine converts them to its integer board when it solves.

Conventions:
- squares are lower-case algebraic names, 'a1'..'h8';
- piece kinds are Popeye's English codes, upper case: K Q R B S P for the
  orthodox pieces (S is the knight, as in Popeye), and Popeye's codes for
  fairy pieces ('N' nightrider, 'G' grasshopper, 'CA' camel, ...);
- colours are 'white', 'black' and 'neutral' (a piece of both sides, as
  in Popeye: `solver.engine.neutral`);
- option and condition names are Popeye's English spelling, whatever
  language the input was written in ('Variation', 'Messigny').
"""

from __future__ import annotations

from dataclasses import dataclass, field

WHITE = "white"
BLACK = "black"
NEUTRAL = "neutral"
HALF_NEUTRAL = "HalfNeutral"   # the piece attribute (solver.engine.halfneutral)

ORTHODOX_KINDS = ("K", "Q", "R", "B", "S", "P")

# Pieces whose walk depends on the colours of others (an orphan moves as the
# enemy pieces that observe it, a friend as its own side's): not played
# beside neutral pieces, which are both sides' (no Popeye reference yet).
COLOUR_BOUND_KINDS = {"O": "orphan", "F": "friend"}
# conditions played beside neutral pieces, one at a time (their combinations
# are untested), compared with Popeye in tests/data/neutralcond/: BGL (on the
# neutral generator, its observation filtered: solver.pieces.neutral.filtered_observation),
# the mummers (a neutral piece's moves measured as any other's: solver.conditions.mummer),
# Circe and its forms whose parameters are circe.NEUTRAL_PARAMS (a neutral victim
# reborn neutral: solver.engine.neutral_effects)
NEUTRAL_CONDITIONS = frozenset({"BGL", "BlackMaximummer", "WhiteMaximummer", "BlackMustCapture",
                                "WhiteMustCapture", "Circe", "MirrorCirce", "FileCirce",
                                "SymmetryCirce", "MirrorFileCirce"})
# ... and of them those played in help and series play only (and a direct play
# in one move): in battle play, where neutral pieces stand, Popeye takes a move
# that retracts the opponent's last one as no solution (optimisations/detect_retraction.c),
# which under these conditions feerie's searches do not (not built)
NEUTRAL_NO_BATTLE = NEUTRAL_CONDITIONS - {"BGL"}
BATTLE_PLAYS = frozenset({"direct", "self", "reflex", "semi-reflex"})


def _supported_kinds() -> frozenset[str]:
    """The pieces the engine plays: every row of the walk catalogue, by its
    English code (solver.pieces.catalogue holds pieces as data only)."""
    from solver.pieces.catalogue import PIECES

    return frozenset(p.en for p in PIECES)


SUPPORTED_KINDS = _supported_kinds()


@dataclass(frozen=True, order=True)
class Piece:
    """One unit of the diagram: a piece of some colour standing on a square."""

    square: str
    color: str
    kind: str
    attributes: tuple[str, ...] = ()  # Popeye piece attributes, English: ('Royal', 'Kamikaze')


# Popeye's names of the goals, for messages.
GOAL_NAMES = {
    "#": "mate", "=": "stalemate", "##": "double mate", "##!": "counter-mate", "#=": "mate or stalemate",
    "==": "double stalemate", "!=": "auto-stalemate", "!#": "auto-mate", "+": "check", "x": "capture",
    "%": "Steingewinn", "ep": "en passant capture", "ctr": "circuit by rebirth", "ct": "circuit",
    "<>r": "exchange by rebirth", "<>": "exchange", "00": "castling", "~": "any move", "dia": "proof game",
    "a=>b": "A-to-B proof game", "c81": "chess81", "z": "target square", "k": "kiss",
}


@dataclass(frozen=True)
class HiddenEnd:
    """The end of help or series play in Popeye's '/' nested branch
    (sstipulation `black 6hh[/2da[#]{!+}]`, `white 5h[/1d[x]a{!+}]h`): the
    play's last move must leave the side to move with at least one move and
    every one of them either reaching `goal` itself (`length` 1, `1d[G]a`)
    or answered by a move of the other side that reaches it (`length` 2,
    `2da[G]`); `unchecked` ({!+}) adds that the side to move is not in check.
    The moves of the nested branch are not printed.  `text` is the nested
    branch as written ('/2da[#]{!+}'); `target` the square of a 'z' goal."""

    text: str
    length: int
    goal: str
    target: str | None = None
    unchecked: bool = False


@dataclass(frozen=True)
class Stipulation:
    """What is to be achieved, in how many moves.

    `play` is one of 'direct', 'help', 'self', 'reflex', 'semi-reflex',
    'help-self', 'help-reflex', 'reciprocal-help', 'proof', 'a=>b'; with
    `series`: 'direct', 'help', 'self', 'reflex', 'help-self' (ser-hs#).  `goal` is Popeye's goal text ('#', '=', '==',
    '+', 'x', '00', 'z', '%', 'dia', 'ep' ...); those feerie plays are
    `solver.search.goals.BUILT`, the others are parsed and reported as
    unsupported.  `moves` is n in '#n', 'h#n';
    `half` is True for 'h#n.5' (the help play then starts with a single move
    of the other side).  `series` marks 'ser-' stipulations.

    `text` is the stipulation as Popeye prints it ('h#2', 'ser-h#5',
    'h#2.5'); `unsupported` names what feerie cannot solve, or is None.
    `target` is the square of the goals that name one ('z', 'k'): 'zh3'
    has goal 'z' and target 'h3'.  `structured` marks a stipulation read
    from Popeye's `SStipulation` (grammar.sstipulation): `text` is then
    Popeye's structured text ('White 3a[#]d'), not a plain stipulation.
    `postkey` is set by the structured stipulations that start with the
    defence ('White - 6da[#]'): the play after a key that is not played,
    as Option PostKeyPlay asks for.

    Reciprocal help play ('reciprocal-help': reci-h(G1)G2 n, ser-reci-h):
    `goal` is G2, the goal White reaches after Black's last move (the help
    part); `reci_goal` (and `reci_target`) is G1, the goal Black reaches
    with that last move itself (the same as `goal` in 'reci-h#3').
    `exact` marks Popeye's 'exact-': no shorter solution counts.
    `intro` is m of Popeye's 'm->' before series play ('3->ser-#2'): the
    other side first plays m series moves, then the series play follows
    (Popeye numbers its moves from 1 again).
    `parry` marks the parry series whose parries are help moves (pser-h,
    phser-, phser-s): a series move that checks is answered by one move of
    the other side that parries it, any legal one, before the series goes on.
    `hidden` is the end of help or series play in a structured stipulation's
    '/' nested branch (`HiddenEnd`); `goal` is then its text ('/2da[#]{!+}').
    `from_mover` marks help play n.5 whose structured stipulation names the
    side that moves first (`white 5h[#]h`): Popeye numbers its moves from
    that side ('1.Kh4-g3 Kf6-g6'), not as h#n.5 ('1...Kh4-g3').
    """

    text: str
    play: str
    goal: str
    moves: int
    half: bool = False
    series: bool = False
    unsupported: str | None = None
    target: str | None = None
    structured: bool = False
    postkey: bool = False
    reci_goal: str | None = None
    reci_target: str | None = None
    exact: bool = False
    intro: int = 0
    parry: bool = False
    hidden: HiddenEnd | None = None
    from_mover: bool = False

    @property
    def supported(self) -> bool:
        return self.unsupported is None

    @property
    def half_moves(self) -> int:
        """The most half-moves the play can take (both sides' moves counted)."""
        if self.series:
            # the other side's move after the series (ser-h#, ser-s#, ser-r#), and for
            # ser-hs# the series side's forced one after it
            return self.intro + self.moves + (0 if self.play in ("direct", "proof") else
                                              2 if self.play == "help-self" else 1)
        if self.play == "direct":
            return 2 * self.moves - 1
        return 2 * self.moves + (1 if self.half else 0)


# The longest play feerie searches, in half-moves: Popeye's own limit (it
# ignores '#500', 'h#500', 'ser-#999' as "stipulation with too many moves").
# Every search is a recursion one level or a few per half-move.
MAX_HALF_MOVES = 998


@dataclass(frozen=True)
class Condition:
    """A fairy condition with its parameters, e.g. Messigny ('RexExclusive',).

    Parameters are in Popeye's English, one per square or word.  Messigny
    and Marseillais have a normal form: Messigny () for Rex inclusive
    (the default) or ('RexExclusive',); Marseillais a subset, in this order,
    of ('Balanced', 'GameSite', 'NoChecks') (RULES.md 3.9; see
    README.md, "Problem input").  `supported` is False for the conditions
    feerie does not play (solver.model.keywords.SUPPORTED_CONDITIONS; the
    registry of what they do is solver.conditions.registry).
    """

    name: str
    params: tuple[str, ...] = ()
    supported: bool = True


@dataclass(frozen=True)
class Option:
    """A Popeye option with its arguments, e.g. Option('Defence', ('2',)).

    `supported` is False for options feerie accepts but does not implement
    where they would change the answer (the checker reports them).
    """

    name: str
    args: tuple[str, ...] = ()
    supported: bool = True


@dataclass(frozen=True)
class TwinCommand:
    """One change a twin makes.

    kind: 'move' (from, to), 'exchange' (sq1, sq2), 'remove' (sq), 'add'
    (color, kind, sq, attribute...), 'substitute' (old kind, new kind),
    'rotate' ('90'|'180'|'270'), 'mirror' ('a1<-->h1' | 'a1<-->a8' |
    'a1<-->h8' | 'a8<-->h1'), 'shift' (from, to), 'polish' (), 'stipulation'
    (text), 'condition' (the text of each condition: 'Circe', 'Messigny
    RexExclusive'; no text at all means "no condition"), and args holding
    the parsed pieces of it.  Kinds and colours are the model's ('S',
    'white').  The parsed forms of the last two ride along so that nobody
    re-reads text: `stipulation` for 'stipulation', `conditions` (the whole
    new set, replacing the old one, as in Popeye) for 'condition'.
    """

    kind: str
    args: tuple[str, ...] = ()
    stipulation: Stipulation | None = None
    conditions: tuple[Condition, ...] = ()


@dataclass(frozen=True)
class Twin:
    """A twin: its commands, applied to the original position, or to the
    previous twin's position when `continued` (Popeye's 'Twin Continued').

    Without a zero position, the diagram is twin a) and `Problem.twins` are
    b), c), ...; with `Problem.zero_position`, the diagram is not solved and
    `Problem.twins` are a), b), ... (see solver.model.twins.expand_twins)."""

    commands: tuple[TwinCommand, ...]
    continued: bool = False


# the conditions that bring pieces back from below the board (`Problem.buried`)
UNDERWORLD_CONDITIONS = frozenset({"GhostChess", "HauntedChess"})
# ... and Circe's parameters that do (solver.conditions.circekinds.install_underworld)
UNDERWORLD_CIRCE = frozenset({"Volcanic", "Parachute"})


@dataclass(frozen=True)
class Problem:
    """A composed problem as stated.

    `castling` is None when the statement says nothing (then castling is
    allowed wherever king and rook stand on their original squares, RULES.md
    1) or a FEN castling field ('KQkq', '-').  `en_passant` lists the squares
    a pawn has just passed over (FEN e.p. field, Popeye Option EnPassant).
    `white_to_move` is None when the stipulation alone decides who moves.
    `zero_position` is True when Popeye's 'ZeroPosition' twin is used (the
    diagram is not itself a twin).  `intended` holds an intended solution
    in Popeye notation, one line per solution, when the statement gives one.
    `language` is the input's language for piece letters: 'en', 'fr', 'de'.
    `source`, `line` say where the problem was read from (file name, first
    line of the problem).  `buried`: the diagram's pieces that a later
    piece on their square replaced, first replaced first (Popeye puts them
    in its underworld, below the board, where GhostChess and HauntedChess
    would bring them back: refused with those).  The grammar keeps `pieces` sorted (Piece order),
    so that two statements of one position compare equal.
    `proof_target`: the position to reach of an A-to-B proof game (`a=>b n`:
    Popeye's pieces stated after the stipulation); `pieces` is then the start.
    """

    pieces: tuple[Piece, ...]
    stipulation: Stipulation
    conditions: tuple[Condition, ...] = ()
    options: tuple[Option, ...] = ()
    twins: tuple[Twin, ...] = ()
    zero_position: bool = False
    authors: tuple[str, ...] = ()
    origin: str | None = None
    title: str | None = None
    award: str | None = None
    remark: str | None = None
    castling: str | None = None
    en_passant: tuple[str, ...] = ()
    white_to_move: bool | None = None
    intended: tuple[str, ...] = ()
    solutions_expected: int | None = None
    language: str = "en"
    proof_target: tuple[Piece, ...] | None = None
    source: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)
    buried: tuple[Piece, ...] = ()

    def option(self, name: str) -> Option | None:
        """The option of that (English Popeye) name, or None."""
        for opt in self.options:
            if opt.name == name:
                return opt
        return None

    def has_option(self, name: str) -> bool:
        return self.option(name) is not None

    def unsupported_features(self) -> tuple[str, ...]:
        """What in this problem feerie cannot solve, one message each (empty
        when it can): unsupported stipulations, conditions, options, fairy
        pieces, piece attributes, neutral pieces beside what feerie does not
        play with them, in this twin or another."""
        reasons: list[str] = []
        # a half-neutral piece is neutral on and off (solver.engine.halfneutral)
        neutral = any(p.color == NEUTRAL or HALF_NEUTRAL in p.attributes for p in self.pieces) or any(
            c.kind == "add" and (c.args[0] == NEUTRAL or HALF_NEUTRAL in c.args[3:])
            for t in self.twins for c in t.commands)

        # (double stalemate beside paralysing pieces: Popeye instruments each half of it
        # with its own paralysis rule, not compared: solver.conditions.paralysing)
        paralysing = any("Paralysing" in p.attributes for p in self.pieces) or any(
            c.kind == "add" and "Paralysing" in c.args[3:] for t in self.twins for c in t.commands)
        nontrivial = self.has_option("NonTrivial")
        quodlibet = self.has_option("Quodlibet")
        no_battle = [c.name for c in self.conditions if c.name in NEUTRAL_NO_BATTLE] + [
            c.name for t in self.twins for cmd in t.commands for c in cmd.conditions
            if c.name in NEUTRAL_NO_BATTLE]

        def stipulation(stip: Stipulation) -> None:
            if stip.unsupported:
                reasons.append(f"stipulation {stip.text} is not supported ({stip.unsupported})")
            elif paralysing and "==" in stip.text:
                reasons.append(f"stipulation {stip.text} with piece attribute Paralysing is not supported"
                               " (goal ==, double stalemate)")
            elif neutral and no_battle and stip.play in BATTLE_PLAYS and not stip.series and not (
                    stip.play == "direct" and stip.moves == 1 and not stip.half):
                reasons.append(f"condition {no_battle[0]} with neutral pieces in {stip.text} is not"
                               " supported (Popeye's rule on retracted moves in battle play)")
            elif nontrivial and not _nontrivial_plays(stip):
                reasons.append(f"option NonTrivial with stipulation {stip.text} is not supported")
            elif stip.play == "help-reflex" or stip.series and stip.play in ("reflex", "help-self"):
                for name in ("SetPlay", "Quodlibet"):
                    if self.has_option(name):  # (not compared with Popeye in these play forms)
                        reasons.append(f"option {name} with stipulation {stip.text} is not supported")
            elif quodlibet and stip.parry:
                # Popeye applies it to a parry series' self play, feerie's battle search only
                reasons.append("option Quodlibet with parry series is not supported")
            elif stip.exact and stip.play in ("direct", "self") and not stip.series:
                for name in ("Quodlibet", "Threat"):
                    if self.has_option(name):  # (their meaning in exact- play is not verified)
                        reasons.append(f"option {name} with stipulation {stip.text} is not supported")

        def conditions(conds: tuple[Condition, ...]) -> None:
            for cond in conds:
                if not cond.supported:
                    reasons.append(f"condition {cond.name} is not supported")
                elif neutral and cond.name not in NEUTRAL_CONDITIONS:
                    reasons.append(f"condition {cond.name} with neutral pieces is not supported")
            if neutral and len(conds) > 1:
                names = " and ".join(c.name for c in conds)
                reasons.append(f"conditions {names} together with neutral pieces are not supported")

        def pieces(kinds_and_colours) -> None:
            for color, kind, attributes in kinds_and_colours:
                if kind not in SUPPORTED_KINDS:
                    reasons.append(f"fairy piece {kind} is not supported")
                if neutral and kind in COLOUR_BOUND_KINDS:
                    reasons.append(f"the {COLOUR_BOUND_KINDS[kind]} with neutral pieces is not"
                                   " supported")
                if neutral and any(a != HALF_NEUTRAL for a in attributes):
                    reasons.append(f"piece attribute "
                                   f"{next(a for a in attributes if a != HALF_NEUTRAL)} with neutral"
                                   " pieces is not supported")
                reasons.extend(attribute_reasons([(color, kind, attributes)], self))

        stipulation(self.stipulation)
        conditions(self.conditions)
        for cond in self.conditions:
            if self.buried and (cond.name in UNDERWORLD_CONDITIONS
                                or cond.name == "Circe" and UNDERWORLD_CIRCE & set(cond.params)):
                reasons.append(f"a piece placed on an occupied square (Popeye buries the other below it)"
                               f" with condition {cond.name} is not supported")
        for opt in self.options:
            if not opt.supported:
                detail = (" with a number (Popeye then prints at most that many solutions per"
                          " mate position)" if opt.name == "Intelligent" else "")
                reasons.append(f"option {opt.name} is not supported{detail}")
            elif opt.name == "SetPlay" and self.stipulation.intro:
                # Popeye's is the series play without the introductory moves, numbered '1...'
                reasons.append("option SetPlay with introductory moves (n->) is not supported")
            elif opt.name == "SetPlay" and self.stipulation.parry:
                reasons.append("option SetPlay with parry series is not supported")
            elif nontrivial and opt.name in NONTRIVIAL_REFUSED_OPTIONS:
                reasons.append(f"option NonTrivial with option {opt.name} is not supported")
        pieces((p.color, p.kind, p.attributes) for p in self.pieces)
        reasons.extend(royal_conflicts((p.color, p.kind, p.attributes) for p in self.pieces))
        everyone = [(p.color, p.kind, p.attributes) for p in self.pieces] + [
            (c.args[0], c.args[1], c.args[3:]) for t in self.twins for c in t.commands
            if c.kind == "add"]
        from solver.pieces.attributes import alone_mixed

        for name in alone_mixed(everyone):
            reasons.append(f"piece attribute {name} with other piece attributes is not supported")
        for twin in self.twins:
            for command in twin.commands:
                if command.stipulation is not None:
                    stipulation(command.stipulation)
                conditions(command.conditions)
                if command.kind == "add":
                    pieces([(command.args[0], command.args[1], command.args[3:])])
                elif command.kind == "substitute":
                    pieces([(WHITE, command.args[1], ())])
        return tuple(dict.fromkeys(reasons))

    @property
    def supported(self) -> bool:
        return not self.unsupported_features()


# Option NonTrivial (solver.search.nontrivial) is played in these (Popeye's
# guard sits at the defender's nodes of battle play), from the diagram
# position, over plain lengths; Popeye's Threat n test would run inside its
# count of non-trivial defences (not built), and where the guard prunes the
# whole post-key play Popeye prints nothing at all (feerie still its ' +').
NONTRIVIAL_PLAYS = frozenset({"direct", "self", "reflex", "semi-reflex"})
NONTRIVIAL_REFUSED_OPTIONS = frozenset({"Threat", "PostKeyPlay"})


def _nontrivial_plays(stip: Stipulation) -> bool:
    """Is this stipulation one Option NonTrivial is played with?"""
    return (stip.play in NONTRIVIAL_PLAYS and not stip.series and not stip.structured
            and not stip.postkey and not stip.exact and not stip.intro)


def attribute_reasons(pieces, problem: Problem) -> list[str]:
    """Why feerie cannot play the attributes of these pieces ((colour, kind,
    attributes)) in this problem (`solver.pieces.attributes.unsupported`):
    whether a fairy piece may appear and which conditions there are matter."""
    from solver.pieces.attributes import paralysing_reasons, unsupported

    if not any(attributes for _, _, attributes in pieces):
        return []
    everything = [(p.color, p.kind, p.attributes) for p in problem.pieces] + [
        (c.args[0], c.args[1], c.args[3:]) for t in problem.twins for c in t.commands if c.kind == "add"]
    kinds = {p.kind for p in problem.pieces} | {
        c.args[1] for t in problem.twins for c in t.commands if c.kind in ("add", "substitute")}
    names = [c.name for c in problem.conditions] + [
        c.name for t in problem.twins for cmd in t.commands for c in cmd.conditions]
    kings = sum(p.kind == "K" for p in problem.pieces) + sum(
        c.kind == "add" and c.args[1] == "K" for t in problem.twins for c in t.commands)
    return paralysing_reasons(everything) + unsupported(
        pieces, bool(kinds - set(ORTHODOX_KINDS)), list(dict.fromkeys(names)), kings)


def royal_conflicts(pieces) -> list[str]:
    """More than one royal piece on a side (a king counts), which Popeye
    refuses too ("only one king allowed")."""
    from solver.pieces.attributes import royal_conflicts as conflicts

    return conflicts(list(pieces))
