"""The solution tree as JSON data, for other tools to build on.

The schema (documented in README.md, "JSON output") is the tree of `solver.model.tree` spelled
out with plain types: every key is always present (null or empty when it does
not apply), so consumers need no guessing. Moves are given both as Popeye's
English notation and as squares. `SCHEMA_VERSION` changes only when a key
changes meaning or disappears; added keys keep it.

`twins_from_json` reads the `twins` part back into trees: the JSON holds the
whole solution, nothing is only in the text output.
"""

from __future__ import annotations

from typing import Any

from solver.model.problem import BLACK, NEUTRAL, WHITE, Problem
from solver.output.notation import move_text, turn_text
from solver.model.tree import Component, Effect, Node, Phase, Role, RunInfo, Section, SectionKind, Turn, TwinSolution

SCHEMA_VERSION = 1


def component_json(c: Component) -> dict[str, Any]:
    """A move (`neutral`: the moving piece is neutral); `attributes` (the mover's) and `effects` only where there are
    any: each effect {"square", "before", "after"}, a piece being
    {"color", "piece", "attributes"} or null for an empty square."""
    out = {"piece": c.kind, "from": c.frm, "to": c.to, "capture": c.capture,
           "promotion": c.promotion, "castling": c.castling, "en_passant": c.en_passant,
           "exchange": c.exchange, "captured": c.captured, "neutral": c.neutral}
    if c.via:
        out["via"] = c.via
    if c.attributes:
        out["attributes"] = list(c.attributes)
    if c.budget:   # BGL: the budgets left after the move (White's, Black's; or the shared one)
        out["budget"] = dict(zip(("white", "black"), c.budget)) if len(c.budget) == 2 \
            else {"shared": c.budget[0]}
    if c.imitators:   # Imitator: the imitators' squares after the move, in Popeye's order
        out["imitators"] = list(c.imitators)
    if c.half_neutral:   # HalfNeutral: the mover's phase after the move ('neutral', 'white', 'black')
        out["half_neutral"] = c.half_neutral
    if c.effects:
        out["effects"] = [{"square": e.square, "before": _effect_piece(e.before),
                           "after": _effect_piece(e.after)} for e in c.effects]
    return out


def _effect_piece(p) -> dict[str, Any] | None:
    return None if p is None else {"color": p[0], "piece": p[1], "attributes": list(p[2])}


def _piece_back(d) -> tuple | None:
    return None if d is None else (d["color"], d["piece"], tuple(d["attributes"]))


def node_json(node: Node) -> dict[str, Any]:
    turn = node.turn
    return {
        "role": node.role.value,
        "side": node.side,
        "move": move_text(turn, "en") if turn else None,
        "text": turn_text(turn, "en") if turn else None,
        "components": [component_json(c) for c in turn.components] if turn else [],
        "mark": turn.mark if turn else "",
        "check": turn.check if turn else False,
        "mate": turn.mate if turn else False,
        "stalemate": turn.stalemate if turn else False,
        "label": node.label,
        "children": [node_json(child) for child in node.children],
        # the effects of the pass before a threat (LostPieces), only where there are any
        **({"passed": [{"square": e.square, "before": _effect_piece(e.before),
                        "after": _effect_piece(e.after)} for e in node.passed]} if node.passed else {}),
    }


def section_json(section: Section) -> dict[str, Any]:
    return {"kind": section.kind.value, "layout": section.layout, "skipped": section.skipped,
            "intro": section.intro, "label": section.label, "nodes": [node_json(n) for n in section.nodes]}


def twin_json(twin: TwinSolution) -> dict[str, Any]:
    return {
        "label": twin.label,
        "description": twin.description,
        "continued": twin.continued,
        "zero_position": twin.zero_position,
        "illegal": twin.illegal,
        "phases": [{"reversed": phase.reversed, "sections": [section_json(s) for s in phase.sections]}
                   for phase in twin.phases],
    }


def problem_json(problem: Problem) -> dict[str, Any]:
    pieces: dict[str, list[str]] = {WHITE: [], BLACK: [], NEUTRAL: []}
    for p in problem.pieces:
        pieces.setdefault(p.color, []).append(p.kind + p.square)
    stip = problem.stipulation
    return {
        "authors": list(problem.authors),
        "origin": problem.origin,
        "title": problem.title,
        "award": problem.award,
        "remark": problem.remark,
        "source": problem.source,
        "line": problem.line,
        "language": problem.language,
        "stipulation": {"text": stip.text, "play": stip.play, "goal": stip.goal, "target": stip.target,
                        "moves": stip.moves, "half": stip.half, "series": stip.series,
                        "exact": stip.exact, "reci_goal": stip.reci_goal, "reci_target": stip.reci_target,
                        "intro": stip.intro, "parry": stip.parry},
        "conditions": [{"name": c.name, "params": list(c.params)} for c in problem.conditions],
        "options": [{"name": o.name, "args": list(o.args)} for o in problem.options],
        "pieces": pieces,
    }


def meta_json(meta: RunInfo, version: str | None = None) -> dict[str, Any]:
    if version is None:
        from solver import __version__ as version
    return {"solver": "feerie", "version": version, "time_s": round(meta.time_s, 6),
            "nodes": meta.nodes, "timed_out": meta.timed_out, "cancelled": meta.cancelled,
            "out_of_memory": meta.out_of_memory, "status": meta.status}


def to_json(problem: Problem, twins: list[TwinSolution], meta: RunInfo, *,
            version: str | None = None) -> dict[str, Any]:
    """One solved problem as a JSON-ready dict (see README.md, "JSON output")."""
    return {"schema": SCHEMA_VERSION, "problem": problem_json(problem),
            "meta": meta_json(meta, version), "twins": [twin_json(t) for t in twins]}


def document(results: list[dict[str, Any]], *, version: str | None = None) -> dict[str, Any]:
    """Several `to_json` results as one document (what `--format json` prints for a file)."""
    if version is None:
        from solver import __version__ as version
    return {"schema": SCHEMA_VERSION, "solver": "feerie", "version": version, "problems": results}


# --- JSON Lines: the events of a solve as they happen ----------------------------

def line_json(path) -> list[dict[str, Any]]:
    """A line of line play: its moves as NODEs without children."""
    return [dict(node_json(n), children=[]) for n in path]


class JsonLinesStream:
    """An observer (`solver.output.stream.Observer`) writing one JSON object per
    line as the solve goes (`--format jsonl`; the events are described in
    README.md, "JSON Lines").  `write(text)` receives each line with its
    newline."""

    def __init__(self, write, *, version: str | None = None) -> None:
        import json

        self._dumps = json.dumps
        self.write = write
        self.version = version
        self._phase: Any = None
        self._phases = -1

    def emit(self, event: str, **fields: Any) -> None:
        self.write(self._dumps({"event": event, **fields}) + "\n")

    def problem_start(self, problem: Problem) -> None:
        self.emit("problem", schema=SCHEMA_VERSION, problem=problem_json(problem))

    def twin_start(self, twin: TwinSolution) -> None:
        self._phase, self._phases = None, -1
        self.emit("twin", label=twin.label, description=twin.description, continued=twin.continued,
                  zero_position=twin.zero_position, illegal=twin.illegal)

    def section_start(self, phase: Phase, section: Section) -> None:
        if phase is not self._phase:
            self._phase, self._phases = phase, self._phases + 1
        self.emit("section", phase=self._phases, reversed=phase.reversed, kind=section.kind.value,
                  layout=section.layout, skipped=section.skipped, intro=section.intro)

    def found(self, section: Section, item) -> None:
        if isinstance(item, Node):
            self.emit("node", node=node_json(item))
        else:
            self.emit("line", moves=line_json(item))

    def section_end(self, section: Section) -> None:
        from solver.output.stream import streamed

        self.emit("section_end", label=section.label,
                  nodes=[] if streamed(section) else [node_json(n) for n in section.nodes])

    def phase_end(self, phase: Phase) -> None:
        pass

    def twin_end(self, twin: TwinSolution) -> None:
        self.emit("twin_end")

    def problem_end(self, problem: Problem, twins, info: RunInfo) -> None:
        self.emit("problem_end", meta=meta_json(info, self.version))

    def error(self, error: dict[str, Any], problem: Problem | None) -> None:
        """A problem that could not be read or solved (no other event for it)."""
        self.emit("error", schema=SCHEMA_VERSION, error=error,
                  problem=problem_json(problem) if problem else None)


def twins_from_events(events: list[dict[str, Any]]) -> list[TwinSolution]:
    """The trees of one problem's `--format jsonl` events (from its
    "problem" event to its "problem_end"), as `twins_from_json` reads them
    from the document form: what a consumer of the stream can rebuild."""
    twins: list[TwinSolution] = []
    section = None
    for e in events:
        kind = e["event"]
        if kind == "twin":
            twins.append(TwinSolution([], label=e["label"], description=e["description"],
                                      continued=e["continued"], zero_position=e["zero_position"],
                                      illegal=e.get("illegal")))
        elif kind == "section":
            phases = twins[-1].phases
            if len(phases) <= e["phase"]:
                phases.append(Phase([], reversed=e["reversed"]))
            section = Section(SectionKind(e["kind"]), e["layout"], skipped=e["skipped"],
                              intro=e.get("intro", 0))
            phases[e["phase"]].sections.append(section)
        elif kind == "node":
            section.nodes.append(_node(e["node"]))
        elif kind == "line":
            _add_line(section.nodes, [_node(m) for m in e["moves"]])
        elif kind == "section_end":
            section.label = e["label"]
            section.nodes.extend(_node(n) for n in e["nodes"])
    return twins


def _add_line(nodes: list[Node], path: list[Node]) -> None:
    """Put a line into a trie, sharing the beginning it has with the lines
    there (a last move is never shared: it ends its own line)."""
    head, rest = path[0], path[1:]
    if rest:
        for node in nodes:
            if node.children and node.turn == head.turn and node.side == head.side:
                _add_line(node.children, rest)
                return
        nodes.append(head)
        _add_line(head.children, rest)
    else:
        nodes.append(head)


# --- reading it back -----------------------------------------------------------

def _component(d: dict[str, Any]) -> Component:
    return Component(d["piece"], d["from"], d["to"], capture=d["capture"], promotion=d["promotion"],
                     castling=d["castling"], en_passant=d["en_passant"], exchange=d["exchange"],
                     captured=d.get("captured"), neutral=d.get("neutral", False), via=d.get("via"),
                     attributes=tuple(d.get("attributes", ())),
                     budget=_budget_back(d.get("budget")),
                     imitators=tuple(d.get("imitators", ())),
                     half_neutral=d.get("half_neutral"),
                     effects=tuple(Effect(e["square"], _piece_back(e["before"]),
                                          _piece_back(e["after"])) for e in d.get("effects", ())))


def _budget_back(d) -> tuple[str, ...]:
    if not d:
        return ()
    return (d["shared"],) if "shared" in d else (d["white"], d["black"])


def _node(d: dict[str, Any]) -> Node:
    turn = Turn(tuple(_component(c) for c in d["components"]), d["mark"]) if d["components"] else None
    return Node(Role(d["role"]), turn, [_node(c) for c in d["children"]], label=d["label"], side=d["side"],
                passed=tuple(Effect(e["square"], _piece_back(e["before"]), _piece_back(e["after"]))
                             for e in d.get("passed", ())))


def twins_from_json(twins: list[dict[str, Any]]) -> list[TwinSolution]:
    """The trees of a `to_json(...)["twins"]` list."""
    result = []
    for t in twins:
        phases = [Phase([Section(SectionKind(s["kind"]), s["layout"], [_node(n) for n in s["nodes"]],
                                 skipped=s["skipped"], intro=s.get("intro", 0), label=s["label"])
                         for s in p["sections"]],
                        reversed=p["reversed"]) for p in t["phases"]]
        result.append(TwinSolution(phases, label=t["label"], description=t["description"],
                                   continued=t["continued"], zero_position=t["zero_position"],
                                   illegal=t.get("illegal")))
    return result


__all__ = ["SCHEMA_VERSION", "JsonLinesStream", "document", "line_json", "node_json", "problem_json",
           "to_json", "twin_json", "twins_from_events", "twins_from_json"]
