"""Pictures of the Siege of Minas Tirith table [MT §3] [MT §2.4]: SVG text and PNG (Pillow).

Both back ends draw the same scene, built in inches and mapped to pixels (``scale`` px per inch,
y up on the table, down on the picture): the Pelennor with its roads, woods and faint deployment
zones [MT §3.7] [MT §3.8]; the city's levels in lighter shades as they climb, the seven walls in
dark stone, the keel and its tunnels, the gates coloured by state [MT §3.2–§3.6]; then fires,
engines, units and leaders from the game's ``view`` dict (an empty view draws the bare table).

A unit is its rotated footprint [MT §2.4] in its side's colours, with a bright bar on its front
edge and its id and figure count; a disorganized unit is greyed and hatched [MT §7.10].  An
engine is an outlined rectangle naming its kind; a leader a small disc with his initials; a fire
an orange 3″ square [MT §2.6].
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from shapely.geometry import LineString, MultiLineString, Polygon
from shapely.geometry.base import BaseGeometry

from .board import Board
from .geometry import rect

__all__ = ["draw_png", "draw_svg", "scene"]

RGBA = tuple[int, int, int, int]

PELENNOR = "#c8c49a"
ROAD = "#ddcc9c"
ROAD_EDGE = "#a08a5a"
WOODS = "#3e6a35"
WALL = "#34302c"
KEEL = "#6a5c4e"
TUNNEL = "#9a8875"
LEVELS = {1: "#aaa59a", 2: "#b7b2a7", 3: "#c4bfb4", 4: "#d0ccc2", 5: "#dcd8cf", 6: "#e7e4dc",
          7: "#f3f1ea"}
GATE = {"intact": "#d9a23c", "broken": "#e5392a"}
ZONES = {"mordor": "#8a1a1a12", "harad": "#7a4a2030", "rohan": "#2f8a3c30",
         "aragorn": "#2a6a9a30"}
ZONE_LINE = {"mordor": "#8a1a1a", "grond": "#5a0000"}
SIDE_FILL = {"garrison": "#2f5db8", "provincials": "#5b9bd5", "rohan": "#2f8a3c",
             "mordor": "#7a1212", "harad": "#c0662a"}
SIDE_DEFAULT = {"west": "#2f5db8", "dark-lord": "#7a1212"}
SIDE_EDGE = {"west": "#0b1a40", "dark-lord": "#111111"}
FRONT = {"west": "#ffffff", "dark-lord": "#ffcc22"}
ENGINE_INK = {"west": "#16337a", "dark-lord": "#3a0000"}
KIND_TEXT = {"tower": "tower", "grond": "GROND", "large_catapult": "cat L",
             "small_catapult": "cat S"}
FIRE = "#ff8a1a"


def _rgba(c: str) -> RGBA:
    c = c.lstrip("#")
    a = int(c[6:8], 16) if len(c) == 8 else 255
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16), a


def _grey(c: str) -> str:
    r, g, b, _ = _rgba(c)
    v = int(0.3 * r + 0.59 * g + 0.11 * b) // 2 + 70
    return f"#{v:02x}{v:02x}{v:02x}"


# ------------------------------------------------------------------------ the scene

@dataclass(frozen=True, slots=True)
class Shape:
    """One drawing primitive in table inches."""

    kind: str                      # "poly" | "line" | "text" | "circle"
    pts: tuple[tuple[float, float], ...] = ()
    fill: str | None = None
    ink: str | None = None
    width: float = 1.0             # px
    text: str = ""
    size: float = 9.0              # px
    radius: float = 0.0            # inches
    dash: bool = False
    bold: bool = False
    halo: str | None = None


def _polys(g: BaseGeometry) -> list[Polygon]:
    if g.is_empty:
        return []
    return [p for p in getattr(g, "geoms", [g]) if isinstance(p, Polygon)]


def _lines(g: BaseGeometry) -> list[LineString]:
    if g.is_empty:
        return []
    if isinstance(g, LineString):
        return [g]
    return [p for p in getattr(g, "geoms", []) if isinstance(p, LineString)]


def _area(out: list[Shape], g: BaseGeometry, fill: str | None, ink: str | None = None,
          width: float = 1.0) -> None:
    for p in _polys(g):
        out.append(Shape("poly", tuple(p.exterior.coords), fill, ink, width))


def _hatch(out: list[Shape], poly: Polygon, ink: str, gap: float = 0.7) -> None:
    """Diagonal hatching clipped to ``poly`` [MT §7.10] (disorganized)."""
    x0, y0, x1, y1 = poly.bounds
    span = (x1 - x0) + (y1 - y0)
    lines = []
    t = 0.0
    while t <= span:
        lines.append([(x0 + t, y0), (x0 + t - (y1 - y0), y1)])
        t += gap
    for seg in _lines(MultiLineString(lines).intersection(poly)):
        out.append(Shape("line", tuple(seg.coords), ink=ink, width=1.0))


def _initials(name: str) -> str:
    """Two letters for a leader's disc: "Gandalf the White" → "GW", "Nazgûl 3" → "N3"."""
    raw = name.replace("-", " ").replace("_", " ").split()
    if raw and raw[-1].isdigit():
        return (raw[0][:1].upper() + raw[-1])[:3]
    words = [w for w in raw if w[:1].isupper()]
    if not words:
        return name[:2]
    if len(words) == 1:
        return words[0][:2]
    return (words[0][0] + words[-1][0]).upper()


def scene(board: Board, view: dict[str, Any] | None, *, scale: float = 6.0,
          title: str | None = None) -> list[Shape]:
    """The drawing, back to front, in table inches [MT §3]."""
    view = view or {}
    fs = max(7.0, round(scale * 1.5))
    out: list[Shape] = []
    cx, cy = board.centre

    def polar(r: float, phi: float) -> tuple[float, float]:
        a = math.radians(phi)
        return cx + r * math.cos(a), cy + r * math.sin(a)

    # the Pelennor, zones, roads, woods [MT §3.7] [MT §3.8]
    _area(out, board.table, PELENNOR)
    for name, colour in ZONES.items():
        if name in board.zones:
            _area(out, board.zones[name], colour)
    edge = board.table.exterior.buffer(0.05)
    for name, colour in ZONE_LINE.items():  # the Host's and Grond's set-up lines, dashed
        for p in _polys(board.zones.get(name, Polygon())):
            for seg in _lines(p.exterior.difference(edge)):
                out.append(Shape("line", tuple(seg.coords), ink=colour, width=1.0, dash=True))
    for road in board.roads.values():
        _area(out, road.buffer(board.road_width / 2.0, cap_style="flat"), ROAD, ROAD_EDGE, 1.0)
    for w in board.woods.values():
        _area(out, w, WOODS, "#24401f", 1.0)
        for i in range(int(w.area // 6)):
            bx, by, tx, ty = w.bounds
            px = bx + 1.0 + ((i * 3.7) % max(1.0, tx - bx - 2.0))
            py = by + 1.0 + ((i * 2.3) % max(1.0, ty - by - 2.0))
            out.append(Shape("circle", ((px, py),), "#2f5528", None, radius=0.55))
    zone_text = {"mordor": "Mordor Host beyond 54″", "grond": "Grond beyond 66″",
                 "harad": "Haradrim", "rohan": "Rohan arrives", "aragorn": "Black Ships"}
    for name, text in zone_text.items():
        z = board.zones.get(name)
        if z is None or z.is_empty:
            continue
        x0, y0, x1, y1 = z.bounds
        if name in ("mordor", "grond"):  # just beyond the set-up line, north of the city
            r = float(board.data["zones"][name]["r_min"]) + 1.5
            y = min(board.height - 8.0, cy + r * 0.95)  # clear of the title
            pos = (cx + math.sqrt(max(0.0, r * r - (y - cy) ** 2))
                   + (8.0 if name == "grond" else 0.0), y)
        else:
            pos = {"harad": (x1 - 8.0, y1 + 1.5), "rohan": (x1 - 12.0, y1 - 2.5),
                   "aragorn": (x1 - 4.0, y1 - 3.0)}[name]
        out.append(Shape("text", (pos,), ink="#4a2a20", text=text, size=fs * 0.85))
    # the city [MT §3.2–§3.4]
    for k in sorted(board.levels):
        _area(out, board.levels[k], LEVELS.get(k, "#dddddd"))
    for band in board.walls.values():
        _area(out, band, WALL)
    _area(out, board.keel, KEEL)
    for t in board.tunnels.values():
        _area(out, t, TUNNEL, "#3b3129", 1.0)
    lo, hi = board.data["level1"]["sector_lines"]
    r0, r1 = board.data["walls"][0]["level"]
    for a in (lo, hi):
        out.append(Shape("line", (polar(r0, a), polar(r1, a)), ink="#5d574c", width=1.2,
                         dash=True))
    states = view.get("gates") or {}
    for gid, g in board.gates.items():
        st = states.get(gid, {})
        state = st.get("state", "intact")
        ctrl = st.get("controller", "west")
        _area(out, g.opening, GATE.get(state, GATE["intact"]),
              "#5a0000" if ctrl == "dark-lord" else "#000000", 1.0)
        if state == "broken":
            x0, y0, x1, y1 = g.opening.bounds
            out.append(Shape("line", ((x0, y0), (x1, y1)), ink="#400000", width=1.5))
            out.append(Shape("line", ((x0, y1), (x1, y0)), ink="#400000", width=1.5))
    # labels: sectors, gates, tunnels
    for k, names in _sector_label_spots(board).items():
        x, y = k
        out.append(Shape("text", ((x, y),), ink="#4d473d", text=names, size=fs * 0.9,
                         bold=True))
    for gid, g in board.gates.items():
        r_out = board.data["walls"][g.wall - 1]["band"][1]
        pos = polar(r_out + 1.2, g.bearing)
        if g.wall == 1:  # beside the gate, clear of Grond standing in it
            pos = polar(r_out + 1.6, g.bearing + 8.0)
        if gid == "G7":
            pos = (cx + 11.5, cy)
        out.append(Shape("text", (pos,), ink="#000000", text=gid, size=fs, bold=True,
                         halo="#f5e6b8"))
    for tid, t in board.tunnels.items():
        c = t.centroid
        out.append(Shape("text", ((c.x, c.y),), ink="#f4eee0", text=tid, size=fs * 0.7))

    # fires, engines, units, leaders
    for f in view.get("fires") or []:
        s = float(f.get("size", 3.0))
        x, y = float(f["x"]), float(f["y"])
        _area(out, rect(x, y, 0.0, s, s), "#ff8a1ad0", "#b23000", 1.5)
        out.append(Shape("text", ((x, y),), ink="#5a1200", text="fire", size=fs * 0.75))
    for e in view.get("engines") or []:
        if e.get("x") is None:
            continue
        side = e.get("side", "dark-lord")
        ink = ENGINE_INK.get(side, "#000000")
        poly = rect(float(e["x"]), float(e["y"]), float(e.get("heading", 0.0)),
                    float(e.get("w", 3.0)), float(e.get("d", 3.0)))
        destroyed = bool(e.get("destroyed"))
        _area(out, poly, "#ffffff60" if not destroyed else "#55555560",
              "#666666" if destroyed else ink, 2.0)
        fl, fr = poly.exterior.coords[0], poly.exterior.coords[1]
        out.append(Shape("line", (fl, fr), ink=ink, width=3.0))
        kind = KIND_TEXT.get(str(e.get("kind")), str(e.get("kind", "")))
        c = poly.centroid
        big = max(float(e.get("w", 3.0)), float(e.get("d", 3.0))) >= 4.0
        label = f"{kind}\n{e.get('id', '')}" if big else f"{e.get('id', '')}\n{kind}"
        out.append(Shape("text", ((c.x, c.y),), ink=ink, text=label, size=fs * 0.75,
                         halo="#ffffff"))
        if destroyed:
            ring = poly.exterior.coords
            out.append(Shape("line", (ring[0], ring[2]), ink="#222222", width=2.0))
            out.append(Shape("line", (ring[1], ring[3]), ink="#222222", width=2.0))
        for i in range(int(e.get("fires", 0) or 0)):
            out.append(Shape("circle", ((c.x - 0.8 + 1.6 * i, c.y - 1.2),), FIRE, "#b23000",
                             radius=0.45))
    units_at: dict[str, tuple[float, float, float, float, float]] = {}
    for u in view.get("units") or []:
        if u.get("x") is None or u.get("embarked"):
            continue
        x, y, h = float(u["x"]), float(u["y"]), float(u.get("heading", 0.0))
        fr, dp = float(u.get("frontage", 1.0)), float(u.get("depth", 1.0))
        units_at[str(u["id"])] = (x, y, h, fr, dp)
        side = u.get("side", "west")
        fill = SIDE_FILL.get(str(u.get("contingent")), SIDE_DEFAULT.get(side, "#777777"))
        poly = rect(x, y, h, fr, dp)
        organized = u.get("organized", True)
        if not organized:
            fill = _grey(fill)
        _area(out, poly, fill, SIDE_EDGE.get(side, "#000000"), 1.0)
        if not organized:
            _hatch(out, poly, "#2a2a2a")
        fl, frt = poly.exterior.coords[0], poly.exterior.coords[1]
        out.append(Shape("line", (fl, frt), ink=FRONT.get(side, "#ffffff"), width=3.0))
        label = f"{u.get('id', '')} {u.get('figures', '')}".strip()
        out.append(Shape("text", ((x, y),), ink="#ffffff", text=label, size=fs * 0.85,
                         bold=True, halo="#000000"))
    engines_at = {str(e.get("id")): (float(e["x"]), float(e["y"]), float(e.get("heading", 0)),
                                     float(e.get("w", 3.0)), float(e.get("d", 3.0)))
                  for e in view.get("engines") or [] if e.get("x") is not None}
    for ld in view.get("leaders") or []:
        side = ld.get("side", "west")
        host = units_at.get(str(ld.get("attached_to"))) or engines_at.get(
            str(ld.get("attached_to")))
        if host is not None:  # drawn at the rear-left corner of the unit it is attached to
            hx, hy, hh, hf, hd = host
            rl = rect(hx, hy, hh, hf, hd).exterior.coords[3]
            px, py = (rl[0] * 0.8 + hx * 0.2, rl[1] * 0.8 + hy * 0.2)
        elif ld.get("x") is not None:
            px, py = float(ld["x"]), float(ld["y"])
        else:
            continue
        fill, ink, txt = (("#ffffff", "#16337a", "#16337a") if side == "west"
                          else ("#111111", "#d01010", "#ffffff"))
        r = 1.0
        if ld.get("mount") == "fell_beast":
            out.append(Shape("circle", ((px, py),), None, ink, width=2.0, radius=r + 0.45))
        out.append(Shape("circle", ((px, py),), fill, ink, width=1.5, radius=r))
        out.append(Shape("text", ((px, py),), ink=txt, text=_initials(str(ld.get("name", ""))
                                                                      or str(ld.get("id", ""))),
                         size=fs * 0.75, bold=True))
    if title:
        # bottom left, below the city: the North edge is where Rohan arrives
        half_w = len(title) * fs * 1.5 * 0.6 / scale / 2      # texts are drawn centred
        out.append(Shape("text", ((1.0 + half_w, 1.0 + fs * 1.5 / scale),), ink="#1a1a1a", text=title,
                         size=fs * 1.5, bold=True, halo="#ffffffd0"))
    return out


def _sector_label_spots(board: Board) -> dict[tuple[float, float], str]:
    """Where each city sector's name is written: mid-ring, toward the West edge."""
    cx, cy = board.centre
    spots: dict[tuple[float, float], str] = {}
    for w in board.data["walls"]:
        k = int(w["number"])
        a, b = (float(v) for v in w["level"])
        rm = (a + b) / 2.0
        for name, phi in _label_bearings(board, k):
            r = rm if k < len(board.data["walls"]) else 6.0
            spots[(cx + r * math.cos(math.radians(phi)), cy + r * math.sin(math.radians(phi)))] = name
    return spots


def _label_bearings(board: Board, k: int) -> list[tuple[str, float]]:
    if k == 1:
        return [("L1-S", -78.0), ("L1-G", -17.0), ("L1-N", 78.0)]
    if k == len(board.data["walls"]):
        return [(board.citadel, -50.0)]
    return [(f"L{k}-S", -78.0 + 2 * k), (f"L{k}-N", 78.0 - 2 * k)]


# ------------------------------------------------------------------------ back ends

def _px(scale: float, height: float, x: float, y: float) -> tuple[float, float]:
    return x * scale, (height - y) * scale


@lru_cache(maxsize=32)
def _font(size: int, bold: bool) -> Any:
    from PIL import ImageFont

    for name in (("DejaVuSans-Bold.ttf", "Arial Bold.ttf") if bold
                 else ("DejaVuSans.ttf", "Arial.ttf")):
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default(size=size)


def draw_png(board: Board, view: dict[str, Any] | None, path: str | Path, *, scale: float = 6.0,
             title: str | None = None) -> Path:
    """Draw the table to a PNG of round(144·scale) × round(108·scale) pixels [MT §3]."""
    from PIL import Image, ImageDraw

    w, h = round(board.width * scale), round(board.height * scale)
    img = Image.new("RGB", (w, h), _rgba(PELENNOR)[:3])
    dr = ImageDraw.Draw(img, "RGBA")
    for s in scene(board, view, scale=scale, title=title):
        pts = [_px(scale, board.height, x, y) for x, y in s.pts]
        if s.kind == "poly":
            dr.polygon(pts, fill=_rgba(s.fill) if s.fill else None,
                       outline=_rgba(s.ink) if s.ink else None,
                       width=max(1, round(s.width)) if s.ink else 0)
        elif s.kind == "line":
            if s.dash:
                _dashed(dr, pts, _rgba(s.ink or "#000000"), max(1, round(s.width)))
            else:
                dr.line(pts, fill=_rgba(s.ink or "#000000"), width=max(1, round(s.width)))
        elif s.kind == "circle":
            (x, y), r = pts[0], s.radius * scale
            dr.ellipse((x - r, y - r, x + r, y + r), fill=_rgba(s.fill) if s.fill else None,
                       outline=_rgba(s.ink) if s.ink else None, width=max(1, round(s.width)))
        elif s.kind == "text":
            font = _font(max(6, round(s.size)), s.bold)
            x, y = pts[0]
            anchor = "la" if s.size > 12 and s.halo and y < 20 else "mm"
            kw: dict[str, Any] = {}
            if s.halo:
                kw = {"stroke_width": 2, "stroke_fill": _rgba(s.halo)}
            dr.multiline_text((x, y), s.text, font=font, fill=_rgba(s.ink or "#000000"),
                              anchor=anchor, align="center", spacing=1, **kw)
    out = Path(path)
    img.save(out, "PNG")
    return out


def _dashed(dr: Any, pts: list[tuple[float, float]], ink: RGBA, width: int,
            on: float = 6.0, off: float = 4.0) -> None:
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        length = math.hypot(x1 - x0, y1 - y0)
        t = 0.0
        while t < length:
            t1 = min(length, t + on)
            dr.line([(x0 + (x1 - x0) * t / length, y0 + (y1 - y0) * t / length),
                     (x0 + (x1 - x0) * t1 / length, y0 + (y1 - y0) * t1 / length)],
                    fill=ink, width=width)
            t = t1 + off


def draw_svg(board: Board, view: dict[str, Any] | None, *, scale: float = 6.0,
             title: str | None = None) -> str:
    """Draw the table as SVG text [MT §3]; the same scene as :func:`draw_png`."""
    w, h = round(board.width * scale), round(board.height * scale)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'viewBox="0 0 {w} {h}" font-family="DejaVu Sans, Arial, sans-serif">']
    if title:
        parts.append(f"<title>{escape(title)}</title>")

    def paint(attr: str, c: str | None) -> str:
        if not c:
            return f'{attr}="none"'
        r, g, b, a = _rgba(c)
        op = f' {attr}-opacity="{a / 255:.3f}"' if a < 255 else ""
        return f'{attr}="#{r:02x}{g:02x}{b:02x}"{op}'

    for s in scene(board, view, scale=scale, title=title):
        pts = [_px(scale, board.height, x, y) for x, y in s.pts]
        ps = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        if s.kind == "poly":
            stroke = (f'{paint("stroke", s.ink)} stroke-width="{s.width:g}"' if s.ink
                      else 'stroke="none"')
            parts.append(f'<polygon points="{ps}" {paint("fill", s.fill)} {stroke}/>')
        elif s.kind == "line":
            dash = ' stroke-dasharray="6 4"' if s.dash else ""
            parts.append(f'<polyline points="{ps}" fill="none" {paint("stroke", s.ink)} '
                         f'stroke-width="{s.width:g}"{dash}/>')
        elif s.kind == "circle":
            (x, y) = pts[0]
            stroke = (f'{paint("stroke", s.ink)} stroke-width="{s.width:g}"' if s.ink
                      else 'stroke="none"')
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s.radius * scale:.1f}" '
                         f'{paint("fill", s.fill)} {stroke}/>')
        elif s.kind == "text":
            x, y = pts[0]
            lines = s.text.split("\n")
            weight = ' font-weight="bold"' if s.bold else ""
            halo = (f' {paint("stroke", s.halo)} stroke-width="2" paint-order="stroke"'
                    if s.halo else "")
            top = s.size > 12 and s.halo is not None and y < 20
            anchor = "start" if top else "middle"
            y0 = y + s.size if top else y - (len(lines) - 1) * s.size * 0.55 + s.size * 0.35
            spans = "".join(
                f'<tspan x="{x:.1f}" y="{y0 + i * s.size * 1.1:.1f}">{escape(t)}</tspan>'
                for i, t in enumerate(lines))
            parts.append(f'<text font-size="{s.size:.1f}" text-anchor="{anchor}"{weight} '
                         f'{paint("fill", s.ink)}{halo}>{spans}</text>')
    parts.append("</svg>")
    return "\n".join(parts)
