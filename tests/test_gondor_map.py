"""The Gondor map (Minas Tirith and the Pelennor) as data: it must agree with every hex the
rules name and its city must be a closed nest of seven walled levels.

The map is [reconstructed] (docs/maps.md, "Gondor"); these tests pin the facts the rules
will depend on.  They test the map only: the Gondor rules themselves do not exist yet.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

import ringwar
from ringwar.core import hexes as hx
from ringwar.core.hexmap import HexMap

MAP_FILE = Path(ringwar.__file__).parent / "data" / "gondor" / "map.toml"

KNOWN_TERRAIN = {"clear", "plowed", "grove", "mountain", "city", "tower", "tunnel"}
CITY_TERRAIN = {"city", "tower", "tunnel"}
BARRIERS = {"wall", "tower", "gate"}  # hexsides that ring a level
GATE_NAMES = {1: "Main Gate", 2: "Second Gate", 3: "Third Gate", 4: "Fourth Gate",
              5: "Fifth Gate", 6: "Sixth Gate", 7: "Seventh Gate"}
WALL_NAMES = {1: "Outer Wall", 2: "Second Wall", 3: "Third Wall", 4: "Fourth Wall",
              5: "Fifth Wall", 6: "Sixth Wall", 7: "Seventh Wall"}
ROWS, COLS = 24, 36


@pytest.fixture(scope="module")
def gondor() -> HexMap:
    return HexMap.from_toml(MAP_FILE)


def levels(m: HexMap) -> dict[str, int]:
    return {h: k for k in range(1, 8) for h in m.place(f"level_{k}")}


def at_least(m: HexMap, k: int) -> set[str]:
    """Level ``k`` and every level above it: what the k-th wall rings."""
    lv = levels(m)
    return {h for h, j in lv.items() if j >= k}


def flood(m: HexMap, starts: Iterable[str],
          may_cross: Callable[[str, str, dict | None], bool]) -> set[str]:
    """Hexes reachable from ``starts`` stepping only across hexsides ``may_cross`` allows
    (mountain hexes are never entered)."""
    seen = set(starts)
    todo = deque(seen)
    while todo:
        h = todo.popleft()
        for n in m.adjacent(h):
            if n in seen or m.terrain(n) == "mountain":
                continue
            if may_cross(h, n, m.side(h, n)):
                seen.add(n)
                todo.append(n)
    return seen


def no_barrier(_a: str, _b: str, f: dict | None) -> bool:
    return f is None or f["kind"] not in BARRIERS


def gate_of(m: HexMap, k: int) -> tuple[str, str]:
    """(inner, outer) hexes of the gate into level ``k``."""
    found = [key for key, f in m.sides().items()
             if f["kind"] == "gate" and f.get("name") == GATE_NAMES[k]]
    assert len(found) == 1, (k, found)
    a, b = found[0].split("/")
    high = m.side(a, b)["high"]  # type: ignore[index]
    return (high, b if high == a else a)


# ----- the sheet and the hexes the rules name ---------------------------------------------
def test_map_loads_with_known_terrain_only(gondor: HexMap) -> None:
    assert (gondor.spec.map.columns, gondor.spec.map.rows) == (COLS, ROWS)
    assert {gondor.terrain(h) for h in gondor.hexes} == KNOWN_TERRAIN
    assert gondor.spec.reconstructed, "the reconstructed choices are listed in the file"
    kinds = {f["kind"] for f in gondor.sides().values()}
    assert kinds == {"wall", "tower", "gate", "tunnel", "slope"}


@pytest.mark.rule("gondor", "[13.2]")
def test_citadel_guard_hex_1903_is_in_the_citadel(gondor: HexMap) -> None:
    assert gondor.place("citadel_guard") == ["1903"]
    assert "1903" in gondor.place("citadel")
    assert gondor.place("citadel") == gondor.place("level_7")
    assert gondor.terrain("1903") == "city"


def test_errata_hexside_2101_2201_is_a_wall(gondor: HexMap) -> None:
    f = gondor.side("2101", "2201")
    assert f is not None and f["kind"] == "wall"
    lv = levels(gondor)
    assert f["high"] == "2101" and lv["2101"] > lv["2201"]


@pytest.mark.rule("gondor", "[20.1]")
def test_road_runs_from_the_main_gate_through_1918_to_edge_hex_2124(gondor: HexMap) -> None:
    (chain,) = gondor.roads.values()
    assert chain[0] == gondor.place("main_gate_inside")[0] == "1910"
    assert chain[1] == gondor.place("main_gate_outside")[0] == "1911"
    assert gondor.side(chain[0], chain[1])["name"] == "Main Gate"  # type: ignore[index]
    assert "1918" in chain and gondor.place("road_1918") == ["1918"]
    assert chain[-1] == "2124" and gondor.place("road_east_exit") == ["2124"]
    assert hx.col_row("2124")[1] == ROWS  # on the East (bottom) edge
    assert len(set(chain)) == len(chain)
    for a, b in zip(chain, chain[1:]):
        assert hx.direction_to(a, b) is not None, (a, b)
        assert gondor.road(a, b)
    for h in chain[1:]:  # outside the city the road crosses open ground only
        assert gondor.terrain(h) == "clear", h
        assert h not in levels(gondor)


@pytest.mark.rule("gondor", "[16.63]")
def test_scatter_example_2906_to_2907_and_the_printed_diagram(gondor: HexMap) -> None:
    assert "2906" in gondor and "2907" in gondor
    assert hx.neighbour("2906", 4) == "2907"
    centre, *around = gondor.place("scatter_diagram")
    assert around == [hx.neighbour(centre, d) for d in range(1, 7)]


# ----- the city: seven nested levels, each ringed by a wall with one gate -----------------
@pytest.mark.rule("gondor", "[15.11]")
def test_seven_levels_partition_the_city(gondor: HexMap) -> None:
    lv = levels(gondor)
    total = sum(len(gondor.place(f"level_{k}")) for k in range(1, 8))
    assert total == len(lv), "no hex is in two levels"
    assert set(gondor.place("city")) == set(lv)
    for h in gondor.hexes:
        assert (gondor.terrain(h) in CITY_TERRAIN) == (h in lv), h
    for k in range(1, 8):
        assert gondor.place(f"level_{k}"), k


@pytest.mark.rule("gondor", "[15.11]")
def test_levels_nest_each_inside_the_ring_below(gondor: HexMap) -> None:
    lv = levels(gondor)
    for h, k in lv.items():
        for n in gondor.adjacent(h):
            # a hex of level k touches only levels k-1, k, k+1 (or, for level 1, the outside)
            assert abs(lv.get(n, 0) - k) <= 1, (h, n)
    # each level k+1 lies wholly within the ring of wall k: it never touches level k-1
    for k in range(1, 7):
        inner = at_least(gondor, k + 1)
        assert all(lv.get(n, 0) >= k for h in inner for n in gondor.adjacent(h))


@pytest.mark.rule("gondor", "[15.11]", "[15.12]", "[15.13]")
def test_every_level_boundary_is_a_wall_tower_or_gate_with_the_inner_hex_high(
        gondor: HexMap) -> None:
    lv = levels(gondor)
    for a in gondor.hexes:
        for b in gondor.adjacent(a):
            la, lb = lv.get(a, 0), lv.get(b, 0)
            f = gondor.side(a, b)
            if la == lb:
                assert f is None or f["kind"] not in BARRIERS, (a, b)
                continue
            assert f is not None and f["kind"] in BARRIERS, (a, b)
            high = a if la > lb else b
            assert f["high"] == high, (a, b)
            k = max(la, lb)
            assert f["name"] == (GATE_NAMES[k] if f["kind"] == "gate" else WALL_NAMES[k]), (a, b)


@pytest.mark.rule("gondor", "[15.12]")
@pytest.mark.parametrize("k", range(1, 8))
def test_wall_ring_is_closed(gondor: HexMap, k: int) -> None:
    ring = at_least(gondor, k)
    outside = [h for h in gondor.hexes if h not in ring and gondor.terrain(h) != "mountain"]
    assert not flood(gondor, outside, no_barrier) & ring


@pytest.mark.rule("gondor", "[15.15]")
@pytest.mark.parametrize("k", range(1, 8))
def test_crossing_the_gates_climbs_level_by_level(gondor: HexMap, k: int) -> None:
    """From outside, with gates 1..k open (and the spur tunnels), every hex of levels 1..k
    is reachable and nothing above."""
    def through_gates(_a: str, _b: str, f: dict | None) -> bool:
        if f is None or f["kind"] not in BARRIERS:
            return True
        return f["kind"] == "gate" and f["name"] in {GATE_NAMES[j] for j in range(1, k + 1)}

    reached = flood(gondor, ["0124"], through_gates)
    lv = levels(gondor)
    assert {h for h in reached if h in lv} == {h for h, j in lv.items() if j <= k}


@pytest.mark.rule("gondor", "[15.22]")
def test_cavalry_reaches_the_citadel_through_the_gates_only(gondor: HexMap) -> None:
    def cavalry(_a: str, b: str, f: dict | None) -> bool:
        if gondor.terrain(b) in {"plowed", "grove"}:
            return False
        return f is None or f["kind"] in {"gate", "tunnel", "slope"}

    reached = flood(gondor, gondor.place("reinforcement_entry"), cavalry)
    assert set(gondor.place("city")) <= reached
    assert "1903" in reached


def test_one_gate_per_level_alternating_as_the_levels_rise(gondor: HexMap) -> None:
    lv = levels(gondor)
    gates = [f for f in gondor.sides().values() if f["kind"] == "gate"]
    assert sorted(f["name"] for f in gates) == sorted(GATE_NAMES.values())
    facing = {}
    for k in range(1, 8):
        inner, outer = gate_of(gondor, k)
        assert lv[inner] == k and lv.get(outer, 0) == k - 1
        facing[k] = hx.direction_to(inner, outer)
    # the Main Gate faces East (down the sheet), on the road; so does the Citadel's gate,
    # delved in the rock at the top of the tunnel; between them they zig-zag half south
    # (down-left, direction 5) and half north (down-right, direction 3)
    assert facing == {1: 4, 2: 5, 3: 3, 4: 5, 5: 3, 6: 5, 7: 4}
    assert gate_of(gondor, 1) == ("1910", "1911")
    assert gate_of(gondor, 7) == ("1903", "1904")


@pytest.mark.rule("gondor", "[15.23]")
def test_outer_wall_rings_level_1_and_the_main_gate_is_its_only_opening(
        gondor: HexMap) -> None:
    lv = levels(gondor)
    for key, f in gondor.sides().items():
        a, b = key.split("/")
        if {lv.get(a, 0), lv.get(b, 0)} == {0, 1}:
            assert f["name"] in {"Outer Wall", "Main Gate"}
            assert (f["kind"] == "gate") == (f["name"] == "Main Gate")
        elif f.get("name") in {"Outer Wall", "Main Gate"}:
            pytest.fail(f"{key} is named {f['name']} but is not on the city's edge")


@pytest.mark.rule("gondor", "[15.14]")
def test_towers_stand_on_the_walls(gondor: HexMap) -> None:
    lv = levels(gondor)
    towers = {h for h in gondor.hexes if gondor.terrain(h) == "tower"}
    assert len(towers) >= 14
    for key, f in gondor.sides().items():
        if f["kind"] == "tower":
            assert f["high"] in towers, key
    for t in towers:
        kinds = [gondor.side(t, n)["kind"] for n in gondor.adjacent(t)  # type: ignore[index]
                 if lv.get(n, 0) < lv[t]]
        assert kinds and set(kinds) == {"tower"}, t
    assert {lv[t] for t in towers} == set(range(1, 8)), "every wall has towers"
    # the Main Gate is flanked by towers
    assert {"1809", "2009"} <= towers


@pytest.mark.rule("gondor", "[15.24]")
def test_tunnel_climbs_the_spur_from_the_second_level_to_the_citadel_gate(
        gondor: HexMap) -> None:
    lv = levels(gondor)
    tunnel = gondor.place("tunnel")
    assert tunnel == ["1908", "1907", "1906", "1905", "1904"]
    assert {h for h in gondor.hexes if gondor.terrain(h) == "tunnel"} == set(tunnel)
    assert [lv[h] for h in tunnel] == [2, 3, 4, 5, 6]
    for a, b in zip(tunnel, tunnel[1:]):
        assert hx.direction_to(a, b) == 1  # straight up the spur
    # its top opens through the Seventh Gate into the Citadel
    assert gate_of(gondor, 7)[1] == tunnel[-1]
    assert lv[gate_of(gondor, 7)[0]] == 7


@pytest.mark.rule("gondor", "[15.24]")
@pytest.mark.parametrize("k", range(2, 7))
def test_the_spur_splits_levels_2_to_6_and_the_tunnel_joins_the_halves(
        gondor: HexMap, k: int) -> None:
    level = set(gondor.place(f"level_{k}"))
    (t,) = [h for h in gondor.place("tunnel") if h in level]
    mouths = [n for n in gondor.adjacent(t) if n in level]
    assert len(mouths) == 2
    assert all(gondor.side(t, n)["kind"] == "tunnel" for n in mouths)  # type: ignore[index]
    rest = level - {t}
    start = mouths[0]
    half = flood(gondor, [start], lambda a, b, f: b in rest and no_barrier(a, b, f))
    assert mouths[1] not in half, "without the tunnel the two halves do not meet"
    cols = {hx.col_row(h)[0] for h in half}
    assert max(cols) < 19 or min(cols) > 19
    assert flood(gondor, [start], lambda a, b, f: b in level and no_barrier(a, b, f)) == level


# ----- outside the city ---------------------------------------------------------------------
def test_mindolluin_is_at_the_top_beside_the_city(gondor: HexMap) -> None:
    mountain = {h for h in gondor.hexes if gondor.terrain(h) == "mountain"}
    assert all(hx.col_row(h)[1] <= 5 for h in mountain)
    assert {"0101", "3601", "1001", "2801"} <= mountain
    # the city is built against the mountain: the Outer Wall meets it on both flanks
    lv = levels(gondor)
    flanks = {n for h in gondor.place("level_1") for n in gondor.adjacent(h) if n in mountain}
    assert {hx.col_row(h)[0] < 19 for h in flanks} == {True, False}
    assert not mountain & set(lv)


def test_plowed_fields_groves_and_slopes_on_the_pelennor(gondor: HexMap) -> None:
    lv = levels(gondor)
    plowed = [h for h in gondor.hexes if gondor.terrain(h) == "plowed"]
    groves = [h for h in gondor.hexes if gondor.terrain(h) == "grove"]
    assert len(plowed) >= 20 and len(groves) >= 15
    slopes = [(k, f) for k, f in gondor.sides().items() if f["kind"] == "slope"]
    assert len(slopes) >= 30
    for key, f in slopes:
        a, b = key.split("/")
        assert f["high"] in (a, b)
        assert a not in lv and b not in lv, key
        assert gondor.terrain(a) != "mountain" and gondor.terrain(b) != "mountain"


@pytest.mark.rule("gondor", "[13.1]")
def test_sauron_deploys_within_four_hexes_of_the_eastern_edge(gondor: HexMap) -> None:
    edge = [hx.hex_id(c, ROWS) for c in range(1, COLS + 1)]
    want = {h for h in gondor.hexes if min(hx.distance(h, e) for e in edge) <= 4}
    assert set(gondor.place("sauron_deploy")) == want
    assert {hx.col_row(h)[1] for h in want} == {20, 21, 22, 23, 24}


@pytest.mark.rule("gondor", "[14.1]")
def test_sauron_reinforcements_enter_within_two_hexes_of_2124(gondor: HexMap) -> None:
    entry = gondor.place("reinforcement_entry")
    assert entry == ["1924", "2024", "2124", "2224", "2324"]
    assert all(hx.distance(h, "2124") <= 2 and hx.col_row(h)[1] == ROWS for h in entry)


@pytest.mark.rule("gondor", "[14.2]")
def test_rohan_enters_on_the_north_edge_and_aragorn_on_the_south_edge(gondor: HexMap) -> None:
    rohan, aragorn = gondor.place("rohan_entry"), gondor.place("aragorn_entry")
    assert {hx.col_row(h)[0] for h in rohan} == {COLS}
    assert {hx.col_row(h)[0] for h in aragorn} == {1}
    for h in rohan + aragorn:
        assert gondor.terrain(h) != "mountain"
    assert len(rohan) >= 18 and len(aragorn) >= 18


@pytest.mark.rule("gondor", "[14.2]")
def test_cavalry_can_ride_from_every_entry_area_to_the_main_gate(gondor: HexMap) -> None:
    def cavalry(_a: str, b: str, f: dict | None) -> bool:
        return gondor.terrain(b) not in {"plowed", "grove"} and (f is None or f["kind"] == "slope")

    for area in ("rohan_entry", "aragorn_entry", "reinforcement_entry"):
        starts = [h for h in gondor.place(area) if gondor.terrain(h) == "clear"]
        assert starts, area
        assert "1911" in flood(gondor, starts, cavalry), area


# ----- drawing ---------------------------------------------------------------------------
def test_every_gondor_terrain_has_a_drawing_style() -> None:
    from ringwar.render.hexrender import TERRAIN_STYLES

    assert KNOWN_TERRAIN <= set(TERRAIN_STYLES)


def test_map_command_draws_the_bare_gondor_map(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ringwar.commands.map_cmd import command

    out = tmp_path / "gondor.png"
    result = CliRunner().invoke(command, ["gondor", "--png", str(out)])
    assert result.exit_code == 0, result.output
    assert out.is_file() and out.stat().st_size > 10_000


@pytest.mark.rule("gondor", "[16.41]")
def test_siege_towers_can_reach_every_outer_wall_hexside_from_the_east_edge(
        gondor: HexMap) -> None:
    """Siege towers may not enter plowed fields or groves [4.3]: the approaches stay open."""
    def siege_tower(_a: str, b: str, f: dict | None) -> bool:
        return gondor.terrain(b) == "clear" and (f is None or f["kind"] == "slope")

    reached = flood(gondor, gondor.place("reinforcement_entry"), siege_tower)
    lv = levels(gondor)
    foot = {n for h in gondor.place("level_1") for n in gondor.adjacent(h)
            if n not in lv and gondor.terrain(n) != "mountain"}
    assert foot and foot <= reached
