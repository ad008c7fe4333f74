"""Browser tests: the web app in Debian's chromium, driven by Playwright.

The server runs as a child process on a free loopback port with a temporary SQLite file;
screenshots go to ``artifacts/screenshots/`` (kept by CI as evidence, ignored by git).
"""

from __future__ import annotations

import json
import shutil
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from ringwar.server.process import ServerProcess

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def server(tmp_path_factory: Any) -> Any:
    d = tmp_path_factory.mktemp("web")
    srv = ServerProcess(f"sqlite:///{d / 'browser.db'}", ai_delay=0.0, log=d / "server.log")
    srv.start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def browser() -> Any:
    from playwright.sync_api import sync_playwright
    if not Path(CHROMIUM).exists():
        pytest.fail("chromium is not installed (./test installs it: apt-get install chromium)")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any) -> Any:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900}, accept_downloads=True)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, errors


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def api(server: Any, path: str, body: Any = None, token: str | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if token:
        headers["X-Ringwar-Token"] = token
    req = urllib.request.Request(server.url + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def create(server: Any, **body: Any) -> Any:
    """A new game (``system=``, ``seed=``, ...) or an imported one (``record=game.save()``)."""
    return api(server, "/api/games", body)


def imported(server: Any, game: Any) -> Any:
    """A game played by the engine here, imported into the server (every seat human)."""
    return create(server, record=game.save())


def past_the_screen(page: Any) -> None:
    """Wait for the board, through the hot-seat screen if the seat to show holds a secret
    (a War of the Ring hand, Gondor's real Cauldrons [16.71]): its player says "go"."""
    page.wait_for_selector("#unitlayer [data-unit], #handover:not([hidden])")
    if page.locator("#handover:not([hidden])").count():
        page.click("#handover-go")
        page.wait_for_selector("#unitlayer [data-unit]")


def visible_in_viewport(page: Any, selector: str) -> bool:
    """The element is displayed and lies inside the window (not scrolled away)."""
    return bool(page.evaluate("""(sel) => {
        const e = document.querySelector(sel);
        if (!e) return false;
        const r = e.getBoundingClientRect(), cs = getComputedStyle(e);
        return cs.display !== 'none' && cs.visibility !== 'hidden' && r.width > 0 && r.height > 0
            && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
    }""", selector))


def zoom_to(page: Any, hx: str, width: float = 700) -> None:
    """Zoom in with the mouse wheel over hex ``hx`` until at most ``width`` map units show
    (the page's own zoom: its level of detail follows)."""
    box = page.locator(f'#hitlayer [data-hex="{hx}"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    for _ in range(40):
        if page.evaluate("document.querySelector('#board').viewBox.baseVal.width") <= width:
            break
        page.mouse.wheel(0, -120)
        page.wait_for_timeout(20)
    page.mouse.move(2, 2)           # away from the board: no stack viewer over the picture


def click_unit(page: Any, uid: str) -> None:
    page.locator(f'#unitlayer [data-unit="{uid}"]').click()


def open_fire_odds(page: Any, url: str) -> None:
    """Open a game at ``url`` (the melee set-up: orc_archer1 beside men1), zoom in, and click
    the archers, then their target, until the odds panel shows."""
    page.goto(url)
    page.wait_for_selector("#unitlayer [data-unit]")
    zoom_to(page, "1324", 420)
    click_unit(page, "orc_archer1")
    page.wait_for_selector('#unitlayer [data-unit="men1"].target')
    click_unit(page, "men1")
    page.wait_for_selector("#confirm:not([hidden]) table.odds")


def board_scale(page: Any) -> float:
    """Screen pixels per map unit at the current zoom."""
    return float(page.evaluate("""() => { const s = document.querySelector('#board');
        return s.getBoundingClientRect().width / s.viewBox.baseVal.width; }"""))


def gondor_after_setup(seed: int = 3) -> Any:
    """A Gondor game past its Set-up [13.0], the city's stacks deployed (by the engine)."""
    import ringwar

    g = ringwar.new_game("gondor", seed=seed)
    while g.view(None)["phase"] == "S":
        la = g.legal_actions()
        g.apply(next((a for a in la if a["type"] == "deploy_rest"), la[0]))
    return g


def ring_with_attacks(seed: int = 5, attacks: int = 3) -> Any:
    """A Battle of the Ring game played at random until ``attacks`` attacks [9.8] were rolled."""
    import random

    import ringwar

    g = ringwar.new_game("battle-of-the-ring", seed=seed)
    rng = random.Random(1)
    while g.result is None and sum(e.get("type") == "attack" for e in g.log) < attacks:
        la = g.legal_actions()
        att = [a for a in la if a["type"] == "attack"]
        g.apply(rng.choice(att) if att and rng.random() < 0.7 else rng.choice(la))
    return g
