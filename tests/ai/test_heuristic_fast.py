"""The rules of thumb's fast paths score exactly as the plain ones: the scoring loop
(``_scores``, which reads a moving unit's place function once) as ``score`` action by
action, ``choose`` as the first of ``rank``, and evaluate's contact as its pairwise
definition.  Any difference, even in the last bit of a float, would change choices: these
tests compare with ``==``."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.ai.evaluate import REACH, _contact
from ringwar.ai.heuristic import HeuristicAgent, _Context
from ringwar.core import hexes as hx
from ringwar.core.engine import unattended_options


def _views(system: str, seed: int, every: int, limit: int):
    """(side, view, legal) every ``every`` decisions of a heuristic game, up to ``limit``."""
    game = ringwar.new_game(system, seed=seed, options=unattended_options(system))
    agents = {s: HeuristicAgent(seed=seed + k) for k, s in enumerate(game.sides)}
    n = 0
    while game.result is None and n < limit:
        side = game.to_act
        legal = game.legal_actions()
        view = game.view(side)
        if n % every == 0:
            yield side, view, legal
        game.apply(agents[side].choose(view, legal))
        n += 1


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_the_scoring_loop_scores_as_score(system):
    for side, view, legal in _views(system, 3, 17, 2500):
        agent = HeuristicAgent(seed=5)
        ctx = _Context(view, side)
        assert agent._scores(ctx, legal) == [agent.score(ctx, a) for a in legal]


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_choose_plays_the_first_of_rank(system):
    for seed in (1, 2):
        for _, view, legal in _views(system, seed, 11, 1000):
            if len(legal) > 1:
                ranked = HeuristicAgent(seed=seed).rank(view, legal)
                assert HeuristicAgent(seed=seed).choose(view, legal) == ranked[0][1]
                assert [s for s, _ in ranked] == sorted((s for s, _ in ranked), reverse=True)


def test_21_2_contact_is_its_pairwise_definition():
    """[21.2] at Sauron: contact is the mean over Sauron's non-leader units on the map of
    max(0, REACH - the distance to the nearest Alliance one), over REACH - 1."""
    for _, view, _ in _views("sauron", 4, 37, 2000):
        on_map = [u for u in view["units"]
                  if u.get("where") == "map" and u.get("hex") and u.get("kind") != "leader"]
        mine = [u["hex"] for u in on_map if u["side"] == "sauron"]
        theirs = [u["hex"] for u in on_map if u["side"] == "westernesse"]
        want = 0.0
        if mine and theirs:
            near = [min(hx.distance(h, e) for e in theirs) for h in mine]
            want = sum(max(0.0, REACH - d) for d in near) / ((REACH - 1) * len(near))
        assert _contact(view, "sauron", "westernesse") == want
