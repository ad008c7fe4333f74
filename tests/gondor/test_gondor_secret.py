"""Gondor's secret [16.71]: which Cauldrons (and so which Oil counters) are dummies is the
Westernesse player's alone.  Nothing Sauron or an observer is shown (views, logs, recorded
actions as redacted for them, refusals) may differ between a real Cauldron and a dummy."""

from __future__ import annotations

import pytest
from _gondor import SAURON, WEST, gpos

import ringwar
from conftest import play
from ringwar import IllegalAction

rule = pytest.mark.rule


def set_up(real: set[str]):
    """A new game through its Set-up Phase: the Cauldrons in ``real`` are real, the rest dummies,
    every Cauldron in the same hex whichever it is."""
    g = ringwar.new_game("gondor", seed=1)
    play(g, {"type": "deploy_rest"}, {"type": "deploy_rest"})
    assert g.to_act == WEST and g.phase == "S"
    cauldrons = sorted(p.id for p in g.units.values() if "cauldron" in p.tags)
    for i, c in enumerate(cauldrons):
        play(g, {"type": "select", "unit": c})
        h = sorted({a["to"] for a in g.legal_actions()})[i]
        play(g, {"type": "place", "unit": c, "to": h, "real": c in real})
    return g, cauldrons


def seen_by(g, side):
    return (g.view(side), g.log_for(side), [g.redact_action(a, side) for a in g.record.actions])


@rule("gondor", "[16.71]")
def test_16_71_a_set_up_record_redacted_for_sauron_or_an_observer_has_no_real():
    g, cauldrons = set_up({"cauldron1", "cauldron3", "cauldron5"})
    places = [a for a in g.record.actions if a["type"] == "place"]
    assert len(places) == 6 and all("real" in a for a in places)
    for a in g.record.actions:
        for side in (SAURON, None):
            assert "real" not in g.redact_action(a, side)
        assert g.redact_action(a, WEST) == a                          # the owner sees it all
    assert sum(g.redact_action(a, WEST)["real"] for a in places) == 3


@rule("gondor", "[16.71]")
def test_16_71_sauron_and_observers_see_the_same_whichever_cauldrons_are_real():
    a, _ = set_up({"cauldron1", "cauldron2", "cauldron3"})
    b, _ = set_up({"cauldron4", "cauldron5", "cauldron6"})
    assert a.view(WEST) != b.view(WEST)                              # the owner's view tells
    for side in (SAURON, None):
        assert seen_by(a, side) == seen_by(b, side)
        assert [a.describe_action(x, side) for x in seen_by(a, side)[2]] == \
               [b.describe_action(x, side) for x in seen_by(b, side)[2]]


def oil_game(carry: str):
    """A Westernesse spearman on the Outer Wall carrying real or dummy Oil; an orc moves beneath."""
    pos = gpos(phase="C")
    w = pos.place("gondor_spearmen", "1910", oil=carry)
    o = pos.place("orc_infantry", "2012")
    pos.place("orc_infantry", "2215")
    g = pos.game()
    play(g, {"type": "move", "unit": o, "to": "2010"})
    assert g.pending and g.pending[0]["kind"] == "oil" and g.to_act == WEST
    return g, w, o


@rule("gondor", "[16.74]", "[16.71]")
def test_16_74_the_oil_question_and_its_refusals_do_not_tell_a_dummy():
    real, w, o = oil_game("real")
    dummy, _, _ = oil_game("dummy")
    assert {"type": "pour", "unit": w, "target": o} in real.legal_actions()
    assert {"type": "pour", "unit": w, "target": o} not in dummy.legal_actions()
    for side in (SAURON, None):
        assert real.view(side) == dummy.view(side)
        assert real.log_for(side) == dummy.log_for(side)
    # anything else sent while the Westernesse decides is refused in the same words
    for bad in ({"type": "end"}, {"type": "move", "unit": o, "to": "2011"}, {"type": "hold", "unit": o}):
        with pytest.raises(IllegalAction) as r:
            real.apply(bad)
        with pytest.raises(IllegalAction) as d:
            dummy.apply(bad)
        assert (r.value.rule, r.value.why) == (d.value.rule, d.value.why), bad
    # holding looks the same to Sauron
    play(real, {"type": "hold", "unit": w})
    play(dummy, {"type": "hold", "unit": w})
    for side in (SAURON, None):
        assert real.view(side) == dummy.view(side)
        assert real.log_for(side) == dummy.log_for(side)
        assert [real.redact_action(x, side) for x in real.record.actions] == \
               [dummy.redact_action(x, side) for x in dummy.record.actions]


@rule("gondor", "[16.72]", "[16.71]")
def test_16_72_taking_oil_from_a_dummy_looks_like_taking_real_oil():
    games = []
    for real in (True, False):
        pos = gpos(phase="F")
        w = pos.place("gondor_spearmen", "1706")
        cd = pos.place("cauldron", "1706", real=real)
        pos.place("orc_infantry", "2215")
        g = pos.game()
        play(g, {"type": "take_oil", "unit": w, "cauldron": cd})
        games.append(g)
    for side in (SAURON, None):
        assert games[0].view(side) == games[1].view(side)
        assert games[0].log_for(side) == games[1].log_for(side)
