"""The web app of `feerie serve` (issue 12): a JSON API and one static page.

Framework: Starlette on uvicorn (ASGI).  Server-sent events stream a solve
with a plain StreamingResponse, and a closed tab is seen as a disconnected
request, which stops its search; the two packages are small and well kept,
and are the optional extra `feerie[web]`, so the core keeps its own
dependencies.  Solving never runs in this process (`solver.web.jobs` starts
a child per solve, capped in time and memory); reading a problem, replaying
a line and drawing a diagram are quick and run here.

The API (JSON bodies):
  POST   /api/parse    {text}  -> {problem, pieces, twins, twin_lines, twin_labels}
                               | 400 {error: {message, line, column}}
  GET    /api/catalogue        -> {pieces, conditions, glyphs, condition_pickers, option_pickers, png, db}
  POST   /api/jobs     {text, max_time?} -> {id}
  GET    /api/jobs/{id}/events -> text/event-stream, one JSON event per message
  GET    /api/jobs/{id}        -> {done, stopped, returncode, events}
  DELETE /api/jobs/{id}        -> stops the search; its events stay readable
  POST   /api/jobs/{id}/stop   -> the same (a page that is being closed sends it as a beacon)
  POST   /api/replay   {text, problem?, twin, moves, sides?} -> {boards, error}
  POST   /api/diagram  {text} | {pieces} -> image/svg+xml
  GET    /api/piece?colour=&kind=&size= -> image/svg+xml: one piece as the diagrams draw it
  POST   /api/export {text, problem?, twin?, format: popeye|native|svg|png} -> the file
  GET    /api/jobs/{id}/solution?format=text|json -> the solution as `feerie solve` writes it
  GET    /api/db?verdict=      -> {source, verdicts: {verdict: count}, problems} (with --db only)
  GET    /api/db/problem?file=&index= -> {verdict, evidence, diagrams: [svg], ...}
  GET    /api/db/text?file=&index=    -> {text}: the problem as native text, for the editor
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from solver.base.errors import InputError
from solver.web.jobs import Jobs

STATIC = Path(__file__).resolve().parent / "static"
MAX_TEXT = 200_000   # characters of a problem text the API reads
HEARTBEAT_S = 0.5   # the stream writes at least this often, so that a closed page is noticed
KEEP_JOBS = 64       # finished jobs kept for their events; older ones are forgotten


def error_response(err: InputError, status: int = 400) -> JSONResponse:
    """The CLI's message for bad input (`feerie: ...` without the prefix) and its place."""
    return JSONResponse({"error": {"message": err.format(), "line": err.line, "column": err.column}},
                        status_code=status)


async def _body(request: Request) -> dict:
    """The request's JSON object; InputError if it is none or its text is too long."""
    try:
        body = await request.json()
    except ValueError:
        raise InputError("the request body is not JSON") from None
    if not isinstance(body, dict):
        raise InputError("the request body is not a JSON object")
    text = body.get("text", "")
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise InputError(f"'text' must be a string of at most {MAX_TEXT} characters")
    return body


def _api(handler):
    """Bad input of any API call: one message with its place, status 400."""

    async def wrapped(request: Request) -> Response:
        try:
            return await handler(request)
        except InputError as err:
            return error_response(err)

    return wrapped


@_api
async def parse(request: Request) -> Response:
    from solver.output.json_writer import problem_json
    from solver.web.replay import diagram_pieces, read_problem

    from solver.web.exports import twin_lines
    from solver.web.replay import twin_labels

    problem = read_problem((await _body(request))["text"])
    return JSONResponse({"problem": problem_json(problem), "pieces": diagram_pieces(problem),
                         "twins": len(problem.twins), "twin_lines": twin_lines(problem),
                         "twin_labels": twin_labels(problem)})


async def catalogue(request: Request) -> Response:
    from solver.conditions.registry import CONDITIONS
    from solver.output.diagram_svg import ROTATED, _BLACK_GLYPHS, _WHITE_GLYPHS
    from solver.pieces.catalogue import KING, PIECES

    pieces = [{"code": p.en, "name": p.name, "fr": p.fr, "de": p.de, "orthodox": p.kind <= KING}
              for p in PIECES]
    from solver.web.exports import png_unavailable
    from solver.web.pickers import condition_pickers, option_pickers

    return JSONResponse({"pieces": pieces, "conditions": sorted(CONDITIONS), "png": png_unavailable(),
                         "db": request.app.state.collection is not None,
                         "condition_pickers": condition_pickers(), "option_pickers": option_pickers(),
                         "glyphs": {"white": _WHITE_GLYPHS, "black": _BLACK_GLYPHS,
                                    "rotated": {k: list(v) for k, v in ROTATED.items()}}})


@_api
async def start_job(request: Request) -> Response:
    body = await _body(request)
    max_time = body.get("max_time")
    if max_time is not None and not isinstance(max_time, (int, float)):
        raise InputError("'max_time' must be a number of seconds")
    jobs: Jobs = request.app.state.jobs
    job = await jobs.start(body["text"], max_time)
    _forget_old(jobs)
    return JSONResponse({"id": job.id, "max_time": job.max_time})


def _forget_old(jobs: Jobs) -> None:
    finished = [j for j in jobs.jobs.values() if j.done]
    for job in finished[:max(0, len(finished) - KEEP_JOBS)]:
        del jobs.jobs[job.id]


def _job(request: Request):
    job = request.app.state.jobs.get(request.path_params["job_id"])
    if job is None:
        raise InputError("no such job")
    return job


@_api
async def job_events(request: Request) -> Response:
    job = _job(request)

    async def stream():
        sent = 0
        try:
            while True:
                while sent < len(job.events):
                    yield f"data: {json.dumps(job.events[sent])}\n\n"
                    sent += 1
                if job.done:
                    return
                if await request.is_disconnected():
                    return
                await job.wait_change(HEARTBEAT_S)
                if sent == len(job.events) and not job.done:
                    yield ": still solving\n\n"   # a comment: a gone page fails the write
        finally:
            if not job.done:  # the tab was closed: its search stops
                asyncio.get_running_loop().create_task(job.stop("page closed"))

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"Cache-Control": "no-cache"})


@_api
async def job_status(request: Request) -> Response:
    job = _job(request)
    return JSONResponse({"id": job.id, "done": job.done, "stopped": job.stopped,
                         "returncode": job.returncode, "events": len(job.events)})


@_api
async def stop_job(request: Request) -> Response:
    job = _job(request)
    await job.stop("stop button")
    return JSONResponse({"id": job.id, "stopped": job.stopped, "events": len(job.events)})


@_api
async def replay_line(request: Request) -> Response:
    from solver.web.replay import read_problem, replay, twin_problem

    body = await _body(request)
    moves, sides, twin = body.get("moves", []), body.get("sides"), body.get("twin", 0)
    number = body.get("problem", 0)
    if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
        raise InputError("'moves' must be a list of move texts")
    if sides is not None and (not isinstance(sides, list) or len(sides) != len(moves)):
        raise InputError("'sides' must give one side per move")
    if not isinstance(twin, int) or not isinstance(number, int):
        raise InputError("'twin' and 'problem' must be numbers (0 for the first)")
    problem = twin_problem(read_problem(body["text"], number), twin)
    return JSONResponse(replay(problem, moves, sides))


@_api
async def diagram(request: Request) -> Response:
    from solver.output.diagram_svg import diagram_svg
    from solver.web.replay import diagram_pieces, read_problem

    body = await _body(request)
    pieces = body.get("pieces")
    if pieces is None:
        pieces = diagram_pieces(read_problem(body["text"]))
    try:
        triples = [(p["square"], p["colour"], p["kind"]) for p in pieces]
    except (TypeError, KeyError):
        raise InputError("'pieces' must be a list of {square, colour, kind}") from None
    return Response(diagram_svg(triples), media_type="image/svg+xml")


COLOURS = ("white", "black", "neutral")


@_api
async def piece_image(request: Request) -> Response:
    """One piece drawn by the diagrams' own code (`piece_svg`): the page's
    board shows these, so that its pieces follow the report's conventions."""
    from solver.output.diagram_svg import piece_svg
    from solver.pieces.catalogue import by_code

    query = request.query_params
    colour, kind = query.get("colour", ""), query.get("kind", "")
    if colour not in COLOURS or by_code(kind) is None:
        raise InputError(f"no piece {colour!r} {kind!r}: a colour ({', '.join(COLOURS)}) and a piece code")
    try:
        size = min(max(int(query.get("size", "44")), 8), 256)
    except ValueError:
        raise InputError("'size' must be a number of pixels") from None
    return Response(piece_svg(colour, kind, size), media_type="image/svg+xml",
                    headers={"Cache-Control": "max-age=3600"})


# format -> (media type, file extension)
EXPORTS = {"popeye": ("text/plain; charset=utf-8", "inp"), "native": ("text/plain; charset=utf-8", "txt"),
           "svg": ("image/svg+xml", "svg"), "png": ("image/png", "png")}


def _attachment(body, media_type: str, name: str) -> Response:
    return Response(body, media_type=media_type,
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@_api
async def export_problem(request: Request) -> Response:
    """The problem as Popeye input or native text, or a twin's diagram (SVG, PNG)."""
    from solver.web import exports
    from solver.web.replay import read_problem

    body = await _body(request)
    fmt, number, twin = body.get("format"), body.get("problem", 0), body.get("twin", 0)
    if fmt not in EXPORTS:
        raise InputError(f"'format' must be one of {', '.join(EXPORTS)}")
    if not isinstance(twin, int) or not isinstance(number, int):
        raise InputError("'twin' and 'problem' must be numbers (0 for the first)")
    problem = read_problem(body["text"], number, unsupported=True)
    if fmt == "popeye":
        data = exports.popeye_input(problem)
    elif fmt == "native":
        data = exports.native_text(problem)
    else:
        data = exports.diagram_export(problem, twin, fmt)
    media_type, extension = EXPORTS[fmt]
    return _attachment(data, media_type, f"problem.{extension}")


@_api
async def job_solution(request: Request) -> Response:
    """The solution found so far (all of it once the job is done): text or JSON."""
    from solver.web.exports import solution_json, solution_text

    job = _job(request)
    fmt = request.query_params.get("format", "text")
    if fmt == "text":
        return _attachment(solution_text(job.events), "text/plain; charset=utf-8", "solution.txt")
    if fmt == "json":
        return _attachment(json.dumps(solution_json(job.events), indent=2) + "\n", "application/json",
                           "solution.json")
    raise InputError("'format' must be text or json")


def _collection(request: Request):
    collection = request.app.state.collection
    if collection is None:
        raise InputError("no database: start the server with --db RESULTS.sqlite")
    return collection


def _row_key(request: Request) -> tuple[str, int]:
    query = request.query_params
    try:
        return query["file"], int(query["index"])
    except (KeyError, ValueError):
        raise InputError("a problem of the database is named by 'file' and 'index'") from None


@_api
async def db_summary(request: Request) -> Response:
    return JSONResponse(_collection(request).summary(request.query_params.get("verdict") or None))


@_api
async def db_problem(request: Request) -> Response:
    return JSONResponse(_collection(request).details(*_row_key(request)))


@_api
async def db_text(request: Request) -> Response:
    return JSONResponse({"text": _collection(request).problem_text(*_row_key(request))})


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html")


def create_app(max_time: float = 60.0, max_mem: int = 512 << 20, db: str | None = None) -> Starlette:
    """The app, each solve capped at `max_time` seconds and `max_mem` bytes of
    tables; `db`: a batch's results database to browse (InputError if it is none)."""
    from solver.web.collection import Collection

    collection = Collection(db) if db else None

    @contextlib.asynccontextmanager
    async def lifespan(app):
        yield
        await app.state.jobs.close()

    app = Starlette(routes=[
        Route("/", index),
        Route("/api/parse", parse, methods=["POST"]),
        Route("/api/catalogue", catalogue),
        Route("/api/jobs", start_job, methods=["POST"]),
        Route("/api/jobs/{job_id}/events", job_events),
        Route("/api/jobs/{job_id}", job_status, methods=["GET"]),
        Route("/api/jobs/{job_id}", stop_job, methods=["DELETE"]),
        Route("/api/jobs/{job_id}/stop", stop_job, methods=["POST"]),
        Route("/api/replay", replay_line, methods=["POST"]),
        Route("/api/diagram", diagram, methods=["POST"]),
        Route("/api/piece", piece_image),
        Route("/api/export", export_problem, methods=["POST"]),
        Route("/api/jobs/{job_id}/solution", job_solution),
        Route("/api/db", db_summary),
        Route("/api/db/problem", db_problem),
        Route("/api/db/text", db_text),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.jobs = Jobs(max_time, max_mem)
    app.state.collection = collection
    return app


def serve(host: str, port: int, open_browser: bool, max_time: float, max_mem: int,
          db: str | None = None) -> None:
    """Run the server until Ctrl-C, printing its address first."""
    import threading
    import webbrowser

    import uvicorn

    app = create_app(max_time, max_mem, db)   # a bad database is refused before the address is printed
    url = f"http://{'[' + host + ']' if ':' in host else host}:{port}/"
    print(f"feerie: serving on {url} (Ctrl-C stops)", flush=True)
    if open_browser:
        threading.Timer(1.0, webbrowser.open, (url,)).start()
    uvicorn.run(app, host=host, port=port, log_level="warning")
