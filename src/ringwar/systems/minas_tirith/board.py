"""The board of the Siege of Minas Tirith [MT §3]: table, walls, levels, keel, gates, roads, zones.

Everything is built once from ``data/board.toml`` (:func:`load_board`, cached) as shapely 2
geometry, following the construction of [MT §3.9]: half-annuli are differences of buffered
points about the city centre C clipped to the table (x ≥ 0); a gate cuts a box of its width,
turned to its bearing, out of its wall band (the Citadel gate also out of the keel's west end);
tunnels are the keel inside each level.

The hot queries are cheap: :meth:`Board.sector_at`, :meth:`Board.elevation` and
:meth:`Board.walk_at` are closed-form polar tests on the same radii the polygons are built from;
:meth:`Board.obstacle` asks an STRtree of small obstacle pieces (each wall band cut into
wedges so the boxes stay tight), eroded by a hair so that touching a wall is not overlapping it.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any

import numpy as np
import shapely
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import unary_union

from .geometry import rect

__all__ = ["Board", "Connection", "Gate", "load_board", "board_data"]

#: erosion of obstacle pieces: a footprint that only touches a wall (distance 0) is clear of it
TOUCH = 1e-6
#: each wall band is cut into wedges this many degrees wide for the obstacle index
WEDGE = 10.0


@dataclass(frozen=True, slots=True, eq=False)
class Gate:
    """A gate [MT §3.4]: the cut through its wall band, and the two faces of that cut.

    ``joins`` is (outer sector, inner sector) [MT §3.5]; ``outer_face`` and ``inner_face`` are the
    arcs of the opening on the wall's outer and inner circles.  G7's outer face is the west end
    of tunnel T6 (``via``).
    """

    id: str
    name: str
    wall: int
    bearing: float
    width: float
    opening: Polygon
    joins: tuple[str, str]
    outer_face: LineString
    inner_face: LineString
    via: str | None = None


@dataclass(frozen=True, slots=True, eq=False)
class Connection:
    """A way between two sectors [MT §3.5] [MT §7.3]: a level-1 line, a gate or a tunnel.

    ``geometry`` is the line the unit crosses (the radial line; the gate's mid-wall arc; the
    tunnel's centreline across the level).  ``faces`` maps each sector the connection opens on to
    the face on that side (for a line, the line itself): a unit must start within 1″ of a face
    and is placed with its rear edge against the face on the far side.  ``width`` is the opening
    a march column must fit through: the gate width, the tunnel face length (the level's width),
    the level's width for a line.  G7 lists ``via="T6"``: it is reached through T6, whose south
    and north faces are its faces on the level-6 side.
    """

    id: str
    kind: str
    sectors: tuple[str, str]
    geometry: LineString
    width: float
    faces: Mapping[str, LineString] = field(default_factory=dict)
    via: str | None = None

    def face(self, sector: str) -> LineString:
        """The face of this connection on ``sector``'s side."""
        return self.faces[sector]


# --------------------------------------------------------------------------- construction

def board_data() -> dict[str, Any]:
    """The raw board data [MT §3] (``data/board.toml``)."""
    text = resources.files(__package__).joinpath("data", "board.toml").read_text("utf-8")
    return tomllib.loads(text)


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, step: float = 2.0
         ) -> list[tuple[float, float]]:
    """Points on the circle of radius ``r`` from bearing a0 to a1 (degrees), ≤ ``step`` apart."""
    n = max(2, math.ceil(abs(a1 - a0) / step) + 1)
    out = []
    for i in range(n):
        a = math.radians(a0 + (a1 - a0) * i / (n - 1))
        out.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return out


def _wedge(cx: float, cy: float, a0: float, a1: float, reach: float = 400.0) -> Polygon:
    """The region about C between bearings a0 and a1 (degrees, a0 < a1)."""
    return Polygon([(cx, cy), *_arc(cx, cy, reach, a0, a1, step=5.0)])


def _pieces(geom: BaseGeometry) -> list[Polygon]:
    """The polygons of a (multi)polygon result, dropping empties and slivers."""
    if geom.is_empty:
        return []
    parts = list(getattr(geom, "geoms", [geom]))
    return [p for p in parts if isinstance(p, Polygon) and p.area > 1e-6]


class Board:
    """The frozen board definition [MT §3]; one per process, from :func:`load_board`.

    Attributes (all shapely 2 geometry, inches):

    - ``table``: the 144″ × 108″ table [MT §3.1]; ``centre``: C.
    - ``sectors``: "Pelennor", "L1-S", "L1-G", "L1-N", "L2-S" … "L6-N", "Citadel" [MT §3.5]: the
      open ground of each (wall bands and the keel belong to no sector polygon).
    - ``sector_level``: sector → level (Pelennor 0) [MT §3.2]; ``levels``: level k → its whole
      ring between walls (keel included); ``walls``: k → the full band of wall k;
      ``walks``: k → the wall walk of wall k (level side, keel excluded).
    - ``keel`` (without the Citadel gate cut) and ``tunnels`` "T2".."T6" [MT §3.3].
    - ``gates`` [MT §3.4]; ``connections`` [MT §3.5]: the two level-1 lines, seven gates, five
      tunnels.
    - ``roads`` (centrelines) and ``road_width``, ``woods`` [MT §3.7]; ``zones`` and
      ``checkpoints`` [MT §3.8].
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        t = data["table"]
        self.width: float = float(t["width"])
        self.height: float = float(t["height"])
        cx, cy = (float(v) for v in data["city"]["centre"])
        self.centre = (cx, cy)
        q = int(data["geometry"]["arc_segments"])
        self.adjacent: float = float(data["geometry"]["adjacent"])
        self.table: Polygon = box(0.0, 0.0, self.width, self.height)
        self.outside: str = data["city"]["outside"]
        self.citadel: str = data["city"]["citadel"]

        def disc(r: float) -> Polygon:
            return Point(cx, cy).buffer(r, quad_segs=q)

        def ring(a: float, b: float) -> Polygon:
            g = disc(b) if a <= 0 else disc(b).difference(disc(a))
            return g.intersection(self.table)

        walls = sorted(data["walls"], key=lambda w: w["number"])
        self._band = {int(w["number"]): (float(w["band"][0]), float(w["band"][1])) for w in walls}
        self._level = {int(w["number"]): (float(w["level"][0]), float(w["level"][1]))
                       for w in walls}
        self._elev = {int(w["number"]): int(w["elevation"]) for w in walls}
        self.city_radius: float = self._band[1][1]
        self.walk_width: float = float(data["walk"]["width"])
        k_hw = float(data["keel"]["half_width"])
        k_r0, k_r1 = (float(v) for v in data["keel"]["r"])
        self._keel_hw = k_hw
        self._keel_r = (k_r0, k_r1)
        self._l1_lines = tuple(sorted(float(a) for a in data["level1"]["sector_lines"]))
        # polar lookup for sector_at: (outer radius of level k with its wall, level k), inner first
        self._rings = sorted((self._band[k][1], k) for k in self._band)
        n_levels = len(self._band)
        self._split_levels = tuple(int(k) for k in data["keel"]["tunnel_levels"])

        self.walls: dict[int, Polygon] = {k: ring(*self._band[k]) for k in self._band}
        self.levels: dict[int, Polygon] = {k: ring(*self._level[k]) for k in self._level}
        # sectors [MT §3.5]
        s_names = self._sector_names()
        sectors: dict[str, Polygon] = {self.outside: self.table.difference(disc(self.city_radius))}
        sector_level: dict[str, int] = {self.outside: 0}
        lo, hi = self._l1_lines
        l1 = self.levels[1]
        for name, (a0, a1) in zip(s_names[1], ((-90.0, lo), (lo, hi), (hi, 90.0))):
            sectors[name] = l1.intersection(_wedge(cx, cy, a0 - 1.0 if a0 == -90.0 else a0,
                                                   a1 + 1.0 if a1 == 90.0 else a1))
            sector_level[name] = 1
        south = box(0.0, 0.0, self.width, cy - k_hw)
        north = box(0.0, cy + k_hw, self.width, self.height)
        for k in range(2, n_levels):
            s, n = s_names[k]
            if k in self._split_levels:
                sectors[s] = self.levels[k].intersection(south)
                sectors[n] = self.levels[k].intersection(north)
            sector_level[s] = sector_level[n] = self._elev[k]
        sectors[self.citadel] = self.levels[n_levels]
        sector_level[self.citadel] = self._elev[n_levels]
        self.sectors = sectors
        self.sector_level = sector_level
        self._sector_names_by_level = s_names

        # keel, gates, tunnels [MT §3.3] [MT §3.4]
        keel_full = ring(k_r0, k_r1).intersection(box(0.0, cy - k_hw, self.width, cy + k_hw))
        gates: dict[str, Gate] = {}
        for gid, g in sorted(data["gates"].items(), key=lambda kv: int(kv[0][1:])):
            k = int(g["wall"])
            r_in, r_out = self._band[k]
            b, w = float(g["bearing"]), float(g["width"])
            rm = (r_in + r_out) / 2.0
            cut = rect(cx + rm * math.cos(math.radians(b)), cy + rm * math.sin(math.radians(b)),
                       b, w, (r_out - r_in) + 2.0)
            opening = self.walls[k].intersection(cut)
            gates[gid] = Gate(
                id=gid, name=str(g["name"]), wall=k, bearing=b, width=w, opening=opening,
                joins=(str(g["joins"][0]), str(g["joins"][1])),
                outer_face=self._face(r_out, b, w), inner_face=self._face(r_in, b, w),
                via=g.get("via"))
        self.gates = gates
        cuts = unary_union([g.opening for g in gates.values() if g.opening.intersects(keel_full)])
        self.keel: Polygon = keel_full.difference(cuts) if not cuts.is_empty else keel_full
        self.tunnels: dict[str, Polygon] = {
            f"T{k}": self.keel.intersection(self.levels[k]) for k in self._split_levels}
        self.walks: dict[int, Polygon] = {
            k: ring(self._band[k][0] - self.walk_width, self._band[k][0]).difference(keel_full)
            for k in self._band}

        # roads and woods [MT §3.7]
        rd = data["roads"]
        self.road_width: float = float(rd["width"])
        self.roads: dict[str, LineString] = {
            name: LineString([tuple(p) for p in pts]) for name, pts in rd.items()
            if name != "width"}
        self.woods: dict[str, Polygon] = {n: box(*v) for n, v in data["woods"].items()}

        # zones and checkpoints [MT §3.8]
        self.zones: dict[str, Polygon] = {}
        city_open = unary_union([self.sectors[s] for s in self.sectors if s != self.outside])
        for name, z in data["zones"].items():
            if "boxes" in z:
                shape = unary_union([box(*b) for b in z["boxes"]]).intersection(self.table)
            elif "r_max" in z:  # inside the city: open ground of the levels (walks included)
                shape = city_open.intersection(disc(float(z["r_max"])))
            else:
                shape = self.table.difference(disc(float(z["r_min"])))
            self.zones[name] = shape
        for name, z in data["zones"].items():
            for other in z.get("exclude", []):
                self.zones[name] = self.zones[name].difference(self.zones[other])
        self.checkpoints: dict[str, Polygon] = {}
        for name, c in data["checkpoints"].items():
            self.checkpoints[name] = gates[c["gate"]].opening if "gate" in c else box(*c["box"])

        self.connections: dict[str, Connection] = self._connections()
        self._build_indexes()

    # ----------------------------------------------------------------- construction helpers

    def _sector_names(self) -> dict[int, tuple[str, ...]]:
        names: dict[int, tuple[str, ...]] = {1: ("L1-S", "L1-G", "L1-N")}
        for k in range(2, len(self._band)):
            names[k] = (f"L{k}-S", f"L{k}-N")
        names[len(self._band)] = (self.citadel,)
        return names

    def _face(self, r: float, bearing: float, width: float) -> LineString:
        """The arc of radius r where a cut of ``width`` on ``bearing`` meets the circle."""
        half = math.degrees(math.asin(min(1.0, width / 2.0 / r)))
        cx, cy = self.centre
        return LineString(_arc(cx, cy, r, bearing - half, bearing + half, step=1.0))

    def _connections(self) -> dict[str, Connection]:
        cx, cy = self.centre
        out: dict[str, Connection] = {}
        r0, r1 = self._level[1]
        s, g, n = self._sector_names_by_level[1]
        for a, pair in zip(self._l1_lines, ((s, g), (g, n))):
            ca, sa = math.cos(math.radians(a)), math.sin(math.radians(a))
            line = LineString([(cx + r0 * ca, cy + r0 * sa), (cx + r1 * ca, cy + r1 * sa)])
            cid = f"{pair[0]}/{pair[1]}"
            out[cid] = Connection(cid, "line", pair, line, r1 - r0,
                                  MappingProxyType({pair[0]: line, pair[1]: line}))
        hw = self._keel_hw
        tunnel_faces: dict[str, tuple[LineString, LineString]] = {}
        for k in self._split_levels:
            a, b = self._level[k]
            tid = f"T{k}"
            xs = (math.sqrt(a * a - hw * hw), math.sqrt(b * b - hw * hw))
            south = LineString([(cx + xs[0], cy - hw), (cx + xs[1], cy - hw)])
            north = LineString([(cx + xs[0], cy + hw), (cx + xs[1], cy + hw)])
            mid = LineString([(cx + (xs[0] + xs[1]) / 2, cy - hw),
                              (cx + (xs[0] + xs[1]) / 2, cy + hw)])
            ls, ln = self._sector_names_by_level[k]
            tunnel_faces[tid] = (south, north)
            out[tid] = Connection(tid, "tunnel", (ls, ln), mid, b - a,
                                  MappingProxyType({ls: south, ln: north}))
        for gid, gate in self.gates.items():
            r_in, r_out = self._band[gate.wall]
            mid = self._face((r_in + r_out) / 2.0, gate.bearing, gate.width)
            outer, inner = gate.joins
            faces: dict[str, LineString] = {}
            if gate.via:  # reached through a tunnel: its faces are the gate's outer side
                k = int(gate.via[1:])
                ls, ln = self._sector_names_by_level[k]
                faces[ls], faces[ln] = tunnel_faces[gate.via]
            else:
                faces[outer] = gate.outer_face
            faces[inner] = gate.inner_face
            out[gid] = Connection(gid, "gate", gate.joins, mid, gate.width,
                                  MappingProxyType(faces), via=gate.via)
        return out

    def _build_indexes(self) -> None:
        """The obstacle STRtree [MT §3.2–§3.4], the face array and prepared shapes."""
        cx, cy = self.centre
        parts: list[tuple[str, str | None, Polygon]] = []
        for tid, t in self.tunnels.items():
            parts += [(f"tunnel {tid}", None, p) for p in _pieces(t)]
        rest = self.keel.difference(unary_union(list(self.tunnels.values())))
        parts += [("keel", None, p) for p in _pieces(rest)]
        wedges = [_wedge(cx, cy, a, a + WEDGE) for a in range(-90, 90, int(WEDGE))]
        for k, band in self.walls.items():
            cut = unary_union([g.opening for g in self.gates.values() if g.wall == k])
            solid = band.difference(cut) if not cut.is_empty else band
            for w in wedges:
                parts += [(f"wall {k}", None, p) for p in _pieces(solid.intersection(w))]
        for gid, g in self.gates.items():
            parts += [(f"gate {gid}", gid, p) for p in _pieces(g.opening)]
        self._ob_names = [p[0] for p in parts]
        self._ob_gate = [p[1] for p in parts]
        eroded = [p[2].buffer(-TOUCH) for p in parts]
        for e in eroded:
            shapely.prepare(e)
        self._ob_tree = shapely.STRtree(eroded)
        faces: list[LineString] = []
        owners: list[str] = []
        for cid, c in self.connections.items():
            for f in c.faces.values():
                faces.append(f)
                owners.append(cid)
        self._faces = np.array(faces, dtype=object)
        self._face_owner = owners
        self._wall_prepared = dict(self.walls)
        self._crossed: dict[tuple[tuple[float, float], tuple[float, float]], int] = {}
        for w in self._wall_prepared.values():
            shapely.prepare(w)
        self._woods_union = unary_union(list(self.woods.values()))
        self._roads_union = unary_union(list(self.roads.values()))
        shapely.prepare(self._woods_union)
        shapely.prepare(self._roads_union)
        self._sector_list = list(self.sectors.items())
        self._sector_tol = [s.buffer(TOUCH) for _, s in self._sector_list]
        for s in self._sector_tol:
            shapely.prepare(s)
        self._sector_tree = shapely.STRtree(self._sector_tol)
        self._zones_tol = {n: z.buffer(TOUCH) for n, z in self.zones.items()}
        for z in self._zones_tol.values():
            shapely.prepare(z)

    # ------------------------------------------------------------------------- queries

    def polar(self, x: float, y: float) -> tuple[float, float]:
        """(r, φ) of a point about C [MT §3.1]: φ in degrees, 0 due east, positive northward."""
        dx, dy = x - self.centre[0], y - self.centre[1]
        return math.hypot(dx, dy), math.degrees(math.atan2(dy, dx))

    def level_at(self, x: float, y: float) -> int:
        """The level holding a point, a wall band counting with the level inside it; 0 outside
        [MT §3.2] [R-147 via §3.5]."""
        if x < 0.0:
            return 0
        r = math.hypot(x - self.centre[0], y - self.centre[1])
        for r_out, k in self._rings:
            if r <= r_out:
                return k
        return 0

    def sector_at(self, x: float, y: float) -> str:
        """The sector holding a point [MT §3.5].

        A point on a wall band belongs to the sector just inside that wall at that point; a
        point in the keel or a tunnel to the south sector of its level.  Points off the table
        beyond the city read as the Pelennor.
        """
        k = self.level_at(x, y)
        if k == 0:
            return self.outside
        names = self._sector_names_by_level[k]
        if len(names) == 1:
            return names[0]
        if len(names) == 3:
            phi = math.degrees(math.atan2(y - self.centre[1], x - self.centre[0]))
            lo, hi = self._l1_lines
            return names[0] if phi < lo else names[2] if phi > hi else names[1]
        return names[1] if y > self.centre[1] + self._keel_hw else names[0]

    def elevation(self, x: float, y: float) -> int:
        """Elevation of a point: Pelennor 0, level k → k [MT §3.2]."""
        k = self.level_at(x, y)
        return self._elev[k] if k else 0

    def walk_at(self, x: float, y: float) -> int | None:
        """The wall whose walk holds the point, or None [MT §3.2] (a unit by its centre)."""
        if x < 0.0:
            return None
        r = math.hypot(x - self.centre[0], y - self.centre[1])
        for k, (r_in, _) in self._band.items():
            if r_in - self.walk_width <= r <= r_in:
                if (abs(y - self.centre[1]) <= self._keel_hw
                        and self._keel_r[0] <= r <= self._keel_r[1]):
                    return None
                return k
        return None

    def in_keel(self, x: float, y: float) -> bool:
        """Whether a point lies in the keel (tunnels and the Citadel gate cut included) [MT §3.3]."""
        r = math.hypot(x - self.centre[0], y - self.centre[1])
        return (x >= 0.0 and abs(y - self.centre[1]) <= self._keel_hw
                and self._keel_r[0] <= r <= self._keel_r[1])

    def obstacle(self, poly: BaseGeometry, open_gates: Iterable[str] = frozenset()
                 ) -> str | None:
        """What ``poly`` (a footprint or swept area) overlaps that it may not, or None.

        "edge" (not wholly on the table), "tunnel T4" (crossing a tunnel is a placement, never a
        swept move [MT §7.3]), "keel", "wall 3", or "gate G2" for the opening of a gate that is
        not in ``open_gates`` [MT §3.2–§3.6].  Touching is not overlapping.
        """
        return self.obstacles([poly], open_gates)[0]

    def obstacles(self, polys: list[BaseGeometry], open_gates: Iterable[str] = frozenset()
                  ) -> list[str | None]:
        """``obstacle`` of each of ``polys``, asked of the obstacle tree in one query (a move's
        swept areas are asked together)."""
        out: list[str | None] = [None] * len(polys)
        todo = []
        for i, (x0, y0, x1, y1) in enumerate(shapely.bounds(polys).tolist()):
            if x0 < -TOUCH or y0 < -TOUCH or x1 > self.width + TOUCH or y1 > self.height + TOUCH:
                out[i] = "edge"
            else:
                todo.append(i)
        if not todo:
            return out
        found = self._ob_tree.query([polys[i] for i in todo], predicate="intersects")
        hits: dict[int, list[int]] = {}
        for k, j in zip(found[0].tolist(), found[1].tolist()):
            hits.setdefault(todo[k], []).append(j)
        for i, js in hits.items():
            for j in sorted(js):
                gid = self._ob_gate[j]
                if gid is not None and gid in open_gates:
                    continue
                out[i] = self._ob_names[j]
                break
        return out

    def connections_near(self, poly: BaseGeometry, within: float | None = None
                         ) -> list[Connection]:
        """Connections with a face within ``within`` (default 1″) of ``poly`` [MT §7.3]."""
        d = self.adjacent if within is None else within
        mask = shapely.dwithin(self._faces, poly, d)
        seen: list[str] = []
        for i in mask.nonzero()[0].tolist():
            cid = self._face_owner[i]
            if cid not in seen:
                seen.append(cid)
        return [self.connections[c] for c in seen]

    def walls_crossed(self, p: tuple[float, float], q: tuple[float, float]) -> int:
        """How many wall bands the segment p→q crosses or touches [MT §7.8] (kept per
        segment: the walls never change, and catapults and bows ask the same lines again)."""
        key = (p, q)
        hit = self._crossed.get(key)
        if hit is None:
            seg = LineString([p, q])
            hit = sum(1 for w in self._wall_prepared.values() if w.intersects(seg))
            if len(self._crossed) > 50_000:
                self._crossed.clear()
            self._crossed[key] = hit
        return hit

    def woods_length(self, p: tuple[float, float], q: tuple[float, float]) -> float:
        """Length of the segment p→q inside woods [MT §3.7] [MT §7.4]."""
        seg = LineString([p, q])
        if not self._woods_union.intersects(seg):
            return 0.0
        return float(seg.intersection(self._woods_union).length)

    def in_woods(self, poly: BaseGeometry) -> bool:
        """Whether a footprint overlaps woods [MT §3.7]."""
        return bool(self._woods_union.intersects(poly)
                    and self._woods_union.intersection(poly).area > TOUCH)

    def road_near(self, x: float, y: float, within: float = 1.0) -> bool:
        """Whether a point is within ``within`` of a road centreline [MT §7.1.2]."""
        return bool(shapely.dwithin(self._roads_union, Point(x, y), within))

    def on_road(self, x: float, y: float) -> bool:
        """Whether a point lies on the 2″ road surface [MT §3.7]."""
        return self.road_near(x, y, self.road_width / 2.0)

    def gates_in(self, poly: BaseGeometry) -> list[str]:
        """The gates whose opening ``poly`` overlaps [MT §3.4] (Grond in the Great Gate)."""
        return [gid for gid, g in self.gates.items()
                if g.opening.intersects(poly) and g.opening.intersection(poly).area > TOUCH]

    def sector_holding(self, poly: BaseGeometry) -> str | None:
        """The sector wholly holding ``poly``, or None [MT §3.5] [MT §9.3]."""
        hits = self._sector_tree.query(poly, predicate="within")
        return self._sector_list[int(hits[0])][0] if len(hits) else None

    def in_zone(self, zone: str, poly: BaseGeometry) -> bool:
        """Whether ``poly`` lies wholly in a deployment zone [MT §3.8] (to a hair)."""
        return bool(self._zones_tol[zone].contains(poly))

    def rect(self, x: float, y: float, heading: float, frontage: float, depth: float) -> Polygon:
        """A footprint (``geometry.rect``), for callers holding only the board."""
        return rect(x, y, heading, frontage, depth)


@cache
def load_board() -> Board:
    """The board [MT §3], built once per process from ``data/board.toml``."""
    return Board(board_data())
