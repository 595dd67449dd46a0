"""KoeKo (Popeye's name; py-engl.txt "condition"): a move is legal only if
the piece that moved ends in contact with another piece: on a square next
to it (a king's step away), or, with `Neighbour X`, a leap of X away
(Popeye's contact walks: knight, wazir, fers, camel, alfil, zebra,
dabbaba, giraffe, antelope, king).  A castling moves two pieces, and both
must end in contact (Popeye follows every movement of the move).

Check is what a legal capture of the king would be (Popeye plays the
observation to validate it: conditions/koeko/koeko.c): the capturer, on
the king's square, must touch a piece other than itself, the king gone
and its own departure square vacated.  That is an observation filter.

Two relatives (conditions/koeko/new.c, anti.c), judged by the moving
piece alone (a castling rook is not asked):
- `NewKoeko`: a move is legal if the piece has contact after it exactly
  when it had contact before it (a king's step away);
- `AntiKoeko`: a move is legal only if the piece ends without contact (with
  `Neighbour X` as KoeKo).
Both judge check by the capture of the king the same way.

What the conditions keep (`preserves`): nothing that rests on orthodox
observation (`capture_observes`), nor `walk_moves_only` and
`king_steps_free`.
"""

from __future__ import annotations

from solver.base.errors import InputError
from solver.engine.board import CASTLE_PATH
from solver.engine.move import CASTLE
from solver.conditions.rules import ConditionSpec, Rules, observation_preserves

# Popeye's contact walks (input/plaintext/condition.c ParseKoekoVariant), by the model's piece code
CONTACT_LEAPS = {
    "K": ((0, 1), (1, 1)), "S": ((1, 2),), "WE": ((0, 1),), "FE": ((1, 1),), "CA": ((1, 3),),
    "AL": ((2, 2),), "Z": ((2, 3),), "DA": ((0, 2),), "GI": ((1, 4),), "AN": ((3, 4),),
}


def offsets(leaps) -> tuple[int, ...]:
    """The 0x88 offsets of these (a, b) leaps, in every direction."""
    out = set()
    for a, b in leaps:
        for x, y in ((a, b), (b, a)):
            for sx in (1, -1):
                for sy in (1, -1):
                    out.add(sx * x + 16 * sy * y)
    return tuple(sorted(out))


def contact(board, sq: int, steps, ignore: int = -1) -> bool:
    """Is there a piece a contact step away from sq (other than on `ignore`)?"""
    for d in steps:
        t = sq + d
        if not t & 0x88 and t != ignore and board[t]:
            return True
    return False


def _steps(name: str, params: tuple[str, ...]) -> tuple[int, ...]:
    leaps = CONTACT_LEAPS["K"]
    if params:
        if (name == "NewKoeko" or len(params) != 2 or params[0] != "Neighbour"
                or params[1] not in CONTACT_LEAPS):
            raise InputError(f"condition {name} {' '.join(params)} is not supported")
        leaps = CONTACT_LEAPS[params[1]]
    return offsets(leaps)


def installer(name: str):
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        steps = _steps(name, params)

        def move_allowed(pos, m: int) -> bool:
            frm, to = m & 127, (m >> 7) & 127
            before = contact(pos.board, frm, steps) if name == "NewKoeko" else None
            pos.make(m)
            try:
                board = pos.board
                after = contact(board, to, steps)
                if name == "NewKoeko":
                    return after == before
                if name == "AntiKoeko":
                    return not after
                if not after:
                    return False
                if (m >> 14) & 7 == CASTLE:
                    rf = (frm & 0x70) | ((m >> 17) & 7)
                    return contact(board, CASTLE_PATH[(frm, rf)][1], steps)
                return True
            finally:
                pos.unmake()

        def observation_allowed(pos, frm: int, target: int) -> bool:
            after = contact(pos.board, target, steps, ignore=frm)
            if name == "NewKoeko":
                return after == contact(pos.board, frm, steps)
            return after != (name == "AntiKoeko")

        rules.move_filters.append(move_allowed)
        rules.add_observation_filter(observation_allowed)
        return rules

    return install


preserves = observation_preserves


SPECS: dict[str, ConditionSpec] = {
    name: ConditionSpec(installer(name), preserves, changes_observation=True,
                        with_effects=True)  # compared with Popeye under Circe (tests/data/circe)
    for name in ("KoeKo", "NewKoeko", "AntiKoeko")
}
"""The registry's entries (solver.conditions.registry)."""
