"""[7.51] the advance after combat in Gondor (issue 13, item 3): ``why_not_advance_hook`` refuses
an advance across an unbreached wall ([7.53]; cavalry and Mumakil never on ladders or in
siege towers [16.48]) and Gondor's ``why_not_advance`` lets the relief that attacked from off
the map advance onto its entry hex [14.2]; the advance offered and the refusal of an advance
into another hex read the same predicate (tests/spi/test_spi_advance_predicate.py)."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, gpos

from conftest import illegal, melee, play
from ringwar.core import hexes as hx
from ringwar.systems.gondor.state import Ladder, TowerReady

rule = pytest.mark.rule


@rule("gondor", "[7.53]", "[16.48]", "[16.43]", "[16.41]")
def test_7_53_no_advance_across_an_unbreached_wall_and_the_refusal_cites_7_53():
    pos = gpos(phase="D")
    o = pos.place("orc_infantry", "1909")
    pos.place("gondor_spearmen", "1703")                          # (1908, above the Second Wall: vacated)
    g = pos.game()
    assert g.wall_between("1909", "1908")["high"] == "1908" and not g.breached("1909", "1908")
    e = g.why_not_advance(g.units[o], "1908")
    assert e is not None and e.rule == "[7.53]" and "only on a Ladder or in a Siege Tower" in e.why
    assert g.why_not_advance(g.units[o], "1908", False) is not None
    g.units[o].kind = "cavalry"                                   # (by hand) cavalry never climbs [16.48]
    e = g.why_not_advance(g.units[o], "1908")
    assert e is not None and e.rule == "[7.53]" and "[16.48]" in e.why
    g.units[o].kind = "infantry"
    g.siege.ladders.append(Ladder("1909", hx.hexside("1909", "1908"), g.turn - 1))   # [16.43] ready
    g._features_changed()
    assert g.why_not_advance(g.units[o], "1908") is None
    g.units[o].side = WEST                                        # (by hand) the ladders are Sauron's
    assert g.why_not_advance(g.units[o], "1908").rule == "[7.53]"
    g.units[o].side = SAURON
    g.siege.ladders.clear()
    g._features_changed()
    assert g.why_not_advance(g.units[o], "1908").rule == "[7.53]"
    tower = next(q for q in g.units.values() if "siege_tower" in q.tags)
    g.place(tower, "1909")
    g.siege.ready = {tower.id: TowerReady("1909", g.turn)}           # [16.41] began the Siege Phase here
    g._features_changed()
    assert g.why_not_advance(g.units[o], "1908") is None
    g.remove(tower)
    g.siege.ready = {}
    g.siege.breached.append(hx.hexside("1909", "1908"))
    g._features_changed()
    assert g.why_not_advance(g.units[o], "1908") is None


def _relief_may_advance():
    """Rohan's heavy cavalry attacked from off the map the orc on its entry hex 3610, which
    retreated: the cavalry may advance onto the map."""
    entry = "3610"
    pos = gpos(turn=6, phase="G")
    pos.place("gondor_spearmen", "1706")
    pos.place("orc_infantry", entry)
    rohan = [f"rohan_heavy_cav{i}" for i in (1, 2, 3)] + [f"horse_archers{i}" for i in range(1, 8)]
    pos.extra(siege={"rohan": True}, available=[*rohan, "theoden", "eomer", "eowyn"])
    g = pos.game()
    while g.step != "melee":
        play(g, {"type": "end"})
    attacker = "rohan_heavy_cav1"
    melee(g, attacker, "orc_infantry1", 2, 2, 6)                 # B vs 2: 4-8 hits; Y die 6: r1
    assert g.to_act == SAURON and g.pending[0]["kind"] == "retreat"
    play(g, {"type": "retreat", "unit": "orc_infantry1", "to": "3510"})
    assert g.pending and g.pending[0]["kind"] == "advance" and g.to_act == WEST
    return g, attacker, entry


@rule("gondor", "[14.2]", "[7.51]")
def test_14_2_the_relief_advancing_elsewhere_than_its_vacated_entry_hex_is_refused_citing_the_case():
    g, attacker, entry = _relief_may_advance()
    p = g.units[attacker]
    assert not p.on_map and g.why_not_advance(p, entry) is None
    e = illegal(g, {"type": "advance", "unit": attacker, "to": "3310"}, "[14.2]")
    assert "entry hexes" in e.why and f"only into {entry}" in e.why
    other = next(h for h in sorted(g.entry_hexes(p)) if h != entry and not g.stackers_at(h))
    e = illegal(g, {"type": "advance", "unit": attacker, "to": other}, "[7.51]")
    assert e.why == f"{g.label(p)} may advance only into {entry}, the hex vacated"
    play(g, {"type": "advance", "unit": attacker, "to": entry})
    assert g.units[attacker].hex == entry


@rule("gondor", "[14.2]", "[5.0]", "[7.51]")
def test_14_2_the_relief_may_not_advance_onto_an_entry_hex_held_by_a_unit():
    g, attacker, entry = _relief_may_advance()
    p = g.units[attacker]
    friend, foe = sorted(h for h in g.entry_hexes(p) if h != entry and not g.stackers_at(h))[:2]
    g.relocate(g.units["gondor_spearmen1"], friend)                # (by hand: the predicate alone)
    e = g.why_not_advance(p, friend)
    assert e is not None and e.rule == "[5.0]" and "no room" in e.why
    g.relocate(g.units["orc_infantry1"], foe)
    e = g.why_not_advance(p, foe)
    assert e is not None and e.rule == "[7.51]" and "enemy" in e.why
