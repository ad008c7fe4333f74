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
from .analysis import analyse, hint
from .levels import LEVELS, Level, level_names, make_level_agent

__all__ = [
    "AGENTS", "Agent", "DeadEnd", "PlayError", "RandomAgent", "RunawayGame", "agent_seed",
    "make_agent", "play_game", "LEVELS", "Level", "level_names", "make_level_agent", "hint",
    "analyse",
]
