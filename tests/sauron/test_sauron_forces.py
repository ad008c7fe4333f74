"""Sauron Exclusive Rules [12.0]-[15.4], [18.0], [20.0], [21.0]: game length, set-up,
reinforcements, Elves, Dwarves, Slave Phalanxes, Orcs, Mordor, demoralization levels and
victory."""

from __future__ import annotations

import json

import pytest

import ringwar
from conftest import Position, acts, dests, events_of, illegal, move_options, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def build(*units, turn=3, phase="C", seed=3, options=None):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h) for t, h in units]
    return pos, ids


def melee(g, attacker, target, *dice):
    if dice:
        rig(g, *dice)
    return play(g, {"type": "attack", "unit": attacker, "target": target}, {"type": "resolve"})


def where(g, kind):
    return sorted(p.hex for p in g.units.values() if p.key == kind and p.on_map)


# ===== [12.0] game length ===============================================================================
@rule("sauron", "[12.0]")
def test_12_0_eighteen_turns_nights_fifteen_to_eighteen():
    g = ringwar.new_game("sauron", seed=1)
    assert g.last_turn == 18
    assert [t for t in range(1, 19) if g.is_night(t)] == [15, 16, 17, 18]


@rule("sauron", "[12.0]")
def test_12_0_the_game_ends_after_turn_eighteen():
    pos, (o, m) = build(("orc", "0806"), ("men", "2006"), turn=18, phase="F")
    g = pos.game()
    assert g.result is None
    for _ in range(20):
        if g.result is not None:
            break
        play(g, {"type": "end"})
    assert g.result is not None and g.turn == 18 and g.to_act is None
    assert g.legal_actions() == []


# ===== [13.0] set-up =====================================================================================
@rule("sauron", "[13.0]", "[13.1]")
def test_13_1_sauron_initial_forces():
    g = ringwar.new_game("sauron", seed=1)
    assert where(g, "goblin") == ["0821", "1021", "1221", "1421", "1621", "1821", "2021"]
    assert where(g, "warg") == ["1324", "1325", "1326", "1327", "1328"]
    assert g.units["gorgol"].hex == "1324"
    assert not [p for p in g.units.values() if p.side == "sauron" and p.on_map
                and p.key not in ("goblin", "warg", "gorgol")]


@rule("sauron", "[13.2]")
def test_13_2_westernesse_initial_forces_with_errata():
    g = ringwar.new_game("sauron", seed=1)
    assert where(g, "cavalry_w") == sorted(["2207", "2007", "1908", "1807"])
    assert where(g, "men") == sorted(["1108", "1007", "0907", "0806", "2005", "1805"])
    assert where(g, "dwarf") == ["1308", "1408", "1508"]
    assert where(g, "cavalry_x") == ["1407", "1906"]
    assert where(g, "bowmen") == ["0608", "0709", "0808"]
    assert where(g, "men_archers") == ["1405", "1406"]
    assert where(g, "pikes") == ["1403", "1404"]                  # errata: no double 1404
    assert where(g, "swordsmen") == ["1402"]                       # errata
    hexes = {k: g.units[k].hex for k in ("isildur", "anarion", "elendil", "baldrim")}
    assert hexes == {"isildur": "1908", "anarion": "1007", "elendil": "1407", "baldrim": "1408"}
    assert g.weapons["narsil"].carrier == "elendil"
    stack = [h for h, ids in g.at.items() if len([i for i in ids if not g.units[i].is_leader]) > 1]
    assert stack == []                                              # [5.0]


@rule("sauron", "[13.2]")
def test_13_2_errata_off_isildur_in_1808_and_no_swordsmen():
    g = ringwar.new_game("sauron", seed=1, options={"errata_13_2": False})
    assert g.units["isildur"].hex == "1808"
    assert where(g, "swordsmen") == []


# ===== [14.0] reinforcements ===============================================================================
@rule("sauron", "[14.0]", "[14.1]")
def test_14_1_sauron_reinforcements_arrive_on_schedule_through_1331():
    g = ringwar.new_game("sauron", seed=1)
    arrivals: dict[int, list[str]] = {}
    for p in g.units.values():
        if p.side == "sauron" and p.arrival is not None:
            arrivals.setdefault(p.arrival, []).append(p.key)
            assert p.flags["entry"] == "mordor" and g.entry_hexes(p) == ["1331"]
    assert sorted(arrivals[4]) == sorted(["orc_archer"] * 8 + ["sauron"])
    assert sorted(arrivals[6]) == sorted(["slave"] * 10 + ["ringwraith"])
    assert arrivals[8] == ["troll"] * 3 and arrivals[12] == ["orc"] * 9
    assert g.pedestal.carrier == "orc_archer1"                 # the Pedestal comes on turn 4


@rule("sauron", "[14.0]")
def test_14_0_entry_chain_each_unit_pays_one_more():
    g = Position("sauron", seed=3).at(turn=4, phase="C").game()       # the scenario, turn 4
    archers = sorted(p.id for p in g.units.values() if p.key == "orc_archer" and p.arrival == 4)
    # entering 1331 costs 1 for the first unit, 2 for the second, 3 for the third ...
    costs = []
    for a, to in zip(archers[:3], ("1329", "1330", "1331"), strict=True):
        costs.append(g.destinations(g.units[a])["1331"][0])
        play(g, {"type": "move", "unit": a, "to": to})
    assert costs == [1, 2, 3]
    assert [e["cost"] for e in g.log if e["type"] == "move"][-3:] == [2.0, 2.5, 3.0]
    # the fourth would pay 4 to enter and could go no further than the occupied 1331
    assert not dests(g, archers[3])


@rule("sauron", "[14.0]")
def test_14_0_reinforcements_not_before_their_turn():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="C")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    g = pos.game()
    g2 = ringwar.new_game("sauron", seed=1)
    assert not [a for a in g2.legal_actions() if a.get("unit", "").startswith("orc_archer")]
    archer = [p for p in g2.units.values() if p.key == "orc_archer"][0]
    illegal(g2, {"type": "move", "unit": archer.id, "to": "1331"}, "[14.0]")
    del g


@rule("sauron", "[14.0]", "[21.26]")
def test_14_0_arrived_reinforcements_enter_while_they_can():
    # a ruling (docs/rulings.md): the turn-4 Orc Archers must come on until the chain through
    # 1331 [14.0] leaves the rest no way in
    g = Position("sauron", seed=3).at(turn=4, phase="C").game()
    archers = sorted(p.id for p in g.units.values() if p.key == "orc_archer" and p.arrival == 4)
    assert {"type": "end"} not in g.legal_actions()
    illegal(g, {"type": "end"}, "[14.0]")
    assert {"type": "stay", "unit": archers[0]} not in move_options(g, archers[0])
    play(g, {"type": "select", "unit": archers[0]})
    illegal(g, {"type": "stay", "unit": archers[0]}, "[14.0]")
    play(g, {"type": "move", "unit": archers[0], "to": "1329"})
    play(g, {"type": "move", "unit": archers[1], "to": "1330"})
    assert {"type": "end"} not in g.legal_actions()
    play(g, {"type": "move", "unit": archers[2], "to": "1331"})
    # the fourth would pay 4 MP to enter and could go no further than 1331: the rest wait
    assert not dests(g, archers[3])
    assert {"type": "stay", "unit": archers[3]} in move_options(g, archers[3])
    play(g, {"type": "end"})


@rule("sauron", "[14.0]")
def test_14_0_reinforcements_may_wait_off_the_map_as_records_before_the_ruling_were_played():
    g = Position("sauron", seed=3, options={"reinforcements_enter_14_0": False}).at(turn=4, phase="C").game()
    assert {"type": "end"} in g.legal_actions()
    record = json.loads(ringwar.new_game("sauron", seed=3).save())
    assert record["options"]["reinforcements_enter_14_0"] is True          # written down
    del record["options"]["reinforcements_enter_14_0"], record["final_hash"]
    assert ringwar.replay(json.dumps(record)).options["reinforcements_enter_14_0"] is False


@rule("sauron", "[14.0]", "[21.24]")
def test_14_0_a_sauron_who_never_moves_no_longer_wins_by_doing_nothing():
    # before the ruling a Sauron who ended every Movement Phase at once kept his reinforcements
    # in Mordor, lost only his first 13 units (60 of 71 Demoralization Points) and won [21.24]
    from ringwar.ai import make_agent, play_game

    class Idle:
        def choose(self, view, legal):
            return next((a for a in legal if a["type"] == "end"), None) or self.rules.choose(view, legal)

    for enter, winner in ((False, "sauron"), (True, "westernesse")):
        g = ringwar.new_game("sauron", seed=1, options={"reinforcements_enter_14_0": enter})
        idle = Idle()
        idle.rules = make_agent("heuristic", 2)
        play_game(g, {"westernesse": make_agent("heuristic", 1), "sauron": idle}, max_actions=20000)
        assert g.result["winner"] == winner, (enter, g.result)


@rule("sauron", "[14.1]")
def test_14_1_first_move_stays_within_two_hexes_of_the_road():
    g = Position("sauron", seed=3).at(turn=8, phase="C").game()
    troll = [p for p in g.units.values() if p.key == "troll" and p.arrival == 8][0]
    d = dests(g, troll.id)
    road = g.hexmap.roads["orcs"]
    assert d and all(min(hx.distance(h, r) for r in road) <= 2 for h in d)
    # on the map a unit is free again: a troll already on the map may leave the road zone
    pos2, (t, m) = build(("troll", "1124"), ("men", "0404"), turn=8)
    assert any(min(hx.distance(h, r) for r in road) > 2 for h in dests(pos2.game(), t))


@rule("sauron", "[14.2]")
def test_14_2_elves_arrive_on_turn_two_within_two_hexes_of_1401():
    g = ringwar.new_game("sauron", seed=1)
    elves = [p for p in g.units.values() if p.nation == "Elves"]
    kinds = sorted(p.key for p in elves)
    assert kinds.count("elf") == 7 and kinds.count("elf_archer") == 5
    assert kinds.count("elf_bowmen") == 5                         # errata
    assert {p.arrival for p in elves} == {2}
    for p in elves:
        assert all(hx.distance(h, "1401") <= 2 for h in g.entry_hexes(p))
    assert g.weapons["aiglos"].carrier == "gil_galad"


@rule("sauron", "[14.2]")
def test_14_2_errata_off_no_elven_bowmen():
    g = ringwar.new_game("sauron", seed=1, options={"errata_14_2": False})
    assert not [p for p in g.units.values() if p.key == "elf_bowmen"]


@rule("sauron", "[14.2]")
def test_14_2_elves_first_move_near_the_road():
    g = Position("sauron", seed=3).at(turn=2, phase="F").game()
    elf = [p for p in g.units.values() if p.key == "elf" and p.arrival == 2][0]
    d = dests(g, elf.id)
    road = g.hexmap.roads["orcs"]
    assert d and all(min(hx.distance(h, r) for r in road) <= 2 for h in d)
    assert all(hx.distance(h, "1401") <= 2 + 4 for h in d)


@rule("sauron", "[21.26]")
def test_21_26_reinforcement_delay_option():
    g = ringwar.new_game("sauron", seed=1, options={"reinforcement_delay": 2})
    assert {p.arrival for p in g.units.values() if p.key == "orc_archer"} == {6}
    g = ringwar.new_game("sauron", seed=1, options={"reinforcement_delay": -2})
    assert {p.arrival for p in g.units.values() if p.key == "troll"} == {6}


# ===== [15.1] Elves =====================================================================================
@rule("sauron", "[15.11]", "[15.1]")
def test_15_11_elves_enter_any_passable_hex_for_one_point():
    pos, (e, o) = build(("elf", "2314"), ("orc", "0404"), phase="F")
    g = pos.game()
    ev = play(g, {"type": "move", "unit": e, "to": "2312"})       # rough: 1 for an Elf
    assert ev[0]["cost"] == 2
    pos, (e, o) = build(("elf", "1111"), ("orc", "0404"), phase="F")
    assert "1112" not in dests(pos.game(), e)                     # craters still impassable
    pos, (e, o) = build(("elf", "1405"), ("orc", "0404"), phase="F")
    g = pos.game()
    assert "1413" in dests(g, e)                                  # roads at ½


@rule("sauron", "[15.11]")
def test_15_11_elves_cross_slopes_for_one():
    pos, (e, o) = build(("elf", "0912"), ("orc", "0404"), phase="F")
    g = pos.game()
    ev = play(g, {"type": "move", "unit": e, "to": "0913"})
    assert ev[0]["cost"] == 1


@rule("sauron", "[15.12]")
def test_15_12_elves_leave_enemy_zoc_for_one_extra_point():
    pos, (e, o, x) = build(("elf", "0808"), ("orc", "0809"), ("orc", "2020"), phase="F")
    g = pos.game()
    d = g.destinations(g.units[e])
    assert "0806" in d and d["0806"][0] == 3                       # 1 + 1 + 1 to leave
    assert "0804" not in d                                         # 5 > 4
    pos, (m, o, x) = build(("men", "0808"), ("orc", "0809"), ("orc", "2020"), phase="F")
    assert not dests(pos.game(), m)


@rule("sauron", "[15.13]")
@rule("standard", "[7.12]")
def test_15_13_elven_bowmen_range_three():
    pos, (b, a, o, o2) = build(("elf_bowmen", "0806"), ("bowmen", "0606"), ("orc", "0809"), ("orc", "0610"),
                               phase="G")
    g = pos.game()
    assert {"type": "fire", "unit": b, "target": o} in g.legal_actions()
    assert hx.distance("0806", "0809") == 3 and hx.distance("0606", "0610") == 4
    assert hx.distance("0606", "0809") > 2
    assert not acts(g, "fire", a)


# ===== [15.2] Dwarves ======================================================================================
@rule("sauron", "[15.21]", "[15.2]")
@pytest.mark.parametrize("enemy,ignored", [("troll", True), ("goblin", True), ("warg", False), ("slave", False)])
def test_15_21_dwarves_ignore_troll_and_goblin_zoc_for_movement(enemy, ignored):
    pos, (d, e, x) = build(("dwarf", "0806"), (enemy, "0809"), ("orc", "2020"), phase="F")
    g = pos.game()
    assert ("0710" in dests(g, d)) is ignored


@rule("sauron", "[15.21]")
@rule("standard", "[6.2]")
def test_15_21_dwarves_retreats_still_blocked_by_troll_zoc():
    pos, (t, dw, t2, x) = build(("troll", "1010"), ("dwarf", "1011"), ("troll", "1213"), ("orc", "2020"),
                                turn=3, phase="D")
    g = pos.game()
    assert g.zoc_blocks_retreat(g.units[dw], "0911")
    melee(g, t, dw, 1, 1, 6)                               # X die 6: r1; 0912 is the only way
    assert g.units[dw].hex == "0912"


@rule("sauron", "[15.22]")
def test_15_22_dwarf_near_an_orc_must_move_adjacent_and_attack_it():
    pos, (d, o, x) = build(("dwarf", "0806"), ("orc", "0808"), ("goblin", "2020"), phase="F")
    pos.place("men", "1206")
    g = pos.game()
    dd = dests(g, d)
    assert dd and all(hx.distance(h, "0808") == 1 for h in dd)
    illegal(g, {"type": "end"}, "[15.22]")
    illegal(g, {"type": "move", "unit": d, "to": "0706"})
    # picked to move, it may not simply stay put
    assert {"type": "stay", "unit": d} not in move_options(g, d)
    play(g, {"type": "select", "unit": d})
    illegal(g, {"type": "stay", "unit": d})
    play(g, {"type": "move", "unit": d, "to": "0807"})
    play(g, {"type": "end"})
    while g.step != "melee":
        play(g, {"type": "end"})
    assert acts(g, "attack", d) == [{"type": "attack", "unit": d, "target": o}]


@rule("sauron", "[15.22]")
def test_15_22_must_attack_the_orc_rather_than_another_adjacent_enemy():
    pos, (d, o, t) = build(("dwarf", "0808"), ("orc", "0807"), ("troll", "0909"), phase="F")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    assert {a["target"] for a in acts(g, "attack", d)} == {o}


@rule("sauron", "[15.22]")
def test_15_22_no_obligation_beyond_two_hexes_or_for_non_orcs():
    pos, (d, o, x) = build(("dwarf", "0806"), ("orc", "0809"), ("goblin", "2020"), phase="F")
    pos.place("men", "1206")
    g = pos.game()
    assert "0704" in dests(g, d)
    pos, (d, t, x) = build(("dwarf", "0806"), ("troll", "0808"), ("goblin", "2020"), phase="F")
    g = pos.game()
    assert "0704" in dests(g, d)


# ===== [15.3] Slave Phalanxes ================================================================================
def slaves(*extra, turn=7, phase="C", reduced=False):
    pos = Position("sauron", seed=3).clear().at(turn=turn, phase=phase)
    a = pos.place("slave", "0806", reduced=reduced)
    b = pos.place("slave", "0807")
    ids = [pos.place(t, h) for t, h in extra]
    pos.place("men", "2020")
    return pos, a, b, ids


@rule("sauron", "[15.31]", "[15.32]", "[15.3]")
def test_15_31_two_adjacent_slaves_form_a_phalanx_without_a_leader():
    pos, a, b, _ = slaves()
    g = pos.game()
    f = [x for x in acts(g, "form") if {x["unit"], x["with"]} == {a, b}]
    assert f
    play(g, f[0])
    pa, pb = g.units[a], g.units[b]
    assert pa.hex == pb.hex and pa.formation == "phalanx"
    assert not dests(g, a) and not dests(g, b)                     # no more movement this phase


@rule("sauron", "[15.32]")
def test_15_32_slaves_must_begin_the_phase_adjacent():
    pos = Position("sauron", seed=3).clear().at(turn=7, phase="C")
    _a, _b = pos.place("slave", "0806"), pos.place("slave", "0808")
    pos.place("men", "2020")
    g = pos.game()
    assert not acts(g, "form")


@rule("sauron", "[15.33]")
def test_15_33_phalanx_moves_two_armour_3_morale_y():
    pos = Position("sauron", seed=3).clear().at(turn=8, phase="C")
    a, b = pos.place("slave", "0806"), pos.place("slave", "0806")
    pos.formation(a, b, "phalanx")
    pos.place("men", "2020")
    g = pos.game()
    assert max(hx.distance("0806", h) for h in dests(g, a)) == 2
    assert g.defence_armour(g.units[a], None, False)[0] == 3
    assert g.defence_morale(g.units[a]) == "Y"


@rule("sauron", "[15.34]")
def test_15_34_only_full_strength_slaves_form_a_phalanx():
    pos, a, b, _ = slaves(reduced=True)
    g = pos.game()
    assert not acts(g, "form")


@rule("sauron", "[15.35]")
def test_15_35_half_e_on_a_phalanx_one_dies_the_other_retreats_two():
    pos = Position("sauron", seed=3).clear().at(turn=8, phase="G")
    a, b = pos.place("slave", "0807"), pos.place("slave", "0807")
    pos.formation(a, b, "phalanx")
    c = pos.place("cavalry_x", "0808")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 3, 3, 3)                                  # B vs 3: 2-7 hit; Y die 3: ½E, r1
    play(g, {"type": "attack", "unit": c, "target": a}, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        assert g.pending[0]["n"] == 2
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    alive = [u for u in (a, b) if g.units[u].on_map]
    assert len(alive) == 1 and hx.distance(g.units[alive[0]].hex, "0807") == 2


@rule("sauron", "[15.35]")
def test_15_35_retreat_result_splits_the_phalanx():
    pos = Position("sauron", seed=3).clear().at(turn=8, phase="G")
    a, b = pos.place("slave", "0807"), pos.place("slave", "0807")
    pos.formation(a, b, "phalanx")
    c = pos.place("cavalry_x", "0808")
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 3, 3, 6)                                  # Y die 6: r1
    play(g, {"type": "attack", "unit": c, "target": a}, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    ha, hb = g.units[a].hex, g.units[b].hex
    assert ha and hb and ha != hb


# ===== [15.4] Orcs ===========================================================================================
@rule("sauron", "[15.4]")
@rule("standard", "[10.0]")
@pytest.mark.parametrize("kind,fanatical", [("orc", True), ("orc_archer", True), ("troll", False),
                                            ("goblin", False), ("slave", False), ("warg", False)])
def test_15_4_only_orcs_are_fanatical_at_night(kind, fanatical):
    pos, (u, m, x) = build((kind, "0807"), ("men", "0808"), ("men", "0404"), turn=16, phase="D")
    g = pos.game()
    assert g.is_fanatical(g.units[u]) is fanatical
    pos, (u, m, x) = build((kind, "0807"), ("men", "0808"), ("men", "0404"), turn=14, phase="D")
    g = pos.game()
    assert not g.is_fanatical(g.units[u])


@rule("sauron", "[15.4]")
def test_15_4_orcs_morale_one_level_better_at_night():
    pos, (o, a, c) = build(("orc", "0807"), ("orc_archer", "0606"), ("cavalry_x", "0808"), turn=16, phase="G")
    g = pos.game()
    assert g.defence_morale(g.units[o]) == "X" and g.defence_morale(g.units[a]) == "X"
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 3, 3, 3)                                  # Y die 3 would be ½E; X die 3 is ½E too
    ev = play(g, {"type": "attack", "unit": c, "target": o}, {"type": "resolve"})
    assert events_of(ev, "casualty_result")[0]["cell"] == "3/X"
    pos, (o, c, x) = build(("orc", "0807"), ("cavalry_x", "0808"), ("men", "0404"), turn=14, phase="G")
    g = pos.game()
    assert g.defence_morale(g.units[o]) == "Y"


# ===== [18.0] Mordor ========================================================================================
@rule("sauron", "[18.0]")
def test_18_0_gate_closed_to_westernesse_while_sauron_is_in_mordor():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    c = pos.place("cavalry_x", "1328")
    pos.place("orc_archer", "1331")
    pos.place("sauron", "1331")
    pos.place("goblin", "2020")
    g = pos.game()
    assert g.gate_closed()
    pos = Position("sauron", seed=3).at(turn=5, phase="F")
    for w in ("warg1", "warg2", "warg3", "warg4", "warg5"):
        pos.remove(w)
    c = pos.place("cavalry_x1", "1328")
    g = pos.game()                                   # Sauron not yet arrived: in Mordor
    assert g.gate_closed()
    assert "1331" not in dests(g, c)
    assert not [a for a in move_options(g, c) if a["type"] == "exit"] and not acts(g, "exit")
    illegal(g, {"type": "move", "unit": c, "to": "1331"})


@rule("sauron", "[18.0]", "[21.12]")
def test_18_0_gate_open_when_sauron_is_on_the_plain():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    c = pos.place("cavalry_x", "1328")
    pos.place("orc_archer", "0820")
    pos.place("sauron", "0820")
    pos.place("goblin", "2020")
    g = pos.game()
    assert not g.gate_closed()
    assert "1331" in dests(g, c)
    ex = [a for a in move_options(g, c) if a["type"] == "exit"] or acts(g, "exit", c)
    assert ex
    vp = g.vp["sauron"]
    play(g, ex[0] if ex[0].get("type") == "exit" else {"type": "exit", "unit": c})
    assert g.units[c].where == "exited" and g.vp["sauron"] == vp - 1


@rule("sauron", "[18.0]")
@rule("standard", "[6.13]")
def test_18_0_zoc_passes_the_gate_only_while_it_stands_open():
    # open (Sauron on the plain): a unit in 1330 exerts its ZOC into 1331 and back
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    pos.place("orc_archer", "0820")
    pos.place("sauron", "0820")
    pos.place("men", "1330")
    o = pos.place("orc", "1331")
    g = pos.game()
    assert not g.gate_closed()
    assert g.in_enemy_zoc(g.units[o])
    # closed (Sauron in 1331): the shut gate stops ZOCs [6.13]
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    pos.place("orc_archer", "1331")
    pos.place("sauron", "1331")
    pos.place("men", "1330")
    g = pos.game()
    assert g.gate_closed()
    assert not g.in_enemy_zoc(g.units["orc_archer1"])


# ===== [20.0] demoralization levels ===========================================================================
@rule("sauron", "[20.1]", "[20.2]", "[20.0]")
def test_20_levels_71_and_112():
    g = ringwar.new_game("sauron", seed=1)
    assert g.dp_level("sauron") == 71 and g.dp_level("westernesse") == 112


@rule("sauron", "[20.1]")
def test_20_1_sauron_slain_demoralizes_his_army():
    pos, (o, m) = build(("orc_archer", "0807"), ("men", "0404"), turn=5, phase="D")
    pos.place("sauron", "0807")
    g = pos.game()
    ev = g.eliminate(g.units["sauron"], "[7.26]", "test")
    assert g.demoralized["sauron"] and any(e["rule"] == "[20.1]" for e in ev)


@rule("sauron", "[20.2]")
@pytest.mark.parametrize("leader,errata,points", [("isildur", True, 7), ("anarion", True, 6),
                                                  ("anarion", False, 0), ("baldrim", False, 6)])
def test_20_2_killed_leaders_add_their_rating(leader, errata, points):
    pos = Position("sauron", seed=3, options={"errata_20_2": errata}).clear().at(turn=5, phase="D")
    pos.place("men", "0807")
    pos.place(leader, "0807")
    pos.place("orc", "2020")
    g = pos.game()
    g.eliminate(g.units[leader], "[8.24]", "test")
    assert g.dp["westernesse"] == points


# ===== [21.0] victory =========================================================================================
@rule("sauron", "[21.11]", "[21.1]")
def test_21_11_two_victory_points_per_enemy_unit_eliminated():
    pos, (t, m, x) = build(("troll", "0807"), ("men_archers", "0808"), ("men", "0404"), phase="D")
    g = pos.game()
    melee(g, t, m, 2, 2, 1)
    assert g.vp == {"sauron": 2, "westernesse": 0}
    g.eliminate(g.units[t], "[7.42]", "test")
    assert g.vp == {"sauron": 2, "westernesse": 2}


def final(sd, wd, vs, vw):
    pos = Position("sauron", seed=3).clear().at(turn=18, phase="H")
    pos.place("orc", "2020")
    pos.place("men", "0404")
    pos.demoralized(sauron=sd, westernesse=wd).victory_points(sauron=vs, westernesse=vw)
    g = pos.game()
    while g.result is None:
        play(g, {"type": "end"})
    return g.result


@rule("sauron", "[21.2]", "[21.21]", "[21.22]", "[21.23]", "[21.24]")
@pytest.mark.parametrize("sd,wd,vs,vw,winner,level", [
    (True, False, 4, 10, "westernesse", "decisive"),       # [21.21]
    (True, False, 10, 10, "westernesse", "tactical"),      # [21.22]
    (False, False, 12, 10, "sauron", "decisive"),          # [21.23]
    (False, True, 12, 10, "sauron", "decisive"),
    (False, False, 10, 12, "sauron", "tactical"),          # [21.24]
    (True, True, 10, 12, None, "draw"),                    # any other result
])
def test_21_2_victory_levels_and_draw(sd, wd, vs, vw, winner, level):
    r = final(sd, wd, vs, vw)
    assert (r["winner"], r["level"]) == (winner, level)
