"""Round 6 (issue 17), helper B: rule halves the seed-3 estimate and the whole cases §9, §V24,
§10.9.5, §10.10 showed unchecked [WR §9] [WR §V3] [WR §V24] [WR §10.9.5] [WR §10.10]."""

from __future__ import annotations

import dataclasses

import pytest

from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.mobilization import timed

from .builder import Position, move, texts

rule = pytest.mark.rule
D = load()


def codes(hits: list) -> set[str]:
    return {c for c, _ in hits}


# ----- [WR §9] 2a: a timed trigger waits for the nations it requires --------------------------
@rule("war-of-the-ring", "§9", "§6.2")
def test_9_2a_a_timed_trigger_that_requires_a_nation_waits_until_that_nation_is_at_war() -> None:
    # Isengard's turn-10 trigger, given `requires = ["GON"]` (a data file may say so for any
    # trigger, as R-COR-NEEDS-M does for the Corsairs' card)
    ise = D.nations["ISE"]
    trig = tuple(dataclasses.replace(t, requires=("GON",)) if t.kind == "turn" else t
                 for t in ise.triggers)
    d2 = dataclasses.replace(D, nations={**D.nations, "ISE": dataclasses.replace(ise, triggers=trig)})
    assert "ISE" in codes(timed(D, 10, {}))
    assert "ISE" not in codes(timed(d2, 10, {}))                  # Gondor is not at war
    assert "ISE" in codes(timed(d2, 10, {"GON": 4}))
    assert "ISE" not in codes(timed(d2, 9, {"GON": 4}))           # nor before its turn


# ----- [WR §V3] the captors' strength counts the captors' characters in the hex ---------------
def rescue_position(dice: tuple[int, int]) -> tuple[Position, object, list]:
    p = Position().clear().mobilize("MOR")
    p.unit("MOR-01", "2920", 2).captive("boromir", "2920", ["MOR-01"])
    p.char("aragorn", "2920").char("gimli", "2920")              # Σ(C + Mo) = 8 + 6 = 14
    p.char("mouth", "2920")                                       # a captor: C 3
    p.char("n3", "3024")                                          # elsewhere: not a captor
    p.dice(6)                                                     # the escape roll fails
    g = p.at("5a")
    assert g.ask["kind"] == "rescue"
    p.dice(*dice)
    ev = g.apply({"type": "rescue", "captive": "boromir"})
    p.dice_done()
    return p, g, ev


@rule("war-of-the-ring", "§V3", "§10.8.3")
def test_V3_the_captors_are_the_escort_and_the_captors_characters_in_the_hex_only() -> None:
    # target 14 − (2 + 3) = 9: a 9 rescues (the Mouth counts, the Nazgûl elsewhere does not) ...
    _, g, ev = rescue_position((4, 5))
    assert g.chars["boromir"]["captive"] is None, texts(ev)
    assert "captors 5" in texts(ev)
    # ... a 10 does not (it would, were the Mouth not counted)
    _, g, ev = rescue_position((5, 5))
    assert g.chars["boromir"]["captive"] == "dark", texts(ev)


# ----- [WR §V24] Éomer's exception is against an Orc force: no force, no exception -------------
@rule("war-of-the-ring", "§V24", "§6.1")
def test_V24_eomers_exception_needs_an_orc_force_an_empty_enemy_place_is_not_one() -> None:
    # Helm's Deep held by the Dark Power and given an intrinsic defence of 1 (the data gives no
    # place of Rohan one): Éomer and ROH-03 there, no enemy unit
    def attack_offered(*mobilized: str) -> bool:
        p = Position(turn_limit=1).clear().unit("ROH-03", "1923").char("eomer", "1923")
        p.control("1923", "sauron").mobilize(*mobilized)
        p.g.defence["1923"] = {"value": 1, "destroyed": False}
        g = p.touch().at("5d")
        return g.ask is not None and {"type": "attack", "hex": "1923"} in g.legal_actions()

    assert attack_offered("ROH")                 # mobilized, the éored attacks the place ...
    assert not attack_offered()                  # ... unmobilized, with no Orcs there, it may not


# ----- [WR §9] 2d: no card left anywhere, nobody draws ------------------------------------------
@rule("war-of-the-ring", "§9", "§11.7")
def test_9_2d_with_the_event_deck_and_its_discards_both_empty_nobody_draws() -> None:
    p = Position().clear().search_deck(1, 2).turn(2).event_deck()
    p.g.discards["event"] = []
    p.dice(3)                                                     # the Shadow Point d6
    g = p.at("2d")
    assert g.hands == {"fellowship": [], "dark": []}
    assert g.ask["kind"] == "declare"                             # on to the search
    p.dice_done()


# ----- [WR §10.9.5] Gollum's attack is fought at his current Endurance; a challenge is no attack --
@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_gollum_attacks_with_the_endurance_he_has_left_and_a_wounded_gollum_may_die() -> None:
    # Gollum 2 + 2 = 4 against Frodo 4 + 2 = 6: Gollum loses 2; wounded to 2 before, he dies
    # (at his printed 5 he would live on with 3)
    p = Position(turn_limit=9).clear().event_deck("grond", "lembas").search_deck(1, 2).turn(2)
    p.char("frodo", "2617", hidden=True, seen="2008")
    p.g.gollum.update(state="active")
    p.g.chars["gollum"]["e"] = 2
    p.dice(6, 2, 4, 3)                          # the Gollum roll, his die, Frodo's, the SP d6
    g = p.at("1c")
    assert g.gollum["state"] == "dead" and g.ring["bearer"] == "frodo"
    p.dice_done()


@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_gollum_winning_a_challenge_by_3_or_more_wounds_the_challenger() -> None:
    # Gollum with the Ring, challenged by Merry: Gollum 6 + 2 = 8 against 1 + 1 = 2, by 6
    p = Position(turn_limit=1).clear().sp(0).char("gollum", "2615").char("merry", "2615")
    p.g.chars["gollum"].update(seat="dark")
    p.g.gollum["state"] = "has-ring"
    p.ring(bearer="gollum", held_by="dark")
    g = p.at("5e")
    p.dice(1, 6)
    ev = g.apply({"type": "challenge", "lead": "merry", "target": "gollum"})
    assert not g.chars["merry"]["alive"] and g.ring["bearer"] == "gollum", texts(ev)
    assert "takes the Ring instead" not in texts(ev)
    p.dice_done()


def gollum_turn(*dice: int, hand: tuple[str, ...] = (), **ring) -> tuple[Position, object]:
    """Frodo, the bearer, hidden in 2617 (area K); Gollum active; from step 1c to the search's
    declaration (area B, nobody there); ``dice``: the Gollum roll if any, then the SP d6."""
    p = Position(turn_limit=9).clear().event_deck("grond", "lembas").search_deck(1, 2).turn(2)
    p.char("frodo", "2617", hidden=True, seen="2008").hand("fellowship", *hand)
    p.g.gollum.update(state="active")
    if ring:
        p.ring(**ring)
    p.dice(*dice)
    return p, p.at("1c")


@rule("war-of-the-ring", "§10.9.5", "§11.7", "§9")
def test_10_9_5_smeagols_guidance_kept_is_asked_for_once_then_gollum_rolls() -> None:
    p, g = gollum_turn(3, 3, hand=("smeagols-guidance",))        # Gollum 3: no effect; SP d6
    assert g.ask["kind"] == "events" and g.ask["step"] == "1c"
    g.apply({"type": "pass"})
    assert g.ask["kind"] == "declare" and p.rolled == [3, 3]
    assert "smeagols-guidance" in g.hands["fellowship"]
    p.dice_done()


@rule("war-of-the-ring", "§10.9.5", "§10.9.2")
def test_10_9_5_no_gollum_roll_once_the_bearer_has_succumbed() -> None:
    p, g = gollum_turn(3, succumbed=True, held_by="dark")         # the SP d6 only
    assert g.ask["kind"] == "declare" and p.rolled == [3]
    p.dice_done()


@rule("war-of-the-ring", "§10.9.5", "§10.4")
def test_10_9_5_no_gollum_roll_while_the_ring_lies_with_no_bearer() -> None:
    p, g = gollum_turn(3, bearer=None, held_by=None, lost_at="2617")   # the SP d6 only
    assert g.ask["kind"] == "declare" and p.rolled == [3]
    p.dice_done()


# ----- [WR §9] [WR §12] the view: a player sees his own hand, an observer none ------------------
@rule("war-of-the-ring", "§9", "§12")
def test_9_the_view_shows_each_player_his_own_hand_and_an_observer_no_hand() -> None:
    p = Position().clear().hand("fellowship", "lembas", "huorns").hand("dark", "grond")
    g = p.g
    assert g.view("fellowship")["hand"] == ["lembas", "huorns"]
    assert g.view("dark")["hand"] == ["grond"]
    assert g.view(None)["hand"] is None
    assert g.view(None)["hand_sizes"] == {"fellowship": 2, "dark": 1}


# ----- [WR §10.10] a monster that kills a lone character stays on its site ----------------------
@rule("war-of-the-ring", "§10.10", "§11.8", "§10.4")
def test_10_10_a_monster_kills_a_lone_walker_and_stays_on_its_site_the_fight_over() -> None:
    # Merry (C 1, E 5) alone into the Cave Troll (C 5, E 8): 1 + 1 against 6 + 5, by 9: dead
    p = Position().clear().turn(2).site("eye", "1808", "cave-troll")
    p.char("merry", "1909", hidden=True, seen="2008")
    g = p.at("5c")
    p.dice(1, 6)
    ev = move(g, "1808", piece="merry")
    assert not g.chars["merry"]["alive"], texts(ev)
    assert g.monsters["1808"] == {"card": "cave-troll", "e": 8}
    assert "Round 2" not in texts(ev)
    p.dice_done()


# ----- [WR §10.10] the Fellowship passes only its own characters' Magic cards ---------------------
@rule("war-of-the-ring", "§10.10", "§11.9", "§10.9.2")
def test_10_10_a_succumbed_bearers_magic_card_is_no_longer_the_fellowships_to_pass() -> None:
    def gifts(frodo_seat: str) -> list[dict]:
        p = Position().clear().turn(2)
        p.char("frodo", "2617", items=["lembas"], seat=frodo_seat)
        p.char("sam", "2617", items=["elven-rope"])
        if frodo_seat == "dark":
            p.ring(succumbed=True, held_by="dark")
        g = p.at("5c")
        return [a for a in g.legal_actions() if a["type"] == "give_item"]

    assert gifts("fellowship") == [
        {"type": "give_item", "piece": "frodo", "item": "lembas", "to": "sam"},
        {"type": "give_item", "piece": "sam", "item": "elven-rope", "to": "frodo"}]
    assert gifts("dark") == []                   # neither from him nor to him
