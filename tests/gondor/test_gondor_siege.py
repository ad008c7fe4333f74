"""Gondor [16.1]-[16.5]: siege equipment, breaching, the Breach Probability Table, scaling
walls with siege towers and ladders, and advance during siege."""

from __future__ import annotations

import pytest
from _gondor import SAURON, end_until, gpos

from conftest import acts, dests, move_options, play, rig
from ringwar.core import hexes as hx
from ringwar.systems.gondor.state import Ladder

rule = pytest.mark.rule


def pushes(g, unit):
    return {a["to"] for a in move_options(g, unit) if a["type"] == "push"}


def select(g, unit):
    play(g, {"type": "select", "unit": unit})


# ----- [16.11]-[16.15] siege equipment -------------------------------------------------------------
@rule("gondor", "[16.11]")
def test_16_11_a_siege_tower_moves_two_pushed_by_a_combat_unit_in_its_hex():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "2215")              # off the road
    t = pos.place("siege_tower", "2215")
    g = pos.game()
    d = pushes(g, o)
    assert d and all(hx.distance("2215", h) <= 2 for h in d) and "2213" in d
    assert all(g.hexmap.terrain(h) not in ("plowed", "grove") for h in d)
    select(g, o)
    play(g, {"type": "push", "unit": o, "gear": t, "to": "2213"})
    assert g.units[o].hex == g.units[t].hex == "2213"
    # alone it never moves
    assert {"type": "select", "unit": t} not in g.legal_actions()


@rule("gondor", "[16.11]", "[4.3]")
def test_16_11_siege_towers_may_not_enter_plowed_fields_or_groves():
    g0 = gpos().game()
    plowed = "2314"
    assert g0.hexmap.terrain(plowed) == "plowed"
    start = next(n for n in hx.neighbours(plowed) if g0.hexmap.terrain(n) == "clear" and not g0.hexmap.side(n, plowed))
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", start)
    pos.place("siege_tower", start)
    g = pos.game()
    assert plowed not in pushes(g, o)
    assert plowed in dests(g, o)                       # the orc alone may


@rule("gondor", "[16.12]")
def test_16_12_catapults_move_two_with_a_combat_unit():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "2215")
    pos.place("catapult", "2215")
    g = pos.game()
    d = pushes(g, o)
    assert d and max(hx.distance("2215", h) for h in d) == 2
    assert max(hx.distance("2215", h) for h in dests(g, o)) > 2


@rule("gondor", "[16.12]", "[16.22]")
def test_16_12_a_catapult_that_fired_in_the_siege_phase_may_not_fire_in_the_combat_phase():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "1909")
    c = pos.place("catapult", "1909")
    w = pos.place("gondor_spearmen", "1807")           # two hexes away, in range of [16.25]
    g = pos.game()
    rig(g, 1, 1)
    play(g, {"type": "breach", "unit": c, "hexside": "1908/1909"})
    assert g.phase == "C"
    g._phase = "D"                                            # the same Game-Turn's Combat Phase
    assert g.may_fire(g.units[c]) is False
    assert not [d for d in g.fire_targets(g.units[c])] or not g.may_fire(g.units[c])
    assert w
    # the refusal names the rule that forbids it (it used to cite [7.11])
    g.step = "missile"
    err = g.why_not_fire({"type": "fire", "unit": c, "target": w})
    assert err is not None and err.rule == "[16.12]", err


@rule("gondor", "[16.12]", "[16.25]")
def test_16_12_an_unused_catapult_fires_in_the_combat_phase():
    pos = gpos(phase="D")
    c = pos.place("catapult", "1909")
    w = pos.place("gondor_spearmen", "1807")
    g = pos.game()
    assert {"type": "fire", "unit": c, "target": w} in g.legal_actions()


@rule("gondor", "[16.13]")
def test_16_13_grond_carried_only_by_trolls_or_uruk_hai():
    for kind, ok in (("troll", True), ("uruk", True), ("orc_infantry", False)):
        pos = gpos(phase="C")
        u = pos.place(kind, "1915")
        pos.place("grond", "1915")
        g = pos.game()
        assert bool(pushes(g, u)) is ok, kind


@rule("gondor", "[16.13]", "[16.28]", "[17.13]")
def test_16_13_grond_breaches_only_when_activated():
    for active in (False, True):
        pos = gpos(phase="B")
        pos.place("troll", "1911")
        gr = pos.place("grond", "1911")
        pos.extra(siege={"grond": active})
        g = pos.game()
        assert bool(acts(g, "breach", gr)) is active


@rule("gondor", "[16.15]")
def test_16_15_siege_equipment_has_no_zoc_and_no_combat_value():
    pos = gpos(phase="F")
    pos.place("siege_tower", "1913")
    pos.place("catapult", "1914")
    w = pos.place("gondor_spearmen", "1912")
    g = pos.game()
    assert not g.in_enemy_zoc(g.units[w])
    assert "1911" in dests(g, w) and "2013" in dests(g, w)
    assert not g.melee_targets(g.units[w]) and not g.fire_targets(g.units[w])    # nothing to attack


# ----- [16.2] breaching, [16.3] the Breach Probability Table ---------------------------------------
def breach_game(cat_hex, *, grond=False):
    pos = gpos(phase="B")
    pos.place("troll" if grond else "orc_infantry", cat_hex)
    c = pos.place("grond" if grond else "catapult", cat_hex)
    if grond:
        pos.extra(siege={"grond": True})
    g = pos.game()
    return g, c


# (catapult hex, hexside, range, kind, totals that breach)
BREACH_CELLS = [
    ("1909", "1908/1909", 1, "wall", {7}),
    ("2008", "1908/1909", 2, "wall", {9}),
    ("1911", "1908/1909", 3, "wall", {3}),
    ("1507", "1507/1606", 1, "gate", {4, 5}),
    ("1508", "1507/1606", 2, "gate", {6}),
    ("1306", "1305/1306", 1, "tower", {3}),
]


@rule("gondor", "[16.3]", "[16.22]", "[16.23]")
@pytest.mark.parametrize("cat,side,rng,kind,wins", BREACH_CELLS)
def test_16_3_breach_probability_table_cells(cat, side, rng, kind, wins):
    g, c = breach_game(cat)
    assert g.catapult_range(g.units[c], side) == rng
    assert g.wall_type(g.hexmap.side(*side.split("/"))) == kind
    for total in range(2, 13):
        g2 = g.clone()
        a, b = (total - 1, 1) if total <= 7 else (6, total - 6)
        rig(g2, a, b)
        ev = play(g2, {"type": "breach", "unit": c, "hexside": side})
        assert (side in g2.siege.breached) is (total in wins), (total, ev[0]["text"])


@rule("gondor", "[16.22]")
def test_16_22_catapult_at_range_two_needs_nine_against_a_wall():
    g, c = breach_game("2008")
    rig(g, 4, 5)
    ev = play(g, {"type": "breach", "unit": c, "hexside": "1908/1909"})
    assert "needs 9" in ev[0]["text"] and ev[0]["cell"] == "catapult_2/wall"
    assert "1908/1909" in g.siege.breached


@rule("gondor", "[16.3]", "[16.21]")
def test_16_3_tower_at_range_three_is_prohibited():
    g, c = breach_game("1307")
    targets = {a["hexside"] for a in acts(g, "breach", c)}
    assert g.catapult_range(g.units[c], "1305/1306") == 2 and "1305/1306" in targets
    g, c = breach_game("1308")
    rng = g.catapult_range(g.units[c], "1305/1306")
    assert rng >= 3 and "1305/1306" not in {a["hexside"] for a in acts(g, "breach", c)}


@rule("gondor", "[16.21]", "[16.23]")
def test_16_21_maximum_range_four():
    g, c = breach_game("1911")
    cat = g.units[c]
    targets = {a["hexside"] for a in acts(g, "breach", c)}
    assert targets and all(g.catapult_range(cat, k) <= 4 for k in targets)
    far = [k for k, s in g.hexmap.sides().items() if s["kind"] in ("wall", "tower", "gate")
           and s.get("name") not in ("Outer Wall", "Main Gate") and g.catapult_range(cat, k) == 5]
    assert far and not (set(far) & targets)


@rule("gondor", "[16.24]")
def test_16_24_catapults_never_fire_through_mountains():
    g, c = breach_game("0904")
    targets = {a["hexside"] for a in acts(g, "breach", c)}
    assert g.catapult_range(g.units[c], "1202/1302") == 4
    assert "1202/1302" not in targets                       # behind Mindolluin's shoulder


@rule("gondor", "[16.25]", "[7.12]")
def test_16_25_catapult_anti_personnel_range_two_strength_e():
    pos = gpos(phase="D")
    c = pos.place("catapult", "1912")
    near = pos.place("gondor_spearmen", "1914")
    far = pos.place("gondor_spearmen", "1915")
    g = pos.game()
    targets = {a["target"] for a in acts(g, "fire", c)}
    assert near in targets and far not in targets
    rig(g, 3, 3)
    ev = play(g, {"type": "fire", "unit": c, "target": near})
    assert any(e.get("cell") == "E/3" for e in ev)


@rule("standard", "[7.12]")
def test_7_12_errata_off_catapults_reach_four():
    pos = gpos(phase="D", errata_7_12=False)
    c = pos.place("catapult", "1912")
    far = pos.place("gondor_spearmen", "1916")
    g = pos.game()
    assert far in {a["target"] for a in acts(g, "fire", c)}


@rule("gondor", "[16.26]", "[16.12]", "[16.6]")
def test_16_26_catapults_hurl_fireballs_and_heads_in_the_siege_phase():
    g, c = breach_game("1911")
    kinds = {a["type"] for a in acts(g, unit=c)}
    assert {"breach", "fireball", "head"} <= kinds
    play(g, {"type": "fireball", "unit": c, "to": "1913"})
    assert not acts(g, unit=c)                              # one use per Game-Turn


@rule("gondor", "[16.27]")
def test_16_27_a_breach_lasts_for_the_rest_of_the_game():
    g, c = breach_game("1909")
    rig(g, 3, 4)
    play(g, {"type": "breach", "unit": c, "hexside": "1908/1909"})
    end_until(g, "B", turn=10)
    assert "1908/1909" in g.siege.breached
    assert "1908/1909" in g.view(SAURON)["exclusive"]["breached"]


@rule("gondor", "[16.28]", "[15.23]")
def test_16_28_grond_breaches_the_main_gate_on_5_to_9_and_never_the_outer_wall():
    g, gr = breach_game("1911", grond=True)
    targets = {a["hexside"] for a in acts(g, "breach", gr)}
    assert targets == {"1910/1911"}                         # its other hexsides are plain
    g2, gr2 = breach_game("2010", grond=True)
    assert not acts(g2, "breach", gr2)                      # Outer Wall and its tower: never
    for total, ok in ((4, False), (5, True), (9, True), (10, False)):
        g3 = g.clone()
        rig(g3, total - 2 if total <= 8 else 6, 2 if total <= 8 else total - 6)
        play(g3, {"type": "breach", "unit": gr, "hexside": "1910/1911"})
        assert ("1910/1911" in g3.siege.breached) is ok, total


@rule("gondor", "[16.28]", "[16.3]")
@pytest.mark.parametrize("hexside,kind,wins", [("1908/1909", "wall", {4}), ("1507/1606", "gate", set(range(3, 11))),
                                               ("1305/1306", "tower", {2})])
def test_16_28_grond_breaches_inner_walls_by_the_grond_row(hexside, kind, wins):
    a, b = hexside.split("/")
    g0 = gpos().game()
    low = a if g0.level(a) < g0.level(b) else b
    g, gr = breach_game(low, grond=True)
    for total in range(2, 13):
        g2 = g.clone()
        rig(g2, *((total - 1, 1) if total <= 7 else (6, total - 6)))
        play(g2, {"type": "breach", "unit": gr, "hexside": hexside})
        assert (hexside in g2.siege.breached) is (total in wins), total


@rule("gondor", "[16.13]", "[16.28]")
def test_16_28_grond_needs_a_troll_or_uruk_in_its_hex():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "1911")
    gr = pos.place("grond", "1911")
    pos.extra(siege={"grond": True})
    g = pos.game()
    assert not acts(g, "breach", gr)


@rule("gondor", "[16.23]", "[15.23]")
def test_16_23_no_catapult_ever_breaches_the_main_gate():
    g, c = breach_game("1911")
    assert "1910/1911" not in {a["hexside"] for a in acts(g, "breach", c)}


# ----- [16.41] siege towers -------------------------------------------------------------------------
def tower_game(turn=8):
    pos = gpos(turn=turn, phase="C")
    o = pos.place("orc_infantry", "2011")
    t = pos.place("siege_tower", "2011")
    pos.place("gondor_spearmen", "1703")               # far away: keeps the Westernesse in play
    g = pos.game()
    return g, o, t


@rule("gondor", "[16.41]")
def test_16_41_a_tower_pushed_to_the_wall_is_usable_only_after_a_siege_phase_there():
    g, o, t = tower_game()
    select(g, o)
    play(g, {"type": "push", "unit": o, "gear": t, "to": "2010"})
    assert g.terrain_cost(g.units[o], "2010", "1910") is None      # not this turn
    end_until(g, "C", turn=9)
    assert g.terrain_cost(g.units[o], "2010", "1910") == 1 + 1     # [16.41] +1 MP
    assert "1910" in dests(g, o)


@rule("gondor", "[16.41]")
def test_16_41_a_tower_moved_away_and_back_must_begin_a_new_siege_phase_there():
    pos = gpos(turn=9, phase="C")
    o = pos.place("orc_infantry", "2010")
    t = pos.place("siege_tower", "2010")
    o2 = pos.place("orc_infantry", "2012")
    pos.extra(siege={"ready": {t: ["2010", 9]}})
    g = pos.game()
    assert "1910" in dests(g, o)
    select(g, o)
    play(g, {"type": "push", "unit": o, "gear": t, "to": "2011"})
    assert g.terrain_cost(g.units[o2], "2010", "1910") is None
    assert "1910" not in dests(g, o2)


@rule("gondor", "[16.41]", "[16.48]")
def test_16_41_only_sauron_units_use_sauron_siege_towers():
    pos = gpos(turn=9, phase="F")
    w = pos.place("gondor_spearmen", "2010")
    t = pos.place("siege_tower", "2010")
    pos.extra(siege={"ready": {t: ["2010", 9]}, "gate_control": {}})
    g = pos.game()
    assert g.terrain_cost(g.units[w], "2010", "1910") is None


# ----- [16.42] fighting from a siege tower -----------------------------------------------------------
@rule("gondor", "[16.42]")
def test_16_42_siege_tower_armour_minus_one_in_melee_plus_one_against_missiles():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "1913")              # armour 2
    pos.place("siege_tower", "1913")
    g = pos.game()
    assert g.defence_armour(g.units[o], "1912", False)[0] == 1
    assert g.defence_armour(g.units[o], "1911", True)[0] == 3


# ----- [16.43] ladders ----------------------------------------------------------------------------------
@rule("gondor", "[16.43]")
def test_16_43_ladder_usable_the_turn_after_placing():
    pos = gpos(turn=8, phase="C")
    o = pos.place("orc_infantry", "2010")
    pos.place("gondor_spearmen", "1703")
    g = pos.game()
    play(g, {"type": "ladder", "unit": o, "hexside": "1910/2010"})
    assert g.terrain_cost(g.units[o], "2010", "1910") is None
    end_until(g, "C", turn=9)
    assert g.terrain_cost(g.units[o], "2010", "1910") == 1 + 3
    assert "1910" in dests(g, o)


@rule("gondor", "[16.43]")
def test_16_43_a_unit_moves_adjacent_and_places_a_ladder_the_same_phase():
    pos = gpos(turn=8, phase="C")
    o = pos.place("orc_infantry", "2012")
    pos.place("gondor_spearmen", "1703")
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2010"})
    assert {"type": "ladder", "unit": o, "hexside": "1910/2010"} in g.legal_actions()
    play(g, {"type": "ladder", "unit": o, "hexside": "1910/2010"})
    assert g.siege.ladders == [Ladder(hex="2010", hexside="1910/2010", turn=8)]


@rule("gondor", "[16.43]")
def test_16_43_ladders_only_against_a_wall_from_below():
    pos = gpos(turn=8, phase="C")
    o = pos.place("orc_infantry", "1912")              # not beside a wall
    i = pos.place("orc_infantry", "1909")              # inside level 1: the Second Wall above it
    pos.place("gondor_spearmen", "1703")
    g = pos.game()
    sides = {a["hexside"] for a in g.legal_actions() + move_options(g, o) + move_options(g, i)
             if a["type"] == "ladder"}
    assert "1908/1909" in sides
    assert not any(s for s in sides if "1912" in s)


# ----- [16.44] ZOC through the wall from towers and ladders ------------------------------------------
@rule("gondor", "[16.44]")
def test_16_44_units_on_ladders_and_in_towers_exert_zoc_through_the_wall():
    for extra in ({}, {"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]},
                  {"ready": {"siege_tower1": ["2010", 8]}}):
        pos = gpos(turn=8, phase="F")
        pos.place("orc_infantry", "2010")
        if "ready" in extra:
            pos.place("siege_tower", "2010")
        w = pos.place("gondor_spearmen", "1910")
        pos.extra(siege=extra)
        g = pos.game()
        assert g.in_enemy_zoc(g.units[w]) is bool(extra), extra


# ----- [16.45] ladders and armour ----------------------------------------------------------------------
@rule("gondor", "[16.45]")
def test_16_45_units_on_a_ladder_minus_one_armour_melee_and_missile():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "2010")              # armour 2
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert g.defence_armour(g.units[o], "2011", False)[0] == 1
    assert g.defence_armour(g.units[o], "2012", True)[0] == 1


# ----- [16.46] leaders on ladders and siege towers ---------------------------------------------------
@rule("gondor", "[16.46]")
def test_16_46_leader_minus_one_fighting_through_a_wall_from_a_ladder():
    pos = gpos(phase="D")
    pos.place("orc_infantry", "2010")
    pos.place("gothmog", "2010")
    pos.place("gondor_spearmen", "1910")
    pos.place("imrahil", "1910")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert g.units["gothmog"].rally == 5
    assert g.preview({"type": "leader_attack", "unit": "gothmog", "target": "imrahil"})["differential"] == 4 - 6
    rig(g, 3)
    ev = play(g, {"type": "leader_attack", "unit": "gothmog", "target": "imrahil"})
    assert "(4) attacks Imrahil (6)" in ev[0]["text"]


@rule("gondor", "[16.46]")
def test_16_46_no_penalty_against_a_leader_not_across_the_wall():
    pos = gpos(phase="D")
    pos.place("orc_infantry", "2010")
    pos.place("gothmog", "2010")
    pos.place("gondor_spearmen", "2011")
    pos.place("imrahil", "2011")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    rig(g, 3)
    ev = play(g, {"type": "leader_attack", "unit": "gothmog", "target": "imrahil"})
    assert "(5) attacks Imrahil (6)" in ev[0]["text"]


# ----- [16.47] adverse melee results destroy towers and ladders ---------------------------------------
@rule("gondor", "[16.47]")
def test_16_47_adverse_melee_result_destroys_the_siege_tower():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "1913")
    t = pos.place("siege_tower", "1913")
    w = pos.place("gondor_axeman", "1912")
    g = pos.game()
    play(g, {"type": "attack", "unit": w, "target": o})
    rig(g, 2, 2, 6)                                   # B vs 1 (tower -1) hits on 4; Y die 6 = r1
    play(g, {"type": "resolve"})
    assert g.units[t].where == "dead"


@rule("gondor", "[16.47]")
def test_16_47_adverse_melee_result_destroys_the_ladder():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "2010")
    w = pos.place("gondor_axeman", "2011")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    play(g, {"type": "attack", "unit": w, "target": o})
    rig(g, 2, 2, 6)
    play(g, {"type": "resolve"})
    assert g.siege.ladders == []


@rule("gondor", "[16.47]")
@pytest.mark.parametrize("archer", ["gondor_bowman", "armored_archer"])
def test_16_47_missile_fire_never_destroys_them(archer):
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "1913")
    t = pos.place("siege_tower", "1913")
    b = pos.place(archer, "1911")
    pos.extra(siege={"ladders": [{"hex": "1913", "side": "1912/1913", "turn": 7}]})
    g = pos.game()
    rig(g, 3, 3, 6)                                   # a hit; Y die 6 = r1
    ev = play(g, {"type": "fire", "unit": b, "target": o})
    assert any(e["type"] == "casualty_result" for e in ev)
    assert g.units[t].where != "dead"
    assert g.siege.ladders


# ----- [16.48] cavalry, Mumakil and equipment never climb -----------------------------------------
@rule("gondor", "[16.48]")
@pytest.mark.parametrize("kind", ["mordor_cavalry", "mumak"])
def test_16_48_cavalry_and_mumakil_never_use_ladders_or_towers(kind):
    pos = gpos(turn=9, phase="C")
    u = pos.place(kind, "2010")
    t = pos.place("siege_tower", "2010")
    pos.extra(siege={"ready": {t: ["2010", 9]}, "ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert g.terrain_cost(g.units[u], "2010", "1910") is None
    assert not acts(g, "ladder")


@rule("gondor", "[16.48]")
def test_16_48_equipment_crosses_walls_only_through_breached_or_controlled_gates():
    pos = gpos(turn=9, phase="C")
    o = pos.place("orc_infantry", "2010")
    pos.place("catapult", "2010")
    pos.extra(siege={"breached": ["1910/2010"], "ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert "1910" in dests(g, o)
    assert "1910" not in pushes(g, o)
    pos = gpos(turn=9, phase="C")
    o = pos.place("orc_infantry", "1911")
    pos.place("catapult", "1911")
    pos.extra(siege={"breached": ["1910/1911"]})
    g = pos.game()
    assert "1910" in pushes(g, o)


# ----- [16.51] [16.52] advance during siege ---------------------------------------------------------
def grond_breach(*, enemy_zoc=False):
    pos = gpos(phase="B")
    tr = pos.place("troll", "1911")
    gr = pos.place("grond", "1911")
    pos.extra(siege={"grond": True})
    if enemy_zoc:
        pos.place("gondor_spearmen", "1909")
    g = pos.game()
    rig(g, 3, 4)
    ev = play(g, {"type": "breach", "unit": gr, "hexside": "1910/1911"})
    return g, tr, gr, ev


@rule("gondor", "[16.51]", "[16.52]", "[16.5]")
def test_16_51_infantry_with_the_breaching_engine_may_advance_one_hex_through():
    g, tr, gr, ev = grond_breach()
    assert "1910/1911" in g.siege.breached
    assert g.pending and g.pending[0]["kind"] == "advance" and g.to_act == SAURON
    options = g.legal_actions()
    assert {"type": "advance", "unit": tr, "to": "1910"} in options
    assert {"type": "stay", "unit": tr} in options            # voluntary
    play(g, {"type": "advance", "unit": tr, "to": "1910"})
    assert g.units[tr].hex == "1910" and g.units[gr].hex == "1911"


@rule("gondor", "[16.51]")
def test_16_51_no_advance_into_an_enemy_zoc():
    g, tr, gr, ev = grond_breach(enemy_zoc=True)
    assert "1910/1911" in g.siege.breached
    assert not (g.pending and g.pending[0]["kind"] == "advance")


@rule("gondor", "[16.51]")
def test_16_51_no_advance_after_a_breach_at_range_two():
    g, c = breach_game("2008")
    rig(g, 4, 5)
    play(g, {"type": "breach", "unit": c, "hexside": "1908/1909"})
    assert "1908/1909" in g.siege.breached
    assert not g.pending


@rule("gondor", "[16.52]")
def test_16_52_only_units_stacked_with_the_engine_advance():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "1909")
    c = pos.place("catapult", "1909")
    other = pos.place("orc_infantry", "2008")          # also beside the hexside, not stacked
    g = pos.game()
    rig(g, 3, 4)
    play(g, {"type": "breach", "unit": c, "hexside": "1908/1909"})
    assert g.pending and all(d["unit"] != other for d in g.pending)
