"""Start-up (issue 11 item 2): `feerie solve` of a one-line #1 imports only
what it needs, and the Lark parsers come from the parser cache
(`grammar.lark_util`), which may be missing, unwritable or corrupt.

Not timed (the machine is shared): what is imported, and what is built.
`python bench/startup.py` measures the time.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATEMENT = "1k6/8/1K6/8/8/8/8/7R w - - #1"
# The same statement with a space inside the placement: Lark's grammar reads on
# across it, the hand-written reader (grammar.statement_reader) leaves it to Lark.
STATEMENT_FOR_LARK = "1k6/8/1K6/8 /8/8/8/7R w - - #1"
POPEYE = "BeginProblem\npieces white Kb6 Rh1 black Kb8\nstipulation #1\nEndProblem\n"

# Modules a text solve of a direct #1 must not import: the other commands'
# (web page, batch, checker), the other formats' readers, the help-play
# searches, the JSON writer and the process pool of --jobs.
NOT_NEEDED = ("solver.web", "solver.batch", "solver.check", "solver.search.intelligent",
              "solver.search.intelligent_targets", "solver.output.json_writer", "solver.run.workers",
              "multiprocessing", "concurrent.futures", "grammar.native", "grammar.yacpdb")

_PROBE = """
import json, sys
sys.argv = ["feerie", *json.loads(sys.argv[1])]
import cli
try:
    cli.main()
except SystemExit as end:
    code = end.code
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _script_modules(args: list[str], expect: str) -> set[str]:
    """The modules `python feerie_main.py ARGS` imports, as the `feerie` command runs it (the
    common command lines without click: feerie_main), from -X importtime."""
    proc = subprocess.run([sys.executable, "-X", "importtime", "feerie_main.py", *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert expect in proc.stdout, proc.stdout + proc.stderr
    return {line.rsplit("|", 1)[1].strip() for line in proc.stderr.splitlines()
            if line.startswith("import time:") and line.count("|") == 2} - {"imported package"}


def _modules_after(args: list[str], env: dict | None = None) -> set[str]:
    proc = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert "1.Rh1-h8 #" in proc.stdout, proc.stdout + proc.stderr
    return set(json.loads(proc.stderr.strip().splitlines()[-1]))


def _within(modules: set[str], *names: str) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def _unneeded(modules: set[str]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in NOT_NEEDED))


def test_a_statement_solve_imports_only_what_it_needs():
    modules = _modules_after(["solve", "--statement", STATEMENT])
    assert _unneeded(modules) == []
    assert "grammar.popeye" not in modules  # a statement is not a Popeye file
    assert not [m for m in modules if m == "lark" or m.startswith("lark.")]  # read by hand


def test_a_popeye_file_solve_imports_only_what_it_needs(tmp_path):
    path = tmp_path / "mate1.inp"
    path.write_text(POPEYE, encoding="utf-8")
    assert _unneeded(_modules_after(["solve", str(path)])) == []


def test_the_command_line_solves_and_checks_a_statement_without_click_or_lark():
    """Nor typing, nor the generators of fairy and neutral pieces."""
    modules = _script_modules(["solve", "--statement", STATEMENT], "1.Rh1-h8 #")
    assert "solver.run.solve" in modules  # (the probe sees the solve's imports)
    assert _within(modules, "click", "lark", "typing", "solver.pieces.generic", "solver.pieces.quiet",
                   "solver.pieces.neutral") == []
    assert _unneeded(modules) == []
    modules = _script_modules(["check", "-s", STATEMENT], "sound")
    assert _within(modules, "click", "lark", "grammar.popeye", "multiprocessing") == []
    modules = _script_modules(["--version"], "feerie, version")
    assert _within(modules, "click", "lark", "grammar") == []


def test_a_problem_without_conditions_imports_no_condition_module():
    """The registry's CONDITIONS is made on first use (solver.conditions.registry)."""
    modules = _script_modules(["solve", "--statement", STATEMENT], "1.Rh1-h8 #")
    machinery = {"registry", "rules", "variant", "grid"}  # grid: the diagram's cells (popeye_writer)
    conditions = {f"solver.conditions.{p.stem}" for p in (ROOT / "solver" / "conditions").glob("*.py")
                  if p.stem not in machinery and p.stem != "__init__"}
    assert len(conditions) > 20
    assert sorted(modules & conditions) == []
    with_one = _script_modules(["solve", "--statement", STATEMENT + " Messigny"], "solution finished")
    assert "solver.conditions.messigny" in with_one


def test_parsers_are_cached_and_rebuilt_when_the_cache_is_bad(tmp_path):
    """A common statement is read without Lark: no parser, nothing cached.  One
    that only Lark reads: first run, built and saved; second: loaded (Lark's
    grammar reader is not run); a corrupt file is built again; an unwritable
    folder still solves."""
    cache = tmp_path / "cache"
    env = dict(os.environ, FEERIE_CACHE_DIR=str(cache))
    _modules_after(["solve", "--statement", STATEMENT], env)
    assert not cache.exists()
    _modules_after(["solve", "--statement", STATEMENT_FOR_LARK], env)
    files = sorted(p.name for p in cache.iterdir())
    assert any(name.startswith("statement-") for name in files)
    assert not any(name.endswith(".tmp") for name in files)
    saved = {p.name: p.stat().st_mtime_ns for p in cache.iterdir()}
    _modules_after(["solve", "--statement", STATEMENT_FOR_LARK], env)
    assert {p.name: p.stat().st_mtime_ns for p in cache.iterdir()} == saved  # read, not written again
    for path in cache.iterdir():
        path.write_bytes(b"not a pickle")
    _modules_after(["solve", "--statement", STATEMENT_FOR_LARK], env)
    blocked = tmp_path / "file"
    blocked.write_text("a file, not a folder")
    _modules_after(["solve", "--statement", STATEMENT_FOR_LARK],
                   dict(os.environ, FEERIE_CACHE_DIR=str(blocked / "sub")))


def test_a_cached_parser_is_loaded_not_built_and_reads_alike(tmp_path, monkeypatch):
    from grammar import lark_util

    built = []

    class CountingLark(lark_util.Lark):
        def __init__(self, *args, **kwargs):
            built.append(args)
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(lark_util, "Lark", CountingLark)
    monkeypatch.setenv("FEERIE_CACHE_DIR", str(tmp_path))
    first = lark_util.parser.__wrapped__("stipulation")
    second = lark_util.parser.__wrapped__("stipulation")
    assert len(built) == 1  # the second came from the file
    for text in ("h#2", "ser-s#12", "#3"):
        assert second.parse(text) == first.parse(text)
    (tmp_path / "file").write_text("a file, not a folder")
    monkeypatch.setenv("FEERIE_CACHE_DIR", str(tmp_path / "file" / "sub"))
    lark_util.parser.__wrapped__("stipulation")  # an unusable folder: built, not saved
    assert len(built) == 2
