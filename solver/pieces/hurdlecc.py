"""Popeye's piece attribute HurdleColourChanging (German SprungbockFarbeWechselnd).

A hurdle-colour-changing hopper turns its hurdle into a piece of the other
side when it hops over it (Popeye's `hurdle_colour_changing.c`): after the
move, the piece it hopped over changes colour, unless it is a king (Popeye:
`walk > King`) or neutral (refused here beside neutral pieces).  Popeye
prints the change after the move as `[d6=b]` (German `[d6=s]`) and the
mover's prefix `hcc` (German `sfw`, French `ces`).

Popeye allows the attribute on its simple hoppers, lions, the contra
grasshopper and the Chinese pieces; feerie plays the ones whose every move
is a hop over one hurdle (`HURDLE_KINDS`: the grasshopper family on straight
lines, the equihoppers, orixes and leaper hoppers, the moose family, the
lions with one hurdle, the contra grasshopper) and refuses the others by
name (Chinese pieces: their non-capturing moves have no hurdle).

Which hurdle: the move int does not say, so the moves of such a piece are
generated with it (`hurdles`), one move per hurdle, in bits 73-80 (the
hurdle's square plus one: `solver.engine.move.HURDLE_SHIFT`).  Two hurdles can lead to one square (a moose
or eagle on a1 over a2 or b2 to b3): Popeye plays them as two moves
(`hccMa1-b3[a2=w]`, `hccMa1-b3[b2=w]`), and so does feerie.

Promotions (Popeye's `hopper_attribute_specific_promotion`): a pawn promotes
to a hurdle-colour-changing piece of a kind where some piece of that kind
with the attribute stands in the diagram (`h7-h8=G=hcc`), and to a plain one
where the kind is Q, R, B, S or some piece of that kind without it stands
there (so where every lion is hurdle-colour-changing, a pawn promotes to such
a lion only).  Such a promotion carries HCC_PROMOTION.
"""

from __future__ import annotations

from solver.engine.board import KING
from solver.engine.effects import HURDLE_COLOUR_CHANGING
from solver.engine.move import HCC_PROMOTION, HURDLE_SHIFT, PROMOTION
from solver.pieces.catalogue import ORTHODOX_PROMOTIONS, by_code
from solver.pieces.families import _CIRCLE, _first, _unit, dir_rays, ray_table

NAME = "HurdleColourChanging"

# the families (and parameters) whose every move hops over exactly one hurdle
# that `hurdles` finds; the catalogue rows of these families play the attribute
_HOPPING = {"hopper", "equihopper", "orix", "nonstop", "leaperhopper", "angle", "lion", "contra"}
HURDLE_KINDS = frozenset(
    code for code in ("G", "RH", "BH", "NH", "CH", "ZH", "GH", "G2", "G3", "EQ", "NE", "NO",
                      "OR", "KH", "KP", "M", "RM", "BM", "EA", "RE", "BE", "SW", "RW", "BW",
                      "LI", "RL", "BL", "NL", "CG")
    if all(w.family in _HOPPING and not w.circle for w in by_code(code).walks)
    and not any(w.family == "lion" and w.param > 1 for w in by_code(code).walks))


def _ray_to(rays, to: int):
    for ray in rays:
        if to in ray:
            return ray, ray.index(to)
    return None, -1


def hurdles(board, frm: int, to: int, walks) -> list[int]:
    """The squares of the hurdles over which the piece on frm (a piece of
    HURDLE_KINDS) reaches `to` (the board before the move), in a fixed order."""
    out: list[int] = []
    for w in walks:
        fam = w.family
        if fam == "hopper":
            ray, i = _ray_to(ray_table(w.vectors)[frm], to)
            n = w.param or 1
            if ray is not None and i >= n and board[ray[i - n]]:
                out.append(ray[i - n])
        elif fam in ("equihopper", "orix", "nonstop", "leaperhopper"):
            f, r = (frm & 7) + (to & 7), (frm >> 4) + (to >> 4)
            if f % 2 == 0 and r % 2 == 0:
                h = (r // 2) * 16 + f // 2
                if board[h] and h != frm:
                    out.append(h)
        elif fam == "lion":
            ray, i = _ray_to(ray_table(w.vectors)[frm], to)
            if ray is not None:
                between = [x for x in ray[:i] if board[x]]
                if len(between) == 1:
                    out.append(between[0])
        elif fam == "contra":
            ray, i = _ray_to(ray_table(w.vectors)[frm], to)
            if ray is not None and i >= 1 and board[ray[0]]:
                out.append(ray[0])
        elif fam == "angle":
            turn = w.param // 45
            for d, ray in dir_rays(w.vectors)[frm]:
                i = _first(board, ray)
                if i < 0:
                    continue
                h = ray[i]
                k = _CIRCLE.index(_unit(d))
                if to in {h + _CIRCLE[(k + turn) % 8], h + _CIRCLE[(k - turn) % 8]}:
                    out.append(h)
        else:   # (HURDLE_KINDS holds no other family)
            raise ValueError(f"{NAME}: no hurdle of the {fam} family")
    return list(dict.fromkeys(out))


def hurdle_of(m: int) -> int:
    """The hurdle square a move carries, or -1."""
    return ((m >> HURDLE_SHIFT) & 255) - 1


def hcc_pseudo(base, hcc_kinds: frozenset[int], plain_kinds: frozenset[int]):
    """The pseudo-legal generator `pseudo(pos, promotions, watch=None)` of a
    rule set with hurdle-colour-changing pieces: `base`'s moves, those of
    such a piece once per hurdle (with the hurdle's field), the promotions
    as Popeye's (module docstring: to a kind of `hcc_kinds` with
    HCC_PROMOTION, to a plain one only where the kind is orthodox or of
    `plain_kinds`)."""
    from solver.pieces.generic import piece_at

    plain = frozenset(plain_kinds) | frozenset(ORTHODOX_PROMOTIONS)

    def pseudo(pos, promotions=None, watch=None) -> list[int]:
        board = pos.board
        hoppers = {sq for sq, bits in pos.attrs.items() if bits & HURDLE_COLOUR_CHANGING}
        out: list[int] = []
        append = out.append
        for m in base(pos, promotions, watch=watch):
            frm = m & 127
            if frm in hoppers:
                found = hurdles(board, frm, (m >> 7) & 127, piece_at(board, frm).walks)
                if not found:
                    raise AssertionError(f"{NAME}: a move without a hurdle")
                out.extend(m | (h + 1) << HURDLE_SHIFT for h in found)
            elif (m >> 14) & 7 == PROMOTION:
                kind = (m >> 17) & 127
                if kind in plain:
                    append(m)
                if kind in hcc_kinds:
                    append(m | HCC_PROMOTION)
            else:
                append(m)
        return out

    return pseudo


def hcc_effect(pos, m, side, frm, to, flag, bits, captured) -> None:
    """The hurdle of a hurdle-colour-changing piece's move changes colour
    (not a king); a pawn promoting with HCC_PROMOTION becomes such a piece."""
    if bits & HURDLE_COLOUR_CHANGING:
        h = hurdle_of(m)
        piece = pos.board[h] if h >= 0 else 0
        if piece and abs(piece) != KING:
            pos.set_square(h, -piece, pos.attrs.get(h, 0))
    elif m & HCC_PROMOTION and pos.board[to]:
        pos.set_square(to, pos.board[to], pos.attrs.get(to, 0) | HURDLE_COLOUR_CHANGING)
