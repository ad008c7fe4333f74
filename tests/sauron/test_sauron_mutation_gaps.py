"""Sauron rule halves the mutation sample (issue 17, ``tools/mutate.py --system sauron``)
showed no test checking: [16.61] the previous turn's Movement Phase for phase A, [17.0] the
Magic Leader Movement Phase after the Beast's appearance and its set-up, [17.33] a flipped
Beast, [18.0] the Gates of Morannon."""

from __future__ import annotations

import pytest

import ringwar
from conftest import Position, acts, dests, events_of, move_options, play
from ringwar.core import hexes as hx
from ringwar.core.engine import system_class
from ringwar.core.errors import RecordError

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
    assert g.pedestal == {"hex": here, "carrier": None}
    g.pick_up_pedestal(g.units[troll])
    assert g.pedestal["carrier"] == archer and g.pedestal_hex() == "1320"
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
