"""Reinforcement learning: a PettingZoo AEC environment for every ringwar system.

Needs the optional extra: ``pip install 'ringwar[rl]'`` (pettingzoo, gymnasium, numpy).

>>> from ringwar.rl import env                       # doctest: +SKIP
>>> e = env("sauron", seed=1)                        # doctest: +SKIP
>>> e.reset(seed=1)                                  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any


def env(system: str = "sauron", **kwargs: Any) -> Any:
    """A PettingZoo AEC environment playing ``system`` (see :class:`RingwarEnv`)."""
    from .env import RingwarEnv
    return RingwarEnv(system, **kwargs)


__all__ = ["env"]
