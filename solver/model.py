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
- colours are 'white', 'black' (and 'neutral', which Popeye has and the
  engine does not support yet);
- option and condition names are Popeye's English spelling, whatever
  language the input was written in ('Variation', 'Messigny').
"""

from __future__ import annotations

from dataclasses import dataclass, field

WHITE = "white"
BLACK = "black"
NEUTRAL = "neutral"

ORTHODOX_KINDS = ("K", "Q", "R", "B", "S", "P")


@dataclass(frozen=True, order=True)
class Piece:
    """One unit of the diagram: a piece of some colour standing on a square."""

    square: str
    color: str
    kind: str


@dataclass(frozen=True)
class Stipulation:
    """What is to be achieved, in how many moves.

    `play` is one of 'direct', 'help', 'self', 'reflex' (and, parsed but not
    solved: 'semi-reflex', 'help-self', 'help-reflex', 'reciprocal-help',
    'exact', 'proof', ...).  `goal` is Popeye's goal text: '#' (mate) and '='
    (stalemate) are solved; '==', '+', 'x', '00', 'z', '%', 'dia', 'ep' ...
    are parsed and reported as unsupported.  `moves` is n in '#n', 'h#n';
    `half` is True for 'h#n.5' (the help play then starts with a single move
    of the other side).  `series` marks 'ser-' stipulations.

    `text` is the stipulation as Popeye prints it ('h#2', 'ser-h#5',
    'h#2.5'); `unsupported` names what feerie cannot solve, or is None.
    """

    text: str
    play: str
    goal: str
    moves: int
    half: bool = False
    series: bool = False
    unsupported: str | None = None

    @property
    def supported(self) -> bool:
        return self.unsupported is None


@dataclass(frozen=True)
class Condition:
    """A fairy condition with its parameters, e.g. Messigny ('RexExclusive',)."""

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
    (color, kind, sq), 'substitute' (old kind, new kind, or with colours),
    'rotate' ('90'|'180'|'270'), 'mirror' ('a1<-->h1' | 'a1<-->a8' |
    'a1<-->h8' | 'a8<-->h1'), 'shift' (from, to), 'polish' (), 'stipulation'
    (text), 'condition' (text), and args holding the parsed pieces of it.
    """

    kind: str
    args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Twin:
    """A twin: its commands, applied to the original position, or to the
    previous twin's position when `continued` (Popeye's 'Twin Continued')."""

    commands: tuple[TwinCommand, ...]
    continued: bool = False


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
    `source`, `line` say where the problem was read from.
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
    source: str | None = field(default=None, compare=False)
    line: int | None = field(default=None, compare=False)

    def option(self, name: str) -> Option | None:
        """The option of that (English Popeye) name, or None."""
        for opt in self.options:
            if opt.name == name:
                return opt
        return None

    def has_option(self, name: str) -> bool:
        return self.option(name) is not None
