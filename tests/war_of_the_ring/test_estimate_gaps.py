"""The halves of War of the Ring's rules that the whole-system mutation estimate (issue 17,
round 4: ``--sample-mutants 50 --seed 1``) showed untested, scattered over many cases.
Positions are built by hand (``builder.Position``); dice are scripted, so an unexpected roll
fails."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring.data import CrtResult, load
from ringwar.systems.war_of_the_ring.mobilization import on_event

from .builder import Position, move, texts

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"
D = load()
QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def codes(hits: list) -> set[str]:
    return {c for c, _ in hits}


# ----- mobilization [WR §6.2] [WR §V24] --------------------------------------------------------
@rule("war-of-the-ring", "§6.2")
def test_6_2_a_captive_hobbit_ending_the_fellowship_movement_in_fangorn_mobilizes_no_ents() -> None:
    p = Position().clear().mobilize("ISE").unit("ISE-01", "2119")
    p.captive("merry", "2119", ["ISE-01"])
    g = p.at("5c")
    g.apply({"type": "done"})
    assert "ENT" not in g.mobilized
    # the same hobbit free there does mobilize them
    p = Position().clear().char("merry", "2119")
    g = p.at("5c")
    g.apply({"type": "done"})
    assert "ENT" in g.mobilized


@rule("war-of-the-ring", "§V24", "§6.2")
def test_V24_a_card_mobilizes_only_the_nations_it_names() -> None:
    hits = codes(on_event(D, "card", {}, card="theoden-healed"))
    assert hits == {"ROH"}
    hits = codes(on_event(D, "card", {}, card="march-of-the-ents"))
    assert hits == {"ENT"}
    assert codes(on_event(D, "card", {}, card="beacons-of-gondor")) == {"ROH", "GON"}


# ----- the Ring-wearer meets a Nazgûl [WR §10.7.3] [WR §6.2] -----------------------------------
@rule("war-of-the-ring", "§10.7.3", "§6.2", "§10.9.2")
def test_10_7_3_the_ring_wearer_meeting_a_nazgul_is_spotted_without_a_roll_and_is_not_asked_again() -> None:
    # Aragorn, wearing the Ring (he could still claim it), walks hidden into a Nazgûl's hex:
    # spotted at once, no die; the Ring is on already, so no "put it on?" question comes first
    p = Position().clear().mobilize("MOR").char("aragorn", "2617", hidden=True).char("n3", "2718")
    p.ring(bearer="aragorn", worn=True, area="Q", claim=False)
    g = p.at("5c")
    p.dice()
    ev = move(g, "2718", piece="aragorn")
    assert not g.chars["aragorn"]["hidden"] and g.chars["aragorn"]["hex"] == "2718", texts(ev)
    assert g.ask["kind"] == "hunt" and g.ask["seat"] == DARK, g.ask
    p.dice_done()


# ----- clean-up [WR §9] 8d ----------------------------------------------------------------------
@rule("war-of-the-ring", "§9", "§8.1")
def test_9_8d_a_citadel_counter_goes_down_by_one_a_turn() -> None:
    p = Position(turn_limit=1).clear().char("eowyn", "2824", citadel=2)
    g = p.at("8d")                                          # the last turn's clean-up
    assert g.result is not None
    assert g.chars["eowyn"]["citadel"] == 1
    p = Position(turn_limit=1).clear().char("eowyn", "2824", citadel=1)
    g = p.at("8d")
    assert g.chars["eowyn"]["citadel"] is None


@rule("war-of-the-ring", "§9")
def test_9_the_saruman_phase_is_shown_in_the_three_player_game_only() -> None:
    g2 = ringwar.new_game("war-of-the-ring", seed=1, options={"players": 2})
    g3 = ringwar.new_game("war-of-the-ring", seed=1, options={"players": 3})
    assert "6" not in [ph["code"] for ph in g2.view(FP)["phases"]]
    assert "6" in [ph["code"] for ph in g3.view(FP)["phases"]]


# ----- army combat [WR §10.3] [WR §10.5] ---------------------------------------------------------
@rule("war-of-the-ring", "§10.3")
def test_10_3_a_leader_in_another_hex_does_not_lead() -> None:
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2222").char("eowyn", "2223")
    assert p.g.leadership("2222", FP, ["ROH-01"])[:2] == (0, None)
    p.char("eowyn", "2222")
    assert p.g.leadership("2222", FP, ["ROH-01"])[:2] == (2, "eowyn")


@rule("war-of-the-ring", "§10.5", "§V32")
def test_10_5_exactly_ten_percent_lost_by_the_defender_routs_it() -> None:
    assert B.routs(D, CrtResult(5, False, 10, False), True)
    assert not B.routs(D, CrtResult(5, False, 9, False), True)
    assert not B.routs(D, CrtResult(6, False, 10, False), True)
    assert not B.routs(D, CrtResult(5, False, 10, False), False)


# ----- capture and escape [WR §10.8.1] [WR §10.8.2] ---------------------------------------------
@rule("war-of-the-ring", "§10.8.1")
def test_10_8_1_capturing_a_character_who_is_not_the_ring_bearer_takes_no_ring() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5)
    p.char("boromir", "2920").unit("MOR-01", "2920").char("frodo", "2617")
    g = p.at("7d")
    p.dice(1)
    ev = g.apply({"type": "capture", "target": "boromir"})
    assert g.chars["boromir"]["captive"] == DARK, texts(ev)
    assert g.ring["bearer"] == "frodo" and g.ring["held_by"] == FP


@rule("war-of-the-ring", "§10.8.2")
def test_10_8_2_an_escort_of_25_in_the_captive_s_hex_makes_escape_harder() -> None:
    # Boromir (Combat 4): escapes on d6 + mods ≤ 1 + 1 = 2; a 2 fails with the escort of 30
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-01", "2920", 30).captive("boromir", "2920", ["MOR-01"])
    p.dice(2)
    g = p.at("5a")
    assert g.chars["boromir"]["captive"] == DARK
    assert "escort of 30" in texts(g.log)


# ----- Gollum [WR §10.9.5] ----------------------------------------------------------------------
@rule("war-of-the-ring", "§10.9.5")
def test_10_9_5_no_gollum_roll_while_the_ring_bearer_is_a_captive() -> None:
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2920").event_deck(*QUIET)
    p.captive("frodo", "2920", ["MOR-01"]).ring(held_by=DARK)
    p.g.gollum["state"] = "active"
    p.touch()
    p.dice(3, 3)                                            # step 3's Shadow Points, no more
    g = p.at("1c")
    assert g.step == "4b"
    assert "Gollum" not in texts(g.log)
    p.dice_done()


# ----- Magic items [WR §11.9] ------------------------------------------------------------------
@rule("war-of-the-ring", "§11.9", "§10.10")
def test_11_9_an_item_is_not_passed_to_a_captive_in_the_same_hex() -> None:
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2920")
    p.char("gimli", "2920", items=["elven-rope"]).captive("legolas", "2920", ["MOR-01"])
    g = p.at("5c")
    gives = [a for a in g.legal_actions() if a["type"] == "give_item"]
    assert not [a for a in gives if a["to"] == "legolas"], gives
    p.char("legolas", "2920")
    g = p.at("5c")
    assert [a for a in g.legal_actions() if a["type"] == "give_item" and a["to"] == "legolas"]


# ----- Saruman's victory [WR §13.1] (three players) ---------------------------------------------
@rule("war-of-the-ring", "§13.1", "§V12")
def test_13_1_saruman_holding_isengard_and_every_listed_place_wins_at_the_end_of_the_turn() -> None:
    p = Position(players=3).clear().mobilize("ISE")
    g = p.g
    listed = sorted(g.D.value("S-V12", "garrison_list"))
    units = [f"ISE-0{i}" for i in range(1, 9)]
    for uid in units:
        p.unit(uid, "1820")
    while len(units) < len(listed):
        g.split_unit("ISE-01", 1)
        units.append(f"ISE-01/{g.flags['splits']}")
    for uid, h in zip(units, listed, strict=True):
        g.units[uid]["hex"] = h
    p.control("1820", "saruman").touch()
    g = p.at("8b")
    assert g.result is not None and g.result["winner"] == "saruman", g.result


# ----- the Grip [WR §13.2] ----------------------------------------------------------------------
@rule("war-of-the-ring", "§13.2", "§V22")
def test_13_2_inactive_corsairs_do_not_desert() -> None:
    p = Position().clear().mobilize("MOR").event_deck(*QUIET).search_deck(1, 2).turn(3)
    p.unit("COR-01", "2329", active=False).unit("EAS-01", "3021").grip(deserted=False, pending="desert")
    p.dice(1, 1)
    g = p.at("2c")
    assert g.units["EAS-01"]["deserted"]
    assert not g.units["COR-01"]["deserted"] and g.units["COR-01"]["hex"] == "2329"


# ----- the Paths of the Dead [WR §V19] ---------------------------------------------------------
@rule("war-of-the-ring", "§V19")
def test_V19_only_the_free_pieces_at_dunharrow_take_the_paths() -> None:
    p = Position().clear().mobilize("ISE").char("aragorn", "2223").char("saruman", "2223")
    g = p.at("5c")
    g.apply({"type": "paths"})
    assert g.chars["aragorn"]["hex"] == "2025"
    assert g.chars["saruman"]["hex"] == "2223"


# ----- the Corsairs at sea [WR §7.3] (R-CORSAIR-MOVE) -------------------------------------------
@rule("war-of-the-ring", "§7.3", "§5.4")
def test_7_3_corsairs_rowing_up_the_west_bank_to_2929_have_not_crossed_the_anduin() -> None:
    # Umbar → the sea → 2829 → 2929 (5 MP) keeps to the west bank; the other 5 MP way, by the
    # east bank 2930, would cross an Anduin hexside away from the crossings [WR §5.4]
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", "2632", active=True)
    g = p.at("7b")
    ev = move(g, "2929", piece="COR-01")
    path = next(e["path"] for e in ev if e.get("path"))
    assert path[-2:] == ["2829", "2929"], path
    assert g.units["COR-01"]["hex"] == "2929" and not g.units["COR-01"]["crossed"]


# ----- a challenge to the Ring's wearer [WR §10.4] [WR §10.9.2] [WR §10.9.3] ---------------------
@rule("war-of-the-ring", "§10.4", "§10.9.2", "§10.9.3", "§V31")
def test_10_9_2_a_bearer_already_wearing_the_ring_is_not_asked_to_put_it_on_when_challenged() -> None:
    # Aragorn wears the Ring (he could still claim it): a Nazgûl's challenge goes straight to
    # the fight, with no "put the Ring on?" question (he has nothing to answer with)
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("n3", "2617").ring(bearer="aragorn", worn=True, area="Q")
    g = p.at("7d")
    p.dice(3, 3)                                           # the first round is fought at once
    ev = g.apply({"type": "challenge", "lead": "n3", "target": "aragorn"})
    assert "wearing the Ring +2" in texts(ev), texts(ev)
    assert g.ask["kind"] == "duel_round", g.ask
    p.dice_done()
