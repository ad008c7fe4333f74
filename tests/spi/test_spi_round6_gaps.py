"""Standard Rules halves the seed-4 whole-system estimate (issue 17) showed no test checking:
[8.3] only a leader on the map rallies; [8.44] a formation's attack letter is explained
in the preview, and a formation's refused attack names the rule it breaks; [8.45] a formation
formed in an earlier Game-Turn is refused for what really stops it."""

from __future__ import annotations

import pytest

from conftest import Position, illegal, to_melee

rule = pytest.mark.rule


@rule("standard", "[8.3]")
def test_8_3_a_leader_off_the_map_may_not_rally():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    m = pos.place("men", "0210", disrupted=True)
    pos.place("elendil", "0210")
    pos.place("orc", "1515")
    g = pos.game()
    assert g.units["isildur"].where == "offmap"
    err = illegal(g, {"type": "rally", "unit": "isildur", "target": m}, "[8.3]")
    assert "is not a leader on the map" in err.why
    assert {"type": "rally", "unit": "elendil", "target": m} in g.legal_actions()


@rule("standard", "[8.44]")
def test_8_44_the_preview_explains_a_formation_s_attack_letter():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    a, b = pos.place("men", "0210"), pos.place("men", "0210")
    pos.formation(a, b, "shield_wall")
    o = pos.place("orc", "0310")
    pos.place("orc", "1515")
    g = pos.game()
    to_melee(g)
    shifts = g.preview({"type": "attack", "unit": a, "target": o})["shifts"]
    assert [s for s in shifts if s["rule"] == "[8.44]" and "special formation" in s["text"]]


@rule("standard", "[8.44]")
def test_8_44_a_formation_s_refused_attack_with_no_battle_open_names_the_rule_it_breaks():
    # no attack is open yet; a formation unit's attack on a unit two hexes away is refused for
    # [7.31] (not adjacent), whatever its partner does
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    a, b = pos.place("men", "0210"), pos.place("men", "0210")
    pos.formation(a, b, "shield_wall")
    far = pos.place("orc", "0410")
    pos.place("orc", "0310")                                # an attack the phase may offer
    pos.place("orc", "1515")
    g = pos.game()
    to_melee(g)
    assert g.battle is None
    err = illegal(g, {"type": "attack", "unit": a, "target": far})
    assert err.rule != "[8.44]"


@rule("standard", "[8.45]", "[6.11]")
def test_8_45_a_formation_formed_in_an_earlier_turn_in_an_enemy_zoc_is_refused_for_the_zoc():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    a, b = pos.place("men", "0210"), pos.place("men", "0210")
    pos.formation(a, b, "shield_wall")
    pos.place("orc", "0310")
    pos.place("orc", "1515")
    pos.place("men", "1818")                                # free to move: the phase is played
    g = pos.game()
    assert g.phase == "F" and g.units[a].formed_turn != g.turn
    err = illegal(g, {"type": "select", "unit": a}, "[6.11]")
    assert "enemy ZOC" in err.why
