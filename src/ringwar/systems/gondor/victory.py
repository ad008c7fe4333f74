"""Gondor [20.0] Victory Conditions: how Sauron wins [20.1], controlling city levels [20.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Event, event
from ..spi.game import SAURON, WEST
from .board import GARRISON

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class VictoryRules:
    """[20.0] victory: city levels controlled, who wins."""

    def levels_controlled(self: GondorGame) -> list[int]:
        """[20.2] the city levels Sauron controls, lowest first: all the gates into the level
        from below are his, and no undisrupted Westernesse combat unit is inside it (their
        levels looked up once, and only when some level's gates are all his: after most
        moves, none is)."""
        control = self.siege.gate_control
        if SAURON not in control.values():
            return []
        gated = [k for k, gates in self.city["gates_into"].items()
                 if gates and all(control.get(key) == SAURON for key in gates)]
        if not gated:
            return []
        level = self.city["level"]
        held = {level.get(p.hex) for p in self.on_map(WEST) if p.is_combat and not p.disrupted}
        return [k for k in gated if k not in held]

    def controls_level(self: GondorGame, k: int) -> bool:
        """[20.2] whether Sauron controls city level ``k`` (``levels_controlled``)."""
        return k in self.levels_controlled()

    def update_levels(self: GondorGame) -> list[Event]:
        now = self.levels_controlled()
        before = self.siege.levels
        if now == before:
            return []
        self.siege.levels = now
        delta = len(now) - len(before)
        dem = self.sc.demoralization
        events = [event("levels", "[20.2]", f"Sauron controls city level(s): {', '.join(map(str, now)) or 'none'}")]
        events.extend(self.add_dp(GARRISON, delta * int(dem["level_controlled"]), "[19.11]",
                                  f"{abs(delta)} city level(s) {'taken' if delta > 0 else 'lost'} by Sauron"))
        events.extend(self.add_dp(SAURON, delta * int(dem["sauron_per_level"]), "[19.13]",
                                  f"{abs(delta)} city level(s) {'taken' if delta > 0 else 'lost'} by Sauron"))
        return events

    def decide_victory(self: GondorGame) -> dict[str, Any]:
        last = self.siege.last
        road = last.get("1918") == SAURON and last.get("2124") == SAURON
        a, b, c = self.demoralized[GARRISON], not self.demoralized[SAURON], road
        why = (f"garrison demoralized: {'yes' if a else 'no'}; Sauron undemoralized: {'yes' if b else 'no'}; "
               f"road (1918, 2124) Sauron's: {'yes' if c else 'no'}")
        if a and b and c:
            return {"winner": SAURON, "level": "victory", "rule": "[20.1]", "text": f"Sauron wins [20.1] ({why})"}
        return {"winner": WEST, "level": "victory", "rule": "[20.1]",
                "text": f"Westernesse wins [20.1]: Sauron did not achieve all three ({why})"}

    def victory_rule(self: GondorGame) -> str:
        return "[20.1]"
