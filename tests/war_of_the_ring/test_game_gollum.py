"""Gollum with the Ring [WR §10.9.5]: a Dark Power piece that moves toward Barad-dûr and may be
fought for it (the game never stalls with the Ring out of everyone's reach)."""

from __future__ import annotations

import pytest

from .builder import Position

rule = pytest.mark.rule


def gollum_has_the_ring(p: Position) -> Position:
    p.char("gollum", "2615")
    p.g.chars["gollum"].update(seat="dark")
    p.g.gollum["state"] = "has-ring"
    return p.ring(bearer="gollum", held_by="dark")


@rule("war-of-the-ring", "§10.9.5", "§10.1")
def test_10_9_5_gollum_with_the_ring_moves_as_a_dark_piece_free_of_shadow_points() -> None:
    p = gollum_has_the_ring(Position(turn_limit=1).clear().sp(0))
    g = p.at("7b")
    assert {"type": "select", "piece": "gollum"} in g.legal_actions()
    g.apply({"type": "select", "piece": "gollum"})
    tos = [a["to"] for a in g.legal_actions() if a["type"] == "move"]
    assert tos and g.sp == 0


@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_a_free_character_may_challenge_gollum_for_the_ring() -> None:
    p = gollum_has_the_ring(Position(turn_limit=1).clear().sp(0))
    p.char("aragorn", "2615")
    g = p.at("5e")
    assert {"type": "challenge", "lead": "aragorn", "target": "gollum"} in g.legal_actions()
