"""Load test of the web app: N simulated players in concurrent games, on loopback only.

Starts ``ringwar serve`` on a free 127.0.0.1 port with a temporary database, creates N/2
two-seat Sauron games, and runs one asyncio client per player: it holds its seat's
WebSocket, and when its side is to act it waits a think time, picks a random legal action
and POSTs it.  Reports actions per second, the round-trip latency of those POSTs (p50,
p99) and how long the opponent's socket took to hear of each move.

    .venv/bin/python benchmarks/load.py                     # 50 and 200 players, 20 s each
    .venv/bin/python benchmarks/load.py --players 200 --seconds 30 --think 0.5 --json
    .venv/bin/python benchmarks/load.py --database postgresql --processes 1,2 --players 200 --think 0

``--database postgresql`` starts a throwaway PostgreSQL cluster (loopback only, with the
default durability: every commit flushed) and a new database for each run; ``--processes
1,2`` runs the server as 1, then 2 processes on one port (``ringwar serve --workers``; the
kernel spreads the connections over them, so a seat's socket and its POSTs may well be on
different processes and its pushes go through NOTIFY).  Each run also reports the CPU
seconds the server processes, PostgreSQL and this load generator used (all on this machine).

The think time (default 1 s, uniform from half to one and a half of it) stands for the
players deciding; --think 0 measures the most the server can do (on this 2-CPU machine the
clients share the CPUs with it).

Bounded: at most --max-players players, --seconds per run, --max-actions per run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))

from ringwar.server.process import ServerProcess  # noqa: E402

TICK = os.sysconf("SC_CLK_TCK")


def tree(pid: int) -> list[int]:
    """``pid`` and all its descendants."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(x) for x in Path(f"/proc/{p}/task/{task}/children").read_text().split()]
        except OSError:
            pass
    return out


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU seconds of these processes (those still running)."""
    total = 0
    for p in pids:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / TICK


def own_cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


class Meter:
    """CPU seconds used during a run by the server processes, PostgreSQL and us."""

    def __init__(self, server_pids: list[int | None], pg_pid: int | None) -> None:
        self.server_pids, self.pg_pid = [p for p in server_pids if p], pg_pid
        self.start = self.read()

    def read(self) -> dict[str, float]:
        return {"server": cpu_seconds([q for p in self.server_pids for q in tree(p)]),
                "postgres": cpu_seconds(tree(self.pg_pid)) if self.pg_pid else 0.0,
                "clients": own_cpu(), "wall": time.perf_counter()}

    def used(self) -> dict[str, float]:
        now = self.read()
        return {k: round(now[k] - self.start[k], 1) for k in now}

TOKEN = "X-Ringwar-Token"
VERSION = re.compile(r'"type":"state","game":"[^"]*","version":(\d+)')


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))]


try:
    from orjson import loads
except ImportError:  # pragma: no cover
    loads = json.loads


class Http:
    """A minimal keep-alive HTTP/1.1 client on one loopback connection (much cheaper per
    request than a general client, so the figures measure the server)."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.r: asyncio.StreamReader | None = None
        self.w: asyncio.StreamWriter | None = None

    async def post(self, path: str, token: str, body: bytes) -> tuple[int, bytes]:
        try:
            return await self._post(path, token, body)
        except (ConnectionError, IndexError, asyncio.IncompleteReadError):
            self.close()   # the server closed an idle keep-alive connection: once more
            return await self._post(path, token, body)

    async def _post(self, path: str, token: str, body: bytes) -> tuple[int, bytes]:
        if self.w is None:
            self.r, self.w = await asyncio.open_connection(self.host, self.port)
        assert self.r is not None
        self.w.write(f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\n{TOKEN}: {token}\r\n"
                     f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                     .encode() + body)
        status = int((await self.r.readline()).split()[1])
        length = 0
        while True:
            line = await self.r.readline()
            if line in (b"\r\n", b""):
                break
            k, _, v = line.decode().partition(":")
            if k.lower() == "content-length":
                length = int(v)
        return status, await self.r.readexactly(length)

    def close(self) -> None:
        if self.w is not None:
            self.w.close()
        self.r = self.w = None


class Run:
    def __init__(self, seconds: float, max_actions: int) -> None:
        self.rtt: list[float] = []
        self.push: list[float] = []
        self.errors: dict[str, int] = {}
        self.acked: dict[tuple[str, int], float] = {}   # (game, version) -> when acknowledged
        self.end = time.perf_counter() + seconds
        self.max_actions = max_actions

    def done(self) -> bool:
        return time.perf_counter() >= self.end or len(self.rtt) >= self.max_actions


async def player(run: Run, base: str, gid: str, token: str, think: float,
                 rng: random.Random) -> None:
    url = httpx.URL(base)
    http = Http(url.host, url.port or 80)
    ws_url = base.replace("http://", "ws://") + f"/api/games/{gid}/ws"
    latest: dict[str, Any] = {}
    changed = asyncio.Event()
    async with connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))   # never in the URL

        async def reader() -> None:
            async for text in ws:
                m = VERSION.search(text[:200])
                if m is None:
                    continue
                version = int(m.group(1))
                t = run.acked.pop((gid, version), None)   # the opponent's move reaching us
                if t is not None:
                    run.push.append(time.perf_counter() - t)
                if not latest or version > latest["version"]:   # parse only what is new
                    latest.clear()
                    latest.update(loads(text))
                    changed.set()

        task = asyncio.create_task(reader())
        try:
            while not run.done():
                try:
                    await asyncio.wait_for(changed.wait(), timeout=1.0)
                except TimeoutError:
                    continue
                changed.clear()
                state = dict(latest)
                while state.get("legal") and not run.done() and not state["view"]["result"]:
                    if think:
                        await asyncio.sleep(rng.uniform(0.5 * think, 1.5 * think))
                    a = rng.choice(state["legal"])
                    t0 = time.perf_counter()
                    status, raw = await http.post(
                        f"/api/games/{gid}/actions", token,
                        json.dumps({"action": a, "version": state["version"]}).encode())
                    t1 = time.perf_counter()
                    if status != 200:
                        code = loads(raw).get("error", str(status))
                        run.errors[code] = run.errors.get(code, 0) + 1
                        break
                    run.rtt.append(t1 - t0)
                    state = loads(raw)["state"]
                    run.acked[(gid, state["version"])] = t1
                    if state["version"] > latest.get("version", -1):
                        latest.clear()
                        latest.update(state)
        finally:
            task.cancel()
            http.close()


async def run_load(base: str | list[str], players: int, seconds: float, think: float,
                   max_actions: int, seed: int, meter: Any = None) -> dict[str, Any]:
    """``base``: the server, or a list of servers (game i is played through base[i % n])."""
    bases = [base] if isinstance(base, str) else list(base)
    limits = httpx.Limits(max_connections=players + 10, max_keepalive_connections=players + 10)
    async with httpx.AsyncClient(timeout=30, limits=limits) as http:
        seats = []
        for i in range((players + 1) // 2):
            b = bases[i % len(bases)]
            g = (await http.post(b + "/api/games", json={"system": "sauron", "seed": seed + i})).json()
            seats.extend((b, g["id"], tok) for tok in g["tokens"].values())
        seats = seats[:players]
        run = Run(seconds, max_actions)
        if meter is not None:
            meter.start = meter.read()
        t0 = time.perf_counter()
        rng = random.Random(seed)
        await asyncio.gather(*(player(run, b, gid, tok, think, random.Random(rng.random()))
                               for b, gid, tok in seats))
        wall = time.perf_counter() - t0
    return {
        "players": players, "games": (players + 1) // 2, "seconds": round(wall, 1),
        "think_s": think, "actions": len(run.rtt),
        "actions_per_s": round(len(run.rtt) / wall, 1),
        "rtt_p50_ms": round(1000 * pct(run.rtt, 50), 1), "rtt_p99_ms": round(1000 * pct(run.rtt, 99), 1),
        "push_p50_ms": round(1000 * pct(run.push, 50), 1), "push_p99_ms": round(1000 * pct(run.push, 99), 1),
        "refused": run.errors,
        "cpu_s": meter.used() if meter is not None else None,
        "loadavg": Path("/proc/loadavg").read_text().split()[:3],
    }


def pg_pid(cluster: Any) -> int | None:
    try:
        return int((cluster.dir / "data" / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--players", default="50,200", help="comma-separated player counts")
    ap.add_argument("--seconds", type=float, default=20.0, help="length of each run (max 120)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="mean think time per action in seconds (0: as fast as possible)")
    ap.add_argument("--database", default="sqlite",
                    help="sqlite (a temporary file), postgresql (a throwaway cluster), or a "
                    "PostgreSQL URL on this machine")
    ap.add_argument("--processes", default="1",
                    help="comma-separated server process counts (more than 1: PostgreSQL)")
    ap.add_argument("--route", choices=["any", "game"], default="any",
                    help="several processes: 'any' (one port, --workers: each connection to "
                    "any process) or 'game' (a port per process, each game's players all on "
                    "one: what a proxy hashing the game id does)")
    ap.add_argument("--max-actions", type=int, default=100_000)
    ap.add_argument("--max-players", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", help="use a server already running on this machine "
                    "(http://127.0.0.1:PORT) instead of starting one")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    procs = [int(x) for x in args.processes.split(",")]
    if any(n < 2 or n > args.max_players for n in counts):
        ap.error(f"players must be within 2..{args.max_players}")
    if any(n < 1 or n > 8 for n in procs):
        ap.error("processes must be within 1..8")
    seconds = min(args.seconds, 120.0)
    results = []
    if args.url and httpx.URL(args.url).host not in ("127.0.0.1", "localhost", "::1"):
        ap.error("--url must be a loopback address: this load test never leaves the machine")
    db = args.database
    if db.startswith("postgres") and "://" in db:
        from sqlalchemy.engine import make_url
        if make_url(db).host not in ("127.0.0.1", "localhost", "::1", None):
            ap.error("--database must be on this machine: this load test never leaves it")
    elif db not in ("sqlite", "postgresql"):
        ap.error("--database is sqlite, postgresql or a postgresql:// URL")
    if db == "sqlite" and max(procs) > 1:
        ap.error("several processes need PostgreSQL (--database postgresql)")
    cluster = None
    if db == "postgresql":
        from ringwar.server.pgcluster import PostgresCluster
        cluster = PostgresCluster(durable=True).start()
    try:
        with tempfile.TemporaryDirectory() as d:
            for nproc in procs:
                for n in counts:
                    if args.url:
                        res = asyncio.run(run_load(args.url, n, seconds, args.think,
                                                   args.max_actions, args.seed))
                    else:
                        if cluster is not None:
                            url = cluster.new_database_url("load")
                        elif db == "sqlite":
                            url = f"sqlite:///{d}/load-{n}.db"
                        else:
                            url = db
                        if args.route == "game" and nproc > 1:
                            servers = [ServerProcess(url, log=f"{d}/server.log").launch()
                                       for _ in range(nproc)]
                        else:
                            servers = [ServerProcess(url, log=f"{d}/server.log",
                                                     workers=nproc).launch()]
                        try:
                            for srv in servers:
                                srv.wait_ready(60)
                            meter = Meter([srv.pid for srv in servers],
                                          pg_pid(cluster) if cluster else None)
                            res = asyncio.run(run_load([srv.url for srv in servers], n, seconds,
                                                       args.think, args.max_actions, args.seed,
                                                       meter))
                        finally:
                            for srv in servers:
                                srv.stop()
                    res.update(database=db.split("://")[0], processes=nproc,
                               route=args.route if nproc > 1 else None)
                    results.append(res)
                    if not args.json:
                        cpu = res.get("cpu_s") or {}
                        how = f" by {args.route}" if nproc > 1 else ""
                        print(f"{res['database']} x{nproc}{how} {n:4d} players ({res['games']} games, "
                              f"think {args.think}s): {res['actions_per_s']:7.1f} actions/s  "
                              f"round trip p50 {res['rtt_p50_ms']} ms p99 {res['rtt_p99_ms']} ms  "
                              f"opponent sees the move p50 {res['push_p50_ms']} ms "
                              f"p99 {res['push_p99_ms']} ms  ({res['actions']} actions; refused "
                              f"{res['refused']}; CPU s server {cpu.get('server')} postgres "
                              f"{cpu.get('postgres')} clients {cpu.get('clients')} in "
                              f"{cpu.get('wall')} s; load {' '.join(res['loadavg'])})", flush=True)
    finally:
        if cluster is not None:
            cluster.stop()
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
