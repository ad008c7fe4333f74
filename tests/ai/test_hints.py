"""Hints and the post-game analysis (issue 16, item 3): a hint is the AI's suggestion and
every side's chances from one side's view only (never the other side's secrets);
reproducible with a seed; the analysis of a finished game finds its real turning points."""

from __future__ import annotations

import json

import pytest
from ai_helpers import gondor_setup as _gondor_setup
from click.testing import CliRunner

import ringwar
from ringwar.ai import make_agent, play_game
from ringwar.ai.analysis import analyse, chances_from_values, hint, turning_points
from ringwar.ai.worlds import WorldFactory
from ringwar.core.engine import systems


def _sauron_to_act(real_first: bool):
    """Gondor after the set-up ([16.71]: Westernesse's Cauldrons placed real-first or
    real-last in the same hexes), played on identically to Sauron's Movement Phase."""
    game = _gondor_setup(real_first)
    for _ in range(3000):
        v = game.view("sauron")
        phase = next((p for p in v.get("phases") or () if p["code"] == v["phase"]), {})
        if game.to_act == "sauron" and phase.get("side") == "sauron" and "Movement" in phase.get("name", ""):
            break     # Sauron's Movement Phase: the search plans it in worlds
        game.apply(game.legal_actions()[0])
    assert game.to_act == "sauron"
    return game


@pytest.mark.rule("gondor", "[16.71]")
def test_16_71_a_hint_does_not_depend_on_the_hidden_cauldrons(monkeypatch):
    """Two games that differ only in which Cauldrons are real give Sauron the same hint for
    the same seed: the suggestion and the chances come from worlds that re-deal the secret."""
    a, b = _sauron_to_act(True), _sauron_to_act(False)
    assert a.state_hash() != b.state_hash()
    assert a.view("sauron")["units"] == b.view("sauron")["units"]
    seen: dict[str, list[str]] = {"a": [], "b": []}
    sample = WorldFactory.sample

    def hints(game, key):
        def spy(factory, rng):     # every world the hint judges on, with its secrets
            world = sample(factory, rng)
            seen[key].append(json.dumps({p.id: dict(p.flags) for p in world.units.values()},
                                        sort_keys=True, default=str))
            return world
        monkeypatch.setattr(WorldFactory, "sample", spy)
        h = hint(game, "sauron", seed=3, think=None, worlds=4, horizon=30)
        h.pop("seconds")
        return h

    ha, hb = hints(a, "a"), hints(b, "b")
    assert ha == hb
    assert ha["action"] in a.legal_actions() and ha["text"]
    # the worlds (the search's and the chances') carry re-dealt Cauldrons, the same in both
    # games: a hint that judged on the true ones would differ here
    assert seen["a"] and seen["a"] == seen["b"]


@pytest.mark.rule("gondor", "[16.71]")
def test_16_71_the_side_that_owns_the_secret_may_judge_by_it():
    """Westernesse knows its own Cauldrons: its worlds keep them, so its chances may differ
    between the two games (the other side's hint above may not)."""
    a, b = _sauron_to_act(True), _sauron_to_act(False)
    ha = hint(a, "westernesse", seed=3, think=None, worlds=2, horizon=10)
    assert ha["action"] is None and set(ha["chances"]) == {"westernesse", "sauron"}
    assert hint(b, "westernesse", seed=3, think=None, worlds=2, horizon=10)["side"] == "westernesse"


def test_a_hint_is_reproducible_with_a_seed_and_changes_nothing():
    game = ringwar.new_game("sauron", seed=5)
    h0 = game.state_hash()
    one = hint(game, game.to_act, seed=9, think=None, worlds=3, horizon=20)
    two = hint(game, game.to_act, seed=9, think=None, worlds=3, horizon=20)
    one.pop("seconds"), two.pop("seconds")
    assert one == two and game.state_hash() == h0
    assert abs(sum(one["chances"].values()) - 1) < 1e-3


def test_a_hint_respects_its_time_bound():
    game = ringwar.new_game("gondor", seed=5)
    h = hint(game, game.to_act, seed=1, think=0.2, worlds=1000, horizon=40)
    assert h["worlds"] < 1000 and h["seconds"] < 3.0


@pytest.mark.parametrize("system", systems())
def test_every_system_gives_a_hint(system):
    game = ringwar.new_game(system, seed=1)
    h = hint(game, game.to_act, seed=1, think=0.2, worlds=2, horizon=10)
    assert h["action"] in game.legal_actions()
    assert set(h["chances"]) == set(game.sides)


def test_chances_sum_to_one_and_follow_the_values():
    assert chances_from_values({"a": 1.0, "b": -1.0}) == {"a": 1.0, "b": 0.0}
    three = chances_from_values({"a": 0.5, "b": 0.0, "c": -1.0})
    assert abs(sum(three.values()) - 1) < 1e-3 and three["a"] > three["b"] > three["c"] == 0
    assert chances_from_values({"a": -1.0, "b": -1.0}) == {"a": 0.5, "b": 0.5}


def test_a_finished_games_hint_is_its_result():
    game = ringwar.new_game("sauron", seed=5)
    game.apply({"type": "resign", "side": "westernesse"})
    h = hint(game, "westernesse", seed=1)
    assert h["action"] is None and h["chances"] == {"westernesse": 0.0, "sauron": 1.0}


def test_the_analysis_finds_a_resignation_as_the_turning_point():
    """A constructed game: a few quiet moves, then the Alliance resigns."""
    game = ringwar.new_game("sauron", seed=3)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    game.apply({"type": "resign", "side": "westernesse"})
    a = analyse(game, top=3)
    assert a["steps"] == 6 and len(a["series"]) == 7
    top = a["turning_points"][0]
    assert top["step"] == 6 and top["side"] == "westernesse" and top["gainer"] == "sauron"
    assert top["after"] == {"westernesse": 0.0, "sauron": 1.0}


@pytest.mark.rule("sauron", "[21.2]")
def test_21_2_the_largest_swing_is_the_blow_that_demoralizes_sauron():
    """A whole game of the rules of thumb (seed 1, Westernesse wins): the largest swing the
    analysis finds is the very action after which Sauron's army is demoralized, which
    decides the game [21.2]."""
    game = ringwar.new_game("sauron", seed=1)
    play_game(game, {s: make_agent("heuristic", i) for i, s in enumerate(game.sides)})
    assert game.result["winner"] == "westernesse"
    a = analyse(game.save(), top=5)
    top = a["turning_points"][0]
    assert top["gainer"] == "westernesse" and top["swing"] >= max(t["swing"] for t in a["turning_points"])
    replay = ringwar.new_game("sauron", seed=game.record.seed, options=dict(game.record.options))
    for act in game.record.actions[: top["step"] - 1]:
        replay.apply(act)
    assert not replay.view(None)["demoralization"]["sauron"]["demoralized"]
    replay.apply(game.record.actions[top["step"] - 1])
    assert replay.view(None)["demoralization"]["sauron"]["demoralized"]


def test_turning_points_are_the_largest_swings_largest_first():
    series = [{"step": i, "side": "a", "text": str(i), "chances": {"a": p, "b": 1 - p}}
              for i, p in enumerate([0.5, 0.52, 0.3, 0.35, 0.9, 0.9])]
    got = turning_points(series, top=3)
    assert [t["step"] for t in got] == [4, 2, 3]
    assert got[0]["gainer"] == "a" and got[1]["gainer"] == "b"


def test_the_terminal_hint_and_the_analyse_command(tmp_path):
    from ringwar.commands.analyse import command as analyse_cmd
    from ringwar.commands.play import command as play_cmd
    r = CliRunner().invoke(play_cmd, ["sauron", "--vs", "human", "--seed", "3"],
                           input="hint 0.2\nquit\n")
    assert r.exit_code == 0, r.output
    assert "hint for sauron:" in r.output and "chances (" in r.output and "%" in r.output
    game = ringwar.new_game("sauron", seed=3)
    game.apply({"type": "resign", "side": "westernesse"})
    path = tmp_path / "over.json"
    path.write_text(game.save())
    r = CliRunner().invoke(analyse_cmd, [str(path), "--top", "2"])
    assert r.exit_code == 0, r.output
    assert "turning points" in r.output and "action 1: westernesse: resign" in r.output
    unfinished = tmp_path / "going.json"
    unfinished.write_text(ringwar.new_game("sauron", seed=3).save())
    r = CliRunner().invoke(analyse_cmd, [str(unfinished)])
    assert r.exit_code == 1 and "not finished" in r.output
    assert json.loads(path.read_text())["system"] == "sauron"
