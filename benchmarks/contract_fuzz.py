"""The engine contract fuzzed at scale: thousands of random games of every system, each to its
end, with :func:`ringwar.core.contract.play_checked` (no dead ends, refusals change nothing,
selections are free, meta actions end the game, records replay).  Prints games, actions and
broken promises per system; exits 1 if any promise broke.

    .venv/bin/python benchmarks/contract_fuzz.py                      # 500 games per system
    .venv/bin/python benchmarks/contract_fuzz.py --games 2000 --workers 2
    .venv/bin/python benchmarks/contract_fuzz.py --system battle-of-the-ring:3 --games 5000

Systems are named ``NAME`` or ``NAME:PLAYERS``; the default is every registered system, and
Battle of the Ring with both 2 and 3 players.  Game ``i`` of a system uses seed
``--seed + i``: a failure names its seed, and ``play_checked(system, options, seed)``
reproduces it.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any


def one(system: str, options: dict[str, Any], seed: int) -> tuple[int, str | None]:
    from ringwar.core.contract import ContractBroken, play_checked
    try:
        g = play_checked(system, options, seed, replay_check=seed % 20 == 0)
    except ContractBroken as e:
        return 0, f"{system} {options} seed {seed}: {e}"
    except Exception as e:   # a crash is a broken promise too
        return 0, f"{system} {options} seed {seed}: {type(e).__name__}: {e}"
    return len(g.record.actions), None


def variants(names: list[str] | None) -> list[tuple[str, dict[str, Any]]]:
    import ringwar
    from ringwar.core.engine import system_class
    if not names:
        names = []
        for s in ringwar.available_systems():
            players = system_class(s).option_specs().get("players")
            names += [f"{s}:{p}" for p in players.choices] if players and players.choices else [s]
    out = []
    for n in names:
        system, _, p = n.partition(":")
        out.append((system, {"players": int(p)} if p else {}))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--system", action="append", help="NAME or NAME:PLAYERS (repeatable)")
    ap.add_argument("--games", type=int, default=500, help="games per system (default 500)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    ap.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = ap.parse_args(argv)
    import ringwar
    print(f"ringwar {ringwar.__version__}: contract fuzz, {args.games} games per system, "
          f"{args.workers} workers")
    broken_total = 0
    with ProcessPoolExecutor(args.workers) as pool:
        for system, options in variants(args.system):
            name = system + (f" ({options['players']} players)" if options else "")
            t = time.perf_counter()
            futures = [pool.submit(one, system, options, args.seed + i) for i in range(args.games)]
            actions, broken = 0, []
            for f in as_completed(futures):
                n, err = f.result()
                actions += n
                if err:
                    broken.append(err)
            dt = time.perf_counter() - t
            broken_total += len(broken)
            print(f"{name:32} {args.games:6d} games  {actions:10,d} actions  {dt:7.1f} s  "
                  f"{len(broken)} broken")
            for err in broken[:10]:
                print("   ", err)
    return 1 if broken_total else 0


if __name__ == "__main__":
    sys.exit(main())
