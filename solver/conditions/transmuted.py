"""TransmutedKings and ReflectiveKings (Popeye's names, with their White and
Black forms), SuperTransmutingKing and VaultingKings: a king in check moves
with the walks of the pieces that check it (or of its vaulter).

What Popeye 4.104 plays (conditions/transmuting_kings/transmuting_kings.c,
reflective_kings.c, optimisations/observation.c, and its move lists:
tests/data/transmuted/):
- a side's king *transmutes as* a walk when an enemy piece of that very
  walk (its own walk: a queen is not a rook) observes the king's square;
- `TransmutedKings` (`WhiteTransmutedKing`, `BlackTransmutedKing`: that
  side's king only): a transmuting king moves with the walks it transmutes
  as and with no other (not the king's unless an enemy king beside it is one
  of them); one that does not transmute moves as a king (and castles);
- `ReflectiveKings` (and its White / Black forms): the king moves as a king
  and, besides, with the walks it transmutes as;
- a king moving with a pawn's walk does not promote, steps two squares from
  its second rank (recording no e.p. square: it is no pawn) and takes e.p.;
- the transmuted king's observation (its check on the other king, its
  watch over the squares the other king castles across) is Popeye's search
  for an observer, modelled step by step (`king_observes`): the walks are
  tried in Popeye's order, king, pawn, knight, rook, bishop, queen, then the
  fairy walks, each only where a piece of that walk stands on the board
  (either side's under TransmutedKings, the observing side's own under
  ReflectiveKings: optimisations/observation.c); a walk tried whose lines
  lead from the target to the king counts if the king transmutes as it.
  Popeye's observation of the queen is optimised away for the side of a
  lone transmuted king (only one side's TransmutedKing, no ReflectiveKing):
  once the rook's and the bishop's walks were tried the queen's is not, and
  once one of them was, the queen's is tried as the other; so a king that
  transmutes as a queen observes nothing along the queen's lines there
  (BlackTransmutedKing: Kb1 Qa6 Rc2 / Kg1: 1.Qa6-g6+ is legal, 1.Rc2-g2+
  is not).  Under TransmutedKings a king observes as a king (its own walk)
  only if no walk tried along the way found it transmuting (Popeye's lazy
  flag is_king_transmuting_as_any_walk).
- `WhiteSuperTransmutingKing` / `BlackSuperTransmutingKing`: a king that
  transmutes must move with those walks (no other move of its side) and
  becomes that piece, its side then kingless (super.c): `Ke4-d2=S`, one
  move per walk, `Ke5*d6 ep.=P`; its observation is TransmutedKings', with
  Popeye's queen optimisation off for both sides;
- `VaultingKings` (`WhiteVaultingKing`, `BlackVaultingKing`) with one
  vaulter (the equihopper by default): a king in check moves, and observes,
  as a king and as its vaulter too (vaulting_kings.c); played for vaulters
  none of whose moves is a king's step (Popeye removes no duplicate move
  there), not `Transmuting` nor several vaulters.
(Popeye's test of check and of castling always has the other king on the
target square, castling moving it onto the square it crosses, and a king
beside the other king transmutes as a king: so that flag, and Popeye's
leaving it set after a nested test of the same ply, never change an
answer here; the rule is modelled all the same.)

The king's walks change with every check, so pins, checking geometry,
flights and every shortcut built on the walks are off: the rule set is
bound on the generic generator with this module's pseudo-legal moves and
observation (`Rules.bind_check`), as AnnanChess is.  What the condition
keeps (`preserves`): a move changes only its own squares, kings are royal,
a turn is one move, pieces have one colour.  Played alone, on the pieces
whose walks feerie's observation answers geometrically (fairy riders,
leapers, hoppers, lions ...; not the fairy pawns, orphans, friends, angle
pieces, edgehogs), no piece attributes, no neutral pieces.
"""

from __future__ import annotations

from collections.abc import Callable

from solver.base.errors import InputError
from solver.conditions.annan import PRESERVES, _add_moves, _ep_captures, double_step
from solver.conditions.rules import ConditionSpec, Rules
from solver.engine.board import BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK, WHITE
from solver.engine.capabilities import NO_EFFECTS
from solver.engine.move import DOUBLE, EN_PASSANT, PROMOTION
from solver.engine.movegen import ep_captures
from solver.pieces import generic
from solver.pieces.catalogue import BY_KIND
from solver.pieces.observation import OBSERVERS

TRANSMUTED = "transmuted"
REFLECTIVE = "reflective"
SUPER = "super"   # SuperTransmutingKing: the king becomes the piece it moves as
VAULT = "vault"   # VaultingKings: the king in check moves as its vaulter too
# the vaulters played: pieces none of whose moves is a king's step (Popeye removes
# no duplicate move under VaultingKings), one per side
VAULTERS = frozenset({"S", "N", "CA", "Z", "GI", "AN", "CR", "ZR", "G", "EQ", "AL", "DA"})
FAMILY = "TransmutingKings"
WALKS = {kind: piece.walks for kind, piece in BY_KIND.items()}
# Popeye's order of the orthodox walks in its search for an observer
# (find_square_observer_tracking_back_from_target.c: ortho_walks)
ORTHODOX_ORDER = (KING, PAWN, KNIGHT, ROOK, BISHOP, QUEEN)
# the fairy walks played: those whose observation is geometric and whose
# moves do not depend on what the piece is (tested against Popeye)
PLAYED_FAMILIES = frozenset({"leaper", "rider", "hopper", "lion", "cannon", "locust",
                             "kangaroo", "lame", "contra", "leaperhopper", "equihopper"})


def _played(kind: int) -> bool:
    walks = WALKS[kind]
    return kind <= KING or kind == 7 or (
        bool(walks) and all(w.family in PLAYED_FAMILIES for w in walks))


class Model:
    """The transmuting kings of a problem: `modes` side -> TRANSMUTED or
    REFLECTIVE (a side absent keeps an ordinary king)."""

    def __init__(self, modes: dict[int, str], vaulters: dict[int, int] | None = None) -> None:
        self.modes = modes
        # VaultingKings: side -> the kind its king vaults as when in check
        self.vaulters = vaulters or {}
        transmuted = TRANSMUTED in modes.values()
        reflective = REFLECTIVE in modes.values()
        supers = SUPER in modes.values()
        # Popeye's filter of walks no piece has: both sides' pieces count
        # where some king is transmuted (or supertransmuting), the observing
        # side's own otherwise
        self.both_sides = transmuted or supers
        # its queen optimisation, per observing side: off where the other
        # side's king is transmuted or any king is reflective or supertransmuting
        self.queen_opt = {side: not reflective and not supers and modes.get(-side) != TRANSMUTED
                          for side in (1, -1)}

    # -- the enemy's observation of a king ---------------------------------------------

    @staticmethod
    def transmuted_set(pos, side: int, extra: int = -1) -> set[int]:
        """The kinds `side`'s king transmutes as: those of the enemy pieces
        that observe it, each by its own walk (`extra`: a square holding an
        enemy piece that `pos.occupied` does not list: the king a castling
        test moved there)."""
        ksq = pos.kings[side]
        out: set[int] = set()
        if ksq < 0:
            return out
        board = pos.board
        pieces = pos.occupied[-side]
        for a in pieces:
            code = board[a]
            if code and a != ksq and abs(code) not in out and OBSERVERS[abs(code)](board, a, ksq):
                out.add(abs(code))
        if extra >= 0 and extra not in pieces and OBSERVERS[abs(board[extra])](board, extra, ksq):
            out.add(abs(board[extra]))
        return out

    def transmuted_kinds(self, pos, side: int) -> list[int]:
        """The walks `side`'s king transmutes as, in Popeye's order of walks."""
        return sorted(self.transmuted_set(pos, side), key=_popeye_rank)

    # -- the transmuting king's observation --------------------------------------------

    def king_observes(self, pos, side: int, ksq: int, target: int) -> bool:
        """Does `side`'s transmuting king on ksq observe `target`, as Popeye's
        search for an observer finds it (module docstring), where no other
        piece of the side does?"""
        board = pos.board
        extra = target if board[target] * side < 0 else -1
        mode = self.modes[side]
        as_king = OBSERVERS[KING](board, ksq, target)
        if mode == VAULT:   # in check: as a king and as its vaulter (vaulting_kings.c)
            if as_king or not OBSERVERS[self.vaulters[side]](board, ksq, target):
                return as_king
            return bool(self.transmuted_set(pos, side, extra))
        if not as_king:
            # (first the cheap question: can a walk it may transmute as reach the target?)
            kinds = {abs(board[a]) for a in pos.occupied[-side] if board[a]}
            if extra >= 0:
                kinds.add(abs(board[extra]))
            if not any(WALKS.get(k) and OBSERVERS[k](board, ksq, target) for k in kinds):
                return False
        transmuted = self.transmuted_set(pos, side, extra)
        if not transmuted:   # no walk found it transmuting: it observes as a king
            return as_king
        # (a castling test lifts a king off its square: its kind stays present,
        # as in Popeye's count of pieces)
        present = {KING} | {board[a] * side for a in pos.occupied[side] if board[a]}
        if self.both_sides:
            present |= {board[a] * -side for a in pos.occupied[-side] if board[a]}
        queen_opt = self.queen_opt[side]
        rook_tried = bishop_tried = False
        any_walk = False
        for kind in sorted(present, key=_popeye_rank):
            if not WALKS.get(kind):
                continue
            walk = kind
            if queen_opt:
                if kind == ROOK:
                    rook_tried = True
                elif kind == BISHOP:
                    bishop_tried = True
                elif kind == QUEEN:
                    if rook_tried and bishop_tried:
                        continue
                    if rook_tried:
                        walk = BISHOP
                    elif bishop_tried:
                        walk = ROOK
            reaches = OBSERVERS[walk](board, ksq, target)
            if mode == REFLECTIVE:   # (TRANSMUTED and SUPER observe alike)
                if reaches and (walk == KING or walk in transmuted):
                    return True
                continue
            if reaches:
                if walk in transmuted:
                    return True
            elif walk in transmuted:
                any_walk = True
        return mode != REFLECTIVE and not any_walk and OBSERVERS[KING](board, ksq, target)

    def watch(self, pos, target: int, pieces) -> bool:
        """Is `target` observed by one of the pieces on `pieces` (of one side)?"""
        board = pos.board
        king = None
        for a in pieces:
            code = board[a]
            if not code or a == target:
                continue
            side = 1 if code > 0 else -1
            if side in self.modes and a == pos.kings[side] and code == KING * side:
                king = (side, a)
                continue
            if OBSERVERS[abs(code)](board, a, target):
                return True
        return king is not None and self.king_observes(pos, king[0], king[1], target)

    def check(self, pos, side: int | None = None) -> bool:
        """Is `side`'s king (default: the side to move) observed by the enemy?"""
        if side is None:
            side = pos.side
        ksq = pos.kings[side]
        return ksq >= 0 and self.watch(pos, ksq, pos.occupied[-side])

    # -- moves -----------------------------------------------------------------------------

    def pseudo(self, pos, promotions=None, compiled=None, watch=None) -> list[int]:
        """The pseudo-legal moves, the transmuting king's with its walks."""
        if promotions is None:
            promotions = generic.promotion_kinds(pos)
        if watch is None:
            watch = self.watch
        s = pos.side
        ksq = pos.kings[s] if s in self.modes else -1
        moves: dict[int, None] = {}
        king_ep = False
        for frm in sorted(pos.occupied[s]):
            if frm != ksq or pos.board[frm] != KING * s:
                generic.add_piece_moves(pos, frm, promotions, moves, None, watch)
                continue
            kinds = self.transmuted_kinds(pos, s)
            if self.modes[s] == VAULT:
                generic.add_piece_moves(pos, frm, promotions, moves, None, watch)
                if kinds:
                    _add_moves(pos, frm, WALKS[self.vaulters[s]], promotions, moves)
                continue
            if kinds and self.modes[s] == SUPER:
                return self._super_moves(pos, frm, kinds, promotions)
            if self.modes[s] == REFLECTIVE or not kinds:
                generic.add_piece_moves(pos, frm, promotions, moves, None, watch)
            walked: dict[int, None] = {}
            for kind in kinds:
                _add_moves(pos, frm, WALKS[kind], promotions, walked)
            for m in walked:
                # a king's double step records no e.p. square (Popeye:
                # en_passant_find_potential, for pawns only)
                moves[m & ~(7 << 14) if (m >> 14) & 7 == DOUBLE else m] = None
            king_ep = PAWN in kinds
        for m in ep_captures(pos):
            moves[m] = None
        if king_ep:
            for m in _ep_captures(pos, {ksq: (PAWN,)}):
                moves[m] = None
        return list(moves)


    def _super_moves(self, pos, ksq: int, kinds: list[int], promotions) -> list[int]:
        """A supertransmuting king in check: its moves with the walks it
        transmutes as, and no other move of its side (Popeye:
        supertransmuting_kings_move_generation_filter_solve); each turns it
        into that piece (a promotion of the king: `super_effect`), `Ke4-d2=S`,
        one move per walk where two walks reach one square; a pawn's e.p.
        capture turns it into a pawn."""
        moves: dict[int, None] = {}
        for kind in kinds:
            walked: dict[int, None] = {}
            _add_moves(pos, ksq, WALKS[kind], promotions, walked)
            for m in walked:
                moves[(m & 0x3FFF) | PROMOTION << 14 | kind << 17 | KING << 24] = None
        if PAWN in kinds:
            for m in _ep_captures(pos, {ksq: (PAWN,)}):
                moves[m] = None
        return list(moves)

    def super_effect(self, pos, m, side, frm, to, flag, bits, captured) -> None:
        """After a supertransmuting king's move: it is that piece now, and its
        side has no king (the promotion put the piece on the board)."""
        if self.modes.get(side) != SUPER:
            return
        if flag == PROMOTION and (m >> 24) & 127 == KING:
            pos.kings[side] = -1
        elif flag == EN_PASSANT and pos.board[to] == KING * side:
            pos.set_square(to, PAWN * side)


def _popeye_rank(kind: int) -> tuple[int, int]:
    """Popeye's order of walks in its search for an observer: the orthodox
    ones first (ORTHODOX_ORDER), then the fairy ones."""
    if kind in ORTHODOX_ORDER:
        return (0, ORTHODOX_ORDER.index(kind))
    return (1, kind)


def install_modes(rules: Rules, modes: dict[int, str], name: str,
                  vaulters: dict[int, int] | None = None) -> Rules:
    """Install the transmuting kings of `modes` (side -> mode); a second call
    (the other side's condition) adds its side to the first's."""
    v = rules.variant
    if v.neutral:
        raise InputError(f"condition {name} with neutral pieces is not supported")
    if v.attributes:
        raise InputError(f"condition {name} with piece attributes is not supported")
    if not all(_played(k) for k in v.kinds | set(v.promotions)):
        raise InputError(f"condition {name} with these fairy pieces is not supported")
    model = getattr(rules, "transmuting_kings", None)
    if model is not None:
        for side, mode in modes.items():
            if side in model.modes:
                raise InputError(f"condition {name} is given twice for one side")
        merged = {**model.modes, **modes}
        vaulters = {**model.vaulters, **(vaulters or {})}
    else:
        merged = dict(modes)
    if SUPER in merged.values() and set(merged.values()) != {SUPER}:
        raise InputError(f"condition {name} with another side's transmuting king is not supported")
    if SUPER in merged.values() and any(w.family == "locust" for k in v.kinds | set(v.promotions)
                                        for w in WALKS[k]):
        # (a locust's capture square and the king's new kind share the move's bits)
        raise InputError(f"condition {name} with locusts is not supported")
    if VAULT in merged.values() and set(merged.values()) != {VAULT}:
        raise InputError(f"condition {name} with another side's transmuting king is not supported")
    model = Model(merged, vaulters)
    rules.transmuting_kings = model
    if SUPER in merged.values():
        rules.effect_rules[:] = [r for r in rules.effect_rules if r.__name__ != "super_effect"]
        rules.effect_rules.append(model.super_effect)
    rules.bind_check(model.check, model.watch, model.pseudo)
    if double_step not in rules.key_parts:
        rules.key_parts.append(double_step)
    rules.records_ep = False
    return rules


def _install(name: str, modes: dict[int, str]) -> Callable:
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        for param in params:
            raise InputError(f"condition {name} {param} is not supported")
        return install_modes(rules, modes, name)

    return install


def _spec(name: str, modes: dict[int, str]) -> ConditionSpec:
    return ConditionSpec(_install(name, modes), lambda params: PRESERVES, alone=True, family=FAMILY)


def _super_spec(name: str, side: int) -> ConditionSpec:
    return ConditionSpec(_install(name, {side: SUPER}), lambda params: SUPER_PRESERVES, alone=True,
                         family=FAMILY, has_effects=True)


# the king becomes another piece: a move changes a piece's kind beyond its own squares' walk
SUPER_PRESERVES = PRESERVES - {NO_EFFECTS}

def _vault_install(name: str, sides: tuple[int, ...]) -> Callable:
    def install(rules: Rules, params: tuple[str, ...]) -> Rules:
        from solver.pieces.catalogue import by_code

        if "Transmuting" in params:
            raise InputError(f"condition {name} Transmuting is not supported")
        if len(params) > 1:
            raise InputError(f"condition {name} with more than one vaulter is not supported")
        code = params[0].upper() if params else "EQ"   # Popeye's default: the equihopper
        piece = by_code(code)
        if piece is None or code not in VAULTERS:
            raise InputError(f"condition {name} {code} is not supported")
        return install_modes(rules, {side: VAULT for side in sides}, name,
                             {side: piece.kind for side in sides})

    return install


def _vault_spec(name: str, sides: tuple[int, ...]) -> ConditionSpec:
    return ConditionSpec(_vault_install(name, sides), lambda params: PRESERVES, alone=True,
                         family=FAMILY)


SPECS: dict[str, ConditionSpec] = {
    "TransmutedKings": _spec("TransmutedKings", {WHITE: TRANSMUTED, -WHITE: TRANSMUTED}),
    "WhiteTransmutedKing": _spec("WhiteTransmutedKing", {WHITE: TRANSMUTED}),
    "BlackTransmutedKing": _spec("BlackTransmutedKing", {-WHITE: TRANSMUTED}),
    "ReflectiveKings": _spec("ReflectiveKings", {WHITE: REFLECTIVE, -WHITE: REFLECTIVE}),
    "WhiteReflectiveKing": _spec("WhiteReflectiveKing", {WHITE: REFLECTIVE}),
    "BlackReflectiveKing": _spec("BlackReflectiveKing", {-WHITE: REFLECTIVE}),
    "WhiteSuperTransmutingKing": _super_spec("WhiteSuperTransmutingKing", WHITE),
    "BlackSuperTransmutingKing": _super_spec("BlackSuperTransmutingKing", -WHITE),
    "VaultingKings": _vault_spec("VaultingKings", (WHITE, -WHITE)),
    "WhiteVaultingKing": _vault_spec("WhiteVaultingKing", (WHITE,)),
    "BlackVaultingKing": _vault_spec("BlackVaultingKing", (-WHITE,)),
}
"""The registry's entries (solver.conditions.registry)."""
