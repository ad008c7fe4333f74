"""``ringwar map SYSTEM``: draw a system's map (and the units at the start) as PNG or SVG."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

import click

from ..core.errors import RecordError
from ..core.hexmap import HexMap


def map_file(system: str) -> Path | None:
    """The map data file shipped for ``system`` (``data/<system>/map.toml``), if any."""
    p = Path(str(resources.files("ringwar").joinpath("data", system, "map.toml")))
    return p if p.is_file() else None


def load_picture(system: str, *, units: bool = True) -> tuple[HexMap, list[dict[str, Any]], str]:
    """The map, the on-map counters and a title for ``system`` at the start of a game.

    Uses ``ringwar.new_game(system, seed=0)``: the map is ``game.hexmap`` and the counters
    ``game.view(None)["units"]``.  If the system cannot start a game but ships a map file,
    the bare map is drawn instead (with a warning).
    """
    import ringwar

    from ..core.engine import systems

    try:
        game = ringwar.new_game(system, seed=0)
    except RecordError:
        if system in systems() or map_file(system) is None:
            raise
        # a system with map data but no rules yet (e.g. gondor): draw the bare map
        path = map_file(system)
        assert path is not None
        click.echo(f"warning: no {system!r} game system yet; drawing the bare map from {path}",
                   err=True)
        hexmap = HexMap.from_toml(path)
        return hexmap, [], hexmap.name
    except Exception as e:  # the system is not (yet) playable: fall back to its map data
        path = map_file(system)
        if path is None:
            raise click.ClickException(f"cannot start {system!r}: {e}") from None
        click.echo(f"warning: cannot start a game of {system!r} ({type(e).__name__}: {e}); "
                   f"drawing the bare map from {path}", err=True)
        hexmap = HexMap.from_toml(path)
        return hexmap, [], hexmap.name
    hexmap = getattr(game, "hexmap", None)
    if not isinstance(hexmap, HexMap):
        raise click.ClickException(f"the {system!r} system has no hex map to draw")
    counters: list[dict[str, Any]] = []
    if units:
        for u in game.view(None).get("units", []):
            if u.get("hex") is not None and u["hex"] in hexmap:
                counters.append(dict(u))
    title = f"{game.title or system}: turn {game.turn}" if units else (game.title or hexmap.name)
    return hexmap, counters, title


@click.command(name="map")
@click.argument("system")
@click.option("--png", "png_path", type=click.Path(dir_okay=False), default=None,
              help="write a PNG picture to this file")
@click.option("--svg", "svg_path", type=click.Path(dir_okay=False), default=None,
              help="write an SVG picture to this file")
@click.option("--no-units", is_flag=True, help="draw the bare map, without counters")
@click.option("--scale", type=float, default=1.0, show_default=True,
              help="picture size (1.0: hexes 60 px across)")
def command(system: str, png_path: str | None, svg_path: str | None, no_units: bool,
            scale: float) -> None:
    """Draw the map of SYSTEM (e.g. sauron) with the units at the start of a game.

    Without --png or --svg, writes SYSTEM-map.png in the current directory.
    """
    from ..render import render_png, render_svg

    if scale <= 0:
        raise click.BadParameter("must be positive", param_hint="--scale")
    if _draw_own(system, png_path, svg_path, no_units, scale):
        return
    try:
        hexmap, counters, title = load_picture(system, units=not no_units)
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    if png_path is None and svg_path is None:
        png_path = f"{system}-map.png"
    if png_path is not None:
        out = render_png(hexmap, png_path, counters, title=title, scale=scale)
        click.echo(str(out))
    if svg_path is not None:
        Path(svg_path).write_text(render_svg(hexmap, counters, title=title, scale=scale),
                                  encoding="utf-8")
        click.echo(svg_path)


def _draw_own(system: str, png_path: str | None, svg_path: str | None, no_units: bool,
              scale: float) -> bool:
    """Draw a system that draws its own board (``Game.picture``, e.g. a table in inches);
    False for the hex-map systems."""
    import ringwar

    from ..core.engine import system_class, systems

    if system not in systems():
        return False
    try:
        cls = system_class(system)
    except RecordError as e:
        raise click.ClickException(str(e)) from None
    if cls.picture is ringwar.Game.picture:
        return False
    game = ringwar.new_game(system, seed=0)
    if png_path is None and svg_path is None:
        png_path = f"{system}-map.png"
    if png_path is not None:
        png = game.picture("png", None, scale, units=not no_units)
        Path(png_path).write_bytes(png)  # type: ignore[arg-type]
        click.echo(png_path)
    if svg_path is not None:
        svg = game.picture("svg", None, scale, units=not no_units)
        Path(svg_path).write_text(svg, encoding="utf-8")  # type: ignore[arg-type]
        click.echo(svg_path)
    return True
