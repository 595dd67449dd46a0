"""A problem's diagram as inline SVG, for the HTML report (no image files, no downloads).

Orthodox pieces are drawn as the Unicode chess symbols, which every system
font has; other pieces as their Popeye code in a circle (filled for black),
so that a fairy piece is never shown as something it is not.
"""

from __future__ import annotations

from html import escape

_GLYPHS = {
    "white": {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "S": "\u2658", "P": "\u2659"},
    "black": {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "S": "\u265e", "P": "\u265f"},
}
LIGHT = "#f0d9b5"
DARK = "#b58863"


def diagram_svg(pieces, size: int = 36) -> str:
    """`pieces`: (square, colour, kind) triples, e.g. ('e1', 'white', 'K')."""
    board = 8 * size
    margin = size // 2
    total = board + 2 * margin
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{total}" '
           f'viewBox="0 0 {total} {total}" role="img" aria-label="diagram">']
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
        glyph = _GLYPHS.get(colour, {}).get(kind)
        if glyph is not None:
            out.append(f'<text x="{cx}" y="{cy + size * 0.3}" font-size="{size * 0.85}" '
                       f'text-anchor="middle" fill="#000"><title>{escape(colour)} {escape(kind)} '
                       f'{escape(square)}</title>{glyph}</text>')
        else:
            fill, ink = ("#222", "#fff") if colour == "black" else ("#fff", "#000")
            out.append(f'<circle cx="{cx}" cy="{cy}" r="{size * 0.4}" fill="{fill}" stroke="#000"/>')
            out.append(f'<text x="{cx}" y="{cy + small / 2.5}" font-size="{small * 1.2}" text-anchor="middle" '
                       f'fill="{ink}"><title>{escape(colour)} {escape(kind)} {escape(square)}</title>'
                       f'{escape(kind)}</text>')
    out.append("</svg>")
    return "".join(out)


__all__ = ["diagram_svg"]
