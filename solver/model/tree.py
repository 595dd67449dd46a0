"""The solution tree: what a solver found, as data that knows nothing of text.

One structure serves every play type, so that the Popeye-style text writer
(`solver.output.popeye_writer`), the JSON writer (`solver.output.json_writer`) and the
parser of Popeye's own output (`solver.output.popeye_output`) all meet here, and
`solver.output.compare.canonical()` can compare a solver's answer with Popeye's.

Shape, outermost first:

- `TwinSolution`: one twin (or the whole problem when it has no twins):
  its label ('a)', 'b)'...), the twinning text Popeye prints after the
  label, and its `phases`.
- `Phase`: one solving run. A problem has one; `Duplex` gives two (the
  second with the colours exchanged), `HalfDuplex` one, reversed.
- `Section`: a part of a phase: set play, the play itself, or the play
  after the key under `PostKeyPlay`. Its `layout` says how Popeye prints
  it: 'tree' (direct, self, reflex play: keys, tries, variations, one move
  per line) or 'line' (help and series play: one full solution per line).
- `Node`: one turn of one side and what follows it. Line play is stored as
  a trie of turns (lines sharing a beginning share nodes), so that the
  data is a tree in both layouts; the text writer flattens it.

Move numbers are not stored: in a tree they follow from the depth, in a
line from who moves (`Node.side`) and from `Section.skipped` (the half-moves
of move 1 that are not played: 1 for h#n.5, prints `1...`).

What a solver fills in, to match Popeye's output (and `solver.output.compare.canonical` of it):
every twin has its phases even when nothing was found (a phase with an
empty PLAY section); a SET section whenever set play was asked for, empty
or not; line-play nodes carry `side` (Role.HELP); tree nodes carry the role
of their place (threats as THREAT children of the attacker's move, the
refutations of a try as REFUTATION children after its variations) and the
`label` Popeye would print ('threat' when a threat is shown, 'zugzwang'
when there is none, None after a checking move or under NoThreat).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum

WHITE = "white"
BLACK = "black"


def other_side(side: str) -> str:
    return BLACK if side == WHITE else WHITE


@dataclass(frozen=True)
class Component:
    """One orthodox (or fairy) move, language-neutral.

    `kind` is the moving piece as a Popeye English code ('K', 'Q', 'R', 'B',
    'S', 'P', fairy codes such as 'N', 'G', 'CA'). For castling, `frm` and
    `to` are the king's squares. For a Messigny exchange, `frm` holds the
    mover's piece and `to` the opponent's piece of the same kind.
    `captured` is the square of the piece taken when it is not `to`: a
    locust takes the piece it jumps over and lands beyond it (Popeye prints
    `Lh8*f6-e5`: from h8, takes on f6, lands on e5); `capture` is then True.
    `neutral`: the moving piece is neutral (so is the piece it promotes to);
    Popeye prints `nSd4-e6`, `nPb7-b8=nQ`.
    `via`: where the mover stands when it captures, when that is not `frm`
    (MarsCirce: it captures from its rebirth square; Popeye prints
    `Rd4-a1*c1`).
    `budget`: BGL's budgets left after the move (see the field).
    `attributes`: the mover's piece attributes (Popeye's English names, in
    Popeye's order: 'Royal', 'Kamikaze', 'Chameleon'; a promoted piece keeps
    them); `effects`: what the move does besides (`Effect`), in the order
    the position applied them; `before`: an effect Popeye writes before the
    move (SingleBox Type3: the mover's latent pawn promoted, `[e8=R]Re8-e4`).
    """

    kind: str
    frm: str
    to: str
    capture: bool = False
    promotion: str | None = None
    castling: str | None = None  # '0-0' or '0-0-0'
    en_passant: bool = False
    exchange: bool = False
    captured: str | None = None
    neutral: bool = False
    via: str | None = None
    attributes: tuple[str, ...] = ()
    effects: tuple["Effect", ...] = ()
    before: tuple["Effect", ...] = ()
    # BGL: the budgets left after the move, as Popeye writes them ('4.5', '3'
    # for White's and Black's, or the one shared budget): `(4.5/3)`
    budget: tuple[str, ...] = ()
    # Imitator: the imitators' squares after the move, in Popeye's order
    # (`Kg3-h2[Ic5]`); a promotion into an imitator is `promotion='I'`
    imitators: tuple[str, ...] = ()
    # HalfNeutral: the half-neutral mover's phase after the move, 'neutral',
    # 'white' or 'black' (`hnRa2-a1=nh`, `nhnRa1-a8=wh`: solver.engine.halfneutral)
    half_neutral: str | None = None


@dataclass(frozen=True)
class Effect:
    """What a move does besides moving its piece and taking one
    (`solver.engine.effects`): the piece on `square` before and after, each as
    (colour, kind, attributes) or None for an empty square.  A kamikaze
    capture removes the capturer (`after` None); a chameleon's move changes
    its kind on the arrival square; a Circe rebirth will add a piece.
    `bracketed`: a change of colour or kind written `[e5=w]` / `[a8=Q]`
    after the move (Masand, Breton), not as the mover's `=w` / `=Q`;
    `below`: a piece reborn below another (Circe Volcanic)."""

    square: str
    before: tuple[str, str, tuple[str, ...]] | None
    after: tuple[str, str, tuple[str, ...]] | None
    bracketed: bool = False
    # the piece added went below the one standing on `square` (Circe Volcanic's
    # reborn piece, `[+bSb8->v]`): `after` is it, `before` None
    below: bool = False


@dataclass(frozen=True)
class Turn:
    """What one side plays in one turn: one component (orthodox, Messigny),
    one or two (Marseillais), and the mark printed after it.

    `mark` is the text Popeye prints after the move: '' (nothing), '+'
    (check), '#' (mate), '=' (stalemate), or another goal's marker ('==',
    'z', 'x', ...), possibly after a check ('+ z'). It says what the turn
    achieves, so it is part of the solution, not decoration.
    """

    components: tuple[Component, ...]
    mark: str = ""

    @property
    def check(self) -> bool:
        """Whether the move gives check: a '+', and every mate ('#', '##'),
        which Popeye marks without the '+' that it implies."""
        return any(part == "+" or part.startswith("#") for part in self.mark.split())

    @property
    def mate(self) -> bool:
        return "#" in self.mark.split()

    @property
    def stalemate(self) -> bool:
        return "=" in self.mark.split()


class Role(str, Enum):
    """What a node is in the solution.

    Tree layout (direct, self, reflex play):
      KEY, TRY        the attacker's first move (printed ' !' / ' ?')
      THREAT          attacker move that would follow a null move (after 'threat:')
      VARIATION       a defender's move
      CONTINUATION    the attacker's move after a defence
      REFUTATION      a defence that refutes a try (printed after 'but', with ' !')
      SET             a defender's move of set play (before any key)
      FORCED          a move that reaches the goal at once where the reflex
                      condition obliges it, so the stipulation cannot be met
                      (Popeye prints it ' ?!?', e.g. a White mate in one in r#n)
    Line layout (help and series play):
      HELP            any move of a line, either side, help or series
      RECIPROCAL      the last move of a reciprocal help line that reaches
                      its own goal (reci-h(G1)G2: Black's G1 move), printed
                      after the lines of G2 from the same position
    """

    KEY = "key"
    TRY = "try"
    THREAT = "threat"
    VARIATION = "variation"
    CONTINUATION = "continuation"
    REFUTATION = "refutation"
    SET = "set"
    FORCED = "forced"
    HELP = "help"
    RECIPROCAL = "reciprocal"

    @property
    def attacking(self) -> bool:
        return self in _ATTACKER_ROLES


_ATTACKER_ROLES = frozenset({Role.KEY, Role.TRY, Role.THREAT, Role.CONTINUATION, Role.FORCED})

THREAT_LABEL = "threat"
ZUGZWANG_LABEL = "zugzwang"
# post-key play only: the (unprinted) key gave check, Popeye prints ' +'
CHECK_LABEL = "check"


@dataclass
class Node:
    """One turn and what follows it.

    `label` is what Popeye prints after an attacker's move that has play
    below it: 'threat' ('threat:'), 'zugzwang' ('zugzwang.'), or None (for
    example when the move checks, or under NoThreat). `side` is who plays
    `turn` ('white' or 'black'); the line writer numbers moves from it.
    """

    role: Role
    turn: Turn | None
    children: list["Node"] = field(default_factory=list)
    label: str | None = None
    side: str | None = None
    # the effects of the defender's pass before the threat (`Effect`s; LostPieces:
    # the attacker's mated pieces taken off, Popeye's `threat:[-wPd7]`)
    passed: tuple["Effect", ...] = ()

    def add(self, child: "Node") -> "Node":
        self.children.append(child)
        return child

    def walk(self):
        """This node and all below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()


class SectionKind(str, Enum):
    SET = "set"          # set play: the defender moves first (tree) or one half-move later (lines)
    PLAY = "play"        # the solution proper: keys and tries, or help/series lines
    POSTKEY = "postkey"  # Option PostKeyPlay: the play after a key that is not printed


TREE = "tree"
LINE = "line"


@dataclass
class Section:
    """A part of a phase, with its layout.

    `skipped` (line layout) is the number of half-moves of move 1 that the
    lines do not play: 0 for h#n, 1 for h#n.5 and for the set play of h#n
    (`1...Xx`), 2 for the set play of h#n.5 (`1...  ...`). `label` (post-key
    play) is 'threat' or 'zugzwang' when Popeye prints one before the play,
    or 'check' when the diagram has the defender in check (Popeye's ' +').
    `intro` (line layout) is m of m-> introductory play ('3->ser-#2': 3): each
    line starts with 1 to m series moves of one side, and Popeye numbers the
    moves after them from 1 again, by the side that plays the series.
    """

    kind: SectionKind
    layout: str
    nodes: list[Node] = field(default_factory=list)
    skipped: int = 0
    intro: int = 0
    label: str | None = None
    shortest_first: bool = False  # series play: shorter lines are printed first (as Popeye does)


@dataclass
class Phase:
    """One solving run: its sections in print order (set play first)."""

    sections: list[Section] = field(default_factory=list)
    reversed: bool = False  # Duplex second part / HalfDuplex: colours exchanged


@dataclass
class TwinSolution:
    """The solution of one twin, or of the whole problem when it has no twins.

    `label` is 'a)', 'b)', ... (None without twins); `continued` prints it
    as '+b)' (Popeye's 'Twin Continued'); `description` is the twinning as
    Popeye prints it after the label, items separated by two spaces
    ('wKd7-->e7', 'h=2', '-wSd1  +wDb1'), in the input's language;
    `zero_position` prints Popeye's 'zeroposition' line before this twin.
    `illegal` says why the twin was not solved, when its position cannot be
    played from ('the side to play can capture the king'); None otherwise.
    `missing_king`: Popeye's warning that a side has no king follows the
    label (without twins the header ends with it).
    """

    phases: list[Phase] = field(default_factory=list)
    label: str | None = None
    description: str = ""
    continued: bool = False
    zero_position: bool = False
    illegal: str | None = None
    missing_king: bool = False


@dataclass(frozen=True)
class RunInfo:
    """How a solving run went: the part of the output that is not solution."""

    time_s: float = 0.0
    nodes: int = 0
    timed_out: bool = False  # a time limit cut the search short
    partial: bool = False    # MaxSolutions (or similar) stopped it early
    out_of_memory: bool = False  # memory ran out (MemoryError): cut short like a time limit
    cancelled: bool = False  # the user stopped it (Ctrl-C)

    @property
    def status(self) -> str:
        if self.timed_out or self.out_of_memory or self.cancelled:
            return "interrupted"
        if self.partial:
            return "partial"
        return "complete"


# --- a canonical order -----------------------------------------------------------

_KIND_ORDER = {k: i for i, k in enumerate("KQRBSP")}
_PROMOTION_ORDER = {None: 0, "Q": 1, "R": 2, "B": 3, "S": 4}


def _square_index(name: str) -> int:
    return (ord(name[1]) - ord("1")) * 8 + ord(name[0]) - ord("a")


def components_order(components: tuple[Component, ...]) -> tuple:
    """Sort key of a turn's components: piece (K Q R B S P, then fairy
    pieces by code), then departure and arrival squares, then promotion piece
    (Q R B S, then fairy pieces by code), then the square a locust takes on:
    a total order, so that no two different moves tie.  The
    searches iterate in this order too, so that what they find comes in
    print order (and can be printed as found)."""
    return tuple((_KIND_ORDER.get(c.kind, 6), c.kind, _square_index(c.frm), _square_index(c.to),
                  _PROMOTION_ORDER.get(c.promotion, 5), c.promotion or "", c.exchange,
                  _square_index(c.captured) if c.captured else -1, repr(c.effects))
                 for c in components)


def move_order(node: Node) -> tuple:
    """Sort key of a node's turn (`components_order`); a reciprocal end's
    own moves after the others (Popeye prints them last, Role.RECIPROCAL)."""
    if node.turn is None:
        return (False, ())
    return (node.role is Role.RECIPROCAL, components_order(node.turn.components))


def sort_siblings(nodes: list[Node]) -> None:
    """Put every level of a tree in `move_order`, so that the output does not
    depend on the order the search happened to generate moves in (which may
    vary with history, and with the number of worker processes)."""
    nodes.sort(key=move_order)
    for node in nodes:
        if node.children:
            sort_siblings(node.children)


def merge_lines(into: list[Node], nodes: list[Node]) -> None:
    """Add line-play tries `nodes` to `into`, sharing the nodes of turns that
    both begin with (series lines of different lengths share beginnings)."""
    index = {(n.turn, n.side): n for n in into}
    for node in nodes:
        twin = index.get((node.turn, node.side))
        if twin is None or not twin.children or not node.children:
            into.append(node)
            index[(node.turn, node.side)] = node
        else:
            merge_lines(twin.children, node.children)


def line_paths(nodes: list[Node], prefix: tuple[Node, ...] = ()):
    """Every path from a root to a leaf, depth first: the lines of line play."""
    for node in nodes:
        path = prefix + (node,)
        if node.children:
            yield from line_paths(node.children, path)
        else:
            yield path


def solution_lines(nodes: list[Node]):
    """The lines of line play that are solutions: not those of a reflex
    constraint the diagram breaks (a single move, Role.FORCED: `1.Sg5-f7 # ?!?`)."""
    return (p for p in line_paths(nodes) if p[-1].role is not Role.FORCED)


def printed_lines(nodes: list[Node], shortest_first: bool = True) -> list[tuple[Node, ...]]:
    """The lines of a line-play section in print order: shorter lines first
    (a series problem's shorter solutions, as Popeye prints them), each
    length in the trie's order (`sort_siblings`: move order at every level).
    The searches find them in this order, so lines can be printed as found."""
    lines = list(line_paths(nodes))
    return sorted(lines, key=_printed_length) if shortest_first else lines


def _printed_length(line: tuple[Node, ...]) -> int:
    """The length by which shorter lines come first: a reciprocal line
    ending in its own goal's move counts as long as the lines of the other
    goal from the same position (its end is one move, theirs two)."""
    return len(line) + (line[-1].role is Role.RECIPROCAL)
