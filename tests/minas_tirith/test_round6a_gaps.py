"""Mutation gaps of round 6 (issue 17), helper A: the seed-3 estimate's survivors in
[MT §3.5] [MT §7.1] [MT §7.4], then the whole cases [MT §7.3] [MT §7.4] [MT §7.1.4] [MT §9.1].

Positions as elsewhere in tests/minas_tirith: a cleared table (builder.Table) with the few
pieces a rule needs."""

from __future__ import annotations

import math

from ringwar.systems.minas_tirith.board import load_board

from .builder import Table, rule
from .test_reaction_extras import archers_window
from .test_reactions import move as window_move

B = load_board()


def at(r: float, phi: float) -> tuple[float, float]:
    a = math.radians(phi)
    return r * math.cos(a), 48.0 + r * math.sin(a)


# ----- the seed-3 estimate's survivors ------------------------------------------------------------

@rule("§3.5", "§3.2")
def test_3_5_a_point_exactly_on_a_level_1_sector_line_is_in_the_gate_court():
    # L1-G is -20 <= phi <= +20 (§3.2's table): both lines belong to the gate court; r = 36
    # gives bearings of exactly +-20.0 in floating point
    for sgn in (1, -1):
        x, y = at(36.0, sgn * 20.0)
        assert math.degrees(math.atan2(y - 48.0, x)) == sgn * 20.0
        assert B.sector_at(x, y) == "L1-G"
    assert B.sector_at(*at(36.0, 20.01)) == "L1-N" and B.sector_at(*at(36.0, -20.01)) == "L1-S"
    # a unit whose centre is on the line is in the gate court (the view says so)
    t = Table()
    t.clear()
    t.unit("G3", *at(36.0, 20.0), 90, files=2, figures=4)
    view = {u["id"]: u for u in t.g.view("west")["units"]}
    assert view["G3"]["sector"] == "L1-G"


@rule("§7.1")
def test_7_1_the_preview_of_a_move_its_cost_allowance_pose_and_why_not():
    t = Table()
    t.clear()
    t.unit("G3", 100, 60, 0)
    t.round("west", card="infantry_move", pips=10)
    g = t.g
    # a legal path, but the unit is not selected: the why, with the cost still shown
    p = g.preview({"type": "move", "unit": "G3", "path": "m0:5"})
    assert p["legal"] is False and "[MT §6.5]" in p["why"] and p["cost"] == 5.0
    t.select("G3")
    before = g.state_hash()
    p = g.preview({"type": "move", "unit": "G3", "path": "m0:5"})
    assert p is not None and p["kind"] == "move" and p["unit"] == "G3"
    assert p["legal"] is True and p["why"] is None
    assert p["cost"] == 5.0 and p["allowance"] == 10.0 and p["road"] is False
    assert p["pose"] == {"x": 105.0, "y": 60.0, "heading": 0.0, "files": 6}
    far = g.preview({"type": "move", "unit": "G3", "path": "m0:11"})
    assert far["legal"] is False and "[MT §7.1.4] the move costs 11.00" in far["why"]
    bad = g.preview({"type": "move", "unit": "G3", "path": "zz"})
    assert bad["legal"] is False and "[MT §7.1.4]" in bad["why"] and bad["cost"] is None
    # no unit, not a unit id, not a move: nothing to preview
    for a in ({"type": "move", "unit": "XX", "path": "m0:5"},
              {"type": "move", "unit": 5, "path": "m0:5"},
              {"type": "move", "path": "m0:5"},
              {"type": "fire", "unit": "G3", "target": "M3"}, "move"):
        assert g.preview(a) is None
    assert g.state_hash() == before


@rule("§7.4", "§6.5")
def test_7_4_foot_archers_in_range_still_may_not_move_and_shoot_in_one_action():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.front_at("G4", 100, 60, 0, figures=4, files=4)          # longbow infantry
    t.front_at("M3", 106, 60, 180, figures=4, files=4)        # 6" ahead, in range and arc
    t.select("G4")
    assert t.g.why_not_fire(t.g.units["G4"], "M3") is None    # it could shoot from here
    err = t.refused({"type": "move_fire", "unit": "G4", "path": "m0:1", "target": "M3", "at": 0},
                    "[MT §7.4]")
    assert "only horse archers" in err.why


# ----- [MT §7.3] (whole case) ----------------------------------------------------------------------

@rule("§7.3", "§3.1")
def test_7_3_every_table_edge_blocks_and_touching_within_the_tolerance_does_not():
    from shapely.geometry import box

    from ringwar.systems.minas_tirith.board import TOUCH
    # the four edges, north of the city on the west side: a hair over each is "edge" ...
    over = (box(-0.01, 96, 2, 98), box(100, -0.01, 102, 2), box(142, 60, 144.01, 62),
            box(100, 106, 102, 108.01))
    assert [B.obstacle(b) for b in over] == ["edge"] * 4
    # ... while exactly TOUCH over (touching) is not
    touch = (box(-TOUCH, 96, 2, 98), box(100, -TOUCH, 102, 2), box(142, 60, 144 + TOUCH, 62),
             box(100, 106, 102, 108 + TOUCH))
    assert [B.obstacle(b) for b in touch] == [None] * 4
    # through the game: north of the city a unit may walk to the west edge but not over it
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    u = t.unit("G3", 4.0, 100.0, 180, files=2, figures=4)
    x0, _, _, _ = t.footprint("G3").bounds
    t.select("G3")
    err = t.refused({"type": "move", "unit": "G3", "path": f"m0:{x0 + 0.1:g}"}, "[MT §7.1.5]")
    assert "edge" in err.why
    t.apply({"type": "move", "unit": "G3", "path": f"m0:{x0:g}"})
    assert abs(t.footprint("G3").bounds[0]) < 1e-9 and u.x < 4.0


@rule("§7.3")
def test_7_3_no_charge_across_a_sector_line_of_the_city():
    def table(target_phi: float) -> Table:
        t = Table()
        t.clear()
        t.round("west", card="infantry_move", pips=10)
        t.unit("G12", *at(37.0, -26.0), 64, files=2, figures=4)       # L1-S, facing +phi
        t.unit("M3", *at(37.0, target_phi), 244, files=2, figures=4)
        return t
    t = table(-21.0)                                     # the same sector, L1-S
    t.select("G12")
    assert t.menu("charge") == [{"type": "charge", "unit": "G12", "target": "M3"}]
    t = table(-15.0)                                     # over the line, in L1-G: as near
    g = t.g
    assert g.B.sector_at(g.units["M3"].x, g.units["M3"].y) == "L1-G"
    t.select("G12")
    assert not t.menu("charge")
    t.refused({"type": "charge", "unit": "G12", "target": "M3"})
    err = g.why_not_charge(g.units["G12"], "M3")
    assert err is not None and err.rule == "[MT §7.3]" and "another sector" in err.why


@rule("§7.3", "§3.6", "§7.11")
def test_7_3_a_leader_walks_through_a_gate_his_side_holds_but_not_one_the_enemy_holds():
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.leader("hurin", 37.0, 48.0)                   # the gate court, behind the Great Gate
    t.select("hurin")
    t.apply({"type": "lead_move", "leader": "hurin", "x": 46.0, "y": 48.0})    # out through G1
    assert (t.g.leaders["hurin"].x, t.g.leaders["hurin"].y) == (46.0, 48.0)
    t = Table()
    t.clear()
    t.round("dark-lord", card="leader", pips=10)
    t.leader("gothmog", 46.0, 48.0)                 # the Pelennor, before the Great Gate
    t.select("gothmog")
    err = t.refused({"type": "lead_move", "leader": "gothmog", "x": 37.0, "y": 48.0},
                    "[MT §7.11]")
    assert "gate G1" in err.why and "[MT §7.3]" in err.why
    t.g.gates["G1"] = ["broken", "west"]            # a broken gate lets everyone through
    t.g._after_change()
    t.apply({"type": "lead_move", "leader": "gothmog", "x": 37.0, "y": 48.0})
    assert t.g.leaders["gothmog"].x == 37.0


@rule("§7.3", "§9.3")
def test_7_3_crossing_the_great_gate_passes_checkpoint_a():
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    g = t.g
    g.gates["G1"] = ["broken", "west"]
    g.checkpoints["A"] = "west"
    t.front_at("M3", 42.5, 48.0, 180, figures=4, files=2)   # front 0.5" off the gate's face
    g._after_change()
    assert {"type": "cross", "unit": "M3", "connection": "G1"} in g.actor_menu("M3")
    t.act("M3", {"type": "cross", "unit": "M3", "connection": "G1"})
    m3 = g.units["M3"]
    assert g.B.sector_at(m3.x, m3.y) == "L1-G"
    assert not t.footprint("M3").intersects(g.B.checkpoints["A"])   # it stands beyond it ...
    assert g.checkpoints["A"] == "dark-lord"                        # ... but passed through it
    assert g.gates["G1"][1] == "dark-lord"


@rule("§7.3")
def test_7_3_a_mumak_at_the_broken_great_gate_still_may_not_enter():
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    g = t.g
    g.gates["G1"] = ["broken", "dark-lord"]
    t.front_at("H7", 42.5, 48.0, 180, figures=1, files=1)   # one Mumak, 0.5" off the gate
    g._after_change()
    h7 = g.units["H7"]
    assert g.klass(h7) == "elephant"
    err = g.why_not_cross(h7, "G1")
    assert err is not None and err.rule == "[MT §7.3]" and "Mumakil never enter" in err.why
    assert not [a for a in g.actor_menu("H7") if a["type"] == "cross"]
    # nor one that stands in the city already (set there) cross a sector line inside it
    t.round("dark-lord", card="infantry_move", pips=10)
    t.unit("H7", *at(37.0, -25.0), 65, figures=1, files=1)      # L1-S, facing the -20 line
    assert g.B.sector_at(h7.x, h7.y) == "L1-S"
    assert "L1-S/L1-G" in [c.id for c in g.B.connections_near(t.footprint("H7"), 1.0)]
    err = g.why_not_cross(h7, "L1-S/L1-G")
    assert err is not None and err.rule == "[MT §7.3]" and "Mumakil never enter" in err.why


@rule("§7.3")
def test_7_3_the_march_column_must_be_no_wider_than_the_opening_exactly_equal_passes():
    # T5 (L5-S <-> L5-N) is 3" long: a close-order troll column is 2 x 1.5 = 3" (passes), an
    # open-order infantry column 2 x 2 = 4" (does not)
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    g = t.g
    assert g.B.connections["T5"].width == 3.0
    trolls = t.front_at("M11", 15.4, 50.5, 270, figures=1, files=1)
    assert g.B.sector_at(trolls.x, trolls.y) == "L5-N" and g.pitch(trolls)[0] == 1.5
    assert g.why_not_cross(trolls, "T5") is None
    t.unit("M11", 100, 100, 0)                                  # out of the way
    orcs = t.front_at("M3", 15.2, 50.5, 270, figures=1, files=1, order="open")
    assert g.B.sector_at(orcs.x, orcs.y) == "L5-N" and g.pitch(orcs)[0] == 2.0
    err = g.why_not_cross(orcs, "T5")
    assert err is not None and err.rule == "[MT §7.3]" and "4″ wide does not pass" in err.why
    t.select("M3")
    assert not t.menu("cross")
    t.unit("M3", 100, 90, 0, order="close")
    t.front_at("M3", 15.2, 50.5, 270, figures=1, files=1)       # close order: 2", passes
    assert g.why_not_cross(orcs, "T5") is None


@rule("§7.3", "§3.4")
def test_7_3_beside_the_citadel_gate_from_the_north_half_only_the_tunnel_is_crossed():
    # G7 joins the tunnel T6 (the south sector of level 6, §3.5) to the Citadel: a unit in
    # L6-N within 1" of both crosses T6 first; G7 does not lead out of L6-N
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    g = t.g
    u = t.unit("G3", 11.0, 51.0, 180, figures=1, files=1)
    assert g.B.sector_at(u.x, u.y) == "L6-N"
    assert {c.id for c in g.B.connections_near(t.footprint("G3"), 1.0)} == {"T6", "G7"}
    assert [a for a in g.actor_menu("G3") if a["type"] == "cross"] == [
        {"type": "cross", "unit": "G3", "connection": "T6"}]
    err = g.why_not_cross(u, "G7")
    assert err is not None and err.rule == "[MT §7.3]" and "G7 does not lead out of L6-N" in err.why


# ----- [MT §7.4] (whole case) ----------------------------------------------------------------------

@rule("§7.4", "§3.7")
def test_7_4_more_than_2_inches_of_woods_block_the_sight_2_inches_do_not():
    # wood W1 is x 80-92, y 76-86; G4 (longbow) shoots east from x 79 at M3 standing in the
    # wood with its front edge at x 81.5 / 82 / 82.5: 1.5, 2.0, 2.5 inches of woods between
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    g = t.g
    t.front_at("G4", 79.0, 81.0, 0, figures=4, files=4)
    for front, ok in ((81.5, True), (82.0, True), (82.5, False)):
        t.front_at("M3", front, 81.0, 180, figures=4, files=4)
        assert g.B.woods_length((79.0, 81.0), (front, 81.0)) == front - 80.0
        err = g.why_not_fire(g.units["G4"], "M3")
        if ok:
            assert err is None, err
        else:
            assert err is not None and err.rule == "[MT §7.4]" and "woods blocks" in err.why
    assert g.B.woods_length((79.0, 70.0), (95.0, 70.0)) == 0.0      # south of the wood


@rule("§7.4", "§7.9", "§6.6")
def test_7_4_the_archers_reaction_is_gone_once_the_mover_is_in_a_melee_or_gone():
    t = archers_window(20.0, bank=0)
    window_move(t, "G3", 6.0)                                  # ends 14" off H7: the window opens
    assert t.menu() == [{"type": "react_archers", "unit": "H7"}, {"type": "react_done"}]
    g3 = t.g.units["G3"]
    # (as if) another reaction brought an enemy into contact with the mover
    m3 = t.front_at("M3", t.footprint("G3").bounds[2], g3.y, 180, figures=4, files=4)
    assert t.g.engaged_with(g3)
    assert t.menu() == [{"type": "react_done"}]
    t.refused({"type": "react_archers", "unit": "H7"}, "[MT §6.6]")
    # (as if) that enemy left and the mover was shot to the last figure
    m3.on_table = False
    t.unit("G3", g3.x, g3.y, g3.heading, figures=4, files=4)
    assert t.menu() == [{"type": "react_archers", "unit": "H7"}, {"type": "react_done"}]
    g3.on_table = False
    t.g._after_change()
    assert t.menu() == [{"type": "react_done"}]
    t.refused({"type": "react_archers", "unit": "H7"}, "[MT §6.6]")


# ----- [MT §7.1.4] (whole case) ---------------------------------------------------------------------

@rule("§7.1.4")
def test_7_1_4_the_path_grammar_and_its_limits_each_exactly():
    import pytest

    from ringwar import IllegalAction
    from ringwar.systems.minas_tirith.movement import MAX_PATH_STEPS, parse_path

    ok = {
        "m0:8": [("m", 0.0, 8.0)],
        " w-30 , m45:2.5 ": [("w", -30.0, 0.0), ("m", 45.0, 2.5)],
        "m180:200,m-180:0": [("m", 180.0, 200.0), ("m", -180.0, 0.0)],
        "w360,pl-360,pr0.5": [("w", 360.0, 0.0), ("pl", -360.0, 0.0), ("pr", 0.5, 0.0)],
        "t90,t-90,t180": [("t", 90.0, 0.0), ("t", -90.0, 0.0), ("t", 180.0, 0.0)],
        "m0:" + "0" * 196 + "1": [("m", 0.0, 1.0)],                  # exactly 200 characters
        ",".join(["m0:1"] * MAX_PATH_STEPS): [("m", 0.0, 1.0)] * 8,
    }
    assert MAX_PATH_STEPS == 8
    for path, steps in ok.items():
        assert parse_path(path) == steps, path
    bad = ["", 5, None, "m0:" + "0" * 197 + "1", "m180.5:1", "m-180.5:1", "m0:200.5", "w360.5",
           "pl-360.5", "t45", "m0", "w", "x10", "m0:-1", ",".join(["m0:1"] * 9)]
    for path in bad:
        with pytest.raises(IllegalAction) as info:
            parse_path(path)
        assert info.value.rule == "[MT §7.1.4]", path
        if path in ("", 5, None) or len(path) > 200:
            assert "a move needs a 'path'" in info.value.why, path
    # through the game: a move with a bad path is refused for it, the game unchanged
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.unit("G3", 100, 60, 0)
    t.select("G3")
    err = t.refused({"type": "move", "unit": "G3", "path": "m0:1,m0:1,m0:1,m0:1,m0:1,m0:1,"
                     "m0:1,m0:1,m0:1"}, "[MT §7.1.4]")
    assert "at most 8 steps" in err.why


# ----- [MT §9.1] (whole case) -------------------------------------------------------------------------

def refused_in_setup(g, action, rule_):
    import pytest

    from ringwar import IllegalAction
    before = g.state_hash()
    with pytest.raises(IllegalAction) as info:
        g.apply(action)
    assert info.value.rule == rule_, (action, info.value)
    assert g.state_hash() == before
    return info.value


@rule("§9.1")
def test_9_1_a_placement_is_exactly_type_unit_x_y_heading_and_maybe_files():
    import ringwar
    g = ringwar.new_game("minas-tirith", seed=1)
    u = g.units["G3"]
    x, y, h = u.x, u.y - 0.5, u.heading
    for bad in ({"type": "place", "unit": "G3", "x": x, "y": y, "heading": h, "extra": 1},
                {"type": "place", "unit": "G3", "x": x, "y": y},
                {"type": "place", "unit": "G3", "y": y, "heading": h},
                {"type": "place", "x": x, "y": y, "heading": h, "files": u.files}):
        err = refused_in_setup(g, bad, "[MT §9.1]")
        assert "place is {type, unit, x, y, heading, files?}" in err.why, bad
    for uid in ("nobody", 3, None):
        err = refused_in_setup(g, {"type": "place", "unit": uid, "x": x, "y": y, "heading": h},
                               "[MT §9.1]")
        assert "unknown unit" in err.why, uid
    # only the side setting up places, and only its units on the table (Rohan arrives later)
    assert g.deploying == "west" and not g.units["R5"].on_table
    m3 = g.units["M3"]
    for uid, at_ in (("M3", (m3.x, m3.y - 0.5, m3.heading)), ("R5", (x, y, h))):
        err = refused_in_setup(g, {"type": "place", "unit": uid, "x": at_[0], "y": at_[1],
                                   "heading": at_[2]}, "[MT §9.1]")
        assert "is not west's to set up now" in err.why, err
    # all six keys: accepted
    g.apply({"type": "place", "unit": "G3", "x": x, "y": y, "heading": h, "files": u.files})
    assert (u.x, u.y) == (x, y)
    # the view carries the last 30 events of the log, exactly
    for i in range(32):
        g.apply({"type": "place", "unit": "G3", "x": x, "y": y + 0.1 * (i % 2), "heading": h})
    seen = g.log_for("west")
    assert len(seen) > 31
    assert g.view("west")["recent_log"] == seen[-30:]


@rule("§9.1", "§3.8")
def test_9_1_the_set_up_is_checked_when_a_side_is_done_a_builder_position_outside_the_zone():
    import ringwar
    g = ringwar.new_game("minas-tirith", seed=1, setup={"units": {"G3": {"x": 48.0, "y": 48.0,
                                                                            "heading": 0.0}}})
    u = g.units["G3"]
    assert (u.x, u.y) == (48.0, 48.0)                 # on the Pelennor, outside the city
    err = refused_in_setup(g, {"type": "deploy_done"}, "[MT §9.1]")
    assert "must set up in the gondor zone" in err.why and g.deploying == "west"
    home = ringwar.new_game("minas-tirith", seed=1).units["G3"]
    g.apply({"type": "place", "unit": "G3", "x": home.x, "y": home.y, "heading": home.heading})
    ev = g.apply({"type": "deploy_done"})
    assert ev[0]["type"] == "deploy" and g.deploying == "dark-lord"


@rule("§9.1", "§3.8", "§2.5")
def test_9_1_a_placement_needs_finite_numbers_files_in_range_room_and_no_engine_crew():
    import ringwar
    g = ringwar.new_game("minas-tirith", seed=1)
    u = g.units["G3"]
    x, y, h = u.x, u.y - 0.5, u.heading

    def place(uid="G3", **kw):
        return {"type": "place", "unit": uid, "x": x, "y": y, "heading": h, **kw}

    for k, v in (("x", float("nan")), ("y", True), ("heading", "0"), ("x", float("inf"))):
        err = refused_in_setup(g, place(**{k: v}), "[MT §9.1]")
        assert f"{k} must be a finite number" in err.why, (k, v)
    for files in (0, u.figures + 1, True, 2.0):
        err = refused_in_setup(g, place(files=files), "[MT §2.5]")
        assert f"files must be 1-{u.figures}" in err.why, files
    g4 = g.units["G4"]
    err = refused_in_setup(g, place(x=g4.x, y=g4.y, heading=g4.heading), "[MT §3.8]")
    assert "it would overlap" in err.why and "G4" in err.why
    g.apply(place(x=12.5, y=69.65, heading=60, files=u.figures))   # one rank, in L3-N
    assert u.files == u.figures == 12
    g.apply(place(x=28.34, y=24.22, heading=50, files=1))           # one file, in L1-S
    assert u.files == 1 and (u.x, u.y) == (28.34, 24.22)
    # the Dark Lord's turn to set up: Grond's trolls set up with Grond, never on their own
    g.apply({"type": "deploy_done"})
    m11 = g.units["M11"]
    assert g.deploying == "dark-lord" and m11.engine == "E-D10"
    err = refused_in_setup(g, {"type": "place", "unit": "M11", "x": m11.x, "y": m11.y + 0.5,
                               "heading": m11.heading}, "[MT §9.1]")
    assert "attached to an engine sets up with it" in err.why


@rule("§9.1", "§3.8")
def test_9_1_each_side_answers_for_its_own_set_up_overlaps_and_grond_s_trolls_zone():
    import ringwar

    def game(units=None, engines=None):
        return ringwar.new_game("minas-tirith", seed=1,
                                setup={"units": units or {}, "engines": engines or {}})
    # G3 set up on top of G4: the West may not finish
    g4 = game().units["G4"]
    g = game({"G3": {"x": g4.x, "y": g4.y, "heading": g4.heading}})
    err = refused_in_setup(g, {"type": "deploy_done"}, "[MT §9.1]")
    assert "overlaps" in err.why and "G4" in err.why
    # a Dark Lord unit inside the city is the Dark Lord's problem, not the West's
    g = game({"M3": {"x": 37.4, "y": 30.0, "heading": 0.0}})
    g.apply({"type": "deploy_done"})
    assert g.deploying == "dark-lord"
    err = refused_in_setup(g, {"type": "deploy_done"}, "[MT §9.1]")
    assert "M3" in err.why and "must set up in the mordor zone" in err.why
    # Grond's trolls (M11) may stand anywhere in Grond's zone, even by the South edge where
    # the Haradrim zone cuts the Mordor zone away
    g = game({"M11": {"x": 139.0, "y": 4.0, "heading": 270.0}},
             {"E-D10": {"x": 139.0, "y": 12.5, "heading": 270.0}})
    m11 = g.units["M11"]
    assert g.B.in_zone("grond", g.footprint(m11)) and not g.B.in_zone("mordor", g.footprint(m11))
    g.apply({"type": "deploy_done"})
    g.apply({"type": "deploy_done"})
    assert g.stage == "round"
    # ... and the view names the set-up, then the round and the side to act
    fresh = game()
    v = fresh.view("west")
    assert v["phase_name"] == "Set-up [MT §9.1]" and v["active"] is None
    v = g.view("west")
    assert v["phase_name"] == f"Turn {g.turn_no}, Round {g.round} [MT §6]"
    assert v["active"] == g.active and v["active"] in ("west", "dark-lord")
    # Grond itself stands in its own zone, more than 24" from the walls (not merely the Host's)
    g = game(engines={"E-D10": {"x": 60.0, "y": 48.0, "heading": 180.0}})
    g.apply({"type": "deploy_done"})
    err = refused_in_setup(g, {"type": "deploy_done"}, "[MT §9.1]")
    assert "Grond (E-D10) must set up in the grond zone" in err.why


@rule("§7.1.4", "§2.5")
def test_7_1_4_a_formation_change_keeps_the_front_centre_and_the_heading():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    g = t.g
    u = t.unit("G3", 100.0, 60.0, 30.0, files=6, figures=12)      # 6 x 2, depth 2"
    a = math.radians(30.0)
    front = (100.0 + math.cos(a) * 1.0, 60.0 + math.sin(a) * 1.0)
    t.select("G3")
    assert {"type": "form", "unit": "G3", "formation": "line", "files": 3} in t.menu("form")
    t.apply({"type": "form", "unit": "G3", "formation": "line", "files": 3})   # 3 x 4, depth 4"
    assert u.files == 3 and u.heading == 30.0
    assert math.isclose(u.x, front[0] - math.cos(a) * 2.0, abs_tol=0.01)
    assert math.isclose(u.y, front[1] - math.sin(a) * 2.0, abs_tol=0.01)
    fc = g.front_centre(u)
    assert math.isclose(fc.x, front[0], abs_tol=0.01) and math.isclose(fc.y, front[1], abs_tol=0.01)


@rule("§7.1.4", "§7.1.2")
def test_7_1_4_a_move_over_the_allowance_says_whether_the_road_bonus_was_counted():
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10)
    t.unit("G3", 80, 48, 0, files=2, formation="column")       # on the East road: 10 + 6
    t.select("G3")
    err = t.refused({"type": "move", "unit": "G3", "path": "m0:16.5"}, "[MT §7.1.4]")
    assert "allowance is 16.00″ (road bonus included)" in err.why
    t.unit("G3", 80, 60, 0, files=2, formation="column")       # off the road: 10
    err = t.refused({"type": "move", "unit": "G3", "path": "m0:10.5"}, "[MT §7.1.4]")
    assert err.why.endswith("allowance is 10.00″") and "road" not in err.why
    # up to the allowance (to a millionth of an inch), a leader in his span going along free
    t.leader("hurin", 77, 60)
    t.apply({"type": "move", "unit": "G3", "path": "m0:10.000001", "leaders": "hurin"})
    assert t.g.units["G3"].x > 89.9 and t.g.leaders["hurin"].x > 86.9


# ----- [MT §7.14] (whole case) ----------------------------------------------------------------------

def overrun(side: str, leader: str, d8: int, friend: str | None, **kw) -> Table:
    """A unit of ``side`` walks 1.6" onto an unattached enemy ``leader`` (d8 forced); the
    leader's ``friend`` (if any) stands 7" behind him."""
    t = Table()
    t.clear()
    t.round(side, card="infantry_move", pips=10)
    mover = "M3" if side == "dark-lord" else "G3"
    t.front_at(mover, 101, 60, 0, figures=4, files=4)
    t.leader(leader, 103, 60, **kw)
    if friend is not None:
        t.unit(friend, 110, 60, 0)
    dice = t.force((8, d8))
    t.act(mover, {"type": "move", "unit": mover, "path": "m0:1.6"})
    dice.done()
    return t


@rule("§7.14")
def test_7_14_only_a_horse_nazgul_escapes_without_a_roll_gothmog_and_gandalf_roll():
    # Gothmog rides a horse but is no Nazgul: CF 4, d8 7 > 6: killed
    t = overrun("west", "gothmog", 7, "M5", mount="horse")
    ld = t.g.leaders["gothmog"]
    assert not ld.alive and "gothmog" in t.g.killed_leaders and not ld.away_until_check
    # Gandalf is immune to the risk roll, not to an overrun: CF 6, d8 8 <= 8: he escapes to
    # his friend (no fell beast, no waiting for a Leader Check)
    t = overrun("dark-lord", "gandalf", 8, "G7", mount="horse")
    ld = t.g.leaders["gandalf"]
    assert ld.alive and ld.attached_to == "G7" and not ld.away_until_check


@rule("§7.14")
def test_7_14_a_roll_good_enough_with_no_friend_in_reach_still_kills_and_says_why():
    t = overrun("dark-lord", "hirluin", 4, None)                # CF 2: 4 <= 4, but alone
    ld = t.g.leaders["hirluin"]
    assert not ld.alive
    text = [e for e in t.g.log if e["type"] == "overrun"][-1]["text"]
    assert "d8 4, but no friend within his move: he is killed" in text
    t = overrun("dark-lord", "hirluin", 5, None)                # 5 > 4
    text = [e for e in t.g.log if e["type"] == "overrun"][-1]["text"]
    assert "d8 5 > 4: he is killed" in text


# ----- [MT §5.3] (whole case, started) ---------------------------------------------------------------

@rule("§5.3")
def test_5_3_the_deck_events_change_the_counts_and_never_below_zero():
    import pytest

    from ringwar.systems.minas_tirith.data import load
    D = load()
    base = D.deck_counts("dark-T1")
    gate = D.deck_counts("dark-T1", ["great_gate_broken"])
    assert gate["engine_move"] == base["engine_move"] - 1
    assert gate["close_combat"] == base["close_combat"] + 1
    assert base["engine_move"] == 4
    assert D.deck_counts("dark-T1", ["great_gate_broken"] * 4)["engine_move"] == 0
    with pytest.raises(ValueError, match="great_gate_broken leaves engine_move below 0"):
        D.deck_counts("dark-T1", ["great_gate_broken"] * 5)
    west = D.deck_counts("west-T1")
    assert west["waste"] == 1
    with pytest.raises(ValueError, match="horns_turned leaves waste below 0"):
        D.deck_counts("west-T1", ["horns_turned", "horns_turned"])


@rule("§5.3")
def test_5_3_the_horns_turn_option_is_a_turn_from_1_to_40():
    import pytest

    import ringwar
    from ringwar.core.errors import RecordError
    for v in (1, 40):
        g = ringwar.new_game("minas-tirith", seed=1, options={"horns_turn": v})
        assert g.options["horns_turn"] == v
    for v in (0, 41):
        with pytest.raises(RecordError, match="'horns_turn' must be a whole number from 1 to 40"):
            ringwar.new_game("minas-tirith", seed=1, options={"horns_turn": v})


@rule("§5.3")
def test_5_3_the_black_ships_enter_once_and_never_after_aragorn_came():
    for arrived, in_deck, added in ((False, False, True), (True, False, False), (False, True, False)):
        t = Table()
        g = t.g
        g.turn_no = 7                                   # the next TURN_START is Turn 8
        g.aragorn_arrived, g.black_ships_in_deck = arrived, in_deck
        g.bank = {"west": 2, "dark-lord": 3}
        ev = g.start_turn()
        assert g.bank == {"west": 0, "dark-lord": 0}      # the banks empty at TURN_START
        said = any("Black Ships are added" in e["text"] for e in ev)
        assert said == added, (arrived, in_deck)
        assert g.black_ships_in_deck == (added or in_deck)
        assert g.decks["west"].count("black_ships") == (1 if added or in_deck else 0)
