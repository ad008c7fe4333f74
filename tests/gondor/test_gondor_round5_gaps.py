"""Gondor rule halves the seed-2 whole-system estimate and the round-5 whole-case mutation runs
(issue 17, round 5) showed untested: no arrival in formation under Fear [14.2] [8.47], the
stampede note of an attack on a Mumak [14.32], the cost tables keyed on the ready Siege Towers
[16.4], the Ladder's armour penalty for Sauron's units only [16.45], the Ladder's destruction
said in the log [16.47], a Severed Head's preview [16.85], Break Darkness for the units of
Mordor only [17.21], the Banner's six hexes exactly [18.21], demoralization only above the
level [19.14], ..."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, cost, gpos

import ringwar
from conftest import Position, dests, move_options, play, rig
from ringwar.core import hexes as hx
from ringwar.core.errors import RecordError

rule = pytest.mark.rule

ROHAN = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)] + [f"horse_archers{i}" for i in range(1, 8)]


def relief(spells=None, leaders=("theoden",), place=()):
    """Rohan has come and waits off the map (Game-Turn 6, the West's Movement Phase)."""
    pos = gpos(turn=6, phase="F")
    pos.place("gondor_spearmen", "1706")
    for piece, h in place:
        pos.place(piece, h)
    pos.extra(siege={"rohan": True}, available=[*ROHAN, *leaders])
    if spells:
        pos.extra(spells=spells)
    g = pos.game()
    assert g.phase == "F" and g.step_side == WEST
    return g


def formed(g):
    return [a for a in g.legal_actions() if a["type"] == "arrive_formed"]


# ----- [14.2] the relief arrives in formation, but not under Fear [8.47] -----------------------------
@rule("gondor", "[14.2]", "[17.11]")
@rule("standard", "[8.47]")
def test_14_2_no_arrival_in_formation_under_the_fear_spell():
    assert formed(relief())
    g = relief(spells={"fear": 6})
    assert not formed(g)
    assert dests(g, "rohan_heavy_cav1")                      # one by one they still enter


# ----- [14.32] the preview says an undisrupted Mumak stampedes instead of retreating ----------------
def attack_preview(target, **state):
    pos = gpos(phase="G")
    w = pos.place("gondor_axeman", "1214")
    d = pos.place(target, "1215", **state)
    g = pos.game()
    return g.preview({"type": "attack", "unit": w, "target": d})


@rule("gondor", "[14.32]")
def test_14_32_the_preview_names_the_stampede_of_an_undisrupted_mumak_only():
    notes = attack_preview("mumak")["legend"]
    stampede = [c for c, text in notes.items() if "stampedes in a random direction [14.32]" in text]
    assert stampede and set(stampede) <= {"r1", "r2", "½E, r1"}
    for target, state in (("orc_infantry", {}), ("mumak", {"disrupted": True})):
        notes = attack_preview(target, **state)["legend"]
        assert not [t for t in notes.values() if "[14.32]" in t], (target, notes)


# ----- [16.4] the move tables know which Siege Towers are ready -------------------------------------
def tower_climb(ready):
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1308")
    t = pos.place("siege_tower", "1308")
    if ready:
        pos.extra(siege={"ready": {t: ["1308", 8]}})
    return pos.game(), o


@rule("gondor", "[16.4]", "[16.41]")
def test_16_4_a_ready_siege_tower_lets_the_wall_be_climbed_in_one_game_not_in_another():
    # two games in one process, the same pieces: only the tower's being ready differs
    for ready in (False, True, False):
        g, o = tower_climb(ready)
        if ready:
            assert cost(g, o, "1307") == 2                  # [16.41] 1 + 1 from the ready tower
        else:
            assert "1307" not in dests(g, o)                # [15.12] no way up the wall


# ----- [16.45] a Ladder lowers the armour of Sauron's units on it, not of a Westernesse unit --------
@rule("gondor", "[16.45]")
def test_16_45_a_westernesse_unit_in_a_ladder_hex_keeps_its_armour():
    pos = gpos(phase="D")
    w = pos.place("gondor_spearmen", "2010")             # armour 3, where Sauron's Ladder stands
    o = pos.place("orc_infantry", "2011")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    assert g.defence_armour(g.units[w], "2011", False) == (3, [])
    shifts = g.preview({"type": "attack", "unit": o, "target": w})["shifts"]
    assert not [s for s in shifts if s["rule"] == "[16.45]"]


# ----- [16.47] the Ladder's loss is said in the log --------------------------------------------------
@rule("gondor", "[16.47]")
def test_16_47_the_log_says_the_ladder_is_destroyed_and_the_wall_is_shut_again():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "2010")
    w = pos.place("gondor_axeman", "2011")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    version = g.siege.version
    play(g, {"type": "attack", "unit": w, "target": o})
    rig(g, 2, 2, 6)
    play(g, {"type": "resolve"})
    assert g.siege.ladders == []
    assert [e["text"] for e in g.log if e["type"] == "destroyed" and e.get("rule") == "[16.47]"] == [
        "the Ladder in 2010 is destroyed"]
    assert g.siege.version > version                     # the move tables are built again


# ----- [16.85] the preview of a Severed Head says what a Head does ---------------------------------
@rule("gondor", "[16.85]", "[16.63]", "[16.66]", "[16.83]", "[16.84]")
def test_16_85_the_preview_of_a_head_and_of_a_fireball_say_what_each_does():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "1913")
    c = pos.place("catapult", "1913")
    pos.place("gondor_spearmen", "1910")
    g = pos.game()
    head = g.preview({"type": "head", "unit": c, "to": "1910"})["legend"]["on target"]
    assert "[16.84]" in head and "outside the city it is removed [16.85]" in head and "[16.66]" not in head
    fire = g.preview({"type": "fireball", "unit": c, "to": "1910"})["legend"]["on target"]
    assert "sets the hex on fire [16.66]" in fire and "[16.85]" not in fire


# ----- [17.21] Break Darkness: the units of Mordor attack one level worse, not Harad's --------------
@rule("gondor", "[17.21]")
def test_17_21_break_darkness_lowers_mordor_not_harad():
    pos = gpos(turn=8, phase="D")
    hc = pos.place("harad_heavy_cav", "1916")             # Harad, D
    mc = pos.place("mordor_cavalry", "1918")              # Mordor, D
    pos.place("gondor_spearmen", "1912")
    pos.extra(spells={"break_darkness": 8})
    g = pos.game()
    assert g.attack_letter(g.units[hc], melee=True) == "D"
    assert g.attack_letter(g.units[mc], melee=True) == "E"


# ----- [18.21] within six hexes of the Banner: six, not seven --------------------------------------
@rule("gondor", "[18.21]")
def test_18_21_a_sauron_unit_exactly_six_hexes_from_the_banner_may_not_rally_seven_may():
    pos = gpos(turn=11, phase="H")
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    six = pos.place("orc_infantry", "1415", disrupted=True)
    seven = pos.place("orc_infantry", "1515", disrupted=True)
    pos.place("gothmog", "1415")
    pos.place("nazgul", "1515")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    g = pos.game()
    assert hx.distance("0815", "1415") == 6 and hx.distance("0815", "1515") == 7
    assert g.may_rally(g.units["gothmog"], g.units[six]).rule == "[18.21]"
    assert g.may_rally(g.units["nazgul"], g.units[seven]) is None


# ----- [19.14] demoralized only above the level [9.21] "exceeds" ------------------------------------
@rule("gondor", "[19.14]", "[19.11]")
def test_19_14_an_army_exactly_at_its_level_is_not_demoralized():
    pos = Position("gondor", seed=1).at(turn=5, phase="E")        # Rohan still to come
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen", "1706")
    pos.demoralization(garrison=46)
    pos.extra(demoralized={"garrison": True})
    g = pos.game()
    assert g.dp_level("garrison") == 36
    rig(g, 6)                                                   # Rohan arrives: -10
    play(g, {"type": "end"})
    assert g.dp["garrison"] == 36 and not g.demoralized["garrison"]
    assert any(e["type"] == "recovered" and e["rule"] == "[19.14]" for e in g.log)


# ----- [16.4] [15.12] [15.13] [15.22] [16.48] crossing the city's walls -----------------------------
def climb(ladder_turn=None, tower=None, ready=None):
    """An Orc below the Outer Wall (1308, 1307 above it), Sauron's Movement Phase of turn 8;
    ``tower``: where a Siege Tower stands, ``ready``: the hex its [16.41] entry names."""
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1308")
    siege = {}
    if tower:
        t = pos.place("siege_tower", tower)
        if ready:
            siege["ready"] = {t: [ready, 7]}
    if ladder_turn is not None:
        siege["ladders"] = [{"hex": "1308", "side": "1307/1308", "turn": ladder_turn}]
    pos.extra(siege=siege)
    g = pos.game()
    return dests(g, o) and (cost(g, o, "1307") if "1307" in dests(g, o) else None)


@rule("gondor", "[16.4]", "[16.41]", "[16.43]", "[15.12]")
def test_16_4_the_move_tables_know_which_ladders_and_towers_are_usable_game_by_game():
    # games alike but for the ladder's turn or the tower's place share no move table
    cases = [({}, None),                                       # [15.12] no way up
             ({"tower": "1308", "ready": "1308"}, 2),          # [16.41] +1
             ({"tower": "1309", "ready": "1308"}, None),       # the tower has left the wall
             ({"tower": "1308", "ready": "1309"}, None),       # ready elsewhere, not here
             ({"ladder_turn": 7}, 4),                          # [16.43] +3, set last turn
             ({"ladder_turn": 8}, None)]                       # set this turn: next turn only
    for kw, want in cases + cases[::-1]:
        assert climb(**kw) == want, kw


def cross(piece, at, to, side_phase="C", **siege):
    pos = gpos(phase=side_phase)
    u = pos.place(piece, at)
    pos.place("orc_infantry" if side_phase == "F" else "gondor_spearmen", "2020" if side_phase == "F" else "1903")
    if siege:
        pos.extra(siege=siege)
    g = pos.game()
    reach = g.destinations(g.units[u])
    return reach[to][0] if to in reach and reach[to][2] == at else None


@rule("gondor", "[16.4]", "[16.48]", "[15.22]", "[15.12]", "[15.13]")
def test_16_4_a_breached_wall_costs_one_more_for_infantry_never_open_to_cavalry_or_mumakil():
    breach = {"breached": ["1606/1607"]}
    assert cross("orc_infantry", "1607", "1606", **breach) == 1 + 1          # [4.3] city 1, breach +1
    assert cross("mordor_cavalry", "1607", "1606", **breach) is None          # [15.22]
    assert cross("mumak", "1607", "1606", **breach) is None
    assert cross("orc_infantry", "1607", "1606") is None                      # unbreached: [15.12]


@rule("gondor", "[16.4]", "[16.48]", "[15.13]", "[15.22]")
def test_16_4_down_a_wall_takes_the_whole_allowance_up_it_is_closed_to_the_west():
    assert cross("gondor_spearmen", "1307", "1308", side_phase="F") == 5       # [15.13] [15.21] all 5
    assert cross("mounted_knight", "1307", "1308", side_phase="F") is None     # [15.22] never
    assert cross("gondor_spearmen", "1308", "1307", side_phase="F") is None    # up: [15.12]


@rule("gondor", "[16.48]", "[16.4]", "[16.41]", "[16.43]")
@pytest.mark.parametrize("piece", ["mordor_cavalry", "mumak"])
def test_16_48_cavalry_and_mumakil_never_use_a_ready_tower_or_ladder(piece):
    pos = gpos(phase="C")
    u = pos.place(piece, "1308")
    t = pos.place("siege_tower", "1308")
    pos.place("gondor_spearmen", "1903")
    pos.extra(siege={"ready": {t: ["1308", 7]}, "ladders": [{"hex": "1308", "side": "1307/1308", "turn": 7}]})
    g = pos.game()
    assert "1307" not in dests(g, u)
    pushed = {a["to"] for a in move_options(g, u) if a["type"] == "push"}
    assert pushed and "1307" not in pushed


@rule("gondor", "[16.48]", "[16.4]", "[16.11]")
def test_16_48_siege_equipment_is_not_pushed_up_a_wall_or_through_a_breach():
    # infantry pushing a Siege Tower keeps to gates: not up the ladder, not through the breach
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1607")
    pos.place("siege_tower", "1607")
    pos.place("gondor_spearmen", "1903")
    pos.extra(siege={"breached": ["1606/1607"], "ladders": [{"hex": "1607", "side": "1606/1607", "turn": 7}]})
    g = pos.game()
    assert "1606" in dests(g, o)                              # alone it may
    pushed = {a["to"] for a in move_options(g, o) if a["type"] == "push"}
    assert pushed and "1606" not in pushed


# ----- [14.32] the stampede: where it stops, and with what it attacks --------------------------------
def stampede(mumak_hex="1215", attacker_dir=4, others=(), reduced=False):
    """A Gondor axeman attacks a Mumak (the Combat Phase of the West); ``others``: pieces placed."""
    pos = gpos(phase="G")
    m = pos.place("mumak", mumak_hex, reduced=reduced)
    s = pos.place("gondor_axeman", hx.neighbour(mumak_hex, attacker_dir))
    for t, h in others:
        pos.place(t, h)
    g = pos.game()
    play(g, {"type": "attack", "unit": s, "target": m})
    return g, g.units[m], s


@rule("gondor", "[14.32]")
def test_14_32_a_mumak_stampeding_toward_its_attacker_stays_and_attacks_it():
    g, m, s = stampede()
    rig(g, 2, 2, 5, 4, 6, 6)                   # hit, r2, scatter die 4: back at the axeman; its attack misses
    ev = play(g, {"type": "resolve"})
    assert m.hex == "1215" and m.disrupted
    (attack,) = [e for e in ev if e["type"] == "roll" and e.get("unit") == m.id]
    assert attack["target"] == s and attack["cell"] == "C/3"


@rule("gondor", "[14.32]")
def test_14_32_a_mumak_charges_past_siege_equipment_and_a_reduced_one_attacks_one_level_worse():
    # a Siege Tower alone in its path (1213) is no combat unit: it charges on to 1211;
    # reduced (D), it meets the orc beyond and attacks it with D
    g, m, _ = stampede(others=[("siege_tower", "1213")])
    rig(g, 2, 2, 5, 1)
    play(g, {"type": "resolve"})
    assert m.hex == "1211" and m.disrupted
    g, m, _ = stampede(others=[("orc_infantry", "1212")], reduced=True)
    rig(g, 2, 2, 5, 1, 2, 2, 1)
    ev = play(g, {"type": "resolve"})
    (attack,) = [e for e in ev if e["type"] == "roll" and e.get("unit") == m.id]
    assert m.hex == "1213" and attack["cell"] == "D/2"


@rule("gondor", "[14.32]")
def test_14_32_a_mumak_running_into_the_mountains_is_eliminated():
    g, m, _ = stampede(mumak_hex="0804")                # 0803, up the column, is mountain
    rig(g, 2, 2, 5, 1)
    play(g, {"type": "resolve"})
    assert m.where == "dead" and m.hex is None


# ----- [17.22] Stalemate Nazgul: six hexes east, the map's edge and the hexes he may not take -------
def stalemate(gandalf_hex, nazgul_hex, west=()):
    pos = gpos(turn=8, phase="A")
    pos.place("gondor_spearmen", gandalf_hex)
    pos.place("gandalf", gandalf_hex)
    pos.place("orc_infantry", nazgul_hex)
    pos.place("nazgul", nazgul_hex)
    for h in west:
        pos.place("gondor_spearmen", h)
    g = pos.game()
    ev = play(g, {"type": "cast", "unit": "gandalf", "spell": "stalemate_day", "points": 2})
    return g, g.units["nazgul"].hex, ev


@rule("gondor", "[17.22]")
def test_17_22_at_the_east_edge_the_nazgul_stops_on_the_last_hex_not_beyond():
    g, at, ev = stalemate("1019", "1018")                  # six east of 1019 is past row 24
    assert at == "1024" and at in g.hexmap
    assert ev[-1]["text"] == "the Lord of the Nazgul is thrown back from 1018 to 1024"


@rule("gondor", "[17.22]")
def test_17_22_a_westernesse_unit_on_the_hex_sends_the_nazgul_to_a_free_hex_beside_it_on_the_map():
    g, at, _ = stalemate("1019", "1018", west=["1024"])
    assert at in g.hexmap and hx.distance(at, "1024") == 1
    assert not [u for u in g.pieces_at(at) if u.side == WEST]
    g, at, _ = stalemate("1012", "1011", west=["1018"])    # inside the map: the same
    assert hx.distance(at, "1018") == 1 and not [u for u in g.pieces_at(at) if u.side == WEST]


@rule("gondor", "[17.22]")
def test_17_22_stalemate_is_cast_only_beside_the_nazgul_not_in_his_hex_nor_two_away():
    def offered(gandalf_hex, nazgul_hex):
        pos = gpos(turn=8, phase="A")
        pos.place("gondor_spearmen", gandalf_hex)
        pos.place("gandalf", gandalf_hex)
        pos.place("orc_infantry", nazgul_hex)
        pos.place("nazgul", nazgul_hex)
        g = pos.game()
        return {a["spell"] for a in g.legal_actions() if a["type"] == "cast"}
    assert "stalemate_day" in offered("1912", "1913")
    assert "stalemate_day" not in offered("1912", "1914")


# ----- [14.2] who arrives in formation, and when the Rohan roll is made --------------------------------
@rule("gondor", "[14.2]")
@rule("standard", "[8.43]")
def test_14_2_a_leader_who_chose_to_stay_off_the_map_does_not_bring_a_formation_in():
    g = relief(leaders=("theoden", "eomer"))
    assert {a["leader"] for a in formed(g)} == {"theoden", "eomer"}
    play(g, {"type": "select", "unit": "theoden"}, {"type": "stay", "unit": "theoden"})
    assert g.units["theoden"].moved and g.units["theoden"].hex is None
    assert formed(g) and {a["leader"] for a in formed(g)} == {"eomer"}


@rule("gondor", "[14.2]")
def test_14_2_sauron_s_waiting_reinforcements_never_arrive_in_the_west_s_formations():
    pos = gpos(turn=6, phase="F")
    pos.place("gondor_spearmen", "1706")
    pos.place("orc_infantry", "2020")
    pos.extra(available=["king_of_harad", "harad_heavy_cav1", "harad_heavy_cav2", "uruk1", "uruk2"])
    g = pos.game()
    assert g.phase == "F" and g.step_side == WEST
    assert not formed(g)


@rule("gondor", "[14.2]", "[19.11]")
def test_14_2_no_rohan_roll_when_the_riders_are_already_on_the_map():
    pos = gpos(turn=6, phase="E")
    pos.place("gandalf", "1706")                           # a Magic Leader: phase E is played
    pos.place("gondor_spearmen", "1706")
    pos.place("rohan_heavy_cav1", "3610")                   # the only Rider left, on the map
    g = pos.game()
    n = g.dice.count
    play(g, {"type": "end"})
    assert g.phase == "F" and g.dice.count == n and not g.siege.rohan
    assert not [e for e in g.log if e.get("rule") == "[14.2]"]


@rule("gondor", "[14.2]")
@rule("standard", "[8.42]", "[8.43]")
def test_14_2_two_like_units_waiting_are_enough_for_a_formation_one_is_not():
    pos = gpos(turn=6, phase="F")
    pos.place("gondor_spearmen", "1706")
    pos.extra(siege={"rohan": True}, available=["rohan_heavy_cav1", "rohan_heavy_cav2", "horse_archers1", "theoden"])
    g = pos.game()
    pairs = {(a["unit"], a["with"], a["leader"]) for a in formed(g)}
    assert pairs == {("rohan_heavy_cav1", "rohan_heavy_cav2", "theoden")}


@rule("gondor", "[14.2]")
@rule("standard", "[5.0]", "[8.43]")
def test_14_2_no_arrival_in_formation_onto_an_entry_hex_a_friendly_unit_holds():
    free = {a["to"] for a in formed(relief())}
    entry = sorted(free)[0]
    held = {a["to"] for a in formed(relief(place=[("gondor_spearmen", entry)]))}
    assert held == free - {entry}


@rule("gondor", "[14.2]", "[14.1]")
def test_14_2_only_the_west_s_reinforcements_fight_their_way_onto_the_map():
    # Westernesse units on every entry hex of Sauron's reinforcements: the Uruk-Hai waiting
    # off the map may not attack them (that is [14.2]'s, for the West's reinforcements)
    pos = gpos(turn=3, phase="D")
    for h in ("1924", "2024", "2124", "2224", "2324"):
        pos.place("gondor_spearmen", h)
    pos.place("orc_infantry", "1214")                       # a fight elsewhere keeps the phase open
    pos.place("gondor_spearmen", "1215")
    pos.extra(available=["uruk1"])
    g = pos.game()
    assert g.phase == "D"
    attackers = {a["unit"] for a in g.legal_actions() if a["type"] == "attack"}
    assert attackers == {"orc_infantry1"}


@rule("gondor", "[14.2]")
@rule("standard", "[7.34]")
def test_14_2_a_waiting_unit_that_attacked_from_off_the_map_attacks_no_more_this_phase():
    g = relief(place=[("orc_infantry", "3610"), ("orc_infantry", "3620")])
    play(g, {"type": "end"})                                # to the Combat Phase
    while g.step != "melee":
        play(g, {"type": "end"})
    cav = "rohan_heavy_cav1"
    assert {a["target"] for a in g.legal_actions() if a.get("unit") == cav} == {"orc_infantry1", "orc_infantry2"}
    play(g, {"type": "attack", "unit": cav, "target": "orc_infantry1"})
    rig(g, 6, 6)                                           # B vs 2 misses on 12
    play(g, {"type": "resolve"})
    assert g.units[cav].attacked and g.units[cav].hex is None
    assert not [a for a in g.legal_actions() if a.get("unit") == cav]
    assert [a for a in g.legal_actions() if a.get("unit") == "rohan_heavy_cav2"]


@rule("gondor", "[14.2]")
def test_14_2_the_waiting_relief_attacks_in_its_own_combat_phase_not_in_sauron_s():
    pos = gpos(turn=6, phase="D")
    pos.place("orc_infantry", "3610")                       # on a Rohan entry hex
    pos.place("orc_infantry", "1214")
    pos.place("gondor_spearmen", "1215")
    pos.extra(siege={"rohan": True}, available=[*ROHAN, "theoden"])
    g = pos.game()
    assert g.phase == "D" and g.step == "melee"
    assert {a["unit"] for a in g.legal_actions() if a["type"] == "attack"} == {"orc_infantry2"}


@rule("gondor", "[14.2]")
def test_14_2_the_rohan_options_take_rolls_1_to_7_and_game_turns_1_to_16():
    for name, lo, hi in (("rohan_roll", 1, 7), ("rohan_turn", 1, 16)):
        for ok in (lo, hi):
            assert ringwar.new_game("gondor", seed=1, options={name: ok}).options[name] == ok
        for bad in (lo - 1, hi + 1):
            with pytest.raises(RecordError, match=rf"option '{name}' must be a whole number from {lo} to {hi} "
                                                  rf"\(or null: .*\), not {bad}$"):
                ringwar.new_game("gondor", seed=1, options={name: bad})


@rule("gondor", "[17.22]")
def test_17_22_the_nazgul_goes_to_the_nearest_free_hex_even_five_hexes_from_the_point():
    # every hex within four of 1018 (six east of Gandalf in 1012) holds a Westernesse unit
    crowd = [x for r in range(5) for x in hx.ring("1018", r)]
    g, at, _ = stalemate("1012", "1011", west=crowd)
    assert hx.distance(at, "1018") == 5 and at in g.hexmap
    assert not [u for u in g.pieces_at(at) if u.side == WEST]


@rule("gondor", "[17.22]", "[4.3]")
def test_17_22_the_nazgul_is_never_put_on_a_mountain_hex():
    # Gandalf in 1101: the point is 1107, four hexes from the mountains (1003); every hex
    # nearer that is not mountain holds a Westernesse unit: he goes five away, not onto a mountain
    g0 = gpos().game()
    crowd = [x for r in range(5) for x in hx.ring("1107", r)
             if x in g0.hexmap and g0.hexmap.terrain(x) != "mountain"]
    assert any(g0.hexmap.terrain(x) == "mountain" for x in hx.ring("1107", 4) if x in g0.hexmap)
    g, at, _ = stalemate("1101", "1201", west=crowd)
    assert g.hexmap.terrain(at) != "mountain" and hx.distance(at, "1107") == 5
    assert not [u for u in g.pieces_at(at) if u.side == WEST]


@rule("gondor", "[14.32]")
def test_14_32_a_mumak_stops_beside_a_unit_off_its_path_and_attacks_it():
    # up the column from 1215: 1214, 1213 ... the orc in 1313 is beside 1213, not in the path
    g, m, _ = stampede(others=[("orc_infantry", "1313")])
    rig(g, 2, 2, 5, 1, 6, 6)                   # hit, r2, scatter up; its attack on the orc misses
    ev = play(g, {"type": "resolve"})
    assert m.hex == "1213" and m.disrupted
    (attack,) = [e for e in ev if e["type"] == "roll" and e.get("unit") == m.id]
    assert attack["target"] == "orc_infantry1"


# ----- [16.25] [16.15] what the counters of siege equipment show ------------------------------------
@rule("gondor", "[16.25]", "[16.15]", "[16.72]")
@pytest.mark.parametrize("grond", [False, True])
def test_16_25_a_catapult_shows_its_missile_strength_a_cauldron_its_oil_grond_if_activated(grond):
    pos = gpos(phase="B")
    cat = pos.place("catapult", "2215")
    pos.place("orc_infantry", "2215")
    tower = pos.place("siege_tower", "2216")
    gr = pos.place("grond", "2217")
    cd = pos.place("cauldron", "1706", real=True)
    wcat = pos.place("w_catapult", "1708")
    pos.place("gondor_spearmen", "1708")
    pos.extra(siege={"grond": grond})
    g = pos.game()
    g.units[cd].set_flag("oil", 2)                               # one Oil taken [16.72]
    g._touch()
    seen = {u["id"]: u for u in g.view(WEST)["units"]}
    assert seen[cat]["label"] == seen[wcat]["label"] == "e"   # [16.25] anti-personnel missile e
    assert seen[cat]["missile"] == "e" and "melee" not in seen[cat]
    assert seen[cd]["label"] == "2 Oil" and seen[cd]["oil"] == 2 and "missile" not in seen[cd]
    assert seen[tower]["label"] == "" and "missile" not in seen[tower]
    assert seen[gr]["label"] == ("activated" if grond else "")


# ----- [20.2] a level is taken whatever leaders and equipment of the West are in it; in words --------
@rule("gondor", "[20.2]", "[19.11]")
def test_20_2_a_westernesse_leader_or_cauldron_does_not_hold_a_level_and_the_log_names_the_levels():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1911")
    pos.place("gondor_spearmen", "1706")
    pos.place("imrahil", "2601")                              # in level 1, no combat unit with him
    pos.place("cauldron", "2506", real=True)                   # level 1 too
    pos.extra(siege={"breached": ["1910/1911"], "last": {"1911": SAURON}})
    g = pos.game()
    assert g.city["level"]["2601"] == g.city["level"]["2506"] == 1
    play(g, {"type": "move", "unit": o, "to": "1910"})
    assert g.siege.levels == [1]
    assert [e["text"] for e in g.log if e.get("rule") == "[20.2]"] == ["Sauron controls city level(s): 1"]
    pos2 = gpos(phase="F")
    w = pos2.place("gondor_spearmen", "1912")
    pos2.place("orc_infantry", "2020")
    pos2.extra(siege={"gate_control": dict(ringwar.new_game("gondor").siege.gate_control, **{"1910/1911": SAURON}),
                      "breached": ["1910/1911"], "levels": [1]})
    g2 = pos2.game()
    play(g2, {"type": "move", "unit": w, "to": "1910"})
    assert [e["text"] for e in g2.log if e.get("rule") == "[20.2]"] == ["Sauron controls city level(s): none"]


@rule("gondor", "[16.25]", "[7.12]")
@pytest.mark.parametrize("errata, reach", [(True, 2), (False, 4)])
def test_16_25_a_catapult_fires_at_units_two_hexes_away_with_the_errata_four_without(errata, reach):
    def targets(h):
        pos = gpos(phase="D", errata_7_12=errata)
        c = pos.place("catapult", "2215")
        pos.place("orc_infantry", "2215")
        w = pos.place("gondor_spearmen", h)
        g = pos.game()
        assert hx.distance("2215", h) in (reach, reach + 1)
        return {a["target"] for a in g.legal_actions() if a["type"] == "fire" and a["unit"] == c}, w
    near, w = targets(f"22{15 - reach:02d}")
    assert near == {w}
    far, _ = targets(f"22{15 - reach - 1:02d}")
    assert far == set()


# ----- [16.3] the preview of a breach names the weapon --------------------------------------------
@rule("gondor", "[16.3]", "[16.28]")
@pytest.mark.parametrize("grond", [False, True])
def test_16_3_the_breach_preview_names_grond_or_the_catapult_and_its_range(grond):
    pos = gpos(phase="B")
    pos.place("troll" if grond else "orc_infantry", "1911")
    c = pos.place("grond" if grond else "catapult", "1911")
    if grond:
        pos.extra(siege={"grond": True})
    g = pos.game()
    side = "1910/1911" if grond else "1908/1909"              # the Main Gate: Grond's only
    column = g.preview({"type": "breach", "unit": c, "hexside": side})["column"]
    assert column.startswith("Grond (activated, adjacent) against a main gate" if grond
                             else "a Catapult at range 3 against a wall")


@rule("gondor", "[16.3]")
def test_16_3_the_breach_roll_says_breached_or_no_effect():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "1911")
    c = pos.place("catapult", "1911")
    g = pos.game()
    for dice, words in (((1, 2), "rolled 3 (1+2): breached"), ((6, 6), "rolled 12 (6+6): no effect")):
        g2 = g.clone()
        rig(g2, *dice)
        ev = play(g2, {"type": "breach", "unit": c, "hexside": "1908/1909"})
        (roll,) = [e for e in ev if e["rule"] == "[16.3]"]
        assert roll["text"].endswith(words) and roll["success"] is (words.endswith("breached"))
