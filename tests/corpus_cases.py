"""Popeye's example collections (../shared/reference/popeye/corpus) as test cases.

Shared by tests/test_corpus.py and bench/corpus.py: which problems there are
(`cases`), how each is read (`load`: feerie's reader, and Popeye's golden
output parsed by `solver.output.popeye_output`), what keeps feerie from solving one
(`classify`, with the blocking element named as in `blocker`), and whether
feerie's solution equals Popeye's up to sibling order (`same_solution`, by
`solver.output.compare.canonical_all`, as tests/test_reference_solutions.py compares).

The golden outputs map one to one onto the problems of their input file, in
order (a twin problem is one output with its twins): Popeye prints a closing
line ('Loesung beendet.', 'solution finished.') for every problem it reads,
also for one it refuses ('problem ignored').  Where Popeye stopped reading a
file (an input error of its own: verlorenesteine.inp after problem 5) the
problems after it have no output.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from conftest import REFERENCE

CORPUS = REFERENCE / "popeye" / "corpus"
FOLDERS = ("BEISPIEL", "EXAMPLES")
GOLDEN_SUFFIXES = (".out", ".ref")  # BEISPIEL has .out files, EXAMPLES .ref files

# Problem.unsupported_features / unsupported_reason messages, by the element they name.
_STIPULATION = re.compile(r"^stipulation .* is not supported \((.*)\)$")
_TOO_LONG = re.compile(r"^stipulation .* is too long")
_NAMED = re.compile(r"^(condition|fairy piece|option|piece attribute) (\S+) ")
_NOT_SUPPORTED = re.compile(r"^(.*?)(?: \(.*\))? (?:is|are) not supported")


def cases() -> list[str]:
    """Every problem of the corpus as 'FOLDER/file.inp#n' (1-based), in file order."""
    out = []
    for name in input_files():
        out += [f"{name}#{i}" for i in range(1, len(load_file(name)[0]) + 1)]
    return out


def input_files() -> list[str]:
    """The corpus's input files as 'FOLDER/file.inp', sorted."""
    return [f"{folder}/{path.name}" for folder in FOLDERS for path in sorted((CORPUS / folder).glob("*.inp"))]


def golden_path(name: str) -> Path | None:
    """Popeye's output for an input file, or None if the corpus has none."""
    inp = CORPUS / name
    for suffix in GOLDEN_SUFFIXES:
        if inp.with_suffix(suffix).exists():
            return inp.with_suffix(suffix)
    return None


@lru_cache(maxsize=None)
def load_file(name: str) -> tuple[list, list]:
    """(feerie's items, Popeye's parsed problems) of one input file, read once per process."""
    import grammar
    from solver.output.popeye_output import parse_output_file

    golden = golden_path(name)
    return grammar.load_file(CORPUS / name), (parse_output_file(golden) if golden else [])


def load(case: str):
    """(feerie's item, Popeye's ParsedProblem or None) of one case."""
    name, index = case.rsplit("#", 1)
    items, popeye = load_file(name)
    i = int(index) - 1
    return items[i], (popeye[i] if i < len(popeye) else None)


def blocker(message: str) -> str:
    """The element a refusal names, for grouping: 'condition Circe', 'fairy piece G',
    'option NonTrivial', 'piece attribute Royal', 'neutral pieces',
    'stipulation: proof games', 'stipulation: goal + (check)', 'hunter pieces'."""
    m = _STIPULATION.match(message)
    if m:
        return f"stipulation: {m.group(1)}"
    if _TOO_LONG.match(message):
        return "stipulation: too long"
    m = _NAMED.match(message)
    if m:
        return f"{m.group(1)} {m.group(2)}"
    m = _NOT_SUPPORTED.match(message)
    if m:
        return re.sub(r" \('.*'\)$", "", m.group(1))
    return message


@dataclass(frozen=True)
class Classification:
    """What feerie makes of a problem before solving it: 'supported',
    'unsupported' (`detail`: the first blocking element, `reasons`: every
    refusal message) or 'read error' (`detail`: the reader's message)."""

    kind: str
    detail: str = ""
    reasons: tuple[str, ...] = ()

    def line(self, case: str) -> str:
        """The recorded form: 'case<TAB>kind[<TAB>detail]'."""
        return "\t".join([case, self.kind] + ([self.detail] if self.detail else []))


def classify(item) -> Classification:
    """Supported, unsupported (by which element) or not readable.  A reader's
    message saying 'not supported' (hunter pieces, total invisible pieces) is
    a refusal, not a read error."""
    import grammar
    from solver.base.errors import InputError
    from solver.run.solve import unsupported_reason
    from solver.model.twins import TwinError, expand_twins

    if isinstance(item, grammar.ProblemError):
        message = item.error.message
        if item.unsupported:
            reasons = item.problem.unsupported_features() or (message,)
            return Classification("unsupported", blocker(reasons[0]), tuple(reasons))
        if " not supported" in message:
            return Classification("unsupported", blocker(message), (message,))
        return Classification("read error", f"line {item.error.line}: {message}")
    reason = unsupported_reason(item)
    if reason:
        return Classification("unsupported", blocker(reason), (reason,))
    try:  # what solve_problem checks of each twin before it solves any
        instances = expand_twins(item)
    except (InputError, TwinError) as err:
        return Classification("read error", f"twin: {err.message}")
    for inst in instances:
        reason = unsupported_reason(inst.problem)
        if reason:
            return Classification("unsupported", blocker(reason), (reason,))
    return Classification("supported")


def popeye_state(expected) -> str:
    """'ok' when Popeye's output gives a complete solution to compare with;
    otherwise why not: 'no output', 'partial' (MaxSolutions, MaxTime...),
    'refused' (Popeye printed 'problem ignored' or similar), 'unparsed'."""
    if expected is None:
        return "no output"
    if expected.status != "complete":
        return "partial"
    if any("ignored" in line or "not supported" in line for line in expected.solution_lines):
        return "refused"
    if expected.unparsed:
        return "unparsed"
    return "ok"


def same_solution(twins, expected) -> bool:
    """feerie's twins equal Popeye's, sibling order ignored."""
    from solver.output.compare import canonical_all

    # in the output's language: a German 'k' is royal or kamikaze alike
    return canonical_all(twins, expected.language) == canonical_all(expected.twins, expected.language)


def differences(twins, expected, limit: int = 12) -> list[str]:
    """The lines (root-to-leaf paths, English notation) that only one side has,
    twin by twin and section by section: '-' Popeye's, '+' feerie's."""
    out: list[str] = []
    if len(twins) != len(expected.twins):
        out.append(f"twins: feerie {len(twins)}, Popeye {len(expected.twins)}")
    for t, (ours, theirs) in enumerate(zip(twins, expected.twins), 1):
        a, b = _paths(ours), _paths(theirs)
        for path in sorted(b - a):
            out.append(f"- twin {t} {path}")
        for path in sorted(a - b):
            out.append(f"+ twin {t} {path}")
    if not out and len(twins) == len(expected.twins):
        out.append("same lines; the difference is in labels, roles or layout")
    return out[:limit] + ([f"... {len(out) - limit} more"] if len(out) > limit else [])


def _paths(twin) -> set[str]:
    from solver.output.notation import turn_text
    from solver.model.tree import line_paths

    out = set()
    for p, phase in enumerate(twin.phases):
        for section in phase.sections:
            for path in line_paths(section.nodes):
                moves = " ".join(f"{n.role.value}:{turn_text(n.turn, 'en') if n.turn else '...'}"
                                 + (f"[{n.label}]" if n.label else "") for n in path)
                out.add(f"phase {p + 1} {section.kind.value}: {moves}")
    return out
