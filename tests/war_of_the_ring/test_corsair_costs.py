"""[WR §7.3] (R-CORSAIR-MOVE) the Corsairs' sea move reads both its costs from the data: a sea
hex (and a landing) costs `sea_mp`, a hex rowed up the Anduin `anduin_mp`.  The shipped values
are both 1; a player who owns the original may correct them, so each must count where it
belongs."""

from __future__ import annotations

import dataclasses

import pytest

from .builder import Position

rule = pytest.mark.rule
DARK = "dark"


def corsair_reach(start: str, **costs: int) -> dict[str, float]:
    p = Position().clear().mobilize("MOR", "COR").sp(20).unit("COR-01", start, active=True)
    g = p.at("7b")
    values = dict(g.D.values)
    values["R-CORSAIR-MOVE"] = {**values["R-CORSAIR-MOVE"], **costs}
    g.D = dataclasses.replace(g.D, values=values)           # this game only
    return {h: v[0] for h, v in g.destinations(["COR-01"], DARK).items()}


@rule("war-of-the-ring", "§7.3", "§V26")
def test_7_3_rowing_up_the_anduin_costs_anduin_mp_and_the_sea_sea_mp() -> None:
    # from 2931: one sea hex (2830), then the banks 2829, 2929, 2928 (see the shipped-cost
    # test in test_round6a_gaps.py: 4 MP at 1 a hex)
    shipped = corsair_reach("2931")
    assert (shipped["2829"], shipped["2929"], shipped["2928"]) == (2.0, 3.0, 4.0)
    rowing_dear = corsair_reach("2931", anduin_mp=2)
    assert (rowing_dear["2829"], rowing_dear["2929"]) == (3.0, 5.0)     # 1 + 2, + 2
    assert "2928" not in rowing_dear                                      # 7 MP: beyond 5
    sea_dear = corsair_reach("2931", sea_mp=2)
    assert (sea_dear["2829"], sea_dear["2929"], sea_dear["2928"]) == (3.0, 4.0, 5.0)  # 2, + 1 ...


@rule("war-of-the-ring", "§7.3")
def test_7_3_a_landing_from_the_sea_costs_sea_mp_however_dear_the_rowing() -> None:
    # from the west bank 2829: the sea hex 2830, then a landing on the far shore 2931 (no bank):
    # 1 + 1 MP, whatever rowing costs
    assert corsair_reach("2829", anduin_mp=2)["2931"] == 2.0
    assert corsair_reach("2829", sea_mp=2)["2931"] == 4.0
