"""Several server processes on one PostgreSQL database (issue 15).

Two apps in this process stand for two servers where that is enough (each has its own
storage, connections, listener and process id); real ``ringwar serve`` processes where a
process must die (``test_kill9.py``) or where uvicorn's own workers are tested."""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import ringwar
from ringwar.server.app import create_app
from ringwar.server.process import ServerProcess
from ringwar.server.storage import Storage

from .conftest import create, hdr, play, state

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


@pytest.fixture
def two(pg_url: str) -> Any:
    """Two servers (apps) on one database."""
    a = create_app(pg_url, ai_delay=0.0, ai_lease=1.0)
    b = create_app(pg_url, ai_delay=0.0, ai_lease=1.0)
    with TestClient(a) as ca, TestClient(b) as cb:
        yield ca, cb


def test_a_move_made_through_one_process_is_seen_through_the_other(two: Any) -> None:
    a, b = two
    g = create(a)
    gid, tok = g["id"], g["tokens"]
    assert state(b, gid, tok["sauron"])["version"] == 0        # b loads it from the database
    sel = state(a, gid, tok["sauron"])["legal"][0]
    assert play(a, gid, tok["sauron"], sel, 0).status_code == 200
    s = state(b, gid, tok["sauron"])                            # b had it in memory, behind
    assert s["version"] == 1 and s["view"]["actions_played"] == 1
    # b plays on from there; a refuses a move chosen on the view it had before
    mv = next(x for x in s["legal"] if x["type"] == "move")
    assert play(b, gid, tok["sauron"], mv, 1).status_code == 200
    r = play(a, gid, tok["sauron"], mv, 1)
    assert r.status_code == 409 and r.json()["error"] == "stale" and r.json()["version"] == 2
    assert state(a, gid, tok["sauron"])["version"] == 2
    # the log, the record and the replay read through a are b's too
    assert a.get(f"/api/games/{gid}/record").json()["actions"] == [sel, mv]
    assert a.get(f"/api/games/{gid}/replay/2").json()["steps"] == 2


def test_a_socket_on_one_process_hears_a_move_made_through_the_other(two: Any) -> None:
    """LISTEN/NOTIFY: the seat connected to a gets its own new view within a second of a
    move committed through b — and only its own view."""
    a, b = two
    g = create(a)
    gid, tok = g["id"], g["tokens"]
    with a.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.send_json({"type": "hello", "token": tok["westernesse"]})
        assert ws.receive_json()["version"] == 0
        version = 0
        for _ in range(3):
            s = state(b, gid, tok["sauron"])
            t0 = time.monotonic()
            assert play(b, gid, tok["sauron"], s["legal"][0], version).status_code == 200
            msg = ws.receive_json()
            took = time.monotonic() - t0
            version += 1
            assert msg["version"] == version and took < 1.0, took
            assert msg["seat"] == "westernesse" and msg["view"]["side"] == "westernesse"
            assert msg["legal"] == [] and msg["view"]["to_act"] == "sauron"


def test_two_processes_never_accept_two_actions_at_one_version(two: Any) -> None:
    """The same action at the same version, sent through both processes at once, many
    times: exactly one is accepted each time; the record has no gap and replays."""
    a, b = two
    g = create(a, seed=5)
    gid, tok = g["id"], g["tokens"]
    ref = ringwar.new_game("sauron", seed=5)
    for i in range(25):
        side = ref.to_act
        s = state(a, gid, tok[side])
        assert s["version"] == i
        action = s["legal"][i % len(s["legal"])]
        go = threading.Barrier(4)
        codes: list[int] = []

        def send(c: Any, token: str, action: dict[str, Any], version: int,
                 go: threading.Barrier, codes: list[int]) -> None:
            go.wait()
            codes.append(play(c, gid, token, action, version).status_code)

        threads = [threading.Thread(target=send, args=(c, tok[side], action, i, go, codes))
                   for c in (a, b, a, b)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200, 409, 409, 409], codes
        ref.apply(action)
    eng = Storage(a.app.state.server.storage.url, migrate=False)
    stored = eng.load(gid)
    eng.close()
    assert stored.moves == 25 and stored.actions == ref.record.actions


def test_an_undo_through_one_process_is_seen_by_the_other(two: Any) -> None:
    a, b = two
    g = create(a)
    gid, tok = g["id"], g["tokens"]["sauron"]
    sel = state(a, gid, tok)["legal"][0]
    assert play(a, gid, tok, sel, 0).status_code == 200
    assert state(b, gid, tok)["version"] == 1
    assert a.post(f"/api/games/{gid}/undo", headers=hdr(tok), json={"version": 1}).status_code == 200
    s = state(b, gid, tok)
    assert s["version"] == 2 and s["view"]["actions_played"] == 0


def test_an_ai_turn_is_played_once_whichever_process_hears_of_it(two: Any) -> None:
    """A human's move through b makes the AI seat due: b plays it (it claimed the turn with
    the move); a, asked about the game meanwhile, does not play it too."""
    a, b = two
    g = create(a, seats={"westernesse": "ai:random"}, setup={"turn": 15})
    gid, tok = g["id"], g["tokens"]["sauron"]
    for _ in range(40):
        s = state(b, gid, tok)
        if s["view"]["result"]:
            break
        if s["legal"]:
            play(b, gid, tok, s["legal"][0], s["version"])
        state(a, gid, tok)                                     # a looks on
        time.sleep(0.02)
    eng = Storage(a.app.state.server.storage.url, migrate=False)
    stored = eng.load(gid)
    eng.close()
    replayed = ringwar.replay(stored.record_json())             # one move per version: it replays
    assert replayed.state_hash() and len(stored.actions) == stored.moves


def test_the_ai_plays_on_from_its_saved_state_whoever_plays_it(pg_url: str) -> None:
    """Two AI seats (rules of thumb: a seeded generator and a memory) play a game on one
    process, which stops; another process takes their turns over.  The game is exactly the
    one the two agents play on their own from the seeds stored with the seats: the saved
    state carries their generators and memories from one process to the other."""
    from ringwar.ai.agents import make_agent

    first = create_app(pg_url, ai_delay=0.0, ai_lease=0.5)
    with TestClient(first) as a:
        g = create(a, seats={"westernesse": "ai:heuristic", "sauron": "ai:heuristic"}, seed=9,
                   setup={"turn": 14})
        gid = g["id"]
        deadline = time.monotonic() + 60
        while state(a, gid)["version"] < 40 and time.monotonic() < deadline:
            time.sleep(0.05)
    # the first process has stopped (its AI turn's lease lapses); another takes over
    st = Storage(pg_url, migrate=False)
    midway = st.version_of(gid)
    assert midway is not None and midway >= 40
    second = create_app(pg_url, ai_delay=0.0, ai_lease=0.5)
    with TestClient(second) as b:
        deadline = time.monotonic() + 60
        while state(b, gid)["version"] < midway + 40 and time.monotonic() < deadline:
            time.sleep(0.05)
    stored = st.load(gid)
    seeds = {s: v["ai_seed"] for s, v in stored.seats.items()}
    st.close()
    assert stored.moves >= midway + 40
    game = ringwar.new_game("sauron", seed=9, setup={"turn": 14})
    agents = {s: make_agent("heuristic", seeds[s]) for s in game.sides}
    for i, stored_action in enumerate(stored.actions):
        side = game.to_act
        action = agents[side].choose(game.view(side), game.legal_actions())
        assert action == stored_action, f"action {i + 1} differs"
        game.apply(action)


# ----- real processes -------------------------------------------------------------------------
def test_serve_workers_runs_several_processes_on_one_port(pg_url: str, tmp_path: Any) -> None:
    """``ringwar serve --workers 2``: two processes answer on the one port and play the
    same games; one dies (kill -9) and the other goes on answering."""
    import os
    import signal

    with ServerProcess(pg_url, workers=2, log=tmp_path / "serve.log") as srv:
        pids: set[str] = set()
        deadline = time.monotonic() + 30
        while len(pids) < 2 and time.monotonic() < deadline:
            with httpx.Client(base_url=srv.url, timeout=10) as c:     # a new connection
                pids.add(c.get("/healthz").headers["x-ringwar-process"])
        assert len(pids) == 2, pids
        g = httpx.post(srv.url + "/api/games", json={"system": "sauron", "seed": 2}).json()
        tok = g["tokens"]["sauron"]
        for version in range(6):                                   # each on a new connection
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                s = c.get(f"/api/games/{g['id']}", headers=hdr(tok)).json()
                assert s["version"] == version
                r = c.post(f"/api/games/{g['id']}/actions", headers=hdr(tok),
                           json={"action": s["legal"][0], "version": version})
                assert r.status_code == 200, r.text
        os.kill(int(sorted(pids)[0]), signal.SIGKILL)
        for _ in range(10):
            with httpx.Client(base_url=srv.url, timeout=10) as c:
                assert c.get(f"/api/games/{g['id']}").json()["version"] == 6
    assert "2 processes" in (tmp_path / "serve.log").read_text()


def test_serve_refuses_several_processes_on_sqlite(tmp_path: Any) -> None:
    from click.testing import CliRunner

    from ringwar.commands.serve import command

    r = CliRunner().invoke(command, ["--database", f"sqlite:///{tmp_path / 'x.db'}",
                                     "--workers", "2"])
    assert r.exit_code != 0 and "PostgreSQL" in r.output


def test_observers_and_other_seats_get_only_their_view_across_processes(two: Any) -> None:
    """Each socket, wherever it is connected, gets its own seat's view of a move made
    elsewhere: the legal actions only for the side to act, never another seat's."""
    a, b = two
    g = create(a)
    gid, tok = g["id"], g["tokens"]
    with a.websocket_connect(f"/api/games/{gid}/ws") as wa, \
            b.websocket_connect(f"/api/games/{gid}/ws") as wb:
        wa.send_json({"type": "hello", "token": tok["sauron"]})
        wb.send_json({"type": "hello"})                       # an observer, on b
        assert wa.receive_json()["legal"] and wb.receive_json()["legal"] == []
        s = state(a, gid, tok["sauron"])
        assert play(a, gid, tok["sauron"], s["legal"][0], 0).status_code == 200
        mine, theirs = wa.receive_json(), wb.receive_json()
        assert mine["seat"] == "sauron" and mine["legal"]
        assert theirs["seat"] is None and theirs["legal"] == [] and theirs["view"]["side"] is None
        assert json.dumps(theirs["view"]) == json.dumps(state(b, gid)["view"])


def test_a_restart_of_the_database_loses_nothing(pg_cluster: Any) -> None:
    """PostgreSQL restarts under two servers: the next requests get new connections, the
    listeners listen again, and a move made through one server reaches the other's socket.
    (A cluster of its own: the session's is not restarted under the other tests.)"""
    from ringwar.server.pgcluster import PostgresCluster

    with PostgresCluster() as pg:
        url = pg.new_database_url()
        a, b = create_app(url, ai_delay=0.0), create_app(url, ai_delay=0.0)
        with TestClient(a) as ca, TestClient(b) as cb:
            g = create(ca)
            gid, tok = g["id"], g["tokens"]
            with cb.websocket_connect(f"/api/games/{gid}/ws") as ws:
                ws.send_json({"type": "hello", "token": tok["westernesse"]})
                assert ws.receive_json()["version"] == 0
                pg.restart()
                s = state(ca, gid, tok["sauron"])
                assert play(ca, gid, tok["sauron"], s["legal"][0], 0).status_code == 200
                # (b may send the state again when it listens again: notifications may
                # have been lost meanwhile)
                seen: list[int] = []
                for _ in range(3):
                    seen.append(ws.receive_json()["version"])
                    if seen[-1] == 1:
                        break
                assert seen[-1] == 1 and set(seen) <= {0, 1}, seen
                assert state(cb, gid, tok["sauron"])["version"] == 1
