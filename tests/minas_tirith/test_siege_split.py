"""Units split by a tower or a ladder (R-150), reinforcing a lodgement, and wall combat's push
along the walk with attackers re-embarking past the ramp (R-106) [MT §7.6]."""

from __future__ import annotations

import math

import pytest

from .builder import ForcedDice, Table, events, rule, texts
from .test_siege import CY, polar, tower_facing_wall


class NoKills(ForcedDice):
    """Every d20 misses (nobody dies); the other dice come from the queue."""

    __slots__ = ()

    def die(self, sides: int = 6) -> int:
        if sides == 20:
            self.count += 1
            self.used.append((20, 20))
            return 20
        return super().die(sides)


def no_kills(t: Table, *values) -> NoKills:
    d = NoKills(list(values), t.g.dice)
    t.g.dice = d
    return d


def docked(t: Table, uid: str = "M5", figures: int | None = None) -> None:
    """E-D1 docked against wall 1 at bearing 30 with ``uid`` aboard."""
    tower_facing_wall(t, 42.3)
    e = t.g.engines["E-D1"]
    e.docked = True
    e.aboard = [uid]
    u = t.g.units[uid]
    u.on_table, u.embarked = True, "E-D1"
    if figures is not None:
        u.figures = figures
        u.files = min(u.files, figures)
    t.g._after_change()




# ----- a tower assault lands up to 12, the rest stay aboard ---------------------------------

def gain_walls(figures: int = 16) -> tuple[Table, list[dict]]:
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    docked(t, figures=figures)
    gx, gy = polar(39.0, 33)
    t.unit("G3", gx, gy, 33, figures=4, files=4)
    d = no_kills(t, (6, 6), (6, 1), (8, 1), (8, 1))
    ev = t.act("M5", {"type": "assault", "unit": "M5"})
    d.done()
    return t, ev


@rule("§7.6")
@pytest.mark.parametrize("figures, landed, waiting", [(16, 12, 4), (12, 12, 0)])
def test_7_6_r150_a_tower_assault_that_gains_the_walls_lands_12_and_the_rest_stay_aboard(
        figures, landed, waiting):
    t, ev = gain_walls(figures)
    g = t.g
    m5, e = g.units["M5"], g.engines["E-D1"]
    assert events(ev, "lodgement")
    assert m5.placed and g.B.walk_at(m5.x, m5.y) == 1
    assert (m5.figures, m5.waiting) == (landed, waiting)
    assert m5.total_figures == figures
    # the footprint is the landed figures only; the tower keeps room for those aboard
    assert m5.ranks == math.ceil(landed / m5.files)
    assert e.aboard == (["M5"] if waiting else [])
    assert g.tower_places(e) == 18 - waiting
    view = [u for u in g.view(None)["units"] if u["id"] == "M5"][0]
    assert view["figures"] == landed and view["waiting"] == waiting
    if waiting:
        assert f"{waiting} wait in the tower (R-150)" in texts(ev)


@rule("§7.6")
def test_7_6_r150_the_split_unit_is_one_unit_in_the_state_its_clone_and_its_hash():
    t, _ = gain_walls(16)
    g = t.g
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    c.units["M5"].waiting = 3
    assert g.units["M5"].waiting == 4 and c.state_hash() != g.state_hash()


@rule("§7.6")
def test_7_6_r150_reinforcing_a_lodgement_on_the_next_infantry_move_1_pip_per_18():
    t, _ = gain_walls(16)
    g = t.g
    m5, e = g.units["M5"], g.engines["E-D1"]
    assert g.reinforce_menu(m5) == []                      # it acted on this card
    t.round("dark-lord", card="infantry_move", pips=5)
    t.select("M5")
    assert {"type": "reinforce", "unit": "M5", "pips": 1} in t.menu()
    assert {"type": "reinforce", "unit": "M5", "pips": 2} not in t.menu()   # 4 figures: 1 pip
    front = g.front_centre(m5)
    ev = t.apply({"type": "reinforce", "unit": "M5", "pips": 1})
    assert "4 figures of" in texts(ev) and "(R-150)" in texts(ev)
    assert (m5.figures, m5.waiting, m5.waiting_at) == (16, 0, None)
    assert e.aboard == [] and g.tower_places(e) == 18 and g.pips == 4
    assert g.B.walk_at(m5.x, m5.y) == 1 and g.B.obstacle(t.footprint("M5")) is None
    assert g.front_centre(m5).distance(front) < 0.5                # where it stood
    assert m5.acted_on == g.card_no["dark-lord"]


@rule("§7.6")
@pytest.mark.parametrize("card, offered", [("deployment", True), ("close_combat", False),
                                           ("engine_move", False)])
def test_7_6_r150_reinforcing_on_infantry_move_or_deployment_only(card, offered):
    t, _ = gain_walls(16)
    t.round("dark-lord", card=card, pips=5)
    assert bool(t.g.reinforce_menu(t.g.units["M5"])) == offered
    if not offered:
        t.refused({"type": "reinforce", "unit": "M5", "pips": 1})


@rule("§7.6")
def test_7_6_r150_no_reinforcement_once_the_unit_has_left_the_walk_or_the_tower_is_gone():
    t, _ = gain_walls(16)
    t.round("dark-lord", card="infantry_move", pips=5)
    g = t.g
    g.engines["E-D1"].docked = False
    assert g.reinforce_menu(g.units["M5"]) == []
    g.engines["E-D1"].docked = True
    x, y = polar(30.0, 30)                                  # in level 1, off the walk
    m5 = g.units["M5"]
    m5.x, m5.y = x, y
    g._after_change()
    assert g.reinforce_menu(m5) == []


@rule("§7.6", "§7.5.4")
def test_7_6_r150_when_every_figure_on_the_walk_falls_the_rest_stay_aboard_as_the_unit():
    t, _ = gain_walls(16)
    g = t.g
    m5 = g.units["M5"]
    g.remove_figures(m5, 12)
    ev = g.check_destroyed(m5)
    assert "4 still in" in texts(ev) and not events(ev, "destroyed")
    assert (m5.figures, m5.waiting, m5.embarked) == (4, 0, "E-D1")
    assert g.engines["E-D1"].aboard == ["M5"] and m5.lost == 12
    t.round("dark-lord", card="infantry_move", pips=5)
    assert {"type": "assault", "unit": "M5"} in g.assault_menu(m5)      # it may assault again


@rule("§7.6", "§7.8")
@pytest.mark.parametrize("kills, landed", [(1, 15), (4, 12)])
def test_7_6_r150_a_burnt_tower_kills_those_aboard_on_10_and_the_rest_join_on_the_walk(kills, landed):
    t, _ = gain_walls(16)
    g = t.g
    m5 = g.units["M5"]
    t.force(*([(20, 5)] * kills + [(20, 15)] * (4 - kills)))
    ev = g.destroy_engine(g.engines["E-D1"], "by fire")
    assert f"{kills} of 4 figures still aboard" in texts(ev)
    assert (m5.figures, m5.waiting) == (landed, 0) and m5.lost == kills
    assert m5.placed and g.B.walk_at(m5.x, m5.y) == 1


# ----- R-150 by ladder: 8 climb, the rest wait at the foot, 8 more per pip --------------------------

def ladder(figures: int) -> Table:
    t = Table()
    t.clear()
    t.round("dark-lord", card="infantry_move", pips=10)
    h = -60 + 180
    u = t.unit("M3", 0, 0, h, figures=figures, files=6)
    x, y = polar(34.0 + 0.02 + u.ranks * t.g.pitch(u)[1] / 2, -60)   # front against wall 2
    t.unit("M3", x, y, h, figures=figures, files=6)
    return t


@rule("§7.6")
@pytest.mark.parametrize("figures, landed, waiting", [(20, 8, 12), (8, 8, 0)])
def test_7_6_r150_r108_an_unopposed_ladder_puts_8_on_the_walk_and_the_rest_wait_below(
        figures, landed, waiting):
    t = ladder(figures)
    g = t.g
    m3 = g.units["M3"]
    foot = (m3.x, m3.y)
    ev = t.act("M3", {"type": "ladder", "unit": "M3"})
    assert g.B.walk_at(m3.x, m3.y) == 2
    assert (m3.figures, m3.waiting) == (landed, waiting)
    if waiting:
        assert m3.waiting_at == "ladder" and m3.foot[:2] == foot
        assert "wait at the foot of the ladder (R-150)" in texts(ev)


@rule("§7.6")
def test_7_6_r108_r150_the_ladder_climbs_8_per_pip():
    t = ladder(20)
    g = t.g
    m3 = g.units["M3"]
    t.act("M3", {"type": "ladder", "unit": "M3"})
    t.round("dark-lord", card="infantry_move", pips=1)
    assert g.reinforce_menu(m3) == [{"type": "reinforce", "unit": "M3", "pips": 1}]   # 1 pip left
    t.round("dark-lord", card="infantry_move", pips=5)
    assert [a["pips"] for a in g.reinforce_menu(m3)] == [1, 2]
    t.act("M3", {"type": "reinforce", "unit": "M3", "pips": 1})
    assert (m3.figures, m3.waiting) == (16, 4) and g.pips == 4
    assert g.B.walk_at(m3.x, m3.y) == 2 and g.B.obstacle(t.footprint("M3")) is None


@rule("§7.6")
def test_7_6_r150_the_figures_below_a_ladder_stand_at_its_foot_when_the_walk_is_lost():
    t = ladder(20)
    g = t.g
    m3 = g.units["M3"]
    t.act("M3", {"type": "ladder", "unit": "M3"})
    foot = m3.foot
    g.remove_figures(m3, 8)
    ev = g.check_destroyed(m3)
    assert "12 still stand at the foot of the ladder" in texts(ev)
    assert (m3.figures, m3.waiting, m3.placed) == (12, 0, True)
    assert (m3.x, m3.y) == foot[:2] and g.B.level_at(m3.x, m3.y) == 1


# ----- wall combat pushes the loser along the walk -------------------------------------------

@rule("§7.6", "§7.5.7")
def test_7_6_r106_the_loser_of_a_wall_combat_is_pushed_along_the_curve_of_the_walk():
    from .test_siege import walk_pair
    t = walk_pair(1.0)
    g = t.g
    m3 = g.units["M3"]
    r0 = math.hypot(m3.x, m3.y - CY)
    a0 = math.atan2(m3.y - CY, m3.x)
    h0 = m3.heading
    no_kills(t, (6, 5), (6, 1), (8, 1), (8, 1))              # 5 + 1 heavy against 1: D = 5
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert "pushed 5.0″ along the walk (R-106)" in texts(ev)
    assert g.B.walk_at(m3.x, m3.y) == 2 and g.B.obstacle(t.footprint("M3")) is None
    assert math.hypot(m3.x, m3.y - CY) == pytest.approx(r0, abs=0.01)      # not straight back
    turned = math.atan2(m3.y - CY, m3.x) - a0
    assert turned == pytest.approx(5.0 / r0, abs=0.002)                  # away from G3
    assert (m3.heading - h0) % 360 == pytest.approx(math.degrees(turned), abs=0.02)
    assert m3.organized                                                  # nothing stopped it


def walk_fight(others_aboard: int) -> Table:
    """M5 (12) lodged at E-D1's ramp on wall 1; G3 on the walk 6° clockwise of it, facing
    along the walk; ``others_aboard`` figures of M4 still in the tower."""
    t, _ = gain_walls(12)
    g = t.g
    m5 = g.units["M5"]
    cx, cy = g.B.centre
    r = math.hypot(m5.x - cx, m5.y - cy)
    phi = math.degrees(math.atan2(m5.y - cy, m5.x - cx)) - 7.0
    t.unit("G3", cx + r * math.cos(math.radians(phi)), cy + r * math.sin(math.radians(phi)),
           phi + 90, figures=4, files=1)
    if others_aboard:
        m4 = g.units["M4"]
        m4.on_table, m4.embarked, m4.figures = True, "E-D1", others_aboard
        m4.files = min(m4.files, others_aboard)
        g.engines["E-D1"].aboard.append("M4")
    g._after_change()
    assert g.situation(g.units["G3"], m5) == "wall"
    t.round("west", card="close_combat", pips=5)
    return t


@rule("§7.6")
@pytest.mark.parametrize("others, keep, lost", [(10, 8, 4), (6, 12, 0)])
def test_7_6_r106_attackers_pushed_past_the_ramp_re_embark_up_to_capacity_the_excess_die(
        others, keep, lost):
    t = walk_fight(others)
    g = t.g
    m5, e = g.units["M5"], g.engines["E-D1"]
    assert {"type": "melee", "unit": "G3", "target": "M5"} in g.melee_menu(g.units["G3"])
    no_kills(t, (6, 6), (6, 1), (8, 1))
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M5"})
    assert f"{keep} figures re-embark" in texts(ev) and "(R-106)" in texts(ev)
    assert (", 4 are eliminated" in texts(ev)) == bool(lost)
    assert m5.embarked == "E-D1" and not m5.placed and m5.figures == keep and m5.lost == lost
    assert sorted(e.aboard) == ["M4", "M5"] and g.tower_places(e) == 18 - others - keep
