"""Movement, charges, facing and the city [MT §7.1] [MT §7.2] [MT §7.3], with their geometry."""

from __future__ import annotations

import math

import pytest

from .builder import Table, events, rule


def field(card: str = "infantry_move", side: str = "west", pips: int = 10) -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=pips)
    return t


def move(t: Table, uid: str, path: str) -> list[dict]:
    return t.act(uid, {"type": "move", "unit": uid, "path": path})


def refused_move(t: Table, uid: str, path: str, rule_: str | None = None):
    """The move is refused (and the game unchanged); the unit is then unselected again."""
    t.select(uid)
    err = t.refused({"type": "move", "unit": uid, "path": path}, rule_)
    t.g.selected = None
    t.g._after_change()
    return err


# ----- §7.1.1 rates and §7.1.4 costs ---------------------------------------------------------

@rule("§7.1.1", "§7.1.4")
@pytest.mark.parametrize("uid, rate", [("G3", 10), ("G9", 12), ("G12", 12), ("G8", 16), ("G6", 14),
                                       ("R2", 18), ("R5", 20), ("M13", 14)])
def test_7_1_1_forward_exactly_the_allowance_and_not_a_hair_more(uid, rate):
    card = "cavalry_move" if uid in ("G8", "G6", "R2", "R5", "M13") else "infantry_move"
    side = "dark-lord" if uid.startswith("M") else "west"
    t = field(card, side)
    t.unit(uid, 70, 60, 0)
    refused_move(t, uid, f"m0:{rate + 0.01}", "[MT §7.1.4]")
    move(t, uid, f"m0:{rate}")
    assert t.g.units[uid].x == pytest.approx(70 + rate)


@rule("§7.1.1")
def test_7_1_1_trolls_roll_3d6_when_selected_and_may_move_that_far():
    t = field(side="dark-lord")
    t.unit("M12", 100, 60, 0)
    t.force((6, 2), (6, 3), (6, 4))
    t.select("M12")
    assert t.g.rolled["M12"] == 9
    t.refused({"type": "move", "unit": "M12", "path": "m0:9.01"}, "[MT §7.1.4]")
    t.apply({"type": "move", "unit": "M12", "path": "m0:9"})
    assert t.g.units["M12"].x == pytest.approx(109)


@rule("§7.1.4")
def test_7_1_4_oblique_under_45_degrees_costs_the_path_length():
    t = field()
    t.unit("G3", 100, 60, 0)
    move(t, "G3", "m44.9:10")
    u = t.g.units["G3"]
    assert u.heading == 0 and u.x == pytest.approx(100 + 10 * math.cos(math.radians(44.9)), abs=1e-3)


@rule("§7.1.4")
def test_7_1_4_at_45_degrees_and_backward_the_cost_doubles():
    t = field()
    t.unit("G3", 100, 60, 0)
    refused_move(t, "G3", "m45:5.01", "[MT §7.1.4]")
    refused_move(t, "G3", "m180:5.01", "[MT §7.1.4]")
    refused_move(t, "G3", "m90:5.01", "[MT §7.1.4]")
    move(t, "G3", "m180:5")
    assert t.g.units["G3"].x == pytest.approx(95) and t.g.units["G3"].heading == 0


@rule("§7.1.4")
def test_7_1_4_wheel_about_the_front_centre_costs_twice_the_angle_times_the_half_frontage():
    # G3: 6 files of 1": a wheel costs 2 x rad x 3 = 6 x rad; 10" allow 95.49 degrees
    t = field()
    t.unit("G3", 100, 60, 0)
    refused_move(t, "G3", "w95.6", "[MT §7.1.4]")
    move(t, "G3", "w95.4")
    assert t.g.units["G3"].heading == pytest.approx(95.4)


@rule("§7.1.4")
def test_7_1_4_pivot_about_a_front_corner_costs_the_angle_times_the_frontage():
    t = field()
    t.unit("G9", 100, 60, 0, files=4)          # MI 12", frontage 4: 12/4 rad = 171.9 degrees
    refused_move(t, "G9", "pr172", "[MT §7.1.4]")
    move(t, "G9", "pr171.8")
    u = t.g.units["G9"]
    # the front-right corner stayed where it was
    fr = (101.5, 58.0)
    fl, frr, _, _ = __import__("ringwar.systems.minas_tirith.geometry", fromlist=["corners"]).corners(
        u.x, u.y, u.heading, 4, 3)
    assert frr == pytest.approx(fr, abs=0.01)


@rule("§7.1.4")
def test_7_1_4_a_turn_in_place_is_free_once_per_move_and_90_swaps_files_and_ranks():
    t = field()
    t.unit("G3", 100, 60, 0)
    refused_move(t, "G3", "t90,t-90", "[MT §7.1.4]")
    move(t, "G3", "t90,m0:10")
    u = t.g.units["G3"]
    assert u.heading == 90 and u.files == 2 and u.ranks == 6
    assert u.y == pytest.approx(70)


@rule("§7.1.4")
def test_7_1_4_woods_double_the_cost_of_the_part_inside():
    # W2 = x 96-106, y 28-36: the centre runs from x 88 to 98: 2" inside, costing 12
    t = field()
    t.unit("G9", 88, 32, 0, files=6)
    move(t, "G9", "m0:10")
    t = field()
    t.unit("G9", 88, 32, 0, files=6)
    refused_move(t, "G9", "m0:10.1", "[MT §7.1.4]")     # 10.1 + 2.1 > 12
    t = field()
    t.unit("G9", 87, 32, 0, files=6)
    refused_move(t, "G9", "m0:11", "[MT §7.1.4]")      # to x 98 as well: 11 + 2 > 12


@rule("§7.1.2")
def test_7_1_2_road_bonus_in_march_column_plus_6_infantry():
    t = field()
    t.unit("G3", 80, 48, 0, files=2, formation="column")
    refused_move(t, "G3", "m0:16.01", "[MT §7.1.4]")
    ev = move(t, "G3", "m0:16")
    assert "road" in events(ev, "move")[0]["text"]


@rule("§7.1.2")
def test_7_1_2_no_road_bonus_in_line_or_with_the_centre_more_than_1_inch_off():
    t = field()
    t.unit("G3", 80, 48, 0, files=6)
    refused_move(t, "G3", "m0:10.5", "[MT §7.1.4]")
    t = field()
    t.unit("G3", 80, 49.01, 0, files=2, formation="column")
    refused_move(t, "G3", "m0:10.5", "[MT §7.1.4]")
    t = field()
    t.unit("G3", 80, 49.0, 0, files=2, formation="column")
    move(t, "G3", "m0:16")


@rule("§7.1.2")
def test_7_1_2_road_bonus_plus_10_for_cavalry():
    t = field("cavalry_move")
    t.unit("G8", 80, 48, 0, files=2, formation="column")
    refused_move(t, "G8", "m0:26.01", "[MT §7.1.4]")
    move(t, "G8", "m0:26")


@rule("§7.1.4", "§7.1.5")
def test_7_1_4_interpenetrating_a_friend_costs_2_per_rank_and_must_end_clear():
    # G3 front at x 101; G7 in 2 ranks spans x 103-105: through it costs 6 + 4
    t = field()
    t.unit("G3", 100, 60, 0)
    t.unit("G7", 104, 60, 0, files=6)
    refused_move(t, "G3", "m0:4", "[MT §7.1.5]")          # would end on top of it
    move(t, "G3", "m0:6")
    t = field()
    t.unit("G3", 100, 60, 0)
    t.unit("G7", 104, 60, 0, files=6)
    refused_move(t, "G3", "m0:6.5", "[MT §7.1.4]")        # 6.5 + 4 > 10
    t = field()
    t.unit("G3", 100, 60, 0)
    t.unit("G7", 104, 60, 0, files=4)                     # 3 ranks: x 102.5-105.5
    refused_move(t, "G3", "m0:6.5", "[MT §7.1.4]")        # 6.5 + 6 > 10


@rule("§7.1.5")
def test_7_1_5_the_path_may_not_run_into_an_enemy_or_off_the_table():
    t = field()
    t.unit("G3", 100, 60, 0)
    t.unit("M3", 106, 60, 180, files=10)
    err = refused_move(t, "G3", "m0:5", "[MT §7.1.5]")
    assert "M3" in err.why
    t = field()
    t.unit("G3", 140, 60, 0)
    err = refused_move(t, "G3", "m0:3.1", "[MT §7.1.5]")
    assert "edge" in err.why
    move(t, "G3", "m0:3")


@rule("§7.1.5", "§3.2")
def test_7_1_5_walls_and_the_keel_block_a_path():
    t = field()
    t.unit("G3", 36.5, 60, 0, files=6)                    # L1-N, facing wall 1 at r 40
    err = refused_move(t, "G3", "m0:3", "[MT §7.1.5]")
    assert "wall 1" in err.why
    t = field()
    t.unit("G10", 24, 43.5, 90, files=6)                  # L3-S, facing the keel (y 46)
    err = refused_move(t, "G10", "m0:2", "[MT §7.1.5]")
    assert "keel" in err.why or "tunnel" in err.why


@rule("§7.1.5")
def test_7_1_5_a_unit_may_cross_but_not_end_on_a_fire():
    t = field()
    t.unit("G3", 100, 60, 0)
    t.g.fires = [(105.0, 60.0)]
    refused_move(t, "G3", "m0:3", "[MT §7.1.5]")
    t.force((8, 1))                                       # the d8 test for crossing
    ev = move(t, "G3", "m0:9")
    assert any("crosses a fire" in e["text"] for e in ev)


@rule("§7.1.6")
def test_7_1_6_a_disorganized_unit_may_not_move_or_change_formation():
    t = field()
    t.unit("G3", 100, 60, 0, organized=False)
    t.select("G3")
    assert not [a for a in t.menu() if a["type"] in ("move", "charge", "form")]


@rule("§7.1.8")
def test_7_1_8_haradrim_frozen_on_turn_1_but_free_on_turn_2():
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=5, turn=1)
    t.unit("H3", 100, 8, 90)
    assert {"type": "select", "actor": "H3"} not in t.menu()
    t.round("dark-lord", card="infantry_move", pips=5, turn=2)
    assert {"type": "select", "actor": "H3"} in t.menu()


# ----- §7.1.3 charges ------------------------------------------------------------------------------

def charge_table(gap: float, target_heading: float = 180.0, attacker: str = "G3") -> Table:
    """G3 (HI, reach 10 + 6) facing east, its front edge at x 101; M3 with its nearest edge
    ``gap`` inches beyond it."""
    t = field()
    t.unit(attacker, 100, 60, 0, files=6 if attacker == "G3" else None)
    t.unit("M3", 101 + gap + 1, 60, target_heading, files=10)     # 2 ranks: depth 2
    return t


@rule("§7.1.3")
def test_7_1_3_charge_reach_is_move_plus_the_most_the_dice_give():
    t = charge_table(16.0)
    t.select("G3")
    assert {"type": "charge", "unit": "G3", "target": "M3"} in t.menu()
    t = charge_table(16.05)
    t.select("G3")
    assert {"type": "charge", "unit": "G3", "target": "M3"} not in t.menu()
    err = t.refused({"type": "charge", "unit": "G3", "target": "M3"})
    assert err.rule.startswith("[MT §")


@rule("§7.1.3")
def test_7_1_3_charger_without_contact_moves_its_full_distance_and_may_not_charge_next():
    t = charge_table(15.0)
    t.force((6, 1))
    ev = t.act("G3", {"type": "charge", "unit": "G3", "target": "M3"})
    u = t.g.units["G3"]
    assert u.x == pytest.approx(111) and u.charged_without_contact
    assert "no contact" in events(ev, "charge")[-1]["text"]
    t.round("west", card="infantry_move", pips=5)
    t.select("G3")
    assert not t.menu("charge")
    t.apply({"type": "move", "unit": "G3", "path": "m0:1"})
    assert not t.g.units["G3"].charged_without_contact


@rule("§7.1.3", "§7.5.1")
def test_7_1_3_a_charge_that_reaches_makes_contact_and_shock():
    t = charge_table(12.0)
    t.force((6, 2), *([20] * 24), then_random=True)
    ev = t.act("G3", {"type": "charge", "unit": "G3", "target": "M3"})
    assert "Shock" in events(ev, "combat")[0]["text"]
    assert t.g.units["G3"].x >= 100 + 12 - 0.06 or events(ev, "push")


@rule("§7.1.3", "§6.6")
def test_7_1_3_cavalry_may_not_charge_mumakil():
    t = field("cavalry_move")
    t.unit("G8", 100, 60, 0)
    t.unit("H7", 115, 60, 180)
    t.select("G8")
    assert not t.menu("charge")
    assert t.g.why_not_charge(t.g.units["G8"], "H7").rule == "[MT §6.6]"


@rule("§7.1.3", "§2.5")
def test_7_1_3_shield_wall_and_disorganized_units_cannot_charge():
    t = charge_table(5.0)
    t.g.units["G3"].formation = "shield_wall"
    assert t.g.why_not_charge(t.g.units["G3"], "M3") is not None
    t = charge_table(5.0)
    t.g.units["G3"].organized = False
    assert t.g.why_not_charge(t.g.units["G3"], "M3").rule == "[MT §7.1.6]"


# ----- §7.2 arcs ------------------------------------------------------------------------------------

@rule("§7.2")
def test_7_2_front_arc_bounded_by_45_degree_rays_from_the_front_corners():
    t = field()
    u = t.unit("G3", 100, 60, 0)       # front corners (101, 57) and (101, 63)
    g = t.g
    assert g.arc_of(u, (105, 67)) == "front"            # on the ray
    assert g.arc_of(u, (105, 67.01)) == "flank"
    assert g.arc_of(u, (105, 52.99)) == "flank"
    assert g.arc_of(u, (101, 60)) == "front"


@rule("§7.2")
def test_7_2_rear_arc_and_flanks():
    t = field()
    u = t.unit("G3", 100, 60, 0)       # rear corners (99, 57) and (99, 63)
    g = t.g
    assert g.arc_of(u, (95, 67)) == "rear"
    assert g.arc_of(u, (95, 67.01)) == "flank"
    assert g.arc_of(u, (100, 70)) == "flank"
    assert g.arc_of(u, (100, 50)) == "flank"


@rule("§7.2", "§7.5.4")
def test_7_2_a_flank_charge_needs_the_charger_to_start_in_the_flank_arc():
    # M3 faces east; G3 starts north of it, in its flank arc, and charges south
    t = field()
    t.unit("M3", 100, 60, 0, files=10, figures=4)       # x 99-101, y 58-62 (1 rank... 4 files)
    t.unit("G3", 100, 66, 270, files=4, figures=4)      # front edge at y 65.5 (1 rank)
    t.force((6, 1), *([20] * 6), (6, 1), (6, 1), (8, 1), (8, 1))   # M3 fights with 2 figures: the 2 files along its 1-rank flank [MT §7.5.3]
    ev = t.act("G3", {"type": "charge", "unit": "G3", "target": "M3"})
    text = events(ev, "combat")[0]["text"]
    assert "+4 attacking the flank" in text and "-3 attacked in the flank" in text
    assert "+3 attacking the flank" in events(ev, "results")[0]["text"]


# ----- §7.3 the city ------------------------------------------------------------------------------------

@rule("§7.3")
def test_7_3_a_move_may_not_change_sector_a_cross_must():
    t = field()
    t.unit("G12", 36.4, 48 - 12.5, 270, files=6)        # L1-G just north of the phi = -20 line?
    g = t.g
    u = g.units["G12"]
    # put the unit in L1-S next to the line phi = -20 and try to walk over it
    phi = math.radians(-24)
    t.unit("G12", 37 * math.cos(phi), 48 + 37 * math.sin(phi), 70, files=2)
    assert g.B.sector_at(u.x, u.y) == "L1-S"
    err = refused_move(t, "G12", "m0:4", "[MT §7.3]")
    assert "cross" in err.why
    t.round("west", card="infantry_move", pips=5)
    acts = [a for a in t.g.actor_menu("G12") if a["type"] == "cross"]
    assert {"type": "cross", "unit": "G12", "connection": "L1-S/L1-G"} in acts


@rule("§7.3")
def test_7_3_cross_needs_to_start_within_1_inch_of_the_connection():
    t = field()
    g = t.g
    c = g.B.connections["L1-S/L1-G"]
    line = c.geometry
    # a 2-file column facing the line, its front edge d inches from it
    for d, ok in ((0.95, True), (1.2, False)):
        t.round("west", card="infantry_move", pips=5)
        phi = math.radians(-20)
        r = 37.0
        px, py = r * math.cos(phi), 48 + r * math.sin(phi)
        # heading along +phi direction (perpendicular to the radial line), i.e. phi + 90
        h = -20 + 90
        fx, fy = math.cos(math.radians(h)), math.sin(math.radians(h))
        u = t.unit("G12", 0, 0, h, files=6)
        depth = u.ranks * 1.0
        t.unit("G12", px - fx * (d + depth / 2), py - fy * (d + depth / 2), h, files=6)
        fp = t.footprint("G12")
        assert fp.distance(line) == pytest.approx(d, abs=0.02)
        err = g.why_not_cross(g.units["G12"], "L1-S/L1-G")
        assert (err is None) == ok, err


@rule("§7.3", "§3.6")
def test_3_6_an_intact_gate_passes_only_its_controller_a_broken_one_everyone():
    t = field(side="dark-lord")
    g = t.g
    gate = g.B.gates["G2"]
    # M3 in L1-S facing the lower face of G2 (wall 2 at r 33-34, bearing -40), 0.5" off
    phi = math.radians(-40)
    r = 34.0 + 0.5
    h = -40 + 180
    u = t.unit("M3", 0, 0, h, files=2, figures=4)
    depth = u.ranks * 1.0
    t.unit("M3", (r + depth / 2) * math.cos(phi), 48 + (r + depth / 2) * math.sin(phi), h,
           files=2, figures=4)
    assert g.B.sector_at(u.x, u.y) == "L1-S"
    err = g.why_not_cross(u, "G2")
    assert err is not None and err.rule == "[MT §3.6]"
    g.gates["G2"][0] = "broken"
    g._after_change()
    assert g.why_not_cross(u, "G2") is None
    ev = t.act("M3", {"type": "cross", "unit": "M3", "connection": "G2"})
    assert g.B.sector_at(u.x, u.y) == "L2-S" and events(ev, "cross")
    assert g.gates["G2"][1] == "dark-lord"          # the last side through holds it
    del gate


@rule("§7.3")
def test_7_3_mumakil_never_enter_the_city():
    t = field(side="dark-lord")
    g = t.g
    u = t.unit("H7", 50, 48, 180)
    assert g.why_not_cross(u, "G1") is not None


@rule("§7.3")
def test_7_3_crossing_takes_the_whole_move_and_the_action():
    t = field()
    phi = math.radians(-24)
    t.unit("G12", 37 * math.cos(phi), 48 + 37 * math.sin(phi), 70, files=2)
    t.act("G12", {"type": "cross", "unit": "G12", "connection": "L1-S/L1-G"})
    u = t.g.units["G12"]
    assert t.g.B.sector_at(u.x, u.y) == "L1-G" and u.acted_on == t.g.card_no["west"]
    assert t.g.pips == 9
