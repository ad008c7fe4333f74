"""Gondor [13.0] Initial Deployment: the pieces and the siege state a game begins with, set-ups
from outside ([13.0], [14.0], [16.0]-[18.0] state), and the set-up phase in which each side
places its pieces in its area [13.1] [13.2], the Cauldrons' secret included [16.71]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction, RecordError
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .board import GARRISON, RELIEF
from .state import GondorSpells, SiegeState

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class SetupRules:
    """[13.0] the set-up: initial state, set-ups from outside, the set-up phase (S)."""

    def init_exclusive(self: GondorGame) -> None:
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
                    p.set_flag("deploy", d.area)
                    self.units[p.id] = p
            for lkey in d.leaders:
                p = Piece(lkey, ltype=self.sc.leaders[lkey], movement=self.charts.movement)
                p.set_flag("deploy", d.area)
                self.units[p.id] = p
        for r in self.sc.reinforcements:
            for tkey, n in r.equipment:
                for _ in range(n):
                    counts[tkey] = counts.get(tkey, 0) + 1
                    p = Piece(f"{tkey}{counts[tkey]}", utype=self.sc.types[tkey], movement=self.charts.movement)
                    p.arrival = r.turn
                    p.set_flag("entry", r.entry)
                    self.units[p.id] = p
            if r.army:
                for p in self.units.values():
                    if p.flags.get("entry") == r.entry and p.side == r.side:
                        p.set_flag("army", r.army)
            if r.roll:
                for p in self.units.values():
                    if p.flags.get("entry") == r.entry:
                        p.arrival = None              # [14.2] on a 5 or 6, from turn 5
                        p.set_flag("awaits_roll", True)
        self.siege = SiegeState(gate_control=dict.fromkeys(self.city["gates"], WEST))   # [15.15]
        for p in self.units.values():
            if "cauldron" in p.tags:
                p.set_flag("oil", int(self.sc.siege["oil_per_cauldron"]))
        self.spell_state = GondorSpells()                          # [17.0]
        self._phase = "S"

    def check_place_item(self: GondorGame, c: Any, item: dict[str, Any], where: str, tkey: str) -> None:
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

    def check_setup_exclusive(self: GondorGame, c: Any, setup: dict[str, Any]) -> None:
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

    def _check_ladders(self: GondorGame, c: Any, v: Any, where: str) -> None:
        for i, x in enumerate(c.list_(v, where)):
            w = f"{where}[{i}]"
            c.obj(x, w, {"hex", "side", "turn"})
            h = c.hex_(x.get("hex"), f"{w}.hex")
            # any hexside of its hex: against a plain one it only carries [16.45] [16.47]
            side = c.hexside(x.get("side"), f"{w}.side")
            if h not in side.split("/"):
                c.fail(w, f"a Ladder in {h} stands against a hexside of its own hex, not {side} [16.43]")
            c.int_(x.get("turn"), f"{w}.turn", 0, 99)

    def _check_ready(self: GondorGame, c: Any, v: Any, where: str) -> None:
        for tid, x in c.obj(v, where).items():
            c.unit(tid, f"{where}.{tid}")
            if "siege_tower" not in self.units[tid].tags:
                c.fail(f"{where}.{tid}", f"{tid} is not a Siege Tower [16.41]")
            if not isinstance(x, list) or len(x) != 2:
                c.fail(f"{where}.{tid}", "must be [hex, Game-Turn]")
            c.hex_(x[0], f"{where}.{tid}[0]")
            c.int_(x[1], f"{where}.{tid}[1]", 0, 99)

    def _check_banner(self: GondorGame, c: Any, v: Any, where: str) -> None:
        if v is None:
            return
        c.obj(v, where, {"with", "until", "moved"})
        c.unit(v.get("with"), f"{where}.with", leader=True)
        if self.units[v["with"]].side != WEST:
            c.fail(f"{where}.with", "the Banner goes with a Westernesse leader [18.1]")
        c.int_(v.get("until"), f"{where}.until", 0, 99)
        if "moved" in v:
            c.int_(v["moved"], f"{where}.moved", 0, 99)

    def setup_exclusive(self: GondorGame, setup: dict[str, Any]) -> None:
        for p in self.units.values():
            if p.flags.get("out"):
                p.drop_flag("deploy")
        for pid in setup.get("available", []):          # reinforcements waiting off the map now
            p = self.piece(pid)
            p.arrival = int(setup.get("turn", self._turn))
            for k in ("out", "awaits_roll", "deploy"):
                p.drop_flag(k)
        for item in setup.get("place", []):
            self.units[item["id"]].drop_flag("deploy")
            if "real" in item:
                self.units[item["id"]].set_flag("real", bool(item["real"]))
            if "oil" in item:
                self.units[item["id"]].set_flag("carry", item["oil"])
        if self._phase == "S" and not any(p.flags.get("deploy") for p in self.units.values()):
            self._phase = "A"
        for k, v in setup.get("siege", {}).items():
            # read into new containers and records: play changes the siege state, never the
            # record's set-up (a shared "gate_control" taken by [15.15] made the saved set-up
            # differ and the record no longer replay to its hash)
            self.siege.set_from_json(k, v)
        for name, until in setup.get("spells", {}).items():
            self.spell_state.active[name] = int(until)
        for army, flag in setup.get("demoralized", {}).items():
            self.demoralized[army] = bool(flag)

    def exclusive_json(self: GondorGame) -> Any:
        return {"siege": self.siege.to_json(), "levels": self._levels}

    # ----- the set-up phase: each side places its pieces in its area, Sauron first ---------
    def deploy_area(self: GondorGame, p: Piece) -> frozenset[str]:
        area = p.flags.get("deploy")
        if area == "garrison_deploy":
            return self.city["garrison_deploy"]                    # [13.2]
        if area == "city":
            return self.city["city"]                               # [16.71]
        return frozenset(self.hexmap.place(area))                  # [13.1] sauron_deploy

    def to_deploy(self: GondorGame, side: str) -> list[Piece]:
        return sorted((p for p in self.units.values() if p.side == side and p.flags.get("deploy")),
                      key=lambda q: q.id)

    def do_deploy_rest(self: GondorGame, action: Action) -> list[Event]:
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

    def deploy_hexes(self: GondorGame, p: Piece) -> list[str]:
        stackers, sides = self.occupancy()
        enemy = sides.get(SAURON if p.side == WEST else WEST, ())
        combat = p.is_combat
        return [h for h in self._deploy_terrain(p) if h not in enemy and not (combat and h in stackers)]

    def _deploy_terrain(self: GondorGame, p: Piece) -> tuple[str, ...]:
        """The hexes of ``p``'s set-up area (in order) it may enter [4.3]: ``terrain_cost``
        from off the map depends on what the cost tables are keyed on only (its cost class and
        the board's features), so the answer is kept by the city facts for these and the area."""
        cls, features, area = self.cost_class(p), self.cost_features(), p.flags.get("deploy")
        kept = self.city["deploy_terrain"]
        hit = kept.get((cls, features, area))
        if hit is None:
            if len(kept) >= 256:
                kept.clear()
            hit = kept[cls, features, area] = tuple(h for h in sorted(self.deploy_area(p))
                                                    if self.terrain_cost(p, None, h) is not None)
        return hit

    def do_select(self: GondorGame, action: Action) -> list[Event]:
        if self._phase != "S":
            return super().do_select(action)
        p = self.units[action["unit"]]
        self.ask({"kind": "deploy", "side": p.side, "unit": p.id, "rule": "[13.0]",
                  "prompt": f"where is {self.label(p)} set up?"})
        return []

    def decide_deploy(self: GondorGame, d: dict[str, Any]) -> list[Action]:
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

    def answer_deploy(self: GondorGame, d: dict[str, Any], action: Action) -> list[Event]:
        p = self.units[d["unit"]]
        p.drop_flag("deploy")
        self.place(p, action["to"])
        if "real" in action:
            p.set_flag("real", bool(action["real"]))                  # [16.71] secret
            return [event("deploy", "[16.71]", f"a Cauldron is set up in {action['to']}", unit=p.id,
                          to=action["to"]),
                    event("deploy_secret", "[16.71]", f"{p.id} is {'real' if action['real'] else 'a dummy'}",
                          unit=p.id, visible_to=WEST)]
        return [event("deploy", "[13.0]", f"{self.label(p)} is set up in {action['to']}", unit=p.id,
                      hex=action["to"]), *self.note_visit(p, action["to"])]

    def why_not_select(self: GondorGame, action: Action) -> IllegalAction | None:
        if self._phase != "S":
            return super().why_not_select(action)
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        if p.side != self.step_side:
            return IllegalAction("[13.0]", f"{p.name} belongs to {p.side}; {self.step_side} sets up now")
        return IllegalAction("[13.0]", f"{self.label(p)} is not waiting to be set up")
