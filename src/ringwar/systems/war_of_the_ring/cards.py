"""The Event deck in play [WR §11.7] [WR §9] 2d-2e: which cards a seat may play at a step
(their "when", R-EVENT-TIMING), and what each does.  A played card is discarded.

Cards are played only at the steps their "when" names; the Events-phase cards in step 2e
(F first, then Sa, then Sn), the others where the step's decision lists them.
"""

from __future__ import annotations

from typing import Any

from ...core.engine import Action, Event, event
from .pieces import FELLOWSHIP

EVENTS = "[WR §11.7]"


class CardRules:
    """Mixin: the event cards.  ``self`` is the game."""

    def seat_plays(self: Any, seat: str, card: str) -> bool:
        sides = self.D.event_cards[card].sides
        if seat == FELLOWSHIP:
            return FELLOWSHIP in sides
        if len(self.sides) == 2:
            return "sauron" in sides or "saruman" in sides
        return seat in sides

    def playable_cards(self: Any, seat: str, step: str) -> list[str]:
        out = []
        for card in sorted(set(self.hands.get(seat, ()))):
            spec = self.D.event_cards[card]
            if step not in spec.when or not self.seat_plays(seat, card):
                continue
            if self.card_condition(seat, card, step):
                out.append(card)
        return out

    def card_condition(self: Any, seat: str, card: str, step: str) -> bool:
        f = self.flags
        if card == "misty-passes-open":
            return f["passes"] != "open"
        if card == "snows-of-caradhras":
            return f["passes"] == "open" and not f["snows"]
        if card == "corsairs":
            return "MOR" in self.mobilized and not self.units.get("COR-01", {}).get("active", True)
        if card == "theoden-healed":
            g = self.chars.get("gandalf")
            return "ROH" not in self.mobilized and bool(g and g["alive"] and g["hex"] == self.L.edoras)
        if card == "wormtongues-counsel":
            return "ROH" not in self.mobilized
        if card == "march-of-the-ents":
            return "ENT" not in self.mobilized
        if card == "gandalf-the-white":
            g = self.chars.get("gandalf")
            return bool(g and not g["alive"])
        if card == "elven-cloaks":
            return f.get("cloaks") is None
        if card == "beacons-of-gondor":
            return ("GON" in self.mobilized) != ("ROH" in self.mobilized)
        if card == "treason-of-isengard":
            return "ISE" not in self.mobilized
        if card == "muster-of-the-east":
            return "MOR" in self.mobilized and self.next_muster() is not None
        if card == "grey-company":
            a = self.chars.get("aragorn")
            d = self.units.get("DUN-01")
            return bool(a and a["alive"] and not a["hidden"] and not a["captive"] and d and d["hex"]
                        and d["str"] > 0 and d["hex"] != a["hex"])
        if card == "lembas":
            return bool(self.lembas_group())
        if card == "ride-of-the-rohirrim":
            return not f.get("ride") and "ROH" in self.mobilized
        if card == "tom-bombadil":
            return bool(self.bombadil_targets())
        if card == "black-breath":
            return bool(self.black_breath_targets())
        if card == "huorns":
            return bool(self.huorn_hexes(seat))
        if card == "grond":
            mt = self.grond_target()
            return mt in self.attack_options(seat) and f.get("grond") != mt
        if card == "crebain-of-dunland":
            return self.search is not None and not f.get("crebain")
        if card in ("palantir-deceived",):
            return self.search is not None and self.search["shown"] == "top"
        if card == "the-eye-turns":
            return self.search is not None and self.search["shown"] == "top"
        if card == "eagles":
            return bool(self.eagle_riders()) if step == "5c" else bool(self.eagle_captives())
        if card == "smeagols-guidance":
            return self.gollum["state"] == "active"
        return True

    def card_actions(self: Any, seat: str, step: str) -> list[Action]:
        out: list[Action] = []
        for card in self.playable_cards(seat, step):
            if card == "black-breath":
                out += [{"type": "play", "card": card, "target": t} for t in self.black_breath_targets()]
            elif card == "huorns":
                out += [{"type": "play", "card": card, "hex": h} for h in self.huorn_hexes(seat)]
            elif card == "tom-bombadil":
                out += [{"type": "play", "card": card, "target": t} for t in self.bombadil_targets()]
            elif card == "eagles":
                if step == "5c":
                    out += [{"type": "play", "card": card, "piece": c} for c in self.eagle_riders()]
                else:
                    out += [{"type": "play", "card": card, "captive": c} for c in self.eagle_captives()]
            else:
                out.append({"type": "play", "card": card})
        return out

    # ----- targets -------------------------------------------------------------------------
    def next_muster(self: Any) -> str | None:
        best = None
        for uid, u in self.D.units.items():
            r = self.units.get(uid)
            if r is None or u.arrival is None or r["hex"] or r["gone"] or u.nation not in ("EAS", "VAR", "HAR"):
                continue
            key = (u.arrival.turns, uid)
            if best is None or key < best[0]:
                best = (key, uid)
        return None if best is None else best[1]

    def lembas_group(self: Any) -> list[str]:
        b = self.chars.get(self.ring["bearer"] or "")
        if not b or b["seat"] != FELLOWSHIP or not b["alive"] or b["captive"]:
            return []
        n = int(self.D.event_cards["lembas"].effect["characters"])
        return [m for m, r in sorted(self.chars.items()) if r["hex"] == b["hex"] and r["alive"]
                and r["seat"] == FELLOWSHIP and not r["moved"] and not r["captive"]][:n]

    def bombadil_targets(self: Any) -> list[str]:
        # a revealed character: playing the card names him and his area (R-EVENT-DECK reading)
        return [m for m, r in sorted(self.chars.items()) if r["alive"] and r["seat"] == FELLOWSHIP
                and not r["captive"] and r["hex"] and not r["hidden"]
                and self.W.search_area(r["hex"]) in self.D.event_cards["tom-bombadil"].effect["areas"]
                and r["e"] < self.D.characters[m].endurance]

    def black_breath_targets(self: Any) -> list[str]:
        naz = {r["hex"] for m, r in self.chars.items() if r["alive"] and r["hex"]
               and self.D.characters[m].nazgul and not r["captive"]}
        near = set(naz)
        for h in naz:
            near.update(self.W.adjacent(h))
        return [m for m, r in sorted(self.chars.items()) if r["alive"] and r["seat"] == FELLOWSHIP
                and not r["hidden"] and not r["captive"] and r["hex"] in near]

    def huorn_hexes(self: Any, seat: str) -> list[str]:
        if seat != FELLOWSHIP:
            return []
        eff = self.D.event_cards["huorns"].effect
        return [h for h in self.attack_options(seat)
                if any(self.W.in_region(h, r) for r in eff["regions"])
                or self.W.search_area(h) in eff["areas"]]

    def opts_bombadil(self: Any, ask: dict[str, Any]) -> list[Action]:
        """Tom Bombadil: his charge may move up to 4 hexes (any passable ground) [WR §11.7]."""
        from ...core import hexes as hx
        h = self.chars[ask["piece"]]["hex"]
        n = int(self.D.event_cards["tom-bombadil"].effect["hexes"])
        seen, frontier = {h}, [h]
        for _ in range(n):
            nxt = []
            for x in frontier:
                for b in hx.neighbours(x):
                    if b in seen or b not in self.W.hexes or self.W.terrain_cost(b, "character") is None:
                        continue
                    seen.add(b)
                    nxt.append(b)
            frontier = nxt
        return [{"type": "land", "to": x} for x in sorted(seen - {h})] + [{"type": "stay"}]

    def ans_bombadil(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "stay":
            return []
        c = self.chars[ask["piece"]]
        start, c["hex"] = c["hex"], action["to"]
        if c["hidden"]:
            return [event("bombadil", EVENTS, f"(hidden) {self.name(ask['piece'])} goes with Tom "
                          f"Bombadil to {self.place(action['to'])}", visible_to=FELLOWSHIP)]
        c["seen"] = action["to"]
        return [event("bombadil", EVENTS, f"{self.name(ask['piece'])} goes with Tom Bombadil: "
                      f"{self.place(start)} → {self.place(action['to'])}")]

    def grond_target(self: Any) -> str:
        return self.W.place_named(self.D.event_cards["grond"].effect["place"]).hex

    def eagle_riders(self: Any) -> list[str]:
        return [m for m, r in sorted(self.chars.items()) if r["alive"] and r["seat"] == FELLOWSHIP
                and not r["hidden"] and not r["captive"] and r["hex"] and not r["moved"]
                and r["citadel"] is None and m != "denethor"]

    def eagle_landings(self: Any, cid: str) -> list[str]:
        """The Eagles: up to 12 hexes, ignoring terrain, never into Mordor [WR §11.7]."""
        from ...core import hexes as hx
        h = self.chars[cid]["hex"]
        mordor = self.W.regions["mordor"].hexes
        reach = int(self.D.event_cards["eagles"].effect["flight_hexes"])
        return [x for x in hx.within(h, reach) if x in self.W.hexes and x != h and x not in mordor
                and self.W.is_land(x) and self.W.terrain_cost(x, "character") is not None]

    def opts_eagle_flight(self: Any, ask: dict[str, Any]) -> list[Action]:
        limit = int(self.D.value("S-V1", "max_hidden"))
        hides = sum(1 for r in self.chars.values() if r["alive"] and r["hidden"]) < limit
        out: list[Action] = []
        for x in sorted(self.eagle_landings(ask["piece"])):
            a: Action = {"type": "land", "to": x}
            if hides:
                a["secret"] = True                     # he ends hidden: where stays his [WR §12]
            out.append(a)
        return out

    def ans_eagle_flight(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        c = self.chars[ask["piece"]]
        c["moved"] = True
        limit = int(self.D.value("S-V1", "max_hidden"))
        hidden = sum(1 for r in self.chars.values() if r["alive"] and r["hidden"])
        c["hex"] = action["to"]
        if hidden < limit:
            c["hidden"] = True
            return [event("eagles", EVENTS, f"The Eagles carry {self.name(ask['piece'])} away: he is "
                          "hidden"),
                    event("eagles", EVENTS, f"(hidden) {self.name(ask['piece'])} lands in "
                          f"{self.place(action['to'])}", visible_to=FELLOWSHIP)]
        c["seen"] = action["to"]
        return [event("eagles", EVENTS, f"The Eagles carry {self.name(ask['piece'])} to "
                      f"{self.place(action['to'])}")]

    def eagle_captives(self: Any) -> list[str]:
        return [c for c, info in sorted(self.captives.items()) if info["hex"] != self.L.barad_dur]

    # ----- the decision: play or pass ------------------------------------------------------------
    def opts_events(self: Any, ask: dict[str, Any]) -> list[Action]:
        return self.card_actions(ask["seat"], ask["step"]) + [{"type": "pass"}]

    def ans_events(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "pass":
            if ask["step"] == "2e":
                self.sd.setdefault("passed", []).append(ask["seat"])
            return []
        return self.play_card(ask["seat"], action)

    def play_card(self: Any, seat: str, action: Action) -> list[Event]:
        card = action["card"]
        spec = self.D.event_cards[card]
        self.hands[seat].remove(card)
        self.discards["event"].append(card)
        ev = [event("card", EVENTS, f"{self.seat_name(seat)} plays {spec.name}: {spec.text}", card=card)]
        answerer = self.answering_seat(seat, card)
        if answerer is not None:
            # a card that cancels this one "as it is played" (R-EVENT-TIMING "answer:")
            self.ask = {"kind": "card_answer", "seat": answerer, "card": card, "by": seat,
                        "action": dict(action), "rule": EVENTS}
            return ev
        return ev + self.card_effect(seat, action)

    def answering_seat(self: Any, seat: str, card: str) -> str | None:
        for s2 in self.sides:
            if s2 == seat or not self.enemies(s2, seat) and seat != FELLOWSHIP:
                continue
            for c in set(self.hands[s2]):
                if f"answer:{card}" in self.D.event_cards[c].when and self.seat_plays(s2, c):
                    return s2
        return None

    def opts_card_answer(self: Any, ask: dict[str, Any]) -> list[Action]:
        out: list[Action] = [{"type": "play", "card": c} for c in sorted(set(self.hands[ask["seat"]]))
                             if f"answer:{ask['card']}" in self.D.event_cards[c].when]
        return out + [{"type": "pass"}]

    def ans_card_answer(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "pass":
            return self.card_effect(ask["by"], ask["action"])
        card = action["card"]
        self.hands[ask["seat"]].remove(card)
        self.discards["event"].append(card)
        return [event("card", EVENTS, f"{self.seat_name(ask['seat'])} answers with "
                      f"{self.D.event_cards[card].name}: {self.D.event_cards[ask['card']].name} is "
                      "cancelled", card=card)]

    def card_effect(self: Any, seat: str, action: Action) -> list[Event]:
        card = action["card"]
        ev: list[Event] = []
        f = self.flags
        if card == "misty-passes-open":
            f["passes"] = "open"
        elif card == "snows-of-caradhras":
            f["snows"] = self.turn_ + int(self.D.event_cards[card].effect["turns"]) - 1
        elif card == "corsairs":
            self.units["COR-01"]["active"] = True
            self.mobilized["COR"] = self.turn_
        elif card == "theoden-healed":
            ev += self.mobilize("ROH", "Théoden Healed")
        elif card == "wormtongues-counsel":
            f["wormtongue"] = self.turn_ + int(self.D.event_cards[card].effect["turns"]) - 1
        elif card == "march-of-the-ents":
            ev += self.mobilize("ENT", "March of the Ents")
            f["ents"] = self.turn_
        elif card == "gandalf-the-white":
            g = self.chars["gandalf"]
            eff = self.D.event_cards[card].effect
            where = self.W.place_named(eff["returns_in"][0]).hex
            g.update(alive=True, hex=where, hidden=False, e=self.D.characters["gandalf"].endurance,
                     captive=None, cm=int(eff["combat"]), mo=int(eff["morale"]), seen=where)
        elif card == "elven-cloaks":
            f["cloaks"] = self.ring["bearer"]
        elif card == "lembas":
            for m in self.lembas_group():
                self.chars[m]["mf_bonus"] += int(self.D.event_cards[card].effect["mf"])
        elif card == "ride-of-the-rohirrim":
            f["ride"] = True
        elif card == "beacons-of-gondor":
            ev += self.mobilize("ROH" if "GON" in self.mobilized else "GON", "the Beacons of Gondor")
        elif card == "dawnless-day":
            self.sp = min(int(self.D.value("R-SP-CAP", "cap")),
                          self.sp + int(self.D.event_cards[card].effect["sp"]))
            f["dawnless"] = True
        elif card == "black-breath":
            t = self.chars[action["target"]]
            loss = -int(self.D.event_cards[card].effect["endurance"])
            t["e"] -= loss
            ev.append(event("card", EVENTS, f"{self.name(action['target'])} loses {loss} Endurance "
                            f"to the Black Breath: {max(t['e'], 0)} left", target=action["target"]))
            if t["e"] <= 0:
                ev += self.kill_char(action["target"], "the Black Breath", killer_seat=seat)
        elif card == "crebain-of-dunland":
            f["crebain"] = True
        elif card == "treason-of-isengard":
            ev += self.mobilize("ISE", "Treason of Isengard")
            f.setdefault("muster", {})["ISE-07"] = True
            ev += self.step_2b()[1]
        elif card == "muster-of-the-east":
            uid = self.next_muster()
            if uid:
                f.setdefault("muster", {})[uid] = True
                ev += self.step_2b()[1]
        elif card == "grond":
            f["grond"] = self.grond_target()
        elif card == "the-eye-turns":
            ev += self.eye_turns(seat)
        elif card == "palantir-deceived":
            f["deceived"] = True
        elif card == "smeagols-guidance":
            f["smeagol"] = True
        elif card == "tom-bombadil":
            t = self.chars[action["target"]]
            t["e"] = self.D.characters[action["target"]].endurance
            self.ask = {"kind": "bombadil", "seat": seat, "piece": action["target"], "rule": EVENTS}
        elif card == "grey-company":
            self.units["DUN-01"]["hex"] = self.chars["aragorn"]["hex"]
        elif card == "huorns":
            f["huorns"] = action["hex"]
        elif card == "eagles" and "piece" in action:
            self.ask = {"kind": "eagle_flight", "seat": seat, "piece": action["piece"], "rule": EVENTS}
        elif card == "eagles":
            h = self.captives[action["captive"]]["hex"]
            ev += self.free_captive(action["captive"], "the Eagles carry him off [WR §V3]")
            ev += self.place_escaper(action["captive"], h)         # as an escaper [WR §10.8.2]
        return ev

    def eye_turns(self: Any, seat: str) -> list[Event]:
        """The Eye Turns: look at the whole bottom Search card; put it on top and use the next
        one instead (the engine swaps when the card's areas hold no hidden group the Dark Power
        could know of — here: always offered as a choice)."""
        s = self.search
        card = self.D.search_cards[s["card"] - 1]
        self.ask = {"kind": "eye_turns", "seat": seat, "rule": EVENTS}
        return [event("search", EVENTS, f"The Eye Turns: the card is value {card.value}, areas "
                      f"{', '.join(card.areas)}", visible_to=seat)]

    def opts_eye_turns(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "keep"}, {"type": "swap"}]

    def ans_eye_turns(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "keep":
            return []
        s = self.search
        self.decks["search"].append(s["card"])          # on top
        if not self.decks["search"]:
            return []
        n = self.decks["search"].pop(0)
        card = self.D.search_cards[n - 1]
        s.update(card=n, searcher=self.seat_of(card.searcher.lower()), force=card.force)
        return [event("search", EVENTS, f"The Eye turns to another card: the searcher is "
                      f"{card.searcher} with {card.force}")]


DECISIONS = {
    "card_answer": (CardRules.opts_card_answer, CardRules.ans_card_answer),
    "eagle_flight": (CardRules.opts_eagle_flight, CardRules.ans_eagle_flight),
    "bombadil": (CardRules.opts_bombadil, CardRules.ans_bombadil),
    "events": (CardRules.opts_events, CardRules.ans_events),
    "eye_turns": (CardRules.opts_eye_turns, CardRules.ans_eye_turns),
}
