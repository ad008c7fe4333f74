"""Gondor's Siege Phase: [16.2] Breaching Walls with Catapults and Grond, [16.3] the Breach
Probability Table, [16.5] Advance During Siege, [16.6] Fireballs, [16.8] Severed Heads, and
the previews (odds) of these actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ..spi.board import rng_text
from ..spi.game import SAURON
from ..spi.state import Piece
from .board import GARRISON

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame


class SiegeRules:
    """[16.2]-[16.8] the Siege Phase: breaches, fireballs, severed heads."""

    def preview(self: GondorGame, action: Action) -> dict[str, Any] | None:
        kind = action.get("type")
        if kind in ("breach", "fireball", "head") and self.is_legal(action):
            return self.breach_odds(action) if kind == "breach" else self.scatter_odds(action)
        return super().preview(action)

    def breach_odds(self: GondorGame, action: Action) -> dict[str, Any]:
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

    def scatter_odds(self: GondorGame, action: Action) -> dict[str, Any]:
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

    def siege_actions(self: GondorGame) -> list[Action]:
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
                if self.siege.heads_thrown < int(self.sc.siege["severed_heads"]):
                    acts.append({"type": "head", "unit": c.id, "to": h})
        grond = next((g for g in self.on_map(SAURON) if "grond" in g.tags), None)
        if grond is not None and self.siege.grond and grond.flags.get("siege_used") != self._turn:
            if any("carries_grond" in q.tags for q in self.combat_at(grond.hex)):
                for n in self.hexmap.adjacent(grond.hex):
                    wall = self.wall_between(grond.hex, n)
                    key = hx.hexside(grond.hex, n)
                    if wall and key not in self.siege.breached and not self.outer_wall(wall):
                        acts.append({"type": "breach", "unit": grond.id, "hexside": key})
        acts.append({"type": "end"})
        return acts

    def outer_wall(self: GondorGame, wall: dict[str, Any]) -> bool:
        """[15.23] the Outer Wall is never breached (its Main Gate only by Grond)."""
        return wall.get("name") == "Outer Wall"

    def wall_type(self: GondorGame, wall: dict[str, Any]) -> str:
        if wall["kind"] == "gate":
            return "main_gate" if wall.get("name") == "Main Gate" else "gate"
        return wall["kind"]

    def catapult_range(self: GondorGame, c: Piece, key: str) -> int:
        """[16.23] 1 if the hexside is part of the catapult's hex, 2 one hex further, ..."""
        a, b = key.split("/")
        return 1 + min(hx.distance(c.hex, a), hx.distance(c.hex, b))

    def clear_for_catapult(self: GondorGame, frm: str, to: str) -> bool:
        """[16.24] [16.61] over anything but Mountain hexes."""
        for line in hx.hex_lines(frm, to):
            if not any(self.hexmap.terrain(h) == "mountain" for h in line[1:-1] if h in self.hexmap):
                return True
        return False

    def breach_targets(self: GondorGame, c: Piece) -> list[str]:
        out = []
        for key, wall in self.city["wall_sides"]:
            if key in self.siege.breached or self.outer_wall(wall):
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

    def breach_terms(self: GondorGame, g: Piece, key: str) -> tuple[dict[str, Any], int, str, str, int, int]:
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

    def do_breach(self: GondorGame, action: Action) -> list[Event]:
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
        self.siege.breached.append(key)
        self.siege.breached.sort()
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

    def hurl_targets(self: GondorGame, c: Piece) -> list[str]:
        rng_ = int(self.sc.siege["fireball_range"])
        return [h for h in hx.within(c.hex, rng_) if h in self.hexmap and h != c.hex
                and self.clear_for_catapult(c.hex, h)]

    def land(self: GondorGame, c: Piece, target: str, what: str) -> tuple[str | None, list[Event]]:
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

    def do_fireball(self: GondorGame, action: Action) -> list[Event]:
        c = self.units[action["unit"]]
        c.flags["siege_used"] = self._turn
        c.fired = True
        where, events = self.land(c, action["to"], "a Fireball")
        if where is None:
            return events
        inside = where in self.city["city"]
        self.siege.fires[where] = "city" if inside else "field"    # [16.66]
        self.siege.heads.pop(where, None)                          # [16.86]
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

    def do_head(self: GondorGame, action: Action) -> list[Event]:
        c = self.units[action["unit"]]
        c.flags["siege_used"] = self._turn
        c.fired = True
        self.siege.heads_thrown += 1
        where, events = self.land(c, action["to"], "a Severed Head")
        if where is None or where not in self.city["city"]:
            return events + [event("head", "[16.85]", "the Severed Head falls outside the city and is removed")]
        if where in self.siege.fires or any("cauldron" in q.tags for q in self.pieces_at(where)):
            return events + [event("head", "[16.86]", f"the Severed Head lands in {where} and is destroyed")]
        self.siege.heads[where] = self.siege.heads.get(where, 0) + 1
        events.append(event("head", "[16.83]", f"a Severed Head lands in {where}", hex=where))
        return events + self.add_dp(GARRISON, int(self.sc.demoralization["severed_head"]), "[16.83]",
                                    "a Severed Head thrown into the city")
