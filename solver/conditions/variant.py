"""The variant of a problem: which pieces may appear, what a pawn promotes
to, and which engine properties hold (`solver.engine.capabilities`).

It is compiled once per problem (per twin: a twin may add pieces) from the
pieces of the diagram and the conditions, and then decides, once, which
move generator, check test and search shortcuts the rule set uses.  A
piece that appears only by promotion counts: the pieces that may appear
are those of the diagram plus the promotion pieces.

`FEERIE_GENERIC=1` in the environment compiles every variant with no
properties at all: every shortcut is off and the generic path runs
everywhere.  The test suite solves under both and requires equal results,
which is how each fast path is proven against the generic one.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from collections.abc import Iterable

from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.capabilities import ALL_PROPERTIES, ONE_COLOUR, allows, kept
from solver.pieces.attributes import ATTRIBUTES, effective
from solver.pieces.catalogue import BY_KIND, by_code, promotion_pieces

ORTHODOX_KINDS = (PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING)
GENERIC_ENV = "FEERIE_GENERIC"


@dataclass(frozen=True)
class Variant:
    """What the engine may assume for one problem.

    `kinds`: the piece kinds that may stand on the board (diagram and
    promotions); `promotions`: what a pawn promotes to, in Popeye's order
    (`catalogue.promotion_pieces`);
    `properties`: the capabilities that every piece and condition keeps;
    `neutral`: neutral pieces may stand on the board (the rule set then
    binds the neutral generator, `solver.pieces.neutral`, whatever else
    holds: it is what the position is, not a shortcut).
    `attributes`: the piece attributes present (Popeye's English names,
    `solver.pieces.attributes`), whose move filters the rule set binds.
    `natural`: the properties kept whether or not FEERIE_GENERIC clears
    `properties` (None: the same): not for shortcuts, for what a feature
    needs to be right at all (`keeps`)."""
    kinds: frozenset[int]
    promotions: tuple[int, ...]
    properties: frozenset[str]
    neutral: bool = False
    attributes: frozenset[str] = frozenset()
    natural: frozenset[str] | None = None
    # HurdleColourChanging's promotions (`solver.pieces.hurdlecc`): the kinds
    # of the diagram's pieces with the attribute, and of those without it
    hurdle_kinds: tuple[frozenset[int], frozenset[int]] = (frozenset(), frozenset())

    def allows(self, shortcut: str) -> bool:
        return allows(self.properties, shortcut)

    def keeps(self, needs: Iterable[str]) -> bool:
        """Do the pieces and conditions keep all of `needs` (FEERIE_GENERIC
        or not)?  For a feature that has no generic form: the goals that
        read the last move (`solver.search.goals`)."""
        natural = self.properties if self.natural is None else self.natural
        return frozenset(needs) <= natural

    def promoting_only(self, kinds: Iterable[int]) -> "Variant":
        """The variant where pawns promote to these kinds only (PromOnly), in
        Popeye's order; they may appear although the diagram lacks them, so
        their walks restrict the properties too."""
        only = frozenset(kinds)
        promotions = tuple(k for k in promotion_pieces(self.kinds | only) if k in only)
        properties = self.properties
        natural = self.natural
        for kind in only:
            properties &= BY_KIND[kind].preserves
            if natural is not None:
                natural &= BY_KIND[kind].preserves
        return replace(self, kinds=self.kinds | only, promotions=promotions, properties=properties,
                       natural=natural)

    def with_pawn_promotion(self) -> "Variant":
        """The variant where a pawn may also "promote" to a pawn, staying one
        on its last rank (SingleBox Type2 and Type3: a latent pawn), first,
        as in Popeye's order of promotees."""
        if PAWN in self.promotions:
            return self
        return replace(self, promotions=(PAWN, *self.promotions))

    def restricted(self, preserves: Iterable[str]) -> "Variant":
        """The variant with only the properties that `preserves` also keeps
        (a condition's declaration: `capabilities.kept`)."""
        preserves = kept(preserves)
        natural = None if self.natural is None else self.natural & preserves
        return replace(self, properties=self.properties & preserves, natural=natural)


def generic_forced() -> bool:
    """Is the generic path forced everywhere (`FEERIE_GENERIC=1`)?"""
    return os.environ.get(GENERIC_ENV, "") not in ("", "0")


def variant_of_kinds(kinds: Iterable[int], neutral: bool = False) -> Variant:
    """The variant of a position holding pieces of these kinds (no
    conditions), promotions by Popeye's rule (`catalogue.promotion_pieces`);
    with `neutral`, some of them neutral (no piece then keeps ONE_COLOUR)."""
    present = frozenset(kinds)
    promotions = promotion_pieces(present)
    properties = ALL_PROPERTIES
    for kind in present | frozenset(promotions):
        properties &= BY_KIND[kind].preserves
    if neutral:
        properties -= {ONE_COLOUR}
    natural = None
    if generic_forced():
        properties, natural = frozenset(), properties
    return Variant(present | frozenset(promotions), promotions, properties, neutral, natural=natural)


def variant_of(problem) -> Variant:
    """The variant of a problem's diagram (a `solver.model.problem.Problem`, one
    twin's), before its conditions restrict it (`registry.build_rules`).
    Pieces the catalogue lacks are left out: such a problem is refused as
    unsupported before anything is solved."""
    kinds = {PAWN, KING}
    names: set[str] = set()
    for piece in problem.pieces:
        row = by_code(piece.kind)
        if row is not None:
            kinds.add(row.kind)
        names.update(effective(piece.kind, piece.attributes))
    # a half-neutral piece is neutral on and off: the neutral generator plays it
    variant = variant_of_kinds(kinds, any(piece.color == "neutral" or "HalfNeutral" in piece.attributes
                                          for piece in problem.pieces))
    if not names:
        return variant
    attributes = frozenset(n for n in names if n in ATTRIBUTES)
    for name in attributes:
        variant = variant.restricted(ATTRIBUTES[name].preserves)
    hcc = "HurdleColourChanging"
    if hcc in attributes:
        rows = [(by_code(p.kind), hcc in p.attributes) for p in problem.pieces]
        variant = replace(variant, hurdle_kinds=(
            frozenset(r.kind for r, flag in rows if r is not None and flag),
            frozenset(r.kind for r, flag in rows if r is not None and not flag)))
    return replace(variant, attributes=attributes)


def orthodox_variant() -> Variant:
    """The variant of orthodox chess (honours FEERIE_GENERIC)."""
    return variant_of_kinds(ORTHODOX_KINDS)
