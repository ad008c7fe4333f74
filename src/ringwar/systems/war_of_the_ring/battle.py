"""Army combat arithmetic [WR §10.3] [WR §11.1]: strengths, odds, column shifts, the die,
the CRT, loss points, leader loss and the rout test — pure functions of plain inputs, so that
the game (which knows who stands where) and the tests share one reading of every step.

Each function cites its step of [WR §10.3]; every number is data (``R-CRT``, ``R-ODDS-COLUMNS``,
``R-DIE-CLAMP``, ``S-V15``, ``R-CITADEL-X2``, ``S-V31``, ``R-SORCERY``, ``R-ROUNDING`` ...).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from .data import CrtResult, Definition


@dataclass(frozen=True, slots=True)
class Shift:
    """One column shift and why (for the log)."""

    amount: int
    why: str


def defence_strength(D: Definition, hex_: str, units: int, intrinsic: int) -> tuple[int, str]:
    """[WR §10.3] 2: the defending units × the place's citadel multiplier (×4 Minas Tirith and
    Barad-dûr, S-V15; ×2 the other citadels, R-CITADEL-X2); with no army unit defending, the
    place's intrinsic defence, not multiplied (S-V14, R-ID-UNMULTIPLIED)."""
    if units <= 0:
        return intrinsic, f"intrinsic defence {intrinsic}"
    mult = int(D.citadels.get(hex_, 1))
    if mult > 1:
        return units * mult, f"{units} × {mult} (citadel)"
    return units, str(units)


def odds_column(D: Definition, attack: int, defence: int) -> int | None:
    """[WR §10.3] 3: attack ÷ defence rounded down to a column; None when worse than 1-3."""
    return D.crt.column(attack, defence)


def fear_shift(D: Definition, nazgul: int, other_leaders: int) -> Shift | None:
    """[WR §10.3] 4, Nazgûl Fear (attack only) [WR §V31]: +1 with two Nazgûl and one other
    leader (a third Nazgûl counts as that leader, R-FEAR-READING); +2 with all nine; the two
    do not add."""
    V = D.value("S-V31")
    R = D.value("R-FEAR-READING")
    if nazgul >= 9:
        return Shift(int(V["fear_all_nine"]), "Nazgûl Fear: all nine [WR §V31]")
    leaders = other_leaders + (max(0, nazgul - int(R["min_nazgul"])) if R["third_nazgul_is_leader"] else 0)
    if nazgul >= int(R["min_nazgul"]) and leaders >= 1:
        return Shift(int(V["fear_two_nazgul_and_leader"]), "Nazgûl Fear: two Nazgûl and a leader [WR §V31]")
    return None


def sorcery_shift(D: Definition, attacker_has: bool, defender_has: bool) -> Shift | None:
    """[WR §8.1] Sorcery (R-SORCERY): one column in the favour of the side that has it; both:
    they cancel."""
    if attacker_has == defender_has:
        return None
    s = int(D.value("R-SORCERY", "shift"))
    return Shift(s if attacker_has else -s, "Sorcery " + ("with the attacker" if attacker_has else
                                                            "with the defender") + " [WR §8.1]")


def terrain_shift(D: Definition, terrain: str) -> Shift | None:
    """[WR §10.3] 4: −1 when the defender's hex is rough, forest or marsh (R-TERRAIN-SHIFT)."""
    t = D.value("R-TERRAIN-SHIFT")
    if terrain in t["terrain"]:
        return Shift(int(t["shift"]), f"defender in {terrain} [WR §10.3]")
    return None


def river_shift(D: Definition, every_attacker_crossed: bool) -> Shift | None:
    """[WR §10.3] 4: −1 when every attacking unit crossed a river hexside into the hex this turn
    (R-RIVER-SHIFT)."""
    if every_attacker_crossed:
        return Shift(int(D.value("R-RIVER-SHIFT", "shift")), "every attacker crossed a river [WR §10.3]")
    return None


def shifted(D: Definition, column: int, shifts: Iterable[Shift | None]) -> tuple[int, list[Shift]]:
    """The column after the net shift, clamped to the table [WR §10.3] 4."""
    used = [s for s in shifts if s is not None and s.amount]
    return D.crt.shift(column, sum(s.amount for s in used)), used


def combat_die(D: Definition, roll: int, attacker_leadership: int, defender_leadership: int) -> int:
    """[WR §10.3] 5: d6 + the attacker's leadership − the defender's, clamped (R-DIE-CLAMP)."""
    c = D.value("R-DIE-CLAMP")
    return max(int(c["min"]), min(int(c["max"]), roll + attacker_leadership - defender_leadership))


def crt(D: Definition, die: int, column: int) -> CrtResult:
    """[WR §10.3] 6, [WR §11.1]."""
    return D.crt.result(die, column)


def loss_points(D: Definition, percent: int, strength: int) -> int:
    """[WR §4] [WR §10.3] 7: percentage × strength, rounded half up, at least 1 when the
    percentage is above 0 (R-ROUNDING)."""
    if percent <= 0 or strength <= 0:
        return 0
    r = D.value("R-ROUNDING")
    pts = math.floor(percent * strength / 100 + 0.5)
    return max(int(r["min_loss_when_positive"]), pts)


def routs(D: Definition, result: CrtResult, any_attacker_from_afar: bool) -> bool:
    """[WR §10.5] [WR §V32] (R-ROUT-TRIGGER-READING): the defender routs when an attacking unit
    began the player-turn two or more hexes away, the defender lost at least 10 % and the
    attacker no more than 5 % (the CRT's percentages)."""
    return any_attacker_from_afar and result.defender >= 10 and result.attacker <= 5


def destroys_intrinsic(D: Definition, result: CrtResult) -> bool:
    """[WR §V14] Only a −/100 or −/100k result destroys an intrinsic defence, for ever."""
    return str(result) in D.value("S-V14", "destroyed_by")


def disengages(D: Definition, classes: Iterable[str], roll: int) -> bool:
    """[WR §V29] [WR §11.2] A stack leaves an engaged hex on d6 ≤ its class's number; a mixed
    stack uses the lowest (R-DISENGAGE-MIXED)."""
    return roll <= D.disengage_target(frozenset(classes))
