"""Assembling a Problem from the items a grammar has read, in one place for all formats.

The Transformers of the Popeye, native and statement grammars feed items into
a `ProblemBuilder` with the source word each came from.  The builder keeps
the model's normal form (pieces sorted, metadata lines joined, consecutive
condition lines of a twin merged into one change), checks what can only be
checked on the whole problem (a stipulation is given; every twin change
applies), and remembers where each feature feerie cannot solve was written, so
that "condition Circe is not supported" can name its line and column.
"""

from __future__ import annotations

import re
import dataclasses

from grammar.words import Word
from solver.base.errors import InputError
from solver.model.problem import (Condition, Option, Piece, Problem, Stipulation, Twin, TwinCommand)
from grammar.stipulation import white_to_play
from solver.model.twins import TwinError, expand_twins, piece_key


class ProblemBuilder:
    def __init__(self, start: Word, language: str = "en") -> None:
        self.start = start
        self.language = language
        self.board: dict[str, Piece] = {}
        self.buried: list[Piece] = []   # pieces a later one replaced (Popeye's underworld)
        self.stipulation: Stipulation | None = None
        self.conditions: list[Condition] = []
        self.options: list[Option] = []
        self.twins: list[Twin] = []
        self.twin_words: list[list[Word]] = []
        self.zero_position = False
        self.authors: list[str] = []
        self.text: dict[str, list[str]] = {"origin": [], "title": [], "award": [], "remark": []}
        self.castling: str | None = None
        self.en_passant: tuple[str, ...] = ()
        self.white_to_move: bool | None = None
        self.intended: list[str] = []
        self.solutions_expected: int | None = None
        self.where: dict[tuple, Word] = {}
        self._commands: list[TwinCommand] | None = None
        self._command_words: list[Word] | None = None
        self._continued = False
        self._pending_conditions: list[tuple[Condition, Word]] = []
        self.start_board: dict[str, Piece] | None = None  # a=>b: the start; `board` is the target

    # -- the diagram -----------------------------------------------------------------

    def piece(self, piece: Piece, word: Word, *, replace: bool = True) -> None:
        """Place a piece; Popeye replaces what stood there, the native format refuses."""
        if not replace and piece.square in self.board:
            raise word.error(f"two pieces on {piece.square}")
        if piece.square in self.board:
            self.buried.append(self.board[piece.square])
        self.board[piece.square] = piece
        self._note_piece(piece.color, piece.kind, piece.attributes, word)

    def _note_piece(self, color: str, kind: str, attributes, word: Word) -> None:
        self.where.setdefault(("piece", kind), word)
        if color == "neutral":
            self.where.setdefault(("neutral",), word)
        for attribute in attributes:
            self.where.setdefault(("attribute", attribute), word)

    # -- stipulation, conditions, options -------------------------------------------------

    def set_stipulation(self, stipulation: Stipulation, word: Word) -> None:
        if stipulation.play == "a=>b" and self._commands is None and self.start_board is None:
            # Popeye: the pieces so far are the start, those stated after it the target
            self.start_board, self.board = self.board, {}
        self.stipulation = stipulation
        self.where.setdefault(("stipulation", stipulation.text), word)
        self.where[("stipulation", "")] = word

    def add_condition(self, condition: Condition, word: Word) -> None:
        if self._commands is not None:
            self._pending_conditions.append((condition, word))
        else:
            self.conditions.append(condition)
        self.where.setdefault(("condition", condition.name), word)

    def add_option(self, option: Option, word: Word) -> None:
        self.options.append(option)
        self.where.setdefault(("option", option.name), word)

    def add_text(self, key: str, text: str | None) -> None:
        if key == "author":
            if text:
                self.authors.append(text)
        elif text:
            self.text[key].append(text)

    # -- twins ----------------------------------------------------------------------

    def begin_twin(self, continued: bool = False, zero: bool = False) -> None:
        self._end_twin()
        self.zero_position = self.zero_position or zero
        self._commands = []
        self._command_words = []
        self._continued = continued

    def command(self, command: TwinCommand, word: Word) -> None:
        self._flush_conditions()
        self._commands.append(command)
        self._command_words.append(word)
        if command.stipulation is not None:
            self.where.setdefault(("stipulation", command.stipulation.text), word)
        if command.kind == "add":
            self._note_piece(command.args[0], command.args[1], command.args[3:], word)
        if command.kind == "substitute":
            self.where.setdefault(("piece", command.args[1]), word)

    def _flush_conditions(self) -> None:
        if self._pending_conditions:
            from grammar.conditions import condition_text
            conditions = tuple(c for c, _ in self._pending_conditions)
            word = self._pending_conditions[0][1]
            self._pending_conditions = []
            self._commands.append(TwinCommand("condition", tuple(condition_text(c) for c in conditions),
                                              conditions=conditions))
            self._command_words.append(word)

    def _end_twin(self) -> None:
        if self._commands is not None:
            self._flush_conditions()
            self.twins.append(Twin(tuple(self._commands), self._continued))
            self.twin_words.append(self._command_words)
            self._commands = None

    # -- the result -------------------------------------------------------------------

    def build(self, source: str | None) -> Problem:
        self._end_twin()
        if self.stipulation is None:
            raise self.start.error("no stipulation given")
        self._white_to_play()
        joined = {key: "\n".join(lines) if lines else None for key, lines in self.text.items()}
        start = self.board if self.start_board is None else self.start_board
        target = None if self.start_board is None else tuple(sorted(self.board.values(), key=piece_key))
        problem = Problem(
            pieces=tuple(sorted(start.values(), key=piece_key)), stipulation=self.stipulation, proof_target=target,
            conditions=tuple(self.conditions), options=tuple(self.options), twins=tuple(self.twins),
            zero_position=self.zero_position, authors=tuple(self.authors), origin=joined["origin"],
            title=joined["title"], award=joined["award"], remark=joined["remark"], castling=self.castling,
            en_passant=self.en_passant, white_to_move=self.white_to_move, intended=tuple(self.intended),
            solutions_expected=self.solutions_expected, language=self.language, source=source,
            line=self.start.line, buried=tuple(self.buried))
        if problem.twins:
            try:
                expand_twins(problem)
            except TwinError as err:
                word = self.twin_words[err.twin][err.command]
                raise word.error(f"twin {_twin_name(problem, err.twin)}: {err.message}") from None
        return problem

    def _white_to_play(self) -> None:
        """Popeye's WhiteToPlay is a stipulation modifier: it turns h#n into
        h#(n-1).5 (in every twin) and is then gone; where it does not apply
        Popeye ignores it, and so does feerie."""
        if not any(o.name == "WhiteToPlay" for o in self.options):
            return
        self.options = [o for o in self.options if o.name != "WhiteToPlay"]
        if self.stipulation.play == "a=>b":
            self.white_to_move = True   # a=>b n: White starts (Popeye prints "=> (White ->)")
            return
        changed = _white_to_play(self.stipulation)
        if changed is not None:
            self.stipulation = changed
            self.where.setdefault(("stipulation", changed.text), self.where.get(("stipulation", ""), self.start))
        twins = []
        for twin in self.twins:
            commands = []
            for command in twin.commands:
                if command.stipulation is not None and (new := _white_to_play(command.stipulation)) is not None:
                    command = TwinCommand("stipulation", (new.text,), stipulation=new)
                commands.append(command)
            twins.append(Twin(tuple(commands), twin.continued))
        self.twins = twins

    def location(self, reason: str) -> Word:
        """Where the unsupported feature `reason` (a Problem.unsupported_features()
        message) was written; the problem's start if unknown."""
        for pattern, key in _REASONS:
            match = pattern.match(reason)
            if match:
                return self.where.get((key,) + match.groups(), self.start)
        return self.start


def _twin_name(problem: Problem, index: int) -> str:
    from solver.model.twins import twin_label
    return twin_label(index if problem.zero_position else index + 1)


_REASONS = [
    (re.compile(r"stipulation (\S+) is not supported"), "stipulation"),
    (re.compile(r"condition (\S+) is not supported"), "condition"),
    (re.compile(r"option (\S+) is not supported"), "option"),
    (re.compile(r"fairy piece (\S+) is not supported"), "piece"),
    (re.compile(r"neutral pieces"), "neutral"),
    (re.compile(r"piece attribute (\S+) is not supported"), "attribute"),
]


def unsupported_error(problem: Problem, builder: ProblemBuilder) -> InputError | None:
    """The InputError to report for a problem feerie cannot solve, at the place
    its first unsupported feature was written; None if it can be solved."""
    reasons = problem.unsupported_features()
    if not reasons:
        return None
    word = builder.location(reasons[0])
    return word.error(reasons[0] + _as_read(reasons[0], word.text))


_CONDITION = re.compile(r"condition (\S+) is not supported")


def _as_read(reason: str, written: str) -> str:
    """Popeye reads a word as the one keyword it begins ('Foo' is Football), so
    feerie does too; a refusal of the keyword then says which word it was read
    from, lest 'condition Football is not supported' puzzle whoever wrote 'Foo'."""
    m = _CONDITION.match(reason)
    if m is None:
        return ""
    name = m.group(1)
    if written.lower() == name.lower() or not name.lower().startswith(written.lower()):
        return ""
    return f" ('{written}' is read as {name}, the one condition it begins, as Popeye reads it)"


def _white_to_play(stipulation: Stipulation) -> Stipulation | None:
    """WhiteToPlay applied to `stipulation` (None where Popeye ignores it).
    Popeye turns a structured stipulation into another one ('Black 4hh[#]'
    becomes 'White -3h[#]h'), which feerie does not play: refused by name."""
    if stipulation.structured:
        return dataclasses.replace(stipulation, unsupported="option WhiteToPlay with a structured stipulation")
    return white_to_play(stipulation)
