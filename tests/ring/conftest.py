"""The position builder for Battle of the Ring tests."""

from __future__ import annotations

from typing import Any

import pytest

import ringwar
from ringwar.systems.ring import BattleOfTheRingGame

SYSTEM = "battle-of-the-ring"


def build(pieces: dict[str, Any] | None = None, *, players: int = 3, seed: int = 0,
          options: dict[str, Any] | None = None, **state: Any) -> BattleOfTheRingGame:
    """A game at a built position: ``build({"1109": "gandalf", "1110": "orc"},
    player="alliance", phase="move1", round=3)``.  The setup is recorded, so it replays."""
    setup: dict[str, Any] = dict(state)
    if pieces is not None:
        setup["pieces"] = pieces
    setup.setdefault("phase", "move1")
    setup.setdefault("round", 2)
    opts = {"players": players, **(options or {})}
    return ringwar.new_game(SYSTEM, seed=seed, options=opts, setup=setup)  # type: ignore[return-value]


def act(game: ringwar.Game, *actions: dict[str, Any]) -> list[dict[str, Any]]:
    """Apply actions in turn; returns all their events."""
    out: list[dict[str, Any]] = []
    for a in actions:
        out += game.apply(a)
    return out


def move(game: ringwar.Game, piece: str, *hexes: str, stop: bool = True) -> list[dict[str, Any]]:
    """Select ``piece`` and step through ``hexes`` (then stop)."""
    ev = act(game, {"type": "select", "piece": piece})
    for h in hexes:
        ev += act(game, {"type": "step", "hex": h})
    if stop and game.moving is not None:
        ev += act(game, {"type": "stop"})
    return ev


def steps(game: ringwar.Game) -> set[str]:
    return {a["hex"] for a in game.legal_actions() if a["type"] == "step"}


def refused(game: ringwar.Game, action: dict[str, Any]) -> ringwar.IllegalAction:
    before = game.state_hash()
    with pytest.raises(ringwar.IllegalAction) as e:
        game.apply(action)
    assert game.state_hash() == before
    return e.value
