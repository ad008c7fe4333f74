"""The Terrain Effects Chart as the game's movement applies it [WR §5.1] (R-TEC): what a
move costs on the map the engine offers, hex by hex."""

from __future__ import annotations

import pytest

from .builder import Position

rule = pytest.mark.rule


def costs(g, pieces, seat):
    return {h: v[0] for h, v in g.destinations(pieces, seat).items()}


@rule("war-of-the-ring", "§5.1", "§5.5", "§10.2.1")
def test_5_1_a_road_costs_half_so_a_4_mf_army_goes_eight_road_hexes() -> None:
    # the Greenway runs 1306 1307 ... 1316, every hex clear: 8 road steps at ½ = 4 MP
    p = Position().clear().mobilize("GON")
    p.unit("GON-01", "1306")
    g = p.at("5c")
    c = costs(g, ["GON-01"], "fellowship")
    assert c["1314"] == 4.0 and c["1310"] == 2.0
    assert "1315" not in c                                   # the ninth road hex is too far
    # off the road clear ground costs 1 a hex: 1207 is one road step (½) and one clear hex away
    assert c["1207"] == 1.5


@rule("war-of-the-ring", "§5.1", "§10.2.1")
def test_5_1_rough_costs_two_and_a_minor_river_adds_one() -> None:
    p = Position().clear().mobilize("GON")
    p.unit("GON-01", "1306")
    g = p.at("5c")
    c = costs(g, ["GON-01"], "fellowship")
    assert g.W.terrain("1305") == "rough" and c["1305"] == 2.0
    # the Lune between 0602 and 0703 (both clear, no road): 1 for the hex + 1 for the river
    p2 = Position().clear().mobilize("LIN")
    p2.unit("LIN-03", "0602")
    g2 = p2.at("5c")
    c2 = costs(g2, ["LIN-03"], "fellowship")
    assert g2.W.terrain("0703") == "clear" and c2["0703"] == 2.0


@rule("war-of-the-ring", "§5.1", "§10.2.1")
def test_5_1_mountains_and_sea_are_prohibited() -> None:
    p = Position().clear().mobilize("GON")
    p.unit("GON-01", "1306")
    g = p.at("5c")
    for h in costs(g, ["GON-01"], "fellowship"):
        assert g.W.terrain(h) not in ("mountain", "sea", "lake"), h
    # a hex next to Lindon's mountain wall: 0607 is reachable, 0507 (mountain) never
    p2 = Position().clear().mobilize("LIN")
    p2.unit("LIN-03", "0607")
    g2 = p2.at("5c")
    c2 = costs(g2, ["LIN-03"], "fellowship")
    assert g2.W.terrain("0507") == "mountain" and "0507" not in c2
