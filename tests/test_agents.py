"""Agents (ringwar.ai): the random agent and the play loop."""

from __future__ import annotations

import copy
from typing import Any

import pytest

import ringwar
from ringwar.ai import (
    Agent,
    DeadEnd,
    RandomAgent,
    RunawayGame,
    agent_seed,
    make_agent,
    play_game,
)
from ringwar.core.engine import action_key


class Tiny:
    """A minimal game through the contract: each side says "go" until ``length`` actions."""

    sides = ("a", "b")

    def __init__(self, length: int = 6, stuck_at: int | None = None) -> None:
        self.length = length
        self.stuck_at = stuck_at
        self.n = 0
        self.turn = 1
        self.phase = "x"

    @property
    def result(self) -> dict[str, Any] | None:
        return {"winner": "a", "level": "only"} if self.n >= self.length else None

    @property
    def to_act(self) -> str | None:
        return None if self.result else self.sides[self.n % 2]

    def legal_actions(self) -> list[dict[str, Any]]:
        if self.stuck_at is not None and self.n == self.stuck_at:
            return []
        return [{"type": "go", "k": 1}, {"type": "go", "k": 2}]

    def view(self, side: str) -> dict[str, Any]:
        return {"side": side, "n": self.n}

    def apply(self, action: dict[str, Any]) -> list[dict[str, Any]]:
        assert action in self.legal_actions()
        self.n += 1
        return [{"type": "went", "rule": None, "text": "go"}]


def test_random_agent_is_an_agent_and_chooses_from_the_list():
    agent = RandomAgent(seed=1)
    assert isinstance(agent, Agent)
    legal = [{"type": "end"}, {"type": "move", "unit": "x", "to": "0101"}]
    frozen = copy.deepcopy(legal)
    for _ in range(50):
        a = agent.choose({}, legal)
        assert any(a is x for x in legal)
    assert legal == frozen
    with pytest.raises(ValueError):
        agent.choose({}, [])


def test_random_agent_is_deterministic_for_a_seed():
    legal = [{"type": "n", "i": i} for i in range(100)]
    a, b = RandomAgent(7), RandomAgent(7)
    assert [a.choose({}, legal)["i"] for _ in range(30)] == [b.choose({}, legal)["i"] for _ in range(30)]


def test_make_agent():
    assert isinstance(make_agent("random", 3), RandomAgent)
    with pytest.raises(ValueError, match="unknown agent"):
        make_agent("grandmaster", 1)
    assert agent_seed(5, 0) != agent_seed(5, 1) != agent_seed(6, 1)
    assert agent_seed(5, 0) == agent_seed(5, 0)


def test_random_agents_never_choose_an_illegal_action_in_sauron():
    game = ringwar.new_game("sauron", seed=11)
    agents = {s: RandomAgent(agent_seed(11, i)) for i, s in enumerate(game.sides)}
    for _ in range(150):
        if game.result is not None:
            break
        side = game.to_act
        legal = game.legal_actions()
        keys = [action_key(a) for a in legal]
        a = agents[side].choose(game.view(side), legal)
        assert action_key(a) in keys
        assert game.is_legal(a)
        assert [action_key(x) for x in legal] == keys  # the cached list is untouched
        game.apply(a)


def test_play_game_on_a_tiny_game():
    game = Tiny(length=6)
    seen = []
    out = play_game(game, {"a": RandomAgent(1), "b": RandomAgent(2)},
                    on_action=lambda side, a, ev: seen.append(side))
    assert out is game and game.result == {"winner": "a", "level": "only"}
    assert seen == ["a", "b"] * 3


def test_play_game_runaway_and_dead_end():
    with pytest.raises(RunawayGame) as info:
        play_game(Tiny(length=100), {"a": RandomAgent(1), "b": RandomAgent(2)}, max_actions=10)
    assert info.value.game.n == 10
    with pytest.raises(DeadEnd, match="b to act with no legal action"):
        play_game(Tiny(length=10, stuck_at=3), {"a": RandomAgent(1), "b": RandomAgent(2)})


def test_play_game_sauron_is_reproducible():
    def run() -> str:
        game = ringwar.new_game("sauron", seed=4)
        agents = {s: make_agent("random", agent_seed(4, i)) for i, s in enumerate(game.sides)}
        with pytest.raises(RunawayGame):
            play_game(game, agents, max_actions=120)
        assert len(game.record.actions) == 120
        assert ringwar.replay(game.record).state_hash() == game.state_hash()
        return game.state_hash()

    assert run() == run()


def test_agents_that_want_the_view_get_their_sides_view():
    class Watcher:
        def __init__(self) -> None:
            self.views: list[dict[str, Any]] = []
            self.inner = RandomAgent(3)

        def choose(self, view, legal):
            self.views.append(view)
            return self.inner.choose(view, legal)

    game = ringwar.new_game("sauron", seed=2)
    w = {s: Watcher() for s in game.sides}
    with pytest.raises(RunawayGame):
        play_game(game, w, max_actions=10)
    for side, agent in w.items():
        for v in agent.views:
            assert v["side"] == side and "units" in v
