"""Gondor [14.0] Reinforcements: the Riders of Rohan and Aragorn [14.2] (arriving in special
formations and fighting their way onto the map), and [14.3] the Mumakil: no cavalry beside
them [14.31], their stampede [14.32]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.board import NOT_AN_ADVANCE, refuse
from ..spi.game import SAURON, WEST
from ..spi.state import OFFMAP, Piece
from .board import GARRISON

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class ReinforcementRules:
    """[14.0] reinforcements and [14.3] the Mumakil."""

    def rohan_terms(self: GondorGame) -> tuple[int, int]:
        """[14.2] (first Game-Turn, least roll) for the Riders of Rohan: the scenario's
        (turn 5, a 5 or 6) unless the options ``rohan_turn`` / ``rohan_roll`` change them."""
        turn, roll = self.options.get("rohan_turn"), self.options.get("rohan_roll")
        return (int(self.sc.rohan["first_turn"]) if turn is None else turn,
                min(self.sc.rohan["roll"]) if roll is None else roll)

    def arrivals_for(self: GondorGame, side: str) -> list[Event]:
        """[14.2] Rohan from turn 5 on a 5 or 6; Aragorn on turn 10; each lowers the
        garrison's total by 10 [19.11]."""
        events: list[Event] = []
        if side != WEST:
            return events
        dem = self.sc.demoralization
        waiting = any(p.flags.get("awaits_roll") and not p.on_map and not p.flags.get("out")
                      for p in self.units.values())       # no roll once no Rider is left to come
        first, least = self.rohan_terms()
        if not self.siege.rohan and waiting and self._turn >= first:
            die = self.dice.d6()
            ok = die >= least
            needs = "never" if least > 6 else (f"{least}-6" if least < 6 else "6")
            events.append(event("roll", "[14.2]", f"will the Riders of Rohan come? rolled {die}: "
                                + ("they arrive along the Northern edge" if ok else f"not this turn ({needs})"),
                                dice=[die]))
            if ok:
                self.siege.rohan = True
                for p in self.units.values():
                    if p.drop_flag("awaits_roll", False):
                        p.arrival = self._turn
                events.extend(self.add_dp(GARRISON, int(dem["rohan_arrives"]), "[19.11]", "the Riders of Rohan arrive"))
        if not self.siege.aragorn and any(p.arrival == self._turn and p.flags.get("entry") == "aragorn_entry"
                                             for p in self.units.values()):
            self.siege.aragorn = True
            events.extend(self.add_dp(GARRISON, int(dem["aragorn_arrives"]), "[19.11]", "Aragorn arrives"))
        return events

    def forbidden_hexes(self: GondorGame, p: Piece) -> set[str] | None:
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

    def why_not_move_hook(self: GondorGame, p: Piece, to: str) -> IllegalAction | None:
        banned = self.forbidden_hexes(p)
        if banned and to in banned:
            return IllegalAction("[14.31]", "no cavalry unit may ever move adjacent to a Mumakil unit, "
                                 f"friend or foe, and vice versa ({to})")
        return None

    def entry_hexes(self: GondorGame, p: Piece) -> list[str]:
        return list(self.hexmap.place(p.flags.get("entry", "reinforcement_entry")))

    def apply_casualty(self: GondorGame, d: Piece, result: str, by: Piece | None, rule: str,
                       missile: bool = False) -> list[Event]:
        events = self.equipment_lost(d, result, by, missile)
        if "mumak" in d.tags and result != "E" and not (result.startswith("hE") and d.reduced) \
                and not d.disrupted:                       # [7.57] a disrupted unit dies instead
            if result.startswith("hE"):
                d.reduced = True
                events.append(event("reduced", rule, f"{self.label(d)} is inverted to its reduced side", unit=d.id))
            return events + self.stampede(d)
        return events + super().apply_casualty(d, result, by, rule, missile)

    def stampede(self: GondorGame, m: Piece) -> list[Event]:
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

    # ----- [14.2] the relief arrives in special formations, and may fight its way on -----------
    def arrival_formations(self: GondorGame) -> list[Action]:
        """[14.2] [8.43] two like units and a leader of their nation, waiting off the map,
        enter together in formation at a clear entry hex out of enemy ZOCs."""
        waiting = [p for p in self.units.values() if p.side == WEST and p.where == OFFMAP
                   and self.available_reinforcement(p) and not p.moved]
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

    def do_arrive_formed(self: GondorGame, action: Action) -> list[Event]:
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

    def melee_candidates(self: GondorGame, p: Piece) -> list[Piece]:
        if p.on_map:
            return super().melee_candidates(p)
        # [14.2] a waiting relief may attack the enemy units standing on its entry hexes
        return sorted((q for h in self.entry_hexes(p) for q in self.combat_at(h) if q.side != p.side),
                      key=lambda q: q.id)

    def why_not_relief_target(self: GondorGame, p: Piece, d: Piece, explain: bool) -> IllegalAction | None:
        """[14.2] a relief unit waiting off the map may attack only an enemy unit standing on
        one of its entry hexes, a hex it could enter (the city's ``why_not_melee_into`` asks
        this for an attacker off the map)."""
        if d.hex not in self.entry_hexes(p) or self.terrain_cost(p, None, d.hex) is None:
            return refuse(explain, "[14.2]", lambda: f"{self.label(p)} is waiting off the map: it may attack "
                          "only an enemy unit standing on one of its entry hexes")
        return None

    def attacks_from(self: GondorGame, p: Piece) -> bool:
        return p.on_map or (p.side == WEST and self.available_reinforcement(p))      # [14.2]

    def why_not_advance(self: GondorGame, p: Piece, h: str, explain: bool = True) -> IllegalAction | None:
        """[14.2] a relief unit that attacked from off the map advances onto it: into the
        entry hex its melee vacated, as it could enter it (no enemy, [5.0] room, [4.3] terrain);
        on the map the Standard Rules' [7.51]."""
        if p.on_map or not self.available_reinforcement(p):
            return super().why_not_advance(p, h, explain)
        if h not in self.entry_hexes(p):
            return refuse(explain, "[14.2]", lambda: f"{self.label(p)} is waiting off the map: it may advance "
                          "only onto one of its entry hexes", NOT_AN_ADVANCE)
        err = self.why_not_into_vacated(p, h, explain)                  # [7.51] [5.0]
        if err is not None:
            return err
        if self.terrain_cost(p, None, h) is None:
            return refuse(explain, "[4.3]", lambda: f"{self.label(p)} may not enter {h} ({self.hexmap.terrain(h)})",
                          NOT_AN_ADVANCE)
        return None
