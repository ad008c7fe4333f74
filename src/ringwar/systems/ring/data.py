"""Battle of the Ring as data: the map, the nations, the counter mix, builds and the CRT.

Everything is read once per process from ``data/ring/map.toml`` (the hexmap schema) and
``data/ring/ring.toml`` (validated here with pydantic) and turned into flat lookup tables
the rules consult in their hot loops (``Static``).
"""

from __future__ import annotations

import tomllib
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.hexmap import HexMap

SIDES3 = ("sauron", "saruman", "alliance")
SIDES2 = ("evil", "alliance")
IMPASSABLE = frozenset({"mountain", "sea", "forest"})  # [8.3]
NO_STOP_RIVERS = frozenset({"Entwash"})                 # [8.3]
ROWS = ("open", "fortress_or_river", "fortress_and_river")
COLUMNS = ("OO", "OE", "EO", "EE")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class NationSpec(_Strict):
    side: Literal["sauron", "saruman", "alliance"]
    name: str
    label: str
    kind: Literal["army", "leader", "ring"]
    move: int = Field(ge=1, le=9)
    strength: Literal["ordinary", "elven", "none"]
    counters: int = Field(default=1, ge=1)
    rebuild: bool = True
    build: str | None = None
    start: str
    gives: Literal["friendly", "gondor", "manorc"] | None = None


class BuildSpec(_Strict):
    side: Literal["sauron", "saruman", "alliance"]
    nations: list[str]
    per_round: list[int] = Field(min_length=1)

    def count(self, rnd: int) -> int:
        return self.per_round[min(rnd, len(self.per_round)) - 1]


class CrtCell(_Strict):
    a: list[int]
    d: list[int]

    @model_validator(mode="after")
    def _check(self) -> CrtCell:
        for v in self.a + self.d:
            if not 2 <= v <= 12:
                raise ValueError(f"CRT total {v} is not a 2d6 total")
        if set(self.a) & set(self.d):
            raise ValueError("a CRT total cannot eliminate both attacker and defender")
        return self


class RingRules(_Strict):
    nations: dict[str, NationSpec]
    build: list[BuildSpec]
    crt: dict[str, dict[str, CrtCell]]

    @model_validator(mode="after")
    def _check(self) -> RingRules:
        if set(self.crt) != set(ROWS) or any(set(r) != set(COLUMNS) for r in self.crt.values()):
            raise ValueError(f"the CRT needs rows {ROWS} and columns {COLUMNS}")
        for b in self.build:
            for n in b.nations:
                if n not in self.nations or self.nations[n].side != b.side:
                    raise ValueError(f"build entry for {b.side}: unknown nation {n!r}")
        if sum(n.counters for n in self.nations.values()) != 94:
            raise ValueError("the counter mix must hold 94 pieces [2.0]")
        return self


def data_dir() -> Path:
    return Path(str(resources.files("ringwar").joinpath("data", "ring")))


class Static:
    """Per-process lookup tables built from the map and the rules data."""

    def __init__(self) -> None:
        d = data_dir()
        self.hexmap = HexMap.from_toml(d / "map.toml")
        with open(d / "ring.toml", "rb") as f:
            self.rules = RingRules.model_validate(tomllib.load(f))
        m = self.hexmap
        P = m.places
        one = {k: v[0] for k, v in P.items() if len(v) == 1}
        self.shire = one["shire"]
        self.isengard = one["isengard"]
        self.fangorn = one["fangorn"]
        self.moria = one["moria"]
        self.paths = one["paths_of_the_dead"]
        self.paths_north = one["paths_north"]
        self.paths_south = one["paths_south"]
        self.mount_doom = one["mount_doom"]
        self.barad_dur = one["barad_dur"]
        # [9.6] "a city/fortress that is also across a river from the attacking piece (Cair
        # Andros or Dol Amroth)": the two fortresses of the strongest row
        self.river_fortress = frozenset({one["cair_andros"], one["dol_amroth"]})
        self.elven = frozenset(P["elven"])
        # the renderer's labels (capitalised place names) by hex, for words: "Cair Andros"
        self.label = {v[0]: k for k, v in P.items() if k[:1].isupper() and len(v) == 1}
        self.fortress = frozenset(h for h in m.hexes if m.terrain(h) == "fortress")
        self.special = frozenset(h for h in m.hexes if m.terrain(h) == "special")
        # [9.3] no attack into or out of these hexes
        self.no_combat = frozenset({self.moria, self.fangorn, self.paths, self.mount_doom})
        # hexes where a step needs no rule but [6.1] and [8.3]: neither special nor Elven
        self.plain = frozenset(m.hexes) - self.special - self.elven
        self.removed_4_5 = list(P["removed_4_5"])

        # hexsides: mountain [8.3] [9.1] [9.7]; river (across river [9.6]); Entwash [8.3]
        self.mountain_side: set[tuple[str, str]] = set()
        self.river_side: set[tuple[str, str]] = set()
        self.closed_side: set[tuple[str, str]] = set()
        self.river_name: dict[tuple[str, str], str] = {}
        for key, f in m.sides().items():
            a, b = key.split("/")
            pairs = ((a, b), (b, a))
            if f["kind"] == "mountain":
                self.mountain_side.update(pairs)
            elif f["kind"] == "river":
                self.river_side.update(pairs)
                for pair in pairs:
                    self.river_name[pair] = f.get("name") or "a river"
                if f.get("name") in NO_STOP_RIVERS:
                    self.closed_side.update(pairs)
        # passable neighbours: not into mountain, sea or forest, not over a mountain hexside
        # or the Entwash [8.3]
        self.passable = frozenset(h for h in m.hexes if m.terrain(h) not in IMPASSABLE)
        self.steps: dict[str, tuple[str, ...]] = {}
        self.attack_nb: dict[str, tuple[str, ...]] = {}
        for h in m.hexes:
            self.steps[h] = tuple(n for n in m.adjacent(h)
                                  if n in self.passable and (h, n) not in self.mountain_side
                                  and (h, n) not in self.closed_side)
            # [9.1] [9.7] adjacency not across a mountain hexside
            self.attack_nb[h] = tuple(n for n in m.adjacent(h) if (h, n) not in self.mountain_side)

        # pieces: one id per counter ("orc1".."orc34", "gandalf", "ring")
        self.nations = self.rules.nations
        self.nation_of: dict[str, str] = {}
        self.pids: dict[str, list[str]] = {}
        for key, spec in self.nations.items():
            if spec.counters == 1 or key == "ring":
                ids = [key]
            else:
                ids = [f"{key}{i}" for i in range(1, spec.counters + 1)]
            self.pids[key] = ids
            for pid in ids:
                self.nation_of[pid] = key
        self.start: dict[str, list[str]] = {k: list(P[s.start]) for k, s in self.nations.items()}
        self.build_hexes: dict[str, list[str]] = {
            k: list(P[s.build]) for k, s in self.nations.items() if s.build}
        self.crt = {row: {col: (frozenset(c.a), frozenset(c.d)) for col, c in cols.items()}
                    for row, cols in self.rules.crt.items()}
        self._check()

    def _check(self) -> None:
        for key, hs in [*self.start.items(), *self.build_hexes.items()]:
            for h in hs:
                if h not in self.passable:
                    raise ValueError(f"{key}: start or build hex {h} is impassable terrain")
        counts = {k: len(v) for k, v in self.start.items()}
        for k, spec in self.nations.items():
            if k != "ring" and counts[k] > spec.counters:
                raise ValueError(f"{k}: {counts[k]} start hexes but {spec.counters} counters")


@lru_cache(maxsize=1)
def static() -> Static:
    return Static()
