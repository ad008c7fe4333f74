"""Rules of thumb for the Siege of Minas Tirith (``Game.heuristic_policy``).

Like every agent it decides from its side's view only (``table_view``); the board, the troop
types and the combat tables are the public rule book (:mod:`.board`, :mod:`.data`,
:mod:`.tables`).  Every legal action gets a score in one currency, roughly "figures of the
enemy's worth"; an impetus pip costs :data:`PIP`, so an action is worth taking only when it
scores above zero, and turning a card (:data:`TURN_CARD`) beats a weak action.

The Dark Lord
  brings Grond along the road to the Great Gate and batters it (the Lord of the Nazgûl
  casts Activate Grond when in reach); the towers advance on wall 1 and dock; infantry of 18
  figures or fewer stand in a tower's way, so that the tower closes on them, embark and
  assault from the docked tower; once the Gate is down the Host walks the road into the city,
  battering inner gates and setting ladders against inner walls; archers and catapults shoot
  the defenders; cavalry guards the engines and goes for the Rohirrim.
The West
  holds the walls (units stay on the wall walks of their sector, facing out), shoots at the
  engines' escorts, bombards the towers (two fires burn one), fights fires, and charges enemy
  units that reached a wall walk or a city sector; Rohan and the Provincials go for the
  engines and the Host's flanks.

Selections (``select``) are scored by the best action the actor is likely to have on the
current card, estimated from the view; an actor selected once on a card is not selected again
(its menu may have offered nothing but ``hold``).
"""

from __future__ import annotations

import math
import random
from functools import cache
from typing import Any

from .board import load_board
from .data import load
from .geometry import rect
from .tables import MISSILE_TARGET_MODS, kill_thresholds, matrix_cf, missile_band, missile_max_range

Action = dict[str, Any]

PIP = 0.3            # what a pip is worth (an action must beat it)
TURN_CARD = 0.55     # turning a card when the current one offers nothing better
CITY_R = 42.0        # outer face of wall 1
GATE = (42.5, 48.0)  # the Great Gate's outer face on the road

#: the road through the city [MT §3.4]: from a sector, the connection that leads up
ROAD_NEXT = {"Pelennor": "G1", "L1-G": "L1-S/L1-G", "L1-N": "L1-G/L1-N", "L1-S": "G2",
             "L2-S": "T2", "L2-N": "G3", "L3-N": "T3", "L3-S": "G4", "L4-S": "T4", "L4-N": "G5",
             "L5-N": "T5", "L5-S": "G6", "L6-N": "T6", "L6-S": "G7"}
#: worth of a figure to the side that kills it (demoralization weights [MT §9.3])
#: ``_Ctx.gap`` by the two footprints' numbers (a distance is a pure function of them)
_GAPS: dict[tuple[Any, ...], float] = {}
FIGURE_WORTH = {"garrison": 2.0, "relief": 1.0, "dark-lord": 0.6}
TYPE_WEIGHT = {"TI": 2.0, "MAC": 5.0}


@cache
def _p_kill(cf: int) -> float:
    """Expected kills of one figure rolling at ``cf`` on the casualty table [MT §8.1]."""
    return sum(t / 20.0 for t in kill_thresholds(cf))


def _ang(a: float) -> float:
    return (a + 180.0) % 360.0 - 180.0


def _bearing(x0: float, y0: float, x1: float, y1: float) -> float:
    return math.degrees(math.atan2(y1 - y0, x1 - x0))


def _p_win(a: int, b: int) -> tuple[float, float]:
    """P(d6 + a > d6 + b), P(d6 + a < d6 + b)."""
    w = l_ = 0
    for i in range(1, 7):
        for j in range(1, 7):
            if i + a > j + b:
                w += 1
            elif i + a < j + b:
                l_ += 1
    return w / 36.0, l_ / 36.0


class _Ctx:
    """Facts derived once from a view for scoring its legal actions."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.D = load()
        self.B = load_board()
        self.view = view
        self.side = view.get("active") or view.get("side") or view.get("to_act") or "west"
        self.enemy = "dark-lord" if self.side == "west" else "west"
        self.units = {u["id"]: u for u in view.get("units", ())}
        self.engines = {e["id"]: e for e in view.get("engines", ())}
        self.leaders = {ld["id"]: ld for ld in view.get("leaders", ())}
        self.mine = [u for u in self.units.values() if u["side"] == self.side and not u.get("embarked")]
        self.foes = [u for u in self.units.values() if u["side"] != self.side and not u.get("embarked")]
        deck = (view.get("decks") or {}).get(self.side) or {}
        self.card = deck.get("current")
        self.cards_left = int(deck.get("cards_left") or 0)
        self.pips = int(view.get("pips") or 0)
        self.gate_broken = bool(view.get("great_gate_broken"))
        self.gates = view.get("gates") or {}
        self.rolled = view.get("rolled") or {}
        self.fires = [(f["x"], f["y"]) for f in view.get("fires", ())]
        self._tower_for: dict[str, str] | None = None
        self._fp: dict[str, Any] = {}

    def card_useless_for_west(self) -> bool:
        return self.card in ("waste", "engine_move")

    # ----- geometry ----------------------------------------------------------------------------
    def fp(self, u: dict[str, Any]) -> Any:
        p = self._fp.get(u["id"])
        if p is None:
            p = rect(u["x"], u["y"], u["heading"], u["frontage"], u["depth"])
            self._fp[u["id"]] = p
        return p

    def engine_fp(self, e: dict[str, Any]) -> Any:
        return rect(e["x"], e["y"], e["heading"], e["w"], e["d"])

    def r(self, x: float, y: float) -> float:
        return math.hypot(x, y - 48.0)

    def in_city(self, u: dict[str, Any]) -> bool:
        return self.r(u["x"], u["y"]) < CITY_R and u["x"] >= 0

    def sector(self, x: float, y: float) -> str:
        return self.B.sector_at(x, y)

    def klass(self, u: dict[str, Any]) -> str:
        return self.D.troop_types[u["type"]].klass

    def army(self, u: dict[str, Any]) -> str:
        return self.D.army_of(u["contingent"])

    def worth(self, u: dict[str, Any]) -> float:
        return FIGURE_WORTH.get(self.army(u), 1.0) * TYPE_WEIGHT.get(u["type"], 1.0)

    def allowance(self, u: dict[str, Any]) -> float:
        t = self.D.troop_types[u["type"]]
        if t.move is not None:
            return float(t.move)
        return float(self.rolled.get(u["id"], 3.5 * t.move_dice))

    def gap(self, a: dict[str, Any], b: dict[str, Any]) -> float:
        """Distance between two units' footprints (kept by both footprints' numbers: the
        units that did not move are asked the same gaps at every decision)."""
        key = (a["x"], a["y"], a["heading"], a["frontage"], a["depth"],
               b["x"], b["y"], b["heading"], b["frontage"], b["depth"])
        d = _GAPS.get(key)
        if d is None:
            d = self.fp(a).distance(self.fp(b))
            if len(_GAPS) > 50_000:
                _GAPS.clear()
            _GAPS[key] = d
        return d

    def nearest_foe(self, x: float, y: float, pred: Any = None) -> tuple[float, dict[str, Any] | None]:
        best, who = 1e9, None
        for f in self.foes:
            if pred is not None and not pred(f):
                continue
            d = math.hypot(f["x"] - x, f["y"] - y)
            if d < best:
                best, who = d, f
        return best, who

    # ----- plans ------------------------------------------------------------------------------
    def tower_for(self) -> dict[str, str]:
        """Each tower that is not full gets the nearest free unit of 18 figures or fewer."""
        if self._tower_for is None:
            out: dict[str, str] = {}
            if self.side == "dark-lord" and not self.gate_broken:
                taken: set[str] = set()
                for e in sorted(self.engines.values(), key=lambda e: e["id"]):
                    if e["kind"] != "tower" or e["side"] != self.side or e["aboard"]:
                        continue
                    cands = [u for u in self.mine if self.klass(u) == "infantry" and u["type"] != "TI"
                             and u["figures"] <= 18 and u["id"] not in taken and not u.get("attached_engine")
                             and u["organized"] and not self.in_city(u) and u["contingent"] != "harad"]
                    if not cands:
                        continue
                    c = min(cands, key=lambda u: math.hypot(u["x"] - e["x"], u["y"] - e["y"])
                            + (30.0 if any(w in ("bow", "longbow") for w in u.get("weapons", ())) else 0.0))
                    if math.hypot(c["x"] - e["x"], c["y"] - e["y"]) < 40:
                        out[c["id"]] = e["id"]
                        taken.add(c["id"])
            self._tower_for = out
        return self._tower_for

    def goal(self, u: dict[str, Any]) -> tuple[float, float, float | None]:
        """(x, y, wanted heading or None) the unit is heading for."""
        x, y = u["x"], u["y"]
        sec = self.sector(x, y)
        if u["side"] == "dark-lord":
            tower = self.tower_for().get(u["id"])
            if tower is not None:
                e = self.engines[tower]
                h = math.radians(e["heading"])
                ahead = e["d"] / 2 + u["depth"] / 2 + 0.6
                return e["x"] + ahead * math.cos(h), e["y"] + ahead * math.sin(h), e["heading"]
            if self.klass(u) == "cavalry" or u["type"] == "MAC":
                d, f = self.nearest_foe(x, y, lambda f: not self.in_city(f))
                if f is not None and d < 40:
                    return f["x"], f["y"], None
                # guard the engines' northern and southern flanks
                return (68.0, 62.0 if y >= 48 else 34.0, None) if u["type"] != "MAC" else (60.0, 36.0, None)
            if sec != "Pelennor" or self.gate_broken:
                nxt = ROAD_NEXT.get(sec)
                if nxt is None:
                    return x, y, None
                c = self.B.connections[nxt]
                face = c.faces.get(sec) if hasattr(c, "faces") and c.faces else None
                if nxt in self.B.gates and self.B.gates[nxt].outer_face is not None and sec != "Pelennor" \
                        and self.gates.get(nxt, {}).get("state") == "intact":
                    face = self.B.gates[nxt].outer_face
                p = (face or c.geometry).centroid
                return p.x, p.y, None
            if u.get("weapons") and any(w in ("bow", "longbow") for w in u["weapons"]):
                # archers close to bow range of the walls, towards the gate
                phi = math.atan2(y - 48.0, x)
                phi = max(-0.5, min(0.5, phi))
                return 53.0 * math.cos(phi), 48.0 + 53.0 * math.sin(phi), None
            # the rest of the Host waits before the Gate, out of the worst of the arrows and
            # clear of Grond's lane
            phi = math.atan2(y - 48.0, x)
            phi = max(-0.45, min(0.45, phi))
            if abs(phi) < 0.2:
                phi = math.copysign(0.2, phi if phi else 1.0)
            return 58.0 * math.cos(phi), 48.0 + 58.0 * math.sin(phi), None
        # the West
        if u["contingent"] in ("rohan", "provincials"):
            best, tgt = 1e9, None
            for e in self.engines.values():
                if e["side"] == self.side:
                    continue
                d = math.hypot(e["x"] - x, e["y"] - y) - (15.0 if e["kind"] == "grond" else 0.0)
                if d < best:
                    best, tgt = d, e
            if tgt is not None:
                return tgt["x"], tgt["y"], None
            d, f = self.nearest_foe(x, y)
            if f is not None:
                return f["x"], f["y"], None
            return x, y, None
        # the garrison: breaches first, else its own sector's wall walk
        d, f = self.nearest_foe(x, y, lambda f: self.in_city(f) and self.sector(f["x"], f["y"]) == sec)
        if f is not None:
            return f["x"], f["y"], None
        return x, y, None

    def place_value(self, u: dict[str, Any], x: float, y: float, h: float) -> float:
        """How good pose (x, y, h) is for unit ``u``."""
        gx, gy, gh = self.goal(u)
        dist = math.hypot(gx - x, gy - y)
        s = -0.1 * min(dist, 80.0)
        if dist > 1.0:
            s += 0.25 * math.cos(math.radians(_ang(_bearing(x, y, gx, gy) - h)))
        if gh is not None and dist < 4.0:
            s += 0.4 * math.cos(math.radians(_ang(gh - h)))
        if u["side"] == "west" and u["contingent"] == "garrison":
            sec0 = self.sector(u["x"], u["y"])
            if self.r(x, y) >= CITY_R - 0.5:
                s -= 5.0
            walk = self.B.walk_at(x, y)
            if walk is not None and walk == self.B.level_at(x, y):
                s += 0.6
            # face the nearest enemy outside (to shoot and to meet assaults in front)
            d, f = self.nearest_foe(x, y)
            if f is not None:
                s += 0.3 * math.cos(math.radians(_ang(_bearing(x, y, f["x"], f["y"]) - h)))
            if sec0 != self.sector(x, y):
                s -= 1.0
        elif u["side"] == "dark-lord":
            # keep out of the archers' reach on the walls until there is a way in
            if not self.gate_broken and self.r(x, y) < 48.0 and u["id"] not in self.tower_for():
                s -= 0.15 * (48.0 - self.r(x, y))
            if not self.gate_broken and x > 44.0 and abs(y - 48.0) < 5.0 + u["frontage"] / 2 \
                    and not u.get("attached_engine"):
                s -= 2.0                                 # Grond's lane along the road
        return s

    def pose_after(self, u: dict[str, Any], path: str) -> tuple[float, float, float]:
        x, y, h = u["x"], u["y"], u["heading"]
        fw, dp = u["frontage"], u["depth"]
        for raw in str(path).split(","):
            raw = raw.strip()
            try:
                if raw.startswith("m"):
                    b, d = raw[1:].split(":")
                    a = math.radians(h + float(b))
                    x += float(d) * math.cos(a)
                    y += float(d) * math.sin(a)
                elif raw.startswith("t"):
                    h += float(raw[1:])
                elif raw[:2] in ("pl", "pr") or raw.startswith("w"):
                    kind = raw[:2] if raw[:2] in ("pl", "pr") else "w"
                    a = float(raw[len(kind):])
                    hr = math.radians(h)
                    px, py = x + dp / 2 * math.cos(hr), y + dp / 2 * math.sin(hr)
                    if kind != "w":
                        side = 1 if kind == "pl" else -1
                        px += side * fw / 2 * -math.sin(hr)
                        py += side * fw / 2 * math.cos(hr)
                    ar = math.radians(a)
                    dx, dy = x - px, y - py
                    x = px + dx * math.cos(ar) - dy * math.sin(ar)
                    y = py + dx * math.sin(ar) + dy * math.cos(ar)
                    h += a
            except ValueError:
                pass
        return x, y, h

    # ----- combat estimates -------------------------------------------------------------------
    def missile_kills(self, u: dict[str, Any], t: dict[str, Any], weapon: str | None = None) -> float:
        w = weapon or next((w for w in u.get("weapons", ()) if w in ("bow", "longbow", "horse_bow")), None)
        if w is None:
            return 0.0
        d = max(0.0, self.fp(u).distance(self.fp(t)))
        band = missile_band(w, d)
        if band is None:
            return 0.0
        cf = band[1] + MISSILE_TARGET_MODS.get(t["type"], 0)
        if self.B.walk_at(t["x"], t["y"]) is not None:
            cf -= 3
        if not u.get("organized", True):
            cf -= 2
        lu, lt = self.B.level_at(u["x"], u["y"]), self.B.level_at(t["x"], t["y"])
        cf += 1 if lu > lt else -1 if lu < lt else 0
        firers = u["figures"] if self.B.walk_at(u["x"], u["y"]) is not None else min(u["figures"], 2 * u["files"])
        return min(t["figures"], firers * _p_kill(cf)) * self.worth(t)

    def melee_exchange(self, u: dict[str, Any], t: dict[str, Any], shock: bool) -> float:
        """Expected value of ``u`` fighting ``t`` (u charging if ``shock``)."""
        kind = "shock" if shock else "melee"
        try:
            cf_u = matrix_cf(kind, u["type"], t["type"])
            cf_t = matrix_cf(kind, t["type"], u["type"])
        except (KeyError, ValueError):
            return 0.0
        if shock:
            cf_u += 2
            if "spear" in u.get("weapons", ()) and self.klass(u) == "infantry":
                cf_u += 1
            if "lance" in u.get("weapons", ()) and self.klass(u) == "cavalry":
                cf_u += 2
        if not u.get("organized", True):
            cf_u -= 1
        if not t.get("organized", True):
            cf_t -= 1
        eng_u = min(u["figures"], 2 * u["files"], 18)
        eng_t = min(t["figures"], 2 * t["files"], 18)
        k_u = min(t["figures"], eng_u * _p_kill(cf_u))
        k_t = min(u["figures"], eng_t * _p_kill(cf_t))
        ru = (1 if self.D.troop_types[u["type"]].heavy else 0) + (0 if u.get("organized", True) else -2)
        rt = (1 if self.D.troop_types[t["type"]].heavy else 0) + (0 if t.get("organized", True) else -2)
        if shock:
            ru += 2 if self.klass(u) == "cavalry" else 1
        if u["type"] == "MAC":
            ru += 4
        if t["type"] == "MAC":
            rt += 4
        if k_u > k_t + 0.5:
            ru += 3
        elif k_t > k_u + 0.5:
            rt += 3
        if self.B.walk_at(t["x"], t["y"]) is not None and not self.in_city(u):
            rt += 1
        pw, pl = _p_win(ru, rt)
        return (k_u * self.worth(t) - k_t * self.worth(u) + 1.5 * pw * self.worth(t)
                - 1.5 * pl * self.worth(u))

    def importance(self, t: dict[str, Any]) -> float:
        """Extra for hitting a unit that matters: a breach for the West, an escort of an engine,
        Grond's team."""
        s = 0.0
        if self.side == "west":
            if t["side"] == "dark-lord" and self.in_city(t):
                s += 2.0
            if t.get("attached_engine"):
                s += 1.5
            for e in self.engines.values():
                if e["side"] != self.side and math.hypot(e["x"] - t["x"], e["y"] - t["y"]) < 8:
                    s += 0.5
                    break
        return s


class MinasTirithPolicy:
    """``rank(view, legal)``: every legal action with its score, best first."""

    def __init__(self, rng: random.Random | None = None, noise: float = 0.0) -> None:
        self.rng = rng or random.Random()
        self.noise = noise
        self._key: tuple[Any, ...] | None = None
        self._selected: set[str] = set()

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        ctx = _Ctx(view)
        deck = (view.get("decks") or {}).get(ctx.side) or {}
        key = (view.get("turn"), ctx.side, deck.get("cards_left"), deck.get("current"))
        if key != self._key:
            self._key = key
            self._selected = set()
        scored = []
        for a in legal:
            try:
                s = self.score(ctx, a)
            except (KeyError, TypeError, ValueError):
                s = -1.0
            if self.noise:
                s += self.rng.random() * self.noise
            scored.append((s, a))
        scored.sort(key=lambda t: -t[0])
        if scored and scored[0][1].get("type") == "select":
            self._selected.add(str(scored[0][1].get("actor")))
        return scored

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rank(view, legal)[0][1]

    # ----- scores -----------------------------------------------------------------------------
    def score(self, ctx: _Ctx, a: Action) -> float:
        fn = getattr(self, f"_s_{a.get('type')}", None)
        return fn(ctx, a) if fn is not None else 0.05

    def _s_deploy_done(self, ctx: _Ctx, a: Action) -> float:
        return 1.0

    def _s_react_done(self, ctx: _Ctx, a: Action) -> float:
        return 1.0

    def _s_pass(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_bank(self, ctx: _Ctx, a: Action) -> float:
        return -0.5

    def _s_turn_card(self, ctx: _Ctx, a: Action) -> float:
        if ctx.card is None:
            return 3.0
        s = TURN_CARD
        if ctx.side == "west" and ctx.card_useless_for_west():
            s += 0.2
        return s

    def _s_hold(self, ctx: _Ctx, a: Action) -> float:
        return -PIP

    def _s_select(self, ctx: _Ctx, a: Action) -> float:
        actor = str(a.get("actor"))
        if actor in self._selected:
            return -3.0
        return self.estimate(ctx, actor)

    # what an actor is likely to do on the current card
    def estimate(self, ctx: _Ctx, actor: str) -> float:
        card = ctx.card
        best = -1.0
        if actor in ctx.units:
            u = ctx.units[actor]
            if u.get("embarked"):
                e = ctx.engines.get(u["embarked"])
                return 4.0 if e is not None and e.get("docked") else -1.0
            if u.get("loaded"):
                best = max(best, max((self.fire_value(ctx, u, t) for t in ctx.foes), default=-1.0))
            if u.get("acted"):
                return best
            k = ctx.klass(u)
            if card in ("infantry_move", "cavalry_move") and (card == "infantry_move" or k == "cavalry"):
                best = max(best, self.move_estimate(ctx, u))
                here = ctx.sector(u["x"], u["y"])
                best = max(best, max((self.charge_value(ctx, u, t) for t in ctx.foes
                                      if ctx.gap(u, t) <= ctx.allowance(u) + 6
                                      and ctx.sector(t["x"], t["y"]) == here
                                      and abs(_ang(_bearing(u["x"], u["y"], t["x"], t["y"]) - u["heading"])) < 100),
                                     default=-1.0))
                best = max(best, self.siege_estimate(ctx, u))
            elif card == "deployment":
                best = max(best, self.siege_estimate(ctx, u) if self.touching_tower(ctx, u) else -1.0)
            elif card == "close_combat":
                best = max(best, max((self.melee_value(ctx, u, t) for t in ctx.foes
                                      if ctx.gap(u, t) < 0.3), default=-1.0))
                for e in ctx.engines.values():
                    if e["side"] != ctx.side and ctx.fp(u).distance(ctx.engine_fp(e)) < 0.3:
                        best = max(best, 5.0)
            elif card == "reload" and not u.get("loaded"):
                best = max(best, self.reload_value(ctx, u))
            elif card in ("recovery", "leader_check") and not u.get("organized"):
                best = max(best, 1.0)
            elif card == "fighting_fires":
                best = max(best, self.fight_fire_value(ctx, u))
            return best
        if actor in ctx.engines:
            e = ctx.engines[actor]
            if e["kind"].endswith("catapult"):
                if e.get("loaded"):
                    best = max(best, max((self.bombard_value(ctx, e, t["x"], t["y"]) for t in ctx.foes
                                          if self.in_catapult_reach(ctx, e, t["x"], t["y"])),
                                         default=-1.0))
                if card == "reload" and not e.get("loaded"):
                    best = max(best, 0.9)
                return best
            if card == "engine_move":
                return self.engine_estimate(ctx, e)
            return best
        if actor in ctx.leaders:
            return self.leader_estimate(ctx, ctx.leaders[actor])
        return best

    def in_catapult_reach(self, ctx: _Ctx, e: dict[str, Any], x: float, y: float) -> bool:
        """[MT §7.8] Range (+5 from inside the city, -5 a wall after the first) and front arc."""
        reach = 35.0 if e["kind"] == "large_catapult" else 25.0
        if ctx.in_city(e):
            reach += 5.0
        walls = ctx.B.walls_crossed((e["x"], e["y"]), (x, y))
        reach -= 5.0 * max(0, walls - 1)
        if math.hypot(x - e["x"], y - e["y"]) > reach:
            return False
        return abs(_ang(_bearing(e["x"], e["y"], x, y) - e["heading"])) <= 45

    def move_estimate(self, ctx: _Ctx, u: dict[str, Any]) -> float:
        if u.get("attached_engine") or not u.get("organized"):
            return -1.0
        gx, gy, gh = ctx.goal(u)
        d = math.hypot(gx - u["x"], gy - u["y"])
        if d < 1.5:
            return -1.0
        step = min(d, ctx.allowance(u) * 0.8)
        # compare with where it stands, moving straight at the goal
        hx = _bearing(u["x"], u["y"], gx, gy)
        nx, ny = u["x"] + step * math.cos(math.radians(hx)), u["y"] + step * math.sin(math.radians(hx))
        return ctx.place_value(u, nx, ny, hx) - ctx.place_value(u, u["x"], u["y"], u["heading"]) - PIP

    def siege_estimate(self, ctx: _Ctx, u: dict[str, Any]) -> float:
        if u["side"] != "dark-lord" or ctx.klass(u) != "infantry":
            return -1.0
        if self.touching_tower(ctx, u):
            return 3.0
        lvl = ctx.B.level_at(u["x"], u["y"])
        if 1 <= lvl <= 6 and ctx.in_city(u):
            wall = ctx.B.walls.get(lvl + 1)
            if wall is not None and ctx.fp(u).distance(wall) <= 0.5:
                return 2.5
            return 1.0 if ctx.card == "infantry_move" else -1.0
        return -1.0

    def touching_tower(self, ctx: _Ctx, u: dict[str, Any]) -> bool:
        return any(e["kind"] == "tower" and e["side"] == u["side"]
                   and ctx.fp(u).distance(ctx.engine_fp(e)) <= 0.1 for e in ctx.engines.values())

    def engine_estimate(self, ctx: _Ctx, e: dict[str, Any]) -> float:
        if e["kind"] == "grond":
            if ctx.gate_broken:
                return -1.0
            front = (e["x"] + e["d"] / 2 * math.cos(math.radians(e["heading"])),
                     e["y"] + e["d"] / 2 * math.sin(math.radians(e["heading"])))
            if math.hypot(front[0] - GATE[0], front[1] - GATE[1]) < 1.5:
                return 6.0
            return 2.5
        if e["kind"] == "tower":
            if e.get("docked") or self.tower_waits(ctx, e):
                return -1.0
            return 1.5 if e["aboard"] else 0.9
        return -1.0

    def leader_estimate(self, ctx: _Ctx, ld: dict[str, Any]) -> float:
        if ctx.card != "leader":
            return -1.0
        best = -1.0
        if ld["id"] == "witch-king":
            g = ctx.engines.get("E-D10")
            if g is not None and not ctx.gate_broken and engine_at_gate(g):
                best = 5.0
        if ld.get("attached_to") is None:
            spec = ctx.D.leaders[ld["id"]]
            reach = spec.moves.get(ld.get("mount"), 6)
            if any(math.hypot(u["x"] - ld["x"], u["y"] - ld["y"]) < reach + 3 for u in ctx.mine):
                best = max(best, 0.8)
        for u in ctx.mine:
            if not u.get("organized") and math.hypot(u["x"] - ld["x"], u["y"] - ld["y"]) < 12:
                best = max(best, 0.9)
        return best

    # ----- action values ------------------------------------------------------------------------
    def fire_value(self, ctx: _Ctx, u: dict[str, Any], t: dict[str, Any]) -> float:
        w = next((w for w in u.get("weapons", ()) if w in ("bow", "longbow", "horse_bow")), None)
        if w is None or ctx.fp(u).distance(ctx.fp(t)) > missile_max_range(w):
            return -1.0
        brg = _bearing(u["x"], u["y"], t["x"], t["y"])
        if abs(_ang(brg - u["heading"])) > 60:
            return -1.0
        return ctx.missile_kills(u, t, w) + 0.3 * ctx.importance(t) - PIP

    def charge_value(self, ctx: _Ctx, u: dict[str, Any], t: dict[str, Any]) -> float:
        v = ctx.melee_exchange(u, t, shock=True) + ctx.importance(t)
        if ctx.side == "west" and u["contingent"] == "garrison" and not ctx.in_city(t):
            v -= 6.0                                  # the garrison does not sally
        return v - PIP

    def melee_value(self, ctx: _Ctx, u: dict[str, Any], t: dict[str, Any]) -> float:
        return ctx.melee_exchange(u, t, shock=False) + 0.5 * ctx.importance(t) - PIP

    def reload_value(self, ctx: _Ctx, u: dict[str, Any]) -> float:
        d, _ = ctx.nearest_foe(u["x"], u["y"])
        return 0.9 if d < 30 else 0.2

    def fight_fire_value(self, ctx: _Ctx, u: dict[str, Any]) -> float:
        if ctx.side != "west":
            return 0.2
        d, _ = ctx.nearest_foe(u["x"], u["y"])
        near = any(math.hypot(fx - u["x"], fy - u["y"]) < 6 for fx, fy in ctx.fires)
        return (0.8 if near else -1.0) - (1.0 if d < 15 else 0.0)

    def bombard_value(self, ctx: _Ctx, e: dict[str, Any], x: float, y: float) -> float:
        kills = 0.0
        own = 0.0
        for u in ctx.units.values():
            if u.get("embarked"):
                continue
            d = math.hypot(u["x"] - x, u["y"] - y)
            if d > 5:
                continue
            n = min(u["figures"], 9) * (1.0 if d < 1.5 else 0.3 if d < 4 else 0.1)
            cf = 7 if e["kind"] == "large_catapult" else 5
            cf += {"TI": -3, "MAC": -5}.get(u["type"], 0)
            k = n * _p_kill(cf) * 0.5
            if u["side"] == ctx.side:
                own += k * ctx.worth(u)
            else:
                kills += k * ctx.worth(u)
        s = kills - 1.5 * own
        on_engine = any(math.hypot(o["x"] - x, o["y"] - y) < 2.5 and o["kind"] != "grond"
                        for o in ctx.engines.values() if o["side"] != ctx.side)
        if on_engine:
            s += 2.0                                   # two fires burn a tower or a catapult
        elif ctx.side == "dark-lord" and ctx.r(x, y) <= CITY_R:
            s += 0.5                                   # a fire in the city
        return s - PIP

    # ----- per action ---------------------------------------------------------------------------
    def _s_fire(self, ctx: _Ctx, a: Action) -> float:
        u, t = ctx.units[a["unit"]], ctx.units[a["target"]]
        return ctx.missile_kills(u, t) + 0.3 * ctx.importance(t) - PIP

    def _s_archers(self, ctx: _Ctx, a: Action) -> float:
        u, t = ctx.units[a["unit"]], ctx.units[a["target"]]
        return ctx.missile_kills(u, t, "elephant_archers") + 0.3 * ctx.importance(t)

    def _s_bombard(self, ctx: _Ctx, a: Action) -> float:
        return self.bombard_value(ctx, ctx.engines[a["engine"]], float(a["x"]), float(a["y"]))

    def _s_reload(self, ctx: _Ctx, a: Action) -> float:
        if "engine" in a:
            return 0.9 - PIP
        return self.reload_value(ctx, ctx.units[a["unit"]]) - PIP

    def _s_charge(self, ctx: _Ctx, a: Action) -> float:
        return self.charge_value(ctx, ctx.units[a["unit"]], ctx.units[a["target"]])

    def _s_melee(self, ctx: _Ctx, a: Action) -> float:
        return self.melee_value(ctx, ctx.units[a["unit"]], ctx.units[a["target"]])

    def _s_destroy(self, ctx: _Ctx, a: Action) -> float:
        return 6.0

    def _s_move(self, ctx: _Ctx, a: Action) -> float:
        if "engine" in a:
            e = ctx.engines[a["engine"]]
            return self.engine_turn_value(ctx, e, str(a.get("path", "")))
        u = ctx.units[a["unit"]]
        x, y, h = ctx.pose_after(u, a["path"])
        return ctx.place_value(u, x, y, h) - ctx.place_value(u, u["x"], u["y"], u["heading"]) - PIP

    def engine_target(self, ctx: _Ctx, e: dict[str, Any]) -> tuple[float, float]:
        if e["kind"] == "grond":
            return GATE
        if e["kind"] == "tower":
            # the nearest point of wall 1 clear of the Great Gate
            phi = math.atan2(e["y"] - 48.0, e["x"])
            if abs(phi) < math.radians(12):
                phi = math.copysign(math.radians(12), phi if phi else 1.0)
            return 42.0 * math.cos(phi), 48.0 + 42.0 * math.sin(phi)
        d, f = ctx.nearest_foe(e["x"], e["y"])
        return (f["x"], f["y"]) if f is not None else (e["x"], e["y"])

    def engine_turn_value(self, ctx: _Ctx, e: dict[str, Any], path: str) -> float:
        tx, ty = self.engine_target(ctx, e)
        want = _bearing(e["x"], e["y"], tx, ty)
        try:
            turn = float(path.lstrip("w"))
        except ValueError:
            return -1.0
        before = abs(_ang(want - e["heading"]))
        after = abs(_ang(want - e["heading"] - turn))
        if e["kind"].endswith("catapult"):
            return 0.03 * (before - after) - PIP
        return 0.04 * (before - after) - PIP

    def tower_waits(self, ctx: _Ctx, e: dict[str, Any]) -> bool:
        """A tower waits until the unit meant to board it stands in its way (it closes on it,
        and the unit embarks), unless it has troops aboard already."""
        if e["kind"] != "tower" or e["aboard"]:
            return False
        uid = next((u for u, t in ctx.tower_for().items() if t == e["id"]), None)
        if uid is None:
            return False
        u = ctx.units[uid]
        h = math.radians(e["heading"])
        dx, dy = u["x"] - e["x"], u["y"] - e["y"]
        along = dx * math.cos(h) + dy * math.sin(h)
        across = -dx * math.sin(h) + dy * math.cos(h)
        return not (0 < along < e["d"] / 2 + u["depth"] / 2 + 6 and abs(across) < u["frontage"] / 2 + 1)

    def _s_advance(self, ctx: _Ctx, a: Action) -> float:
        e = ctx.engines[a["engine"]]
        if self.tower_waits(ctx, e):
            return -1.0
        tx, ty = self.engine_target(ctx, e)
        dist = float(ctx.rolled.get(e["id"], 3.5))
        gap = math.hypot(tx - e["x"], ty - e["y"])
        align = math.cos(math.radians(_ang(_bearing(e["x"], e["y"], tx, ty) - e["heading"])))
        gain = min(dist, gap) * align
        w = 0.5 if e["kind"] == "grond" else 0.35
        return w * gain + 0.2 - PIP

    def _s_batter(self, ctx: _Ctx, a: Action) -> float:
        return 6.0 if "engine" in a else 3.0

    def _s_embark(self, ctx: _Ctx, a: Action) -> float:
        return 3.0

    def _s_assault(self, ctx: _Ctx, a: Action) -> float:
        return 4.0

    def _s_ladder(self, ctx: _Ctx, a: Action) -> float:
        return 2.5

    def _s_cross(self, ctx: _Ctx, a: Action) -> float:
        u = ctx.units[a["unit"]]
        c = ctx.B.connections.get(a["connection"])
        if c is None:
            return -1.0
        here = ctx.sector(u["x"], u["y"])
        there = next((s for s in c.sectors if s != here), here)
        if u["side"] == "dark-lord":
            return 3.0 if ROAD_NEXT.get(here) == a["connection"] else 0.5
        if u["contingent"] == "garrison":
            if there == "Pelennor":
                return -5.0
            # reinforce a sector with the enemy in it
            if any(ctx.in_city(f) and ctx.sector(f["x"], f["y"]) == there for f in ctx.foes):
                return 1.5
            return -1.0
        return -0.5

    def _s_form(self, ctx: _Ctx, a: Action) -> float:
        return -0.6

    def _s_recover(self, ctx: _Ctx, a: Action) -> float:
        return 1.0

    def _s_rally(self, ctx: _Ctx, a: Action) -> float:
        return 1.0

    def _s_fight_fire(self, ctx: _Ctx, a: Action) -> float:
        return self.fight_fire_value(ctx, ctx.units[a["unit"]])

    def _s_attach(self, ctx: _Ctx, a: Action) -> float:
        return 1.2

    def _s_detach(self, ctx: _Ctx, a: Action) -> float:
        return -2.0

    def _s_lead_attach(self, ctx: _Ctx, a: Action) -> float:
        ld = ctx.leaders.get(a["leader"], {})
        u = ctx.units.get(a["unit"], {})
        if ld.get("attached_to") is not None:
            return -1.0
        taken = any(o.get("attached_to") == u.get("id") for o in ctx.leaders.values())
        return 0.7 - (0.4 if taken else 0.0) + 0.05 * u.get("figures", 0) / 4

    def _s_lead_detach(self, ctx: _Ctx, a: Action) -> float:
        return -1.0

    def _s_remount(self, ctx: _Ctx, a: Action) -> float:
        return -1.0

    def _s_spell(self, ctx: _Ctx, a: Action) -> float:
        sid = a.get("spell")
        if sid == "activate_grond":
            g = ctx.engines.get("E-D10")
            return 5.0 if g is not None and engine_at_gate(g) and not ctx.gate_broken else -1.0
        if sid == "demoralization":
            t = ctx.units.get(a.get("target"), {})
            return 0.8 + (1.0 if t and ctx.in_city(t) == (ctx.side == "west") else 0.0)
        return -0.2

    def _s_lead_move(self, ctx: _Ctx, a: Action) -> float:
        return -0.5

    def _s_place(self, ctx: _Ctx, a: Action) -> float:
        return -1.0


def engine_at_gate(g: dict[str, Any]) -> bool:
    front = (g["x"] + g["d"] / 2 * math.cos(math.radians(g["heading"])),
             g["y"] + g["d"] / 2 * math.sin(math.radians(g["heading"])))
    return math.hypot(front[0] - GATE[0], front[1] - GATE[1]) < 1.5


def policy(rng: random.Random, noise: float = 0.0) -> MinasTirithPolicy:
    """The factory of ``MinasTirithGame.heuristic_policy``."""
    return MinasTirithPolicy(rng, noise)
