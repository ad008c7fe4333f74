"""Missile fire [MT §7.4], catapults, scatter and fire [MT §7.8], reloading [MT §5.1].

Fire costs 1 impetus on any card; the unit must be loaded and becomes unloaded until a Reload
card.  The figures of the first two ranks fire (all on a wall walk, R-84) at a target at least
partly in the front arc, each rolling on the casualty table with the weapon's CF for the range
band plus modifiers [MT §8.5].
"""

from __future__ import annotations

import math
from typing import Any

import shapely
from shapely.geometry import LineString, Point, box

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .geometry import corners, unit_vectors
from .tables import kill_thresholds, missile_band, missile_max_range
from .units import Unit, q

#: fire squares by centre (immutable polygons)
_SQUARES: dict[tuple[float, float], Any] = {}
#: (front edge, front arc) by a unit's pose (immutable shapes: ``FireRules._front``)
_FRONTS: dict[tuple[Any, ...], tuple[LineString, Any]] = {}


class FireRules:
    """[MT §7.4] [MT §7.8]: mixed into :class:`MinasTirithGame`."""

    # ----- bows [MT §7.4] -----------------------------------------------------------------------
    def missile_weapon(self: Any, u: Unit) -> str | None:
        for w in self.D.units[u.id].weapons:
            if self.D.weapons[w].kind == "missile" and w != "elephant_archers":
                return w
        return None

    def _front(self: Any, u: Unit) -> tuple[LineString, Any]:
        """``u``'s front edge and front arc [MT §7.2] at its pose, memoized by everything
        they depend on (pure functions of the pose, like a footprint: never stale; the arc
        prepared, since many targets are asked of it)."""
        key = u.shape_key
        hit = _FRONTS.get(key)
        if hit is None:
            pitch = self.pitch(u)
            fl, fr, _, _ = corners(u.x, u.y, u.heading, u.files * pitch[0], u.ranks * pitch[1])
            (fx, fy), (lx, ly) = unit_vectors(u.heading)
            far = 200.0
            arc = shapely.Polygon([fl, (fl[0] + (fx + lx) * far, fl[1] + (fy + ly) * far),
                                   (fr[0] + (fx - lx) * far, fr[1] + (fy - ly) * far), fr])
            shapely.prepare(arc)
            if len(_FRONTS) > 5_000:
                _FRONTS.clear()
            hit = _FRONTS[key] = (LineString([fl, fr]), arc)
        return hit

    def front_edge(self: Any, u: Unit) -> LineString:
        return self._front(u)[0]

    def in_front_arc(self: Any, u: Unit, poly: Any) -> bool:
        """Whether ``poly`` lies at least partly in ``u``'s front arc [MT §7.2]."""
        return bool(self._front(u)[1].intersects(poly))

    def line_of_sight(self: Any, u: Unit, t: Unit, from_pt: Point, to_pt: Point) -> str | None:
        """R-85: units, walls (except firing outward or down from that wall's walk) and more
        than 2″ of woods block sight.  None if clear, else what blocks it."""
        seg = LineString([from_pt, to_pt])
        walk = self.B.walk_at(u.x, u.y)
        crossed = self.B.walls_crossed((from_pt.x, from_pt.y), (to_pt.x, to_pt.y))
        allowed = 1 if walk is not None else 0
        if crossed > allowed:
            return "a wall"
        if self.B.woods_length((from_pt.x, from_pt.y), (to_pt.x, to_pt.y)) > float(self.D.values["los_woods_block"]):
            return "woods"
        tree, ids, polys, _, _ = self.occupants()
        for i in tree.query(seg, predicate="intersects"):
            kind, pid, _ = ids[int(i)]
            if pid in (u.id, t.id) or kind != "unit":
                continue
            if polys[int(i)].intersection(seg).length > 0.1:
                return self.name_of(pid)
        return None

    def why_not_fire(self: Any, u: Unit, target: Any, *, reaction: bool = False,
                     pose: Any = None) -> IllegalAction | None:
        """Why ``u`` may not shoot at ``target`` now (None: it may); ``pose``: the target
        taken at that pose instead of where it stands (reaction fire at a mover's end
        position, [MT §6.6])."""
        w = self.missile_weapon(u)
        if w is None:
            return IllegalAction("[MT §7.4]", f"{self.name_of(u.id)} has no missile weapon")
        if not u.loaded:
            return IllegalAction("[MT §7.4]", "the unit must be loaded (it reloads on a Reload card)")
        if not u.placed:
            return IllegalAction("[MT §7.4]", "the unit is not on the table")
        if not isinstance(target, str) or target not in self.units:
            return IllegalAction("[MT §7.4]", f"unknown target {target!r}")
        t = self.units[target]
        if t.side == u.side or not t.placed:
            return IllegalAction("[MT §7.4]", "the target must be an enemy unit on the table")
        return self._why_not_fire_at(u, w, t, pose)

    def _why_not_fire_at(self: Any, u: Unit, w: str, t: Unit, pose: Any = None) -> IllegalAction | None:
        """``why_not_fire`` once the shooter is a loaded unit on the table with weapon ``w``
        and the target ``t`` an enemy on the table (``has_fire_target`` asks this of many)."""
        if self.engaged_with(u):
            return IllegalAction("[MT §7.4]", "a unit in contact with the enemy does not shoot (R-85)")
        if self.engaged_with(t):
            return IllegalAction("[MT §7.4]", "no fire into a melee (R-85)")
        tp = self.footprint(t, pose)
        if not self.in_front_arc(u, tp):
            return IllegalAction("[MT §7.4]", "the target must be at least partly in the front arc")
        edge = self.front_edge(u)
        dist = edge.distance(tp)
        band = missile_band(w, dist)
        if band is None:
            return IllegalAction("[MT §7.4]", f"the target is {dist:.1f}″ away, beyond the "
                                 f"{missile_max_range(w):g}″ of a {w.replace('_', ' ')}")
        a, b = shapely.ops.nearest_points(edge, tp)
        block = self.line_of_sight(u, t, a, b)
        if block is not None:
            return IllegalAction("[MT §7.4]", f"{block} blocks the line of sight (R-85)")
        return None

    def has_fire_target(self: Any, u: Unit) -> bool:
        """Whether ``u`` could shoot now (the first target found will do)."""
        w = self.missile_weapon(u)
        if w is None or not u.loaded or not u.placed:
            return False
        reach = missile_max_range(w) + 10
        near = sorted((abs(t.x - u.x) + abs(t.y - u.y), t.id) for t in self.units.values()
                      if t.side != u.side and t.placed and abs(t.x - u.x) < reach and abs(t.y - u.y) < reach)
        units = self.units
        return any(self._why_not_fire_at(u, w, units[tid]) is None for _, tid in near)

    def city_aim_points(self: Any, e: Any) -> list[tuple[float, float]]:
        """Aim points in the city for a Dark Lord catapult: a point of each sector held by the
        West, where a shot may start a fire [MT §7.8]."""
        if e.side != "dark-lord":
            return []
        pts = []
        for sec, poly in sorted(self.B.sectors.items()):
            if sec == "Pelennor" or self.sector_control.get(sec) == "dark-lord":
                continue
            p = poly.representative_point()
            pts.append((q(p.x), q(p.y)))
        return pts

    def has_bombard_target(self: Any, e: Any) -> bool:
        if not e.loaded or e.destroyed:
            return False
        for t in self.units.values():
            if t.side != e.side and t.placed and self.why_not_bombard(e, t.x, t.y) is None:
                return True
        return any(self.why_not_bombard(e, x, y) is None for x, y in self.city_aim_points(e))

    def fire_menu(self: Any, u: Unit) -> list[Action]:
        w = self.missile_weapon(u)
        if w is None or not u.loaded or not u.placed:
            return []
        reach = missile_max_range(w) + 10
        acts = []
        for t in self.units.values():
            if t.side != u.side and t.placed and abs(t.x - u.x) < reach + 10 and abs(t.y - u.y) < reach + 10:
                if self.why_not_fire(u, t.id) is None:
                    acts.append({"type": "fire", "unit": u.id, "target": t.id})
                    if t.archers > 0:
                        acts.append({"type": "fire", "unit": u.id, "target": t.id, "archers": True})
        return acts

    def do_fire(self: Any, action: Action) -> list[Event]:
        """[MT §7.4] Missile fire: 1 impetus, on any card."""
        if "engine" in action:
            raise IllegalAction("[MT §7.8]", "a catapult fires with 'bombard' at an aim point")
        u = self.actor_unit(action, "unit")
        err = self.why_not_fire(u, action.get("target"))
        if err is not None:
            raise err
        if not {"type", "unit", "target"} <= set(action) <= {"type", "unit", "target", "archers"} \
                or action.get("archers", True) is not True:
            raise IllegalAction("[MT §7.4]", "fire is {type, unit, target, archers?: true}")
        t = self.units[action["target"]]
        if action.get("archers") and t.archers <= 0:
            raise IllegalAction("[MT §7.9]", f"{self.name_of(t.id)} carries no elephant archers")
        self.spend(1, "missile fire")
        self.selected = None
        return self.volley(u, t, at_archers=bool(action.get("archers")))

    def volley(self: Any, u: Unit, t: Unit, band_override: str | None = None,
               at_archers: bool = False, pose: Any = None) -> list[Event]:
        """One volley of ``u`` at ``t`` (``pose``: ``t`` taken at that pose, [MT §6.6])."""
        M = self.D.missile_mods
        w = self.missile_weapon(u)
        assert w is not None
        tp = self.footprint(t, pose)
        tx, ty = (t.x, t.y) if pose is None else (pose.x, pose.y)
        dist = self.front_edge(u).distance(tp)
        band = missile_band(w, dist)
        assert band is not None
        name, cf = band
        if band_override is not None:
            for bname, _rng, bcf in self.D.missile[w].bands:
                if bname == band_override:
                    name, cf = bname, bcf
        why = [f"{w.replace('_', ' ')} {name.replace('_', ' ')} {cf}"]
        if at_archers:                      # shot as LI, −2 in the howdah
            tm = self.D.troop_types["LI"].missile_target + int(M["elephant_archer_target"])
            why.append(f"{tm:+d} elephant archers in the howdah (R-121)")
            cf += tm
        else:
            tm = self.D.troop_types[t.type].missile_target
            if tm:
                cf += tm
                why.append(f"{tm:+d} target {t.type}")
        if self.B.walk_at(tx, ty) is not None:
            cf += M["target_on_wall_walk"]
            why.append(f"{M['target_on_wall_walk']:+d} battlements")
        if self.B.in_woods(tp):
            cf += M["target_in_woods"]
            why.append(f"{M['target_in_woods']:+d} woods")
        eu, et = self.B.elevation(u.x, u.y), self.B.elevation(tx, ty)
        if eu > et or (self.B.walk_at(u.x, u.y) is not None and eu >= et):
            cf += M["shooting_down"]
            why.append(f"{M['shooting_down']:+d} shooting down")
        elif eu < et:
            cf += M["shooting_up"]
            why.append(f"{M['shooting_up']:+d} shooting up")
        if not u.organized:
            cf += M["firer_disorganized"]
            why.append(f"{M['firer_disorganized']:+d} disorganized")
        if self.B.walk_at(u.x, u.y) is not None:
            firers = u.figures
        else:
            firers = min(u.figures, u.files * int(self.D.values["rank_fire"]))
        th = kill_thresholds(cf)
        dice, kills = [], 0
        for _ in range(firers):
            for x in th:
                r = self.dice.die(20)
                dice.append(r)
                kills += r <= x
        u.loaded = False
        u.fired_round = self.round
        if name == "point_blank":
            u.fired_pb_round = self.round
        if at_archers:
            lost = min(kills, t.archers)
            t.archers -= lost
            return [event("fire", "[MT §7.9]", f"{self.name_of(u.id)} shoots at the elephant archers "
                          f"of {self.name_of(t.id)} ({dist:.1f}″): {firers} figures at CF {cf} "
                          f"({', '.join(why)}): {lost} killed", dice=dice, unit=u.id, target=t.id)]
        lost = self.remove_figures(t, kills)
        ev = [event("fire", "[MT §7.4]", f"{self.name_of(u.id)} shoots at {self.name_of(t.id)} "
                    f"({dist:.1f}″): {firers} figures at CF {cf} ({', '.join(why)}): {lost} killed",
                    dice=dice, unit=u.id, target=t.id)]
        ev.extend(self.check_destroyed(t))
        return ev

    # ----- horse archers [MT §6.5] [MT §7.4] ---------------------------------------------------------
    def horse_archers(self: Any, u: Unit) -> bool:
        return "horse_bow" in self.D.units[u.id].weapons

    def move_fire_cost(self: Any) -> int:
        return 1 + int(self.D.values["horse_archer_fire_pips"])

    def pose_after(self: Any, u: Unit, path: str, at: int) -> Any:
        """Where ``u`` stands after the first ``at`` steps of ``path``."""
        from .movement import parse_path
        pose, _, _, _, _ = self.trace(u, parse_path(path)[:at])
        return pose

    def ghost_at(self: Any, u: Unit, pose: Any) -> Unit:
        """A copy of ``u`` standing at ``pose`` (to measure a volley from where it will be)."""
        g = u.copy()
        g.x, g.y, g.heading, g.files = pose.x, pose.y, pose.h, pose.files
        return g

    def why_not_move_fire(self: Any, action: Action) -> IllegalAction | None:
        """``{"type": "move_fire", "unit", "path", "target", "at"}``: horse archers move along
        ``path`` (the grammar of a move) and shoot once at ``target`` after its first ``at``
        steps (0: before moving; the number of steps: at the end), for the move's pip + 1
        [seed: Horse Archers]; the range and arc are taken where the unit then stands."""
        from .movement import parse_path
        try:
            u = self.actor_unit(action, "unit")
            if set(action) != {"type", "unit", "path", "target", "at"}:
                return IllegalAction("[MT §7.4]", "a horse archers' move and volley is {type, unit, "
                                     "path, target, at}")
            if not self.horse_archers(u):
                return IllegalAction("[MT §7.4]", "only horse archers (a horse bow) move and shoot in "
                                     "one action [seed: Horse Archers]")
            err = self.why_not_move(u)
            if err is not None:
                return err
            if self.selected != u.id:
                return IllegalAction("[MT §6.5]", "select the unit first")
            steps = parse_path(action["path"])
            at = action["at"]
            if not isinstance(at, int) or isinstance(at, bool) or not 0 <= at <= len(steps):
                return IllegalAction("[MT §7.4]", f"'at' is the number of steps before the volley, "
                                     f"0 to {len(steps)}")
            if self.pips < self.move_fire_cost():
                return IllegalAction("[MT §6.5]", f"moving and shooting costs {self.move_fire_cost()} "
                                     f"impetus; {self.pips} left")
            self.check_path(u, action["path"])
            return self.why_not_fire(self.ghost_at(u, self.pose_after(u, action["path"], at)),
                                     action.get("target"))
        except IllegalAction as e:
            return e

    def move_fire_menu(self: Any, u: Unit, moves: list[Action] | None = None) -> list[Action]:
        """Each move of the menu with a volley before it or at its end, at the nearest target
        then in range and arc (any other split is accepted off the menu)."""
        if not self.horse_archers(u) or not u.loaded or self.pips < self.move_fire_cost() \
                or self.why_not_move(u) is not None:
            return []
        from .movement import parse_path

        def nearest(g: Unit) -> str | None:
            edge = self.front_edge(g)
            reach = missile_max_range("horse_bow") + 6
            near = sorted((edge.distance(self.footprint(t)), t.id) for t in self.units.values()
                          if t.side != u.side and t.placed and abs(t.x - g.x) < reach
                          and abs(t.y - g.y) < reach)
            return next((tid for _, tid in near if self.why_not_fire(g, tid) is None), None)

        acts: list[Action] = []
        first = nearest(u)
        for m in (self.move_menu(u) if moves is None else moves):
            if "leaders" in m:
                continue
            path = m["path"]
            n = len(parse_path(path))
            if first is not None:
                acts.append({"type": "move_fire", "unit": u.id, "path": path, "target": first, "at": 0})
            last = nearest(self.ghost_at(u, self.pose_after(u, path, n)))
            if last is not None:
                acts.append({"type": "move_fire", "unit": u.id, "path": path, "target": last, "at": n})
        return acts

    def do_move_fire(self: Any, action: Action) -> list[Event]:
        """[MT §6.5] [seed: Horse Archers] Horse archers move a full move and shoot, split any
        way (the move pip + 1).  The whole action is declared (the enemy may react to the move,
        [MT §6.6]); then the unit makes the first ``at`` steps, shoots from where it stands if
        the target is still in range, arc and sight, and makes the rest."""
        err = self.why_not_move_fire(action)
        if err is not None:
            raise err
        u = self.units[action["unit"]]
        chk = self.check_path(u, action["path"])
        self.spend(self.move_fire_cost(), "a horse archers' move and volley")
        u.acted_on = self.card_no[u.side]
        self.selected = None
        pose = chk["pose"]
        ev = [event("move_fire", "[MT §7.4]", f"{self.name_of(u.id)} moves and shoots at "
                    f"{self.name_of(action['target'])} after step {action['at']} [seed: Horse Archers]",
                    unit=u.id)]
        return ev + self.declare(u, {"kind": "move_fire", "unit": u.id, "path": action["path"],
                                     "end": [pose.x, pose.y, pose.h, pose.files],
                                     "target": action["target"], "at": action["at"]})

    def execute_move_fire(self: Any, u: Unit, move: dict[str, Any]) -> list[Event]:
        """Carry out a declared move and volley, after any reactions."""
        parts = [p.strip() for p in move["path"].split(",")]
        at = int(move["at"])
        first, rest = ",".join(parts[:at]), ",".join(parts[at:])
        ev: list[Event] = []
        if first:
            try:
                self.check_path(u, first)
            except IllegalAction as e:
                return [event("move", "[MT §6.6]", f"{self.name_of(u.id)} cannot complete its move "
                              f"after the reactions: {e.why}", unit=u.id)]
            ev += self.execute_move(u, first)
            if self.pending is not None or not u.placed or self.engaged_with(u):
                return ev                       # it met the enemy on the way: the melee ends it
        err = self.why_not_fire(u, move["target"])
        if err is None:
            ev += self.volley(u, self.units[move["target"]])
        else:
            ev.append(event("fire", "[MT §7.4]", f"{self.name_of(u.id)} cannot shoot at "
                            f"{self.name_of(move['target'])} after step {at}: {err.why}", unit=u.id))
        if rest and self.pending is None and u.placed:
            ev += self.execute_move(u, rest)
        return ev

    # ----- elephant archers [MT §7.9] ------------------------------------------------------------
    def archer_menu(self: Any, m: Unit) -> list[Action]:
        if m.archers <= 0 or not m.archers_loaded or not m.placed:
            return []
        acts = []
        for t in self.units.values():
            if t.side == m.side or not t.placed or self.engaged_with(t):
                continue
            d = self.footprint(m).distance(self.footprint(t))
            if missile_band("elephant_archers", d) is not None:
                acts.append({"type": "archers", "unit": m.id, "target": t.id})
        return acts

    def do_archers(self: Any, action: Action) -> list[Event]:
        """[seed: Elephants (Mumakel)] The elephant archers fire through 360° at no cost."""
        m = self.actor_unit(action, "unit")
        if action not in self.archer_menu(m):
            raise IllegalAction("[MT §7.9]", "the elephant archers must be loaded and the target "
                                "in range and out of melee")
        t = self.units[action["target"]]
        self.selected = None
        return self.archer_volley(m, t)

    def archer_volley(self: Any, m: Unit, t: Unit, band_override: str | None = None,
                      pose: Any = None) -> list[Event]:
        """One volley of ``m``'s elephant archers at ``t`` (``band_override``: the band of a
        reaction at a charger, R-67; ``pose``: ``t`` taken at its declared end, [MT §6.6])."""
        d = self.footprint(m).distance(self.footprint(t, pose))
        bands = self.D.missile["elephant_archers"].bands
        name, cf = missile_band("elephant_archers", d) or (bands[-1][0], bands[-1][2])
        if band_override is not None:
            for bname, _rng, bcf in bands:
                if bname == band_override:
                    name, cf = bname, bcf
        cf += self.D.troop_types[t.type].missile_target
        th = kill_thresholds(cf)
        dice = [self.dice.die(20) for _ in range(m.archers * len(th))]
        kills = sum(1 for i, r in enumerate(dice) if r <= th[i % len(th)])
        m.archers_loaded = False
        lost = self.remove_figures(t, kills)
        return [event("fire", "[MT §7.9]", f"The elephant archers of {self.name_of(m.id)} shoot at "
                      f"{self.name_of(t.id)} ({d:.1f}″, {name.replace('_', ' ')}, CF {cf}): {lost} killed",
                      dice=dice)] + self.check_destroyed(t)

    # ----- reloading [MT §5.1] --------------------------------------------------------------------
    def reload_menu(self: Any, actor: str) -> list[Action]:
        side = self.active
        if self.current[side] != "reload":
            return []
        if actor in self.units:
            u = self.units[actor]
            acts = []
            if u.acted_on != self.card_no[side] and u.placed:
                if self.missile_weapon(u) and not u.loaded:
                    acts.append({"type": "reload", "unit": actor})
                if u.archers and not u.archers_loaded:
                    acts.append({"type": "reload", "unit": actor, "archers": True})
            return acts
        if actor in self.engines:
            e = self.engines[actor]
            if e.kind.endswith("catapult") and not e.loaded and e.acted_on != self.card_no[side]:
                return [{"type": "reload", "engine": actor}]
        return []

    def do_reload(self: Any, action: Action) -> list[Event]:
        """[MT §5.1] Reload: 1 impetus per unit or catapult on a Reload card (one pip reloads
        all the archers of one Mumak unit, R-44)."""
        actor = action.get("unit") or action.get("engine")
        if action not in self.reload_menu(actor if isinstance(actor, str) else ""):
            raise IllegalAction("[MT §5.1]", "a unit or catapult that has fired reloads on a Reload card, once per card")
        self.spend(1, "reloading")
        self.selected = None
        if "engine" in action:
            e = self.engines[action["engine"]]
            e.loaded = True
            e.acted_on = self.card_no[e.side]
        else:
            u = self.units[action["unit"]]
            if action.get("archers"):
                u.archers_loaded = True
            else:
                u.loaded = True
            u.acted_on = self.card_no[u.side]
        return [event("reload", "[MT §5.1]", f"{self.name_of(actor)} reloads")]

    # ----- catapults [MT §7.8] ---------------------------------------------------------------------
    def catapult_range(self: Any, e: Any, x: float, y: float) -> float:
        V = self.D.values
        spec = self.D.engines[e.id]
        rng = float(spec.range or 0)
        if self.B.elevation(e.x, e.y) >= int(V["catapult_above_min_elevation"]):
            rng += float(V["catapult_above_bonus"])
        walls = self.B.walls_crossed((e.x, e.y), (x, y))
        if walls > 1:
            rng += float(V["catapult_per_wall"]) * (walls - 1)
        return rng

    def why_not_bombard(self: Any, e: Any, x: Any, y: Any) -> IllegalAction | None:
        if not e.kind.endswith("catapult") or e.destroyed:
            return IllegalAction("[MT §7.8]", f"{self.name_of(e.id)} is not a catapult")
        for v in (x, y):
            if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v):
                return IllegalAction("[MT §7.8]", "the aim point needs finite x and y in inches")
        if not (0 <= x <= self.B.width and 0 <= y <= self.B.height):
            return IllegalAction("[MT §7.8]", "the aim point must be on the table")
        if not e.loaded:
            return IllegalAction("[MT §7.8]", "the catapult must be loaded")
        if self.engine_in_contact(e):
            return IllegalAction("[MT §7.5.11]", "an engine in contact with the enemy may not fire")
        d = math.hypot(x - e.x, y - e.y)
        rng = self.catapult_range(e, x, y)
        if d > rng + 1e-6:
            return IllegalAction("[MT §7.8]", f"the aim point is {d:.1f}″ away; the range is {rng:g}″")
        (fx, fy), (lx, ly) = unit_vectors(e.heading)
        ahead = (x - e.x) * fx + (y - e.y) * fy
        lat = abs((x - e.x) * lx + (y - e.y) * ly)
        w = self.D.engines[e.id].size[0] / 2
        if ahead <= 0 or lat > w + ahead:
            return IllegalAction("[MT §7.8]", "a catapult fires only into its front arc (R-42)")
        return None

    def engine_in_contact(self: Any, e: Any) -> bool:
        return any(kind == "unit" and side != e.side
                   for kind, _pid, side, _ in self.touching(self.engine_rect(e), {e.id}))

    def bombard_menu(self: Any, e: Any) -> list[Action]:
        if not e.loaded or e.destroyed:
            return []
        acts = []
        for t in self.units.values():
            if t.side != e.side and t.placed and self.why_not_bombard(e, t.x, t.y) is None:
                acts.append({"type": "bombard", "engine": e.id, "x": t.x, "y": t.y})
        for o in self.engines.values():
            if o.side != e.side and not o.destroyed and self.why_not_bombard(e, o.x, o.y) is None:
                acts.append({"type": "bombard", "engine": e.id, "x": o.x, "y": o.y})
        for x, y in self.city_aim_points(e):
            if self.why_not_bombard(e, x, y) is None:
                acts.append({"type": "bombard", "engine": e.id, "x": x, "y": y})
        if not acts:          # any point in range and arc may be aimed at: straight ahead
            (fx, fy), _ = unit_vectors(e.heading)
            for frac in (0.75, 0.5, 0.25):
                d = self.D.engines[e.id].range * frac
                x, y = q(e.x + fx * d), q(e.y + fy * d)
                if self.why_not_bombard(e, x, y) is None:
                    acts.append({"type": "bombard", "engine": e.id, "x": x, "y": y})
                    break
        return acts[:16]

    def bombard_shape_error(self: Any, action: Action) -> IllegalAction | None:
        """A bombard is exactly {type, engine, x, y}; the legality check (why_not) and the
        shot itself both ask here, so a malformed one is refused before anything changes."""
        if set(action) != {"type", "engine", "x", "y"}:
            return IllegalAction("[MT §7.8]", "bombard is {type, engine, x, y}")
        return None

    def do_bombard(self: Any, action: Action) -> list[Event]:
        """[MT §7.8] A catapult fires at an aim point: scatter, impact (R-116) and fire."""
        e = self.engines.get(action.get("engine")) if isinstance(action.get("engine"), str) else None
        if e is None or e.side != self.active:
            raise IllegalAction("[MT §7.8]", "bombard needs one of your catapults")
        err = self.bombard_shape_error(action) or self.why_not_bombard(e, action["x"], action["y"])
        if err is not None:
            raise err
        V = self.D.values
        self.spend(1, "catapult fire")
        self.selected = None
        e.loaded = False
        ax, ay = float(action["x"]), float(action["y"])
        scatter = self.dice.die(int(V["scatter_die_sides"]))
        d6 = self.dice.die(6)
        hit = scatter <= int(V["scatter_hit_faces"])
        if hit:
            lx, ly, where = ax, ay, "HIT: on the aim point"
        else:
            bearing = self.dice.below(3600) / 10.0
            lx = ax + d6 * math.cos(math.radians(bearing))
            ly = ay + d6 * math.sin(math.radians(bearing))
            where = f"an arrow: {d6}″ on a bearing of {bearing:g}°"
        lx, ly = q(min(max(lx, 0.0), self.B.width)), q(min(max(ly, 0.0), self.B.height))
        ev = [event("bombard", "[MT §7.8]", f"{self.name_of(e.id)} fires: scatter {where} "
                    f"(landing at {lx:g}, {ly:g})", dice=[scatter, d6], engine=e.id)]
        ev.extend(self.impact(e, lx, ly))
        starts = hit or d6 % 2 == 0
        r, _ = self.B.polar(lx, ly)
        on_engine = any(not o.destroyed and o.kind in ("tower", "large_catapult", "small_catapult")
                        and self.engine_rect(o).contains(Point(lx, ly)) for o in self.engines.values())
        if starts and (r <= float(V["catapult_fire_radius"]) or on_engine):
            ev.extend(self.start_fire(lx, ly))
        return ev

    def impact(self: Any, e: Any, x: float, y: float) -> list[Event]:
        """R-116: every figure (either side) whose base centre lies in the 3″ square is rolled
        for at CF 7 (large) or 5 (small), −3 against trolls, −5 against Mumakil."""
        sq = self.fire_square(x, y)
        base_cf = int(self.D.engines[e.id].impact_cf or 0)
        ev: list[Event] = []
        for u in list(self.units.values()):
            if not u.placed:
                continue
            n = self.figures_in(u, sq)
            if n <= 0:
                continue
            cf = base_cf + int(self.D.values["catapult_impact_vs"].get(u.type, 0))
            kills, dice = self.casualties(n, cf)
            lost = self.remove_figures(u, kills)
            ev.append(event("impact", "[MT §7.8]", f"{n} figures of {self.name_of(u.id)} under the "
                            f"shot, CF {cf}: {lost} killed (R-116)", dice=dice, unit=u.id))
            ev.extend(self.check_destroyed(u))
        return ev

    def figures_in(self: Any, u: Unit, area: Any) -> int:
        """How many of ``u``'s figure bases have their centre in ``area``."""
        p = self.pitch(u)
        (fx, fy), (lx, ly) = unit_vectors(u.heading)
        n = 0
        depth = u.ranks * p[1]
        for r in range(u.ranks):
            for f in range(u.files):
                if r * u.files + f >= u.figures:
                    break
                off_l = (f + 0.5) * p[0] - u.files * p[0] / 2
                off_f = depth / 2 - (r + 0.5) * p[1]
                pt = Point(u.x + lx * off_l + fx * off_f, u.y + ly * off_l + fy * off_f)
                n += area.contains(pt)
        return n

    # ----- fire [MT §7.8] ---------------------------------------------------------------------------
    def fire_square(self: Any, x: float, y: float) -> Any:
        sq = _SQUARES.get((x, y))
        if sq is None:
            s = float(self.D.values["fire_size"]) / 2
            sq = _SQUARES[(x, y)] = box(x - s, y - s, x + s, y + s)
        return sq

    def start_fire(self: Any, x: float, y: float) -> list[Event]:
        self.fires.append((x, y))
        sq = self.fire_square(x, y)
        ev = [event("fire_starts", "[MT §7.8]", f"A fire starts at ({x:g}, {y:g}) in "
                    f"{self.B.sector_at(x, y)}")]
        for u in list(self.units.values()):
            if u.placed and self.footprint(u).intersects(sq):
                ev.extend(self.flee_fire(u, x, y))
        for o in self.engines.values():
            if not o.destroyed and o.kind != "grond":
                n = sum(1 for fx, fy in self.fires if self.engine_rect(o).intersects(self.fire_square(fx, fy)))
                if n >= int(self.D.values["fires_destroy_engine"]):
                    ev.extend(self.destroy_engine(o, f"by {n} fires [seed: Fire]"))
        self._after_change()
        return ev

    def flee_fire(self: Any, u: Unit, x: float, y: float) -> list[Event]:
        """[seed: Fire] A unit under a fire moves straight away from its centre until clear,
        then tests d8 > morale → disorganized."""
        away = math.degrees(math.atan2(u.y - y, u.x - x)) if (u.x, u.y) != (x, y) else u.heading + 180
        sq = self.fire_square(x, y)
        moved = 0.0
        for _ in range(40):
            if not self.footprint(u).intersects(sq):
                break
            gone = self.slide(u, away, 0.5)
            moved += gone
            if gone < 1e-3:
                break
        self._after_change()
        self.follow_attached(u)
        r = self.dice.die(int(self.D.tests["fire"]))
        bad = r > self.morale_of(u)
        if bad:
            u.organized = False
        return [event("fire_on_unit", "[MT §7.8]", f"{self.name_of(u.id)} retreats {moved:.1f}″ "
                      f"from the fire; d8 {r} against morale {self.morale_of(u)}: "
                      f"{'disorganized' if bad else 'holds'}", dice=[r], unit=u.id)]

    def fire_crossing_test(self: Any, u: Unit) -> list[Event]:
        """R-76: crossing a fire square: d8 > morale → disorganized."""
        r = self.dice.die(int(self.D.tests["fire"]))
        bad = r > self.morale_of(u)
        if bad:
            u.organized = False
        return [event("test", "[MT §7.8]", f"{self.name_of(u.id)} crosses a fire: d8 {r} against "
                      f"morale {self.morale_of(u)}: {'disorganized' if bad else 'holds'} (R-76)",
                      dice=[r], unit=u.id)]

    def fires_in_sector_test(self: Any, u: Unit) -> list[Event]:
        """[seed: Disorganization] entering a sector with 4 or more fires: d8 + (fires − 4) −
        best CL in span > morale → disorganized."""
        V = self.D.values
        if not u.placed:
            return []
        sector = self.B.sector_at(u.x, u.y)
        if sector == "Pelennor":
            return []
        n = sum(1 for fx, fy in self.fires if self.B.sector_at(fx, fy) == sector)
        th = int(V["fires_in_sector_threshold"])
        if n < th:
            return []
        r = self.dice.die(int(self.D.tests["fires_in_sector"]))
        cl = self.best_cl(u) or 0
        total = r + (n - th) - cl
        bad = total > self.morale_of(u)
        if bad:
            u.organized = False
        return [event("test", "[MT §7.10]", f"{self.name_of(u.id)} moves among {n} fires in "
                      f"{sector}: d8 {r} +{n - th} -{cl} = {total} against morale "
                      f"{self.morale_of(u)}: {'disorganized' if bad else 'holds'}", dice=[r], unit=u.id)]

    def friendly_fire_burning(self: Any, side: str) -> bool:
        """R-120: fires on friendly areas, for the Fighting Fires card."""
        for fx, fy in self.fires:
            if any(not o.destroyed and o.side == side and self.engine_rect(o).intersects(self.fire_square(fx, fy))
                   for o in self.engines.values()):
                return True
            r, _ = self.B.polar(fx, fy)
            if side == "west" and r <= float(self.D.values["catapult_fire_radius"]):
                return True
            if side == "dark-lord":
                sec = self.B.sector_at(fx, fy)
                if sec != "Pelennor" and self.sector_control.get(sec) == "dark-lord":
                    return True
        return False

    def fight_fire_menu(self: Any, u: Unit) -> list[Action]:
        if self.current[u.side] != "fighting_fires" or u.acted_on == self.card_no[u.side] or not u.placed:
            return []
        fp = self.footprint(u)
        near = float(self.D.values["fire_adjacent"])
        if any(fp.distance(self.fire_square(fx, fy)) <= near for fx, fy in self.fires):
            return [{"type": "fight_fire", "unit": u.id}]
        return []

    def do_fight_fire(self: Any, action: Action) -> list[Event]:
        """[seed: Fire] [found: CARDS] A unit within 1″ of a fire fights it: it becomes
        disorganized; each figure rolls d20, each 1–3 puts out one adjacent fire."""
        u = self.act_from_menu(action, self.fight_fire_menu, "fighting fire",
                               "[MT §7.8]", "a unit within 1″ of a fire fights it on a Fighting Fires card")
        V = self.D.values
        u.organized = False
        dice = [self.dice.die(int(V["fire_fight_die"])) for _ in range(u.figures)]
        out = sum(1 for r in dice if r <= int(V["fire_fight_success"]))
        fp = self.footprint(u)
        near = float(V["fire_adjacent"])
        adjacent = [f for f in self.fires if fp.distance(self.fire_square(*f)) <= near]
        put_out = adjacent[:out]
        for f in put_out:
            self.fires.remove(f)
        self._after_change()
        return [event("fight_fire", "[MT §7.8]", f"{self.name_of(u.id)} fights the fire "
                      f"(disorganized): {out} successes, {len(put_out)} fire(s) put out",
                      dice=dice, unit=u.id)]
