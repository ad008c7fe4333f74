"""The web app in a real browser: hot-seat play by clicking, an attack with its odds, phases
ended through a whole game turn, a game against the AI, two online seats in two browsers,
a replay stepped through, export of the record."""

from __future__ import annotations

import json
import random
import time
from typing import Any

import ringwar

from .conftest import api, click_unit, imported, open_fire_odds, shot, zoom_to

MELEE_SETUP = {"place": [{"id": "warg1", "hex": "1324"}, {"id": "men1", "hex": "1323"},
                         {"id": "orc_archer1", "hex": "1325"}],
               "clear": True, "turn": 3, "phase": "D"}


def click_end(page: Any, tries: int = 10) -> None:
    """Click the phase's end button; on a loaded machine a re-render may replace it mid-click,
    so try again a few times rather than wait once for 30 s."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for _ in range(tries - 1):
        try:
            page.click("#main-actions button.end", timeout=3000)
            return
        except PlaywrightTimeout:
            continue
    page.click("#main-actions button.end")


def body(page: Any, key: str) -> str:
    return page.evaluate(f"document.body.dataset.{key}") or ""


def wait_actions(page: Any, n: int, timeout: float = 10_000) -> None:
    page.wait_for_function(f"Number(document.body.dataset.actions) >= {n}", timeout=timeout)


def empty_dest(page: Any) -> str:
    """A highlighted destination hex with no counter in it."""
    return page.evaluate("""() => {
        const full = new Set([...document.querySelectorAll('#unitlayer [data-unit]')].map(e => e.dataset.hex));
        const d = [...document.querySelectorAll('.dest')].map(e => e.dataset.dest).filter(h => !full.has(h));
        return d[Math.floor(d.length / 2)];
    }""")


def click_hex(page: Any, hx: str) -> None:
    page.locator(f'#hitlayer [data-hex="{hx}"]').click()


def click_any_decision(page: Any) -> None:
    """End the phase if possible, else make the first legal decision (from the list of all
    legal actions, opened as a player would)."""
    for sel in ("#main-actions button.end", "#main-actions button.resolve"):
        b = page.locator(sel)
        if b.count():
            b.first.click()
            return
    page.locator("#all-actions > summary").click() if not page.evaluate(
        "document.querySelector('#all-actions').open") else None
    group = page.locator("#legal-list details").first
    if not group.evaluate("e => e.open"):
        group.locator("summary").click()
    btn = group.locator("button").first
    btn.click()
    if page.locator("#confirm").is_visible():
        page.locator("#commit").click()


# ----- hot-seat: lobby, moving by clicking, illegal attempt, undo, a whole game turn ---------------
def test_hotseat_move_illegal_undo_and_a_full_turn(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#system option[value=sauron]", state="attached")
    page.fill("#seed", "7")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    shot(page, "01-lobby-created")
    page.click("#play-hotseat")
    page.wait_for_selector("#unitlayer [data-unit]")
    assert body(page, "toAct") == "sauron" and body(page, "turn") == "1"
    shot(page, "02-board-start")

    # click a unit: its destinations light up (what the engine says the selection offers; the
    # selection itself is not played); click a hex: selection and move are played together
    click_unit(page, "goblin1")
    page.wait_for_selector(".dest")
    assert page.locator(".dest").count() > 3
    assert body(page, "actions") == "0"
    zoom_to(page, "0721", 800)
    shot(page, "03-destinations")
    dest = empty_dest(page)
    click_hex(page, dest)
    wait_actions(page, 2)
    page.wait_for_selector(f'#unitlayer [data-unit="goblin1"][data-hex="{dest}"]')

    # an illegal attempt: the engine's message with its rule case, over the board
    click_unit(page, "goblin2")
    page.wait_for_selector(".dest")
    page.click("#zoom-fit")
    click_hex(page, "0101")
    page.wait_for_selector("#message.error")
    msg = page.locator("#message").inner_text()
    assert msg.startswith("illegal: [") and "]" in msg, msg
    assert body(page, "actions") == "2"
    shot(page, "04-illegal")

    # undo takes the move back, with the selection that came with it
    page.click("#undo")
    page.wait_for_function("Number(document.body.dataset.actions) == 0")

    # play on (ending phases, taking any decision asked) through a whole game turn
    for _ in range(200):
        if body(page, "turn") == "2":
            break
        n = int(body(page, "actions"))
        click_any_decision(page)
        page.wait_for_function(f"Number(document.body.dataset.actions) != {n}", timeout=10_000)
    assert body(page, "turn") == "2", "did not reach game turn 2"
    shot(page, "05-turn-2")
    log = page.locator("#log li").all_inner_texts()
    assert any("[3.0]" in x for x in log)

    # export the record (PBEM) from the page
    with page.expect_download() as dl:
        page.click("#export")
    rec = json.loads(open(dl.value.path()).read())
    assert rec["format"] == "ringwar-record" and len(rec["actions"]) == int(body(page, "actions"))


# ----- an attack: odds before committing, then the dice in the log --------------------------------
def test_attack_shows_odds_then_resolves(server: Any, page: Any) -> None:
    g = imported(server, ringwar.new_game("sauron", seed=3, setup=MELEE_SETUP))
    # missile fire: select the archers, click the target, see the odds, commit
    open_fire_odds(page, server.url + g["hotseat"])
    odds = page.locator("#confirm table.odds tr").all_inner_texts()
    assert len(odds) >= 2 and all("%" in r for r in odds)
    shot(page, "06-fire-odds")
    page.click("#commit")
    wait_actions(page, 1)
    page.wait_for_selector("#log .dice")
    # melee: declare the attack (odds again), then resolve
    click_unit(page, "warg1")
    page.wait_for_selector('#unitlayer [data-unit="men1"].target')
    click_unit(page, "men1")
    page.wait_for_selector("#confirm:not([hidden]) table.odds")
    shot(page, "07-melee-odds")
    page.click("#commit")
    wait_actions(page, 2)
    page.click("#main-actions button.resolve")
    wait_actions(page, 3)
    log = page.locator("#log").inner_text()
    assert "melee" in log and "[7.4" in log
    shot(page, "08-after-melee")


# ----- against the AI ----------------------------------------------------------------------------
def test_play_against_the_ai(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seat-sauron", state="attached")
    page.select_option("#seat-sauron", "ai:random")
    page.fill("#seed", "5")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#play-hotseat")
    page.wait_for_url("**/play/**")
    # the AI (Sauron) plays its phases on its own, then it is Westernesse's turn (the body is
    # not there for a moment while the page loads)
    page.wait_for_function("document.body && document.body.dataset.toAct === 'westernesse'",
                           timeout=30_000)
    assert int(body(page, "actions")) > 0
    assert body(page, "seat") == "westernesse"
    shot(page, "09-vs-ai")
    n = int(body(page, "actions"))
    page.click("#main-actions button.end")
    page.wait_for_function(f"Number(document.body.dataset.actions) > {n}", timeout=10_000)


# ----- online: two seats in two browsers see each other's moves -------------------------------------
def test_two_online_seats_see_each_others_moves(server: Any, browser: Any) -> None:
    g = api(server, "/api/games", {"system": "sauron", "seed": 9})
    pages = []
    for side in ("sauron", "westernesse"):
        ctx = browser.new_context(viewport={"width": 1200, "height": 800})
        p = ctx.new_page()
        p.goto(server.url + g["seats"][side])
        p.wait_for_selector("#unitlayer [data-unit]")
        pages.append(p)
    sp, wp = pages
    assert body(sp, "seat") == "sauron" and body(wp, "seat") == "westernesse"
    assert "Waiting for sauron" in wp.locator("#prompt").inner_text()
    click_unit(sp, "warg1")
    sp.wait_for_selector(".dest")
    dest = empty_dest(sp)
    click_hex(sp, dest)
    t0 = time.time()
    wp.wait_for_selector(f'#unitlayer [data-unit="warg1"][data-hex="{dest}"]', timeout=1000)
    assert time.time() - t0 < 1.0
    shot(wp, "10-westernesse-sees-the-move")
    # westernesse may not act in sauron's phase: no decisions offered
    assert wp.locator("#main-actions button").count() == 0
    n = int(body(sp, "actions"))
    click_end(sp)
    # the end is played before the page is looked at again (else a stale End would be clicked)
    sp.wait_for_function(f"Number(document.body.dataset.actions) > {n}")
    # Sauron's combat phase: if nothing to fight, sauron ends it, and so on, until westernesse acts
    for _ in range(20):
        if body(wp, "toAct") == "westernesse":
            break
        if body(sp, "toAct") == "sauron" and sp.locator("#main-actions button.end").count():
            n = int(body(sp, "actions"))
            click_end(sp)
            sp.wait_for_function(f"Number(document.body.dataset.actions) > {n}")
        wp.wait_for_timeout(200)
    wp.wait_for_function("document.body.dataset.toAct === 'westernesse'", timeout=5000)
    wp.wait_for_selector("#main-actions button.end")
    n = int(body(wp, "actions"))
    click_end(wp)
    sp.wait_for_function(f"Number(document.body.dataset.actions) > {n}", timeout=1000)
    shot(sp, "11-sauron-sees-westernesse")
    for p in pages:
        p.context.close()


# ----- a replay stepped through --------------------------------------------------------------------------
def test_replay_of_a_finished_game(server: Any, page: Any) -> None:
    game = ringwar.new_game("sauron", seed=21)
    rng = random.Random(2)
    while game.result is None:
        game.apply(rng.choice(game.legal_actions()))
    g = api(server, "/api/games", {"record": game.save()})
    total = len(game.record.actions)
    page.goto(server.url + g["replay"])
    page.wait_for_function("document.body.dataset.step === '0'")
    for _ in range(3):
        s = int(body(page, "step"))
        page.click("#r-next")
        page.wait_for_function(f"document.body.dataset.step === '{s + 1}'")
    page.click("#r-prev")
    page.wait_for_function("document.body.dataset.step === '2'")
    page.click("#r-last")
    page.wait_for_function(f"document.body.dataset.step === '{total}'")
    assert body(page, "over") == "1"
    assert "Victory" in page.locator("#phase-bar").inner_text() or page.locator("#phase-bar .result").count()
    shot(page, "12-replay-end")
    page.locator("#r-slider").fill(str(total // 2))
    page.wait_for_function(f"document.body.dataset.step === '{total // 2}'")
    page.select_option("#r-side", "sauron")
    page.wait_for_function(f"document.body.dataset.step === '{total // 2}'")
    shot(page, "13-replay-middle")


# ----- the lobby's options ------------------------------------------------------------------------------
def test_lobby_creates_a_gondor_game_with_default_and_changed_options(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#system option[value=gondor]", state="attached")
    page.select_option("#system", "gondor")
    page.wait_for_selector("#opt-rohan_roll", state="attached")
    # an option whose default is the scenario's value is left empty (placeholder: what null means)
    assert page.input_value("#opt-rohan_roll") == ""
    assert page.get_attribute("#opt-rohan_roll", "placeholder") == "the scenario's"
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    first = page.text_content("#created-id")
    assert api(server, f"/api/games/{first}")["options"].get("rohan_roll") is None
    page.click("#options-box summary")                      # the options are folded away
    page.fill("#opt-rohan_roll", "4")
    page.click("#create")
    page.wait_for_function(f"document.querySelector('#created-id').textContent !== {json.dumps(first)}")
    second = page.text_content("#created-id")
    assert api(server, f"/api/games/{second}")["options"]["rohan_roll"] == 4
    shot(page, "12-lobby-gondor-options")


def test_lobby_offers_the_two_player_seats_of_the_battle_of_the_ring(server: Any, page: Any) -> None:
    """The sides follow the players option (the server lists them per choice): an AI seat for
    the two-player Alliance is accepted."""
    page.goto(server.url + "/")
    page.wait_for_selector("#system option[value=battle-of-the-ring]", state="attached")
    page.select_option("#system", "battle-of-the-ring")
    page.wait_for_selector("#seat-saruman", state="attached")
    page.click("#options-box summary")
    page.select_option("#opt-players", "2")
    page.wait_for_selector("#seat-evil", state="attached")
    assert page.locator("#seat-saruman").count() == 0
    page.select_option("#seat-alliance", "ai:random")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    gid = page.text_content("#created-id")
    st = api(server, f"/api/games/{gid}")
    assert st["seats"]["alliance"]["kind"] == "ai" and set(st["seats"]) == {"evil", "alliance"}
    m = api(server, f"/api/games/{gid}/map")
    assert {"sauron", "saruman", "evil", "alliance"} <= set(m["sides"])   # every piece has its colours
