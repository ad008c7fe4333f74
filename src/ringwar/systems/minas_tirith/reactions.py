"""The reaction window [MT §6.6] [seed: Reaction movement; Other rules regarding sequence].

When the active side declares a move or a charge, every enemy unit it *triggers* — the mover
ends closer than it started and ends (a) in contact with it, (b) within the mover's charge
reach of it, (c) within the mover's missile range of it (a loaded missile unit), or (d) within
the reactor's own missile range and front arc (R-62) — may react, for one banked pip each, if
it is organized, inside a leader's command span and not attacked in the flank or rear.  The
sequence is R-66: the mover declares (and rolls its charge dice); the reactor declares; fire
resolves, then retreats and fall-backs, then countercharges; then the mover completes.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .geometry import rect, unit_vectors
from .tables import missile_max_range
from .units import Unit

OTHER = {"west": "dark-lord", "dark-lord": "west"}
RETREATS = ("quarter", "half", "full")


class ReactionRules:
    """[MT §6.6]: mixed into :class:`MinasTirithGame`."""

    def declare(self: Any, u: Unit, move: dict[str, Any]) -> list[Event]:
        """A declared move: open the reaction window if it triggers anyone who can react,
        else carry it out at once."""
        enemy = OTHER[u.side]
        paid = self.bank[enemy] >= int(self.D.values["reaction_cost"])
        archers = any(r.side == enemy and r.placed and r.archers > 0 and r.archers_loaded
                      for r in self.units.values())
        kinds = self.triggers_of(u, move) if paid or archers else {}
        if not paid:
            # [MT §6.6] the elephant archers react without a banked pip: the window opens
            # for them alone
            kinds = {i: k for i, k in kinds.items()
                     if self.archer_shot_at(self.units[i], self.nearest_mover(i, move), move)[0] is None}
        triggered = sorted(kinds)
        if not triggered:
            return self.complete(u, move)
        # [MT §6.6] a retreat answers triggers (a)-(c) only: a unit triggered by (d) alone
        # (the mover came into its own range) may only shoot; a Mumak triggered outside its
        # front arc (or otherwise unable to react) has only its all-round archers ("x")
        self.pending = {"side": enemy, "move": move, "triggered": triggered, "reacted": [],
                        "fire": [], "fell_back": [], "archers": [], "cast": [],
                        "fire_only": sorted(i for i, k in kinds.items() if k - {"x"} == {"d"}),
                        "archers_only": sorted(i for i, k in kinds.items() if "x" in k)}
        self.stage = "react"
        return [event("reaction_window", "[MT §6.6]",
                      f"{self.name_of(u.id)}'s move triggers {', '.join(self.name_of(t) for t in triggered)}: "
                      "the enemy may react", unit=u.id, triggered=list(triggered))]

    def complete(self: Any, u: Unit, move: dict[str, Any]) -> list[Event]:
        if not u.placed:
            return [event("move", "[MT §6.6]", f"{self.name_of(u.id)} is gone before it can move")]
        if move["kind"] == "charge":
            return self.execute_charge(u, move)
        if move["kind"] == "group":
            return self.execute_group(move)
        if move["kind"] == "move_fire":
            return self.execute_move_fire(u, move)
        return self.execute_move(u, move["path"])

    # ----- who is triggered (R-62) ----------------------------------------------------------
    def triggered_by(self: Any, u: Unit, move: dict[str, Any]) -> list[str]:
        return sorted(self.triggers_of(u, move))

    def triggers_of(self: Any, u: Unit, move: dict[str, Any]) -> dict[str, set[str]]:
        """The units ``move`` triggers, each with the tests it meets: "a", "b", "c" (the
        mover's contact, charge reach or missile range) or "d" (the reactor's own range)."""
        if move["kind"] == "group":
            out: dict[str, set[str]] = {}
            full: set[str] = set()
            for i in move["units"]:
                for rid, k in self.triggers_of(self.units[i], {**move, "kind": "move",
                                                               "end": move["ends"][i]}).items():
                    out.setdefault(rid, set()).update(k - {"x"})
                    if "x" not in k:
                        full.add(rid)
            for rid, k in out.items():
                if rid not in full:
                    k.add("x")
            return out
        x, y, h, files = move["end"]
        p = self.pitch(u)
        end = rect(x, y, h, files * p[0], math.ceil(u.figures / max(1, files)) * p[1])
        reach = self.charge_reach(u)
        mover_w = self.missile_weapon(u) if u.loaded else None
        mover_range = missile_max_range(mover_w) if mover_w else 0.0
        out: dict[str, set[str]] = {}
        for r in self.units.values():
            if r.side == u.side or not r.placed:
                continue
            if abs(r.x - x) > 60 or abs(r.y - y) > 60:
                continue
            rp = self.footprint(r)
            before = self.footprint(u).distance(rp)
            after = end.distance(rp)
            if after >= before - 1e-6:
                continue
            k = set()
            if after <= float(self.D.values["contact_tolerance"]):
                k.add("a")
            if after <= reach:
                k.add("b")
            if mover_w and after <= mover_range:
                k.add("c")
            w = self.missile_weapon(r)
            if w and r.loaded and after <= missile_max_range(w) and self.in_front_arc(r, end):
                k.add("d")
            if r.archers > 0 and r.archers_loaded and after <= missile_max_range("elephant_archers"):
                k.add("d")                          # the archers shoot all round [MT §7.9]
            if not k:
                continue
            if self.may_react(r, u):
                out[r.id] = k
            elif self.archers_may_react(r):
                out[r.id] = k | {"x"}
        return out

    def archers_may_react(self: Any, r: Unit) -> bool:
        """[MT §6.6] [seed: Elephants (Mumakel)] loaded elephant archers react in any
        direction (organized, inside a leader's span and out of contact, as any reactor)."""
        return (r.archers > 0 and r.archers_loaded and r.organized and r.placed
                and self.best_cl(r) is not None and not self.engaged_with(r))

    def archer_shot_at(self: Any, r: Unit, mover: Unit, move: dict[str, Any]
                       ) -> tuple[IllegalAction | None, str | None, Any]:
        """Whether ``r``'s elephant archers may shoot at ``mover`` in reaction, with the band
        (at a charger: short, or point blank if it started within 2″, R-67) and the pose to
        take it at (a move that brought it into range: its declared end)."""
        if not self.archers_may_react(r):
            return IllegalAction("[MT §6.6]", "loaded elephant archers of an organized Mumak unit "
                                 "inside a leader's span and out of contact react"), None, None
        if not mover.placed or self.engaged_with(mover):
            return IllegalAction("[MT §7.4]", "no fire into a melee (R-85)"), None, None
        rng = missile_max_range("elephant_archers")
        here = self.footprint(r)
        now = here.distance(self.footprint(mover))
        if move["kind"] == "charge":
            if now > rng + 1e-6:
                return IllegalAction("[MT §7.9]", f"the charger is {now:.1f}″ away, beyond the "
                                     f"archers' {rng:g}″"), None, None
            V = self.D.values
            band = "point_blank" if now <= float(V["reaction_fire_point_blank_start"]) \
                else str(V["reaction_fire_band"])
            return None, band, None
        if now <= rng + 1e-6:
            return None, None, None
        end = (move.get("ends") or {}).get(mover.id) or move["end"]
        from .movement import Pose
        pose = Pose(float(end[0]), float(end[1]), float(end[2]), int(end[3]))
        if here.distance(self.footprint(mover, pose)) <= rng + 1e-6:
            return None, None, pose
        return IllegalAction("[MT §7.9]", f"the mover ends beyond the archers' {rng:g}″"), None, None

    def nearest_mover(self: Any, rid: str, move: dict[str, Any]) -> Unit:
        """The unit ``rid`` answers in ``move``: the mover, or the nearest of a group."""
        ids = move.get("units") or [move["unit"]]
        r = self.units[rid]
        live = [self.units[i] for i in ids if self.units[i].placed] or [self.units[ids[0]]]
        return min(live, key=lambda m: (self.footprint(m).distance(self.footprint(r)), m.id))

    def may_react(self: Any, r: Unit, mover: Unit) -> bool:
        """[MT §6.6] organized, inside a leader's span, not attacked in the flank or rear."""
        if not r.organized or not r.placed or self.best_cl(r) is None:
            return False
        if self.engaged_with(r):
            return False
        return self.arc_of(r, (mover.x, mover.y)) == "front" or r.formation == "square"

    def mover_for(self: Any, rid: str) -> Unit:
        """The unit a reactor answers: the mover, or the nearest member of a combined move."""
        return self.nearest_mover(rid, self.pending["move"])

    # ----- the reacting side's choices -------------------------------------------------------
    def reaction_actions(self: Any) -> list[Action]:
        p = self.pending
        assert p is not None
        acts: list[Action] = []
        side = p["side"]
        cost = int(self.D.values["reaction_cost"])
        for rid in p["triggered"]:                  # [MT §6.6] free, all round
            r = self.units[rid]
            if rid not in p.get("archers", ()) and r.placed and \
                    self.archer_shot_at(r, self.mover_for(rid), p["move"])[0] is None:
                acts.append({"type": "react_archers", "unit": rid})
        if self.bank[side] >= cost:
            for rid in p["triggered"]:
                if rid in p["reacted"] or rid in p.get("archers_only", ()):
                    continue
                r = self.units[rid]
                mover = self.mover_for(rid)
                if not r.placed:
                    continue
                if self.missile_weapon(r) and r.loaded and self.why_not_react_fire(r, mover) is None:
                    acts.append({"type": "react_fire", "unit": rid})
                if not self.frozen(r) and rid not in p.get("fire_only", ()):
                    for mode in RETREATS:
                        acts.append({"type": "react_retreat", "unit": rid, "mode": mode})
                    if self.may_countercharge(r, mover, p["move"]):
                        acts.append({"type": "countercharge", "unit": rid})
            for rid in p["fire"]:
                if rid not in p["fell_back"] and self.may_fall_back(self.units[rid]):
                    acts.append({"type": "fall_back", "unit": rid})
            acts.extend(self.reaction_spell_menu())
        acts.append({"type": "react_done"})
        return acts

    # ----- reaction spells (R-65) ------------------------------------------------------------
    def reaction_spell_menu(self: Any) -> list[Action]:
        """[MT §6.6] [MT §7.12] Each friendly caster may cast one spell in the window, the
        spells and targets of the Leader card (R-65), for 1 banked pip + spell points."""
        p = self.pending
        if p is None or self.stage != "react" or self.bank[p["side"]] < int(self.D.values["reaction_cost"]):
            return []
        acts: list[Action] = []
        for ld in sorted(self.leaders.values(), key=lambda ld: ld.id):
            if ld.side != p["side"] or not ld.present or ld.out_of_action or ld.id in p.get("cast", ()):
                continue
            acts.extend({**a, "type": "react_spell"} for a in self.spell_menu(ld))
        return acts

    def do_react_spell(self: Any, action: Action) -> list[Event]:
        """R-65: a caster answers the trigger with a spell: 1 banked pip + its spell points."""
        p = self.pending
        if p is None or self.stage != "react":
            raise IllegalAction("[MT §6.6]", "no reaction window is open")
        if self.bank[p["side"]] < int(self.D.values["reaction_cost"]):
            raise IllegalAction("[MT §6.6]", "no banked reaction pip left")
        if action not in self.reaction_spell_menu():
            raise IllegalAction("[MT §6.6]", "a friendly caster casts one spell in a reaction window, "
                                "as on the Leader card: his mount, the range and the spell points "
                                "must allow it (R-65, R-128)")
        ld = self.leaders[action["leader"]]
        self.bank[p["side"]] -= int(self.D.values["reaction_cost"])
        self.spell_points[ld.side] -= int(action["points"])
        ld.spells = [*ld.spells, f"{self.card_no[ld.side]}:{action['spell']}"]
        p["cast"] = [*p.get("cast", []), ld.id]
        ev = [event("react", "[MT §6.6]", f"{self.D.leaders[ld.id].name} casts in reaction (R-65)")]
        return ev + self.spell_effects(ld, action)

    def do_react_archers(self: Any, action: Action) -> list[Event]:
        """[seed: Elephants (Mumakel)] The elephant archers of a triggered Mumak unit shoot at
        the mover, in any direction and without a banked pip; the Mumak may still take one
        paid reaction of its own."""
        p = self.pending
        if p is None or self.stage != "react":
            raise IllegalAction("[MT §6.6]", "no reaction window is open")
        rid = action.get("unit")
        if set(action) != {"type", "unit"} or not isinstance(rid, str) or rid not in p["triggered"]:
            raise IllegalAction("[MT §6.6]", f"{rid!r} was not triggered by this move")
        if rid in p.get("archers", ()):
            raise IllegalAction("[MT §6.6]", "the elephant archers shoot once in a reaction window")
        r = self.units[rid]
        mover = self.mover_for(rid)
        err, band, pose = self.archer_shot_at(r, mover, p["move"])
        if err is not None:
            raise err
        p["archers"] = [*p.get("archers", []), rid]
        return [event("react", "[MT §6.6]", f"The elephant archers of {self.name_of(rid)} react "
                      "(no banked pip)")] + self.archer_volley(r, mover, band_override=band, pose=pose)

    def reacting_unit(self: Any, action: Action) -> Unit:
        p = self.pending
        if p is None or self.stage != "react":
            raise IllegalAction("[MT §6.6]", "no reaction window is open")
        rid = action.get("unit")
        if not isinstance(rid, str) or rid not in p["triggered"]:
            raise IllegalAction("[MT §6.6]", f"{rid!r} was not triggered by this move")
        if rid in p["reacted"]:
            raise IllegalAction("[MT §6.6]", "a unit reacts once to a trigger (no reaction to a reaction)")
        cost = int(self.D.values["reaction_cost"])
        if self.bank[p["side"]] < cost:
            raise IllegalAction("[MT §6.6]", "no banked reaction pip left")
        return self.units[rid]

    def why_not_react_fire(self: Any, r: Unit, mover: Unit) -> IllegalAction | None:
        return self.react_fire_at(r, mover)[0]

    def react_fire_at(self: Any, r: Unit, mover: Unit) -> tuple[IllegalAction | None, Any]:
        """Whether ``r`` may shoot at ``mover`` in reaction, and the pose to take it at: where
        it stands, or, for a move (not a charge) that brought it into ``r``'s range (trigger
        (d)), its declared end position [MT §6.6]."""
        err = self.why_not_fire(r, mover.id)
        move = self.pending["move"] if self.pending is not None else None
        if err is None or move is None or move["kind"] == "charge":
            return err, None
        end = (move.get("ends") or {}).get(mover.id) or move["end"]
        from .movement import Pose
        pose = Pose(float(end[0]), float(end[1]), float(end[2]), int(end[3]))
        if self.why_not_fire(r, mover.id, pose=pose) is None:
            return None, pose
        return err, None

    def do_react_fire(self: Any, action: Action) -> list[Event]:
        """[seed: Archery] A loaded missile unit whose front arc holds the mover shoots (the
        short band at a charger, or point blank if it started within 2″, R-67)."""
        r = self.reacting_unit(action)
        p = self.pending
        mover = self.mover_for(r.id)
        err, pose = self.react_fire_at(r, mover)
        if err is not None:
            raise err
        self.bank[p["side"]] -= int(self.D.values["reaction_cost"])
        p["reacted"].append(r.id)
        p["fire"].append(r.id)
        band = None
        if p["move"]["kind"] == "charge":
            start = self.front_edge(r).distance(self.footprint(mover))
            band = "point_blank" if start <= float(self.D.values["reaction_fire_point_blank_start"]) \
                else str(self.D.values["reaction_fire_band"])
        return [event("react", "[MT §6.6]", f"{self.name_of(r.id)} reacts with archery")] + \
            self.volley(r, mover, band_override=band, pose=pose)

    def may_fall_back(self: Any, r: Unit) -> bool:
        return (r.placed and self.klass(r) == "infantry" and not self.frozen(r)
                and self.D.units[r.id].drill in self.D.values["archery_fall_back_drill"])

    def do_fall_back(self: Any, action: Action) -> list[Event]:
        """[seed: Archery] Missile infantry of class A, B or C that shot in reaction may pay
        one more banked pip to fall back ¼ move (interpenetration limits ignored)."""
        p = self.pending
        if p is None or self.stage != "react":
            raise IllegalAction("[MT §6.6]", "no reaction window is open")
        rid = action.get("unit")
        if not isinstance(rid, str) or rid not in p["fire"] or rid in p["fell_back"] \
                or not self.may_fall_back(self.units[rid]):
            raise IllegalAction("[MT §6.6]", "only missile infantry of class A-C that shot in "
                                "reaction falls back, once")
        cost = int(self.D.values["archery_fall_back_cost"])
        if self.bank[p["side"]] < cost:
            raise IllegalAction("[MT §6.6]", "no banked reaction pip left")
        self.bank[p["side"]] -= cost
        p["fell_back"].append(rid)
        r = self.units[rid]
        mover = self.mover_for(rid)
        dist = self.base_move(r) * float(self.D.values["archery_fall_back_fraction"])
        return [event("react", "[MT §6.6]", f"{self.name_of(rid)} falls back after shooting")] + \
            self.retreat_from(r, mover, dist)

    def do_react_retreat(self: Any, action: Action) -> list[Event]:
        """[seed: Retreat] ¼ move in good order; up to ½ move in good order; or a full move,
        ending disorganized — straight away from the mover."""
        r = self.reacting_unit(action)
        mode = action.get("mode")
        if mode not in RETREATS or self.frozen(r):
            raise IllegalAction("[MT §6.6]", "retreat 'quarter', 'half' or 'full' (the Haradrim may "
                                "not move on Turn 1)")
        p = self.pending
        if r.id in p.get("fire_only", ()):
            raise IllegalAction("[MT §6.6]", "a retreat answers a mover's contact, charge reach or "
                                "missile range (triggers a-c), not its entering the reactor's own range")
        mover = self.mover_for(r.id)
        self.bank[p["side"]] -= int(self.D.values["reaction_cost"])
        p["reacted"].append(r.id)
        frac = dict(zip(RETREATS, self.D.values["retreat_fractions"]))[mode]
        dist = self.base_move(r) * float(frac)
        ev = [event("react", "[MT §6.6]", f"{self.name_of(r.id)} retreats ({mode} move)")]
        ev += self.retreat_from(r, mover, dist)
        if mode == "full":
            r.organized = False
            ev.append(event("disorganized", "[MT §6.6]", f"{self.name_of(r.id)} ends its full "
                            "retreat disorganized [seed: Retreat]", unit=r.id))
        return ev

    def base_move(self: Any, u: Unit) -> float:
        """The unit's regular move for a forced or reaction move; a random rate (trolls,
        Mumakil: 3d6″) is rolled for each move [MT §7.1.1], and the roll is logged."""
        t = self.D.troop_types[u.type]
        if t.move is not None:
            return float(t.move)
        dice = self.dice.roll(t.move_dice, 6)
        self.rate_events.append(event("rate", "[MT §7.1.1]", f"{self.name_of(u.id)} rolls its move: "
                                      f"{'+'.join(map(str, dice))} = {sum(dice)}″", dice=dice))
        return float(sum(dice))

    def may_countercharge(self: Any, r: Unit, mover: Unit, move: dict[str, Any]) -> bool:
        if move["kind"] != "charge" or move["target"] != r.id:
            return False
        if r.type not in self.D.values["countercharge_types"]:
            return False
        if mover.type == "MAC" and self.klass(r) == "cavalry":
            return False
        if r.formation in ("shield_wall", "square") or self.frozen(r):
            return False
        return self.arc_of(r, (mover.x, mover.y)) == "front"

    def do_countercharge(self: Any, action: Action) -> list[Event]:
        """[seed: Counter charge] The reactor goes straight ahead up to half its charge
        distance (regular + rolled bonus) or until contact; both count as charging (R-64)."""
        r = self.reacting_unit(action)
        p = self.pending
        mover = self.units[p["move"]["unit"]]
        if not self.may_countercharge(r, mover, p["move"]):
            raise IllegalAction("[MT §6.6]", "only cavalry, MI, HI, HAI or trolls charged from the "
                                "front countercharge (R-63, R-68)")
        self.bank[p["side"]] -= int(self.D.values["reaction_cost"])
        p["reacted"].append(r.id)
        tt = self.D.troop_types[r.type]
        dice = self.dice.roll(tt.charge_dice, 6)
        dist = (self.base_move(r) + sum(dice)) * float(self.D.values["countercharge_fraction"])
        h = r.heading
        ang = math.degrees(math.atan2(mover.y - r.y, mover.x - r.x))
        turn = ((ang - h + 180) % 360) - 180
        if abs(turn) <= 45:
            r.heading = (h + turn) % 360
            fp = self.footprint(r)
            if self.B.obstacle(fp) is not None or self.overlapping(fp, {r.id}):
                r.heading = h
        gone = self.advance_until_contact(r, dist, mover.id)
        p["move"]["countercharged"] = [r.id]
        return [event("react", "[MT §6.6]", f"{self.name_of(r.id)} countercharges: "
                      f"{'+'.join(map(str, dice))}, {gone:.1f}″ of {dist:.1f}″ (R-64)", dice=dice)]

    def do_react_done(self: Any, action: Action) -> list[Event]:
        """The reactor has declared all it will: the mover completes its move."""
        p = self.pending
        if p is None or self.stage != "react":
            raise IllegalAction("[MT §6.6]", "no reaction window is open")
        self.pending = None
        self.stage = "round"
        u = self.units[p["move"]["unit"]]
        return self.complete(u, p["move"])


_unused = (Point, unit_vectors)
