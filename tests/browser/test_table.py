"""A game played on a table in inches (a view with ``"board": "table"``), in the browser: the
table drawn to scale, the set-up ended, a card turned, a unit selected with its menu, moved by
dragging it and by clicking one of its menu's outlines, an illegal drag refused with its rule,
a game well under way, and a game against the AI from the lobby."""

from __future__ import annotations

import math
import random
import shutil
from pathlib import Path
from typing import Any

import ringwar

from .conftest import api, create, imported, shot

SYSTEM = "minas-tirith"
OUT = Path("/work")      # the screenshots asked for (mt-web-*.png), besides the usual ones


def snap(page: Any, name: str) -> None:
    path = shot(page, name)
    if OUT.is_dir():
        shutil.copy(path, OUT / f"{name}.png")


def actions(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.actions || 0)"))


def wait_actions(page: Any, n: int, timeout: float = 15_000) -> None:
    page.wait_for_function(f"Number(document.body.dataset.actions) >= {n}", timeout=timeout)


def screen(page: Any, x: float, y: float) -> tuple[float, float]:
    """Where the table's point (x, y) inches is on the screen."""
    return tuple(page.evaluate("""([x, y]) => { const s = document.querySelector('#board');
        const h = document.querySelector('#tbg') ? 108 : 0; const p = s.createSVGPoint();
        p.x = x; p.y = h - y; const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }""",
                               [x, y]))


def click_along(page: Any, selector: str, t: float) -> None:
    """Click a line of the board at the fraction ``t`` of its length (ends overlap less)."""
    x, y = page.evaluate("""([sel, t]) => { const l = document.querySelector(sel), s = document.querySelector('#board');
        const p = s.createSVGPoint(), a = (k) => Number(l.getAttribute(k));
        p.x = a('x1') + (a('x2') - a('x1')) * t; p.y = a('y1') + (a('y2') - a('y1')) * t;
        const q = p.matrixTransform(s.getScreenCTM()); return [q.x, q.y]; }""", [selector, t])
    page.mouse.click(x, y)


def unit(server: Any, gid: str, uid: str) -> dict[str, Any]:
    view = api(server, f"/api/games/{gid}")["view"]
    return next(u for u in view["units"] if u["id"] == uid)


def drag_forward(page: Any, u: dict[str, Any], inches: float) -> None:
    """Drag a unit straight ahead by ``inches`` (pressing on its centre)."""
    a = screen(page, u["x"], u["y"])
    h = math.radians(u["heading"])
    b = screen(page, u["x"] + inches * math.cos(h), u["y"] + inches * math.sin(h))
    page.mouse.move(*a)
    page.mouse.down()
    for i in range(1, 13):
        page.mouse.move(a[0] + (b[0] - a[0]) * i / 12, a[1] + (b[1] - a[1]) * i / 12)
        page.wait_for_timeout(15)
    page.wait_for_function("document.querySelector('#ruler-text') !== null")
    page.wait_for_timeout(300)     # the engine's preview of the move (cost, allowance)
    page.mouse.up()


def test_table_hotseat_setup_card_select_drag_and_refusal(server: Any, page: Any) -> None:
    g = create(server, system=SYSTEM, seed=1)
    page.goto(server.url + g["hotseat"])
    page.wait_for_selector("#tpieces [data-unit]")
    assert page.evaluate("document.body.dataset.board") == "table"
    # the static table under the live layers, to scale: 144 inches across
    assert page.locator("#tbg polygon").count() > 20
    assert page.locator("#tgates [data-gate]").count() == 7
    snap(page, "mt-web-start")
    # the set-up: both sides say they are done, through the page
    page.click("#main-actions button.deploy_done")
    wait_actions(page, 1)
    page.click("#main-actions button.deploy_done")
    wait_actions(page, 2)
    assert "Turn 1" in page.inner_text("#phase-bar")
    # the side with the impetus turns a card: its name shows, the log cites the rules
    pips = page.inner_text("#status-body")
    assert "impetus" in pips and "phase pool" in pips
    page.click("#main-actions button.turn_card")
    wait_actions(page, 3)
    assert "Infantry Move" in page.inner_text("#status-body .decks")
    assert "[MT §5.1]" in page.inner_text("#log")
    # a click on a unit that may act selects it (nothing is played): its menu, its moves' outlines
    page.locator('#tpieces [data-unit="M2"] .body').click()
    page.wait_for_selector("#focus-box .menu button.move")
    assert actions(page) == 3
    assert page.locator("#tghosts .ghost.move").count() >= 5
    assert page.locator('#tpieces [data-unit="M2"].selected').count() == 1
    page.locator('#tpieces [data-unit="M2"] .body').hover()
    page.wait_for_selector("#tarc .arc")
    snap(page, "mt-web-selected")
    # dragged 3 inches ahead: the ruler says the cost and the allowance; released, it moves
    u = unit(server, g["id"], "M2")
    log_before = page.locator("#log li").count()
    a = screen(page, u["x"], u["y"])
    drag_forward(page, u, 3.0)
    wait_actions(page, 5)          # the selection and the move, both or neither
    moved = unit(server, g["id"], "M2")
    assert 2.0 < math.hypot(moved["x"] - u["x"], moved["y"] - u["y"]) < 4.0
    assert abs(moved["heading"] - u["heading"]) < 0.5
    page.wait_for_function(f"document.querySelectorAll('#log li').length > {log_before}")
    assert "[MT §7.1]" in page.inner_text("#log")
    assert a != screen(page, moved["x"], moved["y"])
    # another unit, moved by clicking one of its menu's outlines (6 inches ahead)
    u4 = unit(server, g["id"], "M4")
    page.locator('#tpieces [data-unit="M4"] .body').click()
    page.wait_for_selector('#tghosts .ghost.move[data-path="m0:6"]')
    click_along(page, '#tghosts .ghost.move[data-path="m0:6"] .ghit', 0.2)
    wait_actions(page, 7)
    m4 = unit(server, g["id"], "M4")
    assert abs(math.hypot(m4["x"] - u4["x"], m4["y"] - u4["y"]) - 6.0) < 0.05
    # an illegal drag (much farther than the allowance): the engine's refusal, over the board
    u3 = unit(server, g["id"], "M3")
    page.locator('#tpieces [data-unit="M3"] .body').click()
    page.wait_for_selector("#focus-box .menu button.move")
    n = actions(page)
    drag_forward(page, u3, 20.0)
    page.wait_for_selector("#message.error")
    assert "[MT §" in page.inner_text("#message")
    assert actions(page) == n
    snap(page, "mt-web-refused")


def random_game(seed: int = 4, steps: int = 400) -> Any:
    """A game played at random (moves, fire and charges preferred) for ``steps`` actions."""
    g = ringwar.new_game(SYSTEM, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.result is not None:
            break
        la = g.legal_actions()
        busy = [a for a in la if a["type"] not in ("pass", "bank", "hold", "react_done")]
        g.apply(rng.choice(busy or la))
    return g


def test_table_mid_game_reads_and_plays_on(server: Any, page: Any) -> None:
    g = random_game()
    out = imported(server, g)
    page.goto(server.url + out["hotseat"])
    page.wait_for_selector("#tpieces [data-unit]")
    assert page.locator("#log li.ev").count() >= 10
    assert page.locator("#log .rule").first.inner_text().startswith("[MT §")
    assert page.locator("#log .dice").count() >= 1
    snap(page, "mt-web-midgame")
    # zoomed in with the wheel over the city's gate: the labels keep their size on the screen
    x, y = screen(page, 48, 48)
    page.mouse.move(x, y)
    for _ in range(6):
        page.mouse.wheel(0, -120)
        page.wait_for_timeout(30)
    page.mouse.move(2, 2)
    snap(page, "mt-web-midgame-zoomed")
    # and it plays on: the first legal decision shown, taken
    n = actions(page)
    page.locator("#main-actions button, #focus-box button.chip, #focus-box .menu button").first.click()
    page.wait_for_function(f"Number(document.body.dataset.actions) > {n} || "
                           "document.querySelector('#focus-box .menu button') !== null", timeout=15_000)


def test_table_game_against_the_ai_from_the_lobby(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector(f"#system option[value={SYSTEM}]", state="attached")
    page.select_option("#system", SYSTEM)
    page.wait_for_selector("#seat-dark-lord", state="attached")
    page.select_option("#seat-dark-lord", "ai:random")
    page.fill("#seed", "3")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#play-hotseat")
    page.wait_for_url("**/play/**")
    page.wait_for_selector("#tpieces [data-unit]")
    page.click("#main-actions button.deploy_done")
    # the AI sets up and plays its Rounds; then it is the West's turn again, or the game goes on
    page.wait_for_function("Number(document.body.dataset.actions) >= 4", timeout=60_000)
    page.wait_for_function("document.body.dataset.toAct === 'west' || document.body.dataset.over === '1'",
                           timeout=60_000)
    snap(page, "mt-web-vs-ai")
    assert page.locator("#log li.ev").count() > 3


def test_no_action_button_is_made_unclickable_by_a_style_meant_for_the_picture(server: Any, page: Any) -> None:
    # a button's classes are "act" and its action's type: a style for the table's fire
    # markers (".fire") once made "shoot at ..." buttons ignore the mouse (found in a new-user
    # trial).  Every action type of every game, as a button in the side panel, takes clicks.
    types: set[str] = set()
    for system in ringwar.available_systems():
        g = ringwar.new_game(system, seed=1)
        rng = random.Random(1)
        for _ in range(300):
            if g.result is not None:
                break
            la = g.legal_actions()
            types.update(a["type"] for a in la)
            g.apply(rng.choice(la))
    assert {"fire", "move", "declare"} <= types
    out = imported(server, random_game(steps=40))
    page.goto(server.url + out["hotseat"])
    page.wait_for_selector("#tpieces [data-unit]")
    dead = page.evaluate("""(types) => {
        const box = document.querySelector('#main-actions'), out = [];
        for (const t of types) {
            const b = document.createElement('button');
            b.className = 'act ' + t; b.textContent = t; box.appendChild(b);
            if (getComputedStyle(b).pointerEvents === 'none') out.push(t);
            b.remove();
        }
        return out;
    }""", sorted(types))
    assert dead == []
