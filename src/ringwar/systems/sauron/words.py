"""Sauron's actions in a player's words (``describe_action``'s hook)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Action

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class ActionWords:
    """Sauron's actions described."""

    def describe_hook(self: SauronGame, kind: str, a: Action) -> str | None:
        if kind == "conjure":
            return f"Sauron conjures the Beast of Mordor ({self.sc.beast.conjure} points)"
        if kind == "beast_power":
            power = self.sc.beast.powers.get(a.get("power"))
            name = power.name if power is not None else str(a.get("power"))
            facing = f" toward direction {a['facing']}" if "facing" in a else ""
            return f"the Beast of Mordor uses {name}{facing}"
        if kind == "exchange":
            return f"{self._named(a.get('unit'))} hands Narsil to {self._named(a.get('target'))}"
        return super().describe_hook(kind, a)
