"""Solving a stated problem: from `Problem` to solution trees, twin by twin.

This is where the stipulation and Popeye's options decide which search
runs and what it is asked: which side starts, how long, set play, tries,
duplex, post-key play.  The searches themselves (`battle`, `helpplay`)
know nothing of options or twins.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, replace

from solver.search.battle import Battle
from solver.search.nontrivial import NonTrivialBattle, nontrivial_setting
from solver.engine.board import BLACK, WHITE
from solver.base.budget import Budget, Interrupted, TimeUp
from solver.base.errors import InputError
from solver.search.helpplay import (FORCED, RECIPROCAL, REFLEX, LineSearch, ReciprocalSearch, Schedule,
                                   help_schedules, series_schedule)
from solver.search.goals import BUILT, goal_of, refusal
from solver.search.hidden_goal import search_goal
from solver.model.problem import MAX_HALF_MOVES, Problem, Stipulation
from solver.conditions.registry import rules_for
from solver.model.setup import position_of
from solver.output.stream import Observer, section_items
from solver.model.tree import (CHECK_LABEL, LINE, TREE, Node, Phase, Role, RunInfo, Section, SectionKind, TwinSolution,
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
    from solver.conditions.registry import unsupported_conditions

    reasons = list(problem.unsupported_features())
    stip = problem.stipulation
    if stip.play in ("proof", "a=>b") and not reasons:
        from solver.search.proofgame import proof_refusal

        reason = proof_refusal(problem)
        if reason:
            reasons.append(reason)
    if stip.half_moves > MAX_HALF_MOVES:
        reasons.append(f"stipulation {stip.text} is too long: {stip.half_moves} half-moves, "
                       f"feerie plays at most {MAX_HALF_MOVES} (as Popeye)")
    if all(cond.supported for cond in problem.conditions):
        reason = unsupported_conditions(problem)
        if reason:
            reasons.append(reason)
        elif stip.supported:
            # the goals that read the last move, the mates of the mover (the moves
            # legal but for leaving the mover in check), and reciprocal play's
            # Black goal G1 of reci-h(G1)G2: each refused where the rules cannot play it
            goals = []
            if (stip.goal in BUILT or stip.hidden) and (
                    search_goal(stip).needs_move or search_goal(stip).self_check):
                goals.append(search_goal(stip))
            if stip.reci_goal in BUILT:
                goals.append(goal_of(stip.reci_goal, stip.reci_target))
            rules = rules_for(problem) if goals else None
            for goal in goals:
                reason = refusal(goal, rules)
                if reason:
                    reasons.append(f"stipulation {stip.text} is not supported: {reason}"
                                   f" ({_goal_blocker(problem, goal)})")
                    break
    return reasons[0] if reasons else None


def _goal_blocker(problem: Problem, goal) -> str:
    """What keeps `goal` from being played (`goals.refusal`): the first
    condition that alone does, else the pieces."""
    from solver.conditions.registry import build_rules, conditions_of
    from solver.conditions.variant import variant_of

    plain = variant_of(problem)
    if refusal(goal, build_rules([], plain)) is None:
        for cond in conditions_of(problem):
            if refusal(goal, build_rules([cond], plain)) is not None:
                return f"condition {cond.name}"
        return "these conditions together"
    if plain.neutral:
        return "neutral pieces"
    return "piece attributes " + ", ".join(sorted(plain.attributes)) if plain.attributes else "these pieces"


def deep_enough() -> None:
    """Let the searches recurse through the longest play feerie accepts.

    The searches recurse a few frames per half-move (battle: five per move
    pair); Python's default limit of 1000 frames stops a #250.  Python-to-
    Python calls do not grow the C stack (CPython 3.11+), so a higher limit
    is safe."""
    needed = 4 * MAX_HALF_MOVES + 2000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)


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
    what is found as it is found (`solver.output.stream`); it hears of the problem
    only once it is known to be solvable (an `Unsupported` or `InputError`
    is raised before).
    """
    from solver.model.twins import expand_twins

    deep_enough()
    option_time = _int_option(problem, "MaxTime", None)
    if option_time is not None:
        max_time = option_time if max_time is None else min(max_time, option_time)
    budget = Budget(max_time)
    twins: list[TwinSolution] = []
    counts: list[int] = []
    timed_out = False
    out_of_memory = False
    cancelled = False
    partial = False
    instances = expand_twins(problem)
    for inst in instances:
        reason = unsupported_reason(inst.problem)
        if reason:
            raise Unsupported(reason)
        _validate(inst.problem)
    _warn_quodlibet_ignored([inst.problem for inst in instances])
    observer = observer or Observer()
    observer.problem_start(problem)
    own_pool = None
    if jobs > 1 and executor is None:
        from solver.run.workers import worker_pool

        executor = own_pool = worker_pool(jobs)
    from solver.output.popeye_writer import missing_king

    try:
        for inst in instances:
            # the tree's description is without the two spaces that end Popeye's twin line
            twin = TwinSolution(label=inst.label, description=inst.description.removesuffix("  "),
                                illegal=illegal_reason(inst.problem),
                                missing_king=inst.label is not None and missing_king(inst.problem))
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
            except MemoryError:
                # The search's tables are dropped with its frames as the error
                # unwinds; what the twin's sections hold by now is kept.
                out_of_memory = timed_out = True
            counts.append(sum(_count(p) for p in twin.phases))
            observer.twin_end(twin)
    finally:
        if own_pool is not None:
            from solver.run.workers import stop_pool

            stop_pool(own_pool)
    info = RunInfo(time_s=budget.elapsed(), nodes=budget.nodes,
                   timed_out=timed_out and not out_of_memory, partial=partial,
                   out_of_memory=out_of_memory, cancelled=cancelled)
    observer.problem_end(problem, twins, info)
    return SolveResult(problem, twins, info, counts)


def _validate(problem: Problem) -> None:
    """Raise the InputError a solve of this twin would meet (its options'
    numbers, its pieces), before anything of the problem is reported."""
    for name in ("Threat", "Defence", "MaxSolutions"):
        _int_option(problem, name, None)
    position_of(problem, WHITE)


QUODLIBET_PLAYS = ("self", "reflex", "semi-reflex")


def _warn_quodlibet_ignored(twins: list[Problem]) -> None:
    """Option Quodlibet (a direct mate solves a s# or r# too) means nothing in
    other play: Popeye says 'Quodlibet not applicable - ignored' (or says
    nothing: ser-s#, hs#) and solves without it; so does feerie, warning once.
    (A parry series, where Popeye applies it, is refused: Problem.unsupported_features.)"""
    ignored = [p for p in twins if p.has_option("Quodlibet")
               and (p.stipulation.play not in QUODLIBET_PLAYS or p.stipulation.series)]
    if ignored:
        import warnings

        from solver.base.errors import InputWarning

        problem = ignored[0]
        where = f"{problem.source}:{problem.line}: " if problem.source else ""
        warnings.warn(InputWarning(f"{where}option Quodlibet applies to self and reflex play, "
                                   f"not to {problem.stipulation.text}: ignored"))


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
        return 0 if node.role == Role.FORCED else 1  # (a reflex constraint the diagram breaks)
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
    intro: int = 0  # m of m-> introductory play (`Section.intro`)


def plan(problem: Problem) -> list[SectionSpec]:
    """The sections a twin's solution consists of, in print order."""
    stip = problem.stipulation
    half_duplex = problem.has_option("HalfDuplex")
    phases = [True] if half_duplex else [False, True] if problem.has_option("Duplex") else [False]
    specs = []
    for reversed_ in phases:
        flip = -1 if reversed_ else 1
        if stip.play == "proof":
            # proof games: help or series play from the game array, White first (solver.search.proofgame)
            schedules = ([series_schedule(WHITE * flip, n, then_other=False) for n in range(1, stip.moves + 1)]
                         if stip.series else help_schedules(WHITE * flip, stip.half_moves, "goal"))
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE, _exact(stip, schedules)))
        elif stip.play == "a=>b":
            # A-to-B: help play from the first diagram to the second, Black first unless WhiteToPlay
            first = WHITE if problem.white_to_move else BLACK
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE,
                                     _exact(stip, help_schedules(first * flip, stip.half_moves, "goal"))))
        elif stip.play == "reciprocal-help":
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE, reciprocal_schedules(stip, flip),
                                     1 if stip.half else 0))
        elif stip.series:
            if stip.play == "help":
                schedules = [series_schedule(BLACK * flip, n, then_other=True)
                             for n in range(1, stip.moves + 1)]
            elif stip.play in ("self", "reflex"):
                final = FORCED if stip.play == "self" else REFLEX
                schedules = [replace(series_schedule(WHITE * flip, n, then_other=False, final=final),
                                     ends_early=True) for n in range(1, stip.moves + 1)]
            elif stip.play == "help-self":
                # n Black series moves, a White help move, then Black is forced to deliver the goal
                schedules = [series_schedule(BLACK * flip, n, then_other=True, final=FORCED)
                             for n in range(1, stip.moves + 1)]
            else:
                schedules = [series_schedule(WHITE * flip, n, then_other=False)
                             for n in range(1, stip.moves + 1)]
            if stip.parry:
                schedules = [replace(s, parry=True) for s in schedules]
            if stip.play == "reflex":
                schedules = _exact(stip, schedules)
                schedules = [replace(schedules[0], show_forced=True), *schedules[1:]]
            if stip.intro:
                # m->: first up to m series moves of the other side (Popeye's
                # series branch: shorter ones count, as in the play after them)
                schedules = intro_schedules(stip.intro, _exact(stip, schedules))
            elif problem.has_option("SetPlay") and stip.play in ("help", "self") and not stip.parry:
                # Popeye's set play of ser-h and ser-s: the other side plays its
                # last move at once (ser-# and ser-= have none: Popeye ignores it)
                other = -schedules[0].sides[0]
                final = schedules[0].final
                sides = () if final == "forced" else (other,)
                specs.append(SectionSpec(reversed_, SectionKind.SET, LINE,
                                         (Schedule(sides, final, other),), 1))
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE,
                                     tuple(schedules) if stip.intro else _exact(stip, schedules),
                                     intro=stip.intro))
        elif stip.play in HELP_FINALS:
            first, half_moves = help_length(stip)
            final = HELP_FINALS[stip.play]
            early = final != "goal"   # hs#, hr#: the end met before the last move stops the line
            if problem.has_option("SetPlay") and half_moves > 1:  # (hs#1: Popeye has none)
                specs.append(SectionSpec(reversed_, SectionKind.SET, LINE,
                                         tuple(replace(s, ends_early=early) for s in
                                               _exact(stip, help_schedules(-first * flip, half_moves - 1, final))),
                                         2 if stip.half else 1))
            schedules = tuple(replace(s, ends_early=early)
                              for s in _exact(stip, help_schedules(first * flip, half_moves, final)))
            if final == REFLEX:
                schedules = (replace(schedules[0], show_forced=True), *schedules[1:])
            specs.append(SectionSpec(reversed_, SectionKind.PLAY, LINE, schedules,
                                     1 if stip.half and not stip.from_mover else 0))
        elif problem.has_option("PostKeyPlay") or stip.postkey:
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
    if twin.illegal is not None:
        phase = Phase(reversed=False)
        twin.phases.append(phase)
        observer.phase_end(phase)
        return False
    specs = plan(problem)
    rules = rules_for(problem)
    try:
        for spec in specs:
            if spec.kind == SectionKind.SET and king_capturable(problem, spec, rules):
                continue  # no set play where the defender could take the king
            if phase is None or phase.reversed != spec.reversed:
                if phase is not None:
                    observer.phase_end(phase)
                phase = Phase(reversed=spec.reversed)
                twin.phases.append(phase)
            section = Section(spec.kind, spec.layout, skipped=spec.skipped, intro=spec.intro,
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
        if executor is not None and spec.kind == SectionKind.PLAY and _shareable(problem, spec):
            return _run_parallel(problem, spec, section, budget, executor)
        return run_section(problem, spec, section, budget, on_found=found)
    finally:
        sort_siblings(section.nodes)
        # The items found come in print order, so those not yet told are the rest.
        for item in section_items(section)[reported:]:
            observer.found(section, item)
        observer.section_end(section)


KING_CAPTURE = "king_capture"  # TwinSolution.illegal: the side to move can take the king


def first_mover(spec: SectionSpec) -> int:
    """The side that plays the first move of a section."""
    if spec.layout == LINE:
        return spec.schedules[0].first
    attacker = BLACK if spec.reversed else WHITE
    if spec.kind in (SectionKind.SET, SectionKind.POSTKEY):
        return -attacker
    return attacker


def illegal_reason(problem: Problem) -> str | None:
    """KING_CAPTURE when a section of the play would start with the first
    mover able to capture the king (Popeye refuses such a twin, "the side to
    play can capture the king", and solves the others: the searches assume
    the mover's opponent is not in check); set play alone is just left out."""
    if problem.stipulation.play == "proof":
        return None  # the diagram is the target: play starts from the game array
    rules = rules_for(problem)
    if rules.captures_kings and any(king_capturable(problem, spec, rules) for spec in plan(problem)
                                    if spec.kind != SectionKind.SET):
        return KING_CAPTURE
    return None


def king_capturable(problem: Problem, spec: SectionSpec, rules) -> bool:
    """Is the king of the side that does not play first in check, so that the
    first mover could capture it?"""
    side = first_mover(spec)
    pos = rules.position(problem, side)
    return rules.in_check(pos, -side)


def _shareable(problem: Problem, spec: SectionSpec) -> bool:
    """Can the section's first moves be shared among processes with the same
    result?  Not where lines of several lengths meet a limit on what is
    printed (MaxSolutions, StopOnShortSolutions): shorter lengths come first
    over all first moves, which a split by first move cannot keep."""
    if spec.schedules and spec.schedules[0].final == RECIPROCAL:
        return False  # a reciprocal end at the diagram would be found by every part
    if problem.stipulation.play in ("proof", "a=>b"):
        return False  # a proof game's first turns are the game array's, not the diagram's
    if problem.stipulation.goal in BUILT and search_goal(problem.stipulation).self_check:
        return False  # a first move may be a goal move that is no legal turn (not counted)
    return len(spec.schedules) <= 1 or not (problem.has_option("MaxSolutions")
                                            or problem.has_option("StopOnShortSolutions"))


def _battle(problem: Problem, spec: SectionSpec, budget: Budget):
    stip = problem.stipulation
    attacker = BLACK if spec.reversed else WHITE
    rules = rules_for(problem)
    pos = rules.position(problem, attacker)
    options = dict(threat_max=_int_option(problem, "Threat", None),
                   no_threat=problem.has_option("NoThreat"),
                   no_short_variations=problem.has_option("NoShortVariations"),
                   mates_in_1=problem.has_option("MatesIn1"),
                   quodlibet=problem.has_option("Quodlibet"))
    if stip.exact:
        from solver.search.exact import ExactBattle

        return ExactBattle(rules, pos, stip.play, search_goal(stip), budget, **options)
    nontrivial = nontrivial_setting(problem)
    if nontrivial is not None:
        allowance, trivial = nontrivial
        return NonTrivialBattle(rules, pos, stip.play, search_goal(stip), budget,
                                allowance=allowance, trivial=trivial, **options)
    return Battle(rules, pos, stip.play, search_goal(stip), budget, **options)


def run_section(problem: Problem, spec: SectionSpec, section: Section, budget: Budget,
                only: list[int] | None = None, on_found=None) -> bool:
    """Compute one section into `section.nodes` (what was found stays there
    when the time runs out); `only` restricts the first turns to those
    indices (in the order the rules generate them); `on_found` is called
    with each item as it is complete (`solver.output.stream`: a line, or a key
    with its tree), in print order.  Returns whether MaxSolutions stopped it."""
    stip = problem.stipulation
    if spec.layout == TREE:
        battle = _battle(problem, spec, budget)
        n = stip.moves
        if spec.kind == SectionKind.POSTKEY:
            # The diagram is the position after the key: the defender moves.
            battle.pos.set_side(-battle.pos.side)
            holder = Node(role=Role.KEY, turn=None)
            # the defences after which the attacker does not win are shown too
            # (Popeye prints them with 'refutes.')
            refutations = battle.refutations(n - 1, 1 << 30) if n > 1 or stip.play != "direct" else []
            try:
                battle.expand_defence(holder, n - 1, refutations or ())
            finally:  # each variation is added complete: a time limit keeps those found
                section.nodes.extend(holder.children)
                section.label = holder.label
            if battle.rules.in_check(battle.pos):
                section.label = CHECK_LABEL  # the key gave check: Popeye prints ' +'

        elif spec.kind == SectionKind.SET:
            battle.set_play(n, out=section.nodes, on_found=on_found,
                            threats=problem.has_option("Variation"))
        else:
            tries = problem.has_option("Try") or problem.has_option("Defence")  # Popeye: Defence n shows tries
            battle.solve(n, tries=tries,
                         max_refutations=_int_option(problem, "Defence", 1) if tries else 1,
                         variations=problem.has_option("Variation"),
                         out=section.nodes, only=only, on_key=on_found)
        return False
    max_solutions = _int_option(problem, "MaxSolutions", None)
    rules = rules_for(problem)
    proof = stip.play in ("proof", "a=>b")
    goal = None if proof else search_goal(stip)
    found = 0
    memo: dict = {}  # a proof game's failures, shared by its lengths
    for schedule in spec.schedules:
        left = None if max_solutions is None else max_solutions - found
        if proof:
            from solver.search.proofgame import proof_search

            search = proof_search(rules, problem, schedule, budget, left, memo)
        else:
            search = _line_search(problem, stip, rules, schedule, goal, budget, left)
        search.on_line = on_found
        nodes: list[Node] = []
        try:
            search.solve(out=nodes, only=only)
        finally:
            merge_lines(section.nodes, nodes)  # also what a time limit cut short
        found += search.solutions
        if max_solutions is not None and found >= max_solutions:
            return True
        if found and schedule is not spec.schedules[-1] and problem.has_option("StopOnShortSolutions"):
            return True  # Popeye stops after the length where short solutions turned up
    return False


def _line_search(problem, stip, rules, schedule, goal, budget, left):
    """The search of one schedule of help or series play."""
    # imported here: a direct or self problem does without it (start-up, issue 11)
    from solver.search.intelligent import intelligent_search

    pos = rules.position(problem, schedule.first)
    # Orthodox help and series mates: the intelligent search finds the
    # same lines far faster; it declines (None) what it does not handle.
    if schedule.final == RECIPROCAL:
        search = ReciprocalSearch(rules, pos, schedule, goal, goal_of(stip.reci_goal, stip.reci_target),
                                  budget, left)
    else:
        search = intelligent_search(rules, pos, schedule, goal, budget, left)
    if search is None:
        search = LineSearch(rules, pos, schedule, goal, budget, left)
    return search


def first_turn_count(problem: Problem, spec: SectionSpec) -> int:
    """How many first turns a section's search iterates over."""
    side = spec.schedules[0].first if spec.layout == LINE else (BLACK if spec.reversed else WHITE)
    rules = rules_for(problem)
    return len(rules.turns(rules.position(problem, side)))


def _solve_part(problem: Problem, spec: SectionSpec, index: int, deadline: float | None):
    """Worker: the section restricted to one first turn, by the problem's
    deadline (an absolute `time.time()`: the parent's, whenever the task starts)."""
    deep_enough()
    budget = Budget(deadline=deadline)
    section = Section(spec.kind, spec.layout, skipped=spec.skipped, intro=spec.intro)
    timed_out = False
    try:
        run_section(problem, spec, section, budget, only=[index])
    except TimeUp:
        timed_out = True
    return section.nodes, budget.nodes, timed_out


# Past the deadline, how long the parent still waits for the tasks that are
# running (each stops by the same deadline, and returns what it found).
PARALLEL_GRACE = 2.0


def _run_parallel(problem: Problem, spec: SectionSpec, section: Section, budget: Budget,
                  executor) -> bool:
    """The section's first turns shared among the executor's workers, all
    held to the one deadline of the problem: past it the tasks not started
    are cancelled, those running get `PARALLEL_GRACE` seconds to return what
    they found, and the parts that came back are kept, in order."""
    from concurrent.futures import wait

    count = first_turn_count(problem, spec)
    futures = [executor.submit(_solve_part, problem, spec, i, budget.deadline) for i in range(count)]
    timed_out = False
    if budget.deadline is None:
        wait(futures)
    else:
        wait(futures, timeout=budget.remaining())
        if not all(f.done() for f in futures):
            timed_out = True
            for future in futures:
                future.cancel()
            wait(futures, timeout=PARALLEL_GRACE)
    for future in futures:
        if not future.done() or future.cancelled():
            timed_out = True
            continue
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


def _exact(stip: Stipulation, schedules) -> tuple[Schedule, ...]:
    """The schedules of line play, shortest first; under `exact-` the
    longest alone (Popeye's minimum length is then the length itself)."""
    schedules = tuple(schedules)
    return schedules[-1:] if stip.exact else schedules


def intro_schedules(intro: int, schedules) -> list[Schedule]:
    """The series play of `schedules` after 1 to `intro` series moves of the
    other side (m->), shortest first as Popeye prints them."""
    other = -schedules[0].sides[0]
    combined = [((other,) * k + s.sides, s) for k in range(1, intro + 1) for s in schedules]
    combined.sort(key=lambda pair: len(pair[0]))   # a stable sort: fewer intro moves first
    return [replace(s, sides=sides, plain_start=len(sides) - len(s.sides)) for sides, s in combined]


def reciprocal_schedules(stip: Stipulation, flip: int = 1) -> tuple[Schedule, ...]:
    """The moves before a reciprocal end (reci-h, ser-reci-h), shortest first,
    as Popeye's branches before its end: reci-h n is help play of 2n-2
    half-moves (2n-1 for n.5, White first) and its shorter forms down to
    none (one for n.5); ser-reci-h n is n-1 Black series moves and its
    shorter forms down to one (none for n = 1: then it is reci-h 1);
    `exact-` keeps the longest alone.  The end is Black's to play."""
    end = BLACK * flip
    if stip.series:
        longest = stip.moves - 1
        lengths = range(min(1, longest) if not stip.exact else longest, longest + 1)
        sides = [(end,) * n for n in lengths]
    else:
        longest = 2 * stip.moves - 2 + (1 if stip.half else 0)
        lengths = range(longest if stip.exact else longest % 2, longest + 1, 2)
        sides = [tuple(end if (n - k) % 2 == 0 else -end for k in range(n)) for n in lengths]
    return tuple(Schedule(s, RECIPROCAL, end) for s in sides)


# help play (not series) by its end: h#n's goal move, hs#n's forced end, hr#n's reflex end
HELP_FINALS = {"help": "goal", "help-self": FORCED, "help-reflex": REFLEX}


def help_length(stip: Stipulation) -> tuple[int, int]:
    """(side that starts, number of half-moves) of the help play of h#n, h#n.5,
    hs#n and hr#n (the last two end in the other side's move: one half-move
    less).  (Popeye's WhiteToPlay has already turned h#n into h#(n-1).5.)"""
    if stip.play in ("help-self", "help-reflex"):
        return (BLACK, 2 * stip.moves) if stip.half else (WHITE, 2 * stip.moves - 1)
    if stip.half:
        return WHITE, 2 * stip.moves + 1
    return BLACK, 2 * stip.moves


__all__ = ["solve_problem", "SolveResult", "Unsupported", "unsupported_reason", "plan", "run_section"]
