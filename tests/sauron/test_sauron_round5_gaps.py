"""Sauron rule halves the whole-system mutation estimate (issue 17, round 5: seed 2) and the
whole cases of round 5 showed no test checking: the refusal of a first move that names the
arriving army's own case [14.1] / [14.2] (and [4.21] for a hex in the zone but too far); the
Dwarves [15.22] (beside the Orc already, unable to reach it, disrupted, held by a Warg too,
the refusal's case) and a Troll's ZOC in combat [15.21] (an engine fix); the Slave
Phalanx's armour in the preview [15.33]; the spell roll's words [16.5]; a weapon set up on a
non-leader [19.0]; Sinister Visions [16.1] [19.13] (three hexes exactly, already disrupted
units, the spell's end, Sauron gone); Narsil's passing [19.14]; the exit into Mordor and the
closed gate's refusals [18.0]; five points for the Beast [17.0]; Sauron off the map is not
on the Pedestal [16.61]; a recapture with no Orc Archer [16.63]; Flight [17.21]."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, acts, dests, events_of, illegal, move_options, play, rig
from ringwar.core import hexes as hx
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError
from ringwar.systems.sauron.state import Pedestal

rule = pytest.mark.rule


def end_until(g, phase, turn=None):
    """End steps until ``phase`` (of ``turn``) begins."""
    for _ in range(60):
        if g.phase == phase and (turn is None or g.turn == turn):
            return
        play(g, {"type": "end"})
    raise AssertionError(f"never reached {turn} {phase}")


def to_melee(g) -> None:
    while g.step != "melee":
        play(g, {"type": "end"})


# ===== [14.1] [14.2] a reinforcement's first move: each army's refusal names its own case ====
@rule("sauron", "[14.2]", "[14.1]")
def test_14_2_an_elfs_first_move_off_the_road_is_refused_under_14_2_an_orcs_under_14_1():
    g = Position("sauron", seed=3).at(turn=2, phase="F").game()
    elf = next(p for p in g.units.values() if p.key == "elf" and p.arrival == 2)
    assert elf.where == "offmap" and "1001" not in g.road_zone
    illegal(g, {"type": "move", "unit": elf.id, "to": "1001"}, "[14.2]")
    illegal(g, {"type": "move", "unit": elf.id, "to": "1118"}, "[4.21]")   # in the zone, too far
    g = Position("sauron", seed=3).at(turn=8, phase="C").game()
    troll = next(p for p in g.units.values() if p.key == "troll" and p.arrival == 8)
    far = next(h for h in sorted(hx.within("1331", 4)) if h in g.hexmap and h not in g.road_zone)
    illegal(g, {"type": "move", "unit": troll.id, "to": far}, "[14.1]")
    # a hex within the zone but beyond its Movement Allowance is refused for that [4.21]
    assert "1118" in g.road_zone and "1118" not in dests(g, troll.id)
    illegal(g, {"type": "move", "unit": troll.id, "to": "1118"}, "[4.21]")


# ===== [15.22] a Dwarf that begins the phase beside its Orc need not move ======================
@rule("sauron", "[15.22]")
def test_15_22_a_dwarf_already_beside_the_orc_is_free_to_move_away_or_stay():
    # Sauron's army is demoralized, so the Orc exerts no ZOC [6.14] and the Dwarf beside it
    # could move: it began the phase adjacent to the Orc, so it need not close with it
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F").demoralized(sauron=True)
    d = pos.place("dwarf", "0806")
    pos.place("orc", "0807")
    g = pos.game()
    assert g.units[d].flags["must_attack"] and "0704" in dests(g, d)
    assert {"type": "end"} in g.legal_actions()
    play(g, {"type": "move", "unit": d, "to": "0704"})
    assert g.units[d].hex == "0704"


# ===== [15.33] the preview names the Slave Phalanx's armour ====================================
@rule("sauron", "[15.33]")
def test_15_33_the_preview_says_a_slave_phalanx_has_armour_3_a_lone_slave_not():
    pos = Position("sauron", seed=3).clear().at(turn=8, phase="G")
    a, b = pos.place("slave", "0806"), pos.place("slave", "0806")
    pos.formation(a, b, "phalanx")
    lone = pos.place("slave", "1006")
    w = pos.place("men", "0906")                           # beside both
    g = pos.game()
    to_melee(g)
    pv = g.preview({"type": "attack", "unit": w, "target": a})
    assert "against armour 3" in pv["column"]
    assert {"rule": "[15.33]", "text": "a Slave Phalanx has armour 3"} in pv["shifts"]
    pv = g.preview({"type": "attack", "unit": w, "target": lone})
    assert "against armour 1" in pv["column"]
    assert not [s for s in pv["shifts"] if s["rule"] == "[15.33]"]


# ===== [16.5] the spell roll's words =========================================================
def wrath_position():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("orc", "1010")
    pos.place("ringwraith", "1010")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    return pos.game()


@rule("sauron", "[16.5]")
def test_16_5_the_log_says_cast_on_a_success_and_fails_on_a_miss():
    g = wrath_position()
    rig(g, 4, 5)                                            # 2 points: 4-9, rolled 9
    ev = events_of(play(g, {"type": "cast", "unit": "sauron", "spell": "wrath", "points": 2}), "spell")[0]
    assert ev["success"] and ev["text"].endswith("needs 4-9, rolled 9 (4+5): cast")
    g = wrath_position()
    rig(g, 4, 6)                                            # rolled 10
    ev = events_of(play(g, {"type": "cast", "unit": "sauron", "spell": "wrath", "points": 2}), "spell")[0]
    assert not ev["success"] and ev["text"].endswith("rolled 10 (4+6): fails (no points spent [8.56])")


# ===== [19.0] a magic weapon set up with a carrier that is no leader ==========================
@rule("sauron", "[19.0]")
@pytest.mark.parametrize("carrier, match", [
    ("men1", r"weapons\.narsil: men1 is not a leader"),
    ("nobody", r"weapons\.narsil: there is no piece 'nobody'"),
])
def test_19_0_a_weapons_carrier_in_a_set_up_must_be_a_leader(carrier, match):
    setup = {"clear": True, "turn": 5, "phase": "C", "weapons": {"narsil": carrier},
             "place": [{"id": "men1", "hex": "0404"}, {"id": "orc1", "hex": "2020"}]}
    with pytest.raises(RecordError, match=match):
        system_class("sauron").validate_setup(setup)
    ok = dict(setup, weapons={"narsil": "isildur"})
    system_class("sauron").validate_setup(ok)
    assert ringwar.new_game("sauron", seed=1, setup=ok).weapons["narsil"].carrier == "isildur"


# ===== [16.1] [19.13] Sinister Visions: three hexes from Sauron exactly =========================
@rule("sauron", "[16.1]", "[19.13]")
def test_16_1_a_visions_victim_exactly_three_hexes_from_sauron_may_be_rallied():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    three = pos.place("men", "1217")                         # three hexes from Sauron
    two = pos.place("men", "1318")                           # two
    pos.place("anarion", "1317")                             # beside both
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    play(g, {"type": "cast", "unit": "sauron", "spell": "sinister_visions", "points": 6})
    assert g.units[three].disrupted and g.units[two].disrupted
    end_until(g, "H")
    r = {(x["unit"], x["target"]) for x in acts(g, "rally")}
    assert ("anarion", three) in r and ("anarion", two) not in r


@rule("sauron", "[15.22]")
def test_15_22_a_dwarf_that_cannot_reach_the_orc_moves_freely_and_may_end_the_phase():
    # the Orc in 2225 has one passable neighbour, 2224, and Men stand in it: the Dwarf two
    # hexes away cannot move adjacent to it ("if possible"), so it keeps all its moves,
    # may stay put, and the phase may end
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    pos.place("orc", "2225")
    d = pos.place("dwarf", "2223")
    pos.place("men", "2224")
    g = pos.game()
    assert g.units[d].flags["must_attack"] == ("orc1",)
    d_dests = dests(g, d)
    assert len(d_dests) == 23 and "1922" in d_dests
    assert not [h for h in d_dests if hx.distance(h, "2225") == 1]
    assert {"type": "end"} in g.legal_actions()
    assert {"type": "stay", "unit": d} in move_options(g, d)
    play(g, {"type": "move", "unit": d, "to": "1922"})
    assert g.units[d].hex == "1922"


# ===== [19.14] passing Narsil: the pair, in one hex, in the Westernesse Movement Phase =========
def narsil_pair(errata=True, phase="F", elendil="0808", isildur="0808", reduced=(), carrier=None):
    pos = Position("sauron", seed=3, options={"errata_19_14": errata}).clear().at(turn=5, phase=phase)
    pos.place("men", "0808")
    if isildur != elendil:
        pos.place("men", isildur)
    pos.place("elendil", elendil, reduced="elendil" in reduced)
    pos.place("isildur", isildur, reduced="isildur" in reduced)
    pos.place("orc", "2020")
    if carrier is not None:
        pos.place("anarion", "0808")
        pos.extra(weapons={"narsil": carrier})
    return pos.game()


def exchanges(g):
    return [a for a in g.legal_actions() if a["type"] == "exchange"]


@rule("sauron", "[19.14]")
def test_19_14_errata_narsil_passes_once_from_a_wounded_elendil_to_an_unhurt_isildur_only():
    g = narsil_pair(reduced=("elendil", "isildur"))             # both wounded: no
    assert not exchanges(g)
    g = narsil_pair(reduced=("elendil",))
    play(g, {"type": "exchange", "unit": "elendil", "target": "isildur"})
    assert g.weapons["narsil"].carrier == "isildur"
    assert not exchanges(g)                                     # Isildur never passes it back
    g = narsil_pair(reduced=("elendil",), isildur="0809")       # not in the same hex: no
    assert not exchanges(g)


@rule("sauron", "[19.14]")
def test_19_14_only_in_the_westernesse_movement_phase():
    g = narsil_pair(reduced=("elendil",), phase="C")            # Sauron's Movement Phase
    assert g.step_side == "sauron" and not exchanges(g)
    g = narsil_pair(errata=False, phase="C")
    assert not exchanges(g)


@rule("sauron", "[19.14]", "[19.23]")
def test_19_14_errata_off_only_the_holder_of_narsil_hands_it_over():
    # Anarion carries Narsil [19.23]: neither Elendil nor Isildur has it to pass
    g = narsil_pair(errata=False, carrier="anarion")
    assert not exchanges(g)
    g = narsil_pair(errata=False, carrier="isildur")
    assert exchanges(g) == [{"type": "exchange", "unit": "isildur", "target": "elendil"}]


@rule("sauron", "[15.22]")
def test_15_22_a_disrupted_dwarf_is_under_no_obligation():
    # [7.57] a disrupted Dwarf can neither move nor attack: it is given no Orc to close with
    # (the obligation is part of the recorded state, whose hash an old record replays to)
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    d = pos.place("dwarf", "0806", disrupted=True)
    steady = pos.place("dwarf", "0810")
    pos.place("orc", "0808")
    g = pos.game()
    assert "must_attack" not in g.units[d].flags
    assert g.units[steady].flags["must_attack"] == ("orc1",)
    assert {"type": "select", "unit": d} not in g.legal_actions()


@rule("sauron", "[15.22]")
def test_15_22_the_dwarf_attacks_its_orc_not_another_enemy_whose_zoc_holds_it():
    # the Warg's ZOC holds a Dwarf as much as the Orc's does ([15.21] spares only Trolls and
    # Goblins): the Men beside both may attack either [7.31], the Dwarf only the Orc
    for kind, targets in (("dwarf", {"orc1"}), ("men", {"orc1", "warg1"})):
        pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
        d = pos.place(kind, "0808")
        pos.place("orc", "0807")
        pos.place("warg", "0909")
        g = pos.game()
        to_melee(g)
        assert {a["target"] for a in acts(g, "attack", d)} == targets


@rule("sauron", "[15.22]")
def test_15_22_a_refused_move_names_15_22_only_when_the_hex_is_not_beside_the_orc():
    # two hexes from the Orc (0707) is not beside it: refused under [15.22]; 0807 beside it
    # is held by friendly Men: refused for stacking [5.0], not under [15.22]
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    d = pos.place("dwarf", "0806")
    pos.place("orc", "0808")
    pos.place("men", "0807")
    g = pos.game()
    assert hx.distance("0707", "0808") == 2 and hx.distance("0807", "0808") == 1
    illegal(g, {"type": "move", "unit": d, "to": "0707"}, "[15.22]")
    illegal(g, {"type": "move", "unit": d, "to": "0807"}, "[5.0]")
    assert dests(g, d) and all(hx.distance(h, "0808") == 1 for h in dests(g, d))


# ===== [18.0] leaving into Mordor needs a Movement Point to spare ===========================
def exits(g, unit):
    return [a for a in move_options(g, unit) if a["type"] == "exit"]


@rule("sauron", "[18.0]")
def test_18_0_an_exit_needs_one_movement_point_left_in_1331():
    # along the road (½ MP a hex) an Orc (4 MP) in 1325 reaches 1331 for 3 and has the 4th
    # to leave; from 1324 it reaches 1331 for 3½, with no whole point to spare
    for start, cost, may_exit in (("1325", 3.0, True), ("1324", 3.5, False)):
        pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
        pos.place("orc_archer", "0820")
        pos.place("sauron", "0820")
        o = pos.place("orc", start)
        pos.place("men", "0404")
        g = pos.game()
        assert g.reach(g.units[o])["1331"][0] == cost and "1331" in dests(g, o)
        assert bool(exits(g, o)) == may_exit


@rule("sauron", "[18.0]")
def test_18_0_a_refused_move_names_the_closed_gate_only_for_the_westernesse_into_1331():
    # closed (Sauron, not yet arrived, is in Mordor): Westernesse Cavalry two hexes from the
    # gate are refused 1331 under [18.0], a hex too far for them under [4.21]
    pos = Position("sauron", seed=3).at(turn=5, phase="F")
    for w in ("warg1", "warg2", "warg3", "warg4", "warg5"):
        pos.remove(w)
    c = pos.place("cavalry_x1", "1329")
    g = pos.game()
    assert g.gate_closed()
    illegal(g, {"type": "move", "unit": c, "to": "1331"}, "[18.0]")
    illegal(g, {"type": "move", "unit": c, "to": "0404"}, "[4.21]")
    # closed (Sauron in 1331): Sauron's own Orc is refused 1331 because it is full [5.0]
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    pos.place("orc_archer", "1331")
    pos.place("sauron", "1331")
    o = pos.place("orc", "1329")
    pos.place("men", "0404")
    g = pos.game()
    assert g.gate_closed()
    illegal(g, {"type": "move", "unit": o, "to": "1331"}, "[5.0]")
    # open (Sauron on the plain): Men too far from 1331 are refused it for the distance
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F")
    pos.place("orc_archer", "0820")
    pos.place("sauron", "0820")
    m = pos.place("men", "1320")
    g = pos.game()
    assert not g.gate_closed()
    illegal(g, {"type": "move", "unit": m, "to": "1331"}, "[4.21]")


# ===== [17.0] the Beast costs five points: exactly five left is enough ============================
@rule("sauron", "[17.0]")
def test_17_0_with_exactly_five_points_left_sauron_conjures_the_beast():
    for spent, may in ((40, True), (41, False)):
        pos = Position("sauron", seed=3).clear().at(turn=15, phase="A")
        a = pos.place("orc_archer", "1320")
        pos.place("sauron", "1320")
        pos.place("men", "0404")
        pos.extra(pedestal={"carrier": a})
        pos.magic_spent(sauron=spent)
        g = pos.game()
        assert g.magic_points_left(g.units["sauron"]) == 45 - spent
        assert bool(acts(g, "conjure")) == may


# ===== [16.61] Sauron off the map is not on the Pedestal ====================================
@rule("sauron", "[16.61]")
def test_16_61_sauron_not_yet_arrived_is_not_on_the_pedestal_whose_archer_is_not_either():
    # Game-Turn 2: Sauron and the Orc Archer carrying the Pedestal are both still off the map
    # (neither has a hex); the Magic Leader Movement Phase does not find Sauron on the
    # Pedestal (the recorded state, whose hash a record replays to, says so)
    g = Position("sauron", seed=3).at(turn=2, phase="A").game()
    s = g.units["sauron"]
    assert s.where == "offmap" and g.pedestal_hex() is None and s.hex is None
    assert g.spell_state.on_pedestal is False


# ===== [16.1] Sinister Visions: whom it disrupts, and while it binds ============================
def visions_cast():
    """Game-Turn 5, A: Sauron (1320) casts Sinister Visions (6 points, automatic).  The Men in
    1318 (two hexes from him) are steady, those in 1418 (two hexes too) were disrupted before
    it; Anarion is with the first, beside the second."""
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    steady = pos.place("men", "1318")
    before = pos.place("men", "1418", disrupted=True)
    pos.place("anarion", "1318")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    ev = play(g, {"type": "cast", "unit": "sauron", "spell": "sinister_visions", "points": 6})
    return g, ev, steady, before


def rallies(g):
    return {(x["unit"], x["target"]) for x in acts(g, "rally")}


@rule("sauron", "[16.1]")
def test_16_1_a_unit_already_disrupted_is_no_victim_of_the_visions():
    g, ev, steady, before = visions_cast()
    assert hx.distance("1418", "1320") == 2 and hx.distance("1318", "1418") == 1
    assert [e["unit"] for e in events_of(ev, "disrupted")] == [steady]
    end_until(g, "H")
    assert ("anarion", before) in rallies(g) and ("anarion", steady) not in rallies(g)


@rule("sauron", "[16.1]")
def test_16_1_the_visions_bind_only_while_the_spell_lasts():
    g, ev, steady, before = visions_cast()
    end_until(g, "H", turn=5)
    assert ("anarion", steady) not in rallies(g)              # this Game-Turn: two hexes is too near
    end_until(g, "H", turn=6)
    assert ("anarion", steady) in rallies(g)                  # the spell is over


@rule("sauron", "[16.1]")
def test_16_1_with_sauron_gone_from_the_map_the_victims_may_be_rallied():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="H")
    u = pos.place("men", "1318", disrupted=True)
    pos.place("anarion", "1317")
    pos.place("orc", "2020")
    pos.extra(spells={"sinister_visions": 5})
    g = pos.game()
    g.units[u].set_flag("visions", True)
    g._after_change()
    assert not g.units["sauron"].on_map and g.spell_active("sinister_visions")
    assert ("anarion", u) in rallies(g)


# ===== [16.63] a recapture with no Orc Archer on the map ======================================
@rule("sauron", "[16.63]")
def test_16_63_with_no_orc_archer_on_the_map_the_recapturing_unit_keeps_the_pedestal():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    o = pos.place("orc", "0806")
    pos.place("men", "2020")
    pos.extra(pedestal={"hex": "0807", "carrier": None})
    g = pos.game()
    assert not [p for p in g.on_map("sauron") if "orc_archer" in p.tags]
    ev = play(g, {"type": "move", "unit": o, "to": "0807"})
    assert g.pedestal == Pedestal("0807", o)
    assert events_of(ev, "pedestal")[0]["rule"] == "[16.63]"


# ===== [17.21] Flight: the Beast's alone, and only while it lasts ==============================
@rule("sauron", "[17.21]")
def test_17_21_only_the_flying_beast_ignores_terrain_costs():
    # into rough (2312, 2411): the Beast pays 1 while it flies, 2 without Flight; an Orc pays 2
    # whether or not the Beast flies.  (Movement costs are cached per options and kind of
    # piece for the whole process: an option value no other test uses makes the Orc's costs
    # computed here, while the Beast flies.)
    for flight, beast_cost in ((True, 1.0), (False, 2.0)):
        pos = Position("sauron", seed=3, options={"reinforcement_delay": 17}).clear().at(turn=15, phase="C")
        a = pos.place("orc_archer", "1320")
        pos.place("sauron", "1320")
        o = pos.place("orc", "2412")
        pos.place("men", "0404")
        pos.extra(pedestal={"carrier": a},
                  beast={"hex": "2313", "powers": {"flight": 15} if flight else {}})
        g = pos.game()
        assert g.hexmap.terrain("2312") == "rough" and g.beast_power("flight") == flight
        assert events_of(play(g, {"type": "move", "unit": "beast", "to": "2312"}), "move")[0]["cost"] == beast_cost
        assert events_of(play(g, {"type": "move", "unit": o, "to": "2411"}), "move")[0]["cost"] == 2.0


@rule("sauron", "[17.21]", "[15.22]")
def test_17_21_while_the_beast_flies_a_dwarf_still_must_close_with_its_orc():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="F")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    d = pos.place("dwarf", "0806")
    pos.place("orc", "0808")
    pos.extra(pedestal={"carrier": a}, beast={"hex": "2313", "powers": {"flight": 15}})
    g = pos.game()
    assert g.beast_power("flight")
    dd = dests(g, d)
    assert dd and all(hx.distance(h, "0808") == 1 for h in dd)


# ===== [15.21] a Troll's ZOC spares a Dwarf's movement only: in combat it obliges it [7.31] ====
@rule("sauron", "[15.21]", "[7.31]")
@pytest.mark.parametrize("legacy", [False, True])
def test_15_21_a_dwarf_beside_a_troll_must_attack_it(legacy):
    # [15.21] "for the purposes of movement (only)": a Dwarf beside Trolls is in their ZOC
    # for [7.31], so in its Combat Phase it must attack them; records made before the fix
    # (the option false) replay as they were played, without the obligation
    options = {"dwarf_zoc_combat_15_21": False} if legacy else None
    pos = Position("sauron", seed=3, options=options).clear().at(turn=5, phase="G")
    d = pos.place("dwarf", "0808")
    t = pos.place("troll", "0807")
    g = pos.game()
    to_melee(g)
    assert acts(g, "attack", d) == [{"type": "attack", "unit": d, "target": t}]
    if legacy:
        assert {"type": "end"} in g.legal_actions()
    else:
        assert {"type": "end"} not in g.legal_actions()
        illegal(g, {"type": "end"}, "[7.31]")
    # moving, it still ignores them: it may leave their ZOC [15.21]
    pos = Position("sauron", seed=3, options=options).clear().at(turn=5, phase="F")
    d = pos.place("dwarf", "0808")
    pos.place("troll", "0807")
    assert "0810" in dests(pos.game(), d)
