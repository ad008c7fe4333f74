"""Combined moves [MT §7.1.7]: units within 4″ of each other (in a chain), inside one common
unattached leader's span, make the identical move at the slowest member's rate for 1 pip,
and may not make contact.

G3 stands at (100, 60) facing east (4 files: y 58-62); G7 (and G2) stand north of it."""

from __future__ import annotations

import math

import pytest

from .builder import Table, events, rule

FOUR = {"figures": 4, "files": 4}


def column(gap: float = 4.0, *, third: str | None = None, leader: str | None = "hurin",
           second: str = "G7", side_kw: dict | None = None) -> Table:
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10, bank=0)
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit(second, 100, 60 + 4 + gap, 0, **(side_kw or FOUR))
    if third is not None:
        t.unit(third, 100, 60 + 2 * (4 + gap), 0, **FOUR)
    if leader is not None:
        t.leader(leader, 97, 64 + gap / 2)
    return t


def group_moves(t: Table, uid: str = "G3") -> list[dict]:
    return [a for a in t.g.actor_menu(uid) if a["type"] == "group_move"]


@rule("§7.1.7")
@pytest.mark.parametrize("gap, grouped", [(4.0, True), (4.05, False)])
def test_7_1_7_units_within_4_inches_of_each_other(gap, grouped):
    t = column(gap)
    g = t.g
    assert g.group_of(g.units["G3"]) == (["G3", "G7"] if grouped else ["G3"])
    assert bool(group_moves(t)) == grouped


@rule("§7.1.7")
def test_7_1_7_a_chain_of_units_each_within_4_inches_moves_as_one_group():
    t = column(4.0, third="G2")                    # G3-G2 are 12" apart, linked by G7
    g = t.g
    assert g.group_of(g.units["G3"]) == ["G2", "G3", "G7"]
    assert group_moves(t)[0]["units"] == "G2,G3,G7"


@rule("§7.1.7", "§2.7")
def test_7_1_7_one_common_unattached_leaders_span():
    t = column(leader=None)
    assert t.g.group_of(t.g.units["G3"]) == ["G3"]                    # no leader
    t = column(leader=None)
    t.leader("hurin", attached_to="G3")            # an attached leader commands only his unit
    assert t.g.group_of(t.g.units["G3"]) == ["G3"]
    t = column(leader=None)
    t.leader("hirluin", 100, 54)                   # CS 8: G3 only (G7 from y 68 is 14" off)
    t.leader("duinhir", 100, 76)                   # CS 8: G7 only
    assert t.g.group_of(t.g.units["G3"]) == ["G3"]


@rule("§7.1.7", "§7.1.1", "§7.1.4")
def test_7_1_7_identical_move_at_the_slowest_members_rate():
    t = column(second="G4")                        # G3 HI 10", G4 MI 12"
    g = t.g
    assert {a["path"] for a in group_moves(t)} == {"m0:5", "m0:10"}
    with pytest.raises(Exception) as info:
        g.check_group(["G3", "G4"], "m0:10.5")
    assert "[MT §7.1.4]" in str(info.value)
    x3, x4, y4 = g.units["G3"].x, g.units["G4"].x, g.units["G4"].y
    t.act("G3", {"type": "group_move", "units": "G3,G4", "path": "m0:10"})
    assert g.units["G3"].x == pytest.approx(x3 + 10) and g.units["G4"].x == pytest.approx(x4 + 10)
    assert g.units["G4"].y == pytest.approx(y4)


@rule("§7.1.7", "§6.5")
def test_7_1_7_one_pip_for_the_group_and_every_member_has_acted():
    t = column()
    g = t.g
    ev = t.act("G3", {"type": "group_move", "units": "G3,G7", "path": "m0:5"})
    assert events(ev, "group_move") and g.pips == 9
    assert g.units["G3"].acted_on == g.units["G7"].acted_on == g.card_no["west"]
    assert g.why_not_move(g.units["G7"]).rule == "[MT §6.5]"
    assert {"type": "select", "actor": "G7"} not in t.menu()


@rule("§7.1.7", "§7.5.1")
def test_7_1_7_a_combined_move_may_not_make_contact():
    t = column()
    t.front_at("M3", 110.5 + 0.05, 68, 180, **FOUR)   # G7's front reaches x 110.5 after 10"
    g = t.g
    with pytest.raises(Exception) as info:
        g.check_group(["G3", "G7"], "m0:10")
    assert "[MT §7.1.7]" in str(info.value)
    assert {a["path"] for a in group_moves(t)} == {"m0:5"}
    t.select("G3")
    t.refused({"type": "group_move", "units": "G3,G7", "path": "m0:10"})


@rule("§7.1.7", "§6.6")
def test_7_1_7_a_combined_move_opens_one_reaction_window_and_all_complete_after_it():
    t = column()
    t.g.bank["dark-lord"] = 1
    t.front_at("M3", 125, 68, 180, **FOUR)
    t.leader("orc-captain-1", 128, 68)
    g = t.g
    t.act("G3", {"type": "group_move", "units": "G3,G7", "path": "m0:10"})
    assert g.stage == "react" and g.pending["triggered"] == ["M3"]
    assert g.units["G3"].x == pytest.approx(100)
    t.apply({"type": "react_done"})
    assert g.units["G3"].x == pytest.approx(110) and g.units["G7"].x == pytest.approx(110)


# ----- any identical path; the largest part one leader covers; leaders moving with a unit -----------

@rule("§7.1.7")
def test_7_1_7_any_identical_path_may_be_sent_for_the_group():
    t = column()
    g = t.g
    t.select("G3")
    action = {"type": "group_move", "units": "G3,G7", "path": "m20:3"}
    assert action not in t.menu() and g.is_legal(action)
    x3, y7 = g.units["G3"].x, g.units["G7"].y
    t.apply(action)
    dx = 3 * math.cos(math.radians(20))
    assert g.units["G3"].x == pytest.approx(x3 + dx, abs=0.01)
    assert g.units["G7"].y == pytest.approx(y7 + 3 * math.sin(math.radians(20)), abs=0.01)
    assert g.pips == 9


@rule("§7.1.7")
def test_7_1_7_an_off_menu_group_path_is_still_checked_exactly():
    t = column()
    t.select("G3")
    t.refused({"type": "group_move", "units": "G3,G7", "path": "m0:10.5"}, "[MT §7.1.4]")
    t.refused({"type": "group_move", "units": "G3,G7", "path": "m0:3", "x": 1}, "[MT §7.1.7]")


def split_command() -> Table:
    """G3 - G7 - G2 chained 4″ apart; Hirluin (CS 8) spans G3 and G7, Duinhir G7 and G2."""
    t = column(4.0, third="G2", leader=None)
    t.leader("hirluin", 97, 64)
    t.leader("duinhir", 97, 72)
    return t


@rule("§7.1.7", "§2.7")
def test_7_1_7_without_one_leader_over_the_whole_chain_the_largest_part_one_covers():
    t = split_command()
    g = t.g
    assert g.group_of(g.units["G3"]) == ["G3", "G7"]
    assert g.group_of(g.units["G2"]) == ["G2", "G7"]
    assert g.group_of(g.units["G7"]) == ["G2", "G7"]        # a tie: the first leader by name
    assert {a["units"] for a in group_moves(t, "G3")} == {"G3,G7"}
    t.select("G3")
    t.refused({"type": "group_move", "units": "G2,G3,G7", "path": "m0:5"}, "[MT §7.1.7]")
    t.apply({"type": "group_move", "units": "G3,G7", "path": "m0:5"})
    assert g.units["G3"].x == pytest.approx(105) and g.units["G2"].x == pytest.approx(100)


@rule("§7.1.7", "§7.11")
def test_7_1_7_an_unattached_leader_in_his_span_moves_with_the_unit_free():
    t = column(leader=None)
    t.leader("hurin", 97, 60)                      # CS 10 over G3
    g = t.g
    t.select("G3")
    assert {"type": "move", "unit": "G3", "path": "m0:10", "leaders": "hurin"} in t.menu()
    t.apply({"type": "move", "unit": "G3", "path": "m0:4", "leaders": "hurin"})
    h = g.leaders["hurin"]
    assert (h.x, h.y) == (pytest.approx(101), pytest.approx(60)) and g.pips == 9
    assert h.acted_on != g.card_no["west"] and h.escort is None          # still his own action


@rule("§7.1.7")
@pytest.mark.parametrize("off, ok", [(10.0, True), (10.05, False)])
def test_7_1_7_only_a_leader_inside_his_span_of_the_unit_moves_with_it(off, ok):
    t = column(leader=None)
    g = t.g
    rear = t.footprint("G3").bounds[0]
    t.leader("hurin", rear - off, 60)              # Húrin's CS is 10″
    t.select("G3")
    action = {"type": "move", "unit": "G3", "path": "m0:4", "leaders": "hurin"}
    if ok:
        assert g.is_legal(action)
    else:
        t.refused(action, "[MT §7.1.7]")


@rule("§7.1.7")
def test_7_1_7_an_attached_or_enemy_leader_is_not_named_to_move_with_a_unit():
    t = column(leader=None)
    t.leader("hurin", attached_to="G7")
    t.leader("gothmog", 97, 60)
    t.select("G3")
    t.refused({"type": "move", "unit": "G3", "path": "m0:4", "leaders": "hurin"}, "[MT §7.1.7]")
    t.refused({"type": "move", "unit": "G3", "path": "m0:4", "leaders": "gothmog"}, "[MT §7.1.7]")
