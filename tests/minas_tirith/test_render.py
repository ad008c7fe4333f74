"""Pictures of the table [MT §3]: PNG and SVG, bare and with a view."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from ringwar.systems.minas_tirith.board import load_board
from ringwar.systems.minas_tirith.render import draw_png, draw_svg, scene

B = load_board()
rule = pytest.mark.rule

VIEW = {
    "units": [
        {"id": "G3", "name": "Men of Minas Tirith", "side": "west", "contingent": "garrison",
         "type": "HI", "figures": 12, "files": 6, "ranks": 2, "order": "close",
         "formation": "line", "x": 37.4, "y": 48.0, "heading": 0.0, "frontage": 6.0,
         "depth": 2.0, "organized": True, "loaded": True, "embarked": None, "sector": "L1-G"},
        {"id": "M1", "name": "Morgul orcs", "side": "dark-lord", "contingent": "mordor",
         "type": "MI", "figures": 20, "files": 10, "ranks": 2, "order": "close",
         "formation": "line", "x": 60.0, "y": 40.0, "heading": 170.0, "frontage": 10.0,
         "depth": 2.0, "organized": False, "loaded": True, "embarked": None,
         "sector": "Pelennor"},
        {"id": "M7", "name": "Black Uruks", "side": "dark-lord", "contingent": "mordor",
         "type": "HI", "figures": 16, "embarked": "E-D1", "x": None, "y": None},
        {"id": "H7", "name": "Mumakil", "side": "dark-lord", "contingent": "harad",
         "type": "MAC", "figures": 3, "files": 3, "ranks": 1, "order": "open",
         "formation": "line", "x": 90.0, "y": 3.0, "heading": 90.0, "frontage": 12.0,
         "depth": 6.0, "organized": True, "loaded": True, "embarked": None,
         "sector": "Pelennor"},
    ],
    "engines": [
        {"id": "E-D1", "name": "siege tower", "side": "dark-lord", "kind": "tower", "x": 44.2,
         "y": 58.0, "heading": 190.0, "w": 4.0, "d": 4.0, "destroyed": False, "fires": 1},
        {"id": "E-D10", "name": "Grond", "side": "dark-lord", "kind": "grond", "x": 47.0,
         "y": 48.0, "heading": 180.0, "w": 3.0, "d": 10.0, "destroyed": False, "fires": 0},
        {"id": "E-G1", "name": "catapult", "side": "west", "kind": "large_catapult", "x": 20.0,
         "y": 80.0, "heading": 60.0, "w": 3.0, "d": 3.0, "destroyed": True, "fires": 2},
    ],
    "leaders": [
        {"id": "gandalf", "name": "Gandalf the White", "side": "west", "x": 35.0, "y": 48.0,
         "mount": "horse", "attached_to": None},
        {"id": "orc-captain-1", "name": "Orc captain 1", "side": "dark-lord", "x": 60.0,
         "y": 40.0, "mount": "foot", "attached_to": "M1"},
        {"id": "nazgul-1", "name": "Nazgûl 1", "side": "dark-lord", "x": 80.0, "y": 60.0,
         "mount": "fell_beast", "attached_to": None},
    ],
    "fires": [{"x": 23.5, "y": 76.0, "size": 3.0}],
    "gates": {"G1": {"state": "broken", "controller": "dark-lord"},
              "G2": {"state": "intact", "controller": "west"}},
}


@rule("minas-tirith", "§3")
@pytest.mark.parametrize("view", [{}, VIEW], ids=["bare", "mid-assault"])
def test_3_png_is_written_at_the_table_scale_and_not_blank(tmp_path, view):
    out = draw_png(B, view, tmp_path / "t.png", scale=4.0, title="test")
    assert out.exists()
    img = Image.open(out).convert("RGB")
    assert img.size == (576, 432)  # 144" x 108" at 4 px per inch
    colours = img.getcolors(maxcolors=100000)
    assert colours is not None and len(colours) > 20
    # the outer wall is dark stone; the Pelennor east of the city is not
    assert sum(img.getpixel((round(35.5 * 4), round((108 - 68.5) * 4)))) < 200  # r = 41
    assert sum(img.getpixel((round(120 * 4), round((108 - 70) * 4)))) > 400


@rule("minas-tirith", "§3")
def test_3_units_engines_leaders_and_fires_are_drawn(tmp_path):
    bare = Image.open(draw_png(B, {}, tmp_path / "a.png", scale=4.0)).convert("RGB")
    full = Image.open(draw_png(B, VIEW, tmp_path / "b.png", scale=4.0)).convert("RGB")
    # the West unit behind the Great Gate is blue, the fire orange, the broken gate red
    px = full.getpixel((round(37.0 * 4), round((108 - 49.5) * 4)))
    assert px[2] > px[0] + 60
    r, g, b = full.getpixel((round(22.5 * 4), round((108 - 75.5) * 4)))
    assert r > 200 and 100 < g < 180 and b < 80
    assert bare.getpixel((round(40.5 * 4), round((108 - 45) * 4))) != \
        full.getpixel((round(40.5 * 4), round((108 - 45) * 4)))
    kinds = {s.kind for s in scene(B, VIEW)}
    assert kinds == {"poly", "line", "text", "circle"}
    texts = {s.text for s in scene(B, VIEW) if s.kind == "text"}
    assert {"G3 12", "M1 20", "H7 3", "GW", "O1", "N1", "G1", "L2-S", "Citadel"} <= texts
    assert not any(t.startswith("M7") for t in texts)  # embarked units are not on the table


@rule("minas-tirith", "§3")
@pytest.mark.parametrize("view", [{}, VIEW], ids=["bare", "mid-assault"])
def test_3_svg_parses(view):
    text = draw_svg(B, view, scale=6.0, title="Siege <test> & co")
    root = ET.fromstring(text)
    assert root.tag.endswith("svg")
    assert root.attrib["width"] == "864" and root.attrib["height"] == "648"
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}polygon")) > 30
    labels = "".join(t.text or "" for t in root.iter(f"{ns}tspan"))
    assert "G1" in labels and "Citadel" in labels
    if view:
        assert "GROND" in labels and "M1 20" in labels
