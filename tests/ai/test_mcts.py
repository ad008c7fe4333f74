"""The MCTS agent: where it searches, its rollouts, its budgets, and Sauron's evaluation."""

from __future__ import annotations

import copy
import random
import time

import ringwar
from ringwar.ai.evaluate import _contact, evaluate
from ringwar.ai.heuristic import STYLES, HeuristicAgent
from ringwar.ai.mcts import PLAN_NOISE, PRIOR_NOISE, MCTSAgent, _phases
from ringwar.ai.worlds import WorldFactory
from ringwar.core import hexes


def _play_to(game, pred, limit=3000):
    pilot = {s: HeuristicAgent(seed=i) for i, s in enumerate(game.sides)}
    for _ in range(limit):
        if game.result is not None or pred(game):
            return game
        side = game.to_act
        game.apply(pilot[side].choose(game.view(side), game.legal_actions()))
    raise AssertionError("position not reached")


def _attack_decision(game):
    legal = game.legal_actions()
    return len(legal) > 1 and sum(a["type"] in ("attack", "fire") for a in legal) > 1


def test_movement_is_delegated_and_combat_searched():
    game = ringwar.new_game("sauron", seed=2)
    agent = MCTSAgent(seed=1, iterations=4, margin=99, tactics=True, styles=())
    agent.world = WorldFactory(game, game.to_act)
    legal = game.legal_actions()
    assert all(a["type"] in ("select", "end", "form") for a in legal)
    agent.choose(game.view(game.to_act), legal)
    assert agent.stats["searches"] == 0
    _play_to(game, _attack_decision)
    side = game.to_act
    agent.world = WorldFactory(game, side)
    a = agent.choose(game.view(side), game.legal_actions())
    assert a in game.legal_actions()
    assert agent.stats["searches"] == 1 and agent.stats["iterations"] >= 4


def test_search_leaves_the_game_untouched_and_is_reproducible():
    game = _play_to(ringwar.new_game("sauron", seed=4), _attack_decision)
    side, legal = game.to_act, copy.deepcopy(game.legal_actions())
    before = game.state_hash()
    picks = []
    for _ in range(2):
        agent = MCTSAgent(seed=9, iterations=8, margin=99, tactics=True)
        agent.world = WorldFactory(game, side)
        picks.append(agent.choose(game.view(side), game.legal_actions()))
    assert game.state_hash() == before and game.legal_actions() == legal
    assert picks[0] == picks[1] and picks[0] in legal


def test_think_time_bounds_the_search():
    game = _play_to(ringwar.new_game("sauron", seed=4), _attack_decision)
    agent = MCTSAgent(seed=1, think=0.05, margin=99, tactics=True)
    agent.world = WorldFactory(game, game.to_act)
    t = time.perf_counter()
    agent.choose(game.view(game.to_act), game.legal_actions())
    # at least one round of every candidate, then it stops at the deadline
    assert time.perf_counter() - t < 5.0
    assert agent.stats["iterations"] >= 1


def test_rollouts_stop_after_the_combat_phases():
    game = ringwar.new_game("sauron", seed=3)
    order, combat = _phases(game)
    assert combat == {order["D"], order["G"]}
    agent = MCTSAgent(seed=1, iterations=1)
    world = WorldFactory(game, game.to_act).sample(random.Random(1))
    turn = world.turn
    agent._rollout(world, random.Random(2))
    # from the start of a turn: through D and G (skipped or not), then it stops
    assert world.result is None
    assert (turn, order["G"]) < (world.turn, order[world.phase]) <= (turn + 1, order["D"])


def test_sauron_evaluation_weighs_sauron_losses_most():
    game = ringwar.new_game("sauron", seed=1)
    view = game.view("sauron")
    hurt_sauron = copy.deepcopy(view)
    hurt_sauron["demoralization"]["sauron"]["points"] += 20
    hurt_west = copy.deepcopy(view)
    hurt_west["demoralization"]["westernesse"]["points"] += 20
    base = evaluate(view, "sauron")
    assert evaluate(hurt_sauron, "sauron") < base < evaluate(hurt_west, "sauron")
    # 20 of Sauron's points matter more to him than 20 of the Alliance's
    assert base - evaluate(hurt_sauron, "sauron") > evaluate(hurt_west, "sauron") - base
    for v in (view, hurt_sauron, hurt_west):
        assert abs(evaluate(v, "sauron") + evaluate(v, "westernesse")) < 1e-9


def test_the_heuristic_keeps_the_survivor_away_and_the_alliance_attacks():
    """[21.2] Sauron wins by surviving: the heuristic (the search's prior) keeps his units and
    Sauron himself away from the enemy; the Alliance's units seek contact."""
    from ringwar.ai.heuristic import _Context
    game = _play_to(ringwar.new_game("sauron", seed=1), lambda g: g.turn >= 3)
    view = game.view("sauron")
    ctx = _Context(view, "sauron")
    assert ctx.posture == "evade"
    policy = HeuristicAgent(seed=1, noise=0.0)
    units = [u for u in view["units"] if u["side"] == "sauron" and u.get("where") == "map"]
    unit = next(u for u in units if u.get("kind") != "leader")
    sauron = {"id": "sauron", "kind": "leader", "side": "sauron", "hex": None}
    near = min(ctx.enemy_combat_hexes, key=lambda h: ctx.nearest_enemy(h))
    far = max((u["hex"] for u in units), key=ctx.nearest_enemy)
    for u in (unit, sauron):
        assert policy.place_score(ctx, u, far) > policy.place_score(ctx, u, near)
    wview = game.view("westernesse")
    wctx = _Context(wview, "westernesse")
    assert wctx.posture == "attack"
    mcts = MCTSAgent(seed=1)
    assert type(mcts.prior) is HeuristicAgent


def test_the_search_never_offers_to_end_a_phase_the_prior_would_play_on():
    """Ending a phase forgoes every action left in it: a rollout to the next combat phases
    cannot weigh that, so 'end' is a candidate only when the prior would end (a game where
    the search preferred 'end' to rallying lost most of its rallies)."""
    agent = MCTSAgent(seed=1, width=3)
    rally = {"type": "rally", "unit": "elendil", "target": "men1"}
    fire = {"type": "fire", "unit": "bowmen1", "target": "orc1"}
    end = {"type": "end"}
    assert agent.candidates([(2.0, fire), (0.1, end), (0.05, rally)]) == [fire, rally]
    assert agent.candidates([(0.3, end), (0.2, fire)]) == [end, fire]
    # rallies are a free roll: never searched
    assert not agent.worth_searching([rally, end], [(2.0, rally), (0.0, end)])


def _movement_start(game, side):
    """The first decision of ``side``'s own Movement Phase."""
    return _play_to(game, lambda g: g.to_act == side and g.turn >= 2
                    and g.phase == ("F" if side == "westernesse" else "C"))


def test_the_plan_offers_only_styles_sound_for_the_posture():
    """A one-turn look-ahead cannot see what a style costs later: the hunter of Dagorlad
    ([21.2]) chooses between its bold scenario style and steady, the evader between steady
    and wary (a bold evader or a wary hunter loses whole games); the prior's own plan comes
    first, then blurred variations of it."""
    assert MCTSAgent.style_choices("sauron", "westernesse") == ("bold", "steady")
    assert MCTSAgent.style_choices("sauron", "sauron") == ("steady", "wary")
    assert MCTSAgent.style_choices("gondor", "westernesse") == ("steady", "wary")
    # a game with its own rules of thumb: the styles they weigh, their own play first
    assert MCTSAgent.style_choices("battle-of-the-ring", "alliance") == ("steady", "bold", "wary")
    # ... less those that lose whole games for the side (``Game.heuristic_unsound``)
    assert MCTSAgent.style_choices("war-of-the-ring", "fellowship") == ("steady", "wary")
    assert MCTSAgent.style_choices("war-of-the-ring", "dark") == ("steady", "bold", "wary")
    agent = MCTSAgent(seed=1, variations=2)
    cands = agent.plan_candidates("sauron", "sauron")
    assert cands[:2] == [("steady", PRIOR_NOISE), ("wary", PRIOR_NOISE)]
    assert cands[2:] == [("steady", PLAN_NOISE)] * 2
    # by default as many blurred copies as make eight candidates (at least two)
    assert MCTSAgent(seed=1).plan_candidates("sauron", "sauron")[2:] == [("steady", PLAN_NOISE)] * 6
    assert MCTSAgent(seed=1).plan_candidates("battle-of-the-ring", "alliance")[3:] == [("steady", PLAN_NOISE)] * 5
    assert len(MCTSAgent(seed=1, styles=tuple("abcdefgh")).plan_candidates("sauron", "sauron")) == 10


def test_the_plan_scripts_the_movement_phase_once_and_plays_it():
    game = _movement_start(ringwar.new_game("sauron", seed=5), "westernesse")
    side = game.to_act
    agent = MCTSAgent(seed=3, plan_worlds=1)
    agent.world = WorldFactory(game, side)
    before = game.state_hash()
    a = agent.choose(game.view(side), game.legal_actions())
    assert a in game.legal_actions() and game.state_hash() == before
    assert agent.stats["plans"] == 1 and agent.stats["iterations"] >= 1
    assert agent.prior.style in [STYLES["bold"], STYLES["steady"]]
    script = list(agent._script)
    assert script, "a whole Movement Phase is more than one action"
    game.apply(a)
    played = 0
    while game.to_act == side and game.phase == "F" and agent._script:
        agent.world = WorldFactory(game, side)
        nxt = agent.choose(game.view(side), game.legal_actions())
        assert nxt == script[played]                 # the script, move by move
        game.apply(nxt)
        played += 1
    assert agent.stats["plans"] == 1 and played > 0  # planned once in the phase


def test_the_plan_is_reproducible_and_leaves_a_bad_script():
    game = _movement_start(ringwar.new_game("sauron", seed=6), "sauron")
    picks = []
    for _ in range(2):
        agent = MCTSAgent(seed=11, plan_worlds=1)
        agent.world = WorldFactory(game, "sauron")
        picks.append((agent.plan(game.view("sauron")), repr(agent._script)))
    assert picks[0] == picks[1]
    # an action the game no longer allows ends the script: the prior plays on
    agent = MCTSAgent(seed=11, plan_worlds=1)
    agent.world = WorldFactory(game, "sauron")
    agent._planned = (game.turn, game.phase)
    agent._script = [{"type": "move", "unit": "nobody", "to": "0101"}]
    a = agent.choose(game.view("sauron"), game.legal_actions())
    assert a in game.legal_actions() and agent._script == []


def test_screened_plans_play_the_first_world_only_unless_among_its_best():
    """``screen`` more blurred plans play in the first world; the best there, as many as the
    plans without them, and the prior's own plan go on to the other worlds."""
    game = _movement_start(ringwar.new_game("sauron", seed=6), "sauron")
    agent = MCTSAgent(seed=11, plan_worlds=3, variations=2, screen=3)
    agent.world = WorldFactory(game, "sauron")
    cands = agent.plan_candidates("sauron", "sauron")
    assert cands == [("steady", PRIOR_NOISE), ("wary", PRIOR_NOISE)] + [("steady", PLAN_NOISE)] * 5
    numbers = iter(range(100))
    agent._script_for = lambda *args: [{"type": "stub", "n": next(numbers)}]   # 7 distinct scripts
    first_world = {0: 0.0, 1: 0.1, 2: -0.5, 3: 0.2, 4: 0.9, 5: -0.9, 6: 0.3}
    played = []

    def playout(side, style, script, seed):
        k = script[0]["n"]
        played.append(k)
        return first_world[k] if len(played) <= 7 else (1.0 if k == 6 else 0.0)

    agent._playout_script = playout
    assert agent.plan(game.view("sauron")) == "steady~"
    assert played[:7] == list(range(7))
    # the four best in the first world (4, 6, 3, 1) and the prior's own plan (0), twice more
    assert played[7:] == [0, 1, 3, 4, 6] * 2
    assert agent._script == [{"type": "stub", "n": 6}]     # 0.3 + 1 + 1 against 0.9 + 0 + 0
    assert agent.stats["iterations"] == 7 + 10


def test_the_hunter_at_dagorlad_plays_bold_and_styles_change_its_moves():
    """The Alliance must demoralize Sauron's army within 18 turns [21.2]: its scenario style
    is bold (seeks the enemy harder, fears his blows less)."""
    from ringwar.ai.heuristic import _Context
    game = _play_to(ringwar.new_game("sauron", seed=1), lambda g: g.turn >= 4)
    view = game.view("westernesse")
    ctx = _Context(view, "westernesse")
    assert ctx.style == STYLES["bold"]
    unit = next(u for u in view["units"] if u["side"] == "westernesse" and u.get("where") == "map"
                and u.get("kind") != "leader" and u.get("melee"))
    beside = next(n for h in ctx.enemy_combat_hexes for n in hexes.neighbours(h)
                  if n not in ctx.enemies_at)
    far = "0101"
    gains = {}
    for name in ("bold", "steady", "wary"):
        policy = HeuristicAgent(seed=1, style=STYLES[name])
        gains[name] = policy.place_score(ctx, unit, beside) - policy.place_score(ctx, unit, far)
    assert gains["bold"] > gains["steady"] > gains["wary"]


def test_contact_counts_for_the_hunter_while_there_is_time():
    """[21.2] at Dagorlad the Alliance must come to grips: the evaluation values contact for it
    (and against Sauron), the more so the more turns remain."""
    game = ringwar.new_game("sauron", seed=1)
    view = game.view("westernesse")
    sauron_hexes = [u["hex"] for u in view["units"] if u["side"] == "sauron" and u.get("where") == "map"
                    and u.get("hex") and u.get("kind") != "leader"]
    close = copy.deepcopy(view)
    for u, h in zip((u for u in close["units"] if u["side"] == "westernesse" and u.get("where") == "map"
                     and u.get("kind") != "leader"), sauron_hexes):
        u["hex"] = hexes.neighbours(h)[0]
    assert _contact(close, "sauron", "westernesse") > _contact(view, "sauron", "westernesse")
    assert evaluate(close, "westernesse") > evaluate(view, "westernesse")
    assert evaluate(close, "sauron") < evaluate(view, "sauron")
    late_far, late_close = copy.deepcopy(view), copy.deepcopy(close)
    for v in (late_far, late_close):
        v["turn"] = v["last_turn"]
    assert (evaluate(close, "westernesse") - evaluate(view, "westernesse")
            > evaluate(late_close, "westernesse") - evaluate(late_far, "westernesse"))


def test_plans_only_in_the_sides_own_movement_phase():
    """[3.0] A decision the Westernesse owes during Sauron's Movement Phase (oil to pour [16.7],
    a retreat) is not the Westernesse's movement: no plan there (``Game.plan_segment``)."""
    game = ringwar.new_game("gondor", seed=1)
    for phase, side, key in (("C", "sauron", (3, "C")), ("F", "westernesse", (3, "F")),
                             ("C", "westernesse", None), ("A", "sauron", None),
                             ("E", "westernesse", None), ("D", "sauron", None)):
        game._turn, game._phase = 3, phase
        assert game.plan_segment(side) == key, (phase, side)
    game = _movement_start(ringwar.new_game("sauron", seed=5), "westernesse")
    agent = MCTSAgent(seed=1)
    agent.world = WorldFactory(game, "westernesse")
    view = game.view("westernesse")
    assert agent._plan_due(view) and not agent._plan_due(view)     # once a phase
    other = MCTSAgent(seed=1)
    other.world = WorldFactory(game, "sauron")                     # the enemy's phase
    assert not other._plan_due({**game.view("sauron"), "to_act": "sauron"})
