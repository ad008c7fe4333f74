"""The engine contract in War of the Ring games played at random to their end
(:func:`ringwar.core.contract.play_checked`): no dead ends, refusals change nothing and cite a
rule, selections are free, descriptions and redactions of every action, meta actions, and
records that replay to their hash — with 2 and 3 players, short and full length."""

from __future__ import annotations

import pytest

from ringwar.core.contract import play_checked

CASES = [({"players": 2, "turn_limit": 10}, s) for s in range(3)] + \
        [({"players": 3, "turn_limit": 10}, s) for s in range(3)] + \
        [({"players": 2}, 100), ({"players": 3}, 101)]


@pytest.mark.rule("war-of-the-ring", "§9", "§14")
@pytest.mark.parametrize("options, seed", CASES,
                         ids=[f"{o['players']}p-{o.get('turn_limit', 52)}t-{s}" for o, s in CASES])
def test_14_random_games_keep_the_contract(options: dict, seed: int) -> None:
    g = play_checked("war-of-the-ring", options, seed, replay_check=True)
    assert g.result is not None
