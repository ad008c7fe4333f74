"""The SPI Standard Rules' charts and a game's order of battle, loaded from TOML and
validated (pydantic).  Nothing here is a rule; it is what the rules look up."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from importlib import resources
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

LETTERS = "ABCDE"          # best .. worst attack strength [2.6]
MORALES = "WXYZ"           # best .. worst morale [2.6]
_CODE = re.compile(r"^([A-E]?)([a-e]?)-([1-4])-([WXYZ])$")


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def parse_code(code: str) -> tuple[str | None, str | None, int, str]:
    """``"Ee-2-Z"`` -> (melee "E", missile "e", armour 2, morale "Z") [2.41]."""
    m = _CODE.match(code)
    if not m:
        raise ValueError(f"unit code {code!r} is not like 'Ee-2-Z'")
    melee, missile, armour, morale = m.groups()
    return melee or None, missile or None, int(armour), morale


class UnitType(_M):
    key: str = ""
    name: str
    side: str
    nation: str
    code: str
    kind: Literal["infantry", "cavalry", "beast", "equipment"]
    movement: int | None = None
    tags: tuple[str, ...] = ()

    @field_validator("code")
    @classmethod
    def _code(cls, v: str) -> str:
        parse_code(v)
        return v


class LeaderType(_M):
    key: str = ""
    name: str
    side: str
    nation: str
    rally: int = Field(ge=1, le=12)
    magic: int = 0
    rallies_any: bool = False
    reconstructed: bool = False


class Weapon(_M):
    name: str
    users: tuple[str, ...]
    start: str


class SetupEntry(_M):
    type: str | None = None
    leader: str | None = None
    hexes: tuple[str, ...]
    original_hexes: tuple[str, ...] | None = None
    errata: str | None = None


class Reinforcement(_M):
    turn: int
    side: str
    entry: str
    units: tuple[tuple[str, int], ...] = ()
    leaders: tuple[str, ...] = ()
    equipment: tuple[tuple[str, int], ...] = ()
    pedestal: bool = False
    errata: str | None = None
    army: str | None = None       # Gondor [19.12]: the relief army
    roll: str | None = None       # Gondor [14.2]: arrival on a die roll


class Deployment(_M):
    """Gondor [13.0]: pieces a side places anywhere in an area before the game."""
    side: str
    area: str
    units: tuple[tuple[str, int], ...] = ()
    leaders: tuple[str, ...] = ()
    equipment: tuple[tuple[str, int], ...] = ()


class Spell(_M):
    name: str
    rule: str
    caster: str | None = None
    table: tuple[Any, ...]
    automatic: int
    duration: int
    allowance: int
    radius: int | None = None
    reconstructed: bool = False

    def succeeds_on(self, points: int) -> tuple[int, int] | None:
        """The 2d6 range that casts the spell with ``points`` (None: automatic)."""
        if points >= self.automatic:
            return None
        cell = self.table[points - 1]
        if cell == "A":
            return None
        return int(cell[0]), int(cell[1])


class BeastPower(_M):
    name: str
    rule: str
    cost: int
    duration: int
    hexes: int | None = None
    attack: str | None = None


class BeastSpec(_M):
    conjure: int
    powers: dict[str, BeastPower]


class Scenario(_M):
    game: dict[str, Any]
    demoralization: dict[str, int]
    victory: dict[str, int] = {}
    types: dict[str, UnitType]
    leaders: dict[str, LeaderType]
    weapons: dict[str, Weapon] = {}
    setup: tuple[SetupEntry, ...] = ()
    deploy: tuple[Deployment, ...] = ()
    reinforcements: tuple[Reinforcement, ...] = ()
    spells: dict[str, Spell] = {}
    beast: BeastSpec | None = None
    siege: dict[str, Any] = {}
    breach: dict[str, dict[str, Any]] = {}
    rohan: dict[str, Any] = {}


class Charts(_M):
    cpt: dict[str, Any]
    crt: dict[str, Any]
    leader_crt: dict[str, Any]
    rally: dict[str, Any]
    values: dict[str, dict[str, int]]
    movement: dict[str, int]
    terrain: dict[str, dict[str, Any]]
    hexsides: dict[str, dict[str, Any]]

    def cpt_range(self, strength: str, armour: int) -> tuple[int, int]:
        lo, hi = self.cpt[strength.upper()][armour - 1]
        return int(lo), int(hi)

    def crt_result(self, die: int, morale: str) -> str:
        return self.crt[morale][die - 1]

    def rally_ranges(self, rating: int) -> list[tuple[int, int]]:
        return [(int(a), int(b)) for a, b in self.rally[str(rating)]]


def _load_toml(package: str, name: str) -> dict[str, Any]:
    with resources.files(package).joinpath(name).open("rb") as f:
        return tomllib.load(f)


@cache
def charts() -> Charts:
    return Charts.model_validate(_load_toml("ringwar.data.spi", "charts.toml"))


@cache
def scenario(system: str) -> Scenario:
    data = _load_toml(f"ringwar.data.{system}", "scenario.toml")
    for k, v in data.get("types", {}).items():
        v["key"] = k
    for k, v in data.get("leaders", {}).items():
        v["key"] = k
    sc = Scenario.model_validate(data)
    for e in sc.setup:
        if (e.type is None) == (e.leader is None):
            raise ValueError("setup entry needs exactly one of 'type' or 'leader'")
        if e.type is not None and e.type not in sc.types:
            raise ValueError(f"setup: unknown unit type {e.type!r}")
        if e.leader is not None and e.leader not in sc.leaders:
            raise ValueError(f"setup: unknown leader {e.leader!r}")
    for r in sc.reinforcements:
        for t, _n in r.units:
            if t not in sc.types:
                raise ValueError(f"reinforcements: unknown unit type {t!r}")
        for ld in r.leaders:
            if ld not in sc.leaders:
                raise ValueError(f"reinforcements: unknown leader {ld!r}")
    for w in sc.weapons.values():
        if w.start not in sc.leaders:
            raise ValueError(f"weapon {w.name}: unknown leader {w.start!r}")
    # values the rules read from the data alone (a reconstructed value is never a default in code)
    if "wrath" in sc.spells and sc.spells["wrath"].radius is None:
        raise ValueError("spell wrath: needs its 'radius' [16.2]")
    if sc.beast is not None and "flight" in sc.beast.powers and sc.beast.powers["flight"].hexes is None:
        raise ValueError("beast power flight: needs its 'hexes' [17.21]")
    return sc


def shift(letter: str, steps: int) -> str:
    """Move an attack letter ``steps`` better (+) or worse (-); A and E are the limits."""
    upper = letter.upper()
    i = min(max(LETTERS.index(upper) - steps, 0), 4)
    out = LETTERS[i]
    return out if letter.isupper() else out.lower()


def shift_morale(m: str, steps: int) -> str:
    i = min(max(MORALES.index(m) - steps, 0), 3)
    return MORALES[i]
