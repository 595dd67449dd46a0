"""The solving child of a web job: `python -m solver.web.child --max-time T --max-mem BYTES`.

Reads one problem file (Popeye, native or one-line statements) on standard
input and writes JSON Lines on standard output: the events of
`feerie solve --format jsonl` (`solver.output.json_writer.JsonLinesStream`),
each followed, where the text output has a piece for it, by a "text" event
holding what `feerie solve` prints at that point (`popeye_writer.TextStream`,
so the page's text equals the CLI's) and the moves in that piece: each
{"text": the move as printed, "line": the English move texts from the first
move of its line to it, "sides": who plays each}.  The page makes each move
clickable from these and replays its "line" (`solver.web.replay`).
After each problem comes a "verdict" event: `feerie check`'s verdict of it,
judged from this same solve (`verdict_event`).

The server runs nothing else: this module solves with feerie's own solver
and caps its own address space first (RLIMIT_AS), so that a runaway search
dies of MemoryError here and never takes the server with it.  SIGINT asks
the search to stop as a time limit does (what was found is written).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys

from solver.output.stream import Observer

# What the interpreter and feerie's modules take beyond the search tables.
BASE_ADDRESS_SPACE = 768 << 20


def cap_address_space(max_mem: int) -> None:
    """Limit this process's address space to the tables' budget plus the base."""
    import resource

    limit = max_mem + BASE_ADDRESS_SPACE
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _line_moves(nodes, language: str) -> list[dict]:
    """The clickable moves of a line-layout item (a tuple of nodes)."""
    from solver.output.notation import move_text, turn_text

    out, line, sides = [], [], []
    for node in nodes:
        line.append(move_text(node.turn, "en"))
        sides.append(node.side)
        out.append({"text": turn_text(node.turn, language), "line": list(line), "sides": list(sides)})
    return out


def _tree_moves(node, language: str, line=(), sides=()) -> list[dict]:
    """The clickable moves of a tree, depth first (the order the text prints them)."""
    from solver.output.notation import move_text, turn_text

    out: list[dict] = []
    if node.turn is not None:
        line, sides = (*line, move_text(node.turn, "en")), (*sides, node.side)
        out.append({"text": turn_text(node.turn, language), "line": list(line), "sides": list(sides)})
    for child in node.children:
        out += _tree_moves(child, language, line, sides)
    return out


class WebStream(Observer):
    """Both streams at once: each observer call's JSON events, then its text."""

    def __init__(self, emit) -> None:
        from solver.output.json_writer import JsonLinesStream
        from solver.output.popeye_writer import TextStream, banner

        self.emit = emit
        self._text: list[str] = []
        self.text = TextStream(self._text.append, banner_line=banner())
        self.json = JsonLinesStream(lambda line: emit(line.rstrip("\n")))
        self.language = "en"

    def _both(self, name: str, *args, moves=()) -> None:
        getattr(self.json, name)(*args)
        getattr(self.text, name)(*args)
        text = "".join(self._text)
        self._text.clear()
        if text:
            self.emit(json.dumps({"event": "text", "text": text, "moves": list(moves)}))

    def problem_start(self, problem):
        self.language = problem.language
        self._both("problem_start", problem)

    def twin_start(self, twin):
        self._both("twin_start", twin)

    def section_start(self, phase, section):
        self._both("section_start", phase, section)

    def found(self, section, item):
        moves = (_line_moves(item, self.language) if isinstance(item, tuple)
                 else _tree_moves(item, self.language))
        self._both("found", section, item, moves=moves)

    def section_end(self, section):
        from solver.output.stream import streamed

        moves = [] if streamed(section) else [m for n in section.nodes for m in _tree_moves(n, self.language)]
        self._both("section_end", section, moves=moves)

    def phase_end(self, phase):
        self._both("phase_end", phase)

    def twin_end(self, twin):
        self._both("twin_end", twin)

    def problem_end(self, problem, twins, info):
        self._both("problem_end", problem, twins, info)


def run(text: str, max_time: float | None, emit) -> int:
    """Solve every problem of `text`, emitting events; the exit status of `feerie solve`."""
    import grammar
    from solver.base.budget import stop_requested
    from solver.base.errors import InputError
    from solver.run.runner import solve_item

    try:
        items = grammar.load(text, "<page>")
    except InputError as err:
        emit(json.dumps({"event": "error", "error": error_json(err, "error")}))
        return 2
    stream = WebStream(emit)
    status = 0
    for number, item in enumerate(items, 1):
        if stop_requested():
            return 130
        outcome = solve_item(item, max_time=max_time, observer=stream)
        if outcome.error is not None:
            emit(json.dumps({"event": "error", "error": error_json(outcome.error, outcome.kind)}))
            emit(json.dumps(verdict_event(item, outcome, max_time, number)))
            status = 2
        elif outcome.result.info.cancelled:
            return 130   # stopped: as `feerie solve` after Ctrl-C
        else:
            emit(json.dumps(verdict_event(item, outcome, max_time, number)))
            if outcome.result.info.status != "complete":
                status = max(status, 3)
    return status


def verdict_event(item, outcome, max_time: float | None, number: int) -> dict:
    """The verdict of `feerie check` for an item solved (`outcome`, the
    runner's Outcome), judged from this run's solution (`check_run`: no
    second search of the play), or for an item that could not be solved
    (`check_item` reports it as `feerie check` does, without solving);
    `number` is the item's in the text, from 1, as `feerie check` numbers it.
    {"event": "verdict", "verdict": ProblemVerdict.to_dict() or None,
    "lines": the lines `feerie check` prints, "reason": why there is none}."""
    from solver.check.check import check_item, check_run, unjudged_reason
    from solver.check.verdict_text import verdict_lines

    import grammar

    if outcome.error is not None:
        problem = outcome.problem if outcome.kind == "unsupported" else None
        verdict = check_item(item if isinstance(item, grammar.ProblemError)
                             else grammar.ProblemError(outcome.error, number, problem), index=number)
    else:
        reason = unjudged_reason(item)
        if reason:
            return {"event": "verdict", "verdict": None, "lines": [], "reason": reason}
        verdict = check_run(item, outcome.result, max_time=max_time, index=number)
    return {"event": "verdict", "verdict": verdict.to_dict(), "lines": verdict_lines(verdict),
            "reason": None}


def error_json(err, kind: str) -> dict:
    """An InputError as the page shows it: the CLI's message, and its place."""
    return {"kind": kind, "message": err.format(), "line": err.line, "column": err.column}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m solver.web.child")
    parser.add_argument("--max-time", type=float, default=None)
    parser.add_argument("--max-mem", type=int, required=True, help="bytes")
    args = parser.parse_args(argv)
    cap_address_space(args.max_mem)
    from solver.base.budget import request_stop, set_max_mem
    from solver.run.runner import read_stdin

    set_max_mem(args.max_mem)
    signal.signal(signal.SIGINT, lambda signum, frame: request_stop())
    text = read_stdin()

    def emit(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    try:
        return run(text, args.max_time, emit)
    except MemoryError:
        emit(json.dumps({"event": "error", "error": {"kind": "memory", "line": None, "column": None,
                                                     "message": "memory limit of this job reached"}}))
        return 3


if __name__ == "__main__":
    sys.exit(main())
