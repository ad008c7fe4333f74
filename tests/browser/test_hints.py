"""Hints, difficulty levels and the post-game analysis in a real browser (issue 16, items
2-3): the Hint button shows the AI's suggestion in the engine's words with each side's
chances; the lobby offers the levels; a finished game's replay shows its turning points."""

from __future__ import annotations

from typing import Any

from .conftest import api, create, shot


def test_the_hint_button_shows_a_suggestion_in_words_and_the_chances(server: Any, page: Any) -> None:
    g = create(server, system="sauron", seed=3)
    tok = g["tokens"]["sauron"]
    st = api(server, f"/api/games/{g['id']}", token=tok)
    assert st["view"]["to_act"] == "sauron"
    page.goto(server.url + g["seats"]["sauron"])
    page.wait_for_selector("#unitlayer [data-unit]")
    assert page.locator("#hint").is_visible()
    page.click("#hint-button")
    page.wait_for_selector("#hint-body .hint-action b", timeout=20_000)
    text = page.locator("#hint-body .hint-action b").inner_text()
    assert text in st["labels"]                    # one of the legal actions, in the engine's words
    chances = page.locator("#hint-body .chance").all_inner_texts()
    assert len(chances) == 2 and all("%" in c for c in chances)
    assert api(server, f"/api/games/{g['id']}")["version"] == st["version"]   # nothing played
    shot(page, "hint")


def test_an_observer_has_no_hint_button(server: Any, page: Any) -> None:
    g = create(server, system="sauron", seed=3)
    page.goto(server.url + g["observer"])
    page.wait_for_selector("#unitlayer [data-unit]")
    assert page.locator("#hint").is_hidden()


def test_the_lobby_offers_the_difficulty_levels(server: Any, page: Any) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#seats select[data-side]")
    values = page.locator("#seats select[data-side] >> nth=0").locator("option").evaluate_all(
        "os => os.map(o => o.value)")
    for level in ("beginner", "standard", "strong"):
        assert f"ai:{level}" in values


def test_a_finished_games_replay_shows_its_turning_points(server: Any, page: Any) -> None:
    g = create(server, system="sauron", seed=3)
    gid, toks = g["id"], g["tokens"]
    st = api(server, f"/api/games/{gid}", token=toks["westernesse"])
    api(server, f"/api/games/{gid}/actions", {"action": {"type": "resign"}, "version": st["version"]},
        token=toks["westernesse"])
    page.goto(server.url + g["replay"])
    page.wait_for_selector("#analysis .turning-points li", timeout=20_000)
    first = page.locator("#analysis .tp-link").first
    assert first.get_attribute("data-step") == "1"       # the resignation decided the game
    first.click()
    page.wait_for_function("document.body.dataset.step === '1'")
    assert "After step 1" in page.locator("#analysis-body .analysis-now").inner_text()
    assert page.locator("#analysis .chance-line polyline").count() == 1
    shot(page, "analysis")
