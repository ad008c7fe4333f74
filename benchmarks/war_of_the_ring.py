"""The War of the Ring on one core: random play, the cost of the engine's calls, and games of
the rules-of-thumb agent against itself, with two and three players.

    .venv/bin/python benchmarks/war_of_the_ring.py                     # defaults
    .venv/bin/python benchmarks/war_of_the_ring.py --random 5 --games 20 --workers 2

1. Random play (``RandomAgent`` every seat, the agents of ``ringwar selfplay``): decisions
   per second (``legal_actions()`` + ``apply()`` timed) and seconds per full game (whole
   52-turn games, views not built).  Target: under 2 s a game.

Every figure is CPU time of this process (``time.process_time``), so that a busy machine
does not inflate it; the wall time of whole games is printed beside it.
2. The engine's calls: two heuristic agents play seed SEED to Turn TURN; from there, for the
   next DECISIONS decisions, each is timed on a fresh clone (so nothing is cached):
   ``legal_actions()``, ``apply()`` of the chosen action, ``clone()`` and ``view(side)``;
   mean and p90.
3. Heuristic against heuristic: GAMES full games per player count (seeds SEED...), who wins
   and how (the result's text), how long games last in turns and in actions, and how long
   the agent takes a decision (mean, p90, max).  ``--workers`` plays them on processes (the
   decision times are then measured in each process).
"""

from __future__ import annotations

import argparse
import collections
import platform
import statistics
import sys
import time
from typing import Any

SYSTEM = "war-of-the-ring"


def _ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    return (f"mean {1000 * statistics.fmean(xs):.2f} ms, p90 {1000 * xs[int(len(xs) * 0.9)]:.2f}, "
            f"max {1000 * xs[-1]:.2f} (n={len(xs)})")


def random_play(games: int, seed: int, players: int) -> None:
    import ringwar
    from ringwar.ai import RandomAgent

    decisions = 0
    timed = 0.0
    cpu = 0.0
    wall = 0.0
    for i in range(games):
        g = ringwar.new_game(SYSTEM, seed=seed + i, options={"players": players})
        agents = {s: RandomAgent(seed * 7 + 3 * i + k) for k, s in enumerate(g.sides)}
        t0, c0 = time.perf_counter(), time.process_time()
        n = 0
        while g.result is None and n < 100_000:
            a0 = time.process_time()
            legal = g.legal_actions()
            a = agents[g.to_act].choose({}, legal)
            g.apply(a)
            timed += time.process_time() - a0
            n += 1
        dc, dt = time.process_time() - c0, time.perf_counter() - t0
        cpu += dc
        wall += dt
        decisions += n
        res = g.result or {}
        print(f"  game {i + 1}: seed {seed + i}, {n} decisions, {dc:.2f} s CPU ({dt:.2f} s wall), "
              f"turn {g.turn}, {res.get('winner')} ({res.get('level')})")
    print(f"random play, {players} players: {decisions / timed:.0f} decisions/s (legal_actions + "
          f"apply), {cpu / games:.2f} s CPU a game ({wall / games:.2f} s wall), "
          f"{decisions / games:.0f} decisions a game")


def engine_calls(seed: int, turn: int, decisions: int, players: int) -> None:
    import ringwar
    from ringwar.ai import make_agent

    g = ringwar.new_game(SYSTEM, seed=seed, options={"players": players})
    agents = {s: make_agent("heuristic", seed * 2 + k) for k, s in enumerate(g.sides)}
    t0 = time.perf_counter()
    while g.result is None and g.turn < turn:
        side = g.to_act
        g.apply(agents[side].choose(g.view(side), g.legal_actions()))
    print(f"engine calls, {players} players: heuristic play of seed {seed} to turn {g.turn} "
          f"({len(g.record.actions)} actions, {time.perf_counter() - t0:.1f} s), then "
          f"{decisions} decisions")
    by_kind: dict[str, list[float]] = collections.defaultdict(list)
    legal_t: list[float] = []
    sizes: list[int] = []
    applies: list[float] = []
    clones: list[float] = []
    views: list[float] = []
    for _ in range(decisions):
        if g.result is not None:
            break
        side = g.to_act
        kind = g.ask["kind"] if g.ask else "?"
        c0 = time.process_time()
        probe = g.clone()
        clones.append(time.process_time() - c0)
        l0 = time.process_time()
        legal = probe.legal_actions()
        dt = time.process_time() - l0
        legal_t.append(dt)
        by_kind[kind].append(dt)
        sizes.append(len(legal))
        v0 = time.process_time()
        view = g.view(side)
        views.append(time.process_time() - v0)
        a = agents[side].choose(view, g.legal_actions())
        p0 = time.process_time()
        probe.apply(a)
        applies.append(time.process_time() - p0)
        g.apply(a)
    print(f"  legal_actions(): {_ms(legal_t)}; {statistics.fmean(sizes):.1f} actions on average, "
          f"at most {max(sizes)}")
    for kind, xs in sorted(by_kind.items(), key=lambda kv: -len(kv[1]))[:4]:
        print(f"    {kind}: {_ms(xs)}")
    print(f"  apply(): {_ms(applies)}")
    print(f"  clone(): {_ms(clones)}")
    print(f"  view(side): {_ms(views)}")


def heuristic_game(args: tuple[int, int]) -> dict[str, Any]:
    """One game of the heuristic against itself; its row."""
    import ringwar
    from ringwar.ai import agent_seed, make_agent, play_game

    seed, players = args
    g = ringwar.new_game(SYSTEM, seed=seed, options={"players": players})
    agents = {s: make_agent("heuristic", agent_seed(seed, i)) for i, s in enumerate(g.sides)}
    times: list[float] = []

    class Timed:
        def __init__(self, agent: Any) -> None:
            self.agent = agent

        def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
            t0 = time.process_time()
            a = self.agent.choose(view, legal)
            times.append(time.process_time() - t0)
            return a

    t0 = time.process_time()
    play_game(g, {s: Timed(a) for s, a in agents.items()}, max_actions=60_000)
    res = g.result or {}
    return {"seed": seed, "winner": res.get("winner"), "text": res.get("text", ""), "turns": g.turn,
            "actions": len(g.record.actions), "seconds": time.process_time() - t0, "times": times,
            "objectives": g.sauron_objectives()}


def heuristic_games(games: int, seed: int, players: int, workers: int) -> None:
    specs = [(seed + i, players) for i in range(games)]
    if workers > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(workers) as ex:
            rows = list(ex.map(heuristic_game, specs))
    else:
        rows = [heuristic_game(s) for s in specs]
    print(f"heuristic vs heuristic, {players} players: {games} games, seeds {seed}-{seed + games - 1}")
    for r in rows:
        print(f"  seed {r['seed']}: {r['winner'] or 'draw'} on turn {r['turns']} after {r['actions']} "
              f"actions ({r['seconds']:.1f} s CPU): {r['text'][:70]}")
    wins = collections.Counter(r["winner"] or "draw" for r in rows)
    how = collections.Counter(_how(r["text"]) for r in rows)
    turns = [r["turns"] for r in rows]
    acts = [r["actions"] for r in rows]
    times = [t for r in rows for t in r["times"]]
    print(f"  wins: {', '.join(f'{k} {v}' for k, v in wins.most_common())}")
    print(f"  by: {', '.join(f'{k} {v}' for k, v in how.most_common())}")
    print(f"  length: turns mean {statistics.fmean(turns):.1f} (median {statistics.median(turns)}, "
          f"min {min(turns)}, max {max(turns)}); actions mean {statistics.fmean(acts):.0f} "
          f"(median {statistics.median(acts):.0f})")
    print(f"  CPU seconds a game (both agents and the engine): "
          f"mean {statistics.fmean(r['seconds'] for r in rows):.2f}")
    print(f"  a heuristic decision (CPU): {_ms(times)}")


def _how(text: str) -> str:
    t = text.lower()
    if "mount doom" in t or "fire" in t:
        return "the Ring destroyed"
    if "barad" in t:
        return "the Ring in Barad-dûr"
    if "objectives" in t or "military" in t:
        return "military victory"
    if "turn" in t and ("draw" in t or "undecided" in t):
        return "turn limit (draw)"
    return text[:40] or "?"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--random", type=int, default=3, help="random games per player count (default 3)")
    ap.add_argument("--games", type=int, default=10, help="heuristic games per player count (default 10)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--turn", type=int, default=6, help="play the timed game to this turn (default 6)")
    ap.add_argument("--decisions", type=int, default=300, help="decisions timed there (default 300)")
    ap.add_argument("--players", default="2,3", help="player counts (default 2,3)")
    ap.add_argument("--workers", type=int, default=1, help="processes for the heuristic games (default 1)")
    args = ap.parse_args(argv)
    import ringwar
    counts = [int(x) for x in args.players.split(",") if x.strip()]
    print(f"ringwar {ringwar.__version__}, {SYSTEM}, Python {platform.python_version()}, one core")
    for p in counts:
        random_play(args.random, args.seed, p)
    for p in counts:
        engine_calls(args.seed, args.turn, args.decisions, p)
    for p in counts:
        if args.games:
            heuristic_games(args.games, args.seed, p, args.workers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
