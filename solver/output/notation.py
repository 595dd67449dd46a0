"""Move notation as Popeye prints it, in English, French or German.

The tree stores moves language-neutrally (`Component`, with Popeye's English
piece codes); only here do they become text, with the piece codes of the
problem's language: `Rc2-c3`, `Rh1*d1`, `CAb1-c4` (French `CHb1-c4`),
a locust's capture `Lh8*f6-e5`, pawns without a letter (`c7-c8=S`,
`c7*b8=Q`, `b7-b8=CA`), `0-0`, `0-0-0`, `g4*f3 ep.`, the
Messigny exchange `Ra8<->Rg5`, Marseillais components joined by a comma
(`Kg8-h7,Kh7-h6`), and the mark after the turn (` +`, ` #`, ` =`).

`scan_turn` is the inverse, used to read Popeye's output back.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache

from solver.model.tree import BLACK, Component, Effect, Turn, WHITE

LANGUAGES = ("en", "fr", "de")

@lru_cache(maxsize=None)
def _piece_tables() -> tuple[dict[str, dict[str, str]], dict[str, dict[str, str]]]:
    """English code -> code in each language, and back: the upper-cased piece
    names of Popeye's input vocabulary, entry i the same piece in every
    language (one table for reading and writing; tests check the walk
    catalogue's codes against it).  Imported on first use, as
    `solver.model.twins` does, so that the engine does not load the grammar."""
    from solver.model.vocabulary import PIECE_LETTERS
    to_lang: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    from_lang: dict[str, dict[str, str]] = {lang: {} for lang in LANGUAGES}
    for lang in LANGUAGES:
        for en, code in zip(PIECE_LETTERS["en"], PIECE_LETTERS[lang]):
            to_lang[lang][en.upper()] = code.upper()
            from_lang[lang][code.upper()] = en.upper()
    return to_lang, from_lang


def _check_language(language: str) -> str:
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; expected one of {', '.join(LANGUAGES)}")
    return language


def piece_letter(kind: str, language: str = "en") -> str:
    """The letter(s) Popeye prints for a piece kind (an English code) in `language`.

    A kind missing from the table is printed as it is (upper case)."""
    return _piece_tables()[0][_check_language(language)].get(kind.upper(), kind.upper())


def piece_kind(letter: str, language: str = "en") -> str | None:
    """The English code of the piece `language` prints as `letter`, or None."""
    return _piece_tables()[1][_check_language(language)].get(letter.upper())


def castling_squares(castling: str, side: str) -> tuple[str, str]:
    """The king's squares of a castling ('0-0' or '0-0-0') by `side`."""
    rank = "1" if side == WHITE else "8"
    return "e" + rank, ("g" if castling == "0-0" else "c") + rank


# Popeye's letters for white and black in an effect ('[-wkRd5]'), by language.
COLOUR_LETTERS = {"en": ("w", "b"), "fr": ("b", "n"), "de": ("w", "s")}
# ... and for a neutral piece ('[+nRa8]': a neutral victim reborn, solver.engine.neutral_effects);
# in French 'n' is noir's too: read back, it is black there
NEUTRAL_LETTER = "n"
NEUTRAL_COLOUR = "neutral"


def colour_letter(colour: str, language: str = "en") -> str:
    """Popeye's letter of a piece's colour in an effect."""
    if colour == NEUTRAL_COLOUR:
        return NEUTRAL_LETTER
    return COLOUR_LETTERS[language][0 if colour == WHITE else 1]


def attribute_prefix(names, language: str = "en") -> str:
    """The letters Popeye prints before a piece with these attributes ('rkc';
    German 'kkc')."""
    from solver.pieces.attributes import prefix_of

    return prefix_of(names, language) if names else ""


def effect_text(e: Effect, c: Component, language: str = "en") -> str:
    """An effect as Popeye prints it after the move: the mover's change of
    kind `=cB`, a piece removed `[-wkRd5]`."""
    if e.before and e.after and c.castling and e.before[0] == e.after[0]:
        return "=" + piece_letter(e.after[1], language)   # the castling rook's change (Einstein): `0-0=B`
    if e.bracketed and e.before and e.after:
        if e.before[0] != e.after[0]:    # any piece's change of colour (Masand, Breton): `[e5=w]`
            return f"[{e.square}={colour_letter(e.after[0], language)}]"
        return walk_change_text(e, language)   # a promotion after Breton's effect: `[a8=Q]`
    if e.before and e.after and e.square == c.to:
        if e.before[0] != e.after[0]:    # the mover changes colour (Andernach): `=b`
            return "=" + colour_letter(e.after[0], language)
        if e.before[1] == e.after[1]:    # the attributes alone change: `=Q=c`
            return "=" + attribute_prefix(e.after[2], language)
        return "=" + attribute_prefix(e.after[2], language) + piece_letter(e.after[1], language)

    def piece(p) -> str:
        colour = colour_letter(p[0], language)
        return colour + attribute_prefix(p[2], language) + piece_letter(p[1], language) + e.square

    if e.below:   # reborn below the piece on its square (Circe Volcanic): `[+bSb8->v]`
        return f"[+{piece(e.after)}->v]"
    if e.before and not e.after:
        return f"[-{piece(e.before)}]"
    if e.after and not e.before:
        return f"[+{piece(e.after)}]"
    if e.before[0] == e.after[0] and e.before[2] == e.after[2]:   # a change of kind: `[h8=R]`
        return walk_change_text(e, language)
    return f"[{piece(e.before)}={piece(e.after)[:-2]}]"


_PASS = Component("", "", "")   # what a pass's effects are written after: no move


def pass_text(effects: tuple[Effect, ...], language: str = "en") -> str:
    """The effects of a threat's pass, as Popeye writes them after its label
    (LostPieces: `threat:[-wPd7]`); "" for none."""
    return "".join(effect_text(e, _PASS, language) for e in effects)


_PASS_EFFECT = re.compile(r"\[-(?P<colour>[a-z])(?P<kind>[A-Z0-9]{1,2})(?P<sq>[a-h][1-8])\]")


def read_pass(text: str, language: str = "en") -> tuple[Effect, ...]:
    """`pass_text` read back: removals only (`[-wPd7][-bSb5]`), the only
    effects a pass has (LostPieces); NotationError for anything else."""
    out = []
    at = 0
    letters = COLOUR_LETTERS[language]
    while at < len(text):
        m = _PASS_EFFECT.match(text, at)
        if m is None or m.group("colour") not in letters:
            raise NotationError(f"cannot read the pass's effects {text!r}")
        colour = WHITE if m.group("colour") == letters[0] else BLACK
        out.append(Effect(m.group("sq"), (colour, _kind(m.group("kind"), language, text), ()), None))
        at = m.end()
    return tuple(out)


def walk_change_text(e: Effect, language: str = "en") -> str:
    """A piece's change of kind on its square, as Popeye writes it: `[h8=R]`
    (SingleBox's latent pawn promoted), with the piece's attributes after it
    (KobulKings: the king turned royal rook, `[b7=rR]`)."""
    return f"[{e.square}={attribute_prefix(e.after[2], language)}{piece_letter(e.after[1], language)}]"


def component_text(c: Component, language: str = "en") -> str:
    if c.budget:   # BGL: the budgets left after the move, `a3-a2 (4.5/3)`
        return component_text(replace(c, budget=()), language) + f" ({'/'.join(c.budget)})"
    if c.before and c.castling:   # AntiMarsCirce: king and rook lifted home first, `[bKf6->e8]0-0-0`
        return effects_text(replace(c, effects=c.before, castling=None), language) + \
            component_text(replace(c, before=()), language)
    if c.before:   # SingleBox Type3: the promotion that goes with the move, `[e8=R]Re8-e4`
        return "".join(walk_change_text(e, language) for e in c.before) + \
            component_text(replace(c, before=()), language)
    if c.imitators:   # Imitator: the imitators' squares after the move, `Kg3-h2[Ic5]`, `0-0[Ic4]`
        bare = component_text(replace(c, imitators=(), promotion=None), language)
        note = f"[I{','.join(c.imitators)}]"
        if c.castling:
            return bare + note
        promotion = "" if not c.promotion else "=" + piece_letter(c.promotion, language)
        tail = " ep." if c.en_passant else ""
        head = bare[:len(bare) - len(tail)] if tail else bare
        return head + note + promotion + tail
    if c.castling:   # (with its rook's change of kind, Einstein chess: `0-0=B`; a
        # half-neutral king's change of phase, `0-0=nh`)
        return c.castling + (half_neutral_text(c.half_neutral, language) if c.half_neutral else "") \
            + effects_text(c, language)
    letter = piece_letter(c.kind, language)
    if c.exchange:
        return f"{letter}{c.frm}<->{letter}{c.to}"
    # Popeye: a neutral piece 'nSd4-e6', a neutral pawn 'nPe2-e4', '=nQ'; attributes 'kRd4*d5';
    # a neutral half-neutral piece 'nhnRa1-a8'
    prefix = ("n" if c.neutral else "") + attribute_prefix(c.attributes, language)
    if c.captured:   # a locust: the square it takes on, then the one it lands on
        # (a pawn's, in Take&Make, without its letter: `b6*c7-c5`)
        text = f"{'' if c.kind == 'P' and not prefix else prefix + letter}{c.frm}*{c.captured}-{c.to}"
    else:
        # a pawn has no letter, but for one with attributes or neutral: `kPb7*c8`, `nPe2-e4`;
        # a MarsCirce capture from the rebirth square: `Rd4-a1*c1`
        text = ("" if c.kind == "P" and not prefix else prefix + letter) + c.frm + \
            (f"-{c.via}" if c.via else "") + ("*" if c.capture else "-") + c.to
    if c.promotion:
        text += "=" + prefix + piece_letter(c.promotion, language)
    if c.en_passant:
        text += " ep."
    if c.half_neutral:
        text += half_neutral_text(c.half_neutral, language)
    return text + effects_text(c, language)


def half_neutral_text(phase: str, language: str = "en") -> str:
    """A half-neutral mover's change of phase as Popeye writes it: `=nh` when
    it became neutral (in every language), `=wh` / `=bh` when it became
    White's / Black's (French `=bh` / `=nh`, German `=wh` / `=sh`)."""
    if phase == NEUTRAL_PHASE:
        return "=nh"
    return "=" + colour_letter(phase, language) + "h"


NEUTRAL_PHASE = "neutral"


def effects_text(c: Component, language: str = "en") -> str:
    """The component's effects as Popeye prints them: a piece taken off one
    square and put, unchanged, on another is one movement, `[wRb7->h1]`
    (AntiCirce's rebirth of the capturer, even on the square it took on); a
    piece added and then changed on its square is one rebirth with its
    promotion, `[+wPh8=Q]`."""
    out = []
    effects = c.effects
    i = 0
    while i < len(effects):
        e = effects[i]
        after = effects[i + 1] if i + 1 < len(effects) else None
        if e.before and e.after and after is not None and after.before == e.after \
                and after.after == e.before and e.before[0] != e.after[0] \
                and e.before[1] == e.after[1] == "K":
            # the two kings exchange squares (OscillatingKings), the white one's first:
            # Popeye writes each as the piece now on the other's square, the black
            # one's square first, `[Ke8<->Ke1]` (no other condition recolours a king,
            # so Masand's two recolourings `[e5=b][f6=w]` are not read as one)
            out.append(f"[{piece_letter(e.after[1], language)}{after.square}<->"
                       f"{piece_letter(after.after[1], language)}{e.square}]")
            i += 2
            continue
        if e.before and not e.after and after is not None and not after.before \
                and after.after == e.before and (after.square != e.square or e.square == c.to):
            # (on its own square, only the mover's: AntiCirce's `[wGa8->a8]`; another
            # piece removed where one like it is reborn is Assassin's or Parachute's)
            colour = colour_letter(e.before[0], language)
            then = effects[i + 2] if i + 2 < len(effects) else None
            promoted = ""
            if then is not None and then.square == after.square and then.before == after.after \
                    and then.after and then.after[0] == after.after[0]:
                # a capturing pawn reborn on its last rank, promoted (AntiSuperCirce): `[wPa7->d8=Q]`
                promoted = "=" + piece_letter(then.after[1], language)
                i += 1
            out.append(f"[{colour}{attribute_prefix(e.before[2], language)}"
                       f"{piece_letter(e.before[1], language)}{e.square}->{after.square}{promoted}]")
            i += 2
            continue
        if e.before and not e.after and after is not None and not after.before and after.after \
                and after.square != e.square \
                and after.after[0] == e.before[0] and after.after[2] == e.before[2]:
            # reborn elsewhere as another kind (AntiCirce Einstein): `[wRd5->Qd1]`
            colour = colour_letter(e.before[0], language)
            out.append(f"[{colour}{attribute_prefix(e.before[2], language)}{piece_letter(e.before[1], language)}"
                       f"{e.square}->{piece_letter(after.after[1], language)}{after.square}]")
            i += 2
            continue
        if e.after and not e.before and after is not None and after.square == e.square \
                and after.before == e.after and after.after and after.after[0] == e.after[0]:
            # a pawn reborn on its last rank, promoted: `[+wPh8=Q]`
            out.append(effect_text(e, c, language)[:-1] + "=" + piece_letter(after.after[1], language) + "]")
            i += 2
            continue
        if e.before and not e.after and after is not None and after.square == e.square \
                and not after.before and after.after:
            # a piece removed where another is reborn (Circe Assassin, Circe Parachute's
            # occupant going below): Popeye writes the rebirth alone, `Qd1*d5[+bSg8]`
            i += 1
            continue
        out.append(effect_text(e, c, language))
        i += 1
    return "".join(out)


def move_text(turn: Turn, language: str = "en") -> str:
    """The turn without its mark: components joined by a comma (Marseillais)."""
    return ",".join(component_text(c, language) for c in turn.components)


def turn_text(turn: Turn, language: str = "en") -> str:
    """The turn with its mark, as Popeye prints it: 'Rg5-d5 #'."""
    text = move_text(turn, language)
    return text + " " + turn.mark if turn.mark else text


# --- reading Popeye's notation back ------------------------------------------

_PIECE = r"[A-Z0-9]{1,2}"
_SQUARE = r"[a-h][1-8]"
# the attributes feerie plays (Royal, Kamikaze, Paralysing `p`, Chameleon, HalfNeutral `hn` / French
# `dn`, HurdleColourChanging `hcc` / German `sfw` / French `ces`, Uncapturable, Functionary `f` /
# German `b`, Patrol `p`), read by pieces.attributes.names_of_prefix
_PREFIX = r"(?:hcc|sfw|ces|[rkcufpb]|hn|dn){1,6}"
_COMPONENT = re.compile(
    # (AntiMarsCirce: king and rook lifted home first, `[bKf6->e8][bRh5->a8]0-0-0`)
    rf"(?P<lifted>(?:\[[a-z]{_PIECE}{_SQUARE}->{_SQUARE}\]){{1,2}})?"
    rf"(?P<castle>0-0-0|0-0)(?:=(?P<crook>[A-Z]))?"   # (the rook's change of kind, Einstein: `0-0=B`)
    rf"(?:=(?P<cphase>n)h(?![A-Za-z0-9]))?"   # (a half-neutral king becomes neutral: `0-0=nh`)
    rf"(?:\[I(?P<cimit>{_SQUARE}(?:,{_SQUARE})*)\])?"   # (the imitators after castling: `0-0[Ic4]`)
    rf"(?P<cswap>\[{_PIECE}{_SQUARE}<->{_PIECE}{_SQUARE}\])?"   # (the kings' exchange: `0-0[Kf7<->Kg1]`)
    rf"|(?P<xk1>{_PIECE})(?P<xs1>{_SQUARE})<->(?P<xk2>{_PIECE})(?P<xs2>{_SQUARE})"
    rf"|(?P<before>(?:\[{_SQUARE}={_PIECE}\])*)"
    rf"(?:(?P<neutral>n(?=[A-Z0-9]|hn|dn))?(?P<attrs>{_PREFIX}(?=[A-Z]))?)(?P<kind>{_PIECE})?(?P<frm>{_SQUARE})"
    rf"(?:-(?P<via>{_SQUARE})(?=[-*]{_SQUARE}))?(?P<sep>[-*])(?P<to>{_SQUARE})(?:-(?P<land>{_SQUARE}))?"
    rf"(?:\[I(?P<imit>{_SQUARE}(?:,{_SQUARE})*)\])?"   # Imitator: `Kg3-h2[Ic5]`, `b7-b8[Ic5,e4]=Q`
    # (attributes gained after a promotion: `=G=hcc`; only there, `=b` is a change of colour)
    rf"(?:=(?P<pn>n)?(?P<pattrs>{_PREFIX})?(?P<promo>{_PIECE})(?:=(?P<gain>{_PREFIX})(?![A-Za-z0-9]))?)?"
    rf"(?:=(?P<recolour>[bnsw])(?![A-Za-z0-9]))?(?P<ep> ep\.)?(?:=(?P<epchange>{_PIECE}))?"
    # a half-neutral mover's change of phase: `=nh`, `=wh` (solver.engine.halfneutral)
    rf"(?:=(?P<phase>[bnsw])h(?![A-Za-z0-9]))?"
    # a pawn that takes e.p. and changes colour after (MagicSquares): `e5*d6 ep.=b`
    rf"(?:=(?P<eprecolour>[bnsw])(?![A-Za-z0-9]))?"
    rf"(?P<effects>(?:\[[-+]?[a-z](?:{_PREFIX})?{_PIECE}{_SQUARE}(?:->v|->(?:{_PIECE})?{_SQUARE})?(?:={_PIECE})?\]|\[{_SQUARE}=(?:(?:{_PREFIX})?{_PIECE}|[a-z])\]"
    rf"|\[{_PIECE}{_SQUARE}<->{_PIECE}{_SQUARE}\])*)"
)
# an effect: a piece removed `[-wkRd5]`, added `[+bSb8]`, moved `[wRb7->h1]`,
# added and promoted (a pawn reborn on its last rank) `[+wPh8=Q]`
_EFFECT = re.compile(rf"\[(?P<sign>[-+]?)(?P<colour>[a-z])(?P<attrs>{_PREFIX})?(?P<kind>{_PIECE})(?P<sq>{_SQUARE})"
                     rf"(?:(?P<below>->v)|->(?P<dkind>{_PIECE})?(?P<dest>{_SQUARE}))?(?:=(?P<promo>{_PIECE}))?\]"
                     rf"|\[(?P<wsq>{_SQUARE})=(?P<wattrs>{_PREFIX}(?=[A-Z]))?(?P<walk>{_PIECE})\]"
                     rf"|\[(?P<csq>{_SQUARE})=(?P<newcolour>[a-z])\]"
                     # the kings exchange squares (OscillatingKings): `[Ke8<->Ke1]`, the black one's first
                     rf"|\[(?P<bkind>{_PIECE})(?P<bsq>{_SQUARE})<->(?P<wkind>{_PIECE})(?P<wsq2>{_SQUARE})\]")

# BGL's budgets left, after a move: ` (4.5/3)`, ` (26.42)`, ` (-/28)`
_BUDGET = re.compile(r" \(([-0-9.]+(?:/[-0-9.]+)?)\)")

# What Popeye may print after a move: check, then a goal's marker.
MARKS = ("+", "#", "=", "==", "z", "x", "%", "##", "##!", "!=", "dia", "a=>b", "#=", "c81", "!#")


class NotationError(ValueError):
    """Text that is not a move this module can map (fairy effects, unknown pieces)."""


def _pawn_like(kind: str) -> bool:
    """Does a piece of this English code promote (Berolina pawn, superpawn ...)?"""
    from solver.pieces.catalogue import by_code

    row = by_code(kind)
    return row is not None and row.is_pawn


def _kind(letter: str, language: str, text: str) -> str:
    kind = piece_kind(letter, language)
    if kind is None:
        raise NotationError(f"unknown piece letter {letter!r} in {text!r}")
    return kind


def _is_prefix(text: str, language: str) -> bool:
    """Does `text` name piece attributes in `language` (`b`: German Functionary only)?"""
    try:
        _attribute_names(text, language, text)
    except NotationError:
        return False
    return True


def _attribute_names(prefix: str | None, language: str, text: str) -> tuple[str, ...]:
    """The attribute names of a Popeye prefix ('kc' -> Kamikaze, Chameleon)."""
    if not prefix:
        return ()
    from solver.pieces.attributes import names_of_prefix

    names = names_of_prefix(prefix, language)
    if names is None:
        raise NotationError(f"unknown piece attributes {prefix!r} in {text!r}")
    return names


def _changes_kind(m, kind: str, attributes) -> bool:
    """Is the '=' after this move a change of kind (a chameleon's,
    ChameleonChess'), not a promotion?  So it is after any piece that does
    not promote."""
    return bool(m.group("promo") and kind != "P" and not _pawn_like(kind))


def _swap(e, language: str, whole: str) -> tuple[Effect, Effect]:
    """The two effects of the kings' exchange `[Ke8<->Ke1]` (OscillatingKings;
    `e` a match of `_EFFECT`, the black king's square first): the white
    one's square, then the black one's."""
    black = (BLACK, _kind(e.group("bkind"), language, whole), ())
    white = (WHITE, _kind(e.group("wkind"), language, whole), ())
    return Effect(e.group("wsq2"), white, black), Effect(e.group("bsq"), black, white)


def _effects(m, kind: str, attributes, language: str, side: str | None) -> tuple[Effect, ...]:
    """The effects written after a move: a chameleon's `=cB` (read where a
    piece that does not promote is followed by '='), removals `[-wkRd5]`,
    additions `[+bSb8]` (a Circe rebirth), movements `[wRb7->h1]` (two
    effects: off one square, onto the other)."""
    out = []
    colour = side or WHITE
    if _changes_kind(m, kind, attributes):
        new = _kind(m.group("promo"), language, m.group(0))
        out.append(Effect(m.group("to"), (colour, kind, attributes),
                          (colour, new, _attribute_names(m.group("pattrs"), language, m.group(0)))))
    if m.group("epchange"):   # an e.p. capturer's change of kind (Einstein chess): `c3*d2 ep.=S`
        out.append(Effect(m.group("to"), (colour, kind, attributes),
                          (colour, _kind(m.group("epchange"), language, m.group(0)), attributes)))
    gain, recolour = m.group("gain"), m.group("recolour") or m.group("eprecolour")
    if gain and not recolour and gain in ("b", "n", "s", "w") and not _is_prefix(gain, language):
        gain, recolour = None, gain   # `g7-g8=Q=b`: the promoted piece turns black (not German 'b')
    if gain:
        new = _kind(m.group("promo"), language, m.group(0))
        out.append(Effect(m.group("to"), (colour, new, _attribute_names(m.group("pattrs"), language, m.group(0))),
                          (colour, new, _attribute_names(gain, language, m.group(0)))))
    if recolour:   # the mover changes colour (Andernach, Volage): `=b`
        letters = COLOUR_LETTERS[language]
        if recolour not in letters:
            raise NotationError(f"unknown colour letter {recolour!r} in {m.group(0)!r}")
        new_colour = WHITE if recolour == letters[0] else BLACK
        now = out[-1].after if out else (colour, _kind(m.group("promo"), language, m.group(0))
                                         if m.group("promo") else kind, attributes)
        # a change of colour: it was the other colour before (whatever `side` says)
        out.append(Effect(m.group("to"), (WHITE if new_colour == BLACK else BLACK, *now[1:]),
                          (new_colour, *now[1:])))
    for e in _EFFECT.finditer(m.group("effects") or ""):
        if e.group("bsq"):   # the kings exchange squares
            out += _swap(e, language, m.group(0))
            continue
        if e.group("csq"):   # any piece's change of colour (Masand, Breton): `[e5=w]`
            out.append(_colour_change(e, language, m.group(0)))
            continue
        if e.group("wsq"):   # SingleBox Type2: the other side's latent pawn promoted, `[h8=R]`
            out.append(_walk_change(e, BLACK if colour == WHITE else WHITE, language, m.group(0),
                                    e.group("wsq") == m.group("to")))
            continue
        letters = COLOUR_LETTERS[language]
        if e.group("colour") not in letters and e.group("colour") != NEUTRAL_LETTER:
            raise NotationError(f"unknown colour letter {e.group('colour')!r} in {m.group(0)!r}")
        piece = (WHITE if e.group("colour") == letters[0] else BLACK if e.group("colour") in letters
                 else NEUTRAL_COLOUR,
                 _kind(e.group("kind"), language, m.group(0)),
                 _attribute_names(e.group("attrs"), language, m.group(0)))
        if (e.group("dest") is None) == (e.group("sign") == ""):
            raise NotationError(f"cannot read the effect {e.group(0)!r} in {m.group(0)!r}")
        if e.group("promo") and (e.group("sign") not in ("+", "") or piece[1] != "P"):
            raise NotationError(f"cannot read the effect {e.group(0)!r} in {m.group(0)!r}")
        if e.group("below"):   # reborn below the rebirth square's occupant (Circe Volcanic)
            if e.group("sign") != "+" or e.group("promo"):
                raise NotationError(f"cannot read the effect {e.group(0)!r} in {m.group(0)!r}")
            out.append(Effect(e.group("sq"), None, piece, below=True))
        elif e.group("sign") == "+":
            out.append(Effect(e.group("sq"), None, piece))
            if e.group("promo"):   # two effects: the pawn reborn, then promoted
                out.append(Effect(e.group("sq"), piece,
                                  (piece[0], _kind(e.group("promo"), language, m.group(0)), piece[2])))
        else:
            out.append(Effect(e.group("sq"), piece, None))
        if e.group("dest"):
            if e.group("dkind"):   # reborn as another kind (AntiCirce Einstein): `[wRd5->Qd1]`
                piece = (piece[0], _kind(e.group("dkind"), language, m.group(0)), piece[2])
            out.append(Effect(e.group("dest"), None, piece))
            if e.group("promo"):   # a capturing pawn reborn on its last rank, promoted
                out.append(Effect(e.group("dest"), piece,
                                  (piece[0], _kind(e.group("promo"), language, m.group(0)), piece[2])))
    return tuple(out)


def _lifted_piece(e, language: str, text: str):
    """The piece of a lifting `[bKf6->e8]` (an `_EFFECT` match) before an
    AntiMarsCirce castling."""
    letters = COLOUR_LETTERS[language]
    if e is None or e.group("colour") not in letters or e.group("dest") is None or e.group("sign") \
            or e.group("dkind") or e.group("promo"):
        raise NotationError(f"cannot read the lifting {text!r}")
    return (WHITE if e.group("colour") == letters[0] else BLACK, _kind(e.group("kind"), language, text), ())


def _walk_change(e, colour: str, language: str, text: str, bracketed: bool = False) -> Effect:
    """A pawn's change of kind `[h8=R]` (SingleBox's latent pawn), of `colour`;
    `bracketed`: on the arrival square, the mover's promotion written after
    Breton's effect (`b7*a8[-wRh1][a8=Q]`).  With attributes, a royal piece's
    change (KobulKings: `[b7=rR]`): the text names neither the piece before
    nor its kind, which the effect leaves as '?' (with the same attributes)."""
    attributes = _attribute_names(e.group("wattrs"), language, text)
    if attributes:
        return Effect(e.group("wsq"), (colour, "?", attributes),
                      (colour, _kind(e.group("walk"), language, text), attributes), bracketed=bracketed)
    return Effect(e.group("wsq"), (colour, "P", ()), (colour, _kind(e.group("walk"), language, text), ()),
                  bracketed=bracketed)


def _colour_change(e, language: str, text: str) -> Effect:
    """A piece's change of colour `[e5=w]` (Masand, Breton Chromatic): the text
    names neither the piece nor its kind, which the effect leaves as '?'."""
    letters = COLOUR_LETTERS[language]
    if e.group("newcolour") not in letters:
        raise NotationError(f"unknown colour letter {e.group('newcolour')!r} in {text!r}")
    new = WHITE if e.group("newcolour") == letters[0] else BLACK
    old = BLACK if new == WHITE else WHITE
    return Effect(e.group("csq"), (old, "?", ()), (new, "?", ()), bracketed=True)


def scan_move(text: str, pos: int, language: str, side: str | None = None) -> tuple[tuple[Component, ...], int]:
    """Read the components of one turn starting at text[pos]; return them and
    the position after the move (before any mark). `side` places castling."""
    components: list[Component] = []
    while True:
        m = _COMPONENT.match(text, pos)
        if m is None:
            raise NotationError(f"cannot read a move at {text[pos:pos + 20]!r}")
        end = m.end()
        budget = _BUDGET.match(text, end)   # BGL: `a3-a2 (4.5/3)`
        if budget is not None:
            end = budget.end()
        if end < len(text) and text[end] not in " ,":
            raise NotationError(f"cannot read the move {text[pos:].split(' ')[0]!r}")
        if m.group("castle"):
            castling = m.group("castle")
            frm, to = castling_squares(castling, side or WHITE)
            comp = Component("K", frm, to, castling=castling)
            if m.group("lifted"):   # AntiMarsCirce: the liftings home, `[bKf6->e8]0-0-0`
                lifted = []
                for e in _EFFECT.finditer(m.group("lifted")):
                    piece = _lifted_piece(e, language, m.group(0))
                    lifted += [Effect(e.group("sq"), piece, None), Effect(e.group("dest"), None, piece)]
                comp = replace(comp, before=tuple(lifted))
            if m.group("crook"):   # the rook, on the f- or d-file, changes kind
                colour = side or WHITE
                rook = Effect(("f" if castling == "0-0" else "d") + to[1], (colour, "R", ()),
                              (colour, _kind(m.group("crook"), language, m.group(0)), ()))
                comp = replace(comp, effects=(rook,))
            if m.group("cphase"):   # a half-neutral king castles (a neutral one does not)
                comp = replace(comp, attributes=("HalfNeutral",), half_neutral=NEUTRAL_PHASE)
            if m.group("cswap"):   # the kings exchange squares after castling (OscillatingKings)
                swap = _swap(_EFFECT.fullmatch(m.group("cswap")), language, m.group(0))
                comp = replace(comp, effects=comp.effects + swap)
        elif m.group("xk1"):
            k1, k2 = m.group("xk1"), m.group("xk2")
            if k1 != k2:
                raise NotationError(f"exchange of different pieces {m.group(0)!r}")
            comp = Component(_kind(k1, language, m.group(0)), m.group("xs1"), m.group("xs2"), exchange=True)
        else:
            kind = _kind(m.group("kind"), language, m.group(0)) if m.group("kind") else "P"
            neutral = m.group("neutral") is not None
            promo = m.group("promo")
            if promo == "I" and (m.group("imit") or m.group("cimit")):   # into an imitator (set below)
                promo = None
            if promo is not None and (m.group("pn") is not None) != neutral:
                raise NotationError(f"a promotion that changes neutrality: {m.group(0)!r}")
            capture = m.group("sep") == "*"
            en_passant = m.group("ep") is not None
            attributes = _attribute_names(m.group("attrs"), language, m.group(0))
            effects = _effects(m, kind, attributes, language, side)
            # SingleBox Type3: the mover's latent pawn promoted with the move, `[e8=R]Re8-e4`
            before = tuple(_walk_change(e, side or WHITE, language, m.group(0))
                           for e in _EFFECT.finditer(m.group("before") or ""))
            if kind == "P" and m.group("kind") and not attributes and not neutral:
                raise NotationError(f"pawn written with a letter in {m.group(0)!r}")
            if _changes_kind(m, kind, attributes):   # a chameleon's `=cB`, not a promotion
                promo = None
            if promo is not None and kind != "P" and not _pawn_like(kind):
                raise NotationError(f"a {kind} cannot promote: {m.group(0)!r}")
            if promo is not None and _attribute_names(m.group("pattrs"), language, m.group(0)) != attributes:
                raise NotationError(f"a promoted piece with other attributes: {m.group(0)!r}")
            # (any piece that moves with a pawn's walk takes e.p.: AnnanChess, `Sd5*e6 ep.`)
            if en_passant and not capture:
                raise NotationError(f"'ep.' after a move that is not a capture: {m.group(0)!r}")
            land = m.group("land")
            if land is not None and not (capture and not en_passant):
                raise NotationError(f"a landing square after a move that is not a locust capture: {m.group(0)!r}")
            if land is not None:   # a promotion: a pawn's Take&Make, `b7*c8-a8=Q`
                comp = Component(kind, m.group("frm"), land, capture=True, captured=m.group("to"),
                                 promotion=_kind(promo, language, m.group(0)) if promo else None,
                                 neutral=neutral, attributes=attributes, effects=effects)
            else:
                comp = Component(kind, m.group("frm"), m.group("to"), capture=capture,
                                 promotion=_kind(promo, language, m.group(0)) if promo else None,
                                 en_passant=en_passant, neutral=neutral, via=m.group("via"),
                                 attributes=attributes, effects=effects, before=before)
        if m.group("phase"):   # a half-neutral mover's change of phase, `=nh` / `=wh`
            comp = replace(comp, half_neutral=_phase(m, comp, language))
        imitators = m.group("imit") or m.group("cimit")
        if imitators:   # Imitator: `Kg3-h2[Ic5]`, a pawn promoted into an imitator `b7-b8[Ic5]=I`
            comp = replace(comp, imitators=tuple(imitators.split(",")))
            if m.group("promo") == "I" and comp.kind == "P":
                comp = replace(comp, promotion="I")
        if budget is not None:
            comp = replace(comp, budget=tuple(budget.group(1).split("/")))
        components.append(comp)
        pos = end
        if pos < len(text) and text[pos] == ",":
            pos += 1
            continue
        return tuple(components), pos


def _phase(m, comp: Component, language: str) -> str:
    """The phase a half-neutral mover's `=nh` / `=wh` gives it: a neutral mover
    becomes the colour of the letter (French `=nh` is Black's), any other
    becomes neutral (`=nh` in every language)."""
    letter = m.group("phase")
    if "HalfNeutral" not in comp.attributes or comp.castling:
        raise NotationError(f"a change of phase of a piece that is not half-neutral: {m.group(0)!r}")
    if not comp.neutral:
        if letter != "n":
            raise NotationError(f"a coloured half-neutral piece becomes neutral: {m.group(0)!r}")
        return NEUTRAL_PHASE
    letters = COLOUR_LETTERS[language]
    if letter not in letters:
        raise NotationError(f"unknown colour {letter!r} in {m.group(0)!r}")
    return WHITE if letter == letters[0] else BLACK


def scan_marks(text: str, pos: int) -> tuple[str, int]:
    """Read the marks (' +', ' #', ...) at text[pos]; return them joined by a space."""
    marks = []
    while pos < len(text) and text[pos] == " ":
        word_end = text.find(" ", pos + 1)
        word = text[pos + 1:] if word_end < 0 else text[pos + 1:word_end]
        if word not in MARKS:
            break
        marks.append(word)
        pos = len(text) if word_end < 0 else word_end
    return " ".join(marks), pos


def scan_turn(text: str, pos: int, language: str, side: str | None = None) -> tuple[Turn, int]:
    """A whole turn with its marks, from text[pos]."""
    components, pos = scan_move(text, pos, language, side)
    mark, pos = scan_marks(text, pos)
    return Turn(components, mark), pos


def parse_turn(text: str, language: str = "en", side: str | None = None) -> Turn:
    """The turn `text` stands for, e.g. 'Rc2-c3 +' or 'Kg8-h7,Kh7-h6'."""
    turn, pos = scan_turn(text.strip(), 0, language, side)
    if pos != len(text.strip()):
        raise NotationError(f"unexpected text after the move: {text.strip()[pos:]!r}")
    return turn


__all__ = [
    "LANGUAGES", "MARKS", "NotationError", "castling_squares", "component_text",
    "move_text", "parse_turn", "piece_kind", "piece_letter", "scan_marks", "scan_move", "scan_turn",
    "turn_text",
]
