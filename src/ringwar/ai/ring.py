"""Rules of thumb for the Battle of the Ring (the strategic game), used by
:class:`~ringwar.ai.heuristic.HeuristicAgent` when the view's system is
``battle-of-the-ring``.  Like every agent it sees only its side's view.

A piece moves one hex per ``step`` decision: a step is scored by how much nearer it takes
the piece to the nearest enemy and to the objectives (and the Ring, when its hex is
visible); ``stop`` is preferred beside an enemy; attacks and building are taken.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..core import hexes as hx

Action = dict[str, Any]


class RingPolicy:
    """Scores the legal actions of a Battle of the Ring view, best first."""

    def __init__(self, rng: random.Random, noise: float = 0.0) -> None:
        self.rng = rng
        self.noise = noise

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        from .heuristic import _Context

        side = view.get("side") or view.get("to_act") or ""
        ctx = _Context(view, side)
        scored = []
        for a in legal:
            s = self.score(ctx, a)
            if self.noise:
                s += self.rng.random() * self.noise
            scored.append((s, a))
        scored.sort(key=lambda t: -t[0])
        return scored

    def score(self, ctx: Any, a: Action) -> float:
        t = a.get("type")
        fn = getattr(self, f"_s_{t}", None)
        if fn is not None:
            return fn(ctx, a)
        if t in ("end", "end_phase"):
            return 0.0
        return 0.05

    def _s_attack(self, ctx: Any, a: Action) -> float:
        return 1.0

    def _s_step(self, ctx: Any, a: Action) -> float:
        moving = ctx.view.get("moving") or {}
        path = moving.get("path") or []
        here = path[-1] if path else None
        to = a.get("hex")
        if not here or not to:
            return 0.1
        if to in path:
            return -1.0
        targets = list(ctx.objectives)
        ring = (ctx.view.get("ring") or {}).get("hex")
        if ring:
            targets.append(ring)
        d_here = ctx.nearest_enemy(here)
        d_to = ctx.nearest_enemy(to)
        s = 0.3 * (d_here - d_to)
        if targets:
            s += 0.2 * (min(hx.distance(here, t) for t in targets) - min(hx.distance(to, t) for t in targets))
        return s + 0.05

    def _s_stop(self, ctx: Any, a: Action) -> float:
        moving = ctx.view.get("moving") or {}
        path = moving.get("path") or []
        here = path[-1] if path else None
        return 0.4 if here and ctx.adjacent_enemies(here) else 0.0

    def _s_build(self, ctx: Any, a: Action) -> float:
        return 0.6

    def _s_permit(self, ctx: Any, a: Action) -> float:
        return 0.1


def evaluate_ring(view: dict[str, Any], side: str) -> float:
    """The value in [-1, 1] of a Battle of the Ring ``view`` for ``side`` (the leaves of the
    MCTS search): pieces on the map, the Ring's holder."""
    mine = 0
    others: dict[str, int] = {}
    for u in view.get("units", ()):
        owner = u.get("player") or u.get("side")
        if u.get("hex") is None:
            continue
        if owner == side:
            mine += 1
        elif owner:
            others[owner] = others.get(owner, 0) + 1
    best_other = max(others.values()) if others else 0
    score = (mine - best_other) / max(1, mine + best_other)
    ring = view.get("ring") or {}
    holder = ring.get("holder")
    if holder == side:
        score += 0.3
    elif holder:
        score -= 0.15
    return math.tanh(score)
