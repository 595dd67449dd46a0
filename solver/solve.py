"""Solving a stated problem: from `Problem` to solution trees, twin by twin.

This is where the stipulation and Popeye's options decide which search
runs and what it is asked: which side starts, how long, set play, tries,
duplex, post-key play.  The searches themselves (`battle`, `helpplay`)
know nothing of options or twins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .battle import Battle
from .board import BLACK, WHITE
from .budget import Budget, TimeUp
from .errors import InputError
from .helpplay import EnoughSolutions, LineSearch, help_schedule, series_schedule
from .model import Problem, Stipulation
from .rules import build_rules
from .setup import position_of
from .tree import LINE, TREE, Node, Phase, RunInfo, Section, SectionKind, TwinSolution

BATTLE_PLAYS = {"direct", "self", "reflex", "semi-reflex"}
SOLVED_GOALS = {"#", "="}


class Unsupported(Exception):
    """The problem needs something feerie does not do (named in the message)."""


@dataclass
class SolveResult:
    """Everything one problem's solving produced."""

    problem: Problem
    twins: list[TwinSolution]
    info: RunInfo
    solution_counts: list[int] = field(default_factory=list)  # per twin: keys or lines


def unsupported_reason(problem: Problem) -> str | None:
    """Why feerie cannot solve this problem, or None."""
    stip = problem.stipulation
    if stip.unsupported:
        return f"stipulation {stip.text} is not supported ({stip.unsupported})"
    if stip.goal not in SOLVED_GOALS:
        return f"goal {stip.goal!r} of stipulation {stip.text} is not supported"
    if not stip.series and stip.play not in BATTLE_PLAYS | {"help", "help-self"}:
        return f"stipulation {stip.text} is not supported"
    if stip.series and stip.play not in {"direct", "help", "self"}:
        return f"stipulation {stip.text} is not supported"
    from .rules import CONDITIONS

    for cond in problem.conditions:
        if not cond.supported or cond.name not in CONDITIONS:
            return f"condition {cond.name} is not supported"
    for opt in problem.options:
        if not opt.supported:
            return f"option {opt.name} is not supported"
    from .board import POPEYE_KIND

    for piece in problem.pieces:
        if piece.kind not in POPEYE_KIND:
            return f"piece {piece.kind} ({piece.kind}{piece.square}) is not supported"
        if piece.color not in ("white", "black"):
            return f"{piece.color} pieces are not supported"
    return None


def _int_option(problem: Problem, name: str, default: int | None) -> int | None:
    opt = problem.option(name)
    if opt is None or not opt.args:
        return default
    try:
        return int(opt.args[0])
    except ValueError:
        raise InputError(f"option {name}: {opt.args[0]!r} is not a number") from None


def solve_problem(problem: Problem, *, max_time: float | None = None) -> SolveResult:
    """Solve every twin of a problem (Popeye's MaxTime option or `max_time`
    caps the whole run; what was found by then is kept)."""
    from .twins import expand_twins

    option_time = _int_option(problem, "MaxTime", None)
    if option_time is not None:
        max_time = option_time if max_time is None else min(max_time, option_time)
    budget = Budget(max_time)
    twins: list[TwinSolution] = []
    counts: list[int] = []
    timed_out = False
    partial = False
    for inst in expand_twins(problem):
        twin = TwinSolution(label=inst.label, description=inst.description)
        twins.append(twin)
        if timed_out:
            counts.append(0)
            continue
        reason = unsupported_reason(inst.problem)
        if reason:
            raise Unsupported(reason)
        try:
            count, was_partial = solve_twin(inst.problem, twin, budget)
            partial = partial or was_partial
        except TimeUp:
            timed_out = True
            count = sum(_count(p) for p in twin.phases)
        counts.append(count)
    info = RunInfo(time_s=budget.elapsed(), nodes=budget.nodes, timed_out=timed_out, partial=partial)
    return SolveResult(problem, twins, info, counts)


def _count(phase: Phase) -> int:
    total = 0
    for section in phase.sections:
        if section.kind != SectionKind.PLAY:
            continue
        if section.layout == TREE:
            total += sum(1 for n in section.nodes if n.role.value == "key")
        else:
            total += sum(_leaves(n) for n in section.nodes)
    return total


def _leaves(node: Node) -> int:
    if not node.children:
        return 1
    return sum(_leaves(c) for c in node.children)


def solve_twin(problem: Problem, twin: TwinSolution, budget: Budget) -> tuple[int, bool]:
    """Fill `twin.phases`; return (number of solutions, stopped by MaxSolutions)."""
    stip = problem.stipulation
    rules = build_rules(problem.conditions)
    duplex = problem.has_option("Duplex")
    half_duplex = problem.has_option("HalfDuplex")
    colour_sets = [False] if not half_duplex else [True]
    if duplex and not half_duplex:
        colour_sets = [False, True]
    partial = False
    count = 0
    for reversed_ in colour_sets:
        phase = Phase(reversed=reversed_)
        twin.phases.append(phase)
        if stip.series or stip.play in ("help", "help-self"):
            was_partial = _solve_lines(problem, rules, phase, budget, reversed_)
        else:
            was_partial = _solve_battle(problem, rules, phase, budget, reversed_)
        partial = partial or was_partial
        count += _count(phase)
    return count, partial


def _solve_battle(problem: Problem, rules, phase: Phase, budget: Budget, reversed_: bool) -> bool:
    stip = problem.stipulation
    attacker = BLACK if reversed_ else WHITE
    pos = position_of(problem, attacker)
    battle = Battle(rules, pos, stip.play, stip.goal, budget,
                    threat_max=_int_option(problem, "Threat", None),
                    no_threat=problem.has_option("NoThreat"),
                    no_short_variations=problem.has_option("NoShortVariations"))
    n = stip.moves
    variations = problem.has_option("Variation") or problem.has_option("PostKeyPlay")
    if problem.has_option("PostKeyPlay"):
        # The diagram is the position after the key: the defender moves.
        pos.set_side(-attacker)
        holder = Node(role=None, turn=None)  # type: ignore[arg-type]
        battle.expand_defence(holder, n - 1)
        phase.sections.append(Section(SectionKind.POSTKEY, TREE, holder.children, label=holder.label))
        return False
    if problem.has_option("SetPlay"):
        phase.sections.append(Section(SectionKind.SET, TREE, battle.set_play(n)))
    tries = problem.has_option("Try")
    max_refutations = _int_option(problem, "Defence", 1) if tries else 1
    section = Section(SectionKind.PLAY, TREE)
    phase.sections.append(section)
    battle.solve(n, tries=tries, max_refutations=max_refutations, variations=variations,
                 out=section.nodes)
    return False


def help_length(stip: Stipulation, white_to_play: bool) -> tuple[int, int]:
    """(side that starts, number of half-moves) of the help play of h#n, h#n.5,
    hs#n, with Popeye's WhiteToPlay (h#n becomes h#(n-1).5)."""
    if stip.play == "help-self":
        return WHITE, 2 * stip.moves - 1
    if stip.half:
        return WHITE, 2 * stip.moves + 1
    if white_to_play:
        return WHITE, 2 * stip.moves - 1
    return BLACK, 2 * stip.moves


def _solve_lines(problem: Problem, rules, phase: Phase, budget: Budget, reversed_: bool) -> bool:
    stip = problem.stipulation
    flip = -1 if reversed_ else 1
    max_solutions = _int_option(problem, "MaxSolutions", None)
    if stip.series:
        if stip.play == "help":
            schedule = series_schedule(BLACK * flip, stip.moves, then_other=True)
        elif stip.play == "self":
            schedule = series_schedule(WHITE * flip, stip.moves, then_other=False, final="forced")
        else:
            schedule = series_schedule(WHITE * flip, stip.moves, then_other=False)
        sections = [(SectionKind.PLAY, schedule, 0)]
    else:
        first, half_moves = help_length(stip, problem.has_option("WhiteToPlay"))
        final = "forced" if stip.play == "help-self" else "goal"
        sections = []
        if problem.has_option("SetPlay") and half_moves > 1:
            skipped = 1 if first == BLACK else 2
            sections.append((SectionKind.SET, help_schedule(-first * flip, half_moves - 1, final), skipped))
        sections.append((SectionKind.PLAY, help_schedule(first * flip, half_moves, final),
                         0 if first == BLACK else 1))
    partial = False
    for kind, schedule, skipped in sections:
        pos = position_of(problem, schedule.sides[0])
        search = LineSearch(rules, pos, schedule, stip.goal, budget, max_solutions)
        section = Section(kind, LINE, skipped=skipped)
        phase.sections.append(section)
        search.solve(section.nodes)
        if max_solutions is not None and search.solutions >= max_solutions:
            partial = True
    return partial


__all__ = ["solve_problem", "SolveResult", "Unsupported", "unsupported_reason", "EnoughSolutions"]
