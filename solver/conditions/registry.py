"""The conditions feerie plays, by Popeye's English name, and the rule set of a problem.

Each condition is a module of this package that fills named hooks of
`Rules` (`install`) and says which capability properties it keeps
(`preserves`): its `SPEC`.  This registry is the one place that lists
them; a new condition is a module plus a line here.
"""

from __future__ import annotations

from collections.abc import Iterable, MutableMapping

from solver.base.errors import InputError
from solver.conditions.rules import ConditionSpec, Rules
from solver.engine.capabilities import NO_EFFECTS
from solver.engine.identity import IDENTITY_GOALS, identity_key
from solver.conditions.variant import Variant, orthodox_variant, variant_of


def _specs() -> dict[str, ConditionSpec]:
    """`CONDITIONS`, made on first use: the condition modules are imported
    when a problem names a condition (start-up: one without imports none).
    A new condition: its module in the import, its line in the dict."""
    from solver.conditions import breton, magicsquares, masand, oscillating, transmuted
    from solver.conditions import antimars
    from solver.conditions import (
    annan, bgl, changers, checkless, circe, dangercirce, edgemover, eiffel, einstein, exclusive, frankfurt, ghost, haaner, kobul, grid, imitator, isardam, koeko,
    lesemajeste, lostpieces, madrasi, marscirce, marseillais, messigny, monochrome, mummer, nocapture, nopromotion, patrol,
    promonly, sat, singlebox, takemake, maketake,
)
    return {
    "Messigny": messigny.SPEC,
    "Marseillais": marseillais.SPEC,
    **mummer.SPECS,
    **nocapture.SPECS,
    **nopromotion.SPECS,
    "PromOnly": promonly.SPEC,
    "Madrasi": madrasi.SPEC,
    **monochrome.SPECS,
    "ChecklessChess": checkless.SPEC,
    "GridChess": grid.SPEC,
    **koeko.SPECS,
    "Isardam": isardam.SPEC,
    **patrol.SPECS,
    "EiffelChess": eiffel.SPEC,
    **edgemover.SPECS,
    "SingleBox": singlebox.SPEC,
    "ExclusiveChess": exclusive.SPEC,
    **changers.SPECS,
    **einstein.SPECS,
    "FrankfurtChess": frankfurt.SPEC,
    "KobulKings": kobul.SPEC,
    "LostPieces": lostpieces.SPEC,
    "Take&MakeChess": takemake.SPEC,
    "Make&TakeChess": maketake.SPEC,
    **circe.SPECS,
    "MarsCirce": marscirce.SPEC,
    "AntiMarsCirce": antimars.SPEC,
    "DangerCirce": dangercirce.SPEC,
    **annan.SPECS,
    "LeseMajeste": lesemajeste.SPEC,
    "SAT": sat.SPEC,
    "StrictSAT": sat.STRICT_SPEC,
    **ghost.SPECS,
    **imitator.SPECS,
    "BGL": bgl.SPEC,
    **masand.SPECS,
    "Breton": breton.SPEC,
    "MagicSquares": magicsquares.SPEC,
    **oscillating.SPECS,
    **transmuted.SPECS,
    "HaanerChess": haaner.SPEC,
}


class _OnFirstUse(MutableMapping):
    """A dict made by `make()` when it is first used (read, iterated, changed)."""

    def __init__(self, make) -> None:
        self._make = make
        self._made: dict | None = None

    def _dict(self) -> dict:
        if self._made is None:
            self._made = self._make()
        return self._made

    def __getitem__(self, key):
        return self._dict()[key]

    def __setitem__(self, key, value) -> None:
        self._dict()[key] = value

    def __delitem__(self, key) -> None:
        del self._dict()[key]

    def __iter__(self):
        return iter(self._dict())

    def __len__(self) -> int:
        return len(self._dict())

    def __contains__(self, key) -> bool:
        return key in self._dict()

    def get(self, key, default=None):
        return self._dict().get(key, default)

    def __repr__(self) -> str:
        return repr(self._dict())


# Every condition feerie plays, by name: its ConditionSpec (a dict, made on first use).
CONDITIONS: MutableMapping[str, ConditionSpec] = _OnFirstUse(_specs)


# Pairs Popeye refuses ("anticirce incompatible with some fairy conditions",
# its solving/machinery/twin.c): (a condition, the conditions it refuses beside).
def _refuses() -> dict[str, frozenset[str]]:
    from solver.conditions import circe

    return {anti: frozenset({"KoeKo", "NewKoeko", "AntiKoeko"})
            for anti in circe.SPECS if anti.endswith("AntiCirce")}


POPEYE_REFUSES: MutableMapping[str, frozenset[str]] = _OnFirstUse(_refuses)


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
        spec = spec.resolved(cond.params)
        specs.append(spec)
        if spec.pawn_stays:
            variant = variant.with_pawn_promotion()
        if spec.promotions is not None:
            variant = variant.promoting_only(spec.promotions(cond.params))
        variant = variant.restricted(spec.preserves(cond.params))
    names = [c.name for c in conditions]
    for name in names:
        refused = [n for n in names if n in POPEYE_REFUSES.get(name, ())]
        if refused:
            raise InputError(f"condition {refused[0]} with {name} is not supported (Popeye refuses it too)")
    for cond, spec in zip(conditions, specs):
        others = [c.name for c, s in zip(conditions, specs)
                  if c is not cond and not (spec.family and s.family == spec.family)
                  and (c.name, tuple(c.params)) not in spec.goes_with]
        if spec.alone and others:
            raise InputError(f"condition {others[0]} with {cond.name} is not supported")
    turns = [c.name for c, spec in zip(conditions, specs) if spec.changes_turns]
    extra = [c.name for c, spec in zip(conditions, specs) if spec.changes_turns or spec.adds_moves]
    for cond, spec in zip(conditions, specs):
        if turns and spec.needs_single_moves:
            raise InputError(f"condition {cond.name} with {turns[0]} is not supported")
        if extra and spec.changes_observation:
            raise InputError(f"condition {cond.name} with {extra[0]} is not supported")
        others = [n for n in extra if n != cond.name]
        if others and spec.has_effects:   # untested: Circe with Messigny differs from Popeye
            raise InputError(f"condition {cond.name} with {others[0]} is not supported")
    # (an `alone` condition's effect runs after those of the conditions it `goes_with`)
    effects = [c.name for c, spec in zip(conditions, specs) if spec.has_effects
               and not (spec.alone and spec.goes_with)]
    families = {spec.family or c.name for c, spec in zip(conditions, specs) if spec.has_effects
                and not (spec.alone and spec.goes_with)}
    if len(families) > 1:   # whose effect comes first, on which square: not tested
        raise InputError(f"condition {effects[1]} with {effects[0]} is not supported")
    for cond, spec in zip(conditions, specs):
        if effects and not spec.has_effects and not spec.with_effects:
            raise InputError(f"condition {cond.name} with {effects[0]} is not supported")
    rules = Rules(variant)
    for cond, spec in zip(conditions, specs):
        rules = spec.install(rules, cond.params) or rules
    # (a rule that only finishes a move on the move's own squares, as
    # Take&Make's does, is marked `own_squares`: it changes nothing no_effects rules out)
    if NO_EFFECTS in rules.variant.properties and any(
            not getattr(rule, "own_squares", False) for rule in rules.effect_rules):
        raise ValueError("a condition with effects must not preserve no_effects")
    return rules


def conditions_of(problem) -> list:
    """The problem's conditions as the rule set plays them: those whose
    meaning depends on the stipulation made explicit (`Maximummer` is the
    defending side's: `mummer.resolve`; `ExclusiveChess` is about the
    stipulation's goal: `exclusive.resolve`)."""
    if not problem.conditions:
        return []
    from solver.conditions import exclusive, mummer

    return [exclusive.resolve(mummer.resolve(c, problem), problem) for c in problem.conditions]


def rules_for(problem) -> Rules:
    """The rule set of a problem (one twin's): its variant and conditions, and
    the options that change the rules (CastlingMutuallyExclusive).  Where a
    goal of the stipulation reads which piece is which (circuits, exchanges),
    the identities join the transposition key."""
    rules = build_rules(conditions_of(problem), variant_of(problem))
    if any(opt.name == "CastlingMutuallyExclusive" for opt in problem.options):
        from solver.conditions import mutual_castling  # (only then: start-up)

        mutual_castling.install(rules, problem.options)
    stip = getattr(problem, "stipulation", None)
    if stip is not None and IDENTITY_GOALS.intersection(
            (stip.goal, stip.reci_goal, getattr(stip.hidden, "goal", None))):
        rules.key_parts.append(identity_key)
    return rules


def unsupported_conditions(problem) -> str | None:
    """Why feerie cannot play this problem's conditions, alone or together
    (naming the condition or the combination), or None."""
    if not problem.conditions:
        return None
    try:
        conditions = conditions_of(problem)
    except InputError as err:
        return err.message
    for cond in conditions:
        reason = unsupported_condition(cond)
        if reason:
            return reason
    try:
        build_rules(conditions, variant_of(problem))
    except InputError as err:
        return err.message
    for cond in conditions:
        spec = CONDITIONS.get(cond.name)
        refusal = spec.resolved(cond.params).refusal if spec is not None else None
        reason = refusal(problem) if refusal is not None else None
        if reason:
            return reason
    return None


def unsupported_condition(cond) -> str | None:
    """Why feerie cannot play under this condition (with its parameters), or None."""
    if not getattr(cond, "supported", True) or cond.name not in CONDITIONS:
        return f"condition {cond.name} is not supported"
    spec = CONDITIONS[cond.name].resolved(cond.params)
    try:
        spec.install(Rules(orthodox_variant().restricted(spec.preserves(cond.params))), cond.params)
    except InputError as err:
        return err.message
    return None
