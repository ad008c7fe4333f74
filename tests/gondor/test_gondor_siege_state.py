"""Gondor's siege state as a typed record (issue 13, item 1): the hashed JSON is the dict it
was before (keys, order, values), a set-up's siege entries are read in and hashed back
unchanged without sharing the record's set-up, and a clone copies every field."""

from __future__ import annotations

import copy
import dataclasses

from _gondor import WEST, gpos

import ringwar
from ringwar.systems.gondor.state import Banner, GondorSpells, Ladder, SiegeState, TowerReady

#: the keys of the siege state's hashed JSON, in their order since the first version
HASHED_KEYS = ["breached", "gate_control", "last", "fires", "heads", "heads_thrown", "ladders", "ready",
               "grond", "levels", "garrison_fell", "banner", "banner_rallies", "oil_asked", "rohan",
               "aragorn", "ladders_used", "oil", "version"]


def test_a_new_game_hashes_the_siege_state_it_always_did():
    g = ringwar.new_game("gondor", seed=1)
    x = g.exclusive_json()["siege"]
    assert list(x) == HASHED_KEYS
    assert x == {"breached": [], "gate_control": dict.fromkeys(g.city["gates"], WEST), "last": {}, "fires": {},
                 "heads": {}, "heads_thrown": 0, "ladders": [], "ready": {}, "grond": False, "levels": [],
                 "garrison_fell": False, "banner": None, "banner_rallies": 0, "oil_asked": [],
                 "rohan": False, "aragorn": False, "ladders_used": 0, "oil": {}, "version": 0}


def _every_siege_entry() -> tuple[object, dict[str, object]]:
    pos = gpos(turn=9, phase="C")
    pos.place("orc_infantry", "1308")
    t = pos.place("siege_tower", "1308")
    pos.place("gondor_spearmen", "1703")
    pos.place("imrahil", "1703")
    gates = dict(ringwar.new_game("gondor").siege.gate_control, **{"1910/1911": "sauron"})
    siege = {"breached": ["1908/1909"], "gate_control": gates, "last": {"1918": "sauron", "1911": "sauron"},
             "fires": {"2213": "field", "1703": "city"}, "heads": {"1604": 2}, "heads_thrown": 2,
             "ladders": [{"hex": "1308", "side": "1307/1308", "turn": 8}], "ladders_used": 1,
             "ready": {t: ["1308", 9]}, "grond": True, "levels": [1], "garrison_fell": True,
             "banner": {"with": "imrahil", "until": 10, "moved": 9}, "banner_rallies": 1,
             "rohan": True, "aragorn": True}
    assert set(siege) == set(SiegeState.SETUP_FIELDS) == set(ringwar.new_game("gondor").SIEGE_SETUP)
    pos.extra(siege=siege)
    return pos, siege


def test_a_set_up_siege_state_is_hashed_as_given_and_never_shares_the_record_s_set_up():
    pos, siege = _every_siege_entry()
    given = copy.deepcopy(siege)
    g = pos.game()
    x = g.exclusive_json()["siege"]
    assert list(x) == HASHED_KEYS
    assert {k: x[k] for k in siege} == given
    assert (x["oil_asked"], x["oil"], x["version"]) == ([], {}, 0)
    assert g.siege.ladders == [Ladder("1308", "1307/1308", 8)]
    assert g.siege.banner == Banner("imrahil", 10, 9) and g.siege.ready == {"siege_tower1": TowerReady("1308", 9)}
    # play changes the state, never the record's set-up
    g.siege.breached.append("1910/1911")
    g.siege.gate_control["1507/1606"] = "sauron"
    g.siege.last["2124"] = WEST
    g.siege.levels.append(2)
    assert g.record.setup["siege"] == given
    # a game with it replays to its hash, through a saved file too
    fresh = pos.game()
    assert ringwar.replay(fresh.save()).state_hash() == fresh.state_hash()


def test_a_banner_that_never_moved_has_no_moved_key():
    assert Banner("aragorn", 12).to_json() == {"with": "aragorn", "until": 12}
    assert Banner.from_json({"with": "aragorn", "until": 12}) == Banner("aragorn", 12)
    assert Banner.from_json(None) is None


def test_a_clone_copies_every_field_of_the_siege_state():
    pos, _ = _every_siege_entry()
    g = pos.game()
    g.siege.oil_asked.append(("gondor_spearmen1", "orc_infantry1"))
    g.siege.version = 5
    twin = g.clone()
    s, t = g.siege, twin.siege
    assert type(t) is SiegeState and t is not s and t == s and t.to_json() == s.to_json()
    for f in dataclasses.fields(SiegeState):
        v = getattr(s, f.name)
        if isinstance(v, (list, dict)):
            assert getattr(t, f.name) is not v, f.name
    # what the twin does to its siege is its own
    twin.siege.ladders.append(Ladder("2010", "1910/2010", 9))
    twin.siege.ready.clear()
    twin.siege.heads["1604"] += 1
    assert len(g.siege.ladders) == 1 and g.siege.ready and g.siege.heads["1604"] == 2


def test_the_spells_state_hashes_as_it_always_did_and_a_clone_copies_it():
    g = ringwar.new_game("gondor", seed=1)
    assert g._state_json()["spells"] == {"cast": {}, "active": {}, "frozen": []}
    pos = gpos(turn=8, phase="A").at(turn=8, phase="A", night=True)
    pos.extra(spells={"fear": 9})
    g = pos.game()
    g.spell_state.cast["freeze"] = 1
    g.spell_state.frozen.append("imrahil")
    assert g._state_json()["spells"] == {"cast": {"freeze": 1}, "active": {"fear": 9}, "frozen": ["imrahil"],
                                         "night_override": {"8": True}}
    twin = g.clone()
    s, t = g.spell_state, twin.spell_state
    assert type(t) is GondorSpells and t == s and t.to_json() == s.to_json()
    for f in dataclasses.fields(GondorSpells):
        assert getattr(t, f.name) is not getattr(s, f.name), f.name
