"""The engine's hot paths on one core, for any game: ``legal_actions()``, ``apply()``,
``clone()`` and ``view(side)``, timed at the positions of real games.

    .venv/bin/python benchmarks/hot_paths.py --system sauron
    .venv/bin/python benchmarks/hot_paths.py --system gondor --games 2 --every 5
    .venv/bin/python benchmarks/hot_paths.py --system sauron --src /tmp/old/src --src src

Random agents play ``--games`` games (seeds SEED, SEED+1 ...).  At every ``--every``-th
decision the position is measured on fresh clones, so that no cache of the game itself
helps: ``clone()``; ``legal_actions()`` on a fresh clone; ``apply()`` of the action the agent
chose, on a fresh clone; ``view(side)`` for the side to act, on a fresh clone.  Each figure is
the mean and the 90th percentile in milliseconds of CPU time (``time.process_time``, so that
other work on the machine does not inflate it, though it still shares caches), over all the
positions measured.

``--src`` (repeatable) measures the same games with another source tree on ``PYTHONPATH``
(an older checkout: ``git worktree add /tmp/old <rev>``), each in its own process, and prints
the figures side by side with the ratio of the first to the last: the way to report an
engine change before and after in the same run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from typing import Any

CALLS = ("clone", "legal_actions", "apply", "view")


def measure(system: str, games: int, seed: int, every: int, max_decisions: int) -> dict[str, Any]:
    import ringwar
    from ringwar.ai import RandomAgent

    times: dict[str, list[float]] = {c: [] for c in CALLS}
    decisions = 0
    play_cpu = 0.0
    for i in range(games):
        g = ringwar.new_game(system, seed=seed + i)
        agents = {s: RandomAgent(seed * 7 + 3 * i + k) for k, s in enumerate(g.sides)}
        n = 0
        while g.result is None and n < max_decisions:
            side = g.to_act
            c0 = time.process_time()
            legal = g.legal_actions()
            action = agents[side].choose({}, legal)
            play_cpu += time.process_time() - c0
            if n % every == 0:
                t0 = time.process_time()
                probe = g.clone()
                times["clone"].append(time.process_time() - t0)
                t0 = time.process_time()
                probe.legal_actions()
                times["legal_actions"].append(time.process_time() - t0)
                probe = g.clone()
                t0 = time.process_time()
                probe.apply(action)
                times["apply"].append(time.process_time() - t0)
                probe = g.clone()
                t0 = time.process_time()
                probe.view(side)
                times["view"].append(time.process_time() - t0)
            c0 = time.process_time()
            g.apply(action)
            play_cpu += time.process_time() - c0
            n += 1
        decisions += n
    out: dict[str, Any] = {"version": ringwar.__version__, "decisions": decisions,
                           "random_decisions_per_s": decisions / play_cpu if play_cpu else 0.0}
    for c, xs in times.items():
        xs = sorted(xs)
        out[c] = {"mean_ms": 1000 * statistics.fmean(xs), "p90_ms": 1000 * xs[int(len(xs) * 0.9)],
                  "n": len(xs)} if xs else None
    return out


def show(label: str, r: dict[str, Any]) -> None:
    print(f"{label}: ringwar {r['version']}, {r['decisions']} decisions, "
          f"random play {r['random_decisions_per_s']:.0f} decisions/s (legal_actions + apply)")
    for c in CALLS:
        f = r[c]
        if f:
            print(f"  {c + '()':16s} mean {f['mean_ms']:8.3f} ms   p90 {f['p90_ms']:8.3f} ms   (n={f['n']})")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--system", default="sauron")
    ap.add_argument("--games", type=int, default=2, help="random games to play (default 2)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=3, help="measure every N-th decision (default 3)")
    ap.add_argument("--max-decisions", type=int, default=20_000, help="per game (default 20000)")
    ap.add_argument("--src", action="append", default=[],
                    help="measure with this source tree on PYTHONPATH (repeatable; compared)")
    ap.add_argument("--json", action="store_true", help=argparse.SUPPRESS)   # child processes
    args = ap.parse_args(argv)
    if not args.src:
        r = measure(args.system, args.games, args.seed, args.every, args.max_decisions)
        if args.json:
            print(json.dumps(r))
        else:
            print(f"{args.system}, Python {sys.version.split()[0]}, one core, CPU time")
            show("this tree", r)
        return 0
    results = []
    for src in args.src:
        env = dict(os.environ, PYTHONPATH=os.path.abspath(src))
        cmd = [sys.executable, __file__, "--system", args.system, "--games", str(args.games),
               "--seed", str(args.seed), "--every", str(args.every),
               "--max-decisions", str(args.max_decisions), "--json"]
        t0 = time.perf_counter()
        done = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        if done.returncode:
            print(f"{src}: failed\n{done.stderr[-2000:]}", file=sys.stderr)
            return 1
        results.append(json.loads(done.stdout.strip().splitlines()[-1]))
        print(f"(measured {src} in {time.perf_counter() - t0:.0f} s)", file=sys.stderr)
    print(f"{args.system}, Python {sys.version.split()[0]}, one core, CPU time; "
          f"{args.games} random games from seed {args.seed}, every {args.every}th decision")
    for src, r in zip(args.src, results):
        show(src, r)
    if len(results) > 1:
        first, last = results[0], results[-1]
        print(f"ratio {args.src[0]} / {args.src[-1]} (above 1: the last is faster)")
        rate = last["random_decisions_per_s"] / first["random_decisions_per_s"]
        print(f"  random play      {rate:6.2f}x")
        for c in CALLS:
            if first[c] and last[c]:
                print(f"  {c + '()':16s} {first[c]['mean_ms'] / last[c]['mean_ms']:6.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
