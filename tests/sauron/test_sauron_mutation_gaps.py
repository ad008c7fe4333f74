"""Sauron rule halves the mutation sample (issue 17, ``tools/mutate.py --system sauron``)
showed no test checking: [16.61] the previous turn's Movement Phase for phase A, [17.0] the
Magic Leader Movement Phase after the Beast's appearance and its set-up, [17.33] a flipped
Beast, [18.0] the Gates of Morannon; and from the holdout sample (seed 18): [15.3] which
units may form a Slave Phalanx, [17.24] the Death Breath's kill zone, [20.2] the
Westernesse leaders' Rally Points; and from the third sample (seed 19): [16.64] Sauron on
the Pedestal (the preview's note, r2 against ½, off the Pedestal, a Westernesse leader on it),
[17.32] the armoured Beast's attackers, [20.1] the Beast's 15 points."""

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


def casts(g):
    return [a for a in g.legal_actions() if a["type"] == "cast"]


# ===== [16.61] the Pedestal unmoved in the previous normal Movement Phase ==================================
def pedestal_carried_west(move_in_f: bool):
    """Game-Turn 4, phase F: a Westernesse unit carries the captured Pedestal [16.63]; Sauron
    waits in 1320 with an Orc Archer.  The carrier moves it (or not) in F; before Game-Turn 5
    it is lost and recaptured, handed at once to the Orc Archer in Sauron's hex [16.63] (in
    play, in phase G: the carrier retreats after its leader's Ar2, a Sauron unit retreats onto
    the Pedestal after a Dr2; here the test removes and recaptures it directly)."""
    pos = Position("sauron", seed=3).clear().at(turn=4, phase="F")
    archer = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    troll = pos.place("troll", "0806")
    w = pos.place("men", "0808")
    pos.place("men", "0404", disrupted=True)
    pos.place("anarion", "0404")                                # a rally, so that H is played
    pos.extra(pedestal={"carrier": w})
    g = pos.game()
    if move_in_f:
        play(g, {"type": "move", "unit": w, "to": "0809"})
    play(g, {"type": "end"})
    assert (g.turn, g.phase) == (4, "H")
    here = g.units[w].hex
    g.eliminate(g.units[w], "[7.42]", "lost in combat")
    assert g.pedestal == Pedestal(here, None)
    g.pick_up_pedestal(g.units[troll])
    assert g.pedestal.carrier == archer and g.pedestal_hex() == "1320"
    end_until(g, "A", turn=5)
    assert g.units["sauron"].hex == g.pedestal_hex()           # on it when phase A began
    return g


@rule("sauron", "[16.61]")
def test_16_61_pedestal_moved_in_the_previous_turns_movement_phase_f_bars_phase_a():
    g = pedestal_carried_west(move_in_f=True)
    assert not casts(g)                         # it moved in F of Game-Turn 4, the phase before A
    g = pedestal_carried_west(move_in_f=False)
    assert casts(g)                             # unmoved: Sauron may cast


# ===== [17.0] the Magic Leader Movement Phase after the appearance =======================================
def night_magic(phase):
    pos = Position("sauron", seed=3).clear().at(turn=15, phase=phase)
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    return pos.game()


@rule("sauron", "[17.0]", "[17.2]")
def test_17_0_conjured_in_phase_a_a_power_may_be_given_in_phase_e():
    g = night_magic("A")
    play(g, {"type": "conjure", "unit": "sauron"})
    end_until(g, "E", turn=15)
    assert not casts(g)                          # [3.0] E: Sauron used his magic in A
    powers = {a["power"] for a in acts(g, "beast_power")}
    assert {"horn", "armor", "flight"} <= powers
    ev = play(g, {"type": "beast_power", "unit": "sauron", "power": "horn"})
    assert events_of(ev, "beast_power")[0]["cost"] == 4
    end_until(g, "A", turn=16)
    assert not acts(g, "beast_power") or casts(g)   # the window is over: only with the turn's magic


@rule("sauron", "[17.0]", "[17.2]")
def test_17_0_conjured_in_phase_e_the_next_phase_is_the_following_turns_a():
    g = night_magic("E")
    play(g, {"type": "conjure", "unit": "sauron"})
    end_until(g, "A", turn=16)
    assert casts(g)
    play(g, {"type": "beast_power", "unit": "sauron", "power": "horn"})
    # the power that follows the appearance does not use Game-Turn 16's spell attempt
    assert casts(g)
    assert g.units["sauron"].magic_spent == 5 + 4


# ===== [17.0] a set-up that places the Beast =========================================================
@rule("sauron", "[17.0]")
@pytest.mark.parametrize("beast, match", [
    ({"facing": 2}, r"beast: needs a 'hex'"),
    ({"hex": "0808", "reduced": "yes"}, r"beast\.reduced: must be true or false"),
    ({"hex": "0808", "facing": 0}, r"beast\.facing: must be from 1 to 6"),
    ({"hex": "0808", "facing": 7}, r"beast\.facing: must be from 1 to 6"),
    ({"hex": "0808", "colour": "red"}, r"beast: unknown key\(s\) 'colour'"),
])
def test_17_0_a_bad_beast_set_up_is_refused(beast, match):
    setup = {"clear": True, "turn": 15, "phase": "C", "beast": beast,
             "place": [{"id": "men1", "hex": "0404"}]}
    with pytest.raises(RecordError, match=match):
        system_class("sauron").validate_setup(setup)
    with pytest.raises(RecordError, match=match):
        ringwar.new_game("sauron", seed=1, setup=setup)


@rule("sauron", "[17.0]")
@pytest.mark.parametrize("facing", [1, 6])
def test_17_0_a_beast_set_up_facing_one_to_six_is_taken(facing):
    setup = {"clear": True, "turn": 15, "phase": "C", "beast": {"hex": "0808", "facing": facing, "reduced": True},
             "place": [{"id": "men1", "hex": "0404"}]}
    system_class("sauron").validate_setup(setup)
    g = ringwar.new_game("sauron", seed=1, setup=setup)
    assert g.view("sauron")["exclusive"]["beast"]["facing"] == facing
    assert g.units["beast"].reduced and dests(g, "beast")


# ===== [17.33] a flipped Beast: its powers cost double, the log says so =============================
def beast_at_night(reduced, beast_hex="1320"):
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a}, beast={"hex": beast_hex, "reduced": reduced})
    return pos.game()


@rule("sauron", "[17.33]", "[17.21]", "[17.22]", "[17.23]")
@pytest.mark.parametrize("reduced", [False, True])
@pytest.mark.parametrize("power, cost, lasts", [("horn", 4, " through Game-Turn 16"),
                                                ("flight", 8, " through Game-Turn 15"),
                                                ("armor", 9, "")])
def test_17_33_a_powers_cost_and_duration_as_the_log_states_them(reduced, power, cost, lasts):
    g = beast_at_night(reduced)
    ev = events_of(play(g, {"type": "beast_power", "unit": "sauron", "power": power}), "beast_power")[0]
    paid = cost * 2 if reduced else cost
    assert ev["cost"] == paid and g.units["sauron"].magic_spent == paid
    doubled = ", doubled [17.33]" if reduced else ""
    assert ev["text"].endswith(f"({paid} points{doubled}){lasts}")
    assert ("doubled" in ev["text"]) == reduced


@rule("sauron", "[17.33]")
def test_17_33_a_flipped_beast_moves_two_a_full_one_four():
    for reduced, ma in ((False, 4), (True, 2)):
        g = beast_at_night(reduced, "0806")                 # clear, off the roads
        end_until(g, "C")
        d = dests(g, "beast")
        assert g.movement_allowance(g.units["beast"]) == ma
        assert max(hx.distance("0806", h) for h in d) == ma


# ===== [18.0] Mordor: leaving the map through 1331 ===================================================
def exits(g, unit):
    return [a for a in move_options(g, unit) if a["type"] == "exit"]


def dagorlad(phase="C", sauron_hex="0820", **extra):
    pos = Position("sauron", seed=3).clear().at(turn=5, phase=phase)
    pos.place("orc_archer", sauron_hex)
    pos.place("sauron", sauron_hex)
    if extra:
        pos.extra(**extra)
    return pos


@rule("sauron", "[18.0]")
def test_18_0_a_leader_does_not_leave_the_map_his_unit_does():
    pos = dagorlad()
    o = pos.place("orc", "1329")
    pos.place("gorgol", "1329")
    pos.place("men", "0404")
    g = pos.game()
    assert not g.gate_closed()
    assert exits(g, o)
    assert "1331" in dests(g, "gorgol") and not exits(g, "gorgol")


@rule("sauron", "[18.0]")
def test_18_0_the_closed_gate_bars_only_the_westernesse():
    pos = dagorlad(sauron_hex="1331")                  # Sauron in 1331: the gate is closed
    pos.place("men", "0404")
    g = pos.game()
    assert g.gate_closed()
    assert exits(g, "orc_archer1")                    # Sauron's own units still withdraw
    ev = play(g, {"type": "exit", "unit": "orc_archer1"})
    assert events_of(ev, "exit")[0]["rule"] == "[18.0]"
    # it may come back as a reinforcement next Game-Turn (docs/rulings.md [18.0])
    view = {u["id"]: u for u in g.view("sauron")["units"]}
    assert view["orc_archer1"]["arrival"] == 6
    assert g.pedestal_hex() is None                    # the Pedestal went with its carrier


@rule("sauron", "[18.0]", "[16.63]")
def test_18_0_a_unit_leaving_does_not_take_a_pedestal_lying_elsewhere():
    pos = dagorlad(pedestal={"hex": "0822", "carrier": None})
    o = pos.place("orc", "1331")
    pos.place("men", "0404")
    g = pos.game()
    play(g, {"type": "exit", "unit": o})
    assert g.pedestal_hex() == "0822"


@rule("sauron", "[18.0]", "[15.12]")
def test_18_0_an_elf_in_1331_may_leave_from_an_enemy_zoc_through_the_open_gate():
    pos = dagorlad(phase="F")
    e = pos.place("elf", "1331")
    pos.place("orc", "1330")
    g = pos.game()
    assert not g.gate_closed() and g.in_enemy_zoc(g.units[e])
    assert exits(g, e)
    vp = g.vp["sauron"]
    play(g, {"type": "exit", "unit": e})
    assert g.units[e].where == "exited" and g.vp["sauron"] == vp - 1      # [21.12]


@rule("sauron", "[18.0]", "[15.3]")
def test_18_0_a_slave_phalanx_leaves_the_map_together():
    pos = dagorlad()
    a = pos.place("slave", "1331")
    b = pos.place("slave", "1331")
    pos.formation(a, b, "phalanx")
    pos.place("men", "0404")
    g = pos.game()
    assert exits(g, a)
    ev = play(g, {"type": "exit", "unit": a})
    assert {e["unit"] for e in events_of(ev, "exit")} == {a, b}
    assert not g.units[a].on_map and not g.units[b].on_map
    assert g.units[a].formation is None and g.units[b].formation is None


# ===== [15.3] who may form a Slave Phalanx ===============================================================
def forms(g):
    return {(a["unit"], a["with"]) for a in acts(g, "form")}


def two_slaves(a_hex="0806", b_hex="0807", phase="C", enemy="2020", **a_state):
    pos = Position("sauron", seed=3).clear().at(turn=7, phase=phase)
    a = pos.place("slave", a_hex, **a_state)
    b = pos.place("slave", b_hex)
    pos.place("men", enemy)
    return pos, a, b


@rule("sauron", "[15.3]", "[15.31]")
def test_15_31_only_the_sauron_player_forms_phalanxes_and_only_in_his_movement_phase():
    pos = Position("sauron", seed=3).clear().at(turn=7, phase="F")
    pos.place("slave", "0806")
    pos.place("slave", "0807")
    m1, m2 = pos.place("men", "1506"), pos.place("men", "1507")
    pos.place("anarion", "1506")
    g = pos.game()
    # the Westernesse Movement Phase: his own formations [8.43], never a Slave Phalanx
    assert forms(g) == {(m1, m2)}
    assert events_of(play(g, {"type": "form", "unit": m1, "with": m2, "hex": "1506"}), "form")[0]["rule"] == "[8.43]"


@rule("sauron", "[15.3]", "[15.32]")
def test_15_32_a_slave_in_an_enemy_zoc_stays_the_other_may_move_into_its_hex():
    pos, a, b = two_slaves(enemy="0805")                  # the Men's ZOC covers 0806, not 0807
    g = pos.game()
    assert g.in_enemy_zoc(g.units[a]) and not g.in_enemy_zoc(g.units[b])
    assert forms(g) == {(b, a)}
    ev = play(g, {"type": "form", "unit": b, "with": a, "hex": "0806"})
    assert events_of(ev, "form")[0]["rule"] == "[15.32]"
    assert g.units[b].hex == "0806" and g.units[b].formation == "phalanx"


@rule("sauron", "[15.3]", "[15.32]")
def test_15_32_slaves_that_moved_next_to_each_other_did_not_begin_the_phase_adjacent():
    pos, a, b = two_slaves(a_hex="0805")                  # two hexes apart
    g = pos.game()
    assert not forms(g)
    play(g, {"type": "move", "unit": a, "to": "0806"})    # now adjacent, but a has moved
    assert not forms(g)


@rule("sauron", "[15.3]", "[15.31]")
def test_15_31_two_orcs_or_an_orc_and_a_slave_form_no_phalanx():
    pos = Position("sauron", seed=3).clear().at(turn=7, phase="C")
    _o1, o2 = pos.place("orc", "0806"), pos.place("orc", "0807")
    s = pos.place("slave", "0808")
    pos.place("men", "2020")
    g = pos.game()
    assert g.units[o2].hex in hx.neighbours(g.units[s].hex)
    assert not forms(g)


@rule("sauron", "[15.3]", "[15.32]")
def test_15_32_a_disrupted_slave_forms_no_phalanx():
    pos, a, b = two_slaves(disrupted=True)               # [7.57] it may not move until rallied
    g = pos.game()
    assert not forms(g)
    pos, a, b = two_slaves()                               # the same pair, steady: it may
    assert forms(pos.game()) == {(a, b), (b, a)}


@rule("sauron", "[15.3]", "[15.31]")
def test_15_31_a_slave_already_in_a_phalanx_joins_no_third():
    pos = Position("sauron", seed=3).clear().at(turn=7, phase="C")
    a, b = pos.place("slave", "0806"), pos.place("slave", "0806")
    pos.formation(a, b, "phalanx")
    pos.place("slave", "0807")
    pos.place("men", "2020")
    g = pos.game()
    assert not forms(g)


# ===== [17.24] Death Breath: the kill zone through the two frontal hexsides ============================
def breathe(beast_hex, facing, place):
    """Game-Turn 15, phase A: Sauron on the Pedestal gives the Beast in ``beast_hex`` its Death
    Breath toward ``facing`` (directions 1-6 clockwise, 1 up the column); ``place`` lists
    (type, hex) to put on the map first.  Returns the game, the placed ids and the zone."""
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    ids = [pos.place(t, h) for t, h in place]
    pos.extra(pedestal={"carrier": a}, beast={"hex": beast_hex})
    g = pos.game()
    ev = play(g, {"type": "beast_power", "unit": "sauron", "power": "breath", "facing": facing})
    return g, ids, events_of(ev, "death_breath")[0]["zone"]


# the hexes through hexsides `facing` and `facing + 1` (6 wraps to 1) and the three beyond them
ZONES_FROM_0808 = {
    1: ["0806", "0807", "0907", "0908", "1007"],
    5: ["0607", "0608", "0609", "0708", "0709"],
    6: ["0607", "0707", "0708", "0806", "0807"],
}


@rule("sauron", "[17.24]")
@pytest.mark.parametrize("facing", sorted(ZONES_FROM_0808))
def test_17_24_the_kill_zone_lies_through_the_two_frontal_hexsides(facing):
    zone = ZONES_FROM_0808[facing]
    around = sorted(h for h in {n for z in zone for n in hx.neighbours(z)} | set(hx.neighbours("0808"))
                    if h not in zone and h != "0808" and hx.distance(h, "0808") <= 2)
    g, ids, got = breathe("0808", facing, [("men", h) for h in zone + around] + [("orc", "2020")])
    assert got == zone
    dead = {g.units[i].hex or "dead" for i in ids[:len(zone)]}
    assert dead == {"dead"}                                           # every one in the zone
    assert all(g.units[i].on_map for i in ids[len(zone):])            # none outside it


@rule("sauron", "[17.24]")
def test_17_24_the_breath_spares_sauron_s_own_units_in_the_zone():
    g, (orc, men, troll), zone = breathe("0808", 1, [("orc", "0807"), ("men", "0806"), ("troll", "1007")])
    assert {"0806", "0807", "1007"} <= set(zone)
    assert not g.units[men].on_map
    assert g.units[orc].on_map and g.units[troll].on_map
    assert g.units["beast"].on_map and g.units["sauron"].on_map


@rule("sauron", "[17.24]")
def test_17_24_at_the_map_edge_the_zone_holds_only_map_hexes():
    g, ids, zone = breathe("0106", 4, [("men", "0107"), ("men", "2020")])
    assert zone and all(h in g.hexmap for h in zone)
    assert all(h[:2] == "01" for h in zone)           # nothing of column 00, off the map
    assert not g.units[ids[0]].on_map


# ===== [20.2] a Magic Weapon lost counts once, and only when the Westernesse lose it ===================
def weapon_duel(**extra):
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="D")
    pos.place("orc", "0807")
    pos.place("gorgol", "0807")
    pos.place("men", "0808")
    pos.place("isildur", "0808")
    if extra:
        pos.extra(**extra)
    return pos.game()


@rule("sauron", "[20.2]", "[19.22]", "[19.21]")
def test_20_2_a_weapon_captured_then_destroyed_adds_its_20_points_once():
    g = weapon_duel(weapons={"narsil": "isildur"})
    g.eliminate(g.units["isildur"], "[7.26]", "slain in individual combat", by=g.units["gorgol"])
    assert g.weapons["narsil"].carrier == "gorgol"                 # [19.22] captured
    assert g.dp["westernesse"] == 20 + g.units["isildur"].rally       # the weapon and Isildur's rating
    ev = g.eliminate(g.units["gorgol"], "[7.42]", "lost in combat")    # no leader kills him
    assert g.weapons["narsil"].destroyed                           # [19.21] destroyed with him
    assert g.dp["westernesse"] == 20 + g.units["isildur"].rally       # not counted a second time
    assert not events_of(ev, "demoralization")


@rule("sauron", "[20.2]", "[19.22]")
def test_20_2_a_weapon_the_westernesse_take_back_adds_nothing_to_their_total():
    g = weapon_duel(weapons={"narsil": "gorgol"})                     # Gorgol holds Narsil
    g.eliminate(g.units["gorgol"], "[7.26]", "slain in individual combat", by=g.units["isildur"])
    assert g.weapons["narsil"].to_json() == {"carrier": "isildur", "destroyed": False, "counted": False}
    assert g.dp["westernesse"] == 0


# ===== [21.26] the reinforcement delay's range (declared beside [20.2]'s errata option) ====================
@rule("sauron", "[21.26]")
@pytest.mark.parametrize("delay", [18, -18])
def test_21_26_a_delay_of_up_to_eighteen_game_turns_either_way_is_taken(delay):
    g = ringwar.new_game("sauron", seed=1, options={"reinforcement_delay": delay})
    assert g.options["reinforcement_delay"] == delay
    arrivals = {p.arrival for p in g.units.values() if p.key == "orc_archer" and p.arrival}
    assert arrivals == ({4 + 18} if delay > 0 else {1})               # never before Game-Turn 1


@rule("sauron", "[21.26]")
@pytest.mark.parametrize("delay", [19, -19])
def test_21_26_a_delay_beyond_eighteen_game_turns_is_refused(delay):
    with pytest.raises(RecordError, match=r"reinforcement_delay.*from -18 to 18"):
        ringwar.new_game("sauron", seed=1, options={"reinforcement_delay": delay})


# ===== [16.64] the leader-combat preview says that Sauron on the Pedestal ignores a retreat ===============
def pedestal_duel(phase, sauron_on_pedestal=True, west_carries=False, sauron_alone=False):
    """Sauron (with an Orc Archer, or alone) in 0807 faces Elendil (with Men) in 0808.  The
    Pedestal is in Sauron's hex, carried by his Orc Archer, or lies elsewhere (another Orc
    Archer in 1320 carries it), or Elendil's Men have captured it [16.63]."""
    pos = Position("sauron", seed=3).clear().at(turn=5, phase=phase)
    a = None if sauron_alone else pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    m = pos.place("men", "0808")
    pos.place("elendil", "0808")
    other = pos.place("orc_archer", "1320")
    carrier = m if west_carries else a if sauron_on_pedestal else other
    pos.extra(pedestal={"carrier": carrier})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    return g


def legend(g, action):
    return g.preview(action)["legend"]


@rule("sauron", "[16.64]")
def test_16_64_the_preview_notes_the_ignored_retreat_for_sauron_on_the_pedestal_only():
    g = pedestal_duel("G")
    assert g.pedestal_hex() == g.units["sauron"].hex
    lg = legend(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert lg["Dr2"].endswith("Sauron is on the Pedestal: the retreat is ignored [16.64]")
    assert "[16.64]" not in lg["Ar2"]                  # Elendil, the attacker, retreats as usual
    assert "[16.64]" not in lg["D½"]                   # [16.64] ½E: he stays, his Orcs retreat [7.23]


@rule("sauron", "[16.64]")
def test_16_64_sauron_off_the_pedestal_retreats_in_the_preview():
    g = pedestal_duel("G", sauron_on_pedestal=False)
    assert g.pedestal_hex() == "1320"
    lg = legend(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert "[16.64]" not in lg["Dr2"] and "retreat two hexes" in lg["Dr2"]


@rule("sauron", "[16.64]")
def test_16_64_a_westernesse_leader_on_the_captured_pedestal_is_not_spared():
    g = pedestal_duel("D", west_carries=True)
    assert g.pedestal_hex() == g.units["elendil"].hex
    lg = legend(g, {"type": "leader_attack", "unit": "sauron", "target": "elendil"})
    assert "[16.64]" not in lg["Dr2"] and "retreat two hexes" in lg["Dr2"]
    assert "[16.64]" not in lg["Ar2"]                  # Sauron is off the Pedestal here


def ignored(events):
    return [e for e in events if e["rule"] == "[16.64]"]


@rule("sauron", "[16.64]")
def test_16_64_half_e_on_the_pedestal_is_no_ignored_retreat_his_orcs_still_retreat():
    g = pedestal_duel("G")
    rig(g, 6, 6, 6)                                   # 10 vs 10: column 0, die 6: D½
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert events_of(ev, "roll")[0]["result"] == "Dh"
    assert not ignored(ev)                            # nothing is ignored: he is reduced
    assert g.units["sauron"].reduced
    assert g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == "orc_archer1"   # [7.23]


@rule("sauron", "[16.64]")
@pytest.mark.parametrize("alone", [False, True])
def test_16_64_sauron_off_the_pedestal_retreats_after_r2(alone):
    g = pedestal_duel("G", sauron_on_pedestal=False, sauron_alone=alone)
    rig(g, 5, 6, 6)                                   # column 0, die 5: Dr2
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2" and not ignored(ev)
    who = "sauron" if alone else "orc_archer1"        # [7.26] alone he retreats; else [7.23] his unit
    assert g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == who
    play(g, {"type": "retreat", "unit": who, "to": g.pending[0]["options"][0]})
    assert g.units["sauron"].hex != "0807"


@rule("sauron", "[16.64]")
def test_16_64_a_westernesse_leader_on_the_captured_pedestal_retreats_after_r2():
    g = pedestal_duel("D", west_carries=True)
    rig(g, 5, 6, 6)                                   # column 0, die 5: Dr2
    ev = play(g, {"type": "leader_attack", "unit": "sauron", "target": "elendil"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2" and not ignored(ev)
    assert g.pending[0]["kind"] == "retreat" and g.pending[0]["unit"] == "men1"
    play(g, {"type": "retreat", "unit": "men1", "to": g.pending[0]["options"][0]})
    assert g.units["elendil"].hex != "0808"


# ===== [17.32] the armoured Beast: no missile or melee at it, only an adjacent leader with a weapon ========
def beast_in_g(armor, archer_hex="0810", elendil_hex="0807", orc_hex="0910"):
    """Game-Turn 15, phase G: the Beast in 0808 (with Magic Armor or without), an Orc in
    ``orc_hex``; Men Archers in ``archer_hex``, Elendil (Narsil) with Men in ``elendil_hex``."""
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    pos.place("men", elendil_hex)
    pos.place("elendil", elendil_hex)
    pos.place("men_archers", archer_hex)
    pos.place("orc", orc_hex)
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0} if armor else {}})
    return pos.game()


def fire_targets(g):
    return {a["target"] for a in acts(g, "fire")}


def leader_targets(g, leader="elendil"):
    """The targets ``leader`` is offered in the Leader Combat step of this phase G (none if
    the phase held nothing to do and was passed over)."""
    while g.phase == "G" and g.step != "leader":
        play(g, {"type": "end"})
    if g.phase != "G":
        return set()
    return {a["target"] for a in acts(g, "leader_attack") if a["unit"] == leader}


@rule("sauron", "[17.32]", "[17.31]")
def test_17_32_missiles_may_hit_the_beast_without_armor_never_with_it():
    g = beast_in_g(armor=False)
    assert g.step == "missile" and fire_targets(g) == {"beast", "orc1"}     # [17.31]
    g = beast_in_g(armor=True)
    assert g.step == "missile" and fire_targets(g) == {"orc1"}              # the Orc still may be hit
    illegal(g, {"type": "fire", "unit": "men_archers1", "target": "beast"})


@rule("sauron", "[17.32]", "[17.31]")
def test_17_32_a_leader_attacks_only_the_armoured_beast_and_only_from_next_to_it():
    assert "beast" in leader_targets(beast_in_g(armor=True, orc_hex="2020"))
    assert "beast" not in leader_targets(beast_in_g(armor=False, orc_hex="2020"))   # units attack it [17.31]
    far = beast_in_g(armor=True, elendil_hex="0806", orc_hex="2020")               # two hexes away
    assert "beast" not in leader_targets(far)


@rule("sauron", "[17.32]", "[17.0]")
def test_17_32_a_slain_armoured_beast_is_no_leader_target():
    g = beast_in_g(armor=True, orc_hex="2020")
    g.eliminate(g.units["beast"], "[7.42]", "lost in combat")
    g._after_change()
    assert g.beast_power("armor")                       # the power's record outlives it
    assert "beast" not in leader_targets(g)


# ===== [20.1] the Beast slain adds 15 points; only Sauron's death demoralizes at once ======================
@rule("sauron", "[20.1]")
def test_20_1_the_beast_slain_adds_15_demoralization_points_another_unit_none():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    o = pos.place("orc", "0807")
    pos.place("men", "0404")
    pos.extra(beast={"hex": "0808"})
    g = pos.game()
    ev = g.eliminate(g.units[o], "[7.42]", "lost in combat")
    assert g.dp["sauron"] == g.demoralization_value(g.units[o])         # its own value [20.0], no more
    assert not [e for e in ev if e["rule"] == "[20.1]"]
    before = g.dp["sauron"]
    ev = g.eliminate(g.units["beast"], "[7.42]", "lost in combat")
    assert g.dp["sauron"] - before == g.demoralization_value(g.units["beast"]) + 15
    assert [e for e in ev if e["rule"] == "[20.1]"]
    assert not g.demoralized["sauron"]


@rule("sauron", "[20.1]")
def test_20_1_another_sauron_leader_slain_does_not_demoralize_his_army():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="D")
    pos.place("orc", "0807")
    pos.place("gorgol", "0807")
    pos.place("men", "0404")
    g = pos.game()
    ev = g.eliminate(g.units["gorgol"], "[7.26]", "killed in individual combat")
    assert not g.demoralized["sauron"] and not [e for e in ev if e["rule"] == "[20.1]"]


# ===== whole-system estimate survivors (issue 17, round 4, --sample-mutants 50 --seed 1) ================
@rule("sauron", "[16.6]")
@pytest.mark.parametrize("hex_, ok", [("0808", True), ("9999", False), ("08O8", False)])
def test_16_6_a_set_up_pedestal_lying_in_a_hex_names_a_hex_of_the_map(hex_, ok):
    setup = {"clear": True, "turn": 15, "phase": "C", "pedestal": {"hex": hex_, "carrier": None},
             "place": [{"id": "men1", "hex": "0404"}, {"id": "orc_archer1", "hex": "0810"}]}
    if ok:
        system_class("sauron").validate_setup(setup)
        g = ringwar.new_game("sauron", seed=1, setup=setup)
        assert g.view("sauron")["exclusive"]["pedestal"] == {"hex": hex_, "carrier": None}
    else:
        with pytest.raises(RecordError, match=r"pedestal\.hex"):
            system_class("sauron").validate_setup(setup)
        with pytest.raises(RecordError, match=r"pedestal\.hex"):
            ringwar.new_game("sauron", seed=1, setup=setup)


@rule("sauron", "[18.0]", "[16.62]", "[21.12]")
def test_18_0_the_pedestal_s_carrier_withdrawing_into_mordor_takes_it_off_the_map():
    # the Orc Archer carrying the Pedestal withdraws through 1331 [18.0]: the Pedestal lies in no
    # hex while he is away (the view, and the state its hash is taken from), and comes back with
    # him when he re-enters by 1331 the next Game-Turn
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    a = pos.place("orc_archer", "1331")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    assert g.step_side == "sauron" and g.pedestal_hex() == "1331"
    ev = play(g, {"type": "exit", "unit": a})
    assert events_of(ev, "exit")[0]["rule"] == "[18.0]" and g.units[a].where == "offmap"
    assert g.pedestal == Pedestal(None, a)
    assert g.view("westernesse")["exclusive"]["pedestal"] == {"hex": None, "carrier": a}


@rule("sauron", "[16.2]", "[17.21]")
@pytest.mark.parametrize("path, match", [(("spells", "wrath", "radius"), r"wrath: needs its 'radius' \[16\.2\]"),
                                         (("beast", "powers", "flight", "hexes"), r"flight: needs its 'hexes' \[17\.21\]")])
def test_16_2_17_21_the_wrath_radius_and_the_flight_range_come_from_the_data_alone(monkeypatch, path, match):
    # the Wrath's radius (reconstructed) and the Beast's flight range are read from
    # data/sauron/scenario.toml, with no default in the code: a scenario without them is refused
    from ringwar.systems.spi import data

    real = data._load_toml

    def without(package, name):
        d = real(package, name)
        if name == "scenario.toml":
            node = d
            for k in path[:-1]:
                node = node[k]
            del node[path[-1]]
        return d

    monkeypatch.setattr(data, "_load_toml", without)
    with pytest.raises(ValueError, match=match):
        data.scenario.__wrapped__("sauron")
