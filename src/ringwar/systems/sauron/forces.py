"""Sauron [15.0] Special Unit Capabilities: Elves [15.1] (terrain, leaving ZOCs, range), Dwarves
[15.2] (Troll and Goblin ZOCs, the Orcs they must close with and attack [15.22]) and Orcs
[15.4] (fanatical and steadier at night); with the movement costs and ZOC classes they make."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.errors import IllegalAction
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .board import MORDOR

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class ForcesRules:
    """[15.1] Elves, [15.2] Dwarves, [15.4] Orcs."""

    def is_elf(self: SauronGame, p: Piece) -> bool:
        return "elf" in p.tags

    def terrain_cost(self: SauronGame, p: Piece, a: str | None, b: str) -> float | None:
        if p.id == "beast" and self.beast_power("flight"):
            return 1.0                                              # [17.21] regardless of terrain
        if b == MORDOR and p.side == WEST and self.gate_closed():
            return None                                             # [18.0]
        terrain = self.hexmap.terrain(b)
        if self.is_elf(p) and not p.formation:
            if self.charts.terrain.get(terrain, {}).get("cost") is None:
                return None                                         # [15.11] not impassable hexes
            if a is not None and self.hexmap.road(a, b):
                return 0.5
            return 1.0                                              # [15.11]
        if terrain == "rough" and not self.options["errata_4_3"]:
            spec = self.charts.terrain["clear"]
            if a is not None and self.hexmap.road(a, b):
                return 0.5
            extra = 0.0 if a is None else self.hexside_cost(p, a, b)
            return None if extra is None else float(spec["cost"]) + extra
        return super().terrain_cost(p, a, b)

    def terrain_armour_applies(self: SauronGame, d: Piece) -> bool:
        return self.options["errata_4_3"] or self.hexmap.terrain(d.hex or "") != "rough"

    def may_leave_zoc(self: SauronGame, p: Piece) -> bool:
        return self.is_elf(p) and not p.formation                  # [15.12]

    def stops_in_zoc(self: SauronGame, p: Piece) -> bool:
        return not self.may_leave_zoc(p)                            # [15.12] (docs/rulings.md)

    def leave_zoc_cost(self: SauronGame, p: Piece) -> float:
        return 1.0 if self.may_leave_zoc(p) else 0.0               # [15.12]

    def missile_range(self: SauronGame, p: Piece) -> int:
        return 3 if self.is_elf(p) else 2                           # [15.13]

    def zoc_affects(self: SauronGame, mover: Piece, exerter: Piece) -> bool:
        if mover.id == "beast":
            return False                                            # [17.1]
        if self.dwarf_ignores_zoc(mover, exerter):
            return False                                            # [15.21] movement only
        return super().zoc_affects(mover, exerter)

    @staticmethod
    def dwarf_ignores_zoc(mover: Piece, exerter: Piece) -> bool:
        """[15.21] Dwarves ignore the ZOCs of Trolls and Goblins (for movement only)."""
        return "dwarf" in mover.tags and ("troll" in exerter.tags or "goblin" in exerter.tags)

    def zoc_binds_in_combat(self: SauronGame, p: Piece, exerter: Piece) -> bool:
        """[7.31] in combat the Troll's or Goblin's ZOC binds the Dwarf after all [15.21] (not
        in records made before the option)."""
        if self.options["dwarf_zoc_combat_15_21"] and self.dwarf_ignores_zoc(p, exerter):
            return super().zoc_affects(p, exerter)
        return super().zoc_binds_in_combat(p, exerter)

    def zoc_blocks_retreat(self: SauronGame, p: Piece, h: str) -> bool:
        if p.id == "beast":
            return False
        enemies = self.zoc_map(SAURON if p.side == WEST else WEST).get(h, ())
        return any(not p.is_leader for _ in enemies)               # [6.2]: Dwarves' [15.21] is movement only

    def filter_destinations(self: SauronGame, p: Piece, dests: dict[str, Any]) -> dict[str, Any]:
        if p.id == "beast" and self.beast_power("flight"):
            # [17.21] it flies over anything, but lands only where it may stand
            return {h: v for h, v in dests.items()
                    if self.charts.terrain.get(self.hexmap.terrain(h), {}).get("cost") is not None}
        return self.dwarf_filter(p, dests)

    def is_orc(self: SauronGame, p: Piece) -> bool:
        return "orc" in p.tags

    def fanatical_why(self: SauronGame, p: Piece) -> str | None:
        if p.side == SAURON:                                        # [15.4] only Orcs
            return "[15.4] Orcs are fanatical at night" if self.is_orc(p) and self.is_night() else None
        return super().fanatical_why(p)

    def defence_morale_why(self: SauronGame, d: Piece) -> tuple[str, list[str]]:
        if d.formation == "phalanx":
            return "Y", ["[15.33] a Slave Phalanx defends with morale Y"]
        m, why = super().defence_morale_why(d)
        if self.is_orc(d) and self.is_night():
            from ..spi.data import shift_morale
            m = shift_morale(m, 1)                                  # [15.4]
            why.append("[15.4] Orcs at night: morale one level better")
        return m, why

    def begin_phase_hook(self: SauronGame) -> None:
        if self._phase == "F":
            # [15.22] Dwarves within two hexes of an Orc when the phase begins
            for p in self.on_map(WEST):
                p.drop_flag("must_attack")
                if "dwarf" in p.tags and not p.disrupted:
                    orcs = tuple(sorted(q.id for q in self.on_map(SAURON) if self.is_orc(q)
                                        and hx.distance(p.hex, q.hex) <= 2))
                    if orcs:
                        p.set_flag("must_attack", orcs)
        if self._phase in ("A", "E"):
            sauron = self.units["sauron"]
            self.spell_state.on_pedestal = bool(
                sauron.on_map and self.pedestal_hex() == sauron.hex)   # [16.61]
        if self._phase == "H":
            for p in self.on_map(WEST):
                p.drop_flag("must_attack")

    def dwarf_targets(self: SauronGame, p: Piece) -> list[Piece]:
        return [self.units[o] for o in p.flags.get("must_attack", ()) if self.units[o].on_map]

    def dwarf_filter(self: SauronGame, p: Piece, dests: dict[str, Any]) -> dict[str, Any]:
        """[15.22] a Dwarf near an Orc must move adjacent to it if it can."""
        orcs = self.dwarf_targets(p) if p.on_map else []
        if not orcs or any(hx.distance(p.hex, o.hex) == 1 for o in orcs):
            return dests
        near = {h: v for h, v in dests.items() if any(hx.distance(h, o.hex) == 1 for o in orcs)}
        return near or dests

    def dwarf_must_close(self: SauronGame, p: Piece) -> bool:
        """[15.22] ``p`` is a Dwarf that must still move adjacent to an Orc (and can)."""
        if self._phase != "F" or not p.on_map:
            return False
        orcs = self.dwarf_targets(p)
        if not orcs or any(hx.distance(p.hex, o.hex) == 1 for o in orcs):
            return False
        return any(any(hx.distance(h, o.hex) == 1 for o in orcs) for h in self.destinations(p))

    def why_not_stay(self: SauronGame, p: Piece) -> IllegalAction | None:
        if self.dwarf_must_close(p):                                # [15.22] no staying put
            orc = self.dwarf_targets(p)[0]
            return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                 f"{orc.name} [{orc.id}] and must move adjacent to it")
        return super().why_not_stay(p)

    def why_not_move_hook(self: SauronGame, p: Piece, to: str) -> IllegalAction | None:
        if to == MORDOR and p.side == WEST and self.gate_closed():
            return IllegalAction("[18.0]", "the Gates of Morannon are closed to the Westernesse while Sauron "
                                 "is in Mordor")
        zone = self.pass_zone(p)
        if zone is not None and to not in zone:
            return IllegalAction("[14.1]" if p.side == SAURON else "[14.2]",
                                 f"in its first Movement Phase on the map {self.label(p)} stays within two "
                                 f"hexes of the Road of the Orcs ({to} is not)")
        if self.dwarf_must_close(p):
            orcs = self.dwarf_targets(p)
            if not any(hx.distance(to, o.hex) == 1 for o in orcs):
                return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                     f"{', '.join(f'{o.name} [{o.id}]' for o in orcs)} and must move adjacent "
                                     f"to it ({to} is not)")
        return None

    def why_not_end_movement(self: SauronGame) -> IllegalAction | None:
        if self._phase != "F":
            return None
        for p in self.on_map(WEST):
            # a Dwarf with an Orc to close with that may still move (``movers``): the refusal
            # of its ``stay``
            if p.flags.get("must_attack") and self._mover_refusal(p, WEST, False, False) is None:
                err = self.why_not_stay(p)
                if err is not None:
                    return err
        return None

    def orcs_to_attack(self: SauronGame, p: Piece) -> set[str]:
        """[15.22] the Orcs a Dwarf began the phase near and must attack (none for others)."""
        return {o.id for o in self.dwarf_targets(p)} if "dwarf" in p.tags else set()

    def forced_targets(self: SauronGame, p: Piece, legal: list[Piece]) -> list[Piece]:
        orcs = self.orcs_to_attack(p)
        must = [q for q in legal if q.id in orcs]
        if must:
            return must                                            # [15.22] attack that Orc
        return super().forced_targets(p, legal)

    def obligation(self: SauronGame, p: Piece, targets: list[Piece] | None = None) -> IllegalAction:
        orcs = self.orcs_to_attack(p)
        if orcs and p.on_map:
            forced = targets if targets is not None else self.melee_targets(p)
            if forced and all(q.id in orcs for q in forced):           # [15.22], not [7.31]
                which = ", ".join(f"{q.name} [{q.id}]" for q in targets) if targets else "an Orc"
                return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                     f"{which} and must attack it")
        return super().obligation(p, targets)

    def cost_class(self: SauronGame, p: Piece) -> tuple[Any, ...]:
        return (p.kind, p.formation, p.side, self.is_elf(p),
                p.id == "beast" and self.beast_power("flight"), p.side == WEST and self.gate_closed())

    def zoc_class(self: SauronGame, p: Piece) -> Any:
        if p.id == "beast":
            return "beast"
        if "dwarf" in p.tags:
            return "dwarf"
        return super().zoc_class(p)
