"""Battle of the Ring: random-play speed on one core, and a search for dead ends.

    .venv/bin/python benchmarks/ring_random.py [--games N] [--players 2|3] [--rounds R]
                                               [--master SEED]

Plays N complete games, every move ``rng.choice(game.legal_actions())``, and checks the
contract's no-dead-end invariant after every action: while ``game.result`` is None the
side to act has at least one legal action.  A game that breaks it is reported (seed,
players, round, phase, the piece moving) and the run exits with status 1.

Game i uses seed i and ``random.Random(i)`` for its moves; with ``--master SEED`` one
``random.Random(SEED)`` draws every game's seed (0..2^63-1) and every move instead, as a
quick script would.  Prints actions per second (each a ``legal_actions()`` + ``apply()``)
and complete games per second.  Random play seldom wins, so most games run to the round
limit (the option ``round_limit``, 30 by default here as in simulations).
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import ringwar


def play(seed: int, players: int, rounds: int, rng: random.Random) -> tuple[int, str | None]:
    """Play one game; returns (actions, None) or (actions, a description of the dead end)."""
    g = ringwar.new_game("battle-of-the-ring", seed=seed,
                         options={"players": players, "round_limit": rounds})
    n = 0
    while g.result is None:
        legal = g.legal_actions()
        if not legal:
            return n, (f"seed {seed}, {players} players: no legal action for {g.to_act} after "
                       f"{n} actions (round {g.turn}, {g.phase}, moving {g.moving}, "
                       f"pending {g.pending})")
        g.apply(rng.choice(legal))
        n += 1
    return n, None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--players", type=int, choices=(2, 3), default=None,
                    help="default: alternate 3 and 2")
    ap.add_argument("--rounds", type=int, default=30, help="the round_limit option")
    ap.add_argument("--master", type=int, default=None,
                    help="draw the seeds and the moves from one random.Random(MASTER)")
    args = ap.parse_args()
    master = random.Random(args.master) if args.master is not None else None
    t0 = time.perf_counter()
    actions = 0
    dead: list[str] = []
    for i in range(args.games):
        players = args.players or (3 if i % 2 == 0 else 2)
        if master is not None:
            seed, rng = master.randrange(2**63), master
        else:
            seed, rng = i, random.Random(i)
        n, why = play(seed, players, args.rounds, rng)
        actions += n
        if why is not None:
            dead.append(why)
            print("DEAD END:", why, flush=True)
    dt = time.perf_counter() - t0
    print(f"battle-of-the-ring random play: {args.games} games of up to {args.rounds} rounds, "
          f"{actions} actions in {dt:.2f} s")
    print(f"  {actions / dt:,.0f} actions/s   {args.games / dt:.2f} games/s   "
          f"{actions / args.games:,.0f} actions/game")
    print(f"  no-dead-end invariant checked after every action: {len(dead)} dead end(s)")
    if dead:
        sys.exit(1)


if __name__ == "__main__":
    main()
