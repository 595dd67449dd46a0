"""Twins: from a Problem with twins to one problem per twin, labelled as Popeye labels them.

Popeye applies a twin's changes to the diagram (or, for `Twin Continued`, to
the previous twin) and prints a label and what changed: `b) -sBh6`,
`+c) -sLa2`, `b) wKd7-->e7`, `b) Drehung 90`, `b) h=2`.  `expand_twins`
does the same: each `TwinInstance` carries the label, that description, and
the twin's own Problem (pieces, stipulation and conditions changed, no twins),
which is what the solver solves.

The description follows Popeye's rules exactly, in the input's language: every
change is written followed by two spaces (so `description` ends in two spaces
when it is not empty, and the line Popeye prints is `label + " " +
description`); a piece added where one stood is written without `+` and the
piece it replaced is not listed; a piece moved onto another is preceded by the
removal of that one.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from solver.model.problem import BLACK, NEUTRAL, WHITE, Condition, Piece, Problem, Twin

_FILES = "abcdefgh"


def _words():
    """The grammar's word tables (imported when first needed: the grammar
    itself imports this module, so a top-level import would be circular
    whenever solver is imported before grammar)."""
    from solver.model import keywords, vocabulary as popeye_vocabulary

    return keywords, popeye_vocabulary
_TWIN_LABELS = "abcdefghijklmnopqrstuvwxyz"


class TwinError(ValueError):
    """A twin change that cannot be applied (no piece on the square to move...).

    `twin` and `command` index Problem.twins and Twin.commands, so that the
    grammar can point at the line that said it."""

    def __init__(self, message: str, twin: int, command: int) -> None:
        super().__init__(message)
        self.message = message
        self.twin = twin
        self.command = command


@dataclass(frozen=True)
class TwinInstance:
    """One twin to solve.

    `label` is what Popeye prints before the twin: 'a)', 'b)', ... ('+c)' for
    a continued twin, 'z1)' after 'z)'), None when the problem has no twins.
    `description` is what Popeye prints after the label and a space, trailing
    two spaces included ('' for the diagram itself: Popeye prints 'a) ').
    `problem` is the twin's own problem, with `twins=()`."""

    label: str | None
    description: str
    problem: Problem


def twin_label(index: int) -> str:
    """Popeye's label of twin number `index` (0 = a))."""
    if index < len(_TWIN_LABELS):
        return _TWIN_LABELS[index] + ")"
    return f"z{index - (len(_TWIN_LABELS) - 1)})"


def expand_twins(problem: Problem) -> list[TwinInstance]:
    """The twins of `problem` in order, each with its label, its description and
    its problem; a problem without twins gives one instance labelled None.
    Raises TwinError when a change cannot be applied."""
    base = replace(problem, twins=(), zero_position=False)
    if not problem.twins and not problem.zero_position:
        return [TwinInstance(None, "", base)]
    result: list[TwinInstance] = []
    if not problem.zero_position:
        result.append(TwinInstance("a)", "", base))
    previous = base
    for number, twin in enumerate(problem.twins):
        start = previous if twin.continued else base
        twin_problem, description = apply_twin(start, twin, number, problem.language)
        index = number if problem.zero_position else number + 1
        label = ("+" if twin.continued else "") + twin_label(index)
        result.append(TwinInstance(label, description, twin_problem))
        previous = twin_problem
    return result


def apply_twin(problem: Problem, twin: Twin, number: int = 0, language: str = "en") -> tuple[Problem, str]:
    """`problem` changed by `twin`, and Popeye's description of the change."""
    board: dict[str, Piece] = {p.square: p for p in problem.pieces}
    stipulation = problem.stipulation
    conditions = problem.conditions
    effects: list[tuple] = []
    for k, command in enumerate(twin.commands):
        def fail(message: str) -> TwinError:
            return TwinError(message, number, k)
        kind, args = command.kind, command.args
        if kind == "move":
            origin, target = args
            if origin not in board:
                raise fail(f"no piece on {origin} to move")
            if origin == target:
                raise fail(f"cannot move the piece on {origin} to where it stands")
            if target in board:
                effects.append(("remove", board.pop(target)))
            moved = replace(board.pop(origin), square=target)
            board[target] = moved
            effects.append(("move", moved, origin, target))
        elif kind == "exchange":
            first, second = args
            for square in (first, second):
                if square not in board:
                    raise fail(f"no piece on {square} to exchange")
            if first == second:
                raise fail(f"cannot exchange the piece on {first} with itself")
            a, b = board[first], board[second]
            board[first], board[second] = replace(b, square=first), replace(a, square=second)
            effects.append(("exchange", a, b))
        elif kind == "remove":
            square = args[0]
            if square not in board:
                raise fail(f"no piece on {square} to remove")
            effects.append(("remove", board.pop(square)))
        elif kind == "add":
            color, piece_kind, square = args[:3]
            if square in board:
                effects.append(("remove", board.pop(square)))
            piece = Piece(square, color, piece_kind, tuple(args[3:]))
            board[square] = piece
            effects.append(("create", piece))
        elif kind == "substitute":
            old, new = args
            for square, piece in list(board.items()):
                if piece.kind == old:
                    board[square] = replace(piece, kind=new)
            effects.append(("substitute", old, new))
        elif kind in ("rotate", "mirror"):
            mapping = _TRANSFORMS[args[0]]
            board = {mapping(sq): replace(p, square=mapping(sq)) for sq, p in board.items()}
            effects.append((kind, args[0]))
        elif kind == "shift":
            df = _FILES.index(args[1][0]) - _FILES.index(args[0][0])
            dr = int(args[1][1]) - int(args[0][1])
            moved_board = {}
            for square, piece in board.items():
                f, r = _FILES.index(square[0]) + df, int(square[1]) + dr
                if not (0 <= f < 8 and 1 <= r <= 8):
                    raise fail(f"shifting {args[0]} to {args[1]} moves the piece on {square} off the board")
                target = _FILES[f] + str(r)
                moved_board[target] = replace(piece, square=target)
            board = moved_board
            effects.append(("shift", args[0], args[1]))
        elif kind == "polish":
            board = {sq: replace(p, color=_OTHER.get(p.color, p.color)) for sq, p in board.items()}
            effects.append(("polish",))
        elif kind == "stipulation":
            if command.stipulation is None:
                raise fail("stipulation change without a stipulation")
            stipulation = command.stipulation
            effects.append(("stipulation", stipulation.text))
        elif kind == "condition":
            conditions = command.conditions
            effects.append(("condition", conditions))
        else:
            raise fail(f"unknown twin change '{kind}'")
    pieces = tuple(sorted(board.values(), key=piece_key))
    new = replace(problem, pieces=pieces, stipulation=stipulation, conditions=conditions,
                  twins=(), zero_position=False)
    return new, _describe(effects, language)


_OTHER = {WHITE: BLACK, BLACK: WHITE}


def piece_key(piece: Piece) -> tuple:
    """The sort key of Piece's own order (its fields in turn), computed once per
    piece instead of at every comparison."""
    return (piece.square, piece.color, piece.kind, piece.attributes)


def _square_map(f):
    def mapping(square: str) -> str:
        nf, nr = f(_FILES.index(square[0]), int(square[1]) - 1)
        return _FILES[nf] + str(nr + 1)
    return mapping


# Popeye's board transformations (position/board.c transformSquare), on (file, rank) 0..7
_TRANSFORMS = {
    "90": _square_map(lambda f, r: (7 - r, f)),
    "180": _square_map(lambda f, r: (7 - f, 7 - r)),
    "270": _square_map(lambda f, r: (r, 7 - f)),
    "a1<-->h1": _square_map(lambda f, r: (7 - f, r)),
    "a1<-->a8": _square_map(lambda f, r: (f, 7 - r)),
    "a1<-->h8": _square_map(lambda f, r: (7 - r, 7 - f)),
    "a8<-->h1": _square_map(lambda f, r: (r, f)),
}


# --- description --------------------------------------------------------------------------

def piece_text(piece: Piece, language: str) -> str:
    kw, vocab = _words()
    """A piece as Popeye writes it in twin lines: colour initial, attribute initials,
    piece letters, square ('sBh6', 'wkCAc8', 'nTe6')."""
    colours = vocab.COLOURS[language]
    if piece.color == NEUTRAL:
        spec = colours[2][0].lower()
    else:
        spec = colours[0 if piece.color == WHITE else 1][0].lower()
    english = vocab.PIECE_ATTRIBUTES["en"]
    for attribute in piece.attributes:
        if attribute == "Royal" and piece.kind == "K":
            continue
        if attribute in english:
            word = vocab.PIECE_ATTRIBUTES[language][english.index(attribute)]
            spec += "".join(c.lower() for c in word if c.isupper())
    return spec + kw.letters_of(piece.kind, language) + piece.square


def _twinning_word(english: str, language: str) -> str:
    kw, vocab = _words()
    return vocab.TWINNINGS[language][vocab.TWINNINGS["en"].index(english)]


def _describe(effects: list[tuple], language: str) -> str:
    kw, vocab = _words()
    out: list[str] = []
    for k, effect in enumerate(effects):
        what = effect[0]
        if what == "create":
            piece = effect[1]
            replaced = any(e[0] == "remove" and e[1].square == piece.square for e in effects[:k])
            out.append(("" if replaced else "+") + piece_text(piece, language))
        elif what == "remove":
            piece = effect[1]
            recreated = any(e[0] == "create" and e[1].square == piece.square for e in effects[k + 1:])
            if not recreated:
                out.append("-" + piece_text(piece, language))
        elif what == "move":
            piece, origin, target = effect[1:]
            out.append(piece_text(replace(piece, square=origin), language) + "-->" + target)
        elif what == "exchange":
            a, b = effect[1:]
            out.append(piece_text(a, language) + "<-->" + piece_text(b, language))
        elif what == "rotate":
            out.append(f"{_twinning_word('rotate', language)} {effect[1]}")
        elif what == "mirror":
            out.append(f"{_twinning_word('mirror', language)} {effect[1]}")
        elif what == "shift":
            out.append(f"{_twinning_word('shift', language)} {effect[1]} ==> {effect[2]}")
        elif what == "polish":
            out.append(_twinning_word("PolishType", language))
        elif what == "substitute":
            out.append(f"{kw.letters_of(effect[1], language)} ==> {kw.letters_of(effect[2], language)}")
        elif what == "stipulation":
            out.append(effect[1])
        elif what == "condition":
            out.append("\n   ".join(condition_display(c, language) for c in effect[1]))
    return "".join(part + "  " for part in out)


# Popeye writes the traditional Circe names as Circe plus variants (py-engl.txt).
_CIRCE_FORMS = {
    "MirrorCirce": ("Mirror",), "PWC": ("PWC",), "CouscousCirce": ("Couscous",),
    "ChameleonCirce": ("Chameleon",), "EquipollentsCirce": ("Equipollents",), "FileCirce": ("File",),
    "DiagramCirce": ("Diagram",), "ParrainCirce": ("Parrain",), "ContraParrain": ("ContraParrain",),
    "SymmetryCirce": ("Symmetry",), "MirrorFileCirce": ("File", "Mirror"), "AntipodeanCirce": ("Antipodes",),
    "MirrorCirceClone": ("Mirror", "Clone"), "SuperCirce": ("Super",), "CirceClone": ("Clone",),
    "FrischAufCirce": ("Frischauf",), "DiametralCirce": ("Diametral",),
    "MirrorCouscousCirce": ("Couscous", "Mirror"), "CirceAssassin": ("Assassin",),
    "CirceTurncoats": ("Turncoats",), "CirceDoubleAgents": ("Mirror", "Turncoats"), "CageCirce": ("Cage",),
    "CirceTake&Make": ("Take&Make",), "VerticalMirrorCirce": ("VerticalMirror",), "RankCirce": ("Rank",),
    "VerticalSymmetryCirce": ("VerticalSymmetry",), "HorizontalSymmetryCirce": ("HorizontalSymmetry",),
}


def condition_display(condition: Condition, language: str) -> str:
    """A condition as Popeye writes it in `language` ('MessignySchach RexExklusive',
    'Circe Chamaeleon'); exact for the conditions feerie solves and for the
    Circe family, close for the rest."""
    kw, vocab = _words()
    def word(table: str, english: str) -> str:
        words = getattr(vocab, table)["en"]
        return getattr(vocab, table)[language][words.index(english)] if english in words else english

    if condition.name in _CIRCE_FORMS:
        head = [word("CONDITIONS", "Circe")] + [word("CIRCE_VARIANTS", v) for v in _CIRCE_FORMS[condition.name]]
    elif condition.name == "Messigny":
        head = [vocab.CONDITIONS[language][kw.MESSIGNY]]
    elif condition.name == "Marseillais":
        head = ["Marseillais"]
    else:
        head = [word("CONDITIONS", condition.name)]
    for param in condition.params:
        if param in kw.MARSEILLAIS_PARAMETERS and condition.name == "Marseillais":
            head.append(kw.MARSEILLAIS_WORDS[language][kw.MARSEILLAIS_PARAMETERS.index(param)])
        elif param in vocab.CIRCE_VARIANTS["en"]:
            head.append(word("CIRCE_VARIANTS", param))
        elif kw.is_kind(param):
            head.append(kw.letters_of(param, language))
        else:
            head.append(param)
    return " ".join(head)
