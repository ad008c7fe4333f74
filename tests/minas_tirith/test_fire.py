"""Missile fire [MT §7.4], catapults, scatter and fire [MT §7.8], and reloading [MT §5.1]."""

from __future__ import annotations

import math

import pytest

from .builder import Table, events, rule

CX, CY = 0.0, 48.0


def archers(gap: float, *, files: int = 6, target: str = "M3", card: str = "reload",
            target_kw: dict | None = None) -> Table:
    """G4 (longbow) facing east, front edge at x 101; the target's front ``gap`` beyond."""
    t = Table()
    t.clear()
    t.round("west", card=card, pips=10)
    t.front_at("G4", 101, 60, 0, files=files)
    t.front_at(target, 101 + gap, 60, 180, **(target_kw or {"figures": 4, "files": 4}))
    return t


def fire_acts(t: Table, uid: str = "G4") -> list[dict]:
    return [a for a in t.g.actor_menu(uid) if a["type"] == "fire"]


# ----- §7.4 bows ----------------------------------------------------------------------------

@rule("§7.4", "§8.5")
def test_7_4_range_from_the_front_edge_to_the_nearest_point_24_inches_for_a_longbow():
    assert fire_acts(archers(24.0)) == [{"type": "fire", "unit": "G4", "target": "M3"}]
    t = archers(24.05)
    assert fire_acts(t) == []
    err = t.g.why_not_fire(t.g.units["G4"], "M3")
    assert err.rule == "[MT §7.4]"


@rule("§7.4", "§8.5", "§8.1")
def test_7_4_two_ranks_fire_each_on_the_casualty_table():
    # short range (<= 8"): longbow 7, target MI -1: CF 6 kills on d20 <= 4
    t = archers(8.0, target_kw={"figures": 8, "files": 4})
    d = t.force(*[(20, 4)] * 3, *[(20, 5)] * 9)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "M3"})
    d.done()
    assert t.g.units["M3"].figures == 5 and "12 figures at CF 6" in events(ev, "fire")[0]["text"]
    assert not t.g.units["G4"].loaded and t.g.pips == 9


@rule("§7.4")
def test_7_4_only_the_first_two_ranks_fire():
    t = archers(8.0, files=4)                     # 3 ranks: 8 figures fire
    d = t.force(*[(20, 20)] * 8)
    t.act("G4", {"type": "fire", "unit": "G4", "target": "M3"})
    d.done()


@rule("§8.5")
@pytest.mark.parametrize("gap, cf", [(2.0, 9 - 1), (2.05, 7 - 1), (16.0, 5 - 1), (16.05, 3 - 1)])
def test_8_5_longbow_bands_at_the_table(gap, cf):
    t = archers(gap)
    t.force(then_random=True)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "M3"})
    assert f"at CF {cf} " in events(ev, "fire")[0]["text"]


@rule("§8.5", "§7.10")
def test_8_5_firer_disorganized_minus_2_and_target_types():
    t = archers(8.0)
    t.g.units["G4"].organized = False
    t.force(then_random=True)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "M3"})
    assert "at CF 4 " in events(ev, "fire")[0]["text"]          # 7 - 1 MI - 2
    t = archers(8.0, target="M7", target_kw={"figures": 4, "files": 4})
    t.force(then_random=True)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "M7"})
    assert "at CF 5 " in events(ev, "fire")[0]["text"]          # 7 - 2 HI


@rule("§7.4")
def test_7_4_target_must_be_partly_in_the_front_arc():
    t = archers(5.0)
    # the front arc's left ray leaves (101, 63) at 45 degrees; M3 (4 wide, 1 deep) just outside
    t.unit("M3", 107.5, 72.05, 180, figures=4, files=4)      # corner (108, 70.05): ray at y 70
    assert fire_acts(t) == []
    t.unit("M3", 107.5, 72.0, 180, figures=4, files=4)       # corner (108, 70): on the ray
    assert fire_acts(t) != []


@rule("§7.4")
def test_7_4_units_block_the_line_of_sight_and_no_fire_into_melee():
    t = archers(10.0)
    t.unit("M9", 106, 60, 180, figures=4, files=4)
    assert {"type": "fire", "unit": "G4", "target": "M3"} not in fire_acts(t)
    assert "blocks the line of sight" in t.g.why_not_fire(t.g.units["G4"], "M3").why
    t = archers(10.0)
    t.front_at("G3", 112, 60, 180, figures=4, files=4)       # touching M3's rear (x 112)
    assert t.g.engaged_with(t.g.units["M3"])
    err = t.g.why_not_fire(t.g.units["G4"], "M3")
    assert err is not None and "melee" in err.why


@rule("§7.4", "§5.1")
def test_7_4_fire_needs_a_load_and_a_reload_card_reloads():
    t = archers(8.0, card="reload")
    t.g.units["G4"].loaded = False
    t.g._after_change()
    t.select("G4")
    assert fire_acts(t) == [] and {"type": "reload", "unit": "G4"} in t.menu()
    t.apply({"type": "reload", "unit": "G4"})
    assert t.g.units["G4"].loaded and t.g.pips == 9
    t.round("west", card="infantry_move", pips=5)
    t.g.units["G4"].loaded = False
    assert {"type": "reload", "unit": "G4"} not in t.g.actor_menu("G4")


# ----- §7.8 catapults ------------------------------------------------------------------------

def catapult(eid: str, x: float, y: float, heading: float, side: str = "dark-lord") -> Table:
    t = Table()
    t.clear()
    t.round(side, card="reload", pips=10)
    t.engine(eid, x, y, heading)
    return t


@rule("§7.8")
def test_7_8_catapult_ranges_35_large_25_small_on_the_pelennor():
    t = catapult("E-D4", 100, 70, 180)
    g = t.g
    assert g.why_not_bombard(g.engines["E-D4"], 65.0, 70) is None
    assert g.why_not_bombard(g.engines["E-D4"], 64.98, 70).rule == "[MT §7.8]"
    t = catapult("E-D7", 100, 70, 180)
    assert t.g.why_not_bombard(t.g.engines["E-D7"], 75.0, 70) is None
    assert t.g.why_not_bombard(t.g.engines["E-D7"], 74.98, 70) is not None


@rule("§7.8")
def test_7_8_plus_5_from_above_minus_5_for_each_wall_after_the_first():
    # a West large catapult in L2-S (elevation 2), firing east over walls 2 and 1: 35 + 5 - 5
    phi = math.radians(-20)
    x, y = CX + 30.5 * math.cos(phi), CY + 30.5 * math.sin(phi)
    t = catapult("E-G1", x, y, -20, side="west")
    g = t.g
    e = g.engines["E-G1"]
    assert g.B.walls_crossed((x, y), (x + 35 * math.cos(phi), y + 35 * math.sin(phi))) == 2
    assert g.catapult_range(e, x + 35 * math.cos(phi), y + 35 * math.sin(phi)) == 35
    assert g.why_not_bombard(e, x + 34.99 * math.cos(phi), y + 34.99 * math.sin(phi)) is None
    assert g.why_not_bombard(e, x + 35.05 * math.cos(phi), y + 35.05 * math.sin(phi)) is not None
    # inside its own level (no wall): 40
    assert g.catapult_range(e, x + 1, y - 1) == 40


@rule("§7.8", "§5.1")
def test_7_8_a_catapult_fires_only_into_its_front_arc():
    t = catapult("E-D4", 100, 70, 180)
    assert t.g.why_not_bombard(t.g.engines["E-D4"], 110, 70) is not None


def shoot(t: Table, eid: str, x: float, y: float, *dice) -> list[dict]:
    t.force(*dice)
    return t.act(eid, {"type": "bombard", "engine": eid, "x": x, "y": y})


@rule("§7.8")
def test_7_8_hit_lands_on_the_aim_point_and_starts_a_fire_inside_the_walls():
    t = catapult("E-D4", 70, 48, 180)
    ev = shoot(t, "E-D4", 42.0, 48.0, (6, 2), (6, 3))       # HIT, odd d6: a fire (r = 42)
    assert events(ev, "fire_starts") and t.g.fires == [(42.0, 48.0)]


@rule("§7.8")
def test_7_8_no_fire_beyond_42_inches():
    t = catapult("E-D4", 70, 48, 180)
    ev = shoot(t, "E-D4", 42.01, 48.0, (6, 1), (6, 2))
    assert not events(ev, "fire_starts") and t.g.fires == []


@rule("§7.8", "§2.1")
def test_7_8_arrow_scatters_d6_inches_on_a_uniform_bearing_fire_on_even():
    t = catapult("E-D4", 60, 48, 180)
    ev = shoot(t, "E-D4", 36.0, 60.0, (6, 3), (6, 4), (3600, 1))   # 4" at bearing 0
    assert t.g.fires == [(40.0, 60.0)] and "an arrow" in events(ev, "bombard")[0]["text"]
    t = catapult("E-D4", 60, 48, 180)
    shoot(t, "E-D4", 36.0, 60.0, (6, 6), (6, 3), (3600, 901))      # odd: no fire
    assert t.g.fires == []


@rule("§7.8")
def test_7_8_impact_rolls_for_every_figure_under_the_3_inch_square():
    t = catapult("E-D4", 100, 70, 180)
    t.unit("G3", 80, 70, 0, files=6)               # 12 figures; the square covers x 78.5-81.5
    # figures with centres in it: files at y 67.5..72.5 -> 69.5, 70.5 (and 68.5, 71.5 no: |dy| 1.5)
    g = t.g
    n = g.figures_in(g.units["G3"], g.fire_square(80, 70))
    assert n == 4
    d = t.force((6, 1), (6, 1), (20, 5), (20, 5), (20, 6), (20, 6))   # CF 7: d20 <= 5
    t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": 80, "y": 70})
    d.done()
    assert g.units["G3"].figures == 10


@rule("§7.8", "§2.6")
def test_7_8_two_fires_destroy_a_catapult_grond_never_burns():
    t = catapult("E-D4", 100, 70, 180)
    t.engine("E-D5", 80, 70, 0)
    t.engine("E-D10", 80, 90, 0)
    g = t.g
    g.fires = [(80.5, 70.5), (80.5, 90.5)]
    t.force(then_random=True)
    ev = g.start_fire(79.5, 69.5)
    assert g.engines["E-D5"].destroyed and events(ev, "engine_destroyed")
    g.start_fire(79.5, 89.5)
    assert not g.engines["E-D10"].destroyed


@rule("§7.8")
def test_7_8_a_fire_on_a_unit_drives_it_off_and_it_tests_d8_against_morale():
    t = catapult("E-D4", 100, 70, 180)
    t.unit("M3", 80, 70, 0, figures=4, files=4)
    t.force((8, 4))
    ev = t.g.start_fire(81.0, 70.0)
    u = t.g.units["M3"]
    assert not t.footprint("M3").intersects(t.g.fire_square(81.0, 70.0)) or \
        t.footprint("M3").intersection(t.g.fire_square(81.0, 70.0)).area < 1e-6
    assert not u.organized and "d8 4 against morale 3" in ev[-1]["text"]


@rule("§7.8", "§5.1")
def test_7_8_fighting_fire_within_1_inch_d20_1_to_3_puts_out_one_each_and_disorganizes():
    t = Table()
    t.clear()
    t.round("west", card="fighting_fires", pips=10)
    t.unit("G12", 20, 60, 0, figures=4, files=4)     # L4-N: x 19.5-20.5, y 58-62
    t.g.fires = [(22.4, 60.0), (17.0, 60.0)]         # 0.4" and 1.5" from it... 1.5 - 0.5 = 1.0
    g = t.g
    t.select("G12")
    assert {"type": "fight_fire", "unit": "G12"} in t.menu()
    t.force((20, 3), (20, 1), (20, 4), (20, 20))
    t.apply({"type": "fight_fire", "unit": "G12"})
    assert g.fires == [] and not g.units["G12"].organized


@rule("§7.8")
def test_7_8_fighting_fire_needs_the_fire_within_1_inch():
    t = Table()
    t.clear()
    t.round("west", card="fighting_fires", pips=10)
    t.unit("G12", 20, 60, 0, figures=4, files=4)
    t.g.fires = [(23.05, 60.0)]                      # its square starts 1.05" away
    assert t.g.fight_fire_menu(t.g.units["G12"]) == []


@rule("§7.8", "§7.10")
def test_7_10_moving_in_a_sector_with_4_fires_tests_d8_plus_fires_above_4():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.unit("G12", 24.6, 52.3, 0, figures=4, files=4)
    g = t.g
    sec = g.B.sector_at(24.6, 52.3)
    g.fires = [(25 * math.cos(math.radians(a)), 48 + 25 * math.sin(math.radians(a)))
               for a in (30, 40, 50, 60, 70)]
    assert all(g.B.sector_at(x, y) == sec for x, y in g.fires)
    t.force((8, 2))
    ev = t.act("G12", {"type": "move", "unit": "G12", "path": "m180:0.5"})
    assert "d8 2 +1 -0 = 3 against morale 2: disorganized" in "\n".join(e["text"] for e in ev)


# ----- §7.9 elephant archers as a target (R-121) -------------------------------------------------

@rule("§7.9", "§8.5")
def test_7_9_r121_elephant_archers_are_a_separate_target_shot_as_li_at_minus_2():
    t = archers(8.0, target="H7", target_kw={"figures": 3, "files": 3})
    assert fire_acts(t) == [{"type": "fire", "unit": "G4", "target": "H7"},
                            {"type": "fire", "unit": "G4", "target": "H7", "archers": True}]
    t.force(then_random=True)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "H7", "archers": True})
    assert "at CF 5 " in events(ev, "fire")[0]["text"]          # short 7, LI 0, howdah -2
    t = archers(8.0, target="H7", target_kw={"figures": 3, "files": 3})
    t.force(then_random=True)
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "H7"})
    assert "at CF 2 " in events(ev, "fire")[0]["text"]          # the Mumakil: 7 - 5


@rule("§7.9", "§9.3")
def test_7_9_shooting_the_archers_kills_archers_never_elephants_at_most_those_aboard():
    t = archers(8.0, target="H7", target_kw={"figures": 3, "files": 3})
    g = t.g
    before = g.demoralization_points()["dark-lord"]
    d = t.force(*[(20, 1)] * 4, *[(20, 20)] * 8)                # 4 hits on 3 archers
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "H7", "archers": True})
    d.done()
    h7 = g.units["H7"]
    assert h7.archers == 0 and h7.figures == 3 and "3 killed" in events(ev, "fire")[0]["text"]
    assert g.demoralization_points()["dark-lord"] == before + 3
    g.units["G4"].loaded = True
    assert {"type": "fire", "unit": "G4", "target": "H7", "archers": True} not in fire_acts(t)
    t.select("G4")
    t.refused({"type": "fire", "unit": "G4", "target": "H7", "archers": True})


@rule("§7.9")
def test_7_9_archers_die_with_an_elephant_shot_down():
    t = archers(8.0, target="H7", target_kw={"figures": 3, "files": 3})
    t.g.units["G4"].organized = True
    d = t.force((20, 1), *[(20, 20)] * 11)                      # CF 2: one elephant falls
    t.act("G4", {"type": "fire", "unit": "G4", "target": "H7"})
    d.done()
    h7 = t.g.units["H7"]
    assert h7.figures == 2 and h7.archers == 2


# ----- §7.8 a loaded catapult may always fire ----------------------------------------------------

def bombard_points(t: Table, eid: str) -> set[tuple[float, float]]:
    return {(a["x"], a["y"]) for a in t.g.bombard_menu(t.g.engines[eid])}


@rule("§7.8", "§3.5")
def test_7_8_a_dark_lord_catapult_may_aim_at_the_city_sectors_the_west_holds():
    t = catapult("E-D4", 70, 48, 180)              # 35": L1-S, L1-G and L1-N within reach
    g = t.g
    e = g.engines["E-D4"]
    city = {s: (round(p.representative_point().x, 3), round(p.representative_point().y, 3))
            for s, p in g.B.sectors.items() if s != "Pelennor"}
    reach = {s for s, (x, y) in city.items() if g.why_not_bombard(e, x, y) is None}
    assert reach and reach <= {"L1-S", "L1-G", "L1-N"}
    assert {city[s] for s in reach} <= bombard_points(t, "E-D4")
    s = sorted(reach)[0]
    g.sector_control[s] = "dark-lord"              # a sector he holds is no target
    assert city[s] not in bombard_points(t, "E-D4")
    t2 = catapult("E-G1", 70, 48, 180, side="west")     # the West gets no such points
    assert t2.g.city_aim_points(t2.g.engines["E-G1"]) == []


@rule("§7.8")
def test_7_8_any_point_in_range_and_arc_may_be_sent_and_straight_ahead_when_nothing_is_near():
    t = catapult("E-D4", 100, 48, 0)               # facing east, away from everything
    assert bombard_points(t, "E-D4") == {(100 + 35 * 0.75, 48.0)}
    t.force((6, 2), (6, 3))
    t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": 121.37, "y": 52.5})   # off the menu
    assert not t.g.engines["E-D4"].loaded and t.g.pips == 9
