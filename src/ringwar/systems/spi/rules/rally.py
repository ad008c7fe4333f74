"""[8.3] Rallying in the Joint Rally Phase."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import hexes as hx
from ....core.engine import Action, Event, event
from ....core.errors import IllegalAction
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame

MAX_RALLIES = 3  # [8.32]


class RallyRules:
    def rally_rating(self: SpiGame, ld: Piece) -> int:
        """[8.37] the rating used on the Rally Table; [10.0] Sauron's leaders +3 at night."""
        return self.leader_rating_why(ld, combat=False)[0]

    def rally_range(self: SpiGame, rating: int) -> list[tuple[int, int]]:
        top = 10 if self.options.get("errata_8_37", True) else 8
        rating = min(rating, top)          # [reconstructed] ratings above the table use its top row
        if rating < 1:
            return []
        return self.charts.rally_ranges(rating)

    def rally_blocked(self: SpiGame, ld: Piece, u: Piece) -> bool:
        """[8.31] not across unbreached walls or like impassable hexsides."""
        if ld.hex == u.hex:
            return False
        side = self.hexmap.side(ld.hex, u.hex)
        if side is None:
            return False
        spec = self.charts.hexsides.get(side["kind"], {})
        if not (spec.get("impassable") or spec.get("blocks_rally")):
            return False
        # [8.31] only UNbreached walls block (records before the fix: a breach did not count)
        return not (self.options["rally_breach_8_31"] and self.breached(ld.hex, u.hex))

    def breached(self: SpiGame, a: str, b: str) -> bool:
        """Hook: has the hexside between ``a`` and ``b`` been breached ([16.3] Gondor)?"""
        return False

    def may_rally(self: SpiGame, ld: Piece, u: Piece) -> IllegalAction | None:
        """Why ``ld`` may not attempt to rally ``u`` now (None: he may)."""
        if self.is_demoralized(u):
            return IllegalAction("[9.31]", "units of a demoralized army may not be rallied")
        if not ld.is_leader or not ld.on_map:
            return IllegalAction("[8.3]", f"{ld.name} is not a leader on the map")
        if u.is_leader or not u.on_map or not u.disrupted:
            return IllegalAction("[8.3]", f"{self.label(u)} is not a disrupted combat unit on the map")
        if u.side != ld.side:
            return IllegalAction("[8.31]", "leaders rally only their own side's units")
        if ld.rallies_made >= MAX_RALLIES:
            return IllegalAction("[8.32]", f"{ld.name} has already attempted three rallies this Game-Turn")
        if u.rally_tried:
            return IllegalAction("[8.36]", f"{self.label(u)} has already had a rally attempt this Game-Turn")
        if not ld.rallies_any and u.nation != ld.nation:
            return IllegalAction("[8.31]", f"{ld.name} ({ld.nation}) may not rally a unit of {u.nation}")
        if ld.hex != u.hex and hx.distance(ld.hex, u.hex) != 1:
            return IllegalAction("[8.31]", f"{ld.name} must be with or adjacent to {self.label(u)}")
        if self.rally_blocked(ld, u):
            return IllegalAction("[8.31]", "a wall or impassable hexside separates them")
        if not self.rally_range(self.rally_rating(ld)):
            return IllegalAction("[8.37]", f"{ld.name}'s rating is too low to rally")
        return self.may_rally_hook(ld, u)

    def may_rally_hook(self: SpiGame, ld: Piece, u: Piece) -> IllegalAction | None:
        return None

    def rally_actions(self: SpiGame, side: str) -> list[Action]:
        acts: list[Action] = []
        if side:
            # [9.31] units of a demoralized army may not be rallied
            disrupted = [u for u in self.on_map(side) if u.disrupted and not u.rally_tried
                         and not self.is_demoralized(u)]
            if disrupted:
                for ld in sorted(self.on_map(side), key=lambda q: q.id):
                    if not ld.is_leader or ld.rallies_made >= MAX_RALLIES:
                        continue
                    for u in sorted(disrupted, key=lambda q: q.id):
                        if self.may_rally(ld, u) is None:
                            acts.append({"type": "rally", "unit": ld.id, "target": u.id})
        acts.append({"type": "end"})
        return acts

    def do_rally(self: SpiGame, action: Action) -> list[Event]:
        """[8.34] 2d6 against the leader's row of the Rally Table."""
        ld, u = self.units[action["unit"]], self.units[action["target"]]
        ld.rallies_made += 1
        u.rally_tried = True
        rating = self.rally_rating(ld)
        ranges = self.rally_range(rating)
        dice = self.dice.roll(2)
        total = sum(dice)
        ok = any(lo <= total <= hi for lo, hi in ranges)
        need = ", ".join(f"{lo}-{hi}" if lo != hi else f"{lo}" for lo, hi in ranges)
        if ok:
            u.disrupted = False
            u.drop_flag("visions")
        return [event("rally", "[8.37]", f"{ld.name} (rating {rating}) rallies {self.label(u)}: needs {need}, "
                      f"rolled {total} ({dice[0]}+{dice[1]}): " + ("rallied" if ok else "fails"),
                      dice=dice, table="8.37", cell=str(min(rating, 10)), unit=ld.id, target=u.id, success=ok)]

    def why_not_rally(self: SpiGame, action: Action) -> IllegalAction | None:
        pair = self.units_for(action)
        if isinstance(pair, IllegalAction):
            return pair
        ld, u = pair
        if self._phase != "H":
            return IllegalAction("[8.3]", "rallying happens in the Joint Rally Phase")
        if ld.side != self.step_side:
            return IllegalAction("[8.3]", f"it is {self.step_side}'s turn to rally")
        return self.may_rally(ld, u)
