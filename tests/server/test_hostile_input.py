"""What a hostile client found (issue 14, items 6-8): out-of-range seeds, undecodable text,
options outside their range, raw set-ups, and tokens in URLs.  Each is a clear 4xx (never a
500), changes nothing, and no token is ever written to a log line."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest

from .conftest import create, hdr, play, state

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.mark.parametrize("seed", [2**63, 2**64 + 5, -1, 10**30])
def test_a_seed_out_of_range_is_a_clear_4xx(client: Any, seed: int) -> None:
    r = client.post("/api/games", json={"system": "sauron", "seed": seed})
    assert r.status_code == 422, r.text
    assert "seed" in r.json()["message"]
    assert client.get("/api/games").json() == []          # nothing was created
    # and the server is still there (the 500 used to drop the connection)
    assert client.get("/healthz").text == "ok"


def test_the_largest_seed_is_stored_and_replays(client: Any) -> None:
    g = create(client, seed=2**63 - 1)
    st = state(client, g["id"], g["tokens"]["sauron"])
    assert play(client, g["id"], g["tokens"]["sauron"], st["legal"][0], 0).status_code == 200
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["seed"] == 2**63 - 1


def raw_post(client: Any, url: str, body: str, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **hdr(token)}
    return client.post(url, content=body.encode("ascii"), headers=headers)


@pytest.mark.parametrize("where", ["type", "unit", "key"])
def test_a_lone_surrogate_in_an_action_is_refused_clearly(client: Any, where: str) -> None:
    g = create(client)
    gid, tok = g["id"], g["tokens"]["sauron"]
    before = state(client, gid)
    action = {"type": "select", "unit": "warg1"}
    if where == "key":
        body = '{"action": {"type": "end", "\\ud800": 1}, "version": 0}'
    else:
        action[where] = "\\ud800"
        body = json.dumps({"action": action, "version": 0}).replace("\\\\ud800", "\\ud800")
    r = raw_post(client, f"/api/games/{gid}/actions", body, tok)
    assert r.status_code == 422, r.text
    msg = r.json()["message"]
    assert "illegal" in msg or "valid text" in msg
    after = state(client, gid)
    assert after["version"] == before["version"] and after["view"] == before["view"]


def test_a_lone_surrogate_anywhere_else_is_a_4xx(client: Any) -> None:
    for body in ('{"system": "\\ud800"}', '{"system": "sauron", "seats": {"\\ud800": "human"}}',
                 '{"system": "sauron", "options": {"\\ud800": 1}}',
                 '{"system": "sauron", "scenario": "\\udfff"}'):
        r = raw_post(client, "/api/games", body)
        assert 400 <= r.status_code < 500, (body, r.status_code, r.text)
        assert r.json()["message"]


@pytest.mark.parametrize("system, options, words", [
    ("sauron", {"reinforcement_delay": -100}, "from -18 to 18"),
    ("sauron", {"reinforcement_delay": 10**9}, "from -18 to 18"),
    ("sauron", {"reinforcement_delay": 1.5}, "whole number"),
    ("sauron", {"errata_7_37": "yes"}, "true/false"),
    ("gondor", {"rohan_roll": 0}, "from 1 to 7"),
    ("gondor", {"rohan_turn": 99}, "from 1 to 16"),
    ("battle-of-the-ring", {"players": 4}, "2 or 3"),
])
def test_options_outside_their_range_are_refused(client: Any, system: str,
                                                 options: dict[str, Any], words: str) -> None:
    r = client.post("/api/games", json={"system": system, "options": options})
    assert r.status_code == 400, r.text
    assert words in r.json()["message"] and next(iter(options)) in r.json()["message"]


def test_the_systems_describe_their_options_types_and_ranges(client: Any) -> None:
    systems = {s["name"]: s for s in client.get("/api/systems").json()}
    delay = systems["sauron"]["options"]["reinforcement_delay"]
    assert delay["type"] == "int" and delay["min"] == -18 and delay["max"] == 18
    assert systems["sauron"]["options"]["errata_7_37"]["type"] == "bool"
    assert systems["battle-of-the-ring"]["options"]["players"]["choices"] == [2, 3]


def test_an_unknown_setup_payload_is_refused(client: Any) -> None:
    for setup in ({"teleport": "everyone"}, {"place": "nowhere"}, {"place": [{"id": 1}]}):
        r = client.post("/api/games", json={"system": "sauron", "setup": setup})
        assert r.status_code == 400, (setup, r.text)
    r = client.post("/api/games", json={"system": "battle-of-the-ring", "setup": {"x": 1}})
    assert r.status_code == 400 and "starting position" in r.json()["message"]
    assert client.get("/api/games").json() == []


def test_tokens_are_never_read_from_urls(client: Any) -> None:
    g = create(client)
    gid, tok = g["id"], g["tokens"]["sauron"]
    # a token in the query string opens nothing: the request is an observer's
    st = client.get(f"/api/games/{gid}?token={tok}").json()
    assert st["seat"] is None and st["legal"] == []
    r = client.post(f"/api/games/{gid}/actions?token={tok}", json={"action": {"type": "end"}, "version": 0})
    assert r.status_code == 401
    with client.websocket_connect(f"/api/games/{gid}/ws?token={tok}") as ws:
        ws.send_json({"type": "hello"})
        assert ws.receive_json()["seat"] is None


def test_a_socket_must_say_hello_first(client: Any) -> None:
    g = create(client)
    with client.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        ws.send_text("ping")
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["error"] == "no_hello"
    with client.websocket_connect(f"/api/games/{g['id']}/ws") as ws:
        ws.send_json({"type": "hello", "token": g["tokens"]["sauron"]})
        assert ws.receive_json()["seat"] == "sauron"


def test_no_token_in_any_log_line(client: Any, caplog: Any) -> None:
    """Tokens never travel in a URL, so the access log cannot print one; and no log line of
    ours holds one either."""
    caplog.set_level(logging.DEBUG)
    g = create(client)
    gid, toks = g["id"], g["tokens"]
    for side, tok in toks.items():
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.send_json({"type": "hello", "token": tok})
            assert ws.receive_json()["seat"] == side
        state(client, gid, tok)
    for tok in toks.values():
        assert tok not in caplog.text


def test_a_token_in_a_url_is_blanked_in_the_access_log(client: Any, caplog: Any) -> None:
    """Defence in depth: were a hand-written client to put a token in a URL, the access log
    line (uvicorn's format: client, method, path, version, status) would not show it."""
    caplog.set_level(logging.INFO, logger="uvicorn.access")
    secret = "A" * 43
    logging.getLogger("uvicorn.access").info('%s - "%s %s HTTP/%s" %d', "127.0.0.1:1", "GET",
                                             f"/api/games/x/ws?token={secret}&v=1", "1.1", 101)
    logging.getLogger("uvicorn.error").info('%s - "WebSocket %s" [accepted]', "127.0.0.1:1",
                                            f"/api/games/x/ws?token={secret}")
    assert secret not in caplog.text and "token=[redacted]" in caplog.text
