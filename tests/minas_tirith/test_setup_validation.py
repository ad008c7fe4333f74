"""A set-up from outside (the position builder, the web API) is refused with a RecordError
naming what is wrong, never a crash, and the game is not built: each piece's set-up replaces
its standard place whole, a leader is attached only to a unit of his own side [MT §2.7], a
unit stands in a formation of [MT §2.5]."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.core.errors import RecordError
from ringwar.systems.minas_tirith.game import MinasTirithGame, standard_setup

from .builder import rule


@rule("§2.7", "§2.5")
@pytest.mark.parametrize(("setup", "says"), [
    ({"leaders": {"hurin": {"attached_to": "M3"}}}, r"\[MT §2\.7\] hurin may not be attached to M3"),
    ({"leaders": {"hurin": {"attached_to": "ZZZ"}}}, "names an unknown unit 'ZZZ'"),
    ({"leaders": {"hurin": {"x": 100}}}, "the set-up of hurin needs y"),
    ({"units": {"G3": {"formation": "line"}}}, "the set-up of G3 needs x, y, heading"),
    ({"units": {"G3": {"x": 100, "y": 60, "heading": 0, "formation": "wedge"}}},
     r"\[MT §2\.5\] G3\.formation must be one of"),
    ({"units": {"G3": {"x": 100, "y": 60, "heading": 0, "order": "loose"}}}, "G3.order must be close or open"),
    ({"engines": {next(iter(standard_setup()["engines"])): {"x": 1}}}, "needs y, heading"),
])
def test_2_7_a_malformed_setup_is_refused_naming_the_problem(setup, says):
    with pytest.raises(RecordError, match=says):
        MinasTirithGame.validate_setup(setup)
    with pytest.raises(RecordError, match=says):
        ringwar.new_game("minas-tirith", seed=1, setup=setup)


@rule("§2.7")
def test_2_7_a_leader_attached_to_his_own_side_s_unit_stands_with_it():
    g = ringwar.new_game("minas-tirith", seed=1, setup={"leaders": {"hurin": {"attached_to": "G3"}}})
    ld, u = g.leaders["hurin"], g.units["G3"]
    assert ld.attached_to == "G3" and (ld.x, ld.y) == (u.x, u.y)
    ringwar.new_game("minas-tirith", seed=1, setup=standard_setup())     # the standard one passes
