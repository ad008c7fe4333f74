"""Difficulty levels (issue 16, item 2): one declaration table; every level plays every
registered system; a level with a seed is reproducible; the terminal game takes --level."""

from __future__ import annotations

import copy

import pytest
from ai_helpers import Checked
from click.testing import CliRunner

import ringwar
from ringwar.ai import RunawayGame, agent_seed, play_game
from ringwar.ai.agents import AGENTS, agent_names
from ringwar.ai.levels import (
    DEFAULT_LEVEL,
    LEVELS,
    BlunderingAgent,
    get_level,
    level_names,
    make_level_agent,
    next_level,
)
from ringwar.core.engine import systems


def test_the_table_declares_each_level_once_weakest_first():
    names = level_names()
    assert names == ["beginner", "standard", "strong"] and len(set(names)) == len(names)
    assert DEFAULT_LEVEL in names
    assert not set(names) & set(agent_names())        # a seat 'ai:NAME' is never ambiguous
    for lv in LEVELS:
        assert lv.agent in AGENTS and lv.description and lv.title
        assert lv.think is None or 0 < lv.think <= 2.0     # at most 2 s a decision (issue 16)
    assert [next_level(n) for n in names] == names[1:] + [None]
    with pytest.raises(ValueError, match="unknown level"):
        get_level("grandmaster")


def test_each_level_builds_its_declared_agent():
    assert isinstance(make_level_agent("beginner", 1), BlunderingAgent)
    std, strong = make_level_agent("standard", 1), make_level_agent("strong", 1)
    assert (std.name, strong.name) == ("mcts", "mcts")
    assert strong.plan_worlds > std.plan_worlds and strong.think > std.think
    # the step that measurably counts: more candidate plans (docs/ai.md, "Difficulty levels")
    for system, side in (("sauron", "sauron"), ("battle-of-the-ring", "alliance")):
        assert len(strong.plan_candidates(system, side)) >= len(std.plan_candidates(system, side)) + 3
    assert make_level_agent("strong", 1, think_cap=0.3).think == 0.3
    assert make_level_agent("strong", 1, timed=False).think is None
    assert all(make_level_agent(n, 1).level == n for n in level_names())


@pytest.mark.parametrize("system", systems())
@pytest.mark.parametrize("level", level_names())
def test_every_level_plays_legal_actions_in_every_system(system, level):
    game = ringwar.new_game(system, seed=4)
    agents = {s: Checked(make_level_agent(level, agent_seed(4, i), think_cap=0.2))
              for i, s in enumerate(game.sides)}
    try:
        play_game(game, agents, max_actions=60)
    except RunawayGame:
        pass
    assert sum(len(a.choices) for a in agents.values()) > 0


@pytest.mark.parametrize("level", level_names())
def test_a_level_with_a_seed_is_reproducible(level):
    def run(seed):
        game = ringwar.new_game("sauron", seed=2)
        agents = {s: Checked(make_level_agent(level, seed + i, timed=False))
                  for i, s in enumerate(game.sides)}
        try:
            play_game(game, agents, max_actions=40)
        except RunawayGame:
            pass
        return [a for ag in agents.values() for a in ag.choices], game.state_hash()

    assert run(7) == run(7)


def test_the_beginner_blunders_and_the_heuristic_alone_does_not():
    """Over many decisions the beginner departs from the rules of thumb it wraps."""
    game = ringwar.new_game("sauron", seed=2)
    beginner = make_level_agent("beginner", 5)
    differs = 0
    for _ in range(120):
        if game.result is not None:
            break
        side, legal = game.to_act, game.legal_actions()
        view = game.view(side)
        plain = copy.deepcopy(beginner.inner).choose(view, legal)
        a = beginner.choose(view, legal)
        differs += a != plain
        game.apply(a)
    assert differs > 0


def test_play_takes_a_level_and_keeps_vs():
    from ringwar.commands.play import command
    r = CliRunner().invoke(command, ["sauron", "--level", "beginner", "--side", "westernesse",
                                     "--seed", "3"], input="quit\n")
    assert r.exit_code == 0, r.output
    assert "against the beginner-level agent" in r.output
    r = CliRunner().invoke(command, ["sauron", "--vs", "random", "--seed", "3"], input="quit\n")
    assert r.exit_code == 0 and "against the random agent" in r.output
    r = CliRunner().invoke(command, ["sauron", "--vs", "random", "--level", "strong"], input="quit\n")
    assert r.exit_code != 0 and "not both" in r.output
