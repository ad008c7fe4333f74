"""Helpers shared by the Gondor rule tests (tests/gondor)."""

from __future__ import annotations

from typing import Any

from conftest import Position, acts, play

WEST, SAURON = "westernesse", "sauron"


def gpos(turn: int = 8, phase: str = "C", seed: int = 1, **options: Any) -> Position:
    """An empty Gondor map at ``turn``/``phase`` (turn 8 is a day turn: no fanatics)."""
    return Position("gondor", seed=seed, options=options or None).clear().at(turn=turn, phase=phase)


def end_until(game: Any, phase: str, turn: int | None = None, limit: int = 200) -> None:
    """End steps until ``phase`` (of ``turn``) is reached."""
    for _ in range(limit):
        if game.phase == phase and (turn is None or game.turn == turn) and not game.pending:
            return
        if game.pending:
            d = game.pending[0]
            options = game.decision_actions(d)
            hold = [a for a in options if a["type"] in ("hold", "stay", "stand")]
            game.apply(hold[0] if hold else options[0])
            continue
        play(game, {"type": "end"})
    raise AssertionError(f"never reached phase {phase}")


def cost(game: Any, unit: str, to: str) -> float:
    """MP the cheapest legal path of ``unit`` to ``to`` costs now."""
    return game.destinations(game.units[unit])[to][0]


def siege_acts(game: Any, kind: str, unit: str | None = None) -> list[dict[str, Any]]:
    return acts(game, kind, unit)
