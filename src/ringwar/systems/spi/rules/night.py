"""[10.0] Night: the Night Game-Turns (their effects are asked where they apply: Sauron's
units fanatical [7.37], his leaders' ratings +3 in leader combat [7.22] and rallies [8.37])."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class NightRules:
    """[10.0] night."""

    def is_night(self: SpiGame, turn: int | None = None) -> bool:
        """[10.0] Night Game-Turns, as the exclusive rules list them (hookable)."""
        t = self._turn if turn is None else turn
        override = self.spell_state.night_override
        if str(t) in override:
            return override[str(t)]
        return t in self.sc.game.get("night", ())
