"""The engine contract, fuzzed in every system (issue 14, item 2): random games to their end
with the contract's promises checked as they go (:mod:`ringwar.core.contract` says which:
no dead ends, refusals change nothing and cite a rule, selections are free, meta actions end
the game, records replay).

The suite plays the games below per system, times ``RINGWAR_CONTRACT_SCALE``; every system's
own fuzzer plays more with its own invariants (tests/test_fuzz_sauron.py,
tests/test_fuzz_gondor.py, tests/ring/test_fuzz.py); ``benchmarks/contract_fuzz.py`` plays
thousands.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from ringwar.core.contract import play_checked

#: (system, options, games in the suite)
VARIANTS = [
    ("sauron", {}, 30),
    ("gondor", {}, 100),
    ("battle-of-the-ring", {"players": 2}, 100),
    ("battle-of-the-ring", {"players": 3}, 100),
]
SCALE = float(os.environ.get("RINGWAR_CONTRACT_SCALE", "1"))

CASES = [pytest.param(system, options, seed, id=f"{system}{options.get('players', '')}-{seed}")
         for system, options, games in VARIANTS for seed in range(max(1, int(games * SCALE)))]


@pytest.mark.parametrize("system, options, seed", CASES)
def test_random_games_keep_the_contract(system: str, options: dict[str, Any], seed: int) -> None:
    play_checked(system, options, seed, replay_check=seed % 10 == 0)


def test_legal_actions_that_read_alike_or_repeat_break_the_contract() -> None:
    # two legal actions a player cannot tell apart (two buttons with one label) are refused
    # by the contract's check, as is an action listed twice
    from ringwar.core.contract import ContractBroken, check_words
    from ringwar.core.engine import new_game

    g = new_game("sauron", seed=1)
    check_words(g)
    g.describe_action = lambda a, side=None: a["type"]          # type: ignore[method-assign]
    with pytest.raises(ContractBroken, match="read alike"):
        check_words(g)
    g = new_game("sauron", seed=1)
    listed = g.legal_actions()
    g.legal_actions = lambda: listed + listed[:1]               # type: ignore[method-assign]
    with pytest.raises(ContractBroken, match="listed twice"):
        check_words(g)
