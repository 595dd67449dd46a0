"""What the page exports: the problem as Popeye input, native text, diagrams, the solution.

The native text is `feerie parse`'s (`grammar.format_native`), the
diagrams are `feerie diagram`'s (`solver.output.diagram_export`: SVG, and
PNG when Pillow and the DejaVu font are there), the solution is the text
`feerie solve` prints and the JSON document of `--format json`.

Popeye input is written here from the Problem in Popeye's canonical English
words (the ones `grammar.popeye_normalise` writes), so that reading it back
gives the same problem.  What a Popeye file cannot say is refused with the
reason (ExportError), never dropped in silence: en passant for more than one
pawn, intended lines and a stated number of solutions (native fields).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.model.problem import BLACK, NEUTRAL, WHITE, Problem


class ExportError(InputError):
    """The problem cannot be written in the format asked for (the message says why)."""


_COLOUR_WORD = {WHITE: "White", BLACK: "Black", NEUTRAL: "Neutral"}
_TWIN_WORD = {"move": "Move", "exchange": "Exchange", "remove": "Remove", "add": "Add",
              "substitute": "Substitute", "rotate": "Rotate", "mirror": "Mirror", "shift": "Shift",
              "polish": "PolishType", "stipulation": "Stipulation", "condition": "Condition"}
_TEXT_WORD = (("origin", "Origin"), ("title", "Title"), ("award", "Award"), ("remark", "Remark"))


def popeye_input(problem: Problem) -> str:
    """`problem` as a Popeye input file (English), ending with a newline."""
    from grammar.conditions import condition_text
    from grammar.options import option_text

    _refuse_native_only(problem)
    lines = ["BeginProblem"]
    lines += [f"Author {author}" for author in problem.authors]
    for field, word in _TEXT_WORD:
        value = getattr(problem, field)
        if value:
            lines += [f"{word} {part}" for part in value.split("\n")]
    groups = _piece_groups(problem.pieces)
    if groups:
        lines.append("Pieces " + " ".join(groups))
    lines.append(f"Stipulation {problem.stipulation.text}")
    lines += [f"Condition {condition_text(c)}" for c in problem.conditions]
    options = [option_text(o) for o in problem.options]
    names = {o.name for o in problem.options}
    if problem.en_passant and "EnPassant" not in names:
        options.append(_en_passant(problem.en_passant))
    if problem.castling is not None and "NoCastling" not in names and _no_castling(problem.castling):
        options.append("NoCastling " + "".join(_no_castling(problem.castling)))
    lines += [f"Option {o}" for o in options]
    for number, twin in enumerate(problem.twins):
        head = "ZeroPosition" if problem.zero_position and number == 0 else \
            "Twin" + (" Continued" if twin.continued else "")
        lines.append(head)
        lines += [_twin_command(c) for c in twin.commands]
    lines.append("EndProblem")
    return "\n".join(lines) + "\n"


def _refuse_native_only(problem: Problem) -> None:
    if problem.intended:
        raise ExportError("Popeye input has no field for the intended solution (export it as native text)")
    if problem.solutions_expected is not None:
        raise ExportError("Popeye input has no field for the number of solutions (export it as native text)")
    if len(problem.en_passant) > 1:
        raise ExportError("Popeye's EnPassant names one pawn's double step; this problem has en passant on "
                          + " and ".join(problem.en_passant) + " (export it as native text)")


def _piece_groups(pieces) -> list[str]:
    """'White Kh7 Re8', 'White Royal CAc8', 'Black Kh5': one group per colour and attributes."""
    groups: dict[tuple, list[str]] = {}
    for piece in sorted(pieces, key=_piece_order):
        groups.setdefault((piece.color, piece.attributes), []).append(piece.kind + piece.square)
    order = {WHITE: 0, BLACK: 1, NEUTRAL: 2}
    return [" ".join((_COLOUR_WORD[colour], *attributes, *found))
            for (colour, attributes), found in sorted(groups.items(), key=lambda g: (order[g[0][0]], g[0][1]))]


def _piece_order(piece) -> tuple:
    """King, queen, rook, bishop, knight, pawn, then the fairy pieces; by square within a kind."""
    orthodox = "KQRBSP"
    return (orthodox.index(piece.kind) if piece.kind in orthodox else len(orthodox), piece.kind,
            piece.square)


def _en_passant(squares: tuple[str, ...]) -> str:
    """'EnPassant c7c6c5': the double step over the square a pawn may be taken on."""
    [square] = squares
    file, rank = square[0], int(square[1])
    step = 1 if rank == 6 else -1     # passed over on the 6th rank: a black pawn went down
    return f"EnPassant {file}{rank + step}{square}{file}{rank - step}"


def _no_castling(rights: str) -> list[str]:
    """The squares of the king and rooks that may not castle, for Popeye's NoCastling."""
    lost = []
    for king, short, long_, (k, q) in (("e1", "h1", "a1", "KQ"), ("e8", "h8", "a8", "kq")):
        if k not in rights and q not in rights:
            lost.append(king)
        else:
            lost += [short] if k not in rights else []
            lost += [long_] if q not in rights else []
    return lost


def twin_lines(problem: Problem) -> list[str]:
    """Each twin as one line of Popeye input ('Twin Continued Move h7 g8'), as
    the page's twin editor lists and writes them."""
    out = []
    for number, twin in enumerate(problem.twins):
        head = "ZeroPosition" if problem.zero_position and number == 0 else \
            "Twin" + (" Continued" if twin.continued else "")
        out.append(" ".join((head, *(_twin_command(c) for c in twin.commands))))
    return out


def _twin_command(command) -> str:
    kind, args = command.kind, command.args
    if kind == "add":
        colour, piece_kind, square, *attributes = args
        return " ".join(("Add", _COLOUR_WORD[colour], *attributes, piece_kind + square))
    if kind not in _TWIN_WORD:
        raise ExportError(f"the twin change {kind!r} has no Popeye word")
    return " ".join((_TWIN_WORD[kind], *args))


def native_text(problem: Problem) -> str:
    """The native text `feerie parse` prints."""
    import grammar

    return grammar.format_native(problem)


def diagram_export(problem: Problem, twin: int, fmt: str) -> bytes:
    """The diagram of twin number `twin` (from 0) as `feerie diagram` draws it:
    SVG, or PNG (InputError saying what is missing without Pillow or the font)."""
    from solver.output import diagram_export as export

    diagrams = export.twin_diagrams(problem)
    if not 0 <= twin < len(diagrams):
        raise InputError(f"no twin number {twin} (the problem has {len(diagrams)})")
    if fmt == "png":
        return export.png(diagrams[twin])
    return export.svg(diagrams[twin]).encode("utf-8")


def png_unavailable() -> str | None:
    """Why PNG diagrams cannot be made here, or None when they can."""
    from solver.output.diagram_export import png_support

    try:
        png_support()
    except InputError as err:
        return err.message
    return None


def solution_text(events: list[dict]) -> str:
    """The solution as `feerie solve` prints it: the job's text events joined."""
    return "".join(e["text"] for e in events if e.get("event") == "text")


def solution_json(events: list[dict]) -> dict:
    """The solution as `feerie solve --format json` writes it, rebuilt from the
    job's JSON Lines events (`twins_from_events`), one result per problem."""
    from solver.output.json_writer import SCHEMA_VERSION, document, twin_json

    results, current = [], None
    for event in events:
        kind = event.get("event")
        if kind == "problem":
            current = {"events": [], "problem": event.get("problem")}
        if current is not None:
            current["events"].append(event)
        if kind == "problem_end" and current is not None:
            results.append(_result(current, event, SCHEMA_VERSION, twin_json))
            current = None
    return document(results)


def _result(current: dict, end: dict, schema: int, twin_json) -> dict:
    from solver.output.json_writer import twins_from_events

    twins = twins_from_events(current["events"])
    return {"schema": schema, "problem": current["problem"], "meta": end.get("meta"),
            "twins": [twin_json(t) for t in twins]}
