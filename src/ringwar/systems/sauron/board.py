"""The board facts of Sauron shared by its rule sections (which import this module, never each
other): Mordor's hex, the Gates of Morannon [18.0] [14.1], and the hexes near a road [14.1]."""

from __future__ import annotations

from functools import cache

from ...core import hexes as hx
from ...core.hexmap import HexMap

MORDOR = "1331"


@cache
def _near_road(hexmap: HexMap, road: str, radius: int) -> frozenset[str]:
    """[14.1] hexes within ``radius`` of a road (maps are shared, so is this)."""
    return frozenset(n for r in hexmap.roads[road] for n in hx.within(r, radius) if n in hexmap)

