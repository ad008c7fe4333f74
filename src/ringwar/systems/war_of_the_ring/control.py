"""Control of places and objectives, and victory [WR §10.11] [WR §13.1] [WR §V22] [WR §V23].

A place is controlled by the side whose army units were last alone in it once any intrinsic
defence there is 0 (R-CONTROL); control changes the moment that happens, so the 18-objective
Military Victory is checked after every action.  The victory conditions are checked in the
order of [WR §13.1].
"""

from __future__ import annotations

from typing import Any

from ...core.engine import Event, event
from .pieces import FELLOWSHIP

VICTORY = "[WR §13.1]"


class ControlRules:
    """Mixin: control and victory.  ``self`` is the game."""

    def holder_of_units(self: Any, h: str) -> str | None:
        """"free", "sauron" or "saruman": whose army units are alone in ``h`` (deserters hold
        nothing, R-CONTROL); None if none or both sides."""
        kinds = set()
        for uid, r in self.units.items():
            if r["hex"] != h or r["str"] <= 0 or not r["active"] or r["deserted"]:
                continue
            if r["seat"] == FELLOWSHIP:
                kinds.add("free")
            elif self.spec(uid).nation == "ISE":
                kinds.add("saruman")
            else:
                kinds.add("sauron")
        if not kinds:
            return None
        if "free" in kinds and len(kinds) > 1:
            return None
        if kinds == {"sauron", "saruman"}:
            return "sauron" if len(self.sides) == 2 else None
        return kinds.pop()

    def update_control(self: Any, h: str) -> list[Event]:
        if h not in self.control and h not in self.held and \
                h not in set(self.D.value("S-V12", "garrison_list")):
            return []
        who = self.holder_of_units(h)
        if who is None and h in self.control and self.control[h] is not None \
                and self.only_deserters(h) and self.defence_value(h) <= 0:
            # [WR §10.11] (R-CONTROL) an objective held only by deserters is uncontrolled
            self.control[h] = None
            return [event("control", "[WR §10.11]", f"{self.place(h)} is held only by deserters: "
                          "uncontrolled", hex=h)]
        if who is None or self.defence_value(h) > 0:
            return []
        if h in self.held:
            self.held[h] = who
            return []
        ev: list[Event] = []
        if who == "saruman" and h in set(self.D.value("S-V12", "garrison_list")):
            g = self.flags.setdefault("garrisons", [])
            if h not in g:
                g.append(h)
        if h not in self.control or self.control[h] == who:
            return ev
        before = self.control[h]
        self.control[h] = who
        names = {"free": "the Free Peoples", "sauron": "Sauron", "saruman": "Saruman",
                 None: "no one"}
        ev.append(event("control", "[WR §10.11]", f"{self.place(h)} passes from {names[before]} to "
                        f"{names[who]}", hex=h))
        if h == self.L.dol_guldur and who == "free" and not self.flags["galadriel_free"]:
            self.flags["galadriel_free"] = True                    # [WR §V8] R-GALADRIEL-ONCE-TAKEN
            ev.append(event("galadriel", "[WR §V8]", "Dol Guldur has fallen: Galadriel may move"))
        if h == self.L.minas_tirith and who != "free":
            d = self.chars.get("denethor")
            if d and d["alive"]:
                ev += self.kill_char("denethor", "Minas Tirith has fallen (R-DENETHOR-DIES)",
                                     killer_seat=None)
        return ev

    def only_deserters(self: Any, h: str) -> bool:
        here = [r for r in self.units.values() if r["hex"] == h and r["str"] > 0 and r["active"]]
        return bool(here) and all(r["deserted"] for r in here)

    def recount_control(self: Any) -> list[Event]:
        ev: list[Event] = []
        for h in sorted(self.control):
            ev += self.update_control(h)
        return ev

    def sauron_objectives(self: Any) -> int:
        """[WR §V22] Objectives Sauron holds; in the two-player game Saruman's count for him from
        the turn Isengard mobilizes (R-SARUMAN-OBJECTIVES-2P)."""
        n = sum(1 for v in self.control.values() if v == "sauron")
        if len(self.sides) == 2 and "ISE" in self.mobilized:
            n += sum(1 for v in self.control.values() if v == "saruman")
        return n

    def _win(self: Any, winner: str | None, level: str, text: str, rule: str) -> list[Event]:
        self.result_ = {"winner": winner, "winners": [winner] if winner else [], "level": level,
                        "rule": rule, "text": text}
        self.ask = None
        return [event("result", rule, text, result=self.result_)]

    def check_victory_now(self: Any) -> list[Event]:
        """The conditions checked after every action, in order [WR §13.1] 1-4."""
        if self.result_ is not None:
            return []
        r = self.ring
        b = r["bearer"]
        c = self.chars.get(b) if b else None
        if c and c["alive"] and c["hex"] == self.L.mount_doom and not c["captive"] and not r["succumbed"] \
                and c["seat"] == FELLOWSHIP and r["held_by"] == FELLOWSHIP:
            r["destroyed"] = True
            return self._win(FELLOWSHIP, "victory", f"{self.name(b)} casts the Ring into the fire of "
                             "Mount Doom: the Fellowship wins", "[WR §10.9.6]")
        sauron = self.seat_of("sauron")
        if c and c["alive"] and c["hex"] == self.L.barad_dur and r["held_by"] == sauron:
            return self._win(sauron, "victory", "The Ring is brought to Barad-dûr: Sauron wins",
                             VICTORY)
        if r["claim"] and c and c["alive"]:
            nine = [n for n, x in self.chars.items() if self.D.characters[n].nazgul and x["alive"]]
            if not nine:
                if b == "saruman":
                    return self._win("saruman", "victory", "Saruman has destroyed the last Nazgûl: "
                                     "he wins with the Ring [WR §V10]", "[WR §10.9.4]")
                return self._win(None, "draw", f"{self.name(b)} has destroyed the last Nazgûl; he "
                                 "can never win this way: a draw [WR §V10]", "[WR §10.9.4]")
        n = self.sauron_objectives()
        need = int(self.D.value("S-V22", "automatic_victory"))
        if n >= need:
            return self._win(sauron, "military victory", f"Sauron holds {n} of the 20 objectives: "
                             "Military Victory [WR §V22]", VICTORY)
        return []

    def check_victory_end_of_turn(self: Any) -> list[Event]:
        """[WR §13.1] 5-6: Saruman's aims (three players); the Western Military Option."""
        if self.result_ is not None:
            return []
        if len(self.sides) == 3:
            listed = set(self.D.value("S-V12", "garrison_list"))
            if self.control.get(self.L.isengard) == "saruman" and all(
                    self.holder_of_units(h) == "saruman" for h in listed):
                return self._win("saruman", "victory", "Saruman holds Isengard and every place of "
                                 "his list (R-SARUMAN-WIN)", VICTORY)
        if self.after_m(1) and self.western_military_option():
            return self._win(FELLOWSHIP, "military victory", "Western Military Option: every Mordor "
                             "unit is in Mordor, every ally at home or in Mordor, every Saruman "
                             "unit in Isengard [WR §V23]", "[WR §V23]")
        return []

    def western_military_option(self: Any) -> bool:
        """[WR §V23] (R-WMO-TEST)."""
        mordor = self.W.regions["mordor"].hexes
        for uid, r in self.units.items():
            if not r["hex"] or r["str"] <= 0 or not r["active"] or r["seat"] == FELLOWSHIP:
                continue
            u = self.spec(uid)
            n = self.D.nations[u.nation]
            if u.nation == "ISE":
                if r["hex"] != self.L.isengard:
                    return False
            elif n.deserts:
                if r["hex"] not in mordor and self.W.search_area(r["hex"]) not in n.home:
                    return False
            elif r["hex"] not in mordor:
                return False
        return True

    def end_by_turn_limit(self: Any) -> list[Event]:
        return self._win(None, "draw", f"The end of turn {self.turn_}: the war is undecided, a draw "
                         "(R-DRAW-AT-END)", VICTORY)
