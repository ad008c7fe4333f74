"""The board facts of Gondor shared by its rule sections (which import this module, never each
other): the kinds of wall hexside, the armies' names [19.12], the errata wall, and the city's
facts derived once from the map [15.0] (each hex's level, the gates, the walls)."""

from __future__ import annotations

from functools import cache
from typing import Any

from ...core import hexes as hx
from ...core.hexmap import HexMap

WALLS = ("wall", "tower", "gate")
GARRISON, RELIEF = "garrison", "relief"


ERRATA_WALL = "2101/2201"


@cache
def _without_side(hexmap: HexMap, key: str) -> HexMap:
    """A copy of ``hexmap`` without the feature on hexside ``key`` (shared, immutable)."""
    import copy
    m = copy.copy(hexmap)
    m._sides = {k: v for k, v in hexmap._sides.items() if k != key}
    return m


@cache
def _city(hexmap: HexMap) -> dict[str, Any]:
    """Facts about the city derived once from the map: level of each hex, gates, walls."""
    level: dict[str, int] = {}
    for k in range(1, 8):
        for h in hexmap.places.get(f"level_{k}", ()):
            level[h] = k
    gates: dict[str, dict[str, Any]] = {}
    for key, side in hexmap.sides().items():
        if side["kind"] == "gate":
            a, b = key.split("/")
            gates[key] = {"name": side.get("name", "Gate"), "high": side.get("high"),
                          "low": b if side.get("high") == a else a}
    outer = frozenset(h for h in level if level[h] == 1)
    near_walls = frozenset(h for h in hexmap.hexes if h not in level and hexmap.terrain(h) != "mountain"
                           and any(hx.distance(h, o) <= 2 for o in outer))
    walls = frozenset(h for key, side in hexmap.sides().items() if side["kind"] in WALLS
                      for h in key.split("/"))
    # [20.2] the gates into each level from the level below
    gates_into = {k: [key for key, g in gates.items()
                      if level.get(g["high"]) == k and level.get(g["low"], 0) == k - 1]
                  for k in range(1, 8)}
    # [15.15] each hex beside a gate -> the gates it is beside, (key, gate) in map order
    gates_at: dict[str, list[tuple[str, dict[str, Any]]]] = {}
    for key, g in gates.items():
        for h in dict.fromkeys((g["high"], g["low"])):
            gates_at.setdefault(h, []).append((key, g))
    # [16.43] from each hex, the walls a Ladder may be set against: (hex above, hexside)
    climbs: dict[str, tuple[tuple[str, str], ...]] = {}
    for h in walls:
        up = []
        for n in hexmap.adjacent(h):
            side = hexmap.side(h, n)
            if side and side["kind"] in WALLS and side.get("high") == n:
                up.append((n, hx.hexside(h, n)))
        if up:
            climbs[h] = tuple(up)
    # [15.1] the wall hexsides (walls, towers, gates): (hexside, its feature), in map order
    wall_sides = tuple((key, side) for key, side in hexmap.sides().items() if side["kind"] in WALLS)
    return {"level": level, "gates": gates, "city": frozenset(level),
            "garrison_deploy": frozenset(level) | near_walls, "wall_hexes": walls,
            "gates_into": gates_into, "gates_at": {h: tuple(v) for h, v in gates_at.items()},
            "climbs": climbs, "wall_sides": wall_sides,
            "wall_at": dict(wall_sides),
            # [16.21] [16.23] (hex, range) -> the wall hexsides a Catapult in the hex has within
            # that range, filled as asked (geometry only: never stale)
            "walls_near": {},
            # [16.61] [16.82] a Catapult's hex -> the hexes it may hurl a Fireball or a Severed
            # Head into (``hurl_targets``), filled as asked (geometry only: never stale)
            "hurl_from": {},
            # [13.0] (cost class, board features, set-up area) -> the area's hexes, in order,
            # that a piece of that class may enter [4.3] (``deploy_hexes``), filled as asked
            "deploy_terrain": {}}

