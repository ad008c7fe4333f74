"""Standard Rules halves the whole-system mutation estimate (issue 17, round 5: seed 2) and the
whole cases of round 5 showed no test checking: [7.51] a hex a leader still holds is not
vacated; [9.32] [7.15] who avoids enemy ZOCs and whose melee refusal cites [9.32]; [7.31] the
melee refusals of the wrong side and of a friend."""

from __future__ import annotations

import pytest

from conftest import Position, acts, dests, events_of, illegal, melee, to_melee

rule = pytest.mark.rule


# ===== [7.51] a hex still held by an enemy leader is not vacated ================================
@rule("standard", "[7.51]", "[8.24]")
def test_7_51_no_advance_into_a_hex_an_enemy_leader_still_holds():
    # Anarion's Men are eliminated; he survives the [8.24] roll, and no Men of his nation are
    # left to take him, so he stays in 0808: the hex is not vacated and the Trolls may not
    # advance into it.  Without him the hex is empty and they may.
    for with_leader in (True, False):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
        t = pos.place("troll", "0807")
        m = pos.place("men", "0808", reduced=True)             # E-2-Y: die 1 is E
        if with_leader:
            pos.place("anarion", "0808")
        pos.place("dwarf", "0404")                             # no unit Anarion may join
        g = pos.game()
        to_melee(g)
        ev = melee(g, t, m, 3, 3, 1, 1)                        # B vs 2: 6 hits; die 1: E; risk 1
        assert events_of(ev, "eliminated")[0]["unit"] == m
        if with_leader:
            assert g.units["anarion"].hex == "0808" and not events_of(ev, "transfer")
            assert not g.pending and not acts(g, "advance")
        else:
            assert g.pending[0]["kind"] == "advance" and g.pending[0]["hex"] == "0808"


# ===== [9.32] only a demoralized army's Z units: the refusal and the ZOCs =======================
@rule("standard", "[9.32]", "[7.31]")
def test_9_32_a_melee_refusal_cites_9_32_only_for_a_demoralized_armys_z_unit():
    # the Goblins (Z) face the Men in 0808, the Trolls (X) those in 1211: each attacking the
    # other's Men is refused because melee is against an adjacent unit [7.31] -- except the
    # Goblins of a demoralized army, who may never melee at all [9.32]
    for demoralized in (False, True):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="D").demoralized(sauron=demoralized)
        gb = pos.place("goblin", "0807")
        m = pos.place("men", "0808")
        t = pos.place("troll", "1210")
        m2 = pos.place("men", "1211")
        g = pos.game()
        to_melee(g)
        assert g.phase == "D" and g.is_demoralized(g.units[t]) == demoralized
        illegal(g, {"type": "attack", "unit": t, "target": m}, "[7.31]")
        illegal(g, {"type": "attack", "unit": gb, "target": m2}, "[9.32]" if demoralized else "[7.31]")


@rule("standard", "[9.32]", "[8.22]")
def test_9_32_a_demoralized_armys_leader_still_enters_enemy_zocs():
    # leaders have no morale and no ZOC touches them [8.22]: Anarion of a demoralized army
    # may still move beside the enemy, where his Men (X) may go too
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="F").demoralized(westernesse=True)
    m = pos.place("men", "0806")
    pos.place("anarion", "0806")
    pos.place("orc", "0809")
    g = pos.game()
    assert g.is_demoralized(g.units["anarion"]) and g.in_enemy_zoc(g.units[m], "0808")
    assert "0808" in dests(g, "anarion") and "0808" in dests(g, m)


@rule("standard", "[9.32]", "[7.15]")
def test_9_32_missile_only_units_avoid_enemy_zocs_whether_or_not_their_army_is_demoralized():
    # Bowmen (e-1-X) have only a missile strength: never into an enemy ZOC [7.15], their
    # army demoralized or not; Men beside them (X) go there either way ([9.32] is for Z)
    for demoralized in (False, True):
        pos = Position("sauron", seed=3).clear().at(turn=3, phase="F").demoralized(westernesse=demoralized)
        b = pos.place("bowmen", "0806")
        m = pos.place("men", "0706")
        pos.place("orc", "0809")
        g = pos.game()
        assert g.in_enemy_zoc(g.units[b], "0808") and g.in_enemy_zoc(g.units[m], "0808")
        assert "0808" not in dests(g, b) and "0807" in dests(g, b)
        assert "0808" in dests(g, m)


# ===== [7.31] the melee refusals say which half of the rule is broken ==========================
@rule("standard", "[7.31]")
def test_7_31_a_melee_by_the_wrong_side_or_on_a_friend_is_refused_for_that():
    pos = Position("sauron", seed=3).clear().at(turn=3, phase="D")
    o = pos.place("orc", "0807")
    o2 = pos.place("orc", "0806")
    m = pos.place("men", "0808")
    g = pos.game()
    to_melee(g)
    e = illegal(g, {"type": "attack", "unit": m, "target": o}, "[7.31]")
    assert e.why.endswith("is not the phasing player's")
    e = illegal(g, {"type": "attack", "unit": o, "target": o2}, "[7.31]")
    assert e.why == "melee is only against enemy units"
