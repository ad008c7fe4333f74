"""Commanders [MT §7.11], spells [MT §7.12], leader combat [MT §7.13], overrun, risk and death
[MT §7.14], and recovery from disorganization [MT §7.10].

A commander's span (CS, inches) reaches the nearest point of a unit's footprint; an attached
commander covers only his own unit [MT §2.7].  The best CL among the leaders whose span covers
a unit helps its tests (R-124).
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import Point

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .units import Leader, Unit, q


class LeaderRules:
    """[MT §7.10]-[MT §7.14]: mixed into :class:`MinasTirithGame`."""

    # ----- command [MT §2.7] -------------------------------------------------------------------
    def leader_cl(self: Any, ld: Leader) -> int:
        """His CL, raised by Magical Leadership for the Round it was cast [MT §7.12]."""
        bonus = self.ml_bonus.get(ld.id)
        extra = bonus[1] if bonus is not None and bonus[0] == self.round else 0
        return int(self.D.leaders[ld.id].cl) + extra

    def spans(self: Any, ld: Leader, u: Unit) -> bool:
        """Whether ``ld`` commands ``u`` and his span covers it [MT §2.7] (R-14)."""
        if not ld.present or ld.out_of_action or ld.side != u.side or not u.placed:
            return False
        spec = self.D.leaders[ld.id]
        if not spec.may_command(self.D.units[u.id]):
            return False
        if ld.attached_to is not None:
            return ld.attached_to == u.id
        return Point(ld.x, ld.y).distance(self.footprint(u)) <= spec.cs + 1e-6

    def best_cl(self: Any, u: Unit) -> int | None:
        """The best CL of the leaders whose span covers ``u`` (None: nobody's)."""
        best = None
        for ld in self.leaders.values():
            if ld.side == u.side and self.spans(ld, u):
                cl = self.leader_cl(ld)
                best = cl if best is None or cl > best else best
        return best

    def ml_unit(self: Any, ld: Leader) -> str | None:
        """The unit whose combat roll Magical Leadership on ``ld`` raises this Round: the one
        the caster named, else his attached unit [MT §7.12]."""
        b = self.ml_bonus.get(ld.id)
        if b is None or b[0] != self.round:
            return None
        return b[2] if len(b) > 2 and b[2] else ld.attached_to

    def combat_cl(self: Any, u: Unit) -> int:
        """The CL added to ``u``'s results roll [MT §8.6]: its best attached commander (R-141),
        or a leader raised by Magical Leadership whose caster named ``u``, a unit in his span:
        the raised CL goes to that 1 unit's combat roll only [MT §7.12]."""
        best = 0
        for ld in self.leaders.values():
            if not ld.present or ld.out_of_action or ld.side != u.side:
                continue
            named = self.ml_unit(ld) == u.id
            if ld.attached_to == u.id:
                cl = self.leader_cl(ld) if named else int(self.D.leaders[ld.id].cl)
                best = max(best, cl)
            elif named and self.spans(ld, u):
                best = max(best, self.leader_cl(ld))
        return best

    def attached_cl(self: Any, u: Unit) -> int:
        """The best CL of the commanders attached to ``u`` (R-141)."""
        return max((self.leader_cl(ld) for ld in self.leaders.values()
                    if ld.attached_to == u.id and ld.present and not ld.out_of_action), default=0)

    # ----- overrun and death [MT §7.14] -------------------------------------------------------
    def overrun_leaders(self: Any, u: Unit, fp: Any) -> list[Event]:
        ev: list[Event] = []
        for ld in self.leaders.values():
            if ld.side == u.side or not ld.present or ld.attached_to is not None:
                continue
            if ld.mount == "fell_beast":
                continue                                    # flyers cannot be contacted
            if fp.distance(Point(ld.x, ld.y)) <= 0.5:
                ev.extend(self.leader_overrun(ld, f"{self.name_of(u.id)} overruns him"))
        return ev

    def leader_overrun(self: Any, ld: Leader, why: str) -> list[Event]:
        """[MT §7.14] d8 ≤ CF + 2 → he escapes to the nearest friendly unit of his contingent
        within his move (R-131); otherwise he is killed.  A horse-Nazgûl always escapes and
        reappears after his side's next Leader Check (R-132)."""
        spec = self.D.leaders[ld.id]
        if spec.risk_immune and ld.mount == "horse" and spec.side == "dark-lord":
            ld.away_until_check = True
            ld.attached_to = None
            return [event("overrun", "[MT §7.14]", f"{spec.name}: {why}; he escapes on a fell beast "
                          "and will reappear after the next Leader Check")]
        V = self.D.values
        r = self.dice.die(int(V["overrun_die"]))
        need = spec.cf + int(V["overrun_add"])
        if r <= need:
            ld.attached_to = None
            home = self.nearest_friend(ld)
            if home is not None:
                ld.attached_to = home.id
                ld.x, ld.y = home.x, home.y
                return [event("overrun", "[MT §7.14]", f"{spec.name}: {why}; d8 {r} ≤ {need}: he "
                              f"escapes to {self.name_of(home.id)} (R-131)", dice=[r])]
        return [event("overrun", "[MT §7.14]", f"{spec.name}: {why}; d8 {r}"
                      + (f" > {need}" if r > need else ", but no friend within his move")
                      + ": he is killed", dice=[r])] + self.kill_leader(ld)

    def nearest_friend(self: Any, ld: Leader) -> Unit | None:
        spec = self.D.leaders[ld.id]
        reach = max(spec.moves.values())
        best, bd = None, 1e9
        for u in self.units.values():
            if u.side == ld.side and u.placed and spec.may_command(self.D.units[u.id]):
                d = Point(ld.x, ld.y).distance(self.footprint(u))
                if d <= reach and (d, u.id) < (bd, best.id if best else "~"):
                    best, bd = u, d
        return best

    def kill_leader(self: Any, ld: Leader) -> list[Event]:
        ld.alive = False
        ld.attached_to = None
        self.killed_leaders.append(ld.id)
        spec = self.D.leaders[ld.id]
        ev = [event("leader_killed", "[MT §7.14]", f"{spec.name} is killed")]
        if spec.lord:
            self.wk_dead = True
            ev.append(event("leader_killed", "[MT §7.14]", "The Lord of the Nazgûl is dead: the Dark "
                            "Lord −1 on every impetus roll; his deck changes next Turn (R-54)"))
        return ev

    def leader_check(self: Any, side: str) -> list[Event]:
        """The Leader Check card [MT §5.1]: at once and free, the risk roll for each commander
        attached to a unit that lost figures this Round [MT §7.14] (Gandalf and the Nazgûl
        immune); an overrun horse-Nazgûl reappears."""
        ev: list[Event] = []
        V = self.D.values
        for ld in self.leaders.values():
            spec = self.D.leaders[ld.id]
            if ld.side != side:
                continue
            if ld.away_until_check and ld.alive:
                home = min((u for u in self.units.values() if u.side == side and u.placed),
                           key=lambda u: (Point(ld.x, ld.y).distance(self.footprint(u)), u.id), default=None)
                ld.away_until_check = False
                if home is not None:
                    ld.x, ld.y = q(home.x), q(home.y)
                ev.append(event("reappear", "[MT §7.14]", f"{spec.name} reappears (R-132)"))
                continue
            if not ld.present or ld.attached_to is None or spec.risk_immune:
                continue
            u = self.units[ld.attached_to]
            if u.lost_round != self.round:
                continue
            mine, theirs = self.dice.die(int(V["risk_die"])), self.dice.die(int(V["risk_die"]))
            total = mine + spec.cf
            if total < theirs:
                ev.append(event("risk", "[MT §7.14]", f"Risk to {spec.name}: {mine}+{spec.cf} = {total} "
                                f"against {theirs}: killed", dice=[mine, theirs]))
                ev.extend(self.kill_leader(ld))
            elif total == theirs:
                ld.out_of_action = True
                ev.append(event("risk", "[MT §7.14]", f"Risk to {spec.name}: {total} against {theirs}: "
                                "out of action for the rest of the Turn", dice=[mine, theirs]))
            else:
                ev.append(event("risk", "[MT §7.14]", f"Risk to {spec.name}: {total} against {theirs}: "
                                "unharmed", dice=[mine, theirs]))
        return ev

    # ----- recovery [MT §7.10] ----------------------------------------------------------------------
    def recover_menu(self: Any, u: Unit) -> list[Action]:
        card = self.current[u.side]
        if card not in ("recovery", "leader_check") or u.organized or not u.placed \
                or u.acted_on == self.card_no[u.side] or self.best_cl(u) is None:
            return []
        return [{"type": "recover", "unit": u.id}]

    def do_recover(self: Any, action: Action) -> list[Event]:
        """[MT §7.10] Recovery: d10 − the best CL in span ≤ morale → organized (1 impetus)."""
        u = self.act_from_menu(action, self.recover_menu, "a recovery test",
                               "[MT §7.10]", "a disorganized unit inside a leader's span tests to "
                               "recover on a Recovery or Leader Check card, once per card")
        return self.recovery_test(u, self.best_cl(u) or 0)

    def recovery_test(self: Any, u: Unit, cl: int) -> list[Event]:
        r = self.dice.die(int(self.D.tests["recovery"]))
        ok = r - cl <= self.morale_of(u)
        if ok:
            u.organized = True
            u.gap, u.gap_by = 0.0, None
        return [event("recover", "[MT §7.10]", f"{self.name_of(u.id)} tests to recover: d10 {r} "
                      f"−{cl} = {r - cl} against morale {self.morale_of(u)}: "
                      + ("organized again" if ok else "still disorganized"), dice=[r], unit=u.id)]

    # ----- the Leader card [MT §7.11] ---------------------------------------------------------------
    def leader_menu(self: Any, ld: Leader) -> list[Action]:
        if self.current[ld.side] != "leader" or not ld.present or ld.out_of_action:
            return []
        spec = self.D.leaders[ld.id]
        if self.frozen_leader(ld):
            return []
        acts: list[Action] = []
        if ld.acted_on != self.card_no[ld.side]:
            reach = spec.moves[ld.mount]
            if ld.attached_to is not None:
                acts.append({"type": "lead_detach", "leader": ld.id})
            for u in sorted(self.units.values(), key=lambda u: u.id):
                if u.side == ld.side and u.placed and spec.may_command(self.D.units[u.id]) \
                        and u.id != ld.attached_to and ld.attached_to is None:
                    if Point(ld.x, ld.y).distance(self.footprint(u)) <= reach:
                        acts.append({"type": "lead_attach", "leader": ld.id, "unit": u.id})
                if u.side == ld.side and not u.organized and self.spans(ld, u):
                    acts.append({"type": "rally", "leader": ld.id, "unit": u.id})
            if len(spec.mounts) > 1:
                acts.append({"type": "remount", "leader": ld.id})
        # the menu's cap trims the attach and rally choices, never a duel or a spell (which
        # would then be refused: an action off the menu is illegal) [MT §7.12] [MT §7.13]
        acts = acts[:40]
        acts.extend(self.duel_menu(ld))
        acts.extend(self.spell_menu(ld))
        return acts

    def frozen_leader(self: Any, ld: Leader) -> bool:
        return self.D.leaders[ld.id].contingent == "harad" and self.turn_no <= 1

    def leader_path_ok(self: Any, ld: Leader, x: float, y: float) -> str | None:
        spec = self.D.leaders[ld.id]
        if math.hypot(x - ld.x, y - ld.y) > spec.moves[ld.mount] + 1e-6:
            return f"beyond his move of {spec.moves[ld.mount]}″"
        if not (0 <= x <= self.B.width and 0 <= y <= self.B.height):
            return "off the table"
        if self.D.mounts[ld.mount].flying:
            return None
        from shapely.geometry import LineString
        seg = LineString([(ld.x, ld.y), (x, y)]).buffer(0.3)
        opened = {g for g, (st, ctrl) in self.gates.items() if st == "broken" or ctrl == ld.side}
        hit = self.B.obstacle(seg, opened)
        if hit is not None:
            return f"the way crosses {hit} (leaders pass walls only at gates, [MT §7.3])"
        return None

    def do_lead_move(self: Any, action: Action) -> list[Event]:
        """[MT §7.11] 1: a commander moves up to his full allowance (any point: the menu offers
        attaching; a player may send any reachable point)."""
        ld = self.actor_leader(action)
        err = self.why_not_lead_move(ld, action)
        if err is not None:
            raise err
        self.spend(1, "a leader action")
        ld.x, ld.y = q(float(action["x"])), q(float(action["y"]))
        ld.attached_to = None
        ld.acted_on = self.card_no[ld.side]
        self.selected = None
        return [event("lead_move", "[MT §7.11]", f"{self.D.leaders[ld.id].name} moves")]

    def why_not_lead_move(self: Any, ld: Leader, action: Action) -> IllegalAction | None:
        # the shape is checked here, before the core accepts the action off the menu, so that
        # a stray key is refused before anything changes
        if set(action) != {"type", "leader", "x", "y"}:
            return IllegalAction("[MT §7.11]", "a leader move is {type, leader, x, y}")
        if self.current[ld.side] != "leader" or not ld.present or ld.out_of_action or \
                ld.acted_on == self.card_no[ld.side] or self.frozen_leader(ld):
            return IllegalAction("[MT §7.11]", "a commander acts once on a Leader card")
        x, y = action.get("x"), action.get("y")
        for v in (x, y):
            if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v):
                return IllegalAction("[MT §7.11]", "a leader move needs finite x and y in inches")
        bad = self.leader_path_ok(ld, float(x), float(y))
        if bad is not None:
            return IllegalAction("[MT §7.11]", bad)
        return None

    def do_lead_attach(self: Any, action: Action) -> list[Event]:
        """[MT §7.11] 4: move and attach to a friendly unit he reaches."""
        ld = self.actor_leader(action)
        if action not in self.leader_menu(ld):
            raise IllegalAction("[MT §7.11]", "he attaches to a unit he commands within his move, "
                                "once on a Leader card")
        u = self.units[action["unit"]]
        self.spend(1, "a leader action")
        ld.attached_to, ld.x, ld.y = u.id, u.x, u.y
        ld.acted_on = self.card_no[ld.side]
        self.selected = None
        return [event("lead_attach", "[MT §7.11]", f"{self.D.leaders[ld.id].name} joins {self.name_of(u.id)}")]

    def do_lead_detach(self: Any, action: Action) -> list[Event]:
        """[MT §7.11] 5: detach from his unit (he stays where it is)."""
        ld = self.actor_leader(action)
        if action not in self.leader_menu(ld):
            raise IllegalAction("[MT §7.11]", "only an attached commander detaches")
        self.spend(1, "a leader action")
        was = ld.attached_to
        ld.attached_to = None
        ld.acted_on = self.card_no[ld.side]
        self.selected = None
        return [event("lead_detach", "[MT §7.11]", f"{self.D.leaders[ld.id].name} leaves {self.name_of(was)}")]

    def do_rally(self: Any, action: Action) -> list[Event]:
        """[MT §7.11] 3: reorganize one disorganized unit in his span (the test of [MT §7.10])."""
        ld = self.actor_leader(action)
        if action not in self.leader_menu(ld):
            raise IllegalAction("[MT §7.11]", "he rallies a disorganized unit in his span, once on a "
                                "Leader card")
        u = self.units[action["unit"]]
        self.spend(1, "a leader action")
        ld.acted_on = self.card_no[ld.side]
        self.selected = None
        return self.recovery_test(u, self.leader_cl(ld))

    def do_remount(self: Any, action: Action) -> list[Event]:
        """[MT §7.11] 6: a Nazgûl changes between horse and fell beast."""
        ld = self.actor_leader(action)
        if action not in self.leader_menu(ld):
            raise IllegalAction("[MT §7.11]", "only a Nazgûl changes mount, once on a Leader card")
        spec = self.D.leaders[ld.id]
        self.spend(1, "a leader action")
        ld.mount = next(m for m in spec.mounts if m != ld.mount)
        if self.D.mounts[ld.mount].flying:
            ld.attached_to = None
        ld.acted_on = self.card_no[ld.side]
        self.selected = None
        return [event("remount", "[MT §7.11]", f"{spec.name} is now on a {ld.mount.replace('_', ' ')}")]

    # ----- spells [MT §7.12] ---------------------------------------------------------------------------
    def spell_menu(self: Any, ld: Leader) -> list[Action]:
        spec = self.D.leaders[ld.id]
        if not spec.caster:
            return []
        acts: list[Action] = []
        pool = self.spell_points[ld.side]
        key = str(self.card_no[ld.side])
        for sid, sp in self.D.spells.items():
            if ld.id not in sp.casters or f"{key}:{sid}" in ld.spells or sid == "magical_attack":
                continue
            if sp.mount is not None and ld.mount != sp.mount:
                continue
            cost = sp.sp[0]
            if pool < cost:
                continue
            rng = sp.ranges.get(ld.id)
            if sid == "activate_grond":
                g = self.engines.get("E-D10")
                if g is not None and not g.destroyed and rng is not None and \
                        Point(ld.x, ld.y).distance(self.engine_rect(g)) <= rng:
                    acts.append({"type": "spell", "leader": ld.id, "spell": sid, "points": cost})
            elif sid == "magical_leadership":
                for other in self.leaders.values():
                    if other.side == ld.side and other.present and rng is not None and \
                            math.hypot(other.x - ld.x, other.y - ld.y) <= rng:
                        # the combat bonus goes to 1 unit in his span the caster names (by
                        # default the one he is attached to) [MT §7.12]
                        named = [x.id for x in sorted(self.units.values(), key=lambda x: x.id)
                                 if x.side == ld.side and x.id != other.attached_to
                                 and self.spans(other, x)]
                        for pts in range(sp.sp[0], min(sp.sp[1], pool) + 1):
                            acts.append({"type": "spell", "leader": ld.id, "spell": sid,
                                         "points": pts, "target": other.id})
                            for uid in named:
                                acts.append({"type": "spell", "leader": ld.id, "spell": sid,
                                             "points": pts, "target": other.id, "unit": uid})
            elif sid == "demoralization":
                for u in self.units.values():
                    if u.side != ld.side and u.placed and u.organized and rng is not None and \
                            Point(ld.x, ld.y).distance(self.footprint(u)) <= rng:
                        acts.append({"type": "spell", "leader": ld.id, "spell": sid, "points": cost,
                                     "target": u.id})
        return acts

    def do_spell(self: Any, action: Action) -> list[Event]:
        """[MT §7.12] Cast a spell: 1 impetus + spell points; spells never fail (R-127)."""
        ld = self.actor_leader(action)
        if action not in self.spell_menu(ld) or self.current[ld.side] != "leader":
            raise IllegalAction("[MT §7.12]", "the caster, his mount, the range and the spell points "
                                "must allow it, once per spell per card (R-128)")
        sid = action["spell"]
        self.spend(1, "casting a spell")
        self.spell_points[ld.side] -= int(action["points"])
        ld.spells = [*ld.spells, f"{self.card_no[ld.side]}:{sid}"]
        self.selected = None
        return self.spell_effects(ld, action)

    def spell_effects(self: Any, ld: Leader, action: Action) -> list[Event]:
        """What a paid spell does, on a Leader card or in reaction (R-65) [MT §7.12]."""
        sid = action["spell"]
        sp = self.D.spells[sid]
        name = self.D.leaders[ld.id].name
        ev = [event("spell", "[MT §7.12]", f"{name} casts {sp.name} ({action['points']} spell points; "
                    f"{self.spell_points[ld.side]} left)")]
        if sid == "activate_grond":
            self.grond_bonus_turn = self.turn_no
        elif sid == "magical_leadership":
            named = str(action.get("unit", ""))
            self.ml_bonus = {**self.ml_bonus,
                             action["target"]: [self.round, int(action["points"]), named]}
            raised = self.leaders[action["target"]]
            unit = named or raised.attached_to
            ev.append(event("spell", "[MT §7.12]", f"{self.D.leaders[action['target']].name}'s CL is "
                            f"+{action['points']} for this Round (R-129)"
                            + (f"; it raises {self.name_of(unit)}'s combat roll" if unit else "")))
        elif sid == "demoralization":
            u = self.units[action["target"]]
            T = self.D.tests
            r = self.dice.die(int(T["demoralization_spell"]))
            near_gandalf = any(g.present and self.spans(g, u) for g in self.leaders.values()
                               if g.id == "gandalf")
            total = r + (0 if near_gandalf else int(T["demoralization_spell_add"]))
            bad = total > self.morale_of(u)
            if bad:
                u.organized = False
            ev.append(event("test", "[MT §7.12]", f"{self.name_of(u.id)} tests: d6 {r}"
                            + ("" if near_gandalf else f" +{T['demoralization_spell_add']}")
                            + f" = {total} against morale {self.morale_of(u)}: "
                            + ("disorganized" if bad else "holds"), dice=[r]))
        return ev

    # ----- leader combat [MT §7.13] ------------------------------------------------------------
    def duel_targets(self: Any, ld: Leader) -> list[tuple[str, int]]:
        """Enemy leaders ``ld`` may fight, with his situational modifier: [MT §7.11] 1 an
        unattached enemy leader within his move; 2 a leader attached to an enemy unit in
        contact with his own unit; 7 a flying Nazgûl attacking an attached leader (−2)."""
        out: list[tuple[str, int]] = []
        spec = self.D.leaders[ld.id]
        flying = self.D.mounts[ld.mount].flying
        mine = self.units.get(ld.attached_to) if ld.attached_to else None
        foes = set(self.engaged_with(mine)) if mine is not None else set()
        for o in self.leaders.values():
            if o.side == ld.side or not o.present:
                continue
            if o.attached_to is None:
                if ld.attached_to is None and math.hypot(o.x - ld.x, o.y - ld.y) <= spec.moves[ld.mount] \
                        and self.leader_path_ok(ld, o.x, o.y) is None \
                        and (flying or not self.D.mounts[o.mount].flying):
                    out.append((o.id, 0))
            elif o.attached_to in foes:
                out.append((o.id, 0))
            elif flying and ld.attached_to is None and \
                    math.hypot(o.x - ld.x, o.y - ld.y) <= spec.moves[ld.mount]:
                out.append((o.id, int(self.D.values["leader_combat_flying_vs_attached"])))
        return out

    def max_avoid(self: Any, evader: Leader, attacker: Leader) -> int:
        """[MT §7.13] The most a leader may declare in avoidance, by the two mounts."""
        table = self.D.values["avoidance_max"]
        return int(table[evader.mount][attacker.mount])

    def duel_menu(self: Any, ld: Leader) -> list[Action]:
        if any(s.endswith(":duel") for s in ld.spells if s.startswith(f"{self.card_no[ld.side]}:")):
            return []
        acts: list[Action] = []
        spec = self.D.leaders[ld.id]
        ma = self.D.spells.get("magical_attack")
        for tid, _mod in self.duel_targets(ld):
            top = self.max_avoid(ld, self.leaders[tid])
            for avoid in range(top + 1):                 # any a up to his maximum [MT §7.13]
                acts.append({"type": "duel", "leader": ld.id, "target": tid, "magic": 0, "avoid": avoid})
            if spec.caster and ma is not None and ld.id in ma.casters:
                for pts in range(ma.sp[0], min(ma.sp[1], self.spell_points[ld.side]) + 1):
                    acts.append({"type": "duel", "leader": ld.id, "target": tid, "magic": pts, "avoid": 0})
        return acts

    def duel_side_leaders(self: Any, u: Unit | None) -> list[str]:
        if u is None:
            return []
        return sorted(o.id for o in self.leaders.values()
                      if o.attached_to == u.id and o.present and not o.out_of_action)

    def do_duel(self: Any, action: Action) -> list[Event]:
        """[MT §7.13] Leader combat (1 impetus), declared with the declarer's avoidance and
        Magical Attack.  Against a leader attached to an enemy unit in contact with his own
        (§7.11 item 2), every other leader attached to the two units may take part, each
        naming one opposing leader, the declaring side first (R-130); otherwise the attacked
        leader declares his avoidance (and, a caster, his Magical Attack).  All roll at once."""
        ld = self.actor_leader(action)
        if self.current[ld.side] != "leader" or action not in self.duel_menu(ld):
            raise IllegalAction("[MT §7.13]", "a leader fights an enemy leader he can reach on a "
                                "Leader card (§7.11 items 1, 2, 7), once per card")
        o = self.leaders[action["target"]]
        magic = int(action["magic"])
        self.spend(1, "leader combat")
        if magic:
            self.spell_points[ld.side] -= magic
        ld.spells = [*ld.spells, f"{self.card_no[ld.side]}:duel"]
        self.selected = None
        if ld.attached_to is None and o.attached_to is None and not self.D.mounts[ld.mount].flying:
            ld.x, ld.y = o.x, o.y
        first = {"leader": ld.id, "target": o.id, "magic": magic, "avoid": int(action["avoid"]),
                 "mod": dict(self.duel_targets(ld)).get(o.id, 0)}
        mine = self.units.get(ld.attached_to) if ld.attached_to else None
        theirs = self.units.get(o.attached_to) if o.attached_to else None
        queue: list[str] = []
        if mine is not None and theirs is not None and theirs.id in self.engaged_with(mine):
            ours = [i for i in self.duel_side_leaders(mine) if i != ld.id]
            foes = [o.id] + [i for i in self.duel_side_leaders(theirs) if i != o.id]
            if ours or len(foes) > 1:
                queue = ours + foes                              # declaring side first
        duel = {"pairs": [first], "queue": queue, "multi": bool(queue),
                "sides": {ld.side: self.duel_side_leaders(mine) or [ld.id],
                          o.side: self.duel_side_leaders(theirs) or [o.id]}}
        if not queue:
            duel["queue"] = [o.id]
        self.pending = {"kind": "avoid", "side": self.leaders[duel["queue"][0]].side, "duel": duel}
        self.stage = "choice"
        ev = [event("duel", "[MT §7.13]", f"{self.D.leaders[ld.id].name} attacks "
                    f"{self.D.leaders[o.id].name}" + (f" (avoiding {first['avoid']})" if first["avoid"] else "")
                    + (f" with {magic} spell points of Magical Attack" if magic else ""))]
        if duel["multi"]:
            ev.append(event("duel", "[MT §7.13]", "Every leader attached to the two units may take "
                            "part, each naming one opposing leader, the declaring side first (R-130): "
                            + ", ".join(self.D.leaders[i].name for i in queue)))
        return ev

    def duel_namers(self: Any, lid: str) -> list[str]:
        return [p["leader"] for p in self.pending["duel"]["pairs"] if p.get("target") == lid]

    def avoid_top(self: Any, me: Leader, target: str | None) -> int:
        """His avoidance maximum: against each leader who named him, and the one he names."""
        foes = self.duel_namers(me.id) + ([target] if target else [])
        if not foes:
            return 0
        return min(self.max_avoid(me, self.leaders[f]) for f in foes)

    def magic_points(self: Any, ld: Leader) -> range:
        ma = self.D.spells.get("magical_attack")
        if not self.D.leaders[ld.id].caster or ma is None or ld.id not in ma.casters:
            return range(0)
        return range(ma.sp[0], min(ma.sp[1], self.spell_points[ld.side]) + 1)

    def avoid_actions(self: Any) -> list[Action]:
        duel = self.pending["duel"]
        me = self.leaders[duel["queue"][0]]
        if not duel["multi"]:
            attacker = self.leaders[duel["pairs"][0]["leader"]]
            acts: list[Action] = [{"type": "avoid", "leader": me.id, "a": a}
                                  for a in range(self.max_avoid(me, attacker) + 1)]
            # a defending caster may add Magical Attack to his roll [MT §7.12] [MT §7.13]
            acts += [{"type": "avoid", "leader": me.id, "a": 0, "magic": pts}
                     for pts in self.magic_points(me)]
            return acts
        other = next(s for s in duel["sides"] if s != me.side)
        taking = {p["leader"] for p in duel["pairs"] if p.get("target")}
        foes = duel["sides"][other] if me.side == self.pairs_side() else \
            [f for f in duel["sides"][other] if f in taking]
        acts = []
        for f in foes:
            for a in range(self.avoid_top(me, f) + 1):
                acts.append({"type": "pair", "leader": me.id, "target": f, "magic": 0, "avoid": a})
            for pts in self.magic_points(me):
                acts.append({"type": "pair", "leader": me.id, "target": f, "magic": pts, "avoid": 0})
        for a in range(self.avoid_top(me, None) + 1):                 # he stands aside
            acts.append({"type": "pair", "leader": me.id, "avoid": a})
        return acts

    def pairs_side(self: Any) -> str:
        """The declaring side of the pending leader combat."""
        return self.leaders[self.pending["duel"]["pairs"][0]["leader"]].side

    def do_avoid(self: Any, action: Action) -> list[Event]:
        p = self.pending
        if p is None or p.get("kind") != "avoid" or p["duel"]["multi"] or action not in self.avoid_actions():
            raise IllegalAction("[MT §7.13]", "the attacked leader declares an avoidance from 0 to "
                                "his maximum for the two mounts (a caster may add Magical Attack)")
        first = p["duel"]["pairs"][0]
        return self.declare_pair({"leader": action["leader"], "target": first["leader"],
                                  "magic": int(action.get("magic", 0)), "avoid": int(action["a"]),
                                  "mod": 0})

    def do_pair(self: Any, action: Action) -> list[Event]:
        """R-130: a leader attached to one of the two units in contact names one opposing
        leader (or stands aside), with his avoidance and Magical Attack."""
        p = self.pending
        if p is None or p.get("kind") != "avoid" or not p["duel"]["multi"] or \
                action not in self.avoid_actions():
            raise IllegalAction("[MT §7.13]", "each leader attached to the two units in contact "
                                "names one opposing leader in turn, the declaring side first (R-130)")
        ld = self.leaders[action["leader"]]
        text = (f"{self.D.leaders[ld.id].name} attacks {self.D.leaders[action['target']].name}"
                if action.get("target") else f"{self.D.leaders[ld.id].name} stands aside")
        ev = [event("duel", "[MT §7.13]", text + (f" (avoiding {action['avoid']})" if action["avoid"] else "")
                    + (f" with {action['magic']} spell points of Magical Attack" if action.get("magic") else ""))]
        return ev + self.declare_pair({"leader": ld.id, "target": action.get("target"),
                                       "magic": int(action.get("magic", 0)),
                                       "avoid": int(action["avoid"]), "mod": 0})

    def declare_pair(self: Any, decl: dict[str, Any]) -> list[Event]:
        p = self.pending
        duel = p["duel"]
        if decl["magic"]:
            self.spell_points[self.leaders[decl["leader"]].side] -= decl["magic"]
        duel["pairs"] = [*duel["pairs"], decl]
        duel["queue"] = duel["queue"][1:]
        if duel["queue"]:
            p["side"] = self.leaders[duel["queue"][0]].side
            return []
        self.pending = None
        self.stage = "round"
        return self.resolve_duel(duel["pairs"])

    def resolve_duel(self: Any, pairs: list[dict[str, Any]]) -> list[Event]:
        """[MT §7.13] Each participant rolls 2d6 + own CF − his target's CF (+ Magical Attack,
        −2 flying at an attached leader), − the target's avoidance, − (own avoidance + 2); 9 or
        more kills; all the rolls are simultaneous."""
        V = self.D.values
        extra = int(V["avoidance_self_extra"])
        kill = int(V["leader_combat_kill"])
        avoid = {d["leader"]: d["avoid"] for d in pairs}
        parts, dice, dead = [], [], []
        for d in pairs:
            if not d.get("target"):
                continue
            a, b = self.D.leaders[d["leader"]], self.D.leaders[d["target"]]
            r = self.dice.roll(int(V["leader_combat_dice"]), 6)
            dice += r
            av_b, av_a = avoid.get(d["target"], 0), d["avoid"]
            total = sum(r) + a.cf - b.cf + d["magic"] + d["mod"] - av_b - (av_a + extra if av_a else 0)
            mods = []
            if d["magic"]:
                mods.append(f"+{d['magic']} magic")
            if d["mod"]:
                mods.append(f"{d['mod']} flying at an attached leader")
            if av_b:
                mods.append(f"-{av_b} his avoidance")
            if av_a:
                mods.append(f"-{av_a + extra} own avoidance")
            text = f"{'+'.join(map(str, r))} +{a.cf}-{b.cf} {' '.join(mods)}".rstrip()
            parts.append(f"{a.name}: {text} = {total}")
            if total >= kill and d["target"] not in dead:
                dead.append(d["target"])
        ev = [event("duel", "[MT §7.13]", "; ".join(parts) + f" ({kill} or more kills)", dice=dice)]
        # simultaneous: the declarer's victim last, as before (the attacker's death first)
        for lid in reversed(dead):
            ev.extend(self.kill_leader(self.leaders[lid]))
        if not dead:
            ev.append(event("duel", "[MT §7.13]", "Neither falls" if len(parts) <= 2 else "Nobody falls"))
        return ev
