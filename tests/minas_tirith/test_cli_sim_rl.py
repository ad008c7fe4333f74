"""The Siege of Minas Tirith through the generic tools: the terminal's table mode, the
simulator, the tournament and the PettingZoo environment."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from ringwar.cli import main


def run(args: list[str], text: str = "") -> object:
    return CliRunner().invoke(main, args, input=text)


def test_play_lists_the_table_and_takes_numbers_and_typed_moves():
    # set up, then select the first unit offered, look at its menu, and type a move
    script = "1\n?\nunits\nm G4 2 0\nm G4 x\nquit\n"
    r = run(["play", "minas-tirith", "--seed", "3", "--side", "west"], script)
    assert r.exit_code == 0, r.output
    out = r.output
    assert "Cards: west:" in out and "Demoralization: garrison" in out
    assert "unit   type figs" in out and "G4     MI" in out       # the side's units, with x, y
    assert "[1] turn card" in out and "select G4" in out          # numbered actions
    # a typed move is sent as {"type": "move", "unit": "G4", "path": "m0:2"} (after a select)
    assert "units move on an Infantry Move or Cavalry Move card" in out or "moves" in out
    assert "usage: m UNIT INCHES BEARING" in out


def test_play_a_typed_move_on_a_move_card():
    import ringwar
    from ringwar.commands.play import Session

    game = ringwar.new_game("minas-tirith", seed=3)
    game.apply({"type": "deploy_done"})
    game.apply({"type": "deploy_done"})
    # play on until the West has a move card current and a unit that may move
    from ringwar.ai import RandomAgent
    agent = RandomAgent(1)
    for _ in range(3000):
        if game.to_act == "west" and game.current["west"] == "infantry_move" and game.selected is None \
                and {"type": "select", "actor": "G3"} in game.legal_actions():
            break
        game.apply(agent.choose({}, game.legal_actions()))
    else:
        pytest.skip("no Infantry Move card for the West in this game")
    out: list[str] = []
    s = Session(game, ["west"], {}, echo=out.append)
    before = len(game.record.actions)
    s.handle("m G3 0.5 0")
    text = "\n".join(out)
    moved = len(game.record.actions) == before + 2
    assert moved or "illegal" in text, text
    if moved:
        assert game.record.actions[-1] == {"type": "move", "unit": "G3", "path": "m0:0.5"}


def test_simulate_and_tournament_run():
    r = run(["simulate", "minas-tirith", "-n", "1", "--agents", "random,random", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "west" in r.output
    r = run(["tournament", "minas-tirith", "--agents", "random,heuristic", "-n", "1", "--no-progress"])
    assert r.exit_code == 0, r.output


def test_pettingzoo_api():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ringwar.rl.env import RingwarEnv

    env = RingwarEnv("minas-tirith", seed=2, max_steps=400)
    api_test(env, num_cycles=60)
    env.reset(seed=3)
    obs = env.observe(env.agent_selection)
    assert obs["action_mask"].sum() == len(env.legal_actions()) > 0
    assert env.observation_space(env.agent_selection)["observation"].contains(obs["observation"])


def test_sweep_plot_survives_a_one_sided_sweep(tmp_path):
    pytest.importorskip("matplotlib")
    from ringwar.commands.simulate import sweep_plot

    # every game won by one side: the Wilson bound may round just below the rate itself
    summary = {v: {"rate": {"west": (1.0, 0.439, 1.0 - 1e-16), "dark-lord": (0.0, 1e-17, 0.561)}}
               for v in (2, 3)}
    paths = sweep_plot(summary, "horns_turn", ["west", "dark-lord"], str(tmp_path / "s"), "t")
    assert all((tmp_path / p.split("/")[-1]).exists() for p in paths)
