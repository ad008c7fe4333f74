"""Gondor rule halves the whole-case mutation runs (issue 17, round 4) showed untested: the
re-dealing of the Cauldrons' secret for any side but the Westernesse [16.71], ..."""

from __future__ import annotations

import random

import pytest
from _gondor import SAURON, WEST, cost, gpos

import ringwar
from conftest import Position, dests, move_options, play, rig
from ringwar.core.errors import RecordError

rule = pytest.mark.rule

SEEDS = range(24)


def cauldrons_game(oil: dict[int, int] | None = None, carriers: int = 4, real=(True, False) * 3):
    """Six Cauldrons placed in the city (real, dummy, real, ...), ``carriers`` spearmen each
    holding a dummy Oil counter, one spearman holding none; ``oil`` sets the Oil left in the
    Cauldrons by index (the rest keep their three)."""
    pos = gpos(phase="F")
    hexes = ["1706", "1707", "1806", "1807", "1606", "1607"]
    cs = [pos.place("cauldron", h, real=r) for h, r in zip(hexes, real)]
    ws = [pos.place("gondor_spearmen", h, oil="dummy") for h in ["1910", "1911", "2010", "2011", "1912", "2012"][:carriers]]
    bare = pos.place("gondor_spearmen", "1913")
    g = pos.game()
    for i, n in (oil or {}).items():
        g.units[cs[i]].set_flag("oil", n)          # Oil already taken from this Cauldron [16.72]
    return g, cs, ws, bare


def dealt(g, side, seed, cs, ws):
    h = g.clone()
    h.redeal(side, random.Random(seed))
    return [h.units[c].flags["real"] for c in cs], [h.units[w].flags.get("carry") for w in ws], h


@rule("gondor", "[16.71]")
def test_16_71_the_westernesse_player_knows_the_secret_nothing_is_dealt_again_for_it():
    g, cs, ws, _ = cauldrons_game()
    for seed in SEEDS:
        reals, carries, _ = dealt(g, WEST, seed, cs, ws)
        assert reals == [True, False] * 3 and carries == ["dummy"] * 4


@rule("gondor", "[16.71]")
def test_16_71_for_sauron_the_cauldrons_are_dealt_again_three_real_and_three_dummies():
    g, cs, ws, bare = cauldrons_game()
    deals = set()
    for seed in SEEDS:
        reals, carries, h = dealt(g, SAURON, seed, cs, ws)
        assert sum(reals) == 3, reals                       # three real and three dummies
        assert set(carries) <= {"real", "dummy"}
        assert not h.units[bare].flags.get("carry")         # no Oil appears in empty hands
        assert "carries" not in next(u for u in h.view(SAURON)["units"] if u["id"] == bare)
        deals.add(tuple(reals))
    assert len(deals) > 3                                   # a draw, not the true deal


@rule("gondor", "[16.71]", "[16.72]")
@pytest.mark.parametrize("left", [1, 3])
def test_16_71_oil_in_hand_is_real_exactly_when_the_only_cauldron_with_oil_left_is_real(left):
    # every Cauldron but the first is empty: the Oil in hand came from it, real if it is
    g, cs, ws, _ = cauldrons_game(oil={i: (left if i == 0 else 0) for i in range(6)})
    seen = set()
    for seed in SEEDS:
        reals, carries, _ = dealt(g, SAURON, seed, cs, ws)
        want = "real" if reals[0] else "dummy"
        assert carries == [want] * 4, (seed, reals, carries)
        seen.add(want)
    assert seen == {"real", "dummy"}


@rule("gondor", "[16.71]", "[16.72]")
def test_16_71_oil_in_hand_is_real_with_the_share_of_real_cauldrons_still_holding_oil():
    # the first two Cauldrons hold Oil: both real -> real, neither -> dummy, one of each -> either
    g, cs, ws, _ = cauldrons_game(oil={2: 0, 3: 0, 4: 0, 5: 0}, carriers=6)
    halves = set()
    for seed in range(60):
        reals, carries, _ = dealt(g, SAURON, seed, cs, ws)
        if reals[0] and reals[1]:
            assert carries == ["real"] * 6
        elif not reals[0] and not reals[1]:
            assert carries == ["dummy"] * 6
        else:
            halves.update(carries)
    assert halves == {"real", "dummy"}


@rule("gondor", "[16.71]")
def test_16_71_with_no_cauldron_holding_oil_the_oil_in_hand_is_real_or_dummy_at_even_odds():
    g, cs, ws, _ = cauldrons_game(oil=dict.fromkeys(range(6), 0), carriers=6)
    counts = {"real": 0, "dummy": 0}
    for seed in SEEDS:
        _, carries, _ = dealt(g, SAURON, seed, cs, ws)
        for c in carries:
            counts[c] += 1
    assert counts["real"] > 30 and counts["dummy"] > 30, counts


def cauldron_step():
    """A new game at the Westernesse's set-up step, every piece placed but the Cauldrons."""
    g = ringwar.new_game("gondor", seed=1)
    play(g, {"type": "deploy_rest"}, {"type": "deploy_rest"})
    assert g.to_act == WEST and g.phase == "S"
    return g


@rule("gondor", "[16.71]")
def test_16_71_the_cauldrons_are_set_up_anywhere_in_the_city_real_or_dummy():
    g = cauldron_step()
    c = next(p.id for p in g.units.values() if "cauldron" in p.tags)
    play(g, {"type": "select", "unit": c})
    places = g.legal_actions()
    hexes = {a["to"] for a in places}
    assert hexes <= g.city["city"] and len(hexes) > 30
    assert {g.city["level"].get(h) for h in hexes} >= {1, 7}           # the whole city, not its gate
    assert all(a["type"] == "place" and isinstance(a["real"], bool) for a in places)
    assert not hexes & set(g.city["garrison_deploy"]) - g.city["city"]


@rule("gondor", "[16.71]")
@pytest.mark.parametrize("real", [True, False])
def test_16_71_a_cauldrons_set_up_is_described_real_or_dummy_to_its_owner_only(real):
    g = cauldron_step()
    c = next(p.id for p in g.units.values() if "cauldron" in p.tags)
    play(g, {"type": "select", "unit": c})
    a = next(x for x in g.legal_actions() if x["real"] is real)
    words = g.describe_action(a, WEST)
    assert ("(real)" in words) is real and ("(dummy)" in words) is not real and a["to"] in words
    hidden = g.describe_action(g.redact_action(a, SAURON), SAURON)
    assert "real" not in hidden and "dummy" not in hidden and a["to"] in hidden
    ev = play(g, a)
    assert g.units[c].hex == a["to"] and g.units[c].flags["real"] is real
    assert [e["rule"] for e in ev if e["type"].startswith("deploy")] == ["[16.71]", "[16.71]"]
    (secret,) = [e for e in ev if e["type"] == "deploy_secret"]     # the owner's log says which
    assert secret["visible_to"] == WEST and secret["text"] == f"{c} is {'real' if real else 'a dummy'}"


@rule("gondor", "[16.71]")
def test_16_71_only_a_cauldron_is_set_up_real_or_dummy():
    pos = gpos()
    pos.place("gondor_spearmen", "1910", real=True)
    with pytest.raises(RecordError, match=r"\[16.71\]"):
        pos.game()
    pos = gpos()
    pos.place("cauldron", "1706", real="yes")
    with pytest.raises(RecordError, match="real"):
        pos.game()
    pos = gpos()
    c = pos.place("cauldron", "1706", real=False)
    assert pos.game().units[c].flags["real"] is False


# ----- [15.15] gates, and what the last side through a hex changes ------------------------------
@rule("gondor", "[15.15]", "[15.22]")
def test_15_15_a_breached_gate_is_open_to_either_side_cavalry_too_at_no_extra_cost():
    # the Second Gate 1507/1606 is the Westernesse's; breached, Sauron passes it like an open gate
    pos = gpos(phase="C")
    c = pos.place("mordor_cavalry", "1507")
    pos.extra(siege={"breached": ["1507/1606"]})
    assert "1606" in dests(pos.game(), c)                   # not "gates only": this one is open
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1507")
    pos.extra(siege={"breached": ["1507/1606"]})
    assert cost(pos.game(), o, "1606") == 1                 # no [4.3] +1 as through a breached wall


@rule("gondor", "[15.15]", "[16.11]", "[15.22]")
def test_15_15_a_unit_pushing_siege_equipment_keeps_to_gates_not_a_breach():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1607")
    pos.place("siege_tower", "1607")
    pos.extra(siege={"breached": ["1606/1607"]})
    g = pos.game()
    assert "1606" in dests(g, o)                            # alone, through the breach
    pushed = {a["to"] for a in move_options(g, o) if a["type"] == "push"}
    assert pushed and "1606" not in pushed


@rule("gondor", "[15.15]", "[16.41]", "[16.43]")
def test_15_15_up_a_wall_far_from_a_gate_only_sauron_by_its_ladder_or_ready_tower():
    ladder = {"ladders": [{"hex": "1308", "side": "1307/1308", "turn": 7}]}
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1308")
    pos.extra(siege=ladder)
    assert "1307" not in dests(pos.game(), w)               # Sauron's ladders: "any Friendly unit"
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1308")
    pos.extra(siege=ladder)
    assert cost(pos.game(), o, "1307") == 1 + 3             # [16.43]
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1308")
    t = pos.place("siege_tower", "1308")
    pos.extra(siege={"ready": {t: ["1308", 8]}})
    assert cost(pos.game(), o, "1307") == 1 + 1             # [16.41]
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1308")
    assert "1307" not in dests(pos.game(), o)               # neither: [15.12]


@rule("gondor", "[15.15]")
def test_15_15_a_move_elsewhere_does_not_change_a_gates_control():
    # Sauron was last in both hexes of the Second Gate, yet it is the Westernesse's (as set up):
    # only a unit occupying or passing through one of its two hexes decides it again
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "2215")
    pos.extra(siege={"last": {"1507": SAURON, "1606": SAURON}})
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2214"})
    assert g.siege.gate_control["1507/1606"] == WEST
    assert g.view(SAURON)["exclusive"]["gate_control"]["1507/1606"] == WEST


@rule("gondor", "[16.73]", "[15.15]")
def test_16_73_an_enemy_combat_unit_destroys_a_cauldron_not_a_friend_a_leader_or_other_gear():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1709")
    c = pos.place("cauldron", "1608", real=True)
    o2 = pos.place("orc_infantry", "1809")
    wc = pos.place("w_catapult", "1708")
    ld = pos.place("gothmog", "1707")
    c2 = pos.place("cauldron", "1607", real=False)
    pos.place("gondor_spearmen", "1306")
    g = pos.game()
    play(g, {"type": "move", "unit": ld, "to": "1607"})
    assert g.units[c2].hex == "1607"                        # a leader is no combat unit
    play(g, {"type": "move", "unit": o2, "to": "1708"})
    assert g.units[wc].hex == "1708"                        # a Catapult is no Cauldron
    play(g, {"type": "move", "unit": o, "to": "1608"})
    assert g.units[c].hex is None and g.units[c].where == "dead"
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1709")
    c = pos.place("cauldron", "1608", real=True)
    pos.place("orc_infantry", "2215")
    g = pos.game()
    play(g, {"type": "move", "unit": w, "to": "1608"})
    assert g.units[c].hex == "1608"                         # its own side's unit does not


# ----- the siege's counts start at nothing used [16.43] [16.81] ---------------------------------
@rule("gondor", "[16.43]", "[15.15]")
def test_16_43_sauron_has_four_ladders_and_no_more():
    pos = gpos(phase="C")
    orcs = [pos.place("orc_infantry", h) for h in ("1308", "1408", "1609", "1710", "2010")]
    g = pos.game()
    for o in orcs[:4]:
        a = next(x for x in g.legal_actions() if x["type"] == "ladder" and x["unit"] == o)
        play(g, a)
    assert len(g.siege.ladders) == 4
    assert not [x for x in g.legal_actions() if x["type"] == "ladder"]
    assert orcs[4]


@rule("gondor", "[16.81]", "[15.15]")
def test_16_81_no_severed_head_is_thrown_before_the_first():
    g = gpos().game()
    assert g.view(SAURON)["exclusive"]["heads_thrown"] == 0
    assert ringwar.new_game("gondor").view(WEST)["exclusive"]["heads_thrown"] == 0


# ----- [16.72] the counters' faces: Oil on a Cauldron, none on other siege equipment ------------
def labels(g, side=SAURON):
    return {u["id"]: u.get("label") for u in g.view(side)["units"]}


@rule("gondor", "[16.72]", "[16.15]")
@pytest.mark.parametrize("grond", [False, True])
def test_16_72_a_cauldron_shows_its_oil_a_catapult_its_missile_grond_whether_activated(grond):
    pos = gpos(phase="B")
    cat = pos.place("catapult", "2215")
    orc = pos.place("orc_infantry", "2215")
    tower = pos.place("siege_tower", "2216")
    gr = pos.place("grond", "2217")
    cd = pos.place("cauldron", "1706", real=False)
    wcat = pos.place("w_catapult", "1708")
    sp = pos.place("gondor_spearmen", "1708")
    pos.extra(siege={"grond": grond})
    g = pos.game()
    for side in (SAURON, WEST, None):
        seen = labels(g, side)
        assert seen[cd] == "3 Oil"                                   # a dummy shows it too
        assert seen[cat] == seen[wcat] == "e"                        # [16.25] anti-personnel
        assert seen[tower] == ""
        assert seen[gr] == ("activated" if grond else "")
        assert seen[orc] == "E-2-Y" and seen[sp] == "D-3-X"          # combat units: their values


@rule("gondor", "[16.72]", "[16.75]")
@pytest.mark.parametrize("who, oil", [("imrahil", "real"), ("gondor_spearmen", "maybe")])
def test_16_72_no_leader_carries_oil_and_oil_is_real_or_dummy(who, oil):
    pos = gpos()
    pos.place(who, "1910", oil=oil)
    with pytest.raises(RecordError, match=r"\[16.72\]" if who == "imrahil" else "oil"):
        pos.game()


# ----- [15.24] tunnels, and melee across the city's walls and gates [7.35] ----------------------
def melee_targets(g, unit):
    return {a["target"] for a in g.legal_actions() if a["type"] == "attack" and a["unit"] == unit}


def combat_position(phase):
    pos = gpos(phase=phase)
    pos.place("orc_infantry", "1214")                       # a fight elsewhere keeps the phase open
    pos.place("gondor_spearmen", "1215")
    return pos


@rule("gondor", "[15.24]")
def test_15_24_out_of_a_tunnel_only_through_the_tunnel_hexside_too():
    pos = combat_position("G")
    w = pos.place("gondor_spearmen", "1908")                # in the tunnel
    pos.place("orc_infantry", "1909")                       # below it, the wall breached
    pos.extra(siege={"breached": ["1908/1909"]})
    assert not melee_targets(pos.game(), w)


@rule("gondor", "[15.24]")
def test_15_24_armour_4_is_named_in_the_preview_only_for_a_defender_in_the_tunnel():
    pos = gpos(phase="G")
    o = pos.place("light_orc", "1908")
    w = pos.place("gondor_spearmen", "2007")
    g = pos.game()
    shifts = g.preview({"type": "attack", "unit": w, "target": o})["shifts"]
    assert {"rule": "[15.24]", "text": "defender in a tunnel hex: armour 4"} in shifts
    assert g.defence_armour(g.units[w], "1908", False) == (3, [])     # outside it: its own armour


@rule("gondor", "[15.24]", "[15.15]", "[7.35]")
@pytest.mark.parametrize("control", [WEST, SAURON])
def test_15_24_melee_up_through_a_gate_only_for_the_side_that_controls_it(control):
    gates = dict(ringwar.new_game("gondor").siege.gate_control, **{"1507/1606": control})
    pos = combat_position("D")
    o = pos.place("orc_infantry", "1507")                   # below the Second Gate
    w = pos.place("gondor_spearmen", "1606")
    pos.extra(siege={"gate_control": gates})
    assert (w in melee_targets(pos.game(), o)) is (control == SAURON)
    pos = combat_position("G")
    w = pos.place("gondor_spearmen", "1507")
    o = pos.place("orc_infantry", "1606")
    pos.extra(siege={"gate_control": gates})
    assert (o in melee_targets(pos.game(), w)) is (control == WEST)


@rule("gondor", "[15.24]", "[16.41]", "[16.43]", "[7.35]")
def test_15_24_melee_up_a_wall_from_a_ready_siege_tower_but_never_from_sauron_s_ladder_for_the_west():
    pos = combat_position("D")
    o = pos.place("orc_infantry", "1607")
    t = pos.place("siege_tower", "1607")
    w = pos.place("gondor_spearmen", "1606")
    pos.extra(siege={"ready": {t: ["1607", 8]}})
    assert w in melee_targets(pos.game(), o)
    pos = combat_position("D")
    o = pos.place("orc_infantry", "1607")
    pos.place("siege_tower", "1607")                        # not ready: not beside the wall since B
    pos.place("gondor_spearmen", "1606")
    assert not melee_targets(pos.game(), o)
    pos = combat_position("G")
    w = pos.place("gondor_spearmen", "1607")
    pos.place("orc_infantry", "1606")
    pos.extra(siege={"ladders": [{"hex": "1607", "side": "1606/1607", "turn": 7}]})
    assert not melee_targets(pos.game(), w)


# ----- [16.43] who may set a Ladder, and where ----------------------------------------------------
def ladders_offered(g):
    return {(a["unit"], a["hexside"]) for a in g.legal_actions() if a["type"] == "ladder"}


@rule("gondor", "[16.43]", "[16.48]")
def test_16_43_no_ladder_from_a_disrupted_unit_cavalry_a_mumak_or_a_leader():
    pos = gpos(phase="C")
    ok = pos.place("orc_infantry", "1308")
    pos.place("orc_infantry", "1609", disrupted=True)
    pos.place("mordor_cavalry", "1710")
    pos.place("mumak", "2110")
    pos.place("gothmog", "2010")
    pos.place("gondor_spearmen", "1306")
    g = pos.game()
    assert ladders_offered(g) == {(ok, "1307/1308"), (ok, "1308/1407")}


@rule("gondor", "[16.43]")
def test_16_43_one_ladder_a_hex_and_none_against_a_breached_wall():
    pos = gpos(phase="C")
    a = pos.place("orc_infantry", "1308")
    b = pos.place("orc_infantry", "1609")                   # below 1608 and 1709
    pos.extra(siege={"ladders": [{"hex": "1308", "side": "1307/1308", "turn": 8}],
                     "breached": ["1608/1609"]})
    g = pos.game()
    offered = ladders_offered(g)
    assert (b, "1609/1709") in offered and (b, "1608/1609") not in offered
    assert not [x for x in offered if x[0] == a]


@rule("gondor", "[16.43]")
def test_16_43_a_set_up_ladder_stands_against_a_hexside_of_its_own_hex():
    pos = gpos(phase="C")
    pos.extra(siege={"ladders": [{"hex": "1308", "side": "1608/1609", "turn": 7}]})
    with pytest.raises(RecordError, match=r"\[16.43\]"):
        pos.game()


# ----- [18.22] a position's Rally Phase starts with none of the Banner's two rallies used -------
@rule("gondor", "[18.22]", "[15.15]")
def test_18_22_the_banner_rallies_two_units_in_a_rally_phase_set_up_at_its_start():
    pos = gpos(turn=11, phase="H")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    us = [pos.place("men_spearmen", h, disrupted=True) for h in ("0817", "0818", "0819")]
    pos.place("orc_infantry", "2020")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    g = pos.game()
    play(g, {"type": "banner_rally", "target": us[0]})
    assert {a["target"] for a in g.legal_actions() if a["type"] == "banner_rally"} == set(us[1:])
    play(g, {"type": "banner_rally", "target": us[1]})
    assert not [a for a in g.legal_actions() if a["type"] == "banner_rally"]


@rule("gondor", "[15.24]", "[16.75]")
def test_15_24_armour_4_in_a_tunnel_is_the_rating_the_oils_minus_one_then_applies_to():
    # the engine's reading: [15.24] replaces the unit's own rating, [16.75] is a modifier after it
    pos = gpos(phase="C")
    w = pos.place("gondor_spearmen", "1908", oil="dummy")
    pos.place("orc_infantry", "2007")
    g = pos.game()
    assert g.defence_armour(g.units[w], "2007", False) == (
        3, ["[15.24] defender in a tunnel hex: armour 4", "[16.75] defender carrying Oil: armour -1"])


@rule("gondor", "[16.43]")
def test_16_43_no_ladder_down_a_wall_from_its_high_side():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1307")                   # inside the Outer Wall, above 1308
    pos.place("gondor_spearmen", "1903")
    g = pos.game()
    offered = {h for u, h in ladders_offered(g) if u == o}
    assert "1307/1308" not in offered
    assert all(g.hexmap.side(*h.split("/"))["high"] != "1307" for h in offered)


@rule("gondor", "[18.22]", "[16.43]", "[16.81]", "[15.15]")
def test_18_22_a_new_game_s_siege_counts_start_at_nothing_used():
    # they are part of the state (its hash): a record saved before the first Rally Phase holds them
    g = ringwar.new_game("gondor", seed=1)
    assert (g.siege.banner_rallies, g.siege.ladders_used, g.siege.heads_thrown) == (0, 0, 0)


# ----- [19.11] C: the Riders of Rohan's roll, said and made once ----------------------------------
def rohan_position(**siege):
    # the scenario's pieces (the Riders wait for their roll), turn 6
    pos = Position("gondor", seed=1).at(turn=6, phase="E")
    pos.place("gandalf", "1706")                            # a Magic Leader: phase E is played
    pos.place("gondor_spearmen1", "1706")
    if siege:
        pos.extra(siege=siege)
    return pos


@rule("gondor", "[19.11]", "[14.2]")
def test_19_11_the_rohan_roll_that_brings_them_says_so_and_lowers_the_garrison_total():
    g = rohan_position().game()
    rig(g, 6)
    play(g, {"type": "end"})
    (text,) = [e["text"] for e in g.log if e.get("rule") == "[14.2]"]
    assert text.endswith("rolled 6: they arrive along the Northern edge")
    assert g.siege.rohan and g.dp["garrison"] == -10


@rule("gondor", "[19.11]", "[14.2]")
def test_19_11_no_second_rohan_roll_once_they_have_come():
    g = rohan_position(rohan=True).game()
    n = g.dice.count
    play(g, {"type": "end"})
    assert g.phase == "F" and g.dice.count == n and g.dp["garrison"] == 0
    assert not [e for e in g.log if e.get("rule") in ("[14.2]", "[19.11]")]
