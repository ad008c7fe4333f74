"""The Ring as the game applies it [WR §10.9] [WR §V11] [WR §V17] [WR §13.1]."""

from __future__ import annotations

import json

import pytest

from .builder import Position, move, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def worn_since_last_turn(rr: int = 5) -> tuple[Position, object]:
    """Frodo, hidden in the Brown Lands, put the Ring on in last turn's movement; the game
    is at this turn's Ring phase, waiting for the removal decision."""
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2, 3)
    p.char("frodo", "2617", hidden=True, seen="2008", rr=rr)
    g = p.at("5c")
    g.apply({"type": "put_on"})
    assert g.ring["worn"] and g.ring["area"] == "K"
    g.apply({"type": "done"})
    while g.turn == 1:
        g.apply({"type": "done"} if {"type": "done"} in g.legal_actions() else g.legal_actions()[0])
    assert g.turn == 2 and g.ask["kind"] == "ring_removal" and g.ask["seat"] == "fellowship"
    return p, g


@rule("war-of-the-ring", "§V11", "§10.9.2", "§9")
def test_V11_taking_the_ring_off_at_the_first_attempt_costs_nothing() -> None:
    p, g = worn_since_last_turn()
    p.dice(5, 1, 1)                                           # d6 ≤ RR 5; then 2d6 + 4 SP
    g.apply({"type": "ring_off"})
    f = g.chars["frodo"]
    assert not g.ring["worn"] and f["e"] == 6 and f["rr"] == 5
    p.dice_done()


@rule("war-of-the-ring", "§V11", "§10.9.2", "§9")
def test_V11_each_turn_after_the_first_that_the_ring_stays_on_costs_1_endurance_and_1_rr() -> None:
    p, g = worn_since_last_turn()
    p.dice(6, 1, 1)                                           # 6 > RR 5: it stays on
    g.apply({"type": "ring_off"})
    f = g.chars["frodo"]
    assert g.ring["worn"]
    assert (f["e"], f["rr"]) == (5, 4), (f["e"], f["rr"])     # turn 2 is after the first


@rule("war-of-the-ring", "§V11", "§10.9.2", "§9")
def test_V11_the_penalty_is_paid_in_the_ring_phase_and_the_wearer_does_not_heal() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2, 3).turn(4)
    p.char("frodo", "2617", hidden=True, e=4).ring(worn=True, worn_turns=2, area="K")
    p.mobilize("MOR", turn=3)
    g = p.at("1a")
    assert g.ask["kind"] == "ring_removal"
    p.dice(1, 1)                                              # 2d6 + 4 Shadow Points
    g.apply({"type": "keep_ring"})
    f = g.chars["frodo"]
    assert (f["e"], f["rr"]) == (3, 4)                        # −1 E −1 RR, and no healing
    p.dice_done()


@rule("war-of-the-ring", "§10.9.2", "§V11")
def test_10_9_2_at_ring_rating_0_the_wearer_succumbs_to_the_dark_power() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2, 3).turn(4)
    p.char("frodo", "2617", hidden=True, rr=1).ring(worn=True, worn_turns=3, area="K")
    p.mobilize("MOR", turn=3)
    g = p.at("1a")
    p.dice(1, 1)
    ev = g.apply({"type": "keep_ring"})
    f = g.chars["frodo"]
    assert f["rr"] == 0 and g.ring["succumbed"] and f["seat"] == "dark" and not f["hidden"]
    assert g.ring["held_by"] == "dark"
    assert "succumbs" in texts(ev)
    assert "2617" in json.dumps(g.view("dark"))               # a Dark Power piece, on the map


@rule("war-of-the-ring", "§10.9.3", "§12", "§6.2")
def test_10_9_3_wearing_the_ring_announces_its_area_not_its_hex_and_mobilizes_mordor() -> None:
    p = Position().clear()
    p.char("frodo", "2617", hidden=True, seen="2008").char("sam", "2617", hidden=True, seen="2008")
    g = p.at("5c")
    ev = g.apply({"type": "put_on"})
    public = [e for e in ev if e.get("visible_to") is None]
    assert any(e.get("area") == "K" for e in public)
    v = g.view("dark")
    assert v["ring"]["worn"] and v["ring"]["area"] == "K"
    assert "2617" not in json.dumps(v)
    assert "MOR" in g.mobilized


@rule("war-of-the-ring", "§10.9.6", "§13.1", "§V17")
def test_10_9_6_the_free_ring_bearer_entering_mount_doom_wins() -> None:
    p = Position().clear()
    p.char("frodo", "3224", hidden=True).char("sam", "3224", hidden=True)
    g = p.at("5c")
    ev = move(g, "3324", piece="frodo")
    assert g.result is not None and g.result["winner"] == "fellowship", texts(ev)
    assert g.ring["destroyed"]


@rule("war-of-the-ring", "§10.9.6", "§13.1")
def test_10_9_6_a_captive_ring_bearer_at_mount_doom_does_not_win() -> None:
    p = Position().clear().mobilize("MOR").ring(doom_open=True, gorgoroth_open=True, held_by="dark")
    p.unit("MOR-07", "3324").captive("frodo", "3324", ["MOR-07"])
    p.dice(6)
    g = p.at("5a")
    assert g.result is None


@rule("war-of-the-ring", "§13.1", "§10.9")
def test_13_1_the_ring_brought_to_barad_dur_by_a_sauron_piece_wins() -> None:
    p = Position().clear().mobilize("MOR").sp(3)
    p.char("n1", "3524").ring(bearer="n1", held_by="dark")
    g = p.at("7b")
    move(g, "3523", piece="n1")
    assert g.result is not None and g.result["winner"] == "dark"


@rule("war-of-the-ring", "§10.9.1", "§12")
def test_10_9_1_handing_the_ring_over_in_the_same_hex() -> None:
    p = Position().clear()
    p.char("frodo", "2617", hidden=True).char("sam", "2617", hidden=True).char("aragorn", "2618")
    g = p.at("5c")
    gives = {a["to"]: a for a in g.legal_actions() if a["type"] == "give_ring"}
    assert "sam" in gives and "aragorn" not in gives
    g.apply(gives["sam"])
    assert g.ring["bearer"] == "sam"
    assert g.view("dark")["ring"]["bearer"] is None
