"""Close combat [MT §7.5] with the tables of [MT §8]: engagement, casualties, results,
push-back, penetration, breakthrough, and the tests that follow.

One pairing is one attacking unit against one defending unit [MT §7.5.2] (R-88).  Both sides
inflict casualties at once [MT §7.5.1]; each engaged figure rolls on the casualty table with
its CF from the shock matrix (a charge) or the melee matrix, plus modifiers [MT §7.5.4]; then
each side rolls a d6 plus the results modifiers [MT §7.5.5], and the difference decides the
outcome [MT §7.5.6].  Every die is logged with the reasons that moved it.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .geometry import corners, rect, unit_vectors
from .tables import kill_thresholds, matrix_cf
from .units import Unit, q

#: how a unit that disengages may end [MT §7.5.9]
DISENGAGE_FACINGS = ("enemy", "away")


class CombatRules:
    """[MT §7.5] [MT §8]: mixed into :class:`MinasTirithGame`."""

    # ----- who fights [MT §7.5.3] -----------------------------------------------------------
    def situation(self: Any, a: Unit, d: Unit) -> str:
        """"wall" (both on one wall walk), "city" (both inside the walls), or "field"."""
        sa, sd = self.B.sector_at(a.x, a.y), self.B.sector_at(d.x, d.y)
        if sa == "Pelennor" or sd == "Pelennor":
            return "field"
        wa, wd = self.B.walk_at(a.x, a.y), self.B.walk_at(d.x, d.y)
        if wa is not None and wa == wd:
            return "wall"
        return "city"

    def engaged_figures(self: Any, a: Unit, d: Unit, cap: int | None) -> tuple[int, int]:
        """[MT §7.5.3] Figures of each unit whose file centre projects into the band (the
        shorter of the two facing edges, widened 4″ each way), in its first two ranks."""
        V = self.D.values
        band_w = float(V["engagement_band"])
        ranks_fight = int(V["engaged_ranks"])
        edge_h = self.contacted_edge_heading(d, (a.x, a.y))
        (ex, ey), (ux, uy) = unit_vectors(edge_h)          # u runs along the contacted edge

        def files_on(unit: Unit, heading: float) -> list[float]:
            p = self.pitch(unit)
            along_front = (heading - unit.heading) % 180 == 0 or \
                abs(((heading - unit.heading + 180) % 360) - 180) < 45 or \
                abs(((heading - unit.heading + 180) % 360) - 180) > 135
            lateral = p[0] if along_front else p[1]
            # [MT §7.5.3] on a flank the "files" are the ranks (whatever the two pitches)
            if self.options["flank_engagement_7_5_3"]:
                n = unit.files if along_front else unit.ranks
            else:                                   # records before 2026-11-27 (legacy)
                n = unit.files if lateral == p[0] else unit.ranks
            (fx, fy), (lx, ly) = unit_vectors(heading)
            out = []
            for i in range(n):
                off = (i + 0.5) * lateral - n * lateral / 2
                cx, cy = unit.x + lx * off, unit.y + ly * off
                out.append(cx * ux + cy * uy)
            return out

        a_proj = files_on(a, a.heading)
        d_proj = files_on(d, edge_h)
        if not a_proj or not d_proj:
            return 0, 0
        ia = (min(a_proj), max(a_proj))
        id_ = (min(d_proj), max(d_proj))
        s = ia if (ia[1] - ia[0]) <= (id_[1] - id_[0]) else id_
        lo, hi = s[0] - band_w, s[1] + band_w
        na = sum(1 for v in a_proj if lo - 1e-6 <= v <= hi + 1e-6)
        nd = sum(1 for v in d_proj if lo - 1e-6 <= v <= hi + 1e-6)
        arc = self.arc_of(d, (a.x, a.y))
        a_depth = min(ranks_fight, a.ranks)
        d_depth = min(ranks_fight, d.ranks if arc != "flank" else d.files)
        fa = min(a.figures, na * a_depth)
        fd = min(d.figures, nd * d_depth)
        if cap is not None:
            fa, fd = min(fa, cap), min(fd, cap)
        return max(1, fa), max(1, fd)

    # ----- the casualty step [MT §7.5.4] [MT §8.1]-[MT §8.4] ----------------------------------
    def figure_cf(self: Any, kind: str, me: Unit, foe: Unit, *, charging: bool,
                  foe_charging: bool, my_arc: str, their_arc: str, setting: str
                  ) -> tuple[int, list[str]]:
        """The CF of each of ``me``'s engaged figures against ``foe`` and the reasons."""
        M = self.D.cf_mods
        T = self.D.troop_types
        mine, theirs = T[me.type], T[foe.type]
        cf = matrix_cf(kind, mine.combat_as, foe.type if foe.type in ("TI", "MAC") else theirs.combat_as)
        why = [f"{kind} matrix {me.type} v {foe.type} {cf}"]

        def add(name: str, label: str) -> None:
            nonlocal cf
            v = int(M[name][kind])
            if v:
                cf += v
                why.append(f"{v:+d} {label}")

        weapons = self.D.units[me.id].weapons
        inf, cav = mine.klass == "infantry", mine.klass == "cavalry"
        if kind == "shock" and setting == "field":
            extra = max(0, min(me.ranks - 2, 99))
            bonus = min(int(M["rank_over_two"][kind]) * extra, int(M["rank_bonus_max"][kind]))
            if bonus:
                cf += bonus
                why.append(f"+{bonus} ranks")
        if cav and charging and "lance" in weapons:
            add("lance_charging", "lance, charging")
        if inf and ("spear" in weapons or "pole_arm" in weapons):
            add("pole_arm_infantry", "spears")
        if inf and "pike" in weapons:
            add("pike_infantry", "pikes")
        if me.fired_round == self.round:
            if cav:
                add("horse_archers_fired", "fired this Round")
            elif me.fired_pb_round == self.round:
                add("missile_infantry_fired_point_blank", "fired at point blank this Round")
            else:
                add("missile_infantry_fired", "fired this Round")
        if charging:
            add("charging", "charging")
            if not foe_charging:
                add("charging_vs_standing", "charging a standing enemy")
        in_woods = self.B.in_woods(self.footprint(me)) or self.B.in_woods(self.footprint(foe))
        if in_woods and cav:
            add("cavalry_in_woods", "cavalry in woods")
        if in_woods and inf and theirs.klass == "cavalry":
            add("infantry_vs_cavalry_in_woods", "against cavalry in woods")
        if setting == "field":
            if my_arc == "flank":
                add("attacked_in_flank", "attacked in the flank")
            elif my_arc == "rear":
                add("attacked_in_rear", "attacked in the rear")
            if their_arc == "flank":
                add("attacking_flank", "attacking the flank")
            elif their_arc == "rear":
                add("attacking_rear", "attacking the rear")
        em, ef = self.B.elevation(me.x, me.y), self.B.elevation(foe.x, foe.y)
        if setting == "tower":
            pass          # a tower's ramp is level with the wall walk
        elif em > ef:
            add("downslope", "down slope")
        elif em < ef:
            add("upslope", "up slope")
        if not me.organized:
            add("disorganized", "disorganized")
        return cf, why

    def casualties(self: Any, n: int, cf: int) -> tuple[int, list[int]]:
        """Each of ``n`` figures rolls one d20 per threshold of its CF [MT §8.1]."""
        th = kill_thresholds(cf)
        kills, dice = 0, []
        for _ in range(n):
            for t in th:
                r = self.dice.die(20)
                dice.append(r)
                if r <= t:
                    kills += 1
        return kills, dice

    def remove_figures(self: Any, u: Unit, n: int) -> int:
        """Casualties come off the rear rank [seed: Close Combat]; when N < F the files shrink."""
        n = min(n, u.figures)
        if n <= 0:
            return 0
        old_depth = u.ranks * self.pitch(u)[1]
        fc = self.front_centre(u)
        u.figures -= n
        u.lost += n
        u.lost_round = self.round
        if u.archers:                          # [MT §7.9] an archer dies with his elephant
            u.archers = min(u.archers, u.figures * int(self.D.values["elephant_archers_per_mumak"]))
        if u.figures > 0:
            if u.figures < u.files:
                u.files = u.figures
            new_depth = u.ranks * self.pitch(u)[1]
            if new_depth != old_depth:   # the front stays where it was
                (fx, fy), _ = unit_vectors(u.heading)
                u.x, u.y = q(fc.x - fx * new_depth / 2), q(fc.y - fy * new_depth / 2)
        self._after_change()
        return n

    # ----- the results step [MT §7.5.5] [MT §8.6] ---------------------------------------------
    def result_mods(self: Any, kind: str, me: Unit, foe: Unit, *, charging: bool,
                    their_arc: str, setting: str, more_kills: bool, defending: bool,
                    assault: str | None = None) -> tuple[int, list[str]]:
        R = self.D.result_mods
        T = self.D.troop_types
        mine = T[me.type]
        weapons = self.D.units[me.id].weapons
        mod, why = 0, []

        def add(v: int, label: str) -> None:
            nonlocal mod
            if v:
                mod += v
                why.append(f"{v:+d} {label}")

        if not me.organized:
            add(R["disorganized"], "disorganized")
        if kind == "shock" and charging:
            if mine.klass == "infantry":
                add(R["charging_infantry"], "charging infantry")
            elif mine.klass in ("cavalry", "elephant"):
                add(R["charging_cavalry"], "charging cavalry")
                if me.type in ("HC", "AC", "HAC"):
                    add(R["charging_heavy_cavalry"], "heavy cavalry (R-139)")
        if mine.heavy:
            add(R["heavy"], "heavy troops")
        if mine.klass == "elephant":
            add(R["elephants"], "elephants")
        if setting == "field":
            full = me.figures // max(1, me.files)                      # R-140 full ranks
            if full > 2:
                add(min(R["rank_over_two"] * (full - 2), R["rank_bonus_max"]), "ranks")
        if me.formation in ("shield_wall", "square") and mine.klass == "infantry":
            add(R["shield_wall"], me.formation.replace("_", " "))
        if more_kills:
            add(R["more_casualties"], "caused more casualties")
        em, ef = self.B.elevation(me.x, me.y), self.B.elevation(foe.x, foe.y)
        height = 0
        if defending and assault == "ladder":
            height = R["ladder_defence"]
            label = "defending an inner wall against ladders"
        elif defending and assault == "tower":
            height = R["battlements"]
            label = "defending battlements"
        elif defending and em > ef and setting not in ("field", "tower", "ladder"):
            height = R["higher_level"]
            label = "defending a higher level"
        if height:
            add(height, label + " (R-111)")
        elif setting == "tower":
            pass          # the ramp is level with the walk: the battlements are the defender's edge
        elif em > ef:
            add(R["downhill"], "downhill")
        elif em < ef:
            add(R["uphill"], "uphill")
        if kind == "shock" and mine.klass == "infantry" and ("spear" in weapons or "pole_arm" in weapons):
            add(R["pole_arm_infantry"], "spears")
        if kind == "shock" and mine.klass == "infantry" and "pike" in weapons:
            add(R["pike_infantry"], "pikes")
        if kind == "shock" and charging and mine.klass == "cavalry" and "lance" in weapons:
            add(R["lance_charging"], "lances")
        if setting == "field" and not defending:
            if their_arc == "flank":
                add(R["attacking_flank"], "attacking the flank")
            elif their_arc == "rear":
                add(R["attacking_rear"], "attacking the rear")
        cl = self.combat_cl(me)            # attached commanders; Magical Leadership [MT §7.12]
        if cl:
            add(cl * R["attached_leader_per_cl"], "attached commander (R-141)")
        return mod, why

    # ----- one pairing ----------------------------------------------------------------------
    def close_combat(self: Any, a: Unit, d: Unit, kind: str, start_arc: str | None = None,
                     assault: str | None = None, caps: int | None = None,
                     defender_charging: bool = False, may_stampede: bool = True) -> list[Event]:
        """Resolve one pairing of attacker ``a`` and defender ``d`` [MT §7.5]; the shock that
        ends a stampede passes ``may_stampede=False``: it never starts another (R-152)."""
        V = self.D.values
        # tower and ladder assaults: no depth, flank or rear [seed: Attacking from Siege Towers]
        setting = assault if assault in ("tower", "ladder") else self.situation(a, d)
        if caps is None:
            caps = {"wall": int(V["wall_combat_figures"]), "city": int(V["city_combat_figures"])}.get(setting)
        arc = start_arc if start_arc is not None else self.arc_of(d, (a.x, a.y))
        if d.formation == "square" or self.B.walk_at(d.x, d.y) is not None or \
                d.no_flank_until >= self.round or setting != "field":
            arc = "front"                                     # [MT §7.2]
        charging = kind == "shock"
        ev: list[Event] = []
        # a standing cavalry unit charged is disorganized as the charge strikes
        if kind == "shock" and self.klass(d) == "cavalry" and d.organized and not defender_charging:
            d.organized = False
            ev.append(event("disorganized", "[MT §7.5.6]", f"{self.name_of(d.id)} is charged "
                            "standing and is disorganized (R-91)", unit=d.id))
        fa, fd = self.engaged_figures(a, d, caps)
        cfa, wa = self.figure_cf(kind, a, d, charging=charging, foe_charging=defender_charging,
                                 my_arc="front", their_arc=arc, setting=setting)
        cfd, wd = self.figure_cf(kind, d, a, charging=defender_charging, foe_charging=charging,
                                 my_arc=arc, their_arc="front", setting=setting)
        ka, da = self.casualties(fa, cfa)       # the active side's dice first
        kd, dd = self.casualties(fd, cfd)
        title = "Shock" if kind == "shock" else "Melee"
        ev.append(event("combat", "[MT §7.5.4]",
                        f"{title}: {self.name_of(a.id)} ({fa} figures at CF {cfa}: "
                        f"{', '.join(wa)}) kills {ka}; {self.name_of(d.id)} ({fd} figures at CF {cfd}: "
                        f"{', '.join(wd)}) kills {kd}", dice=da + dd, attacker=a.id, defender=d.id))
        lost_a = self.remove_figures(a, kd)
        lost_d = self.remove_figures(d, ka)
        ev.extend(self.check_destroyed(a))
        ev.extend(self.check_destroyed(d))
        if not a.alive or not d.alive:
            return ev
        # results [MT §7.5.5]
        ma, why_a = self.result_mods(kind, a, d, charging=charging, their_arc=arc,
                                     setting=setting, more_kills=lost_d > lost_a,
                                     defending=False, assault=assault)
        md, why_d = self.result_mods(kind, d, a, charging=defender_charging, their_arc="front",
                                     setting=setting, more_kills=lost_a > lost_d,
                                     defending=True, assault=assault)
        ra, rd = self.dice.die(6), self.dice.die(6)
        ta, td = ra + ma, rd + md
        ev.append(event("results", "[MT §7.5.5]",
                        f"Results: {self.name_of(a.id)} {ra}{(' ' + ' '.join(why_a)) if why_a else ''} = {ta}; "
                        f"{self.name_of(d.id)} {rd}{(' ' + ' '.join(why_d)) if why_d else ''} = {td}",
                        dice=[ra, rd]))
        before = self.pending
        ev.extend(self.outcome(a, d, kind, ta, td, setting, assault, defender_charging, may_stampede))
        # [MT §7.5.10] both test after the combat, once any breakthrough movement and combat
        # (and any other choice the outcome gave) have ended
        tests = [[a.id, ta > td, ta == td, d.id], [d.id, td > ta, ta == td, a.id]]
        if self.pending is not None and self.pending is not before and self.stage == "choice":
            self.pending["tests"] = list(self.pending.get("tests", [])) + tests
            return ev
        return ev + self.after_combat_tests(tests)

    def after_combat_tests(self: Any, tests: list[list[Any]]) -> list[Event]:
        """[MT §7.5.10] The disorganization tests of the units that fought, in order."""
        ev: list[Event] = []
        for uid, won, equal, foe in tests:
            u = self.units[uid]
            if u.alive and u.placed:
                ev.extend(self.combat_disorder_test(u, won, equal, self.units.get(foe)))
        return ev

    def end_choice(self: Any, resolve: Any) -> list[Event]:
        """Close the pending post-combat choice, carry out ``resolve()`` (which may open a
        new choice, e.g. a breakthrough's own combat), then roll the deferred [MT §7.5.10]
        tests once no choice is left open."""
        p = self.pending
        tests = list(p.get("tests", [])) if p is not None else []
        self.pending = None
        self.stage = "round"
        ev = resolve()
        if self.pending is not None and self.stage == "choice":
            self.pending["tests"] = list(self.pending.get("tests", [])) + tests
            return ev
        return ev + self.after_combat_tests(tests)

    def outcome(self: Any, a: Unit, d: Unit, kind: str, ta: int, td: int, setting: str,
                assault: str | None, defender_charging: bool = False,
                may_stampede: bool = True) -> list[Event]:
        """[MT §7.5.6] The outcome of a results roll."""
        V = self.D.values
        ev: list[Event] = []
        if ta == td:
            if kind == "shock" and self.klass(a) == "cavalry":
                a.organized = False
                ev.append(event("disorganized", "[MT §7.5.6]", f"{self.name_of(a.id)} failed to break "
                                "in and is disorganized (R-95)", unit=a.id))
            else:
                ev.append(event("outcome", "[MT §7.5.6]", "Equal totals: the fight goes on (R-95)"))
            return ev
        win, lose = (a, d) if ta > td else (d, a)
        D = abs(ta - td)
        attacker_won = win is a
        if self.klass(lose) == "elephant":
            if not may_stampede:
                return ev + [event("stampede", "[MT §7.9]", f"{self.name_of(lose.id)} stays where "
                                   "it is (R-152)")]
            return ev + self.stampede(lose)
        if kind == "shock" and self.klass(a) in ("cavalry", "elephant") and self.klass(d) == "infantry":
            if not attacker_won:
                ev.append(event("outcome", "[MT §7.5.6]", f"The infantry holds: {self.name_of(a.id)} "
                                "retreats a full move facing the enemy (R-90)"))
                ev.extend(self.retreat_from(a, d, self.allowance(a)))
                return ev + self.cavalry_beaten_test(a)
            threshold = int(V["penetration_cavalry_charge"])
            if D < threshold:                                      # Mumakil too
                x0, y0 = d.x, d.y
                ev += self.push_back(d, a, D, penetrated=False)
                return ev + self.cavalry_failed_to_break(a, d, (d.x - x0, d.y - y0))
        elif kind == "shock" and self.klass(d) == "cavalry" and self.klass(a) != "cavalry":
            threshold = int(V["penetration_standing_cavalry"])
        else:
            threshold = int(V["penetration_other"])
        x0, y0 = lose.x, lose.y
        ev.extend(self.push_back(lose, win, D, penetrated=D >= threshold))
        shift = (lose.x - x0, lose.y - y0)
        if assault is None and setting == "city" and D >= float(V["city_pushout"]) and lose is d:
            ev.extend(self.push_out_of_sector(lose, win))
            shift = None                         # gone to another sector: nothing to follow
        # [MT §7.5.8] an attacker that penetrated, or a countercharger (both charge, R-64),
        # may break through; a reacting countercharger pays from its bank
        if D >= threshold and assault is None and (attacker_won and a.side == self.active
                                                   or not attacker_won and defender_charging):
            ev.extend(self.offer_breakthrough(win))
        if self.pending is None and assault is None and shift is not None:
            ev.extend(self.offer_follow_up(win, lose, shift))
        return ev

    def cavalry_failed_to_break(self: Any, a: Unit, d: Unit, shift: tuple[float, float]
                                ) -> list[Event]:
        """[seed: Close Combat Results] Charging cavalry that won without penetrating is
        disorganized; with an attached commander its owner chooses to rally back up to a full
        move facing the enemy or to stay in melee (a choice, see :meth:`rally_back_actions`);
        without one, d6 even = it stays in melee, odd = it retreats a full move facing the
        enemy, disordered.  Staying in melee follows the pushed infantry up to stay in contact
        (when the way is clear)."""
        ev: list[Event] = []
        if a.organized:
            a.organized = False
        ev.append(event("disorganized", "[MT §7.5.6]", f"{self.name_of(a.id)} pushes the infantry "
                        "back without breaking in: disorganized", unit=a.id))
        if any(ld.attached_to == a.id and ld.present for ld in self.leaders.values()):
            self.pending = {"kind": "rally_back", "side": a.side, "unit": a.id, "foe": d.id,
                            "shift": [shift[0], shift[1]]}
            self.stage = "choice"
            return ev + [event("choice", "[MT §7.5.6]", f"{self.name_of(a.id)}'s commander may rally "
                               "it back a full move facing the enemy or keep it in the melee",
                               unit=a.id)]
        r = self.dice.die(6)
        if r % 2 == 0:
            return ev + [event("outcome", "[MT §7.5.6]", f"{self.name_of(a.id)}: d6 {r}, even: it "
                               "stays in the melee", dice=[r])] + self.follow_shift(a, d, shift)
        ev.append(event("outcome", "[MT §7.5.6]", f"{self.name_of(a.id)}: d6 {r}, odd: it retreats "
                        "a full move facing the enemy (R-90)", dice=[r]))
        return ev + self.retreat_from(a, d, self.allowance(a))

    def rally_back_actions(self: Any) -> list[Action]:
        p = self.pending
        return [{"type": "rally_back", "unit": p["unit"]}, {"type": "stay", "unit": p["unit"]}]

    def _rally_back_pending(self: Any, action: Action) -> dict[str, Any]:
        p = self.pending
        if p is None or p.get("kind") != "rally_back" or action not in self.rally_back_actions():
            raise IllegalAction("[MT §7.5.6]", "only charging cavalry with an attached commander that "
                                "won without breaking in rallies back or stays in the melee")
        return p

    def do_rally_back(self: Any, action: Action) -> list[Event]:
        """[MT §7.5.6] The commander rallies his cavalry back a full move, facing the enemy."""
        p = self._rally_back_pending(action)
        a, d = self.units[p["unit"]], self.units[p["foe"]]

        def resolve() -> list[Event]:
            ev = [event("outcome", "[MT §7.5.6]", f"{self.name_of(a.id)}'s commander rallies it back "
                        "a full move facing the enemy", unit=a.id)]
            return ev + self.retreat_from(a, d, self.allowance(a))
        return self.end_choice(resolve)

    def do_stay(self: Any, action: Action) -> list[Event]:
        """[MT §7.5.6] The commander keeps his cavalry in the melee (following up, free)."""
        p = self._rally_back_pending(action)
        a, d = self.units[p["unit"]], self.units[p["foe"]]
        shift = (float(p["shift"][0]), float(p["shift"][1]))

        def resolve() -> list[Event]:
            ev = [event("outcome", "[MT §7.5.6]", f"{self.name_of(a.id)}'s commander keeps it in "
                        "the melee", unit=a.id)]
            return ev + self.follow_shift(a, d, shift)
        return self.end_choice(resolve)

    # ----- the follow-up [MT §7.5.7] (R-96) ------------------------------------------------------
    def follow_up_place(self: Any, win: Unit, lose: Unit, shift: tuple[float, float]
                        ) -> tuple[float, float] | None:
        """Where ``win`` stands after following ``lose`` (moved by ``shift``) to stay in
        contact, or None if it cannot (nothing to follow, or the way is not clear)."""
        dx, dy = shift
        if math.hypot(dx, dy) < 1e-3 or not win.placed or not lose.placed:
            return None
        fp = self.footprint(win)
        lp = self.footprint(lose)
        tol = float(self.D.values["contact_tolerance"])
        if fp.distance(lp) <= tol:
            return None                                       # still in contact
        x, y = q(win.x + dx), q(win.y + dy)
        p = self.pitch(win)
        end = rect(x, y, win.heading, win.files * p[0], win.ranks * p[1])
        if end.distance(lp) > tol + 0.01 or self.B.obstacle(end) is not None \
                or self.overlapping(end, {win.id}) \
                or self.B.sector_at(x, y) != self.B.sector_at(win.x, win.y):
            return None
        from shapely.geometry import LineString
        sweep = LineString([(win.x, win.y), (x, y)]).buffer(min(p) / 2)
        if self.B.obstacle(sweep) is not None:
            return None
        return x, y

    def follow_shift(self: Any, win: Unit, lose: Unit, shift: tuple[float, float]) -> list[Event]:
        """Follow ``lose`` (pushed back by ``shift``) to stay in contact, free [MT §7.5.7]."""
        place = self.follow_up_place(win, lose, shift)
        if place is None:
            return []
        win.x, win.y = place
        self._after_change()
        self.follow_attached(win)
        ev = [event("follow_up", "[MT §7.5.7]", f"{self.name_of(win.id)} follows up "
                    f"{math.hypot(*shift):.1f}″ to stay in contact with {self.name_of(lose.id)} (R-96)",
                    unit=win.id)]
        return ev + self.overrun_leaders(win, self.footprint(win))

    def offer_follow_up(self: Any, win: Unit, lose: Unit, shift: tuple[float, float]) -> list[Event]:
        """R-96: the winner of a push-back may follow up to stay in contact, free, or stand: a
        choice of its owner (an organized unit free to move, [MT §7.1.6] [MT §7.1.8])."""
        if not win.organized or self.frozen(win):
            return []
        if self.follow_up_place(win, lose, shift) is None:
            return []
        self.pending = {"kind": "follow_up", "side": win.side, "unit": win.id, "foe": lose.id,
                        "shift": [shift[0], shift[1]]}
        self.stage = "choice"
        return [event("choice", "[MT §7.5.7]", f"{self.name_of(win.id)} may follow up "
                      f"{self.name_of(lose.id)} or stand (R-96)", unit=win.id)]

    def follow_up_actions(self: Any) -> list[Action]:
        p = self.pending
        return [{"type": "follow_up", "unit": p["unit"]}, {"type": "stand", "unit": p["unit"]}]

    def do_follow_up(self: Any, action: Action) -> list[Event]:
        p = self.pending
        if p is None or p.get("kind") != "follow_up" or action not in self.follow_up_actions():
            raise IllegalAction("[MT §7.5.7]", "only the winner of a push-back follows up, at once "
                                "(R-96)")
        win, lose = self.units[p["unit"]], self.units[p["foe"]]
        shift = (float(p["shift"][0]), float(p["shift"][1]))
        return self.end_choice(lambda: self.follow_shift(win, lose, shift))

    def push_back(self: Any, lose: Unit, win: Unit, D: float, penetrated: bool) -> list[Event]:
        """[MT §7.5.7] The loser goes straight back D″; it stops at anything and is then
        disorganized; a penetration disorganizes it too and opens a gap."""
        if self.wall_combat_pair(lose, win):  # along the walk instead (siege.py)
            return self.push_along_walk(lose, win, D, penetrated)
        hd = lose.heading
        lose.heading = (lose.heading + 180) % 360     # go "forward" backwards for the sweep
        gone = self.advance_until_contact(lose, D, None)
        lose.heading = hd
        self._after_change()
        ev = self.push_result(lose, win, D, gone, penetrated, "[MT §7.5.7]",
                              f"is pushed back {gone:.1f}″")
        self.follow_attached(lose)
        return ev

    def push_result(self: Any, lose: Unit, win: Unit, D: float, gone: float, penetrated: bool,
                    rule: str, how: str, tag: str = "") -> list[Event]:
        """[MT §7.5.7] What a push-back of D″ that went ``gone″`` does to the loser: stopped
        short by anything, it is disorganized [seed: Automatic Disorganization]; penetrated, it
        is disorganized and has a gap half the winner's front rank wide (R-97)."""
        ev = [event("push", rule, f"{self.name_of(lose.id)} {how}"
                    + (f" of {D:g}″ and stops against an obstacle" if gone + 1e-6 < D else "") + tag,
                    unit=lose.id)]
        if gone + 1e-6 < D and lose.organized:
            lose.organized = False
            ev.append(event("disorganized", "[MT §7.5.7]", f"{self.name_of(lose.id)} is forced back "
                            "into an obstacle: disorganized [seed: Automatic Disorganization]", unit=lose.id))
        if penetrated:
            lose.gap = win.files * self.pitch(win)[0] * float(self.D.values["penetration_gap_fraction"])
            lose.gap_by = win.id                                     # R-97 (siege/movement)
            if lose.organized:
                lose.organized = False
            ev.append(event("penetrated", "[MT §7.5.7]", f"{self.name_of(lose.id)} is penetrated "
                            f"(a {lose.gap:g}″ gap) and disorganized", unit=lose.id))
        return ev

    def retreat_from(self: Any, u: Unit, enemy: Unit, distance: float, face: str = "enemy"
                     ) -> list[Event]:
        """Move straight away from ``enemy`` up to ``distance`` and face it (R-90), or, with
        ``face="away"``, end facing directly away from it [MT §7.5.9]."""
        away = math.degrees(math.atan2(u.y - enemy.y, u.x - enemy.x))
        h = u.heading
        gone = self.slide(u, away, distance)
        u.heading = (away + 180) % 360 if face == "enemy" else away % 360
        fp = self.footprint(u)
        if self.B.obstacle(fp) is not None or self.overlapping(fp, {u.id}):
            u.heading = h                     # it cannot turn where it stopped: it keeps its facing
        self._after_change()
        self.follow_attached(u)
        return [event("retreat", "[MT §7.5.6]", f"{self.name_of(u.id)} falls back {gone:.1f}″", unit=u.id)]

    def push_out_of_sector(self: Any, lose: Unit, win: Unit) -> list[Event]:
        """[seed: City Combat] A defender pushed back 4″ or more leaves its sector through a
        connection it may pass, leading away from the attacker; else it is disorganized (R-110)."""
        best = None
        for c in self.B.connections.values():
            here = self.B.sector_at(lose.x, lose.y)
            if here not in c.sectors:
                continue
            mid = c.geometry.interpolate(0.5, normalized=True)
            if math.hypot(mid.x - win.x, mid.y - win.y) < math.hypot(mid.x - lose.x, mid.y - lose.y):
                continue
            if c.kind == "gate" and self.gates[c.id][0] == "intact" and self.gates[c.id][1] != lose.side:
                continue
            saved = (lose.x, lose.y, lose.heading, lose.files, lose.acted_on, lose.organized)
            lose.organized = True
            place = self.placement_across_forced(lose, c.id)
            lose.x, lose.y, lose.heading, lose.files, lose.acted_on, lose.organized = saved
            if place is not None:
                best = (c.id, place)
                break
        if best is None:
            if lose.organized:
                lose.organized = False
            return [event("disorganized", "[MT §7.6]", f"{self.name_of(lose.id)} has no way out of "
                          "its sector: disorganized against the obstacle (R-110)", unit=lose.id)]
        cid, (x, y, h, files) = best
        lose.x, lose.y, lose.heading, lose.files = x, y, h, files
        self._after_change()
        self.follow_attached(lose)
        return [event("pushed_out", "[MT §7.6]", f"{self.name_of(lose.id)} is pushed out of its "
                      f"sector through {cid} [seed: City Combat]", unit=lose.id)]

    def placement_across_forced(self: Any, u: Unit, cid: str) -> Any:
        """A forced crossing ignores cards and who may move (the placement rules of R-81)."""
        saved_card = self.current[u.side]
        saved_acted = u.acted_on
        self.current[u.side] = "infantry_move" if self.klass(u) != "cavalry" else "cavalry_move"
        u.acted_on = -1
        try:
            return self.placement_across(u, cid)
        finally:
            self.current[u.side] = saved_card
            u.acted_on = saved_acted

    def check_destroyed(self: Any, u: Unit) -> list[Event]:
        if u.figures > 0:
            return []
        if u.waiting:                         # the rest of a split unit (siege.py)
            return self.landed_part_lost(u)
        ev = [event("destroyed", "[MT §7.5.4]", f"{self.name_of(u.id)} is destroyed", unit=u.id)]
        u.embarked = None
        u.archers = 0                         # [MT §7.9] the archers die with their elephant
        for e in self.engines.values():
            if u.id in e.aboard:
                e.aboard.remove(u.id)
        self._after_change()
        for ld in self.leaders.values():
            if ld.attached_to == u.id and ld.present:
                ev.extend(self.leader_overrun(ld, "his unit is destroyed"))
        return ev

    # ----- tests after combat [MT §7.5.10] [MT §7.10] -----------------------------------------
    def morale_of(self: Any, u: Unit) -> int:
        m = self.D.units[u.id].morale
        T = self.D.tests
        if self.army_demoralized(self.D.army_of(u.contingent)):
            m = max(int(T["demoralized_morale_min"]), m + int(T["demoralized_morale_mod"]))
        return m

    def combat_disorder_test(self: Any, u: Unit, won: bool, equal: bool, foe: Unit | None
                             ) -> list[Event]:
        T = self.D.tests
        if self.klass(u) == "elephant":
            die = int(T["mumak"])
        elif foe is not None and (foe.type == "MAC" or self.B.in_woods(self.footprint(u))):
            die = int(T["after_combat_woods_or_mumak_cavalry"] if self.klass(u) == "cavalry"
                      else T["after_combat_woods_or_mumak_infantry"])
        else:
            die = int(T["after_combat"])
        r = self.dice.die(die)
        mod = 0 if equal else (int(T["won_mod"]) if won else int(T["lost_mod"]))
        cl = self.best_cl(u) or 0
        total = r + mod - cl
        morale = self.morale_of(u)
        bad = total > morale
        text = (f"{self.name_of(u.id)} tests after combat: d{die} {r}"
                + (f" {mod:+d} {'won' if won else 'lost'}" if mod else "")
                + (f" -{cl} leader (R-124)" if cl else "") + f" = {total} against morale {morale}: "
                + ("disorganized" if bad else "holds"))
        if bad:
            u.organized = False
        return [event("test", "[MT §7.5.10]", text, dice=[r], unit=u.id)]

    def cavalry_beaten_test(self: Any, u: Unit) -> list[Event]:
        """[seed: Cavalry vs. Infantry] d8 > morale + attached CL → disordered."""
        r = self.dice.die(int(self.D.tests["cavalry_beaten_by_infantry"]))
        limit = self.morale_of(u) + self.attached_cl(u)
        bad = r > limit
        if bad:
            u.organized = False
        return [event("test", "[MT §7.5.6]", f"{self.name_of(u.id)} beaten by infantry: d8 {r} "
                      f"against {limit}: {'disordered' if bad else 'holds'}", dice=[r], unit=u.id)]

    # ----- continuing combat and engines [MT §7.5.1] [MT §7.5.11] -----------------------------
    def melee_menu(self: Any, u: Unit) -> list[Action]:
        if self.current[u.side] != "close_combat" or u.acted_on == self.card_no[u.side] or not u.placed:
            return []
        acts: list[Action] = []
        fp = self.footprint(u)
        seen: set[str] = set()
        for kind, pid, side, _ in self.touching(fp, {u.id}):
            if side == u.side:
                continue
            if kind == "unit":
                acts.append({"type": "melee", "unit": u.id, "target": pid})
                seen.add(pid)
            elif kind == "engine":
                acts.append({"type": "destroy", "unit": u.id, "engine": pid})
        # wall combat along one walk needs no contact, within 6″
        walk = self.B.walk_at(u.x, u.y)
        if walk is not None:
            window = float(self.D.values["wall_combat_window"])
            for t in self.units.values():
                if t.side != u.side and t.placed and t.id not in seen \
                        and self.B.walk_at(t.x, t.y) == walk and fp.distance(self.footprint(t)) <= window:
                    acts.append({"type": "melee", "unit": u.id, "target": t.id})
        return acts

    def do_melee(self: Any, action: Action) -> list[Event]:
        """[MT §7.5.1] Continue a melee on a Close Combat Resolution card: 1 impetus per unit."""
        u = self.act_from_menu(action, self.melee_menu, "a melee",
                               "[MT §7.5.1]", "a melee continues on a Close Combat Resolution card, "
                               "by a unit in contact with that enemy, once per card")
        return self.close_combat(u, self.units[action["target"]], "melee")

    def do_destroy(self: Any, action: Action) -> list[Event]:
        """[MT §7.5.11] An enemy engine in contact is destroyed by a unit acting on a Close
        Combat Resolution card (1 impetus)."""
        u = self.act_from_menu(action, self.melee_menu, "destroying an engine",
                               "[MT §7.5.11]", "an engine is destroyed by a unit in contact with it "
                               "acting on a Close Combat Resolution card")
        return self.destroy_engine(self.engines[action["engine"]], f"by {self.name_of(u.id)}")

    # ----- breakthrough [MT §7.5.8] ---------------------------------------------------------------
    def offer_breakthrough(self: Any, a: Unit) -> list[Event]:
        """An attacker that penetrated may, for 1 more pip, advance a full charge move and
        shock an enemy it reaches, or stand (free, R-98); resolved at once (R-100).  A
        countercharger of the reacting side pays from its bank (R-99)."""
        cost = int(self.D.values["breakthrough_pips"])
        if not a.placed:
            return []
        pay = "pips" if a.side == self.active else "bank"
        if (self.pips if pay == "pips" else self.bank[a.side]) < cost:
            return []
        if not self.breakthrough_targets(a):
            return []
        self.pending = {"kind": "breakthrough", "side": a.side, "unit": a.id, "pay": pay}
        self.stage = "choice"
        return [event("breakthrough", "[MT §7.5.8]", f"{self.name_of(a.id)} has broken through: it "
                      + ("may advance (1 impetus) or stand" if pay == "pips" else
                         "may advance (1 banked pip, R-99) or stand"))]

    def breakthrough_targets(self: Any, a: Unit) -> list[str]:
        reach = self.charge_reach(a)
        fc = self.front_centre(a)
        out = []
        for t in self.units.values():
            if t.side == a.side or not t.placed or self.engaged_with(t) and a.id in self.engaged_with(t):
                continue
            if fc.distance(self.footprint(t)) <= reach and self.arc_of(a, (t.x, t.y)) == "front" \
                    and self.B.sector_at(t.x, t.y) == self.B.sector_at(a.x, a.y) \
                    and self.charge_path_clear(a, t):
                out.append(t.id)
        return sorted(out)

    def breakthrough_actions(self: Any) -> list[Action]:
        p = self.pending
        a = self.units[p["unit"]]
        acts: list[Action] = [{"type": "breakthrough", "unit": a.id, "target": t}
                              for t in self.breakthrough_targets(a)]
        forced = self.klass(a) == "cavalry" and self.attached_cl(a) == 0 and acts
        if not forced:
            acts.append({"type": "stand", "unit": a.id})
        return acts

    def do_stand(self: Any, action: Action) -> list[Event]:
        """Stand instead of breaking through (R-98) or of following up (R-96): free."""
        p = self.pending
        if p is not None and p.get("kind") == "follow_up" and action in self.follow_up_actions():
            return self.end_choice(lambda: [event("stand", "[MT §7.5.7]", f"{self.name_of(p['unit'])} "
                                                  "stands (R-96)")])
        if p is None or p.get("kind") != "breakthrough" or action.get("unit") != p["unit"] \
                or action not in self.breakthrough_actions():
            raise IllegalAction("[MT §7.5.8]", "only a unit offered a breakthrough or a follow-up "
                                "stands (attacking cavalry without a commander must advance, R-99)")
        return self.end_choice(lambda: [event("stand", "[MT §7.5.8]", f"{self.name_of(p['unit'])} "
                                              "stands (R-98)")])

    def do_breakthrough(self: Any, action: Action) -> list[Event]:
        p = self.pending
        if p is None or p.get("kind") != "breakthrough" or action not in self.breakthrough_actions():
            raise IllegalAction("[MT §7.5.8]", "a breakthrough follows a penetration, against an "
                                "enemy in reach")
        a = self.units[p["unit"]]
        t = self.units[action["target"]]
        cost = int(self.D.values["breakthrough_pips"])
        if p.get("pay") == "bank":                 # a reacting side pays from its bank
            self.bank[a.side] -= cost
        else:
            self.spend(cost, "a breakthrough")
        return self.end_choice(lambda: self.breakthrough_move(a, t))

    def breakthrough_move(self: Any, a: Unit, t: Unit) -> list[Event]:
        a.no_flank_until = self.round + int(self.D.values["breakthrough_immunity_rounds"])
        turn, _ = self.charge_line(a, t)
        tt = self.D.troop_types[a.type]
        dice = self.dice.roll(tt.charge_dice, 6)
        base = float(tt.move) if tt.move is not None else self.base_move(a)
        ev = [event("breakthrough", "[MT §7.5.8]", f"{self.name_of(a.id)} breaks through at "
                    f"{self.name_of(t.id)}: {'+'.join(map(str, dice))}", dice=dice)]
        move = {"kind": "charge", "unit": a.id, "target": t.id, "turn": turn,
                "distance": base + sum(dice), "start_arc": self.arc_of(t, (a.x, a.y)),
                "start": [a.x, a.y], "breakthrough": True}
        return ev + self.execute_charge(a, move)

    # ----- disengaging [MT §7.5.9] ------------------------------------------------------------------
    def disengage_menu(self: Any, u: Unit) -> list[Action]:
        card = self.current[u.side]
        if card not in ("infantry_move", "cavalry_move") or u.acted_on == self.card_no[u.side] \
                or not u.organized or not u.placed or self.frozen(u) or self.best_cl(u) is None:
            return []
        if self.klass(u) not in self.D.cards[card].movers or not self.engaged_with(u):
            return []
        return [{"type": "disengage", "unit": u.id, "facing": f} for f in DISENGAGE_FACINGS]

    def do_disengage(self: Any, action: Action) -> list[Event]:
        """[seed: Disengaging from Melee] d8 ≤ morale + attached CL: fall back ½ move in good
        order, facing the enemy or directly away (``facing``: "enemy" or "away", the owner's
        choice); a natural 8: fall back ½ move, so faced, disorganized; else nothing."""
        u = self.act_from_menu(action, self.disengage_menu, "disengaging",
                               "[MT §7.5.9]", "an organized unit in contact, inside a leader's span, "
                               "tries to disengage on a move card, facing the enemy or directly "
                               "away ('facing': 'enemy' or 'away')")
        face = action["facing"]
        r = self.dice.die(int(self.D.tests["disengage"]))
        limit = self.morale_of(u) + self.attached_cl(u)
        foe = self.units[self.engaged_with(u)[0]]
        half = self.base_move(u) * float(self.D.values["disengage_fraction"])
        if r == int(self.D.tests["disengage"]):
            ev = [event("disengage", "[MT §7.5.9]", f"{self.name_of(u.id)} tries to disengage: a natural "
                        f"{r}: it falls back, disorganized", dice=[r])]
            ev += self.retreat_from(u, foe, half, face=face)
            u.organized = False
            return ev
        if r <= limit:
            return [event("disengage", "[MT §7.5.9]", f"{self.name_of(u.id)} disengages: d8 {r} ≤ "
                          f"{limit}", dice=[r])] + self.retreat_from(u, foe, half, face=face)
        return [event("disengage", "[MT §7.5.9]", f"{self.name_of(u.id)} fails to disengage: d8 {r} > "
                      f"{limit}", dice=[r])]

    # ----- Mumakil [MT §7.9] --------------------------------------------------------------------
    def stampede(self: Any, m: Unit) -> list[Event]:
        """R-122: a losing Mumak unit runs 3d6″ along a random bearing, stops at the first
        unit (and shocks it) or obstacle, and is disorganized; it never chains (R-152)."""
        dice = self.dice.roll(3, 6)
        bearing = self.dice.below(3600) / 10.0                  # one uniform draw
        h = m.heading
        m.heading = bearing
        gone = self.advance_until_contact(m, float(sum(dice)), None)
        m.organized = False
        ev = [event("stampede", "[MT §7.9]", f"{self.name_of(m.id)} stampedes {sum(dice)}″ "
                    f"({'+'.join(map(str, dice))}) on a bearing of {bearing:g}°, running {gone:.1f}″ "
                    "(R-122)", dice=dice, unit=m.id)]
        self.follow_attached(m)
        hit = [pid for kind, pid, side, _ in self.touching(self.footprint(m), {m.id}) if kind == "unit"]
        if hit and gone + 1e-6 < sum(dice):
            other = self.units[hit[0]]
            ev.append(event("stampede", "[MT §7.9]", f"The Mumakil crash into {self.name_of(other.id)}"))
            ev.extend(self.close_combat(m, other, "shock", may_stampede=False))
        m.heading = h if not hit else m.heading
        return ev

    def destroy_engine(self: Any, e: Any, why: str) -> list[Event]:
        e.destroyed = True
        ev = [event("engine_destroyed", "[MT §7.5.11]", f"{self.name_of(e.id)} is destroyed {why}",
                    engine=e.id)]
        for uid in list(e.aboard):
            u = self.units[uid]
            ev.extend(self.burn_waiting(u, e) if u.waiting_at == e.id else self.unload_burning(u, e))
        e.aboard = []
        for u in self.units.values():
            if u.engine == e.id:
                u.engine = None
        self._after_change()
        return ev

    def unload_burning(self: Any, u: Unit, e: Any) -> list[Event]:
        """R-118: each embarked figure of a destroyed tower dies on d20 ≤ 10; the rest land in
        contact with its rear, disorganized."""
        V = self.D.values
        dice = [self.dice.die(int(V["burnt_tower_die"])) for _ in range(u.figures)]
        dead = sum(1 for r in dice if r <= int(V["burnt_tower_kill"]))
        u.embarked = None
        self.remove_figures(u, dead)
        ev = [event("burnt", "[MT §7.8]", f"{self.name_of(u.id)} aboard {self.name_of(e.id)}: "
                    f"{dead} of {len(dice)} figures die (R-118)", dice=dice, unit=u.id)]
        if u.figures <= 0:
            return ev + self.check_destroyed(u)
        w, d = self.D.engines[e.id].size
        (fx, fy), _ = unit_vectors(e.heading)
        p = self.pitch(u)
        u.files = min(u.figures, max(1, int(w // p[0]) or 1))
        depth = u.ranks * p[1]
        u.x, u.y, u.heading = q(e.x - fx * (d / 2 + depth / 2 + 0.1)), q(e.y - fy * (d / 2 + depth / 2 + 0.1)), e.heading
        u.organized = False
        self._after_change()
        fp = self.footprint(u)
        if self.B.obstacle(fp) is not None or self.overlapping(fp, {u.id}):
            ev.append(event("destroyed", "[MT §7.8]", f"no room behind the tower: {self.name_of(u.id)} "
                            "is lost (R-118)"))
            self.remove_figures(u, u.figures)
            return ev + self.check_destroyed(u)
        return ev


__all__ = ["CombatRules", "corners", "rect"]
