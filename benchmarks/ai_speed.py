"""AI and simulation speed: MCTS iterations per second on one core, heuristic-vs-heuristic
games per hour, and the speed-up of ``run_many`` from 1 to 2 worker processes.

    .venv/bin/python benchmarks/ai_speed.py --system sauron --games 4

Figures depend on the machine and on whatever else runs on it: the script prints the
number of CPUs and the load average before measuring, and the speed-up the same machine
gives a fixed pure-Python job on 2 processes (its ceiling: two virtual CPUs that share a
physical core or its caches never give 2x).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time


def mcts_rate(system: str, seed: int, searches: int, iterations: int) -> tuple[float, int, float]:
    """Iterations per second of the search (``ringwar.ai.mcts``), each side played by its own
    ``MCTSAgent`` from its own worlds until ``searches`` searches have been made: an iteration
    is one playout (a plan's script played out in a world, or a tactical rollout).  Returns
    (per second of wall-clock time, iterations, per second of the process's CPU time: less
    disturbed by other work on the machine)."""
    import ringwar
    from ringwar.ai.mcts import MCTSAgent
    from ringwar.ai.worlds import WorldFactory

    game = ringwar.new_game(system, seed=seed)
    agents = {s: MCTSAgent(seed=seed + i, iterations=iterations) for i, s in enumerate(game.sides)}

    def total(key: str) -> float:
        return sum(a.stats[key] for a in agents.values())

    while total("searches") < searches and game.result is None:
        side = game.to_act
        legal = game.legal_actions()
        agent = agents[side]
        agent.world = WorldFactory(game, side)
        game.apply(agent.choose(game.view(side), legal))
    seconds, cpu = total("seconds"), total("cpu")
    return ((total("iterations") / seconds if seconds else 0.0), int(total("iterations")),
            (total("iterations") / cpu if cpu else 0.0))


def _busy(n: int) -> int:
    """A fixed pure-Python workload (dict and integer churn, like the engine's)."""
    d: dict[int, int] = {}
    s = 0
    for i in range(n):
        d[i % 1000] = s
        s += i * 7 % 13
    return s


def machine_ceiling(n: int = 4_000_000, jobs: int = 4) -> float:
    """The speed-up this machine gives a CPU-bound pure-Python job on 2 processes instead
    of 1: the most any simulation backend can reach here (virtual CPUs often share a
    physical core or its caches)."""
    from concurrent.futures import ProcessPoolExecutor

    t0 = time.perf_counter()
    for _ in range(jobs):
        _busy(n)
    t1 = time.perf_counter() - t0
    with ProcessPoolExecutor(2) as ex:
        t0 = time.perf_counter()
        list(ex.map(_busy, [n] * jobs))
        t2 = time.perf_counter() - t0
    return t1 / t2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--system", default="sauron")
    ap.add_argument("--games", type=int, default=4, help="games per measurement (default 4)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--searches", type=int, default=20, help="MCTS searches to time (default 20)")
    ap.add_argument("--iterations", type=int, default=16, help="iterations per search (default 16)")
    args = ap.parse_args(argv)

    import ringwar
    from ringwar.sim import GameSpec, run_many

    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"ringwar {ringwar.__version__}, {args.system}, Python {platform.python_version()}, "
          f"{os.cpu_count()} CPUs, load average {load:.2f}")
    rate, n, cpu_rate = mcts_rate(args.system, args.seed, args.searches, args.iterations)
    print(f"MCTS: {rate:,.1f} iterations/s on one core ({n} iterations in {args.searches} searches, "
          f"rollout 12, heuristic policy); {cpu_rate:,.1f} per CPU second")

    specs = [GameSpec(args.system, args.seed + i, ("heuristic", "heuristic")) for i in range(args.games)]
    t0 = time.perf_counter()
    rows1 = run_many(specs, workers=1)
    t1 = time.perf_counter() - t0
    print(f"heuristic vs heuristic, 1 worker: {len(rows1)} games in {t1:.1f} s = "
          f"{3600 * len(rows1) / t1:,.0f} games/hour")
    import resource

    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    rows2 = run_many(specs, workers=2)
    t2 = time.perf_counter() - t0
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime + c1.ru_stime) - (c0.ru_utime + c0.ru_stime)
    print(f"heuristic vs heuristic, 2 workers: {len(rows2)} games in {t2:.1f} s = "
          f"{3600 * len(rows2) / t2:,.0f} games/hour")
    same = [r["hash"] for r in rows1] == [r["hash"] for r in rows2]
    print(f"speed-up from 1 to 2 workers: {t1 / t2:.2f}x (same rows: {same}); the workers got "
          f"{cpu / t2:.2f} CPUs on average (less than 2: other processes were running)")
    ceiling = machine_ceiling()
    print(f"this machine's ceiling for 2 processes (a fixed pure-Python job): {ceiling:.2f}x; "
          f"the simulation reaches {t1 / t2 / ceiling:.0%} of it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
