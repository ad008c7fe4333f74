"""Movement rules [WR §10.2] over the map [WR §5.1]: the page's T-GORG-1 and T-DOOM-1 and the
stops, flights and interceptions."""

from __future__ import annotations

import pytest

from ringwar.systems.war_of_the_ring.mapdata import load_map
from ringwar.systems.war_of_the_ring.moves import MoveContext, check_path

W = load_map()


def army(**kw) -> MoveContext:
    return MoveContext(kind="army", mf=kw.pop("mf", 4), side=kw.pop("side", "dark"), **kw)


@pytest.mark.rule("war-of-the-ring", "§V20", "§10.2.1")
def test_v20_t_gorg_1_an_orc_unit_may_pass_3223_but_not_end_there_it_may_end_at_3122() -> None:
    assert check_path(W, ["3222", "3223"], army()).why.startswith("[WR §V20]")
    assert check_path(W, ["3222", "3223"], army(gorgoroth_open=True)).why is None
    assert check_path(W, ["3222", "3122"], army()).why is None            # Udûn
    assert check_path(W, ["3422", "3523"], army()).why is None            # Barad-dûr
    assert check_path(W, ["3222", "3223", "3124"], army(mf=4)).why is None  # passes through


@pytest.mark.rule("war-of-the-ring", "§V17", "§10.2.2")
def test_v17_t_doom_1_a_nazgul_cannot_enter_3324_before_the_trigger_and_can_after() -> None:
    naz = MoveContext(kind="nazgul", mf=7, side="dark", fellowship=False)
    assert check_path(W, ["3224", "3324"], naz).why.startswith("[WR §V17]")
    assert check_path(W, ["3224", "3324"], MoveContext(kind="nazgul", mf=7, side="dark",
                                                        fellowship=False, doom_open=True)).why is None
    frodo = MoveContext(kind="character", mf=5, side="free")
    assert check_path(W, ["3224", "3324"], frodo).why is None
    assert check_path(W, ["3224", "3324"], army(mf=4)).why.startswith("[WR §V17]")


@pytest.mark.rule("war-of-the-ring", "§10.2.1")
def test_10_2_1_an_army_stops_on_entering_enemy_armies() -> None:
    ctx = army(side="free", mf=6, enemy_armies=frozenset({"2924"}))
    assert check_path(W, ["2824", "2924"], ctx).why is None
    assert "must stop" in check_path(W, ["2824", "2924", "3024"], ctx).why


@pytest.mark.rule("war-of-the-ring", "§10.2.2", "§10.7.3")
def test_10_2_2_revealed_characters_stop_hidden_ones_are_intercepted() -> None:
    seen = MoveContext(kind="character", mf=5, side="free", enemy_pieces=frozenset({"2314"}))
    assert "must stop" in check_path(W, ["2214", "2314", "2315"], seen).why
    hidden = MoveContext(kind="character", mf=5, side="free", hidden=True,
                         enemy_pieces=frozenset({"2314"}))
    res = check_path(W, ["2214", "2314", "2315"], hidden)
    assert res.why is None and res.interceptions == ("2314",)


@pytest.mark.rule("war-of-the-ring", "§10.2.3", "§V31")
def test_v31_nazgul_flight_west_of_the_anduin_and_its_landing() -> None:
    fly = dict(kind="nazgul", side="dark", fellowship=False, flying=True, mf=12)
    east = ["3024", "3023", "2923"]
    assert check_path(W, east, MoveContext(**fly)).why is None
    west = ["2924", "2824"]                                   # Minas Tirith is west of the Anduin
    assert "[WR §V31]" in check_path(W, west, MoveContext(**fly)).why
    assert check_path(W, west, MoveContext(**fly, mordor_mobilized=True)).why is None
    long = ["2924", "2824", "2724", "2624", "2524", "2424", "2324", "2224", "2124"]
    res = check_path(W, long, MoveContext(**fly, mordor_mobilized=True))
    assert res.why is not None and "movement factor is 7" in res.why   # MF 7 west of the Anduin
    assert "may not end in sea" in check_path(W, ["0508", "0408"], MoveContext(**fly, mordor_mobilized=True)).why


@pytest.mark.rule("war-of-the-ring", "§V21", "§5.1")
def test_v21_the_high_pass_opens_only_with_the_card() -> None:
    ch = MoveContext(kind="character", mf=6, side="free")
    assert check_path(W, ["2108", "2207"], ch).why is not None
    assert check_path(W, ["2108", "2207"], MoveContext(kind="character", mf=6, side="free",
                                                        open_passes=True)).why is None


@pytest.mark.rule("war-of-the-ring", "§10.6")
def test_10_6_dark_characters_stay_out_of_standing_sanctuaries() -> None:
    naz = MoveContext(kind="nazgul", mf=7, side="dark", fellowship=False,
                      closed_sanctuaries=frozenset({"2008"}))
    assert "sanctuary" in check_path(W, ["1908", "2008"], naz).why


@pytest.mark.rule("war-of-the-ring", "§10.2")
def test_10_2_bad_paths() -> None:
    ch = MoveContext(kind="character", mf=5, side="free")
    assert "not a hex" in check_path(W, ["2008", "9999"], ch).why
    assert "not adjacent" in check_path(W, ["2008", "2010"], ch).why
    assert "at least one step" in check_path(W, ["2008"], ch).why
