"""The map renderer (SVG and PNG) and the ``ringwar map`` command."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from PIL import Image

import ringwar
from ringwar.cli import main
from ringwar.commands.map_cmd import load_picture
from ringwar.core.hexmap import HexMap, MapSpec
from ringwar.render import canvas_size, default_labels, hex_centre, layout, render_png, render_svg
from ringwar.render.hexrender import text_width

MAP_FILE = Path(ringwar.__file__).parent / "data" / "sauron" / "map.toml"
SVG = "{http://www.w3.org/2000/svg}"

COUNTERS = [
    {"hex": "1324", "label": "D-2-Z", "name": "Warg", "side": "sauron", "kind": "cavalry",
     "reduced": False, "disrupted": False},
    {"hex": "1324", "label": "2", "name": "Gorgol", "side": "sauron", "kind": "leader",
     "reduced": False, "disrupted": False},
    {"hex": "0821", "label": "Ee-2-Z", "name": "Goblin", "side": "sauron", "kind": "infantry",
     "reduced": True, "disrupted": True},
    {"hex": "1408", "label": "B-3-X", "name": "Dwarves", "side": "westernesse",
     "kind": "infantry", "reduced": False, "disrupted": False},
    {"hex": None, "label": "Ee-3-Y", "name": "Orc Archer", "side": "sauron", "kind": "infantry",
     "reduced": False, "disrupted": False},
]


@pytest.fixture(scope="module")
def dagorlad() -> HexMap:
    return HexMap.from_toml(MAP_FILE)


@pytest.fixture(scope="module")
def tiny() -> HexMap:
    """A small map with terrain and hexside kinds the Sauron map does not use."""
    return HexMap(MapSpec.model_validate({
        "map": {"name": "Tiny <test> & co", "columns": 4, "rows": 3},
        "terrain": {"grove": ["0202"], "lava": ["0301"], "mountain": ["0403"]},
        "hexside": [
            {"hexes": ["0101", "0201"], "kind": "wall"},
            {"hexes": ["0302", "0303"], "kind": "river"},
            {"hexes": ["0102", "0103"], "kind": "slope", "high": "0102"},
        ],
        "roads": {"track": ["0101", "0102", "0202"]},
        "places": {"Keep": "0101", "keep": "0101", "The Woods": ["0202", "0203"]},
    }))


def texts(svg: str) -> list[str]:
    root = ET.fromstring(svg.encode())
    assert root.tag == f"{SVG}svg"
    return [el.text or "" for el in root.iter(f"{SVG}text")]


# ----- SVG -------------------------------------------------------------------------------
def test_svg_is_well_formed_and_numbers_every_hex(dagorlad: HexMap) -> None:
    svg = render_svg(dagorlad)
    found = set(texts(svg))
    missing = sorted(h for h in dagorlad.hexes if h not in found)
    assert missing == []
    assert "Dagorlad" in found  # the default title: the map's name
    assert {"Mordor", "Dead Marshes", "Ered Lithui", "Ephel Dúath"} <= found
    assert "gate_outside" not in found  # rule handles are not labels


def test_svg_draws_counters_and_skips_off_map_units(dagorlad: HexMap) -> None:
    svg = render_svg(dagorlad, COUNTERS, title="Sauron: turn 1", highlight=["1330"])
    found = texts(svg)
    for label in ("D-2-Z", "Ee-2-Z", "B-3-X", "Warg", "Gorgol", "Goblin", "Dwarves"):
        assert label in found
    assert "Ee-3-Y" not in found  # the off-map Orc Archer
    assert "D" in found  # the disrupted marker
    assert "Sauron: turn 1" in found
    root = ET.fromstring(svg.encode())
    classes = {el.get("class") for el in root.iter()}
    assert {"counter", "disrupted", "highlight", "gate", "slope", "road", "hexnum"} <= classes


def test_svg_escapes_text_and_draws_any_map(tiny: HexMap) -> None:
    svg = render_svg(tiny, [{"hex": "0202", "label": "a<b", "name": "R&D", "side": "rohan",
                             "kind": "cavalry"}])
    found = texts(svg)
    assert "Tiny <test> & co" in found
    assert "a<b" in found and "R&D" in found
    assert {"Keep", "The Woods"} <= set(found) and "keep" not in found
    root = ET.fromstring(svg.encode())
    classes = {el.get("class") for el in root.iter()}
    assert {"wall", "river", "slope", "road", "grove", "mountain"} <= classes


def test_stacks_show_at_most_four_tiles(dagorlad: HexMap) -> None:
    stack = [{"hex": "1010", "label": f"U{i}", "name": "", "side": "westernesse",
              "kind": "infantry"} for i in range(6)]
    found = texts(render_svg(dagorlad, stack))
    assert "+2" in found
    assert "U5" in found and "U0" not in found  # the top of the stack is shown


def test_default_labels_are_capitalised_places(dagorlad: HexMap) -> None:
    labels = default_labels(dagorlad)
    assert labels["Mordor"] == ["1331"]
    assert all(name[:1].isupper() for name in labels)


def test_hex_numbers_are_readable_at_the_default_size(dagorlad: HexMap) -> None:
    lay = layout(dagorlad)
    nums = [p for p in lay.prims if p.cls == "hexnum"]
    assert len(nums) == len(dagorlad.hexes)
    assert all(p.size >= 9.5 for p in nums)
    # hexes are ~60 px across at scale 1
    (x1, _), (x2, _) = hex_centre(dagorlad, "0101"), hex_centre(dagorlad, "0301")
    assert 80 <= x2 - x1 <= 100  # two columns = 1.5 hex widths each
    assert lay.centres["1331"] == hex_centre(dagorlad, "1331")


def test_even_columns_sit_half_a_hex_lower(dagorlad: HexMap) -> None:
    (_, y1), (_, y2), (_, y3) = (hex_centre(dagorlad, h) for h in ("0101", "0201", "0102"))
    assert y2 - y1 == pytest.approx((y3 - y1) / 2)


# ----- PNG -------------------------------------------------------------------------------
def test_png_has_the_expected_size(dagorlad: HexMap, tmp_path: Path) -> None:
    out = render_png(dagorlad, tmp_path / "map.png", COUNTERS, title="Sauron")
    assert out.is_file()
    with Image.open(out) as img:
        assert img.format == "PNG"
        assert img.size == canvas_size(dagorlad)
        w, h = img.size
    assert 1100 <= w <= 1400 and h > w  # portrait, 26 hexes of ~60 px
    out2 = render_png(dagorlad, tmp_path / "small.png", scale=0.5)
    with Image.open(out2) as img:
        assert img.size == canvas_size(dagorlad, scale=0.5)
        assert abs(img.size[0] - w / 2) < 4


def test_png_shows_terrain_colours(tiny: HexMap, tmp_path: Path) -> None:
    out = render_png(tiny, tmp_path / "tiny.png", hex_numbers=False, legend=False)
    with Image.open(out) as img:
        rgb = img.convert("RGB")
        x, y = hex_centre(tiny, "0101")
        clear = rgb.getpixel((round(x - 15), round(y - 10)))
        x, y = hex_centre(tiny, "0403")
        mountain = rgb.getpixel((round(x - 15), round(y - 10)))
    assert sum(mountain) < sum(clear)


# ----- the command -----------------------------------------------------------------------
def test_map_command_writes_png_and_svg(tmp_path: Path) -> None:
    png, svg = tmp_path / "m.png", tmp_path / "m.svg"
    res = CliRunner().invoke(main, ["map", "sauron", "--png", str(png), "--svg", str(svg)])
    assert res.exit_code == 0, res.output
    with Image.open(png) as img:
        assert img.size[0] > 1000
    found = texts(svg.read_text(encoding="utf-8"))
    assert "1331" in found and "Mordor" in found


def test_map_command_default_file_and_no_units(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = CliRunner().invoke(main, ["map", "sauron", "--no-units"])
    assert res.exit_code == 0, res.output
    assert "sauron-map.png" in res.output
    assert (tmp_path / "sauron-map.png").is_file()


def test_map_command_refuses_unknown_system() -> None:
    res = CliRunner().invoke(main, ["map", "no-such-game"])
    assert res.exit_code != 0
    assert "unknown game system" in res.output


# ----- place names ---------------------------------------------------------------------------
def _boxes(lay: Any) -> tuple[list[tuple[str, tuple[float, float, float, float]]], list[tuple[float, float, float, float]]]:
    """The place names' boxes and the counter tiles' boxes of a layout."""
    names, tiles = [], []
    for p in lay.prims:
        if p.cls == "place":
            (x, y), = p.pts
            w, h = text_width(p.text, p.size, True, p.italic), 1.15 * p.size
            names.append((p.text, (x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
        elif p.cls == "counter" and p.kind == "poly" and len(p.pts) == 4:
            xs, ys = [q[0] for q in p.pts], [q[1] for q in p.pts]
            tiles.append((min(xs), min(ys), max(xs), max(ys)))
    return names, tiles


def _cut(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    w, h = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _gondor_deployed() -> tuple[HexMap, list[dict[str, Any]]]:
    g = ringwar.new_game("gondor", seed=3)
    while g.view(None)["phase"] == "S":              # the Set-up [13.0], by the engine
        la = g.legal_actions()
        g.apply(next((a for a in la if a["type"] == "deploy_rest"), la[0]))
    return g.hexmap, [u for u in g.view(None)["units"] if u.get("hex")]


@pytest.mark.parametrize("system", ["battle-of-the-ring", "gondor", "sauron"])
def test_place_names_keep_clear_of_the_counters_and_of_each_other(system: str) -> None:
    if system == "gondor":
        hexmap, counters = _gondor_deployed()        # Minas Tirith's stacks in the city
        title = "Gondor"
    else:
        hexmap, counters, title = load_picture(system)
    lay = layout(hexmap, counters, title)
    names, tiles = _boxes(lay)
    assert {n for n, _ in names} == set(default_labels(hexmap))
    for i, (name, box) in enumerate(names):
        area = (box[2] - box[0]) * (box[3] - box[1])
        under = sum(_cut(box, t) for t in tiles) / area
        on_names = max((_cut(box, b) for j, (_, b) in enumerate(names) if j != i), default=0.0) / area
        assert under <= 0.1 and on_names <= 0.03, (name, round(under, 2), round(on_names, 2))
    # drawn under the counter layer, each with a white halo
    first_counter = min(i for i, p in enumerate(lay.prims) if p.cls == "counter") if tiles else len(lay.prims)
    for i, p in enumerate(lay.prims):
        if p.cls == "place":
            assert i < first_counter and p.halo == "#ffffff" and p.halo_width > 0
