"""The hunt for the Ring as arithmetic [WR §10.7] [WR §10.8] [WR §V2] [WR §V3]: the spotting
roll of a search or an interception, capture, escape and rescue — pure functions of plain
inputs, shared by the game and its tests.  Every number is data (``S-V2``, ``S-V3``,
``R-SEARCH-NAT6``, ``R-CLOAK``, ``R-INTERCEPT-VALUES``, ``R-CAPTURE-VALUE``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass

from .data import Definition


@dataclass(frozen=True, slots=True)
class Roll:
    """A die and what it was compared with, for the sealed log [WR §14]."""

    die: int
    modifier: int
    target: int
    success: bool
    why: str


def spot(D: Definition, die: int, value: int, *, used_road: bool = False, cloak: bool = False,
         guided: bool = False) -> Roll:
    """[WR §10.7.2] A group is spotted if d6 + modifiers ≤ the Search Value: −1 if a member
    used a road in its last movement [WR §V2], +1 for an Elven Cloak (R-CLOAK), −1 when Gollum
    guides the hunters [WR §10.9.5]; a natural 6 never spots (R-SEARCH-NAT6)."""
    mod, why = 0, []
    if used_road:
        mod += int(D.value("S-V2", "road_modifier"))
        why.append("road used [WR §V2]")
    if cloak:
        mod += int(D.value("R-CLOAK", "modifier"))
        why.append("Elven Cloak")
    if guided:
        mod += 1
        why.append("Gollum guides the Ring-bearer [WR §10.9.5]")
    never = int(D.value("R-SEARCH-NAT6", "natural_never_spots"))
    ok = die != never and die + mod <= value
    return Roll(die, mod, value, ok, ", ".join(why) or "no modifier")


def intercept_value(D: Definition, nazgul_or_mouth_there: bool) -> int:
    """[WR §10.7.3] The value of an interception: 2 with a Nazgûl or the Mouth, else 1."""
    v = D.value("R-INTERCEPT-VALUES")
    return int(v["nazgul_or_mouth"] if nazgul_or_mouth_there else v["other"])


def search_value(D: Definition, card_value: int, areas: tuple[str, ...], mouth_in_mordor: bool) -> int:
    """[WR §11.6] The Mouth of Sauron adds +1 to a search of area R or S while he is in Mordor."""
    sv = D.value("R-SEARCH-VALUES")
    if mouth_in_mordor and set(areas) & set(sv["mouth_bonus_areas"]):
        return card_value + int(sv["mouth_bonus"])
    return card_value


def capture_value(D: Definition, enemy_strength: int) -> int:
    """[WR §10.8.1] 1 + ⌊strength ÷ 10⌋, at most 5 (R-CAPTURE-VALUE)."""
    c = D.value("R-CAPTURE-VALUE")
    return min(int(c["max"]), int(c["base"]) + enemy_strength // int(c["per_strength"]))


def capture(D: Definition, die: int, enemy_strength: int, combat: int, rough_or_forest: bool) -> Roll:
    """[WR §10.8.1] Captured if d6 + modifiers ≤ the Capture Value: +1 in rough or forest
    [WR §V2], + ⌊C ÷ 3⌋ (R-CAPTURE-C-MOD); a natural 6 always fails."""
    mod, why = 0, []
    if rough_or_forest:
        mod += int(D.value("S-V2", "capture_rough_forest"))
        why.append("rough or forest [WR §V2]")
    c_mod = combat // int(D.value("R-CAPTURE-C-MOD", "combat_divisor"))
    if c_mod:
        mod += c_mod
        why.append(f"Combat {combat}")
    target = capture_value(D, enemy_strength)
    ok = die != int(D.value("R-CAPTURE-VALUE", "natural_fails")) and die + mod <= target
    return Roll(die, mod, target, ok, ", ".join(why) or "no modifier")


def escape(D: Definition, die: int, combat: int, in_citadel: bool, escort_strength: int) -> Roll:
    """[WR §10.8.2] Escapes on d6 + modifiers ≤ 1 + ⌊C ÷ 3⌋: +1 in a citadel [WR §V3]; +1 if
    the escort is 25 strong or more (R-ESCAPE-ESCORT-MOD)."""
    t = D.value("R-ESCAPE-TARGET")
    target = int(t["base"]) + combat // int(t["combat_divisor"])
    mod, why = 0, []
    if in_citadel:
        mod += int(D.value("S-V3", "citadel_escape_modifier"))
        why.append("in a citadel [WR §V3]")
    e = D.value("R-ESCAPE-ESCORT-MOD")
    if escort_strength >= int(e["escort_at_least"]):
        mod += int(e["modifier"])
        why.append(f"escort of {escort_strength}")
    return Roll(die, mod, target, die + mod <= target, ", ".join(why) or "no modifier")


def rescue(D: Definition, dice: tuple[int, int], rescuers: list[tuple[int, int]],
           captors_strength: int) -> tuple[Roll, bool]:
    """[WR §10.8.3] [WR §V3] Rescued if 2d6 ≤ Σ(C + Mo) of the rescuers − the captors'
    strength; a raw 2 always succeeds; a raw 12 always fails and kills every rescuer.  Returns
    the roll and whether the rescuers die."""
    V = D.value("S-V3")
    total = sum(dice)
    target = sum(c + m for c, m in rescuers) - captors_strength
    if total == int(V["automatic_success"]):
        return Roll(total, 0, target, True, "a raw 2 always succeeds [WR §V3]"), False
    if total == int(V["automatic_failure"]):
        return Roll(total, 0, target, False, "a raw 12 always fails [WR §V3]"), bool(V["failure_kills_rescuers"])
    return Roll(total, 0, target, total <= target, f"rescuers {target + captors_strength} − captors "
                f"{captors_strength}"), False
