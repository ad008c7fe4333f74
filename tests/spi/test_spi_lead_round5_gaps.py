"""Rule halves the lead's whole-case runs of round 5 showed unchecked (issue 17,
tools/mutate.py --system standard --case ...): [7.23] a reduced unit that cannot retreat,
[4.27] enemy-occupied hexes in a path and at the entry."""

from __future__ import annotations

import pytest

from conftest import illegal, play, rig
from ringwar.systems.spi.builder import Position

rule = pytest.mark.rule


@rule("standard", "[7.23]")
def test_7_23_a_reduced_unit_stacked_with_a_hurt_leader_that_cannot_retreat_is_eliminated():
    # as test_7_23_stacked_unit_that_cannot_retreat_is_flipped, with Isildur's Men already reduced
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    for t, h in (("orc", "0907"), ("orc", "0909"), ("orc", "1008"), ("orc", "0808"), ("men", "0404")):
        pos.place(t, h)
    men = pos.place("men", "0908", reduced=True)
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    while g.step == "missile":
        play(g, {"type": "end"})
    rig(g, 6, 1)                                     # column 0 die 6: D½; spare die
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert not g.units[men].on_map
    assert any(e["rule"] == "[7.23]" and e["type"] == "eliminated" and e.get("unit") == men for e in ev)


def _line(g):
    """Three clear hexes in a straight line, A-B-C, with every neighbour of B clear too."""
    hm = g.hexmap
    for a in sorted(hm.hexes):
        for b in hm.adjacent(a):
            for c in hm.adjacent(b):
                if c == a or c in hm.adjacent(a):
                    continue
                common = set(hm.adjacent(a)) & set(hm.adjacent(c))
                if common == {b} and all(hm.terrain(x) == "clear" for x in (a, b, c, *hm.adjacent(b))):
                    return a, b, c
    raise AssertionError("no straight line of clear hexes")


@rule("standard", "[4.27]", "[8.22]")
def test_4_27_no_unit_moves_through_a_hex_an_enemy_leader_holds_though_he_has_no_zoc():
    probe = Position("sauron", seed=3).clear().at(turn=3, phase="C").game()
    a, b, c = _line(probe)
    for leader in (False, True):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="C")
        orc = pos.place("orc", a)
        if leader:
            pos.place("elendil", b)
        pos.place("men", "0404")
        g = pos.game()
        cost = g.destinations(g.units[orc])[c][0]
        assert cost == (3 if leader else 2), (leader, cost)      # around him, not through


@rule("standard", "[4.27]", "[6.11]")
def test_4_27_a_reinforcement_whose_every_entry_is_held_by_the_enemy_may_not_be_selected():
    pos = Position("gondor", seed=1).clear().at(turn=2, phase="C")
    probe = pos.game()
    entries = list(probe.hexmap.place("reinforcement_entry"))
    pos = Position("gondor", seed=1).clear().at(turn=2, phase="C")
    kinds = ["gondor_spearmen1", "gondor_spearmen2", "gondor_spearmen3", "gondor_spearmen4",
             "gondor_axeman1", "gondor_bowman1", "armored_archer1"]
    placed = 0
    for h, k in zip(entries, kinds, strict=False):
        pos.place(k, h)
        placed += 1
    assert placed == len(entries)
    pos.place("troll2", "1510")                      # a Sauron unit that can move: the phase stays
    pos.extra(available=["troll1"])
    g = pos.game()
    assert g.step_side == "sauron"
    why = illegal(g, {"type": "select", "unit": "troll1"})
    assert why.rule == "[4.27]" and "every hex" in why.why and "enemy-occupied" in why.why
    # a unit on the map that may not move is refused for its own reason, not [4.27]
    pos.place("troll3", "1512")
    pos.place("gondor_bowman1", "1513")
    g = pos.game()
    assert illegal(g, {"type": "select", "unit": "troll3"}).rule == "[6.11]"


@rule("gondor", "[16.11]")
def test_16_11_equipment_on_the_map_may_not_be_selected_to_move_by_itself():
    pos = Position("gondor", seed=1).clear().at(turn=2, phase="C")
    pos.place("troll2", "1510")
    pos.place("siege_tower1", "1610")
    g = pos.game()
    assert illegal(g, {"type": "select", "unit": "siege_tower1"}).rule == "[16.11]"
