"""Gondor [19.0] demoralization (three armies, fluctuating totals) and [20.0] victory."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, end_until, gpos

import ringwar
from conftest import Position, play, rig

rule = pytest.mark.rule


def main_gate_sauron():
    gates = dict(ringwar.new_game("gondor").siege.gate_control)
    gates["1910/1911"] = SAURON
    return gates


# ----- [19.11] the garrison ---------------------------------------------------------------------
@rule("gondor", "[19.11]")
def test_19_11_garrison_level_36_and_plus_ten_per_city_level_sauron_controls():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1911")
    pos.place("gondor_spearmen", "1706")                  # level 3: not level 1
    pos.extra(siege={"breached": ["1910/1911"], "last": {"1911": SAURON}})
    g = pos.game()
    assert g.dp_level("garrison") == 36 and g.dp_level("relief") == 76 and g.dp_level(SAURON) == 93
    play(g, {"type": "move", "unit": o, "to": "1910"})
    assert g.siege.gate_control["1910/1911"] == SAURON
    assert g.siege.levels == [1]
    assert g.dp["garrison"] == 10 and g.dp[SAURON] == -5         # [19.13] -5 per level


@rule("gondor", "[19.11]", "[16.28]")
def test_19_11_plus_five_when_grond_breaches_the_main_gate():
    pos = gpos(phase="B")
    pos.place("troll", "1911")
    gr = pos.place("grond", "1911")
    pos.place("gondor_spearmen", "1909")                  # keeps the troll from advancing
    pos.extra(siege={"grond": True})
    g = pos.game()
    rig(g, 3, 4)
    play(g, {"type": "breach", "unit": gr, "hexside": "1910/1911"})
    assert g.dp["garrison"] == 5


# ----- [19.12] the relief forces ----------------------------------------------------------------
@rule("gondor", "[19.12]")
def test_19_12_reinforcements_have_their_own_total():
    pos = gpos(phase="G")
    r = pos.place("rohan_heavy_cav", "1215")
    w = pos.place("gondor_spearmen", "1217")
    g = pos.game()
    g.eliminate(g.units[r], "[7.42]", "test")
    assert g.dp["relief"] == g.demoralization_value(g.units[r]) and g.dp["garrison"] == 0
    g.eliminate(g.units[w], "[7.42]", "test")
    assert g.dp["garrison"] == g.demoralization_value(g.units[w])


@rule("gondor", "[19.12]", "[19.14]")
def test_19_12_a_demoralized_garrison_does_not_demoralize_the_relief():
    pos = gpos(phase="G")
    pos.place("rohan_heavy_cav", "1215")
    pos.place("gondor_spearmen", "1217")
    pos.demoralization(garrison=36)
    g = pos.game()
    g.add_dp("garrison", 1, "[9.13]", "test")
    assert g.demoralized["garrison"] and not g.demoralized["relief"]
    assert g.is_demoralized(g.units["gondor_spearmen1"]) and not g.is_demoralized(g.units["rohan_heavy_cav1"])


# ----- [19.13] Sauron ------------------------------------------------------------------------------
@rule("gondor", "[19.13]")
def test_19_13_garrison_falling_takes_twenty_from_sauron_once():
    pos = gpos(phase="G")
    pos.place("gondor_spearmen", "1217")
    pos.demoralization(garrison=36, sauron=50)
    g = pos.game()
    g.add_dp("garrison", 1, "[9.13]", "test")
    assert g.demoralized["garrison"] and g.dp[SAURON] == 30
    g.add_dp("garrison", -10, "[19.11]", "test")               # recovers
    g.add_dp("garrison", 10, "[9.13]", "test")                 # and falls again
    assert g.demoralized["garrison"] and g.dp[SAURON] == 30    # permanently, once


@rule("gondor", "[19.13]")
def test_19_13_losing_a_level_gives_the_five_points_back():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1912")
    pos.extra(siege={"gate_control": main_gate_sauron(), "breached": ["1910/1911"]})
    g = pos.game()
    g.update_levels()
    assert g.siege.levels == [1] and g.dp[SAURON] == -5 and g.dp["garrison"] == 10
    play(g, {"type": "move", "unit": w, "to": "1910"})          # an undisrupted unit back in level 1
    assert g.siege.levels == [] and g.dp[SAURON] == 0 and g.dp["garrison"] == 0


# ----- [19.14] fluctuating totals -------------------------------------------------------------------
@rule("gondor", "[19.14]")
def test_19_14_an_army_may_become_demoralized_and_recover():
    pos = Position("gondor", seed=1).at(turn=5, phase="E")        # Rohan still to come
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen", "1706")
    pos.demoralization(garrison=40)
    pos.extra(demoralized={"garrison": True})
    g = pos.game()
    assert g.demoralized["garrison"]
    rig(g, 6)                                                   # Rohan arrives: -10
    ev = play(g, {"type": "end"})
    assert g.dp["garrison"] == 30 and not g.demoralized["garrison"]
    assert [e["type"] for e in ev if e["rule"] == "[19.14]"] == ["recovered"]
    # a change that leaves the army on the same side of its level says nothing
    assert not [e for e in g.add_dp("garrison", 1, "[19.2]", "a test") if e["rule"] == "[19.14]"]
    assert not g.demoralized["garrison"]


# ----- [19.2] leaders' rally points ---------------------------------------------------------------
@rule("gondor", "[19.2]")
def test_19_2_a_killed_leaders_rally_points_go_to_his_army():
    pos = gpos(phase="G")
    pos.place("gondor_spearmen", "1706")
    pos.place("gandalf", "1706")
    pos.place("rohan_heavy_cav", "1215")
    pos.place("theoden", "1215")
    pos.place("orc_infantry", "2020")
    pos.place("gothmog", "2020")
    g = pos.game()
    g.eliminate(g.units["gandalf"], "[7.26]", "test")
    assert g.dp["garrison"] == 8                                # Gandalf: always the garrison's
    g.eliminate(g.units["theoden"], "[7.26]", "test")
    assert g.dp["relief"] == 6
    g.eliminate(g.units["gothmog"], "[7.26]", "test")
    assert g.dp[SAURON] == 5


@rule("gondor", "[19.2]")
def test_19_2_a_wounded_leader_adds_the_points_he_lost():
    pos = gpos(phase="G")
    pos.place("gondor_spearmen", "1912")
    pos.place("imrahil", "1912")
    pos.place("orc_infantry", "1913")
    pos.place("gothmog", "1913")
    g = pos.game()
    g._phase, g.step = "G", "leader"
    rig(g, 5)                                                   # 6 vs 5: column +1, die 5 = D½
    ev = play(g, {"type": "leader_attack", "unit": "imrahil", "target": "gothmog"})
    assert g.units["gothmog"].reduced, ev[0]["text"]
    assert g.dp[SAURON] == 5 - 2                                # 5 -> 2: three points lost
    g.eliminate(g.units["gothmog"], "[7.26]", "test")
    assert g.dp[SAURON] == 5                                    # all of them in the end


# ----- [20.1] victory ---------------------------------------------------------------------------------
def last_turn(*, garrison=False, sauron=False, road=(SAURON, SAURON)):
    pos = gpos(turn=16, phase="F")
    pos.place("gondor_spearmen", "1706")
    last = {h: s for h, s in zip(("1918", "2124"), road) if s}
    pos.extra(siege={"last": last}, demoralized={"garrison": garrison, SAURON: sauron})
    pos.demoralization(garrison=40 if garrison else 0, sauron=100 if sauron else 0)
    g = pos.game()
    end_until(g, "F", turn=16)
    play(g, {"type": "end"})
    assert g.result is not None
    return g.result


@rule("gondor", "[20.1]")
def test_20_1_sauron_wins_with_all_three():
    assert last_turn(garrison=True)["winner"] == SAURON


@rule("gondor", "[20.1]")
@pytest.mark.parametrize("kw", [dict(garrison=False), dict(garrison=True, sauron=True),
                                dict(garrison=True, road=(SAURON, WEST)),
                                dict(garrison=True, road=(SAURON, None))])
def test_20_1_westernesse_wins_by_preventing_any_one(kw):
    assert last_turn(**kw)["winner"] == WEST


@rule("gondor", "[20.1]")
def test_20_1_road_control_is_the_last_to_pass_through():
    pos = gpos(phase="F")
    w = pos.place("mounted_knight", "1917")
    pos.extra(siege={"last": {"1918": SAURON, "2124": SAURON}})
    g = pos.game()
    ev = play(g, {"type": "move", "unit": w, "to": "2019"})     # along the road: 1918, 2018, 2019
    assert "1918" in ev[0]["path"]
    assert g.siege.last["1918"] == WEST and g.siege.last["2124"] == SAURON


# ----- [20.2] city levels -----------------------------------------------------------------------------
@rule("gondor", "[20.2]")
def test_20_2_level_needs_every_gate_into_it_and_no_undisrupted_westernesse_unit():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "2601", disrupted=True)    # in level 1
    pos.extra(siege={"gate_control": main_gate_sauron()})
    g = pos.game()
    assert g.controls_level(1)                                  # a disrupted unit does not count
    g.units[w].disrupted = False
    assert not g.controls_level(1)
    g.units[w].disrupted = True
    g.siege.gate_control["1910/1911"] = WEST
    assert not g.controls_level(1)
    assert not g.controls_level(2)                               # its gate is the Westernesse's
