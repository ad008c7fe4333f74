"""Difficulty levels: one declaration table, for every game system.

A level is a name a player picks (in the lobby's AI seat picker, ``ringwar play --level``),
a description for players, and how it plays: an agent kind (:data:`ringwar.ai.agents.AGENTS`)
and its parameters.  Nothing here names a game: the agents work through the engine contract,
so every level plays every registered system (``ringwar.core.engine.systems()``).

    >>> from ringwar.ai.levels import LEVELS, make_level_agent
    >>> [lv.name for lv in LEVELS]
    ['beginner', 'standard', 'strong']
    >>> make_level_agent("beginner", seed=1).name
    'beginner'

``think`` is an upper bound in seconds on one searched decision (a plan of a Movement
Phase), after at least one round of the search; the search's own budget (``plan_worlds``
rounds) is what a level plays at when the machine is fast enough, so a level with a seed is
reproducible unless the time bound cuts a search short (``timed=False`` drops the time bound:
tests, the ladder).  The ladder of levels (each level's win rate against the next) is
measured by ``benchmarks/ladder.py`` and written in docs/ai.md.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]


@dataclass(frozen=True)
class Level:
    """One difficulty level: who a player meets when they pick ``name``."""

    name: str
    title: str
    description: str
    agent: str                                   # an agent kind (ringwar.ai.agents.AGENTS)
    params: dict[str, Any] = field(default_factory=dict)
    think: float | None = None                   # seconds at most per searched decision

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "title": self.title, "description": self.description,
                "agent": self.agent, "params": dict(self.params), "think": self.think}


#: the levels, weakest first (the ladder plays each against the next)
LEVELS: tuple[Level, ...] = (
    Level("beginner", "Beginner",
          "Plays by rules of thumb, loosely: it often overlooks the better move and now and "
          "then blunders outright. Instant.",
          "heuristic", {"noise": 0.5, "blunder": 0.15}),
    # standard: its styles and two blurred copies of its own plan (mcts before 2026-11-28);
    # strong: as many candidates as make eight (``mcts.PLAN_CANDIDATES``, mcts's default),
    # each tried in twice the futures.  The step that measurably counts is the candidates'
    # (docs/ai.md, "Difficulty levels"): more futures alone bought nothing measurable.
    Level("standard", "Standard",
          "Plans each of its turns (its movement, in the hex games) with a short search over "
          "possible futures, from what its side can see, choosing among a few plans. About a "
          "second a plan at most.",
          "mcts", {"plan_worlds": 2, "variations": 2}, think=1.0),
    Level("strong", "Strong",
          "Weighs more plans before each of its turns (eight at least, where the standard "
          "level weighs three to five), each tried in twice as many futures. Up to two "
          "seconds a plan.",
          "mcts", {"plan_worlds": 4}, think=2.0),
)

#: the level a game gets when a player asks for "an AI" without naming one
DEFAULT_LEVEL = "standard"


def level_names() -> list[str]:
    return [lv.name for lv in LEVELS]


def get_level(name: str) -> Level:
    for lv in LEVELS:
        if lv.name == name:
            return lv
    raise ValueError(f"unknown level {name!r} (known: {', '.join(level_names())})")


def is_level(name: str | None) -> bool:
    return name in level_names()


def next_level(name: str) -> str | None:
    """The level above ``name`` on the ladder (None for the strongest)."""
    names = level_names()
    i = names.index(get_level(name).name)
    return names[i + 1] if i + 1 < len(names) else None


def make_level_agent(name: str, seed: int | None = None, *, timed: bool = True,
                     think_cap: float | None = None) -> Any:
    """The agent of level ``name``, seeded.  ``timed=False``: no time bound (the search
    plays its whole budget: reproducible on any machine); ``think_cap``: a bound in seconds
    lower than the level's own (a server on a slow machine, tests)."""
    level = get_level(name)
    params = dict(level.params)
    if level.agent == "heuristic":
        from .heuristic import HeuristicAgent
        blunder = float(params.pop("blunder", 0.0))
        inner = HeuristicAgent(seed, **params)
        agent: Any = inner if not blunder else BlunderingAgent(inner, blunder, seed)
    elif level.agent == "mcts":
        from .mcts import MCTSAgent
        think = level.think if timed else None
        if think is not None and think_cap is not None and think_cap > 0:
            think = min(think, think_cap)
        agent = MCTSAgent(seed, think=think, **params)
    else:
        from .agents import make_agent
        agent = make_agent(level.agent, seed, **params)
    try:
        agent.level = level.name
    except AttributeError:   # an agent with __slots__: the level is only a label
        pass
    return agent


class BlunderingAgent:
    """An agent that, with probability ``rate``, plays a random legal action instead of its
    inner agent's choice (its own seeded generator: reproducible)."""

    def __init__(self, inner: Any, rate: float, seed: int | None = None) -> None:
        self.inner = inner
        self.rate = rate
        self.rng = random.Random(None if seed is None else seed ^ 0xB1D)
        self.name = "beginner"
        self.needs_world = getattr(inner, "needs_world", False)
        self.uses_view = getattr(inner, "uses_view", True)

    @property
    def world(self) -> Any:
        return getattr(self.inner, "world", None)

    @world.setter
    def world(self, w: Any) -> None:
        if hasattr(self.inner, "world"):
            self.inner.world = w

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) > 1 and self.rng.random() < self.rate:
            a = legal[self.rng.randrange(len(legal))]
            remember = getattr(self.inner, "_remember", None)
            if remember is not None:     # the heuristic selects each unit once a phase
                remember(view, a)
            return a
        return self.inner.choose(view, legal)

    def __repr__(self) -> str:
        return f"BlunderingAgent({self.inner!r}, rate={self.rate})"
