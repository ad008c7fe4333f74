"""[9.0] Demoralization: Demoralization Points for eliminated units [9.12] [9.13], the
levels [9.21], a demoralized army [9.3]; and eliminations, which count toward them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.engine import Event, event
from ..state import DEAD, Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class StandardDemoralizationRules:
    """[9.0] eliminations and demoralization."""

    # ===== eliminations and demoralization [9.0] ===========================================
    def demoralization_value(self: SpiGame, p: Piece) -> int:
        """[9.12] attack letters + armour + morale, at full strength ("only combat units")."""
        if not p.is_combat:
            return 0
        v = self.charts.values
        total = p.armour + v["morale"].get(p.morale, 0)
        for letter in (p.melee, p.missile):
            if letter:
                total += v["attack"][letter.upper()]
        return total

    def add_dp(self: SpiGame, side: str, points: int, rule: str, reason: str) -> list[Event]:
        if points == 0:
            return []
        self.dp[side] += points
        self.dp_log[side].append([points, rule, reason])
        events = [event("demoralization", rule, f"{side}: {points:+d} Demoralization Points ({reason}); "
                        f"total {self.dp[side]} of {self.dp_level(side)}", side_affected=side,
                        points=points, total=self.dp[side])]
        events.extend(self.check_demoralization(side))
        return events

    def army_of(self: SpiGame, p: Piece) -> str:
        """The army a piece belongs to for demoralization [9.0] (hook: Gondor's garrison and
        relief forces are separate armies of one side [19.12])."""
        return p.side

    def is_demoralized(self: SpiGame, p: Piece) -> bool:
        """[9.3] is ``p``'s army demoralized?"""
        return self.demoralized.get(self.army_of(p), False)

    def dp_level(self: SpiGame, side: str) -> int:
        return int(self.sc.demoralization[side])

    def check_demoralization(self: SpiGame, side: str) -> list[Event]:
        """[9.21] an army is demoralized once its total EXCEEDS its level; [9.3] for good."""
        if not self.demoralized[side] and self.dp[side] > self.dp_level(side):
            return self.demoralize(side, "[9.21]", f"{self.dp[side]} points exceed the level of {self.dp_level(side)}")
        return []

    def demoralize(self: SpiGame, side: str, rule: str, why: str) -> list[Event]:
        if self.demoralized[side]:
            return []
        self.demoralized[side] = True
        self._touch()
        return [event("demoralized", rule, f"the {side} army is demoralized: {why}", side_affected=side)]

    def eliminate(self: SpiGame, p: Piece, rule: str, cause: str, by: Piece | None = None) -> list[Event]:
        """Remove a piece from play, counting it toward demoralization [9.13]."""
        if p.where == DEAD:
            return []
        h = p.hex
        events: list[Event] = [event("eliminated", rule, f"{self.label(p)} eliminated ({cause})",
                                     unit=p.id, hex=h, cause=cause)]
        partner = self.units.get(p.partner) if p.partner else None
        if partner is not None:
            self.dissolve_formation(p)
        self.remove(p)
        p.where = DEAD
        p.disrupted = False
        if p.is_leader:
            events.extend(self.leader_killed(p, cause, by))
        else:
            events.extend(self.add_dp(self.army_of(p), self.demoralization_value(p), "[9.13]",
                                      f"{self.label(p)} eliminated"))
            events.extend(self.unit_killed(p, cause, h))
            if h is not None and not self.combat_at(h):
                events.extend(self.transfer_leaders(h, p.side, "[8.24]"))
        return events

    def leader_killed(self: SpiGame, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        """Hook: exclusive consequences of a leader's death ([20.2], [19.2] ...)."""
        return []

    def unit_killed(self: SpiGame, p: Piece, cause: str, hex_: str | None) -> list[Event]:
        """Hook: victory points and the like for an eliminated combat unit."""
        return []
