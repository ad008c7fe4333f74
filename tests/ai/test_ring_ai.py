"""The Battle of the Ring rules of thumb (systems/ring/ai.py): legal and finite play, purposeful
moves towards the victory conditions, sound attacks, an evaluation that follows the Ring."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

import ringwar
from ringwar.ai import make_agent
from ringwar.ai.heuristic import STYLES, HeuristicAgent
from ringwar.systems.ring.ai import Board, RingPolicy, evaluate_ring

SYSTEM = "battle-of-the-ring"


def build(pieces: dict[str, Any], *, players: int = 3, seed: int = 0, **state: Any) -> Any:
    setup: dict[str, Any] = {"pieces": pieces, **state}
    setup.setdefault("phase", "move1")
    setup.setdefault("round", 2)
    return ringwar.new_game(SYSTEM, seed=seed, options={"players": players}, setup=setup)


def play_out(game: Any, agents: dict[str, Any], limit: int = 200_000) -> int:
    """Play to the end, checking every chosen action is legal; returns the actions played."""
    n = 0
    while game.result is None:
        side = game.to_act
        legal = game.legal_actions()
        action = agents[side].choose(game.view(side), legal)
        assert action in legal
        game.apply(action)
        n += 1
        assert n < limit, "a phase that never ends"
    return n


def until(game: Any, agent: HeuristicAgent, stop: Any, limit: int = 500) -> None:
    """Let ``agent`` play every decision (all seats) until ``stop(game)``."""
    for _ in range(limit):
        if game.result is not None or stop(game):
            return
        side = game.to_act
        game.apply(agent.choose(game.view(side), game.legal_actions()))
    raise AssertionError("did not reach the expected point")


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_plays_only_legal_actions_and_every_game_ends(players):
    for seat_index in range(players):
        game = ringwar.new_game(SYSTEM, seed=11 + seat_index,
                                options={"players": players, "max_rounds": 8})
        agents = {s: make_agent("heuristic" if i == seat_index else "random", 7 + i)
                  for i, s in enumerate(game.sides)}
        play_out(game, agents)
        assert game.result is not None


def test_heuristic_self_play_ends():
    game = ringwar.new_game(SYSTEM, seed=3, options={"players": 3, "max_rounds": 6})
    agents = {s: make_agent("heuristic", 20 + i) for i, s in enumerate(game.sides)}
    play_out(game, agents)
    assert game.result is not None


@pytest.mark.rule("ring", "[11.12]")
def test_the_alliance_walks_the_ring_into_mount_doom_when_in_reach():
    game = build({"1721": "ring", "1619": "orc", "0805": "gondor"}, player="alliance")
    until(game, HeuristicAgent(seed=1), lambda g: g.phase != "move1")
    assert game.result is not None and game.result["winner"] == "alliance"


@pytest.mark.rule("ring", "[3.1]")
def test_saruman_captures_the_ring_with_the_saruman_piece():
    # the Saruman piece two hexes from the Ring wins at once; a Man-Orc beside would not
    game = build({"0609": "ring", "0809": "saruman", "1017": "manorc", "1420": "gondor"},
                 player="saruman")
    until(game, HeuristicAgent(seed=2), lambda g: g.phase != "move1")
    assert game.result is not None and game.result["winner"] == "saruman"


def test_a_hunter_captures_the_ring_when_it_can_reach_it():
    game = build({"0609": "ring", "0808": "orc", "0911": "nazgul", "1420": "gondor"},
                 player="sauron")
    until(game, HeuristicAgent(seed=3), lambda g: g.phase != "move1")
    assert game.ring_holder == "sauron"
    assert "nazgul" in game.hex_of          # the cheap Orc army took it, not the Nazgul


def test_the_evil_ring_bearer_marches_on_barad_dur():
    game = build({"1517": "ring", "0805": "gondor", "2119": "orc", "1717": "orc"},
                 player="sauron", ring_holder="sauron")
    before = Board(game.view("sauron"), "sauron").ring_cost()[game.hex_of["ring"]]
    until(game, HeuristicAgent(seed=4), lambda g: g.phase != "move1")
    b = Board(game.view("sauron"), "sauron")
    assert b.ring_cost()[game.hex_of["ring"]] <= before - 3
    assert game.hex_of["ring"] not in b.goals or game.result is not None


def test_pieces_keep_the_ring_bearers_goal_free():
    # Sauron holds the Ring: the Orc army on Barad-dur steps off it
    game = build({"1818": "ring", "2119": "orc", "0805": "gondor"},
                 player="sauron", ring_holder="sauron")
    until(game, HeuristicAgent(seed=5), lambda g: g.phase != "move1")
    assert game.result is not None and game.result["winner"] == "sauron"


def test_attacks_follow_the_odds():
    # an Orc on open ground is a good target; an Elf in Cair Andros (fortress across the
    # river) is not worth attacking with an ordinary army [9.6] [9.8]
    game = build({"0805": "orc", "0806": "gondor", "1418": "orc", "1518": "elf",
                  "0609": "ring"}, player="sauron", phase="attack")
    legal = game.legal_actions()
    ranked = RingPolicy(random.Random(0)).rank(game.view("sauron"), legal)
    scores = {(a.get("piece"), a.get("target"), a["type"]): s for s, a in ranked}
    good = scores[("orc1", "gondor1", "attack")]
    bad = scores[("orc2", "elf1", "attack")]
    end = scores[(None, None, "end_phase")]
    assert ranked[0][1] == {"type": "attack", "piece": "orc1", "target": "gondor1"}
    assert good > end > bad


@pytest.mark.parametrize("reading", ["named", "map"])
def test_the_ais_odds_are_the_engines(reading):
    """The policy's estimate of an attack is the engine's exact preview, with the [9.6]
    reading the game uses (Osgiliath across the Anduin: one step, or two with "map")."""
    for pieces, a, d in (({"1619": "orc", "1520": "gondor"}, "orc1", "gondor1"),
                         ({"1517": "orc", "1518": "gondor"}, "orc1", "gondor1"),
                         ({"1619": "orc", "1520": "gondor", "1420": "aragorn"}, "orc1", "gondor1")):
        game = ringwar.new_game(SYSTEM, seed=0, options={"river_fortresses": reading},
                                setup={"pieces": pieces, "phase": "attack", "round": 2,
                                       "player": "sauron"})
        odds = game.preview({"type": "attack", "piece": a, "target": d})["odds"]
        board = Board(game.view("sauron"), "sauron")
        pa, pd = board.odds(a, game.hex_of[a], d, game.hex_of[d])
        assert (pa, pd) == pytest.approx((odds["A"], odds["D"])), (pieces, reading)


def test_permission_is_refused_and_decisions_depend_only_on_the_view():
    game = build({"0805": "orc", "0806": "gondor", "0609": "ring"}, player="alliance")
    view = game.view("alliance")
    pol = RingPolicy(random.Random(0))
    ranked = pol.rank(view, [{"type": "permit"}, {"type": "refuse"}])
    assert ranked[0][1] == {"type": "refuse"}
    # the same view gives the same ranking, and the view is not changed
    legal = game.legal_actions()
    kept = copy.deepcopy(view)
    first = RingPolicy(random.Random(0)).rank(view, legal)
    second = RingPolicy(random.Random(0)).rank(copy.deepcopy(view), legal)
    assert first == second and view == kept
    # the dice are not in the view: another seed gives the same decisions
    other = build({"0805": "orc", "0806": "gondor", "0609": "ring"}, player="alliance", seed=99)
    assert RingPolicy(random.Random(0)).rank(other.view("alliance"), other.legal_actions()) == first


def test_the_evaluation_follows_the_ring():
    near = build({"1721": "ring", "0805": "gondor", "2119": "orc"}, player="sauron")
    far = build({"0609": "ring", "0805": "gondor", "2119": "orc"}, player="sauron")
    taken = build({"0609": "ring", "0805": "gondor", "2119": "orc"}, player="sauron",
                  ring_holder="sauron")
    for g in (near, far, taken):
        for s in g.sides:
            assert -1.0 <= evaluate_ring(g.view(s), s) <= 1.0
    assert evaluate_ring(near.view("alliance"), "alliance") > evaluate_ring(far.view("alliance"), "alliance")
    assert evaluate_ring(taken.view("sauron"), "sauron") > evaluate_ring(far.view("sauron"), "sauron")
    assert evaluate_ring(taken.view("alliance"), "alliance") < evaluate_ring(far.view("alliance"), "alliance")
    assert evaluate_ring(near.view("sauron"), "sauron") < evaluate_ring(far.view("sauron"), "sauron")
    # more material is better, other things equal
    strong = build({"0609": "ring", "0805": "gondor", "0905": "gondor", "2119": "orc"}, player="sauron")
    assert evaluate_ring(strong.view("alliance"), "alliance") > evaluate_ring(far.view("alliance"), "alliance")
    # a finished game is worth its result
    won = build({"1921": "ring", "0805": "gondor"}, player="alliance")
    won.apply({"type": "select", "piece": "ring"})
    won.apply({"type": "step", "hex": "1920"})
    assert won.result["winner"] == "alliance"
    assert evaluate_ring(won.view("alliance"), "alliance") == 1.0
    assert evaluate_ring(won.view("sauron"), "sauron") == -1.0


@pytest.mark.rule("ring", "[8.4]")
def test_a_hunter_asks_leave_to_take_the_ring_in_an_elven_hex():
    # the Ring in Lorien: entering needs the Alliance's leave, which is worth asking
    game = build({"1413": "ring", "1412": "orc", "1108": "elf", "0805": "gondor"},
                 player="sauron")
    until(game, HeuristicAgent(seed=6), lambda g: bool(g.pending) or g.phase != "move1")
    assert game.pending and game.pending[-1]["kind"] == "permit"
    assert game.pending[-1]["to"] == "alliance" and game.pending[-1]["hex"] == "1413"
    game.apply({"type": "permit"})
    assert game.ring_holder == "sauron"


def test_a_style_weighs_the_ring_bearers_danger_and_the_hunt():
    """The search's other plans (``heuristic_styles``): ``wary`` keeps the Ring further out
    of reach, ``bold`` dashes and hunts harder; with no style the rules of thumb play as
    their own (every weight 1, the same values as ``steady``)."""
    game = build({"1517": "ring", "1619": "orc", "0805": "gondor"}, players=2, player="alliance")
    held = Board(game.view("alliance"), "alliance")
    h = game.hex_of["ring"]
    assert held.threat(h) > 0                       # the Orc army beside it could take it

    def policy(name: str | None) -> RingPolicy:
        return RingPolicy(random.Random(0), style=STYLES[name] if name else None)

    bearer = {name: policy(name).value(held, "ring", h) for name in (None, "steady", "bold", "wary")}
    assert bearer[None] == bearer["steady"]
    assert bearer["wary"] < bearer["steady"] < bearer["bold"]
    # the hunter: how much a step nearer the Ring is worth scales with the style's pull
    hunt = Board(game.view("evil"), "evil")
    gain = {name: policy(name).value(hunt, "orc1", "1619") - policy(name).value(hunt, "orc1", "2119")
            for name in (None, "bold", "wary")}
    assert gain["wary"] < gain[None] < gain["bold"]
    # the agent hands its style to the game's own rules of thumb
    agent = HeuristicAgent(seed=1, style=STYLES["wary"])
    agent.rank(game.view("alliance"), game.legal_actions())
    assert agent._own.style == STYLES["wary"]
