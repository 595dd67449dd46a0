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
from .budget import Budget, Interrupted, TimeUp
from .errors import InputError
from .helpplay import LineSearch, Schedule, help_schedule, series_schedule
from .intelligent import intelligent_search
from .model import Problem, Stipulation
from .rules import build_rules
from .setup import position_of
from .stream import Observer, section_items
from .tree import (LINE, TREE, Node, Phase, Role, RunInfo, Section, SectionKind, TwinSolution,
                   merge_lines, sort_siblings)



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
    """Why feerie cannot solve this problem (or one of its twins), or None."""
    from .rules import unsupported_condition

    reasons = list(problem.unsupported_features())
    stip = problem.stipulation
    if stip.goal == "~" and (stip.play != "direct" or stip.series):
        reasons.append(f"stipulation {stip.text} is not supported")
    for cond in problem.conditions:
        if cond.supported:
            reason = unsupported_condition(cond)
            if reason:
                reasons.append(reason)
    return reasons[0] if reasons else None


def _int_option(problem: Problem, name: str, default: int | None) -> int | None:
    opt = problem.option(name)
    if opt is None or not opt.args:
        return default
    try:
        return int(opt.args[0])
    except ValueError:
        raise InputError(f"option {name}: {opt.args[0]!r} is not a number") from None


def solve_problem(problem: Problem, *, max_time: float | None = None, jobs: int = 1,
                  executor=None, observer: Observer | None = None) -> SolveResult:
    """Solve every twin of a problem.

    Popeye's MaxTime option or `max_time` caps the whole run; what was found
    by then is kept, and so it is when Ctrl-C stops the search
    (`budget.request_stop`).  With `jobs` > 1 the first moves of each part
    of the play are shared among worker processes (an `executor` may be
    given); the result is the same as with one job.  `observer` is told
    what is found as it is found (`solver.stream`); it hears of the problem
    only once it is known to be solvable (an `Unsupported` or `InputError`
    is raised before).
    """
    from .twins import expand_twins

    option_time = _int_option(problem, "MaxTime", None)
    if option_time is not None:
        max_time = option_time if max_time is None else min(max_time, option_time)
    budget = Budget(max_time)
    twins: list[TwinSolution] = []
    counts: list[int] = []
    timed_out = False
    cancelled = False
    partial = False
    instances = expand_twins(problem)
    for inst in instances:
        reason = unsupported_reason(inst.problem)
        if reason:
            raise Unsupported(reason)
        _validate(inst.problem)
    observer = observer or Observer()
    observer.problem_start(problem)
    own_pool = None
    if jobs > 1 and executor is None:
        from concurrent.futures import ProcessPoolExecutor

        executor = own_pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        for inst in instances:
            twin = TwinSolution(label=inst.label, description=inst.description)
            twins.append(twin)
            observer.twin_start(twin)
            if timed_out or cancelled:
                counts.append(0)
                observer.twin_end(twin)
                continue
            try:
                was_partial = solve_twin(inst.problem, twin, budget, executor, observer)
                partial = partial or was_partial
            except Interrupted:
                cancelled = True
            except TimeUp:
                timed_out = True
            counts.append(sum(_count(p) for p in twin.phases))
            observer.twin_end(twin)
    finally:
        if own_pool is not None:
            own_pool.shutdown(cancel_futures=True)
    info = RunInfo(time_s=budget.elapsed(), nodes=budget.nodes, timed_out=timed_out, partial=partial,
                   cancelled=cancelled)
    observer.problem_end(problem, twins, info)
    return SolveResult(problem, twins, info, counts)


def _validate(problem: Problem) -> None:
    """Raise the InputError a solve of this twin would meet (its options'
    numbers, its pieces), before anything of the problem is reported."""
    for name in ("Threat", "Defence", "MaxSolutions"):
        _int_option(problem, name, None)
    position_of(problem, WHITE)


def _count(phase: Phase) -> int:
    """Solutions in a phase: keys of tree play, full lines of line play."""
    total = 0
    for section in phase.sections:
        if section.kind != SectionKind.PLAY:
            continue
        if section.layout == TREE:
            total += sum(1 for n in section.nodes if n.role == Role.KEY)
        else:
            total += sum(_leaves(n) for n in section.nodes)
    return total


def _leaves(node: Node) -> int:
    if not node.children:
        return 1
    return sum(_leaves(c) for c in node.children)


@dataclass(frozen=True)
class SectionSpec:
    """One part of the solution to compute: which phase (normal or colours
    reversed, for Duplex), which section (set play, play, post-key play), and
    for line play its schedules: one for help play, one per length for series
    play (Popeye lists a series problem's shorter solutions too, shortest
    first, in the same block)."""

    reversed: bool
    kind: SectionKind
    layout: str
    schedules: tuple[Schedule, ...] = ()
    skipped: int = 0


def plan(problem: Problem) -> list[SectionSpec]:
    """The sections a twin's solution consists of, in print order."""
    stip = problem.stipulation
    half_duplex = problem.has_option("HalfDuplex")
    phases = [True] if half_duplex else [False, True] if problem.has_option("Duplex") else [False]
    specs = []
    for reversed_ in phases:
        flip = -1 if reversed_ else 1
        if stip.series:
            if stip.play == "help":
                schedules = [series_schedule(BLACK * flip, n, then_other=True)
                             for n in range(1, stip.moves + 1)]
            elif stip.play == "self":
                schedules = [series_schedule(WHITE * flip, n, then_other=False, final="forced")
                             for n in range(1, stip.moves + 1)]
            else:
                schedules = [series_schedule(WHITE * flip, n, then_other=False)
                             for n in range(1, stip.moves + 1)]
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE, tuple(schedules)))
        elif stip.play in ("help", "help-self"):
            first, half_moves = help_length(stip)
            final = "forced" if stip.play == "help-self" else "goal"
            if problem.has_option("SetPlay") and half_moves > 1:
                specs.append(SectionSpec(reversed_, SectionKind.SET, LINE,
                                         (help_schedule(-first * flip, half_moves - 1, final),),
                                         2 if stip.half else 1))
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE,
                                     (help_schedule(first * flip, half_moves, final),),
                                     1 if stip.half else 0))
        elif problem.has_option("PostKeyPlay"):
            specs.append(SectionSpec(reversed_, SectionKind.POSTKEY, TREE))
        else:
            if problem.has_option("SetPlay"):
                specs.append(SectionSpec(reversed_, SectionKind.SET, TREE))
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, TREE))
    return specs


def solve_twin(problem: Problem, twin: TwinSolution, budget: Budget, executor=None,
               observer: Observer | None = None) -> bool:
    """Fill `twin.phases` (kept as far as computed when the time runs out),
    telling `observer` of each section's items as they are found (those of
    a parallel run when they are gathered); return whether MaxSolutions
    stopped the search."""
    observer = observer or Observer()
    partial = False
    phase = None
    try:
        for spec in plan(problem):
            if phase is None or phase.reversed != spec.reversed:
                if phase is not None:
                    observer.phase_end(phase)
                phase = Phase(reversed=spec.reversed)
                twin.phases.append(phase)
            section = Section(spec.kind, spec.layout, skipped=spec.skipped,
                              shortest_first=len(spec.schedules) > 1)
            phase.sections.append(section)
            observer.section_start(phase, section)
            partial = _observed_section(problem, spec, section, budget, executor, observer) or partial
    finally:
        if phase is not None:
            observer.phase_end(phase)
    return partial


def _observed_section(problem: Problem, spec: SectionSpec, section: Section, budget: Budget,
                      executor, observer: Observer) -> bool:
    """Compute one section, telling `observer` of its items: as the search
    finds them, or (a parallel run, post-key play) when it is done; then of
    its end, also when the time runs out.  Returns whether MaxSolutions
    stopped it."""
    reported = 0

    def found(item) -> None:
        nonlocal reported
        reported += 1
        observer.found(section, item)

    try:
        if executor is not None and spec.kind == SectionKind.PLAY:
            return _run_parallel(problem, spec, section, budget, executor)
        return run_section(problem, spec, section, budget, on_found=found)
    finally:
        sort_siblings(section.nodes)
        # The items found come in print order, so those not yet told are the rest.
        for item in section_items(section)[reported:]:
            observer.found(section, item)
        observer.section_end(section)


def _battle(problem: Problem, spec: SectionSpec, budget: Budget):
    stip = problem.stipulation
    attacker = BLACK if spec.reversed else WHITE
    pos = position_of(problem, attacker)
    return Battle(build_rules(problem.conditions), pos, stip.play, stip.goal, budget,
                  threat_max=_int_option(problem, "Threat", None),
                  no_threat=problem.has_option("NoThreat"),
                  no_short_variations=problem.has_option("NoShortVariations"))


def run_section(problem: Problem, spec: SectionSpec, section: Section, budget: Budget,
                only: list[int] | None = None, on_found=None) -> bool:
    """Compute one section into `section.nodes` (what was found stays there
    when the time runs out); `only` restricts the first turns to those
    indices (in the order the rules generate them); `on_found` is called
    with each item as it is complete (`solver.stream`: a line, or a key
    with its tree), in print order.  Returns whether MaxSolutions stopped it."""
    stip = problem.stipulation
    if spec.layout == TREE:
        battle = _battle(problem, spec, budget)
        n = stip.moves
        if spec.kind == SectionKind.POSTKEY:
            # The diagram is the position after the key: the defender moves.
            battle.pos.set_side(-battle.pos.side)
            holder = Node(role=Role.KEY, turn=None)
            try:
                battle.expand_defence(holder, n - 1)
            finally:  # each variation is added complete: a time limit keeps those found
                section.nodes.extend(holder.children)
                section.label = holder.label
        elif spec.kind == SectionKind.SET:
            battle.set_play(n, out=section.nodes, on_found=on_found)
        else:
            tries = problem.has_option("Try")
            battle.solve(n, tries=tries,
                         max_refutations=_int_option(problem, "Defence", 1) if tries else 1,
                         variations=problem.has_option("Variation"),
                         out=section.nodes, only=only, on_key=on_found)
        return False
    max_solutions = _int_option(problem, "MaxSolutions", None)
    rules = build_rules(problem.conditions)
    found = 0
    for schedule in spec.schedules:
        pos = position_of(problem, schedule.sides[0])
        left = None if max_solutions is None else max_solutions - found
        # Orthodox help and series mates: the intelligent search finds the
        # same lines far faster; it declines (None) what it does not handle.
        search = intelligent_search(rules, pos, schedule, stip.goal, budget, left)
        if search is None:
            search = LineSearch(rules, pos, schedule, stip.goal, budget, left)
        search.on_line = on_found
        nodes: list[Node] = []
        try:
            search.solve(out=nodes, only=only)
        finally:
            merge_lines(section.nodes, nodes)  # also what a time limit cut short
        found += search.solutions
        if max_solutions is not None and found >= max_solutions:
            return True
    return False


def first_turn_count(problem: Problem, spec: SectionSpec) -> int:
    """How many first turns a section's search iterates over."""
    stip = problem.stipulation
    side = spec.schedules[0].sides[0] if spec.layout == LINE else (BLACK if spec.reversed else WHITE)
    pos = position_of(problem, side)
    return len(build_rules(problem.conditions).turns(pos))


def _solve_part(problem: Problem, spec: SectionSpec, index: int, max_time: float | None):
    """Worker: the section restricted to one first turn."""
    budget = Budget(max_time)
    section = Section(spec.kind, spec.layout, skipped=spec.skipped)
    timed_out = False
    try:
        run_section(problem, spec, section, budget, only=[index])
    except TimeUp:
        timed_out = True
    return section.nodes, budget.nodes, timed_out


def _run_parallel(problem: Problem, spec: SectionSpec, section: Section, budget: Budget,
                  executor) -> bool:
    remaining = None
    if budget.deadline is not None:
        import time

        remaining = max(0.0, budget.deadline - time.perf_counter())
    count = first_turn_count(problem, spec)
    futures = [executor.submit(_solve_part, problem, spec, i, remaining) for i in range(count)]
    timed_out = False
    for future in futures:
        nodes, visited, part_timed_out = future.result()
        section.nodes.extend(nodes)
        budget.nodes += visited
        timed_out = timed_out or part_timed_out
    max_solutions = _int_option(problem, "MaxSolutions", None)
    partial = False
    if max_solutions is not None and spec.layout == LINE:
        sort_siblings(section.nodes)  # the first lines in print order, as one search finds them
        partial = _truncate_lines(section.nodes, max_solutions) >= max_solutions
    if timed_out:
        raise TimeUp()
    return partial


def _truncate_lines(nodes: list[Node], limit: int) -> int:
    """Keep the first `limit` lines of a trie (in order), as one search that
    stopped at MaxSolutions would have; return how many lines are kept."""
    kept = 0
    for i, node in enumerate(nodes):
        if kept >= limit:
            del nodes[i:]
            break
        if node.children:
            kept += _truncate_lines(node.children, limit - kept)
        else:
            kept += 1
    return kept


def help_length(stip: Stipulation) -> tuple[int, int]:
    """(side that starts, number of half-moves) of the help play of h#n, h#n.5
    and hs#n.  (Popeye's WhiteToPlay has already turned h#n into h#(n-1).5.)"""
    if stip.play == "help-self":
        return WHITE, 2 * stip.moves - 1
    if stip.half:
        return WHITE, 2 * stip.moves + 1
    return BLACK, 2 * stip.moves


__all__ = ["solve_problem", "SolveResult", "Unsupported", "unsupported_reason", "plan", "run_section"]
