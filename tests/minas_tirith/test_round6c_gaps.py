"""Minas Tirith halves the seed-4 whole-system estimate (issue 17) showed no test checking
(helper MT-C): Magical Leadership reaches only a present leader [MT §7.12]; its combat bonus goes
only to a unit in the raised leader's span [MT §8.6]; the gates' openings the client is told are
exact to the hundredth of an inch [MT §8.5]; a charge at no unit is refused [MT §7.1.3]; a
``stand`` with nothing offered is refused [MT §7.5.7] [MT §7.5.8]; ..."""

from __future__ import annotations

import pytest

from ringwar import IllegalAction

from .builder import Table, events, rule, texts
from .test_combat import MISS

FOUR = {"figures": 4, "files": 4}


def board(side: str = "west", card: str = "leader") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=10)
    return t


def ml_targets(t: Table, caster: str) -> set[str]:
    return {a["target"] for a in t.g.spell_menu(t.g.leaders[caster])
            if a["spell"] == "magical_leadership"}


@rule("§7.12")
@pytest.mark.parametrize("state", ["off the table", "away", "dead"])
def test_7_12_magical_leadership_reaches_only_a_leader_present(state):
    t = board()
    t.leader("gandalf", 100, 60, mount="horse")
    ld = t.leader("hurin", 102, 60)                 # 2" away: in reach (4")
    assert ml_targets(t, "gandalf") == {"gandalf", "hurin"}
    if state == "off the table":
        ld.on_table = False
    elif state == "away":
        ld.away_until_check = True
    else:
        ld.alive = False
    t.g._after_change()
    assert ml_targets(t, "gandalf") == {"gandalf"}


@rule("§8.6", "§7.12")
def test_8_6_a_raised_leader_s_bonus_goes_only_to_a_named_unit_in_his_span():
    t = board()
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 101.5, 60, 180, **FOUR)
    ld = t.leader("hurin", 96, 60)                 # unattached, CS 10, CL 2
    g = t.g
    g.ml_bonus = {"hurin": [g.round, 2, "G3"]}

    def why() -> list[str]:
        return g.result_mods("melee", g.units["G3"], g.units["M3"], charging=False,
                             their_arc="front", setting="field", more_kills=False,
                             defending=False)[1]

    assert "+4 attached commander (R-141)" in why()
    assert g.combat_cl(g.units["G3"]) == 4
    ld.x = 80.0                                    # 16" away: out of his span
    g._after_change()
    assert g.combat_cl(g.units["G3"]) == 0
    assert not [w for w in why() if "commander" in w]


@rule("§8.5", "§3")
def test_8_5_the_gates_openings_the_client_is_told_are_exact_to_the_hundredth():
    t = Table()
    gates = t.g.table_geometry()["gates"]
    assert set(gates) == set(t.g.B.gates)
    for gid, gt in t.g.B.gates.items():
        poly = max(getattr(gt.opening, "geoms", [gt.opening]), key=lambda p: p.area)
        told = gates[gid]
        assert len(told) == len(poly.exterior.coords)
        for (x, y), (tx, ty) in zip(poly.exterior.coords, told):
            assert abs(tx - x) <= 0.005 + 1e-9 and abs(ty - y) <= 0.005 + 1e-9, (gid, x, y, tx, ty)


@rule("§7.1.3")
@pytest.mark.parametrize("target", ["G99", 7, None])
def test_7_1_3_a_charge_at_no_unit_is_refused(target):
    t = board(card="infantry_move")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("M3", 106, 60, 180, **FOUR)
    t.select("G3")
    action = {"type": "charge", "unit": "G3", "target": target}
    assert action not in t.menu()
    t.refused(action, "[MT §6.5]")                 # not on the menu
    before = t.g.state_hash()
    with pytest.raises(IllegalAction) as info:     # and the handler itself refuses it
        t.g.do_charge(action)
    assert info.value.rule == "[MT §7.1.3]" and "unknown charge target" in info.value.why
    assert t.g.state_hash() == before


@rule("§7.5.7", "§7.5.8")
def test_7_5_7_a_stand_with_nothing_offered_is_refused():
    t = board(card="infantry_move")
    t.unit("G3", 100, 60, 0, **FOUR)
    t.select("G3")
    action = {"type": "stand", "unit": "G3"}
    assert action not in t.menu()
    t.refused(action, "[MT §6.5]")                 # not on the menu
    before = t.g.state_hash()
    with pytest.raises(IllegalAction) as info:     # and the handler itself refuses it
        t.g.do_stand(action)
    assert info.value.rule == "[MT §7.5.8]"
    assert t.g.state_hash() == before


@rule("§2.7")
def test_2_7_a_span_reaches_exactly_its_cs_and_no_further():
    t = Table()
    t.clear()
    t.round("west", card="recovery", pips=10)
    u = t.unit("G3", 14, 30, 0)                    # footprint x 13..15, y 27..33
    ld = t.leader("hurin", 0, 30)                  # CS 10, CL 2
    reach = 10 + 1e-6                              # his CS (with the engine's 1e-6 of rounding)
    edge = t.footprint("G3").bounds[0]
    for x, cl in ((edge - reach, 2), (edge - reach - 1e-9, None), (edge - 9.5, 2)):
        ld.x = x
        t.g._after_change()
        assert t.g.best_cl(u) == cl, (x, edge - x)


@rule("§3.7")
def test_3_7_a_footprint_that_only_touches_the_woods_is_not_in_them():
    from shapely.geometry import box

    B = Table().g.B
    # a sliver overlapping W1 (80..92 x 76..86) by exactly the engine's touching area, 1e-6 sq in
    w, h = 13535 * 2.0 ** -26, 348900368147 * 2.0 ** -46      # w * h == 1e-6 exactly
    for x0 in (86.0, 80.0 - w):                                # inside; across the edge x = 80
        sliver = box(x0, 81.0, 80.0 + w if x0 < 80 else x0 + w, 81.0 + h)
        assert B._woods_union.intersection(sliver).area == 1e-6
        assert not B.in_woods(sliver)
        assert B.in_woods(box(x0, 81.0, 80.0 + 2 * w if x0 < 80 else x0 + 2 * w, 81.0 + h))


def y_duel(gap: float = 0.0) -> Table:
    """G3 (facing north, +y) in contact with M3 facing it (heading 270)."""
    t = board(card="close_combat")
    t.front_at("G3", 101, 56, 90, **FOUR)
    t.front_at("M3", 101, 56 + gap, 270, **FOUR)
    return t


@rule("§7.5.7")
def test_7_5_7_a_unit_facing_270_is_pushed_straight_back():
    t = y_duel()
    m3 = t.g.units["M3"]
    x0, y0 = m3.x, m3.y
    t.force(*[MISS] * 8, (6, 3), (6, 1), then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert "pushed back 3.0″" in events(ev, "push")[0]["text"]
    assert m3.heading == pytest.approx(270.0)
    assert m3.x == pytest.approx(x0, abs=1e-6) and m3.y == pytest.approx(y0 + 3.0, abs=0.01)


@rule("§7.5.7", "§7.1.6", "§7.1.8")
def test_7_5_7_no_follow_up_is_offered_when_the_loser_could_not_move():
    t = y_duel()
    m3 = t.g.units["M3"]
    t.front_at("M9", m3.x, t.footprint("M3").bounds[3], 270, **FOUR)   # against M3's rear
    x0, y0 = m3.x, m3.y
    t.force(*[MISS] * 8, (6, 3), (6, 1), then_random=True)
    ev = t.act("G3", {"type": "melee", "unit": "G3", "target": "M3"})
    assert "stops against an obstacle" in events(ev, "push")[0]["text"]
    assert m3.x == x0 and m3.y - y0 <= 0.05 + 1e-9           # it could not go back: still in contact
    assert t.g.pending is None and t.g.stage == "round" and not events(ev, "choice")
    assert {"type": "follow_up", "unit": "G3"} not in t.menu()


@rule("§7.6")
def test_7_6_an_unopposed_ladder_with_no_room_on_the_walk_leaves_the_unit_at_its_foot():
    from .test_siege import polar
    from .test_siege_split import ladder

    t = ladder(20)
    g = t.g
    m3 = g.units["M3"]
    # Dark Lord units crowd the walk of wall 2 for 34° (20″) either side of the ladder: nobody to
    # fight (no defender), and nowhere to stand
    for i, uid in enumerate(("M1", "M2", "M4", "M5", "M6", "M7", "M8", "M9", "M10", "M11")):
        phi = -94 + 68 * i / 9                     # 7.6° (4.2″) apart, 8″ wide each
        t.unit(uid, *polar(32.0, phi), phi + 180, figures=16, files=8)
    was = (m3.x, m3.y, m3.heading, m3.files, m3.figures, m3.embarked, m3.waiting)
    ev = t.act("M3", {"type": "ladder", "unit": "M3"})
    assert "no defenders" in texts(ev)
    assert "There is no room on the walls for Morgul orcs 3 (M3)" in texts(ev)
    assert (m3.x, m3.y, m3.heading, m3.files, m3.figures, m3.embarked, m3.waiting) == was
    assert g.B.walk_at(m3.x, m3.y) is None and m3.placed
