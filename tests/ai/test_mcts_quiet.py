"""The search's playouts answer a quiet selection's follow-up from the selection's view
(``ringwar.ai.mcts._step``): the view a hex-and-counter game shows after a selection that
caused no event differs only in the question asked, and the follow-ups chosen that way are
the ones a fresh view gives."""

from __future__ import annotations

import json
from typing import Any

import pytest

import ringwar
from ringwar.ai.heuristic import HeuristicAgent
from ringwar.ai.mcts import _step

#: what a quiet selection may change in a view: the question asked, and the actions played
QUESTION = {"pending", "actions_played"}


def _heuristic_play(game: Any, seed: int, steps: int):
    """Yield (side, view before, action, events) for ``steps`` decisions of the rules of thumb."""
    agents = {s: HeuristicAgent(seed * 3 + k) for k, s in enumerate(game.sides)}
    for _ in range(steps):
        if game.result is not None:
            return
        side = game.to_act
        view = game.view(side)
        action = agents[side].choose(view, game.legal_actions())
        yield side, view, action, game.apply(action)


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_a_quiet_selection_changes_only_the_question_in_every_view(system):
    """[4.0] selecting a unit to move asks where it goes and changes nothing else: every
    side's view (and an observer's) is the same but for the question and the count of
    actions played."""
    quiet = 0
    game = ringwar.new_game(system, seed=5)
    agents = {s: HeuristicAgent(5 * 3 + k) for k, s in enumerate(game.sides)}
    for _ in range(700):
        if game.result is not None:
            break
        side = game.to_act
        views = {s: game.view(s) for s in (*game.sides, None)}
        action = agents[side].choose(views[side], game.legal_actions())
        events = game.apply(action)
        if action["type"] in game.SELECTIONS and not events and game.to_act == side:
            quiet += 1
            for s, before in views.items():
                after = game.view(s)
                changed = {k for k in before.keys() | after.keys()
                           if json.dumps(before.get(k), sort_keys=True) != json.dumps(after.get(k), sort_keys=True)}
                assert changed <= QUESTION, (s, action, changed - QUESTION)
    assert quiet > 20


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_follow_ups_chosen_from_the_selections_view_are_those_of_a_fresh_view(system):
    """The same rules-of-thumb players, the same position: playing on with the saved views
    (``quiet``) and with a fresh view at every decision gives the same actions and the same
    game, with fewer views made."""
    base = ringwar.new_game(system, seed=3)
    for _side, _view, _action, _events in _heuristic_play(base, 3, 60):
        pass
    runs = []
    for quiet in (None, {}):
        game = base.clone()
        agents = {s: HeuristicAgent(40 + k) for k, s in enumerate(game.sides)}
        views = [0]
        real_view = game.view

        def counting_view(side=None, _real=real_view, _n=views):
            _n[0] += 1
            return _real(side)

        game.view = counting_view          # type: ignore[method-assign]
        played = []
        for _ in range(400):
            step = _step(game, agents, quiet)
            if step is None:
                break
            played.append(step)
        runs.append((played, game.state_hash(), views[0]))
    (fresh, fresh_hash, fresh_views), (saved, saved_hash, saved_views) = runs
    assert saved == fresh and saved_hash == fresh_hash
    assert saved_views < fresh_views * 0.8, (saved_views, fresh_views)


def test_only_an_agent_that_reads_the_board_alone_is_given_a_saved_view():
    """A system's own rules of thumb may read the question (the Battle of the Ring's piece
    ``moving``): they always get a fresh view."""
    agent = HeuristicAgent(1)
    assert not agent.reads_board_only                  # not yet known
    game = ringwar.new_game("sauron", seed=1)
    agent.choose(game.view(game.to_act), game.legal_actions())
    assert agent.reads_board_only
    ring = ringwar.new_game("battle-of-the-ring", seed=1)
    own = HeuristicAgent(1)
    own.choose(ring.view(ring.to_act), ring.legal_actions())
    assert not own.reads_board_only


class _Picks:
    """An agent that plays one given action and reads only the board."""

    reads_board_only = True

    def __init__(self, action: dict[str, Any]) -> None:
        self.action = action

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self.action


def test_a_view_is_saved_after_a_quiet_selection_only():
    """[14.0] selecting a reinforcement that can only enter one way enters it at once (an
    event): its view is not kept for the next decision; a selection that only asks where a
    unit goes keeps it."""
    game = ringwar.new_game("sauron", seed=1)
    agents = {s: HeuristicAgent(3 + k) for k, s in enumerate(game.sides)}
    found: dict[bool, int] = {}
    for _ in range(1500):
        if game.result is not None or len(found) == 2:
            break
        side = game.to_act
        legal = game.legal_actions()
        for sel in [a for a in legal if a["type"] in game.SELECTIONS and len(legal) > 1][:6]:
            probe = game.clone()
            events = probe.apply(sel)
            if probe.to_act != side or len(probe.legal_actions()) < 2:
                continue
            loud = bool(events)
            if loud in found:
                continue
            world = game.clone()
            quiet: dict[str, Any] = {}
            assert _step(world, {s: _Picks(sel) for s in game.sides}, quiet) == (side, sel)
            assert (side in quiet) is not loud, (sel, events)
            found[loud] = found.get(loud, 0) + 1
        game.apply(agents[side].choose(game.view(side), legal))
    assert found == {True: 1, False: 1}
