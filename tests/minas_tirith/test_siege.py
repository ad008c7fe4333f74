"""Siege towers, ladders, gates and Grond [MT §7.6] [MT §7.7], engines in contact [MT §7.5.11]."""

from __future__ import annotations

import math

import pytest

from .builder import Table, events, rule

CY = 48.0


def polar(r: float, phi: float) -> tuple[float, float]:
    a = math.radians(phi)
    return r * math.cos(a), CY + r * math.sin(a)


def siege(card: str = "engine_move", side: str = "dark-lord") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    return t


# ----- §7.7 Grond -------------------------------------------------------------------------------

def grond_at_gate(t: Table, trolls: bool = True) -> None:
    t.engine("E-D10", 42.0 + 5.0 + 0.2, 48.0, 180)          # its front 0.2" off the Great Gate
    if trolls:
        u = t.unit("M11", 42.0 + 10.2 + 1.5 + 0.05, 48.0, 180)
        u.engine = "E-D10"
    else:
        u = t.unit("M3", 42.0 + 10.2 + 1.0 + 0.05, 48.0, 180, files=5)
        u.engine = "E-D10"
    t.g._after_change()


@rule("§7.7")
@pytest.mark.parametrize("dice, broke", [((4, 5), True), ((4, 4), False)])
def test_7_7_grond_breaks_the_gate_on_10_with_plus_1_for_trolls(dice, broke):
    t = siege()
    grond_at_gate(t)
    t.force((6, dice[0]), (6, dice[1]))
    t.act("E-D10", {"type": "batter", "engine": "E-D10", "gate": "G1"})
    assert t.g.great_gate_broken == broke and (t.g.gates["G1"][0] == "broken") == broke


@rule("§7.7")
def test_7_7_grond_without_trolls_needs_10_on_the_dice():
    t = siege()
    grond_at_gate(t, trolls=False)
    t.force((6, 4), (6, 5))
    t.act("E-D10", {"type": "batter", "engine": "E-D10", "gate": "G1"})
    assert not t.g.great_gate_broken


@rule("§7.7", "§7.12")
def test_7_7_activate_grond_adds_4_for_the_rest_of_the_turn():
    t = siege()
    grond_at_gate(t)
    t.g.grond_bonus_turn = t.g.turn_no
    t.force((6, 2), (6, 3))                 # 5 + 1 + 4 = 10
    t.act("E-D10", {"type": "batter", "engine": "E-D10", "gate": "G1"})
    assert t.g.great_gate_broken


@rule("§7.7")
def test_7_7_one_battering_attempt_per_engine_card():
    t = siege()
    grond_at_gate(t)
    t.force((6, 1), (6, 1))
    t.act("E-D10", {"type": "batter", "engine": "E-D10", "gate": "G1"})
    assert {"type": "select", "actor": "E-D10"} not in t.menu()


@rule("§7.7")
def test_7_7_grond_must_be_wielded_and_touch_the_gate():
    t = siege()
    t.engine("E-D10", 47.2, 48.0, 180)
    assert t.g.why_not_engine_act(t.g.engines["E-D10"]).rule == "[MT §7.7]"
    t = siege()
    grond_at_gate(t)
    t.engine("E-D10", 47.8, 48.0, 180)                       # 0.8" off: not at the gate
    t.g.units["M11"].x += 0.6
    t.g._after_change()
    assert not t.g.grond_at_gate(t.g.engines["E-D10"])


# ----- §7.6 inner gates and ladders ---------------------------------------------------------------

def at_g2(t: Table, uid: str, **kw) -> None:
    """``uid`` in L1-S with its front touching the lower face of G2 (r 34, bearing -40)."""
    h = -40 + 180
    u = t.unit(uid, 0, 0, h, **kw)
    depth = u.ranks * t.g.pitch(u)[1]
    x, y = polar(34.0 + 0.02 + depth / 2, -40)
    t.unit(uid, x, y, h, **kw)


@rule("§7.6")
@pytest.mark.parametrize("dice, broke", [((5, 5), False), ((5, 6), True)])
def test_7_6_infantry_batter_an_inner_gate_on_11(dice, broke):
    t = siege("infantry_move")
    at_g2(t, "M3", figures=4, files=2)
    t.select("M3")
    assert {"type": "batter", "unit": "M3", "gate": "G2"} in t.menu()
    t.force((6, dice[0]), (6, dice[1]))
    t.apply({"type": "batter", "unit": "M3", "gate": "G2"})
    assert (t.g.gates["G2"][0] == "broken") == broke


@rule("§7.6")
def test_7_6_trolls_batter_with_plus_2():
    t = siege("infantry_move")
    at_g2(t, "M12", figures=4, files=2)
    t.force((6, 1), (6, 1), (6, 1), (6, 4), (6, 5))          # the 3d6 rate first (select)
    t.select("M12")
    t.apply({"type": "batter", "unit": "M12", "gate": "G2"})
    assert t.g.gates["G2"][0] == "broken"                    # 9 + 2


@rule("§7.6")
def test_7_6_a_ladder_assault_against_an_inner_wall_defender_plus_4():
    t = siege("infantry_move")
    # M3 in L1-S against wall 2 at bearing -60 (no gate there); G3 on the walk of wall 2
    h = -60 + 180
    u = t.unit("M3", 0, 0, h, figures=4, files=4)
    x, y = polar(34.0 + 0.02 + 0.5, -60)
    t.unit("M3", x, y, h, figures=4, files=4)
    gx, gy = polar(32.0, -60)
    t.unit("G3", gx, gy, -60, figures=4, files=4)
    g = t.g
    assert g.B.walk_at(gx, gy) == 2
    t.select("M3")
    assert {"type": "ladder", "unit": "M3"} in t.menu()
    t.force(then_random=True)
    ev = t.apply({"type": "ladder", "unit": "M3"})
    r = events(ev, "results")[0]["text"]
    assert "+4 defending an inner wall against ladders" in r
    del u


@rule("§7.6")
def test_7_6_no_ladders_against_the_outer_wall():
    t = siege("infantry_move")
    h = 180
    x, y = polar(42.0 + 0.02 + 0.5, 30)
    t.unit("M3", x, y, 30 + h, figures=4, files=4)
    assert t.g.ladder_menu(t.g.units["M3"]) == []


# ----- §7.6 towers --------------------------------------------------------------------------------

def tower_facing_wall(t: Table, r_front: float, phi: float = 30.0) -> None:
    x, y = polar(r_front + 2.0, phi)
    t.engine("E-D1", x, y, phi + 180)


@rule("§7.6", "§7.1.1")
@pytest.mark.parametrize("r_front, docked", [(46.4, True), (46.6, False)])
def test_7_6_a_tower_docks_with_its_front_within_half_an_inch_of_wall_1(r_front, docked):
    t = siege()
    tower_facing_wall(t, r_front)
    t.force((6, 4))                                          # 1d6" when selected
    t.act("E-D1", {"type": "advance", "engine": "E-D1"})
    assert t.g.engines["E-D1"].docked == docked


@rule("§7.6")
def test_7_6_embark_whole_units_up_to_18_places_a_troll_takes_3():
    t = siege("infantry_move")
    tower_facing_wall(t, 60.0)
    e = t.g.engines["E-D1"]
    # M5 (16 archers) behind the tower, touching it
    x, y = polar(60.0 + 4.0 + 1.0 + 0.02, 30)
    t.unit("M5", x, y, 210, files=8)
    t.select("M5")
    assert {"type": "embark", "unit": "M5", "tower": "E-D1"} in t.menu()
    t.apply({"type": "embark", "unit": "M5", "tower": "E-D1"})
    assert e.aboard == ["M5"] and not t.g.units["M5"].placed
    assert t.g.tower_places(e) == 2
    x, y = polar(60.0 + 4.0 + 1.5 + 0.02, 30)
    t.unit("M12", x, y, 210, figures=1, files=1)             # one troll: 3 places > 2
    assert t.g.embark_menu(t.g.units["M12"]) == []


@rule("§7.6")
def test_7_6_unopposed_landing_when_no_defender_within_6_inches_of_the_ramp():
    t = siege("infantry_move")
    tower_facing_wall(t, 42.3)
    e = t.g.engines["E-D1"]
    e.docked = True
    e.aboard = ["M5"]
    m5 = t.g.units["M5"]
    m5.on_table, m5.embarked = True, "E-D1"
    gx, gy = polar(39.0, 45)                                 # about 11" along the walk
    t.unit("G3", gx, gy, 45, figures=4, files=4)
    t.g._after_change()
    ev = t.act("M5", {"type": "assault", "unit": "M5"})
    assert events(ev, "landing") and t.g.B.walk_at(m5.x, m5.y) == 1 and m5.embarked is None


@rule("§7.6")
def test_7_6_tower_assault_is_shock_against_walk_defenders_within_6_inches():
    t = siege("infantry_move")
    tower_facing_wall(t, 42.3)
    e = t.g.engines["E-D1"]
    e.docked = True
    e.aboard = ["M5"]
    m5 = t.g.units["M5"]
    m5.on_table, m5.embarked = True, "E-D1"
    gx, gy = polar(39.0, 33)
    t.unit("G3", gx, gy, 33, figures=4, files=4)
    t.g._after_change()
    t.force(then_random=True)
    ev = t.act("M5", {"type": "assault", "unit": "M5"})
    assert events(ev, "combat") and "+1 defending battlements" in events(ev, "results")[0]["text"]


# ----- §7.5.11 engines in contact -----------------------------------------------------------------

@rule("§7.5.11")
def test_7_5_11_an_engine_in_enemy_contact_cannot_move_or_fire_and_dies_on_close_combat():
    t = siege("engine_move")
    t.engine("E-D4", 100, 60, 180)
    t.front_at("G3", 98.5, 60, 0, figures=4, files=4)        # touching its west face
    g = t.g
    assert g.why_not_engine_act(g.engines["E-D4"]).rule == "[MT §7.5.11]"
    assert g.why_not_bombard(g.engines["E-D4"], 70, 60).rule == "[MT §7.5.11]"
    t.round("west", card="close_combat", pips=5)
    t.act("G3", {"type": "destroy", "unit": "G3", "engine": "E-D4"})
    assert g.engines["E-D4"].destroyed and g.pips == 4


@rule("§7.5.11")
def test_7_5_11_contact_made_on_a_move_card_alone_never_destroys_an_engine():
    t = siege("infantry_move", side="west")
    t.engine("E-D4", 100, 60, 180)
    t.front_at("G3", 96.5, 60, 0, figures=4, files=4)
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:2"})
    assert not t.g.engines["E-D4"].destroyed


# ----- §7.6 wall combat along one walk (R-106) ---------------------------------------------------

def walk_pair(gap: float, r: float = 32.0, phi0: float = -70.0, r2: float | None = None) -> Table:
    """G3 on the walk of wall 2 facing along it (counter-clockwise), M3 facing it along the
    walk, placed (by bisection on its bearing) ``gap`` inches from G3's footprint."""
    t = siege("close_combat", side="west")
    g = t.g
    x, y = polar(r, phi0)
    t.unit("G3", x, y, phi0 + 90, figures=4, files=1)
    r2 = r if r2 is None else r2
    lo, hi = phi0, phi0 + 40
    for _ in range(60):
        mid = (lo + hi) / 2
        x, y = polar(r2, mid)
        t.unit("M3", x, y, mid - 90, figures=4, files=1)
        if g.footprint(g.units["G3"]).distance(g.footprint(g.units["M3"])) < gap:
            lo = mid
        else:
            hi = mid
    x, y = polar(r2, hi if gap > 0 else lo)
    t.unit("M3", x, y, hi - 90, figures=4, files=1)
    return t


@rule("§7.6", "§7.5.1")
@pytest.mark.parametrize("gap, offered", [(5.99, True), (6.05, False)])
def test_7_6_r106_wall_combat_along_one_walk_within_6_inches_without_contact(gap, offered):
    t = walk_pair(gap)
    g = t.g
    g3, m3 = g.units["G3"], g.units["M3"]
    assert g.B.walk_at(g3.x, g3.y) == g.B.walk_at(m3.x, m3.y) == 2
    assert g.B.obstacle(g.footprint(g3)) is None and g.B.obstacle(g.footprint(m3)) is None
    assert not g.engaged_with(g3)
    assert ({"type": "melee", "unit": "G3", "target": "M3"} in g.melee_menu(g3)) == offered
    if offered:
        t.force(then_random=True)
        ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
        text = events(ev, "combat")[0]["text"]
        assert text.startswith("Melee") and "ranks" not in text and "flank" not in text
        assert g.situation(g3, m3) == "wall" and t.g.pips == 9


@rule("§7.6")
def test_7_6_r106_no_wall_combat_with_a_unit_on_another_walk_however_near():
    t = walk_pair(3.0, r2=39.0)                      # M3 on the walk of wall 1
    g = t.g
    g3, m3 = g.units["G3"], g.units["M3"]
    assert g.B.walk_at(m3.x, m3.y) == 1 and g.B.walk_at(g3.x, g3.y) == 2
    assert g.footprint(g3).distance(g.footprint(m3)) <= 6.0
    assert {"type": "melee", "unit": "G3", "target": "M3"} not in g.melee_menu(g3)
