"""Siege engines, walls, ladders and gates [MT §7.6] [MT §7.7] [MT §7.1.1].

Engines move on the Engine of War Move card: 1d6″, or 2d6″ pulled by an attached troll or
Mumak unit (R-70), rolled when the engine is selected.  A siege tower docks when its front edge
comes within ½″ of the outer face of wall 1 (R-103); its troops assault from it.  Grond
batters the Great Gate; infantry batter the inner gates (R-109) and climb inner walls by
ladder (R-107).
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from shapely.geometry import Point

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .geometry import corners, furthest, rect, unit_vectors
from .units import Engine, Unit, q, qa


class SiegeRules:
    """[MT §7.6] [MT §7.7]: mixed into :class:`MinasTirithGame`."""

    # ----- engines on the move [MT §7.1.1] [MT §7.6] -------------------------------------------
    def pullers(self: Any, e: Engine) -> list[Unit]:
        return [u for u in self.units.values() if u.engine == e.id and u.placed]

    def engine_dice(self: Any, e: Engine) -> int:
        V = self.D.values
        pulled = any(u.type in V["engine_pullers"] for u in self.pullers(e))
        return int(V["engine_pulled_move_dice"] if pulled else V["engine_move_dice"])

    def why_not_engine_act(self: Any, e: Engine) -> IllegalAction | None:
        if e.destroyed:
            return IllegalAction("[MT §7.6]", "the engine is destroyed")
        if self.current[e.side] != "engine_move":
            return IllegalAction("[MT §5.1]", "engines move on an Engine of War Move card")
        if e.acted_on == self.card_no[e.side]:
            return IllegalAction("[MT §6.5]", "an engine acts only once on a card (R-112)")
        if self.engine_in_contact(e):
            return IllegalAction("[MT §7.5.11]", "an engine in contact with the enemy cannot move")
        if e.kind == "grond" and not self.pullers(e):
            return IllegalAction("[MT §7.7]", "Grond must be wielded by an attached unit")
        return None

    def engine_move_menu(self: Any, e: Engine) -> list[Action]:
        if self.why_not_engine_act(e) is not None:
            return []
        acts: list[Action] = []
        if e.kind.endswith("catapult"):
            for a in (30, -30, 90, -90):
                if self.engine_path_problem(e, f"w{a}") is None:
                    acts.append({"type": "move", "engine": e.id, "path": f"w{a}"})
        if self.rolled.get(e.id, 0) > 0 and not e.docked:
            acts.append({"type": "advance", "engine": e.id})
            for a in (20, -20):
                if self.engine_path_problem(e, f"w{a}") is None:
                    acts.append({"type": "move", "engine": e.id, "path": f"w{a}"})
        if e.kind == "grond" and self.grond_at_gate(e) and not self.great_gate_broken:
            acts.append({"type": "batter", "engine": e.id, "gate": "G1"})
        return acts

    def engine_path_problem(self: Any, e: Engine, path: str) -> str | None:
        from .movement import parse_path
        try:
            steps = parse_path(path)
        except IllegalAction as err:
            return err.why
        x, y, h = e.x, e.y, e.heading
        cost = 0.0
        w, d = self.D.engines[e.id].size
        riders = self.pullers(e)
        rel = [(u, u.x - e.x, u.y - e.y, u.heading - e.heading) for u in riders]
        exclude = {e.id} | {u.id for u in riders}
        for kind, a, dist in steps:
            before = rect(x, y, h, w, d)
            if kind == "m":
                cost += dist * (1 if abs(a) < 45 else 2)
                x += dist * math.cos(math.radians(h + a))
                y += dist * math.sin(math.radians(h + a))
            elif kind == "w":
                cost += abs(math.radians(a)) * w
                h += a
            else:
                return "an engine moves straight or wheels about its centre"
            after = rect(x, y, h, w, d)
            hull = shapely.convex_hull(shapely.union(before, after))
            hit = self.B.obstacle(hull)
            if hit is not None:
                return f"the path crosses {hit}"
            if self.overlapping(hull, exclude):
                return "the path runs into another piece"
        if cost > self.rolled.get(e.id, 0.0) + 1e-6 and not (e.kind.endswith("catapult") and
                                                              all(k == "w" for k, _, _ in steps)):
            return f"the move costs {cost:.1f}″ of {self.rolled.get(e.id, 0.0):g}″"
        for u, dx, dy, _dh in rel:
            r = math.radians(h - e.heading)
            nx = x + dx * math.cos(r) - dy * math.sin(r)
            ny = y + dx * math.sin(r) + dy * math.cos(r)
            fp = rect(nx, ny, u.heading + (h - e.heading), u.files * self.pitch(u)[0],
                      u.ranks * self.pitch(u)[1])
            if self.B.obstacle(fp) is not None or self.overlapping(fp, exclude):
                return f"{self.name_of(u.id)}, attached, would not fit"
        if self.B.sector_at(x, y) != self.B.sector_at(e.x, e.y):
            return "engines never cross a connection of the city (R-82)"
        return None

    def why_not_engine_move(self: Any, e: Engine, action: Action) -> IllegalAction | None:
        """Why engine ``e`` may not make the move ``action`` (None: it may); the legality check
        (is_legal/why_not) and the move itself both ask here, so a malformed move is refused
        before anything changes."""
        err = self.why_not_engine_act(e)
        if err is not None:
            return err
        if set(action) != {"type", "engine", "path"}:
            return IllegalAction("[MT §7.6]", "an engine move is {type, engine, path}")
        bad = self.engine_path_problem(e, action["path"])
        return None if bad is None else IllegalAction("[MT §7.6]", bad)

    def do_engine_move(self: Any, action: Action) -> list[Event]:
        e = self.actor_engine(action)
        err = self.why_not_engine_move(e, action)
        if err is not None:
            raise err
        from .movement import parse_path
        self.spend(1, "moving an engine")
        x, y, h = e.x, e.y, e.heading
        for kind, a, dist in parse_path(action["path"]):
            if kind == "m":
                x += dist * math.cos(math.radians(h + a))
                y += dist * math.sin(math.radians(h + a))
            else:
                h += a
        self.place_engine(e, x, y, h)
        return [event("engine_move", "[MT §7.6]", f"{self.name_of(e.id)} moves", engine=e.id)] + \
            self.after_engine_move(e)

    def place_engine(self: Any, e: Engine, x: float, y: float, h: float) -> None:
        r = math.radians(h - e.heading)
        for u in self.pullers(e):
            dx, dy = u.x - e.x, u.y - e.y
            u.x = q(x + dx * math.cos(r) - dy * math.sin(r))
            u.y = q(y + dx * math.sin(r) + dy * math.cos(r))
            u.heading = qa(u.heading + (h - e.heading))
            self.follow_attached(u)
        e.x, e.y, e.heading = q(x), q(y), qa(h)
        e.acted_on = self.card_no[e.side]
        self.selected = None
        self._after_change()

    def do_advance(self: Any, action: Action) -> list[Event]:
        """Go straight ahead the rolled distance, or until something is in the way."""
        e = self.actor_engine(action)
        err = self.why_not_engine_act(e)
        if err is not None:
            raise err
        if action not in self.engine_move_menu(e):
            raise IllegalAction("[MT §7.6]", "the engine cannot advance now")
        self.spend(1, "moving an engine")
        dist = float(self.rolled.get(e.id, 0.0))
        w, d = self.D.engines[e.id].size
        (fx, fy), _ = unit_vectors(e.heading)
        riders = self.pullers(e)
        exclude = {e.id} | {u.id for u in riders}
        start = rect(e.x, e.y, e.heading, w, d)

        def clear(t: float) -> bool:
            hull = shapely.convex_hull(shapely.union(start, rect(e.x + fx * t, e.y + fy * t, e.heading, w, d)))
            if self.B.obstacle(hull) is not None or self.overlapping(hull, exclude):
                return False
            for u in riders:
                fp = rect(u.x + fx * t, u.y + fy * t, u.heading, u.files * self.pitch(u)[0], u.ranks * self.pitch(u)[1])
                if self.B.obstacle(fp) is not None or self.overlapping(fp, exclude):
                    return False
            return self.B.sector_at(e.x + fx * t, e.y + fy * t) == self.B.sector_at(e.x, e.y)

        go = furthest(clear, dist)
        self.place_engine(e, e.x + fx * go, e.y + fy * go, e.heading)
        return [event("engine_move", "[MT §7.6]", f"{self.name_of(e.id)} advances {go:.1f}″ of "
                      f"{dist:g}″", engine=e.id)] + self.after_engine_move(e)

    def after_engine_move(self: Any, e: Engine) -> list[Event]:
        if e.kind != "tower" or e.docked:
            return []
        fl, fr, _, _ = corners(e.x, e.y, e.heading, *self.D.engines[e.id].size)
        front = shapely.LineString([fl, fr])
        wall = self.B.walls[1]
        gate = self.B.gates["G1"].opening
        if front.distance(wall) <= float(self.D.values["tower_dock_within"]) + 1e-6 and \
                front.distance(gate) > 0.5:
            e.docked = True
            return [event("dock", "[MT §7.6]", f"{self.name_of(e.id)} docks against the outer wall "
                          "(R-103)", engine=e.id)]
        return []

    # ----- attaching a unit to an engine (R-71) -------------------------------------------------
    def attach_menu(self: Any, u: Unit) -> list[Action]:
        if self.why_not_move_ignoring_attach(u) is not None:
            return []
        acts = []
        if u.engine is not None:
            return [{"type": "detach", "unit": u.id}]
        fp = self.footprint(u)
        for kind, pid, side, _ in self.touching(fp, {u.id}):
            if kind == "engine" and side == u.side and self.engines[pid].kind in ("grond", "tower") \
                    and self.klass(u) in ("infantry", "elephant"):
                acts.append({"type": "attach", "unit": u.id, "engine": pid})
        return acts

    def why_not_move_ignoring_attach(self: Any, u: Unit) -> IllegalAction | None:
        saved = u.engine
        u.engine = None
        try:
            return self.why_not_move(u)
        finally:
            u.engine = saved

    def do_attach(self: Any, action: Action) -> list[Event]:
        """R-71: attach a unit in contact to an engine, on a move card, 1 impetus."""
        u = self.act_from_menu(action, self.attach_menu, "attaching to an engine",
                               "[MT §7.1.1]", "a unit attaches to a friendly tower or Grond it "
                               "touches, on a move card (R-71)")
        u.engine = action["engine"]
        return [event("attach", "[MT §7.1.1]", f"{self.name_of(u.id)} takes up {self.name_of(u.engine)} (R-71)")]

    def do_detach(self: Any, action: Action) -> list[Event]:
        u = self.act_from_menu(action, self.attach_menu, "leaving an engine",
                               "[MT §7.1.1]", "a unit leaves its engine on a move card (R-71)")
        was = u.engine
        u.engine = None
        return [event("detach", "[MT §7.1.1]", f"{self.name_of(u.id)} leaves {self.name_of(was)} (R-71)")]

    # ----- Grond [MT §7.7] --------------------------------------------------------------------------
    def grond_at_gate(self: Any, e: Engine) -> bool:
        fl, fr, _, _ = corners(e.x, e.y, e.heading, *self.D.engines[e.id].size)
        front = shapely.LineString([fl, fr])
        return front.distance(self.B.gates["G1"].outer_face) <= 0.5 + 1e-6

    def do_batter(self: Any, action: Action) -> list[Event]:
        if "engine" in action:
            return self.grond_batters(action)
        return self.infantry_batters(action)

    def grond_batters(self: Any, action: Action) -> list[Event]:
        """[MT §7.7] Grond batters the Great Gate: 2d6, 10 or more (R-113); +1 trolls; +4 after
        Activate Grond this Turn.  Once per Engine card (R-112)."""
        e = self.actor_engine(action)
        if action not in self.engine_move_menu(e):
            raise IllegalAction("[MT §7.7]", "Grond batters the Great Gate with its front against the "
                                "gate, on an Engine of War Move card, once per card")
        V = self.D.values
        self.spend(1, "battering the Great Gate")
        e.acted_on = self.card_no[e.side]
        e.battered_on = self.card_no[e.side]
        self.selected = None
        dice = self.dice.roll(int(V["grond_dice"]), 6)
        mod, why = 0, []
        if any(u.type == "TI" for u in self.pullers(e)):
            mod += int(V["grond_troll_mod"])
            why.append(f"+{V['grond_troll_mod']} trolls")
        if self.grond_bonus_turn == self.turn_no:
            mod += int(V["grond_spell_mod"])
            why.append(f"+{V['grond_spell_mod']} Activate Grond")
        total = sum(dice) + mod
        broke = total >= int(V["grond_target"])
        ev = [event("batter", "[MT §7.7]", f"Grond strikes the Great Gate: {'+'.join(map(str, dice))}"
                    f"{(' ' + ' '.join(why)) if why else ''} = {total}, needing {V['grond_target']}: "
                    + ("the Gate is broken!" if broke else "it holds"), dice=dice)]
        if broke:
            ev.extend(self.break_gate("G1"))
        return ev

    def break_gate(self: Any, gid: str) -> list[Event]:
        self.gates[gid][0] = "broken"
        if gid == "G1":
            self.great_gate_broken = True
        self._after_change()
        return [event("gate_broken", "[MT §3.6]", f"Gate {gid} is broken: passable by everyone")]

    # ----- inner gates (R-109) ------------------------------------------------------------------------
    def gate_batter_menu(self: Any, u: Unit) -> list[Action]:
        if self.current[u.side] != "infantry_move" or u.acted_on == self.card_no[u.side] \
                or not u.placed or self.klass(u) != "infantry" or not u.organized:
            return []
        V = self.D.values
        acts = []
        fp = self.footprint(u)
        for gid, g in self.B.gates.items():
            if g.wall in V["gate_batter_walls"] and self.gates[gid][0] == "intact" \
                    and self.gates[gid][1] != u.side \
                    and fp.distance(g.outer_face) <= float(V["contact_tolerance"]) + 0.5:
                acts.append({"type": "batter", "unit": u.id, "gate": gid})
        return acts

    def infantry_batters(self: Any, action: Action) -> list[Event]:
        u = self.act_from_menu(action, self.gate_batter_menu, "battering a gate",
                               "[MT §7.6]", "infantry batter an enemy-held inner gate from its lower "
                               "face, on Infantry Move (R-109)")
        V = self.D.values
        dice = self.dice.roll(int(V["gate_batter_dice"]), 6)
        mod = int(V["gate_batter_troll_mod"]) if u.type == "TI" else 0
        total = sum(dice) + mod
        broke = total >= int(V["gate_batter_target"])
        ev = [event("batter", "[MT §7.6]", f"{self.name_of(u.id)} batters {action['gate']}: "
                    f"{'+'.join(map(str, dice))}{f' +{mod} trolls' if mod else ''} = {total}, needing "
                    f"{V['gate_batter_target']}: " + ("broken!" if broke else "it holds") + " (R-109)",
                    dice=dice)]
        if broke:
            ev.extend(self.break_gate(action["gate"]))
        return ev

    # ----- towers: embark, assault, land [MT §7.6] ------------------------------------------------------
    def tower_places(self: Any, e: Engine) -> int:
        used = 0
        for uid in e.aboard:
            u = self.units[uid]
            n = u.total_figures if u.embarked == e.id else (u.waiting if u.waiting_at == e.id else 0)
            used += n * (int(self.D.values["tower_places_troll"]) if u.type == "TI" else 1)
        return int(self.D.engines[e.id].capacity or 0) - used

    def embark_menu(self: Any, u: Unit) -> list[Action]:
        card = self.current[u.side]
        if card not in ("infantry_move", "deployment") or u.acted_on == self.card_no[u.side] \
                or not u.placed or self.klass(u) != "infantry" or not u.organized or u.engine \
                or u.waiting:
            return []
        fp = self.footprint(u)
        need = u.figures * (int(self.D.values["tower_places_troll"]) if u.type == "TI" else 1)
        acts = []
        for kind, pid, side, _ in self.touching(fp, {u.id}):
            if kind == "engine" and side == u.side and self.engines[pid].kind == "tower" \
                    and self.tower_places(self.engines[pid]) >= need:
                acts.append({"type": "embark", "unit": u.id, "tower": pid})
        return acts

    def do_embark(self: Any, action: Action) -> list[Event]:
        """[MT §7.6] A whole infantry unit in contact with a tower climbs in (18 places; a
        troll takes 3, R-104)."""
        u = self.act_from_menu(action, self.embark_menu, "embarking",
                               "[MT §7.6]", "a whole infantry unit in contact with a friendly tower "
                               "with room embarks, on Infantry Move or Deployment (R-104)")
        e = self.engines[action["tower"]]
        self.board_tower(u, e)
        return [event("embark", "[MT §7.6]", f"{self.name_of(u.id)} climbs into {self.name_of(e.id)}")]

    def board_tower(self: Any, u: Unit, e: Engine) -> None:
        """``u`` is aboard tower ``e`` (off the table: it cannot be shot or charged, R-104); its
        attached leaders stand with the tower."""
        u.embarked = e.id
        if u.id not in e.aboard:
            e.aboard.append(u.id)
        self._after_change()
        for ld in self.leaders.values():
            if ld.attached_to == u.id:
                ld.x, ld.y = e.x, e.y

    def ramp(self: Any, e: Engine) -> tuple[float, float]:
        fl, fr, _, _ = corners(e.x, e.y, e.heading, *self.D.engines[e.id].size)
        return ((fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2)

    def walk_defenders(self: Any, wall: int, point: tuple[float, float], window: float, side: str) -> list[Unit]:
        out = []
        for d in self.units.values():
            if d.side == side or not d.placed:
                continue
            if self.B.walk_at(d.x, d.y) == wall and self.footprint(d).distance(Point(point)) <= window:
                out.append(d)
        out.sort(key=lambda d: (Point(point).distance(self.footprint(d)), d.id))
        return out

    def assault_menu(self: Any, u: Unit) -> list[Action]:
        if u.embarked is None or u.acted_on == self.card_no[u.side]:
            return []
        e = self.engines[u.embarked]
        if not e.docked or self.current[u.side] not in ("infantry_move", "engine_move"):
            return []
        return [{"type": "assault", "unit": u.id}]

    def do_assault(self: Any, action: Action) -> list[Event]:
        """[MT §7.6] From a docked tower: shock against up to 12 defenders on the wall walk
        within 6″ of the ramp (R-105), or an unopposed landing if nobody is there."""
        u = self.act_from_menu(action, self.assault_menu, "a tower assault",
                               "[MT §7.6]", "troops in a docked tower assault on Infantry Move or "
                               "Engine of War Move")
        V = self.D.values
        e = self.engines[u.embarked]
        rp = self.ramp(e)
        defenders = self.walk_defenders(1, rp, float(V["tower_assault_window"]), u.side)
        if not defenders:
            ev = [event("landing", "[MT §7.6]", f"No defender within 6″ of the ramp: "
                        f"{self.name_of(u.id)} steps onto the walls unopposed")]
            return ev + self.land_on_walk(u, e, 1, rp, int(V["tower_unopposed_figures"]))
        d = defenders[0]
        # the attackers fight from the ramp, as charging infantry
        u.embarked = None
        self.stage_at_ramp(u, e)
        before = (d.x, d.y)
        ev = self.close_combat(u, d, "shock", assault="tower", caps=int(V["tower_assault_figures"]))
        if not u.alive:
            e.aboard.remove(u.id) if u.id in e.aboard else None
            return ev
        pushed = math.hypot(d.x - before[0], d.y - before[1]) if d.alive else 99.0
        if pushed >= float(V["tower_assault_gain_pushback"]) - 1e-6:
            ev.append(event("lodgement", "[MT §7.6]", f"The defenders are thrown back: "
                            f"{self.name_of(u.id)} gains the walls"))
            return ev + self.land_on_walk(u, e, 1, rp, int(V["tower_assault_figures"]))
        u.embarked = e.id                          # a losing attacker stays in the tower
        self._after_change()
        return ev + [event("assault", "[MT §7.6]", f"{self.name_of(u.id)} stays in the tower")]

    def stage_at_ramp(self: Any, u: Unit, e: Engine) -> None:
        """Put the assaulting unit where the ramp is, for the geometry of the fight."""
        (fx, fy), _ = unit_vectors(e.heading)
        rx, ry = self.ramp(e)
        u.files = min(u.figures, int(self.D.engines[e.id].size[0]))
        depth = u.ranks * self.pitch(u)[1]
        u.heading = e.heading
        u.x, u.y = q(rx - fx * depth / 2), q(ry - fy * depth / 2)
        self._after_change()

    def land_on_walk(self: Any, u: Unit, e: Engine | None, wall: int, point: tuple[float, float],
                     most: int | None = None) -> list[Event]:
        """Place up to ``most`` figures of ``u`` on the walk of ``wall`` near ``point``, in as
        many files as the 2″ walk needs; the rest stay in the tower ``e`` (or wait at the foot
        of the ladder) and land later by reinforcing the lodgement: the unit is split but stays
        one unit (R-150).  If nothing fits it stays where it was."""
        total = u.figures
        n = total if most is None else max(1, min(total, most))
        was = (u.x, u.y, u.heading, u.files, u.embarked, u.figures)
        u.figures = n
        pose = self.walk_spot(u, wall, point)
        if pose is None:
            u.x, u.y, u.heading, u.files, u.embarked, u.figures = was
            self._after_change()
            return [event("landed", "[MT §7.6]", f"There is no room on the walls for {self.name_of(u.id)}")]
        u.x, u.y, u.heading, u.files = pose
        u.embarked = None
        rest = total - n
        u.waiting = rest
        u.waiting_at = None if not rest else (e.id if e is not None else "ladder")
        u.foot = (was[0], was[1], was[2], was[3]) if rest and e is None else None
        if e is not None and u.id in e.aboard and not rest:
            e.aboard.remove(u.id)
        self._after_change()
        self.follow_attached(u)
        where = "in the tower" if e is not None else "at the foot of the ladder"
        return [event("landed", "[MT §7.6]", f"{self.name_of(u.id)} is on the walk of wall {wall} "
                      f"(level {wall})" + (f": {n} figures; {rest} wait {where} (R-150)" if rest else ""),
                      unit=u.id)]

    def walk_spot(self: Any, u: Unit, wall: int, point: tuple[float, float]
                  ) -> tuple[float, float, float, int] | None:
        """Where ``u`` (its current figures) fits on the walk of ``wall`` near ``point``, facing
        into the city; ``u``'s pose is left changed (the caller sets or restores it)."""
        cx, cy = self.B.centre
        ang = math.degrees(math.atan2(point[1] - cy, point[0] - cx))
        r_in = self.B._band[wall][0]          # the walk lies just inside wall k
        p = self.pitch(u)
        least = max(1, math.ceil(u.figures / max(1, int(self.B.walk_width // p[1]))))
        # a straight unit on a curved walk: its corners reach further out than its centre line,
        # so it is tried a little further in as well, and along the walk on both sides of the
        # landing point (nearest first), deepest formation that fits the 2″ walk first
        offsets = sorted((d for d in range(-16, 17, 2)), key=lambda d: (abs(d), d))
        # the table as it is, once: a spot is tried against every occupant but ``u`` itself
        # (``overlapping`` leaves it out), and ``u`` is the only piece a try moves
        self._after_change()
        for files in dict.fromkeys((least, min(u.figures, least + 2), u.figures)):
            depth = math.ceil(u.figures / files) * p[1]
            for da in offsets:
                for dr in (0.0, 0.25, 0.5):
                    a = ang + math.degrees(da / max(1.0, r_in))
                    # the straight rear edge's corners must clear the curved inner face
                    half = files * p[0] / 2
                    r = math.sqrt(max(0.0, r_in * r_in - half * half)) - depth / 2 - 0.05 - dr
                    x, y = cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))
                    h = (a + 180) % 360                         # facing into the city
                    u.x, u.y, u.heading, u.files, u.embarked = q(x), q(y), qa(h), files, None
                    fp = self.footprint(u)
                    if self.B.obstacle(fp) is None and not self.overlapping(fp, {u.id}) \
                            and self.B.walk_at(u.x, u.y) == wall:
                        return (u.x, u.y, u.heading, u.files)
        return None

    # ----- a split unit (R-150) -------------------------------------------------------------------------
    def waiting_wall(self: Any, u: Unit) -> int | None:
        """The walk the waiting figures of ``u`` climb onto: wall 1 from a tower; from a ladder,
        the wall above the level it climbed from."""
        if not u.waiting:
            return None
        if u.waiting_at == "ladder":
            return None if u.foot is None else self.B.level_at(u.foot[0], u.foot[1]) + 1
        return 1

    def rear_join(self: Any, u: Unit, n: int) -> tuple[float, float, float, int] | None:
        """Where ``u`` stands with ``n`` more figures joining its rear ranks [MT §7.6] (R-150):
        its front edge stays, its files widen if the walk needs it; else anywhere near it on
        the walk, facing into the city; None if they do not fit.  ``u`` is left unchanged."""
        wall = self.waiting_wall(u)
        was = (u.x, u.y, u.heading, u.files, u.figures)
        fc = self.front_centre(u)
        (fx, fy), _ = unit_vectors(u.heading)
        m = u.figures + n
        out = None
        try:
            u.figures = m
            self._after_change()       # (once: only ``u`` moves, and ``overlapping`` leaves it out)
            for files in range(u.files, min(m, u.files + 8) + 1):
                depth = math.ceil(m / files) * self.pitch(u)[1]
                u.files = files
                u.x, u.y = q(fc.x - fx * depth / 2), q(fc.y - fy * depth / 2)
                fp = self.footprint(u)
                if self.B.obstacle(fp) is None and not self.overlapping(fp, {u.id}) \
                        and self.B.walk_at(u.x, u.y) == wall:
                    out = (u.x, u.y, u.heading, u.files)
                    break
            if out is None and wall is not None:
                u.x, u.y, u.heading, u.files = was[:4]
                out = self.walk_spot(u, wall, (was[0], was[1]))
        finally:
            u.x, u.y, u.heading, u.files, u.figures = was
            self._after_change()
        return out

    def reinforce_menu(self: Any, u: Unit) -> list[Action]:
        """R-150: the figures still in the tower (or at the foot of the ladder) join the unit
        on the walk: Infantry Move or Infantry Deployment, 1 pip per 18 from a tower (per 8 by
        ladder), if they fit."""
        if not u.waiting or not u.placed or u.acted_on == self.card_no[u.side] \
                or self.current[u.side] not in ("infantry_move", "deployment"):
            return []
        if self.B.walk_at(u.x, u.y) != self.waiting_wall(u):
            return []
        if u.waiting_at != "ladder":
            e = self.engines.get(u.waiting_at or "")
            if e is None or e.destroyed or not e.docked:
                return []
        per = self.reinforce_per_pip(u)
        acts: list[Action] = []
        for k in range(1, min(math.ceil(u.waiting / per), self.pips) + 1):
            if self.rear_join(u, min(u.waiting, k * per)) is not None:
                acts.append({"type": "reinforce", "unit": u.id, "pips": k})
        return acts

    def reinforce_per_pip(self: Any, u: Unit) -> int:
        V = self.D.values
        return int(V["ladder_climb_per_pip"] if u.waiting_at == "ladder" else V["lodgement_reinforce_per_pip"])

    def do_reinforce(self: Any, action: Action) -> list[Event]:
        """[MT §7.6] Reinforce a lodgement (R-150): ``pips`` × 18 figures from the tower (× 8
        up a ladder) join the rear ranks of the unit on the walk."""
        u = self.actor_unit(action, "unit")
        if action not in self.reinforce_menu(u):
            raise IllegalAction("[MT §7.6]", "the rest of a unit split by a tower or a ladder lands on "
                                "Infantry Move or Deployment, 1 pip per 18 from a tower (8 by ladder), "
                                "onto the walk where the unit stands, if they fit (R-150)")
        k = int(action["pips"])
        n = min(u.waiting, k * self.reinforce_per_pip(u))
        pose = self.rear_join(u, n)
        assert pose is not None
        self.spend(k, "reinforcing a lodgement")
        u.acted_on = self.card_no[u.side]
        self.selected = None
        src = "the tower" if u.waiting_at != "ladder" else "the ladder"
        self.join_waiting(u, n, pose)
        return [event("reinforce", "[MT §7.6]", f"{n} figures of {self.name_of(u.id)} climb from {src} "
                      f"onto the walk" + (f"; {u.waiting} still wait" if u.waiting else "") + " (R-150)",
                      unit=u.id)]

    def join_waiting(self: Any, u: Unit, n: int, pose: tuple[float, float, float, int]) -> None:
        u.figures += n
        u.waiting -= n
        u.x, u.y, u.heading, u.files = pose
        if not u.waiting:
            self.clear_waiting(u)
        self._after_change()
        self.follow_attached(u)

    def clear_waiting(self: Any, u: Unit) -> None:
        e = self.engines.get(u.waiting_at or "")
        if e is not None and u.id in e.aboard and u.embarked != e.id:
            e.aboard.remove(u.id)
        u.waiting, u.waiting_at, u.foot = 0, None, None

    def landed_part_lost(self: Any, u: Unit) -> list[Event]:
        """R-150: every figure of a split unit on the walk is dead, but it is one unit: the
        figures still in the tower stay embarked as the whole unit (those at the foot of a
        ladder stand where it climbed from, if there is room, else they are lost)."""
        n, where = u.waiting, u.waiting_at
        e = self.engines.get(where or "")
        u.figures = n
        foot = u.foot
        self.clear_waiting(u)
        if e is not None and not e.destroyed:
            u.x, u.y = e.x, e.y
            self.board_tower(u, e)
            return [event("lodgement", "[MT §7.6]", f"{self.name_of(u.id)}: every figure on the walk "
                          f"has fallen; {n} still in {self.name_of(e.id)} (R-150)", unit=u.id)]
        if foot is not None:
            u.x, u.y, u.heading, u.files = foot[0], foot[1], foot[2], min(int(foot[3]), n)
            self._after_change()
            fp = self.footprint(u)
            if self.B.obstacle(fp) is None and not self.overlapping(fp, {u.id}):
                self.follow_attached(u)
                return [event("lodgement", "[MT §7.6]", f"{self.name_of(u.id)}: every figure on the "
                              f"walk has fallen; {n} still stand at the foot of the ladder (R-150)",
                              unit=u.id)]
        u.lost += n
        u.figures = 0
        self._after_change()
        return [event("lodgement", "[MT §7.6]", f"{self.name_of(u.id)}: the {n} figures left below "
                      "have nowhere to stand and are lost (R-150)", unit=u.id)] + self.check_destroyed(u)

    def burn_waiting(self: Any, u: Unit, e: Engine) -> list[Event]:
        """R-118 for a split unit: each figure still aboard the destroyed tower dies on d20 ≤ 10;
        the rest climb out onto the walk to the unit's rear ranks if they fit, else are lost."""
        V = self.D.values
        dice = [self.dice.die(int(V["burnt_tower_die"])) for _ in range(u.waiting)]
        dead = sum(1 for r in dice if r <= int(V["burnt_tower_kill"]))
        u.waiting -= dead
        u.lost += dead
        u.lost_round = self.round
        ev = [event("burnt", "[MT §7.8]", f"{self.name_of(u.id)}: {dead} of {len(dice)} figures still "
                    f"aboard {self.name_of(e.id)} die (R-118)", dice=dice, unit=u.id)]
        live = u.waiting
        pose = self.rear_join(u, live) if live and u.placed else None
        if pose is not None:
            self.join_waiting(u, live, pose)
            return ev + [event("reinforce", "[MT §7.6]", f"{live} survivors join {self.name_of(u.id)} "
                               "on the walk (R-150)", unit=u.id)]
        u.lost += live
        self.clear_waiting(u)
        self._after_change()
        if live:
            ev.append(event("burnt", "[MT §7.8]", f"{live} survivors have no room on the walk and "
                            "are lost", unit=u.id))
        return ev

    # ----- wall combat along one walk (R-106) -----------------------------------------------------------
    def wall_combat_pair(self: Any, lose: Unit, win: Unit) -> bool:
        return lose.placed and win.placed and self.situation(lose, win) == "wall"

    def push_along_walk(self: Any, lose: Unit, win: Unit, D: float, penetrated: bool) -> list[Event]:
        """R-106: the loser of a wall combat is pushed D″ along the walk, away from the winner
        (turning with the walk); it stops at anything and is then disorganized.  An attacker
        pushed past the ramp of its docked tower re-embarks, up to the tower's room; the
        excess are eliminated."""
        cx, cy = self.B.centre
        phi_l = math.atan2(lose.y - cy, lose.x - cx)
        phi_w = math.atan2(win.y - cy, win.x - cx)
        sign = 1.0 if math.remainder(phi_l - phi_w, 2 * math.pi) >= 0 else -1.0
        rad = max(1.0, math.hypot(lose.x - cx, lose.y - cy))
        x0, y0, h0 = lose.x, lose.y, lose.heading
        step = 0.25
        n = max(1, math.ceil(D / step))
        gone = 0.0
        ramp = self.ramp_passed(lose, sign, D / rad)
        for k in range(1, n + 1):
            d = min(D, k * step)
            if ramp is not None and d / rad >= ramp[1] - 1e-9:
                lose.x, lose.y, lose.heading = x0, y0, h0
                self._after_change()
                return self.reembark(lose, ramp[0])
            t = sign * d / rad
            x = cx + (x0 - cx) * math.cos(t) - (y0 - cy) * math.sin(t)
            y = cy + (x0 - cx) * math.sin(t) + (y0 - cy) * math.cos(t)
            lose.x, lose.y, lose.heading = q(x), q(y), qa(h0 + math.degrees(t))
            self._after_change()
            fp = self.footprint(lose)
            if self.B.obstacle(fp) is not None or self.overlapping(fp, {lose.id}) \
                    or self.B.walk_at(lose.x, lose.y) != self.B.walk_at(x0, y0):
                t = sign * gone / rad
                x = cx + (x0 - cx) * math.cos(t) - (y0 - cy) * math.sin(t)
                y = cy + (x0 - cx) * math.sin(t) + (y0 - cy) * math.cos(t)
                lose.x, lose.y, lose.heading = (q(x), q(y), qa(h0 + math.degrees(t))) if gone else (x0, y0, h0)
                self._after_change()
                break
            gone = d
        ev = self.push_result(lose, win, D, gone, penetrated, "[MT §7.6]",
                              f"is pushed {gone:.1f}″ along the walk", " (R-106)")
        self.follow_attached(lose)
        return ev

    def ramp_passed(self: Any, u: Unit, sign: float, span: float) -> tuple[Engine, float] | None:
        """The docked tower of ``u``'s side on wall 1 whose ramp ``u``'s centre would pass
        when pushed ``span`` radians along the walk (and the angle at which it passes)."""
        if self.B.walk_at(u.x, u.y) != 1:
            return None
        cx, cy = self.B.centre
        phi = math.atan2(u.y - cy, u.x - cx)
        # a unit standing on the ramp (its centre within half its frontage of it) is past it
        # as soon as it is pushed
        half = u.files * self.pitch(u)[0] / 2 / max(1.0, math.hypot(u.x - cx, u.y - cy))
        best = None
        for e in self.engines.values():
            if e.side != u.side or e.kind != "tower" or e.destroyed or not e.docked:
                continue
            if u.waiting_at is not None and u.waiting_at != e.id:
                continue
            rx, ry = self.ramp(e)
            off = math.remainder(math.atan2(ry - cy, rx - cx) - phi, 2 * math.pi) * sign
            if -half < off <= span and (best is None or off < best[1]):
                best = (e, max(0.0, off))
        return best

    def reembark(self: Any, u: Unit, e: Engine) -> list[Event]:
        """R-106: attackers pushed past the ramp re-embark up to the tower's room; the excess
        are eliminated."""
        per = int(self.D.values["tower_places_troll"]) if u.type == "TI" else 1
        own = u.waiting if u.waiting_at == e.id else 0
        room = (self.tower_places(e) + own * per) // per
        total = u.figures + own
        keep = min(total, room)
        lost = total - keep
        if u.waiting_at == e.id:
            self.clear_waiting(u)
        u.lost += lost
        if lost:
            u.lost_round = self.round
        ev = [event("reembark", "[MT §7.6]", f"{self.name_of(u.id)} is pushed past the ramp of "
                    f"{self.name_of(e.id)}: {keep} figures re-embark"
                    + (f", {lost} are eliminated" if lost else "") + " (R-106)", unit=u.id)]
        u.figures = keep
        if keep <= 0:
            self._after_change()
            return ev + self.check_destroyed(u)
        u.x, u.y = e.x, e.y
        self.board_tower(u, e)
        return ev

    # ----- ladders (R-107, R-108) ----------------------------------------------------------------------
    def ladder_menu(self: Any, u: Unit) -> list[Action]:
        V = self.D.values
        if u.side != "dark-lord" or self.current[u.side] != "infantry_move" or \
                u.acted_on == self.card_no[u.side] or not u.placed or not u.organized or \
                self.klass(u) != "infantry" or u.engine or u.waiting:
            return []
        fp = self.footprint(u)
        level = self.B.level_at(u.x, u.y)
        wall = level + 1
        if wall not in V["ladder_walls"]:
            return []
        band = self.B.walls.get(wall)
        if band is None or fp.distance(band) > 0.5:
            return []
        for g in self.B.gates.values():
            if g.wall == wall and fp.distance(g.opening) < 1.0:
                return []
        return [{"type": "ladder", "unit": u.id}]

    def do_ladder(self: Any, action: Action) -> list[Event]:
        """R-107/R-108: from the lower side of an inner wall, not at a gate: shock against up
        to 8 defenders within 4″ of the ladder on that walk, the defender +4 on the results
        roll; thrown back 3″ or more, or absent, and the unit climbs onto the walk."""
        u = self.act_from_menu(action, self.ladder_menu, "a ladder assault",
                               "[MT §7.6]", "a Dark Lord infantry unit against the lower side of an "
                               "inner wall, not at a gate, sets ladders on Infantry Move (R-107)")
        V = self.D.values
        wall = self.B.level_at(u.x, u.y) + 1
        pt = shapely.ops.nearest_points(self.footprint(u), self.B.walls[wall])[1]
        defenders = self.walk_defenders(wall, (pt.x, pt.y), float(V["ladder_window"]) + 2.0, u.side)
        if not defenders:
            return [event("ladder", "[MT §7.6]", f"{self.name_of(u.id)} sets ladders against wall "
                          f"{wall}: no defenders")] + self.land_on_walk(u, None, wall, (pt.x, pt.y),
                                                                       int(V["ladder_figures"]))
        d = defenders[0]
        before = (d.x, d.y)
        ev = [event("ladder", "[MT §7.6]", f"{self.name_of(u.id)} sets ladders against wall {wall}")]
        ev += self.close_combat(u, d, "shock", assault="ladder", caps=int(V["ladder_figures"]))
        if u.alive and (not d.alive or math.hypot(d.x - before[0], d.y - before[1])
                        >= float(V["ladder_gain_pushback"]) - 1e-6):
            ev += self.land_on_walk(u, None, wall, (pt.x, pt.y), int(V["ladder_figures"]))
        return ev


__all__ = ["SiegeRules", "Engine", "rect"]
