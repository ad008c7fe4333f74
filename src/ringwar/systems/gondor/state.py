"""Gondor's siege state [15.0]-[20.0] as typed, slotted records (issue 13, item 1): the walls
breached and the gates held, the fires, heads and ladders, the Siege Towers ready, Grond, the
Banner of the King, the arrivals, and the counters the rules limit; and the spells' state
[17.0] (``GondorSpells``).

``SiegeState.to_json()`` is the JSON hashed with the game (``exclusive_json``): exactly the
dict the state was kept as before it was typed (the same keys in the same order, the same
values), so that no state hash, record or trace changes.  ``SiegeState.from_json`` reads a
set-up's ``siege`` entries (each checked by ``GondorGame.SIEGE_SETUP`` first) into the records.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..spi.state import SpellState


@dataclass(frozen=True, slots=True)
class Ladder:
    """[16.43] a Ladder set against a wall: it stands in ``hex``, against ``hexside`` (a
    hexside of ``hex``), set up on Game-Turn ``turn`` (ready from the next one)."""

    hex: str
    hexside: str
    turn: int

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.hex, "side": self.hexside, "turn": self.turn}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Ladder:
        return cls(d["hex"], d["side"], int(d["turn"]))


@dataclass(frozen=True, slots=True)
class TowerReady:
    """[16.41] a Siege Tower that began the Siege Phase of Game-Turn ``turn`` in ``hex``: it is
    ready against the walls of that hex while it stays there."""

    hex: str
    turn: int

    def to_json(self) -> list[Any]:
        return [self.hex, self.turn]


@dataclass(frozen=True, slots=True)
class Banner:
    """[18.0] the Banner of the King: with the leader ``holder`` (JSON ``with``), unfurled until
    the end of Game-Turn ``until`` [17.23] [18.12]; ``moved``: the Game-Turn it last moved by
    itself [18.13] (None: it has not; JSON: no ``moved`` key)."""

    holder: str
    until: int
    moved: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"with": self.holder, "until": self.until}
        if self.moved is not None:
            out["moved"] = self.moved
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any] | None) -> Banner | None:
        if d is None:
            return None
        moved = d.get("moved")
        return cls(d["with"], int(d["until"]), None if moved is None else int(moved))


@dataclass(slots=True)
class SiegeState:
    """Everything of Gondor's siege that play changes, beside the pieces (the fields in the
    order of the hashed JSON).  The records it holds (``Ladder``, ``TowerReady``, ``Banner``)
    are frozen: a change replaces them, so a copy may share them."""

    #: [16.27] the wall hexsides breached (kept sorted)
    breached: list[str] = field(default_factory=list)
    #: [15.15] each gate hexside -> the side that controls it (every gate the Westernesse's at
    #: the start; a set-up may give some of them only)
    gate_control: dict[str, str] = field(default_factory=dict)
    #: [15.15] [20.1] each hex -> the last side whose combat unit occupied or passed it (the
    #: gates' two hexes, and the road's 1918 and 2124)
    last: dict[str, str] = field(default_factory=dict)
    #: [16.66] [16.67] each burning hex -> "city" (burns for the game) or "field" (until the
    #: next Siege Phase)
    fires: dict[str, str] = field(default_factory=dict)
    #: [16.82]-[16.86] each hex -> the Severed Heads lying there
    heads: dict[str, int] = field(default_factory=dict)
    #: [16.81] the Severed Heads thrown so far (the scenario's ``severed_heads`` at most)
    heads_thrown: int = 0
    #: [16.43] the Ladders set against the walls, in the order they were set
    ladders: list[Ladder] = field(default_factory=list)
    #: [16.41] each Siege Tower -> where and when it began the Siege Phase (rebuilt then)
    ready: dict[str, TowerReady] = field(default_factory=dict)
    #: [17.13] Grond activated by the Lord of the Nazgul, for the rest of the game
    grond: bool = False
    #: [20.2] the city levels Sauron controls, in increasing order
    levels: list[int] = field(default_factory=list)
    #: [19.13] the garrison was demoralized once (Sauron's gain, counted once)
    garrison_fell: bool = False
    #: [18.0] the Banner of the King, once unfurled [18.12]; None before, or lost [18.14]
    banner: Banner | None = None
    #: [18.22] the Banner's rallies this Rally Phase (two at most)
    banner_rallies: int = 0
    #: [16.74] (Cauldron-carrying unit, target) pairs already asked about pouring oil this
    #: Movement Phase
    oil_asked: list[tuple[str, str]] = field(default_factory=list)
    #: [14.2] the Riders of Rohan have come
    rohan: bool = False
    #: [14.2] Aragorn has come
    aragorn: bool = False
    #: [16.43] the Ladders used so far (the scenario's ``ladders`` at most)
    ladders_used: int = 0
    #: the engine's change counter of the features above that moves depend on (breaches,
    #: ladders, towers, gates): part of ``_phase_key``, so a reach cached this phase is built
    #: again after a change.  No rule; it is in the hashed JSON (it always was), so two
    #: positions alike but for their history may hash differently
    version: int = 0

    #: the set-up keys read by ``from_json`` (``GondorGame.SIEGE_SETUP`` checks them)
    SETUP_FIELDS = ("breached", "gate_control", "last", "fires", "heads", "heads_thrown", "ladders",
                    "ready", "grond", "levels", "garrison_fell", "banner", "banner_rallies", "rohan",
                    "aragorn", "ladders_used")

    def copy(self) -> SiegeState:
        """An independent copy for ``clone()``: the containers copied, the frozen records and
        strings they hold shared."""
        return SiegeState(list(self.breached), dict(self.gate_control), dict(self.last), dict(self.fires),
                          dict(self.heads), self.heads_thrown, list(self.ladders), dict(self.ready),
                          self.grond, list(self.levels), self.garrison_fell, self.banner,
                          self.banner_rallies, list(self.oil_asked), self.rohan, self.aragorn,
                          self.ladders_used, self.version)

    def to_json(self) -> dict[str, Any]:
        """The hashed JSON: the keys and order of the dict this state was before it was typed."""
        return {
            "breached": list(self.breached), "gate_control": dict(self.gate_control),
            "last": dict(self.last), "fires": dict(self.fires), "heads": dict(self.heads),
            "heads_thrown": self.heads_thrown, "ladders": [x.to_json() for x in self.ladders],
            "ready": {k: r.to_json() for k, r in self.ready.items()}, "grond": self.grond,
            "levels": list(self.levels), "garrison_fell": self.garrison_fell,
            "banner": None if self.banner is None else self.banner.to_json(),
            "banner_rallies": self.banner_rallies, "oil_asked": [[c, t] for c, t in self.oil_asked],
            "rohan": self.rohan, "aragorn": self.aragorn, "ladders_used": self.ladders_used,
            # [16.72] the Oil is counted on each Cauldron (its flags), never here: an entry
            # always empty, kept because it has always been in the hashed JSON
            "oil": {},
            "version": self.version,
        }

    def set_from_json(self, key: str, value: Any) -> None:
        """A set-up's ``siege`` entry ``key`` (one of ``SETUP_FIELDS``, checked by
        ``GondorGame.SIEGE_SETUP``): it replaces the field, read into new containers and
        records, so that play never changes the record's set-up."""
        if key == "ladders":
            setattr(self, key, [Ladder.from_json(x) for x in value])
        elif key == "ready":
            setattr(self, key, {tid: TowerReady(x[0], int(x[1])) for tid, x in value.items()})
        elif key == "banner":
            setattr(self, key, Banner.from_json(value))
        elif key in ("breached", "levels"):
            setattr(self, key, list(value))
        elif key in ("gate_control", "last", "fires", "heads"):
            setattr(self, key, dict(value))
        elif key in self.SETUP_FIELDS:
            setattr(self, key, value)
        else:
            raise KeyError(f"siege: {key!r} is not set up from outside")


@dataclass(slots=True)
class GondorSpells(SpellState):
    """[17.0] the spells' state (``game.spell_state``), beside the Standard Rules' part."""

    #: [17.4] each spell -> the times it was cast this game (its allowance); the Freeze Leader
    #: spells [17.12] count as one, "freeze"
    cast: dict[str, int] = field(default_factory=dict)
    #: [17.0] each spell cast (or given by a set-up) -> the last Game-Turn it is in effect
    active: dict[str, int] = field(default_factory=dict)
    #: [17.12] the Westernesse leaders the last Freeze Leader spell froze (while it is active)
    frozen: list[str] = field(default_factory=list)

    def copy(self) -> GondorSpells:
        return GondorSpells(dict(self.night_override), dict(self.cast), dict(self.active), list(self.frozen))

    def to_json(self) -> dict[str, Any]:
        """The hashed JSON: the dict the state was before it was typed."""
        return {"cast": dict(self.cast), "active": dict(self.active), "frozen": list(self.frozen),
                **SpellState.to_json(self)}
