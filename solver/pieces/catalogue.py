"""The walk catalogue: every piece feerie knows, as data.

A row says what a piece is called (Popeye's English name and its codes in
Popeye's English, French and German input), which internal kind code it has,
and how it moves: a tuple of `Walk`s, each a family template (see
`solver.pieces.families`) with its vectors and a modality (does this part of
the walk move, capture, or both).  A piece whose moves and captures differ
(pawns, Chinese pieces) is two walks with split modalities; a combined piece
(amazon = queen + knight) is two walks that both move and capture.

Why data: the move generator, the observation (check) test, the Popeye
reader and writer, and promotion all read the same row, so a new piece is a
new row (and at most a new family), never a new branch in the search.

Kinds: the orthodox pieces keep the codes of `solver.engine.board` (P=1, S=2, B=3,
R=4, Q=5, K=6) and the nightrider keeps 7; fairy kinds follow in the order
of this table.  Kind codes are small signed ints on the board (positive
white, negative black), at most `MAX_KIND`.

Popeye's codes are facts taken from Popeye's language tables; Popeye's
output names pieces by the code of the problem's language (English here).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from solver.engine.board import BISHOP, KING, KNIGHT, NIGHTRIDER, PAWN, QUEEN, ROOK
from solver.engine.capabilities import ALL_PROPERTIES, ORTHODOX_WALKS
from solver.engine.move import KIND_LETTERS

MAX_KIND = 127  # 7 bits of promotion in the move int; Z_PIECE has 256 rows

BOTH = "both"        # moves to empty squares and captures alike
MOVE = "move"        # this walk only moves (never captures)
CAPTURE = "capture"  # this walk only captures

# Base vectors (file, rank); families expand them by symmetry.
WAZIR_V = ((1, 0),)
FERS_V = ((1, 1),)
QUEEN_V = ((1, 0), (1, 1))
KNIGHT_V = ((1, 2),)


@dataclass(frozen=True)
class Walk:
    """One part of a piece's walk: a family template and its parameters.

    `vectors` are base (file, rank) vectors, expanded to their 8 (or 4)
    symmetric images; `param` is a family-specific number: the deflection
    angle of the moose family in degrees, the distance beyond the hurdle of
    a grasshopper-n, the number of hurdles of a lion (0 means 1), the mao
    (0) or moa (1) first step of a lame leaper, plus 2 for a lame rider."""
    family: str
    vectors: tuple[tuple[int, int], ...] = ()
    modality: str = BOTH
    param: int = 0
    circle: bool = False  # the lines are the rose's circles, not straight lines


@dataclass(frozen=True)
class Piece:
    """A catalogue row.  (Its derived attributes are cached: the generic
    generator reads them for every piece at every node.)"""
    kind: int
    name: str        # English name, as in Popeye's manual
    en: str          # Popeye codes (upper case, as Popeye prints them)
    fr: str
    de: str
    walks: tuple[Walk, ...]

    @cached_property
    def is_pawn(self) -> bool:
        """Pawn-like pieces (they promote, and are never promoted to); the
        dragon, a pawn and a knight, is not one, as in Popeye."""
        return bool(self.walks) and all(w.family in PAWN_FAMILIES for w in self.walks)

    @cached_property
    def promotable(self) -> bool:
        """May a pawn promote to it (if it is in the position)?  Popeye: not
        to a pawn, a king or the dummy (which has no walk at all)."""
        return bool(self.walks) and not self.is_pawn and self.kind != KING

    @cached_property
    def preserves(self) -> frozenset[str]:
        """The engine properties (`solver.engine.capabilities`) this piece keeps when
        it may appear in a problem: the orthodox pieces keep all; every other
        catalogue piece all but orthodox walks (its moves and observation come
        from its walks, the generic way; it has no effects and is not royal)."""
        if self.kind <= KING:
            return ALL_PROPERTIES
        return ALL_PROPERTIES - {ORTHODOX_WALKS}

    @cached_property
    def reverse(self) -> bool:
        """Does it walk towards its own first rank (and promote there)?"""
        return any(w.family == "reverse pawn" for w in self.walks)


PAWN_FAMILIES = frozenset({"pawn", "berolina", "superpawn", "reverse pawn"})


def _w(family: str, vectors=(), modality: str = BOTH, param: int = 0,
       circle: bool = False) -> Walk:
    return Walk(family, tuple(vectors), modality, param, circle)


def _rose(family: str, modality: str = BOTH) -> Walk:
    return _w(family, KNIGHT_V, modality, circle=True)


def _leaper(*vs) -> tuple[Walk, ...]:
    return (_w("leaper", vs),)


def _rider(*vs) -> tuple[Walk, ...]:
    return (_w("rider", vs),)


def _chinese(vs) -> tuple[Walk, ...]:
    """Moves as a rider, captures as a cannon (hopping one hurdle)."""
    return (_w("rider", vs, MOVE), _w("cannon", vs, CAPTURE))


# name, English, French, German codes, walks.  Order fixes the fairy kinds.
_ORTHODOX = [
    (PAWN, "pawn", "P", "P", "B", (_w("pawn"),)),
    (KNIGHT, "knight", "S", "C", "S", _leaper((1, 2))),
    (BISHOP, "bishop", "B", "F", "L", _rider((1, 1))),
    (ROOK, "rook", "R", "T", "T", _rider((1, 0))),
    (QUEEN, "queen", "Q", "D", "D", _rider((1, 0), (1, 1))),
    (KING, "king", "K", "R", "K", _leaper((1, 0), (1, 1))),
    (NIGHTRIDER, "nightrider", "N", "N", "N", _rider((1, 2))),
]

_FAIRY = [
    ("grasshopper", "G", "S", "G", (_w("hopper", QUEEN_V),)),
    ("camel", "CA", "CH", "CA", _leaper((1, 3))),
    ("zebra", "Z", "Z", "Z", _leaper((2, 3))),
    ("giraffe", "GI", "GI", "GI", _leaper((1, 4))),
    ("antelope", "AN", "AN", "AN", _leaper((3, 4))),
    ("fers", "FE", "FE", "FE", _leaper((1, 1))),
    ("wazir", "WE", "VI", "WE", _leaper((1, 0))),
    ("alfil", "AL", "AL", "AL", _leaper((2, 2))),
    ("dabbaba", "DA", "DA", "DA", _leaper((0, 2))),
    ("leo", "LE", "LE", "LE", _chinese(QUEEN_V)),
    ("pao", "PA", "PA", "PA", _chinese(WAZIR_V)),
    ("vao", "VA", "VA", "VA", _chinese(FERS_V)),
    ("nao", "NA", "NA", "NA", _chinese(KNIGHT_V)),
    ("mao", "MA", "MA", "MA", (_w("lame", KNIGHT_V, param=0),)),
    ("moa", "MO", "MO", "MO", (_w("lame", KNIGHT_V, param=1),)),
    ("lion", "LI", "LI", "LI", (_w("lion", QUEEN_V),)),
    ("rook-lion", "RL", "TL", "TL", (_w("lion", WAZIR_V),)),
    ("bishop-lion", "BL", "FL", "LL", (_w("lion", FERS_V),)),
    ("nightrider lion", "NL", "NL", "NL", (_w("lion", KNIGHT_V),)),
    ("rook hopper", "RH", "ST", "TH", (_w("hopper", WAZIR_V),)),
    ("bishop hopper", "BH", "SF", "LH", (_w("hopper", FERS_V),)),
    ("nightrider hopper", "NH", "SN", "NH", (_w("hopper", KNIGHT_V),)),
    ("camelrider hopper", "CH", "SC", "CH", (_w("hopper", ((1, 3),)),)),
    ("zebrarider hopper", "ZH", "SZ", "ZH", (_w("hopper", ((2, 3),)),)),
    ("gnurider hopper", "GH", "SG", "GH", (_w("hopper", ((1, 2), (1, 3))),)),
    ("kangaroo", "KA", "KA", "KA", (_w("kangaroo", QUEEN_V),)),
    ("equihopper", "EQ", "EA", "EQ", (_w("equihopper", QUEEN_V),)),
    ("Orix", "OR", "OR", "OR", (_w("orix", QUEEN_V),)),
    ("kinghopper", "KH", "SR", "KH", (_w("leaperhopper", QUEEN_V),)),
    ("knight hopper", "KP", "SV", "SH", (_w("leaperhopper", KNIGHT_V),)),
    ("locust", "L", "L", "H", (_w("locust", QUEEN_V, CAPTURE),)),
    ("rook locust", "LR", "LT", "HT", (_w("locust", WAZIR_V, CAPTURE),)),
    ("bishop locust", "LB", "LF", "HL", (_w("locust", FERS_V, CAPTURE),)),
    ("nightrider locust", "LN", "LN", "HN", (_w("locust", KNIGHT_V, CAPTURE),)),
    ("rose", "RO", "RO", "RO", (_rose("rider"),)),
    ("rao", "RA", "RA", "RA", (_rose("rider", MOVE), _rose("cannon", CAPTURE))),
    ("rose-lion", "RN", "RL", "RN", (_rose("lion"),)),
    ("rose-hopper", "RP", "RS", "RH", (_rose("hopper"),)),
    ("rose locust", "LS", "LR", "LR", (_rose("locust", CAPTURE),)),
    ("grasshopper-2", "G2", "S2", "G2", (_w("hopper", QUEEN_V, param=2),)),
    ("grasshopper-3", "G3", "S3", "G3", (_w("hopper", QUEEN_V, param=3),)),
    ("contra grasshopper", "CG", "SA", "KG", (_w("contra", QUEEN_V),)),
    ("kangaroo lion", "KL", "KL", "LK", (_w("lion", QUEEN_V, param=2),)),
    ("dolphin", "DO", "DN", "DE", (_w("kangaroo", QUEEN_V), _w("hopper", QUEEN_V))),
    ("gral", "GL", "GL", "GL", _leaper((2, 2)) + (_w("hopper", WAZIR_V),)),
    ("hamster", "HA", "HA", "HA", (_w("angle", QUEEN_V, MOVE, param=180),)),
    ("marguerite", "MG", "MG", "MG", tuple(_w("angle", QUEEN_V, param=a)
                                           for a in (0, 45, 90, 135))
     + (_w("angle", QUEEN_V, MOVE, param=180),)),
    ("maorider", "AO", "AO", "AO", (_w("lame", KNIGHT_V, param=2),)),
    ("moarider", "OA", "OA", "OA", (_w("lame", KNIGHT_V, param=3),)),
    ("nonstop equihopper", "NE", "EQ", "NE", (_w("nonstop"),)),
    ("orphan", "O", "O", "O", (_w("orphan"),)),
    ("friend", "F", "A", "F", (_w("friend"),)),
    ("amazon", "AM", "AM", "AM", _rider((1, 0), (1, 1)) + _leaper((1, 2))),
    ("empress", "EM", "IM", "KN", _rider((1, 0)) + _leaper((1, 2))),
    ("princess", "PR", "PR", "PR", _rider((1, 1)) + _leaper((1, 2))),
    ("moose", "M", "E", "EL", (_w("angle", QUEEN_V, param=45),)),
    ("eagle", "EA", "AI", "AD", (_w("angle", QUEEN_V, param=90),)),
    ("sparrow", "SW", "M", "SP", (_w("angle", QUEEN_V, param=135),)),
    ("rook moose", "RM", "ET", "TC", (_w("angle", WAZIR_V, param=45),)),
    ("rook eagle", "RE", "AT", "TA", (_w("angle", WAZIR_V, param=90),)),
    ("rook sparrow", "RW", "MT", "TS", (_w("angle", WAZIR_V, param=135),)),
    ("bishop moose", "BM", "EF", "LC", (_w("angle", FERS_V, param=45),)),
    ("bishop eagle", "BE", "AF", "LA", (_w("angle", FERS_V, param=90),)),
    ("bishop sparrow", "BW", "MF", "LS", (_w("angle", FERS_V, param=135),)),
    ("gnu", "GN", "G", "GN", _leaper((1, 2), (1, 3))),
    ("bison", "BI", "BI", "BI", _leaper((1, 3), (2, 3))),
    ("okapi", "OK", "OK", "OK", _leaper((1, 2), (2, 3))),
    ("zebu", "ZE", "ZE", "ZE", _leaper((1, 3), (1, 4))),
    ("squirrel", "SQ", "EC", "EI", _leaper((0, 2), (2, 2), (1, 2))),
    ("root-50-leaper", "RF", "CC", "WF", _leaper((1, 7), (5, 5))),
    ("root-25-leaper", "BU", "BU", "BU", _leaper((3, 4), (0, 5))),
    ("1:5-leaper", "15", "15", "15", _leaper((1, 5))),
    ("1:6-leaper", "16", "16", "16", _leaper((1, 6))),
    ("2:4-leaper", "24", "24", "24", _leaper((2, 4))),
    ("2:5-leaper", "25", "25", "25", _leaper((2, 5))),
    ("3:5-leaper", "35", "35", "35", _leaper((3, 5))),
    ("3:6-leaper", "36", "36", "36", _leaper((3, 6))),
    ("3:7-leaper", "37", "37", "37", _leaper((3, 7))),
    ("camelrider", "CR", "CN", "CR", _rider((1, 3))),
    ("zebrarider", "ZR", "ZN", "ZR", _rider((2, 3))),
    ("gnurider", "GR", "GN", "GR", _rider((1, 2), (1, 3))),
    ("wazirrider", "WR", "VS", "WR", _rider((1, 0))),
    ("fersrider", "FR", "FS", "FR", _rider((1, 1))),
    ("elephant", "ET", "EL", "ET", _rider((1, 0), (1, 1), (1, 2))),
    ("waran", "WA", "V", "WA", _rider((1, 2), (1, 0))),
    ("dragon", "DR", "DR", "DR", (_w("pawn"),) + _leaper((1, 2))),
    ("berolina pawn", "BP", "PB", "BB", (_w("berolina"),)),
    ("superpawn", "SP", "SP", "SB", (_w("superpawn"),)),
    ("berolina superpawn", "BS", "BS", "BS", (_w("superpawn", param=1),)),
    ("chinese pawn", "CP", "PC", "CB", (_w("chinese pawn"),)),
    ("reverse pawn", "PP", "PV", "RB", (_w("reverse pawn"),)),
    ("nonstop orix", "NO", "NO", "NO", (_w("nonstop", param=1),)),
    ("UbiUbi", "UU", "UU", "UU", (_w("ubiubi"),)),
    ("dummy", "DU", "PI", "DU", ()),
    ("doublegrasshopper", "DG", "DS", "DG", (_w("doublehopper", QUEEN_V),)),
    ("doublerookhopper", "DK", "DT", "DT", (_w("doublehopper", WAZIR_V),)),
    ("doublebishopper", "DB", "DF", "DL", (_w("doublehopper", FERS_V),)),
    ("kao", "KO", "KO", "KO", (_w("chinese leaper", KNIGHT_V),)),
    ("gryphon", "GY", "GY", "GY", (_w("pawn", modality=MOVE),) + _rider((1, 1))),
    ("ship", "SH", "BA", "SC", (_w("pawn", modality=CAPTURE),) + _rider((1, 0))),
    ("edgehog", "EH", "EH", "RD", (_w("edgehog", QUEEN_V),)),
]


def _build() -> tuple[Piece, ...]:
    rows = [Piece(k, n, e, f, g, w) for k, n, e, f, g, w in _ORTHODOX]
    kind = NIGHTRIDER + 1
    for n, e, f, g, w in _FAIRY:
        rows.append(Piece(kind, n, e, f, g, w))
        kind += 1
    assert kind - 1 <= MAX_KIND
    return tuple(rows)


PIECES: tuple[Piece, ...] = _build()
BY_KIND: dict[int, Piece] = {p.kind: p for p in PIECES}
# move text names a fairy promotion by the piece's code (solver.engine.move)
KIND_LETTERS.update({p.kind: p.en for p in PIECES if p.kind not in KIND_LETTERS})
BY_NAME: dict[str, Piece] = {p.name: p for p in PIECES}
LANGUAGES = ("en", "fr", "de")


def by_code(code: str, language: str = "en") -> Piece | None:
    """The piece Popeye writes as `code` in `language` (case-insensitive), or None."""
    return _CODES[language].get(code.upper())


_CODES: dict[str, dict[str, Piece]] = {
    lang: {getattr(p, lang): p for p in PIECES} for lang in LANGUAGES}


ORTHODOX_PROMOTIONS = (QUEEN, KNIGHT, ROOK, BISHOP)


def promotion_pieces(kinds) -> tuple[int, ...]:
    """What a pawn promotes to where pieces of these kinds stand (Popeye's
    rule): Q, S, R, B, then every other kind, whatever its colour, that is
    neither a pawn nor a king nor the dummy, by kind code."""
    fairy = sorted(k for k in set(kinds)
                   if k not in ORTHODOX_PROMOTIONS and BY_KIND[k].promotable)
    return ORTHODOX_PROMOTIONS + tuple(fairy)


def kind_of(name: str) -> int:
    """The kind code of a piece by its English name (tests and set-up)."""
    return BY_NAME[name].kind


def markdown_table() -> str:
    """The catalogue as the Markdown table of docs/pieces.md (a test keeps
    that file equal to this): name, Popeye's codes, walks."""
    def walk_text(w: Walk) -> str:
        vectors = ",".join(f"({f},{r})" for f, r in w.vectors)
        extra = [m for m in (w.modality if w.modality != BOTH else "",
                             f"param {w.param}" if w.param else "",
                             "circle" if w.circle else "") if m]
        return " ".join([w.family] + ([vectors] if vectors else []) + extra)

    rows = ["| piece | English | French | German | walks |", "|---|---|---|---|---|"]
    for p in PIECES:
        walks = "; ".join(walk_text(w) for w in p.walks) or "none (does not move)"
        rows.append(f"| {p.name} | {p.en} | {p.fr} | {p.de} | {walks} |")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(markdown_table(), end="")
