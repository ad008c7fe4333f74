"""Draw any :class:`~ringwar.core.hexmap.HexMap` (and counters on it) as SVG or PNG.

The renderer knows nothing of the rules: it reads terrain, hexside features, roads and
places from the map and draws whatever counters it is handed.  One layout pass builds a
list of drawing primitives; two small back ends turn it into SVG text (written by hand) or
a Pillow image, so both pictures agree.

Geometry follows :mod:`ringwar.core.hexes`: flat-topped hexes in vertical columns, column
= x, row = y, even columns half a hex lower.  At ``scale=1`` a hex is 60 px across.

Counters are plain dicts::

    {"hex": "1324", "label": "D-2-Z", "name": "Warg", "side": "sauron",
     "kind": "cavalry", "reduced": False, "disrupted": False}

Counters whose ``hex`` is None or not on the map are skipped (off-map units).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from ..core import hexes as hx
from ..core.hexmap import HexMap

BASE_HEX_SIZE = 30.0  # circumradius in px at scale 1: hexes 60 px across, 52 px tall
SQRT3 = math.sqrt(3.0)

# ----- styles ----------------------------------------------------------------------------
#: terrain -> (fill colour, symbol).  Unknown terrains get a neutral grey and no symbol;
#: later maps add their own entries (e.g. TERRAIN_STYLES["grove"] = ("#9cba7f", "grove")).
TERRAIN_STYLES: dict[str, tuple[str, str | None]] = {
    "clear": ("#ede7c7", None),
    "rough": ("#cdb584", "rough"),
    "crater": ("#b9b2a6", "crater"),
    "mountain": ("#8f7d6a", "mountain"),
    "marsh": ("#b9c7a2", "marsh"),
    "grove": ("#a9c48a", "grove"),
    "plowed": ("#d9c99a", "plowed"),
    "city": ("#d8d4cc", None),
    "tower": ("#b3aca0", "tower"),
    "tunnel": ("#8a7d70", "tunnel"),
    # Battle of the Ring
    "sea": ("#9cc3de", None),
    "forest": ("#7fa86a", "grove"),
    "elven": ("#c9e3b5", None),
    "fortress": ("#c2b8a3", "tower"),
    "special": ("#e3c98f", None),
    # inland water (impassable like the sea, a lighter blue so the two read apart)
    "lake": ("#b4d6ec", "lake"),
}
UNKNOWN_TERRAIN = ("#d6d6d6", None)
TERRAIN_ORDER = ("clear", "rough", "crater", "mountain", "marsh", "grove", "plowed", "city",
                 "tower", "tunnel", "sea", "lake", "forest", "elven", "fortress", "special")

SIDE_STYLES: dict[str, tuple[str, str, str]] = {
    # side -> (fill, border, text)
    "sauron": ("#5e0f0f", "#0c0c0c", "#ffffff"),
    "westernesse": ("#2353a4", "#ffffff", "#ffffff"),
    "alliance": ("#2353a4", "#ffffff", "#ffffff"),
    "elves": ("#2f7f6f", "#ffffff", "#ffffff"),
    "gondor": ("#2353a4", "#ffffff", "#ffffff"),
    "rohan": ("#2f6b2f", "#ffffff", "#ffffff"),
    "saruman": ("#f2f2f2", "#111111", "#111111"),
}
_FALLBACK_SIDES = [("#6a4c93", "#ffffff", "#ffffff"), ("#8a5a00", "#ffffff", "#ffffff"),
                   ("#2d6e7e", "#ffffff", "#ffffff"), ("#555555", "#ffffff", "#ffffff")]

INK = "#2b2118"
GRID = "#8b7f66"
ROAD_OUTER = "#5a3a1a"
ROAD_INNER = "#d9a35f"
SLOPE = "#7a461b"
GATE = "#1b1b1b"
WALL = "#6f6f6f"
TOWER = "#3d3d3d"
TUNNEL = "#2e2118"
RIVER = "#3b7dc4"
GREAT_RIVER = "#1f5fa8"
BORDER = "#a0306a"
HIGHLIGHT = "#ffcc00"
PAPER = "#f7f3e6"

FONT_FAMILY = "DejaVu Sans, Verdana, Arial, sans-serif"


def side_style(side: str | None) -> tuple[str, str, str]:
    if side in SIDE_STYLES:
        return SIDE_STYLES[side]
    key = sum(map(ord, side or "")) % len(_FALLBACK_SIDES)
    return _FALLBACK_SIDES[key]


# ----- primitives ------------------------------------------------------------------------
Pt = tuple[float, float]


@dataclass
class Prim:
    """One drawing primitive.  ``kind``: poly, line, circle, text."""

    kind: str
    pts: list[Pt] = field(default_factory=list)
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.0
    r: float = 0.0                  # circle radius
    text: str = ""
    size: float = 10.0              # font size (px)
    bold: bool = False
    italic: bool = False
    anchor: str = "middle"          # text: start | middle | end (vertically centred)
    halo: str | None = None         # text outline colour
    halo_width: float = 0.0
    cls: str | None = None          # SVG class
    tip: str | None = None          # SVG <title> tooltip
    closed: bool = False            # line: closed polyline


@dataclass
class Layout:
    width: int
    height: int
    prims: list[Prim]
    centres: dict[str, Pt]
    size: float


# ----- geometry --------------------------------------------------------------------------
class _Geom:
    def __init__(self, hexmap: HexMap, s: float, x0: float, y0: float) -> None:
        self.s = s
        self.h = SQRT3 * s
        self.x0 = x0
        self.y0 = y0
        self.cols = hexmap.spec.map.columns
        self.rows = hexmap.spec.map.rows

    @property
    def map_width(self) -> float:
        return self.s * (1.5 * (self.cols - 1) + 2.0)

    @property
    def map_height(self) -> float:
        return self.h * (self.rows + (0.5 if self.cols > 1 else 0.0))

    def centre(self, h: str) -> Pt:
        col, row = hx.col_row(h)
        x = self.x0 + self.s + 1.5 * self.s * (col - 1)
        y = self.y0 + self.h / 2 + self.h * (row - 1) + (self.h / 2 if col % 2 == 0 else 0.0)
        return x, y

    def corners(self, h: str, shrink: float = 1.0) -> list[Pt]:
        cx, cy = self.centre(h)
        r = self.s * shrink
        return [(cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                for k in range(6)]

    def side_segment(self, a: str, b: str, frac: float = 1.0) -> tuple[Pt, Pt, Pt, Pt]:
        """Endpoints of the hexside a/b (shortened to ``frac``), its midpoint and the unit
        vector from a towards b."""
        (ax, ay), (bx, by) = self.centre(a), self.centre(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        d = math.hypot(bx - ax, by - ay)
        ux, uy = (bx - ax) / d, (by - ay) / d
        px, py = -uy, ux
        half = self.s / 2 * frac
        return (mx - px * half, my - py * half), (mx + px * half, my + py * half), (mx, my), (ux, uy)


# ----- layout ----------------------------------------------------------------------------
def default_labels(hexmap: HexMap) -> dict[str, list[str]]:
    """Display labels: every place whose name starts with a capital letter.

    Lowercase place names are rule handles (``mordor``, ``gate_outside``) and are not drawn.
    """
    return {name: hs for name, hs in hexmap.places.items() if name[:1].isupper()}


def _terrain_symbol(g: _Geom, h: str, symbol: str, out: list[Prim]) -> None:
    s = g.s
    cx, cy = g.centre(h)
    cy += 0.08 * g.h  # keep clear of the hex number
    if symbol == "rough":
        dots = [(-0.45, -0.05), (-0.15, 0.18), (0.2, -0.1), (0.45, 0.16), (0.05, 0.42),
                (-0.35, 0.38), (0.38, 0.45), (-0.05, -0.3)]
        for dx, dy in dots:
            out.append(Prim("circle", [(cx + dx * s, cy + dy * s)], fill="#6b5430", r=0.055 * s,
                            cls="rough"))
        for dx, dy in [(-0.3, 0.05), (0.25, 0.3)]:
            x, y = cx + dx * s, cy + dy * s
            out.append(Prim("line", [(x - 0.1 * s, y), (x, y - 0.14 * s), (x + 0.1 * s, y)],
                            stroke="#6b5430", width=0.05 * s, cls="rough"))
    elif symbol == "crater":
        out.append(Prim("circle", [(cx, cy)], fill="#8d857a", stroke="#3e3830", width=0.07 * s,
                        r=0.36 * s, cls="crater"))
        out.append(Prim("circle", [(cx + 0.06 * s, cy + 0.06 * s)], fill="#5f584f", r=0.2 * s,
                        cls="crater"))
    elif symbol == "mountain":
        for dx, dy, k in [(-0.28, 0.12, 0.95), (0.22, 0.02, 1.15)]:
            bx, by = cx + dx * s, cy + dy * s + 0.22 * s
            pts = [(bx - 0.3 * s * k, by), (bx, by - 0.5 * s * k), (bx + 0.3 * s * k, by)]
            out.append(Prim("poly", pts, fill="#5b4b3b", stroke="#241a10", width=0.05 * s,
                            cls="mountain"))
            out.append(Prim("poly", [pts[1], (bx - 0.1 * s * k, by - 0.33 * s * k),
                                     (bx + 0.02 * s * k, by - 0.3 * s * k),
                                     (bx + 0.1 * s * k, by - 0.34 * s * k)],
                            fill="#e9e4d8", cls="mountain"))
    elif symbol == "marsh":
        for dy in (-0.1, 0.15, 0.4):
            y = cy + dy * s
            out.append(Prim("line", [(cx - 0.4 * s, y), (cx + 0.4 * s, y)], stroke="#4f6b3a",
                            width=0.05 * s, cls="marsh"))
    elif symbol == "grove":
        for dx, dy in [(-0.25, 0.0), (0.2, -0.05), (0.0, 0.3)]:
            out.append(Prim("circle", [(cx + dx * s, cy + dy * s)], fill="#4d7a32",
                            stroke="#2d4a1c", width=0.04 * s, r=0.17 * s, cls="grove"))
    elif symbol == "tower":  # a crenellated keep
        w, t = 0.26 * s, 0.1 * s
        out.append(Prim("poly", [(cx - w, cy + 0.3 * s), (cx - w, cy - 0.2 * s),
                                 (cx - w / 3, cy - 0.2 * s), (cx - w / 3, cy - 0.2 * s + t),
                                 (cx + w / 3, cy - 0.2 * s + t), (cx + w / 3, cy - 0.2 * s),
                                 (cx + w, cy - 0.2 * s), (cx + w, cy + 0.3 * s)],
                        fill="#6f6a61", stroke="#2b2118", width=0.04 * s, cls="tower"))
    elif symbol == "tunnel":  # an arched opening in the rock
        pts = [(cx - 0.28 * s, cy + 0.32 * s)]
        pts += [(cx - 0.28 * s * math.cos(math.radians(a)), cy - 0.28 * s * math.sin(math.radians(a)))
                for a in range(0, 181, 20)]
        pts += [(cx + 0.28 * s, cy + 0.32 * s)]
        out.append(Prim("poly", pts, fill="#1e1610", stroke="#e6dccb", width=0.05 * s,
                        cls="tunnel"))
    elif symbol == "lake":  # two short ripples
        for dy in (0.0, 0.25):
            y = cy + dy * s
            out.append(Prim("line", [(cx - 0.3 * s, y), (cx - 0.15 * s, y - 0.07 * s),
                                     (cx, y), (cx + 0.15 * s, y - 0.07 * s), (cx + 0.3 * s, y)],
                            stroke="#5d8fb8", width=0.04 * s, cls="lake"))
    elif symbol == "plowed":
        for dx in (-0.3, -0.1, 0.1, 0.3):
            x = cx + dx * s
            out.append(Prim("line", [(x, cy - 0.3 * s), (x, cy + 0.45 * s)], stroke="#8a7440",
                            width=0.04 * s, cls="plowed"))


def _hexside_feature(g: _Geom, a: str, b: str, f: Mapping[str, Any], out: list[Prim]) -> None:
    s = g.s
    kind = f.get("kind", "")
    tip = f"{hx.hexside(a, b)}: {kind}" + (f" ({f['name']})" if f.get("name") else "")
    if kind == "slope":
        p, q, _m, _u = g.side_segment(a, b, 0.92)
        out.append(Prim("line", [p, q], stroke=SLOPE, width=0.13 * s, cls="slope", tip=tip))
        high = f.get("high")
        low = b if high == a else a if high == b else None
        if low is not None:
            # ticks pointing downhill, i.e. from the hexside into the low hex
            lc = g.centre(low)
            hc = g.centre(a if low == b else b)
            d = math.hypot(lc[0] - hc[0], lc[1] - hc[1])
            ux, uy = (lc[0] - hc[0]) / d, (lc[1] - hc[1]) / d
            for t in (0.2, 0.5, 0.8):
                x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                out.append(Prim("line", [(x, y), (x + ux * 0.2 * s, y + uy * 0.2 * s)],
                                stroke=SLOPE, width=0.07 * s, cls="slope"))
    elif kind == "gate":
        p, q, m, u = g.side_segment(a, b, 1.1)
        gap = 0.2  # half the opening, as a fraction of the whole hexside
        for e in (p, q):
            end = (e[0] + (m[0] - e[0]) * (1 - gap / 0.5), e[1] + (m[1] - e[1]) * (1 - gap / 0.5))
            out.append(Prim("line", [e, end], stroke=GATE, width=0.26 * s, cls="gate", tip=tip))
            # a gate post across the hexside at each edge of the opening
            out.append(Prim("line", [(end[0] - u[0] * 0.2 * s, end[1] - u[1] * 0.2 * s),
                                     (end[0] + u[0] * 0.2 * s, end[1] + u[1] * 0.2 * s)],
                            stroke=GATE, width=0.14 * s, cls="gate"))
        # the opening itself: a thin red bar between the posts
        a0 = (m[0] + (p[0] - m[0]) * gap / 0.5, m[1] + (p[1] - m[1]) * gap / 0.5)
        b0 = (m[0] + (q[0] - m[0]) * gap / 0.5, m[1] + (q[1] - m[1]) * gap / 0.5)
        out.append(Prim("line", [a0, b0], stroke="#c0392b", width=0.08 * s, cls="gate", tip=tip))
    elif kind == "wall":
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=WALL, width=0.2 * s, cls="wall", tip=tip))
    elif kind == "tower":
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=TOWER, width=0.3 * s, cls="tower", tip=tip))
    elif kind == "river":
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=RIVER, width=0.16 * s, cls="river", tip=tip))
    elif kind == "great-river":  # a major river: twice a river's width
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=GREAT_RIVER, width=0.3 * s, cls="great-river",
                        tip=tip))
    elif kind in ("ford", "bridge"):  # a crossing of a major river
        p, q, m, u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=GREAT_RIVER, width=0.3 * s, cls=kind, tip=tip))
        if kind == "ford":  # pale stepping stones across the water
            for t in (0.3, 0.5, 0.7):
                x, y = p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t
                out.append(Prim("circle", [(x, y)], fill="#f2ead2", stroke=INK,
                                width=0.02 * s, r=0.075 * s, cls="ford"))
        else:  # a plank across the water, edged in dark ink
            ends = [(m[0] - u[0] * 0.28 * s, m[1] - u[1] * 0.28 * s),
                    (m[0] + u[0] * 0.28 * s, m[1] + u[1] * 0.28 * s)]
            out.append(Prim("line", ends, stroke=INK, width=0.26 * s, cls="bridge"))
            out.append(Prim("line", ends, stroke="#c8a165", width=0.16 * s, cls="bridge"))
    elif kind == "pass":  # a gap in a mountain line, marked by a pale notch
        p, q, m, _u = g.side_segment(a, b, 1.0)
        for e in (p, q):
            end = (e[0] + (m[0] - e[0]) * 0.55, e[1] + (m[1] - e[1]) * 0.55)
            out.append(Prim("line", [e, end], stroke="#5b4a3a", width=0.26 * s, cls="pass",
                            tip=tip))
        a0 = (m[0] + (p[0] - m[0]) * 0.45, m[1] + (p[1] - m[1]) * 0.45)
        b0 = (m[0] + (q[0] - m[0]) * 0.45, m[1] + (q[1] - m[1]) * 0.45)
        out.append(Prim("line", [a0, b0], stroke="#e8d9a8", width=0.12 * s, cls="pass", tip=tip))
    elif kind == "border":  # the edge of a named area (drawn only where nothing else is)
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke=BORDER, width=0.07 * s, cls="border", tip=tip))
    elif kind == "mountain":
        p, q, _m, _u = g.side_segment(a, b, 1.0)
        out.append(Prim("line", [p, q], stroke="#5b4a3a", width=0.26 * s, cls="mountain-side", tip=tip))
    elif kind == "tunnel":  # a tunnel mouth: dark bar with a pale core
        p, q, _m, _u = g.side_segment(a, b, 0.7)
        out.append(Prim("line", [p, q], stroke=TUNNEL, width=0.16 * s, cls="tunnel", tip=tip))
        out.append(Prim("line", [p, q], stroke="#e6dccb", width=0.05 * s, cls="tunnel"))
    else:
        p, q, _m, _u = g.side_segment(a, b, 0.85)
        out.append(Prim("line", [p, q], stroke="#7d3c98", width=0.1 * s, cls=kind or "side",
                        tip=tip))


def _counter_tiles(g: _Geom, counters: Iterable[Mapping[str, Any]], hexes: frozenset[str],
                   out: list[Prim]) -> None:
    s = g.s
    stacks: dict[str, list[Mapping[str, Any]]] = {}
    for c in counters:
        h = c.get("hex")
        if h is None or h not in hexes:
            continue
        stacks.setdefault(h, []).append(c)
    t = 1.1 * s           # tile side
    step = 0.2 * s        # stacking offset
    for h, stack in stacks.items():
        cx, cy = g.centre(h)
        cy += 0.1 * g.h
        shown = stack[-4:]
        n = len(shown)
        for i, c in enumerate(shown):
            off = (i - (n - 1) / 2) * step
            x, y = cx + off - t / 2, cy - off - t / 2
            fill, border, ink = side_style(c.get("side"))
            if c.get("reduced"):
                fill = _blend(fill, "#ffffff", 0.35)
            label = str(c.get("label") or "")
            name = str(c.get("name") or "")
            tip = f"{h}: {name} {label}".strip() + (" (reduced)" if c.get("reduced") else "") + \
                (" (disrupted)" if c.get("disrupted") else "")
            kind = c.get("kind")
            out.append(Prim("poly", [(x, y), (x + t, y), (x + t, y + t), (x, y + t)], fill=fill,
                            stroke="#000000", width=0.05 * s, cls="counter", tip=tip))
            if kind == "cavalry":  # the NATO cavalry slash, as a lighter band under the text
                out.append(Prim("line", [(x + 0.1 * s, y + t - 0.1 * s), (x + t - 0.1 * s, y + 0.1 * s)],
                                stroke=_blend(fill, ink, 0.3), width=0.16 * s, cls="counter"))
            inner = 0.07 * s
            out.append(Prim("line", [(x + inner, y + inner), (x + t - inner, y + inner),
                                     (x + t - inner, y + t - inner), (x + inner, y + t - inner)],
                            stroke="#e0b020" if kind == "leader" else border,
                            width=(0.09 if kind == "leader" else 0.035) * s, closed=True,
                            cls="counter"))
            if c.get("reduced"):  # a white corner: the reduced (back) side of the counter
                out.append(Prim("poly", [(x + t - 0.32 * s, y + t), (x + t, y + t),
                                         (x + t, y + t - 0.32 * s)], fill="#ffffff",
                                stroke="#000000", width=0.03 * s, cls="counter"))
            short = name if len(name) <= 8 else name[:7] + "."
            if short:
                out.append(Prim("text", [(x + t / 2, y + 0.3 * t)], text=short,
                                size=_fit(short, 0.3 * s, t * 0.86), fill=ink, cls="counter-name"))
            if label:
                out.append(Prim("text", [(x + t / 2, y + 0.7 * t)], text=label, bold=True,
                                size=_fit(label, 0.36 * s, t * 0.92), fill=ink,
                                cls="counter-label"))
            if c.get("disrupted"):
                dx, dy = x + t - 0.02 * s, y + 0.02 * s
                out.append(Prim("circle", [(dx, dy)], fill="#ffd400", stroke="#000000",
                                width=0.04 * s, r=0.17 * s, cls="disrupted"))
                out.append(Prim("text", [(dx, dy)], text="D", bold=True, size=0.24 * s,
                                fill="#000000", cls="disrupted"))
        if len(stack) > n:
            out.append(Prim("text", [(cx + 0.55 * s, cy + 0.45 * s)], text=f"+{len(stack) - n}",
                            bold=True, size=0.3 * s, fill="#000000", halo="#ffffff",
                            halo_width=0.08 * s, cls="counter-more"))


Box = tuple[float, float, float, float]     # left, top, right, bottom


def _stack_boxes(g: _Geom, counters: Iterable[Mapping[str, Any]], hexes: frozenset[str]) -> list[Box]:
    """Where the counter tiles of each stack lie (as :func:`_counter_tiles` draws them)."""
    count: dict[str, int] = {}
    for c in counters:
        h = c.get("hex")
        if h is not None and h in hexes:
            count[h] = count.get(h, 0) + 1
    t, step = 1.1 * g.s, 0.2 * g.s
    out = []
    for h, n in count.items():
        cx, cy = g.centre(h)
        cy += 0.1 * g.h
        half = t / 2 + (min(n, 4) - 1) * step / 2
        out.append((cx - half, cy - half, cx + half, cy + half))
    return out


def text_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """The width in px of ``text`` at ``size`` (measured with the picture's font when Pillow
    has it, estimated otherwise)."""
    try:
        font = _font(100, bold, italic)
        if hasattr(font, "getlength") and hasattr(font, "path"):   # a real TrueType font
            return float(font.getlength(text)) * size / 100
    except Exception:  # pragma: no cover - no Pillow
        pass
    return (0.64 if bold else 0.6) * size * len(text)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _place_labels(g: _Geom, hexmap: HexMap, lab: Mapping[str, Sequence[str]],
                  counters: Sequence[Mapping[str, Any]], hex_numbers: bool) -> list[Prim]:
    """Place names, each at the candidate spot that covers the fewest counters, names already
    placed and hex numbers (regions first, then single places from the top of the map)."""
    s = g.s
    stacks = _stack_boxes(g, counters, hexmap.hexes)
    numbers: list[Box] = []
    if hex_numbers:
        for h in hexmap.hexes:
            cx, cy = g.centre(h)
            y = cy - g.h / 2 + 0.27 * s
            w = text_width(h, 0.34 * s) / 2
            numbers.append((cx - w, y - 0.2 * s, cx + w, y + 0.2 * s))
    frame = (g.x0, g.y0, g.x0 + g.map_width, g.y0 + g.map_height)
    items = []
    for text, hs in lab.items():
        pts = [g.centre(h) for h in hs if h in hexmap]
        if pts:
            items.append((len(pts) == 1, min(p[1] for p in pts), text, pts))
    items.sort(key=lambda it: (it[0], it[1]))
    specs = []
    for single, _top, text, pts in items:
        size = 0.36 * s if single else 0.6 * s
        w = text_width(text, size, bold=True, italic=not single)
        th = 1.15 * size
        if single:
            x, y = pts[0]
            cands = [(x, y + 0.3 * g.h), (x, y + 0.62 * g.h), (x, y - 0.62 * g.h),
                     (x + s + w / 2, y), (x - s - w / 2, y),
                     (x + 0.75 * s + w / 2, y + 0.5 * g.h), (x - 0.75 * s - w / 2, y + 0.5 * g.h),
                     (x + 0.75 * s + w / 2, y - 0.5 * g.h), (x - 0.75 * s - w / 2, y - 0.5 * g.h),
                     (x, y + 1.1 * g.h), (x, y - 1.1 * g.h)]
        else:
            x = sum(p[0] for p in pts) / len(pts)
            y = sum(p[1] for p in pts) / len(pts)
            cands = [(x, y), (x, y - g.h / 2), (x, y + g.h / 2), (x, y - g.h), (x, y + g.h)]
            cands += list(pts) + [(p[0], p[1] + g.h / 2) for p in pts]
        boxes = [(cx - w / 2, cy - th / 2, cx + w / 2, cy + th / 2) for cx, cy in cands]
        # what a spot costs apart from the other names: counters, hex numbers, the frame
        fixed = []
        for rank, box in enumerate(boxes):
            area = w * th
            fixed.append((10 * sum(_overlap(box, b) for b in stacks)
                          + 2 * sum(_overlap(box, b) for b in numbers)
                          + 40 * (area - _overlap(box, frame))) / area + 0.35 * rank)
        specs.append((single, text, size, cands, boxes, fixed, w * th))

    def choose(i: int, chosen: list[int | None]) -> int:
        _single, _text, _size, _cands, boxes, fixed, area = specs[i]
        others = [specs[j][4][k] for j, k in enumerate(chosen) if j != i and k is not None]
        costs = [fixed[r] + 40 * sum(_overlap(b, o) for o in others) / area
                 for r, b in enumerate(boxes)]
        return min(range(len(boxes)), key=costs.__getitem__)

    # greedy (regions first, then from the top of the map), then a few rounds of moving each
    # name to its best spot given all the others
    chosen: list[int | None] = [None] * len(specs)
    for i in range(len(specs)):
        chosen[i] = choose(i, chosen)
    for _round in range(4):
        moved = False
        for i in range(len(specs)):
            k = choose(i, chosen)
            if k != chosen[i]:
                chosen[i], moved = k, True
        if not moved:
            break
    out: list[Prim] = []
    for (single, text, size, cands, _boxes, _fixed, _area), k in zip(specs, chosen):
        assert k is not None
        x, y = cands[k]
        if single:
            out.append(Prim("text", [(x, y)], text=text, size=size, bold=True, fill=INK,
                            halo="#ffffff", halo_width=0.08 * s, cls="place"))
        else:
            out.append(Prim("text", [(x, y)], text=text, size=size, bold=True, italic=True,
                            fill=INK, halo="#ffffff", halo_width=0.1 * s, cls="place"))
    return out


def _fit(text: str, size: float, width: float) -> float:
    """A font size at most ``size`` at which ``text`` fits in ``width`` (estimated)."""
    est = 0.7 * size * max(len(text), 1)
    return size if est <= width else size * width / est


def _blend(c1: str, c2: str, t: float) -> str:
    a = [int(c1[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def layout(hexmap: HexMap, counters: Iterable[Mapping[str, Any]] = (), title: str = "",
           highlight: Iterable[str] = (), *, scale: float = 1.0,
           labels: Mapping[str, str | Sequence[str]] | None = None, legend: bool = True,
           hex_numbers: bool = True) -> Layout:
    """Lay out the whole picture: size in px and the primitives to draw, back to front."""
    s = BASE_HEX_SIZE * scale
    margin = 0.6 * s
    title_h = 1.7 * s
    g = _Geom(hexmap, s, margin, title_h)
    out: list[Prim] = []
    hexes = sorted(hexmap.hexes)
    width = g.map_width + 2 * margin

    # background and title
    out.append(Prim("poly", [(0, 0), (width, 0), (width, 1e6), (0, 1e6)], fill=PAPER,
                    cls="paper"))
    out.append(Prim("text", [(width / 2, title_h * 0.48)], text=title or hexmap.name, size=0.7 * s,
                    bold=True, fill=INK, cls="title"))

    # terrain
    for h in hexes:
        fill, _sym = TERRAIN_STYLES.get(hexmap.terrain(h), UNKNOWN_TERRAIN)
        out.append(Prim("poly", g.corners(h), fill=fill, cls="hex",
                        tip=f"{h}: {hexmap.terrain(h)}"))
    for h in hexes:
        _fill, sym = TERRAIN_STYLES.get(hexmap.terrain(h), UNKNOWN_TERRAIN)
        if sym:
            _terrain_symbol(g, h, sym, out)
    for h in hexes:
        out.append(Prim("line", g.corners(h), stroke=GRID, width=0.03 * s, closed=True,
                        cls="grid"))

    # roads through the hex centres
    for name, chain in hexmap.roads.items():
        pts = [g.centre(h) for h in chain]
        out.append(Prim("line", pts, stroke=ROAD_OUTER, width=0.24 * s, cls="road", tip=name))
        out.append(Prim("line", pts, stroke=ROAD_INNER, width=0.12 * s, cls="road"))

    # hexside features
    for key, f in sorted(hexmap.sides().items()):
        a, b = key.split("/")
        _hexside_feature(g, a, b, f, out)

    for h in highlight:
        if h in hexmap:
            out.append(Prim("line", g.corners(h, 0.9), stroke=HIGHLIGHT, width=0.14 * s,
                            closed=True, cls="highlight"))

    # hex numbers, small at the top of each hex
    if hex_numbers:
        for h in hexes:
            cx, cy = g.centre(h)
            fill, _sym = TERRAIN_STYLES.get(hexmap.terrain(h), UNKNOWN_TERRAIN)
            dark = hexmap.terrain(h) == "mountain"
            out.append(Prim("text", [(cx, cy - g.h / 2 + 0.27 * s)], text=h, size=0.34 * s,
                            fill="#f4efe2" if dark else INK, halo=fill, halo_width=0.06 * s,
                            cls="hexnum"))

    # place labels: under the counters, with a halo, each where it hides the fewest counters,
    # other names and hex numbers
    lab = default_labels(hexmap) if labels is None else {
        k: ([v] if isinstance(v, str) else list(v)) for k, v in labels.items()}
    counters = list(counters)
    out.extend(_place_labels(g, hexmap, lab, counters, hex_numbers))

    # counters
    _counter_tiles(g, counters, hexmap.hexes, out)

    # map frame
    out.append(Prim("line", [(margin, title_h), (margin + g.map_width, title_h),
                             (margin + g.map_width, title_h + g.map_height),
                             (margin, title_h + g.map_height)], stroke=INK, width=0.04 * s,
                    closed=True, cls="frame"))

    height = title_h + g.map_height + margin
    if legend:
        height = _legend(hexmap, g, width, height, out)
    w, hgt = math.ceil(width), math.ceil(height)
    out[0].pts = [(0, 0), (w, 0), (w, hgt), (0, hgt)]
    return Layout(w, hgt, out, {h: g.centre(h) for h in hexes}, s)


def _legend(hexmap: HexMap, g: _Geom, width: float, top: float, out: list[Prim]) -> float:
    s = g.s
    items: list[tuple[str, str]] = []
    used = {hexmap.terrain(h) for h in hexmap.hexes}
    for t in list(TERRAIN_ORDER) + sorted(used - set(TERRAIN_ORDER)):
        if t in used:
            items.append(("terrain", t))
    if hexmap.roads:
        items.append(("road", "road"))
    kinds = sorted({f.get("kind", "") for f in hexmap.sides().values()})
    for k in kinds:
        items.append(("side", k))
    cell = 3.6 * s
    per_row = max(1, int((width - 2 * 0.6 * s) // cell))
    row_h = 1.25 * s
    x0 = 0.6 * s
    y = top + 0.3 * s
    out.append(Prim("text", [(x0, y)], text="Legend", size=0.4 * s, bold=True, fill=INK,
                    anchor="start", cls="legend"))
    y += 0.45 * s
    for i, (what, name) in enumerate(items):
        r, c = divmod(i, per_row)
        x = x0 + c * cell
        cy = y + r * row_h + row_h / 2
        cxy = (x + 0.5 * s, cy)
        corners = [(cxy[0] + 0.45 * s * math.cos(math.radians(60 * k)),
                    cxy[1] + 0.45 * s * math.sin(math.radians(60 * k))) for k in range(6)]
        if what == "terrain":
            fill, sym = TERRAIN_STYLES.get(name, UNKNOWN_TERRAIN)
            out.append(Prim("poly", corners, fill=fill, stroke=GRID, width=0.03 * s,
                            cls="legend"))
            if sym:
                mini: list[Prim] = []
                fake = _MiniGeom(cxy, 0.45 * s)
                _terrain_symbol(fake, "0101", sym, mini)  # type: ignore[arg-type]
                out.extend(mini)
        elif what == "road":
            out.append(Prim("poly", corners, fill=TERRAIN_STYLES["clear"][0], stroke=GRID,
                            width=0.03 * s, cls="legend"))
            pts = [(cxy[0] - 0.45 * s, cxy[1]), (cxy[0] + 0.45 * s, cxy[1])]
            out.append(Prim("line", pts, stroke=ROAD_OUTER, width=0.24 * s, cls="legend"))
            out.append(Prim("line", pts, stroke=ROAD_INNER, width=0.12 * s, cls="legend"))
        else:
            fake = _MiniGeom(cxy, 0.9 * s, pair=True)
            out.append(Prim("poly", [(cxy[0] - 0.5 * s, cxy[1] - 0.42 * s),
                                     (cxy[0] + 0.5 * s, cxy[1] - 0.42 * s),
                                     (cxy[0] + 0.5 * s, cxy[1] + 0.42 * s),
                                     (cxy[0] - 0.5 * s, cxy[1] + 0.42 * s)],
                            fill=TERRAIN_STYLES["clear"][0], stroke=GRID, width=0.03 * s,
                            cls="legend"))
            _hexside_feature(fake, "0101", "0102",  # type: ignore[arg-type]
                             {"kind": name, "high": "0101"}, out)
        out.append(Prim("text", [(x + 1.3 * s, cy)], text=name, size=0.38 * s, fill=INK,
                        anchor="start", cls="legend"))
    rows = (len(items) + per_row - 1) // per_row
    return y + rows * row_h + 0.4 * s


class _MiniGeom:
    """Stand-in geometry for legend swatches: one hex at ``c`` (or a pair stacked
    vertically around ``c`` for hexside samples)."""

    def __init__(self, c: Pt, s: float, pair: bool = False) -> None:
        self.s = s
        self.h = SQRT3 * s
        self.c = c
        self.pair = pair

    def centre(self, h: str) -> Pt:
        if not self.pair:
            return self.c
        return (self.c[0], self.c[1] - self.h / 2) if h == "0101" else (self.c[0], self.c[1] + self.h / 2)

    def side_segment(self, a: str, b: str, frac: float = 1.0) -> tuple[Pt, Pt, Pt, Pt]:
        return _Geom.side_segment(self, a, b, frac)  # type: ignore[arg-type]


# ----- SVG back end ----------------------------------------------------------------------
def _f(v: float) -> str:
    return f"{v:.1f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def _pts(pts: Sequence[Pt]) -> str:
    return " ".join(f"{_f(x)},{_f(y)}" for x, y in pts)


def _svg_prim(p: Prim) -> str:
    attrs: list[str] = []
    if p.cls:
        attrs.append(f'class="{p.cls}"')
    if p.kind == "poly":
        attrs.append(f'points="{_pts(p.pts)}" fill="{p.fill or "none"}"')
        if p.stroke:
            attrs.append(f'stroke="{p.stroke}" stroke-width="{_f(p.width)}" stroke-linejoin="round"')
        tag = "polygon"
        body = ""
    elif p.kind == "line":
        tag = "polygon" if p.closed else "polyline"
        attrs.append(f'points="{_pts(p.pts)}" fill="none" stroke="{p.stroke}" '
                     f'stroke-width="{_f(p.width)}" stroke-linecap="round" stroke-linejoin="round"')
        body = ""
    elif p.kind == "circle":
        (x, y), = p.pts
        tag = "circle"
        attrs.append(f'cx="{_f(x)}" cy="{_f(y)}" r="{_f(p.r)}" fill="{p.fill or "none"}"')
        if p.stroke:
            attrs.append(f'stroke="{p.stroke}" stroke-width="{_f(p.width)}"')
        body = ""
    elif p.kind == "text":
        (x, y), = p.pts
        tag = "text"
        attrs.append(f'x="{_f(x)}" y="{_f(y)}" font-size="{_f(p.size)}" fill="{p.fill}" '
                     f'text-anchor="{p.anchor}" dominant-baseline="central"')
        if p.bold:
            attrs.append('font-weight="bold"')
        if p.italic:
            attrs.append('font-style="italic"')
        if p.halo:
            attrs.append(f'stroke="{p.halo}" stroke-width="{_f(p.halo_width * 2)}" '
                         'paint-order="stroke" stroke-linejoin="round"')
        body = escape(p.text)
    else:  # pragma: no cover - all kinds handled above
        raise ValueError(p.kind)
    tip = f"<title>{escape(p.tip)}</title>" if p.tip else ""
    if not body and not tip:
        return f"<{tag} {' '.join(attrs)}/>"
    return f"<{tag} {' '.join(attrs)}>{tip}{body}</{tag}>"


def render_svg(hexmap: HexMap, counters: Iterable[Mapping[str, Any]] = (), title: str = "",
               highlight: Iterable[str] = (), *, scale: float = 1.0,
               labels: Mapping[str, str | Sequence[str]] | None = None, legend: bool = True,
               hex_numbers: bool = True) -> str:
    """The map (and counters) as an SVG document (a string)."""
    lay = layout(hexmap, counters, title, highlight, scale=scale, labels=labels, legend=legend,
                 hex_numbers=hex_numbers)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{lay.width}" height="{lay.height}" '
            f'viewBox="0 0 {lay.width} {lay.height}" font-family={quoteattr(FONT_FAMILY)}>')
    parts = ['<?xml version="1.0" encoding="UTF-8"?>', head,
             f"<title>{escape(title or hexmap.name)}</title>"]
    parts.extend(_svg_prim(p) for p in lay.prims)
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


# ----- PNG back end ----------------------------------------------------------------------
_FONT_FILES = {
    (False, False): ("DejaVuSans.ttf", "Verdana.ttf", "Arial.ttf"),
    (True, False): ("DejaVuSans-Bold.ttf", "Verdana Bold.ttf", "Arial Bold.ttf"),
    (False, True): ("DejaVuSans-Oblique.ttf", "DejaVuSans.ttf"),
    (True, True): ("DejaVuSans-BoldOblique.ttf", "DejaVuSans-Bold.ttf"),
}


@lru_cache(maxsize=256)
def _font(size: int, bold: bool, italic: bool) -> Any:
    from PIL import ImageFont

    for name in _FONT_FILES[(bold, italic)]:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    try:
        return ImageFont.load_default(size=size)
    except TypeError:  # very old Pillow: a fixed bitmap font
        return ImageFont.load_default()


def _rgb(c: str) -> tuple[int, int, int]:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def render_image(hexmap: HexMap, counters: Iterable[Mapping[str, Any]] = (), title: str = "",
                 highlight: Iterable[str] = (), *, scale: float = 1.0,
                 labels: Mapping[str, str | Sequence[str]] | None = None, legend: bool = True,
                 hex_numbers: bool = True, supersample: int = 2) -> Any:
    """The map as a Pillow RGB image of :func:`canvas_size` pixels."""
    from PIL import Image, ImageDraw

    lay = layout(hexmap, counters, title, highlight, scale=scale * supersample, labels=labels,
                 legend=legend, hex_numbers=hex_numbers)
    img = Image.new("RGB", (lay.width, lay.height), _rgb(PAPER))
    draw = ImageDraw.Draw(img)
    for p in lay.prims:
        w = max(1, round(p.width)) if p.width else 0
        if p.kind == "poly":
            draw.polygon(p.pts, fill=_rgb(p.fill) if p.fill else None,
                         outline=_rgb(p.stroke) if p.stroke else None, width=w if p.stroke else 0)
        elif p.kind == "line":
            pts = list(p.pts) + ([p.pts[0], p.pts[1]] if p.closed else [])
            draw.line(pts, fill=_rgb(p.stroke or INK), width=w, joint="curve")
            if not p.closed and w >= 3:  # round caps
                for x, y in (p.pts[0], p.pts[-1]):
                    draw.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2),
                                 fill=_rgb(p.stroke or INK))
        elif p.kind == "circle":
            (x, y), = p.pts
            draw.ellipse((x - p.r, y - p.r, x + p.r, y + p.r),
                         fill=_rgb(p.fill) if p.fill else None,
                         outline=_rgb(p.stroke) if p.stroke else None, width=w if p.stroke else 0)
        elif p.kind == "text":
            (x, y), = p.pts
            font = _font(max(6, round(p.size)), p.bold, p.italic)
            anchor = {"start": "lm", "middle": "mm", "end": "rm"}[p.anchor]
            draw.text((x, y), p.text, font=font, fill=_rgb(p.fill or INK), anchor=anchor,
                      stroke_width=round(p.halo_width) if p.halo else 0,
                      stroke_fill=_rgb(p.halo) if p.halo else None)
    if supersample > 1:
        w, h = canvas_size(hexmap, scale=scale, legend=legend)
        img = img.resize((w, h), Image.Resampling.LANCZOS)
    return img


def render_png(hexmap: HexMap, path: str | Path, counters: Iterable[Mapping[str, Any]] = (),
               title: str = "", highlight: Iterable[str] = (), *, scale: float = 1.0,
               labels: Mapping[str, str | Sequence[str]] | None = None, legend: bool = True,
               hex_numbers: bool = True) -> Path:
    """Write the map as a PNG file of :func:`canvas_size` pixels; returns the path."""
    img = render_image(hexmap, counters, title, highlight, scale=scale, labels=labels,
                       legend=legend, hex_numbers=hex_numbers)
    path = Path(path)
    img.save(path, format="PNG", optimize=True)
    return path


def canvas_size(hexmap: HexMap, *, scale: float = 1.0, legend: bool = True) -> tuple[int, int]:
    """Width and height in px of the picture (SVG and PNG alike) at ``scale``."""
    lay = layout(hexmap, scale=scale, legend=legend, hex_numbers=False)
    return lay.width, lay.height


def hex_centre(hexmap: HexMap, h: str, *, scale: float = 1.0) -> Pt:
    """Pixel centre of hex ``h`` in the picture at ``scale`` (for click-to-hex UIs)."""
    s = BASE_HEX_SIZE * scale
    return _Geom(hexmap, s, 0.6 * s, 1.7 * s).centre(h)
