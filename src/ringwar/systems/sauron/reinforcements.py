"""Sauron [14.0] Reinforcements: where they enter [14.1] [14.2] and the zone near the Road of the
Orcs in which they first move (a fixed fact of the map, :mod:`.board`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

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
