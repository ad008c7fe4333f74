"""SPI Standard Rules: the halves of whole rule cases that mutation testing showed untested
(issue 17, round 4: every mutant of a case, ``tools/mutate.py --system standard --case X``).
Each test says which surviving mutant it kills."""

from __future__ import annotations

import pytest

from conftest import Position, dests, events_of, illegal, play, rig
from ringwar.core import hexes as hx
from ringwar.core.errors import RecordError

rule = pytest.mark.rule


def build(*units: tuple[str, str], turn: int = 3, phase: str = "D", seed: int = 3, options=None, **state):
    pos = Position("sauron", seed=seed, options=options).clear().at(turn=turn, phase=phase)
    return pos, [pos.place(t, h, **state.get(f"{t}@{h}", {})) for t, h in units]


def melee(g, attacker: str, target: str, *dice: int) -> list[dict]:
    if dice:
        rig(g, *dice)
    return play(g, {"type": "attack", "unit": attacker, "target": target}, {"type": "resolve"})


def transfers(g, unit: str) -> list[dict]:
    return [e for e in g.log if e["type"] == "transfer" and e.get("unit") == unit]


def end_phase(g) -> None:
    phase = g.phase
    while g.phase == phase:
        play(g, {"type": "end"})


# ===== [8.24] a leader shares his unit's ½E or E on a 5-6; alone, he joins the nearest friend ======
@rule("standard", "[8.24]")
def test_8_24_only_the_leader_stacked_with_the_unit_rolls_and_the_log_says_for_which_result():
    # kills `q.is_leader` removed (the unit itself would roll too) and the event text's
    # `result == "hE"` / `hit` conditions
    pos, (t, m, m2) = build(("troll", "0807"), ("men_archers", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    risk = events_of(melee(g, t, m, 2, 2, 1, 4), "leader_risk")    # Y die 1: E; risk 4
    assert [e["unit"] for e in risk] == ["isildur"]
    assert "(E)" in risk[0]["text"] and "unaffected" in risk[0]["text"] and not risk[0]["hit"]
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    risk = events_of(melee(g, t, m, 2, 2, 1, 5), "leader_risk")    # X die 1: ½E, r1; risk 5
    assert [e["unit"] for e in risk] == ["isildur"]
    assert "(½E)" in risk[0]["text"] and "shares the result" in risk[0]["text"] and risk[0]["hit"]


@rule("standard", "[8.24]", "[7.25]")
@pytest.mark.parametrize("reduced", [True, False])
def test_8_24_a_reduced_leader_who_shares_a_half_e_is_eliminated(reduced):
    # kills `ld.reduced` removed from `result == "E" or ld.reduced`: wounded twice, he is dead
    pos, (t, m, m2) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    pos.place("isildur", "0808", reduced=reduced)
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 6)                          # X die 1: ½E, r1; risk 6
    isildur = g.units["isildur"]
    assert isildur.on_map == (not reduced)
    assert isildur.reduced


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_the_leader_left_alone_goes_to_the_nearest_unit_he_may_stack_with():
    # kills `leader_may_stack_with` removed from nearest_friend: the Troll beside him and the
    # Dwarves two hexes off are nearer than the Men, but Isildur may stack only with Men
    pos, (t, m, d, m2) = build(("troll", "0807"), ("men_archers", "0808"), ("dwarf", "1008"), ("men", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)                          # E; risk 4: unaffected
    assert g.units["isildur"].hex == "1212"
    assert [(e["frm"], e["to"], e["rule"]) for e in transfers(g, "isildur")] == [("0808", "1212", "[8.24]")]


@rule("standard", "[8.24]")
@pytest.mark.parametrize("hexes, dest", [
    (("1212", "0404"), "0404"), (("0404", "1212"), "0404"),    # equally near: the lowest hex
    (("1212", "1010"), "1010"), (("1010", "1212"), "1010"),    # the nearest, whatever its number
])
def test_8_24_of_several_friends_the_nearest_then_the_lowest_hex_is_chosen(hexes, dest):
    # kills `(d, u.hex) < best` removed (the first unit found) and `best is None` removed
    pos, (t, m, a, b) = build(("troll", "0807"), ("men_archers", "0808"), ("men", hexes[0]), ("men", hexes[1]))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)
    assert g.units["isildur"].hex == dest


@rule("standard", "[8.24]")
def test_8_24_a_leader_whose_unit_dies_stays_where_he_is_if_no_friend_may_take_him():
    # kills the negated `dest is not None` of the transfer: no Men left for Isildur
    pos, (t, m, d) = build(("troll", "0807"), ("men_archers", "0808"), ("dwarf", "1212"))
    pos.place("isildur", "0808")
    g = pos.game()
    melee(g, t, m, 2, 2, 1, 4)
    assert g.units["isildur"].hex == "0808" and transfers(g, "isildur") == []


# [8.1] (as [8.24]): a leader alone when his Combat Phase begins is carried to the nearest friend
@rule("standard", "[8.24]", "[8.1]", "[8.52]")
@pytest.mark.parametrize("errata", [True, False])
def test_8_24_a_lone_normal_leader_is_carried_off_with_or_without_the_8_52_errata(errata):
    # kills `ld.magic > 0` removed and `>` -> `>=` in transfer_unstacked_leaders
    pos, (o, x, m) = build(("orc", "0806"), ("orc", "1206"), ("men", "2020"), phase="C",
                           options={"errata_8_52": errata})
    pos.place("gorgol", "0606")
    g = pos.game()
    end_phase(g)
    assert g.units["gorgol"].hex == "0806"
    assert [(e["frm"], e["to"]) for e in transfers(g, "gorgol")] == [("0606", "0806")]


@rule("standard", "[8.24]", "[8.1]", "[8.52]")
@pytest.mark.parametrize("errata, where", [(True, "1320"), (False, "0806")])
def test_8_24_a_lone_magic_leader_stays_under_the_8_52_errata_and_is_carried_off_without(errata, where):
    pos, (o, m) = build(("orc", "0806"), ("men", "2020"), phase="C", options={"errata_8_52": errata})
    pos.place("sauron", "1320")
    g = pos.game()
    end_phase(g)
    assert g.units["sauron"].hex == where
    assert bool(transfers(g, "sauron")) == (not errata)


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_a_lone_leader_with_no_unit_of_his_nation_on_the_map_stays_alone():
    # kills the negated `dest is not None` of transfer_unstacked_leaders (Baldrim has no Dwarves)
    pos, (m, o) = build(("men", "0806"), ("orc", "2020"), phase="F")
    pos.place("baldrim", "1010")
    g = pos.game()
    end_phase(g)
    assert g.units["baldrim"].hex == "1010" and transfers(g, "baldrim") == []


@rule("standard", "[8.24]", "[7.42]")
@pytest.mark.parametrize("leader", [True, False])
def test_8_24_the_preview_of_an_attack_warns_of_the_risk_only_to_a_stacked_leader(leader):
    # kills outcome_notes' `any(q.is_leader ...)` dropped / negated and `q.is_leader` removed
    pos, (t, m, far) = build(("troll", "0807"), ("men", "0808"), ("men", "1212"))
    if leader:
        pos.place("isildur", "0808")
    g = pos.game()
    legend = g.preview({"type": "attack", "unit": t, "target": m})["legend"]
    assert ("[8.24]" in legend["½E, r1"]) == leader           # Men, morale X: no E on the chart
    assert "[8.24]" not in legend.get("r1", "")


@rule("standard", "[8.24]", "[8.1]")
def test_8_24_a_leader_stacked_with_his_nationality_when_combat_begins_is_not_carried_off():
    # kills `not self.leader_legally_stacked(ld)` removed: no "transfer" to his own hex
    pos, (m, o) = build(("men", "0806"), ("orc", "2020"), phase="F")
    pos.place("isildur", "0806")
    g = pos.game()
    end_phase(g)
    assert g.units["isildur"].hex == "0806" and transfers(g, "isildur") == []


@rule("standard", "[8.24]", "[8.46]")
def test_8_24_a_leader_is_transferred_only_when_no_combat_unit_is_left_in_his_hex():
    # kills `not self.combat_at(h)` removed from eliminate: a ½E on a shield wall eliminates
    # one Men unit, the other is still in 0808 (it has yet to retreat), so the Men are not
    # "eliminated entirely" and Baldrim, left with them (no Dwarves were near when his
    # Combat Phase began in this built position), is not transferred to the Dwarves
    pos, (t, a, b, d) = build(("troll", "0807"), ("men", "0808"), ("men", "0808"), ("dwarf", "1212"))
    pos.formation(a, b, "shield_wall")
    pos.place("baldrim", "0808")
    g = pos.game()
    ev = melee(g, t, a, 2, 2, 1, 4)                     # B vs armour 4 hit; X die 1: ½E, r1; risk 4
    assert len(events_of(ev, "eliminated")) == 1
    assert g.units["baldrim"].hex == "0808" and transfers(g, "baldrim") == []


# ===== [3.0] the sequence of play: a new Game-Turn, the Second Magic Leader Phase ==============
@rule("standard", "[3.0]", "[10.0]")
@pytest.mark.parametrize("turn, night", [(14, True), (13, False), (18, False)])
def test_3_0_a_new_game_turn_is_announced_as_night_only_when_it_is(turn, night):
    # kills `self.is_night()` dropped / negated in the "turn" event (Sauron: turns 15-18 are night);
    # the last turn, 18, ends the game: no turn 19 is announced
    pos, (o, m) = build(("orc", "0605"), ("men", "1005"), turn=turn, phase="H")
    g = pos.game()
    while g.turn == turn and g.result is None:
        play(g, {"type": "end"})
    begun = [e for e in g.log if e["type"] == "turn"]
    if turn == 18:
        assert begun == [] and g.result is not None
        return
    assert [(e["turn"], e["night"]) for e in begun] == [(turn + 1, night)]
    assert ("(night)" in begun[0]["text"]) == night
    assert [(e["turn"], e["phase"]) for e in g.log if e["type"] == "phase"][-2:] == [(turn + 1, "A"), (turn + 1, "C")]


def _magic(options=None, turn: int = 5):
    pos = Position("sauron", seed=3, options=options).clear().at(turn=turn, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    pos.extra(pedestal={"carrier": a})
    return pos.game()


def _to_phase_e(g) -> None:
    while g.phase != "E":
        play(g, {"type": "end"})
    assert g.to_act == "sauron"


ECLIPSE = {"type": "cast", "unit": "sauron", "spell": "eclipse", "points": 1}


@rule("standard", "[3.0]", "[8.52]")
@pytest.mark.parametrize("errata, in_a, may_cast_in_e", [
    (True, None, True),          # no spell in A: he may cast in E
    (True, "failed", False),     # errata: an attempt in A bars E
    (False, "failed", True),     # rule as printed: only a spell cast in A bars E
    (False, "cast", False),
    (True, "cast", False),
])
def test_3_0_a_leader_that_cast_a_spell_in_a_may_not_cast_in_e(errata, in_a, may_cast_in_e):
    # kills the phase-E conditions of may_cast_now: `self._phase == "E"`, `a == [turn, "A"]`,
    # the errata_phase_e option and the `cast_ok` flag (each dropped, negated or removed)
    g = _magic({"errata_phase_e": errata})
    if in_a is not None:
        rig(g, *((3, 4) if in_a == "cast" else (1, 1)))          # eclipse with 1 point: 6-7
        spell = events_of(play(g, ECLIPSE), "spell")[0]
        assert spell["success"] == (in_a == "cast")
    assert bool([a for a in g.legal_actions() if a["type"] == "cast"]) == (in_a is None)  # once in A
    _to_phase_e(g)
    offered = [a for a in g.legal_actions() if a["type"] == "cast" and a["unit"] == "sauron"]
    assert bool(offered) == may_cast_in_e
    if not may_cast_in_e:
        illegal(g, ECLIPSE)


@rule("standard", "[3.0]", "[8.52]")
def test_3_0_a_spell_attempted_in_e_of_an_earlier_turn_does_not_bar_e_of_this_one():
    # kills `a == [self._turn, "A"]` -> `!=`: the flag of the last attempt names its turn and phase
    g = _magic()
    _to_phase_e(g)
    rig(g, 1, 1)
    play(g, ECLIPSE)                                             # fails in E of turn 5
    while g.phase != "E":
        play(g, {"type": "end"})
    assert g.turn == 6
    assert [a for a in g.legal_actions() if a["type"] == "cast"]


# ===== [4.3] the Terrain Effects Chart: formations, walls are no slopes =========================
@rule("standard", "[4.3]", "[8.41]")
@pytest.mark.parametrize("start, blocked", [("0412", "0313"), ("0612", "0713")])
def test_4_3_a_shield_wall_enters_no_rough_and_crosses_no_slope_where_single_men_may(start, blocked):
    # kills the [8.41] check of terrain_cost dropped: 0313 is rough, 0612/0713 a slope hexside
    pos, (a, b, o) = build(("men", start), ("men", start), ("orc", "2020"), phase="F")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    assert blocked not in dests(g, a)
    pos, (a, o) = build(("men", start), ("orc", "2020"), phase="F")
    assert blocked in dests(pos.game(), a)


@rule("standard", "[4.3]", "[7.35]")
def test_4_3_a_defender_attacked_up_a_breached_wall_gains_no_upslope_armour():
    # kills `side.get("kind") == "slope"` removed from defence_armour: Gondor's walls have a
    # high side too, but only a slope hexside adds 1 to the defender's armour
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="D")
    w = pos.place("gondor_spearmen", "1606")
    s = pos.place("orc_infantry", "1607")
    pos.extra(siege={"breached": ["1606/1607"]})
    g = pos.game()
    assert g.hexmap.side("1606", "1607") == {"kind": "wall", "high": "1606", "name": "Second Wall"}
    pv = g.preview({"type": "attack", "unit": s, "target": w})
    assert "armour 3" in pv["column"] and pv["shifts"] == []


# ----- [3.0] what is not possible now, and why -------------------------------------------------
def _refusal(g, action) -> tuple[str, str]:
    e = illegal(g, action)
    return e.rule, e.why


@rule("standard", "[3.0]")
@pytest.mark.parametrize("extra", ["x", "type2"])
def test_3_0_an_answer_to_a_pending_decision_with_a_field_too_many_is_refused_by_3_0(extra):
    # kills the first check of _diagnose (`k != "type" and self.is_legal(... j != k ...)`) dropped
    # or turned: the retreat the formation's survivor owes [8.46] is legal without the extra
    # field, so the refusal is the sequence of play's, not the decision's
    pos, (t, a, b) = build(("troll", "0807"), ("men", "0808"), ("men", "0808"))
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    melee(g, t, a, 2, 2, 1, 4)                          # ½E, r1 on the shield wall
    assert g.pending and g.pending[0]["kind"] == "retreat" and g.pending[0]["rule"] != "[3.0]"
    answer = {"type": "retreat", "unit": a, "to": g.pending[0]["options"][0]}
    assert g.is_legal(answer)
    assert _refusal(g, {**answer, extra: 1}) == ("[3.0]", f"a 'retreat' here takes no '{extra}'")


@rule("standard", "[3.0]")
def test_3_0_an_action_of_another_phase_is_refused_naming_the_phase_its_step_and_what_is_possible():
    # kills `kind not in known` dropped / negated / `in`, and `self.step` dropped / negated
    # (a spell has its own refusal [8.52]: conjuring the Beast goes through the generic one)
    cast = {"type": "conjure", "unit": "sauron"}
    pos, (t, m) = build(("troll", "0807"), ("men", "0808"))
    g = pos.game()
    assert g.step == "melee"
    assert _refusal(g, cast) == ("[3.0]", "'conjure' is not possible in the Forces of Sauron Combat Phase "
                                          "(melee step); possible now: attack")
    pos, (o, m) = build(("orc", "0806"), ("men", "1206"), phase="C")
    g = pos.game()
    assert not g.step
    assert _refusal(g, cast) == ("[3.0]", "'conjure' is not possible in the Forces of Sauron Movement Phase; "
                                          "possible now: end, select")


@rule("standard", "[3.0]")
def test_3_0_a_possible_kind_of_action_with_a_wrong_value_is_told_the_values_of_its_own_kind():
    # kills `a["type"] == kind` dropped / negated / `!=` in _diagnose's last answer: the values
    # offered are those of the conjuring (an action type with no refusal of its own), not of
    # the other actions (select, cast, end); a cast's points have their own refusal
    # (tests/spi/test_spi_cast_predicate.py)
    g = _magic(turn=15)                                 # a Night Game-Turn [12.0]: the Beast [17.0]
    assert _refusal(g, {"type": "conjure", "unit": "orc1"}) == ("[3.0]", "unit 'orc1' is not possible; "
                                                                       "the only choice is sauron")


# ===== [4.11] movement allowances: formations, magic phases ===================================
@rule("standard", "[4.11]", "[8.45]")
@pytest.mark.parametrize("unit, kind, reach", [("cavalry_w", "wedge", 3), ("men", "shield_wall", 2)])
def test_4_11_a_formation_moves_by_its_own_allowance_not_its_units(unit, kind, reach):
    # kills `p.formation == "wedge"` / `"shield_wall"` dropped, negated or `!=` in
    # movement_allowance: Cavalry in a wedge move 3 (not 6), Men in a shield wall 2 (not 4)
    pos, (a, b, o) = build((unit, "0808"), (unit, "0808"), ("orc", "2020"), phase="F")
    pos.formation(a, b, kind)
    g = pos.game()
    assert max(hx.distance("0808", h) for h in dests(g, a)) == reach


@rule("standard", "[4.11]", "[8.52]")
@pytest.mark.parametrize("who", ["orc_archer1", "gorgol"])
def test_4_11_only_magic_leaders_move_in_a_magic_leader_movement_phase(who):
    # kills the [4.11] refusal of why_not_mover (dropped, negated, `p.is_leader` or
    # `p.magic > 0` removed, `>=`): neither a unit nor a leader without magic may move in A
    g = _magic()
    if who == "gorgol":
        pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
        pos.place("orc_archer", "1320")
        pos.place("sauron", "1320")
        pos.place("gorgol", "1320")
        pos.place("men", "0404")
        g = pos.game()
    assert {"type": "select", "unit": "sauron"} in g.legal_actions()
    assert {"type": "select", "unit": who} not in g.legal_actions()
    e = illegal(g, {"type": "select", "unit": who}, "[4.11]")
    assert "only magic leaders move" in e.why
    illegal(g, {"type": "move", "unit": who, "to": "1319"}, "[4.11]")


# ===== [8.52] magic leaders move in the magic phases, not in the phase of a spell ==============
@rule("standard", "[8.52]", "[4.11]")
@pytest.mark.parametrize("errata", [True, False])
def test_8_52_in_a_movement_phase_the_magic_leader_is_refused_by_8_52_unless_without_the_errata(errata):
    # kills the [8.52] refusal of why_not_mover (dropped, negated, its errata operand removed)
    # and the errata test of movers; Gorgol, no magic leader, moves (kills `p.magic > 0`
    # removed and `>=`)
    pos = Position("sauron", seed=3, options={"errata_8_52": errata}).clear().at(turn=5, phase="C")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("gorgol", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    assert {"type": "select", "unit": "gorgol"} in g.legal_actions()
    assert ({"type": "select", "unit": "sauron"} in g.legal_actions()) == (not errata)
    # a move too far is refused for its distance, unless the mover may not move at all
    illegal(g, {"type": "move", "unit": "gorgol", "to": "2020"}, "[4.21]")
    if errata:
        e = illegal(g, {"type": "select", "unit": "sauron"}, "[8.52]")
        assert "only in the Magic Leader Movement Phases" in e.why
        illegal(g, {"type": "move", "unit": "sauron", "to": "2020"}, "[8.52]")
    else:
        illegal(g, {"type": "move", "unit": "sauron", "to": "2020"}, "[4.21]")
        play(g, {"type": "select", "unit": "sauron"})


# ===== [6.11] enemy ZOCs: the Standard Rules' defaults (Gondor uses them; Sauron's Elves differ) ==
@rule("standard", "[6.11]")
def test_6_11_in_gondor_a_unit_entering_an_enemy_zoc_stops_there():
    # kills stops_in_zoc's `return True` -> False (Sauron overrides it for its Elves [15.12],
    # Gondor keeps the rule): 2919 and 3119 lie beyond the Spearmen's ZOC
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="C")
    o = pos.place("orc_infantry", "3015")
    pos.place("gondor_spearmen", "3018")
    d = dests(pos.game(), o)
    assert "3017" in d and "3117" in d
    assert "2919" not in d and "3119" not in d


@rule("standard", "[6.11]")
def test_6_11_in_gondor_a_unit_in_an_enemy_zoc_may_not_move_off():
    # kills may_leave_zoc's `return False` -> True and the [6.11] checks it feeds
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="C")
    o = pos.place("orc_infantry", "3017")
    other = pos.place("orc_infantry", "2410")
    pos.place("gondor_spearmen", "3018")
    g = pos.game()
    assert g.phase == "C" and {"type": "select", "unit": other} in g.legal_actions()
    assert {"type": "select", "unit": o} not in g.legal_actions()
    illegal(g, {"type": "select", "unit": o}, "[6.11]")
    illegal(g, {"type": "move", "unit": o, "to": "3016"}, "[6.11]")
    assert not dests(g, o)


@rule("standard", "[4.11]", "[4.21]")
def test_4_11_a_magic_leader_s_move_too_far_in_a_magic_phase_is_refused_as_too_far_not_by_4_11():
    # kills `not (p.is_leader and p.magic > 0)` removed from why_not_mover's [4.11] refusal:
    # Sauron may move in A, so his move beyond six MP is refused for its distance
    g = _magic()
    e = illegal(g, {"type": "move", "unit": "sauron", "to": "2020"}, "[4.21]")
    assert "Movement Allowance of 6" in e.why


@rule("standard", "[4.11]", "[4.13]")
def test_4_11_a_piece_whose_type_names_its_movement_keeps_it_and_the_view_says_so():
    # kills `utype.movement is not None` dropped in Piece.__init__: Gondor's Catapult moves 2
    # and the Cauldron 0 (their types say so), not an infantry unit's 4
    pos = Position("gondor", seed=1).clear().at(turn=8, phase="C")
    c = pos.place("catapult", "3015")
    k = pos.place("cauldron", "1905")
    o = pos.place("orc_infantry", "3014")
    pos.place("gondor_spearmen", "1903")
    g = pos.game()
    seen = {u["id"]: u["movement"] for u in g.view("sauron")["units"]}
    assert (seen[c], seen[o]) == (2, 4)
    assert {u["id"]: u["movement"] for u in g.view("westernesse")["units"]}[k] == 0


@rule("standard", "[8.52]", "[4.11]")
def test_8_52_a_leader_who_attempted_a_spell_is_refused_a_move_in_that_phase_by_8_52():
    # kills the `self.is_magic_phase() and self.cast_this_phase(p)` refusal of why_not_mover
    # dropped (the [4.24] "already moved" would answer): conjuring the Beast at night is
    # Sauron's spell of phase A [17.0], and its powers keep the phase open
    g = _magic(turn=15)
    play(g, {"type": "conjure", "unit": "sauron"})
    assert g.phase == "A" and [a for a in g.legal_actions() if a["type"] == "beast_power"]
    e = illegal(g, {"type": "select", "unit": "sauron"}, "[8.52]")
    assert "attempted a spell this phase" in e.why


@rule("standard", "[6.11]", "[15.12]")
def test_6_11_where_a_unit_may_leave_an_enemy_zoc_it_is_selectable_and_goes_on_through_it():
    # Sauron's Elves leave enemy ZOCs at +1 MP [15.12] (the exception the [6.11] code asks
    # about): kills may_select's `not self.may_leave_zoc(p)` removed and `stops` removed from
    # _reachable's stop (the Elf would stop in 0709 and 0909 and never reach 0710 or 0910)
    pos, (e, o) = build(("elf", "0808"), ("orc", "0809"), phase="F")
    g = pos.game()
    assert g.in_enemy_zoc(g.units[e])
    assert {"type": "select", "unit": e} in g.legal_actions()
    assert {"0710", "0910"} <= dests(g, e)
    # and its move too far is refused for the distance, not by [6.11] (kills the
    # `not self.may_leave_zoc(p)` of why_not_mover's [6.11] refusal removed)
    illegal(g, {"type": "move", "unit": e, "to": "2020"}, "[4.21]")


# ===== [5.0] stacking: a formation is the one pair a hex may hold; leaders do not count =======
@rule("standard", "[5.0]", "[8.4]")
def test_5_0_a_set_up_may_put_a_formation_s_pair_in_one_hex_but_no_third_unit_with_it():
    # kills check_position's pair exception removed or turned (`==` -> `!=`) and its
    # `len(stackers) == 2` removed
    pos, (a, b, o) = build(("men", "0808"), ("men", "0808"), ("orc", "2020"))
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    assert {p.id for p in g.pieces_at("0808")} == {a, b}
    pos, (a, b, c, o) = build(("men", "0808"), ("men", "0808"), ("men", "0808"), ("orc", "2020"))
    pos.formation(a, b, "shield_wall")
    with pytest.raises(RecordError, match=r"0808 would hold .*one combat unit a hex \[5.0\]"):
        pos.game()


@rule("standard", "[5.0]", "[4.21]")
def test_5_0_a_leader_s_move_too_far_onto_a_unit_is_refused_as_too_far_not_by_5_0():
    # kills `self.counts_for_stacking(p)` removed from why_not_destination's [5.0] refusal:
    # a leader may end on a combat unit, so only the distance refuses this move
    pos, (o, x, m) = build(("orc", "0806"), ("orc", "2020"), ("men", "0404"), phase="C")
    pos.place("gorgol", "0806")
    g = pos.game()
    illegal(g, {"type": "move", "unit": "gorgol", "to": "2020"}, "[4.21]")
