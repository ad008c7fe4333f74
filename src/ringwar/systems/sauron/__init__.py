"""Sauron (SPI 1977): the Battle of Dagorlad, Exclusive Rules [11.0]-[21.0].

Everything here is a hook over the Standard Rules in :mod:`ringwar.systems.spi`; the
sections follow the rule book.  Data: ``data/sauron/scenario.toml`` and ``map.toml``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event, register_system
from ...core.errors import IllegalAction
from ...core.hexmap import HexMap
from ...core.options import Option
from ..spi.game import SAURON, WEST, SpiGame
from ..spi.state import DEAD, EXITED, MAP, OFFMAP, Piece

MORDOR = "1331"


@cache
def _near_road(hexmap: HexMap, road: str, radius: int) -> frozenset[str]:
    """[14.1] hexes within ``radius`` of a road (maps are shared, so is this)."""
    return frozenset(n for r in hexmap.roads[road] for n in hx.within(r, radius) if n in hexmap)


class SauronGame(SpiGame):
    system = "sauron"
    title = "Sauron: the Battle of Dagorlad"
    DATA = "sauron"

    @classmethod
    def ai_facts(cls) -> dict[str, Any]:
        """The scenario's public facts for the shared AI (``knowledge.py``)."""
        from .knowledge import facts
        return facts()

    @classmethod
    def define(cls, options: Mapping[str, Any], hexmap: HexMap, sc: Any) -> dict[str, Any]:
        """[14.1] the hexes within two of the Road of the Orcs, where reinforcements move first."""
        return {"road_zone": _near_road(hexmap, "orcs", 2)}

    @property
    def road_zone(self) -> frozenset[str]:
        return self.defn.facts["road_zone"]

    MAGIC_TABLE = "[16.5] Magic Capability Table"
    OPTIONS = dict(SpiGame.STANDARD_OPTIONS, **{
        "errata_4_3": Option(True, "[4.3] Rough: +1 MP, cavalry may not enter, defender +1 armour"),
        "errata_13_2": Option(True, "[13.2] Swordsmen in 1402 and Isildur in 1908 (not 1808)"),
        "errata_14_2": Option(True, "[14.2] five Elven Bowmen (e-2-X) arrive with the Elves"),
        "errata_19_11": Option(True, "[19.11] a magic weapon adds +1 (not +3), individual combat only"),
        "errata_19_14": Option(True, "[19.14] Narsil passes only from a wounded Elendil to an unhurt Isildur"),
        "errata_20_2": Option(True, "[20.2] any Westernesse leader killed adds his rating to the total"),
        "reinforcement_delay": Option(0, "[21.26] Game-Turns added to (or, negative, taken from) the "
                                      "arrival of Sauron's reinforcements", minimum=-18, maximum=18),
        # a fix of 2026-11-27 (issue 17): records made before it replay as they were played (legacy)
        "dwarf_zoc_combat_15_21": Option.changed(
            True, "[15.21] [7.31] a Dwarf in a Troll's or Goblin's ZOC must attack (the Dwarves ignore "
                  "those ZOCs for movement only; false: not obliged, as records made before "
                  "2026-11-27 were played)", legacy=False),
    })

    # ===== set-up ==========================================================================
    def init_exclusive(self) -> None:
        delay = int(self.options.get("reinforcement_delay", 0))
        for p in self.units.values():
            if p.side == SAURON and p.arrival is not None and delay:
                p.arrival = max(1, p.arrival + delay)              # [21.26]
        beast = Piece("beast", utype=self.sc.types["beast"], movement=self.charts.movement)
        beast.flags["out"] = True                                   # [17.0] until conjured
        self.units["beast"] = beast
        self.pedestal: dict[str, Any] = {"hex": None, "carrier": "orc_archer1"}   # [16.62]
        self.weapons: dict[str, dict[str, Any]] = {
            k: {"carrier": w.start, "destroyed": False, "counted": False}
            for k, w in self.sc.weapons.items()}
        self.spell_state.update({"cast": {}, "active": {}, "beast": {"conjured": False, "powers": {},
                                 "facing": 1, "window": []}, "pedestal_moved": None,
                                 "on_pedestal": False})

    SETUP_KEYS = SpiGame.SETUP_KEYS | {"pedestal", "weapons", "spells", "beast"}

    def check_setup_exclusive(self, c: Any, setup: dict[str, Any]) -> None:
        if "pedestal" in setup:                                     # [16.6]
            ped = c.obj(setup["pedestal"], "pedestal", {"hex", "carrier"})
            if ped.get("hex") is not None:
                c.hex_(ped["hex"], "pedestal.hex")
            if ped.get("carrier") is not None:
                c.unit(ped["carrier"], "pedestal.carrier", leader=False)
            elif ped.get("hex") is None:
                c.fail("pedestal", "needs a 'hex' or a 'carrier'")
        for k, carrier in c.obj(setup.get("weapons", {}), "weapons").items():       # [19.0]
            c.choice(k, f"weapons.{k}", set(self.sc.weapons))
            if carrier is not None:
                c.unit(carrier, f"weapons.{k}", leader=True)
        for k, until in c.obj(setup.get("spells", {}), "spells").items():          # [16.0]
            c.choice(k, f"spells.{k}", set(self.sc.spells))
            c.int_(until, f"spells.{k}", 0, self.last_turn)
        if "beast" in setup:                                        # [17.0]
            b = c.obj(setup["beast"], "beast", {"hex", "reduced", "facing", "powers"})
            if "hex" not in b:
                c.fail("beast", "needs a 'hex'")
            c.hex_(b["hex"], "beast.hex")
            if "reduced" in b:
                c.bool_(b["reduced"], "beast.reduced")
            if "facing" in b:
                c.int_(b["facing"], "beast.facing", 1, 6)
            assert self.sc.beast is not None
            for k, until in c.obj(b.get("powers", {}), "beast.powers").items():
                c.choice(k, f"beast.powers.{k}", set(self.sc.beast.powers))
                c.int_(until, f"beast.powers.{k}", 0, self.last_turn)

    def setup_exclusive(self, setup: dict[str, Any]) -> None:
        if setup.get("clear") and "pedestal" not in setup and self.units["orc_archer1"].flags.get("out"):
            self.pedestal = {"hex": None, "carrier": None}
        if "pedestal" in setup:
            ped = setup["pedestal"]
            self.pedestal = {"hex": ped.get("hex"), "carrier": ped.get("carrier")}
            if self.pedestal["carrier"] is not None:
                self.pedestal["hex"] = self.piece(self.pedestal["carrier"]).hex
        for k, carrier in setup.get("weapons", {}).items():
            self.weapons[k]["carrier"] = carrier
        for name, until in setup.get("spells", {}).items():
            self.spell_state["active"][name] = int(until)
        if "beast" in setup:
            b = setup["beast"]
            beast = self.units["beast"]
            beast.flags.pop("out", None)
            self.place(beast, b["hex"])
            beast.reduced = bool(b.get("reduced", False))
            self.spell_state["beast"]["conjured"] = True
            self.spell_state["beast"]["facing"] = int(b.get("facing", 1))
            for power, until in b.get("powers", {}).items():
                self.spell_state["beast"]["powers"][power] = int(until)

    def exclusive_json(self) -> Any:
        return {"pedestal": self.pedestal, "weapons": self.weapons}

    # ===== [12.0] night, [16.3] Total Eclipse ==================================================
    def is_night(self, turn: int | None = None) -> bool:
        t = self._turn if turn is None else turn
        if self.spell_active("eclipse", t):
            return True                                            # [16.3]
        return super().is_night(turn)

    def spell_active(self, name: str, turn: int | None = None) -> bool:
        until = self.spell_state["active"].get(name)
        t = self._turn if turn is None else turn
        return until is not None and self.spell_state.get("since", {}).get(name, 0) <= t <= until

    # ===== [15.1] Elves, [15.2] Dwarves, [15.4] Orcs ==========================================
    def is_elf(self, p: Piece) -> bool:
        return "elf" in p.tags

    def terrain_cost(self, p: Piece, a: str | None, b: str) -> float | None:
        if p.id == "beast" and self.beast_power("flight"):
            return 1.0                                              # [17.21] regardless of terrain
        if b == MORDOR and p.side == WEST and self.gate_closed():
            return None                                             # [18.0]
        terrain = self.hexmap.terrain(b)
        if self.is_elf(p) and not p.formation:
            if self.charts.terrain.get(terrain, {}).get("cost") is None:
                return None                                         # [15.11] not impassable hexes
            if a is not None and self.hexmap.road(a, b):
                return 0.5
            return 1.0                                              # [15.11]
        if terrain == "rough" and not self.options["errata_4_3"]:
            spec = self.charts.terrain["clear"]
            if a is not None and self.hexmap.road(a, b):
                return 0.5
            extra = 0.0 if a is None else self.hexside_cost(p, a, b)
            return None if extra is None else float(spec["cost"]) + extra
        return super().terrain_cost(p, a, b)

    def terrain_armour_applies(self, d: Piece) -> bool:
        return self.options["errata_4_3"] or self.hexmap.terrain(d.hex or "") != "rough"

    def may_leave_zoc(self, p: Piece) -> bool:
        return self.is_elf(p) and not p.formation                  # [15.12]

    def stops_in_zoc(self, p: Piece) -> bool:
        return not self.may_leave_zoc(p)                            # [15.12] (docs/rulings.md)

    def leave_zoc_cost(self, p: Piece) -> float:
        return 1.0 if self.may_leave_zoc(p) else 0.0               # [15.12]

    def missile_range(self, p: Piece) -> int:
        return 3 if self.is_elf(p) else 2                           # [15.13]

    def zoc_affects(self, mover: Piece, exerter: Piece) -> bool:
        if mover.id == "beast":
            return False                                            # [17.1]
        if self.dwarf_ignores_zoc(mover, exerter):
            return False                                            # [15.21] movement only
        return super().zoc_affects(mover, exerter)

    @staticmethod
    def dwarf_ignores_zoc(mover: Piece, exerter: Piece) -> bool:
        """[15.21] Dwarves ignore the ZOCs of Trolls and Goblins (for movement only)."""
        return "dwarf" in mover.tags and ("troll" in exerter.tags or "goblin" in exerter.tags)

    def zoc_binds_in_combat(self, p: Piece, exerter: Piece) -> bool:
        """[7.31] in combat the Troll's or Goblin's ZOC binds the Dwarf after all [15.21] (not
        in records made before the option)."""
        if self.options["dwarf_zoc_combat_15_21"] and self.dwarf_ignores_zoc(p, exerter):
            return super().zoc_affects(p, exerter)
        return super().zoc_binds_in_combat(p, exerter)

    def zoc_blocks_retreat(self, p: Piece, h: str) -> bool:
        if p.id == "beast":
            return False
        enemies = self.zoc_map(SAURON if p.side == WEST else WEST).get(h, ())
        return any(not p.is_leader for _ in enemies)               # [6.2]: Dwarves' [15.21] is movement only

    def zoc_extends(self, frm: str, to: str) -> bool:
        """[18.0] the Gates of Morannon stand open while Sauron is outside Mordor: ZOCs pass
        through them then ([6.13] closes only unbreached, i.e. shut, gates)."""
        if {frm, to} == {MORDOR, "1330"} and not self.gate_closed():
            return not self.charts.terrain.get(self.hexmap.terrain(to), {}).get("blocks_zoc")
        return super().zoc_extends(frm, to)

    def zoc_context(self) -> Any:
        return self.gate_closed()

    def filter_destinations(self, p: Piece, dests: dict[str, Any]) -> dict[str, Any]:
        if p.id == "beast" and self.beast_power("flight"):
            # [17.21] it flies over anything, but lands only where it may stand
            return {h: v for h, v in dests.items()
                    if self.charts.terrain.get(self.hexmap.terrain(h), {}).get("cost") is not None}
        return self.dwarf_filter(p, dests)

    def exerts_zoc(self, p: Piece) -> bool:
        return p.id != "beast" and super().exerts_zoc(p)           # [17.1]

    def is_orc(self, p: Piece) -> bool:
        return "orc" in p.tags

    def fanatical_why(self, p: Piece) -> str | None:
        if p.side == SAURON:                                        # [15.4] only Orcs
            return "[15.4] Orcs are fanatical at night" if self.is_orc(p) and self.is_night() else None
        return super().fanatical_why(p)

    def defence_morale_why(self, d: Piece) -> tuple[str, list[str]]:
        if d.formation == "phalanx":
            return "Y", ["[15.33] a Slave Phalanx defends with morale Y"]
        m, why = super().defence_morale_why(d)
        if self.is_orc(d) and self.is_night():
            from ..spi.data import shift_morale
            m = shift_morale(m, 1)                                  # [15.4]
            why.append("[15.4] Orcs at night: morale one level better")
        return m, why

    def begin_phase_hook(self) -> None:
        if self._phase == "F":
            # [15.22] Dwarves within two hexes of an Orc when the phase begins
            for p in self.on_map(WEST):
                p.flags.pop("must_attack", None)
                if "dwarf" in p.tags and not p.disrupted:
                    orcs = sorted(q.id for q in self.on_map(SAURON) if self.is_orc(q)
                                  and hx.distance(p.hex, q.hex) <= 2)
                    if orcs:
                        p.flags["must_attack"] = orcs
        if self._phase in ("A", "E"):
            sauron = self.units["sauron"]
            self.spell_state["on_pedestal"] = bool(
                sauron.on_map and self.pedestal_hex() == sauron.hex)   # [16.61]
        if self._phase == "H":
            for p in self.on_map(WEST):
                p.flags.pop("must_attack", None)

    def dwarf_targets(self, p: Piece) -> list[Piece]:
        return [self.units[o] for o in p.flags.get("must_attack", ()) if self.units[o].on_map]

    def dwarf_filter(self, p: Piece, dests: dict[str, Any]) -> dict[str, Any]:
        """[15.22] a Dwarf near an Orc must move adjacent to it if it can."""
        orcs = self.dwarf_targets(p) if p.on_map else []
        if not orcs or any(hx.distance(p.hex, o.hex) == 1 for o in orcs):
            return dests
        near = {h: v for h, v in dests.items() if any(hx.distance(h, o.hex) == 1 for o in orcs)}
        return near or dests

    def dwarf_must_close(self, p: Piece) -> bool:
        """[15.22] ``p`` is a Dwarf that must still move adjacent to an Orc (and can)."""
        if self._phase != "F" or not p.on_map:
            return False
        orcs = self.dwarf_targets(p)
        if not orcs or any(hx.distance(p.hex, o.hex) == 1 for o in orcs):
            return False
        return any(any(hx.distance(h, o.hex) == 1 for o in orcs) for h in self.destinations(p))

    def decide_move(self, d: dict[str, Any]) -> list[Action]:
        acts = super().decide_move(d)
        if self.dwarf_must_close(self.units[d["unit"]]):
            acts = [a for a in acts if a["type"] != "stay"]         # [15.22] no staying put
        return acts

    def why_not_move_hook(self, p: Piece, to: str) -> IllegalAction | None:
        if to == MORDOR and p.side == WEST and self.gate_closed():
            return IllegalAction("[18.0]", "the Gates of Morannon are closed to the Westernesse while Sauron "
                                 "is in Mordor")
        zone = self.pass_zone(p)
        if zone is not None and to not in zone:
            return IllegalAction("[14.1]" if p.side == SAURON else "[14.2]",
                                 f"in its first Movement Phase on the map {self.label(p)} stays within two "
                                 f"hexes of the Road of the Orcs ({to} is not)")
        if self.dwarf_must_close(p):
            orcs = self.dwarf_targets(p)
            if not any(hx.distance(to, o.hex) == 1 for o in orcs):
                return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                     f"{', '.join(f'{o.name} [{o.id}]' for o in orcs)} and must move adjacent "
                                     f"to it ({to} is not)")
        return None

    def why_not_end_movement(self) -> IllegalAction | None:
        if self._phase != "F":
            return None
        for p in self.movers(WEST):
            if self.dwarf_must_close(p):
                orc = self.dwarf_targets(p)[0]
                return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                     f"{orc.name} [{orc.id}] and must move adjacent to it")
        return None

    def orcs_to_attack(self, p: Piece) -> set[str]:
        """[15.22] the Orcs a Dwarf began the phase near and must attack (none for others)."""
        return {o.id for o in self.dwarf_targets(p)} if "dwarf" in p.tags else set()

    def forced_targets(self, p: Piece, legal: list[Piece]) -> list[Piece]:
        orcs = self.orcs_to_attack(p)
        must = [q for q in legal if q.id in orcs]
        if must:
            return must                                            # [15.22] attack that Orc
        return super().forced_targets(p, legal)

    def obligation(self, p: Piece, targets: list[Piece] | None = None) -> IllegalAction:
        orcs = self.orcs_to_attack(p)
        if orcs and p.on_map:
            forced = targets if targets is not None else self.melee_targets(p)
            if forced and all(q.id in orcs for q in forced):           # [15.22], not [7.31]
                which = ", ".join(f"{q.name} [{q.id}]" for q in targets) if targets else "an Orc"
                return IllegalAction("[15.22]", f"{self.label(p)} began the phase within two hexes of "
                                     f"{which} and must attack it")
        return super().obligation(p, targets)

    # ===== [15.3] Slave Phalanxes ================================================================
    def formation_actions(self, side: str) -> list[Action]:
        if side != SAURON:
            return super().formation_actions(side)
        acts: list[Action] = []
        slaves = [p for p in self.on_map(SAURON) if "slave" in p.tags and not p.moved and not p.disrupted
                  and not p.formation and not p.reduced]           # [15.34] full strength only
        for a in slaves:
            if self.in_enemy_zoc(a):
                continue
            for b in slaves:
                if b is a or hx.distance(a.hex, b.hex) != 1:
                    continue
                c = self.terrain_cost(a, a.hex, b.hex)
                if c is not None and c <= a.ma:
                    acts.append({"type": "form", "unit": a.id, "with": b.id, "hex": b.hex})
        return acts

    def formation_kind(self, a: Piece, b: Piece) -> str:
        return "phalanx" if "slave" in a.tags else super().formation_kind(a, b)

    def formation_rule(self, kind: str) -> str:
        return "[15.32]" if kind == "phalanx" else super().formation_rule(kind)

    def movement_allowance(self, p: Piece) -> float:
        if p.formation == "phalanx":
            return 2                                                # [15.33]
        if p.id == "beast":
            if self.beast_power("flight"):
                return self.sc.beast.powers["flight"].hexes  # type: ignore[return-value]  # [17.21] (data: required)
            return p.ma // 2 if p.reduced else p.ma                 # [17.1] [17.33]
        return super().movement_allowance(p)

    def base_armour(self, d: Piece) -> int:
        return 3 if d.formation == "phalanx" else d.armour_now()   # [15.33]

    def base_armour_why(self, d: Piece) -> str | None:
        return "[15.33] a Slave Phalanx has armour 3" if d.formation == "phalanx" else None

    def formation_case(self, d: Piece) -> str:
        return "[15.35]" if d.formation == "phalanx" else super().formation_case(d)

    def half_loss_retreat(self, d: Piece) -> int:
        """[15.35] one Slave unit is eliminated, the other retreats two hexes."""
        return 2 if d.formation == "phalanx" else super().half_loss_retreat(d)

    # ===== stacking exceptions: the Beast ===========================================================
    def counts_for_stacking(self, p: Piece) -> bool:
        return p.id != "beast" and super().counts_for_stacking(p)

    # ===== reinforcements [14.0] ======================================================================
    def entry_hexes(self, p: Piece) -> list[str]:
        entry = p.flags.get("entry", "mordor")
        if entry == "mordor":
            return [MORDOR]                                         # [14.1]
        return list(self.hexmap.place(entry))                      # [14.2] within two hexes of 1401

    def pass_zone(self, p: Piece) -> frozenset[str] | None:
        """[14.1] [14.2] in their first Movement Phase on the map, within two hexes of the
        Road of the Orcs."""
        return self.road_zone if p.where == OFFMAP else None

    def cost_class(self, p: Piece) -> tuple[Any, ...]:
        return (p.kind, p.formation, p.side, self.is_elf(p),
                p.id == "beast" and self.beast_power("flight"), p.side == WEST and self.gate_closed())

    def zoc_class(self, p: Piece) -> Any:
        if p.id == "beast":
            return "beast"
        if "dwarf" in p.tags:
            return "dwarf"
        return super().zoc_class(p)

    # ===== [18.0] Mordor and the gate ================================================================
    def sauron_in_mordor(self) -> bool:
        s = self.units["sauron"]
        return s.where == OFFMAP and not s.flags.get("out") or (s.on_map and s.hex == MORDOR)

    def gate_closed(self) -> bool:
        """[18.0] closed to the Westernesse Player while Sauron is inside Mordor."""
        return self.sauron_in_mordor()

    def unit_movement_actions(self, p: Piece) -> list[Action]:
        """[18.0] a unit that can reach 1331 with a Movement Point to spare may leave the map
        into Mordor (the Westernesse only while the gate is open)."""
        if not p.on_map or p.is_leader or (p.side == WEST and self.gate_closed()):
            return []
        if p.hex == MORDOR:
            return [{"type": "exit", "unit": p.id}]
        reach = self.reach(p)
        if (MORDOR in reach and reach[MORDOR][0] + 1 <= self.movement_allowance(p)
                and not self.in_enemy_zoc(p, MORDOR) and not self.enemy_in(MORDOR, p.side)):
            return [{"type": "exit", "unit": p.id}]
        return []

    def extra_movement_actions(self, side: str) -> list[Action]:
        if side == WEST and self._phase == "F":
            return self.exchange_actions()                          # [19.14]
        return []

    def do_exit(self, action: Action) -> list[Event]:
        """[18.0] leave the map through 1331 into Mordor; [21.12] -1 VP to Sauron for each
        Westernesse unit."""
        p = self.units[action["unit"]]
        movers = [p] + ([self.units[p.partner]] if p.partner and p.formation else [])
        events: list[Event] = []
        for q in movers:
            frm = q.hex
            self.dissolve_formation(q)
            self.remove(q)
            q.moved = True
            if self.pedestal["carrier"] == q.id:
                self.pedestal["hex"] = None
            if q.side == WEST:
                q.where = EXITED
                self.vp[SAURON] += int(self.sc.victory["exit_to_mordor"])
                events.append(event("exit", "[21.12]", f"{self.label(q)} exits from {frm} into Mordor: "
                                    f"Sauron loses 1 Victory Point", unit=q.id))
            else:
                q.where = OFFMAP
                q.arrival = self._turn + 1
                q.flags["entry"] = "mordor"
                events.append(event("exit", "[18.0]", f"{self.label(q)} withdraws from {frm} into Mordor",
                                    unit=q.id))
        return events

    # ===== [16.6] the Pedestal =========================================================================
    def pedestal_hex(self) -> str | None:
        c = self.pedestal["carrier"]
        if c is not None:
            p = self.units[c]
            return p.hex if p.on_map else None
        return self.pedestal["hex"]

    def after_move(self, p: Piece, frm: str | None, to: str) -> list[Event]:
        events: list[Event] = []
        if self.pedestal["carrier"] == p.id:
            self.pedestal["hex"] = to
            if self.is_movement_phase():
                self.spell_state["pedestal_moved"] = [self._turn, self._phase]   # [16.61]
        elif self.pedestal["carrier"] is None and self.pedestal["hex"] == to and not p.is_leader:
            events.extend(self.pick_up_pedestal(p))
        return events

    def pick_up_pedestal(self, p: Piece) -> list[Event]:
        """[16.63] captured by any type of unit; recaptured, it goes at once to an Orc Archer."""
        if p.side == WEST:
            self.pedestal = {"hex": p.hex, "carrier": p.id}
            return [event("pedestal", "[16.63]", f"{self.label(p)} captures the Pedestal in {p.hex}", unit=p.id)]
        archers = [q for q in self.on_map(SAURON) if "orc_archer" in q.tags]
        if "orc_archer" in p.tags or not archers:
            self.pedestal = {"hex": p.hex, "carrier": p.id}
        else:
            best = min(archers, key=lambda q: (hx.distance(p.hex, q.hex), q.hex))
            self.pedestal = {"hex": best.hex, "carrier": best.id}
        holder = self.units[self.pedestal["carrier"]]
        return [event("pedestal", "[16.63]", f"Sauron's forces recapture the Pedestal: carried by "
                      f"{self.label(holder)} in {holder.hex}", unit=holder.id)]

    def drop_pedestal(self, p: Piece, h: str | None) -> list[Event]:
        if self.pedestal["carrier"] != p.id:
            return []
        self.pedestal = {"hex": h, "carrier": None}
        return [event("pedestal", "[16.63]", f"the Pedestal is left in {h}", hex=h)]

    def before_leaving(self, p: Piece, frm: str, mode: str) -> None:
        if self.pedestal["carrier"] == p.id:
            self.pedestal = {"hex": frm, "carrier": None}           # [16.63] never retreated
            self.log.append(event("pedestal", "[16.63]", f"the Pedestal is left in {frm}", hex=frm))

    def leader_stays(self, leader: Piece, unit: Piece) -> bool:
        return leader.id == "sauron" and self.pedestal_hex() == leader.hex and self.pedestal["carrier"] == unit.id

    def leader_result_hook(self, victim: Piece, res: str) -> list[Event] | None:
        if victim.id == "sauron" and self.pedestal_hex() == victim.hex and res == "r2":
            return [event("pedestal", "[16.64]", "Sauron is on the Pedestal: the retreat is ignored")]
        return None

    def leader_result_notes(self, ld: Piece) -> dict[str, str]:
        notes = super().leader_result_notes(ld)
        if ld.id == "sauron" and self.pedestal_hex() == ld.hex:
            notes["r2"] = "Sauron is on the Pedestal: the retreat is ignored [16.64]"
        return notes

    def retreat_blocked_hook(self, p: Piece, task: dict[str, Any]) -> bool:
        if p.id == "sauron" and self.pedestal_hex() == p.hex:
            task["hook_rule"] = "[16.64]"
            return True
        return False

    def may_move_hook(self, p: Piece) -> bool:
        if p.id == "beast" and self.is_magic_phase():
            return False
        return True

    # ===== [16.0] Sauron's spells, [17.0] the Beast =====================================================
    def sauron_may_use_magic(self) -> bool:
        """[16.61] on the Pedestal when the phase began, the Pedestal unmoved in the previous
        normal Movement Phase."""
        s = self.units["sauron"]
        if not self.may_cast_now(s) or not self.spell_state["on_pedestal"]:
            return False
        if self.pedestal_hex() != s.hex:
            return False
        prev = [self._turn, "C"] if self._phase == "E" else [self._turn - 1, "F"]
        return self.spell_state["pedestal_moved"] != prev

    def beast_power(self, power: str) -> bool:
        until = self.spell_state["beast"]["powers"].get(power)
        return until is not None and (until == 0 or self._turn <= until)

    def beast_cost(self, base: int) -> int:
        return base * 2 if self.units["beast"].reduced else base   # [17.33]

    def spell_actions(self, side: str) -> list[Action]:
        if side != SAURON:
            return []
        s = self.units["sauron"]
        if not s.on_map:
            return []
        left = self.magic_points_left(s)
        acts: list[Action] = []
        phase_id = [self._turn, self._phase]
        window = phase_id in self.spell_state["beast"]["window"]
        if self.sauron_may_use_magic():
            for key, spell in sorted(self.sc.spells.items()):
                if self.spell_state["cast"].get(key, 0) >= spell.allowance:
                    continue                                        # allowance per game
                if key == "wrath" and not self.units["ringwraith"].on_map:
                    continue
                for pts in range(1, min(spell.automatic, left) + 1):
                    acts.append({"type": "cast", "unit": "sauron", "spell": key, "points": pts})
            beast = self.units["beast"]
            if (not self.spell_state["beast"]["conjured"] and self.is_night()
                    and left >= self.sc.beast.conjure):
                acts.append({"type": "conjure", "unit": "sauron"})      # [17.0]
            if beast.on_map:
                window = True
        beast = self.units["beast"]
        if window and beast.on_map and self.spell_state["beast"].get("power_phase") != phase_id:
            for key, power in sorted(self.sc.beast.powers.items()):
                cost = self.beast_cost(power.cost)
                if cost > left or (key != "breath" and self.beast_power(key)):
                    continue
                if key == "breath":
                    for facing in range(1, 7):
                        acts.append({"type": "beast_power", "unit": "sauron", "power": key, "facing": facing})
                else:
                    acts.append({"type": "beast_power", "unit": "sauron", "power": key})
        return acts

    def do_cast(self, action: Action) -> list[Event]:
        s = self.units["sauron"]
        key, pts = action["spell"], int(action["points"])
        spell = self.sc.spells[key]
        rng = spell.succeeds_on(pts)
        events: list[Event] = []
        if rng is None:
            ok = True
            events.append(event("spell", "[16.5]", f"Sauron casts {spell.name} with {pts} points: automatic",
                                spell=key, points=pts, success=True))
        else:
            dice = self.dice.roll(2)
            total = sum(dice)
            ok = rng[0] <= total <= rng[1]
            events.append(event("spell", "[16.5]", f"Sauron attempts {spell.name} with {pts} points: needs "
                                f"{rng[0]}-{rng[1]}, rolled {total} ({dice[0]}+{dice[1]}): "
                                + ("cast" if ok else "fails (no points spent [8.56])"),
                                dice=dice, table="16.5", cell=f"{key}/{pts}", spell=key, points=pts, success=ok))
        self.note_cast(s, ok)
        if not ok:
            return events
        self.spend_magic(s, pts)
        self.spell_state["cast"][key] = self.spell_state["cast"].get(key, 0) + 1
        until = self._turn + spell.duration - 1
        self.spell_state["active"][key] = until
        self.spell_state.setdefault("since", {})[key] = self._turn
        if key == "sinister_visions":
            events.extend(self.sinister_visions())
        elif key == "eclipse":
            events.append(event("spell_effect", spell.rule, f"Game-Turn {self._turn} is treated as a Night Game-Turn"))
        elif key == "wrath":
            events.append(event("spell_effect", spell.rule, f"Sauron's units within {spell.radius} hexes of the "
                                f"Ringwraith attack one level better in melee through Game-Turn {until}"))
        return events

    def sinister_visions(self) -> list[Event]:
        """[16.1] Westernesse units other than Dwarves and Elves with morale X or worse are
        disrupted at once."""
        events: list[Event] = []
        for p in sorted(self.on_map(WEST), key=lambda q: q.id):
            if p.is_leader or "dwarf" in p.tags or "elf" in p.tags:
                continue
            if p.morale_now() in ("X", "Y", "Z") and not p.disrupted:
                p.disrupted = True
                p.flags["visions"] = True
                events.append(event("disrupted", "[16.1]", f"{self.label(p)} is disrupted by Sinister Visions",
                                    unit=p.id))
        return events

    def may_rally_hook(self, ld: Piece, u: Piece) -> IllegalAction | None:
        """[16.1] units disrupted by Sinister Visions rally only three or more hexes from Sauron;
        [19.13] unless the leader carries a magic weapon."""
        s = self.units["sauron"]
        if u.flags.get("visions") and self.spell_active("sinister_visions") and s.on_map:
            if hx.distance(u.hex, s.hex) < 3 and not self.carried_weapon(ld):
                return IllegalAction("[16.1]", f"{self.label(u)} was disrupted by Sinister Visions and "
                                     "must be at least three hexes from Sauron to be rallied")
        return None

    def do_conjure(self, action: Action) -> list[Event]:
        """[17.0] at night, five points; the Beast appears stacked with Sauron."""
        s = self.units["sauron"]
        beast = self.units["beast"]
        self.spend_magic(s, self.sc.beast.conjure)
        self.note_cast(s, True)
        beast.flags.pop("out", None)
        self.place(beast, s.hex)
        st = self.spell_state["beast"]
        st["conjured"] = True
        nxt = [self._turn, "E"] if self._phase == "A" else [self._turn + 1, "A"]
        st["window"] = [[self._turn, self._phase], nxt]            # [17.0] [17.2]
        return [event("conjure", "[17.0]", f"Sauron conjures the Beast of Mordor in {s.hex} "
                      f"({self.sc.beast.conjure} points)", hex=s.hex)]

    def do_beast_power(self, action: Action) -> list[Event]:
        s = self.units["sauron"]
        key = action["power"]
        power = self.sc.beast.powers[key]
        cost = self.beast_cost(power.cost)
        self.spend_magic(s, cost)
        st = self.spell_state["beast"]
        st["power_phase"] = [self._turn, self._phase]
        if [self._turn, self._phase] not in st["window"]:
            self.note_cast(s, True)
        until = 0 if power.duration == 0 else self._turn + power.duration - 1
        st["powers"][key] = until
        events = [event("beast_power", power.rule, f"the Beast of Mordor gains {power.name} ({cost} points"
                        + (", doubled [17.33]" if self.units['beast'].reduced else "") + ")"
                        + ("" if power.duration == 0 else f" through Game-Turn {until}"), power=key, cost=cost)]
        if key == "breath":
            st["facing"] = int(action["facing"])
            events.extend(self.death_breath(st["facing"]))
        return events

    def kill_zone(self, facing: int) -> list[str]:
        """[17.24] within two hexes through the Beast's two frontal hexsides: the hexes in
        directions ``facing`` and ``facing+1`` and the three beyond them (5 hexes)."""
        beast = self.units["beast"]
        d1, d2 = facing, facing % 6 + 1
        zone = []
        a = hx.neighbour(beast.hex, d1)
        b = hx.neighbour(beast.hex, d2)
        for h in (a, b):
            if h:
                zone.append(h)
        for h, d in ((a, d1), (b, d2)):
            if h:
                zone.append(hx.neighbour(h, d))
        if a:
            zone.append(hx.neighbour(a, d2))
        return sorted({h for h in zone if h and h in self.hexmap})

    def death_breath(self, facing: int) -> list[Event]:
        zone = self.kill_zone(facing)
        events = [event("death_breath", "[17.24]", f"the Beast breathes death toward direction {facing}: "
                        f"{', '.join(zone)}", zone=zone, facing=facing)]
        for h in zone:
            for q in sorted(self.pieces_at(h), key=lambda q: (q.is_leader, q.id)):
                if q.side == WEST and q.on_map:
                    events.extend(self.eliminate(q, "[17.24]", "Death Breath"))
        return events

    def attack_letter(self, p: Piece, melee: bool, target: Piece | None = None) -> str | None:
        if p.id == "beast":
            if melee and self.beast_power("horn"):
                return "A"                                          # [17.22]
            return None
        return super().attack_letter(p, melee, target)

    def attack_why(self, p: Piece, melee: bool, target: Piece | None = None) -> list[str]:
        if p.id == "beast":
            return ["[17.22] Horn Attack: the Beast of Mordor attacks at A"]
        return super().attack_why(p, melee, target)

    def attackable(self, d: Piece, attacker: Piece, melee: bool) -> bool:
        if d.id == "beast" and self.beast_power("armor"):
            return False                                            # [17.32]
        return True

    def leader_targets(self, ld: Piece) -> list[Piece]:
        out = super().leader_targets(ld)
        beast = self.units["beast"]
        if (ld.side == WEST and beast.on_map and self.beast_power("armor") and self.carried_weapon(ld)
                and hx.distance(ld.hex, beast.hex) == 1):
            out.append(beast)                                       # [17.32]
        return out

    def leader_attacks_unit(self, a: Piece, d: Piece) -> list[Event]:
        """[17.32] a leader with a magic weapon attacks the armoured Beast at A, as melee."""
        return self.resolve_attack(a, d, "A", False, "[17.32]", missile=False)

    def demoralization_value(self, p: Piece) -> int:
        return 0 if p.id == "beast" else super().demoralization_value(p)

    # ===== [19.0] magic weapons ==========================================================================
    def carried_weapon(self, ld: Piece) -> str | None:
        """The magic weapon ``ld`` carries and may use ([19.0] only the named users)."""
        for k, w in self.weapons.items():
            if w["carrier"] == ld.id and not w["destroyed"] and ld.key in self.sc.weapons[k].users:
                return k
        return None

    def rating_modifiers(self, ld: Piece, combat: bool, foe: Piece | None = None) -> list[tuple[int, str]]:
        weapon = self.carried_weapon(ld) if combat else None
        if weapon is None:
            return []
        n = 1 if self.options["errata_19_11"] else 3                # [19.11]
        return [(n, f"[19.11] {ld.name} carries {self.sc.weapons[weapon].name}: +{n}")]

    def attack_modifiers(self, p: Piece, melee: bool, target: Piece | None) -> list[tuple[int, str]]:
        mods: list[tuple[int, str]] = []
        if p.side == WEST and p.hex:
            bearer = next((q for q in self.pieces_at(p.hex) if q.is_leader and self.carried_weapon(q)), None)
            if bearer is not None:                                  # [19.12]
                name = self.sc.weapons[self.carried_weapon(bearer) or ""].name
                mods.append((1, f"[19.12] stacked with {bearer.name} and {name}: +1 level"))
        if p.side == SAURON and melee and self.spell_active("wrath"):
            rw = self.units["ringwraith"]
            if rw.on_map and hx.distance(p.hex, rw.hex) <= self.sc.spells["wrath"].radius:  # type: ignore[operator]
                mods.append((1, "[16.2] Wrath of the Ringwraith: +1 level in melee"))     # [16.2]
        return mods

    def exchange_actions(self) -> list[Action]:
        """[19.14] Isildur and Elendil may pass Narsil when in the same hex."""
        narsil = self.weapons.get("narsil")
        if not narsil or narsil["destroyed"]:
            return []
        e, i = self.units["elendil"], self.units["isildur"]
        if not (e.on_map and i.on_map and e.hex == i.hex):
            return []
        holder = narsil["carrier"]
        if holder == e.id:
            if self.options["errata_19_14"] and not (e.reduced and not i.reduced):
                return []
            return [{"type": "exchange", "unit": e.id, "target": i.id}]
        if holder == i.id and not self.options["errata_19_14"]:
            return [{"type": "exchange", "unit": i.id, "target": e.id}]
        return []

    def do_exchange(self, action: Action) -> list[Event]:
        self.weapons["narsil"]["carrier"] = action["target"]
        return [event("exchange", "[19.14]", f"{self.units[action['unit']].name} hands Narsil to "
                      f"{self.units[action['target']].name}")]

    # ===== deaths: [19.2], [20.0], [21.1] =====================================================================
    def leader_killed(self, p: Piece, cause: str, by: Piece | None) -> list[Event]:
        events: list[Event] = []
        for k, w in self.weapons.items():
            if w["carrier"] != p.id or w["destroyed"]:
                continue
            name = self.sc.weapons[k].name
            if by is not None and by.is_leader:
                w["carrier"] = by.id                                # [19.22] captured
                events.append(event("weapon", "[19.22]", f"{name} is captured by {by.name}"))
                if by.side == SAURON:
                    self.vp[SAURON] += int(self.sc.victory["weapon_captured"])    # [21.12]
                    events.append(event("victory_points", "[21.12]",
                                        f"Sauron scores {self.sc.victory['weapon_captured']} VP for {name}"))
            else:
                w["destroyed"] = True                               # [19.21]
                w["carrier"] = None
                events.append(event("weapon", "[19.21]", f"{name} is destroyed with {p.name}"))
            if not w["counted"] and (w["destroyed"] or (by is not None and by.side == SAURON)):
                w["counted"] = True
                events.extend(self.add_dp(WEST, int(self.sc.demoralization["weapon_lost"]), "[20.2]",
                                          f"{name} destroyed or captured"))
        if p.side == WEST:
            named = ("elendil", "isildur", "gil_galad", "baldrim")
            if self.options["errata_20_2"] or p.key in named:
                events.extend(self.add_dp(WEST, p.rally, "[20.2]", f"{p.name} killed"))
        elif p.id == "sauron":
            events.extend(self.demoralize(SAURON, "[20.1]", "Sauron is slain"))
        return events

    def unit_killed(self, p: Piece, cause: str, hex_: str | None) -> list[Event]:
        events: list[Event] = []
        if self.pedestal["carrier"] == p.id:
            self.pedestal = {"hex": hex_, "carrier": None}
            events.append(event("pedestal", "[16.63]", f"the Pedestal is left in {hex_}", hex=hex_))
        enemy = SAURON if p.side == WEST else WEST
        self.vp[enemy] += int(self.sc.victory["per_unit"])         # [21.11]
        if p.id == "beast":
            events.extend(self.add_dp(SAURON, int(self.sc.demoralization["beast_slain"]), "[20.1]",
                                      "the Beast of Mordor is slain"))
        return events

    # ===== [21.2] who wins ====================================================================================
    def decide_victory(self) -> dict[str, Any]:
        wd, sd = self.demoralized[WEST], self.demoralized[SAURON]
        vw, vs = self.vp[WEST], self.vp[SAURON]
        if sd and not wd:
            if vw > vs:
                return {"winner": WEST, "level": "decisive", "rule": "[21.21]",
                        "text": f"Westernesse Decisive Victory [21.21] ({vw} VP to {vs})"}
            return {"winner": WEST, "level": "tactical", "rule": "[21.22]",
                    "text": f"Westernesse Tactical Victory [21.22] ({vw} VP to {vs})"}
        if not sd:
            if vs > vw:
                return {"winner": SAURON, "level": "decisive", "rule": "[21.23]",
                        "text": f"Sauron Decisive Victory [21.23] ({vs} VP to {vw})"}
            return {"winner": SAURON, "level": "tactical", "rule": "[21.24]",
                    "text": f"Sauron Tactical Victory [21.24] ({vs} VP to {vw})"}
        return {"winner": None, "level": "draw", "rule": "[21.24]",
                "text": f"Draw [21.24]: both armies demoralized ({vw} VP to {vs})"}

    def victory_rule(self) -> str:
        return "[21.2]"

    # ===== actions in words ====================================================================
    def describe_hook(self, kind: str, a: Action) -> str | None:
        if kind == "conjure":
            return f"Sauron conjures the Beast of Mordor ({self.sc.beast.conjure} points)"
        if kind == "beast_power":
            power = self.sc.beast.powers.get(a.get("power"))
            name = power.name if power is not None else str(a.get("power"))
            facing = f" toward direction {a['facing']}" if "facing" in a else ""
            return f"the Beast of Mordor uses {name}{facing}"
        if kind == "exchange":
            return f"{self._named(a.get('unit'))} hands Narsil to {self._named(a.get('target'))}"
        return super().describe_hook(kind, a)

    # ===== views ===============================================================================================
    def unit_view(self, p: Piece) -> dict[str, Any]:
        d = super().unit_view(p)
        if p.id == "beast":
            d["facing"] = self.spell_state["beast"]["facing"]
            d["label"] = ("A" if self.beast_power("horn") else "") + f"-{p.armour_now()}-X"
        for k, w in self.weapons.items():
            if w["carrier"] == p.id and not w["destroyed"]:
                d.setdefault("carries", []).append(self.sc.weapons[k].name)
        if self.pedestal["carrier"] == p.id:
            d.setdefault("carries", []).append("Pedestal")
        return d

    def exclusive_view(self, side: str | None) -> dict[str, Any]:
        return {
            "pedestal": {"hex": self.pedestal_hex(), "carrier": self.pedestal["carrier"]},
            "weapons": {self.sc.weapons[k].name: dict(w) for k, w in self.weapons.items()},
            "spells_cast": dict(self.spell_state["cast"]),
            "spells_active": {k: v for k, v in self.spell_state["active"].items() if self.spell_active(k)},
            "beast": {"conjured": self.spell_state["beast"]["conjured"],
                      "powers": {k: v for k, v in self.spell_state["beast"]["powers"].items() if self.beast_power(k)},
                      "facing": self.spell_state["beast"]["facing"]},
            "gate": "closed" if self.gate_closed() else "open",
        }


# the game registers itself; nothing outside this package names it
register_system("sauron", "ringwar.systems.sauron:SauronGame")

__all__ = ["SauronGame", "DEAD", "MAP"]
