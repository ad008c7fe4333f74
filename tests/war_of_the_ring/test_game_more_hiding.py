"""Re-hiding at the end of the Fellowship player-turn [WR §10.6] (R-REHIDE): no Dark Power
piece within 3 hexes, and never more than nine hidden [WR §V1]; what a hidden character's death
may tell the Dark Power [WR §12]."""

from __future__ import annotations

import json

import pytest

from .builder import Position, refused

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3

rule = pytest.mark.rule

WALKERS = ("frodo", "sam", "merry", "pippin", "gandalf", "aragorn", "boromir", "legolas", "gimli")


def rehide(**dark) -> tuple[Position, object]:
    """Gimli revealed in the Brown Lands (2617) at step 5f; ``dark``: piece -> hex."""
    p = Position().clear().char("gimli", "2617")
    for piece, h in dark.items():
        if piece in p.g.units:
            p.unit(piece, h)
        else:
            p.char(piece, h)
    return p, p.at("5f")


@rule("war-of-the-ring", "§10.6", "§V1", "§12")
def test_10_6_a_revealed_character_with_no_dark_piece_within_3_hexes_may_hide() -> None:
    p, g = rehide()
    assert g.ask["kind"] == "rehide" and g.ask["seat"] == "fellowship"
    assert {"type": "hide", "piece": "gimli"} in g.legal_actions()
    g.apply({"type": "hide", "piece": "gimli"})
    assert g.chars["gimli"]["hidden"] and g.chars["gimli"]["seen"] == "2617"
    me = next(c for c in g.view("dark")["characters"] if c["id"] == "gimli")
    assert me["hex"] is None and me["last_seen"] == "2617"


@rule("war-of-the-ring", "§10.6")
def test_10_6_a_dark_army_or_character_within_3_hexes_forbids_hiding() -> None:
    for piece, h, may in (("MOR-13", "2919", False), ("MOR-13", "3017", True),
                          ("n3", "2317", False), ("n3", "2621", True)):
        p, g = rehide(**{piece: h})
        offered = g.ask is not None and {"type": "hide", "piece": "gimli"} in g.legal_actions()
        assert offered is may, (piece, h)
    p, g = rehide(n3="2617")
    assert g.ask is None or g.ask["kind"] != "rehide"
    assert not g.chars["gimli"]["hidden"]


@rule("war-of-the-ring", "§10.6", "§V1")
def test_V1_never_more_than_nine_hidden() -> None:
    p = Position().clear()
    for w in WALKERS:
        p.char(w, "2008", hidden=True)
    p.char("faramir", "3023")
    g = p.at("5f")
    assert g.ask is None or g.ask["kind"] != "rehide"
    assert not g.chars["faramir"]["hidden"]
    p.char("gimli", "2617")                                     # eight hidden: one may hide
    g = p.at("5f")
    assert {a["piece"] for a in g.legal_actions() if a["type"] == "hide"} == {"faramir", "gimli"}
    g.apply({"type": "hide", "piece": "faramir"})
    assert {"type": "hide", "piece": "gimli"} not in g.legal_actions()
    refused(g, {"type": "hide", "piece": "gimli"})
    assert sum(1 for c in g.chars.values() if c["alive"] and c["hidden"]) == 9


@rule("war-of-the-ring", "§10.6", "§10.9.4", "§V5")
def test_10_6_a_claimant_or_a_character_in_its_citadel_may_not_hide() -> None:
    p = Position().clear().mobilize("MOR").char("aragorn", "2617")
    p.ring(bearer="aragorn", worn=True, claim=True, area="K").char("n9", "3523")
    p.char("merry", "2824", citadel=2)
    g = p.at("5f")
    assert g.ask is None or not [a for a in g.legal_actions() if a["type"] == "hide"]
    assert "2617" in json.dumps(g.view("dark"))


@rule("war-of-the-ring", "§12", "§V1", "§V11")
def test_12_a_hidden_wearer_dying_of_the_rings_burden_does_not_show_where_his_group_hides() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2, 3).turn(4)
    p.mobilize("MOR", turn=3).ring(worn=True, worn_turns=2, area="K")
    p.char("frodo", "2617", hidden=True, e=1, seen="2008").char("sam", "2617", hidden=True, seen="2008")
    mark = len(p.g.log)
    g = p.at("1a")
    p.dice(1, 1)                                                # 2d6 + 4 Shadow Points
    g.apply({"type": "keep_ring"})
    assert not g.chars["frodo"]["alive"] and g.ring["bearer"] == "sam" and g.chars["sam"]["hidden"]
    seen = [e for e in g.log[mark:] if e.get("visible_to") in (None, "dark")]
    assert not [e for e in seen if "2617" in json.dumps(e, ensure_ascii=False)], seen
