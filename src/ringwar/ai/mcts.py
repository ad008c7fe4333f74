"""Monte Carlo search over the engine contract (information-set sampling, paired playouts).

The agent plays its prior (the heuristic agent) and searches two kinds of decision:

**The plan** (on by default).  At the first decision of each stretch of play its side plans
as a whole (the game says which: :meth:`ringwar.core.engine.Game.plan_segment`, e.g. an SPI
game's own Movement Phases, a War of the Ring player-turn) it writes candidate *scripts* of
the whole stretch (:meth:`MCTSAgent.plan_candidates`: the heuristic in the scenario's style
for the side, in the other styles sound for its posture, :data:`STYLE_CHOICES`, and
``variations`` blurred versions of the first).  Each round draws one seed and asks the
runner's :class:`~ringwar.ai.worlds.WorldFactory` for a *world* from it: a copy of the game
consistent with the agent's own view, the other side's secrets re-dealt and the dice
reseeded (so the search never reads the true hidden state nor the dice to come).  Every
distinct script is played in its own copy of that same world (common random numbers), then
the rest of the turn and the enemy's reply by the heuristic, to the side's first planned
stretch of a later turn, and the position is scored with
:func:`ringwar.ai.evaluate.evaluate`.  The best total over ``plan_worlds`` rounds wins (a
tie: the prior's own script); the agent plays it move by move while the game allows, and
its style plays the rest of the turn.  Movement is where these games are decided, and a
phase of movement is too many decisions to search one by one: a script is a whole stretch
the playouts can compare.  A game that names no stretch gets no plans.

**Tactics** (``tactics=True``, off by default: measured weaker than the prior, see
docs/ai.md).  On combat and magic decisions the prior's best ``width`` actions are the
candidates; each is played in its own copy of the same world and rolled out to the end of
the next ``horizon`` combat phases (nobody moves; fire, melee, retreats and advances by
the prior with a little noise); the prior's choice is kept unless another candidate's mean
paired difference beats it by ``z`` standard errors.  Rallies, set-up and ``select`` are
always the prior's; ``end`` is a candidate only when the prior would end.

Budgets: ``iterations`` playouts per searched decision (a plan: whole rounds of every
distinct script, default ``plan_worlds`` = 2 rounds; tactics: default 32), reproducible with the seed, and/or ``think``
seconds (whichever ends first, after at least one round; a time budget depends on the
machine, so it is not reproducible).  Without a world factory (an agent driven by hand with
only a view) it plays as its prior.  A game with its own rules of thumb
(``Game.heuristic_policy``) offers the styles they weigh (``Game.heuristic_styles``: the
Battle of the Ring's, the War of the Ring's), less those it names unsound for the side
(``Game.heuristic_unsound``: the War of the Ring's bold Fellowship), or none: then its
candidate plans differ by their blur.
"""

from __future__ import annotations

import functools
import math
import random
import time
from typing import Any

from .evaluate import evaluate
from .heuristic import STYLES, HeuristicAgent
from .knowledge import facts

Action = dict[str, Any]

#: action types of movement and set-up: left to the prior unless ``search_moves``
MOVEMENT = frozenset({"select", "move", "stay", "end", "end_phase", "form", "split", "exit",
                      "place", "deploy_rest"})
#: always left to the prior: ordering, set-up, and rallies (a free roll: always worth making)
DELEGATED = frozenset({"select", "place", "deploy_rest", "rally", "banner_rally"})
#: actions that end a phase or a step
PASS = frozenset({"end", "end_phase"})

#: posture -> the styles a plan may choose from.  A one-turn look-ahead cannot see what a
#: style costs later, so each posture offers only styles that do not lose to ``steady``
#: when played a whole game (docs/ai.md, "Styles": a bold evader or a wary hunter does)
STYLE_CHOICES: dict[str, tuple[str, ...]] = {
    "attack": ("steady", "bold"),
    "evade": ("steady", "wary"),
    "hold": ("steady", "wary"),
}

#: the prior's own noise (tie-breaks), and the blur of a plan's variations
PRIOR_NOISE = 0.01
PLAN_NOISE = 0.3

#: the candidate plans a plan has at least by default: its styles, and as many blurred
#: copies of the prior as make up the number (``variations=None``).  More worlds and more
#: look-ahead bought nothing measurable, more candidates did (docs/ai.md, "Measured")
PLAN_CANDIDATES = 8

#: rollout length (actions) in systems without combat phases
SHORT_ROLLOUT = 12

class MCTSAgent:
    """Information-set MCTS; see the module doc."""

    name = "mcts"
    needs_world = True

    def __init__(self, seed: int | None = None, think: float | None = None,
                 iterations: int | None = None, width: int = 4, rollout: int = 160,
                 horizon: int = 2, z: float = 1.5, noise: float = 0.3, margin: float = 1.5,
                 search_moves: bool = False, plan_worlds: int = 2,
                 styles: tuple[str, ...] | None = None, variations: int | None = None,
                 screen: int = 0, tactics: bool = False) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.think = think
        self.iterations = iterations if iterations is not None else (None if think else 32)
        self._iterations_given = iterations
        self.width = width
        self.rollout_len = rollout
        self.horizon = horizon
        self.z = z
        self.noise = noise
        self.margin = margin
        self.search_moves = search_moves
        self.plan_worlds = plan_worlds
        #: the styles a plan chooses from (None: those sound for the side's posture, see
        #: :data:`STYLE_CHOICES`, the scenario's own style first)
        self.styles = None if styles is None else tuple(styles)
        self.tactics = tactics
        #: blurred copies of the prior's plan (None: as many as make ``PLAN_CANDIDATES``
        #: candidates with the styles, and at least 2)
        self.variations = variations
        #: more blurred plans, played in the first world only: the best of all the plans
        #: there go on to the other worlds, as many as there are without these
        self.screen = screen
        self.prior = HeuristicAgent(None if seed is None else seed ^ 0x5EED, noise=PRIOR_NOISE)
        self.world: Any = None          # a WorldFactory, set by the runner
        self.stats: dict[str, Any] = {"searches": 0, "iterations": 0, "seconds": 0.0, "cpu": 0.0,
                                      "plans": 0, "styles": {}}
        self._planned: tuple[Any, ...] | None = None
        self._script: list[Action] = []

    def __repr__(self) -> str:
        return f"MCTSAgent(seed={self.seed!r}, think={self.think!r}, iterations={self.iterations!r})"

    # ----- the interface -------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.world is not None and self.styles != () and self._plan_due(view):
            self.plan(view)
        if self._script:
            if self.world is not None and self.world.plan_segment() == self._planned \
                    and self._script[0] in legal:
                a = self._script.pop(0)
                self.prior._remember(view, a)
                return a
            self._script = []                  # off the script (it ended, or the game moved on)
        ranked = self.prior.rank(view, legal)
        best = ranked[0][1]
        if (self.world is None or not self.tactics or not self.worth_searching(legal, ranked)):
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

    # ----- the plan: a script for the Movement Phase ------------------------------------------
    def _plan_due(self, view: dict[str, Any]) -> bool:
        """At the first decision of each stretch of play the side plans as a whole (the
        game's ``plan_segment``: an SPI game's own Movement Phases), not at a decision it owes
        the other side during the enemy's (a pending retreat, oil to pour)."""
        side = view.get("side") or view.get("to_act")
        if view.get("to_act") != side:
            return False
        key = self.world.plan_segment()
        if key is None or key == self._planned:
            return False
        self._planned = key
        return True

    def plan(self, view: dict[str, Any]) -> str:
        """Choose this stretch's play (a Movement Phase, a player-turn ...): each candidate
        (a style of the prior, or the prior with more noise: :meth:`plan_candidates`) writes
        out the side's whole stretch in a world; then, in ``plan_worlds`` worlds (the same
        worlds and dice for every candidate: common random numbers), each script is played,
        the rest of the turn and the enemy's reply by the heuristic (the candidate's style
        for the side, the enemy in its own), to the side's first planned stretch of a later
        turn.  The best total value wins; a tie keeps the prior's own plan (the first).  The
        winning script is played move by move while its actions stay legal, and its style
        plays the rest of the turn."""
        side = view.get("side") or view.get("to_act")
        cands = self.plan_candidates(view.get("system", ""), side)
        t0, c0 = time.perf_counter(), time.process_time()
        deadline = t0 + self.think if self.think else None
        # the scripts: movement has no dice, so one world writes each candidate's
        scripts = [self._script_for(side, style, noise, self.rng.getrandbits(32),
                                    self.rng.getrandbits(64)) for style, noise in cands]
        # identical scripts need one playout (e.g. styles that move alike, far from the enemy)
        unique: dict[str, int] = {}
        index = [unique.setdefault(repr(sc), i) for i, sc in enumerate(scripts)]
        todo = sorted(set(index))
        totals = [0.0] * len(cands)
        rounds = playouts = 0
        want = (self.plan_worlds if self._iterations_given is None
                else -(-self._iterations_given // len(todo)))
        while rounds < max(1, want) and len(todo) > 1:
            if deadline is not None and rounds > 0 and time.perf_counter() >= deadline:
                break
            seed = self.rng.getrandbits(64)
            for i in todo:
                totals[i] += self._playout_script(side, cands[i][0], scripts[i], seed)
            playouts += len(todo)
            rounds += 1
            if rounds == 1 and self.screen:
                todo = self._screened(todo, totals, index[0], len(cands) - self.screen)
        best = max(todo, key=lambda i: (round(totals[i], 9), -i))
        name = cands[best][0]
        self._script = list(scripts[best])
        self.prior.style = dict(STYLES[name])
        label = name if cands[best][1] <= PRIOR_NOISE else f"{name}~"
        self.stats["plans"] += 1
        self.stats["searches"] += 1
        self.stats["iterations"] += playouts
        self.stats["seconds"] += time.perf_counter() - t0
        self.stats["cpu"] += time.process_time() - c0
        self.stats["styles"][label] = self.stats["styles"].get(label, 0) + 1
        return label

    @staticmethod
    def _screened(todo: list[int], totals: list[float], prior: int, keep: int) -> list[int]:
        """The distinct plans that go on after the first world: the ``keep`` best there (a
        tie: the earlier), and the prior's own plan whatever its value (the one a tie keeps)."""
        best = sorted(todo, key=lambda i: (-round(totals[i], 9), i))[:keep]
        return sorted(set(best) | {prior})

    def plan_candidates(self, system: str, side: str) -> list[tuple[str, float]]:
        """(style, noise) of each candidate plan: the prior as it is first, then the other
        styles sound for the side's posture, then ``variations`` plans of the prior's style
        with its scores blurred by ``PLAN_NOISE`` (other moves of nearly equal worth; by
        default as many as make ``PLAN_CANDIDATES`` plans in all, and at least 2), then
        ``screen`` more, which play in the first world only unless they are among the best
        there (``_screened``)."""
        styles = self.styles or self.style_choices(system, side)
        variations = self.variations
        if variations is None:
            variations = max(2, PLAN_CANDIDATES - len(styles))
        out = [(st, PRIOR_NOISE) for st in styles]
        out += [(styles[0], PLAN_NOISE)] * (variations + self.screen)
        return out

    @staticmethod
    def style_choices(system: str, side: str) -> tuple[str, ...]:
        """The styles sound for ``side``'s posture, its scenario style first (a system with
        its own rules of thumb, ``Game.heuristic_policy``: the styles they weigh,
        ``Game.heuristic_styles``, less those its ``heuristic_unsound`` names for the side,
        else ``steady`` alone and its plans differ by their blur)."""
        if _own_policy(system):
            return _own_styles(system, side)
        f = facts(system)
        own = f["style"].get(side, "steady")
        choices = STYLE_CHOICES.get(f["posture"].get(side, "attack"), ("steady",))
        return (own,) + tuple(c for c in choices if c != own)

    def _script_for(self, side: str, style: str, noise: float, policy_seed: int,
                    world_seed: int) -> list[Action]:
        """The actions ``side`` takes in this planned stretch, played by the heuristic in
        ``style`` with ``noise`` in a world."""
        world = self.world.sample(random.Random(world_seed))
        segment = world.plan_segment(side)
        policy = self.prior.fork(policy_seed, noise=noise, style=STYLES[style])
        other = HeuristicAgent(policy_seed ^ 1)      # answers what the phase asks of the enemy
        agents = {s: policy if s == side else other for s in world.sides}
        script: list[Action] = []
        quiet: dict[str, Any] = {}
        for _ in range(self.rollout_len * 4):
            if world.result is not None or world.plan_segment(side) != segment:
                break
            played = _step(world, agents, quiet)
            if played is None:
                break
            if played[0] == side:
                script.append(played[1])
        return script

    def _playout_script(self, side: str, style: str, script: list[Action], seed: int) -> float:
        """The value for ``side`` at its first planned stretch of a later turn: ``script``
        played, then the heuristic (``style`` for the side)."""
        rng = random.Random(seed)
        world = self.world.sample(rng)
        agents = {s: (self.prior.fork(rng.getrandbits(32), style=STYLES[style])
                      if s == side else HeuristicAgent(rng.getrandbits(32)))
                  for s in world.sides}
        segment = world.plan_segment(side)
        todo = list(script)
        quiet: dict[str, Any] = {}
        while todo and world.result is None and world.plan_segment(side) == segment:
            if world.to_act != side:                 # the enemy answers mid-phase
                if _step(world, agents, quiet) is None:
                    break
                continue
            a = todo.pop(0)
            try:
                world.apply(a)
            except Exception:
                break                                # off the script: the heuristic plays on
            quiet.clear()
            agents[side]._remember({}, a)
        for _ in range(self.rollout_len * 8):
            if world.result is not None or _later(world.plan_segment(side), segment):
                break
            if _step(world, agents, quiet) is None:
                break
        return evaluate(world.view(side), side)

    # ----- the search ------------------------------------------------------------------------
    def search(self, side: str, cands: list[Action]) -> Action:
        """Paired Monte Carlo over the candidates: each round draws one world seed and rolls
        every candidate out from its own copy of that world (same secrets, same dice
        stream), so candidates are compared on common random numbers.  The prior's choice
        is kept unless another candidate beats it by ``z`` standard errors of the paired
        differences."""
        t0, c0 = time.perf_counter(), time.process_time()
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
        self.stats["cpu"] += time.process_time() - c0
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


def _step(world: Any, agents: dict[str, Any], quiet: dict[str, Any] | None = None) -> tuple[str, Action] | None:
    """Let the side to act in ``world`` play one action by its agent in ``agents`` (a single
    legal action is played without asking); returns (that side, the action), or None if
    nobody can act.

    ``quiet`` (kept by the caller for one world, None: not kept) saves views: after a *quiet
    selection* (a selection, ``Game.SELECTIONS``, that caused no event and leaves the same
    side to answer its follow-up), an agent that reads only the board (``reads_board_only``:
    the hex-and-counter rules of thumb) chooses the follow-up from the view it chose the
    selection from.  That view differs from a new one only in the question asked (``pending``)
    and the count of actions played, which such an agent does not read
    (``tests/ai/test_mcts_quiet.py`` checks both); half the decisions of a Movement Phase
    are such follow-ups (select a unit, then move it)."""
    actor = world.to_act
    legal = world.legal_actions()
    if actor is None or not legal:
        return None
    view = None
    if len(legal) == 1:
        a = legal[0]
    else:
        agent = agents[actor]
        view = quiet.get(actor) if quiet else None
        if view is None:
            view = world.view(actor)
        a = agent.choose(view, legal)
    events = world.apply(a)
    if quiet is not None:
        quiet.clear()
        if (view is not None and not events and a["type"] in world.SELECTIONS
                and world.to_act == actor and getattr(agents[actor], "reads_board_only", False)):
            quiet[actor] = view
    return actor, a


@functools.cache
def _own_policy(system: str) -> bool:
    """Whether ``system`` plays by its own rules of thumb (``Game.heuristic_policy``)."""
    from ..core.engine import system_class
    try:
        return system_class(system).heuristic_policy is not None
    except Exception:
        return False


@functools.cache
def _own_styles(system: str, side: str = "") -> tuple[str, ...]:
    """The styles a system's own rules of thumb weigh (``Game.heuristic_styles``), its own
    play first, less those that lose whole games for ``side`` (a system may name them, seat
    by seat, in ``heuristic_unsound``: a one-turn look-ahead cannot see what a style costs
    later, as :data:`STYLE_CHOICES` leaves them out by posture); ``steady`` alone if none."""
    from ..core.engine import system_class
    cls = system_class(system)
    unsound = frozenset(cls.heuristic_unsound.get(side, ()))
    return tuple(st for st in cls.heuristic_styles if st not in unsound) or ("steady",)


def _later(key: Any, start: Any) -> bool:
    """Whether ``key`` is a stretch the side plans that begins a later turn than ``start``
    (their first elements: ``Game.plan_segment``): a plan's playouts stop there."""
    return key is not None and start is not None and key[0] > start[0]


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
