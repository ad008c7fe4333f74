"""Look-ups in the combat tables [MT §8]: casualty thresholds, the shock and melee matrices,
missile bands and the modifier values, all read from ``data/tables.toml`` (via ``data.load``).

No rule values live here; only the structure of the tables (which row, which column, which band).
"""

from __future__ import annotations

from typing import Literal

from .data import Definition, load

MatrixKind = Literal["shock", "melee"]


def kill_thresholds(cf: int, defn: Definition | None = None) -> tuple[int, ...]:
    """The d20 thresholds a figure of combat factor ``cf`` rolls against [MT §8.1].

    One d20 per threshold; each die at or under its threshold kills one figure.  Below the
    table's lowest CF (R-133) no die is rolled; the lowest row covers every CF down to it; above
    the last row each threshold rises by the table's step per CF, capped (R-134)."""
    c = (defn or load()).casualty
    if cf < c.min_cf:
        return ()
    lowest, highest = min(c.thresholds), max(c.thresholds)
    if cf <= lowest:
        return c.thresholds[lowest]
    if cf <= highest:
        return c.thresholds[cf]
    rise = (cf - highest) * c.step_above_max
    return tuple(min(c.cap, t + rise) for t in c.thresholds[highest])


def matrix_cf(kind: MatrixKind, rolling: str, enemy: str, defn: Definition | None = None) -> int:
    """CF per engaged figure of type ``rolling`` against a figure of type ``enemy`` [MT §8.2]
    [MT §8.4].  Both are troop-type codes; each is mapped through its ``combat_as`` (WC -> LC,
    R-5), and an enemy without a column of its own uses its ``defend_as`` column and modifier
    (TI: the HAI column - 3)."""
    d = defn or load()
    table = d.shock if kind == "shock" else d.melee if kind == "melee" else None
    if table is None:
        raise ValueError(f"matrix kind must be 'shock' or 'melee', not {kind!r}")
    row = d.troop_types[rolling].combat_as
    col = d.troop_types[enemy].combat_as
    mod = 0
    if col not in d.matrix_columns:
        col, mod = d.defend_as[col]
    return table[row][col] + mod


def missile_band(weapon: str, distance: float,
                 defn: Definition | None = None) -> tuple[str, int] | None:
    """(band, CF) of ``weapon`` at ``distance`` inches [MT §8.5], or None when out of range.

    Bands are inclusive of their upper limit: a longbow at exactly 2″ is point blank, at 8″
    short, at 8.01″ medium."""
    if distance < 0:
        raise ValueError(f"distance must be >= 0, not {distance}")
    for band, limit, cf in (defn or load()).missile[weapon].bands:
        if distance <= limit:
            return band, cf
    return None


def missile_max_range(weapon: str, defn: Definition | None = None) -> float:
    """The longest range of ``weapon``, in inches [MT §8.5]."""
    return (defn or load()).missile[weapon].bands[-1][1]


def cf_mod(kind: MatrixKind, name: str, defn: Definition | None = None) -> int:
    """A casualty-step CF modifier [MT §8.3] for shock or melee (melee: R-135)."""
    return (defn or load()).cf_mods[name][kind]


_D = load()
SHOCK_MODS: dict[str, int] = {k: v["shock"] for k, v in _D.cf_mods.items()}
"""CF modifiers of the casualty step in shock [MT §8.3], by name."""
MELEE_MODS: dict[str, int] = {k: v["melee"] for k, v in _D.cf_mods.items()}
"""CF modifiers of the casualty step in melee [MT §8.3] (R-135), by name."""
MISSILE_MODS: dict[str, int] = dict(_D.missile_mods)
"""Missile CF modifiers [MT §8.5] other than the target type's (``TroopType.missile_target``)."""
MISSILE_TARGET_MODS: dict[str, int] = {c: t.missile_target for c, t in _D.troop_types.items()}
"""Missile CF modifier by target troop type [MT §8.5]."""
RESULT_MODS: dict[str, int] = dict(_D.result_mods)
"""Results-roll modifiers [MT §8.6], by name."""
TEST_DICE: dict[str, int] = dict(_D.tests)
"""Disorganization and recovery test dice and modifiers [MT §7.10], by name."""
del _D
