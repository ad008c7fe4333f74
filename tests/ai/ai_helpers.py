"""Helpers the AI tests share: an agent wrapper that checks every choice, and Gondor's set-up
with the Cauldrons' secret [16.71] placed one way or the other."""

from __future__ import annotations

import copy

import ringwar


class Checked:
    """Wraps an agent: every choice is in the legal list and the list is left as it was."""

    def __init__(self, agent):
        self.agent = agent
        self.uses_view = getattr(agent, "uses_view", True)
        self.needs_world = getattr(agent, "needs_world", False)
        self.choices = []

    @property
    def world(self):
        return getattr(self.agent, "world", None)

    @world.setter
    def world(self, w):
        self.agent.world = w

    def choose(self, view, legal):
        before = copy.deepcopy(legal)
        a = self.agent.choose(view, legal)
        assert a in legal
        assert legal == before
        self.choices.append(a)
        return a


def gondor_setup(real_first: bool):
    """Play Gondor's set-up; the Westernesse player places its six Cauldrons, three real
    and three dummies, in the same hexes, with the real ones first or last [16.71]."""
    game = ringwar.new_game("gondor", seed=11)
    cauldrons_real = [real_first] * 3 + [not real_first] * 3
    placed = 0
    for _ in range(2000):
        if game.phase != "S" or game.result is not None:
            break
        legal = game.legal_actions()
        pending = [a for a in legal if a["type"] == "place" and "real" in a]
        if pending:
            want = cauldrons_real[placed]
            choice = next(a for a in pending if a["real"] == want)
            placed += 1
        else:
            choice = next((a for a in legal if a["type"] == "deploy_rest"), None) or legal[0]
        game.apply(choice)
    assert placed == 6
    return game
