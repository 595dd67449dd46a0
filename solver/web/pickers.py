"""The page's condition and option pickers: what feerie supports, with the parameters each takes.

A condition is offered when feerie plays it (`solver.conditions.registry.
CONDITIONS`), under the name the model gives it, with its parameters read
as Popeye reads them (`grammar.conditions.parameter_kind`): the words of the
table the reader looks them up in (Circe's variants, Messigny's Rex...,
Marseillais' Balanced / GameSite / NoChecks) that feerie reads and plays
with that condition (each is tried once), or what to type (squares, pieces,
a number).  An option is offered unless feerie refuses it
(`grammar.options.UNSUPPORTED_OPTIONS`), with its arguments (`Defence n`,
`Threat n`, `EnPassant` squares).  The page only composes text from these:
the fields are still read by `/api/parse`, so the pickers cannot offer what
the reader would take differently.
"""

from __future__ import annotations

from functools import lru_cache

from solver.model import keywords as kw
from solver.model import vocabulary as vocab

# A reader's parameter kind -> (the table its words come from, or a hint of what to type)
_WORDS = {"circe": "CIRCE_VARIANTS", "anticirce": "ANTICIRCE_TYPES", "takemake": "TAKEMAKE_VARIANTS",
          "grid": "GRID_VARIANTS"}
_TYPED = {"squares": "squares (e4f5g6)", "square": "a square", "magic": "squares (e4f5g6)",
          "walks": "piece codes (S B)", "walks+": "piece codes (S B)", "chameleon": "piece codes (S B)",
          "number": "a number", "dister": "a number", "singlebox": "Type1, Type2 or Type3"}
_OPTION_ARGUMENTS = {"int": "a number", "int?": "a number (may be left out)", "int2": "two numbers",
                     "squares": "squares (e7e6e5)", "pair": "two squares", "restart": "a move number"}


@lru_cache(maxsize=1)
def condition_pickers() -> list[dict]:
    """[{name, words: [parameter words], typed: hint or None}] for each condition feerie plays."""
    from grammar.conditions import parameter_kind
    from solver.conditions.registry import CONDITIONS

    out = {}
    for index, cond_id in [*enumerate(vocab.CONDITION_IDS), (kw.MARSEILLAIS, "marseillais")]:
        name = kw.condition_name(index)
        if name not in CONDITIONS or name in out:
            continue
        kind = parameter_kind(cond_id)
        if cond_id == "marseillais":
            words = list(kw.MARSEILLAIS_PARAMETERS)
        elif kind == "rex":
            words = list(kw.english_words("CIRCE_VARIANTS")[:2])   # RexInclusive, RexExclusive
        elif kind == "mummer":
            words = [w for w in kw.english_words("MUMMER_STRICTNESS") if w]
        else:
            words = list(kw.english_words(_WORDS[kind])) if kind in _WORDS else []
        out[name] = {"name": name, "words": [w for w in words if _solvable(f"{name} {w}")],
                     "typed": _TYPED.get(kind)}
    return sorted(out.values(), key=lambda c: c["name"].lower())


def _solvable(condition: str) -> bool:
    """Does feerie read `condition` as written and play it (on two kings)?"""
    import grammar
    from solver.run.solve import unsupported_reason

    text = f"BeginProblem\nPieces White Ka1 Black Kh8\nStipulation #2\nCondition {condition}\nEndProblem\n"
    items = grammar.load(text, "<picker>")
    return len(items) == 1 and not isinstance(items[0], grammar.ProblemError) \
        and [c.name for c in items[0].conditions] == [condition.split()[0]] \
        and unsupported_reason(items[0]) is None


@lru_cache(maxsize=1)
def option_pickers() -> list[dict]:
    """[{name, typed: what its arguments are, or None}] for each option feerie accepts."""
    from grammar.options import UNSUPPORTED_OPTIONS, argument_kind

    out = []
    for index, opt_id in enumerate(vocab.OPTION_IDS):
        if opt_id in UNSUPPORTED_OPTIONS:
            continue
        out.append({"name": kw.option_name(index), "typed": _OPTION_ARGUMENTS.get(argument_kind(opt_id))})
    return sorted(out, key=lambda o: o["name"].lower())
