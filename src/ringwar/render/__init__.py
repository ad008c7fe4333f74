"""Pictures of hex maps and counters (SVG and PNG), kept apart from the rules.

>>> from ringwar.render import render_svg, render_png          # doctest: +SKIP
>>> svg = render_svg(hexmap, counters, title="Dagorlad, turn 1")  # doctest: +SKIP
"""

from .hexrender import (
    SIDE_STYLES,
    TERRAIN_STYLES,
    canvas_size,
    default_labels,
    hex_centre,
    layout,
    render_image,
    render_png,
    render_svg,
)

__all__ = [
    "SIDE_STYLES", "TERRAIN_STYLES", "canvas_size", "default_labels", "hex_centre", "layout",
    "render_image", "render_png", "render_svg",
]
