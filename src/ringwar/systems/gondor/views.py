"""What each side sees of Gondor: the secret of the Cauldrons [16.71] (views, redacted actions,
the information-set re-deal), counters' labels [16.15], the siege state."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...core.engine import Action
from ..spi.game import WEST
from ..spi.state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class Views:
    """Views and the Cauldrons' secret [16.71]."""

    def redeal(self: GondorGame, side: str, rng: Any) -> None:
        """[16.71] Only the Westernesse player knows which Cauldrons (and so which Oil
        counters) are real: for any other side, deal them again from the public counts —
        three real and three dummies, the placed ones a draw from a shuffled deck of 3 + 3 —
        and the ``carry`` of every Oil counter in a Westernesse unit's hands (real with the
        probability that a Cauldron still holding oil is real)."""
        if side == "westernesse":
            return
        cauldrons = sorted((p for p in self.units.values() if "cauldron" in p.tags),
                           key=lambda p: p.id)
        placed = [p for p in cauldrons if "real" in p.flags]
        n = len(cauldrons)
        deck = [True] * (n // 2) + [False] * (n - n // 2)
        rng.shuffle(deck)
        for p, real in zip(placed, deck):
            p.set_flag("real", real)
        with_oil = [p for p in placed if p.flags.get("oil", 0) > 0]
        p_real = (sum(1 for p in with_oil if p.flags["real"]) / len(with_oil)) if with_oil else 0.5
        for p in sorted(self.units.values(), key=lambda q: q.id):
            if p.flags.get("carry"):
                p.set_flag("carry", "real" if rng.random() < p_real else "dummy")
        self._after_change()

    def redact_action(self: GondorGame, action: Action, side: str | None) -> Action:
        """[16.71] which Cauldrons are dummies is the Westernesse player's secret: the set-up
        action that says so shows the other side and observers only where it went."""
        out = dict(action)
        if side != WEST:
            out.pop("real", None)
        return out

    def counter_label(self: GondorGame, p: Piece) -> str:
        """[16.15] siege equipment has no combat values: a Cauldron shows its Oil [16.72], a
        Catapult its anti-personnel missile strength [16.25], Grond whether it is activated."""
        if not p.is_gear:
            return super().counter_label(p)
        if "cauldron" in p.tags:
            return f"{p.flags.get('oil', 0)} Oil"
        if "catapult" in p.tags:
            return p.missile_now() or ""
        if "grond" in p.tags:
            return "activated" if self.siege.grond else ""
        return ""

    def _fresh_unit_view(self: GondorGame, p: Piece, label: str) -> dict[str, Any]:
        """[16.15] siege equipment shows no combat values (a Catapult its missile strength
        [16.25]): removed once, from the view kept while the piece is unchanged."""
        d = super()._fresh_unit_view(p, label)
        if p.is_gear:
            for k in ("melee", "armour", "morale", "value"):
                d.pop(k, None)
            if "catapult" not in p.tags:
                d.pop("missile", None)
        return d

    def unit_view_extras(self: GondorGame, pieces: Sequence[Piece], views: list[dict[str, Any]]) -> None:
        """Siege equipment's own label (``counter_label`` [16.15]: a Cauldron its Oil [16.72],
        a Catapult its missile strength [16.25], Grond whether it is activated [17.13]),
        written at every view (Oil and Grond change where the kept view does not look); a
        unit shows the Oil it carries [16.73]."""
        for i, p in enumerate(pieces):
            if p.kind == "equipment":                          # (``is_gear``)
                views[i] = d = dict(views[i])
                d["label"] = self.counter_label(p)
                if "cauldron" in p.tags:
                    d["oil"] = p.flags.get("oil", 0)
            if p.flags.get("carry"):
                views[i] = d = dict(views[i])
                d["carries"] = ["Oil"]

    def _view(self: GondorGame, side: str | None) -> dict[str, Any]:
        v = super()._view(side)
        if side == WEST:
            # [16.71] the owner sees which Cauldrons and Oil are real: only equipment and the
            # units that carry Oil (``unit_view_extras`` marked them) have anything to show
            for u in v["units"]:
                if u["kind"] == "equipment" or "carries" in u:
                    p = self.units[u["id"]]
                    if "cauldron" in p.tags and "real" in p.flags:
                        u["real"] = p.flags["real"]
                    if p.flags.get("carry"):
                        u["oil"] = p.flags["carry"]
        return v

    def exclusive_view(self: GondorGame, side: str | None) -> dict[str, Any]:
        s = self.siege
        return {
            "breached": list(s.breached), "gate_control": dict(s.gate_control),
            "fires": dict(s.fires), "heads": dict(s.heads), "heads_thrown": s.heads_thrown,
            "ladders": [x.to_json() for x in s.ladders], "grond_active": s.grond,
            "levels_controlled": list(s.levels), "banner": self.banner_hex(),
            "road": {h: s.last.get(h) for h in ("1918", "2124")},
            "spells_active": {k: v for k, v in self.spell_state.active.items() if self.spell_active(k)},
            "rohan_arrived": s.rohan,
        }
