"""Worlds for search: game states consistent with one side's view, never the true secrets.

A search agent may not read the game (that would show it the other side's secrets and the
dice to come).  The runner hands it a :class:`WorldFactory` instead; the agent calls
``world.sample(rng)`` and gets a fresh copy of the game in which

- everything its side's view shows is as in the real game;
- everything the view hides is *re-dealt* from the agent's own generator, using only what
  the view shows and the counts the rules make public: in Gondor the Cauldrons' ``real``
  flags ([16.71]: three real and three dummies, the placed ones drawn from a shuffled deck
  of 3 + 3) and the ``carry`` of every Oil counter in a Westernesse unit's hands (real with
  the probability that a Cauldron still holding oil is real);
- the dice are reseeded from the agent's generator (future rolls are unknown to a player).

So two games that differ only in their secrets give the same worlds for the same agent
seed; ``tests/ai`` checks exactly that.  For systems without hidden information a world is
``game.clone()`` with fresh dice.

The factory keeps its game private; an agent must use nothing but ``sample`` and ``side``.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.dice import Dice


class WorldFactory:
    """Makes worlds consistent with ``side``'s view of ``game`` (see the module doc)."""

    __slots__ = ("_game", "side")

    def __init__(self, game: Any, side: str) -> None:
        self._game = game
        self.side = side

    def sample(self, rng: random.Random) -> Any:
        """A copy of the game with the other sides' secrets re-dealt and fresh dice."""
        world = self._game.clone()
        if getattr(world, "hidden_information", False):
            resample_secrets(world, self.side, rng)
        count = world.dice.count
        world.dice = Dice(rng.getrandbits(63))
        world.dice.count = count
        return world


def resample_secrets(world: Any, side: str, rng: random.Random) -> None:
    """Re-deal, in place, what ``side`` may not see in ``world`` (a clone)."""
    system = getattr(world, "system", "")
    if system == "gondor":
        _gondor(world, side, rng)


def _gondor(world: Any, side: str, rng: random.Random) -> None:
    """[16.71] Only the Westernesse player knows which Cauldrons (and so which Oil counters)
    are real: for any other side, deal them again."""
    if side == "westernesse":
        return
    cauldrons = sorted((p for p in world.units.values() if "cauldron" in p.tags), key=lambda p: p.id)
    placed = [p for p in cauldrons if "real" in p.flags]
    # the public counts: three real, three dummies ([16.71]); the placed ones are a draw
    n = len(cauldrons)
    deck = [True] * (n // 2) + [False] * (n - n // 2)
    rng.shuffle(deck)
    for p, real in zip(placed, deck):
        p.flags["real"] = real
    with_oil = [p for p in placed if p.flags.get("oil", 0) > 0]
    p_real = (sum(1 for p in with_oil if p.flags["real"]) / len(with_oil)) if with_oil else 0.5
    for p in sorted(world.units.values(), key=lambda q: q.id):
        if p.flags.get("carry"):
            p.flags["carry"] = "real" if rng.random() < p_real else "dummy"
    world._after_change()
