"""What the author says the solution is: intended lines and the stated number of solutions.

The checker compares the solver's findings with this.  Two sources:

- the statement itself: the native format's `intended:` lines (Popeye
  notation, one solution per line) and `solutions:` count, or a remark such
  as '2 solutions' / '2.1.1.1' in a Popeye file;
- an output file, Popeye's or feerie's (`feerie check --expected FILE`):
  each twin's printed solution is what is intended, exactly.

An intended line is a sequence of turns.  For help and series play it is a
whole solution; for direct, self and reflex play it starts with the key and
may go on along one variation (`1.Rc2-c3 Ke3-d2 2.Rg5-d5 #`), so that
several lines with one key state the key's variations.

Writing intended lines by hand: move numbers (`1.`, `1...`), the marks
after a move (`+`, `#`, `=`), `!` and `?` are optional; a pawn may carry its
letter (`Pa7*b8=Q`); a capture written with '-' still matches.  In a
twinned problem a line may start with its twin's label (`b) 1.Kf3-e4 ...`);
an unlabelled line belongs to the first twin in which all its moves can be
played.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from solver.base.errors import InputError
from solver.model.problem import Problem
from solver.output.notation import MARKS, NotationError, scan_move
from solver.model.tree import Node, Role, SectionKind, TREE, Turn, TwinSolution, solution_lines

_LABEL = re.compile(r"^\s*\+?((?:[a-y]|z\d+)\))\s+")
_NUMBER = re.compile(r"^\d+\.+")
_BANGS = {"!", "?", "!?", "?!", "!!", "??", "?!?"}
_TRAILING = re.compile(r"(?:[!?]+)$")
_GLUED_MARK = re.compile(r"(?<=[1-8A-Z])([+#]+|=(?![A-Z0-9]))$")
_PAWN_LETTER = {"en": "P", "fr": "P", "de": "B"}

_COUNT_WORDS = re.compile(r"\b(\d+)\s*(?:solutions?|lösungen|loesungen|lösung|loesung|sol\.)",
                          re.IGNORECASE)
_COUNT_DOTS = re.compile(r"(?<![\d.])(\d{1,2})(?:\.\d{1,2}){2,}(?![\d.])")


@dataclass(frozen=True)
class IntendedLine:
    """One intended line: its turns, each notation text (from a statement)
    or a `Turn` (from an output file), in the order they are played.
    `twin` is a twin label ('b)') or None; `reversed` the phase (Duplex's
    second half) when known, None to find it by playing the line."""

    turns: tuple
    text: str
    twin: str | None = None
    reversed: bool | None = None


@dataclass(frozen=True)
class TwinIntent:
    """What is intended for one twin: `lines` (maybe none).  `explicit` says
    the lines are the whole intended solution even when there are none (an
    output file that shows no solution)."""

    lines: tuple[IntendedLine, ...] = ()
    explicit: bool = False

    @property
    def given(self) -> bool:
        return self.explicit or bool(self.lines)


@dataclass(frozen=True)
class Intent:
    """The intended solution of a problem: lines per twin (`by_twin`, keyed
    by index; `unassigned` are lines without a label, to be placed by
    playing them), and the stated number of solutions per twin."""

    by_twin: dict = field(default_factory=dict)
    unassigned: tuple[IntendedLine, ...] = ()
    count: int | None = None
    source: str = "statement"


# --- text lines ---------------------------------------------------------------

def split_line(text: str) -> tuple[str | None, list[str]]:
    """A hand-written line's twin label and move tokens (marks, move numbers
    and '!'/'?' removed)."""
    label = None
    m = _LABEL.match(text)
    if m:
        label = m.group(1)
        text = text[m.end():]
    tokens: list[str] = []
    for word in text.split():
        m = _NUMBER.match(word)
        if m:
            word = word[m.end():]
        if not word or word in ("...", "..") or word in _BANGS or word in MARKS or word == "threat:":
            continue
        if word == "ep." or word.startswith("ep.,"):
            # 'g5*h6 ep.' ends a move; in a Marseillais turn the next
            # component follows the comma: 'g5*h6 ep.,d5*c6 ep.'
            if tokens:
                tokens[-1] += " " + word
            continue
        word = _TRAILING.sub("", word)
        word = _GLUED_MARK.sub("", word)
        if word:
            tokens.append(word)
    return label, tokens


def turn_of_text(token: str, language: str, side: str) -> Turn:
    """The turn a token stands for, with `side` placing castling; a pawn's
    letter is allowed.  NotationError if it is no move."""
    pawn = _PAWN_LETTER.get(language, "P")
    token = re.sub(rf"(^|,){pawn}(?=[a-h][1-8][-*])", r"\1", token)
    components, pos = scan_move(token, 0, language, side)
    if pos != len(token):
        raise NotationError(f"cannot read {token!r}")
    return Turn(components)


def turn_key(components) -> tuple:
    """What identifies a turn for matching: pieces and squares, promotions,
    castling and exchanges (not the capture sign, not the marks)."""
    return tuple((c.kind, c.frm, c.to, c.promotion, c.castling, c.exchange) for c in components)


def item_key(item, language: str, side: str) -> tuple:
    """turn_key of an intended line's item (text or Turn); InputError if the
    text is not a move."""
    if isinstance(item, Turn):
        return turn_key(item.components)
    try:
        return turn_key(turn_of_text(item, language, side).components)
    except NotationError:
        if language != "en":
            try:
                return turn_key(turn_of_text(item, "en", side).components)
            except NotationError:
                pass
        raise InputError(f"intended solution: cannot read the move {item!r} "
                         "(Popeye notation expected, e.g. Sg1-f3, e7*d8=Q, 0-0)") from None


def item_text(item) -> str:
    if isinstance(item, Turn):
        from solver.output.notation import move_text

        return move_text(item)
    return item


# --- a problem's statement --------------------------------------------------------

def stated_count(problem: Problem) -> int | None:
    """The number of solutions the statement gives: the native `solutions:`
    field, else a remark or title such as '2 solutions' or '2.1.1.1'."""
    if problem.solutions_expected is not None:
        return problem.solutions_expected
    for text in (problem.remark, problem.title, problem.award):
        if not text:
            continue
        m = _COUNT_WORDS.search(text) or _COUNT_DOTS.search(text)
        if m:
            return int(m.group(1))
    return None


def intent_of(problem: Problem) -> Intent:
    """The intended solution as the statement gives it."""
    by_twin: dict[str, list[IntendedLine]] = {}
    unassigned: list[IntendedLine] = []
    for text in problem.intended:
        label, tokens = split_line(text)
        if not tokens:
            continue
        line = IntendedLine(tuple(tokens), text.strip(), label)
        if label is None:
            unassigned.append(line)
        else:
            by_twin.setdefault(label, []).append(line)
    labelled = {label: TwinIntent(tuple(lines)) for label, lines in by_twin.items()}
    return Intent(labelled, tuple(unassigned), stated_count(problem), "statement")


# --- an output file ------------------------------------------------------------------

def _tree_lines(node: Node, prefix: tuple = ()):
    """Key (or continuation) and the variation paths below it; threats,
    tries and refutations are not intended play."""
    path = prefix + (node.turn,)
    below = [c for c in node.children if c.role in (Role.VARIATION, Role.CONTINUATION)]
    if not below:
        yield path
        return
    for child in below:
        yield from _tree_lines(child, path)


def lines_of_solution(twin: TwinSolution) -> list[IntendedLine]:
    """The solutions a printed twin shows, as intended lines (keys with their
    variations in tree play, every line in line play; set play, tries and
    threats are not solutions)."""
    from solver.output.notation import turn_text

    out = []
    for phase in twin.phases:
        for section in phase.sections:
            if section.kind is not SectionKind.PLAY:
                continue
            if section.layout == TREE:
                paths = [p for n in section.nodes if n.role is Role.KEY for p in _tree_lines(n)]
            else:
                paths = [tuple(n.turn for n in p) for p in solution_lines(section.nodes)]
            for path in paths:
                text = " ".join(turn_text(t) for t in path)
                out.append(IntendedLine(tuple(path), text, twin.label, phase.reversed))
    return out


def intent_from_output(twins: list[TwinSolution], count: int | None = None) -> Intent:
    """The intent an output file's problem states: each twin's printed solution."""
    by_twin = {}
    for index, twin in enumerate(twins):
        by_twin[index] = TwinIntent(tuple(lines_of_solution(twin)), explicit=True)
    return Intent(by_twin, (), count, "expected file")


def intents_from_output_file(path, problems: list) -> list:
    """One Intent (or an InputError saying why not) per problem of `problems`
    (Problems, or None for one that could not be read), from an output file
    whose problems are the same, in the same order.  The diagram printed for
    each must be the problem's; a solution that was cut short or that cannot
    be read back is an error for that problem only.  InputError when the
    file cannot be read or holds another number of problems."""
    from solver.output.popeye_output import parse_output_file

    try:
        parsed = parse_output_file(path)
    except OSError as err:
        raise InputError(f"cannot read the expected output: {err.strerror or err}", str(path)) from None
    if len(parsed) != len(problems):
        raise InputError(f"the expected output holds {len(parsed)} problem(s), the input {len(problems)}",
                         str(path))
    out: list = []
    for number, (output, problem) in enumerate(zip(parsed, problems), 1):
        where = f"problem {number} of the expected output"
        if problem is None:
            out.append(None)
        elif not output.parsed:
            out.append(InputError(f"{where}: its solution cannot be read back ({output.unparsed})", str(path)))
        elif output.status != "complete":
            out.append(InputError(f"{where}: the solution printed was cut short ({output.status})", str(path)))
        elif output.board is not None and _placement(output.board) != _placement(problem.pieces):
            out.append(InputError(f"{where} shows another diagram than the problem checked", str(path)))
        elif (stipulation := _other_stipulation(output, problem)) is not None:
            out.append(InputError(f"{where} has another stipulation ({stipulation}) than the problem "
                                  f"checked ({_stipulation_word(problem)})", str(path)))
        else:
            out.append(intent_from_output(output.twins, stated_count(problem)))
    return out


def _stipulation_word(problem) -> str:
    """The stipulation as Popeye prints it under the diagram ('#2', 'h#2/3')."""
    from solver.output.popeye_writer import stipulation_line

    return stipulation_line(problem).split()[0]


def _other_stipulation(output, problem) -> str | None:
    """The stipulation the output printed, when it is not the problem's (the same
    diagram with another stipulation is another problem); None when they agree
    or the output printed none.  Compared as Popeye prints them, without case
    (a structured stipulation begins with the side, 'White' or 'weiss')."""
    if not output.stipulation or not output.stipulation.split():
        return None
    printed = output.stipulation.split()[0]
    return None if printed.lower() == _stipulation_word(problem).lower() else printed


def _placement(pieces) -> set:
    return {(p.square, p.color, p.kind) for p in pieces}


__all__ = ["IntendedLine", "Intent", "TwinIntent", "intent_from_output", "intent_of", "intents_from_output_file",
           "item_key",
           "item_text", "lines_of_solution", "split_line", "stated_count", "turn_key", "turn_of_text"]
