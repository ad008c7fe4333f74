"""After combat: retreats [7.5] (the owner chooses the path [7.55], disrupted units [7.57]),
displacement [7.6], retreat before combat [7.7], and advance after combat [7.52]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import hexes as hx
from ....core.engine import Action, Event, event
from ....core.errors import IllegalAction
from ..board import NOT_AN_ADVANCE, refuse
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class AfterCombatRules:
    """[7.5]-[7.7] retreat, displacement, retreat before combat, advance."""

    # ===== retreats [7.5]-[7.7] ======================================================================
    def order_retreat(self: SpiGame, d: Piece, n: int, rule: str, mode: str = "combat",
                      on_fail: str = "eliminate") -> list[Event]:
        """Queue a retreat of ``n`` hexes; the retreating side's owner chooses [7.55]."""
        if d.disrupted and mode != "leader":
            return self.eliminate(d, "[7.57]", "a disrupted unit forced to retreat is eliminated")
        self.tasks.insert(0, {"t": "retreat", "unit": d.id, "n": n, "rule": rule, "mode": mode,
                              "on_fail": on_fail})
        return []

    def may_retreat_through(self: SpiGame, p: Piece, a: str, b: str) -> bool:
        """Hook: [7.55] impassable hexsides (walls, Gondor)."""
        return True

    def retreat_options(self: SpiGame, p: Piece, n: int, allow_partial: bool = False,
                        displace: bool = True) -> dict[str, str | None]:
        """Final hexes of legal retreat paths: hex -> the friendly unit displaced there, if any.

        [7.54] each step takes the unit one hex further from where it stood; [7.55] never
        into an enemy ZOC, an enemy-occupied or prohibited hex, or across an impassable
        hexside.  [7.61] a friendly-occupied final hex only if nothing else is available.
        """
        origin = p.hex
        assert origin is not None
        ends: dict[str, int] = {}
        frontier = [origin]
        for k in range(1, n + 1):
            nxt = []
            for a in frontier:
                for b in self.hexmap.adjacent(a):
                    if hx.distance(origin, b) != k or b in nxt:
                        continue
                    if self.enemy_in(b, p.side):
                        continue
                    if not p.is_leader and not self.may_enter_terrain(p, a, b):
                        continue
                    if p.is_leader and self.terrain_cost(p, a, b) is None:
                        continue
                    if not self.may_retreat_through(p, a, b):
                        continue
                    if self.zoc_blocks_retreat(p, b):
                        continue
                    nxt.append(b)
            frontier = nxt
            if allow_partial or k == n:
                for h in frontier:
                    ends.setdefault(h, k)
        free = {h: None for h in ends if not self.counts_for_stacking(p) or not self.stackers_at(h)
                or all(q.id == p.partner for q in self.stackers_at(h))}
        if free or not displace or p.is_leader:
            return free
        out: dict[str, str | None] = {}
        for h in ends:
            occupants = self.stackers_at(h)
            if len(occupants) == 1 and self.may_be_displaced(occupants[0], p):
                out[h] = occupants[0].id
        return out

    def may_be_displaced(self: SpiGame, q: Piece, by: Piece) -> bool:
        """[7.63] only if the displaced unit can itself retreat; [7.57] a disrupted unit would
        be eliminated, so the retreating unit is eliminated instead."""
        if q.disrupted or q.formation or q.side != by.side:
            return False
        saved = by.hex
        # the displaced unit may not retreat into the hex the retreating unit comes from
        return bool(self.retreat_options(q, 1, displace=False)) and saved is not None

    def task_retreat(self: SpiGame, task: dict[str, Any]) -> list[Event]:
        p = self.units[task["unit"]]
        if not p.on_map:
            return []
        if self.retreat_blocked_hook(p, task):
            return [event("retreat_ignored", task.get("hook_rule", task["rule"]),
                          f"{self.label(p)} does not retreat", unit=p.id)]
        opts = self.retreat_options(p, task["n"], displace=task["mode"] != "displace")
        if not opts:
            if task["on_fail"] == "flip" and not p.is_leader:
                if p.reduced:
                    events = self.leader_risk(p, "E")
                    return events + self.eliminate(p, "[7.23]", "could not retreat and was already reduced")
                p.reduced = True
                events = [event("reduced", "[7.23]", f"{self.label(p)} cannot retreat: inverted instead", unit=p.id)]
                return events + self.leader_risk(p, "hE")
            return self.eliminate(p, "[7.56]", "no legal retreat path")
        self.ask({"kind": "retreat", "side": p.side, "unit": p.id, "n": task["n"], "rule": task["rule"],
                  "mode": task["mode"], "options": sorted(opts), "displace": opts,
                  "prompt": f"choose where {self.label(p)} retreats ({task['n']} hex{'es' if task['n'] > 1 else ''})"})
        return []

    def retreat_blocked_hook(self: SpiGame, p: Piece, task: dict[str, Any]) -> bool:
        """Hook: a retreat result that is ignored ([16.64] Sauron on the Pedestal)."""
        return False

    def decide_retreat(self: SpiGame, d: dict[str, Any]) -> list[Action]:
        return [{"type": "retreat", "unit": d["unit"], "to": h} for h in d["options"]]

    def answer_retreat(self: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        p = self.units[d["unit"]]
        to = action["to"]
        displaced = d["displace"].get(to)
        if displaced is not None:
            q = self.units[displaced]
            self.tasks.insert(0, {"t": "retreat", "unit": q.id, "n": 1, "rule": "[7.61]", "mode": "displace",
                                  "on_fail": "eliminate"})
            self.tasks.insert(1, {"t": "retreat_finish", "unit": p.id, "to": to, "rule": d["rule"],
                                  "mode": d["mode"], "displaced": q.id})
            return [event("displace", "[7.61]", f"{self.label(p)} retreats onto {to}, displacing "
                          f"{self.label(q)}", unit=p.id, displaced=q.id, to=to)]
        return self.finish_retreat(p, to, d["rule"], d["mode"])

    def task_retreat_finish(self: SpiGame, task: dict[str, Any]) -> list[Event]:
        p = self.units[task["unit"]]
        q = self.units[task["displaced"]]
        if q.on_map and q.hex == task["to"] and self.counts_for_stacking(q):
            return self.eliminate(p, "[7.63]", "its displacement failed")
        if q.on_map:
            q.disrupted = True                                          # [7.65]
        return self.finish_retreat(p, task["to"], task["rule"], task["mode"])

    def finish_retreat(self: SpiGame, p: Piece, to: str, rule: str, mode: str) -> list[Event]:
        frm = p.hex
        assert frm is not None
        companions = [q for q in self.pieces_at(frm) if q.is_leader and q.side == p.side and q.id != p.id
                      and not self.leader_stays(q, p)] if not p.is_leader else []
        self.before_leaving(p, frm, mode)
        if p.formation:
            self.dissolve_formation(p)                                   # [8.46] [15.35]
        self.relocate(p, to)
        for q in companions:
            self.relocate(q, to)
        events = [event("retreat", rule, f"{self.label(p)} retreats {frm} -> {to}"
                        + (f" with {', '.join(q.name for q in companions)}" if companions else ""),
                        unit=p.id, frm=frm, to=to)]
        if mode in ("combat", "displace") and not p.is_leader:
            p.disrupted = True                                          # [7.57] [7.65]
            events.append(event("disrupted", "[7.57]" if mode == "combat" else "[7.65]",
                                f"{self.label(p)} is disrupted", unit=p.id))
        events.extend(self.after_move(p, frm, to))
        return events

    def leader_stays(self: SpiGame, leader: Piece, unit: Piece) -> bool:
        """Hook: leaders go with a retreating unit they are stacked with (docs/rulings.md)."""
        return False

    def before_leaving(self: SpiGame, p: Piece, frm: str, mode: str) -> None:
        """Hook: a unit is about to be retreated out of ``frm``."""

    # ----- retreat before combat [7.7] -----------------------------------------------------------
    def may_retreat_before_combat(self: SpiGame, d: Piece, attackers: list[Piece]) -> bool:
        """[7.7] bowmen with only missile capability; cavalry attacked solely by infantry."""
        if d.disrupted or d.formation:
            return False
        if d.missile_only:
            return True
        return self.is_cavalry(d) and all(a.kind == "infantry" and not a.formation for a in attackers)

    def decide_rbc(self: SpiGame, d: dict[str, Any]) -> list[Action]:
        p = self.units[d["unit"]]
        acts: list[Action] = [{"type": "stand", "unit": p.id}]
        for h in sorted(self.retreat_options(p, 2, allow_partial=True, displace=False)):
            acts.append({"type": "retreat_before_combat", "unit": p.id, "to": h})
        return acts

    def answer_rbc(self: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        p = self.units[d["unit"]]
        if action["type"] == "stand":
            self.tasks.insert(0, {"t": "battle", "target": p.id, "attackers": d["attackers"], "i": 0, "rbc": True})
            return [event("stand", "[7.7]", f"{self.label(p)} stands to receive the attack", unit=p.id)]
        frm = p.hex
        events = self.finish_retreat(p, action["to"], "[7.7]", "rbc")
        die = self.dice.d6()
        disrupted = die <= 3
        if disrupted:
            p.disrupted = True
        events.append(event("rbc_roll", "[7.7]", f"{self.label(p)} retreated before combat: rolled {die}, "
                            + ("disrupted (1-3)" if disrupted else "in good order (4-6)"), dice=[die], unit=p.id))
        first = self.units[d["attackers"][0]]
        self.tasks.insert(0, {"t": "advance", "unit": first.id, "hex": frm, "rule": "[7.7]"})
        return events

    # ----- advance after combat [7.51] -------------------------------------------------------------
    def why_not_advance(self: SpiGame, p: Piece, h: str, explain: bool = True) -> IllegalAction | None:
        """Why ``p`` may not advance into ``h`` (None: it may), ``h`` being the hex its melee
        vacated (the only one an advance is offered into): [7.51] on the map, [7.57] not
        disrupted, [7.51] no enemy unit in ``h``, [5.0] no other unit there but its formation
        partner, [7.51] the adjacent hex, regardless of ZOCs; then the hook
        ``why_not_advance_hook`` ([7.53] walls, Gondor), [4.3] terrain it may enter, and [8.41]
        a special formation only into clear terrain and not across a hexside (not Sauron's
        phalanx).  The one predicate behind the advance offered (``task_advance``) and the
        refusal of an advance into another hex (the diagnosis)."""
        if not p.on_map:
            return refuse(explain, "[7.51]", lambda: f"{self.label(p)} is not on the map", NOT_AN_ADVANCE)
        if p.disrupted:
            return refuse(explain, "[7.57]", lambda: f"{self.label(p)} is disrupted and may not move",
                          NOT_AN_ADVANCE)
        err = self.why_not_into_vacated(p, h, explain)
        if err is not None:
            return err
        if hx.distance(p.hex, h) != 1:
            return refuse(explain, "[7.51]", lambda: f"{h} is not next to {self.label(p)} in {p.hex}: a unit "
                          "advances into the adjacent hex its melee vacated", NOT_AN_ADVANCE)
        err = self.why_not_advance_hook(p, h, explain)
        if err is not None:
            return err
        if not self.may_enter_terrain(p, p.hex, h):
            return refuse(explain, "[4.3]", lambda: f"{self.label(p)} may not enter {h} "
                          f"({self.hexmap.terrain(h)}) from {p.hex}", NOT_AN_ADVANCE)
        if p.formation and not self.formation_terrain_ok(p.hex, h) and p.formation != "phalanx":
            return refuse(explain, "[8.41]", lambda: f"a special formation advances only into clear terrain and "
                          f"not across a hexside; {h} is not such a hex", NOT_AN_ADVANCE)
        return None

    def why_not_into_vacated(self: SpiGame, p: Piece, h: str, explain: bool) -> IllegalAction | None:
        """[7.51] the hex an advance goes into holds no enemy unit, and [5.0] no other unit
        but ``p``'s formation partner."""
        if self.enemy_in(h, p.side):
            return refuse(explain, "[7.51]", lambda: f"{h} holds an enemy unit: it is no vacated hex", NOT_AN_ADVANCE)
        if any(q.id != p.id and q.id != p.partner for q in self.stackers_at(h)):
            return refuse(explain, "[5.0]", lambda: f"{h} holds "
                          + ", ".join(self.label(q) for q in self.stackers_at(h)) + ": no room", NOT_AN_ADVANCE)
        return None

    def why_not_advance_hook(self: SpiGame, p: Piece, h: str, explain: bool) -> IllegalAction | None:
        """Hook: the exclusive rules' reasons ``p`` may not advance into the adjacent ``h``."""
        return None

    def task_advance(self: SpiGame, task: dict[str, Any]) -> list[Event]:
        p = self.units[task["unit"]]
        h = task["hex"]
        if self.why_not_advance(p, h, False) is None:
            self.ask({"kind": "advance", "side": p.side, "unit": p.id, "hex": h,
                      "rule": task.get("rule", "[7.51]"), "auto": False,
                      "prompt": f"{self.label(p)} may advance into {h}"})
        return []

    def decide_advance(self: SpiGame, d: dict[str, Any]) -> list[Action]:
        return [{"type": "advance", "unit": d["unit"], "to": d["hex"]}, {"type": "stay", "unit": d["unit"]}]

    def answer_advance(self: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        p = self.units[d["unit"]]
        if action["type"] == "stay":
            return [event("stay", "[7.51]", f"{self.label(p)} does not advance", unit=p.id)]
        frm = p.hex
        movers = [p] + ([self.units[p.partner]] if p.partner and p.formation else [])
        for q in movers:
            self.relocate(q, d["hex"])
            q.advanced = True                                            # [7.52]
        events = [event("advance", "[7.51]", f"{self.label(p)} advances {frm} -> {d['hex']}",
                        unit=p.id, frm=frm, to=d["hex"])]
        events.extend(self.after_move(p, frm, d["hex"]))
        return events
