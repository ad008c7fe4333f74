#!/usr/bin/env python3
"""Game traces: what a game offers and shows at every step, recorded once and checked later,
so that an engine rebuilt underneath (issue 13) can be shown to play the same games.

    python tools/trace.py record --system sauron --seeds 1-20 --policy random --out /tmp/s.json.gz
    python tools/trace.py record --system gondor --seeds 1-5 --policy heuristic --max-steps 800 --out F
    python tools/trace.py check /tmp/s.json.gz            # replay and compare, step by step
    python tools/trace.py check F --ignore hash            # when the state hash is meant to change
    python tools/trace.py record ... --skip views          # lighter: legal actions, events, hash

A trace keeps, for each game (system, seed, options) and each step: the action played (as the
policy chose it from the legal actions), and digests of what the players saw around it —
the set of legal actions before it (order ignored: a rebuilt engine may list them in another
order), the events ``apply`` returned (in order), every side's view and the full view after
it, and the state hash after it.  ``check`` replays the recorded actions (not the policy, so a
different order of legal actions does not steer the game elsewhere) and reports, for each game,
the first step where any of these differs, and which.

The digests are the first 12 hex digits of SHA-256 over canonical JSON (sorted keys), so a
trace is small enough to keep in the test suite (``tests/traces``).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

FORMAT, VERSION = "ringwar-trace", 1
PARTS = ("legal", "events", "views", "hash")


def digest(obj: Any) -> str:
    blob = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(blob.encode()).hexdigest()[:12]


def observe_legal(game: Any) -> tuple[list[dict], str]:
    legal = game.legal_actions()
    return legal, digest(sorted(digest(a) for a in legal))


def observe_after(game: Any, events: list[dict], skip: frozenset[str] = frozenset()) -> dict[str, str | None]:
    """Digests of what a step showed (None for a part in ``skip``: not recorded)."""
    views = None if "views" in skip else digest({str(s): game.view(s) for s in [*game.sides, None]})
    return {"events": None if "events" in skip else digest(events), "views": views,
            "hash": game.state_hash()[:12]}


def seeds_of(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def record_game(system: str, seed: int, policy: str, max_steps: int, options: dict | None,
                skip: frozenset[str] = frozenset()) -> dict:
    import ringwar
    from ringwar.ai import agent_seed, make_agent
    from ringwar.core.engine import unattended_options

    opts = unattended_options(system, options)
    game = ringwar.new_game(system, seed=seed, options=opts)
    agents = {s: make_agent(policy, agent_seed(seed, k)) for k, s in enumerate(game.sides)}
    steps = []
    while game.result is None and len(steps) < max_steps:
        legal, legal_d = observe_legal(game)
        side = game.to_act
        agent = agents[side]
        view = game.view(side) if getattr(agent, "uses_view", True) else {
            "side": side, "to_act": side, "turn": game.turn, "phase": game.phase}
        action = agent.choose(view, legal)
        events = game.apply(action)
        steps.append([action, legal_d, *observe_after(game, events, skip).values()])
    return {"system": system, "seed": seed, "options": opts, "policy": policy,
            "result": game.result, "steps": steps}


def check_game(g: dict, ignore: set[str]) -> tuple[int, list[str]] | None:
    """The first step (0-based) where the replay differs from the trace, and what differs."""
    import ringwar
    from ringwar.core.errors import IllegalAction

    game = ringwar.new_game(g["system"], seed=g["seed"], options=g["options"])
    skip = frozenset(k for k, i in (("events", 2), ("views", 3)) if g["steps"] and g["steps"][0][i] is None)
    for i, (action, legal_d, events_d, views_d, hash_d) in enumerate(g["steps"]):
        _, now_legal = observe_legal(game)
        wrong = ["legal"] if now_legal != legal_d and "legal" not in ignore else []
        try:
            events = game.apply(action)
        except IllegalAction as e:
            return i, [*wrong, f"the action is refused: {e}"]
        now = observe_after(game, events, skip)
        wrong += [k for k, want in zip(("events", "views", "hash"), (events_d, views_d, hash_d), strict=True)
                  if k not in ignore and k not in skip and now[k] != want]
        if wrong:
            return i, wrong
    return None                    # (the result is in every view: no separate check)


def write(path: Path, games: list[dict]) -> None:
    data = json.dumps({"format": FORMAT, "version": VERSION, "games": games},
                      separators=(",", ":"), ensure_ascii=False).encode()
    with gzip.GzipFile(path, "wb", mtime=0) as f:      # mtime 0: the same games, the same bytes
        f.write(data)


def read(path: Path) -> list[dict]:
    data = json.loads(gzip.decompress(path.read_bytes()))
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SystemExit(f"{path}: not a {FORMAT} version {VERSION} file")
    return data["games"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    rec = sub.add_parser("record", help="play games and write their trace")
    rec.add_argument("--system", required=True)
    rec.add_argument("--seeds", default="1-5", help="e.g. 1-20 or 1,4,9")
    rec.add_argument("--policy", default="random", help="the agent playing every side (random, heuristic)")
    rec.add_argument("--max-steps", type=int, default=100_000, help="stop each game after N steps")
    rec.add_argument("--options", default="{}", help="game options as JSON (besides the unattended ones)")
    rec.add_argument("--out", required=True, type=Path)
    rec.add_argument("--append", action="store_true", help="add to the games already in --out")
    rec.add_argument("--skip", action="append", default=[], choices=("events", "views"),
                     help="record no digest of this part (faster: for large comparisons)")
    chk = sub.add_parser("check", help="replay a trace and report the first difference of each game")
    chk.add_argument("trace", type=Path)
    chk.add_argument("--ignore", action="append", default=[], choices=PARTS)
    args = ap.parse_args(argv)

    if args.cmd == "record":
        games = read(args.out) if args.append and args.out.exists() else []
        for seed in seeds_of(args.seeds):
            t0 = time.perf_counter()
            g = record_game(args.system, seed, args.policy, args.max_steps, json.loads(args.options),
                            frozenset(args.skip))
            games.append(g)
            print(f"{args.system} seed {seed} {args.policy}: {len(g['steps'])} steps, "
                  f"{'result ' + str((g['result'] or {}).get('winner')) if g['result'] else 'unfinished'}"
                  f" ({time.perf_counter() - t0:.1f} s)", flush=True)
        write(args.out, games)
        print(f"wrote {args.out}: {len(games)} games, {sum(len(g['steps']) for g in games)} steps")
        return 0

    games = read(args.trace)
    bad = 0
    for g in games:
        t0 = time.perf_counter()
        diff = check_game(g, set(args.ignore))
        name = f"{g['system']} seed {g['seed']} {g['policy']} ({len(g['steps'])} steps)"
        if diff is None:
            print(f"same      {name} ({time.perf_counter() - t0:.1f} s)", flush=True)
        else:
            bad += 1
            print(f"DIFFERENT {name}: step {diff[0]}: {', '.join(diff[1])}", flush=True)
    print(f"{len(games) - bad} of {len(games)} games the same")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
