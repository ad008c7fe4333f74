"""Gondor rule halves the mutation sample (issue 17) showed untested: the odds preview of a
Fireball against a Severed Head [16.65], gates and the road held by the last side through
them [20.1], and the three conditions of Sauron's victory [20.1]."""

from __future__ import annotations

import json

import pytest
from _gondor import SAURON, WEST, end_until, gpos

import ringwar
from conftest import Position, dests, illegal, move_options, play, rig
from ringwar.core import hexes as hx
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError

rule = pytest.mark.rule


def catapult(hex_="1913", phase="B", **kw):
    pos = gpos(phase=phase, **kw)
    pos.place("orc_infantry", hex_)
    c = pos.place("catapult", hex_)
    return pos, c


# ----- [16.65] the preview says what a Fireball does, and what a Severed Head does ---------------
@rule("gondor", "[16.65]", "[16.63]")
def test_16_65_the_fireball_preview_says_it_burns_siege_equipment_a_head_preview_does_not():
    pos, c = catapult("1913")
    g = pos.game()
    fire = g.preview({"type": "fireball", "unit": c, "to": "1910"})
    assert fire["table"] == "[16.63] Scatter Diagram"
    assert "[16.65]" in fire["legend"]["on target"] and "[16.66]" in fire["legend"]["on target"]
    assert "[16.84]" not in fire["legend"]["on target"]
    head = g.preview({"type": "head", "unit": c, "to": "1910"})
    assert "[16.84]" in head["legend"]["on target"] and "[16.83]" in head["legend"]["on target"]
    assert "[16.65]" not in head["legend"]["on target"]


# ----- [20.1] [15.15] the last side through a hex: combat units only, and what it changes -------
@rule("gondor", "[20.1]", "[15.15]")
def test_20_1_a_leader_alone_neither_takes_the_road_nor_a_gate():
    pos = gpos(phase="F")
    ld = pos.place("imrahil", "1917")
    pos.extra(siege={"last": {"1918": SAURON, "2124": SAURON}})
    g = pos.game()
    ev = play(g, {"type": "move", "unit": ld, "to": "2019"})    # along the road through 1918
    assert "1918" in ev[0]["path"]
    assert g.siege.last["1918"] == SAURON                    # only combat units count
    assert g.view(WEST)["exclusive"]["road"] == {"1918": SAURON, "2124": SAURON}


def second_gate_sauron():
    return dict(ringwar.new_game("gondor").siege.gate_control, **{"1507/1606": SAURON})


@rule("gondor", "[20.1]", "[15.15]")
def test_15_15_a_gate_taken_in_the_middle_of_a_phase_opens_at_once_for_the_next_unit():
    pos = gpos(phase="F")
    below = pos.place("gondor_spearmen", "1407")                # level 1, beside the Second Gate
    above = pos.place("gondor_spearmen", "1706")                # level 2
    # a Westernesse unit was the last in 1507, the gate's low hex; Sauron holds the gate
    pos.extra(siege={"gate_control": second_gate_sauron(), "last": {"1507": WEST}})
    g = pos.game()
    before = dests(g, below)
    assert "1707" not in before and "1506" not in before        # the gate is a wall to it
    play(g, {"type": "move", "unit": above, "to": "1606"})      # the high hex too: the gate is won
    assert g.siege.gate_control["1507/1606"] == WEST
    after = dests(g, below)
    assert {"1707", "1506"} <= after                             # up through the gate now


@rule("gondor", "[20.1]", "[15.15]")
def test_15_15_a_game_in_which_a_gate_changes_hands_saves_a_record_that_replays():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1706")
    pos.extra(siege={"gate_control": second_gate_sauron(), "last": {"1507": WEST}})
    g = pos.game()
    play(g, {"type": "move", "unit": w, "to": "1606"})
    assert g.siege.gate_control["1507/1606"] == WEST
    again = ringwar.replay(g.save())                            # the set-up as it was, not as play left it
    assert again.state_hash() == g.state_hash()
    assert pos.game().siege.gate_control["1507/1606"] == SAURON


#: a record written by this version in which a Westernesse unit wins back the Second Gate
#: [15.15]; it must replay to its hash forever (tests/test_old_records.py)
GATE_RECORD = {
    "actions": [{"to": "1606", "type": "move", "unit": "gondor_spearmen1"}], "engine": "0.1.0",
    "final_hash": "835e4d72b683708fe4d747d6b789ad83", "format": "ringwar-record", "options": {},
    "scenario": "standard", "seed": 1, "system": "gondor", "version": 1,
    "setup": {"clear": True, "phase": "F", "turn": 8, "place": [{"hex": "1706", "id": "gondor_spearmen1"}],
              "siege": {"gate_control": {"1507/1606": "sauron", "1605/1705": "westernesse",
                                         "1704/1803": "westernesse", "1903/1904": "westernesse",
                                         "1910/1911": "westernesse", "2104/2204": "westernesse",
                                         "2205/2306": "westernesse"},
                        "last": {"1507": "westernesse"}}},
}


@rule("gondor", "[20.1]", "[15.15]")
def test_15_15_a_record_in_which_a_gate_is_won_back_replays_to_its_hash():
    g = ringwar.replay(json.dumps(GATE_RECORD))
    assert g.siege.gate_control["1507/1606"] == WEST
    assert g.state_hash() == GATE_RECORD["final_hash"]


# ----- [16.73] (in note_visit, [20.1]) an enemy combat unit destroys Cauldrons, nothing else ---
@rule("gondor", "[20.1]", "[16.73]")
def test_16_73_an_enemy_unit_entering_destroys_the_cauldron_but_not_a_catapult_with_it():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1909")
    cd = pos.place("cauldron", "2008", real=True)
    wc = pos.place("w_catapult", "2008")
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2008"})
    assert g.units[cd].where == "dead"
    assert g.units[wc].on_map and g.units[wc].hex == "2008"


@rule("gondor", "[20.1]", "[16.73]")
def test_16_73_a_westernesse_unit_leaves_its_own_cauldron_alone():
    pos = gpos(phase="F")
    w = pos.place("gondor_spearmen", "1909")
    cd = pos.place("cauldron", "2008", real=True)
    g = pos.game()
    play(g, {"type": "move", "unit": w, "to": "2008"})
    assert g.units[cd].on_map


# ----- [14.31] only the hexes beside a Mumak are refused by [14.31]; elsewhere the usual reason --
@rule("gondor", "[14.31]")
def test_14_31_cavalry_refused_away_from_the_mumak_is_told_the_real_reason_not_14_31():
    pos = gpos(phase="C")
    pos.place("mumak", "1215")
    c = pos.place("mordor_cavalry", "1219")
    g = pos.game()
    illegal(g, {"type": "move", "unit": c, "to": "1216"}, "[14.31]")     # beside the Mumak
    assert "2019" not in hx.neighbours("1215")
    illegal(g, {"type": "move", "unit": c, "to": "2019"}, "[4.21]")      # far away: too far, not [14.31]


# ----- [16.72] Oil is taken while a Cauldron has any left; only a Westernesse combat unit carries it -
def pushes(g, unit):
    return {(a["gear"], a["to"]) for a in move_options(g, unit) if a["type"] == "push"}


@rule("gondor", "[16.72]")
def test_16_72_the_last_oil_counter_is_taken_and_an_empty_cauldron_offers_none():
    pos = gpos(phase="F")
    w1 = pos.place("gondor_spearmen", "1706")
    w2 = pos.place("gondor_spearmen", "1806")
    last = pos.place("cauldron", "1706", real=True)
    empty = pos.place("cauldron", "1806", real=True)
    g = pos.game()
    g.units[last].set_flag("oil", 1)                              # two of its three already taken
    g.units[empty].set_flag("oil", 0)                             # all three taken
    g._touch()
    takes = [a for a in g.legal_actions() if a["type"] == "take_oil"]
    assert takes == [{"type": "take_oil", "unit": w1, "cauldron": last}]
    play(g, takes[0])
    assert g.units[w1].flags["carry"] == "real" and g.units[last].flags["oil"] == 0
    assert next(u for u in g.view(WEST)["units"] if u["id"] == last)["label"] == "0 Oil"
    assert not [a for a in g.legal_actions() if a["type"] == "take_oil"]
    assert w2


@rule("gondor", "[16.72]", "[16.75]")
@pytest.mark.parametrize("item, ok", [
    ({"id": "gondor_spearmen1", "hex": "1910", "oil": "real"}, True),
    ({"id": "gondor_spearmen1", "hex": "1910", "oil": "dummy"}, True),
    ({"id": "orc_infantry1", "hex": "2010", "oil": "real"}, False),      # a Sauron unit
    ({"id": "cauldron1", "hex": "1706", "oil": "real"}, False),          # siege equipment
    ({"id": "w_catapult1", "hex": "1706", "oil": "dummy"}, False),
])
def test_16_72_a_set_up_gives_oil_only_to_a_westernesse_combat_unit(item, ok):
    setup = {"clear": True, "turn": 8, "phase": "F", "place": [item]}
    if ok:
        system_class("gondor").validate_setup(setup)
        assert ringwar.new_game("gondor", setup=setup).units[item["id"]].flags["carry"] == item["oil"]
    else:
        with pytest.raises(RecordError, match=r"place\[0\]\.oil: only a Westernesse combat unit carries Oil"):
            system_class("gondor").validate_setup(setup)
        with pytest.raises(RecordError, match=r"\[16.72\]"):
            ringwar.new_game("gondor", setup=setup)


@rule("gondor", "[16.72]")
def test_16_72_a_set_up_names_oil_real_or_dummy():
    setup = {"clear": True, "turn": 8, "phase": "F",
             "place": [{"id": "gondor_spearmen1", "hex": "1910", "oil": "maybe"}]}
    with pytest.raises(RecordError, match=r"place\[0\]\.oil: must be one of"):
        system_class("gondor").validate_setup(setup)


# ----- [16.11]-[16.13] who moves siege equipment (the code beside taking Oil [16.72]) -------------
@rule("gondor", "[16.11]", "[16.12]")
def test_16_11_a_leader_stacked_with_a_catapult_does_not_move_it():
    pos = gpos(phase="C")
    ld = pos.place("gothmog", "2215")
    pos.place("catapult", "2215")
    g = pos.game()
    assert {"type": "select", "unit": ld} in g.legal_actions()
    assert dests(g, ld) and not pushes(g, ld)                   # it walks, alone


@rule("gondor", "[16.13]")
def test_16_13_grond_is_pushed_by_a_troll_and_not_by_an_orc():
    pos = gpos(phase="C")
    t = pos.place("troll", "2213")
    gt = pos.place("grond", "2213")
    o = pos.place("orc_infantry", "2211")
    pos.place("grond", "2211")
    g = pos.game()
    assert {gear for gear, _ in pushes(g, t)} == {gt}
    assert not pushes(g, o) and dests(g, o)


@rule("gondor", "[16.12]")
def test_16_12_a_catapult_used_in_the_siege_phase_does_not_move_that_game_turn():
    pos = gpos(phase="B")
    o = pos.place("orc_infantry", "1909")
    used = pos.place("catapult", "1909")
    idle = pos.place("catapult", "1909")
    pos.place("gondor_spearmen", "1605")
    g = pos.game()
    play(g, {"type": "fireball", "unit": used, "to": "1911"})   # range 2: on target, no die
    end_until(g, "C")
    assert g.turn == 8
    assert {gear for gear, _ in pushes(g, o)} == {idle}


# ----- [19.11] C and D: the Riders of Rohan and Aragorn lower the garrison's total once ----------
def before_phase_f(turn, **options):
    pos = Position("gondor", seed=1, options=options or None).at(turn=turn, phase="E")
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen1", "1706")
    return pos


def rohan_roll_text(g):
    return [e["text"] for e in g.log if e.get("rule") == "[14.2]"]


@rule("gondor", "[19.11]", "[14.2]")
@pytest.mark.parametrize("least, needs", [(None, "(5-6)"), (6, "(6)"), (4, "(4-6)"), (7, "(never)")])
def test_14_2_a_failed_rohan_roll_says_what_it_needed(least, needs):
    g = before_phase_f(5, **({} if least is None else {"rohan_roll": least})).game()
    rig(g, 1)
    play(g, {"type": "end"})
    assert not g.siege.rohan and g.dp["garrison"] == 0
    (text,) = rohan_roll_text(g)
    assert text.endswith(f"rolled 1: not this turn {needs}")


@rule("gondor", "[19.11]", "[14.2]")
def test_14_2_no_rohan_roll_once_no_rider_is_left_to_come():
    # only a unit of Sauron's reinforcements waits off the map, no Rider of Rohan
    pos = gpos(turn=6, phase="E")
    pos.place("gandalf", "1706")                                # a Magic Leader: phase E is played
    pos.place("gondor_spearmen", "1706")
    pos.extra(available=["uruk1"])
    g = pos.game()
    assert g.phase == "E"
    n = g.dice.count
    play(g, {"type": "end"})
    assert g.phase == "F" and not rohan_roll_text(g) and g.dice.count == n
    assert not g.siege.rohan and g.dp["garrison"] == 0


@rule("gondor", "[19.11]", "[14.2]")
def test_19_11_aragorn_lowers_the_garrison_total_once_not_again_for_a_late_unit():
    # Aragorn came on turn 10 (-10 then); one of his units still waits and enters on turn 12
    pos = gpos(turn=12, phase="E")
    pos.place("gandalf", "1706")
    pos.place("gondor_spearmen", "1706")
    pos.extra(available=["men_spearmen1"], siege={"aragorn": True, "rohan": True})
    g = pos.game()
    play(g, {"type": "end"})
    assert g.phase == "F" and dests(g, "men_spearmen1")
    assert g.dp["garrison"] == 0
    assert not [e for e in g.log if e.get("rule") == "[19.11]"]
    # the same unit, Aragorn not yet come: his arrival counts now
    pos.extra(siege={"aragorn": False, "rohan": True})
    g = pos.game()
    play(g, {"type": "end"})
    assert g.siege.aragorn and g.dp["garrison"] == -10


def main_gate_sauron():
    return dict(ringwar.new_game("gondor").siege.gate_control, **{"1910/1911": SAURON})


# ----- [19.11] A and B in words: a level taken or lost, and the Main Gate's +5 in the preview -----
@rule("gondor", "[19.11]", "[20.2]")
def test_19_11_the_log_says_a_level_was_taken_then_lost_by_sauron():
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1911")
    pos.place("gondor_spearmen", "1706")
    pos.extra(siege={"breached": ["1910/1911"], "last": {"1911": SAURON}})
    g = pos.game()
    ev = play(g, {"type": "move", "unit": o, "to": "1910"})
    (taken,) = [e["text"] for e in g.log if e.get("rule") == "[19.11]"]
    assert "+10" in taken and "1 city level(s) taken by Sauron" in taken and ev
    pos2 = gpos(phase="F")
    w = pos2.place("gondor_spearmen", "1912")
    pos2.extra(siege={"gate_control": main_gate_sauron(), "breached": ["1910/1911"], "levels": [1]})
    g2 = pos2.game()
    play(g2, {"type": "move", "unit": w, "to": "1910"})          # an undisrupted unit back in level 1
    (lost,) = [e["text"] for e in g2.log if e.get("rule") == "[19.11]"]
    assert "-10" in lost and "1 city level(s) lost by Sauron" in lost


@rule("gondor", "[19.11]", "[16.3]")
def test_19_11_the_breach_preview_names_the_five_points_for_the_main_gate_only():
    pos = gpos(phase="B")
    pos.place("troll", "1911")
    gr = pos.place("grond", "1911")
    pos.place("orc_infantry", "1909")
    c = pos.place("catapult", "1909")
    pos.extra(siege={"grond": True})
    g = pos.game()
    gate = g.preview({"type": "breach", "unit": gr, "hexside": "1910/1911"})
    assert "[19.11]" in gate["legend"]["breach"] and "5 Demoralization Points" in gate["legend"]["breach"]
    wall = g.preview({"type": "breach", "unit": c, "hexside": "1908/1909"})
    assert "[16.27]" in wall["legend"]["breach"] and "[19.11]" not in wall["legend"]["breach"]


# ----- [16.63] the odds preview of a hurl: no scatter at one or two hexes, 1-3 on target at three --
@rule("gondor", "[16.63]")
@pytest.mark.parametrize("kind, what", [("fireball", "a Fireball"), ("head", "a Severed Head")])
def test_16_63_the_preview_at_two_hexes_is_always_on_target(kind, what):
    pos, c = catapult("1913")
    g = pos.game()
    assert hx.distance("1913", "1911") == 2
    out = g.preview({"type": kind, "unit": c, "to": "1911"})
    assert out["odds"] == {"on target": 1.0} and set(out["legend"]) == {"on target"}
    assert out["column"] == f"{what} at range 2: no scatter below range 3"
    assert out["summary"] == "100% to land on 1911"


@rule("gondor", "[16.63]")
@pytest.mark.parametrize("kind, what", [("fireball", "a Fireball"), ("head", "a Severed Head")])
def test_16_63_the_preview_at_three_hexes_is_on_target_on_one_to_three(kind, what):
    pos, c = catapult("1913")
    g = pos.game()
    assert hx.distance("1913", "1910") == 3                     # the boundary: scatter from range 3
    out = g.preview({"type": kind, "unit": c, "to": "1910"})
    assert out["odds"] == {"on target": 0.5, "scatters": 0.5}
    assert out["column"] == f"{what} at range 3: on target on a die roll of 1-3"
    assert out["summary"] == "50% to land on 1910"
    assert "[16.63]" in out["legend"]["scatters"]


# ----- [16.63] [16.64] the scatter roll's words: the hex it lands in, or nothing off the map -------
def hurl_log(g):
    return [e["text"] for e in g.log if e.get("rule") == "[16.63]"]


@rule("gondor", "[16.63]")
def test_16_63_the_log_names_the_hex_a_scattered_fireball_lands_in():
    pos, c = catapult("2909")
    g = pos.game()
    rig(g, 4, 4)                                     # the rules' example: 2906 scatters to 2907
    play(g, {"type": "fireball", "unit": c, "to": "2906"})
    assert hurl_log(g) == ["a Fireball at range 3: rolled 4, scatters; direction 4: lands in 2907"]


@rule("gondor", "[16.63]")
def test_16_63_a_head_scattered_off_the_map_lands_nowhere_and_the_log_says_so():
    pos, c = catapult("0206")
    g = pos.game()
    assert hx.distance("0206", "0104") == 3 and hx.neighbour("0104", 5) not in g.hexmap
    rig(g, 6, 5)                                     # scatters, direction 5: off the map's edge
    play(g, {"type": "head", "unit": c, "to": "0104"})
    assert hurl_log(g) == ["a Severed Head at range 3: rolled 6, scatters; direction 5: lands in nothing (off the map)"]
    assert not g.siege.heads


# ----- [16.74] a pour refused while the oil question is open says why; other answers say theirs ---
def oil_asked(carry="real"):
    pos = gpos(phase="C")
    w = pos.place("gondor_spearmen", "1910", oil=carry)        # on the Outer Wall, level 1
    o = pos.place("orc_infantry", "2012")
    far = pos.place("orc_infantry", "2215")                     # not below the carrier
    other = pos.place("gondor_spearmen", "1706")                # a unit that was not asked
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2010"})          # beneath the wall
    assert g.to_act == WEST and g.pending[0]["kind"] == "oil" and g.pending[0]["unit"] == w
    return g, w, o, far, other


@rule("gondor", "[16.74]")
def test_16_74_pouring_on_a_unit_not_below_the_carrier_is_refused_with_the_reason():
    g, w, o, far, _ = oil_asked()
    err = illegal(g, {"type": "pour", "unit": w, "target": far}, "[16.74]")
    assert err.why.startswith(f"{g.label(g.units[w])} cannot pour on {far!r}: boiling oil is poured from a real Oil")
    assert "adjacent to and below its carrier" in err.why


@rule("gondor", "[16.74]", "[16.71]")
def test_16_74_pouring_dummy_oil_is_refused_by_the_same_words_as_real_oil_on_a_wrong_target():
    g, w, o, _, _ = oil_asked("dummy")
    err = illegal(g, {"type": "pour", "unit": w, "target": o}, "[16.74]")
    assert f"cannot pour on {o!r}" in err.why and "from a real Oil counter" in err.why


@rule("gondor", "[16.74]")
def test_16_74_other_answers_to_the_oil_question_are_not_told_about_pouring():
    g, w, o, _, other = oil_asked()
    err = illegal(g, {"type": "move", "unit": w, "to": "1909"}, "[16.74]")   # the asked unit, not a pour
    assert "cannot pour" not in err.why and "must first answer" in err.why
    err = illegal(g, {"type": "pour", "unit": other, "target": o}, "[16.74]")  # a unit not asked
    assert "cannot pour" not in err.why and "must first answer" in err.why


@rule("gondor", "[16.74]", "[13.0]")
def test_16_74_a_pour_sent_to_a_set_up_question_is_no_oil_refusal():
    g = ringwar.new_game("gondor")
    (first,) = [a for a in g.legal_actions() if a == {"type": "select", "unit": "catapult1"}]
    play(g, first)
    assert g.pending[0]["kind"] == "deploy" and g.pending[0]["unit"] == "catapult1"
    err = illegal(g, {"type": "pour", "unit": "catapult1", "target": "gondor_spearmen1"}, "[13.0]")
    assert "cannot pour" not in err.why


# ===== whole-system estimate survivors (issue 17, round 4, --sample-mutants 50 --seed 1) ================
ROHAN = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)] + [f"horse_archers{i}" for i in range(1, 8)]


def relief_formations(leaders=("theoden",), place=(), demoralized=None):
    """Rohan has come and waits off the map (Game-Turn 6, the West's Movement Phase) with
    ``leaders``; ``place``: (piece, hex) put on the map; the arrivals in formation offered."""
    pos = gpos(turn=6, phase="F")
    pos.place("gondor_spearmen", "1706")
    for piece, h in place:
        pos.place(piece, h)
    pos.extra(siege={"rohan": True}, available=[*ROHAN, *leaders])
    if demoralized:
        pos.demoralized(**demoralized)
    g = pos.game()
    assert g.phase == "F" and g.step_side == WEST
    return g, [a for a in g.legal_actions() if a["type"] == "arrive_formed"]


@rule("gondor", "[14.2]")
@rule("standard", "[8.43]")
def test_14_2_the_relief_forms_only_with_a_leader_of_its_own_nation():
    _, with_theoden = relief_formations(("theoden",))
    assert with_theoden and {a["leader"] for a in with_theoden} == {"theoden"}
    _, with_aragorn = relief_formations(("aragorn",))          # a leader of Men waiting with them
    assert with_aragorn == []


@rule("gondor", "[14.2]")
def test_14_2_no_arrival_in_formation_into_a_hex_an_enemy_leader_holds():
    # a Sauron leader alone at an entry hex: no stacking unit there and no ZOC (leaders exert
    # none [8.22]), but the hex is the enemy's
    _, free = relief_formations()
    entry = sorted({a["to"] for a in free})[0]
    _, held = relief_formations(place=[("gothmog", entry), ("orc_infantry", "2020")])
    assert entry not in {a["to"] for a in held}
    assert {a["to"] for a in held} == {a["to"] for a in free} - {entry}


@rule("gondor", "[14.2]", "[14.31]")
def test_14_2_no_wedge_arrives_beside_a_mumak_even_outside_its_zoc():
    # the Sauron army demoralized: its units exert no ZOC [6.14], so only [14.31] keeps Rohan's
    # cavalry from entering next to the Mumak
    _, free = relief_formations(demoralized={"sauron": True}, place=[("orc_infantry", "2020")])
    entry = sorted({a["to"] for a in free})[0]
    g, near = relief_formations(demoralized={"sauron": True}, place=[("mumak", entry), ("orc_infantry", "2020")])
    mumak_hex = entry
    beside = set(g.hexmap.adjacent(mumak_hex))
    offered = {a["to"] for a in near}
    assert offered and not offered & beside and mumak_hex not in offered
    assert {a["to"] for a in free} - beside - {mumak_hex} == offered


@rule("gondor", "[18.13]")
def test_18_13_a_banner_move_refused_says_why_in_and_out_of_the_movement_phase():
    pos = banner_position_for_refusal(phase="C")
    g = pos.game()
    assert g.phase == "C"
    err = illegal(g, {"type": "move_banner", "to": "0818"}, "[18.13]")
    assert "moves in the Westernesse Movement Phase" in err.why
    g = banner_position_for_refusal(phase="F").game()
    assert g.phase == "F"
    err = illegal(g, {"type": "move_banner", "to": "1706"}, "[18.13]")       # Gandalf: too far
    assert "must end its move stacked with a Westernesse leader" in err.why


def banner_position_for_refusal(phase):
    pos = gpos(turn=11, phase=phase)
    pos.place("men_spearmen", "0815")
    pos.place("aragorn", "0815")
    pos.place("gondor_spearmen", "0818")
    pos.place("imrahil", "0818")
    pos.place("gondor_spearmen", "1706")
    pos.place("gandalf", "1706")
    pos.place("orc_infantry", "2020")
    pos.extra(siege={"banner": {"with": "aragorn", "until": 13}})
    return pos
