"""The PettingZoo AEC environment (optional extra ``rl``): PettingZoo's own api_test."""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from ringwar.rl import env  # noqa: E402


@pytest.mark.parametrize("system", ["sauron", "gondor", "battle-of-the-ring"])
def test_pettingzoo_api(system):
    api_test(env(system, seed=1, max_steps=200), num_cycles=200, verbose_progress=False)


def test_masked_random_play_is_legal_and_rewards_the_winner():
    e = env("battle-of-the-ring", seed=2, max_steps=2_000)
    e.reset(seed=2)
    rng = np.random.default_rng(0)
    for agent in e.agent_iter(max_iter=3_000):
        obs, reward, term, trunc, info = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert obs["observation"].shape == e.observation_space(agent)["observation"].shape
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) == len(e.legal_actions()) > 0
        e.step(int(rng.choice(legal)))
    assert e.game.result is not None or e.steps == 2_000


def test_observations_hold_no_secret():
    e = env("gondor", seed=3)
    e.reset()
    for _ in range(400):
        if e.game.phase != "S":
            break
        e.step(0)
    a = e.observe("sauron")["observation"]
    for p in e.game.units.values():
        if "real" in p.flags:
            p.set_flag("real", not p.flags["real"])
    assert (e.observe("sauron")["observation"] == a).all()
