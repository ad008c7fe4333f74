"""Sauron [13.0] Initial Deployment: the pieces and the state a game begins with (the Beast off
the map [17.0], the Pedestal [16.62], the magic weapons [19.0], the reinforcement delay
[21.26]) and set-ups from outside."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..spi.game import SAURON
from ..spi.state import Piece
from .state import Pedestal, SauronSpells, Weapon

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class SetupRules:
    """[13.0] the set-up: initial state and set-ups from outside."""

    def init_exclusive(self: SauronGame) -> None:
        delay = int(self.options.get("reinforcement_delay", 0))
        for p in self.units.values():
            if p.side == SAURON and p.arrival is not None and delay:
                p.arrival = max(1, p.arrival + delay)              # [21.26]
        beast = Piece("beast", utype=self.sc.types["beast"], movement=self.charts.movement)
        beast.set_flag("out", True)                                   # [17.0] until conjured
        self.units["beast"] = beast
        self.pedestal = Pedestal(None, "orc_archer1")               # [16.62]
        self.weapons = {k: Weapon(w.start) for k, w in self.sc.weapons.items()}   # [19.0]
        self.spell_state = SauronSpells()                           # [16.0] [17.0]

    def check_setup_exclusive(self: SauronGame, c: Any, setup: dict[str, Any]) -> None:
        if "pedestal" in setup:                                     # [16.6]
            ped = c.obj(setup["pedestal"], "pedestal", {"hex", "carrier"})
            if ped.get("hex") is not None:
                c.hex_(ped["hex"], "pedestal.hex")
            if ped.get("carrier") is not None:
                c.unit(ped["carrier"], "pedestal.carrier", leader=False)
            elif ped.get("hex") is None:
                c.fail("pedestal", "needs a 'hex' or a 'carrier'")
        for k, carrier in c.obj(setup.get("weapons", {}), "weapons").items():       # [19.0]
            c.choice(k, f"weapons.{k}", set(self.sc.weapons))
            if carrier is not None:
                c.unit(carrier, f"weapons.{k}", leader=True)
        for k, until in c.obj(setup.get("spells", {}), "spells").items():          # [16.0]
            c.choice(k, f"spells.{k}", set(self.sc.spells))
            c.int_(until, f"spells.{k}", 0, self.last_turn)
        if "beast" in setup:                                        # [17.0]
            b = c.obj(setup["beast"], "beast", {"hex", "reduced", "facing", "powers"})
            if "hex" not in b:
                c.fail("beast", "needs a 'hex'")
            c.hex_(b["hex"], "beast.hex")
            if "reduced" in b:
                c.bool_(b["reduced"], "beast.reduced")
            if "facing" in b:
                c.int_(b["facing"], "beast.facing", 1, 6)
            assert self.sc.beast is not None
            for k, until in c.obj(b.get("powers", {}), "beast.powers").items():
                c.choice(k, f"beast.powers.{k}", set(self.sc.beast.powers))
                c.int_(until, f"beast.powers.{k}", 0, self.last_turn)

    def setup_exclusive(self: SauronGame, setup: dict[str, Any]) -> None:
        if setup.get("clear") and "pedestal" not in setup and self.units["orc_archer1"].flags.get("out"):
            self.pedestal = Pedestal(None, None)
        if "pedestal" in setup:
            ped = setup["pedestal"]
            self.pedestal = Pedestal(ped.get("hex"), ped.get("carrier"))
            if self.pedestal.carrier is not None:
                self.pedestal.hex = self.piece(self.pedestal.carrier).hex
        for k, carrier in setup.get("weapons", {}).items():
            self.weapons[k].carrier = carrier
        for name, until in setup.get("spells", {}).items():
            self.spell_state.active[name] = int(until)
        if "beast" in setup:
            b = setup["beast"]
            beast = self.units["beast"]
            beast.drop_flag("out")
            self.place(beast, b["hex"])
            beast.reduced = bool(b.get("reduced", False))
            self.spell_state.beast.conjured = True
            self.spell_state.beast.facing = int(b.get("facing", 1))
            for power, until in b.get("powers", {}).items():
                self.spell_state.beast.powers[power] = int(until)

    def exclusive_json(self: SauronGame) -> Any:
        return {"pedestal": self.pedestal.to_json(), "weapons": {k: w.to_json() for k, w in self.weapons.items()}}
