"""Where the search plans (issue 16): each system says which stretches of play a side plans
as a whole (``Game.plan_segment``: an SPI game's own Movement Phases, the Battle of the
Ring's Movement Phases, a War of the Ring player-turn, a Siege of Minas Tirith round in which
the side is active); the search writes and compares scripts there, in every system."""

from __future__ import annotations

import pytest

import ringwar
from ringwar.ai.heuristic import HeuristicAgent
from ringwar.ai.mcts import MCTSAgent, _later
from ringwar.ai.worlds import WorldFactory
from ringwar.core.engine import systems, unattended_options


def _decisions(system: str, seed: int, steps: int):
    """The game at each of its first ``steps`` decisions, played by the rules of thumb."""
    game = ringwar.new_game(system, seed=seed, options=unattended_options(system))
    agents = {s: HeuristicAgent(seed=i) for i, s in enumerate(game.sides)}
    for _ in range(steps):
        if game.result is not None:
            return
        yield game
        side = game.to_act
        legal = game.legal_actions()
        game.apply(legal[0] if len(legal) == 1 else agents[side].choose(game.view(side), legal))


def _own(system: str, game, side: str) -> bool:
    """Whether the game is, by the rule book's sequence of play, in a stretch of ``side``'s
    own that the search plans."""
    if system in ("sauron", "gondor"):
        return game.phase == {"westernesse": "F", "sauron": "C"}[side]        # [3.0]
    if system == "battle-of-the-ring":
        return game.phase in ("move1", "move2") and game.current == side     # [8.0] [10.0]
    if system == "war-of-the-ring":
        return game.turn >= 1 and game.phase[:1] == game.PLAYER_TURNS[side]  # [WR §9] 5-7
    if system == "minas-tirith":
        return game.stage in ("round", "react", "choice") and game.active == side  # [MT §6.5]
    raise AssertionError(f"no expectation for {system}")


@pytest.mark.parametrize("system", systems())
def test_each_side_plans_its_own_stretches_and_their_keys_go_forward(system):
    """At every decision of a game a side has a key exactly when the sequence of play is in a
    stretch of its own (so never two sides at once), the key does not change within the
    stretch, and a later stretch has a later first element (where the playouts stop)."""
    steps = 400 if system == "minas-tirith" else 1500
    last: dict[str, object] = {}
    seen: dict[str, int] = {}
    for game in _decisions(system, 2, steps):
        keys = {side: game.plan_segment(side) for side in game.sides}
        assert sum(k is not None for k in keys.values()) <= 1
        for side, key in keys.items():
            assert (key is not None) == _own(system, game, side), (side, game.turn, game.phase)
            if key is None:
                continue
            hash(key)
            if last.get(side) is not None and key != last[side]:
                assert _later(key, last[side]) or key[0] == last[side][0], (key, last[side])
                assert not _later(last[side], key)
            last[side] = key
            seen[side] = seen.get(side, 0) + 1
    assert set(seen) == set(ringwar.new_game(system, seed=2).sides), seen


def _first_stretch(system: str, seed: int):
    for game in _decisions(system, seed, 3000):
        side = game.to_act
        if side is not None and game.plan_segment(side) is not None and len(game.legal_actions()) > 1:
            return game, side
    raise AssertionError("no planned stretch reached")


@pytest.mark.parametrize("system", ["war-of-the-ring", "minas-tirith", "battle-of-the-ring"])
def test_the_search_plans_a_stretch_and_plays_its_script(system):
    """In the games beside the SPI ones too, the search writes scripts of the stretch,
    compares the distinct ones by playouts, and plays the chosen one while it is legal; the
    real game is untouched by the search."""
    game, side = _first_stretch(system, 3)
    agent = MCTSAgent(seed=5, plan_worlds=1, variations=3)
    agent.world = WorldFactory(game, side)
    before = game.state_hash()
    a = agent.choose(game.view(side), game.legal_actions())
    assert game.state_hash() == before and a in game.legal_actions()
    assert agent.stats["plans"] == 1 and agent._planned == game.plan_segment(side)
    assert agent.stats["iterations"] >= 2             # distinct scripts, compared by playouts
    assert set(agent.stats["styles"]) <= {"steady", "steady~"}   # its own rules: no styles
    key = game.plan_segment(side)
    game.apply(a)
    while agent._script and game.to_act == side and game.plan_segment(side) == key:
        agent.world = WorldFactory(game, side)
        nxt = agent._script[0]
        if nxt not in game.legal_actions():
            break
        assert agent.choose(game.view(side), game.legal_actions()) == nxt
        game.apply(nxt)
    assert agent.stats["plans"] == 1                    # once for the stretch


@pytest.mark.parametrize("system", ["war-of-the-ring", "minas-tirith"])
def test_a_learned_evaluation_is_bounded_and_reads_only_the_view(system):
    """The learned evaluations (each game's ``evaluation.py`` and its shipped weights) give a
    value in [-1, 1] for each side from its own view, and the same value for the same view."""
    for i, game in enumerate(_decisions(system, 4, 300)):
        if i % 50:
            continue
        for side in game.sides:
            view = game.view(side)
            v = type(game).evaluate_view(view, side)
            assert -1.0 <= v <= 1.0
            assert v == type(game).evaluate_view(game.clone().view(side), side)


def test_a_scripts_writer_remembers_what_the_prior_saw():
    """[WR §10.6] The Dark Power's rules of thumb remember where and when they last saw each
    hidden walker; the search writes its scripts with forks of its prior that keep that
    memory (a fresh policy would think a walker seen turns ago is still where he was), with
    their own generator and noise."""
    prior = HeuristicAgent(seed=1)
    game = None
    for game in _decisions("war-of-the-ring", 3, 600):
        if game.to_act == "dark" and game.turn >= 3:
            prior.rank(game.view("dark"), game.legal_actions())
            if prior._own._seen:
                break
    assert game is not None and prior._own._seen
    fork = prior.fork(99, noise=0.3)
    assert fork._own._seen == prior._own._seen and fork._own._seen is not prior._own._seen
    assert fork._own.rng is fork.rng and fork._own.rng is not prior._own.rng
    assert fork._own.noise == 0.3 and prior._own.noise == prior.noise
    spi = HeuristicAgent(seed=1).fork(5, noise=0.3)                # no memory worth keeping
    assert spi._own is None and spi.noise == 0.3


def test_a_weights_file_fitted_on_other_features_is_refused():
    """A learned evaluation's weights (``core/learned.py``) name the features they were fitted
    on; a module whose features changed refuses the stale file rather than misread it."""
    from ringwar.core import learned
    from ringwar.systems.war_of_the_ring import evaluation
    assert set(learned.weights(evaluation.__package__, evaluation.FEATURES)) == {"fellowship", "shadow"}
    with pytest.raises(ValueError, match="refit"):
        learned.weights(evaluation.__package__, evaluation.FEATURES[:-1])
