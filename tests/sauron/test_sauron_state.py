"""Sauron's state beside the pieces as typed records (issue 13, item 1): the hashed JSON is the
dict it was before (keys, values; optional keys only once set), and a clone copies every field."""

from __future__ import annotations

import dataclasses

import ringwar
from ringwar.systems.sauron.state import BeastState, Pedestal, SauronSpells, Weapon
from ringwar.systems.spi.builder import Position


def _magic(**extra):
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a}, **extra)
    return pos


def test_a_new_game_hashes_the_spells_state_it_always_did():
    g = ringwar.new_game("sauron", seed=1)
    assert g._state_json()["spells"] == {
        "cast": {}, "active": {}, "beast": {"conjured": False, "powers": {}, "facing": 1, "window": []},
        "pedestal_moved": None, "on_pedestal": False}


def test_the_optional_keys_appear_once_set_as_they_did():
    pos = _magic().at(turn=15, phase="A", night=True)
    g = pos.game()
    x = g._state_json()["spells"]
    assert x["night_override"] == {"15": True} and "since" not in x and "power_phase" not in x["beast"]
    g.apply({"type": "conjure", "unit": "sauron"})
    x = g._state_json()["spells"]
    assert x["beast"]["conjured"] is True and x["beast"]["window"] == [[15, "A"], [15, "E"]]
    power = next(a for a in g.legal_actions() if a["type"] == "beast_power" and a["power"] != "breath")
    g.apply(power)
    assert g._state_json()["spells"]["beast"]["power_phase"] == [15, "A"]
    g.spell_state.since["eclipse"] = 15
    assert g._state_json()["spells"]["since"] == {"eclipse": 15}


def test_a_clone_copies_every_field_of_the_spells_state():
    g = _magic(spells={"sinister_visions": 16}, beast={"hex": "1319", "powers": {"armor": 0}}).game()
    g.spell_state.cast["sinister_visions"] = 1
    g.spell_state.since["sinister_visions"] = 15
    g.spell_state.night_override["16"] = True
    twin = g.clone()
    s, t = g.spell_state, twin.spell_state
    assert type(t) is SauronSpells and t == s and t.to_json() == s.to_json()
    for f in dataclasses.fields(SauronSpells):
        v = getattr(s, f.name)
        if isinstance(v, (dict, list, BeastState)):
            assert getattr(t, f.name) is not v, f.name
    assert t.beast.powers is not s.beast.powers
    twin.spell_state.beast.powers["horn"] = 16
    assert "horn" not in g.spell_state.beast.powers


def test_the_pedestal_and_weapons_hash_as_they_always_did_and_a_clone_copies_them():
    g = ringwar.new_game("sauron", seed=1)
    x = g.exclusive_json()
    assert x["pedestal"] == {"hex": None, "carrier": "orc_archer1"}
    assert x["weapons"] == {k: {"carrier": w.start, "destroyed": False, "counted": False}
                            for k, w in g.sc.weapons.items()}
    assert all(list(w) == ["carrier", "destroyed", "counted"] for w in x["weapons"].values())
    twin = g.clone()
    assert twin.pedestal == g.pedestal and twin.pedestal is not g.pedestal
    assert twin.weapons == g.weapons and all(twin.weapons[k] is not w for k, w in g.weapons.items())
    twin.weapons["narsil"].destroyed = True
    twin.pedestal.hex = "1320"
    assert not g.weapons["narsil"].destroyed and g.pedestal == Pedestal(None, "orc_archer1")
    assert g.exclusive_json() == x and twin.exclusive_json() != x
    assert g.weapons["narsil"] == Weapon(g.sc.weapons["narsil"].start)
