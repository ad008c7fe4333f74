"""Sauron [14.0] Reinforcements: where they enter [14.1] [14.2], the zone near the Road of the
Orcs in which they first move (a fixed fact of the map, :mod:`.board`), and (a ruling,
docs/rulings.md) that they enter while they can."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.errors import IllegalAction
from ...core.hexmap import HexMap
from ..spi.state import OFFMAP, Piece
from .board import MORDOR, _near_road

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class ReinforcementRules:
    """[14.0] reinforcements: entry hexes and their first move near the road."""

    @classmethod
    def define(cls, options: Mapping[str, Any], hexmap: HexMap, sc: Any) -> dict[str, Any]:
        """[14.1] the hexes within two of the Road of the Orcs, where reinforcements move first."""
        return {"road_zone": _near_road(hexmap, "orcs", 2)}

    @property
    def road_zone(self: SauronGame) -> frozenset[str]:
        return self.defn.facts["road_zone"]

    def entry_hexes(self: SauronGame, p: Piece) -> list[str]:
        entry = p.flags.get("entry", "mordor")
        if entry == "mordor":
            return [MORDOR]                                         # [14.1]
        return list(self.hexmap.place(entry))                      # [14.2] within two hexes of 1401

    def pass_zone(self: SauronGame, p: Piece) -> frozenset[str] | None:
        """[14.1] [14.2] in their first Movement Phase on the map, within two hexes of the
        Road of the Orcs."""
        return self.road_zone if p.where == OFFMAP else None

    # ----- [14.0] they enter while they can (a ruling) -----------------------------------------
    def must_enter(self: SauronGame, p: Piece) -> bool:
        """[14.0] [21.26] (a ruling, docs/rulings.md) a reinforcement that has arrived enters
        the map in its side's Movement Phase while it can: ``p`` is off the map, available,
        free to move in this phase, and has somewhere to go (the chain through its entry hex
        [14.0], its stacking and the zone of [14.1] allowing).  Without this a Sauron who
        never brings his army in cannot be demoralized, and wins [21.24] by doing nothing."""
        return (p.where == OFFMAP and self.options.get("reinforcements_enter_14_0", True)
                and self.available_reinforcement(p)
                and self._mover_refusal(p, self.step_side, False, False) is None
                and bool(self.destinations(p)))

    def why_not_stay(self: SauronGame, p: Piece) -> IllegalAction | None:
        if self.must_enter(p):
            return IllegalAction("[14.0]", f"{self.label(p)} has arrived and can still enter the map: "
                                 "a reinforcement enters while it can")
        return super().why_not_stay(p)

    def why_not_end_movement(self: SauronGame) -> IllegalAction | None:
        """[14.0] not while a reinforcement that has arrived can still enter (the refusal of
        its ``stay``)."""
        side = self.step_side
        for p in self.units_of(side) if side is not None else ():
            # (a reinforcement that has arrived: the stay of a piece off the map that has not
            # arrived is refused by no rule, so it is not asked)
            if p.where == OFFMAP and self.available_reinforcement(p):
                err = self.why_not_stay(p)
                if err is not None:
                    return err
        return super().why_not_end_movement()
