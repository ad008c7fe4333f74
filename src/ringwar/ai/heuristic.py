"""The rule-of-thumb agent: scores every legal action from its side's view and plays the best.

It knows the game as a player who has read the rule book does (the odds charts, the map's
objectives in :mod:`ringwar.ai.knowledge`) and sees only its side's view:

- attacks and missile fire are scored by their exact expected damage, computed from the
  view's unit values with :func:`ringwar.systems.spi.odds.melee_odds` ([7.41] x [7.42],
  terrain left out), weighted by the target's demoralization value;
- a move is scored by where it leaves the unit: closer to the enemy or the objectives,
  stacked with friends, the damage it may deal next turn against the damage it may take;
  leaders stay stacked with friendly units and away from the front; Gondor's garrison holds
  the city and its walls and gates;
- rallies are always taken, spells are cast when the enemy is near, oil is poured;
- every unit is selected at most once per phase, so a movement phase always ends.

>>> import ringwar
>>> from ringwar.ai.heuristic import HeuristicAgent
>>> game = ringwar.new_game("sauron", seed=1)
>>> agent = HeuristicAgent(seed=1)
>>> agent.choose(game.view(game.to_act), game.legal_actions()) in game.legal_actions()
True
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from ..core import hexes as hx
from .knowledge import facts

Action = dict[str, Any]

#: the share of a unit's value each [7.42] outcome destroys (½E on a reduced unit is E)
DAMAGE = {"none": 0.0, "r1": 0.12, "r2": 0.2, "halfE": 0.5, "halfE+r1": 0.6, "E": 1.0}


@cache
def _odds(letter: str, armour: int, morale: str) -> tuple[tuple[str, float], ...]:
    from ..systems.spi.odds import melee_odds
    try:
        return tuple(melee_odds(letter, armour, morale).items())
    except ValueError:
        return ()


#: (letter, armour, morale, value, reduced) -> ``expected_damage``: a small domain (the
#: counters' values), asked hundreds of times a decision
_DAMAGE: dict[tuple[Any, ...], float] = {}


def expected_damage(letter: str | None, target: dict[str, Any]) -> float:
    """Expected share of ``target`` destroyed by one attack of strength ``letter``, times its
    value (from the view's counter values: letter, armour, morale)."""
    if not letter or "armour" not in target or not target.get("morale"):
        return 0.0
    key = (letter, target["armour"], target["morale"], target.get("value"), target.get("reduced"))
    hit = _DAMAGE.get(key)
    if hit is None:
        if len(_DAMAGE) >= 4096:
            _DAMAGE.clear()                      # bounded: start again
        hit = _DAMAGE[key] = _expected_damage(letter, target)
    return hit


def _expected_damage(letter: str, target: dict[str, Any]) -> float:
    armour = min(4, max(1, int(target.get("armour") or 1)))
    value = float(target.get("value") or 5.0)
    reduced = bool(target.get("reduced"))
    total = 0.0
    for outcome, p in _odds(letter.upper(), armour, str(target["morale"]).upper()):
        dmg = DAMAGE.get(outcome, 0.0)
        if reduced and outcome.startswith("halfE"):
            dmg = 1.0
        total += p * dmg
    return total * value / 10.0


def exchange(u: dict[str, Any], adj: list[dict[str, Any]]) -> tuple[float, float]:
    """(the best damage ``u`` may deal one of the adjacent enemies ``adj``, the damage they
    may deal it together), from the view's values ([7.41] x [7.42])."""
    if not adj:
        return 0.0, 0.0
    opp = max((expected_damage(u.get("melee"), e) for e in adj), default=0.0)
    threat = sum(expected_damage(e.get("melee"), u) for e in adj)
    return opp, threat


#: styles of play: multipliers of the movement weights: ``pull``, how strongly units seek
#: the enemy (a host that evades keeps away by the inverse); ``opp``, the damage a unit may
#: deal where it stops; ``threat``, the damage it may take there.  The heuristic plays the
#: scenario's style for its side (``knowledge.facts``: else ``steady``); the search may
#: choose another for a turn (:mod:`ringwar.ai.mcts`).
STYLES: dict[str, dict[str, float]] = {
    "steady": {"pull": 1.0, "opp": 1.0, "threat": 1.0},
    "bold": {"pull": 2.0, "opp": 1.5, "threat": 0.3},
    "wary": {"pull": 0.6, "opp": 1.0, "threat": 2.0},
}


#: (system, side) -> what ``_Context`` reads of the scenario's facts for that side (the facts
#: are fixed: ``knowledge.facts`` is cached), so a view's context only copies references
_SIDE_FACTS: dict[tuple[str, str], tuple[Any, ...]] = {}


def _side_facts(system: str, side: str, fx: dict[str, Any]) -> tuple[Any, ...]:
    hit = _SIDE_FACTS.get((system, side))
    if hit is None or hit[0] is not fx:
        objectives = tuple(fx["objectives"].get(side, ()))
        hit = _SIDE_FACTS[(system, side)] = (
            fx, objectives, fx["hold"].get(side, frozenset()), fx["walls"],
            fx["posture"].get(side, "attack"), STYLES[fx["style"].get(side, "steady")],
            fx.get("level", {}), fx.get("garrison", {}).get(side, frozenset()),
            fx.get("road", []))
    return hit


class _Context:
    """Facts derived once from a view for scoring many actions."""

    def __init__(self, view: dict[str, Any], side: str) -> None:
        self.view = view
        self.side = side
        self.system = system = view.get("system", "")
        self.facts = fx = facts(system)
        self.units: dict[str, dict[str, Any]] = {}
        self.friends_at: dict[str, list[dict[str, Any]]] = {}
        self.enemies_at: dict[str, list[dict[str, Any]]] = {}
        units, friends_at, enemies_at = self.units, self.friends_at, self.enemies_at
        self.enemy_hexes: list[str] = []
        listed = view.get("units", ())
        for u in listed:
            units[u["id"]] = u
            h = u.get("hex")
            if h is None or u.get("where", "map") != "map":
                continue
            at = friends_at if (u.get("player") or u.get("side")) == side else enemies_at
            got = at.get(h)
            if got is None:
                at[h] = [u]
            else:
                got.append(u)
        combat_hexes: list[str] = []
        for h, us in enemies_at.items():
            for u in us:
                if _is_combat(u):
                    combat_hexes.append(h)
                    break
        self.enemy_combat_hexes = combat_hexes or list(enemies_at)
        self._unique_ids = len(units) == len(listed)
        (_, objectives, self.hold, self.walls, self.posture, self.style, self.level,
         self.garrison, self.road) = _side_facts(system, side, fx)
        # (level: city hex -> level; garrison: the unit types that hold Gondor's city [20.1],
        # while the relief takes the field; road: the road hexes of [20.1])
        self.objectives = list(objectives)
        self.road_control: dict[str, Any] = (view.get("exclusive") or {}).get("road") or {}
        self.turn = int(view.get("turn") or 0)
        self.last_turn = int(view.get("last_turn") or 0)
        # the distances to the nearest enemy combat unit, kept per set of enemy hexes (pure
        # geometry: a side's moves in one phase, the playouts of a search from one position)
        self._nearest = hx.nearest(frozenset(self.enemy_combat_hexes)) if self.enemy_combat_hexes else None
        self._near: dict[str, int] = self._nearest.dist if self._nearest is not None else {}
        # the distances to the nearest objective (``hx.nearest``: kept for every view)
        self._objective_near = hx.nearest(frozenset(objectives)) if objectives else None
        self._objective: dict[str, int] = self._objective_near.dist if self._objective_near is not None else {}
        #: what scoring asks many times of one view: ``place_score`` by agent, then by
        #: (unit, its hex, hex); ``adjacent_enemies`` by hex; the combat friends in a hex
        self.places: dict[Any, dict[tuple[Any, ...], float]] = {}
        #: (agent, unit id, its hex) -> the unit's place function (``HeuristicAgent._placer``)
        self.placers: dict[tuple[Any, ...], Callable[[str], float]] = {}
        self._adjacent: dict[str, list[dict[str, Any]]] = {}
        self._combat_friends: dict[str, int] = {}
        self._road_terms: tuple[Any, ...] | None = None

    def nearest_enemy(self, h: str) -> int:
        """Hexes from ``h`` to the nearest enemy combat unit (30 if there is none)."""
        return 30 if self._nearest is None else self._nearest(h)

    def objective_distance(self, h: str) -> int:
        """Hexes from ``h`` to the nearest of the side's objectives (pure geometry: kept for
        every view)."""
        assert self._objective_near is not None, "a side without objectives"
        return self._objective_near(h)

    def adjacent_enemies(self, h: str) -> list[dict[str, Any]]:
        """The enemy combat units adjacent to ``h`` (a list kept for the view: not to be
        changed by the caller)."""
        out = self._adjacent.get(h)
        if out is None:
            out = self._adjacent[h] = []
            if self.nearest_enemy(h) > 1:
                return out              # no enemy combat unit within a hex (the usual case)
            for n in hx.neighbours(h):
                for u in self.enemies_at.get(n, ()):
                    if _is_combat(u):
                        out.append(u)
        return out

    def own_hexes(self, uid: Any) -> set[str]:
        """The hexes where a friend with id ``uid`` may stand: with every id listed once, the
        hex of the unit with that id (if any); else every hex where one stands."""
        if self._unique_ids:
            u = self.units.get(uid)
            return {u.get("hex")} if u is not None else set()
        return {h for h, us in self.friends_at.items() if any(f.get("id") == uid for f in us)}

    def combat_friends(self, h: str) -> int:
        """How many friendly combat units stand in ``h``."""
        n = self._combat_friends.get(h)
        if n is None:
            n = self._combat_friends[h] = sum(1 for f in self.friends_at.get(h, ()) if _is_combat(f))
        return n


def _is_combat(u: dict[str, Any]) -> bool:
    return bool(u.get("melee") or u.get("missile")) or u.get("kind") in ("infantry", "cavalry")


def _road_terms(ctx: _Context) -> tuple[Any, ...]:
    """What ``road_pull`` weighs the same for every hex of a view: (the bonus for standing on
    the road, None if the side does not hold it; the road hexes wanted, the distances to
    the nearest of them (``hx.nearest``), and the weights of that distance and of reaching
    one), each product as ``road_pull`` forms it."""
    late = 1.0 + 2.0 * max(0, ctx.turn - (ctx.last_turn - 5)) if ctx.last_turn else 1.0
    on_road = 0.8 * late if ctx.side == ctx.facts.get("road_holder") else None
    wanted = tuple(r for r in ctx.road if ctx.road_control.get(r) != ctx.side)
    near = hx.nearest(frozenset(wanted)) if wanted else None
    return on_road, wanted, near, 0.1 * late, 1.5 * late


_NONE = object()


def _first(t: tuple[float, Action]) -> float:
    return t[0]


#: class -> {action type: its ``_s_<type>`` function}: ``score`` without building a name and
#: a bound method per action
_SCORERS: dict[type, dict[str, Any]] = {}


def _scorers(cls: type) -> dict[str, Any]:
    hit = _SCORERS.get(cls)
    if hit is None:
        hit = _SCORERS[cls] = {name[3:]: getattr(cls, name) for name in dir(cls)
                               if name.startswith("_s_") and callable(getattr(cls, name))}
    return hit


class HeuristicAgent:
    """Plays the legal action with the best rule-of-thumb score (ties: its seeded rng)."""

    name = "heuristic"

    def __init__(self, seed: int | None = None, noise: float = 0.01,
                 style: dict[str, float] | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.noise = noise
        #: multipliers of the movement weights (see :data:`STYLES`); None: the scenario's
        #: style for the side (``knowledge.facts(system)["style"]``, else ``steady``)
        self.style = None if style is None else {**STYLES["steady"], **style}
        self._selected: set[tuple[Any, ...]] = set()
        self._phase_key: tuple[Any, ...] | None = None
        self._own: Any = None   # the system's own policy (Game.heuristic_policy), or False
        self._ctx: _Context | None = None   # the facts of the last view scored from

    def __repr__(self) -> str:
        return f"HeuristicAgent(seed={self.seed!r})"

    def __getstate__(self) -> dict[str, Any]:
        """What a saved agent keeps (the server pickles its AI seats between moves): all but
        the facts of the last view, a cache (``_ctx``, holding the view and its place
        functions) that the next decision rebuilds."""
        state = self.__dict__.copy()
        state["_ctx"] = None
        return state

    @property
    def reads_board_only(self) -> bool:
        """Whether this agent reads only the board from a view (its units, the scenario and
        where the game is in the sequence of play: ``_Context``, ``_values``), never the
        question asked: the hex-and-counter rules of thumb, once a decision has shown the
        system has no rules of thumb of its own (``Game.heuristic_policy``).  The search then
        answers a quiet selection's follow-up from the selection's view (``mcts._step``)."""
        return self._own is False

    def fork(self, seed: int | None, noise: float | None = None,
             style: dict[str, float] | None = None) -> HeuristicAgent:
        """A new agent with its own seed (and ``noise``, ``style``) that remembers what this
        one has seen: a system's own rules of thumb may keep a memory across decisions (the
        War of the Ring's Dark Power remembers where and when it last saw each hidden
        walker), which a fresh agent would lack.  The search writes its scripts with forks
        of its prior.  The hex-and-counter rules of thumb keep only the units selected this
        phase, which a plan (at a phase's first decision) never needs: a fork of them is a
        fresh agent."""
        new = HeuristicAgent(seed, noise=self.noise if noise is None else noise, style=style)
        if self._own:
            own = copy.deepcopy(self._own)
            if hasattr(own, "rng"):
                own.rng = new.rng
            if hasattr(own, "noise"):
                own.noise = new.noise
            new._own = own
        return new

    # ----- the interface -------------------------------------------------------------------
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        ranked, values = self._values(view, legal)
        if ranked is not None:
            best = ranked[0][1]
        else:
            # the first of the best scores: what ``rank``'s stable sort puts first
            best = legal[values.index(max(values))]
        self._remember(view, best)
        return best

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        """Every legal action with its score, best first (``choose`` plays the first)."""
        ranked, values = self._values(view, legal)
        if ranked is not None:
            return ranked
        scored = list(zip(values, legal))
        # best first, ties in the order of ``legal`` (a stable sort: as by the negated score)
        scored.sort(key=_first, reverse=True)
        return scored

    def _values(self, view: dict[str, Any],
                legal: list[Action]) -> tuple[list[tuple[float, Action]] | None, list[float]]:
        """(the system's own rules of thumb's ranking, if it has its own, else None; else
        each legal action's score, noise added, in the order of ``legal``)."""
        side = view.get("side") or view.get("to_act") or ""
        key = (view.get("turn"), view.get("phase"), view.get("step"), view.get("round"),
               view.get("player"))
        if key != self._phase_key:
            self._phase_key = key
            self._selected = set()
        if self._own is None and view.get("system"):
            from ..core.engine import system_class
            try:
                factory = system_class(view["system"]).heuristic_policy
            except Exception:
                factory = None
            # a system with its own rules of thumb (declared in its own package)
            self._own = factory(self.rng, self.noise) if factory is not None else False
        if self._own:
            if hasattr(self._own, "style"):      # a style it weighs (``heuristic_styles``)
                self._own.style = self.style
            return self._own.rank(view, legal), []
        # a view asked again (the search's follow-up to a quiet selection, ``mcts._step``):
        # what was derived from it still holds
        ctx = self._ctx
        if ctx is None or ctx.view is not view or ctx.side != side:
            ctx = self._ctx = _Context(view, side)
        if type(self) is not HeuristicAgent:            # a subclass may score otherwise
            scores = [self.score(ctx, a) for a in legal]
        else:
            scores = self._scores(ctx, legal)
        noise = self.noise
        if noise:
            # one draw an action, in the order of ``legal``, after the scores (which draw none)
            rnd = self.rng.random
            return None, [s + rnd() * noise for s in scores]
        return None, scores

    def _scores(self, ctx: _Context, legal: list[Action]) -> list[float]:
        """``score`` of each legal action, with the common ones (``_s_move``, ``_s_place``)
        inline: what depends only on the moving unit is read once (its place function)."""
        table = _scorers(HeuristicAgent)
        units = ctx.units
        select = self._s_select
        # the unit whose moves are scored: its id (``_NONE``: none yet), the unit, the score
        # of where it stands and its place function
        mover: Any = _NONE
        unit: dict[str, Any] = {}
        base = 0.0
        place: Callable[[str], float] | None = None
        placing: Any = None   # the unit being placed: (id, it off the map, place)
        scores = []
        for a in legal:
            t = a.get("type")
            if t == "move":
                uid = a.get("unit")
                if place is None or mover != uid:
                    mover = uid
                    unit = units.get(uid, {})
                    place = self._place_fn(ctx, unit)
                    here = unit.get("hex")
                    base = self.place_score(ctx, unit, here) if here is None else place(here)
                to = a.get("to")
                if to is not None:
                    s = place(to) - base
                else:
                    s = self.place_score(ctx, unit, to) - base
            elif t == "select":
                s = select(ctx, a)
            elif t == "place":
                # ``_s_place``
                uid = a.get("unit")
                if placing is None or placing[0] != uid:
                    u = dict(units.get(uid, {}), hex=None)
                    placing = (uid, u, self._placer(ctx, u))
                to = a.get("to")
                s = placing[2](to) if to is not None else self.place_score(ctx, placing[1], to)
                s += 0.01 if a.get("real") else 0.0
            else:
                fn = table.get(t)
                if fn is not None:
                    s = fn(self, ctx, a)
                else:
                    s = 0.0 if t in ("end", "end_phase") else 0.05
            scores.append(s)
        return scores

    def _remember(self, view: dict[str, Any], action: Action) -> None:
        if action.get("type") == "select":
            self._selected.add(action.get("unit") or action.get("piece"))

    # ----- scores ---------------------------------------------------------------------------
    def score(self, ctx: _Context, a: Action) -> float:
        t = a.get("type")
        fn = getattr(self, f"_s_{t}", None)
        if fn is not None:
            return fn(ctx, a)
        if t in ("end", "end_phase"):
            return 0.0
        return 0.05

    # SPI movement and set-up
    def _s_select(self, ctx: _Context, a: Action) -> float:
        pid = a.get("unit") or a.get("piece")
        if pid in self._selected:
            return -5.0
        u = ctx.units.get(pid, {})
        if u.get("kind") == "leader":
            return 0.3                                    # leaders follow their troops
        h = u.get("hex")
        if h is None:
            return 0.6                                    # arriving reinforcements
        return 0.5 + 0.5 / (1 + ctx.nearest_enemy(h))     # the front first

    def place_score(self, ctx: _Context, u: dict[str, Any], h: str | None) -> float:
        """How good hex ``h`` is for unit ``u`` of ``ctx.side`` (kept for the view: a unit's
        moves all ask the score of where it stands)."""
        memo = ctx.places.get(self)                 # the scores depend on the agent's style
        if memo is None:
            memo = ctx.places[self] = {}
        key = (u.get("id"), u.get("hex"), h)
        hit = memo.get(key)
        if hit is None:
            hit = memo[key] = self._place_score(ctx, u, h)
        return hit

    def _placer(self, ctx: _Context, u: dict[str, Any]) -> Callable[[str], float]:
        """How good a hex (not None) is for unit ``u`` of ``ctx.side``, as a function of the hex
        (``_place_score``, and the scoring loop's moves): what depends only on the unit and
        the view is read once (a unit's moves all ask it)."""
        uid = u.get("id")
        friends_at = ctx.friends_at
        near_get, nearest = ctx._near.get, ctx.nearest_enemy
        adjacent = ctx.adjacent_enemies
        if u.get("type") in ctx.garrison:
            garrison_score = self.garrison_score

            def garrison_place(h: str) -> float:
                here = friends_at.get(h)
                friends = [f for f in here if f.get("id") != uid] if here else []
                return garrison_score(ctx, u, h, friends, adjacent(h))

            return garrison_place
        # the hexes where the unit itself may stand among its friends (not one of them)
        own = ctx.own_hexes(uid)
        if u.get("kind") == "leader":
            # [20.1] Sauron slain demoralizes his army: he keeps well back, and the leaders of
            # a host that wins by surviving keep away too
            critical = uid in ctx.facts.get("critical", ())
            keep_back = critical or ctx.posture == "evade"
            far = 1.0 if critical else 0.3

            def leader_place(h: str) -> float:
                near = near_get(h)
                if near is None:
                    near = nearest(h)
                adj = adjacent(h) if near <= 1 else ()
                here = friends_at.get(h)
                if here:
                    if h in own:
                        guards = [f for f in here if f.get("id") != uid and _is_combat(f)]
                    else:
                        guards = [f for f in here if _is_combat(f)]
                else:
                    guards = []
                s = 3.0 if guards else -3.0
                s += 0.2 * (max([int(f.get("armour") or 0) for f in guards]) if guards else 0)
                s -= 1.0 * len(adj)
                if keep_back:
                    s -= 2.0 * len(adj)
                    s += 0.3 * (near if near < 8 else 8) + far * (near if near < 20 else 20)
                else:
                    s -= 0.05 * near
                return s

            return leader_place
        style = self.style or ctx.style
        pull_evade = 0.3 / style["pull"]
        pull_attack = 0.3 * style["pull"]
        opp_weight, threat_weight = style["opp"], style["threat"]
        combat = _is_combat(u)
        road = ctx.road
        holding = ctx.posture == "hold" and u.get("hex") in ctx.hold
        evade = ctx.posture == "evade"
        threat_factor = 1.5 if evade else 0.8
        objectives = bool(ctx.objectives)
        hold, walls = ctx.hold, ctx.walls
        objective_get, objective_distance = ctx._objective.get, ctx.objective_distance
        combat_friends = ctx.combat_friends
        road_pull = self.road_pull

        def place(h: str) -> float:
            near = near_get(h)
            if near is None:
                near = nearest(h)
            s = 0.0
            if road:
                s += road_pull(ctx, h)
            if holding:
                if h not in hold:
                    s -= 4.0
                if h in walls:
                    s += 0.8
                s -= 0.05 * near
            elif evade:
                # as far from the enemy as it can (it must come to him)
                s += pull_evade * (near if near < 20 else 20)
            else:
                s -= pull_attack * (near if near < 12 else 12)
                if objectives:
                    d = objective_get(h)
                    if d is None:
                        d = objective_distance(h)
                    s -= 0.15 * d
            adj = adjacent(h) if near <= 1 else ()
            here = friends_at.get(h)
            if combat:
                if adj:
                    # (with no enemy beside, the exchange adds 0.0 to a score that is never -0.0)
                    opp, threat = exchange(u, adj)
                    opp *= opp_weight
                    threat *= threat_weight
                    s += 1.2 * opp - threat_factor * threat
                if here:
                    if h in own:
                        s += 0.15 * sum(1 for f in here if f.get("id") != uid and _is_combat(f))
                    else:
                        s += 0.15 * combat_friends(h)
            else:
                if here and h in own:
                    friends = sum(1 for f in here if f.get("id") != uid)
                else:
                    friends = len(here) if here else 0
                s += 0.2 * friends - 0.5 * len(adj)
            return s

        return place

    def _place_score(self, ctx: _Context, u: dict[str, Any], h: str | None) -> float:
        if h is None:
            return -20.0                                  # waiting off the map helps nobody
        return self._place_fn(ctx, u)(h)

    def _place_fn(self, ctx: _Context, u: dict[str, Any]) -> Callable[[str], float]:
        """``_placer`` of ``u``, kept for the view (``ctx.placers``: by this agent, whose
        style it weighs, the unit and its hex): the scoring loop and ``_place_score`` share
        it, and so do the decisions of one view (a quiet selection's follow-up)."""
        key = (self, u.get("id"), u.get("hex"))
        place = ctx.placers.get(key)
        if place is None:
            place = ctx.placers[key] = self._placer(ctx, u)
        return place

    def garrison_score(self, ctx: _Context, u: dict[str, Any], h: str,
                       friends: list[dict[str, Any]], adj: list[dict[str, Any]]) -> float:
        """Gondor's garrison holds the city: Sauron wins only if it is demoralized [20.1],
        and each level he controls adds to its total [19.11].  Units stay inside, on the
        walls (attacked across them only from siege towers, ladders and breaches [7.35]),
        equipment spread along the outer levels, leaders stacked and out of reach."""
        level = ctx.level.get(h)
        if level is None:                                   # outside: come back in
            return -6.0 - 0.5 * hx.distance(h, ctx.facts.get("main_gate", "1910"))
        near = min(ctx.nearest_enemy(h), 12)
        on_wall = h in ctx.walls
        kind = u.get("kind")
        tags = u.get("type", "")
        if kind == "leader":
            s = 3.0 if any(_is_combat(f) for f in friends) else -3.0
            return s - 1.5 * len(adj) - 0.1 * abs(level - 2)
        if tags == "cauldron":                              # [16.7] oil is poured from the walls
            others = sum(1 for f in friends if f.get("type") == "cauldron")
            return (1.0 if on_wall else 0.0) - 0.15 * level - 0.05 * near - 1.0 * others
        if tags == "w_catapult":                            # [16.6] in range, out of reach
            others = sum(1 for f in friends if f.get("type") == "w_catapult")
            return -0.1 * abs(near - 3) - 1.0 * len(adj) - 0.8 * others - 0.1 * level
        s = 0.0
        if on_wall:
            s += 1.0
        s -= 0.12 * (level - 1)                             # the outer levels first
        s -= 0.04 * near
        opp, threat = exchange(u, adj)
        if u.get("disrupted"):
            threat *= 3.0                                   # [7.57] a disrupted unit that must retreat dies
        s += 0.8 * opp - (0.4 if on_wall else 0.9) * threat
        s += 0.15 * min(2, sum(1 for f in friends if _is_combat(f)))
        return s

    def road_pull(self, ctx: _Context, h: str) -> float:
        """[20.1] Sauron wins only if he was the last to pass 1918 and 2124: the nearer
        units of each side head for a road hex the other side holds, the more so as the
        last turn nears, and Sauron's sit on them to bar the way."""
        terms = ctx._road_terms
        if terms is None:
            terms = ctx._road_terms = _road_terms(ctx)
        on_road, wanted, near, far, there = terms
        s = 0.0
        if on_road is not None and h in ctx.road:
            s += on_road
        if near is None:
            return s
        d = near(h)
        return s - far * (d if d < 8 else 8) + (there if d == 0 else 0.0)

    def _move_gain(self, ctx: _Context, a: Action, to: str | None) -> float:
        u = ctx.units.get(a.get("unit"), {})
        return self.place_score(ctx, u, to) - self.place_score(ctx, u, u.get("hex"))

    def _s_move(self, ctx: _Context, a: Action) -> float:
        return self._move_gain(ctx, a, a.get("to"))

    def _s_stay(self, ctx: _Context, a: Action) -> float:
        return 0.0

    def _s_place(self, ctx: _Context, a: Action) -> float:
        u = ctx.units.get(a.get("unit"), {})
        return self.place_score(ctx, dict(u, hex=None), a.get("to")) + (0.01 if a.get("real") else 0.0)

    def _s_deploy_rest(self, ctx: _Context, a: Action) -> float:
        # the garrison is placed unit by unit (deploy_rest crowds the Main Gate)
        return -1.0 if ctx.garrison else 10.0

    def _s_split(self, ctx: _Context, a: Action) -> float:
        return -0.5

    def _s_form(self, ctx: _Context, a: Action) -> float:
        return -0.2

    def _s_exit(self, ctx: _Context, a: Action) -> float:
        return -1.0

    # SPI combat
    def _s_fire(self, ctx: _Context, a: Action) -> float:
        u, t = ctx.units.get(a.get("unit"), {}), ctx.units.get(a.get("target"), {})
        return 0.2 + 3.0 * expected_damage(u.get("missile"), t)

    def _s_attack(self, ctx: _Context, a: Action) -> float:
        u, t = ctx.units.get(a.get("unit"), {}), ctx.units.get(a.get("target"), {})
        return 0.2 + 3.0 * expected_damage(u.get("melee"), t)

    def _s_resolve(self, ctx: _Context, a: Action) -> float:
        return 0.15

    def _s_leader_attack(self, ctx: _Context, a: Action) -> float:
        u, t = ctx.units.get(a.get("unit"), {}), ctx.units.get(a.get("target"), {})
        diff = int(u.get("rally") or 0) - int(t.get("rally") or 0)
        return 0.3 * diff - 0.2

    def _s_advance(self, ctx: _Context, a: Action) -> float:
        return self._move_gain(ctx, a, a.get("to")) + 0.1

    def _s_retreat(self, ctx: _Context, a: Action) -> float:
        u = ctx.units.get(a.get("unit"), {})
        return self.place_score(ctx, u, a.get("to"))

    def _s_stand(self, ctx: _Context, a: Action) -> float:
        return 0.3

    def _s_retreat_before_combat(self, ctx: _Context, a: Action) -> float:
        u = ctx.units.get(a.get("unit"), {})
        _, threat = exchange(u, ctx.adjacent_enemies(u.get("hex") or ""))
        return threat - 0.8 + 0.1 * self._move_gain(ctx, a, a.get("to"))

    # rally, magic
    def _s_rally(self, ctx: _Context, a: Action) -> float:
        return 2.0

    def _s_banner_rally(self, ctx: _Context, a: Action) -> float:
        return 2.0

    def _s_cast(self, ctx: _Context, a: Action) -> float:
        u = ctx.units.get(a.get("unit"), {})
        h = u.get("hex")
        near = ctx.nearest_enemy(h) if h else 30
        points = int(a.get("points") or 1)
        return (0.6 if near <= 5 else -0.5) - 0.05 * points

    def _s_conjure(self, ctx: _Context, a: Action) -> float:
        return 0.5

    # Gondor's siege
    def _s_fireball(self, ctx: _Context, a: Action) -> float:
        to = a.get("to")
        enemies = ctx.enemies_at.get(to, ())
        friends = ctx.friends_at.get(to, ())
        if friends:
            return -2.0
        return -0.1 + sum(0.3 + float(e.get("value") or 3) / 20 for e in enemies if _is_combat(e))

    def _s_head(self, ctx: _Context, a: Action) -> float:
        return 0.3

    def _s_breach(self, ctx: _Context, a: Action) -> float:
        return 1.0

    def _s_ladder(self, ctx: _Context, a: Action) -> float:
        return 0.6

    def _s_push(self, ctx: _Context, a: Action) -> float:
        gear = ctx.units.get(a.get("gear"), {})
        frm, to = gear.get("hex"), a.get("to")
        if gear.get("type") in ctx.garrison and frm and to:
            return (self.place_score(ctx, gear, to) - self.place_score(ctx, gear, frm)
                    + self._move_gain(ctx, a, to))
        if not frm or not to or not ctx.objectives:
            return 0.1
        d0 = min(hx.distance(frm, o) for o in ctx.objectives)
        d1 = min(hx.distance(to, o) for o in ctx.objectives)
        return 0.1 + 0.3 * (d0 - d1)

    def _s_take_oil(self, ctx: _Context, a: Action) -> float:
        return 0.6

    def _s_pour(self, ctx: _Context, a: Action) -> float:
        return 3.0

    def _s_hold(self, ctx: _Context, a: Action) -> float:
        return 0.0
