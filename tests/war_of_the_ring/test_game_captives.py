"""Captives and their escorts as the game moves them [WR §10.2.4] [WR §V4]."""

from __future__ import annotations

import pytest

from .builder import Position, move, texts

rule = pytest.mark.rule


@rule("war-of-the-ring", "§10.2.4", "§V4")
def test_V4_a_captive_moves_with_its_escort() -> None:
    p = Position().clear().sp(5).mobilize("MOR")
    p.unit("MOR-11", "2920").captive("boromir", "2920", ["MOR-11"])
    g = p.at("7b")
    move(g, "3021", piece="MOR-11")
    assert g.chars["boromir"]["hex"] == "3021" and g.captives["boromir"]["hex"] == "3021"
    assert g.chars["boromir"]["captive"] == "dark"


@rule("war-of-the-ring", "§10.2.4", "§V4", "§6.1")
def test_V4_ten_or_fewer_unmobilized_strength_may_escort_a_captive() -> None:
    p = Position().clear().sp(5)                               # Mordor not mobilized
    p.unit("MOR-11", "2920").captive("boromir", "2920", ["MOR-11"])
    g = p.at("7b")
    move(g, "3021", piece="MOR-11")
    assert g.chars["boromir"]["hex"] == "3021"


@rule("war-of-the-ring", "§10.2.4", "§V4")
def test_V4_an_unmobilized_escort_without_a_captive_still_may_not_move() -> None:
    p = Position().clear().sp(5)
    p.unit("MOR-11", "2920")
    g = p.at("7b")
    assert not [a for a in g.legal_actions() if a["type"] == "select"]


@rule("war-of-the-ring", "§10.2.4", "§10.3")
def test_10_2_4_a_captive_whose_escort_is_eliminated_is_freed_revealed() -> None:
    # 25 Free strength against a 1-strength escort in a clear hex: 25-1 → 8-1; d6 6 → –/100
    p = Position(turn_limit=1).clear().sp(0).mobilize("GON", "MOR")
    p.unit("MOR-11", "2921", 1).captive("boromir", "2921", ["MOR-11"]).unit("GON-01", "2921")
    p.dice(6)
    g = p.at("5d")
    ev = g.apply({"type": "attack", "hex": "2921"})
    assert g.units["MOR-11"]["str"] == 0
    assert g.chars["boromir"]["captive"] is None and "boromir" not in g.captives, texts(ev)
    assert not g.chars["boromir"]["hidden"]
