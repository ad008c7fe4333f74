"""Battle of the Ring: random-play speed on one core.

    .venv/bin/python benchmarks/ring_random.py [--games N] [--players 2|3] [--rounds R]

Prints actions per second (each a ``legal_actions()`` + ``apply()``) and complete games per
second.  Random play almost never wins, so games run to the round limit (30 by default).
"""

from __future__ import annotations

import argparse
import random
import time

import ringwar


def play(seed: int, players: int, rounds: int) -> int:
    g = ringwar.new_game("battle-of-the-ring", seed=seed,
                         options={"players": players, "max_rounds": rounds})
    rng = random.Random(seed)
    n = 0
    while g.result is None:
        g.apply(rng.choice(g.legal_actions()))
        n += 1
    return n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, choices=(2, 3), default=None,
                    help="default: alternate 3 and 2")
    ap.add_argument("--rounds", type=int, default=30, help="max_rounds option")
    args = ap.parse_args()
    t0 = time.perf_counter()
    actions = 0
    for i in range(args.games):
        players = args.players or (3 if i % 2 == 0 else 2)
        actions += play(i, players, args.rounds)
    dt = time.perf_counter() - t0
    print(f"battle-of-the-ring random play: {args.games} games of up to {args.rounds} rounds, "
          f"{actions} actions in {dt:.2f} s")
    print(f"  {actions / dt:,.0f} actions/s   {args.games / dt:.2f} games/s   "
          f"{actions / args.games:,.0f} actions/game")


if __name__ == "__main__":
    main()
