"""Sauron Exclusive Rules [16.0] spells and the Pedestal, [17.0] the Beast of Mordor,
[19.0] magic weapons."""

from __future__ import annotations

import pytest

from conftest import Position, acts, dests, events_of, illegal, play, rig
from ringwar.core import hexes as hx

rule = pytest.mark.rule


def magic(turn=5, phase="A", spent=0, options=None, extra=(), sauron_hex="1320", **kw):
    pos = Position("sauron", seed=3, options=options).clear().at(turn=turn, phase=phase)
    a = pos.place("orc_archer", sauron_hex)
    pos.place("sauron", sauron_hex)
    ids = [pos.place(t, h) for t, h in extra]
    if not any(t in ("men", "cavalry_x", "elf", "dwarf", "swordsmen") for t, _ in extra):
        pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a}, **kw)
    if spent:
        pos.magic_spent(sauron=spent)
    return pos, a, ids


def cast(g, spell, points, *dice):
    if dice:
        rig(g, *dice)
    return play(g, {"type": "cast", "unit": "sauron", "spell": spell, "points": points})


# ===== [16.0] spells ===================================================================================
@rule("sauron", "[16.0]")
def test_16_0_only_sauron_casts_spells():
    pos, a, ids = magic(extra=[("orc", "1010")])
    pos.place("ringwraith", "1010")
    g = pos.game()
    casters = {x["unit"] for x in g.legal_actions() if x["type"] in ("cast", "conjure", "beast_power")}
    assert casters == {"sauron"}
    kinds = {x["spell"] for x in acts(g, "cast")}
    assert kinds == {"sinister_visions", "wrath", "eclipse"}


@rule("sauron", "[16.5]")
def test_16_5_magic_capability_table_reconstructed():
    g = Position("sauron").clear().game()
    want = {
        "sinister_visions": [(6, 8), (5, 8), (4, 9), (3, 9), (3, 10), None],
        "wrath": [(5, 8), (4, 9), (3, 10), None, None, None],
        "eclipse": [(6, 7), (6, 8), (5, 8), (4, 9), (3, 10), None],
    }
    for key, cells in want.items():
        spell = g.sc.spells[key]
        assert [spell.succeeds_on(p) for p in range(1, 7)] == cells
    assert (g.sc.spells["sinister_visions"].allowance, g.sc.spells["wrath"].allowance,
            g.sc.spells["eclipse"].allowance) == (2, 3, 2)


@rule("sauron", "[16.5]")
@rule("standard", "[8.54]")
def test_16_5_cast_roll_uses_the_points_column():
    pos, a, _ = magic(extra=[("orc", "1010")])
    pos.place("ringwraith", "1010")
    g = pos.game()
    ev = cast(g, "wrath", 2, 4, 6)                # 2 points: 4-9, rolled 10 -> fails
    assert not events_of(ev, "spell")[0]["success"] and events_of(ev, "spell")[0]["cell"] == "wrath/2"
    pos, a, _ = magic(extra=[("orc", "1010")])
    pos.place("ringwraith", "1010")
    g = pos.game()
    ev = cast(g, "wrath", 2, 4, 5)
    assert events_of(ev, "spell")[0]["success"]


@rule("sauron", "[16.1]")
def test_16_1_sinister_visions_disrupts_men_of_morale_x_or_worse():
    extra = [("men", "0808"), ("men_archers", "0810"), ("swordsmen", "1010"), ("cavalry_w", "1210"),
             ("dwarf", "0606"), ("elf", "0604"), ("elf_archer", "0602")]
    pos, a, ids = magic(extra=extra)
    g = pos.game()
    ev = cast(g, "sinister_visions", 6)            # 6 points: automatic
    assert events_of(ev, "spell")[0]["success"]
    disrupted = {k for k, u in zip(extra, ids, strict=True) if g.units[u].disrupted}
    assert {k[0] for k in disrupted} == {"men", "men_archers"}
    assert g.units["sauron"].magic_spent == 6


@rule("sauron", "[16.1]", "[19.13]")
def test_16_1_visions_victims_rally_only_three_hexes_from_sauron():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="H")
    near = pos.place("men", "1318", disrupted=True)         # two hexes from Sauron
    far = pos.place("men", "1316", disrupted=True)          # four hexes
    other = pos.place("men", "1218", disrupted=True)
    pos.place("anarion", "1317")
    pos.place("elendil", "1219")
    pos.place("orc_archer", "1320")
    pos.place("sauron", "1320")
    pos.extra(spells={"sinister_visions": 5})
    g = pos.game()
    for u in (near, far, other):
        g.units[u].set_flag("visions", True)
    g._after_change()
    r = {(x["unit"], x["target"]) for x in acts(g, "rally")}
    assert ("anarion", far) in r and ("anarion", near) not in r
    err = g.may_rally(g.units["anarion"], g.units[near])
    assert err is not None and err.rule == "[16.1]"
    # [19.13] Elendil carries Narsil: the spell does not hinder his rallying
    assert ("elendil", other) in r and hx.distance("1218", "1320") < 3


@rule("sauron", "[16.1]")
def test_16_1_two_per_game():
    pos, a, _ = magic()
    g = pos.game()
    g.spell_state.cast["sinister_visions"] = 2
    g._after_change()
    assert not [x for x in acts(g, "cast") if x["spell"] == "sinister_visions"]
    assert [x for x in acts(g, "cast") if x["spell"] == "eclipse"]


@rule("sauron", "[16.2]")
def test_16_2_wrath_raises_melee_attack_within_five_hexes_of_the_ringwraith():
    pos = Position("sauron", seed=3).clear().at(turn=6, phase="D")
    near = pos.place("orc", "0807")
    far = pos.place("orc", "2007")
    arch = pos.place("orc_archer", "0806")
    pos.place("orc", "1008")
    pos.place("ringwraith", "1008")
    _m1, _m2 = pos.place("men", "0808"), pos.place("men", "2008")
    pos.extra(spells={"wrath": 8})
    g = pos.game()
    assert g.attack_letter(g.units[near], melee=True) == "C"      # D one level better
    assert g.attack_letter(g.units[far], melee=True) == "D"       # 12 hexes away
    assert g.attack_letter(g.units[arch], melee=False) == "e"     # melee only
    assert g.attack_letter(g.units[arch], melee=True) == "D"


@rule("sauron", "[16.2]")
def test_16_2_wrath_lasts_three_turns():
    pos, a, _ = magic(extra=[("orc", "1010")])
    pos.place("ringwraith", "1010")
    g = pos.game()
    cast(g, "wrath", 4)                               # automatic
    assert [g.spell_active("wrath", t) for t in (4, 5, 6, 7, 8)] == [False, True, True, True, False]


@rule("sauron", "[16.3]")
def test_16_3_total_eclipse_makes_the_turn_a_night_turn():
    pos, a, _ = magic(extra=[("orc", "1010")])
    pos.place("gorgol", "1010")
    g = pos.game()
    assert not g.is_night()
    cast(g, "eclipse", 6)
    assert g.is_night() and not g.is_night(6)
    assert g.is_fanatical(g.units[_[0]])
    assert g.rally_rating(g.units["gorgol"]) == 8


# ===== [16.6] the Pedestal ===============================================================================
@rule("sauron", "[16.61]")
def test_16_61_sauron_must_begin_the_phase_on_the_pedestal():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1320")
    pos.place("orc", "1318")
    pos.place("sauron", "1318")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    assert not acts(g, "cast")
    play(g, {"type": "move", "unit": "sauron", "to": "1320"})    # moving onto it is too late
    assert not acts(g, "cast")


@rule("sauron", "[16.61]")
def test_16_61_pedestal_moved_in_the_previous_movement_phase():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="A")
    a = pos.place("orc_archer", "1321")
    pos.place("sauron", "1319")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    play(g, {"type": "end"})                                   # A: Sauron stays
    assert g.phase == "C"
    play(g, {"type": "move", "unit": a, "to": "1319"})          # the archer brings the Pedestal
    while g.phase != "E":
        play(g, {"type": "end"})
    assert g.pedestal_hex() == g.units["sauron"].hex
    assert not acts(g, "cast")                                  # it moved in C


@rule("sauron", "[16.62]")
def test_16_62_the_pedestal_goes_with_its_orc_archer():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    a = pos.place("orc_archer", "1320")
    pos.place("men", "0404")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    play(g, {"type": "move", "unit": a, "to": "1318"})
    assert g.pedestal_hex() == "1318" and g.pedestal.carrier == a
    assert g.movement_allowance(g.units[a]) == 4


@rule("sauron", "[16.63]")
def test_16_63_pedestal_left_when_its_carrier_dies_captured_and_recaptured():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="G")
    a = pos.place("orc_archer", "0807")
    a2 = pos.place("orc_archer", "1210")
    c = pos.place("cavalry_x", "0808")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 3, 3, 1)                                  # B vs 3: hit; Y die 1: E
    play(g, {"type": "attack", "unit": c, "target": a}, {"type": "resolve"})
    assert not g.units[a].on_map
    assert g.pedestal.carrier is None and g.pedestal_hex() == "0807"
    # the cavalry advances into the hex and captures it
    assert g.pending and g.pending[0]["kind"] == "advance"
    play(g, {"type": "advance", "unit": c, "to": "0807"})
    assert g.pedestal.carrier == c
    # recaptured by a Sauron unit: handed at once to an Orc Archer
    g.eliminate(g.units[c], "[7.42]", "test")
    assert g.pedestal.carrier is None and g.pedestal_hex() == "0807"
    troll = g.units[a2]
    ev = g.pick_up_pedestal(troll)
    assert g.pedestal.carrier == a2 and ev


@rule("sauron", "[16.63]")
def test_16_63_recapture_by_a_non_archer_goes_to_the_nearest_orc_archer():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="C")
    t = pos.place("troll", "0806")
    a = pos.place("orc_archer", "1210")
    pos.place("men", "0404")
    pos.extra(pedestal={"hex": "0807", "carrier": None})
    g = pos.game()
    play(g, {"type": "move", "unit": t, "to": "0807"})
    assert g.pedestal.carrier == a


@rule("sauron", "[16.63]")
def test_16_63_pedestal_is_never_retreated():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="G")
    a = pos.place("orc_archer", "0807")
    c = pos.place("cavalry_x", "0808")
    pos.place("orc", "2020")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    rig(g, 3, 3, 6)                                   # Y die 6: r1
    play(g, {"type": "attack", "unit": c, "target": a}, {"type": "resolve"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": a, "to": g.pending[0]["options"][0]})
    assert g.units[a].hex != "0807"
    assert g.pedestal_hex() == "0807" and g.pedestal.carrier in (None, c)


@rule("sauron", "[16.64]")
def test_16_64_sauron_on_the_pedestal_ignores_retreats():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="G")
    a = pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    pos.place("men", "0808")
    pos.place("elendil", "0808")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    rig(g, 5, 6, 6)                                   # 10 vs 10: column 0, die 5: Dr2
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    assert events_of(ev, "roll")[0]["result"] == "Dr2"
    assert any(e["rule"] == "[16.64]" for e in ev)
    while g.pending and g.pending[0]["kind"] == "retreat":
        assert g.pending[0]["unit"] != "sauron"
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    assert g.units["sauron"].hex == "0807"


@rule("sauron", "[16.64]")
def test_16_64_half_e_leaves_sauron_on_the_pedestal():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="G")
    a = pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    pos.place("men", "0808")
    pos.place("elendil", "0808")
    pos.extra(pedestal={"carrier": a})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    rig(g, 6, 6, 6)                                   # column 0, die 6: D½
    play(g, {"type": "leader_attack", "unit": "elendil", "target": "sauron"})
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})
    s = g.units["sauron"]
    assert s.reduced and s.hex == g.pedestal_hex()


# ===== [17.0] the Beast of Mordor ==========================================================================
@rule("sauron", "[17.0]")
def test_17_0_conjured_only_at_night_for_five_points_stacked_with_sauron():
    pos, a, _ = magic(turn=14)
    assert not acts(pos.game(), "conjure")
    pos, a, _ = magic(turn=15)
    g = pos.game()
    assert {"type": "conjure", "unit": "sauron"} in g.legal_actions()
    play(g, {"type": "conjure", "unit": "sauron"})
    assert g.units["beast"].hex == "1320" and g.units["sauron"].magic_spent == 5


@rule("sauron", "[17.0]")
def test_17_0_not_enough_points_no_beast():
    pos, a, _ = magic(turn=15, spent=41)
    assert not acts(pos.game(), "conjure")


@rule("sauron", "[17.0]")
def test_17_0_once_slain_never_again():
    pos, a, _ = magic(turn=15, beast={"hex": "1010"})
    g = pos.game()
    g.eliminate(g.units["beast"], "[7.42]", "test")
    g._after_change()
    assert not acts(g, "conjure")
    assert g.dp["sauron"] == 15                                   # [20.1]


@rule("sauron", "[17.0]", "[17.2]")
def test_17_0_a_power_may_be_given_in_the_phase_after_conjuring():
    pos, a, _ = magic(turn=15)
    g = pos.game()
    play(g, {"type": "conjure", "unit": "sauron"})
    powers = {x["power"] for x in acts(g, "beast_power")}
    assert {"horn", "armor", "flight"} <= powers
    assert not acts(g, "cast")                                    # the conjuring was the spell


@rule("sauron", "[17.1]")
def test_17_1_beast_ignores_zocs_exerts_none_armour_4_morale_x_moves_4():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="C")
    pos.place("men", "0809")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0806"})
    g = pos.game()
    b = g.units["beast"]
    assert (b.armour_now(), g.defence_morale(b), g.movement_allowance(b)) == (4, "X", 4)
    d = dests(g, "beast")
    assert "0710" in d and max(hx.distance("0806", h) for h in d) == 4
    assert not any("beast" in ids for ids in g.zoc_map("sauron").values())


@rule("sauron", "[17.21]")
def test_17_21_flight_twelve_hexes_regardless_of_terrain():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="C")
    pos.place("men", "0404")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "1228", "powers": {"flight": 15}})
    g = pos.game()
    d = dests(g, "beast")
    assert max(hx.distance("1228", h) for h in d) == 12
    # it flies over mountains (the ground path is far longer) but lands only where it may stand
    assert g.hexmap.terrain("1529") == "mountain" and "1529" not in d
    assert all(g.hexmap.terrain(h) not in ("mountain", "crater") for h in d)
    assert "1331" in d and hx.distance("1228", "1331") <= 4


@rule("sauron", "[17.22]")
def test_17_22_horn_attack_at_a_for_two_turns():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    m = pos.place("men", "0809")
    pos.extra(beast={"hex": "0808", "powers": {"horn": 16}})
    g = pos.game()
    assert g.attack_letter(g.units["beast"], melee=True) == "A"
    rig(g, 2, 2, 6)
    ev = play(g, {"type": "attack", "unit": "beast", "target": m}, {"type": "resolve"})
    assert events_of(ev, "roll")[0]["cell"] == "A/3"
    pos, a, _ = magic(turn=15, beast={"hex": "1320"})
    g = pos.game()
    play(g, {"type": "beast_power", "unit": "sauron", "power": "horn"})
    assert [g.beast_power("horn")] and g.spell_state.beast.powers["horn"] == 16
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    m = pos.place("men", "0809")
    pos.extra(beast={"hex": "0808"})
    g = pos.game()
    assert g.attack_letter(g.units["beast"], melee=True) is None     # no horn: no attack


@rule("sauron", "[17.23]", "[17.32]")
def test_17_23_magic_armor_only_a_magic_weapon_leader_may_attack():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    c = pos.place("cavalry_x", "0809")
    pos.place("men", "0807")
    pos.place("elendil", "0807")
    pos.place("men_archers", "0606")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0}})
    g = pos.game()
    assert not [x for x in acts(g, "fire") if x["target"] == "beast"]
    while g.step != "leader":
        play(g, {"type": "end"})
    assert {"type": "leader_attack", "unit": "elendil", "target": "beast"} in g.legal_actions()
    rig(g, 2, 2, 6)                                  # A vs 4: 4-7 hit; X die 6: r1
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "beast"})
    assert events_of(ev, "roll")[0]["cell"] == "A/4"
    assert not [x for x in acts(g, "attack") if x["target"] == "beast"]
    illegal(g, {"type": "attack", "unit": c, "target": "beast"})


@rule("sauron", "[17.23]")
def test_17_23_leader_without_a_magic_weapon_may_not():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    pos.place("men", "0807")
    pos.place("anarion", "0807")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0808", "powers": {"armor": 0}})
    g = pos.game()
    assert not [x for x in acts(g, "leader_attack") if x["target"] == "beast"]


@rule("sauron", "[17.24]")
def test_17_24_death_breath_kills_every_westernesse_unit_in_the_zone():
    pos, a, _ = magic(turn=15, sauron_hex="0808", beast={"hex": "0808"},
                      extra=[("men", "0809"), ("men", "0810"), ("men", "0807"), ("men", "0811")])
    pos.place("anarion", "0809")
    g = pos.game()
    front, two, back, three = _
    ev = play(g, {"type": "beast_power", "unit": "sauron", "power": "breath", "facing": 4})
    zone = events_of(ev, "death_breath")[0]["zone"]
    assert "0809" in zone and "0810" in zone and len(zone) == 5
    assert all(hx.distance("0808", h) <= 2 for h in zone)
    assert not g.units[front].on_map and not g.units[two].on_map and not g.units["anarion"].on_map
    assert g.units[back].on_map and g.units[three].on_map
    assert g.units["sauron"].magic_spent == 20


@rule("sauron", "[17.31]")
def test_17_31_the_beast_may_be_killed_by_missile_or_melee():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="G")
    b = pos.place("men_archers", "0810")
    pos.place("orc", "2020")
    pos.extra(beast={"hex": "0808"})
    g = pos.game()
    assert {"type": "fire", "unit": b, "target": "beast"} in g.legal_actions()
    g.eliminate(g.units["beast"], "[7.42]", "test")
    assert g.dp["sauron"] == 15 and g.vp["westernesse"] == 2


@rule("sauron", "[17.33]")
def test_17_33_flipped_beast_halves_movement_and_doubles_costs():
    pos, a, _ = magic(turn=15, beast={"hex": "1320", "reduced": True})
    g = pos.game()
    assert g.movement_allowance(g.units["beast"]) == 2
    assert g.beast_cost(4) == 8 and g.beast_cost(20) == 40
    ev = play(g, {"type": "beast_power", "unit": "sauron", "power": "horn"})
    assert events_of(ev, "beast_power")[0]["cost"] == 8
    assert g.units["sauron"].magic_spent == 8


# ===== [19.0] magic weapons ====================================================================================
def duel(options=None, att="elendil", weapons=None, turn=5):
    pos = Position("sauron", seed=3, options=options).clear().at(turn=turn, phase="G")
    pos.place("men", "0808")
    pos.place(att, "0808")
    pos.place("orc", "0807")
    pos.place("gorgol", "0807")
    if weapons is not None:
        pos.extra(weapons=weapons)
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    return g


@rule("sauron", "[19.11]", "[19.1]", "[19.0]")
@pytest.mark.parametrize("errata,col", [(True, "+4"), (False, "+6")])
def test_19_11_weapon_adds_to_individual_combat_rating(errata, col):
    g = duel({"errata_19_11": errata})
    rig(g, 4)
    ev = play(g, {"type": "leader_attack", "unit": "elendil", "target": "gorgol"})
    assert events_of(ev, "roll")[0]["cell"] == f"{col}/4"       # 9 + 1 (or + 3) - 5
    assert g.rally_rating(g.units["elendil"]) == 9               # not for rallying


@rule("sauron", "[19.12]")
def test_19_12_units_stacked_with_a_weapon_leader_attack_one_level_better():
    g = duel()
    men = [p for p in g.pieces_at("0808") if not p.is_leader][0]
    assert g.attack_letter(men, melee=True) == "C"
    g2 = duel(att="anarion")
    men2 = [p for p in g2.pieces_at("0808") if not p.is_leader][0]
    assert g2.attack_letter(men2, melee=True) == "D"


@rule("sauron", "[19.23]")
def test_19_23_anyone_may_carry_only_the_named_may_use():
    g = duel(att="anarion", weapons={"narsil": "anarion"})
    men = [p for p in g.pieces_at("0808") if not p.is_leader][0]
    assert g.attack_letter(men, melee=True) == "D"
    assert g.carried_weapon(g.units["anarion"]) is None
    assert g.view("westernesse")["exclusive"]["weapons"]["Narsil"]["carrier"] == "anarion"


def exchange_game(errata=True, elendil_reduced=False):
    pos = Position("sauron", seed=3, options={"errata_19_14": errata}).clear().at(turn=5, phase="F")
    pos.place("men", "0808")
    pos.place("elendil", "0808", reduced=elendil_reduced)
    pos.place("isildur", "0808")
    pos.place("orc", "2020")
    return pos.game()


@rule("sauron", "[19.14]")
def test_19_14_errata_narsil_passes_only_from_a_wounded_elendil():
    g = exchange_game()
    assert not acts(g, "exchange")
    g = exchange_game(elendil_reduced=True)
    ex = {"type": "exchange", "unit": "elendil", "target": "isildur"}
    assert ex in g.legal_actions()
    play(g, ex)
    assert g.weapons["narsil"].carrier == "isildur"
    assert dests(g, "isildur") and dests(g, "elendil")              # no movement penalty


@rule("sauron", "[19.14]")
def test_19_14_errata_off_free_exchange_in_the_same_hex():
    g = exchange_game(errata=False)
    ex = {"type": "exchange", "unit": "elendil", "target": "isildur"}
    assert ex in g.legal_actions()
    play(g, ex)
    assert {"type": "exchange", "unit": "isildur", "target": "elendil"} in g.legal_actions()


@rule("sauron", "[19.21]", "[19.2]", "[20.2]")
def test_19_21_weapon_destroyed_with_its_leader_in_melee():
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="D")
    t = pos.place("troll", "0807")
    m = pos.place("men_archers", "0808")
    pos.place("elendil", "0808")
    pos.place("men", "0404")
    g = pos.game()
    rig(g, 2, 2, 1, 6)                              # B vs 2 hit; Y die 1: E; risk 6: Elendil dies
    play(g, {"type": "attack", "unit": t, "target": m}, {"type": "resolve"})
    assert not g.units["elendil"].on_map
    assert g.weapons["narsil"].destroyed
    assert g.dp["westernesse"] == 7 + 20 + 9                     # unit + weapon + Elendil's rating
    assert g.vp["sauron"] == 2                                    # no capture points


@rule("sauron", "[19.22]", "[21.12]")
def test_19_22_weapon_captured_in_leader_combat():
    pos = Position("sauron", seed=3).clear().at(turn=15, phase="D")
    pos.place("orc_archer", "0807")
    pos.place("sauron", "0807")
    pos.place("men", "0808")
    pos.place("isildur", "0808")
    pos.extra(weapons={"narsil": "isildur"})
    g = pos.game()
    while g.step != "leader":
        play(g, {"type": "end"})
    rig(g, 6, 1, 1, 1, 1)                          # 13 vs 8: +5 column "+4", die 6: De
    ev = play(g, {"type": "leader_attack", "unit": "sauron", "target": "isildur"})
    assert events_of(ev, "roll")[0]["result"] == "De"
    assert g.weapons["narsil"].carrier == "sauron" and not g.weapons["narsil"].destroyed
    assert g.vp["sauron"] == 10
    assert g.dp["westernesse"] >= 20 + 7
