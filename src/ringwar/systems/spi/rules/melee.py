"""[7.3] Melee Combat and [7.4] the Casualty Probability Table: the values used in combat
(attack strength, armour, morale, fanaticism [7.37], each with its reasons), the steps of a
Combat Phase [7.16], who may and who must attack [7.31] [6.3], declaring [7.32] and resolving
an attack [7.33] [7.41] [7.42]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core import hexes as hx
from ....core.engine import Action, Event, event
from ....core.errors import IllegalAction
from ..board import NOT_AN_ATTACK, refuse, rng_text
from ..data import shift
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame

NO_COMBAT = "no combat may take place during a Movement Phase"


class MeleeRules:
    """[7.3] melee combat and [7.4] its resolution."""

    # ===== values used in combat =================================================================
    # Each value comes with its reasons, "[case] what: effect", so that a preview and the log
    # can say why a column was read (spi/odds.py ``explain_attack``).
    def attack_letter(self: SpiGame, p: Piece, melee: bool, target: Piece | None = None) -> str | None:
        """The attack strength ``p`` uses now, after every modifier (A best .. E worst)."""
        if melee:
            base = self.formation_attack(p) or p.melee_now()
        else:
            base = p.missile_now()
        if base is None:
            return None
        steps = self.attack_shift(p, melee, target)
        return shift(base, steps) if steps else base

    def attack_why(self: SpiGame, p: Piece, melee: bool, target: Piece | None = None) -> list[str]:
        """Why ``p`` attacks at the letter :meth:`attack_letter` gives, besides its counter."""
        why: list[str] = []
        printed = p.melee if melee else p.missile
        form = self.formation_attack(p) if melee else None
        if form:
            why.append(f"[8.44] attacker in a special formation: attacks at {form}")
        elif p.reduced and printed and printed != (p.melee_now() if melee else p.missile_now()):
            now = p.melee_now() if melee else p.missile_now()
            why.append(f"[7.42] attacker on its reduced side: {printed} -> {now}")
        mods = self.attack_modifiers(p, melee, target)
        why.extend(text for _steps, text in mods)
        base = form or (p.melee_now() if melee else p.missile_now())
        if base is not None and mods:
            total = sum(steps for steps, _ in mods)
            i = "ABCDE".index(base.upper()) - total
            if i < 0 or i > 4:
                why.append(f"[7.41] {'A is the best' if i < 0 else 'E is the worst'} attack strength "
                           "(docs/reconstructed.md)")
        return why

    def attack_shift(self: SpiGame, p: Piece, melee: bool, target: Piece | None) -> int:
        """Levels added to an attack strength: the sum of :meth:`attack_modifiers`."""
        return sum(steps for steps, _why in self.attack_modifiers(p, melee, target))

    def attack_modifiers(self: SpiGame, p: Piece, melee: bool, target: Piece | None) -> list[tuple[int, str]]:
        """Hook: levels added to (+) or taken from (-) an attack strength, each with its reason
        (spells, magic weapons ...): ``[(1, "[16.2] Wrath of the Ringwraith: +1 level")]``."""
        return []

    def defence_armour(self: SpiGame, d: Piece, attacker_hex: str | None, missile: bool) -> tuple[int, list[str]]:
        """Armour Protection Rating of a defender and the reasons it changed (max 4 [7.18])."""
        why: list[str] = []
        if d.formation in ("wedge", "shield_wall"):
            armour = 4                                                   # [8.44]
            why.append("[8.44] defender in a special formation: armour 4")
        else:
            armour = self.base_armour(d)
            special = self.base_armour_why(d)
            if special:
                why.append(special)
            elif d.reduced and d.armour != armour:
                why.append(f"[7.42] defender on its reduced side: armour {d.armour} -> {armour}")
        terrain = self.hexmap.terrain(d.hex or "")
        terr = self.charts.terrain.get(terrain, {})
        if terr.get("armour") and self.terrain_armour_applies(d):
            armour += int(terr["armour"])
            why.append(f"[4.3] defender in {terrain}: armour +{terr['armour']}")
        if attacker_hex is not None and d.hex is not None and hx.distance(attacker_hex, d.hex) == 1:
            side = self.hexmap.side(attacker_hex, d.hex)
            if side and side.get("kind") == "slope" and side.get("high") == d.hex:
                up = int(self.charts.hexsides["slope"].get("upslope_armour", 1))
                armour += up
                why.append(f"[4.3] attacked through an upslope hexside: armour +{up}")
        extra, reasons = self.armour_modifiers(d, attacker_hex, missile)
        armour += extra
        why.extend(reasons)
        if armour > 4:
            why.append(f"[7.18] armour never exceeds 4 (it would be {armour})")
        elif armour < 1:
            why.append(f"[7.41] armour below 1 counts as 1 (it would be {armour}; docs/reconstructed.md)")
        return max(1, min(4, armour)), why

    def terrain_armour_applies(self: SpiGame, d: Piece) -> bool:
        return True

    def base_armour(self: SpiGame, d: Piece) -> int:
        return d.armour_now()

    def base_armour_why(self: SpiGame, d: Piece) -> str | None:
        """Hook: why :meth:`base_armour` is not the counter's rating ([15.24] a tunnel ...)."""
        return None

    def armour_modifiers(self: SpiGame, d: Piece, attacker_hex: str | None, missile: bool) -> tuple[int, list[str]]:
        """Hook: walls [7.18], siege towers, ladders, magic ..."""
        return 0, []

    def defence_morale(self: SpiGame, d: Piece) -> str:
        return self.defence_morale_why(d)[0]

    def defence_morale_why(self: SpiGame, d: Piece) -> tuple[str, list[str]]:
        """Hook: the morale a defender uses on the [7.42] table, and why it is not the
        counter's (a reduced unit's back-printed value, spells, Severed Heads ...)."""
        m = d.morale_now()
        return m, ([f"[7.42] defender on its reduced side: morale {d.morale} -> {m}"]
                   if d.reduced and m != d.morale else [])

    def is_fanatical(self: SpiGame, p: Piece) -> bool:
        return self.fanatical_why(p) is not None

    def fanatical_why(self: SpiGame, p: Piece) -> str | None:
        """Hook: why ``p`` is fanatical now (None: it is not): [10.0] Sauron's units at night;
        [9.33] Westernesse W/X units of a demoralized army."""
        if p.side == "sauron":
            return "[10.0] Sauron's units are fanatical at night" if self.is_night() else None
        if self.is_demoralized(p) and p.morale_now() in ("W", "X"):
            return "[9.33] a W or X unit of a demoralized army is fanatical"
        return None

    def why_not_attackable(self: SpiGame, d: Piece, attacker: Piece, melee: bool,
                           explain: bool = True) -> IllegalAction | None:
        """Hook (first veto): why ``attacker`` may not attack ``d`` at all, by melee or missile
        fire, though it is an enemy combat unit within reach (Sauron's Magic Armor [17.32]);
        None: it may."""
        return None

    # ===== melee [7.3]: who may attack whom, written once =======================================
    # One predicate for each question, returning the refusal (with its case) or None: it lists
    # the attacks (``combat_actions``, ``melee_targets``, ``obliged_attackers``, with ``explain``
    # False so that no words are built) and explains a refused one (``why_not_attack``).
    def may_melee(self: SpiGame, p: Piece) -> bool:
        """May ``p`` attack now, whatever the target (:meth:`why_not_attacker`)."""
        return self.why_not_attacker(p, False) is None

    def why_not_attacker(self: SpiGame, p: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``p`` may not melee now, whatever the target (None: it may): [7.31] only the
        phasing player's units on the map (``attacks_from``: Gondor's relief [14.2] from off
        it), [7.25] never a leader, [7.57] not disrupted, [7.34] once a Combat Phase, [7.52] not
        after advancing, [2.3] not a missile-only unit, [9.32] not a demoralized Z unit, then
        the exclusive rules (``why_not_attacker_hook``), and only with a melee strength."""
        if p.side != self.phasing:
            return refuse(explain, "[7.31]", lambda: f"{p.name} is not the phasing player's")
        if not self.attacks_from(p):
            return refuse(explain, "[7.31]", lambda: "both units must be on the map")
        if p.is_leader:
            return refuse(explain, "[7.25]", lambda: "leaders and combat units may not attack each other")
        if p.disrupted:
            return refuse(explain, "[7.57]", lambda: f"{self.label(p)} is disrupted and may not attack")
        if p.attacked:
            return refuse(explain, "[7.34]", lambda: f"{self.label(p)} has already attacked this Combat Phase")
        if p.advanced:
            return refuse(explain, "[7.52]", lambda: f"{self.label(p)} advanced after combat and may not "
                          "attack again")
        if p.missile_only:
            return refuse(explain, "[2.3]", lambda: f"{self.label(p)} has only a missile strength and may "
                          "not melee")
        if self.is_demoralized(p) and p.morale_now() == "Z":
            return refuse(explain, "[9.32]", lambda: "demoralized units with morale Z may never melee")
        special = self.why_not_attacker_hook(p, explain)
        if special is not None:
            return special
        if self.attack_letter(p, melee=True) is None:
            return refuse(explain, "[2.3]", lambda: f"{self.label(p)} has no melee strength now")
        return None

    def why_not_attacker_hook(self: SpiGame, p: Piece, explain: bool) -> IllegalAction | None:
        """Hook (first veto): exclusive reasons ``p`` may not melee now (Sauron's Beast without
        its Horn Attack [17.22])."""
        return None

    def attacks_from(self: SpiGame, p: Piece) -> bool:
        """Hook: may an allocated attacker still attack (on the map, or Gondor's arriving
        relief [14.2] from off the map)."""
        return p.on_map

    def why_not_joining(self: SpiGame, p: Piece, d: Piece | None, explain: bool = True) -> IllegalAction | None:
        """Why ``p``, free to attack, may not be named against ``d`` now, given the attack
        being declared (None: it may; ``d`` None: whatever the target): [7.32] finish the
        attack declared on another unit first; [8.44] a special formation attacks as one (named
        by its lower id when it begins an attack)."""
        battle = self.battle
        if battle is not None:
            if d is not None and battle["target"] != d.id:
                return refuse(explain, "[7.32]", lambda: f"finish the attack on {battle['target']} first "
                              "(resolve it)")
            if p.formation and p.partner in battle["attackers"]:
                return refuse(explain, "[8.44]", lambda: f"{self.label(p)} attacks together with its "
                              "formation partner, already committed")
        elif p.formation and p.partner:
            partner = self.units[p.partner]
            if partner.attacked:
                return refuse(explain, "[8.44]", lambda: f"{self.label(p)} attacks together with its "
                              "formation partner, which has attacked")
            if p.partner < p.id:
                return refuse(explain, "[8.44]", lambda: f"a special formation attacks as one: name "
                              f"{self.label(partner)} to attack with {self.label(p)}")
        return None

    def why_not_target(self: SpiGame, p: Piece, d: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``p``, free to attack, may not melee ``d`` (None: it may, unless an enemy ZOC
        obliges it to attack another [7.31]): [7.25] never a leader, [7.31] only an adjacent
        enemy combat unit on the map, [7.52] not a unit that advanced, then the exclusive rules
        (``why_not_attackable``, ``why_not_melee_into``: [7.36] prohibited hexes and hexsides,
        Gondor's walls [7.35], tunnels [15.24] and relief [14.2])."""
        if d.is_leader:
            return refuse(explain, "[7.25]", lambda: "leaders and combat units may not attack each other")
        if not d.on_map:
            return refuse(explain, "[7.31]", lambda: "both units must be on the map")
        if d.side == p.side:
            return refuse(explain, "[7.31]", lambda: "melee is only against enemy units")
        if not d.is_combat:
            return refuse(explain, "[7.31]", lambda: f"{self.label(d)} is not a combat unit")
        if p.on_map and hx.distance(p.hex, d.hex) != 1:
            return refuse(explain, "[7.31]", lambda: "melee is only against an adjacent enemy unit")
        if d.advanced:
            return refuse(explain, "[7.52]", lambda: "a unit that advanced after combat may not be "
                          "attacked this phase")
        return self.why_not_attackable(d, p, True, explain) or self.why_not_melee_into(p, d, explain)

    def why_not_melee_into(self: SpiGame, p: Piece, d: Piece, explain: bool) -> IllegalAction | None:
        """Hook: [7.36] not into a hex or through a hexside ``p`` may not enter (Gondor replaces
        it with its walls [7.35], tunnels [15.24] and the relief's entry hexes [14.2])."""
        if self.terrain_cost(p, p.hex, d.hex) is None:
            return refuse(explain, "[7.36]", lambda: f"{self.label(p)} may not melee into {d.hex} "
                          "(prohibited hex or hexside)")
        return None

    def melee_candidates(self: SpiGame, p: Piece) -> list[Piece]:
        """Hook: the units ``why_not_target`` is asked about, in the order they are listed: the
        enemy combat units adjacent to ``p`` (Gondor: those on a waiting relief's entry hexes)."""
        at, units, side = self.at, self.units, p.side
        out = []
        for n in self.hexmap.adjacent(p.hex):
            for i in at.get(n, ()):                 # combat_at(n), without a list per hex
                q = units[i]
                if q.side != side and q.is_combat:
                    out.append(q)
        return out

    def _meleeable(self: SpiGame, p: Piece) -> list[Piece]:
        """The units ``p`` could melee but for an obligation to attack others."""
        return [q for q in self.melee_candidates(p) if self.why_not_target(p, q, False) is None]

    def melee_targets(self: SpiGame, p: Piece) -> list[Piece]:
        """The enemies ``p`` may melee; [7.31] if it is in enemy ZOCs it must pick one of the
        units exerting them."""
        adj, forced = self._melee_options(p)
        return forced or adj

    def _melee_options(self: SpiGame, p: Piece) -> tuple[list[Piece], list[Piece]]:
        """The units ``p`` could melee, and those of them an enemy ZOC obliges it to choose
        among [7.31] (empty: none)."""
        adj = self._meleeable(p)
        return adj, (self.forced_targets(p, adj) if adj else [])

    def _bound_to_attack(self: SpiGame, p: Piece, forced: list[Piece]) -> bool:
        """[7.31] ``p``, free to attack, must still attack (one of ``forced``) before the Melee
        step ends: on the map, its formation partner [8.44] not having attacked."""
        return bool(forced) and p.on_map and not (p.formation and p.partner and self.units[p.partner].attacked)

    def forced_targets(self: SpiGame, p: Piece, legal: list[Piece]) -> list[Piece]:
        """[7.31] the targets a unit in an enemy ZOC must choose among (empty: not obliged)."""
        if not p.on_map:
            return []
        exerting = {q.id for q in self.zoc_exerters(p)}
        return [q for q in legal if q.id in exerting]

    def obliged_attackers(self: SpiGame) -> list[Piece]:
        """[7.31] the units that must still attack before the Melee step may end."""
        return [p for p in self.on_map(self.phasing) if self.why_not_attacker(p, False) is None
                and self._bound_to_attack(p, self._melee_options(p)[1])]

    def why_not_melee(self: SpiGame, p: Piece, d: Piece, explain: bool = True) -> IllegalAction | None:
        """Why ``p`` may not attack ``d`` now (None: the attack is offered): the one predicate
        of a melee attack, in the order a refusal names its rules."""
        err = (self.why_not_attacker(p, explain) or self.why_not_joining(p, d, explain)
               or self.why_not_target(p, d, explain))
        if err is not None:
            return err
        targets = self.melee_targets(p)
        if d in targets:
            return None
        if not explain:
            return NOT_AN_ATTACK
        if targets and self.forced_targets(p, targets):
            return self.obligation(p, targets)      # [7.31] an enemy ZOC binds it to others
        return IllegalAction("[7.31]", f"{self.label(p)} may not attack {self.label(d)} now")

    def combat_actions(self: SpiGame) -> list[Action]:
        acts: list[Action] = []
        if self.step == "missile":
            side = self.phasing
            for p in self.units_of(side):
                if p.on_map and self.may_fire(p):
                    for d in self.fire_targets(p):
                        acts.append({"type": "fire", "unit": p.id, "target": d.id})
            acts.append({"type": "end"})
        elif self.step == "leader":
            side = self.phasing
            for ld in self.units_of(side):
                if ld.is_leader and self.why_not_leader_attacker(ld, False) is None:
                    for t in self.leader_targets(ld):
                        acts.append({"type": "leader_attack", "unit": ld.id, "target": t.id})
            acts.append({"type": "end"})
        else:
            battle = self.battle
            target = self.units[battle["target"]] if battle is not None else None
            side = self.phasing
            obliged = False                  # [7.31] does a unit still have to attack?
            for p in self.units_of(side):
                # (``why_not_attacker`` refuses a leader [7.25], a disrupted unit [7.57], one that
                # attacked [7.34] or advanced [7.52]: those are passed over without asking)
                if p.is_leader or p.disrupted or p.attacked or p.advanced:
                    continue
                if self.why_not_attacker(p, False) is not None:
                    continue
                if target is not None:
                    if self.why_not_joining(p, target, False) is None and target in self.melee_targets(p):
                        acts.append({"type": "attack", "unit": p.id, "target": target.id})
                    continue
                adj, forced = self._melee_options(p)
                obliged = obliged or self._bound_to_attack(p, forced)
                if self.why_not_joining(p, None, False) is None:
                    for d in forced or adj:
                        acts.append({"type": "attack", "unit": p.id, "target": d.id})
            if battle is not None:
                acts.append({"type": "resolve"})
            elif not obliged:
                acts.append({"type": "end"})
        return acts

    def do_attack(self: SpiGame, action: Action) -> list[Event]:
        """[7.32] name the units attacking one defender; they are committed to it."""
        p, d = self.units[action["unit"]], self.units[action["target"]]
        if self.battle is None:
            self.battle = {"target": d.id, "attackers": [p.id]}
            text = f"{self.label(p)} will attack {self.label(d)}"
        else:
            self.battle["attackers"].append(p.id)
            text = f"{self.label(p)} joins the attack on {self.label(d)}"
        p.attacked = True
        if p.partner and p.formation:
            self.units[p.partner].attacked = True
        return [event("allocate", "[7.32]", text, unit=p.id, target=d.id)]

    def do_resolve(self: SpiGame, action: Action) -> list[Event]:
        assert self.battle is not None
        battle, self.battle = self.battle, None
        self.tasks.insert(0, {"t": "battle", "target": battle["target"], "attackers": battle["attackers"],
                              "i": 0, "rbc": False})
        return []

    def task_battle(self: SpiGame, task: dict[str, Any]) -> list[Event]:
        d = self.units[task["target"]]
        attackers = [self.units[a] for a in task["attackers"]]
        if not d.on_map:
            return []
        if not task["rbc"] and self.may_retreat_before_combat(d, attackers):
            opts = self.retreat_options(d, 2, allow_partial=True, displace=False)
            if opts:
                self.ask({"kind": "rbc", "side": d.side, "unit": d.id, "rule": "[7.7]",
                          "attackers": task["attackers"], "auto": False,
                          "prompt": f"{self.label(d)} may retreat before combat (one or two hexes) or stand"})
                return []
        i = task["i"]
        if i >= len(attackers):
            return []
        p = attackers[i]
        if not self.attacks_from(p):
            self.tasks.insert(0, dict(task, i=i + 1, rbc=True))
            return []
        letter = self.attack_letter(p, melee=True, target=d)
        assert letter is not None
        origin = d.hex
        self.tasks.insert(0, dict(task, i=i + 1, rbc=True))
        events = self.resolve_attack(p, d, letter, self.is_fanatical(p), "[7.33]", missile=False)
        if any(e["type"] == "casualty_result" for e in events):
            # the defender's hex is vacated by any casualty: the rest of the battle is void
            self.tasks = [t for t in self.tasks if not (t["t"] == "battle" and t["target"] == d.id)]
            self.tasks.insert(self._after_retreat_index(), {"t": "advance", "unit": p.id, "hex": origin})
        return events

    def _after_retreat_index(self: SpiGame) -> int:
        """Where to queue an advance: after the retreats just queued."""
        i = 0
        while i < len(self.tasks) and self.tasks[i]["t"] in ("retreat", "retreat_finish", "displace_finish"):
            i += 1
        return i

    def resolve_attack(self: SpiGame, p: Piece, d: Piece, letter: str, fanatical: bool,
                       rule: str, missile: bool) -> list[Event]:
        """[7.33] two steps: [7.41] 2d6 for a casualty, then [7.42] 1d6 against morale."""
        armour, why = self.defence_armour(d, p.hex, missile)
        kind = "missile fire" if missile else "melee"
        mods = f" ({'; '.join(why)})" if why else ""
        events: list[Event] = []
        if fanatical:
            events.append(event("fanatical", "[7.37]", f"{self.label(p)} is fanatical: {kind} on "
                                f"{self.label(d)} skips the Casualty Probability Table", unit=p.id))
        else:
            lo, hi = self.charts.cpt_range(letter, armour)
            dice = self.dice.roll(2)
            total = sum(dice)
            hit = lo <= total <= hi
            events.append(event("roll", "[7.41]", f"{kind}: {self.label(p)} {letter} vs armour {armour}"
                                f"{mods} needs {rng_text(lo, hi)}: rolled {total} ({dice[0]}+{dice[1]}), "
                                + ("casualty" if hit else "no effect"),
                                dice=dice, table="7.41", cell=f"{letter.upper()}/{armour}", unit=p.id,
                                target=d.id, hit=hit))
            if not hit:
                return events
        morale = self.defence_morale(d)
        die = self.dice.d6()
        result = self.charts.crt_result(die, morale)
        events.append(event("casualty_result", "[7.42]", f"{self.label(d)} morale {morale}, die {die}: "
                            f"{result.replace('hE', '½E').replace('+', ', ')}", dice=[die], table="7.42",
                            cell=f"{die}/{morale}", unit=d.id, result=result))
        events.extend(self.apply_casualty(d, result, p, "[7.42]", missile=missile))
        return events

    def apply_casualty(self: SpiGame, d: Piece, result: str, by: Piece | None, rule: str,
                       missile: bool = False) -> list[Event]:
        """Carry out a [7.42] result on ``d`` (inflicted by ``by``'s missile fire or melee)."""
        special = self.formation_casualty(d, result, by, rule)
        if special is not None:
            return special
        events: list[Event] = []
        if result == "E":
            events.extend(self.leader_risk(d, "E"))
            events.extend(self.eliminate(d, rule, "E result", by))
            return events
        retreat = 0
        if result.startswith("hE"):
            events.extend(self.leader_risk(d, "hE"))
            if d.reduced:
                events.extend(self.eliminate(d, rule, "½E on a reduced unit", by))
                return events
            d.reduced = True
            events.append(event("reduced", rule, f"{self.label(d)} is inverted to its reduced side", unit=d.id))
            retreat = 1
        elif result in ("r1", "r2"):
            retreat = int(result[1])
        if retreat:
            events.extend(self.order_retreat(d, retreat, "[7.54]"))
        return events

    # ===== refusals of combat actions ==========================================================
    def _combat_step_check(self: SpiGame, action: Action, step: str,
                           wrong_step: str) -> tuple[Piece, Piece] | IllegalAction:
        """The attacker and target, if this is the [7.16] step for such an attack."""
        pair = self.units_for(action)
        if isinstance(pair, IllegalAction):
            return pair
        if self.is_movement_phase():
            return IllegalAction("[4.23]", NO_COMBAT)
        if not self.is_combat_phase() or self.step != step:
            return IllegalAction("[7.16]", wrong_step)
        return pair

    def why_not_attack(self: SpiGame, action: Action) -> IllegalAction | None:
        # [7.16] missile fire first, then [7.21] leader combat, then melee
        pair = self._combat_step_check(action, "melee",
                                       "melee comes after missile and leader combat in the Combat Phase")
        if isinstance(pair, IllegalAction):
            return pair
        return self.why_not_melee(*pair)

    def obligation(self: SpiGame, p: Piece, targets: list[Piece] | None = None) -> IllegalAction:
        """Why ``p`` must attack (one of ``targets``, named when given): hook, so that an
        exclusive rule that obliges an attack names itself (Sauron's [15.22] Dwarves)."""
        among = f" one of {', '.join(q.id for q in targets)}" if targets else ""
        return IllegalAction("[7.31]", f"{self.label(p)} is in an enemy ZOC and must attack{among}")
