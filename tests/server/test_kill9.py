"""kill -9 of one of two server processes on one PostgreSQL database, round after round.

Players send their moves through either process (as a balancer would) and record every move
acknowledged; an AI-only game runs beside them.  Each round kills one process with SIGKILL
— the one playing the AI's turn when there is one, so the AI dies mid-turn — and checks that
every acknowledged move is in the database, that the other process carries on (the players'
moves go on through it) and that it takes the AI's turn over and completes it once the dead
process's lease has lapsed.  The dead process is started again for the next round.

Bounded: RINGWAR_KILL_ROUNDS rounds (default 20, as the issue asks), each within a time limit.
"""

from __future__ import annotations

import os
import random
import threading
import time
from typing import Any

import httpx

import ringwar
from ringwar.server.process import ServerProcess
from ringwar.server.storage import Storage

TOKEN = "X-Ringwar-Token"
ROUNDS = int(os.environ.get("RINGWAR_KILL_ROUNDS", "20"))
LEASE = 1.0


class Player(threading.Thread):
    """Plays both seats of a game at random, each request through a random live process."""

    def __init__(self, game: dict[str, Any], procs: list[ServerProcess], alive: set[int],
                 seed: int) -> None:
        super().__init__(daemon=True)
        self.game, self.procs, self.alive = game, procs, alive
        self.rng = random.Random(seed)
        self.acked: list[tuple[int, dict[str, Any]]] = []     # (version after, action)
        self.stopping = threading.Event()
        self.errors: list[str] = []

    def url(self) -> str | None:
        live = sorted(self.alive)
        return self.procs[self.rng.choice(live)].url if live else None

    def run(self) -> None:
        gid, tokens = self.game["id"], self.game["tokens"]
        while not self.stopping.is_set():
            base = self.url()
            if base is None:
                time.sleep(0.05)
                continue
            try:
                with httpx.Client(base_url=base, timeout=5) as c:
                    view = c.get(f"/api/games/{gid}").json()["view"]
                    if view["result"]:
                        return
                    tok = tokens[view["to_act"]]
                    s = c.get(f"/api/games/{gid}", headers={TOKEN: tok}).json()
                    if not s["legal"]:
                        continue
                    a = self.rng.choice(s["legal"])
                    r = c.post(f"/api/games/{gid}/actions", headers={TOKEN: tok},
                               json={"action": a, "version": s["version"]})
                    if r.status_code == 200:              # acknowledged: must survive
                        self.acked.append((r.json()["state"]["version"], a))
                    elif r.status_code != 409:
                        self.errors.append(r.text)
            except (httpx.HTTPError, KeyError, ValueError):
                time.sleep(0.02)                          # that process died: another one


def check_acked(st: Storage, players: list[Player]) -> None:
    for p in players:
        # the acknowledgements first, then the database: the players go on playing meanwhile,
        # and a move acknowledged after the load need not be in what was loaded
        acked = list(p.acked)
        stored = st.load(p.game["id"])
        assert stored is not None
        for version, action in acked:
            assert version <= stored.moves, (p.game["id"], version, stored.moves)
            assert stored.actions[version - 1] == action, (p.game["id"], version)


def wait(cond: Any, limit: float, what: str) -> None:
    t0 = time.monotonic()
    deadline = time.monotonic() + limit
    while not cond():
        assert time.monotonic() < deadline, f"{what}: not within {limit} s"
        time.sleep(0.05)
    print(f"{what}: {time.monotonic() - t0:.2f}")


def ready(p: ServerProcess) -> bool:
    try:
        return httpx.get(p.url + "/healthz", timeout=0.5).status_code == 200
    except httpx.HTTPError:
        return False


def test_kill9_rounds_lose_no_acknowledged_move_and_the_ai_turn_completes(pg_url: str,
                                                                          tmp_path: Any) -> None:
    # three processes: while the one killed last round starts again, two are up, one of
    # which the round kills (the rounds need not wait for a restart)
    procs = [ServerProcess(pg_url, ai_delay=0.2, ai_lease=LEASE, ai_think=0.3,
                           log=tmp_path / f"server{i}.log") for i in range(3)]
    for p in procs:
        p.launch()
    for p in procs:
        p.wait_ready(60)
    alive = {0, 1, 2}
    st = Storage(pg_url, migrate=False)
    with httpx.Client(base_url=procs[0].url, timeout=10) as c:
        games = [c.post("/api/games", json={"system": "sauron", "seed": s}).json() for s in (1, 2)]

        def ai_game() -> str:
            return str(c.post("/api/games", json={
                "system": "sauron", "seed": 3, "seats": {"westernesse": "ai:mcts",
                                                         "sauron": "ai:heuristic"}}).json()["id"])
        ai = ai_game()
    players = [Player(g, procs, alive, i) for i, g in enumerate(games)]
    for p in players:
        p.start()
    rng = random.Random(7)
    mid_turn = 0
    try:
        for rnd in range(ROUNDS):
            deadline = time.monotonic() + 60
            while True:                                 # those started again are back
                alive.update(i for i, p in enumerate(procs) if i not in alive and ready(p))
                if len(alive) >= 2:
                    break
                assert time.monotonic() < deadline, "the servers did not come back"
                time.sleep(0.05)
            before = sum(len(p.acked) for p in players)
            wait(lambda b=before: sum(len(p.acked) for p in players) >= b + 4, 20,
                 f"round {rnd}: play through the processes")
            if st.load(ai).result is not None:          # the AI game ended: a new one
                with httpx.Client(base_url=procs[min(alive)].url, timeout=10) as c:
                    ai = ai_game()
                time.sleep(0.5)
            # the AI's turn: claimed by one of the processes, mid-turn (thinking or pausing)
            job = st.ai_job(ai)
            owner_pid = int(job["owner"].split(":")[1]) if job and job["owner"] else None
            victim = next((i for i in alive if procs[i].pid == owner_pid), None)
            if victim is None:
                victim = rng.choice(sorted(alive))
            dead = procs[victim].pid
            procs[victim].kill()                        # SIGKILL: no shutdown at all
            alive.discard(victim)
            # where the AI game stood when the process died, and whether its turn was the
            # dead process's then (claimed, not played)
            ai_before = st.version_of(ai)
            job = st.ai_job(ai)
            if job and job["owner"] and int(job["owner"].split(":")[1]) == dead:
                mid_turn += 1
            check_acked(st, players)                    # every acknowledged move is there
            # the others carry on: the players' moves go through them ...
            after = sum(len(p.acked) for p in players)
            wait(lambda a=after: sum(len(p.acked) for p in players) >= a + 2, 20,
                 f"round {rnd}: the players go on through the survivors")
            # ... and one takes the AI's turn over and completes it (the lease lapsed)
            wait(lambda b=ai_before, g=ai: (st.version_of(g) or 0) > b, LEASE + 20,
                 f"round {rnd}: a survivor completes the AI turn")
            job = st.ai_job(ai)
            assert job is None or job["owner"] is None or int(job["owner"].split(":")[1]) != dead
            procs[victim].launch()                      # back for the rounds to come
        for p in procs:
            p.wait_ready(60)
    finally:
        for p in players:
            p.stopping.set()
        for p in players:
            p.join(10)
        for p in procs:
            p.stop()
    check_acked(st, players)
    assert not [e for p in players for e in p.errors], [e for p in players for e in p.errors][:3]
    assert mid_turn >= ROUNDS // 2, f"the AI was mid-turn in only {mid_turn} of {ROUNDS} rounds"
    # one move per version, every game replays from its record
    for gid in [p.game["id"] for p in players] + [ai]:
        stored = st.load(gid)
        assert len(stored.actions) == stored.moves
        ringwar.replay(stored.record_json())
    st.close()
