"""[7.0] Combat: missile [7.1], leader/individual [7.2], melee [7.3]-[7.4], movement after
combat [7.5], displacement [7.6], retreat before combat [7.7]; leaders in combat [8.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from .data import shift
from .state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame

NO_COMBAT = "no combat may take place during a Movement Phase"
LEADER_COLUMNS = ("+6", "+4", "+2", "+1", "0", "-1", "-3", "-4")


def leader_column(diff: int) -> str:
    """[7.26] differentials above +6 count as +6, below -4 as -4."""
    if diff >= 6:
        return "+6"
    if diff >= 4:
        return "+4"
    if diff >= 2:
        return "+2"
    if diff == 1:
        return "+1"
    if diff == 0:
        return "0"
    if diff >= -2:
        return "-1"
    if diff == -3:
        return "-3"
    return "-4"


def rng_text(lo: int, hi: int) -> str:
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


class CombatMixin:
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

    def formation_attack(self: SpiGame, p: Piece) -> str | None:
        """[8.44] a special formation attacks at A (the OCR's "4" read as A; docs/rulings.md)."""
        return "A" if p.formation in ("wedge", "shield_wall") else None

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

    # ===== missile combat [7.1] ===================================================================
    def missile_range(self: SpiGame, p: Piece) -> int:
        """[7.12] Archers and Bowmen: two hexes, counting the target's, not the firer's."""
        return 2

    def blocks_missiles(self: SpiGame, h: str) -> bool:
        """[7.13] Tower, Grove, Mountain hexes (and Siege Towers: Gondor)."""
        return bool(self.charts.terrain.get(self.hexmap.terrain(h), {}).get("blocks_missiles"))

    def line_clear(self: SpiGame, a: str, b: str) -> bool:
        """[7.13] a missile line is blocked only if both of its nudged hex lines are."""
        key = ("los", a, b)
        hit = self._cache.get(key)
        if hit is None:
            l1, l2 = hx.hex_lines(a, b)
            blocked1 = any(self.blocks_missiles(h) for h in l1[1:-1] if h in self.hexmap)
            blocked2 = any(self.blocks_missiles(h) for h in l2[1:-1] if h in self.hexmap)
            hit = not (blocked1 and blocked2)
            self._cache[key] = hit
        return hit

    def may_fire(self: SpiGame, p: Piece) -> bool:
        return self.why_not_fire_unit(p) is None

    def why_not_fire_unit(self: SpiGame, p: Piece) -> IllegalAction | None:
        """Why ``p`` may not fire now, whatever the target (None: it may): [7.16] only the
        phasing player's units, [7.11] only units with a missile strength, [7.14] once per
        Game-Turn, [7.57] not disrupted.  The one predicate for the legal actions and for the
        refusals (hook: Gondor's [16.12] catapults)."""
        if p.side != self.phasing:
            return IllegalAction("[7.16]", f"{p.name} is not the phasing player's")
        if p.missile is None or p.is_leader:
            return IllegalAction("[7.11]", f"{self.label(p)} has no missile capability")
        if p.fired:
            return IllegalAction("[7.14]", f"{self.label(p)} has already fired this Game-Turn")
        if p.disrupted:
            return IllegalAction("[7.57]", f"{self.label(p)} is disrupted and may not attack")
        if not p.on_map:
            return IllegalAction("[7.11]", f"{self.label(p)} is not on the map: both units must be on the map")
        return None

    def why_not_fire_at(self: SpiGame, p: Piece, d: Piece) -> IllegalAction | None:
        """Why ``p``, free to fire, may not fire at ``d`` (None: it may): [7.25] never at
        leaders, [7.11] only at enemy units on the map, [7.12] within range, [7.13] along a
        clear line."""
        if d.is_leader:
            return IllegalAction("[7.25]", "combat units may not attack leaders")
        if d.side == p.side:
            return IllegalAction("[7.11]", "missiles are fired only at enemy units")
        if not d.on_map or not p.on_map:
            return IllegalAction("[7.11]", "both units must be on the map")
        rng = self.missile_range(p)
        if hx.distance(p.hex, d.hex) > rng:
            return IllegalAction("[7.12]", f"{d.hex} is {hx.distance(p.hex, d.hex)} hexes away; "
                                 f"the range is {rng}")
        if not self.line_clear(p.hex, d.hex):
            return IllegalAction("[7.13]", f"the line from {p.hex} to {d.hex} is blocked")
        if not d.is_combat or not self.attackable(d, p, melee=False):
            return IllegalAction("[7.11]", f"{self.label(d)} may not be fired on")
        return None

    def fire_targets(self: SpiGame, p: Piece) -> list[Piece]:
        """The units ``p`` may fire at: ``why_not_fire_at`` decides; enemy combat units on
        the map within range, which it requires anyway, are the only ones it is asked about."""
        h, rng = p.hex, self.missile_range(p)
        return [q for q in self.on_map("sauron" if p.side == "westernesse" else "westernesse")
                if q.is_combat and hx.distance(h, q.hex) <= rng and self.why_not_fire_at(p, q) is None]

    def attackable(self: SpiGame, d: Piece, attacker: Piece, melee: bool) -> bool:
        """Hook: may ``attacker`` attack ``d`` at all (Magic Armor ...)."""
        return True

    def do_fire(self: SpiGame, action: Action) -> list[Event]:
        p, d = self.units[action["unit"]], self.units[action["target"]]
        p.fired = True
        letter = self.attack_letter(p, melee=False, target=d)
        assert letter is not None
        fanatical = self.is_fanatical(p) and self.options.get("errata_7_37", True)
        return self.resolve_attack(p, d, letter, fanatical, "[7.17]", missile=True)

    # ===== melee [7.3] ===========================================================================
    def may_melee(self: SpiGame, p: Piece) -> bool:
        """Melee-capable now: not disrupted [7.57], not attacked yet [7.34], not after advancing
        [7.52], not a demoralized Z unit [9.32], and with a melee strength."""
        if not p.on_map or p.is_leader or p.side != self.phasing:
            return False
        if p.disrupted or p.attacked or p.advanced:
            return False
        if self.attack_letter(p, melee=True) is None:
            return False
        if self.is_demoralized(p) and p.morale_now() == "Z":
            return False
        return self.may_melee_hook(p)

    def attacks_from(self: SpiGame, p: Piece) -> bool:
        """Hook: may an allocated attacker still attack (on the map, or Gondor's arriving
        relief [14.2] from off the map)."""
        return p.on_map

    def may_melee_hook(self: SpiGame, p: Piece) -> bool:
        return True

    def may_melee_into(self: SpiGame, p: Piece, d: Piece) -> bool:
        """[7.36] not through prohibited hexsides or into prohibited hexes; [7.35] walls."""
        if d.advanced or not d.on_map or d.is_leader:
            return False                                     # [7.52] [7.25]
        if hx.distance(p.hex, d.hex) != 1:
            return False
        if self.terrain_cost(p, p.hex, d.hex) is None and not self.melee_ignores_terrain(p):
            return False
        return self.attackable(d, p, melee=True) and self.may_melee_across(p, d)

    def melee_ignores_terrain(self: SpiGame, p: Piece) -> bool:
        return False

    def may_melee_across(self: SpiGame, p: Piece, d: Piece) -> bool:
        """Hook: [7.35] unbreached walls (Gondor)."""
        return True

    def melee_targets(self: SpiGame, p: Piece) -> list[Piece]:
        """The enemies ``p`` may melee; [7.31] if it is in enemy ZOCs it must pick one of the
        units exerting them."""
        adj = [q for n in self.hexmap.adjacent(p.hex) for q in self.combat_at(n)
               if q.side != p.side and self.may_melee_into(p, q)]
        forced = self.forced_targets(p, adj)
        return forced if forced else adj

    def forced_targets(self: SpiGame, p: Piece, legal: list[Piece]) -> list[Piece]:
        """[7.31] the targets a unit in an enemy ZOC must choose among (empty: not obliged)."""
        exerting = {q.id for q in self.zoc_exerters(p)}
        return [q for q in legal if q.id in exerting]

    def obliged_attackers(self: SpiGame) -> list[Piece]:
        side = self.phasing
        out = []
        for p in self.units.values():
            if p.side == side and p.on_map and self.may_melee(p):
                if p.formation and p.partner and self.units[p.partner].attacked:
                    continue
                adj = [q for n in self.hexmap.adjacent(p.hex) for q in self.combat_at(n)
                       if q.side != p.side and self.may_melee_into(p, q)]
                if self.forced_targets(p, adj):
                    out.append(p)
        return out

    def combat_actions(self: SpiGame) -> list[Action]:
        acts: list[Action] = []
        if self.step == "missile":
            side = self.phasing
            for p in self.units_in_order():
                if p.side == side and p.on_map and self.may_fire(p):
                    for d in self.fire_targets(p):
                        acts.append({"type": "fire", "unit": p.id, "target": d.id})
            acts.append({"type": "end"})
        elif self.step == "leader":
            for ld in self.units_in_order():
                if ld.is_leader and ld.on_map and ld.side == self.phasing and not ld.flags.get("leader_attacked"):
                    for t in self.leader_targets(ld):
                        acts.append({"type": "leader_attack", "unit": ld.id, "target": t.id})
            acts.append({"type": "end"})
        else:
            if self.battle is not None:
                target = self.units[self.battle["target"]]
                for p in self.units_in_order():
                    if p.id in self.battle["attackers"] or not self.may_melee(p):
                        continue
                    if p.formation and p.partner in self.battle["attackers"]:
                        continue
                    if target in self.melee_targets(p):
                        acts.append({"type": "attack", "unit": p.id, "target": target.id})
                acts.append({"type": "resolve"})
            else:
                for p in self.units_in_order():
                    if self.may_melee(p):
                        if p.formation and p.partner and (self.units[p.partner].attacked or p.partner < p.id):
                            continue
                        for d in self.melee_targets(p):
                            acts.append({"type": "attack", "unit": p.id, "target": d.id})
                if not self.obliged_attackers():
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

    def formation_casualty(self: SpiGame, d: Piece, result: str, by: Piece | None, rule: str) -> list[Event] | None:
        """[8.46] a formation loses one unit to ½E and retreats unit by unit; E takes both.
        The case cited and the retreat after a ½E are hooks (Sauron's Slave Phalanx [15.35])."""
        if not d.formation or not d.partner:
            return None
        partner = self.units[d.partner]
        case, half_retreat = self.formation_case(d), self.half_loss_retreat(d)   # before it breaks up
        events: list[Event] = []
        if result == "E":
            events.extend(self.leader_risk(d, "E"))
            events.extend(self.eliminate(partner, rule, "E result on its formation", by))
            events.extend(self.eliminate(d, rule, "E result on its formation", by))
            return events
        if result.startswith("hE"):
            events.extend(self.leader_risk(d, "hE"))
            events.extend(self.eliminate(partner, case, "½E on a formation: one unit lost", by))
            events.extend(self.order_retreat(d, half_retreat, case))
            return events
        retreat = int(result[1])
        events.append(event("formation_broken", case, "the formation retreats unit by unit into separate hexes",
                            unit=d.id))
        events.extend(self.order_retreat(partner, retreat, case))
        events.extend(self.order_retreat(d, retreat, case))
        return events

    def formation_case(self: SpiGame, d: Piece) -> str:
        return "[8.46]"

    def half_loss_retreat(self: SpiGame, d: Piece) -> int:
        """Hexes the survivor of a ½E on a formation retreats ([7.42] ½E, r1)."""
        return 1

    def leader_risk(self: SpiGame, unit: Piece, result: str) -> list[Event]:
        """[8.24] leaders stacked with a unit that suffers ½E or E share it on a 5-6."""
        events: list[Event] = []
        for ld in [q for q in self.pieces_at(unit.hex) if q.is_leader and q.side == unit.side]:
            die = self.dice.d6()
            hit = die >= 5
            events.append(event("leader_risk", "[8.24]", f"{ld.name} stacked with {self.label(unit)} "
                                f"({'½E' if result == 'hE' else 'E'}): rolled {die}, "
                                + ("the leader shares the result" if hit else "unaffected"),
                                dice=[die], unit=ld.id, hit=hit))
            if hit:
                if result == "E" or ld.reduced:
                    events.extend(self.eliminate(ld, "[8.24]", "shared his unit's fate", None))
                else:
                    ld.reduced = True
                    events.append(event("reduced", "[8.24]", f"{ld.name} is wounded (reduced)", unit=ld.id))
        return events

    # ===== retreats [7.5]-[7.7] ======================================================================
    def order_retreat(self: SpiGame, d: Piece, n: int, rule: str, mode: str = "combat",
                      on_fail: str = "eliminate") -> list[Event]:
        """Queue a retreat of ``n`` hexes; the retreating side's owner chooses [7.55]."""
        if d.disrupted and mode != "leader":
            return self.eliminate(d, "[7.57]", "a disrupted unit forced to retreat is eliminated")
        self.tasks.insert(0, {"t": "retreat", "unit": d.id, "n": n, "rule": rule, "mode": mode,
                              "on_fail": on_fail})
        return []

    def zoc_blocks_retreat(self: SpiGame, p: Piece, h: str) -> bool:
        """[6.2] retreats are never traced through an enemy ZOC."""
        return self.in_enemy_zoc(p, h)

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
    def may_advance(self: SpiGame, p: Piece, h: str) -> bool:
        """[7.51] into the vacated hex, regardless of ZOC; hook for [7.53] walls."""
        if not p.on_map or p.disrupted or self.enemy_in(h, p.side):
            return False
        if any(q.id != p.id and q.id != p.partner for q in self.stackers_at(h)):
            return False
        if hx.distance(p.hex, h) != 1 or not self.may_enter_terrain(p, p.hex, h):
            return False
        if p.formation and not self.formation_terrain_ok(p.hex, h) and p.formation != "phalanx":
            return False
        return self.may_advance_hook(p, h)

    def may_advance_hook(self: SpiGame, p: Piece, h: str) -> bool:
        return True

    def task_advance(self: SpiGame, task: dict[str, Any]) -> list[Event]:
        p = self.units[task["unit"]]
        h = task["hex"]
        if self.may_advance(p, h):
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

    # ===== leader combat [7.2] =====================================================================
    def combat_rating(self: SpiGame, ld: Piece, foe: Piece | None = None) -> int:
        """[7.22] the Rally Rating, with night [10.0] and exclusive modifiers, against ``foe``."""
        return self.combat_rating_why(ld, foe)[0]

    def combat_rating_why(self: SpiGame, ld: Piece, foe: Piece | None = None) -> tuple[int, list[str]]:
        """A leader's rating in individual combat [7.22] against ``foe`` (the leader he fights)
        and why it is not the printed one."""
        return self.leader_rating_why(ld, combat=True, foe=foe)

    def leader_rating_why(self: SpiGame, ld: Piece, combat: bool,
                          foe: Piece | None = None) -> tuple[int, list[str]]:
        """A leader's Rally Rating as used in individual combat [7.22] (``combat``, against
        ``foe``) or on the Rally Table [8.37], and why it is not the printed one: reduced
        [7.26], Sauron's leaders at night [10.0], the exclusive rules' :meth:`rating_modifiers`."""
        r = ld.rally_now()
        why = [f"[7.26] {ld.name} is reduced: rating {ld.rally} -> {r}"] if ld.reduced and r != ld.rally else []
        if ld.side == "sauron" and self.is_night():
            r += 3                                                       # [10.0]
            why.append(f"[10.0] {ld.name} at night: +3")
        for n, text in self.rating_modifiers(ld, combat=combat, foe=foe):
            r += n
            why.append(text)
        return r, why

    def rating_modifiers(self: SpiGame, ld: Piece, combat: bool,
                         foe: Piece | None = None) -> list[tuple[int, str]]:
        """Hook: additions to a leader's rating in individual combat (``combat``, against
        ``foe``) or on the Rally Table, each with its reason (magic weapons [19.11], siege
        towers [16.46] ...)."""
        return []

    def leader_targets(self: SpiGame, ld: Piece) -> list[Piece]:
        """[7.21] any adjacent enemy leader; [7.25] never a combat unit."""
        return [q for n in self.hexmap.adjacent(ld.hex) for q in self.pieces_at(n)
                if q.is_leader and q.side != ld.side]

    def do_leader_attack(self: SpiGame, action: Action) -> list[Event]:
        a, d = self.units[action["unit"]], self.units[action["target"]]
        a.flags["leader_attacked"] = True                              # [7.24]
        if not d.is_leader:
            return self.leader_attacks_unit(a, d)
        ra, rd = self.combat_rating(a, foe=d), self.combat_rating(d, foe=a)
        col = leader_column(ra - rd)
        die = self.dice.d6()
        res = self.charts.leader_crt[col][die - 1]
        events = [event("roll", "[7.26]", f"leader combat: {a.name} ({ra}) attacks {d.name} ({rd}), "
                        f"differential {ra - rd:+d} (column {col}), die {die}: "
                        f"{res.replace('h', '½').replace('-', 'no effect') if res != '-' else 'no effect'}",
                        dice=[die], table="7.26", cell=f"{col}/{die}", unit=a.id, target=d.id, result=res)]
        if res == "-":
            return events
        victim, winner = (d, a) if res[0] == "D" else (a, d)
        events.extend(self.apply_leader_result(victim, res[1:], winner))
        return events

    def leader_attacks_unit(self: SpiGame, a: Piece, d: Piece) -> list[Event]:
        """Hook: exceptions to [7.25] ([17.32] a magic weapon against the Beast)."""
        raise IllegalAction("[7.25]", "leaders may not attack combat units")

    def apply_leader_result(self: SpiGame, victim: Piece, res: str, winner: Piece) -> list[Event]:
        """[7.26] r2 / ½ / e on a leader; [7.23] his combat unit retreats two or is flipped."""
        events: list[Event] = []
        special = self.leader_result_hook(victim, res)
        if special is not None:
            events.extend(special)
            if res == "r2":
                return events
        mates = [u for u in self.combat_at(victim.hex) if u.side == victim.side]
        if res == "e" or (res == "h" and victim.reduced):
            events.extend(self.eliminate(victim, "[7.26]", "killed in individual combat", winner))
        elif res == "h":
            victim.reduced = True
            events.append(event("reduced", "[7.26]", f"{victim.name} is reduced to his back-printed rating",
                                unit=victim.id))
        if mates:
            # [7.23] every combat unit stacked with him retreats; a formation's two units
            # too, each into its own hex [8.46] (the first to go breaks the formation up)
            both = self.options.get("formation_retreat_7_23", True)
            for u in mates:
                if not both and u.formation and u.partner in {m.id for m in mates} and u.id > u.partner:
                    continue        # records made before the fix: the second unit stayed behind
                events.extend(self.order_retreat(u, 2, "[7.23]", mode="combat", on_fail="flip"))
        elif res == "r2" and victim.on_map:
            events.extend(self.order_retreat(victim, 2, "[7.26]", mode="leader"))
        return events

    def leader_result_hook(self: SpiGame, victim: Piece, res: str) -> list[Event] | None:
        return None

    # ===== diagnosis ===========================================================================
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

    def why_not_fire(self: SpiGame, action: Action) -> IllegalAction | None:
        pair = self._combat_step_check(action, "missile",
                                       "missile fire happens first in the phasing player's Combat Phase")
        if isinstance(pair, IllegalAction):
            return pair
        p, d = pair
        return (self.why_not_fire_unit(p) or self.why_not_fire_at(p, d)
                or IllegalAction("[7.11]", f"{self.label(d)} may not be fired on"))

    def why_not_attack(self: SpiGame, action: Action) -> IllegalAction | None:
        # [7.16] missile fire first, then [7.21] leader combat, then melee
        pair = self._combat_step_check(action, "melee",
                                       "melee comes after missile and leader combat in the Combat Phase")
        if isinstance(pair, IllegalAction):
            return pair
        p, d = pair
        if p.side != self.phasing:
            return IllegalAction("[7.31]", f"{p.name} is not the phasing player's")
        if p.is_leader or d.is_leader:
            return IllegalAction("[7.25]", "leaders and combat units may not attack each other")
        if p.disrupted:
            return IllegalAction("[7.57]", f"{self.label(p)} is disrupted and may not attack")
        if p.attacked:
            return IllegalAction("[7.34]", f"{self.label(p)} has already attacked this Combat Phase")
        if p.advanced:
            return IllegalAction("[7.52]", f"{self.label(p)} advanced after combat and may not attack again")
        if p.missile_only:
            return IllegalAction("[2.3]", f"{self.label(p)} has only a missile strength and may not melee")
        if self.is_demoralized(p) and p.morale_now() == "Z":
            return IllegalAction("[9.32]", "demoralized units with morale Z may never melee")
        if self.battle is not None and self.battle["target"] != d.id:
            return IllegalAction("[7.32]", f"finish the attack on {self.battle['target']} first (resolve it)")
        if self.battle is not None and p.formation and p.partner in self.battle["attackers"]:
            return IllegalAction("[8.44]", f"{self.label(p)} attacks together with its formation partner, "
                                 "already committed")
        if not self.attacks_from(p) or not d.on_map:
            return IllegalAction("[7.31]", "both units must be on the map")
        if d.side == p.side:
            return IllegalAction("[7.31]", "melee is only against enemy units")
        if p.on_map and hx.distance(p.hex, d.hex) != 1:
            return IllegalAction("[7.31]", "melee is only against an adjacent enemy unit")
        if d.advanced:
            return IllegalAction("[7.52]", "a unit that advanced after combat may not be attacked this phase")
        if p.on_map and not self.may_melee_into(p, d):
            return IllegalAction("[7.36]", f"{self.label(p)} may not melee into {d.hex} "
                                 "(prohibited hex or hexside)")
        targets = self.melee_targets(p)
        if d not in targets:
            if targets and p.on_map and self.forced_targets(p, targets):
                return self.obligation(p, targets)
            return IllegalAction("[7.31]", f"{self.label(p)} may not attack {self.label(d)} now")
        return None

    def obligation(self: SpiGame, p: Piece, targets: list[Piece] | None = None) -> IllegalAction:
        """Why ``p`` must attack (one of ``targets``, named when given): hook, so that an
        exclusive rule that obliges an attack names itself (Sauron's [15.22] Dwarves)."""
        among = f" one of {', '.join(q.id for q in targets)}" if targets else ""
        return IllegalAction("[7.31]", f"{self.label(p)} is in an enemy ZOC and must attack{among}")

    def why_not_end(self: SpiGame) -> IllegalAction:
        if self.is_combat_phase() and self.step == "melee":
            if self.battle is not None:
                return IllegalAction("[7.32]", "an attack has been declared: resolve it first")
            obliged = self.obliged_attackers()
            if obliged:
                return self.obligation(obliged[0])
        if self.is_movement_phase():
            err = self.why_not_end_movement()
            if err is not None:
                return err
        return IllegalAction("[3.0]", "the phase cannot end yet")
