"""Who may act, and what: the menus of [MT §6.5] per actor and the card in play [MT §5.1].

``select`` names an actor (a unit, an engine or a leader) that has something to do on its
side's current card (or can fire, which needs no particular card); the actor's menu then lists
its actions, each 1 impetus unless the rules say otherwise.  A random rate (trolls, Mumakil,
engines: [MT §7.1.1]) is rolled when the actor is selected, so such a selection is not free.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .units import Engine, Leader, Unit


class MenuRules:
    """[MT §6.5]: mixed into :class:`MinasTirithGame`."""

    def actor_unit(self: Any, action: Action, key: str) -> Unit:
        uid = action.get(key)
        if not isinstance(uid, str) or uid not in self.units:
            raise IllegalAction("[MT §6.5]", f"unknown unit {uid!r}")
        u = self.units[uid]
        if u.side != self.active or self.stage != "round":
            raise IllegalAction("[MT §6.5]", f"{self.name_of(uid)} is not the active side's")
        if self.selected is not None and self.selected != uid:
            raise IllegalAction("[MT §6.5]", f"{self.name_of(self.selected)} is selected: it acts first")
        if self.forced_pips > 0 and not self.is_arrival(uid):
            raise IllegalAction("[MT §5.4]", "the first impetus must be spent on the arriving forces (R-56)")
        return u

    def act_from_menu(self: Any, action: Action, menu: Any, what: str, rule: str, why: str) -> Unit:
        """A unit's action that its menu lists exactly (``menu(u)``): refused with ``rule`` and
        ``why`` otherwise; else 1 impetus is spent and the unit has acted on this card
        [MT §6.5]."""
        u = self.actor_unit(action, "unit")
        if action not in menu(u):
            raise IllegalAction(rule, why)
        self.spend(1, what)
        u.acted_on = self.card_no[u.side]
        self.selected = None
        return u

    def actor_engine(self: Any, action: Action) -> Engine:
        eid = action.get("engine")
        if not isinstance(eid, str) or eid not in self.engines:
            raise IllegalAction("[MT §6.5]", f"unknown engine {eid!r}")
        e = self.engines[eid]
        if e.side != self.active or self.stage != "round":
            raise IllegalAction("[MT §6.5]", f"{self.name_of(eid)} is not the active side's")
        if self.selected is not None and self.selected != eid:
            raise IllegalAction("[MT §6.5]", f"{self.name_of(self.selected)} is selected: it acts first")
        return e

    def actor_leader(self: Any, action: Action) -> Leader:
        lid = action.get("leader")
        if not isinstance(lid, str) or lid not in self.leaders:
            raise IllegalAction("[MT §6.5]", f"unknown leader {lid!r}")
        ld = self.leaders[lid]
        if ld.side != self.active or self.stage != "round":
            raise IllegalAction("[MT §6.5]", f"{self.D.leaders[lid].name} is not the active side's")
        if self.selected is not None and self.selected != lid:
            raise IllegalAction("[MT §6.5]", f"{self.name_of(self.selected)} is selected: it acts first")
        if self.forced_pips > 0 and not self.is_arrival(lid):
            raise IllegalAction("[MT §5.4]", "the first impetus must be spent on the arriving forces (R-56)")
        return ld

    # ----- who may act [MT §6.5] ----------------------------------------------------------------
    def actors_that_may_act(self: Any, side: str) -> list[str]:
        """Actors with something to do now (a cheap test; the menu is built on selection)."""
        card = self.current[side]
        no = self.card_no[side]
        out: list[str] = []
        movers = self.D.cards[card].movers if card else ()
        for u in self.units.values():
            if u.side != side or u.figures <= 0 or not u.on_table:
                continue
            if u.embarked is not None:
                if card in ("infantry_move", "engine_move") and u.acted_on != no \
                        and self.engines[u.embarked].docked:
                    out.append(u.id)
                continue
            fresh = u.acted_on != no
            if (self.missile_weapon(u) and u.loaded and self.has_fire_target(u)) \
                    or (u.archers and u.archers_loaded and self.archer_menu(u)):
                out.append(u.id)
                continue
            if not fresh or card is None:
                continue
            k = self.klass(u)
            if card in ("infantry_move", "cavalry_move") and k in movers and not self.frozen(u):
                out.append(u.id)
            elif card == "deployment" or (card == "reload" and self.reload_menu(u.id)):
                out.append(u.id)
            elif card in ("recovery", "leader_check") and not u.organized:
                out.append(u.id)
            elif card in ("infantry_move", "cavalry_move") and self.disengage_menu(u):
                out.append(u.id)
            elif card == "close_combat" and self.melee_menu(u):
                out.append(u.id)
            elif card == "fighting_fires" and self.fight_fire_menu(u):
                out.append(u.id)
        for e in self.engines.values():
            if e.side != side or e.destroyed:
                continue
            if e.kind.endswith("catapult") and e.loaded and not self.engine_in_contact(e):
                out.append(e.id)
            elif card == "engine_move" and e.acted_on != no and self.why_not_engine_act(e) is None:
                out.append(e.id)
            elif card == "reload" and self.reload_menu(e.id):
                out.append(e.id)
        if card == "leader":
            for ld in self.leaders.values():
                if ld.side == side and ld.present and not ld.out_of_action and not self.frozen_leader(ld):
                    out.append(ld.id)
        return out

    def enemy_within(self: Any, u: Unit, d: float) -> bool:
        return any(o.side != u.side and o.placed and abs(o.x - u.x) <= d and abs(o.y - u.y) <= d
                   for o in self.units.values())

    def on_select(self: Any, actor: str) -> list[Event]:
        """Selecting an actor with a random rate rolls it now [MT §7.1.1]."""
        ev: list[Event] = []
        self.rolled = {}
        card = self.current[self.active]
        if actor in self.units:
            u = self.units[actor]
            t = self.D.troop_types[u.type]
            if t.move is None and card in ("infantry_move", "cavalry_move") and u.embarked is None \
                    and u.acted_on != self.card_no[u.side]:
                dice = self.dice.roll(t.move_dice, 6)
                self.rolled[actor] = float(sum(dice))
                ev.append(event("rate", "[MT §7.1.1]", f"{self.name_of(actor)} rolls its move: "
                                f"{'+'.join(map(str, dice))} = {sum(dice)}″", dice=dice))
        elif actor in self.engines:
            e = self.engines[actor]
            if card == "engine_move" and self.why_not_engine_act(e) is None and e.kind != "grond" or \
                    (e.kind == "grond" and card == "engine_move" and self.why_not_engine_act(e) is None
                     and not self.grond_at_gate(e)):
                if not e.kind.endswith("catapult"):
                    dice = self.dice.roll(self.engine_dice(e), 6)
                    self.rolled[actor] = float(sum(dice))
                    ev.append(event("rate", "[MT §7.1.1]", f"{self.name_of(actor)} rolls its move: "
                                    f"{'+'.join(map(str, dice))} = {sum(dice)}″", dice=dice))
        return ev

    def actor_menu(self: Any, actor: str) -> list[Action]:
        acts: list[Action] = []
        if actor in self.units:
            u = self.units[actor]
            if u.embarked is not None:
                acts += self.assault_menu(u)
            else:
                if self.why_not_move(u) is None:
                    moves = self.move_menu(u)
                    acts += moves
                    acts += self.move_fire_menu(u, moves)
                    acts += self.group_menu(u)
                    acts += self.charge_menu(u)
                    acts += self.cross_menu(u)
                acts += self.disengage_menu(u)
                acts += self.form_options(u)
                acts += self.fire_menu(u)
                acts += self.archer_menu(u)
                acts += self.reload_menu(u.id)
                acts += self.melee_menu(u)
                acts += self.recover_menu(u)
                acts += self.fight_fire_menu(u)
                acts += self.embark_menu(u)
                acts += self.attach_menu(u)
                acts += self.gate_batter_menu(u)
                acts += self.ladder_menu(u)
                acts += self.reinforce_menu(u)
            acts.append({"type": "hold", "actor": actor})
        elif actor in self.engines:
            e = self.engines[actor]
            acts += self.engine_move_menu(e)
            if e.kind.endswith("catapult"):
                acts += self.bombard_menu(e)
                acts += self.reload_menu(e.id)
            acts.append({"type": "hold", "actor": actor})
        elif actor in self.leaders:
            acts += self.leader_menu(self.leaders[actor])
            acts.append({"type": "hold", "actor": actor})
        return acts

    def do_hold(self: Any, action: Action) -> list[Event]:
        """The selected actor spends its action doing nothing (1 impetus) [MT §6.5]."""
        actor = action.get("actor")
        if actor != self.selected:
            raise IllegalAction("[MT §6.5]", "only the selected actor may hold")
        self.spend(1, "an action")
        no = self.card_no[self.active]
        for table in (self.units, self.engines, self.leaders):
            if actor in table:
                table[actor].acted_on = no
        self.selected = None
        self.rolled = {}
        return [event("hold", "[MT §6.5]", f"{self.name_of(actor)} holds")]

    # ----- exact validation of continuous actions ---------------------------------------------------
    def why_not(self: Any, action: Action) -> IllegalAction | None:
        kind = action.get("type")
        try:
            if kind == "move" and "unit" in action:
                u = self.actor_unit(action, "unit")
                err = self.why_not_unit_move(u, action)
                if err is not None:
                    return err
                if self.selected != u.id:
                    return IllegalAction("[MT §6.5]", "select the unit first")
                self.check_path(u, action["path"])
                return None
            if kind == "move" and "engine" in action:
                return self.why_not_engine_move(self.actor_engine(action), action)
            if kind == "bombard":
                e = self.actor_engine(action)
                if self.selected != e.id:
                    return IllegalAction("[MT §6.5]", "select the catapult first")
                return self.bombard_shape_error(action) or \
                    self.why_not_bombard(e, action.get("x"), action.get("y"))
            if kind == "move_fire":
                return self.why_not_move_fire(action)
            if kind == "group_move":
                return self.why_not_group_move(action)
            if kind == "lead_move":
                ld = self.actor_leader(action)
                if self.selected != ld.id:
                    return IllegalAction("[MT §6.5]", "select the leader first")
                return self.why_not_lead_move(ld, action)
            if kind == "place":
                return self.why_not_place(action)
        except IllegalAction as e:
            return e
        if self.stage == "react":
            if kind in ("react_fire", "react_retreat", "countercharge"):
                try:
                    self.reacting_unit(action)
                except IllegalAction as e:
                    return e
            return IllegalAction("[MT §6.6]", f"{kind!r} is not a reaction open now (the menu "
                                 "lists them)")
        if self.stage == "choice":
            if self.pending is not None and self.pending.get("kind") == "avoid":
                return IllegalAction("[MT §7.13]", "the attacked leader declares an avoidance from 0 "
                                     "to his maximum for the two mounts")
            if self.pending is not None and self.pending.get("kind") == "follow_up":
                return IllegalAction("[MT §7.5.7]", "the winner of the push-back follows up or "
                                     "stands (R-96)")
            if self.pending is not None and self.pending.get("kind") == "rally_back":
                return IllegalAction("[MT §7.5.6]", "the cavalry's commander rallies it back or "
                                     "keeps it in the melee")
            return IllegalAction("[MT §7.5.8]", "a unit that broke through advances at an enemy in "
                                 "reach or stands (attacking cavalry without a commander must advance, R-99)")
        if kind == "select":
            return IllegalAction("[MT §6.5]", f"{action.get('actor')!r} has nothing to do on the "
                                 "current card (or it is not the active side's)")
        if kind == "disengage" and self.selected is not None:
            return IllegalAction("[MT §7.5.9]", "an organized unit in contact, inside a leader's span, "
                                 "disengages on its move card, facing 'enemy' or 'away'")
        if self.selected is not None and kind not in ("select",):
            return IllegalAction("[MT §6.5]", f"{self.name_of(self.selected)} is selected: choose "
                                 "one of its actions")
        if kind in ("turn_card", "bank", "pass") and self.stage != "round":
            return IllegalAction("[MT §6.5]", "not during the set-up")
        if kind == "turn_card" and not self.decks[self.active]:
            return IllegalAction("[MT §6.5]", "the deck is empty")
        if kind == "bank":
            return IllegalAction("[MT §6.5]", "banking costs 2 impetus and the bank holds at most 4")
        if kind == "pass" and self.forced_pips > 0:
            return IllegalAction("[MT §5.4]", "the forced impetus must go to the arrivals (R-56)")
        return None if self.stage == "round" and kind in ("turn_card", "pass") else IllegalAction(
            "[MT §6.5]", f"{kind!r} is not a legal action now")

    def why_not_place(self: Any, action: Action) -> IllegalAction | None:
        if self.stage != "deploy":
            return IllegalAction("[MT §9.1]", "units are placed during the set-up only")
        if not set(action) <= {"type", "unit", "x", "y", "heading", "files"} or \
                not {"unit", "x", "y", "heading"} <= set(action):
            return IllegalAction("[MT §9.1]", "place is {type, unit, x, y, heading, files?}")
        uid = action.get("unit")
        if not isinstance(uid, str) or uid not in self.units:
            return IllegalAction("[MT §9.1]", f"unknown unit {uid!r}")
        u = self.units[uid]
        if u.side != self.deploying or not u.on_table:
            return IllegalAction("[MT §9.1]", f"{self.name_of(uid)} is not {self.deploying}'s to set up now")
        for k in ("x", "y", "heading"):
            v = action[k]
            if not isinstance(v, int | float) or isinstance(v, bool) or not math.isfinite(v):
                return IllegalAction("[MT §9.1]", f"{k} must be a finite number")
        files = action.get("files", u.files)
        if not isinstance(files, int) or isinstance(files, bool) or not 1 <= files <= u.figures:
            return IllegalAction("[MT §2.5]", f"files must be 1-{u.figures}")
        from .geometry import rect
        p = self.pitch(u)
        fp = rect(float(action["x"]), float(action["y"]), float(action["heading"]), files * p[0],
                  math.ceil(u.figures / files) * p[1])
        from .victory import ZONE
        zone = "grond" if u.engine == "E-D10" else ZONE[u.contingent]
        if u.engine is not None:
            return IllegalAction("[MT §9.1]", "a unit attached to an engine sets up with it")
        if not self.B.in_zone(zone, fp):
            return IllegalAction("[MT §3.8]", f"{self.name_of(uid)} must set up wholly in the {zone} zone")
        hit = self.B.obstacle(fp)
        if hit is not None:
            return IllegalAction("[MT §3.8]", f"it would stand on {hit}")
        over = self.overlapping(fp, {uid})
        if over:
            return IllegalAction("[MT §3.8]", f"it would overlap {self.name_of(over[0][1])}")
        return None
