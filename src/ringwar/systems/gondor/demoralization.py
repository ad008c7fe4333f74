"""Gondor [19.0] Demoralization: three armies (the garrison, the relief forces, Sauron's host)
[19.12], fluctuating totals [19.14], and leader losses [19.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Event, event
from ..spi.game import SAURON
from ..spi.state import Piece
from .board import GARRISON

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class DemoralizationRules:
    """[19.0] demoralization: armies, levels, leader losses."""

    def dp_level(self: GondorGame, side: str) -> int:
        return self._levels[side]

    def army_of(self: GondorGame, p: Piece) -> str:
        if p.side == SAURON:
            return SAURON
        return p.flags.get("army", GARRISON)                      # [19.12] [19.2]

    def leader_killed(self: GondorGame, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        events: list[Event] = []
        b = self.siege.banner
        if b is not None and b.holder == p.id:
            self.siege.banner = None
            events.append(event("banner", "[18.14]", "the Banner of the King is lost with its leader"))
        lost = p.rally_now()
        events.extend(self.add_dp(self.army_of(p), lost, "[19.2]", f"{p.name} killed: {lost} rally points lost"))
        return events

    # [19.2] "any Leader Rally Points lost as a result of combat": a wound loses some of them
    def apply_leader_result(self: GondorGame, victim: Piece, res: str, winner: Piece) -> list[Event]:
        before = {victim.id: victim.rally_now()} if victim.is_leader and not victim.reduced else {}
        events = super().apply_leader_result(victim, res, winner)
        return events + self.leader_wounds(before)

    def leader_risk(self: GondorGame, unit: Piece, result: str) -> list[Event]:
        before = {q.id: q.rally_now() for q in self.pieces_at(unit.hex)
                  if q.is_leader and q.side == unit.side and not q.reduced}
        events = super().leader_risk(unit, result)
        return events + self.leader_wounds(before)

    def leader_wounds(self: GondorGame, before: dict[str, int]) -> list[Event]:
        events: list[Event] = []
        for lid, rating in before.items():
            ld = self.units[lid]
            if ld.reduced and ld.on_map and rating > ld.rally_now():
                lost = rating - ld.rally_now()
                events.extend(self.add_dp(self.army_of(ld), lost, "[19.2]",
                                          f"{ld.name} wounded: {lost} rally points lost"))
        return events

    def check_demoralization(self: GondorGame, side: str) -> list[Event]:
        """[19.14] totals fluctuate: an army may become demoralized and recover."""
        now = self.dp[side] > self.dp_level(side)
        if now == self.demoralized[side]:
            return []
        self.demoralized[side] = now
        self._touch()
        events = [event("demoralized" if now else "recovered", "[19.14]",
                        f"the {side} army is {'demoralized' if now else 'no longer demoralized'} "
                        f"({self.dp[side]} points, level {self.dp_level(side)})", side_affected=side)]
        if side == GARRISON and now and not self.siege.garrison_fell:
            self.siege.garrison_fell = True                        # [19.13] once, permanently
            events.extend(self.add_dp(SAURON, int(self.sc.demoralization["garrison_demoralized"]), "[19.13]",
                                      "the garrison is demoralized"))
        return events
