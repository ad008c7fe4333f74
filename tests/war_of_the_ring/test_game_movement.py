"""Movement as the game applies it [WR §10.2] [WR §10.1]: positions built by hand, moves
played through the engine's own decisions."""

from __future__ import annotations

import pytest

from .builder import Position, kinds, move, refused, texts

rule = pytest.mark.rule


def reach(g, pieces, seat):
    """{hex: path} the engine offers (the same table the move menu uses)."""
    return {h: v[1] for h, v in g.destinations(pieces, seat).items()}


# ----- armies [WR §10.2.1] ---------------------------------------------------------------------
@rule("war-of-the-ring", "§10.2.1", "§10.2")
def test_10_2_1_an_army_stops_on_entering_a_hex_with_enemy_armies() -> None:
    p = Position().clear()
    p.unit("MOR-10", "3021").unit("GON-05", "2920").mobilize("MOR").sp(5)
    g = p.at("7b")
    r = reach(g, ["MOR-10"], "dark")
    assert "2920" in r                                         # it may enter and stop
    assert all("2920" not in path[1:-1] for path in r.values()), "moved on through an enemy army"
    p.unit("GON-05", None)
    r2 = reach(g, ["MOR-10"], "dark")
    assert any("2920" in path[1:-1] for path in r2.values())   # with the hex empty it passes


@rule("war-of-the-ring", "§6.1", "§10.2.1")
def test_6_1_unmobilized_units_may_not_move() -> None:
    p = Position().clear()
    p.unit("MOR-10", "3021").unit("MOR-07", "3122").mobilize("MOR").sp(5)
    p.unit("ROH-01", "2222")                                  # Rohan not mobilized
    g = p.at("7b")
    assert {"type": "select", "piece": "MOR-10"} in g.legal_actions()
    p.g.mobilized.pop("MOR")
    p.touch()
    assert kinds(g) <= {"done"}, g.legal_actions()
    refused(g, {"type": "select", "piece": "MOR-10"}, "§6.1", "R-UNMOBILIZED")
    g2 = Position().clear().unit("ROH-01", "2222").unit("GON-01", "2824").mobilize("GON").at("5c")
    assert {"type": "select", "piece": "GON-01"} in g2.legal_actions()
    refused(g2, {"type": "select", "piece": "ROH-01"}, "§6.1", "R-UNMOBILIZED")


@rule("war-of-the-ring", "§V29", "§11.2", "§10.2.1")
def test_V29_T_DISENGAGE_1_sauron_stack_leaves_an_engaged_hex_only_on_1_or_2() -> None:
    p = Position().clear()
    p.unit("MOR-01", "2924").unit("MOR-05", "2924", start="2924").unit("GON-04", "2924")
    p.mobilize("MOR", "GON").sp(5)
    g = p.at("7b")
    p.dice(3)
    ev = move(g, "3024", piece="MOR-01")
    assert g.units["MOR-01"]["hex"] == "2924" and g.units["MOR-01"]["moved"]
    assert "fails to disengage" in texts(ev) and g.sp == 4      # the move was paid for
    p.dice(2)
    move(g, "3024", piece="MOR-05")
    assert g.units["MOR-05"]["hex"] == "3024"
    p.dice_done()


@rule("war-of-the-ring", "§V29", "§11.2")
def test_V29_western_allies_disengage_on_4_saruman_and_allies_on_3() -> None:
    p = Position().clear()
    p.unit("GON-04", "2924").unit("GON-06", "2924").unit("MOR-01", "2924").mobilize("MOR", "GON")
    g = p.at("5c")
    p.dice(5)
    move(g, "2824", piece="GON-04")
    assert g.units["GON-04"]["hex"] == "2924"
    p.dice(4)
    move(g, "2824", piece="GON-06")
    assert g.units["GON-06"]["hex"] == "2824"
    p = Position().clear()
    p.unit("EAS-01", "2924").unit("EAS-02", "2924", start="2924").unit("GON-04", "2924")
    p.mobilize("MOR", "EAS", "GON").sp(5)
    g = p.at("7b")
    p.dice(4)
    move(g, "3024", piece="EAS-01")
    assert g.units["EAS-01"]["hex"] == "2924"
    p.dice(3)
    move(g, "3024", piece="EAS-02")
    assert g.units["EAS-02"]["hex"] == "3024"
    p.dice_done()


@rule("war-of-the-ring", "§V20", "§10.2.1", "§5.7")
def test_V20_orc_unit_may_pass_gorgoroth_but_not_end_there() -> None:
    """T-GORG-1: an Orc unit may pass 3223 but not end there; it may end at 3122 (Udûn)."""
    p = Position().clear()
    p.unit("MOR-07", "3222").mobilize("MOR").sp(5)
    g = p.at("7b")
    r = reach(g, ["MOR-07"], "dark")
    gorgoroth = g.W.regions["gorgoroth"].hexes
    assert "3223" not in r
    assert not [h for h in r if h in gorgoroth and h != "3523"]
    assert "3122" in r
    assert any(set(path[1:-1]) & gorgoroth for path in r.values())    # passing is allowed
    p.unit("GON-04", "3122").unit("GON-05", "3322")              # the roads out are blocked
    r = reach(g, ["MOR-07"], "dark")
    assert "3122" in r and "3223" not in r
    assert "3223" in r["3124"][1:-1], r["3124"]                    # on through 3223
    refused(g, {"type": "move", "piece": "MOR-07", "to": "3223"})
    g.apply({"type": "select", "piece": "MOR-07"})
    refused(g, {"type": "move", "piece": "MOR-07", "to": "3223"}, "§10.2")


@rule("war-of-the-ring", "§V20", "§10.9.3")
def test_V20_the_gorgoroth_restriction_lapses_once_the_ring_is_worn_in_mordor() -> None:
    p = Position().clear()
    p.unit("MOR-07", "3222").mobilize("MOR").sp(5)
    p.char("frodo", "3124", hidden=True)
    g = p.at("5c")
    g.apply({"type": "put_on"})
    assert g.ring["gorgoroth_open"] and g.ring["doom_open"]
    p.at("7b")
    assert "3223" in reach(g, ["MOR-07"], "dark")


@rule("war-of-the-ring", "§V20", "§9")
def test_V20_nurn_is_exempt_and_barad_dur_is_a_citadel() -> None:
    p = Position().clear()
    p.unit("MOR-12", "3427").unit("MOR-06", "3424").mobilize("MOR").sp(5)
    g = p.at("7b")
    r = reach(g, ["MOR-12"], "dark")
    assert "3426" in r and "3425" in r                       # Nurn hexes
    assert "3523" in reach(g, ["MOR-06"], "dark")            # Barad-dûr


# ----- characters [WR §10.2.2] -----------------------------------------------------------------
@rule("war-of-the-ring", "§V17", "§10.2.2")
def test_V17_T_DOOM_1_a_nazgul_cannot_enter_mount_doom_before_the_trigger_and_can_after() -> None:
    p = Position().clear()
    p.char("n3", "3224").mobilize("MOR").sp(5)
    g = p.at("7b")
    assert "3324" not in reach(g, ["n3"], "dark")
    refused(g, {"type": "move", "piece": "n3", "to": "3324"})
    p.ring(doom_open=True)
    assert "3324" in reach(g, ["n3"], "dark")


@rule("war-of-the-ring", "§V17", "§10.2.2")
def test_V17_dark_armies_and_saruman_are_barred_from_mount_doom_fellowship_characters_are_not() -> None:
    p = Position().clear()
    p.unit("MOR-07", "3224").mobilize("MOR").sp(5)
    g = p.at("7b")
    assert "3324" not in reach(g, ["MOR-07"], "dark")
    p.ring(doom_open=True, gorgoroth_open=True)                # Mount Doom is in Gorgoroth
    assert "3324" in reach(g, ["MOR-07"], "dark")
    p = Position().clear()
    p.char("sam", "3224")
    g = p.at("5c")
    assert "3324" in reach(g, ["sam"], "fellowship")


@rule("war-of-the-ring", "§V17", "§10.7.2", "§11.6")
def test_V17_a_nazgul_search_spotting_the_ring_bearer_in_mordor_opens_mount_doom() -> None:
    p = Position().clear()
    p.char("frodo", "3124", hidden=True).char("sam", "3124", hidden=True)
    p.search_deck(9).mobilize("MOR")                         # Sauron, Nazgûl, 4, R
    p.dice(1, 1, 1)                                          # 2d6 + 4 Shadow Points; the search roll
    g = p.at("3")
    assert g.ask["kind"] == "declare"
    g.apply({"type": "declare", "choice": "card"})
    assert g.ring["doom_open"] and g.ring["gorgoroth_open"]


@rule("war-of-the-ring", "§V28", "§7.3", "§10.2.1")
def test_V28_the_hobbit_unit_is_confined_to_the_shire_until_it_has_fought() -> None:
    p = Position().clear()
    p.unit("SHI-01", "1109").mobilize("SHI")
    g = p.at("5c")
    r = reach(g, ["SHI-01"], "fellowship")
    assert r and all(g.W.search_area(h) == "B" for h in r), sorted(r)
    g.units["SHI-01"]["fought"] = True
    p.touch()
    assert any(g.W.search_area(h) != "B" for h in reach(g, ["SHI-01"], "fellowship"))


@rule("war-of-the-ring", "§V31", "§10.2.3")
def test_V31_before_mordor_mobilizes_nazgul_fly_only_east_of_the_anduin() -> None:
    p = Position().clear()
    p.char("n6", "2613").sp(5)
    g = p.at("7b")
    west = g.W.regions["west-of-anduin"].hexes
    d = g.destinations(["n6"], "dark")
    flown = {h for h, v in d.items() if v[2]}
    assert flown and not (flown & west)
    assert not any(x in west for h in flown for x in d[h][1])
    assert max(len(d[h][1]) - 1 for h in flown) == 12         # 12 hexes east of the Anduin
    for h, (cost, _path, fly) in d.items():
        if h in west:
            assert not fly and cost <= 7                     # rides there, MF 7


@rule("war-of-the-ring", "§V31", "§10.2.3")
def test_V31_after_mobilization_a_flight_touching_the_west_has_mf_7() -> None:
    p = Position().clear()
    p.char("n6", "2613").sp(5).mobilize("MOR")
    g = p.at("7b")
    west = g.W.regions["west-of-anduin"].hexes
    d = g.destinations(["n6"], "dark")
    west_flights = {h: v for h, v in d.items() if v[2] and any(x in west for x in v[1])}
    assert west_flights
    assert all(len(v[1]) - 1 <= 7 for v in west_flights.values())


@rule("war-of-the-ring", "§V31", "§10.1")
def test_10_1_moving_a_nazgul_costs_one_shadow_point() -> None:
    p = Position().clear()
    p.char("n6", "2613").sp(1).mobilize("MOR")
    g = p.at("7b")
    move(g, "2614", piece="n6")
    assert g.sp == 0 and g.chars["n6"]["hex"] == "2614"
    p.char("n7", "3523")
    assert {"type": "select", "piece": "n7"} not in g.legal_actions()   # no points left


@rule("war-of-the-ring", "§V30", "§10.2.2")
def test_V30_shadowfax_gives_gandalf_mf_10_but_never_into_mordor() -> None:
    p = Position().clear()
    p.char("gandalf", "2222", items=["glamdring", "shadowfax"])
    g = p.at("5c")
    d = g.destinations(["gandalf"], "fellowship")
    assert max(v[0] for v in d.values()) > 6                  # MF 10 with Shadowfax
    p = Position().clear()
    p.char("gandalf", "2924", items=["glamdring", "shadowfax"])
    g = p.at("5c")
    mordor = g.W.regions["mordor"].hexes
    d = g.destinations(["gandalf"], "fellowship")
    into = {h: v for h, v in d.items() if any(x in mordor for x in v[1])}
    assert into and all(v[0] <= 6 for v in into.values())      # his own MF 6 there
    assert any(v[0] > 6 for h, v in d.items() if h not in into)


@rule("war-of-the-ring", "§V19", "§10.2.7")
def test_V19_T_PATHS_1_the_second_use_of_the_paths_of_the_dead_is_refused() -> None:
    p = Position().clear()
    p.char("aragorn", "2223").char("gimli", "2223").unit("ROH-06", "2223").mobilize("ROH")
    g = p.at("5c")
    assert {"type": "paths"} in g.legal_actions()
    g.apply({"type": "paths"})
    assert g.chars["aragorn"]["hex"] == "2025" and g.chars["gimli"]["hex"] == "2025"
    assert g.units["ROH-06"]["hex"] == "2025" and g.units["DEAD-01"]["hex"] == "2025"
    p.turn(2).char("aragorn", "2223")
    g = p.at("5c")
    assert {"type": "paths"} not in g.legal_actions()
    refused(g, {"type": "paths"})


@rule("war-of-the-ring", "§V21", "§5.4", "§10.2.2")
def test_V21_misty_passes_closed_then_caradhras_for_characters_and_the_high_pass_for_all() -> None:
    p = Position().clear()
    p.char("gimli", "2113").unit("LIN-01", "2108").unit("LIN-02", "2113").mobilize("LIN")
    g = p.at("5c")
    assert "2213" not in reach(g, ["gimli"], "fellowship")
    assert "2207" not in reach(g, ["LIN-01"], "fellowship")
    p.flags(passes="open")
    assert "2213" in reach(g, ["gimli"], "fellowship")          # Caradhras: characters only
    assert all(p2[1] != "2213" for p2 in reach(g, ["LIN-02"], "fellowship").values())
    assert "2207" in reach(g, ["LIN-01"], "fellowship")         # the High Pass: everyone


@rule("war-of-the-ring", "§10.2.2", "§10.7.3")
def test_10_2_2_a_revealed_character_stops_on_entering_enemy_armies_or_characters() -> None:
    p = Position().clear()
    p.char("aragorn", "1509").unit("MOR-16", "1608").char("n4", "1409").mobilize("MOR")
    g = p.at("5c")
    r = reach(g, ["aragorn"], "fellowship")
    assert "1608" in r and "1409" in r
    assert all("1608" not in path[1:-1] and "1409" not in path[1:-1] for path in r.values())


@rule("war-of-the-ring", "§10.7.3", "§10.6", "§V1")
def test_10_7_3_a_hidden_character_entering_enemy_pieces_is_intercepted_secretly() -> None:
    p = Position().clear()
    p.char("legolas", "1509", hidden=True).unit("MOR-16", "1608").mobilize("MOR")
    g = p.at("5c")
    p.dice(6)                                                  # a natural 6 never spots
    ev = move(g, "1608", piece="legolas")
    assert g.chars["legolas"]["hidden"] and g.chars["legolas"]["hex"] == "1608"
    assert not [e for e in g.log_for("dark") if "1608" in e.get("text", "") and e in ev]
    p.char("legolas", "1509", hidden=True)
    p.at("5c")
    p.dice(2)                                                  # 2 − 1 (road) ≤ 1: spotted
    move(g, "1608", piece="legolas")
    assert not g.chars["legolas"]["hidden"]
    assert g.ask["kind"] == "hunt" and g.ask["seat"] == "dark"
    p.dice_done()


@rule("war-of-the-ring", "§10.7.3", "§10.6")
def test_10_7_3_interception_is_2_with_a_nazgul_present() -> None:
    p = Position().clear()
    p.char("legolas", "1509", hidden=True).char("n4", "1608").mobilize("MOR")
    g = p.at("5c")
    p.dice(3)                                                  # 3 − 1 (road) ≤ 2
    move(g, "1608", piece="legolas")
    assert not g.chars["legolas"]["hidden"]
    p.dice_done()


@rule("war-of-the-ring", "§10.6", "§10.2.2")
def test_10_6_dark_characters_may_not_enter_an_open_sanctuary() -> None:
    p = Position().clear()
    p.char("n4", "1908").char("elrond", "2008").mobilize("MOR").sp(5)
    g = p.at("7b")
    assert "2008" not in reach(g, ["n4"], "dark")
    p.char("elrond", None)                                     # Rivendell's defence is 0 now
    assert "2008" in reach(g, ["n4"], "dark")


@rule("war-of-the-ring", "§V12", "§10.2.6", "§10.1")
def test_V12_saruman_units_move_free_of_shadow_points_outside_control_saruman_stays() -> None:
    p = Position().clear()
    p.unit("ISE-01", "1820").char("saruman", "1820").mobilize("ISE").sp(0)
    g = p.at("7b")
    assert {"type": "select", "piece": "ISE-01"} in g.legal_actions()
    assert {"type": "select", "piece": "saruman"} not in g.legal_actions()
    refused(g, {"type": "select", "piece": "saruman"}, "§V12")
    move(g, "1721", piece="ISE-01")
    assert g.sp == 0


@rule("war-of-the-ring", "§V7", "§V8", "§V18", "§10.2.2")
def test_V7_V8_V18_denethor_galadriel_and_elrond_stay() -> None:
    p = Position().clear()
    p.char("denethor", "2824").char("galadriel", "2315").char("elrond", "2008")
    g = p.at("5c")
    for who, cite in (("denethor", "§V7"), ("galadriel", "§V8"), ("elrond", "§V18")):
        refused(g, {"type": "select", "piece": who}, cite)
