"""Gondor [16.6] fireballs, [16.7] boiling oil (with dummies hidden from Sauron), [16.8]
severed heads."""

from __future__ import annotations

import json

import pytest
from _gondor import SAURON, WEST, cost, end_until, gpos

from conftest import acts, dests, illegal, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def catapult(hex_="1913", phase="B", **kw):
    pos = gpos(phase=phase, **kw)
    pos.place("orc_infantry", hex_)
    c = pos.place("catapult", hex_)
    return pos, c


# ----- [16.61]-[16.64] hurling and scatter ---------------------------------------------------------
@rule("gondor", "[16.61]")
def test_16_61_fireballs_reach_four_hexes_not_counting_the_catapults_hex():
    pos, c = catapult("2215")
    g = pos.game()
    targets = {a["to"] for a in acts(g, "fireball", c)}
    assert targets and max(hx.distance("2215", h) for h in targets) == 4
    assert "2215" not in targets and "2211" in targets and "2210" not in targets


@rule("gondor", "[16.61]", "[16.24]")
def test_16_61_never_over_mountain_hexes():
    pos, c = catapult("0904")
    g = pos.game()
    targets = {a["to"] for a in acts(g, "fireball", c)}
    assert hx.distance("0904", "1202") == 3 and "1202" not in targets
    assert "0906" in targets


@rule("gondor", "[16.62]", "[16.63]")
def test_16_62_at_one_or_two_hexes_the_fireball_lands_where_aimed_without_a_roll():
    pos, c = catapult("2215")
    g = pos.game()
    n = g.dice.count
    play(g, {"type": "fireball", "unit": c, "to": "2213"})
    assert g.dice.count == n and "2213" in g.siege.fires


@rule("gondor", "[16.63]")
def test_16_63_the_rules_example_2906_scatters_to_2907_on_a_four():
    pos, c = catapult("2909")
    g = pos.game()
    assert hx.distance("2909", "2906") == 3
    rig(g, 4, 4)                                     # scatters (4-6); diagram direction 4
    play(g, {"type": "fireball", "unit": c, "to": "2906"})
    assert set(g.siege.fires) == {"2907"}


@rule("gondor", "[16.63]")
@pytest.mark.parametrize("die", [1, 2, 3])
def test_16_63_on_one_to_three_it_hits_the_target(die):
    pos, c = catapult("2909")
    g = pos.game()
    rig(g, die)
    play(g, {"type": "fireball", "unit": c, "to": "2906"})
    assert set(g.siege.fires) == {"2906"}


@rule("gondor", "[16.64]")
def test_16_64_a_scattered_fireball_may_land_five_hexes_away():
    pos, c = catapult("2910")
    g = pos.game()
    rig(g, 6, 1)                                     # scatter, direction 1 (away up the column)
    play(g, {"type": "fireball", "unit": c, "to": "2906"})
    (where,) = g.siege.fires
    assert where == "2905" and hx.distance("2910", where) == 5


# ----- [16.65] what fireballs destroy -----------------------------------------------------------------
@rule("gondor", "[16.65]")
def test_16_65_fireballs_burn_catapults_cauldrons_and_towers_with_their_crew():
    pos, c = catapult("2215")
    o = pos.place("orc_infantry", "2213")
    t = pos.place("siege_tower", "2213")
    wc = pos.place("w_catapult", "2214")
    cd = pos.place("cauldron", "2214", real=True)
    g = pos.game()
    play(g, {"type": "fireball", "unit": c, "to": "2213"})
    assert g.units[t].where == "dead" and g.units[o].where == "dead"
    g2 = pos.game()
    play(g2, {"type": "fireball", "unit": c, "to": "2214"})
    assert g2.units[wc].where == "dead" and g2.units[cd].where == "dead"


@rule("gondor", "[16.65]")
def test_16_65_no_casualties_to_units_ladders_or_grond():
    pos, c = catapult("2215")
    w = pos.place("gondor_spearmen", "2213")
    gr = pos.place("grond", "2214")
    pos.extra(siege={"ladders": [{"hex": "2214", "side": "2213/2214", "turn": 7}]})
    g = pos.game()
    play(g, {"type": "fireball", "unit": c, "to": "2213"})
    assert g.units[w].on_map and not g.units[w].reduced and not g.units[w].disrupted
    g2 = pos.game()
    play(g2, {"type": "fireball", "unit": c, "to": "2214"})
    assert g2.units[gr].on_map and g2.siege.ladders


# ----- [16.66] how long fires burn -----------------------------------------------------------------
@rule("gondor", "[16.66]")
def test_16_66_fires_outside_burn_until_the_next_siege_phase_inside_for_good():
    pos, c = catapult("1913")
    pos.place("orc_infantry", "1914")
    c2 = pos.place("catapult", "1914")
    pos.place("gondor_spearmen", "1703")
    g = pos.game()
    play(g, {"type": "fireball", "unit": c, "to": "1912"})          # outside
    rig(g, 1)                                                       # range 4: on target
    play(g, {"type": "fireball", "unit": c2, "to": "1910"})         # inside
    end_until(g, "F", turn=8)
    assert {"1912", "1910"} <= set(g.siege.fires)
    end_until(g, "C", turn=9)
    assert "1912" not in g.siege.fires and "1910" in g.siege.fires


@rule("gondor", "[16.66]")
def test_16_66_fire_inside_the_city_kept_and_outside_removed_at_the_siege_phase():
    pos = gpos(turn=9, phase="A")
    pos.place("gondor_spearmen", "1703")
    pos.place("orc_infantry", "2215")
    pos.extra(siege={"fires": {"1912": "field", "1910": "city"}})
    g = pos.game()
    end_until(g, "C", turn=9)
    assert g.siege.fires == {"1910": "city"}


# ----- [16.67] fire and movement ------------------------------------------------------------------
@rule("gondor", "[16.67]")
def test_16_67_entering_a_burning_hex_costs_three_more():
    costs = []
    for fires in ({}, {"2214": "field"}):
        pos = gpos(phase="C")
        o = pos.place("orc_infantry", "2215")
        pos.extra(siege={"fires": fires})
        g = pos.game()
        costs.append(cost(g, o, "2214"))
    assert costs[1] == costs[0] + 3


# ----- [16.71]-[16.75] boiling oil ----------------------------------------------------------------
def oil_game(carry="real", *, phase="C", orc_at="2012", target_hex="2010", tower=False):
    """A Westernesse spearman on the Outer Wall (1910) carrying oil; an orc about to come
    beneath it."""
    pos = gpos(phase=phase)
    w = pos.place("gondor_spearmen", "1910", oil=carry)
    o = pos.place("orc_infantry", orc_at)
    t = pos.place("siege_tower", orc_at) if tower else None
    pos.place("orc_infantry", "2215")                  # another Sauron unit, so the phase stays open
    g = pos.game()
    return g, w, o, t


@rule("gondor", "[16.71]")
def test_16_71_cauldrons_never_move():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1706")
    cd = pos.place("cauldron", "1706", real=True)
    g = pos.game()
    assert {"type": "select", "unit": cd} not in g.legal_actions()
    play(g, {"type": "select", "unit": w})
    assert not [a for a in g.legal_actions() if a["type"] == "push"]


@rule("gondor", "[16.72]")
def test_16_72_picking_up_oil_is_free_three_per_cauldron_dummies_give_dummy_oil():
    pos = gpos(phase="F")
    ws = [pos.place("gondor_spearmen", h) for h in ("1706", "1707", "1807", "1806")]
    real = pos.place("cauldron", "1706", real=True)
    dummy = pos.place("cauldron", "1707", real=False)
    g = pos.game()
    play(g, {"type": "take_oil", "unit": ws[0], "cauldron": real})
    play(g, {"type": "take_oil", "unit": ws[1], "cauldron": dummy})
    assert g.units[ws[0]].flags["carry"] == "real" and g.units[ws[1]].flags["carry"] == "dummy"
    assert g.units[real].flags["oil"] == 2
    assert {"type": "select", "unit": ws[0]} in g.legal_actions()   # may still move
    g.units[real].set_flag("oil", 0)
    g._touch()
    assert not [a for a in g.legal_actions() if a["type"] == "take_oil" and a.get("cauldron") == real]


@rule("gondor", "[16.73]")
def test_16_73_cauldrons_do_not_count_for_stacking():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1806")
    pos.place("cauldron", "1706", real=False)
    g = pos.game()
    assert "1706" in dests(g, w)


@rule("gondor", "[16.73]")
def test_16_73_an_enemy_combat_unit_in_its_hex_destroys_a_cauldron():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1909")
    cd = pos.place("cauldron", "2008", real=False)
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2008"})
    assert g.units[cd].where == "dead"


@rule("gondor", "[16.74]")
def test_16_74_real_oil_poured_in_the_sauron_movement_phase_eliminates_the_unit():
    g, w, o, _ = oil_game()
    play(g, {"type": "move", "unit": o, "to": "2010"})
    assert g.to_act == WEST and g.pending[0]["kind"] == "oil"
    play(g, {"type": "pour", "unit": w, "target": o})
    assert g.units[o].where == "dead"
    assert "carry" not in g.units[w].flags and g.to_act == SAURON


@rule("gondor", "[16.74]", "[16.11]")
def test_16_74_oil_destroys_a_siege_tower_below_the_wall():
    g, w, o, t = oil_game(tower=True)
    play(g, {"type": "select", "unit": o})
    play(g, {"type": "push", "unit": o, "gear": t, "to": "2010"})
    assert {"type": "pour", "unit": w, "target": t} in g.legal_actions()
    play(g, {"type": "pour", "unit": w, "target": t})
    assert g.units[t].where == "dead"


@rule("gondor", "[16.74]", "[16.71]")
def test_16_74_dummy_oil_is_asked_about_too_but_can_only_be_held():
    g, w, o, _ = oil_game("dummy")
    play(g, {"type": "move", "unit": o, "to": "2010"})
    assert g.to_act == WEST and g.pending[0]["kind"] == "oil"
    assert g.legal_actions() == [{"type": "hold", "unit": w}]
    play(g, {"type": "hold", "unit": w})
    assert g.units[o].on_map and g.to_act == SAURON


@rule("gondor", "[16.74]", "[16.71]")
def test_16_74_the_sauron_view_never_tells_real_oil_from_dummy():
    seen = []
    for carry in ("real", "dummy"):
        g, w, o, _ = oil_game(carry)
        play(g, {"type": "move", "unit": o, "to": "2010"})
        v = g.view(SAURON)
        v.pop("actions_played", None)
        seen.append(json.dumps([v, g.log_for(SAURON)], sort_keys=True))
        play(g, {"type": "hold", "unit": w})
        v = g.view(SAURON)
        seen.append(json.dumps([v, g.log_for(SAURON)], sort_keys=True))
    assert seen[0] == seen[2] and seen[1] == seen[3]


@rule("gondor", "[16.74]")
def test_16_74_only_on_a_lower_level():
    g, w, o, _ = oil_game(orc_at="1908")               # level 2: higher than the carrier
    g.siege.breached.append("1908/1909")
    play(g, {"type": "move", "unit": o, "to": "1909"})  # same level as 1910
    assert not g.pending


@rule("gondor", "[16.74]")
def test_16_74_no_oil_outside_the_sauron_movement_phase():
    pos = gpos(phase="G")
    w = pos.place("gondor_spearmen", "1910", oil="real")
    o = pos.place("orc_infantry", "2010")
    g = pos.game()
    illegal(g, {"type": "pour", "unit": w, "target": o})


@rule("gondor", "[16.74]")
def test_16_74_westernesse_may_pour_on_a_unit_already_below_at_the_phase_start():
    pos = gpos(phase="B")
    w = pos.place("gondor_spearmen", "1910", oil="real")
    o = pos.place("orc_infantry", "2010")
    g = pos.game()
    # B has nothing to do: the game is in C, where the Westernesse is asked first
    assert g.phase == "C" and g.pending and g.pending[0]["kind"] == "oil"
    play(g, {"type": "pour", "unit": w, "target": o})
    assert g.units[o].where == "dead"


@rule("gondor", "[16.75]")
def test_16_75_oil_carriers_lose_one_ma_and_one_armour_and_carry_one():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1706", oil="dummy")
    plain = pos.place("gondor_spearmen", "1707")
    pos.place("cauldron", "1706", real=True)
    g = pos.game()
    assert g.movement_allowance(g.units[w]) == g.movement_allowance(g.units[plain]) - 1
    assert g.defence_armour(g.units[w], None, False)[0] == 2
    assert g.defence_armour(g.units[w], None, True)[0] == 2
    assert not acts(g, "take_oil", w)


# ----- [16.8] severed heads ------------------------------------------------------------------------
@rule("gondor", "[16.81]", "[16.83]", "[16.8]")
def test_16_81_a_head_thrown_into_the_city_adds_a_garrison_point():
    pos, c = catapult("1912")
    g = pos.game()
    play(g, {"type": "head", "unit": c, "to": "1910"})
    assert g.siege.heads == {"1910": 1} and g.siege.heads_thrown == 1
    assert g.dp["garrison"] == 1
    assert not acts(g, unit=c)                                      # one per Siege Phase


@rule("gondor", "[16.81]")
def test_16_81_twelve_heads_in_all():
    pos, c = catapult("1912")
    pos.extra(siege={"heads_thrown": 12})
    g = pos.game()
    assert not acts(g, "head", c) and acts(g, "fireball", c)


@rule("gondor", "[16.82]", "[16.63]")
def test_16_82_heads_scatter_like_fireballs():
    pos, c = catapult("1913")
    g = pos.game()
    rig(g, 5, 1)                                      # scatters; direction 1
    play(g, {"type": "head", "unit": c, "to": "1910"})
    assert g.siege.heads == {"1909": 1}


@rule("gondor", "[16.84]")
def test_16_84_westernesse_morale_one_level_lower_in_a_hex_with_a_head():
    pos = gpos(phase="D")
    w = pos.place("gondor_spearmen", "1910")          # morale X
    pos.extra(siege={"heads": {"1910": 1}})
    g = pos.game()
    assert g.defence_morale(g.units[w]) == "Y"


@rule("gondor", "[16.85]")
def test_16_85_heads_outside_the_city_are_removed_and_use_the_catapult():
    pos, c = catapult("1914")
    pos.place("gondor_spearmen", "1912")
    g = pos.game()
    play(g, {"type": "head", "unit": c, "to": "1913"})
    assert g.siege.heads == {} and g.dp["garrison"] == 0 and g.siege.heads_thrown == 1
    g._phase = "D"
    assert not g.may_fire(g.units[c])                               # its fire this Game-Turn


@rule("gondor", "[16.86]")
def test_16_86_a_fireball_removes_a_head_but_not_its_point():
    pos, c = catapult("1912")
    pos.extra(siege={"heads": {"1910": 1}}, dp={"garrison": 1})
    g = pos.game()
    play(g, {"type": "fireball", "unit": c, "to": "1910"})
    assert g.siege.heads == {} and g.dp["garrison"] == 1


@rule("gondor", "[16.86]")
@pytest.mark.parametrize("what", ["fire", "cauldron_real", "cauldron_dummy"])
def test_16_86_heads_landing_in_fire_or_a_cauldron_are_lost_without_a_point(what):
    pos, c = catapult("1912")
    if what == "fire":
        pos.extra(siege={"fires": {"1910": "city"}})
    else:
        pos.place("cauldron", "1910", real=what.endswith("real"))
    g = pos.game()
    play(g, {"type": "head", "unit": c, "to": "1910"})
    assert g.siege.heads == {} and g.dp["garrison"] == 0
