"""Event cards as the game plays them [WR §11.7] [WR §9] 2e / 4a [WR §V21] [WR §V26]."""

from __future__ import annotations

import pytest

from .builder import Position, refused

rule = pytest.mark.rule

QUIET = ("grond", "black-breath", "huorns", "lembas") * 3


def events_phase(p: Position, *dice: int):
    p.event_deck(*QUIET).search_deck(1, 2).turn(2)
    p.dice(*dice)
    return p.at("2e")


@rule("war-of-the-ring", "§11.7", "§V21")
def test_V21_misty_passes_open_opens_caradhras_to_characters() -> None:
    p = Position().clear().char("gimli", "2113").hand("fellowship", "misty-passes-open")
    g = events_phase(p, 3)                                    # d6 Shadow Points after the card
    assert g.ask["kind"] == "events" and g.ask["seat"] == "fellowship"
    assert {"type": "play", "card": "misty-passes-open"} in g.legal_actions()
    g.apply({"type": "play", "card": "misty-passes-open"})
    assert g.flags["passes"] == "open"
    assert "misty-passes-open" not in g.hands["fellowship"]
    assert g.ask["kind"] == "declare"
    assert "2213" in {h for h in g.destinations(["gimli"], "fellowship")}


@rule("war-of-the-ring", "§11.7", "§V26", "§6.2")
def test_V26_corsairs_need_mordor_mobilized() -> None:
    p = Position().clear().unit("COR-01", "2632", active=False).hand("dark", "corsairs")
    g = events_phase(p, 3)                                    # no card to play: on to the d6
    assert g.ask["kind"] == "declare"
    assert "corsairs" in g.hands["dark"] and not g.units["COR-01"]["active"]
    assert "COR" not in g.mobilized
    p = Position().clear().unit("COR-01", "2632", active=False).hand("dark", "corsairs")
    p.mobilize("MOR", turn=1)
    g = events_phase(p, 1, 1)
    assert g.ask["kind"] == "events" and g.ask["seat"] == "dark"
    refused(g, {"type": "play", "card": "misty-passes-open"}, "§11.7")
    g.apply({"type": "play", "card": "corsairs"})
    assert g.units["COR-01"]["active"] and "COR" in g.mobilized


@rule("war-of-the-ring", "§11.7", "§V24", "§6.2")
def test_11_7_theoden_healed_needs_gandalf_in_edoras() -> None:
    p = Position().clear().char("gandalf", "2223").hand("fellowship", "theoden-healed")
    g = events_phase(p, 3)
    assert g.ask["kind"] == "declare" and "ROH" not in g.mobilized
    p = Position().clear().char("gandalf", "2222").hand("fellowship", "theoden-healed")
    g = events_phase(p, 3)
    assert g.ask["kind"] == "events"
    g.apply({"type": "play", "card": "theoden-healed"})
    assert g.mobilized.get("ROH") == 2


@rule("war-of-the-ring", "§11.7", "§V2", "§10.7.1")
def test_11_7_palantir_deceived_forces_the_cards_areas() -> None:
    p = Position().clear().hand("fellowship", "palantir-deceived").search_deck(9, 2)
    g = p.at("4a")
    assert g.ask["kind"] == "events" and g.ask["seat"] == "fellowship"
    g.apply({"type": "play", "card": "palantir-deceived"})
    assert g.ask["kind"] == "declare"
    assert g.legal_actions() == [{"type": "declare", "choice": "card"}]
    # and the searcher is asked for that alone (it once offered "or any one area")
    asked = g.view("dark")["decision"]["prompt"]
    assert "the card's areas only" in asked and "any one area" not in asked
    refused(g, {"type": "declare", "choice": "area", "area": "B"}, "§11.7")
    g.apply({"type": "declare", "choice": "card"})
    assert not g.flags["deceived"]


@rule("war-of-the-ring", "§11.7", "§9")
def test_11_7_a_card_is_played_only_at_its_step_and_only_by_its_side() -> None:
    p = Position().clear().hand("fellowship", "lembas", "palantir-deceived")
    p.hand("dark", "dawnless-day")
    g = events_phase(p, 4)                                    # Dawnless Day: +3 SP, then d6
    assert g.ask["seat"] == "dark"                            # nothing the Fellowship can play
    refused(g, {"type": "play", "card": "palantir-deceived"})
    g.apply({"type": "play", "card": "dawnless-day"})
    assert g.sp == 3 + 4
