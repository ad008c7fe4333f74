"""The board of the Siege of Minas Tirith [MT §3] and the standard deployment [MT §9.1]."""

from __future__ import annotations

import itertools
import math
import random
import tomllib
from importlib import resources

import pytest
from shapely.geometry import LineString, Point

from ringwar.systems.minas_tirith.board import load_board
from ringwar.systems.minas_tirith.geometry import rect

B = load_board()
CX, CY = B.centre


def rule(section: str) -> pytest.MarkDecorator:
    return pytest.mark.rule("minas-tirith", section)


def at(r: float, phi: float) -> tuple[float, float]:
    a = math.radians(phi)
    return CX + r * math.cos(a), CY + r * math.sin(a)


def fp(r: float, phi: float, frontage: float, depth: float, heading: float | None = None):
    """A footprint centred at polar (r, φ), facing outward unless told."""
    x, y = at(r, phi)
    return rect(x, y, phi if heading is None else heading, frontage, depth)


# --------------------------------------------------------------------------- §3.1 table

@rule("§3.1")
def test_3_1_table_is_144_by_108_with_the_city_centre_on_the_west_edge():
    assert B.table.bounds == (0.0, 0.0, 144.0, 108.0)
    assert B.centre == (0.0, 48.0)
    assert B.sector_at(43.0, 48.0) == "Pelennor"
    assert B.sector_at(140.0, 100.0) == "Pelennor"
    assert B.elevation(100.0, 10.0) == 0


@rule("§3.1")
def test_3_1_the_table_edge_blocks():
    assert B.obstacle(rect(143.5, 60.0, 0.0, 2.0, 2.0)) == "edge"
    assert B.obstacle(rect(100.0, 0.5, 90.0, 6.0, 2.0)) == "edge"
    assert B.obstacle(rect(143.0, 60.0, 0.0, 2.0, 2.0)) is None  # flush with the edge
    assert B.obstacle(rect(100.0, 3.0, 90.0, 12.0, 6.0)) is None  # a Mumak filling the strip


# --------------------------------------------------------------------------- §3.2 walls

LEVELS = {1: (34, 40), 2: (28, 33), 3: (23, 27), 4: (18, 22), 5: (14, 17), 6: (10, 13), 7: (0, 9)}
BANDS = {1: (40, 42), 2: (33, 34), 3: (27, 28), 4: (22, 23), 5: (17, 18), 6: (13, 14), 7: (9, 10)}


@rule("§3.2")
def test_3_2_wall_bands_and_levels_have_the_radii_of_the_table():
    for k, (a, b) in BANDS.items():
        band = B.walls[k]
        assert band.contains(Point(at((a + b) / 2, 60.0)))
        assert not band.contains(Point(at(a - 0.05, 60.0)))
        assert not band.contains(Point(at(b + 0.05, 60.0)))
        # a half-annulus: its area is half the ring's
        assert band.area == pytest.approx(math.pi * (b * b - a * a) / 2, rel=2e-3)
    for k, (a, b) in LEVELS.items():
        assert B.levels[k].contains(Point(at((a + b) / 2, -60.0)))


@rule("§3.2")
def test_3_2_sector_at_finds_every_sector():
    expect = {"L1-S": (37, -50), "L1-G": (37, 0), "L1-N": (37, 50), "Citadel": (4, 10)}
    for k in range(2, 7):
        a, b = LEVELS[k]
        expect[f"L{k}-S"] = ((a + b) / 2, -60)
        expect[f"L{k}-N"] = ((a + b) / 2, 60)
    assert set(expect) | {"Pelennor"} == set(B.sectors)
    for name, (r, phi) in expect.items():
        x, y = at(r, phi)
        assert B.sector_at(x, y) == name, name
        assert B.sectors[name].contains(Point(x, y)), name


@rule("§3.2")
def test_3_2_level_1_sector_lines_are_at_plus_and_minus_20_degrees():
    assert B.sector_at(*at(37, -20.5)) == "L1-S"
    assert B.sector_at(*at(37, -19.5)) == "L1-G"
    assert B.sector_at(*at(37, 19.5)) == "L1-G"
    assert B.sector_at(*at(37, 20.5)) == "L1-N"


@rule("§3.2")
def test_3_2_elevation_is_the_level_number():
    assert B.elevation(*at(50, 0)) == 0
    for k, (a, b) in LEVELS.items():
        assert B.elevation(*at((a + b) / 2, 70)) == k
        assert B.elevation(*at(sum(BANDS[k]) / 2, 70)) == k  # a wall belongs with its level


@rule("§3.2")
def test_3_2_wall_walks_are_the_2_inch_strip_inside_each_wall():
    assert B.walk_at(*at(39.0, 30)) == 1
    assert B.walk_at(*at(38.1, -80)) == 1
    assert B.walk_at(*at(37.9, 30)) is None
    assert B.walk_at(*at(41.0, 30)) is None  # on the wall itself
    assert B.walk_at(*at(32.0, 60)) == 2
    assert B.walk_at(*at(8.0, 60)) == 7
    assert B.walk_at(32.0, 48.0) is None  # in tunnel T2, not on a walk
    for k, (a, _) in BANDS.items():
        assert B.walks[k].contains(Point(at(a - 1.0, -70)))
        assert not B.walks[k].contains(Point(at(a - 2.1, -70)))


@rule("§3.2")
def test_3_2_a_footprint_across_wall_2_is_an_obstacle():
    assert B.obstacle(fp(33.5, 60, 4, 2)) == "wall 2"
    assert B.obstacle(fp(33.5, 60, 4, 2), open_gates={"G2", "G3"}) == "wall 2"
    assert B.obstacle(fp(41.0, 50, 6, 2)) == "wall 1"
    # standing flush against the wall's inner face is not overlapping it
    inner = BANDS[2][0]
    assert B.obstacle(rect(*at(inner - 1.0, 0.0), 0.0, 0.5, 2.0)) in ("tunnel T2",)
    assert B.obstacle(fp(inner - 1.0 - 0.01, 60, 0.5, 2.0)) is None


# --------------------------------------------------------------------------- §3.3 keel

@rule("§3.3")
def test_3_3_the_keel_splits_levels_2_to_6_and_blocks():
    assert B.obstacle(rect(25.0, 48.0, 0.0, 1.0, 1.0)) == "tunnel T3"
    assert B.obstacle(rect(22.5, 48.0, 0.0, 0.5, 0.5)) == "keel"  # in the band of wall 4
    # crossing a tunnel is a placement, never a swept move [MT §7.3]
    assert B.obstacle(rect(30.5, 48.0, 90.0, 2.0, 7.0)) == "tunnel T2"
    assert B.obstacle(rect(30.5, 48.0, 90.0, 2.0, 7.0), open_gates={"G1", "G2", "G3"}) == \
        "tunnel T2"
    # the keel ends at the inner face of wall 2: level 1 is whole
    assert B.obstacle(rect(37.0, 48.0, 0.0, 2.0, 4.0)) is None


@rule("§3.3")
def test_3_3_tunnels_are_the_keel_inside_each_level_with_faces_as_long_as_the_level_is_wide():
    assert set(B.tunnels) == {"T2", "T3", "T4", "T5", "T6"}
    widths = {"T2": 5, "T3": 4, "T4": 4, "T5": 3, "T6": 3}
    for tid, w in widths.items():
        c = B.connections[tid]
        assert c.kind == "tunnel" and c.width == w
        k = int(tid[1:])
        assert c.sectors == (f"L{k}-S", f"L{k}-N")
        south, north = c.faces[f"L{k}-S"], c.faces[f"L{k}-N"]
        assert south.length == pytest.approx(w, abs=0.1)
        assert {round(y, 6) for _, y in south.coords} == {46.0}
        assert {round(y, 6) for _, y in north.coords} == {50.0}
        assert B.tunnels[tid].area == pytest.approx(4 * w, rel=0.02)


@rule("§3.5")
def test_3_5_points_on_walls_keel_and_tunnels_belong_to_the_sector_inside():
    # a wall band -> the sector just inside that wall; keel or tunnel -> the south sector
    assert B.sector_at(*at(41.0, -50)) == "L1-S"
    assert B.sector_at(*at(41.0, 0)) == "L1-G"
    assert B.sector_at(*at(33.5, 60)) == "L2-N"
    assert B.sector_at(*at(33.5, -60)) == "L2-S"
    assert B.sector_at(*at(9.5, 60)) == "Citadel"
    assert B.sector_at(30.0, 48.0) == "L2-S"   # tunnel T2
    assert B.sector_at(30.0, 49.9) == "L2-S"
    assert B.sector_at(30.0, 50.1) == "L2-N"
    assert B.sector_at(27.5, 49.0) == "L3-S"   # keel in the band of wall 3
    assert B.sector_at(33.5, 49.0) == "L2-S"   # wall 2 where the keel meets it
    assert B.sector_at(9.5, 48.0) == "Citadel"  # the Citadel gate cut


@rule("§3.5")
def test_3_5_sector_at_agrees_with_the_sector_polygons():
    rng = random.Random(7)
    checked = 0
    for _ in range(3000):
        x, y = rng.uniform(0, 144), rng.uniform(0, 108)
        p = Point(x, y)
        for name, poly in B.sectors.items():
            if poly.contains(p) and poly.exterior.distance(p) > 0.01:
                assert B.sector_at(x, y) == name
                checked += 1
    assert checked > 2500


# --------------------------------------------------------------------------- §3.4 gates

GATES = {"G1": (1, 0, 8, ("Pelennor", "L1-G")), "G2": (2, -40, 4, ("L1-S", "L2-S")),
         "G3": (3, 40, 4, ("L2-N", "L3-N")), "G4": (4, -40, 4, ("L3-S", "L4-S")),
         "G5": (5, 40, 4, ("L4-N", "L5-N")), "G6": (6, -40, 4, ("L5-S", "L6-S")),
         "G7": (7, 0, 4, ("L6-S", "Citadel"))}


@rule("§3.4")
def test_3_4_great_gate_is_8_inches_wide():
    g = B.gates["G1"]
    assert g.width == 8.0 and g.wall == 1 and g.bearing == 0.0
    x0, y0, x1, y1 = g.opening.bounds
    assert (y0, y1) == (44.0, 52.0) and x1 == pytest.approx(42.0)
    assert g.outer_face.length == pytest.approx(8.0, abs=0.05)
    assert B.checkpoints["A"].equals(g.opening)


@rule("§3.4")
def test_3_4_every_gate_has_its_wall_bearing_width_and_joins():
    assert set(B.gates) == set(GATES)
    for gid, (wall, bearing, width, joins) in GATES.items():
        g = B.gates[gid]
        assert (g.wall, g.bearing, g.width, g.joins) == (wall, bearing, width, joins)
        assert g.opening.area == pytest.approx(width * (BANDS[wall][1] - BANDS[wall][0]),
                                               rel=0.02)
        assert B.walls[wall].buffer(1e-6).contains(g.opening)
        # the inner face opens on the inner sector
        (fx, fy) = g.inner_face.interpolate(0.5, normalized=True).coords[0]
        assert B.sector_at(*at(math.hypot(fx - CX, fy - CY) - 0.5, bearing)) == joins[1]
        if gid != "G7":
            assert B.sector_at(*at(math.hypot(fx - CX, fy - CY) + (BANDS[wall][1] - BANDS[wall][0])
                                   + 0.5, bearing)) == joins[0]


@rule("§3.4")
def test_3_4_a_footprint_in_a_gate_opening_passes_only_when_the_gate_is_open():
    col = fp(33.5, -40, 3.0, 3.0)  # a 3" troll column standing in G2
    assert B.obstacle(col) == "gate G2"
    assert B.obstacle(col, open_gates={"G2"}) is None
    assert B.obstacle(col, open_gates={"G3"}) == "gate G2"
    wide = fp(33.5, -40, 5.0, 3.0)  # wider than the gate
    assert B.obstacle(wide, open_gates={"G2"}) == "wall 2"


@rule("§3.4")
def test_3_4_the_great_gate_holds_grond_and_a_2_inch_column_beside_it():
    grond = rect(41.0, 45.8, 180.0, 3.0, 10.0)
    column = rect(40.0, 50.2, 180.0, 2.0, 4.0)
    assert B.obstacle(grond) == "gate G1"
    assert B.obstacle(grond, open_gates={"G1"}) is None
    assert B.obstacle(column, open_gates={"G1"}) is None
    assert not grond.intersects(column)
    assert B.gates_in(grond) == ["G1"]


@rule("§3.4")
def test_3_4_the_citadel_gate_is_cut_in_the_keels_west_end():
    g7 = B.gates["G7"]
    assert g7.opening.bounds[1:4:2] == (46.0, 50.0)
    assert not B.keel.intersection(g7.opening).area > 1e-6
    assert B.obstacle(rect(9.5, 48.0, 0.0, 1.0, 0.5)) == "gate G7"
    assert B.obstacle(rect(9.5, 48.0, 0.0, 1.0, 0.5), open_gates={"G7"}) is None
    assert B.connections["G7"].via == "T6"


# ------------------------------------------------------------------- §3.5 connections

ROAD = ("L1-G L1-S G2 L2-S T2 L2-N G3 L3-N T3 L3-S G4 L4-S T4 L4-N G5 L5-N T5 L5-S G6 L6-S "
        "T6 G7 Citadel").split()


@rule("§3.5")
def test_3_5_connections_are_the_two_level_1_lines_seven_gates_and_five_tunnels():
    kinds = sorted(c.kind for c in B.connections.values())
    assert kinds == ["gate"] * 7 + ["line"] * 2 + ["tunnel"] * 5
    lines = {c.sectors for c in B.connections.values() if c.kind == "line"}
    assert lines == {("L1-S", "L1-G"), ("L1-G", "L1-N")}
    for c in B.connections.values():
        if c.kind == "gate":
            assert c.sectors == GATES[c.id][3] and c.width == GATES[c.id][2]
        for sector, face in c.faces.items():
            assert sector in c.sectors or c.via is not None
            assert isinstance(face, LineString)


@rule("§3.5")
def test_3_5_every_face_opens_on_its_sector():
    """A figure just off each face, on its own side, stands clear in that sector."""
    for c in B.connections.values():
        for sector, face in c.faces.items():
            mid = face.interpolate(0.5, normalized=True)
            a = face.interpolate(0.45, normalized=True)
            b = face.interpolate(0.55, normalized=True)
            n = math.hypot(b.x - a.x, b.y - a.y)
            nx, ny = -(b.y - a.y) / n, (b.x - a.x) / n  # normal to the face
            ok = False
            for d in (-0.6, 0.6):
                p = rect(mid.x + d * nx, mid.y + d * ny, 0.0, 0.5, 0.5)
                if B.sector_holding(p) == sector and B.obstacle(p) is None:
                    ok = True
                    assert c in B.connections_near(p)
            assert ok, (c.id, sector)


@rule("§3.4")
def test_3_4_the_road_is_walkable_through_the_connections():
    tokens = ROAD
    sector = tokens[0]
    i = 1
    while i < len(tokens):
        cid = tokens[i] if tokens[i] in B.connections else None
        if cid is None:  # two sectors in a row: a level-1 line joins them
            nxt = tokens[i]
            line = [c for c in B.connections.values()
                    if c.kind == "line" and set(c.sectors) == {sector, nxt}]
            assert line, (sector, nxt)
            sector, i = nxt, i + 1
            continue
        c = B.connections[cid]
        nxt = tokens[i + 1]
        if nxt in B.connections:  # T6 → G7: the gate is reached through the tunnel
            g = B.connections[nxt]
            assert g.via == cid and sector in g.faces
            c, nxt, i = g, tokens[i + 2], i + 1
        assert sector in c.faces and nxt in c.faces, (c.id, sector, nxt)
        assert c.width >= 3.0  # the widest march column (trolls) passes every gate and tunnel
        sector, i = nxt, i + 2
    assert sector == "Citadel"


@rule("§7.3")
def test_7_3_connections_near_means_within_1_inch_of_a_face():
    g2 = B.connections["G2"]
    near = fp(BANDS[2][1] + 0.8 + 1.0, -40, 3.0, 2.0)   # rear edge... front edge 0.8" off
    far = fp(BANDS[2][1] + 1.5 + 1.0, -40, 3.0, 2.0)
    assert g2 in B.connections_near(near)
    assert g2 not in B.connections_near(far)
    assert B.connections_near(fp(37.0, 20.9, 1.0, 1.0, heading=0.0))[0].id == "L1-G/L1-N"


# ------------------------------------------------------------------ §3.7 roads and woods

@rule("§3.7")
def test_3_7_roads_are_2_inches_wide_along_their_polylines():
    assert B.road_width == 2.0
    assert set(B.roads) == {"east", "north", "harlond"}
    assert B.road_near(100.0, 48.9) and not B.road_near(100.0, 50.5)
    assert B.on_road(60.0, 70.0) and B.on_road(60.0, 30.0) and B.on_road(144.0, 12.0)
    assert B.road_near(66.0, 89.0)  # on the north road's second leg
    assert not B.on_road(20.0, 48.0)  # no road geometry inside the city


@rule("§3.7")
def test_3_7_woods_are_clear_of_the_roads():
    assert B.woods["W1"].bounds == (80.0, 76.0, 92.0, 86.0)
    assert B.woods["W2"].bounds == (96.0, 28.0, 106.0, 36.0)
    for w in B.woods.values():
        for r in B.roads.values():
            assert w.distance(r) > B.road_width / 2
    assert B.in_woods(rect(86.0, 81.0, 0.0, 6.0, 2.0))
    assert not B.in_woods(rect(86.0, 73.0, 0.0, 6.0, 2.0))
    assert B.woods_length((70.0, 80.0), (100.0, 80.0)) == pytest.approx(12.0)
    assert B.woods_length((70.0, 50.0), (100.0, 50.0)) == 0.0


@rule("§7.8")
def test_7_8_walls_crossed_counts_wall_bands():
    assert B.walls_crossed((37.0, 30.0), (80.0, 30.0)) == 1
    assert B.walls_crossed(at(30.0, -60), (80.0, 20.0)) == 2
    assert B.walls_crossed((2.0, 52.0), (100.0, 52.0)) == 7
    assert B.walls_crossed((60.0, 60.0), (100.0, 60.0)) == 0


# ------------------------------------------------------------------ §3.8 zones

@rule("§3.8")
def test_3_8_deployment_zones_and_checkpoints():
    z = B.zones
    assert set(z) == {"gondor", "mordor", "grond", "harad", "rohan", "aragorn"}
    assert B.in_zone("gondor", rect(37.0, 48.0, 0.0, 6.0, 2.0))
    assert B.in_zone("gondor", fp(38.5, 30, 6.0, 2.0))        # on a wall walk
    assert not B.in_zone("gondor", fp(40.5, 30, 2.0, 1.0))    # on wall 1
    assert not B.in_zone("gondor", rect(30.0, 48.0, 0.0, 1.0, 1.0))  # in the keel
    assert B.in_zone("mordor", fp(56.0, 10, 10.0, 2.0)) and not B.in_zone("mordor", fp(54.5, 10, 10.0, 2.0))
    assert not B.in_zone("mordor", rect(100.0, 3.0, 90.0, 8.0, 2.0))  # the Haradrim's strip
    assert B.in_zone("grond", rect(72.5, 48.0, 180.0, 3.0, 10.0))
    assert not B.in_zone("grond", rect(70.0, 48.0, 180.0, 3.0, 10.0))
    assert B.in_zone("harad", rect(100.0, 3.0, 90.0, 12.0, 6.0))
    assert not B.in_zone("harad", rect(58.0, 3.0, 90.0, 6.0, 2.0))
    assert B.in_zone("rohan", rect(70.0, 104.0, 270.0, 10.0, 4.0))
    assert B.in_zone("rohan", rect(4.0, 95.0, 0.0, 4.0, 6.0))
    assert not B.in_zone("rohan", rect(4.0, 85.0, 0.0, 4.0, 6.0))
    assert B.in_zone("aragorn", rect(140.0, 20.0, 180.0, 8.0, 4.0))
    assert not B.in_zone("aragorn", rect(140.0, 60.0, 180.0, 8.0, 4.0))
    assert B.checkpoints["B"].bounds == (136.0, 44.0, 144.0, 52.0)


# ------------------------------------------------------------------ §9.1 set-up

# §4 orders of battle and §2.4 pitches, for the footprints (the test's own copy)
CLOSE = {**{t: (1.0, 1.0) for t in ("LI", "MI", "HI", "HAI")},
         **{t: (1.0, 2.0) for t in ("LC", "MC", "HC", "AC", "HAC", "WC")},
         "TI": (1.5, 1.5), "MAC": (4.0, 6.0)}
OPEN = {**{t: (2.0, 2.0) for t in ("LI", "MI", "HI", "HAI")},
        **{t: (2.0, 3.0) for t in ("LC", "MC", "HC", "AC", "HAC", "WC")},
        "TI": (2.5, 2.5), "MAC": (4.0, 6.0)}
UNITS = {  # id: (contingent, type, figures)
    "G1": ("garrison", "HI", 12), "G2": ("garrison", "HI", 12), "G3": ("garrison", "HI", 12),
    "G4": ("garrison", "MI", 12), "G5": ("garrison", "MI", 12), "G6": ("garrison", "AC", 8),
    "G7": ("garrison", "HI", 12), "G8": ("garrison", "HC", 8), "G9": ("garrison", "MI", 12),
    "G10": ("garrison", "MI", 12), "G11": ("garrison", "LI", 12), "G12": ("garrison", "LI", 12),
    **{f"M{i}": ("mordor", "MI", 20) for i in (1, 2, 3, 4)},
    "M5": ("mordor", "LI", 16), "M6": ("mordor", "LI", 16), "M7": ("mordor", "HI", 16),
    "M8": ("mordor", "HI", 16), "M9": ("mordor", "MI", 16), "M10": ("mordor", "MI", 16),
    "M11": ("mordor", "TI", 6), "M12": ("mordor", "TI", 6), "M13": ("mordor", "WC", 10),
    "M14": ("mordor", "MC", 10),
    "H1": ("harad", "MC", 10), "H2": ("harad", "MC", 10), "H3": ("harad", "MI", 16),
    "H4": ("harad", "MI", 16), "H5": ("harad", "LI", 12), "H6": ("harad", "HI", 12),
    "H7": ("harad", "MAC", 3),
}
FILES = {"G6": 4, "G8": 4, **{f"M{i}": 10 for i in (1, 2, 3, 4)}, "M11": 3, "M12": 3, "M13": 5,
         "M14": 5, "H1": 5, "H2": 5, "H7": 3}
ENGINES = {**{e: (3.0, 3.0) for e in ("E-G1", "E-G2", "E-D4", "E-D5", "E-D6")},
           **{e: (2.0, 2.0) for e in ("E-G3", "E-G4", "E-D7", "E-D8", "E-D9")},
           **{e: (4.0, 4.0) for e in ("E-D1", "E-D2", "E-D3")}, "E-D10": (3.0, 10.0)}
MOUNT = {"foot": (1.0, 1.0), "horse": (1.0, 2.0), "fell_beast": (3.0, 3.0)}
LEADERS = {  # id: (side, start mount)
    "gandalf": ("west", "horse"), "imrahil": ("west", "horse"), "hurin": ("west", "foot"),
    "forlong": ("west", "horse"), "hirluin": ("west", "foot"), "duinhir": ("west", "foot"),
    "witch-king": ("dark-lord", "horse"),
    **{f"nazgul-{i}": ("dark-lord", "fell_beast") for i in (1, 2, 3, 4)},
    "gothmog": ("dark-lord", "horse"), "harad-chieftain": ("dark-lord", "horse"),
    "harad-captain": ("dark-lord", "foot"), "troll-chieftain": ("dark-lord", "foot"),
    **{f"orc-captain-{i}": ("dark-lord", "foot") for i in (1, 2, 3)},
    "variag-chief": ("dark-lord", "foot"),
}
CONTACT = 0.05


def load_setup() -> dict:
    text = (resources.files("ringwar.systems.minas_tirith") / "data" / "setup.toml").read_text()
    return tomllib.loads(text)


def unit_footprint(uid: str, u: dict):
    _, typ, figs = UNITS[uid]
    lat, rank = (OPEN if u.get("order") == "open" or typ == "MAC" else CLOSE)[typ]
    files = u["files"]
    return rect(u["x"], u["y"], u["heading"], files * lat, math.ceil(figs / files) * rank)


def footprints(setup: dict) -> dict[str, object]:
    out = {uid: unit_footprint(uid, u) for uid, u in setup["units"].items()}
    out |= {eid: rect(e["x"], e["y"], e["heading"], *ENGINES[eid])
            for eid, e in setup["engines"].items()}
    out |= {lid: rect(ld["x"], ld["y"], ld["heading"], *MOUNT[LEADERS[lid][1]])
            for lid, ld in setup["leaders"].items() if "attached_to" not in ld}
    return out


def faces_away(heading: float, x: float, y: float, sign: int) -> bool:
    """Whether a heading points away from C (sign +1) or toward it (sign -1), within 90°."""
    bearing = math.degrees(math.atan2(y - CY, x - CX))
    return sign * math.cos(math.radians(heading - bearing)) > 0


@rule("§9.1")
def test_9_1_the_standard_set_up_places_every_unit_engine_and_leader():
    s = load_setup()
    assert set(s["units"]) == set(UNITS)  # Rohan and the Provincials arrive by card
    assert set(s["engines"]) == set(ENGINES)
    assert set(s["leaders"]) == set(LEADERS)
    for uid, u in s["units"].items():
        assert u["files"] == FILES.get(uid, 6 if UNITS[uid][2] == 12 else 8), uid
    assert s["units"]["H7"]["order"] == "open"
    assert s["units"]["M11"]["attached_to"] == "E-D10"
    for lid, ld in s["leaders"].items():
        if "attached_to" in ld:
            assert ld["attached_to"] in s["units"]
            side = "west" if ld["attached_to"].startswith("G") else "dark-lord"
            assert LEADERS[lid][0] == side


@rule("§9.1")
def test_9_1_the_standard_set_up_is_legal():
    s = load_setup()
    fps = footprints(s)
    for key, poly in fps.items():
        assert B.obstacle(poly) is None, key
    # nothing overlaps anything, and nothing but M11 and Grond starts in contact
    for (a, pa), (b, pb) in itertools.combinations(fps.items(), 2):
        assert not pa.intersects(pb), (a, b)
        if {a, b} != {"M11", "E-D10"}:
            assert pa.distance(pb) > CONTACT, (a, b)
    assert fps["M11"].distance(fps["E-D10"]) <= CONTACT
    # the garrison: inside the city, each wholly in one sector, facing outward
    west = [k for k in fps if k.startswith(("G", "E-G"))
            or (k in LEADERS and LEADERS[k][0] == "west")]
    for k in west:
        assert B.in_zone("gondor", fps[k]), k
        assert B.sector_holding(fps[k]) not in (None, "Pelennor"), k
    for uid in (k for k in s["units"] if k.startswith("G")):
        u = s["units"][uid]
        if B.sector_at(u["x"], u["y"]) != "Citadel":
            assert faces_away(u["heading"], u["x"], u["y"], +1), uid
    for archers in ("G4", "G5", "G11"):
        u = s["units"][archers]
        assert B.walk_at(u["x"], u["y"]) == 1, archers
    for spears in ("G2", "G3", "G7"):
        assert B.sector_holding(fps[spears]) == "L1-G", spears
    for cav in ("G6", "G8"):
        assert B.sector_level[B.sector_holding(fps[cav])] == 1, cav
    # the Dark Lord: the Host beyond 54", Grond beyond 66", the Haradrim on the South edge
    for k in fps:
        if k.startswith("M") or (k.startswith("E-D") and k != "E-D10"):
            assert B.in_zone("mordor", fps[k]), k
        if k.startswith("H"):
            assert B.in_zone("harad", fps[k]), k
    assert B.in_zone("grond", fps["E-D10"])
    for k, item in [*s["units"].items(), *s["engines"].items()]:
        if not k.startswith(("G", "E-G")):
            assert faces_away(item["heading"], item["x"], item["y"], -1), k
    for lid, ld in s["leaders"].items():
        if LEADERS[lid][0] == "dark-lord" and "attached_to" not in ld:
            assert B.sector_holding(fps[lid]) == "Pelennor", lid  # outside the city
    assert B.in_zone("harad", fps["harad-chieftain"])
    assert s["leaders"]["gandalf"].get("attached_to") is None  # in the city, free
    assert B.sector_at(s["leaders"]["gandalf"]["x"], s["leaders"]["gandalf"]["y"]) != "Pelennor"


@rule("§9.1")
def test_9_1_set_up_agrees_with_the_orders_of_battle_when_they_exist():
    data = pytest.importorskip("ringwar.systems.minas_tirith.data")
    if not hasattr(data, "load"):
        pytest.skip("the orders of battle (data.py) are not on this branch")
    d = data.load()
    s = load_setup()
    for uid, u in s["units"].items():
        spec = d.units[uid]
        assert (spec.type, spec.figures, spec.files) == (UNITS[uid][1], UNITS[uid][2], u["files"])
    for eid in s["engines"]:
        assert tuple(d.engines[eid].size) == ENGINES[eid], eid
    for lid in s["leaders"]:
        assert d.leaders[lid].mount == LEADERS[lid][1], lid
    for typ, spec in d.troop_types.items():
        assert (tuple(spec.close_pitch), tuple(spec.open_pitch)) == (CLOSE[typ], OPEN[typ]), typ
