"""Monte Carlo search over the engine contract (information-set sampling, paired rollouts).

For a decision worth searching (see below), the prior's best ``width`` actions are the
candidates.  Each round

1. draws one seed and asks the runner's :class:`~ringwar.ai.worlds.WorldFactory` for a
   *world* from it: a copy of the game consistent with the agent's own view, the other
   side's secrets re-dealt and the dice reseeded (so the search never reads the true hidden
   state nor the dice to come);
2. for *every* candidate, takes its own copy of that same world (same secrets, same dice
   stream: common random numbers, so candidates are compared on the same luck), plays the
   candidate and *rolls out* until its consequences are on the board: to the end of the
   next ``horizon`` combat phases (at most ``rollout`` actions).  In the rollout nobody
   moves (movement phases end at once: choosing moves is the one thing it cannot afford),
   while fire, melee, retreats and advances are played by the prior with a little noise,
   so the engine itself decides what an attack, an advance or a stand costs, with terrain,
   stacking and retreat paths exact;
3. scores the end position with :func:`ringwar.ai.evaluate.evaluate` (victory conditions
   first) for the side to choose.

The prior's choice is kept unless another candidate's mean paired difference beats it by
``z`` standard errors (a few noisy rollouts must not overturn a sound rule of thumb).
Budgets: ``iterations`` rollouts per searched decision (rounded up to whole rounds of
every candidate; reproducible with the seed) and/or ``think`` seconds (whichever ends
first; a time budget depends on the machine, so it is not reproducible).

Where the budget goes: search pays only where its rollouts can see the outcome, i.e. the
decisions of the combat and magic phases (fire, melee, advance, retreat, stand or retreat
before combat, spells, rallies, ...).  Movement (``select``, ``move``, ``stay``, formations)
and set-up are delegated to the prior, as are forced and clear-cut decisions (a single
legal action, a heuristic margin above ``margin``).  ``search_moves=True`` searches
movement decisions too (slow and unmeasured: the rollouts skip movement, so they judge a
move only by the contact it makes at once).

The prior (candidates, delegated decisions, rollout policy) is the heuristic agent itself,
so what the search adds is the search; the leaves are scored by :mod:`ringwar.ai.evaluate`,
which knows the victory conditions.

Without a world factory (an agent driven by hand with only a view) it plays as its prior.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from .evaluate import evaluate
from .heuristic import HeuristicAgent

Action = dict[str, Any]

#: action types of movement and set-up: left to the prior unless ``search_moves``
MOVEMENT = frozenset({"select", "move", "stay", "end", "end_phase", "form", "split", "exit",
                      "place", "deploy_rest"})
#: always left to the prior: ordering, set-up, and rallies (a free roll: always worth making)
DELEGATED = frozenset({"select", "place", "deploy_rest", "rally", "banner_rally"})
#: actions that end a phase or a step
PASS = frozenset({"end", "end_phase"})

#: rollout length (actions) in systems without combat phases
SHORT_ROLLOUT = 12

class MCTSAgent:
    """Information-set MCTS; see the module doc."""

    name = "mcts"
    needs_world = True

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, width: int = 4, rollout: int = 160,
                 horizon: int = 2, z: float = 1.5, noise: float = 0.3, margin: float = 1.5,
                 search_moves: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations if iterations is not None else (None if think else 32)
        self.width = width
        self.rollout_len = rollout
        self.horizon = horizon
        self.z = z
        self.noise = noise
        self.margin = margin
        self.search_moves = search_moves
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
        if (self.world is None or not self.worth_searching(legal, ranked)):
            self.prior._remember(view, best)
            return best
        cands = self.candidates(ranked)
        choice = self.search(view.get("side") or view.get("to_act"), cands)
        self.prior._remember(view, choice)
        return choice

    def candidates(self, ranked: list[tuple[float, Action]]) -> list[Action]:
        """The prior's best ``width`` actions.  Ending the phase forgoes every action left in
        it, which a rollout to the next combat phases cannot weigh: it is a candidate only
        when the prior itself would end."""
        passing = ranked[0][1].get("type") in PASS
        return [a for _, a in ranked if passing or a.get("type") not in PASS][: self.width]

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
        """Paired Monte Carlo over the candidates: each round draws one world seed and rolls
        every candidate out from its own copy of that world (same secrets, same dice
        stream), so candidates are compared on common random numbers.  The prior's choice
        is kept unless another candidate beats it by ``z`` standard errors of the paired
        differences."""
        t0 = time.perf_counter()
        deadline = t0 + self.think if self.think else None
        n = len(cands)
        budget = None if self.iterations is None else max(1, self.iterations)
        diffs: list[list[float]] = [[] for _ in cands]     # value(c) - value(prior's pick)
        done = 0
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and done > 0 and time.perf_counter() >= deadline:
                break
            seed = self.rng.getrandbits(64)
            vals = []
            for a in cands:
                vals.append(self._playout(side, a, seed))
                done += 1
            for i, v in enumerate(vals):
                diffs[i].append(v - vals[0])
        self.stats["searches"] += 1
        self.stats["iterations"] += done
        self.stats["seconds"] += time.perf_counter() - t0
        best, best_i = 0.0, 0
        for i in range(1, n):
            d = diffs[i]
            if not d:
                continue
            mean = sum(d) / len(d)
            var = sum((x - mean) ** 2 for x in d) / (len(d) - 1) if len(d) > 1 else 1.0
            lower = mean - self.z * math.sqrt(max(var, 1e-4) / len(d))
            if lower > best:
                best, best_i = lower, i
        return cands[best_i]

    def _playout(self, side: str, action: Action, seed: int) -> float:
        """The value for ``side`` of playing ``action`` in the world drawn from ``seed``."""
        rng = random.Random(seed)
        world = self.world.sample(rng)
        order, combat = _phases(world)
        # every candidate is followed to the same point of the sequence of play
        stop = _after_combat(world.turn, world.phase, order, combat, self.horizon) if combat else None
        try:
            world.apply(action)
        except Exception:
            return -2.0
        return self._rollout(world, rng, stop).get(side, 0.0)

    def _rollout(self, world: Any, rng: random.Random,
                 stop: tuple[int, int] | None = None) -> dict[str, float]:
        """Play on until past ``stop`` (turn, phase index; default: the end of the next
        ``horizon`` combat phases), at most ``rollout`` actions: movement phases end at
        once, everything else by the noisy prior."""
        policy = HeuristicAgent(rng.getrandbits(32), noise=self.noise)
        order, combat = _phases(world)
        # a game without combat phases (the Battle of the Ring) gets a short plain rollout
        cap = self.rollout_len if combat else SHORT_ROLLOUT
        if stop is None and combat:
            stop = _after_combat(world.turn, world.phase, order, combat, self.horizon)
        steps = 0
        while steps < cap:
            if world.result is not None:
                break
            # the engine skips phases where nobody can act: compare positions in the sequence
            if stop is not None and (world.turn, order.get(world.phase, -1)) > stop:
                break
            actor = world.to_act
            legal = world.legal_actions()
            if actor is None or not legal:
                break
            a = legal[0] if len(legal) == 1 else ((combat and _quick(legal)) or policy.choose(world.view(actor), legal))
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


def _phases(world: Any) -> tuple[dict[str, int], frozenset[int]]:
    """The sequence of play (phase code -> index) and the indices of the phases named
    Combat, from the game's view (SPI games; empty for the others)."""
    key = getattr(world, "system", "")
    got = _PHASES.get(key)
    if got is None:
        phases = world.view(world.sides[0]).get("phases") or ()
        order = {p["code"]: i for i, p in enumerate(phases)}
        combat = frozenset(i for i, p in enumerate(phases) if "Combat" in p.get("name", ""))
        got = _PHASES[key] = (order, combat)
    return got


def _after_combat(turn: int, phase: str, order: dict[str, int], combat: frozenset[int],
                  horizon: int) -> tuple[int, int]:
    """The position (turn, phase index) of the ``horizon``-th combat phase from here (the
    current one counts): a rollout stops once it is past it."""
    i = order.get(phase, -1)
    t, found = turn, 0
    for _ in range(4 * len(order) * max(1, horizon)):
        if i in combat:
            found += 1
            if found >= max(1, horizon):
                return t, i
        i += 1
        if i >= len(order):
            t, i = t + 1, 0
    return t, i


_PHASES: dict[str, tuple[dict[str, int], frozenset[int]]] = {}
