"""Breakthrough [MT §7.5.8] (R-98 to R-101) and disengaging from melee [MT §7.5.9].

The duels are those of test_combat: G3 (4 figures) charges M3 (4 figures) in open field;
results dice of 4 against 1 penetrate (D = 6), 3 against 1 only push back (D = 5)."""

from __future__ import annotations

import pytest

from .builder import Table, events, rule, texts
from .test_combat import FOUR, MISS, charge, duel


def penetrate(ra: int = 4, pips: int = 10, attacker: str = "G3") -> Table:
    if attacker == "G3":
        t = duel("G3", "M3", a_kw=FOUR, d_kw=FOUR)
        t.g.pips = pips
        charge(t, "G3", "M3", (6, 4), *[MISS] * 8, (6, ra), (6, 1), (8, 1), (8, 1),
               then_random=pips == 1)                # the Round ends: the next impetus roll
    else:                                          # G8 heavy cavalry, penetrating at 5
        t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
        t.g.pips = pips
        charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 1), (8, 1), (8, 1))
    return t


# ----- §7.5.8 breakthrough ----------------------------------------------------------------------

@rule("§7.5.8", "§7.5.7")
@pytest.mark.parametrize("ra, offered", [(4, True), (3, False)])
def test_7_5_8_breakthrough_only_after_the_attacker_penetrates(ra, offered):
    t = penetrate(ra)
    assert (t.g.phase == "breakthrough") == offered
    if offered:
        assert t.g.phase == "breakthrough" and t.g.rules_to_act == "west"
        assert t.menu() == [{"type": "breakthrough", "unit": "G3", "target": "M3"},
                            {"type": "stand", "unit": "G3"}]
    else:                                          # only the follow-up of R-96
        assert not events(t.g.log, "breakthrough") and t.g.phase == "follow-up"


@rule("§7.5.8")
def test_7_5_8_r98_standing_is_free():
    t = penetrate()
    pips = t.g.pips
    x = t.g.units["G3"].x
    ev = t.apply({"type": "stand", "unit": "G3"})
    assert "(R-98)" in texts(ev) and t.g.pips == pips and t.g.units["G3"].x == x
    assert t.g.stage == "round" and t.g.units["G3"].no_flank_until < t.g.round


@rule("§7.5.8", "§7.1.3")
def test_7_5_8_the_advance_costs_1_pip_is_a_full_charge_move_and_shocks():
    t = penetrate()
    pips = t.g.pips
    t.force((6, 3), then_random=True)
    ev = t.apply({"type": "breakthrough", "unit": "G3", "target": "M3"})
    assert t.g.pips == pips - 1
    assert "breaks through at Morgul orcs 3 (M3): 3" in texts(ev)
    assert events(ev, "combat")[0]["text"].startswith("Shock")


@rule("§7.5.8", "§6.5")
def test_7_5_8_no_breakthrough_offered_without_a_pip_left():
    t = penetrate(pips=1)                          # the charge spent it
    assert t.g.phase != "breakthrough" and not events(t.g.log, "breakthrough")


@rule("§7.5.8")
def test_7_5_8_r99_cavalry_without_an_attached_commander_must_advance():
    t = penetrate(attacker="G8")
    assert t.menu() == [{"type": "breakthrough", "unit": "G8", "target": "M3"}]
    t.refused({"type": "stand", "unit": "G8"}, "[MT §7.5.8]")


@rule("§7.5.8")
def test_7_5_8_r99_cavalry_with_an_attached_commander_may_stand():
    t = duel("G8", "M3", a_kw={"files": 4}, d_kw=FOUR)
    t.leader("forlong", attached_to="G8")          # CL 1 on the results roll: 1 + 6 + 1 = 8
    charge(t, "G8", "M3", (6, 1), (6, 1), *[MISS] * 12, (6, 1), (6, 1), (8, 1), (8, 1))
    assert {"type": "stand", "unit": "G8"} in t.menu()
    t.apply({"type": "stand", "unit": "G8"})
    assert t.g.stage == "round"


@rule("§7.5.8", "§7.2")
def test_7_5_8_r101_no_flank_or_rear_through_round_r_plus_2():
    t = penetrate()
    t.force((6, 3), then_random=True)
    t.apply({"type": "breakthrough", "unit": "G3", "target": "M3"})
    g = t.g
    r = g.round
    assert g.units["G3"].no_flank_until == r + 2
    for rnd, flank in ((r + 2, False), (r + 3, True)):
        t2 = Table()
        t2.clear()
        t2.round("dark-lord", card="close_combat", pips=5)
        t2.g.round = rnd
        t2.unit("G3", 110, 60, 0, **FOUR)
        t2.g.units["G3"].no_flank_until = r + 2
        t2.unit("M3", 110, 61.5 + 0.5, 270, **FOUR)     # touching G3's left flank
        t2.force(then_random=True)
        ev = t2.act("M3", {"type": "melee", "unit": "M3", "target": "G3"})
        assert ("flank" in events(ev, "combat")[0]["text"]) == flank, rnd


# ----- §7.5.9 disengaging ------------------------------------------------------------------------

def engaged(card: str = "infantry_move", leader: str | None = "hurin", attached: bool = False,
            uid: str = "G3") -> Table:
    t = duel(uid, "M3", gap=0, card=card, a_kw=FOUR, d_kw=FOUR)
    if leader is not None:
        if attached:
            t.leader(leader, attached_to=uid)
        else:
            t.leader(leader, 96, 60)
    return t


@rule("§7.5.9")
@pytest.mark.parametrize("d8, ok", [(4, True), (5, False)])
def test_7_5_9_d8_at_most_morale_falls_back_half_a_move_in_good_order(d8, ok):
    t = engaged()                                  # G3 morale 4, move 10; hurin not attached
    x0 = t.g.units["G3"].x
    t.force((8, d8))
    ev = t.act("G3", {"type": "disengage", "unit": "G3", "facing": "enemy"})
    g3 = t.g.units["G3"]
    assert t.g.pips == 9 and g3.organized
    assert g3.x == pytest.approx(x0 - 5.0 if ok else x0, abs=0.01)
    assert g3.heading == pytest.approx(0)          # still facing the enemy
    assert bool(events(ev, "retreat")) == ok and not t.g.engaged_with(g3) == ok


@rule("§7.5.9", "§2.7")
@pytest.mark.parametrize("d8, ok", [(6, True), (7, False)])
def test_7_5_9_an_attached_leaders_cl_adds_to_the_morale(d8, ok):
    t = engaged(attached=True)                     # hurin CL 2: 4 + 2
    x0 = t.g.units["G3"].x
    t.force((8, d8))
    t.act("G3", {"type": "disengage", "unit": "G3", "facing": "enemy"})
    assert (t.g.units["G3"].x < x0 - 4) == ok


@rule("§7.5.9")
def test_7_5_9_a_natural_8_falls_back_disorganized_even_when_it_would_pass():
    t = engaged(uid="G1", leader="gandalf", attached=True)   # G1 morale 5 + Gandalf CL 3 = 8
    x0 = t.g.units["G1"].x
    t.force((8, 8))
    t.act("G1", {"type": "disengage", "unit": "G1", "facing": "enemy"})
    g1 = t.g.units["G1"]
    assert not g1.organized and g1.x == pytest.approx(x0 - 5.0, abs=0.01)


@rule("§7.5.9", "§7.1.6", "§5.1")
def test_7_5_9_who_may_try_organized_in_a_leaders_span_on_a_move_card():
    t = engaged()
    assert t.g.disengage_menu(t.g.units["G3"]) == [{"type": "disengage", "unit": "G3", "facing": "enemy"},
                                                   {"type": "disengage", "unit": "G3", "facing": "away"}]
    assert t.g.why_not_move(t.g.units["G3"]).rule == "[MT §7.5.9]"   # no plain move
    t = engaged(leader=None)
    assert t.g.disengage_menu(t.g.units["G3"]) == []
    t = engaged()
    t.g.units["G3"].organized = False
    assert t.g.disengage_menu(t.g.units["G3"]) == []
    for card in ("close_combat", "leader", "reload"):
        t = engaged(card=card)
        assert t.g.disengage_menu(t.g.units["G3"]) == [], card
    t = engaged(card="cavalry_move")               # G3 is infantry: not its card
    assert t.g.disengage_menu(t.g.units["G3"]) == []
    t = engaged()
    t.force((8, 1))
    t.act("G3", {"type": "disengage", "unit": "G3", "facing": "enemy"})
    assert t.g.disengage_menu(t.g.units["G3"]) == []                  # once per card


# ----- passing through a penetrated unit -----------------------------------------------------

@rule("§7.5.7", "§7.5.8")
def test_7_5_7_r97_the_winner_breaking_through_passes_through_the_unit_it_penetrated():
    t = penetrate()
    g = t.g
    m3 = g.units["M3"]
    assert m3.gap == 2.0 and m3.gap_by == "G3"
    t.front_at("M4", 115, 60, 180, **FOUR)          # behind M3 (x 111-112), 10" from G3's front
    assert {"type": "breakthrough", "unit": "G3", "target": "M4"} in t.menu()
    t.force((6, 3), then_random=True)
    ev = t.apply({"type": "breakthrough", "unit": "G3", "target": "M4"})
    assert events(ev, "combat")[0]["defender"] == "M4"
    g3 = t.footprint("G3")
    assert g3.bounds[0] > t.footprint("M3").bounds[2]                   # through and beyond
    assert not g.overlapping(g3, {"G3"})


@rule("§7.5.7", "§7.1.5")
@pytest.mark.parametrize("gap, ok", [(2.05, True), (2.0, False), (0.0, True)])
def test_7_5_7_r97_only_a_unit_narrower_than_the_gap_passes_through_a_penetrated_friend(gap, ok):
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.unit("G3", 100, 60, 0, **FOUR)               # x 99.5-100.5
    t.unit("G7", 95, 60, 0, figures=2, files=2)    # 2" wide, behind it
    g = t.g
    g.units["G3"].gap, g.units["G3"].gap_by = gap, ("M3" if gap else None)
    g.units["G3"].organized = not gap
    t.select("G7")
    action = {"type": "move", "unit": "G7", "path": "m0:8"}
    if ok:
        t.apply(action)
        assert g.units["G7"].x == pytest.approx(103)
    else:
        t.refused(action, "[MT §7.5.7]")


@rule("§7.5.7", "§7.10")
def test_7_5_7_r97_the_gap_closes_when_the_unit_recovers():
    t = Table()
    t.clear()
    t.round("west", card="recovery", pips=10)
    t.unit("G3", 100, 60, 0, **FOUR, organized=False)
    t.leader("hurin", 96, 60)
    g = t.g
    g.units["G3"].gap, g.units["G3"].gap_by = 1.0, "M3"
    t.force((10, 1))
    t.act("G3", {"type": "recover", "unit": "G3"})
    assert g.units["G3"].organized and (g.units["G3"].gap, g.units["G3"].gap_by) == (0.0, None)
