"""Combined moves [MT §7.1.7]: units within 4″ of each other (in a chain), inside one common
unattached leader's span, make the identical move at the slowest member's rate for 1 pip,
and may not make contact.

G3 stands at (100, 60) facing east (4 files: y 58-62); G7 (and G2) stand north of it."""

from __future__ import annotations

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
