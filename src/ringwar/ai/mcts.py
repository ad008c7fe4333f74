"""Monte Carlo tree search over the engine contract (open-loop, information-set sampling).

Each iteration

1. asks the runner's :class:`~ringwar.ai.worlds.WorldFactory` for a *world*: a copy of the
   game consistent with the agent's own view, the other side's secrets re-dealt and the
   dice reseeded (so the search never reads the true hidden state nor the dice to come);
2. walks down the tree from the root, re-applying the actions stored in its nodes
   (open loop: a node is a sequence of actions, the dice fall anew in every world, so chance
   is sampled rather than enumerated); at each node it picks by UCB1 among the legal
   candidates, a node's candidates being the prior's best ``width`` actions;
3. expands one new node, then *rolls out* with a fast policy until the consequences of the
   decision are on the board: to the end of the next ``horizon`` combat phases (at most
   ``rollout`` actions).  In the rollout nobody moves (movement phases end at once, the
   choice of moves is the one thing it cannot afford), while fire, melee, retreats and
   advances are played by the prior with a little noise, so the dice of the engine itself
   decide what an attack, an advance or a move into contact costs, with terrain, stacking
   and retreat paths exact;
4. scores the end position with :func:`ringwar.ai.evaluate.evaluate` (victory conditions
   first) and backs the value up, each node counting it for the side that chose its action.

The move played is the most visited root candidate.  Budgets: ``iterations`` (reproducible
with the seed) and/or ``think`` seconds (whichever ends first; a time budget depends on the
machine, so it is not reproducible).

Where the budget goes: search pays only where its rollouts can see the outcome, i.e. the
decisions of the combat and magic phases (fire, melee, advance, retreat, stand or retreat
before combat, spells, rallies, ...).  Movement (``select``, ``move``, ``stay``, formations)
and set-up are delegated to the prior, as are forced and clear-cut decisions (a single
legal action, a heuristic margin above ``margin``).  ``search_moves=True`` searches
movement decisions too (slow, and measured no stronger).

The prior is :class:`SearchPolicy`: the heuristic agent plus the scenario's victory
conditions.  A side that wins by *surviving* (Sauron at Sauron: not demoralized after
turn 18 [21.2]) keeps its units out of reach of stronger enemies instead of closing in.

Without a world factory (an agent driven by hand with only a view) it plays as its prior.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ..core.engine import action_key
from .evaluate import evaluate
from .heuristic import HeuristicAgent, _is_combat, expected_damage

Action = dict[str, Any]

#: action types of movement and set-up: left to the prior unless ``search_moves``
MOVEMENT = frozenset({"select", "move", "stay", "end", "end_phase", "form", "split", "exit",
                      "place", "deploy_rest"})
#: always left to the prior (ordering and set-up, not tactics)
DELEGATED = frozenset({"select", "place", "deploy_rest"})

#: system -> the sides that win by not being demoralized ([21.2] for Sauron)
SURVIVORS: dict[str, frozenset[str]] = {"sauron": frozenset({"sauron"})}


class SearchPolicy(HeuristicAgent):
    """The heuristic agent with the scenario's victory conditions in its placement score.

    A side that wins by surviving (``SURVIVORS``) does not seek contact: its combat units
    prefer hexes away from the enemy, weigh the damage they may take above the damage they
    may deal, and stack with friends.  Every other side plays exactly as the heuristic.
    """

    name = "search-policy"
    #: survivors: weight of the distance to the nearest enemy (positive: keep away)
    keep_away = 0.3
    #: survivors: weights of the damage a unit may deal and may take where it stands
    deal, take = 1.2, 1.5

    def place_score(self, ctx: Any, u: dict[str, Any], h: str | None) -> float:
        if (h is None or u.get("kind") == "leader"
                or ctx.side not in SURVIVORS.get(ctx.system, ())):
            return super().place_score(ctx, u, h)
        friends = [f for f in ctx.friends_at.get(h, ()) if f.get("id") != u.get("id")]
        adj = ctx.adjacent_enemies(h)
        s = self.keep_away * min(ctx.nearest_enemy(h), 12)
        if _is_combat(u):
            opp = max((expected_damage(u.get("melee"), e) for e in adj), default=0.0)
            threat = sum(expected_damage(e.get("melee"), u) for e in adj)
            s += self.deal * opp - self.take * threat
            s += 0.15 * sum(1 for f in friends if _is_combat(f))
        else:
            s += 0.2 * len(friends) - 0.5 * len(adj)
        return s


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
                 iterations: int | None = None, width: int = 4, depth: int = 3,
                 rollout: int = 160, horizon: int = 2, c: float = 0.8, margin: float = 1.5,
                 search_moves: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations if iterations is not None else (None if think else 16)
        self.width = width
        self.depth = depth
        self.rollout_len = rollout
        self.horizon = horizon
        self.c = c
        self.margin = margin
        self.search_moves = search_moves
        self.prior = SearchPolicy(None if seed is None else seed ^ 0x5EED, noise=0.0)
        self._ranker = SearchPolicy(None, noise=0.0)
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
        if (self.world is None or not self.worth_searching(legal, ranked)):
            self.prior._remember(view, best)
            return best
        cands = [a for _, a in ranked[: self.width]]
        choice = self.search(view.get("side") or view.get("to_act"), cands)
        self.prior._remember(view, choice)
        return choice

    def worth_searching(self, legal: list[Action], ranked: list[tuple[float, Action]]) -> bool:
        """Whether a decision gets a search (see the module doc) rather than the prior's pick."""
        if ranked[0][1].get("type") in DELEGATED:
            return False
        if len(ranked) > 1 and ranked[0][0] - ranked[1][0] >= self.margin:
            return False
        if not self.search_moves and all(a.get("type") in MOVEMENT for a in legal):
            return False
        return True

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
        ranked = self._ranker.rank(world.view(actor), legal)
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
        """Play on until ``horizon`` combat phases have ended (at most ``rollout`` actions):
        movement phases end at once, everything else by the noisy prior."""
        policy = SearchPolicy(self.rng.getrandbits(32), noise=0.3)
        combat = _combat_phases(world)
        left = self.horizon if combat else 0
        phase = world.phase
        steps = 0
        while steps < self.rollout_len:
            if world.result is not None:
                break
            if world.phase != phase:
                if phase in combat:
                    left -= 1
                    if left <= 0:
                        break
                phase = world.phase
            actor = world.to_act
            legal = world.legal_actions()
            if actor is None or not legal:
                break
            a = legal[0] if len(legal) == 1 else (_quick(legal) or policy.choose(world.view(actor), legal))
            world.apply(a)
            steps += 1
        sides = list(world.sides)
        if len(sides) == 2:
            v = evaluate(world.view(sides[0]), sides[0])
            return {sides[0]: v, sides[1]: -v}
        return {s: evaluate(world.view(s), s) for s in sides}


def _quick(legal: list[Action]) -> Action | None:
    """The rollout's movement: end the phase, or leave the selected unit where it is."""
    if any(a.get("type") not in MOVEMENT for a in legal):
        return None
    for t in ("end", "end_phase", "stay"):
        for a in legal:
            if a.get("type") == t:
                return a
    return None


def _combat_phases(world: Any) -> frozenset[str]:
    """The codes of the phases named Combat in the game's view (SPI games; empty otherwise)."""
    key = getattr(world, "system", "")
    got = _COMBAT.get(key)
    if got is None:
        phases = world.view(world.sides[0]).get("phases") or ()
        got = _COMBAT[key] = frozenset(p["code"] for p in phases if "Combat" in p.get("name", ""))
    return got


_COMBAT: dict[str, frozenset[str]] = {}
