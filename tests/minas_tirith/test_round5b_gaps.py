"""Mutation gaps of round 5b (issue 17): the halves of [MT §7.6] (siege towers, ladders, inner
gates) that a seeded sample of the case (``--max-mutants 40 --seed 5``) showed no test checked.

Positions as in test_siege.py / test_siege_split.py: a cleared table, a tower docked at wall 1."""

from __future__ import annotations

import math

from ringwar.systems.minas_tirith.geometry import unit_vectors

from .builder import Table, events, rule, texts
from .test_siege import at_g2, polar, siege
from .test_siege_split import docked, gain_walls, ladder, no_kills

# ----- [MT §7.6] inner gates: the event says what the dice did ----------------------------

@rule("§7.6")
def test_7_6_r109_the_battering_event_says_broken_or_it_holds():
    t = siege("infantry_move")
    at_g2(t, "M3", figures=4, files=2)
    t.force((6, 5), (6, 5))                                  # 10 < 11
    ev = t.act("M3", {"type": "batter", "unit": "M3", "gate": "G2"})
    b = events(ev, "batter")[0]["text"]
    assert "= 10, needing 11: it holds" in b and "broken!" not in b
    assert not events(ev, "gate_broken") and t.g.gates["G2"][0] == "intact"
    t.round("dark-lord", card="infantry_move", pips=10)
    t.force((6, 5), (6, 6))                                  # 11
    ev = t.act("M3", {"type": "batter", "unit": "M3", "gate": "G2"})
    b = events(ev, "batter")[0]["text"]
    assert "= 11, needing 11: broken!" in b and "it holds" not in b
    assert events(ev, "gate_broken") and t.g.gates["G2"][0] == "broken"


# ----- [MT §7.6] engines: a destroyed engine, a malformed move ------------------------------------

@rule("§7.6")
def test_7_6_a_destroyed_engine_never_acts_and_a_move_is_exactly_type_engine_path():
    t = siege("engine_move")
    t.engine("E-D4", 100, 60, 180)
    t.select("E-D4")
    bad = {"type": "move", "engine": "E-D4", "path": "w30", "extra": 1}
    t.refused(bad, "[MT §7.6]")
    assert {"type": "move", "engine": "E-D4", "path": "w30"} in t.menu()
    t = siege("engine_move")
    e = t.engine("E-D4", 100, 60, 180)
    e.destroyed = True
    t.g._after_change()
    assert {"type": "select", "actor": "E-D4"} not in t.menu()
    err = t.g.why_not_engine_act(e)
    assert err is not None and err.rule == "[MT §7.6]" and "destroyed" in err.why


# ----- [MT §7.6] R-150 reinforcing by ladder: its words, and never onto a friend ------------------

@rule("§7.6")
def test_7_6_r150_a_ladder_lands_beside_a_friend_on_the_walk_and_reinforces_from_the_ladder():
    t = ladder(20)
    g = t.g
    m3 = g.units["M3"]
    x, y = polar(32.0, -60)                                  # a friend where the ladder lands
    t.unit("M4", x, y, 120, figures=4, files=4)
    assert g.B.walk_at(x, y) == 2
    ev = t.act("M3", {"type": "ladder", "unit": "M3"})
    assert "is on the walk of wall 2 (level 2): 8 figures" in texts(ev)
    assert g.B.walk_at(m3.x, m3.y) == 2 and g.overlapping(t.footprint("M3"), {"M3"}) == []
    assert g.B.obstacle(t.footprint("M3")) is None
    t.round("dark-lord", card="infantry_move", pips=5)
    ev = t.act("M3", {"type": "reinforce", "unit": "M3", "pips": 1})
    assert "8 figures of" in texts(ev) and "climb from the ladder onto the walk" in texts(ev)
    assert "the tower" not in texts(ev)
    assert (m3.figures, m3.waiting) == (16, 4) and g.B.walk_at(m3.x, m3.y) == 2
    assert g.overlapping(t.footprint("M3"), {"M3"}) == []


@rule("§7.6")
def test_7_6_r150_tower_reinforcements_climb_from_the_tower():
    t, _ = gain_walls(16)
    t.round("dark-lord", card="infantry_move", pips=5)
    ev = t.act("M5", {"type": "reinforce", "unit": "M5", "pips": 1})
    assert "4 figures of" in texts(ev) and "climb from the tower onto the walk" in texts(ev)
    assert "the ladder" not in texts(ev)


# ----- [MT §7.6] a tower assault gains the walls only on a push-back of 3" or more -----------------

@rule("§7.6", "§7.5.7")
def test_7_6_a_defender_stopped_short_of_3_inches_keeps_the_attacker_in_the_tower():
    t = siege("infantry_move")
    docked(t, figures=16)
    g = t.g
    gx, gy = polar(39.0, 33)
    g3 = t.unit("G3", gx, gy, 33, figures=4, files=4)
    # a friend 2.5" behind G3 (towards the city): a push-back of 3 stops after about 2.5"
    depth = g3.ranks * g.pitch(g3)[1]
    g4 = t.unit("G4", 0, 0, 33, figures=4, files=4)
    bx, by = polar(39.0 - depth / 2 - 2.5 - g4.ranks * g.pitch(g4)[1] / 2, 33)
    t.unit("G4", bx, by, 33, figures=4, files=4)
    x0, y0 = g3.x, g3.y
    d = no_kills(t, (6, 6), (6, 1), (8, 1), (8, 1))           # 7 against 4: pushed back 3
    ev = t.act("M5", {"type": "assault", "unit": "M5"})
    d.done()
    gone = math.hypot(g3.x - x0, g3.y - y0)
    assert 2.0 < gone < 3.0 and "of 3″ and stops against an obstacle" in texts(ev)
    assert not events(ev, "lodgement") and "stays in the tower" in texts(ev)
    m5 = g.units["M5"]
    assert m5.embarked == "E-D1" and m5.waiting == 0


@rule("§7.6")
def test_7_6_r150_a_lodgement_widening_for_its_reinforcements_never_overlaps_a_friend():
    # 12 of 13 gained the walls in 6 files; the 13th joining widens it to 7 files, which would
    # overlap a friend standing 0.3" beside it on the walk: it stands elsewhere on the walk
    t, _ = gain_walls(13)
    g = t.g
    m5 = g.units["M5"]
    (_fx, _fy), (lx, ly) = unit_vectors(m5.heading)
    off = m5.files * g.pitch(m5)[0] / 2 + 0.3 + 1.0
    t.unit("M4", m5.x + lx * off, m5.y + ly * off, m5.heading, figures=2, files=2)
    assert abs(t.footprint("M4").distance(t.footprint("M5")) - 0.3) < 1e-6
    t.round("dark-lord", card="infantry_move", pips=5)
    ev = t.act("M5", {"type": "reinforce", "unit": "M5", "pips": 1})
    assert "1 figures of" in texts(ev) and m5.figures == 13 and m5.waiting == 0
    assert g.overlapping(t.footprint("M5"), {"M5"}) == []
    assert g.B.obstacle(t.footprint("M5")) is None and g.B.walk_at(m5.x, m5.y) == 1


# ----- [MT §7.8] catapults: the table's edges, landing on an engine, only catapults bombard -------

def catapult(eid: str, x: float, y: float, heading: float) -> Table:
    t = Table()
    t.clear()
    t.round("dark-lord", card="reload", pips=10)
    t.engine(eid, x, y, heading)
    return t


@rule("§7.8")
def test_7_8_an_arrow_off_the_table_lands_on_its_edge_and_the_far_edges_may_be_aimed_at():
    t = catapult("E-D4", 25, 10, 180)
    t.force((6, 6), (6, 6), (3600, 2251))                     # a miss: 6" on a bearing of 225
    ev = t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": 3, "y": 3})
    assert "(landing at 0, 0)" in events(ev, "bombard")[0]["text"]
    W, H = t.g.B.width, t.g.B.height
    t = catapult("E-D4", W - 20, 70, 0)
    assert t.g.why_not_bombard(t.g.engines["E-D4"], W, 70) is None
    t.force((6, 1), (6, 1))                                   # a hit on the east edge itself
    ev = t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": W, "y": 70})
    assert f"(landing at {W:g}, 70)" in events(ev, "bombard")[0]["text"]
    t = catapult("E-D4", 100, H - 20, 90)
    assert t.g.why_not_bombard(t.g.engines["E-D4"], 100, H) is None


@rule("§7.8")
def test_7_8_a_shot_landing_on_a_tower_outside_the_walls_may_set_it_alight():
    t = catapult("E-D4", 100, 70, 180)
    t.engine("E-D1", 75, 70, 0)                               # far outside the 42" radius
    t.force((6, 1), (6, 1))                                   # a hit, odd: fire on an engine only
    ev = t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": 75, "y": 70})
    assert events(ev, "fire_starts") and t.g.fires == [(75.0, 70.0)]


@rule("§7.8")
def test_7_8_a_siege_tower_is_no_catapult_and_never_bombards():
    t = catapult("E-D1", 100, 70, 180)
    t.round("dark-lord", card="engine_move", pips=10)
    t.force((6, 3))
    t.select("E-D1")
    err = t.refused({"type": "bombard", "engine": "E-D1", "x": 90, "y": 70}, "[MT §7.8]")
    assert "is not a catapult" in err.why


@rule("§7.8")
def test_7_8_a_bombard_is_exactly_type_engine_x_y():
    t = catapult("E-D4", 100, 70, 180)
    t.select("E-D4")
    err = t.refused({"type": "bombard", "engine": "E-D4", "x": 80, "y": 70, "z": 0}, "[MT §7.8]")
    assert "bombard is {type, engine, x, y}" in err.why
    assert t.g.why_not({"type": "bombard", "engine": "E-D4", "x": 80, "y": 70}) is None


@rule("§7.8")
def test_7_8_an_unloaded_catapult_may_not_bombard_and_the_near_edges_may_be_aimed_at():
    t = catapult("E-D4", 25, 10, 180)
    e = t.g.engines["E-D4"]
    assert t.g.why_not_bombard(e, 0, 10) is None              # the west edge, x = 0
    t = catapult("E-D4", 100, 20, 270)
    e = t.g.engines["E-D4"]
    assert t.g.why_not_bombard(e, 100, 0) is None             # the south edge, y = 0
    e.loaded = False
    t.g._after_change()
    t.select("E-D4")
    err = t.refused({"type": "bombard", "engine": "E-D4", "x": 100, "y": 5}, "[MT §7.8]")
    assert "must be loaded" in err.why


@rule("§7.8")
def test_7_8_a_unit_under_a_new_fire_flees_and_is_disorganized_on_d8_above_its_morale():
    for d8, organized in ((5, False), (4, True)):            # G3: morale 4
        t = catapult("E-D4", 0, 0, 180)
        x, y = polar(38.0, 20)
        t.engine("E-D4", x + 30, y, 180)
        g3 = t.unit("G3", x, y, 0, figures=4, files=4)
        assert g3.organized and t.g.morale_of(g3) == 4
        d = no_kills(t, (6, 1), (6, 1), (8, d8))             # a hit (a fire), then the d8
        ev = t.act("E-D4", {"type": "bombard", "engine": "E-D4", "x": x, "y": y})
        d.done()
        fl = events(ev, "fire_on_unit")
        assert fl and f"d8 {d8} against morale 4" in fl[0]["text"]
        assert ("disorganized" in fl[0]["text"]) != organized and g3.organized == organized


@rule("§7.8")
def test_7_8_an_aim_point_of_true_or_false_is_no_number():
    t = catapult("E-D4", 25, 10, 180)
    t.select("E-D4")
    assert t.g.why_not_bombard(t.g.engines["E-D4"], 1, 10) is None
    for x, y in ((True, 10), (1, True)):
        err = t.refused({"type": "bombard", "engine": "E-D4", "x": x, "y": y}, "[MT §7.8]")
        assert "finite x and y" in err.why


@rule("§7.6", "§7.8")
def test_7_8_r118_a_burnt_tower_with_nobody_left_aboard_alive_reports_no_homeless_survivors():
    t, _ = gain_walls(16)
    g = t.g
    m5 = g.units["M5"]
    t.force(*([(20, 5)] * 4))                                 # all 4 still aboard die
    ev = g.destroy_engine(g.engines["E-D1"], "by fire")
    assert "4 of 4 figures still aboard" in texts(ev)
    assert "no room on the walk" not in texts(ev) and "survivors join" not in texts(ev)
    assert (m5.figures, m5.waiting, m5.lost) == (12, 0, 4) and m5.placed


@rule("§7.8")
def test_7_8_r118_survivors_of_a_burnt_tower_land_behind_it_or_are_lost_without_room():
    for blocked in (False, True):
        t = Table()
        t.clear()
        t.round("dark-lord", card="infantry_move", pips=10)
        g = t.g
        e = t.engine("E-D1", 100, 60, 180)                   # facing west: its rear is east
        m5 = t.unit("M5", 100, 60, 180, figures=4, files=4)
        g.board_tower(m5, e)
        if blocked:
            t.unit("M4", 104, 60, 180, figures=8, files=4)    # right behind the tower
        t.force(*([(20, 15)] * 4))                            # nobody dies in the fire
        ev = g.destroy_engine(e, "by fire")
        assert "0 of 4 figures die (R-118)" in texts(ev)
        if blocked:
            assert "no room behind the tower" in texts(ev) and not m5.placed
        else:
            assert "no room" not in texts(ev) and m5.placed and m5.figures == 4
            assert not m5.organized and m5.x > e.x and g.overlapping(t.footprint("M5"), {"M5"}) == []


# ----- [MT §7.12] Magical Leadership naming no unit raises the raised leader's own unit ------------

@rule("§7.12", "§8.6")
def test_7_12_magical_leadership_naming_no_unit_raises_the_attached_units_combat_roll():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.unit("G3", 100, 60, 0, figures=4, files=4)
    t.unit("M3", 101.5, 60, 180, figures=4, files=4)
    t.leader("gandalf", 98, 62)
    t.leader("hurin", attached_to="G3")                      # CL 2
    g = t.g
    action = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 2,
              "target": "hurin"}
    assert action in g.spell_menu(g.leaders["gandalf"])
    ev = t.act("gandalf", action)
    assert "raises Men of Minas Tirith (G3)'s combat roll" in texts(ev)
    _, why = g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                           their_arc="front", setting="field", more_kills=False, defending=False)
    assert "+4 attached commander (R-141)" in why, why


@rule("§7.12", "§8.6")
def test_7_12_a_commander_away_or_out_of_action_adds_nothing_to_his_units_combat_roll():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.unit("G3", 100, 60, 0, figures=4, files=4)
    t.unit("M3", 101.5, 60, 180, figures=4, files=4)
    g = t.g
    hurin = t.leader("hurin", attached_to="G3")              # CL 2

    def bonus() -> list[str]:
        _, why = g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                               their_arc="front", setting="field", more_kills=False, defending=False)
        return [w for w in why if "commander" in w]

    assert g.combat_cl(g.units["G3"]) == 2 and bonus() == ["+2 attached commander (R-141)"]
    hurin.away_until_check = True                             # not present
    g._after_change()
    assert g.combat_cl(g.units["G3"]) == 0 and bonus() == []
    hurin.away_until_check, hurin.out_of_action = False, True
    g._after_change()
    assert g.combat_cl(g.units["G3"]) == 0 and bonus() == []


@rule("§7.12")
def test_7_12_magical_leadership_says_which_unit_it_raises_the_named_one_or_none():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.unit("G3", 100, 60, 0, figures=4, files=4)
    t.unit("G7", 100, 66, 0, figures=4, files=4)
    t.leader("gandalf", 98, 62)
    t.leader("hurin", attached_to="G3")
    g = t.g
    action = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 1,
              "target": "gandalf", "unit": "G7"}                # Gandalf, unattached, names G7
    menu = g.spell_menu(g.leaders["gandalf"])
    assert action in menu
    # Hurin's own unit is his default: it is never named (one entry, without "unit")
    ml = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 1,
          "target": "hurin"}
    assert ml in menu and {**ml, "unit": "G3"} not in menu
    ev = t.act("gandalf", action)
    assert "(G7)'s combat roll" in texts(ev) and "(G3)'s combat roll" not in texts(ev)
    # the caster raising himself, attached to nobody, naming nobody: no unit's roll is raised
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.leader("gandalf", 98, 62)
    action = {"type": "spell", "leader": "gandalf", "spell": "magical_leadership", "points": 1,
              "target": "gandalf"}
    assert action in t.g.spell_menu(t.g.leaders["gandalf"])
    ev = t.act("gandalf", action)
    assert "CL is +1 for this Round (R-129)" in texts(ev) and "combat roll" not in texts(ev)
