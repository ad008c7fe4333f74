"""Sauron [19.0] Magic Weapons: their users [19.0], their uses [19.1] (in individual combat
[19.11], for the units stacked with them [19.12], Narsil's exchange [19.14])."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ..spi.game import SAURON, WEST
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class WeaponRules:
    """[19.0] magic weapons."""

    def extra_movement_actions(self: SauronGame, side: str) -> list[Action]:
        if side == WEST and self._phase == "F":
            return self.exchange_actions()                          # [19.14]
        return []

    def carried_weapon(self: SauronGame, ld: Piece) -> str | None:
        """The magic weapon ``ld`` carries and may use ([19.0] only the named users)."""
        for k, w in self.weapons.items():
            if w.carrier == ld.id and not w.destroyed and ld.key in self.sc.weapons[k].users:
                return k
        return None

    def rating_modifiers(self: SauronGame, ld: Piece, combat: bool, foe: Piece | None = None) -> list[tuple[int, str]]:
        weapon = self.carried_weapon(ld) if combat else None
        if weapon is None:
            return []
        n = 1 if self.options["errata_19_11"] else 3                # [19.11]
        return [(n, f"[19.11] {ld.name} carries {self.sc.weapons[weapon].name}: +{n}")]

    def attack_modifiers(self: SauronGame, p: Piece, melee: bool, target: Piece | None) -> list[tuple[int, str]]:
        mods: list[tuple[int, str]] = []
        if p.side == WEST and p.hex:
            bearer = next((q for q in self.pieces_at(p.hex) if q.is_leader and self.carried_weapon(q)), None)
            if bearer is not None:                                  # [19.12]
                name = self.sc.weapons[self.carried_weapon(bearer) or ""].name
                mods.append((1, f"[19.12] stacked with {bearer.name} and {name}: +1 level"))
        if p.side == SAURON and melee and self.spell_active("wrath"):
            rw = self.units["ringwraith"]
            if rw.on_map and hx.distance(p.hex, rw.hex) <= self.sc.spells["wrath"].radius:  # type: ignore[operator]
                mods.append((1, "[16.2] Wrath of the Ringwraith: +1 level in melee"))     # [16.2]
        return mods

    def exchange_actions(self: SauronGame) -> list[Action]:
        """[19.14] Isildur and Elendil may pass Narsil when in the same hex."""
        narsil = self.weapons.get("narsil")
        if not narsil or narsil.destroyed:
            return []
        e, i = self.units["elendil"], self.units["isildur"]
        if not (e.on_map and i.on_map and e.hex == i.hex):
            return []
        holder = narsil.carrier
        if holder == e.id:
            if self.options["errata_19_14"] and not (e.reduced and not i.reduced):
                return []
            return [{"type": "exchange", "unit": e.id, "target": i.id}]
        if holder == i.id and not self.options["errata_19_14"]:
            return [{"type": "exchange", "unit": i.id, "target": e.id}]
        return []

    def do_exchange(self: SauronGame, action: Action) -> list[Event]:
        self.weapons["narsil"].carrier = action["target"]
        return [event("exchange", "[19.14]", f"{self.units[action['unit']].name} hands Narsil to "
                      f"{self.units[action['target']].name}")]
