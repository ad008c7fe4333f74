"""Fit a game's learned evaluation: the logistic model of its ``evaluation.py``.

    PYTHONPATH=src .venv/bin/python tools/fit_evaluation.py --system war-of-the-ring --games 400
    PYTHONPATH=src .venv/bin/python tools/fit_evaluation.py --system minas-tirith --games 100

A system with a learned evaluation has an ``evaluation`` module in its package that gives
``FEATURES`` (the names, in the weights' order), ``features(view)`` and ``seat_kind(side)``
(which model a side uses), and reads its weights from its package's
``data/evaluation.json``.  This tool plays games between the rules of thumb (every other
game with more noise, for positions the plain heuristic would not reach), records at the
start of each stretch a side plans (``Game.plan_segment``: where the search judges plans)
the features its own view shows, labels each record with whether that side went on to win
(a draw counts 1/2), and fits one logistic model per seat kind by Newton's method with a
little L2 (numpy, from the ``rl`` extra).  It prints each model's log loss and accuracy on
the held-out last fifth of the games against the base rate, then writes the weights, fitted
on every game (``--dry-run``: print only).
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import time
from pathlib import Path
from typing import Any


def evaluation_module(system: str) -> Any:
    from ringwar.core.engine import system_class
    package = system_class(system).__module__.rsplit(".", 1)[0]
    return importlib.import_module(f"{package}.evaluation")


def collect(system: str, games: int, seed: int, max_actions: int
            ) -> dict[str, list[tuple[list[float], float]]]:
    import ringwar
    from ringwar.ai import agent_seed
    from ringwar.ai.heuristic import HeuristicAgent
    from ringwar.core.engine import unattended_options

    ev = evaluation_module(system)
    rows: dict[str, list[tuple[list[float], float]]] = {}
    for i in range(games):
        s = seed + i
        g = ringwar.new_game(system, seed=s, options=unattended_options(system))
        noise = 0.01 if i % 2 == 0 else 0.5
        agents = {side: HeuristicAgent(agent_seed(s, k), noise=noise) for k, side in enumerate(g.sides)}
        seen: dict[str, object] = {}
        recs: list[tuple[str, list[float]]] = []
        for _ in range(max_actions):
            if g.result is not None:
                break
            for side in g.sides:
                key = g.plan_segment(side)
                if key is not None and seen.get(side) != key:
                    seen[side] = key
                    recs.append((side, ev.features(g.view(side))))
            actor = g.to_act
            legal = g.legal_actions()
            g.apply(legal[0] if len(legal) == 1 else agents[actor].choose(g.view(actor), legal))
        winner = (g.result or {}).get("winner")
        for side, x in recs:
            y = 0.5 if winner is None else (1.0 if winner == side else 0.0)
            rows.setdefault(ev.seat_kind(side), []).append((x, y))
    return rows


def fit(rows: list[tuple[list[float], float]], l2: float = 1e-2) -> list[float]:
    import numpy as np
    X = np.array([x for x, _ in rows])
    y = np.array([t for _, t in rows])
    w = np.zeros(X.shape[1])
    reg = l2 * np.eye(X.shape[1])
    reg[0, 0] = 0.0                                     # the bias is not shrunk
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(X @ w, -30, 30)))
        grad = X.T @ (p - y) + reg @ w
        H = (X * (p * (1 - p))[:, None]).T @ X + reg + 1e-9 * np.eye(X.shape[1])
        step = np.linalg.solve(H, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [float(v) for v in w]


def score(rows: list[tuple[list[float], float]], w: list[float]) -> tuple[float, float]:
    loss, right = 0.0, 0
    for x, y in rows:
        p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, sum(a * b for a, b in zip(w, x, strict=True))))))
        p = min(1 - 1e-9, max(1e-9, p))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
        right += (p >= 0.5) == (y >= 0.5)
    return loss / max(1, len(rows)), right / max(1, len(rows))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--system", required=True)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--max-actions", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    ev = evaluation_module(args.system)
    FEATURES = ev.FEATURES
    t0 = time.perf_counter()
    rows = collect(args.system, args.games, args.seed, args.max_actions)
    print(f"{args.games} games, {sum(len(r) for r in rows.values())} positions, "
          f"{time.perf_counter() - t0:.0f} s")
    weights = {}
    for kind, data in rows.items():
        cut = len(data) * 4 // 5
        w = fit(data[:cut])
        base = sum(y for _, y in data[:cut]) / max(1, cut)
        b = math.log(max(1e-6, base) / max(1e-6, 1 - base))
        base_w = [b] + [0.0] * (len(FEATURES) - 1)
        loss, acc = score(data[cut:], w)
        bloss, bacc = score(data[cut:], base_w)
        print(f"{kind}: {len(data)} positions; held out {len(data) - cut}: log loss {loss:.3f} "
              f"(base rate {bloss:.3f}), accuracy {acc:.1%} (base rate {bacc:.1%})")
        print("   " + ", ".join(f"{f} {v:+.3f}" for f, v in zip(FEATURES, w, strict=True)))
        weights[kind] = fit(data)                      # the shipped model sees every game
    if not args.dry_run:
        out = Path(ev.__file__).parent / "data" / "evaluation.json"
        out.write_text(json.dumps({
            "about": f"{args.system} evaluation: logistic weights per seat kind, fitted by "
                     f"tools/fit_evaluation.py --system {args.system} --games {args.games} "
                     f"--seed {args.seed}",
            "features": list(FEATURES),
            "weights": {k: [round(v, 4) for v in w] for k, w in weights.items()}}, indent=1) + "\n",
            encoding="utf-8")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
