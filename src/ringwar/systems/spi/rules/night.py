"""[10.0] Night: the Night Game-Turns (their effects are asked where they apply: Sauron's
units fanatical [7.37], his leaders' ratings +3 in leader combat [7.22] and rallies [8.37])."""

from __future__ import annotations

from collections.abc import Hashable
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

    def night_key(self: SpiGame) -> Hashable:
        """Hook: all that ``is_night`` depends on besides the Game-Turn asked and the scenario
        (the night turns a view shows are kept under it, ``night_turns``): here a set-up's
        overrides.  An exclusive rule that makes night must add what it reads."""
        o = self.spell_state.night_override
        return tuple(o.items()) if o else ()

    def night_turns(self: SpiGame) -> list[int]:
        """[10.0] every Night Game-Turn of the game (views show them), kept per ``night_key``
        (``_night_turns``, shared by copies: asking every turn at every view was an eighth
        of a view's time)."""
        key = self.night_key()
        hit = self._night_turns.get(key)
        if hit is None:
            hit = self._night_turns[key] = tuple(t for t in range(1, self.last_turn + 1) if self.is_night(t))
        return list(hit)
