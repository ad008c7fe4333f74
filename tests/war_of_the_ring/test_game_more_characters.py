"""Characters through the game: Merry's, Pippin's and Éowyn's real wounds and their stay in a
citadel [WR §V5] [WR §V6] [WR §8.1]; shadow damage and the dispersed Nazgûl; healing; Denethor
[WR §V7]; the Elven Swords [WR §V9]; the Palantíri [WR §11.10]."""

from __future__ import annotations

import json

import pytest

from .builder import Position, refused, texts

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def duel_text(ev) -> str:
    return "\n".join(e["text"] for e in ev if e["type"] == "duel")


def drive(g, until, guard: int = 400) -> None:
    """Answer done / pass / keep the Ring / the card's areas / let them be until ``until(g)``."""
    while not until(g):
        guard -= 1
        assert guard > 0 and g.result is None, (g.step, g.ask, g.result)
        acts = g.legal_actions()
        a = next((a for a in acts if a["type"] in ("done", "pass", "keep_ring")), None) or \
            next((a for a in acts if a.get("choice") == "card"), None) or \
            next((a for a in acts if a.get("how") == "none"), acts[0])
        g.apply(a)


def hobbit_against_nazgul(hobbit: str, *dice: int, n_e: int | None = None):
    """``hobbit`` challenges the Nazgûl N3 in the Brown Lands (Mordor mobilized: he may refuse;
    he accepts); ``dice``: the round's two dice, then the citadel's d6 turns."""
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char(hobbit, "2617").char("n3", "2617", e=n_e).char("n9", "3523")
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": hobbit, "target": "n3"})
    assert g.ask["kind"] == "refuse"
    p.dice(*dice)
    ev = g.apply({"type": "accept"})
    return p, g, ev


# ----- Merry and Pippin [WR §V5]; Éowyn [WR §V6] ---------------------------------------------------
@rule("war-of-the-ring", "§V5", "§8.1", "§10.4")
def test_V5_merry_winning_a_round_against_a_nazgul_makes_one_point_real_then_goes_to_a_citadel() -> None:
    # Merry: d6 6 + C 1 = 7; the Nazgûl: d6 1 + 4 = 5 → 2 damage: 1 real, 1 shadow; d6 4 turns
    p, g, ev = hobbit_against_nazgul("merry", 6, 1, 4)
    n3 = g.chars["n3"]
    assert (n3["e"], n3["shadow"]) == (5, 1), duel_text(ev)
    m = g.chars["merry"]
    assert m["citadel"] == 4 and m["hex"] in g.D.citadels, (m["hex"], m["citadel"])
    assert g.place_owner(m["hex"]) == "free"


@rule("war-of-the-ring", "§V5", "§8.1")
def test_V5_pippin_s_real_point_stays_after_the_shadow_damage_heals_at_the_end_of_the_turn() -> None:
    # Pippin: d6 6 + 1 = 7; the Nazgûl: d6 2 + 4 = 6 → 1 damage, real; the citadel's d6: 2
    p, g, ev = hobbit_against_nazgul("pippin", 6, 2, 2)
    if g.ask and g.ask["kind"] == "duel_round":
        g.apply({"type": "break_off"})
    drive(g, lambda g: g.result is not None or g.step == "8d" and g.ask is None)
    assert g.chars["n3"]["e"] == 6 and g.chars["n3"]["shadow"] == 0   # 7 − 1 real, for good


@rule("war-of-the-ring", "§V5", "§8.1", "§10.4")
def test_V5_after_his_real_wound_merry_fights_no_more_rounds() -> None:
    p, g, ev = hobbit_against_nazgul("merry", 6, 1, 4)
    assert g.chars["merry"]["citadel"] == 4
    assert g.duel is None or g.duel["a"] != "merry", (g.ask, g.duel)


@rule("war-of-the-ring", "§8.1", "§V5", "§9")
def test_8_1_a_nazguls_real_wound_is_never_healed() -> None:
    p = Position(turn_limit=3).clear().mobilize("MOR").sp(0).event_deck(*QUIET).search_deck(1, 2, 3)
    p.char("pippin", "2617").char("n3", "2617").char("n9", "3523").unit("MOR-13", "2613")
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "pippin", "target": "n3"})
    p.dice(6, 2, 2)                                             # 1 real wound; the citadel's d6
    g.apply({"type": "accept"})
    assert g.chars["n3"]["e"] == 6
    p.dice(1, 1, 1, 1)                                          # two turns' Shadow Points
    drive(g, lambda g: g.turn == 3)
    assert g.chars["n3"]["e"] == 6


@rule("war-of-the-ring", "§V6", "§8.1", "§10.4")
def test_V6_all_of_eowyns_damage_to_a_nazgul_is_real_and_she_goes_to_a_citadel() -> None:
    # Éowyn: d6 6 + C 3 = 9; the Nazgûl: d6 2 + 4 = 6 → 3, all real; the citadel's d6: 5
    p, g, ev = hobbit_against_nazgul("eowyn", 6, 2, 5)
    n3 = g.chars["n3"]
    assert (n3["e"], n3["shadow"]) == (4, 0), duel_text(ev)
    assert g.chars["eowyn"]["citadel"] == 5


@rule("war-of-the-ring", "§V6", "§8.1")
def test_V6_eowyn_s_real_wounds_destroy_a_nazgul_for_good() -> None:
    p, g, ev = hobbit_against_nazgul("eowyn", 6, 2, 5, n_e=3)
    n3 = g.chars["n3"]
    assert not n3["alive"], duel_text(ev)
    assert n3["hex"] is None                                    # destroyed, not dispersed


@rule("war-of-the-ring", "§V5", "§V6", "§8.1")
def test_V5_a_character_in_its_citadel_may_not_move_lead_or_fight_until_its_turns_run_out() -> None:
    p = Position(turn_limit=3).clear().mobilize("MOR", "GON").sp(0).event_deck(*QUIET)
    p.search_deck(1, 2, 3, 4)
    p.char("eowyn", "2824", citadel=2).char("merry", "2824").char("n3", "2824")
    p.unit("MOR-13", "2613")
    g = p.at("5c")
    assert {"type": "select", "piece": "eowyn"} not in g.legal_actions()
    refused(g, {"type": "select", "piece": "eowyn"}, "§V5")
    assert g.leadership("2824", "fellowship", ["GON-01"])[:2] == (1, "merry")   # she may not lead
    g.apply({"type": "done"})
    assert g.step == "5e" and g.ask["kind"] == "duels"
    leads = {a.get("lead") for a in g.legal_actions() if a["type"] == "challenge"}
    assert leads == {"merry"}                                               # nor fight
    p.dice(1, 1, 1, 1)                                          # two turns' Shadow Points
    drive(g, lambda g: g.turn == 3 and g.step == "5c")
    assert g.chars["eowyn"]["citadel"] is None                 # 2 turns counted down in 8d
    assert {"type": "select", "piece": "eowyn"} in g.legal_actions()


@rule("war-of-the-ring", "§V5", "§8.1", "§10.4")
def test_V5_challenged_in_its_citadel_merry_defends_but_inflicts_no_damage() -> None:
    p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
    p.char("merry", "2824", citadel=3).char("n3", "2824").char("n9", "3523")
    p.dice(1, 6, 3)                         # the Nazgûl 5, Merry 7 (and a d6 should he leave)
    g = p.at("7d")
    g.apply({"type": "challenge", "lead": "n3", "target": "merry"})
    n3 = g.chars["n3"]
    assert n3["e"] == 7 and n3["shadow"] == 0, (n3["e"], n3["shadow"])


# ----- shadow damage and dispersal [WR §8.1] ---------------------------------------------------
@rule("war-of-the-ring", "§8.1", "§10.4", "§9")
def test_8_1_a_nazgul_dispersed_by_shadow_damage_flies_to_barad_dur_heals_and_is_grounded_a_turn() -> None:
    # Aragorn: d6 6 + 5 + Andúril 2 = 13; the Nazgûl: d6 1 + 4 = 5 → 8 shadow damage ≥ E 7
    p = Position(turn_limit=3).clear().mobilize("MOR").sp(5).event_deck(*QUIET)
    p.search_deck(1, 2, 3, 4)
    p.char("aragorn", "2617").char("n3", "2617").char("n9", "3523")
    p.unit("MOR-13", "2613")                                    # no Western Military Option
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    p.dice(6, 1)
    ev = g.apply({"type": "accept"})
    n3 = g.chars["n3"]
    assert n3["alive"] and n3["hex"] == "3523", duel_text(ev)
    assert "dispersed" in texts(ev)
    drive(g, lambda g: g.step == "8d" or g.ask and g.ask["kind"] == "move" and g.ask["seat"] == "dark")
    assert {"type": "select", "piece": "n3"} not in g.legal_actions()
    p.dice(1, 1)                                                # turn 2's Shadow Points
    drive(g, lambda g: g.turn == 2)
    assert g.chars["n3"]["e"] == 7 and g.chars["n3"]["shadow"] == 0
    drive(g, lambda g: g.turn == 2 and g.ask and g.ask["kind"] == "move" and g.ask["seat"] == "dark")
    assert {"type": "select", "piece": "n3"} not in g.legal_actions()    # unable to move next turn
    refused(g, {"type": "select", "piece": "n3"}, "§8.1")
    p.dice(1, 1)
    drive(g, lambda g: g.turn == 3 and g.ask and g.ask["kind"] == "move" and g.ask["seat"] == "dark")
    assert {"type": "select", "piece": "n3"} in g.legal_actions()


@rule("war-of-the-ring", "§8.1", "§10.4")
def test_8_1_shadow_damage_short_of_dispersal_heals_in_full_at_the_end_of_the_turn() -> None:
    # Aragorn: d6 3 + 7 = 10; the Nazgûl: d6 3 + 4 = 7 → 3 shadow damage
    p = Position(turn_limit=2).clear().mobilize("MOR").sp(5).event_deck(*QUIET).search_deck(1, 2)
    p.char("aragorn", "2617").char("n3", "2617").unit("MOR-13", "2613")
    g = p.at("5e")
    g.apply({"type": "challenge", "lead": "aragorn", "target": "n3"})
    p.dice(3, 3)
    g.apply({"type": "accept"})
    g.apply({"type": "break_off"})
    assert (g.chars["n3"]["e"], g.chars["n3"]["shadow"]) == (4, 3)
    p.dice(1, 1)
    drive(g, lambda g: g.turn == 2)
    assert (g.chars["n3"]["e"], g.chars["n3"]["shadow"]) == (7, 0)


# ----- healing [WR §8.1] (R-HEALING) ---------------------------------------------------------------
@rule("war-of-the-ring", "§8.1", "§9", "§V11")
def test_8_1_healing_1_a_ring_phase_3_in_a_refuge_never_above_printed_not_with_enemy_armies_nor_the_wearer() -> None:
    p = Position().clear().event_deck(*QUIET).search_deck(1, 2).turn(2).mobilize("MOR")
    p.char("gimli", "2617", e=3)                               # +1
    p.char("boromir", "2008", e=2)                             # Rivendell: +3
    p.char("aragorn", "2824", e=8)                             # Minas Tirith: +3, capped at 9
    p.char("legolas", "2920", e=3).unit("MOR-01", "2920")      # enemy armies: nothing
    p.char("frodo", "2718", hidden=True, e=3).ring(worn=True, worn_turns=1, area="Q")
    g = p.at("1d")
    e = {c: g.chars[c]["e"] for c in ("gimli", "boromir", "aragorn", "legolas", "frodo")}
    assert e == {"gimli": 4, "boromir": 5, "aragorn": 9, "legolas": 3, "frodo": 3}, e


# ----- Denethor [WR §V7] (R-DENETHOR-DIES) -----------------------------------------------------
@rule("war-of-the-ring", "§V7", "§8", "§10.11")
def test_V7_denethor_dies_when_minas_tirith_falls() -> None:
    p = Position().clear().mobilize("MOR").sp(5).char("denethor", "2824")
    p.unit("MOR-01", "2825")
    g = p.at("7b")
    g.apply({"type": "select", "piece": "MOR-01"})
    g.apply({"type": "move", "piece": "MOR-01", "to": "2824"})
    assert g.control["2824"] == "free" and g.chars["denethor"]["alive"]   # its defence 5 stands
    p = Position().clear().mobilize("MOR").sp(5).char("denethor", "2824").defence("2824", destroyed=True)
    p.unit("MOR-01", "2825")
    g = p.at("7b")
    g.apply({"type": "select", "piece": "MOR-01"})
    ev = g.apply({"type": "move", "piece": "MOR-01", "to": "2824"})
    assert g.control["2824"] == "sauron"
    assert not g.chars["denethor"]["alive"], texts(ev)


# ----- the Elven Swords [WR §V9] -------------------------------------------------------------------
@rule("war-of-the-ring", "§V9", "§11.9", "§10.4")
def test_V9_celeborn_and_thranduil_fight_with_elven_swords_plus_1() -> None:
    for elf in ("thranduil", "celeborn"):
        # the elf: d6 3 + C 4 + 1 = 8; the Nazgûl: d6 3 + 4 = 7 → the sword wins the round
        p = Position(turn_limit=1).clear().mobilize("MOR").sp(0)
        p.char(elf, "2617").char("n3", "2617").char("n9", "3523")
        g = p.at("5e")
        g.apply({"type": "challenge", "lead": elf, "target": "n3"})
        p.dice(3, 3)
        ev = g.apply({"type": "accept"})
        assert g.chars["n3"]["e"] == 6, duel_text(ev)


# ----- the Palantíri [WR §11.10] (R-PALANTIRI) ------------------------------------------------------
def since(p: Position, side: str | None, kind: str = "palantir") -> list[dict]:
    """The events of ``kind`` ``side`` may see, logged since the position was built."""
    return [e for e in p.g.log[p.mark:] if e["type"] == kind and e.get("visible_to") in (None, side)]


def search_step(players: int = 2, card: int = 1, turn: int = 2, **palantir):
    p = Position(players=players).clear().search_deck(card, 2, 3).turn(turn)
    p.g.flags["palantir"].update(palantir)
    p.mark = len(p.g.log)
    return p, p.at("4a")


@rule("war-of-the-ring", "§11.10", "§12", "§V2")
def test_11_10_ithil_shows_sauron_the_whole_search_card_before_he_declares_and_no_one_else() -> None:
    p, g = search_step(card=9)                                  # Nazgûl, value 4, area R
    assert g.ask["kind"] == "declare"
    mine = since(p, "dark")
    assert mine and "value 4" in mine[-1]["text"] and "areas R" in mine[-1]["text"]
    assert not since(p, "fellowship") and not since(p, None)
    assert g.flags["palantir"]["ithil"] == 2
    p, g = search_step(card=9, turn=4, ithil=2)                 # two turns later: not ready
    assert not since(p, "dark")
    p, g = search_step(card=9, turn=5, ithil=2)                 # three turns later: ready
    assert since(p, "dark")
    p = Position().clear().search_deck(9, 2).turn(2).control("3523", "free")
    p.mark = len(p.g.log)
    g = p.at("4a")                                              # Barad-dûr lost: no Ithil
    assert g.ask["kind"] == "declare" and not since(p, "dark")


@rule("war-of-the-ring", "§11.10", "§12", "§9")
def test_11_10_anor_shows_the_fellowship_the_next_search_card_while_denethor_lives_in_minas_tirith() -> None:
    p = Position().clear().event_deck(*QUIET).search_deck(9, 2).turn(2).char("denethor", "2824")
    p.flags(palantir={})
    p.dice(3)
    p.mark = len(p.g.log)
    g = p.at("2a")
    mine = since(p, "fellowship")
    assert mine and "Anor" in mine[-1]["text"] and "areas R" in mine[-1]["text"], mine
    assert not [e for e in since(p, "dark") if "Anor" in e["text"]]
    p = Position().clear().event_deck(*QUIET).search_deck(9, 2).turn(2)    # no Denethor
    p.flags(palantir={}).dice(3)
    p.mark = len(p.g.log)
    g = p.at("2a")
    assert g.ask["kind"] == "declare"
    assert not [e for e in since(p, "fellowship") if "Anor" in e["text"]]


@rule("war-of-the-ring", "§11.10", "§10.7.1")
def test_11_10_aragorn_in_a_free_isengard_may_once_cancel_the_next_search_with_orthanc() -> None:
    p = Position(turn_limit=3).clear().event_deck(*QUIET).search_deck(1, 2, 3).char("aragorn", "1820")
    p.control("1820", "free")
    g = p.at("5c")
    assert {"type": "palantir"} in g.legal_actions()
    g.apply({"type": "palantir"})
    assert {"type": "palantir"} not in g.legal_actions()
    p.dice(3)                                                   # turn 2's Shadow Points
    drive(g, lambda g: g.turn == 2 and g.step == "5c")
    assert g.decks["search"] == [1, 2, 3]                      # no card was drawn
    assert any("cancelled" in e.get("text", "") for e in g.log_for("dark"))
    assert {"type": "palantir"} not in g.legal_actions()       # once in the game
    p = Position().clear().char("aragorn", "1820")              # Saruman holds Isengard
    g = p.at("5c")
    assert {"type": "palantir"} not in g.legal_actions()


@rule("war-of-the-ring", "§11.10", "§12", "§V13")
def test_11_10_orthanc_shows_the_three_player_saruman_his_search_card_and_not_sauron() -> None:
    p, g = search_step(players=3, card=29)                      # Saruman, Orcs, value 2, area G
    assert g.ask["seat"] == "saruman"
    mine = since(p, "saruman")
    assert mine and "Orthanc" in mine[-1]["text"] and "areas G" in mine[-1]["text"]
    assert not since(p, "sauron") and not since(p, "fellowship")
    assert "Orthanc" not in json.dumps(g.view("sauron"))
