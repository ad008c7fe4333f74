"""The War of the Ring in the browser: what each seat sees of the hidden Fellowship [WR §12],
the Search card and its declaration, the own cards, the tracks, a hidden move played through
the page, the hot-seat screen between seats, and the three-player lobby.

The secret checked is where the Fellowship's hidden walkers are: the Fellowship's page shows
them (in Rivendell 2008 at the start, marked hidden), the Dark Power's page never does — not
on the board, not in the panels or the log, and not in anything the server sent that page
(its WebSocket pushes and its API replies)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from .conftest import SHOTS, api, create, shot, zoom_to

SYSTEM = "war-of-the-ring"
WALKERS = ("frodo", "sam", "merry", "pippin", "gandalf", "aragorn", "boromir", "legolas", "gimli")
OUT = Path("/work")          # the two seats' pictures, side by side, for the report


def body(page: Any, key: str) -> str:
    return page.evaluate(f"document.body.dataset.{key}") or ""


def wait_actions(page: Any, n: int) -> None:
    page.wait_for_function(f"Number(document.body.dataset.actions) >= {n}")


class Wire:
    """Everything the server sent one page: WebSocket frames and /api/games replies (the map
    and its picture are the same for every seat and left out)."""

    def __init__(self, page: Any) -> None:
        self.texts: list[str] = []
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        page.on("response", self._response)

    def _frame(self, payload: Any) -> None:
        self.texts.append(payload if isinstance(payload, str) else payload.decode())

    def _response(self, r: Any) -> None:
        if "/api/games/" in r.url and "/map" not in r.url:
            try:
                self.texts.append(r.text())
            except Exception:   # a reply the page no longer holds
                pass

    def states(self) -> list[dict[str, Any]]:
        out = []
        for t in self.texts:
            try:
                d = json.loads(t)
            except ValueError:
                continue
            st = d.get("state", d) if isinstance(d, dict) else None
            if isinstance(st, dict) and isinstance(st.get("view"), dict):
                out.append(st)
        return out


def leaks(x: Any, path: str = "") -> list[str]:
    """Where a payload gives away a hidden Free character: a walker with a hex, or anything
    marked hidden that says where or who."""
    found = []
    if isinstance(x, dict):
        if x.get("id") in WALKERS and x.get("hidden") and x.get("hex"):
            found.append(f"{path}: {x['id']} in {x['hex']}")
        if x.get("hidden") is True and any(x.get(k) for k in ("hex", "to", "piece", "stack")):
            found.append(f"{path}: {x}")
        for k, v in x.items():
            found += leaks(v, f"{path}.{k}")
    elif isinstance(x, list):
        for i, v in enumerate(x):
            found += leaks(v, f"{path}[{i}]")
    return found


def seat_page(browser: Any, url: str) -> tuple[Any, Any, list[str]]:
    ctx = browser.new_context(viewport={"width": 1400, "height": 900})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_selector("#unitlayer [data-unit]")
    return ctx, page, errors


def dom_walkers(page: Any) -> dict[str, str]:
    return page.evaluate("""(ids) => Object.fromEntries([...document.querySelectorAll('#unitlayer [data-unit]')]
        .filter((e) => ids.includes(e.dataset.unit)).map((e) => [e.dataset.unit, e.dataset.hex]))""", list(WALKERS))


def units_at(page: Any, hx: str) -> list[str]:
    """The units the hover box lists for a hex (every unit of the stack, not only the four the
    fan shows)."""
    box = page.locator(f'#hitlayer [data-hex="{hx}"]').bounding_box()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_selector("#hover .hrow", timeout=5000)
    ids = page.evaluate("[...document.querySelectorAll('#hover .hrow')].map(r => r.dataset.unit)")
    page.mouse.move(2, 2)
    return ids


def test_the_fellowship_sees_its_hidden_walkers_and_the_dark_power_never_does(server: Any, browser: Any) -> None:
    g = create(server, system=SYSTEM, seed=3, options={"players": 2})
    fctx, fp, ferr = seat_page(browser, server.url + g["seats"]["fellowship"])
    dctx, dp, derr = seat_page(browser, server.url + g["seats"]["dark"])
    wire = Wire(dp)
    dp.reload()                      # listened to from the first byte
    dp.wait_for_selector("#unitlayer [data-unit]")
    try:
        assert body(fp, "seat") == "fellowship" and body(dp, "seat") == "dark"
        # the Dark Power's own cards, with their names and the play button the engine offers
        assert dp.locator("#hand-panel .ecard").count() == 3
        assert dp.locator("#hand-panel button.play").count() >= 1
        assert "shadow points" in dp.inner_text("#tracks-panel").lower()
        assert "Objectives" in dp.inner_text("#dm-track")
        # the Events phase: the Dark Power passes; then it declares the search on the Search card
        dp.click("#main-actions button.pass")
        dp.wait_for_selector("#search-panel .declare button")
        card = dp.inner_text("#search-panel .search-card").lower()
        assert "searcher" in card and "force" in card and "face down" in card
        assert dp.locator("#search-panel .area-grid button").count() == 24
        dp.hover("#search-panel .area-grid button >> nth=0")
        dp.wait_for_selector('#arealayer .area-tint.hover[data-area="A"]', state="attached")
        dp.mouse.move(2, 2)
        dp.click("#search-panel .declare button.declare")
        wait_actions(dp, 2)
        fp.wait_for_function("document.body.dataset.toAct === 'fellowship'")
        fp.wait_for_selector("#main-actions button.done")
        dp.wait_for_function("document.body.dataset.toAct === 'fellowship'")
        # the bottom half is shown once declared, to both seats
        for p in (fp, dp):
            assert "search value" in p.inner_text("#search-panel .search-card").lower()

        # the same place on both boards: Rivendell
        for p in (fp, dp):
            zoom_to(p, "2008", 900)
        assert fp.evaluate("document.querySelector('#board').getAttribute('viewBox')") == \
            dp.evaluate("document.querySelector('#board').getAttribute('viewBox')")
        assert set(WALKERS) <= set(units_at(fp, "2008"))
        assert set(dom_walkers(fp).values()) == {"2008"}                         # the top of the stack
        assert fp.locator('#unitlayer [data-unit="frodo"].hidden-piece.ring-bearer').count() == 1
        assert fp.locator("#unitlayer .hidden-piece .hmark").count() >= 1       # marked HIDDEN
        assert dom_walkers(dp) == {} and dp.locator("#unitlayer .hidden-piece").count() == 0
        # Rivendell as the Dark Power sees it: the Elves there, no walker
        here = units_at(dp, "2008")
        assert here and not set(here) & set(WALKERS), here
        fp.click('#chars-panel summary')
        dp.click('#chars-panel summary')
        ftext, dtext = fp.inner_text("#side"), dp.inner_text("#side")
        assert "only you see where" in ftext
        assert "last seen" in dtext and "only you see where" not in dtext
        for p, name in ((fp, "wr-web-fellowship"), (dp, "wr-web-dark")):
            zoom_to(p, "2008", 700)              # close enough for the counters in full
            p.evaluate("document.querySelector('#message .close') && document.querySelector('#message .close').click()")
            box = p.locator('#hitlayer [data-hex="2008"]').bounding_box()     # the stack viewer on Rivendell
            p.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
            p.wait_for_selector("#hover .hrow")
            path = shot(p, name)
            p.mouse.move(2, 2)
            shutil.copy(path, OUT / f"{name}.png")

        # the Fellowship moves Frodo, hidden, through the page: a click on the stack selects its
        # top counter (the Ring-bearer) and lists the stack; Sam, then Frodo, picked from the list
        fp.locator('#hitlayer [data-hex="2008"]').click(force=True)
        fp.wait_for_function("document.body.dataset.selected === 'frodo'")
        fp.wait_for_selector('#stack:not([hidden]) .stackrow[data-unit="sam"]')
        fp.click('#stack .stackrow[data-unit="sam"]')
        fp.wait_for_function("document.body.dataset.selected === 'sam'")
        fp.click('#stack .stackrow[data-unit="frodo"]')
        fp.wait_for_function("document.body.dataset.selected === 'frodo'")
        fp.wait_for_selector(".dest")
        assert body(fp, "actions") == "2"          # a selection plays nothing
        dark_now = json.dumps(api(server, f"/api/games/{g['id']}", token=g["tokens"]["dark"])["view"])
        dests = fp.evaluate("[...document.querySelectorAll('.dest')].map(e => e.dataset.dest)")
        near = sorted((d for d in dests if d not in dark_now), key=lambda d: abs(int(d[:2]) - 20) + abs(int(d[2:]) - 8))
        to = near[0]
        fp.locator(f'#hitlayer [data-hex="{to}"]').click(force=True)
        fp.wait_for_selector(f'#unitlayer [data-unit="frodo"][data-hex="{to}"]')
        wait_actions(fp, 4)                         # the selection and the move, together
        dp.wait_for_function("Number(document.body.dataset.actions) >= 4")
        assert dom_walkers(dp) == {}
        assert to not in dp.inner_text("#side") and to not in dp.inner_text("#dm-track")
        fp.click("#main-actions button.done")
        dp.wait_for_function("document.body.dataset.toAct === 'dark'")
        dp.wait_for_selector("#main-actions button.done")
        assert dom_walkers(dp) == {}

        # nothing the server sent the Dark Power's page says where the walkers are
        states = wire.states()
        assert len(states) >= 4 and all(s["seat"] == "dark" for s in states)
        for s in states:
            assert not leaks(s), leaks(s)
            assert to not in json.dumps(s["view"]), f"Frodo's hex {to} was sent to the Dark Power"
        for t in wire.texts:
            assert f'"to":"{to}"' not in t.replace(" ", "")
        assert not ferr and not derr, (ferr, derr)
    finally:
        fctx.close()
        dctx.close()


def test_hot_seat_hides_each_side_behind_a_screen_until_its_player_says_so(server: Any, page: Any) -> None:
    g = create(server, system=SYSTEM, seed=3, options={"players": 2})
    page.goto(server.url + g["hotseat"])
    # at once a screen: nothing of either side under it
    page.wait_for_selector("#handover:not([hidden])")
    assert body(page, "cover") == "dark"
    assert page.locator("#unitlayer [data-unit]").count() == 0
    page.click("#handover-go")
    page.wait_for_selector("#main-actions button.pass")
    assert body(page, "seat") == "dark" and dom_walkers(page) == {}
    page.click("#main-actions button.pass")
    # the search on one area, chosen on the Search card's letters
    page.wait_for_selector("#search-panel .area-grid button")
    page.locator("#search-panel .area-grid button", has_text="R").click()
    # the Fellowship's turn: the screen first; under it no counter, no card, no log
    page.wait_for_selector("#handover:not([hidden])")
    assert body(page, "cover") == "fellowship"
    assert page.locator("#unitlayer [data-unit]").count() == 0
    assert page.locator("#game-panels *").count() == 0 and page.locator("#log li").count() == 0
    shot(page, "wr-web-handover")
    page.click("#handover-go")
    page.wait_for_selector("#main-actions button.done")
    assert body(page, "seat") == "fellowship"
    assert set(dom_walkers(page).values()) == {"2008"}
    # the search is over (its card discarded): the panel shows it, resolved, with the area searched
    assert page.inner_text("#search-panel .searched-areas").strip() == "R"
    assert page.locator('#arealayer .area-tint.searched[data-area="R"]').count() > 0
    page.click("#main-actions button.done")
    # the Dark Power's turn: behind the screen the Fellowship's walkers are gone from the page
    page.wait_for_selector("#handover:not([hidden])")
    assert dom_walkers(page) == {} and page.locator("#unitlayer .hidden-piece").count() == 0
    assert "#t=" not in (page.get_attribute("#replay-link", "href") or "")
    page.click("#handover-go")
    page.wait_for_function("document.body.dataset.seat === 'dark'")
    page.wait_for_selector("#unitlayer [data-unit]")
    # the replay link opens the Dark Power's replay only (never the Fellowship's view)
    assert page.get_attribute("#replay-link", "href").endswith("#t=" + g["tokens"]["dark"])
    assert dom_walkers(page) == {} and page.locator("#unitlayer .hidden-piece").count() == 0
    assert "only you see where" not in page.inner_text("#side")


def test_the_lobby_makes_a_three_player_game(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(f'#system option[value="{SYSTEM}"]', state="attached")
    page.select_option("#system", SYSTEM)
    page.wait_for_selector("#opt-players", state="attached")
    page.click("#options-box summary")
    page.select_option("#opt-players", "3")
    page.wait_for_selector("#seat-saruman", state="attached")
    sides = page.evaluate("[...document.querySelectorAll('#seats select[data-side]')].map(s => s.dataset.side)")
    assert sorted(sides) == ["fellowship", "saruman", "sauron"]
    page.fill("#seed", "4")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    assert page.locator("#seat-links a.seat-link").count() == 3
    shot(page, "wr-web-lobby-3p")
    page.click("#play-hotseat")
    page.wait_for_selector("#handover:not([hidden])")
    page.click("#handover-go")
    page.wait_for_selector("#unitlayer [data-unit]")
    assert "3 players" in page.inner_text("#title")
    assert page.locator('#phase-bar [data-code="6"]').count() == 1          # Saruman's player-turn
    seat = body(page, "seat")
    assert seat in ("fellowship", "saruman", "sauron")
    others = page.inner_text("#hand-panel .hint")          # the other two seats' hand sizes
    assert sum(name in others for name in ("Fellowship", "Saruman", "Sauron")) == 2
    assert SHOTS.exists()
