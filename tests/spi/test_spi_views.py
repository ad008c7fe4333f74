"""What players read (issue 14, item 9): counter labels, actions in words, phase names."""

from __future__ import annotations

import copy
import json
import pickle
import re

import pytest

import ringwar
from conftest import Position, mixed_play, play, rig
from ringwar.systems.spi.views import PieceView

rule = pytest.mark.rule

WEST, SAURON = "westernesse", "sauron"
CODE = re.compile(r"[A-Ea-e]*-\d-[WXYZ]")


def all_units(system):
    g = ringwar.new_game(system, seed=1)
    return g, [g.unit_view(p) for p in g.units.values()]


# ===== counter labels ===============================================================================
@rule("gondor", "[16.15]", "[16.72]")
def test_16_15_siege_equipment_reads_by_name_without_combat_values():
    g, views = all_units("gondor")
    gear = {v["type"]: v for v in views if v["kind"] == "equipment"}
    assert set(gear) == {"catapult", "w_catapult", "siege_tower", "grond", "cauldron"}
    assert gear["cauldron"]["name"] == "Cauldron" and gear["cauldron"]["label"] == "3 Oil"   # [16.72]
    assert gear["siege_tower"]["label"] == "" and gear["grond"]["label"] == ""
    assert gear["catapult"]["label"] == "e"                                             # [16.25]
    for v in gear.values():
        assert not CODE.search(v["label"]), v
        assert v["name"] not in v["label"]
        assert not CODE.search(g.label(g.units[v["id"]]))
    assert g.label(g.units["cauldron1"]) == "Cauldron 3 Oil [cauldron1]"


@rule("gondor", "[17.13]")
def test_17_13_grond_reads_activated_once_operated():
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="B")
    pos.place("grond", "1912")
    pos.place("troll", "1912")
    pos.place("gondor_spearmen", "1903")
    pos.extra(siege={"grond": True})
    g = pos.game()
    assert g.unit_view(g.units["grond1"])["label"] == "activated"


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_every_counter_label_is_its_values_never_its_name(system):
    g, views = all_units(system)
    for v in views:
        assert v["label"] != v["name"] and v["name"] not in v["label"], v
        p = g.units[v["id"]]
        if p.is_leader:
            assert re.fullmatch(r"\d+(-\d+)?", v["label"]), v
        elif not p.is_gear:
            assert CODE.fullmatch(v["label"]), v


# ===== phases =========================================================================================
@rule("standard", "[3.0]")
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_3_0_every_phase_has_a_readable_name(system):
    g = ringwar.new_game(system, seed=1)
    names = {ph["code"]: ph["name"] for ph in g.view()["phases"]}
    assert set(names) == {ph for ph in g.PHASES if g.phase_applies(ph)}
    for code in g.PHASES:
        g._phase = code
        name = g.view(WEST)["phase_name"]
        assert name.endswith("Phase") and "[" not in name and code not in name.split(), name
    assert ringwar.new_game("gondor", seed=1).view()["phase_name"] == "Set-up Phase"


@rule("standard", "[7.16]")
def test_7_16_the_combat_steps_are_named_in_the_view():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    pos.place("orc_archer", "1325")
    pos.place("men", "1323")
    g = pos.game()
    assert (g.step, g.view()["step_name"]) == ("missile", "Missile Combat")


# ===== actions in words ===================================================================================
def test_describe_action_names_units_and_moves():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    m = pos.place("men", "0806")
    pos.place("anarion", "0806")
    pos.place("orc", "1010")
    g = pos.game()
    assert g.describe_action({"type": "select", "unit": m}) == "select Men D-3-X [men1] in 0806"
    assert g.describe_action({"type": "move", "unit": m, "to": "0807"}) == "Men D-3-X [men1] 0806 → 0807"
    assert g.describe_action({"type": "stay", "unit": "anarion"}) == "Anarion stays in 0806"
    assert g.describe_action({"type": "end"}) == "end the Westernesse Movement Phase"
    # never a crash on an action that names nothing known
    assert g.describe_action({"type": "move", "unit": "nobody"})
    assert g.describe_action({"type": "frobnicate", "x": 1})


@rule("gondor", "[16.71]")
def test_16_71_a_cauldron_set_up_reads_real_or_dummy_only_for_its_owner():
    g = ringwar.new_game("gondor", seed=1)
    play(g, {"type": "deploy_rest"}, {"type": "deploy_rest"})
    assert g.to_act == WEST
    play(g, {"type": "select", "unit": "cauldron1"})
    real = next(a for a in g.legal_actions() if a["real"] is True)
    dummy = next(a for a in g.legal_actions() if a["real"] is False)
    h = real["to"]
    assert g.describe_action(real, WEST) == f"set up Cauldron 3 Oil [cauldron1] (real) in {h}"
    assert g.describe_action(dummy, WEST).endswith(f"(dummy) in {dummy['to']}")
    for side in (SAURON, None):
        seen = g.describe_action(g.redact_action(real, side), side)
        assert seen == f"set up Cauldron 3 Oil [cauldron1] in {h}"
        assert "real" not in seen and "dummy" not in seen


# ===== the kept views (issue 13: derived facts) ===========================================================
@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_a_kept_piece_view_is_the_view_worked_out_afresh_in_the_game_and_its_copies(system):
    # a piece's view is kept, and shared by copies, with the state it shows as its key
    # (an exclusive label, ``unit_view_extras``, is written afresh in every view): never stale
    def fresh(g, p):
        views = [g._fresh_unit_view(p, g.counter_label(p))]
        g.unit_view_extras([p], views)              # (it replaces what it adds to)
        return views[0]

    g = ringwar.new_game(system, seed=7)
    twin = None
    oil_labels = set()
    for n, (_legal, rng, pick) in enumerate(mixed_play(g, 7, thumb=0.7)):
        if n % 5 == 0:
            for p in g.units_in_order():
                assert g.unit_view(p) == fresh(g, p), (n, p.id)
                if "cauldron" in p.tags:
                    oil_labels.add(g.unit_view(p)["label"])
            if twin is not None:                 # the copy played on shares the kept views
                for p in twin.units_in_order():
                    assert twin.unit_view(p) == fresh(twin, p), (n, p.id)
            twin = g.clone()
            for _ in range(rng.randrange(1, 30)):
                if twin.result is not None:
                    break
                twin.apply(rng.choice(twin.legal_actions()))
        g.apply(pick())
    if system == "gondor":
        assert len(oil_labels) > 1, oil_labels          # the Oil counted down: labels changed


@rule("sauron", "[16.3]", "[10.0]")
def test_16_3_an_eclipse_shows_in_the_night_turns_of_the_view_but_not_in_a_copy_taken_before():
    # the Night Game-Turns a view shows are kept per ``night_key`` and shared by copies:
    # the Eclipse's turns are part of that key, so neither the game nor its copy goes stale
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    before = g.view("sauron")["night_turns"]
    twin = g.clone()
    rig(g, 3, 4)
    ev = play(g, {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})
    assert [e for e in ev if e.get("type") == "spell"][0]["success"]
    after = g.view("sauron")["night_turns"]
    assert set(after) > set(before) and 5 in after and 5 not in before
    assert after == [t for t in range(1, g.last_turn + 1) if g.is_night(t)]
    assert twin.view("sauron")["night_turns"] == before
    assert g.view("westernesse")["night_turns"] == after


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_a_kept_piece_view_is_handed_out_as_it_is_and_refuses_every_change(system):
    # views hand out the kept piece views themselves (no copy at every view): nobody may
    # change one, so no later view, of this side or another, can show what a caller wrote
    g = ringwar.new_game(system, seed=7)
    units = g.view(g.sides[0])["units"]
    i, u = next((i, u) for i, u in enumerate(units) if isinstance(u, PieceView))
    assert g.view(g.sides[1])["units"][i] is u
    for change in (lambda d: d.__setitem__("hex", "x"), lambda d: d.update(hex="x"),
                   lambda d: d.pop("hex"), lambda d: d.setdefault("y", 1), lambda d: d.clear(),
                   lambda d: d.__delitem__("hex"), lambda d: d.popitem()):
        with pytest.raises(TypeError):
            change(u)
    # its copies are plain dicts, and it travels as one
    for other in (dict(u), u.copy(), copy.copy(u), copy.deepcopy(u), pickle.loads(pickle.dumps(u))):
        assert type(other) is dict and other == u
        other["hex"] = "x"
    assert json.loads(json.dumps(u)) == u
    assert g.view(None)["units"][i]["hex"] != "x"


@rule("gondor", "[16.15]", "[16.71]", "[16.72]")
def test_16_72_an_equipment_view_follows_its_oil_and_only_the_owner_sees_which_is_real():
    # siege equipment's view (its label, a Cauldron's Oil) is written at every view, where
    # the piece's kept view does not look; the Westernesse view shows which Cauldrons are
    # real [16.71], and no view handed to anyone else, before or after, carries it
    g = ringwar.new_game("gondor", seed=1)
    play(g, {"type": "deploy_rest"}, {"type": "deploy_rest"})
    n = 0
    while g.to_act == WEST and any(a["type"] == "select" and a["unit"].startswith("cauldron")
                                   for a in g.legal_actions()):
        unit = next(a["unit"] for a in g.legal_actions()
                    if a["type"] == "select" and a["unit"].startswith("cauldron"))
        play(g, {"type": "select", "unit": unit})
        sets = [a for a in g.legal_actions() if "real" in a]
        play(g, next((a for a in sets if a["real"] is (n % 2 == 0)), sets[0]))    # real, dummy ...
        n += 1
    placed = [p for p in g.units_in_order() if "cauldron" in p.tags and p.on_map]
    assert placed, "no Cauldron set up"

    def by_id(side):
        return {u["id"]: u for u in g.view(side)["units"]}

    sauron, west = by_id(SAURON), by_id(WEST)
    for p in placed:
        assert "real" not in sauron[p.id]
        assert west[p.id]["real"] is p.flags["real"] and west[p.id]["label"] == sauron[p.id]["label"]
        assert "real" not in by_id(SAURON)[p.id] and "real" not in by_id(None)[p.id]
    assert {west[p.id]["real"] for p in placed} == {True, False}
    # a Cauldron's Oil changes where its own kept view does not look: its label follows
    p = placed[0]
    before = by_id(SAURON)[p.id]
    p.set_flag("oil", before["oil"] - 1)
    after = by_id(SAURON)[p.id]
    assert after["oil"] == before["oil"] - 1 and after["label"] == f"{before['oil'] - 1} Oil"
    assert by_id(WEST)[p.id]["label"] == after["label"]
