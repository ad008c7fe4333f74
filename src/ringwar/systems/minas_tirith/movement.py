"""Movement [MT §7.1] [MT §7.2] [MT §7.3]: paths in inches, their cost, collisions and contact.

A move names its path as steps separated by commas (``docs/engine.md``):

- ``m<b>:<d>``  move ``d`` inches along bearing ``b`` degrees relative to the heading (no change
  of facing): forward or oblique (|b| < 45°) costs ``d``, backward or sideways twice ``d``
  [seed: Turning];
- ``w<a>``      wheel ``a`` degrees (positive: to the left) about the centre of the front edge:
  ``2 × |a| × frontage/2`` [seed: Turning] "½ rate";
- ``pl<a>`` / ``pr<a>``  pivot about the front-left / front-right corner: ``|a| × frontage``;
- ``t90``, ``t-90``, ``t180``  turn in place (files and ranks swap for 90°): free, once a move (R-74).

Woods double the cost of the part of a path inside them (R-75); a unit in march column whose
centre stays within 1″ of a road adds the road bonus (R-72).  The swept footprint of each step
may not cross a wall, the keel, the table edge, an enemy (except to end in contact) or a friend
(except by paying to interpenetrate and ending clear) [MT §7.1.5].
"""

from __future__ import annotations

import math
import re
from typing import Any

import shapely
from shapely.geometry import LineString, Point, Polygon

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .geometry import corners, furthest, rect, unit_vectors
from .geometry import swept as sweep_between
from .units import FORMATIONS, Unit, q, qa

NAME = {"west": "the West", "dark-lord": "the Dark Lord"}
_STEP = re.compile(r"^(m)(-?\d+(?:\.\d+)?):(\d+(?:\.\d+)?)$|^(w|pl|pr)(-?\d+(?:\.\d+)?)$|^t(90|-90|180)$")
MAX_PATH_STEPS = 8
EPS = 1e-6
_ROAD_CACHE: dict[Any, Any] = {}
#: footprints by (type, order, figures, x, y, heading, files): shapely polygons are immutable
_FOOTPRINTS: dict[tuple[Any, ...], Polygon] = {}
#: ``MovementRules.trace``'s answers by the unit's pose and the steps (shapes immutable)
_TRACES: dict[tuple[Any, ...], tuple[Any, ...]] = {}


class Pose:
    """A unit's pose during a move: centre, heading and files (never changed once made:
    ``trace`` shares the poses it keeps)."""

    __slots__ = ("x", "y", "h", "files")

    def __init__(self, x: float, y: float, h: float, files: int) -> None:
        self.x, self.y, self.h, self.files = x, y, h, files


def parse_path(path: Any) -> list[tuple[str, float, float]]:
    """``"w-30,m0:8"`` -> ``[("w", -30, 0), ("m", 0, 8)]``; IllegalAction for anything else
    (NaN, infinity, enormous or negative distances are refused here) [MT §7.1.4]."""
    if not isinstance(path, str) or not path or len(path) > 200:
        raise IllegalAction("[MT §7.1.4]", "a move needs a 'path' of steps such as \"w-30,m0:8\"")
    steps: list[tuple[str, float, float]] = []
    for raw in path.split(","):
        m = _STEP.match(raw.strip())
        if m is None:
            raise IllegalAction("[MT §7.1.4]", f"path step {raw!r} is not m<bearing>:<inches>, "
                                "w<degrees>, pl<degrees>, pr<degrees> or t90/t-90/t180")
        if m.group(1):
            b, d = float(m.group(2)), float(m.group(3))
            if not (math.isfinite(b) and math.isfinite(d)) or abs(b) > 180 or d > 200:
                raise IllegalAction("[MT §7.1.4]", f"path step {raw!r}: bearing -180..180 and at most 200 inches")
            steps.append(("m", b, d))
        elif m.group(4):
            a = float(m.group(5))
            if not math.isfinite(a) or abs(a) > 360:
                raise IllegalAction("[MT §7.1.4]", f"path step {raw!r}: at most 360 degrees")
            steps.append((m.group(4), a, 0.0))
        else:
            steps.append(("t", float(m.group(6)), 0.0))
    if len(steps) > MAX_PATH_STEPS:
        raise IllegalAction("[MT §7.1.4]", f"a path has at most {MAX_PATH_STEPS} steps")
    return steps


def fmt(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


class MovementRules:
    """[MT §7.1]-[MT §7.3]: mixed into :class:`MinasTirithGame`."""

    # ----- sizes [MT §2.4] --------------------------------------------------------------------
    def pitch(self: Any, u: Unit) -> tuple[float, float]:
        t = self.D.troop_types[u.type]
        return t.open_pitch if (u.order == "open" or t.open_only) else t.close_pitch

    def footprint(self: Any, u: Unit, pose: Pose | None = None) -> Polygon:
        """The footprint at the unit's pose (or ``pose``), memoized by everything it depends on
        (a pure function of the pose, so the memo is never stale)."""
        if pose is None:
            key = u.shape_key
        else:
            key = (u.type, u.order, u.figures, pose.x, pose.y, pose.h, pose.files)
        poly = _FOOTPRINTS.get(key)
        if poly is None:
            p = self.pitch(u)
            ranks = max(1, math.ceil(u.figures / max(1, key[6])))
            poly = rect(key[3], key[4], key[5], key[6] * p[0], ranks * p[1])
            if len(_FOOTPRINTS) > 50_000:
                _FOOTPRINTS.clear()
            _FOOTPRINTS[key] = poly
        return poly

    def engine_rect(self: Any, e: Any, x: float | None = None, y: float | None = None,
                    h: float | None = None) -> Polygon:
        """An engine's footprint at its pose (or the one given): ``rect`` keeps it."""
        w, d = self.D.engines[e.id].size
        return rect(e.x if x is None else x, e.y if y is None else y,
                    e.heading if h is None else h, w, d)

    def klass(self: Any, u: Unit) -> str:
        return self.D.troop_types[u.type].klass

    # ----- the table's occupants (cached until the next change) ------------------------------
    def _after_change(self: Any) -> None:
        super()._after_change()  # type: ignore[misc]
        self._geo = None

    def occupants(self: Any) -> tuple[Any, list[tuple[str, str, str]], list[Polygon],
                                      dict[int, Polygon], dict[Any, list[str]]]:
        """An STRtree of every footprint on the table: units, engines (and what each is); with
        memos of what is asked of it many times while the table stays as it is (each
        footprint shrunk by the contact tolerance, ``overlapping``; the enemies in contact
        with a unit at a pose, ``engaged_with``)."""
        geo = getattr(self, "_geo", None)
        if geo is None:
            ids: list[tuple[str, str, str]] = []
            polys: list[Polygon] = []
            for u in self.units.values():
                if u.placed:
                    ids.append(("unit", u.id, u.side))
                    polys.append(self.footprint(u))
            for e in self.engines.values():
                if not e.destroyed:
                    ids.append(("engine", e.id, e.side))
                    polys.append(self.engine_rect(e))
            tree = shapely.STRtree(polys)
            geo = self._geo = (tree, ids, polys, {}, {})
        return geo

    def touching(self: Any, poly: Polygon, exclude: set[str], tol: float | None = None
                 ) -> list[tuple[str, str, str, Polygon]]:
        """Every occupant within ``tol`` (contact tolerance, R-31) of ``poly``."""
        tol = float(self.D.values["contact_tolerance"]) if tol is None else tol
        tree, ids, polys, _, _ = self.occupants()
        out = []
        for i in tree.query(poly, predicate="dwithin", distance=tol):
            kind, pid, side = ids[int(i)]
            if pid not in exclude:
                out.append((kind, pid, side, polys[int(i)]))
        return out

    def overlapping(self: Any, poly: Polygon, exclude: set[str]) -> list[tuple[str, str, str, Polygon]]:
        """Occupants whose footprint overlaps ``poly`` by more than the contact tolerance."""
        return self.overlaps([poly], exclude)[0]

    def overlaps(self: Any, polys: list[Polygon], exclude: set[str]
                 ) -> list[list[tuple[str, str, str, Polygon]]]:
        """``overlapping`` of each of ``polys``: the occupants' tree asked once for all of
        them (each one's matches in the order its own query gives), and the overlaps measured
        together."""
        tree, ids, fps, shrunk, _ = self.occupants()
        found = tree.query(polys, predicate="intersects")
        pairs = []
        for i, j in zip(found[0].tolist(), found[1].tolist()):
            if ids[j][1] in exclude:
                continue
            core = shrunk.get(j)
            if core is None:
                core = shrunk[j] = fps[j].buffer(
                    -float(self.D.values["contact_tolerance"]), join_style="mitre")
            pairs.append((i, j, core))
        out: list[list[tuple[str, str, str, Polygon]]] = [[] for _ in polys]
        if not pairs:
            return out
        mine = [polys[i] for i, _, _ in pairs]
        cores = [c for _, _, c in pairs]
        meets = shapely.intersects(mine, cores).tolist()
        areas = shapely.area(shapely.intersection(mine, cores)).tolist()
        for (i, j, _), meet, area in zip(pairs, meets, areas):
            if meet and area > EPS:
                kind, pid, side = ids[j]
                out[i].append((kind, pid, side, fps[j]))
        return out

    # ----- allowance [MT §7.1.1] [MT §7.1.2] ---------------------------------------------------
    def allowance(self: Any, u: Unit) -> float:
        t = self.D.troop_types[u.type]
        if t.move is None:
            return float(self.rolled.get(u.id, 0.0))
        return float(t.move)

    def road_bonus(self: Any, u: Unit) -> float:
        V = self.D.values
        return float(V["road_bonus_cavalry"] if self.klass(u) == "cavalry" else V["road_bonus_other"])

    def road_area(self: Any, within: float) -> Any:
        """The band within ``within`` of every road centreline (R-72), built once."""
        key = ("_road_area", within)
        cached = _ROAD_CACHE.get(key)
        if cached is None:
            cached = shapely.union_all([r.buffer(within) for r in self.B.roads.values()])
            shapely.prepare(cached)
            _ROAD_CACHE[key] = cached
        return cached

    def in_span_of_leader(self: Any, u: Unit) -> bool:
        return self.best_cl(u) is not None

    # ----- a path, step by step ------------------------------------------------------------------
    def trace(self: Any, u: Unit, steps: list[tuple[str, float, float]]
              ) -> tuple[Pose, list[Polygon], float, list[str], LineString | None]:
        """Follow ``steps`` from the unit's pose: the final pose, each step's swept area, the
        cost in inches (woods, backward and wheels included, R-75 [seed: Turning]), what it
        noted, and the centre's track.  A pure function of the unit's pose and the steps on
        the fixed board, kept by them (``_TRACES``: a unit that stays where it is is asked the
        same paths by every menu and every rule of thumb); each caller gets its own lists."""
        key = (u.shape_key, tuple(steps))
        hit = _TRACES.get(key)
        if hit is None:
            hit = self._trace(u, steps)
            if len(_TRACES) > 10_000:
                _TRACES.clear()
            _TRACES[key] = hit
        pose, swept, cost, notes, line = hit
        return pose, list(swept), cost, list(notes), line

    def _trace(self: Any, u: Unit, steps: list[tuple[str, float, float]]
               ) -> tuple[Pose, list[Polygon], float, list[str], LineString | None]:
        V = self.D.values
        pose = Pose(u.x, u.y, u.heading, u.files)
        swept: list[Polygon] = []
        cost = 0.0
        notes: list[str] = []
        turned = False
        track = [(u.x, u.y)]
        p = self.pitch(u)
        for kind, a, d in steps:
            before_c = self.corners_at(u, pose)
            if kind == "m":
                fx, fy = math.cos(math.radians(pose.h + a)), math.sin(math.radians(pose.h + a))
                nx, ny = pose.x + fx * d, pose.y + fy * d
                factor = 1.0 if abs(a) < float(V["oblique_max_deg"]) else float(V["backward_factor"])
                woods = self.B.woods_length((pose.x, pose.y), (nx, ny)) if d > 0 else 0.0
                cost += factor * (d + woods * (float(V["woods_factor"]) - 1.0))
                pose = Pose(nx, ny, pose.h, pose.files)
                swept.append(sweep_between(before_c, self.corners_at(u, pose)))
                track.append((nx, ny))
            elif kind in ("w", "pl", "pr"):
                frontage = pose.files * p[0]
                fl, fr, _, _ = corners(pose.x, pose.y, pose.h, frontage, self.footprint_depth(u, pose))
                if kind == "w":
                    px, py = (fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2
                    cost += float(V["wheel_factor"]) * abs(math.radians(a)) * frontage / 2
                else:
                    px, py = fl if kind == "pl" else fr
                    cost += abs(math.radians(a)) * frontage
                n = max(2, int(abs(a) // 15) + 2)
                prev = before_c
                for k in range(1, n + 1):
                    ang = a * k / n
                    r = math.radians(ang)
                    cx, cy = pose.x - px, pose.y - py
                    x2 = px + cx * math.cos(r) - cy * math.sin(r)
                    y2 = py + cx * math.sin(r) + cy * math.cos(r)
                    step_pose = Pose(x2, y2, pose.h + ang, pose.files)
                    cur = self.corners_at(u, step_pose)
                    swept.append(sweep_between(prev, cur))
                    prev = cur
                pose = step_pose
                track.append((pose.x, pose.y))
            else:  # a turn in place [seed: Turning], once per move
                if turned:
                    raise IllegalAction("[MT §7.1.4]", "a unit turns in place only once a move (R-74)")
                turned = True
                if abs(a) == 90:
                    ranks = max(1, math.ceil(u.figures / max(1, pose.files)))
                    pose = Pose(pose.x, pose.y, pose.h + a, ranks)
                else:
                    pose = Pose(pose.x, pose.y, pose.h + 180.0, pose.files)
                swept.append(self.footprint(u, pose))
        line = LineString(track) if len(track) > 1 else None
        return pose, swept, cost, notes, line

    def corners_at(self: Any, u: Unit, pose: Pose) -> tuple:
        p = self.pitch(u)
        ranks = max(1, math.ceil(u.figures / max(1, pose.files)))
        return corners(pose.x, pose.y, pose.h, pose.files * p[0], ranks * p[1])

    def footprint_depth(self: Any, u: Unit, pose: Pose) -> float:
        return max(1, math.ceil(u.figures / max(1, pose.files))) * self.pitch(u)[1]

    def check_path(self: Any, u: Unit, path: str, *, charge_target: str | None = None,
                   allowance: float | None = None, ignore: frozenset[str] = frozenset(),
                   through: frozenset[str] = frozenset()) -> dict[str, Any]:
        """Validate a move exactly [MT §7.1]: returns the final pose and what it meets, or
        raises IllegalAction naming the rule."""
        V = self.D.values
        steps = parse_path(path)
        pose, swept, cost, notes, track = self.trace(u, steps)
        allow = self.allowance(u) if allowance is None else allowance
        road = False
        if u.files == int(V["march_column_files"]) and track is not None and pose.files == u.files \
                and self.road_area(float(V["road_within"]) + EPS).covers(track):
            allow += self.road_bonus(u)
            road = True
        # interpenetration of friends [seed: Interpenetration]; the end as it will be stored
        # (to a thousandth of an inch, units.POS): a move grazing a wall must not end on it
        end = self.footprint(u, Pose(q(pose.x), q(pose.y), qa(pose.h), pose.files))
        # (what each area meets, asked of the board and the table once for them all)
        areas = [*swept, end]
        blocks = self.B.obstacles(areas)
        if blocks[-1] is not None:
            raise IllegalAction("[MT §7.1.5]", f"the move would end on {blocks[-1]}")
        meets = self.overlaps(areas, {u.id} | ignore)
        crossed: set[str] = set()
        for hit, met in zip(blocks, meets):
            if hit is not None:
                raise IllegalAction("[MT §7.1.5]", f"the path crosses {hit}")
            for kind, pid, side, _poly in met:
                if kind == "unit" and side == u.side:
                    crossed.add(pid)
                elif pid == charge_target or pid in through:
                    continue                 # the target; a unit it penetrated
                else:
                    name = self.name_of(pid)
                    raise IllegalAction("[MT §7.1.5]", f"the path runs into {name}"
                                        + (" (only a charge may close with the enemy)"
                                           if side != u.side else ""))
        for pid in sorted(crossed):
            f = self.units[pid]
            if f.gap > 0 and max(u.files, pose.files) * self.pitch(u)[0] >= f.gap - EPS:
                raise IllegalAction("[MT §7.5.7]", f"{self.name_of(pid)} is penetrated: only a unit "
                                    f"narrower than its {f.gap:g}″ gap passes through it (R-97)")
            cost += float(V["interpenetration_per_rank"]) * f.ranks
        over = meets[-1]
        if over:
            raise IllegalAction("[MT §7.1.5]", f"the move would end on top of {self.name_of(over[0][1])}"
                                + (" (interpenetrating units must end clear, [seed: Interpenetration])"
                                   if over[0][1] in crossed else ""))
        for fx, fy in self.fires:
            sq = self.fire_square(fx, fy)
            if end.intersects(sq) and end.intersection(sq).area > EPS:
                raise IllegalAction("[MT §7.1.5]", "a unit may not end its move on a fire (R-76)")
        if cost > allow + 1e-6:
            raise IllegalAction("[MT §7.1.4]", f"the move costs {cost:.2f}″ but the allowance is "
                                f"{allow:.2f}″" + (" (road bonus included)" if road else ""))
        start_sector = self.B.sector_at(u.x, u.y)
        end_sector = self.B.sector_at(pose.x, pose.y)
        if start_sector != end_sector:
            raise IllegalAction("[MT §7.3]", f"the move would leave {start_sector} for {end_sector}: "
                                "crossing a connection takes the whole move (a 'cross' action)")
        fires_crossed = sum(1 for fx, fy in self.fires
                            if any(s.intersects(self.fire_square(fx, fy)) for s in swept))
        return {"pose": pose, "cost": cost, "allowance": allow, "road": road, "end": end,
                "crossed": sorted(crossed), "fires_crossed": fires_crossed, "swept": swept}

    def pass_checkpoints(self: Any, u: Unit, areas: list[Any]) -> None:
        """[MT §9.3] A road checkpoint is held by the side whose organized unit last occupied
        or passed through it: called with the areas a move swept."""
        if not u.organized:
            return
        for cp, poly in self.B.checkpoints.items():
            if self.checkpoints.get(cp) != u.side and any(a.intersects(poly) for a in areas):
                self.checkpoints[cp] = u.side

    def name_of(self: Any, pid: str) -> str:
        if pid in self.units:
            return f"{self.D.units[pid].name} ({pid})"
        if pid in self.engines:
            return f"{self.D.engines[pid].name} ({pid})"
        if pid in self.leaders:
            return self.D.leaders[pid].name
        return pid

    # ----- may this unit move now? ------------------------------------------------------------
    def why_not_move(self: Any, u: Unit) -> IllegalAction | None:
        card = self.current[u.side]
        if card not in ("infantry_move", "cavalry_move"):
            return IllegalAction("[MT §5.1]", "units move on an Infantry Move or Cavalry Move card")
        if self.klass(u) not in self.D.cards[card].movers:
            return IllegalAction("[MT §5.1]", f"{self.D.cards[card].name} moves cavalry only")
        if u.acted_on == self.card_no[u.side]:
            return IllegalAction("[MT §6.5]", "a unit acts only once on a card [seed: Ways to spend impetus]")
        if not u.organized:
            return IllegalAction("[MT §7.1.6]", "a disorganized unit may not move voluntarily")
        if u.formation in ("shield_wall", "square"):
            return IllegalAction("[MT §2.5]", "a unit in shield wall or square cannot move")
        if self.frozen(u):
            return IllegalAction("[MT §7.1.8]", "the Haradrim may not move on Turn 1 [seed: Setup]")
        if u.engine is not None:
            return IllegalAction("[MT §7.1.1]", "a unit attached to an engine moves with it (detach first)")
        if self.engaged_with(u):
            return IllegalAction("[MT §7.5.9]", "a unit in contact with the enemy may only disengage")
        return None

    def frozen(self: Any, u: Unit) -> bool:
        return u.contingent == "harad" and self.turn_no <= 1

    def engaged_with(self: Any, u: Unit) -> list[str]:
        """Enemy units in contact with ``u``, in the order ``touching`` finds them (a new
        list).  Kept for the table as it is, by the unit and its pose: the rules ask it of the
        same units again and again.  The first ask of a table answers it for every unit on
        it, in one query of the occupants' tree (the same answers, in the same order, as one
        query a unit: ``_engagements``)."""
        if not u.placed:
            return []
        memo = self.occupants()[4]
        key = (u.id, u.side, u.shape_key)
        hit = memo.get(key)
        if hit is None:
            if not memo:
                self._engagements(memo)
                hit = memo.get(key)
            if hit is None:                      # (a unit off its pose on the table)
                hit = memo[key] = [pid for kind, pid, side, _ in self.touching(self.footprint(u), {u.id})
                                   if kind == "unit" and side != u.side]
        return list(hit)

    def _engagements(self: Any, memo: dict[Any, list[str]]) -> None:
        """``engaged_with`` of every unit on the table, into ``memo``: ``touching``'s query
        asked of all their footprints at once (a query of many shapes returns each one's
        matches as its own query would, in the same order)."""
        tree, ids, _, _, _ = self.occupants()
        units = [u for u in self.units.values() if u.placed]
        if not units:
            return
        tol = float(self.D.values["contact_tolerance"])
        found = tree.query([self.footprint(u) for u in units], predicate="dwithin", distance=tol)
        lists: list[list[str]] = [[] for _ in units]
        for i, j in zip(found[0].tolist(), found[1].tolist()):
            u = units[i]
            kind, pid, side = ids[j]
            if pid != u.id and kind == "unit" and side != u.side:
                lists[i].append(pid)
        for u, lst in zip(units, lists):
            memo[(u.id, u.side, u.shape_key)] = lst

    # ----- the move actions ------------------------------------------------------------------
    def do_move(self: Any, action: Action) -> list[Event]:
        """[MT §7.1] Move a unit (or an engine, [MT §7.6]) along a path: 1 impetus.  The move
        is declared first; the enemy may react to it [MT §6.6] before it is carried out.
        ``leaders`` (optional, "a,b") names unattached leaders inside their span of the unit
        who move with it, free [MT §7.1.7]."""
        if "engine" in action:
            return self.do_engine_move(action)
        u = self.actor_unit(action, "unit")
        err = self.why_not_unit_move(u, action)
        if err is not None:
            raise err
        chk = self.check_path(u, action["path"])
        self.spend(1, "a move")
        u.acted_on = self.card_no[u.side]
        self.selected = None
        pose = chk["pose"]
        escorts = self.escort_ids(action)
        for ld in self.leaders.values():
            if ld.escort is not None:
                ld.escort = None
        for lid in escorts:
            self.leaders[lid].escort = u.id
        return self.declare(u, {"kind": "move", "unit": u.id, "path": action["path"],
                                "end": [pose.x, pose.y, pose.h, pose.files]})

    @staticmethod
    def escort_ids(action: Action) -> list[str]:
        raw = action.get("leaders")
        return [] if raw is None else str(raw).split(",")

    def escort_candidates(self: Any, u: Unit) -> list[str]:
        """[MT §7.1.7] Unattached leaders inside their span of ``u`` who may move with it free."""
        return sorted(ld.id for ld in self.leaders.values()
                      if ld.side == u.side and ld.attached_to is None and self.spans(ld, u)
                      and not self.frozen_leader(ld) and not self.D.mounts[ld.mount].flying)

    def why_not_unit_move(self: Any, u: Unit, action: Action) -> IllegalAction | None:
        """Everything but the path of a unit's move [MT §7.1] [MT §7.1.7]."""
        err = self.why_not_move(u)
        if err is not None:
            return err
        if not {"type", "unit", "path"} <= set(action) <= {"type", "unit", "path", "leaders"}:
            return IllegalAction("[MT §7.1.4]", "a move is {type, unit, path, leaders?}")
        if "leaders" in action:
            raw = action["leaders"]
            ids = raw.split(",") if isinstance(raw, str) and raw else []
            ok = self.escort_candidates(u)
            if not ids or len(set(ids)) != len(ids) or any(i not in ok for i in ids):
                return IllegalAction("[MT §7.1.7]", "only unattached leaders inside their span of the "
                                     "moving unit move with it free (each named once)")
        return None

    def move_escorts(self: Any, u: Unit, before: tuple[float, float, float]) -> list[Event]:
        """[MT §7.1.7] The leaders who declared to move with ``u`` keep their place beside it
        (the unit's move carried over to them); one whose way would cross a wall stays."""
        ev: list[Event] = []
        riders = [ld for ld in self.leaders.values() if ld.escort == u.id]
        for ld in riders:
            ld.escort = None
        if not riders:
            return ev
        x0, y0, h0 = before
        r = math.radians(u.heading - h0)
        for ld in riders:
            if not ld.present:
                continue
            dx, dy = ld.x - x0, ld.y - y0
            nx = u.x + dx * math.cos(r) - dy * math.sin(r)
            ny = u.y + dx * math.sin(r) + dy * math.cos(r)
            opened = {g for g, (st, ctrl) in self.gates.items() if st == "broken" or ctrl == ld.side}
            seg = LineString([(ld.x, ld.y), (nx, ny)]).buffer(0.3)
            if not (0 <= nx <= self.B.width and 0 <= ny <= self.B.height) or \
                    self.B.obstacle(seg, opened) is not None:
                ev.append(event("lead_move", "[MT §7.1.7]", f"{self.D.leaders[ld.id].name} cannot "
                                f"follow {self.name_of(u.id)} and stays"))
                continue
            ld.x, ld.y = q(nx), q(ny)
            ev.append(event("lead_move", "[MT §7.1.7]", f"{self.D.leaders[ld.id].name} moves with "
                            f"{self.name_of(u.id)}, free"))
        return ev

    def execute_move(self: Any, u: Unit, path: str, ignore: frozenset[str] = frozenset()
                     ) -> list[Event]:
        """Carry out a declared move, after any reactions (if a reaction put something in the
        way, the unit does not move)."""
        try:
            chk = self.check_path(u, path, allowance=self.allowance(u) if not ignore else
                                  min(self.allowance(self.units[i]) for i in ignore),
                                  ignore=ignore)
        except IllegalAction as e:
            for ld in self.leaders.values():
                if ld.escort == u.id:
                    ld.escort = None                        # [MT §7.1.7] they stay with it
            return [event("move", "[MT §6.6]", f"{self.name_of(u.id)} cannot complete its move "
                          f"after the reactions: {e.why}", unit=u.id)]
        pose = chk["pose"]
        before = (u.x, u.y, u.heading)
        u.x, u.y, u.heading, u.files = q(pose.x), q(pose.y), qa(pose.h), pose.files
        u.charged_without_contact = False
        self._after_change()
        self.pass_checkpoints(u, chk["swept"])
        ev = [event("move", "[MT §7.1]", f"{self.name_of(u.id)} moves ({chk['cost']:.1f}″ of "
                    f"{chk['allowance']:.1f}″{', road' if chk['road'] else ''})", unit=u.id)]
        ev.extend(self.follow_attached(u))
        ev.extend(self.move_escorts(u, before))
        if chk["fires_crossed"]:
            ev.extend(self.fire_crossing_test(u))
        ev.extend(self.fires_in_sector_test(u))
        ev.extend(self.contact_after_move(u, charge=False))
        return ev

    def follow_attached(self: Any, u: Unit) -> list[Event]:
        """[MT §7.1.7] An attached leader moves with his unit, free."""
        for ld in self.leaders.values():
            if ld.attached_to == u.id and ld.present:
                ld.x, ld.y = u.x, u.y
        return []

    def contact_after_move(self: Any, u: Unit, charge: bool, target: str | None = None
                           ) -> list[Event]:
        """[MT §7.5.1] A unit that moves into contact fights at once: shock after a charge,
        melee otherwise (R-87); it overruns an unattached leader it touches [MT §7.14]."""
        ev: list[Event] = []
        if not u.placed:
            return ev
        fp = self.footprint(u)
        ev.extend(self.overrun_leaders(u, fp))
        foes = [pid for kind, pid, side, _ in self.touching(fp, {u.id})
                if kind == "unit" and side != u.side]
        if not foes:
            return ev
        first = target if target in foes else foes[0]
        ev.extend(self.close_combat(u, self.units[first], "shock" if charge else "melee"))
        return ev

    # ----- the menu [docs/engine.md] --------------------------------------------------------
    def move_menu(self: Any, u: Unit) -> list[Action]:
        """A finite menu of moves: forward, oblique and back at fractions of the allowance,
        wheels, turns in place, and every charge target in reach."""
        allow = self.allowance(u)
        paths: list[str] = []
        for frac in (0.25, 0.5, 1.0):
            d = fmt(math.floor(allow * frac * 2) / 2)
            if d != "0":
                paths.append(f"m0:{d}")
                if frac < 1.0:
                    paths.append(f"m30:{d}")
                    paths.append(f"m-30:{d}")
        back = fmt(math.floor(allow * 0.25 * 2) / 2)
        if back != "0":
            paths.append(f"m180:{back}")
        for a in (15, -15, 45, -45):
            paths.append(f"w{a}")
        half = fmt(math.floor(allow * 0.4 * 2) / 2)
        if half != "0":
            for a in (30, -30):
                paths.append(f"w{a},m0:{half}")
        paths += ["t180", "t90", "t-90"]
        acts: list[Action] = []
        for p in paths:
            try:
                self.check_path(u, p)
            except IllegalAction:
                continue
            acts.append({"type": "move", "unit": u.id, "path": p})
        # straight ahead as far as it can go when the full move is blocked: what brings a
        # unit into contact with a wall (ladders), a friendly tower (embarking) or a
        # connection (crossing), which the fixed fractions above almost never hit
        full = fmt(math.floor(allow * 2) / 2)
        if full != "0" and not any(a["path"] == f"m0:{full}" for a in acts):
            # found by bisection on the swept area alone (cheap), then checked once in full
            start = self.corners_at(u, Pose(u.x, u.y, u.heading, u.files))
            (fx, fy), _ = unit_vectors(u.heading)

            def clear(d: float) -> bool:
                end = self.corners_at(u, Pose(u.x + fx * d, u.y + fy * d, u.heading, u.files))
                hull = sweep_between(start, end)
                return self.B.obstacle(hull) is None and not self.overlapping(hull, {u.id})

            lo = math.floor(furthest(clear, math.floor(allow * 2) / 2, steps=8) * 4) / 4
            path = f"m0:{fmt(lo)}"
            if lo >= 0.25 and not any(a["path"] == path for a in acts):
                try:
                    self.check_path(u, path)
                    acts.append({"type": "move", "unit": u.id, "path": path})
                except IllegalAction:
                    pass
        # [MT §7.1.7] the unattached leaders in span may go with it, free: offered with the
        # longest move straight ahead (any move may name them)
        escorts = self.escort_candidates(u)
        ahead = [a for a in acts if a["path"].startswith("m0:")]
        if escorts and ahead:
            far = max(ahead, key=lambda a: float(a["path"][3:]))
            acts.append({**far, "leaders": ",".join(escorts)})
        return acts

    # ----- combined moves [MT §7.1.7] --------------------------------------------------------
    def group_of(self: Any, u: Unit) -> list[str]:
        """The units that may move with ``u`` as one group: within 4″ of each other (in a
        chain), all able to move now, all inside the span of one common unattached leader.
        If no single leader commands the whole chain, the largest part of it one leader
        covers (ties: the first by ids) [MT §7.1.7]."""
        best = [u.id]
        for ld in sorted(self.group_leaders(u), key=lambda x: x.id):
            group = self.chain_under(u, ld)
            if len(group) > len(best):
                best = group
        return best

    def group_leaders(self: Any, u: Unit) -> list[Any]:
        return [ld for ld in self.leaders.values() if ld.side == u.side and self.spans(ld, u)
                and ld.attached_to is None]

    def may_join_group(self: Any, u: Unit, o: Unit, ld: Any) -> bool:
        return (o.side == u.side and o.placed and self.why_not_move(o) is None
                and self.spans(ld, o)
                and self.klass(o) in self.D.cards[self.current[u.side]].movers)

    def chain_under(self: Any, u: Unit, ld: Any, among: set[str] | None = None) -> list[str]:
        """The chain of units within 4″ of each other, starting at ``u``, that ``ld`` spans
        (only ``among``, if given)."""
        within = float(self.D.values["combined_move_within"])
        group, frontier = {u.id}, [u]
        while frontier:
            cur = frontier.pop()
            fp = self.footprint(cur)
            for o in self.units.values():
                if o.id in group or (among is not None and o.id not in among):
                    continue
                if abs(o.x - cur.x) > 30 or abs(o.y - cur.y) > 30:
                    continue
                if not self.may_join_group(u, o, ld) or fp.distance(self.footprint(o)) > within:
                    continue
                group.add(o.id)
                frontier.append(o)
        return sorted(group)

    def why_not_group_move(self: Any, action: Action) -> IllegalAction | None:
        """[MT §7.1.7] Any group chained within 4″ that one unattached leader spans, able to
        move, with any path every member can make (the menu offers a few)."""
        try:
            if not {"type", "units", "path"} <= set(action) <= {"type", "units", "path"} \
                    or not isinstance(action.get("units"), str):
                return IllegalAction("[MT §7.1.7]", "a combined move is {type, units: \"A,B\", path}")
            ids = action["units"].split(",")
            if len(ids) < 2 or len(set(ids)) != len(ids) or any(i not in self.units for i in ids):
                return IllegalAction("[MT §7.1.7]", "a combined move names two or more different units")
            lead = self.actor_unit({"unit": self.selected or ids[0]}, "unit")
            if self.selected != lead.id:
                return IllegalAction("[MT §6.5]", "select one unit of the group first")
            if lead.id not in ids:
                return IllegalAction("[MT §6.5]", "the selected unit must be one of the group")
            err = self.why_not_move(lead)
            if err is not None:
                return err
            if not any(self.chain_under(lead, ld, set(ids)) == sorted(ids)
                       for ld in self.group_leaders(lead)):
                return IllegalAction("[MT §7.1.7]", "the units must be within 4″ of each other, able "
                                     "to move, and inside one common unattached leader's span")
            self.check_group(ids, action["path"])
        except IllegalAction as e:
            return e
        return None

    def check_group(self: Any, ids: list[str], path: str) -> dict[str, Any]:
        """Every member makes the identical move at the slowest member's rate and none of
        them ends in contact with the enemy [MT §7.1.7]."""
        units = [self.units[i] for i in ids]
        slowest = min(self.allowance(u) for u in units)
        members = frozenset(ids)
        ends: dict[str, Any] = {}
        for u in units:
            chk = self.check_path(u, path, allowance=slowest, ignore=members)
            tol = float(self.D.values["contact_tolerance"])
            if any(side != u.side for _, _, side, _ in self.touching(chk["end"], members, tol)):
                raise IllegalAction("[MT §7.1.7]", f"a combined move may not make contact "
                                    f"({self.name_of(u.id)} would)")
            ends[u.id] = chk
        polys = [(i, c["end"]) for i, c in ends.items()]
        for k, (i, a) in enumerate(polys):
            for j, b in polys[k + 1:]:
                if a.intersects(b) and a.intersection(b).area > EPS:
                    raise IllegalAction("[MT §7.1.7]", f"{self.name_of(i)} and {self.name_of(j)} "
                                        "would end on top of each other")
        return ends

    def group_menu(self: Any, u: Unit) -> list[Action]:
        ids = self.group_of(u)
        if len(ids) < 2:
            return []
        slowest = min(self.allowance(self.units[i]) for i in ids)
        acts = []
        for frac in (0.5, 1.0):
            d = fmt(math.floor(slowest * frac * 2) / 2)
            if d == "0":
                continue
            path = f"m0:{d}"
            try:
                self.check_group(ids, path)
            except IllegalAction:
                continue
            acts.append({"type": "group_move", "units": ",".join(ids), "path": path})
        return acts

    def do_group_move(self: Any, action: Action) -> list[Event]:
        """[MT §7.1.7] A combined move: 1 impetus for the whole group."""
        err = self.why_not_group_move(action)
        if err is not None:
            raise err
        ids = action["units"].split(",")
        lead = self.units[self.selected or ids[0]]
        ends = self.check_group(ids, action["path"])
        self.spend(1, "a combined move")
        self.selected = None
        for i in ids:
            self.units[i].acted_on = self.card_no[lead.side]
        move = {"kind": "group", "unit": ids[0], "units": ids, "path": action["path"],
                "ends": {i: [c["pose"].x, c["pose"].y, c["pose"].h, c["pose"].files]
                         for i, c in ends.items()},
                "end": [ends[ids[0]]["pose"].x, ends[ids[0]]["pose"].y, ends[ids[0]]["pose"].h,
                        ends[ids[0]]["pose"].files]}
        return [event("group_move", "[MT §7.1.7]", f"{', '.join(self.name_of(i) for i in ids)} "
                      "move together")] + self.declare(lead, move)

    def execute_group(self: Any, move: dict[str, Any]) -> list[Event]:
        ev: list[Event] = []
        for i in move["units"]:
            u = self.units[i]
            if u.placed:
                ev.extend(self.execute_move(u, move["path"], ignore=frozenset(move["units"])))
        return ev

    def plan_path(self: Any, u: Unit, x: float, y: float, heading: float) -> str:
        """The simplest path to a pose: wheel to face the destination, go straight, wheel to
        the final heading (what the browser sends for a drag)."""
        dx, dy = x - u.x, y - u.y
        dist = math.hypot(dx, dy)
        if dist < 1e-3:
            turn = ((heading - u.heading + 180) % 360) - 180
            return f"w{fmt(turn)}"
        bearing = math.degrees(math.atan2(dy, dx))
        rel = ((bearing - u.heading + 180) % 360) - 180
        end_turn = ((heading - u.heading + 180) % 360) - 180
        steps = [f"m{fmt(rel)}:{fmt(dist)}"]
        if abs(end_turn) > 0.01:
            steps.append(f"w{fmt(end_turn)}")
        return ",".join(steps)

    # ----- charges [MT §7.1.3] ------------------------------------------------------------------
    def charge_reach(self: Any, u: Unit) -> float:
        t = self.D.troop_types[u.type]
        base = float(t.move) if t.move is not None else float(self.rolled.get(u.id, 0.0))
        return base + 6.0 * t.charge_dice

    def why_not_charge(self: Any, u: Unit, target: Any) -> IllegalAction | None:
        err = self.why_not_move(u)
        if err is not None:
            return err
        if u.charged_without_contact:
            return IllegalAction("[MT §7.1.3]", "a unit that charged without contact may not charge "
                                 "on its next move [seed: Charge Bonus]")
        if not isinstance(target, str) or target not in self.units:
            return IllegalAction("[MT §7.1.3]", f"unknown charge target {target!r}")
        t = self.units[target]
        if t.side == u.side or not t.placed:
            return IllegalAction("[MT §7.1.3]", "a charge targets an enemy unit on the table")
        if t.type == "MAC" and self.klass(u) == "cavalry":
            return IllegalAction("[MT §6.6]", "horses will not close with Mumakil (R-68)")
        if self.B.sector_at(t.x, t.y) != self.B.sector_at(u.x, u.y):
            return IllegalAction("[MT §7.3]", "the target is in another sector of the city")
        dist = self.front_centre(u).distance(self.footprint(t))
        if dist > self.charge_reach(u) + 1e-6:
            return IllegalAction("[MT §7.1.3]", f"{self.name_of(target)} is {dist:.1f}″ away, beyond "
                                 f"the charge reach of {self.charge_reach(u):.1f}″ (move + the most "
                                 "the charge dice can give)")
        return None

    def front_centre(self: Any, u: Unit) -> Point:
        fl, fr, _, _ = corners(u.x, u.y, u.heading, u.files * self.pitch(u)[0],
                               u.ranks * self.pitch(u)[1])
        return Point((fl[0] + fr[0]) / 2, (fl[1] + fr[1]) / 2)

    def charge_menu(self: Any, u: Unit) -> list[Action]:
        acts = []
        reach = self.charge_reach(u)
        fc = self.front_centre(u)
        for t in self.units.values():
            if t.side == u.side or not t.placed:
                continue
            if abs(t.x - u.x) > reach + 20 or abs(t.y - u.y) > reach + 20:
                continue
            if fc.distance(self.footprint(t)) > reach:
                continue
            if self.why_not_charge(u, t.id) is None and self.charge_path_clear(u, t):
                acts.append({"type": "charge", "unit": u.id, "target": t.id})
        return acts

    def charge_line(self: Any, u: Unit, t: Unit) -> tuple[float, float]:
        """The wheel (degrees) that faces ``t``'s nearest point, and the distance to it."""
        fc = self.front_centre(u)
        tp = self.footprint(t)
        near = shapely.ops.nearest_points(fc, tp)[1]
        bearing = math.degrees(math.atan2(near.y - fc.y, near.x - fc.x))
        turn = ((bearing - u.heading + 180) % 360) - 180
        return turn, fc.distance(tp)

    def penetrated_by(self: Any, u: Unit) -> frozenset[str]:
        """The units ``u`` penetrated whose gap is still open: on breakthrough it alone may pass
        through them (R-97) [MT §7.5.7]."""
        return frozenset(o.id for o in self.units.values()
                         if o.gap > 0 and o.gap_by == u.id and o.placed)

    def breaking_through(self: Any, u: Unit) -> frozenset[str]:
        p = self.pending
        if p is not None and p.get("kind") == "breakthrough" and p.get("unit") == u.id:
            return self.penetrated_by(u)
        return frozenset()

    def charge_path_clear(self: Any, u: Unit, t: Unit) -> bool:
        turn, dist = self.charge_line(u, t)
        try:
            self.check_path(u, f"w{fmt(turn)}", allowance=1e9, charge_target=t.id,
                            through=self.breaking_through(u))
        except IllegalAction:
            return False
        return True

    def do_charge(self: Any, action: Action) -> list[Event]:
        """[MT §7.1.3] Declare a charge at an enemy unit in reach, roll the charge bonus, wheel
        to face it and go straight at it: contact, or the full charge distance."""
        u = self.actor_unit(action, "unit")
        target = action.get("target")
        err = self.why_not_charge(u, target)
        if err is not None:
            raise err
        if set(action) != {"type", "unit", "target"}:
            raise IllegalAction("[MT §7.1.3]", "a charge is {type, unit, target}")
        t = self.units[target]
        turn, to_target = self.charge_line(u, t)
        wheel_cost = float(self.D.values["wheel_factor"]) * abs(math.radians(turn)) * \
            u.files * self.pitch(u)[0] / 2
        try:
            self.check_path(u, f"w{fmt(turn)}", allowance=1e9, charge_target=t.id)
        except IllegalAction as e:
            raise IllegalAction("[MT §7.1.3]", f"the charge cannot wheel to face its target: {e.why}") from None
        self.spend(1, "a charge")
        start_arc = self.arc_of(t, (u.x, u.y))          # where the charger starts
        tt = self.D.troop_types[u.type]
        dice = self.dice.roll(tt.charge_dice, 6)
        base = float(tt.move) if tt.move is not None else float(self.rolled.get(u.id, 0.0))
        distance = max(0.0, base + sum(dice) - wheel_cost)
        u.acted_on = self.card_no[u.side]
        self.selected = None
        ev = [event("charge", "[MT §7.1.3]", f"{self.name_of(u.id)} charges {self.name_of(t.id)}: "
                    f"bonus {'+'.join(map(str, dice))} = {sum(dice)}″, {distance:.1f}″ in all",
                    unit=u.id, target=t.id, dice=dice)]
        (fx, fy), _ = unit_vectors(u.heading + turn)
        # [MT §6.6] the declared end: contact with the target if the charge reaches it (not
        # the full distance through and past it, which could end farther off than it began)
        reach = min(distance, to_target)
        end = [u.x + fx * reach, u.y + fy * reach, u.heading + turn, u.files]
        return ev + self.declare(u, {"kind": "charge", "unit": u.id, "target": t.id, "turn": turn,
                                     "distance": distance, "start_arc": start_arc, "end": end,
                                     "start": [u.x, u.y]})

    def execute_charge(self: Any, u: Unit, p: dict[str, Any]) -> list[Event]:
        """The charger completes its move along its declared line [MT §6.6] 4: contact, or the
        full charge distance [seed: Charge Bonus]."""
        ev: list[Event] = []
        t = self.units[p["target"]]
        self.set_pose_by_path(u, f"w{fmt(p['turn'])}")
        start = self.corners_at(u, Pose(u.x, u.y, u.heading, u.files))
        through = self.penetrated_by(u) - {t.id} if p.get("breakthrough") else frozenset()
        gone = self.advance_until_contact(u, float(p["distance"]), t.id, through)
        self._after_change()
        self.follow_attached(u)
        self.pass_checkpoints(u, [sweep_between(start, self.corners_at(u, Pose(u.x, u.y, u.heading, u.files)))])
        fp = self.footprint(u)
        contact = [pid for kind, pid, side, _ in self.touching(fp, {u.id})
                   if kind == "unit" and side != u.side]
        if not contact:
            u.charged_without_contact = True
            ev.append(event("charge", "[MT §7.1.3]", f"{self.name_of(u.id)} moves {gone:.1f}″ and "
                            "makes no contact [seed: Charge Bonus]", unit=u.id))
            return ev
        u.charged_without_contact = False
        hit = t.id if t.id in contact else contact[0]
        self.close_the_door(u, self.units[hit])
        ev.extend(self.overrun_leaders(u, self.footprint(u)))
        arc = p["start_arc"] if hit == t.id else self.arc_of(self.units[hit], tuple(p["start"]))
        ev.extend(self.close_combat(u, self.units[hit], "shock", start_arc=arc,
                                    defender_charging=hit in p.get("countercharged", [])))
        return ev

    def set_pose_by_path(self: Any, u: Unit, path: str) -> None:
        pose, _, _, _, _ = self.trace(u, parse_path(path))
        u.x, u.y, u.heading, u.files = q(pose.x), q(pose.y), qa(pose.h), pose.files

    def advance_until_contact(self: Any, u: Unit, distance: float, target: str | None,
                              through: frozenset[str] = frozenset()) -> float:
        """Go straight ahead up to ``distance``: stop at the first thing in the way (bisection
        on the swept hull; a stop within the contact tolerance of an enemy is contact).  The
        units in ``through`` (penetrated by a unit breaking through, R-97) do not stop it, but
        it never ends on one of them."""
        (fx, fy), _ = unit_vectors(u.heading)
        start = self.footprint(u)

        def clear(d: float) -> bool:
            end = rect(u.x + fx * d, u.y + fy * d, u.heading, u.files * self.pitch(u)[0],
                       u.ranks * self.pitch(u)[1])
            hull = shapely.convex_hull(shapely.union(start, end))
            if self.B.obstacle(hull) is not None:
                return False
            return not self.overlapping(hull, {u.id} | through)

        go = furthest(clear, distance)
        if through:                        # never end on a unit passed through
            w0, d0 = u.files * self.pitch(u)[0], u.ranks * self.pitch(u)[1]
            while go > 0 and self.overlapping(rect(u.x + fx * go, u.y + fy * go, u.heading, w0, d0),
                                              {u.id}):
                go = max(0.0, go - 0.1)
        # positions are stored to a thousandth (units.POS): never let the rounding push the
        # unit into what the sweep stopped it at [MT §7.1.5]
        x0, y0 = u.x, u.y
        w, dp = u.files * self.pitch(u)[0], u.ranks * self.pitch(u)[1]
        for _ in range(10):
            if go <= 0:
                break
            nx, ny = q(x0 + fx * go), q(y0 + fy * go)
            end = rect(nx, ny, u.heading, w, dp)
            if self.B.obstacle(end) is None and not self.overlapping(end, {u.id}):
                break
            go = max(0.0, go - 0.001)
        else:
            go = 0.0
        u.x, u.y = (q(x0 + fx * go), q(y0 + fy * go)) if go > 0 else (x0, y0)
        self._after_change()
        return go

    def slide(self: Any, u: Unit, bearing: float, distance: float) -> float:
        """Translate ``u`` (its facing unchanged) up to ``distance`` along ``bearing``, stopping
        at the first thing in the way: the forced moves (a retreat, a flight from a fire) keep
        the unit's shape, so they never turn it onto a neighbour.  Returns the distance gone."""
        fx, fy = math.cos(math.radians(bearing)), math.sin(math.radians(bearing))
        p = self.pitch(u)
        w, d = u.files * p[0], u.ranks * p[1]
        start = corners(u.x, u.y, u.heading, w, d)

        def clear(t: float) -> bool:
            moved = corners(q(u.x + fx * t), q(u.y + fy * t), u.heading, w, d)
            hull = sweep_between(start, moved)
            if self.B.obstacle(hull) is not None:
                return False
            return not self.overlapping(hull, {u.id})

        go = furthest(clear, max(0.0, distance))
        u.x, u.y = q(u.x + fx * go), q(u.y + fy * go)
        self._after_change()
        return go

    def close_the_door(self: Any, u: Unit, t: Unit) -> None:
        """R-77: a charger in contact turns (≤ 45°, free) to bring its front edge flush with
        the contacted edge, if it fits."""
        edge_heading = self.contacted_edge_heading(t, (u.x, u.y))
        want = (edge_heading + 180.0) % 360.0
        turn = ((want - u.heading + 180) % 360) - 180
        if abs(turn) < 0.5 or abs(turn) > float(self.D.values["close_door_max_deg"]):
            return
        old = (u.x, u.y, u.heading)
        fc = self.front_centre(u)
        tp = self.footprint(t)
        near = shapely.ops.nearest_points(fc, tp)[1]
        d = u.ranks * self.pitch(u)[1] / 2
        (fx, fy), _ = unit_vectors(want)
        u.heading = qa(want)
        u.x, u.y = q(near.x - fx * (d + 0.01)), q(near.y - fy * (d + 0.01))
        self._after_change()
        fp = self.footprint(u)
        if self.B.obstacle(fp) is not None or self.overlapping(fp, {u.id}) \
                or not any(pid == t.id for _, pid, _, _ in self.touching(fp, {u.id})):
            u.x, u.y, u.heading = old
            self._after_change()

    # ----- arcs [MT §7.2] ----------------------------------------------------------------------
    def arc_of(self: Any, t: Unit, point: tuple[float, float]) -> str:
        """Which arc of ``t`` holds ``point``: front, flank or rear [MT §7.2] (rays at 45° from
        the corners)."""
        fl, fr, rr, rl = corners(t.x, t.y, t.heading, t.files * self.pitch(t)[0],
                                 t.ranks * self.pitch(t)[1])
        (fx, fy), (lx, ly) = unit_vectors(t.heading)
        px, py = point
        # front: ahead of the front edge and inside the rays from the front corners at ±45°
        ahead = (px - fl[0]) * fx + (py - fl[1]) * fy
        lat = (px - t.x) * lx + (py - t.y) * ly
        half = t.files * self.pitch(t)[0] / 2
        if ahead >= 0 and abs(lat) <= half + ahead:
            return "front"
        behind = -((px - rl[0]) * fx + (py - rl[1]) * fy)
        if behind >= 0 and abs(lat) <= half + behind:
            return "rear"
        return "flank"

    def contacted_edge_heading(self: Any, t: Unit, point: tuple[float, float]) -> float:
        """The outward direction of ``t``'s edge facing ``point``."""
        arc = self.arc_of(t, point)
        if arc == "front":
            return t.heading
        if arc == "rear":
            return (t.heading + 180) % 360
        (_, _), (lx, ly) = unit_vectors(t.heading)
        side = (point[0] - t.x) * lx + (point[1] - t.y) * ly
        return (t.heading + (90 if side > 0 else -90)) % 360

    # ----- sector changes [MT §7.3] -------------------------------------------------------------
    def cross_menu(self: Any, u: Unit) -> list[Action]:
        acts = []
        fp = self.footprint(u)
        for c in self.B.connections_near(fp, float(self.D.values["connection_adjacent"])):
            if self.placement_across(u, c.id) is not None:
                acts.append({"type": "cross", "unit": u.id, "connection": c.id})
        return acts

    def why_not_cross(self: Any, u: Unit, cid: Any) -> IllegalAction | None:
        err = self.why_not_move(u)
        if err is not None:
            return err
        if not isinstance(cid, str) or cid not in self.B.connections:
            return IllegalAction("[MT §7.3]", f"unknown connection {cid!r}")
        c = self.B.connections[cid]
        here = self.B.sector_at(u.x, u.y)
        if here not in c.sectors:
            return IllegalAction("[MT §7.3]", f"{cid} does not lead out of {here}")
        if not self.B.connections_near(self.footprint(u), float(self.D.values["connection_adjacent"])) or \
                cid not in {x.id for x in self.B.connections_near(self.footprint(u), float(self.D.values["connection_adjacent"]))}:
            return IllegalAction("[MT §7.3]", f"the unit must begin within 1″ of {cid} (R-80)")
        if c.kind == "gate":
            state, ctrl = self.gates[cid]
            if state == "intact" and ctrl != u.side:
                return IllegalAction("[MT §3.6]", f"the gate {cid} is intact and held by the enemy")
        if self.klass(u) == "elephant" and (here != "Pelennor" or c.kind == "gate"):
            return IllegalAction("[MT §7.3]", "Mumakil never enter the city (R-83)")
        col = int(self.D.values["march_column_files"]) * self.pitch(u)[0]
        if col > c.width + 1e-6:
            return IllegalAction("[MT §7.3]", f"a march column {col:g}″ wide does not pass the "
                                 f"{c.width:g}″ opening of {cid} (R-81)")
        return None

    def placement_across(self: Any, u: Unit, cid: str) -> tuple[float, float, float, int] | None:
        """R-81: the pose across ``cid``: rear edge within 1″ of the connection, facing away
        from it; formation kept, else march column, else one rank; None if nothing fits."""
        if self.why_not_cross(u, cid) is not None:
            return None
        c = self.B.connections[cid]
        here = self.B.sector_at(u.x, u.y)
        there = c.sectors[1] if c.sectors[0] == here else c.sectors[0]
        line = c.face(there)
        mid = line.interpolate(0.5, normalized=True)
        (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
        lx, ly = x1 - x0, y1 - y0
        n = math.hypot(lx, ly) or 1.0
        nx, ny = -ly / n, lx / n
        p = self.pitch(u)
        for files in (u.files, int(self.D.values["march_column_files"]), u.figures):
            files = max(1, min(files, u.figures))
            depth = math.ceil(u.figures / files) * p[1]
            for sgn in (1, -1):
                h = math.degrees(math.atan2(sgn * ny, sgn * nx))
                off = depth / 2 + 0.5
                for slide in (0.0, 2.0, -2.0, 4.0, -4.0):
                    x = mid.x + sgn * nx * off + lx / n * slide
                    y = mid.y + sgn * ny * off + ly / n * slide
                    if self.B.sector_at(x, y) != there:
                        continue
                    fp = rect(x, y, h, files * p[0], depth)
                    if self.B.obstacle(fp) is not None or self.overlapping(fp, {u.id}):
                        continue
                    if any(fp.intersects(self.fire_square(fx, fy)) for fx, fy in self.fires):
                        continue
                    if not self.B.sectors[there].buffer(0.01).contains(fp):
                        continue
                    return (q(x), q(y), qa(h), files)
        return None

    def do_cross(self: Any, action: Action) -> list[Event]:
        """[MT §7.3] Cross a level-1 sector line, a gate or a tunnel: the whole move."""
        u = self.actor_unit(action, "unit")
        cid = action.get("connection")
        err = self.why_not_cross(u, cid)
        if err is not None:
            raise err
        place = self.placement_across(u, cid)
        if place is None:
            raise IllegalAction("[MT §7.3]", f"no room for the unit beyond {cid} (R-81)")
        self.spend(1, "crossing")
        before = self.B.sector_at(u.x, u.y)
        u.x, u.y, u.heading, u.files = place
        u.acted_on = self.card_no[u.side]
        self.selected = None
        self._after_change()
        self.follow_attached(u)
        after = self.B.sector_at(u.x, u.y)
        c = self.B.connections[cid]
        if c.kind == "gate" and u.organized:
            self.gates[cid][1] = u.side
        self.pass_checkpoints(u, [c.geometry.buffer(0.5), self.footprint(u)])
        ev = [event("cross", "[MT §7.3]", f"{self.name_of(u.id)} crosses {cid} from {before} to "
                    f"{after}", unit=u.id)]
        ev.extend(self.fires_in_sector_test(u))
        return ev

    # ----- formation [MT §2.5] -----------------------------------------------------------------
    def form_options(self: Any, u: Unit) -> list[Action]:
        opts = []
        col = int(self.D.values["march_column_files"])
        spec = self.D.units[u.id]
        choices = {("line", spec.files), ("column", col), ("line", max(col, u.files * 2)),
                   ("line", max(col, u.files // 2))}
        seen = {(u.formation, u.files)}
        for formation, files in sorted(choices):
            files = max(1, min(files, u.figures))
            # (two choices may come to the same files once a unit's figures bound them: once)
            if (formation, files) not in seen:
                seen.add((formation, files))
                opts.append({"type": "form", "unit": u.id, "formation": formation, "files": files})
        if self.may_shield_wall(u):
            if u.formation != "shield_wall":
                opts.append({"type": "form", "unit": u.id, "formation": "shield_wall", "files": max(col, u.files)})
            side_ = max(1, math.ceil(math.sqrt(u.figures)))
            if u.formation != "square":
                opts.append({"type": "form", "unit": u.id, "formation": "square", "files": side_})
        return [a for a in opts if self.why_not_form(u, a) is None]

    def may_shield_wall(self: Any, u: Unit) -> bool:
        V = self.D.values
        return (u.type in V["shield_wall_types"] and self.D.units[u.id].drill in V["shield_wall_drill"]
                and u.figures >= int(V["shield_wall_min_figures"]) and u.order == "close")

    def why_not_form(self: Any, u: Unit, action: Action) -> IllegalAction | None:
        card = self.current[u.side]
        if card not in ("infantry_move", "cavalry_move", "deployment"):
            return IllegalAction("[MT §2.5]", "a formation change needs a move card or Infantry Deployment")
        if card != "deployment" and self.klass(u) not in self.D.cards[card].movers:
            return IllegalAction("[MT §5.1]", f"{self.D.cards[card].name} moves cavalry only")
        if u.acted_on == self.card_no[u.side]:
            return IllegalAction("[MT §6.5]", "a unit acts only once on a card")
        if not u.organized:
            return IllegalAction("[MT §7.1.6]", "a disorganized unit may not change formation")
        if u.engine is not None or self.frozen(u) and card != "deployment":
            return IllegalAction("[MT §7.1.8]", "this unit may not change formation now")
        formation, files = action.get("formation"), action.get("files")
        if formation not in FORMATIONS:
            return IllegalAction("[MT §2.5]", f"unknown formation {formation!r}")
        if not isinstance(files, int) or isinstance(files, bool) or not 1 <= files <= u.figures:
            return IllegalAction("[MT §2.5]", f"files must be 1-{u.figures}")
        V = self.D.values
        if formation == "column" and files != int(V["march_column_files"]):
            return IllegalAction("[MT §2.5]", "a march column is two files")
        if formation in ("shield_wall", "square"):
            if not self.may_shield_wall(u):
                return IllegalAction("[MT §2.5]", "only heavy infantry of class A or B in close order, "
                                     "4 figures or more, forms shield wall or square")
            if formation == "shield_wall" and math.ceil(u.figures / files) < int(V["shield_wall_min_ranks"]):
                return IllegalAction("[MT §2.5]", "a shield wall has at least two ranks")
            if formation == "square" and files != max(1, math.ceil(math.sqrt(u.figures))):
                return IllegalAction("[MT §2.5]", "a square's side is ceil(√N) figures (R-9)")
        p = self.pitch(u)
        fp = self.new_formation_rect(u, files, p)
        if self.B.obstacle(fp) is not None or self.overlapping(fp, {u.id}):
            return IllegalAction("[MT §2.5]", "the new formation does not fit where the unit stands")
        return None

    def new_formation_rect(self: Any, u: Unit, files: int, p: tuple[float, float]) -> Polygon:
        """The formation change keeps the front-centre point and the heading [MT §7.1.4]."""
        fc = self.front_centre(u)
        depth = math.ceil(u.figures / files) * p[1]
        (fx, fy), _ = unit_vectors(u.heading)
        return rect(fc.x - fx * depth / 2, fc.y - fy * depth / 2, u.heading, files * p[0], depth)

    def do_form(self: Any, action: Action) -> list[Event]:
        """[MT §2.5] Change formation (keeping the front centre): 1 impetus and the unit's
        action on this card (half its move inside a leader's span, all of it outside)."""
        u = self.actor_unit(action, "unit")
        err = self.why_not_form(u, action)
        if err is not None:
            raise err
        if set(action) != {"type", "unit", "formation", "files"}:
            raise IllegalAction("[MT §2.5]", "a formation change is {type, unit, formation, files}")
        self.spend(1, "a formation change")
        p = self.pitch(u)
        fp = self.new_formation_rect(u, action["files"], p)
        c = fp.centroid
        u.x, u.y = q(c.x), q(c.y)
        u.files = int(action["files"])
        u.formation = str(action["formation"])
        u.acted_on = self.card_no[u.side]
        self.selected = None
        self._after_change()
        self.follow_attached(u)
        return [event("form", "[MT §2.5]", f"{self.name_of(u.id)} forms {u.formation.replace('_', ' ')}"
                      f", {u.files} files", unit=u.id)]
