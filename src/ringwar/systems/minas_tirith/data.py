"""The Siege of Minas Tirith's data: troop types, orders of battle, leaders, decks, tables and
every reconstructed value, loaded from ``data/*.toml`` and validated [MT §1.1].

Nothing here is a rule: this module only reads the four files (``forces.toml``, ``decks.toml``,
``tables.toml``, ``rules.toml``), checks them and hands out frozen records.  Any defect raises a
``ValueError`` naming the file and the key, so a player who corrects a value from Larson's charts
learns at once what is wrong::

    PYTHONPATH=src python -c "from ringwar.systems.minas_tirith.data import load; load()"
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from importlib.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from ...core.datafiles import DataErrors, read_toml, validate

SIDES: tuple[str, str] = ("west", "dark-lord")
FILES: tuple[str, ...] = ("forces.toml", "decks.toml", "tables.toml", "rules.toml")
# The card ids and deck states the engine refers to by name (module interfaces).
CARD_IDS: tuple[str, ...] = (
    "infantry_move", "cavalry_move", "engine_move", "deployment", "reload", "leader",
    "leader_check", "close_combat", "recovery", "fighting_fires", "horns", "black_ships", "waste",
)
DECK_IDS: tuple[str, ...] = (
    "west-T1", "west-rohan", "west-aragorn", "dark-T1", "dark-gate", "dark-wk",
)
ARMIES: tuple[str, ...] = ("garrison", "relief", "dark-lord")
MISSILE_BANDS: tuple[str, ...] = ("point_blank", "short", "medium", "long")

Klass = Literal["infantry", "cavalry", "elephant"]
MountId = Literal["foot", "horse", "fell_beast"]
EngineKind = Literal["tower", "grond", "large_catapult", "small_catapult"]


# ------------------------------------------------------------------------------------------------
# Public records


@dataclass(frozen=True, slots=True)
class TroopType:
    """A troop type [MT §2.2] with its move [MT §7.1.1], stands [MT §2.4] and missile target
    modifier [MT §8.5]."""

    code: str
    klass: str
    heavy: bool
    combat_as: str
    move: int | None
    move_dice: int
    charge_dice: int
    base: tuple[float, float]
    close_pitch: tuple[float, float]
    open_pitch: tuple[float, float]
    missile_target: int
    open_only: bool = False


@dataclass(frozen=True, slots=True)
class WeaponSpec:
    """A special weapon [MT §2.3]: kind "missile", "lance", "pole_arm" or "pike"."""

    id: str
    kind: str


@dataclass(frozen=True, slots=True)
class MountSpec:
    """A leader's mount [MT §2.4] [MT §4.3]: base size and whether it flies (R-36)."""

    id: str
    base: tuple[float, float]
    flying: bool


@dataclass(frozen=True, slots=True)
class UnitSpec:
    """A unit of the orders of battle [MT §4.1] [MT §4.2]."""

    id: str
    name: str
    side: str
    contingent: str
    type: str
    figures: int
    morale: int
    drill: str
    weapons: tuple[str, ...]
    files: int
    order: str = "close"
    attached_to: str | None = None
    archers: int = 0


@dataclass(frozen=True, slots=True)
class EngineSpec:
    """A siege engine [MT §2.6] [MT §7.6–§7.8]."""

    id: str
    name: str
    side: str
    contingent: str
    kind: str
    size: tuple[float, float]
    range: int | None
    capacity: int | None
    impact_cf: int | None


@dataclass(frozen=True, slots=True)
class LeaderSpec:
    """A commander [MT §2.7] [MT §4.3]; ``demoralization_value`` counts when he dies [MT §9.3]."""

    id: str
    name: str
    side: str
    contingent: str
    commands: tuple[str, ...]
    also_commands: tuple[str, ...]
    units: tuple[str, ...]
    mount: str
    mounts: tuple[str, ...]
    moves: Mapping[str, int]
    cl: int
    cf: int
    cs: int
    caster: bool
    risk_immune: bool
    lord: bool
    army: str
    demoralization_value: int

    def may_command(self, unit: UnitSpec) -> bool:
        """Whether this commander commands ``unit`` [MT §2.7] (R-14; §4.3 restrictions)."""
        if unit.side != self.side:
            return False
        if self.units and unit.id not in self.units:
            return False
        if "any" in self.commands:
            return True
        return unit.contingent in self.commands or unit.contingent in self.also_commands


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A sequence card [MT §5.1]."""

    id: str
    name: str
    who: str
    text: str
    rule: str
    turn_ends: bool
    sides: tuple[str, ...]
    names: Mapping[str, str] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    movers: tuple[str, ...] = ()

    def name_for(self, side: str) -> str:
        """The card's name in ``side``'s deck (the waste card differs per side, R-46)."""
        return self.names.get(side, self.name)


@dataclass(frozen=True, slots=True)
class DeckEvent:
    """An event that changes the decks at the next TURN_START [MT §5.3]."""

    id: str
    rule: str
    when: str
    changes: Mapping[str, Mapping[str, int]]
    remove: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellSpec:
    """A spell [MT §7.12]: who may cast it, at what range, on which mount, for how many SP."""

    id: str
    name: str
    casters: tuple[str, ...]
    ranges: Mapping[str, float]
    mount: str | None
    sp: tuple[int, int]
    effect: str


@dataclass(frozen=True, slots=True)
class MissileSpec:
    """A missile weapon's row of the missile table [MT §8.5]: (band, max range, CF) nearest
    first, point blank included."""

    weapon: str
    bands: tuple[tuple[str, float, int], ...]


@dataclass(frozen=True, slots=True)
class CasualtySpec:
    """The casualty table [MT §8.1]: thresholds per CF from 1 (covering ``min_cf``..1) up."""

    min_cf: int
    cap: int
    step_above_max: int
    thresholds: Mapping[int, tuple[int, ...]]


@dataclass(frozen=True)
class Definition:
    """Everything the rules look up [MT §2–§9]; one per process (``load()``)."""

    troop_types: dict[str, TroopType]
    weapons: dict[str, WeaponSpec]
    mounts: dict[str, MountSpec]
    contingents: dict[str, str]
    units: dict[str, UnitSpec]
    engines: dict[str, EngineSpec]
    leaders: dict[str, LeaderSpec]
    cards: dict[str, CardSpec]
    decks: dict[str, dict[str, int]]
    deck_sides: dict[str, str]
    deck_events: dict[str, DeckEvent]
    spell_points: dict[str, int]
    spells: dict[str, SpellSpec]
    game_turns: int
    demoralization: dict[str, dict[str, Any]]
    casualty: CasualtySpec
    matrix_columns: tuple[str, ...]
    defend_as: dict[str, tuple[str, int]]
    shock: dict[str, dict[str, int]]
    melee: dict[str, dict[str, int]]
    cf_mods: dict[str, dict[str, int]]
    missile: dict[str, MissileSpec]
    missile_mods: dict[str, int]
    result_mods: dict[str, int]
    tests: dict[str, int]
    values: dict[str, Any]

    def deck_counts(self, deck: str, events: Iterable[str] = ()) -> dict[str, int]:
        """``deck``'s base counts after the ``events`` of [MT §5.3], in order (a card a later
        event adds after a ``remove`` comes back).  Raises ValueError on a negative count."""
        side = self.deck_sides[deck]
        counts = dict(self.decks[deck])
        for ev_id in events:
            counts = _apply_event(counts, side, self.deck_events[ev_id])
            bad = [c for c, n in counts.items() if n < 0]
            if bad:
                raise ValueError(f"deck {deck}: event {ev_id} leaves {bad[0]} below 0")
        return counts

    def army_of(self, contingent: str) -> str:
        """The §9.3 army (garrison, relief, dark-lord) a contingent's figures count for."""
        for army, d in self.demoralization.items():
            if contingent in d["contingents"]:
                return army
        raise KeyError(contingent)


def _apply_event(counts: dict[str, int], side: str, ev: DeckEvent) -> dict[str, int]:
    out = {c: (0 if c in ev.remove else n) for c, n in counts.items()}
    for card, delta in ev.changes.get(side, {}).items():
        out[card] = out.get(card, 0) + delta
    return out


# ------------------------------------------------------------------------------------------------
# File schemas (pydantic, extra keys forbidden)


class _M(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Pair = tuple[float, float]


class _TroopType(_M):
    klass: Klass
    heavy: bool
    combat_as: str
    move: int | None = Field(default=None, gt=0)
    move_dice: int = Field(ge=0)
    charge_dice: int = Field(ge=0)
    open_only: bool = False
    base: Pair
    close_pitch: Pair
    open_pitch: Pair
    missile_target: int


class _Weapon(_M):
    kind: Literal["missile", "lance", "pole_arm", "pike"]


class _Mount(_M):
    base: Pair
    flying: bool


class _Unit(_M):
    name: str
    contingent: str
    type: str
    figures: int = Field(gt=0)
    morale: int
    drill: str
    weapons: tuple[str, ...]
    files: int = Field(gt=0)
    order: Literal["close", "open"] = "close"
    attached_to: str | None = None
    archers: int = Field(default=0, ge=0)


class _EngineKind(_M):
    size: Pair
    range: int | None = Field(default=None, gt=0)
    capacity: int | None = Field(default=None, gt=0)
    impact_cf: int | None = None


class _Engine(_M):
    name: str
    contingent: str
    kind: EngineKind


class _Leader(_M):
    name: str
    contingent: str
    commands: tuple[str, ...] = Field(min_length=1)
    also_commands: tuple[str, ...] = ()
    units: tuple[str, ...] = ()
    mount: MountId
    mounts: tuple[MountId, ...] | None = None
    moves: dict[MountId, int]
    cl: int
    cf: int
    cs: int = Field(ge=0)
    caster: bool = False
    risk_immune: bool = False
    lord: bool = False
    army: Literal["garrison", "relief", "dark-lord"]
    demoralization: int = Field(ge=0)


class _Forces(_M):
    drill_classes: tuple[str, ...]
    morale_range: tuple[int, int]
    contingents: dict[str, Literal["west", "dark-lord"]]
    weapons: dict[str, _Weapon]
    troop_types: dict[str, _TroopType]
    mounts: dict[MountId, _Mount]
    units: dict[str, _Unit]
    engine_kinds: dict[EngineKind, _EngineKind]
    engines: dict[str, _Engine]
    leaders: dict[str, _Leader]
    spell_points: dict[Literal["west", "dark-lord"], int]


class _Card(_M):
    name: str
    names: dict[str, str] = {}
    aliases: tuple[str, ...] = ()
    who: str
    text: str
    rule: str
    sides: tuple[Literal["west", "dark-lord"], ...] = Field(min_length=1)
    turn_ends: bool = False
    movers: tuple[Literal["infantry", "cavalry", "elephant", "engine"], ...] = ()


class _Derived(_M):
    from_: str = Field(alias="from")
    events: tuple[str, ...]


class _Deck(_M):
    side: Literal["west", "dark-lord"]
    total: int
    counts: dict[str, int]
    derived: _Derived | None = None


class _Event(_M):
    rule: str
    when: str
    changes: dict[Literal["west", "dark-lord"], dict[str, int]] = {}
    remove: tuple[str, ...] = ()


class _Decks(_M):
    cards: dict[str, _Card]
    decks: dict[str, _Deck]
    events: dict[str, _Event]


class _Casualty(_M):
    min_cf: int
    cap: int = Field(gt=0)
    step_above_max: int = Field(ge=0)
    thresholds: dict[int, tuple[int, ...]]


class _Matrix(_M):
    columns: tuple[str, ...] = Field(min_length=1)


class _DefendAs(_M):
    column: str
    mod: int


class _CfMod(_M):
    shock: int
    melee: int


class _CfMods(_M):
    rank_over_two: _CfMod
    rank_bonus_max: _CfMod
    lance_charging: _CfMod
    pole_arm_infantry: _CfMod
    pike_infantry: _CfMod
    horse_archers_fired: _CfMod
    missile_infantry_fired: _CfMod
    missile_infantry_fired_point_blank: _CfMod
    charging: _CfMod
    charging_vs_standing: _CfMod
    cavalry_in_woods: _CfMod
    infantry_vs_cavalry_in_woods: _CfMod
    attacked_in_flank: _CfMod
    attacked_in_rear: _CfMod
    attacking_flank: _CfMod
    attacking_rear: _CfMod
    downslope: _CfMod
    upslope: _CfMod
    disorganized: _CfMod


class _Band(_M):
    range: float = Field(gt=0)
    cf: int


class _Missile(_M):
    point_blank: int
    short: _Band
    medium: _Band | None = None
    long: _Band | None = None


class _MissileRanges(_M):
    point_blank_range: float = Field(gt=0)


class _MissileMods(_M):
    target_on_wall_walk: int
    target_in_woods: int
    shooting_down: int
    shooting_up: int
    firer_disorganized: int
    elephant_archer_target: int


class _Results(_M):
    die: int = Field(gt=0)
    disorganized: int
    charging_infantry: int
    charging_cavalry: int
    charging_heavy_cavalry: int
    heavy: int
    elephants: int
    rank_over_two: int
    rank_bonus_max: int
    shield_wall: int
    more_casualties: int
    downhill: int
    uphill: int
    pole_arm_infantry: int
    pike_infantry: int
    lance_charging: int
    ladder_defence: int
    battlements: int
    higher_level: int
    attacking_flank: int
    attacking_rear: int
    attached_leader_per_cl: int


class _Tests(_M):
    after_combat: int = Field(gt=0)
    after_combat_woods_or_mumak_infantry: int = Field(gt=0)
    after_combat_woods_or_mumak_cavalry: int = Field(gt=0)
    lost_mod: int
    won_mod: int
    equal_mod: int
    cavalry_beaten_by_infantry: int = Field(gt=0)
    fire: int = Field(gt=0)
    fires_in_sector: int = Field(gt=0)
    mumak: int = Field(gt=0)
    demoralization_spell: int = Field(gt=0)
    demoralization_spell_add: int
    recovery: int = Field(gt=0)
    disengage: int = Field(gt=0)
    demoralized_morale_mod: int
    demoralized_morale_min: int


class _Tables(_M):
    casualty: _Casualty
    matrix: _Matrix
    defend_as: dict[str, _DefendAs]
    shock: dict[str, dict[str, int]]
    melee: dict[str, Any]
    cf_mods: _CfMods
    missile_ranges: _MissileRanges
    missile: dict[str, _Missile]
    missile_mods: _MissileMods
    results: _Results
    tests: _Tests


class _Demoralization(_M):
    contingents: tuple[str, ...] = Field(min_length=1)
    threshold: int = Field(gt=0)
    per_figure: int
    per_level: int = 0
    great_gate_broken: int = 0
    rohan_arrived: int = 0
    aragorn_arrived: int = 0
    figure_weights: dict[str, int] = {}
    archer_weight: int = 0
    garrison_demoralized: int = 0


class _Spell(_M):
    name: str
    casters: tuple[str, ...] = Field(min_length=1)
    ranges: dict[str, float] = {}
    mount: MountId | None = None
    sp: tuple[int, int]
    effect: str


PosInt = Annotated[int, Field(gt=0)]
NatInt = Annotated[int, Field(ge=0)]
PosFloat = Annotated[float, Field(gt=0)]
NatFloat = Annotated[float, Field(ge=0)]
Fraction = Annotated[float, Field(gt=0, le=1)]


class _Rules(_M):
    figures_per_stand: PosInt
    scatter_die_sides: PosInt
    scatter_hit_faces: NatInt
    scatter_bearing_range: tuple[float, float]
    roll_order: tuple[Literal["west", "dark-lord"], Literal["west", "dark-lord"]]
    game_turns: PosInt
    march_column_files: PosInt
    shield_wall_min_figures: PosInt
    shield_wall_min_ranks: PosInt
    shield_wall_drill: tuple[str, ...]
    shield_wall_types: tuple[str, ...]
    archery_fall_back_drill: tuple[str, ...]
    formation_change_in_span: float = Field(ge=0, le=1)
    formation_change_out_of_span: float = Field(ge=0, le=1)
    special_formation_change: float = Field(ge=0, le=1)
    leader_cl_range: tuple[int, int]
    leader_cf_range: tuple[int, int]
    sweep_step: PosFloat
    contact_tolerance: NatFloat
    impetus_die: PosInt
    phase_pool: PosInt
    turn_card_cost: NatInt
    unit_action_cost: NatInt
    reaction_bank_price: PosInt
    reaction_bank_cap: NatInt
    darkness_impetus_mod: int
    lord_dead_impetus_mod: int
    losing_streak_rolls: PosInt
    losing_streak_mod: int
    arrival_impetus_mod: int
    forced_pips: NatInt
    horns_from_turn: PosInt
    black_ships_after_rohan_turns: NatInt
    black_ships_latest_turn: PosInt
    mumak_reload_pips: NatInt
    elephant_archer_fire_pips: NatInt
    elephant_archers_per_mumak: NatInt
    horse_archer_fire_pips: NatInt
    reaction_cost: NatInt
    archery_fall_back_cost: NatInt
    archery_fall_back_fraction: Fraction
    retreat_fractions: tuple[float, ...]
    countercharge_types: tuple[str, ...]
    countercharge_fraction: Fraction
    reaction_fire_band: Literal["point_blank", "short", "medium", "long"]
    reaction_fire_point_blank_start: NatFloat
    engine_move_dice: PosInt
    engine_pulled_move_dice: PosInt
    engine_pullers: tuple[str, ...]
    engine_attach_pips: NatInt
    road_bonus_cavalry: NatInt
    road_bonus_other: NatInt
    road_within: NatFloat
    oblique_max_deg: float = Field(gt=0, le=90)
    backward_factor: PosFloat
    free_turns_per_move: NatInt
    wheel_factor: PosFloat
    interpenetration_per_rank: NatFloat
    uphill_factor: PosFloat
    downhill_factor: PosFloat
    woods_factor: PosFloat
    close_door_max_deg: float = Field(ge=0, le=180)
    combined_move_within: NatFloat
    connection_adjacent: NatFloat
    sector_change_rear_within: NatFloat
    rank_fire: PosInt
    los_woods_block: NatFloat
    engagement_band: NatFloat
    engaged_ranks: PosInt
    flank_engaged_pitches: PosInt
    penetration_cavalry_charge: PosInt
    penetration_standing_cavalry: PosInt
    penetration_other: PosInt
    penetration_gap_fraction: Fraction
    breakthrough_pips: NatInt
    breakthrough_immunity_rounds: NatInt
    disengage_fraction: Fraction
    tower_capacity_per_pip: PosInt
    tower_places_troll: PosInt
    tower_dock_within: NatFloat
    tower_assault_figures: PosInt
    tower_assault_window: PosFloat
    tower_assault_gain_pushback: NatFloat
    tower_unopposed_figures: PosInt
    lodgement_reinforce_per_pip: PosInt
    wall_combat_figures: PosInt
    wall_combat_window: PosFloat
    ladder_walls: tuple[int, ...]
    ladder_figures: PosInt
    ladder_window: PosFloat
    ladder_gain_pushback: NatFloat
    ladder_climb_per_pip: PosInt
    gate_batter_walls: tuple[int, ...]
    gate_batter_dice: PosInt
    gate_batter_target: int
    gate_batter_troll_mod: int
    city_combat_figures: PosInt
    city_pushout: NatFloat
    grond_attempts_per_card: PosInt
    grond_dice: PosInt
    grond_target: int
    grond_troll_mod: int
    grond_spell_mod: int
    catapult_above_min_elevation: int
    catapult_above_bonus: int
    catapult_per_wall: int
    catapult_scatter_dice: PosInt
    catapult_fire_radius: PosFloat
    catapult_impact_vs: dict[str, int]
    fire_size: PosFloat
    fires_destroy_engine: PosInt
    burnt_tower_die: PosInt
    burnt_tower_kill: NatInt
    fires_in_sector_threshold: PosInt
    fire_adjacent: NatFloat
    fire_fight_die: PosInt
    fire_fight_success: NatInt
    leader_actions_per_card: PosInt
    spell_casts_per_card: PosInt
    leader_combat_dice: PosInt
    leader_combat_kill: int
    leader_combat_flying_vs_attached: int
    avoidance_self_extra: int
    overrun_die: PosInt
    overrun_add: int
    risk_die: PosInt
    avoidance_max: dict[MountId, dict[MountId, int]]
    demoralization: dict[Literal["garrison", "relief", "dark-lord"], _Demoralization]
    spells: dict[str, _Spell]


# ------------------------------------------------------------------------------------------------
# Loading


_Err = DataErrors
_T = TypeVar("_T", bound=BaseModel)


def _read(directory: Traversable | Path, name: str) -> dict[str, Any]:
    return read_toml(directory, name)[0]


def _validate(model: type[_T], data: dict[str, Any], file: str) -> _T:
    return validate(model, data, file)


def _forces(f: _Forces, rules: _Rules, combat_codes: set[str]) -> dict[str, Any]:
    err = _Err("forces.toml")
    lo, hi = f.morale_range
    for code, t in f.troop_types.items():
        key = f"troop_types.{code}"
        err.check(t.combat_as in combat_codes, f"{key}.combat_as",
                  f"{t.combat_as!r} is not a row of the tables.toml matrices")
        err.check((t.move is None) == (t.move_dice > 0), f"{key}.move",
                  "give exactly one of move (inches) or move_dice")
        for pk in ("base", "close_pitch", "open_pitch"):
            err.check(min(getattr(t, pk)) > 0, f"{key}.{pk}", "sizes must be positive")
    troop_types = {c: TroopType(code=c, **t.model_dump()) for c, t in f.troop_types.items()}
    weapons = {w: WeaponSpec(id=w, kind=v.kind) for w, v in f.weapons.items()}
    mounts = {m: MountSpec(id=m, base=v.base, flying=v.flying) for m, v in f.mounts.items()}

    engines: dict[str, EngineSpec] = {}
    for eid, e in f.engines.items():
        key = f"engines.{eid}"
        err.check(e.contingent in f.contingents, f"{key}.contingent",
                  f"unknown contingent {e.contingent!r}")
        err.check(e.kind in f.engine_kinds, f"{key}.kind", f"no [engine_kinds.{e.kind}]")
        k = f.engine_kinds[e.kind]
        engines[eid] = EngineSpec(id=eid, name=e.name, side=f.contingents[e.contingent],
                                  contingent=e.contingent, kind=e.kind, size=k.size,
                                  range=k.range, capacity=k.capacity, impact_cf=k.impact_cf)

    units: dict[str, UnitSpec] = {}
    for uid, u in f.units.items():
        key = f"units.{uid}"
        err.check(u.contingent in f.contingents, f"{key}.contingent",
                  f"unknown contingent {u.contingent!r}")
        err.check(u.type in f.troop_types, f"{key}.type", f"unknown troop type {u.type!r}")
        err.check(lo <= u.morale <= hi, f"{key}.morale", f"morale must be {lo}..{hi}")
        err.check(u.drill in f.drill_classes, f"{key}.drill", f"unknown drill class {u.drill!r}")
        err.check(u.files <= u.figures, f"{key}.files", "more files than figures")
        for w in u.weapons:
            err.check(w in f.weapons, f"{key}.weapons", f"unknown weapon {w!r}")
        if f.troop_types[u.type].open_only:
            err.check(u.order == "open", f"{key}.order", f"{u.type} is always in open order")
        if u.attached_to is not None:
            err.check(u.attached_to in f.engines, f"{key}.attached_to",
                      f"unknown engine {u.attached_to!r}")
        if u.archers:
            err.check("elephant_archers" in u.weapons, f"{key}.archers",
                      "archer figures need the elephant_archers weapon")
        units[uid] = UnitSpec(id=uid, side=f.contingents[u.contingent], **u.model_dump())

    leaders: dict[str, LeaderSpec] = {}
    cl_lo, cl_hi = rules.leader_cl_range
    cf_lo, cf_hi = rules.leader_cf_range
    for lid, ld in f.leaders.items():
        key = f"leaders.{lid}"
        err.check(ld.contingent in f.contingents, f"{key}.contingent",
                  f"unknown contingent {ld.contingent!r}")
        side = f.contingents[ld.contingent]
        for c in (*ld.commands, *ld.also_commands):
            err.check(c == "any" or f.contingents.get(c) == side, f"{key}.commands",
                      f"{c!r} is not 'any' or a contingent of {side}")
        for u in ld.units:
            err.check(u in f.units, f"{key}.units", f"unknown unit {u!r}")
        mounts_of = ld.mounts or (ld.mount,)
        err.check(ld.mount in mounts_of, f"{key}.mount", "the set-up mount is not in mounts")
        err.check(set(ld.moves) == set(mounts_of), f"{key}.moves",
                  f"give a move for exactly the mounts {sorted(mounts_of)}")
        err.check(all(v > 0 for v in ld.moves.values()), f"{key}.moves", "moves must be > 0")
        err.check(cl_lo <= ld.cl <= cl_hi, f"{key}.cl", f"CL must be {cl_lo}..{cl_hi} (R-13)")
        err.check(cf_lo <= ld.cf <= cf_hi, f"{key}.cf", f"CF must be {cf_lo}..{cf_hi} (R-13)")
        err.check(ld.contingent in rules.demoralization[ld.army].contingents, f"{key}.army",
                  f"contingent {ld.contingent!r} is not in army {ld.army!r} (rules.toml)")
        leaders[lid] = LeaderSpec(
            id=lid, name=ld.name, side=side, contingent=ld.contingent, commands=ld.commands,
            also_commands=ld.also_commands, units=ld.units, mount=ld.mount, mounts=mounts_of,
            moves=dict(ld.moves), cl=ld.cl, cf=ld.cf, cs=ld.cs, caster=ld.caster,
            risk_immune=ld.risk_immune, lord=ld.lord, army=ld.army,
            demoralization_value=ld.demoralization)
    err.check(set(f.spell_points) == set(SIDES), "spell_points", f"give both sides {SIDES}")
    err.check(sum(ld.lord for ld in leaders.values()) == 1, "leaders",
              "exactly one leader must be the Lord of the Nazgul (lord = true)")
    return dict(troop_types=troop_types, weapons=weapons, mounts=mounts,
                contingents=dict(f.contingents), units=units, engines=engines, leaders=leaders,
                spell_points=dict(f.spell_points))


def _decks(d: _Decks) -> dict[str, Any]:
    err = _Err("decks.toml")
    for cid in CARD_IDS:
        err.check(cid in d.cards, f"cards.{cid}", "missing card")
    cards: dict[str, CardSpec] = {}
    for cid, c in d.cards.items():
        for s in c.names:
            err.check(s in c.sides, f"cards.{cid}.names", f"{s!r} is not one of its sides")
        cards[cid] = CardSpec(id=cid, name=c.name, who=c.who, text=c.text, rule=c.rule,
                              turn_ends=c.turn_ends, sides=c.sides, names=dict(c.names),
                              aliases=c.aliases, movers=c.movers)

    def card_ok(key: str, side: str, card: str) -> None:
        err.check(card in cards, key, f"unknown card {card!r}")
        err.check(side in cards[card].sides, key, f"card {card!r} is not in the {side} deck")

    events: dict[str, DeckEvent] = {}
    for eid, ev in d.events.items():
        for card in ev.remove:
            err.check(card in cards, f"events.{eid}.remove", f"unknown card {card!r}")
        for side, ch in ev.changes.items():
            for card in ch:
                card_ok(f"events.{eid}.changes.{side}.{card}", side, card)
        events[eid] = DeckEvent(id=eid, rule=ev.rule, when=ev.when,
                                changes={s: dict(ch) for s, ch in ev.changes.items()},
                                remove=ev.remove)

    for did in DECK_IDS:
        err.check(did in d.decks, f"decks.{did}", "missing deck")
    decks: dict[str, dict[str, int]] = {}
    sides: dict[str, str] = {}
    for did, dk in d.decks.items():
        for card, n in dk.counts.items():
            card_ok(f"decks.{did}.counts.{card}", dk.side, card)
            err.check(n >= 0, f"decks.{did}.counts.{card}", f"count {n} is below 0")
        total = sum(dk.counts.values())
        err.check(total == dk.total, f"decks.{did}.total",
                  f"the counts add up to {total}, not {dk.total}")
        decks[did] = dict(dk.counts)
        sides[did] = dk.side
    for did, dk in d.decks.items():
        if dk.derived is None:
            continue
        key = f"decks.{did}.derived"
        src = dk.derived.from_
        err.check(src in decks and sides[src] == dk.side, key, f"no {dk.side} deck {src!r}")
        counts = dict(decks[src])
        for eid in dk.derived.events:
            err.check(eid in events, key, f"unknown event {eid!r}")
            counts = _apply_event(counts, dk.side, events[eid])
        for card in set(counts) | set(decks[did]):
            a, b = counts.get(card, 0), decks[did].get(card, 0)
            err.check(a == b, f"decks.{did}.counts.{card}",
                      f"{b} but {src} after {list(dk.derived.events)} gives {a}")
    return dict(cards=cards, decks=decks, deck_sides=sides, deck_events=events)


def _tables(t: _Tables, weapons: Mapping[str, _Weapon]) -> dict[str, Any]:
    err = _Err("tables.toml")
    cols = t.matrix.columns
    c = t.casualty
    top = max(c.thresholds, default=0)
    err.check(sorted(c.thresholds) == list(range(1, top + 1)), "casualty.thresholds",
              "give every CF from 1 up to the last row, without gaps")
    for cf, row in c.thresholds.items():
        k = f"casualty.thresholds.{cf}"
        err.check(len(row) > 0, k, "a row needs at least one threshold")
        err.check(all(1 <= x <= c.cap for x in row), k, f"thresholds must be 1..{c.cap}")
        err.check(list(row) == sorted(row, reverse=True), k, "thresholds must not increase")

    def rows(name: str, table: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for r, row in table.items():
            err.check(isinstance(row, dict), f"{name}.{r}", "a row is a table of columns")
            for col in cols:
                err.check(col in row, f"{name}.{r}.{col}", "missing column")
            for col, v in row.items():
                err.check(col in cols, f"{name}.{r}.{col}", "unknown column")
                err.check(isinstance(v, int) and not isinstance(v, bool), f"{name}.{r}.{col}",
                          "must be an integer")
            out[r] = dict(row)
        return out

    shock = rows("shock", t.shock)
    melee_raw = dict(t.melee)
    same = melee_raw.pop("same_as_shock", [])
    err.check(isinstance(same, list), "melee.same_as_shock", "must be a list of rows")
    melee = rows("melee", melee_raw)
    for r in same:
        err.check(r in shock, "melee.same_as_shock", f"no shock row {r!r}")
        err.check(r not in melee, f"melee.{r}", "row given twice (also in same_as_shock)")
        melee[r] = dict(shock[r])
    err.check(set(melee) == set(shock), "melee",
              f"rows differ from shock: {sorted(set(shock) ^ set(melee))}")
    defend_as: dict[str, tuple[str, int]] = {}
    for code, da in t.defend_as.items():
        err.check(da.column in cols, f"defend_as.{code}.column", f"unknown column {da.column!r}")
        defend_as[code] = (da.column, da.mod)

    pb = t.missile_ranges.point_blank_range
    missile: dict[str, MissileSpec] = {}
    for w, m in t.missile.items():
        k = f"missile.{w}"
        err.check(w in weapons and weapons[w].kind == "missile", k,
                  "not a missile weapon of forces.toml")
        bands: list[tuple[str, float, int]] = [("point_blank", pb, m.point_blank)]
        for name in MISSILE_BANDS[1:]:
            b = getattr(m, name)
            if b is None:
                continue
            err.check(b.range > bands[-1][1], f"{k}.{name}.range",
                      f"must be longer than the {bands[-1][0]} band ({bands[-1][1]})")
            bands.append((name, b.range, b.cf))
        err.check(not (m.medium is None and m.long is not None), f"{k}.long",
                  "a long band needs a medium band")
        missile[w] = MissileSpec(weapon=w, bands=tuple(bands))
    for w, wp in weapons.items():
        if wp.kind == "missile":
            err.check(w in missile, f"missile.{w}", "missing row for a missile weapon")
    return dict(
        casualty=CasualtySpec(min_cf=c.min_cf, cap=c.cap, step_above_max=c.step_above_max,
                              thresholds=dict(c.thresholds)),
        matrix_columns=cols, defend_as=defend_as, shock=shock, melee=melee,
        cf_mods={k: v.model_dump() for k, v in t.cf_mods},
        missile=missile, missile_mods=t.missile_mods.model_dump(),
        result_mods=t.results.model_dump(), tests=t.tests.model_dump())


def _armies(r: _Rules, forces: _Forces) -> None:
    """Every contingent belongs to exactly one §9.3 army (checked before the leaders' armies)."""
    err = _Err("rules.toml")
    types = set(forces.troop_types)
    seen: set[str] = set()
    for army, d in r.demoralization.items():
        for c in d.contingents:
            err.check(c in forces.contingents, f"demoralization.{army}.contingents",
                      f"unknown contingent {c!r}")
            err.check(c not in seen, f"demoralization.{army}.contingents",
                      f"{c!r} is in two armies")
            seen.add(c)
        for code in d.figure_weights:
            err.check(code in types, f"demoralization.{army}.figure_weights.{code}",
                      "unknown troop type")
    err.check(seen == set(forces.contingents), "demoralization",
              f"every contingent needs an army: {sorted(set(forces.contingents) - seen)}")


def _rules(r: _Rules, forces: _Forces, leaders: Mapping[str, LeaderSpec]) -> dict[str, Any]:
    err = _Err("rules.toml")
    types = set(forces.troop_types)
    for key in ("shield_wall_types", "countercharge_types", "engine_pullers"):
        for code in getattr(r, key):
            err.check(code in types, key, f"unknown troop type {code!r}")
    for code in r.catapult_impact_vs:
        err.check(code in types, f"catapult_impact_vs.{code}", "unknown troop type")
    for key in ("shield_wall_drill", "archery_fall_back_drill"):
        for cls in getattr(r, key):
            err.check(cls in forces.drill_classes, key, f"unknown drill class {cls!r}")
    err.check(r.scatter_hit_faces <= r.scatter_die_sides, "scatter_hit_faces",
              "more HIT faces than the die has")
    err.check(r.roll_order[0] != r.roll_order[1], "roll_order", "name each side once")
    spells: dict[str, SpellSpec] = {}
    for sid, s in r.spells.items():
        k = f"spells.{sid}"
        for lid in (*s.casters, *s.ranges):
            err.check(lid in leaders and leaders[lid].caster, k,
                      f"{lid!r} is not a caster of forces.toml")
        err.check(set(s.ranges) <= set(s.casters), f"{k}.ranges", "a range for a non-caster")
        err.check(0 < s.sp[0] <= s.sp[1], f"{k}.sp", "give [min, max] spell points, min > 0")
        spells[sid] = SpellSpec(id=sid, name=s.name, casters=s.casters, ranges=dict(s.ranges),
                                mount=s.mount, sp=s.sp, effect=s.effect)
    values = r.model_dump(exclude={"demoralization", "spells"})
    return dict(values=values, spells=spells, game_turns=r.game_turns,
                demoralization={a: d.model_dump() for a, d in r.demoralization.items()})


def load_from(directory: Traversable | Path | str) -> Definition:
    """Load and validate the four data files in ``directory`` (not cached).

    Raises ValueError naming the file and the key of the first defect found."""
    if isinstance(directory, str):
        directory = Path(directory)
    raw = {name: _read(directory, name) for name in FILES}
    forces = _validate(_Forces, raw["forces.toml"], "forces.toml")
    decks = _validate(_Decks, raw["decks.toml"], "decks.toml")
    tables = _validate(_Tables, raw["tables.toml"], "tables.toml")
    rules = _validate(_Rules, raw["rules.toml"], "rules.toml")
    t = _tables(tables, forces.weapons)
    combat_codes = set(t["shock"])
    _armies(rules, forces)
    f = _forces(forces, rules, combat_codes)
    for code, tt in f["troop_types"].items():
        as_enemy = tt.combat_as in t["matrix_columns"] or tt.combat_as in t["defend_as"]
        if not as_enemy:
            raise ValueError(f"tables.toml: defend_as.{tt.combat_as}: troop type {code} has no "
                             "matrix column and no defend_as entry")
    for code in t["defend_as"]:
        if code not in f["troop_types"]:
            raise ValueError(f"tables.toml: defend_as.{code}: unknown troop type")
    return Definition(**f, **_decks(decks), **t, **_rules(rules, forces, f["leaders"]))


@cache
def load() -> Definition:
    """The game's data, read once from the package's ``data/`` directory [MT §1.1]."""
    return load_from(resources.files(__package__) / "data")
