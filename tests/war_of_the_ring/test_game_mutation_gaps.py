"""The halves of War of the Ring's army-combat rules [WR §10.3] that the mutation survivors of
issue 17 showed untested: leadership (a captive leads nothing, the Horn of the Mark only for its
holder, Rangers lead only with no other leader), the net column shift, loss allocation (no
points, a unit left at 1, an eliminated unit, an escort at 1) and the leader hit ("k": only a
leader in the battle hex, the Endurance loss).  The engine's steps are called on built
positions; dice are scripted, so an unexpected roll fails."""

from __future__ import annotations

import dataclasses

import pytest

from ringwar.systems.war_of_the_ring import battle as B
from ringwar.systems.war_of_the_ring.battle import Shift

from .builder import Position, refused

rule = pytest.mark.rule

FP, DARK = "fellowship", "dark"


@rule("war-of-the-ring", "§10.3")
def test_10_3_a_shift_of_zero_is_not_listed_as_used() -> None:
    p = Position().clear()
    col, used = B.shifted(p.g.D, 3, [Shift(0, "nothing"), None, Shift(1, "one")])
    assert [s.amount for s in used] == [1]
    assert col == p.g.D.crt.shift(3, 1)


@rule("war-of-the-ring", "§10.3")
def test_10_3_a_captive_leader_gives_no_leadership() -> None:
    p = Position().clear().mobilize("GON", "MOR").unit("MOR-01", "2923").unit("GON-04", "2923")
    p.captive("aragorn", "2923", ["MOR-01"])
    g = p.g
    assert g.leadership("2923", FP, ["GON-04"])[:2] == (0, None)


@rule("war-of-the-ring", "§10.3", "§11.9")
def test_10_3_only_the_horns_holder_gets_its_leadership_bonus() -> None:
    p = Position().clear().mobilize("ROH").unit("ROH-01", "2222").char("theoden", "2222")
    g = p.g
    assert "horn-of-the-mark" not in g.chars["theoden"]["items"]
    assert g.leadership("2222", FP, ["ROH-01"])[:2] == (3, "theoden")
    g.chars["theoden"]["items"].append("horn-of-the-mark")
    p.touch()
    assert p.g.leadership("2222", FP, ["ROH-01"])[:2] == (4, "theoden")


@rule("war-of-the-ring", "§10.3", "§V27")
def test_10_3_rangers_lead_at_1_only_with_no_other_leader() -> None:
    p = Position().clear().mobilize("GON", "DUN").unit("DUN-01", "2923").unit("GON-04", "2923")
    p.char("aragorn", "2923")
    assert p.g.leadership("2923", FP, ["DUN-01", "GON-04"])[:2] == (3, "aragorn")


@rule("war-of-the-ring", "§10.3")
def test_10_3_no_loss_points_no_losses() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923")
    assert p.g.take_losses(["GON-04"], 0, "attacker") == []
    assert p.g.units["GON-04"]["hex"] == "2923"


@rule("war-of-the-ring", "§10.3")
def test_10_3_a_unit_left_at_1_stays_and_one_at_0_is_eliminated() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923", 10).unit("GON-05", "2923", 5)
    g = p.g
    ev = g.take_losses(["GON-04"], 9, "defender")
    t = " ".join(e["text"] for e in ev)
    assert g.units["GON-04"]["str"] == 1 and g.units["GON-04"]["hex"] == "2923"
    assert "eliminated" not in t, t
    ev = g.take_losses(["GON-05"], 5, "defender")
    t = " ".join(e["text"] for e in ev)
    assert "(eliminated)" in t, t
    assert g.units["GON-05"]["hex"] is None and g.units["GON-05"]["gone"]


@rule("war-of-the-ring", "§10.3", "§10.2.4")
def test_10_3_an_escort_left_at_1_still_holds_its_captive() -> None:
    p = Position().clear().mobilize("MOR").unit("MOR-01", "2923", 1).unit("MOR-05", "2923", 10)
    p.captive("aragorn", "2923", ["MOR-01"])
    g = p.g
    g.take_losses(["MOR-05"], 3, "defender")
    assert g.chars["aragorn"]["captive"] == DARK
    assert "aragorn" in g.captives


@rule("war-of-the-ring", "§10.3")
def test_10_3_k_hits_only_a_leader_in_the_battle_hex() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("aragorn", "2824")
    p.dice()                                  # no die may be rolled
    assert p.g.leader_hit("2923", FP, ["GON-04"], None, False) == []
    p.dice_done()


@rule("war-of-the-ring", "§10.3", "§11.5")
def test_10_3_k_endurance_loss_is_taken_from_the_leader() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("boromir", "2923")
    g = p.g
    e0 = g.chars["boromir"]["e"]
    p.dice(3)
    g.leader_hit("2923", FP, ["GON-04"], "boromir", False)
    p.dice_done()
    assert g.chars["boromir"]["e"] == e0 - 2
    assert g.chars["boromir"]["alive"]


@rule("war-of-the-ring", "§10.3", "§11.5")
def test_10_3_k_endurance_loss_to_0_kills_the_leader() -> None:
    p = Position().clear().mobilize("GON").unit("GON-04", "2923").char("boromir", "2923", e=2)
    g = p.g
    p.dice(4)
    g.leader_hit("2923", FP, ["GON-04"], "boromir", False)
    p.dice_done()
    assert not g.chars["boromir"]["alive"]


# ----- the Dark Alliance (three players) [WR §V13] ----------------------------------------------
def _shared_hex(*more: tuple[str, str]) -> Position:
    p = Position(players=3).clear().mobilize("ISE", "MOR", "GON").sp(5)
    p.unit("MOR-13", "1921").unit("ISE-01", "1921")
    for uid, h in more:
        p.unit(uid, h)
    return p


@rule("war-of-the-ring", "§V13")
def test_V13_sauron_may_attack_saruman_in_a_shared_hex_saruman_may_not() -> None:
    g = _shared_hex().g
    assert g.flags["alliance"]
    plan = g.battle_plan("sauron", "1921")
    assert plan is not None and plan["defs"] == ["ISE-01"], plan
    assert g.battle_plan("saruman", "1921") is None
    assert g.battle_plan("fellowship", "1921") is None


@rule("war-of-the-ring", "§V13")
def test_V13_with_free_units_in_the_hex_sauron_attacks_them_not_saruman() -> None:
    g = _shared_hex(("GON-04", "1921")).g
    plan = g.battle_plan("sauron", "1921")
    assert plan is not None and plan["defs"] == ["GON-04"], plan


@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_sauron_attacking_saruman_ends_the_alliance() -> None:
    p = _shared_hex()
    p.dice(3)
    ev = p.g.resolve_battle("sauron", "1921")
    p.dice_done()
    assert not p.g.flags["alliance"]
    assert any(e["type"] == "alliance" for e in ev)


@rule("war-of-the-ring", "§V13", "§10.2.1")
def test_V13_the_free_peoples_attacking_saruman_do_not_end_the_alliance() -> None:
    p = Position(players=3).clear().mobilize("ISE", "GON").unit("ISE-01", "1921")
    p.unit("GON-04", "1921").unit("GON-05", "1921")
    g = p.g
    assert g.battle_plan("fellowship", "1921") is not None
    p.dice(3, 6, 6, 6, 6)
    ev = g.resolve_battle("fellowship", "1921")
    assert g.flags["alliance"], [e["text"] for e in ev]
    assert not any(e["type"] == "alliance" for e in ev)


@rule("war-of-the-ring", "§V13")
def test_V13_saruman_converts_a_captured_leader_in_isengard_not_the_ring_bearer_nor_a_non_leader() -> None:
    p = Position(players=3).clear().mobilize("ISE").unit("ISE-01", "1820")
    g = p.g
    ise = g.L.isengard
    assert ise == "1820"
    p.captive("boromir", ise, ["ISE-01"], seat="saruman")
    p.captive("sam", ise, ["ISE-01"], seat="saruman")
    p.captive("gollum", ise, ["ISE-01"], seat="saruman")
    p.ring(bearer="sam")
    assert p.g.convert_options() == ["boromir"]
    p.ring(bearer="frodo")
    assert p.g.convert_options() == ["boromir", "sam"]


# ----- a challenge to the Ring-bearer, and the Nazgûl's refusal [WR §V31] [WR §10.9.2] ------------
@rule("war-of-the-ring", "§V31", "§10.9.2")
def test_V31_a_challenged_ring_bearer_is_asked_once_about_the_ring_then_the_duel_goes_on() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("n3", "2617")
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n3", "target": "frodo"})
    assert g.ask["kind"] == "ring_answer" and g.ask["seat"] == "fellowship"
    g.apply({"type": "keep_ring_off"})
    assert g.ask["kind"] != "ring_answer", g.ask
    assert {"type": "fight"} in g.legal_actions(), g.legal_actions()


@rule("war-of-the-ring", "§V31", "§10.9.2")
def test_V31_a_challenge_to_another_character_asks_nothing_about_the_ring() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("aragorn", "2617").char("n3", "2617")
    p.dice(1, 1, 1, 1, 1, 1, 1, 1)
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n3", "target": "aragorn"})
    assert g.ask is None or g.ask["kind"] != "ring_answer", g.ask


# ----- Saruman's turn begins [WR §V13] [WR §6.2] ---------------------------------------------------
@rule("war-of-the-ring", "§V13", "§6.2")
def test_V13_saruman_is_asked_at_his_turns_start_to_declare_isengard_even_with_no_captive() -> None:
    g = Position(players=3).clear().at("6a")
    assert g.convert_options() == []
    assert g.ask is not None and g.ask["kind"] == "saruman_start" and g.ask["seat"] == "saruman"
    assert g.legal_actions() == [{"type": "mobilize", "nation": "ISE"}, {"type": "done"}]
    g.apply({"type": "mobilize", "nation": "ISE"})
    assert "ISE" in g.mobilized


@rule("war-of-the-ring", "§V13", "§6.2")
def test_V13_with_isengard_mobilized_and_no_captive_saruman_is_asked_nothing() -> None:
    g = Position(players=3).clear().mobilize("ISE").at("6a")
    assert g.ask is None or g.ask["kind"] != "saruman_start", g.ask


@rule("war-of-the-ring", "§V13")
def test_V13_the_conversion_exclusions_are_read_from_their_table() -> None:
    """R-CONVERT-EXCLUSIONS names "ring-bearer" (whoever bears the Ring), not Sam himself: a
    corrected table without it would let Saruman convert the Ring-bearer."""
    p = Position(players=3).clear().mobilize("ISE").unit("ISE-01", "1820")
    p.captive("sam", "1820", ["ISE-01"], seat="saruman")
    p.ring(bearer="sam")
    g = p.g
    assert g.convert_options() == []
    never = [x for x in g.D.value("R-CONVERT-EXCLUSIONS", "never") if x != "ring-bearer"]
    values = {**g.D.values, "R-CONVERT-EXCLUSIONS": {"never": never}}
    g.D = dataclasses.replace(g.D, values=values)          # this game only: the data is shared
    assert g.convert_options() == ["sam"]


# ----- a challenge to the Ring-bearer and to a Nazgûl [WR §V31] [WR §10.9.2] [WR §8.1] -----------
@rule("war-of-the-ring", "§V31", "§10.9.2")
def test_V31_once_answered_the_challenge_is_fought_without_asking_about_the_ring_again() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("frodo", "2617").char("n3", "2617")
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n3", "target": "frodo"})
    g.apply({"type": "keep_ring_off"})
    p.dice(3, 3)
    ev = g.apply({"type": "fight"})
    assert g.ask is None or g.ask["kind"] != "ring_answer", g.ask
    assert any(e["type"] == "duel" for e in ev), [e["type"] for e in ev]


@rule("war-of-the-ring", "§V31", "§10.9.2", "§10.9.5")
def test_V31_gollum_bearing_the_ring_is_challenged_without_a_ring_answer() -> None:
    """Gollum with the Ring is a Dark Power piece [WR §10.9.5]: the Fellowship has no Ring to
    put on when he is challenged, so no one is asked about it."""
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("gollum", "2617", seat="dark")
    p.ring(bearer="gollum", held_by="dark")
    p.g.gollum["state"] = "has-ring"
    g = p.at("5e")
    assert g.ring_actions() == []
    assert {"type": "challenge", "lead": "aragorn", "target": "gollum"} in g.legal_actions()
    p.dice(*[3] * 12)
    g.apply({"type": "challenge", "lead": "aragorn", "target": "gollum"})
    assert g.ask is None or g.ask["kind"] != "ring_answer", g.ask


@rule("war-of-the-ring", "§V31", "§8.1")
def test_V31_only_a_challenged_nazgul_is_offered_the_refusal() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617").char("mouth", "2617")
    g = p.at("5e")
    p.dice(*[3] * 12)
    g.apply({"type": "challenge", "lead": "aragorn", "target": "mouth"})
    assert g.ask is None or g.ask["kind"] != "refuse", g.ask


@rule("war-of-the-ring", "§V31", "§8.1")
def test_V31_east_of_the_anduin_a_nazgul_may_refuse_before_mordor_mobilizes() -> None:
    p = Position(turn_limit=1).clear().sp(0)
    p.char("aragorn", "2617").char("n3", "2617")
    g = p.at("5e")
    assert "MOR" not in g.mobilized and not g.W.in_region("2617", "west-of-anduin")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    assert g.ask["kind"] == "refuse" and g.ask["seat"] == "dark"


@rule("war-of-the-ring", "§V31", "§10.9.2", "§10.7.2")
def test_V31_the_challenge_answered_is_fought_before_the_next_spotted_groups_hunt() -> None:
    """Two groups spotted by one search card: the hunt of the first challenges the Ring-bearer;
    once the Fellowship has answered about the Ring, that challenge goes on at once — the second
    group's hunt waits its turn."""
    p = Position().clear().search_deck(36, 35)                 # Saruman, Orcs, value 1, area C
    p.char("frodo", "1409", hidden=True).unit("ISE-04", "1409")
    p.char("boromir", "1502", hidden=True).unit("ISE-05", "1502")
    g = p.at("4a")
    p.dice(1, 1)
    g.apply({"type": "declare", "choice": "card"})
    g.apply({"type": "keep_ring_off"})                          # answered when spotted
    assert g.ask["kind"] == "hunt" and g.ask["hex"] == "1409"
    g.apply({"type": "hunt", "how": "challenge", "with": "ISE-04", "target": "frodo"})
    assert g.ask["kind"] == "ring_answer" and g.ask["why"] == "challenged"
    g.apply({"type": "keep_ring_off"})
    assert g.ask["kind"] == "challenge_after_ring" and g.ask["target"] == "frodo", g.ask
    assert g.legal_actions() == [{"type": "fight"}]
    assert [q["hex"] for q in g.queue if q["kind"] == "hunt"] == ["1502"]


# ----- the map's search areas [WR §5.6] -------------------------------------------------------------
@rule("war-of-the-ring", "§5.6")
def test_5_6_every_hex_but_sea_is_land_and_has_a_search_area() -> None:
    W = Position().g.W
    sea = [h for h in W.hexes if W.terrain(h) == "sea"]
    assert sea and len(sea) < len(W.hexes)
    for h in W.hexes:
        assert W.is_land(h) == (W.terrain(h) != "sea") == (W.search_area(h) is not None), h


@rule("war-of-the-ring", "§5.6")
def test_5_6_the_picture_draws_a_border_between_every_two_land_hexes_of_different_areas() -> None:
    W = Position().g.W
    pic = W.picture_hexmap(borders=True)
    borders = {k for k, f in pic.sides().items() if f["kind"] == "border"}
    want = set()
    for h in W.hexes:
        for n in W.adjacent(h):
            if W.is_land(h) and W.is_land(n) and W.search_area(h) != W.search_area(n) \
                    and W.hexside(h, n) is None:
                want.add("/".join(sorted((h, n))))
    assert want and {"/".join(sorted(k.split("/"))) for k in borders} == want
    plain = W.picture_hexmap(borders=False)
    assert not [k for k, f in plain.sides().items() if f["kind"] == "border"]


@rule("war-of-the-ring", "§5.6", "§V2", "§11.7")
def test_5_6_only_an_area_declaration_naming_no_area_is_refused_by_5_6() -> None:
    g = Position().clear().search_deck(1, 2).at("4a")
    e = refused(g, {"type": "declare", "choice": "hex", "hex": "2008"})
    assert "§5.6" not in f"{e.rule} {e.why}"
    g.flags["deceived"] = True                    # Palantír Deceived: the card's areas only
    g._after_change()
    e = refused(g, {"type": "declare", "choice": "area", "area": "E"}, "§11.7")
    assert "§5.6" not in f"{e.rule} {e.why}"


# ----- the Ring handed over [WR §10.9.1] [WR §12] ---------------------------------------------------
@rule("war-of-the-ring", "§10.9.1", "§12")
def test_10_9_1_a_hand_over_between_visible_characters_is_told_to_everyone() -> None:
    p = Position().clear()
    p.char("frodo", "2617").char("sam", "2617")
    g = p.at("5c")
    ev = g.apply({"type": "give_ring", "to": "sam"})
    told = [e for e in ev if e["type"] == "ring"]
    assert told and told[0].get("visible_to") is None, told


@rule("war-of-the-ring", "§10.9.1", "§12")
def test_10_9_1_a_hand_over_with_a_hidden_character_is_told_to_the_fellowship_only() -> None:
    p = Position().clear()
    p.char("frodo", "2617", hidden=True).char("sam", "2617")
    g = p.at("5c")
    give = next(a for a in g.legal_actions() if a["type"] == "give_ring" and a["to"] == "sam")
    ev = g.apply(give)
    told = [e for e in ev if e["type"] == "ring"]
    assert told and told[0].get("visible_to") == "fellowship", told


# ----- a claimant's real damage, read from its tables [WR §10.9.4] [WR §8.1] ------------------------
def _duel_with_n3(lead: str, *, claim: bool = False, dice: tuple[int, ...] = (4, 3, 3, 3),
                  **tables: dict) -> tuple:
    """``lead`` (claiming the Ring's power if ``claim``) challenges the Nazgûl N3 in 2617 in the
    Fellowship's duels step, with some key tables changed for this game only; N4 stays in
    Barad-dûr so that N3's end is no draw.  Returns the game and the duel's text."""
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(5)
    p.char(lead, "2617")
    if claim:
        p.ring(bearer=lead, worn=True, claim=True, area=p.g.W.search_area("2617"))
    p.char("n4", "3523").char("n3", "2617")
    g = p.g
    if tables:
        values = dict(g.D.values)
        for key, fields in tables.items():
            values[key] = {**values[key], **fields}
        g.D = dataclasses.replace(g.D, values=values)       # this game only: the data is shared
    p.dice(*dice)
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": lead, "target": "n3"})
    ev = g.apply({"type": "accept"})
    return g, "\n".join(e["text"] for e in ev if e["type"] == "duel")


@rule("war-of-the-ring", "§10.9.4", "§8.1")
def test_10_9_4_a_claimants_damage_is_real_only_while_its_tables_say_so() -> None:
    # Aragorn claiming: d6 4 + C 5 + Andúril 2 + claimant 3 = 14; N3: d6 3 + 4 = 7 → 7 damage
    g, t = _duel_with_n3("aragorn", claim=True)
    assert "7 real and 0 shadow" in t and not g.chars["n3"]["alive"], t
    # R-CLAIM-PROCEDURE real_damage_vs_nazgul false: the same blow is shadow damage
    g, t = _duel_with_n3("aragorn", claim=True,
                         **{"R-CLAIM-PROCEDURE": {"real_damage_vs_nazgul": False}})
    assert "0 real and 7 shadow" in t and g.chars["n3"]["alive"], t
    assert g.chars["n3"]["shadow"] == 7
    # R-NAZGUL-DAMAGE real_sources without "ring-claimant": shadow damage too
    g, t = _duel_with_n3("aragorn", claim=True,
                         **{"R-NAZGUL-DAMAGE": {"real_sources": ["merry", "pippin", "eowyn"]}})
    assert "0 real and 7 shadow" in t and g.chars["n3"]["alive"], t


@rule("war-of-the-ring", "§10.9.4", "§8.1", "§V6")
def test_8_1_eowyn_deals_real_wounds_only_while_she_is_a_real_source() -> None:
    # Éowyn: d6 6 + her C; N3: d6 1 + 4 = 5 → she wins by 4 (then her citadel roll)
    g, t = _duel_with_n3("eowyn", dice=(6, 1, 3, 3))
    assert "4 real and 0 shadow" in t and g.chars["n3"]["shadow"] == 0, t
    g, t = _duel_with_n3("eowyn", dice=(6, 1, 3, 3), **{"R-NAZGUL-DAMAGE": {
        "real_sources": ["merry", "pippin", "ring-claimant"]}})
    assert "0 real and 4 shadow" in t and g.chars["n3"]["shadow"] == 4, t


# ----- the duel's reasons: a unit's C from strength, an item's "against" [WR §10.4] [WR §11.9] ----
@rule("war-of-the-ring", "§10.9.4", "§10.4", "§11.9")
def test_10_4_the_duel_says_a_units_c_comes_from_its_strength_a_characters_does_not() -> None:
    p = Position().clear().search_deck(36, 35).unit("ISE-04", "1409")   # card 36: area C, value 1
    p.char("boromir", "1409", hidden=True)
    g = p.at("4a")
    p.dice(1)
    g.apply({"type": "declare", "choice": "card"})
    p.dice(3, 3)                    # Warg riders: 3 + C 2 (strength 10); Boromir: 3 + C 4
    ev = g.apply({"type": "hunt", "how": "challenge", "with": "ISE-04", "target": "boromir"})
    t = "\n".join(e["text"] for e in ev if e["type"] == "duel")
    assert "(C 2 from strength [WR §10.4] (R-IC-ORC-UNITS))" in t, t
    assert "Boromir: d6 3 + 4 (C 4) + support" in t, t
    assert t.count("from strength") == 1, t


@rule("war-of-the-ring", "§10.9.4", "§11.9")
def test_11_9_an_item_limited_to_some_opponents_names_the_opponent_an_unlimited_one_does_not() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("aragorn", "2617", items=["anduril", "black-arrow"]).char("n3", "2617")
    p.dice(3, 3)
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    ev = g.apply({"type": "accept"})
    t = "\n".join(e["text"] for e in ev if e["type"] == "duel")
    assert "Black Arrow +2 against Nazgul N3 [WR §11.9]" in t, t
    assert "anduril +2 [WR §11.9] (R-ITEMS)" in t, t           # no "against" for Andúril
    assert t.count(" against ") == 1, t


# ----- Saruman's claim only while he is free and alive [WR §10.9.4] [WR §V10] -----------------------
@rule("war-of-the-ring", "§10.9.4", "§V10")
def test_10_9_4_a_captive_saruman_bearing_the_ring_may_not_put_it_on() -> None:
    p = Position(players=3, turn_limit=1).clear().mobilize("MOR").flags(alliance=False)
    p.unit("MOR-01", "1820", seat="sauron")
    p.captive("saruman", "1820", ["MOR-01"], seat="sauron")
    p.ring(bearer="saruman", held_by="saruman")
    g = p.at("6b")
    assert {"type": "put_on"} not in g.legal_actions(), (g.ask, g.legal_actions())
    p = Position(players=3, turn_limit=1).clear()
    p.char("saruman", "1820").ring(bearer="saruman", held_by="saruman")
    assert {"type": "put_on"} in p.at("6b").legal_actions()              # free: he may


@rule("war-of-the-ring", "§10.9.4", "§V10")
def test_10_9_4_a_dead_saruman_still_recorded_as_bearer_may_not_put_the_ring_on() -> None:
    p = Position(players=3, turn_limit=1).clear().char("saruman", None)
    p.ring(bearer="saruman", held_by="saruman")
    g = p.at("6b")
    assert not g.chars["saruman"]["alive"]
    assert {"type": "put_on"} not in g.legal_actions(), (g.ask, g.legal_actions())


# ----- arrivals [WR §7] [WR §2] OPT-1, in the step that keeps them out of Gorgoroth [WR §V20] -------
@rule("war-of-the-ring", "§V20", "§2", "§7")
def test_2_opt_1_the_king_of_rhun_arrives_at_m_plus_2_not_before_nor_without_mordor() -> None:
    for turn, here in ((3, False), (4, True)):
        p = Position(rhun_harad=True).clear().mobilize("MOR", turn=2).turn(turn)
        g = p.at("2b")
        k = g.chars["king-of-rhun"]
        assert k["alive"] is here and k["hex"] == ("3816" if here else None), (turn, k)
        assert not g.chars["sultan-of-harad"]["alive"]                    # M+3
        assert ("King of Rh" in "\n".join(e["text"] for e in p.events)) is here
    p = Position(rhun_harad=True).clear().turn(9)                         # no M yet
    assert not p.at("2b").chars["king-of-rhun"]["alive"]


@rule("war-of-the-ring", "§V20", "§7", "§V22")
def test_7_after_a_grip_desertion_a_deserting_nations_unit_arrives_deserted_mordors_does_not() -> None:
    for deserted in (False, True):
        p = Position().clear().mobilize("MOR", turn=2).turn(4).arriving("EAS-01", "MOR-20")
        g = p.grip(deserted=deserted).at("2b")
        assert g.units["EAS-01"]["hex"] == "3816" and g.units["MOR-20"]["hex"] == "3122"
        assert g.units["EAS-01"]["deserted"] is deserted
        assert g.units["MOR-20"]["deserted"] is False


@rule("war-of-the-ring", "§V20", "§7", "§11.7")
def test_7_a_unit_mustered_by_a_card_arrives_before_its_turn() -> None:
    p = Position().clear().mobilize("MOR", turn=2).arriving("EAS-01").turn(2)
    p.event_deck(*(("grond", "black-breath", "huorns", "lembas") * 3)).search_deck(1, 2, 3)
    p.hand("dark", "muster-of-the-east")
    g = p.at("2a")
    assert g.units["EAS-01"]["hex"] is None                              # due at M+2
    p.dice(1, 1)
    g.apply({"type": "play", "card": "muster-of-the-east"})
    assert g.units["EAS-01"]["hex"] == "3816"


# ----- spotted: who mobilizes Mordor, the Ring's answer, Gorgoroth [WR §6.2] [WR §V20] -------------
def _spotted(cid: str, *, bearer: bool = False, worn: bool = False, card: int = 36) -> tuple:
    """``cid`` hidden alone in 1409 (area C), the Ring-bearer if ``bearer`` (wearing it if
    ``worn``), searched by card 36 (Saruman's Orcs, value 1, C; the die 1) or 2 (Nazgûl, C B)."""
    p = Position().clear().search_deck(card, 35)
    p.char(cid, "1409", hidden=True)
    if bearer:
        p.ring(bearer=cid, worn=worn, area="C" if worn else None)
    g = p.at("4a")
    if card == 36:
        p.dice(1)
    ev = g.apply({"type": "declare", "choice": "card"})
    assert not g.chars[cid]["hidden"], "\n".join(e["text"] for e in ev)
    return p, g


@rule("war-of-the-ring", "§V20", "§6.2", "§10.9.2")
def test_6_2_aragorn_spotted_bearing_the_ring_mobilizes_mordor_and_may_put_it_on() -> None:
    p, g = _spotted("aragorn", bearer=True)
    assert "MOR" in g.mobilized
    assert g.ask["kind"] == "ring_answer" and g.ask["why"] == "spotted"
    assert not g.ring["gorgoroth_open"]                  # spotted outside Mordor: no lapse [WR §V20]
    p.dice_done()


@rule("war-of-the-ring", "§V20", "§6.2")
def test_6_2_a_hobbit_spotted_without_the_ring_mobilizes_mordor_and_is_asked_nothing() -> None:
    p, g = _spotted("merry")
    assert "MOR" in g.mobilized
    assert g.ask is None or g.ask["kind"] != "ring_answer", g.ask
    p, g = _spotted("gandalf")                          # neither the bearer nor a Hobbit
    assert "MOR" not in g.mobilized


@rule("war-of-the-ring", "§V20", "§10.9.2", "§10.9.3")
def test_10_9_2_a_bearer_found_already_wearing_the_ring_is_not_asked_to_put_it_on() -> None:
    p, g = _spotted("aragorn", bearer=True, worn=True, card=2)    # the Nazgûl find him at once
    assert g.ring["worn"] and not g.ring["claim"]
    assert g.ask is None or g.ask["kind"] != "ring_answer", g.ask


@rule("war-of-the-ring", "§V20", "§10.9.2", "§10.7.2")
def test_10_9_2_behind_another_groups_hunt_only_a_bearer_without_the_ring_on_waits_to_answer() -> None:
    """Card 2 (Nazgûl, C and B, value 3) spots Boromir (die 1) beside a Dark army in 1409 and
    Aragorn, the Ring-bearer, in 1502: Boromir's hunt is asked first and the Ring question waits
    behind it — unless Aragorn already wears the Ring (found at once, no die): then nothing
    waits, so nothing is in the queue (the state, hashed) [WR §10.9.2] (R-RING-WEAR-TIMING)."""
    for worn in (False, True):
        p = Position().clear().search_deck(2, 35).unit("ISE-04", "1409")
        p.char("boromir", "1409", hidden=True).char("aragorn", "1502", hidden=True)
        p.ring(bearer="aragorn", worn=worn, area="C" if worn else None)
        g = p.at("4a")
        p.dice(*((1,) if worn else (1, 1)))
        g.apply({"type": "declare", "choice": "card"})
        assert not g.chars["aragorn"]["hidden"]
        assert g.ask["kind"] == "hunt" and g.ask["hex"] == "1409", g.ask
        assert [q["kind"] for q in g.queue] == ([] if worn else ["ring_answer"]), (worn, g.queue)
        p.dice_done()
