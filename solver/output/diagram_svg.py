"""A problem's diagram as inline SVG, for the HTML report (no image files, no downloads).

Orthodox pieces are drawn as the Unicode chess symbols, which every system
font has.  Fairy pieces follow the field's diagram conventions where there is
one that everybody reads the same way: the grasshopper is an upside-down
queen and the nightrider an upside-down knight (as in problem magazines and
Popeye's and WinChloe's diagrams).  Every other fairy piece is a disc of its
colour with its Popeye English code written on it (`CA`, `G2`, `15`), so
that a fairy piece is never shown as something it is not.  A neutral piece
is drawn half white (left) and half black (right).

Each piece is one `<g class="piece">` element carrying its colour, code and
square (`data-colour`, `data-kind`, `data-square`) and a `<title>` naming
it ("black camel (CA) b8"), which a browser shows on hover.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

_WHITE_GLYPHS = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "S": "\u2658", "P": "\u2659"}
_BLACK_GLYPHS = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "S": "\u265e", "P": "\u265f"}
# Fairy pieces drawn as a turned orthodox glyph: code -> (orthodox glyph, degrees)
ROTATED = {"G": ("Q", 180), "N": ("S", 180)}
LIGHT = "#f0d9b5"
DARK = "#b58863"
# Clip the right (left) half of whatever refers to them, in its own bounding
# box, so that one definition serves every square and every diagram on a page
# (the ids repeat in each SVG, always with the same content).
_HALF = {0: "feerie-right-half", 180: "feerie-left-half"}
_DEFS = ('<defs>'
         f'<clipPath id="{_HALF[0]}" clipPathUnits="objectBoundingBox">'
         '<rect x="0.5" y="0" width="0.5" height="1"/></clipPath>'
         f'<clipPath id="{_HALF[180]}" clipPathUnits="objectBoundingBox">'
         '<rect x="0" y="0" width="0.5" height="1"/></clipPath></defs>')


def diagram_svg(pieces, size: int = 36, caption: Sequence[str] = ()) -> str:
    """`pieces`: (square, colour, kind) triples, e.g. ('e1', 'white', 'K'),
    kinds by their Popeye English code ('G', 'CA'), colours 'white', 'black'
    or 'neutral'.  `caption`: lines written centred under the board (the
    twin, the stipulation, the conditions), part of the image so that a
    diagram file says what is to be solved."""
    board = 8 * size
    margin = size // 2
    total = board + 2 * margin
    line = max(10, size * 4 // 9)
    height = total + (len(caption) * (line + 4) + line // 2 if caption else 0)
    label = escape(" / ".join(caption), quote=True) if caption else "diagram"
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{height}" '
           f'viewBox="0 0 {total} {height}" role="img" aria-label="{label}">']
    if any(colour == "neutral" for _, colour, _ in pieces):
        out.append(_DEFS)
    for rank in range(8):
        for file in range(8):
            x = margin + file * size
            y = margin + (7 - rank) * size
            colour = LIGHT if (file + rank) % 2 else DARK
            out.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{colour}"/>')
    out.append(f'<rect x="{margin}" y="{margin}" width="{board}" height="{board}" fill="none" '
               f'stroke="#333" stroke-width="1"/>')
    small = max(8, size // 3)
    for i, letter in enumerate("abcdefgh"):
        out.append(f'<text x="{margin + i * size + size / 2}" y="{total - 3}" font-size="{small}" '
                   f'text-anchor="middle" fill="#555">{letter}</text>')
    for i in range(8):
        out.append(f'<text x="{margin / 2}" y="{margin + (7 - i) * size + size / 2 + small / 3}" '
                   f'font-size="{small}" text-anchor="middle" fill="#555">{i + 1}</text>')
    for square, colour, kind in pieces:
        file = "abcdefgh".index(square[0])
        rank = int(square[1]) - 1
        cx = margin + file * size + size / 2
        cy = margin + (7 - rank) * size + size / 2
        out.append(_piece(square, colour, kind, cx, cy, size))
    for i, text in enumerate(caption):
        out.append(f'<text class="caption" x="{total / 2}" y="{total + (i + 1) * (line + 4)}" font-size="{line}" '
                   f'font-family="sans-serif" text-anchor="middle" fill="#222">{escape(text)}</text>')
    out.append("</svg>")
    return "".join(out)


def piece_svg(colour: str, kind: str, size: int = 44) -> str:
    """One piece alone as an SVG image of `size` pixels, drawn by the code
    that draws it on a diagram (the web page's board shows these, so that
    its pieces look as the report's do)."""
    defs = _DEFS if colour == "neutral" else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
            f'viewBox="0 0 {size} {size}">{defs}{_piece("", colour, kind, size / 2, size / 2, size)}</svg>')


def _piece(square: str, colour: str, kind: str, cx: float, cy: float, size: int) -> str:
    """One piece's `<g>`: a glyph (turned for the conventional fairy pieces) or a disc."""
    head = (f'<g class="piece" data-colour="{escape(colour)}" data-kind="{escape(kind)}" '
            f'data-square="{escape(square)}"><title>{escape(piece_title(square, colour, kind))}</title>')
    orthodox, angle = (kind, 0) if kind in _WHITE_GLYPHS else ROTATED.get(kind, (None, 0))
    if orthodox is not None:
        return head + _glyph(orthodox, colour, angle, cx, cy, size) + "</g>"
    return head + _disc(colour, kind, cx, cy, size) + "</g>"


def _glyph(orthodox: str, colour: str, angle: int, cx: float, cy: float, size: int) -> str:
    turn = f' transform="rotate({angle} {cx} {cy})"' if angle else ""

    def text(glyph: str, clip: str = "") -> str:
        return (f'<text x="{cx}" y="{cy + size * 0.3}" font-size="{size * 0.85}" text-anchor="middle" '
                f'fill="#000"{clip}>{glyph}</text>')

    if colour == "neutral":   # the white glyph, its right half (once turned) covered by the black one
        body = text(_WHITE_GLYPHS[orthodox]) + text(_BLACK_GLYPHS[orthodox], f' clip-path="url(#{_HALF[angle]})"')
    else:
        body = text((_BLACK_GLYPHS if colour == "black" else _WHITE_GLYPHS)[orthodox])
    return f"<g{turn}>{body}</g>" if angle else body


def _disc(colour: str, kind: str, cx: float, cy: float, size: int) -> str:
    r = size * 0.4
    font = max(8, size // 3) * (1.2 if len(kind) < 2 else 1.05)
    if colour == "neutral":
        disc = (f'<path d="M {cx} {cy - r} A {r} {r} 0 0 0 {cx} {cy + r} Z" fill="#fff"/>'
                f'<path d="M {cx} {cy - r} A {r} {r} 0 0 1 {cx} {cy + r} Z" fill="#222"/>'
                f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#000"/>')
        ink = ' fill="#000" stroke="#fff" stroke-width="2.5" paint-order="stroke"'
    else:
        fill, ink_colour = ("#222", "#fff") if colour == "black" else ("#fff", "#000")
        disc = f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{fill}" stroke="#000"/>'
        ink = f' fill="{ink_colour}"'
    return (disc + f'<text x="{cx}" y="{cy + font / 2.8}" font-size="{font}" font-family="sans-serif" '
            f'font-weight="bold" text-anchor="middle"{ink}>{escape(kind)}</text>')


def piece_title(square: str, colour: str, kind: str) -> str:
    """'white grasshopper (G) e4': what the piece is, in words (its catalogue
    name; the code alone for a piece the catalogue does not have)."""
    from solver.pieces.catalogue import by_code
    piece = by_code(kind)
    name = f"{piece.name} ({kind})" if piece is not None else kind
    return f"{colour} {name} {square}"


__all__ = ["ROTATED", "diagram_svg", "piece_svg", "piece_title"]
