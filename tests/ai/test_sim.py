"""Batch simulation, tournaments and the Ray backend: determinism and the CLI on tiny budgets."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from ringwar.cli import main
from ringwar.sim import GameSpec, run_game, run_many, summarize, wilson


def strip(row):
    return {k: v for k, v in row.items() if k not in ("seconds", "search")}


def specs(n=3, **kw):
    return [GameSpec("sauron", seed=s, agents=("heuristic", "random"), max_actions=250, **kw) for s in range(n)]


def test_rows_are_deterministic_and_backend_independent():
    one = [strip(r) for r in run_many(specs())]
    again = [strip(r) for r in run_many(specs())]
    two = [strip(r) for r in run_many(specs(), workers=2)]
    assert one == again == two
    assert [r["seed"] for r in one] == [0, 1, 2]
    r = one[0]
    for key in ("winner", "level", "turns", "victory_points", "demoralization", "events", "losses", "hash"):
        assert key in r
    json.dumps(r)


def test_run_game_accepts_a_dict_and_tags_rows():
    row = run_game({"system": "gondor", "seed": 4, "agents": ["random"], "max_actions": 50,
                    "tags": {"value": 3}})
    assert row["status"] == "stopped" and row["value"] == 3
    assert row["agents"] == {"westernesse": "random", "sauron": "random"}


def test_wilson_and_summary():
    p, lo, hi = wilson(150, 200)
    assert p == 0.75 and 0.68 < lo < 0.75 < hi < 0.81
    s = summarize([{"sides": ["a", "b"], "winner": "a", "status": "finished", "turns": 3},
                   {"sides": ["a", "b"], "winner": None, "status": "finished", "turns": 5}])["all"]
    assert s["wins"] == {"a": 1, "b": 0} and s["draws"] == 1 and s["mean_turns"] == 4


def test_tournament_cli(tmp_path):
    out = tmp_path / "t.jsonl"
    r = CliRunner().invoke(main, ["tournament", "sauron", "--agents", "random,heuristic", "--games", "2",
                                  "--max-actions", "300", "--no-progress", "--out", str(out)])
    assert r.exit_code == 0, r.output
    assert "heuristic vs random" in r.output and "A as westernesse" in r.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [row["agents"]["westernesse"] for row in rows] == ["heuristic", "random"]


def test_tournament_cli_with_mcts_iterations():
    r = CliRunner().invoke(main, ["tournament", "battle-of-the-ring", "--agents", "random,mcts", "--games", "1",
                                  "--iterations", "2", "--max-actions", "60", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "mcts vs random" in r.output and "iterations=2" in r.output


def test_tournament_cli_game_options_set_the_sides():
    """``--option players=2``: the Battle of the Ring's two-player seats (evil, alliance)."""
    r = CliRunner().invoke(main, ["tournament", "battle-of-the-ring", "--agents", "random,heuristic",
                                  "--games", "2", "-o", "players=2", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert "players=2" in r.output and "A as evil" in r.output and "A as saruman" not in r.output
    r = CliRunner().invoke(main, ["tournament", "battle-of-the-ring", "--games", "2", "-o", "bogus=1",
                                  "--no-progress"])
    assert r.exit_code != 0 and "unknown option 'bogus'" in r.output
    r = CliRunner().invoke(main, ["tournament", "gondor", "--games", "2", "-o", "rohan_roll", "--no-progress"])
    assert r.exit_code != 0 and "NAME=VALUE" in r.output


def test_simulate_cli_sweep_writes_rows_and_plots(tmp_path):
    out = tmp_path / "s.jsonl"
    r = CliRunner().invoke(main, ["simulate", "sauron", "--games", "2", "--agents", "random,random",
                                  "--sweep", "reinforcement_delay=0,2", "--max-actions", "200",
                                  "--no-progress", "--out", str(out)])
    assert r.exit_code == 0, r.output
    rows = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(row["value"], row["seed"]) for row in rows] == [(0, 1), (0, 2), (2, 1), (2, 2)]
    assert (tmp_path / "s.png").stat().st_size > 0 and (tmp_path / "s.svg").stat().st_size > 0


def test_simulate_cli_parquet(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "s.parquet"
    r = CliRunner().invoke(main, ["simulate", "gondor", "--games", "2", "--agents", "random",
                                  "--max-actions", "100", "--no-progress", "--out", str(out)])
    assert r.exit_code == 0, r.output
    table = pq.read_table(out)
    assert table.num_rows == 2 and "winner" in table.column_names


def test_simulate_cli_refuses_unknown_things():
    r = CliRunner().invoke(main, ["simulate", "sauron", "--sweep", "nonsense=1,2", "--no-progress"])
    assert r.exit_code != 0 and "no option" in r.output
    r = CliRunner().invoke(main, ["simulate", "sauron", "--agents", "genius", "--no-progress"])
    assert r.exit_code != 0


def test_ray_backend_gives_the_same_rows():
    ray = pytest.importorskip("ray")
    try:
        rows = run_many(specs(2), workers=2, ray_address="local")
    finally:
        ray.shutdown()
    assert [strip(r) for r in rows] == [strip(r) for r in run_many(specs(2))]
