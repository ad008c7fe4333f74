"""The halves of War of the Ring's rules that mutation testing over WHOLE cases (issue 17,
round 4: every mutant of [WR §10.3], [WR §10.4], [WR §8.1], [WR §6.2], [WR §V24]) showed
untested.  Positions are built by hand (``builder.Position``); dice are scripted, so an
unexpected roll fails."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring.data import load

from .builder import Position

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
