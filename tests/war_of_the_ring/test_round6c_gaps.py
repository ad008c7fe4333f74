"""Round 6 (issue 17), helper C: rule halves the seed-4 estimate showed unchecked [WR §5.1]
[WR §9] [WR §10.1] [WR §10.8.2] [WR §11.7] [WR §11.9] [WR §12] [WR §V11] [WR §V18] [WR §V22]."""

from __future__ import annotations

import random

import pytest

from ringwar.core import hexes as hx
from ringwar.systems.war_of_the_ring import duel as W
from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.mapdata import load_map

from .builder import Position, move, refused

rule = pytest.mark.rule
D = load()
M = load_map()
DARK, FP = "dark", "fellowship"
QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


# ----- [WR §5.1] a step off the map has no cost: it is prohibited ------------------------------
@rule("war-of-the-ring", "§5.1", "§4")
def test_5_1_a_step_from_the_map_edge_to_a_hex_off_the_map_is_prohibited() -> None:
    # 0100 and 0000 touch 0101 (the top-left corner) on the hex grid but are not on the map
    for off in ("0100", "0000"):
        assert hx.direction_to("0101", off) is not None and off not in M.hexes
        for mover in ("army", "character"):
            assert M.move_cost("0101", off, mover) is None, (off, mover)
    assert M.move_cost("0101", "0102", "character") is not None       # on the map: a cost


# ----- [WR §V22] Saruman's objectives count once each for Sauron in the two-player game ---------
@rule("war-of-the-ring", "§V22")
def test_V22_each_saruman_objective_counts_one_for_sauron_once_isengard_mobilizes() -> None:
    p = Position().clear()
    base = sum(1 for v in p.g.control.values() if v == "sauron")
    assert p.g.view(DARK)["grip"]["sauron_objectives"] == base      # Isengard not at war
    p.mobilize("ISE")
    assert p.g.view(DARK)["grip"]["sauron_objectives"] == base + 1  # Isengard: one, not two
    p.control("1923", "saruman")                                    # Helm's Deep too
    assert p.g.view(DARK)["grip"]["sauron_objectives"] == base + 2


# ----- [WR §V18] Elrond may leave Rivendell from M+4 ------------------------------------------
@rule("war-of-the-ring", "§V18")
def test_V18_elrond_may_move_from_m_plus_4_not_before() -> None:
    for turn, free in ((4, False), (5, True)):                      # Mordor mobilized on turn 1
        p = Position().clear().mobilize("MOR", turn=1).turn(turn).char("elrond", "2008")
        g = p.at("5c")
        assert ({"type": "select", "piece": "elrond"} in g.legal_actions()) is free, turn
        if not free:
            refused(g, {"type": "select", "piece": "elrond"}, "§V18")


# ----- [WR §V11] the succumbed wearer pays no Ring penalty ------------------------------------
@rule("war-of-the-ring", "§V11", "§10.9.2")
def test_V11_a_wearer_who_has_succumbed_loses_no_endurance_in_the_ring_phase() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(4)
    p.mobilize("MOR", turn=3)
    p.char("frodo", "2617", e=4, rr=0, seat=DARK)
    p.ring(worn=True, worn_turns=3, area="K", succumbed=True, held_by=DARK, bearer="frodo")
    p.dice(1, 1)                                                    # 2d6 + 4 Shadow Points
    g = p.at("1a")
    f = g.chars["frodo"]
    assert (f["e"], f["rr"]) == (4, 0) and f["alive"] and f["seat"] == DARK
    assert not [e for e in p.events if "[WR §V11]" in str(e.get("rule", "")) or
                "loses 1 Endurance" in e.get("text", "")]
    p.dice_done()


# ----- [WR §10.1] (R-SP-COSTS) captive escorts move free ---------------------------------------
@rule("war-of-the-ring", "§10.1", "§V4")
def test_10_1_a_captive_escort_moves_free_the_same_unit_without_a_captive_pays_1_sp() -> None:
    for mobilized, captive, cost in ((False, True, 0), (True, True, 0), (True, False, 1)):
        p = Position().clear().sp(5)
        if mobilized:
            p.mobilize("MOR")
        p.unit("MOR-11", "2920")
        if captive:
            p.captive("boromir", "2920", ["MOR-11"])
        g = p.at("7b")
        move(g, "3021", piece="MOR-11")
        assert g.sp == 5 - cost, (mobilized, captive, g.sp)
        if captive:
            assert g.chars["boromir"]["hex"] == "3021"


# ----- [WR §10.8.2] an escaper slips away hidden while fewer than 9 are hidden ---------------
@rule("war-of-the-ring", "§10.8.2", "§V1")
def test_10_8_2_an_escaper_is_hidden_unless_nine_characters_are_hidden_already() -> None:
    for already, hidden in ((0, True), (9, False)):
        p = Position().clear()
        p.unit("MOR-11", "2920").captive("boromir", "2920", ["MOR-11"])
        for cid in ("frodo", "sam", "merry", "pippin", "gandalf", "aragorn", "legolas",
                    "gimli", "faramir")[:already]:
            p.char(cid, "2008", hidden=True)
        p.dice(2)                                                   # C 4: 2 ≤ 2 escapes
        g = p.at("5a")
        b = g.chars["boromir"]
        assert b["captive"] is None and b["hex"] == "2819", b
        assert b["hidden"] is hidden, already
        assert (b["hex"] in str(g.view(DARK)["characters"])) is not hidden
        p.dice_done()


# ----- [WR §11.7] a card not in hand is refused as such ---------------------------------------
@rule("war-of-the-ring", "§11.7")
def test_11_7_playing_a_card_not_in_hand_is_refused_as_not_in_your_hand() -> None:
    p = Position().clear().hand(FP, "palantir-deceived").hand(DARK, "the-eye-turns")
    p.search_deck(9, 2)
    g = p.at("4a")
    assert g.ask["kind"] == "events" and g.ask["seat"] == FP
    e = refused(g, {"type": "play", "card": "the-eye-turns"}, "§11.7")  # the Dark Power's
    assert "not in your hand" in e.why
    e = refused(g, {"type": "play", "card": "lembas"}, "§11.7")          # nobody's
    assert "not in your hand" in e.why


# ----- [WR §11.9] an item without a combat bonus adds nothing, nor a reason ------------------
@rule("war-of-the-ring", "§11.9")
def test_11_9_items_without_a_combat_bonus_give_no_line_in_the_duel_reasons() -> None:
    frodo = W.fighter_from_character(D, "frodo", None, ("mithril-coat", "sting"))
    c, why = W.effective_combat(D, frodo, W.fighter_from_character(D, "n3", None, ()))
    assert c == D.characters["frodo"].combat + 1
    assert not any("mithril" in w for w in why), why
    assert any("sting +1" in w for w in why), why
    merry = W.fighter_from_character(D, "merry", None, ("barrow-blade-merry", "elven-cloak"))
    c, why = W.effective_combat(D, merry, W.fighter_from_character(D, "mouth", None, ()))
    assert c == D.characters["merry"].combat and len(why) == 1, why


# ----- [WR §12] the re-deal keeps a revealed Ring-bearer ---------------------------------------
@rule("war-of-the-ring", "§12", "§V1")
def test_12_redeal_keeps_the_ring_bearer_the_dark_power_sees() -> None:
    p = Position().clear().ring(bearer="frodo")
    p.char("frodo", "2011")                                         # revealed: the bearer is known
    p.char("sam", "2011", hidden=True, seen="2008").char("merry", "2011", hidden=True, seen="2008")
    g = p.g
    assert g.view(DARK)["ring"]["bearer"] == "frodo"
    for k in range(4):
        c = g.clone()
        c.redeal(DARK, random.Random(k))
        assert c.ring["bearer"] == "frodo", k
        assert c.view(DARK)["ring"] == g.view(DARK)["ring"], k


# ----- [WR §9] 8d: the Army of the Dead leaves play as an eliminated unit ---------------------
@rule("war-of-the-ring", "§9", "§7.3")
def test_9_8d_the_dead_leave_with_no_strength_left() -> None:
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.unit("DEAD-01", "2927").char("aragorn", "2927").flags(dead_leave=2)
    p.dice(3)                                                       # the next turn's SP d6
    g = p.at("8d")
    assert g.units["DEAD-01"] == {**g.units["DEAD-01"], "hex": None, "str": 0, "gone": True}
    assert not [u for u in g.view(DARK)["units"] if u["id"] == "DEAD-01"]
