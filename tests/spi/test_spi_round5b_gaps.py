"""Standard Rules halves the whole cases of round 5b (issue 17) showed no test checking:
[7.51] who may advance after melee and into which hex -- a single unit into rough, a Shield
Wall into clear (both units go), a Slave Phalanx into rough ([15.3]: a phalanx is not held to
clear terrain as the Westernesse formations are [8.41])."""

from __future__ import annotations

import pytest

from conftest import Position, dests, events_of, illegal, melee, nbrs, play, rig, to_melee

rule = pytest.mark.rule


def retreat_all(g) -> None:
    while g.pending and g.pending[0]["kind"] == "retreat":
        play(g, {"type": "retreat", "unit": g.pending[0]["unit"], "to": g.pending[0]["options"][0]})


# ===== [7.51] into the vacated hex: terrain and formations ======================================
@rule("standard", "[7.51]")
def test_7_51_a_single_unit_advances_into_a_vacated_rough_hex():
    # the Men in clear 0210 eliminate the Orc in rough 0211: a unit not in formation is held
    # only to the terrain it may enter, so it may advance into the rough hex
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    m = pos.place("men", "0210")
    o = pos.place("orc", "0211")
    pos.place("orc", "1515")
    pos.place("men", "1818")
    g = pos.game()
    to_melee(g)
    ev = melee(g, m, o, 1, 1, 1)
    assert events_of(ev, "casualty_result")[0]["result"] == "E"
    assert g.hexmap.terrain("0211") == "rough"
    assert g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0211"
    play(g, {"type": "advance", "unit": m, "to": "0211"})
    assert g.units[m].hex == "0211" and g.units[m].advanced


@rule("standard", "[7.51]", "[8.41]")
def test_7_51_a_shield_wall_advances_into_a_vacated_clear_hex_with_both_units():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="G")
    a, b = pos.place("men", "0210"), pos.place("men", "0210")
    pos.formation(a, b, "shield_wall")
    o = pos.place("orc", "0310")
    pos.place("orc", "1515")
    pos.place("men", "1818")
    g = pos.game()
    to_melee(g)
    assert g.phasing == "westernesse"
    ev = melee(g, a, o, 1, 1, 1)
    assert events_of(ev, "casualty_result")[0]["result"] == "E"
    assert g.hexmap.terrain("0310") == "clear" and g.hexmap.side("0210", "0310") is None
    assert g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0310"
    play(g, {"type": "advance", "unit": a, "to": "0310"})
    assert g.units[a].hex == g.units[b].hex == "0310"
    assert g.units[a].formation == g.units[b].formation == "shield_wall"


@rule("standard", "[7.51]", "[8.41]")
def test_7_51_a_slave_phalanx_advances_into_a_vacated_rough_hex():
    # [8.41] binds the Westernesse formations to clear terrain; a Sauron Slave Phalanx is not
    # so bound: after its Men retreat out of rough 0211, the phalanx may advance into it
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    a, b = pos.place("slave", "0210"), pos.place("slave", "0210")
    pos.formation(a, b, "phalanx")
    m = pos.place("men", "0211")
    pos.place("men", "1515")
    pos.place("orc", "1818")
    g = pos.game()
    to_melee(g)
    ev = melee(g, a, m, 2, 2, 1)                           # A vs 4: 4-7 hit; X die 1: ½E+r1
    assert events_of(ev, "casualty_result")[0]["result"] == "hE+r1"
    retreat_all(g)
    assert g.units[m].hex != "0211" and g.hexmap.terrain("0211") == "rough"
    assert g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0211"
    play(g, {"type": "advance", "unit": a, "to": "0211"})
    assert g.units[a].hex == g.units[b].hex == "0211"


# ===== [7.31] a unit in an enemy ZOC must attack a unit exerting it ============================
@rule("standard", "[7.31]")
def test_7_31_a_unit_in_a_zoc_may_attack_only_the_units_exerting_it():
    # a Dwarf beside a Troll and an Orc, in a record made before the [15.21] fix (the Troll's
    # ZOC did not count for a Dwarf): it is in the Orc's ZOC only, so it must attack the Orc
    # and may not choose the adjacent Troll instead, and the refusal says so
    pos = Position("sauron", seed=3, options={"dwarf_zoc_combat_15_21": False}).clear().at(turn=5, phase="G")
    d = pos.place("dwarf", "0808")
    t = pos.place("troll", "0807")
    o = pos.place("orc", "0909")
    pos.place("orc", "1818")
    g = pos.game()
    to_melee(g)
    assert g.phasing == "westernesse"
    assert {q.id for q in g.zoc_exerters(g.units[d])} == {o}
    mine = [x for x in g.legal_actions() if x.get("type") == "attack" and x.get("unit") == d]
    assert [x["target"] for x in mine] == [o]
    e = illegal(g, {"type": "attack", "unit": d, "target": t}, "[7.31]")
    assert "must attack one of" in str(e) and o in str(e)


@rule("standard", "[7.31]", "[9.32]")
def test_7_31_a_unit_in_no_zoc_bound_to_one_target_is_not_told_it_is_in_a_zoc():
    # the Sauron army is demoralized, so no Sauron unit exerts a ZOC [6.14]; a Dwarf that began
    # its Movement Phase beside an Orc must still attack that Orc [15.22].  Its attack on the
    # adjacent Troll is refused for [15.22], not as "in an enemy ZOC": it is in none
    pos = Position("sauron", seed=3).clear().at(turn=5, phase="F").demoralized(sauron=True)
    d = pos.place("dwarf", "0808")
    o = pos.place("orc", "0807")
    t = pos.place("troll", "0909")
    pos.place("orc", "1818")
    g = pos.game()
    to_melee(g)
    assert g.phase == "G" and not g.zoc_exerters(g.units[d])
    assert [x["target"] for x in g.legal_actions() if x.get("type") == "attack"] == [o]
    e = illegal(g, {"type": "attack", "unit": d, "target": t}, "[15.22]")   # the rule that binds it
    assert "enemy ZOC" not in str(e) and "within two hexes of Orcs [orc1]" in str(e)


# ===== [7.52] [9.32] who is melee-capable: a demoralized army's Z units never are ==============
@rule("standard", "[7.52]", "[9.32]", "[7.31]")
def test_9_32_a_demoralized_armys_z_unit_neither_may_nor_must_melee_its_x_unit_must():
    # Sauron's army is demoralized: its Trolls (X) beside the Men in 1211 may and must melee
    # them [7.31]; its Goblins (Z) beside the Men in 0808 may not melee [9.32], so they are not
    # obliged either, and once the Trolls have attacked the phase is over
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D").demoralized(sauron=True)
    gb = pos.place("goblin", "0807")
    m = pos.place("men", "0808")
    t = pos.place("troll", "1210")
    m2 = pos.place("men", "1211")
    g = pos.game()
    to_melee(g)
    assert g.phase == "D" and g.is_demoralized(g.units[gb]) and g.is_demoralized(g.units[t])
    assert [(x["unit"], x["target"]) for x in g.legal_actions() if x.get("type") == "attack"] == [(t, m2)]
    illegal(g, {"type": "end"}, "[7.31]")
    ev = melee(g, t, m2, 6, 6)                             # B vs 3: 12 is no casualty
    assert events_of(ev, "roll")[0]["hit"] is False
    # nothing left that may melee: the Combat Phase is over, the Goblins never attacked
    assert g.phase != "D" and g.units[m].hex == "0808" and not g.units[gb].attacked


# ===== [8.31] who may rally whom: own side, across which hexsides ==============================
@rule("standard", "[8.31]", "[8.33]")
def test_8_31_a_leader_who_rallies_any_nation_still_rallies_only_his_own_side():
    # Sauron rallies units of any nation [8.33], but never the enemy's: the disrupted Men
    # beside him are refused for that reason; his own disrupted Orc he may rally
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    m = pos.place("men", "0808", disrupted=True)
    o = pos.place("orc", "0707", disrupted=True)
    pos.place("sauron", "0807")
    g = pos.game()
    assert g.to_act == "sauron"
    assert [(x["unit"], x["target"]) for x in g.legal_actions() if x.get("type") == "rally"] == [("sauron", o)]
    e = illegal(g, {"type": "rally", "unit": "sauron", "target": m}, "[8.31]")
    assert "own side" in str(e)


@rule("standard", "[8.31]")
def test_8_31_a_slope_hexside_does_not_stop_a_rally():
    # only walls and like impassable hexsides separate a leader from a unit: Anarion rallies
    # his Men across the slope 0712/0713
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="H")
    m = pos.place("men", "0713", disrupted=True)
    pos.place("anarion", "0712")
    pos.place("orc", "2020")
    g = pos.game()
    assert g.hexmap.side("0712", "0713")["kind"] == "slope"
    assert ("anarion", m) in {(x["unit"], x["target"]) for x in g.legal_actions() if x.get("type") == "rally"}


@rule("standard", "[8.31]")
def test_8_31_no_rally_across_an_unbreached_wall_but_across_a_breached_one():
    # Gondor's Second Wall between 1606 and 1607: Imrahil may not rally the Spearmen below it
    # while it stands; once breached he may.  Records made before the fix (a breach did not
    # count, option rally_breach_8_31 false) keep the refusal
    def game(breached, **options):
        pos = Position("gondor", seed=1, options=options or None).clear().at(turn=8, phase="H")
        u = pos.place("gondor_spearmen", "1607", disrupted=True)
        pos.place("imrahil", "1606")
        pos.place("orc_infantry", "1214")
        if breached:
            pos.extra(siege={"breached": ["1606/1607"]})
        return pos.game(), u

    g, u = game(False)
    assert g.wall_between("1606", "1607") is not None
    assert not [x for x in g.legal_actions() if x.get("type") == "rally"]
    e = g.may_rally(g.units["imrahil"], g.units[u])
    assert e is not None and e.rule == "[8.31]" and "wall" in str(e)
    g, u = game(True)
    assert g.may_rally(g.units["imrahil"], g.units[u]) is None
    assert {"type": "rally", "unit": "imrahil", "target": u} in g.legal_actions()
    g, u = game(True, rally_breach_8_31=False)
    assert g.may_rally(g.units["imrahil"], g.units[u]).rule == "[8.31]"


# ===== [7.23] a unit stacked with a hurt leader that cannot retreat ============================
@rule("standard", "[7.23]")
def test_7_23_a_unit_that_cannot_retreat_is_inverted_or_if_reduced_eliminated():
    # Isildur, stacked with Men in 0908, suffers D½ from the Ringwraith; every hex around
    # them holds an Orc, so the Men cannot retreat two hexes: at full strength they are
    # inverted and stay, already reduced they are eliminated [7.23]
    for reduced in (False, True):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
        for h in sorted(nbrs("0908")):
            pos.place("orc", h)
        m = pos.place("men", "0908", reduced=reduced)
        pos.place("ringwraith", "0907")
        pos.place("isildur", "0908")
        g = pos.game()
        while g.step != "leader":
            play(g, {"type": "end"})
        rig(g, 6, 6, 6, 6)
        ev = play(g, {"type": "leader_attack", "unit": "ringwraith", "target": "isildur"})
        assert events_of(ev, "roll")[0]["result"] == "Dh"
        assert not any(d["kind"] == "retreat" for d in g.pending)
        if reduced:
            assert not g.units[m].on_map and any(e["unit"] == m for e in events_of(ev, "eliminated"))
        else:
            assert g.units[m].on_map and g.units[m].reduced and g.units[m].hex == "0908"
            assert any(e["unit"] == m and e["rule"] == "[7.23]" for e in events_of(ev, "reduced"))


# ===== [4.27] never into an enemy-occupied hex, even where no ZOC stops the mover ==============
@rule("standard", "[4.27]", "[6.14]")
def test_4_27_no_entry_into_a_demoralized_enemys_hex_though_it_has_no_zoc():
    # Sauron's army is demoralized, so its Orc in 0808 exerts no ZOC [6.14]: the Men may walk
    # past it, into every hex around it, but never into its hex [4.27]
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F").demoralized(sauron=True)
    m = pos.place("men", "0806")
    pos.place("orc", "0808")
    g = pos.game()
    to = dests(g, m)
    assert "0808" not in to
    assert "0809" in to and "0807" in to
