"""Individual combat [WR §10.4]: rounds, Nazgûl damage [WR §8.1], the Ring [WR §10.9.3–10.9.5],
items [WR §11.9], monsters [WR §11.8] and the leader-loss table [WR §11.5]."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from ringwar.systems.war_of_the_ring import duel as W
from ringwar.systems.war_of_the_ring.data import Definition, load

D = load()
FRODO_ITEMS = tuple(i.id for i in D.items.values() if i.holder == "frodo")   # Ring, Sting, Mithril


def ch(char_id: str, endurance: int | None = None, items: tuple[str, ...] | None = None,
       **kw: Any) -> W.Fighter:
    """A character with its starting items (R-ITEMS) unless ``items`` is given."""
    if items is None:
        items = tuple(i.id for i in D.items.values() if i.holder == char_id)
    return W.fighter_from_character(D, char_id, endurance, items, **kw)


def frodo(endurance: int | None = None, wearing: bool = False) -> W.Fighter:
    return ch("frodo", endurance, FRODO_ITEMS, wearing=wearing)


def with_values(**changes: dict[str, Any]) -> Definition:
    """D with some key tables replaced: proves a number is read from the data."""
    values = dict(D.values)
    for key, fields in changes.items():
        values[key.replace("_", "-")] = {**D.values[key.replace("_", "-")], **fields}
    return dataclasses.replace(D, values=values)


# ------------------------------------------------------------------------------------------------
# Fighters


@pytest.mark.rule("war-of-the-ring", "§8", "§8.1")
def test_8_fighter_from_character_reads_ratings_items_and_real_wounds() -> None:
    f = frodo()
    assert (f.combat, f.endurance, f.side, f.ring_bearer, f.kind) == (1, 6, "free", True,
                                                                     "character")
    assert ch("frodo", 4, FRODO_ITEMS).endurance == 4
    assert not ch("sam").ring_bearer
    assert ch("n1").nazgul and ch("n2").nazgul and not ch("mouth").nazgul
    assert ch("merry").real_wounds == "one" and ch("pippin").real_wounds == "one"   # [WR §V5]
    assert ch("eowyn").real_wounds == "all"                                          # [WR §V6]
    assert ch("gandalf").real_wounds == "none" and ch("aragorn").real_wounds == "none"
    claim = ch("aragorn", items=("anduril", "the-one-ring"), wearing=True, claimant=True)
    assert claim.real_wounds == "all" and claim.claimant                           # [WR §10.9.4]


@pytest.mark.rule("war-of-the-ring", "§10.9.2", "§10.9.4", "§11.9")
def test_10_9_4_fighter_refusals_wearing_claiming_and_unknown_items() -> None:
    with pytest.raises(ValueError, match="10.9.2"):
        ch("sam", wearing=True)                                   # no Ring, no wearing
    with pytest.raises(ValueError, match="10.9.4"):
        ch("aragorn", items=("the-one-ring",), claimant=True)     # a claim needs the Ring on
    with pytest.raises(ValueError, match="10.9.4"):
        ch("boromir", items=("the-one-ring",), wearing=True, claimant=True)   # not a claimant
    with pytest.raises(ValueError, match="11.9"):
        ch("sam", items=("palantir",))
    with pytest.raises(ValueError, match="§8"):
        ch("sauron")


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_orc_unit_combat_is_min_4_of_1_plus_strength_over_10() -> None:
    assert [W.fighter_from_unit(D, "MOR-01", s).combat for s in (1, 9, 10, 19, 20, 30, 45)] == [
        1, 1, 2, 2, 3, 4, 4]
    orc = W.fighter_from_unit(D, "MOR-01", 25)
    assert (orc.combat, orc.endurance, orc.side, orc.kind) == (3, 25, "dark", "unit")
    assert W.fighter_from_unit(D, "MOR-02", 5).combat == 1                    # a Troll unit
    for not_orc in ("EAS-01", "LOR-01", "HAR-01"):
        with pytest.raises(ValueError, match="R-IC-ORC-UNITS"):
            W.fighter_from_unit(D, not_orc, 10)


@pytest.mark.rule("war-of-the-ring", "§11.8")
def test_11_8_monsters_fight_with_their_cards_c_and_e() -> None:
    balrog = W.fighter_from_monster(D, "balrog")
    assert (balrog.combat, balrog.endurance, balrog.side, balrog.kind) == (9, 14, "dark",
                                                                           "monster")
    assert W.fighter_from_monster(D, "shelob", 5).endurance == 5               # wounded earlier
    assert W.fighter_from_monster(D, "old-man-willow").side == "neutral"     # no Dark piece
    for card in ("crebain", "frightening-rumor", "nothing"):
        with pytest.raises(ValueError, match="11.8"):
            W.fighter_from_monster(D, card)


# ------------------------------------------------------------------------------------------------
# Effective combat: items and the Ring


@pytest.mark.rule("war-of-the-ring", "§11.9", "§8")
def test_11_9_blades_add_to_c_against_anyone() -> None:
    n3 = ch("n3")
    assert W.effective_combat(D, frodo(), n3)[0] == 2                        # Sting +1
    assert W.effective_combat(D, ch("aragorn"), n3)[0] == 7                  # Andúril +2
    assert W.effective_combat(D, ch("gandalf"), n3)[0] == 6                  # Glamdring +1
    assert W.effective_combat(D, ch("celeborn"), n3)[0] == 5                 # Elven Sword [V9]
    assert W.effective_combat(D, ch("thranduil"), n3)[0] == 5
    assert W.effective_combat(D, ch("merry"), n3)[0] == 1                    # barrow-blade: 0
    assert W.effective_combat(D, ch("sam", items=("troll-hoard-sword",)), n3)[0] == 3
    c, why = W.effective_combat(D, ch("aragorn"), n3)
    assert any("anduril +2" in w and "[WR §11.9]" in w for w in why)


@pytest.mark.rule("war-of-the-ring", "§11.9", "§11.8")
def test_11_9_phial_adds_2_only_against_shelob_and_nazgul() -> None:
    sam = ch("sam", items=("phial",))
    assert W.effective_combat(D, sam, W.fighter_from_monster(D, "shelob"))[0] == 4
    assert W.effective_combat(D, sam, ch("n3"))[0] == 4
    assert W.effective_combat(D, sam, ch("n1"))[0] == 4
    assert W.effective_combat(D, sam, W.fighter_from_monster(D, "balrog"))[0] == 2
    assert W.effective_combat(D, sam, W.fighter_from_unit(D, "MOR-01", 25))[0] == 2
    assert W.effective_combat(D, sam, ch("mouth"))[0] == 2


@pytest.mark.rule("war-of-the-ring", "§11.9")
def test_11_9_black_arrow_adds_2_only_against_nazgul() -> None:
    bard = ch("brand", items=("black-arrow",))
    assert W.effective_combat(D, bard, ch("n5"))[0] == 5
    assert W.effective_combat(D, bard, W.fighter_from_monster(D, "shelob"))[0] == 3
    assert W.effective_combat(D, bard, ch("saruman"))[0] == 3


@pytest.mark.rule("war-of-the-ring", "§10.9.3")
def test_10_9_3_ring_wearer_gains_2_c() -> None:
    c, why = W.effective_combat(D, frodo(wearing=True), ch("n3"))
    assert c == 1 + 1 + 2 and any("[WR §10.9.3]" in w for w in why)
    assert W.effective_combat(D, frodo(), ch("n3"))[0] == 2


@pytest.mark.rule("war-of-the-ring", "§10.9.4")
def test_10_9_4_claimant_gains_3_c_in_place_of_the_wearers_2() -> None:
    claim = ch("aragorn", items=("anduril", "the-one-ring"), wearing=True, claimant=True)
    c, why = W.effective_combat(D, claim, ch("n1"))
    assert c == 5 + 2 + 3                                                     # not 5 + 2 + 5
    assert any("[WR §10.9.4]" in w for w in why) and not any("§10.9.3" in w for w in why)


# ------------------------------------------------------------------------------------------------
# Who may fight


@pytest.mark.rule("war-of-the-ring", "§10.9.3")
def test_10_9_3_only_nazgul_may_fight_the_ring_wearer() -> None:
    wearer = frodo(wearing=True)
    for foe in (ch("mouth"), ch("saruman"), ch("ugluk"), W.fighter_from_unit(D, "MOR-01", 25),
                W.fighter_from_monster(D, "shelob")):
        for a, b in ((foe, wearer), (wearer, foe)):
            why = W.may_fight(D, a, b)
            assert why is not None and "[WR §10.9.3]" in why, (foe.name, why)
    assert W.may_fight(D, ch("n3"), wearer) is None
    assert W.may_fight(D, wearer, ch("n1")) is None
    assert W.may_fight(D, ch("mouth"), frodo()) is None                     # not wearing it
    with pytest.raises(ValueError, match="10.9.3"):
        W.fight_round(D, ch("mouth"), wearer, 6, 1)


@pytest.mark.rule("war-of-the-ring", "§10.9.5", "§10.9.3")
def test_10_9_5_gollum_may_attack_the_wearer_and_no_one_else() -> None:
    gollum = ch("gollum")
    assert W.may_fight(D, gollum, frodo(wearing=True)) is None              # R-GOLLUM-VS-WEARER
    assert W.may_fight(D, gollum, frodo()) is None
    assert "[WR §10.9.5]" in (W.may_fight(D, gollum, ch("sam")) or "")
    no_exception = with_values(R_GOLLUM_VS_WEARER={"gollum_may_attack": False})
    assert "[WR §10.9.3]" in (W.may_fight(no_exception, gollum, frodo(wearing=True)) or "")


@pytest.mark.rule("war-of-the-ring", "§10.4", "§10.10")
def test_10_4_enemies_with_endurance_fight_and_monsters_fight_free_groups() -> None:
    assert "same side" in (W.may_fight(D, ch("gandalf"), ch("aragorn")) or "")
    assert "same side" in (W.may_fight(D, ch("n3"), ch("mouth")) or "")
    assert "Endurance" in (W.may_fight(D, ch("gandalf"), ch("n3", 0)) or "")
    willow = W.fighter_from_monster(D, "old-man-willow")
    assert "[WR §10.10]" in (W.may_fight(D, willow, ch("mouth")) or "")
    assert W.may_fight(D, willow, ch("sam")) is None
    assert W.may_fight(D, ch("sam"), W.fighter_from_monster(D, "balrog")) is None


# ------------------------------------------------------------------------------------------------
# A round


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_total_is_d6_plus_c_plus_items_plus_one_per_supporter() -> None:
    r = W.fight_round(D, ch("gandalf"), ch("n3"), 3, 4, support_a=2, support_b=1)
    assert (r.total_a, r.total_b) == (3 + 5 + 1 + 2, 4 + 4 + 1)
    assert (r.winner, r.margin, r.damage, r.after) == ("a", 2, 2, 5)
    assert r.log[0].endswith("[WR §10.4] 2")
    r = W.fight_round(D, ch("gandalf"), ch("n3"), 1, 6)
    assert (r.winner, r.margin, r.loss, r.after) == ("b", 3, 3, 7)          # Gandalf 10 → 7


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_at_most_two_supporters_and_dice_are_d6() -> None:
    with pytest.raises(ValueError, match="at most 2"):
        W.fight_round(D, ch("gandalf"), ch("n3"), 3, 3, support_a=3)
    with pytest.raises(ValueError, match="at most 2"):
        W.fight_round(D, ch("gandalf"), ch("n3"), 3, 3, support_b=-1)
    for bad in (0, 7):
        with pytest.raises(ValueError, match="d6"):
            W.fight_round(D, ch("gandalf"), ch("n3"), bad, 3)
    three = with_values(R_IC_PROCEDURE={"max_supporters": 3})
    assert W.fight_round(three, ch("gandalf"), ch("n3"), 3, 3, support_a=3).total_a == 12


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_a_tie_does_nothing() -> None:
    r = W.fight_round(D, ch("gandalf"), ch("n3"), 1, 3)                     # 7 vs 7
    assert (r.winner, r.margin, r.damage, r.loss, r.after, r.fate) == (None, 0, 0, 0, None, None)
    r = W.fight_round(D, ch("n3"), frodo(1), 2, 4)                           # 6 vs 6, E 1
    assert r.winner is None and r.fate is None and not r.seizure_possible and r.absorbed == 0


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_endurance_exactly_0_kills_and_1_survives() -> None:
    r = W.fight_round(D, ch("mouth"), ch("sam", 3), 4, 2)                    # 7 vs 4: by 3
    assert (r.after, r.fate) == (0, "killed") and any("[WR §10.4] 3" in t for t in r.log)
    r = W.fight_round(D, ch("mouth"), ch("sam", 3), 3, 2)                    # by 2
    assert (r.after, r.fate) == (1, None)
    r = W.fight_round(D, ch("sam", 3), ch("mouth", 2), 6, 1)                 # 8 vs 4: Mouth dies
    assert (r.winner, r.after, r.fate) == ("a", -2, "killed")


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_ring_bearer_killed_passes_the_ring_and_a_claimant_killed_gives_it_away() -> None:
    r = W.fight_round(D, ch("n3"), frodo(1), 6, 1, first_wound_used_b=True)
    assert r.fate == "killed" and any("[WR §10.4] 6" in t for t in r.log)
    claim = ch("gandalf", 1, ("glamdring", "the-one-ring"), wearing=True, claimant=True)
    r = W.fight_round(D, ch("n1"), claim, 6, 1)
    assert r.fate == "killed" and any("killer's side takes the Ring [WR §10.9.4]" in t
                                      for t in r.log)


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_orc_unit_fighting_as_a_character_loses_strength() -> None:
    orc = W.fighter_from_unit(D, "MOR-01", 25)
    r = W.fight_round(D, ch("aragorn"), orc, 6, 1)                           # 13 vs 4: by 9
    assert (r.winner, r.damage, r.loss, r.after, r.fate) == ("a", 9, 9, 16, None)
    assert any("strength" in t and "R-IC-ORC-UNITS" in t for t in r.log)
    assert W.fighter_from_unit(D, "MOR-01", r.after).combat == 2             # weaker now
    r = W.fight_round(D, ch("aragorn"), W.fighter_from_unit(D, "MOR-02", 5), 2, 3)   # by 5
    assert (r.after, r.fate) == (0, "killed")
    two = with_values(R_IC_ORC_UNITS={"strength_per_wound": 2})
    r = W.fight_round(two, ch("aragorn"), W.fighter_from_unit(two, "MOR-01", 25), 6, 1)
    assert (r.damage, r.loss, r.after) == (9, 18, 7)


# ------------------------------------------------------------------------------------------------
# Nazgûl damage [WR §8.1]


@pytest.mark.rule("war-of-the-ring", "§8.1")
def test_8_1_ordinary_damage_to_a_nazgul_is_shadow_and_disperses_it() -> None:
    r = W.fight_round(D, ch("aragorn"), ch("n3"), 6, 1)                      # 13 vs 5: by 8
    assert (r.damage, r.real, r.shadow, r.fate) == (8, 0, 8, "dispersed")
    assert not r.to_citadel and any("R-NAZGUL-DAMAGE" in t for t in r.log)
    r = W.fight_round(D, ch("gandalf"), ch("n3"), 6, 1)                      # by 7, E 7
    assert (r.after, r.fate) == (0, "dispersed")
    r = W.fight_round(D, ch("n3"), ch("gandalf"), 6, 1)                      # the Nazgûl wins
    assert (r.real, r.shadow) == (3, 0)                                       # Gandalf: real


@pytest.mark.rule("war-of-the-ring", "§8.1", "§V6")
def test_v6_eowyn_deals_only_real_wounds_and_destroys_a_nazgul() -> None:
    r = W.fight_round(D, ch("eowyn"), ch("n3", 3), 6, 2)                     # 9 vs 6: by 3
    assert (r.real, r.shadow, r.after, r.fate) == (3, 0, 0, "destroyed")
    assert r.to_citadel
    r = W.fight_round(D, ch("eowyn"), ch("n1"), 6, 1)                        # 9 vs 7: by 2
    assert (r.real, r.shadow, r.fate) == (2, 0, None) and r.to_citadel
    r = W.fight_round(D, ch("eowyn"), ch("ugluk"), 6, 1)                     # not a Nazgûl
    assert not r.to_citadel


@pytest.mark.rule("war-of-the-ring", "§8.1", "§V5")
def test_v5_merry_makes_one_point_of_a_won_round_real() -> None:
    r = W.fight_round(D, ch("merry"), ch("n3"), 6, 1, support_a=2)          # 9 vs 5: by 4
    assert (r.damage, r.real, r.shadow, r.after, r.fate) == (4, 1, 3, 3, None)
    assert r.to_citadel and any("R-HOBBIT-REAL-WOUND-USE" in t for t in r.log)
    r = W.fight_round(D, ch("pippin"), ch("n3"), 6, 1, support_a=2, declare_real=False)
    assert (r.real, r.shadow) == (0, 4) and not r.to_citadel                # use not declared
    r = W.fight_round(D, ch("n3"), ch("merry"), 6, 1)                        # Merry loses
    assert (r.real, r.shadow) == (8, 0) and not r.to_citadel
    two = with_values(R_HOBBIT_REAL_WOUND_USE={"real_points": 2})
    assert W.fight_round(two, ch("merry"), ch("n3"), 6, 1, support_a=2).real == 2


@pytest.mark.rule("war-of-the-ring", "§8.1", "§V5")
def test_8_1_nazgul_destroyed_when_real_damage_empties_its_lasting_endurance() -> None:
    fresh = ch("n3", 1)                                                       # lasting E 1
    r = W.fight_round(D, ch("merry"), fresh, 6, 1, support_a=2)              # 1 real, 3 shadow
    assert r.fate == "destroyed"
    worn = ch("n3", 1, shadow=6)                                             # lasting E 7
    r = W.fight_round(D, ch("merry"), worn, 6, 1, support_a=2)
    assert r.fate == "dispersed"
    r = W.fight_round(D, ch("eowyn"), ch("n3", 2, shadow=5), 6, 2)           # 3 real of 7
    assert r.fate == "dispersed"


@pytest.mark.rule("war-of-the-ring", "§10.9.4", "§8.1")
def test_10_9_4_all_the_claimants_damage_to_nazgul_is_real() -> None:
    claim = ch("aragorn", items=("anduril", "the-one-ring"), wearing=True, claimant=True)
    r = W.fight_round(D, claim, ch("n1"), 1, 1)                              # 11 vs 7: by 4
    assert (r.real, r.shadow, r.after) == (4, 0, 6) and not r.to_citadel
    r = W.fight_round(D, claim, ch("n3", 4), 1, 1)                           # by 6
    assert r.fate == "destroyed"
    wearer = ch("aragorn", items=("anduril", "the-one-ring"), wearing=True)
    assert W.fight_round(D, wearer, ch("n1"), 3, 1).real == 0              # wearer: shadow


# ------------------------------------------------------------------------------------------------
# Mithril and Dwarf-mail: the first wound (one point) of each combat


@pytest.mark.rule("war-of-the-ring", "§8", "§11.9")
def test_8_mithril_ignores_the_first_point_of_damage_in_each_combat() -> None:
    r = W.fight_round(D, ch("n3"), frodo(), 3, 2)                            # 7 vs 4: by 3
    assert (r.margin, r.absorbed, r.damage, r.after) == (3, 1, 2, 4)
    assert any("mithril-coat" in t for t in r.log)
    r = W.fight_round(D, ch("n3"), frodo(), 3, 2, first_wound_used_b=True)   # already used
    assert (r.absorbed, r.damage, r.after) == (0, 3, 3)
    bare = ch("frodo", items=("the-one-ring", "sting"))
    assert W.fight_round(D, ch("n3"), bare, 3, 2).damage == 3                # no coat
    r = W.fight_round(D, ch("n3"), frodo(), 1, 2)                            # 5 vs 4: by 1
    assert (r.absorbed, r.damage, r.after) == (1, 0, 6)
    r = W.fight_round(D, frodo(), ch("n3"), 2, 3, first_wound_used_a=False)  # b wins: Frodo is a
    assert r.winner == "b" and r.absorbed == 1
    r = W.fight_round(D, ch("n3", 1), frodo(), 1, 6)                         # Frodo wins
    assert r.winner == "b" and r.absorbed == 0 and r.fate == "dispersed"


@pytest.mark.rule("war-of-the-ring", "§11.9")
def test_11_9_dwarf_mail_ignores_the_first_wound_too() -> None:
    sam = ch("sam", items=("dwarf-mail",))
    r = W.fight_round(D, ch("mouth"), sam, 5, 1)                             # 8 vs 3: by 5
    assert (r.absorbed, r.damage, r.after) == (1, 4, 2)
    assert W.fight_round(D, ch("mouth"), sam, 5, 1, first_wound_used_b=True).damage == 5
    assert W.fight_round(D, ch("mouth"), ch("sam"), 5, 1).damage == 5


# ------------------------------------------------------------------------------------------------
# The Ring: seizure [WR §10.4] 5 and Gollum [WR §10.9.5]


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_ring_seizure_by_4_not_3() -> None:
    r = W.fight_round(D, ch("n3"), frodo(), 4, 2)                            # 8 vs 4: by 4
    assert r.seizure_possible and any("R-RING-SEIZE-4" in t for t in r.log)
    assert r.damage == 3                                                      # or the wound
    assert not W.fight_round(D, ch("n3"), frodo(), 3, 2).seizure_possible    # by 3
    assert W.fight_round(D, ch("mouth"), frodo(), 4, 1).seizure_possible     # 7 vs 3
    assert W.fight_round(D, frodo(), ch("mouth"), 1, 6).winner == "b"
    orc = W.fighter_from_unit(D, "MOR-01", 25)
    assert W.fight_round(D, orc, frodo(), 4, 1).seizure_possible             # as a character
    five = with_values(R_RING_SEIZE_4={"margin": 5})
    assert not W.fight_round(five, ch("n3"), frodo(), 4, 2).seizure_possible


@pytest.mark.rule("war-of-the-ring", "§10.4")
def test_10_4_seizure_needs_a_dark_character_beating_the_ring_bearer() -> None:
    assert not W.fight_round(D, ch("mouth"), ch("sam"), 6, 1).seizure_possible   # not bearer
    assert not W.fight_round(D, frodo(), ch("mouth"), 6, 1).seizure_possible     # bearer wins
    shelob = W.fighter_from_monster(D, "shelob")
    r = W.fight_round(D, shelob, frodo(), 1, 1)                              # 8 vs 3: monster
    assert r.winner == "a" and r.margin == 5 and not r.seizure_possible


@pytest.mark.rule("war-of-the-ring", "§10.9.5")
def test_10_9_5_gollum_takes_the_ring_winning_by_3_not_2() -> None:
    r = W.gollum_attack(D, 5, 2, frodo())                                    # 7 vs 4: by 3
    assert r.gollum_takes_ring and (r.damage, r.after) == (0, None)
    assert any("[WR §10.9.5]" in t for t in r.log) and not r.seizure_possible
    r = W.gollum_attack(D, 4, 2, frodo())                                    # by 2: a wound
    assert not r.gollum_takes_ring and (r.absorbed, r.damage, r.after) == (1, 1, 5)
    assert W.gollum_attack(D, 6, 1, frodo(wearing=True)).gollum_takes_ring  # 8 vs 5, worn
    assert not W.gollum_attack(D, 5, 1, frodo(wearing=True)).gollum_takes_ring
    four = with_values(R_GOLLUM_TABLE={"take_ring_margin": 4})
    assert not W.gollum_attack(four, 5, 2, frodo()).gollum_takes_ring


@pytest.mark.rule("war-of-the-ring", "§10.9.5")
def test_10_9_5_gollum_attacks_the_bearer_alone_and_can_die() -> None:
    r = W.gollum_attack(D, 1, 6, frodo())                                    # 3 vs 8: by 5
    assert (r.winner, r.after, r.fate) == ("b", 0, "killed")
    assert W.gollum_attack(D, 1, 6, frodo(), gollum_endurance=9).fate is None
    sam_bearer = ch("sam", items=("the-one-ring",))
    assert W.gollum_attack(D, 5, 2, sam_bearer).gollum_takes_ring            # 7 vs 4
    with pytest.raises(ValueError, match="10.9.5"):
        W.gollum_attack(D, 6, 1, ch("sam"))


# ------------------------------------------------------------------------------------------------
# Leader loss [WR §11.5]


@pytest.mark.rule("war-of-the-ring", "§11.5")
def test_11_5_leader_loss_rows() -> None:
    for die in (1, 2):
        effect, _, text = W.leader_loss(D, die)
        assert effect == "killed" and "[WR §11.5]" in text
        assert W.leader_loss(D, die, nazgul=True)[0] == "dispersed"
    for die in (3, 4):
        assert W.leader_loss(D, die)[:2] == ("endurance", -2)
        assert W.leader_loss(D, die, nazgul=True)[:2] == ("endurance", -2)
        assert "-2 Endurance" in W.leader_loss(D, die)[2]
    for die in (5, 6):
        assert W.leader_loss(D, die)[:2] == ("unharmed", 0)
        assert W.leader_loss(D, die, nazgul=True)[0] == "unharmed"
    with pytest.raises(KeyError):
        W.leader_loss(D, 7)


# ------------------------------------------------------------------------------------------------
# Every number is data [WR §14]


@pytest.mark.rule("war-of-the-ring", "§10.9.3", "§10.9.4", "§14")
def test_14_ring_bonuses_are_read_from_the_data() -> None:
    alt = with_values(R_WEAR_EFFECTS={"combat_bonus": 5}, R_CLAIM_C_REPLACES={"combat_bonus": 1})
    assert W.effective_combat(alt, frodo(wearing=True), ch("n3"))[0] == 7
    claim = ch("gandalf", items=("glamdring", "the-one-ring"), wearing=True, claimant=True)
    assert W.effective_combat(alt, claim, ch("n3"))[0] == 7
    assert "[WR §10.9.3]" in (W.may_fight(D, ch("mouth"), frodo(wearing=True)) or "")
    free_for_all = with_values(R_WEAR_EFFECTS={"only_nazgul_fight": False})
    assert W.may_fight(free_for_all, ch("mouth"), frodo(wearing=True)) is None
