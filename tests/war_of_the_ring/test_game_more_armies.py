"""Armies through the game, continued: the Army of the Dead [WR §V19] [WR §7.3], the Ents at
Isengard [WR §V14], terrain and river shifts [WR §10.3], deserters [WR §10.2.5] [WR §V22], the
three-player Dark Alliance [WR §V13], Saruman's two-player garrisons [WR §V12], the Corsairs at
sea (R-CORSAIR-MOVE) and the options OPT-1 and OPT-2 [WR §2]."""

from __future__ import annotations

import pytest

from .builder import Position, destinations, move, refused, selection, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def battle_text(ev) -> str:
    return next(e["text"] for e in ev if e["type"] == "battle")


def reach(g, pieces, seat) -> dict[str, list[str]]:
    return {h: v[1] for h, v in g.destinations(pieces, seat).items()}


# ----- the Army of the Dead [WR §V19] [WR §7.3] (R-DEAD-ARMY) ----------------------------------
def dead_attack(combats_before: int, *dice: int):
    # Erech: the Dead (20) with Aragorn against 10 Orcs → 2-1, +1 column for the Dead → 3-1
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.unit("DEAD-01", "2025").char("aragorn", "2025").unit("MOR-11", "2025")
    p.flags(dead_combats=combats_before).dice(*dice)
    g = p.at("5d")
    assert {"type": "attack", "hex": "2025"} in g.legal_actions()
    ev = g.apply({"type": "attack", "hex": "2025"})
    return p, g, ev


@rule("war-of-the-ring", "§7.3", "§V19", "§10.3")
def test_7_3_the_army_of_the_dead_attacks_at_plus_1_column_and_takes_no_losses() -> None:
    p, g, ev = dead_attack(0, 1)                                # d6 1 + 3 (Aragorn) = 4
    t = battle_text(ev)
    assert "20 against 10" in t and "→ 2-1, shifted to 3-1" in t and "Army of the Dead" in t, t
    assert g.units["DEAD-01"]["str"] == 20 and g.units["DEAD-01"]["hex"] == "2025"
    assert g.flags["dead_combats"] == 1


@rule("war-of-the-ring", "§7.3", "§V19")
def test_7_3_the_army_of_the_dead_leaves_play_after_its_second_combat() -> None:
    p, g, ev = dead_attack(1, 1, 6)                             # then Aragorn, alone, escapes capture
    assert g.units["DEAD-01"]["hex"] is None and g.units["DEAD-01"]["gone"], texts(ev)


@rule("war-of-the-ring", "§7.3", "§V19", "§10.3")
def test_7_3_the_army_of_the_dead_never_defends() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR", "GON").sp(5)
    p.unit("DEAD-01", "2025").char("aragorn", "2025").unit("GON-07", "2025").unit("MOR-11", "2025")
    p.dice(3)
    g = p.at("7c")
    ev = g.apply({"type": "attack", "hex": "2025"})
    assert "10 against 5" in battle_text(ev), battle_text(ev)  # GON-07 alone defends
    assert g.units["DEAD-01"]["str"] == 20
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5)
    p.unit("DEAD-01", "2025").char("aragorn", "2025").unit("MOR-11", "2025")
    g = p.at("7c")
    assert g.ask is None or {"type": "attack", "hex": "2025"} not in g.legal_actions()


@rule("war-of-the-ring", "§7.3", "§V19", "§10.2")
def test_7_3_the_army_of_the_dead_moves_only_with_aragorn() -> None:
    p = Position().clear().unit("DEAD-01", "2025").char("gimli", "2025")
    g = p.at("5c")
    assert not [a for a in g.legal_actions() if a["type"] == "select" and
                (a.get("piece") == "DEAD-01" or a.get("stack") == "2025")]
    p.char("aragorn", "2025")
    g = p.at("5c")
    assert {"type": "select", "piece": "DEAD-01"} not in g.legal_actions()
    move(g, "2126", stack="2025")
    assert g.units["DEAD-01"]["hex"] == "2126" and g.chars["aragorn"]["hex"] == "2126"


@rule("war-of-the-ring", "§7.3", "§V19")
def test_7_3_the_army_of_the_dead_leaves_at_the_end_of_the_turn_aragorn_enters_pelargir() -> None:
    p = Position(turn_limit=1).clear().unit("DEAD-01", "2826").char("aragorn", "2826")
    g = p.at("5c")
    move(g, "2927", stack="2826")
    assert g.units["DEAD-01"]["hex"] == "2927"
    while g.result is None:
        g.apply({"type": "done"} if {"type": "done"} in g.legal_actions() else g.legal_actions()[0])
    assert g.units["DEAD-01"]["hex"] is None


# ----- the Ents [WR §V14] (R-ENTS-NEGATE) -----------------------------------------------------
@rule("war-of-the-ring", "§V14", "§7.3", "§10.11")
def test_V14_an_ent_unit_entering_isengard_negates_its_defence_for_ever() -> None:
    p = Position().clear().mobilize("ENT").unit("ENT-01", "1920").unit("GON-04", "1921")
    p.mobilize("GON")
    assert p.g.defence_value("1820") == 20
    g = p.at("5c")
    ev = move(g, "1820", piece="ENT-01")
    assert g.defence["1820"]["destroyed"] and g.defence_value("1820") == 0, texts(ev)
    assert g.control["1820"] == "free"                          # undefended: taken at once
    # another Free army (not Ents) does not: Isengard's 20 stands and stops it
    p = Position().clear().mobilize("GON").unit("GON-04", "1921")
    g = p.at("5c")
    move(g, "1820", piece="GON-04")
    assert not g.defence["1820"]["destroyed"] and g.control["1820"] == "saruman"


@rule("war-of-the-ring", "§V14", "§7.3", "§10.3")
def test_V14_ents_attacking_in_isengard_negate_its_defence() -> None:
    p = Position(turn_limit=1).clear().mobilize("ENT", "ISE").unit("ENT-01", "1820")
    p.unit("ISE-03", "1820", 1).dice(1)
    g = p.at("5d")
    assert not g.defence["1820"]["destroyed"]
    g.apply({"type": "attack", "hex": "1820"})
    assert g.defence["1820"]["destroyed"]


# ----- terrain and rivers [WR §10.3] (R-TERRAIN-SHIFT, R-RIVER-SHIFT) ---------------------------
def free_attack(h: str, crossed: bool = False, defender_hex: str | None = None):
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(0)
    p.unit("GON-01", h, crossed=crossed).unit("MOR-11", defender_hex or h)
    p.dice(3)
    g = p.at("5d")
    return g, battle_text(g.apply({"type": "attack", "hex": h}))


@rule("war-of-the-ring", "§10.3", "§5.1", "§5.2")
def test_10_3_a_defender_in_rough_forest_or_marsh_shifts_one_column() -> None:
    for h, terrain in (("1720", "rough"), ("2926", "forest"), ("2920", "marsh"), ("2522", "clear")):
        g, t = free_attack(h)
        assert g.W.terrain(h) == terrain
        assert "25 against 10 → 2-1" in t, t
        if terrain == "clear":
            assert "shifted to 2-1 (no shift)" in t, t
        else:
            assert f"shifted to 3-2 (defender in {terrain}" in t, t


@rule("war-of-the-ring", "§10.3", "§5.1")
def test_10_3_every_attacker_having_crossed_a_river_into_the_hex_shifts_one_column() -> None:
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(0)
    p.unit("GON-01", "2521").unit("GON-02", "2522").unit("MOR-11", "2522")
    assert p.g.W.hexside("2521", "2522").kind == "river" and not p.g.W.road("2521", "2522")
    g = p.at("5c")
    move(g, "2522", piece="GON-01")
    assert g.units["GON-01"]["crossed"]
    g.apply({"type": "done"})
    p.dice(3)
    t = battle_text(g.apply({"type": "attack", "hex": "2522"}))
    assert "river" not in t, t                                  # GON-02 did not cross
    g, t = free_attack("2522", crossed=True)
    assert "every attacker crossed a river" in t and "shifted to 3-2" in t, t


# ----- deserters [WR §10.2.5] [WR §V22] [WR §13.2] -------------------------------------------------
@rule("war-of-the-ring", "§10.2.5", "§V22", "§9")
def test_10_2_5_deserters_go_home_at_the_start_of_the_fellowship_movement_and_stop_inside() -> None:
    p = Position().clear().mobilize("MOR").unit("EAS-01", "3021", deserted=True)
    p.unit("EAS-02", "3717", deserted=True)
    g = p.at("5c")
    assert g.W.search_area(g.units["EAS-01"]["hex"]) == "W", g.units["EAS-01"]
    assert g.units["EAS-02"]["hex"] == "3717"                   # already home: it stays
    assert g.sp == 0                                            # free of Shadow Points


@rule("war-of-the-ring", "§10.2.5", "§V22")
def test_10_2_5_deserters_never_enter_a_hex_holding_sauron_units_and_stay_without_a_path() -> None:
    p = Position().clear().mobilize("MOR").unit("EAS-01", "3021", deserted=True)
    for u, h in (("MOR-01", "3121"), ("MOR-05", "3122"), ("MOR-07", "2921"), ("MOR-09", "2922")):
        p.unit(u, h)
    g = p.at("5c")
    assert g.units["EAS-01"]["hex"] == "3021"                   # R-DESERT-NO-PATH


@rule("war-of-the-ring", "§10.2.5", "§V22", "§10.3")
def test_10_2_5_deserters_never_attack() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR", "GON").sp(10)
    p.unit("EAS-01", "2924", deserted=True).unit("GON-04", "2924")
    g = p.at("7c")
    assert g.ask is None or {"type": "attack", "hex": "2924"} not in g.legal_actions()


@rule("war-of-the-ring", "§10.2.5", "§V22", "§10.3")
def test_10_2_5_deserters_defend_normally() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR", "GON").sp(0)
    p.unit("EAS-01", "2924", deserted=True).unit("GON-01", "2924")
    g = p.at("5d")
    assert g.ask is not None and {"type": "attack", "hex": "2924"} in g.legal_actions()


@rule("war-of-the-ring", "§V22", "§10.11", "§13.2")
def test_V22_deserters_do_not_hold_a_place_against_a_free_army() -> None:
    p = Position().clear().mobilize("MOR", "GON").unit("EAS-01", "2927", deserted=True)
    p.control("2927", "sauron").unit("GON-06", "2826").unit("HAR-02", "2632", deserted=True)
    g = p.at("5c")
    move(g, "2927", piece="GON-06")
    assert g.control["2927"] == "free"                          # Pelargir: the deserters count not


@rule("war-of-the-ring", "§V22", "§10.11", "§13.2")
def test_V22_an_objective_held_only_by_deserters_is_uncontrolled() -> None:
    p = Position().clear().mobilize("MOR").event_deck(*QUIET).search_deck(1, 2)
    p.unit("COR-01", "2632", active=True, deserted=True).unit("MOR-13", "2613")
    p.grip(deserted=True)
    assert p.g.control["2632"] == "sauron"
    before = p.g.sauron_objectives()
    p.dice(1, 1)
    g = p.at("8a")
    assert g.sauron_objectives() == before - 1


@rule("war-of-the-ring", "§7.3", "§V22", "§13.2")
def test_7_3_deserting_corsairs_sail_back_to_umbar_at_once() -> None:
    p = Position().clear().mobilize("MOR", "COR").event_deck(*QUIET).search_deck(1, 2).turn(3)
    p.unit("COR-01", "2329", active=True).unit("EAS-01", "3021").grip(deserted=True, pending="desert")
    p.grip(deserted=False)
    p.dice(1, 1)
    g = p.at("2c")
    assert g.units["COR-01"]["deserted"]
    assert g.units["COR-01"]["hex"] == "2632", g.units["COR-01"]


# ----- the Dark Alliance (three players) [WR §V13] [WR §10.2.1] ---------------------------------
@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_while_the_alliance_holds_saruman_s_units_may_not_enter_mordor() -> None:
    p = Position(players=3).clear().mobilize("ISE", "MOR").unit("ISE-01", "2921")
    g = p.at("6b")
    assert g.ask["seat"] == "saruman"
    r = destinations(g, piece="ISE-01")
    assert r and not [h for h in r if g.W.in_region(h, "mordor")], sorted(r)
    p.flags(alliance=False)
    g = p.at("6b")
    assert "3021" in destinations(g, piece="ISE-01")


@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_while_the_alliance_holds_sauron_s_units_may_not_enter_isengard() -> None:
    p = Position(players=3).clear().mobilize("ISE", "MOR").sp(5).unit("MOR-13", "1920")
    g = p.at("7b")
    assert g.ask["seat"] == "sauron"
    r = destinations(g, piece="MOR-13")
    assert "1920" not in r and "1820" not in r and "1921" in r
    p.flags(alliance=False)
    g = p.at("7b")
    assert "1820" in destinations(g, piece="MOR-13")


@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_allies_move_through_each_other_s_hexes() -> None:
    p = Position(players=3).clear().mobilize("ISE", "MOR").sp(5)
    p.unit("ISE-01", "2020").unit("MOR-13", "2021")
    g = p.at("6b")
    r = reach(g, ["ISE-01"], "saruman")
    assert any("2021" in path[1:-1] for path in r.values()), "stopped by an ally"


@rule("war-of-the-ring", "§V13", "§10.8.4", "§6.1")
def test_V13_a_converted_character_is_the_saruman_player_s_for_the_rest_of_the_game() -> None:
    p = Position(players=3).clear().mobilize("ISE")
    p.unit("ISE-01", "1820").char("saruman", "1820").captive("boromir", "1820", ["ISE-01"], seat="saruman")
    g = p.at("6a")
    g.apply({"type": "convert", "captive": "boromir"})
    assert g.ask["kind"] == "move" and g.ask["seat"] == "saruman"
    assert {"type": "select", "piece": "boromir"} in g.legal_actions()
    g2 = p.at("5c")
    refused(g2, {"type": "select", "piece": "boromir"}, "§6.1")


# ----- Saruman in the two-player game [WR §V12] [WR §10.2.6] -------------------------------------
@rule("war-of-the-ring", "§V12", "§10.2.6", "§10.3")
def test_V12_outside_control_saruman_s_units_attack_only_garrison_list_places() -> None:
    def attackable(h: str, control: bool = False, came_from: str | None = None):
        p = Position(turn_limit=1).clear().mobilize("ISE").sp(5).flags(control=control)
        p.unit("ISE-01", h).unit("DUN-01", h, start=came_from)
        g = p.at("7c")
        return g.ask is not None and {"type": "attack", "hex": h} in g.legal_actions()

    assert attackable("1309")                                   # Bree: on the list
    assert not attackable("1313")                               # a road hex off the list
    assert attackable("1313", control=True)                     # under control, anywhere
    assert attackable("1313", came_from="1312")                 # a hex the Free army entered


@rule("war-of-the-ring", "§V12", "§10.2.6")
def test_V12_the_last_saruman_unit_in_a_listed_place_he_holds_may_not_leave_it() -> None:
    p = Position().clear().mobilize("ISE").sp(0).unit("ISE-01", "1309").unit("ISE-03", "1309")
    p.flags(garrisons=["1309"]).control("1309", "saruman")
    g = p.at("7b")
    assert {"type": "select", "piece": "ISE-01"} in g.legal_actions()
    move(g, "1310", piece="ISE-01")
    assert {"type": "select", "piece": "ISE-03"} not in g.legal_actions()   # the garrison
    p.flags(control=True).sp(1)                          # under control (and paid) the limits lapse
    assert {"type": "select", "piece": "ISE-03"} in g.legal_actions()
    # Isengard itself need not be garrisoned
    p = Position().clear().mobilize("ISE").sp(0).unit("ISE-01", "1820")
    g = p.at("7b")
    assert {"type": "select", "piece": "ISE-01"} in g.legal_actions()


@rule("war-of-the-ring", "§V12", "§10.11")
def test_V12_a_listed_place_saruman_s_units_take_becomes_a_garrison() -> None:
    p = Position().clear().mobilize("ISE").sp(0).unit("ISE-01", "1409")
    g = p.at("7b")
    move(g, "1309", piece="ISE-01")
    assert g.control["1309"] == "saruman" and "1309" in g.flags["garrisons"]


# ----- the Corsairs at sea (R-CORSAIR-MOVE) [WR §7.3] [WR §V26] ----------------------------------
@rule("war-of-the-ring", "§7.3", "§V26", "§10.2.1")
def test_7_3_the_corsairs_sail_one_mp_a_sea_hex_and_landing_ends_the_move() -> None:
    p = Position().clear().mobilize("MOR", "COR").sp(5).unit("COR-01", "2632", active=True)
    g = p.at("7b")
    r = reach(g, ["COR-01"], "dark")
    assert "2529" in r                                          # four sea hexes, then land
    assert all(g.W.terrain(h) == "sea" for h in r["2529"][1:-1]), r["2529"]
    assert "2428" not in r                                      # no march on after landing
    move(g, "2529", piece="COR-01")
    assert g.units["COR-01"]["hex"] == "2529" and g.sp == 4


@rule("war-of-the-ring", "§7.3", "§V26")
def test_7_3_the_corsairs_row_up_the_anduin_below_osgiliath() -> None:
    p = Position().clear().mobilize("MOR", "COR").sp(5).unit("COR-01", "2632", active=True)
    g = p.at("7b")
    assert "2929" in destinations(g, piece="COR-01")            # sea to the mouth, then upriver


@rule("war-of-the-ring", "§7.3", "§V26", "§6.2")
def test_7_3_inactive_corsairs_do_not_move() -> None:
    p = Position().clear().mobilize("MOR").sp(5).unit("COR-01", "2632", active=False)
    g = p.at("7b")
    assert {"type": "select", "piece": "COR-01"} not in g.legal_actions()


# ----- options [WR §2] ---------------------------------------------------------------------------
@rule("war-of-the-ring", "§2", "§8", "§7.1")
def test_2_opt_1_the_king_of_rhun_arrives_at_m_plus_2_and_the_sultan_of_harad_at_m_plus_3() -> None:
    p = Position(rhun_harad=True).clear().mobilize("MOR", turn=1).event_deck(*QUIET)
    p.search_deck(1, 2).turn(3).dice(1, 1)
    g = p.at("2a")
    k, s = g.chars["king-of-rhun"], g.chars["sultan-of-harad"]
    assert k["alive"] and k["hex"] == "3816" and not s["alive"]
    p.turn(4).dice(1, 1)
    g = p.at("2a")
    assert g.chars["sultan-of-harad"]["alive"] and g.chars["sultan-of-harad"]["hex"] == "3433"
    assert g.chars["king-of-rhun"]["seat"] == "dark"
    g = Position().g                                            # without the option: no such piece
    assert "king-of-rhun" not in g.chars and "sultan-of-harad" not in g.chars


@rule("war-of-the-ring", "§2", "§6.1", "§10.2.1")
def test_2_opt_2_unmobilized_units_may_move() -> None:
    p = Position(unmobilized_move=True).clear().unit("ROH-01", "2222")
    g = p.at("5c")
    assert "ROH" not in g.mobilized
    assert {"type": "select", "piece": "ROH-01"} in g.legal_actions()
    move(g, "2322", piece="ROH-01")
    assert g.units["ROH-01"]["hex"] == "2322"
    p = Position(unmobilized_move=True).clear().sp(5).unit("MOR-13", "2613")
    g = p.at("7b")
    assert selection(g, piece="MOR-13")
    p = Position().clear().unit("ROH-01", "2222")               # the option off
    g = p.at("5c")
    assert {"type": "select", "piece": "ROH-01"} not in g.legal_actions()
