"""SPI Standard Rules: the halves of rules that mutation testing showed untested (issue 17,
``tools/mutate.py --system standard``): the other half of a check, the clause of a rule that
no test reached, the item a test never named.  Each test says which surviving mutant it
kills."""

from __future__ import annotations

import json

import pytest

import ringwar
from conftest import Position, acts, events_of, illegal, play, rig
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "C", seed: int = 3, options=None):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    return pos, [pos.place(t, h) for t, h in units]


def transfers(g, unit: str) -> list[dict]:
    return [e for e in g.log if e["type"] == "transfer" and e.get("unit") == unit]


def to_melee(g) -> None:
    while g.step != "melee" and not g.pending:
        play(g, {"type": "end"})


# ===== [2.1] the map: a hex on it is never refused as off it ===================================
@rule("standard", "[2.1]", "[4.27]")
def test_2_1_a_hex_on_the_map_is_refused_for_its_own_reason_not_as_off_the_map():
    # kills `to not in self.hexmap` -> `to in self.hexmap` in why_not_move / why_not_destination
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    illegal(g, {"type": "move", "unit": o, "to": "1206"}, "[4.27]")     # enemy-occupied, on the map
    e = illegal(g, {"type": "move", "unit": o, "to": "2020"})           # on the map, out of reach
    assert e.rule != "[2.1]"


@rule("standard", "[2.1]")
@pytest.mark.parametrize("to", [807, None, True, 8.06])
def test_2_1_a_destination_that_is_not_a_hex_name_is_refused_as_off_the_map(to):
    # (a list or an object is refused before, as no plain value: the `not isinstance(to, str)`
    # half is an equivalent mutant, docs/mutation-equivalent.toml)
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    illegal(pos.game(), {"type": "move", "unit": o, "to": to}, "[2.1]")


@rule("standard", "[2.1]")
def test_2_1_the_selected_unit_sent_off_the_map_is_refused_by_2_1():
    # with a unit selected the refusal comes from why_not_destination alone
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    play(g, {"type": "select", "unit": o})
    e = illegal(g, {"type": "move", "unit": o, "to": "9999"}, "[2.1]")
    assert "9999" in e.why


# ===== [8.1] leaders must be stacked when their Combat Phase begins ============================
@rule("standard", "[8.1]", "[4.28]")
def test_8_1_a_lone_leader_is_transferred_as_the_movement_phase_ends_before_combat():
    # kills the negated `phase in ("C", "F")` of end_phase_hook: at the start of the Combat
    # Phase (an obliged melee holds it open) Gorgol is already with his Orcs
    pos, (o, t, m) = build(("orc", "0806"), ("troll", "1206"), ("men", "1207"))
    pos.place("gorgol", "0806")
    g = pos.game()
    play(g, {"type": "move", "unit": "gorgol", "to": "0606"})
    while g.phase == "C":
        play(g, {"type": "end"})
    assert g.phase == "D"
    assert g.units["gorgol"].hex == "0806"
    assert [e["rule"] for e in transfers(g, "gorgol")] == ["[8.1]"]


@rule("standard", "[8.1]")
def test_8_1_a_leader_stacked_with_his_nationality_is_not_transferred():
    # kills `not self.leader_legally_stacked(ld)` removed: no "transfer" to his own hex
    pos, (m, o) = build(("men", "0806"), ("orc", "2020"), phase="F")
    pos.place("isildur", "0806")
    g = pos.game()
    while g.phase == "F":
        play(g, {"type": "end"})
    assert g.units["isildur"].hex == "0806"
    assert transfers(g, "isildur") == []


@rule("standard", "[8.1]", "[8.52]")
@pytest.mark.parametrize("errata, where", [(True, "1320"), (False, "0806")])
def test_8_1_a_lone_magic_leader_stays_with_the_errata_and_is_transferred_without(errata, where):
    # kills the dropped `ld.magic > 0 and errata_8_52` guard and its errata operand: with the
    # [8.52] errata magic leaders move only in magic phases and are never carried off
    pos, (o, m) = build(("orc", "0806"), ("men", "2020"), options={"errata_8_52": errata})
    pos.place("sauron", "1320")
    g = pos.game()
    while g.phase == "C":
        play(g, {"type": "end"})
    assert g.units["sauron"].hex == where
    assert bool(transfers(g, "sauron")) == (not errata)


# ===== [7.34] one attack per Combat Phase, [2.3] and [9.32]: who may melee =====================
@rule("standard", "[7.34]")
def test_7_34_a_unit_that_attacked_is_offered_no_second_attack_nor_obliged():
    pos, (t, m1, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "0707"), phase="D")
    g = pos.game()
    to_melee(g)
    assert {a["target"] for a in acts(g, "attack", t)} == {m1, m2}
    play(g, {"type": "attack", "unit": t, "target": m1})
    assert not acts(g, "attack", t)
    assert t not in [p.id for p in g.obliged_attackers()]


@rule("standard", "[2.3]")
def test_2_3_a_missile_only_unit_beside_an_enemy_is_offered_no_melee_and_not_obliged():
    # kills `attack_letter(p, melee=True) is None` dropped and its `return False` flipped
    # (the Men beside the Troll keep Westernesse's melee step open)
    pos, (b, o, t, m) = build(("bowmen", "0808"), ("orc", "0807"), ("troll", "1210"), ("men", "1211"),
                              phase="G")
    g = pos.game()
    to_melee(g)
    assert (g.phase, g.step, g.phasing) == ("G", "melee", "westernesse")
    assert acts(g, "attack", m)
    assert not g.may_melee(g.units[b])
    assert not acts(g, "attack", b)
    assert b not in [p.id for p in g.obliged_attackers()]


@rule("standard", "[9.32]")
def test_9_32_a_demoralized_army_s_units_of_morale_x_or_y_still_melee():
    # kills `p.morale_now() == "Z"` removed or flipped: only the Z units may not melee
    pos, (t, gb, m1, m2) = build(("troll", "0807"), ("goblin", "1210"), ("men", "0808"), ("men", "1211"),
                                 phase="D")
    pos.demoralized(sauron=True)
    g = pos.game()
    to_melee(g)
    assert g.units[t].morale_now() == "X" and g.units[gb].morale_now() == "Z"
    assert g.may_melee(g.units[t]) and not g.may_melee(g.units[gb])
    assert {a["unit"] for a in acts(g, "attack")} == {t}


@rule("standard", "[9.32]", "[8.44]")
def test_9_32_a_demoralized_z_formation_may_not_melee_either():
    # (the Troll beside the Men at 1211 keeps Sauron's melee step open either way)
    pos, (a, b, m, t, m2) = build(("goblin", "0807"), ("goblin", "0807"), ("men", "0808"),
                                  ("troll", "1210"), ("men", "1211"), phase="D")
    pos.place("gorgol", "0807")
    pos.formation(a, b, "wedge")
    pos.demoralized(sauron=True)
    g = pos.game()
    to_melee(g)
    assert (g.phase, g.step) == ("D", "melee") and acts(g, "attack", t)
    assert g.units[a].morale_now() == "Z"
    assert not acts(g, "attack", a)
    illegal(g, {"type": "attack", "unit": a, "target": m}, "[9.32]")


# ===== [8.54] [8.56] the odds of a spell ========================================================
def _magic_game():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    return pos.game()


@rule("standard", "[8.54]", "[8.56]")
def test_8_56_the_odds_of_a_spell_name_its_range_and_only_a_success_spends_the_points():
    # kills the mutants of spell_odds: the 2d6 range read, "point" against "points", and the
    # automatic column (2-12: certain, no failure)
    g = _magic_game()
    one = g.preview({"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1})
    assert one["needs"] == "6-7" and one["points"] == 1
    assert one["odds"] == {"cast": pytest.approx(11 / 36), "fails": pytest.approx(25 / 36)}
    assert "with 1 point: cast on 6-7 with two dice" in one["column"]
    assert "no points are spent [8.56]" in one["legend"]["fails"]
    assert "the 1 point " in one["legend"]["cast"] and "[8.56]" in one["legend"]["cast"]
    two = g.preview({"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 2})
    assert two["needs"] == "6-8" and "with 2 points:" in two["column"]
    assert two["odds"]["cast"] == pytest.approx(16 / 36)
    auto = g.preview({"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 6})
    assert auto["needs"] == "automatic" and auto["odds"] == {"cast": 1.0}
    assert auto["column"].endswith("with 6 points: automatic")
    assert auto["summary"] == "Total Eclipse of the Sun is cast for certain"


# ===== [7.11] missile fire only at enemy units on the map =======================================
@rule("standard", "[7.11]")
def test_7_11_missiles_are_fired_only_at_enemy_units_on_the_map():
    # kills the dropped [7.11] checks of why_not_fire: a friendly target, a target off the map
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    a = pos.place("orc_archer", "0806")
    own = pos.place("orc", "0807")
    m = pos.place("men", "0808")
    g = pos.game()
    assert g.step == "missile"
    e = illegal(g, {"type": "fire", "unit": a, "target": own}, "[7.11]")
    assert "only at enemy units" in e.why
    off = next(p.id for p in g.units.values() if p.side == "westernesse" and not p.on_map and not p.is_leader)
    e = illegal(g, {"type": "fire", "unit": a, "target": off}, "[7.11]")
    assert "must be on the map" in e.why
    archer = next(p.id for p in g.units.values() if p.side == "sauron" and p.missile and not p.on_map)
    e = illegal(g, {"type": "fire", "unit": archer, "target": m}, "[7.11]")      # the firer off the map
    assert "must be on the map" in e.why


# ===== [2.3] a unit that does not exist, while a decision is pending ============================
@rule("standard", "[2.3]")
@pytest.mark.parametrize("unit", ["nazgul9", 42, ["men1"]])
def test_2_3_an_unknown_unit_is_refused_by_2_3_while_a_unit_is_selected(unit):
    # kills the mutants of _diagnose_decision's [2.3] check
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    play(g, {"type": "select", "unit": o})
    e = illegal(g, {"type": "move", "unit": unit, "to": "0807"})
    assert e.rule in ("[2.3]", "[action]")
    if isinstance(unit, str | int):
        assert e.rule == "[2.3]" and "there is no unit" in e.why


@rule("standard", "[2.3]", "[4.0]")
def test_2_3_a_unit_that_exists_is_not_refused_as_unknown_while_another_is_selected():
    # kills `au not in self.units` flipped: the other orc exists; it is refused by [4.0]
    pos, (o, o2, m) = build(("orc", "0806"), ("orc", "0812"), ("men", "1206"))
    g = pos.game()
    play(g, {"type": "select", "unit": o})
    e = illegal(g, {"type": "move", "unit": o2, "to": "0813"}, "[4.0]")
    assert "there is no unit" not in e.why


# ===== [7.18] armour never exceeds 4, [4.3] what adds to it, [7.42] the reduced side =============
@rule("standard", "[7.18]", "[4.3]")
def test_7_18_rough_and_upslope_add_to_armour_which_never_exceeds_four():
    # 0105 is rough and higher than 0106 across a slope: Men (armour 3) would be at 5
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    m = pos.place("men", "0105")
    pos.place("orc", "0106")
    g = pos.game()
    d = g.units[m]
    assert g.hexmap.terrain("0105") == "rough"
    assert g.defence_armour(d, "0106", False) == (4, [
        "[4.3] defender in rough: armour +1", "[4.3] attacked through an upslope hexside: armour +1",
        "[7.18] armour never exceeds 4 (it would be 5)"])
    # fired on from two hexes away: no upslope, exactly 4 and nothing capped
    assert g.defence_armour(d, "0107", True) == (4, ["[4.3] defender in rough: armour +1"])
    assert g.defence_armour(d, None, True) == (4, ["[4.3] defender in rough: armour +1"])


@rule("standard", "[7.18]", "[4.3]")
def test_7_18_attacked_down_a_slope_a_defender_gains_no_armour():
    # kills `side.get("high") == d.hex` removed: 0106 is the low side of the 0105 slope
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    m = pos.place("men", "0106")
    pos.place("orc", "0105")
    g = pos.game()
    assert g.hexmap.side("0105", "0106")["high"] == "0105" and g.hexmap.terrain("0106") == "clear"
    assert g.defence_armour(g.units[m], "0105", False) == (3, [])


@rule("standard", "[7.18]", "[7.42]", "[8.44]")
def test_7_18_a_reduced_defender_uses_its_back_and_a_formation_armour_four():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    r = pos.place("men", "0808", reduced=True)
    full = pos.place("men", "0610")
    a, b = pos.place("men", "1010"), pos.place("men", "1010")
    pos.place("isildur", "1010")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    assert g.defence_armour(g.units[r], "0809", False) == (2, ["[7.42] defender on its reduced side: armour 3 -> 2"])
    assert g.defence_armour(g.units[full], "0611", False) == (3, [])
    bow = pos.place("bowmen", "1212", reduced=True)          # armour 1 on both sides: nothing to say
    g = pos.game()
    assert g.defence_armour(g.units[bow], "1213", False) == (1, [])
    assert g.defence_armour(g.units[a], "1011", False) == (4, ["[8.44] defender in a special formation: armour 4"])


# ===== [2.3] a unit field that names no unit, in an answer to a pending decision ================
def _selected_orc():
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    play(g, {"type": "select", "unit": o})
    assert {"type": "move", "unit": o, "to": "0807"} in g.legal_actions()
    return g, o, m


@rule("standard", "[2.3]")
def test_2_3_an_unknown_unit_in_another_unit_field_of_an_answer_is_refused_by_2_3():
    # kills the mutants of _mismatch's [2.3] check: the condition dropped or negated,
    # `v not in self.units` removed or flipped, `a.get(k) == v` flipped ('foo' keeps the
    # refusal from being a bare "takes no 'with'")
    g, o, m = _selected_orc()
    e = illegal(g, {"type": "move", "unit": o, "to": "0807", "with": "nazgul9", "foo": 1}, "[2.3]")
    assert e.why == "there is no unit 'nazgul9'"


@rule("standard", "[2.3]")
@pytest.mark.parametrize("value", ["men1", None])
def test_2_3_a_unit_field_naming_a_unit_or_nothing_is_refused_as_a_field_too_many_not_by_2_3(value):
    # kills `not isinstance(v, str) or v not in self.units` removed (an existing unit, men1)
    # and `not any(a.get(k) == v ...)` removed (None, as the answers have no 'with')
    g, o, m = _selected_orc()
    assert m == "men1"
    e = illegal(g, {"type": "move", "unit": o, "to": "0807", "with": value, "foo": 1}, "[4.0]")
    assert "takes no 'foo', 'with'" in e.why and "there is no unit" not in e.why


@rule("standard", "[2.3]", "[4.0]")
def test_2_3_an_answer_without_its_unit_is_told_what_it_needs_not_that_no_unit_exists():
    # kills `k in action` removed or flipped: a field the action does not give is no unknown unit
    g, o, m = _selected_orc()
    e = illegal(g, {"type": "move", "to": "0807"}, "[4.0]")
    assert e.why.endswith("a 'move' needs 'unit'") and "there is no unit" not in e.why


# ===== [7.18] the reasons a defender's armour is what it is ====================================
@rule("standard", "[7.18]", "[15.33]")
def test_7_18_the_preview_names_why_the_base_armour_is_not_the_counters():
    # kills `special` dropped in defence_armour: a Slave Phalanx's armour 3 has its reason
    pos, (a, b, m) = build(("slave", "0806"), ("slave", "0806"), ("men", "0807"), phase="G")
    pos.formation(a, b, "phalanx")
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": m, "target": a})
    assert pv["armour"] == 3
    assert {"rule": "[15.33]", "text": "a Slave Phalanx has armour 3"} in pv["shifts"]


@rule("standard", "[7.18]", "[4.3]")
@pytest.mark.parametrize("errata, armour", [(True, 4), (False, 3)])
def test_7_18_rough_adds_armour_only_where_the_system_says_it_does(errata, armour):
    # kills `self.terrain_armour_applies(d)` removed: without the [4.3] errata Rough gives
    # the defender no armour (0104-0105: no slope between them)
    pos, (o, m) = build(("orc", "0104"), ("men", "0105"), phase="D", options={"errata_4_3": errata})
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": o, "target": m})
    assert pv["armour"] == armour
    rough = {"rule": "[4.3]", "text": "defender in rough: armour +1"}
    assert (rough in pv["shifts"]) is errata


@rule("standard", "[7.18]", "[7.41]", "[16.42]")
def test_7_18_armour_driven_below_one_counts_as_one_and_the_preview_says_so():
    # kills `armour < 1` dropped: (Gondor) Light Orcs (armour 1) in a Siege Tower, meleed: 1 - 1
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="G")
    o = pos.place("light_orc", "2213")
    pos.place("siege_tower", "2213")
    w = pos.place("gondor_spearmen", "2214")
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": w, "target": o})
    assert pv["armour"] == 1
    assert pv["shifts"] == [
        {"rule": "[16.42]", "text": "defender in a Siege Tower: armour -1 in melee"},
        {"rule": "[7.41]", "text": "armour below 1 counts as 1 (it would be 0; docs/reconstructed.md)"}]


# ===== round 2 (holdout sample, seed 18): [2.41] [4.0] [7.22] [8.32] ============================
# ===== [2.41] how to read a unit: a code not like the sample units is no unit ===================
@rule("standard", "[2.41]")
@pytest.mark.parametrize("code", ["Ee-5-Z", "Ee-0-Z", "F-2-X", "eE-2-X", "E-2-Q", "E2X", "-2-X-", ""])
def test_2_41_a_unit_code_not_read_like_the_sample_units_is_refused(code):
    # kills `if not m` dropped in parse_code: the refusal is the data's ValueError, and the
    # order of battle's validation refuses such a unit type (not a crash on a missing match)
    from pydantic import ValidationError

    from ringwar.systems.spi.data import UnitType, parse_code
    with pytest.raises(ValueError, match="is not like 'Ee-2-Z'"):
        parse_code(code)
    with pytest.raises(ValidationError, match="is not like 'Ee-2-Z'"):
        UnitType(name="Men", side="westernesse", nation="men", code=code, kind="infantry")


# ===== [4.0] a move: the shorthand split/exit, the move's event, where a move may end ===========
def _shield_wall():
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="F")
    x, y = pos.place("men", "0806"), pos.place("men", "0806")
    pos.formation(x, y, "shield_wall")
    o = pos.place("orc", "2020")
    return pos.game(), x, y, o


@rule("standard", "[4.0]", "[8.48]")
@pytest.mark.parametrize("action", [{"type": "split", "to": "2010"}, {"type": "exit"}])
def test_4_0_a_split_or_exit_given_without_selecting_is_judged_against_the_units_own_options(action):
    # kills `kind in ("split", "exit") and ...` dropped in _diagnose: the shorthand of select +
    # a unit's move is refused with that unit's prompt, not as an action the phase never offers
    g, x, y, o = _shield_wall()
    assert {"type": "select", "unit": x} in g.legal_actions()
    e = illegal(g, {**action, "unit": x}, "[4.0]")
    assert e.why.startswith(f"where does {g.label(g.units[x])} move?")
    assert g.units[x].formation == "shield_wall" and g.units[x].hex == "0806"


@rule("standard", "[4.0]")
@pytest.mark.parametrize("kind", ["split", "exit"])
@pytest.mark.parametrize("who", ["enemy", "unknown"])
def test_4_0_a_split_or_exit_of_a_unit_that_may_not_be_selected_is_not_judged_as_its_move(kind, who):
    # kills `self._selectable(action.get("unit"))` removed: the Orc is Sauron's (it is
    # Westernesse's Movement Phase) and 'nazgul9' does not exist -- neither is asked where
    # it moves (nor does the refusal crash on the unknown id)
    g, x, y, o = _shield_wall()
    unit = o if who == "enemy" else "nazgul9"
    e = illegal(g, {"type": kind, "unit": unit, "to": "2021"} if kind == "split" else {"type": kind, "unit": unit})
    assert e.rule != "[4.0]" and "where does" not in e.why
    assert f"'{kind}' is not possible in the Westernesse Movement Phase" in e.why


@rule("standard", "[4.0]", "[14.0]")
def test_4_0_a_move_on_the_map_is_logged_by_4_0_and_a_reinforcement_s_entry_by_14_0():
    # kills the mutants of `"[14.0]" if frm is None else "[4.0]"` in do_move
    g = Position("sauron", seed=3).at(turn=8, phase="C").game()
    troll = next(p for p in g.units.values() if p.key == "troll" and p.arrival == 8)
    assert not troll.on_map
    play(g, {"type": "select", "unit": troll.id})
    ev = play(g, acts(g, "move", troll.id)[0])
    [mv] = events_of(ev, "move")
    assert mv["rule"] == "[14.0]" and mv["frm"] is None and "enters at" in mv["text"]
    on_map = next(p for p in g.units.values() if p.side == "sauron" and p.on_map and not p.is_leader
                  and {"type": "select", "unit": p.id} in g.legal_actions())
    frm = on_map.hex
    play(g, {"type": "select", "unit": on_map.id})
    ev = play(g, acts(g, "move", on_map.id)[0])
    [mv] = events_of(ev, "move")
    assert mv["rule"] == "[4.0]" and mv["frm"] == frm and f"moves {frm} -> " in mv["text"]


@rule("standard", "[4.0]")
def test_4_0_a_hex_the_unit_reaches_but_may_not_end_in_is_refused_by_4_0_not_as_too_far():
    # kills `to in self.reach(p)` dropped in why_not_destination: the flying Beast of Mordor
    # [17.21] passes over the mountain 1529 (one hex beyond 1528) but may not land there
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="C")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "1228", "powers": {"flight": 15}})
    g = pos.game()
    assert g.hexmap.terrain("1529") == "mountain" and "1529" in g.reach(g.units["beast"])
    e = illegal(g, {"type": "move", "unit": "beast", "to": "1529"}, "[4.0]")
    assert "may not end its move in 1529" in e.why
    play(g, {"type": "select", "unit": "beast"})
    e = illegal(g, {"type": "move", "unit": "beast", "to": "1529"}, "[4.0]")
    assert "may not end its move in 1529" in e.why and "1529" not in offered_hexes(e.why)


def offered_hexes(why: str) -> set[str]:
    tail = why.split("may move to ", 1)[1] if "may move to " in why else ""
    return {h.strip(" .") for h in tail.split(",")}


@rule("standard", "[4.0]")
def test_4_0_a_move_to_a_legal_hex_with_fields_too_many_is_still_refused_by_4_0():
    # kills the `or IllegalAction("[4.0]", ... may not move to ... now)` of why_not_move removed:
    # the unit may move and the hex is one of its destinations, yet this action is no move
    # (two unknown fields: dropping one does not make it legal)
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"))
    g = pos.game()
    assert {"type": "move", "unit": o, "to": "0807"} in g.decide_move({"kind": "move", "side": "sauron", "unit": o})
    e = illegal(g, {"type": "move", "unit": o, "to": "0807", "via": "0706", "fast": True}, "[4.0]")
    assert e.why == f"{g.label(g.units[o])} may not move to 0807 now"
    assert g.units[o].hex == "0806" and not g.units[o].moved


# ===== [7.22] the ratings of leader combat: a reduced leader's back-printed rating ==============
@rule("standard", "[7.22]", "[7.26]")
@pytest.mark.parametrize("reduced", [True, False])
def test_7_22_the_preview_names_a_reduced_leaders_rating_and_only_a_reduced_leaders(reduced):
    # kills the mutants of `ld.reduced and r != ld.rally` in leader_rating_why: the Ringwraith
    # (7) reduced fights with 3 and the preview says why; unreduced, nothing to say
    pos, (o, m, k) = build(("orc", "0907"), ("men", "0908"), ("men", "0606"), phase="D")
    pos.place("ringwraith", "0907", reduced=reduced)
    pos.place("isildur", "0908")
    g = pos.game()
    while g.step == "missile":
        play(g, {"type": "end"})
    assert not g.is_night()
    pv = g.preview({"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    if reduced:
        assert pv["ratings"] == [3, 7] and pv["differential"] == -4
        assert pv["shifts"] == [{"rule": "[7.26]", "text": "Ringwraith is reduced: rating 7 -> 3"}]
    else:
        assert pv["ratings"] == [7, 7] and pv["shifts"] == []


# ===== [8.37] the Rally Table is read with the leader's rating as it stands =====================
def _rally(leader: str, turn: int = 3, **state):
    """Phase H: ``leader`` in 0807 beside a disrupted unit of his side in 0808 (Men for a
    Westernesse leader, an Orc for Sauron's); an enemy far off."""
    west = leader in ("anarion", "elendil", "isildur")
    pos = Position("sauron", seed=3).clear().at(turn=turn, phase="H")
    u = pos.place("men" if west else "orc", "0808", disrupted=True)
    pos.place("orc" if west else "men", "2020")
    pos.place(leader, "0807", **state)
    g = pos.game()
    return g, {"type": "rally", "unit": leader, "target": u}


def _said(pv, case: str) -> list[str]:
    return [s["text"] for s in pv["shifts"] if s["rule"] == case]


@rule("standard", "[8.37]", "[7.26]")
@pytest.mark.parametrize("reduced", [True, False])
def test_8_37_a_reduced_leader_rallies_on_his_back_printed_row_and_the_preview_says_why(reduced):
    # kills `ld.reduced and r != ld.rally` -> False in leader_rating_why (the reason dropped
    # from the rally preview): Anarion (6) reduced reads row 3 (3-6), unreduced row 6 (3-8)
    g, a = _rally("anarion", reduced=reduced)
    pv = g.preview(a)
    rating, rolls = (3, "3-6") if reduced else (6, "3-8")
    assert f"Anarion, rating {rating}: rallies on {rolls}" in pv["column"], pv["column"]
    assert _said(pv, "[7.26]") == (["Anarion is reduced: rating 6 -> 3"] if reduced else [])
    rig(g, 3, 4)                                        # 7: in 3-8, not in 3-6
    e = events_of(play(g, a), "rally")[0]
    assert e["cell"] == str(rating) and e["success"] is not reduced


@rule("standard", "[8.37]", "[10.0]")
@pytest.mark.parametrize("leader, turn, rating, night", [
    ("gorgol", 15, 8, True),        # Sauron's leader at night: 5 + 3, row 8
    ("gorgol", 3, 5, False),        # by day: his printed 5
    ("anarion", 15, 6, False),      # a Westernesse leader gains nothing at night
])
def test_8_37_sauron_s_leaders_rally_three_rows_higher_at_night_westernesse_s_do_not(leader, turn, rating, night):
    # kills `ld.side == "sauron"` -> `!=` and the side swapped to 'westernesse' in
    # leader_rating_why, as the Rally Table's preview reads it
    g, a = _rally(leader, turn=turn)
    assert g.is_night() is (turn == 15)
    pv = g.preview(a)
    assert f"rating {rating}: rallies on {'-'.join(map(str, RALLY_ROWS[rating]))}" in pv["column"], pv["column"]
    name = g.units[leader].name
    assert _said(pv, "[10.0]") == ([f"{name} at night: +3"] if night else [])


RALLY_ROWS = {5: (2, 7), 6: (3, 8), 8: (3, 10), 10: (3, 12)}


@rule("standard", "[8.37]", "[10.0]")
def test_8_37_a_rating_above_10_reads_row_10_and_the_preview_and_the_log_say_so():
    # Sauron (10) at night rallies with 13: the table's last row, 3-12 (35 in 36) [reconstructed];
    # kills the top row 10 -> 11 of rally_odds (the note would say "above 11") and the log's
    # cell min(rating, 10) -> 11
    g, a = _rally("sauron", turn=15)
    pv = g.preview(a)
    assert "Sauron, rating 13: rallies on 3-12" in pv["column"], pv["column"]
    assert pv["odds"]["rallied"] == pytest.approx(35 / 36)
    assert _said(pv, "[8.37]") == ["a rating above 10 uses the table's last row (docs/reconstructed.md)"]
    rig(g, 6, 6)
    e = events_of(play(g, a), "rally")[0]
    assert e["cell"] == "10" and e["success"] and "(rating 13)" in e["text"] and "needs 3-12" in e["text"]


CPT = "[7.41] Casualty Probability Table, then [7.42] Casualty Results Table"


@rule("standard", "[8.37]", "[7.26]", "[7.41]", "[8.54]")
def test_8_37_the_preview_reads_a_rally_on_the_rally_table_and_each_other_roll_on_its_own():
    # kills the mutants of preview()'s dispatch (its docstring cites [8.37]): a cast on the
    # Magic table, a rally on the Rally Table, fire and melee on [7.41] x [7.42] as what they
    # are, leader combat on [7.26], and nothing for an action that rolls nothing
    g = _magic_game()
    cast = {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1}
    spell = g.preview(cast)
    assert spell["table"].endswith("Magic Capability Table") and set(spell["odds"]) == {"cast", "fails"}
    g, a = _rally("anarion")
    assert g.preview(a)["table"] == "[8.37] Leader Rally Table"
    assert g.preview({"type": "end"}) is None
    pos, (ar, m) = build(("orc_archer", "0907"), ("men", "0908"), phase="D")
    pos.place("gorgol", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    assert g.step == "missile" and g.preview({"type": "end"}) is None
    fire = g.preview({"type": "fire", "unit": ar, "target": m})
    assert fire["table"] == CPT and fire["column"].startswith("missile fire: attack E against armour 3")
    assert fire["shifts"] == []
    play(g, {"type": "end"})
    duel = g.preview({"type": "leader_attack", "unit": "gorgol", "target": "isildur"})
    assert duel["table"] == "[7.26] Leader/Individual Combat Results Table"
    assert duel["column"].startswith("differential -2 (Gorgol 5 against Isildur 7)")
    play(g, {"type": "end"})
    melee = g.preview({"type": "attack", "unit": ar, "target": m})
    assert melee["table"] == CPT and melee["column"].startswith("melee: attack E against armour 3")
    assert melee["shifts"] == []


@rule("standard", "[8.37]")
@rule("sauron", "[17.32]")
def test_8_37_the_preview_of_a_magic_weapon_against_the_armoured_beast_is_a_melee_at_a():
    # kills `d.is_leader` removed from preview()'s `kind == "leader_attack" and d.is_leader`
    # (the Beast is no leader: [17.32] its attacker's weapon strikes at A on [7.41] x [7.42])
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    pos.place("men", "0807")
    pos.place("elendil", "0807")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0}})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    a = {"type": "leader_attack", "unit": "elendil", "target": "beast"}
    assert a in g.legal_actions()
    pv = g.preview(a)
    assert pv["table"] == CPT and pv["column"].startswith("melee: attack A against armour")
    assert pv["shifts"][0] == {"rule": "[17.32]",
                               "text": "Elendil's magic weapon attacks the armoured Beast of Mordor at A, as melee"}


# ===== [8.4] a set-up's special formations: two units, each the other's partner, in one hex =====
def _setup_refused(setup, match: str) -> None:
    with pytest.raises(RecordError, match=match):
        system_class("sauron").validate_setup(setup)
    with pytest.raises(RecordError, match=match):
        ringwar.new_game("sauron", seed=1, setup=setup)


def _formation_setup(*items, **top):
    return {"clear": True, "turn": 3, "phase": "F", "place": [*items, {"id": "orc1", "hex": "2020"}], **top}


def _in(pid: str, mate, hex_: str = "0808", formation: str = "shield_wall", **more) -> dict:
    return {"id": pid, "hex": hex_, "formation": formation, "partner": mate, **more}


@rule("standard", "[8.4]")
@pytest.mark.parametrize("mate", [None, 42, ["men2"]])
def test_8_4_a_unit_set_up_in_a_formation_without_a_partner_s_id_is_refused(mate):
    # kills `not isinstance(item.get("partner"), str)` -> False in check_setup (the refusal
    # would come later, or as a crash, and not say what the unit lacks)
    item = _in("men1", mate)
    if mate is None:
        del item["partner"]
    _setup_refused(_formation_setup(item, {"id": "men2", "hex": "0808"}),
                   r"^setup: place\[0\]\.partner: a unit in a special formation needs its partner's id \[8\.4\]$")


@rule("standard", "[8.4]")
@pytest.mark.parametrize("formation", ["absent", None])
def test_8_4_a_partner_set_up_without_a_formation_is_refused(formation):
    # kills `item.get("partner") is not None` -> False: a unit given a partner but no formation
    # would be built with a partner and no formation
    item = {"id": "men1", "hex": "0808", "partner": "men2"}
    if formation is None:
        item["formation"] = None
    _setup_refused(_formation_setup(item, {"id": "men2", "hex": "0809"}),
                   r"^setup: place\[0\]\.partner: a partner only with a 'formation' \[8\.4\]$")


@rule("standard", "[8.4]")
@pytest.mark.parametrize("case, items", [
    ("the partner is not placed", [_in("men1", "men2")]),
    ("the partner names a third unit", [_in("men1", "men2"), _in("men2", "men3"), _in("men3", "men2", "0809")]),
    ("the partner is in another formation", [_in("men1", "men2"), _in("men2", "men1", formation="wedge")]),
])
def test_8_4_a_formation_s_partner_must_be_placed_in_the_same_formation_with_it(case, items):
    # kills each operand of `other is None or other.get("partner") != pid or
    # other.get("formation") != item["formation"]` in check_setup, and the whole condition:
    # the first unit is refused, naming its partner and the formation
    _setup_refused(_formation_setup(*items), r"^setup: place\[0\]\.partner: 'men2' must be placed in the same "
                   r"shield_wall with men1 as its partner \[8\.4\]$")


@rule("standard", "[8.4]", "[8.43]")
def test_8_4_a_unit_is_not_its_own_partner():
    # [8.43] a special formation is made of TWO units: a set-up that names a unit its own
    # partner was taken, a shield wall of one unit (engine fix in check_setup)
    _setup_refused(_formation_setup(_in("men1", "men1")),
                   r"^setup: place\[0\]\.partner: men1 may not be its own partner: a shield_wall is two units \[8\.4\]$")


@rule("standard", "[8.4]")
@pytest.mark.parametrize("removed", ["men1", "men2"])
def test_8_4_a_formation_whose_partner_the_set_up_removes_is_refused(removed):
    # kills check_position's `q.hex != p.hex` removed and its whole [8.4] condition dropped:
    # the set-up places both, then takes one off the map again; the other is left alone
    left = "men2" if removed == "men1" else "men1"
    _setup_refused(_formation_setup(_in("men1", "men2"), _in("men2", "men1"), remove=[removed]),
                   rf"^setup: {left} is in a shield_wall without its partner \[8\.4\]$")
    g = ringwar.new_game("sauron", seed=1, setup=_formation_setup(_in("men1", "men2"), _in("men2", "men1")))
    assert g.units["men1"].partner == "men2" and g.units["men2"].partner == "men1"
    assert g.units["men1"].hex == g.units["men2"].hex == "0808"


# ===== [8.43] who may make a special formation ===================================================
@rule("standard", "[8.43]", "[8.41]")
@pytest.mark.parametrize("system, units, leader, hexes", [
    ("sauron", "orc", "gorgol", ("0807", "0809", "0808")),            # (the Slave Phalanx's own hook)
    ("gondor", "orc_infantry", "gothmog", ("1214", "1215", "1214")),   # the Standard Rules' formation_actions
])
def test_8_43_sauron_s_like_units_beside_their_leader_are_offered_no_formation(system, units, leader, hexes):
    # kills `side != "westernesse"` removed from formation_actions and its whole guard dropped:
    # two like units of Mordor beside a leader of Mordor in clear terrain, in Sauron's own
    # Movement Phase, meet every other condition of [8.43]; [8.41] Sauron's units never form
    pos = Position(system, seed=3).clear().at(turn=8, phase="C")
    a, b = pos.place(units, hexes[0]), pos.place(units, hexes[1])
    pos.place(leader, hexes[2])
    pos.place("men" if system == "sauron" else "gondor_spearmen", "2020")
    g = pos.game()
    assert (g.phase, g.step_side) == ("C", "sauron") and g.hexmap.terrain(hexes[2]) == "clear"
    assert g.units[a].nation == g.units[b].nation == g.units[leader].nation == "Mordor"
    assert not acts(g, "form")
    illegal(g, {"type": "form", "unit": a, "with": b, "hex": hexes[2]})


@rule("standard", "[8.43]")
@pytest.mark.parametrize("moved", [False, True])
def test_8_43_only_a_leader_who_has_not_moved_lets_two_units_form(moved):
    # kills `ld.moved` removed from formation_actions: the units must begin the Movement Phase
    # with the leader (docs/rulings.md: the leader may not have moved this phase either);
    # Anarion moves into 0808 from 0707, or stood there from the start
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F")
    x, y = pos.place("men", "0807"), pos.place("men", "0809")
    pos.place("anarion", "0707" if moved else "0808")
    pos.place("orc", "2020")
    g = pos.game()
    if moved:
        play(g, {"type": "move", "unit": "anarion", "to": "0808"})
    assert g.units["anarion"].hex == "0808" and g.units["anarion"].moved is moved
    form = {"type": "form", "unit": min(x, y), "with": max(x, y), "hex": "0808"}
    assert (form in g.legal_actions()) is not moved
    if moved:
        illegal(g, form)


def _gondor_forms(a: str, b: str, leader: str, spells=None) -> list[dict]:
    """Gondor, Game-Turn 8, the West's Movement Phase: ``a`` in 1214 with ``leader``, ``b``
    beside it in 1215, an Orc far off; the formations offered."""
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="F")
    pos.place(a, "1214")
    pos.place(b, "1215")
    pos.place(leader, "1214")
    pos.place("orc_infantry", "2020")
    if spells:
        pos.extra(spells=spells)
    g = pos.game()
    assert g.step_side == "westernesse"
    return acts(g, "form")


@rule("standard", "[8.43]")
@pytest.mark.parametrize("a, b, leader, forms", [
    ("men_spearmen", "men_spearmen", "gandalf", True),          # a magic leader of Gondor, Men: yes
    ("men_spearmen", "men_spearmen", "imrahil", False),         # a leader of Gondor, Men: no
    ("gondor_spearmen", "gondor_spearmen", "imrahil", True),    # his own nation's: yes
    ("men_spearmen", "gondor_spearmen", "gandalf", False),      # D-3-X both, but two nations
    ("gondor_spearmen", "men_spearmen", "gandalf", False),
    ("gondor_spearmen", "men_spearmen", "imrahil", False),      # one of them his: still two nations
])
def test_8_43_the_two_units_are_of_one_nationality_and_the_leader_s_unless_he_is_a_magic_leader(a, b, leader, forms):
    # kills `a.nation != b.nation` removed (Men and Gondor spearmen have the same values, so
    # only their nationality keeps them apart) and `ld.magic == 0` removed (Gandalf, a magic
    # leader, may lead units of any nation, as he rallies any [8.33]; a non-magic leader only
    # his own nation's: the engine's reading, docs/rulings.md has no word on it)
    assert bool(_gondor_forms(a, b, leader)) is forms


@rule("standard", "[8.43]", "[8.47]")
@pytest.mark.parametrize("spells, forms", [(None, True), ({"fear": 8}, False)])
def test_8_43_a_leader_under_a_fear_spell_enables_no_formation(spells, forms):
    # kills `not self.leader_may_form(ld)` removed from formation_actions ([8.47], Gondor's hook)
    assert bool(_gondor_forms("gondor_spearmen", "gondor_spearmen", "imrahil", spells)) is forms


# ----- the [7.23] formation-retreat fix keeps old records as they were played ------------------------
def _shield_wall_with_hurt_leader(options=None):
    pos = Position("sauron", seed=3, options=options).clear().at(turn=3, phase="D")
    pos.place("orc", "0907")
    a, b = pos.place("men", "0908"), pos.place("men", "0908")
    pos.formation(a, b, "shield_wall")
    pos.place("men", "0606")
    pos.place("ringwraith", "0907")
    pos.place("isildur", "0908")
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    rig(g, 6)                                          # column 0, die 6: D½
    play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    retreated = []
    while g.pending and g.pending[0]["kind"] == "retreat":
        retreated.append(g.pending[0]["unit"])
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    return g, (a, b), retreated


@rule("standard", "[7.23]", "[8.46]")
def test_7_23_a_record_made_before_the_formation_retreat_fix_replays_as_it_was_played():
    g, pair, retreated = _shield_wall_with_hurt_leader()
    assert g.options["formation_retreat_7_23"] is True and g.record.options["formation_retreat_7_23"] is True
    assert sorted(retreated) == sorted(pair)           # a new game: both retreat
    old, pair, retreated = _shield_wall_with_hurt_leader({"formation_retreat_7_23": False})
    assert retreated == [min(pair)]                     # as played before: the second stayed behind
    assert old.units[max(pair)].hex == "0908"
    # a record that does not name the option (written before it existed) is read the old way
    # (its dice were rigged here, so only the position is replayed)
    rec = json.loads(old.record.dumps())
    del rec["options"]["formation_retreat_7_23"]
    rec["actions"] = []
    assert ringwar.replay(rec).options["formation_retreat_7_23"] is False


@rule("standard", "[8.21]")
@pytest.mark.parametrize("system, leader", [("sauron", "elendil"), ("gondor", "gandalf")])
def test_8_21_a_set_up_may_not_disrupt_a_leader(system, leader):
    setup = {"clear": True, "turn": 5, "phase": "C",
             "place": [{"id": leader, "hex": "1010", "disrupted": True}]}
    with pytest.raises(RecordError, match=r"place\[0\]\.disrupted: .*leaders are never disrupted \[8\.21\]"):
        system_class(system).validate_setup(setup)
    setup["place"][0]["disrupted"] = False
    with pytest.raises(RecordError) as no:            # refused, if at all, for another reason
        system_class(system).validate_setup(setup)
        raise RecordError("accepted")
    assert "disrupted" not in str(no.value)
