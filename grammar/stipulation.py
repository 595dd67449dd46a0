"""Stipulation text ('h#2.5', 'ser-s#6', 'reci-h(=)#3') to `Stipulation`.

Every form Popeye accepts parses; the forms feerie does not solve come back
with `unsupported` naming what is missing, so a collection with one exotic
problem still loads.  Lengths Popeye itself rejects (`#0`, `ser-h#0`, `h#0`)
are errors here too; `h#0.5` is the shortest help play Popeye accepts.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import grammar.stipulation_reader as stipulation_reader
from solver.base.errors import InputError
from solver.model.problem import BLACK, GOAL_NAMES, WHITE, Stipulation

_GRAMMAR = Path(__file__).with_name("stipulation.lark")

# play prefix -> (model play, series, unsupported-or-None, how the length counts)
_PLAYS: dict[str | None, tuple[str, bool, str | None, str]] = {
    None: ("direct", False, None, "battle"),
    "h": ("help", False, None, "help"),
    "hs": ("help-self", False, None, "help"),
    "hr": ("help-reflex", False, None, "help"),
    "s": ("self", False, None, "battle"),
    "r": ("reflex", False, None, "battle"),
    "semi-r": ("semi-reflex", False, None, "battle"),
    "ser-": ("direct", True, None, "series"),
    "ser-h": ("help", True, None, "series"),
    "ser-s": ("self", True, None, "series"),
    "ser-r": ("reflex", True, None, "series"),
    "ser-hs": ("help-self", True, None, "series"),
    "pser-": ("direct", True, "parry series", "battle"),
    "pser-h": ("help", True, None, "series"),
    "pser-s": ("self", True, "parry series", "battle"),
    "pser-r": ("reflex", True, "parry series", "battle"),
    "pser-hs": ("help-self", True, "parry series", "series"),
    "phser-": ("direct", True, None, "series"),
    "phser-s": ("self", True, None, "series"),
    "phser-r": ("reflex", True, "parry help series", "help"),
}

# Parry series whose parries are help moves (chosen, not all answered): line play.
# (pser-, pser-s, pser-r: every parry a defence, refused as "parry series".)
_HELP_PARRIES = frozenset({"pser-h", "phser-", "phser-s"})

# What feerie solves: (play, series) -> goals.  The goals beyond mate and
# stalemate (solver.search.goals) go with every play form of mate but
# parry series and proof games.
_MORE = {"==", "#=", "!=", "+", "x", "%", "ep", "00", "z", "~"}
_MORE |= {"ct", "ctr", "<>", "<>r"}   # circuits and exchanges (solver.search.goals_identity)
_SOLVED = {
    ("direct", False): {"#", "="} | _MORE,
    ("help", False): {"#", "="} | _MORE,
    ("self", False): {"#", "="} | _MORE,
    ("reflex", False): {"#", "="} | _MORE,
    ("semi-reflex", False): {"#", "="} | _MORE,
    ("help-self", False): {"#", "="} | _MORE,
    ("help-reflex", False): {"#", "="} | _MORE,
    ("direct", True): {"#", "="} | _MORE,
    ("help", True): {"#", "="} | _MORE,
    ("self", True): {"#", "="} | _MORE,
    ("reflex", True): {"#", "="} | _MORE,
    ("help-self", True): {"#", "="} | _MORE,
    ("proof", False): {"dia"},   # orthodox proof games (solver.search.proofgame)
    ("proof", True): {"dia"},
    ("a=>b", False): {"a=>b"},   # A-to-B proof games: Black first (WhiteToPlay: White)
}
# Chess81 and the kiss go with every play form of the goals above; the mates
# of the mover (auto-, double and counter-mate), whose last move may leave the
# mover in check, with direct and help play (series too) only: in self and
# reflex play that move would be a defence, which the battle search takes
# from the legal moves alone.
for _form, _goals in _SOLVED.items():
    if _MORE <= _goals:
        _goals |= {"c81", "k"}
        if _form[0] in ("direct", "help"):
            _goals |= {"!#", "##", "##!"}

@lru_cache(maxsize=None)
def _build_class():
    """The Transformer of Lark's tree, made on first use: the common forms are
    read by `grammar.stipulation_reader` without importing Lark (start-up)."""
    from lark import Transformer

    return type("_Build", (_BuildMethods, Transformer), {})


class _BuildMethods:
    """The rules of `_build_class()`'s Transformer (Lark's tree to a Stipulation)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def goal(self, children):
        tok = children[0]
        if tok.type == "TARGET":
            return (tok.value[0], tok.value[1:], tok)
        return (tok.value, None, tok)

    def length(self, children):
        return (int(children[0]), len(children) == 2, children[0])

    def reci_pair(self, children):
        return children[1], children[0]   # (help part's goal, Black's own goal)

    def reci_same(self, children):
        return children[0], children[0]

    def plain(self, children):
        play = children[0].value if not isinstance(children[0], tuple) and children[0].type == "PLAY" else None
        goal, length = children[-2], children[-1]
        return (play, goal, length, False)

    def reciprocal(self, children):
        return (children[0].value, children[1][0], children[2], children[1][1])

    def start(self, children):
        intro = exact = None
        for child in children[:-1]:
            if child.type == "INTRO":
                intro = child
            else:
                exact = child
        play, (goal, target, goal_tok), (moves, half, len_tok), reci = children[-1]
        stip = _make(self.text, play, goal, target, moves, half, len_tok, reci, intro, exact)
        if reci:
            stip = _reciprocal(stip, reci[0], reci[1], len_tok)
        return stip


def _reciprocal(stip: Stipulation, goal: str, target: str | None, len_tok) -> Stipulation:
    """`stip` (reciprocal help play, its help part's goal read) with Black's
    own goal G1 of reci-h(G1)G2; both goals must be ones help play reaches.
    Popeye refuses reci-hX0.5 (a reciprocal end needs Black's move and
    White's) and prints ser-reci-hX1 as reci-hX1 (the same play)."""
    if not stip.series and stip.moves == 0:
        raise _error(f"'{stip.text}' is too short: reciprocal help play needs at least one whole move "
                     "(Popeye: stipulation not supported)", len_tok.start_pos)
    unsupported = stip.unsupported
    if unsupported is None and goal not in _SOLVED[("help", False)]:
        unsupported = f"goal {goal} ({GOAL_NAMES.get(goal, goal)})"
    for each in (goal, stip.goal):   # (the mates of the mover and the kiss: not in reciprocal play)
        if unsupported is None and each in ("!#", "##", "##!", "k"):
            unsupported = f"goal {each} ({GOAL_NAMES[each]}) in reciprocal help play"
    if unsupported is None and stip.series and stip.exact and stip.moves > 1:
        # Popeye's exact- series branch would need more moves than it has: it never solves
        unsupported = "exact- series reciprocal play (Popeye solves none)"
    text = stip.text
    if stip.series and stip.moves == 1:
        text = text.replace("ser-reci-h", "reci-h", 1)
    return replace(stip, text=text, reci_goal=goal, reci_target=target, unsupported=unsupported)


def _make(text, play, goal, target, moves, half, len_tok, reci, intro, exact) -> Stipulation:
    if reci:
        series = play == "ser-reci-h"
        model_play, counting, unsupported = "reciprocal-help", ("series" if series else "help"), None
    elif play is None and goal in ("dia", "a=>b"):
        series, counting = False, "help"
        model_play = "proof" if goal == "dia" else "a=>b"
        unsupported = None
    elif play == "ser-" and goal == "dia":
        series, counting, model_play, unsupported = True, "series", "proof", None
    else:
        model_play, series, unsupported, counting = _PLAYS[play]
    if half and counting != "help":
        raise _error(f"'.5' does not go with '{text}' (only help play has half moves)", len_tok.end_pos)
    if moves == 0 and not half:
        shortest = "h#0.5" if counting == "help" else "1"
        raise _error(f"stipulation length must be at least 1 in '{text}' (the shortest is {shortest})"
                     if counting == "help" else f"stipulation length must be at least 1 in '{text}'",
                     len_tok.start_pos)
    solved_as = ("help", False) if reci else (model_play, series)
    if unsupported is None and goal not in _SOLVED.get(solved_as, ()):
        unsupported = f"goal {goal} ({GOAL_NAMES.get(goal, goal)})"
        if goal in ("#", "="):
            unsupported = f"{text.rstrip('0123456789.')} play"
    if exact is not None and counting == "battle" and moves <= 1:
        text = text[text.index("exact-") + len("exact-"):]   # moot at length 1: Popeye drops it
        if intro is not None:
            text = intro.value + text
    elif exact is not None and not reci and counting == "battle" and model_play not in ("direct", "self"):
        unsupported = unsupported or "exact- stipulations of reflex play"
    if exact is not None and goal in ("!#", "##", "##!") and not (counting == "battle" and moves <= 1):
        unsupported = unsupported or f"exact- with goal {goal} ({GOAL_NAMES[goal]})"
    intro_moves = 0
    if intro is not None:
        intro_moves = int(intro.value[:-2])
        if not series or reci or intro_moves == 0:
            unsupported = "introductory moves (n->)" + ("" if series else " before play other than series play")
        elif model_play not in ("direct", "help", "self"):
            unsupported = unsupported or "introductory moves (n->)"
    return Stipulation(text=text, play=model_play, goal=goal, moves=moves, half=half, series=series,
                       unsupported=unsupported, target=target,
                       exact=exact is not None and not (counting == "battle" and moves <= 1),
                       intro=intro_moves, parry=play in _HELP_PARRIES)


def _error(message: str, offset: int) -> InputError:
    return InputError(message, column=offset + 1)


def _parser():
    from grammar.lark_util import parser

    return parser("stipulation")  # built once, kept in the parser cache (grammar.lark_util)


@lru_cache(maxsize=4096)
def parse_stipulation(text: str) -> Stipulation:
    """The stipulation `text` means; InputError (column relative to `text`) if none."""
    low = text.lower()
    if not low:
        raise InputError("missing stipulation")
    if re.search(r"[0-9]\.0\Z", low):
        return parse_stipulation(text[:-2])  # Popeye reads 'dia3.0' as 'dia3', 'h#2.0' as 'h#2'
    by_hand = _parse_by_hand(low)  # the common forms, read without Lark
    return by_hand if by_hand is not None else _parse_with_lark(text, low)


def _parse_by_hand(low: str) -> Stipulation | None:
    """`parse_stipulation` by `grammar.stipulation_reader`; None for a text it leaves to Lark."""
    parts = stipulation_reader.read(low)
    if parts is None:
        return None
    return _make(low, parts.play, parts.goal, parts.target, parts.moves, parts.half, parts.length,
                 False, None, True if parts.exact else None)


def _parse_with_lark(text: str, low: str) -> Stipulation:
    """`parse_stipulation` by Lark's parser: every form, and the error messages."""
    from lark import UnexpectedInput, UnexpectedToken
    from lark.exceptions import VisitError

    try:
        tree = _parser().parse(low)
    except UnexpectedInput as err:
        column = getattr(err, "column", None)
        if isinstance(err, UnexpectedToken) and err.token.type == "$END":
            raise _error(f"stipulation '{text}' has no length (a number of moves after the goal)",
                         len(text) - 1) from None
        raise InputError(f"unknown stipulation '{text}'",
                         column=column if isinstance(column, int) and column > 0 else 1) from None
    try:
        return _build_class()(low).transform(tree)
    except VisitError as err:
        raise err.orig_exc from None


def white_to_play(stipulation: Stipulation) -> Stipulation | None:
    """Popeye's option WhiteToPlay: help play starts with White's half move, one
    half move shorter (h#4 -> h#3.5, h002 -> h001.5); None where it does not
    apply (not help play, or already n.5)."""
    if stipulation.half or stipulation.series or stipulation.play not in ("help", "help-self", "help-reflex") \
            or stipulation.moves < 1:
        return None
    length = str(stipulation.moves)
    digits = re.search(r"0*" + length + r"\Z", stipulation.text)
    text = stipulation.text[:digits.start()] + "0" * (digits.end() - digits.start() - len(length)) \
        + f"{stipulation.moves - 1}.5"
    return parse_stipulation(text)


def needs_length(text: str) -> bool:
    """True if `text` is a stipulation lacking only its length ('dia', 'ser-s00'):
    Popeye then reads the length from the next word."""
    from lark import UnexpectedInput, UnexpectedToken

    try:
        _parser().parse(text.lower())
    except UnexpectedToken as err:
        return err.token.type == "$END" and "LENGTH" in err.expected
    except UnexpectedInput:
        return False
    return False


def starting_side(stipulation: Stipulation) -> str | None:
    """Who moves first under `stipulation` (None where feerie cannot tell)."""
    play, series, half = stipulation.play, stipulation.series, stipulation.half
    if stipulation.unsupported and stipulation.unsupported.startswith(("introductory", "parry")):
        return None
    if play == "proof":
        return WHITE   # from the game array, White first (dia n.5 too)
    if play == "a=>b":
        return BLACK   # unless WhiteToPlay (Problem.white_to_move)
    if play in ("help", "reciprocal-help", "a=>b") or (series and play == "help-self"):
        black_first = True
    else:
        black_first = False
    if half and not series:
        black_first = not black_first
    if stipulation.intro:
        black_first = not black_first  # m->: the other side's introductory moves come first
    return BLACK if black_first else WHITE
