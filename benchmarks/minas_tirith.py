"""The Siege of Minas Tirith on one core: random play, and the cost of the engine's calls on a
crowded mid-assault table.

    .venv/bin/python benchmarks/minas_tirith.py                # defaults: 5 random games
    .venv/bin/python benchmarks/minas_tirith.py --games 10 --turn 5 --seed 1

1. Random play (``RandomAgent`` both sides, the agents of ``ringwar selfplay``): decisions
   per second (``legal_actions()`` + ``apply()`` timed) and full games per second (wall
   time of whole games, views not built).  Target of the issue: a game under 5 s.
2. A crowded table: two heuristic agents play seed SEED until Turn TURN (the towers
   docked, Grond at the Gate, the Host at the walls); from there, for the next DECISIONS
   decisions, each is timed on a fresh clone: ``legal_actions()`` (split into decisions
   of a Round, mostly ``select``s, and the menus of a selected actor), ``apply()`` of the
   chosen action, ``clone()`` and ``view(side)``.  Target: ``legal_actions()`` under 5 ms.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time


def _ms(xs: list[float]) -> str:
    if not xs:
        return "-"
    xs = sorted(xs)
    return (f"mean {1000 * statistics.fmean(xs):.2f} ms, median {1000 * xs[len(xs) // 2]:.2f}, "
            f"p90 {1000 * xs[int(len(xs) * 0.9)]:.2f}, max {1000 * xs[-1]:.2f} (n={len(xs)})")


def random_play(games: int, seed: int) -> None:
    import ringwar
    from ringwar.ai import RandomAgent

    decisions = 0
    timed = 0.0
    wall = 0.0
    for i in range(games):
        g = ringwar.new_game("minas-tirith", seed=seed + i)
        agents = {s: RandomAgent(seed * 7 + 2 * i + k) for k, s in enumerate(g.sides)}
        t0 = time.perf_counter()
        n = 0
        while g.result is None and n < 50_000:
            a0 = time.perf_counter()
            legal = g.legal_actions()
            a = agents[g.to_act].choose({}, legal)
            g.apply(a)
            timed += time.perf_counter() - a0
            n += 1
        dt = time.perf_counter() - t0
        wall += dt
        decisions += n
        res = g.result or {}
        print(f"  game {i + 1}: seed {seed + i}, {n} decisions, {dt:.2f} s, turn {g.turn}, "
              f"{res.get('winner')} ({res.get('level')})")
    print(f"random play: {decisions / timed:.0f} decisions/s (legal_actions + apply), "
          f"{games / wall:.2f} games/s, {wall / games:.2f} s a game")


def crowded(seed: int, turn: int, decisions: int) -> None:
    import ringwar
    from ringwar.ai import make_agent

    g = ringwar.new_game("minas-tirith", seed=seed)
    agents = {s: make_agent("heuristic", seed * 2 + k) for k, s in enumerate(g.sides)}
    t0 = time.perf_counter()
    while g.result is None and g.turn < turn:
        side = g.to_act
        g.apply(agents[side].choose(g.view(side), g.legal_actions()))
    near = sum(1 for u in g.units.values() if u.placed and u.side == "dark-lord"
               and (u.x ** 2 + (u.y - 48) ** 2) ** 0.5 < 56)
    placed = sum(1 for u in g.units.values() if u.placed)
    print(f"crowded table: heuristic play of seed {seed} to Turn {g.turn} "
          f"({len(g.record.actions)} actions, {time.perf_counter() - t0:.1f} s): "
          f"{placed} units on the table, {near} of the Host within 14″ of the walls, "
          f"{sum(e.docked for e in g.engines.values())} towers docked, "
          f"Gate {'broken' if g.great_gate_broken else 'standing'}")
    round_legal: list[float] = []
    menu_legal: list[float] = []
    sizes: list[int] = []
    applies: list[float] = []
    clones: list[float] = []
    views: list[float] = []
    for _ in range(decisions):
        if g.result is not None:
            break
        side = g.to_act
        c0 = time.perf_counter()
        probe = g.clone()
        clones.append(time.perf_counter() - c0)
        l0 = time.perf_counter()
        legal = probe.legal_actions()
        dt = time.perf_counter() - l0
        (menu_legal if g.selected is not None else round_legal).append(dt)
        sizes.append(len(legal))
        v0 = time.perf_counter()
        view = g.view(side)
        views.append(time.perf_counter() - v0)
        a = agents[side].choose(view, g.legal_actions())
        p0 = time.perf_counter()
        probe.apply(a)
        applies.append(time.perf_counter() - p0)
        g.apply(a)
    print(f"  legal_actions(), a Round's choices: {_ms(round_legal)}")
    print(f"  legal_actions(), a selected actor's menu: {_ms(menu_legal)}")
    print(f"  legal_actions() overall: {_ms(round_legal + menu_legal)}; "
          f"{statistics.fmean(sizes):.1f} actions on average, at most {max(sizes)}")
    print(f"  apply(): {_ms(applies)}")
    print(f"  clone(): {_ms(clones)}")
    print(f"  view(side): {_ms(views)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=5, help="random games (default 5)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--turn", type=int, default=5, help="play the crowded game to this Turn (default 5)")
    ap.add_argument("--decisions", type=int, default=300, help="decisions timed there (default 300)")
    args = ap.parse_args(argv)
    import ringwar
    print(f"ringwar {ringwar.__version__}, minas-tirith, Python {platform.python_version()}, one core")
    random_play(args.games, args.seed)
    crowded(args.seed, args.turn, args.decisions)
    return 0


if __name__ == "__main__":
    sys.exit(main())
