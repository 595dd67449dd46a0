"""The Circe forms where the reborn piece's kind, or what becomes of an
occupied rebirth square, differs from plain Circe (Popeye's parameters of
`Circe`, py-engl.txt: "Adaptation of the reborn piece's walk", "Behaviour
in case of occupied rebirth square"; solver.conditions.circe reads the
rest of a variant and hands these words here, `split`).

`Clone` (`CirceClone`; `MirrorCirceClone` with `Mirror`): the captured
piece is reborn as a piece of its capturer's kind (Popeye's
`circe_clone_determine_reborn_walk_solve`: the walk of the move's
movement, so a pawn that captures and promotes clones a pawn,
`b7*a8=Q[+bPa7]`), on the rebirth square of that kind, in its own colour;
a king that captures leaves the victim its own kind (`Kc1*d2[+bPd7]`).

`Chameleon` (`ChameleonCirce`), with Popeye's optional list of kinds
(`ChameleonCirce S Q R B S`; an unclosed list closes on its first kind;
kinds not listed keep their kind): the captured piece is reborn as the
next kind of the sequence (default S->B->R->Q->S), on that kind's rebirth
square (Popeye's `STCirceInitialiseRelevantFromReborn` follows the walk
adapters).

Both keep plain Circe's other rules (Relaxed by default, `Strict`, kings
not reborn, `Mirror`); check is observation, so the orthodox check tests
and Circe's capture-trial generator hold.  Every other parameter with them
is refused by name ("condition Circe Clone File is not supported").
"""

from __future__ import annotations

from dataclasses import dataclass

from solver.base.errors import InputError
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK
from solver.engine.move import EN_PASSANT, PROMOTION
from solver.pieces.catalogue import by_code

# the words this module plays, as Popeye spells them
WORDS = ("Clone", "Chameleon", "Take&Make", "Assassin", "Diagram")
_DEFAULT_SEQUENCE = ((KNIGHT, BISHOP), (BISHOP, ROOK), (ROOK, QUEEN), (QUEEN, KNIGHT))
_ORTHODOX = frozenset({PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING})
# the parameters of plain Circe each kind of rebirth is played (and tested) with
_WITH = {
    "Clone": frozenset({"Mirror", "Strict", "Relaxed", "RexExclusive"}),
    "Chameleon": frozenset({"Mirror", "Strict", "Relaxed", "RexExclusive"}),
}


@dataclass(frozen=True)
class Kinds:
    """The words of this module in a Circe variant: `word` the one played
    (WORDS), `sequence` Chameleon's (kind, next kind) pairs."""
    word: str
    sequence: tuple[tuple[int, int], ...] = ()


def _walk(token: str) -> int | None:
    piece = by_code(token)
    return piece.kind if piece is not None else None


def split(name: str, params: tuple[str, ...]) -> tuple[Kinds | None, tuple[str, ...]]:
    """(the kinds of rebirth in `params`, or None; the other parameters).
    Chameleon's list of kinds follows it; an InputError names what feerie
    does not play."""
    found = [p for p in params if p in WORDS]
    if not found:
        return None, params
    word = found[0]
    if len(found) > 1:
        raise InputError(f"condition {name} {word} {found[1]} is not supported")
    if word not in _WITH:
        raise InputError(f"condition {name} {word} is not supported")
    rest: list[str] = []
    sequence: list[int] = []
    i = 0
    while i < len(params):
        p = params[i]
        i += 1
        if p != word:
            rest.append(p)
            continue
        if p != "Chameleon":
            continue
        while i < len(params) and _walk(params[i]) is not None:
            sequence.append(_walk(params[i]))
            i += 1
    for p in rest:
        if p not in _WITH[word]:
            raise InputError(f"condition {name} {word} {p} is not supported")
    pairs: tuple[tuple[int, int], ...] = ()
    if word == "Chameleon":
        for kind, token in zip(sequence, [t for t in params if _walk(t) is not None]):
            if kind not in _ORTHODOX:
                raise InputError(f"condition {name} Chameleon {token} is not supported")
        if len(sequence) == 1:
            raise InputError(f"condition {name} Chameleon {' '.join(params)}: a sequence of one kind "
                             "is not supported")
        if sequence:
            links = list(zip(sequence, sequence[1:]))
            if sequence[-1] != sequence[0]:
                links.append((sequence[-1], sequence[0]))   # Popeye closes the list
            table: dict[int, int] = {}
            for a, b in links:
                table[a] = b
            pairs = tuple(table.items())
        else:
            pairs = _DEFAULT_SEQUENCE
    return Kinds(word, pairs), tuple(rest)


def reborn_kind(kinds: Kinds, pos, m: int, victim_kind: int, played: bool) -> int:
    """The kind the victim of capture m is reborn as; `played`: m is on the
    board (its capturer on the arrival square), else about to be played."""
    if kinds.word == "Clone":
        flag = (m >> 14) & 7
        if flag == PROMOTION or flag == EN_PASSANT:
            return PAWN
        sq = (m >> 7) & 127 if played else m & 127
        kind = abs(pos.board[sq])
        return victim_kind if kind == KING else kind
    if kinds.word == "Chameleon":
        return dict(kinds.sequence).get(victim_kind, victim_kind)
    return victim_kind


def refuse_pieces(rules, kinds: Kinds, name: str) -> None:
    """Clone reads the capturer's kind off the board: orthodox pieces only
    (a fairy pawn's promotion would hide its kind)."""
    if kinds.word == "Clone" and not rules.variant.kinds <= _ORTHODOX:
        raise InputError(f"condition {name} Clone with fairy pieces is not supported")
