"""SPI Standard Rules: more halves of rules that mutation testing over whole cases showed
untested (issue 17, round 4, ``tools/mutate.py --system standard --case`` / ``--key``):
retreats [7.54]-[7.57], displacement [7.61], the Casualty Probability Table [7.41], the
[7.32] order of refusals, the [6.11] reach of a unit in an enemy ZOC, the preview of an
illegal rally [8.37].  Each test says which surviving mutant it kills."""

from __future__ import annotations

import pytest

from conftest import Position, acts, events_of, illegal, play, rig, to_melee
from ringwar.core import hexes as hx

rule = pytest.mark.rule


# ===== [7.32] an attack declared: the other refusals still name their own case ==================
@rule("standard", "[7.32]", "[7.31]")
def test_7_32_a_second_attacker_on_the_declared_target_is_refused_for_its_own_reason():
    # kills `self.battle["target"] != d.id` removed in why_not_attack (78dc3744b9bd): once an
    # attack on the Men is declared, another Orc may join it [7.32]; one too far away is
    # refused because melee is only against an adjacent unit [7.31], not because the attack
    # on the Men must be resolved first
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    near = pos.place("orc", "0907")
    far = pos.place("orc", "0904")
    m = pos.place("men", "0908")
    g = pos.game()
    to_melee(g)
    play(g, {"type": "attack", "unit": near, "target": m})
    assert g.battle is not None and g.battle["target"] == m
    err = illegal(g, {"type": "attack", "unit": far, "target": m}, "[7.31]")
    assert "adjacent" in err.why


# ===== [6.11] a unit in an enemy ZOC reaches nothing ===========================================
@rule("standard", "[6.11]")
@rule("sauron", "[15.22]", "[15.21]")
def test_6_11_a_dwarf_held_in_an_enemy_zoc_is_not_obliged_to_close_on_an_orc_two_hexes_away():
    # kills `p.hex in zoc and not self.may_leave_zoc(p)` dropped in _reachable (3b66689e7b0e):
    # a Dwarf in the ZOC of Slaves [6.11] may not move at all, so the Orc two hexes away does
    # not oblige it to move adjacent [15.22]; the Westernesse Movement Phase ends (here by
    # itself: nothing may move) and the Dwarf, still in 0908, must attack the Slaves [7.31]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="E")
    d = pos.place("dwarf", "0908")
    s = pos.place("slave", "0907")
    o = pos.place("orc", "0910")
    g = pos.game()
    assert hx.distance("0908", "0910") == 2
    assert g.phase == "G", g.phase
    assert g.units[d].hex == "0908" and g.units[d].flags.get("must_attack") == (o,)
    assert {(a["unit"], a["target"]) for a in acts(g, "attack")} == {(d, s)}


# ===== [8.37] no odds for a rally that is not legal ===========================================
@rule("standard", "[8.37]", "[8.31]")
def test_8_37_no_odds_for_a_rally_that_is_not_legal_now():
    # kills `not self.is_legal(action)` dropped in preview() (a2fde23cc150): Elendil may rally
    # the disrupted Men beside him, not those two hexes away [8.31]; only the first has odds
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    near = pos.place("men", "0808", disrupted=True)
    far = pos.place("men", "1007", disrupted=True)
    pos.place("orc", "2020")
    pos.place("elendil", "0807")
    g = pos.game()
    assert g.preview({"type": "rally", "unit": "elendil", "target": near})["table"] == "[8.37] Leader Rally Table"
    bad = {"type": "rally", "unit": "elendil", "target": far}
    illegal(g, bad, "[8.31]")
    assert g.preview(bad) is None


# ===== [7.57] who may melee: not the disrupted, nor a demoralized army's Z units [9.32] ========
@rule("standard", "[7.57]", "[9.32]", "[7.31]")
def test_7_57_may_melee_a_demoralized_army_s_z_unit_never_melees_its_other_units_do():
    # kills the mutants of `self.is_demoralized(p) and p.morale_now() == "Z"` in may_melee
    # (b161be2fc233, 688e33fb2e4c, deebbf72d407, b7124597dd0e-4): Sauron's army is
    # demoralized; its Goblins (morale Z) may never melee, so they are not obliged to attack
    # the Men whose ZOC they are in [7.31] and the phase may end; its Orcs (morale Y) still melee
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    gob = pos.place("goblin", "0907")
    orc = pos.place("orc", "1207")
    m1 = pos.place("men", "0908")
    m2 = pos.place("men", "1208")
    pos.demoralized(sauron=True)
    g = pos.game()
    assert g.is_demoralized(g.units[gob]) and g.units[gob].morale_now() == "Z"
    assert g.units[orc].morale_now() != "Z"
    to_melee(g)
    assert {(a["unit"], a["target"]) for a in acts(g, "attack")} == {(orc, m2)}
    assert {"type": "end"} not in g.legal_actions()              # the Orc must attack [7.31]
    illegal(g, {"type": "attack", "unit": gob, "target": m1}, "[9.32]")
    play(g, {"type": "attack", "unit": orc, "target": m2})
    rig(g, 1, 1)                                                   # 2: no casualty
    play(g, {"type": "resolve"})
    assert g.phase != "D"                  # nothing left to melee: the Combat Phase is over
    assert g.units[gob].hex == "0907" and not g.units[gob].attacked


@rule("standard", "[7.57]")
@pytest.mark.parametrize("kind, step", [("fire", "missile"), ("attack", "melee")])
def test_7_57_a_disrupted_unit_s_fire_or_melee_is_refused_as_disrupted(kind, step):
    # kills `p.disrupted` dropped in why_not_fire (fbfe311c0681) and why_not_attack
    # (c72aebabab55): the refusal names [7.57], not a later reason
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    a = pos.place("orc_archer", "0907", disrupted=True)
    m = pos.place("men", "0908")
    pos.place("orc_archer", "1207")               # keeps the missile step open
    pos.place("men", "1208")
    g = pos.game()
    while g.step != step:
        play(g, {"type": "end"})
    err = illegal(g, {"type": kind, "unit": a, "target": m}, "[7.57]")
    assert "disrupted" in err.why


def displacement_position():
    """An Orc in 0907 beside Men in 0908 whose three retreat hexes (0808, 0909, 1008) hold
    friendly Men; Sauron's melee step."""
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a = pos.place("men", "0908")
    friends = {h: pos.place("men", h) for h in ("0808", "0909", "1008")}
    g = pos.game()
    to_melee(g)
    return g, o, a, friends


@rule("standard", "[7.61]", "[7.65]", "[7.57]", "[7.54]", "[7.55]")
def test_7_61_a_retreat_onto_a_friend_displaces_it_and_both_are_disrupted_each_by_its_case():
    # kills `mode == "combat"` negated / dropped / `!=` in finish_retreat's disrupted event
    # (9ab5769bac6c, 39f17c4f6254, 4adf4e8b549a): the unit that retreated is disrupted by
    # [7.57], the unit it displaced by [7.65]; [7.61] every retreat hex holds a friend, so
    # each is offered, displacing that friend one hex [7.62]
    g, o, a, friends = displacement_position()
    rig(g, 3, 3, 6)                                # D vs 3: 6 hits; morale X, die 6: r1
    ev = play(g, {"type": "attack", "unit": o, "target": a}, {"type": "resolve"})
    assert events_of(ev, "casualty_result")[0]["result"] == "r1"
    p = g.pending[0]
    assert p["kind"] == "retreat" and p["unit"] == a and p["n"] == 1
    assert p["options"] == ["0808", "0909", "1008"]
    assert p["displace"] == friends
    b = friends["0909"]
    ev = play(g, {"type": "retreat", "unit": a, "to": "0909"})
    assert [e["rule"] for e in events_of(ev, "displace")] == ["[7.61]"]
    p = g.pending[0]
    assert p["unit"] == b and p["n"] == 1 and p["rule"] == "[7.61]" and p["mode"] == "displace"
    assert "0908" not in p["options"]                # the retreating unit is still there
    to = p["options"][0]
    ev = play(g, {"type": "retreat", "unit": b, "to": to})
    assert g.units[b].hex == to and g.units[a].hex == "0909"
    assert g.units[a].disrupted and g.units[b].disrupted
    rules = {e["unit"]: e["rule"] for e in events_of(ev, "disrupted")}
    assert rules == {b: "[7.65]", a: "[7.57]"}
    # the displaced unit went first, then the retreating one; only now may the Orc advance
    # into the hex vacated [7.51] (answer_retreat's task order: displaced, finish, advance)
    assert [e["unit"] for e in events_of(ev, "retreat")] == [b, a]
    assert g.pending and g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0908"


# ===== [7.54] [7.55] the hexes a retreat may end in ==========================================
def melee_result(g, o, a, die, hit=(3, 3)):
    """The Orc ``o`` hits the Men ``a`` (D vs 3: 6-8; D vs 4: 2-5) and the [7.42] die on
    morale X is ``die`` (6: r1, 4: r2); returns the events."""
    rig(g, *hit, die)
    return play(g, {"type": "attack", "unit": o, "target": a}, {"type": "resolve"})


@rule("standard", "[7.54]", "[7.55]", "[7.57]", "[7.61]")
@pytest.mark.parametrize("die, n, options", [
    (6, 1, ["0808", "0909", "1008"]),
    (4, 2, ["0708", "0709", "0809", "0910", "1009", "1108", "1109"]),
])
def test_7_54_a_retreat_ends_exactly_n_hexes_away_out_of_the_enemy_zoc(die, n, options):
    # kills the mutants of the step loop in retreat_options (`range(1, n + 1)`, `hx.distance(
    # origin, b) != k or b in nxt`, `allow_partial or k == n`, `self.zoc_blocks_retreat`): the
    # Men beside an Orc in 0907 retreat r1 to a hex one away, r2 to a hex two away (never one),
    # each step further from 0908 and none into the Orc's ZOC [7.54] [7.55]; then disrupted
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a = pos.place("men", "0908")
    g = pos.game()
    to_melee(g)
    ev = melee_result(g, o, a, die)
    assert events_of(ev, "casualty_result")[0]["result"] == f"r{n}"
    p = g.pending[0]
    assert p["kind"] == "retreat" and p["unit"] == a and p["n"] == n and p["rule"] == "[7.54]"
    assert p["options"] == options
    assert all(v is None for v in p["displace"].values())
    ev = play(g, {"type": "retreat", "unit": a, "to": options[-1]})
    assert g.units[a].hex == options[-1] and hx.distance("0908", options[-1]) == n
    assert g.units[a].disrupted and [e["rule"] for e in events_of(ev, "disrupted")] == ["[7.57]"]
    illegal(g, {"type": "retreat", "unit": a, "to": "0908"})


@rule("standard", "[7.55]", "[7.54]", "[7.61]")
def test_7_55_a_retreat_never_enters_an_impassable_hex():
    # kills `not p.is_leader and not self.may_enter_terrain(p, a, b)` negated / dropped in
    # retreat_options: Men in 0223 beside the mountains 0224 and 0124, an Orc in 0222: r1 only
    # to 0324 (0123 is in the Orc's ZOC), r2 only to 0423 or 0424 [7.55]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0222")
    a = pos.place("men", "0223")
    g = pos.game()
    assert g.hexmap.terrain("0224") == g.hexmap.terrain("0124") == "mountain"
    to_melee(g)
    ev = melee_result(g, o, a, 6, hit=(2, 2))      # rough 0223, upslope: armour 4
    assert [(e["frm"], e["to"]) for e in events_of(ev, "retreat")] == [("0223", "0324")]  # the only hex
    g = pos.game()
    to_melee(g)
    melee_result(g, o, a, 4, hit=(2, 2))
    assert g.pending[0]["options"] == ["0423", "0424"]


@rule("standard", "[7.55]", "[7.26]", "[7.54]", "[7.61]")
def test_7_55_a_leader_retreating_two_hexes_never_enters_an_impassable_hex_but_ignores_zoc():
    # kills `p.is_leader and self.terrain_cost(p, a, b) is None` negated / dropped / its
    # operands in retreat_options: Isildur alone in 0223 suffers Dr2 (column 0, die 5); he may
    # retreat through the Orcs' ZOC (leaders are never affected [6.15]) but not into or
    # through the mountains 0224, 0124 [7.55]; he may end with the Men in 0422 (kills
    # `not self.counts_for_stacking(p)` removed from the free-hex test)
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    pos.place("orc", "0222")
    pos.place("ringwraith", "0222")
    pos.place("isildur", "0223")
    m = pos.place("men", "0422")                    # a leader does not count for stacking [5.0] a.
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    rig(g, 5)
    ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2"
    p = g.pending[0]
    assert p["kind"] == "retreat" and p["unit"] == "isildur" and p["n"] == 2
    assert p["options"] == ["0122", "0322", "0422", "0423", "0424"]
    assert p["displace"]["0422"] is None           # he stacks with the Men, displacing nobody
    play(g, {"type": "retreat", "unit": "isildur", "to": "0422"})
    assert g.units["isildur"].hex == g.units[m].hex == "0422" and not g.units["isildur"].disrupted


@rule("standard", "[7.55]", "[7.54]", "[6.14]")
def test_7_55_a_retreat_never_enters_an_enemy_occupied_hex_even_without_a_zoc():
    # kills `self.enemy_in(b, p.side)` negated / dropped in retreat_options: Sauron's army is
    # demoralized, so its units exert no ZOC [6.14]; the Men beside the Orc in 0907 may retreat
    # to any hex but 0909, where Slaves stand [7.55]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a = pos.place("men", "0908")
    pos.place("slave", "0909")
    pos.demoralized(sauron=True)
    g = pos.game()
    to_melee(g)
    melee_result(g, o, a, 6)
    assert g.pending[0]["options"] == ["0807", "0808", "1007", "1008"]


# ===== [7.61]-[7.63] displacement only when no free hex is left ================================
@rule("standard", "[7.61]", "[7.55]", "[7.54]")
def test_7_61_a_friend_is_displaced_only_if_no_free_hex_is_available():
    # kills the mutants of the free-hex test (`not self.counts_for_stacking(p) or not
    # self.stackers_at(h) or ...`) and of `free or not displace or p.is_leader` in
    # retreat_options: with 0808 and 1008 free, the Men retreat there, never onto the friend
    # in 0909 [7.61] "if the only hex available ... is occupied by a friendly unit"
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a = pos.place("men", "0908")
    b = pos.place("men", "0909")
    g = pos.game()
    to_melee(g)
    melee_result(g, o, a, 6)
    p = g.pending[0]
    assert p["options"] == ["0808", "1008"] and p["displace"] == {"0808": None, "1008": None}
    illegal(g, {"type": "retreat", "unit": a, "to": "0909"})
    play(g, {"type": "retreat", "unit": a, "to": "1008"})
    assert g.units[b].hex == "0909" and not g.units[b].disrupted


@rule("standard", "[7.61]", "[7.57]", "[7.63]", "[7.56]")
def test_7_61_a_disrupted_friend_is_not_displaced_and_with_no_other_hex_the_unit_is_eliminated():
    # kills `len(occupants) == 1 and self.may_be_displaced(...)` negated / dropped and
    # `self.may_be_displaced(...)` removed in retreat_options: [7.57] disrupted units may not
    # be displaced; the friend in 0909 is disrupted, those in 0808 and 1008 are not, so only
    # they are offered; when all three are disrupted the Men have no retreat and are
    # eliminated [7.56]
    for disrupted, options in ((("0909",), ["0808", "1008"]), (("0808", "0909", "1008"), None)):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
        o = pos.place("orc", "0907")
        a = pos.place("men", "0908")
        friends = {h: pos.place("men", h, disrupted=h in disrupted) for h in ("0808", "0909", "1008")}
        g = pos.game()
        to_melee(g)
        ev = melee_result(g, o, a, 6)
        if options is None:
            assert [e["rule"] for e in events_of(ev, "eliminated")] == ["[7.56]"]
            assert not g.units[a].on_map and all(g.units[f].hex == h for h, f in friends.items())
        else:
            p = g.pending[0]
            assert p["options"] == options and p["displace"] == {h: friends[h] for h in options}


@rule("standard", "[7.61]", "[7.63]", "[7.56]")
def test_7_63_a_friend_that_could_not_retreat_itself_is_not_displaced():
    # [7.63] the friend in 1008 is hemmed in (every hex it could retreat to holds a friend or
    # lies in the Orcs' ZOC), so only the friends in 0808 and 0909 may be displaced
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0907")
    a = pos.place("men", "0908")
    friends = {h: pos.place("men", h) for h in ("0808", "0909", "1008")}
    g0 = pos.game()
    for h in g0.retreat_options(g0.units[friends["1008"]], 1, displace=False):
        pos.place("men", h)
    g = pos.game()
    to_melee(g)
    melee_result(g, o, a, 6)
    p = g.pending[0]
    assert p["options"] == ["0808", "0909"] and p["displace"] == {h: friends[h] for h in ("0808", "0909")}


@rule("standard", "[7.55]", "[7.54]", "[7.7]")
def test_7_55_a_retreat_before_combat_may_end_one_or_two_hexes_away():
    # kills `allow_partial` removed from `allow_partial or k == n` in retreat_options: the
    # Bowmen attacked by an Orc may retreat before combat one or two hexes, their choice [7.7],
    # out of the Orc's ZOC [7.55]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0807")
    b = pos.place("bowmen", "0808")
    pos.place("men", "0404")
    g = pos.game()
    to_melee(g)
    play(g, {"type": "attack", "unit": o, "target": b}, {"type": "resolve"})
    assert g.pending[0]["kind"] == "rbc"
    opts = sorted(a["to"] for a in acts(g, "retreat_before_combat"))
    assert opts == ["0608", "0609", "0709", "0710", "0809", "0810", "0909", "0910", "1008", "1009"]
    assert {h for h in opts if hx.distance("0808", h) == 1} == {"0709", "0809", "0909"}


@rule("standard", "[7.55]", "[7.54]", "[8.46]")
def test_7_55_a_formation_forced_to_retreat_is_asked_first_for_the_unit_fired_on():
    # kills order_retreat's `self.tasks.insert(0, ...)` -> insert(1, ...): the retreats ordered
    # for a formation's two units [8.46] are asked in the order ordered, the unit hit first
    # (its partner was ordered before it, so it is the one in front), each into its own hex
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc_archer", "0906")
    a, b = pos.place("men", "0908"), pos.place("men", "0908")
    pos.formation(a, b, "shield_wall")
    g = pos.game()
    rig(g, 2, 3, 6)                                 # e vs 4: 5-6, rolled 5; X, die 6: r1
    ev = play(g, {"type": "fire", "unit": o, "target": b})
    assert events_of(ev, "casualty_result")[0]["result"] == "r1"
    first = g.pending[0]
    assert first["kind"] == "retreat" and first["unit"] == b and first["rule"] == "[8.46]"
    play(g, {"type": "retreat", "unit": b, "to": first["options"][0]})
    second = g.pending[0]
    assert second["kind"] == "retreat" and second["unit"] == a
    assert g.units[b].hex not in second["options"]


# ===== [7.41] the Casualty Probability Table's edges ==========================================
@rule("standard", "[7.41]", "[19.12]", "[8.44]")
@pytest.mark.parametrize("unit, formation, letter, note", [
    ("men", True, "A", True),            # formation A, +1 level: beyond A, read at A
    ("swordsmen", False, "A", False),    # B +1 = A exactly: the edge itself, nothing to say
    ("men", False, "C", False),          # D +1 = C
])
def test_7_41_an_attack_raised_beyond_a_is_read_at_a_and_the_preview_says_so(unit, formation, letter, note):
    # kills the mutants of `i < 0 or i > 4` and of `'A is the best' if i < 0 else ...` in
    # attack_why: a Shield Wall (A [8.44]) stacked with Elendil and Narsil (+1 level [19.12])
    # would attack better than A: it attacks at A, and the preview says why; Swordsmen (B)
    # with him attack at A exactly, which needs no word
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    o = pos.place("orc", "0907")
    a = pos.place(unit, "0908")
    if formation:
        b = pos.place(unit, "0908")
        pos.formation(a, b, "shield_wall")
    pos.place("elendil", "0908")
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": a, "target": o})
    assert pv["column"].startswith(f"melee: attack {letter} against armour 3 "), pv["column"]
    assert any(s["rule"] == "[19.12]" for s in pv["shifts"])
    edge = [s["text"] for s in pv["shifts"] if s["rule"] == "[7.41]"]
    assert edge == (["A is the best attack strength (docs/reconstructed.md)"] if note else [])


@rule("standard", "[7.41]")
@rule("gondor", "[16.45]")
@pytest.mark.parametrize("unit, said", [("light_orc", True), ("orc_infantry", False)])
def test_7_41_armour_below_1_is_read_as_1_and_the_preview_says_so_only_below(unit, said):
    # kills the mutants of `armour < 1` in defence_armour: Gondor's Light Orcs (armour 1) on
    # a Ladder (-1 [16.45]) would have armour 0: they defend at 1 and the preview says why;
    # Orc Infantry (2) on the Ladder have exactly 1, which needs no word
    pos = Position("gondor", seed=3).clear().at(turn=8, phase="G")
    o = pos.place(unit, "2010")
    w = pos.place("gondor_spearmen", "1910")
    pos.place("uruk", "3020")
    pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": w, "target": o})
    assert pv["column"].startswith("melee: attack D against armour 1 "), pv["column"]
    assert [s["rule"] for s in pv["shifts"]] == ["[16.45]"] + (["[7.41]"] if said else [])
    if said:
        assert pv["shifts"][1]["text"] == "armour below 1 counts as 1 (it would be 0; docs/reconstructed.md)"
    rig(g, 4, 4)                                     # 8: D vs 1 needs 2-7
    roll = events_of(play(g, {"type": "attack", "unit": w, "target": o}, {"type": "resolve"}), "roll")[0]
    assert roll["cell"] == "D/1" and not roll["hit"]


@rule("standard", "[7.41]", "[7.42]")
@rule("gondor", "[17.11]")
@pytest.mark.parametrize("reduced, said", [(True, True), (False, False)])
def test_7_41_an_attack_lowered_beyond_e_is_read_at_e_and_the_preview_says_so(reduced, said):
    # kills the mutants of `i < 0 or i > 4` (the `i > 4` half, `>=`, 4 -> 3 / 5) and of
    # `'A is the best' if i < 0 else 'E is the worst'` in attack_why: under Gondor's Fear
    # (-1 level [17.11]) reduced Spearmen (E on their reverse [7.42]) would attack worse
    # than E: they attack at E, and the preview says why; unreduced (D) they attack at E
    # exactly, which needs no word
    pos = Position("gondor", seed=3).clear().at(turn=8, phase="G")
    o = pos.place("orc_infantry", "2010")
    w = pos.place("gondor_spearmen", "2011", reduced=reduced)
    pos.place("uruk", "3020")
    pos.extra(spells={"fear": 8})
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": w, "target": o})
    assert pv["column"].startswith("melee: attack E against armour 2 "), pv["column"]
    edge = [s["text"] for s in pv["shifts"] if s["rule"] == "[7.41]"]
    assert edge == (["E is the worst attack strength (docs/reconstructed.md)"] if said else [])
    assert any(s["rule"] == "[17.11]" for s in pv["shifts"])
