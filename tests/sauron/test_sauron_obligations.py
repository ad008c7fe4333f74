"""A refusal names the rule that obliges the attack: [15.22] for a Dwarf held to its Orc,
[7.31] for a unit held by an enemy ZOC (the SPI engine's one `obligation` hook, issue 13)."""

from __future__ import annotations

import pytest

from conftest import Position, illegal, to_melee

rule = pytest.mark.rule


def held(kind: str):
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    u = pos.place(kind, "0808")
    pos.place("orc", "0807")
    pos.place("warg", "0909")
    g = pos.game()
    to_melee(g)
    return g, u


@rule("sauron", "[15.22]", "[7.31]")
def test_15_22_a_dwarf_attacking_another_enemy_than_its_orc_is_refused_for_15_22():
    g, d = held("dwarf")
    err = illegal(g, {"type": "attack", "unit": d, "target": "warg1"}, "[15.22]")
    assert "within two hexes of" in err.why and "[orc1]" in err.why
    err = illegal(g, {"type": "end"}, "[15.22]")
    assert "must attack it" in err.why


@rule("sauron", "[7.31]")
def test_7_31_a_unit_held_by_an_enemy_zoc_that_does_not_attack_is_refused_for_7_31():
    g, m = held("men")
    err = illegal(g, {"type": "end"}, "[7.31]")
    assert "enemy ZOC" in err.why
