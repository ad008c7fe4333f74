"""Sauron [16.6] the Pedestal: where it is, carried and captured [16.62] [16.63], and Sauron on it
ignoring retreats [16.64]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Event, event
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .state import Pedestal

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class PedestalRules:
    """[16.6] the Pedestal."""

    def pedestal_hex(self: SauronGame) -> str | None:
        c = self.pedestal.carrier
        if c is not None:
            p = self.units[c]
            return p.hex if p.on_map else None
        return self.pedestal.hex

    def after_move(self: SauronGame, p: Piece, frm: str | None, to: str) -> list[Event]:
        events: list[Event] = []
        if self.pedestal.carrier == p.id:
            self.pedestal.hex = to
            if self.is_movement_phase():
                self.spell_state.pedestal_moved = (self._turn, self._phase)   # [16.61]
        elif self.pedestal.carrier is None and self.pedestal.hex == to and not p.is_leader:
            events.extend(self.pick_up_pedestal(p))
        return events

    def pick_up_pedestal(self: SauronGame, p: Piece) -> list[Event]:
        """[16.63] captured by any type of unit; recaptured, it goes at once to an Orc Archer."""
        if p.side == WEST:
            self.pedestal = Pedestal(p.hex, p.id)
            return [event("pedestal", "[16.63]", f"{self.label(p)} captures the Pedestal in {p.hex}", unit=p.id)]
        archers = [q for q in self.on_map(SAURON) if "orc_archer" in q.tags]
        if "orc_archer" in p.tags or not archers:
            self.pedestal = Pedestal(p.hex, p.id)
        else:
            best = min(archers, key=lambda q: (hx.distance(p.hex, q.hex), q.hex))
            self.pedestal = Pedestal(best.hex, best.id)
        holder = self.units[self.pedestal.carrier]
        return [event("pedestal", "[16.63]", f"Sauron's forces recapture the Pedestal: carried by "
                      f"{self.label(holder)} in {holder.hex}", unit=holder.id)]

    def drop_pedestal(self: SauronGame, p: Piece, h: str | None) -> list[Event]:
        if self.pedestal.carrier != p.id:
            return []
        self.pedestal = Pedestal(h, None)
        return [event("pedestal", "[16.63]", f"the Pedestal is left in {h}", hex=h)]

    def before_leaving(self: SauronGame, p: Piece, frm: str, mode: str) -> None:
        if self.pedestal.carrier == p.id:
            self.pedestal = Pedestal(frm, None)                     # [16.63] never retreated
            self.log.append(event("pedestal", "[16.63]", f"the Pedestal is left in {frm}", hex=frm))

    def leader_stays(self: SauronGame, leader: Piece, unit: Piece) -> bool:
        return leader.id == "sauron" and self.pedestal_hex() == leader.hex and self.pedestal.carrier == unit.id

    def leader_result_hook(self: SauronGame, victim: Piece, res: str) -> list[Event] | None:
        if victim.id == "sauron" and self.pedestal_hex() == victim.hex and res == "r2":
            return [event("pedestal", "[16.64]", "Sauron is on the Pedestal: the retreat is ignored")]
        return None

    def leader_result_notes(self: SauronGame, ld: Piece) -> dict[str, str]:
        notes = super().leader_result_notes(ld)
        if ld.id == "sauron" and self.pedestal_hex() == ld.hex:
            notes["r2"] = "Sauron is on the Pedestal: the retreat is ignored [16.64]"
        return notes

    def retreat_blocked_hook(self: SauronGame, p: Piece, task: dict[str, Any]) -> bool:
        if p.id == "sauron" and self.pedestal_hex() == p.hex:
            task["hook_rule"] = "[16.64]"
            return True
        return False
