"""The heuristic and MCTS agents: legal choices only, no peeking at hidden state, determinism."""

from __future__ import annotations

import copy
import random

import pytest
from ai_helpers import Checked
from ai_helpers import gondor_setup as _gondor_setup

import ringwar
from ringwar.ai import RunawayGame, agent_seed, make_agent, play_game
from ringwar.ai.evaluate import evaluate
from ringwar.ai.heuristic import HeuristicAgent, expected_damage
from ringwar.ai.mcts import MCTSAgent
from ringwar.ai.worlds import WorldFactory

SYSTEMS = ["sauron", "gondor", "battle-of-the-ring"]



def play_some(game, agents, n):
    try:
        play_game(game, agents, max_actions=n)
    except RunawayGame:
        pass
    return game


@pytest.mark.parametrize("system", SYSTEMS)
def test_heuristic_plays_legal_actions_only(system):
    game = ringwar.new_game(system, seed=5)
    agents = {s: Checked(HeuristicAgent(seed=i)) for i, s in enumerate(game.sides)}
    play_some(game, agents, 600)


@pytest.mark.parametrize("system", SYSTEMS)
def test_mcts_plays_legal_actions_only(system):
    game = ringwar.new_game(system, seed=3)
    agents = {s: Checked(MCTSAgent(seed=i, iterations=3, rollout=3)) for i, s in enumerate(game.sides)}
    play_some(game, agents, 120)


def test_heuristic_beats_random_at_sauron():
    wins = 0
    for seed, hside in ((1, 0), (1, 1)):
        game = ringwar.new_game("sauron", seed=seed)
        agents = {s: make_agent("heuristic" if i == hside else "random", agent_seed(seed, i))
                  for i, s in enumerate(game.sides)}
        play_game(game, agents)
        wins += game.result["winner"] == game.sides[hside]
    assert wins == 2


def test_expected_damage_uses_the_charts():
    strong = {"armour": 1, "morale": "Z", "value": 10}
    tough = {"armour": 4, "morale": "W", "value": 10}
    assert expected_damage("A", strong) > expected_damage("E", strong) > 0
    assert expected_damage("A", strong) > expected_damage("A", tough)
    assert expected_damage(None, strong) == 0


def test_evaluate_is_antisymmetric_and_bounded():
    game = ringwar.new_game("sauron", seed=1)
    for _ in range(200):
        game.apply(random.Random(len(game.record.actions)).choice(game.legal_actions()))
    w, s = game.sides
    vw, vs = evaluate(game.view(w), w), evaluate(game.view(s), s)
    assert -1 <= vw <= 1 and abs(vw + vs) < 1e-9


def test_mcts_is_reproducible_with_a_seed():
    def choices(seed):
        game = ringwar.new_game("sauron", seed=2)
        agents = {s: Checked(MCTSAgent(seed=seed + i, iterations=4, rollout=4)) for i, s in enumerate(game.sides)}
        play_some(game, agents, 40)
        return [a for ag in agents.values() for a in ag.choices], game.state_hash()

    assert choices(7) == choices(7)


# ----- hidden information: Gondor's Cauldrons [16.71] -------------------------------------------------

def test_the_two_gondor_games_differ_only_in_secrets():
    a, b = _gondor_setup(True), _gondor_setup(False)
    assert a.state_hash() != b.state_hash()
    assert a.view("sauron")["units"] == b.view("sauron")["units"]
    reals = {p.id: p.flags["real"] for p in a.units.values() if "real" in p.flags}
    assert sorted(reals.values()) == [False] * 3 + [True] * 3


def test_worlds_do_not_depend_on_the_true_secrets():
    a, b = _gondor_setup(True), _gondor_setup(False)
    wa = WorldFactory(a, "sauron").sample(random.Random(5))
    wb = WorldFactory(b, "sauron").sample(random.Random(5))
    flags = lambda w: {p.id: dict(p.flags) for p in w.units.values()}  # noqa: E731
    assert flags(wa) == flags(wb)
    assert wa.dice.state == wb.dice.state != a.dice.state
    # the Westernesse side knows its own secrets: its worlds keep them
    ww = WorldFactory(a, "westernesse").sample(random.Random(5))
    assert {p.id: p.flags.get("real") for p in ww.units.values()} == \
        {p.id: p.flags.get("real") for p in a.units.values()}


@pytest.mark.rule("gondor", "[16.71]")
def test_16_71_a_world_keeps_no_trace_of_the_true_secrets_in_its_log_or_record():
    """A world's past is told as its side saw it: the log without the events addressed to the
    other side and the recorded actions redacted for the side, so that the true Cauldrons
    are nowhere in what the search is handed (a world used to keep the true log and record)."""
    a, b = _gondor_setup(True), _gondor_setup(False)
    wa = WorldFactory(a, "sauron").sample(random.Random(5))
    wb = WorldFactory(b, "sauron").sample(random.Random(5))
    assert any(e.get("visible_to") == "westernesse" for e in a.log)      # the secret is logged
    assert any("real" in x for x in a.record.actions)                   # and recorded
    for w in (wa, wb):
        assert all(e.get("visible_to") in (None, "sauron") for e in w.log)
        assert not any("real" in x for x in w.record.actions)
    assert wa.log_for("westernesse") == wb.log_for("westernesse")
    assert wa.record.actions == wb.record.actions
    # the real game keeps its own past
    assert any("real" in x for x in a.record.actions)
    assert any(e.get("visible_to") == "westernesse" for e in a.log)


def test_mcts_decisions_do_not_depend_on_hidden_cauldrons():
    """Sauron's MCTS plays two games that differ only in which Cauldrons are real: with the
    same seed it makes the same choices (it never reads the true hidden state)."""
    runs = []
    for real_first in (True, False):
        game = _gondor_setup(real_first)
        agent = Checked(MCTSAgent(seed=3, iterations=4, rollout=6, margin=99))
        west = HeuristicAgent(seed=1)
        for _ in range(60):
            if game.result is not None:
                break
            side = game.to_act
            legal = game.legal_actions()
            if side == "sauron":
                agent.world = WorldFactory(game, side)
                a = agent.choose(game.view(side), legal)
            else:
                a = west.choose(game.view(side), legal)
            game.apply(a)
        runs.append(agent.choices)
        assert agent.agent.stats["searches"] > 0
    assert runs[0] and runs[0] == runs[1]


def test_heuristic_ignores_the_scrambled_hidden_part_of_a_view():
    """A Sauron view carries no secret; a view with invented secrets gives the same choice."""
    game = _gondor_setup(True)
    while game.to_act != "sauron":
        game.apply(game.legal_actions()[0])
    view = game.view("sauron")
    assert all("real" not in u for u in view["units"])
    scrambled = copy.deepcopy(view)
    for u in scrambled["units"]:
        if "oil" in u:
            u["real"] = random.Random(u["id"]).random() < 0.5
    legal = game.legal_actions()
    assert HeuristicAgent(seed=4).choose(view, legal) == HeuristicAgent(seed=4).choose(scrambled, legal)


def test_heuristic_styles_by_name():
    """``heuristic:STYLE`` is the heuristic in one of its styles (for balance matches)."""
    from ringwar.ai.agents import agent_names, known_agent
    from ringwar.ai.heuristic import STYLES
    agent = make_agent("heuristic:wary", 3)
    assert isinstance(agent, HeuristicAgent) and agent.style == STYLES["wary"]
    assert make_agent("heuristic", 3).style is None          # the scenario's own style
    assert "heuristic:bold" in agent_names() and known_agent("heuristic:bold")
    for bad in ("heuristic:reckless", "random:bold", "mcts:wary"):
        assert not known_agent(bad)
        with pytest.raises(ValueError, match="unknown agent"):
            make_agent(bad, 1)
