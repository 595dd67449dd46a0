"""Solutions as text in Popeye's layout, so that feerie's output can be read
(and diffed) like Popeye's.

The layout rules were taken from Popeye 4.104's output (the reference files
under ../shared/reference/popeye) and its source, and are written here as
Popeye writes: every printed line starts with a newline, and a lone newline
closes a key's tree, the set play and each solving phase. That one rule
reproduces all of Popeye's blank lines.

- Header (unless Option NoBoard): remarks; a blank line; authors, origin,
  award, title, each centred in 37 columns; a blank line; the diagram
  (black pieces `-K`, neutral `=K`); the stipulation with Popeye's option
  suffixes (`#4/1` for Threat 1) and the piece count right-aligned to
  column 35 (`  #2                        14 + 13`); conditions and `Duplex`
  centred.
- Tree layout: move at depth d indented 4d columns (1 at depth 0), number
  `%3u.` (d//2 + 1), `...` after the number at odd depths; threats two
  levels below their attacker move; `    but` before the refutations.
- Line layout: one solution per line, numbers before the moves of the side
  that starts (Popeye's `%3u.`), `1...` when move 1 starts with its second
  half-move, `1...  ...` when it starts with neither.
- End: `solution finished. Time = 0.006 s` (German `Loesung beendet.`,
  French `solution terminee.`), then two blank lines.
"""

from __future__ import annotations

from dataclasses import replace

from solver.model.problem import BLACK, NEUTRAL, WHITE, Problem
from solver.output.condition_lines import condition_lines, imitator_squares
from solver.output.notation import pass_text, piece_letter, turn_text
from solver.model.tree import (
    CHECK_LABEL, LINE, Node, Role, Section, SectionKind, THREAT_LABEL, TwinSolution, ZUGZWANG_LABEL,
    printed_lines,
    other_side,
)

BOARD_WIDTH = 37  # Popeye centres header lines in the width of the diagram

MESSAGES = {
    "en": {THREAT_LABEL: " threat:", ZUGZWANG_LABEL: " zugzwang.", "but": "but",
           "complete": "\nsolution finished.", "partial": "Partial solution",
           "interrupted": "solving interrupted.", "time": "Time = ", "zeroposition": "zeroposition",
           "Duplex": "Duplex", "HalfDuplex": "HalfDuplex", "Quodlibet": "Quodlibet",
           "positions": "potential positions in", CHECK_LABEL: " +", "refutes": "refutes.",
           "illegal:king_capture": "the side to play can capture the king"},
    "de": {THREAT_LABEL: " Drohung:", ZUGZWANG_LABEL: " Zugzwang.", "but": "Aber",
           "complete": "\nLoesung beendet.", "partial": "Partielle Loesung",
           "interrupted": "Bearbeitung abgebrochen.", "time": "Zeit = ", "zeroposition": "NullStellung",
           "Duplex": "Duplex", "HalfDuplex": "HalbDuplex", "Quodlibet": "Quodlibet",
           "positions": "moegliche Stellungen in", CHECK_LABEL: " +", "refutes": "Widerlegt.",
           "illegal:king_capture": "Die am Zug befindliche Partei kann den Koenig schlagen"},
    "fr": {THREAT_LABEL: " menace:", ZUGZWANG_LABEL: " blocus.", "but": "mais",
           "complete": "\nsolution terminee.", "partial": "solution partielle",
           "interrupted": "solution interrompue.", "time": "Temps = ", "zeroposition": "zeroposition",
           "Duplex": "Duplex", "HalfDuplex": "DemiDuplex", "Quodlibet": "Quodlibet",
           "positions": "positions possibles dans", CHECK_LABEL: " +", "refutes": "Refute.",
           "illegal:king_capture": "le camp au trait peut prendre le roi"},
}

def banner(version: str | None = None) -> str:
    """The first line of the output, where Popeye prints its own banner."""
    if version is None:
        from solver import __version__ as version
    return f"feerie {version}"


def centred(text: str, width: int = BOARD_WIDTH) -> str:
    """Popeye's centring: (width - length) // 2 spaces, none for long lines.
    Popeye measures bytes: a text is measured as its UTF-8 bytes ('ö' is two)."""
    length = len(text.encode("utf-8", "surrogateescape"))
    if length + 1 >= width:
        return text
    return " " * ((width - length) // 2) + text


def format_time(seconds: float) -> str:
    """A duration as Popeye prints it: '0.006 s', '1:02.500 m:s', '1:02:03 h:m:s'."""
    total_ms = max(0, int(round(seconds * 1000)))
    secs, msec = divmod(total_ms, 1000)
    hours, minutes = secs // 3600, (secs % 3600) // 60
    secs %= 60
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d} h:m:s"
    if minutes:
        return f"{minutes}:{secs:02d}.{msec:03d} m:s"
    return f"{secs}.{msec:03d} s"


# --- header -----------------------------------------------------------------

def board_lines(pieces, language: str = "en", cells=None, imitators=()) -> list[str]:
    """The diagram, 19 lines from the upper border to the lower one.
    `cells`: GridChess's cell of each 0x88 square (`solver.conditions.grid`),
    whose lines Popeye draws: `|` between files of two cells, `---` under
    each square between ranks of two.  `imitators`: the squares where
    Popeye draws an `I` (Imitator)."""
    grid: dict[str, tuple[str, str]] = {p.square: (p.color, p.kind) for p in pieces}
    border = "+---a---b---c---d---e---f---g---h---+"
    blank = "|" + " " * 35 + "|"
    lines = [border, blank]
    for r, rank in enumerate("87654321"):
        row = rank + " "
        for f, file in enumerate("abcdefgh"):
            cell = [" "] * 4
            sq = (7 - r) * 16 + f
            if cells is not None and f and cells[sq] != cells[sq - 1]:
                cell[0] = "|"
            piece = grid.get(file + rank)
            if file + rank in imitators:
                cell[2] = "I"
            elif piece is None:
                cell[2] = "."
            else:
                color, kind = piece
                letters = piece_letter(kind, language)
                pos = 2
                for ch in reversed(letters[:2]):
                    cell[pos] = ch
                    pos -= 1
                if color == BLACK:
                    cell[pos] = "-"
                elif color == NEUTRAL:
                    cell[pos] = "="
            row += "".join(cell)
        lines.append(row + "  " + rank)
        sq = (7 - r) * 16
        if cells is not None and r < 7 and any(cells[sq + f] != cells[sq - 16 + f] for f in range(8)):
            lines.append("|  " + " ".join("---" if cells[sq + f] != cells[sq - 16 + f] else "   "
                                          for f in range(8)) + "  |")
        else:
            lines.append(blank)
    lines.append(border)
    return lines


def _option_suffix(problem: Problem) -> str:
    """What Popeye appends to the stipulation: '/n' (Threat n), '//n'
    (MaxFlightSquares n), ';n,m' (NonTrivial n m)."""
    by_name = {opt.name.lower(): opt for opt in problem.options}
    threat = by_name.get("threat")
    flights = by_name.get("maxflightsquares")
    text = ""
    if threat is not None and threat.args:
        text += "/" + threat.args[0]
        if flights is not None and flights.args:
            text += "/" + flights.args[0]
    elif flights is not None and flights.args:
        text += "//" + flights.args[0]
    nontrivial = by_name.get("nontrivial")
    if nontrivial is not None and len(nontrivial.args) >= 2:
        text += f";{nontrivial.args[0]},{nontrivial.args[1]}"
    return text


def stipulation_line(problem: Problem) -> str:
    """'  #2                        14 + 13': counts right-aligned at column 35."""
    counts = {WHITE: 0, BLACK: 0, NEUTRAL: 0}
    for p in problem.pieces:
        counts[p.color] = counts.get(p.color, 0) + 1
    if counts[NEUTRAL]:
        count_text = f"{counts[WHITE]} + {counts[BLACK]} + {counts[NEUTRAL]}n"
    else:
        count_text = f"{counts[WHITE]} + {counts[BLACK]}"
    left = "  " + problem.stipulation.text + _option_suffix(problem)
    width = 36 - len(left)
    used = len(count_text) + 1  # Popeye measures the newline too
    return left + (" " * (width - used) if width > used else "") + count_text


def condition_line(condition, language: str = "en") -> str:
    """One condition alone as Popeye writes it ('Circe Mirror' for
    MirrorCirce), its lines joined by ', ' (a condition may write none, e.g.
    Hole, which the diagram shows)."""
    return ", ".join(condition_lines((condition,), language))


def _option_names(problem: Problem) -> tuple[str, ...]:
    return tuple(option.name for option in problem.options)


def _lines_of(text: str | None) -> list[str]:
    return [] if not text else text.split("\n")


# Attributes a condition gives to "some pieces" (Popeye's some_pieces_flags),
# so that Popeye writes their line even when no piece has them yet.
CONDITION_ATTRIBUTES = {"GhostChess": "Uncapturable", "HauntedChess": "Uncapturable"}


def attribute_lines(pieces, language: str, conditions=()) -> list[str]:
    """Popeye's lines under the stipulation naming the pieces with each
    attribute ('Royal d1', 'Kamikaze h8 b3 a2 h1'): attributes in Popeye's
    order, squares in board order from a8 to h1, both colours together.  A
    royal king is not named (Popeye drops the attribute).  An attribute a
    condition brings (GhostChess's Uncapturable) is written even alone."""
    from solver.model.vocabulary import PIECE_ATTRIBUTES
    from solver.pieces.attributes import PRINT_ORDER, effective

    names = dict(zip(PIECE_ATTRIBUTES["en"], PIECE_ATTRIBUTES[language]))
    order = sorted(pieces, key=lambda p: (-int(p.square[1]), p.square[0]))
    brought = {CONDITION_ATTRIBUTES[c.name] for c in conditions if c.name in CONDITION_ATTRIBUTES}
    out = []
    for attribute in PRINT_ORDER:
        squares = [p.square for p in order if attribute.name in effective(p.kind, p.attributes)]
        if squares or attribute.name in brought:
            out.append(" ".join([names[attribute.name], *squares]))
    return out


def _grid_cells(problem: Problem):
    """GridChess's cells, to draw (None without a grid Popeye draws: none
    with Option SuppressGrid)."""
    from solver.conditions.grid import grid_of
    from solver.base.errors import InputError

    if problem.has_option("SuppressGrid"):
        return None
    for condition in problem.conditions:
        if condition.name in ("GridChess", "ContactGridChess"):
            try:
                return grid_of(condition.params)
            except InputError:
                return _drawn_cells(condition.params)
    return None


# The shifted grids as Popeye's reader numbers their cells (its C integer
# arithmetic: VerticalShift's `rows_worth*(row+1)/2` makes every rank a row of cells).
_SHIFTED_CELLS = {
    "VerticalShift": lambda file, rank: file // 2 + 4 * (rank + 1) // 2,
    "HorizontalShift": lambda file, rank: (file + 1) // 2 + 5 * (rank // 2),
    "DiagonalShift": lambda file, rank: (file + 1) // 2 + 5 * (rank + 1) // 2,
}


def _drawn_cells(params: tuple[str, ...]):
    """The cells of a grid feerie does not play, only to draw them: a
    shifted grid, or an irregular one ('Irregular a8a7b6 d8e8 ...': each
    word a cell, the squares in none of them cell 0, as Popeye's reader
    numbers them); None for the others."""
    if len(params) == 1 and params[0] in _SHIFTED_CELLS:
        cell = _SHIFTED_CELLS[params[0]]
        return tuple(cell(sq & 15, sq >> 4) if sq & 0x88 == 0 else 0 for sq in range(128))
    if params[:1] != ("Irregular",):
        return None
    cells = [0] * 128
    for number, word in enumerate(params[1:], start=1):
        for i in range(0, len(word), 2):
            square = word[i:i + 2]
            if len(square) != 2 or square[0] not in "abcdefgh" or square[1] not in "12345678":
                return None
            cells[(int(square[1]) - 1) * 16 + "abcdefgh".index(square[0])] = number
    return tuple(cells)


# Popeye's warning when a side has no king (MissingKing), before the solution;
# the German text ends in a newline of its own.
MISSING_KING = {"en": "both sides need a king\n", "de": "Es fehlt ein weisser oder schwarzer Koenig\n\n",
                "fr": "il faut un roi de chaque couleur\n"}
# what lets a side play without a king (Popeye's OptFlag[sansrb] / [sansrn])
_KINGLESS_CONDITIONS = frozenset({"LosingChess", "Dynasty", "Extinction"})


def missing_king(problem: Problem) -> bool:
    """Popeye's test in verify_position, for each twin: a side without a
    king (a king, or a royal piece) that is not allowed to have none (NoWk,
    NoBk)."""
    if any(c.name in _KINGLESS_CONDITIONS for c in problem.conditions):
        return False
    for colour, option in ((WHITE, "NoWk"), (BLACK, "NoBk")):
        has_king = any(p.color in (colour, NEUTRAL) and (p.kind == "K" or "Royal" in p.attributes)
                       for p in problem.pieces)
        if not has_king and not problem.has_option(option):
            return True
    return False


_FIRST_MOVER = {"en": ("White", "Black"), "de": ("Weiss", "Schwarz"), "fr": ("Blanc", "Noir")}


def _atob_start(problem: Problem, language: str) -> list[str]:
    """An A-to-B proof game's start diagram ends with its counts and who
    moves first ('=> (Black ->)'); the target's diagram follows."""
    counts = stipulation_line(replace(problem, stipulation=replace(problem.stipulation, text="")))
    white, black = _FIRST_MOVER.get(language, _FIRST_MOVER["en"])
    mover = white if problem.white_to_move else black
    lines = [counts + "\n", "\n", centred(f"=> ({mover} ->)") + "\n", "\n", "\n"]
    return lines + [line + "\n" for line in board_lines(problem.proof_target, language, _grid_cells(problem),
                                                        imitator_squares(problem.conditions))]


def header_text(problem: Problem) -> str:
    """Everything before the solution: remarks, and unless NoBoard the meta
    lines, the diagram, the stipulation and the conditions."""
    language = problem.language
    out = [line + "\n" for line in _lines_of(problem.remark)]
    if problem.has_option("NoBoard"):
        return "".join(out)
    out.append("\n")
    meta = list(problem.authors) + _lines_of(problem.origin) + _lines_of(problem.award) + _lines_of(problem.title)
    out.extend(centred(line) + "\n" for line in meta)
    out.append("\n")
    out.extend(line + "\n" for line in board_lines(problem.pieces, language, _grid_cells(problem),
                                                   imitator_squares(problem.conditions)))
    start = problem
    if problem.proof_target is not None:
        out.extend(_atob_start(problem, language))
        problem = replace(problem, pieces=problem.proof_target)
    out.append(stipulation_line(problem) + "\n")
    out.extend(centred(line) + "\n" for line in attribute_lines(problem.pieces, language, problem.conditions))
    out.extend(centred(line) + "\n" for line in condition_lines(problem.conditions, language, _option_names(problem)))
    if problem.has_option("CastlingMutuallyExclusive"):   # not centred, as Popeye has it
        from solver.conditions.mutual_castling import header_line  # (only then: start-up)

        out.append(header_line(problem.options, language) + "\n")
    for option in ("Duplex", "HalfDuplex", "Quodlibet"):  # in Popeye's order
        if problem.has_option(option):
            out.append(centred(MESSAGES[language][option]) + "\n")
    if not problem.twins and missing_king(start):   # a twin's note follows its label
        out.append(MISSING_KING[language])
    return "".join(out)


# --- solution ---------------------------------------------------------------

def _tree_prefix(depth: int) -> str:
    indent = " " * max(1, 4 * depth)
    return f"{indent}{depth // 2 + 1:3d}." + (".." if depth % 2 else "")


def _tree_node(node: Node, depth: int, language: str, out: list[str]) -> None:
    text = _tree_prefix(depth) + turn_text(node.turn, language)
    if node.role in (Role.KEY, Role.REFUTATION):
        text += " !"
    elif node.role is Role.TRY:
        text += " ?"
    elif node.role is Role.FORCED:
        text += " ?!?"
    if node.label:
        text += MESSAGES[language][node.label] + pass_text(node.passed, language)
    out.append("\n" + text)
    _tree_children(node.children, depth, language, out)


def _tree_children(children: list[Node], depth: int, language: str, out: list[str],
                   inline_refutations: bool = False) -> None:
    """Children of a move at `depth`: threats first (two levels down), then
    the other moves, then the refutations after 'but' (in post-key play,
    where there is no try, each refutation among the defences, followed by
    Popeye's 'refutes.')."""
    for child in children:
        if child.role is Role.THREAT:
            _tree_node(child, depth + 2, language, out)
    for child in children:
        if child.role is Role.REFUTATION and inline_refutations:
            out.append("\n" + _tree_prefix(depth + 1) + turn_text(child.turn, language))
            out.append("\n" + " " * (4 * depth + 8) + MESSAGES[language]["refutes"])
        elif child.role not in (Role.THREAT, Role.REFUTATION):
            _tree_node(child, depth + 1, language, out)
    refutations = [] if inline_refutations else [c for c in children if c.role is Role.REFUTATION]
    if refutations:
        out.append("\n    " + MESSAGES[language]["but"])
        for child in refutations:
            _tree_node(child, depth + 1, language, out)



def line_text(path, skipped: int, language: str = "en", intro: int = 0) -> str:
    """One solution of line play: '  1.Qa6-a5 Kd7-c8   2.Kb5-a6 Qg7-b7 #'.
    With `intro` (m of m->), the line starts with up to m series moves of one
    side, after which the numbers start again from 1, by the side that
    plays next: '  1.Kc8-b8   2.Kb8-a8   1.Rh2-h8 #'."""
    first = path[0].side
    if first is None:
        raise ValueError("line play needs the side of each move (Node.side)")
    if skipped == 1:
        text, number, numbered = "  1...", 2, other_side(first)
    elif skipped == 2:
        text, number, numbered = "  1...  ...", 2, first
    else:
        text, number, numbered = "", 1, first
    for i, node in enumerate(path):
        if node.side is None:
            raise ValueError("line play needs the side of each move (Node.side)")
        if intro and i and node.side != path[i - 1].side and path[i - 1].side == first == numbered:
            number, numbered = 1, node.side   # the end of the introductory moves
        if node.side == numbered:
            text += f"{number:3d}."
            number += 1
        text += turn_text(node.turn, language)
        if node.role is Role.FORCED:  # a reflex constraint the diagram breaks (`1.Sg5-f7 # ?!?`)
            text += " ?!?"
        if i + 1 < len(path):
            text += " "
    return text


def _section(section: Section, language: str, out: list[str]) -> None:
    if section.layout == LINE:
        for path in printed_lines(section.nodes, section.shortest_first):
            out.append("\n" + line_text(path, section.skipped, language, section.intro))
        if section.kind is SectionKind.SET:
            out.append("\n")
        return
    if section.kind is SectionKind.PLAY:
        for node in section.nodes:
            _tree_node(node, 0, language, out)
            if node.role is not Role.FORCED:  # Popeye closes only keys' and tries' trees
                out.append("\n")
    elif section.kind is SectionKind.SET:
        _tree_children(section.nodes, 0, language, out)
        out.append("\n")
    else:  # post-key play: no key printed; the play below it starts at move 1 of Black
        if section.label == CHECK_LABEL:  # Popeye prints it where the blank line would be
            out.append(MESSAGES[language][section.label])
        elif section.label:
            out.append("\n" + MESSAGES[language][section.label])
        _tree_children(section.nodes, 0, language, out, inline_refutations=True)


def twin_intro(twin: TwinSolution, language: str = "en") -> str:
    out = ""
    if twin.zero_position:
        out += "\n" + MESSAGES[language]["zeroposition"] + "\n\n"
    if twin.label is not None:
        label = ("+" if twin.continued and not twin.label.startswith("+") else "") + twin.label + " "
        out += "\n" + label + (twin.description + "  " if twin.description else "") + "\n"
    if twin.missing_king:
        out += MISSING_KING[language]
    if twin.illegal is not None:  # not solved: Popeye's message instead
        out += MESSAGES[language]["illegal:" + twin.illegal] + "\n"
    return out


def solution_text(twins: list[TwinSolution], language: str = "en") -> str:
    """The solution part: from the newline that ends the header to the one
    before 'solution finished.'."""
    out: list[str] = []
    for twin in twins:
        out.append(twin_intro(twin, language))
        for phase in twin.phases:
            for section in phase.sections:
                _section(section, language, out)
            out.append("\n")
    return "".join(out)


def end_text(language: str = "en", time_s: float | None = None, status: str = "complete") -> str:
    """'solution finished. Time = 0.006 s' and the two blank lines after it.
    `time_s` None leaves the time out (Popeye's -regression mode)."""
    messages = MESSAGES[language]
    text = messages[status]
    if time_s is not None:
        text += " " + messages["time"] + format_time(time_s)
    return text + "\n\n\n"


class TextStream:
    """An observer (`solver.output.stream.Observer`) writing Popeye's text as the
    solve goes: the banner (first problem only) and the header at once,
    then each line or key's tree as soon as it is found, then the closing
    message ('solution finished.', or 'solving interrupted.' when a time
    limit or Ctrl-C cut the search short).  `write(text)` receives the text
    piece by piece (flushed by the caller as it likes); `times` False leaves
    the solving time out."""

    def __init__(self, write, *, banner_line: str | None = None, times: bool = True) -> None:
        self.write = write
        self.banner_line = banner_line
        self.times = times
        self.language = "en"

    def problem_start(self, problem: Problem) -> None:
        self.language = problem.language
        text = "" if self.banner_line is None else self.banner_line + "\n"
        self.banner_line = None
        self.write(text + header_text(problem))

    def twin_start(self, twin: TwinSolution) -> None:
        self.write(twin_intro(twin, self.language))

    def section_start(self, phase, section: Section) -> None:
        pass

    def found(self, section: Section, item) -> None:
        out: list[str] = []
        if section.layout == LINE:
            out.append("\n" + line_text(item, section.skipped, self.language, section.intro))
        elif section.kind is SectionKind.PLAY:
            _tree_node(item, 0, self.language, out)
            if item.role is not Role.FORCED:  # Popeye closes only keys' and tries' trees
                out.append("\n")
        else:  # tree set play: one defence and its continuations
            _tree_children([item], 0, self.language, out)
        self.write("".join(out))

    def section_end(self, section: Section) -> None:
        if section.kind is SectionKind.SET:
            self.write("\n")
        elif section.kind is SectionKind.POSTKEY:
            out: list[str] = []
            _section(section, self.language, out)
            self.write("".join(out))

    def phase_end(self, phase) -> None:
        self.write("\n")

    def twin_end(self, twin: TwinSolution) -> None:
        pass

    def problem_end(self, problem: Problem, twins, info) -> None:
        self.write(end_text(self.language, info.time_s if self.times else None, info.status))


def write_problem(problem: Problem, twins: list[TwinSolution], *, time_s: float | None,
                  status: str = "complete", banner_line: str | None = None) -> str:
    """A problem and its solution as Popeye prints them in the problem's
    language. `banner_line` (see `banner()`) goes first: give it for the
    first problem of a run only. `status` is 'complete', 'partial' (e.g.
    MaxSolutions reached) or 'interrupted' (a time limit).

    `twins` has one TwinSolution per twin (one for a problem without
    twins), each with at least one Phase even when nothing was found: a
    phase prints its closing blank line whatever it holds.

    This is `TextStream` fed the finished result, so a solve printed as it
    went gives the same text."""
    from solver.output.stream import replay
    from solver.model.tree import RunInfo

    out: list[str] = []
    info = RunInfo(time_s=time_s or 0.0, timed_out=status == "interrupted", partial=status == "partial")
    replay(problem, twins, info, TextStream(out.append, banner_line=banner_line, times=time_s is not None))
    return "".join(out)


__all__ = [
    "BOARD_WIDTH", "MESSAGES", "banner", "board_lines", "centred", "condition_line", "end_text",
    "format_time", "header_text", "line_text", "missing_king", "solution_text", "stipulation_line", "TextStream",
    "twin_intro", "write_problem",
]
