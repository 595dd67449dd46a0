"""The condition lines of a problem's header, written as Popeye writes them.

Popeye does not echo the conditions it read: reading one sets flags and
variant fields in its global state (`ParseCond`), and the header is written
from that state (`WriteConditions` in output/plaintext/condition.c): one line
per flag set, in the order of its condition table, each in the problem's
language.  So `MirrorCirce` is written `Circe Mirror` (the Circe line with
its Mirror field), `SwappingKings` and two `OscillatingKings TypeC` are the
same line, a second `Imitator` replaces the first, and parameters have a
fixed order and spacing (`SingleBox    Type1` even without a type given,
`SAT III`, `MagicSquares Type2 c5`).

This module does the same in two steps: `read` turns the model's conditions
(`solver.model.problem.Condition`: Popeye's English names and parameters) into
that state, `lines` writes it.  The tables are Popeye's own
(`solver.model.vocabulary`); what differs per condition is one small reader or
writer each, registered by Popeye's internal name (`CONDITION_IDS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from collections.abc import Callable

from solver.model import keywords as kw
from solver.model import vocabulary as vocab

# --- the state ------------------------------------------------------------------------


@dataclass
class CirceVariant:
    """Popeye's circe_variant_type, the fields its writer looks at."""

    rex_inclusive: bool = False
    side_overrider: str = "none"          # none, mirror, rank
    square_adapter: str = "none"          # none, diametral, verticalmirror, rank, frischauf
    on_occupied: str = "default"          # default, relaxed, strict, assassinate, volcanic, parachute
    walk_adapter: str = "none"            # none, clone, chameleon, einstein, reversaleinstein
    turncoat: bool = False
    determine: str = "from_pas"           # from_pas, symmetry, ..., equipollents, super, ...
    default_piece: str = "capturee"
    actual_piece: str = "capturee"
    relevant_capture: str = "thismove"    # thismove, lastmove, lastcapture, nocapture
    april_walks: tuple[str, ...] | None = None
    anticirce_type: str | None = None     # None (not set), Calvet, Cheylan
    chameleon: tuple[str, ...] = ()       # an explicit sequence


_CIRCE = CirceVariant()
_ANTICIRCE = CirceVariant(rex_inclusive=True, default_piece="capturer", actual_piece="capturer")
_MARS = replace(_ANTICIRCE, relevant_capture="nocapture", default_piece="generated", actual_piece="generated")

# each family's variant at the start (InitCond) and its default Rex, which is not written
VARIANT_DEFAULTS = {
    "circe": (_CIRCE, "RexExclusive"),
    "immun": (_CIRCE, "RexExclusive"),
    "anticirce": (_ANTICIRCE, "RexInclusive"),
    "mars": (_MARS, "RexInclusive"),
    "antimars": (_MARS, "RexInclusive"),
    "phantom": (replace(_MARS, rex_inclusive=False), "RexExclusive"),
    "geneva": (replace(_ANTICIRCE, rex_inclusive=False), "RexExclusive"),
}


@dataclass
class State:
    """What Popeye's reader leaves behind: CondFlag, ExtraCondFlag and the
    variables the writer reads (by Popeye's names, shortened)."""

    flags: set[str] = field(default_factory=set)
    extra: set[str] = field(default_factory=set)
    variants: dict[str, CirceVariant] = field(default_factory=lambda: {k: v for k, (v, _) in VARIANT_DEFAULTS.items()})
    mummer: dict[str, str] = field(default_factory=lambda: {"white": "none", "black": "none", "default": "none"})
    values: dict[str, object] = field(default_factory=dict)
    squares: dict[str, list[str]] = field(default_factory=dict)  # square flags (MagicSq, WhForcedSq, ...)
    params: dict[str, tuple[str, ...]] = field(default_factory=dict)  # the last parameters of a condition
    marseillais: tuple[str, ...] | None = None

    def variant(self, family: str, **changes) -> None:
        self.flags.add(family)
        self.variants[family] = replace(self.variants[family], **changes)

    def add_squares(self, flag: str, squares) -> None:
        self.squares.setdefault(flag, [])
        self.squares[flag] += [s for s in squares if s not in self.squares[flag]]


_ID_OF_NAME = {name: vocab.CONDITION_IDS[i] for i, name in enumerate(vocab.CONDITIONS["en"])}
_ID_OF_NAME["Messigny"] = "messigny"
_INDEX = {cid: i for i, cid in enumerate(vocab.CONDITION_IDS)}


def condition_id(name: str) -> str | None:
    """Popeye's internal name of a model condition name (None: not Popeye's)."""
    return _ID_OF_NAME.get(name)


# --- reading: what each condition sets ----------------------------------------------------

def _rex(params, what: str) -> bool | None:
    """ParseRexIncl: only the word `what` is read; the flag it gives, or None."""
    return (what == "RexInclusive") if what in params else None


def _walk_order(kinds) -> list[str]:
    order = {k.upper(): i for i, k in enumerate(vocab.PIECE_LETTERS["en"])}
    return sorted(dict.fromkeys(kinds), key=lambda k: order.get(k, len(order)))


def _circe_variants(state: State, family: str, params) -> None:
    """ParseCirceVariants: the variant words of Circe, AntiCirce, MarsCirce, ..."""
    state.flags.add(family)
    v = state.variants[family]
    i = 0
    while i < len(params):
        word = params[i]
        i += 1
        walks: list[str] = []
        if word in ("Chameleon", "April"):
            while i < len(params) and kw.is_kind(params[i]):
                walks.append(params[i])
                i += 1
        change = _CIRCE_WORDS.get(word)
        if change is not None:
            v = replace(v, **change)
        elif word == "Couscous":
            v = replace(v, actual_piece="capturer" if v.default_piece == "capturee" else "capturee")
        elif word == "Chameleon":
            v = replace(v, walk_adapter="chameleon", chameleon=tuple(walks) if walks else v.chameleon)
        elif word == "April" and walks:
            v = replace(v, april_walks=tuple(walks))
    state.variants[family] = v


_CIRCE_WORDS: dict[str, dict] = {
    "RexInclusive": {"rex_inclusive": True}, "RexExclusive": {"rex_inclusive": False},
    "Mirror": {"side_overrider": "mirror"}, "Diametral": {"square_adapter": "diametral"},
    "VerticalMirror": {"square_adapter": "verticalmirror"}, "Assassin": {"on_occupied": "assassinate"},
    "Clone": {"walk_adapter": "clone"}, "Einstein": {"walk_adapter": "einstein"},
    "ReversalEinstein": {"walk_adapter": "reversaleinstein"}, "Turncoats": {"turncoat": True},
    "LastMove": {"relevant_capture": "lastmove"}, "Equipollents": {"determine": "equipollents"},
    "Parrain": {"determine": "equipollents", "relevant_capture": "lastmove"},
    "ContraParrain": {"determine": "equipollents", "relevant_capture": "lastmove", "side_overrider": "mirror"},
    "Cage": {"determine": "cage"},
    "Rank": {"determine": "rank", "square_adapter": "rank", "side_overrider": "rank"},
    "File": {"determine": "file"}, "Symmetry": {"determine": "symmetry"},
    "CaptureSquare": {"determine": "capture_square"}, "VerticalSymmetry": {"determine": "vertical_symmetry"},
    "HorizontalSymmetry": {"determine": "horizontal_symmetry"}, "Diagram": {"determine": "diagram"},
    "PWC": {"determine": "pwc"}, "Antipodes": {"determine": "antipodes"}, "Super": {"determine": "super"},
    "Take&Make": {"determine": "take_and_make"}, "Frischauf": {"square_adapter": "frischauf"},
    "Calvet": {"anticirce_type": "Calvet"}, "Cheylan": {"anticirce_type": "Cheylan"},
    "Strict": {"on_occupied": "strict"}, "Relaxed": {"on_occupied": "relaxed"},
    "Volcanic": {"on_occupied": "volcanic"}, "Parachute": {"on_occupied": "parachute"},
    "WaitCapture": {"relevant_capture": "lastcapture"},
}

# The traditional names of Circe variants (`MirrorCirce`): the family whose
# line they set, the fields, and which Rex word they read after them.
_LEGACY: dict[str, tuple[str, dict, str | None]] = {
    "circediametral": ("circe", {"square_adapter": "diametral"}, "RexInclusive"),
    "circemirrorvertical": ("circe", {"square_adapter": "verticalmirror"}, "RexInclusive"),
    "circeturncoats": ("circe", {"turncoat": True}, None),
    "circerank": ("circe", _CIRCE_WORDS["Rank"], "RexInclusive"),
    "circediagramm": ("circe", {"determine": "diagram"}, "RexInclusive"),
    "circefile": ("circe", {"determine": "file"}, "RexInclusive"),
    "circecouscous": ("circe", {"actual_piece": "capturer"}, None),
    "circecouscousmirror": ("circe", {"actual_piece": "capturer", "side_overrider": "mirror"}, "RexInclusive"),
    "circeequipollents": ("circe", {"determine": "equipollents"}, "RexInclusive"),
    "circesymmetry": ("circe", {"determine": "symmetry"}, "RexInclusive"),
    "circeverticalsymmetry": ("circe", {"determine": "vertical_symmetry"}, "RexInclusive"),
    "circehorizontalsymmetry": ("circe", {"determine": "horizontal_symmetry"}, "RexInclusive"),
    "pwc": ("circe", {"determine": "pwc"}, None),
    "circeantipoden": ("circe", {"determine": "antipodes"}, "RexInclusive"),
    "circetakeandmake": ("circe", {"determine": "take_and_make"}, None),
    "supercirce": ("circe", {"determine": "super"}, None),
    "circecage": ("circe", {"determine": "cage"}, None),
    "circeparrain": ("circe", _CIRCE_WORDS["Parrain"], None),
    "circecontraparrain": ("circe", _CIRCE_WORDS["ContraParrain"], None),
    "circemirror": ("circe", {"side_overrider": "mirror"}, "RexInclusive"),
    "circefilemirror": ("circe", {"side_overrider": "mirror", "determine": "file"}, "RexInclusive"),
    "circeclonemirror": ("circe", {"side_overrider": "mirror", "walk_adapter": "clone"}, "RexInclusive"),
    "circedoubleagents": ("circe", {"side_overrider": "mirror", "turncoat": True}, "RexInclusive"),
    "circeassassin": ("circe", {"on_occupied": "assassinate"}, "RexInclusive"),
    "circeclone": ("circe", {"walk_adapter": "clone"}, "RexInclusive"),
    "frischauf": ("circe", {"square_adapter": "frischauf"}, "RexInclusive"),
    "antimirror": ("anticirce", {"side_overrider": "mirror"}, "anticirce"),
    "anticlonecirce": ("anticirce", {"walk_adapter": "clone"}, None),
    "antiequipollents": ("anticirce", {"determine": "equipollents"}, "anticirce"),
    "antiantipoden": ("anticirce", {"determine": "antipodes"}, "anticirce"),
    "antimirrorfile": ("anticirce", {"determine": "file", "side_overrider": "mirror"}, "anticirce"),
    "antisymmetrie": ("anticirce", {"determine": "symmetry"}, "anticirce"),
    "antiverticalsymmetrie": ("anticirce", {"determine": "vertical_symmetry"}, "anticirce"),
    "antihorizontalsymmetrie": ("anticirce", {"determine": "horizontal_symmetry"}, "anticirce"),
    "antifile": ("anticirce", {"determine": "file"}, "anticirce"),
    "antidiagramm": ("anticirce", {"determine": "diagram"}, "anticirce"),
    "antisuper": ("anticirce", {"determine": "super"}, "anticirce"),
    "immunmirror": ("immun", {"side_overrider": "mirror"}, "RexInclusive"),
    "immunfile": ("immun", {"determine": "file"}, None),
    "immundiagramm": ("immun", {"determine": "diagram"}, "RexInclusive"),
    "immunmirrorfile": ("immun", {"determine": "file", "side_overrider": "mirror"}, None),
    "immunsymmetry": ("immun", {"determine": "symmetry"}, None),
    "immunverticalsymmetry": ("immun", {"determine": "vertical_symmetry"}, None),
    "immunhorizontalsymmetry": ("immun", {"determine": "horizontal_symmetry"}, None),
    "immunantipoden": ("immun", {"determine": "antipodes"}, None),
    "immunequipollents": ("immun", {"determine": "equipollents"}, None),
    "marsmirror": ("mars", {"side_overrider": "mirror"}, "RexExclusive"),
    "antimarsmirror": ("antimars", {"side_overrider": "mirror"}, "RexExclusive"),
    "antimarsantipodean": ("antimars", {"determine": "antipodes"}, "RexExclusive"),
}


def _read_legacy(state: State, cid: str, params) -> None:
    family, changes, rex = _LEGACY[cid]
    changes = dict(changes)
    if rex == "anticirce":   # ParseAnticirceVariant: Calvet unless Cheylan is given
        changes["anticirce_type"] = "Cheylan" if "Cheylan" in params else "Calvet"
    elif rex is not None and (flag := _rex(params, rex)) is not None:
        changes["rex_inclusive"] = flag
    state.variant(family, **changes)


def _read_chameleon_circe(state: State, cid: str, params) -> None:
    v = state.variants["circe"]
    state.variant("circe", walk_adapter="chameleon", chameleon=tuple(params) if params else v.chameleon)


def _read_april(state: State, cid: str, params) -> None:
    if not params:   # Popeye refuses it (WrongPieceName) and drops the flag
        state.flags.discard("april")
        return
    state.variant("circe", april_walks=tuple(params), determine="super")


def _read_chameleon_chess(state: State, cid: str, params) -> None:
    if params:
        state.values["chameleon_sequence"] = tuple(params)
        if cid == "chamchess":
            state.flags.add("chameleonsequence")


def _read_mummer(side: str, *, regular: str | None = None) -> Callable:
    def read(state: State, cid: str, params) -> None:
        if regular is not None:
            state.mummer[side] = regular
        else:
            state.mummer[side] = params[0] if params else "regular"
    return read


def _read_squares(flag: str, strictness: tuple[str, str] | None = None) -> Callable:
    def read(state: State, cid: str, params) -> None:
        if strictness is not None:
            state.mummer[strictness[0]] = strictness[1]
        state.add_squares(flag, [p for p in params if kw.squares_of(p)])
    return read


def _read_magic(state: State, cid: str, params) -> None:
    state.add_squares("magic", [p for p in params if kw.squares_of(p)])
    state.values["magic_type"] = "Type2" if "Type2" in params else "Type1"


def _read_flag(name: str, value: Callable) -> Callable:
    def read(state: State, cid: str, params) -> None:
        state.values[name] = value(params)
    return read


def _read_rex(name: str, what: str) -> Callable:
    def read(state: State, cid: str, params) -> None:
        flag = _rex(params, what)
        if flag is not None:
            state.values[name] = flag
    return read


def _read_isardam(state: State, cid: str, params) -> None:
    state.values["isardam_type"] = "TypeB" if "TypeB" in params else "TypeA"
    _read_rex("madrasi_rex", "RexInclusive")(state, cid, params)


def _read_lettered(name: str) -> Callable:
    return _read_flag(name, lambda params: params[0] if params else "TypeA")


def _read_oscillating(side: str) -> Callable:
    return _read_flag(f"oscillating_{side}", lambda params: params[0] if params else "TypeA")


def _read_swapping(state: State, cid: str, params) -> None:
    state.flags |= {"white_oscillatingKs", "black_oscillatingKs"}
    state.values["oscillating_white"] = state.values["oscillating_black"] = "TypeC"


def _read_numbered(name: str, default: str) -> Callable:
    return _read_flag(name, lambda params: params[0] if params else default)


def _read_sat(state: State, cid: str, params) -> None:
    numbers = [int(p) for p in params[:2]]
    white = numbers[0] + 1 if numbers else 1
    state.values["sat"] = (white, numbers[1] + 1 if len(numbers) > 1 else white)


def _read_koeko(state: State, cid: str, params) -> None:
    kind = params[1] if params[:1] == ("Neighbour",) and len(params) > 1 else "K"
    state.values[cid + "_piece"] = kind if kind in _KOEKO_PIECES else "K"


_KOEKO_PIECES = frozenset({"K", "S", "WE", "FE", "DA", "AL", "CA", "Z", "GI", "AN"})


def _read_vault(sides: tuple[str, ...]) -> Callable:
    def read(state: State, cid: str, params) -> None:
        for side in sides:
            walks = state.values.setdefault(f"vaulters_{side}", [])
            walks += [p for p in params if p != "Transmuting"]
            state.values[f"vault_transmuting_{side}"] = "Transmuting" in params
    return read


def _read_sentinelles(state: State, cid: str, params) -> None:
    state.values["sentinelles_mode"] = "propre"
    i = 0
    while i < len(params):
        word = params[i]
        i += 1
        number = params[i] if i < len(params) and params[i].isdigit() else None
        if word in ("MaximumBlack", "MaximumWhite", "MaximumTotal"):
            default, key = (16, "sentinelles_total") if word == "MaximumTotal" else \
                (8, "sentinelles_black" if word == "MaximumBlack" else "sentinelles_white")
            value = int(number) if number is not None and int(number) <= 64 else default
            if number is not None:
                i += 1
            state.values[key] = value
        elif word == "PionAdvers":
            state.values["sentinelles_mode"] = "adverse"
        elif word == "PionNeutre":
            state.values["sentinelles_mode"] = "neutre"
        elif word == "ParaSentinelles":
            state.values["sentinelles_para"] = True
        elif word == "Berolina":
            state.values["sentinelles_berolina"] = True


def _read_words(name: str) -> Callable:
    """Conditions whose variant words are reset by each reading (Breton, CAST)."""
    return _read_flag(name, lambda params: tuple(params))


def _read_pad(state: State, cid: str, params) -> None:
    state.values["pad"] = ("Strict" in params, "RexInclusive" in params)


def _read_lastcapture(state: State, cid: str, params) -> None:
    if not params:
        state.flags.discard(cid)


_READERS: dict[str, Callable] = {
    "hypervolage": lambda s, c, p: s.flags.add("volage"),
    "leofamily": lambda s, c, p: s.flags.add("chinoises"),
    "contactgrid": lambda s, c, p: s.flags.update({"gridchess", "koeko"}),
    "dbltibet": lambda s, c, p: s.flags.add("tibet"),
    "imitators": lambda s, c, p: s.values.__setitem__("imitators", tuple(p)),
    "blroyalsq": lambda s, c, p: s.values.__setitem__("royal_black", p[0] if p else None),
    "whroyalsq": lambda s, c, p: s.values.__setitem__("royal_white", p[0] if p else None),
    "magicsquare": _read_magic,
    "wormholes": _read_squares("wormhole"),
    "whprom_sq": _read_squares("whprom"),
    "blprom_sq": _read_squares("blprom"),
    "whforsqu": _read_squares("whforced", ("white", "regular")),
    "blforsqu": _read_squares("blforced", ("black", "regular")),
    "whconforsqu": _read_squares("whforced", ("white", "ultra")),
    "blconforsqu": _read_squares("blforced", ("black", "ultra")),
    "blmaxdister": _read_flag("dister", tuple), "blmindister": _read_flag("dister", tuple),
    "whmaxdister": _read_flag("dister", tuple), "whmindister": _read_flag("dister", tuple),
    "trans_king": lambda s, c, p: s.flags.update({"whtrans_king", "bltrans_king"}),
    "refl_king": lambda s, c, p: s.flags.update({"whrefl_king", "blrefl_king"}),
    "vault_king": _read_vault(("white", "black")),
    "whvault_king": _read_vault(("white",)),
    "blvault_king": _read_vault(("black",)),
    "blmax": _read_mummer("black"), "blmin": _read_mummer("black"), "blcapt": _read_mummer("black"),
    "whmax": _read_mummer("white"), "whmin": _read_mummer("white"), "whcapt": _read_mummer("white"),
    "whsupertrans_king": _read_mummer("white", regular="regular"),
    "blsupertrans_king": _read_mummer("black", regular="regular"),
    "circe": lambda s, c, p: _circe_variants(s, "circe", p),
    "anticirce": lambda s, c, p: _circe_variants(s, "anticirce", p),
    "immun": lambda s, c, p: _circe_variants(s, "immun", p),
    "mars": lambda s, c, p: _circe_variants(s, "mars", p),
    "antimars": lambda s, c, p: _circe_variants(s, "antimars", p),
    "phantom": lambda s, c, p: _circe_variants(s, "phantom", p),
    "geneva": lambda s, c, p: _circe_variants(s, "geneva", p),
    "circechameleon": _read_chameleon_circe,
    "april": _read_april,
    "chamchess": _read_chameleon_chess,
    "chameleonsequence": _read_chameleon_chess,
    "messigny": _read_rex("messigny_rex", "RexExclusive"),
    "woozles": _read_rex("woozles_rex", "RexExclusive"),
    "biwoozles": _read_rex("woozles_rex", "RexExclusive"),
    "heffalumps": _read_rex("woozles_rex", "RexExclusive"),
    "biheffalumps": _read_rex("woozles_rex", "RexExclusive"),
    "protean": _read_rex("protean_rex", "RexExclusive"),
    "frankfurt": _read_rex("frankfurt_rex", "RexExclusive"),
    "madras": _read_rex("madrasi_rex", "RexInclusive"),
    "isardam": _read_isardam,
    "annan": _read_lettered("annan_type"), "nanna": _read_lettered("annan_type"),
    "kobulkings": _read_flag("kobul", lambda p: p[0] if p else None),
    "multicaptures": _read_flag("multicaptures", lambda p: p[0] if p else None),
    "sentinelles": _read_sentinelles,
    "breton": _read_words("breton"),
    "cast": _read_words("cast"),
    "singlebox": _read_numbered("singlebox", "Type1"),
    "republican": _read_numbered("republican", "Type2"),
    "promotiononly": _read_flag("promonly", tuple),
    "football": _read_flag("football", tuple),
    "koeko": _read_koeko, "antikoeko": _read_koeko,
    "white_oscillatingKs": _read_oscillating("white"),
    "black_oscillatingKs": _read_oscillating("black"),
    "swappingkings": _read_swapping,
    "SAT": _read_sat, "strictSAT": _read_sat,
    "BGL": _read_flag("bgl", tuple),
    "gridchess": _read_flag("grid", tuple),
    "lastcapture": _read_lastcapture,
    "bolero": _read_rex("bolero_rex", "RexInclusive"),
    "bolero_inverse": _read_rex("bolero_rex", "RexInclusive"),
    "role_exchange": _read_flag("role_exchange", lambda p: p[0] if p else None),
    "powertransfer": _read_flag("powertransfer_rex", lambda p: "RexInclusive" in p),
    "pad": _read_pad,
}
_READERS.update({cid: _read_legacy for cid in _LEGACY})
_SIDE_REGULAR = {"blfollow": ("black",), "blackalphabetic": ("black",), "blacksynchron": ("black",),
                 "blackantisynchron": ("black",), "schwarzschacher": ("black",), "whfollow": ("white",),
                 "whitealphabetic": ("white",), "whitesynchron": ("white",), "whiteantisynchron": ("white",),
                 "alphabetic": ("white", "black"), "duellist": ("white", "black"),
                 "losingchess": ("white", "black")}


def read(conditions) -> State:
    """Popeye's state after reading these conditions, in their order."""
    state = State()
    for condition in conditions:
        if condition.name == "Marseillais":
            state.marseillais = tuple(condition.params)
            continue
        if condition.name in ("Maximummer", "UltraSchachZwang"):
            state.extra.add(condition.name)
            if condition.name == "Maximummer":
                state.mummer["default"] = condition.params[0] if condition.params else "regular"
            continue
        cid = condition_id(condition.name)
        if cid is None:
            continue
        state.flags.add(cid)
        for side in _SIDE_REGULAR.get(cid, ()):
            state.mummer[side] = "regular"
        reader = _READERS.get(cid)
        if reader is not None:
            reader(state, cid, tuple(condition.params))
    if state.values.get("oscillating_white") == state.values.get("oscillating_black") == "TypeC" \
            and {"white_oscillatingKs", "black_oscillatingKs"} <= state.flags:
        state.flags.add("swappingkings")
    return state


# --- writing ---------------------------------------------------------------------------------

def _word(table: str, english: str, language: str) -> str:
    """`english`, an entry of one of Popeye's tables, in `language`."""
    words = getattr(vocab, table)
    return words[language][words["en"].index(english)]


def _circe_word(english: str, language: str) -> str:
    return _word("CIRCE_VARIANTS", english, language)


def _walk(kind: str, language: str) -> str:
    return kw.letters_of(kind, language)


def _board_order(squares) -> list[str]:
    """Squares as Popeye's writers loop over them: a1, b1, ..., h1, a2, ..., h8."""
    return sorted(dict.fromkeys(squares), key=lambda s: (s[1], s[0]))


def _squares_text(squares) -> str:
    return "".join(" " + s for s in squares)


def _chameleon_text(sequence, language: str) -> str:
    """append_to_CondLine_chameleon_sequence: ' Q->R->B->S->Q', each cycle from
    its first walk in Popeye's order."""
    if not sequence:
        return ""
    successor = {}
    for a, b in zip(sequence, sequence[1:]):
        successor[a] = b
    if len(sequence) > 1 and sequence[-1] != sequence[0]:
        successor[sequence[-1]] = sequence[0]
    text, written = " ", set()
    for p in _walk_order(successor):
        if p in written or successor.get(p, p) == p:
            continue
        text += _walk(p, language)
        q = p
        while True:
            q = successor.get(q, q)
            text += "->" + _walk(q, language)
            written.add(q)
            if q == p:
                break
    return text


def circe_variants_text(v: CirceVariant, rex_default: str, language: str) -> str:
    """append_circe_variants: the variant words in Popeye's fixed order."""
    words: list[str] = []
    first = {"pwc": "PWC", "symmetry": "Symmetry", "vertical_symmetry": "VerticalSymmetry",
             "horizontal_symmetry": "HorizontalSymmetry", "diagram": "Diagram", "cage": "Cage",
             "rank": "Rank", "file": "File"}
    if v.determine in first:
        words.append(first[v.determine])
    if v.actual_piece != v.default_piece:
        words.append("Couscous")
    second = {"antipodes": "Antipodes", "take_and_make": "Take&Make", "super": "Super",
              "capture_square": "CaptureSquare"}
    if v.determine in second:
        words.append(second[v.determine])
    text = "".join(" " + _circe_word(w, language) for w in words)
    words = []
    if v.april_walks:
        text += " " + _circe_word("April", language)
        text += "".join(" " + _walk(k, language) for k in _walk_order(v.april_walks))
    if v.determine == "equipollents":
        words.append("Equipollents" if v.relevant_capture == "thismove"
                     else "ContraParrain" if v.side_overrider == "mirror" else "Parrain")
    if v.relevant_capture == "lastcapture":
        words.append("WaitCapture")
    if v.side_overrider == "mirror":
        words.append("Mirror")
    occupied = {"assassinate": "Assassin", "strict": "Strict", "relaxed": "Relaxed",
                "parachute": "Parachute", "volcanic": "Volcanic"}
    if v.on_occupied in occupied:
        words.append(occupied[v.on_occupied])
    adapter = {"diametral": "Diametral", "verticalmirror": "VerticalMirror"}
    if v.square_adapter in adapter:
        words.append(adapter[v.square_adapter])
    walk = {"clone": "Clone", "einstein": "Einstein", "reversaleinstein": "ReversalEinstein"}
    if v.walk_adapter in walk:
        words.append(walk[v.walk_adapter])
    text += "".join(" " + _circe_word(w, language) for w in words)
    words = []
    if v.walk_adapter == "chameleon":
        text += " " + _circe_word("Chameleon", language) + _chameleon_text(v.chameleon, language)
    if v.turncoat:
        words.append("Turncoats")
    if v.square_adapter == "frischauf":
        words.append("Frischauf")
    if v.anticirce_type == "Cheylan":
        words.append("Cheylan")
    rex = "RexInclusive" if v.rex_inclusive else "RexExclusive"
    if rex != rex_default:
        words.append(rex)
    return text + "".join(" " + _circe_word(w, language) for w in words)


def _anything_to_write(cid: str, state: State) -> bool:
    """Popeye's anything_to_write: lines another line stands for."""
    flags = state.flags
    if cid in _LEGACY or cid in ("circechameleon", "april", "holes"):
        return False
    hidden_by = {"volage": "hypervolage", "chinoises": "leofamily", "gridchess": "contactgrid",
                 "koeko": "contactgrid", "tibet": "dbltibet", "whitealphabetic": "alphabetic",
                 "blackalphabetic": "alphabetic", "whvault_king": "vault_king", "blvault_king": "vault_king",
                 "whtrans_king": "trans_king", "bltrans_king": "trans_king"}
    if cid in hidden_by:
        return hidden_by[cid] not in flags
    if cid in ("white_oscillatingKs", "black_oscillatingKs"):
        side = "white" if cid.startswith("white") else "black"
        return not ("swappingkings" in flags and state.values.get(f"oscillating_{side}") == "TypeC")
    return True


def _strictness(state: State, side: str, language: str) -> str:
    strictness = state.mummer[side]
    if strictness in ("exact", "ultra"):
        return "  " + vocab.MUMMER_STRICTNESS[language][2 if strictness == "exact" else 3]
    return ""


def _roman(n: int) -> str:
    return ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII")[n] if 0 <= n <= 8 else str(n)


def _param_text(cid: str, state: State, language: str, options) -> str | None:
    """What Popeye appends to the name of condition `cid`; None: no line at all."""
    values, v = state.values, state.variants
    if cid in ("blmax", "whmax") and "Maximummer" in state.extra:
        return None
    if cid in ("blmax", "blmin", "blcapt"):
        return _strictness(state, "black", language)
    if cid in ("whmax", "whmin", "whcapt"):
        return _strictness(state, "white", language)
    if cid in ("blmaxdister", "blmindister", "whmaxdister", "whmindister"):
        return _squares_text(values.get("dister", ())[:2])
    if cid in ("blackultraschachzwang", "whiteultraschachzwang") and "UltraSchachZwang" in state.extra:
        return None
    if cid in VARIANT_DEFAULTS:
        return circe_variants_text(v[cid], VARIANT_DEFAULTS[cid][1], language)
    if cid == "sentinelles":
        return _sentinelles_text(state, language)
    if cid == "breton":
        return "".join(" " + _word("BRETON_VARIANTS", w, language)
                       for w in ("Adverse", "Chromatic", "PY") if w in values.get("breton", ()))
    if cid == "cast":
        return " " + vocab.CAST_VARIANTS[language][0] if "Inverse" in values.get("cast", ()) else ""
    if cid == "BGL":
        from solver.conditions.bgl import condition_text

        return " " + condition_text(values.get("bgl", ()))
    if cid in ("kobulkings", "multicaptures"):
        who = values.get("kobul" if cid == "kobulkings" else "multicaptures")
        return " " + who if who else ""
    if cid in ("vault_king", "whvault_king", "blvault_king"):
        side = "black" if cid == "blvault_king" else "white"
        walks = values.get(f"vaulters_{side}", [])
        text = "" if walks == ["EQ"] else "".join(" " + _walk(k, language) for k in walks)
        if values.get(f"vault_transmuting_{side}"):
            text += "-" + _walk("K", language)
        return text
    if cid == "promotiononly":
        return "".join(" " + _walk(k, language) for k in _walk_order(values.get("promonly", ())))
    if cid == "football":
        walks = values.get("football", ())
        return "".join(" " + _walk(k, language) for k in _walk_order(walks)) if walks else None
    if cid == "imitators":
        return _squares_text(values.get("imitators", ()))
    if cid == "noiprom":
        return "" if "imitators" in state.flags else None
    if cid == "magicsquare":
        text = " " + vocab.NUMBERED_TYPES[language][1] if values.get("magic_type") == "Type2" else ""
        return text + _squares_text(_board_order(state.squares.get("magic", ())))
    square_flags = {"whforsqu": "whforced", "whconforsqu": "whforced", "blforsqu": "blforced",
                    "blconforsqu": "blforced", "whprom_sq": "whprom", "blprom_sq": "blprom",
                    "wormholes": "wormhole"}
    if cid in square_flags:
        return _squares_text(_board_order(state.squares.get(square_flags[cid], ())))
    if cid in ("blroyalsq", "whroyalsq"):
        square = values.get("royal_black" if cid == "blroyalsq" else "royal_white")
        return " " + square if square else ""
    if cid in ("madras", "isardam"):
        text = ""
        if cid == "isardam" and values.get("isardam_type") == "TypeB":
            text += "    " + _word("LETTERED_TYPES", "TypeB", language)
        return text + (" " + _circe_word("RexInclusive", language) if values.get("madrasi_rex") else "")
    rex_exclusive = {"messigny": "messigny_rex", "woozles": "woozles_rex", "biwoozles": "woozles_rex",
                     "heffalumps": "woozles_rex", "biheffalumps": "woozles_rex", "protean": "protean_rex",
                     "frankfurt": "frankfurt_rex"}
    if cid in rex_exclusive:
        return " " + _circe_word("RexExclusive", language) if values.get(rex_exclusive[cid]) is False else ""
    if cid in ("chameleonsequence", "chamchess"):
        return _chameleon_text(values.get("chameleon_sequence", ()), language)
    if cid in ("annan", "nanna"):
        kind = values.get("annan_type", "TypeA")
        return "" if kind == "TypeA" else "    " + _word("LETTERED_TYPES", kind, language)
    if cid == "gridchess":
        return _grid_text(values.get("grid", ()), language, options)
    if cid in ("white_oscillatingKs", "black_oscillatingKs"):
        kind = values.get("oscillating_" + ("white" if cid.startswith("white") else "black"), "TypeA")
        if kind == "TypeB":
            return "    " + _word("LETTERED_TYPES", "TypeB", language)
        if kind == "TypeC" and "swappingkings" not in state.flags:
            return "  " + _word("LETTERED_TYPES", "TypeC", language)
        return ""
    if cid in ("singlebox", "republican"):
        return "    " + _word("NUMBERED_TYPES", values.get(cid), language)
    if cid in ("SAT", "strictSAT"):
        white, black = values.get("sat", (1, 1))
        if white == 1 and black == 1:
            return ""
        return " " + _roman(white - 1) + ("/" + _roman(black - 1) if white != black else "")
    if cid in ("bolero", "bolero_inverse"):
        return " " + _circe_word("RexInclusive", language) if values.get("bolero_rex") else ""
    if cid == "role_exchange":
        limit = values.get("role_exchange")
        return " " + limit if limit else ""
    if cid == "powertransfer":
        return " " + _circe_word("RexInclusive", language) if values.get("powertransfer_rex") else ""
    if cid == "pad":
        strict, rex = values.get("pad", (False, False))
        return (" " + _circe_word("Strict", language) if strict else "") + \
            (" " + _circe_word("RexInclusive", language) if rex else "")
    return ""


def _sentinelles_text(state: State, language: str) -> str:
    values = state.values
    text = ""
    if values.get("sentinelles_berolina"):
        text += " Berolina"
    mode = values.get("sentinelles_mode")
    if mode == "adverse":
        text += "  " + _word("SENTINELLES_VARIANTS", "PionAdvers", language)
    elif mode == "neutre":
        text += "  " + _word("SENTINELLES_VARIANTS", "PionNeutre", language)
    white, black = values.get("sentinelles_white", 8), values.get("sentinelles_black", 8)
    if white != 8 or black != 8:
        text += f" {white}/{black}"
    total = values.get("sentinelles_total", 16)
    if total != 16:
        text += f" //{total}"
    return text


def _grid_text(params, language: str, options) -> str:
    """GridChess's type is written only when the grid is not drawn (SuppressGrid)."""
    if "SuppressGrid" not in options:
        return ""
    kinds = [p for p in params if p in vocab.GRID_VARIANTS["en"] and p != "GridLine"]
    if not kinds:
        return ""
    return "  " + _word("GRID_VARIANTS", kinds[-1], language)


def _name(cid: str, language: str) -> str:
    return vocab.CONDITIONS[language][_INDEX[cid]]


def lines(state: State, language: str = "en", options=()) -> list[str]:
    """WriteConditions: the extra conditions first, then one line per
    condition flag in the order of Popeye's table."""
    out = []
    extra_words = dict(zip(vocab.EXTRA_CONDITIONS["en"], vocab.EXTRA_CONDITIONS[language]))
    if "Maximummer" in state.extra:
        out.append(extra_words["Maximummer"] + _strictness(state, "default", language))
    if "UltraSchachZwang" in state.extra:
        out.append(extra_words["UltraSchachZwang"])
    for cid in sorted(state.flags, key=_INDEX.__getitem__):
        if not _anything_to_write(cid, state):
            continue
        if cid in ("koeko", "antikoeko"):
            kind = state.values.get(cid + "_piece", "K")
            out.append(("" if kind == "K" else _walk(kind, language) + "-") + _name(cid, language))
            continue
        if cid == "sentinelles" and state.values.get("sentinelles_para"):
            head = "Para" + _name(cid, language)
        else:
            head = _name(cid, language)
        text = _param_text(cid, state, language, options)
        if text is not None:
            out.append(head + text)
    if state.marseillais is not None:
        out.append(_marseillais_line(state.marseillais, language))
    return out


def _marseillais_line(params, language: str) -> str:
    """feerie's own Marseillais, in the words its reader takes (Popeye has no such condition)."""
    name = {"en": "MarseillaisChess", "de": "MarseillaisSchach", "fr": "EchecsMarseillais"}[language]
    words = dict(zip(kw.MARSEILLAIS_PARAMETERS, kw.MARSEILLAIS_WORDS[language]))
    return " ".join([name, *(words[p] for p in params)])


def condition_lines(conditions, language: str = "en", options=()) -> list[str]:
    """The lines Popeye writes under the stipulation for these conditions.
    `options`: the names of the problem's options (SuppressGrid matters)."""
    return lines(read(conditions), language, tuple(options))


def imitator_squares(conditions) -> tuple[str, ...]:
    """Where the imitators stand: the squares of the last Imitator condition
    (Popeye's reader starts the list afresh at each one)."""
    return tuple(read(conditions).values.get("imitators", ()))


__all__ = ["CirceVariant", "State", "circe_variants_text", "condition_id", "condition_lines",
           "imitator_squares", "lines", "read"]
