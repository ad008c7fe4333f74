"""Gondor [16.1] Siege Equipment moved by combat units [16.11]-[16.13], [16.4] Scaling Walls
(Siege Towers ready [16.41], Ladders [16.43], equipment lost [16.47]) and [16.7] Boiling
Oil (taking Oil [16.72], pouring it [16.74])."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .state import Ladder

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class EquipmentRules:
    """[16.1] siege equipment, [16.4] scaling walls, [16.7] boiling oil."""

    def ladder_ready(self: GondorGame, a: str, b: str) -> bool:
        key = hx.hexside(a, b)
        return any(ld.hex == a and ld.hexside == key and ld.turn < self._turn for ld in self.siege.ladders)

    def tower_ready(self: GondorGame, a: str, b: str) -> bool:
        for tid, r in self.siege.ready.items():
            t = self.units[tid]
            if t.on_map and t.hex == a == r.hex:
                return True
        return False

    def why_not_mover_hook(self: GondorGame, p: Piece) -> IllegalAction | None:
        if p.is_gear:
            return IllegalAction("[16.11]", f"siege equipment moves only when a combat unit stacked with it "
                                 f"moves it: select that unit ({p.name} is in {p.hex})")
        if self.frozen(p):
            return IllegalAction("[17.12]", f"{p.name} is frozen by the Lord of the Nazgul and may not move")
        return None

    def equipment_lost(self: GondorGame, d: Piece, result: str, by: Piece | None, missile: bool) -> list[Event]:
        """[16.47] an adverse melee result destroys the Siege Tower or Ladder in the hex."""
        if by is None or by.side == d.side or by.missile_only or missile:
            return []                                              # [16.47] melee only
        events: list[Event] = []
        for q in list(self.pieces_at(d.hex)):
            if "siege_tower" in q.tags:
                self.remove(q)
                q.where = "dead"
                events.append(event("destroyed", "[16.47]", f"the Siege Tower in {d.hex} is destroyed"))
        before = len(self.siege.ladders)
        self.siege.ladders = [x for x in self.siege.ladders if x.hex != d.hex]
        if len(self.siege.ladders) != before:
            events.append(event("destroyed", "[16.47]", f"the Ladder in {d.hex} is destroyed"))
            self._features_changed()
        return events

    def unit_movement_actions(self: GondorGame, p: Piece) -> list[Action]:
        acts: list[Action] = []
        if not p.is_combat:
            return acts
        if p.on_map:
            gear = list(self.pieces_at(p.hex))
        elif self.available_reinforcement(p):
            # [14.0] [14.1] [16.11] [16.13] equipment arriving as a reinforcement cannot move by
            # itself: a combat unit arriving by the same entry pushes (or carries) it onto the map
            gear = [g for g in self.units.values() if g.is_gear and self.available_reinforcement(g)
                    and g.flags.get("entry") == p.flags.get("entry")]
        else:
            return acts
        for g in gear:
            if g.is_gear and g.side == p.side and "cauldron" not in g.tags and g.flags.get("siege_used") != self._turn:
                if "grond" in g.tags and "carries_grond" not in p.tags:
                    continue                                       # [16.13] Trolls or Uruk-Hai
                for h in sorted(self.push_destinations(p, g)):
                    acts.append({"type": "push", "unit": p.id, "gear": g.id, "to": h})
        return acts

    def ladder_actions(self: GondorGame) -> list[Action]:
        """[16.43] "a combat unit moves adjacent to the designated Wall hexside and places a
        Ladder": in the Sauron Movement Phase, by a unit beside a wall from below, whether it
        moved there this phase or stood there; placing ends its movement."""
        acts: list[Action] = []
        if int(self.sc.siege["ladders"]) - self.siege.ladders_used <= 0:
            return acts
        laddered = {x.hex for x in self.siege.ladders}
        climbs = self.city["climbs"]
        for p in self.units_of(SAURON):
            below = climbs.get(p.hex)                              # walls it may climb from here
            if not below or not p.on_map:
                continue
            if not p.is_combat or p.disrupted or p.kind == "cavalry" or "mumak" in p.tags or p.hex in laddered:
                continue                                           # [16.48]
            for _n, key in below:                                  # a wall from below
                if key not in self.siege.breached:
                    acts.append({"type": "ladder", "unit": p.id, "hexside": key})
        return acts

    def push_destinations(self: GondorGame, p: Piece, g: Piece) -> dict[str, Any]:
        p.set_flag("pushing", "siege_tower" if "siege_tower" in g.tags else "gear")
        try:
            reach = self._reachable(p)
        finally:
            p.drop_flag("pushing")
        stackers, sides = self.occupancy()
        enemy = sides.get(SAURON if p.side == WEST else WEST, ())
        return {h: v for h, v in reach.items() if h != p.hex and h not in enemy and h not in stackers}

    def do_push(self: GondorGame, action: Action) -> list[Event]:
        p, g = self.units[action["unit"]], self.units[action["gear"]]
        frm = p.hex
        if frm is None:                                            # [14.0] entering the map
            _cost, entry, _prev = self.push_destinations(p, g)[action["to"]]
            if entry is not None:
                self.entry_count[entry] = self.entry_count.get(entry, 0) + 1
            p.entered_turn = g.entered_turn = self._turn
        self.relocate(p, action["to"])
        self.relocate(g, action["to"])
        p.moved = True
        self.siege.ready.pop(g.id, None)                           # [16.41] must start beside the wall
        self._features_changed()
        where = f"{frm} -> {action['to']}" if frm is not None else f"onto the map [14.0] to {action['to']}"
        events = [event("move", "[16.11]", f"{self.label(p)} moves {g.name} {where}",
                        unit=p.id, gear=g.id, frm=frm, to=action["to"])]
        events.extend(self.after_move(p, frm, action["to"]))
        return events

    def do_ladder(self: GondorGame, action: Action) -> list[Event]:
        p = self.units[action["unit"]]
        self.siege.ladders.append(Ladder(p.hex, action["hexside"], self._turn))
        self.siege.ladders_used += 1
        p.moved = True
        self._features_changed()
        return [event("ladder", "[16.43]", f"{self.label(p)} sets a Ladder against {action['hexside']} "
                      "(usable next Game-Turn)", unit=p.id, hexside=action["hexside"])]

    def extra_movement_actions(self: GondorGame, side: str) -> list[Action]:
        acts: list[Action] = []
        if side == SAURON and self._phase == "C":
            acts.extend(self.ladder_actions())
        if side == WEST and self._phase == "F":
            acts.extend(self.banner_moves())
            acts.extend(self.arrival_formations())
            # [16.72] only where a Cauldron with Oil left stands
            oil_at = {c.hex for c in self.on_map() if "cauldron" in c.tags and c.flags.get("oil", 0) > 0}
            for p in self.units_of(WEST) if oil_at else ():
                if p.hex not in oil_at or not p.on_map or not p.is_combat or p.flags.get("carry"):
                    continue
                for c in self.pieces_at(p.hex):
                    if "cauldron" in c.tags and c.flags.get("oil", 0) > 0:
                        acts.append({"type": "take_oil", "unit": p.id, "cauldron": c.id})   # [16.72]
        return acts

    def do_take_oil(self: GondorGame, action: Action) -> list[Event]:
        p, c = self.units[action["unit"]], self.units[action["cauldron"]]
        c.set_flag("oil", c.flags["oil"] - 1)
        p.set_flag("carry", "real" if c.flags.get("real") else "dummy")
        return [event("oil", "[16.72]", f"{self.label(p)} picks up an Oil counter in {p.hex}", unit=p.id)]

    # ----- [16.74] pouring oil in the Sauron Movement Phase --------------------------------------------
    def oil_targets(self: GondorGame, carrier: Piece) -> list[Piece]:
        out = []
        for n in self.hexmap.adjacent(carrier.hex):
            if self.level(carrier.hex) <= self.level(n):
                continue
            for q in self.pieces_at(n):
                if q.side == SAURON and (q.is_combat or "siege_tower" in q.tags):
                    out.append(q)
        return sorted(out, key=lambda q: q.id)

    def offer_oil(self: GondorGame) -> None:
        """After each Sauron move, the Westernesse player may pour oil from any unit that
        carries some (dummy or not: the question itself must not tell)."""
        for c in self.units_of(WEST):
            if not c.flags.get("carry") or not c.on_map:
                continue
            targets = [t.id for t in self.oil_targets(c)]
            fresh = [t for t in targets if (c.id, t) not in self.siege.oil_asked]
            if fresh:
                for t in fresh:
                    self.siege.oil_asked.append((c.id, t))
                self.ask({"kind": "oil", "side": WEST, "unit": c.id, "targets": targets, "rule": "[16.74]",
                          "auto": False, "prompt": f"{self.label(c)} may pour boiling oil"})

    def decide_oil(self: GondorGame, d: dict[str, Any]) -> list[Action]:
        c = self.units[d["unit"]]
        acts: list[Action] = [{"type": "hold", "unit": c.id}]
        if c.flags.get("carry") == "real":
            acts.extend({"type": "pour", "unit": c.id, "target": t} for t in d["targets"]
                        if self.units[t].on_map)
        return acts

    def decision_kinds_text(self: GondorGame, d: dict[str, Any], answers: list[Action]) -> str:
        if d["kind"] == "oil":
            return "hold, or pour real Oil"        # [16.71] the same whether the Oil is real or not
        return super().decision_kinds_text(d, answers)

    def _diagnose_decision(self: GondorGame, d: dict[str, Any], action: Action) -> IllegalAction:
        if d["kind"] == "oil" and action.get("type") == "pour" and action.get("unit") == d["unit"]:
            c = self.units[d["unit"]]
            return IllegalAction("[16.74]", f"{self.label(c)} cannot pour on {action.get('target')!r}: boiling "
                                 "oil is poured from a real Oil counter onto a Sauron unit or Siege Tower adjacent "
                                 "to and below its carrier; otherwise hold")
        return super()._diagnose_decision(d, action)

    def answer_oil(self: GondorGame, d: dict[str, Any], action: Action) -> list[Event]:
        c = self.units[d["unit"]]
        if action["type"] == "hold":
            return [event("hold", "[16.74]", f"{self.label(c)} holds its oil", unit=c.id, visible_to=WEST)]
        t = self.units[action["target"]]
        c.drop_flag("carry")
        events = [event("pour", "[16.74]", f"{self.label(c)} pours boiling oil on {self.label(t)} in {t.hex}",
                        unit=c.id, target=t.id, reveal=True)]
        if t.is_gear:
            self.remove(t)
            t.where = "dead"
            return events
        for q in list(self.pieces_at(t.hex)):
            if "siege_tower" in q.tags:
                self.remove(q)
                q.where = "dead"
        return events + self.eliminate(t, "[16.74]", "boiling oil", c)
