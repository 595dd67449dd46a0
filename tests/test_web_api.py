"""`feerie serve`'s JSON API (solver/web/server.py), through Starlette's TestClient.

A solve runs in a child process (solver/web/child.py): its streamed text must
equal `feerie solve`'s output, a stop must end the child within a second
keeping what was found, and replayed lines must give the boards of an
independent reference (python-chess) after every move, Messigny exchanges and
Marseillais turns included.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import chess
import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

from click.testing import CliRunner  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402

from solver.web.server import create_app  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TWO_MOVER = """BeginProblem
Title        a mate in two with a quiet key
Pieces       White Kf2 Qb5 Rh2 Se8
             Black Ka2 Pa3a7c4
Stipulation  #2
Option       Variation
EndProblem
"""
from web_problems import HELPMATE, LONG, MARSEILLAIS  # noqa: E402


@pytest.fixture()
def client():
    with TestClient(create_app(max_time=30, max_mem=256 << 20)) as c:
        yield c


def events_of(client, job_id: str, until=None) -> list[dict]:
    """The job's events read from its stream, to the end (or until `until(event)`)."""
    out = []
    with client.stream("GET", f"/api/jobs/{job_id}/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        for line in stream.iter_lines():
            if line.startswith("data: "):
                out.append(json.loads(line[6:]))
                if out[-1]["event"] == "end" or (until and until(out[-1])):
                    break
    return out


def solve_events(client, text: str, **body) -> list[dict]:
    job = client.post("/api/jobs", json={"text": text, **body}).json()
    return events_of(client, job["id"])


def without_time(text: str) -> str:
    return re.sub(r"Time = [0-9.]+ s", "Time = T", text)


def cli_solve(text: str) -> str:
    done = subprocess.run([sys.executable, "-m", "cli", "solve", "-"], input=text, text=True,
                          capture_output=True, cwd=ROOT, timeout=120)
    return done.stdout


def test_parse_gives_the_problem_and_its_diagram(client):
    answer = client.post("/api/parse", json={"text": TWO_MOVER})
    assert answer.status_code == 200
    data = answer.json()
    assert data["problem"]["stipulation"]["text"] == "#2"
    assert sorted(data["problem"]["pieces"]["white"]) == ["Kf2", "Qb5", "Rh2", "Se8"]
    assert {"square": "e8", "colour": "white", "kind": "S", "attributes": []} in data["pieces"]


def test_parse_error_has_the_clis_message_line_and_column(client):
    text = "BeginProblem\nPieces White Kz1\nStipulation #2\nEndProblem\n"
    answer = client.post("/api/parse", json={"text": text})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert (error["line"], error["column"]) == (2, 15)
    cli = subprocess.run([sys.executable, "-m", "cli", "parse", "-"], input=text, text=True,
                         capture_output=True, cwd=ROOT, timeout=60)
    assert cli.returncode == 2
    assert cli.stderr.startswith("feerie: ")
    assert error["message"].split(":", 3)[3] == cli.stderr[len("feerie: "):].rstrip("\n").split(":", 3)[3]


def test_bad_request_bodies_are_errors_not_tracebacks(client):
    assert client.post("/api/parse", content=b"{").status_code == 400
    assert client.post("/api/replay", json={"text": HELPMATE, "moves": "e2-e4"}).status_code == 400
    assert client.get("/api/jobs/nope/events").status_code == 400


def test_catalogue_lists_pieces_and_conditions(client):
    data = client.get("/api/catalogue").json()
    codes = {p["code"]: p for p in data["pieces"]}
    assert codes["S"]["orthodox"] and codes["S"]["name"] == "knight"
    assert codes["G"]["name"] == "grasshopper" and not codes["G"]["orthodox"]
    assert {"Messigny", "Marseillais", "Madrasi"} <= set(data["conditions"])
    assert data["glyphs"]["white"]["K"] == "\u2654"


def test_a_two_mover_streams_the_clis_text(client):
    events = solve_events(client, TWO_MOVER)
    kinds = [e["event"] for e in events]
    assert kinds[0] == "problem" and kinds[-1] == "end" and "node" in kinds
    text = "".join(e["text"] for e in events if e["event"] == "text")
    assert without_time(text) == without_time(cli_solve(TWO_MOVER))
    assert "1.Rh2-h1 ! threat:" in text
    moves = [m for e in events if e["event"] == "text" for m in e["moves"]]
    assert [m["text"] for m in moves] == ["Rh2-h1", "Qb5-b1 #"]   # the key and its threat, clickable
    assert moves[1]["line"] == ["Rh2-h1", "Qb5-b1"] and moves[1]["sides"] == ["white", "white"]
    assert events[-1]["returncode"] == 0
    # the threat is replayed with Black passing
    answer = client.post("/api/replay", json={"text": TWO_MOVER, "moves": moves[1]["line"],
                                              "sides": moves[1]["sides"]}).json()
    assert answer["error"] is None
    assert _replayed(answer["boards"])[2] == _chess_board(["Rh2-h1", "--", "Qb5-b1"], "4N3/p7/8/1Q6/2p5/p7/k4K1R/8 w - - 0 1")


def test_stop_kills_the_child_within_a_second_and_keeps_what_was_found(client):
    job = client.post("/api/jobs", json={"text": LONG}).json()
    first = events_of(client, job["id"], until=lambda e: e["event"] == "twin")
    assert first[0]["event"] == "problem"
    begun = time.monotonic()
    answer = client.delete(f"/api/jobs/{job['id']}")
    assert time.monotonic() - begun < 1.0
    assert answer.json()["stopped"]
    assert _wait_done(client, job["id"])
    events = events_of(client, job["id"])   # from the start again: the diagram is still there
    assert events[0]["event"] == "problem"
    assert "+---a---b---c---d---e---f---g---h---+" in "".join(e.get("text", "") for e in events)
    assert events[-1]["event"] == "end" and events[-1]["stopped"]
    app_job = client.app.state.jobs.get(job["id"])
    with pytest.raises(ProcessLookupError):
        os.kill(app_job.pid, 0)   # the child is gone (and reaped)


def _wait_done(client, job_id: str) -> bool:
    for _ in range(50):
        if client.get(f"/api/jobs/{job_id}").json()["done"]:
            return True
        time.sleep(0.05)
    return False


def test_the_time_cap_ends_a_long_job(client):
    begun = time.monotonic()
    events = solve_events(client, LONG, max_time=1)
    assert time.monotonic() - begun < 15
    end = next(e for e in events if e["event"] == "problem_end")
    assert end["meta"]["timed_out"]
    assert events[-1]["returncode"] == 3
    text = "".join(e.get("text", "") for e in events)
    assert "interrupted" in text


def test_the_server_cap_bounds_the_pages_limit():
    with TestClient(create_app(max_time=1, max_mem=256 << 20)) as c:
        job = c.post("/api/jobs", json={"text": LONG, "max_time": 1000}).json()
        assert job["max_time"] == 1
        events = events_of(c, job["id"])
        assert events[-1]["returncode"] == 3


def _chess_board(moves: list[str], fen: str) -> dict:
    """python-chess's pieces after the moves ('Sa6-b4', 'Rg4*g7', 'e7-e8=Q')."""
    board = chess.Board(fen)
    for text in moves:
        if text == "--":   # a pass
            board.push(chess.Move.null())
            continue
        m = re.fullmatch(r"[A-Z]?([a-h][1-8])[-*]([a-h][1-8])(?:=([QRBS]))?", text)
        promotion = {"Q": "q", "R": "r", "B": "b", "S": "n"}.get(m.group(3) or "", "")
        move = chess.Move.from_uci(m.group(1) + m.group(2) + promotion)
        assert move in board.legal_moves
        board.push(move)
    return _pieces_of(board)


def _pieces_of(board: chess.Board) -> dict:
    letters = {"N": "S"}
    return {chess.square_name(sq): ("white" if p.color else "black",
                                    letters.get(p.symbol().upper(), p.symbol().upper()))
            for sq, p in board.piece_map().items()}


def _replayed(boards: list[dict]) -> list[dict]:
    return [{p["square"]: (p["colour"], p["kind"]) for p in b["pieces"]} for b in boards]


def test_replay_of_a_helpmate_line_equals_python_chess(client):
    events = solve_events(client, HELPMATE)
    lines = {tuple(m["line"]): m["sides"] for e in events if e["event"] == "text" for m in e["moves"]}
    full = [(line, sides) for line, sides in lines.items() if len(line) == 4]
    assert len(full) == 2   # two solutions
    fen = "4R3/7K/n6n/7k/6r1/8/8/N7 b - - 0 1"
    for line, sides in full:
        answer = client.post("/api/replay", json={"text": HELPMATE, "twin": 0, "moves": list(line),
                                                  "sides": sides}).json()
        assert answer["error"] is None
        boards = _replayed(answer["boards"])
        assert len(boards) == 5
        for i in range(5):
            assert boards[i] == _chess_board(list(line[:i]), fen)
        assert answer["boards"][1]["squares"][:2] == [line[0][-5:-3], line[0][-2:]]
    # without the sides, the side to move plays (Black first here: White cannot)
    line = list(full[0][0])
    again = client.post("/api/replay", json={"text": HELPMATE, "moves": line}).json()
    assert again["error"] is None
    assert _replayed(again["boards"])[-1] == _chess_board(line, fen)


def test_replay_stops_at_an_illegal_move(client):
    answer = client.post("/api/replay", json={"text": HELPMATE, "moves": ["Rg4-g5", "Kh7-a1"]}).json()
    assert answer["error"]["index"] == 1 and len(answer["boards"]) == 2


def test_replay_of_a_messigny_exchange(client):
    text = "BeginProblem\nPieces White Ke1 Bb2 Black Ke8 Bh8\nStipulation h#2\nCondition Messigny\nEndProblem\n"
    answer = client.post("/api/replay", json={"text": text, "moves": ["Bh8<->Bb2"],
                                              "sides": ["black"]}).json()
    assert answer["error"] is None
    after = _replayed(answer["boards"])[1]
    assert after["b2"] == ("black", "B") and after["h8"] == ("white", "B")
    assert sorted(answer["boards"][1]["squares"]) == ["b2", "h8"]


def test_replay_of_a_marseillais_turn_plays_both_components(client):
    events = solve_events(client, MARSEILLAIS)
    text = "".join(e["text"] for e in events if e["event"] == "text")
    assert "1.g5*h6 ep.,d5*c6 ep. #" in text
    move = next(m for e in events if e["event"] == "text" for m in e["moves"])
    answer = client.post("/api/replay", json={"text": MARSEILLAIS, "moves": move["line"],
                                              "sides": move["sides"]}).json()
    assert answer["error"] is None
    before, after = _replayed(answer["boards"])
    assert after == {k: v for k, v in before.items() if k not in ("g5", "d5", "h5", "c5")} \
        | {"h6": ("white", "P"), "c6": ("white", "P")}
    assert {"g5", "h6", "d5", "c6"} <= set(answer["boards"][1]["squares"])


def test_replay_of_a_twin(client):
    text = HELPMATE.replace("EndProblem", "Twin Move h7 g8\nEndProblem")
    answer = client.post("/api/replay", json={"text": text, "twin": 1, "moves": []}).json()
    assert ("white", "K") == _replayed(answer["boards"])[0]["g8"]
    assert client.post("/api/replay", json={"text": text, "twin": 5, "moves": []}).status_code == 400


def test_diagram_is_the_reports_svg(client):
    answer = client.post("/api/diagram", json={"text": TWO_MOVER})
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert 'data-square="e8"' in answer.text and answer.text.startswith("<svg")


def test_the_page_and_its_files_are_served_locally(client):
    page = client.get("/").text
    assert "/static/app.js" in page and "http" not in page.replace("http-equiv", "")
    assert client.get("/static/app.js").status_code == 200
    assert client.get("/static/style.css").status_code == 200


def test_serve_without_the_web_extra_says_how_to_install_it(monkeypatch):
    import importlib.util

    import cli

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name in ("starlette", "uvicorn") else real(name, *a))
    result = CliRunner().invoke(cli.main, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'feerie[web]'" in result.output


def test_the_child_caps_its_address_space():
    code = ("from solver.web.child import cap_address_space, BASE_ADDRESS_SPACE\n"
            "import resource\n"
            "cap_address_space(64 << 20)\n"
            "assert resource.getrlimit(resource.RLIMIT_AS)[0] == (64 << 20) + BASE_ADDRESS_SPACE\n"
            "try:\n"
            "    bytearray(4 << 30)\n"
            "except MemoryError:\n"
            "    print('capped')\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert done.stdout.strip() == "capped", done.stderr


def test_several_jobs_run_at_once(client):
    long = client.post("/api/jobs", json={"text": LONG}).json()["id"]
    events = solve_events(client, HELPMATE)    # solved while the long one runs
    assert events[-1]["returncode"] == 0
    assert not client.get(f"/api/jobs/{long}").json()["done"]
    client.delete(f"/api/jobs/{long}")
    assert _wait_done(client, long)


def cli_check(text: str) -> list[str]:
    import cli

    return CliRunner().invoke(cli.main, ["check", "-"], input=text).stdout.replace("<stdin>", "<page>").splitlines()


@pytest.mark.parametrize("text, word", [(TWO_MOVER, "sound"), (HELPMATE, "cooked")])
def test_the_verdict_is_feerie_checks(client, text, word):
    events = solve_events(client, text)
    verdicts = [e for e in events if e["event"] == "verdict"]
    assert len(verdicts) == 1 and verdicts[0]["verdict"]["verdict"] == word
    assert verdicts[0]["lines"] == cli_check(text)
    # it comes after the solution's text, before the end
    kinds = [e["event"] for e in events]
    assert kinds.index("verdict") > max(i for i, k in enumerate(kinds) if k == "text")


def test_the_verdict_is_judged_from_the_run_not_a_second_solve(monkeypatch):
    import solver.run.solve as solve_module
    from solver.web.child import run

    calls = []
    real = solve_module.solve_problem
    monkeypatch.setattr(solve_module, "solve_problem", lambda *a, **k: calls.append(1) or real(*a, **k))
    lines: list[str] = []
    assert run(HELPMATE, 30, lines.append) == 0
    verdict = [json.loads(x) for x in lines if '"verdict"' in x][-1]
    assert verdict["verdict"]["verdict"] == "cooked" and len(verdict["verdict"]["twins"][0]["solutions"]) == 2
    assert calls == [1]


def test_a_search_cut_short_by_an_option_has_no_verdict(client):
    events = solve_events(client, HELPMATE.replace("EndProblem", "Option MaxSolutions 1\nEndProblem"))
    verdict = next(e for e in events if e["event"] == "verdict")
    assert verdict["verdict"] is None and "MaxSolutions" in verdict["reason"]


def test_an_unsupported_problem_has_the_checks_verdict(client):
    text = "BeginProblem\nPieces White Ka1 Black Kh8\nStipulation #2\nCondition RepublicanChess\nEndProblem\n"
    events = solve_events(client, text)
    verdict = next(e for e in events if e["event"] == "verdict")
    assert verdict["lines"] == cli_check(text)


@pytest.mark.parametrize("colour, kind, drawn", [
    ("white", "G", 'rotate(180'),                       # the grasshopper: a turned queen
    ("black", "N", 'rotate(180'),                       # the nightrider: a turned knight
    ("neutral", "Q", 'clip-path="url(#feerie-right-half)"'),   # half white, half black
    ("black", "CA", '>CA</text>'),                      # another fairy piece: a disc with its code
])
def test_a_piece_is_drawn_by_the_reports_svg_code(client, colour, kind, drawn):
    from solver.output.diagram_svg import diagram_svg

    answer = client.get("/api/piece", params={"colour": colour, "kind": kind, "size": 36})
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    assert drawn in answer.text
    # the same figure as the report's diagram draws (its coordinates aside)
    report = diagram_svg([("a1", colour, kind)], 36)
    piece = report[report.index('<g class="piece"'):report.rindex("</g>") + 4]

    def figure(svg: str) -> str:
        return re.sub(r"-?\d+(\.\d+)?", "N", re.sub(r"<title>.*?</title>|data-square=\"\w*\"", "", svg))

    assert figure(piece) in figure(answer.text)


def test_an_unknown_piece_is_an_error(client):
    answer = client.get("/api/piece", params={"colour": "white", "kind": "ZZZ"})
    assert answer.status_code == 400 and "no piece" in answer.json()["error"]["message"]


CIRCE = "BeginProblem\nPieces White Ka1 Rd1 Black Kh8 Bd7\nStipulation #2\nCondition Circe\nEndProblem\n"


def test_replay_gives_each_component_and_effect_to_draw(client):
    def components(text, moves, sides=None):
        answer = client.post("/api/replay", json={"text": text, "moves": moves, "sides": sides}).json()
        assert answer["error"] is None
        return answer["boards"][-1]["components"]

    # a Circe rebirth: the capture's arrow, the reborn bishop on c8
    assert components(CIRCE, ["Rd1*d7"]) == [{"from": "d1", "to": "d7", "exchange": False, "captured": None,
                                             "effects": [{"square": "c8", "before": None,
                                                          "after": ["black", "B", []]}]}]
    # a Messigny exchange: one component, both ways
    messigny = "BeginProblem\nPieces White Ke1 Bb2 Black Ke8 Bh8\nStipulation h#2\nCondition Messigny\nEndProblem\n"
    [exchange] = components(messigny, ["Bh8<->Bb2"], ["black"])
    assert (exchange["from"], exchange["to"], exchange["exchange"]) == ("h8", "b2", True)
    # a Marseillais turn: two components, each with the pawn it takes en passant
    both = components(MARSEILLAIS, ["g5*h6 ep.,d5*c6 ep."], ["white"])
    assert [(c["from"], c["to"], c["captured"]) for c in both] == [("g5", "h6", "h5"), ("d5", "c6", "c5")]


TWINNED = ("BeginProblem\nAuthor A. Composer\nPieces White Kh7 Re8 Sa1 Black Kh5 Rg4 Sa6h6\n"
           "Stipulation h#2\nCondition Circe\nOption Variation\nTwin Move h7 g8\n"
           "Twin Continued Add Black Bb2\nTwin Substitute R B\nTwin Rotate 90\nEndProblem\n")


def export(client, text, fmt, **body):
    return client.post("/api/export", json={"text": text, "format": fmt, **body})


def cli_out(*args, text: str) -> str:
    """What the CLI prints for `text` on standard input (run in this process: quick)."""
    import cli

    result = CliRunner().invoke(cli.main, list(args), input=text)
    assert result.exit_code == 0, result.output
    return result.stdout


def test_export_popeye_input_reads_back_as_the_same_problem(client):
    answer = export(client, TWINNED, "popeye")
    assert answer.status_code == 200 and 'filename="problem.inp"' in answer.headers["content-disposition"]
    assert answer.text.startswith("BeginProblem\n") and "\nTwin Continued\nAdd Black Bb2\n" in answer.text
    assert cli_out("parse", "-", text=answer.text) == cli_out("parse", "-", text=TWINNED)
    # pieces with attributes, neutral pieces, a zero position
    for pieces, written in (("White Kh7 White Kamikaze CAc8 Black Kh5", "White Kamikaze CAc8"),
                            ("White Kh7 Black Kh5 Neutral Gd4", "Neutral Gd4")):
        fairy = (f"BeginProblem\nPieces {pieces}\nStipulation h#2\n"
                 "ZeroPosition Move h7 g8\nTwin Remove h5\nEndProblem\n")
        popeye = export(client, fairy, "popeye").text
        assert written in popeye and "\nZeroPosition\nMove h7 g8\n" in popeye
        assert cli_out("parse", "-", text=popeye) == cli_out("parse", "-", text=fairy)
    # castling rights and en passant of a statement become Popeye's options
    fen = "problem:\nwhite: Ke1 Ra1 Rh1 Pe5\nblack: Ke8 Pd5\nstipulation: #2\ncastling: Kk\nen-passant: d6\n"
    popeye = export(client, fen, "popeye").text
    assert "Option EnPassant d7d6d5\n" in popeye and "Option NoCastling a1a8\n" in popeye
    assert "castling: Kk\nen-passant: d6\n" in cli_out("parse", "-", text=popeye)


def test_export_refuses_what_popeye_input_cannot_say(client):
    answer = export(client, MARSEILLAIS, "popeye")     # en passant on c6 and h6
    assert answer.status_code == 400 and "one pawn's double step" in answer.json()["error"]["message"]


def test_export_native_text_is_feerie_parses(client):
    assert export(client, TWINNED, "native").text == cli_out("parse", "-", text=TWINNED)


def test_export_a_twins_diagram_as_feerie_diagram_draws_it(client):
    from solver.output.diagram_export import svg, twin_diagrams
    from solver.web.replay import read_problem

    answer = export(client, TWINNED, "svg", twin=1)
    assert answer.headers["content-type"].startswith("image/svg+xml")
    assert answer.text == svg(twin_diagrams(read_problem(TWINNED, unsupported=True))[1])
    assert "b) wKh7--&gt;g8" in answer.text or "b) wKh7-->g8" in answer.text
    assert export(client, TWINNED, "svg", twin=9).status_code == 400


def test_export_png_or_the_reason_there_is_none(client, monkeypatch):
    from solver.web.exports import png_unavailable

    reason = png_unavailable()
    answer = export(client, TWO_MOVER, "png")
    if reason is None:
        assert answer.content.startswith(b"\x89PNG") and client.get("/api/catalogue").json()["png"] is None
    else:
        assert answer.status_code == 400 and answer.json()["error"]["message"] == reason
    import solver.output.diagram_export as diagram_export

    def missing():
        raise diagram_export.InputError("PNG diagrams need Pillow: pip install 'feerie[png]'")

    monkeypatch.setattr(diagram_export, "png_support", missing)
    assert "need Pillow" in client.get("/api/catalogue").json()["png"]
    assert "need Pillow" in export(client, TWO_MOVER, "png").json()["error"]["message"]


def test_export_the_solution_as_text_and_json(client):
    job = client.post("/api/jobs", json={"text": HELPMATE}).json()["id"]
    events_of(client, job)
    text = client.get(f"/api/jobs/{job}/solution", params={"format": "text"}).text
    assert without_time(text) == without_time(cli_out("solve", "-", text=HELPMATE))
    got = client.get(f"/api/jobs/{job}/solution", params={"format": "json"}).json()
    want = json.loads(cli_out("solve", "--format", "json", "-", text=HELPMATE))
    for doc in (got, want):
        for result in doc["problems"]:
            # The CLI runs in this process: the intelligent search's target
            # cache may hold this problem's targets already, so it counts
            # fewer positions than the page's fresh child; time varies.
            result["meta"].pop("time_s")
            result["meta"].pop("nodes")
            result["problem"].pop("source", None)
    assert got == want


@pytest.fixture(scope="module")
def batch_db(tmp_path_factory):
    """A batch database of two problems: a sound two-mover and a cooked helpmate."""
    folder = tmp_path_factory.mktemp("collection")
    (folder / "two.inp").write_text(TWO_MOVER + "\n" + HELPMATE, encoding="utf-8")
    db = folder / "results.sqlite"
    done = subprocess.run([sys.executable, "-m", "cli", "batch", str(folder / "two.inp"), "--db", str(db),
                           "--jobs", "1"], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert done.returncode == 1, done.stderr   # one problem is not sound
    return db


def test_a_batch_database_is_browsed_by_verdict(batch_db):
    from solver.batch.report import stored_diagrams
    from solver.batch.results import ResultStore
    from solver.output.diagram_svg import diagram_svg

    with TestClient(create_app(max_time=30, max_mem=256 << 20, db=str(batch_db))) as c:
        assert c.get("/api/catalogue").json()["db"] is True
        summary = c.get("/api/db").json()
        assert summary["verdicts"] == {"cooked": 1, "sound": 1}
        assert [p["verdict"] for p in summary["problems"]] == ["cooked", "sound"]   # gravest first
        [cooked] = c.get("/api/db", params={"verdict": "cooked"}).json()["problems"]
        assert cooked["index"] == 2 and cooked["stipulation"] == "h#2"
        key = {"file": cooked["file"], "index": 2}
        details = c.get("/api/db/problem", params=key).json()
        assert details["evidence"][0].startswith("2 solutions: 1.Rg4-h4")
        store = ResultStore(batch_db, create=False)
        row = next(r for r in store.rows() if r["idx"] == 2)
        store.close()
        assert details["diagrams"] == [diagram_svg(p, caption=c_) for p, c_ in stored_diagrams(row)]
        # open in editor: the problem as native text, which reads back as the file's problem
        text = c.get("/api/db/text", params=key).json()["text"]
        assert text == cli_out("parse", "-", text=HELPMATE)
        assert c.get("/api/db/text", params={"file": "nothere.inp", "index": 1}).status_code == 400


def test_without_a_database_the_collection_says_how_to_have_one(client):
    assert client.get("/api/catalogue").json()["db"] is False
    assert "--db" in client.get("/api/db").json()["error"]["message"]


def test_serve_refuses_a_file_that_is_no_results_database(tmp_path):
    bad = tmp_path / "x.sqlite"
    bad.write_text("not a database", encoding="utf-8")
    result = CliRunner().invoke(__import__("cli").main, ["serve", "--db", str(bad), "--port", "1"])
    assert result.exit_code == 2 and "database" in result.output


def test_the_pickers_offer_what_feerie_plays_with_its_parameters(client):
    from solver.conditions.registry import CONDITIONS

    data = client.get("/api/catalogue").json()
    conditions = {c["name"]: c for c in data["condition_pickers"]}
    assert set(conditions) <= set(CONDITIONS) and {"Circe", "Messigny", "Marseillais", "Madrasi"} <= set(conditions)
    assert conditions["Messigny"]["words"] == ["RexInclusive", "RexExclusive"]
    assert {"Parrain", "Mirror", "RexInclusive"} <= set(conditions["Circe"]["words"])
    assert "Cage" in conditions["Circe"]["words"]           # solver.conditions.circecage
    assert "Couscous" not in conditions["Circe"]["words"]   # read, but not played by feerie
    assert "Einstein" in conditions["Circe"]["words"]       # solver.conditions.einstein
    assert "Balanced" in conditions["Marseillais"]["words"]
    options = {o["name"]: o for o in data["option_pickers"]}
    assert options["Defence"]["typed"] == options["Threat"]["typed"] == "a number"
    assert options["SetPlay"]["typed"] is None and "NoSymmetry" not in options   # refused by feerie
    assert options["NonTrivial"]["typed"] == "two numbers"
    # each offered word is read back as a parameter of its condition (or as its default: Messigny's RexInclusive)
    for name in ("Circe", "Messigny", "Marseillais"):
        for word in conditions[name]["words"]:
            text = f"BeginProblem\nPieces White Ka1 Black Kh8\nStipulation #2\nCondition {name} {word}\nEndProblem\n"
            problem = client.post("/api/parse", json={"text": text}).json()["problem"]
            assert [c["name"] for c in problem["conditions"]] == [name]
            assert problem["conditions"][0]["params"] in ([word], [])


def test_parse_gives_the_twins_as_the_editor_lists_them(client):
    data = client.post("/api/parse", json={"text": TWINNED}).json()
    assert data["twin_lines"] == ["Twin Move h7 g8", "Twin Continued Add Black Bb2", "Twin Substitute R B",
                                  "Twin Rotate 90"]
    assert data["twin_labels"][:3] == ["a)", "b) wKh7-->g8", "+c) +bBb2"]
    # the lines, written back after the diagram, are the same twins
    bare = TWINNED[:TWINNED.index("Twin ")]
    again = client.post("/api/parse", json={"text": bare + "\n".join(data["twin_lines"]) + "\nEndProblem\n"}).json()
    assert again["twin_labels"] == data["twin_labels"]
    assert client.post("/api/parse", json={"text": HELPMATE}).json()["twin_labels"] == []


EXPORTED = ROOT / "tests" / "data" / "web_export"


@pytest.mark.parametrize("form", ["export1", "export2"])
def test_the_popeye_export_is_the_problem_popeye_solves(client, form):
    """Popeye's output (stored) of the exported file equals feerie's solution of it,
    and the export of the native problem is that very file: twins, castling
    rights and en passant as Popeye reads them."""
    from popeye_reference import solve_case

    native = (EXPORTED / f"{form}.native").read_text(encoding="utf-8")
    assert export(client, native, "popeye").text == (EXPORTED / f"{form}.inp").read_text(encoding="utf-8")
    ours, popeye = solve_case(EXPORTED, f"{form}#1", max_time=60)
    assert ours == popeye
