"""[7.1] Missile Combat: range [7.12], line of fire [7.13], once per Game-Turn [7.14], who may
fire at whom, and fire resolved as melee at a distance [7.17]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import hexes as hx
from ....core.engine import Action, Event
from ....core.errors import IllegalAction
from ..board import NOT_A_SHOT, refuse
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class MissileRules:
    """[7.1] missile combat."""

    # ===== missile combat [7.1] ===================================================================
    def missile_range(self: SpiGame, p: Piece) -> int:
        """[7.12] Archers and Bowmen: two hexes, counting the target's, not the firer's."""
        return 2

    def blocks_missiles(self: SpiGame, h: str) -> bool:
        """[7.13] Tower, Grove, Mountain hexes (and Siege Towers: Gondor)."""
        return bool(self.charts.terrain.get(self.hexmap.terrain(h), {}).get("blocks_missiles"))

    def line_clear(self: SpiGame, a: str, b: str) -> bool:
        """[7.13] a missile line is blocked only if both of its nudged hex lines are."""
        key = ("los", a, b)
        hit = self._cache.get(key)
        if hit is None:
            l1, l2 = hx.hex_lines(a, b)
            blocked1 = any(self.blocks_missiles(h) for h in l1[1:-1] if h in self.hexmap)
            blocked2 = any(self.blocks_missiles(h) for h in l2[1:-1] if h in self.hexmap)
            hit = not (blocked1 and blocked2)
            self._cache[key] = hit
        return hit

    def may_fire(self: SpiGame, p: Piece) -> bool:
        return self.why_not_fire_unit(p, False) is None

    def why_not_fire_unit(self: SpiGame, p: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``p`` may not fire now, whatever the target (None: it may): [7.16] only the
        phasing player's units, [7.11] only units with a missile strength, [7.14] once per
        Game-Turn, [7.57] not disrupted.  The one predicate for the legal actions and for the
        refusals (hook: Gondor's [16.12] catapults); listing (``explain`` False) builds no
        words (the bare ``NOT_A_SHOT``)."""
        if p.side != self.phasing:
            return refuse(explain, "[7.16]", lambda: f"{p.name} is not the phasing player's", NOT_A_SHOT)
        if p.missile is None or p.is_leader:
            return refuse(explain, "[7.11]", lambda: f"{self.label(p)} has no missile capability", NOT_A_SHOT)
        if p.fired:
            return refuse(explain, "[7.14]", lambda: f"{self.label(p)} has already fired this Game-Turn",
                          NOT_A_SHOT)
        if p.disrupted:
            return refuse(explain, "[7.57]", lambda: f"{self.label(p)} is disrupted and may not attack",
                          NOT_A_SHOT)
        if not p.on_map:
            return refuse(explain, "[7.11]", lambda: f"{self.label(p)} is not on the map: both units must be "
                          "on the map", NOT_A_SHOT)
        return None

    def why_not_fire_at(self: SpiGame, p: Piece, d: Piece) -> IllegalAction | None:
        """Why ``p``, free to fire, may not fire at ``d`` (None: it may): [7.25] never at
        leaders, [7.11] only at enemy units on the map, [7.12] within range, [7.13] along a
        clear line; the exclusive rules' ``why_not_attackable`` (Sauron's Magic Armor [17.32])."""
        if d.is_leader:
            return IllegalAction("[7.25]", "combat units may not attack leaders")
        if d.side == p.side:
            return IllegalAction("[7.11]", "missiles are fired only at enemy units")
        if not d.on_map or not p.on_map:
            return IllegalAction("[7.11]", "both units must be on the map")
        rng = self.missile_range(p)
        if hx.distance(p.hex, d.hex) > rng:
            return IllegalAction("[7.12]", f"{d.hex} is {hx.distance(p.hex, d.hex)} hexes away; "
                                 f"the range is {rng}")
        if not self.line_clear(p.hex, d.hex):
            return IllegalAction("[7.13]", f"the line from {p.hex} to {d.hex} is blocked")
        if not d.is_combat:
            return IllegalAction("[7.11]", f"{self.label(d)} may not be fired on")
        return self.why_not_attackable(d, p, False)

    def fire_targets(self: SpiGame, p: Piece) -> list[Piece]:
        """The units ``p`` may fire at: ``why_not_fire_at`` decides; enemy combat units on
        the map within range, which it requires anyway, are the only ones it is asked about
        (in range: in the set of hexes within ``missile_range``, the same as the distance)."""
        near = hx.within_set(p.hex, self.missile_range(p))
        return [q for q in self.on_map("sauron" if p.side == "westernesse" else "westernesse")
                if q.hex in near and q.is_combat and self.why_not_fire_at(p, q) is None]

    def do_fire(self: SpiGame, action: Action) -> list[Event]:
        p, d = self.units[action["unit"]], self.units[action["target"]]
        p.fired = True
        letter = self.attack_letter(p, melee=False, target=d)
        assert letter is not None
        fanatical = self.is_fanatical(p) and self.options.get("errata_7_37", True)
        return self.resolve_attack(p, d, letter, fanatical, "[7.17]", missile=True)

    def why_not_fire(self: SpiGame, action: Action) -> IllegalAction | None:
        pair = self._combat_step_check(action, "missile",
                                       "missile fire happens first in the phasing player's Combat Phase")
        if isinstance(pair, IllegalAction):
            return pair
        p, d = pair
        return (self.why_not_fire_unit(p) or self.why_not_fire_at(p, d)
                or IllegalAction("[7.11]", f"{self.label(d)} may not be fired on"))
