"""Hex maps as data: terrain per hex, features on hexsides, roads, named places.

A map is authored as a TOML file (see ``data/sauron/map.toml``) and validated on load;
the rules only ever ask it questions (``terrain(h)``, ``side(a, b)``, ``road(a, b)``).

Schema::

    [map]
    name = "Dagorlad"
    columns = 26          # hexes 0101 .. CCRR
    rows = 31
    default = "clear"     # terrain of every hex not listed below

    [terrain]             # terrain name -> hexes
    rough = ["0512", ...]

    [[hexside]]           # one feature on the hexside between two adjacent hexes
    hexes = ["1330", "1331"]
    kind = "gate"         # e.g. slope (with "high" = the higher hex), gate, wall
    high = "1331"         # optional
    name = "Gates of Morannon"   # optional

    [roads]               # road name -> chain of adjacent hexes
    orcs = ["1401", "1402", ...]

    [places]              # name -> hex or list of hexes
    mordor = "1331"

    [edges]               # optional overrides; computed from the grid otherwise
"""

from __future__ import annotations

import tomllib
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from . import hexes as hx


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MapHeader(_Strict):
    name: str
    columns: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    default: str = "clear"
    note: str = ""


class HexsideSpec(_Strict):
    hexes: tuple[str, str]
    kind: str
    high: str | None = None
    name: str | None = None

    @model_validator(mode="after")
    def _adjacent(self) -> HexsideSpec:
        a, b = self.hexes
        for h in (a, b):
            if not hx.is_hex_id(h):
                raise ValueError(f"hexside {a}/{b}: {h!r} is not a hex number")
        if hx.direction_to(a, b) is None:
            raise ValueError(f"hexside {a}/{b}: the hexes are not adjacent")
        if self.high is not None and self.high not in (a, b):
            raise ValueError(f"hexside {a}/{b}: 'high' must be one of its two hexes")
        return self


class MapSpec(_Strict):
    map: MapHeader
    terrain: dict[str, list[str]] = {}
    hexside: list[HexsideSpec] = []
    roads: dict[str, list[str]] = {}
    places: dict[str, str | list[str]] = {}
    edges: dict[str, list[str]] = {}
    reconstructed: list[str] = []

    @field_validator("terrain", "roads")
    @classmethod
    def _hex_lists(cls, v: dict[str, list[str]]) -> dict[str, list[str]]:
        for name, hs in v.items():
            for h in hs:
                if not hx.is_hex_id(h):
                    raise ValueError(f"{name}: {h!r} is not a hex number")
        return v


class HexMap:
    """A validated hex map; all queries are dictionary lookups."""

    def __init__(self, spec: MapSpec) -> None:
        self.spec = spec
        self.name = spec.map.name
        cols, rows = spec.map.columns, spec.map.rows
        self.hexes: frozenset[str] = frozenset(
            hx.hex_id(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1))
        self._terrain: dict[str, str] = {}
        for kind, hs in spec.terrain.items():
            for h in hs:
                self._require(h, f"terrain {kind}")
                if h in self._terrain and self._terrain[h] != kind:
                    raise ValueError(f"hex {h} is listed as both {self._terrain[h]} and {kind}")
                self._terrain[h] = kind
        self.default_terrain = spec.map.default
        sides: dict[str, dict[str, Any]] = {}
        for s in spec.hexside:
            a, b = s.hexes
            self._require(a, f"hexside {a}/{b}")
            self._require(b, f"hexside {a}/{b}")
            key = hx.hexside(a, b)
            if key in sides:
                raise ValueError(f"hexside {key} is listed twice")
            sides[key] = {k: v for k, v in
                          (("kind", s.kind), ("high", s.high), ("name", s.name)) if v is not None}
        self._sides = sides
        self._road_sides: set[str] = set()
        self.roads: dict[str, list[str]] = {}
        for name, chain in spec.roads.items():
            for h in chain:
                self._require(h, f"road {name}")
            for a, b in zip(chain, chain[1:]):
                if hx.direction_to(a, b) is None:
                    raise ValueError(f"road {name}: {a} and {b} are not adjacent")
                self._road_sides.add(hx.hexside(a, b))
            self.roads[name] = list(chain)
        self.places: dict[str, list[str]] = {}
        for name, v in spec.places.items():
            hs = [v] if isinstance(v, str) else list(v)
            for h in hs:
                self._require(h, f"place {name}")
            self.places[name] = hs
        self._adj: dict[str, tuple[str, ...]] = {
            h: tuple(n for n in hx.neighbours(h) if n in self.hexes) for h in self.hexes}

    def _require(self, h: str, what: str) -> None:
        if h not in self.hexes:
            raise ValueError(f"{what}: hex {h} is not on the map")

    @classmethod
    def from_toml(cls, path: str | Path) -> HexMap:
        with open(path, "rb") as f:
            data = tomllib.load(f)
        return cls(MapSpec.model_validate(data))

    # ----- queries ----------------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def terrain(self, h: str) -> str:
        return self._terrain.get(h, self.default_terrain)

    def adjacent(self, h: str) -> tuple[str, ...]:
        """On-map neighbours of ``h``."""
        return self._adj[h]

    @property
    def _sides(self) -> dict[str, dict[str, Any]]:
        """Hexside id -> its feature.  Setting it also indexes the features by hex
        (``_side_at``), which ``side`` reads: a copy of the map with other features sets it."""
        return self._sides_by_id

    @_sides.setter
    def _sides(self, sides: dict[str, dict[str, Any]]) -> None:
        self._sides_by_id = sides
        at: dict[str, dict[str, dict[str, Any]]] = {}
        for key, feature in sides.items():
            a, b = key.split("/")
            at.setdefault(a, {})[b] = feature
            at.setdefault(b, {})[a] = feature
        self._side_at = at

    def side(self, a: str, b: str) -> dict[str, Any] | None:
        """The feature on the hexside between adjacent ``a`` and ``b`` (None: plain)."""
        at = self._side_at.get(a)
        return None if at is None else at.get(b)

    def sides(self) -> dict[str, dict[str, Any]]:
        return dict(self._sides)

    def road(self, a: str, b: str) -> bool:
        """True if a road runs from ``a`` into the adjacent ``b``."""
        return (f"{a}/{b}" if a < b else f"{b}/{a}") in self._road_sides

    def place(self, name: str) -> list[str]:
        return self.places[name]

    @cached_property
    def road_hexes(self) -> frozenset[str]:
        return frozenset(h for chain in self.roads.values() for h in chain)

    @cached_property
    def edges(self) -> dict[str, frozenset[str]]:
        """Map-edge hexes by compass side of the sheet (top = "north" of the grid)."""
        if self.spec.edges:
            return {k: frozenset(v) for k, v in self.spec.edges.items()}
        cols, rows = self.spec.map.columns, self.spec.map.rows
        return {
            "top": frozenset(hx.hex_id(c, 1) for c in range(1, cols + 1)),
            "bottom": frozenset(hx.hex_id(c, rows) for c in range(1, cols + 1)),
            "left": frozenset(hx.hex_id(1, r) for r in range(1, rows + 1)),
            "right": frozenset(hx.hex_id(cols, r) for r in range(1, rows + 1)),
        }
