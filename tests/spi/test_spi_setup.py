"""Set-ups from outside (issue 14, item 7): ``SpiGame.validate_setup`` checks a position-builder
payload completely and names the problem; ``new_game(..., setup=bad)`` never builds a broken
position."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import ringwar
from conftest import Position
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError

rule = pytest.mark.rule

FIRE_SETUP = {"place": [{"id": "warg1", "hex": "1324"}, {"id": "men1", "hex": "1323"},
                        {"id": "orc_archer1", "hex": "1325"}],
              "clear": True, "turn": 3, "phase": "D"}


def refused(system: str, setup: Any, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        system_class(system).validate_setup(setup)
    with pytest.raises(RecordError, match=match):
        ringwar.new_game(system, seed=1, setup=setup)


def with_place(*items: dict[str, Any], **top: Any) -> dict[str, Any]:
    return {"clear": True, "turn": 3, "phase": "D", "place": list(items), **top}


# ===== good set-ups are taken ===================================================================
def test_the_builders_set_ups_are_accepted():
    sauron, gondor = system_class("sauron"), system_class("gondor")
    sauron.validate_setup(FIRE_SETUP)
    pos = Position("sauron").clear().at(turn=16, phase="D", night=True)
    pos.place("orc", "1324")
    pos.place("ringwraith", "1324")
    pos.extra(pedestal={"hex": "1320", "carrier": None}, weapons={"narsil": None}, spells={"wrath": 17},
              beast={"hex": "0808", "facing": 2, "powers": {"armor": 0}})
    sauron.validate_setup(pos.setup)
    pos = Position("gondor").clear().at(turn=8, phase="C")
    pos.place("gondor_spearmen", "1910", oil="real")
    pos.place("cauldron", "1706", real=True)
    pos.place("orc_infantry", "2010")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}], "breached": ["1908/1909"],
                     "banner": {"with": "aragorn", "until": 13}, "grond": True}, spells={"freeze": 8},
              dp={"garrison": 3}, demoralized={"relief": False})
    gondor.validate_setup(pos.setup)
    assert ringwar.new_game("gondor", setup=pos.setup).units["gondor_spearmen1"].flags["carry"] == "real"


# ===== bad payloads are refused, naming the problem ===============================================
@rule("standard", "[2.1]")
@pytest.mark.parametrize("setup, match", [
    ([1, 2], "must be an object"),
    ({"clear": True, "teleport": 1}, r"unknown key\(s\) 'teleport'"),
    ({"clear": "yes"}, r"clear: must be true or false"),
    ({"place": {"id": "warg1"}}, r"place: must be a list"),
    ({"place": ["warg1"]}, r"place\[0\]: must be an object"),
    (with_place({"id": "warg1", "hex": "1324", "colour": "red"}), r"place\[0\]: unknown key\(s\) 'colour'"),
    (with_place({"id": "warg1"}), r"place\[0\]: needs a 'hex'"),
    (with_place({"id": "warg1", "hex": "9999"}), r"place\[0\]\.hex: '9999' is not a hex on the map"),
    (with_place({"id": "warg1", "hex": 1324}), r"place\[0\]\.hex: 1324 is not a hex"),
    (with_place({"id": "nobody", "hex": "1324"}), r"place\[0\]\.id: there is no piece 'nobody'"),
    (with_place({"id": "Warg 1", "hex": "1324", "type": "warg"}), r"place\[0\]\.id: 'Warg 1' is not a piece id"),
    (with_place({"type": "dragon", "hex": "1324"}), r"place\[0\]\.type: must be one of"),
    (with_place({"type": "sauron", "hex": "1324"}), r"place\[0\]\.type: sauron is a leader"),
    (with_place({"id": "warg1", "type": "men", "hex": "1324"}), r"place\[0\]\.type: warg1 is a warg, not a men"),
    (with_place({"hex": "1324"}), r"place\[0\]: needs an 'id' or a 'type'"),
    (with_place({"id": "warg1", "hex": "1324", "reduced": "yes"}), r"place\[0\]\.reduced: must be true or false"),
    (with_place({"id": "warg1", "hex": "1324"}, {"id": "warg1", "hex": "1325"}), r"place\[1\]\.id: warg1 is placed twice"),
    (with_place({"id": "men1", "hex": "0808", "formation": "square", "partner": "men2"}),
     r"place\[0\]\.formation: must be one of"),
    (with_place({"id": "men1", "hex": "0808", "formation": "shield_wall"}), r"place\[0\]\.partner: .*needs its partner"),
    (with_place({"id": "men1", "hex": "0808", "formation": "shield_wall", "partner": "men2"},
                {"id": "men2", "hex": "0808"}), r"place\[0\]\.partner: 'men2' must be placed in the same shield_wall"),
    (with_place({"id": "men1", "hex": "0808", "formation": "shield_wall", "partner": "men2"},
                {"id": "men2", "hex": "0809", "formation": "shield_wall", "partner": "men1"}), r"stands in one hex"),
    ({"remove": ["nobody"]}, r"remove\[0\]: there is no piece 'nobody'"),
    ({"turn": 0}, r"turn: must be from 1 to 18"),
    ({"turn": 19}, r"turn: must be from 1 to 18"),
    ({"turn": True}, r"turn: must be a whole number"),
    ({"turn": "3"}, r"turn: must be a whole number"),
    ({"phase": "Z"}, r"phase: must be one of"),
    ({"phase": "B"}, r"phase: must be one of"),                     # Sauron has no Siege Phase
    ({"dp": {"elves": 3}}, r"dp\.elves: must be one of"),
    ({"dp": {"sauron": "3"}}, r"dp\.sauron: must be a whole number"),
    ({"vp": {"mordor": 1}}, r"vp\.mordor: must be one of"),
    ({"demoralized": {"sauron": 1}}, r"demoralized\.sauron: must be true or false"),
    ({"night": {"20": True}}, r"night\.20: must name a Game-Turn 1-18"),
    ({"night": {"3": "yes"}}, r"night\.3: must be true or false"),
    ({"magic_spent": {"elendil": 1}}, r"magic_spent\.elendil: Elendil is not a magic leader"),
    ({"magic_spent": {"sauron": 99}}, r"magic_spent\.sauron: must be from 0 to 45"),
    ({"magic_spent": {"men1": 1}}, r"magic_spent\.men1: men1 is not a leader"),
    # Sauron's exclusive parts
    ({"pedestal": {"hex": "1320", "owner": "x"}}, r"pedestal: unknown key\(s\) 'owner'"),
    ({"pedestal": {"carrier": "sauron"}}, r"pedestal\.carrier: sauron is a leader"),
    ({"pedestal": {}}, r"pedestal: needs a 'hex' or a 'carrier'"),
    ({"weapons": {"excalibur": None}}, r"weapons\.excalibur: must be one of"),
    ({"weapons": {"narsil": "men1"}}, r"weapons\.narsil: men1 is not a leader"),
    ({"spells": {"fireball": 3}}, r"spells\.fireball: must be one of"),
    ({"spells": {"wrath": "soon"}}, r"spells\.wrath: must be a whole number"),
    ({"beast": {"facing": 2}}, r"beast: needs a 'hex'"),
    ({"beast": {"hex": "0808", "facing": 7}}, r"beast\.facing: must be from 1 to 6"),
    ({"beast": {"hex": "0808", "powers": {"laser": 0}}}, r"beast\.powers\.laser: must be one of"),
])
def test_bad_sauron_set_ups_are_refused_naming_the_problem(setup, match):
    refused("sauron", setup, match)


@rule("gondor", "[13.0]")
@pytest.mark.parametrize("setup, match", [
    ({"clear": True, "turn": 5, "phase": "S"}, r"phase: the Set-up Phase comes before Game-Turn 1 only"),
    (with_place({"id": "gondor_spearmen1", "hex": "1910", "real": True}), r"place\[0\]\.real: only a Cauldron"),
    (with_place({"id": "cauldron1", "hex": "1706", "real": "yes"}), r"place\[0\]\.real: must be true or false"),
    (with_place({"id": "orc_infantry1", "hex": "2010", "oil": "real"}), r"place\[0\]\.oil: only a Westernesse"),
    (with_place({"id": "gondor_spearmen1", "hex": "1910", "oil": True}), r"place\[0\]\.oil: must be one of"),
    ({"siege": {"version": 3}}, r"siege: unknown key\(s\) 'version'"),
    ({"siege": {"breached": ["1912/1913"]}}, r"siege\.breached\[0\]: 1912/1913 is not a wall"),
    ({"siege": {"breached": ["1913/1912"]}}, r"siege\.breached\[0\]: '1913/1912' is not a hexside"),
    ({"siege": {"gate_control": {"1910/2010": "sauron"}}}, r"siege\.gate_control\.1910/2010: must be one of"),
    ({"siege": {"gate_control": {"1507/1606": "orcs"}}}, r"siege\.gate_control\.1507/1606: must be one of"),
    ({"siege": {"fires": {"1910": "hot"}}}, r"siege\.fires\.1910: must be one of"),
    ({"siege": {"ladders": [{"side": "1910/2010", "turn": 7}]}}, r"siege\.ladders\[0\]\.hex: None is not a hex"),
    ({"siege": {"ladders": [{"hex": "1913", "side": "1910/2010", "turn": 7}]}}, r"stands against a hexside of its own hex"),
    ({"siege": {"ready": {"catapult1": ["2010", 8]}}}, r"siege\.ready\.catapult1: catapult1 is not a Siege Tower"),
    ({"siege": {"banner": {"with": "gothmog", "until": 12}}}, r"siege\.banner\.with: the Banner goes with a Westernesse"),
    ({"siege": {"heads_thrown": 13}}, r"siege\.heads_thrown: must be from 0 to 12"),
    ({"available": ["gondor_spearmen1"]}, r"available\[0\]: gondor_spearmen1 is not a reinforcement"),
    ({"spells": {"meteor": 9}}, r"spells\.meteor: must be one of"),
    ({"dp": {"westernesse": 3}}, r"dp\.westernesse: must be one of"),   # Gondor's armies [19.12]
])
def test_bad_gondor_set_ups_are_refused_naming_the_problem(setup, match):
    refused("gondor", setup, match)


# ===== positions no rule allows ===================================================================
@rule("standard", "[5.0]", "[4.27]", "[4.3]")
@pytest.mark.parametrize("items, match", [
    (({"id": "warg1", "hex": "1324"}, {"id": "warg2", "hex": "1324"}), r"1324 would hold warg1, warg2: .*\[5.0\]"),
    (({"id": "warg1", "hex": "1324"}, {"id": "isildur", "hex": "1324"}), r"1324 would hold pieces of both sides \[4.27\]"),
    (({"id": "warg1", "hex": "1113"},), r"warg1 may not stand in 1113 \(crater\) \[4.3\]"),
])
def test_positions_no_rule_allows_are_refused(items, match):
    refused("sauron", with_place(*items), match)


@rule("standard", "[4.27]")
def test_placing_a_unit_onto_a_scenario_unit_is_refused_without_clear():
    g = ringwar.new_game("sauron", seed=1)
    h = g.units["goblin1"].hex
    refused("sauron", {"place": [{"id": "men1", "hex": h}]}, r"both sides|\[5.0\]")


# ===== anything else: refused or a sound game =====================================================
def _leaves(x: Any, path: tuple = ()) -> list[tuple]:
    if isinstance(x, dict):
        return [p for k, v in x.items() for p in _leaves(v, (*path, k))] + [path]
    if isinstance(x, list):
        return [p for i, v in enumerate(x) for p in _leaves(v, (*path, i))] + [path]
    return [path]


def _set(x: Any, path: tuple, value: Any) -> Any:
    if not path:
        return value
    x[path[0]] = _set(x[path[0]], path[1:], value)
    return x


JUNK = [None, True, 0, -1, 10**9, "", "x", "1324", "warg1", "sauron", [], {}, [1], {"a": 1}, 1.5, "S", "D"]


@pytest.mark.parametrize("system, base", [
    ("sauron", FIRE_SETUP),
    ("sauron", {"clear": True, "turn": 16, "phase": "A", "place": [{"id": "sauron", "hex": "1320"},
                {"id": "orc1", "hex": "1320"}], "pedestal": {"hex": "1320", "carrier": None},
                "beast": {"hex": "0808", "powers": {"armor": 0}}, "magic_spent": {"sauron": 5}}),
    ("gondor", {"clear": True, "turn": 8, "phase": "C", "place": [{"id": "cauldron1", "hex": "1706", "real": True},
                {"id": "gondor_spearmen1", "hex": "1910", "oil": "real"}, {"id": "orc_infantry1", "hex": "2010"}],
                "siege": {"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}], "grond": True}}),
])
def test_mutated_set_ups_are_refused_or_build_a_sound_game(system, base):
    rng = random.Random(7)
    built = refused_n = 0
    for _ in range(150):
        setup = copy.deepcopy(base)
        for _ in range(rng.randint(1, 2)):
            setup = _set(setup, rng.choice(_leaves(setup)), copy.deepcopy(rng.choice(JUNK)))
        try:
            system_class(system).validate_setup(setup)
        except RecordError:
            refused_n += 1
            with pytest.raises(RecordError):
                ringwar.new_game(system, seed=1, setup=setup)
            continue
        g = ringwar.new_game(system, seed=1, setup=setup)
        built += 1
        assert g.result is not None or g.legal_actions()
        g.view(g.sides[0])
        g.state_hash()
        again = ringwar.replay(g.record.to_json() if hasattr(g.record, "to_json") else g.record)
        assert again.state_hash() == g.state_hash()
    assert built and refused_n
