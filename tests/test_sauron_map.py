"""The Sauron map (Dagorlad) as data: it must agree with every hex the rules name.

The map is [reconstructed] (docs/maps.md); these tests pin the facts the rules depend on.
"""

from __future__ import annotations

from collections import deque
from pathlib import Path

import pytest

import ringwar
from ringwar.core import hexes as hx
from ringwar.core.hexmap import HexMap

MAP_FILE = Path(ringwar.__file__).parent / "data" / "sauron" / "map.toml"

SAURON_SETUP = {
    "Goblins": ["0821", "1021", "1221", "1421", "1621", "1821", "2021"],
    "Wargs": ["1324", "1325", "1326", "1327", "1328"],
    "Gorgol": ["1324"],  # [errata 13.1]
}
WESTERNESSE_SETUP = {
    "Cavalry B-3-W": ["2207", "2007", "1908", "1807"],
    "Men D-3-X": ["1108", "1007", "0907", "0806", "2005", "1805"],
    "Dwarves B-3-X": ["1308", "1408", "1508"],
    "Cavalry B-3-X": ["1906", "1407"],
    "Men e-1-X": ["0608", "0709", "0808"],
    "Men De-2-Y": ["1405", "1406"],
    "Pikes B-1-Y": ["1404", "1403"],       # [errata 13.2]
    "Swordsmen B-3-W": ["1402"],           # [errata 13.2]
    "Isildur": ["1808", "1908"],           # the rules say 1808, the errata 1908: both work
    "Anarion": ["1007"],
    "Elendil": ["1407"],
    "Baldrim": ["1408"],
}
ALL_SETUP = sorted({h for hs in [*SAURON_SETUP.values(), *WESTERNESSE_SETUP.values()] for h in hs})
IMPASSABLE = {"crater", "mountain"}
KNOWN_TERRAIN = {"clear", "rough", "crater", "mountain"}


@pytest.fixture(scope="module")
def dagorlad() -> HexMap:
    return HexMap.from_toml(MAP_FILE)


def passable(m: HexMap, h: str) -> bool:
    return m.terrain(h) not in IMPASSABLE


def component(m: HexMap, start: str) -> set[str]:
    """Hexes reachable from ``start`` through passable hexes (any hexside but mountains)."""
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in m.adjacent(h):
            if n not in seen and passable(m, n):
                seen.add(n)
                todo.append(n)
    return seen


# ----- the sheet -------------------------------------------------------------------------
def test_map_loads_as_a_26_by_31_portrait_sheet(dagorlad: HexMap) -> None:
    assert dagorlad.name == "Dagorlad"
    assert len(dagorlad.hexes) == 26 * 31
    for h in ("0101", "2601", "0131", "2631", "1331"):
        assert h in dagorlad
    for h in ("0001", "2701", "0132", "0100"):
        assert h not in dagorlad
    assert dagorlad.spec.reconstructed, "the map must say what was reconstructed"


def test_map_uses_only_terrain_and_hexsides_the_rules_know(dagorlad: HexMap) -> None:
    assert {dagorlad.terrain(h) for h in dagorlad.hexes} == KNOWN_TERRAIN
    kinds = [f["kind"] for f in dagorlad.sides().values()]
    assert set(kinds) == {"slope", "gate"}
    for key, f in dagorlad.sides().items():
        a, b = key.split("/")
        assert passable(dagorlad, a) and passable(dagorlad, b), f"{key}: feature beside an impassable hex"
        if f["kind"] == "slope":
            assert f.get("high") in (a, b), f"{key}: a slope needs its high side"


# ----- [18.0] Mordor and the Gates of Morannon ---------------------------------------------
@pytest.mark.rule("sauron", "[18.0]")
def test_18_0_mordor_is_hex_1331(dagorlad: HexMap) -> None:
    assert dagorlad.place("mordor") == ["1331"]
    assert dagorlad.place("mordor_entry") == ["1331"]
    assert dagorlad.place("gate_outside") == ["1330"]
    assert passable(dagorlad, "1331") and passable(dagorlad, "1330")
    assert "1331" in dagorlad.edges["bottom"], "Mordor lies off the bottom (south) edge"


@pytest.mark.rule("sauron", "[18.0]")
def test_18_0_mordor_entered_only_through_the_gate(dagorlad: HexMap) -> None:
    gate = dagorlad.side("1330", "1331")
    assert gate == {"kind": "gate", "name": "Gates of Morannon"}
    gates = [k for k, f in dagorlad.sides().items() if f["kind"] == "gate"]
    assert gates == ["1330/1331"]
    others = [n for n in dagorlad.adjacent("1331") if n != "1330"]
    assert sorted(others) == ["1230", "1231", "1430", "1431"]
    for n in others:
        assert dagorlad.terrain(n) == "mountain", n
    # so the only passable neighbour of Mordor is the hex outside the gate
    assert [n for n in dagorlad.adjacent("1331") if passable(dagorlad, n)] == ["1330"]


@pytest.mark.rule("sauron", "[18.0]")
def test_18_0_plain_open_in_front_of_the_gate(dagorlad: HexMap) -> None:
    for h in ("1330", "1329", "1229", "1429", "1328", "1228", "1428"):
        assert dagorlad.terrain(h) == "clear", h
        for n in dagorlad.adjacent(h):
            f = dagorlad.side(h, n)
            assert f is None or f["kind"] == "gate", f"{h}/{n}: {f}"


def test_mountains_close_the_south_edge_either_side_of_the_gate(dagorlad: HexMap) -> None:
    for col in range(1, 27):
        bottom = hx.hex_id(col, 31)
        if col == 13:
            assert bottom == "1331"
            continue
        assert dagorlad.terrain(bottom) == "mountain", bottom
    # thickest near the corners: the band is deeper at the sheet's corners than by the gate
    def depth(col: int) -> int:
        d = 0
        while dagorlad.terrain(hx.hex_id(col, 31 - d)) == "mountain":
            d += 1
        return d
    assert depth(1) > depth(6) > depth(12) and depth(26) > depth(20) > depth(14)


# ----- the Road of the Orcs --------------------------------------------------------------
@pytest.mark.rule("sauron", "[14.1]")
def test_14_1_road_of_the_orcs_runs_from_1401_through_the_gate(dagorlad: HexMap) -> None:
    road = dagorlad.roads["orcs"]
    assert road[0] == "1401" == dagorlad.place("road_start")[0]
    assert road[-2:] == ["1330", "1331"]
    assert len(set(road)) == len(road)
    for a, b in zip(road, road[1:]):
        assert hx.direction_to(a, b) is not None, f"{a} and {b} are not adjacent"
        assert dagorlad.road(a, b)
    rows = [hx.col_row(h)[1] for h in road]
    assert rows == list(range(1, 32)), "one hex per row, straight down the sheet"
    assert {hx.col_row(h)[0] for h in road} == {13, 14}
    for h in road:
        assert passable(dagorlad, h), h
    assert dagorlad.road("1330", "1331"), "the road passes through the Gates"


# ----- set-up hexes ----------------------------------------------------------------------
@pytest.mark.rule("sauron", "[13.1]")
@pytest.mark.parametrize("h", sorted({h for hs in SAURON_SETUP.values() for h in hs}))
def test_13_1_setup_hexes_are_passable(dagorlad: HexMap, h: str) -> None:
    assert h in dagorlad
    assert dagorlad.terrain(h) == "clear", "Wargs are cavalry: no rough [4.3 errata]"


@pytest.mark.rule("sauron", "[13.2]")
@pytest.mark.parametrize("h", sorted({h for hs in WESTERNESSE_SETUP.values() for h in hs}))
def test_13_2_setup_hexes_are_clear_without_hexside_features(dagorlad: HexMap, h: str) -> None:
    assert h in dagorlad
    assert dagorlad.terrain(h) == "clear"
    # special formations form only in clear terrain without hexside features
    for n in dagorlad.adjacent(h):
        assert dagorlad.side(h, n) is None, f"{h}/{n}"


@pytest.mark.rule("sauron", "[13.2]")
def test_13_2_alliance_ground_rows_02_to_10_is_mostly_clear(dagorlad: HexMap) -> None:
    area = [hx.hex_id(c, r) for c in range(5, 24) for r in range(2, 11)]
    clear = [h for h in area if dagorlad.terrain(h) == "clear"]
    assert len(clear) >= 0.95 * len(area)


# ----- [14.2] the Elves ------------------------------------------------------------------
@pytest.mark.rule("sauron", "[14.2]")
def test_14_2_elven_entry_hexes_within_two_of_1401(dagorlad: HexMap) -> None:
    expected = [h for h in sorted(dagorlad.edges["top"]) if hx.distance(h, "1401") <= 2]
    assert expected == ["1201", "1301", "1401", "1501", "1601"]
    assert dagorlad.place("elven_entry") == expected
    for c in range(11, 18):
        for r in range(1, 4):
            assert dagorlad.terrain(hx.hex_id(c, r)) == "clear", hx.hex_id(c, r)


# ----- craters and other terrain ---------------------------------------------------------
@pytest.mark.rule("sauron", "[4.3]")
def test_4_3_craters_pock_the_middle_of_the_plain(dagorlad: HexMap) -> None:
    craters = [h for h in dagorlad.hexes if dagorlad.terrain(h) == "crater"]
    assert len(craters) >= 5
    for h in craters:
        col, row = hx.col_row(h)
        assert 11 <= row <= 20 and 5 <= col <= 22, h
        assert h not in dagorlad.road_hexes
        assert h not in ALL_SETUP


def test_map_has_slopes_and_rough_ground(dagorlad: HexMap) -> None:
    slopes = [f for f in dagorlad.sides().values() if f["kind"] == "slope"]
    assert len(slopes) >= 20
    rough = [h for h in dagorlad.hexes if dagorlad.terrain(h) == "rough"]
    assert len(rough) >= 20
    # the Dead Marshes edge in the far west
    assert all(dagorlad.terrain(hx.hex_id(1, r)) == "rough" for r in range(10, 22))


# ----- playability -----------------------------------------------------------------------
def test_every_passable_hex_reaches_the_gate(dagorlad: HexMap) -> None:
    reach = component(dagorlad, "1330")
    lost = sorted(h for h in dagorlad.hexes if passable(dagorlad, h) and h not in reach)
    assert lost == []
    assert "1331" in reach and "1401" in reach


def test_north_edge_units_can_walk_to_the_gate(dagorlad: HexMap) -> None:
    reach = component(dagorlad, "1330")
    for h in dagorlad.edges["top"]:
        if passable(dagorlad, h):
            assert h in reach, h
    # and a cavalry unit (no rough) can ride from the Elves' entry down to the gate
    def cavalry_step(a: str, b: str, spent: float) -> float | None:
        if b not in dagorlad or dagorlad.terrain(b) != "clear":
            return None
        return 1.0
    costs = hx.reachable("1401", 99, cavalry_step, adjacency=dagorlad.adjacent)
    assert "1330" in costs
