"""Diagrams to export (`feerie diagram`): an image per problem and twin, or LaTeX.

Each twin is drawn as Popeye sets it up (`solver.model.twins.expand_twins`:
a continued twin starts from the previous one, a zero position is not
drawn by itself), with a caption saying what is to be solved: the twin
and its changes as Popeye prints them (`b) wGd4-->d5`), the stipulation
with the pieces' count, the conditions, the pieces with attributes.

Formats:
- SVG, from `solver.output.diagram_svg` (the report's diagrams) with the
  caption under the board;
- PNG, drawn with Pillow and the DejaVu Sans font (which has the chess
  symbols): both optional, so the core keeps no new run-time dependency
  (the `png` extra installs Pillow; DejaVu is a system font, or the file
  named by FEERIE_FONT); without them one clear error;
- LaTeX for the `diagram` package, as Popeye's LaTeX output writes it:
  one document per collection, a `diagram` environment per problem,
  `\\pieces{wKe1, sDd8}` with the package's German letters and colours
  (w, s, n), `\\stipulation`, `\\condition`, `\\twins` in the package's
  notation (`\\wL c4{\\ra}b3`), the metadata in `\\author`, `\\source`,
  `\\year`, `\\award`, `\\tournament`, `\\dedication`.  Popeye writes a fairy
  piece by the LaTeX abbreviation its input defines (`LaTeXPieces`), else
  `??` (and warns that the file will not compile); feerie writes the
  piece's Popeye code as that abbreviation (`wGd4`) and names it in the
  `\\remark` as Popeye does for defined pieces (`\\wG =grasshopper`).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace
from pathlib import Path

from solver.base.errors import InputError
from solver.model.problem import BLACK, NEUTRAL, WHITE, Problem
from solver.model.twins import expand_twins
from solver.output.condition_lines import condition_lines

FORMATS = ("svg", "png", "latex")
_LATEX_LETTERS = {"K": "K", "Q": "D", "R": "T", "B": "L", "S": "S", "P": "B"}
_LATEX_COLOUR = {WHITE: "w", BLACK: "s", NEUTRAL: "n"}


@dataclass(frozen=True)
class TwinDiagram:
    """One diagram to draw: the twin's label ('a)', '+c)', None without
    twins), its pieces as (square, colour, kind) triples, its caption lines."""

    label: str | None
    pieces: tuple[tuple[str, str, str], ...]
    caption: tuple[str, ...]


def twin_diagrams(problem: Problem) -> list[TwinDiagram]:
    """A diagram per twin of `problem`, in Popeye's order (TwinError if a
    change cannot be applied, which the readers have already refused)."""
    out = []
    for instance in expand_twins(replace(problem, language="en")):
        twin = instance.problem
        lines = []
        if instance.label:
            lines.append(f"{instance.label} {instance.description}".strip())
        lines.append(f"{twin.stipulation.text}  {_counts(twin)}")
        conditions = condition_lines(twin.conditions, "en", (o.name for o in twin.options))
        if conditions:
            lines.append(", ".join(conditions))
        lines.extend(_attribute_lines(twin))
        out.append(TwinDiagram(instance.label, tuple((p.square, p.color, p.kind) for p in twin.pieces),
                               tuple(lines)))
    return out


def _counts(problem: Problem) -> str:
    """'4 + 4' (white + black), '+ 1n' for neutral pieces, as Popeye prints them."""
    count = {c: sum(1 for p in problem.pieces if p.color == c) for c in (WHITE, BLACK, NEUTRAL)}
    text = f"{count[WHITE]} + {count[BLACK]}"
    return text + (f" + {count[NEUTRAL]}n" if count[NEUTRAL] else "")


def _attribute_lines(problem: Problem) -> list[str]:
    """'Kamikaze h2', 'Royal d1': the squares of each attribute's pieces, as
    Popeye lists them under the stipulation (a royal king is a king)."""
    squares: dict[str, list[str]] = {}
    for piece in problem.pieces:
        for attribute in piece.attributes:
            if not (attribute == "Royal" and piece.kind == "K"):
                squares.setdefault(attribute, []).append(piece.square)
    return [f"{attribute} {' '.join(found)}" for attribute, found in squares.items()]


def file_name(stem: str, index: int, label: str | None, extension: str) -> str:
    """'collection-3b.svg': the file of problem `index` (1-based), twin `label`."""
    twin = label.strip("+)") if label else ""
    return f"{stem}-{index}{twin}.{extension}"


# --- SVG ----------------------------------------------------------------------------

def svg(diagram: TwinDiagram, size: int = 36) -> str:
    from solver.output.diagram_svg import diagram_svg

    return diagram_svg(diagram.pieces, size, caption=diagram.caption) + "\n"


# --- PNG ------------------------------------------------------------------------------

_FONT_PLACES = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "/usr/share/fonts/dejavu/DejaVuSans.ttf",
                "/usr/share/fonts/TTF/DejaVuSans.ttf", "/Library/Fonts/DejaVuSans.ttf",
                "C:/Windows/Fonts/DejaVuSans.ttf")


def png_support() -> tuple[object, str]:
    """(PIL's modules, the font file) for PNG output; InputError saying what
    is missing (Pillow, or the DejaVu Sans font) otherwise."""
    try:
        from PIL import Image, ImageDraw, ImageFont
    except ImportError:
        raise InputError("PNG diagrams need Pillow: pip install 'feerie[png]' "
                         "(or use --format svg)") from None
    places = [os.environ["FEERIE_FONT"]] if os.environ.get("FEERIE_FONT") else list(_FONT_PLACES)
    for place in places:
        if Path(place).is_file():
            return (Image, ImageDraw, ImageFont), place
    raise InputError("PNG diagrams need the DejaVu Sans font (it has the chess symbols): install it "
                     "(fonts-dejavu) or name its file in FEERIE_FONT (or use --format svg)")


def png(diagram: TwinDiagram, size: int = 48) -> bytes:
    """The diagram as PNG bytes, drawn as the SVG is (glyphs, turned glyphs
    for the grasshopper and the nightrider, discs with codes, neutral pieces
    half white and half black, the caption under the board)."""
    import io

    from solver.output.diagram_svg import DARK, LIGHT, ROTATED

    (Image, ImageDraw, ImageFont), font_file = png_support()
    margin = size // 2
    total = 8 * size + 2 * margin
    line = max(12, size * 4 // 9)
    height = total + len(diagram.caption) * (line + 4) + line // 2
    image = Image.new("RGB", (total, height), "white")
    draw = ImageDraw.Draw(image)
    small = ImageFont.truetype(font_file, max(9, size // 3))
    for rank in range(8):
        for file in range(8):
            x, y = margin + file * size, margin + (7 - rank) * size
            draw.rectangle([x, y, x + size - 1, y + size - 1], fill=LIGHT if (file + rank) % 2 else DARK)
    draw.rectangle([margin - 1, margin - 1, margin + 8 * size, margin + 8 * size], outline="#333")
    for i, letter in enumerate("abcdefgh"):
        draw.text((margin + i * size + size / 2, total - 2), letter, fill="#555", font=small, anchor="md")
        draw.text((margin / 2, margin + (7 - i) * size + size / 2), str(8 - (7 - i)), fill="#555", font=small,
                  anchor="mm")
    glyph_font = ImageFont.truetype(font_file, int(size * 0.85))
    for square, colour, kind in diagram.pieces:
        file, rank = "abcdefgh".index(square[0]), int(square[1]) - 1
        box = (margin + file * size, margin + (7 - rank) * size)
        orthodox, angle = (kind, 0) if kind in _PNG_WHITE else ROTATED.get(kind, (None, 0))
        tile = _png_glyph(Image, ImageDraw, glyph_font, orthodox, colour, size) if orthodox else \
            _png_disc(Image, ImageDraw, ImageFont.truetype(font_file, max(9, size // 3)), kind, colour, size)
        if angle:
            tile = tile.rotate(angle)
        image.paste(tile, box, tile)
    caption_font = ImageFont.truetype(font_file, line)
    for i, text in enumerate(diagram.caption):
        draw.text((total / 2, total + (i + 1) * (line + 4)), text, fill="#222", font=caption_font, anchor="ms")
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


_PNG_WHITE = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "S": "\u2658", "P": "\u2659"}
_PNG_BLACK = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "S": "\u265e", "P": "\u265f"}


def _png_glyph(Image, ImageDraw, font, kind: str, colour: str, size: int):
    """A square tile (transparent) with the piece's glyph; a neutral piece is
    the white glyph with its right half the black one."""
    def tile_of(glyph: str):
        tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        ImageDraw.Draw(tile).text((size / 2, size / 2), glyph, fill="black", font=font, anchor="mm")
        return tile

    if colour == NEUTRAL:
        tile, black = tile_of(_PNG_WHITE[kind]), tile_of(_PNG_BLACK[kind])
        tile.paste(black.crop((size // 2, 0, size, size)), (size // 2, 0))
        return tile
    return tile_of((_PNG_BLACK if colour == BLACK else _PNG_WHITE)[kind])


def _png_disc(Image, ImageDraw, font, kind: str, colour: str, size: int):
    """A disc of the piece's colour with its Popeye code (half and half for a neutral piece)."""
    tile = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    draw = ImageDraw.Draw(tile)
    r = size * 0.4
    box = [size / 2 - r, size / 2 - r, size / 2 + r, size / 2 + r]
    if colour == NEUTRAL:
        draw.pieslice(box, 90, 270, fill="white")
        draw.pieslice(box, 270, 90, fill="#222")
        draw.ellipse(box, outline="black")
        draw.text((size / 2, size / 2), kind, fill="black", font=font, anchor="mm", stroke_width=2,
                  stroke_fill="white")
    else:
        fill, ink = ("#222", "white") if colour == BLACK else ("white", "black")
        draw.ellipse(box, fill=fill, outline="black")
        draw.text((size / 2, size / 2), kind, fill=ink, font=font, anchor="mm")
    return tile


# --- LaTeX ------------------------------------------------------------------------------

def latex_text(text: str) -> str:
    """Text as Popeye writes it into LaTeX: # & % escaped, -> and <--> as arrows."""
    text = re.sub(r"([#&%])", r"\\\1", text)
    return text.replace("<-->", "{\\lra}").replace("->", "{\\ra}")


def latex_document(problems: list[Problem]) -> str:
    """A LaTeX document of `problems` for the `diagram` package, one
    `diagram` environment each (its twins in `\\twins`), as Popeye writes."""
    out = ["\\documentclass{article}%", "\\usepackage{diagram}%", "", "\\begin{document}%"]
    for problem in problems:
        out.extend(_latex_diagram(problem))
        out.append("\\hfill%")
    out.append("\\end{document}%")
    return "\n".join(out) + "\n"


def _latex_diagram(problem: Problem) -> list[str]:
    out = ["\\begin{diagram}%"]
    if problem.authors:
        out.append(f" \\author{{{'; '.join(latex_text(_surname_first(a)) for a in problem.authors)}}}%")
    if problem.origin:
        out.extend(f" \\{name}{{{latex_text(value)}}}%" for name, value in latex_source(problem.origin))
    if problem.award:
        award, _, tourney = problem.award.split("\n")[0].partition(",")
        out.append(f" \\award{{{latex_text(award.strip())}}}%")
        if tourney.strip():
            out.append(f" \\tournament{{{latex_text(tourney.strip())}}}%")
    if problem.title:
        out.append(f" \\dedication{{{latex_text(problem.title.split(chr(10))[0])}}}%")
    out.append(f" \\pieces{{{', '.join(_latex_piece(p) for p in _board_order(problem.pieces))}}}%")
    remark = _latex_remark(problem)
    if remark:
        out.append(f" \\remark{{{remark}}}%")
    stipulation = latex_text(problem.stipulation.text) + ("*" if problem.has_option("SetPlay") else "")
    out.append(f" \\stipulation{{{stipulation}}}%")
    conditions = condition_lines(problem.conditions, problem.language, (o.name for o in problem.options))
    if conditions:
        out.append(" \\condition{" + "{\\newline}".join(latex_text(line) for line in conditions) + "}%")
    twins = _latex_twins(problem)
    if twins:
        out.append(f" \\twins{{{twins}}}%")
    out.append("\\end{diagram}%")
    return out


def latex_source(origin: str) -> list[tuple[str, str]]:
    """The diagram package's source fields of an Origin line, read as Popeye
    reads it: `[number,] source [issue,] [date]`, the date a year at the end
    after `month/`, `month-month/` or `day. month.` (`12, Die Schwalbe 3,
    5/2001` is sourcenr 12, year 2001, month 5, issue 3, source Die Schwalbe)."""
    text = origin.split("\n")[0]
    fields: list[tuple[str, str]] = []
    number = re.match(r"([a-zA-Z0-9]+),\s*", text)
    if number:
        fields.append(("sourcenr", number.group(1)))
        text = text[number.end():]
    year = re.search(r"[0-9-]+$", text)
    if year:
        fields.append(("year", year.group()))
        text = text[:year.start()]
        if text.endswith("/"):
            month = re.search(r"[0-9-]*$", text[:-1].rstrip(" "))
            fields.append(("months" if "-" in month.group() else "month", month.group()))
            text = text[:-1].rstrip(" ")[:month.start()]
        elif text.endswith("."):
            month = re.search(r"[0-9]*$", text[:-1])
            fields.append(("month", month.group()))
            text = text[:-1][:month.start()].rstrip(" ")
            day = re.search(r"[0-9.-]*$", text[:-1] if text.endswith(".") else text)
            fields.append(("day", day.group()))
            text = text[:day.start()]
    text = text.rstrip(" ")
    if text.endswith(","):
        issue = re.search(r"\S*$", text[:-1])
        fields.append(("issue", issue.group()))
        text = text[:issue.start()]
    if text.rstrip(" "):
        fields.append(("source", text.rstrip(" ")))
    return fields


def _surname_first(author: str) -> str:
    """'Gvozdjak, Peter' as it is; 'Peter Gvozdjak' turned so (Popeye's rule: the last word is the surname)."""
    if "," in author or " " not in author.strip():
        return author.strip()
    first, _, surname = author.strip().rpartition(" ")
    return f"{surname}, {first}"


def _board_order(pieces):
    """Popeye's order: rank 1 to 8, file a to h."""
    return sorted(pieces, key=lambda p: (p.square[1], p.square[0]))


def _latex_letters(kind: str) -> str:
    return _LATEX_LETTERS.get(kind, kind)


def _latex_piece(piece) -> str:
    return f"{_LATEX_COLOUR[piece.color]}{_latex_letters(piece.kind)}{piece.square}"


def _latex_remark(problem: Problem) -> str:
    """The fairy pieces named (`\\mbox{\\wG =grasshopper}`), then each
    attribute's squares, joined by newlines, as Popeye's remark."""
    from solver.pieces.catalogue import by_code

    parts = []
    kinds: dict[str, list[str]] = {}
    for piece in problem.pieces:
        if piece.kind not in _LATEX_LETTERS:
            colours = kinds.setdefault(piece.kind, [])
            if _LATEX_COLOUR[piece.color] not in colours:
                colours.append(_LATEX_COLOUR[piece.color])
    for kind, colours in kinds.items():
        known = by_code(kind)
        name = known.name if known is not None else kind
        parts.append("\\mbox{" + "".join(f"\\{c}{kind} ={name}" for c in colours) + "}")
    parts.extend(_attribute_lines(problem))
    return "{\\newline}".join(parts)


_PIECE_EFFECT = re.compile(r"([+-]?)([wsn])([a-z]*)([A-Z0-9]+)([a-h][1-8])")


def _latex_twins(problem: Problem) -> str:
    """`\\twins{b) \\wL c4{\\ra}b3{\\newline}+c) +\\sS g8}`: each twin's changes in the
    package's notation (German letters, as the pieces)."""
    if not problem.twins and not problem.zero_position:
        return ""
    entries = []
    german = expand_twins(replace(problem, language="de"))
    for instance, pieces in zip(expand_twins(problem), german):
        if not instance.description.strip() and instance.label in ("a)", None):
            continue
        words = [part for part in instance.description.split("  ") if part.strip()]
        letters = [part for part in pieces.description.split("  ") if part.strip()]
        changes = [_latex_change(word, piece, instance.problem) for word, piece in zip(words, letters)]
        entries.append(f"{instance.label} {', '.join(changes)}")
    return "{\\newline}".join(entries)


def _latex_change(word: str, part: str, twin: Problem) -> str:
    """One change of a twin in the package's notation: `part` as the German
    description writes it ('wLc4-->b3', '+sSg8', 'S ==> L': the package's
    letters), `word` as the problem's language does ('rotate 90', 'h#2'),
    which Popeye uses for the words of the other changes."""
    word = word.strip()
    if word == twin.stipulation.text:
        return latex_text(word) + ("*" if twin.has_option("SetPlay") else "")
    def piece(match: re.Match) -> str:
        sign, colour, _attributes, letters, square = match.groups()
        prefix = {"+": "+", "-": " --", "": ""}[sign]
        return f"{prefix}\\{colour}{letters} {square}"

    part = part.strip()
    rotate = re.fullmatch(r"(\S+) (90|180|270)", word)
    if rotate:
        return f"{rotate.group(1)} ${rotate.group(2)}^\\circ$"
    shift = re.fullmatch(r"(\S+) ([a-h][1-8]) ==> ([a-h][1-8])", word)
    if shift:
        return f"{shift.group(1)} {shift.group(2)}$\\Rightarrow${shift.group(3)}"
    substitute = re.fullmatch(r"(\S+) ==> (\S+)", part)
    if substitute:
        return f"{{\\w{substitute.group(1)}}} $\\Rightarrow$ \\w{substitute.group(2)}"
    moved = re.fullmatch(r"(\S+)-->([a-h][1-8])", part)
    if moved and _PIECE_EFFECT.fullmatch(moved.group(1)):
        return _PIECE_EFFECT.sub(piece, moved.group(1)) + "{\\ra}" + moved.group(2)
    exchanged = re.fullmatch(r"(\S+)<-->(\S+)", part)
    if exchanged and _PIECE_EFFECT.fullmatch(exchanged.group(1)) and _PIECE_EFFECT.fullmatch(exchanged.group(2)):
        return (_PIECE_EFFECT.sub(piece, exchanged.group(1)) + "{\\lra}"
                + _PIECE_EFFECT.sub(piece, exchanged.group(2)))
    if _PIECE_EFFECT.fullmatch(part):
        return _PIECE_EFFECT.sub(piece, part)
    return latex_text(word)


__all__ = ["FORMATS", "TwinDiagram", "file_name", "latex_document", "latex_text", "png", "png_support", "svg",
           "twin_diagrams"]
