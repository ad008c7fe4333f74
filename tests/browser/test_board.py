"""The board in a real browser: readable at the zoom that fits the window (simplified counters,
place names clear of the stacks) and in full zoomed in; Gondor's city stacks fanned inside
their hexes with a count, and the stack viewer listing every unit of a hex with its values."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from .conftest import (
    api,
    board_scale,
    create,
    gondor_after_setup,
    imported,
    past_the_screen,
    shot,
    zoom_to,
)

# game -> (how it is made, a hex to zoom in on)
BOARDS = {
    "sauron": (lambda srv: create(srv, system="sauron", seed=3), "1324"),
    "gondor-city": (lambda srv: imported(srv, gondor_after_setup()), "1910"),
    "ring-3p": (lambda srv: create(srv, system="battle-of-the-ring", seed=3), "1421"),
    "ring-2p": (lambda srv: create(srv, system="battle-of-the-ring", seed=3, options={"players": 2}), "1421"),
}

# rectangles on the screen: place names, counters, and how much the first overlap the others
OVERLAPS = """() => {
    const R = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
    const cut = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    const names = [...document.querySelectorAll('#placelayer text')].map((t) => [t.textContent, R(t)]);
    const tiles = [...document.querySelectorAll('#unitlayer .counter > rect.tile')].map(R);
    return names.map(([name, r], i) => {
        const area = (r[2] - r[0]) * (r[3] - r[1]);
        return { name, underUnits: tiles.reduce((s, t) => s + cut(r, t), 0) / area,
                 onNames: names.reduce((s, [, q], j) => s + (j === i ? 0 : cut(r, q)), 0) / area };
    });
}"""


def open_board(page: Any, server: Any, which: str) -> tuple[Any, str]:
    make, hx = BOARDS[which]
    g = make(server)
    page.goto(server.url + g["hotseat"])
    past_the_screen(page)            # (Gondor's Westernesse holds which Cauldrons are real)
    page.wait_for_selector("#unitlayer .counter")
    page.wait_for_selector("#placelayer text", state="attached")
    return g, hx


@pytest.mark.parametrize("which", list(BOARDS))
def test_the_board_is_readable_at_the_fitting_zoom_and_in_full_zoomed_in(server: Any, page: Any, which: str) -> None:
    g, hx = open_board(page, server, which)
    units = {u["id"]: u for u in api(server, f"/api/games/{g['id']}")["view"]["units"]}

    # fitting the window: simplified counters whose values are large enough to read
    assert page.evaluate("document.body.dataset.lod") == "low"
    k = board_scale(page)
    sizes = page.evaluate("""() => [...document.querySelectorAll('#unitlayer .counter .simple .slabel')]
        .map((t) => Number(t.getAttribute('font-size')))""")
    assert sizes and min(sizes) * k >= 6.5, (min(sizes), k)
    assert page.locator("#unitlayer .counter .full").first.is_hidden()
    assert page.locator("#unitlayer .counter .simple").first.is_visible()
    # place names: drawn with a halo under the counters, none hidden under a stack or on another name
    for n in page.evaluate(OVERLAPS):
        assert n["underUnits"] <= 0.13 and n["onNames"] <= 0.06, n
    assert page.locator("#maplayer .place").count() == 0        # the map picture's own names are gone
    shot(page, f"board-{which}-fit")

    # zoomed in: the full counter, with the unit's whole name
    zoom_to(page, hx, 420)
    page.wait_for_function("document.body.dataset.lod === 'full'")
    assert page.locator("#unitlayer .counter .full").first.is_visible()
    names = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#unitlayer .counter')].map((c) =>
        [c.dataset.unit, [...c.querySelectorAll('.full .cname')].map((t) => t.textContent).join(' ')]))""")
    for uid, shown in names.items():
        assert shown == units[uid]["name"], (uid, shown)
    shot(page, f"board-{which}-zoomed")


def test_gondor_city_stacks_fan_out_inside_their_hexes_and_the_stack_viewer_lists_every_unit(server: Any, page: Any) -> None:
    g, _ = open_board(page, server, "gondor-city")
    view = api(server, f"/api/games/{g['id']}")["view"]
    count = Counter(u["hex"] for u in view["units"] if u.get("hex"))
    hx, n = count.most_common(1)[0]
    assert n >= 4
    # the count in a badge; every stack of the city stays inside its own hex
    stack = page.locator(f'#unitlayer .stack[data-stack="{hx}"]')
    assert stack.get_attribute("data-count") == str(n)
    assert stack.locator(".stackcount text").first.text_content() == str(n)
    outside = page.evaluate("""() => [...document.querySelectorAll('#unitlayer .stack')].filter((s) => {
        const hex = document.querySelector(`#hitlayer [data-hex="${s.dataset.stack}"]`).getBoundingClientRect();
        return [...s.querySelectorAll('.counter > rect.tile')].some((t) => { const r = t.getBoundingClientRect();
            return r.top < hex.top - 1 || r.bottom > hex.bottom + 1; });
    }).map((s) => s.dataset.stack)""")
    assert outside == []
    zoom_to(page, hx, 520)
    page.wait_for_function("document.body.dataset.lod === 'full'")
    # the stack viewer beside the pointer: every unit of the hex, its values and state
    page.locator(f'#unitlayer .stack[data-stack="{hx}"] .counter').last.hover()
    page.wait_for_selector("#hover .hrow")
    rows = page.locator("#hover .hrow")
    assert rows.count() == n
    here = [u for u in view["units"] if u.get("hex") == hx]
    text = page.locator("#hover").inner_text()
    for u in here:
        assert u["name"] in text and str(u["label"]) in text
    assert any("melee" in r or "move" in r for r in rows.all_inner_texts())
    shot(page, "stack-viewer-gondor-city")


def test_place_names_avoid_the_stacks_zoomed_in_too(server: Any, page: Any) -> None:
    """Minas Tirith's name is not hidden under the city's stacks."""
    open_board(page, server, "gondor-city")
    zoom_to(page, "1910", 520)
    page.wait_for_function("document.body.dataset.lod === 'full'")
    found = {n["name"]: n for n in page.evaluate(OVERLAPS)}
    assert "Minas Tirith" in found and found["Minas Tirith"]["underUnits"] <= 0.26, found.get("Minas Tirith")
