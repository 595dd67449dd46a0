"""Engine moves as the tree records them: language-neutral `Component`s.

The search works with move ints; the tree keeps what a reader needs (which
piece moved, from where to where, capture, promotion, castling, e.p.,
exchange) so that writers never need a position.  A move is described from
the position *before* it is played.
"""

from __future__ import annotations

from .board import POPEYE_CODE, square_name
from .move import CASTLE, EN_PASSANT, EXCHANGE, PROMOTION
from .tree import Component


def component(pos, m: int) -> Component:
    frm = m & 127
    to = (m >> 7) & 127
    flag = (m >> 14) & 7
    kind = POPEYE_CODE[abs(pos.board[frm])]
    if flag == CASTLE:
        return Component(kind, square_name(frm), square_name(to),
                         castling="0-0" if (m >> 17) & 7 > (frm & 7) else "0-0-0")
    if flag == EXCHANGE:
        return Component(kind, square_name(frm), square_name(to), exchange=True)
    return Component(
        kind, square_name(frm), square_name(to),
        capture=bool(pos.board[to]) or flag == EN_PASSANT,
        promotion=POPEYE_CODE[(m >> 17) & 15] if flag == PROMOTION else None,
        en_passant=flag == EN_PASSANT,
    )
