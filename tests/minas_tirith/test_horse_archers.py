"""Horse archers [MT §6.5] [MT §7.4] [seed: Horse Archers]: a full move and one volley in one
action, split any way, for the move's pip + 1 (``move_fire``, the volley after step ``at``).

R5 (Rohirrim horse archers, LC: move 20, horse bow 12″) faces east with its front edge at
x = 100; M3 faces it with its front edge ``gap`` inches further east, so ranges are plain
differences of x.  M3 has no leader near it: it cannot react [MT §6.6]."""

from __future__ import annotations

import pytest

from .builder import Table, events, rule, texts
from .test_reactions import window, window_open

FOUR = {"figures": 4, "files": 4}
MISS = (20, 20)


def field(gap: float, pips: int = 10, card: str = "cavalry_move") -> Table:
    t = Table()
    t.clear()
    t.round("west", card=card, pips=pips)
    t.front_at("R5", 100, 60, 0, **FOUR)
    t.front_at("M3", 100 + gap, 60, 180, **FOUR)
    return t


def move_fire(path: str, at: int, target: str = "M3") -> dict:
    return {"type": "move_fire", "unit": "R5", "path": path, "target": target, "at": at}


@rule("§6.5", "§7.4")
def test_7_4_horse_archers_shoot_then_move_for_the_move_pip_plus_1():
    t = field(10.0)
    x0 = t.g.units["R5"].x
    t.force(*[MISS] * 4)
    ev = t.act("R5", move_fire("m180:6", 0))
    r5 = t.g.units["R5"]
    assert "(10.0″)" in texts(events(ev, "fire"))          # shot from where it started
    assert r5.x == pytest.approx(x0 - 6.0) and t.g.pips == 8
    assert not r5.loaded and r5.fired_round == t.g.round       # the -1 of [MT §8.3] applies
    assert r5.acted_on == t.g.card_no["west"]


@rule("§6.5", "§7.4")
@pytest.mark.parametrize("path, at, dist", [("m0:4", 1, "12.0"), ("m0:4,m0:4", 1, "12.0"),
                                            ("m0:3,m0:5", 2, "8.0")])
def test_7_4_the_volley_is_measured_where_the_unit_stands_when_it_shoots(path, at, dist):
    t = field(16.0)                                # out of the bow's 12″ at the start
    t.select("R5")
    t.refused(move_fire(path, 0), "[MT §7.4]")     # beyond the range before moving
    t.force(*[MISS] * 4)
    ev = t.apply(move_fire(path, at))
    assert f"({dist}″)" in texts(events(ev, "fire"))
    kinds = [e["type"] for e in ev]
    assert kinds.index("fire") > kinds.index("move")
    assert t.g.units["R5"].x == pytest.approx(99.0 + sum(float(s.split(":")[1])
                                                         for s in path.split(",")))


@rule("§7.4")
def test_7_4_at_counts_the_steps_of_the_path():
    t = field(10.0)
    t.select("R5")
    for bad in (3, -1, True, "1"):
        t.refused(move_fire("m0:1,m0:1", bad), "[MT §7.4]")
    t.refused({**move_fire("m0:1", 0), "extra": 1}, "[MT §7.4]")


@rule("§7.4", "§6.5")
def test_7_4_only_horse_archers_and_only_loaded_and_with_two_pips():
    t = field(10.0, card="infantry_move")
    t.front_at("G4", 100, 40, 0, figures=12, files=6)         # longbow infantry
    t.select("G4")
    t.refused({"type": "move_fire", "unit": "G4", "path": "m0:1", "target": "M3", "at": 0},
              "[MT §7.4]")
    t = field(10.0)
    t.g.units["R5"].loaded = False
    t.select("R5")
    t.refused(move_fire("m0:1", 0), "[MT §7.4]")
    assert not t.menu("move_fire")
    t = field(10.0, pips=1)
    t.select("R5")
    t.refused(move_fire("m0:1", 0), "[MT §6.5]")
    assert not t.menu("move_fire")


@rule("§7.4", "§7.1.4")
def test_7_4_the_menu_offers_fire_before_and_after_and_a_plain_move_keeps_its_grammar():
    t = field(10.0)
    t.select("R5")
    menu = t.menu("move_fire")
    assert move_fire("m0:5", 0) in menu and move_fire("m0:5", 1) in menu
    assert {"type": "move", "unit": "R5", "path": "m0:5"} in t.menu("move")
    t.refused({"type": "move", "unit": "R5", "path": "m0:5", "fire": "M3"}, "[MT §7.1.4]")


@rule("§7.4", "§6.6")
def test_7_4_the_enemy_reacts_to_the_declared_move_before_the_volley():
    t = window("R5", "M3", 16.0, side="west", m_kw=FOUR, card="cavalry_move")
    x0 = t.g.units["R5"].x
    t.select("R5")
    t.apply(move_fire("m0:4", 1))
    assert window_open(t) and t.g.units["R5"].x == x0 and t.g.units["R5"].loaded
    t.apply({"type": "react_retreat", "unit": "M3", "mode": "half"})     # 6″ further off
    ev = t.apply({"type": "react_done"})
    assert t.g.units["R5"].x == pytest.approx(x0 + 4.0)
    assert "cannot shoot" in texts(events(ev, "fire")) and t.g.units["R5"].loaded
