"""Reading Popeye's output (`.out` files) back into solution trees.

Two uses: the acceptance tests compare feerie's tree with Popeye's (sibling
order ignored, see `canonical`), and the checker's `--expected FILE` takes
the intended solution from Popeye's output.

How the text is cut up: a problem ends with Popeye's closing line
(`solution finished. Time = ...`, `Loesung beendet.`, ...) and two blank
lines. Before the solution come remarks and, unless Option NoBoard, a blank
line, the centred meta lines, the diagram, the stipulation line and the
centred condition/option lines; the solution part starts at the first blank
line after that. In the solution part every printed line is a move line, a
label line, or a blank line that Popeye writes to close a key's tree, the
set play or a phase (see `solver.output.popeye_writer`). Progress reports are not
solution and are dropped: counter lines (`play_move: ...`), MoveNumbers
lines (`  3  (Ta1*d1 )`) and the intelligent mode's `657 moegliche
Stellungen in 2+2`.

Which blank line closes what is ambiguous in a few cases (an empty set play
looks like an empty first half of a duplex); the Duplex line of the header
decides, and without a header the first reading that accounts for every
line wins: set play before duplex.

Colours (`Node.side`) are not printed; they are inferred: in a tree the
attacker is White (Black in the reversed half of a duplex), in line play
the side that starts follows from the stipulation ('h#', 'ser-h#': Black;
'hs#', 'ser-#', 'ser-s#': White; Black without a header) and the move
numbers. They matter only for castling squares and the JSON `side`:
`canonical()` and the text do not depend on them. Notation that cannot be mapped
(Circe rebirths `[+wSg1]`, piece attributes `kB`, `nT`, colour changes
`=w`, ...) makes the problem `unparsed`, with the reason, instead of an
error.  Popeye's reflex `?!?` is read: in a tree as a move of Role.FORCED,
in line play as a line of one such move (a reflex constraint the diagram
breaks, ser-r and hr: `1.Sg5-f7 # ?!?`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from solver.base.lines import unify_line_ends
from solver.model.problem import BLACK, NEUTRAL, Piece, WHITE
from solver.model.vocabulary import COLOURS
from solver.output.notation import NotationError, castling_squares, piece_kind, read_pass, scan_turn
from solver.output.popeye_writer import MESSAGES
from solver.model.tree import (
    CHECK_LABEL, Effect, LINE, Node, Phase, Role, Section, SectionKind, THREAT_LABEL, TREE, Turn,
    TwinSolution, ZUGZWANG_LABEL, other_side,
)

BORDER = "+---a---b---c---d---e---f---g---h---+"
COUNTER_LINE = re.compile(
    r"^ *(add_to_move_generation_stack|play_move|is_white_king_square_attacked"
    r"|is_black_king_square_attacked): *\d+$")
MOVE_NUMBER_LINE = re.compile(r"^ *\d+(?::\d+)*  \(.*\)$")
POSITIONS_LINE = re.compile(
    r"^\d+ (?:%s) \d+\+\d+$" % "|".join(re.escape(m["positions"]) for m in MESSAGES.values()))
TWIN_LABEL = re.compile(r"^(\+)?([a-z]\)|z\d+\)) (.*)$")
TREE_LINE = re.compile(r"^( +)(\d+)\.(\.\.)?(?=\S)(.*)$")
ATOB_LINE = re.compile(r"^ *=> \((\S+) ->\)$")
STIPULATION_LINE = re.compile(r"^  (\S.*?) *(\d+ \+ \d+(?: \+ \d+n)?)$")


def _end_patterns():
    patterns = []
    for language, messages in MESSAGES.items():
        for status in ("complete", "partial", "interrupted"):
            text = re.escape(messages[status].lstrip("\n"))
            time = re.escape(messages["time"])
            patterns.append((re.compile(rf"^{text}(?: {time}(.*))?$"), language, status))
    return patterns


END_PATTERNS = _end_patterns()


class ParseFailure(ValueError):
    """A solution part this module cannot map; the reason is kept."""


@dataclass
class ParsedProblem:
    """One problem of a Popeye output file.

    `header` is the problem's lines before the solution (remarks, meta
    lines, diagram, stipulation, condition lines), as printed; `meta` the
    centred lines without their centring; `notes` the centred lines after
    the stipulation (conditions, Duplex...); `board` the diagram's pieces
    (None without a diagram; unknown piece letters are kept as printed).
    `solution_lines` is the solution part as printed, counter and
    MoveNumbers lines removed: `solution_text(twins, language).split("\\n")`
    gives it back. `twins` is empty and `unparsed` says why when the
    solution could not be mapped.
    """

    language: str
    header: list[str] = field(default_factory=list)
    remarks: list[str] = field(default_factory=list)
    meta: list[str] = field(default_factory=list)
    board: tuple[Piece, ...] | None = None
    stipulation: str | None = None
    piece_counts: str | None = None
    notes: list[str] = field(default_factory=list)
    solution_lines: list[str] = field(default_factory=list)
    twins: list[TwinSolution] = field(default_factory=list)
    status: str = "complete"
    time_s: float | None = None
    end_line: str = ""
    banner: str | None = None
    unparsed: str | None = None
    # an A-to-B proof game: the target's diagram (`board` is the start) and
    # the side its '=> (White ->)' names
    target_board: tuple[Piece, ...] | None = None
    first_mover: str | None = None

    @property
    def parsed(self) -> bool:
        return self.unparsed is None

    @property
    def duplex(self) -> bool:
        return MESSAGES[self.language]["Duplex"] in self.notes

    @property
    def half_duplex(self) -> bool:
        return MESSAGES[self.language]["HalfDuplex"] in self.notes


def is_progress_line(line: str) -> bool:
    """A line Popeye prints about the search, not about the solution."""
    return bool(COUNTER_LINE.match(line) or MOVE_NUMBER_LINE.match(line) or POSITIONS_LINE.match(line))


def _parse_time(text: str | None) -> float | None:
    if not text:
        return None
    m = re.match(r"^(\d+):(\d+):(\d+) h:m:s$", text)
    if m:
        return int(m[1]) * 3600 + int(m[2]) * 60 + int(m[3])
    m = re.match(r"^(\d+):(\d+)(?:\.(\d+))? m:s$", text)
    if m:
        return int(m[1]) * 60 + int(m[2]) + int(m[3] or 0) / 1000
    m = re.match(r"^(\d+(?:\.\d+)?) s$", text)
    return float(m[1]) if m else None


def _match_end(line: str):
    for pattern, language, status in END_PATTERNS:
        m = pattern.match(line)
        if m:
            return language, status, _parse_time(m.group(1))
    return None


# --- the header ----------------------------------------------------------------

def _parse_board(rows: list[str], language: str) -> tuple[Piece, ...] | None:
    pieces = []
    for i, line in enumerate(rows):
        rank = str(8 - i)
        if len(line) != 37 or not line.startswith(rank + " ") or not line.endswith("  " + rank):
            return None
        for f, file in enumerate("abcdefgh"):
            cell = line[2 + 4 * f: 6 + 4 * f].strip()
            if cell in ("", "."):
                continue
            color = WHITE
            if cell[0] in "-=":
                color = BLACK if cell[0] == "-" else NEUTRAL
                cell = cell[1:]
            if not re.fullmatch(r"[A-Z0-9]{1,2}", cell):
                return None
            pieces.append(Piece(file + rank, color, piece_kind(cell, language) or cell))
    return tuple(pieces)


# Post-key play after a key that gave check: Popeye prints the key's mark
# alone, where the blank line that starts the solution would be.
POSTKEY_CHECK_LINE = " +"


# Popeye's German warning for a position without a king of either side ends in
# a newline of its own (the English and French ones do not): one blank line more.
NEWLINE_ENDED_NOTE = "Es fehlt ein weisser oder schwarzer Koenig"
# Popeye's warning that a side has no king, in its three languages (after a
# twin's label it belongs to that twin: TwinSolution.missing_king)
MISSING_KING_NOTES = frozenset({"both sides need a king", "il faut un roi de chaque couleur", NEWLINE_ENDED_NOTE})


def _starts_solution(line: str) -> bool:
    return line == "" or line == POSTKEY_CHECK_LINE


def _split_header(chunk: list[str], language: str, problem: ParsedProblem) -> int:
    """Fill the header fields; return the index where the solution part starts."""
    border = next((i for i, line in enumerate(chunk) if line == BORDER), None)
    if border is not None and border + 19 < len(chunk) and chunk[border + 18] == BORDER:
        first_blank = next((i for i in range(border) if chunk[i] == ""), border)
        problem.remarks = chunk[:first_blank]
        problem.meta = [line.strip() for line in chunk[first_blank + 1:border - 1]]
        problem.board = _parse_board(chunk[border + 2:border + 18:2], language)
        atob = ATOB_LINE.match(chunk[border + 21]) if border + 40 < len(chunk) else None
        if atob and chunk[border + 24] == BORDER and chunk[border + 42] == BORDER:
            # A-to-B: the start's counts, '=> (White ->)', then the target's diagram
            problem.first_mover = atob.group(1)
            border += 24
            problem.target_board = _parse_board(chunk[border + 2:border + 18:2], language)
        m = STIPULATION_LINE.match(chunk[border + 19])
        if m:
            problem.stipulation, problem.piece_counts = m.group(1), m.group(2)
        end = next((i for i in range(border + 20, len(chunk)) if _starts_solution(chunk[i])), len(chunk))
        problem.notes = [line.strip() for line in chunk[border + 20:end]]
        if problem.notes[-1:] == [NEWLINE_ENDED_NOTE] and chunk[end:end + 2] == ["", ""]:
            end += 1  # the note's own newline: the solution starts at the next blank line
    else:
        end = next((i for i, line in enumerate(chunk) if _starts_solution(line)), len(chunk))
        problem.remarks = chunk[:end]
    problem.header = chunk[:end]
    return end


# --- the solution part -----------------------------------------------------------

# The sides as a structured stipulation names them ('Weiss 2s[#]'), any language.
_SIDE_WORDS = {word.lower(): side for words in COLOURS.values() for word, side in zip(words, (WHITE, BLACK))}


def _first_side(stipulation: str | None, skipped: int, reversed_: bool) -> str:
    """Who makes the first printed move of a line (see the module docstring).
    A structured stipulation numbers the moves from the side it names."""
    stip = re.sub(r"^(\d+->)?(exact-)?", "", stipulation or "")
    named = _SIDE_WORDS.get(stip.split(" ", 1)[0].lower()) if " " in stip else None
    natural = BLACK  # h#, h=, reci-h#, ser-h#, ser-h=: Black starts
    if named is not None:
        natural = named
    elif stip.startswith(("hs", "hr", "dia")) or ("ser-" in stip and not re.search(r"ser-(h|reci)", stip)):
        natural = WHITE  # hs#, hr#, dia, ser-#, ser-s#, ser-=: White starts
    first = natural if skipped % 2 == 0 else other_side(natural)
    return other_side(first) if reversed_ else first


def _with_side(turn: Turn, side: str) -> Turn:
    """Put castling on the right rank once the side is known."""
    if not any(c.castling for c in turn.components):
        return turn
    comps = tuple(
        replace(c, frm=castling_squares(c.castling, side)[0], to=castling_squares(c.castling, side)[1],
                effects=tuple(_on_side(e, side) for e in c.effects)) if c.castling else c
        for c in turn.components)
    return Turn(comps, turn.mark)


def _on_side(e: Effect, side: str) -> Effect:
    """A castling rook's change of kind (Einstein chess, `0-0=B`) on that side's
    rank and in its colour."""
    rank = castling_squares("0-0", side)[0][1]
    return Effect(e.square[0] + rank, (side, *e.before[1:]), (side, *e.after[1:]))


class _SolutionParser:
    def __init__(self, language: str, stipulation: str | None, duplex: bool | None, half_duplex: bool):
        self.language = language
        self.stipulation = stipulation
        self.duplex = duplex  # None: not known (no header)
        self.half_duplex = half_duplex
        intro = re.match(r"(\d+)->", stipulation or "")
        # m of m-> introductory play; without a header (NoBoard) unknown, so a
        # line's numbers starting again at 1 are read as its end, too
        self.intro = int(intro.group(1)) if intro else 0
        messages = MESSAGES[language]
        self.labels = {messages[THREAT_LABEL]: THREAT_LABEL, messages[ZUGZWANG_LABEL]: ZUGZWANG_LABEL}
        self.but = "    " + messages["but"]
        self.refutes = messages["refutes"]
        self.postkey_labels = dict(self.labels, **{messages[CHECK_LABEL]: CHECK_LABEL})
        self.default_layout = TREE

    # -- lines of line play --

    def line(self, token: str):
        if token.startswith("  1...  ..."):
            skipped, pos = 2, len("  1...  ...")
        elif token.startswith("  1..."):
            skipped, pos = 1, len("  1...")
        else:
            skipped, pos = 0, 0
        items = []
        restart = None
        expected = 1 if skipped == 0 else 2
        number_re = re.compile(r" *(\d+)\.(?!\.)")
        while True:
            m = number_re.match(token, pos)
            numbered = m is not None
            if numbered:
                if (int(m.group(1)) == 1 and expected > 1 and restart is None
                        and (self.intro or self.stipulation is None)):
                    expected, restart = 1, len(items)  # the play after m-> introductory moves
                if int(m.group(1)) != expected:
                    raise ParseFailure(f"move numbers not understood in {token.strip()!r}")
                expected += 1
                pos = m.end()
            elif not items and skipped != 1:
                raise ParseFailure(f"line does not start with a move number: {token!r}")
            if not items and skipped == 1 and numbered:
                raise ParseFailure(f"line not understood: {token!r}")
            try:
                turn, pos = scan_turn(token, pos, self.language)
            except NotationError as err:
                raise ParseFailure(f"notation: {err}") from None
            items.append((numbered, turn))
            if pos == len(token):
                return skipped, items, restart
            if token[pos] != " ":
                raise ParseFailure(f"cannot read {token[pos:]!r}")
            pos += 1

    def line_section(self, tokens: list[str], kind: SectionKind, reversed_: bool) -> Section:
        roots: list[Node] = []
        skipped_all = None
        for token in tokens:
            if not token.startswith("  ") or token.startswith("   "):
                raise ParseFailure(f"not a line of help or series play: {token!r}")
            forced = token.endswith(" ?!?")   # a reflex constraint the diagram breaks: `1.Sg5-f7 # ?!?`
            if forced:
                token = token[:-len(" ?!?")]
            skipped, items, restart = self.line(token)
            if forced and len(items) != 1:
                raise ParseFailure(f"'?!?' not understood: {token.strip()!r}")
            if skipped_all is not None and skipped != skipped_all:
                raise ParseFailure("lines of one section start differently")
            skipped_all = skipped
            first = _first_side(self.stipulation, skipped, reversed_)
            numbered_side = other_side(first) if skipped == 1 else first
            level = roots
            for k, (numbered, turn) in enumerate(items):
                if restart is not None and k < restart:
                    side = other_side(first)  # m->: the other side's series moves come first
                else:
                    side = numbered_side if numbered else other_side(numbered_side)
                turn = _with_side(turn, side)
                last = level[-1] if level else None
                if (last is not None and last.children and k + 1 < len(items)
                        and last.turn == turn and last.side == side):
                    node = last
                else:
                    node = Node(Role.FORCED if forced else Role.HELP, turn, side=side)
                    level.append(node)
                level = node.children
        return Section(kind, LINE, roots, skipped=skipped_all or 0, intro=self.intro)

    # -- trees --

    def tree_line(self, token: str):
        m = TREE_LINE.match(token)
        if m is None:
            raise ParseFailure(f"not a move line: {token!r}")
        indent, number, dots, rest = len(m.group(1)), m.group(2), m.group(3), m.group(4)
        width = indent + len(number)
        digits = max(3, len(number))
        if width == 1 + digits:
            depth = 0
        elif (width - digits) % 4 == 0 and width > digits:
            depth = (width - digits) // 4
        else:
            raise ParseFailure(f"indentation not understood: {token!r}")
        if int(number) != depth // 2 + 1 or bool(dots) != (depth % 2 == 1):
            raise ParseFailure(f"move number does not fit the indentation: {token!r}")
        return depth, rest

    def tree_nodes(self, tokens: list[str], kind: SectionKind, attacker: str) -> list[Node]:
        """Lines of one key's tree (PLAY) or of set/post-key play, in order."""
        roots: list[Node] = []
        stack: list[tuple[int, Node | None]] = [] if kind is SectionKind.PLAY else [(0, None)]
        in_but = False
        for token in tokens:
            if token == self.but:
                if kind is not SectionKind.PLAY or not roots or roots[0].role is not Role.TRY or in_but:
                    raise ParseFailure("'but' where no try is")
                in_but = True
                continue
            if token.strip() == self.refutes:
                # post-key play: the defence above refutes (no 'but' there)
                last = stack[-1][1] if stack else None
                if kind is not SectionKind.POSTKEY or last is None or last.role is not Role.VARIATION \
                        or last.children or stack[-1][0] != 1:
                    raise ParseFailure(f"'{self.refutes}' not after a post-key defence")
                last.role = Role.REFUTATION
                continue
            depth, rest = self.tree_line(token)
            side = attacker if depth % 2 == 0 else other_side(attacker)
            try:
                turn, pos = scan_turn(rest, 0, self.language, side)
            except NotationError as err:
                raise ParseFailure(f"notation: {err}") from None
            suffix = rest[pos:]
            bang = None
            if suffix == " ?!?":
                if in_but and depth == 2 and stack and stack[-1][0] >= 1 \
                        and stack[-1][1].role is Role.REFUTATION:
                    # reflex play: the attacker's goal move it must play after
                    # a refutation (`1...Ka5-a6 !  2.Bh7-d3 # ?!?`)
                    while stack[-1][0] > 1:
                        stack.pop()
                    stack[-1][1].children.append(Node(Role.FORCED, turn, side=side))
                    continue
                if depth != 0 or kind is not SectionKind.PLAY or roots:
                    raise ParseFailure(f"'?!?' not understood: {token.strip()!r}")
                roots.append(Node(Role.FORCED, turn, side=side))
                continue
            if suffix.startswith(" !") or suffix.startswith(" ?"):
                bang, suffix = suffix[1], suffix[2:]
            label = None
            passed = ()
            if suffix:
                head, bracket, tail = suffix.partition("[")
                if bracket and head in self.labels and self.labels[head] == THREAT_LABEL:
                    # the pass's effects after the label (LostPieces: `threat:[-wPd7]`)
                    try:
                        passed = read_pass(bracket + tail, self.language)
                    except NotationError as err:
                        raise ParseFailure(f"notation: {err}") from None
                    suffix = head
                if suffix not in self.labels:
                    raise ParseFailure(f"cannot read {suffix.strip()!r} in {token.strip()!r}")
                label = self.labels[suffix]
            while stack and stack[-1][0] >= depth:
                stack.pop()
            if not stack:
                if depth != 0 or roots or kind is not SectionKind.PLAY:
                    raise ParseFailure(f"move line out of place: {token.strip()!r}")
                if bang not in ("!", "?"):
                    raise ParseFailure(f"first move without '!' or '?': {token.strip()!r}")
                node = Node(Role.KEY if bang == "!" else Role.TRY, turn, label=label, side=side,
                            passed=passed)
                roots.append(node)
                stack.append((0, node))
                continue
            parent_depth, parent = stack[-1]
            attacking = parent is None or parent.role.attacking
            if in_but:
                if depth != 1 or bang != "!":
                    raise ParseFailure(f"refutation not understood: {token.strip()!r}")
                role = Role.REFUTATION
            elif bang is not None:
                raise ParseFailure(f"'{bang}' not after a first move: {token.strip()!r}")
            elif depth == parent_depth + 1:
                if attacking:
                    role = Role.SET if parent is None and kind is SectionKind.SET else Role.VARIATION
                else:
                    role = Role.CONTINUATION
            elif depth == parent_depth + 2 and attacking:
                role = Role.THREAT
            else:
                raise ParseFailure(f"move line out of place: {token.strip()!r}")
            if label is not None and not role.attacking:
                raise ParseFailure(f"label after a defence: {token.strip()!r}")
            node = Node(role, turn, label=label, side=side, passed=passed)
            (roots if parent is None else parent.children).append(node)
            stack.append((depth, node))
        return roots

    # -- phases --

    @staticmethod
    def _until_blank(tokens: list[str], i: int) -> tuple[list[str], int]:
        """The content tokens from i up to the next blank, and the blank's index."""
        j = i
        while j < len(tokens) and tokens[j] != "":
            j += 1
        if j == len(tokens):
            raise ParseFailure("solution part ends without its closing blank line")
        return tokens[i:j], j

    def phase(self, tokens, i, layout, set_play, postkey, reversed_):
        attacker = BLACK if reversed_ else WHITE
        sections = []
        if layout == LINE:
            if set_play:
                group, i = self._until_blank(tokens, i)
                sections.append(self.line_section(group, SectionKind.SET, reversed_))
                i += 1
            group, i = self._until_blank(tokens, i)
            sections.append(self.line_section(group, SectionKind.PLAY, reversed_))
            return Phase(sections, reversed_), i + 1
        if postkey:
            label = None
            if i < len(tokens) and tokens[i] in self.postkey_labels:
                label = self.postkey_labels[tokens[i]]
                i += 1
            group, i = self._until_blank(tokens, i)
            nodes = self.tree_nodes(group, SectionKind.POSTKEY, attacker)
            sections.append(Section(SectionKind.POSTKEY, TREE, nodes, label=label))
            return Phase(sections, reversed_), i + 1
        if set_play:
            group, i = self._until_blank(tokens, i)
            sections.append(Section(SectionKind.SET, TREE, self.tree_nodes(group, SectionKind.SET, attacker)))
            i += 1
        play = []
        while i < len(tokens) and tokens[i] != "":
            if tokens[i].endswith(" ?!?"):  # Popeye does not close these with a blank line
                play.extend(self.tree_nodes(tokens[i:i + 1], SectionKind.PLAY, attacker))
                i += 1
                continue
            group, i = self._until_blank(tokens, i)
            play.extend(self.tree_nodes(group, SectionKind.PLAY, attacker))
            i += 1
        if i >= len(tokens):
            raise ParseFailure("solution part ends without its closing blank line")
        sections.append(Section(SectionKind.PLAY, TREE, play))
        return Phase(sections, reversed_), i + 1

    @staticmethod
    def layout_of(tokens: list[str]) -> str | None:
        """Line play prints '  1.' (two spaces), trees at least three."""
        content = next((t for t in tokens if t and not TWIN_LABEL.match(t)), None)
        if content is None:
            return None
        return LINE if content.startswith("  ") and not content.startswith("   ") else TREE

    def phases(self, tokens: list[str]) -> list[Phase]:
        layouts = [self.layout_of(tokens) or self.default_layout]
        counts = [2] if self.duplex else [1] if self.duplex is False else [1, 2]
        failures = []
        for layout in layouts:
            for count in counts:
                for set_play in (False, True):
                    for postkey in ((False, True) if layout == TREE and not set_play else (False,)):
                        try:
                            i, result = 0, []
                            for k in range(count):
                                reversed_ = self.half_duplex or k == 1
                                phase, i = self.phase(tokens, i, layout, set_play, postkey, reversed_)
                                result.append(phase)
                            if i != len(tokens):
                                raise ParseFailure(f"unexpected lines after the solution: {tokens[i:i + 2]!r}")
                            return result
                        except ParseFailure as err:
                            failures.append(str(err))
        raise ParseFailure(min(failures, key=_reason_rank) if failures else "empty solution part")

    def twins(self, tokens: list[str]) -> list[TwinSolution]:
        zero_word = MESSAGES[self.language]["zeroposition"]
        zero = False
        if tokens[:3] == [zero_word, "", ""]:
            zero, tokens = True, tokens[3:]
        self.default_layout = self.layout_of(tokens) or TREE  # for twins with no solution at all
        starts = [i for i, t in enumerate(tokens) if TWIN_LABEL.match(t)]
        if not starts:
            if zero:
                raise ParseFailure("zero position without twins")
            return [TwinSolution(self.phases(tokens))]
        if starts[0] != 0:
            raise ParseFailure("lines before the first twin")
        twins = []
        for n, start in enumerate(starts):
            end = starts[n + 1] if n + 1 < len(starts) else len(tokens)
            m = TWIN_LABEL.match(tokens[start])
            parts = [m.group(3)]
            body = start + 1
            # a long description goes on over lines indented by three spaces
            # ('c) WeisseOszillierendeKoenige    TypB', '   SchwarzeOszillierendeKoenige  ');
            # its last line ends with two spaces, as a one-line description does
            while not parts[-1].endswith("  ") and body < end and tokens[body].startswith("   ") \
                    and tokens[body].strip():
                parts.append(tokens[body][3:])
                body += 1
            if parts[-1].endswith("  "):
                description = "\n".join(parts)[:-2]
            elif parts == [""]:
                description = ""
            else:
                raise ParseFailure(f"twin line not understood: {tokens[start]!r}")
            j = body
            missing_king = j < end and tokens[j] in MISSING_KING_NOTES  # Popeye's warning for this twin
            if missing_king:
                j += 1
                if tokens[j - 1] == NEWLINE_ENDED_NOTE and tokens[j:j + 2] == ["", ""]:
                    j += 1  # the German warning's own newline
            if j >= end or tokens[j] != "":
                raise ParseFailure(f"no blank line after {tokens[start]!r}")
            twins.append(TwinSolution(self.phases(tokens[j + 1:end]), label=m.group(2),
                                      description=description, continued=m.group(1) is not None,
                                      zero_position=zero and n == 0, missing_king=missing_king))
        return twins


def _reason_rank(reason: str) -> int:
    """Report notation problems before layout ones: they say more."""
    return 0 if reason.startswith("notation") else 1


def parse_solution(lines: list[str], language: str, *, stipulation: str | None = None,
                   duplex: bool | None = False, half_duplex: bool = False) -> list[TwinSolution]:
    """The twins' solutions from a solution part (its lines as printed, counter
    lines removed; the first is the blank that ends the header).
    `duplex` None means unknown (no header was printed)."""
    if not lines or lines[0] != "":
        raise ParseFailure("the solution part must start with a blank line")
    parser = _SolutionParser(language, stipulation, duplex, half_duplex)
    return parser.twins(lines[1:])


# --- files -----------------------------------------------------------------------

def parse_output(text: str, language: str | None = None) -> list[ParsedProblem]:
    """Every problem of a Popeye output text, in order.

    `language` ('en', 'fr', 'de') is the language Popeye wrote in; None
    takes it from each problem's closing line."""
    lines = unify_line_ends(text).split("\n")
    banner = None
    start = 0
    if lines and (lines[0].startswith("Popeye ") or lines[0].startswith("feerie ")):
        banner, start = lines[0], 1
    problems = []
    i = start
    while i < len(lines):
        found = _match_end(lines[i])
        if found is None:
            i += 1
            continue
        end_language, status, time_s = found
        lang = language or end_language
        problem = ParsedProblem(lang, status=status, time_s=time_s, end_line=lines[i],
                                banner=banner if not problems else None)
        chunk = lines[start:i]
        h = _split_header(chunk, lang, problem)
        solution = [line for line in chunk[h:] if not is_progress_line(line)]
        if solution[:1] == [POSTKEY_CHECK_LINE]:
            solution.insert(0, "")
        if status != "complete":
            solution.append("")  # Popeye writes these messages without a newline first
        problem.solution_lines = solution
        has_header = problem.stipulation is not None
        try:
            stipulation = problem.stipulation
            if problem.first_mover and stipulation:
                stipulation = f"{problem.first_mover} {stipulation}"  # numbered from that side
            problem.twins = parse_solution(
                solution, lang, stipulation=stipulation,
                duplex=problem.duplex if has_header else None, half_duplex=problem.half_duplex)
        except ParseFailure as err:
            problem.unparsed = str(err)
        problems.append(problem)
        i += 1
        for _ in range(2):
            if i < len(lines) and lines[i] == "":
                i += 1
        start = i
    return problems


def parse_output_file(path, language: str | None = None) -> list[ParsedProblem]:
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_output(f.read(), language)


__all__ = ["ParseFailure", "ParsedProblem", "is_progress_line", "parse_output", "parse_output_file",
           "parse_solution"]
