"""War of the Ring's map as data [WR §5]: terrain, hexsides, roads, places, search areas,
political regions, sites and boxes, and the Terrain Effects Chart.

Two files in ``data/``:

* ``map.toml``: the project's hexmap schema (:mod:`ringwar.core.hexmap`) -- the terrain grid
  [WR §5.2], one feature per hexside [WR §5.4], the roads [WR §5.5] and the hex of every named
  place [WR §5.3].  ``HexMap.from_toml`` and the renderer read it like any other map.
* ``places.toml``: what that schema has no room for -- place features, the Terrain Effects
  Chart [WR §5.1], the passes, the search areas [WR §5.6], the political regions [WR §5.7],
  the Eye and Magic sites and the Palantir boxes [WR §5.8], and the seed's hex aliases [WR §4].

Nothing here is a rule of play: this module reads the two files, checks them together and
hands out frozen records and lookups.  Any defect raises :class:`MapDataError`, a
``ValueError`` whose message names the file and the key::

    PYTHONPATH=src python -c "from ringwar.systems.war_of_the_ring.mapdata import load_map; load_map()"

Hex numbers are ``CCRR``, ``0101`` top-left, flat-topped columns with the even ones half a hex
lower [WR §4]: exactly :mod:`ringwar.core.hexes` (directions 1-6 clockwise from north).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...core import hexes as hx
from ...core.hexmap import HexMap, HexsideSpec, MapSpec

DATA_DIR = Path(__file__).resolve().parent / "data"
MAP_FILE = "map.toml"
PLACES_FILE = "places.toml"

#: Who moves, for the Terrain Effects Chart [WR §5.1].
MOVERS: tuple[str, ...] = ("army", "character")
#: Initial holders of objectives [WR §5.3].
OWNERS: tuple[str, ...] = ("free", "sauron", "saruman")
#: Special rules a place may carry (places.toml [places] tags).
PLACE_TAGS: tuple[str, ...] = ("elves-m4", "paths-entrance", "paths-exit", "gorgoroth-exempt",
                               "mount-doom")
#: Hexside kinds of map.toml that are part of the Misty Mountains wall, and those that carry
#: the great river (the Anduin) [WR §5.4].
WALL_KINDS: frozenset[str] = frozenset({"mountain", "pass", "tunnel"})
GREAT_RIVER_KINDS: frozenset[str] = frozenset({"great-river", "ford", "bridge"})
#: The seed's counts [S §V22]: 20 objectives, 6 of them Sauron's at the start.
OBJECTIVES = 20
SAURON_OBJECTIVES = 6
ROWS_COLUMNS = (33, 40)  # [WR §4]

Mover = Literal["army", "character"]
Cost = float | Literal["prohibited"]


class MapDataError(ValueError):
    """Bad map data: the message names the file and the key."""


# ----- the records handed out ------------------------------------------------------------
@dataclass(frozen=True)
class TerrainEffect:
    """One row of the Terrain Effects Chart [WR §5.1] (R-TEC, R-TERRAIN-SHIFT)."""

    terrain: str
    army: float | None          # MP to enter; None: prohibited
    character: float | None
    shift: int                  # army-combat column shift for the defender in the hex

    def cost(self, mover: str) -> float | None:
        return self.army if mover == "army" else self.character


@dataclass(frozen=True)
class HexsideEffect:
    """What crossing a hexside of one kind adds [WR §5.1] (R-TEC, R-PASS-COST)."""

    kind: str
    army: float | None          # MP added; None: prohibited
    character: float | None
    by_road: float | None       # MP added instead along a road (None: no road reduction)
    river: bool                 # a river hexside for the river shift (R-RIVER-SHIFT)

    def cost(self, mover: str) -> float | None:
        return self.army if mover == "army" else self.character


@dataclass(frozen=True)
class Hexside:
    """The feature on one hexside [WR §5.4]."""

    key: str                    # "2304/2404", lower hex first
    hexes: tuple[str, str]
    kind: str                   # mountain | pass | tunnel | great-river | ford | bridge | river
    name: str                   # the line's or the crossing's name
    river: str | None           # the river it is part of ("Anduin", "Brandywine"), if any
    wall: bool                  # part of the Misty Mountains wall
    crossing: str | None        # "ford" | "bridge": an Anduin crossing
    road: bool                  # a road crosses it (a road bridge or ford on a river)


@dataclass(frozen=True)
class Pass:
    """A pass of the Misty Mountains wall, closed until Misty Passes Open [S §V21]."""

    name: str
    hexside: str
    open_to: frozenset[str]     # movers who may cross once it is open


@dataclass(frozen=True)
class Site:
    """A face-down Eye or Magic card's place [WR §5.8] (R-SITES)."""

    deck: Literal["eye", "magic"]
    hex: str
    card: str | None            # the fixed card (Balrog, Shelob, Shadowfax, the Phial) or None


@dataclass(frozen=True)
class Place:
    """A named place [WR §5.3] with its features."""

    name: str
    hex: str
    area: str                   # its search area [WR §5.6]
    terrain: str
    objective: bool             # one of the 20 [S §V22]
    owner: str | None           # the objective's initial holder (R-INITIAL-OBJECTIVES)
    defence: int                # intrinsic defence [S §V14]; 0 none
    citadel: int                # citadel multiplier: 1 none, 2, 4 [S §V15, §V16; R-CITADEL-X2]
    garrison: bool              # on Saruman's 2-player garrison list [S §V12]
    sanctuary: bool             # R-SANCTUARIES
    tags: frozenset[str]
    sites: tuple[Site, ...]     # Eye and Magic sites in the hex
    palantir: str | None        # the Palantir box here (Orthanc, Anor, Ithil)

    @property
    def kind(self) -> str:
        """A summary for display: mighty-citadel, citadel, objective or place."""
        if self.citadel >= 4:
            return "mighty-citadel"
        if self.citadel > 1:
            return "citadel"
        return "objective" if self.objective else "place"


@dataclass(frozen=True)
class Area:
    """A lettered search area [WR §5.6] (R-MAP-AREAS)."""

    letter: str
    name: str
    hexes: frozenset[str]


@dataclass(frozen=True)
class Region:
    """A political region used by rules [WR §5.7] (R-REGIONS)."""

    id: str
    name: str
    hexes: frozenset[str]


# ----- the schema of places.toml -----------------------------------------------------------
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class _TerrainSpec(_Strict):
    army: float | Literal["prohibited"]
    character: float | Literal["prohibited"]
    shift: int = 0


class _SideSpec(_Strict):
    army: float | Literal["prohibited"]
    character: float | Literal["prohibited"]
    by_road: float | None = None
    river: bool = False


class _TecSpec(_Strict):
    road: float = Field(gt=0)
    river_shift: int
    terrain: dict[str, _TerrainSpec]
    hexside: dict[str, _SideSpec]


class _PassSpec(_Strict):
    open_to: list[Literal["army", "character"]]


class _PlaceSpec(_Strict):
    objective: bool = False
    owner: Literal["free", "sauron", "saruman"] | None = None
    defence: int = Field(default=0, ge=0)
    citadel: Literal[1, 2, 4] = 1
    garrison: bool = False
    sanctuary: bool = False
    tags: list[Literal["elves-m4", "paths-entrance", "paths-exit", "gorgoroth-exempt",
                       "mount-doom"]] = []


class _AreasSpec(_Strict):
    grid: str
    names: dict[str, str]


class _RegionSpec(_Strict):
    name: str
    areas: list[str] | None = None
    hexes: list[str] | None = None
    flood_from: str | None = None
    barrier: list[str] = []
    exclude_terrain: list[str] = []


class _SitesSpec(_Strict):
    eye_fixed: dict[str, str]
    eye_dealt: list[str]
    magic_fixed: dict[str, str]
    magic_dealt: list[str]


class _PlacesFile(_Strict):
    aliases: dict[str, str] = {}
    tec: _TecSpec
    passes: dict[str, _PassSpec]
    places: dict[str, _PlaceSpec]
    areas: _AreasSpec
    regions: dict[str, _RegionSpec]
    sites: _SitesSpec
    palantir_boxes: dict[str, str] = {}


def _loc(loc: Iterable[Any]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and part.replace("_", "").replace("-", "").isalnum():
            out += f".{part}" if out else part
        else:
            out += f'."{part}"' if out else f'"{part}"'
    return out


def _pydantic_error(file: str, e: ValidationError) -> MapDataError:
    first = e.errors()[0]
    # drop the union-branch labels pydantic appends ("float", "literal['prohibited']")
    loc = [p for p in first["loc"] if not (isinstance(p, str) and (p in ("float", "int", "bool", "str")
                                                                      or p.startswith("literal[")))]
    more = f" (and {e.error_count() - 1} more)" if e.error_count() > 1 else ""
    return MapDataError(f"{file}: {_loc(loc)}: {first['msg']}{more}")


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise MapDataError(f"{path.name}: cannot read: {e}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:  # a key twice (a place named twice), bad syntax
        m = re.search(r"line (\d+)", str(e))
        where = ""
        if m and 0 < int(m[1]) <= len(text.splitlines()):
            where = f" in {text.splitlines()[int(m[1]) - 1].strip()!r}"
        raise MapDataError(f"{path.name}: {e}{where}") from None


def _cost(v: float | str) -> float | None:
    return None if v == "prohibited" else float(v)


# ----- the map ---------------------------------------------------------------------------
class WarMap:
    """The validated map: a core :class:`HexMap` plus everything [WR §5] adds to it."""

    def __init__(self, hexmap: HexMap, spec: _PlacesFile, map_file: str = MAP_FILE,
                 places_file: str = PLACES_FILE) -> None:
        self.hexmap = hexmap
        self.hexes: frozenset[str] = hexmap.hexes
        mf, pf = map_file, places_file

        def fail(file: str, key: str, why: str) -> MapDataError:
            return MapDataError(f"{file}: {key}: {why}")

        # the sheet [WR §4]
        header = hexmap.spec.map
        if (header.rows, header.columns) != ROWS_COLUMNS:
            raise fail(mf, "map", f"the sheet is {header.columns} x {header.rows}, "
                                  f"not 40 columns x 33 rows [WR §4]")

        # Terrain Effects Chart [WR §5.1]
        self.road_cost: float = spec.tec.road
        self.river_shift: int = spec.tec.river_shift
        self._terrain_fx: dict[str, TerrainEffect] = {
            t: TerrainEffect(t, _cost(s.army), _cost(s.character), s.shift)
            for t, s in spec.tec.terrain.items()}
        self._side_fx: dict[str, HexsideEffect] = {
            k: HexsideEffect(k, _cost(s.army), _cost(s.character), s.by_road, s.river)
            for k, s in spec.tec.hexside.items()}
        used = {header.default} | set(hexmap.spec.terrain)
        for t in sorted(used):
            if t not in self._terrain_fx:
                key = "map.default" if t == header.default and t not in hexmap.spec.terrain \
                    else f"terrain.{t}"
                raise fail(mf, key, f"unknown terrain {t!r} (the Terrain Effects Chart, "
                                    f"{pf} [tec.terrain], has {', '.join(self._terrain_fx)})")
        self._terrain: dict[str, str] = {h: hexmap.terrain(h) for h in self.hexes}

        # hexsides [WR §5.4]
        passes_by_side: dict[str, str] = {}
        self._sides: dict[str, Hexside] = {}
        for i, s in enumerate(hexmap.spec.hexside):
            a, b = sorted(s.hexes)
            key = f"{a}/{b}"
            if s.kind not in self._side_fx:
                raise fail(mf, f"hexside[{i}] ({key})", f"unknown hexside kind {s.kind!r} "
                                                       f"({pf} [tec.hexside] has "
                                                       f"{', '.join(self._side_fx)})")
            name = s.name or ""
            if not name:
                raise fail(mf, f"hexside[{i}] ({key})", "a hexside needs a name (the river, "
                                                       "the wall, the pass or the crossing)")
            if s.kind == "pass":
                passes_by_side[key] = name
            river = ("Anduin" if s.kind in GREAT_RIVER_KINDS
                     else name if s.kind == "river" else None)
            self._sides[key] = Hexside(
                key=key, hexes=(a, b), kind=s.kind, name=name, river=river,
                wall=s.kind in WALL_KINDS,
                crossing=s.kind if s.kind in ("ford", "bridge") else None,
                road=hexmap.road(a, b))

        # passes [S §V21]
        self.passes: Mapping[str, Pass] = MappingProxyType({})
        by_name = {n: k for k, n in passes_by_side.items()}
        if len(by_name) != len(passes_by_side):
            raise fail(mf, "hexside", "two pass hexsides share a name")
        ps: dict[str, Pass] = {}
        for name, p in spec.passes.items():
            if name not in by_name:
                raise fail(pf, f'passes."{name}"', f"no hexside of kind 'pass' named {name!r} "
                                                  f"in {mf}")
            ps[name] = Pass(name, by_name[name], frozenset(p.open_to))
        for name, key in by_name.items():
            if name not in ps:
                raise fail(mf, f"hexside ({key})", f"the pass {name!r} is not in {pf} [passes]")
        self.passes = MappingProxyType(ps)
        self._pass_at = {p.hexside: p for p in ps.values()}

        # roads [WR §5.5]: HexMap checked that each chain is of adjacent hexes on the map
        for name, chain in hexmap.roads.items():
            for h in chain:
                if self.terrain_effect(self.terrain(h)).army is None:
                    raise fail(mf, f'roads."{name}"', f"hex {h} is {self.terrain(h)}, "
                                                      f"which no army may enter")
            for a, b in zip(chain, chain[1:]):
                side = self.hexside(a, b)
                if side is not None and side.kind in ("mountain", "great-river"):
                    raise fail(mf, f'roads."{name}"',
                               f"{a}-{b} crosses a {side.kind} hexside ({side.name}): a road "
                               f"crosses the wall only at a pass and the Anduin only at a "
                               f"ford or bridge")

        # search areas [WR §5.6]
        self._area: dict[str, str] = {}
        rows = [ln for ln in spec.areas.grid.splitlines() if ln.strip()]
        nrows, ncols = ROWS_COLUMNS
        if len(rows) != nrows:
            raise fail(pf, "areas.grid", f"{len(rows)} rows, not {nrows}")
        for r, line in enumerate(rows, 1):
            head, _, cells = line.partition("  ")
            if head != f"{r:02d}" or len(cells) != ncols:
                raise fail(pf, "areas.grid", f"row {r:02d} must read '{r:02d}' and two spaces, "
                                             f"then {ncols} letters: {line!r}")
            for c, ch in enumerate(cells, 1):
                h = hx.hex_id(c, r)
                sea = self.terrain(h) == "sea"
                if ch == "~":
                    if not sea:
                        raise fail(pf, "areas.grid", f"hex {h} is {self.terrain(h)}, not sea: "
                                                     f"it needs an area letter")
                    continue
                if sea:
                    raise fail(pf, "areas.grid", f"hex {h} is sea: it belongs to no area (~)")
                if ch not in spec.areas.names:
                    raise fail(pf, "areas.grid", f"hex {h}: unknown area {ch!r} "
                                                 f"(not in [areas.names])")
                self._area[h] = ch
        self.areas: Mapping[str, Area] = MappingProxyType({
            a: Area(a, n, frozenset(h for h, x in self._area.items() if x == a))
            for a, n in spec.areas.names.items()})
        for a, area in self.areas.items():
            if not area.hexes:
                raise fail(pf, f"areas.names.{a}", "an area with no hex in the grid")

        # sites and boxes [WR §5.8]
        sites: list[Site] = []
        for deck in ("eye", "magic"):
            fixed: dict[str, str] = getattr(spec.sites, f"{deck}_fixed")
            dealt: list[str] = getattr(spec.sites, f"{deck}_dealt")
            for card, h in fixed.items():
                self._require_land(h, pf, f'sites.{deck}_fixed."{card}"')
                sites.append(Site(deck, h, card))  # type: ignore[arg-type]
            seen: set[str] = set()
            for i, h in enumerate(dealt):
                self._require_land(h, pf, f"sites.{deck}_dealt[{i}]")
                if h in seen:
                    raise fail(pf, f"sites.{deck}_dealt[{i}]", f"hex {h} is listed twice")
                seen.add(h)
                sites.append(Site(deck, h, None))  # type: ignore[arg-type]
        self.sites: tuple[Site, ...] = tuple(sites)
        for box, h in spec.palantir_boxes.items():
            self._require_land(h, pf, f"palantir_boxes.{box}")
        self.palantir_boxes: Mapping[str, str] = MappingProxyType(dict(spec.palantir_boxes))
        for alias, h in spec.aliases.items():
            if hx.is_hex_id(alias):
                raise fail(pf, f"aliases.{alias}", "an alias may not itself be a hex number")
            self._require(h, pf, f"aliases.{alias}")
        self.aliases: Mapping[str, str] = MappingProxyType(dict(spec.aliases))

        # named places [WR §5.3]
        places: dict[str, Place] = {}
        at: dict[str, str] = {}
        for name, v in hexmap.spec.places.items():
            if not isinstance(v, str):
                raise fail(mf, f'places."{name}"', "a named place is one hex [WR §5]")
            if name not in spec.places:
                raise fail(pf, "places", f"{name!r} (in {mf} [places]) has no entry")
            if v in at:
                raise fail(mf, f'places."{name}"', f"hex {v} already holds {at[v]!r}: every "
                                                   f"place has its own hex [WR §5]")
            self._require_land(v, mf, f'places."{name}"')
            at[v] = name
        for name, p in spec.places.items():
            key = f'places."{name}"'
            if name not in hexmap.spec.places:
                raise fail(pf, key, f"no place of that name in {mf} [places]")
            if p.objective != (p.owner is not None):
                raise fail(pf, key, "an objective needs its initial owner, and only an "
                                    "objective has one")
            h = hexmap.spec.places[name]
            assert isinstance(h, str)
            places[name] = Place(
                name=name, hex=h, area=self._area[h], terrain=self.terrain(h),
                objective=p.objective, owner=p.owner, defence=p.defence, citadel=p.citadel,
                garrison=p.garrison, sanctuary=p.sanctuary, tags=frozenset(p.tags),
                sites=tuple(s for s in sites if s.hex == h),
                palantir=next((b for b, bh in spec.palantir_boxes.items() if bh == h), None))
        objectives = [p for p in places.values() if p.objective]
        if len(objectives) != OBJECTIVES:
            raise fail(pf, "places", f"{len(objectives)} objectives, not {OBJECTIVES} [S §V22]")
        sauron = [p.name for p in objectives if p.owner == "sauron"]
        if len(sauron) != SAURON_OBJECTIVES:
            raise fail(pf, "places", f"Sauron holds {len(sauron)} objectives at the start, not "
                                     f"{SAURON_OBJECTIVES} [S §V22]")
        self.places: Mapping[str, Place] = MappingProxyType(places)
        self._place_at: dict[str, Place] = {p.hex: p for p in places.values()}

        # political regions [WR §5.7]
        regions: dict[str, Region] = {}
        for rid, r in spec.regions.items():
            key = f"regions.{rid}"
            ways = [x for x in (r.areas, r.hexes, r.flood_from) if x is not None]
            if len(ways) != 1:
                raise fail(pf, key, "give exactly one of areas, hexes or flood_from")
            hs: set[str] = set()
            if r.areas is not None:
                for a in r.areas:
                    if a not in self.areas:
                        raise fail(pf, key, f"unknown area {a!r}")
                    hs |= self.areas[a].hexes
            elif r.hexes is not None:
                for i, h in enumerate(r.hexes):
                    self._require_land(h, pf, f"{key}.hexes[{i}]")
                    if h in hs:
                        raise fail(pf, f"{key}.hexes[{i}]", f"hex {h} is listed twice")
                    hs.add(h)
            else:
                assert r.flood_from is not None
                self._require_land(r.flood_from, pf, f"{key}.flood_from")
                for k in r.barrier:
                    if k not in self._side_fx:
                        raise fail(pf, f"{key}.barrier", f"unknown hexside kind {k!r}")
                for t in r.exclude_terrain:
                    if t not in self._terrain_fx:
                        raise fail(pf, f"{key}.exclude_terrain", f"unknown terrain {t!r}")
                hs = self._flood(r.flood_from, frozenset(r.barrier))
                hs = {h for h in hs if self.terrain(h) not in r.exclude_terrain}
            regions[rid] = Region(rid, r.name, frozenset(hs))
        self.regions: Mapping[str, Region] = MappingProxyType(regions)
        self._regions_at: dict[str, frozenset[str]] = {
            h: frozenset(rid for rid, r in regions.items() if h in r.hexes) for h in self.hexes}
        for p in places.values():
            if "gorgoroth-exempt" in p.tags and not ({"udun", "nurn"} & self._regions_at[p.hex]):
                raise fail(pf, f'places."{p.name}".tags', "gorgoroth-exempt, but the hex is in "
                                                          "neither region udun nor nurn")

    # ----- helpers -------------------------------------------------------------------------
    def _require(self, h: str, file: str, key: str) -> None:
        if h not in self.hexes:
            raise MapDataError(f"{file}: {key}: hex {h!r} is not on the map (0101-4033)")

    def _require_land(self, h: str, file: str, key: str) -> None:
        """``h`` is on the map and a character may enter it."""
        self._require(h, file, key)
        if self._terrain_fx[self.terrain(h)].character is None:
            raise MapDataError(f"{file}: {key}: hex {h} is {self.terrain(h)}, which no one "
                               f"may enter")

    def _flood(self, start: str, barrier: frozenset[str]) -> set[str]:
        seen = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in self.adjacent(h):
                if n in seen or self.terrain(n) == "sea":
                    continue
                side = self.hexside(h, n)
                if side is not None and side.kind in barrier:
                    continue
                seen.add(n)
                todo.append(n)
        return seen

    # ----- lookups -------------------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.hexes

    def terrain(self, h: str) -> str:
        """The terrain of hex ``h`` [WR §5.2]."""
        return self._terrain[h]

    def adjacent(self, h: str) -> tuple[str, ...]:
        """The on-map neighbours of ``h`` [WR §4]."""
        return self.hexmap.adjacent(h)

    def is_land(self, h: str) -> bool:
        """Every hex but sea: land, mountain and lake hexes have a search area [WR §5.6]."""
        return self.terrain(h) != "sea"

    def hex_of(self, name: str) -> str:
        """A hex number, or the seed's alias of one (``E0829`` -> ``3223``) [WR §4]."""
        h = self.aliases.get(name, name)
        if h not in self.hexes:
            raise KeyError(f"{name!r} is neither a hex of the map nor an alias [WR §4]")
        return h

    def terrain_effect(self, terrain: str) -> TerrainEffect:
        """The Terrain Effects Chart row of a terrain [WR §5.1]."""
        return self._terrain_fx[terrain]

    def hexside_effect(self, kind: str) -> HexsideEffect:
        """The Terrain Effects Chart row of a hexside kind [WR §5.1]."""
        return self._side_fx[kind]

    def hexside(self, a: str, b: str) -> Hexside | None:
        """The feature on the hexside between adjacent ``a`` and ``b`` (None: none) [WR §5.4]."""
        return self._sides.get(f"{a}/{b}" if a < b else f"{b}/{a}")

    def hexsides(self, kind: str | None = None) -> tuple[Hexside, ...]:
        """Every featured hexside (of one kind), in key order."""
        return tuple(s for k, s in sorted(self._sides.items()) if kind is None or s.kind == kind)

    def pass_at(self, a: str, b: str) -> Pass | None:
        """The pass on hexside a/b, if it is one [S §V21]."""
        return self._pass_at.get(f"{a}/{b}" if a < b else f"{b}/{a}")

    @property
    def roads(self) -> Mapping[str, tuple[str, ...]]:
        """Road name -> its chain of hexes [WR §5.5]."""
        return MappingProxyType({n: tuple(c) for n, c in self.hexmap.roads.items()})

    def road(self, a: str, b: str) -> bool:
        """True if a road runs from ``a`` into the adjacent ``b`` [WR §5.5]."""
        return self.hexmap.road(a, b)

    def place(self, h: str) -> Place | None:
        """The named place in hex ``h`` (None: none) [WR §5.3]."""
        return self._place_at.get(h)

    def place_named(self, name: str) -> Place:
        """The named place called ``name`` [WR §5.3] (KeyError if none)."""
        return self.places[name]

    @property
    def objectives(self) -> tuple[Place, ...]:
        """The 20 objectives [S §V22], in map order."""
        return tuple(p for p in self.places.values() if p.objective)

    def search_area(self, h: str) -> str | None:
        """The letter of the search area holding ``h``; None for sea [WR §5.6]."""
        return self._area.get(h)

    def area(self, letter: str) -> Area:
        """Search area ``letter`` [WR §5.6]."""
        return self.areas[letter]

    def region(self, rid: str) -> Region:
        """Political region ``rid`` (shire, rohan, gondor, mordor, gorgoroth, udun, nurn,
        isengard, far-harad, khand, rhun, umbar, west-of-anduin) [WR §5.7]."""
        return self.regions[rid]

    def regions_at(self, h: str) -> frozenset[str]:
        """The ids of every political region holding ``h`` (they nest) [WR §5.7]."""
        return self._regions_at[h]

    def in_region(self, h: str, rid: str) -> bool:
        return h in self.regions[rid].hexes

    @property
    def sanctuaries(self) -> frozenset[str]:
        """The sanctuary hexes (R-SANCTUARIES) [WR §5.7]; a rule adds "while its intrinsic
        defence is above 0"."""
        return frozenset(p.hex for p in self.places.values() if p.sanctuary)

    def sites_at(self, h: str) -> tuple[Site, ...]:
        """The Eye and Magic sites in hex ``h`` [WR §5.8]."""
        return tuple(s for s in self.sites if s.hex == h)

    # ----- movement costs [WR §5.1] ----------------------------------------------------------
    def terrain_cost(self, h: str, mover: str) -> float | None:
        """MP for ``mover`` ("army" or "character") to enter ``h`` off-road; None: prohibited."""
        return self._terrain_fx[self.terrain(h)].cost(mover)

    def defence_shift(self, h: str) -> int:
        """The army-combat column shift for a defender in ``h`` from its terrain [WR §5.1]."""
        return self._terrain_fx[self.terrain(h)].shift

    def move_cost(self, a: str, b: str, mover: str, *, open_passes: bool = False) -> float | None:
        """MP for ``mover`` to step from ``a`` into the adjacent ``b`` by the Terrain Effects
        Chart alone [WR §5.1]: the terrain (or the road rate along a road), plus the hexside.
        None: the step is prohibited.  ``open_passes``: Misty Passes Open has been played
        [S §V21].  Stacking, enemies, Gorgoroth, Mount Doom, flying, Corsairs and the Paths
        of the Dead are rules, not map data, and are not considered here."""
        if mover not in MOVERS:
            raise ValueError(f"mover must be one of {MOVERS}, not {mover!r}")
        if b not in self.hexes or hx.direction_to(a, b) is None:
            return None
        base = self.terrain_cost(b, mover)
        if base is None:
            return None
        on_road = self.road(a, b)
        cost = self.road_cost if on_road else base
        side = self.hexside(a, b)
        if side is not None:
            if side.kind == "pass":
                p = self.pass_at(a, b)
                if not open_passes or p is None or mover not in p.open_to:
                    return None
            fx = self._side_fx[side.kind]
            extra = fx.by_road if on_road and fx.by_road is not None else fx.cost(mover)
            if extra is None:
                return None
            cost += extra
        return cost


    # ----- a picture -----------------------------------------------------------------------
    def picture_hexmap(self, *, borders: bool = True) -> HexMap:
        """The map for drawing: the core map plus, if ``borders``, a "border" hexside between
        two search areas wherever no other feature lies [WR §5.6]."""
        sides = list(self.hexmap.spec.hexside)
        if borders:
            extra = []
            for h in sorted(self.hexes):
                for n in self.adjacent(h):
                    if h < n and self.hexside(h, n) is None and self.is_land(h) and \
                            self.is_land(n) and self.search_area(h) != self.search_area(n):
                        extra.append({"hexes": [h, n], "kind": "border",
                                      "name": f"{self.search_area(h)}|{self.search_area(n)}"})
            sides += [HexsideSpec.model_validate(e) for e in extra]
        return HexMap(self.hexmap.spec.model_copy(update={"hexside": sides}))

    def picture_labels(self, *, areas: bool = True) -> dict[str, list[str]]:
        """Display labels: each place's name, with a star for an objective and the citadel
        multiplier (x2, x4); and, if ``areas``, each search area's letter and name."""
        out: dict[str, list[str]] = {}
        for p in self.places.values():
            text = ("\u2605 " if p.objective else "") + p.name
            if p.citadel > 1:
                text += f" \u00d7{p.citadel}"
            out[text] = [p.hex]
        if areas:
            for a in self.areas.values():
                short = a.name.split(" (")[0]  # "Mordor (Udun, ...)" -> "Mordor"
                out[f"{a.letter} \u00b7 {short}"] = sorted(a.hexes)
        return out

    def render(self, path: str | Path, *, scale: float = 1.0, areas: bool = True,
               hex_numbers: bool = True) -> Path:
        """Draw the bare map as a PNG with the shared renderer."""
        from ...render.hexrender import render_png

        title = ("War of the Ring \u2014 \u2605 objective (ringed), \u00d72 / \u00d74 citadel"
                 + (", search areas A\u2013X" if areas else ""))
        return render_png(self.picture_hexmap(borders=areas), path, title=title, scale=scale,
                          labels=self.picture_labels(areas=areas), hex_numbers=hex_numbers,
                          highlight=[p.hex for p in self.objectives])


# ----- the places the rules name ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Landmarks:
    """The hexes of the places the rules name [WR §5.3], looked up by name in the map data, so
    that a corrected map (R-MAP-PLACES) moves them without touching the rules."""

    barad_dur: str
    mount_doom: str
    isengard: str
    minas_tirith: str
    dunharrow: str
    erech: str
    rivendell: str
    lorien: str
    dol_guldur: str
    edoras: str
    pelargir: str

    @classmethod
    def of(cls, W: WarMap) -> Landmarks:
        names = {"barad_dur": "Barad-dur", "mount_doom": "Mount Doom", "isengard": "Isengard",
                 "minas_tirith": "Minas Tirith", "dunharrow": "Dunharrow", "erech": "Erech",
                 "rivendell": "Rivendell", "lorien": "Lorien", "dol_guldur": "Dol Guldur",
                 "edoras": "Edoras", "pelargir": "Pelargir"}
        return cls(**{k: W.place_named(v).hex for k, v in names.items()})


# ----- loading -----------------------------------------------------------------------------
def load_map_from(map_path: str | Path, places_path: str | Path) -> WarMap:
    """Read and validate a map pair (uncached: tests feed it damaged copies)."""
    map_path, places_path = Path(map_path), Path(places_path)
    raw_map = _read_toml(map_path)
    try:
        hexmap = HexMap(MapSpec.model_validate(raw_map))
    except ValidationError as e:
        raise _pydantic_error(map_path.name, e) from None
    except ValueError as e:  # HexMap's own checks: off-map hexes, gaps in roads, sides twice
        raise MapDataError(f"{map_path.name}: {e}") from None
    raw = _read_toml(places_path)
    try:
        spec = _PlacesFile.model_validate(raw)
    except ValidationError as e:
        raise _pydantic_error(places_path.name, e) from None
    return WarMap(hexmap, spec, map_path.name, places_path.name)


@cache
def load_map() -> WarMap:
    """The War of the Ring map, read once per process [WR §5]."""
    return load_map_from(DATA_DIR / MAP_FILE, DATA_DIR / PLACES_FILE)


__all__ = [
    "Area", "Hexside", "Landmarks", "HexsideEffect", "MapDataError", "Pass", "Place", "Region", "Site",
    "TerrainEffect", "WarMap", "load_map", "load_map_from",
    "MOVERS", "OWNERS", "PLACE_TAGS", "WALL_KINDS", "GREAT_RIVER_KINDS",
]
