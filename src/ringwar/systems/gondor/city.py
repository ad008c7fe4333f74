"""Gondor [15.0] Minas Tirith: the city's levels [15.1], walls, towers and gates (the map's fixed
facts, :mod:`.board`), moving across them [15.12]-[15.15] [15.21] [15.22], ZOCs through them
[6.13] [16.44], and who last held a hex [15.15] [20.1]."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Event, event
from ...core.hexmap import HexMap
from ..spi.board import ALL_MA
from ..spi.game import SAURON, WEST
from ..spi.state import Piece
from .board import ERRATA_WALL, WALLS, _city, _without_side

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class CityRules:
    """[15.0] the city: levels, walls and gates, movement and ZOCs in and around it."""

    def level(self: GondorGame, h: str | None) -> int:
        """[15.11] 0 outside the city, 1-7 inside; [15.14] towers stand above their level."""
        if h is None:
            return 0
        lv = self.city["level"].get(h, 0)
        return lv + 0.5 if self.hexmap.terrain(h) == "tower" else lv

    def wall_between(self: GondorGame, a: str, b: str) -> dict[str, Any] | None:
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
    def city(self: GondorGame) -> dict[str, Any]:
        return self.defn.facts["city"]

    def breached(self: GondorGame, a: str, b: str) -> bool:
        return hx.hexside(a, b) in self.siege.breached

    def gate_open_for(self: GondorGame, side_name: str, a: str, b: str) -> bool:
        """[15.15] a gate controlled by one's own side may be passed freely."""
        key = hx.hexside(a, b)
        return self.siege.gate_control.get(key) == side_name

    def _features_changed(self: GondorGame) -> None:
        self.siege.version += 1
        self._touch()

    def cost_class(self: GondorGame, p: Piece) -> tuple[Any, ...]:
        return (p.kind, p.formation, p.side, "mumak" in p.tags, p.flags.get("pushing"))

    def cost_features(self: GondorGame) -> frozenset[Any]:
        """What of the siege ``terrain_cost`` depends on [4.3] [15.1] [16.4] [16.67]: breaches,
        fires, ladders and Siege Towers ready, the gates' control.  The cost tables are shared
        by every game in the process: they are keyed on these actual features, never on this
        game's own change counter, or two games at the same count would share a wrong table."""
        s = self.siege
        atoms = self._wall_features()
        atoms.update(("fire", h) for h in s.fires)
        atoms.update(("gate", k, side) for k, side in s.gate_control.items())
        return frozenset(atoms)

    def _wall_features(self: GondorGame) -> set[Any]:
        """The features of ``cost_features`` that ZOCs depend on too [6.13] [16.44]: breaches,
        ladders and Siege Towers ready."""
        s = self.siege
        atoms: set[Any] = {("breach", k) for k in s.breached}
        atoms.update(("ladder", x.hex, x.hexside) for x in s.ladders if x.turn < self._turn)
        atoms.update(("tower", r.hex) for tid, r in s.ready.items()
                     if self.units[tid].on_map and self.units[tid].hex == r.hex)
        return atoms

    def zoc_context(self: GondorGame) -> Any:
        """[6.13] [16.44] ZOCs pass breaches, and from ladders and Siege Towers once ready
        (which a new Game-Turn can make them): those of the siege's features (``zoc_extends_for``
        asks nothing else of the siege: not the fires, nor who controls a gate)."""
        return frozenset(self._wall_features())

    def feature_hexes(self: GondorGame, atom: Any) -> Any:
        """The hexes whose moves out a feature changes: both sides of a breached or controlled
        gate hexside, the hexes beside a fire (entering it costs more), a ladder's or a
        tower's own hex."""
        kind = atom[0]
        if kind in ("breach", "gate"):
            return atom[1].split("/")
        if kind == "fire":
            return self.hexmap.adjacent(atom[1])
        return (atom[1],)

    def _phase_key(self: GondorGame) -> tuple[Any, ...]:
        # a move's reach is cached for the phase: a Siege Tower pushed away, a gate taken,
        # change it within the phase
        return (*super()._phase_key(), self.siege.version)

    def terrain_cost(self: GondorGame, p: Piece, a: str | None, b: str) -> float | None:
        terrain = self.hexmap.terrain(b)
        pushing = p.flags.get("pushing")
        spec = self.charts.terrain.get(terrain, {})
        if pushing == "siege_tower" and spec.get("siege_tower_prohibited"):
            return None                                            # [4.3]
        cost = super().terrain_cost(p, a, b)
        if cost is None:
            return None
        if b in self.siege.fires:
            cost += float(self.sc.siege["fire_cost"])              # [16.67]
        if a is None:
            return cost
        wall = self.wall_between(a, b)
        if wall is None:
            return cost
        return self.wall_crossing(p, a, b, wall, cost)

    def wall_crossing(self: GondorGame, p: Piece, a: str, b: str, wall: dict[str, Any], cost: float) -> float | None:
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

    def movement_allowance(self: GondorGame, p: Piece) -> float:
        ma = super().movement_allowance(p)
        if p.side == WEST and p.is_combat and p.hex in self.city["city"] and not p.formation:
            ma = float(self.sc.siege["city_ma"])                   # [15.21]
        if p.flags.get("carry"):
            ma -= 1                                                # [16.75]
        if p.flags.get("pushing"):
            ma = min(ma, 2.0)                                      # [16.11]-[16.13]
        return ma

    def zoc_extends(self: GondorGame, frm: str, to: str) -> bool:
        """[6.13] not into or out of tunnel hexes, not through unbreached walls, towers, gates."""
        if self.hexmap.terrain(to) == "tunnel" or self.hexmap.terrain(frm) == "tunnel":
            return False
        wall = self.wall_between(frm, to)
        if wall is not None and not self.breached(frm, to):
            return False
        return super().zoc_extends(frm, to) if wall is None else True

    def zoc_extends_for(self: GondorGame, p: Piece, to: str) -> bool:
        """[16.44] units in Siege Towers and on Ladders exert a ZOC through that wall."""
        if self.zoc_extends(p.hex, to):
            return True
        wall = self.wall_between(p.hex, to)
        return wall is not None and p.side == SAURON and (self.ladder_ready(p.hex, to) or self.tower_ready(p.hex, to))

    def passed_through(self: GondorGame, p: Piece, path: list[str]) -> list[Event]:
        events: list[Event] = []
        for h in path:
            events.extend(self.note_visit(p, h))
        return events + self.after_visits()

    def note_visit(self: GondorGame, p: Piece, h: str) -> list[Event]:
        """[15.15] [20.1] the last side to occupy or pass through a hex (gates and the road);
        [16.73] the enemy Cauldrons there are destroyed."""
        if not p.is_combat:
            return []
        self.siege.last[h] = p.side
        for key, g in self.city["gates_at"].get(h, ()):             # the gates beside ``h``
            if self.siege.last.get(g["high"]) == self.siege.last.get(g["low"]) == p.side:
                if self.siege.gate_control.get(key) != p.side:
                    self.siege.gate_control[key] = p.side
                    self.siege.version += 1
        # [16.73] an enemy combat unit destroys the Cauldrons in its hex (real or dummy: the
        # event does not say which [16.71])
        events: list[Event] = []
        units = self.units
        for qid in self.at.get(h, ()):             # (a tuple: removing a piece makes a new one)
            q = units[qid]
            if q.is_gear and q.side != p.side and "cauldron" in q.tags:
                self.remove(q)
                q.where = "dead"
                events.append(event("destroyed", "[16.73]", f"{self.label(p)} destroys the Cauldron [{q.id}] "
                                    f"in {h}", unit=q.id, by=p.id, hex=h))
        return events

    def after_visits(self: GondorGame) -> list[Event]:
        return self.update_levels()

    def after_move(self: GondorGame, p: Piece, frm: str | None, to: str) -> list[Event]:
        events = self.note_visit(p, to)
        events += self.update_levels()
        if p.side == SAURON and self._phase == "C":
            self.offer_oil()
        return events
