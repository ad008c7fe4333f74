"""SPI Standard Rules [2.3], [9.0] demoralization, [10.0] night turns, and bad input."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, acts, dests, events_of, illegal, melee, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def build(*units, turn=3, phase="D", seed=3, options=None):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h) for t, h in units]
    return pos, ids


# ===== [2.3] [2.41] the playing pieces ================================================================
@rule("standard", "[2.3]", "[2.41]")
def test_2_3_unit_codes_and_missile_only_units_never_melee():
    from ringwar.systems.spi.data import parse_code
    assert parse_code("Ee-2-Z") == ("E", "e", 2, "Z")
    assert parse_code("e-1-X") == (None, "e", 1, "X")
    assert parse_code("B-3-Y") == ("B", None, 3, "Y")
    pos, (o, b, t, m) = build(("orc", "0807"), ("bowmen", "0808"), ("troll", "1210"), ("men", "1211"),
                              phase="G")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    assert not acts(g, "attack", b)
    illegal(g, {"type": "attack", "unit": b, "target": o}, "[2.3]")


# ===== [9.1] unit demoralization values =========================================================
@rule("standard", "[9.11]", "[9.12]", "[9.1]")
@pytest.mark.parametrize("kind,value", [
    ("troll", 4 + 3 + 3), ("orc_archer", 1 + 1 + 3 + 2), ("goblin", 1 + 1 + 2 + 1), ("slave", 5 + 1 + 1),
    ("men", 2 + 3 + 3), ("bowmen", 1 + 1 + 3), ("men_archers", 2 + 1 + 2 + 2), ("pikes", 4 + 1 + 2),
    ("cavalry_w", 4 + 3 + 4), ("elf", 2 + 4 + 4)])
def test_9_12_value_is_attack_plus_armour_plus_morale(kind, value):
    g = Position("sauron").clear().game()
    from ringwar.systems.spi.state import Piece
    p = Piece("x", utype=g.sc.types[kind], movement=g.charts.movement)
    assert g.demoralization_value(p) == value


@rule("standard", "[9.12]")
def test_9_12_the_rules_example_b_3_y_is_9_and_reduced_units_count_full():
    g = Position("sauron").clear().game()
    from ringwar.systems.spi.data import UnitType
    from ringwar.systems.spi.state import Piece
    p = Piece("x", utype=UnitType(name="x", side="sauron", nation="Mordor", code="B-3-Y", kind="infantry"))
    assert g.demoralization_value(p) == 9
    p.reduced = True
    assert g.demoralization_value(p) == 9
    assert g.demoralization_value(g.units["gorgol"]) == 0          # leaders have none


@rule("standard", "[9.13]")
def test_9_13_eliminated_units_add_their_value():
    pos, (t, m, far) = build(("troll", "0807"), ("men_archers", "0808"), ("men", "0404"))
    pos.demoralization(westernesse=30)
    g = pos.game()
    melee(g, t, m, 2, 2, 1)                             # B vs 2 hit; Y die 1: E
    assert not g.units[m].on_map
    assert g.dp["westernesse"] == 30 + 7                 # D + e + 2 + Y = 2 + 1 + 2 + 2


# ===== [9.0] once demoralized, for the rest of the game =============================================
@rule("standard", "[9.0]")
def test_9_0_a_demoralized_army_stays_demoralized_when_its_total_falls():
    pos, (o, m, far) = build(("orc", "0807"), ("men_archers", "0808"), ("men", "0404"), turn=15)
    pos.demoralization(westernesse=110)
    g = pos.game()
    melee(g, o, m, 1)                                   # E: 7 points, 117 > 112
    assert g.demoralized["westernesse"]
    g.dp["westernesse"] = 0                             # even were the total to fall (it cannot in Sauron)
    g.check_demoralization("westernesse")
    assert g.demoralized["westernesse"]
    while g.result is None and g.turn < 16:
        play(g, {"type": "end"}) if {"type": "end"} in g.legal_actions() else play(g, g.legal_actions()[-1])
    assert g.demoralized["westernesse"]


# ===== [9.2] mechanics ============================================================================
@rule("standard", "[9.21]", "[9.2]")
@pytest.mark.parametrize("before,demoralized", [(105, False), (106, True)])
def test_9_21_demoralized_only_when_the_total_exceeds_the_level(before, demoralized):
    g2pos, (o, m2, far2) = build(("orc", "0807"), ("men_archers", "0808"), ("men", "0404"), turn=15)
    g2pos.demoralization(westernesse=before + 0)
    g2 = g2pos.game()
    melee(g2, o, m2, 1)                                 # night: fanatical Orc; Y die 1: E (7 points)
    assert g2.dp["westernesse"] == before + 7
    assert g2.demoralized["westernesse"] is demoralized


@rule("standard", "[9.22]")
def test_9_22_both_sides_may_be_demoralized():
    pos, (o, m, far) = build(("orc", "0807"), ("men_archers", "0808"), ("men", "0404"), turn=15)
    pos.demoralized(sauron=True)
    pos.demoralization(westernesse=110)
    g = pos.game()
    melee(g, o, m, 1)
    assert g.demoralized == {"westernesse": True, "sauron": True}


@rule("standard", "[9.23]")
def test_9_23_both_armies_demoralized_in_one_combat_phase():
    # both reach their levels in the same phase: both are demoralized, neither first
    pos, (o, m, far) = build(("orc", "0807"), ("men_archers", "0808"), ("men", "0404"), turn=15)
    pos.demoralization(westernesse=110, sauron=70)
    g = pos.game()
    melee(g, o, m, 1)
    assert g.demoralized["westernesse"]
    g.eliminate(g.units[o], "[7.42]", "test")
    assert g.demoralized == {"westernesse": True, "sauron": True}


# ===== [9.3] effects ===============================================================================
@rule("standard", "[9.31]")
def test_9_31_a_demoralized_army_may_not_rally():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    m = pos.place("men", "0808", disrupted=True)
    pos.place("anarion", "0807")
    pos.place("orc", "2020", disrupted=True)
    pos.place("gorgol", "2019")
    pos.demoralized(westernesse=True)
    g = pos.game()
    assert not acts(g, "rally", "anarion")
    assert acts(g, "rally", "gorgol")
    assert g.may_rally(g.units["anarion"], g.units[m]).rule == "[9.31]"
    illegal(g, {"type": "rally", "unit": "anarion", "target": m})


@rule("standard", "[9.32]")
def test_9_32_demoralized_z_units_avoid_zocs_never_melee_but_fire():
    pos, (gb, m, t, m2) = build(("goblin", "0807"), ("men", "0808"), ("troll", "1210"), ("men", "1211"))
    pos.demoralized(sauron=True)
    g = pos.game()
    assert acts(g, "fire", gb)                          # missile fire still allowed
    rig(g, 6, 6)
    play(g, {"type": "fire", "unit": gb, "target": m})
    while g.step != "melee":
        play(g, {"type": "end"})
    assert not acts(g, "attack", gb)
    assert gb not in [p.id for p in g.obliged_attackers()]
    illegal(g, {"type": "attack", "unit": gb, "target": m}, "[9.32]")
    # movement: never into an enemy ZOC
    pos, (gb, m) = build(("goblin", "0806"), ("men", "0809"), phase="C")
    pos.demoralized(sauron=True)
    g = pos.game()
    d = dests(g, gb)
    assert d and not d & set(hx.neighbours("0809"))
    pos, (gb, m) = build(("goblin", "0806"), ("men", "0809"), phase="C")
    assert dests(pos.game(), gb) & set(hx.neighbours("0809"))


@rule("standard", "[9.33]", "[7.37]")
@pytest.mark.parametrize("kind,fanatical", [("men", True), ("cavalry_w", True), ("men_archers", False)])
def test_9_33_westernesse_w_and_x_units_fanatical_when_demoralized(kind, fanatical):
    pos, (u, o, far) = build((kind, "0808"), ("orc", "0807"), ("orc", "2020"), phase="G")
    pos.demoralized(westernesse=True)
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 6, 6, 6)
    ev = play(g, {"type": "attack", "unit": u, "target": o}, {"type": "resolve"})
    assert bool(events_of(ev, "fanatical")) is fanatical
    assert bool(events_of(ev, "roll")) is not fanatical


@rule("standard", "[9.33]")
def test_9_33_sauron_units_do_not_become_fanatical_when_demoralized():
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "0404"))
    pos.demoralized(sauron=True)
    g = pos.game()
    ev = melee(g, t, m, 6, 6)
    assert not events_of(ev, "fanatical")


# ===== [10.0] night =================================================================================
@rule("standard", "[10.0]")
def test_10_0_sauron_leaders_add_three_at_night():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="H")
    o = pos.place("orc", "0808", disrupted=True)
    pos.place("gorgol", "0807")
    pos.place("men", "2020")
    g = pos.game()
    assert g.rally_rating(g.units["gorgol"]) == 8
    rig(g, 4, 6)                                   # 10: in 3-10 (8), not in 2-7 (5)
    ev = play(g, {"type": "rally", "unit": "gorgol", "target": o})
    assert events_of(ev, "rally")[0]["success"]
    pos = Position("sauron", seed=3).clear().at(turn=14, phase="H")
    o = pos.place("orc", "0808", disrupted=True)
    pos.place("gorgol", "0807")
    pos.place("men", "2020")
    g = pos.game()
    rig(g, 4, 6)
    ev = play(g, {"type": "rally", "unit": "gorgol", "target": o})
    assert not events_of(ev, "rally")[0]["success"]


@rule("standard", "[10.0]", "[7.22]")
def test_10_0_night_bonus_counts_in_leader_combat():
    pos, (o, m, far) = build(("orc", "0907"), ("men", "0908"), ("men", "0404"), turn=15)
    pos.place("gorgol", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    while g.step == "missile":
        play(g, {"type": "end"})
    rig(g, 3)
    ev = play(g, {"type": "leader_attack", "unit": "gorgol", "target": "isildur"})
    assert events_of(ev, "roll")[0]["cell"] == "+1/3"          # 5 + 3 - 7


@rule("standard", "[10.0]")
def test_10_0_westernesse_leaders_get_no_night_bonus():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="H")
    pos.place("men", "0808", disrupted=True)
    pos.place("anarion", "0807")
    pos.place("orc", "2020")
    g = pos.game()
    assert g.rally_rating(g.units["anarion"]) == 6


# ===== bad input ======================================================================================
@pytest.fixture
def game():
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"), phase="C")
    return pos.game()


@rule("standard", "[2.3]")
def test_bad_input_unknown_unit(game):
    illegal(game, {"type": "move", "unit": "nazgul9", "to": "0807"}, "[2.3]")
    illegal(game, {"type": "fire", "unit": "nazgul9", "target": "men1"})


@rule("standard", "[2.1]")
@pytest.mark.parametrize("to", ["9999", "abc", "", "0000", "0132"])
def test_bad_input_illegal_hex(game, to):
    illegal(game, {"type": "move", "unit": "orc1", "to": to}, "[2.1]")


@rule("standard", "[3.0]")
def test_bad_input_action_out_of_phase(game):
    err = illegal(game, {"type": "rally", "unit": "gorgol", "target": "orc1"})
    assert err.rule in ("[8.3]", "[3.0]")
    illegal(game, {"type": "resolve"}, "[3.0]")
    illegal(game, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})


@pytest.mark.parametrize("bad", [
    "move orc1 0807", ["move"], 7, None, {}, {"unit": "orc1", "to": "0807"}, {"type": 3},
    {"type": "move", "unit": ["orc1"], "to": "0807"}, {"type": "move", "unit": "orc1", "to": {"h": 1}},
    {"type": "teleport", "unit": "orc1", "to": "0807"}])
def test_bad_input_malformed_action(game, bad):
    before = game.state_hash()
    with pytest.raises(ringwar.IllegalAction):
        game.apply(bad)
    assert game.state_hash() == before


def test_bad_input_extra_fields_refused(game):
    illegal(game, {"type": "move", "unit": "orc1", "to": "0807", "cost": 0})
