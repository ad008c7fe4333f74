"""Fuzzer: complete random games of Sauron with the rules' invariants checked after every
action (issue 2, "Tests and evidence").

The number of games is ``RINGWAR_FUZZ_GAMES`` (default 200: a few hundred in CI).  Half of
the games use a plain uniform random player, half a "bloodthirsty" random player that
prefers attacks and moves toward the enemy, so that combat, retreats, displacement,
demoralization and victory are exercised too.
"""

from __future__ import annotations

import os
import random

import pytest

import ringwar
from conftest import seek_battle
from ringwar.systems.spi.state import DEAD, MAP

GAMES = int(os.environ.get("RINGWAR_FUZZ_GAMES", "200"))
MAX_ACTIONS = 20_000


def choose(game, rng: random.Random, bloodthirsty: bool):
    if not bloodthirsty:
        return rng.choice(game.legal_actions())
    return seek_battle(game, rng, ("attack", "fire", "leader_attack", "resolve", "advance", "cast",
                                   "conjure", "beast_power"), end_rate=0.05)


def check_invariants(game, before_disrupted: set[str], events: list[dict]) -> None:
    # no unit in two places; the hex index agrees with the units
    seen: dict[str, str] = {}
    for h, ids in game.at.items():
        assert ids, f"empty list left for {h}"
        for i in ids:
            assert i not in seen, f"{i} is in {seen.get(i)} and {h}"
            seen[i] = h
            assert game.units[i].hex == h and game.units[i].where == MAP
    for p in game.units.values():
        if p.where == MAP:
            assert seen.get(p.id) == p.hex, f"{p.id} on map but not indexed"
        else:
            assert p.hex is None and p.id not in seen
    # stacking [5.0]: one combat unit per hex, two for a formation
    for h, ids in game.at.items():
        stackers = [game.units[i] for i in ids if game.counts_for_stacking(game.units[i])]
        if len(stackers) > 1:
            assert len(stackers) == 2 and stackers[0].partner == stackers[1].id, f"overstack in {h}: {ids}"
    # disrupted units never move or attack [7.57]
    for e in events:
        if e["type"] in ("move", "advance", "allocate", "split") and e.get("unit") in before_disrupted:
            raise AssertionError(f"disrupted unit acted: {e}")
        if e["type"] == "roll" and e.get("table") == "7.41" and e.get("unit") in before_disrupted:
            raise AssertionError(f"disrupted unit attacked: {e}")
    # demoralization [9.13]: totals are the eliminated units' values plus the listed modifiers
    for army in game.dp:
        assert game.dp[army] == sum(pts for pts, _rule, _why in game.dp_log[army])
        dead_value = sum(game.demoralization_value(p) for p in game.units.values()
                         if game.army_of(p) == army and p.where == DEAD and p.is_combat)
        logged = sum(pts for pts, rule, _why in game.dp_log[army] if rule == "[9.13]")
        assert dead_value == logged, (army, dead_value, logged)
        if game.dp[army] > game.dp_level(army):
            assert game.demoralized[army]
    # magic points never negative
    for p in game.units.values():
        assert 0 <= p.magic_spent <= max(p.magic, 0), p.id
    # no dead end
    if game.result is None:
        assert game.to_act in game.sides
        assert game.legal_actions(), f"dead end: {game.to_act} has no legal action ({game.phase})"


def play(seed: int, bloodthirsty: bool):
    game = ringwar.new_game("sauron", seed=seed)
    rng = random.Random(seed * 7919 + bloodthirsty)
    for _ in range(MAX_ACTIONS):
        if game.result is not None:
            return game
        disrupted = {p.id for p in game.units.values() if p.disrupted}
        events = game.apply(choose(game, rng, bloodthirsty))
        check_invariants(game, disrupted, events)
    raise AssertionError(f"runaway game: seed {seed} did not end in {MAX_ACTIONS} actions")


@pytest.mark.parametrize("seed", range(GAMES))
def test_fuzz_random_games_keep_the_invariants(seed: int) -> None:
    game = play(seed, bloodthirsty=seed % 2 == 1)
    assert game.result is not None and game.turn == 18
    assert game.result["level"] in ("decisive", "tactical", "draw")
    if seed % 10 == 0:
        # determinism: the record replays to the same state, and the saved file round-trips
        assert ringwar.replay(game.record).state_hash() == game.state_hash()
        assert ringwar.replay(game.save()).state_hash() == game.state_hash()
