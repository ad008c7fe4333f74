"""The ladder of difficulty levels: each level against the next (ai/levels.py), sides
swapped, and the stronger level's score with a 95 % Wilson interval.

    .venv/bin/python benchmarks/ladder.py --system sauron --games 2
    .venv/bin/python benchmarks/ladder.py --system gondor --games 200 --pair standard:strong

Game ``g`` of a pair is played on dice seed ``seed + g // n`` (``n``: the number of sides),
the stronger level in seat ``g % n`` and the weaker in every other seat, so each seed is
played once with the stronger in each seat.  A win counts 1, a draw 1/2 (a game that does
not end within ``--max-actions`` counts as a draw and is reported).  Each side's figures are
printed separately.  The levels think as declared (``--untimed``: without their time bound,
the search's whole budget: reproducible on any machine, slower on a slow one).

One process, one core: the figures depend on the machine and its load (printed first).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from typing import Any


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion (a draw counts 1/2 a success)."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, centre - half), min(1.0, centre + half)


def play_pair(system: str, weaker: str, stronger: str, games: int, seed: int, timed: bool,
              max_actions: int, options: dict[str, Any] | None = None,
              echo: Any = print) -> dict[str, Any]:
    import ringwar
    from ringwar.ai import RunawayGame, agent_seed, play_game
    from ringwar.ai.levels import make_level_agent
    from ringwar.core.engine import unattended_options

    opts = unattended_options(system, options)
    sides = list(ringwar.new_game(system, seed=seed, options=opts).sides)
    n = len(sides)
    score = 0.0
    per_side: dict[str, list[float]] = {s: [] for s in sides}
    runaway = 0
    t0 = time.perf_counter()
    for g in range(games):
        game_seed = seed + g // n
        strong_seat = g % n
        game = ringwar.new_game(system, seed=game_seed, options=opts)
        agents = {s: make_level_agent(stronger if i == strong_seat else weaker,
                                      agent_seed(game_seed, i), timed=timed)
                  for i, s in enumerate(game.sides)}
        try:
            play_game(game, agents, max_actions=max_actions)
            result = game.result
        except RunawayGame:
            result, runaway = None, runaway + 1
        side = game.sides[strong_seat]
        winners = set((result or {}).get("winners") or ()) | (
            {result["winner"]} if result and result.get("winner") else set())
        s = 1.0 if side in winners else (0.0 if winners else 0.5)
        score += s
        per_side[side].append(s)
        echo(f"  game {g + 1}/{games}: seed {game_seed}, {stronger} as {side}: "
             f"{'win' if s == 1 else 'loss' if s == 0 else 'draw'}"
             f" ({(result or {}).get('text', 'no result: runaway')}; "
             f"{len(game.record.actions)} actions, {time.perf_counter() - t0:.0f} s so far)")
    return {"system": system, "weaker": weaker, "stronger": stronger, "games": games,
            "score": score, "interval": wilson(score, games), "runaway": runaway,
            "per_side": {s: (sum(v), len(v), wilson(sum(v), len(v))) for s, v in per_side.items() if v},
            "seconds": time.perf_counter() - t0}


def main(argv: list[str] | None = None) -> int:
    from ringwar.ai.levels import level_names, next_level

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--system", default="sauron")
    ap.add_argument("--games", type=int, default=2, help="games per pair (default 2: a check)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pair", action="append", metavar="WEAKER:STRONGER",
                    help="a pair of levels (repeatable; default: each level against the next)")
    ap.add_argument("--untimed", action="store_true", help="no time bound on a level's search")
    ap.add_argument("--max-actions", type=int, default=20_000)
    ap.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                    help="a game option (JSON value), e.g. -o players=2")
    args = ap.parse_args(argv)
    from ringwar.sim.options import parse_options
    options = parse_options(args.option)
    if args.pair:
        pairs = [tuple(p.split(":", 1)) for p in args.pair]
    else:
        pairs = [(lv, next_level(lv)) for lv in level_names() if next_level(lv)]
    for weaker, stronger in pairs:
        for lv in (weaker, stronger):
            if lv not in level_names():
                ap.error(f"unknown level {lv!r} (levels: {', '.join(level_names())})")
    print(f"ladder: {args.system}, {args.games} games a pair, seed {args.seed}"
          f"{', untimed' if args.untimed else ''}; python {sys.version.split()[0]}, "
          f"{os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}")
    for weaker, stronger in pairs:
        print(f"{stronger} against {weaker}:")
        r = play_pair(args.system, weaker, stronger, args.games, args.seed, not args.untimed,
                      args.max_actions, options)
        lo, hi = r["interval"]
        print(f"{stronger} scores {r['score']:g}/{r['games']} = {100 * r['score'] / max(1, r['games']):.1f} % "
              f"against {weaker} [95 % Wilson {100 * lo:.1f}-{100 * hi:.1f}]"
              + (f"; {r['runaway']} runaway" if r["runaway"] else "")
              + f"; {r['seconds']:.0f} s")
        for side, (s, n, (slo, shi)) in r["per_side"].items():
            print(f"  as {side}: {s:g}/{n} = {100 * s / n:.1f} % [{100 * slo:.1f}-{100 * shi:.1f}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
