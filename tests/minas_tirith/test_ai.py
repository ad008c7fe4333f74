"""The Siege of Minas Tirith's rules of thumb (``ai.py``) and the search on this game."""

from __future__ import annotations

import ringwar
from ringwar.ai import RandomAgent, make_agent, play_game
from ringwar.core.engine import action_key
from ringwar.systems.minas_tirith.ai import MinasTirithPolicy, policy
from ringwar.systems.minas_tirith.game import MinasTirithGame


def started(seed: int = 1) -> MinasTirithGame:
    g = ringwar.new_game("minas-tirith", seed=seed)
    g.apply({"type": "deploy_done"})
    g.apply({"type": "deploy_done"})
    return g


def test_the_game_brings_its_own_policy():
    import random
    p = MinasTirithGame.heuristic_policy(random.Random(1), 0.0)
    assert isinstance(p, MinasTirithPolicy)
    assert isinstance(policy(random.Random(1)), MinasTirithPolicy)


def test_rank_scores_every_legal_action_from_the_view_only():
    g = started()
    side = g.to_act
    legal = g.legal_actions()
    ranked = MinasTirithPolicy().rank(g.view(side), legal)
    assert sorted(repr(action_key(a)) for _, a in ranked) == sorted(repr(action_key(a)) for a in legal)
    scores = [s for s, _ in ranked]
    assert scores == sorted(scores, reverse=True)
    # with no current card, turning one beats everything but shooting (which needs no card)
    assert g.current[side] is None
    for _, a in ranked:
        if a["type"] == "turn_card":
            break
        assert a["type"] == "select" and a["actor"].startswith("E-") or a["actor"] in ("M5", "M6")


def test_heuristic_plays_a_whole_game_against_random():
    g = ringwar.new_game("minas-tirith", seed=4)
    play_game(g, {"west": make_agent("heuristic", 1), "dark-lord": RandomAgent(2)}, max_actions=20_000)
    assert g.result is not None and g.result["winner"] in ("west", "dark-lord")


def test_grond_at_the_gate_batters_and_the_lord_activates_it():
    p = MinasTirithPolicy()
    g = started()
    v = g.view("dark-lord")
    grond = next(e for e in v["engines"] if e["id"] == "E-D10")
    grond.update(x=47.0, y=48.0, heading=180.0)
    v["active"] = "dark-lord"
    v["decks"]["dark-lord"]["current"] = "engine_move"
    batter = {"type": "batter", "engine": "E-D10", "gate": "G1"}
    hold = {"type": "hold", "actor": "E-D10"}
    assert p.rank(v, [hold, batter])[0][1] == batter
    v["decks"]["dark-lord"]["current"] = "leader"
    spell = {"type": "spell", "leader": "witch-king", "spell": "activate_grond", "points": 2}
    detach = {"type": "lead_detach", "leader": "witch-king"}
    assert p.rank(v, [detach, {"type": "hold", "actor": "witch-king"}, spell])[0][1] == spell


def test_the_garrison_does_not_walk_off_its_walls():
    p = MinasTirithPolicy()
    g = started()
    v = g.view("west")
    v["active"] = "west"
    v["decks"]["west"]["current"] = "infantry_move"
    stay = {"type": "hold", "actor": "G3"}
    out = {"type": "move", "unit": "G3", "path": "m0:6"}     # G3 faces the Great Gate from inside
    back = {"type": "move", "unit": "G3", "path": "m180:1"}
    ranked = [a for _, a in p.rank(v, [out, back, stay])]
    assert ranked[-1] == out


def test_mcts_plays_minas_tirith_through_the_contract():
    g = started(2)
    agent = make_agent("mcts", 3, think=0.05)
    from ringwar.ai.worlds import WorldFactory
    for _ in range(4):
        if g.result is not None:
            break
        side = g.to_act
        agent.world = WorldFactory(g, side)
        a = agent.choose(g.view(side), g.legal_actions())
        assert g.is_legal(a)
        g.apply(a)
