"""Mobilization [WR §6.2] [WR §V24]: the page's T-MOB cases and the triggers."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring.data import load
from ringwar.systems.war_of_the_ring.mobilization import on_event, timed

D = load()


def codes(hits: list) -> set[str]:
    return {c for c, _ in hits}


@pytest.mark.rule("war-of-the-ring", "§6.2", "§V24")
def test_v24_t_mob_1_ten_orc_strength_entering_rohan_does_not_mobilize_it_eleven_does() -> None:
    assert "ROH" not in codes(on_event(D, "enemy-enters", {}, area="I", orc_only_strength=10))
    assert "ROH" in codes(on_event(D, "enemy-enters", {}, area="I", orc_only_strength=11))
    assert "ROH" in codes(on_event(D, "enemy-enters", {}, area="J", orc_only_strength=None))


@pytest.mark.rule("war-of-the-ring", "§6.2", "§V24")
def test_v24_t_mob_2_rohan_at_i_plus_2_gondor_at_m_plus_2_the_free_people_at_m_plus_4() -> None:
    mob = {"MOR": 5, "EAS": 5, "VAR": 5, "HAR": 5, "ISE": 6}
    assert "GON" not in codes(timed(D, 6, mob))
    assert "GON" in codes(timed(D, 7, mob))                      # M+2
    assert "ROH" not in codes(timed(D, 7, mob))
    assert "ROH" in codes(timed(D, 8, mob))                      # I+2
    assert not {"LOR", "LIN", "DWA"} & codes(timed(D, 8, mob))
    assert {"LOR", "MIR", "LIN", "DWA", "DAL", "DUN", "SHI", "ENT"} <= codes(timed(D, 9, mob))


@pytest.mark.rule("war-of-the-ring", "§6.2")
def test_6_2_mordor_by_turn_8_with_its_allies_isengard_by_turn_10() -> None:
    assert codes(timed(D, 7, {})) == set()
    hits = codes(timed(D, 8, {}))
    assert {"MOR", "EAS", "VAR", "HAR"} <= hits and "ISE" not in hits and "COR" not in hits
    assert "ISE" in codes(timed(D, 10, {}))


@pytest.mark.rule("war-of-the-ring", "§6.2")
def test_6_2_event_triggers() -> None:
    assert "MOR" in codes(on_event(D, "spotted", {}, targets=["hobbit"]))
    assert "MOR" not in codes(on_event(D, "spotted", {}, targets=["gandalf"]))
    assert "MOR" in codes(on_event(D, "ring-on", {}))
    assert "MOR" in codes(on_event(D, "enemy-enters", {}, area="S"))
    assert "ISE" in codes(on_event(D, "declared", {}, nation="ISE"))
    assert "COR" not in codes(on_event(D, "card", {}, card="corsairs"))        # needs MOR
    assert "COR" in codes(on_event(D, "card", {"MOR": 3}, card="corsairs"))
    assert "ENT" in codes(on_event(D, "character-ends-move", {}, character="merry", area="H"))
    assert "ENT" not in codes(on_event(D, "character-ends-move", {}, character="merry", area="G"))
    assert "GON" in codes(on_event(D, "character-ends-move", {}, character="gandalf", area="N",
                                   hex_="2824"))                     # Minas Tirith
    assert "GON" not in codes(on_event(D, "character-ends-move", {}, character="gandalf",
                                       area="N", hex_="2822"))
    assert "GON" not in codes(on_event(D, "character-ends-move", {}, character="gandalf",
                                       area="N", hex_="2824", revealed=False))
    # the Woodland Realm is the forest of area M only
    assert "MIR" in codes(on_event(D, "enemy-enters", {}, area="M", hex_="2906", terrain="forest"))
    assert "MIR" not in codes(on_event(D, "enemy-enters", {}, area="M", hex_="3205", terrain="clear"))
    # a nation already mobilized is not mobilized again
    assert "MOR" not in codes(on_event(D, "ring-on", {"MOR": 2}))
