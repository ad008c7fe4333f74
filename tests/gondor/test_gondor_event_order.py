"""Every event is returned by ``apply`` in the order it happened (issue 13, item 4): an effect
comes after the roll that caused it, and no change to the board goes unsaid."""

from __future__ import annotations

import pytest
from _gondor import SAURON, gpos

from conftest import play, rig

rule = pytest.mark.rule


@rule("gondor", "[16.47]")
@pytest.mark.parametrize("gear", ["tower", "ladder"])
def test_16_47_the_equipment_lost_comes_after_the_rolls_that_destroyed_it(gear):
    pos = gpos(phase="G")
    o = pos.place("orc_infantry", "2010" if gear == "ladder" else "1913")
    if gear == "tower":
        pos.place("siege_tower", "1913")
        w = pos.place("gondor_axeman", "1912")
    else:
        w = pos.place("gondor_axeman", "2011")
        pos.extra(siege={"ladders": [{"hex": "2010", "side": "1910/2010", "turn": 7}]})
    g = pos.game()
    play(g, {"type": "attack", "unit": w, "target": o})
    rig(g, 2, 2, 6)
    logged = len(g.log)
    events = play(g, {"type": "resolve"})
    kinds = [(e["type"], e.get("rule")) for e in events]
    assert ("roll", "[7.41]") in kinds and ("destroyed", "[16.47]") in kinds
    assert kinds.index(("roll", "[7.41]")) < kinds.index(("casualty_result", "[7.42]")) \
        < kinds.index(("destroyed", "[16.47]"))
    assert g.log[logged:] == events                      # the log holds them in the same order


@rule("gondor", "[16.73]", "[16.71]")
@pytest.mark.parametrize("real", [True, False])
def test_16_73_a_cauldron_destroyed_is_said_without_saying_whether_it_was_real(real):
    pos = gpos(phase="C")
    o = pos.place("orc_infantry", "1909")
    cd = pos.place("cauldron", "2008", real=real)
    g = pos.game()
    events = play(g, {"type": "move", "unit": o, "to": "2008"})
    lost = [e for e in events if e["type"] == "destroyed"]
    assert [(e["rule"], e["unit"], e["hex"]) for e in lost] == [("[16.73]", cd, "2008")]
    assert "visible_to" not in lost[0] and "dummy" not in lost[0]["text"] and "real" not in lost[0]["text"]
    assert lost[0] in g.log_for(SAURON)
