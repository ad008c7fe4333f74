"""Game.clone(): an independent copy for search; both copies play on as the original would."""

import random

import pytest

import ringwar


@pytest.mark.parametrize("system", ["sauron", "gondor"])
def test_clone_is_independent_and_plays_like_the_original(system: str) -> None:
    game = ringwar.new_game(system, seed=11)
    rng = random.Random(4)
    for _ in range(400):
        game.apply(rng.choice(game.legal_actions()))
    twin = game.clone()
    h = game.state_hash()
    assert twin.state_hash() == h and twin.legal_actions() == game.legal_actions()
    # the twin plays on; the original is untouched
    r2 = random.Random(9)
    for _ in range(300):
        if twin.result is None:
            twin.apply(r2.choice(twin.legal_actions()))
    assert game.state_hash() == h
    # the same actions on the original reach the same state as on the twin
    for a in twin.record.actions[len(game.record.actions):]:
        game.apply(a)
    assert game.state_hash() == twin.state_hash()
    assert ringwar.replay(twin.record).state_hash() == twin.state_hash()
