"""Hints during a game and the analysis of a finished one.

**A hint** (:func:`hint`) is what the AI would play for one side and its estimate of every
side's chances, from that side's own view only: everything comes from worlds drawn by
:class:`ringwar.ai.worlds.WorldFactory` (the other sides' secrets re-dealt from the hint's
own generator, the dice reseeded), never from the game's hidden state, so two games that
differ only in what the side may not see give the same hint for the same seed.

- The suggestion is the ``standard`` level's choice (:mod:`ringwar.ai.levels`), thinking at
  most ``think`` seconds; only for the side to act (another side has no decision to make).
- The chances: in each of ``worlds`` worlds the game is played on by the rules of thumb for
  ``horizon`` actions and the position scored by :func:`ringwar.ai.evaluate.evaluate` from
  every side's view of that world (a value in [-1, 1]); each side's mean value ``v`` becomes
  a chance ``(1 + v) / 2``, normalised over the sides to sum to 1.  A system without an
  evaluation of its own scores every unfinished position 0, so its chances move only where
  a look-ahead reaches the end of the game.  Every side's value is judged from the asking
  side's view of each world, never from another side's view of it.  Bounded: at most ``think`` seconds in all
  (after the first world).

**The analysis** (:func:`analyse`) of a finished game replays its record and scores the
position after every action with the static evaluation from each side's view (a finished
game may show everything: the true position), as chances as above.  The *turning points*
are the actions after which the chances swung the most (largest absolute change of any
side's chance).  Cheap: one view and one evaluation per side per action.
"""

from __future__ import annotations

import random
import time
from typing import Any

from .evaluate import evaluate

Action = dict[str, Any]

#: default bounds of a hint: seconds in all, worlds, look-ahead actions per world
HINT_THINK = 1.0
HINT_WORLDS = 8
HINT_HORIZON = 40


def chances_from_values(values: dict[str, float]) -> dict[str, float]:
    """Each side's value in [-1, 1] -> chances that sum to 1 (an even split if all are -1)."""
    raw = {s: max(0.0, min(1.0, (1.0 + v) / 2.0)) for s, v in values.items()}
    total = sum(raw.values())
    if total <= 0:
        return {s: 1.0 / len(raw) for s in raw} if raw else {}
    return {s: round(p / total, 4) for s, p in raw.items()}


def static_values(game: Any) -> dict[str, float]:
    """Each side's static evaluation of ``game`` from its own view (a side sees its own
    secrets: use on the true game only where everything may be shown, e.g. a finished game,
    or on a world)."""
    return {s: evaluate(game.view(s), s) for s in game.sides}


def estimate_chances(game: Any, side: str, seed: int = 0, *, worlds: int = HINT_WORLDS,
                     horizon: int = HINT_HORIZON, think: float | None = HINT_THINK) -> dict[str, Any]:
    """Each side's chances in ``game`` as ``side`` may judge them (see the module doc)."""
    from .heuristic import HeuristicAgent
    from .worlds import WorldFactory

    factory = WorldFactory(game, side)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    deadline = None if think is None else t0 + think
    sums = {s: 0.0 for s in game.sides}
    done = 0
    for _ in range(max(1, worlds)):
        if deadline is not None and done > 0 and time.perf_counter() >= deadline:
            break
        world = factory.sample(random.Random(rng.getrandbits(64)))
        agents = {s: HeuristicAgent(rng.getrandbits(32), noise=0.05) for s in world.sides}
        for _ in range(horizon):
            if world.result is not None:
                break
            actor = world.to_act
            legal = world.legal_actions() if actor is not None else []
            if not legal:
                break
            a = legal[0] if len(legal) == 1 else agents[actor].choose(world.view(actor), legal)
            world.apply(a)
        # every side's value judged from what ``side`` sees of the world (another side's view
        # would show the world's re-dealt secrets as if that side knew them)
        view = world.view(side)
        for s in world.sides:
            sums[s] += evaluate(view, s)
        done += 1
    values = {s: round(v / done, 4) for s, v in sums.items()}
    return {"chances": chances_from_values(values), "values": values, "worlds": done,
            "horizon": horizon, "seconds": round(time.perf_counter() - t0, 3)}


def hint(game: Any, side: str, seed: int = 0, *, think: float | None = HINT_THINK,
         worlds: int = HINT_WORLDS, horizon: int = HINT_HORIZON,
         level: str = "standard") -> dict[str, Any]:
    """The AI's suggestion for ``side`` (when it is to act) and every side's chances, from
    ``side``'s view only.  ``think``: seconds at most for each of the two parts (None: no
    time bound, the budgets alone: reproducible).  ``game`` is not changed."""
    from .levels import make_level_agent
    from .worlds import WorldFactory

    if side not in game.sides:
        raise ValueError(f"{side!r} is not a side of this game (sides: {', '.join(game.sides)})")
    t0 = time.perf_counter()
    out: dict[str, Any] = {"side": side, "turn": getattr(game, "turn", None),
                           "phase": getattr(game, "phase", None), "action": None, "text": None,
                           "level": level}
    over = game.result is not None
    if not over and game.to_act == side:
        legal = list(game.legal_actions())
        if legal:
            agent = make_level_agent(level, seed, timed=think is not None,
                                     think_cap=think)
            if getattr(agent, "needs_world", False):
                agent.world = WorldFactory(game.clone(), side)
            action = agent.choose(game.view(side), legal)
            out["action"] = action
            out["text"] = game.describe_action(action, side)
    if over:   # the result says it all
        result = game.result
        won = set(result.get("winners") or ()) | ({result["winner"]} if result.get("winner") else set())
        values = {s: (1.0 if s in won else -1.0) if won else 0.0 for s in game.sides}
        est = {"chances": chances_from_values(values), "values": values, "worlds": 0,
               "horizon": 0}
    else:
        est = estimate_chances(game.clone(), side, seed ^ 0xC4A, worlds=worlds,
                               horizon=horizon, think=think)
    out.update(chances=est["chances"], values=est["values"], worlds=est["worlds"],
               horizon=est["horizon"], seconds=round(time.perf_counter() - t0, 3))
    return out


def analyse(game_or_record: Any, *, top: int = 5) -> dict[str, Any]:
    """Every side's chances after every action of a finished game (static evaluation of the
    true position, see the module doc) and the ``top`` turning points: the actions after
    which some side's chance changed the most, largest first.

    Accepts a game (its record is replayed from the start) or a record (anything
    :func:`ringwar.replay` takes).  Returns ``{"sides", "steps", "series": [{"step",
    "side", "text", "chances"}], "turning_points": [{"step", "side", "text", "before",
    "after", "swing", "gainer"}], "result"}``; step 0 is the starting position, step N the
    position after the N-th action."""
    import ringwar
    from ringwar.core.engine import system_class
    from ringwar.core.record import GameRecord

    if hasattr(game_or_record, "record") and hasattr(game_or_record, "legal_actions"):
        record = game_or_record.record
    elif isinstance(game_or_record, GameRecord):
        record = game_or_record
    else:
        record = ringwar.replay(game_or_record).record
    g = system_class(record.system)(type(record)(record.system, record.seed, record.scenario,
                                                 dict(record.options), record.setup, []))
    sides = list(g.sides)
    series: list[dict[str, Any]] = [{"step": 0, "side": None, "text": None,
                                     "chances": chances_from_values(static_values(g))}]
    for i, a in enumerate(record.actions):
        actor = a.get("side") if a.get("type") in _META else g.to_act
        text = g.describe_action(a, actor)
        g.apply(a)
        series.append({"step": i + 1, "side": actor, "text": text,
                       "chances": chances_from_values(static_values(g))})
    turning = turning_points(series, top)
    return {"system": record.system, "sides": sides, "steps": len(record.actions),
            "series": series, "turning_points": turning, "result": g.result,
            "method": "static evaluation of the true position after every action"}


_META = frozenset({"resign", "offer_draw", "accept_draw", "decline_draw"})


def turning_points(series: list[dict[str, Any]], top: int = 5) -> list[dict[str, Any]]:
    """The ``top`` steps of ``series`` (as :func:`analyse` makes it) with the largest swing:
    the largest absolute change of any side's chance from the step before, largest first
    (ties: the earlier step)."""
    swings = []
    for prev, cur in zip(series, series[1:], strict=False):
        before, after = prev["chances"], cur["chances"]
        deltas = {s: after.get(s, 0.0) - before.get(s, 0.0) for s in after}
        if not deltas:
            continue
        gainer = max(deltas, key=lambda s: deltas[s])
        swing = max(abs(d) for d in deltas.values())
        if swing <= 1e-9:
            continue
        swings.append({"step": cur["step"], "side": cur["side"], "text": cur["text"],
                       "before": before, "after": after, "swing": round(swing, 4),
                       "gainer": gainer if deltas[gainer] > 1e-9 else None})
    swings.sort(key=lambda t: (-t["swing"], t["step"]))
    return swings[: max(0, top)]
