"""Whole-case mutation gaps (issue 17, round 4): the halves of [MT §6.6] (the reaction window
and the volley it fires), [MT §6.5] (spending impetus), [MT §7.1.7] (combined moves),
[MT §7.6] (siege towers, walls, ladders) and [MT §7.13] (leader combat) that no test checked.
§6.6 over all 292 mutants: 181/291 killed before, 243/244 after (48 equivalent; round 4).

Reaction positions as in test_reactions.py: the mover faces east with its front edge at
x = 100; the reactor faces it (west) ``gap`` inches further east."""

from __future__ import annotations

import math

import pytest

from .builder import Table, events, rule, texts
from .test_reactions import FOUR, charge, move, window

CY = 48.0


def polar(r: float, phi: float) -> tuple[float, float]:
    a = math.radians(phi)
    return r * math.cos(a), CY + r * math.sin(a)


def fire_text(ev: list[dict]) -> str:
    return events(ev, "fire")[0]["text"]


def shooter(gap: float, *, target: str = "M3", files: int = 6, figures: int = 12,
            target_kw: dict | None = None) -> Table:
    """G4 (longbow, 12 figures) facing east, front edge at x 101; the target ``gap`` beyond."""
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    t.front_at("G4", 101, 60, 0, files=files, figures=figures)
    t.front_at(target, 101 + gap, 60, 180, **(target_kw or FOUR))
    return t


def fire(t: Table, target: str = "M3", uid: str = "G4") -> list[dict]:
    return t.act(uid, {"type": "fire", "unit": uid, "target": target})


# ----- [MT §6.6] archery: the volley (§7.4) a reaction fires ---------------------------------------

@rule("§6.6", "§7.4")
def test_6_6_reaction_fire_counts_a_kill_on_a_die_equal_to_the_threshold_and_none_above():
    # a charger 10" off: the short band (longbow 7, MI -1: CF 6, kills on d20 <= 4)
    t = window("M3", "G4", 10.0, r_kw={"figures": 12, "files": 6})
    charge(t, "M3", "G4", (6, 1))
    d = t.force(*[(20, 4)] * 2, *[(20, 5)] * 10)
    ev = t.apply({"type": "react_fire", "unit": "G4"})
    d.done()
    assert "12 figures at CF 6 " in fire_text(ev) and fire_text(ev).endswith(": 2 killed")
    assert t.g.units["M3"].figures == 2
    t = window("M3", "G4", 10.0, r_kw={"figures": 12, "files": 6})
    charge(t, "M3", "G4", (6, 1))
    t.force(*[(20, 5)] * 12)
    ev = t.apply({"type": "react_fire", "unit": "G4"})
    assert fire_text(ev).endswith(": 0 killed") and t.g.units["M3"].figures == 4


@rule("§6.6", "§8.3")
@pytest.mark.parametrize("gap, mod", [(2.0, "-3 fired at point blank this Round"),
                                      (2.05, "-2 fired this Round")])
def test_6_6_a_reactor_that_shot_a_charger_at_point_blank_fights_at_minus_3_else_minus_2(gap, mod):
    t = window("M3", "G4", gap, r_kw={"figures": 12, "files": 6})
    charge(t, "M3", "G4", (6, 1))
    t.force(*[(20, 20)] * 12)
    t.apply({"type": "react_fire", "unit": "G4"})
    assert not t.g.units["G4"].loaded
    t.force(then_random=True)
    ev = t.apply({"type": "react_done"})
    combat = texts(events(ev, "combat"))
    assert mod in combat
    other = "-2 fired this Round" if "point blank" in mod else "point blank"
    assert other not in combat


@rule("§6.6", "§7.4")
def test_6_6_a_reactor_with_no_bow_or_no_load_has_no_reaction_fire_but_may_retreat():
    t = window("M3", "G3", 10.0)                    # G3: heavy infantry, no missile weapon
    charge(t, "M3", "G3", (6, 1))
    acts = [a["type"] for a in t.menu() if a.get("unit") == "G3"]
    assert "react_fire" not in acts and "react_retreat" in acts
    t = window("M3", "G4", 10.0, r_kw={"figures": 12, "files": 6})
    t.g.units["G4"].loaded = False
    charge(t, "M3", "G4", (6, 1))
    acts = [a["type"] for a in t.menu() if a.get("unit") == "G4"]
    assert "react_fire" not in acts and "react_retreat" in acts


# ----- [MT §7.4] the volley and its refusals (the same code fires a reaction) ----------------------

def horse_archers(gap: float) -> Table:
    """R5 (horse bow 12") faces east, front edge at x 100; M3 ``gap`` beyond, facing it."""
    t = Table()
    t.clear()
    t.round("west", card="cavalry_move", pips=10)
    t.front_at("R5", 100, 60, 0, **FOUR)
    t.front_at("M3", 100 + gap, 60, 180, **FOUR)
    t.select("R5")
    return t


def move_fire(target, at: int = 0, path: str = "m0:2") -> dict:
    return {"type": "move_fire", "unit": "R5", "path": path, "target": target, "at": at}


@rule("§7.4", "§6.5")
@pytest.mark.parametrize("target, why", [("M99", "unknown target"),
                                         (7, "unknown target"), ("G3", "enemy unit on the table"),
                                         ("M7", "enemy unit on the table")])
def test_7_4_a_volley_at_no_enemy_on_the_table_is_refused(target, why):
    t = horse_archers(8.0)
    t.unit("G3", 100, 80, 0, **FOUR)               # a friend
    t.g.units["M7"].on_table = False                # an enemy off the table
    err = t.refused(move_fire(target), "[MT §7.4]")
    assert why in err.why
    t.force(then_random=True)
    assert events(t.apply(move_fire("M3")), "fire")


@rule("§7.4", "§6.5")
def test_7_4_an_unloaded_unit_does_not_shoot_even_off_the_menu():
    t = horse_archers(8.0)
    t.g.units["R5"].loaded = False
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "loaded" in err.why


@rule("§7.4", "§6.5")
@pytest.mark.parametrize("how", ["off the table", "no figures", "embarked"])
def test_7_4_a_unit_not_on_the_table_does_not_shoot(how):
    t = horse_archers(8.0)
    r5 = t.g.units["R5"]
    if how == "off the table":
        r5.on_table = False
    elif how == "no figures":
        r5.figures = 0
    else:
        r5.embarked = "E-D1"
    t.g._after_change()
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "not on the table" in err.why


@rule("§7.4", "§6.5")
def test_7_4_a_unit_in_contact_does_not_shoot_and_none_shoots_into_a_melee():
    t = shooter(8.0)
    assert {"type": "fire", "unit": "G4", "target": "M3"} in t.g.actor_menu("G4")
    g4 = t.g.units["G4"]
    t.unit("M7", g4.x, 60 - 3 - 0.5, 90, **FOUR)    # its front against G4's right flank
    assert t.g.engaged_with(g4) == ["M7"]
    assert [a for a in t.g.actor_menu("G4") if a["type"] == "fire"] == []
    t = horse_archers(8.0)
    t.front_at("G3", 109, 60, 180, **FOUR)         # touching M3's rear
    assert t.g.engaged_with(t.g.units["M3"])
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "melee" in err.why


@rule("§7.4", "§6.5")
def test_7_4_a_target_out_of_the_front_arc_or_behind_a_unit_is_refused():
    t = horse_archers(8.0)
    t.front_at("M3", 90, 60, 0, **FOUR)            # behind R5
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "front arc" in err.why
    t = horse_archers(10.0)
    t.unit("M9", 105, 60, 180, **FOUR)
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "blocks the line of sight" in err.why
    t = horse_archers(12.05)
    err = t.refused(move_fire("M3"), "[MT §7.4]")
    assert "beyond the 12" in err.why


@rule("§7.4")
def test_7_4_a_target_in_woods_is_shot_at_minus_2():
    # W1 covers x 80-92, y 76-86
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    t.front_at("G4", 86, 66, 90, files=6, figures=12)
    t.front_at("M3", 86, 74 + 4, 270, **FOUR)      # its rear rank inside the woods
    assert t.g.B.in_woods(t.footprint("M3"))
    t.force(then_random=True)
    assert "-2 woods" in fire_text(fire(t))
    t = shooter(8.0)
    t.force(then_random=True)
    assert "woods" not in fire_text(fire(t))


@rule("§7.4")
def test_7_4_from_a_wall_walk_every_figure_shoots_down_at_plus_1():
    # G4 (12 figures, 4 files: 3 ranks) on the walk of wall 1, shooting out at the Pelennor
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    x, y = polar(39.0, 20.0)
    t.unit("G4", x, y, 20.0, files=4, figures=12)
    assert t.g.B.walk_at(x, y) == 1
    x2, y2 = polar(52.0, 20.0)
    t.unit("M3", x2, y2, 200.0, **FOUR)
    assert t.g.B.elevation(x2, y2) == 0
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "12 figures at" in text and "+1 shooting down" in text and "battlements" not in text
    # the same unit on the Pelennor: only its first two ranks, no shooting down
    t.unit("G4", *polar(45.0, 20.0), 20.0, files=4, figures=12, loaded=True)
    t.round("west", card="reload", pips=10)
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "8 figures at" in text and "shooting" not in text


@rule("§7.4")
def test_7_4_at_a_higher_wall_walk_minus_3_battlements_and_minus_1_shooting_up():
    # G4 on the walk of wall 1 (elevation 1) shoots inward at M3 on the walk of wall 2 (2)
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    x, y = polar(39.0, 20.0)
    t.unit("G4", x, y, 200.0, files=6, figures=6)
    x2, y2 = polar(32.0, 20.0)
    t.unit("M3", x2, y2, 20.0, **FOUR)
    assert t.g.B.walk_at(x2, y2) == 2
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "-3 battlements" in text and "-1 shooting up" in text and "shooting down" not in text


@rule("§7.4")
def test_7_4_from_the_ground_at_a_walk_of_the_same_level_battlements_but_no_slope():
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    x, y = polar(36.0, 20.0)
    t.unit("G4", x, y, 20.0 + 90.0, files=6, figures=6)
    x2, y2 = polar(39.0, 35.0)
    t.unit("M3", x2, y2, 35.0 - 90.0, **FOUR)
    assert t.g.B.walk_at(x, y) is None and t.g.B.walk_at(x2, y2) == 1
    assert t.g.B.elevation(x, y) == t.g.B.elevation(x2, y2) == 1
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "-3 battlements" in text and "shooting" not in text


@rule("§7.4")
def test_7_4_from_a_wall_walk_at_its_own_level_still_shoots_down_but_not_from_the_ground():
    # level 1 inside wall 1: the walk (r 38-40) and the ground (r 34-38) are both elevation 1
    t = Table()
    t.clear()
    t.round("west", card="reload", pips=10)
    x, y = polar(39.0, 60.0)
    t.unit("G4", x, y, 60.0 + 90.0, files=6, figures=6)
    assert t.g.B.walk_at(x, y) == 1
    x2, y2 = polar(36.0, 75.0)
    t.unit("M3", x2, y2, 75.0 - 90.0, **FOUR)
    assert t.g.B.walk_at(x2, y2) is None and t.g.B.elevation(x2, y2) == t.g.B.elevation(x, y)
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "+1 shooting down" in text and "shooting up" not in text


@rule("§7.4", "§7.10")
def test_7_4_a_disorganized_firer_shoots_at_minus_2():
    t = shooter(8.0)
    t.g.units["G4"].organized = False
    t.force(then_random=True)
    text = fire_text(fire(t))
    assert "at CF 4 (" in text and "-2 disorganized" in text


# ----- [MT §6.6] who may react, and the refusals in the window -------------------------------------

@rule("§6.6")
def test_6_6_refusals_in_the_window_say_why_not_triggered_once_no_pip_left():
    t = window("M3", "G3", 28.0, bank=1)
    t.unit("G7", 128.5, 64.5, 180, **FOUR)         # a second reactor beside G3, in Hurin's span
    t.g._after_change()
    move(t, "M3", 12.0)
    assert t.g.pending["triggered"] == ["G3", "G7"]
    t.apply({"type": "react_retreat", "unit": "G3", "mode": "quarter"})   # the only pip
    err = t.refused({"type": "react_retreat", "unit": "G3", "mode": "half"}, "[MT §6.6]")
    assert "reacts once" in err.why
    err = t.refused({"type": "react_retreat", "unit": "G7", "mode": "half"}, "[MT §6.6]")
    assert "no banked reaction pip left" in err.why
    err = t.refused({"type": "react_retreat", "unit": "G4", "mode": "half"}, "[MT §6.6]")
    assert "was not triggered" in err.why


@rule("§6.6")
def test_6_6_with_an_empty_bank_a_far_loaded_mumak_opens_no_window_for_others():
    # the Dark Lord has loaded elephant archers far off: only they could react without a pip
    t = window("G3", "M3", 30.0, side="west", bank=0)
    t.unit("H7", 40, 150, 180, figures=3, files=3)
    assert t.g.units["H7"].archers > 0 and t.g.units["H7"].archers_loaded
    x0 = t.g.units["G3"].x
    move(t, "G3", 10.0)
    assert t.g.stage == "round" and t.g.pending is None
    assert t.g.units["G3"].x == pytest.approx(x0 + 10.0)


def spell_window(bank: int = 2) -> Table:
    """M3 (the Dark Lord) moves at G3; Gandalf stands 2" from Hurin, who spans G3."""
    t = window("M3", "G3", 30.0, bank=bank)
    hurin = t.g.leaders["hurin"]
    t.leader("gandalf", hurin.x, hurin.y + 2.0)
    return t


def spells(t: Table) -> list[dict]:
    return [a for a in t.menu() if a["type"] == "react_spell"]


@rule("§6.6", "§7.12")
def test_6_6_r65_one_banked_pip_is_enough_for_a_reaction_spell():
    t = spell_window(bank=1)
    move(t, "M3", 12.0)
    assert spells(t) and {a["leader"] for a in spells(t)} == {"gandalf"}
    t.apply(spells(t)[0])
    assert t.g.bank["west"] == 0 and spells(t) == []


@rule("§6.6", "§7.12")
def test_6_6_r65_only_the_reacting_sides_casters_present_and_in_action_cast():
    t = spell_window()
    t.leader("witch-king", 122.0, 66.0, mount="fell_beast")    # the mover's caster, 8" from G3
    assert t.g.spell_menu(t.g.leaders["witch-king"])            # he could cast on his own turn
    move(t, "M3", 12.0)
    assert {a["leader"] for a in spells(t)} == {"gandalf"}
    t = spell_window()
    t.g.leaders["gandalf"].out_of_action = True
    move(t, "M3", 12.0)
    assert spells(t) == [] and t.g.pending is not None
    t = spell_window()
    t.g.leaders["gandalf"].on_table = False
    move(t, "M3", 12.0)
    assert spells(t) == [] and t.g.pending is not None


# ----- [MT §6.6] the elephant archers' reaction volley ---------------------------------------------

MUMAK = {"figures": 3, "files": 3}


@rule("§6.6", "§7.9", "§8.1")
def test_6_6_the_archers_shoot_a_mover_in_range_at_the_band_of_where_it_stands():
    # G3 (HI: -2 as a target) 8" from H7 moves 2" closer: the archers shoot it where it is
    t = window("G3", "H7", 8.0, side="west", bank=0, r_kw=MUMAK)
    move(t, "G3", 2.0)
    assert {"type": "react_archers", "unit": "H7"} in t.menu()
    d = t.force((20, 2), (20, 3), (20, 20))         # medium CF 4 - 2 = 2: kills on 1-2
    ev = t.apply({"type": "react_archers", "unit": "H7"})
    d.done()
    text = texts(events(ev, "fire"))
    assert "(8.0″, medium, CF 2): 1 killed" in text
    assert t.g.units["G3"].figures == 3


@rule("§7.9", "§7.4")
def test_7_9_r121_a_volley_at_the_elephant_archers_kills_archers_at_li_minus_2():
    t = shooter(8.0, target="H7", target_kw=MUMAK)
    h7 = t.g.units["H7"]
    n = h7.archers
    assert {"type": "fire", "unit": "G4", "target": "H7", "archers": True} in t.g.actor_menu("G4")
    d = t.force((20, 3), (20, 4), *[(20, 20)] * 10)  # short 7, LI 0, howdah -2: CF 5 kills on 1-3
    ev = t.act("G4", {"type": "fire", "unit": "G4", "target": "H7", "archers": True})
    d.done()
    text = fire_text(ev)
    assert "shoots at the elephant archers" in text and "at CF 5 " in text
    assert "-2 elephant archers in the howdah (R-121)" in text
    assert text.endswith(": 1 killed") and h7.figures == 3 and h7.archers == n - 1


# ----- [MT §6.5] spending impetus: who may act, and the refusals that say why -------------------------

def field(card: str = "infantry_move", pips: int = 10, side: str = "dark-lord") -> Table:
    t = Table()
    t.clear()
    t.round(side, card=card, pips=pips)
    t.unit("M3", 100, 60, 0, **FOUR)
    t.unit("M7", 100, 80, 0, **FOUR)
    t.unit("G3", 140, 60, 180, **FOUR)
    return t


def mv(uid: str, path: str = "m0:2") -> dict:
    return {"type": "move", "unit": uid, "path": path}


@rule("§6.5")
@pytest.mark.parametrize("action, why", [
    (mv("M99"), "unknown unit"),
    ({"type": "move", "unit": 7, "path": "m0:2"}, "unknown unit"),
    (mv("G3"), "is not the active side's"),
    (mv("M3"), "select the unit first"),
    ({"type": "move", "engine": "E-D99", "path": "m0:1"}, "unknown engine"),
    ({"type": "move", "engine": "E-G1", "path": "m0:1"}, "is not the active side's"),
    ({"type": "bombard", "engine": "E-D4", "x": 120, "y": 60}, "select the catapult first"),
    ({"type": "bombard", "engine": 3, "x": 120, "y": 60}, "unknown engine"),
    ({"type": "lead_move", "leader": "nobody", "path": "m0:1"}, "unknown leader"),
    ({"type": "lead_move", "leader": "hurin", "path": "m0:1"}, "is not the active side's"),
    ({"type": "lead_move", "leader": "orc-captain-1", "path": "m0:1"}, "select the leader first"),
])
def test_6_5_an_off_menu_action_names_its_actor_problem(action, why):
    t = field()
    t.engine("E-D4", 100, 40, 0)
    t.engine("E-G1", 20, 40, 0)
    t.leader("orc-captain-1", 96, 60)
    t.leader("hurin", 144, 60)
    err = t.refused(action, "[MT §6.5]")
    assert why in err.why


@rule("§6.5")
def test_6_5_with_one_actor_selected_another_is_refused_it_acts_first():
    t = field()
    t.engine("E-D4", 100, 40, 0)
    t.leader("orc-captain-1", 96, 60)
    t.select("M3")
    for action in (mv("M7"), {"type": "move", "engine": "E-D4", "path": "m0:1"},
                   {"type": "lead_move", "leader": "orc-captain-1", "path": "m0:1"}):
        err = t.refused(action, "[MT §6.5]")
        assert "is selected: it acts first" in err.why
    err = t.refused({"type": "turn_card"}, "[MT §6.5]")
    assert "is selected: choose one of its actions" in err.why
    err = t.refused({"type": "select", "actor": "G3"}, "[MT §6.5]")
    assert "has nothing to do" in err.why
    t.apply({"type": "hold", "actor": "M3"})
    assert t.g.pips == 9 and t.g.selected is None
    assert t.g.units["M3"].acted_on == t.g.card_no["dark-lord"]
    err = t.refused({"type": "select", "actor": "M3"}, "[MT §6.5]")   # acted on this card
    t.select("M7")
    err = t.refused({"type": "hold", "actor": "M3"}, "[MT §6.5]")
    assert "is selected" in err.why


@rule("§6.5", "§5.4")
def test_6_5_r56_forced_pips_go_to_the_arrivals_first():
    t = field(side="west")
    t.unit("G3", 140, 60, 180, **FOUR)
    t.g.forced_pips = 2
    t.g.arriving = "rohan"
    t.g._after_change()
    err = t.refused(mv("G3"), "[MT §5.4]")
    assert "R-56" in err.why
    t.leader("hurin", 144, 60)
    err = t.refused({"type": "lead_move", "leader": "hurin", "path": "m0:1"}, "[MT §5.4]")
    assert "R-56" in err.why
    err = t.refused({"type": "pass"}, "[MT §5.4]")
    assert "R-56" in err.why


@rule("§6.5")
def test_6_5_no_move_while_the_reaction_window_is_open():
    t = window("M3", "G3", 30.0)
    move(t, "M3", 12.0)
    assert t.g.stage == "react"
    t.g.units["M7"].on_table = True
    t.unit("M7", 100, 80, 0, **FOUR)
    err = t.refused(mv("M7"), "[MT §6.5]")
    assert "is not the active side's" in err.why
    err = t.refused({"type": "pass"}, "[MT §6.6]")


@rule("§6.5")
@pytest.mark.parametrize("bank, ok", [(3, True), (4, False)])
def test_6_5_banking_costs_2_and_the_bank_holds_at_most_4(bank, ok):
    t = field(pips=5)
    t.g.bank["dark-lord"] = bank
    t.g._after_change()
    if ok:
        ev = t.apply({"type": "bank"})
        assert t.g.bank["dark-lord"] == bank + 1 and t.g.pips == 3
        assert f"(bank {bank + 1})" in texts(ev)
    else:
        assert {"type": "bank"} not in t.menu()
        err = t.refused({"type": "bank"}, "[MT §6.5]")
        assert "banking costs 2" in err.why


@rule("§6.5")
def test_6_5_the_last_pip_pays_for_a_move_and_a_unit_acts_once_a_card():
    t = field(pips=1)
    t.act("M3", mv("M3"))
    assert t.g.units["M3"].x == pytest.approx(102.0)
    t = field(pips=5)
    t.act("M3", mv("M3"))
    assert t.g.pips == 4
    assert "M3" not in t.g.actors_that_may_act("dark-lord")
    err = t.refused({"type": "select", "actor": "M3"}, "[MT §6.5]")
    assert "has nothing to do" in err.why


@rule("§6.5")
def test_6_5_turning_a_card_from_an_empty_deck_is_refused():
    t = field(pips=5)
    t.g.decks["dark-lord"] = []
    t.g._after_change()
    assert {"type": "turn_card"} not in t.menu()
    err = t.refused({"type": "turn_card"}, "[MT §6.5]")
    assert "the deck is empty" in err.why
    t = field(pips=5)
    t.g.decks["dark-lord"] = ["reload"]
    t.g._after_change()
    t.apply({"type": "turn_card"})
    assert t.g.current["dark-lord"] == "reload" and t.g.pips == 4


@rule("§6.5", "§7.4")
@pytest.mark.parametrize("pips", [1, 2, 3])
def test_6_5_horse_archers_move_and_shoot_for_the_move_pip_plus_1(pips):
    t = horse_archers(8.0)
    t.g.pips = pips
    t.g._after_change()
    if pips >= 2:
        t.force(then_random=True)
        ev = t.apply(move_fire("M3"))
        assert events(ev, "fire") and t.g.units["R5"].x == pytest.approx(101.0)
        if pips == 3:
            assert t.g.pips == 1
    else:
        err = t.refused(move_fire("M3"), "[MT §6.5]")
        assert "costs 2 impetus" in err.why


@rule("§6.5", "§7.4")
def test_6_5_horse_archers_must_be_selected_to_move_and_shoot():
    t = horse_archers(8.0)
    t.g.selected = None
    t.g._after_change()
    err = t.refused(move_fire("M3"), "[MT §6.5]")
    assert "select the unit first" in err.why


# ----- [MT §7.1.7] combined moves and leaders moving with units ---------------------------------------

def column(gap: float = 4.0, *, third: str | None = None, leader: str | None = "hurin") -> Table:
    """G3 at (100, 60) facing east, G7 ``gap`` north of it (and G2 beyond), Hurin spanning them."""
    t = Table()
    t.clear()
    t.round("west", card="infantry_move", pips=10, bank=0)
    t.unit("G3", 100, 60, 0, **FOUR)
    t.unit("G7", 100, 60 + 4 + gap, 0, **FOUR)
    if third is not None:
        t.unit(third, 100, 60 + 2 * (4 + gap), 0, **FOUR)
    if leader is not None:
        t.leader(leader, 97, 64 + gap / 2)
    return t


def group(units: object, path: str = "m0:5") -> dict:
    return {"type": "group_move", "units": units, "path": path}


@rule("§7.1.7")
@pytest.mark.parametrize("action, rule_, why", [
    (group(7), "[MT §7.1.7]", "a combined move is {type, units"),
    ({"type": "group_move", "units": "G3,G7"}, "[MT §7.1.7]", "a combined move is {type, units"),
    (group("G3"), "[MT §7.1.7]", "two or more different units"),
    (group("G3,G3"), "[MT §7.1.7]", "two or more different units"),
    (group("G3,G99"), "[MT §7.1.7]", "two or more different units"),
    (group("G7,G2"), "[MT §6.5]", "the selected unit must be one of the group"),
])
def test_7_1_7_a_combined_move_names_two_or_more_units_with_the_selected_one(action, rule_, why):
    t = column(third="G2")
    t.select("G3")
    err = t.refused(action, rule_)
    assert why in err.why


@rule("§7.1.7", "§6.5")
def test_7_1_7_a_combined_move_needs_a_selected_member_able_to_move():
    t = column()
    err = t.refused(group("G3,G7"), "[MT §6.5]")
    assert "select one unit of the group first" in err.why
    t = column()
    t.select("G3")
    t.g.units["G3"].organized = False                # the lead may not move now
    t.g._after_change()
    err = t.refused(group("G3,G7"), "[MT §7.1.6]")
    t = column(4.05)                                 # G7 more than 4" off
    t.select("G3")
    err = t.refused(group("G3,G7"), "[MT §7.1.7]")
    assert "within 4″ of each other" in err.why


@rule("§7.1.7")
def test_7_1_7_members_may_not_end_on_top_of_each_other():
    t = column()
    t.unit("G7", 99, 60, 0, **FOUR)                 # right behind G3, touching its rear
    t.select("G3")
    assert t.g.group_of(t.g.units["G3"]) == ["G3", "G7"]
    assert t.g.is_legal(group("G3,G7", "m0:2"))
    err = t.refused(group("G3,G7", "w90"), "[MT §7.1.7]")   # both wheel onto each other
    assert "would end on top of each other" in err.why


@rule("§7.1.7")
def test_7_1_7_an_escort_keeps_his_place_beside_a_unit_that_wheels():
    t = column(leader=None)
    ld = t.leader("hurin", 97, 60)                    # 3" behind G3's centre
    t.select("G3")
    u = t.g.units["G3"]
    action = {"type": "move", "unit": "G3", "path": "w90", "leaders": "hurin"}
    ev = t.apply(action)
    assert "moves with" in texts(events(ev, "lead_move"))
    # his offset (-3, 0) from the centre turns by the unit's change of heading
    r = math.radians(u.heading - 0.0)
    assert (ld.x, ld.y) == pytest.approx((u.x - 3 * math.cos(r), u.y - 3 * math.sin(r)), abs=0.01)


@rule("§7.1.7")
def test_7_1_7_only_the_named_escort_moves_with_the_unit():
    t = column(leader=None)
    h = t.leader("hurin", 97, 60)
    o = t.leader("hirluin", 97, 62)
    t.act("G3", {"type": "move", "unit": "G3", "path": "m0:4", "leaders": "hurin"})
    assert (h.x, h.y) == pytest.approx((101, 60)) and (o.x, o.y) == pytest.approx((97, 62))
    assert h.escort is None and o.escort is None


@rule("§7.1.7", "§6.6")
def test_7_1_7_a_reaction_to_a_combined_move_takes_each_member_at_its_own_end():
    # G3 and G7 move 10" east as a group; M5 (bows) faces them, level with G7
    t = column()
    t.g.bank["dark-lord"] = 1
    t.front_at("M5", 124, 68, 180, figures=16, files=8)
    t.leader("orc-captain-1", 127, 68)
    t.act("G3", group("G3,G7", "m0:10"))
    assert t.g.stage == "react" and t.g.pending["triggered"] == ["M5"]
    assert {"type": "react_fire", "unit": "M5"} in t.menu()
    t.force(then_random=True)
    ev = t.apply({"type": "react_fire", "unit": "M5"})
    text = fire_text(ev)
    assert "shoots at Men-at-arms of Dol Amroth (G7) (13.5″)" in text, text


@rule("§6.6", "§7.4")
def test_6_6_a_mover_already_in_range_is_shot_where_it_stands_not_at_its_end():
    # M3 starts 20" from G4's longbow (in range) and moves 6" closer: the volley is at 20"
    t = window("M3", "G4", 20.0, r_kw={"figures": 12, "files": 6})
    move(t, "M3", 6.0)
    assert {"type": "react_fire", "unit": "G4"} in t.menu()
    t.force(then_random=True)
    ev = t.apply({"type": "react_fire", "unit": "G4"})
    assert "(20.0″)" in fire_text(ev) and "longbow long 3" in fire_text(ev)


@rule("§6.6")
def test_6_6_a_unit_already_in_contact_does_not_react():
    t = window("M3", "G3", 30.0)
    g3 = t.g.units["G3"]
    t.unit("M7", g3.x, 60 - 2 - 0.5, 90, **FOUR)    # M7's front against G3's flank
    assert t.g.engaged_with(g3) == ["M7"]
    move(t, "M3", 12.0)
    assert t.g.stage == "round" and t.g.units["M3"].x == pytest.approx(99.5 + 12)


@rule("§6.6", "§7.9")
@pytest.mark.parametrize("how", ["disorganized", "no leader", "in contact", "no archers left",
                                 "unloaded"])
def test_6_6_elephant_archers_react_free_only_loaded_organized_in_span_and_out_of_contact(how):
    t = window("G3", "H7", 20.0, side="west", bank=0, r_kw=MUMAK, leader=how != "no leader")
    h7 = t.g.units["H7"]
    assert h7.archers == 3 and h7.archers_loaded
    if how == "disorganized":
        h7.organized = False
    elif how == "in contact":
        t.unit("G7", h7.x, h7.y + 3.5 + 1.5, 270, **FOUR)    # G7's front against H7's flank
    elif how == "no archers left":
        h7.archers = 0                                       # (their load still marked)
        t.unit("H7", h7.x, h7.y, 0.0, **MUMAK)               # facing away: no paid reaction
        t.g.bank["dark-lord"] = 2
    elif how == "unloaded":
        h7.archers_loaded = False
        t.unit("H7", h7.x, h7.y, 0.0, **MUMAK)               # facing away: no paid reaction
        t.g.bank["dark-lord"] = 2
    t.g._after_change()
    if how == "in contact":
        assert t.g.engaged_with(h7)
    move(t, "G3", 6.0)
    assert t.g.stage == "round" and t.g.pending is None


@rule("§6.5")
@pytest.mark.parametrize("actor, card", [("E-D4", "engine_move"), ("orc-captain-1", "leader")])
def test_6_5_an_engine_or_a_leader_that_holds_has_spent_its_action_on_the_card(actor, card):
    t = field(card=card)
    t.engine("E-D4", 100, 40, 0)
    t.leader("orc-captain-1", 96, 60)
    t.select(actor)
    ev = t.apply({"type": "hold", "actor": actor})
    assert "holds" in texts(ev) and t.g.pips == 9 and t.g.selected is None
    piece = t.g.engines.get(actor) or t.g.leaders[actor]
    assert piece.acted_on == t.g.card_no["dark-lord"]


# ----- [MT §7.13] leader combat ------------------------------------------------------------------

def duel_board() -> Table:
    t = Table()
    t.clear()
    t.round("west", card="leader", pips=10)
    t.leader("hurin", 100, 60)                      # foot, CF 3
    t.leader("orc-captain-1", 110, 60)              # CF 2
    return t


@rule("§7.13")
def test_7_13_while_the_attacked_leader_declares_his_avoidance_nothing_else_is_played():
    t = duel_board()
    t.act("hurin", {"type": "duel", "leader": "hurin", "target": "orc-captain-1", "magic": 0,
                    "avoid": 0})
    assert t.g.stage == "choice" and t.g.pips == 9
    for action in ({"type": "pass"}, {"type": "avoid", "leader": "orc-captain-1", "a": 9},
                   {"type": "avoid", "leader": "hurin", "a": 0}):
        err = t.refused(action, "[MT §7.13]")
        assert "declares an avoidance" in err.why
    t.force((6, 1), (6, 1), (6, 1), (6, 1))
    ev = t.apply({"type": "avoid", "leader": "orc-captain-1", "a": 0})
    assert "Neither falls" in texts(ev) and t.g.stage == "round"


@rule("§7.13")
@pytest.mark.parametrize("mount, moves", [("horse", True), ("fell_beast", False)])
def test_7_13_an_unattached_attacker_goes_to_his_foe_unless_he_flies(mount, moves):
    t = Table()
    t.clear()
    t.round("dark-lord", card="leader", pips=10)
    ld = t.leader("nazgul-1", 100, 60, mount=mount)
    t.leader("hurin", 108, 60)
    t.act("nazgul-1", {"type": "duel", "leader": "nazgul-1", "target": "hurin", "magic": 0,
                       "avoid": 0})
    assert ((ld.x, ld.y) == (108, 60)) == moves
    assert ((ld.x, ld.y) == (100, 60)) == (not moves)


@rule("§6.6", "§7.9")
def test_6_6_the_archers_shoot_a_mover_a_hair_beyond_18_inches_within_the_tolerance_at_long():
    # 18.0000005": inside the engine's 1e-6 tolerance of the archers' 18" but past the table's
    # last band: the volley is at the long band
    t = window("G3", "H7", 18.0000005, side="west", bank=0, r_kw=MUMAK)
    move(t, "G3", 2.0)
    assert {"type": "react_archers", "unit": "H7"} in t.menu()
    t.force(*[(20, 20)] * 3)
    ev = t.apply({"type": "react_archers", "unit": "H7"})
    assert "(18.0″, long, CF 0)" in texts(events(ev, "fire"))


@rule("§6.6", "§7.5.8")
def test_6_6_a_breakthrough_charge_passes_through_the_unit_it_penetrated_to_its_target():
    from .test_breakthrough import penetrate
    t = penetrate()                                 # G3 penetrated M3 (gap open), M3 at x 111-112
    t.unit("M7", 117, 60, 180, **FOUR)             # beyond it, 10.45" from G3's front
    assert {"type": "breakthrough", "unit": "G3", "target": "M7"} in t.menu()
    t.force((6, 3), then_random=True)
    ev = t.apply({"type": "breakthrough", "unit": "G3", "target": "M7"})
    shock = events(ev, "combat")[0]["text"]
    assert shock.startswith("Shock: Men of Minas Tirith (G3)") and "(M7)" in shock and "(M3)" not in shock
    assert t.footprint("G3").bounds[0] > 112.0      # through M3, not stopped at it


@rule("§6.6", "§7.1.3")
@pytest.mark.parametrize("beside", ["G7", "E-D1"])
def test_6_6_a_charge_falling_short_beside_a_friend_or_an_engine_makes_no_contact(beside):
    # G3 (10 + 1d6) charges M3 14" off and rolls 1: it stops 3" short, its flank touching a
    # friendly unit or an enemy siege tower, neither of which is an enemy unit to fight
    t = window("G3", "M3", 14.0, side="west", bank=0)
    if beside == "G7":
        t.unit("G7", 110.5, 64, 0, **FOUR)
    else:
        t.engine("E-D1", 110.5, 62 + t.g.D.engines["E-D1"].size[0] / 2, 0)
    ev = charge(t, "G3", "M3", (6, 1))
    assert [x[1] for x in t.g.touching(t.footprint("G3"), {"G3"})] == [beside]
    assert "makes no contact" in texts(ev) and not events(ev, "combat")
    assert t.g.units["G3"].charged_without_contact


@rule("§6.6", "§7.1.3")
def test_6_6_a_charger_touching_its_target_and_another_enemy_fights_its_target():
    t = window("G3", "M7", 10.0, side="west", bank=0)    # M7: heavy infantry
    t.unit("M3", 109.5, 56, 0, **FOUR)                   # beside G3's end, south (listed first)
    ev = charge(t, "G3", "M7", (6, 6))
    shock = events(ev, "combat")[0]["text"]
    assert "Black Uruks 1 (M7)" in shock and "(M3)" not in shock and "HI v HI" in shock


@rule("§6.6", "§7.2")
def test_6_6_a_charger_that_falls_short_against_another_enemy_takes_that_ones_arc_r79():
    # G3 charges M3 14" off and stops 3" short (roll 1), touching M7, which faces away: from
    # where G3 started, M7 is struck in the rear (M3's arc, the front, is not M7's)
    t = window("G3", "M3", 14.0, side="west", bank=0)
    t.unit("M7", 110.5, 64, 0, **FOUR)
    ev = charge(t, "G3", "M3", (6, 1))
    shock = events(ev, "combat")[0]["text"]
    assert "Black Uruks 1 (M7)" in shock and "+6 attacking the rear" in shock


@rule("§6.6", "§7.9")
def test_6_6_a_single_elephant_archer_left_still_reacts_free():
    t = window("G3", "H7", 20.0, side="west", bank=0, r_kw=MUMAK)
    t.g.units["H7"].archers = 1
    move(t, "G3", 6.0)
    assert t.g.stage == "react" and {"type": "react_archers", "unit": "H7"} in t.menu()
    t.force((20, 20))
    ev = t.apply({"type": "react_archers", "unit": "H7"})
    assert "elephant archers" in texts(events(ev, "fire"))


@rule("§6.6", "§7.12")
def test_6_6_r65_a_caster_casts_one_spell_in_a_window_even_with_another_on_offer():
    t = window("G3", "M3", 24.0, side="west")      # the Dark Lord has 2 banked pips
    t.leader("witch-king", 104.0, 66.0, mount="fell_beast")   # within his 10" of G3
    t.engine("E-D10", 104.0, 75.0, 0)               # Grond within his 10": Activate Grond
    move(t, "G3", 10.0)
    offered = {a["spell"] for a in spells(t)}
    assert offered == {"demoralization", "activate_grond"}
    t.force((6, 1))
    t.apply({"type": "react_spell", "leader": "witch-king", "spell": "demoralization",
             "points": 2, "target": "G3"})
    assert t.g.bank["dark-lord"] == 1 and spells(t) == []


@rule("§6.6", "§7.4")
@pytest.mark.parametrize("gap, fire", [(17.5, True), (22.0, False)])
def test_6_6_a_charger_is_shot_in_reaction_only_from_within_range_where_it_starts(gap, fire):
    # G8 (heavy cavalry, reach 28") charges M5 (bows, 18"): from 22" off it is out of range
    # when it starts, though its charge would end in contact
    t = window("G8", "M5", gap, side="west")
    charge(t, "G8", "M5", (6, 6), (6, 6))
    assert t.g.stage == "react"
    acts = {a["type"] for a in t.menu() if a.get("unit") == "M5"}
    assert "react_retreat" in acts and ("react_fire" in acts) == fire
