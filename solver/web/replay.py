"""Reading the page's problem and playing a line of its solution on the board.

A line is replayed with the rules feerie solves with (`rules_for`): each
move text is matched against the legal turns of the position
(`solver.check.intended`'s matching, as `feerie check` replays intended
lines), so that every condition replays as it is solved, its effects
included (a Messigny exchange, a Marseillais turn of two components).
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import BLACK, SQUARES, WHITE, square_name
from solver.model.problem import Problem
from solver.pieces.catalogue import BY_KIND

_SIDES = {"white": WHITE, "black": BLACK}


def read_problem(text: str, index: int = 0, *, unsupported: bool = False) -> Problem:
    """Problem number `index` (0: the first) of `text`, in any format `feerie
    solve` reads; InputError if there is none or it cannot be read (or, unless
    `unsupported`, if it uses what feerie cannot solve: exports take it)."""
    import grammar

    items = grammar.load(text, "<page>")
    if not 0 <= index < len(items):
        raise InputError("no problem found" if not items else f"no problem number {index + 1}", "<page>")
    first = items[index]
    if isinstance(first, grammar.ProblemError):
        if unsupported and first.problem is not None:
            return first.problem
        raise first.error
    return first


def diagram_pieces(problem: Problem) -> list[dict]:
    """The diagram's pieces as the page places them."""
    return [{"square": p.square, "colour": p.color, "kind": p.kind, "attributes": list(p.attributes)}
            for p in problem.pieces]


def board_of(pos) -> list[dict]:
    """The pieces standing in a position, as `diagram_pieces` gives them."""
    attrs = getattr(pos, "attrs", {})
    neutral = getattr(pos, "neutral", ())
    out = []
    for sq in SQUARES:
        code = pos.board[sq]
        if code:
            from solver.pieces.attributes import names_of

            colour = "neutral" if sq in neutral else "white" if code > 0 else "black"
            out.append({"square": square_name(sq), "colour": colour, "kind": BY_KIND[abs(code)].en,
                        "attributes": list(names_of(attrs.get(sq, 0)))})
    return out


def twin_labels(problem: Problem) -> list[str]:
    """What each twin solved is called, as Popeye prints it ('a)', 'b) wKh7-->g8');
    none without twins."""
    from solver.model.twins import TwinError, expand_twins

    try:
        instances = expand_twins(problem)
    except TwinError as err:
        raise InputError(str(err)) from None
    if len(instances) == 1 and instances[0].label is None:
        return []
    return [f"{inst.label} {inst.description}".strip() for inst in instances]


def twin_problem(problem: Problem, twin: int) -> Problem:
    """Twin number `twin` (0 = the first one solved) of the problem."""
    from solver.model.twins import TwinError, expand_twins

    try:
        instances = expand_twins(problem)
    except TwinError as err:
        raise InputError(str(err)) from None
    if not 0 <= twin < len(instances):
        raise InputError(f"no twin number {twin} (the problem has {len(instances)})")
    return instances[twin].problem


def _turn_for(rules, pos, text: str, side: int):
    """The legal turn of `side` that `text` (English notation) stands for, or None."""
    from solver.check.intended import turn_key, turn_of_text
    from solver.output.notation import NotationError

    if pos.side != side:
        pos.set_state(side, ())  # the other side passes (series play, a threat after a key)
    try:
        key = turn_key(turn_of_text(text, "en", "white" if side == WHITE else "black").components)
    except NotationError:
        raise InputError(f"cannot read the move {text!r}") from None
    for turn in rules.turns(pos):
        if turn_key(rules.describe(pos, turn)) == key:
            return turn
    return None


def replay(problem: Problem, moves: list[str], sides: list[str] | None = None) -> dict:
    """The boards of a line: the diagram, then the board after each move with
    the squares it used.  `sides` ('white'/'black' per move) say who plays
    each move; without them the side to move plays, or else the other one.
    A move that cannot be played ends the line with an `error`."""
    from solver.conditions.registry import rules_for
    from solver.output.notation import move_text
    from solver.model.tree import Turn

    rules = rules_for(problem)
    wanted = [_SIDES.get(s) for s in sides] if sides else []
    first = wanted[0] if wanted and wanted[0] else WHITE
    pos = rules.position(problem, first)
    boards = [{"move": None, "squares": [], "pieces": board_of(pos)}]
    for i, text in enumerate(moves):
        side = wanted[i] if i < len(wanted) and wanted[i] else None
        candidates = [side] if side else [pos.side, -pos.side]
        if i == 0 and side is None:
            pos = rules.position(problem, WHITE)
            candidates = [WHITE, BLACK]
        turn = None
        for candidate in candidates:
            if i == 0 and candidate != pos.side:
                pos = rules.position(problem, candidate)  # the first mover's own e.p. and rights
            turn = _turn_for(rules, pos, text, candidate)
            if turn is not None:
                break
        if turn is None:
            return {"boards": boards, "error": {"index": i, "message": f"{text} is not a legal move here"}}
        components = rules.describe(pos, turn)
        rules.play(pos, turn)
        squares = [sq for c in components for sq in (c.frm, c.to)]
        squares += [e.square for c in components for e in c.effects]
        boards.append({"move": move_text(Turn(components), "en"), "squares": squares,
                       "components": [component_marks(c) for c in components],
                       "pieces": board_of(pos)})
    return {"boards": boards, "error": None}


def component_marks(component) -> dict:
    """What the page draws for one component of a turn: an arrow from `from`
    to `to` (both ways for a Messigny exchange), the square of a piece taken
    elsewhere (`captured`: en passant, a locust), and each effect's square
    with the piece there before and after (a Circe rebirth: None, then the
    reborn piece), so that each component of a Marseillais turn and each
    effect is marked apart."""
    captured = component.captured
    if component.en_passant and captured is None:
        captured = component.to[0] + component.frm[1]
    return {"from": component.frm, "to": component.to, "exchange": component.exchange,
            "captured": captured,
            "effects": [{"square": e.square, "before": list(e.before) if e.before else None,
                         "after": list(e.after) if e.after else None}
                        for e in (*component.before, *component.effects)]}
