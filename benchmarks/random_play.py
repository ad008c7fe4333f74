"""Random play on one core: actions per second and full games per second.

    .venv/bin/python benchmarks/random_play.py --system sauron --games 3 --seed 1
    .venv/bin/python benchmarks/random_play.py --system gondor --games 3 --seed 1

Plays complete games between random agents (``ringwar.ai.RandomAgent``, the agents of
``ringwar selfplay``), timing ``legal_actions()`` + ``apply()`` only.  Stops starting new
games once ``--budget`` seconds have passed, so it stays bounded in time.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--system", default="sauron", help="game system (default sauron)")
    ap.add_argument("--games", type=int, default=3, help="games to play (default 3)")
    ap.add_argument("--seed", type=int, default=1, help="game i uses seed SEED+i (default 1)")
    ap.add_argument("--budget", type=float, default=120.0,
                    help="start no new game after this many seconds (default 120)")
    ap.add_argument("--max-actions", type=int, default=100_000,
                    help="give up on a game after this many actions (default 100000)")
    ap.add_argument("-o", "--option", action="append", default=[], metavar="NAME=VALUE",
                    help="a game option, as JSON if it parses (e.g. reinforcements_enter_14_0=false "
                         "to play the games an older tree plays); repeatable")
    args = ap.parse_args(argv)

    import ringwar
    from ringwar.ai import PlayError, agent_seed, make_agent, play_game
    from ringwar.core.engine import unattended_options
    from ringwar.sim.options import parse_options

    options = parse_options(args.option)

    total_actions = 0
    total_time = 0.0
    finished = 0
    start = time.perf_counter()
    print(f"ringwar {ringwar.__version__}, {args.system}, Python {platform.python_version()}, one core")
    for i in range(args.games):
        if i and time.perf_counter() - start > args.budget:
            print(f"budget of {args.budget:.0f} s spent: stopping after {i} games")
            break
        seed = args.seed + i
        # unattended play: the system's SIMULATION_OPTIONS (a round limit the rules lack)
        game = ringwar.new_game(args.system, seed=seed, options=unattended_options(args.system, options))
        agents = {s: make_agent("random", agent_seed(seed, k)) for k, s in enumerate(game.sides)}
        t0 = time.perf_counter()
        try:
            play_game(game, agents, max_actions=args.max_actions)
            status = "finished"
        except PlayError as e:
            status = f"NOT FINISHED ({e})"
        dt = time.perf_counter() - t0
        n = len(game.record.actions)
        total_actions += n
        total_time += dt
        finished += game.result is not None
        print(f"game seed {seed}: {n} actions, turn {game.turn}, {dt:.2f} s "
              f"({n / dt:,.0f} actions/s), {status}", flush=True)
    if total_time <= 0:
        print("no games played")
        return 1
    print(f"random-play actions per second: {total_actions / total_time:,.0f}")
    print(f"full games per second: {finished / total_time:.3f} "
          f"({total_time / max(finished, 1):.2f} s per game)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
