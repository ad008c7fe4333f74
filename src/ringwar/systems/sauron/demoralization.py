"""Sauron's deaths and what they cost: magic weapons destroyed or captured [19.2], Demoralization
Points [20.0], Victory Points for units killed [21.1]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Event, event
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .state import Pedestal

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class DemoralizationRules:
    """Deaths: [19.2] weapons lost, [20.0] demoralization, [21.1] victory points."""

    def leader_killed(self: SauronGame, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        events: list[Event] = []
        for k, w in self.weapons.items():
            if w.carrier != p.id or w.destroyed:
                continue
            name = self.sc.weapons[k].name
            if by is not None and by.is_leader:
                w.carrier = by.id                                  # [19.22] captured
                events.append(event("weapon", "[19.22]", f"{name} is captured by {by.name}"))
                if by.side == SAURON:
                    self.vp[SAURON] += int(self.sc.victory["weapon_captured"])    # [21.12]
                    events.append(event("victory_points", "[21.12]",
                                        f"Sauron scores {self.sc.victory['weapon_captured']} VP for {name}"))
            else:
                w.destroyed = True                                 # [19.21]
                w.carrier = None
                events.append(event("weapon", "[19.21]", f"{name} is destroyed with {p.name}"))
            if not w.counted and (w.destroyed or (by is not None and by.side == SAURON)):
                w.counted = True
                events.extend(self.add_dp(WEST, int(self.sc.demoralization["weapon_lost"]), "[20.2]",
                                          f"{name} destroyed or captured"))
        if p.side == WEST:
            named = ("elendil", "isildur", "gil_galad", "baldrim")
            if self.options["errata_20_2"] or p.key in named:
                events.extend(self.add_dp(WEST, p.rally, "[20.2]", f"{p.name} killed"))
        elif p.id == "sauron":
            events.extend(self.demoralize(SAURON, "[20.1]", "Sauron is slain"))
        return events

    def unit_killed(self: SauronGame, p: Piece, cause: str, hex_: str | None) -> list[Event]:
        events: list[Event] = []
        if self.pedestal.carrier == p.id:
            self.pedestal = Pedestal(hex_, None)
            events.append(event("pedestal", "[16.63]", f"the Pedestal is left in {hex_}", hex=hex_))
        enemy = SAURON if p.side == WEST else WEST
        self.vp[enemy] += int(self.sc.victory["per_unit"])         # [21.11]
        if p.id == "beast":
            events.extend(self.add_dp(SAURON, int(self.sc.demoralization["beast_slain"]), "[20.1]",
                                      "the Beast of Mordor is slain"))
        return events
