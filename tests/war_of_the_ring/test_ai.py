"""The War of the Ring's rules of thumb (``ai.py``), the search on this game, and the game
through the generic tools: the terminal, the simulator and its sweeps, the tournament and the
PettingZoo environment, with two and three players.  Games are cut short with the option
``turn_limit`` so that these tests stay fast."""

from __future__ import annotations

import copy
import random
import time

import pytest
from click.testing import CliRunner

import ringwar
from ringwar.ai import RunawayGame, agent_seed, make_agent, play_game
from ringwar.ai.heuristic import STYLES, HeuristicAgent
from ringwar.ai.mcts import MCTSAgent
from ringwar.ai.worlds import WorldFactory
from ringwar.cli import main
from ringwar.core.engine import action_key
from ringwar.systems.war_of_the_ring import ai
from ringwar.systems.war_of_the_ring.ai import WarOfTheRingPolicy, policy
from ringwar.systems.war_of_the_ring.game import WarOfTheRingGame

SYSTEM = "war-of-the-ring"


def new(seed: int = 1, players: int = 2, turns: int | None = 3) -> WarOfTheRingGame:
    opts: dict[str, object] = {"players": players}
    if turns is not None:
        opts["turn_limit"] = turns
    return ringwar.new_game(SYSTEM, seed=seed, options=opts)  # type: ignore[return-value]


def play_until(game, agents, stop, limit: int = 5000):
    """Play by ``agents`` until ``stop(game)`` holds (returns the game) or the game ends."""
    for _ in range(limit):
        if game.result is not None or stop(game):
            return game
        side = game.to_act
        game.apply(agents[side].choose(game.view(side), game.legal_actions()))
    return game


def heuristics(game):
    return {s: HeuristicAgent(seed=agent_seed(7, i)) for i, s in enumerate(game.sides)}


class Checked:
    """Wraps an agent: every choice is legal, the list untouched, and the choice is quick."""

    def __init__(self, agent):
        self.agent = agent
        self.needs_world = getattr(agent, "needs_world", False)
        self.times: list[float] = []

    @property
    def world(self):
        return self.agent.world

    @world.setter
    def world(self, w):
        self.agent.world = w

    def choose(self, view, legal):
        before = copy.deepcopy(legal)
        t0 = time.perf_counter()
        a = self.agent.choose(view, legal)
        self.times.append(time.perf_counter() - t0)
        assert a in legal
        assert legal == before
        return a


# ----- the policy ------------------------------------------------------------------------------------
def test_the_game_brings_its_own_policy():
    p = WarOfTheRingGame.heuristic_policy(random.Random(1), 0.0)
    assert isinstance(p, WarOfTheRingPolicy)
    assert isinstance(policy(random.Random(1)), WarOfTheRingPolicy)


@pytest.mark.parametrize("players", [2, 3])
def test_rank_scores_every_legal_action_best_first(players):
    g = new(players=players)
    agents = heuristics(g)
    seen = set()
    for _ in range(400):
        if g.result is not None:
            break
        side, legal = g.to_act, g.legal_actions()
        ranked = WarOfTheRingPolicy(random.Random(1)).rank(g.view(side), legal)
        assert sorted(repr(action_key(a)) for _, a in ranked) == sorted(repr(action_key(a)) for a in legal)
        scores = [s for s, _ in ranked]
        assert scores == sorted(scores, reverse=True)
        seen.add(g.ask["kind"])
        g.apply(agents[side].choose(g.view(side), legal))
    assert {"move", "move_piece", "declare"} <= seen


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_plays_legal_quick_decisions_to_the_end(players):
    g = new(seed=4, players=players, turns=3)
    agents = {s: Checked(HeuristicAgent(seed=i)) for i, s in enumerate(g.sides)}
    play_game(g, agents, max_actions=5000)
    assert g.result is not None
    times = sorted(t for a in agents.values() for t in a.times)
    assert times, "no decision was asked"
    # well under 50 ms a decision (generous bounds: the test machine may be busy)
    assert sum(times) / len(times) < 0.025
    assert times[int(0.95 * (len(times) - 1))] < 0.1


def test_the_fellowship_leaves_rivendell_toward_mount_doom_avoiding_moria():
    g = new(seed=1)
    agents = heuristics(g)
    play_until(g, agents, lambda x: x.ask and x.ask["kind"] == "move" and x.to_act == "fellowship")
    view, legal = g.view("fellowship"), g.legal_actions()
    p = WarOfTheRingPolicy(random.Random(1))
    first = p.rank(view, legal)[0][1]
    assert (first["type"], first.get("piece")) == ("select", "frodo")   # the Ring-bearer first
    g.apply(first)
    best = p.rank(g.view("fellowship"), g.legal_actions())[0][1]
    assert best["type"] == "move"
    doom = ai.to_field(ai.MOUNT_DOOM)
    assert doom[best["to"]] < doom["2008"]
    path = ai.hidden_paths("2008", set(), False, 5.0)[best["to"]]
    assert ai.BALROG not in path and not set(path[1:]) & set(view["sites"]["eye"])


def test_sam_follows_the_ring_bearer():
    g = new(seed=1)
    agents = heuristics(g)
    play_until(g, agents, lambda x: x.ask and x.ask["kind"] == "move" and x.to_act == "fellowship"
               and x.chars["frodo"]["moved"])
    assert g.chars["frodo"]["hex"] != "2008"
    p = WarOfTheRingPolicy(random.Random(1))
    p._selected.add("frodo")
    ranked = p.rank(g.view("fellowship"), g.legal_actions())
    assert (ranked[0][1]["type"], ranked[0][1].get("piece")) == ("select", "sam")
    g.apply(ranked[0][1])
    best = p.rank(g.view("fellowship"), g.legal_actions())[0][1]
    assert (best["type"], best.get("to"), best.get("piece")) == ("move", g.chars["frodo"]["hex"], "sam")


def test_the_dark_power_searches_one_area_where_the_ring_may_be():
    g = new(seed=2, turns=6)
    agents = heuristics(g)
    play_until(g, agents, lambda x: x.turn >= 3 and x.ask and x.ask["kind"] == "declare")
    assert g.ask["kind"] == "declare"
    seat = g.to_act
    p = WarOfTheRingPolicy(random.Random(1))
    p._seen["frodo"] = ("2008", 1)
    best = p.rank(g.view(seat), g.legal_actions())[0][1]
    assert best["choice"] == "area"
    # within two moves of Rivendell, toward Mount Doom: not Rivendell's sanctuary alone
    assert best["area"] in {"C", "D", "E", "F", "G", "K"}


def test_a_seized_ring_goes_to_barad_dur():
    g = new(seed=1)
    view = g.view("dark")
    view["ring"].update(bearer="n6", held_by="dark")
    view["shadow_points"] = 3
    legal = [{"type": "select", "piece": "n1"}, {"type": "select", "piece": "n6"}, {"type": "done"}]
    p = WarOfTheRingPolicy(random.Random(1))
    view["decision"] = {"kind": "move", "seat": "dark"}
    assert p.rank(view, legal)[0][1] == {"type": "select", "piece": "n6"}
    view["decision"] = {"kind": "move_piece", "seat": "dark"}
    legal = [{"type": "move", "to": h, "piece": "n6", "fly": True} for h in ("2713", "3523", "2414")]
    legal.append({"type": "stay"})
    assert p.rank(view, legal)[0][1]["to"] == "3523"


def test_spotted_hobbits_are_captured_by_a_strong_army():
    g = new(seed=1)
    view = g.view("dark")
    frodo = next(c for c in view["characters"] if c["id"] == "frodo")
    frodo.update(hidden=False, hex="3024")
    view["decision"] = {"kind": "hunt", "seat": "dark"}
    legal = [{"type": "hunt", "how": "capture", "target": "frodo"},
             {"type": "hunt", "how": "challenge", "with": "n3", "target": "frodo"},
             {"type": "hunt", "how": "none"}]
    p = WarOfTheRingPolicy(random.Random(1))
    best = p.rank(view, legal)[0][1]
    assert best["how"] in ("capture", "challenge") and best["how"] != "none"
    assert p.capture_chance(ai._Ctx(view), "frodo") > 0.5          # 50 Orcs in Minas Morgul


def test_saruman_sends_one_unit_to_each_place_of_his_list():
    g = new(seed=2, players=3, turns=6)
    agents = heuristics(g)
    play_until(g, agents, lambda x: x.turn >= 4 and x.step == "6b" and x.ask["kind"] == "move")
    assert g.step == "6b"
    p = WarOfTheRingPolicy(random.Random(1))
    ctx = ai._Ctx(g.view("saruman"))
    plan = p.garrison_plan(ctx)
    listed = set(g.D.value("S-V12", "garrison_list"))
    assert plan and set(plan.values()) <= listed
    assert len(set(plan.values())) == len(plan)                  # one unit to a place
    assert all(uid.startswith("ISE") for uid in plan)
    held = {u["hex"] for u in ctx.units.values() if u["id"] in plan and plan[u["id"]] == u["hex"]}
    assert held, "the last unit in a listed place holds it"
    # the last of Saruman's units in a listed place does not walk off it
    uid = next(u for u in plan if plan[u] == ctx.units[u]["hex"]
               and len([x for x in ctx.my_armies(ctx.units[u]["hex"])]) == 1)
    here = ctx.units[uid]["hex"]
    away = next(n for n in g.W.adjacent(here) if g.W.terrain_cost(n, "army"))
    assert p.army_move(ctx, here, [ctx.units[uid]], away) < 0


def test_the_eagles_carry_the_revealed_ring_bearer_only():
    g = new(seed=1)
    view = g.view("fellowship")
    view["decision"] = {"kind": "move", "seat": "fellowship"}
    frodo = next(c for c in view["characters"] if c["id"] == "frodo")
    p = WarOfTheRingPolicy(random.Random(1))
    legal = [{"type": "play", "card": "eagles", "piece": "frodo"},
             {"type": "play", "card": "eagles", "piece": "theoden"}, {"type": "done"}]
    frodo["hidden"] = False
    assert p.rank(view, legal)[0][1] == legal[0]
    frodo["hidden"] = True
    assert p.rank(view, legal)[0][1] == {"type": "done"}


def test_battle_estimate_prefers_better_odds():
    g = new(seed=1)
    ctx = ai._Ctx(g.view("dark"))
    weak = ai.battle_estimate(ctx, "2315", 10, "dark")              # Lórien, 20 Elves, forest
    strong = ai.battle_estimate(ctx, "2315", 100, "dark")
    assert strong[0] > weak[0] and strong[1] / 100 < weak[1] / 10       # a smaller share lost
    assert ai.battle_estimate(ctx, "2632", 0, "fellowship") == (0.0, 0.0, 0.0)


def _estimate_as_written(ctx, h, attack, seat, extra_leader=0):
    """``battle_estimate`` in one piece, as [WR §10.3] reads (odds, terrain, Sorcery, the
    Nazgûl, leadership, the six rolls): what its kept parts must add up to."""
    D = ctx.D
    defs = [u for u in ctx.armies_at.get(h, ()) if ctx.enemies(seat, u.get("side"))]
    raw = ctx.strength(defs)
    defence = raw * int(D.citadels.get(h, 1)) if raw > 0 else int(ctx.defences.get(h, 0))
    if attack <= 0:
        return 0.0, 0.0, 0.0
    col = D.crt.column(attack, max(1, defence))
    if col is None:
        return 0.0, attack * 0.4, 0.0
    shift = -1 if raw > 0 and ctx.W.terrain(h) in ("rough", "forest", "marsh") else 0
    dseat = defs[0].get("side") if defs else None
    mine_s, theirs_s = ctx.sorcerer(h, seat), bool(dseat) and ctx.sorcerer(h, dseat)
    if mine_s != theirs_s:
        shift += 1 if mine_s else -1
    naz = sum(1 for c in ctx.chars_at.get(h, ()) if c.get("side") == seat and c.get("nazgul"))
    if naz >= 9:
        shift += 2
    elif naz >= 2 and (naz >= 3 or any(c.get("side") == seat and not c.get("nazgul")
                                       and int(c.get("morale") or 0) > 0
                                       for c in ctx.chars_at.get(h, ()))):
        shift += 1
    col = D.crt.shift(col, shift)
    lead = ctx.leadership(h, seat) + extra_leader - (ctx.leadership(h, dseat) if dseat else 0)
    d_loss = a_loss = wipe = 0.0
    for roll in range(1, 7):
        r = D.crt.result(roll + lead, col)
        a_loss += r.attacker * attack / 100.0
        d_loss += r.defender * (raw if raw else defence) / 100.0
        wipe += r.defender >= 100
    return d_loss / 6.0, a_loss / 6.0, wipe / 6.0


@pytest.mark.parametrize("players", [2, 3])
def test_battle_estimate_kept_parts_add_up_to_the_estimate_as_written(players):
    """[WR §10.3] the estimate keeps what does not depend on the attacker's strength per hex
    and seat, and the CRT's rows per column and leadership: the same numbers, exactly, as
    working it all out each time, for every army hex, strength, seat and extra leader."""
    g = new(seed=5, players=players, turns=None)
    rng = random.Random(5)
    views = 0
    for n in range(300):
        if g.result is not None:
            break
        if n % 30 == 0:
            for seat in g.sides:
                ctx = ai._Ctx(g.view(seat))
                hexes = sorted(set(ctx.armies_at) | set(ctx.defences))
                for h in hexes:
                    for attack in (0, 1, 3, 7, 12, 25, 60):
                        for extra in (0, 2):
                            for who in g.sides:
                                assert ai.battle_estimate(ctx, h, attack, who, extra) == \
                                    _estimate_as_written(ctx, h, attack, who, extra), (h, attack, who)
                views += 1
        g.apply(rng.choice(g.legal_actions()))
    assert views >= 6
    # the Nazgûl's and a leader's shifts [WR §10.3], put beside the attacker in an army's hex
    view = g.view(g.sides[0])
    h = sorted(ai._Ctx(view).armies_at)[0]
    for seat in g.sides:
        for nazgul in (0, 1, 2, 3, 9):
            for leader in (False, True):
                ctx = ai._Ctx(view)
                extra = [{"id": f"n{i}", "side": seat, "nazgul": True} for i in range(nazgul)]
                if leader:
                    extra.append({"id": "captain", "side": seat, "morale": 2})
                ctx.chars_at[h] = list(ctx.chars_at.get(h, ())) + extra
                for attack in (1, 5, 20):
                    assert ai.battle_estimate(ctx, h, attack, seat) == \
                        _estimate_as_written(ctx, h, attack, seat), (seat, nazgul, leader, attack)


# ----- hidden information: the agents decide on their view only ------------------------------------------
def scrambled(game, seat: str, seed: int):
    """A copy of ``game`` whose secrets from ``seat`` are changed: where each hidden walker is
    and who bears the Ring, the other seats' hands, the decks' orders, the face-down sites,
    whether Gollum is on the trail, and the hidden walkers' Endurance and road flags."""
    h = game.clone()
    rng = random.Random(seed)
    land = [x for x in sorted(h.W.hexes) if h.W.is_land(x) and h.W.terrain_cost(x, "character")]
    hidden = sorted(c for c, r in h.chars.items() if r["alive"] and r["hidden"] and not r["captive"]
                    and r["seat"] == "fellowship")
    for c in hidden:
        r = h.chars[c]
        r["hex"] = rng.choice(land)
        r["e"] = rng.randint(1, h.D.characters[c].endurance)
        r["road"] = rng.random() < 0.5
    if h.ring["bearer"] in hidden and len(hidden) > 1:
        h.ring["bearer"] = rng.choice([c for c in hidden if c != h.ring["bearer"]])
    pool = list(h.decks["event"])
    for s in h.sides:
        if s != seat:
            pool += h.hands[s]
    rng.shuffle(pool)
    for s in h.sides:
        if s != seat:
            n = len(h.hands[s])
            h.hands[s] = [pool.pop() for _ in range(n)]
    h.decks["event"] = pool
    rng.shuffle(h.decks["search"])
    for deck in ("eye", "magic"):
        keys = [k for k in sorted(h.sites[deck]) if k.rstrip("+") not in ("2214", "3124", "2222", "2315")]
        cards = [h.sites[deck][k] for k in keys]
        rng.shuffle(cards)
        h.sites[deck].update(zip(keys, cards))
    if h.gollum["state"] in ("at-large", "active"):
        h.gollum["state"] = rng.choice(["at-large", "active"])
    h._after_change()
    return h


def dark_decisions(players: int, make, n_points: int = 12, seed: int = 3):
    """(seat, the choice on the real game, the choice on a scrambled copy) at the Dark seats'
    decisions of one game: the agents are copied at each point with all they remember."""
    g = new(seed=seed, players=players, turns=4)
    agents = {s: make(i) for i, s in enumerate(g.sides)}
    out = []
    for step in range(3000):
        if g.result is not None or len(out) >= n_points:
            break
        side, legal = g.to_act, g.legal_actions()
        if side != "fellowship" and len(legal) > 1 and step % 3 == 0:
            other = scrambled(g, side, step)
            assert other.state_hash() != g.state_hash()
            assert other.view(side) == g.view(side)
            assert other.legal_actions() == legal
            if getattr(agents[side], "needs_world", False):
                agents[side].world = None
            a1, a2 = copy.deepcopy(agents[side]), copy.deepcopy(agents[side])
            if getattr(a1, "needs_world", False):
                a1.world, a2.world = WorldFactory(g, side), WorldFactory(other, side)
            out.append((side, a1.choose(g.view(side), legal), a2.choose(other.view(side), legal)))
        agent = agents[side]
        if getattr(agent, "needs_world", False):
            agent.world = WorldFactory(g, side)
        g.apply(agent.choose(g.view(side), legal))
    assert out
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_heuristic_ignores_the_scrambled_hidden_state(players):
    for seat, real, fake in dark_decisions(players, lambda i: HeuristicAgent(seed=i)):
        assert real == fake, seat


@pytest.mark.parametrize("players", [2, 3])
def test_mcts_ignores_the_scrambled_hidden_state(players):
    runs = dark_decisions(players, lambda i: MCTSAgent(seed=i, iterations=2, rollout=8), n_points=6)
    for seat, real, fake in runs:
        assert real == fake, seat


@pytest.mark.rule("war-of-the-ring", "§12")
def test_worlds_do_not_depend_on_the_true_secrets():
    g = new(seed=3, turns=4)
    agents = heuristics(g)
    play_until(g, agents, lambda x: x.turn >= 2 and x.to_act == "dark")
    other = scrambled(g, "dark", 11)
    for k in range(6):
        wa = WorldFactory(g, "dark").sample(random.Random(k))
        wb = WorldFactory(other, "dark").sample(random.Random(k))
        assert wa.state_hash() == wb.state_hash()


# ----- the generic tools ------------------------------------------------------------------------------
def run(args: list[str], text: str = ""):
    return CliRunner().invoke(main, args, input=text)


@pytest.mark.parametrize("players", [2, 3])
def test_play_in_the_terminal(players):
    script = "?\nunits\n1\nlog 3\nquit\n"
    r = run(["play", SYSTEM, "--seed", "1", "--vs", "heuristic", "-o", f"players={players}",
             "-o", "turn_limit=2"], script)
    assert r.exit_code == 0, r.output
    assert "War of the Ring" in r.output and "fellowship>" in r.output
    assert "against the heuristic agent" in r.output


@pytest.mark.parametrize("vs", ["random", "mcts"])
def test_play_against_other_agents(vs):
    r = run(["play", SYSTEM, "--seed", "2", "--vs", vs, "--think", "0.05", "--side", "dark",
             "-o", "turn_limit=2"], "?\nquit\n")
    assert r.exit_code == 0, r.output
    assert f"against the {vs} agent" in r.output and "dark>" in r.output


def test_simulate_with_a_sweep_over_the_players_and_its_plot(tmp_path):
    pytest.importorskip("matplotlib")
    prefix = str(tmp_path / "sweep")
    r = run(["simulate", SYSTEM, "--games", "1", "--agents", "heuristic,heuristic", "-w", "2",
             "-o", "turn_limit=2", "--sweep", "players=2,3", "--plot", prefix, "--no-progress"])
    assert r.exit_code == 0, r.output
    out = r.output
    assert "fellowship wins" in out and "dark wins" in out and "sauron wins" in out
    assert (tmp_path / "sweep.png").exists() and (tmp_path / "sweep.svg").exists()


@pytest.mark.parametrize("players", [2, 3])
def test_simulate_and_tournament_with_every_agent(players):
    r = run(["simulate", SYSTEM, "-n", "1", "--agents", "random,heuristic,mcts", "-o", "turn_limit=2",
             "-o", f"players={players}", "--iterations", "2", "--no-progress"])
    assert r.exit_code == 0, r.output
    r = run(["tournament", SYSTEM, "--agents", "random,heuristic", "-n", str(players),
             "-o", "turn_limit=2", "-o", f"players={players}", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "heuristic vs random" in r.output and "A as fellowship" in r.output


def test_a_random_game_runs_to_its_turn_limit():
    g = new(seed=9, players=3, turns=3)
    play_game(g, {s: make_agent("random", i) for i, s in enumerate(g.sides)}, max_actions=20_000)
    assert g.result is not None


def test_an_mcts_agent_with_tactics_searches_this_game():
    g = new(seed=3, turns=2)
    agents = {s: Checked(MCTSAgent(seed=i, iterations=2, rollout=6, tactics=True, margin=99))
              for i, s in enumerate(g.sides)}
    try:
        play_game(g, agents, max_actions=60)
    except RunawayGame:
        pass
    assert any(a.agent.stats["searches"] for a in agents.values())


@pytest.mark.parametrize("players", [2, 3])
def test_pettingzoo_api(players):
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ringwar.rl.env import RingwarEnv

    env = RingwarEnv(SYSTEM, seed=2, options={"players": players, "turn_limit": 2}, max_steps=300)
    api_test(env, num_cycles=100, verbose_progress=False)
    env.reset(seed=3)
    assert env.possible_agents == list(new(players=players).sides)
    obs = env.observe(env.agent_selection)
    assert obs["action_mask"].sum() == len(env.legal_actions()) > 0
    assert env.observation_space(env.agent_selection)["observation"].contains(obs["observation"])


def test_pettingzoo_observations_hold_no_secret():
    pytest.importorskip("pettingzoo")
    from ringwar.rl.env import RingwarEnv

    env = RingwarEnv(SYSTEM, seed=3, options={"turn_limit": 3})
    env.reset()
    for _ in range(60):
        env.step(0)
    a = env.observe("dark")["observation"]
    env.game = scrambled(env.game, "dark", 5)
    assert (env.observe("dark")["observation"] == a).all()


# ----- styles: what the search's candidate plans weigh ---------------------------------------------------
def styled(name: str | None) -> WarOfTheRingPolicy:
    return WarOfTheRingPolicy(random.Random(1), style=None if name is None else dict(STYLES[name]))


def test_the_game_offers_the_styles_its_rules_of_thumb_weigh():
    assert WarOfTheRingGame.heuristic_styles[0] == "steady"
    assert set(WarOfTheRingGame.heuristic_styles) <= set(STYLES)
    assert styled("steady").risk_weight() == styled(None).risk_weight() == 1.0
    assert styled("bold").risk_weight() < 1.0 < styled("wary").risk_weight()


def test_steady_plays_exactly_as_no_style():
    g = new(seed=2, turns=4)
    agents = heuristics(g)
    for _ in range(1500):
        if g.result is not None:
            break
        side, legal = g.to_act, g.legal_actions()
        view = g.view(side)
        assert styled("steady").rank(view, legal) == styled(None).rank(view, legal)
        g.apply(agents[side].choose(view, legal))


def _ring_bearer_danger(view, to: str) -> float:
    """What the Ring-bearer's move to ``to`` crosses and ends beside: the danger field's price
    of the hexes on the engine's path [WR §10.7.3] and the exposure where he stops."""
    ctx = ai._Ctx(view)
    p = styled(None)
    c = ctx.chars["frodo"]
    hidden = bool(c.get("hidden"))
    path = p._paths_from(ctx, "frodo", c["hex"], hidden, float(c.get("mf") or 5) + 2.0).get(to)
    pen = ctx.danger()
    return sum(pen.get(x, 0.0) for x in (path or [c["hex"], to])[1:]) + p.exposure(ctx, to, hidden)


def test_a_wary_ring_bearer_keeps_further_from_danger_than_a_bold_one():
    g = new(seed=1, turns=10)
    agents = heuristics(g)
    doom = ai.to_field(ai.MOUNT_DOOM)
    danger = {"bold": 0.0, "wary": 0.0}
    way = {"bold": 0.0, "wary": 0.0}
    differ = 0
    for _ in range(20000):
        if g.result is not None:
            break
        side, legal = g.to_act, g.legal_actions()
        view = g.view(side)
        if side == "fellowship" and any(a.get("type") == "move" and a.get("piece") == "frodo"
                                        for a in legal):
            got = {st: styled(st).rank(view, legal)[0][1] for st in ("bold", "wary")}
            if got["bold"] != got["wary"]:
                differ += 1
                for st, a in got.items():
                    assert a["type"] == "move"
                    danger[st] += _ring_bearer_danger(view, a["to"])
                    way[st] += doom[a["to"]]
                assert _ring_bearer_danger(view, got["wary"]["to"]) \
                    <= _ring_bearer_danger(view, got["bold"]["to"])
        g.apply(agents[side].choose(view, legal))
    assert differ >= 3
    assert danger["wary"] < danger["bold"]          # wary goes round the danger ...
    assert way["bold"] < way["wary"]                # ... bold presses on toward Mount Doom


def test_a_bold_shadow_sends_more_nazgul_hunting_than_a_wary_one():
    g = new(seed=1, turns=8)
    agents = heuristics(g)
    hunters = {"bold": 0, "wary": 0}
    for _ in range(20000):
        if g.result is not None:
            break
        side, legal = g.to_act, g.legal_actions()
        view = g.view(side)
        if side == "dark" and view["decision"]["kind"] == "move" \
                and any(a.get("type") == "select" for a in legal):
            nazgul = {c["id"] for c in view["characters"] if c.get("nazgul")}
            for st in hunters:
                p = styled(st)
                p._seen = dict(agents[side]._own._seen)       # what the seat's player remembers
                hunters[st] += sum(1 for s, a in p.rank(view, legal)
                                   if a.get("type") == "select" and a.get("piece") in nazgul and s > 0)
        g.apply(agents[side].choose(view, legal))
    assert hunters["bold"] > 1.2 * hunters["wary"] > 0


def test_a_style_weighs_the_shadow_points_and_the_losses_of_an_attack():
    g = new(seed=1)
    view = g.view("dark")
    view["mobilized"] = {**(view.get("mobilized") or {}), "MOR": 1}
    ctx = ai._Ctx(view)
    assert styled(None).sp_reserve(ctx) == styled("steady").sp_reserve(ctx) == 4
    assert styled("bold").sp_reserve(ctx) < 4 < styled("wary").sp_reserve(ctx)
    # Lórien's 20 Elves in the forest against a small attack: the losses weigh more when wary
    weak = {st: styled(st).target_worth(ai._Ctx(g.view("dark")), "2315", 10, "dark")
            for st in ("bold", "wary")}
    assert weak["wary"] < weak["bold"]
