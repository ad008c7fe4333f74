"""Individual combat's changes of lead, and Saruman's claim to the Ring [WR §10.4] [WR §10.9.4]."""

from __future__ import annotations

import pytest

from .builder import Position

rule = pytest.mark.rule


@rule("war-of-the-ring", "§10.4")
def test_10_4_the_side_that_loses_a_round_may_put_in_a_new_lead() -> None:
    # Sauron's turn: n3 (C 4) challenges Aragorn (C 5 + Andúril 2) with Gimli beside him.
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("gimli", "2617").char("n3", "2617")
    g = p.at("7d")
    # round 1: n3 rolls 6 + 4 = 10, Aragorn 1 + 7 + 1 (Gimli supports) = 9: Aragorn loses by 1
    p.dice(6, 1)
    g.apply({"type": "challenge", "lead": "n3", "target": "aragorn"})
    assert g.ask["kind"] == "new_lead" and g.ask["seat"] == "fellowship"
    assert {"type": "new_lead", "piece": "gimli"} in g.legal_actions()
    assert {"type": "keep_lead"} in g.legal_actions()
    g.apply({"type": "new_lead", "piece": "gimli"})
    assert g.duel["b"] == "gimli"
    assert g.ask["kind"] == "duel_round" and g.ask["seat"] == "dark"     # the phasing side goes on
    # round 2: n3 rolls 1 + 4 = 5, Gimli 6 + 4 + 1 (Aragorn supports) = 11: n3 loses 6 (shadow)
    p.dice(1, 6)
    g.apply({"type": "fight_on"})
    assert g.chars["n3"]["shadow"] == 6
    p.dice_done()


@rule("war-of-the-ring", "§10.4")
def test_10_4_a_lone_loser_is_not_asked_for_a_new_lead() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("n3", "2617")
    g = p.at("7d")
    p.dice(6, 1)                                                # n3 10, Aragorn 8: Aragorn loses
    g.apply({"type": "challenge", "lead": "n3", "target": "aragorn"})
    assert g.ask["kind"] == "duel_round"
    p.dice_done()


@rule("war-of-the-ring", "§10.9.4", "§V10", "§V13")
def test_V10_saruman_bearing_the_ring_may_put_it_on_and_claim_which_ends_the_alliance() -> None:
    p = Position(players=3, turn_limit=1).clear()
    p.char("saruman", "1820").char("n1", "3523")                 # one Nazgûl left in play
    p.ring(bearer="saruman", held_by="saruman")
    g = p.at("6b")
    assert {"type": "put_on"} in g.legal_actions()
    g.apply({"type": "put_on"})
    assert g.ring["worn"] and {"type": "claim"} in g.legal_actions()
    assert g.flags["alliance"]
    g.apply({"type": "claim"})
    assert g.ring["claim"] and not g.flags["alliance"]
    assert g.result is None
    # a claimant who has seen every Nazgûl destroyed wins, if he is Saruman [WR §13.1] 3
    g.chars["n1"]["alive"] = False
    g.apply({"type": "done"})
    assert g.result is not None and g.result["winner"] == "saruman"


@rule("war-of-the-ring", "§10.9.2", "§10.8.1", "§10.9.3")
def test_10_9_2_the_bearer_may_put_the_ring_on_before_a_capture_and_is_then_not_captured() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").unit("MOR-13", "2617")
    g = p.at("7d")
    g.apply({"type": "capture", "target": "frodo"})
    assert g.ask["kind"] == "ring_answer" and g.ask["seat"] == "fellowship"
    g.apply({"type": "put_on"})
    assert g.ring["worn"]
    assert g.ask["kind"] == "capture_after_ring" and g.legal_actions() == [{"type": "withdraw"}]
    g.apply({"type": "withdraw"})
    assert g.chars["frodo"]["captive"] is None
