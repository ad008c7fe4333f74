"""Continuous geometry of bases and units [MT §2.4] [MT §7.2]: rotated rectangles, arcs, sweeps.

Angles are degrees counter-clockwise from +x; a unit's ``heading`` is the direction its front
faces.  Every shape is a shapely 2 geometry.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from shapely.geometry import Polygon


def unit_vectors(heading: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """(forward, left) unit vectors for a heading in degrees."""
    a = math.radians(heading)
    c, s = math.cos(a), math.sin(a)
    return (c, s), (-s, c)


def corners(x: float, y: float, heading: float, frontage: float, depth: float
            ) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float], tuple[float, float]]:
    """The four corners: front-left, front-right, rear-right, rear-left."""
    (fx, fy), (lx, ly) = unit_vectors(heading)
    hf, hd = frontage / 2.0, depth / 2.0
    fl = (x + fx * hd + lx * hf, y + fy * hd + ly * hf)
    fr = (x + fx * hd - lx * hf, y + fy * hd - ly * hf)
    rr = (x - fx * hd - lx * hf, y - fy * hd - ly * hf)
    rl = (x - fx * hd + lx * hf, y - fy * hd + ly * hf)
    return fl, fr, rr, rl


#: rect's shapes by their five numbers (shapely geometries are immutable: shared freely)
_RECTS: dict[tuple[float, float, float, float, float], Polygon] = {}


def rect(x: float, y: float, heading: float, frontage: float, depth: float) -> Polygon:
    """A footprint: frontage × depth centred on (x, y), its front edge facing ``heading``
    (kept by its numbers: the same rectangles are asked for again and again)."""
    key = (x, y, heading, frontage, depth)
    poly = _RECTS.get(key)
    if poly is None:
        poly = Polygon(corners(x, y, heading, frontage, depth))
        if len(_RECTS) > 20_000:
            _RECTS.clear()
        _RECTS[key] = poly
    return poly


def furthest(clear: Callable[[float], bool], distance: float, steps: int = 24) -> float:
    """The furthest distance up to ``distance`` for which ``clear`` holds, by bisection
    (``clear`` must hold at 0 and, once false, stay false further on): how far a unit, an
    engine or a charge goes before the first thing in its way [MT §3.9]."""
    if clear(distance):
        return distance
    lo, hi = 0.0, distance
    for _ in range(steps):
        mid = (lo + hi) / 2
        if clear(mid):
            lo = mid
        else:
            hi = mid
    return lo


def hull(points: list[tuple[float, float]]) -> Polygon:
    """The convex hull of a few points (monotone chain) as one Polygon: the area a rectangle
    sweeps when it slides from one place to another is the hull of its two positions."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return Polygon(pts + pts[:1] * (3 - len(pts))) if pts else Polygon()

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return Polygon(lower[:-1] + upper[:-1])


def swept(a: tuple, b: tuple) -> Polygon:
    """The area swept between two poses of one rectangle, each given as its 4 corners."""
    return hull(list(a) + list(b))
