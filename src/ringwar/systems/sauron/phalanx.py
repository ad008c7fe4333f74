"""Sauron [15.3] Slave Phalanxes: forming them [15.31]-[15.34], their allowance, armour and
morale [15.33], and a half-elimination [15.35]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.engine import Action
from ..spi.game import SAURON
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class PhalanxRules:
    """[15.3] Slave Phalanxes."""

    def formation_actions(self: SauronGame, side: str) -> list[Action]:
        if side != SAURON:
            return super().formation_actions(side)
        acts: list[Action] = []
        slaves = [p for p in self.on_map(SAURON) if "slave" in p.tags and not p.moved and not p.disrupted
                  and not p.formation and not p.reduced]           # [15.34] full strength only
        # each slave's neighbours among them, in the slaves' order
        by_hex: dict[str | None, list[tuple[int, Piece]]] = {}
        for i, b in enumerate(slaves):
            by_hex.setdefault(b.hex, []).append((i, b))
        for a in slaves:
            if self.in_enemy_zoc(a):
                continue
            near = sorted((x for n in self.hexmap.adjacent(a.hex) for x in by_hex.get(n, ())),
                          key=lambda x: x[0])
            for _i, b in near:
                c = self.terrain_cost(a, a.hex, b.hex)
                if c is not None and c <= a.ma:
                    acts.append({"type": "form", "unit": a.id, "with": b.id, "hex": b.hex})
        return acts

    def formation_kind(self: SauronGame, a: Piece, b: Piece) -> str:
        return "phalanx" if "slave" in a.tags else super().formation_kind(a, b)

    def formation_rule(self: SauronGame, kind: str) -> str:
        return "[15.32]" if kind == "phalanx" else super().formation_rule(kind)

    def movement_allowance(self: SauronGame, p: Piece) -> float:
        if p.formation == "phalanx":
            return 2                                                # [15.33]
        if p.id == "beast":
            if self.beast_power("flight"):
                return self.sc.beast.powers["flight"].hexes  # type: ignore[return-value]  # [17.21] (data: required)
            return p.ma // 2 if p.reduced else p.ma                 # [17.1] [17.33]
        return super().movement_allowance(p)

    def base_armour(self: SauronGame, d: Piece) -> int:
        return 3 if d.formation == "phalanx" else d.armour_now()   # [15.33]

    def base_armour_why(self: SauronGame, d: Piece) -> str | None:
        return "[15.33] a Slave Phalanx has armour 3" if d.formation == "phalanx" else None

    def formation_case(self: SauronGame, d: Piece) -> str:
        return "[15.35]" if d.formation == "phalanx" else super().formation_case(d)

    def half_loss_retreat(self: SauronGame, d: Piece) -> int:
        """[15.35] one Slave unit is eliminated, the other retreats two hexes."""
        return 2 if d.formation == "phalanx" else super().half_loss_retreat(d)
