"""The reaction window [MT §6.6]: triggers (R-62), eligibility, archery (R-67), retreats,
countercharges (R-63, R-64, R-68), one reaction per unit and the order of R-66.

The mover faces east with its front edge at x = 100; the reactor faces it (west) with its
front edge ``gap`` inches further east, so footprint distances are plain differences of x."""

from __future__ import annotations

import pytest

from .builder import Table, events, rule, texts

FOUR = {"figures": 4, "files": 4}
LEADER = {"west": ("hurin", 10.0), "dark-lord": ("orc-captain-1", 8.0)}


def window(mover: str, reactor: str, gap: float, *, side: str = "dark-lord", bank: int = 2,
           card: str = "infantry_move", m_kw: dict | None = None, r_kw: dict | None = None,
           leader: bool = True, turn: int = 2) -> Table:
    """``side`` moves ``mover``; the other side has ``bank`` banked pips and a leader whose
    span covers ``reactor`` (standing just behind it)."""
    t = Table()
    t.clear()
    enemy = "west" if side == "dark-lord" else "dark-lord"
    t.round(side, card=card, pips=10, bank=0, turn=turn)
    t.g.bank[enemy] = bank
    t.front_at(mover, 100, 60, 0, **(m_kw or FOUR))
    r = t.front_at(reactor, 100 + gap, 60, 180, **(r_kw or FOUR))
    if leader:
        lid = "harad-captain" if r.contingent == "harad" else LEADER[enemy][0]
        t.leader(lid, r.x + 3, 60)
    t.g._after_change()
    return t


def move(t: Table, uid: str, d: float) -> list[dict]:
    return t.act(uid, {"type": "move", "unit": uid, "path": f"m0:{d:g}"})


def charge(t: Table, uid: str, target: str, *dice) -> list[dict]:
    t.force(*dice, then_random=True)
    return t.act(uid, {"type": "charge", "unit": uid, "target": target})


def reactions(t: Table, uid: str) -> list[dict]:
    return [a for a in t.menu() if a.get("unit") == uid]


def kinds(t: Table, uid: str) -> set[str]:
    return {a["type"] + (":" + a["mode"] if "mode" in a else "") for a in reactions(t, uid)}


def window_open(t: Table) -> bool:
    return t.g.stage == "react"


# ----- R-62 the four triggers ----------------------------------------------------------------------

@rule("§6.6")
@pytest.mark.parametrize("d, opens", [(12.0, True), (11.95, False)])
def test_6_6_trigger_b_ends_within_the_movers_charge_reach(d, opens):
    # M3 moves 12 + 1d6: reach 18; G3 (no missile) 30" away: the move of 12 ends 18.0 off
    t = window("M3", "G3", 30.0)
    ev = move(t, "M3", d)
    assert window_open(t) == opens
    assert bool(events(ev, "reaction_window")) == opens
    if opens:
        assert t.g.pending["triggered"] == ["G3"] and t.g.rules_to_act == "west"


@rule("§6.6")
def test_6_6_trigger_a_contact_opens_the_window():
    t = window("M3", "G3", 12.0)
    move(t, "M3", 12.0)
    assert window_open(t) and t.g.pending["triggered"] == ["G3"]


@rule("§6.6")
@pytest.mark.parametrize("d, loaded, opens", [(12.0, True, True), (11.95, True, False),
                                              (12.0, False, False)])
def test_6_6_trigger_c_ends_within_the_loaded_movers_missile_range(d, loaded, opens):
    # G4 (longbow 24", charge reach 18) moves at M3 36" away; only its bow can trigger at 24"
    t = window("G4", "M3", 36.0, side="west", m_kw={"figures": 12, "files": 6})
    t.g.units["G4"].loaded = loaded
    move(t, "G4", d)
    assert window_open(t) == opens


@rule("§6.6")
@pytest.mark.parametrize("d, loaded, opens", [(12.0, True, True), (11.95, True, False),
                                              (12.0, False, False)])
def test_6_6_trigger_d_ends_within_the_reactors_own_missile_range_and_front_arc(d, loaded, opens):
    # M3 (reach 18, no missile) moves at G4 (longbow 24") 36" away
    t = window("M3", "G4", 36.0, r_kw={"figures": 12, "files": 6})
    t.g.units["G4"].loaded = loaded
    move(t, "M3", d)
    assert window_open(t) == opens


@rule("§6.6")
def test_6_6_a_move_that_does_not_end_closer_triggers_nothing():
    t = window("M3", "G3", 10.0)
    t.g.units["M3"].heading = 0
    move_back = t.act("M3", {"type": "move", "unit": "M3", "path": "m180:3"})
    assert not window_open(t) and not events(move_back, "reaction_window")
    assert t.g.units["M3"].x == pytest.approx(99.5 - 3)


@rule("§6.6")
def test_6_6_trigger_d_fire_uses_the_range_at_the_movers_end_position_and_allows_no_retreat():
    # the mover starts 36" off (out of the longbow's 24") and ends 24" off
    t = window("M3", "G4", 36.0, r_kw={"figures": 12, "files": 6})
    move(t, "M3", 12.0)
    assert window_open(t)
    assert kinds(t, "G4") == {"react_fire"}            # (d) allows archery, not a retreat
    t.force(then_random=True)
    ev = t.apply({"type": "react_fire", "unit": "G4"})
    assert "(24.0″)" in events(ev, "fire")[0]["text"]    # long band at the end position
    assert "at CF 2 " in events(ev, "fire")[0]["text"]   # longbow long 3, MI -1


# ----- eligibility -------------------------------------------------------------------------------------

@rule("§6.6", "§7.10")
def test_6_6_a_disorganized_unit_may_not_react():
    t = window("M3", "G3", 30.0)
    t.g.units["G3"].organized = False
    move(t, "M3", 12.0)
    assert not window_open(t)


@rule("§6.6", "§2.7")
def test_6_6_a_reactor_must_be_inside_a_leaders_span():
    t = window("M3", "G3", 30.0, leader=False)
    t.leader("hurin", 131.0 + 10.05, 60)           # G3's rear edge at x 131; his span 10"
    move(t, "M3", 12.0)
    assert not window_open(t)
    t = window("M3", "G3", 30.0, leader=False)
    t.unit("G7", 140, 70, 180)
    t.leader("hurin", attached_to="G7")            # an attached leader covers only his own unit
    move(t, "M3", 12.0)
    assert not window_open(t)
    t = window("M3", "G3", 30.0, leader=False)
    t.leader("hurin", 131.0 + 10.0, 60)
    move(t, "M3", 12.0)
    assert window_open(t)


@rule("§6.6", "§7.2")
@pytest.mark.parametrize("formation, opens", [("line", False), ("square", True)])
def test_6_6_no_reaction_when_attacked_in_the_flank_but_a_square_has_no_flank(formation, opens):
    t = window("M3", "G3", 30.0)
    g3 = t.unit("G3", 130.5, 60, 90, **FOUR)       # its flank towards M3
    g3.formation = formation
    t.g._after_change()
    move(t, "M3", 12.0)
    assert window_open(t) == opens


@rule("§6.6", "§6.5")
@pytest.mark.parametrize("bank, opens", [(0, False), (1, True)])
def test_6_6_reacting_needs_a_banked_pip(bank, opens):
    t = window("M3", "G3", 30.0, bank=bank)
    move(t, "M3", 12.0)
    assert window_open(t) == opens
    if not opens:
        assert t.g.units["M3"].x == pytest.approx(99.5 + 12)     # it moved at once


@rule("§6.6", "§7.1.8")
def test_6_6_frozen_haradrim_may_shoot_but_not_move_in_reaction():
    t = window("G3", "H5", 14.0, side="west", turn=1, r_kw={"figures": 12, "files": 6})
    move(t, "G3", 4.0)
    assert window_open(t)
    assert kinds(t, "H5") == {"react_fire"}
    t = window("G3", "H5", 14.0, side="west", turn=2, r_kw={"figures": 12, "files": 6})
    move(t, "G3", 4.0)
    assert kinds(t, "H5") == {"react_fire", "react_retreat:quarter", "react_retreat:half",
                              "react_retreat:full"}


# ----- archery and the fall-back ----------------------------------------------------------------

@rule("§6.6", "§8.5")
@pytest.mark.parametrize("gap, cf", [(10.0, 7 - 1), (2.05, 7 - 1), (2.0, 9 - 1)])
def test_6_6_reaction_fire_at_a_charger_short_band_or_point_blank_if_it_started_within_2(gap, cf):
    t = window("M3", "G4", gap, r_kw={"figures": 12, "files": 6})
    charge(t, "M3", "G4", (6, 1))
    assert window_open(t) and {"type": "react_fire", "unit": "G4"} in t.menu()
    ev = t.apply({"type": "react_fire", "unit": "G4"})
    assert f"at CF {cf} " in events(ev, "fire")[0]["text"]
    assert t.g.bank["west"] == 1 and not t.g.units["G4"].loaded


@rule("§6.6")
def test_6_6_class_a_to_c_missile_infantry_may_fall_back_a_quarter_move_for_1_more_pip():
    t = window("M3", "G4", 10.0, r_kw={"figures": 12, "files": 6})   # G4: class B, move 12
    x0 = t.g.units["G4"].x
    charge(t, "M3", "G4", (6, 1))
    assert {"type": "fall_back", "unit": "G4"} not in t.menu()       # only after shooting
    t.apply({"type": "react_fire", "unit": "G4"})
    assert {"type": "fall_back", "unit": "G4"} in t.menu()
    t.apply({"type": "fall_back", "unit": "G4"})
    assert t.g.units["G4"].x == pytest.approx(x0 + 3.0, abs=0.01)
    assert t.g.bank["west"] == 0
    assert {"type": "fall_back", "unit": "G4"} not in t.menu()       # once


@rule("§6.6")
def test_6_6_class_d_archers_and_a_reactor_without_a_second_pip_do_not_fall_back():
    t = window("G3", "M5", 10.0, side="west", r_kw={"figures": 16, "files": 8})   # M5: class D
    charge(t, "G3", "M5", (6, 1))
    t.apply({"type": "react_fire", "unit": "M5"})
    assert {"type": "fall_back", "unit": "M5"} not in t.menu()
    t = window("M3", "G4", 10.0, bank=1, r_kw={"figures": 12, "files": 6})
    charge(t, "M3", "G4", (6, 1))
    t.apply({"type": "react_fire", "unit": "G4"})
    assert t.menu() == [{"type": "react_done"}]


# ----- retreats ------------------------------------------------------------------------------------

@rule("§6.6")
@pytest.mark.parametrize("mode, dist, organized", [("quarter", 2.5, True), ("half", 5.0, True),
                                                   ("full", 10.0, False)])
def test_6_6_retreat_quarter_half_or_full_move_the_full_one_disorganized(mode, dist, organized):
    t = window("M3", "G3", 30.0)                   # G3: HI, move 10
    x0 = t.g.units["G3"].x
    move(t, "M3", 12.0)
    ev = t.apply({"type": "react_retreat", "unit": "G3", "mode": mode})
    g3 = t.g.units["G3"]
    assert g3.x == pytest.approx(x0 + dist, abs=0.01) and g3.heading == pytest.approx(180)
    assert g3.organized == organized and bool(events(ev, "disorganized")) == (not organized)
    assert t.g.bank["west"] == 1


@rule("§6.6")
def test_6_6_one_reaction_per_unit():
    t = window("M3", "G3", 30.0)
    move(t, "M3", 12.0)
    t.apply({"type": "react_retreat", "unit": "G3", "mode": "quarter"})
    assert reactions(t, "G3") == []
    t.refused({"type": "react_retreat", "unit": "G3", "mode": "half"}, "[MT §6.6]")
    t.refused({"type": "react_retreat", "unit": "G7", "mode": "half"}, "[MT §6.6]")   # not triggered


@rule("§6.6")
def test_6_6_r66_the_mover_completes_only_after_react_done():
    t = window("M3", "G3", 30.0)
    move(t, "M3", 12.0)
    m3 = t.g.units["M3"]
    assert m3.x == pytest.approx(99.5) and t.g.phase == "reaction"
    t.apply({"type": "react_retreat", "unit": "G3", "mode": "quarter"})
    assert m3.x == pytest.approx(99.5) and window_open(t)
    ev = t.apply({"type": "react_done"})
    assert m3.x == pytest.approx(99.5 + 12) and events(ev, "move")
    assert t.g.stage == "round" and t.g.rules_to_act == "dark-lord"


@rule("§6.6", "§7.1.3")
def test_6_6_a_charger_whose_target_retreated_still_moves_its_full_distance():
    t = window("M3", "G3", 6.0)
    charge(t, "M3", "G3", (6, 1))                  # 12 + 1 = 13"
    t.apply({"type": "react_retreat", "unit": "G3", "mode": "full"})   # now 16" off
    ev = t.apply({"type": "react_done"})
    m3 = t.g.units["M3"]
    assert m3.x == pytest.approx(99.5 + 13, abs=0.01)
    assert m3.charged_without_contact and not events(ev, "combat")


# ----- countercharges (R-63, R-64, R-68) ----------------------------------------------------------------

@rule("§6.6", "§7.1.3")
def test_6_6_countercharge_half_the_charge_distance_and_both_count_as_charging():
    t = window("M3", "G3", 16.0)
    charge(t, "M3", "G3", (6, 6))                  # 18"
    x0 = t.g.units["G3"].x
    assert {"type": "countercharge", "unit": "G3"} in t.menu()
    t.force((6, 4), then_random=True)
    ev = t.apply({"type": "countercharge", "unit": "G3"})
    assert "7.0″ of 7.0″ (R-64)" in texts(ev)         # (10 + 4) / 2
    assert t.g.units["G3"].x == pytest.approx(x0 - 7.0, abs=0.01)
    ev = t.apply({"type": "react_done"})
    text = events(ev, "combat")[0]["text"]
    attacker, defender = text.split(" kills ")[0], text.split(" kills ")[1]
    assert "+1 charging" in attacker and "charging a standing enemy" not in attacker
    assert "+1 charging" in defender


@rule("§6.6")
def test_6_6_a_countercharge_stops_at_contact():
    t = window("M3", "G3", 5.0)
    charge(t, "M3", "G3", (6, 1))
    t.force((6, 6), then_random=True)
    ev = t.apply({"type": "countercharge", "unit": "G3"})
    assert "of 8.0″" in texts(ev)                 # (10 + 6) / 2, cut short by the contact
    g = t.g
    assert g.footprint(g.units["G3"]).distance(g.footprint(g.units["M3"])) <= 0.05
    assert g.units["G3"].x == pytest.approx(105.5 - 5.0, abs=0.06)


@rule("§6.6")
@pytest.mark.parametrize("reactor, kw, offered", [
    ("M11", {"figures": 3, "files": 3}, True),       # trolls
    ("M3", FOUR, True),                              # MI
    ("M5", {"figures": 4, "files": 4}, False),       # LI may not
])
def test_6_6_who_countercharges_r63_trolls_may_light_infantry_may_not(reactor, kw, offered):
    t = window("G3", reactor, 10.0, side="west", r_kw=kw)
    t.g.units[reactor].loaded = False
    charge(t, "G3", reactor, (6, 1))
    assert ({"type": "countercharge", "unit": reactor} in t.menu()) == offered


@rule("§6.6", "§7.9")
@pytest.mark.parametrize("reactor, offered", [("G8", False), ("G3", True)])
def test_6_6_r68_no_cavalry_countercharges_mumakil(reactor, offered):
    t = window("H7", reactor, 10.0, r_kw={"files": 4, "figures": 4}, m_kw={"figures": 1, "files": 1})
    t.g.units["H7"].archers_loaded = False
    t.force((6, 1), (6, 1), (6, 1))
    t.select("H7")                                 # rolls 3d6 = 3"
    t.g.rolled["H7"] = 12.0
    t.force((6, 1), then_random=True)
    t.apply({"type": "charge", "unit": "H7", "target": reactor})
    assert window_open(t)
    assert ({"type": "countercharge", "unit": reactor} in t.menu()) == offered


@rule("§6.6", "§2.5")
def test_6_6_only_the_charge_target_countercharges_and_not_from_shield_wall_or_against_a_move():
    t = window("M3", "G3", 10.0)
    t.unit("G7", 110.5, 66, 180, **FOUR)
    t.g._after_change()
    charge(t, "M3", "G3", (6, 1))
    assert {"type": "countercharge", "unit": "G3"} in t.menu()
    assert {"type": "countercharge", "unit": "G7"} not in t.menu()
    t = window("M3", "G3", 10.0)
    t.g.units["G3"].formation = "shield_wall"
    charge(t, "M3", "G3", (6, 1))
    assert {"type": "countercharge", "unit": "G3"} not in t.menu()
    t = window("M3", "G3", 20.0)
    move(t, "M3", 6.0)
    assert window_open(t) and {"type": "countercharge", "unit": "G3"} not in t.menu()
