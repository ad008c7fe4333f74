"""The browser's replay page in the leak scan (issue 14, item 1): stepping through Gondor's
set-up as Sauron's seat and as an observer, no page ever says which Cauldron is real or a
dummy [16.71]; Westernesse's own replay does."""

from __future__ import annotations

import re
from typing import Any

import ringwar

from .conftest import api, shot

SECRET = re.compile(r"\breal\b|\bdumm(y|ies)\b", re.IGNORECASE)


def gondor_set_up(server: Any) -> tuple[dict[str, Any], int]:
    """A Gondor game played through the placing of every Cauldron (real and dummy)."""
    g = api(server, "/api/games", {"system": "gondor", "seed": 5})
    ref = ringwar.new_game("gondor", seed=5)
    placed = 0
    for _ in range(500):
        side = ref.to_act
        st = api(server, f"/api/games/{g['id']}", token=g["tokens"][side])
        legal = st["legal"]
        cauldrons = [a for a in legal if a["type"] == "place" and "real" in a]
        sel = [a for a in legal if a["type"] == "select" and a.get("unit", "").startswith("cauldron")]
        a = cauldrons[placed % len(cauldrons)] if cauldrons else (sel or legal)[0]
        api(server, f"/api/games/{g['id']}/actions", {"action": a, "version": st["version"]},
            token=g["tokens"][side])
        ref.apply(a)
        if cauldrons:
            placed += 1
            if placed == 6:
                break
    assert placed == 6
    return g, len(ref.record.actions)


def step_through(page: Any, url: str, steps: int, name: str) -> list[str]:
    page.goto("about:blank")      # a new hash alone would not load the page again
    page.goto(url)
    page.wait_for_function("document.body.dataset.step === '0'")
    texts = []
    for n in range(1, steps + 1):
        page.click("#r-next")
        page.wait_for_function(f"document.body.dataset.step === '{n}'")
        texts.append(page.locator("body").inner_text())
        if n == steps:
            shot(page, name)
    return texts


def test_the_replay_page_never_shows_sauron_or_an_observer_a_cauldrons_secret(server: Any,
                                                                              page: Any) -> None:
    g, steps = gondor_set_up(server)
    gid, toks = g["id"], g["tokens"]
    for who, url in (("sauron", f"{server.url}/replay/{gid}#t={toks['sauron']}"),
                     ("observer", f"{server.url}/replay/{gid}")):
        for n, text in enumerate(step_through(page, url, steps, f"replay-leak-{who}"), 1):
            m = SECRET.search(text)
            assert m is None, f"{who}, replay step {n}: the page says {text[max(0, m.start() - 80):m.end() + 40]!r}"
    # the owner of the secret sees it in its own replay
    texts = step_through(page, f"{server.url}/replay/{gid}#t={toks['westernesse']}", steps,
                         "replay-leak-westernesse")
    assert any(SECRET.search(t) for t in texts)
