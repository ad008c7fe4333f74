"""The halves of War of the Ring's rules that mutation testing over WHOLE cases (issue 17,
round 4: every mutant of [WR §10.3], [WR §10.4], [WR §8.1], [WR §6.2], [WR §V24]) showed
untested.  Positions are built by hand (``builder.Position``); dice are scripted, so an
unexpected roll fails."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring.data import load

from .builder import Position, refused, texts

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"
D = load()


def battle_text(ev) -> str:
    return next(e["text"] for e in ev if e["type"] == "battle")


# ----- army combat [WR §10.3] -------------------------------------------------------------------
@rule("war-of-the-ring", "§10.3")
def test_10_3_one_defending_strength_point_is_a_defence_and_is_multiplied_in_a_citadel() -> None:
    assert B.defence_strength(D, "2824", 1, 5) == (4, "1 × 4 (citadel)")     # Minas Tirith ×4
    assert B.defence_strength(D, "2222", 1, 0) == (1, "1")                   # Edoras: no citadel
    assert B.defence_strength(D, "2222", 10, 0) == (10, "10")                # no "× 1"
    assert B.defence_strength(D, "2824", 0, 5) == (5, "intrinsic defence 5")


@rule("war-of-the-ring", "§10.3")
def test_10_3_odds_against_nothing_are_the_best_column_and_one_against_one_is_1_1() -> None:
    cols = D.crt.columns
    assert B.odds_column(D, 5, 0) == len(cols) - 1 and cols[-1] == "8-1"
    assert cols[B.odds_column(D, 1, 1)] == "1-1"
    assert cols[B.odds_column(D, 2, 1)] == "2-1"
    assert cols[B.odds_column(D, 8, 1)] == "8-1"


@rule("war-of-the-ring", "§10.3", "§4")
def test_10_3_no_strength_no_loss_points_even_at_a_positive_percentage() -> None:
    assert B.loss_points(D, 50, 0) == 0
    assert B.loss_points(D, 0, 30) == 0
    assert B.loss_points(D, 50, 1) == 1                                     # 0.5 rounds up
    assert B.loss_points(D, 1, 30) == 1                  # any percentage above 0: at least 1


@rule("war-of-the-ring", "§10.3", "§4")
def test_10_3_loss_points_are_a_percentage_of_a_hundred() -> None:
    assert B.loss_points(D, 10, 104) == 10               # 10.4, not 10.5
    assert B.loss_points(D, 5, 109) == 5                 # 5.45, not 5.5
    assert B.loss_points(D, 10, 105) == 11               # 10.5 rounds up


@rule("war-of-the-ring", "§10.3")
def test_10_3_treebeard_leads_a_force_of_ents_only() -> None:
    p = Position().clear().mobilize("ENT", "ROH").unit("ENT-01", "2119").char("treebeard", "2119")
    p.unit("ROH-01", "2119")
    g = p.g
    assert g.leadership("2119", FP, ["ENT-01"])[:2] == (2, "treebeard")
    assert g.leadership("2119", FP, ["ENT-01", "ROH-01"])[:2] == (0, None)
    assert g.leadership("2119", FP, ["ROH-01"])[:2] == (0, None)


@rule("war-of-the-ring", "§10.3", "§8.1")
def test_10_3_a_character_sent_to_a_citadel_after_real_wounds_leads_nothing() -> None:
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2222").char("eowyn", "2222")
    g = p.g
    assert g.leadership("2222", FP, ["ROH-01"])[:2] == (2, "eowyn")
    g.chars["eowyn"]["citadel"] = 3
    p.touch()
    assert p.g.leadership("2222", FP, ["ROH-01"])[:2] == (0, None)


@rule("war-of-the-ring", "§10.3", "§11.9")
def test_10_3_the_horn_of_the_mark_adds_only_when_it_leads_rohirrim() -> None:
    p = Position().clear().mobilize("ROH", "GON").unit("GON-04", "2222").unit("ROH-01", "2222")
    p.char("theoden", "2222", items=["horn-of-the-mark"])
    g = p.g
    assert g.leadership("2222", FP, ["GON-04"])[:2] == (3, "theoden")
    assert g.leadership("2222", FP, ["GON-04", "ROH-01"])[:2] == (4, "theoden")


@rule("war-of-the-ring", "§10.3")
def test_10_3_leadership_is_the_highest_morale_of_the_leaders_there() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2824").char("boromir", "2824")
    p.char("gandalf", "2824").char("faramir", "2824").char("frodo", "2824")
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (4, "gandalf")
    p.char("gandalf", None)
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (3, "faramir")


@rule("war-of-the-ring", "§10.3", "§8")
def test_10_3_a_character_who_cannot_lead_does_not_lead_even_with_the_horn() -> None:
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2222")
    p.char("galadriel", "2222", items=["horn-of-the-mark"])
    assert p.g.leadership("2222", FP, ["ROH-01"])[:2] == (0, None)


@rule("war-of-the-ring", "§10.3", "§V1")
def test_10_3_only_a_living_visible_leader_in_the_battle_hex_leads() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2824").char("boromir", "2824")
    p.char("gandalf", "2825")                                    # next door
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (2, "boromir")
    p.char("gandalf", "2824", hidden=True)                       # hidden [WR §V1]
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (2, "boromir")
    p.char("gandalf", "2824", alive=False)                       # a dead man's record
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (2, "boromir")
    p.char("gandalf", "2824")
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (4, "gandalf")


@rule("war-of-the-ring", "§10.3")
def test_10_3_between_leaders_of_equal_morale_the_first_listed_is_the_one_used() -> None:
    # the engine's choice for the owner: the leader that a "k" then hits [WR §10.3] 8
    p = Position().clear().mobilize("GON").unit("GON-04", "2824")
    p.char("imrahil", "2824").char("faramir", "2824")
    order = [c for c in p.g.chars if c in ("faramir", "imrahil")]
    assert p.g.leadership("2824", FP, ["GON-04"])[:2] == (3, order[0])


@rule("war-of-the-ring", "§10.3")
def test_10_3_losses_stop_at_the_loss_points_the_next_unit_is_not_touched() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923", 10).unit("GON-05", "2923", 5)
    g = p.g
    ev = g.take_losses(["GON-04", "GON-05"], 10, "defender")
    t = " ".join(e["text"] for e in ev)
    assert g.units["GON-04"]["hex"] is None and g.units["GON-05"]["str"] == 5
    assert g.name("GON-05") not in t and "−0" not in t, t


@rule("war-of-the-ring", "§10.3", "§10.2.4")
def test_10_3_after_losses_a_captive_whose_escort_is_no_longer_with_him_is_freed() -> None:
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2924").unit("MOR-05", "2923", 10)
    p.captive("aragorn", "2923", ["MOR-01"])
    g = p.g
    ev = g.take_losses(["MOR-05"], 3, "defender")
    assert g.chars["aragorn"]["captive"] is None and "aragorn" not in g.captives, [e["text"] for e in ev]


@rule("war-of-the-ring", "§10.3", "§V14", "§11.5")
def test_10_3_k_is_ignored_only_by_defenders_of_a_standing_intrinsic_defence() -> None:
    # a defending leader where there is no intrinsic defence takes the k
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("boromir", "2923")
    g = p.g
    assert g.defence_value("2923") == 0
    p.dice(3)
    ev = g.leader_hit("2923", FP, ["GON-04"], "boromir", True)
    p.dice_done()
    assert g.chars["boromir"]["e"] == g.D.characters["boromir"].endurance - 2, [e["text"] for e in ev]
    # an attacking leader in a place whose intrinsic defence stands takes it too
    p = Position().clear().mobilize("GON", "MOR").unit("GON-01", "3523", 320).char("faramir", "3523")
    g = p.g
    assert g.defence_value("3523") > 0
    p.dice(3)
    ev = g.leader_hit("3523", FP, ["GON-01"], "faramir", False)
    p.dice_done()
    assert g.chars["faramir"]["e"] == g.D.characters["faramir"].endurance - 2, [e["text"] for e in ev]


@rule("war-of-the-ring", "§10.3", "§V27", "§11.5")
def test_10_3_a_rangers_unit_of_1_absorbs_the_k_an_eliminated_one_does_not() -> None:
    p = Position().clear().mobilize("GON", "DUN").unit("DUN-01", "2923", 1).unit("GON-04", "2923")
    p.char("boromir", "2923")
    g = p.g
    p.dice()                                                      # no leader-loss roll
    g.leader_hit("2923", FP, ["DUN-01", "GON-04"], "boromir", False)
    p.dice_done()
    assert g.units["DUN-01"]["hex"] is None and g.chars["boromir"]["e"] == 8
    # Rangers already eliminated in this battle (still in the force's list) absorb nothing
    p = Position().clear().mobilize("GON", "DUN").unit("GON-04", "2923").char("boromir", "2923")
    p.unit("DUN-01", None)
    g = p.g
    p.dice(3)
    g.leader_hit("2923", FP, ["DUN-01", "GON-04"], "boromir", False)
    p.dice_done()
    assert g.chars["boromir"]["e"] == 6


@rule("war-of-the-ring", "§10.3", "§11.5")
def test_10_3_k_with_no_leader_used_hits_a_living_free_visible_character_of_the_force_there() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923")
    p.captive("aragorn", "2923", ["GON-04"], seat=DARK)             # a captive: not his force's
    p.char("boromir", "2923", alive=False)                          # a dead man's record
    p.char("faramir", "2824")                                       # elsewhere
    p.char("gimli", "2923", hidden=True)                            # hidden
    p.char("n3", "2923")                                            # the enemy's
    p.char("sam", "2923")
    g = p.g
    p.dice(3)
    ev = g.leader_hit("2923", FP, ["GON-04"], None, False)
    p.dice_done()
    assert "Sam" in " ".join(e["text"] for e in ev)
    assert g.chars["sam"]["e"] == g.D.characters["sam"].endurance - 2


@rule("war-of-the-ring", "§10.3", "§11.5")
def test_10_3_k_roll_of_1_kills_a_leader_and_disperses_a_nazgul() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("boromir", "2923")
    g = p.g
    p.dice(1)
    g.leader_hit("2923", FP, ["GON-04"], "boromir", False)
    p.dice_done()
    assert not g.chars["boromir"]["alive"]
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2923").char("n3", "2923")
    g = p.g
    p.dice(2)
    g.leader_hit("2923", DARK, ["MOR-01"], "n3", False)
    p.dice_done()
    assert g.chars["n3"]["alive"] and g.chars["n3"]["hex"] == "3523"


@rule("war-of-the-ring", "§10.3", "§11.5")
def test_10_3_k_leaving_a_leader_1_endurance_does_not_kill_him() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("boromir", "2923", e=3)
    g = p.g
    p.dice(4)
    g.leader_hit("2923", FP, ["GON-04"], "boromir", False)
    p.dice_done()
    assert g.chars["boromir"]["alive"] and g.chars["boromir"]["e"] == 1


def _dark_attack(p: Position, h: str, *rolls: int):
    p.mobilize("MOR").sp(20)
    p.dice(*rolls)
    g = p.at("7c")
    assert {"type": "attack", "hex": h} in g.legal_actions(), g.legal_actions()
    return g, g.apply({"type": "attack", "hex": h})


@rule("war-of-the-ring", "§10.3", "§V28")
def test_10_3_a_hobbit_unit_in_a_battle_is_marked_as_having_fought_the_others_are_not() -> None:
    p = Position(turn_limit=1).clear().mobilize("SHI").unit("SHI-01", "1509").unit("GON-04", "1509")
    p.unit("MOR-01", "1509")
    g, ev = _dark_attack(p, "1509", 3)
    assert g.units["SHI-01"]["fought"]
    assert not g.units["GON-04"]["fought"] and not g.units["MOR-01"]["fought"]


@rule("war-of-the-ring", "§10.3", "§10.1")
def test_10_3_the_battle_tells_the_shadow_points_a_dark_attack_cost_and_none_for_a_free_one() -> None:
    p = Position(turn_limit=1).clear().unit("GON-04", "2924").unit("MOR-01", "2924")
    g, ev = _dark_attack(p, "2924", 3)
    assert battle_text(ev).endswith("; 1 Shadow Points"), battle_text(ev)
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(5)
    p.unit("GON-01", "2924").unit("MOR-11", "2924")
    p.dice(3)
    g = p.at("5d")
    ev = g.apply({"type": "attack", "hex": "2924"})
    assert "Shadow Points" not in battle_text(ev), battle_text(ev)


@rule("war-of-the-ring", "§10.3")
def test_10_3_an_attack_where_none_is_possible_is_refused_by_10_3() -> None:
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(5)
    p.unit("GON-01", "2924").unit("MOR-11", "2924")
    g = p.at("5d")
    refused(g, {"type": "attack", "hex": "2923"}, "§10.3")


# ----- individual combat [WR §10.4] -------------------------------------------------------------
@rule("war-of-the-ring", "§10.4")
def test_10_4_only_a_known_orc_or_troll_unit_fights_as_a_character() -> None:
    from ringwar.systems.war_of_the_ring import duel

    with pytest.raises(ValueError, match="no unit"):
        duel.fighter_from_unit(D, "MOR-99", 10)
    with pytest.raises(ValueError, match="only Orc and Troll"):
        duel.fighter_from_unit(D, "GON-01", 10)


@rule("war-of-the-ring", "§10.4", "§10.10")
def test_10_4_two_neutral_fighters_are_not_refused_as_one_side() -> None:
    from ringwar.systems.war_of_the_ring import duel

    gollum = duel.fighter_from_character(D, "gollum")
    willow = duel.fighter_from_monster(D, "old-man-willow")
    assert gollum.side == willow.side == "neutral"
    why = duel.may_fight(D, willow, gollum)
    assert why is not None and "same side" not in why and "[WR §10.10]" in why, why


def _ring_event(ev) -> dict:
    return next(e for e in ev if e["type"] == "ring")


@rule("war-of-the-ring", "§10.4")
def test_10_4_6_a_killed_ring_bearer_passes_it_to_the_most_resistant_free_companion_there() -> None:
    p = Position().clear().char("frodo", "2617").char("merry", "2617").char("pippin", "2617")
    p.captive("sam", "2617", [])                                    # a captive: no heir
    p.char("cirdan", "2617", alive=False)                           # a dead man's record
    p.char("treebeard", "2618")                                     # next door
    p.char("boromir", "2617").char("denethor", "2617")
    p.ring(bearer="frodo", held_by=FP, worn=True, worn_turns=2)
    g = p.g
    ev = g.kill_char("frodo", "test", killer_seat=DARK)
    assert g.ring["bearer"] == "merry" and g.ring["held_by"] == FP      # RR 4 before Pippin's 3
    assert not g.ring["worn"] and g.ring["worn_turns"] == 0
    assert _ring_event(ev).get("visible_to") is None                   # a visible heir
    # RR 1 beats RR 0 (Denethor), and the heir hidden is told to the Fellowship only
    p = Position().clear().char("frodo", "2617").char("boromir", "2617", hidden=True)
    p.char("denethor", "2617").ring(bearer="frodo", held_by=FP)
    g = p.g
    ev = g.kill_char("frodo", "test", killer_seat=None)
    assert g.ring["bearer"] == "boromir"
    assert _ring_event(ev)["visible_to"] == FP


@rule("war-of-the-ring", "§10.4")
def test_10_4_6_an_enemy_in_the_hex_is_no_heir_of_a_killed_ring_bearer() -> None:
    p = Position().clear().char("frodo", "2617").char("pippin", "2617").char("saruman", "2617")
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    g.kill_char("frodo", "test", killer_seat=DARK)
    assert g.ring["bearer"] == "pippin"


@rule("war-of-the-ring", "§10.4")
def test_10_4_6_with_no_free_heir_a_living_character_of_the_killers_side_there_takes_it() -> None:
    p = Position().clear().char("frodo", "2617").char("n1", "2618")     # n1 next door
    p.char("n2", "2617", alive=False).char("n3", "2617")                # n2: a dead record
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    g.kill_char("frodo", "test", killer_seat=DARK)
    assert g.ring["bearer"] == "n3" and g.ring["held_by"] == DARK
    # no killer (leader loss, the Ring's burden): a Dark character there, not Gollum, takes it
    p = Position().clear().char("frodo", "2617").char("gollum", "2617")
    p.char("mouth", "2617", alive=False).char("n3", "2617").char("n1", "2618")
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    g.kill_char("frodo", "test", killer_seat=None)
    assert g.ring["bearer"] == "n3"
    # nobody there: the Ring lies in the hex
    p = Position().clear().char("frodo", "2617").char("gollum", "2617").char("n3", "2618")
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    ev = g.kill_char("frodo", "test", killer_seat=DARK)
    assert g.ring["bearer"] is None and g.ring["held_by"] is None and g.ring["lost_at"] == "2617"
    assert "lies" in _ring_event(ev)["text"]


# ----- a monster's fight [WR §10.10] by the rounds of [WR §10.4] ------------------------------------
def _monster(p: Position, h: str, card: str, e: int) -> None:
    p.g.monsters[h] = {"card": card, "e": e}
    p.touch()


@rule("war-of-the-ring", "§10.4", "§10.10")
def test_10_4_a_monster_fights_the_free_group_there_its_best_fighter_leads_then_the_next() -> None:
    p = Position().clear().char("gimli", "1808").char("legolas", "1808").char("sam", "1808", hidden=True)
    p.captive("aragorn", "1808", [])                          # a captive is not of the group
    p.char("gandalf", "1909")                                 # next door
    p.char("n1", "1808")                                      # the enemy's
    p.char("treebeard", "1808", alive=False)                  # a dead man's record
    _monster(p, "1808", "cave-troll", 8)
    # Gimli (C 4, E 8) leads before Legolas (C 4, E 7), with 2 supporters; the troll kills him
    # in two rounds; Legolas (the best fighter left) wounds it by 6 in the third
    p.dice(1, 6, 1, 6, 6, 1)
    ev = p.g.monster_fight("gimli", "1808")
    p.dice_done()
    t = texts(ev)
    assert t.count("Gimli: d6 1 + 4 (C 4) + support 2") == 2, t
    assert "Legolas: d6 6 + 4 (C 4) + support 2" in t, t
    assert not p.g.chars["gimli"]["alive"] and p.g.chars["legolas"]["e"] == 7
    assert p.g.monsters["1808"]["e"] == 2
    assert not p.g.chars["sam"]["hidden"]                     # every fighter is revealed
    assert p.g.chars["aragorn"]["e"] == p.g.D.characters["aragorn"].endurance


@rule("war-of-the-ring", "§10.4", "§10.10", "§11.9")
def test_10_4_a_monster_slain_fights_no_more_and_armour_ignores_only_the_first_wound() -> None:
    p = Position().clear().char("gimli", "1808").char("legolas", "1808")
    _monster(p, "1808", "warg-pack", 6)
    p.dice(6, 1)                                              # one round: 11 against 4
    ev = p.g.monster_fight("gimli", "1808")
    p.dice_done()
    assert "1808" not in p.g.monsters and "slain" in texts(ev)
    assert "Gimli: d6 6 + 4 (C 4) + support 1 = 11" in texts(ev)      # one supporter
    p = Position().clear().char("frodo", "1808", e=20)        # Mithril: the first wound only
    _monster(p, "1808", "warg-pack", 6)
    p.dice(1, 6, 1, 6, 1, 6)                                  # three rounds lost by 6
    ev = p.g.monster_fight("frodo", "1808")
    p.dice_done()
    assert p.g.chars["frodo"]["e"] == 20 - 5 - 6 - 6
    assert "+ support 0 = 3" in texts(ev)                      # alone: no supporter


@rule("war-of-the-ring", "§10.4", "§10.10")
def test_10_4_a_monster_alone_fights_nobody() -> None:
    p = Position().clear().char("n3", "1808")
    _monster(p, "1808", "warg-pack", 6)
    p.dice()
    assert p.g.monster_fight("n3", "1808") == []
    p.dice_done()


# ----- a challenge's rounds [WR §10.4] 3 -----------------------------------------------------------
def _n3_challenges_aragorn(*rolls: int, gimli: bool = False):
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("n3", "2617")
    if gimli:
        p.char("gimli", "2617")
    g = p.at("7d")
    p.dice(*rolls)
    ev = g.apply({"type": "challenge", "lead": "n3", "target": "aragorn"})
    return p, g, ev


@rule("war-of-the-ring", "§10.4")
def test_10_4_3_a_combat_ends_after_three_rounds() -> None:
    # n3 6 + 4 = 10 against Aragorn 3 + 5 + 2 (Andúril) = 10: three ties
    p, g, ev = _n3_challenges_aragorn(6, 3)
    assert g.duel is not None and g.ask["kind"] == "duel_round"
    p.dice(6, 3)
    g.apply({"type": "fight_on"})
    assert g.duel is not None and g.ask["kind"] == "duel_round"
    p.dice(6, 3)
    ev = g.apply({"type": "fight_on"})
    assert g.duel is None and "The combat ends" in texts(ev)
    assert g.ask is None or g.ask["kind"] != "duel_round"
    p.dice_done()


@rule("war-of-the-ring", "§10.4")
def test_10_4_3_the_phasing_side_may_break_off_before_a_round() -> None:
    p, g, ev = _n3_challenges_aragorn(6, 3)
    p.dice()
    ev = g.apply({"type": "break_off"})
    assert g.duel is None and "breaks off" in texts(ev)
    p.dice_done()


@rule("war-of-the-ring", "§10.4")
def test_10_4_3_the_loser_may_keep_his_lead() -> None:
    # n3 6 + 4 = 10 against Aragorn 1 + 7 + 1 (Gimli supports) = 9: Aragorn loses by 1
    p, g, ev = _n3_challenges_aragorn(6, 1, gimli=True)
    assert g.ask["kind"] == "new_lead"
    ev = g.apply({"type": "keep_lead"})
    assert g.duel["b"] == "aragorn" and g.ask["kind"] == "duel_round"
    assert "takes" not in texts(ev)
    p.dice_done()


@rule("war-of-the-ring", "§10.4", "§12")
def test_10_4_a_hidden_character_dying_tells_the_enemy_only_that_he_is_dead() -> None:
    p = Position().clear().char("gimli", "2617", hidden=True).char("legolas", "2617")
    g = p.g
    ev = g.kill_char("gimli", "test", killer_seat=None)
    public = [e for e in ev if not e.get("visible_to")]
    assert public and all("2617" not in e["text"] for e in public), ev
    assert any(e.get("visible_to") == FP and "2617" in e["text"] for e in ev), ev
    ev = g.kill_char("legolas", "test", killer_seat=None)
    assert all(not e.get("visible_to") for e in ev) and "2617" in texts(ev)


# ----- characters alone with enemy armies at the end of a combat phase [WR §8.1] ------------------
@rule("war-of-the-ring", "§8.1")
def test_8_1_alone_with_enemy_armies_a_nazgul_is_dispersed_another_dark_character_killed() -> None:
    p = Position().clear().mobilize("GON", "MOR")
    p.unit("GON-04", "2923").char("n3", "2923")
    p.unit("GON-05", "2824").char("mouth", "2824")
    p.unit("ROH-01", "1820").char("saruman", "1820")         # Saruman in Isengard: besieged
    p.unit("GON-01", "2924").unit("MOR-09", "2924").char("n4", "2924")   # not alone
    p.unit("MOR-06", "2619").char("gollum", "2619")          # nobody's: never alone
    g = p.g
    p.dice()
    g.end_combat_phase("fellowship")
    p.dice_done()
    assert g.chars["n3"]["alive"] and g.chars["n3"]["hex"] == "3523"
    assert not g.chars["mouth"]["alive"]
    assert g.chars["saruman"]["alive"] and g.chars["saruman"]["hex"] == "1820"
    assert g.chars["n4"]["hex"] == "2924" and g.chars["gollum"]["hex"] == "2619"


@rule("war-of-the-ring", "§8.1", "§10.8.1")
def test_8_1_alone_with_enemy_armies_a_free_character_is_tried_for_capture_then_slips_away() -> None:
    p = Position().clear().mobilize("GON", "MOR")
    p.unit("MOR-01", "2617").char("boromir", "2617").unit("MOR-07", "2517")
    p.unit("MOR-05", "2717").char("frodo", "2717").ring(bearer="frodo", worn=True, held_by=FP)
    p.unit("MOR-06", "2618").char("gimli", "2618", hidden=True)   # hidden: not found
    g = p.g
    p.dice(6)                                                 # Boromir's capture fails; the
    ev = g.end_combat_phase("dark")                           # wearer is not tried
    p.dice_done()
    assert "Capture attempt on Boromir" in texts(ev) and "Capture attempt on Frodo" not in texts(ev)
    assert g.chars["boromir"]["hex"] == "2518"                # 2517 holds an enemy army
    assert g.chars["frodo"]["hex"] != "2717" and g.chars["frodo"]["alive"]
    assert g.chars["gimli"]["hex"] == "2618"


@rule("war-of-the-ring", "§8.1")
def test_8_1_sorcery_with_the_defender_alone_shifts_one_column_against_the_attacker() -> None:
    s = B.sorcery_shift(D, False, True)
    assert s is not None and s.amount == -1 and "defender" in s.why
    assert B.sorcery_shift(D, True, False).amount == 1
    assert B.sorcery_shift(D, False, False) is None


@rule("war-of-the-ring", "§8.1")
def test_8_1_a_dispersed_nazgul_bearing_the_ring_drops_it_to_the_most_resistant_free_character() -> None:
    p = Position().clear().char("n3", "2617", e=0).char("merry", "2617").char("pippin", "2617")
    p.captive("sam", "2617", [])                                    # a captive takes nothing
    p.char("cirdan", "2617", alive=False)                           # a dead man's record
    p.char("treebeard", "2618")                                     # next door
    p.char("n4", "2617")
    p.ring(bearer="n3", held_by=DARK, worn=True)
    g = p.g
    g.disperse("n3")
    assert g.ring["bearer"] == "merry" and g.ring["held_by"] == FP and not g.ring["worn"]
    n3 = g.chars["n3"]
    assert n3["hex"] == "3523" and n3["grounded"] == 2 and n3["e"] == 1
    # with no Free character there, the Ring goes with him
    p = Position().clear().char("n3", "2617").char("n4", "2617").ring(bearer="n3", held_by=DARK)
    g = p.g
    g.disperse("n3")
    assert g.ring["bearer"] == "n3" and g.chars["n3"]["e"] == g.D.characters["n3"].endurance


@rule("war-of-the-ring", "§8.1")
def test_8_1_healing_1_a_turn_3_in_a_refuge_never_above_the_top_nor_near_enemy_armies() -> None:
    p = Position().clear().mobilize("MOR")
    p.char("boromir", "2617", e=5)                            # clear hex: +1
    p.char("gimli", "2008", e=7)                              # Rivendell, 1 short: to 8
    p.char("legolas", "2008", e=2)                            # Rivendell: +3
    p.char("aragorn", "2923", e=5).unit("MOR-01", "2923")     # an enemy army there: nothing
    p.char("frodo", "2617", e=3).ring(bearer="frodo", worn=True, held_by=FP)   # the wearer
    p.captive("sam", "2923", ["MOR-01"])
    p.g.chars["sam"]["e"] = 3                                 # a captive: nothing
    p.char("n3", "3523", e=4, real=2)                         # real wounds stay: top 7 - 2
    p.char("n4", "3523", e=5, real=2)                         # already at its top
    g = p.g
    g.step_1d()
    e = {c: g.chars[c]["e"] for c in ("boromir", "gimli", "legolas", "aragorn", "frodo", "sam",
                                        "n3", "n4")}
    assert e == {"boromir": 6, "gimli": 8, "legolas": 5, "aragorn": 5, "frodo": 3, "sam": 3,
                 "n3": 5, "n4": 5}, e


@rule("war-of-the-ring", "§10.3", "§11.7")
def test_10_3_when_the_fellowship_passes_on_huorns_the_battle_is_fought_at_once() -> None:
    p = Position(turn_limit=1).clear().mobilize("ROH", "MOR").sp(5).hand("fellowship", "huorns")
    p.unit("ROH-04", "2522").unit("MOR-01", "2522")
    g = p.at("7c")
    g.apply({"type": "attack", "hex": "2522"})
    assert g.ask["kind"] == "huorns"
    p.dice(3)
    ev = g.apply({"type": "pass"})
    assert "Huorns" not in battle_text(ev) and "huorns" in g.hands[FP]
    assert g.ask is None or g.ask["kind"] != "huorns"
    p.dice_done()


@rule("war-of-the-ring", "§10.4")
def test_10_4_5_a_free_lead_beating_a_dark_ring_bearer_by_4_wounds_him_and_seizes_nothing() -> None:
    from ringwar.systems.war_of_the_ring import duel

    aragorn = duel.fighter_from_character(D, "aragorn", items=("anduril",))
    n3 = duel.fighter_from_character(D, "n3", items=("the-one-ring",))
    assert n3.ring_bearer and n3.side == "dark"
    r = duel.fight_round(D, aragorn, n3, 6, 1)                 # 6 + 7 against 1 + 4: by 8
    assert r.winner == "a" and r.margin >= 4
    assert not r.seizure_possible and r.damage == r.margin


@rule("war-of-the-ring", "§10.4")
def test_10_4_6_a_killed_dark_ring_bearer_has_no_heir_among_his_own_the_killers_side_takes_it() -> None:
    p = Position().clear().char("n3", "2617").char("n4", "2617").char("aragorn", "2617")
    p.ring(bearer="n3", held_by=DARK)
    g = p.g
    g.kill_char("n3", "test", killer_seat=FP)
    assert g.ring["bearer"] == "aragorn" and g.ring["held_by"] == FP


@rule("war-of-the-ring", "§10.4", "§V13")
def test_10_4_6_three_players_the_killers_own_side_takes_the_ring_not_the_other_dark_seat() -> None:
    p = Position(players=3).clear().char("frodo", "2617").char("n3", "2617").char("saruman", "2617")
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    assert g.chars["saruman"]["seat"] == "saruman" and g.chars["n3"]["seat"] == "sauron"
    g.kill_char("frodo", "test", killer_seat="saruman")
    assert g.ring["bearer"] == "saruman" and g.ring["held_by"] == "saruman"


@rule("war-of-the-ring", "§10.4")
def test_10_4_6_a_free_captive_in_the_hex_does_not_pick_up_a_killed_bearers_ring() -> None:
    p = Position().clear().mobilize("MOR").char("frodo", "2617").unit("MOR-01", "2617")
    p.captive("aragorn", "2617", ["MOR-01"]).char("n3", "2617")
    p.ring(bearer="frodo", held_by=FP)
    g = p.g
    g.kill_char("frodo", "the Ring's burden", killer_seat=None)
    assert g.ring["bearer"] == "n3" and g.ring["held_by"] == DARK
