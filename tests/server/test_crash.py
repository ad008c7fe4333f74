"""Crash test: SIGKILL the server in the middle of games, start it again on the same database
(an SQLite file, a PostgreSQL database), and check that every acknowledged action is there and
that play goes on (tests/server/test_kill9.py: several processes, one killed)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import httpx

from ringwar.server.app import TOKEN_HEADER
from ringwar.server.process import ServerProcess


def test_every_acknowledged_action_survives_sigkill(tmp_path: Any, db_url: str) -> None:
    db = db_url
    srv = ServerProcess(db, log=tmp_path / "server.log", ai_lease=2.0).start()
    # `ringwar serve` says where to open it
    assert f"http://127.0.0.1:{srv.port}/" in (tmp_path / "server.log").read_text()
    games: list[dict[str, Any]] = []
    acked: dict[str, list[dict[str, Any]]] = {}
    try:
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            for seed in (1, 2, 3):
                g = c.post("/api/games", json={"system": "sauron", "seed": seed}).json()
                games.append(g)
                acked[g["id"]] = []
            # an AI game in progress too
            ai = c.post("/api/games", json={"system": "sauron", "seed": 4,
                                            "seats": {"westernesse": "ai", "sauron": "ai"}}).json()
        stop = threading.Event()

        def player(g: dict[str, Any], seed: int) -> None:
            rng = random.Random(seed)
            with httpx.Client(base_url=srv.url, timeout=5) as c:
                while not stop.is_set():
                    try:
                        st = None
                        for tok in g["tokens"].values():
                            s = c.get(f"/api/games/{g['id']}", headers={TOKEN_HEADER: tok}).json()
                            if s["legal"]:
                                st, token = s, tok
                        if st is None:
                            return
                        a = rng.choice(st["legal"])
                        r = c.post(f"/api/games/{g['id']}/actions", headers={TOKEN_HEADER: token},
                                   json={"action": a, "version": st["version"]})
                        if r.status_code == 200:          # acknowledged: must survive
                            acked[g["id"]].append(a)
                    except httpx.HTTPError:
                        return                            # the server is gone

        threads = [threading.Thread(target=player, args=(g, i)) for i, g in enumerate(games)]
        for t in threads:
            t.start()
        deadline = time.time() + 30                       # some moves in each game (bounded)
        while time.time() < deadline and min(len(v) for v in acked.values()) < 8:
            time.sleep(0.05)
        srv.kill()                                        # in the middle of it all
        stop.set()
        for t in threads:
            t.join(10)
        assert all(len(v) > 5 for v in acked.values()), {k: len(v) for k, v in acked.items()}

        srv = ServerProcess(db, log=tmp_path / "server.log", ai_lease=2.0).start()
        with httpx.Client(base_url=srv.url, timeout=10) as c:
            for g in games:
                rec = c.get(f"/api/games/{g['id']}/record").json()
                stored = rec["actions"]
                mine = acked[g["id"]]
                # every acknowledged action, in order; at most the one in flight beyond them
                assert stored[:len(mine)] == mine
                assert len(stored) - len(mine) <= 1
                # and play goes on
                for tok in g["tokens"].values():
                    s = c.get(f"/api/games/{g['id']}", headers={TOKEN_HEADER: tok}).json()
                    if s["legal"]:
                        r = c.post(f"/api/games/{g['id']}/actions", headers={TOKEN_HEADER: tok},
                                   json={"action": s["legal"][0], "version": s["version"]})
                        assert r.status_code == 200, r.text
                        break
                else:
                    raise AssertionError("nobody can act after the restart")
            # the AI game resumes when it is opened again
            before = c.get(f"/api/games/{ai['id']}").json()["version"]
            assert before > 0
            deadline = time.time() + 10
            while time.time() < deadline and c.get(f"/api/games/{ai['id']}").json()["version"] == before:
                time.sleep(0.1)
            assert c.get(f"/api/games/{ai['id']}").json()["version"] > before
    finally:
        srv.stop()
