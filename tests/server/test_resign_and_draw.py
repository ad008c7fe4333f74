"""Resigning and agreeing a draw through the web app (issue 14, item 12): recorded actions
any playing seat may take at any time, refused to observers and for another seat, shown in
states, logs, the lobby and replays; AI seats decline draw offers."""

from __future__ import annotations

import time
from typing import Any

import pytest

import ringwar

from .conftest import create, hdr, play, state

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def test_each_seat_is_offered_resign_and_a_draw_whoever_is_to_act(client: Any) -> None:
    g = create(client)
    for side, tok in g["tokens"].items():
        st = state(client, g["id"], tok)
        assert {"type": "resign", "side": side} in st["meta"]
        assert {"type": "offer_draw", "side": side} in st["meta"]
    assert state(client, g["id"])["meta"] == []             # an observer: nothing


def test_a_seat_that_is_not_to_act_may_resign(client: Any) -> None:
    g = create(client)
    gid, toks = g["id"], g["tokens"]
    st = state(client, gid, toks["westernesse"])
    assert st["view"]["to_act"] == "sauron"
    r = play(client, gid, toks["westernesse"], {"type": "resign"}, st["version"])
    assert r.status_code == 200, r.text
    res = r.json()["state"]["view"]["result"]
    assert res["level"] == "resignation" and res["winner"] == "sauron" and res["resigned"] == "westernesse"
    assert any(e["type"] == "resign" for e in r.json()["events"])
    # it is recorded, in the log, the lobby, the export and the replay
    rec = client.get(f"/api/games/{gid}/record").json()
    assert rec["actions"][-1] == {"type": "resign", "side": "westernesse"} and rec["version"] == 2
    assert ringwar.replay(rec).result["level"] == "resignation"
    assert client.get(f"/api/games/{gid}/log").json()["log"][-1]["type"] == "resign"
    listed = {x["id"]: x for x in client.get("/api/games").json()}[gid]
    assert listed["result"]["level"] == "resignation"
    step = client.get(f"/api/games/{gid}/replay/1").json()
    assert step["action"]["type"] == "resign" and "resign" in step["action_text"]
    # nothing more may be played
    r = play(client, gid, toks["sauron"], {"type": "end"}, r.json()["state"]["version"])
    assert r.status_code == 409


def test_observers_and_other_seats_may_not_resign(client: Any) -> None:
    g = create(client)
    gid, toks = g["id"], g["tokens"]
    r = client.post(f"/api/games/{gid}/actions", json={"action": {"type": "resign"}, "version": 0})
    assert r.status_code == 401
    r = play(client, gid, toks["westernesse"], {"type": "resign", "side": "sauron"}, 0)
    assert r.status_code == 403 and "your seat plays westernesse" in r.json()["message"]
    r = play(client, gid, "x" * 43, {"type": "resign"}, 0)
    assert r.status_code == 403
    assert state(client, gid)["view"]["result"] is None


def test_a_draw_is_offered_then_declined_or_accepted(client: Any) -> None:
    g = create(client)
    gid, toks = g["id"], g["tokens"]
    r = play(client, gid, toks["westernesse"], {"type": "offer_draw"}, 0)
    assert r.status_code == 200
    st = state(client, gid, toks["sauron"])
    assert st["view"]["draw_offer"] == {"by": "westernesse", "accepted": []}
    assert {"type": "accept_draw", "side": "sauron"} in st["meta"]
    assert not any(m["type"] == "accept_draw" for m in state(client, gid, toks["westernesse"])["meta"])
    r = play(client, gid, toks["sauron"], {"type": "decline_draw"}, st["version"])
    assert r.status_code == 200 and r.json()["state"]["view"]["draw_offer"] is None
    # a second offer, accepted: the game is drawn by agreement
    v = r.json()["state"]["version"]
    assert play(client, gid, toks["sauron"], {"type": "offer_draw"}, v).status_code == 200
    r = play(client, gid, toks["westernesse"], {"type": "accept_draw"}, v + 1)
    assert r.status_code == 200
    res = r.json()["state"]["view"]["result"]
    assert res["level"] == "draw" and res["winner"] is None and res["agreed"]
    # answering an offer nobody made is refused, with the reason
    g2 = create(client)
    r = play(client, g2["id"], g2["tokens"]["sauron"], {"type": "accept_draw"}, 0)
    assert r.status_code == 422 and "no draw has been offered" in r.json()["message"]


def test_an_ai_seat_declines_a_draw(client: Any) -> None:
    g = create(client, seats={"sauron": "ai:random"})
    gid, tok = g["id"], g["tokens"]["westernesse"]
    for _ in range(200):   # wait until it is the human's turn (the AI plays its own)
        st = state(client, gid, tok)
        if st["view"]["to_act"] == "westernesse":
            break
        time.sleep(0.02)
    r = play(client, gid, tok, {"type": "offer_draw"}, st["version"])
    assert r.status_code == 200
    for _ in range(200):
        log = client.get(f"/api/games/{gid}/log").json()["log"]
        if any(e["type"] == "decline_draw" for e in log):
            break
        time.sleep(0.02)
    assert any(e["type"] == "decline_draw" and e["side"] == "sauron" for e in log)
    assert state(client, gid, tok)["view"]["result"] is None


def test_a_resignation_cannot_be_undone(client: Any) -> None:
    g = create(client)
    gid, tok = g["id"], g["tokens"]["sauron"]
    assert play(client, gid, tok, {"type": "resign"}, 0).status_code == 200
    r = client.post(f"/api/games/{gid}/undo", headers=hdr(tok), json={"version": 1})
    assert r.status_code == 409
