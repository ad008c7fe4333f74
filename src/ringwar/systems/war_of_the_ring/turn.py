"""The sequence of play [WR §9]: the Ring phase, the Events phase, Shadow Points, the Search
phase, the player-turns and the Game-Turn Indication phase, with the decider of every step.

The steps are data (``R-SEQUENCE`` in ``tables.toml``, read as ``D.sequence``); this module
runs the automatic ones and, at a decision, sets ``ask`` (its ``kind``, the ``seat`` that
decides, the ``rule``) and stops.  Each kind of decision is one entry of ``DECISIONS``: the
function that lists its legal answers and the one that carries an answer out (explicit
dispatch: no method names built from strings).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from . import grip as gripmod
from . import hunt, mobilization
from .pieces import FELLOWSHIP

SEARCH = "[WR §10.7]"


class TurnRules:
    """Mixin: the sequence of play.  ``self`` is the game."""

    # ----- the step machine ----------------------------------------------------------------
    def steps(self: Any) -> list[str]:
        """The steps of a turn for this number of players [WR §9] (step 6 only with three)."""
        three = len(self.sides) == 3
        return [s.id for s in self.D.sequence
                if not (s.phase == "saruman" and not three)]

    def _advance(self: Any) -> list[Event]:
        """Run automatic steps until a decision is due or the game ends."""
        ev: list[Event] = []
        guard = 0
        while self.result_ is None and self.ask is None:
            guard += 1
            if guard > 10000:
                raise RuntimeError("war-of-the-ring: the sequence of play does not advance")
            if self.queue:
                self.ask = self.queue.pop(0)
                if self.ask_still_valid(self.ask):
                    break
                self.ask = None
                continue
            finished, e = self.run_step(self.step)
            ev += e
            if self.result_ is not None:
                break
            if finished:
                ev += self.next_step()
        return ev

    def next_step(self: Any) -> list[Event]:
        order = self.steps()
        i = order.index(self.step)
        self.sd = {}
        self.version += 1
        if i + 1 < len(order):
            self.step = order[i + 1]
            return []
        self.turn_ += 1
        self.step = order[0]
        return [event("turn", "[WR §9] 8d", f"Turn {self.turn_} begins")]

    def run_step(self: Any, step: str) -> tuple[bool, list[Event]]:
        fn = STEP_RUNNERS.get(step)
        if fn is None:
            return True, []
        return fn(self)

    def options_for(self: Any, ask: dict[str, Any]) -> list[Action]:
        opts, _ = DECISIONS[ask["kind"]]
        return opts(self, ask)

    def answer(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        _, ans = DECISIONS[ask["kind"]]
        self.ask = None
        try:
            return ans(self, ask, action)
        finally:
            self.version += 1          # the state may have changed: menus are worked out anew

    def why_not(self: Any, ask: dict[str, Any], action: Action) -> IllegalAction | None:
        """A refusal naming the rule for an action that is not legal now (None: no better
        words than the generic ones)."""
        from .views import why_not
        return why_not(self, ask, action)

    def ask_still_valid(self: Any, ask: dict[str, Any]) -> bool:
        return bool(self.options_for(ask))

    def seat_of(self: Any, role: str) -> str:
        """The seat playing a role of [WR §9]: "sauron" and "saruman" are the Dark Power's in
        the two-player game."""
        if role == FELLOWSHIP or role in self.sides:
            return role
        return "dark"

    # ----- 1 Ring phase [WR §9] 1 -----------------------------------------------------------
    def wearer(self: Any) -> str | None:
        r = self.ring
        if r["worn"] and not r["destroyed"] and r["bearer"] in self.chars:
            return r["bearer"]
        return None

    def step_1a(self: Any) -> tuple[bool, list[Event]]:
        """[WR §10.9.2] The wearer may try to take the Ring off (a claimant is never made to)."""
        w = self.wearer()
        if w is None or self.sd.get("asked") or self.ring["succumbed"]:
            return True, []
        c = self.chars[w]
        if not c["alive"] or c["captive"]:
            return True, []
        self.ask = {"kind": "ring_removal", "seat": c["seat"], "piece": w, "rule": "[WR §10.9.2]"}
        return False, []

    def opts_ring_removal(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "ring_off"}, {"type": "keep_ring"}]

    def ans_ring_removal(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        self.sd["asked"] = True
        w = ask["piece"]
        if action["type"] == "keep_ring":
            return [event("ring", "[WR §10.9.2]", f"The Ring stays on ({self.area_of_ring()})")]
        die = self.dice.d6()
        rr = self.chars[w]["rr"] or 0
        if die <= rr:
            self.ring.update(worn=False, worn_turns=0, claim=False, area=None)
            return [event("ring", "[WR §10.9.2]", f"The Ring is taken off: rolled {die} ≤ Ring "
                          f"Rating {rr}", dice=[die], reveal=True)]
        return [event("ring", "[WR §10.9.2]", f"The Ring stays on: rolled {die} > Ring Rating "
                      f"{rr}", dice=[die])]

    def area_of_ring(self: Any) -> str:
        return f"area {self.ring['area']}" if self.ring["area"] else "area unknown"

    def step_1b(self: Any) -> tuple[bool, list[Event]]:
        """[WR §V11] Each turn after the first that the Ring stays on: −1 E and −1 RR."""
        w = self.wearer()
        if w is None:
            return True, []
        r = self.ring
        r["worn_turns"] += 1
        # the Ring was put on during an earlier turn (the first): every Ring phase it is still
        # on is a turn after the first; taking it off at the first attempt (1a) costs nothing
        if self.ring["succumbed"]:
            return True, []
        c = self.chars[w]
        V = self.D.value("S-V11")
        c["e"] -= int(V["endurance_loss_per_turn"])
        c["rr"] = max(0, (c["rr"] or 0) - int(V["ring_rating_loss_per_turn"]))
        ev = [event("ring", "[WR §V11]", f"The Ring's wearer loses 1 Endurance and 1 Ring Rating "
                    f"(now E {c['e']}, RR {c['rr']})", visible_to=c["seat"] if c["hidden"] else None)]
        if c["e"] <= 0:
            ev += self.kill_char(w, "the Ring's burden [WR §V11]", killer_seat=None)
        elif c["rr"] <= int(self.D.value("R-SUCCUMB", "at_ring_rating")):
            ev += self.succumb(w)
        return True, ev

    def succumb(self: Any, w: str) -> list[Event]:
        """[WR §10.9.2] (R-SUCCUMB) At Ring Rating 0 the wearer becomes a Dark Power piece
        carrying the Ring, MF 5, free of Shadow Points."""
        c = self.chars[w]
        c["seat"] = self.seat_of("sauron")
        c["hidden"] = False
        c["seen"] = c["hex"]
        self.ring.update(succumbed=True, claim=False, held_by=c["seat"])
        return [event("ring", "[WR §10.9.2]", f"{self.name(w)} succumbs to the Ring in "
                      f"{self.place(c['hex'])}: he is now the Dark Power's, and must be brought "
                      "to Barad-dûr", reveal=True)]

    def step_1c(self: Any) -> tuple[bool, list[Event]]:
        """[WR §10.9.5] The Gollum roll, once he is no longer at large."""
        g = self.gollum
        g["guide"] = False
        if g["state"] != "active" or self.ring["destroyed"]:
            return True, []
        bearer = self.ring["bearer"]
        bc = self.chars.get(bearer)
        if bc is None or not bc["alive"] or bc["captive"] or self.ring["succumbed"]:
            return True, []
        if "smeagols-guidance" in self.hands[FELLOWSHIP] and not self.sd.get("1c_asked"):
            self.sd["1c_asked"] = True
            self.ask = {"kind": "events", "seat": FELLOWSHIP, "step": "1c", "rule": "[WR §9] 1c"}
            return False, []
        if self.flags.pop("smeagol", False):
            die, why = 1, "Sméagol's Guidance: the roll counts as 1 [WR §11.7]"
        else:
            die, why = self.dice.d6(), "rolled"
        row = self.D.gollum[die]
        if row.result == "guides":
            g["guide"] = True
            return True, [event("gollum", "[WR §10.9.5]", f"Gollum ({why} {die}): he guides the "
                                "hunters, +1 to spotting the Ring-bearer's group this turn", dice=[die])]
        if row.result == "betrayal":
            area = self.W.search_area(bc["hex"])
            return True, [event("gollum", "[WR §10.9.5]", f"Gollum ({why} {die}) betrays the "
                                f"Ring-bearer: he is in area {area}", dice=[die], reveal=True,
                                area=area)]
        if row.result == "attack":
            return True, self.gollum_attack(bearer, die)
        return True, [event("gollum", "[WR §10.9.5]", f"Gollum ({why} {die}): no effect", dice=[die])]

    def opts_ring_answer(self: Any, ask: dict[str, Any]) -> list[Action]:
        if self.ring["worn"] or not any(a["type"] == "put_on" for a in self.ring_actions()):
            return []
        return [{"type": "put_on"}, {"type": "keep_ring_off"}]

    def ans_ring_answer(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "keep_ring_off":
            return []
        return self.ring_action({"type": "put_on"})

    def step_1d(self: Any) -> tuple[bool, list[Event]]:
        """[WR §8.1] Healing (R-HEALING): 1 Endurance, 3 in a refuge; never in a hex with enemy
        armies; never above the printed value; not the Ring's wearer."""
        H = self.D.value("R-HEALING")
        refuges = set(H["refuges"])
        wearer = self.wearer()
        for cid, c in self.chars.items():
            if not c["alive"] or c["captive"] or cid == wearer:
                continue
            # real wounds stay; an Ent-draught raised it for good [WR §11.9]
            top = self.D.characters[cid].endurance - c.get("real", 0) + c.get("max_bonus", 0)
            if c["e"] >= top:
                continue
            if c["hex"] and self.enemy_army_in(c["hex"], c["seat"]):
                continue
            gain = int(H["refuge_per_turn"]) if c["hex"] in refuges else int(H["per_turn"])
            c["e"] = min(top, c["e"] + gain)
        return True, []

    # ----- 2 Events phase -------------------------------------------------------------------
    def step_2a(self: Any) -> tuple[bool, list[Event]]:
        """[WR §6.2] Timed mobilization: a deadline, or n turns after another nation."""
        ev: list[Event] = []
        for code, trig in mobilization.timed(self.D, self.turn_, self.mobilized):
            ev += self.mobilize(code, f"{trig.kind} trigger", keys=trig.keys, kind=trig.kind)
        return True, ev

    def mobilize(self: Any, code: str, why: str, keys: tuple[str, ...] = (),
                 kind: str = "event") -> list[Event]:
        if code in self.mobilized:
            return []
        if code == "ROH" and self.flags["wormtongue"] >= self.turn_ and \
                kind not in ("attacked", "enemy-enters"):      # an invasion is an attack
            return [event("mobilize", "[WR §11.7]", f"Rohan does not mobilize ({why}): Wormtongue's "
                          "Counsel delays it")]
        n = self.D.nations[code]
        if code == "COR":
            return []              # only the Corsairs card [WR §V26]
        self.mobilized[code] = self.turn_
        cite = " ".join(f"({k})" for k in keys[:2])
        ev = [event("mobilize", "[WR §6.2]", f"{n.name} mobilizes ({why}) {cite}".strip(),
                    nation=code)]
        if code == "MOR":
            # every nation keyed "with" Mordor follows at once
            for other, trig in mobilization.timed(self.D, self.turn_, self.mobilized):
                if trig.kind == "with":
                    ev += self.mobilize(other, f"with {n.name}", keys=trig.keys)
        return ev

    def event_mobilize(self: Any, kind: str, **kw: Any) -> list[Event]:
        ev: list[Event] = []
        for code, trig in mobilization.on_event(self.D, kind, self.mobilized, **kw):
            ev += self.mobilize(code, kind.replace("-", " "), keys=trig.keys, kind=trig.kind)
        return ev

    def clock_turn(self: Any, clock: str) -> int | None:
        nation = {"M": "MOR", "I": "ISE", "R": "ROH", "G": "GON"}.get(clock)
        return self.mobilized.get(nation) if nation else None

    def step_2b(self: Any) -> tuple[bool, list[Event]]:
        """[WR §7] Reinforcements due this turn arrive (R-REINF-BLOCKED: the nearest free hex
        of the same area if the hex is enemy-held, never Gorgoroth while [WR §V20] holds)."""
        ev: list[Event] = []
        for uid, u in self.D.units.items():
            r = self.units.get(uid)
            if r is None or u.arrival is None or r["gone"] or r["hex"] is not None:
                continue
            if u.arrival.clock == "paths":
                continue
            m = self.clock_turn(u.arrival.clock)
            due = self.flags.get("muster", {}).get(uid)
            if (m is None or self.turn_ < m + u.arrival.turns) and not due:
                continue
            h = self.arrival_hex(u.hex, r["seat"])
            if h is None:
                continue
            r.update(hex=h, str=u.strength, start=h, moved=False)
            if self.D.nations[u.nation].deserts and self.grip["deserted"]:
                r["deserted"] = True       # R-GRIP-LATE-ARRIVALS: they arrive deserted, at home
            ev.append(event("arrive", "[WR §7]", f"{self.name(uid)} ({r['str']}-{u.mf}) arrives in "
                            f"{self.place(h)}", unit=uid, hex=h))
        for cid, c in self.D.characters.items():
            r = self.chars.get(cid)
            if r is None or c.arrival is None or r["alive"] or r.get("arrived"):
                continue
            m = self.clock_turn(c.arrival.clock)
            if m is None or self.turn_ < m + c.arrival.turns:
                continue
            r.update(hex=c.hex, alive=True, seen=c.hex, arrived=True, hidden=False)
            ev.append(event("arrive", "[WR §2] OPT-1", f"{c.name} arrives in {self.place(c.hex)}"))
        return True, ev

    def arrival_hex(self: Any, h: str | None, seat: str) -> str | None:
        if h is None:
            return None
        if not self.enemy_army_in(h, seat):
            return h
        area = self.W.search_area(h)
        from ...core import hexes as hx
        best = None
        for cand in sorted(self.W.area(area).hexes, key=lambda x: (hx.distance(h, x), x)):
            if not self.W.is_land(cand) or self.W.terrain_cost(cand, "army") is None:
                continue
            if self.enemy_army_in(cand, seat):
                continue
            if not self.ring["gorgoroth_open"] and self.W.in_region(cand, "gorgoroth") \
                    and cand != self.L.barad_dur:
                continue
            best = cand
            break
        return best

    def step_2c(self: Any) -> tuple[bool, list[Event]]:
        """[WR §13.2] What the last Grip checkpoint decided happens now: desertion or return."""
        st = gripmod.GripState(self.grip["drop"], self.grip["deserted"], self.grip["pending"])
        st, what = gripmod.start_of_turn(st)
        self.grip = {"drop": st.drop, "deserted": st.deserted, "pending": None}
        if what is None:
            return True, []
        ev: list[Event] = []
        for uid, r in self.units.items():
            if self.D.nations[self.spec(uid).nation].deserts and (r["active"] or what == "return"):
                if what == "desert" and r["hex"]:
                    r["deserted"] = True
                    if self.spec(uid).nation == "COR" and \
                            self.D.value("R-CORSAIR-MOVE", "desertion") == "placed-in-umbar":
                        r["hex"] = self.W.place_named("Umbar").hex    # they sail back [WR §V22]
                elif what == "return":
                    r["deserted"] = False
        text = ("Sauron's allies desert: every Easterling, Variag, Haradrim and active Corsair "
                "unit goes home [WR §V22]" if what == "desert" else
                "The deserters return to Sauron [WR §V22]")
        ev.append(event("grip", "[WR §13.2]", text))
        return True, ev

    def step_2d(self: Any) -> tuple[bool, list[Event]]:
        """[WR §9] 2d: each player draws 1 event card (3 on turn 1), then discards down to 3."""
        H = self.D.value("R-EVENT-HAND")
        ev: list[Event] = []
        if not self.sd.get("drawn"):
            self.sd["drawn"] = True
            n = int(H["first_turn_draw"] if self.turn_ == 1 else H["draw_per_turn"])
            for seat in self.sides:
                drawn: list[str] = []
                for _ in range(n):
                    card = self.draw_event()
                    if card is None:
                        break
                    drawn.append(card)
                self.hands[seat].extend(drawn)
                k = len(drawn)
                short = (f" (the event deck and its discards are exhausted: {k} of {n})"
                         if k < n else "")
                ev.append(event("draw", "[WR §9] 2d", f"{self.seat_name(seat)} draws {k} event "
                                f"card{'s' if k != 1 else ''}{short}", seat=seat, cards=k))
                ev.append(event("draw", "[WR §9] 2d", "you draw: " + (", ".join(
                    self.D.event_cards[c].name for c in drawn) or "nothing"),
                    visible_to=seat))
        for seat in self.sides:
            if len(self.hands[seat]) > int(H["hand_limit"]):
                self.ask = {"kind": "discard", "seat": seat, "rule": "[WR §9] 2d"}
                return False, ev
        return True, ev

    def draw_event(self: Any) -> str | None:
        if not self.decks["event"]:
            if not self.discards["event"]:
                return None
            self.decks["event"] = self.discards["event"]       # R-EVENT-RESHUFFLE
            self.discards["event"] = []
            self._shuffle("event")
        return self.decks["event"].pop()

    def opts_discard(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "discard", "card": c, "by": ask["seat"]} for c in sorted(set(self.hands[ask["seat"]]))]

    def ans_discard(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        seat = ask["seat"]
        self.hands[seat].remove(action["card"])
        self.discards["event"].append(action["card"])
        return [event("discard", "[WR §9] 2d", f"{self.seat_name(seat)} discards a card", seat=seat),
                event("discard", "[WR §9] 2d", f"you discard {self.D.event_cards[action['card']].name}",
                      visible_to=seat)]

    def step_2e(self: Any) -> tuple[bool, list[Event]]:
        """[WR §9] 2e: Events-phase cards, F first, then Sa, then Sn."""
        ev: list[Event] = []
        if not self.sd.get("anor"):
            self.sd["anor"] = True
            ev = self.anor_peek()
        passed = self.sd.setdefault("passed", [])
        for seat in self.sides:
            if seat in passed:
                continue
            if self.playable_cards(seat, "2e"):
                self.ask = {"kind": "events", "seat": seat, "step": "2e", "rule": "[WR §9] 2e"}
                return False, ev
            passed.append(seat)
        return True, ev

    # ----- 3 Shadow Points [WR §10.1] ---------------------------------------------------------
    def step_3(self: Any) -> tuple[bool, list[Event]]:
        inc = self.D.value("R-SP-INCOME")
        row = inc["from_m"] if "MOR" in self.mobilized else inc["before_m"]
        dice = self.dice.roll(int(row["dice"]))
        gain = sum(dice) + int(row["plus"])
        cap = int(self.D.value("R-SP-CAP", "cap"))
        before = self.sp
        self.sp = min(cap, self.sp + gain)
        return True, [event("shadow", "[WR §10.1]", f"Shadow Points: rolled {'+'.join(map(str, dice))}"
                            f"{' + ' + str(row['plus']) if row['plus'] else ''} = {gain}; pool "
                            f"{before} → {self.sp} (cap {cap})", dice=dice)]

    # ----- 4 Search phase [WR §10.7] [WR §V2] ------------------------------------------------
    def step_4a(self: Any) -> tuple[bool, list[Event]]:
        """Draw the bottom Search card and show only its top half [WR §V2] (R-SEARCH-TWO-HALVES)."""
        if self.flags.get("search_cancel"):
            self.flags["search_cancel"] = False
            return True, [event("search", "[WR §11.10]", "The Palantír of Orthanc: this Search "
                                "phase is cancelled")]
        if self.search is None:
            if not self.decks["search"]:
                self.decks["search"] = self.discards["search"]          # R-SEARCH-RESHUFFLE
                self.discards["search"] = []
                self._shuffle("search")
            n = self.decks["search"].pop(0)       # the bottom card [WR §V2]
            card = self.D.search_cards[n - 1]
            self.search = {"card": n, "searcher": self.seat_of(card.searcher.lower()),
                           "force": card.force, "shown": "top", "areas": None}
            ev = [event("search", "[WR §V2]", f"Search card: the searcher is {card.searcher} with "
                        f"{card.force}; the rest of the card stays face down until the declaration",
                        searcher=card.searcher, force=card.force)]
            if self.playable_cards(FELLOWSHIP, "4a") and not self.sd.get("4a_asked"):
                self.sd["4a_asked"] = True
                self.ask = {"kind": "events", "seat": FELLOWSHIP, "step": "4a", "rule": "[WR §9] 4a"}
                return False, ev
            return True, ev
        return True, []

    def step_4b(self: Any) -> tuple[bool, list[Event]]:
        s = self.search
        if s is None or s["shown"] != "top":
            return True, []
        seat = s["searcher"]
        if self.playable_cards(seat, "4b") and not self.sd.get("4b_asked"):
            self.sd["4b_asked"] = True
            self.ask = {"kind": "events", "seat": seat, "step": "4b", "rule": "[WR §9] 4b"}
            return False, []
        self.ask = {"kind": "declare", "seat": seat, "rule": "[WR §V2]"}
        return False, self.palantir_peek(seat)

    # ----- the Palantíri [WR §11.10] (R-PALANTIRI) ---------------------------------------------
    def palantir_ready(self: Any, stone: str) -> bool:
        last = self.flags["palantir"].get(stone)
        every = int(self.D.value("R-PALANTIRI")[stone]["every_turns"])
        return last is None or self.turn_ - last >= every

    def palantir_peek(self: Any, seat: str) -> list[Event]:
        """Ithil (Sauron, while he holds Barad-dûr) and Orthanc (the three-player Saruman, while
        he holds Isengard): once every 3 turns the searcher sees the whole bottom Search card
        before declaring; used whenever it is ready."""
        s = self.search
        stone = None
        if seat == self.seat_of("sauron") and self.control.get(self.L.barad_dur) == "sauron" \
                and s["searcher"] == seat and self.palantir_ready("ithil"):
            stone = "ithil"
        elif len(self.sides) == 3 and seat == "saruman" and self.control.get(self.L.isengard) == "saruman" \
                and self.palantir_ready("orthanc"):
            stone = "orthanc"
        if stone is None:
            return []
        self.flags["palantir"][stone] = self.turn_
        card = self.D.search_cards[s["card"] - 1]
        return [event("palantir", "[WR §11.10]", f"The Palantír of {stone.title()}: the card is "
                      f"value {card.value}, areas {', '.join(card.areas)}", visible_to=seat)]

    def anor_peek(self: Any) -> list[Event]:
        """Anor: the Free Peoples, while Denethor lives in Minas Tirith, see the bottom Search
        card in the Events phase once every 3 turns."""
        d = self.chars.get("denethor")
        if not d or not d["alive"] or d["hex"] != self.L.minas_tirith or d["captive"] or not self.decks["search"] \
                or not self.palantir_ready("anor"):
            return []
        self.flags["palantir"]["anor"] = self.turn_
        card = self.D.search_cards[self.decks["search"][0] - 1]
        return [event("palantir", "[WR §11.10]", f"The Palantír of Anor shows the next Search card: "
                      f"{card.searcher} with {card.force}, value {card.value}, areas "
                      f"{', '.join(card.areas)}", visible_to=FELLOWSHIP)]

    def opts_declare(self: Any, ask: dict[str, Any]) -> list[Action]:
        out: list[Action] = [{"type": "declare", "choice": "card"}]
        if not self.flags.get("deceived"):
            out += [{"type": "declare", "choice": "area", "area": a} for a in sorted(self.W.areas)]
        return out

    def ans_declare(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        """[WR §V2] The searcher declares CARD or ONE AREA before the rest of the card is shown."""
        s = self.search
        card = self.D.search_cards[s["card"] - 1]
        if action["choice"] == "card":
            s["areas"] = list(card.areas)
            how = f"the card's areas ({', '.join(card.areas)})"
        else:
            s["areas"] = [action["area"]]
            how = f"one area, {action['area']} ({self.W.area(action['area']).name})"
        s["shown"] = "all"
        s["declared"] = action.get("area", "card")
        self.flags["deceived"] = False
        return [event("search", "[WR §V2]", f"{card.searcher} declares {how}; the card shows Search "
                      f"Value {card.value} and areas {', '.join(card.areas)}", value=card.value,
                      areas=list(s["areas"]))]

    def step_4c(self: Any) -> tuple[bool, list[Event]]:
        """[WR §10.7.2] One secret roll per hex of the searched areas that holds hidden
        Fellowship characters; the searcher learns only which groups were spotted."""
        s = self.search
        if s is None:
            return True, []
        if s.get("resolved"):
            self.discards["search"].append(s["card"])
            self.last_search = {"card": s["card"], "areas": list(s["areas"] or []),
                                "declared": s.get("declared"), "turn": self.turn_}
            self.search = None
            return True, []
        if self.playable_cards(s["searcher"], "4c") and not self.sd.get("4c_asked"):
            self.sd["4c_asked"] = True
            self.ask = {"kind": "events", "seat": s["searcher"], "step": "4c", "rule": "[WR §9] 4c"}
            return False, []
        s["resolved"] = True
        card = self.D.search_cards[s["card"] - 1]
        areas = tuple(s["areas"])
        mouth = self.chars.get("mouth")
        mouth_in = bool(mouth and mouth["alive"] and not mouth["captive"] and mouth["hex"]
                        and self.W.in_region(mouth["hex"], "mordor"))
        value = hunt.search_value(self.D, card.value, areas, mouth_in)
        crebain = self.D.event_cards["crebain-of-dunland"].effect
        if self.flags.get("crebain") and set(areas) & set(crebain["areas"]):
            value += int(crebain["search_value"])
            self.flags["crebain"] = False
        ev: list[Event] = []
        nazgul = card.force.lower().startswith("naz")
        for h, group in sorted(self.hidden_groups().items()):
            if self.W.search_area(h) not in areas or h in self.open_sanctuaries():
                continue
            ev += self.spot_roll(h, group, value, source="search", nazgul=nazgul,
                                 searcher=s["searcher"])
        ev.append(event("search", SEARCH, f"The search of {', '.join(areas)} at value {value} is over"))
        return False, ev

    # ----- spotting [WR §10.7.2] [WR §10.7.3] -------------------------------------------------
    def hidden_groups(self: Any) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for cid, c in self.chars.items():
            if c["alive"] and c["hidden"] and not c["captive"] and c["hex"]:
                out.setdefault(c["hex"], []).append(cid)
        return out

    def open_sanctuaries(self: Any) -> set[str]:
        """[WR §10.6] Sanctuaries while their intrinsic defence is above 0."""
        return {h for h in self.W.sanctuaries if self.defence_value(h) > 0}

    def spot_roll(self: Any, h: str, group: list[str], value: int, *, source: str,
                  nazgul: bool, searcher: str) -> list[Event]:
        """One secret roll for the group in ``h`` (R-SEARCH-GROUP-ROLL); a Ring-wearer's group
        is spotted at once by a Nazgûl search and never by an Orc one (R-RING-WEARER-SEARCH)."""
        wearer = self.wearer()
        bearer_here = self.ring["bearer"] in group
        rule = SEARCH if source == "search" else "[WR §10.7.3]"
        if wearer in group:
            if source == "search" and not nazgul:
                return [event("search", rule, f"(secret) the Ring-wearer's group in {h} cannot be "
                              "found by Orcs", visible_to=FELLOWSHIP)]
            if source == "search":
                return self.spotted_group(h, group, searcher, nazgul, "the Ring-wearer is found "
                                          "by the Nazgûl at once (R-RING-WEARER-SEARCH)")
        die = self.dice.d6()
        used_road = any(self.chars[c]["road"] for c in group)
        cloak = any("elven-cloak" in self.chars[c]["items"] for c in group) or \
            self.flags.get("cloaks") in group
        guided = self.gollum["guide"] and bearer_here
        roll = hunt.spot(self.D, die, value, used_road=used_road, cloak=cloak, guided=guided)
        names = ", ".join(self.name(c) for c in group)
        secret = event("search", rule, f"(secret) {names} in {self.place(h)}: rolled {die}"
                       f"{roll.modifier:+d} against {value} ({roll.why}): "
                       f"{'spotted' if roll.success else 'not spotted'}", visible_to=FELLOWSHIP,
                       dice=[die])
        if not roll.success:
            return [secret]
        return [secret] + self.spotted_group(h, group, searcher, nazgul, f"rolled {die}")

    def spotted_group(self: Any, h: str, group: list[str], searcher: str, nazgul: bool,
                      how: str) -> list[Event]:
        """A spotted group is placed on the map, revealed; the searcher then chooses capture,
        a challenge or nothing [WR §10.7.2]; spotting the Ring-bearer or a Hobbit mobilizes
        Mordor [WR §6.2]; in Mordor it lifts [WR §V20] and, by Nazgûl, [WR §V17]."""
        ev: list[Event] = []
        for c in group:
            self.reveal(c)
        names = ", ".join(self.name(c) for c in group)
        ev.append(event("spotted", SEARCH, f"Spotted in {self.place(h)}: {names}", hex=h,
                        pieces=list(group), reveal=True))
        bearer = self.ring["bearer"] in group
        hobbit = any(c in ("frodo", "sam", "merry", "pippin") for c in group)
        targets = (["ring-bearer"] if bearer else []) + (["hobbit"] if hobbit else [])
        if targets:
            ev += self.event_mobilize("spotted", targets=targets)
        if bearer and self.W.in_region(h, "mordor"):
            ev += self.lift_mordor(doom=nazgul)
        if bearer and self.ring_actions() and not self.ring["worn"]:
            # R-RING-WEAR-TIMING: the bearer may put the Ring on in answer to being spotted
            self.queue.append({"kind": "ring_answer", "seat": FELLOWSHIP, "rule": "[WR §10.9.2]",
                               "why": "spotted"})
        if self.hunt_options_at(h, searcher, group):
            self.queue.append({"kind": "hunt", "seat": searcher, "hex": h, "pieces": list(group),
                               "rule": "[WR §10.7.2]"})
        return ev

    def lift_mordor(self: Any, *, doom: bool) -> list[Event]:
        ev: list[Event] = []
        if not self.ring["gorgoroth_open"]:
            self.ring["gorgoroth_open"] = True
            ev.append(event("lapse", "[WR §V20]", "The Gorgoroth restriction lapses for good"))
        if doom and not self.ring["doom_open"]:
            self.ring["doom_open"] = True
            ev.append(event("lapse", "[WR §V17]", "Mount Doom is open to every unit and character"))
        return ev

    def reveal(self: Any, cid: str) -> None:
        c = self.chars[cid]
        c["hidden"] = False
        c["seen"] = c["hex"]

    # ----- 5-7 player-turns: the steps that open them ---------------------------------------
    def step_5a(self: Any) -> tuple[bool, list[Event]]:
        ev = self.start_player_turn(FELLOWSHIP)
        return True, ev + self.escape_rolls()

    def step_5b(self: Any) -> tuple[bool, list[Event]]:
        if (self.rescue_options(FELLOWSHIP) or self.playable_cards(FELLOWSHIP, "5a")) \
                and not self.sd.get("done"):
            self.ask = {"kind": "rescue", "seat": FELLOWSHIP, "rule": "[WR §V3]"}
            return False, []
        return True, []

    def step_move(self: Any, seat: str) -> tuple[bool, list[Event]]:
        if self.sd.get("done"):
            return True, []
        ev: list[Event] = []
        if not self.sd.get("begun"):
            self.sd["begun"] = True
            ev += self.begin_movement(seat)
        self.ask = {"kind": "move", "seat": seat, "rule": "[WR §10.2]"}
        return False, ev

    def step_combat(self: Any, seat: str) -> tuple[bool, list[Event]]:
        if self.sd.get("done") or not self.attack_options(seat):
            return True, self.end_combat_phase(seat)
        self.ask = {"kind": "combat", "seat": seat, "rule": "[WR §10.3]"}
        return False, []

    def step_duel(self: Any, seat: str) -> tuple[bool, list[Event]]:
        if self.sd.get("done") or not self.duel_options(seat):
            return True, []
        self.ask = {"kind": "duels", "seat": seat, "rule": "[WR §10.4]"}
        return False, []

    def step_5f(self: Any) -> tuple[bool, list[Event]]:
        if self.sd.get("done") or not self.hide_options():
            return True, []
        self.ask = {"kind": "rehide", "seat": FELLOWSHIP, "rule": "[WR §10.6]"}
        return False, []

    def step_6a(self: Any) -> tuple[bool, list[Event]]:
        ev = [] if self.sd.get("begun") else self.start_player_turn("saruman")
        self.sd["begun"] = True
        if not self.sd.get("done") and (self.convert_options() or self.may_declare_isengard("saruman")):
            self.ask = {"kind": "saruman_start", "seat": "saruman", "rule": "[WR §V13]"}
            return False, ev
        return True, ev

    def step_7a(self: Any) -> tuple[bool, list[Event]]:
        seat = self.seat_of("sauron")
        ev = [] if self.sd.get("begun") else self.start_player_turn(seat)
        self.sd["begun"] = True
        if self.sd.get("done"):
            return True, ev
        two = len(self.sides) == 2
        take = two and not self.flags["control"] and self.sp >= int(self.D.value("S-V12", "take_control_sp"))
        if take or self.may_declare_isengard(seat):
            self.ask = {"kind": "dark_start", "seat": seat, "rule": "[WR §V12]"}
            return False, ev
        return True, ev

    def may_declare_isengard(self: Any, seat: str) -> bool:
        """[WR §6.2] Isengard's controller may declare its mobilization at the start of any of
        his player-turns."""
        owner = self.D.nations["ISE"].owner_2p if len(self.sides) == 2 else self.D.nations["ISE"].owner_3p
        return "ISE" not in self.mobilized and owner == seat

    def opts_start(self: Any, ask: dict[str, Any]) -> list[Action]:
        seat = ask["seat"]
        out: list[Action] = []
        if ask["kind"] == "dark_start" and len(self.sides) == 2 and not self.flags["control"] \
                and self.sp >= int(self.D.value("S-V12", "take_control_sp")):
            out.append({"type": "take_control"})
        if self.may_declare_isengard(seat):
            out.append({"type": "mobilize", "nation": "ISE"})
        if ask["kind"] == "saruman_start":
            out += [{"type": "convert", "captive": c} for c in self.convert_options()]
        out.append({"type": "done"})
        return out

    def ans_start(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "done":
            self.sd["done"] = True
            return []
        if kind == "take_control":
            cost = int(self.D.value("S-V12", "take_control_sp"))
            self.sp -= cost
            self.flags["control"] = True
            return [event("control", "[WR §V12]", f"The Dark Power pays {cost} Shadow Points and "
                          "takes control of Saruman's forces for this turn")]
        if kind == "mobilize":
            return self.mobilize("ISE", "declared by its controller", keys=("R-MOB-ISE",))
        if kind == "convert":
            return self.convert(action["captive"])
        raise AssertionError(kind)

    def start_player_turn(self: Any, seat: str) -> list[Event]:
        """Every piece of the seat may move and attack again; note where each unit began the
        player-turn (for the rout trigger, R-ROUT-TRIGGER-READING)."""
        for r in self.units.values():
            if r["seat"] == seat:
                r.update(moved=False, attacked=False, start=r["hex"], crossed=False)
        for c in self.chars.values():
            if c["seat"] == seat:
                c["moved"] = False
                c["mf_bonus"] = 0
        self.flags["ride"] = False
        return []

    # ----- 8 Game-Turn Indication [WR §9] 8 --------------------------------------------------
    def step_8a(self: Any) -> tuple[bool, list[Event]]:
        return True, self.recount_control()

    def step_8b(self: Any) -> tuple[bool, list[Event]]:
        return True, self.check_victory_end_of_turn()

    def step_8c(self: Any) -> tuple[bool, list[Event]]:
        """[WR §13.2] The Grip checkpoint."""
        m = self.mobilized.get("MOR")
        st = gripmod.GripState(self.grip["drop"], self.grip["deserted"], self.grip["pending"])
        st, note = gripmod.end_of_turn(self.D, st, m, self.turn_, self.sauron_objectives())
        self.grip = {"drop": st.drop, "deserted": st.deserted, "pending": st.pending}
        return True, ([event("grip", "[WR §13.2]", note)] if note else [])

    def step_8d(self: Any) -> tuple[bool, list[Event]]:
        """Clean-up: Nazgûl shadow damage healed; Merry, Pippin and Éowyn counters −1; control
        lapses; the turn advances [WR §9] 8d."""
        for cid, c in self.chars.items():
            if c["shadow"]:
                c["e"] = min(self.D.characters[cid].endurance - c.get("real", 0), c["e"] + c["shadow"])
                c["shadow"] = 0
            if c["grounded"]:
                c["grounded"] -= 1
            if c["citadel"] is not None and c["citadel"] > 0:
                c["citadel"] -= 1
                if c["citadel"] == 0:
                    c["citadel"] = None
        dead = self.units.get("DEAD-01")
        if self.flags.get("dead_leave") == self.turn_ and dead and dead["hex"]:
            dead.update(hex=None, str=0, gone=True)
            ev_dead = [event("dead", "[WR §7.3]", "Aragorn has come to Pelargir: the Army of the Dead "
                             "leaves play (R-DEAD-ARMY)")]
        else:
            ev_dead = []
        self.flags["control"] = False
        self.flags["dawnless"] = False
        self.flags["cloaks"] = None
        if self.flags["snows"] and self.flags["snows"] <= self.turn_:
            self.flags["snows"] = 0
        if self.turn_ >= self.last_turn and self.result_ is None:
            return True, ev_dead + self.end_by_turn_limit()
        return True, ev_dead


def _seat_step(fn: Callable[..., tuple[bool, list[Event]]], role: str) -> Callable[[Any], Any]:
    return lambda g: fn(g, g.seat_of(role))


#: step id -> what runs it [WR §9]
STEP_RUNNERS: dict[str, Callable[[Any], tuple[bool, list[Event]]]] = {
    "1a": TurnRules.step_1a, "1b": TurnRules.step_1b, "1c": TurnRules.step_1c,
    "1d": TurnRules.step_1d, "2a": TurnRules.step_2a, "2b": TurnRules.step_2b,
    "2c": TurnRules.step_2c, "2d": TurnRules.step_2d, "2e": TurnRules.step_2e,
    "3": TurnRules.step_3, "4a": TurnRules.step_4a, "4b": TurnRules.step_4b,
    "4c": TurnRules.step_4c, "5a": TurnRules.step_5a, "5b": TurnRules.step_5b,
    "5c": _seat_step(TurnRules.step_move, FELLOWSHIP),
    "5d": _seat_step(TurnRules.step_combat, FELLOWSHIP),
    "5e": _seat_step(TurnRules.step_duel, FELLOWSHIP), "5f": TurnRules.step_5f,
    "6a": TurnRules.step_6a,
    "6b": _seat_step(TurnRules.step_move, "saruman"),
    "6c": _seat_step(TurnRules.step_combat, "saruman"),
    "6d": _seat_step(TurnRules.step_duel, "saruman"),
    "7a": TurnRules.step_7a,
    "7b": _seat_step(TurnRules.step_move, "sauron"),
    "7c": _seat_step(TurnRules.step_combat, "sauron"),
    "7d": _seat_step(TurnRules.step_duel, "sauron"),
    "8a": TurnRules.step_8a, "8b": TurnRules.step_8b, "8c": TurnRules.step_8c,
    "8d": TurnRules.step_8d,
}

#: decision kind -> (its legal answers, carrying one out); the other modules add theirs
DECISIONS: dict[str, tuple[Callable[..., list[Action]], Callable[..., list[Event]]]] = {
    "ring_removal": (TurnRules.opts_ring_removal, TurnRules.ans_ring_removal),
    "ring_answer": (TurnRules.opts_ring_answer, TurnRules.ans_ring_answer),
    "discard": (TurnRules.opts_discard, TurnRules.ans_discard),
    "declare": (TurnRules.opts_declare, TurnRules.ans_declare),
    "dark_start": (TurnRules.opts_start, TurnRules.ans_start),
    "saruman_start": (TurnRules.opts_start, TurnRules.ans_start),
}
