"""Fighting and the hunt [WR §10.3]-[WR §10.10]: army combat with the CRT, rout and leader
loss; individual combat and its challenges; capture, escape, rescue and conversion; the Eye and
Magic sites; the Ring's wearing, passing and seizure.

The arithmetic is in ``battle.py``, ``hunt.py`` and ``duel.py`` (pure functions, tested on
their own); here the game finds who stands where, asks who decides, rolls, and applies.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from . import battle, duel, hunt
from .pieces import FELLOWSHIP, base_id

HOBBITS = ("frodo", "sam", "merry", "pippin")


class FightingRules:
    """Mixin: combat and the hunt.  ``self`` is the game."""

    # ----- army combat [WR §10.3] -------------------------------------------------------------
    def attackers_in(self: Any, h: str, seat: str) -> list[str]:
        out = []
        for uid, r in self.units.items():
            if r["hex"] != h or r["seat"] != seat or r["attacked"] or r["str"] <= 0 \
                    or not r["active"] or r["deserted"]:
                continue
            u = self.spec(uid)
            if u.nation not in self.mobilized and not self.options["unmobilized_move"] \
                    and uid != "DEAD-01" and not (u.nation == "COR" and r["active"]):
                if not self.eomer_exception(uid, h):
                    continue                                       # [WR §6.1]
            out.append(uid)
        return out

    def eomer_exception(self: Any, uid: str, h: str) -> bool:
        """[WR §V24] Éomer and ROH-03 may attack an Orc force of 10 or less in unmobilized Rohan."""
        troops = self.D.value("R-EOMER-TROOPS")
        if base_id(uid) not in troops["units"]:
            return False
        e = self.chars.get(troops["leader"])
        if not e or e["hex"] != h or not e["alive"] or e["hidden"]:
            return False
        if not self.W.in_region(h, "rohan"):
            return False
        foes = [u for u in self.units_in(h) if self.enemies(self.units[u]["seat"], FELLOWSHIP)]
        return bool(foes) and all(self.spec(u).kind == "orc" for u in foes) and \
            sum(self.units[u]["str"] for u in foes) <= int(self.D.value("S-V24", "rohan_orc_exemption"))

    def defenders_in(self: Any, h: str, seat: str) -> list[str]:
        # deserters defend normally [WR §10.2.5]; the Army of the Dead never defends (R-DEAD-ARMY)
        return [u for u, r in self.units.items() if r["hex"] == h and r["str"] > 0 and r["active"]
                and self.enemies(r["seat"], seat) and u != "DEAD-01"]

    def affordable(self: Any, seat: str, units: list[str]) -> list[str]:
        """[WR §10.1] Each attacking Sauron unit costs 1 SP, each Saruman unit under control 1
        [WR §V12]: the strongest that the pool pays for attack."""
        pay = []
        for u in sorted(units, key=lambda x: (-self.units[x]["str"], x)):
            if self.attack_cost(seat, u) == 0:
                pay.append(u)
        budget = self.sp
        for u in sorted(units, key=lambda x: (-self.units[x]["str"], x)):
            c = self.attack_cost(seat, u)
            if c and budget >= c:
                budget -= c
                pay.append(u)
        return pay

    def attack_cost(self: Any, seat: str, uid: str) -> int:
        if seat in self.D.value("R-SP-COSTS", "seats_without_sp"):
            return 0
        nation = self.spec(uid).nation
        if nation == "ISE":
            return int(self.D.value("S-V12", "controlled_attack_sp_per_unit")) if self.flags["control"] else 0
        return int(self.D.value("R-SP-COSTS", "attack_per_sauron_unit"))

    def saruman_may_attack(self: Any, h: str) -> bool:
        """[WR §V12] Outside control Saruman's units attack only garrison-list places, and
        (R-SARUMAN2P-FIGHT-IN-self.L.isengard) in Isengard and hexes an enemy army entered."""
        if self.flags["control"]:
            return True
        listed = set(self.D.value("S-V12", "garrison_list"))
        return h in listed or h == self.L.isengard or self.units_entered(h)

    def units_entered(self: Any, h: str) -> bool:
        return any(r["hex"] == h and r["start"] != h and r["seat"] == FELLOWSHIP
                   for r in self.units.values())

    def battle_plan(self: Any, seat: str, h: str) -> dict[str, Any] | None:
        att = self.attackers_in(h, seat)
        if len(self.sides) == 2 and seat == "dark":
            ise = [u for u in att if self.spec(u).nation == "ISE"]
            if ise and not self.saruman_may_attack(h):
                att = [u for u in att if u not in ise]
        att = self.affordable(seat, att)
        att = [u for u in att if u != "DEAD-01"] + (["DEAD-01"] if "DEAD-01" in att else [])
        if not att:
            return None
        defs = self.defenders_in(h, seat)
        if not defs and seat == "sauron" and self.flags["alliance"]:
            # [WR §V13] Sauron may attack Saruman's units in a shared hex at any combat step
            # (it ends the Dark Alliance, R-ALLIANCE-END)
            defs = [u for u in self.units_in(h, "saruman") if not self.units[u]["deserted"]]
        ident = 0
        if not defs:
            if not self.place_enemy_to(h, seat):
                return None
            ident = self.defence_value(h)
            if ident <= 0:
                return None
        attack = sum(self.units[u]["str"] for u in att)
        raw = sum(self.units[u]["str"] for u in defs)
        mult_hex = h
        defence, how = battle.defence_strength(self.D, mult_hex, raw, ident)
        if defs and self.flags.get("grond") == h:
            mult = int(self.D.event_cards["grond"].effect["multiplier"])
            defence, how = raw * mult, f"{raw} × {mult} (Grond)"
        col = battle.odds_column(self.D, attack, defence)
        if col is None:
            return None
        return {"att": att, "defs": defs, "attack": attack, "defence": defence, "raw": raw,
                "ident": ident, "how": how, "column": col}

    def attack_options(self: Any, seat: str) -> list[str]:
        done = set(self.sd.get("battles", ()))       # one attack per hex per phase [WR §10.3] 1
        hexes = {r["hex"] for r in self.units.values() if r["seat"] == seat and r["hex"]
                 and not r["attacked"]} - done
        return sorted(h for h in hexes if self.battle_plan(seat, h) is not None)

    def opts_combat(self: Any, ask: dict[str, Any]) -> list[Action]:
        seat = ask["seat"]
        out: list[Action] = [{"type": "attack", "hex": h} for h in self.attack_options(seat)]
        out += self.card_actions(seat, self.step)
        out.append({"type": "done"})
        return out

    def ans_combat(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        seat = ask["seat"]
        if action["type"] == "done":
            self.sd["done"] = True
            return []
        if action["type"] == "play":
            return self.play_card(seat, action)
        return self.resolve_battle(seat, action["hex"])

    def leadership(self: Any, h: str, seat: str, units: list[str]) -> tuple[int, str | None, str]:
        """[WR §10.3] 5: the highest Morale among the eligible leaders with the force; Rangers
        give 1 with no other leader [WR §V27]."""
        elves = any(self.D.nations[self.spec(u).nation].code in ("LOR", "MIR", "LIN")
                    for u in units)
        ents_only = all(self.spec(u).nation == "ENT" for u in units)
        best, who = 0, None
        for cid, c in self.chars.items():
            if c["hex"] != h or c["seat"] != seat or not c["alive"] or c["hidden"] or c["captive"]:
                continue
            spec = self.D.characters[cid]
            if not spec.can_lead or c["citadel"] is not None:
                continue
            if elves and not (spec.elf_leader or cid in ("gandalf", "aragorn")):
                continue                                               # [WR §V25]
            if "leads-only-ents" in spec.specials and not ents_only:
                continue
            mo = spec.morale + c.get("mo", 0)
            horn = self.D.magic_cards["horn-of-the-mark"].effect
            if "horn-of-the-mark" in c["items"] and any(self.spec(u).nation in horn["leading"]
                                                        for u in units):
                mo += int(horn["leadership"])                             # [WR §11.9]
            if mo > best:
                best, who = mo, cid
        if who is None and any(self.spec(u).type == "rangers" for u in units):
            return int(self.D.value("S-V27", "leader_value_when_alone")), None, "Rangers [WR §V27]"
        return best, who, (f"{self.name(who)} (Morale {best})" if who else "no leader")

    def sorcerer_with(self: Any, h: str, seat: str) -> bool:
        for cid, c in self.chars.items():
            if c["hex"] == h and c["seat"] == seat and c["alive"] and not c["hidden"] \
                    and not c["captive"] and "sorcery" in self.D.characters[cid].specials:
                return True
        return False

    def huorns_answer(self: Any, seat: str, h: str) -> bool:
        """Huorns for the Free side defending in Rohan or area H [WR §11.7]: asked when the
        attack is declared."""
        if seat == FELLOWSHIP or "huorns" not in self.hands[FELLOWSHIP] or self.flags.get("huorns") == h:
            return False
        if not (self.W.in_region(h, "rohan") or self.W.search_area(h) == "H"):
            return False
        return bool(self.defenders_in(h, seat)) and \
            all(self.units[u]["seat"] == FELLOWSHIP for u in self.defenders_in(h, seat))

    def opts_huorns(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "play", "card": "huorns", "hex": ask["hex"]}, {"type": "pass"}]

    def ans_huorns(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        ev: list[Event] = []
        if action["type"] == "play":
            self.hands[FELLOWSHIP].remove("huorns")
            self.discards["event"].append("huorns")
            self.flags["huorns"] = ask["hex"]
            ev.append(event("card", "[WR §11.7]", "The Fellowship player plays Huorns for the "
                            f"defenders of {self.place(ask['hex'])}", card="huorns"))
        return ev + self.resolve_battle(ask["attacker"], ask["hex"], asked=True)

    def resolve_battle(self: Any, seat: str, h: str, asked: bool = False) -> list[Event]:
        D = self.D
        if not asked and self.huorns_answer(seat, h):
            self.ask = {"kind": "huorns", "seat": FELLOWSHIP, "hex": h, "attacker": seat,
                        "rule": "[WR §11.7]"}
            return [event("attack", "[WR §10.3]", f"{self.seat_name(seat)} attacks in {self.place(h)}")]
        plan = self.battle_plan(seat, h)
        assert plan is not None
        att, defs = plan["att"], plan["defs"]
        cost = sum(self.attack_cost(seat, u) for u in att)
        self.sp -= cost
        self.sd.setdefault("battles", []).append(h)
        for u in att:
            self.units[u]["attacked"] = True
        dseats = {self.units[u]["seat"] for u in defs}
        dseat = sorted(dseats)[0] if dseats else self.owner_seat_of_place(h)
        shifts = []
        if defs:
            shifts.append(battle.terrain_shift(D, self.W.terrain(h)))
        shifts.append(battle.river_shift(D, all(self.units[u]["crossed"] for u in att)))
        shifts.append(battle.sorcery_shift(D, self.sorcerer_with(h, seat),
                                           bool(dseat) and self.sorcerer_with(h, dseat)))
        naz = sum(1 for cid, c in self.chars.items() if c["hex"] == h and c["seat"] == seat
                  and c["alive"] and not c["captive"] and self.D.characters[cid].nazgul)
        others = sum(1 for cid, c in self.chars.items() if c["hex"] == h and c["seat"] == seat
                     and c["alive"] and not c["captive"] and not c["hidden"]
                     and not self.D.characters[cid].nazgul and self.D.characters[cid].can_lead)
        shifts.append(battle.fear_shift(D, naz, others))
        if "DEAD-01" in att:
            shifts.append(battle.Shift(int(D.value("R-DEAD-ARMY", "attack_shift")),
                                       "the Army of the Dead [WR §7.3]"))
        if self.flags.get("dawnless") and all(self.spec(u).kind in ("orc", "troll") for u in att):
            shifts.append(battle.Shift(int(D.event_cards["dawnless-day"].effect["shift"]),
                                       "Dawnless Day [WR §11.7]"))
        if self.flags.get("ride") and any(self.spec(u).nation == "ROH" and self.spec(u).cavalry for u in att):
            shifts.append(battle.Shift(int(D.event_cards["ride-of-the-rohirrim"].effect["shift"]),
                                       "Ride of the Rohirrim [WR §11.7]"))
        if self.flags.get("huorns") == h:
            s = int(D.event_cards["huorns"].effect["shift"])
            shifts.append(battle.Shift(s if seat == FELLOWSHIP else -s, "Huorns [WR §11.7]"))
            self.flags["huorns"] = None
        if self.flags.get("grond") == h:
            self.flags["grond"] = None
        col, used = battle.shifted(D, plan["column"], shifts)
        la, _, lwho = self.leadership(h, seat, att)
        ld, ldef, dwho = (self.leadership(h, dseat, defs) if dseat else (0, None, "no leader"))
        roll = self.dice.d6()
        die = battle.combat_die(D, roll, la, ld)
        res = battle.crt(D, die, col)
        why = "; ".join(s.why for s in used) or "no shift"
        ev = [event("battle", "[WR §10.3]",
                    f"Battle in {self.place(h)}: {plan['attack']} against {plan['how']} → "
                    f"{D.crt.columns[plan['column']]}, shifted to {D.crt.columns[col]} ({why}); "
                    f"d6 {roll} + {la} ({lwho}) − {ld} ({dwho}) = {die}: {res}"
                    + (f"; {cost} Shadow Points" if cost else ""), dice=[roll], hex=h,
                    result=str(res))]
        a_loss = battle.loss_points(D, res.attacker, plan["attack"])
        d_loss = battle.loss_points(D, res.defender, plan["raw"])
        ev += self.take_losses(att, a_loss, "attacker")
        if defs:
            ev += self.take_losses(defs, d_loss, "defender")
        elif battle.destroys_intrinsic(D, res) and h in self.defence:
            self.defence[h]["destroyed"] = True
            ev.append(event("defence", "[WR §V14]", f"The intrinsic defence of {self.place(h)} is "
                            "destroyed for ever"))
        if res.attacker_k:
            ev += self.leader_hit(h, seat, att, la_who=self.leadership(h, seat, att)[1], defending=False)
        if res.defender_k and dseat:
            ev += self.leader_hit(h, dseat, defs, la_who=ldef, defending=True)
        # [WR §10.3] 11-12 and the other consequences
        for u in att + defs:
            if self.spec(u).type == "hobbits":
                self.units[u]["fought"] = True
        nations = {self.spec(u).nation for u in defs}
        for n in sorted(nations):
            ev += self.event_mobilize("attacked", nation=n)
        if any(self.spec(u).nation == "ENT" for u in att) and h == self.L.isengard:
            ev += self.ents_negate()
        if "DEAD-01" in att:
            self.flags["dead_combats"] += 1
            if self.flags["dead_combats"] >= int(D.value("R-DEAD-ARMY", "leaves_after_combats")):
                self.units["DEAD-01"].update(hex=None, str=0, gone=True)
                ev.append(event("dead", "[WR §7.3]", "The Army of the Dead leaves play after its "
                                "second combat"))
        if len(self.sides) == 3 and seat in ("sauron", "saruman") and dseat in ("sauron", "saruman") \
                and self.flags["alliance"]:
            self.flags["alliance"] = False
            ev.append(event("alliance", "[WR §V13]", "Sauron attacks Saruman: the Dark Alliance ends "
                            "for good (R-ALLIANCE-END)"))
        # rout [WR §V32]
        survivors = [u for u in defs if self.units[u]["str"] > 0]
        far = any(self.units[u]["start"] and hx.distance(self.units[u]["start"], h) >= 2 for u in att)
        if survivors and battle.routs(D, res, far):
            ev += self.rout(survivors, h, seat)
        ev += self.update_control(h)
        return ev

    def owner_seat_of_place(self: Any, h: str) -> str | None:
        owner = self.place_owner(h)
        if owner == "free":
            return FELLOWSHIP
        if owner in ("sauron", "saruman", "dark"):
            return self.seat_of("sauron" if owner == "dark" else owner)
        return None

    def take_losses(self: Any, units: list[str], points: int, who: str) -> list[Event]:
        """[WR §10.3] 7 (R-LOSS-ALLOC): loss points from the force's units — here from the
        strongest first (the engine's choice for the owner; the Army of the Dead takes none)."""
        if points <= 0:
            return []
        left = points
        hit = []
        for u in sorted(units, key=lambda x: (-self.units[x]["str"], x)):
            if left <= 0:
                break
            if u == "DEAD-01":
                continue
            r = self.units[u]
            take = min(left, r["str"])
            r["str"] -= take
            left -= take
            hit.append(f"{self.name(u)} −{take}" + (" (eliminated)" if r["str"] <= 0 else ""))
            if r["str"] <= 0:
                r["hex"] = None
                r["gone"] = True
        ev = [event("losses", "[WR §10.3]", f"The {who} loses {points} strength: {', '.join(hit)}")]
        for cap, info in list(self.captives.items()):                # [WR §10.2.4]
            if not any(self.units[u]["hex"] == info["hex"] and self.units[u]["str"] > 0
                       for u in info["escort"]):
                ev += self.free_captive(cap, "its escort is gone [WR §10.2.4]")
        return ev

    def leader_hit(self: Any, h: str, seat: str, units: list[str], la_who: str | None,
                   defending: bool) -> list[Event]:
        """[WR §10.3] 8 (R-K-PROCEDURE)."""
        if defending and self.defence_value(h) > 0:
            return [event("k", "[WR §V14]", "k: the defending leaders ignore it while the place's "
                          "intrinsic defence stands")]
        rangers = [u for u in units if self.spec(u).type == "rangers" and self.units[u]["str"] > 0]
        if rangers:
            r = self.units[rangers[0]]
            r.update(str=0, hex=None, gone=True)
            return [event("k", "[WR §V27]", f"k: {self.name(rangers[0])} absorbs the leader loss "
                          "and is destroyed")]
        who = la_who
        if who is None:
            cands = [c for c, r in sorted(self.chars.items()) if r["hex"] == h and r["seat"] == seat
                     and r["alive"] and not r["hidden"] and not r["captive"]]
            if not cands:
                return []
            who = cands[0]
        die = self.dice.d6()
        naz = self.D.characters[who].nazgul
        effect, amount, text = duel.leader_loss(self.D, die, naz)
        ev = [event("k", "[WR §11.5]", f"k: {self.name(who)} — {text}", dice=[die])]
        if effect == "killed":
            ev += self.kill_char(who, "leader loss [WR §11.5]", killer_seat=None)
        elif effect == "dispersed":
            ev += self.disperse(who)
        elif effect == "endurance":
            c = self.chars[who]
            c["e"] += amount
            if c["e"] <= 0:
                ev += self.kill_char(who, "leader loss [WR §11.5]", killer_seat=None)
        return ev

    def rout(self: Any, units: list[str], h: str, attacker: str) -> list[Event]:
        """[WR §10.5] [WR §V32]: every defending unit routs at once, its full MF, each hex
        farther from the battle, never into enemy armies (R-ROUT-PATH: the engine walks the
        farthest step first); its leaders go along."""
        seat = self.units[units[0]]["seat"]
        mf = min(self.unit_mf(u) for u in units)
        enemy = {x for x, ss in self.armies_at().items() if any(self.enemies(s, seat) for s in ss)}
        from .movement import steps_from
        table = steps_from(self.W, "army", self.passes_open("army"))
        cur, spent, path = h, 0.0, [h]
        while True:
            d0 = hx.distance(h, cur)
            opts = [(b, c) for b, c, _r, _v in table.get(cur, ()) if hx.distance(h, b) > d0
                    and b not in enemy and spent + c <= mf + 1e-9]
            if not opts:
                break
            b, c = min(opts, key=lambda x: (x[1], x[0]))
            spent += c
            cur = b
            path.append(b)
        if cur == h:
            return [event("rout", "[WR §V32]", f"The defenders in {self.place(h)} rout but cannot move")]
        for u in units:
            self.units[u]["hex"] = cur
        for c in self.chars.values():
            if c["hex"] == h and c["seat"] == seat and c["alive"] and not c["hidden"] and not c["captive"]:
                c["hex"] = cur
                c["seen"] = cur
        return [event("rout", "[WR §V32]", f"Rout! The defenders flee {self.place(h)} → "
                      f"{self.place(cur)}", path=path)]

    def ents_negate(self: Any) -> list[Event]:
        d = self.defence.get(self.L.isengard)
        if d is None or d["destroyed"]:
            return []
        d["destroyed"] = True
        return [event("defence", "[WR §V14]", "The Ents negate Isengard's intrinsic defence for ever "
                      "(R-ENTS-NEGATE)")]

    def end_combat_phase(self: Any, seat: str) -> list[Event]:
        """[WR §8.1] (R-ALONE-WITH-ARMIES) Characters alone with enemy army units at the end of
        a combat phase: a Free one suffers a capture attempt, then moves 1 hex away; a Nazgûl
        is dispersed; another Dark one is killed (Saruman in Isengard is besieged)."""
        ev: list[Event] = []
        for cid, c in sorted(self.chars.items()):
            if not c["alive"] or c["hidden"] or c["captive"] or not c["hex"] or not c["seat"]:
                continue
            h = c["hex"]
            if not self.enemy_army_in(h, c["seat"]) or self.units_in(h, c["seat"]):
                continue
            if any(self.units[u]["seat"] == c["seat"] for u in self.units_in(h)):
                continue
            if c["seat"] == FELLOWSHIP:
                hunters = sorted({self.units[u]["seat"] for u in self.units_in(h)
                                  if self.enemies(self.units[u]["seat"], FELLOWSHIP)})
                if self.wearer() != cid and hunters:
                    ev += self.capture_attempt(hunters[0], cid, free_attempt=True)
                if not self.chars[cid]["captive"] and self.chars[cid]["alive"]:
                    ev += self.step_away(cid)
            elif self.D.characters[cid].nazgul:
                ev += self.disperse(cid)
            elif cid == "saruman" and h == self.L.isengard:
                continue
            elif not (self.ring["succumbed"] and cid == self.ring["bearer"]):
                ev += self.kill_char(cid, "alone with enemy armies [WR §8.1]", killer_seat=None)
        return ev

    def step_away(self: Any, cid: str) -> list[Event]:
        c = self.chars[cid]
        h = c["hex"]
        for b in sorted(self.W.adjacent(h)):
            if self.W.is_land(b) and self.W.terrain_cost(b, "character") is not None \
                    and not self.enemy_army_in(b, c["seat"]):
                c["hex"] = b
                c["seen"] = b
                return [event("move", "[WR §8.1]", f"{self.name(cid)} slips away to {self.place(b)}")]
        return []

    def disperse(self: Any, cid: str) -> list[Event]:
        """[WR §8.1] A dispersed Nazgûl is placed in Barad-dûr, unable to move next turn."""
        c = self.chars[cid]
        ev: list[Event] = []
        if self.ring["bearer"] == cid:
            # a Nazgûl carrying the Ring drops it to the Free character who dispersed him (the
            # most resistant one in the hex); with none there it goes with him [WR §8.1]
            free = [m for m, r in self.chars.items() if r["hex"] == c["hex"] and r["alive"]
                    and r["seat"] == FELLOWSHIP and not r["captive"]]
            if free:
                heir = max(free, key=lambda m: ((self.chars[m]["rr"] or 0), m))
                self.ring.update(bearer=heir, held_by=FELLOWSHIP, worn=False, claim=False)
                ev.append(event("ring", "[WR §8.1]", f"{self.name(cid)} drops the Ring: "
                                f"{self.name(heir)} takes it", reveal=True))
        c.update(hex=self.L.barad_dur, grounded=2, seen=self.L.barad_dur)
        c["e"] = max(c["e"], 1)
        return [event("disperse", "[WR §8.1]", f"{self.name(cid)} is dispersed to Barad-dûr")] + ev

    def kill_char(self: Any, cid: str, why: str, killer_seat: str | None) -> list[Event]:
        c = self.chars[cid]
        h = c["hex"]
        was_hidden = c["hidden"]
        c.update(alive=False, hidden=False, captive=None)
        self.captives.pop(cid, None)
        if was_hidden:
            # [WR §12] a hidden character dying unseen (the Ring's burden) tells the others
            # only that he is dead, not where his companions hide
            ev = [event("killed", "[WR §10.4]", f"{self.name(cid)} is dead ({why})", reveal=True),
                  event("killed", "[WR §10.4]", f"(hidden) {self.name(cid)} died in {self.place(h)}",
                        visible_to=FELLOWSHIP)]
        else:
            ev = [event("killed", "[WR §10.4]", f"{self.name(cid)} is killed in {self.place(h)} "
                        f"({why})", reveal=True)]
        if self.ring["bearer"] == cid and not self.ring["destroyed"]:
            ev += self.pass_ring(cid, h, killer_seat)
        c["hex"] = None
        return ev

    def pass_ring(self: Any, cid: str, h: str | None, killer_seat: str | None) -> list[Event]:
        """[WR §10.4] 6 (R-RING-PASS): to another Free character in the hex (the most
        resistant, the owner's choice made by the engine), else to the killer's side."""
        seat = self.chars[cid]["seat"]
        mates = [m for m, r in self.chars.items() if m != cid and r["alive"] and r["hex"] == h
                 and r["seat"] == seat and not r["captive"] and seat == FELLOWSHIP]
        self.ring.update(worn=False, worn_turns=0, claim=False, area=None)
        if mates:
            heir = max(mates, key=lambda m: ((self.chars[m]["rr"] or 0), m))
            self.ring.update(bearer=heir, held_by=seat)
            return [event("ring", "[WR §10.4]", f"The Ring passes to {self.name(heir)}",
                          visible_to=FELLOWSHIP if self.chars[heir]["hidden"] else None)]
        taker = None
        for m, r in self.chars.items():
            if r["alive"] and r["hex"] == h and killer_seat and r["seat"] == killer_seat:
                taker = m
                break
        if taker is None:
            for m, r in sorted(self.chars.items()):
                if r["alive"] and r["hex"] == h and r["seat"] and r["seat"] != FELLOWSHIP:
                    taker = m
                    break
        if taker is None:
            self.ring.update(bearer=None, held_by=None, lost_at=h)
            return [event("ring", "[WR §10.4]", f"The Ring lies in {self.place(h)}", reveal=True)]
        self.ring.update(bearer=taker, held_by=self.chars[taker]["seat"])
        return [event("ring", "[WR §10.4]", f"{self.name(taker)} takes the Ring!", reveal=True)]

    # ----- capture, escape, rescue, conversion [WR §10.8] ---------------------------------------
    def capture_targets(self: Any, seat: str) -> list[str]:
        out = []
        tried = self.sd.setdefault("tried", [])
        for cid, c in sorted(self.chars.items()):
            if c["seat"] != FELLOWSHIP or not c["alive"] or c["hidden"] or c["captive"] or cid in tried:
                continue
            h = c["hex"]
            if not h or self.units_in(h, FELLOWSHIP) or self.wearer() == cid:
                continue
            if any(self.units[u]["seat"] == seat for u in self.units_in(h)):
                out.append(cid)
        return out

    def capture_attempt(self: Any, seat: str, cid: str, free_attempt: bool = False) -> list[Event]:
        """[WR §10.8.1] d6 + modifiers ≤ 1 + ⌊enemy strength ÷ 10⌋ (at most 5)."""
        self.sd.setdefault("tried", []).append(cid)
        c = self.chars[cid]
        h = c["hex"]
        escort = [u for u in self.units_in(h) if self.units[u]["seat"] == seat]
        strength = sum(self.units[u]["str"] for u in escort)
        die = self.dice.d6()
        roll = hunt.capture(self.D, die, strength, self.D.characters[cid].combat,
                            self.W.terrain(h) in ("rough", "forest"))
        text = (f"Capture attempt on {self.name(cid)} in {self.place(h)}: d6 {die}{roll.modifier:+d} "
                f"against {roll.target} ({roll.why})")
        if not roll.success:
            return [event("capture", "[WR §10.8.1]", text + ": fails", dice=[die])]
        c["captive"] = seat
        self.captives[cid] = {"hex": h, "escort": escort, "seat": seat, "failed": False}
        ev = [event("capture", "[WR §10.8.1]", text + f": {self.name(cid)} is captured!",
                    dice=[die], reveal=True)]
        if self.ring["bearer"] == cid:
            self.ring.update(held_by=seat, worn=False, claim=False)
            ev.append(event("ring", "[WR §10.8.1]", "The Ring is taken with its bearer (R-RING-PASS)"))
        return ev

    def capture_or_answer(self: Any, seat: str, cid: str) -> list[Event]:
        """A capture attempt on the Ring-bearer waits for his answer: he may put the Ring on
        first (R-RING-WEAR-TIMING), and a wearer cannot be captured (R-WEAR-EFFECTS)."""
        key = "answered_capture_" + cid
        if cid == self.ring["bearer"] and not self.ring["worn"] and not self.sd.get(key) \
                and any(a["type"] == "put_on" for a in self.ring_actions()):
            self.sd[key] = True
            self.queue.insert(0, {"kind": "capture_after_ring", "seat": seat, "target": cid,
                                  "rule": "[WR §10.8.1]"})
            self.ask = {"kind": "ring_answer", "seat": FELLOWSHIP, "rule": "[WR §10.9.2]",
                        "why": "about to be captured"}
            return [event("capture", "[WR §10.8.1]", f"{self.seat_name(seat)} tries to capture "
                          f"{self.name(cid)}")]
        return self.capture_attempt(seat, cid)

    def opts_capture_after_ring(self: Any, ask: dict[str, Any]) -> list[Action]:
        c = self.chars[ask["target"]]
        if not c["alive"] or c["captive"]:
            return []
        return [{"type": "withdraw"}] if self.wearer() == ask["target"] else [{"type": "capture"}]

    def ans_capture_after_ring(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "withdraw":
            self.sd.setdefault("tried", []).append(ask["target"])
            return [event("capture", "[WR §10.9.3]", f"{self.name(ask['target'])} wears the Ring: "
                          "armies cannot capture him (R-WEAR-EFFECTS)")]
        return self.capture_attempt(ask["seat"], ask["target"])

    def free_captive(self: Any, cid: str, why: str) -> list[Event]:
        self.captives.pop(cid, None)
        c = self.chars[cid]
        c["captive"] = None
        c["hidden"] = False
        if self.ring["bearer"] == cid and not self.ring["succumbed"]:
            self.ring["held_by"] = FELLOWSHIP
        return [event("freed", "[WR §10.8]", f"{self.name(cid)} is free: {why}")]

    def escape_rolls(self: Any) -> list[Event]:
        """[WR §10.8.2] No escape from Barad-dûr; from Isengard only by the Eagles card."""
        ev: list[Event] = []
        for cid, info in sorted(self.captives.items()):
            h = info["hex"]
            info["failed"] = False
            if h == self.L.barad_dur or h == self.L.isengard:
                info["failed"] = True
                continue
            die = self.dice.d6()
            strength = sum(self.units[u]["str"] for u in info["escort"] if self.units[u]["hex"] == h)
            roll = hunt.escape(self.D, die, self.D.characters[cid].combat, h in self.D.citadels,
                               strength)
            text = (f"Escape roll for {self.name(cid)}: d6 {die}{roll.modifier:+d} against "
                    f"{roll.target} ({roll.why})")
            if roll.success:
                ev.append(event("escape", "[WR §10.8.2]", text + ": escapes!", dice=[die]))
                ev += self.free_captive(cid, "escaped")
                ev += self.place_escaper(cid, h)
            else:
                info["failed"] = True
                ev.append(event("escape", "[WR §10.8.2]", text + ": fails", dice=[die]))
        return ev

    def place_escaper(self: Any, cid: str, h: str) -> list[Event]:
        c = self.chars[cid]
        for b in sorted(self.W.adjacent(h)):
            if self.W.is_land(b) and self.W.terrain_cost(b, "character") is not None \
                    and not self.enemy_army_in(b, FELLOWSHIP) and \
                    not any(self.enemies(s, FELLOWSHIP) for s in self.chars_at().get(b, ())):
                hidden_now = sum(1 for r in self.chars.values() if r["hidden"] and r["alive"])
                if hidden_now < int(self.D.value("S-V1", "max_hidden")):
                    c.update(hex=b, hidden=True)
                    return [event("escape", "[WR §10.8.2]", f"{self.name(cid)} slips away, hidden")]
                c.update(hex=b, seen=b)
                return []
        return []

    def rescue_options(self: Any, seat: str) -> list[str]:
        out = []
        for cid, info in sorted(self.captives.items()):
            h = info["hex"]
            if not info.get("failed") or h in self.D.citadels or h == self.L.barad_dur:
                continue                                  # [WR §V3]
            if cid in self.sd.get("rescued_tried", []):
                continue
            if self.rescuers(h):
                out.append(cid)
        return out

    def rescuers(self: Any, h: str) -> list[str]:
        return [m for m, r in sorted(self.chars.items()) if r["hex"] == h and r["alive"]
                and r["seat"] == FELLOWSHIP and not r["captive"]]

    def opts_rescue(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "rescue", "captive": c} for c in self.rescue_options(FELLOWSHIP)] + \
            self.card_actions(FELLOWSHIP, "5a") + [{"type": "done"}]

    def ans_rescue(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        """[WR §10.8.3] [WR §V3] 2d6 ≤ Σ(C + Mo) of the rescuers − the captors' strength."""
        if action["type"] == "done":
            self.sd["done"] = True
            return []
        if action["type"] == "play":
            return self.play_card(FELLOWSHIP, action)
        cid = action["captive"]
        self.sd.setdefault("rescued_tried", []).append(cid)
        info = self.captives[cid]
        h = info["hex"]
        team = self.rescuers(h)
        vals = [(self.D.characters[m].combat, self.D.characters[m].morale) for m in team]
        captors = sum(self.units[u]["str"] for u in info["escort"] if self.units[u]["hex"] == h)
        captors += sum(self.D.characters[m].combat for m, r in self.chars.items()
                       if r["hex"] == h and r["alive"] and r["seat"] == info["seat"] and not r["captive"])
        dice = self.dice.roll(2)
        roll, die_all = hunt.rescue(self.D, (dice[0], dice[1]), vals, captors)
        for m in team:
            self.reveal(m)
        text = (f"Rescue of {self.name(cid)} by {', '.join(self.name(m) for m in team)}: 2d6 "
                f"{sum(dice)} against {roll.target} ({roll.why})")
        if roll.success:
            return [event("rescue", "[WR §V3]", text + ": rescued!", dice=dice, reveal=True)] + \
                self.free_captive(cid, "rescued")
        ev = [event("rescue", "[WR §V3]", text + ": fails", dice=dice, reveal=True)]
        if die_all:
            for m in team:
                ev += self.kill_char(m, "a raw 12 on a rescue [WR §V3]", killer_seat=info["seat"])
        return ev

    def convert_options(self: Any) -> list[str]:
        """[WR §V13] One captured leader held in Isengard a turn; never the Ring-bearer,
        Gandalf, Elrond or Galadriel (R-CONVERT-EXCLUSIONS)."""
        if len(self.sides) != 3 or self.sd.get("converted"):
            return []
        never = set(self.D.value("R-CONVERT-EXCLUSIONS", "never"))
        out = []
        for cid, info in sorted(self.captives.items()):
            if info["hex"] != self.L.isengard or info["seat"] != "saruman":
                continue
            if cid in never or ("ring-bearer" in never and self.ring["bearer"] == cid):
                continue
            if not self.D.characters[cid].can_lead:
                continue
            out.append(cid)
        return out

    def convert(self: Any, cid: str) -> list[Event]:
        self.sd["converted"] = True
        self.captives.pop(cid, None)
        c = self.chars[cid]
        c.update(captive=None, seat="saruman", hidden=False)
        return [event("convert", "[WR §V13]", f"{self.name(cid)} is converted: he serves Saruman now")]

    # ----- individual combat [WR §10.4] --------------------------------------------------------
    def fighter(self: Any, pid: str) -> duel.Fighter:
        if pid in self.units:
            return duel.fighter_from_unit(self.D, base_id(pid), self.units[pid]["str"])
        if pid.startswith("monster:"):
            h = pid.split(":", 1)[1]
            m = self.monsters[h]
            return duel.fighter_from_monster(self.D, m["card"], m["e"])
        c = self.chars[pid]
        items = tuple(c["items"]) + (("the-one-ring",) if self.ring["bearer"] == pid else ())
        wearing = self.wearer() == pid
        f = duel.fighter_from_character(self.D, pid, c["e"], items, wearing=wearing,
                                        claimant=wearing and self.ring["claim"], shadow=c["shadow"])
        if c.get("cm"):
            f = dataclasses.replace(f, combat=f.combat + c["cm"])     # Gandalf the White [WR §11.7]
        if pid == "gollum" and self.gollum["state"] == "has-ring":
            # [WR §10.9.5] with the Ring he is a Dark Power piece, and may be fought like one
            f = dataclasses.replace(f, side="dark")
        elif len(self.sides) == 3 and c["seat"] == "saruman":
            # [WR §V13] Saruman's own are a side of their own (they fight the Nazgûl once the
            # Dark Alliance has ended; while it holds the game never pairs them)
            f = dataclasses.replace(f, side="saruman")
        return f

    def duel_options(self: Any, seat: str) -> list[Action]:
        out: list[Action] = []
        fought = self.sd.setdefault("fought", [])
        mine = [(cid, c) for cid, c in sorted(self.chars.items()) if c["seat"] == seat and c["alive"]
                and not c["hidden"] and not c["captive"] and c["hex"] and cid not in fought
                and c["citadel"] is None]
        for cid, c in mine:
            for tid, t in sorted(self.chars.items()):
                if t["hex"] != c["hex"] or not t["alive"] or t["hidden"] or t["captive"] \
                        or not self.enemies(t["seat"], seat) or tid in fought:
                    continue
                if duel.may_fight(self.D, self.fighter(cid), self.fighter(tid)) is None:
                    out.append({"type": "challenge", "lead": cid, "target": tid})
        if self.seat_faction(seat) == "dark":
            out += [{"type": "capture", "target": t} for t in self.capture_targets(seat)]
        out += self.card_actions(seat, self.step)
        return out

    def saruman_ring_actions(self: Any, seat: str) -> list[Action]:
        """[WR §10.9.4] [WR §V10] In the three-player game Saruman, bearing the Ring, may put it
        on and claim its power (the claim ends the Dark Alliance, R-ALLIANCE-END)."""
        r = self.ring
        b = r["bearer"]
        if len(self.sides) != 3 or seat != "saruman" or b != "saruman" or r["destroyed"] \
                or r["held_by"] != "saruman":
            return []
        c = self.chars[b]
        if not c["alive"] or c["captive"]:
            return []
        if not r["worn"]:
            return [{"type": "put_on"}]
        return [] if r["claim"] else [{"type": "claim"}]

    def opts_duels(self: Any, ask: dict[str, Any]) -> list[Action]:
        return self.duel_options(ask["seat"]) + [{"type": "done"}]

    def ans_duels(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        seat = ask["seat"]
        kind = action["type"]
        if kind == "done":
            self.sd["done"] = True
            return []
        if kind == "capture":
            return self.capture_or_answer(seat, action["target"])
        if kind == "play":
            return self.play_card(seat, action)
        return self.challenge(seat, action["lead"], action["target"])

    def challenge(self: Any, seat: str, lead: str, target: str) -> list[Event]:
        """[WR §10.4] A challenge; a Nazgûl may refuse by flying to a Dark Power citadel
        (R-NAZGUL-REFUSE), not west of the Anduin before Mordor mobilizes [WR §V31]."""
        h = self.chars[lead]["hex"] if lead in self.chars else self.units[lead]["hex"]
        ev = [event("challenge", "[WR §10.4]", f"{self.name(lead)} challenges {self.name(target)} "
                    f"in {self.place(h)}")]
        if target == self.ring["bearer"] and not self.ring["worn"] and self.ring_actions() \
                and not self.sd.get("answered_" + lead + target):
            # R-RING-WEAR-TIMING: the bearer may put the Ring on before the challenge is met;
            # then only a Nazgûl may fight him [WR §10.9.3]
            self.sd["answered_" + lead + target] = True
            self.queue.insert(0, {"kind": "challenge_after_ring", "seat": seat, "lead": lead,
                                  "target": target, "rule": "[WR §10.9.2]"})
            self.ask = {"kind": "ring_answer", "seat": FELLOWSHIP, "rule": "[WR §10.9.2]",
                        "why": "challenged"}
            return ev
        if target in self.chars and self.D.characters[target].nazgul and \
                ("MOR" in self.mobilized or not self.W.in_region(h, "west-of-anduin")):
            self.ask = {"kind": "refuse", "seat": self.chars[target]["seat"], "lead": lead,
                        "target": target, "phasing": seat, "rule": "[WR §8.1]"}
            return ev
        return ev + self.begin_duel(seat, lead, target)

    def opts_challenge_after_ring(self: Any, ask: dict[str, Any]) -> list[Action]:
        """The challenge goes on if the pair may still fight once the Ring is (or is not) on."""
        lead, target = ask["lead"], ask["target"]
        for p in (lead, target):
            c = self.chars.get(p)
            if c is not None and (not c["alive"] or c["captive"]):
                return []
        if duel.may_fight(self.D, self.fighter(lead), self.fighter(target)) is not None:
            return [{"type": "withdraw"}]
        return [{"type": "fight"}]

    def ans_challenge_after_ring(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "withdraw":
            return [event("challenge", "[WR §10.9.3]", f"{self.name(ask['target'])} wears the Ring: "
                          f"{self.name(ask['lead'])} cannot fight him")]
        return self.challenge(ask["seat"], ask["lead"], ask["target"])

    def opts_refuse(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "accept"}, {"type": "refuse"}]

    def ans_refuse(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "refuse":
            t = ask["target"]
            self.sd.setdefault("fought", []).append(t)
            self.chars[t].update(hex=self.L.barad_dur, seen=self.L.barad_dur)
            return [event("refuse", "[WR §8.1]", f"{self.name(t)} refuses and flies to Barad-dûr "
                          "(R-NAZGUL-REFUSE)")]
        return self.begin_duel(ask["phasing"], ask["lead"], ask["target"])

    def begin_duel(self: Any, phasing: str, a: str, b: str) -> list[Event]:
        self.duel = {"a": a, "b": b, "round": 0, "phasing": phasing, "used_a": False,
                     "used_b": False}
        fought = self.sd.setdefault("fought", [])
        for p in (a, b):
            if p in self.chars:
                fought.append(p)
                if self.chars[p]["hidden"]:
                    self.reveal(p)
        return self.duel_round()

    def supporters(self: Any, lead: str) -> int:
        if lead not in self.chars:
            return 0
        c = self.chars[lead]
        n = sum(1 for m, r in self.chars.items() if m != lead and r["hex"] == c["hex"]
                and r["seat"] == c["seat"] and r["alive"] and not r["hidden"] and not r["captive"])
        return min(n, int(self.D.value("R-IC-PROCEDURE", "max_supporters")))

    def duel_round(self: Any) -> list[Event]:
        d = self.duel
        d["round"] += 1
        fa, fb = self.fighter(d["a"]), self.fighter(d["b"])
        da, db = self.dice.d6(), self.dice.d6()
        r = duel.fight_round(self.D, fa, fb, da, db, self.supporters(d["a"]), self.supporters(d["b"]),
                             d["used_a"], d["used_b"])
        ev = [event("duel", "[WR §10.4]", f"Round {d['round']}: {'; '.join(r.log)}", dice=[da, db],
                    reveal=True)]
        over = False
        if r.winner is not None:
            win, lose = (d["a"], d["b"]) if r.winner == "a" else (d["b"], d["a"])
            if r.absorbed:
                d["used_b" if r.winner == "a" else "used_a"] = True
            if win in self.chars and self.chars[win]["citadel"] is not None:
                # [WR §8.1] in its citadel it defends as normal but inflicts no damage
                ev.append(event("duel", "[WR §8.1]", f"{self.name(win)} wins the round but, staying "
                                "in a citadel after a real wound, inflicts no damage"))
            elif r.seizure_possible:
                ev += self.seize_ring(win, lose)
                over = True
            else:
                ev += self.wound(lose, r, win)
                over = r.fate is not None
                if r.to_citadel and win in self.chars:
                    ev += self.to_citadel(win)
                    over = True                         # he leaves the fight [WR §8.1]
        if over or d["round"] >= int(self.D.value("R-IC-PROCEDURE", "rounds")):
            self.duel = None
            return ev + [event("duel", "[WR §10.4]", "The combat ends")]
        if r.winner is not None:
            loser = "b" if r.winner == "a" else "a"
            if self.lead_choices(loser):
                # [WR §10.4] 3 (R-IC-PROCEDURE loser_may_change_lead)
                self.ask = {"kind": "new_lead", "seat": self.seat_of_piece(d[loser]), "side": loser,
                            "rule": "[WR §10.4]"}
                return ev
        self.ask = {"kind": "duel_round", "seat": d["phasing"], "rule": "[WR §10.4]"}
        return ev

    def lead_choices(self: Any, side: str) -> list[str]:
        """Characters of the losing lead's side in the hex who may take over the fight."""
        d = self.duel
        lead, other = d[side], d["b" if side == "a" else "a"]
        if lead not in self.chars or not self.D.value("R-IC-PROCEDURE", "loser_may_change_lead"):
            return []
        c = self.chars[lead]
        out = []
        for m, r in sorted(self.chars.items()):
            if m == lead or r["hex"] != c["hex"] or r["seat"] != c["seat"] or not r["alive"] \
                    or r["hidden"] or r["captive"] or r["citadel"] is not None:
                continue
            if duel.may_fight(self.D, self.fighter(m), self.fighter(other)) is None:
                out.append(m)
        return out

    def opts_new_lead(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "keep_lead"}] + [{"type": "new_lead", "piece": m}
                                          for m in self.lead_choices(ask["side"])]

    def ans_new_lead(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        d = self.duel
        ev: list[Event] = []
        if action["type"] == "new_lead":
            old, d[ask["side"]] = d[ask["side"]], action["piece"]
            d["used_" + ask["side"]] = False
            self.sd.setdefault("fought", []).append(action["piece"])
            ev.append(event("duel", "[WR §10.4]", f"{self.name(action['piece'])} takes "
                            f"{self.name(old)}'s place in the fight"))
        self.ask = {"kind": "duel_round", "seat": d["phasing"], "rule": "[WR §10.4]"}
        return ev

    def wound(self: Any, pid: str, r: duel.Round, by: str) -> list[Event]:
        if pid.startswith("monster:"):
            h = pid.split(":", 1)[1]
            self.monsters[h]["e"] = r.after
            if r.fate:
                self.monsters.pop(h, None)
                return [event("monster", "[WR §10.10]", "The monster is slain")]
            return []
        if pid in self.units:
            u = self.units[pid]
            u["str"] = max(0, r.after or 0)
            if u["str"] <= 0:
                u.update(hex=None, gone=True)
            return []
        c = self.chars[pid]
        c["e"] = r.after if r.after is not None else c["e"]
        c["shadow"] += r.shadow
        if self.D.characters[pid].nazgul and r.real:
            c["real"] = c.get("real", 0) + r.real       # [WR §8.1] real wounds never heal
        if r.fate == "dispersed":
            return self.disperse(pid)
        if r.fate in ("killed", "destroyed"):
            return self.kill_char(pid, f"slain by {self.name(by)}", killer_seat=self.seat_of_piece(by))
        return []

    def seat_of_piece(self: Any, pid: str) -> str | None:
        if pid in self.units:
            return self.units[pid]["seat"]
        if pid in self.chars:
            return self.chars[pid]["seat"]
        return None

    def to_citadel(self: Any, cid: str) -> list[Event]:
        """[WR §V5] [WR §V6] (R-CITADEL-NEAREST, R-D6-ON-ARRIVAL): to the nearest citadel its
        side holds, there for d6 turns (here placed there at once)."""
        c = self.chars[cid]
        own = [h for h in self.D.citadels if self.place_owner(h) == "free"]
        if not own:
            return []
        best = min(own, key=lambda x: (hx.distance(c["hex"], x), x))
        die = self.dice.d6()
        c.update(hex=best, citadel=die, seen=best, hidden=False)
        return [event("citadel", "[WR §V5]", f"{self.name(cid)} withdraws to {self.place(best)} for "
                      f"{die} turns", dice=[die])]

    def seize_ring(self: Any, taker: str, bearer: str) -> list[Event]:
        self.ring.update(bearer=taker, held_by=self.seat_of_piece(taker), worn=False, claim=False)
        return [event("ring", "[WR §10.4]", f"{self.name(taker)} seizes the Ring from "
                      f"{self.name(bearer)}! (R-RING-SEIZE-4)", reveal=True)]

    def opts_duel_round(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "fight_on"}, {"type": "break_off"}]

    def ans_duel_round(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "break_off":
            self.duel = None
            return [event("duel", "[WR §10.4]", "The challenger breaks off the combat")]
        return self.duel_round()

    # ----- the hunt after a spot [WR §10.7.2] [WR §10.7.3] ---------------------------------------
    def hunt_options_at(self: Any, h: str, seat: str, group: list[str]) -> list[Action]:
        out: list[Action] = []
        present = [c for c in group if self.chars[c]["alive"] and self.chars[c]["hex"] == h
                   and not self.chars[c]["captive"]]
        if not present:
            return []
        mine_units = [u for u in self.units_in(h) if self.units[u]["seat"] == seat]
        if mine_units and not self.units_in(h, FELLOWSHIP):
            out += [{"type": "hunt", "how": "capture", "target": c} for c in present
                    if self.wearer() != c]
        hunters = [cid for cid, r in sorted(self.chars.items()) if r["hex"] == h and r["seat"] == seat
                   and r["alive"] and not r["captive"]]
        hunters += [u for u in mine_units if self.spec(u).kind in self.D.value("R-IC-ORC-UNITS", "kinds")]
        for hunter in hunters:
            for c in present:
                if duel.may_fight(self.D, self.fighter(hunter), self.fighter(c)) is None:
                    out.append({"type": "hunt", "how": "challenge", "with": hunter, "target": c})
        return out

    def opts_hunt(self: Any, ask: dict[str, Any]) -> list[Action]:
        opts = self.hunt_options_at(ask["hex"], ask["seat"], ask["pieces"])
        return opts + [{"type": "hunt", "how": "none"}] if opts else []

    def ans_hunt(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        how = action["how"]
        if how == "none":
            return [event("hunt", "[WR §10.7.2]", "The hunters let them be")]
        if how == "capture":
            return self.capture_or_answer(ask["seat"], action["target"])
        return self.challenge(ask["seat"], action["with"], action["target"])

    # ----- Eye and Magic sites [WR §10.10] -------------------------------------------------------
    def enter_sites(self: Any, cid: str, h: str) -> tuple[list[Event], bool]:
        ev: list[Event] = []
        stop = False
        if h in self.monsters:
            ev += self.monster_fight(cid, h)
            return ev, True
        card = self.sites["eye"].pop(h, None)
        if card is not None:
            spec = self.D.eye_cards[card]
            if spec.effect == "fight":
                self.monsters[h] = {"card": card, "e": spec.endurance}
                ev.append(event("eye", "[WR §10.10]", f"An Eye site in {self.place(h)}: {spec.name}!",
                                reveal=True))
                ev += self.monster_fight(cid, h)
                stop = True
            elif spec.effect == "reveal":
                for m, r in self.chars.items():
                    if r["hex"] == h and r["hidden"] and r["seat"] == FELLOWSHIP:
                        self.reveal(m)
                ev.append(event("eye", "[WR §10.10]", f"An Eye site in {self.place(h)}: {spec.name} — "
                                "the group is revealed", reveal=True))
                stop = True
            else:
                ev.append(event("eye", "[WR §10.10]", f"An Eye site in {self.place(h)}: {spec.name} "
                                "(no effect)", visible_to=FELLOWSHIP))
        if self.chars[cid]["alive"]:
            ev += self.take_magic(cid, h)
        return ev, stop

    def take_magic(self: Any, cid: str, h: str) -> list[Event]:
        """The first Free character to enter a Magic site takes its card (a site dealt a
        second card, as Lórien beside its Phial [WR §5.8], gives one card per entry)."""
        for key in (h, h + "+"):
            card = self.sites["magic"].get(key)
            if card is None:
                continue
            spec = self.D.magic_cards[card]
            if spec.user and spec.user != cid:
                continue                                               # R-SITE-FIXED-USER
            return self._take(cid, h, key, card)
        return []

    def _take(self: Any, cid: str, h: str, key: str, card: str) -> list[Event]:
        spec = self.D.magic_cards[card]
        self.sites["magic"].pop(key)
        self.chars[cid]["items"].append(card)
        hidden = self.chars[cid]["hidden"]
        return [event("magic", "[WR §10.10]", f"{self.name(cid)} takes {spec.name} in {self.place(h)}",
                      visible_to=FELLOWSHIP if hidden else None)]

    def monster_fight(self: Any, cid: str, h: str) -> list[Event]:
        """[WR §10.10] A monster fights the group (its lead: the group's best fighter) up to the
        rounds of [WR §10.4]; the monster stays on its site until killed."""
        group = [m for m, r in self.chars.items() if r["hex"] == h and r["seat"] == FELLOWSHIP
                 and r["alive"] and not r["captive"]]
        if not group:
            return []
        mid = f"monster:{h}"
        able = [m for m in group if duel.may_fight(self.D, self.fighter(m), self.fighter(mid)) is None]
        if not able:
            return [event("eye", "[WR §10.9.3]", f"{self.D.eye_cards[self.monsters[h]['card']].name} "
                          "cannot touch the Ring-wearer", visible_to=FELLOWSHIP)]
        group = able
        lead = max(group, key=lambda m: (self.fighter(m).combat, self.chars[m]["e"], m))
        for m in group:
            if self.chars[m]["hidden"]:
                self.reveal(m)
        ev: list[Event] = []
        used_a = used_b = False
        mid = f"monster:{h}"
        for rnd in range(int(self.D.value("R-IC-PROCEDURE", "rounds"))):
            if h not in self.monsters or not self.chars[lead]["alive"]:
                break
            fa, fb = self.fighter(lead), self.fighter(mid)
            da, db = self.dice.d6(), self.dice.d6()
            support = min(len(group) - 1, int(self.D.value("R-IC-PROCEDURE", "max_supporters")))
            r = duel.fight_round(self.D, fa, fb, da, db, support, 0, used_a, used_b)
            ev.append(event("duel", "[WR §10.10]", f"Round {rnd + 1}: {'; '.join(r.log)}",
                            dice=[da, db], reveal=True))
            if r.winner == "a":
                used_b = used_b or bool(r.absorbed)
                ev += self.wound(mid, r, lead)
            elif r.winner == "b":
                used_a = used_a or bool(r.absorbed)
                ev += self.wound(lead, r, mid)
                if not self.chars[lead]["alive"]:
                    alive = [m for m in group if self.chars[m]["alive"]]
                    if not alive:
                        break
                    lead = max(alive, key=lambda m: (self.fighter(m).combat, m))
        return ev

    def gollum_attack(self: Any, bearer: str, die: int) -> list[Event]:
        """[WR §10.9.5] 6: one round, Gollum against the Ring-bearer alone."""
        dg, db = self.dice.d6(), self.dice.d6()
        r = duel.gollum_attack(self.D, dg, db, self.fighter(bearer),
                               gollum_endurance=self.chars["gollum"]["e"] if "gollum" in self.chars else None)
        ev = [event("gollum", "[WR §10.9.5]", f"Gollum (rolled {die}) attacks the Ring-bearer: "
                    f"{'; '.join(r.log)}", dice=[die, dg, db], reveal=True)]
        b = self.chars[bearer]
        if r.gollum_takes_ring:
            g = self.chars.get("gollum")
            if g is not None:
                g.update(hex=b["hex"], alive=True, hidden=False, seat=self.seat_of("sauron"), seen=b["hex"])
            self.ring.update(bearer="gollum", held_by=self.seat_of("sauron"), worn=False, claim=False)
            self.gollum["state"] = "has-ring"
            self.reveal(bearer)
            ev.append(event("ring", "[WR §10.9.5]", "Gollum takes the Ring and becomes a Dark "
                            f"Power piece in {self.place(b['hex'])}", reveal=True))
            return ev
        if r.winner == "b" and "gollum" in self.chars:
            g = self.chars["gollum"]
            g["e"] = r.after if r.after is not None else g["e"]
            if r.fate:
                self.gollum["state"] = "dead"
                ev.append(event("gollum", "[WR §10.9.5]", "Gollum is killed, gone for good"))
        elif r.winner == "a":
            ev += self.wound(bearer, r, "gollum")
        return ev

    # ----- the Ring [WR §10.9] -------------------------------------------------------------------
    def ring_actions(self: Any) -> list[Action]:
        r = self.ring
        out: list[Action] = []
        b = r["bearer"]
        if r["destroyed"] or r["succumbed"] or b not in self.chars or r["held_by"] != FELLOWSHIP:
            return out
        c = self.chars[b]
        if not c["alive"] or c["captive"] or c["seat"] != FELLOWSHIP:
            return out
        if not r["worn"]:
            out.append({"type": "put_on"})
        elif not r["claim"] and "may-seize-ring" in self.D.characters[b].specials:
            out.append({"type": "claim"})
        if not r["worn"]:
            for m, mc in sorted(self.chars.items()):
                if m != b and mc["hex"] == c["hex"] and mc["seat"] == FELLOWSHIP and mc["alive"] \
                        and not mc["captive"] and self.D.characters[m].ring_rating is not None:
                    give: Action = {"type": "give_ring", "to": m}
                    if c["hidden"] or mc["hidden"]:
                        give["secret"] = True
                    out.append(give)
        return out

    def ring_action(self: Any, action: Action) -> list[Event]:
        r = self.ring
        b = r["bearer"]
        c = self.chars[b]
        if action["type"] == "put_on":
            area = self.W.search_area(c["hex"])
            r.update(worn=True, worn_turns=0, area=area)
            ev = [event("ring", "[WR §10.9.3]", f"The Ring is put on, in area {area}", reveal=True,
                        area=area)]
            ev += self.event_mobilize("ring-on")
            if self.W.in_region(c["hex"], "mordor"):
                ev += self.lift_mordor(doom=True)
            return ev
        if action["type"] == "claim":
            r["claim"] = True
            self.reveal(b)
            ev = [event("claim", "[WR §10.9.4]", f"{self.name(b)} claims the power of the Ring in "
                        f"{self.place(c['hex'])}!", reveal=True)]
            if b == "saruman" and self.flags["alliance"]:
                self.flags["alliance"] = False
                ev.append(event("alliance", "[WR §V13]", "Saruman's claim ends the Dark Alliance "
                                "(R-ALLIANCE-END)"))
            return ev
        to = action["to"]
        r["bearer"] = to
        # either of them hidden: the hand-over is the Fellowship's secret (a public word would
        # place the hidden one in the other's hex) [WR §12]
        hidden = c["hidden"] or self.chars[to]["hidden"]
        return [event("ring", "[WR §10.9.1]", f"{self.name(b)} gives the Ring to {self.name(to)}",
                      visible_to=FELLOWSHIP if hidden else None)]


DECISIONS = {
    "combat": (FightingRules.opts_combat, FightingRules.ans_combat),
    "huorns": (FightingRules.opts_huorns, FightingRules.ans_huorns),
    "rescue": (FightingRules.opts_rescue, FightingRules.ans_rescue),
    "duels": (FightingRules.opts_duels, FightingRules.ans_duels),
    "refuse": (FightingRules.opts_refuse, FightingRules.ans_refuse),
    "capture_after_ring": (FightingRules.opts_capture_after_ring,
                           FightingRules.ans_capture_after_ring),
    "challenge_after_ring": (FightingRules.opts_challenge_after_ring,
                             FightingRules.ans_challenge_after_ring),
    "duel_round": (FightingRules.opts_duel_round, FightingRules.ans_duel_round),
    "new_lead": (FightingRules.opts_new_lead, FightingRules.ans_new_lead),
    "hunt": (FightingRules.opts_hunt, FightingRules.ans_hunt),
}
