"""`feerie diagram`: an image per problem and twin with its caption, LaTeX as Popeye writes it.

The LaTeX references are Popeye 4.104's LaTeX output (`LaTeX FILE` in the
input) of tests/data/diagrams/twins.inp (every kind of twin, the source,
award and author fields) and of tests/data/yacpdb/entries.inp (fairy pieces,
a zero position): tests/data/diagrams/twins.tex, tests/data/yacpdb/entries.tex.
"""

from __future__ import annotations

import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

import grammar
from cli import main
from solver.model.twins import expand_twins

ROOT = Path(__file__).resolve().parent
TWINS = ROOT / "data" / "diagrams" / "twins.inp"
ENTRIES = ROOT / "data" / "yacpdb" / "entries.inp"
SVG = "{http://www.w3.org/2000/svg}"


def run(*args: str):
    return CliRunner().invoke(main, ["diagram", *args])


def svg_pieces(path: Path) -> set[tuple[str, str, str]]:
    root = ET.fromstring(path.read_text())
    return {(g.get("data-square"), g.get("data-colour"), g.get("data-kind")) for g in root.iter(f"{SVG}g")
            if g.get("class") == "piece"}


def svg_caption(path: Path) -> list[str]:
    root = ET.fromstring(path.read_text())
    return [t.text for t in root.iter(f"{SVG}text") if t.get("class") == "caption"]


def test_one_svg_per_problem_and_twin_as_popeye_sets_the_twins_up(tmp_path):
    result = run(str(ENTRIES), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    names = [Path(line).name for line in result.stdout.split()]
    assert names == ["entries-1a.svg", "entries-1b.svg", "entries-1c.svg", "entries-2a.svg", "entries-2b.svg",
                     "entries-2c.svg", "entries-3.svg", "entries-4.svg"]
    problems = grammar.load_file(ENTRIES)
    for number, problem in enumerate(problems, 1):
        for twin in expand_twins(problem):
            label = twin.label.strip("+)") if twin.label else ""
            drawn = svg_pieces(tmp_path / f"entries-{number}{label}.svg")
            assert drawn == {(p.square, p.color, p.kind) for p in twin.problem.pieces}
    # the continued twin c) starts from b): the grasshopper stays on d5 and a black knight is added
    assert ("d5", "white", "G") in svg_pieces(tmp_path / "entries-1c.svg")
    assert ("g8", "black", "S") in svg_pieces(tmp_path / "entries-1c.svg")
    assert svg_caption(tmp_path / "entries-1b.svg") == ["b) wGd4-->d5", "h#1  4 + 4", "Kamikaze h2"]
    assert svg_caption(tmp_path / "entries-1c.svg") == ["+c) +bSg8", "h#1  4 + 5", "Kamikaze h2"]
    assert svg_caption(tmp_path / "entries-3.svg") == ["h#2  3 + 4", "NoCapture"]
    assert svg_caption(tmp_path / "entries-4.svg") == ["#2  2 + 3", "Royal d1"]
    # a zero position: the diagram itself is not drawn, twins a) b) c) are
    assert svg_caption(tmp_path / "entries-2a.svg")[0] == "a) wBc4-->b3"


def test_twin_captions_name_every_change(tmp_path):
    result = run(str(TWINS), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    captions = {Path(p).name: svg_caption(Path(p)) for p in result.stdout.split()}
    assert captions["twins-1a.svg"] == ["a)", "#2  6 + 5", "NoCapture"]
    assert captions["twins-1d.svg"][0] == "d) rotate 90"
    assert captions["twins-1f.svg"][:2] == ["f) h#2", "h#2  6 + 5"]
    assert captions["twins-1g.svg"][2] == "Madrasi"
    assert captions["twins-2.svg"] == ["#1  2 + 1 + 1n"]
    assert captions["twins-3.svg"] == ["#1  2 + 1", "Madrasi, NoCapture"]  # in Popeye's order


# --- LaTeX, against Popeye's ---------------------------------------------------------------------

_FIELD = re.compile(r"^ \\(\w+)\{(.*?)\}%$", re.S | re.M)
_FAIRY_PIECE = re.compile(r"([wsn])(?![KDTLSB][a-h][1-8])([A-Z0-9]{1,2}|\?\?)([a-h][1-8])")
_FAIRY_TWIN = re.compile(r"\\([wsn])(?![KDTLSB] )([A-Z0-9]{1,2}|\?\?) ")


def diagrams(text: str) -> list[dict[str, str]]:
    """The fields of each diagram environment (solution and Co+ left out)."""
    out = []
    for body in re.findall(r"\\begin\{diagram\}%\n(.*?)\\end\{diagram\}%", text, re.S):
        body = re.sub(r" \\solution\{.*?\}%\n", "", body, flags=re.S)
        body = re.sub(r" \\Co\+%.*", "", body)
        fields = {name: value.strip() for name, value in _FIELD.findall(body)}
        fields.pop("remark", None)
        out.append(fields)
    return out


def comparable(fields: dict[str, str]) -> dict[str, str]:
    """Popeye writes a fairy piece without a LaTeX definition as ??, an author
    without a first name as 'Loyd, ', the conditions in its own order."""
    out = dict(fields)
    if "pieces" in out:
        out["pieces"] = _FAIRY_PIECE.sub(r"\1??\3", out["pieces"])
    if "twins" in out:
        out["twins"] = _FAIRY_TWIN.sub(r"\\\1?? ", out["twins"])
    if "author" in out:
        out["author"] = out["author"].rstrip(", ")
    if "condition" in out:
        out["condition"] = sorted(out["condition"].split("{\\newline}"))
    return out


@pytest.mark.parametrize("source", [TWINS, ENTRIES], ids=["twins", "entries"])
def test_latex_is_what_popeye_writes(tmp_path, source):
    result = run(str(source), "--format", "latex", "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    ours_text = (tmp_path / f"{source.stem}.tex").read_text()
    assert ours_text.startswith("\\documentclass{article}%\n\\usepackage{diagram}%\n\n\\begin{document}%\n")
    assert ours_text.endswith("\\hfill%\n\\end{document}%\n")
    ours = diagrams(ours_text)
    popeye = diagrams(source.with_suffix(".tex").read_text())
    assert len(ours) == len(popeye) == len(grammar.load_file(source))
    for mine, theirs in zip(ours, popeye):
        assert comparable(mine) == comparable(theirs)


def test_latex_names_fairy_pieces_and_attributes(tmp_path):
    run(str(ENTRIES), "--format", "latex", "--out", str(tmp_path))
    text = (tmp_path / "entries.tex").read_text()
    assert "\\pieces{sKa1, sBa2, wTh2, wKc3, wGd4, wNb5, sCAe5, sZf6}%" in text
    assert "\\mbox{\\wG =grasshopper}" in text and "Kamikaze h2" in text and "\\remark{Royal d1}%" in text


def test_latex_source_fields():
    from solver.output.diagram_export import latex_source

    assert latex_source("12, Die Schwalbe 2001") == [("sourcenr", "12"), ("year", "2001"), ("source", "Die Schwalbe")]
    assert latex_source("feenschach 3-4/1999") == [("year", "1999"), ("months", "3-4"), ("source", "feenschach")]
    assert latex_source("Die Schwalbe 123, 5/2001") == [("year", "2001"), ("month", "5"), ("issue", "123"),
                                                        ("source", "Die Schwalbe")]
    assert latex_source("Probleemblad 21.3.2001") == [("year", "2001"), ("month", "3"), ("day", "21"),
                                                      ("source", "Probleemblad")]


# --- PNG -------------------------------------------------------------------------------------------

def test_png_one_image_per_twin(tmp_path):
    pytest.importorskip("PIL", reason="the png extra (Pillow) is not installed")
    from PIL import Image

    result = run(str(ENTRIES), "--format", "png", "--out", str(tmp_path))
    if result.exit_code == 2 and "DejaVu" in result.stderr:
        pytest.skip("the DejaVu Sans font is not installed")
    assert result.exit_code == 0, result.output
    paths = [Path(p) for p in result.stdout.split()]
    assert len(paths) == 8 and all(p.suffix == ".png" for p in paths)
    image = Image.open(paths[0])
    assert image.format == "PNG" and image.width == 8 * 48 + 48 and image.height > image.width
    # the black king on a1 is drawn: dark pixels inside its square (a dark square)
    square = image.crop((24 + 10, 24 + 7 * 48 + 10, 24 + 38, 24 + 8 * 48 - 10)).convert("L")
    assert square.getextrema()[0] < 40


def test_png_without_pillow_is_one_clear_message(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "PIL", None)
    result = run(str(ENTRIES), "--format", "png", "--out", str(tmp_path))
    assert result.exit_code == 2 and "PNG diagrams need Pillow: pip install 'feerie[png]'" in result.stderr
    assert "Traceback" not in result.output and not list(tmp_path.iterdir())


def test_png_without_the_font_is_one_clear_message(tmp_path, monkeypatch):
    pytest.importorskip("PIL", reason="the png extra (Pillow) is not installed")
    monkeypatch.setenv("FEERIE_FONT", str(tmp_path / "missing.ttf"))
    result = run(str(ENTRIES), "--format", "png", "--out", str(tmp_path))
    assert result.exit_code == 2 and "DejaVu Sans" in result.stderr and "Traceback" not in result.output


# --- inputs ----------------------------------------------------------------------------------------

def test_bad_problem_is_reported_and_the_others_drawn(tmp_path):
    source = tmp_path / "mixed.txt"
    source.write_text("6k1/8/6K1/8/8/8/8/R7 w - - #1\n6k1/8/6K1/8/8/8/8/Z9 w - - #1\n"
                      "6k1/8/6K1/8/8/8/8/R7 w - - #1 PhantomChess\n")
    result = run(str(source), "--out", str(tmp_path / "out"))
    assert result.exit_code == 2
    assert f"{source}:2:" in result.stderr and "Traceback" not in result.output
    # the unsupported problem is drawn all the same
    assert [Path(p).name for p in result.stdout.split()] == ["mixed-1.svg", "mixed-3.svg"]
    assert svg_caption(tmp_path / "out" / "mixed-3.svg") == ["#1  2 + 1", "PhantomChess"]


def test_statement_and_yaml_inputs(tmp_path):
    (tmp_path / "p.yaml").write_text("algebraic:\n  white: [Kf7, Ra1]\n  black: [Kh8, Ph7]\nstipulation: h#1\n")
    result = run("--statement", "6k1/8/6K1/8/8/8/8/R7 w - - #1", str(tmp_path / "p.yaml"), "--out", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert [Path(p).name for p in result.stdout.split()] == ["statement-1.svg", "p-1.svg"]


def test_usage_errors(tmp_path):
    assert run().exit_code == 2
    assert run(str(ENTRIES), "--format", "gif").exit_code == 2
    result = run(str(tmp_path / "missing.inp"), "--out", str(tmp_path))
    assert result.exit_code == 2 and "Traceback" not in result.output


# --- the HTML report ----------------------------------------------------------------------------

def test_html_report_shows_every_twin_with_its_caption():
    from solver.batch.batch import pieces_json
    from solver.batch.report import html_report

    problem = grammar.load_file(ENTRIES)[0]
    row = {"file": "entries.inp", "idx": 1, "line": 2, "verdict": "cooked", "stipulation": "h#1",
           "evidence": "extra", "pieces": pieces_json(problem)}
    stored = json.loads(row["pieces"])["twins"]
    assert [t["label"] for t in stored] == ["a)", "b)", "+c)"]
    html = html_report([row])
    svgs = re.findall(r"<svg.*?</svg>", html, re.S)
    assert len(svgs) == 3
    captions = [[t.text for t in ET.fromstring(s).iter(f"{SVG}text") if t.get("class") == "caption"] for s in svgs]
    assert captions[1] == ["b) wGd4-->d5", "h#1  4 + 4", "Kamikaze h2"]
    # rows written by older versions hold the diagram's pieces alone
    old = dict(row, pieces=json.dumps([["e1", "white", "K"]]))
    assert len(re.findall(r"<svg", html_report([old]))) == 1
