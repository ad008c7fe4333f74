"""Gondor's Siege Phase: [16.2] Breaching Walls with Catapults and Grond, [16.3] the Breach
Probability Table, [16.5] Advance During Siege, [16.6] Fireballs, [16.8] Severed Heads, and
the previews (odds) of these actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import hexes as hx
from ...core.engine import Action, Event, event
from ...core.errors import IllegalAction
from ..spi.board import refuse, rng_text
from ..spi.game import SAURON
from ..spi.state import Piece
from .board import GARRISON

if TYPE_CHECKING:  # pragma: no cover
    from .game import GondorGame

#: the refusal the Siege Phase's predicates give while only listing (no words are built)
NOT_A_SIEGE_SHOT = IllegalAction("[16.2]", "this is not possible in the Siege Phase now")
#: each Siege Phase action: its section (when it is done) and its case (what does it)
SIEGE_CASES = {"breach": ("[16.2]", "[16.21]"), "fireball": ("[16.6]", "[16.61]"), "head": ("[16.8]", "[16.81]")}
#: what each does, in words
SIEGE_WORDS = {"breach": "breach walls", "fireball": "hurl Fireballs", "head": "hurl Severed Heads"}


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
        """The Siege Phase's actions: what ``why_not_catapult``, ``why_not_grond``,
        ``why_not_breach_at`` and ``why_not_hurl_at`` let through."""
        acts: list[Action] = []
        if self._phase != "B":
            return [{"type": "end"}]
        heads = self.why_not_head_left(False) is None
        # (``why_not_catapult`` refuses every piece but a Catapult [16.21]: asked of those only)
        for c in sorted((q for q in self.on_map(SAURON) if "catapult" in q.tags), key=lambda q: q.id):
            if self.why_not_catapult(c, "breach", False) is not None:
                continue                                           # [16.12]
            for key in self.breach_targets(c):
                acts.append({"type": "breach", "unit": c.id, "hexside": key})
            for h in sorted(self.hurl_targets(c)):
                acts.append({"type": "fireball", "unit": c.id, "to": h})
                if heads:                                          # [16.81]
                    acts.append({"type": "head", "unit": c.id, "to": h})
        grond = next((g for g in self.on_map(SAURON) if "grond" in g.tags), None)
        if grond is not None and self.why_not_grond(grond, False) is None:
            for n in self.hexmap.adjacent(grond.hex):
                key = hx.hexside(grond.hex, n)
                if self.why_not_breach_at(grond, key, False) is None:
                    acts.append({"type": "breach", "unit": grond.id, "hexside": key})
        acts.append({"type": "end"})
        return acts

    # ----- one predicate per Siege Phase action: the listing above and the refusals ---------------
    def why_not_siege_phase(self: GondorGame, p: Piece, kind: str, explain: bool) -> IllegalAction | None:
        """[16.2] [16.6] [16.8] breaches, Fireballs and Severed Heads are the Forces of Sauron
        Siege Phase's, and [3.0] Sauron's."""
        if self._phase != "B":
            return refuse(explain, SIEGE_CASES[kind][0], lambda: "Catapults " + ("and Grond " if kind == "breach"
                          else "") + f"{SIEGE_WORDS[kind]} only in the Forces of Sauron Siege Phase, not the "
                          f"{self._phase_name()}", NOT_A_SIEGE_SHOT)
        if p.side != SAURON:
            return refuse(explain, "[3.0]", lambda: f"{self.label(p)} belongs to {p.side}; the Siege Phase is "
                          "the Forces of Sauron's", NOT_A_SIEGE_SHOT)
        return None

    def why_not_catapult(self: GondorGame, c: Piece, kind: str, explain: bool = True) -> IllegalAction | None:
        """Why ``c`` may not be used for ``kind`` (``breach``, ``fireball``, ``head``) now,
        wherever it aims (None: it may): the Siege Phase; [16.21] [16.61] [16.81] a Catapult
        on the map; [16.12] which fires once a Game-Turn, in a Siege Phase or a Combat Phase
        (missile fire), not both."""
        err = self.why_not_siege_phase(c, kind, explain)
        if err is not None:
            return err
        rule = SIEGE_CASES[kind][1]
        if "catapult" not in c.tags:
            return refuse(explain, rule, lambda: f"only Catapults {SIEGE_WORDS[kind]}"
                          + (" (and Grond [16.28])" if kind == "breach" else "")
                          + f"; {self.label(c)} is none", NOT_A_SIEGE_SHOT)
        if not c.on_map:
            return refuse(explain, rule, lambda: f"{self.label(c)} is not on the map", NOT_A_SIEGE_SHOT)
        if c.fired or c.flags.get("siege_used") == self._turn:
            return refuse(explain, "[16.12]", lambda: f"{self.label(c)} has already fired this Game-Turn: a "
                          "Catapult fires only once per Game-Turn", NOT_A_SIEGE_SHOT)
        return None

    def why_not_grond(self: GondorGame, g: Piece, explain: bool = True) -> IllegalAction | None:
        """Why Grond ``g`` may not attempt a breach now, wherever (None: it may): the Siege
        Phase; [16.28] Grond on the map, activated by magic [17.13], with a Troll or Uruk-Hai
        in its hex, once a Game-Turn."""
        err = self.why_not_siege_phase(g, "breach", explain)
        if err is not None:
            return err
        if not g.on_map:
            return refuse(explain, "[16.28]", lambda: "Grond is not on the map", NOT_A_SIEGE_SHOT)
        if not self.siege.grond:
            return refuse(explain, "[16.28]", lambda: "Grond must first be activated by magic (the Lord of the "
                          "Nazgul's Operate Grond [17.13])", NOT_A_SIEGE_SHOT)
        if g.flags.get("siege_used") == self._turn:
            return refuse(explain, "[16.28]", lambda: "Grond has already attempted a breach this Game-Turn",
                          NOT_A_SIEGE_SHOT)
        if not any("carries_grond" in q.tags for q in self.combat_at(g.hex)):
            return refuse(explain, "[16.28]", lambda: "Grond breaches only with a Troll or Uruk-Hai unit in its "
                          "hex", NOT_A_SIEGE_SHOT)
        return None

    def why_not_breach_at(self: GondorGame, g: Piece, key: object, explain: bool = True) -> IllegalAction | None:
        """Why the Catapult or Grond ``g`` (which may breach now: ``why_not_catapult``,
        ``why_not_grond``) may not attempt to breach hexside ``key`` (None: it may): [16.21] a
        wall, tower or gate hexside, [16.27] not breached yet, never the Outer Wall [16.21]
        [16.28]; Grond [16.28] adjacent to it; a Catapult [16.13] never against the Main Gate,
        [16.21] at a range of 4 at most, [16.3] where the Breach Probability Table allows, and
        [16.24] not through Mountain hexes."""
        grond = "grond" in g.tags
        rule = "[16.28]" if grond else "[16.21]"
        wall = self.city["wall_at"].get(key) if isinstance(key, str) else None
        if wall is None:
            return refuse(explain, rule, lambda: f"{key!r} is not a Wall, Tower or Gate hexside", NOT_A_SIEGE_SHOT)
        if key in self.siege.breached:
            return refuse(explain, "[16.27]", lambda: f"{key} is already breached", NOT_A_SIEGE_SHOT)
        if self.outer_wall(wall):
            return refuse(explain, rule, lambda: f"{key} is on the Outer Wall, which may never be breached [15.23]",
                          NOT_A_SIEGE_SHOT)
        if grond:
            if g.hex not in key.split("/"):
                return refuse(explain, "[16.28]", lambda: f"Grond must be adjacent to the hexside it tries to "
                              f"breach; {key} is not a side of its hex {g.hex}", NOT_A_SIEGE_SHOT)
            return None
        if wall["kind"] == "gate" and wall.get("name") == "Main Gate":
            return refuse(explain, "[16.13]", lambda: "only Grond can breach the Main Gate", NOT_A_SIEGE_SHOT)
        r = self.catapult_range(g, key)
        if r > int(self.sc.siege["catapult_breach_range"]):
            return refuse(explain, "[16.21]", lambda: f"{key} is at range {r} from {self.label(g)}: a Catapult "
                          f"fires at walls up to range {self.sc.siege['catapult_breach_range']} [16.23]",
                          NOT_A_SIEGE_SHOT)
        band = "catapult_1" if r == 1 else "catapult_2" if r == 2 else "catapult_3"
        if self.sc.breach[band][self.wall_type(wall)] == "P":
            return refuse(explain, "[16.3]", lambda: f"the Breach Probability Table prohibits a Catapult at range "
                          f"{r} against a {self.wall_type(wall).replace('_', ' ')}", NOT_A_SIEGE_SHOT)
        a, b = key.split("/")
        near = a if hx.distance(g.hex, a) <= hx.distance(g.hex, b) else b
        if r != 1 and not self.clear_for_catapult(g.hex, near):
            return refuse(explain, "[16.24]", lambda: f"Catapults never fire through Mountain hexes: none of the "
                          f"lines from {g.hex} to {near} is clear", NOT_A_SIEGE_SHOT)
        return None

    def why_not_head_left(self: GondorGame, explain: bool = True) -> IllegalAction | None:
        """[16.81] the Sauron Player has at most twelve Severed Heads a game."""
        most = int(self.sc.siege["severed_heads"])
        if self.siege.heads_thrown >= most:
            return refuse(explain, "[16.81]", lambda: f"all {most} Severed Heads have been thrown", NOT_A_SIEGE_SHOT)
        return None

    def why_not_hurl_at(self: GondorGame, c: Piece, to: object, kind: str,
                        explain: bool = True) -> IllegalAction | None:
        """Why the Catapult ``c`` (which may fire now: ``why_not_catapult``) may not hurl a
        Fireball or (``kind`` ``head``) a Severed Head into hex ``to`` (None: it may): [16.61]
        [16.82] a hex of the map up to four hexes away, not its own, and not through Mountain
        hexes."""
        rule = "[16.61]" if kind == "fireball" else "[16.82]"
        what = "Fireballs" if kind == "fireball" else "Severed Heads, as Fireballs [16.61],"
        if not isinstance(to, str) or to not in self.hexmap:
            return refuse(explain, "[2.1]", lambda: f"there is no hex {to!r} on the map", NOT_A_SIEGE_SHOT)
        if to == c.hex:
            return refuse(explain, rule, lambda: f"{what} are hurled at another hex than the Catapult's",
                          NOT_A_SIEGE_SHOT)
        d = hx.distance(c.hex, to)
        most = int(self.sc.siege["fireball_range"])
        if d > most:
            return refuse(explain, rule, lambda: f"{what} are hurled up to {most} hexes; {to} is {d} from "
                          f"{self.label(c)}", NOT_A_SIEGE_SHOT)
        if not self.clear_for_catapult(c.hex, to):
            return refuse(explain, rule, lambda: f"{what} may not be thrown over Mountain hexes: none of the "
                          f"lines from {c.hex} to {to} is clear", NOT_A_SIEGE_SHOT)
        return None

    def why_not_siege_shot(self: GondorGame, action: Action) -> IllegalAction | None:
        """Why a ``breach``, ``fireball`` or ``head`` may not be made (None: it may, or a field
        is missing, which the diagnosis names): the predicates that list them."""
        kind = str(action["type"])
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        if kind == "breach":
            err = self.why_not_grond(p) if "grond" in p.tags else self.why_not_catapult(p, kind)
            if err is not None or "hexside" not in action:
                return err
            return self.why_not_breach_at(p, action["hexside"])
        err = self.why_not_catapult(p, kind) or (self.why_not_head_left() if kind == "head" else None)
        if err is not None or "to" not in action:
            return err
        return self.why_not_hurl_at(p, action["to"], kind)

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
        """The hexsides the Catapult ``c`` may try to breach: ``why_not_breach_at`` asked of the
        wall hexsides within its range [16.21] (the others it refuses at once)."""
        city = self.city
        most = int(self.sc.siege["catapult_breach_range"])
        near = city["walls_near"].get((c.hex, most))
        if near is None:
            near = city["walls_near"][c.hex, most] = tuple(
                key for key, _wall in city["wall_sides"] if self.catapult_range(c, key) <= most)
        return sorted(key for key in near if self.why_not_breach_at(c, key, False) is None)

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
        g.set_flag("siege_used", self._turn)                          # [16.12] once per turn; no move
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
        """The hexes the Catapult ``c`` may hurl a Fireball or a Severed Head into:
        ``why_not_hurl_at``, whose answer depends on the Catapult's hex and the map only (the
        hex, the range, the lines over Mountains): kept per hex by the city facts."""
        kept = self.city["hurl_from"]
        hit = kept.get(c.hex)
        if hit is None:
            rng_ = int(self.sc.siege["fireball_range"])
            hit = kept[c.hex] = tuple(h for h in hx.within(c.hex, rng_)
                                      if self.why_not_hurl_at(c, h, "fireball", False) is None)
        return list(hit)

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
        c.set_flag("siege_used", self._turn)
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
        c.set_flag("siege_used", self._turn)
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
