"""Gondor [14.2] the relief arriving in special formations and fighting its way onto the
map, and [18.13] the Banner of the King moving by itself."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, gpos

from conftest import acts, illegal, move_options, play, rig

rule = pytest.mark.rule


def rohan_waiting(turn=6, phase="F", blockers=()):
    """Rohan has come (the roll is made) and waits off the map along the North edge."""
    pos = gpos(turn=turn, phase=phase)
    pos.place("gondor_spearmen", "1706")
    for h in blockers:
        pos.place("orc_infantry", h)
    rohan = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)] + [f"horse_archers{i}" for i in range(1, 8)]
    pos.extra(siege={"rohan": True}, available=[*rohan, "theoden", "eomer", "eowyn"])
    return pos.game()


@rule("gondor", "[14.2]")
@rule("standard", "[8.43]")
def test_14_2_relief_may_arrive_in_special_formation():
    g = rohan_waiting()
    formed = acts(g, "arrive_formed")
    assert formed, "a wedge of Rohan's cavalry may enter with a leader"
    a = formed[0]
    assert g.units[a["unit"]].nation == g.units[a["with"]].nation == g.units[a["leader"]].nation == "Rohan"
    assert a["to"] in g.hexmap.place("rohan_entry")
    play(g, a)
    u, v = g.units[a["unit"]], g.units[a["with"]]
    assert u.hex == v.hex == g.units[a["leader"]].hex == a["to"]
    assert u.formation == v.formation == "wedge" and u.partner == v.id
    # [8.45] a formation may not move in the Game-Turn it is formed
    assert not acts(g, "select", u.id)


@rule("gondor", "[14.2]")
def test_14_2_no_arrival_formation_into_an_enemy_zoc_or_occupied_hex():
    g = rohan_waiting(blockers=("3610",))
    hexes = {a["to"] for a in acts(g, "arrive_formed")}
    assert "3610" not in hexes                                  # occupied
    assert not hexes & {"3609", "3611"}                         # in its ZOC [8.43]
    assert hexes


@rule("gondor", "[14.2]")
def test_14_2_arriving_relief_may_attack_units_blocking_the_entry():
    entry = "3610"
    g = rohan_waiting(phase="G", blockers=(entry,))
    assert g.phase == "G"
    while g.step != "melee":
        play(g, {"type": "end"})
    attacks = [a for a in acts(g, "attack") if g.units[a["unit"]].hex is None]
    assert attacks and all(a["target"] == "orc_infantry1" for a in attacks)
    attacker = "rohan_heavy_cav1"
    play(g, {"type": "attack", "unit": attacker, "target": "orc_infantry1"})
    rig(g, 2, 2, 6)                                             # B vs 2: 4-8 hits; Y die 6: r1
    play(g, {"type": "resolve"})
    assert g.to_act == SAURON and g.pending[0]["kind"] == "retreat"   # [7.55] the owner retreats
    play(g, {"type": "retreat", "unit": "orc_infantry1", "to": "3510"})
    assert g.units["orc_infantry1"].hex == "3510"
    # [7.51] the victor may advance: here, onto the map through the cleared entry hex
    assert g.pending and g.pending[0]["kind"] == "advance"
    play(g, {"type": "advance", "unit": attacker, "to": entry})
    assert g.units[attacker].hex == entry


@rule("gondor", "[14.2]")
def test_14_2_only_waiting_relief_attacks_from_off_the_map():
    g = rohan_waiting(phase="G", blockers=("3310",))           # an enemy, but not on the edge
    cav = g.units["rohan_heavy_cav1"]
    assert g.melee_targets(cav) == []
    assert g.why_not_target(cav, g.units["orc_infantry1"]).rule == "[14.2]"
    assert not [a for a in acts(g, "attack") if g.units[a["unit"]].hex is None]
    g = rohan_waiting(phase="G", blockers=("3610",))
    assert [q.id for q in g.melee_targets(g.units["rohan_heavy_cav1"])] == ["orc_infantry1"]
    assert g.melee_targets(g.units["gondor_spearmen1"]) == []   # on the map, no enemy beside it


# ----- [18.13] the Banner moves by itself -------------------------------------------------------------
def banner_position(phase="F"):
    pos = gpos(turn=11, phase=phase)
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    pos.place("gondor_spearmen", "0818")
    pos.place("imrahil", "0818")
    pos.place("gondor_spearmen", "0830" if False else "1706")
    pos.place("gandalf", "1706")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    return pos


@rule("gondor", "[18.13]")
def test_18_13_banner_moves_by_itself_to_end_with_a_westernesse_leader():
    g = banner_position().game()
    moves = acts(g, "move_banner")
    assert {"type": "move_banner", "to": "0818"} in moves        # Imrahil, three hexes away
    assert all(any(q.is_leader and q.side == WEST for q in g.pieces_at(a["to"])) for a in moves)
    assert {"type": "move_banner", "to": "1706"} not in moves    # Gandalf: beyond a leader's allowance
    play(g, {"type": "move_banner", "to": "0818"})
    assert g.banner_hex() == "0818" and g.siege.banner.holder == "imrahil"
    assert not acts(g, "move_banner")                           # once per Movement Phase
    assert g.units["aragorn"].hex == "0815"                     # Aragorn stays behind


@rule("gondor", "[18.13]")
def test_18_13_banner_moves_only_in_the_westernesse_movement_phase():
    pos = banner_position(phase="C")
    pos.place("orc_infantry", "2020")
    g = pos.game()
    assert g.phase == "C" and g.to_act == SAURON
    illegal(g, {"type": "move_banner", "to": "0818"}, "[18.13]")


# ----- errata [7.55] ---------------------------------------------------------------------------------
@rule("gondor", "[16.41]")
@rule("standard", "[7.55]")
@pytest.mark.parametrize("errata", [True, False])
def test_7_55_errata_no_retreat_across_a_wall_onto_a_siege_tower(errata):
    pos = gpos(turn=9, phase="G", errata_7_55=errata)
    o = pos.place("orc_infantry", "1910")              # inside, over the Outer Wall from 2010
    t = pos.place("siege_tower", "2010")
    pos.place("gondor_spearmen", "1706")
    pos.extra(siege={"ready": {t: ["2010", 9]}})
    g = pos.game()
    options = g.retreat_options(g.units[o], 1)
    assert ("2010" in options) is (not errata)


# ----- [14.1] [16.11] [16.13] Sauron's equipment reinforcements are pushed onto the map ---------------------
def equipment_waiting(available=("troll1", "mordor_orcs1", "grond1", "siege_tower4")):
    pos = gpos(turn=2, phase="C")
    pos.place("gondor_spearmen", "1706")
    pos.extra(available=list(available))
    return pos.game()


def pushes(game, unit):
    return [a for a in move_options(game, unit) if a["type"] == "push"]


@rule("gondor", "[14.0]", "[14.1]", "[16.13]", "[16.11]")
def test_14_1_grond_and_the_siege_tower_arrive_pushed_by_a_unit_entering_with_them():
    g = equipment_waiting()
    # equipment never moves by itself, and a Troll may carry Grond on, an Orc may not [16.13]
    assert not [a for a in g.legal_actions() if a.get("unit") in ("grond1", "siege_tower4")]
    assert {a["gear"] for a in pushes(g, "troll1")} == {"grond1", "siege_tower4"}
    assert {a["gear"] for a in pushes(g, "mordor_orcs1")} == {"siege_tower4"}
    entries = set(g.hexmap.place("reinforcement_entry"))
    grond = [a for a in pushes(g, "troll1") if a["gear"] == "grond1"]
    assert entries & {a["to"] for a in grond}
    to = sorted(a["to"] for a in grond if a["to"] in entries)[0]
    ev = play(g, {"type": "select", "unit": "troll1"},
              {"type": "push", "unit": "troll1", "gear": "grond1", "to": to})
    assert g.units["grond1"].hex == g.units["troll1"].hex == to and g.units["troll1"].moved
    assert any(e["rule"] == "[16.11]" and "onto the map [14.0]" in e["text"] for e in ev)
    # [14.0] the next unit entering by the same hex spends one more Movement Point
    assert g.entry_count == {to: 1}
    # the Orc may still bring the Siege Tower on; Grond is on the map now
    assert {a["gear"] for a in pushes(g, "mordor_orcs1")} == {"siege_tower4"}


@rule("gondor", "[14.1]")
def test_14_1_equipment_not_waiting_off_the_map_is_not_pushed_on():
    g = equipment_waiting(("troll1", "mordor_orcs1"))          # Grond and the Tower not come
    assert g.units["grond1"].where != "map"
    assert not pushes(g, "troll1") and not pushes(g, "mordor_orcs1")
