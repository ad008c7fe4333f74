"""Close combat [MT §7.5] with the tables of [MT §8], Mumakil [MT §7.9], disorganization and
recovery [MT §7.10].

Each test builds two small units face to face in open field, forces every die and checks the
CF, the results modifiers or the outcome the rules give.  The fronts meet at x = 101 + gap."""

from __future__ import annotations

import re

import pytest

from .builder import Table, events, rule

MISS = (20, 20)          # a d20 that kills nobody (every threshold here is below 20)


def duel(attacker: str, defender: str, gap: float = 4.0, card: str | None = None, *,
         a_kw: dict | None = None, d_kw: dict | None = None, side: str = "west",
         x: float = 101.0) -> Table:
    t = Table()
    t.clear()
    if card is None:
        klass = t.g.klass(t.g.units[attacker])
        card = "cavalry_move" if klass == "cavalry" else "infantry_move"
    t.round(side, card=card, pips=10)
    t.front_at(attacker, x, 60, 0, **(a_kw or {}))
    t.front_at(defender, x + gap, 60, 180, **(d_kw or {}))
    return t


def charge(t: Table, a: str, d: str, *dice, then_random: bool = False) -> list[dict]:
    t.force(*dice, then_random=then_random)
    return t.act(a, {"type": "charge", "unit": a, "target": d})


def cf_of(ev: list[dict]) -> tuple[int, int, int, int]:
    """(figures, CF) of the attacker and of the defender from the combat event."""
    text = events(ev, "combat")[0]["text"]
    nums = re.findall(r"\((\d+) figures at CF (-?\d+)", text)
    (fa, ca), (fd, cd) = nums
    return int(fa), int(ca), int(fd), int(cd)


FOUR = {"figures": 4, "files": 4}


# ----- §7.5.1 when combat happens ----------------------------------------------------------------

@rule("§7.5.1", "§8.2", "§8.3")
def test_7_5_1_a_charge_into_contact_is_shock_with_the_shock_matrix_and_modifiers():
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    ev = charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 1), (6, 1), (8, 1), (8, 1))
    assert cf_of(ev) == (4, 5 + 1 + 1 + 1, 4, 3)       # HI v MI 5, spears, charging, v standing


@rule("§7.5.1", "§8.4")
def test_7_5_1_a_move_into_contact_is_one_melee_round_at_once():
    t = duel("G3", "M3", gap=4, a_kw=FOUR, d_kw=FOUR)
    t.force(*[MISS] * 8, (6, 1), (6, 1), (8, 1), (8, 1))
    ev = t.act("G3", {"type": "move", "unit": "G3", "path": "m0:4"})
    text = events(ev, "combat")[0]["text"]
    assert text.startswith("Melee") and cf_of(ev) == (4, 5, 4, 3)   # no spear or charge bonus


@rule("§7.5.1", "§5.1")
def test_7_5_1_continuing_melee_costs_1_per_attacking_unit_on_close_combat_resolution():
    t = duel("G3", "M3", gap=0, card="close_combat", a_kw=FOUR, d_kw=FOUR)
    t.select("G3")
    assert {"type": "melee", "unit": "G3", "target": "M3"} in t.menu()
    t.force(*[MISS] * 8, (6, 1), (6, 1), (8, 1), (8, 1))
    ev = t.apply({"type": "melee", "unit": "G3", "target": "M3"})
    assert events(ev, "combat")[0]["text"].startswith("Melee") and t.g.pips == 9
    assert {"type": "select", "actor": "G3"} not in t.menu()       # once per card


@rule("§7.5.1")
def test_7_5_1_no_melee_continuation_on_another_card():
    t = duel("G3", "M3", gap=0, card="reload", a_kw=FOUR, d_kw=FOUR)
    assert {"type": "select", "actor": "G3"} not in t.menu()


# ----- §7.5.3 engagement --------------------------------------------------------------------------

@rule("§7.5.3")
def test_7_5_3_engaged_figures_the_shorter_edge_plus_4_inches_each_way_two_ranks():
    # a 4-file attacker against a 20-file line: its files at +-0.5 .. +-9.5; the band is
    # +-(1.5 + 4) = 5.5, inclusive: 6 files each side of the centre
    t = duel("G3", "M1", gap=0, a_kw=FOUR, d_kw={"files": 20})
    g = t.g
    assert g.engaged_figures(g.units["G3"], g.units["M1"], None) == (4, 12)
    t = duel("G3", "M1", gap=0, a_kw=FOUR, d_kw={"files": 10})
    assert g.engaged_figures(t.g.units["G3"], t.g.units["M1"], None) == (4, 20)
    t = duel("G3", "M1", gap=0, a_kw=FOUR, d_kw={"files": 5})      # 4 ranks: only 2 fight
    assert t.g.engaged_figures(t.g.units["G3"], t.g.units["M1"], None) == (4, 10)


@rule("§7.5.3", "§7.6")
def test_7_5_3_caps_limit_the_engaged_figures():
    t = duel("G3", "M1", gap=0, a_kw={"files": 6}, d_kw={"files": 10})
    g = t.g
    assert g.engaged_figures(g.units["G3"], g.units["M1"], 8) == (8, 8)


# ----- §7.5.4 casualties -------------------------------------------------------------------------

@rule("§7.5.4", "§8.1", "§2.3")
def test_7_5_4_each_success_kills_one_figure_off_the_rear_rank_front_stays():
    # G3 CF 8 kills on d20 <= 6: two dice of 6 kill, 7s do not
    t = duel("G3", "M3", a_kw=FOUR, d_kw={"figures": 8, "files": 4})
    front = t.g.front_centre(t.g.units["M3"])
    ev = charge(t, "G3", "M3", (6, 4), (20, 6), (20, 6), (20, 7), (20, 7), *[MISS] * 8,
                (6, 1), (6, 6), (8, 1), (8, 1))
    m3 = t.g.units["M3"]
    assert m3.figures == 6 and m3.ranks == 2 and m3.lost == 2
    assert "kills 2" in events(ev, "combat")[0]["text"]
    t2 = duel("G3", "M3", a_kw=FOUR, d_kw={"figures": 8, "files": 4})
    charge(t2, "G3", "M3", (6, 4), *[(20, 6)] * 4, *[MISS] * 8, (6, 1), (6, 6), (8, 1), (8, 1))
    m3 = t2.g.units["M3"]
    assert m3.figures == 4 and m3.ranks == 1
    # the front rank did not move back (the loss came off the rear); then it was pushed 1"
    assert t2.g.front_centre(m3).x == pytest.approx(front.x + 1, abs=0.01)


@rule("§7.5.4", "§8.3")
def test_8_3_shock_rank_bonus_plus_2_per_rank_over_two_max_4():
    for files, bonus in ((6, 0), (4, 2), (3, 4), (2, 4)):
        t = duel("G3", "M3", a_kw={"files": files}, d_kw=FOUR)
        ev = charge(t, "G3", "M3", (6, 4), then_random=True)
        assert cf_of(ev)[1] == 8 + bonus, files


@rule("§8.3", "§7.5.4")
def test_8_3_lances_only_when_charging():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), then_random=True)
    assert cf_of(ev)[1] == 9 + 2 + 1 + 1          # HC v MI 9, lance, charging, v standing
    t = duel("G8", "M3", gap=0, card="close_combat", a_kw={"files": 4}, d_kw=FOUR)
    t.force(then_random=True)
    ev = t.act("G8", {"type": "melee", "unit": "G8", "target": "M3"})
    assert cf_of(ev)[1] == 7                      # melee HC v MI 7: no lance


@rule("§8.3", "§7.10")
def test_8_3_disorganized_minus_1_cf():
    t = duel("G3", "M3", gap=0, card="close_combat", a_kw=FOUR, d_kw=FOUR)
    t.g.units["M3"].organized = False
    t.force(then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert cf_of(ev) == (4, 5, 4, 3 - 1)


@rule("§8.3")
def test_8_3_missile_infantry_that_fired_this_round_minus_2_point_blank_minus_3():
    for pb, cf in ((False, 4 - 2), (True, 4 - 3)):
        t = Table()
        t.clear()
        t.round("dark-lord", card="infantry_move", pips=10)
        t.front_at("M3", 101, 60, 0, **FOUR)
        t.front_at("G4", 105, 60, 180, **FOUR)
        t.g.units["G4"].fired_round = t.g.round
        if pb:
            t.g.units["G4"].fired_pb_round = t.g.round
        ev = charge(t, "M3", "G4", (6, 4), then_random=True)
        assert cf_of(ev)[3] == cf                 # MI v MI 4, fired this Round (point blank)


# ----- §8.6 / §7.5.5 results ------------------------------------------------------------------------

def results(ev: list[dict]) -> str:
    return events(ev, "results")[0]["text"]


@rule("§8.6", "§7.5.5")
def test_8_6_results_charging_infantry_heavy_spears():
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    ev = charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 1), (6, 1), (8, 1), (8, 1))
    assert "= 4;" in results(ev) and results(ev).endswith("= 1")


@rule("§8.6", "§7.5.5")
def test_8_6_results_charging_heavy_cavalry_with_lances():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 1), (8, 1), (8, 1))
    assert "= 6;" in results(ev)                  # 1 + 2 + 1 + 1 heavy + 1 lance


@rule("§8.6")
def test_8_6_results_more_casualties_plus_3_and_shield_wall_plus_3():
    t = duel("M3", "G3", side="dark-lord", a_kw=FOUR, d_kw={"figures": 8, "files": 4,
                                                              "formation": "shield_wall"})
    # M3 (MI v HI 3: d20 <= 2) kills one; G3 kills none
    ev = charge(t, "M3", "G3", (6, 4), (20, 2), MISS, MISS, MISS, *[MISS] * 8,
                (6, 1), (6, 1), (8, 1), (8, 1))
    r = results(ev)
    assert "+3 caused more casualties" in r and "+3 shield wall" in r


@rule("§8.6")
def test_8_6_results_rank_bonus_full_ranks_only_max_5():
    t = duel("M3", "G3", side="dark-lord", a_kw={"figures": 17, "files": 4}, d_kw=FOUR)
    quiet = [(6, 4), *[MISS] * 12, (6, 1), (6, 1), (8, 1), (8, 1)]
    ev = charge(t, "M3", "G3", *quiet)
    assert "+4 ranks" in results(ev)              # 4 full ranks (17 // 4): +2 x 2
    t = duel("M3", "G3", side="dark-lord", a_kw={"figures": 20, "files": 4}, d_kw=FOUR)
    ev = charge(t, "M3", "G3", *quiet)
    assert "+5 ranks" in results(ev)              # 5 ranks: +6, capped at +5


@rule("§8.6", "§7.10")
def test_8_6_results_disordered_minus_2_and_attached_commander_cl():
    t = duel("G3", "M3", gap=0, card="close_combat", a_kw=FOUR, d_kw=FOUR)
    t.g.units["M3"].organized = False
    t.leader("hurin", attached_to="G3")
    t.force(then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    r = results(ev)
    assert "+2 attached commander" in r and "-2 disorganized" in r


# ----- §7.5.6 outcomes ----------------------------------------------------------------------------

@rule("§7.5.6", "§7.5.7")
@pytest.mark.parametrize("ra, penetrated", [(3, False), (4, True)])
def test_7_5_6_infantry_v_infantry_penetrated_at_6(ra, penetrated):
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    ev = charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, ra), (6, 1), (8, 1), (8, 1))
    D = ra + 3 - 1
    m3 = t.g.units["M3"]
    assert m3.x == pytest.approx(105 + 0.5 + D, abs=0.01)      # pushed back D straight
    assert bool(events(ev, "penetrated")) == penetrated
    assert (not m3.organized) == penetrated                     # the d8 of 1 holds otherwise
    if penetrated:
        assert m3.gap == pytest.approx(2.0)                     # half the winner's 4 files


@rule("§7.5.6")
@pytest.mark.parametrize("rd, penetrated", [(2, False), (1, True)])
def test_7_5_6_cavalry_charging_infantry_penetrates_at_5(rd, penetrated):
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    dice = [(6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, rd)]
    if not penetrated:
        dice.append((6, 2))                       # even: the cavalry stays in the melee
    ev = charge(t, "G8", "M3", *dice, (8, 1), (8, 1))
    assert bool(events(ev, "penetrated")) == penetrated
    g8 = t.g.units["G8"]
    assert g8.organized == penetrated             # a failure to break in disorganizes it


@rule("§7.5.6")
def test_7_5_6_cavalry_that_fails_to_penetrate_odd_d6_retreats_a_full_move():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    x0 = t.g.units["G8"].x
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 2), (6, 3), (8, 1), (8, 1))
    g8 = t.g.units["G8"]
    assert events(ev, "retreat") and not g8.organized
    assert g8.x < x0 and g8.heading == pytest.approx(0, abs=1)   # facing the enemy


@rule("§7.5.6")
def test_7_5_6_cavalry_with_an_attached_commander_that_fails_to_penetrate_stays():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    t.leader("forlong", attached_to="G8")
    # forlong's CL 1 adds to the results roll: 1 + 6 = 7 against 2: D = 5 penetrates, so
    # make the infantry roll 3: D = 4
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 3), (8, 1), (8, 1))
    assert not events(ev, "retreat") and not t.g.units["G8"].organized
    assert t.g.phase == "rally back"               # the owner's choice (test_combat_choices)


@rule("§7.5.6", "§7.10")
def test_7_5_6_infantry_beats_charging_cavalry_which_retreats_and_tests_d8():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    x0 = t.g.units["G8"].x
    # M3 kills one figure (MI v HC: d20 <= 1) and wins 6 + 3 against 1 + 5
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 8, (20, 1), MISS, MISS, MISS,
                (6, 1), (6, 6), (8, 5), (8, 1), (8, 1))
    g8 = t.g.units["G8"]
    assert events(ev, "retreat") and g8.x < x0 - 10
    assert "d8 5 against 4: disordered" in "\n".join(e["text"] for e in ev)
    assert not g8.organized


@rule("§7.5.6")
def test_7_5_6_beaten_cavalry_test_adds_the_attached_cl():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    t.leader("forlong", attached_to="G8")
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 8, (20, 1), MISS, MISS, MISS,
                (6, 1), (6, 6), (8, 5), (8, 1), (8, 1))
    assert "d8 5 against 5: holds" in "\n".join(e["text"] for e in ev)


@rule("§7.5.6")
def test_7_5_6_standing_cavalry_charged_is_disorganized_first_and_penetrated_at_5():
    t = duel("M3", "G8", side="dark-lord", a_kw=FOUR, d_kw={"files": 4})
    ev = charge(t, "M3", "G8", (6, 4), *[MISS] * 4, *[MISS] * 8, (6, 6), (6, 1), (8, 1), (8, 1))
    assert events(ev, "disorganized")[0]["text"].endswith("(R-91)")
    _, _, _, cfd = cf_of(ev)
    assert cfd == 9 - 1                              # HC v MI 9, -1 disorganized
    # M3: 6 + 1 charging = 7; G8: 1 + 1 heavy - 2 disordered = 0: D = 7 >= 5
    assert events(ev, "penetrated")


@rule("§7.5.6")
def test_7_5_6_equal_totals_no_movement_and_charging_cavalry_disorganized():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    m3x = t.g.units["M3"].x
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 6), (8, 1), (8, 1))
    # 1 + 5 = 6 against 6
    assert not events(ev, "push") and t.g.units["M3"].x == m3x
    assert not t.g.units["G8"].organized


@rule("§7.5.7")
def test_7_5_7_push_back_stopped_by_a_unit_disorganizes():
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    t.unit("M9", 108.5, 60, 180, figures=4, files=4)    # 2" behind M3's rear edge
    ev = charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 3), (6, 1), (8, 1), (8, 1))
    m3 = t.g.units["M3"]
    assert "stops against an obstacle" in events(ev, "push")[0]["text"]
    assert not m3.organized


@rule("§7.5.8")
def test_7_5_8_breakthrough_immunity_no_flank_or_rear():
    t = duel("G3", "M3", gap=0, card="close_combat", a_kw=FOUR, d_kw=FOUR)
    g = t.g
    m3 = g.units["M3"]
    m3.no_flank_until = g.round
    t.unit("G3", 101.5, 62.5, 270, **FOUR)           # north of M3, touching its flank
    t.force(then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert "flank" not in events(ev, "combat")[0]["text"]


# ----- §7.5.10 / §7.10 disorganization ---------------------------------------------------------------

@rule("§7.5.10", "§7.10")
@pytest.mark.parametrize("d8, bad", [(2, False), (3, True)])
def test_7_10_after_combat_d8_plus_1_lost_against_morale(d8, bad):
    # M3 morale 3 loses (D = 2: no penetration): d8 + 1 > 3
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 1), (6, 2))
    assert t.g.phase == "follow-up"                # the tests wait for the winner's choice
    t.force((8, 1), (8, d8))
    t.apply({"type": "stand", "unit": "G3"})
    assert t.g.units["M3"].organized == (not bad)


@rule("§7.5.10", "§7.10")
def test_7_10_after_combat_best_cl_in_span_is_subtracted():
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    t.leader("orc-captain-1", 115, 60)        # CL 1, span 8: covers M3
    t.leader("orc-captain-2", 115, 61)        # the same CL: only the best counts once
    charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 1), (6, 2))
    t.force((8, 1), (8, 3))
    ev = t.apply({"type": "stand", "unit": "G3"})
    assert t.g.units["M3"].organized               # 3 + 1 - 1 = 3, not above 3
    assert "-1 leader (R-124) = 3" in events(ev, "test")[1]["text"]


@rule("§7.10", "§7.9")
def test_7_10_after_combat_with_a_mumak_infantry_test_on_d10():
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    t.front_at("H7", 101, 60, 0, figures=1, files=1)
    t.front_at("G3", 101, 60, 180, **FOUR)
    t.force(then_random=True)
    g = t.g
    ev = g.combat_disorder_test(g.units["G3"], False, False, g.units["H7"])
    assert "d10" in ev[0]["text"]
    ev = g.combat_disorder_test(g.units["H7"], False, False, g.units["G3"])
    assert "d8" in ev[0]["text"]                   # a Mumak tests on d8
    t.unit("G8", 120, 80, 0)
    ev = g.combat_disorder_test(g.units["G8"], False, False, g.units["H7"])
    assert "d20" in ev[0]["text"]


@rule("§7.10")
def test_7_10_demoralized_army_tests_at_morale_minus_1():
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    g = t.g
    assert g.morale_of(g.units["M3"]) == 3
    g.demoralization["dark-lord"] = 157
    assert g.morale_of(g.units["M3"]) == 2
    g.demoralization["dark-lord"] = 156
    assert g.morale_of(g.units["M3"]) == 3


# ----- §7.9 Mumakil ---------------------------------------------------------------------------------------

@rule("§7.9", "§7.5.6")
def test_7_9_a_losing_mumak_stampedes_3d6_on_a_random_bearing():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.front_at("G3", 101, 60, 0, **FOUR)
    t.front_at("H7", 105, 60, 180, figures=1, files=1)
    # G3 CF v MAC -1 +1 spear +1 +1 = 2 (d20 <= 2); the Mumak CF 9 (d20 <= 7)
    ev = charge(t, "G3", "H7", (6, 4), *[MISS] * 4, MISS, (6, 6), (6, 1), (6, 1), (6, 2), (6, 3),
                (3600, 901), (10, 1), (8, 1))
    st = events(ev, "stampede")
    assert st and "6″" in st[0]["text"] and "90°" in st[0]["text"]
    h7 = t.g.units["H7"]
    assert not h7.organized and not events(ev, "push")


@rule("§7.9", "§9.3")
def test_7_9_elephant_archers_die_with_their_elephant_and_count_for_demoralization():
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=5)
    g = t.g
    h7 = t.unit("H7", 100, 30, 90)
    assert h7.archers == 3
    g.remove_figures(h7, 1)
    assert h7.figures == 2 and h7.archers == 2
    assert g.demoralization_points()["dark-lord"] == 5 + 1
    g.remove_figures(h7, 2)
    assert h7.archers == 0 and g.demoralization_points()["dark-lord"] == 15 + 3
