"""Pieces on an SPI map: combat units and leaders, with their printed and current values; and
the magic state beside them (``SpellState``, which each exclusive game extends)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.state import FrozenDict
from .data import LeaderType, UnitType, parse_code, shift, shift_morale

# where a piece is
MAP, OFFMAP, DEAD, EXITED = "map", "offmap", "dead", "exited"

#: (melee, missile, armour, morale, reduced) -> a unit's code (``Piece.code``)
_UNIT_CODES: dict[tuple[Any, ...], str] = {}


class _Where:
    """``Piece.where``: read as a plain attribute (a descriptor with no ``__get__`` leaves
    reading to the piece's ``__dict__``); writing it also sets ``on_map`` (``where == MAP``,
    the question the rules ask most), a plain attribute too, so the two never disagree."""

    def __set__(self, p: Piece, value: str) -> None:
        d = p.__dict__
        d["where"] = value
        d["on_map"] = value == MAP


class Flags(FrozenDict):
    """A piece's flags: read as a dict, never changed in place (a piece replaces its own:
    ``Piece.set_flag``, ``Piece.drop_flag``), so the copies of a piece share them (``clone``
    copies no flags).  Writing into them is an error, not a change both copies would see."""

    __slots__ = ()
    REFUSAL = "a piece's flags are replaced, not changed in place: Piece.set_flag, Piece.drop_flag"

    def __reduce__(self) -> Any:
        return Flags, (dict(self),)

    def __copy__(self) -> Flags:
        return self

    def __deepcopy__(self, memo: Any) -> Flags:
        return self


#: the flags of a piece that has none (shared: flags are never changed in place)
NO_FLAGS = Flags()


class Piece:
    """A combat unit or a leader.  Printed values come from its type; the rest is state."""

    # Its attributes: printed values (id, key, name, side, nation, kind, tags, is_leader,
    # melee, missile, armour, morale, rally, magic, rallies_any, ma) and state (hex, where,
    # reduced, disrupted, formation, partner, moved, fired, attacked, advanced, rally_tried,
    # rallies_made, arrival, entered_turn, magic_spent, formed_turn, flags: ``Flags``, of
    # immutable values; ``on_map`` follows ``where``).  No ``__slots__``:
    # a piece's ``__dict__`` is copied in one call (``copy``), three times faster than
    # copying slots one by one, and a search clones every piece of the game each playout.

    def __init__(self, pid: str, utype: UnitType | None = None, ltype: LeaderType | None = None,
                 movement: dict[str, int] | None = None) -> None:
        self.id = pid
        self.is_leader = ltype is not None
        movement = movement or {}
        if ltype is not None:
            self.key, self.name, self.side, self.nation = ltype.key, ltype.name, ltype.side, ltype.nation
            self.kind, self.tags = "leader", ("leader",)
            self.melee = self.missile = None
            self.armour, self.morale = 0, ""
            self.rally, self.magic, self.rallies_any = ltype.rally, ltype.magic, ltype.rallies_any or ltype.magic > 0
            self.ma = movement.get("leader", 6)  # [4.11]
        else:
            assert utype is not None
            self.key, self.name, self.side, self.nation = utype.key, utype.name, utype.side, utype.nation
            self.kind, self.tags = utype.kind, tuple(utype.tags)
            self.melee, self.missile, self.armour, self.morale = parse_code(utype.code)
            self.rally, self.magic, self.rallies_any = 0, 0, False
            if utype.movement is not None:
                self.ma = utype.movement
            else:
                self.ma = movement.get("cavalry", 6) if self.kind == "cavalry" else movement.get("infantry", 4)  # [4.11] [4.12]
        self.hex: str | None = None
        self.on_map = False
        self.where = OFFMAP                 # (and ``on_map``: ``_Where``)
        self.reduced = False
        self.disrupted = False
        self.formation: str | None = None   # "wedge" | "shield_wall" | "phalanx"
        self.partner: str | None = None
        self.moved = False
        self.fired = False
        self.attacked = False
        self.advanced = False
        self.rally_tried = False
        self.rallies_made = 0
        self.arrival: int | None = None
        self.entered_turn: int | None = None
        self.magic_spent = 0
        self.formed_turn: int | None = None
        self.flags: Flags = NO_FLAGS

    # ----- printed values, as reduced [7.42] [reconstructed: docs/reconstructed.md] -------
    def melee_now(self) -> str | None:
        if self.melee is None:
            return None
        return shift(self.melee, -1) if self.reduced else self.melee

    def missile_now(self) -> str | None:
        if self.missile is None:
            return None
        return shift(self.missile, -1) if self.reduced else self.missile

    def armour_now(self) -> int:
        return max(1, self.armour - 1) if self.reduced else self.armour

    def morale_now(self) -> str:
        return shift_morale(self.morale, -1) if self.reduced else self.morale

    def rally_now(self) -> int:
        """[7.26] a reduced leader uses his back-printed rating: half, rounded down, min 1."""
        return max(1, self.rally // 2) if self.reduced else self.rally

    if TYPE_CHECKING:
        where: str
    else:
        where = _Where()

    @property
    def is_gear(self) -> bool:
        """Siege equipment (Gondor [16.1]): not a combat unit, no ZOC, never stacks."""
        return self.kind == "equipment"

    @property
    def is_combat(self) -> bool:
        return not self.is_leader and self.kind != "equipment"

    @property
    def missile_only(self) -> bool:
        """[2.3] units with only a lower-case strength may not attack in a Melee Phase."""
        return self.melee is None and self.missile is not None

    def code(self) -> str:
        if self.is_leader:
            r = self.rally_now()
            return f"{r}-{self.magic - self.magic_spent}" if self.magic else f"{r}"
        # a unit's code is a function of its printed values and whether it is reduced: kept
        # (views ask it of every piece every time)
        key = (self.melee, self.missile, self.armour, self.morale, self.reduced)
        hit = _UNIT_CODES.get(key)
        if hit is None:
            hit = _UNIT_CODES[key] = (f"{self.melee_now() or ''}{self.missile_now() or ''}-"
                                      f"{self.armour_now()}-{self.morale_now()}")
        return hit

    def to_json(self) -> list[Any]:
        return [self.id, self.hex, self.where, self.reduced, self.disrupted, self.formation,
                self.partner, self.moved, self.fired, self.attacked, self.advanced,
                self.rally_tried, self.rallies_made, self.arrival, self.entered_turn,
                self.magic_spent, self.formed_turn, sorted(self.flags.items())]

    def set_flag(self, key: str, value: Any) -> None:
        """Set one of the piece's flags (``value`` immutable): new flags, never a change to
        the ones a copy of the piece may share."""
        self.flags = Flags({**self.flags, key: value})

    def drop_flag(self, key: str, default: Any = None) -> Any:
        """Take one of the piece's flags away: its value, or ``default`` if it had none."""
        if key not in self.flags:
            return default
        flags = dict(self.flags)
        value = flags.pop(key)
        self.flags = Flags(flags) if flags else NO_FLAGS
        return value

    def copy(self) -> Piece:
        """An independent copy of the piece: everything in a piece is immutable (its
        ``flags`` too: ``Flags``), so a copy of its ``__dict__`` is one (tests/test_clone.py
        checks that a clone shares nothing mutable)."""
        p = _new(Piece)
        p.__dict__ = self.__dict__.copy()
        return p


_new = object.__new__


def copy_pieces(units: dict[str, Piece]) -> dict[str, Piece]:
    """``{id: piece.copy()}`` for every piece, ``Piece.copy`` written out in the loop (a call
    per piece is a fifth of the time: ``clone`` copies every piece)."""
    out = {}
    for k, p in units.items():
        q = _new(Piece)
        q.__dict__ = p.__dict__.copy()
        out[k] = q
    return out


@dataclass(slots=True)
class SpellState:
    """The spells' state beside the pieces [8.5] [10.0] (``game.spell_state``): the Standard
    Rules' part; each exclusive game's spells extend it (Gondor's ``GondorSpells``, Sauron's
    ``SauronSpells``).  A subclass writes its own ``copy()`` and ``to_json()`` (a slotted
    dataclass has no zero-argument ``super()``: they call ``SpellState.to_json(self)``)."""

    #: [10.0] Game-Turn (a string) -> night (True) or day, as a set-up gives it (``night``:
    #: the position builder's); empty otherwise
    night_override: dict[str, bool] = field(default_factory=dict)

    def copy(self) -> SpellState:
        return SpellState(dict(self.night_override))

    def to_json(self) -> dict[str, Any]:
        """The hashed JSON (``spells``): the dict this state was before it was typed, whose
        ``night_override`` key was there only once a set-up gave a night."""
        return {"night_override": dict(self.night_override)} if self.night_override else {}
