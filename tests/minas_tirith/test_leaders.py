"""Commanders, spells, overrun, risk and recovery [MT §2.7] [MT §7.10]-[MT §7.14]."""

from __future__ import annotations

import pytest

import ringwar

from .builder import Table, events, rule


def board(side: str = "west", card: str = "recovery") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    return t


# ----- §2.7 command span ---------------------------------------------------------------------

@rule("§2.7", "§7.10")
@pytest.mark.parametrize("dx, covered", [(10.0, True), (10.05, False)])
def test_2_7_span_reaches_the_nearest_point_of_the_footprint(dx, covered):
    t = board()
    t.unit("G3", 100, 60, 0)                      # footprint x 99-101
    t.leader("hurin", 101 + dx, 60)               # CS 10
    assert (t.g.best_cl(t.g.units["G3"]) == 2) == covered


@rule("§2.7")
def test_2_7_an_attached_commander_covers_only_his_own_unit():
    t = board()
    t.unit("G3", 100, 60, 0)
    t.unit("G7", 100, 66, 0)
    t.leader("hurin", attached_to="G3")
    g = t.g
    assert g.best_cl(g.units["G3"]) == 2 and g.best_cl(g.units["G7"]) is None


@rule("§2.7")
def test_2_7_contingent_command_gandalf_commands_anyone_of_the_west():
    t = board()
    t.unit("R2", 100, 60, 0)
    t.leader("hurin", 100, 64)
    assert t.g.best_cl(t.g.units["R2"]) is None    # a Gondor captain does not command Rohan
    t.leader("gandalf", 100, 64)
    assert t.g.best_cl(t.g.units["R2"]) == 3


# ----- §7.10 recovery ------------------------------------------------------------------------

@rule("§7.10", "§5.1")
@pytest.mark.parametrize("d10, ok", [(6, True), (7, False)])
def test_7_10_recovery_d10_minus_best_cl_at_most_morale(d10, ok):
    t = board()
    t.unit("G3", 100, 60, 0, organized=False)     # morale 4
    t.leader("hurin", 100, 65)                    # CL 2
    t.leader("forlong", 100, 64)                  # CL 1: only the best counts
    t.force((10, d10))
    t.act("G3", {"type": "recover", "unit": "G3"})
    assert t.g.units["G3"].organized == ok and t.g.pips == 9


@rule("§7.10")
def test_7_10_recovery_needs_a_leader_in_span():
    t = board()
    t.unit("G3", 100, 60, 0, organized=False)
    assert t.g.recover_menu(t.g.units["G3"]) == []
    t.leader("hurin", 100, 80)
    assert t.g.recover_menu(t.g.units["G3"]) == []
    t.leader("hurin", 100, 70)
    assert t.g.recover_menu(t.g.units["G3"]) != []


@rule("§7.10", "§7.5.7")
def test_7_10_recovery_closes_a_penetration_gap():
    t = board()
    u = t.unit("G3", 100, 60, 0, organized=False)
    u.gap = 3.0
    t.leader("hurin", 100, 65)
    t.force((10, 1))
    t.act("G3", {"type": "recover", "unit": "G3"})
    assert u.organized and u.gap == 0


@rule("§7.11")
def test_7_11_a_commander_rallies_with_his_own_cl_on_a_leader_card():
    t = board(card="leader")
    t.unit("G3", 100, 60, 0, organized=False)
    t.leader("forlong", 100, 65)                  # CL 1; 7 - 1 = 6 > 4
    t.force((10, 5))
    t.act("forlong", {"type": "rally", "leader": "forlong", "unit": "G3"})
    assert t.g.units["G3"].organized
    assert {"type": "select", "actor": "forlong"} not in t.menu() or \
        not [a for a in t.g.leader_menu(t.g.leaders["forlong"]) if a["type"] == "rally"]


@rule("§7.11")
def test_7_11_a_leader_moves_up_to_his_allowance_and_not_through_walls():
    t = board(card="leader")
    t.leader("hurin", 100, 60)                    # foot, 12"
    t.select("hurin")
    t.refused({"type": "lead_move", "leader": "hurin", "x": 112.01, "y": 60}, "[MT §7.11]")
    t.apply({"type": "lead_move", "leader": "hurin", "x": 112.0, "y": 60})
    assert t.g.leaders["hurin"].x == 112
    t = board(card="leader")
    t.leader("hurin", 38, 60)                     # in L1-N, the wall at r 40-42 east of him
    t.select("hurin")
    err = t.refused({"type": "lead_move", "leader": "hurin", "x": 46, "y": 60}, "[MT §7.11]")
    assert "wall" in err.why


# ----- §7.14 overrun and risk --------------------------------------------------------------------

@rule("§7.14")
@pytest.mark.parametrize("d8, escapes", [(4, True), (5, False)])
def test_7_14_an_overrun_leader_escapes_on_d8_at_most_cf_plus_2(d8, escapes):
    t = board(side="dark-lord", card="infantry_move")
    t.front_at("M3", 101, 60, 0, figures=4, files=4)
    t.leader("hirluin", 103, 60)                  # CF 2
    t.unit("G3", 110, 60, 0)                      # his friend within his 12"
    t.force((8, d8))
    t.act("M3", {"type": "move", "unit": "M3", "path": "m0:1.6"})
    ld = t.g.leaders["hirluin"]
    assert ld.alive == escapes
    if escapes:
        assert ld.attached_to == "G3"
    else:
        assert "hirluin" in t.g.killed_leaders


@rule("§7.14")
def test_7_14_a_horse_nazgul_overrun_always_escapes_and_returns_after_a_leader_check():
    t = board(side="west", card="infantry_move")
    t.front_at("G3", 101, 60, 0, figures=4, files=4)
    t.leader("witch-king", 103, 60, mount="horse")
    t.unit("M3", 120, 60, 0)
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:1.6"})
    wk = t.g.leaders["witch-king"]
    assert wk.alive and wk.away_until_check and not wk.present
    t.round("dark-lord", card="reload", pips=5, deck=["leader_check"])
    t.apply({"type": "turn_card"})
    assert wk.present


@rule("§7.14", "§5.1")
@pytest.mark.parametrize("mine, theirs, fate", [(1, 6, "killed"), (3, 6, "out"), (4, 6, "fine")])
def test_7_14_leader_check_risk_d6_plus_cf_against_d6(mine, theirs, fate):
    # Hurin CF 3 attached to G3, which lost figures this Round
    t = board(card="reload")
    t.round("west", card="reload", pips=5, deck=["leader_check"])
    u = t.unit("G3", 100, 60, 0)
    u.lost_round = t.g.round
    t.leader("hurin", attached_to="G3")
    t.force((6, mine), (6, theirs))
    t.apply({"type": "turn_card"})
    ld = t.g.leaders["hurin"]
    assert (not ld.alive) == (fate == "killed") and ld.out_of_action == (fate == "out")


@rule("§7.14")
def test_7_14_no_risk_without_losses_this_round_and_gandalf_is_immune():
    t = board(card="reload")
    t.round("west", card="reload", pips=5, deck=["leader_check"])
    u = t.unit("G3", 100, 60, 0)
    u.lost_round = t.g.round - 1
    t.leader("hurin", attached_to="G3")
    v = t.unit("G7", 100, 70, 0)
    v.lost_round = t.g.round
    t.leader("gandalf", attached_to="G7")
    d = t.force()
    t.apply({"type": "turn_card"})
    d.done()                                       # no die thrown
    assert t.g.leaders["hurin"].alive and t.g.leaders["gandalf"].alive


@rule("§7.14", "§6.4", "§5.3")
def test_7_14_the_lord_of_the_nazgul_killed_minus_1_impetus_and_deck_change():
    t = board()
    t.force()
    t.g.kill_leader(t.g.leaders["witch-king"])
    assert t.g.wk_dead and t.g.impetus_mod("dark-lord")[0] == 0   # +1 Darkness -1


@rule("§7.14")
def test_7_14_a_leader_whose_unit_is_destroyed_is_overrun():
    t = board(card="reload")
    u = t.unit("G3", 100, 60, 0, figures=1, files=1)
    t.leader("hirluin", attached_to="G3")
    t.force((8, 8))
    ev = t.g.remove_figures(u, 1) and t.g.check_destroyed(u)
    assert not t.g.leaders["hirluin"].alive and events(ev, "leader_killed")


# ----- §7.12 spells -------------------------------------------------------------------------------

@rule("§7.12")
@pytest.mark.parametrize("d6, bad", [(2, False), (3, True)])
def test_7_12_demoralization_d6_plus_2_above_morale(d6, bad):
    t = board(side="dark-lord", card="leader")
    t.unit("G3", 100, 60, 0)                      # morale 4
    t.leader("witch-king", 100, 70, mount="fell_beast")
    sp = t.g.spell_points["dark-lord"]
    t.force((6, d6))
    t.act("witch-king", {"type": "spell", "leader": "witch-king", "spell": "demoralization",
                         "points": 2, "target": "G3"})
    assert t.g.units["G3"].organized == (not bad)
    assert t.g.spell_points["dark-lord"] == sp - 2 and t.g.pips == 9


@rule("§7.12")
def test_7_12_demoralization_only_d6_when_gandalf_spans_the_unit():
    t = board(side="dark-lord", card="leader")
    t.unit("G12", 100, 60, 0)
    t.leader("gandalf", 100, 50)
    t.leader("witch-king", 100, 70, mount="fell_beast")
    t.force((6, 2))
    t.act("witch-king", {"type": "spell", "leader": "witch-king", "spell": "demoralization",
                         "points": 2, "target": "G12"})
    assert t.g.units["G12"].organized              # 2 against morale 2


@rule("§7.12")
def test_7_12_demoralization_range_and_mount():
    t = board(side="dark-lord", card="leader")
    t.unit("G12", 100, 60, 0)                     # footprint y 59-61 (6 files x 2 ranks: 57-63)
    g = t.g
    t.leader("witch-king", 100, 73.05, mount="fell_beast")      # 10.05" from y 63
    assert not [a for a in g.spell_menu(g.leaders["witch-king"]) if a["spell"] == "demoralization"]
    t.leader("witch-king", 100, 73.0, mount="fell_beast")
    assert [a for a in g.spell_menu(g.leaders["witch-king"]) if a["spell"] == "demoralization"]
    t.leader("witch-king", 100, 73.0, mount="horse")
    assert not [a for a in g.spell_menu(g.leaders["witch-king"]) if a["spell"] == "demoralization"]
    t.leader("nazgul-1", 100, 64.05, mount="fell_beast")        # lesser: 1"
    assert not [a for a in g.spell_menu(g.leaders["nazgul-1"]) if a["spell"] == "demoralization"]


@rule("§7.12", "§7.7")
def test_7_12_activate_grond_within_10_inches_sets_the_bonus_for_this_turn():
    t = board(side="dark-lord", card="leader")
    t.engine("E-D10", 100, 60, 180)               # 3 x 10: x 95-105, y 58.5-61.5
    t.leader("witch-king", 100, 71.5)
    t.act("witch-king", {"type": "spell", "leader": "witch-king", "spell": "activate_grond",
                         "points": 2})
    assert t.g.grond_bonus_turn == t.g.turn_no
    t = board(side="dark-lord", card="leader")
    t.engine("E-D10", 100, 60, 180)
    t.leader("witch-king", 100, 71.6)
    assert not [a for a in t.g.spell_menu(t.g.leaders["witch-king"]) if a["spell"] == "activate_grond"]


@rule("§7.12")
def test_7_12_one_cast_of_each_spell_per_caster_per_card_and_spell_points_limit():
    t = board(side="dark-lord", card="leader")
    t.engine("E-D10", 100, 60, 180)
    t.leader("witch-king", 100, 65)
    t.act("witch-king", {"type": "spell", "leader": "witch-king", "spell": "activate_grond",
                         "points": 2})
    menu = t.g.spell_menu(t.g.leaders["witch-king"])
    assert not [a for a in menu if a["spell"] == "activate_grond"]     # once a card
    assert [a for a in menu if a["spell"] == "magical_leadership"]     # another spell may follow
    t = board(side="dark-lord", card="leader")
    t.engine("E-D10", 100, 60, 180)
    t.leader("witch-king", 100, 65)
    t.g.spell_points["dark-lord"] = 1
    menu = t.g.spell_menu(t.g.leaders["witch-king"])
    assert not [a for a in menu if a["spell"] == "activate_grond"]     # costs 2 spell points
    assert {a["points"] for a in menu} == {1}                          # nothing above the pool


@rule("§7.1.7", "§7.13")
def test_7_1_7_a_move_names_the_leaders_it_takes_along_and_a_duel_its_avoidance():
    # two legal moves of a unit along one path differ by the leaders taken along, two duels by
    # the avoidance declared: their words say so (two buttons once read "move 0.25 ahead")
    g = ringwar.new_game("minas-tirith", seed=1)
    alone = g.describe_action({"type": "move", "unit": "G7", "path": "m0:1"})
    along = g.describe_action({"type": "move", "unit": "G7", "path": "m0:1", "leaders": "gandalf,imrahil"})
    assert along == alone + " with Gandalf the White and Prince Imrahil"
    duel = {"type": "duel", "leader": "nazgul-4", "target": "eowyn", "magic": 0}
    plain, avoiding = g.describe_action({**duel, "avoid": 0}), g.describe_action({**duel, "avoid": 2})
    assert "avoidance" not in plain and avoiding.endswith("declaring avoidance 2 [MT §7.13]")
