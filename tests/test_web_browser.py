"""`feerie serve`'s page driven in headless Chromium (Selenium): the editor,
the streamed solve, the replay on the board, paste errors and the stop button.

Needs Debian's `chromium` and `chromium-driver`; without a chromedriver the
tests skip saying so, unless FEERIE_REQUIRE_BROWSER=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DRIVER = shutil.which("chromedriver")
BROWSER = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome")) if p), None)

if not (DRIVER and BROWSER):
    reason = "no chromedriver/chromium found (apt-get install -y chromium chromium-driver)"
    if os.environ.get("FEERIE_REQUIRE_BROWSER") == "1":
        raise RuntimeError(f"FEERIE_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason, allow_module_level=True)

from web_problems import HELPMATE, LONG, MARSEILLAIS  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def server():
    yield from _server()


def _server(*more: str):
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "cli", "serve", "--port", str(port), "--max-time", "30", *more],
                            cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().startswith(f"feerie: serving on http://127.0.0.1:{port}/")
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "/api/catalogue", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = BROWSER
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=1400,1000"):
        options.add_argument(arg)
    d = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield d
    d.quit()


@pytest.fixture()
def page(server, driver):
    driver.get(server + "/")
    WebDriverWait(driver, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
    return driver


def piece(d, square: str) -> str | None:
    return d.find_element(By.ID, "sq-" + square).get_attribute("data-piece")


def place(d, colour: str, kind: str, squares: list[str]) -> None:
    d.find_element(By.CSS_SELECTOR, f"input[name=colour][value={colour}]").click()
    d.find_element(By.CSS_SELECTOR, f"#orthodox button[data-kind={kind}]").click()
    for sq in squares:
        d.find_element(By.ID, "sq-" + sq).click()


def paste(d, text: str) -> None:
    box = d.find_element(By.ID, "paste-box")
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    area = d.find_element(By.ID, "paste")
    area.clear()
    area.send_keys(text)
    body = d.find_element(By.TAG_NAME, "body")
    before = body.get_attribute("data-loads")
    d.find_element(By.ID, "load").click()
    WebDriverWait(d, 10).until(lambda d: body.get_attribute("data-loads") != before)


def solve(d, timeout: float = 60) -> str:
    d.find_element(By.ID, "solve").click()
    WebDriverWait(d, timeout).until(lambda d: d.find_element(By.ID, "status").text in ("finished",))
    return d.find_element(By.ID, "output").text


def start_solving(d) -> str:
    """Click Solve and wait for the diagram of the new job in the output; the job's id."""
    body = d.find_element(By.TAG_NAME, "body")
    before = body.get_attribute("data-job")
    d.find_element(By.ID, "solve").click()
    WebDriverWait(d, 20).until(lambda d: body.get_attribute("data-job") != before
                               and "+---a---b" in d.find_element(By.ID, "output").text)
    return body.get_attribute("data-job")


def click_move(d, text: str, nth: int = 0) -> None:
    spans = [s for s in d.find_elements(By.CSS_SELECTOR, "#output .move") if s.text == text]
    spans[nth].click()
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "replay-bar").is_displayed())


def exported(d, button: str) -> str:
    """Click an export button; the text it shows to copy."""
    d.execute_script("document.body.dataset.exported = ''")
    d.find_element(By.CSS_SELECTOR, button).click()
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-exported"))
    return d.find_element(By.ID, "export-text").get_attribute("value")


def verdict(d) -> tuple[str, str]:
    """The verdict shown beside the solution: its word, and the start of its evidence."""
    WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#verdict .verdict-row"))
    row = d.find_element(By.CSS_SELECTOR, "#verdict .verdict-row")
    evidence = row.find_element(By.TAG_NAME, "pre").text.split(": ", 2)[-1]
    return row.get_attribute("data-verdict"), evidence[:len("2 solutions: 1.Rg4-h4")]


def marked(d) -> set[str]:
    return {e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "#board .square.last")}


def test_a_two_mover_set_up_by_clicks_solved_and_replayed(page):
    d = page
    place(d, "white", "K", ["f2"])
    place(d, "white", "Q", ["b5"])
    place(d, "white", "R", ["h2"])
    place(d, "white", "S", ["e8"])
    place(d, "black", "K", ["a2"])
    place(d, "black", "P", ["a3", "a7", "c4", "d4"])
    d.find_element(By.ID, "sq-d4").click()     # clicked again: removed
    assert piece(d, "d4") is None and piece(d, "e8") == "wS"
    d.find_element(By.ID, "options").send_keys("Variation")
    text = solve(d)
    assert "1.Rh2-h1 ! threat:" in text and "2.Qb5-b1 #" in text
    click_move(d, "Qb5-b1 #")
    assert (piece(d, "b1"), piece(d, "b5"), piece(d, "h1"), piece(d, "h2")) == ("wQ", None, "wR", None)
    assert marked(d) == {"b5", "b1"}
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert (piece(d, "b5"), piece(d, "b1"), piece(d, "h1")) == ("wQ", None, "wR")
    assert marked(d) == {"h2", "h1"}
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
    assert piece(d, "h2") == "wR" and marked(d) == set()
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert piece(d, "h1") == "wR"
    d.find_element(By.ID, "edit").click()
    assert piece(d, "h2") == "wR" and piece(d, "b5") == "wQ"


def test_a_pasted_file_with_an_error_shows_the_message(page):
    paste(page, "BeginProblem\nPieces White Kz1\nStipulation #2\nEndProblem\n")
    error = page.find_element(By.ID, "error").text
    assert "2:15" in error and "bad square 'z1'" in error


def test_a_helpmate_pasted_solved_and_replayed(page):
    d = page
    paste(d, HELPMATE)
    assert piece(d, "h5") == "bK" and piece(d, "a1") == "wS"
    assert d.find_element(By.ID, "stipulation").get_attribute("value") == "h#2"
    text = solve(d)
    assert text.count("  1.") == 2   # two solutions
    assert verdict(d) == ("cooked", "2 solutions: 1.Rg4-h4")   # feerie check's words beside them
    mates = [s.text for s in d.find_elements(By.CSS_SELECTOR, "#output .move") if s.text.endswith("#")]
    assert len(mates) == 2
    # exports: the problem as Popeye input, the solution as JSON, PNG or why not
    assert "Pieces White Kh7 Re8 Sa1 Black Kh5 Rg4 Sa6 Sh6\nStipulation h#2\n" in exported(d, "[data-export=popeye]")
    assert json.loads(exported(d, "[data-solution=json]"))["problems"][0]["twins"][0]["phases"]
    png = d.find_element(By.CSS_SELECTOR, "[data-export=png]")
    if png.is_enabled():
        d.execute_script("document.body.dataset.exported = ''")
        png.click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-exported")
                                   == "problem.png")
    else:
        assert "PNG" in d.find_element(By.ID, "png-note").text
    click_move(d, mates[0])
    board = d.find_element(By.ID, "board")
    assert board.get_attribute("data-ply") == "4"
    to = mates[0].split()[0][-2:]
    assert piece(d, to) is not None and piece(d, to)[0] == "w" and to in marked(d)


def test_a_marseillais_turn_is_replayed_whole(page):
    d = page
    paste(d, MARSEILLAIS)
    assert d.find_element(By.ID, "conditions").get_attribute("value") == "Marseillais"
    text = solve(d)
    assert "1.g5*h6 ep.,d5*c6 ep. #" in text
    click_move(d, "g5*h6 ep.,d5*c6 ep. #")
    assert (piece(d, "h6"), piece(d, "c6"), piece(d, "h5"), piece(d, "c5"), piece(d, "g5")) == \
        ("wP", "wP", None, None, None)
    assert {"g5", "h6", "d5", "c6"} <= marked(d)
    assert arrows(d) == {("g5", "h6", "component-0"), ("d5", "c6", "component-1")}   # both components drawn
    assert {e.get_attribute("data-square") for e in d.find_elements(By.CSS_SELECTOR, "#board .captured")} \
        == {"h5", "c5"}


def arrows(d) -> set[tuple[str, str, str]]:
    return {(a.get_attribute("data-from"), a.get_attribute("data-to"), a.get_attribute("class"))
            for a in d.find_elements(By.CSS_SELECTOR, "#arrow-layer line")}


def test_a_circe_rebirth_is_drawn_on_replay(page):
    d = page
    paste(d, "BeginProblem\nPieces White Ka1 Rd1 Black Kh8 Bd7\nStipulation ~1\nCondition Circe\nEndProblem\n")
    solve(d)
    click_move(d, "Rd1*d7[+bBc8]")
    assert piece(d, "c8") == "bB" and piece(d, "d7") == "wR"
    assert arrows(d) == {("d1", "d7", "component-0"), ("d7", "c8", "effect")}
    assert "effect" in d.find_element(By.ID, "sq-c8").get_attribute("class")
    d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)   # the diagram: nothing drawn
    assert arrows(d) == set()


def test_the_stop_button_stops_a_long_search(page, server):
    d = page
    paste(d, LONG)
    job = start_solving(d)
    d.find_element(By.ID, "stop").click()
    WebDriverWait(d, 3).until(lambda d: d.find_element(By.ID, "status").text.startswith("stopped"))
    assert "+---a---b" in d.find_element(By.ID, "output").text   # what was shown stays
    assert _status(server, job)["done"]


def test_a_closed_tab_stops_its_search(page, server):
    d = page
    paste(d, LONG)
    job = start_solving(d)
    assert not _status(server, job)["done"]
    d.get("about:blank")
    for _ in range(60):
        if _status(server, job)["done"]:
            break
        time.sleep(0.1)
    status = _status(server, job)
    assert status["done"] and status["stopped"]


def _status(server: str, job: str) -> dict:
    with urllib.request.urlopen(f"{server}/api/jobs/{job}", timeout=5) as answer:
        return json.load(answer)


def test_a_condition_is_checked_as_it_is_typed(page):
    d = page
    field = d.find_element(By.ID, "conditions")
    field.send_keys("Madrassi")
    d.find_element(By.ID, "stipulation").click()   # leaving the field checks it
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "error").text)
    assert "did you mean Madrasi?" in d.find_element(By.ID, "error").text
    field.clear()
    field.send_keys("Madrasi")
    d.find_element(By.ID, "stipulation").click()
    WebDriverWait(d, 10).until(lambda d: not d.find_element(By.ID, "error").text)


def test_fairy_pieces_are_drawn_as_the_reports_diagrams(page):
    d = page
    paste(d, "BeginProblem\nPieces White Ka1 Gd4 Black Kh8 CAb8 Neutral Qe4\nStipulation h#2\nEndProblem\n")
    for square, colour, kind in (("d4", "white", "G"), ("e4", "neutral", "Q"), ("b8", "black", "CA")):
        image = d.find_element(By.CSS_SELECTOR, f"#sq-{square} img.piece")
        assert f"colour={colour}&kind={kind}" in image.get_attribute("src")
        WebDriverWait(d, 5).until(lambda d: d.execute_script(
            "return arguments[0].complete && arguments[0].naturalWidth > 0", image))


def test_a_batch_database_browsed_and_a_problem_opened_in_the_editor(driver, tmp_path):
    problems = tmp_path / "two.inp"
    sound = "BeginProblem\nPieces White Kf2 Qb5 Rh2 Se8 Black Ka2 Pa3a7c4\nStipulation #2\nEndProblem\n"
    problems.write_text(sound + "\n" + HELPMATE, encoding="utf-8")
    db = tmp_path / "results.sqlite"
    subprocess.run([sys.executable, "-m", "cli", "batch", str(problems), "--db", str(db), "--jobs", "1"],
                   cwd=ROOT, capture_output=True, timeout=300)
    served = _server("--db", str(db))
    url = next(served)
    try:
        d = driver
        d.get(url + "/")
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-ready"))
        assert d.find_element(By.ID, "collection").is_displayed()
        d.find_element(By.CSS_SELECTOR, "#db-verdicts button[data-verdict=cooked]").click()
        WebDriverWait(d, 10).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-db-shown")
                                   == "cooked")
        [item] = d.find_elements(By.CSS_SELECTOR, "#db-list li")
        assert "h#2" in item.text and "cooked" in item.text
        item.click()
        WebDriverWait(d, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#db-diagrams svg .piece"))
        assert "2 solutions" in d.find_element(By.ID, "db-evidence").text
        body = d.find_element(By.TAG_NAME, "body")
        before = body.get_attribute("data-loads")
        d.find_element(By.ID, "db-open").click()
        WebDriverWait(d, 10).until(lambda d: body.get_attribute("data-loads") != before)
        assert piece(d, "h5") == "bK" and d.find_element(By.ID, "stipulation").get_attribute("value") == "h#2"
    finally:
        next(served, None)


def drag(d, source, target) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(d).click_and_hold(source).move_by_offset(10, 10).move_to_element(target).release().perform()


def test_pieces_dragged_onto_across_and_off_the_board(page):
    from selenium.webdriver.support.ui import Select

    d = page
    square = lambda name: d.find_element(By.ID, "sq-" + name)   # noqa: E731
    d.find_element(By.CSS_SELECTOR, "input[name=colour][value=black]").click()
    drag(d, d.find_element(By.CSS_SELECTOR, "#orthodox button[data-kind=Q]"), square("d4"))
    assert piece(d, "d4") == "bQ"
    drag(d, square("d4"), square("e5"))                        # square to square
    assert piece(d, "d4") is None and piece(d, "e5") == "bQ"
    drag(d, square("e5"), d.find_element(By.TAG_NAME, "h1"))   # off the board: removed
    assert piece(d, "e5") is None
    Select(d.find_element(By.ID, "fairy")).select_by_value("G")   # a fairy piece, from the palette's piece
    d.find_element(By.CSS_SELECTOR, "input[name=colour][value=neutral]").click()
    drag(d, d.find_element(By.ID, "current-piece"), square("a1"))
    assert piece(d, "a1") == "nG"
    square("b2").click()                                       # clicks still place pieces
    assert piece(d, "b2") == "nG"


def test_conditions_and_options_picked_with_their_parameters(page):
    from selenium.webdriver.support.ui import Select

    d = page
    body = d.find_element(By.TAG_NAME, "body")
    place(d, "white", "K", ["e1"])
    place(d, "black", "K", ["e8"])
    Select(d.find_element(By.ID, "condition-pick")).select_by_value("Messigny")
    d.find_element(By.CSS_SELECTOR, "#condition-words input[value=RexExclusive]").click()
    before = body.get_attribute("data-loads")
    d.find_element(By.ID, "condition-add").click()
    WebDriverWait(d, 10).until(lambda d: body.get_attribute("data-loads") != before)
    assert d.find_element(By.ID, "conditions").get_attribute("value") == "Messigny RexExclusive"
    assert d.find_element(By.ID, "error").text == ""           # read as feerie reads it
    Select(d.find_element(By.ID, "option-pick")).select_by_value("Defence")
    typed = d.find_element(By.ID, "option-typed")
    assert typed.is_displayed() and typed.get_attribute("placeholder") == "a number"
    typed.send_keys("2")
    before = body.get_attribute("data-loads")
    d.find_element(By.ID, "option-add").click()
    WebDriverWait(d, 10).until(lambda d: body.get_attribute("data-loads") != before)
    assert d.find_element(By.ID, "options").get_attribute("value") == "Defence 2"


def test_twins_added_listed_and_shown_on_the_board(page):
    from selenium.webdriver.support.ui import Select

    d = page
    body = d.find_element(By.TAG_NAME, "body")
    place(d, "white", "K", ["e1"])
    place(d, "white", "R", ["a1"])
    place(d, "black", "K", ["e8"])

    def add(kind: str, args: str, continued: bool = False) -> None:
        Select(d.find_element(By.ID, "twin-kind")).select_by_visible_text(kind)
        field = d.find_element(By.ID, "twin-args")
        field.clear()
        field.send_keys(args)
        box = d.find_element(By.ID, "twin-continued")
        if box.is_selected() != continued:
            box.click()
        before = body.get_attribute("data-loads")
        d.find_element(By.ID, "twin-add").click()
        WebDriverWait(d, 10).until(lambda d: body.get_attribute("data-loads") != before)

    add("Move", "e1 e2")
    add("Add", "Black Bb2", continued=True)
    labels = [li.text.rstrip(" ×") for li in d.find_elements(By.CSS_SELECTOR, "#twin-list li")]
    assert labels == ["the diagram (edit)", "a)", "b) wKe1-->e2", "+c) +bBb2"]
    d.find_element(By.CSS_SELECTOR, "#twin-list li[data-twin='2'] span").click()   # c): continued from b)
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "board").get_attribute("data-twin") == "2")
    assert (piece(d, "e2"), piece(d, "e1"), piece(d, "b2")) == ("wK", None, "bB")
    d.find_element(By.ID, "sq-h4").click()                   # another twin on the board: no editing
    assert piece(d, "h4") is None
    add("Move", "z9 a1")                                     # a change that cannot be read: refused
    assert "z9" in d.find_element(By.ID, "error").text and len(d.find_elements(By.CSS_SELECTOR, "#twin-list li")) == 4
    d.find_element(By.CSS_SELECTOR, "#twin-list li[data-twin=''] span").click()
    assert (piece(d, "e1"), piece(d, "b2")) == ("wK", None)
    d.find_element(By.CSS_SELECTOR, "#twin-list li[data-twin='1'] button").click()   # b) removed
    WebDriverWait(d, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#twin-list li")) == 3)
