"""The hunt as arithmetic [WR §10.7] [WR §10.8] [WR §V2] [WR §V3]."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring import hunt as H
from ringwar.systems.war_of_the_ring.data import load

D = load()


@pytest.mark.rule("war-of-the-ring", "§10.7.2", "§V2")
def test_10_7_2_spotting_at_most_the_value_road_cloak_and_natural_six() -> None:
    assert H.spot(D, 3, 3).success and not H.spot(D, 4, 3).success
    assert H.spot(D, 4, 3, used_road=True).success            # −1 for a road [WR §V2]
    assert not H.spot(D, 3, 3, cloak=True).success             # +1 for a cloak
    assert not H.spot(D, 6, 9, used_road=True).success         # a natural 6 never spots
    # Gollum guiding the Ring-bearer is +1 to the roll, like a cloak [WR §10.9.5]
    assert not H.spot(D, 3, 3, guided=True).success and H.spot(D, 2, 3, guided=True).success


@pytest.mark.rule("war-of-the-ring", "§10.7.3")
def test_10_7_3_interception_values() -> None:
    assert H.intercept_value(D, True) == 2 and H.intercept_value(D, False) == 1


@pytest.mark.rule("war-of-the-ring", "§11.6")
def test_11_6_the_mouth_adds_one_in_mordor_searches() -> None:
    assert H.search_value(D, 3, ("R",), True) == 4
    assert H.search_value(D, 3, ("Q", "S"), True) == 4
    assert H.search_value(D, 3, ("Q",), True) == 3
    assert H.search_value(D, 3, ("R",), False) == 3


@pytest.mark.rule("war-of-the-ring", "§10.8.1", "§V2")
def test_10_8_1_capture_value_and_modifiers() -> None:
    assert [H.capture_value(D, s) for s in (0, 9, 10, 25, 39, 40, 99)] == [1, 1, 2, 3, 4, 5, 5]
    assert H.capture(D, 3, 25, 1, False).success and not H.capture(D, 4, 25, 1, False).success
    assert not H.capture(D, 3, 25, 1, True).success            # +1 in rough or forest [WR §V2]
    assert H.capture(D, 1, 25, 5, True).success                # 1 + 1 + 1 = 3 ≤ 3
    assert not H.capture(D, 2, 25, 5, True).success            # + C÷3 = 1 (Gandalf-like)
    assert not H.capture(D, 6, 99, 0, False).success           # a natural 6 fails


@pytest.mark.rule("war-of-the-ring", "§10.8.2", "§V3")
def test_10_8_2_escape_target_and_the_citadel() -> None:
    assert H.escape(D, 2, 3, False, 10).success                # 1 + 1 = 2
    assert not H.escape(D, 3, 3, False, 10).success
    assert not H.escape(D, 2, 3, True, 10).success             # +1 in a citadel [WR §V3]
    assert not H.escape(D, 2, 3, False, 25).success            # +1 escort of 25


@pytest.mark.rule("war-of-the-ring", "§10.8.3", "§V3")
def test_v3_t_rescue_1_raw_twelve_kills_every_rescuer_raw_two_always_succeeds() -> None:
    roll, kills = H.rescue(D, (6, 6), [(5, 4), (4, 2)], 0)
    assert not roll.success and kills
    roll, kills = H.rescue(D, (1, 1), [(1, 1)], 50)
    assert roll.success and not kills
    roll, _ = H.rescue(D, (4, 4), [(5, 4), (4, 2)], 7)         # 15 − 7 = 8
    assert roll.success and roll.target == 8
    roll, _ = H.rescue(D, (4, 5), [(5, 4), (4, 2)], 7)
    assert not roll.success
