"""Batch play and balance reports: many games between agents, on local processes or Ray.

>>> from ringwar.sim import GameSpec, run_game
>>> row = run_game(GameSpec("sauron", seed=1, agents=("random", "random"), max_actions=50))
>>> row["seed"], row["status"]
(1, 'stopped')
"""

from .runner import GameSpec, run_game, run_many
from .stats import summarize, wilson

__all__ = ["GameSpec", "run_game", "run_many", "summarize", "wilson"]
