"""Bad input is refused citing an [MT §...] rule, and the game is left exactly as it was."""

from __future__ import annotations

import pytest

from .builder import Table, rule


def ready(card: str = "infantry_move", side: str = "west") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    t.unit("G3", 100, 60, 0)
    t.unit("G7", 110, 60, 0)
    t.unit("M3", 100, 80, 270)
    return t


@rule("§7.1.4")
@pytest.mark.parametrize("path", ["m0:nan", "m0:inf", "m0:1e309", "mnan:3", "m0:-3", "m0:500",
                                  "m200:3", "w1e400", "wnan", "t45", "", "m0:3," * 9 + "m0:1",
                                  "x", "m0:3;w10", "m 0:3"])
def test_7_1_4_malformed_or_absurd_paths_are_refused(path):
    t = ready()
    t.select("G3")
    t.refused({"type": "move", "unit": "G3", "path": path}, "[MT §7.1.4]")


@rule("§7.1.4")
@pytest.mark.parametrize("path", [3, None, 2.5, True])
def test_7_1_4_a_path_of_the_wrong_type_is_refused(path):
    t = ready()
    t.select("G3")
    t.refused({"type": "move", "unit": "G3", "path": path}, "[MT §7.1.4]")


@pytest.mark.parametrize("path", [["m0:3"], {"m": 3}])
def test_a_structured_field_is_refused_by_the_core_unchanged(path):
    import ringwar
    t = ready()
    t.select("G3")
    before = t.g.state_hash()
    with pytest.raises(ringwar.IllegalAction):
        t.apply({"type": "move", "unit": "G3", "path": path})
    assert t.g.state_hash() == before


@rule("§7.1.5")
def test_7_1_5_a_path_through_a_wall_or_ending_on_a_unit_is_refused():
    t = ready()
    t.unit("G12", 36.5, 60, 0)
    t.select("G12")
    t.refused({"type": "move", "unit": "G12", "path": "m0:8"}, "[MT §7.1.5]")
    t.g.selected = None
    t.g._after_change()
    t.select("G3")
    t.refused({"type": "move", "unit": "G3", "path": "m0:9.5"}, "[MT §7.1.5]")   # onto G7


@rule("§6.5")
@pytest.mark.parametrize("action", [
    {"type": "select", "actor": "G99"}, {"type": "select", "actor": "M3"},
    {"type": "select", "actor": 3}, {"type": "select"}, {"type": "no_such"},
    {"type": "move", "unit": "G99", "path": "m0:1"}, {"type": "move", "unit": "M3", "path": "m0:1"},
    {"type": "fire", "unit": "G3", "target": "M3"}, {"type": "turn_card", "extra": float("nan")},
    {"type": "charge", "unit": "G3", "target": "M99"}, {"type": "bombard", "engine": "E-X", "x": 1, "y": 1},
    {"type": "lead_move", "leader": "nobody", "x": 1, "y": 1}])
def test_6_5_unknown_actors_cards_and_actions_are_refused(action):
    t = ready()
    t.refused(action)


@rule("§7.8")
@pytest.mark.parametrize("x, y", [(float("nan"), 50), (float("inf"), 50), (1e308, 50), (-5, 50),
                                  (90, "50"), (None, 50), (True, 50)])
def test_7_8_bombard_at_a_bad_point_is_refused(x, y):
    t = Table()
    t.clear()
    t.round("dark-lord", card="reload", pips=5)
    t.engine("E-D4", 100, 50, 180)
    t.select("E-D4")
    t.refused({"type": "bombard", "engine": "E-D4", "x": x, "y": y}, "[MT §7.8]")


@rule("§7.11")
@pytest.mark.parametrize("x, y", [(float("nan"), 60), (float("inf"), 60), (-1e9, 60), ("3", 60)])
def test_7_11_a_leader_move_to_a_bad_point_is_refused(x, y):
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=5)
    t.leader("hurin", 100, 60)
    t.select("hurin")
    t.refused({"type": "lead_move", "leader": "hurin", "x": x, "y": y}, "[MT §7.11]")


@rule("§7.3")
@pytest.mark.parametrize("cid", ["G99", None, 7, "L1-S/L1-N"])
def test_7_3_crossing_an_unknown_or_distant_connection_is_refused(cid):
    t = ready()
    t.select("G3")
    t.refused({"type": "cross", "unit": "G3", "connection": cid})


@rule("§2.5")
@pytest.mark.parametrize("formation, files", [("wedge", 4), ("line", 0), ("line", 13), ("line", "4"),
                                              ("column", 3), ("square", 3)])
def test_2_5_bad_formations_are_refused(formation, files):
    t = ready()
    t.select("G3")
    t.refused({"type": "form", "unit": "G3", "formation": formation, "files": files})


@rule("§9.1")
@pytest.mark.parametrize("x", [float("nan"), float("inf"), "1", None])
def test_9_1_a_set_up_placement_with_bad_numbers_is_refused(x):
    import ringwar
    g = ringwar.new_game("minas-tirith", seed=1)
    before = g.state_hash()
    with pytest.raises(ringwar.IllegalAction) as info:
        g.apply({"type": "place", "unit": "G3", "x": x, "y": 48, "heading": 0})
    assert info.value.rule.startswith("[MT §") and g.state_hash() == before
