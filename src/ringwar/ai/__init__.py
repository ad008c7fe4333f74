"""Agents that play through the engine contract (``legal_actions`` / ``apply`` / ``view``)."""

from .agents import (
    AGENTS,
    Agent,
    DeadEnd,
    PlayError,
    RandomAgent,
    RunawayGame,
    agent_seed,
    make_agent,
    play_game,
)

__all__ = [
    "AGENTS", "Agent", "DeadEnd", "PlayError", "RandomAgent", "RunawayGame", "agent_seed",
    "make_agent", "play_game",
]
