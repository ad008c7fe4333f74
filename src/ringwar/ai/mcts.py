"""Monte Carlo tree search over the engine contract (open-loop, information-set sampling).

Each iteration

1. asks the runner's :class:`~ringwar.ai.worlds.WorldFactory` for a *world*: a copy of the
   game consistent with the agent's own view, the other side's secrets re-dealt and the
   dice reseeded (so the search never reads the true hidden state nor the dice to come);
2. walks down the tree from the root, re-applying the actions stored in its nodes
   (open loop: a node is a sequence of actions, the dice fall anew in every world, so chance
   is sampled rather than enumerated); at each node it picks by UCB1 among the legal
   candidates, a node's candidates being the heuristic's best ``width`` actions (a
   ``select`` is a cheap internal node like any other);
3. expands one new node, then plays ``rollout`` actions with the heuristic policy and
   scores the position with :func:`ringwar.ai.evaluate.evaluate` from every side's view;
4. backs the value up, each node counting it for the side that chose its action.

The move played is the most visited root candidate.  Budgets: ``iterations`` (reproducible
with the seed) and/or ``think`` seconds (whichever ends first; a time budget depends on the
machine, so it is not reproducible).  Decisions that need no search are left to the
heuristic: a single legal action, choosing which unit to move next (``select``), set-up
placements, and a clear best move (the heuristic's margin above ``margin``).

Without a world factory (an agent driven by hand with only a view) it plays as the
heuristic does.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.engine import action_key
from .evaluate import evaluate
from .heuristic import HeuristicAgent

Action = dict[str, Any]

#: decisions left to the heuristic (ordering and set-up, not tactics)
DELEGATED = frozenset({"select", "place", "deploy_rest"})


class _Node:
    __slots__ = ("actor", "n", "w", "children", "cands")

    def __init__(self, actor: str | None) -> None:
        self.actor = actor
        self.n = 0
        self.w = 0.0
        self.children: dict[tuple, _Node] = {}
        self.cands: list[Action] | None = None


class MCTSAgent:
    """Information-set MCTS; see the module doc."""

    name = "mcts"
    needs_world = True

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, width: int = 4, depth: int = 4,
                 rollout: int = 12, c: float = 0.8, margin: float = 1.5) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations if iterations is not None else (None if think else 24)
        self.width = width
        self.depth = depth
        self.rollout_len = rollout
        self.c = c
        self.margin = margin
        self.prior = HeuristicAgent(None if seed is None else seed ^ 0x5EED, noise=0.0)
        self.world: Any = None          # a WorldFactory, set by the runner
        self.stats: dict[str, float] = {"searches": 0, "iterations": 0, "seconds": 0.0}

    def __repr__(self) -> str:
        return f"MCTSAgent(seed={self.seed!r}, think={self.think!r}, iterations={self.iterations!r})"

    # ----- the interface -------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        ranked = self.prior.rank(view, legal)
        best = ranked[0][1]
        if (self.world is None or best.get("type") in DELEGATED
                or (len(ranked) > 1 and ranked[0][0] - ranked[1][0] >= self.margin)):
            self.prior._remember(view, best)
            return best
        cands = [a for _, a in ranked[: self.width]]
        choice = self.search(view.get("side") or view.get("to_act"), cands)
        self.prior._remember(view, choice)
        return choice

    # ----- the search ------------------------------------------------------------------------
    def search(self, side: str, cands: list[Action]) -> Action:
        root = _Node(None)
        root.cands = cands
        t0 = time.perf_counter()
        deadline = t0 + self.think if self.think else None
        done = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            self._iterate(root)
            done += 1
        self.stats["searches"] += 1
        self.stats["iterations"] += done
        self.stats["seconds"] += time.perf_counter() - t0
        best, best_key = cands[0], (-1, -math.inf)
        for a in cands:
            ch = root.children.get(action_key(a))
            if ch is None:
                continue
            key = (ch.n, ch.w / ch.n if ch.n else -math.inf)
            if key > best_key:
                best, best_key = a, key
        return best

    def _iterate(self, root: _Node) -> None:
        world = self.world.sample(self.rng)
        node, path = root, []
        for _ in range(self.depth):
            if world.result is not None:
                break
            actor = world.to_act
            legal = world.legal_actions()
            if not legal:
                break
            if node.cands is None:
                node.cands = self._candidates(world, actor, legal)
            keys = {action_key(a) for a in legal} if node is not root else None
            options = [a for a in node.cands if keys is None or action_key(a) in keys]
            if not options:
                break
            a = self._ucb(node, options)
            k = action_key(a)
            child = node.children.get(k)
            fresh = child is None
            if fresh:
                child = node.children[k] = _Node(actor)
            try:
                world.apply(a)
            except Exception:
                node.children.pop(k, None)
                return
            path.append(child)
            node = child
            if fresh:
                break
        values = self._rollout(world)
        for n in path:
            n.n += 1
            n.w += values.get(n.actor, 0.0)

    def _candidates(self, world: Any, actor: str, legal: list[Action]) -> list[Action]:
        if len(legal) <= self.width:
            return list(legal)
        ranked = HeuristicAgent(None, noise=0.0).rank(world.view(actor), legal)
        return [a for _, a in ranked[: self.width]]

    def _ucb(self, node: _Node, options: list[Action]) -> Action:
        best, best_v = options[0], -math.inf
        total = math.log(node.n + 1)
        for a in options:
            ch = node.children.get(action_key(a))
            if ch is None or ch.n == 0:
                return a
            v = ch.w / ch.n + self.c * math.sqrt(total / ch.n)
            if v > best_v:
                best, best_v = a, v
        return best

    def _rollout(self, world: Any) -> dict[str, float]:
        policy = HeuristicAgent(self.rng.getrandbits(32), noise=0.3)
        for _ in range(self.rollout_len):
            if world.result is not None:
                break
            actor = world.to_act
            legal = world.legal_actions()
            if actor is None or not legal:
                break
            a = legal[0] if len(legal) == 1 else policy.choose(world.view(actor), legal)
            world.apply(a)
        sides = list(world.sides)
        if len(sides) == 2:
            v = evaluate(world.view(sides[0]), sides[0])
            return {sides[0]: v, sides[1]: -v}
        return {s: evaluate(world.view(s), s) for s in sides}
