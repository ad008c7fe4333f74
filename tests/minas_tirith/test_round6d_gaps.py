"""Minas Tirith halves the seed-5 whole-system estimate (issue 17) showed no test checking
(helper MT-D): the keel ends at its radii [MT §3.3]; no forced impetus is lost when there is
none [MT §5.4]; only a march column (2 files) gets the road bonus [MT §7.1]; a move ending on a
wall is refused as ending there, not as crossing it [MT §7.1.5]; an enemy leader's CL never
raises a unit's results roll [MT §7.12] [MT §8.6]."""

from __future__ import annotations

from ringwar.systems.minas_tirith.board import load_board

from .builder import Table, events, rule
from .test_movement import field, move, refused_move


@rule("§3.3")
def test_3_3_the_keel_runs_only_from_r_9_to_r_33():
    # |y - 48| <= 2 for 9 <= r <= 33, the city's centre at (0, 48)
    B = load_board()
    assert B.in_keel(9.0, 48.0) and B.in_keel(33.0, 48.0) and B.in_keel(20.0, 49.5)
    assert not B.in_keel(8.99, 48.0) and not B.in_keel(2.0, 48.0)      # the Citadel, west of it
    assert not B.in_keel(33.01, 48.0) and not B.in_keel(38.0, 48.0)    # level 1 is not split


@rule("§5.4")
def test_5_4_no_forced_impetus_is_lost_when_none_is_forced():
    # the active side's deck is empty and nobody is arriving: with no forced pips nothing is
    # lost, the pips left stay to spend (and no "forced_lost" is reported)
    t = field()
    t.unit("G3", 100, 60, 0)
    t.round("west", card="infantry_move", pips=10, deck=[])
    assert t.g.forced_pips == 0 and not t.g.decks["west"]
    ev = move(t, "G3", "m0:3")
    assert not events(ev, "forced_lost")
    assert t.g.pips == 9 and t.g.active == "west" and t.g.selected is None


@rule("§7.1", "§7.1.2")
def test_7_1_only_a_march_column_gets_the_road_bonus():
    # G8 (cavalry, rate 16) on the Pelennor road: in 2 files +10 (test_movement), in 4 or 1
    # files none
    for files in (4, 1):
        t = field("cavalry_move")
        t.unit("G8", 80, 48, 0, files=files)
        assert "16.01″ but the allowance is 16.00″" in refused_move(t, "G8", "m0:16.01",
                                                                    "[MT §7.1.4]").why
        move(t, "G8", "m0:16")


@rule("§7.1.5")
def test_7_1_5_a_move_ending_on_a_wall_is_refused_as_ending_there():
    t = field()
    t.unit("G3", 46, 70, 180)                      # 6 files, x 45-47; wall 1 here at x 33.4-35.8
    err = refused_move(t, "G3", "m0:10", "[MT §7.1.5]")
    assert "the move would end on wall 1" in err.why
    move(t, "G3", "m0:7")                          # stops short of it


@rule("§7.12", "§8.6")
def test_7_12_an_enemy_leader_never_lends_his_cl_to_a_unit():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.unit("G3", 100, 60, 0, files=4, figures=4)
    t.unit("M3", 101.5, 60, 180, files=4, figures=4)
    g = t.g
    t.leader("hurin", attached_to="G3")            # CL 2
    assert g.combat_cl(g.units["G3"]) == 2
    t.leader("hurin", attached_to="M3")            # a Gondor leader on an enemy unit
    assert g.combat_cl(g.units["M3"]) == 0 and g.combat_cl(g.units["G3"]) == 0
    why = g.result_mods("melee", g.units["M3"], g.units["G3"], charging=False,
                        their_arc="front", setting="field", more_kills=False, defending=False)[1]
    assert not [w for w in why if "commander" in w]
