"""Movement [WR §10.2]: armies, characters, Nazgûl, hidden groups and their interceptions,
the Paths of the Dead, deserters, and what moving costs in Shadow Points [WR §10.1].

A player selects a piece (or a stack) and is offered every hex it may reach this step; the
engine takes the cheapest legal path there (for a hidden character, the one with the fewest
interceptions, then the cheapest: a player on paper would pick it too).  Costs come from the
map's Terrain Effects Chart (``WarMap.move_cost``), cached per process on the frozen map.
"""

from __future__ import annotations

import heapq
from typing import Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from . import hunt
from .pieces import FELLOWSHIP

MOVE = "[WR §10.2]"

_STEPS: dict[tuple[int, str, bool], dict[str, list[tuple[str, float, bool, bool]]]] = {}


def steps_from(W: Any, mover: str, open_passes: bool) -> dict[str, list[tuple[str, float, bool, bool]]]:
    """For every hex: (neighbour, MP, along a road, across a river) for ``mover`` (cached per
    map: the map is frozen)."""
    key = (id(W), mover, open_passes)
    table = _STEPS.get(key)
    if table is None and mover == "character+rope":
        # the Elven Rope: rough ground costs the holder 1 [WR §11.9] (R-MAGIC-DECK)
        rope = float(_rope_cost(W))
        rough = W.terrain_cost
        table = {a: [(b, c - (rough(b, "character") - rope)
                      if W.terrain(b) == "rough" and not road else c, road, river)
                     for b, c, road, river in outs]
                 for a, outs in steps_from(W, "character", open_passes).items()}
        _STEPS[key] = table
    if table is None:
        table = {}
        for a in W.hexes:
            out = []
            for b in W.adjacent(a):
                c = W.move_cost(a, b, mover, open_passes=open_passes)
                if c is None:
                    continue
                side = W.hexside(a, b)
                river = side is not None and side.kind in ("river", "great-river", "ford") \
                    and not W.road(a, b)
                out.append((b, c, W.road(a, b), river))
            table[a] = out
        _STEPS[key] = table
    return table


class MovementRules:
    """Mixin: movement.  ``self`` is the game."""

    # ----- who is where ---------------------------------------------------------------------
    def armies_at(self: Any) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for r in self.units.values():
            if r["hex"] and r["str"] > 0 and r["active"]:   # deserters too: they defend [WR §10.2.5]
                out.setdefault(r["hex"], set()).add(r["seat"])
        return out

    def chars_at(self: Any) -> dict[str, set[str]]:
        """Hexes of revealed, free characters by seat (hidden ones are off the map)."""
        out: dict[str, set[str]] = {}
        for c in self.chars.values():
            if c["alive"] and not c["hidden"] and not c["captive"] and c["hex"] and c["seat"]:
                out.setdefault(c["hex"], set()).add(c["seat"])
        return out

    def enemy_army_in(self: Any, h: str, seat: str | None) -> bool:
        for r in self.units.values():
            if r["hex"] == h and r["str"] > 0 and r["active"] and self.enemies(r["seat"], seat):
                return True
        return False

    def units_in(self: Any, h: str, seat: str | None = None) -> list[str]:
        return [u for u, r in self.units.items() if r["hex"] == h and r["str"] > 0
                and r["active"] and (seat is None or r["seat"] == seat)]

    def defence_value(self: Any, h: str) -> int:
        """A place's intrinsic defence now [WR §V14]: 0 once destroyed; 0 while Elrond is away
        from Rivendell [WR §V18] or Galadriel from Lórien [WR §V8]; 0 for ever at Isengard once
        Ents are there [WR §V14]."""
        d = self.defence.get(h)
        if d is None or d["destroyed"]:
            return 0
        lord = {self.L.rivendell: "elrond", self.L.lorien: "galadriel"}.get(h)
        if lord is not None:
            c = self.chars.get(lord)
            if c is None or not c["alive"] or c["hex"] != h or c["captive"]:
                return 0
        return int(d["value"])

    def place_owner(self: Any, h: str) -> str | None:
        """The side holding a place (objectives: its control; otherwise its printed owner)."""
        if h in self.control:
            return self.control[h]                 # None: uncontrolled (held by deserters)
        if h in self.held:
            return self.held[h]
        p = self.W.place(h)
        return p.owner if p else None

    def place_enemy_to(self: Any, h: str, seat: str) -> bool:
        owner = self.place_owner(h)
        if owner is None:
            return False
        owner_seat = FELLOWSHIP if owner == "free" else self.seat_of(owner) if owner in ("sauron", "saruman") else None
        if owner == "dark":
            owner_seat = self.seat_of("sauron")
        return self.enemies(owner_seat, seat)

    # ----- what may move ------------------------------------------------------------------
    def unit_may_move(self: Any, uid: str, seat: str) -> bool:
        r = self.units[uid]
        if r["seat"] != seat or not r["hex"] or r["moved"] or r["str"] <= 0 or not r["active"] \
                or r["deserted"]:
            return False
        u = self.spec(uid)
        if uid == "DEAD-01":
            return False                      # only with Aragorn (R-DEAD-ARMY), as a stack
        if u.nation not in self.mobilized and not self.options["unmobilized_move"] \
                and not (u.nation == "COR" and r["active"]) and not self.unmobilized_escort(uid):
            return False                      # [WR §6.1] R-UNMOBILIZED
        if u.nation == "ISE" and len(self.sides) == 2 and not self.flags["control"] \
                and self.saruman_garrison_bound(uid):
            return False
        return True

    def unmobilized_escort(self: Any, uid: str) -> bool:
        """[WR §V4] "Ten or fewer unmobilized troops may move with captives": an unmobilized
        Dark unit escorting a captive in its hex, while the unmobilized escort there totals
        10 strength or less (S-V4)."""
        r = self.units[uid]
        if self.seat_faction(r["seat"]) != "dark":
            return False
        escorted = [i for i in self.captives.values() if i["hex"] == r["hex"] and uid in i["escort"]]
        if not escorted:
            return False
        unmob = {u for i in escorted for u in i["escort"]
                 if self.units[u]["hex"] == r["hex"] and self.units[u]["str"] > 0
                 and self.spec(u).nation not in self.mobilized}
        limit = int(self.D.value("S-V4", "unmobilized_escort_max_strength"))
        return sum(self.units[u]["str"] for u in unmob) <= limit

    def saruman_garrison_bound(self: Any, uid: str) -> bool:
        """[WR §V12] (R-GARRISON-ONE-UNIT) The last Saruman unit in a listed place he holds
        may not leave it."""
        h = self.units[uid]["hex"]
        listed = set(self.D.value("S-V12", "garrison_list"))
        if h not in listed or h not in self.flags.setdefault("garrisons", []):
            return False
        others = [u for u in self.units_in(h) if u != uid and self.spec(u).nation == "ISE"]
        return not others

    def char_mf(self: Any, cid: str) -> float:
        c = self.chars[cid]
        spec = self.D.characters[cid]
        if cid == self.ring["bearer"] and (self.ring["succumbed"] or cid == "gollum"):
            # the succumbed wearer, or Gollum with the Ring: a Dark Power piece of MF 5
            return float(self.D.value("R-SUCCUMB", "mf"))
        mf = float(spec.mf + c["mf_bonus"])
        magic = self.D.magic_cards
        if "lembas" in c["items"]:
            mf += float(magic["lembas"].effect["mf_bonus"])               # [WR §11.9]
        if "shadowfax" in c["items"] and magic["shadowfax"].user == cid:
            mf = float(magic["shadowfax"].effect["mf"])                   # [WR §V30]
        return mf

    def char_may_move(self: Any, cid: str, seat: str) -> str | None:
        """None if the character may move now, else why not (with the rule)."""
        c = self.chars[cid]
        if c["seat"] != seat:
            return "[WR §6.1] it is not yours"
        if not c["alive"] or not c["hex"]:
            return "[WR §8] it is not on the map"
        if c["captive"]:
            return "[WR §10.8] a captive moves only with its escort"
        if c["moved"]:
            return "[WR §10.2] it has moved this step"
        if c["grounded"]:
            return "[WR §8.1] a dispersed Nazgûl may not move the turn after"
        if c["citadel"] is not None:
            return "[WR §V5] it stays in its citadel for the turns rolled"
        if cid == "denethor":
            return "[WR §V7] Denethor never leaves Minas Tirith"
        if cid == "galadriel" and not self.flags["galadriel_free"]:
            return "[WR §V8] Galadriel has MF 0 until Dol Guldur is first taken by the Free Peoples"
        if cid == "elrond" and not self.after_m(4):
            return "[WR §V18] Elrond cannot leave Rivendell before M+4"
        if cid == "saruman" and len(self.sides) == 2 and not self.flags["control"]:
            return "[WR §V12] Saruman stays in Isengard unless the Dark Power has taken control"
        if cid == "saruman" and c["hex"] == self.L.isengard and self.enemy_army_in(self.L.isengard, seat):
            return "[WR §8.1] Saruman is besieged in Isengard (R-ALONE-WITH-ARMIES)"
        if cid == "gollum" and self.gollum["state"] != "has-ring":
            return "[WR §10.9.5] Gollum moves by his own rules"
        return None

    def after_m(self: Any, n: int) -> bool:
        m = self.mobilized.get("MOR")
        return m is not None and self.turn_ >= m + n

    def move_cost_sp(self: Any, seat: str, pieces: list[str]) -> int:
        """[WR §10.1] (R-SP-COSTS) What a move costs the Dark Power: 1 a Nazgûl or the Mouth,
        1 an army stack; Saruman's forces outside control, the succumbed wearer and the
        three-player Saruman and the Fellowship pay nothing."""
        costs = self.D.value("R-SP-COSTS")
        if seat in costs["seats_without_sp"]:
            return 0
        first = pieces[0]
        if first in self.units:
            if all(self.spec(p).nation == "ISE" for p in pieces if p in self.units) \
                    and not self.flags["control"]:
                return 0
            if all(self.unmobilized_escort(p) for p in pieces if p in self.units):
                return 0                     # captive escorts move free (R-SP-COSTS)
            return int(costs["move_stack"])
        spec = self.D.characters[first]
        if spec.nazgul or first == "mouth":
            return int(costs["move_nazgul_or_mouth"])
        return 0

    def movable(self: Any, seat: str) -> tuple[list[str], list[str], list[str]]:
        """(units, characters, stack hexes) the seat may move now."""
        units, chars, stacks = self._movable(seat)
        return units, chars, sorted(stacks)

    def _movable(self: Any, seat: str) -> tuple[list[str], list[str], dict[str, list[str]]]:
        """The movable pieces and the stacks (hex -> units) of a seat, worked out once per
        state (the cache is keyed by the state's version, bumped by every answer)."""
        cache = self.__dict__.setdefault("_dest_cache", {})
        key = ("movable", self.version, seat)
        hit = cache.get(key)
        if hit is not None:
            return hit
        units = [u for u in self.units if self.unit_may_move(u, seat)]
        chars = [c for c in self.chars if self.char_may_move(c, seat) is None]
        by_hex: dict[str, list[str]] = {}
        for u in units:
            by_hex.setdefault(self.units[u]["hex"], []).append(u)
        for u, r in self.units.items():      # the Army of the Dead moves with Aragorn
            if u == "DEAD-01" and r["hex"] and not r["moved"] and self.aragorn_leads(r["hex"], seat):
                by_hex.setdefault(r["hex"], []).append(u)
        stacks = {h: us for h, us in by_hex.items()
                  if len(us) >= 2 or (us and "DEAD-01" in us)}
        cache[key] = (units, chars, stacks)
        return units, chars, stacks

    def aragorn_leads(self: Any, h: str, seat: str) -> bool:
        a = self.chars.get("aragorn")
        return bool(a and a["alive"] and a["hex"] == h and not a["hidden"] and not a["moved"]
                    and a["seat"] == seat and not a["captive"])

    # ----- the decision: movement ------------------------------------------------------------
    def opts_move(self: Any, ask: dict[str, Any]) -> list[Action]:
        seat = ask["seat"]
        units, chars, stacks = self.movable(seat)
        out: list[Action] = []
        # a piece is offered if it can take a first step (its full menu is worked out when it
        # is selected: listing every piece's menu here would cost a search per piece)
        army = first_steps(self.W, "army", self.passes_open("army"))
        walk = first_steps(self.W, "character", self.passes_open("character"))
        free = seat in self.D.value("R-SP-COSTS", "seats_without_sp")
        sp = self.sp
        for u in units:
            if army.get(self.units[u]["hex"], 99.0) <= self.unit_mf(u) + 1e-9 and (
                    free or sp >= self.move_cost_sp(seat, [u])):
                out.append({"type": "select", "piece": u})
        for h in stacks:
            pieces = self.stack_pieces(h, seat)
            mf = min((self.unit_mf(p) for p in pieces if p != "DEAD-01"), default=6.0)
            if army.get(h, 99.0) <= mf + 1e-9 and (free or sp >= self.move_cost_sp(seat, pieces)):
                out.append({"type": "select", "stack": h})
        for c in chars:
            if (self.D.characters[c].nazgul or
                    walk.get(self.chars[c]["hex"], 99.0) <= self.char_mf(c) + 1e-9) and (
                    free or sp >= self.move_cost_sp(seat, [c])):
                out.append(self.secret({"type": "select", "piece": c}, c))
        if seat == FELLOWSHIP:
            for cid, c in sorted(self.chars.items()):
                if c["alive"] and c["hidden"] and c["seat"] == seat and not c["captive"]:
                    out.append({"type": "reveal", "piece": cid})
            out += self.item_actions(seat)
            out += self.ring_actions()
            if self.paths_open():
                out.append({"type": "paths"})
            a = self.chars.get("aragorn")
            if a and a["alive"] and a["hex"] == self.L.isengard and not a["captive"] \
                    and not self.flags["palantir"].get("orthanc_cancel") \
                    and self.control.get(self.L.isengard) == "free":
                out.append({"type": "palantir"})
        out += self.saruman_ring_actions(seat)
        out += self.card_actions(seat, self.step)
        out.append({"type": "done"})
        return out

    def ans_move(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        kind = action["type"]
        seat = ask["seat"]
        if kind == "done":
            self.sd["done"] = True
            ev = self.end_movement(seat)
            return ev
        if kind == "select":
            pieces = ([action["piece"]] if "piece" in action else
                      self.stack_pieces(action["stack"], seat))
            self.ask = {"kind": "move_piece", "seat": seat, "pieces": pieces,
                        "stack": action.get("stack"), "rule": MOVE}
            return []
        if kind == "reveal":
            self.reveal(action["piece"])
            c = self.chars[action["piece"]]
            return [event("reveal", "[WR §V1]", f"{self.name(action['piece'])} reveals himself in "
                          f"{self.place(c['hex'])}", reveal=True)]
        if kind in ("give_item", "use"):
            return self.item_action(action)
        if kind == "paths":
            return self.use_paths(seat)
        if kind == "palantir":
            # [WR §11.10] Orthanc, once: Aragorn in Isengard cancels the next Search phase
            self.flags["palantir"]["orthanc_cancel"] = self.turn_
            self.flags["search_cancel"] = True
            return [event("palantir", "[WR §11.10]", "Aragorn wields the Palantír of Orthanc: the "
                          "Dark Power's next Search phase is cancelled")]
        if kind in ("put_on", "give_ring", "claim"):
            return self.ring_action(action)
        if kind == "play":
            return self.play_card(seat, action)
        raise AssertionError(kind)

    # ----- Magic items [WR §10.10] [WR §11.9] -------------------------------------------------
    def item_actions(self: Any, seat: str) -> list[Action]:
        """A Magic card passes between characters only in the same hex [WR §10.10]; Athelas
        and the Ent-draught are used once [WR §11.9].  A hidden holder's acts are secret."""
        magic = self.D.magic_cards
        out: list[Action] = []
        for cid, c in sorted(self.chars.items()):
            if c["seat"] != seat or not c["alive"] or c["captive"] or not c["hex"] \
                    or not any(i in magic for i in c["items"]):
                continue
            mates = [m for m, r in sorted(self.chars.items()) if m != cid and r["hex"] == c["hex"]
                     and r["seat"] == seat and r["alive"] and not r["captive"]]
            for item in sorted(set(c["items"])):
                spec = magic.get(item)
                if spec is None:
                    continue                                  # a starting item stays with him
                if not spec.user:
                    for m in mates:
                        give: Action = {"type": "give_item", "piece": cid, "item": item, "to": m}
                        out.append(self.secret(give, *self.item_parties(give)))
                if item == "athelas":
                    for t in [cid, *mates]:
                        r = self.chars[t]
                        top = self.D.characters[t].endurance - r.get("real", 0) + r.get("max_bonus", 0)
                        if r["e"] < top:
                            heal: Action = {"type": "use", "piece": cid, "item": item, "target": t}
                            out.append(self.secret(heal, *self.item_parties(heal)))
                elif item == "ent-draught" and self.draught_drinkers(cid):
                    drink: Action = {"type": "use", "piece": cid, "item": item}
                    out.append(self.secret(drink, *self.item_parties(drink)))
        return out

    def item_parties(self: Any, action: Action) -> list[str]:
        """The characters a Magic card's passing or use names or touches: its holder, and whom
        he gives it to, heals with Athelas or shares the Ent-draught with [WR §10.10] [WR §11.9]
        (his act is secret if any of them is hidden [WR §12]: they are all in his hex)."""
        cid = action["piece"]
        if action["type"] == "give_item":
            return [cid, action["to"]]
        if "target" in action:
            return [cid, action["target"]]
        return [cid, *self.draught_drinkers(cid)]

    def draught_drinkers(self: Any, cid: str) -> list[str]:
        n = len(self.D.magic_cards["ent-draught"].effect["targets"])
        h = self.chars[cid]["hex"]
        hobbits = [m for m in ("frodo", "sam", "merry", "pippin") if m in self.chars
                   and self.chars[m]["hex"] == h and self.chars[m]["alive"]
                   and not self.chars[m]["captive"]]
        return hobbits[:n]

    def item_action(self: Any, action: Action) -> list[Event]:
        cid, item = action["piece"], action["item"]
        c = self.chars[cid]
        name = self.D.magic_cards[item].name
        secret = FELLOWSHIP if self.any_hidden(self.item_parties(action)) else None
        if action["type"] == "give_item":
            c["items"].remove(item)
            self.chars[action["to"]]["items"].append(item)
            return [event("item", "[WR §10.10]", f"{self.name(cid)} gives {name} to "
                          f"{self.name(action['to'])}", visible_to=secret)]
        c["items"].remove(item)                                      # one use [WR §11.9]
        eff = self.D.magic_cards[item].effect
        if item == "athelas":
            t = self.chars[action["target"]]
            top = self.D.characters[action["target"]].endurance - t.get("real", 0) + t.get("max_bonus", 0)
            t["e"] = min(top, t["e"] + int(eff["heal"]))
            return [event("item", "[WR §11.9]", f"{self.name(cid)} uses Athelas: "
                          f"{self.name(action['target'])} heals to {t['e']}", visible_to=secret)]
        drinkers = self.draught_drinkers(cid)
        for m in drinkers:
            self.chars[m]["max_bonus"] = self.chars[m].get("max_bonus", 0) + int(eff["max_endurance"])
        return [event("item", "[WR §11.9]", f"{self.name(cid)} shares the Ent-draught: "
                      f"{', '.join(self.name(m) for m in drinkers)} +1 maximum Endurance",
                      visible_to=secret)]

    def stack_pieces(self: Any, h: str, seat: str) -> list[str]:
        return list(self._movable(seat)[2].get(h, []))

    def opts_move_piece(self: Any, ask: dict[str, Any]) -> list[Action]:
        pieces = ask["pieces"]
        out: list[Action] = []
        for h, (_cost, _path, fly) in sorted(self.destinations(pieces, ask["seat"]).items()):
            a: Action = {"type": "move", "to": h}
            if ask.get("stack"):
                a["stack"] = ask["stack"]
            else:
                a["piece"] = pieces[0]
            if fly:
                a["fly"] = True
            out.append(self.secret(a, pieces[0]))
        if not ask.get("stack") and pieces[0] in self.units:
            out += self.split_merge_options(pieces[0])
        out.append(self.secret({"type": "stay"}, pieces[0]))
        return out

    # ----- splitting and merging (R-SPLIT-MERGE) ------------------------------------------------
    def merge_cap(self: Any, uid: str) -> int:
        t = self.spec(uid).type
        return max(u.strength for u in self.D.units.values() if u.type == t)

    def split_merge_options(self: Any, uid: str) -> list[Action]:
        """[WR §7] (R-SPLIT-MERGE): a unit that has not moved may split into units of the same
        type and nation, each of strength 1 or more; units of the same type and nation in one
        hex may merge, up to the largest printed strength of the type."""
        r = self.units[uid]
        spec = self.spec(uid)
        if uid.startswith("DEAD") or spec.nation == "COR":
            return []
        out: list[Action] = []
        least = int(self.D.value("R-SPLIT-MERGE", "split_min_strength"))
        if not r["moved"] and r["str"] >= 2 * least:
            out.append({"type": "split", "piece": uid})        # then: how much to split off
        cap = self.merge_cap(uid)
        for other, o in sorted(self.units.items()):
            if other == uid or o["hex"] != r["hex"] or o["seat"] != r["seat"] or o["str"] <= 0 \
                    or o["deserted"] or not o["active"]:
                continue
            os_ = self.spec(other)
            if os_.type == spec.type and os_.nation == spec.nation and o["str"] + r["str"] <= cap:
                out.append({"type": "merge", "piece": uid, "into": other})
        return out

    def opts_split(self: Any, ask: dict[str, Any]) -> list[Action]:
        least = int(self.D.value("R-SPLIT-MERGE", "split_min_strength"))
        r = self.units[ask["piece"]]
        return [{"type": "split_off", "strength": n} for n in range(least, r["str"] - least + 1)] + \
            [{"type": "stay"}]

    def ans_split(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "stay":
            return []
        return self.split_unit(ask["piece"], int(action["strength"]))

    def split_unit(self: Any, uid: str, n: int) -> list[Event]:
        r = self.units[uid]
        base = uid.partition("/")[0]
        k = 1 + self.flags.get("splits", 0)
        self.flags["splits"] = k
        new = f"{base}/{k}"
        self.units[new] = dict(r, str=n)
        r["str"] -= n
        for info in self.captives.values():
            if uid in info["escort"]:
                info["escort"].append(new)
        return [event("split", "[WR §7]", f"{self.name(uid)} splits: {n} strength form {new} "
                      "(R-SPLIT-MERGE)", unit=new)]

    def merge_units(self: Any, uid: str, into: str) -> list[Event]:
        r, o = self.units[uid], self.units[into]
        o["str"] += r["str"]
        o["moved"] = o["moved"] or r["moved"]
        o["attacked"] = o["attacked"] or r["attacked"]
        o["fought"] = o["fought"] or r["fought"]
        r.update(str=0, hex=None, gone=True)
        for info in self.captives.values():
            if uid in info["escort"]:
                info["escort"] = [into if u == uid else u for u in info["escort"]]
        return [event("merge", "[WR §7]", f"{self.name(uid)} merges into {self.name(into)}, now "
                      f"{o['str']} strong (R-SPLIT-MERGE)")]

    def secret(self: Any, action: Action, *pieces: str) -> Action:
        """[WR §12] An act of or to a hidden character (a selection, a move, a Magic card passed
        or used) says so in the record itself, so that the record shows the other seats only
        that someone acted, even after he is revealed: secret if any of ``pieces`` is hidden
        (a visible Elrond's gift to a hidden Boromir would show where Boromir is)."""
        if self.any_hidden(pieces):
            action["secret"] = True
        return action

    def any_hidden(self: Any, pieces: Any) -> bool:
        """Whether any of ``pieces`` is a hidden Fellowship character [WR §12]."""
        for piece in pieces:
            c = self.chars.get(piece)
            if c is not None and c["hidden"] and c["seat"] == FELLOWSHIP:
                return True
        return False

    def ans_move_piece(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        seat = ask["seat"]
        self.ask = None
        if action["type"] == "stay":
            return []
        if action["type"] == "split":
            self.ask = {"kind": "split", "seat": seat, "piece": action["piece"], "rule": "[WR §7]"}
            return []
        if action["type"] == "merge":
            return self.merge_units(action["piece"], action["into"])
        pieces = ask["pieces"]
        dest = self.destinations(pieces, seat)[action["to"]]
        cost_sp = self.move_cost_sp(seat, pieces)
        self.sp -= cost_sp
        return self.carry_out_move(seat, pieces, dest[1], dest[2], cost_sp)

    # ----- where a piece may go ----------------------------------------------------------------
    def destinations(self: Any, pieces: list[str], seat: str) -> dict[str, tuple[float, list[str], bool]]:
        """Every hex the piece (or stack) may end its move in, with the cost and the path the
        engine will take, and whether a Nazgûl must fly there."""
        cache = self.__dict__.setdefault("_dest_cache", {})
        key = (self.version, tuple(pieces), seat, self.sp)
        hit = cache.get(key)
        if hit is not None:
            return hit
        if len(cache) > 256:
            cache.clear()
        first = pieces[0]
        if first in self.units:
            res = self._army_reach(pieces, seat)
        else:
            res = self._char_reach(first, seat)
        cache[key] = res
        return res

    def _army_reach(self: Any, pieces: list[str], seat: str) -> dict[str, tuple[float, list[str], bool]]:
        units = [p for p in pieces if p in self.units]
        start = self.units[units[0]]["hex"]
        mf = min(self.unit_mf(u) for u in units)
        armies = self.armies_at()
        enemy_stop = {h for h, seats in armies.items() if any(self.enemies(s, seat) for s in seats)}
        enemy_stop |= {h for h in self.defence if self.defence_value(h) > 0 and self.place_enemy_to(h, seat)}
        hobbits = any(self.spec(u).type == "hobbits" and not self.units[u]["fought"] for u in units)
        dark = self.seat_faction(seat) == "dark"
        barred: set[str] = set()
        if self.flags["alliance"] and len(self.sides) == 3:
            if seat == "saruman":
                barred |= self.W.regions["mordor"].hexes
            elif seat == "sauron":
                barred.add(self.L.isengard)
        if dark and not self.ring["doom_open"]:
            barred.add(self.L.mount_doom)                          # R-DOOM-ARMIES [WR §V17]
        table = steps_from(self.W, "army", self.passes_open("army"))
        only = self.W.area("B").hexes if hobbits else None            # [WR §V28]

        def allowed(b: str) -> bool:
            return b not in barred and (only is None or b in only)

        reach = cheapest_paths(start, mf, table, barred, enemy_stop, only)
        if all(self.spec(u).nation == "COR" for u in units):
            for h, v in self.sea_reach(start, mf, enemy_stop, allowed).items():
                if h not in reach or v[0] < reach[h][0]:
                    reach[h] = v
        out: dict[str, tuple[float, list[str], bool]] = {}
        gorg = not self.ring["gorgoroth_open"]
        for h, (cost, path) in reach.items():
            if h == start:
                continue
            if gorg and self.W.in_region(h, "gorgoroth") and h != self.L.barad_dur:
                continue                                      # [WR §V20]
            out[h] = (cost, path, False)
        return out

    def sea_reach(self: Any, start: str, mf: float, enemy: set[str], allowed: Any) -> dict[str, tuple[float, list[str]]]:
        """[WR §7.3] (R-CORSAIR-MOVE): the Corsairs sail, 1 MP a sea hex, and land in any
        coastal land hex, which ends the move."""
        V = self.D.value("R-CORSAIR-MOVE")
        sea_mp, row_mp = float(V["sea_mp"]), float(V["anduin_mp"])
        banks = self.anduin_banks()
        best: dict[str, tuple[float, list[str]]] = {}
        frontier = [(0.0, [start])]
        seen = {start: 0.0}
        while frontier:
            cost, path = frontier.pop(0)
            here = path[-1]
            rowing = here in banks and len(path) > 1 and (self.W.terrain(path[-2]) == "sea"
                                                         or path[-2] in banks)
            for b in self.W.adjacent(here):
                sea = self.W.terrain(b) == "sea"
                if here != start and not rowing and not self.W.terrain(here) == "sea":
                    break                                  # landed: the move ends
                if sea and not rowing:
                    nc = cost + sea_mp
                elif b in banks and (self.W.terrain(here) == "sea" or rowing):
                    nc = cost + row_mp                     # rowing up the Anduin
                else:
                    nc = cost + sea_mp
                if nc > mf + 1e-9:
                    continue
                if sea and not rowing:
                    if seen.get(b, 1e9) > nc:
                        seen[b] = nc
                        frontier.append((nc, path + [b]))
                elif b in banks and allowed(b) and (self.W.terrain(here) == "sea" or rowing):
                    if seen.get(b, 1e9) > nc:
                        seen[b] = nc
                        best[b] = (nc, path + [b])
                        frontier.append((nc, path + [b]))
                elif not rowing and len(path) > 1 and self.W.is_land(b) and allowed(b) \
                        and self.W.terrain_cost(b, "army") is not None:
                    if b not in best or best[b][0] > nc:
                        best[b] = (nc, path + [b])
        return best

    def anduin_banks(self: Any) -> set[str]:
        """Land hexes beside the Anduin below Osgiliath (R-CORSAIR-MOVE anduin_below_hex)."""
        below = self.D.value("R-CORSAIR-MOVE", "anduin_below_hex")
        row = int(below[2:])
        out = set()
        for side in self.W.hexsides():
            if side.kind in ("great-river", "ford", "bridge"):
                for h in side.hexes:
                    if self.W.is_land(h) and int(h[2:]) > row and self.W.terrain(h) != "mountain":
                        out.add(h)
        return out

    def unit_mf(self: Any, uid: str) -> float:
        u = self.spec(uid)
        mf = float(u.mf)
        cards = self.D.event_cards
        if self.flags.get("ride") and u.nation == "ROH" and u.cavalry:
            mf += int(cards["ride-of-the-rohirrim"].effect["mf"])
        if self.flags.get("ents") == self.turn_ and u.nation == "ENT":
            mf += int(cards["march-of-the-ents"].effect["mf"])
        return mf

    def _char_reach(self: Any, cid: str, seat: str) -> dict[str, tuple[float, list[str], bool]]:
        c = self.chars[cid]
        spec = self.D.characters[cid]
        start = c["hex"]
        armies = self.armies_at()
        chars = self.chars_at()
        enemy_armies = {h for h, ss in armies.items() if any(self.enemies(s, seat) for s in ss)}
        enemy_chars = {h for h, ss in chars.items() if any(self.enemies(s, seat) for s in ss)}
        dark = self.seat_faction(seat) == "dark"
        barred: set[str] = set()
        if dark:
            barred |= {h for h in self.open_sanctuaries()}     # [WR §10.6]
        fellowship_side = c["seat"] == FELLOWSHIP
        if not self.ring["doom_open"] and not fellowship_side:
            barred.add(self.L.mount_doom)                               # [WR §V17]
        if self.flags["alliance"] and len(self.sides) == 3 and seat == "saruman":
            barred |= self.W.regions["mordor"].hexes
        hidden = c["hidden"]
        rope = "elven-rope" in c["items"]
        table = steps_from(self.W, "character+rope" if rope else "character",
                           self.passes_open("character"))

        def allowed(b: str) -> bool:
            return b not in barred

        out: dict[str, tuple[float, list[str], bool]] = {}
        if spec.nazgul:
            V = self.D.value("R-NAZGUL-MF")
            ride = cheapest_paths(start, float(V["riding"]), table, barred, enemy_armies | enemy_chars)
            for h, (cost, path) in ride.items():
                if h != start:
                    out[h] = (cost, path, False)
            # flying [WR §10.2.3] [WR §V31]: 12 hexes east of the Anduin; 7 in all once a
            # flight touches a hex west of it, and only after Mordor mobilizes
            west = self.W.regions["west-of-anduin"].hexes
            never_end = set(V["flight_may_not_end_in"])
            east_only = _flight(start, int(V["flying"]), lambda b: b in self.W.hexes and b not in west and allowed(b))
            both = _flight(start, int(self.D.value("S-V31", "west_mf")), lambda b: b in self.W.hexes and allowed(b)) \
                if "MOR" in self.mobilized else {}
            for reach in (east_only, both):
                for h, path in reach.items():
                    if h == start or h in out or self.W.terrain(h) in never_end:
                        continue
                    out[h] = (float(len(path) - 1), path, True)
            # [WR §10.9.4] while a claim lasts every Nazgûl may move to the claimant, ignoring
            # [WR §V17], [WR §V20] and the Dark Alliance
            claimant = self.ring["bearer"] if self.ring["claim"] else None
            if claimant and claimant in self.chars and self.chars[claimant]["alive"]:
                ch = self.chars[claimant]["hex"]
                if ch and ch != start and ch not in out:
                    out[ch] = (0.0, [start, ch], True)
            return out
        mf = self.char_mf(cid)
        stop = enemy_armies | enemy_chars
        if hidden:
            reach = pareto_paths(start, mf, table, barred, enemy_armies | enemy_chars)
        else:
            reach = cheapest_paths(start, mf, table, barred, stop)
        if cid == "gandalf" and "shadowfax" in c["items"]:
            # [WR §V30] R-SHADOWFAX-WAITS: a move into Mordor has his own MF
            mordor = self.W.regions["mordor"].hexes
            reach = {h: v for h, v in reach.items() if not any(x in mordor for x in v[1])}
            slow = cheapest_paths(start, float(spec.mf), table, barred, stop) if not hidden else \
                pareto_paths(start, float(spec.mf), table, barred, enemy_armies | enemy_chars)
            for h, v in slow.items():
                reach.setdefault(h, v)
        for h, (cost, path) in reach.items():
            if h != start:
                out[h] = (cost, path, False)
        return out

    def passes_open(self: Any, mover: str) -> bool:
        return self.flags["passes"] == "open" and not (self.flags["snows"] and self.flags["snows"] >= self.turn_)

    # ----- carrying out a move ------------------------------------------------------------------
    def carry_out_move(self: Any, seat: str, pieces: list[str], path: list[str], fly: bool,
                       sp: int) -> list[Event]:
        ev: list[Event] = []
        first = pieces[0]
        cost_note = f" ({sp} Shadow Point{'s' if sp != 1 else ''})" if sp else ""
        if first in self.units:
            start = path[0]
            # [WR §V29] a stack beginning its move in an engaged hex must disengage
            if self.engaged(start):
                classes = {self.D.nations[self.spec(u).nation].disengage for u in pieces}
                target = self.D.disengage_target(frozenset(classes))
                die = self.dice.d6()
                if die > target:
                    for u in pieces:
                        self.units[u]["moved"] = True
                    return [event("disengage", "[WR §V29]", f"{self.stack_name(pieces)} fails to "
                                  f"disengage from {self.place(start)}: rolled {die}, needed ≤ "
                                  f"{target}; it stays (R-DISENGAGE-FAIL){cost_note}", dice=[die])]
                ev.append(event("disengage", "[WR §V29]", f"{self.stack_name(pieces)} disengages: "
                                f"rolled {die} ≤ {target}", dice=[die]))
            leaders = [cid for cid, c in self.chars.items()
                       if c["hex"] == start and c["seat"] == seat and c["alive"] and not c["hidden"]
                       and not c["captive"] and not c["moved"] and self.char_may_move(cid, seat) is None
                       and not self.D.characters[cid].nazgul]
            end = path[-1]
            crossed = self.crossed_river(path)
            for u in pieces:
                self.units[u].update(hex=end, moved=True, crossed=crossed)
            for cid in leaders:                                      # leaders go with the army
                self.chars[cid].update(hex=end, moved=True, seen=end)
                self.note_pelargir(cid, path)
            for cap, info in self.captives.items():                  # captives with escorts
                if info["hex"] == start and any(u in pieces for u in info["escort"]):
                    info["hex"] = end
                    self.chars[cap]["hex"] = end
            with_ = f" with {', '.join(self.name(c) for c in leaders)}" if leaders else ""
            ev.append(event("move", MOVE, f"{self.stack_name(pieces)}{with_}: {self.place(start)} → "
                            f"{self.place(end)}{cost_note}", pieces=list(pieces), path=list(path)))
            ev += self.after_army_enters(seat, pieces, end)
            return ev
        return ev + self.move_character(seat, first, path, fly, cost_note)

    def stack_name(self: Any, pieces: list[str]) -> str:
        if len(pieces) == 1:
            return self.name(pieces[0])
        return "the stack of " + ", ".join(self.name(p) for p in pieces)

    def crossed_river(self: Any, path: list[str]) -> bool:
        if len(path) < 2:
            return False
        side = self.W.hexside(path[-2], path[-1])
        return side is not None and side.kind in ("river", "great-river", "ford") and \
            not self.W.road(path[-2], path[-1])

    def engaged(self: Any, h: str) -> bool:
        seats = self.armies_at().get(h, set())
        return any(self.enemies(a, b) for a in seats for b in seats)

    def after_army_enters(self: Any, seat: str, pieces: list[str], h: str) -> list[Event]:
        """Mobilization by entry [WR §6.2], Ents at Isengard [WR §V14], control [WR §10.11]."""
        ev: list[Event] = []
        units = [p for p in pieces if p in self.units]
        # [WR §6.2] only an enemy army entering mobilizes a territory (records made before the
        # option entry_mobilizes: any army entering did, its own side's too)
        faction = self.seat_faction(seat)
        side = faction if self.options["entry_mobilizes"] == "enemy" else None
        strength = None
        if faction == "dark" and all(self.spec(u).kind in ("orc",) for u in units):
            strength = sum(self.units[u]["str"] for u in units)          # [WR §V24]
        ev += self.event_mobilize("enemy-enters", area=self.W.search_area(h), hex_=h,
                                  terrain=self.W.terrain(h), orc_only_strength=strength, side=side)
        if faction != "dark" and any(self.spec(u).nation == "ENT" for u in units) and h == self.L.isengard:
            ev += self.ents_negate()
        ev += self.update_control(h)
        return ev

    def move_character(self: Any, seat: str, cid: str, path: list[str], fly: bool,
                       cost_note: str) -> list[Event]:
        c = self.chars[cid]
        hidden = c["hidden"]
        start = path[0]
        ev: list[Event] = []
        c["moved"] = True
        self.note_pelargir(cid, path)
        used_road = any(self.W.road(path[i - 1], path[i]) for i in range(1, len(path)))
        end = path[-1]
        for i in range(1, len(path)):
            h = path[i]
            c["hex"] = h
            if hidden:
                c["road"] = used_road                     # R-ROAD-FLAG
                rolls, spotted = self.interception(cid, h)
                ev += rolls
                if spotted:
                    end = h
                    break
            if c["seat"] == FELLOWSHIP:
                site_ev, stop = self.enter_sites(cid, h)
                ev += site_ev
                if not c["alive"]:                       # slain by a monster on its site
                    return [event("move", MOVE, f"{self.name(cid)}: {self.place(start)} → "
                                  f"{self.place(h)}", piece=cid)] + ev
                if stop:
                    end = h
                    break
                if self.ring["bearer"] == cid and h == self.L.mount_doom:
                    end = h
                    break
        c["hex"] = end
        if not c["hidden"]:
            c["seen"] = end
            ev.insert(0, event("move", MOVE, f"{self.name(cid)}: {self.place(start)} → "
                               f"{self.place(end)}{' (flying)' if fly else ''}{cost_note}",
                               piece=cid, path=list(path[:path.index(end) + 1])))
        else:
            ev.insert(0, event("move", MOVE, f"(hidden) {self.name(cid)}: {self.place(start)} → "
                               f"{self.place(end)}", visible_to=FELLOWSHIP, piece=cid))
            ev.insert(0, event("move", "[WR §V1]", "A hidden character moves"))
        if c["seat"] == FELLOWSHIP and self.ring["bearer"] == cid:
            area = self.W.search_area(end)
            if area in tuple(self.D.value("R-GOLLUM-TABLE", "appears_when_bearer_enters")) \
                    and self.gollum["state"] == "at-large":
                self.gollum["state"] = "active"
                ev.append(event("gollum", "[WR §10.9.5]", "Gollum has found the Ring-bearer's trail",
                                visible_to=FELLOWSHIP))
            if self.ring["worn"]:
                self.ring["area"] = area
                if self.W.in_region(end, "mordor"):
                    ev += self.lift_mordor(doom=True)      # the Ring worn in Mordor [WR §V17] [WR §V20]
        if not c["hidden"]:
            ev += self.update_control(end)
        return ev

    def note_pelargir(self: Any, cid: str, path: list[str]) -> None:
        """R-DEAD-ARMY: the Army of the Dead leaves at the end of the turn in which its leader
        enters Pelargir."""
        dead = self.D.value("R-DEAD-ARMY")
        if cid == dead["leader"] and self.W.place_named("Pelargir").hex in path[1:]:
            self.flags["dead_leave"] = self.turn_

    def interception(self: Any, cid: str, h: str) -> tuple[list[Event], bool]:
        """[WR §10.7.3] A hidden character entering a hex with any enemy piece: a secret roll,
        2 with a Nazgûl or the Mouth there, 1 otherwise; spotted, it stops and is revealed."""
        seat = self.chars[cid]["seat"]
        owners = {r["seat"] for r in self.units.values() if r["hex"] == h and r["str"] > 0
                  and r["active"] and not r["deserted"]}
        nazgul = False
        for oid, o in self.chars.items():
            if o["alive"] and o["hex"] == h and not o["hidden"] and not o["captive"] and o["seat"]:
                owners.add(o["seat"])
                if self.D.characters[oid].nazgul or oid == "mouth":
                    nazgul = True
        hunters = sorted(s for s in owners if self.enemies(s, seat))
        if not hunters:
            return [], False
        if self.wearer() == cid and not nazgul:
            return [], False                               # R-WEAR-EFFECTS: only Nazgûl find him
        value = hunt.intercept_value(self.D, nazgul)
        searcher = self.seat_of("sauron") if self.seat_of("sauron") in hunters else hunters[0]
        group = [cid]
        if self.wearer() == cid:
            return self.spotted_group(h, group, searcher, nazgul, "the Ring-wearer meets a Nazgûl"), True
        ev = self.spot_roll(h, group, value, source="interception", nazgul=nazgul, searcher=searcher)
        return ev, not self.chars[cid]["hidden"]

    def begin_movement(self: Any, seat: str) -> list[Event]:
        """Start of a movement step: road flags cleared (R-ROAD-FLAG); the Fellowship player
        moves the deserters home first [WR §10.2.5]."""
        ev: list[Event] = []
        if seat == FELLOWSHIP:
            for c in self.chars.values():
                if c["seat"] == seat:
                    c["road"] = False
            ev += self.desertion_moves()
        return ev

    def end_movement(self: Any, seat: str) -> list[Event]:
        """R-SITE-START: at the end of the first Fellowship movement, characters that began on
        a Magic site may take its card."""
        ev: list[Event] = []
        if seat == FELLOWSHIP:
            # [WR §6.2] Gondor (Gandalf or Aragorn, revealed, in Minas Tirith) and the Ents (a
            # Hobbit in Fangorn) mobilize when a character ends a Fellowship movement there
            for cid, c in sorted(self.chars.items()):
                if c["alive"] and c["hex"] and not c["captive"] and c["seat"] == FELLOWSHIP:
                    ev += self.event_mobilize("character-ends-move", character=cid,
                                              area=self.W.search_area(c["hex"]), hex_=c["hex"],
                                              revealed=not c["hidden"])
        if seat == FELLOWSHIP and self.turn_ == 1:
            for h in self.D.value("R-SITE-START", "sites"):
                if h in self.sites["magic"]:
                    takers = [cid for cid, c in sorted(self.chars.items()) if c["hex"] == h and
                              c["seat"] == FELLOWSHIP and c["alive"] and not c["captive"]]
                    for cid in takers:
                        got = self.take_magic(cid, h)
                        if got:
                            ev += got
                            break
        return ev

    def desertion_moves(self: Any) -> list[Event]:
        """[WR §10.2.5] Deserters go home at full MF by a shortest legal path, never into a hex
        holding Sauron or Alliance units; no path: they stay (R-DESERT-NO-PATH)."""
        ev: list[Event] = []
        for uid, r in sorted(self.units.items()):
            if not r["deserted"] or not r["hex"]:
                continue
            home = set(self.D.nations[self.spec(uid).nation].home)
            if self.W.search_area(r["hex"]) in home:
                continue
            dark = {h for h, seats in self.armies_at().items()
                    if any(self.seat_faction(s) == "dark" for s in seats)}
            table = steps_from(self.W, "army", self.passes_open("army"))
            reach = cheapest_paths(r["hex"], self.unit_mf(uid), table, dark, set())
            best = None
            for h, (cost, path) in reach.items():
                from_home = self.W.search_area(h) in home
                d = 0 if from_home else min((hx.distance(h, x) for x in self.W.area(sorted(home)[0]).hexes), default=99)
                key = (d, cost, h)
                if best is None or key < best[0]:
                    best = (key, path)
            if best is None or best[1][-1] == r["hex"]:
                continue
            start = r["hex"]
            r["hex"] = best[1][-1]
            ev.append(event("desert", "[WR §10.2.5]", f"Deserter {self.name(uid)}: {self.place(start)} "
                            f"→ {self.place(r['hex'])}"))
        return ev

    def paths_open(self: Any) -> bool:
        return not self.flags["paths"] and self.aragorn_leads(self.L.dunharrow, FELLOWSHIP) \
            and self.step == "5c"

    def use_paths(self: Any, seat: str) -> list[Event]:
        """[WR §V19] (R-PATHS-ROUTE) Aragorn, with the Free characters and units stacked with
        him, makes the whole move from Dunharrow to Erech; the Army of the Dead joins him; the
        Paths are then closed to everyone."""
        self.flags["paths"] = True
        moved = []
        for cid, c in self.chars.items():
            if c["hex"] == self.L.dunharrow and c["seat"] == seat and not c["moved"] and c["alive"] \
                    and not c["captive"] and not c["hidden"]:
                c.update(hex=self.L.erech, moved=True, seen=self.L.erech)
                moved.append(self.name(cid))
        for uid, r in self.units.items():
            if r["hex"] == self.L.dunharrow and r["seat"] == seat and not r["moved"] and r["str"] > 0:
                r.update(hex=self.L.erech, moved=True)
                moved.append(self.name(uid))
        dead = self.units.get("DEAD-01")
        if dead is not None:
            dead.update(hex=self.L.erech, str=self.spec("DEAD-01").strength, moved=True, start=self.L.erech)
        return [event("paths", "[WR §V19]", f"The Paths of the Dead: {', '.join(moved)} pass from "
                      "Dunharrow to Erech, and the Army of the Dead rises to follow Aragorn")]


    # ----- re-hiding [WR §10.6] ---------------------------------------------------------------
    def hide_options(self: Any) -> list[str]:
        """R-REHIDE: at the end of the Fellowship player-turn a revealed character may hide if
        no Dark Power piece is within 3 hexes and the limit of nine allows it."""
        V = self.D.value("R-REHIDE")
        limit = int(self.D.value("S-V1", "max_hidden"))
        hidden = sum(1 for c in self.chars.values() if c["alive"] and c["hidden"])
        if hidden >= limit:
            return []
        dark = [r["hex"] for r in self.units.values() if r["hex"] and r["str"] > 0
                and r["seat"] != FELLOWSHIP and r["active"] and not r["deserted"]]
        dark += [c["hex"] for c in self.chars.values() if c["hex"] and c["alive"]
                 and c["seat"] not in (FELLOWSHIP, None) and not c["captive"]]
        near = int(V["no_enemy_within"])
        out = []
        for cid, c in sorted(self.chars.items()):
            if c["seat"] != FELLOWSHIP or not c["alive"] or c["hidden"] or c["captive"] \
                    or not c["hex"] or c["citadel"] is not None:
                continue
            if self.ring["claim"] and cid == self.ring["bearer"]:
                continue
            if any(hx.distance(c["hex"], d) <= near for d in dark):
                continue
            out.append(cid)
        return out

    def opts_rehide(self: Any, ask: dict[str, Any]) -> list[Action]:
        return [{"type": "hide", "piece": c} for c in self.hide_options()] + [{"type": "done"}]

    def ans_rehide(self: Any, ask: dict[str, Any], action: Action) -> list[Event]:
        if action["type"] == "done":
            self.sd["done"] = True
            return []
        c = self.chars[action["piece"]]
        c["hidden"] = True
        c["seen"] = c["hex"]
        return [event("hide", "[WR §10.6]", f"{self.name(action['piece'])} hides in "
                      f"{self.place(c['hex'])}")]


def _rope_cost(W: Any) -> int:
    from .data import load
    return int(load().magic_cards["elven-rope"].effect["rough_cost"])


# ----- path search ------------------------------------------------------------------------------
_FIRST: dict[tuple[int, str, bool], dict[str, float]] = {}


def first_steps(W: Any, mover: str, open_passes: bool) -> dict[str, float]:
    """For every hex the cheapest first step out of it (a piece that cannot pay it cannot
    move at all), cached per map."""
    key = (id(W), mover, open_passes)
    table = _FIRST.get(key)
    if table is None:
        table = {h: min(c for _b, c, _r, _v in steps) for h, steps in
                 steps_from(W, mover, open_passes).items() if steps}
        _FIRST[key] = table
    return table


def cheapest_paths(start: str, mf: float, table: dict[str, list[tuple[str, float, bool, bool]]],
              barred: set[str] | frozenset[str], stop: set[str],
              only: frozenset[str] | None = None) -> dict[str, tuple[float, list[str]]]:
    """Cheapest paths within ``mf``, never into ``barred`` (nor out of ``only``, if given); a
    hex in ``stop`` may be entered but not left."""
    limit = mf + 1e-9
    best: dict[str, float] = {start: 0.0}
    parent: dict[str, str] = {}
    heap = [(0.0, start)]
    pop, push = heapq.heappop, heapq.heappush
    while heap:
        cost, h = pop(heap)
        if cost > best[h] or (h in stop and h != start):
            continue
        for b, c, _road, _river in table.get(h, ()):
            nc = cost + c
            if nc > limit or b in barred or (only is not None and b not in only):
                continue
            old = best.get(b)
            if old is None or nc < old - 1e-9:
                best[b] = nc
                parent[b] = h
                push(heap, (nc, b))
    out: dict[str, tuple[float, list[str]]] = {}
    for h, cost in best.items():
        path = [h]
        while path[-1] != start:
            path.append(parent[path[-1]])
        out[h] = (cost, path[::-1])
    return out


def pareto_paths(start: str, mf: float, table: dict[str, list[tuple[str, float, bool, bool]]],
            barred: set[str], watched: set[str]) -> dict[str, tuple[float, list[str]]]:
    """For a hidden character: per hex the path with the fewest entries into hexes holding
    enemy pieces (each an interception, [WR §10.7.3]) and, among those, the cheapest."""
    labels: dict[str, list[tuple[int, float]]] = {start: [(0, 0.0)]}
    back: dict[tuple[str, int, float], tuple[str, int, float] | None] = {(start, 0, 0.0): None}
    heap = [(0, 0.0, start)]
    while heap:
        i, cost, h = heapq.heappop(heap)
        for b, c, _road, _river in table.get(h, ()):
            nc = cost + c
            if nc > mf + 1e-9 or b in barred:
                continue
            ni = i + (1 if b in watched else 0)
            ls = labels.setdefault(b, [])
            if any(li <= ni and lc <= nc + 1e-9 for li, lc in ls):
                continue
            ls[:] = [(li, lc) for li, lc in ls if not (ni <= li and nc <= lc)] + [(ni, nc)]
            back[(b, ni, nc)] = (h, i, cost)
            heapq.heappush(heap, (ni, nc, b))
    out: dict[str, tuple[float, list[str]]] = {}
    for h, ls in labels.items():
        i, cost = min(ls)
        node: tuple[str, int, float] | None = (h, i, cost)
        path = []
        while node is not None:
            path.append(node[0])
            node = back[node]
        out[h] = (cost, path[::-1])
    return out


def _flight(start: str, mf: int, allowed: Any) -> dict[str, list[str]]:
    """[WR §10.2.3] A flight: every hex 1 MP, ignoring terrain and hexsides."""
    seen = {start: [start]}
    frontier = [start]
    for _ in range(mf):
        nxt = []
        for h in frontier:
            for b in hx.neighbours(h):
                if b in seen or not allowed(b):
                    continue
                seen[b] = seen[h] + [b]
                nxt.append(b)
        frontier = nxt
    return seen


DECISIONS = {
    "split": (MovementRules.opts_split, MovementRules.ans_split),
    "rehide": (MovementRules.opts_rehide, MovementRules.ans_rehide),
    "move": (MovementRules.opts_move, MovementRules.ans_move),
    "move_piece": (MovementRules.opts_move_piece, MovementRules.ans_move_piece),
}
