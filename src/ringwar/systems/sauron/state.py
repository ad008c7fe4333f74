"""Sauron's state beside the pieces as typed, slotted records (issue 13, item 1): the spells'
state [16.0] with the Beast of Mordor's [17.0] (``SauronSpells``, ``BeastState``), the
Pedestal [16.6] (``Pedestal``) and the magic weapons [19.0] (``Weapon``).

Each ``to_json()`` is the JSON hashed with the game: exactly the dict the state was kept as
before it was typed (the same keys, the same values), so that no state hash, record or trace
changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..spi.state import SpellState


@dataclass(slots=True)
class BeastState:
    """[17.0] the Beast of Mordor's magic."""

    #: [17.0] conjured (it stays conjured, on the map or dead)
    conjured: bool = False
    #: [17.2] each power gained -> the last Game-Turn it lasts (0: for the rest of the game)
    powers: dict[str, int] = field(default_factory=dict)
    #: [17.24] the direction of its frontal hexsides (1-6), set by its Death Breath
    facing: int = 1
    #: [17.0] [17.2] the phases, (Game-Turn, phase), in which it may use its powers without
    #: Sauron casting: the phase it was conjured in and the next magic phase
    window: tuple[tuple[int, str], ...] = ()
    #: [17.2] the phase, (Game-Turn, phase), a power was last used in (one a phase); None: none yet
    power_phase: tuple[int, str] | None = None

    def copy(self) -> BeastState:
        return BeastState(self.conjured, dict(self.powers), self.facing, self.window, self.power_phase)

    def to_json(self) -> dict[str, Any]:
        """The hashed JSON: ``power_phase`` only once a power was used (as the dict was)."""
        out: dict[str, Any] = {"conjured": self.conjured, "powers": dict(self.powers), "facing": self.facing,
                               "window": [list(w) for w in self.window]}
        if self.power_phase is not None:
            out["power_phase"] = list(self.power_phase)
        return out


@dataclass(slots=True)
class SauronSpells(SpellState):
    """[16.0] Sauron's spells and the Beast (``game.spell_state``), beside the Standard Rules'
    part."""

    #: [16.5] each spell -> the times it was cast this game (its allowance)
    cast: dict[str, int] = field(default_factory=dict)
    #: [16.0] each spell cast (or given by a set-up) -> the last Game-Turn it is in effect
    active: dict[str, int] = field(default_factory=dict)
    #: [16.0] each spell cast in play -> the Game-Turn it was cast (it is in effect from then
    #: to ``active``; a set-up's spells are in effect from the start)
    since: dict[str, int] = field(default_factory=dict)
    #: [17.0] the Beast of Mordor's magic
    beast: BeastState = field(default_factory=BeastState)
    #: [16.61] the Movement Phase, (Game-Turn, phase), in which the Pedestal last moved; None:
    #: it has not moved
    pedestal_moved: tuple[int, str] | None = None
    #: [16.61] Sauron was on the Pedestal when this magic phase began
    on_pedestal: bool = False

    def copy(self) -> SauronSpells:
        return SauronSpells(dict(self.night_override), dict(self.cast), dict(self.active), dict(self.since),
                            self.beast.copy(), self.pedestal_moved, self.on_pedestal)

    def to_json(self) -> dict[str, Any]:
        """The hashed JSON: the dict the state was before it was typed (``since`` only once a
        spell was cast in play)."""
        out: dict[str, Any] = {
            "cast": dict(self.cast), "active": dict(self.active), "beast": self.beast.to_json(),
            "pedestal_moved": None if self.pedestal_moved is None else list(self.pedestal_moved),
            "on_pedestal": self.on_pedestal,
        }
        if self.since:
            out["since"] = dict(self.since)
        out.update(SpellState.to_json(self))
        return out


@dataclass(slots=True)
class Pedestal:
    """[16.6] the Pedestal (``game.pedestal``): carried by the unit ``carrier`` [16.62] [16.63],
    or left in ``hex`` (``hex`` follows its carrier while it moves; None: nowhere, off the map)."""

    hex: str | None = None
    carrier: str | None = None

    def copy(self) -> Pedestal:
        return Pedestal(self.hex, self.carrier)

    def to_json(self) -> dict[str, Any]:
        return {"hex": self.hex, "carrier": self.carrier}


@dataclass(slots=True)
class Weapon:
    """[19.0] a magic weapon (``game.weapons[key]``)."""

    #: [19.1] the leader carrying it (captured [19.22]: the captor); None once destroyed
    carrier: str | None = None
    #: [19.21] destroyed with its bearer
    destroyed: bool = False
    #: [20.2] its loss (destroyed, or captured by Sauron) counted toward the Westernesse
    #: demoralization, once
    counted: bool = False

    def copy(self) -> Weapon:
        return Weapon(self.carrier, self.destroyed, self.counted)

    def to_json(self) -> dict[str, Any]:
        return {"carrier": self.carrier, "destroyed": self.destroyed, "counted": self.counted}
