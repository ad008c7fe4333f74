"""Control, demoralization and victory [MT §9.3] [MT §9.4]."""

from __future__ import annotations

import pytest

from .builder import Table, events, rule


def board() -> Table:
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=5)
    return t


@rule("§9.3")
def test_9_3_an_organized_unit_wholly_inside_with_no_enemy_takes_the_sector():
    t = board()
    t.unit("M3", 4.5, 48, 0, figures=4, files=2)          # in the Citadel
    t.force()
    t.g.turn_end_bookkeeping()
    assert t.g.sector_control["Citadel"] == "dark-lord"


@rule("§9.3")
def test_9_3_a_disorganized_unit_or_a_contested_sector_keeps_the_old_controller():
    t = board()
    t.unit("M3", 4.5, 48, 0, figures=4, files=2, organized=False)
    t.g.turn_end_bookkeeping()
    assert t.g.sector_control["Citadel"] == "west"
    t = board()
    t.unit("M3", 4.5, 50, 0, figures=4, files=2)
    t.unit("G1", 4.5, 45, 0, figures=4, files=2)
    t.g.turn_end_bookkeeping()
    assert t.g.sector_control["Citadel"] == "west"


@rule("§9.3")
def test_9_3_demoralization_points_figures_leaders_levels_gate_and_arrivals():
    t = board()
    g = t.g
    g.units["G3"].lost = 10
    g.units["M12"].lost = 2                               # trolls count 2
    g.units["H7"].lost = 1                                # a Mumak counts 5
    g.killed_leaders = ["gandalf", "gothmog"]
    g.great_gate_broken = True
    g.rohan_arrived = True
    pts = g.demoralization_points()
    assert pts["garrison"] == 10 + 20 + 5 - 10
    assert pts["dark-lord"] == 4 + 5 + 5
    for s in ("L2-S", "L2-N"):
        g.sector_control[s] = "dark-lord"
    pts = g.demoralization_points()
    assert pts["garrison"] == 10 + 20 + 5 - 10 + 10 and pts["dark-lord"] == 14 - 5


@rule("§9.3")
def test_9_3_garrison_demoralized_at_68_takes_20_off_the_dark_lord():
    t = board()
    g = t.g
    g.units["G3"].lost = 68
    assert g.demoralization_points()["dark-lord"] == -20
    g.units["G3"].lost = 67
    assert g.demoralization_points()["dark-lord"] == 0


@rule("§9.4")
def test_9_4_the_dark_lord_holding_the_citadel_at_turn_end_wins_decisively():
    t = board()
    t.g.sector_control["Citadel"] = "dark-lord"
    ev = t.g.check_victory()
    assert t.g.result["winner"] == "dark-lord" and t.g.result["level"] == "decisive" and ev


@rule("§9.4")
def test_9_4_west_decisive_needs_both_demoralization_and_the_lords_death():
    t = board()
    t.g.demoralization["dark-lord"] = 157
    t.g.check_victory()
    assert t.g.result is None
    t.g.wk_dead = True
    t.g.check_victory()
    assert t.g.result["winner"] == "west" and t.g.result["level"] == "decisive"


@rule("§9.4")
def test_9_4_both_decisive_at_once_the_dark_lords_applies():
    t = board()
    g = t.g
    g.demoralization["dark-lord"] = 200
    g.wk_dead = True
    g.sector_control["Citadel"] = "dark-lord"
    g.check_victory()
    assert g.result["winner"] == "dark-lord"


@rule("§9.4", "§9.2")
@pytest.mark.parametrize("garrison, dark, road, winner", [
    (68, 0, True, "dark-lord"), (67, 0, True, "west"), (68, 157, True, "west"),
    (68, 0, False, "west")])
def test_9_4_after_turn_10_the_dark_lord_needs_all_three(garrison, dark, road, winner):
    t = board()
    g = t.g
    g.turn_no = 10
    g.demoralization = {"garrison": garrison, "relief": 0, "dark-lord": dark}
    g.checkpoints = {"A": "dark-lord" if road else "west", "B": "dark-lord"}
    g.check_victory()
    assert g.result["winner"] == winner and g.result["level"] == "victory"


@rule("§9.2")
def test_9_2_no_result_before_the_last_turn():
    t = board()
    t.g.turn_no = 9
    t.g.check_victory()
    assert t.g.result is None


@rule("§9.4", "§6.7")
def test_9_4_victory_checked_at_the_turn_end_of_a_natural_tie():
    t = board()
    t.unit("M3", 4.5, 48, 0, figures=4, files=2)
    t.round("west", card="reload", pips=1)
    t.force((20, 5), (20, 5))
    ev = t.apply({"type": "pass"})
    assert events(ev, "result") and t.g.result["winner"] == "dark-lord"
    assert t.g.legal_actions() == []


@rule("§9.1")
def test_9_1_set_up_everything_organized_loaded_gates_west_spell_points():
    import ringwar
    g = ringwar.new_game("minas-tirith", seed=3)
    assert all(u.organized and u.loaded for u in g.units.values())
    assert all(v == ["intact", "west"] for v in g.gates.values())
    assert g.spell_points == {"west": 12, "dark-lord": 14} and g.fires == []
    assert not any(u.on_table for u in g.units.values() if u.contingent in ("rohan", "provincials"))


@rule("§9.3")
def test_9_3_a_unit_passing_through_a_road_checkpoint_takes_it_at_once():
    t = Table()
    t.clear()
    t.round("west", card="cavalry_move", pips=5)
    t.g.checkpoints["B"] = "dark-lord"
    t.unit("G8", 140, 39, 90, figures=8, files=4)            # 4 x 4, facing north, below the box
    t.act("G8", {"type": "move", "unit": "G8", "path": "m0:16"})   # right through the exit box
    assert not t.g.footprint(t.g.units["G8"]).intersects(t.g.B.checkpoints["B"])
    assert t.g.checkpoints["B"] == "west"                     # at once, before any Turn end
    # a unit that stops short of it takes nothing
    t = Table()
    t.clear()
    t.round("west", card="cavalry_move", pips=5)
    t.g.checkpoints["B"] = "dark-lord"
    t.unit("G8", 126, 48, 0, figures=8, files=4)
    t.act("G8", {"type": "move", "unit": "G8", "path": "m0:6"})     # stops 2" short of the box
    assert t.g.checkpoints["B"] == "dark-lord"
