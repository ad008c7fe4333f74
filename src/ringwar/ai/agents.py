"""Agents: anything that picks one of the legal actions from its side's view.

An agent sees only what its side may see (``game.view(side)``) and the list of legal
actions; it never touches the game object, so the same agent plays in the terminal, in
self-play, on the server and in search.  Agents may keep their own random generator; the
game's dice stay with the game.

>>> import ringwar
>>> from ringwar.ai import RandomAgent, play_game
>>> game = ringwar.new_game("sauron", seed=3)
>>> agent = RandomAgent(seed=1)
>>> action = agent.choose(game.view(game.to_act), game.legal_actions())
>>> action in game.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

Action = dict[str, Any]


@runtime_checkable
class Agent(Protocol):
    """Chooses one action from ``legal`` (a list it must not modify) given its side's view."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


class RandomAgent:
    """Picks uniformly among the legal actions, with its own seeded generator."""

    name = "random"
    #: the random agent ignores the view, so :func:`play_game` may skip building it
    uses_view = False

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        return legal[self.rng.randrange(len(legal))]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


#: agent name -> factory taking a seed
AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
}


def _heuristic(seed: int | None = None, **options: Any) -> Agent:
    from .heuristic import HeuristicAgent
    return HeuristicAgent(seed)


def _mcts(seed: int | None = None, **options: Any) -> Agent:
    from .mcts import MCTSAgent
    return MCTSAgent(seed, **options)


AGENTS["heuristic"] = _heuristic
AGENTS["mcts"] = _mcts


def make_agent(name: str, seed: int | None = None, **options: Any) -> Agent:
    """An agent by name (``"random"``, ``"heuristic"``, ``"mcts"``, or ``"heuristic:STYLE"``:
    the heuristic in one of :data:`ringwar.ai.heuristic.STYLES`), seeded.  ``options`` go to
    agents that take them (mcts: ``think`` seconds, ``iterations``); others ignore them."""
    if not known_agent(name):
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(agent_names())})")
    base, _, style = name.partition(":")
    if style:
        from .heuristic import STYLES, HeuristicAgent
        return HeuristicAgent(seed, style=STYLES[style])
    if options and base not in ("mcts",):
        return AGENTS[base](seed)
    return AGENTS[base](seed, **options)


def agent_names() -> list[str]:
    """Every name :func:`make_agent` knows."""
    from .heuristic import STYLES
    return sorted(AGENTS) + [f"heuristic:{s}" for s in STYLES]


def known_agent(name: str) -> bool:
    return name in agent_names()


def agent_seed(game_seed: int, side_index: int) -> int:
    """A per-side agent seed derived from a game seed (stable across runs and platforms)."""
    return (game_seed * 1_000_003 + 7919 * (side_index + 1)) % (2**63)


class PlayError(RuntimeError):
    """A game that cannot be played out; ``game`` is the game as it stands."""

    def __init__(self, message: str, game: Any) -> None:
        super().__init__(message)
        self.game = game


class RunawayGame(PlayError):
    """The game did not end within the action budget."""


class DeadEnd(PlayError):
    """A side is to act but has no legal action."""


def play_game(game: Any, agents: Mapping[str, Agent], max_actions: int = 100_000,
              on_action: Callable[[str, Action, list[dict[str, Any]]], None] | None = None) -> Any:
    """Play ``game`` to its end, each side's decisions made by ``agents[side]``.

    Raises :class:`RunawayGame` if the game is not over after ``max_actions`` actions (from
    this call) and :class:`DeadEnd` if the side to act has no legal action.  ``on_action``
    (side, action, events) is called after every action.  Returns the game.
    """
    for _ in range(max_actions):
        if game.result is not None:
            return game
        side = game.to_act
        if side is None:
            raise DeadEnd(f"dead end: no side to act but no result (turn {game.turn}, "
                          f"phase {game.phase})", game)
        legal = game.legal_actions()
        if not legal:
            raise DeadEnd(f"dead end: {side} to act with no legal action "
                          f"(turn {game.turn}, phase {game.phase})", game)
        agent = agents[side]
        if getattr(agent, "needs_world", False):
            # a search agent gets worlds consistent with its side's view, never the game
            from .worlds import WorldFactory
            agent.world = WorldFactory(game, side)
        if getattr(agent, "uses_view", True):
            view = game.view(side)
        else:  # an agent that declares it ignores the view gets only the basics (speed)
            view = {"side": side, "to_act": side, "turn": game.turn, "phase": game.phase}
        action = agent.choose(view, legal)
        events = game.apply(action)
        if on_action is not None:
            on_action(side, action, events)
    if game.result is not None:
        return game
    raise RunawayGame(f"runaway: the game did not end within {max_actions} actions "
                      f"(turn {game.turn}, phase {game.phase})", game)
