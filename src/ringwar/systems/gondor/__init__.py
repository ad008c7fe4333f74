"""Gondor (SPI 1977): the siege of Minas Tirith, Exclusive Rules [11.0]-[20.2].

Hooks over the Standard Rules (:mod:`ringwar.systems.spi`), in the rule book's order:
set-up [13.0], reinforcements [14.0] and the Mumakil [14.3], the city [15.0], sieges
[16.0] (siege towers, catapults, Grond, ladders, fireballs, boiling oil, severed heads),
magic [17.0], the Banner of the King [18.0], demoralization [19.0] and victory [20.0].
Data: ``data/gondor/scenario.toml`` and ``map.toml``.

Hidden information: which Cauldrons (and so which Oil counters) are dummies [16.71].  The
Sauron side's view never says; events that would tell carry ``"visible_to": "westernesse"``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event, register_system
from ...core.errors import IllegalAction, RecordError
from ...core.hexmap import HexMap
from ...core.options import Option
from ..spi.combat import rng_text
from ..spi.game import SAURON, WEST, SpiGame
from ..spi.movement import ALL_MA
from ..spi.state import OFFMAP, Piece

WALLS = ("wall", "tower", "gate")
GARRISON, RELIEF = "garrison", "relief"


ERRATA_WALL = "2101/2201"


@cache
def _without_side(hexmap: HexMap, key: str) -> HexMap:
    """A copy of ``hexmap`` without the feature on hexside ``key`` (shared, immutable)."""
    import copy
    m = copy.copy(hexmap)
    m._sides = {k: v for k, v in hexmap._sides.items() if k != key}
    return m


@cache
def _city(hexmap: HexMap) -> dict[str, Any]:
    """Facts about the city derived once from the map: level of each hex, gates, walls."""
    level: dict[str, int] = {}
    for k in range(1, 8):
        for h in hexmap.places.get(f"level_{k}", ()):
            level[h] = k
    gates: dict[str, dict[str, Any]] = {}
    for key, side in hexmap.sides().items():
        if side["kind"] == "gate":
            a, b = key.split("/")
            gates[key] = {"name": side.get("name", "Gate"), "high": side.get("high"),
                          "low": b if side.get("high") == a else a}
    outer = frozenset(h for h in level if level[h] == 1)
    near_walls = frozenset(h for h in hexmap.hexes if h not in level and hexmap.terrain(h) != "mountain"
                           and any(hx.distance(h, o) <= 2 for o in outer))
    walls = frozenset(h for key, side in hexmap.sides().items() if side["kind"] in WALLS
                      for h in key.split("/"))
    return {"level": level, "gates": gates, "city": frozenset(level),
            "garrison_deploy": frozenset(level) | near_walls, "wall_hexes": walls}


class GondorGame(SpiGame):
    system = "gondor"
    title = "Gondor: the Siege of Minas Tirith"
    DATA = "gondor"
    hidden_information = True

    @classmethod
    def ai_facts(cls) -> dict[str, Any]:
        """The scenario's public facts for the shared AI (``knowledge.py``)."""
        from .knowledge import facts
        return facts()
    PHASES = ("S", "A", "B", "C", "D", "E", "F", "G", "H")
    STEP_SIDES = dict(SpiGame.STEP_SIDES, S=(SAURON, WEST))
    SELECTED_TEXT = dict(SpiGame.SELECTED_TEXT, deploy="set it up")
    OPTIONS = dict(SpiGame.STANDARD_OPTIONS, **{
        "errata_wall_2101": Option(True, "the hexside 2101/2201 is a Wall"),
        "errata_7_12": Option(True, "[7.12] catapults used against units: range two, missile strength e"),
        "errata_7_55": Option(True, "[7.55] a ladder or siege tower never lets a unit retreat across a wall"),
        # balance parameters (for simulation sweeps); the defaults are the rule book's
        "rohan_roll": Option(None, "[14.2] the least die roll (1-7; 7: never) that brings the Riders of Rohan "
                             "(default: the scenario's, 5)", kind=int, minimum=1, maximum=7),
        "rohan_turn": Option(None, "[14.2] the first Game-Turn on which the Riders of Rohan may come "
                             "(default: the scenario's, 5)", kind=int, minimum=1, maximum=16),
    })

    # ===== set-up [13.0] ======================================================================
    def rohan_terms(self) -> tuple[int, int]:
        """[14.2] (first Game-Turn, least roll) for the Riders of Rohan: the scenario's
        (turn 5, a 5 or 6) unless the options ``rohan_turn`` / ``rohan_roll`` change them."""
        turn, roll = self.options.get("rohan_turn"), self.options.get("rohan_roll")
        return (int(self.sc.rohan["first_turn"]) if turn is None else turn,
                min(self.sc.rohan["roll"]) if roll is None else roll)

    def init_exclusive(self) -> None:
        turn, roll = self.options.get("rohan_turn"), self.options.get("rohan_roll")
        if roll is not None and (type(roll) is not int or not 1 <= roll <= 7):
            raise RecordError(f"gondor: option 'rohan_roll' must be a whole number 1-7 (7: Rohan never comes), "
                              f"not {roll!r}")
        if turn is not None and (type(turn) is not int or not 1 <= turn <= int(self.sc.game.get("turns", 16))):
            raise RecordError(f"gondor: option 'rohan_turn' must be a Game-Turn of the game (1-16), not {turn!r}")
        # [19.12] three armies: the garrison, the relief forces, Sauron's host
        dem = self.sc.demoralization
        self.dp = {GARRISON: 0, RELIEF: 0, SAURON: 0}
        self.dp_log = {GARRISON: [], RELIEF: [], SAURON: []}
        self.demoralized = {GARRISON: False, RELIEF: False, SAURON: False}
        self._levels = {GARRISON: int(dem["garrison"]), RELIEF: int(dem["relief"]), SAURON: int(dem["sauron"])}
        counts: dict[str, int] = {}
        for p in self.units.values():
            counts[p.key] = counts.get(p.key, 0) + 1
        for d in self.sc.deploy:
            for tkey, n in (*d.units, *d.equipment):
                for _ in range(n):
                    counts[tkey] = counts.get(tkey, 0) + 1
                    p = Piece(f"{tkey}{counts[tkey]}", utype=self.sc.types[tkey], movement=self.charts.movement)
                    p.flags["deploy"] = d.area
                    self.units[p.id] = p
            for lkey in d.leaders:
                p = Piece(lkey, ltype=self.sc.leaders[lkey], movement=self.charts.movement)
                p.flags["deploy"] = d.area
                self.units[p.id] = p
        for r in self.sc.reinforcements:
            for tkey, n in r.equipment:
                for _ in range(n):
                    counts[tkey] = counts.get(tkey, 0) + 1
                    p = Piece(f"{tkey}{counts[tkey]}", utype=self.sc.types[tkey], movement=self.charts.movement)
                    p.arrival, p.flags["entry"] = r.turn, r.entry
                    self.units[p.id] = p
            if r.army:
                for p in self.units.values():
                    if p.flags.get("entry") == r.entry and p.side == r.side:
                        p.flags["army"] = r.army
            if r.roll:
                for p in self.units.values():
                    if p.flags.get("entry") == r.entry:
                        p.arrival = None              # [14.2] on a 5 or 6, from turn 5
                        p.flags["awaits_roll"] = True
        self.siege: dict[str, Any] = {
            "breached": [], "gate_control": dict.fromkeys(self.city["gates"], WEST),   # [15.15]
            "last": {}, "fires": {}, "heads": {}, "heads_thrown": 0, "ladders": [],
            "ready": {}, "grond": False, "levels": [], "garrison_fell": False, "banner": None,
            "banner_rallies": 0, "oil_asked": [], "rohan": False, "aragorn": False,
            "ladders_used": 0, "oil": {}, "version": 0,
        }
        for p in self.units.values():
            if "cauldron" in p.tags:
                p.flags["oil"] = int(self.sc.siege["oil_per_cauldron"])
        self.spell_state.update({"cast": {}, "active": {}, "frozen": []})
        self._phase = "S"

    def phase_applies(self, phase: str) -> bool:
        return phase != "S" or self._turn == 1 and not self.record.setup

    SETUP_KEYS = SpiGame.SETUP_KEYS | {"available", "siege", "spells"}
    PLACE_KEYS = SpiGame.PLACE_KEYS | {"real", "oil"}

    def check_place_item(self, c: Any, item: dict[str, Any], where: str, tkey: str) -> None:
        tags = self.sc.types[tkey].tags if tkey in self.sc.types else ()
        if "real" in item:                                          # [16.71]
            if "cauldron" not in tags:
                c.fail(f"{where}.real", "only a Cauldron is real or a dummy [16.71]")
            c.bool_(item["real"], f"{where}.real")
        if "oil" in item:                                           # [16.72]
            t = self.sc.types.get(tkey)
            if t is None or t.side != WEST or t.kind == "equipment":
                c.fail(f"{where}.oil", "only a Westernesse combat unit carries Oil [16.72]")
            c.choice(item["oil"], f"{where}.oil", ("real", "dummy"))

    def check_setup_exclusive(self, c: Any, setup: dict[str, Any]) -> None:
        for i, pid in enumerate(c.list_(setup.get("available", []), "available")):    # [14.0]
            c.unit(pid, f"available[{i}]")
            if "entry" not in self.units[pid].flags:
                c.fail(f"available[{i}]", f"{pid} is not a reinforcement [14.0]")
        names = set(self.sc.spells) | {"freeze"}
        for k, until in c.obj(setup.get("spells", {}), "spells").items():          # [17.0]
            c.choice(k, f"spells.{k}", names)
            c.int_(until, f"spells.{k}", 0, 99)
        siege = c.obj(setup.get("siege", {}), "siege", frozenset(self.SIEGE_SETUP))
        for k, v in siege.items():
            self.SIEGE_SETUP[k](self, c, v, f"siege.{k}")

    def _check_ladders(self, c: Any, v: Any, where: str) -> None:
        for i, x in enumerate(c.list_(v, where)):
            w = f"{where}[{i}]"
            c.obj(x, w, {"hex", "side", "turn"})
            h = c.hex_(x.get("hex"), f"{w}.hex")
            # any hexside of its hex: against a plain one it only carries [16.45] [16.47]
            side = c.hexside(x.get("side"), f"{w}.side")
            if h not in side.split("/"):
                c.fail(w, f"a Ladder in {h} stands against a hexside of its own hex, not {side} [16.43]")
            c.int_(x.get("turn"), f"{w}.turn", 0, 99)

    def _check_ready(self, c: Any, v: Any, where: str) -> None:
        for tid, x in c.obj(v, where).items():
            c.unit(tid, f"{where}.{tid}")
            if "siege_tower" not in self.units[tid].tags:
                c.fail(f"{where}.{tid}", f"{tid} is not a Siege Tower [16.41]")
            if not isinstance(x, list) or len(x) != 2:
                c.fail(f"{where}.{tid}", "must be [hex, Game-Turn]")
            c.hex_(x[0], f"{where}.{tid}[0]")
            c.int_(x[1], f"{where}.{tid}[1]", 0, 99)

    def _check_banner(self, c: Any, v: Any, where: str) -> None:
        if v is None:
            return
        c.obj(v, where, {"with", "until", "moved"})
        c.unit(v.get("with"), f"{where}.with", leader=True)
        if self.units[v["with"]].side != WEST:
            c.fail(f"{where}.with", "the Banner goes with a Westernesse leader [18.1]")
        c.int_(v.get("until"), f"{where}.until", 0, 99)
        if "moved" in v:
            c.int_(v["moved"], f"{where}.moved", 0, 99)

    #: the siege state a set-up may give, each with its check (``version`` and the like are
    #: the engine's own bookkeeping and may not be set)
    SIEGE_SETUP: dict[str, Any] = {
        "breached": lambda g, c, v, w: [c.hexside(x, f"{w}[{i}]", WALLS) for i, x in enumerate(c.list_(v, w))],
        "gate_control": lambda g, c, v, w: [(c.choice(k, f"{w}.{k}", set(g.city["gates"])), c.side(s, f"{w}.{k}"))
                                            for k, s in c.obj(v, w).items()],
        "last": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.side(s, f"{w}.{h}")) for h, s in c.obj(v, w).items()],
        "fires": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.choice(k, f"{w}.{h}", ("city", "field")))
                                     for h, k in c.obj(v, w).items()],
        "heads": lambda g, c, v, w: [(c.hex_(h, f"{w}.{h}"), c.int_(n, f"{w}.{h}", 0, 99)) for h, n in c.obj(v, w).items()],
        "heads_thrown": lambda g, c, v, w: c.int_(v, w, 0, int(g.sc.siege["severed_heads"])),
        "ladders": _check_ladders,
        "ladders_used": lambda g, c, v, w: c.int_(v, w, 0, int(g.sc.siege["ladders"])),
        "ready": _check_ready,
        "grond": lambda g, c, v, w: c.bool_(v, w),
        "levels": lambda g, c, v, w: [c.int_(k, f"{w}[{i}]", 1, 7) for i, k in enumerate(c.list_(v, w))],
        "garrison_fell": lambda g, c, v, w: c.bool_(v, w),
        "banner": _check_banner,
        "banner_rallies": lambda g, c, v, w: c.int_(v, w, 0, 2),
        "rohan": lambda g, c, v, w: c.bool_(v, w),
        "aragorn": lambda g, c, v, w: c.bool_(v, w),
    }

    def setup_exclusive(self, setup: dict[str, Any]) -> None:
        for p in self.units.values():
            if p.flags.get("out"):
                p.flags.pop("deploy", None)
        for pid in setup.get("available", []):          # reinforcements waiting off the map now
            p = self.piece(pid)
            p.arrival = int(setup.get("turn", self._turn))
            for k in ("out", "awaits_roll", "deploy"):
                p.flags.pop(k, None)
        for item in setup.get("place", []):
            self.units[item["id"]].flags.pop("deploy", None)
            if "real" in item:
                self.units[item["id"]].flags["real"] = bool(item["real"])
            if "oil" in item:
                self.units[item["id"]].flags["carry"] = item["oil"]
        if self._phase == "S" and not any(p.flags.get("deploy") for p in self.units.values()):
            self._phase = "A"
        for k, v in setup.get("siege", {}).items():
            # a copy: play changes the siege state, never the record's set-up (a shared
            # "gate_control" taken by [15.15] made the saved set-up differ and the record
            # no longer replay to its hash)
            import copy
            self.siege[k] = copy.deepcopy(v)
        for name, until in setup.get("spells", {}).items():
            self.spell_state["active"][name] = int(until)
        for army, flag in setup.get("demoralized", {}).items():
            self.demoralized[army] = bool(flag)

    def exclusive_json(self) -> Any:
        return {"siege": self.siege, "levels": self._levels}

    def dp_level(self, side: str) -> int:
        return self._levels[side]

    def army_of(self, p: Piece) -> str:
        if p.side == SAURON:
            return SAURON
        return p.flags.get("army", GARRISON)                      # [19.12] [19.2]

    # ----- the set-up phase: each side places its pieces in its area, Sauron first ---------
    def deploy_area(self, p: Piece) -> frozenset[str]:
        area = p.flags.get("deploy")
        if area == "garrison_deploy":
            return self.city["garrison_deploy"]                    # [13.2]
        if area == "city":
            return self.city["city"]                               # [16.71]
        return frozenset(self.hexmap.place(area))                  # [13.1] sauron_deploy

    def to_deploy(self, side: str) -> list[Piece]:
        return sorted((p for p in self.units.values() if p.side == side and p.flags.get("deploy")),
                      key=lambda q: q.id)

    def phase_actions(self) -> list[Action]:
        if self._phase == "S":
            side = self.step_side or ""
            waiting = self.to_deploy(side)
            acts: list[Action] = [{"type": "select", "unit": p.id} for p in waiting]
            if any("cauldron" not in p.tags for p in waiting):
                acts.append({"type": "deploy_rest"})
            if not acts:
                acts.append({"type": "end"})
            return acts
        return self.siege_actions()

    def do_deploy_rest(self, action: Action) -> list[Event]:
        """Set up every piece not yet placed (but the Cauldrons, whose secret is the owner's
        to choose) near the action: the Westernesse about the Main Gate, Sauron about the
        road.  Leaders join a unit of their nationality.  A convenience, no rule."""
        side = self.step_side or ""
        focus = "1910" if side == WEST else "1918"
        events: list[Event] = []
        waiting = [p for p in self.to_deploy(side) if "cauldron" not in p.tags]
        for p in sorted(waiting, key=lambda q: (q.is_leader, q.is_gear, q.id)):
            hexes = self.deploy_hexes(p)
            if p.is_leader:
                friends = [h for h in hexes if any(self.leader_may_stack_with(p, u) for u in self.combat_at(h))]
                hexes = friends or hexes
            elif p.is_gear:
                hexes = [h for h in hexes if self.combat_at(h)] or hexes
            if not hexes:
                continue
            best = min(hexes, key=lambda h: (hx.distance(h, focus), h))
            events.extend(self.answer_deploy({"unit": p.id}, {"type": "place", "unit": p.id, "to": best}))
        return events

    def deploy_hexes(self, p: Piece) -> list[str]:
        stackers, sides = self.occupancy()
        out = []
        for h in sorted(self.deploy_area(p)):
            if h in sides.get(SAURON if p.side == WEST else WEST, ()):
                continue
            if self.terrain_cost(p, None, h) is None:
                continue
            if p.is_combat and h in stackers:
                continue
            out.append(h)
        return out

    def do_select(self, action: Action) -> list[Event]:
        if self._phase != "S":
            return super().do_select(action)
        p = self.units[action["unit"]]
        self.ask({"kind": "deploy", "side": p.side, "unit": p.id, "rule": "[13.0]",
                  "prompt": f"where is {self.label(p)} set up?"})
        return []

    def decide_deploy(self, d: dict[str, Any]) -> list[Action]:
        p = self.units[d["unit"]]
        hexes = self.deploy_hexes(p)
        if "cauldron" in p.tags:
            real = sum(1 for q in self.units.values() if "cauldron" in q.tags and q.flags.get("real") is True)
            dummy = sum(1 for q in self.units.values() if "cauldron" in q.tags and q.flags.get("real") is False)
            acts: list[Action] = []
            for h in hexes:
                if real < 3:
                    acts.append({"type": "place", "unit": p.id, "to": h, "real": True})
                if dummy < 3:
                    acts.append({"type": "place", "unit": p.id, "to": h, "real": False})
            return acts
        return [{"type": "place", "unit": p.id, "to": h} for h in hexes]

    def answer_deploy(self, d: dict[str, Any], action: Action) -> list[Event]:
        p = self.units[d["unit"]]
        p.flags.pop("deploy", None)
        self.place(p, action["to"])
        if "real" in action:
            p.flags["real"] = bool(action["real"])                  # [16.71] secret
            return [event("deploy", "[16.71]", f"a Cauldron is set up in {action['to']}", unit=p.id,
                          to=action["to"]),
                    event("deploy_secret", "[16.71]", f"{p.id} is {'real' if action['real'] else 'a dummy'}",
                          unit=p.id, visible_to=WEST)]
        return [event("deploy", "[13.0]", f"{self.label(p)} is set up in {action['to']}", unit=p.id,
                      hex=action["to"]), *self.note_visit(p, action["to"])]

    # ===== sequence of play: B, the Sauron Siege Phase [3.0] ==================================
    def begin_phase_hook(self) -> list[Event] | None:
        events: list[Event] = []
        if self._phase == "B":
            # [16.66] fires outside the city burn only until the next Siege Phase
            self.siege["fires"] = {h: k for h, k in self.siege["fires"].items() if k == "city"}
            # [16.41] a Siege Tower is ready against the walls it begins the Siege Phase beside
            ready = {}
            for p in self.on_map(SAURON):
                if "siege_tower" in p.tags:
                    ready[p.id] = [p.hex, self._turn]
            self.siege["ready"] = ready
            self._features_changed()
        if self._phase == "F":
            self.siege["oil_asked"] = []
        if self._phase == "C":
            self.siege["oil_asked"] = []
            self.offer_oil()          # [16.74] "during the Sauron Movement Phase": also on units already below
        if self._phase == "F":
            events.extend(self.arrivals_for(WEST))
        if self._phase == "H":
            self.siege["banner_rallies"] = 0
        return events

    def arrivals_for(self, side: str) -> list[Event]:
        """[14.2] Rohan from turn 5 on a 5 or 6; Aragorn on turn 10; each lowers the
        garrison's total by 10 [19.11]."""
        events: list[Event] = []
        if side != WEST:
            return events
        dem = self.sc.demoralization
        waiting = any(p.flags.get("awaits_roll") and not p.on_map and not p.flags.get("out")
                      for p in self.units.values())       # no roll once no Rider is left to come
        first, least = self.rohan_terms()
        if not self.siege["rohan"] and waiting and self._turn >= first:
            die = self.dice.d6()
            ok = die >= least
            needs = "never" if least > 6 else (f"{least}-6" if least < 6 else "6")
            events.append(event("roll", "[14.2]", f"will the Riders of Rohan come? rolled {die}: "
                                + ("they arrive along the Northern edge" if ok else f"not this turn ({needs})"),
                                dice=[die]))
            if ok:
                self.siege["rohan"] = True
                for p in self.units.values():
                    if p.flags.pop("awaits_roll", False):
                        p.arrival = self._turn
                events.extend(self.add_dp(GARRISON, int(dem["rohan_arrives"]), "[19.11]", "the Riders of Rohan arrive"))
        if not self.siege["aragorn"] and any(p.arrival == self._turn and p.flags.get("entry") == "aragorn_entry"
                                             for p in self.units.values()):
            self.siege["aragorn"] = True
            events.extend(self.add_dp(GARRISON, int(dem["aragorn_arrives"]), "[19.11]", "Aragorn arrives"))
        return events

    # ===== [15.0] the city ======================================================================
    def level(self, h: str | None) -> int:
        """[15.11] 0 outside the city, 1-7 inside; [15.14] towers stand above their level."""
        if h is None:
            return 0
        lv = self.city["level"].get(h, 0)
        return lv + 0.5 if self.hexmap.terrain(h) == "tower" else lv

    def wall_between(self, a: str, b: str) -> dict[str, Any] | None:
        side = self.hexmap.side(a, b)
        if side and side["kind"] in WALLS:
            return side
        return None

    @classmethod
    def load_map(cls, options: Mapping[str, Any]) -> HexMap:
        """[errata] the hexside 2101/2201 is a Wall; with the errata off it is a plain
        hexside for every rule (movement, ZOC, rally, breaching)."""
        m = super().load_map(options)
        return m if options["errata_wall_2101"] else _without_side(m, ERRATA_WALL)

    @classmethod
    def define(cls, options: Mapping[str, Any], hexmap: HexMap, sc: Any) -> dict[str, Any]:
        """The city's fixed facts [15.0]: each hex's level, the gates, the walls."""
        return {"city": _city(hexmap)}

    @property
    def city(self) -> dict[str, Any]:
        return self.defn.facts["city"]

    def breached(self, a: str, b: str) -> bool:
        return hx.hexside(a, b) in self.siege["breached"]

    def gate_open_for(self, side_name: str, a: str, b: str) -> bool:
        """[15.15] a gate controlled by one's own side may be passed freely."""
        key = hx.hexside(a, b)
        return self.siege["gate_control"].get(key) == side_name

    def _features_changed(self) -> None:
        self.siege["version"] += 1
        self._touch()

    def cost_class(self, p: Piece) -> tuple[Any, ...]:
        return (p.kind, p.formation, p.side, "mumak" in p.tags, p.flags.get("pushing"))

    def cost_features(self) -> frozenset[Any]:
        """What of the siege ``terrain_cost`` depends on [4.3] [15.1] [16.4] [16.67]: breaches,
        fires, ladders and Siege Towers ready, the gates' control.  The cost tables are shared
        by every game in the process: they are keyed on these actual features, never on this
        game's own change counter, or two games at the same count would share a wrong table."""
        s = self.siege
        atoms: set[Any] = {("breach", k) for k in s["breached"]}
        atoms.update(("fire", h) for h in s["fires"])
        atoms.update(("ladder", x["hex"], x["side"]) for x in s["ladders"] if x["turn"] < self._turn)
        atoms.update(("tower", h) for tid, (h, _t) in s["ready"].items()
                     if self.units[tid].on_map and self.units[tid].hex == h)
        atoms.update(("gate", k, side) for k, side in s["gate_control"].items())
        return frozenset(atoms)

    def zoc_context(self) -> Any:
        """[6.13] [16.44] ZOCs pass breaches, and from ladders and Siege Towers once ready
        (which a new Game-Turn can make them): the siege's features."""
        return self.cost_features()

    def feature_hexes(self, atom: Any) -> Any:
        """The hexes whose moves out a feature changes: both sides of a breached or controlled
        gate hexside, the hexes beside a fire (entering it costs more), a ladder's or a
        tower's own hex."""
        kind = atom[0]
        if kind in ("breach", "gate"):
            return atom[1].split("/")
        if kind == "fire":
            return self.hexmap.adjacent(atom[1])
        return (atom[1],)

    def _phase_key(self) -> tuple[Any, ...]:
        # a move's reach is cached for the phase: a Siege Tower pushed away, a gate taken,
        # change it within the phase
        return (*super()._phase_key(), self.siege["version"])

    def terrain_cost(self, p: Piece, a: str | None, b: str) -> float | None:
        terrain = self.hexmap.terrain(b)
        pushing = p.flags.get("pushing")
        spec = self.charts.terrain.get(terrain, {})
        if pushing == "siege_tower" and spec.get("siege_tower_prohibited"):
            return None                                            # [4.3]
        cost = super().terrain_cost(p, a, b)
        if cost is None:
            return None
        if b in self.siege["fires"]:
            cost += float(self.sc.siege["fire_cost"])              # [16.67]
        if a is None:
            return cost
        wall = self.wall_between(a, b)
        if wall is None:
            return cost
        return self.wall_crossing(p, a, b, wall, cost)

    def wall_crossing(self, p: Piece, a: str, b: str, wall: dict[str, Any], cost: float) -> float | None:
        """[15.12]-[15.15] [15.22] [16.4] [16.48] crossing a wall, tower or gate hexside."""
        beast = p.kind == "cavalry" or "mumak" in p.tags or p.is_gear or p.flags.get("pushing")
        if wall["kind"] == "gate" and (self.gate_open_for(p.side, a, b) or self.breached(a, b)):
            return cost                                            # [15.15] or breached
        if beast:
            return None                                            # [15.22] [16.48] gates only
        if self.breached(a, b):
            return cost + 1                                        # [4.3] breached: +1 MP
        up = wall.get("high") == b
        if not up:
            return ALL_MA                                          # [15.13] the whole allowance
        if p.side != SAURON:
            return None                        # [16.41] "any Friendly unit": Sauron's towers, ladders
        if self.tower_ready(a, b):
            return cost + float(self.sc.siege["siege_tower_crossing"])   # [16.41]
        if self.ladder_ready(a, b):
            return cost + float(self.sc.siege["ladder_crossing"])  # [16.43]
        return None                                                # [15.12]

    def ladder_ready(self, a: str, b: str) -> bool:
        key = hx.hexside(a, b)
        return any(ld["hex"] == a and ld["side"] == key and ld["turn"] < self._turn for ld in self.siege["ladders"])

    def tower_ready(self, a: str, b: str) -> bool:
        for tid, (h, _turn) in self.siege["ready"].items():
            t = self.units[tid]
            if t.on_map and t.hex == a == h:
                return True
        return False

    def movement_allowance(self, p: Piece) -> float:
        ma = super().movement_allowance(p)
        if p.side == WEST and p.is_combat and p.hex in self.city["city"] and not p.formation:
            ma = float(self.sc.siege["city_ma"])                   # [15.21]
        if p.flags.get("carry"):
            ma -= 1                                                # [16.75]
        if p.flags.get("pushing"):
            ma = min(ma, 2.0)                                      # [16.11]-[16.13]
        return ma

    def forbidden_hexes(self, p: Piece) -> set[str] | None:
        """[14.31] no cavalry adjacent to a Mumakil unit, friend or foe, and vice versa."""
        if p.kind == "cavalry":
            others = [q for q in self.on_map() if "mumak" in q.tags]
        elif "mumak" in p.tags:
            others = [q for q in self.on_map() if q.kind == "cavalry"]
        else:
            return None
        out: set[str] = set()
        for q in others:
            out.update(self.hexmap.adjacent(q.hex))
        return out

    def zoc_extends(self, frm: str, to: str) -> bool:
        """[6.13] not into or out of tunnel hexes, not through unbreached walls, towers, gates."""
        if self.hexmap.terrain(to) == "tunnel" or self.hexmap.terrain(frm) == "tunnel":
            return False
        wall = self.wall_between(frm, to)
        if wall is not None and not self.breached(frm, to):
            return False
        return super().zoc_extends(frm, to) if wall is None else True

    def zoc_extends_for(self, p: Piece, to: str) -> bool:
        """[16.44] units in Siege Towers and on Ladders exert a ZOC through that wall."""
        if self.zoc_extends(p.hex, to):
            return True
        wall = self.wall_between(p.hex, to)
        return wall is not None and p.side == SAURON and (self.ladder_ready(p.hex, to) or self.tower_ready(p.hex, to))

    def why_not_move_hook(self, p: Piece, to: str) -> IllegalAction | None:
        banned = self.forbidden_hexes(p)
        if banned and to in banned:
            return IllegalAction("[14.31]", "no cavalry unit may ever move adjacent to a Mumakil unit, "
                                 f"friend or foe, and vice versa ({to})")
        return None

    def why_not_mover_hook(self, p: Piece) -> IllegalAction | None:
        if p.is_gear:
            return IllegalAction("[16.11]", f"siege equipment moves only when a combat unit stacked with it "
                                 f"moves it: select that unit ({p.name} is in {p.hex})")
        if self.frozen(p):
            return IllegalAction("[17.12]", f"{p.name} is frozen by the Lord of the Nazgul and may not move")
        return None

    def why_not_select(self, action: Action) -> IllegalAction | None:
        if self._phase != "S":
            return super().why_not_select(action)
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        if p.side != self.step_side:
            return IllegalAction("[13.0]", f"{p.name} belongs to {p.side}; {self.step_side} sets up now")
        return IllegalAction("[13.0]", f"{self.label(p)} is not waiting to be set up")

    # ===== reinforcements [14.0] =======================================================================
    def entry_hexes(self, p: Piece) -> list[str]:
        return list(self.hexmap.place(p.flags.get("entry", "reinforcement_entry")))

    def movers(self, side: str) -> list[Piece]:
        out = super().movers(side)
        return [p for p in out if not p.is_gear and not self.frozen(p)]

    def frozen(self, p: Piece) -> bool:
        """[17.12] Freeze Leader: Westernesse leaders near the Nazgul Lord may not move."""
        return p.id in self.spell_state["frozen"] and self.spell_active("freeze")

    def passed_through(self, p: Piece, path: list[str]) -> list[Event]:
        events: list[Event] = []
        for h in path:
            events.extend(self.note_visit(p, h))
        return events + self.after_visits()

    def note_visit(self, p: Piece, h: str) -> list[Event]:
        """[15.15] [20.1] the last side to occupy or pass through a hex (gates and the road);
        [16.73] the enemy Cauldrons there are destroyed."""
        if not p.is_combat:
            return []
        self.siege["last"][h] = p.side
        for key, g in self.city["gates"].items():
            if h in (g["high"], g["low"]):
                if self.siege["last"].get(g["high"]) == self.siege["last"].get(g["low"]) == p.side:
                    if self.siege["gate_control"].get(key) != p.side:
                        self.siege["gate_control"][key] = p.side
                        self.siege["version"] += 1
        # [16.73] an enemy combat unit destroys the Cauldrons in its hex (real or dummy: the
        # event does not say which [16.71])
        events: list[Event] = []
        for q in list(self.pieces_at(h)):
            if q.is_gear and q.side != p.side and "cauldron" in q.tags:
                self.remove(q)
                q.where = "dead"
                events.append(event("destroyed", "[16.73]", f"{self.label(p)} destroys the Cauldron [{q.id}] "
                                    f"in {h}", unit=q.id, by=p.id, hex=h))
        return events

    def after_visits(self) -> list[Event]:
        return self.update_levels()

    def after_move(self, p: Piece, frm: str | None, to: str) -> list[Event]:
        events = self.note_visit(p, to)
        events += self.update_levels()
        if p.side == SAURON and self._phase == "C":
            self.offer_oil()
        return events

    # ===== [14.32] Mumakil stampede ==============================================================
    def apply_casualty(self, d: Piece, result: str, by: Piece | None, rule: str,
                       missile: bool = False) -> list[Event]:
        events = self.equipment_lost(d, result, by, missile)
        if "mumak" in d.tags and result != "E" and not (result.startswith("hE") and d.reduced) \
                and not d.disrupted:                       # [7.57] a disrupted unit dies instead
            if result.startswith("hE"):
                d.reduced = True
                events.append(event("reduced", rule, f"{self.label(d)} is inverted to its reduced side", unit=d.id))
            return events + self.stampede(d)
        return events + super().apply_casualty(d, result, by, rule, missile)

    def stampede(self, m: Piece) -> list[Event]:
        """[14.32] a retreating Mumak charges in a random direction its full allowance, into
        the first unit it meets (friend or foe); into a wall it dies."""
        direction = self.dice.d6()
        events = [event("roll", "[14.32]", f"{self.label(m)} stampedes: scatter die {direction}", dice=[direction])]
        for _ in range(int(m.ma)):
            nxt = hx.neighbour(m.hex, direction)
            if nxt is None or nxt not in self.hexmap:
                self.remove(m)
                m.where = "exited"
                return events + [event("stampede", "[14.32]", f"{self.label(m)} runs off the map", unit=m.id)]
            if self.wall_between(m.hex, nxt) or self.hexmap.terrain(nxt) == "mountain":
                return events + self.eliminate(m, "[14.32]", "ran into a wall")
            if self.pieces_at(nxt) and any(q.is_combat for q in self.pieces_at(nxt)):
                break
            self.relocate(m, nxt)
            near = [q for n in self.hexmap.adjacent(m.hex) for q in self.combat_at(n) if q.id != m.id]
            if near:
                break
        m.disrupted = True
        events.append(event("stampede", "[14.32]", f"{self.label(m)} ends its charge in {m.hex}, disrupted", unit=m.id))
        near = sorted((q for n in self.hexmap.adjacent(m.hex) for q in self.combat_at(n)), key=lambda q: q.id)
        if near:
            victim = near[0]
            letter = m.melee_now() or "C"
            events.extend(self.resolve_attack(m, victim, letter, False, "[14.32]", missile=False))
        return events

    # ===== combat in the city =================================================================
    def blocks_missiles(self, h: str) -> bool:
        """[7.13] Tower, Grove and Mountain hexes, and hexes holding a Siege Tower."""
        if super().blocks_missiles(h):
            return True
        return any("siege_tower" in q.tags for q in self.pieces_at(h))

    def missile_range(self, p: Piece) -> int:
        if "catapult" in p.tags:
            return 2 if self.options["errata_7_12"] else 4          # [7.12] [16.25]
        return 2

    def may_fire(self, p: Piece) -> bool:
        if "catapult" in p.tags and p.flags.get("siege_used") == self._turn:
            return False                                           # [16.12]
        return super().may_fire(p)

    def may_melee_across(self, p: Piece, d: Piece) -> bool:
        """[7.35] not through unbreached walls unless from a Siege Tower or Ladder, or from a
        higher level; [15.24] into a tunnel hex only through the tunnel hexside."""
        wall = self.wall_between(p.hex, d.hex)
        if self.hexmap.terrain(d.hex) == "tunnel" or self.hexmap.terrain(p.hex) == "tunnel":
            side = self.hexmap.side(p.hex, d.hex)
            if not side or side["kind"] != "tunnel":
                return False
        if wall is None or self.breached(p.hex, d.hex):
            return True
        if wall["kind"] == "gate" and self.gate_open_for(p.side, p.hex, d.hex):
            return True
        if self.level(p.hex) > self.level(d.hex):
            return True
        return p.side == SAURON and (self.ladder_ready(p.hex, d.hex) or self.tower_ready(p.hex, d.hex))

    def melee_ignores_terrain(self, p: Piece) -> bool:
        return True   # walls are judged by may_melee_across; terrain below

    def may_melee_into(self, p: Piece, d: Piece) -> bool:
        if not super().may_melee_into(p, d):
            return False
        spec = self.charts.terrain.get(self.hexmap.terrain(d.hex), {})
        if spec.get("cost") is None:
            return False
        return not (spec.get("cavalry_prohibited") and p.kind == "cavalry")     # [7.36]

    def base_armour(self, d: Piece) -> int:
        if self.hexmap.terrain(d.hex or "") == "tunnel":
            return 4                                               # [15.24]
        return d.armour_now()

    def base_armour_why(self, d: Piece) -> str | None:
        if self.hexmap.terrain(d.hex or "") == "tunnel":
            return "[15.24] defender in a tunnel hex: armour 4"
        return None

    def armour_modifiers(self, d: Piece, attacker_hex: str | None, missile: bool) -> tuple[int, list[str]]:
        extra, why = 0, []
        h = d.hex
        if missile and attacker_hex and h:
            line = hx.line(attacker_hex, h)
            if len(line) >= 2 and self.wall_between(line[-2], h):
                extra += 1
                why.append("[7.18] defender behind a wall against missile fire: armour +1")
        if any("siege_tower" in q.tags for q in self.pieces_at(h)):
            extra += 1 if missile else -1
            why.append("[16.42] defender in a Siege Tower: armour "
                       + ("+1 against missile fire" if missile else "-1 in melee"))
        if any(ld["hex"] == h for ld in self.siege["ladders"]) and d.side == SAURON:
            extra -= 1
            why.append("[16.45] defender on a Ladder: armour -1")
        if d.flags.get("carry"):
            extra -= 1
            why.append("[16.75] defender carrying Oil: armour -1")
        return extra, why

    def defence_morale_why(self, d: Piece) -> tuple[str, list[str]]:
        from ..spi.data import shift_morale
        m, why = super().defence_morale_why(d)
        if d.side == WEST:
            if self.siege["heads"].get(d.hex):
                m = shift_morale(m, -1)                            # [16.84]
                why.append("[16.84] a Severed Head in the defender's hex: morale one level worse")
            if self.spell_active("fear"):
                m = shift_morale(m, -1)                            # [17.11]
                why.append("[17.11] Fear: Westernesse morale one level worse")
        return m, why

    def attack_modifiers(self, p: Piece, melee: bool, target: Piece | None) -> list[tuple[int, str]]:
        mods: list[tuple[int, str]] = []
        if p.side == WEST and self.spell_active("fear"):
            mods.append((-1, "[17.11] Fear: Westernesse units attack one level worse"))
        if p.side == SAURON and "mordor" in p.tags and self.spell_active("break_darkness"):
            mods.append((-1, "[17.21] Darkness broken: units of Mordor attack one level worse"))
        return mods

    def rating_modifiers(self, ld: Piece, combat: bool, foe: Piece | None = None) -> list[tuple[int, str]]:
        """[16.46] -1 in individual combat for a leader with a Siege Tower or Ladder who
        fights through a wall hexside (against ``foe``, the leader he is fighting)."""
        if not combat or foe is None:
            return []
        if not foe.on_map or self.wall_between(ld.hex, foe.hex) is None:
            return []
        if any("siege_tower" in q.tags for q in self.pieces_at(ld.hex)) \
                or any(x["hex"] == ld.hex for x in self.siege["ladders"]):
            return [(-1, f"[16.46] {ld.name} fights through a wall from a Siege Tower or Ladder: -1")]
        return []

    MAGIC_TABLE = "[17.4] Magic Capabilities Chart"

    def preview(self, action: Action) -> dict[str, Any] | None:
        kind = action.get("type")
        if kind in ("breach", "fireball", "head") and self.is_legal(action):
            return self.breach_odds(action) if kind == "breach" else self.scatter_odds(action)
        return super().preview(action)

    def outcome_notes(self, d: Piece, missile: bool) -> dict[str, str]:
        notes = super().outcome_notes(d, missile)

        def add(codes: tuple[str, ...], text: str) -> None:
            for c in codes:
                notes[c] = f"{notes[c]}; {text}" if c in notes else text

        if "mumak" in d.tags and not d.disrupted:
            add(("r1", "r2", "½E, r1"), "a Mumak does not retreat: it stampedes in a random direction [14.32]")
        if not missile:
            gear = [q.name for q in self.pieces_at(d.hex) if "siege_tower" in q.tags]
            if any(x["hex"] == d.hex for x in self.siege["ladders"]):
                gear.append("Ladder")
            if gear:
                add(("r1", "r2", "½E", "½E, r1", "E"), f"the {' and '.join(gear)} in its hex is destroyed [16.47]")
        return notes

    def breach_odds(self, action: Action) -> dict[str, Any]:
        """[16.3] the chance a catapult or Grond breaches a wall, tower or gate hexside."""
        from ..spi.odds import explain_roll
        g = self.units[action["unit"]]
        key = action["hexside"]
        wall, rng_, _band, kind, lo, hi = self.breach_terms(g, key)
        weapon = "Grond (activated, adjacent)" if "grond" in g.tags else f"a Catapult at range {rng_}"
        words = kind.replace("_", " ")
        effect = f"{key} is breached for the rest of the game [16.27]"
        if kind == "main_gate":
            effect += f"; the garrison gains {self.sc.demoralization['main_gate_breached']} Demoralization Points [19.11]"
        out = explain_roll("[16.3] Breach Probability Table",
                           f"{weapon} against a {words} ({wall.get('name', words)}): breaches on "
                           f"{rng_text(lo, hi)} with two dice", [(lo, hi)], "breach", effect, "-", "no effect")
        out["summary"] = f"{100 * out['odds']['breach']:.0f}% to breach {key}"
        return out

    def scatter_odds(self, action: Action) -> dict[str, Any]:
        """[16.63] a Fireball or Severed Head at range 3 or 4 lands on target on a 1-3; else
        it scatters one hex by the Scatter Diagram (perhaps off the map)."""
        c = self.units[action["unit"]]
        what = "a Fireball" if action["type"] == "fireball" else "a Severed Head"
        dist = hx.distance(c.hex, action["to"])
        hits = sorted(self.sc.siege["scatter_hits"])
        if dist < int(self.sc.siege["scatter_from"]):
            odds = {"on target": 1.0}
            column = f"{what} at range {dist}: no scatter below range {self.sc.siege['scatter_from']}"
        else:
            p = len(hits) / 6
            odds = {"on target": p, "scatters": 1 - p}
            column = f"{what} at range {dist}: on target on a die roll of {hits[0]}-{hits[-1]}"
        effect = ("sets the hex on fire [16.66] and burns the Catapults, Cauldrons and Siege Towers in it [16.65]"
                  if action["type"] == "fireball" else
                  "lowers the morale of Westernesse units in the hex [16.84] and adds a Demoralization Point "
                  "to the garrison [16.83] (outside the city it is removed [16.85])")
        legend = {"on target": f"lands in {action['to']}: {effect}",
                  "scatters": "lands in the adjacent hex the Scatter Diagram gives for a second die roll, "
                              "or off the map (no effect) [16.63]"}
        return {"table": "[16.63] Scatter Diagram", "column": column, "shifts": [], "odds": odds,
                "legend": {k: legend[k] for k in odds},
                "summary": f"{100 * odds['on target']:.0f}% to land on {action['to']}"}

    def may_advance_hook(self, p: Piece, h: str) -> bool:
        """[7.53] across a wall only on ladders, in siege towers, or through a breach."""
        wall = self.wall_between(p.hex, h)
        if wall is None or self.breached(p.hex, h):
            return True
        if wall["kind"] == "gate" and self.gate_open_for(p.side, p.hex, h):
            return True
        if p.kind == "cavalry" or "mumak" in p.tags:
            return False
        return p.side == SAURON and (self.ladder_ready(p.hex, h) or self.tower_ready(p.hex, h))

    def may_retreat_through(self, p: Piece, a: str, b: str) -> bool:
        """[7.55] never across an impassable hexside: an unbreached wall (errata: whatever
        ladder or siege tower stands there)."""
        wall = self.wall_between(a, b)
        if wall is None or self.breached(a, b):
            return True
        if wall["kind"] == "gate" and self.gate_open_for(p.side, a, b):
            return True
        if not self.options["errata_7_55"]:
            # without the errata a wall with a ready ladder or siege tower is no obstacle, either
            # way (e.g. back down onto the siege tower's hex)
            return p.side == SAURON and any(self.ladder_ready(x, y) or self.tower_ready(x, y)
                                            for x, y in ((a, b), (b, a)))
        return False

    def equipment_lost(self, d: Piece, result: str, by: Piece | None, missile: bool) -> list[Event]:
        """[16.47] an adverse melee result destroys the Siege Tower or Ladder in the hex."""
        if by is None or by.side == d.side or by.missile_only or missile:
            return []                                              # [16.47] melee only
        events: list[Event] = []
        for q in list(self.pieces_at(d.hex)):
            if "siege_tower" in q.tags:
                self.remove(q)
                q.where = "dead"
                events.append(event("destroyed", "[16.47]", f"the Siege Tower in {d.hex} is destroyed"))
        before = len(self.siege["ladders"])
        self.siege["ladders"] = [x for x in self.siege["ladders"] if x["hex"] != d.hex]
        if len(self.siege["ladders"]) != before:
            events.append(event("destroyed", "[16.47]", f"the Ladder in {d.hex} is destroyed"))
            self._features_changed()
        return events

    # ===== moving siege equipment [16.11]-[16.13], ladders [16.43], oil [16.72] ===================
    def unit_movement_actions(self, p: Piece) -> list[Action]:
        acts: list[Action] = []
        if not p.is_combat:
            return acts
        if p.on_map:
            gear = list(self.pieces_at(p.hex))
        elif self.available_reinforcement(p):
            # [14.0] [14.1] [16.11] [16.13] equipment arriving as a reinforcement cannot move by
            # itself: a combat unit arriving by the same entry pushes (or carries) it onto the map
            gear = [g for g in self.units.values() if g.is_gear and self.available_reinforcement(g)
                    and g.flags.get("entry") == p.flags.get("entry")]
        else:
            return acts
        for g in gear:
            if g.is_gear and g.side == p.side and "cauldron" not in g.tags and g.flags.get("siege_used") != self._turn:
                if "grond" in g.tags and "carries_grond" not in p.tags:
                    continue                                       # [16.13] Trolls or Uruk-Hai
                for h in sorted(self.push_destinations(p, g)):
                    acts.append({"type": "push", "unit": p.id, "gear": g.id, "to": h})
        return acts

    def ladder_actions(self) -> list[Action]:
        """[16.43] "a combat unit moves adjacent to the designated Wall hexside and places a
        Ladder": in the Sauron Movement Phase, by a unit beside a wall from below, whether it
        moved there this phase or stood there; placing ends its movement."""
        acts: list[Action] = []
        if int(self.sc.siege["ladders"]) - self.siege["ladders_used"] <= 0:
            return acts
        laddered = {x["hex"] for x in self.siege["ladders"]}
        for p in sorted(self.on_map(SAURON), key=lambda q: q.id):
            if not p.is_combat or p.disrupted or p.kind == "cavalry" or "mumak" in p.tags or p.hex in laddered:
                continue                                           # [16.48]
            for n in self.hexmap.adjacent(p.hex):
                wall = self.wall_between(p.hex, n)
                if wall and wall.get("high") == n and not self.breached(p.hex, n):
                    acts.append({"type": "ladder", "unit": p.id, "hexside": hx.hexside(p.hex, n)})
        return acts

    def push_destinations(self, p: Piece, g: Piece) -> dict[str, Any]:
        p.flags["pushing"] = "siege_tower" if "siege_tower" in g.tags else "gear"
        try:
            reach = self._reachable(p)
        finally:
            p.flags.pop("pushing", None)
        stackers, sides = self.occupancy()
        enemy = sides.get(SAURON if p.side == WEST else WEST, ())
        return {h: v for h, v in reach.items() if h != p.hex and h not in enemy and h not in stackers}

    def do_push(self, action: Action) -> list[Event]:
        p, g = self.units[action["unit"]], self.units[action["gear"]]
        frm = p.hex
        if frm is None:                                            # [14.0] entering the map
            _cost, entry, _prev = self.push_destinations(p, g)[action["to"]]
            if entry is not None:
                self.entry_count[entry] = self.entry_count.get(entry, 0) + 1
            p.entered_turn = g.entered_turn = self._turn
        self.relocate(p, action["to"])
        self.relocate(g, action["to"])
        p.moved = True
        self.siege["ready"].pop(g.id, None)                         # [16.41] must start beside the wall
        self._features_changed()
        where = f"{frm} -> {action['to']}" if frm is not None else f"onto the map [14.0] to {action['to']}"
        events = [event("move", "[16.11]", f"{self.label(p)} moves {g.name} {where}",
                        unit=p.id, gear=g.id, frm=frm, to=action["to"])]
        events.extend(self.after_move(p, frm, action["to"]))
        return events

    def do_ladder(self, action: Action) -> list[Event]:
        p = self.units[action["unit"]]
        self.siege["ladders"].append({"hex": p.hex, "side": action["hexside"], "turn": self._turn})
        self.siege["ladders_used"] += 1
        p.moved = True
        self._features_changed()
        return [event("ladder", "[16.43]", f"{self.label(p)} sets a Ladder against {action['hexside']} "
                      "(usable next Game-Turn)", unit=p.id, hexside=action["hexside"])]

    def extra_movement_actions(self, side: str) -> list[Action]:
        acts: list[Action] = []
        if side == SAURON and self._phase == "C":
            acts.extend(self.ladder_actions())
        if side == WEST and self._phase == "F":
            acts.extend(self.banner_moves())
            acts.extend(self.arrival_formations())
            for p in sorted(self.on_map(WEST), key=lambda q: q.id):
                if not p.is_combat or p.flags.get("carry"):
                    continue
                for c in self.pieces_at(p.hex):
                    if "cauldron" in c.tags and c.flags.get("oil", 0) > 0:
                        acts.append({"type": "take_oil", "unit": p.id, "cauldron": c.id})   # [16.72]
        return acts

    def do_take_oil(self, action: Action) -> list[Event]:
        p, c = self.units[action["unit"]], self.units[action["cauldron"]]
        c.flags["oil"] -= 1
        p.flags["carry"] = "real" if c.flags.get("real") else "dummy"
        return [event("oil", "[16.72]", f"{self.label(p)} picks up an Oil counter in {p.hex}", unit=p.id)]

    # ----- [16.74] pouring oil in the Sauron Movement Phase --------------------------------------------
    def oil_targets(self, carrier: Piece) -> list[Piece]:
        out = []
        for n in self.hexmap.adjacent(carrier.hex):
            if self.level(carrier.hex) <= self.level(n):
                continue
            for q in self.pieces_at(n):
                if q.side == SAURON and (q.is_combat or "siege_tower" in q.tags):
                    out.append(q)
        return sorted(out, key=lambda q: q.id)

    def offer_oil(self) -> None:
        """After each Sauron move, the Westernesse player may pour oil from any unit that
        carries some (dummy or not: the question itself must not tell)."""
        for c in sorted(self.on_map(WEST), key=lambda q: q.id):
            if not c.flags.get("carry"):
                continue
            targets = [t.id for t in self.oil_targets(c)]
            fresh = [t for t in targets if [c.id, t] not in self.siege["oil_asked"]]
            if fresh:
                for t in fresh:
                    self.siege["oil_asked"].append([c.id, t])
                self.ask({"kind": "oil", "side": WEST, "unit": c.id, "targets": targets, "rule": "[16.74]",
                          "auto": False, "prompt": f"{self.label(c)} may pour boiling oil"})

    def decide_oil(self, d: dict[str, Any]) -> list[Action]:
        c = self.units[d["unit"]]
        acts: list[Action] = [{"type": "hold", "unit": c.id}]
        if c.flags.get("carry") == "real":
            acts.extend({"type": "pour", "unit": c.id, "target": t} for t in d["targets"]
                        if self.units[t].on_map)
        return acts

    def decision_kinds_text(self, d: dict[str, Any], answers: list[Action]) -> str:
        if d["kind"] == "oil":
            return "hold, or pour real Oil"        # [16.71] the same whether the Oil is real or not
        return super().decision_kinds_text(d, answers)

    def _diagnose_decision(self, d: dict[str, Any], action: Action) -> IllegalAction:
        if d["kind"] == "oil" and action.get("type") == "pour" and action.get("unit") == d["unit"]:
            c = self.units[d["unit"]]
            return IllegalAction("[16.74]", f"{self.label(c)} cannot pour on {action.get('target')!r}: boiling "
                                 "oil is poured from a real Oil counter onto a Sauron unit or Siege Tower adjacent "
                                 "to and below its carrier; otherwise hold")
        return super()._diagnose_decision(d, action)

    def answer_oil(self, d: dict[str, Any], action: Action) -> list[Event]:
        c = self.units[d["unit"]]
        if action["type"] == "hold":
            return [event("hold", "[16.74]", f"{self.label(c)} holds its oil", unit=c.id, visible_to=WEST)]
        t = self.units[action["target"]]
        c.flags.pop("carry", None)
        events = [event("pour", "[16.74]", f"{self.label(c)} pours boiling oil on {self.label(t)} in {t.hex}",
                        unit=c.id, target=t.id, reveal=True)]
        if t.is_gear:
            self.remove(t)
            t.where = "dead"
            return events
        for q in list(self.pieces_at(t.hex)):
            if "siege_tower" in q.tags:
                self.remove(q)
                q.where = "dead"
        return events + self.eliminate(t, "[16.74]", "boiling oil", c)

    # ===== [16.2]-[16.8] the Siege Phase ==============================================================
    def siege_actions(self) -> list[Action]:
        acts: list[Action] = []
        if self._phase != "B":
            return [{"type": "end"}]
        for c in sorted(self.on_map(SAURON), key=lambda q: q.id):
            if "catapult" not in c.tags or c.fired or c.flags.get("siege_used") == self._turn:
                continue
            for key in self.breach_targets(c):
                acts.append({"type": "breach", "unit": c.id, "hexside": key})
            for h in sorted(self.hurl_targets(c)):
                acts.append({"type": "fireball", "unit": c.id, "to": h})
                if self.siege["heads_thrown"] < int(self.sc.siege["severed_heads"]):
                    acts.append({"type": "head", "unit": c.id, "to": h})
        grond = next((g for g in self.on_map(SAURON) if "grond" in g.tags), None)
        if grond is not None and self.siege["grond"] and grond.flags.get("siege_used") != self._turn:
            if any("carries_grond" in q.tags for q in self.combat_at(grond.hex)):
                for n in self.hexmap.adjacent(grond.hex):
                    wall = self.wall_between(grond.hex, n)
                    key = hx.hexside(grond.hex, n)
                    if wall and key not in self.siege["breached"] and not self.outer_wall(wall):
                        acts.append({"type": "breach", "unit": grond.id, "hexside": key})
        acts.append({"type": "end"})
        return acts

    def outer_wall(self, wall: dict[str, Any]) -> bool:
        """[15.23] the Outer Wall is never breached (its Main Gate only by Grond)."""
        return wall.get("name") == "Outer Wall"

    def wall_type(self, wall: dict[str, Any]) -> str:
        if wall["kind"] == "gate":
            return "main_gate" if wall.get("name") == "Main Gate" else "gate"
        return wall["kind"]

    def catapult_range(self, c: Piece, key: str) -> int:
        """[16.23] 1 if the hexside is part of the catapult's hex, 2 one hex further, ..."""
        a, b = key.split("/")
        return 1 + min(hx.distance(c.hex, a), hx.distance(c.hex, b))

    def clear_for_catapult(self, frm: str, to: str) -> bool:
        """[16.24] [16.61] over anything but Mountain hexes."""
        for line in hx.hex_lines(frm, to):
            if not any(self.hexmap.terrain(h) == "mountain" for h in line[1:-1] if h in self.hexmap):
                return True
        return False

    def breach_targets(self, c: Piece) -> list[str]:
        out = []
        for key, wall in self.hexmap.sides().items():
            if wall["kind"] not in WALLS or key in self.siege["breached"] or self.outer_wall(wall):
                continue
            if wall["kind"] == "gate" and wall.get("name") == "Main Gate":
                continue                                           # [16.13] only Grond
            r = self.catapult_range(c, key)
            if r > int(self.sc.siege["catapult_breach_range"]):
                continue
            band = "catapult_1" if r == 1 else "catapult_2" if r == 2 else "catapult_3"
            if self.sc.breach[band][self.wall_type(wall)] == "P":
                continue
            a, b = key.split("/")
            near = a if hx.distance(c.hex, a) <= hx.distance(c.hex, b) else b
            if r == 1 or self.clear_for_catapult(c.hex, near):
                out.append(key)
        return sorted(out)

    def breach_terms(self, g: Piece, key: str) -> tuple[dict[str, Any], int, str, str, int, int]:
        """[16.3] what a breach attempt of ``g`` on hexside ``key`` is rolled with: the wall,
        the range, the table's band and wall type, and the totals that breach (lo, hi)."""
        a, b = key.split("/")
        wall = self.hexmap.side(a, b) or {}
        if "grond" in g.tags:
            band, rng_ = "grond", 1
        else:
            rng_ = self.catapult_range(g, key)
            band = "catapult_1" if rng_ == 1 else "catapult_2" if rng_ == 2 else "catapult_3"
        kind = self.wall_type(wall)
        lo, hi = self.sc.breach[band][kind]
        return wall, rng_, band, kind, lo, hi

    def do_breach(self, action: Action) -> list[Event]:
        g = self.units[action["unit"]]
        key = action["hexside"]
        wall, rng_, band, kind, lo, hi = self.breach_terms(g, key)
        a, b = key.split("/")
        g.flags["siege_used"] = self._turn                          # [16.12] once per turn; no move
        g.fired = True
        dice = self.dice.roll(2)
        total = sum(dice)
        ok = lo <= total <= hi
        events = [event("roll", "[16.3]", f"{g.name} at range {rng_} against the {wall.get('name', wall['kind'])} "
                        f"({kind.replace('_', ' ')}) {key}: needs {rng_text(lo, hi)}, rolled "
                        f"{total} ({dice[0]}+{dice[1]}): " + ("breached" if ok else "no effect"),
                        dice=dice, table="16.3", cell=f"{band}/{kind}", hexside=key, success=ok)]
        if not ok:
            return events
        self.siege["breached"].append(key)
        self.siege["breached"].sort()
        self._features_changed()
        events.append(event("breach", "[16.27]", f"{key} is breached for the rest of the game", hexside=key))
        if kind == "main_gate":
            events.extend(self.add_dp(GARRISON, int(self.sc.demoralization["main_gate_breached"]), "[19.11]",
                                      "the Main Gate is breached by Grond"))
        if rng_ == 1:
            # [16.5] infantry stacked with the breaching equipment may advance through
            through = b if g.hex == a else a
            for u in self.combat_at(g.hex):
                if u.side == SAURON and u.kind == "infantry" and "mumak" not in u.tags \
                        and not self.enemy_in(through, SAURON) and not self.in_enemy_zoc(u, through) \
                        and not self.stackers_at(through):
                    self.ask({"kind": "advance", "side": SAURON, "unit": u.id, "hex": through, "rule": "[16.51]",
                              "auto": False, "prompt": f"{self.label(u)} may advance through the breach"})
        return events

    def hurl_targets(self, c: Piece) -> list[str]:
        rng_ = int(self.sc.siege["fireball_range"])
        return [h for h in hx.within(c.hex, rng_) if h in self.hexmap and h != c.hex
                and self.clear_for_catapult(c.hex, h)]

    def land(self, c: Piece, target: str, what: str) -> tuple[str | None, list[Event]]:
        """[16.63] [16.64] ranges 3 and 4 scatter on a 4-6, by the Scatter Diagram."""
        dist = hx.distance(c.hex, target)
        if dist < int(self.sc.siege["scatter_from"]):
            return target, []
        die = self.dice.d6()
        if die in self.sc.siege["scatter_hits"]:
            return target, [event("roll", "[16.63]", f"{what} at range {dist}: rolled {die}, on target", dice=[die])]
        direction = self.dice.d6()
        where = hx.neighbour(target, direction)
        where = where if where in self.hexmap else None
        return where, [event("roll", "[16.63]", f"{what} at range {dist}: rolled {die}, scatters; direction "
                             f"{direction}: lands in {where or 'nothing (off the map)'}", dice=[die, direction])]

    def do_fireball(self, action: Action) -> list[Event]:
        c = self.units[action["unit"]]
        c.flags["siege_used"] = self._turn
        c.fired = True
        where, events = self.land(c, action["to"], "a Fireball")
        if where is None:
            return events
        inside = where in self.city["city"]
        self.siege["fires"][where] = "city" if inside else "field"   # [16.66]
        self.siege["heads"].pop(where, None)                         # [16.86]
        events.append(event("fire", "[16.66]", f"the Fireball sets {where} ablaze"
                            + (" for the rest of the game" if inside else " until the next Siege Phase"), hex=where))
        for q in list(self.pieces_at(where)):                        # [16.65]
            if q.is_gear and any(t in q.tags for t in ("catapult", "cauldron", "siege_tower")):
                self.remove(q)
                q.where = "dead"
                events.append(event("destroyed", "[16.65]", f"the {q.name} in {where} burns"))
                if "siege_tower" in q.tags:
                    for u in self.combat_at(where):
                        events.extend(self.eliminate(u, "[16.65]", "burnt in its Siege Tower"))
        self._features_changed()
        return events

    def do_head(self, action: Action) -> list[Event]:
        c = self.units[action["unit"]]
        c.flags["siege_used"] = self._turn
        c.fired = True
        self.siege["heads_thrown"] += 1
        where, events = self.land(c, action["to"], "a Severed Head")
        if where is None or where not in self.city["city"]:
            return events + [event("head", "[16.85]", "the Severed Head falls outside the city and is removed")]
        if where in self.siege["fires"] or any("cauldron" in q.tags for q in self.pieces_at(where)):
            return events + [event("head", "[16.86]", f"the Severed Head lands in {where} and is destroyed")]
        self.siege["heads"][where] = self.siege["heads"].get(where, 0) + 1
        events.append(event("head", "[16.83]", f"a Severed Head lands in {where}", hex=where))
        return events + self.add_dp(GARRISON, int(self.sc.demoralization["severed_head"]), "[16.83]",
                                    "a Severed Head thrown into the city")

    # ===== [17.0] magic, [18.0] the Banner ==============================================================
    def spell_active(self, name: str, turn: int | None = None) -> bool:
        until = self.spell_state["active"].get(name)
        t = self._turn if turn is None else turn
        return until is not None and t <= until

    def spell_actions(self, side: str) -> list[Action]:
        acts: list[Action] = []
        for ld in sorted(self.on_map(side), key=lambda q: q.id):
            if ld.magic <= 0 or not self.may_cast_now(ld) or self.frozen(ld):
                continue
            if ld.id == "nazgul" and self.banner_hex() is not None:
                continue                                           # [18.23]
            left = self.magic_points_left(ld)
            for key, spell in sorted(self.sc.spells.items()):
                if spell.caster != ld.key or not self.spell_possible(ld, key):
                    continue
                for pts in range(1, min(spell.automatic, left) + 1):
                    acts.append({"type": "cast", "unit": ld.id, "spell": key, "points": pts})
        return acts

    def spell_possible(self, ld: Piece, key: str) -> bool:
        cast = self.spell_state["cast"]
        night = self.is_night()
        nazgul = self.units["nazgul"]
        if key == "break_darkness":
            return not night and cast.get(key, 0) < 2 and not self.spell_active("break_darkness")
        if key in ("stalemate_day", "stalemate_night"):
            if (key == "stalemate_night") != night or not nazgul.on_map:
                return False
            return hx.distance(ld.hex, nazgul.hex) == 1              # [17.22]
        if key == "reveal_aragorn":
            return self.units["aragorn"].on_map and cast.get(key, 0) < 1
        if key == "fear":
            return cast.get(key, 0) < 2 and not self.spell_active("fear")
        if key == "freeze_1":
            return cast.get("freeze", 0) == 0
        if key == "freeze_2":
            return 1 <= cast.get("freeze", 0) < 3
        if key == "operate_grond":
            grond = next((g for g in self.on_map(SAURON) if "grond" in g.tags), None)
            return (not self.siege["grond"] and grond is not None and hx.distance(ld.hex, grond.hex) <= 3
                    and any("carries_grond" in q.tags for q in self.combat_at(grond.hex)))   # [17.13]
        return False

    def do_cast(self, action: Action) -> list[Event]:
        ld = self.units[action["unit"]]
        key, pts = action["spell"], int(action["points"])
        spell = self.sc.spells[key]
        rng_ = spell.succeeds_on(pts)
        if rng_ is None:
            ok = True
            events = [event("spell", "[17.4]", f"{ld.name} casts {spell.name} with {pts} points: automatic",
                            spell=key, points=pts, success=True)]
        else:
            dice = self.dice.roll(2)
            total = sum(dice)
            ok = rng_[0] <= total <= rng_[1]
            events = [event("spell", "[17.4]", f"{ld.name} attempts {spell.name} with {pts} points: needs "
                            f"{rng_[0]}-{rng_[1]}, rolled {total} ({dice[0]}+{dice[1]}): "
                            + ("cast" if ok else "fails (no points spent [8.56])"), dice=dice, table="17.4",
                            cell=f"{key}/{pts}", spell=key, points=pts, success=ok)]
        self.note_cast(ld, ok)
        if not ok:
            return events
        self.spend_magic(ld, pts)
        base = "freeze" if key.startswith("freeze") else key
        self.spell_state["cast"][base] = self.spell_state["cast"].get(base, 0) + 1
        self.spell_state["active"][base] = self._turn + min(spell.duration, 99) - 1
        return events + self.spell_effect(ld, base, spell)

    def spell_effect(self, ld: Piece, key: str, spell: Any) -> list[Event]:
        if key == "freeze":
            frozen = [p.id for p in self.on_map(WEST) if p.is_leader and hx.distance(p.hex, ld.hex) <= 3]
            self.spell_state["frozen"] = frozen
            return [event("spell_effect", spell.rule, f"frozen: {', '.join(frozen) or 'no leader'}")]
        if key == "operate_grond":
            self.siege["grond"] = True
            return [event("spell_effect", "[17.13]", "Grond is activated for the rest of the game")]
        if key.startswith("stalemate"):
            nazgul = self.units["nazgul"]
            dest = self.east_of(ld.hex, 6)
            frm = nazgul.hex
            self.relocate(nazgul, dest)
            return [event("spell_effect", "[17.22]", f"the Lord of the Nazgul is thrown back from {frm} to {dest}")]
        if key == "reveal_aragorn":
            aragorn = self.units["aragorn"]
            self.siege["banner"] = {"with": aragorn.id, "until": self._turn + 2}
            return [event("banner", "[18.12]", "the Banner of the King is unfurled with Aragorn")]
        return [event("spell_effect", spell.rule, f"{spell.name} is in effect this Game-Turn")]

    def east_of(self, h: str, n: int) -> str:
        """[17.22] six hexes toward the East edge (down the columns); the nearest free hex."""
        target = h
        for _ in range(n):
            nxt = hx.neighbour(target, 4)
            if nxt is None or nxt not in self.hexmap:
                break
            target = nxt
        free = [x for r in range(0, 6) for x in hx.ring(target, r) if x in self.hexmap
                and self.charts.terrain.get(self.hexmap.terrain(x), {}).get("cost") is not None
                and not self.enemy_in(x, SAURON)]
        return free[0] if free else h

    # ----- [18.13] the Banner moves by itself, to end with a Westernesse leader -------------
    def banner_moves(self) -> list[Action]:
        b = self.siege["banner"]
        bh = self.banner_hex()
        if bh is None or b.get("moved") == self._turn:
            return []
        holder = self.units[b["with"]]
        reach = self._reachable(holder) if holder.hex == bh else {}   # a leader's allowance [18.13]
        out = []
        for h in sorted(reach):
            if h != bh and any(q.is_leader and q.side == WEST for q in self.pieces_at(h)):
                out.append({"type": "move_banner", "to": h})
        return out

    def why_not_move_banner(self, action: Action) -> IllegalAction:
        if self._phase != "F":
            return IllegalAction("[18.13]", "the Banner moves in the Westernesse Movement Phase")
        return IllegalAction("[18.13]", "the Banner must end its move stacked with a Westernesse leader "
                             "within a leader's Movement Allowance (and moves once a phase)")

    def do_move_banner(self, action: Action) -> list[Event]:
        b = self.siege["banner"]
        frm = self.banner_hex()
        leader = sorted(q.id for q in self.pieces_at(action["to"]) if q.is_leader and q.side == WEST)[0]
        b["with"], b["moved"] = leader, self._turn
        return [event("banner", "[18.13]", f"the Banner of the King moves {frm} -> {action['to']}, to "
                      f"{self.units[leader].name}", frm=frm, to=action["to"])]

    # ----- [14.2] the relief arrives in special formations, and may fight its way on -----------
    def arrival_formations(self) -> list[Action]:
        """[14.2] [8.43] two like units and a leader of their nation, waiting off the map,
        enter together in formation at a clear entry hex out of enemy ZOCs."""
        waiting = [p for p in self.units.values() if p.side == WEST and self.available_reinforcement(p)
                   and not p.moved]
        leaders = sorted((p for p in waiting if p.is_leader and self.leader_may_form(p)), key=lambda q: q.id)
        if not leaders:
            return []
        by_code: dict[tuple[Any, ...], list[Piece]] = {}
        for u in waiting:
            if u.is_combat and u.kind in ("infantry", "cavalry"):
                key = (u.nation, u.kind, u.melee, u.missile, u.armour, u.morale, u.flags.get("entry"))
                by_code.setdefault(key, []).append(u)
        stackers, sides = self.occupancy()
        acts: list[Action] = []
        for _key, units in sorted(by_code.items(), key=lambda kv: kv[1][0].id):
            if len(units) < 2:
                continue
            a, b = sorted(units, key=lambda q: q.id)[:2]
            for ld in leaders:
                if ld.nation != a.nation or ld.flags.get("entry") != a.flags.get("entry"):
                    continue
                for h in sorted(self.entry_hexes(a)):
                    if (h in stackers or h in sides.get(SAURON, ()) or self.in_enemy_zoc(a, h)
                            or not self.formation_terrain_ok(None, h)
                            or self.terrain_cost(a, None, h) is None or h in (self.forbidden_hexes(a) or ())):
                        continue
                    acts.append({"type": "arrive_formed", "unit": a.id, "with": b.id, "leader": ld.id, "to": h})
        return acts

    def do_arrive_formed(self, action: Action) -> list[Event]:
        a, b, ld = self.units[action["unit"]], self.units[action["with"]], self.units[action["leader"]]
        h = action["to"]
        visits: list[Event] = []
        for q in (a, b, ld):
            self.place(q, h)
            q.moved, q.entered_turn = True, self._turn
            visits.extend(self.note_visit(q, h))
        kind = self.formation_kind(a, b)
        for u, v in ((a, b), (b, a)):
            u.formation, u.partner, u.formed_turn = kind, v.id, self._turn
        self.entry_count[h] = self.entry_count.get(h, 0) + 1
        return [event("form", "[14.2]", f"{self.label(a)} and {self.label(b)} arrive with {ld.name} in {h} as a "
                      f"{kind.replace('_', ' ')}", unit=a.id, partner=b.id, hex=h, formation=kind), *visits]

    def blocked_entry_targets(self, p: Piece) -> list[Piece]:
        """[14.2] enemy units standing on the entry hexes of a waiting reinforcement."""
        if p.side != WEST or not self.available_reinforcement(p) or not p.is_combat:
            return []
        out = []
        for h in self.entry_hexes(p):
            if self.terrain_cost(p, None, h) is None:
                continue
            out.extend(q for q in self.combat_at(h) if q.side != p.side and self.attackable(q, p, melee=True))
        return sorted(out, key=lambda q: q.id)

    def may_melee(self, p: Piece) -> bool:
        if not p.on_map and self.is_combat_phase() and p.side == self.phasing:
            return (not p.attacked and not p.disrupted and p.melee is not None
                    and bool(self.blocked_entry_targets(p)))              # [14.2]
        return super().may_melee(p)

    def attacks_from(self, p: Piece) -> bool:
        return p.on_map or self.available_reinforcement(p)                # [14.2]

    def melee_targets(self, p: Piece) -> list[Piece]:
        if not p.on_map:
            return self.blocked_entry_targets(p)                          # [14.2]
        return super().melee_targets(p)

    def may_advance(self, p: Piece, h: str) -> bool:
        if not p.on_map:                                                # [14.2] onto the map
            return (self.available_reinforcement(p) and h in self.entry_hexes(p) and not self.enemy_in(h, p.side)
                    and not self.stackers_at(h) and self.terrain_cost(p, None, h) is not None)
        return super().may_advance(p, h)

    def banner_hex(self) -> str | None:
        """Where the Banner is while it is unfurled: [17.23] for three Game-Turns."""
        b = self.siege["banner"]
        if b is None or self._turn > b["until"]:
            return None
        holder = self.units[b["with"]]
        return holder.hex if holder.on_map else None

    def may_rally_hook(self, ld: Piece, u: Piece) -> IllegalAction | None:
        if u.side == WEST and self.spell_active("fear"):
            return IllegalAction("[17.11]", "Westernesse units may not be rallied under the Fear spell")
        if ld.side == WEST and self.frozen(ld):
            return IllegalAction("[17.12]", f"{ld.name} is frozen and may not rally")
        if u.side == SAURON and self.spell_active("break_darkness"):
            return IllegalAction("[17.21]", "no Sauron unit may be rallied while Darkness is broken")
        bh = self.banner_hex()
        if u.side == SAURON and bh and hx.distance(bh, u.hex) <= 6:
            return IllegalAction("[18.21]", "no Sauron unit within six hexes of the Banner may be rallied")
        return None

    def leader_may_form(self, ld: Piece) -> bool:
        return not self.frozen(ld) and not self.spell_active("fear")      # [8.47]

    def magic_leader_may_move(self, ld: Piece) -> bool:
        return super().magic_leader_may_move(ld) and not self.frozen(ld)

    def rally_actions(self, side: str) -> list[Action]:
        acts = super().rally_actions(side)
        bh = self.banner_hex()
        if side == WEST and bh and self.siege["banner_rallies"] < 2 and not self.is_demoralized_side(WEST):
            for u in sorted(self.on_map(WEST), key=lambda q: q.id):
                if u.disrupted and hx.distance(u.hex, bh) <= 6:
                    acts.insert(0, {"type": "banner_rally", "target": u.id})       # [18.22]
        return acts

    def is_demoralized_side(self, side: str) -> bool:
        return False

    def do_banner_rally(self, action: Action) -> list[Event]:
        u = self.units[action["target"]]
        u.disrupted = False
        self.siege["banner_rallies"] += 1
        return [event("rally", "[18.22]", f"the Banner of the King rallies {self.label(u)}", unit=u.id)]

    def leader_killed(self, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        events: list[Event] = []
        b = self.siege["banner"]
        if b is not None and b["with"] == p.id:
            self.siege["banner"] = None
            events.append(event("banner", "[18.14]", "the Banner of the King is lost with its leader"))
        lost = p.rally_now()
        events.extend(self.add_dp(self.army_of(p), lost, "[19.2]", f"{p.name} killed: {lost} rally points lost"))
        return events

    # [19.2] "any Leader Rally Points lost as a result of combat": a wound loses some of them
    def apply_leader_result(self, victim: Piece, res: str, winner: Piece) -> list[Event]:
        before = {victim.id: victim.rally_now()} if victim.is_leader and not victim.reduced else {}
        events = super().apply_leader_result(victim, res, winner)
        return events + self.leader_wounds(before)

    def leader_risk(self, unit: Piece, result: str) -> list[Event]:
        before = {q.id: q.rally_now() for q in self.pieces_at(unit.hex)
                  if q.is_leader and q.side == unit.side and not q.reduced}
        events = super().leader_risk(unit, result)
        return events + self.leader_wounds(before)

    def leader_wounds(self, before: dict[str, int]) -> list[Event]:
        events: list[Event] = []
        for lid, rating in before.items():
            ld = self.units[lid]
            if ld.reduced and ld.on_map and rating > ld.rally_now():
                lost = rating - ld.rally_now()
                events.extend(self.add_dp(self.army_of(ld), lost, "[19.2]",
                                          f"{ld.name} wounded: {lost} rally points lost"))
        return events

    # ===== [19.0] demoralization: fluctuating levels ==================================================
    def check_demoralization(self, side: str) -> list[Event]:
        """[19.14] totals fluctuate: an army may become demoralized and recover."""
        now = self.dp[side] > self.dp_level(side)
        if now == self.demoralized[side]:
            return []
        self.demoralized[side] = now
        self._touch()
        events = [event("demoralized" if now else "recovered", "[19.14]",
                        f"the {side} army is {'demoralized' if now else 'no longer demoralized'} "
                        f"({self.dp[side]} points, level {self.dp_level(side)})", side_affected=side)]
        if side == GARRISON and now and not self.siege["garrison_fell"]:
            self.siege["garrison_fell"] = True                       # [19.13] once, permanently
            events.extend(self.add_dp(SAURON, int(self.sc.demoralization["garrison_demoralized"]), "[19.13]",
                                      "the garrison is demoralized"))
        return events

    def controls_level(self, k: int) -> bool:
        """[20.2] all gates into level k from below are Sauron's, and no undisrupted
        Westernesse combat unit is inside it."""
        gates = [key for key, g in self.city["gates"].items()
                 if self.city["level"].get(g["high"]) == k and self.city["level"].get(g["low"], 0) == k - 1]
        if not gates or any(self.siege["gate_control"].get(key) != SAURON for key in gates):
            return False
        return not any(p.is_combat and not p.disrupted and self.city["level"].get(p.hex) == k
                       for p in self.on_map(WEST))

    def update_levels(self) -> list[Event]:
        now = [k for k in range(1, 8) if self.controls_level(k)]
        before = self.siege["levels"]
        if now == before:
            return []
        self.siege["levels"] = now
        delta = len(now) - len(before)
        dem = self.sc.demoralization
        events = [event("levels", "[20.2]", f"Sauron controls city level(s): {', '.join(map(str, now)) or 'none'}")]
        events.extend(self.add_dp(GARRISON, delta * int(dem["level_controlled"]), "[19.11]",
                                  f"{abs(delta)} city level(s) {'taken' if delta > 0 else 'lost'} by Sauron"))
        events.extend(self.add_dp(SAURON, delta * int(dem["sauron_per_level"]), "[19.13]",
                                  f"{abs(delta)} city level(s) {'taken' if delta > 0 else 'lost'} by Sauron"))
        return events

    def end_phase_hook(self, phase: str) -> list[Event]:
        events = super().end_phase_hook(phase)
        events.extend(self.update_levels())
        return events

    # ===== [20.0] victory ==============================================================================
    def decide_victory(self) -> dict[str, Any]:
        last = self.siege["last"]
        road = last.get("1918") == SAURON and last.get("2124") == SAURON
        a, b, c = self.demoralized[GARRISON], not self.demoralized[SAURON], road
        why = (f"garrison demoralized: {'yes' if a else 'no'}; Sauron undemoralized: {'yes' if b else 'no'}; "
               f"road (1918, 2124) Sauron's: {'yes' if c else 'no'}")
        if a and b and c:
            return {"winner": SAURON, "level": "victory", "rule": "[20.1]", "text": f"Sauron wins [20.1] ({why})"}
        return {"winner": WEST, "level": "victory", "rule": "[20.1]",
                "text": f"Westernesse wins [20.1]: Sauron did not achieve all three ({why})"}

    def victory_rule(self) -> str:
        return "[20.1]"

    # ===== actions in words ====================================================================
    def describe_hook(self, kind: str, a: Action) -> str | None:
        u = self._named(a.get("unit"))
        if kind == "place":
            secret = "" if "real" not in a else (" (real)" if a["real"] else " (dummy)")   # [16.71]
            return f"set up {u}{secret} in {a['to']}"
        if kind == "deploy_rest":
            return f"set up the rest of {self.step_side}'s pieces (not the Cauldrons)"
        if kind == "push":
            return f"{u} moves {self._named(a.get('gear'))} {self._where(a.get('unit'))} → {a['to']}"
        if kind == "ladder":
            return f"{u} sets a Ladder against the wall {a['hexside']}"
        if kind == "take_oil":
            return f"{u} picks up Oil from {self._named(a.get('cauldron'))}"
        if kind == "hold":
            return f"{u} holds its Oil"
        if kind == "pour":
            t = self.units.get(a.get("target"))
            return f"{u} pours boiling oil on {self._named(a.get('target'))}" + (f" in {t.hex}" if t and t.hex else "")
        if kind == "breach":
            return f"{u} tries to breach {a['hexside']}"
        if kind == "fireball":
            return f"{u} hurls a Fireball at {a['to']}"
        if kind == "head":
            return f"{u} hurls a Severed Head at {a['to']}"
        if kind == "move_banner":
            return f"the Banner of the King moves to {a['to']}"
        if kind == "banner_rally":
            return f"the Banner of the King rallies {self._named(a.get('target'))}"
        if kind == "arrive_formed":
            return (f"{u} and {self._named(a.get('with'))} enter with {self._named(a.get('leader'))} at "
                    f"{a['to']} in formation")
        return super().describe_hook(kind, a)

    def _where(self, pid: Any) -> str:
        p = self.units.get(pid) if isinstance(pid, str) else None
        return p.hex if p is not None and p.hex else "from off the map" if p is not None else "?"

    # ===== views: the secret of the cauldrons ============================================================
    def redeal(self, side: str, rng: Any) -> None:
        """[16.71] Only the Westernesse player knows which Cauldrons (and so which Oil
        counters) are real: for any other side, deal them again from the public counts —
        three real and three dummies, the placed ones a draw from a shuffled deck of 3 + 3 —
        and the ``carry`` of every Oil counter in a Westernesse unit's hands (real with the
        probability that a Cauldron still holding oil is real)."""
        if side == "westernesse":
            return
        cauldrons = sorted((p for p in self.units.values() if "cauldron" in p.tags),
                           key=lambda p: p.id)
        placed = [p for p in cauldrons if "real" in p.flags]
        n = len(cauldrons)
        deck = [True] * (n // 2) + [False] * (n - n // 2)
        rng.shuffle(deck)
        for p, real in zip(placed, deck):
            p.flags["real"] = real
        with_oil = [p for p in placed if p.flags.get("oil", 0) > 0]
        p_real = (sum(1 for p in with_oil if p.flags["real"]) / len(with_oil)) if with_oil else 0.5
        for p in sorted(self.units.values(), key=lambda q: q.id):
            if p.flags.get("carry"):
                p.flags["carry"] = "real" if rng.random() < p_real else "dummy"
        self._after_change()

    def redact_action(self, action: Action, side: str | None) -> Action:
        """[16.71] which Cauldrons are dummies is the Westernesse player's secret: the set-up
        action that says so shows the other side and observers only where it went."""
        out = dict(action)
        if side != WEST:
            out.pop("real", None)
        return out

    def counter_label(self, p: Piece) -> str:
        """[16.15] siege equipment has no combat values: a Cauldron shows its Oil [16.72], a
        Catapult its anti-personnel missile strength [16.25], Grond whether it is activated."""
        if not p.is_gear:
            return super().counter_label(p)
        if "cauldron" in p.tags:
            return f"{p.flags.get('oil', 0)} Oil"
        if "catapult" in p.tags:
            return p.missile_now() or ""
        if "grond" in p.tags:
            return "activated" if self.siege["grond"] else ""
        return ""

    def unit_view(self, p: Piece) -> dict[str, Any]:
        d = super().unit_view(p)
        if p.is_gear:
            for k in ("melee", "armour", "morale", "value"):
                d.pop(k, None)
            if "catapult" not in p.tags:
                d.pop("missile", None)
        if "cauldron" in p.tags:
            d["oil"] = p.flags.get("oil", 0)
        if p.flags.get("carry"):
            d["carries"] = ["Oil"]
        return d

    def _view(self, side: str | None) -> dict[str, Any]:
        v = super()._view(side)
        if side == WEST:
            for u in v["units"]:
                p = self.units[u["id"]]
                if "cauldron" in p.tags and "real" in p.flags:
                    u["real"] = p.flags["real"]
                if p.flags.get("carry"):
                    u["oil"] = p.flags["carry"]
        return v

    def exclusive_view(self, side: str | None) -> dict[str, Any]:
        s = self.siege
        return {
            "breached": list(s["breached"]), "gate_control": dict(s["gate_control"]),
            "fires": dict(s["fires"]), "heads": dict(s["heads"]), "heads_thrown": s["heads_thrown"],
            "ladders": [dict(x) for x in s["ladders"]], "grond_active": s["grond"],
            "levels_controlled": list(s["levels"]), "banner": self.banner_hex(),
            "road": {h: s["last"].get(h) for h in ("1918", "2124")},
            "spells_active": {k: v for k, v in self.spell_state["active"].items() if self.spell_active(k)},
            "rohan_arrived": s["rohan"],
        }

    def describe_decision(self, d: dict[str, Any]) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k not in ("then",)}


# the game registers itself; nothing outside this package names it
register_system("gondor", "ringwar.systems.gondor:GondorGame")

__all__ = ["GondorGame", "OFFMAP"]
