"""SPI Standard Rules [7.0]-[7.7]: missile, leader and melee combat, the combat tables,
movement after combat, displacement and retreat before combat.  Dice are forced with
``rig`` (two values for a 2d6 roll, one for a d6)."""

from __future__ import annotations

import pytest

from conftest import Position, acts, dests, events_of, illegal, melee, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "D", seed: int = 3, **kw):
    pos = Position("sauron", seed=seed).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h, **kw.get(h, {})) for t, h in units]
    return pos, ids


def skip_to_melee(g):
    while g.step != "melee" and not g.pending:
        play(g, {"type": "end"})


# ===== [7.1] missile combat ====================================================================
@rule("standard", "[7.11]", "[7.1]")
def test_7_11_only_missile_capable_units_fire():
    pos, (a, o, m) = build(("orc_archer", "0806"), ("orc", "1006"), ("men", "0808"))
    pos.place("men", "1008")
    g = pos.game()
    assert g.step == "missile"
    firers = {x["unit"] for x in acts(g, "fire")}
    assert firers == {a}
    illegal(g, {"type": "fire", "unit": o, "target": m}, "[7.11]")


@rule("standard", "[7.12]")
def test_7_12_range_two_counts_the_target_hex_not_the_firer():
    pos, (a, m1, m2) = build(("orc_archer", "0806"), ("men", "0808"), ("men", "0809"))
    g = pos.game()
    targets = {x["target"] for x in acts(g, "fire", a)}
    assert targets == {m1}
    illegal(g, {"type": "fire", "unit": a, "target": m2}, "[7.12]")


@rule("standard", "[7.13]")
def test_7_13_missiles_not_through_mountains_but_through_units():
    pos, (a, m, b, c, x) = build(("orc_archer", "1229"), ("men", "1028"), ("orc_archer", "0806"),
                                 ("men", "0807"), ("men", "0808"))
    g = pos.game()
    assert g.hexmap.terrain("1129") == "mountain" and hx.distance("1229", "1028") == 2
    assert {"type": "fire", "unit": a, "target": m} not in g.legal_actions()
    illegal(g, {"type": "fire", "unit": a, "target": m}, "[7.13]")
    # over a hex occupied by another unit (0807) to 0808
    assert {"type": "fire", "unit": b, "target": x} in g.legal_actions()


@rule("standard", "[7.14]")
def test_7_14_missile_units_fire_once_per_game_turn():
    pos, (a, m, k, a2) = build(("orc_archer", "0806"), ("men", "0808"), ("men", "0606"),
                               ("orc_archer", "0604"))
    g = pos.game()
    rig(g, 6, 6)                                              # e vs 3 needs 3-6: 12 misses
    play(g, {"type": "fire", "unit": a, "target": m})
    assert g.step == "missile"
    assert not acts(g, "fire", a)
    illegal(g, {"type": "fire", "unit": a, "target": k}, "[7.14]")
    assert g.units[a].fired


@rule("standard", "[7.14]")
def test_7_14_may_fire_again_next_game_turn():
    pos, (a, m, k) = build(("orc_archer", "0806"), ("men", "0808"), ("men", "0606"))
    pos2 = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    g = pos.game()
    rig(g, 6, 6)
    play(g, {"type": "fire", "unit": a, "target": m})
    while not (g.turn == 4 and g.phase == "D") and g.result is None:
        play(g, g.legal_actions()[-1] if g.legal_actions()[-1]["type"] == "end" else {"type": "end"})
    assert g.turn == 4 and g.phase == "D" and g.step == "missile"
    assert acts(g, "fire", a)
    del pos2


@rule("standard", "[7.15]")
def test_7_15_missile_only_units_never_enter_an_enemy_zoc():
    pos, (b, o) = build(("bowmen", "0806"), ("orc", "0809"), phase="F")
    g = pos.game()
    assert g.phase == "F"
    d = dests(g, b)
    zoc = set(hx.neighbours("0809"))
    assert d and not d & zoc
    illegal(g, {"type": "move", "unit": b, "to": "0808"})
    # a unit with a melee strength may
    pos2, (x, o2) = build(("men_archers", "0806"), ("orc", "0809"), phase="F")
    assert "0808" in dests(pos2.game(), x)


@rule("standard", "[7.16]", "[7.0]")
def test_7_16_missile_fire_comes_first_then_leaders_then_melee():
    pos, (a, t, m, k) = build(("orc_archer", "0806"), ("troll", "0907"), ("men", "0908"), ("men", "0606"))
    pos.place("gorgol", "0907")
    pos.place("anarion", "0908")
    g = pos.game()
    assert g.step == "missile"
    assert not acts(g, "attack") and not acts(g, "leader_attack")
    illegal(g, {"type": "attack", "unit": t, "target": m}, "[7.16]")
    play(g, {"type": "end"})
    assert g.step == "leader" and acts(g, "leader_attack") and not acts(g, "fire")
    illegal(g, {"type": "fire", "unit": a, "target": m}, "[7.16]")
    play(g, {"type": "end"})
    assert g.step == "melee" and acts(g, "attack")


@rule("standard", "[7.17]")
def test_7_17_missile_fire_resolved_like_melee_at_a_distance():
    pos, (a, m) = build(("orc_archer", "0806"), ("men", "0808"))
    g = pos.game()
    rig(g, 3, 3, 1)                                 # e vs armour 3: 3-6; X die 1: ½E, r1
    ev = play(g, {"type": "fire", "unit": a, "target": m})
    roll = events_of(ev, "roll")[0]
    assert roll["cell"] == "E/3" and roll["hit"] and roll["dice"] == [3, 3]
    res = events_of(ev, "casualty_result")[0]
    assert res["cell"] == "1/X" and res["result"] == "hE+r1"
    assert g.units[m].reduced


@rule("standard", "[7.17]")
def test_7_17_missile_miss_outside_the_range_of_totals():
    pos, (a, m) = build(("orc_archer", "0806"), ("men", "0808"))
    g = pos.game()
    rig(g, 1, 1)                                     # 2 is not in 3-6
    ev = play(g, {"type": "fire", "unit": a, "target": m})
    assert not events_of(ev, "casualty_result") and not g.units[m].reduced


# ===== [7.2] leader combat ======================================================================
def leaders(att="ringwraith", dfn="isildur", att_unit=("orc", "0907"), dfn_unit=("men", "0908")):
    pos, (u, v, k) = build(att_unit, dfn_unit, ("men", "0606"))
    pos.place(att, att_unit[1])
    pos.place(dfn, dfn_unit[1])
    return pos, u, v


@rule("standard", "[7.21]")
def test_7_21_leader_combat_is_optional_between_adjacent_leaders():
    pos, u, v = leaders()
    g = pos.game()
    skip_to_melee_or_leader(g)
    assert g.step == "leader"
    assert {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"} in g.legal_actions()
    assert {"type": "end"} in g.legal_actions()


def skip_to_melee_or_leader(g):
    while g.step == "missile":
        play(g, {"type": "end"})


@rule("standard", "[7.22]", "[7.26]")
@pytest.mark.parametrize("att,dfn,col", [("ringwraith", "isildur", "0"), ("gorgol", "elendil", "-4"),
                                         ("ringwraith", "anarion", "+1"), ("gorgol", "isildur", "-1")])
def test_7_22_differential_is_attacker_minus_defender(att, dfn, col):
    pos, u, v = leaders(att, dfn)
    pos.extra(weapons={"narsil": None})                   # nobody carries it
    g = pos.game()
    skip_to_melee_or_leader(g)
    rig(g, 4)
    ev = play(g, {"type": "leader_attack", "unit": att, "target": dfn})
    assert events_of(ev, "roll")[0]["cell"] == f"{col}/4"


LEADER_CRT = {   # spi-tables.md [7.26], independent copy
    "+6": ["Dr2", "Dh", "Dh", "De", "De", "De"],
    "+4": ["-", "Dr2", "Dh", "Dh", "De", "De"],
    "+2": ["Ar2", "-", "Dr2", "Dh", "Dh", "De"],
    "+1": ["Ar2", "Ar2", "-", "Dr2", "Dh", "Dh"],
    "0": ["Ah", "Ar2", "Ar2", "-", "Dr2", "Dh"],
    "-1": ["Ah", "Ah", "Ar2", "Ar2", "-", "Dr2"],
    "-3": ["Ae", "Ah", "Ah", "Ar2", "Ar2", "-"],
    "-4": ["Ae", "Ae", "Ah", "Ah", "Ar2", "Ar2"],
}


@rule("standard", "[7.26]")
def test_7_26_leader_combat_results_table_matches_the_chart():
    from ringwar.systems.spi import data
    from ringwar.systems.spi.rules.leader_combat import leader_column
    assert dict(data.charts().leader_crt) | {} == {**data.charts().leader_crt} and all(
        list(data.charts().leader_crt[c]) == LEADER_CRT[c] for c in LEADER_CRT)
    assert [leader_column(d) for d in (9, 6, 5, 4, 3, 2, 1, 0, -1, -2, -3, -4, -7)] == [
        "+6", "+6", "+4", "+4", "+2", "+2", "+1", "0", "-1", "-1", "-3", "-4", "-4"]


@rule("standard", "[7.26]", "[7.23]")
def test_7_26_defender_reduced_and_its_unit_retreats_two():
    # Ringwraith 7 vs Isildur 7: column 0, die 6 = D½
    pos, u, v = leaders()
    g = pos.game()
    skip_to_melee_or_leader(g)
    rig(g, 6)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "Dh"
    assert g.units["isildur"].reduced and g.units["isildur"].on_map
    # [7.23] the Men stacked with him must retreat two hexes: Westernesse chooses
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.to_act == "westernesse"
    assert g.pending[0]["n"] == 2
    to = g.pending[0]["options"][0]
    play(g, {"type": "retreat", "unit": v, "to": to})
    assert g.units[v].hex == to and hx.distance("0908", to) == 2


@rule("standard", "[7.26]")
def test_7_26_attacker_eliminated_on_ae():
    pos, u, v = leaders("gorgol", "elendil")
    g = pos.game()
    skip_to_melee_or_leader(g)
    rig(g, 1, 6)                                   # -4 column die 1: Ae (then a d6 spare)
    ev = play(g, {"type": "leader_attack", "unit": "gorgol", "target": "elendil"})
    assert events_of(ev, "roll")[0]["result"] == "Ae"
    assert not g.units["gorgol"].on_map


@rule("standard", "[7.23]")
def test_7_23_stacked_unit_that_cannot_retreat_is_flipped():
    # Isildur's Men in 0908 are hemmed in by enemy ZOCs (0907, 0909, 1008 ...)
    pos, (o, m, o2, o3, o4, k) = build(("orc", "0907"), ("men", "0908"), ("orc", "0909"), ("orc", "1008"),
                                       ("orc", "0808"), ("men", "0404"))
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    skip_to_melee_or_leader(g)
    rig(g, 6, 1)                                     # column 0 die 6: D½; spare die
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert g.units[m].reduced and g.units[m].hex == "0908"
    assert any(e["rule"] == "[7.23]" for e in ev)


@rule("standard", "[7.24]")
def test_7_24_a_leader_attacks_once_but_may_be_attacked_often():
    pos, (o, m, k, o2) = build(("orc", "0907"), ("men", "0908"), ("men", "0606"), ("orc", "0909"))
    pos.place("ringwraith", "0907")
    pos.place("gorgol", "0909")
    pos.place("isildur", "0908")
    g = pos.game()
    skip_to_melee_or_leader(g)
    rig(g, 4, 4)                                     # column 0 / -1 die 4: no effect / Ar2
    play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert not acts(g, "leader_attack", "ringwraith")
    illegal(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert {"type": "leader_attack", "unit": "gorgol", "target": "isildur"} in g.legal_actions()


@rule("standard", "[7.25]", "[8.21]")
def test_7_25_leaders_and_combat_units_never_attack_each_other():
    pos, (o, a, m, k) = build(("orc", "0907"), ("orc_archer", "0806"), ("men", "0908"), ("men", "0404"))
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0605")
    g = pos.game()
    assert not any(x["target"] == "isildur" for x in acts(g, "fire"))
    illegal(g, {"type": "fire", "unit": a, "target": "isildur"}, "[7.25]")
    skip_to_melee_or_leader(g)
    assert not acts(g, "leader_attack")                         # no enemy leader adjacent
    illegal(g, {"type": "leader_attack", "unit": "ringwraith", "target": m})
    assert g.step == "melee"                                    # the leader step had nothing to do
    assert all(x["target"] != "isildur" for x in acts(g, "attack"))
    illegal(g, {"type": "attack", "unit": o, "target": "isildur"}, "[7.25]")
    illegal(g, {"type": "attack", "unit": "ringwraith", "target": m}, "[7.25]")


# ===== [7.3] melee ================================================================================
@rule("standard", "[7.31]")
def test_7_31_each_unit_in_enemy_zoc_must_attack_one_of_the_exerters():
    # the troll touches two Men: it must attack one of them (and only one)
    pos, (t, m1, m2, t2, m3) = build(("troll", "0807"), ("men", "0808"), ("men", "0707"),
                                     ("troll", "1210"), ("men", "1211"))
    g = pos.game()
    assert g.step == "melee"
    assert {x["target"] for x in acts(g, "attack", t)} == {m1, m2}
    illegal(g, {"type": "end"}, "[7.31]")
    melee(g, t, m1, 6, 6)                                    # B vs 3: 12 misses
    assert not acts(g, "attack", t)
    illegal(g, {"type": "attack", "unit": t, "target": m2}, "[7.34]")
    assert [p.id for p in g.obliged_attackers()] == [t2]
    melee(g, t2, m3, 6, 6)
    assert g.phase != "D" or {"type": "end"} in g.legal_actions()


@rule("standard", "[7.32]")
def test_7_32_several_attackers_on_one_defender_resolved_separately():
    pos, (t1, t2, m, far) = build(("troll", "0807"), ("troll", "0909"), ("men", "0908"), ("men", "0404"))
    g = pos.game()
    play(g, {"type": "attack", "unit": t1, "target": m})
    # a second attacker may join this attack, and no other defender may be named now
    assert {"type": "attack", "unit": t2, "target": m} in g.legal_actions()
    play(g, {"type": "attack", "unit": t2, "target": m})
    rig(g, 6, 6, 5, 5)                                      # both miss (B vs 3: 2-7)
    ev = play(g, {"type": "resolve"})
    rolls = events_of(ev, "roll")
    assert [r["unit"] for r in rolls] == [t1, t2]
    assert g.units[t1].attacked and g.units[t2].attacked


@rule("standard", "[7.32]")
def test_7_32_allocated_attacker_may_not_switch_defender():
    pos, (t1, t2, m, m2, far) = build(("troll", "0807"), ("troll", "0909"), ("men", "0908"),
                                      ("men", "1009"), ("men", "0404"))
    g = pos.game()
    play(g, {"type": "attack", "unit": t1, "target": m})
    illegal(g, {"type": "attack", "unit": t2, "target": m2}, "[7.32]")
    illegal(g, {"type": "end"}, "[7.32]")


@rule("standard", "[7.33]", "[7.41]", "[7.42]")
def test_7_33_rules_example_b_vs_3_rolls_7_then_y_die_3():
    # the rules' example: a B unit (Dwarves) attacks a 3 unit with morale Y (Orc Archers)
    pos, (d, a, far) = build(("dwarf", "0808"), ("orc_archer", "0807"), ("orc", "2020"), phase="G")
    g = pos.game()
    skip_to_melee(g)
    ev = melee(g, d, a, 3, 4, 3)
    roll = events_of(ev, "roll")[0]
    assert roll["cell"] == "B/3" and roll["hit"] and sum(roll["dice"]) == 7
    res = events_of(ev, "casualty_result")[0]
    assert res["cell"] == "3/Y" and res["result"] == "hE+r1"
    assert g.units[a].reduced
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["n"] == 1 or \
        hx.distance(g.units[a].hex, "0807") == 1


@rule("standard", "[7.33]")
def test_7_33_b_vs_3_roll_of_8_does_nothing():
    pos, (d, a, far) = build(("dwarf", "0808"), ("orc_archer", "0807"), ("orc", "2020"), phase="G")
    g = pos.game()
    skip_to_melee(g)
    h = g.state_hash()
    ev = melee(g, d, a, 4, 4)
    assert not events_of(ev, "roll")[0]["hit"] and not events_of(ev, "casualty_result")
    assert g.units[a].hex == "0807" and not g.units[a].reduced
    assert h != g.state_hash()


@rule("standard", "[7.34]")
def test_7_34_a_defender_may_be_meleed_more_than_once():
    pos, (t1, t2, m, far) = build(("troll", "0807"), ("troll", "0909"), ("men", "0908"), ("men", "0404"))
    g = pos.game()
    melee(g, t1, m, 6, 6)
    assert {"type": "attack", "unit": t2, "target": m} in g.legal_actions()
    melee(g, t2, m, 6, 6)
    assert g.units[t1].attacked and g.units[t2].attacked


@rule("standard", "[7.36]")
def test_7_36_no_melee_into_a_prohibited_hex():
    # Wargs (cavalry) may not enter rough [4.3 errata], so they may not attack into it
    pos, (w, m, t, m2) = build(("warg", "2310"), ("men", "2311"), ("troll", "0807"), ("men", "0808"))
    g = pos.game()
    assert g.hexmap.terrain("2311") == "rough"
    assert not acts(g, "attack", w)
    illegal(g, {"type": "attack", "unit": w, "target": m}, "[7.36]")


@rule("standard", "[7.37]", "[10.0]")
@rule("sauron", "[15.4]")
def test_7_37_fanatical_attackers_skip_the_casualty_probability_table():
    pos, (o, m, far) = build(("orc", "0807"), ("men", "0808"), ("men", "0404"), turn=15)
    g = pos.game()
    assert g.is_night()
    ev = melee(g, o, m, 4)                              # one die only: X die 4 = r2
    assert events_of(ev, "fanatical") and not events_of(ev, "roll")
    res = events_of(ev, "casualty_result")[0]
    assert res["dice"] == [4] and res["result"] == "r2"


# ===== [7.4] the tables ================================================================================
CPT = {  # spi-tables.md [7.41], independent copy
    "A": [(2, 10), (3, 9), (2, 8), (4, 7)],
    "B": [(4, 9), (4, 8), (2, 7), (3, 6)],
    "C": [(4, 8), (2, 7), (4, 7), (4, 6)],
    "D": [(2, 7), (5, 8), (6, 8), (2, 5)],
    "E": [(4, 7), (6, 8), (3, 6), (5, 6)],
}
CRT = {  # spi-tables.md [7.42]
    "W": ["hE+r1", "hE+r1", "r2", "r1", "r1", "r1"],
    "X": ["hE+r1", "hE+r1", "hE+r1", "r2", "r1", "r1"],
    "Y": ["E", "E", "hE+r1", "r2", "r2", "r1"],
    "Z": ["E", "E", "E", "E", "r2", "r1"],
}


@rule("standard", "[7.41]", "[7.4]")
def test_7_41_casualty_probability_table_every_cell():
    from ringwar.systems.spi.data import charts
    for letter, row in CPT.items():
        for armour, cell in enumerate(row, start=1):
            assert charts().cpt_range(letter, armour) == cell, (letter, armour)
            assert charts().cpt_range(letter.lower(), armour) == cell          # missile letters


@rule("standard", "[7.42]")
def test_7_42_casualty_results_table_every_cell():
    from ringwar.systems.spi.data import charts
    for morale, col in CRT.items():
        for die, cell in enumerate(col, start=1):
            assert charts().crt_result(die, morale) == cell, (die, morale)


@rule("standard", "[7.41]")
@pytest.mark.parametrize("dice,hit", [((1, 1), True), ((3, 4), True), ((4, 4), False), ((6, 6), False)])
def test_7_41_engine_uses_the_cell_b_vs_3_is_2_to_7(dice, hit):
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "0404"))
    g = pos.game()
    ev = melee(g, t, m, *dice, 6)
    assert events_of(ev, "roll")[0]["hit"] is hit


@rule("standard", "[7.42]")
@pytest.mark.parametrize("die,morale_unit,result", [(1, "men_archers", "E"), (6, "men_archers", "r1"),
                                                    (4, "men", "r2"), (3, "swordsmen", "r2")])
def test_7_42_engine_applies_the_cell(die, morale_unit, result):
    pos, (o, m, far) = build(("orc", "0807"), (morale_unit, "0808"), ("men", "0404"), turn=15)
    g = pos.game()
    ev = melee(g, o, m, die)                            # fanatical at night: straight to [7.42]
    assert events_of(ev, "casualty_result")[0]["result"] == result
    if result == "E":
        assert not g.units[m].on_map


# ===== [7.5] movement after combat ==================================================================
@rule("standard", "[7.51]", "[7.5]")
def test_7_51_victor_may_advance_into_the_vacated_hex_regardless_of_zoc():
    # Men in 0808 retreat from the troll; 0808 is also in the ZOC of the Men at 0909
    pos, (t, m, m2, far) = build(("troll", "0807"), ("men", "0808"), ("men", "1009"), ("men", "0404"))
    g = pos.game()
    melee(g, t, m, 1, 1, 6)                                  # hit; X die 6: r1
    if g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": m, "to": g.pending[0]["options"][0]})
    assert g.pending and g.pending[0]["kind"] == "advance" and g.to_act == "sauron"
    play(g, {"type": "advance", "unit": t, "to": "0808"})
    assert g.units[t].hex == "0808"


@rule("standard", "[7.51]")
def test_7_51_no_advance_after_missile_fire():
    pos, (a, m, far) = build(("orc_archer", "0807"), ("men", "0809"), ("men", "0404"))
    g = pos.game()
    rig(g, 3, 3, 6)                                      # hit, X die 6: r1
    play(g, {"type": "fire", "unit": a, "target": m})
    if g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": m, "to": g.pending[0]["options"][0]})
    assert not (g.pending and g.pending[0]["kind"] == "advance")
    assert g.units[a].hex == "0807"


@rule("standard", "[7.52]")
def test_7_52_after_advancing_a_unit_neither_attacks_nor_is_attacked():
    pos, (t, t2, m, m2, far) = build(("troll", "0807"), ("troll", "1010"), ("men", "0808"),
                                     ("men", "0909"), ("men", "0404"))
    g = pos.game()
    melee(g, t, m, 1, 1, 6)
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": m, "to": g.pending[0]["options"][0]})
    play(g, {"type": "advance", "unit": t, "to": "0808"})
    assert g.units[t].advanced
    assert not acts(g, "attack", t)
    # and the Men at 0909 may not be attacked by it; Westernesse may not attack it in its
    # own phase either until the next combat phase begins (flags reset per phase)
    assert all(x["unit"] != t for x in acts(g, "attack"))


@rule("standard", "[7.54]", "[7.55]")
def test_7_54_retreat_moves_out_of_enemy_zoc_owner_chooses():
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "0404"))
    g = pos.game()
    melee(g, t, m, 1, 1, 4)                                  # hit; X die 4: r2
    d = g.pending[0]
    assert d["kind"] == "retreat" and d["side"] == "westernesse" and g.to_act == "westernesse"
    zoc = set(hx.neighbours("0807"))
    assert d["options"] and all(hx.distance("0808", h) == 2 and h not in zoc for h in d["options"])
    illegal(g, {"type": "advance", "unit": t, "to": "0808"})
    play(g, {"type": "retreat", "unit": m, "to": d["options"][-1]})
    assert g.units[m].hex == d["options"][-1]


@rule("standard", "[7.55]", "[6.2]")
def test_7_55_retreat_never_into_enemy_zoc_occupied_or_prohibited_hexes():
    # Men in 1011 next to the craters 1012/1112; the Orcs in 0911 and 1110 close the rest
    # Men in 1011: 1012 and 1112 are craters, 1111 and 0911 are in the Orc's ZOC, 1010 is the
    # Orc: 0912 is the one legal retreat hex.
    pos, (o, m, far) = build(("orc", "1010"), ("men", "1011"), ("men", "0404"), turn=15)
    g = pos.game()
    ev = melee(g, o, m, 6)                                   # night: fanatical; X die 6 = r1
    assert events_of(ev, "casualty_result")[0]["result"] == "r1"
    assert g.units[m].hex == "0912"
    # an Orc in 0912 closes it (enemy-occupied and its ZOC): the Men are eliminated [7.56]
    pos, (o, m, o2, far) = build(("orc", "1010"), ("men", "1011"), ("orc", "0912"), ("men", "0404"), turn=15)
    g = pos.game()
    melee(g, o, m, 6)
    assert not g.units[m].on_map


@rule("standard", "[7.56]")
def test_7_56_unit_unable_to_retreat_is_eliminated():
    pos, (t, o, m, far) = build(("troll", "0807"), ("orc", "0809"), ("men", "0808"), ("men", "0404"))
    g = pos.game()
    ev = melee(g, t, m, 1, 1, 6)                             # r1 with nowhere to go
    assert not g.units[m].on_map
    assert any(e["rule"] == "[7.56]" for e in ev)
    assert g.dp["westernesse"] == g.demoralization_value(g.units[m]) == 2 + 3 + 3


@rule("standard", "[7.57]")
def test_7_57_retreated_units_are_disrupted_and_may_not_move_or_attack():
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "0404"))
    g = pos.game()
    melee(g, t, m, 1, 1, 6)
    if g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": m, "to": g.pending[0]["options"][0]})
    assert g.units[m].disrupted
    while g.phase != "F":
        play(g, g.legal_actions()[-1] if g.pending else {"type": "end"})
    assert not dests(g, m)
    illegal(g, {"type": "move", "unit": m, "to": "0404"}, "[7.57]")


@rule("standard", "[7.57]")
def test_7_57_disrupted_unit_forced_to_retreat_is_eliminated():
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "0404"),)
    pos.setup["place"][1]["disrupted"] = True
    g = pos.game()
    ev = melee(g, t, m, 1, 1, 6)                          # r1 -> eliminated instead
    assert not g.units[m].on_map
    assert any(e["type"] == "eliminated" and e["rule"] == "[7.57]" for e in ev)


@rule("standard", "[7.57]")
def test_7_57_disrupted_units_do_not_fire_or_melee_but_defend():
    pos, (a, m, far) = build(("orc_archer", "0807"), ("men", "0808"), ("men", "0404"))
    pos.setup["place"][0]["disrupted"] = True
    g = pos.game()
    assert not acts(g, "fire") and not acts(g, "attack")
    illegal(g, {"type": "fire", "unit": a, "target": m})


# ===== [7.6] displacement =================================================================================
def displacement_position(disrupt_friend=False, block_friend=False):
    # the Men at 0808 are attacked by the troll (0807); the Orcs at 1008 and 0608 put 0909
    # and 0709 in their ZOC: the only retreat hex, 0809, holds friendly Men, who may go on
    # to 0910, 0810 or 0710 (unless friends fill those too)
    units = [("troll", "0807"), ("men", "0808"), ("orc", "1008"), ("orc", "0608"),
             ("men", "0809"), ("men", "0404")]
    if block_friend:
        units += [("men", "0910"), ("men", "0810"), ("men", "0710")]
    pos, ids = build(*units)
    if disrupt_friend:
        pos.setup["place"][4]["disrupted"] = True
    return pos, ids


@rule("standard", "[7.61]", "[7.6]", "[7.62]", "[7.65]")
def test_7_61_friendly_unit_in_the_only_retreat_hex_is_displaced():
    pos, ids = displacement_position()
    t, m, o1, o2, f = ids[:5]
    g = pos.game()
    free = [h for h in hx.neighbours("0808") if not g.pieces_at(h) and not g.in_enemy_zoc(g.units[m], h)]
    assert free == []
    melee(g, t, m, 1, 1, 6)                          # r1
    while g.pending and g.pending[0]["kind"] == "retreat":
        dq = g.pending[0]
        play(g, {"type": "retreat", "unit": dq["unit"], "to": dq["options"][0]})
    assert g.units[m].hex == "0809"
    assert g.units[f].hex != "0809" and g.units[f].on_map
    assert hx.distance(g.units[f].hex, "0809") == 1
    assert not g.in_enemy_zoc(g.units[f])                   # [7.62] a normal retreat
    assert g.units[f].disrupted and g.units[m].disrupted    # [7.65] [7.57]


@rule("standard", "[7.63]")
def test_7_63_if_the_displaced_unit_would_die_the_retreating_unit_dies_instead():
    pos, ids = displacement_position(disrupt_friend=True)
    t, m, o1, o2, f = ids[:5]
    g = pos.game()
    melee(g, t, m, 1, 1, 6)
    assert not g.units[m].on_map and g.units[f].hex == "0809"


@rule("standard", "[7.63]")
def test_7_63_displaced_unit_without_a_retreat_path():
    pos, ids = displacement_position(block_friend=True)
    t, m, o1, o2, f = ids[:5]
    g = pos.game()
    melee(g, t, m, 1, 1, 6)
    assert not g.units[m].on_map and g.units[f].hex == "0809"


# ===== [7.7] retreat before combat ====================================================================
@rule("standard", "[7.7]")
def test_7_7_missile_only_bowmen_may_retreat_before_combat():
    pos, (o, b, far) = build(("orc", "0807"), ("bowmen", "0808"), ("men", "0404"))
    g = pos.game()
    play(g, {"type": "attack", "unit": o, "target": b}, {"type": "resolve"})
    d = g.pending[0]
    assert d["kind"] == "rbc" and g.to_act == "westernesse"
    opts = [a for a in g.legal_actions() if a["type"] == "retreat_before_combat"]
    assert {"type": "stand", "unit": b} in g.legal_actions()
    assert {hx.distance("0808", a["to"]) for a in opts} <= {1, 2}
    rig(g, 2)                                              # 1-3: disrupted
    to = opts[0]["to"]
    ev = play(g, {"type": "retreat_before_combat", "unit": b, "to": to})
    assert g.units[b].hex == to and g.units[b].disrupted
    assert not events_of(ev, "roll")                       # no combat took place
    assert g.pending and g.pending[0]["kind"] == "advance"     # the attacker may move in


@rule("standard", "[7.7]")
def test_7_7_retreat_before_combat_on_4_to_6_stays_in_good_order():
    pos, (o, b, far) = build(("orc", "0807"), ("bowmen", "0808"), ("men", "0404"))
    g = pos.game()
    play(g, {"type": "attack", "unit": o, "target": b}, {"type": "resolve"})
    rig(g, 4)
    to = [a for a in g.legal_actions() if a["type"] == "retreat_before_combat"][0]["to"]
    play(g, {"type": "retreat_before_combat", "unit": b, "to": to})
    assert not g.units[b].disrupted


@rule("standard", "[7.7]")
def test_7_7_cavalry_retreats_before_infantry_only():
    pos, (o, c, far) = build(("orc", "0807"), ("cavalry_x", "0808"), ("men", "0404"))
    g = pos.game()
    play(g, {"type": "attack", "unit": o, "target": c}, {"type": "resolve"})
    assert g.pending and g.pending[0]["kind"] == "rbc"
    pos2, (w, c2, far2) = build(("warg", "0807"), ("cavalry_x", "0808"), ("men", "0404"))
    g2 = pos2.game()
    rig(g2, 6, 6)
    play(g2, {"type": "attack", "unit": w, "target": c2}, {"type": "resolve"})
    assert not (g2.pending and g2.pending[0]["kind"] == "rbc")
