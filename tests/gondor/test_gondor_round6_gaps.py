"""Gondor halves the seed-4 whole-system estimate (issue 17) showed no test checking: [16.41] a
set-up's ready towers are Siege Towers; [16.42] a tower's armour against missile fire in the
preview; [16.47] the preview's legend names the equipment an adverse result would destroy, and
only when there is some; [16.51] no advance through a breach into a hex an enemy leader holds
alone; [16.66] a Fireball outside the city burns until the next Siege Phase, inside for good;
[17.23] the Banner flies through its last Game-Turn."""

from __future__ import annotations

import pytest
from _gondor import gpos

from conftest import play, rig, to_melee
from ringwar.core.errors import RecordError

rule = pytest.mark.rule


@rule("gondor", "[16.41]")
def test_16_41_a_setup_may_make_only_a_siege_tower_ready():
    pos = gpos(phase="B")
    pos.place("orc_infantry", "2011")
    c = pos.place("catapult", "2011")
    t = pos.place("siege_tower", "2010")
    pos.extra(siege={"ready": {c: ["2011", 7]}})
    with pytest.raises(RecordError, match=r"is not a Siege Tower \[16\.41\]"):
        pos.game()
    pos = gpos(phase="B")
    pos.place("orc_infantry", "2010")
    t = pos.place("siege_tower", "2010")
    pos.extra(siege={"ready": {t: ["2010", 7]}})
    assert t in pos.game().siege.ready


@rule("gondor", "[16.42]")
def test_16_42_the_fire_preview_shows_the_tower_s_plus_one_against_missiles():
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "1913")
    pos.place("siege_tower", "1913")
    b = pos.place("gondor_bowman", "1911")
    pos.place("orc_infantry", "2215")
    g = pos.game()
    assert g.step == "missile"
    shifts = g.preview({"type": "fire", "unit": b, "target": o})["shifts"]
    assert {"rule": "[16.42]", "text": "defender in a Siege Tower: armour +1 against missile fire"} in shifts


@rule("gondor", "[16.47]")
def test_16_47_the_melee_preview_names_the_tower_that_would_be_destroyed_and_only_then():
    for with_tower in (True, False):
        pos = gpos(phase="G")
        o = pos.place("orc_infantry", "1913")
        if with_tower:
            pos.place("siege_tower", "1913")
        w = pos.place("gondor_axeman", "1912")
        g = pos.game()
        to_melee(g)
        legend = g.preview({"type": "attack", "unit": w, "target": o})["legend"]
        said = [code for code, text in legend.items() if "[16.47]" in text]
        if with_tower:
            assert said and all("Siege Tower" in legend[c] for c in said)
        else:
            assert said == []


@rule("gondor", "[16.51]", "[4.27]")
def test_16_51_no_advance_through_a_breach_into_a_hex_an_enemy_leader_holds_alone():
    pos = gpos(phase="B")
    tr = pos.place("troll", "1911")
    gr = pos.place("grond", "1911")
    pos.place("imrahil", "1910")                     # a leader alone: no ZOC [6.15], not stacking
    pos.extra(siege={"grond": True})
    g = pos.game()
    rig(g, 3, 4)
    play(g, {"type": "breach", "unit": gr, "hexside": "1910/1911"})
    assert "1910/1911" in g.siege.breached and g.units["imrahil"].hex == "1910"
    assert not (g.pending and g.pending[0]["kind"] == "advance")
    assert g.units[tr].hex == "1911"


@rule("gondor", "[16.66]")
def test_16_66_a_fireball_outside_the_city_burns_until_the_next_siege_phase_inside_for_good():
    for target, where, says in (("1912", "field", "until the next Siege Phase"),
                                ("1910", "city", "for the rest of the game")):
        pos = gpos(phase="B")
        pos.place("orc_infantry", "1913")
        c = pos.place("catapult", "1913")
        pos.place("gondor_spearmen", "1703")
        g = pos.game()
        rig(g, 1)                                            # on target
        ev = play(g, {"type": "fireball", "unit": c, "to": target})
        fire = [e for e in ev if e["type"] == "fire"]
        assert g.siege.fires == {target: where} and says in fire[0]["text"]


@rule("gondor", "[17.23]")
def test_17_23_the_banner_flies_through_its_last_game_turn_and_is_gone_after():
    for until, flies in ((11, "0815"), (10, None)):         # Game-Turn 11 now
        pos = gpos(turn=11, phase="F")
        pos.place("men_spearmen", "0815")
        pos.place("aragorn", "0815")
        pos.place("orc_infantry", "2215")
        pos.extra(siege={"banner": {"with": "aragorn", "until": until}})
        g = pos.game()
        assert g.turn == 11
        assert g.view("westernesse")["exclusive"]["banner"] == flies
