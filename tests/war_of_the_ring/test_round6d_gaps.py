"""Round 6 (issue 17), helper D: rule halves the seed-5 estimate showed unchecked [WR §10.2.5]
[WR §10.7.2] [WR §10.11] [WR §V8] [WR §V22]."""

from __future__ import annotations

import pytest

from .builder import Position, move, texts

rule = pytest.mark.rule
QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


# ----- [WR §10.2.5] (R-ROAD-FLAG) the Fellowship's movement step clears its road flags -----------
@rule("war-of-the-ring", "§10.2.5", "§10.7.2", "§V2")
def test_10_2_5_a_new_fellowship_movement_clears_the_road_flag_of_a_group_that_stays_put() -> None:
    # Merry used a road in an earlier turn; he does not move this turn: the next search no
    # longer counts the road (the flag belongs to the last movement step)
    for begun, spotted in ((False, True), (True, False)):
        p = Position().clear().search_deck(1, 36, 35)          # Nazgûl, value 3, area B
        p.char("merry", "0908", hidden=True, road=True)
        if begun:
            g = p.at("5c")                                      # the Fellowship's movement starts
            assert g.ask["kind"] == "move" and g.ask["seat"] == "fellowship"
        g = p.at("4a")
        p.dice(4)                                               # 4 − 1 ≤ 3 only with the road
        g.apply({"type": "declare", "choice": "card"})
        assert g.chars["merry"]["hidden"] is not spotted, begun
        p.dice_done()


# ----- [WR §V8] Dol Guldur's first fall frees Galadriel; a second capture says nothing new -------
@rule("war-of-the-ring", "§V8", "§10.11")
def test_V8_galadriel_is_freed_once_a_second_fall_of_dol_guldur_announces_nothing() -> None:
    for free_before, told in ((False, True), (True, False)):
        p = Position().clear().mobilize("LOR").defence("2613", destroyed=True)
        p.unit("LOR-01", "2614").flags(galadriel_free=free_before).control("2613", "sauron")
        g = p.at("5c")
        ev = move(g, "2613", piece="LOR-01")
        assert g.control["2613"] == "free" and g.flags["galadriel_free"]
        assert any(e["type"] == "control" for e in ev)
        assert any(e["type"] == "galadriel" for e in ev) is told, free_before
        assert ("Galadriel may move" in texts(ev)) is told


# ----- [WR §10.11] an objective held only by deserters becomes uncontrolled, once --------------
@rule("war-of-the-ring", "§10.11", "§V22")
def test_10_11_a_place_already_uncontrolled_is_not_announced_again_for_its_deserters() -> None:
    for before, told in (("sauron", True), (None, False)):
        p = Position().clear().mobilize("MOR").event_deck(*QUIET).search_deck(1, 2)
        p.unit("COR-01", "2632", active=True, deserted=True).unit("MOR-13", "2613")
        p.grip(deserted=True).control("2632", before)
        p.dice(1, 1)
        g = p.at("8a")
        assert g.control["2632"] is None
        said = [e for e in p.events if e["type"] == "control" and "only by deserters" in e["text"]]
        assert bool(said) is told, (before, said)


# ----- [WR §13.2] the allies' desertion takes the units on the map, not the eliminated ----------
@rule("war-of-the-ring", "§13.2", "§V22", "§7.3")
def test_13_2_an_eliminated_corsair_does_not_sail_back_to_umbar_when_the_allies_desert() -> None:
    # the Corsairs were activated, then eliminated (off the map, strength 0); the Grip breaks:
    # the Easterlings on the map desert, the eliminated Corsair stays eliminated
    p = Position().clear().mobilize("MOR").event_deck(*QUIET).search_deck(1, 2).turn(3)
    p.unit("EAS-01", "3021").grip(deserted=True, pending="desert")
    p.g.units["COR-01"].update(active=True)
    assert p.g.units["COR-01"]["hex"] is None and p.g.units["COR-01"]["gone"]
    p.dice(1, 1)
    g = p.at("2c")
    assert g.units["EAS-01"]["deserted"] and g.units["EAS-01"]["hex"] == "3021"
    cor = g.units["COR-01"]
    assert cor["hex"] is None and not cor["deserted"], cor
    assert "COR-01" not in {u["id"] for u in g.view(None)["units"]}
