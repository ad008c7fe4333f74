"""Two server processes on one PostgreSQL database, two browsers each on a different process:
they play against each other and each sees the other's moves (issue 15).

Each process is a ``ringwar serve`` of its own on its own port (as two hosts behind a
balancer would be): the Sauron player's page talks to one, the Westernesse player's page to
the other, so every move reaches the other page through the database's NOTIFY."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from ringwar.server.process import ServerProcess

from .conftest import api, click_unit, shot, zoom_to


@pytest.fixture(scope="module")
def two_servers(pg_cluster: Any, tmp_path_factory: Any) -> Any:
    url = pg_cluster.new_database_url("browser")
    d = tmp_path_factory.mktemp("two-processes")
    servers = [ServerProcess(url, ai_delay=0.0, log=d / f"server{i}.log").launch()
               for i in range(2)]
    try:
        for s in servers:
            s.wait_ready(60)
        yield servers
    finally:
        for s in servers:
            s.stop()


def empty_dest(page: Any) -> str:
    return str(page.evaluate("""() => {
        const full = new Set([...document.querySelectorAll('#unitlayer [data-unit]')].map(e => e.dataset.hex));
        return [...document.querySelectorAll('.dest')].map(e => e.dataset.dest).filter(h => !full.has(h))[0];
    }"""))


def move_in_page(page: Any, unit: str, near: str) -> str:
    """Select ``unit`` and click an empty destination; returns the hex it moved to."""
    zoom_to(page, near, 700)
    click_unit(page, unit)
    page.wait_for_selector(".dest")
    dest = empty_dest(page)
    page.locator(f'#hitlayer [data-hex="{dest}"]').click()
    page.wait_for_selector(f'#unitlayer [data-unit="{unit}"][data-hex="{dest}"]')
    return dest


def seen_within(page: Any, selector: str, limit: float = 1.0) -> float:
    t0 = time.monotonic()
    page.wait_for_selector(selector, timeout=10_000)
    took = time.monotonic() - t0
    assert took < limit, f"seen after {took:.2f} s"
    return took


def test_two_browsers_on_two_processes_see_each_others_moves(two_servers: Any, browser: Any) -> None:
    a, b = two_servers
    g = api(a, "/api/games", {"system": "sauron", "seed": 3})
    pages = {}
    for side, srv in (("sauron", a), ("westernesse", b)):
        ctx = browser.new_context(viewport={"width": 1300, "height": 850})
        p = ctx.new_page()
        errors: list[str] = []
        p.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
        p.goto(srv.url + g["seats"][side])
        p.wait_for_selector("#unitlayer [data-unit]")
        p.wait_for_function("document.body.dataset.version === '0'")
        pages[side] = (p, errors)
    sp, wp = pages["sauron"][0], pages["westernesse"][0]
    assert sp.evaluate("document.body.dataset.seat") == "sauron"
    assert wp.evaluate("document.body.dataset.seat") == "westernesse"

    # Sauron moves a goblin in his browser (process a); Westernesse's page (process b) sees it
    dest = move_in_page(sp, "goblin2", "0921")
    seen_within(wp, f'#unitlayer [data-unit="goblin2"][data-hex="{dest}"]')
    wp.wait_for_function("document.body.dataset.version === '2'")
    shot(wp, "two-processes-westernesse-sees-sauron")

    # Sauron ends his Movement Phase with the page's button; Westernesse is to act on b
    sp.locator("#legal-list button").first.wait_for(state="attached")
    end = [bt for bt in sp.locator("#legal-list button").all()
           if json.loads(bt.get_attribute("data-action") or "{}").get("type") == "end"]
    assert end, "no end button"
    end[0].evaluate("b => b.click()")
    seen_within(wp, "body[data-to-act='westernesse']")

    # Westernesse moves in its browser (process b); Sauron's page (process a) sees it
    st = api(b, f"/api/games/{g['id']}", token=g["tokens"]["westernesse"])
    where = {u["id"]: u.get("hex") for u in st["view"]["units"]}
    alone = [x["unit"] for x in st["legal"] if x["type"] == "select"
             and list(where.values()).count(where.get(x["unit"])) == 1]
    unit = alone[0]                                 # a counter no other one covers
    hx = where[unit]
    dest = move_in_page(wp, unit, hx)
    seen_within(sp, f'#unitlayer [data-unit="{unit}"][data-hex="{dest}"]')
    shot(sp, "two-processes-sauron-sees-westernesse")

    # both processes answer the same: one game, one version
    for srv in (a, b):
        assert api(srv, f"/api/games/{g['id']}")["version"] == 5
    for p, errors in pages.values():
        assert not errors, errors
        p.context.close()
