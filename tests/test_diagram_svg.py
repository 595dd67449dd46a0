"""SVG diagrams: well-formed XML, one element per piece, fairy pieces drawn by convention.

Grasshopper = queen turned upside down, nightrider = knight turned upside
down; every other fairy piece is a disc with its code; neutral pieces half
white, half black.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from solver.output.diagram_svg import ROTATED, diagram_svg, piece_title
from solver.pieces.catalogue import PIECES

NS = {"s": "http://www.w3.org/2000/svg"}
ORTHODOX_WHITE = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "S": "\u2658", "P": "\u2659"}
ORTHODOX_BLACK = {"K": "\u265a", "Q": "\u265b", "R": "\u265c", "B": "\u265d", "S": "\u265e", "P": "\u265f"}


def pieces_of(svg: str) -> dict[str, ET.Element]:
    """The piece groups of a diagram by square (parsing checks the XML)."""
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return {g.get("data-square"): g for g in root.iter("{http://www.w3.org/2000/svg}g")
            if g.get("class") == "piece"}


def texts(element: ET.Element) -> list[ET.Element]:
    return list(element.iter("{http://www.w3.org/2000/svg}text"))


def test_orthodox_pieces_are_the_unicode_symbols():
    groups = pieces_of(diagram_svg([("e1", "white", "K"), ("e8", "black", "K"), ("b1", "white", "S"),
                                    ("d8", "black", "Q")]))
    assert [t.text for t in texts(groups["e1"])] == [ORTHODOX_WHITE["K"]]
    assert [t.text for t in texts(groups["e8"])] == [ORTHODOX_BLACK["K"]]
    assert [t.text for t in texts(groups["b1"])] == [ORTHODOX_WHITE["S"]]
    assert groups["d8"].find("s:title", NS).text == "black queen (Q) d8"
    assert groups["e1"].find("s:circle", NS) is None


def test_grasshopper_and_nightrider_are_turned_queen_and_knight():
    groups = pieces_of(diagram_svg([("d4", "white", "G"), ("e5", "black", "G"), ("c3", "white", "N"),
                                    ("f6", "black", "N")]))
    for square, glyph in (("d4", ORTHODOX_WHITE["Q"]), ("e5", ORTHODOX_BLACK["Q"]),
                          ("c3", ORTHODOX_WHITE["S"]), ("f6", ORTHODOX_BLACK["S"])):
        group = groups[square]
        turned = [g for g in group.iter("{http://www.w3.org/2000/svg}g") if g.get("transform")]
        assert len(turned) == 1 and turned[0].get("transform").startswith("rotate(180 ")
        assert [t.text for t in texts(group)] == [glyph]
    assert groups["d4"].find("s:title", NS).text == "white grasshopper (G) d4"
    assert groups["f6"].find("s:title", NS).text == "black nightrider (N) f6"
    assert set(ROTATED) == {"G", "N"}


def test_other_fairy_pieces_are_discs_with_their_english_code():
    groups = pieces_of(diagram_svg([("a1", "white", "CA"), ("h8", "black", "CA"), ("h1", "white", "15"),
                                    ("a8", "black", "LE"), ("b2", "white", "XY")]))
    for square, code, fill in (("a1", "CA", "#fff"), ("h8", "CA", "#222"), ("h1", "15", "#fff"),
                               ("a8", "LE", "#222"), ("b2", "XY", "#fff")):
        group = groups[square]
        circle = group.find("s:circle", NS)
        assert circle is not None and circle.get("fill") == fill
        assert [t.text for t in texts(group)] == [code]
    assert groups["h8"].find("s:title", NS).text == "black camel (CA) h8"
    assert groups["b2"].find("s:title", NS).text == "white XY b2"   # no catalogue name: the code


def test_every_catalogue_piece_is_drawn_in_every_colour():
    placed = []
    squares = [f + r for r in "12345678" for f in "abcdefgh"]
    for i, piece in enumerate(PIECES):
        placed.append((squares[i % 64], ("white", "black", "neutral")[i % 3], piece.en))
    for start in range(0, len(placed), 64):
        chunk = placed[start:start + 64]
        groups = pieces_of(diagram_svg(chunk))
        assert len(groups) == len(chunk)
        for square, colour, kind in chunk:
            assert groups[square].get("data-kind") == kind and groups[square].get("data-colour") == colour
            assert texts(groups[square]), kind


def test_neutral_pieces_are_half_white_half_black():
    svg = diagram_svg([("b7", "neutral", "Q"), ("c6", "neutral", "N"), ("g2", "neutral", "G2")])
    root = ET.fromstring(svg)
    clips = {c.get("id"): c for c in root.iter("{http://www.w3.org/2000/svg}clipPath")}
    assert set(clips) == {"feerie-right-half", "feerie-left-half"}
    groups = pieces_of(svg)
    queen = texts(groups["b7"])
    assert [t.text for t in queen] == [ORTHODOX_WHITE["Q"], ORTHODOX_BLACK["Q"]]
    assert queen[0].get("clip-path") is None and queen[1].get("clip-path") == "url(#feerie-right-half)"
    # turned upside down, the black half must be the clip's other half to stay on the right
    rider = texts(groups["c6"])
    assert [t.text for t in rider] == [ORTHODOX_WHITE["S"], ORTHODOX_BLACK["S"]]
    assert rider[1].get("clip-path") == "url(#feerie-left-half)"
    halves = [p.get("fill") for p in groups["g2"].iter("{http://www.w3.org/2000/svg}path")]
    assert halves == ["#fff", "#222"]
    assert [t.text for t in texts(groups["g2"])] == ["G2"]
    # without neutral pieces no definitions are needed
    assert "clipPath" not in diagram_svg([("e1", "white", "K")])


def test_piece_title_names_catalogue_pieces():
    assert piece_title("e4", "white", "G") == "white grasshopper (G) e4"
    assert piece_title("e4", "neutral", "S") == "neutral knight (S) e4"
    assert piece_title("e4", "black", "QQ") == "black QQ e4"


def test_the_html_report_draws_an_unsupported_fairy_problem():
    """A batch row keeps each twin's pieces as [square, colour, code]; the report's diagram draws them."""
    import json

    from solver.batch.batch import pieces_json
    from solver.model.problem import BLACK, WHITE, Piece, Problem, Stipulation
    from solver.batch.report import html_report

    problem = Problem((Piece("a1", WHITE, "G"), Piece("h8", BLACK, "CA"), Piece("e1", WHITE, "K")),
                      Stipulation("#2", "direct", "#", 2))
    row = {"file": "f.inp", "idx": 1, "line": 1, "verdict": "unsupported", "stipulation": "#2",
           "evidence": "fairy piece CA is not supported", "pieces": pieces_json(problem)}
    html = html_report([row])
    [stored] = json.loads(row["pieces"])["twins"]
    assert sorted(stored["pieces"]) == [["a1", "white", "G"], ["e1", "white", "K"], ["h8", "black", "CA"]]
    start, end = html.index("<svg"), html.index("</svg>") + len("</svg>")
    groups = pieces_of(html[start:end])
    assert groups["a1"].get("data-kind") == "G" and groups["h8"].get("data-kind") == "CA"
    assert groups["h8"].find("s:title", NS).text == "black camel (CA) h8"
