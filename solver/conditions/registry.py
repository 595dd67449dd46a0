"""The conditions feerie plays, by Popeye's English name, and the rule set of a problem.

Each condition is a module of this package that fills named hooks of
`Rules` (`install`) and says which capability properties it keeps
(`preserves`): its `SPEC`.  This registry is the one place that lists
them; a new condition is a module plus a line here.
"""

from __future__ import annotations

from typing import Iterable

from solver.base.errors import InputError
from solver.conditions import marseillais, messigny
from solver.conditions.rules import ConditionSpec, Rules
from solver.conditions.variant import Variant, orthodox_variant, variant_of

CONDITIONS: dict[str, ConditionSpec] = {
    "Messigny": messigny.SPEC,
    "Marseillais": marseillais.SPEC,
}


def build_rules(conditions: Iterable = (), variant: Variant | None = None) -> Rules:
    """The rule set for a problem's conditions (`solver.model.problem.Condition`s) on
    its variant (`solver.conditions.variant.variant_of`; orthodox pieces by default)."""
    conditions = list(conditions)
    if variant is None:
        variant = orthodox_variant()
    if not conditions:
        return Rules(variant)
    specs = []
    for cond in conditions:
        spec = CONDITIONS.get(cond.name)
        if spec is None or not getattr(cond, "supported", True):
            raise InputError(f"condition {cond.name} is not supported")
        specs.append(spec)
        variant = variant.restricted(spec.preserves(cond.params))
    rules = Rules(variant)
    for cond, spec in zip(conditions, specs):
        rules = spec.install(rules, cond.params) or rules
    return rules


def rules_for(problem) -> Rules:
    """The rule set of a problem (one twin's): its variant and conditions."""
    return build_rules(problem.conditions, variant_of(problem))


def unsupported_condition(cond) -> str | None:
    """Why feerie cannot play under this condition (with its parameters), or None."""
    if not getattr(cond, "supported", True) or cond.name not in CONDITIONS:
        return f"condition {cond.name} is not supported"
    try:
        CONDITIONS[cond.name].install(Rules(), cond.params)
    except InputError as err:
        return err.message
    return None
