"""Rule halves the seed-3 whole-system estimate of issue 17 showed unchecked in Sauron
(tools/mutate.py --system sauron --sample-mutants 50 --seed 3): [15.11] the Elves' terrain
costs are theirs only, [15.34] a disrupted Slave does not form, [16.6] a Pedestal set-up
needs a place, [21.23] an equal count of Victory Points is no decisive victory."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, acts
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError

rule = pytest.mark.rule


def build(*units, turn=3, phase="C", seed=3, **state):
    pos = Position("sauron", seed=seed).clear().at(turn=turn, phase=phase)
    ids = [pos.place(t, h, **state.get(h, {})) for t, h in units]
    return pos, ids


@rule("sauron", "[15.11]")
def test_15_11_only_an_elf_pays_one_point_for_rough_ground():
    costs = {}
    for kind in ("elf", "men"):
        pos, (u, _o) = build((kind, "2314"), ("orc", "0404"), phase="F")
        g = pos.game()
        costs[kind] = g.destinations(g.units[u]).get("2312", (None,))[0]
    assert costs["elf"] == 2
    assert costs["men"] is None or costs["men"] > 2


@rule("sauron", "[15.34]")
def test_15_34_a_disrupted_slave_does_not_form_a_phalanx():
    pos, (a, b, _m) = build(("slave", "1510"), ("slave", "1511"), ("men", "0404"))
    assert acts(pos.game(), "form")
    pos, (a, b, _m) = build(("slave", "1510"), ("slave", "1511"), ("men", "0404"), **{"1511": {"disrupted": True}})
    g = pos.game()
    assert not [x for x in acts(g, "form") if b in (x["unit"], x["with"])]


@rule("sauron", "[16.6]")
def test_16_6_a_pedestal_set_up_names_its_hex_or_its_carrier():
    setup = {"clear": True, "turn": 5, "phase": "C", "pedestal": {},
             "place": [{"id": "men1", "hex": "0404"}, {"id": "orc1", "hex": "2020"}]}
    with pytest.raises(RecordError, match=r"pedestal: needs a 'hex' or a 'carrier'"):
        system_class("sauron").validate_setup(setup)
    setup["pedestal"] = {"hex": "1510"}
    system_class("sauron").validate_setup(setup)
    assert ringwar.new_game("sauron", seed=1, setup=setup).pedestal.hex == "1510"


@rule("sauron", "[21.23]", "[21.24]")
def test_21_23_sauron_undemoralized_with_as_many_points_as_the_west_wins_tactically():
    g = ringwar.new_game("sauron", seed=1)
    g.demoralized = {"westernesse": False, "sauron": False}
    for vs, level, case in ((5, "tactical", "[21.24]"), (6, "decisive", "[21.23]")):
        g.vp = {"westernesse": 5, "sauron": vs}
        r = g.decide_victory()
        assert (r["winner"], r["level"], r["rule"]) == ("sauron", level, case), vs
