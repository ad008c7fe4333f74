"""The Ring through the game, continued: claims and seizing its power [WR §V10] [WR §10.9.4],
seizure in combat [WR §10.4], Gollum [WR §10.9.5] and the Ring put on in answer to a spot or a
challenge (R-RING-WEAR-TIMING) [WR §10.9.2]."""

from __future__ import annotations

import json

import pytest

from .builder import Position, destinations, move, refused, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def claiming(cid: str = "aragorn", h: str = "2617", *nazgul: str) -> Position:
    """``cid`` bears the Ring, wears it and has claimed its power in ``h`` (revealed); the
    other Nazgûl are gone but for ``nazgul`` (in Barad-dûr)."""
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5)
    p.char(cid, h).ring(bearer=cid, worn=True, claim=True, area=p.g.W.search_area(h))
    for n in nazgul:
        p.char(n, "3523")
    return p


def duel_text(ev) -> str:
    return "\n".join(e["text"] for e in ev if e["type"] == "duel")


# ----- claims [WR §V10] [WR §10.9.4] -------------------------------------------------------------
@rule("war-of-the-ring", "§V10", "§10.9.4", "§12")
def test_V10_aragorn_bearing_and_wearing_the_ring_may_claim_its_power_and_is_revealed() -> None:
    p = Position().clear()
    p.char("aragorn", "2617", hidden=True, seen="2008").ring(bearer="aragorn")
    g = p.at("5c")
    assert {"type": "claim"} not in g.legal_actions()          # not while the Ring is off
    g.apply({"type": "put_on"})
    assert {"type": "claim"} in g.legal_actions()
    ev = g.apply({"type": "claim"})
    assert g.ring["claim"] and g.ring["worn"]
    assert not g.chars["aragorn"]["hidden"], texts(ev)
    assert any(e["type"] == "claim" and e.get("visible_to") is None for e in ev)
    dark = g.view("dark")
    assert dark["ring"]["claim"]
    me = next(c for c in dark["characters"] if c["id"] == "aragorn")
    assert me["hex"] == "2617"                                  # the claimant's hex is known
    assert {"type": "claim"} not in g.legal_actions()          # once


@rule("war-of-the-ring", "§V10", "§10.9.4")
def test_V10_frodo_wearing_the_ring_may_not_claim_its_power() -> None:
    p = Position().clear().char("frodo", "2617", hidden=True)
    g = p.at("5c")
    g.apply({"type": "put_on"})
    assert g.ring["worn"]
    assert {"type": "claim"} not in g.legal_actions()
    refused(g, {"type": "claim"})


@rule("war-of-the-ring", "§10.9.4", "§10.8.1")
def test_10_9_4_a_claimant_cannot_be_captured() -> None:
    p = claiming("gandalf", "2920", "n9").unit("MOR-01", "2920").unit("MOR-05", "2920")
    p.char("n3", "2920").dice()
    g = p.at("7d")
    assert g.ask["kind"] == "duels"
    assert {"type": "challenge", "lead": "n3", "target": "gandalf"} in g.legal_actions()
    assert not [a for a in g.legal_actions() if a["type"] == "capture"], g.legal_actions()
    refused(g, {"type": "capture", "target": "gandalf"})


@rule("war-of-the-ring", "§10.9.4", "§10.2.3", "§10.1")
def test_10_9_4_every_nazgul_may_move_to_the_claimant_however_far() -> None:
    p = claiming("aragorn", "1509", "n7", "n8")
    g = p.at("7b")
    assert "1509" in destinations(g, piece="n7")
    move(g, "1509", piece="n7")
    assert g.chars["n7"]["hex"] == "1509" and g.sp == 4         # one Shadow Point, as any move


@rule("war-of-the-ring", "§10.9.4", "§8.1", "§10.4")
def test_10_9_4_all_the_damage_a_claimant_deals_a_nazgul_is_real() -> None:
    # Aragorn: d6 2 + C 5 + Andúril 2 + claimant 3 = 12; the Nazgûl: d6 5 + 4 = 9 → 3, all real
    p = claiming("aragorn", "2617", "n4").char("n3", "2617")
    p.dice(2, 5)
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    assert g.ask["kind"] == "refuse"
    ev = g.apply({"type": "accept"})
    assert "claimant +3" in duel_text(ev), duel_text(ev)
    n3 = g.chars["n3"]
    assert n3["e"] == 4 and n3["shadow"] == 0, (n3["e"], n3["shadow"], duel_text(ev))
    p.dice_done()


@rule("war-of-the-ring", "§V10", "§10.9.4", "§13.1")
def test_V10_a_claimant_destroying_the_last_nazgul_ends_the_game_in_a_draw() -> None:
    for claimant in ("aragorn", "gandalf"):
        p = claiming(claimant, "2617").char("n3", "2617", e=3)
        p.dice(6, 1)                                            # 3 real wounds or more: destroyed
        g = p.at("5e")
        g.apply({"type": "challenge", "lead": claimant, "target": "n3"})
        ev = g.apply({"type": "accept"})
        assert not g.chars["n3"]["alive"], duel_text(ev)
        assert g.result is not None, texts(ev)
        assert g.result["level"] == "draw" and g.result["winner"] is None
        assert g.result["rule"] == "[WR §10.9.4]"


@rule("war-of-the-ring", "§V10", "§10.9.4", "§13.1", "§V13")
def test_V10_a_saruman_claimant_destroying_the_last_nazgul_wins_the_three_player_game() -> None:
    p = Position(players=3, turn_limit=1).clear().mobilize("MOR", "ISE").flags(alliance=False)
    p.char("saruman", "1820").char("n3", "1820", e=3)
    p.ring(bearer="saruman", held_by="saruman", worn=True, claim=True, area="G")
    p.dice(6, 1)                          # Saruman: 6 + 5 + 3 (claimant) = 14; the Nazgûl 5
    g = p.at("6d")
    g.apply({"type": "challenge", "lead": "saruman", "target": "n3"})
    if g.ask and g.ask["kind"] == "refuse":
        g.apply({"type": "accept"})
    assert not g.chars["n3"]["alive"]
    assert g.result is not None and g.result["winner"] == "saruman", g.result
    assert g.result["level"] == "victory"
    p.dice_done()


@rule("war-of-the-ring", "§V10", "§10.9.4")
def test_V10_no_draw_while_another_nazgul_survives() -> None:
    p = claiming("aragorn", "2617", "n9").char("n3", "2617", e=3)
    p.dice(6, 1)
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    g.apply({"type": "accept"})
    assert not g.chars["n3"]["alive"] and g.result is None


@rule("war-of-the-ring", "§10.9.4", "§10.4")
def test_10_9_4_a_killed_claimant_gives_the_ring_to_the_killers_side() -> None:
    # the Lord: d6 6 + C 6 = 12; Aragorn (E 1): d6 1 + 10 = 11 → 1 wound, killed (no seizure,
    # the margin is under 4)
    p = claiming("aragorn", "2617", "n9").char("n1", "2617")
    p.char("aragorn", "2617", e=1)
    p.dice(6, 1)
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n1", "target": "aragorn"})
    assert not g.chars["aragorn"]["alive"]
    assert g.ring["bearer"] == "n1" and g.ring["held_by"] == "dark"
    assert not g.ring["claim"] and not g.ring["worn"]


# ----- seizure in combat [WR §10.4] 5 (R-RING-SEIZE-4) --------------------------------------------
def challenge_frodo(*dice: int, lead: str = "n3"):
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char(lead, "2617")
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": lead, "target": "frodo"})
    assert g.ask["kind"] == "ring_answer" and g.ask["seat"] == "fellowship"
    g.apply({"type": "keep_ring_off"})
    p.dice(*dice)
    ev = g.apply({"type": "fight"})
    return p, g, ev


@rule("war-of-the-ring", "§10.4", "§V10", "§10.9")
def test_10_4_a_dark_lead_winning_by_4_or_more_seizes_the_ring() -> None:
    # the Nazgûl: d6 6 + 4 = 10; Frodo: d6 1 + C 1 + Sting 1 = 3 → 7
    p, g, ev = challenge_frodo(6, 1)
    assert g.ring["bearer"] == "n3" and g.ring["held_by"] == "dark", duel_text(ev)
    assert g.chars["frodo"]["alive"] and g.chars["frodo"]["e"] == 6
    assert "seizes the Ring" in texts(ev)


@rule("war-of-the-ring", "§10.4", "§10.9")
def test_10_4_a_margin_of_3_wounds_the_bearer_and_does_not_seize() -> None:
    # the Nazgûl: d6 3 + 4 = 7; Frodo: d6 2 + 2 = 4 → 3, the Mithril coat ignores the first point
    p, g, ev = challenge_frodo(3, 2)
    assert g.ring["bearer"] == "frodo" and g.ring["held_by"] == "fellowship"
    assert g.chars["frodo"]["e"] == 4, duel_text(ev)


# ----- Gollum [WR §10.9.5] ------------------------------------------------------------------------
def ring_phase(*dice: int, gollum: str = "active", frodo_hex: str = "2617", hand=(), search=(1, 2)):
    """Frodo (the bearer) hidden in ``frodo_hex``; the sequence runs from step 1c to the
    declaration of a search of area B (nobody there); ``dice``: the Gollum roll(s), then the
    Shadow Point d6."""
    p = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(*search).turn(2)
    p.char("frodo", frodo_hex, hidden=True, seen="2008").hand("fellowship", *hand)
    p.g.gollum["state"] = gollum
    p.dice(*dice)
    g = p.at("1c")
    return p, g


@rule("war-of-the-ring", "§10.9.5")
def test_10_9_5_gollum_is_at_large_until_the_bearer_first_enters_area_k_or_q() -> None:
    p, g = ring_phase(3, gollum="at-large")                     # no Gollum roll, only the SP d6
    assert g.ask["kind"] == "declare" and p.rolled == [3]
    p = Position().clear().char("frodo", "2418", hidden=True).char("sam", "2418", hidden=True)
    g = p.at("5c")
    move(g, "2319", piece="sam")                                # area J: nothing
    move(g, "2518", piece="frodo")                              # area K: Gollum finds the trail
    assert g.gollum["state"] == "active"
    assert "Gollum" not in json.dumps(g.log_for("dark"))       # only the Fellowship knows
    p = Position().clear().char("sam", "2418", hidden=True).char("frodo", "2418", hidden=True)
    g = p.at("5c")
    move(g, "2518", piece="sam")                                # not the bearer
    assert g.gollum["state"] == "at-large"


@rule("war-of-the-ring", "§10.9.5", "§10.7.2")
def test_10_9_5_gollum_guides_on_1_or_2() -> None:
    p, g = ring_phase(2, 3)
    assert g.gollum["guide"]
    assert "guides" in texts(g.log[-12:])
    p.dice_done()


@rule("war-of-the-ring", "§10.9.5", "§10.7.2")
def test_10_9_5_gollums_guidance_is_plus_1_to_search_rolls_against_the_bearers_group() -> None:
    # Search card 5: Sauron, Nazgûl, value 3, area K; the roll 3 + 1 (guided) = 4 > 3
    p, g = ring_phase(1, 3, search=(5, 2))
    assert g.gollum["guide"] and g.ask["kind"] == "declare"
    p.dice(3)
    g.apply({"type": "declare", "choice": "card"})
    assert g.chars["frodo"]["hidden"]


@rule("war-of-the-ring", "§10.9.5", "§12")
def test_10_9_5_on_a_5_gollum_betrays_the_bearers_area_to_everyone() -> None:
    p, g = ring_phase(5, 3)
    public = [e for e in g.log_for("dark") if e["type"] == "gollum"]
    assert public and public[-1].get("area") == "K", public
    assert "2617" not in json.dumps(g.view("dark"))
    assert g.chars["frodo"]["hidden"]


@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_on_a_6_gollum_attacks_and_winning_by_3_takes_the_ring() -> None:
    # Gollum: d6 6 + C 2 = 8; Frodo: d6 1 + C 1 + Sting 1 = 3 → 5 ≥ 3
    p, g = ring_phase(6, 6, 1, 3)
    assert g.ring["bearer"] == "gollum" and g.ring["held_by"] == "dark"
    gol = g.chars["gollum"]
    assert gol["alive"] and gol["hex"] == "2617" and gol["seat"] == "dark"
    assert not g.chars["frodo"]["hidden"]
    assert "gollum" in {c["id"] for c in g.view("dark")["characters"]}
    p.dice_done()


@rule("war-of-the-ring", "§10.9.5", "§13.1", "§10.1")
def test_10_9_5_gollum_with_the_ring_moves_for_the_dark_power_and_bringing_it_to_barad_dur_wins() -> None:
    p = Position().clear().mobilize("MOR").sp(0).char("gollum", "3424", seat="dark")
    p.ring(bearer="gollum", held_by="dark")
    p.g.gollum["state"] = "has-ring"
    g = p.at("7b")
    assert {"type": "select", "piece": "gollum"} in g.legal_actions()   # free of Shadow Points
    move(g, "3523", piece="gollum")
    assert g.result is not None and g.result["winner"] == "dark"


@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_a_gollum_killed_in_his_attack_is_gone_for_good() -> None:
    # Gollum: d6 1 + 2 = 3; Frodo: d6 6 + 2 = 8 → 5 wounds: Gollum (E 5) is killed
    p, g = ring_phase(6, 1, 6, 3)
    assert g.gollum["state"] == "dead" and g.ring["bearer"] == "frodo"
    p2 = Position(turn_limit=9).clear().event_deck(*QUIET).search_deck(1, 2).turn(3)
    p2.char("frodo", "2617", hidden=True)
    p2.g.gollum.update(g.gollum)
    p2.dice(4)                                                  # the SP d6 only: no Gollum roll
    g2 = p2.at("1c")
    assert g2.ask["kind"] == "declare" and p2.rolled == [4]


@rule("war-of-the-ring", "§10.9.5", "§11.7", "§9")
def test_11_7_smeagols_guidance_makes_this_turns_gollum_roll_a_1() -> None:
    p, g = ring_phase(hand=("smeagols-guidance",))
    assert g.ask["kind"] == "events" and g.ask["seat"] == "fellowship"
    assert {"type": "play", "card": "smeagols-guidance"} in g.legal_actions()
    p.dice(3)                                                   # the SP d6: Gollum rolls nothing
    g.apply({"type": "play", "card": "smeagols-guidance"})
    assert g.gollum["guide"] and g.ask["kind"] == "declare"
    assert p.rolled == [3]
    assert "smeagols-guidance" in g.discards["event"]


@rule("war-of-the-ring", "§10.9.5", "§11.7")
def test_11_7_smeagols_guidance_is_not_offered_while_gollum_is_at_large() -> None:
    p, g = ring_phase(3, gollum="at-large", hand=("smeagols-guidance",))
    assert g.ask["kind"] == "declare" and "smeagols-guidance" in g.hands["fellowship"]


# ----- the Ring put on in answer (R-RING-WEAR-TIMING) [WR §10.9.2] --------------------------------
@rule("war-of-the-ring", "§10.9.2", "§10.9.3", "§10.7.2")
def test_10_9_2_the_bearer_spotted_may_put_the_ring_on_and_escape_capture() -> None:
    # Search card 36: Saruman, Orcs, value 1, area C; Frodo spotted beside a Dark army
    p = Position().clear().search_deck(36, 35).unit("ISE-04", "1409")
    p.char("frodo", "1409", hidden=True).char("sam", "1409", hidden=True)
    g = p.at("4a")
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    assert g.ask["kind"] == "ring_answer" and g.ask["seat"] == "fellowship"
    assert g.legal_actions() == [{"type": "put_on"}, {"type": "keep_ring_off"}]
    g.apply({"type": "put_on"})
    assert g.ring["worn"] and g.ring["area"] == "C" and "MOR" in g.mobilized
    assert g.ask["kind"] == "hunt"
    targets = {a.get("target") for a in g.legal_actions() if a.get("how") == "capture"}
    assert "frodo" not in targets and "sam" in targets


@rule("war-of-the-ring", "§10.9.2", "§10.7.2")
def test_10_9_2_the_bearer_spotted_may_keep_the_ring_off() -> None:
    p = Position().clear().search_deck(36, 35).unit("ISE-04", "1409")
    p.char("frodo", "1409", hidden=True)
    g = p.at("4a")
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    g.apply({"type": "keep_ring_off"})
    assert not g.ring["worn"] and g.ask["kind"] == "hunt"
    assert {"type": "hunt", "how": "capture", "target": "frodo"} in g.legal_actions()


@rule("war-of-the-ring", "§10.9.2", "§10.9.3", "§10.4")
def test_10_9_2_the_bearer_challenged_puts_the_ring_on_and_only_a_nazgul_may_fight_on() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("mouth", "2617")
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "mouth", "target": "frodo"})
    assert g.ask["kind"] == "ring_answer"
    g.apply({"type": "put_on"})
    assert g.ring["worn"]
    assert g.legal_actions() == [{"type": "withdraw"}]          # the Mouth may not fight him
    g.apply({"type": "withdraw"})
    assert g.chars["frodo"]["e"] == 6
    # a Nazgûl may fight on, against the wearer's +2
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("n3", "2617")
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n3", "target": "frodo"})
    g.apply({"type": "put_on"})
    assert g.legal_actions() == [{"type": "fight"}]
    p.dice(3, 3)
    ev = g.apply({"type": "fight"})
    assert "wearing the Ring +2" in duel_text(ev), duel_text(ev)


@rule("war-of-the-ring", "§10.9.2", "§10.7.3", "§10.9.3")
def test_10_9_2_the_bearer_intercepted_by_a_nazgul_may_put_the_ring_on_before_the_hunt() -> None:
    p = Position().clear().mobilize("MOR").char("frodo", "2617", hidden=True).char("n3", "2718")
    g = p.at("5c")
    p.dice(1)                                                   # the interception: 1 ≤ 2
    ev = move(g, "2718", piece="frodo")
    assert not g.chars["frodo"]["hidden"] and g.chars["frodo"]["hex"] == "2718", texts(ev)
    assert g.ask["kind"] == "ring_answer" and g.ask["seat"] == "fellowship"
    g.apply({"type": "put_on"})
    assert g.ring["worn"] and g.ring["area"] == "Q"
    assert g.ask["kind"] == "hunt" and g.ask["seat"] == "dark"
    assert {"type": "hunt", "how": "challenge", "with": "n3", "target": "frodo"} in g.legal_actions()
    assert not [a for a in g.legal_actions() if a.get("how") == "capture"]
    p.dice_done()
