"""Structured stipulations (Popeye's `SStipulation`) to `Stipulation`.

Popeye's manual (py-engl.txt, "sstipulation") describes play as a tree of
branches: `white 3a[#]d` is the direct mate in 2, `black 4hh[#]` the help
mate in 2, `white 6s[1d[#]a]` the series self-mate in 6.  `sstipulation.lark`
reads the whole language into a small tree (`Goal`, `Branch`, `Unary`,
`Binary`); `structured_stipulation` then maps the trees that equal a play
form feerie solves onto the plain `Stipulation` of that form.  A tree that
equals none comes back with `unsupported` naming the first element that
stands in the way ("'&' (and)", "constraints {...}"), so that the problem
loads and is refused by name, never solved as something else.

Beyond the plain forms: help or series play ending in a '/' nested branch
whose moves are not shown (`8hh[/1d[x]a{!+}]`, CapZug; `6hh[/2da[#]{!+}]`)
maps onto the plain play with a `HiddenEnd` as its goal
(solver.search.hidden_goal); `Nhh[2hh[G2]&1h[G1]h]` (either way round) onto
reci-h(G1)G2; a minimum length `n:n` of help or series play onto `exact-`
(`1:n` changes nothing; other minimums, and any in battle play, are
refused); `white 5h[#]h`, naming the side that moves first in help play
n.5, keeps Popeye's numbering from that side (`Stipulation.from_mover`).

The mapped stipulation keeps Popeye's own text ("White 3a[#]d", the side
in the input's language and the blanks removed), which Popeye prints in
place of the plain stipulation.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

from lark import Token, Transformer, UnexpectedInput, UnexpectedToken
from lark.exceptions import VisitError

from grammar.lark_util import parser
from grammar.stipulation import parse_stipulation
from solver.base.errors import InputError
from solver.model.problem import BLACK, GOAL_NAMES, WHITE, HiddenEnd, Stipulation


@dataclass(frozen=True)
class Goal:
    """A leaf: the goal to reach ('#', 'x', 'za7')."""

    text: str


@dataclass(frozen=True)
class Fork:
    """What follows one letter of a branch: `[...]` a nested branch or leaf
    (`forced` for '>', `suppressed` for '/'), or `{...}` a constraint."""

    node: object
    constraint: bool = False
    forced: bool = False
    suppressed: bool = False


@dataclass(frozen=True)
class Branch:
    """`max_length` half-moves of `kind` ('ad', 'da', 'hh', 's'; one letter
    when the second is not written), the forks after each letter, `parry`
    for '?+?' before the second letter, `min_length` 0 unless 'm:n'."""

    kind: str
    min_length: int
    max_length: int
    first: tuple[Fork, ...]
    second: tuple[Fork, ...] = ()
    parry: bool = False


@dataclass(frozen=True)
class Unary:
    """'!' (negation) or '-' (the other side moves) before an operand."""

    op: str
    operand: object


@dataclass(frozen=True)
class Binary:
    """'&' or '|' between two operands."""

    op: str
    left: object
    right: object


class _Tree(Transformer):
    """The parse tree to the dataclasses above."""

    def start(self, children):
        return children[0]

    def goal(self, children):
        return Goal(str(children[0]))

    def binary(self, children):
        return Binary(str(children[1]), children[0], children[2])

    def negation(self, children):
        return Unary("!", children[0])

    def inversion(self, children):
        return Unary("-", children[0])

    def length(self, children):
        numbers = [int(c) for c in children]
        return (numbers[0], numbers[1]) if len(numbers) == 2 else (0, numbers[0])

    def forks(self, children):
        return tuple(children)

    def nested(self, children):
        flags = {c.type for c in children[:-1]}
        return Fork(children[-1], forced="FORCED" in flags, suppressed="SUPPRESSED" in flags)

    def constraint(self, children):
        return Fork(children[0], constraint=True)

    def _branch(self, children) -> Branch:
        (low, high), letters = children[0], [c for c in children[1:] if isinstance(c, Token)]
        forks = [c for c in children[1:] if isinstance(c, tuple)]
        kind = "".join(t.value for t in letters if t.type != "PARRY")
        return Branch(kind, low, high, forks[0], forks[1] if len(forks) > 1 else (),
                      parry=any(t.type == "PARRY" for t in letters))

    branch_a = branch_d = branch_h = branch_s = _branch


def parse_tree(text: str):
    """The tree of a structured stipulation (without its side); InputError
    with the column in `text` where it goes wrong."""
    try:
        tree = parser("sstipulation").parse(text.lower())
    except UnexpectedInput as err:
        if isinstance(err, UnexpectedToken) and err.token.type == "$END":
            raise InputError(f"structured stipulation '{text}' ends too early", column=len(text)) from None
        column = getattr(err, "column", None)
        column = column if isinstance(column, int) and column > 0 else 1
        near = text[column - 1:].split(" ")[0]
        raise InputError(f"structured stipulation '{text}': unexpected '{near}'", column=column) from None
    try:
        return _Tree().transform(tree)
    except VisitError as err:   # pragma: no cover - the transformer raises nothing itself
        raise err.orig_exc from None


# -- mapping onto the play forms feerie solves ---------------------------------------------------


class _Refused(Exception):
    """The tree is no form feerie solves: `args[0]` names why."""


def _refuse(what: str) -> None:
    raise _Refused(what)


def _goal_of(forks: tuple[Fork, ...], hidden: bool = False) -> str:
    """The goal of forks that are one plain leaf ('[#]'), else refused
    (`hidden`: or a '/' nested end, `_hidden_end`)."""
    if any(f.constraint for f in forks):
        _refuse("constraints {...}")
    if len(forks) != 1:
        _refuse("several forks after one move" if forks else "a branch without a goal")
    return _leaf(forks[0], hidden)


def _leaf(fork: Fork, hidden: bool = False) -> str:
    """The goal of a fork that is a plain leaf; with `hidden` (the end of
    help or series play), a '/' nested branch too: its placeholder goal
    '~', which `structured_stipulation` replaces by the `HiddenEnd`."""
    if fork.constraint:
        _refuse("constraints {...}")
    if fork.suppressed:
        if not hidden:
            _refuse("'/' (moves not shown) other than at the end of help or series play")
        _hidden_end(fork)
        return HIDDEN_PLACEHOLDER
    if fork.forced:
        _refuse("'>' (play ends where the nested branch is solved)")
    node = fork.node
    _operators(node)
    if not isinstance(node, Goal):
        _refuse("nested branches of this kind")
    return node.text


# goals a '/' nested end does not test (solver.search.hidden_goal): the mates of the
# mover, whose move may leave it in check, and the kiss, which follows its piece
# through the moves played (its memo keys on the position only)
_NOT_NESTED = frozenset({"!#", "##", "##!", "k"})

# the goal of the plain stipulation a '/' nested end is mapped with ('h~3')
HIDDEN_PLACEHOLDER = "~"

_NOT_IN_CHECK = Unary("!", Goal("+"))


def _hidden_end(fork: Fork) -> HiddenEnd:
    """The `HiddenEnd` of a '/' nested branch: `1d[G]a` or `2da[G]`, each
    with `{!+}` after its `a` or without (solver.search.hidden_goal);
    the others refused by name."""
    node = fork.node
    _operators(node)
    if fork.forced:
        _refuse("'>' with '/' (moves not shown)")
    if not isinstance(node, Branch) or node.kind != "da" or node.parry or node.min_length:
        _refuse("'/' (moves not shown) before a branch other than 1d[G]a or 2da[G]")
    constraints = [f for f in node.first + node.second if f.constraint]
    if any(f.node != _NOT_IN_CHECK for f in constraints) or any(f.constraint for f in node.first) \
            or len(constraints) > 1:
        _refuse("constraints {...} other than {!+} in a '/' nested branch")
    leaves = node.first if node.max_length == 1 else node.second if node.max_length == 2 else ()
    other = node.second if node.max_length == 1 else node.first
    if not leaves or any(not f.constraint for f in other):
        _refuse("'/' (moves not shown) before a branch other than 1d[G]a or 2da[G]")
    goal = _goal_of(tuple(f for f in leaves if not f.constraint))
    target = None
    if goal[0] in "zk" and len(goal) == 3:
        goal, target = goal[0], goal[1:]
    if goal in _NOT_NESTED:
        _refuse(f"goal {goal} ({GOAL_NAMES[goal]}) in a '/' nested branch")
    text = "/" + _shown(node)
    return HiddenEnd(text, node.max_length, goal, target, unchecked=bool(constraints))


def _shown(node: Branch) -> str:
    """A nested branch of `_hidden_end` as Popeye's input writes it."""
    def forks(fs: tuple[Fork, ...]) -> str:
        return "".join(("{%s}" % ("!+")) if f.constraint else f"[{f.node.text}]" for f in fs)
    return f"{node.max_length}{node.kind[0]}{forks(node.first)}{node.kind[1:]}{forks(node.second)}"


def _find_hidden(node) -> HiddenEnd | None:
    """The '/' nested end in a tree that mapped onto a plain stipulation."""
    if isinstance(node, Branch):
        for fork in node.first + node.second:
            if fork.suppressed:
                return _hidden_end(fork)
            found = _find_hidden(fork.node)
            if found is not None:
                return found
    if isinstance(node, Unary):
        return _find_hidden(node.operand)
    return None


def _operators(node) -> None:
    """Refuse the operators feerie has no play form for, by name."""
    if isinstance(node, Binary):
        _refuse("'&' (and)" if node.op == "&" else "'|' (or)")
    if isinstance(node, Unary):
        _refuse("'!' (negation)" if node.op == "!" else "'-' (move inversion) inside a branch")


def _one_move(node, letter: str, hidden: bool = False) -> str:
    """The goal of a nested one-move branch starting with `letter` ('1a[#]d',
    '1h[#]h', '1d[#]a', each with its closing letter, as Popeye was
    compared in these forms); `hidden`: its goal may be a '/' nested end."""
    _operators(node)
    if not isinstance(node, Branch) or node.kind not in ("ad", "hh", "da") or node.kind[0] != letter \
            or node.max_length != 1 or node.min_length or node.parry or node.second:
        _refuse("nested branches of this kind")
    return _goal_of(node.first, hidden)


def _plain(node) -> tuple[str, str]:
    """(the plain stipulation `node` equals, the side that must start it)."""
    if isinstance(node, Binary) and node.op == "&":
        # Popeye prints reci-h#1's help lines and its own mates in two blocks, a blank
        # line between them, feerie's writer in one (as for the plain reci-h#1)
        _reciprocal(node, 0)   # '&' (and) refused unless it is reci-h#1
        _refuse("'&' (and) outside a help branch (reci-h#1: Popeye prints it in two blocks)")
    _operators(node)
    if not isinstance(node, Branch):
        _refuse("a goal without a branch")
    if node.parry:
        _refuse("'?+?' (parry series)")
    n, kind = node.max_length, node.kind
    exact = _exact(node)
    if kind == "ad":
        plain, starter = _battle(node, n)
    elif kind == "hh":
        plain, starter = _help(node, n)
    elif kind in ("s",):
        plain, starter = _series(node, n)
    elif kind == "da":
        plain, starter = _postkey(node, n)
    else:
        _refuse(f"a branch of type '{kind}' alone")
    return ("exact-" if exact else "") + plain, starter


def _exact(node: Branch) -> bool:
    """Does the minimum length m of `m:n` leave the longest play alone
    (Popeye's `exact-`)?  False for no minimum or one that changes nothing.
    Popeye (input/plaintext/sstipulation.c) reads m of a help branch as
    half-moves, the lines of n, n-2, ... half-moves down to m counting, and
    m of a series branch as series moves; m:n in battle play and a minimum
    between the two ends are refused."""
    low, n = node.min_length, node.max_length
    if not low:
        return False
    if node.kind not in ("hh", "s"):
        _refuse("minimum lengths (m:n) in battle play")
    if low <= 1:
        return False
    if low >= (n - 1 if node.kind == "hh" else n):
        return True
    _refuse("minimum lengths (m:n) other than 1:n and n:n")
    raise AssertionError   # unreachable


def _battle(node: Branch, n: int) -> tuple[str, str]:
    """`Na[G]d` (direct, n odd), `Nad[G]` (self, n even), `Na[>1a[G]d]d`
    or `Na[1a[G]d]d` (semi-reflex) and the same with `{!1a[G]d}` after the
    d (reflex)."""
    first, second = node.first, node.second
    if any(f.suppressed for f in first + second):
        _refuse("'/' (moves not shown) other than at the end of help or series play")
    if len(first) == 1 and n % 2 == 1:
        moves, fork = (n + 1) // 2, first[0]
        if not isinstance(fork.node, Branch) and not second:
            return f"{_leaf(fork)}{moves}", WHITE
        # Popeye plays a nested attack the same with or without '>' here
        if isinstance(fork.node, Branch) and not fork.suppressed and not fork.constraint:
            goal = _one_move(fork.node, "a")
            if not second:
                return f"semi-r{goal}{moves}", WHITE
            if len(second) == 1 and second[0].constraint and second[0].node == Unary("!", fork.node):
                return f"r{goal}{moves}", WHITE
    if not first and len(second) == 1 and n % 2 == 0 and not second[0].constraint:
        return f"s{_leaf(second[0])}{n // 2}", WHITE
    _refuse("constraints {...}" if any(f.constraint for f in first + second) else
            "this combination of length and forks")
    raise AssertionError


def _postkey(node: Branch, n: int) -> tuple[str, str]:
    """`- Nda[G]` (n even: direct play in n/2 + 1 after its key) and `- Nd[G]a`
    (n odd: self play in (n+1)/2 after its key), named White, Black moving
    first: Popeye's post-key play (the '+' suffix of the plain text marks it,
    as `structured_stipulation` reads)."""
    first, second = node.first, node.second
    if not first and len(second) == 1 and n % 2 == 0:
        return f"{_leaf(second[0])}{n // 2 + 1}+", BLACK
    if len(first) == 1 and not second and n % 2 == 1:
        return f"s{_leaf(first[0])}{(n + 1) // 2}+", BLACK
    _refuse("constraints {...}" if any(f.constraint for f in first + second) else
            "this combination of length and forks")
    raise AssertionError


def _help(node: Branch, n: int) -> tuple[str, str]:
    """`Nhh[G]` (help play, n even, Black starts) and `Nh[G]h` (n odd:
    help play n.5, White starts); `Nhh[E]` with E the end of reciprocal
    help play (`_reciprocal`)."""
    if len(node.second) == 1 and not node.first and n % 2 == 0:
        fork = node.second[0]
        if isinstance(fork.node, Binary) and fork.node.op == "&" and not (
                fork.constraint or fork.forced or fork.suppressed):
            return _reciprocal(fork.node, n)
    if node.second and not node.first and n % 2 == 0:
        return f"h{_goal_of(node.second, True)}{n // 2}", BLACK
    if node.first and not node.second and n % 2 == 1:
        return f"h{_goal_of(node.first, True)}{n // 2}.5", WHITE
    _refuse("constraints {...}" if any(f.constraint for f in node.first + node.second) else
            "this combination of length and forks")
    raise AssertionError


def _reciprocal(node: Binary, before: int) -> tuple[str, str]:
    """`2hh[G2] & 1h[G1]h`, either way round, after `before` half-moves of
    help play (`Nhh[...]`): Popeye's reci-h(G1)G2 n, n = before/2 + 1
    (py-engl.txt: "1h[#]h & 2hh[#]  #1 and h#1 (i.e. reci-h#1)"); Black's
    last move must both reach G1 and, helped, let White reach G2."""
    def one(branch, length: int, kind: str) -> bool:
        return (isinstance(branch, Branch) and branch.kind == kind and branch.max_length == length
                and not branch.min_length and not branch.parry)

    left, right = node.left, node.right
    if one(right, 2, "hh"):
        left, right = right, left
    if not (one(left, 2, "hh") and not left.first and one(right, 1, "hh") and not right.second):
        _operators(node)
    help_goal, own_goal = _goal_of(left.second), _goal_of(right.first)
    moves = before // 2 + 1
    if help_goal == own_goal:
        return f"reci-h{help_goal}{moves}", BLACK
    return f"reci-h({own_goal}){help_goal}{moves}", BLACK


def _series(node: Branch, n: int) -> tuple[str, str]:
    """`Ns[G]` (series), `Ns[1a[G]d]`/`Ns[1h[G]h]` (series help play, the
    other side's one move ends it), `Ns[1d[G]a]` (series self play)."""
    first = node.first
    if any(f.constraint for f in first):
        _refuse("constraints {...}")
    if len(first) != 1:
        _refuse("several forks after one move" if first else "a branch without a goal")
    fork = first[0]
    if isinstance(fork.node, Goal) or fork.suppressed:
        return f"ser-{_leaf(fork, True)}{n}", WHITE
    if fork.constraint or fork.forced:
        _leaf(fork)
    inner = fork.node
    if isinstance(inner, Branch) and inner.kind[0] == "d":
        return f"ser-s{_one_move(inner, 'd')}{n}", WHITE
    if isinstance(inner, Branch) and inner.kind[0] == "h":
        return f"ser-h{_one_move(inner, 'h', True)}{n}", BLACK
    return f"ser-h{_one_move(inner, 'a', True)}{n}", BLACK


@lru_cache(maxsize=1024)
def structured_stipulation(side: str, text: str, side_word: str) -> Stipulation:
    """The `Stipulation` of `SStipulation <side> <text>` (`side` WHITE or
    BLACK, `side_word` how the output names it: 'White', 'Weiss'); InputError
    (column in `text`) if it does not parse.  Popeye's text is kept: the side
    word, then the stipulation without blanks."""
    tree = parse_tree(text)
    shown = f"{side_word} {text.replace(' ', '')}"
    named = side
    if isinstance(tree, Unary) and tree.op == "-":
        side, tree = (BLACK if side == WHITE else WHITE), tree.operand
    try:
        if isinstance(tree, Unary) and tree.op == "-":
            _refuse("'-' (move inversion) twice")
        plain, starter = _plain(tree)
        postkey = plain.endswith("+")
        plain = plain.rstrip("+")
        if starter != side:
            _refuse(f"{side} moving first in this play (feerie plays it with {starter} first)")
        stipulation = parse_stipulation(plain)
        half = stipulation.play == "help" and stipulation.half and not stipulation.series
        root = BLACK if half else WHITE if postkey else starter
        # Popeye numbers the moves from the side named: `white 5h[#]h` as
        # '1.Kh4-g3 Kf6-g6', `black - 5h[#]h` as h#2.5 ('1...Kh4-g3')
        from_mover = half and named == starter
        if named != root and not from_mover:
            hint = f" (write {root} {'- ' if root != starter else ''}...)"
            _refuse(f"{named} as the side named{hint}")
        if from_mover:
            stipulation = replace(stipulation, from_mover=True)
        hidden = _find_hidden(tree)
        if hidden is not None:
            stipulation = replace(stipulation, goal=hidden.text, target=None, hidden=hidden)
    except _Refused as why:
        return Stipulation(text=shown, play="structured", goal="", moves=0, structured=True,
                           unsupported=f"{why.args[0]} in a structured stipulation")
    except InputError as err:
        raise InputError(f"structured stipulation '{text}' has no valid length or goal ({err.message})",
                         column=1) from None
    return replace(stipulation, text=shown, structured=True, postkey=postkey)
