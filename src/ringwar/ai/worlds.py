"""Worlds for search: game states consistent with one side's view, never the true secrets.

A search agent may not read the game (that would show it the other side's secrets and the
dice to come).  The runner hands it a :class:`WorldFactory` instead; the agent calls
``world.sample(rng)`` and gets a fresh copy of the game in which

- everything its side's view shows is as in the real game;
- everything the view hides is *re-dealt* from the agent's own generator by the game itself
  (:meth:`ringwar.core.engine.Game.redeal`), using only what the view shows and the counts
  the rules make public (Gondor's Cauldrons, the Siege of Minas Tirith's deck order);
- the dice are reseeded from the agent's generator (future rolls are unknown to a player);
- the past is told as the side saw it: the log without the other sides' events, the
  recorded actions redacted for the side.

So two games that differ only in their secrets give the same worlds for the same agent
seed; ``tests/ai`` checks exactly that.  For systems without hidden information a world is
``game.clone()`` with fresh dice.

The factory keeps its game private; an agent must use nothing but ``sample``, ``side`` and
``plan_segment`` (where the game is in its sequence of play: public).
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from ..core.dice import Dice


class WorldFactory:
    """Makes worlds consistent with ``side``'s view of ``game`` (see the module doc)."""

    __slots__ = ("_game", "side")

    def __init__(self, game: Any, side: str) -> None:
        self._game = game
        self.side = side

    def plan_segment(self) -> Any:
        """The stretch of play ``side`` plans as a whole that the game is in (None: none):
        :meth:`ringwar.core.engine.Game.plan_segment`, which depends only on where the game
        is in its sequence of play, public to every player."""
        return self._game.plan_segment(self.side)

    def sample(self, rng: random.Random) -> Any:
        """A copy of the game with the other sides' secrets re-dealt and fresh dice."""
        world = self._game.clone()
        if getattr(world, "hidden_information", False):
            resample_secrets(world, self.side, rng)
            tell_the_past_as_seen(world, self.side)
        count = world.dice.count
        world.dice = Dice(rng.getrandbits(63))
        world.dice.count = count
        return world


def resample_secrets(world: Any, side: str, rng: random.Random) -> None:
    """Re-deal, in place, what ``side`` may not see in ``world`` (a clone): each system does
    it for its own secrets (:meth:`ringwar.core.engine.Game.redeal`)."""
    world.redeal(side, rng)
    world._after_change()


def tell_the_past_as_seen(world: Any, side: str) -> None:
    """Give ``world`` the past as ``side`` saw it: its log without the events addressed to
    another side, its recorded actions redacted for ``side``
    (:meth:`ringwar.core.engine.Game.redact_action`), so the true secrets are not in what a
    search is handed (a world is never replayed: its record only tells the past).  New
    objects: the original game's log and record are untouched."""
    world.log = world.log_for(side)
    world.record = dataclasses.replace(
        world.record, actions=[world.redact_action(a, side) for a in world.record.actions])
