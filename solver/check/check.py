"""The composition checker: is a problem sound, and if not, what is the evidence?

One verdict per twin, the problem's verdict being the gravest of its twins'
(order of `SEVERITY`).  How each is decided (docs/checking.md says the same
for users):

- `unsupported`: feerie cannot solve the twin (names the condition, option,
  stipulation or piece); `illegal_position`: the diagram fails the tests of
  `solver.check.legality`; `error`: the statement or its intended solution cannot
  be read.
- What counts as a solution: in direct, self and reflex play a key (tries,
  set play and threats are not solutions); in help and series play a line.
  A Marseillais turn A,B and B,A are two different turns, hence two solutions
  when the rest agrees: counts come from the solver.
- Duals are information, never a verdict.  Tree play: after a defence (or
  in the threat) the attacker has more than one shortest continuation.
  Line play: a line that differs from another (an intended one, when lines
  are given) in exactly one turn, that turn not being the same components
  in another order.  Such lines form one solution with its duals.
- With intended lines (the statement's `intended:`, or `--expected FILE`):
  every intended line must play to the goal (else `intended_missing`, with
  the move where it fails and why: illegal, refuted by a defence, does not
  mate...), and every solution found must be intended: another key, or
  another line that is not a dual of an intended line, is a cook.
- Without intended lines: the stated number of solutions per twin (the
  native `solutions:` field, or a remark such as '2 solutions' or
  '2.1.1.1'); with none stated, exactly one key or one solution (for Duplex,
  one in each half).  More is `cooked` (each one listed), none is
  `no_solution`, fewer than stated is `intended_missing` (no move to show).
- `short_solution`: the twin can be solved in fewer moves than stated.
  Direct, self, reflex play #n: the stipulation in n-1 has a key (keys
  "within n-1" include the shorter ones); help and series play: any of the
  shorter lengths k = 1..n-1 (h#n.5: 0.5..n-0.5) has a solution.  One-move
  stipulations cannot be short.
- `timeout`: the time ran out before the answer was certain; found
  solutions are listed.  What is certain already stands: a cook or a short
  solution found before the limit is reported as such.

The checker solves each twin with the options that matter for soundness
(Duplex, HalfDuplex, conditions...) and drops those that only print more
(Try, SetPlay) or stop early (MaxSolutions, StopOnShortSolutions); it adds
Variation in tree play so that duals can be seen.  In line play the solver
finds the shorter solutions itself (Popeye prints them), so `short()` reads
them from the solution instead of solving again.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, field, replace

from solver.search.battle import Battle
from solver.search.exact import ExactBattle
from solver.search.hidden_goal import search_goal
from solver.engine.board import BLACK, WHITE
from solver.base.budget import Budget, TimeUp
from solver.base.errors import InputError
from solver.check.intended import Intent, IntendedLine, TwinIntent, intent_of, item_key, item_text, turn_key
from solver.check.legality import illegal_reasons
from solver.model.problem import Option, Problem
from solver.model.tree import LINE, TREE, Node, Role, SectionKind, Turn, TwinSolution, solution_lines
from solver.search.helpplay import FORCED, MOVE_ENDS, REFLEX

SOUND = "sound"
COOKED = "cooked"
SHORT = "short_solution"
NO_SOLUTION = "no_solution"
INTENDED_MISSING = "intended_missing"
ILLEGAL = "illegal_position"
UNSUPPORTED = "unsupported"
TIMEOUT = "timeout"
ERROR = "error"

# Gravest first: a problem's verdict is the first of its twins' verdicts in this order.
SEVERITY = (ERROR, ILLEGAL, UNSUPPORTED, INTENDED_MISSING, SHORT, COOKED, NO_SOLUTION, TIMEOUT, SOUND)
VERDICTS = frozenset(SEVERITY)

_DROPPED_OPTIONS = {"Try", "SetPlay", "MaxSolutions", "Defence", "NoThreat", "StopOnShortSolutions"}


@dataclass(frozen=True)
class Failure:
    """Where an intended line stops working: `move` numbered as in a
    solution ('1.Rg5-f5', '2...Kd4'), `reason` in words."""

    line: str
    move: str
    reason: str
    certain: bool = True

    def text(self) -> str:
        return f"{self.line}: fails at {self.move}: {self.reason}"


@dataclass(frozen=True)
class TwinVerdict:
    label: str | None
    verdict: str
    evidence: tuple[str, ...] = ()
    info: tuple[str, ...] = ()
    solutions: tuple[str, ...] = ()   # what was found, one text per key or line
    solution_count: int = 0           # the solver's count: keys, or lines
    failures: tuple[Failure, ...] = ()


@dataclass(frozen=True)
class ProblemVerdict:
    """The check of one problem: its twins' verdicts and what it cost."""

    verdict: str
    twins: tuple[TwinVerdict, ...]
    source: str | None = None
    line: int | None = None
    index: int | None = None
    title: str = ""
    stipulation: str = ""
    seconds: float = 0.0
    nodes: int = 0

    @property
    def sound(self) -> bool:
        return self.verdict == SOUND

    @property
    def solution_count(self) -> int:
        return sum(t.solution_count for t in self.twins)

    def evidence_text(self) -> str:
        """All twins' evidence and information, one item a line."""
        lines = []
        for t in self.twins:
            label = f"{t.label} " if t.label else ""
            lines.extend(f"{label}{t.verdict}: {e}" if t.label else e for e in t.evidence)
            lines.extend(f"{label}info: {i}" for i in t.info)
        return "\n".join(lines)

    def to_dict(self) -> dict:
        return {
            "file": self.source, "line": self.line, "index": self.index, "title": self.title,
            "stipulation": self.stipulation, "verdict": self.verdict,
            "solutions": self.solution_count, "seconds": round(self.seconds, 3), "nodes": self.nodes,
            "twins": [asdict(t) for t in self.twins],
        }


def worst(verdicts) -> str:
    verdicts = set(verdicts)
    for v in SEVERITY:
        if v in verdicts:
            return v
    return SOUND


def caption(problem: Problem | None) -> str:
    """What names a problem in a report: its title, else authors and source."""
    if problem is None:
        return ""
    if problem.title:
        return problem.title.strip()
    parts = [", ".join(problem.authors)] if problem.authors else []
    if problem.origin:
        parts.append(problem.origin.strip())
    return ", ".join(p for p in parts if p)


# --- entry points -------------------------------------------------------------

def check_item(item, *, max_time: float | None = None, intent: Intent | None = None,
               index: int | None = None) -> ProblemVerdict:
    """Check a loaded item (a Problem, or a grammar.ProblemError)."""
    from grammar import ProblemError

    if isinstance(item, ProblemError):
        problem = item.problem
        verdict = UNSUPPORTED if item.unsupported else ERROR
        err = item.error
        message = err.message
        if problem is None and err.line is not None:
            message = f"line {err.line}" + (f", column {err.column}" if err.column else "") + f": {message}"
        return ProblemVerdict(verdict, (TwinVerdict(None, verdict, (message,)),),
                              err.file or (problem.source if problem else None),
                              problem.line if problem is not None else None,
                              index if index is not None else item.index, caption(problem),
                              problem.stipulation.text if problem else "")
    return check_problem(item, max_time=max_time, intent=intent, index=index)


def check_problem(problem: Problem, *, max_time: float | None = None, intent: Intent | None = None,
                  index: int | None = None) -> ProblemVerdict:
    """Check every twin of a problem against `intent` (default: what the
    statement says); `max_time` caps the whole problem."""
    clock = _Clock(max_time, _option_time(problem))

    def judge(i, inst, twin_intent, intent):
        return _check_twin(inst.problem, inst.label, twin_intent, intent.count, clock)

    return _check_twins(problem, intent, index, clock, judge)


def _check_twins(problem: Problem, intent: Intent | None, index: int | None, clock: "_Clock",
                 judge) -> ProblemVerdict:
    """The problem's verdict from `judge(i, twin instance, its intent, the
    problem's intent)` of each twin (None: no verdict for that twin); a
    problem whose twins cannot be expanded is an error."""
    from solver.model.twins import TwinError, expand_twins

    base = dict(source=problem.source, line=problem.line, index=index, title=caption(problem),
                stipulation=problem.stipulation.text)
    try:
        if intent is None:
            intent = intent_of(problem)
        instances = expand_twins(problem)
        intents = _assign(intent, instances)
        twins = [v for i, (inst, twin_intent) in enumerate(zip(instances, intents))
                 if (v := judge(i, inst, twin_intent, intent)) is not None]
    except (InputError, TwinError) as err:
        message = err.format() if isinstance(err, InputError) else str(err)
        return ProblemVerdict(ERROR, (TwinVerdict(None, ERROR, (message,)),),
                              seconds=clock.elapsed(), nodes=clock.nodes, **base)
    return ProblemVerdict(worst(t.verdict for t in twins), tuple(twins),
                          seconds=clock.elapsed(), nodes=clock.nodes, **base)


# --- time --------------------------------------------------------------------------

class _Clock:
    """One deadline for everything a problem's check solves."""

    def __init__(self, max_time: float | None, option_time: int | None) -> None:
        if option_time is not None:
            max_time = option_time if max_time is None else min(max_time, option_time)
        self.started = time.perf_counter()
        self.deadline = None if max_time is None else self.started + max_time
        self.nodes = 0

    def remaining(self) -> float | None:
        if self.deadline is None:
            return None
        return max(0.0, self.deadline - time.perf_counter())

    def budget(self) -> Budget:
        return Budget(self.remaining())

    def elapsed(self) -> float:
        return time.perf_counter() - self.started


def _option_time(problem: Problem) -> int | None:
    opt = problem.option("MaxTime")
    if opt is None or not opt.args:
        return None
    try:
        return int(opt.args[0])
    except ValueError:
        return None


# --- intended lines to twins --------------------------------------------------------

def _bare(label: str | None) -> str | None:
    return label.lstrip("+") if label else label


def _assign(intent: Intent, instances) -> list[TwinIntent]:
    """Each twin's intent: lines keyed by its index or label; unlabelled lines
    go to the first twin where all their moves can be played."""
    out: list[TwinIntent] = []
    for i, inst in enumerate(instances):
        got = intent.by_twin.get(i)
        if got is None:
            got = intent.by_twin.get(_bare(inst.label))
        if got is None and inst.label is None:
            got = intent.by_twin.get(None)
        out.append(got or TwinIntent())
    known = {i for i, _ in enumerate(instances)} | {_bare(inst.label) for inst in instances}
    for key in intent.by_twin:
        if key not in known and key is not None:
            raise InputError(f"intended solution for twin {key}, which the problem does not have")
    for line in intent.unassigned:
        target = 0
        if len(instances) > 1:
            for i, inst in enumerate(instances):
                if _playable(inst.problem, line):
                    target = i
                    break
        current = out[target]
        out[target] = TwinIntent(current.lines + (line,), current.explicit)
    return out


def _playable(problem: Problem, line: IntendedLine) -> bool:
    if problem.unsupported_features():
        return False
    for reversed_ in _phases(problem):
        try:
            if _replay(problem, line, reversed_).failed_at is None:
                return True
        except InputError:
            return False
    return False


# --- one twin ---------------------------------------------------------------------------

def _for_checking(problem: Problem, layout: str) -> Problem:
    options = tuple(o for o in problem.options if o.name not in _DROPPED_OPTIONS)
    if layout == TREE and not any(o.name == "Variation" for o in options):
        options += (Option("Variation"),)
    return replace(problem, options=options)


def _layout(problem: Problem) -> str:
    stip = problem.stipulation
    return LINE if stip.series or stip.play in ("help", "help-self", "help-reflex") else TREE


def _phases(problem: Problem) -> list[bool]:
    if problem.has_option("HalfDuplex"):
        return [True]
    if problem.has_option("Duplex"):
        return [False, True]
    return [False]


def _check_twin(problem: Problem, label: str | None, intent: TwinIntent, count: int | None,
                clock: _Clock) -> TwinVerdict:
    from solver.run.solve import Unsupported, solve_problem

    early = _before_solving(problem, label)
    if early is not None:
        return early
    layout = _layout(problem)
    checked = _for_checking(problem, layout)
    try:
        result = solve_problem(checked, max_time=clock.remaining())
    except Unsupported as err:
        return TwinVerdict(label, UNSUPPORTED, (str(err),))
    clock.nodes += result.info.nodes
    return _judge_twin(problem, label, intent, count, clock, result.twins[0], result.info,
                       sum(result.solution_counts))


def _self_check_goal(problem: Problem) -> bool:
    """Is the goal one whose last move may leave the mover in check (auto-,
    double and counter-mate: `Goal.self_check`)?"""
    from solver.search.goals import BUILT

    stip = problem.stipulation
    return stip.goal in BUILT and search_goal(stip).self_check


def _before_solving(problem: Problem, label: str | None) -> TwinVerdict | None:
    """The verdict a twin gets without solving it (unsupported, illegal), or None."""
    from solver.run.solve import unsupported_reason

    reason = unsupported_reason(problem)
    if reason is None and problem.has_option("PostKeyPlay"):
        reason = "option PostKeyPlay: the checker needs the problem with its key"
    elif reason is None and problem.has_option("NonTrivial"):
        # its proofs of the intended lines play without the option's pruning
        reason = "option NonTrivial is not supported by the checker yet (feerie solve solves it)"
    elif reason is None and problem.stipulation.postkey:
        reason = f"post-key play ({problem.stipulation.text}): the checker needs the problem with its key"
    elif reason is None and _self_check_goal(problem):
        # the intended last move is no legal turn (it leaves the mover in check): not matched yet
        reason = (f"stipulation {problem.stipulation.text}: the checker does not judge goals whose last"
                  " move leaves the mover in check yet (feerie solve solves them)")
    elif reason is None and problem.stipulation.play == "reciprocal-help":
        # a solution is a pair of lines (its two goals): counting and proving them is not built yet
        reason = f"stipulation {problem.stipulation.text}: the checker does not judge reciprocal play yet " \
                 "(feerie solve solves it)"
    elif reason is None and problem.stipulation.play in ("proof", "a=>b"):
        # its lines start from the game array (or the first diagram), not from the diagram it judges
        reason = f"stipulation {problem.stipulation.text}: the checker does not judge proof games yet " \
                 "(feerie solve solves them)"
    if reason:
        return TwinVerdict(label, UNSUPPORTED, (reason,))
    illegal = illegal_reasons(problem)
    if illegal:
        return TwinVerdict(label, ILLEGAL, tuple(illegal))
    return None


def _judge_twin(problem: Problem, label: str | None, intent: TwinIntent, count: int | None,
                clock: _Clock, twin: TwinSolution, info, solver_count: int) -> TwinVerdict:
    """The verdict of a twin from its solution (`info`: the run's RunInfo)."""
    layout = _layout(problem)
    # Out of memory leaves the verdict as open as a time limit does.
    judge = _Judge(problem, _for_checking(problem, layout), layout, twin,
                   info.timed_out or info.out_of_memory, clock)
    judge.limit = "memory exhausted" if info.out_of_memory else "time limit reached"
    return judge.verdict(label, intent, count, solver_count)


# Options under which a solve does not find every solution the checker needs.
_CUTTING_OPTIONS = ("MaxSolutions", "StopOnShortSolutions")


def unjudged_reason(problem: Problem) -> str | None:
    """Why a solve of `problem` as stated cannot give its verdict (`check_run`), or None."""
    for name in _CUTTING_OPTIONS:
        if problem.has_option(name):
            return f"option {name} stops the search before every solution is found"
    return None


def check_run(problem: Problem, result, *, max_time: float | None = None,
              index: int | None = None) -> ProblemVerdict:
    """The verdict of `problem` from a solve of it as stated (`result`, a
    SolveResult), so that `feerie serve` shows the solution and its verdict
    from one search.  The twins' solutions are judged as `check_problem`
    judges its own; what the judge solves besides (shorter stipulations,
    intended lines) shares the time left of `max_time`.  The caller makes
    sure first that `unjudged_reason(problem)` is None.  Tree play solved
    without option Variation has no variations to look for duals in: an
    information line says so."""
    clock = _Clock(max_time, _option_time(problem))
    clock.started -= result.info.time_s      # the solve's time counts as the check's
    if clock.deadline is not None:
        clock.deadline -= result.info.time_s
    clock.nodes = result.info.nodes

    def judge(i, inst, twin_intent, intent):
        if i >= min(len(result.twins), len(result.solution_counts)):
            return None
        verdict = _before_solving(inst.problem, inst.label) or _judge_twin(
            inst.problem, inst.label, twin_intent, intent.count, clock, result.twins[i], result.info,
            result.solution_counts[i])
        if (_layout(inst.problem) == TREE and inst.problem.stipulation.moves > 1
                and verdict.solutions and not inst.problem.has_option("Variation")):
            verdict = replace(verdict, info=verdict.info + (
                "duals not looked for: the solution was found without option Variation",))
        return verdict

    return _check_twins(problem, None, index, clock, judge)


@dataclass
class _Replay:
    """An intended line played on the board: the turn keys of the moves that
    could be played, and where (and why) it failed."""

    keys: list = field(default_factory=list)
    texts: list = field(default_factory=list)
    sides: list = field(default_factory=list)
    failed_at: int | None = None
    reason: str = ""
    certain: bool = True


def _name(side: int) -> str:
    return "white" if side == WHITE else "black"


def _sides_of(problem: Problem, reversed_: bool, length: int | None = None) -> tuple[list[int], str]:
    """Who plays each turn of a line (of `length` turns, when series play
    allows several lengths) in this phase, and how the line ends."""
    from solver.run.solve import plan

    for spec in plan(problem):
        if spec.kind is SectionKind.PLAY and spec.reversed == reversed_:
            if spec.layout == LINE:
                schedule = spec.schedules[-1]
                for candidate in spec.schedules:
                    if len(candidate.sides) + candidate.ends_with_move == length:
                        schedule = candidate
                return list(schedule.sides), schedule.final
            attacker = BLACK if reversed_ else WHITE
            n = problem.stipulation.moves
            return [attacker if i % 2 == 0 else -attacker for i in range(2 * n)], "tree"
    return [], "goal"


def _match(rules, pos, key, text: str | None = None, language: str = "en"):
    """The legal turn the intended item names.  Moves that differ only in an
    effect (a pawn reborn on its last rank promotes to Q, R, B or S: one move
    each, `Nb1*c3[+bPb1=R]`) share the key: then the one written as the item
    is taken, not the first."""
    from solver.output.notation import move_text

    found = [t for t in rules.turns(pos) if turn_key(rules.describe(pos, t)) == key]
    if len(found) > 1 and text is not None:
        written = text.split()[0] if text.split() else text
        for t in found:
            turn = Turn(rules.describe(pos, t))
            if written in (move_text(turn, language), move_text(turn, "en")):
                return t
    return found[0] if found else None


def _replay(problem: Problem, line: IntendedLine, reversed_: bool) -> _Replay:
    """Play a line's moves as far as they are legal (help and series play:
    the opponent passes between two series moves)."""
    from solver.output.notation import move_text
    from solver.conditions.registry import rules_for
    from solver.model.tree import Turn

    sides, final = _sides_of(problem, reversed_, len(line.turns))
    out = _Replay()
    if not sides:
        out.failed_at, out.reason = 0, "no such phase"
        return out
    rules = rules_for(problem)
    pos = rules.position(problem, sides[0])
    for i, item in enumerate(line.turns):
        if i < len(sides):
            side = sides[i]
        elif final in MOVE_ENDS and i == len(sides):
            side = -sides[-1]
        else:
            out.failed_at, out.reason = i, "the line is longer than the stipulation allows"
            return out
        if pos.side != side:
            pos.set_state(side, ())
        key = item_key(item, problem.language, _name(side))
        written = item if isinstance(item, str) else move_text(item, problem.language)
        turn = _match(rules, pos, key, written, problem.language)
        out.sides.append(side)
        out.texts.append(item_text(item))
        if turn is None:
            out.failed_at, out.reason = i, "not a legal move"
            return out
        out.texts[-1] = move_text(Turn(rules.describe(pos, turn)), problem.language)
        out.keys.append(key)
        rules.play(pos, turn)
    return out


def numbered(index: int, sides: list[int], skipped: int, text: str) -> str:
    """A move of a line with its number as a solution prints it ('2.Kh5-h6',
    '1...Qb8-h8'): the side that starts is numbered, the other gets '...'."""
    first = sides[0]
    marked = -first if skipped == 1 else first
    base = 1 if skipped == 0 else 2
    before = sum(1 for s in sides[:index] if s == marked)
    if sides[index] == marked:
        return f"{base + before}.{text}"
    return f"{base + before - 1}...{text}"


def _dual_of(a: tuple, b: tuple) -> bool:
    """Are two lines (of turn keys) one solution with a dual: the same but for
    the last turn, the one that reaches the goal (two mates, two promotions)?
    Two last turns made of the same components in another order (Marseillais
    A,B and B,A) are two solutions, not a dual."""
    return (len(a) == len(b) and a[:-1] == b[:-1] and a[-1] != b[-1]
            and sorted(a[-1]) != sorted(b[-1]))


class _Judge:
    """Compares one twin's solution with what is intended or stated."""

    def __init__(self, problem: Problem, checked: Problem, layout: str, twin: TwinSolution,
                 timed_out: bool, clock: _Clock) -> None:
        self.problem = problem
        self.checked = checked
        self.layout = layout
        self.twin = twin
        self.timed_out = timed_out
        self.limit = "time limit reached"  # what cut the search short, for the evidence
        self.clock = clock
        self.language = problem.language
        self.evidence: list[tuple[str, str]] = []  # (verdict it supports, text)
        self.info: list[str] = []
        self.flaws: set[str] = set()
        self.failures: list[Failure] = []
        self.uncertain = timed_out
        self.units: int | None = None  # solutions once duals are merged (line play, judged by count)
        self._battles: dict[bool, Battle] = {}
        # per phase: (reversed, skipped, [solution paths (tuples of Nodes)])
        self.found: list[tuple[bool, int, list[tuple[Node, ...]]]] = []
        # line play: the solver prints the shorter solutions too (as Popeye
        # does); they are judged apart: (moves of the shorter stipulation,
        # skipped, path), per phase as in `found`
        self.short_found: list[tuple[int, int, tuple[Node, ...]]] = []
        for phase in twin.phases:
            for section in phase.sections:
                if section.kind is not SectionKind.PLAY:
                    continue
                if layout == TREE:
                    paths = [(n,) for n in section.nodes if n.role is Role.KEY]
                else:
                    moves_of = _moves_by_length(problem, phase.reversed)
                    full = max(moves_of) if moves_of else None
                    paths = []
                    for path in solution_lines(section.nodes):
                        length = _play_length([n.side for n in path], problem.stipulation)
                        if full is None or length >= full:
                            paths.append(path)
                        else:
                            self.short_found.append((moves_of.get(length, 0), section.skipped, path))
                self.found.append((phase.reversed, section.skipped, paths))

    # -- texts --

    def solution_text(self, path: tuple[Node, ...], skipped: int) -> str:
        from solver.output.notation import turn_text
        from solver.output.popeye_writer import line_text

        if self.layout == TREE:
            return "1." + turn_text(path[0].turn, self.language) + " !"
        return " ".join(line_text(path, skipped, self.language, self.problem.stipulation.intro).split())

    def all_solutions(self) -> list[str]:
        return [self.solution_text(p, skipped) for _, skipped, paths in self.found for p in paths]

    @staticmethod
    def keys_of(path: tuple[Node, ...]) -> tuple:
        return tuple(turn_key(n.turn.components) for n in path)

    # -- the verdict --

    def verdict(self, label: str | None, intent: TwinIntent, count: int | None,
                solver_count: int) -> TwinVerdict:
        duals_done = False
        if intent.given:
            duals_done = self.against_intent(intent)
        else:
            duals_done = self.against_count(count)
        if not duals_done:
            self.tree_duals(None)
        self.short()
        solutions = tuple(self.all_solutions())
        if self.flaws:
            verdict = worst(self.flaws)
        elif self.uncertain:
            verdict = TIMEOUT
        else:
            verdict = SOUND
            self.note(SOUND, self.describe_sound(solutions))
        if self.timed_out:
            self.note(TIMEOUT, f"{self.limit} after {self.clock.elapsed():.1f} s; found by then: "
                                 + (listed(solutions) if solutions else "nothing"))
        order = {v: i for i, v in enumerate(SEVERITY)}
        evidence = tuple(t for _, t in sorted(self.evidence, key=lambda e: order[e[0]]))
        return TwinVerdict(label, verdict, evidence, tuple(self.info), solutions,
                           solver_count, tuple(self.failures))

    def describe_sound(self, solutions: tuple[str, ...]) -> str:
        if self.layout == TREE:
            return ("key " if len(solutions) == 1 else "keys ") + listed(solutions)
        n = self.units if self.units is not None else len(solutions)
        noun = "solution" if n == 1 else "solutions"
        lines = f" ({len(solutions)} lines)" if len(solutions) != n else ""
        return f"{n} {noun}{lines}: " + listed(solutions)

    # -- with intended lines --

    def against_intent(self, intent: TwinIntent) -> bool:
        phases = sorted({r for r, _, _ in self.found}) or [False]
        intended: dict[bool, list[tuple]] = {r: [] for r in phases}
        if self.layout == TREE:
            self.verify_tree_lines(intent.lines, phases, intended)
        short_keys = {self.keys_of(p) for _, _, p in self.short_found}
        for line in intent.lines if self.layout == LINE else ():
            replay, reversed_ = self.best_replay(line, phases)
            if replay.failed_at is None and tuple(replay.keys) in short_keys:
                continue  # a short solution (Popeye prints them): judged by short()
            if self.verify_help_line(line, replay, reversed_):
                intended[reversed_].append(tuple(replay.keys))
        for reversed_, skipped, paths in self.found:
            wanted = set(intended.get(reversed_, []))
            for path in paths:
                sides, final = _sides_of(self.problem, reversed_, len(path))
                slots = len(sides) if final in MOVE_ENDS else None
                keys = self.keys_of(path)
                text = self.solution_text(path, skipped)
                if self.layout == TREE:
                    if keys[:1] not in wanted:
                        self.cook(f"key not intended: {text}")
                    continue
                if _intended(keys, wanted, slots):
                    continue
                if any(_dual_of(keys, w) for w in wanted):
                    self.info.append(f"dual in the last move: {text}")
                else:
                    self.cook(f"solution not intended: {text}")
        if self.layout == TREE:
            keys = {k[0] for r in intended.values() for k in r}
            self.tree_duals(keys)
        if not any(paths for _, _, paths in self.found) and not self.uncertain:
            if intent.lines:
                self.note(INTENDED_MISSING, "no solution found")
            else:
                self.flag(NO_SOLUTION, "no solution found")
        return True

    def move_at(self, path, i) -> str:
        from solver.output.notation import turn_text

        return turn_text(path[i].turn, self.language)

    def best_replay(self, line: IntendedLine, phases: list[bool]) -> tuple[_Replay, bool]:
        if line.reversed is not None:
            return _replay(self.problem, line, line.reversed), line.reversed
        best = None
        for reversed_ in phases:
            replay = _replay(self.problem, line, reversed_)
            done = len(line.turns) if replay.failed_at is None else replay.failed_at
            if best is None or done > best[0]:
                best = (done, replay, reversed_)
        return best[1], best[2]

    def fail(self, line: IntendedLine, replay: _Replay, index: int, reason: str, skipped: int = 0,
             certain: bool = True) -> None:
        text = replay.texts[index] if index < len(replay.texts) else item_text(line.turns[index])
        sides = list(replay.sides) or [WHITE]
        while len(sides) <= index:
            sides.append(-sides[-1])
        failure = Failure(line.text, numbered(index, sides, skipped, text), reason, certain)
        self.failures.append(failure)
        if certain:
            self.flag(INTENDED_MISSING, failure.text())
        else:
            self.uncertain = True
            self.note(TIMEOUT, failure.text() + " (search cut short: not certain)")

    def note(self, kind: str, text: str) -> None:
        self.evidence.append((kind, text))

    def flag(self, kind: str, text: str) -> None:
        self.flaws.add(kind)
        self.note(kind, text)

    def cook(self, message: str) -> None:
        self.flag(COOKED, message)

    def verify_help_line(self, line: IntendedLine, replay: _Replay, reversed_: bool) -> bool:
        """Does an intended line of help or series play work?  If not, say where it fails."""
        skipped = next((s for r, s, _ in self.found if r == reversed_), 0)
        if replay.failed_at is not None:
            self.fail(line, replay, replay.failed_at, replay.reason, skipped)
            return False
        keys = tuple(replay.keys)
        paths = next((p for r, _, p in self.found if r == reversed_), [])
        found = [self.keys_of(p) for p in paths]
        sides, final = _sides_of(self.problem, reversed_)
        slots = len(sides) if final in MOVE_ENDS else None
        if any(_intended(f, {keys}, slots) for f in found):
            return True
        if len(keys) < len(sides):
            self.fail(line, replay, len(keys) - 1, f"the line stops before the end "
                      f"({len(keys)} of {len(sides)} half-moves)", skipped)
            return False
        shared = min(max((_common(keys, f) for f in found), default=0), len(keys) - 1)
        if shared >= len(sides) - 1:
            reason = search_goal(self.problem.stipulation).missed
            if final == FORCED:
                reason = "the other side is not forced to reach the goal"
            elif final == REFLEX:
                reason = "the other side cannot reach the goal"
        else:
            reason = "no solution goes on from here"
        self.fail(line, replay, shared, reason, skipped, certain=not self.timed_out)
        return False

    def verify_tree_lines(self, lines, phases: list[bool], intended: dict) -> None:
        """Tree play: each intended key must be a key (else it fails there, with
        a refutation, once for all its lines); each intended variation must be
        playable and every continuation in it must still win in the moves left."""
        done: set = set()
        for line in lines:
            key_line = IntendedLine(line.turns[:1], "1." + item_text(line.turns[0]), line.twin, line.reversed)
            replay, reversed_ = self.best_replay(key_line, phases)
            if replay.failed_at is not None:
                if (reversed_, key_line.text) not in done:
                    done.add((reversed_, key_line.text))
                    self.fail(key_line, replay, 0, replay.reason)
                continue
            key = replay.keys[0]
            intended[reversed_].append((key,))
            paths = next((p for r, _, p in self.found if r == reversed_), [])
            if key not in {self.keys_of(p)[0] for p in paths}:
                if (reversed_, key) not in done:
                    done.add((reversed_, key))
                    self.prove(key_line, replay, reversed_, key_ok=False)
                continue
            if len(line.turns) == 1:
                continue
            replay = _replay(self.problem, line, reversed_)
            if replay.failed_at is not None:
                self.fail(line, replay, replay.failed_at, replay.reason)
            else:
                self.prove(line, replay, reversed_, key_ok=True)

    def prove(self, line: IntendedLine, replay: _Replay, reversed_: bool, key_ok: bool) -> None:
        try:
            self.prove_tree_line(line, replay, reversed_, key_ok)
        except TimeUp:
            self.uncertain = True
            self.note(TIMEOUT, f"{line.text}: not verified (time limit)")

    def battle(self, reversed_: bool) -> Battle:
        """One Battle per phase for every proof, so that its memo serves them all."""
        from solver.conditions.registry import rules_for

        if reversed_ not in self._battles:
            stip = self.problem.stipulation
            attacker = BLACK if reversed_ else WHITE
            rules = rules_for(self.problem)
            search = ExactBattle if stip.exact else Battle
            self._battles[reversed_] = search(rules, rules.position(self.problem, attacker),
                                              stip.play, search_goal(stip),
                                              self.clock.budget(),
                                              quodlibet=self.problem.has_option("Quodlibet"))
        return self._battles[reversed_]

    def prove_tree_line(self, line: IntendedLine, replay: _Replay, reversed_: bool, key_ok: bool) -> None:
        from solver.output.notation import move_text
        from solver.model.tree import Turn

        stip = self.problem.stipulation
        attacker = BLACK if reversed_ else WHITE
        battle = self.battle(reversed_)
        pos, rules = battle.pos, battle.rules
        n = stip.moves
        played = []
        nodes = battle.budget.nodes
        try:
            for i, key in enumerate(replay.keys):
                turn = _match(rules, pos, key)
                rules.play(pos, turn)
                played.append(turn)
                if i % 2:
                    continue
                left = n - i // 2
                if battle._direct and battle.goal_reached():
                    if i + 1 < len(replay.keys):
                        self.fail(line, replay, i + 1, "play is over: the move before reached the goal")
                        return
                    continue
                if i == 0 and key_ok:
                    continue
                if battle.turn_wins(left):
                    continue
                if battle._direct and left <= 1:
                    reason = battle.goal.missed
                else:
                    refs = battle.refutations(left - 1, 1)
                    if refs is None:
                        reason = "leaves the defender no move (stalemate)"
                    elif refs:
                        r = refs[0]
                        text = move_text(Turn(rules.describe(pos, r)), self.language)
                        reason = f"refuted by {numbered(i + 1, replay.sides + [-attacker], 0, text)}"
                    else:
                        reason = f"does not force the goal in {left}"
                self.fail(line, replay, i, reason)
                return
        finally:
            for turn in reversed(played):
                rules.undo(pos, turn)
            self.clock.nodes += battle.budget.nodes - nodes

    # -- without intended lines --

    def against_count(self, count: int | None) -> bool:
        units = []  # per phase: (reversed, number of solutions, solutions text)
        duals_done = False
        for reversed_, skipped, paths in self.found:
            if self.layout == TREE:
                units.append((reversed_, len(paths), [self.solution_text(p, skipped) for p in paths]))
                continue
            units.append((reversed_, self.families(paths, skipped),
                          [self.solution_text(p, skipped) for p in paths]))
            duals_done = True
        noun = "key" if self.layout == TREE else "solution"
        total = sum(u[1] for u in units)
        lines = sum(len(u[2]) for u in units)
        extra = f" ({lines} lines)" if lines != total else ""
        self.units = total
        if count is not None:
            if total > count:
                self.cook(f"{total} {noun}s{extra}, {count} stated: " + listed(t for u in units for t in u[2]))
            elif total == 0 and not self.uncertain:
                self.flag(NO_SOLUTION, f"no {noun} found ({count} stated)")
            elif total < count and not self.uncertain:
                self.flag(INTENDED_MISSING, f"{total} {noun}{'s' if total != 1 else ''} found, {count} stated")
            return duals_done
        for reversed_, number, texts in units:
            where = ""
            if len(units) > 1:
                where = " in the colours-reversed half" if reversed_ else " in the first half (Duplex)"
            if number > 1 and (self.layout == TREE or not self.uncertain):
                shown = f" ({len(texts)} lines)" if len(texts) != number else ""
                self.cook(f"{number} {noun}s{shown}{where}: " + listed(texts))
            elif number == 0 and not self.uncertain:
                self.flag(NO_SOLUTION, f"no {noun} found{where}")
        return duals_done

    def families(self, paths: list[tuple[Node, ...]], skipped: int) -> int:
        """How many solutions the lines make: lines that differ only in the
        last turn are one solution with duals (reported as information),
        unless the last turns are the same components in another order."""
        keys = [self.keys_of(p) for p in paths]
        groups: dict[tuple, list[int]] = {}
        for i, k in enumerate(keys):
            groups.setdefault(k[:-1], []).append(i)
        count = 0
        for members in groups.values():
            orders: dict[tuple, set] = {}
            for i in members:
                orders.setdefault(tuple(sorted(keys[i][-1])), set()).add(keys[i][-1])
            count += max(len(v) for v in orders.values())
            if len(orders) > 1:
                first = paths[members[0]]
                seen = {keys[members[0]][-1]}
                others = []
                for i in members[1:]:
                    if tuple(sorted(keys[i][-1])) != tuple(sorted(keys[members[0]][-1])) and keys[i][-1] not in seen:
                        others.append(self.move_at(paths[i], -1))
                        seen.add(keys[i][-1])
                self.info.append(f"dual in the last move: {self.solution_text(first, skipped)}, "
                                 f"or {' or '.join(others)}")
        return count

    # -- duals in tree play --

    def tree_duals(self, keys: set | None) -> None:
        if self.layout != TREE:
            return
        from solver.output.notation import turn_text

        def walk(node: Node, path: list[str], depth: int) -> None:
            threats = [c for c in node.children if c.role is Role.THREAT]
            here = " ".join(path)
            if len(threats) > 1:
                self.info.append(f"{len(threats)} threats after {here}: "
                                 + ", ".join(turn_text(t.turn, self.language) for t in threats))
            for var in node.children:
                if var.role is not Role.VARIATION:
                    continue
                vtext = f"{depth // 2 + 1}...{turn_text(var.turn, self.language)}"
                conts = [c for c in var.children if c.role is Role.CONTINUATION]
                if len(conts) > 1:
                    self.info.append(f"dual after {here} {vtext}: "
                                     + ", ".join(f"{depth // 2 + 2}.{turn_text(c.turn, self.language)}"
                                                 for c in conts))
                for c in conts:
                    walk(c, path + [vtext, f"{depth // 2 + 2}.{turn_text(c.turn, self.language)}"], depth + 2)

        for _, _, paths in self.found:
            for (node,) in paths:
                if keys is None or turn_key(node.turn.components) in keys:
                    walk(node, [f"1.{turn_text(node.turn, self.language)}"], 0)

    # -- short solutions --

    def short(self) -> None:
        stip = self.problem.stipulation
        lengths = shorter_lengths(stip, self.layout)
        if lengths and self.layout == LINE:
            # the solver has looked at every shorter length already, shortest first
            if self.short_found:
                moves = min(m for m, _, _ in self.short_found)
                found = [self.solution_text(p, s) for m, s, p in self.short_found if m == moves]
                self.flag(SHORT, f"short solution: {_shorter_text(stip, moves)} has " + listed(found))
            elif self.timed_out:
                self.uncertain = True
                self.note(TIMEOUT, "short solutions not ruled out: the search did not finish in time")
            return
        if not lengths or self.timed_out:
            if lengths and self.timed_out:
                self.uncertain = True
            return
        from solver.run.solve import solve_problem

        for moves in lengths:
            shorter = replace(stip, moves=moves, text=_shorter_text(stip, moves))
            problem = replace(self.checked, stipulation=shorter,
                              options=tuple(o for o in self.checked.options if o.name != "Variation"))
            remaining = self.clock.remaining()
            result = solve_problem(problem, max_time=remaining)
            self.clock.nodes += result.info.nodes
            found = [self.solution_text(p, s) for p, s in _solutions(result.twins[0], self.layout)]
            if found:
                self.flag(SHORT, f"short solution: {shorter.text} has " + listed(found))
                return
            if result.info.timed_out or result.info.out_of_memory:
                self.uncertain = True
                self.note(TIMEOUT, f"short solutions not ruled out: {shorter.text} not finished in time")
                return


LISTED = 20


def listed(texts) -> str:
    """Solutions joined for one line of evidence; past LISTED, a count (all
    of them are in the verdict's `solutions`, shown by --format json)."""
    texts = list(texts)
    shown = " | ".join(texts[:LISTED])
    if len(texts) > LISTED:
        shown += f" | ... and {len(texts) - LISTED} more"
    return shown


def n_side(node: Node) -> int:
    return WHITE if node.side == "white" else BLACK


def _intended(keys: tuple, wanted, slots: int | None = None) -> bool:
    """Is a found line one of the intended ones?  An intended line of
    help-self play (`slots`: the number of half-moves before the forced
    last move) may leave that move out."""
    return keys in wanted or (slots is not None and len(keys) == slots + 1
                              and any(len(w) == slots and keys[:slots] == w for w in wanted))


def _common(a: tuple, b: tuple) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n



def _solutions(twin: TwinSolution, layout: str):
    for phase in twin.phases:
        for section in phase.sections:
            if section.kind is not SectionKind.PLAY:
                continue
            if layout == TREE:
                for n in section.nodes:
                    if n.role is Role.KEY:
                        yield (n,), section.skipped
            else:
                for p in solution_lines(section.nodes):
                    yield p, section.skipped


def _moves_by_length(problem: Problem, reversed_: bool) -> dict[int, int]:
    """Line play: the half-moves of a line of each length the solver looks
    at (the forced last move of hs# and ser-s# counted), mapped to the
    stipulation's `moves` for that length (h#2.5: 1 -> 0, 3 -> 1, 5 -> 2)."""
    from solver.run.solve import plan

    intro = problem.stipulation.intro
    for spec in plan(problem):
        if spec.kind is SectionKind.PLAY and spec.reversed == reversed_ and spec.layout == LINE:
            # (after m-> introductory moves: the length of the play that follows them)
            lengths = sorted({len(sch.sides) - _intro_run(sch.sides, intro) + sch.ends_with_move
                              for sch in spec.schedules})
            n, m = problem.stipulation.moves, len(lengths)
            return {length: n - (m - 1 - j) for j, length in enumerate(lengths)}
    return {}


def _play_length(sides, stip) -> int:
    """The slots a line fills (`Schedule.sides`, with a forced end): its moves
    but the m-> introductory ones and the parries of a parry series (a move of
    the other side between two moves of the series, not the line's end)."""
    start = _intro_run(sides, stip.intro)
    length = len(sides) - start
    if stip.parry and start < len(sides):
        series = sides[start]
        length -= sum(1 for s in sides[start:-1] if s != series)
    return length


def _intro_run(sides, intro: int) -> int:
    """How many of a line's first moves (by their sides) are m-> introductory
    moves: the first run of one side's moves when the stipulation has them."""
    if not intro or not sides:
        return 0
    run = 1
    while run < len(sides) and sides[run] == sides[0]:
        run += 1
    return run


def shorter_lengths(stip, layout: str) -> list[int]:
    """The lengths (values of `moves`) a short solution is looked for in.
    Battle play: n-1 only (its keys include every shorter win); line play:
    each shorter length, shortest first; none under `exact-` (no shorter
    solution counts)."""
    n = stip.moves
    if stip.exact:
        return []
    if layout == TREE:
        return [n - 1] if n >= 2 else []
    low = 0 if stip.half and not stip.series else 1
    return list(range(low, n))


def _shorter_text(stip, moves: int) -> str:
    """The stipulation's text with `moves` for its length: only the length
    is replaced, not a goal's own digits ('h002' -> 'h001', 'zd83' -> 'zd82')."""
    half = ".5" if stip.half else ""
    length = f"{stip.moves}{half}"
    if stip.structured:   # Popeye's structured text ('Weiss 3a[#]d') counts half-moves
        return f"{stip.text} in {moves}{half}"
    if not stip.text.endswith(length):  # (written with leading zeros: 'h#02')
        import re

        return re.sub(r"\d+(\.5)?$", f"{moves}{half}", stip.text)
    return stip.text[:-len(length)] + f"{moves}{half}"


__all__ = ["SEVERITY", "VERDICTS", "Failure", "ProblemVerdict", "TwinVerdict", "caption", "check_item",
           "check_problem", "check_run", "unjudged_reason", "numbered", "shorter_lengths", "worst"]
