"""The layers of the code: a lower layer never imports a higher one, and no
module imports itself back through others.

Layers, lowest first (README, "Architecture"): solver.base, solver.engine,
solver.pieces, solver.model, grammar (text into the model), solver.conditions,
solver.search, solver.output, solver.run, solver.check, solver.batch, solver.web
(the page of `feerie serve`), cli, and on top feerie_main (the `feerie`
command: the common command lines without click, the others through cli).  Every import counts, also those inside functions (imported late for
start-up time, they are dependencies all the same).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

LAYERS = ["solver.base", "solver.engine", "solver.pieces", "solver.model", "grammar",
          "solver.conditions", "solver.search", "solver.output", "solver.run", "solver.check",
          "solver.batch", "solver.web", "cli", "feerie_main"]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def source_files() -> list[Path]:
    files = sorted((ROOT / "solver").rglob("*.py")) + sorted((ROOT / "grammar").glob("*.py"))
    return files + [ROOT / "cli.py", ROOT / "feerie_main.py"]


def imports_of(path: Path) -> set[str]:
    """Every module `path` imports (absolute names; relative imports resolved)."""
    tree = ast.parse(path.read_text(), str(path))
    package = module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            found.add(target)
            # `from solver.engine import movegen` imports the module solver.engine.movegen
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def known_modules() -> dict[str, Path]:
    return {module_name(p): p for p in source_files()}


def layer_of(module: str) -> int | None:
    """Index in LAYERS of the layer holding `module`; None for `solver` itself
    (the package's __init__: version and debug switch only)."""
    best = None
    for i, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            best = i
    return best


def graph() -> dict[str, set[str]]:
    modules = known_modules()
    return {name: {m for m in imports_of(path) if m in modules and m != name}
            for name, path in modules.items()}


def test_every_module_is_in_a_layer():
    orphans = [m for m in known_modules() if layer_of(m) is None and m not in ("solver", "grammar")]
    assert orphans == [], f"modules outside every layer: {orphans} (add them to a layer's package)"


def test_no_layer_imports_a_higher_one():
    wrong = []
    for module, targets in graph().items():
        mine = layer_of(module)
        for target in targets:
            theirs = layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{module} ({LAYERS[mine]}) imports {target} ({LAYERS[theirs]})")
    assert wrong == [], "\n".join(sorted(wrong))


def test_no_import_circles():
    edges = graph()
    # the package `solver` (version, debug switch) is imported by every submodule
    # implicitly; its own lazy import of the consistency checker is no circle
    edges["solver"] = set()
    state: dict[str, int] = {}
    circles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(edges[node]):
            if state.get(nxt) == 1:
                circles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = 2

    for start in sorted(edges):
        if start not in state:
            visit(start, [start])
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_checker_sees_a_wrong_import(tmp_path, monkeypatch):
    """The test above could fail: an engine module importing the search is caught."""
    fake = tmp_path / "solver" / "engine" / "bad.py"
    fake.parent.mkdir(parents=True)
    fake.write_text("def f():\n    from solver.search import battle\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert "solver.search.battle" in imports_of(fake)
    assert layer_of("solver.engine.bad") < layer_of("solver.search.battle")


@pytest.mark.parametrize("layer", [name for name in LAYERS if name.startswith("solver.")])
def test_each_layer_says_what_it_holds(layer):
    init = ROOT / Path(*layer.split(".")) / "__init__.py"
    doc = ast.get_docstring(ast.parse(init.read_text()))
    assert doc and len(doc) > 40, f"{init} needs a docstring saying what the layer holds"
