"""SPI Standard Rules [8.0]: leaders and stacking, leaders in combat, rallying, special
formations and the magic framework."""

from __future__ import annotations

import pytest

from conftest import Position, acts, dests, events_of, illegal, melee, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "D", seed: int = 3, options=None, **state):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    ids = []
    for t, h in units:
        st = state.get(t + "@" + h, {})
        ids.append(pos.place(t, h, **st))
    return pos, ids


# ===== [8.1] leaders and stacking ===================================================================
@rule("standard", "[8.1]")
def test_8_1_leader_left_alone_joins_the_nearest_unit_before_combat():
    pos, (o, x, m) = build(("orc", "0806"), ("orc", "1206"), ("men", "2020"), phase="C")
    pos.place("gorgol", "0806")
    g = pos.game()
    play(g, {"type": "move", "unit": "gorgol", "to": "0606"})
    while g.phase == "C":
        play(g, {"type": "end"})
    assert g.units["gorgol"].hex == "0806"
    assert any(e["type"] == "transfer" and e["rule"] == "[8.1]" for e in g.log)


@rule("standard", "[8.1]")
def test_8_1_normal_leader_stacks_only_with_his_own_nationality():
    # Baldrim (Dwarves) ends the Westernesse Movement Phase with Men: he is moved to the
    # nearest Dwarf unit; Isildur (Men) with the same Men stays
    pos, (m, d, o) = build(("men", "0806"), ("dwarf", "1206"), ("orc", "2020"), phase="F")
    pos.place("baldrim", "0806")
    pos.place("isildur", "0806")
    g = pos.game()
    assert g.phase == "F"
    while g.phase == "F":
        play(g, {"type": "end"})
    assert g.units["baldrim"].hex == "1206"
    assert g.units["isildur"].hex == "0806"


@rule("standard", "[8.1]")
def test_8_1_magic_leaders_stack_with_any_combat_unit():
    pos, (o,) = build(("goblin", "0806"))
    g = pos.game()
    s, gorgol = g.units["sauron"], g.units["gorgol"]
    fake = g.units[o]
    saved = fake.nation
    fake.nation = "Easterlings"          # a unit of another nation
    try:
        assert g.leader_may_stack_with(s, fake)
        assert not g.leader_may_stack_with(gorgol, fake)
    finally:
        fake.nation = saved


# ===== [8.2] leaders and combat ======================================================================
@rule("standard", "[8.21]")
def test_8_21_leaders_are_never_disrupted():
    # Isildur alone next to the Ringwraith: column 0, die 5 = Dr2
    pos, (o, m, far) = build(("orc", "0907"), ("men", "1210"), ("men", "0404"))
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    while g.step == "missile":
        play(g, {"type": "end"})
    rig(g, 5)
    play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": "isildur", "to": g.pending[0]["options"][0]})
    isildur = g.units["isildur"]
    assert hx.distance(isildur.hex, "0908") == 2 and not isildur.disrupted


@rule("standard", "[8.23]", "[8.24]")
@pytest.mark.parametrize("risk_die,leader_dies", [(5, True), (6, True), (4, False), (1, False)])
def test_8_24_leader_shares_an_e_result_on_5_or_6(risk_die, leader_dies):
    pos, (t, m, m2) = build(("troll", "0807"), ("men_archers", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    ev = melee(g, t, m, 2, 2, 1, risk_die)             # B vs 2: 4-8 hit; Y die 1: E
    risk = events_of(ev, "leader_risk")
    assert risk and risk[0]["dice"] == [risk_die] and risk[0]["rule"] == "[8.24]"
    assert not g.units[m].on_map
    isildur = g.units["isildur"]
    if leader_dies:
        assert not isildur.on_map
    else:
        assert isildur.on_map and isildur.hex == "1212"          # transferred to the nearest Men


@rule("standard", "[8.24]")
def test_8_24_half_e_wounds_the_leader_on_5_or_6():
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 6)                          # B vs 3 hit; X die 1: ½E, r1; risk 6
    assert g.units["isildur"].reduced and g.units["isildur"].on_map


@rule("standard", "[8.24]")
def test_8_24_no_risk_on_a_retreat_result():
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    ev = melee(g, t, m, 2, 2, 6)                        # X die 6: r1
    assert not events_of(ev, "leader_risk")


# ===== [8.3] rallying ====================================================================================
def rally_position(*extra, turn=3, options=None, **kw):
    units = [("men", "0808"), ("orc", "2020")] + list(extra)
    pos = Position("sauron", seed=3, options=options).clear().at(turn=turn, phase="H")
    ids = [pos.place(t, h, disrupted=(t != "orc" and h != "1208")) for t, h in units]
    for k, v in kw.items():
        pos.place(k, v)
    return pos, ids


@rule("standard", "[8.31]", "[8.3]")
def test_8_31_rally_own_nationality_adjacent_only():
    pos, (m, o, d, m2) = rally_position(("dwarf", "0908"), ("men", "1010"), anarion="0807",
                                        baldrim="1208")
    pos.place("dwarf", "1208")
    g = pos.game()
    assert g.to_act == "westernesse"
    r = {(a["unit"], a["target"]) for a in acts(g, "rally")}
    assert ("anarion", m) in r                 # adjacent Men
    assert ("anarion", d) not in r             # Dwarves: another nation
    assert ("anarion", m2) not in r            # two hexes away
    illegal(g, {"type": "rally", "unit": "anarion", "target": d}, "[8.31]")
    illegal(g, {"type": "rally", "unit": "anarion", "target": m2}, "[8.31]")


@rule("standard", "[8.32]")
def test_8_32_three_rally_attempts_per_leader_per_turn():
    pos, (m, o, a, b, c, e) = rally_position(("men", "0807"), ("men", "0708"), ("men", "0909"),
                                             ("men", "1212"), anarion="0808", isildur="1211")
    g = pos.game()
    rig(g, 6, 6, 6, 6, 6, 6)                      # 12 fails for rating 6 (3-8)
    for u in (m, a, b):
        play(g, {"type": "rally", "unit": "anarion", "target": u})
    assert not acts(g, "rally", "anarion") and acts(g, "rally", "isildur")
    illegal(g, {"type": "rally", "unit": "anarion", "target": c}, "[8.32]")


@rule("standard", "[8.33]")
def test_8_33_sauron_rallies_any_unit():
    from ringwar.systems.spi.data import scenario
    sc = scenario("sauron")
    assert sc.leaders["sauron"].magic > 0 or sc.leaders["sauron"].rallies_any
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    g0 = pos.game()
    s, gorgol = g0.units["sauron"], g0.units["gorgol"]
    assert s.rallies_any and not gorgol.rallies_any
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    t = pos.place("troll", "0808", disrupted=True)
    pos.place("men", "2020")
    pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    g = pos.game()
    g.units[t].nation = "Easterlings"
    g._after_change()
    assert {"type": "rally", "unit": "sauron", "target": t} in g.legal_actions()


@rule("standard", "[8.34]", "[8.37]")
@pytest.mark.parametrize("dice,ok", [((1, 2), True), ((4, 4), True), ((1, 1), False), ((4, 5), False)])
def test_8_34_rally_roll_against_the_leaders_row(dice, ok):
    pos, (m, o) = rally_position(anarion="0807")            # Anarion 6: 3-8
    g = pos.game()
    rig(g, *dice)
    ev = play(g, {"type": "rally", "unit": "anarion", "target": m})
    assert events_of(ev, "rally")[0]["success"] is ok
    assert g.units[m].disrupted is (not ok)


@rule("standard", "[8.35]")
def test_8_35_units_in_enemy_zoc_may_be_rallied():
    pos, (m, o, o2) = rally_position(("orc", "0809"), anarion="0807")
    g = pos.game()
    assert g.in_enemy_zoc(g.units[m])
    assert {"type": "rally", "unit": "anarion", "target": m} in g.legal_actions()


@rule("standard", "[8.36]")
def test_8_36_one_rally_attempt_per_unit_per_turn():
    pos, (m, o, m2) = rally_position(("men", "0910"), anarion="0807", isildur="0809")
    g = pos.game()
    rig(g, 6, 6)
    play(g, {"type": "rally", "unit": "anarion", "target": m})
    assert g.units[m].disrupted
    illegal(g, {"type": "rally", "unit": "isildur", "target": m}, "[8.36]")


RALLY = {1: (4, 5), 2: (6, 7), 3: (3, 6), 4: (4, 7), 5: (2, 7), 6: (3, 8), 7: (3, 9), 8: (3, 10),
         9: (3, 11), 10: (3, 12)}


@rule("standard", "[8.37]")
def test_8_37_rally_table_rows():
    pos = Position("sauron").clear().at(turn=3, phase="H")
    g = pos.game()
    for rating, rng in RALLY.items():
        assert g.rally_range(rating) == [rng]
    assert g.rally_range(13) == [(3, 12)]                 # above 10: the top row


@rule("standard", "[8.37]")
def test_8_37_errata_off_rows_9_and_10_fall_back_to_row_8():
    pos = Position("sauron", options={"errata_8_37": False}).clear().at(turn=3, phase="H")
    g = pos.game()
    assert g.rally_range(9) == [(3, 10)] and g.rally_range(10) == [(3, 10)]
    # Elendil (9) rolling 11: rallied with the errata, not without
    for errata, ok in ((True, True), (False, False)):
        pos, (m, o) = rally_position(elendil="0807", options={"errata_8_37": errata})
        g = pos.game()
        rig(g, 5, 6)
        ev = play(g, {"type": "rally", "unit": "elendil", "target": m})
        assert events_of(ev, "rally")[0]["success"] is ok


# ===== [8.4] special formations =======================================================================
def formation_position(a="men", b="men", leader="anarion", ha="0807", hb="0809", hl="0808", **kw):
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    x = pos.place(a, ha)
    y = pos.place(b, hb)
    pos.place(leader, hl)
    pos.place("orc", kw.get("orc", "2020"))
    return pos, x, y


@rule("standard", "[8.4]", "[8.42]", "[8.43]")
def test_8_43_two_like_infantry_beside_a_leader_form_a_shield_wall():
    pos, x, y = formation_position()
    g = pos.game()
    form = {"type": "form", "unit": min(x, y), "with": max(x, y), "hex": "0808"}
    assert form in g.legal_actions()
    ev = play(g, form)
    assert g.units[x].hex == g.units[y].hex == "0808"
    assert g.units[x].formation == "shield_wall" and events_of(ev, "form")


@rule("standard", "[8.42]")
def test_8_42_two_cavalry_form_a_wedge():
    pos, x, y = formation_position("cavalry_x", "cavalry_x", "isildur")
    g = pos.game()
    play(g, {"type": "form", "unit": min(x, y), "with": max(x, y), "hex": "0808"})
    assert g.units[x].formation == "wedge"


@rule("standard", "[8.43]")
@pytest.mark.parametrize("a,b,leader,hb,orc", [
    ("men", "swordsmen", "anarion", "0809", "2020"),     # different values
    ("men", "dwarf", "anarion", "0809", "2020"),         # different nationality
    ("men", "men", "anarion", "0811", "2020"),           # not adjacent to the leader
    ("men", "men", "anarion", "0809", "0910"),           # one in an enemy ZOC
    ("men", "men", "baldrim", "0809", "2020"),           # a Dwarf leader for Men
])
def test_8_43_formation_requirements(a, b, leader, hb, orc):
    pos, x, y = formation_position(a, b, leader, hb=hb, orc=orc)
    g = pos.game()
    assert not acts(g, "form")


@rule("standard", "[8.41]")
def test_8_41_formations_only_in_clear_terrain_and_not_for_sauron():
    pos, x, y = formation_position(ha="2310", hb="2410", hl="2311")       # 2311 is rough
    g = pos.game()
    assert not acts(g, "form")
    pos2 = Position("sauron", seed=3).clear().at(turn=3, phase="C")
    _w1, _w2 = pos2.place("warg", "0807"), pos2.place("warg", "0809")
    pos2.place("gorgol", "0808")
    pos2.place("men", "2020")
    assert not acts(pos2.game(), "form")


@rule("standard", "[8.41]")
def test_8_41_formation_moves_only_through_clear_terrain():
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="F")
    x, y = pos.place("men", "2309"), pos.place("men", "2309")
    pos.formation(x, y, "shield_wall")
    pos.place("orc", "0404")
    g = pos.game()
    d = dests(g, min(x, y))
    assert "2310" in d and "2311" not in d            # rough next door


@rule("standard", "[8.44]")
def test_8_44_formations_attack_a_and_defend_with_armour_4():
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="G")
    x, y = pos.place("men", "0808"), pos.place("men", "0808")
    pos.formation(x, y, "shield_wall")
    o = pos.place("orc", "0807")
    g = pos.game()
    a = min(x, y)
    assert g.attack_letter(g.units[a], melee=True) == "A"
    assert g.defence_armour(g.units[a], "0807", False)[0] == 4
    assert g.defence_morale(g.units[a]) == "X"
    rig(g, 6, 6)
    ev = play(g, {"type": "attack", "unit": a, "target": o}, {"type": "resolve"})
    assert events_of(ev, "roll")[0]["cell"] == "A/3"


@rule("standard", "[8.45]")
def test_8_45_wedge_moves_three_shield_wall_two_not_the_turn_formed():
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="F")
    x, y = pos.place("cavalry_x", "0806"), pos.place("cavalry_x", "0806")
    pos.formation(x, y, "wedge")
    s1, s2 = pos.place("men", "1206"), pos.place("men", "1206")
    pos.formation(s1, s2, "shield_wall")
    pos.place("orc", "2020")
    g = pos.game()
    assert max(hx.distance("0806", h) for h in dests(g, min(x, y))) == 3
    assert max(hx.distance("1206", h) for h in dests(g, min(s1, s2))) == 2
    pos2, a, b = formation_position()
    g2 = pos2.game()
    play(g2, {"type": "form", "unit": min(a, b), "with": max(a, b), "hex": "0808"})
    assert not dests(g2, a) and not dests(g2, b)
    err = illegal(g2, {"type": "move", "unit": a, "to": "0807"})
    assert err.rule in ("[8.45]", "[4.24]")


@rule("standard", "[8.46]")
def test_8_46_half_e_on_a_formation_eliminates_one_unit():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    x, y = pos.place("men", "0808"), pos.place("men", "0808")
    pos.formation(x, y, "shield_wall")
    o = pos.place("orc", "0807")
    g = pos.game()
    rig(g, 1)                                          # night: fanatical; X die 1: ½E, r1
    play(g, {"type": "attack", "unit": o, "target": x}, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    alive = [u for u in (x, y) if g.units[u].on_map]
    assert len(alive) == 1


@rule("standard", "[8.46]")
def test_8_46_formation_retreats_unit_by_unit_into_different_hexes():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    x, y = pos.place("men", "0808"), pos.place("men", "0808")
    pos.formation(x, y, "shield_wall")
    o = pos.place("orc", "0807")
    g = pos.game()
    rig(g, 6)                                          # X die 6: r1
    play(g, {"type": "attack", "unit": o, "target": x}, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    hx_ = [g.units[u].hex for u in (x, y)]
    assert all(hx_) and hx_[0] != hx_[1]
    assert all(hx.distance(h, "0808") == 1 for h in hx_)
    assert not g.units[x].formation and not g.units[y].formation


@rule("standard", "[8.48]")
def test_8_48_moving_one_unit_away_disbands_the_formation():
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="F")
    x, y = pos.place("men", "0806"), pos.place("men", "0806")
    pos.formation(x, y, "shield_wall")
    pos.place("orc", "2020")
    g = pos.game()
    splits = [a for a in g.decision_actions({"kind": "move", "side": "westernesse", "unit": x})
              if a["type"] == "split"]
    assert splits
    play(g, {"type": "select", "unit": x}, splits[0])
    assert g.units[x].formation is None and g.units[y].formation is None
    assert g.units[x].hex != g.units[y].hex


# ===== [8.5] magic ======================================================================================
def magic_position(phase="A", turn=5, options=None, spent=0, **kw):
    pos = Position("sauron", seed=3, options=options).clear().at(turn=turn, phase=phase)
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    pos.extra(pedestal={"carrier": a})
    if spent:
        pos.magic_spent(sauron=spent)
    return pos, a


@rule("standard", "[8.51]", "[8.5]")
def test_8_51_sauron_is_the_magic_leader():
    pos, a = magic_position()
    g = pos.game()
    assert g.units["sauron"].magic == 45
    assert all(g.units[k].magic == 0 for k in ("gorgol", "ringwraith", "elendil", "gil_galad"))
    assert acts(g, "cast")


@rule("standard", "[8.52]", "[4.11]")
def test_8_52_magic_leaders_move_in_magic_phases_not_in_movement_phases():
    pos, a = magic_position()
    g = pos.game()
    assert dests(g, "sauron")                                    # A: he may move
    pos2, a2 = magic_position(phase="C")
    g2 = pos2.game()
    assert g2.phase == "C" and not dests(g2, "sauron")
    illegal(g2, {"type": "move", "unit": "sauron", "to": "1319"}, "[8.52]")


@rule("standard", "[8.52]")
def test_8_52_errata_off_magic_leaders_also_move_in_movement_phases():
    pos2, a2 = magic_position(phase="C", options={"errata_8_52": False})
    g2 = pos2.game()
    assert dests(g2, "sauron")


@rule("standard", "[8.52]", "[4.11]")
def test_8_52_no_move_in_the_phase_a_spell_is_attempted_and_no_spell_after_moving():
    pos, a = magic_position()
    g = pos.game()
    rig(g, 1, 1)
    play(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})
    assert not dests(g, "sauron")
    pos, a = magic_position()
    g = pos.game()
    play(g, {"type": "move", "unit": "sauron", "to": "1319"})
    assert not acts(g, "cast")


@rule("standard", "[8.53]", "[8.55]")
def test_8_55_spells_limited_by_the_points_left():
    pos, a = magic_position(spent=43)
    g = pos.game()
    pts = {x["points"] for x in acts(g, "cast")}
    assert pts == {1, 2}
    illegal(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 3}, "[8.55]")


@rule("standard", "[8.54]", "[8.56]")
def test_8_56_failed_attempts_cost_nothing_successes_are_spent():
    pos, a = magic_position()
    g = pos.game()
    rig(g, 1, 1)                                       # eclipse with 1 point needs 6-7
    ev = play(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})
    sp = events_of(ev, "spell")[0]
    assert sp["dice"] == [1, 1] and not sp["success"]
    assert g.units["sauron"].magic_spent == 0
    pos, a = magic_position()
    g = pos.game()
    rig(g, 3, 4)
    ev = play(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})
    assert events_of(ev, "spell")[0]["success"]
    assert g.units["sauron"].magic_spent == 1


@rule("standard", "[8.37]")
def test_8_37_the_rally_preview_reads_the_row_of_the_errata_or_row_8_and_says_so():
    # Elendil (9): rows 9-10 with the errata (3-11: 34 in 36); without, row 8 (3-10: 32 in 36)
    for errata, rolls, odds, note in ((True, "3-11", 34 / 36, False), (False, "3-10", 32 / 36, True)):
        pos, (m, o) = rally_position(elendil="0807", options={"errata_8_37": errata})
        g = pos.game()
        pv = g.preview({"type": "rally", "unit": "elendil", "target": m})
        assert pv["table"] == "[8.37] Leader Rally Table" and f"rallies on {rolls}" in pv["column"]
        assert abs(pv["odds"]["rallied"] - odds) < 1e-9 and abs(pv["odds"]["fails"] - (1 - odds)) < 1e-9
        said = [s for s in pv["shifts"] if s["rule"] == "[8.37]"]
        assert bool(said) is note, pv["shifts"]
        if note:
            assert "a rating above 8 uses the table's last row" in said[0]["text"]
    # a rating the table has (Anarion, 6) is read as it is, errata or not
    pos, (m, o) = rally_position(anarion="0807", options={"errata_8_37": False})
    g = pos.game()
    pv = g.preview({"type": "rally", "unit": "anarion", "target": m})
    assert not [s for s in pv["shifts"] if s["rule"] == "[8.37]"] and "rallies on 3-8" in pv["column"]


@rule("standard", "[8.37]")
def test_8_37_the_rally_log_says_rallied_or_fails_with_the_row_read():
    for dice, ok in (((1, 1), False), ((5, 6), True)):
        pos, (m, o) = rally_position(elendil="0807")
        g = pos.game()
        rig(g, *dice)
        e = events_of(play(g, {"type": "rally", "unit": "elendil", "target": m}), "rally")[0]
        assert e["success"] is ok and e["cell"] == "9" and "needs 3-11" in e["text"]
        assert e["text"].endswith("rallied" if ok else "fails"), e["text"]
        assert g.units[m].disrupted is not ok


@rule("standard", "[8.37]")
def test_8_37_sauron_rating_10_reads_row_10_with_the_errata_and_says_nothing_of_the_last_row():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    o = pos.place("orc", "0808", disrupted=True)
    pos.place("men", "2020")
    pos.place("sauron", "0807")
    g = pos.game()
    a = {"type": "rally", "unit": "sauron", "target": o}
    pv = g.preview(a)
    assert "rating 10: rallies on 3-12" in pv["column"], pv["column"]
    assert not [s for s in pv["shifts"] if s["rule"] == "[8.37]"], pv["shifts"]
    rig(g, 1, 1)
    e = events_of(play(g, a), "rally")[0]
    assert e["cell"] == "10" and not e["success"] and "needs 3-12" in e["text"]
