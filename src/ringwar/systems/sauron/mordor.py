"""Sauron [18.0] Mordor: the Gates of Morannon (1331), closed to the Westernesse while Sauron is
inside, and leaving the map into Mordor [18.0] [21.12]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.engine import Action, Event, event
from ..spi.game import SAURON, WEST
from ..spi.state import EXITED, OFFMAP, Piece
from .board import MORDOR

#: [18.0] the two ways across the gate's hexside, 1330 <-> Mordor (a set of pairs: a ZOC map
#: asks this for every hex beside every unit, so no set is built per question)
GATE_STEPS = frozenset({(MORDOR, "1330"), ("1330", MORDOR)})

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class MordorRules:
    """[18.0] Mordor and its gate."""

    def zoc_extends(self: SauronGame, frm: str, to: str) -> bool:
        """[18.0] the Gates of Morannon stand open while Sauron is outside Mordor: ZOCs pass
        through them then ([6.13] closes only unbreached, i.e. shut, gates)."""
        if (frm, to) in GATE_STEPS and not self.gate_closed():
            return not self.charts.terrain.get(self.hexmap.terrain(to), {}).get("blocks_zoc")
        return super().zoc_extends(frm, to)

    def zoc_context(self: SauronGame) -> Any:
        return self.gate_closed()

    def sauron_in_mordor(self: SauronGame) -> bool:
        s = self.units["sauron"]
        return s.where == OFFMAP and not s.flags.get("out") or (s.on_map and s.hex == MORDOR)

    def gate_closed(self: SauronGame) -> bool:
        """[18.0] closed to the Westernesse Player while Sauron is inside Mordor."""
        return self.sauron_in_mordor()

    def unit_movement_actions(self: SauronGame, p: Piece) -> list[Action]:
        """[18.0] a unit that can reach 1331 with a Movement Point to spare may leave the map
        into Mordor (the Westernesse only while the gate is open)."""
        if not p.on_map or p.is_leader or (p.side == WEST and self.gate_closed()):
            return []
        if p.hex == MORDOR:
            return [{"type": "exit", "unit": p.id}]
        reach = self.reach(p)
        if (MORDOR in reach and reach[MORDOR][0] + 1 <= self.movement_allowance(p)
                and not self.in_enemy_zoc(p, MORDOR) and not self.enemy_in(MORDOR, p.side)):
            return [{"type": "exit", "unit": p.id}]
        return []

    def do_exit(self: SauronGame, action: Action) -> list[Event]:
        """[18.0] leave the map through 1331 into Mordor; [21.12] -1 VP to Sauron for each
        Westernesse unit."""
        p = self.units[action["unit"]]
        movers = [p] + ([self.units[p.partner]] if p.partner and p.formation else [])
        events: list[Event] = []
        for q in movers:
            frm = q.hex
            self.dissolve_formation(q)
            self.remove(q)
            q.moved = True
            if self.pedestal.carrier == q.id:
                self.pedestal.hex = None
            if q.side == WEST:
                q.where = EXITED
                self.vp[SAURON] += int(self.sc.victory["exit_to_mordor"])
                events.append(event("exit", "[21.12]", f"{self.label(q)} exits from {frm} into Mordor: "
                                    f"Sauron loses 1 Victory Point", unit=q.id))
            else:
                q.where = OFFMAP
                q.arrival = self._turn + 1
                q.set_flag("entry", "mordor")
                events.append(event("exit", "[18.0]", f"{self.label(q)} withdraws from {frm} into Mordor",
                                    unit=q.id))
        return events
