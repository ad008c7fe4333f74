"""Gondor's own decisions (``spi/decisions.py``): where a piece is set up [13.0], and whether
the Westernesse pours a Cauldron's Oil on a unit that came beside it [16.74]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event
from ..spi.decisions import STANDARD_DECISIONS, Decision, registry

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class Deploy(Decision):
    kind, case, what = "deploy", "[13.0]", "the hex a selected piece is set up in"

    def options(self, game: GondorGame, d: dict[str, Any]) -> list[Action]:  # type: ignore[override]
        return game.decide_deploy(d)

    def answer(self, game: GondorGame, d: dict[str, Any], action: Action) -> list[Event]:  # type: ignore[override]
        return game.answer_deploy(d, action)


class Oil(Decision):
    kind, case, what = "oil", "[16.74]", "whether a Cauldron pours its Oil on an enemy unit beside it"

    def options(self, game: GondorGame, d: dict[str, Any]) -> list[Action]:  # type: ignore[override]
        return game.decide_oil(d)

    def answer(self, game: GondorGame, d: dict[str, Any], action: Action) -> list[Event]:  # type: ignore[override]
        return game.answer_oil(d, action)


GONDOR_DECISIONS: dict[str, Decision] = {**STANDARD_DECISIONS, **registry(Deploy, Oil)}
