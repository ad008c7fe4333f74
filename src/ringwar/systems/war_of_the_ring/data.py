"""War of the Ring's data: nations and mobilization, orders of battle, characters, the four decks,
the tables and the scenarios, loaded from ``data/*.toml`` and validated [WR §3, §15].

Nothing here is a rule.  This module reads the five files (``forces.toml``, ``characters.toml``,
``decks.toml``, ``tables.toml``, ``scenario.toml``), checks them and hands out frozen records and
lookups.  Every reconstructed value lives in a file under its §15 key (``R-CRT``, ``R-SP-INCOME``
...), every seed value under ``S-Vn`` [WR §14].  Any defect raises ``ValueError`` naming the file
and the key, so a player who corrects a value from SPI's components learns at once what is wrong::

    PYTHONPATH=src python -c "from ringwar.systems.war_of_the_ring.data import load; load()"

The map's keys (``MAP_R_KEYS``) belong to the map module's files and are not read here.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from ...core.datafiles import DataErrors, read_toml, validate

FILES: tuple[str, ...] = ("forces.toml", "characters.toml", "decks.toml", "tables.toml",
                          "scenario.toml")

# §15, every [R] key, in the spec's order.  R-OOB-* and R-VIS-* are families (R_KEY_FAMILIES).
R_KEYS: tuple[str, ...] = (
    # Map and scale
    "R-MAP-GRID", "R-MAP-PLACES", "R-MAP-HEXSIDES", "R-MAP-ROADS", "R-MAP-AREAS", "R-REGIONS",
    "R-WEST-OF-ANDUIN", "R-SANCTUARIES", "R-SITES", "R-TEC", "R-PASS-COST",
    "R-HIGH-PASS-IS-MISTY-PASSES", "R-SCALE", "R-LENGTH", "R-HEX-ALIASES", "R-ROUNDING",
    # Sides and mobilization
    "R-MOB-MOR", "R-MOB-ISE", "R-MOB-ROH-TRIGGERS", "R-MOB-GON-TRIGGERS", "R-MOB-FREE-TRIGGERS",
    "R-MOB-ENT", "R-UNMOBILIZED", "R-COR-NEEDS-M", "R-EOMER-TROOPS",
    # Orders of battle
    "R-ISE06-TIME", "R-SPLIT-MERGE", "R-CAVALRY-LIST", "R-EYE-ORCS", "R-ENTS-NEGATE",
    "R-CORSAIR-MOVE", "R-DEAD-ARMY",
    # Characters
    "R-RATINGS", "R-FELLOWSHIP-MEANS-SIDE", "R-GOTHMOG-N2", "R-ITEMS", "R-SORCERY",
    "R-NAZGUL-DAMAGE", "R-NAZGUL-REFUSE", "R-CITADEL-NEAREST", "R-D6-ON-ARRIVAL", "R-HEALING",
    "R-ALONE-WITH-ARMIES", "R-ELROND-RETURN", "R-GALADRIEL-ONCE-TAKEN", "R-DENETHOR-DIES",
    "R-ELF-LEADERS", "R-HOBBIT-REAL-WOUND-USE",
    # Sequence
    "R-SEQUENCE", "R-SEARCH-TWO-HALVES", "R-REINF-BLOCKED", "R-EVENT-HAND", "R-EVENT-TIMING",
    "R-EVENT-RESHUFFLE",
    # Shadow Points
    "R-SP-INCOME", "R-SP-CAP", "R-SP-COSTS",
    # Movement
    "R-ENGAGE-STOP", "R-UNDEFENDED-NOT-ENGAGED", "R-DISENGAGE-MIXED", "R-DISENGAGE-FAIL",
    "R-ALLIANCE-END", "R-GORG-SPOTTED-BY-ANY", "R-GORG-ROUT", "R-DOOM-ARMIES",
    "R-DOOM-SPOT-SOURCES", "R-SHADOWFAX-WAITS", "R-NAZGUL-MF", "R-NAZGUL-WEST-COMBINE",
    "R-CAPTIVE-ESCORT", "R-DESERT-NO-PATH", "R-SARUMAN2P-FIGHT-IN-ISENGARD",
    "R-GARRISON-ONE-UNIT", "R-SARUMAN2P-NO-PENALTY", "R-SARUMAN2P-FREE-MOVES", "R-PATHS-ROUTE",
    "R-REVEAL-TIMING",
    # Combat
    "R-CRT", "R-ODDS-COLUMNS", "R-CITADEL-X2", "R-ID-UNMULTIPLIED", "R-TERRAIN-SHIFT",
    "R-RIVER-SHIFT", "R-FEAR-READING", "R-DIE-CLAMP", "R-LOSS-ALLOC", "R-K-PROCEDURE",
    "R-ROUT-TRIGGER-READING", "R-ROUT-PATH", "R-IC-PROCEDURE", "R-IC-ORC-UNITS",
    "R-RING-SEIZE-4", "R-SARUMAN-ATTACKS-SAURON",
    # Search, capture, escape, rescue
    "R-SEARCH-GROUP-ROLL", "R-SEARCH-VALUES", "R-SEARCH-RESHUFFLE", "R-ROAD-FLAG",
    "R-SEARCH-NAT6", "R-CLOAK", "R-RING-WEARER-SEARCH", "R-SPOT-CHALLENGE", "R-INTERCEPT-VALUES",
    "R-REHIDE", "R-CAPTURE-VALUE", "R-CAPTURE-C-MOD", "R-ESCAPE-TARGET", "R-ESCAPE-ESCORT-MOD",
    "R-ESCAPE-PLACEMENT", "R-RESCUE-CHAR-VALUE", "R-ISENGARD-CITADEL", "R-CONVERT-EXCLUSIONS",
    # The Ring
    "R-RING-PASS", "R-RING-WEAR-TIMING", "R-RR-PERMANENT", "R-E-LOSS-HEALS", "R-WEARER-NO-HEAL",
    "R-SUCCUMB", "R-WEAR-EFFECTS", "R-WEAR-ANNOUNCE", "R-GOLLUM-VS-WEARER", "R-CLAIM-PROCEDURE",
    "R-CLAIM-C-REPLACES", "R-GOLLUM-TABLE", "R-DOOM-NO-ROLL",
    # Cards and sites
    "R-EVENT-DECK", "R-EYE-DECK", "R-MAGIC-DECK", "R-PALANTIRI", "R-SITE-VISIBILITY",
    "R-SITE-FIXED-USER", "R-SITE-START",
    # Control and victory
    "R-CONTROL", "R-INITIAL-OBJECTIVES", "R-SARUMAN-OBJECTIVES-2P", "R-SARUMAN-WIN",
    "R-WMO-TEST", "R-WMO-TIMING", "R-DRAW-AT-END", "R-GRIP-REPEAT-MISS", "R-GRIP-LATE-ARRIVALS",
)
# Families of §15: R-OOB-<unit id> for every unit not given by the seed or a public source, and
# R-VIS-<row> for each [R] row of §12.
R_KEY_FAMILIES: tuple[str, ...] = ("R-OOB-", "R-VIS-")
# The §15 keys held by the map module's files (map.toml, places.toml), not by these five.
MAP_R_KEYS: frozenset[str] = frozenset({
    "R-MAP-GRID", "R-MAP-PLACES", "R-MAP-HEXSIDES", "R-MAP-ROADS", "R-MAP-AREAS", "R-REGIONS",
    "R-WEST-OF-ANDUIN", "R-SANCTUARIES", "R-SITES", "R-TEC", "R-PASS-COST",
    "R-HIGH-PASS-IS-MISTY-PASSES",
})
# §1's public sources, cited as P-<key>.
P_SOURCES: frozenset[str] = frozenset({
    "GW", "W1", "W3", "VAS", "WS", "AW", "GOL", "DS", "SAR", "BGG1", "BGG2", "BGG3", "TM", "SAC",
    "KIY", "MDW", "W2", "BOX", "CAS", "TG",
})
SEED_SECTIONS = range(1, 33)                       # §V1..§V32 hold rules [WR §0.3]
KEY_RE = re.compile(r"^(?:R-[A-Z0-9]+(?:-[A-Z0-9]+)*|[SI]-V\d+|P-[A-Z0-9]+)$")
SECTIONS: Mapping[str, frozenset[str]] = MappingProxyType({   # the non-key tables of each file
    "forces.toml": frozenset({"nations", "unit_types", "units"}),
    "characters.toml": frozenset({"characters", "specials"}),
    "decks.toml": frozenset(),
    "tables.toml": frozenset(),
    "scenario.toml": frozenset({"scenarios", "options", "setup", "victory"}),
})
AREAS: frozenset[str] = frozenset("ABCDEFGHIJKLMNOPQRSTUVWX")   # §5.6 search areas
SEATS: tuple[str, ...] = ("fellowship", "dark", "saruman", "sauron")
CLOCKS: tuple[str, ...] = ("M", "I", "R", "G", "paths")           # [WR §0.2]; "paths": §10.2.7
TRIGGER_KINDS: tuple[str, ...] = ("spotted", "ring-on", "enemy-enters", "attacked", "turn", "with",
                                  "after", "card", "declared", "character-ends-move")
UNIT_KINDS: tuple[str, ...] = ("orc", "troll", "man", "elf", "dwarf", "ent", "hobbit", "dead",
                               "mumak")
MAGIC_EFFECTS: frozenset[str] = frozenset({
    "combat", "against", "mf", "mf_bonus", "spot", "heal", "uses", "max_endurance", "targets",
    "rough_cost", "ignore_first_wound", "leadership", "leading", "never_into",
})

Side = Literal["free", "dark", "neutral"]
Hex = str


# ------------------------------------------------------------------------------------------------
# Public records


@dataclass(frozen=True, slots=True)
class Territory:
    """A nation's territory [WR §6.2]: search areas, hexes, and an optional terrain filter."""

    areas: tuple[str, ...]
    hexes: tuple[Hex, ...]
    terrain: str | None


@dataclass(frozen=True, slots=True)
class Trigger:
    """One mobilization trigger [WR §6.2]; the fields a kind does not use are empty."""

    kind: str
    keys: tuple[str, ...]
    areas: tuple[str, ...] = ()
    hexes: tuple[Hex, ...] = ()
    turn: int | None = None
    nation: str | None = None
    delay: int | None = None
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    revealed: bool = False
    targets: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    exempt_orc_strength: int | None = None


@dataclass(frozen=True, slots=True)
class Nation:
    """A nation [WR §6.1]: its seats, disengage class (§11.2), clock letter, triggers (§6.2)."""

    code: str
    name: str
    side: Side
    owner_2p: str
    owner_3p: str
    disengage: str
    clock: str | None
    deserts: bool
    home: tuple[str, ...]
    territory: Territory
    triggers: tuple[Trigger, ...]


@dataclass(frozen=True, slots=True)
class UnitType:
    """An army unit type [WR §7]; ``cavalry`` from R-CAVALRY-LIST."""

    id: str
    name: str
    kind: str
    cavalry: bool


@dataclass(frozen=True, slots=True)
class Arrival:
    """When a unit or character arrives: ``turns`` after its ``clock`` (M, I, R, G) [WR §0.2]."""

    clock: str
    turns: int


@dataclass(frozen=True, slots=True)
class Unit:
    """An army unit of the orders of battle [WR §7]; ``arrival`` None means on the map at set-up."""

    id: str
    name: str
    type: str
    kind: str
    nation: str
    strength: int
    mf: int
    cavalry: bool
    eye_orc: bool
    hex: Hex | None
    place: str | None
    arrival: Arrival | None
    inactive: bool
    scenarios: tuple[str, ...]
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Character:
    """A character [WR §8]; ``ring_rating`` None where the spec prints "–"."""

    id: str
    name: str
    side: Side
    nation: str | None
    walker: bool
    elf: bool
    elf_leader: bool
    combat: int
    morale: int
    endurance: int
    ring_rating: int | None
    mf: int
    mf_flying: int | None
    hex: Hex | None
    place: str | None
    hidden: bool
    arrival: Arrival | None
    option: str | None
    specials: tuple[str, ...]
    keys: tuple[str, ...]

    @property
    def can_lead(self) -> bool:
        """Morale 0 means the character cannot lead [WR §8]."""
        return self.morale > 0

    @property
    def nazgul(self) -> bool:
        return "nazgul" in self.specials


@dataclass(frozen=True, slots=True)
class Special:
    """What a character special means and where it comes from [WR §8]."""

    id: str
    text: str
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Item:
    """A starting item (R-ITEMS) [WR §11.9]."""

    id: str
    holder: str
    combat: int
    ignore_first_wound: bool
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SearchCard:
    """A Search card (R-SEARCH-VALUES) [WR §11.6]: top half searcher/force, bottom value/areas."""

    n: int
    searcher: str
    force: str
    value: int
    areas: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class EventCard:
    """An Event card (R-EVENT-DECK) with its §9 steps (R-EVENT-TIMING) [WR §11.7]."""

    id: str
    numbers: tuple[int, ...]
    name: str
    sides: tuple[str, ...]
    when: tuple[str, ...]
    text: str
    keys: tuple[str, ...]
    effect: Mapping[str, Any] = field(default_factory=dict)   # its numbers (R-EVENT-DECK)


@dataclass(frozen=True, slots=True)
class EyeCard:
    """An Eye card (R-EYE-DECK) [WR §11.8]: effect fight, reveal or none."""

    id: str
    name: str
    combat: int | None
    morale: int | None
    endurance: int | None
    effect: str
    fixed_place: str | None
    fixed_hex: Hex | None
    dark_piece: bool
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MagicCard:
    """A Magic card (R-MAGIC-DECK) [WR §11.9]; ``effect`` fields are MAGIC_EFFECTS."""

    id: str
    name: str
    copies: int
    fixed_place: str | None
    fixed_hex: Hex | None
    user: str | None
    effect: Mapping[str, Any]
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CrtResult:
    """One CRT entry [WR §11.1]: loss percentages and leader-loss flags for each side."""

    attacker: int
    attacker_k: bool
    defender: int
    defender_k: bool

    def __str__(self) -> str:
        def half(pct: int, k: bool) -> str:
            return ("-" if pct == 0 else str(pct)) + ("k" if k else "")
        return f"{half(self.attacker, self.attacker_k)}/{half(self.defender, self.defender_k)}"


@dataclass(frozen=True, slots=True)
class Crt:
    """The Army Combat Results Table (R-CRT, R-ODDS-COLUMNS, R-DIE-CLAMP) [WR §10.3, §11.1]."""

    columns: tuple[str, ...]
    ratios: tuple[tuple[int, int], ...]
    rows: tuple[tuple[CrtResult, ...], ...]
    die_min: int
    die_max: int

    def column(self, attack: int, defence: int) -> int | None:
        """The column of attack ÷ defence rounded down; None if worse than the first column;
        the last column for anything better [WR §10.3 step 3]."""
        if defence <= 0:
            return len(self.columns) - 1
        best = None
        for i, (num, den) in enumerate(self.ratios):
            if attack * den >= defence * num:
                best = i
        return best

    def shift(self, column: int, shift: int) -> int:
        """``column`` moved by ``shift``, clamped to the table [WR §10.3 step 4]."""
        return max(0, min(len(self.columns) - 1, column + shift))

    def result(self, die: int, column: int) -> CrtResult:
        """The entry for a modified ``die`` (clamped, R-DIE-CLAMP) and a ``column`` index."""
        die = max(self.die_min, min(self.die_max, die))
        return self.rows[die - self.die_min][column]


@dataclass(frozen=True, slots=True)
class DieResult:
    """A row of a d6 table (§11.5 leader loss, §10.9.5 Gollum)."""

    faces: tuple[int, ...]
    result: str
    amount: int = 0
    nazgul: str | None = None


@dataclass(frozen=True, slots=True)
class DieTable:
    """A d6 table whose rows cover faces 1–6 exactly once."""

    key: str
    rows: tuple[DieResult, ...]

    def __getitem__(self, face: int) -> DieResult:
        for r in self.rows:
            if face in r.faces:
                return r
        raise KeyError(f"{self.key}: no row for face {face}")


@dataclass(frozen=True, slots=True)
class IntrinsicDefence:
    """A place's intrinsic defence (S-V14) [WR §11.3]."""

    hex: Hex
    place: str
    value: int


@dataclass(frozen=True, slots=True)
class Step:
    """A step of the sequence of play (R-SEQUENCE) [WR §9]."""

    id: str
    phase: str
    name: str
    decider: str


@dataclass(frozen=True, slots=True)
class Option:
    """A scenario option [WR §2], off unless ``default``."""

    id: str
    name: str
    default: bool
    characters: tuple[str, ...]
    switches_off: str | None
    keys: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scenario:
    """Scenario A or B [WR §2, §13.3]; seats in turn order."""

    id: str
    name: str
    seats: tuple[str, ...]
    saruman_rules: str
    options: tuple[str, ...]
    extra_units: tuple[str, ...]
    saruman_takes: Mapping[str, Any]
    alliance: Mapping[str, Any]


@dataclass(frozen=True, slots=True)
class VictoryCondition:
    """A victory condition, in the order checked [WR §13.1]."""

    order: int
    id: str
    result: str
    when: str
    scenarios: tuple[str, ...]
    keys: tuple[str, ...]


@dataclass(frozen=True)
class Definition:
    """Everything the War of the Ring's rules look up [WR §3]; one per process (``load()``).

    ``values`` holds every key table (R-..., S-Vn) of the five files, frozen; ``key_files`` names
    the file that holds each key (R-keys: exactly one)."""

    nations: Mapping[str, Nation]
    unit_types: Mapping[str, UnitType]
    units: Mapping[str, Unit]
    characters: Mapping[str, Character]
    specials: Mapping[str, Special]
    items: Mapping[str, Item]
    search_cards: tuple[SearchCard, ...]
    event_cards: Mapping[str, EventCard]
    eye_cards: Mapping[str, EyeCard]
    magic_cards: Mapping[str, MagicCard]
    crt: Crt
    leader_loss: DieTable
    gollum: DieTable
    disengage: Mapping[str, int]
    intrinsic_defences: Mapping[Hex, IntrinsicDefence]
    citadels: Mapping[Hex, int]
    grip: tuple[tuple[int, int], ...]
    objectives: tuple[tuple[str, Hex], ...]
    sequence: tuple[Step, ...]
    scenarios: Mapping[str, Scenario]
    options: Mapping[str, Option]
    victory: tuple[VictoryCondition, ...]
    setup: Mapping[str, Any]
    values: Mapping[str, Mapping[str, Any]]
    key_files: Mapping[str, str]

    def value(self, key: str, field: str | None = None) -> Any:
        """The key table ``key`` (or its ``field``); KeyError names what is missing."""
        if key not in self.values:
            raise KeyError(f"no data key {key}")
        table = self.values[key]
        if field is None:
            return table
        if field not in table:
            raise KeyError(f"{self.key_files[key]}: {key}.{field}: missing")
        return table[field]

    def grip_requirement(self, turns_after_m: int) -> int:
        """Objectives Sauron must hold at M+``turns_after_m`` (S-V22) [WR §11.4]."""
        need = self.grip[0][1]
        for offset, n in self.grip:
            if turns_after_m >= offset:
                need = n
        return need

    def disengage_target(self, classes: set[str] | frozenset[str]) -> int:
        """The d6 needed to disengage a stack of these classes (S-V29, R-DISENGAGE-MIXED)."""
        return min(self.disengage[c] for c in classes)

    def units_for(self, scenario: str) -> tuple[Unit, ...]:
        """The units in play in ``scenario`` [WR §13.3] (options add characters, not units)."""
        return tuple(u for u in self.units.values() if scenario in u.scenarios)

    def characters_for(self, options: frozenset[str] | set[str] = frozenset()) -> tuple[
            Character, ...]:
        """The characters in play with ``options`` on [WR §2, §8]."""
        return tuple(c for c in self.characters.values()
                     if c.option is None or c.option in options)

    def step(self, step_id: str) -> Step:
        for s in self.sequence:
            if s.id == step_id:
                return s
        raise KeyError(f"no step {step_id} in R-SEQUENCE")


# ------------------------------------------------------------------------------------------------
# Errors, reading, freezing


_Err = DataErrors
_T = TypeVar("_T", bound=BaseModel)
_read = read_toml


def _validate(model: type[_T], data: Any, file: str, prefix: str) -> _T:
    return validate(model, data, file, prefix)


def _freeze(v: Any) -> Any:
    if isinstance(v, dict):
        return MappingProxyType({k: _freeze(x) for k, x in v.items()})
    if isinstance(v, list):
        return tuple(_freeze(x) for x in v)
    return v


HEX_RE = re.compile(r"^(\d{2})(\d{2})$")


def _hex_ok(h: str) -> bool:
    m = HEX_RE.match(h)
    return bool(m) and 1 <= int(m[1]) <= 40 and 1 <= int(m[2]) <= 33


# ------------------------------------------------------------------------------------------------
# File schemas (pydantic, extra keys forbidden)


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Keys = tuple[str, ...]


class _Territory(_M):
    areas: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    terrain: str | None = None


class _Trigger(_M):
    kind: str
    key: str | None = None
    keys: Keys = ()
    areas: tuple[str, ...] = ()
    hexes: tuple[str, ...] = ()
    turn: int | None = Field(default=None, gt=0)
    nation: str | None = None
    delay: int | None = Field(default=None, ge=0)
    cards: tuple[str, ...] = ()
    characters: tuple[str, ...] = ()
    revealed: bool = False
    targets: tuple[str, ...] = ()
    requires: tuple[str, ...] = ()
    exempt_orc_strength: int | None = Field(default=None, ge=0)


class _Nation(_M):
    name: str
    side: Literal["free", "dark"]
    owner_2p: Literal["fellowship", "dark"]
    owner_3p: Literal["fellowship", "saruman", "sauron"]
    disengage: str
    clock: Literal["M", "I", "R", "G"] | None = None
    deserts: bool = False
    home: tuple[str, ...] = ()
    territory: _Territory
    triggers: tuple[_Trigger, ...] = Field(min_length=1)


class _UnitType(_M):
    name: str
    kind: str


class _Arrival(_M):
    clock: str
    turns: int = Field(ge=0)


class _Unit(_M):
    type: str
    name: str | None = None
    nation: str
    strength: int = Field(gt=0)
    mf: int = Field(gt=0)
    hex: str | None = None
    place: str | None = None
    arrival: _Arrival | None = None
    inactive: bool = False
    scenarios: tuple[Literal["A", "B"], ...] = ("A", "B")
    keys: Keys = Field(min_length=1)


class _Forces(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    nations: dict[str, _Nation]
    unit_types: dict[str, _UnitType]
    units: dict[str, _Unit]


class _Character(_M):
    name: str
    side: Side
    nation: str | None = None
    walker: bool = False
    elf: bool = False
    combat: int = Field(ge=0)
    morale: int = Field(ge=0)
    endurance: int = Field(gt=0)
    ring_rating: int | None = Field(default=None, ge=0)
    mf: int = Field(ge=0)
    mf_flying: int | None = Field(default=None, gt=0)
    hex: str | None = None
    place: str | None = None
    hidden: bool = False
    arrival: _Arrival | None = None
    option: str | None = None
    specials: tuple[str, ...] = ()
    keys: Keys = Field(min_length=1)


class _Special(_M):
    text: str
    keys: Keys = Field(min_length=1)


class _Characters(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    characters: dict[str, _Character]
    specials: dict[str, _Special]


class _Item(_M):
    holder: str
    combat: int = 0
    ignore_first_wound: bool = False
    keys: Keys = ()


class _SearchCard(_M):
    n: int
    searcher: Literal["sauron", "saruman"]
    force: Literal["nazgul", "orcs"]
    value: int = Field(ge=0)
    areas: tuple[str, ...] = Field(min_length=1)


class _SearchDeck(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    size: int = Field(gt=0)
    cards: tuple[_SearchCard, ...]


class _EventCard(_M):
    id: str
    numbers: tuple[int, ...] = Field(min_length=1)
    name: str
    sides: tuple[Literal["fellowship", "sauron", "saruman"], ...] = Field(min_length=1)
    text: str
    keys: Keys = ()
    effect: dict[str, int | str | tuple[str, ...]] = {}


class _EventDeck(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    size: int = Field(gt=0)
    cards: tuple[_EventCard, ...]


class _EyeCard(_M):
    id: str
    name: str
    combat: int | None = Field(default=None, ge=0)
    morale: int | None = Field(default=None, ge=0)
    endurance: int | None = Field(default=None, gt=0)
    effect: Literal["fight", "reveal", "none"]
    fixed_place: str | None = None
    fixed_hex: str | None = None
    dark_piece: bool = True
    keys: Keys = ()


class _EyeDeck(_M):
    size: int = Field(gt=0)
    cards: tuple[_EyeCard, ...]


class _MagicCard(_M):
    id: str
    name: str
    copies: int = Field(default=1, gt=0)
    fixed_place: str | None = None
    fixed_hex: str | None = None
    user: str | None = None
    effect: dict[str, Any]
    keys: Keys = ()


class _MagicDeck(_M):
    size: int = Field(gt=0)
    cards: tuple[_MagicCard, ...]


class _DieRow(_M):
    faces: tuple[int, ...] = Field(min_length=1)
    result: str
    amount: int = 0
    nazgul: str | None = None


class _DieTable(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    table: tuple[_DieRow, ...] = Field(min_length=1)


class _Odds(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    columns: tuple[str, ...] = Field(min_length=1)


class _Clamp(_M):
    min: int
    max: int


class _Citadels(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    multiplier: int = Field(gt=0)
    places: tuple[str, ...] = Field(min_length=1)


class _Defence(_M):
    place: str
    value: int = Field(ge=0)


class _V14(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    defences: dict[str, _Defence]


class _Example(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    id: str
    checkpoint: int
    held: int


class _V22(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    grip: tuple[tuple[int, int], ...] = Field(min_length=1)
    objectives_total: int = Field(gt=0)
    sauron_initial: int = Field(ge=0)
    automatic_victory: int = Field(gt=0)
    deserting_nations: tuple[str, ...]
    objectives: tuple[str, ...]
    objective_hexes: tuple[str, ...]
    examples: tuple[_Example, ...] = ()


class _V29(_M):
    western: int = Field(ge=0, le=6)
    saruman: int = Field(ge=0, le=6)
    ally: int = Field(ge=0, le=6)
    sauron: int = Field(ge=0, le=6)


class _Step(_M):
    id: str
    phase: str
    name: str
    decider: str


class _Sequence(_M):
    seat_order_3p: tuple[str, ...]
    steps: tuple[_Step, ...] = Field(min_length=1)


class _Scenario(_M):
    name: str
    seats: tuple[Literal["fellowship", "dark", "saruman", "sauron"], ...] = Field(min_length=2)
    saruman_rules: Literal["S-V12", "S-V13"]
    options: tuple[str, ...] = ()
    extra_units: tuple[str, ...] = ()
    saruman_takes: dict[str, Any] = {}
    alliance: dict[str, Any] = {}


class _Option(_M):
    name: str
    default: bool
    characters: tuple[str, ...] = ()
    switches_off: str | None = None
    keys: Keys = ()


class _Victory(_M):
    order: int
    id: str
    result: str
    when: str
    scenarios: tuple[Literal["A", "B"], ...] = ("A", "B")
    keys: Keys = Field(min_length=1)


class _VictoryTable(_M):
    conditions: tuple[_Victory, ...] = Field(min_length=1)


class _Scenarios(_M):
    model_config = ConfigDict(extra="allow", frozen=True)
    scenarios: dict[Literal["A", "B"], _Scenario]
    options: dict[str, _Option]
    setup: dict[str, Any]
    victory: _VictoryTable


# ------------------------------------------------------------------------------------------------
# Keys: where each R-/S-/P- key lives


def _walk_keys(node: Any, path: str) -> Iterator[tuple[str, str]]:
    """(key, path) for every key-named table and every `key`/`keys` value under ``node``."""
    if isinstance(node, dict):
        for k, v in node.items():
            sub = f"{path}.{k}" if path else k
            if KEY_RE.match(k):
                yield k, sub
            if k == "key" and isinstance(v, str):
                yield v, path
            elif k == "keys" and isinstance(v, list):
                for x in v:
                    yield (x if isinstance(x, str) else repr(x)), path
            else:
                yield from _walk_keys(v, sub)
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _walk_keys(v, f"{path}[{i}]")


def _check_key(err: _Err, key: str, where: str, unit_ids: set[str]) -> None:
    err.check(bool(KEY_RE.match(key)), where, f"{key!r} is not a data key (R-..., S-Vn, P-...)")
    if key.startswith(("S-V", "I-V")):
        err.check(int(key[3:]) in SEED_SECTIONS, where, f"{key}: no such seed section")
    elif key.startswith("P-"):
        err.check(key[2:] in P_SOURCES, where, f"{key}: not a public source of §1")
    elif key.startswith("R-OOB-"):
        err.check(key[6:] in unit_ids, where, f"{key}: no unit {key[6:]}")
    elif not key.startswith("R-VIS-"):
        err.check(key in R_KEYS, where, f"{key}: not an [R] key of §15")
        err.check(key not in MAP_R_KEYS, where, f"{key}: belongs to the map's files")


def _reason_comments(err: _Err, text: str) -> None:
    """Every top-level [R-...] table has its reason in the comment just above it."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        m = re.match(r"^\[(R-[A-Z0-9-]+)\]\s*$", line)
        if not m:
            continue
        j = i - 1
        while j >= 0 and not lines[j].strip():
            j -= 1
        err.check(j >= 0 and lines[j].lstrip().startswith("#"), m[1],
                  "no reason comment above the table")


def _index(raw: Mapping[str, dict[str, Any]], texts: Mapping[str, str]) -> dict[str, str]:
    unit_ids = set(raw["forces.toml"].get("units", {}))
    files_of: dict[str, set[str]] = {}
    top_of: dict[str, str] = {}
    for name in FILES:
        err = _Err(name)
        for k in raw[name]:
            if not KEY_RE.match(k):
                err.check(k in SECTIONS[name], k, "unknown table (not a section nor a data key)")
            else:
                err.check(k not in top_of, k, f"also a table in {top_of.get(k)}")
                top_of[k] = name
        for key, where in _walk_keys(raw[name], ""):
            _check_key(err, key, where or key, unit_ids)
            files_of.setdefault(key, set()).add(name)
        _reason_comments(err, texts[name])
    # A key's home is the file of its table; a key without a table (R-RATINGS, R-OOB-...) lives
    # on the records that carry it, in one file.  Citations elsewhere are references.
    home: dict[str, str] = {}
    for key, files in files_of.items():
        if key in top_of:
            home[key] = top_of[key]
        elif key.startswith("R-") and len(files) > 1:
            a, b = sorted(files)[:2]
            raise ValueError(f"{b}: {key}: an [R] key must live in one file (also in {a})")
        else:
            home[key] = sorted(files)[0]
    for key in R_KEYS:
        if key not in MAP_R_KEYS and key not in files_of:
            raise ValueError(f"{'/'.join(FILES)}: {key}: the [R] key of §15 is missing")
    for fam in R_KEY_FAMILIES:
        if not any(k.startswith(fam) for k in files_of):
            raise ValueError(f"{'/'.join(FILES)}: {fam}*: no key of the §15 family")
    return home


# ------------------------------------------------------------------------------------------------
# Sections


def _tbl(raw: dict[str, Any], key: str, file: str) -> dict[str, Any]:
    v = raw.get(key)
    if not isinstance(v, dict):
        raise ValueError(f"{file}: {key}: missing table")
    return v


def _keys(key: str | None, keys: tuple[str, ...]) -> tuple[str, ...]:
    return ((key,) if key else ()) + tuple(keys)


def _forces(raw: dict[str, Any]) -> dict[str, Any]:
    file = "forces.toml"
    err = _Err(file)
    f = _validate(_Forces, raw, file, "")
    cav = _tbl(raw, "R-CAVALRY-LIST", file).get("types", [])
    eye = _tbl(raw, "R-EYE-ORCS", file)
    for t in cav:
        err.check(t in f.unit_types, "R-CAVALRY-LIST.types", f"unknown unit type {t!r}")
    types: dict[str, UnitType] = {}
    for tid, t in f.unit_types.items():
        err.check(t.kind in UNIT_KINDS, f"unit_types.{tid}.kind", f"unknown kind {t.kind!r}")
        types[tid] = UnitType(id=tid, name=t.name, kind=t.kind, cavalry=tid in cav)
    nations: dict[str, Nation] = {}
    for code, n in f.nations.items():
        k = f"nations.{code}"
        for a in (*n.territory.areas, *n.home):
            err.check(a in AREAS, f"{k}.territory", f"unknown area {a!r}")
        for h in n.territory.hexes:
            err.check(_hex_ok(h), f"{k}.territory.hexes", f"{h!r} is not a CCRR hex")
        trig = []
        for i, t in enumerate(n.triggers):
            tk = f"{k}.triggers[{i}]"
            err.check(t.kind in TRIGGER_KINDS, f"{tk}.kind", f"unknown trigger kind {t.kind!r}")
            err.check(bool(t.key or t.keys), tk, "a trigger needs its key")
            for a in t.areas:
                err.check(a in AREAS, f"{tk}.areas", f"unknown area {a!r}")
            for h in t.hexes:
                err.check(_hex_ok(h), f"{tk}.hexes", f"{h!r} is not a CCRR hex")
            for other in (t.nation, *t.requires):
                err.check(other is None or other in f.nations, tk, f"unknown nation {other!r}")
            if t.kind == "turn":
                err.check(t.turn is not None, tk, "a turn trigger needs `turn`")
            if t.kind in ("with", "after"):
                err.check(t.nation is not None, tk, f"a {t.kind} trigger needs `nation`")
            if t.kind == "after":
                err.check(t.delay is not None, tk, "an after trigger needs `delay`")
            if t.kind == "card":
                err.check(bool(t.cards), tk, "a card trigger needs `cards`")
            trig.append(Trigger(kind=t.kind, keys=_keys(t.key, t.keys), areas=t.areas,
                                hexes=t.hexes, turn=t.turn, nation=t.nation, delay=t.delay,
                                cards=t.cards, characters=t.characters, revealed=t.revealed,
                                targets=t.targets, requires=t.requires,
                                exempt_orc_strength=t.exempt_orc_strength))
        nations[code] = Nation(code=code, name=n.name, side=n.side, owner_2p=n.owner_2p,
                               owner_3p=n.owner_3p, disengage=n.disengage, clock=n.clock,
                               deserts=n.deserts, home=n.home,
                               territory=Territory(n.territory.areas, n.territory.hexes,
                                                   n.territory.terrain),
                               triggers=tuple(trig))
    clocks = {n.clock for n in nations.values() if n.clock} | {"paths"}
    units: dict[str, Unit] = {}
    for uid, u in f.units.items():
        k = f"units.{uid}"
        err.check(u.nation in nations, f"{k}.nation", f"unknown nation {u.nation!r}")
        err.check(u.type in types, f"{k}.type", f"unknown unit type {u.type!r}")
        err.check(uid.split("-")[0] == u.nation or u.type == "dead", k,
                  f"the id's prefix is not its nation {u.nation}")
        err.check(u.hex is None or _hex_ok(u.hex), f"{k}.hex", f"{u.hex!r} is not a CCRR hex")
        err.check(u.hex is not None or u.arrival is not None, k, "needs a hex or an arrival")
        if u.arrival is not None:
            err.check(u.arrival.clock in clocks, f"{k}.arrival.clock",
                      f"unknown clock {u.arrival.clock!r}")
        sourced = any(x.startswith(("S-V", "P-")) for x in u.keys)
        err.check(sourced or f"R-OOB-{uid}" in u.keys, f"{k}.keys",
                  f"a unit not from the seed or a public source needs R-OOB-{uid}")
        for x in u.keys:
            err.check(not x.startswith("R-OOB-") or x == f"R-OOB-{uid}", f"{k}.keys",
                      f"{x} names another unit")
        t = types[u.type]
        units[uid] = Unit(
            id=uid, name=u.name or t.name, type=u.type, kind=t.kind, nation=u.nation,
            strength=u.strength, mf=u.mf, cavalry=t.cavalry,
            eye_orc=u.nation in eye.get("nations", ()) and t.kind in eye.get("kinds", ()),
            hex=u.hex, place=u.place,
            arrival=Arrival(u.arrival.clock, u.arrival.turns) if u.arrival else None,
            inactive=u.inactive, scenarios=u.scenarios, keys=u.keys)
    eom = _tbl(raw, "R-EOMER-TROOPS", file)
    for uid in eom.get("units", ()):
        err.check(uid in units, "R-EOMER-TROOPS.units", f"unknown unit {uid!r}")
    return dict(nations=nations, unit_types=types, units=units)


def _characters(raw: dict[str, Any], nations: Mapping[str, Nation]) -> dict[str, Any]:
    file = "characters.toml"
    err = _Err(file)
    c = _validate(_Characters, raw, file, "")
    elf_leaders = _tbl(raw, "R-ELF-LEADERS", file).get("characters", [])
    for cid in elf_leaders:
        err.check(cid in c.characters, "R-ELF-LEADERS.characters", f"unknown character {cid!r}")
    specials = {sid: Special(id=sid, text=s.text, keys=s.keys) for sid, s in c.specials.items()}
    chars: dict[str, Character] = {}
    for cid, ch in c.characters.items():
        k = f"characters.{cid}"
        err.check(ch.nation is None or ch.nation in nations, f"{k}.nation",
                  f"unknown nation {ch.nation!r}")
        err.check(ch.hex is None or _hex_ok(ch.hex), f"{k}.hex", f"{ch.hex!r} is not a CCRR hex")
        for s in ch.specials:
            err.check(s in specials, f"{k}.specials", f"unknown special {s!r}")
        err.check(ch.option in (None, "OPT-1", "OPT-2"), f"{k}.option",
                  f"unknown option {ch.option!r}")
        err.check(("elf-leader" in ch.specials) == (cid in elf_leaders), f"{k}.specials",
                  "elf-leader must match R-ELF-LEADERS")
        chars[cid] = Character(
            id=cid, name=ch.name, side=ch.side, nation=ch.nation, walker=ch.walker, elf=ch.elf,
            elf_leader=cid in elf_leaders, combat=ch.combat, morale=ch.morale,
            endurance=ch.endurance, ring_rating=ch.ring_rating, mf=ch.mf, mf_flying=ch.mf_flying,
            hex=ch.hex, place=ch.place, hidden=ch.hidden,
            arrival=Arrival(ch.arrival.clock, ch.arrival.turns) if ch.arrival else None,
            option=ch.option, specials=ch.specials, keys=ch.keys)
    items: dict[str, Item] = {}
    for iid, it in _tbl(raw, "R-ITEMS", file).items():
        i = _validate(_Item, it, file, f"R-ITEMS.{iid}")
        err.check(i.holder in chars, f"R-ITEMS.{iid}.holder", f"unknown character {i.holder!r}")
        items[iid] = Item(id=iid, holder=i.holder, combat=i.combat,
                          ignore_first_wound=i.ignore_first_wound, keys=("R-ITEMS", *i.keys))
    return dict(characters=chars, specials=specials, items=items)


def _count(err: _Err, key: str, size: int, n: int, what: str) -> None:
    err.check(n == size, key, f"{n} {what}, but size = {size}")


def _decks(raw: dict[str, Any], chars: Mapping[str, Character],
           steps: set[str]) -> dict[str, Any]:
    file = "decks.toml"
    err = _Err(file)
    sd = _validate(_SearchDeck, _tbl(raw, "R-SEARCH-VALUES", file), file, "R-SEARCH-VALUES")
    _count(err, "R-SEARCH-VALUES.cards", sd.size, len(sd.cards), "search cards")
    err.check(sorted(c.n for c in sd.cards) == list(range(1, sd.size + 1)),
              "R-SEARCH-VALUES.cards", f"cards must be numbered 1..{sd.size} once each")
    for c in sd.cards:
        for a in c.areas:
            err.check(a in AREAS, f"R-SEARCH-VALUES.cards[n={c.n}].areas", f"unknown area {a!r}")
    search = tuple(SearchCard(n=c.n, searcher=c.searcher, force=c.force, value=c.value,
                              areas=c.areas) for c in sorted(sd.cards, key=lambda c: c.n))

    ed = _validate(_EventDeck, _tbl(raw, "R-EVENT-DECK", file), file, "R-EVENT-DECK")
    timing = _tbl(raw, "R-EVENT-TIMING", file)
    numbers = sorted(n for c in ed.cards for n in c.numbers)
    _count(err, "R-EVENT-DECK.cards", ed.size, len(numbers), "event cards")
    err.check(numbers == list(range(1, ed.size + 1)), "R-EVENT-DECK.cards",
              f"cards must be numbered 1..{ed.size} once each")
    ids = [c.id for c in ed.cards]
    err.check(len(set(ids)) == len(ids), "R-EVENT-DECK.cards", "a card id given twice")
    err.check(set(timing) == set(ids), "R-EVENT-TIMING",
              f"timings differ from the deck's cards: {sorted(set(timing) ^ set(ids))}")
    events: dict[str, EventCard] = {}
    for c in ed.cards:
        when = timing[c.id]
        err.check(isinstance(when, list) and bool(when), f"R-EVENT-TIMING.{c.id}",
                  "give a list of steps")
        for w in when:
            ok = w in steps or (w.startswith("answer:") and w[7:] in ids)
            err.check(ok, f"R-EVENT-TIMING.{c.id}", f"{w!r} is not a step of R-SEQUENCE")
        events[c.id] = EventCard(id=c.id, numbers=c.numbers, name=c.name, sides=c.sides,
                                 when=tuple(when), text=c.text, keys=("R-EVENT-DECK", *c.keys),
                                 effect=_freeze(dict(c.effect)))

    eye_raw = _validate(_EyeDeck, _tbl(raw, "R-EYE-DECK", file), file, "R-EYE-DECK")
    _count(err, "R-EYE-DECK.cards", eye_raw.size, len(eye_raw.cards), "Eye cards")
    eye: dict[str, EyeCard] = {}
    for c in eye_raw.cards:
        k = f"R-EYE-DECK.cards[id={c.id}]"
        err.check(c.id not in eye, k, "id given twice")
        if c.effect == "fight":
            err.check(c.combat is not None and c.endurance is not None, k,
                      "a fighting card needs combat and endurance")
        err.check(c.fixed_hex is None or _hex_ok(c.fixed_hex), k, "fixed_hex is not CCRR")
        eye[c.id] = EyeCard(id=c.id, name=c.name, combat=c.combat, morale=c.morale,
                            endurance=c.endurance, effect=c.effect, fixed_place=c.fixed_place,
                            fixed_hex=c.fixed_hex, dark_piece=c.dark_piece,
                            keys=("R-EYE-DECK", *c.keys))

    md = _validate(_MagicDeck, _tbl(raw, "R-MAGIC-DECK", file), file, "R-MAGIC-DECK")
    _count(err, "R-MAGIC-DECK.cards", md.size, sum(c.copies for c in md.cards), "Magic cards")
    magic: dict[str, MagicCard] = {}
    for c in md.cards:
        k = f"R-MAGIC-DECK.cards[id={c.id}]"
        err.check(c.id not in magic, k, "id given twice")
        bad = set(c.effect) - MAGIC_EFFECTS
        err.check(not bad, f"{k}.effect", f"unknown effect fields {sorted(bad)}")
        err.check(c.user is None or c.user in chars, f"{k}.user", f"unknown character {c.user!r}")
        err.check(c.fixed_hex is None or _hex_ok(c.fixed_hex), k, "fixed_hex is not CCRR")
        magic[c.id] = MagicCard(id=c.id, name=c.name, copies=c.copies, fixed_place=c.fixed_place,
                                fixed_hex=c.fixed_hex, user=c.user, effect=_freeze(c.effect),
                                keys=("R-MAGIC-DECK", *c.keys))
    return dict(search_cards=search, event_cards=events, eye_cards=eye, magic_cards=magic)


_PCT = re.compile(r"^(-|–|\d+)(k?)$")


def _crt_entry(err: _Err, key: str, s: Any) -> CrtResult:
    halves = s.split("/") if isinstance(s, str) else []
    err.check(len(halves) == 2, key, f"{s!r} is not attacker/defender")
    out: list[tuple[int, bool]] = []
    for h in halves:
        m = _PCT.match(h.strip())
        err.check(bool(m), key, f"{s!r}: {h!r} is not a percentage, '-', with optional 'k'")
        assert m is not None
        pct = 0 if m[1] in "-–" else int(m[1])
        err.check(0 <= pct <= 100, key, f"{s!r}: percentage above 100")
        out.append((pct, m[2] == "k"))
    return CrtResult(out[0][0], out[0][1], out[1][0], out[1][1])


def _die_table(err: _Err, raw: dict[str, Any], key: str, file: str) -> DieTable:
    t = _validate(_DieTable, _tbl(raw, key, file), file, key)
    faces = sorted(f for r in t.table for f in r.faces)
    err.check(faces == [1, 2, 3, 4, 5, 6], f"{key}.table", "rows must cover faces 1–6 once each")
    return DieTable(key=key, rows=tuple(DieResult(r.faces, r.result, r.amount, r.nazgul)
                                        for r in t.table))


def _ratio(err: _Err, key: str, col: str) -> tuple[int, int]:
    m = re.match(r"^(\d+)-(\d+)$", col)
    err.check(bool(m) and int(m[1]) > 0 and int(m[2]) > 0 if m else False, key,
              f"{col!r} is not an odds column like 3-2")
    assert m is not None
    return int(m[1]), int(m[2])


def _tables(raw: dict[str, Any], nations: Mapping[str, Nation]) -> dict[str, Any]:
    file = "tables.toml"
    err = _Err(file)
    odds = _validate(_Odds, _tbl(raw, "R-ODDS-COLUMNS", file), file, "R-ODDS-COLUMNS")
    ratios = tuple(_ratio(err, "R-ODDS-COLUMNS.columns", c) for c in odds.columns)
    err.check(all(a[0] * b[1] < b[0] * a[1] for a, b in zip(ratios, ratios[1:])),
              "R-ODDS-COLUMNS.columns", "columns must rise")
    clamp = _validate(_Clamp, _tbl(raw, "R-DIE-CLAMP", file), file, "R-DIE-CLAMP")
    err.check(clamp.min <= clamp.max, "R-DIE-CLAMP", "min above max")
    crt_raw = _tbl(raw, "R-CRT", file)
    rows = []
    for die in range(clamp.min, clamp.max + 1):
        k = f"R-CRT.{die}"
        row = crt_raw.get(str(die))
        err.check(row is not None, k, f"CRT row for die {die} missing")
        err.check(isinstance(row, list) and len(row) == len(odds.columns), k,
                  f"needs {len(odds.columns)} entries, one per R-ODDS-COLUMNS column")
        rows.append(tuple(_crt_entry(err, k, s) for s in row))
    extra = set(crt_raw) - {str(d) for d in range(clamp.min, clamp.max + 1)}
    err.check(not extra, "R-CRT", f"rows outside R-DIE-CLAMP: {sorted(extra)}")
    crt = Crt(columns=odds.columns, ratios=ratios, rows=tuple(rows), die_min=clamp.min,
              die_max=clamp.max)

    v29 = _validate(_V29, _tbl(raw, "S-V29", file), file, "S-V29")
    disengage = v29.model_dump()
    for code, n in nations.items():
        err.check(n.disengage in disengage, "S-V29",
                  f"no class {n.disengage!r} for nation {code} (forces.toml)")

    v14 = _validate(_V14, _tbl(raw, "S-V14", file), file, "S-V14")
    ids = {}
    for h, d in v14.defences.items():
        err.check(_hex_ok(h), f"S-V14.defences.{h}", "not a CCRR hex")
        ids[h] = IntrinsicDefence(hex=h, place=d.place, value=d.value)

    citadels: dict[str, int] = {}
    for key in ("S-V15", "S-V16", "R-CITADEL-X2"):
        c = _validate(_Citadels, _tbl(raw, key, file), file, key)
        for h in c.places:
            err.check(_hex_ok(h), f"{key}.places", f"{h!r} is not a CCRR hex")
            err.check(h not in citadels, f"{key}.places", f"{h} is already a citadel")
            citadels[h] = c.multiplier

    v22 = _validate(_V22, _tbl(raw, "S-V22", file), file, "S-V22")
    offs = [o for o, _ in v22.grip]
    err.check(offs[0] == 0 and offs == sorted(set(offs)), "S-V22.grip",
              "turn offsets must start at 0 and rise")
    _count(err, "S-V22.objectives", v22.objectives_total, len(v22.objectives), "objectives")
    _count(err, "S-V22.objective_hexes", v22.objectives_total, len(v22.objective_hexes),
           "objective hexes")
    for h in v22.objective_hexes:
        err.check(_hex_ok(h), "S-V22.objective_hexes", f"{h!r} is not a CCRR hex")
    for code in v22.deserting_nations:
        err.check(code in nations, "S-V22.deserting_nations", f"unknown nation {code!r}")
        err.check(nations[code].deserts, "S-V22.deserting_nations",
                  f"{code} is not marked deserts in forces.toml")
    return dict(crt=crt, disengage=disengage, intrinsic_defences=ids, citadels=citadels,
                grip=tuple((o, n) for o, n in v22.grip),
                objectives=tuple(zip(v22.objectives, v22.objective_hexes)),
                leader_loss=_die_table(err, raw, "R-K-PROCEDURE", file),
                gollum=_die_table(err, raw, "R-GOLLUM-TABLE", file))


def _scenario(raw: dict[str, Any], units: Mapping[str, Unit],
              chars: Mapping[str, Character]) -> dict[str, Any]:
    file = "scenario.toml"
    err = _Err(file)
    s = _validate(_Scenarios, raw, file, "")
    seq = _validate(_Sequence, _tbl(raw, "R-SEQUENCE", file), file, "R-SEQUENCE")
    step_ids = [x.id for x in seq.steps]
    err.check(len(set(step_ids)) == len(step_ids), "R-SEQUENCE.steps", "a step id given twice")
    options: dict[str, Option] = {}
    for oid, o in s.options.items():
        for cid in o.characters:
            err.check(cid in chars, f"options.{oid}.characters", f"unknown character {cid!r}")
        options[oid] = Option(id=oid, name=o.name, default=o.default, characters=o.characters,
                              switches_off=o.switches_off, keys=o.keys)
    scenarios: dict[str, Scenario] = {}
    for sid, sc in s.scenarios.items():
        for o in sc.options:
            err.check(o in options, f"scenarios.{sid}.options", f"unknown option {o!r}")
        for uid in sc.extra_units:
            err.check(uid in units, f"scenarios.{sid}.extra_units", f"unknown unit {uid!r}")
        scenarios[sid] = Scenario(id=sid, name=sc.name, seats=sc.seats,
                                  saruman_rules=sc.saruman_rules, options=sc.options,
                                  extra_units=sc.extra_units,
                                  saruman_takes=_freeze(sc.saruman_takes),
                                  alliance=_freeze(sc.alliance))
    orders = [v.order for v in s.victory.conditions]
    err.check(orders == list(range(1, len(orders) + 1)), "victory.conditions",
              "orders must run 1, 2, 3 …")
    victory = tuple(VictoryCondition(order=v.order, id=v.id, result=v.result, when=v.when,
                                     scenarios=v.scenarios, keys=v.keys)
                    for v in s.victory.conditions)
    init = _tbl(raw, "R-INITIAL-OBJECTIVES", file)
    for side, hexes in init.items():
        for h in hexes:
            err.check(_hex_ok(h), f"R-INITIAL-OBJECTIVES.{side}", f"{h!r} is not a CCRR hex")
    return dict(sequence=tuple(Step(x.id, x.phase, x.name, x.decider) for x in seq.steps),
                scenarios=scenarios, options=options, victory=victory,
                setup=_freeze(s.setup))


def _cross(d: Definition) -> None:
    """Checks that span files."""
    s = _Err("scenario.toml")
    init = d.values["R-INITIAL-OBJECTIVES"]
    held = [h for side in init.values() for h in side]
    objective_hexes = [h for _, h in d.objectives]
    s.check(sorted(held) == sorted(objective_hexes), "R-INITIAL-OBJECTIVES",
            "must hand out the 20 objectives of tables.toml S-V22 once each")
    s.check(len(init.get("sauron", ())) == d.value("S-V22", "sauron_initial"),
            "R-INITIAL-OBJECTIVES.sauron", "must match S-V22.sauron_initial (tables.toml)")
    f = _Err("forces.toml")
    for code, n in d.nations.items():
        for i, t in enumerate(n.triggers):
            for cid in t.cards:
                f.check(cid in d.event_cards, f"nations.{code}.triggers[{i}].cards",
                        f"no event card {cid!r} in decks.toml")
            for cid in t.characters:
                f.check(cid in d.characters, f"nations.{code}.triggers[{i}].characters",
                        f"unknown character {cid!r} (characters.toml)")
    c = _Err("characters.toml")
    for cid, ch in d.characters.items():
        if ch.arrival is not None:
            c.check(ch.arrival.clock in {n.clock for n in d.nations.values()},
                    f"characters.{cid}.arrival.clock", f"unknown clock {ch.arrival.clock!r}")


# ------------------------------------------------------------------------------------------------
# Loading


def load_from(directory: Traversable | Path | str) -> Definition:
    """Load and validate the five data files in ``directory`` (not cached).

    Raises ValueError naming the file and the key of the first defect found."""
    if isinstance(directory, str):
        directory = Path(directory)
    raw: dict[str, dict[str, Any]] = {}
    texts: dict[str, str] = {}
    for name in FILES:
        raw[name], texts[name] = _read(directory, name)
    key_files = _index(raw, texts)
    f = _forces(raw["forces.toml"])
    ch = _characters(raw["characters.toml"], f["nations"])
    sc = _scenario(raw["scenario.toml"], f["units"], ch["characters"])
    dk = _decks(raw["decks.toml"], ch["characters"], {s.id for s in sc["sequence"]})
    tb = _tables(raw["tables.toml"], f["nations"])
    values = {k: _freeze(v) for name in FILES for k, v in raw[name].items() if KEY_RE.match(k)}
    parts = {k: MappingProxyType(v) if isinstance(v, dict) else v
             for part in (f, ch, dk, tb, sc) for k, v in part.items()}
    d = Definition(**parts, values=MappingProxyType(values),
                   key_files=MappingProxyType(key_files))
    _cross(d)
    return d


@cache
def load() -> Definition:
    """The game's data, read once from the package's ``data/`` directory [WR §3]."""
    return load_from(resources.files(__package__) / "data")
