"""A hand-written reader for the common stipulation forms, in place of Lark
(start-up, issue 11: importing Lark and loading its parser cost more than a
one-line solve).

`read(low)` takes the lower-cased text `grammar.stipulation` gives Lark and
returns what Lark's tree would give (`Parts`), or None for anything it does
not take (introductory moves, reciprocal play, any text Lark would refuse):
the caller then asks Lark, so that every error message stays Lark's.  It
reads `[exact-] [play] goal length [.5]` as `grammar/stipulation.lark`
does: the play and the goal are the longest of their literals that match
(Lark sorts a terminal's literals longest first), the length is ASCII
digits.  tests/test_hand_readers.py checks it against Lark.
"""

from __future__ import annotations

from collections import namedtuple

# As in stipulation.lark, longest first so that the first match is the longest.
_PLAYS = tuple(sorted(("ser-hs", "ser-h", "ser-s", "ser-r", "ser-", "phser-r", "phser-s", "phser-",
                       "pser-hs", "pser-h", "pser-r", "pser-s", "pser-", "semi-r", "hs", "hr", "h", "s",
                       "r"), key=len, reverse=True))
_GOALS = tuple(sorted(("##!", "##", "#=", "#", "==", "!=", "!#", "=", "+", "x", "%", "ep", "ctr", "ct",
                       "<>r", "<>", "00", "~", "dia", "a=>b", "c81"), key=len, reverse=True))
_DIGITS = frozenset("0123456789")


# Where the length is in the text (the offsets Lark's token gives).
Span = namedtuple("Span", ("start_pos", "end_pos"))
# What Lark's tree gives: play (str or None), goal, target (a square or None),
# moves (int), half (bool), length (Span), exact (bool).
Parts = namedtuple("Parts", ("play", "goal", "target", "moves", "half", "length", "exact"))


def read(low: str) -> Parts | None:
    """The parts of `low` (a lower-cased stipulation), or None: ask Lark."""
    i = 0
    exact = low.startswith("exact-")
    if exact:
        i = 6
    if low.startswith(("reci-h", "ser-reci-h"), i) or i < len(low) and low[i] in _DIGITS and not exact:
        return None  # reciprocal play, or perhaps introductory moves: Lark's
    play = next((p for p in _PLAYS if low.startswith(p, i)), None)
    if play is not None:
        i += len(play)
    target = None
    if i + 3 <= len(low) and low[i] in "zk" and low[i + 1] in "abcdefgh" and low[i + 2] in "12345678":
        goal, target = low[i], low[i + 1:i + 3]
        i += 3
    else:
        goal = next((g for g in _GOALS if low.startswith(g, i)), None)
        if goal is None:
            return None
        i += len(goal)
    start = i
    while i < len(low) and low[i] in _DIGITS:
        i += 1
    if i == start:
        return None
    moves = int(low[start:i])
    end = i
    half = low.startswith(".5", i)
    if half:
        i += 2
    if i != len(low):
        return None
    return Parts(play, goal, target, moves, half, Span(start, end), exact)
