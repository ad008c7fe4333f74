"""The remaining event cards through the game [WR §11.7] (R-EVENT-DECK, R-EVENT-TIMING): each
played at its step by its side, and its effect."""

from __future__ import annotations

import json

import pytest

from .builder import Position, move, refused, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def events_phase(p: Position, *dice: int, turn: int = 2):
    """Run the sequence from step 2a (nothing due) to the first decision."""
    p.event_deck(*QUIET).search_deck(1, 2, 3).turn(turn)
    p.dice(*dice)
    return p.at("2a")


def play(g, card: str, **fields):
    a = {"type": "play", "card": card, **fields}
    assert a in g.legal_actions(), (a, g.ask, g.legal_actions())
    return g.apply(a)


def battle_text(ev) -> str:
    return next(e["text"] for e in ev if e["type"] == "battle")


def reach_cost(g, pieces, seat) -> float:
    return max(v[0] for v in g.destinations(pieces, seat).values())


# ----- Snows of Caradhras and Wormtongue's Counsel: answers and delays ---------------------------
@rule("war-of-the-ring", "§11.7", "§V21")
def test_11_7_snows_of_caradhras_cancels_misty_passes_open_as_it_is_played() -> None:
    p = Position().clear().hand("fellowship", "misty-passes-open").hand("dark", "snows-of-caradhras")
    g = events_phase(p)
    play(g, "misty-passes-open")
    assert g.ask["kind"] == "card_answer" and g.ask["seat"] == "dark"
    assert {"type": "play", "card": "snows-of-caradhras"} in g.legal_actions()
    p.dice(3)
    g.apply({"type": "play", "card": "snows-of-caradhras"})
    assert g.flags["passes"] == "closed"
    assert {"misty-passes-open", "snows-of-caradhras"} <= set(g.discards["event"])
    assert "misty-passes-open" not in g.hands["fellowship"]
    assert "snows-of-caradhras" not in g.hands["dark"]


@rule("war-of-the-ring", "§11.7", "§V21")
def test_11_7_misty_passes_open_stands_when_the_dark_power_does_not_answer() -> None:
    p = Position().clear().hand("fellowship", "misty-passes-open").hand("dark", "snows-of-caradhras")
    g = events_phase(p)
    play(g, "misty-passes-open")
    g.apply({"type": "pass"})
    assert g.flags["passes"] == "open" and "snows-of-caradhras" in g.hands["dark"]


@rule("war-of-the-ring", "§11.7", "§V21", "§5.4")
def test_11_7_snows_of_caradhras_closes_the_open_passes_for_two_turns() -> None:
    p = Position().clear().flags(passes="open").hand("dark", "snows-of-caradhras")
    p.char("gimli", "2113")
    g = events_phase(p)
    assert g.ask["seat"] == "dark"
    p.dice(3)
    play(g, "snows-of-caradhras")
    assert not g.passes_open("character")
    p.turn(3)
    assert not g.passes_open("character")                       # the next turn too
    p.turn(4)
    assert g.passes_open("character")
    p.turn(2)
    g = p.at("5c")
    assert "2213" not in g.destinations(["gimli"], "fellowship")


@rule("war-of-the-ring", "§11.7", "§V24", "§6.2")
def test_11_7_wormtongues_counsel_cancels_theoden_healed_as_it_is_played() -> None:
    p = Position().clear().char("gandalf", "2222").hand("fellowship", "theoden-healed")
    p.hand("dark", "wormtongues-counsel")
    g = events_phase(p)
    play(g, "theoden-healed")
    assert g.ask["kind"] == "card_answer" and g.ask["seat"] == "dark"
    p.dice(3)
    g.apply({"type": "play", "card": "wormtongues-counsel"})
    assert "ROH" not in g.mobilized


@rule("war-of-the-ring", "§11.7", "§V24", "§6.2")
def test_11_7_wormtongues_counsel_delays_rohans_mobilization_at_i_plus_2() -> None:
    p = Position().clear().mobilize("ISE", turn=3).hand("dark", "wormtongues-counsel")
    g = events_phase(p, turn=4)
    p.dice(3)
    play(g, "wormtongues-counsel")
    assert g.ask["kind"] == "declare"
    p.turn(5).dice(4)
    g = p.at("2a")
    assert "ROH" not in g.mobilized                             # I+2, delayed
    p.turn(6).dice(4)
    g = p.at("2a")
    assert g.mobilized.get("ROH") == 6


@rule("war-of-the-ring", "§11.7", "§V24", "§6.2")
def test_11_7_wormtongues_counsel_does_not_stop_an_invasion_of_rohan_from_mobilizing_it() -> None:
    p = Position().clear().mobilize("MOR").sp(5).flags(wormtongue=3).turn(2)
    p.unit("MOR-01", "2518")
    g = p.at("7b")
    move(g, "2418", piece="MOR-01")                             # 25 Orcs enter Rohan: an attack
    assert "ROH" in g.mobilized


@rule("war-of-the-ring", "§11.7", "§V24", "§6.2")
def test_11_7_under_wormtongues_counsel_the_beacons_do_not_mobilize_rohan() -> None:
    p = Position().clear().mobilize("GON", turn=1).flags(wormtongue=3)
    p.hand("fellowship", "beacons-of-gondor")
    g = events_phase(p)
    if g.ask["kind"] == "events" and {"type": "play", "card": "beacons-of-gondor"} in g.legal_actions():
        p.dice(3)
        g.apply({"type": "play", "card": "beacons-of-gondor"})
    assert "ROH" not in g.mobilized


# ----- the Eagles [WR §11.7] [WR §V3] ----------------------------------------------------------
def in_isengard(*dice: int):
    p = Position().clear().mobilize("ISE").unit("ISE-01", "1820")
    p.captive("boromir", "1820", ["ISE-01"]).hand("fellowship", "eagles")
    p.dice(*dice)
    return p, p.at("5a")


@rule("war-of-the-ring", "§11.7", "§V3", "§10.8.2")
def test_11_7_the_eagles_are_the_only_way_out_of_isengard() -> None:
    p, g = in_isengard()                                        # no escape roll in Isengard
    assert g.ask["kind"] == "rescue" and g.ask["seat"] == "fellowship"
    ev = play(g, "eagles", captive="boromir")
    assert g.chars["boromir"]["captive"] is None and "boromir" not in g.captives, texts(ev)
    p = Position().clear().mobilize("MOR").unit("MOR-06", "3523")
    p.captive("boromir", "3523", ["MOR-06"]).hand("fellowship", "eagles")
    p.dice()
    g = p.at("5a")                                              # not from Barad-dûr
    assert g.ask is None or not [a for a in g.legal_actions() if a.get("captive") == "boromir"]


@rule("war-of-the-ring", "§11.7", "§V3", "§10.8.2")
def test_11_7_a_captive_the_eagles_carry_off_escapes_away_from_his_captors() -> None:
    p, g = in_isengard()
    play(g, "eagles", captive="boromir")
    b = g.chars["boromir"]
    assert b["hex"] != "1820" and not g.enemy_army_in(b["hex"], "fellowship"), b


@rule("war-of-the-ring", "§11.7", "§12", "§V1")
def test_11_7_the_eagles_fly_a_revealed_character_up_to_12_hexes_never_into_mordor_and_hide_him() -> None:
    from ringwar.core import hexes as hx
    p = Position().clear().char("gandalf", "2617").hand("fellowship", "eagles")
    g = p.at("5c")
    play(g, "eagles", piece="gandalf")
    assert g.ask["kind"] == "eagle_flight"
    lands = {a["to"] for a in g.legal_actions()}
    assert max(hx.distance("2617", h) for h in lands) == 12
    assert not [h for h in lands if g.W.in_region(h, "mordor")]
    assert "3021" not in lands and "2008" in lands
    g.apply(next(a for a in g.legal_actions() if a["to"] == "2008"))
    gd = g.chars["gandalf"]
    assert gd["hex"] == "2008" and gd["hidden"] and gd["moved"]
    assert "2008" not in json.dumps([c for c in g.view("dark")["characters"] if c["id"] == "gandalf"])


# ----- Events-phase cards of the Free Peoples ---------------------------------------------------
@rule("war-of-the-ring", "§11.7", "§6.2", "§7.3")
def test_11_7_march_of_the_ents_mobilizes_them_with_plus_2_mf_this_turn() -> None:
    p = Position().clear().unit("ENT-01", "2119").hand("fellowship", "march-of-the-ents")
    g = events_phase(p)
    p.dice(3)
    play(g, "march-of-the-ents")
    assert g.mobilized.get("ENT") == 2
    g = p.at("5c")
    assert reach_cost(g, ["ENT-01"], "fellowship") == 6
    p.turn(3)
    g = p.at("5c")
    assert reach_cost(g, ["ENT-01"], "fellowship") <= 4


@rule("war-of-the-ring", "§11.7", "§V27")
def test_11_7_the_grey_company_brings_the_rangers_to_a_revealed_aragorn() -> None:
    p = Position().clear().mobilize("DUN").unit("DUN-01", "1306").char("aragorn", "2617")
    p.hand("fellowship", "grey-company")
    g = p.at("5c")
    play(g, "grey-company")
    assert g.units["DUN-01"]["hex"] == "2617"
    p = Position().clear().mobilize("DUN").unit("DUN-01", "1306").char("aragorn", "2617", hidden=True)
    p.hand("fellowship", "grey-company")
    g = p.at("5c")
    assert not [a for a in g.legal_actions() if a.get("card") == "grey-company"]


@rule("war-of-the-ring", "§11.7", "§8", "§10.3")
def test_11_7_gandalf_the_white_returns_in_lorien_or_fangorn_at_full_endurance_and_morale_plus_1() -> None:
    p = Position().clear().char("gandalf", None).hand("fellowship", "gandalf-the-white")
    g = events_phase(p)
    p.dice(3)
    play(g, "gandalf-the-white")
    gd = g.chars["gandalf"]
    assert gd["alive"] and gd["hex"] in ("2315", "2119") and gd["e"] == 10 and not gd["hidden"]
    assert g.leadership(gd["hex"], "fellowship", [])[0] == 4 + 1
    p = Position().clear().char("gandalf", "2617").hand("fellowship", "gandalf-the-white")
    g = events_phase(p, 3)                                      # alive: the card is not played
    assert g.ask["kind"] == "declare" and "gandalf-the-white" in g.hands["fellowship"]


@rule("war-of-the-ring", "§11.7", "§10.4")
def test_11_7_gandalf_the_white_fights_with_plus_1_combat() -> None:
    p = Position(turn_limit=2).clear().mobilize("MOR").char("gandalf", None)
    p.hand("fellowship", "gandalf-the-white").char("n3", "2315").char("n9", "3523")
    g = events_phase(p)
    p.dice(1, 1)                                                # 2d6 + 4 Shadow Points
    play(g, "gandalf-the-white")
    # Gandalf: d6 3 + C 5 + 1 + Glamdring 1 = 10; the Nazgûl d6 3 + 4 = 7 → 3 shadow damage
    p.char("n3", g.chars["gandalf"]["hex"])
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "gandalf", "target": "n3"})
    p.dice(3, 3)
    g.apply({"type": "accept"})
    assert g.chars["n3"]["e"] == 4


@rule("war-of-the-ring", "§11.7", "§10.7.2")
def test_11_7_elven_cloaks_add_1_to_the_search_rolls_against_the_ring_bearers_group() -> None:
    p = Position().clear().char("frodo", "0908", hidden=True).hand("fellowship", "elven-cloaks")
    p.event_deck(*QUIET).search_deck(1, 2).turn(2)              # card 1: Nazgûl, value 3, area B
    p.dice(4)
    g = p.at("2a")
    play(g, "elven-cloaks")
    assert g.ask["kind"] == "declare"
    p.dice(3)                                                   # 3 + 1 > 3
    g.apply({"type": "declare", "choice": "card"})
    assert g.chars["frodo"]["hidden"]
    p.dice_done()


@rule("war-of-the-ring", "§11.7", "§10.2.2")
def test_11_7_lembas_gives_up_to_three_characters_of_the_bearers_group_plus_2_mf() -> None:
    p = Position().clear().hand("fellowship", "lembas")
    for c in ("frodo", "sam", "merry", "pippin"):
        p.char(c, "2418", hidden=True)
    g = p.at("5c")
    assert reach_cost(g, ["frodo"], "fellowship") == 5
    play(g, "lembas")
    fed = [c for c in ("frodo", "sam", "merry", "pippin") if g.chars[c]["mf_bonus"] == 2]
    assert len(fed) == 3 and "frodo" in fed, fed
    assert reach_cost(g, ["frodo"], "fellowship") == 7


@rule("war-of-the-ring", "§11.7", "§6.2")
def test_11_7_the_beacons_of_gondor_mobilize_the_other_of_gondor_and_rohan() -> None:
    for first, second in (("GON", "ROH"), ("ROH", "GON")):
        p = Position().clear().mobilize(first, turn=1).hand("fellowship", "beacons-of-gondor")
        g = events_phase(p)
        p.dice(3)
        play(g, "beacons-of-gondor")
        assert g.mobilized.get(second) == 2
    p = Position().clear().hand("fellowship", "beacons-of-gondor")   # neither: not playable
    g = events_phase(p, 3)
    assert g.ask["kind"] == "declare"


@rule("war-of-the-ring", "§11.7", "§10.1")
def test_11_7_dawnless_day_shifts_orc_and_troll_attacks_one_column_this_turn() -> None:
    def attack(units):
        p = Position(turn_limit=1).clear().mobilize("MOR", "GON").sp(20).flags(dawnless=True)
        for u in units:
            p.unit(u, "2924")
        p.unit("GON-04", "2924").dice(3)
        g = p.at("7c")
        return battle_text(g.apply({"type": "attack", "hex": "2924"}))

    assert "Dawnless Day" in attack(["MOR-01", "MOR-05", "MOR-08"])
    assert "Dawnless Day" not in attack(["MOR-01", "EAS-01"])   # not every attacker an Orc


@rule("war-of-the-ring", "§11.7", "§10.7.2", "§V2")
def test_11_7_crebain_of_dunland_add_1_to_a_search_value_covering_areas_a_to_j() -> None:
    for card, hexes, spotted in ((36, "1409", True), (5, "2617", False)):
        # card 36: Saruman, Orcs, value 1, area C; card 5: Sauron, Nazgûl, value 3, area K
        p = Position().clear().search_deck(card, 2).hand("dark", "crebain-of-dunland")
        p.char("merry", hexes, hidden=True)
        g = p.at("4a")
        g.apply({"type": "declare", "choice": "card"})
        assert g.ask["kind"] == "events" and g.ask["seat"] == "dark"
        p.dice(2 if card == 36 else 4)                          # the search value + 1
        g.apply({"type": "play", "card": "crebain-of-dunland"})
        assert (not g.chars["merry"]["hidden"]) is spotted, card


@rule("war-of-the-ring", "§11.7", "§6.2", "§7.1")
def test_11_7_treason_of_isengard_mobilizes_it_and_brings_isi_07_now() -> None:
    p = Position().clear().arriving("ISE-07").hand("dark", "treason-of-isengard")
    g = events_phase(p)
    p.dice(3)
    play(g, "treason-of-isengard")
    assert g.mobilized.get("ISE") == 2
    assert g.units["ISE-07"]["hex"] == "1820" and g.units["ISE-07"]["str"] == 10


@rule("war-of-the-ring", "§11.7", "§7.1", "§6.2")
def test_11_7_muster_of_the_east_brings_the_next_scheduled_ally_now() -> None:
    p = Position().clear().mobilize("MOR", turn=2).arriving("EAS-01", "VAR-01", "HAR-02")
    p.hand("dark", "muster-of-the-east")
    g = events_phase(p)
    assert g.units["EAS-01"]["hex"] is None                     # due at M+2
    p.dice(1, 1)
    play(g, "muster-of-the-east")
    assert g.units["EAS-01"]["hex"] == "3816"
    assert g.units["VAR-01"]["hex"] is None and g.units["HAR-02"]["hex"] is None


# ----- cards played in the army and individual combat steps ------------------------------------
@rule("war-of-the-ring", "§11.7", "§10.3", "§V24")
def test_11_7_huorns_shift_a_free_attack_in_rohan_one_column() -> None:
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(0).hand("fellowship", "huorns")
    p.unit("GON-01", "2522").unit("MOR-11", "2522").dice(3)
    g = p.at("5d")
    play(g, "huorns", hex="2522")
    t = battle_text(g.apply({"type": "attack", "hex": "2522"}))
    assert "→ 2-1, shifted to 3-1" in t and "Huorns" in t, t


@rule("war-of-the-ring", "§11.7", "§10.3")
def test_11_7_huorns_for_free_defenders_in_rohan_when_the_attack_is_declared() -> None:
    p = Position(turn_limit=1).clear().mobilize("ROH", "MOR").sp(5).hand("fellowship", "huorns")
    p.unit("ROH-04", "2522").unit("MOR-01", "2522")
    g = p.at("7c")
    g.apply({"type": "attack", "hex": "2522"})
    assert g.ask["kind"] == "huorns" and g.ask["seat"] == "fellowship"
    p.dice(3)
    ev = g.apply({"type": "play", "card": "huorns", "hex": "2522"})
    t = battle_text(ev)
    assert "→ 2-1, shifted to 3-2" in t and "Huorns" in t, t
    p = Position(turn_limit=1).clear().mobilize("GON", "MOR").sp(5).hand("fellowship", "huorns")
    p.unit("GON-04", "2924").unit("MOR-01", "2924").dice(3)
    g = p.at("7c")                                              # Osgiliath: not Rohan nor H
    ev = g.apply({"type": "attack", "hex": "2924"})
    assert "Huorns" not in battle_text(ev)


@rule("war-of-the-ring", "§11.7", "§10.2.1", "§10.3")
def test_11_7_ride_of_the_rohirrim_gives_rohan_cavalry_plus_2_mf_and_plus_1_column() -> None:
    p = Position(turn_limit=1).clear().mobilize("ROH", "MOR").sp(0)
    p.unit("ROH-01", "2222").unit("ROH-02", "2522").unit("MOR-11", "2522")
    p.hand("fellowship", "ride-of-the-rohirrim")
    g = p.at("5c")
    assert reach_cost(g, ["ROH-01"], "fellowship") == 7
    play(g, "ride-of-the-rohirrim")
    assert reach_cost(g, ["ROH-01"], "fellowship") == 9
    g.apply({"type": "done"})
    p.dice(3)
    t = battle_text(g.apply({"type": "attack", "hex": "2522"}))
    assert "Ride of the Rohirrim" in t and "→ 1-1, shifted to 3-2" in t, t


@rule("war-of-the-ring", "§11.7", "§V15", "§10.3")
def test_11_7_grond_makes_minas_tirith_double_its_defenders_for_one_attack() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR", "GON").sp(20).hand("dark", "grond")
    p.unit("GON-01", "2824")
    for u in ("MOR-01", "MOR-05", "MOR-06", "MOR-07"):
        p.unit(u, "2824")
    g = p.at("7c")
    play(g, "grond")
    p.dice(3)
    t = battle_text(g.apply({"type": "attack", "hex": "2824"}))
    assert "100 against 25 × 2 (Grond) → 2-1" in t, t


@rule("war-of-the-ring", "§11.7", "§8.1", "§10.4")
def test_11_7_black_breath_wounds_a_revealed_free_character_in_or_next_to_a_nazguls_hex() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0).hand("dark", "black-breath")
    p.char("n3", "2617").char("gimli", "2617").char("legolas", "2618")
    p.char("boromir", "2619").char("aragorn", "2618", hidden=True)
    g = p.at("7d")
    targets = {a["target"] for a in g.legal_actions() if a.get("card") == "black-breath"}
    assert targets == {"gimli", "legolas"}, targets             # not 2 away, not hidden
    ev = play(g, "black-breath", target="legolas")
    assert g.chars["legolas"]["e"] == 7 - 2
    # the log names whom it struck and what is left (the card's text alone once did)
    assert any(e["rule"] == "[WR §11.7]" and e["text"] == "Legolas loses 2 Endurance to the Black "
               "Breath: 5 left" and e.get("visible_to") is None for e in ev), ev


@rule("war-of-the-ring", "§11.7", "§V2", "§12")
def test_11_7_the_eye_turns_shows_the_card_and_may_put_it_on_top_to_use_the_next() -> None:
    p = Position().clear().search_deck(9, 5, 3).hand("dark", "the-eye-turns").flags(palantir={"ithil": 2})
    g = p.at("4a")
    assert g.ask["kind"] == "events" and g.ask["seat"] == "dark"
    ev = play(g, "the-eye-turns")
    seen = [e for e in ev if e["type"] == "search" and "value 4" in e["text"]]
    assert seen and seen[0].get("visible_to") == "dark", ev
    assert g.ask["kind"] == "eye_turns"
    g.apply({"type": "swap"})
    assert g.search["card"] == 5 and g.decks["search"] == [3, 9]
    assert g.ask["kind"] == "declare"


@rule("war-of-the-ring", "§11.7", "§8.1")
def test_11_7_tom_bombadil_heals_a_free_character_in_area_b_or_c_fully() -> None:
    p = Position().clear().char("merry", "1210", e=1).char("gimli", "2617", e=2)
    p.hand("fellowship", "tom-bombadil")
    g = p.at("5c")
    targets = {a["target"] for a in g.legal_actions() if a.get("card") == "tom-bombadil"}
    assert targets == {"merry"}
    play(g, "tom-bombadil", target="merry")
    assert g.chars["merry"]["e"] == 5


@rule("war-of-the-ring", "§11.7", "§10.2.2")
def test_11_7_tom_bombadil_lets_his_charge_move_4_hexes() -> None:
    from ringwar.core import hexes as hx
    p = Position().clear().char("merry", "1210", e=1).hand("fellowship", "tom-bombadil")
    g = p.at("5c")
    move(g, "1209", piece="merry")
    assert g.chars["merry"]["moved"]
    play(g, "tom-bombadil", target="merry")
    lands = [a for a in g.legal_actions() if a.get("to")]
    assert lands and max(hx.distance("1209", a["to"]) for a in lands) == 4, g.legal_actions()
    far = next(a for a in lands if hx.distance("1209", a["to"]) == 4)
    g.apply(far)
    assert g.chars["merry"]["hex"] == far["to"]


@rule("war-of-the-ring", "§11.7", "§9")
def test_11_7_a_card_of_the_other_side_is_never_offered() -> None:
    p = Position().clear().hand("fellowship", "dawnless-day", "grond").hand("dark", "lembas")
    p.char("frodo", "2418", hidden=True)
    g = p.at("5c")
    assert not [a for a in g.legal_actions() if a["type"] == "play"]
    refused(g, {"type": "play", "card": "dawnless-day"}, "§11.7")
