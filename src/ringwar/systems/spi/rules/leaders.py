"""[8.1] Leaders and stacking (with whom a leader may stack; a leader left alone is
transferred), and [8.2] leaders in combat (sharing their unit's ½E or E [8.24])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import hexes as hx
from ....core.engine import Event, event
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class LeaderRules:
    """[8.1]-[8.2] leaders."""

    # ===== leaders and stacking [8.1] =========================================================
    def leader_may_stack_with(self: SpiGame, leader: Piece, unit: Piece) -> bool:
        """[8.1] normal leaders stack with their own nationality, magic leaders with any."""
        return unit.side == leader.side and unit.is_combat and (
            leader.magic > 0 or unit.nation == leader.nation)

    def leader_legally_stacked(self: SpiGame, leader: Piece) -> bool:
        return any(self.leader_may_stack_with(leader, u) for u in self.combat_at(leader.hex))

    def nearest_friend(self: SpiGame, leader: Piece, start: str) -> str | None:
        """[8.24] the nearest friendly combat unit a leader may stack with (ties: lowest hex)."""
        best: tuple[int, str] | None = None
        for u in self.units.values():
            if u.on_map and u.hex and self.leader_may_stack_with(leader, u):
                d = hx.distance(start, u.hex)
                if best is None or (d, u.hex) < best:
                    best = (d, u.hex)
        return None if best is None else best[1]

    def transfer_leaders(self: SpiGame, h: str, side: str, rule: str) -> list[Event]:
        events: list[Event] = []
        for ld in [p for p in self.pieces_at(h) if p.is_leader and p.side == side]:
            if self.leader_legally_stacked(ld):
                continue
            dest = self.nearest_friend(ld, h)
            if dest is not None and dest != h:
                self.relocate(ld, dest)
                events.append(event("transfer", rule, f"{ld.name} transferred from {h} to the nearest "
                                    f"friendly unit at {dest}", unit=ld.id, frm=h, to=dest))
        return events

    def transfer_unstacked_leaders(self: SpiGame, side: str) -> list[Event]:
        """[8.1] leaders must be stacked with a combat unit when their Combat Phase begins;
        one left alone is transferred to the nearest friendly unit (as [8.24])."""
        events: list[Event] = []
        for ld in self.on_map(side):
            if ld.magic > 0 and self.options.get("errata_8_52", True):
                continue   # [8.52] magic leaders move only in magic phases: never carried off
            if ld.is_leader and not self.leader_legally_stacked(ld) and ld.hex:
                dest = self.nearest_friend(ld, ld.hex)
                if dest is not None:
                    frm = ld.hex
                    self.relocate(ld, dest)
                    events.append(event("transfer", "[8.1]", f"{ld.name} must be stacked with a combat unit: "
                                        f"moved from {frm} to {dest}", unit=ld.id, frm=frm, to=dest))
        return events

    # ===== leaders in combat [8.2] ============================================================
    def leader_risk(self: SpiGame, unit: Piece, result: str) -> list[Event]:
        """[8.24] leaders stacked with a unit that suffers ½E or E share it on a 5-6."""
        events: list[Event] = []
        for ld in [q for q in self.pieces_at(unit.hex) if q.is_leader and q.side == unit.side]:
            die = self.dice.d6()
            hit = die >= 5
            events.append(event("leader_risk", "[8.24]", f"{ld.name} stacked with {self.label(unit)} "
                                f"({'½E' if result == 'hE' else 'E'}): rolled {die}, "
                                + ("the leader shares the result" if hit else "unaffected"),
                                dice=[die], unit=ld.id, hit=hit))
            if hit:
                if result == "E" or ld.reduced:
                    events.extend(self.eliminate(ld, "[8.24]", "shared his unit's fate", None))
                else:
                    ld.reduced = True
                    events.append(event("reduced", "[8.24]", f"{ld.name} is wounded (reduced)", unit=ld.id))
        return events
