"""The choices the close-combat rules give a side [MT §7.5.6]-[MT §7.5.10]: the commander's
rally back or stay, the winner's follow-up or stand (R-96), the countercharger's breakthrough
paid from its bank (R-99), the disengaging unit's facing, and the disorganization tests
taken only once every breakthrough and choice has ended.

The duels are those of test_combat: G3 (4 figures, HI) charges M3 (4 figures, MI) with their
fronts 4″ apart; results dice of 3 against 1 push M3 back 5″ (no penetration), 4 against 1
penetrate (D = 6)."""

from __future__ import annotations

import pytest

from .builder import events, rule, texts
from .test_breakthrough import engaged, penetrate
from .test_combat import FOUR, MISS, charge, duel
from .test_reactions import window


def who_tested(ev: list[dict]) -> list[str]:
    return [e["text"].split(" tests")[0] for e in events(ev, "test")]


def touching(t, a: str, b: str) -> bool:
    g = t.g
    return g.footprint(g.units[a]).distance(g.footprint(g.units[b])) <= 0.05


def pushed_back() -> tuple:
    """G3 wins by 5: M3 is pushed back 5″ and G3 may follow up (R-96)."""
    t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
    x0 = t.g.units["G3"].x
    ev = charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, 3), (6, 1))
    return t, ev, x0


# ----- §7.5.7 R-96 follow-up or stand --------------------------------------------------------------

@rule("§7.5.7")
def test_7_5_7_r96_the_winner_of_a_push_back_chooses_to_follow_up_or_stand():
    t, ev, x0 = pushed_back()
    assert t.g.stage == "choice" and t.g.phase == "follow-up" and t.g.rules_to_act == "west"
    assert t.menu() == [{"type": "follow_up", "unit": "G3"}, {"type": "stand", "unit": "G3"}]
    assert not touching(t, "G3", "M3")
    pips = t.g.pips
    t.force((8, 1), (8, 1))
    ev = t.apply({"type": "follow_up", "unit": "G3"})
    g3 = t.g.units["G3"]
    assert g3.x == pytest.approx(x0 + 4.0 + 5.0, abs=0.06) and g3.heading == pytest.approx(0)
    assert touching(t, "G3", "M3") and "(R-96)" in texts(events(ev, "follow_up"))
    assert t.g.pips == pips and t.g.stage == "round"            # free


@rule("§7.5.7")
def test_7_5_7_r96_standing_leaves_the_winner_where_it_fought():
    t, _, _ = pushed_back()
    x = t.g.units["G3"].x
    t.force((8, 1), (8, 1))
    ev = t.apply({"type": "stand", "unit": "G3"})
    assert t.g.units["G3"].x == x and not touching(t, "G3", "M3")
    assert "(R-96)" in texts(events(ev, "stand")) and t.g.stage == "round"


@rule("§7.5.7", "§6.6")
def test_7_5_7_r96_the_defender_that_wins_chooses_in_the_active_sides_round():
    # M3 charges G3 and loses by 5: G3 (the West, not active) decides
    t = duel("M3", "G3", side="dark-lord", a_kw=FOUR, d_kw=FOUR)
    charge(t, "M3", "G3", (6, 4), *[MISS] * 8, (6, 1), (6, 6))
    assert t.g.phase == "follow-up" and t.g.rules_to_act == "west" and t.g.active == "dark-lord"
    assert t.menu() == [{"type": "follow_up", "unit": "G3"}, {"type": "stand", "unit": "G3"}]
    t.refused({"type": "stand", "unit": "M3"}, "[MT §7.5.7]")


@rule("§7.5.7", "§7.1.6")
def test_7_5_7_r96_a_disorganized_winner_does_not_follow_up():
    t = duel("G3", "M3", gap=0, card="close_combat", a_kw=FOUR, d_kw=FOUR)
    t.g.units["G3"].organized = False
    t.force(*[MISS] * 8, (6, 6), (6, 1), (8, 1), (8, 1))
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert events(ev, "push") and t.g.stage == "round"
    assert who_tested(ev) == ["Men of Minas Tirith (G3)", "Morgul orcs 3 (M3)"]


# ----- §7.5.10 the tests come once every choice is made ---------------------------------------------

@rule("§7.5.10")
def test_7_5_10_the_tests_wait_for_the_follow_up_choice():
    t, ev, _ = pushed_back()
    assert not events(ev, "test")                # not yet
    t.force((8, 1), (8, 1))
    ev = t.apply({"type": "stand", "unit": "G3"})
    assert len(events(ev, "test")) == 2


@rule("§7.5.10", "§7.5.8")
def test_7_5_10_the_tests_come_after_the_breakthrough_and_its_combat():
    t = penetrate()
    assert t.g.phase == "breakthrough" and not [e for e in t.g.log if e["type"] == "test"]
    # the advance: 1d6, a tie (M3 now disorganized), then the tests of both combats
    dice = t.force((6, 3), *[MISS] * 8, (6, 1), (6, 6), (8, 2), (8, 2), (8, 1), (8, 1))
    ev = t.apply({"type": "breakthrough", "unit": "G3", "target": "M3"})
    dice.done()
    kinds = [e["type"] for e in ev]
    assert kinds.index("test") > kinds.index("combat") > kinds.index("breakthrough")
    assert len(events(ev, "combat")) == 1 and len(events(ev, "test")) == 4
    assert who_tested(ev) == ["Men of Minas Tirith (G3)", "Morgul orcs 3 (M3)"] * 2


@rule("§7.5.10", "§7.5.8")
def test_7_5_10_standing_after_a_penetration_rolls_the_tests():
    t = penetrate()
    t.force((8, 1), (8, 1))
    ev = t.apply({"type": "stand", "unit": "G3"})
    assert len(events(ev, "test")) == 2 and t.g.stage == "round"


# ----- §7.5.6 the commander's choice -------------------------------------------------------------

def cavalry_fails_to_break_in(commander: bool = True):
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    if commander:
        t.leader("forlong", attached_to="G8")
    x0 = t.g.units["G8"].x
    # forlong's CL 1: 1 + 6 = 7 against 3 + 0: D = 4, short of the 5 that penetrates
    ev = charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 3))
    return t, ev, x0


@rule("§7.5.6")
def test_7_5_6_the_owner_of_cavalry_with_a_commander_chooses_rally_back_or_stay():
    t, ev, _ = cavalry_fails_to_break_in()
    assert t.g.phase == "rally back" and t.g.rules_to_act == "west"
    assert t.menu() == [{"type": "rally_back", "unit": "G8"}, {"type": "stay", "unit": "G8"}]
    assert not events(ev, "test") and not t.g.units["G8"].organized
    t.refused({"type": "follow_up", "unit": "G8"}, "[MT §7.5.6]")


@rule("§7.5.6")
def test_7_5_6_rally_back_a_full_move_facing_the_enemy():
    t, _, x0 = cavalry_fails_to_break_in()
    pips = t.g.pips
    t.force((8, 1), (8, 1))
    ev = t.apply({"type": "rally_back", "unit": "G8"})
    g8 = t.g.units["G8"]
    assert g8.x == pytest.approx(x0 + 4.0 - 16.0, abs=0.06)    # HC: a full move of 16″
    assert g8.heading == pytest.approx(0, abs=1) and t.g.pips == pips
    assert events(ev, "retreat") and len(events(ev, "test")) == 2
    assert t.g.leaders["forlong"].x == g8.x                     # he goes with it


@rule("§7.5.6", "§7.5.7")
def test_7_5_6_stay_in_the_melee_follows_the_infantry_to_stay_in_contact():
    t, _, x0 = cavalry_fails_to_break_in()
    t.force((8, 1), (8, 1))
    t.apply({"type": "stay", "unit": "G8"})
    assert t.g.units["G8"].x == pytest.approx(x0 + 4.0 + 4.0, abs=0.06)   # the 4″ gap + D
    assert touching(t, "G8", "M3") and t.g.stage == "round"


@rule("§7.5.6")
def test_7_5_6_without_a_commander_an_even_d6_stays_in_contact_and_no_choice_is_offered():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 2), (6, 2), (8, 1), (8, 1))
    assert t.g.stage == "round" and touching(t, "G8", "M3")


# ----- §7.5.8 R-99 a countercharger breaks through from its bank ------------------------------------

def countercharge_and_win(bank: int, rd: int = 6):
    t = window("M3", "G3", 16.0, bank=bank)
    charge(t, "M3", "G3", (6, 6))                               # 18″
    t.force((6, 4))
    t.apply({"type": "countercharge", "unit": "G3"})            # 7″ to meet it
    t.force(*[MISS] * 8, (6, 1), (6, rd), then_random=True)
    ev = t.apply({"type": "react_done"})
    return t, ev


@rule("§7.5.8", "§6.6")
def test_7_5_8_r99_a_countercharger_that_penetrates_may_break_through_from_its_bank():
    t, ev = countercharge_and_win(bank=2)
    assert events(ev, "penetrated") and t.g.phase == "breakthrough"
    assert t.g.rules_to_act == "west" and t.g.active == "dark-lord" and t.g.bank["west"] == 1
    assert "1 banked pip, R-99" in texts(events(ev, "breakthrough"))
    assert {"type": "breakthrough", "unit": "G3", "target": "M3"} in t.menu()
    pips = t.g.pips
    ev = t.apply({"type": "breakthrough", "unit": "G3", "target": "M3"})
    assert t.g.bank["west"] == 0 and t.g.pips == pips            # the bank pays, not the mover
    assert events(ev, "combat")


@rule("§7.5.8", "§6.6")
def test_7_5_8_r99_no_breakthrough_for_a_countercharger_with_an_empty_bank():
    t, ev = countercharge_and_win(bank=1)                       # the countercharge spent it
    assert events(ev, "penetrated") and t.g.phase != "breakthrough"


# ----- §7.5.9 the facing of a unit that disengages ------------------------------------------------------

@rule("§7.5.9")
@pytest.mark.parametrize("facing, heading", [("enemy", 0.0), ("away", 180.0)])
def test_7_5_9_the_owner_chooses_to_face_the_enemy_or_directly_away(facing, heading):
    t = engaged()
    x0 = t.g.units["G3"].x
    t.force((8, 1))
    t.act("G3", {"type": "disengage", "unit": "G3", "facing": facing})
    g3 = t.g.units["G3"]
    assert g3.x == pytest.approx(x0 - 5.0, abs=0.01) and g3.heading == pytest.approx(heading)
    assert g3.organized


@rule("§7.5.9")
def test_7_5_9_a_natural_8_falls_back_so_faced_and_disorganized():
    t = engaged()
    t.force((8, 8))
    t.act("G3", {"type": "disengage", "unit": "G3", "facing": "away"})
    g3 = t.g.units["G3"]
    assert g3.heading == pytest.approx(180.0) and not g3.organized


@rule("§7.5.9")
@pytest.mark.parametrize("facing", [None, "left", "back"])
def test_7_5_9_the_facing_must_be_enemy_or_away(facing):
    t = engaged()
    t.select("G3")
    action = {"type": "disengage", "unit": "G3"}
    if facing is not None:
        action["facing"] = facing
    t.refused(action, "[MT §7.5.9]")
