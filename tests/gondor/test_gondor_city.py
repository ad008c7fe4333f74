"""Gondor [15.0] Minas Tirith: levels, walls, towers, gates, the special rules [15.2]; and the
Standard Rules cases on walls that only Gondor exercises ([7.18], [7.35], [7.53])."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, cost, gpos

import ringwar
from conftest import acts, dests, illegal, play, rig
from ringwar.systems.spi.board import ALL_MA

rule = pytest.mark.rule


def attack_targets(g, unit):
    return {a["target"] for a in acts(g, "attack", unit)}


# ----- [15.11] levels --------------------------------------------------------------------------
@rule("gondor", "[15.11]")
def test_15_11_each_level_higher_than_those_outside_it():
    g = gpos().game()
    assert g.level("1911") == 0 and g.level("1910") == 1 and g.level("1908") == 2
    assert g.level("1606") == 2 and g.level("1605") == 3 and g.level("1903") == 7
    # the Citadel is the highest level
    assert max(g.level(h) for h in g.city["city"] if g.hexmap.terrain(h) != "tower") == 7


@rule("gondor", "[15.11]", "[7.35]")
def test_7_35_higher_level_melees_down_through_an_unbreached_wall_not_up():
    pos = gpos(phase="G")
    w = pos.place("gondor_spearmen", "1606")          # level 2
    s = pos.place("orc_infantry", "1607")             # level 1, the Second Wall between
    g = pos.game()
    assert s in attack_targets(g, w)
    pos2 = gpos(phase="D")
    w2 = pos2.place("gondor_spearmen", "1606")
    s2 = pos2.place("orc_infantry", "1607")
    pos2.place("orc_infantry", "1214")
    pos2.place("gondor_spearmen", "1215")              # keeps the Combat Phase open
    g2 = pos2.game()
    assert g2.phase == "D"
    assert w2 not in attack_targets(g2, s2)
    illegal(g2, {"type": "attack", "unit": s2, "target": w2}, "[7.35]")   # the wall, not a prohibited hex


@rule("standard", "[7.35]")
def test_7_35_melee_up_a_wall_from_a_ladder_or_a_breach():
    for extra in ({"ladders": [{"hex": "1607", "side": "1606/1607", "turn": 7}]},
                  {"breached": ["1606/1607"]}):
        pos = gpos(phase="D")
        w = pos.place("gondor_spearmen", "1606")
        s = pos.place("orc_infantry", "1607")
        pos.extra(siege=extra)
        g = pos.game()
        assert w in attack_targets(g, s), extra


# ----- [15.12] no climbing without siege towers, ladders, breaches or a gate --------------------
@rule("gondor", "[15.12]")
def test_15_12_no_move_up_through_an_unbreached_wall():
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "1607")
    g = pos.game()
    d = dests(g, s)
    assert "1606" not in d and "1707" not in d       # wall hexsides up
    assert "1507" in d                               # along level 1
    assert "1506" not in d                           # the gate 1507/1606 is Westernesse's


@rule("gondor", "[15.12]", "[15.15]")
def test_15_12_a_gate_the_side_controls_is_a_way_up():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1507")
    g = pos.game()
    assert cost(g, w, "1606") == 1
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "1507")
    pos.extra(siege={"gate_control": {**ringwar.new_game("gondor").siege.gate_control, "1507/1606": SAURON}})
    g = pos.game()
    assert cost(g, s, "1606") == 1


# ----- [15.13] down through a wall -------------------------------------------------------------------
def main_gate_lost(pos):
    gates = dict(ringwar.new_game("gondor").siege.gate_control)
    gates["1910/1911"] = SAURON
    pos.extra(siege={"gate_control": gates})


@rule("gondor", "[15.13]")
def test_15_13_down_through_a_wall_costs_the_whole_allowance():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "2109")          # level 1, Outer Wall below
    main_gate_lost(pos)
    g = pos.game()
    assert g.terrain_cost(g.units[w], "2109", "2110") == ALL_MA
    d = dests(g, w)
    assert "2110" in d and cost(g, w, "2110") == g.movement_allowance(g.units[w])
    assert "2111" not in d and "2011" not in d                 # nothing beyond the wall


@rule("gondor", "[15.13]")
def test_15_13_down_through_a_wall_only_as_the_first_step():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "2008")          # level 1, one hex from the Outer Wall
    main_gate_lost(pos)
    g = pos.game()
    d = dests(g, w)
    assert "2109" in d and "2110" not in d and "2010" not in d


@rule("gondor", "[15.13]")
def test_15_13_may_not_enter_an_enemy_zoc_crossing_down():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "2109")
    pos.place("orc_infantry", "2111")                 # its ZOC covers 2110
    main_gate_lost(pos)
    g = pos.game()
    d = dests(g, w)
    assert "2110" not in d and "2209" in d


# ----- [15.14] towers ------------------------------------------------------------------------------
@rule("gondor", "[15.14]")
def test_15_14_towers_are_higher_than_any_adjacent_hex():
    g = gpos().game()
    assert g.level("2009") > max(g.level(h) for h in ("1910", "2010", "2109"))
    assert g.level("1305") > g.level("1304") > g.level("1306")


@rule("gondor", "[15.14]", "[15.12]", "[15.13]")
def test_15_14_tower_hexsides_are_climbed_and_descended_as_walls():
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "2010")
    g = pos.game()
    assert "2009" not in dests(g, s)                   # up into the tower: no
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "2009")
    main_gate_lost(pos)
    g = pos.game()
    assert cost(g, w, "2010") == 5                     # down out of it: the whole allowance


@rule("gondor", "[15.14]", "[7.35]")
def test_15_14_a_tower_melees_down_on_its_neighbours():
    pos = gpos(phase="G")
    w = pos.place("gondor_spearmen", "1305")          # a Second Wall tower
    s = pos.place("orc_infantry", "1306")             # level 1, below its tower hexside
    g = pos.game()
    assert s in attack_targets(g, w)
    pos = gpos(phase="D")
    pos.place("gondor_spearmen", "1305")
    s = pos.place("orc_infantry", "1306")
    g = pos.game()
    assert not acts(g, "attack", s)


# ----- [15.15] gates ---------------------------------------------------------------------------------
@rule("gondor", "[15.15]")
def test_15_15_westernesse_controls_every_gate_at_the_start():
    g = ringwar.new_game("gondor", seed=1)
    assert len(g.siege.gate_control) == 7
    assert set(g.siege.gate_control.values()) == {WEST}


@rule("gondor", "[15.15]")
def test_15_15_an_uncontrolled_gate_is_a_wall():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1507")
    pos.extra(siege={"gate_control": {**ringwar.new_game("gondor").siege.gate_control, "1507/1606": SAURON}})
    g = pos.game()
    assert "1606" not in dests(g, w)                 # up through an enemy gate: as a wall
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1606")
    pos.extra(siege={"gate_control": {**ringwar.new_game("gondor").siege.gate_control, "1507/1606": SAURON}})
    g = pos.game()
    assert cost(g, w, "1507") == 5                   # down through it: the whole allowance


@rule("gondor", "[15.15]")
def test_15_15_last_side_to_occupy_or_pass_through_both_hexes_controls_the_gate():
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "1608")
    pos.extra(siege={"breached": ["1507/1606"]})
    g = pos.game()
    play(g, {"type": "move", "unit": s, "to": "1506"})         # through 1507 and 1606
    assert g.siege.gate_control["1507/1606"] == SAURON
    assert g.siege.gate_control["1910/1911"] == WEST
    # one hex is not enough: a Westernesse unit in 1606 alone does not take it back
    g.siege.last["1606"] = WEST
    g.note_visit(g.units[s], "1506")
    assert g.siege.gate_control["1507/1606"] == SAURON


@rule("gondor", "[15.15]")
def test_15_15_passing_through_both_takes_a_gate_back():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1607")
    gates = dict(ringwar.new_game("gondor").siege.gate_control, **{"1507/1606": SAURON})
    pos.extra(siege={"breached": ["1507/1606"], "gate_control": gates,
                     "last": {"1507": SAURON, "1606": SAURON}})
    g = pos.game()
    play(g, {"type": "move", "unit": w, "to": "1506"})
    assert g.siege.gate_control["1507/1606"] == WEST


# ----- [15.21] Westernesse MA 5 in the city -----------------------------------------------------------
@rule("gondor", "[15.21]")
def test_15_21_westernesse_combat_units_move_five_inside_the_city():
    pos = gpos(phase="F")
    inside = pos.place("gondor_spearmen", "1607")
    outside = pos.place("gondor_spearmen", "1214")
    knight = pos.place("mounted_knight", "2407")
    pos.place("imrahil", "1607")
    g = pos.game()
    assert g.movement_allowance(g.units[inside]) == 5
    assert g.movement_allowance(g.units[outside]) == 4
    assert g.movement_allowance(g.units[knight]) == 5          # the docs' reading: all combat units
    assert g.movement_allowance(g.units["imrahil"]) == 6        # not leaders
    assert max(cost(g, inside, h) for h in dests(g, inside)) == 5


@rule("gondor", "[15.21]")
def test_15_21_sauron_units_in_the_city_keep_their_allowance():
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "1607")
    g = pos.game()
    assert g.movement_allowance(g.units[s]) == 4


# ----- [15.22] cavalry and Mumakil only through gates ----------------------------------------------
@rule("gondor", "[15.22]")
@pytest.mark.parametrize("kind,phase", [("mounted_knight", "F"), ("mumak", "C"), ("mordor_cavalry", "C")])
def test_15_22_cavalry_and_mumakil_never_cross_a_wall_even_breached(kind, phase):
    pos = gpos(phase=phase)
    u = pos.place(kind, "2307")                      # level 1; the Second Gate is far away
    pos.extra(siege={"breached": ["2306/2307"]})
    g = pos.game()
    assert "2306" not in dests(g, u)
    assert g.terrain_cost(g.units[u], "2307", "2306") is None


@rule("gondor", "[15.22]", "[16.4]")
def test_15_22_infantry_crosses_that_breach():
    pos = gpos(phase="C")
    u = pos.place("orc_infantry", "1607")
    pos.extra(siege={"breached": ["1606/1607"]})
    g = pos.game()
    assert cost(g, u, "1606") == 2                 # [4.3] +1 through a breach


@rule("gondor", "[15.22]")
def test_15_22_cavalry_uses_a_gate():
    pos = gpos(phase="F")
    k = pos.place("mounted_knight", "1507")
    g = pos.game()
    assert "1606" in dests(g, k)


# ----- [15.23] the Outer Wall ---------------------------------------------------------------------
@rule("gondor", "[15.23]", "[16.21]")
def test_15_23_the_outer_wall_is_never_a_breach_target():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "2010")
    c = pos.place("catapult", "2010")
    g = pos.game()
    targets = {a["hexside"] for a in acts(g, "breach", c)}
    assert targets                                          # inner walls in range
    outer = {k for k, s in g.hexmap.sides().items() if s.get("name") in ("Outer Wall", "Main Gate")}
    assert not (targets & outer)
    illegal(g, {"type": "breach", "unit": c, "hexside": "1910/2010"})


@rule("gondor", "[15.23]", "[16.43]")
def test_15_23_the_outer_wall_may_be_scaled():
    pos = gpos(phase="C", turn=8)
    s = pos.place("orc_infantry", "2010")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert cost(g, s, "1910") == 1 + 3


# ----- [15.24] tunnels ------------------------------------------------------------------------------
@rule("gondor", "[15.24]")
def test_15_24_units_attacked_in_a_tunnel_defend_with_armour_4():
    pos = gpos(phase="G")
    o = pos.place("light_orc", "1908")               # armour 1
    w = pos.place("gondor_spearmen", "2007")          # beside it through the tunnel hexside
    g = pos.game()
    armour, why = g.defence_armour(g.units[o], "2007", False)
    assert armour == 4
    assert o in attack_targets(g, w)
    rig(g, 2, 2)                                     # D vs 4 needs 2-5: hit; vs 1 (2-7) too
    ev = play(g, {"type": "attack", "unit": w, "target": o}, {"type": "resolve"})
    assert any(e.get("cell") == "D/4" for e in ev)


@rule("gondor", "[15.24]", "[4.3]")
def test_15_24_combat_into_a_tunnel_only_through_the_tunnel_hexside():
    pos = gpos(phase="D")
    pos.place("gondor_spearmen", "1908")
    s = pos.place("orc_infantry", "1909")             # below the tunnel's wall hexside
    pos.extra(siege={"breached": ["1908/1909"]})
    g = pos.game()
    assert not acts(g, "attack", s)


# ----- the siege's features change movement costs: never shared between games ------------------
@rule("gondor", "[16.27]", "[4.3]")
def test_16_27_a_breach_opens_the_wall_in_this_game_only():
    for breached in ([], ["1606/1607"], []):
        pos = gpos(phase="C")
        u = pos.place("orc_infantry", "1607")
        pos.extra(siege={"breached": breached})
        g = pos.game()
        assert ("1606" in dests(g, u)) == bool(breached)


# ----- [7.18] missile fire through a wall hexside -----------------------------------------------
@rule("standard", "[7.18]")
def test_7_18_fired_on_through_a_wall_hexside_of_its_hex_plus_one_armour():
    pos = gpos(phase="D")
    w = pos.place("gondor_spearmen", "1910")          # armour 3
    a = pos.place("orc_archer", "2010")               # across the Outer Wall hexside
    b = pos.place("orc_archer", "1909")               # inside the city: no wall between
    g = pos.game()
    assert g.defence_armour(g.units[w], "2010", True)[0] == 4
    assert g.defence_armour(g.units[w], "1909", True)[0] == 3
    assert g.defence_armour(g.units[w], "2010", False)[0] == 3    # missile fire only
    rig(g, 3, 3)
    ev = play(g, {"type": "fire", "unit": a, "target": w})
    assert any(e.get("cell") == "E/4" for e in ev)
    assert b


@rule("standard", "[7.18]")
def test_7_18_armour_4_stays_4_behind_a_wall():
    pos = gpos(phase="D")
    w = pos.place("citadel_guard", "1910")           # armour 3
    pos.extra(siege={"ladders": []})
    g = pos.game()
    g.units[w].armour = 4
    assert g.defence_armour(g.units[w], "2010", True)[0] == 4


# ----- [7.53] advance across a wall --------------------------------------------------------------
def down_attack(extra=None):
    pos = gpos(phase="G")
    w = pos.place("gondor_axeman", "1606")            # level 2
    s = pos.place("orc_infantry", "1607")             # level 1 below the Second Wall
    if extra:
        pos.extra(siege=extra)
    g = pos.game()
    play(g, {"type": "attack", "unit": w, "target": s})
    rig(g, 2, 2, 5)                                  # B vs 2 needs 4-8: hit; Y die 5 = r2
    play(g, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, g.legal_actions()[0])
    return g, w, s


@rule("standard", "[7.53]")
def test_7_53_no_advance_across_an_unbreached_wall():
    g, w, s = down_attack()
    assert g.units[s].hex != "1607"
    assert not (g.pending and g.pending[0]["kind"] == "advance")
    assert g.units[w].hex == "1606"


@rule("standard", "[7.53]")
def test_7_53_advance_across_a_breached_wall():
    g, w, s = down_attack({"breached": ["1606/1607"]})
    assert g.pending and g.pending[0]["kind"] == "advance"
    play(g, {"type": "advance", "unit": w, "to": "1607"})
    assert g.units[w].hex == "1607"


# ----- errata: the hexside 2101/2201 is a Wall -----------------------------------------------------
@rule("gondor", "[15.12]")
def test_errata_2101_2201_is_a_wall_and_off_it_is_open():
    pos = gpos(phase="C")
    s = pos.place("orc_infantry", "2201")
    g = pos.game()
    assert g.wall_between("2201", "2101") is not None
    assert "2101" not in dests(g, s)
    pos = gpos(phase="C", errata_wall_2101=False)
    s = pos.place("orc_infantry", "2201")
    g = pos.game()
    assert g.wall_between("2201", "2101") is None
    assert "2101" in dests(g, s)
