"""Continuous geometry of bases and units [MT §2.4] [MT §7.2]: rotated rectangles, arcs, sweeps.

Angles are degrees counter-clockwise from +x; a unit's ``heading`` is the direction its front
faces.  Every shape is a shapely 2 geometry.
"""

from __future__ import annotations

import math

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


def rect(x: float, y: float, heading: float, frontage: float, depth: float) -> Polygon:
    """A footprint: frontage × depth centred on (x, y), its front edge facing ``heading``."""
    return Polygon(corners(x, y, heading, frontage, depth))
