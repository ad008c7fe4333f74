"""The search, spotting, capture, escape, rescue and conversion as the game applies them
[WR §10.7] [WR §10.8] [WR §V2] [WR §V3] [WR §V13]."""

from __future__ import annotations

import pytest

from .builder import Position, refused, texts

rule = pytest.mark.rule


def searching(players: int = 2, *cards: int) -> Position:
    return Position(players=players).clear().search_deck(*cards, 36, 35)


@rule("war-of-the-ring", "§V2", "§10.7", "§10.7.1", "§12")
def test_V2_T_SEARCH_1_the_declaration_is_demanded_before_the_cards_areas_are_shown() -> None:
    p = searching(2, 9)                                       # Sauron, Nazgûl, value 4, area R
    g = p.at("4a")
    assert g.ask["kind"] == "declare" and g.ask["seat"] == "dark"
    for side in ("dark", "fellowship", None):
        s = g.view(side)["search"]
        assert s["searcher"].lower() == "sauron" and "areas" not in s and "value" not in s, s
    seen = " ".join(e["text"] for e in g.log_for("dark") if e["type"] == "search")
    assert "value 4" not in seen.lower() and "areas R" not in seen
    opts = g.legal_actions()
    assert {"type": "declare", "choice": "card"} in opts
    assert {"type": "declare", "choice": "area", "area": "B"} in opts
    assert len([a for a in opts if a.get("choice") == "area"]) == 24
    ev = g.apply({"type": "declare", "choice": "area", "area": "B"})
    assert "Value 4" in texts(ev) and "areas R" in texts(ev)  # shown after the declaration


@rule("war-of-the-ring", "§V2", "§10.7.1", "§10.7.2")
def test_V2_one_area_declared_is_the_only_area_searched() -> None:
    p = searching(2, 9)
    p.char("merry", "0908", hidden=True).char("pippin", "3425", hidden=True)
    g = p.at("4a")
    p.dice(1)                                                 # the one roll: Merry's group
    g.apply({"type": "declare", "choice": "area", "area": "B"})
    assert not g.chars["merry"]["hidden"] and g.chars["pippin"]["hidden"]
    p.dice_done()


@rule("war-of-the-ring", "§10.7.2", "§V2")
def test_10_7_2_the_road_modifier_applies_to_a_group_that_used_a_road() -> None:
    for road, spotted in ((False, False), (True, True)):
        p = searching(2, 1)                                   # Nazgûl, value 3, area B
        p.char("merry", "0908", hidden=True, road=road)
        g = p.at("4a")
        p.dice(4)                                             # 4 − 1 ≤ 3 only with the road
        g.apply({"type": "declare", "choice": "card"})
        assert g.chars["merry"]["hidden"] is not spotted
        p.dice_done()


@rule("war-of-the-ring", "§10.7.2", "§10.6")
def test_10_7_2_sanctuary_hexes_are_never_searched_while_their_defence_stands() -> None:
    p = searching(2, 3)                                       # Nazgûl, value 2, area E
    p.char("frodo", "2008", hidden=True).char("elrond", "2008")
    g = p.at("4a")
    p.dice()                                                  # no roll at all
    g.apply({"type": "declare", "choice": "card"})
    assert g.chars["frodo"]["hidden"] and p.rolled == []
    p = searching(2, 3)
    p.char("frodo", "2008", hidden=True)                      # no Elrond: Rivendell is open
    g = p.at("4a")
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    assert not g.chars["frodo"]["hidden"]
    p.dice_done()


@rule("war-of-the-ring", "§10.7.2", "§10.9.3")
def test_10_7_2_a_ring_wearer_is_found_at_once_by_nazgul_and_never_by_orcs() -> None:
    p = searching(2, 28)                                      # Sauron, Orcs, value 2, area E
    p.char("frodo", "1909", hidden=True).ring(worn=True, area="E").mobilize("MOR")
    g = p.at("4a")
    p.dice()
    g.apply({"type": "declare", "choice": "card"})
    assert g.chars["frodo"]["hidden"] and p.rolled == []
    p = searching(2, 3)                                       # Sauron, Nazgûl, value 2, area E
    p.char("frodo", "1909", hidden=True).ring(worn=True, area="E").mobilize("MOR")
    g = p.at("4a")
    p.dice()
    g.apply({"type": "declare", "choice": "card"})
    assert not g.chars["frodo"]["hidden"] and p.rolled == []


@rule("war-of-the-ring", "§6.2", "§10.7.2")
def test_6_2_a_search_spotting_a_hobbit_mobilizes_mordor() -> None:
    p = searching(2, 36)                                      # Saruman, Orcs, value 1, area C
    p.char("pippin", "1409", hidden=True).char("boromir", "1509", hidden=True)
    g = p.at("4a")
    p.dice(1)                                                 # only Pippin's hex is in C
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    assert "MOR" in g.mobilized and g.mobilized["MOR"] == g.turn
    assert not g.chars["pippin"]["hidden"]
    p2 = searching(2, 36)
    p2.char("boromir", "1409", hidden=True)
    g2 = p2.at("4a")
    p2.dice(1)
    g2.apply({"type": "declare", "choice": "card"})
    assert not g2.chars["boromir"]["hidden"] and "MOR" not in g2.mobilized


@rule("war-of-the-ring", "§10.7.2", "§10.8.1", "§V2", "§10.8")
def test_10_7_2_a_spotted_group_with_enemy_armies_may_be_captured() -> None:
    p = searching(2, 36)
    p.char("boromir", "1409", hidden=True).unit("ISE-04", "1409")
    g = p.at("4a")
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    assert g.ask["kind"] == "hunt" and g.ask["seat"] == "dark"
    opts = g.legal_actions()
    assert {"type": "hunt", "how": "capture", "target": "boromir"} in opts
    assert {"type": "hunt", "how": "none"} in opts
    p.dice(1, 6)                     # 1 + ⌊4/3⌋ = 2 ≤ 1 + ⌊10/10⌋; then his escape roll fails
    ev = g.apply({"type": "hunt", "how": "capture", "target": "boromir"})
    assert g.chars["boromir"]["captive"] == "dark" and "boromir" in g.captives, texts(ev)


@rule("war-of-the-ring", "§10.8.1", "§10.9.3")
def test_10_8_1_a_ring_wearer_cannot_be_captured() -> None:
    p = Position().clear().mobilize("MOR").sp(5)
    p.char("frodo", "2920").unit("MOR-01", "2920").ring(worn=True, area="Q")
    g = p.at("7d")
    assert {"type": "capture", "target": "frodo"} not in g.legal_actions()


# ----- escape and rescue [WR §10.8.2] [WR §10.8.3] [WR §V3] -------------------------------------
@rule("war-of-the-ring", "§V3", "§10.8.3")
def test_V3_T_RESCUE_1_a_raw_12_kills_every_rescuer() -> None:
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-01", "2920").captive("boromir", "2920", ["MOR-01"])
    p.char("aragorn", "2920").char("gimli", "2920", hidden=True)
    p.dice(6)                                                 # the escape roll fails
    g = p.at("5a")
    assert g.ask["kind"] == "rescue" and g.ask["seat"] == "fellowship"
    p.dice(6, 6)
    ev = g.apply({"type": "rescue", "captive": "boromir"})
    assert not g.chars["aragorn"]["alive"] and not g.chars["gimli"]["alive"], texts(ev)
    assert g.chars["boromir"]["captive"] == "dark"
    p.dice_done()


@rule("war-of-the-ring", "§V3", "§10.8.3")
def test_V3_a_raw_2_always_rescues() -> None:
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-01", "2920", 25).unit("MOR-05", "2920", 25).captive("merry", "2920", ["MOR-01", "MOR-05"])
    p.char("pippin", "2920")
    p.dice(6)
    g = p.at("5a")
    p.dice(1, 1)
    g.apply({"type": "rescue", "captive": "merry"})
    assert not g.chars["merry"]["captive"] and "merry" not in g.captives
    p.dice_done()


@rule("war-of-the-ring", "§V3", "§10.8.3")
def test_V3_no_rescue_in_a_citadel_nor_in_barad_dur() -> None:
    for h in ("3024", "3523", "1820"):
        p = Position().clear().mobilize("MOR")
        p.unit("MOR-01", h).captive("boromir", h, ["MOR-01"]).char("aragorn", h)
        if h == "3024":
            p.dice(6)                                         # Minas Morgul: an escape roll
        else:
            p.dice()                                          # Barad-dûr, Isengard: none
        g = p.at("5a", advance=False)
        g._advance()
        assert g.ask is None or g.ask["kind"] != "rescue", (h, g.ask)
        assert g.step != "5b" or g.ask is None
        refused_rescue = {"type": "rescue", "captive": "boromir"}
        if g.ask is not None:
            refused(g, refused_rescue)


@rule("war-of-the-ring", "§V3", "§10.8.2")
def test_V3_escape_rolls_add_1_in_a_citadel_and_none_from_barad_dur() -> None:
    # Boromir C 4: target 1 + 1 = 2; escort of 10: no modifier
    for h, die, free in (("2920", 2, True), ("3024", 2, False), ("3024", 1, True)):
        p = Position().clear().mobilize("MOR")
        p.unit("MOR-11", h).captive("boromir", h, ["MOR-11"])
        p.dice(die)
        g = p.at("5a")
        assert (g.chars["boromir"]["captive"] is None) is free, (h, die)
        p.dice_done()
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-11", "3523").captive("boromir", "3523", ["MOR-11"])
    p.dice()
    g = p.at("5a")
    assert g.chars["boromir"]["captive"] == "dark" and p.rolled == []


# ----- conversion [WR §V13] [WR §10.8.4] ------------------------------------------------------
@rule("war-of-the-ring", "§V13", "§10.8.4")
def test_V13_saruman_converts_one_captured_leader_in_isengard_never_gandalf() -> None:
    p = Position(players=3).clear().mobilize("ISE")
    p.unit("ISE-01", "1820").char("saruman", "1820")
    p.captive("boromir", "1820", ["ISE-01"], seat="saruman")
    p.captive("gandalf", "1820", ["ISE-01"], seat="saruman")
    p.captive("faramir", "1820", ["ISE-01"], seat="saruman")
    g = p.at("6a")
    assert g.ask["kind"] == "saruman_start" and g.ask["seat"] == "saruman"
    conv = {a["captive"] for a in g.legal_actions() if a["type"] == "convert"}
    assert conv == {"boromir", "faramir"}
    g.apply({"type": "convert", "captive": "boromir"})
    assert g.chars["boromir"]["seat"] == "saruman" and "boromir" not in g.captives
    assert not [a for a in g.legal_actions() if a["type"] == "convert"]   # one a turn
    refused(g, {"type": "convert", "captive": "faramir"})


@rule("war-of-the-ring", "§V13", "§10.8.4")
def test_V13_no_conversion_in_the_two_player_game_nor_outside_isengard() -> None:
    p = Position(players=3).clear().mobilize("ISE")
    p.unit("ISE-01", "1721").captive("boromir", "1721", ["ISE-01"], seat="saruman")
    g = p.at("6a")
    assert g.ask is None or not [a for a in g.legal_actions() if a["type"] == "convert"]
    p = Position(players=2).clear().mobilize("ISE")
    p.unit("ISE-01", "1820").captive("boromir", "1820", ["ISE-01"], seat="dark")
    g = p.at("7a")
    assert not [a for a in g.legal_actions() if a["type"] == "convert"]
