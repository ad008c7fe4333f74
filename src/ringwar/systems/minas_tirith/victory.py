"""Set-up [MT §9.1], arrivals [MT §5.4], control, demoralization and victory [MT §9.3]
[MT §9.4], and what each side sees [MT §5] (the deck order is secret to both).
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point

from ...core.engine import Event, event
from .geometry import rect
from .units import Unit, q, qa

NAME = {"west": "the West", "dark-lord": "the Dark Lord"}
ZONE = {"garrison": "gondor", "mordor": "mordor", "harad": "harad", "rohan": "rohan",
        "provincials": "aragorn"}


class VictoryRules:
    """[MT §9]: mixed into :class:`MinasTirithGame`."""

    # ----- set-up [MT §9.1] --------------------------------------------------------------------
    def deployment_problem(self: Any, side: str) -> str | None:
        """Why ``side``'s set-up breaks [MT §3.8] [MT §9.1], or None."""
        for u in sorted(self.units.values(), key=lambda u: u.id):
            if u.side != side or not u.placed:
                continue
            fp = self.footprint(u)
            zone = ZONE[u.contingent]
            if u.engine == "E-D10":
                zone = "grond"
            if not self.B.in_zone(zone, fp) and not (zone == "grond" and self.B.in_zone("mordor", fp)):
                return f"{self.name_of(u.id)} must set up in the {zone} zone [MT §3.8]"
            hit = self.B.obstacle(fp)
            if hit is not None:
                return f"{self.name_of(u.id)} stands on {hit}"
            over = self.overlapping(fp, {u.id})
            if over:
                return f"{self.name_of(u.id)} overlaps {self.name_of(over[0][1])}"
        for e in self.engines.values():
            if e.side != side:
                continue
            fp = self.engine_rect(e)
            zone = "grond" if e.kind == "grond" else ("gondor" if side == "west" else "mordor")
            if not self.B.in_zone(zone, fp):
                return f"{self.name_of(e.id)} must set up in the {zone} zone [MT §3.8]"
        return None

    def do_place(self: Any, action: Action) -> list[Event]:  # noqa: F821 (Action from game)
        """[MT §9.1] Set up a unit anywhere legal in its zone (any facing, files, formation)."""
        err = self.why_not(action)
        if err is not None:
            raise err
        u = self.units[action["unit"]]
        u.x, u.y, u.heading = q(float(action["x"])), q(float(action["y"])), qa(float(action["heading"]))
        if "files" in action:
            u.files = int(action["files"])
        self._after_change()
        self.follow_attached(u)
        return [event("place", "[MT §9.1]", f"{self.name_of(u.id)} sets up at ({u.x:g}, {u.y:g})")]

    # ----- arrivals [MT §5.4] ----------------------------------------------------------------------
    def place_waiting(self: Any) -> list[Event]:
        """Arrivals set up in their zone, at least 2″ from every enemy; those with no room wait
        for the next TURN_START (R-148)."""
        ev: list[Event] = []
        still: list[str] = []
        for pid in self.waiting:
            if pid in self.units:
                u = self.units[pid]
                if self.place_arrival(u):
                    ev.append(event("arrive", "[MT §5.4]", f"{self.name_of(u.id)} arrives at "
                                    f"({u.x:g}, {u.y:g})", unit=u.id))
                else:
                    still.append(pid)
        for pid in self.waiting:
            if pid in self.leaders:
                ld = self.leaders[pid]
                spec = self.D.leaders[pid]
                home = next((u for u in self.units.values() if u.placed and u.contingent == spec.contingent
                             and not any(o.attached_to == u.id for o in self.leaders.values())), None)
                if home is None:
                    still.append(pid)
                    continue
                ld.on_table, ld.attached_to, ld.x, ld.y = True, home.id, home.x, home.y
                ev.append(event("arrive", "[MT §5.4]", f"{spec.name} arrives with {self.name_of(home.id)}"))
        self.waiting = still
        if ev:
            self._after_change()
        return ev

    def place_arrival(self: Any, u: Unit) -> bool:
        zone = ZONE[u.contingent]
        p = self.pitch(u)
        w, d = u.files * p[0], u.ranks * p[1]
        if zone == "rohan":
            spots = [(x, self.B.height - d / 2 - 0.2, 270.0) for x in range(20, 140, 4)]
        else:
            spots = [(self.B.width - d / 2 - 0.2, y, 180.0) for y in range(50, 2, -3)]
        u.on_table = True
        for x, y, h in spots:
            u.x, u.y, u.heading = q(float(x)), q(float(y)), h
            self._after_change()
            fp = rect(u.x, u.y, h, w, d)
            if not self.B.in_zone(zone, fp) or self.B.obstacle(fp) is not None:
                continue
            if self.overlapping(fp.buffer(2.0), {u.id} | {o.id for o in self.units.values() if o.side == u.side}):
                continue
            if self.overlapping(fp, {u.id}):
                continue
            return True
        u.on_table = False
        self._after_change()
        return False

    # ----- control and demoralization [MT §9.3] -------------------------------------------------------
    def turn_end_bookkeeping(self: Any) -> list[Event]:
        ev: list[Event] = []
        # sector control: an organized unit wholly inside, and none of the enemy's there
        held: dict[str, set[str]] = {}
        for u in self.units.values():
            if not u.placed or not u.organized:
                continue
            s = self.B.sector_holding(self.footprint(u))
            if s is not None and s != "Pelennor":
                held.setdefault(s, set()).add(u.side)
        for s, sides in held.items():
            if len(sides) == 1:
                side = next(iter(sides))
                if self.sector_control.get(s) != side:
                    self.sector_control[s] = side
                    ev.append(event("control", "[MT §9.3]", f"{NAME[side]} takes control of {s}"))
        # road checkpoints
        for cp, poly in self.B.checkpoints.items():
            for u in self.units.values():
                if u.placed and u.organized and self.footprint(u).intersects(poly):
                    self.checkpoints[cp] = u.side
        self.demoralization = self.demoralization_points()
        ev.append(event("demoralization", "[MT §9.3]",
                        "Demoralization: " + ", ".join(f"{a} {p}/{self.D.demoralization[a]['threshold']}"
                                                        for a, p in self.demoralization.items())))
        ev.extend(self.check_victory())
        return ev

    def levels_held_by_dark(self: Any) -> int:
        n = 0
        for level in range(1, 8):
            secs = [s for s, lv in self.B.sector_level.items() if lv == level and s != "Pelennor"]
            if secs and all(self.sector_control.get(s) == "dark-lord" for s in secs):
                n += 1
        return n

    def demoralization_points(self: Any) -> dict[str, int]:
        DM = self.D.demoralization
        pts = {a: 0 for a in DM}
        for u in self.units.values():
            army = self.D.army_of(u.contingent)
            w = DM[army].get("figure_weights", {}).get(u.type, DM[army]["per_figure"])
            pts[army] += u.lost * int(w)
            lost_archers = self.D.units[u.id].archers - u.archers
            if lost_archers:
                pts[army] += lost_archers * int(DM[army].get("archer_weight", 1))
        for lid in self.killed_leaders:
            spec = self.D.leaders[lid]
            pts[spec.army] += spec.demoralization_value
        levels = self.levels_held_by_dark()
        g = DM["garrison"]
        pts["garrison"] += levels * int(g["per_level"])
        if self.great_gate_broken:
            pts["garrison"] += int(g["great_gate_broken"])
        if self.rohan_arrived:
            pts["garrison"] += int(g["rohan_arrived"])
        if self.aragorn_arrived:
            pts["garrison"] += int(g["aragorn_arrived"])
        dl = DM["dark-lord"]
        if pts["garrison"] >= int(g["threshold"]):
            pts["dark-lord"] += int(dl["garrison_demoralized"])
        pts["dark-lord"] += levels * int(dl["per_level"])
        return pts

    def army_demoralized(self: Any, army: str) -> bool:
        return self.demoralization.get(army, 0) >= int(self.D.demoralization[army]["threshold"])

    def check_victory(self: Any) -> list[Event]:
        """[MT §9.4] Decisive results at any TURN_END (the Dark Lord's first, R-146); after the
        last Turn the Dark Lord wins only with all three conditions."""
        if self.sector_control.get("Citadel") == "dark-lord":
            return self.finish("dark-lord", "decisive", "the Dark Lord holds the Citadel")
        if self.army_demoralized("dark-lord") and self.wk_dead:
            return self.finish("west", "decisive", "the Dark Lord's army is demoralized and the Lord "
                               "of the Nazgûl is dead")
        if self.turn_no >= self.game_turns:
            road = self.checkpoints["A"] == "dark-lord" and self.checkpoints["B"] == "dark-lord"
            g, d = self.army_demoralized("garrison"), self.army_demoralized("dark-lord")
            if g and not d and road:
                return self.finish("dark-lord", "victory", "the Garrison is demoralized, the Dark "
                                   "Lord's army is not, and he holds the road")
            why = ("the Garrison is not demoralized" if not g else
                   "the Dark Lord's army is demoralized" if d else "the Dark Lord does not hold the road")
            return self.finish("west", "victory", f"after Turn {self.turn_no}: {why}")
        return []

    def finish(self: Any, winner: str, level: str, why: str) -> list[Event]:
        text = f"{NAME[winner][0].upper() + NAME[winner][1:]} wins ({level}): {why}"
        self.result_ = {"winner": winner, "winners": [winner], "level": level, "rule": "[MT §9.4]",
                        "text": text}
        self.stage = "over"
        self.pending = None
        self.selected = None
        return [event("result", "[MT §9.4]", text, result=self.result_)]

    # ----- views --------------------------------------------------------------------------------------
    def table_view(self: Any, side: str | None) -> dict[str, Any]:
        units = []
        for u in self.units.values():
            if u.figures <= 0 or not u.on_table:
                continue
            spec = self.D.units[u.id]
            p = self.pitch(u)
            units.append({
                "id": u.id, "name": spec.name, "side": u.side, "contingent": u.contingent,
                "type": u.type, "figures": u.figures, "files": u.files, "ranks": u.ranks,
                "order": u.order, "formation": u.formation, "x": u.x, "y": u.y,
                "heading": u.heading, "frontage": u.files * p[0], "depth": u.ranks * p[1],
                "organized": u.organized, "loaded": u.loaded, "embarked": u.embarked,
                "attached_engine": u.engine, "morale": spec.morale, "drill": spec.drill,
                "weapons": list(spec.weapons), "sector": self.B.sector_at(u.x, u.y),
                "acted": u.acted_on == self.card_no[u.side], "archers": u.archers,
                "waiting": u.waiting, "waiting_at": u.waiting_at,
            })
        engines = [{"id": e.id, "name": self.D.engines[e.id].name, "side": e.side, "kind": e.kind,
                    "x": e.x, "y": e.y, "heading": e.heading, "w": self.D.engines[e.id].size[0],
                    "d": self.D.engines[e.id].size[1], "destroyed": e.destroyed, "loaded": e.loaded,
                    "docked": e.docked, "aboard": list(e.aboard)}
                   for e in self.engines.values() if not e.destroyed]
        leaders = [{"id": ld.id, "name": self.D.leaders[ld.id].name, "side": ld.side, "x": ld.x,
                    "y": ld.y, "mount": ld.mount, "attached_to": ld.attached_to,
                    "cl": self.D.leaders[ld.id].cl, "cf": self.D.leaders[ld.id].cf,
                    "cs": self.D.leaders[ld.id].cs, "out_of_action": ld.out_of_action}
                   for ld in self.leaders.values() if ld.present]
        decks = {s: {"cards_left": len(self.decks[s]), "discards": list(self.discards[s]),
                     "current": self.current[s],
                     "current_name": self.D.cards[self.current[s]].name_for(s) if self.current[s] else None,
                     "bank": self.bank[s], "spell_points": self.spell_points[s]}
                 for s in ("west", "dark-lord")}
        pending_prompt = None
        if self.selected is not None:
            pending_prompt = f"choose what {self.name_of(self.selected)} does"
        return {
            "title": "The Siege of Minas Tirith",
            "board": "table",
            "table": {"width": self.B.width, "height": self.B.height},
            "units": units, "engines": engines, "leaders": leaders,
            "fires": [{"x": x, "y": y, "size": float(self.D.values["fire_size"])} for x, y in self.fires],
            "gates": {g: {"state": st, "controller": c} for g, (st, c) in self.gates.items()},
            "decks": decks, "round": self.round, "phase_pool": self.phase_pool,
            "active": self.active if self.stage == "round" else None, "pips": self.pips,
            "forced_pips": self.forced_pips, "selected": self.selected,
            "rolled": dict(self.rolled), "prompt": pending_prompt,
            "sector_control": dict(self.sector_control), "checkpoints": dict(self.checkpoints),
            "demoralization": dict(self.demoralization),
            "demoralized_at": {a: int(d["threshold"]) for a, d in self.D.demoralization.items()},
            "darkness": not self.darkness_broken, "great_gate_broken": self.great_gate_broken,
            "turns": self.game_turns, "recent_log": self.recent_log(side, 30),
            "phase_name": ("Set-up [MT §9.1]" if self.stage == "deploy" else
                           f"Turn {self.turn_no}, Round {self.round} [MT §6]"),
        }


Action = dict[str, Any]
_unused = (math, Point)
