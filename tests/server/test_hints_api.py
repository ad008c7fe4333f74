"""Difficulty levels, hints and post-game analysis through the web app (issue 16, items 2-3).

A level is chosen as a seat ``ai:LEVEL`` and stored with the seat (a reloaded game keeps it);
a hint is for a seat the requester holds, while the game goes on (a finished game has its
analysis instead); the analysis is of finished games only (it reads the true position)."""

from __future__ import annotations

import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ringwar.ai.levels import level_names
from ringwar.server.app import create_app

from .conftest import create, hdr, play, state

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def hclient(db_url: str) -> Any:
    app = create_app(db_url, ai_delay=0.0, hint_think=0.3, ai_level_think=0.2)
    with TestClient(app) as c:
        yield c


def hint(client: Any, gid: str, token: str | None, **body: Any) -> Any:
    return client.post(f"/api/games/{gid}/hint", headers=hdr(token), json=body or None)


def test_levels_are_listed_weakest_first(hclient: Any) -> None:
    got = hclient.get("/api/levels").json()
    assert [lv["name"] for lv in got] == level_names()
    assert all(lv["description"] and lv["agent"] for lv in got)
    assert sum(lv["default"] for lv in got) == 1


def test_a_level_seat_is_stored_and_kept_after_a_reload(db_url: str) -> None:
    app = create_app(db_url, ai_delay=0.0, ai_level_think=0.2)
    with TestClient(app) as c:
        g = create(c, seats={"sauron": "ai:beginner"})
        assert g["seat_kinds"]["sauron"] == "ai:beginner"
        for _ in range(100):           # the beginner is to act first and plays on its own
            if state(c, g["id"])["view"]["to_act"] != "sauron":
                break
            time.sleep(0.05)
        st = state(c, g["id"])
        assert st["seats"]["sauron"] == {"kind": "ai", "agent": "beginner"}
        assert st["version"] > 0
        live = app.state.server.live[g["id"]]
        assert getattr(live.agents["sauron"][0], "level", None) == "beginner"
    app2 = create_app(db_url, ai_delay=0.0, ai_level_think=0.2)   # a new server process
    with TestClient(app2) as c:
        st = state(c, g["id"])
        assert st["seats"]["sauron"] == {"kind": "ai", "agent": "beginner"}


def test_an_unknown_level_is_refused(hclient: Any) -> None:
    r = hclient.post("/api/games", json={"system": "sauron", "seats": {"sauron": "ai:grandmaster"}})
    assert r.status_code == 400 and "levels: beginner" in r.json()["message"]


def test_a_hint_for_the_seat_to_act_suggests_a_legal_action_with_chances(hclient: Any) -> None:
    g = create(hclient)
    tok = g["tokens"]["sauron"]
    st = state(hclient, g["id"], tok)
    r = hint(hclient, g["id"], tok, think=0.2)
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["side"] == "sauron" and h["version"] == st["version"]
    assert h["action"] in st["legal"] and isinstance(h["text"], str) and h["text"]
    assert set(h["chances"]) == {"westernesse", "sauron"}
    assert abs(sum(h["chances"].values()) - 1) < 1e-3
    assert state(hclient, g["id"], tok)["version"] == st["version"]     # nothing was played


def test_a_hint_for_a_seat_not_to_act_gives_chances_only(hclient: Any) -> None:
    g = create(hclient)
    h = hint(hclient, g["id"], g["tokens"]["westernesse"]).json()
    assert h["side"] == "westernesse" and h["action"] is None and h["text"] is None
    assert set(h["chances"]) == {"westernesse", "sauron"}


def test_a_hint_is_refused_to_observers_and_wrong_tokens(hclient: Any) -> None:
    g = create(hclient)
    r = hint(hclient, g["id"], None)
    assert r.status_code == 401 and r.json()["error"] == "no_token"
    r = hint(hclient, g["id"], "x" * 43)
    assert r.status_code == 403 and r.json()["error"] == "bad_token"
    # a seat is only its own side: the westernesse token never gets sauron's suggestion
    h = hint(hclient, g["id"], g["tokens"]["westernesse"]).json()
    assert h["side"] == "westernesse"


def test_a_finished_game_has_no_hint_but_an_analysis(hclient: Any) -> None:
    g = create(hclient)
    gid, toks = g["id"], g["tokens"]
    r = hclient.get(f"/api/games/{gid}/analysis")
    assert r.status_code == 409 and r.json()["error"] == "not_over"
    st = state(hclient, gid, toks["sauron"])
    for _ in range(6):            # a few moves, then the Alliance resigns
        st = state(hclient, gid, toks["sauron"])
        if not st["legal"]:
            break
        play(hclient, gid, toks["sauron"], st["legal"][0], st["version"])
    st = state(hclient, gid, toks["westernesse"])
    assert play(hclient, gid, toks["westernesse"], {"type": "resign"}, st["version"]).status_code == 200
    r = hint(hclient, gid, toks["sauron"])
    assert r.status_code == 409 and r.json()["error"] == "game_over"
    a = hclient.get(f"/api/games/{gid}/analysis?top=3").json()
    assert a["steps"] == len(a["series"]) - 1 and len(a["turning_points"]) <= 3
    # the resignation decided the game: it is the largest swing, in Sauron's favour
    top = a["turning_points"][0]
    assert top["step"] == a["steps"] and top["gainer"] == "sauron"
    assert a["series"][-1]["chances"]["sauron"] == 1.0
