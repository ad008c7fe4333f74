"""What each side sees of Sauron: the Beast's counter, the weapons and Pedestal carried, the
spells, the gate."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SauronGame


class Views:
    """Views."""

    def unit_view_extras(self: SauronGame, pieces: Sequence[Piece], views: list[dict[str, Any]]) -> None:
        """The Beast of Mordor's counter shows its facing and its powers [17.0]; a piece, the
        weapons [16.4] and the Pedestal [16.6] it carries."""
        carried = self.carried_by()
        beast = self.units.get("beast")
        if beast is not None and beast.flags.get("out"):
            beast = None                              # not conjured: not shown
        if not carried and beast is None:
            return
        for i, p in enumerate(pieces):
            if p is beast:
                views[i] = d = dict(views[i])
                d["facing"] = self.spell_state.beast.facing
                d["label"] = ("A" if self.beast_power("horn") else "") + f"-{p.armour_now()}-X"
            if p.id in carried:
                views[i] = d = dict(views[i])
                d["carries"] = carried[p.id]

    def carried_by(self: SauronGame) -> dict[str, list[str]]:
        """Piece id -> the weapons [16.4] and the Pedestal [16.6] it carries."""
        out: dict[str, list[str]] = {}
        for k, w in self.weapons.items():
            if w.carrier is not None and not w.destroyed:
                out.setdefault(w.carrier, []).append(self.sc.weapons[k].name)
        if self.pedestal.carrier is not None:
            out.setdefault(self.pedestal.carrier, []).append("Pedestal")
        return out

    def exclusive_view(self: SauronGame, side: str | None) -> dict[str, Any]:
        return {
            "pedestal": {"hex": self.pedestal_hex(), "carrier": self.pedestal.carrier},
            "weapons": {self.sc.weapons[k].name: w.to_json() for k, w in self.weapons.items()},
            "spells_cast": dict(self.spell_state.cast),
            "spells_active": {k: v for k, v in self.spell_state.active.items() if self.spell_active(k)},
            "beast": {"conjured": self.spell_state.beast.conjured,
                      "powers": {k: v for k, v in self.spell_state.beast.powers.items() if self.beast_power(k)},
                      "facing": self.spell_state.beast.facing},
            "gate": "closed" if self.gate_closed() else "open",
        }
