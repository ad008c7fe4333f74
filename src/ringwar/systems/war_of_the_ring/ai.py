"""Rules of thumb for the War of the Ring (``Game.heuristic_policy``).

Like every agent it decides from its seat's view only (``game.view(seat)``) and the legal
actions; the map, the orders of battle, the decks' contents and the tables are the public rule
book (``data.load()``, ``mapdata.load_map()``).  Every legal action gets a score; the best is
played.  A ``select`` is scored by the job its piece has (estimated from the view, not from
the follow-up menu), and a piece selected once in a movement step is not selected again (its
menu may have offered nothing better than ``stay``), so a movement step always ends.

The Fellowship [WR §10.6] [WR §5.9]
  walks the Ring-bearer's hidden group (Frodo, with Sam following him) to Mount Doom 3324 along
  the cheapest path of a *danger field*: the map's movement costs plus a price for entering a
  hex that holds enemy pieces (an interception, [WR §10.7.3]), a face-down Eye site (a monster
  or a reveal, [WR §10.10]) or the Balrog's and Shelob's fixed sites, and a little for roads
  (the −1 to search rolls of [WR §V2]).  The path the engine takes to a destination is worked
  out as the engine does (fewest interceptions, then cheapest) so a destination whose way
  crosses Moria is not taken.  The other walkers are decoys with errands of their own
  (Gandalf to Edoras for Shadowfax, Aragorn to Dunharrow for the Paths of the Dead, Boromir to
  Minas Tirith, Legolas, Gimli, Merry and Pippin home or to Fangorn), all hidden, re-hidden
  whenever the rules allow [WR §10.6]; captives are rescued when the odds are fair
  [WR §10.8.3]; armies garrison threatened objectives and attack at good odds (the expected
  losses of [WR §11.1]).
The Dark Power
  declares each search on the single area where the Ring most likely is [WR §V2]: a belief
  spread from where each hidden walker was last seen (the view's ``last_seen``, with the turn
  the policy first saw it there), over the hexes he can have reached since, weighted by how
  far along toward Mount Doom they are for the turns gone by; Gollum's betrayals and a worn
  Ring's area narrow it.  Shadow Points [WR §10.1] move Nazgûl to the likeliest hexes ahead of
  the Ring (and, late, around Mount Doom) and armies toward Free objectives they can take at
  good odds, the more urgently when the Grip of Sauron [WR §13.2] wants more objectives than
  Sauron holds; spotted characters are captured or challenged [WR §10.8.1]; Isengard is
  mobilized at once.
Saruman (three players, and the Dark Power's Saruman in two)
  takes the places of the garrison list [WR §V12]: one unit to each place he does not hold
  (nearest first, where the odds allow), the last unit in a place he holds stays there, and a
  unit of 10 or more splits off a small garrison while places remain (R-SPLIT-MERGE).

Styles (``WarOfTheRingPolicy.style``: ``ringwar.ai.heuristic.STYLES`` multipliers ``pull``,
``opp``, ``threat``; None, or ``steady``, is exactly the rules of thumb's own play)
  weigh the choices that decide these games.  The Ring-bearer prices every danger of his way
  (the danger field's watched hexes, Eye sites and monsters, roads, where he stops: [WR §10.7.2]
  [WR §10.7.3] [WR §10.10]) by sqrt(``threat`` / ``pull``) against the MP still to go to Mount
  Doom: ``bold`` presses on past the searchers, ``wary`` goes round them.  The Dark Power's
  Nazgûl value a better watch on the Ring's way by ``pull`` (the hunt) and leave 4 × ``opp`` /
  ``pull`` Shadow Points to the armies once Mordor is mobilized [WR §10.1]; for every seat
  ``opp`` weighs the places armies take or hold (the objectives of [WR §V22], Saruman's list
  [WR §V12]) and the prize of an attack, ``threat`` the attacker's expected losses [WR §11.1]
  and ending beside a stronger enemy.  The search plays them as other plans
  (``WarOfTheRingGame.heuristic_styles``), less the bold Fellowship, which loses whole games
  (``heuristic_unsound``).

Cards are played when they help now (the Eagles for a captive or a revealed Ring-bearer,
Elven Cloaks for the last leg, Corsairs, Dawnless Day, Théoden Healed ...) and discarded
worst first; a seized Ring goes to Barad-dûr at once, and the Fellowship's strong characters
go after a Ring the enemy holds.  Every decision takes a few milliseconds: the distance fields
are cached per target, the Dark Power's belief per turn, the rest per view.
"""

from __future__ import annotations

import heapq
import math
import random
import re
from collections.abc import Callable, Collection
from functools import cache
from typing import Any

from ...core import hexes as hx
from .data import load
from .mapdata import load_map
from .movement import cheapest_paths, pareto_paths, steps_from

Action = dict[str, Any]

FELLOWSHIP = "fellowship"
MOUNT_DOOM = "3324"
BARAD_DUR = "3523"
RIVENDELL = "2008"
ISENGARD = "1820"
BALROG, SHELOB = "2214", "3124"
HOBBITS = ("frodo", "sam", "merry", "pippin")

#: the hidden walkers' errands (decoys): where each heads while Frodo and Sam make for Mount Doom
ERRANDS = {"gandalf": "2222", "aragorn": "2223", "boromir": "2824", "legolas": "2905",
           "gimli": "3303", "merry": "2119", "pippin": "2119"}
#: who follows the Ring-bearer
ESCORTS = ("sam",)

#: how much an event card is worth to the side that may play it (Fellowship / Dark): a play
#: scores this, a pass 0; a discard drops the least worth
CARD_WORTH: dict[str, float] = {
    "misty-passes-open": 0.1, "snows-of-caradhras": 0.3, "corsairs": 1.5, "eagles": 1.2,
    "theoden-healed": 1.0, "wormtongues-counsel": 0.8, "march-of-the-ents": 0.9,
    "grey-company": 0.2, "gandalf-the-white": 1.5, "elven-cloaks": 0.8, "lembas": 0.7,
    "huorns": 0.6, "ride-of-the-rohirrim": 0.4, "beacons-of-gondor": 1.0, "dawnless-day": 1.0,
    "black-breath": 0.6, "crebain-of-dunland": 0.7, "treason-of-isengard": 1.0,
    "muster-of-the-east": 1.0, "grond": 0.8, "the-eye-turns": 0.5, "palantir-deceived": 0.8,
    "smeagols-guidance": 0.6, "tom-bombadil": 0.3,
}

#: what the Fellowship pays for entering a hex (MP-equivalents in the danger field)
PEN_ARMY = 5.0
PEN_NAZGUL = 8.0
PEN_CHAR = 3.0
PEN_EYE = 6.0
PEN_MONSTER = 60.0
ROAD_STEP = 0.4       # added to each road step of the Ring-bearer's field
ROAD_MOVE = 1.0       # a move that uses a road (the -1 to search rolls, R-ROAD-FLAG)
DOOM_BONUS = 15.0     # reaching Mount Doom ends the game: worth a risky last step

#: the Dark Power's idea of how fast the Ring goes (MP of the map's cost-to-Doom a turn)
RING_PACE = 2.5
#: Shadow Points an army move or an attack is worth spending (score units)
SP_WORTH = 0.35


@cache
def _defs() -> tuple[Any, Any]:
    return load(), load_map()


# ----- distance fields on the public map -------------------------------------------------------
_REV: dict[tuple[str, bool], dict[str, list[tuple[str, float, bool]]]] = {}
_FIELDS: dict[tuple[Any, ...], dict[str, float]] = {}


def _table(mover: str, open_passes: bool) -> dict[str, list[tuple[str, float, bool, bool]]]:
    return steps_from(_defs()[1], mover, open_passes)


def _reverse(mover: str, open_passes: bool) -> dict[str, list[tuple[str, float, bool]]]:
    key = (mover, open_passes)
    rev = _REV.get(key)
    if rev is None:
        rev = {}
        for a, outs in _table(mover, open_passes).items():
            for b, c, road, _river in outs:
                rev.setdefault(b, []).append((a, c, road))
        _REV[key] = rev
    return rev


def to_field(target: str, mover: str = "character", open_passes: bool = False,
             pen: dict[str, float] | None = None, road: float = 0.0) -> dict[str, float]:
    """The cost of going from every hex to ``target`` (reverse Dijkstra over the Terrain Effects
    Chart), plus ``pen[h]`` for entering ``h`` and ``road`` for each road step.  Without
    penalties the field is cached (the map is frozen)."""
    key = (target, mover, open_passes) if not pen and not road else None
    if key is not None and key in _FIELDS:
        return _FIELDS[key]
    rev = _reverse(mover, open_passes)
    pen = pen or {}
    best = {target: 0.0}
    heap = [(0.0, target)]
    while heap:
        d, b = heapq.heappop(heap)
        if d > best[b]:
            continue
        enter = 0.0 if b == target else pen.get(b, 0.0)
        for a, c, is_road in rev.get(b, ()):
            nd = d + c + enter + (road if is_road else 0.0)
            if nd < best.get(a, 1e9):
                best[a] = nd
                heapq.heappush(heap, (nd, a))
    if key is not None:
        if len(_FIELDS) > 512:
            _FIELDS.clear()
        _FIELDS[key] = best
    return best


def from_field(start: str, limit: float, mover: str = "character",
               open_passes: bool = False) -> dict[str, float]:
    """The cheapest cost from ``start`` to every hex within ``limit``."""
    table = _table(mover, open_passes)
    best = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        d, h = heapq.heappop(heap)
        if d > best[h]:
            continue
        for b, c, _road, _river in table.get(h, ()):
            nd = d + c
            if nd <= limit + 1e-9 and nd < best.get(b, 1e9):
                best[b] = nd
                heapq.heappush(heap, (nd, b))
    return best


def hidden_paths(start: str, watched: set[str], open_passes: bool,
                 mf: float = 14.0) -> dict[str, list[str]]:
    """For a hidden character: the path the engine takes to each hex, the one with the fewest
    entries into hexes holding enemy pieces (interceptions [WR §10.7.3]) and, among those,
    the cheapest (the engine's own search, ``movement.pareto_paths``)."""
    table = _table("character", open_passes)
    return {h: p for h, (_c, p) in pareto_paths(start, mf, table, set(), watched).items()}


def plain_paths(start: str, stop: set[str], mover: str, open_passes: bool,
                mf: float = 14.0) -> dict[str, list[str]]:
    """Cheapest paths (a hex in ``stop`` may be entered, not left): ``movement.cheapest_paths``."""
    table = _table(mover, open_passes)
    return {h: p for h, (_c, p) in cheapest_paths(start, mf, table, set(), stop).items()}


# ----- what a view shows ------------------------------------------------------------------------
class _Ctx:
    """Facts derived once from a view for scoring its legal actions."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.D, self.W = _defs()
        self.view = view
        self.side: str = view.get("side") or view.get("to_act") or ""
        self.free = self.side == FELLOWSHIP
        self.turn = int(view.get("turn") or 1)
        self.step = str(view.get("step") or view.get("phase") or "")
        self.last_turn = int(view.get("last_turn") or 52)
        flags = view.get("flags") or {}
        self.alliance = bool(flags.get("dark_alliance", True))
        self.open = flags.get("passes") == "open"
        self.sp = int(view.get("shadow_points") or 0)
        self.mobilized = view.get("mobilized") or {}
        self.control: dict[str, str] = view.get("control") or {}
        self.defences: dict[str, int] = view.get("defences") or {}
        self.ring = view.get("ring") or {}
        self.three = "saruman" in (view.get("hand_sizes") or {})
        dec = view.get("decision") or {}
        self.kind = dec.get("kind")
        self.prompt = str(dec.get("prompt") or "")
        self.chars: dict[str, dict[str, Any]] = {c["id"]: c for c in view.get("characters", ())}
        self.units: dict[str, dict[str, Any]] = {}
        self.armies_at: dict[str, list[dict[str, Any]]] = {}
        for u in view.get("units", ()):
            if u.get("kind") == "character" or not u.get("hex"):
                continue
            self.units[u["id"]] = u
            if not u.get("deserted"):
                self.armies_at.setdefault(u["hex"], []).append(u)
        self.chars_at: dict[str, list[dict[str, Any]]] = {}
        for c in self.chars.values():
            if c.get("alive") and c.get("hex") and not c.get("captive") and not c.get("hidden"):
                self.chars_at.setdefault(c["hex"], []).append(c)
        self._cache: dict[Any, Any] = {}
        self._enemy_armies: dict[str, list[dict[str, Any]]] = {}
        self._my_armies: dict[str, list[dict[str, Any]]] = {}
        self._enemy_strength: dict[str, int] = {}
        #: ``battle_estimate``'s situations: (hex, seat, extra leadership) -> ``_battle_situation``
        self._battles: dict[tuple[str, str, int], tuple[int, int, int, int]] = {}

    # who is whose enemy [WR §V13]
    def enemies(self, a: str | None, b: str | None) -> bool:
        if a is None or b is None or a == b:
            return False
        if FELLOWSHIP in (a, b):
            return True
        return not self.alliance

    def hostile(self, seat: str | None) -> bool:
        return self.enemies(self.side, seat)

    # (the armies of a hex by whose they are: lists kept for the view, read only, since the
    # scoring asks them of the same few hexes thousands of times a decision)
    def enemy_armies(self, h: str) -> list[dict[str, Any]]:
        got = self._enemy_armies.get(h)
        if got is None:
            got = self._enemy_armies[h] = [u for u in self.armies_at.get(h, ())
                                           if self.hostile(u.get("side"))]
        return got

    def my_armies(self, h: str) -> list[dict[str, Any]]:
        got = self._my_armies.get(h)
        if got is None:
            side = self.side
            got = self._my_armies[h] = [u for u in self.armies_at.get(h, ()) if u.get("side") == side]
        return got

    def friendly_armies(self, h: str) -> list[dict[str, Any]]:
        return [u for u in self.armies_at.get(h, ()) if not self.hostile(u.get("side"))]

    def enemy_strength(self, h: str) -> int:
        """The points of the enemy armies in ``h`` (kept for the view)."""
        got = self._enemy_strength.get(h)
        if got is None:
            got = self._enemy_strength[h] = self.strength(self.enemy_armies(h))
        return got

    def enemy_chars(self, h: str) -> list[dict[str, Any]]:
        return [c for c in self.chars_at.get(h, ()) if self.hostile(c.get("side"))]

    def strength(self, units: list[dict[str, Any]]) -> int:
        return sum(int(u.get("strength") or 0) for u in units)

    def watched(self) -> set[str]:
        """Hexes holding enemy pieces (for a Fellowship character: interceptions)."""
        got = self._cache.get("watched")
        if got is None:
            got = {h for h in self.armies_at if self.enemy_armies(h)}
            got |= {h for h in self.chars_at if self.enemy_chars(h)}
            self._cache["watched"] = got
        return got

    def _distance_to(self, name: str, h: str, hexes: Callable[[], Collection[str]]) -> int:
        """Hexes from ``h`` to the nearest of ``hexes()`` (99 if there are none): their
        ``hx.nearest``, kept for the view under ``name``."""
        near = self._cache.get(name)
        if near is None:
            found = hexes()
            near = self._cache[name] = hx.nearest(frozenset(found)) if found else False
        return near(h) if near else 99

    def nearest_watched(self, h: str) -> int:
        """Hexes from ``h`` to the nearest watched hex (99 if none)."""
        return self._distance_to("nearest_watched", h, self.watched)

    def nearest_enemy_army(self, h: str) -> int:
        """Hexes from ``h`` to the nearest hex holding enemy armies (99 if none)."""
        return self._distance_to("nearest_enemy_army", h, self.enemy_army_hexes)

    def enemy_army_hexes(self) -> list[str]:
        got = self._cache.get("eah")
        if got is None:
            got = sorted(h for h in self.armies_at if self.enemy_armies(h))
            self._cache["eah"] = got
        return got

    def danger(self) -> dict[str, float]:
        """What a Fellowship character pays for entering each hex (see the module doc)."""
        got = self._cache.get("danger")
        if got is not None:
            return got
        pen: dict[str, float] = {}
        for h in self.armies_at:
            foes = self.enemy_armies(h)
            if foes:
                pen[h] = pen.get(h, 0.0) + PEN_ARMY + min(5.0, self.strength(foes) / 20.0)
        for h, cs in self.chars_at.items():
            for c in cs:
                if self.hostile(c.get("side")):
                    pen[h] = pen.get(h, 0.0) + (PEN_NAZGUL if c.get("nazgul") or c["id"] == "mouth"
                                                else PEN_CHAR)
        sites = (self.view.get("sites") or {}).get("eye") or ()
        for h in sites:
            pen[h] = pen.get(h, 0.0) + (PEN_MONSTER if h in (BALROG, SHELOB) else PEN_EYE)
        for h in (self.view.get("monsters") or {}):
            pen[h] = pen.get(h, 0.0) + PEN_MONSTER
        pen.pop(MOUNT_DOOM, None)
        self._cache["danger"] = pen
        return pen

    def leadership(self, h: str, seat: str) -> int:
        best = 0
        for c in self.chars_at.get(h, ()):
            if c.get("side") == seat and not c.get("citadel"):
                best = max(best, int(c.get("morale") or 0))
        return best

    def sorcerer(self, h: str, seat: str) -> bool:
        for c in self.chars_at.get(h, ()):
            if c.get("side") == seat and c["id"] in ("gandalf", "elrond", "galadriel", "saruman",
                                                      "n1", "mouth"):
                return True
        return False

    def place_objective(self, h: str) -> bool:
        p = self.W.place(h)
        return bool(p and p.objective)

    def free_objectives(self) -> list[str]:
        return sorted(h for h, s in self.control.items() if s == "free")


# ----- army combat arithmetic from the view [WR §10.3] [WR §11.1] ---------------------------------
def battle_estimate(ctx: _Ctx, h: str, attack: int, seat: str,
                    extra_leader: int = 0) -> tuple[float, float, float]:
    """(expected defender losses, expected attacker losses, P(the defence is wiped out)) of an
    attack with ``attack`` points by ``seat`` in ``h``: odds, terrain, Sorcery and leadership
    from the view, the CRT's percentages.  What does not depend on ``attack`` (the defence, the
    column shift, the leadership) is worked out once a view per hex and seat
    (``_battle_situation``), and the six rows of a (column, leadership) once a process
    (``_crt_rows``): the scoring asks thousands of strengths against the same few hexes."""
    if attack <= 0:
        return 0.0, 0.0, 0.0
    key = (h, seat, extra_leader)
    sit = ctx._battles.get(key)
    if sit is None:
        sit = ctx._battles[key] = _battle_situation(ctx, h, seat, extra_leader)
    raw, defence, shift, lead = sit
    crt = ctx.D.crt
    col = crt.column(attack, max(1, defence))
    if col is None:
        return 0.0, attack * 0.4, 0.0
    col = crt.shift(col, shift)
    rkey = (id(crt), col, lead)
    rows = _CRT_ROWS.get(rkey)
    if rows is None:
        rows = _CRT_ROWS[rkey] = _crt_rows(crt, col, lead)
    base = raw if raw else defence
    d_loss = a_loss = wipe = 0.0
    for attacker, defender, wiped in rows:
        a_loss += attacker * attack / 100.0
        d_loss += defender * base / 100.0
        if wiped:
            wipe += 1
    return d_loss / 6.0, a_loss / 6.0, wipe / 6.0


def _battle_situation(ctx: _Ctx, h: str, seat: str, extra_leader: int) -> tuple[int, int, int, int]:
    """``battle_estimate``'s part that does not depend on the attack: (the defending armies'
    points, the defence [WR §10.3] (a Citadel's multiplier, or the place's own defence when
    no army holds it), the column shift (terrain, Sorcery, the Nazgûl), the leadership
    difference)."""
    D = ctx.D
    defs = [u for u in ctx.armies_at.get(h, ()) if ctx.enemies(seat, u.get("side"))]
    raw = ctx.strength(defs)
    if raw > 0:
        defence = raw * int(D.citadels.get(h, 1))
    else:
        defence = int(ctx.defences.get(h, 0))
    shift = 0
    if raw > 0 and ctx.W.terrain(h) in ("rough", "forest", "marsh"):
        shift -= 1
    dseat = defs[0].get("side") if defs else None
    mine_s = ctx.sorcerer(h, seat)
    theirs_s = bool(dseat) and ctx.sorcerer(h, dseat)
    if mine_s != theirs_s:
        shift += 1 if mine_s else -1
    naz = sum(1 for c in ctx.chars_at.get(h, ()) if c.get("side") == seat and c.get("nazgul"))
    if naz >= 9:
        shift += 2
    elif naz >= 2 and (naz >= 3 or any(c.get("side") == seat and not c.get("nazgul")
                                       and int(c.get("morale") or 0) > 0
                                       for c in ctx.chars_at.get(h, ()))):
        shift += 1
    lead = ctx.leadership(h, seat) + extra_leader - (ctx.leadership(h, dseat) if dseat else 0)
    return raw, defence, shift, lead


#: (the CRT's id, column, leadership) -> each die roll's (attacker's %, defender's %, wiped
#: out): a table never changes (the AI's is the package's, ``load()``, read once and kept for
#: the process, so its id is never another table's)
_CRT_ROWS: dict[tuple[int, int, int], tuple[tuple[int, int, bool], ...]] = {}


def _crt_rows(crt: Any, col: int, lead: int) -> tuple[tuple[int, int, bool], ...]:
    out = []
    for roll in range(1, 7):
        r = crt.result(roll + lead, col)
        out.append((r.attacker, r.defender, r.defender >= 100))
    return tuple(out)


class WarOfTheRingPolicy:
    """Scores every legal action from the seat's view (see the module doc)."""

    def __init__(self, rng: random.Random | None = None, noise: float = 0.0,
                 style: dict[str, float] | None = None) -> None:
        self.rng = rng or random.Random(0)
        self.noise = noise
        #: ``ringwar.ai.heuristic.STYLES`` multipliers ``pull``, ``opp``, ``threat`` (None:
        #: all 1, the rules of thumb's own play; see "Styles" in the module doc)
        self.style = style
        self._selected: set[str] = set()
        self._key: tuple[Any, ...] | None = None
        #: hidden walker -> (hex last seen, the turn this policy first saw him there)
        self._seen: dict[str, tuple[str | None, int]] = {}
        self._belief: tuple[Any, dict[str, float]] | None = None

    # ----- the interface -----------------------------------------------------------------------
    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        ctx = _Ctx(view)
        key = (ctx.turn, ctx.step, ctx.side)
        if key != self._key:
            self._key = key
            self._selected = set()
        self._remember_seen(ctx)
        scored = []
        for a in legal:
            try:
                s = self.score(ctx, a)
            except (KeyError, ValueError, TypeError, ZeroDivisionError):
                s = 0.0                       # an action this policy cannot read: neutral
            if self.noise:
                s += self.rng.random() * self.noise
            scored.append((s, a))
        scored.sort(key=lambda t: -t[0])
        if scored and scored[0][1].get("type") == "select":
            self._selected.add(_sel_key(scored[0][1]))
        return scored

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rank(view, legal)[0][1]

    # ----- the style's weights (each exactly 1.0 with no style: today's play) ---------------------
    def _w(self, knob: str) -> float:
        st = self.style
        return float(st[knob]) if st else 1.0

    def risk_weight(self) -> float:
        """What the Ring-bearer's danger weighs against his way to Mount Doom: the style's
        ``threat`` over its ``pull``, softened by a square root (bold 0.39: he presses on
        through watched hexes, Eye sites and roads [WR §10.7.2] [WR §10.7.3] [WR §10.10];
        wary 1.83: he goes round them)."""
        st = self.style
        if not st:
            return 1.0
        return math.sqrt(float(st["threat"]) / float(st["pull"]))

    def _remember_seen(self, ctx: _Ctx) -> None:
        for cid, c in ctx.chars.items():
            if c.get("side") != FELLOWSHIP or not c.get("alive"):
                continue
            if c.get("hex") and not c.get("hidden"):
                self._seen[cid] = (c["hex"], ctx.turn)
                continue
            where = c.get("hex") or c.get("last_seen")
            old = self._seen.get(cid)
            if old is None:
                # first seen by this policy: from the start if still where he began
                self._seen[cid] = (where, 1 if where == RIVENDELL else ctx.turn)
            elif old[0] != where:
                self._seen[cid] = (where, ctx.turn)

    def score(self, ctx: _Ctx, a: Action) -> float:
        t = a.get("type")
        fn = getattr(self, f"_s_{t}", None)
        if fn is not None:
            return float(fn(ctx, a))
        if t in ("done", "pass", "stay"):
            return 0.0
        return -0.05

    # ----- the Ring phase and answers ------------------------------------------------------------
    def _s_ring_off(self, ctx: _Ctx, a: Action) -> float:
        return 1.0                                  # [WR §V11] the first try costs nothing

    def _s_keep_ring(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_put_on(self, ctx: _Ctx, a: Action) -> float:
        """In answer to a challenge (only Nazgûl may then fight him, [WR §10.9.3]) or to being
        spotted beside enemy armies (army capture cannot touch the wearer); never as a move."""
        if ctx.kind != "ring_answer":
            return -5.0
        bearer = self._bearer(ctx)
        h = bearer.get("hex") if bearer else None
        if "challenged" in ctx.prompt:
            return 1.0
        if h and ctx.enemy_armies(h) and not ctx.friendly_armies(h):
            return 1.0
        return -1.0

    def _s_keep_ring_off(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_give_ring(self, ctx: _Ctx, a: Action) -> float:
        return -5.0

    def _s_claim(self, ctx: _Ctx, a: Action) -> float:
        return -10.0

    def _s_reveal(self, ctx: _Ctx, a: Action) -> float:
        c = ctx.chars.get(a.get("piece", ""), {})
        lost = self.lost_ring(ctx)
        if lost and c.get("hex") == lost and int(c.get("combat") or 0) >= 4:
            return 2.0                               # only the revealed may challenge [WR §10.4]
        return -3.0                                  # hidden walkers stay hidden

    def _s_paths(self, ctx: _Ctx, a: Action) -> float:
        return 3.0                                   # [WR §V19] the Army of the Dead

    def _s_fight(self, ctx: _Ctx, a: Action) -> float:
        return 1.0

    def _s_withdraw(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    # ----- cards ---------------------------------------------------------------------------------
    def card_worth(self, ctx: _Ctx, card: str) -> float:
        spec = ctx.D.event_cards.get(card)
        if spec is None:
            return 0.0
        mine = {FELLOWSHIP} if ctx.free else ({"sauron", "saruman"} if ctx.side == "dark" else {ctx.side})
        if not mine & set(spec.sides):
            return -1.0
        w = CARD_WORTH.get(card, 0.3)
        if card == "misty-passes-open" and not ctx.free:
            return -0.5
        return w

    def _s_play(self, ctx: _Ctx, a: Action) -> float:
        card = a.get("card", "")
        w = self.card_worth(ctx, card)
        if w <= 0:
            return -0.2
        if card == "eagles":
            if a.get("captive"):
                return 2.0                               # out of captivity
            b = self._bearer(ctx)
            if b is not None and a.get("piece") == b["id"] and not b.get("hidden"):
                return 2.0                               # the revealed Ring-bearer away, hidden
            return -0.1                                  # kept for a better use
        if card == "black-breath":
            t = ctx.chars.get(a.get("target", ""), {})
            e = t.get("endurance")
            return 1.5 if e is not None and e <= 2 else 0.6
        if card == "tom-bombadil":
            t = ctx.chars.get(a.get("target", ""), {})
            lost = (t.get("max_endurance") or 0) - (t.get("endurance") or 0)
            return 0.1 * lost
        if card == "elven-cloaks":
            # +1 against spotting the Ring-bearer's group this turn: kept for the last leg
            b = self._bearer(ctx)
            if not b or not b.get("hex") or not b.get("hidden"):
                return -0.1
            return 0.9 if self.ring_field(ctx).get(b["hex"], 99.0) < 20 else -0.1
        if card == "smeagols-guidance":
            return 0.6 if ctx.view.get("gollum") == "active" else -0.1
        if card == "lembas":
            b = self._bearer(ctx)
            return 0.7 if b and not b.get("moved") and ctx.kind == "move" else -0.1
        if card == "huorns":
            return 0.6
        if card == "grond":
            return 0.9
        if card == "ride-of-the-rohirrim":
            near = any(u.get("nation") == "ROH" and u.get("cavalry") and self._near_enemy(ctx, u["hex"], 4)
                       for u in ctx.units.values())
            return 0.4 if near else -0.1
        if card == "grey-company":
            return 0.2
        if card == "palantir-deceived":
            return 0.8
        if card == "crebain-of-dunland":
            return 0.6
        if card == "the-eye-turns":
            return 0.3
        if card == "misty-passes-open":
            return 0.1
        if card == "snows-of-caradhras":
            return 0.5 if "answer" in ctx.prompt or ctx.open else -0.1
        return w

    def _s_discard(self, ctx: _Ctx, a: Action) -> float:
        return -self.card_worth(ctx, a.get("card", ""))

    def _s_keep(self, ctx: _Ctx, a: Action) -> float:
        return 0.1

    def _s_swap(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    # ----- the start of a Dark player-turn ----------------------------------------------------------
    def _s_mobilize(self, ctx: _Ctx, a: Action) -> float:
        return 1.0                                    # Isengard's forces take the field

    def _s_take_control(self, ctx: _Ctx, a: Action) -> float:
        return -0.5

    def _s_convert(self, ctx: _Ctx, a: Action) -> float:
        return 1.5

    # ----- the search [WR §V2] ----------------------------------------------------------------------
    def belief(self, ctx: _Ctx) -> dict[str, float]:
        """Where the Ring-bearer may be, as weights on hexes (see the module doc)."""
        got = ctx._cache.get("belief")
        if got is not None:
            return got
        ring = ctx.ring
        key = (ctx.turn, ctx.step >= "5d", ctx.open, self._seen.get("frodo"), self._seen.get("sam"),
               ring.get("bearer"), ring.get("held_by"), ring.get("area"), self._betrayal(ctx),
               tuple(sorted((cid, bool(c.get("hidden")), bool(c.get("alive")), bool(c.get("captive")))
                            for cid, c in ctx.chars.items() if cid in ("frodo", "sam"))))
        if self._belief is not None and self._belief[0] == key:
            ctx._cache["belief"] = self._belief[1]
            return self._belief[1]
        out = self._compute_belief(ctx)
        self._belief = (key, out)
        ctx._cache["belief"] = out
        return out

    def _compute_belief(self, ctx: _Ctx) -> dict[str, float]:
        out: dict[str, float] = {}
        ring = ctx.ring
        if ring.get("held_by") not in (None, FELLOWSHIP) or ring.get("destroyed"):
            return out
        bearer_id = ring.get("bearer")
        if bearer_id and ctx.chars.get(bearer_id, {}).get("hex"):
            out[ctx.chars[bearer_id]["hex"]] = 1.0
            return out
        doom = to_field(MOUNT_DOOM, "character", ctx.open)
        anchors = [("frodo", 1.0), ("sam", 0.4)]
        worn_area = ring.get("area") if ring.get("worn") else None
        betrayed = self._betrayal(ctx)
        for cid, weight in anchors:
            c = ctx.chars.get(cid)
            if c is None or not c.get("alive") or c.get("captive") or not c.get("hidden"):
                continue
            seen, when = self._seen.get(cid, (c.get("last_seen"), ctx.turn))
            if not seen:
                continue
            moves = max(0, ctx.turn - when) + (1 if ctx.step >= "5d" else 0)
            if moves <= 0:
                out[seen] = out.get(seen, 0.0) + weight
                continue
            reach = from_field(seen, 5.0 * moves + 0.5, "character", ctx.open)
            aim = doom.get(seen, 40.0) - RING_PACE * moves
            spread = 3.0 + 0.5 * moves
            for h, _cost in reach.items():
                if not ctx.W.is_land(h):
                    continue
                f = doom.get(h)
                if f is None:
                    continue
                w = math.exp(-abs(f - aim) / spread)
                area = ctx.W.search_area(h)
                if worn_area and area != worn_area:
                    continue
                if betrayed and area != betrayed:
                    w *= 0.1
                out[h] = out.get(h, 0.0) + weight * w
        return out

    def _betrayal(self, ctx: _Ctx) -> str | None:
        for e in reversed(ctx.view.get("recent_log") or ()):
            if e.get("type") == "turn":
                break
            if e.get("type") == "gollum" and e.get("area"):
                return str(e["area"])
        return None

    def area_mass(self, ctx: _Ctx) -> dict[str, float]:
        """The belief's weight in each Search Area (kept for the view: every declaration
        asks it)."""
        got = ctx._cache.get("area_mass")
        if got is None:
            got = ctx._cache["area_mass"] = self._area_mass(ctx)
        return got

    def _area_mass(self, ctx: _Ctx) -> dict[str, float]:
        sanct = {h for h in ctx.W.sanctuaries if int(ctx.defences.get(h, 0)) > 0}
        mass: dict[str, float] = {}
        for h, w in self.belief(ctx).items():
            if h in sanct:
                continue
            a = ctx.W.search_area(h)
            if a:
                mass[a] = mass.get(a, 0.0) + w
        return mass

    def _s_declare(self, ctx: _Ctx, a: Action) -> float:
        mass = self.area_mass(ctx)
        total = sum(mass.values()) or 1.0
        if a.get("choice") == "card":
            return 0.05                          # the card's areas are a lottery
        return mass.get(a.get("area", ""), 0.0) / total

    # ----- movement [WR §10.2] --------------------------------------------------------------------------
    def _bearer(self, ctx: _Ctx) -> dict[str, Any] | None:
        """The seat's own Ring-bearer (None if the seat does not hold the Ring)."""
        if ctx.ring.get("held_by") not in (None, ctx.side):
            return None
        b = ctx.ring.get("bearer")
        if b and b in ctx.chars:
            return ctx.chars[b]
        if ctx.free:
            return ctx.chars.get("frodo")
        return None

    def lost_ring(self, ctx: _Ctx) -> str | None:
        """Where the enemy's Ring-bearer stands, when the Fellowship has lost the Ring and
        sees him (a seized Ring, Gollum's): the strong go after it [WR §10.4] 6."""
        if not ctx.free or ctx.ring.get("held_by") in (None, FELLOWSHIP) or ctx.ring.get("destroyed"):
            return None
        bid = ctx.ring.get("bearer") or ""
        if bid == "gollum":
            return None              # nobody may challenge Gollum (duel.may_fight): not worth a walk
        b = ctx.chars.get(bid)
        return b.get("hex") if b and b.get("alive") else None

    def _near_enemy(self, ctx: _Ctx, h: str, r: int) -> bool:
        return ctx.nearest_enemy_army(h) <= r

    def _s_done(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_select(self, ctx: _Ctx, a: Action) -> float:
        key = _sel_key(a)
        if key in self._selected:
            return -5.0
        if "stack" in a:
            units = ctx.my_armies(a["stack"])
            if units and all(self.garrison_force(ctx, u) for u in units):
                return -1.0                              # Saruman's units spread out one by one
            return self.army_job(ctx, a["stack"], units)
        pid = a.get("piece", "")
        if pid in ctx.units:
            u = ctx.units[pid]
            # a lone unit of a stack moves with its stack (one Shadow Point for all)
            if len([x for x in ctx.my_armies(u["hex"]) if not x.get("moved")]) > 1 \
                    and not self.garrison_force(ctx, u):
                return -1.0
            return self.army_job(ctx, u["hex"], [u])
        c = ctx.chars.get(pid)
        if c is None:
            return -1.0
        return self.char_job(ctx, pid, c)

    def char_job(self, ctx: _Ctx, cid: str, c: dict[str, Any]) -> float:
        h = c.get("hex")
        if not h:
            return -1.0
        if ctx.free:
            bearer = self._bearer(ctx)
            if bearer is not None and cid == bearer["id"]:
                return 10.0
            if cid in ESCORTS and bearer is not None and c.get("hidden"):
                return 9.0 if bearer.get("moved") or bearer.get("hex") != h else -1.0
            lost = self.lost_ring(ctx)
            if lost and int(c.get("combat") or 0) >= 4 and not c.get("citadel"):
                return 7.0 if lost != h else -1.0
            if c.get("hidden"):
                goal = ERRANDS.get(cid)
                return 6.0 if goal and goal != h else -1.0
            if ctx.my_armies(h):
                return -1.0                          # leads the army it stands with
            return 3.0
        # the Dark Power: the Ring to Barad-dûr before anything else [WR §13.1]
        if ctx.ring.get("bearer") == cid and ctx.ring.get("held_by") == ctx.side:
            return 20.0 if h != BARAD_DUR else -1.0
        # Nazgûl and the Mouth cost a Shadow Point each [WR §10.1]
        if c.get("nazgul") or cid == "mouth":
            if ctx.side == "dark" or ctx.side == "sauron":
                post = self.nazgul_value(ctx, h, cid)
                best = self._best_post_value(ctx, cid)
                # the style's ``pull``: how much a better watch on the Ring's way is worth
                gain = self._w("pull") * (best - post)
                return 4.0 + gain if gain > 0.15 and ctx.sp > self.sp_reserve(ctx) else -1.0
            return -1.0
        if cid == "saruman":
            return -1.0
        if ctx.my_armies(h):
            return -1.0
        return 1.0

    def sp_reserve(self, ctx: _Ctx) -> int:
        """Shadow Points the Nazgûl leave for armies and attacks once Mordor is mobilized
        [WR §10.1]: 4, or 4 × ``opp`` / ``pull`` in a style (bold 3, wary 7: the hunt's share
        of the points against the armies')."""
        if "MOR" not in ctx.mobilized:
            return 0
        return 4 if not self.style else round(4 * self._w("opp") / self._w("pull"))

    def army_job(self, ctx: _Ctx, h: str, units: list[dict[str, Any]]) -> float:
        units = [u for u in units if not u.get("moved")]
        if not units:
            return -1.0
        if len(units) == 1 and self._s_split(ctx, {"piece": units[0]["id"]}) > 0:
            return 2.0                                   # to split off a garrison for elsewhere
        target, value = self.army_target(ctx, h, units)
        if target is None or target == h:
            return -1.0
        return 2.0 + min(3.0, value)

    # -- army plans --
    def army_target(self, ctx: _Ctx, h: str, units: list[dict[str, Any]],
                    exact: bool = False) -> tuple[str | None, float]:
        """The hex a force in ``h`` should make for, and how much it is worth (``exact``: by
        movement costs; else by hexes, for ranking selections quickly)."""
        key = ("target", h, tuple(sorted(u["id"] for u in units)), exact)
        got = ctx._cache.get(key)
        if got is not None:
            return got
        res = self._army_target(ctx, h, units, exact)
        ctx._cache[key] = res
        return res

    def _army_target(self, ctx: _Ctx, h: str, units: list[dict[str, Any]],
                     exact: bool) -> tuple[str | None, float]:
        st = ctx.strength(units)
        mf = min(int(u.get("move") or 4) for u in units)
        seat = ctx.side
        saruman_units = all(u.get("nation") == "ISE" for u in units)
        if len(units) == 1 and self.garrison_force(ctx, units[0]):
            t = self.garrison_plan(ctx).get(units[0]["id"])
            if t is None or t == h:
                return None, 0.0
            return t, max(0.5, self.target_worth(ctx, t, st, seat))
        cands = self._army_candidates(ctx, saruman_units)
        if h in cands and (ctx.enemy_armies(h) or ctx.free):
            return h, 0.0                             # already there: fight or hold
        # first by hexes (cheap), then the best few by the map's movement costs
        rough: list[tuple[float, str, float]] = []
        for t in cands:
            d = hx.distance(h, t)
            if d > 8 * mf:
                continue
            v = self.target_worth(ctx, t, st, seat)
            if v > 0:
                rough.append((v / (1.0 + d / max(1.0, mf)), t, v))
        rough.sort(key=lambda x: (-x[0], x[1]))
        best, best_v = None, 0.0
        if not exact:
            return (rough[0][1], rough[0][0]) if rough else (None, 0.0)
        for _r, t, v in rough[:3]:
            d = to_field(t, "army", ctx.open).get(h)
            if d is None:
                continue
            v = v / (1.0 + d / max(1.0, mf))
            if v > best_v:
                best, best_v = t, v
        return best, best_v

    def _army_candidates(self, ctx: _Ctx, saruman_units: bool) -> frozenset[str]:
        """The hexes an army of the seat may make for (Saruman's own units have theirs),
        the same for every force of a view (kept)."""
        key = ("army_cands", saruman_units)
        got = ctx._cache.get(key)
        if got is None:
            got = ctx._cache[key] = frozenset(self._army_candidate_list(ctx, saruman_units))
        return got

    def _army_candidate_list(self, ctx: _Ctx, saruman_units: bool) -> list[str]:
        seat = ctx.side
        cands: list[str] = []
        if ctx.free:
            # threatened Free objectives without a garrison; enemy forces we can beat
            for o in ctx.free_objectives():
                if not ctx.my_armies(o) and self._near_enemy(ctx, o, 5):
                    cands.append(o)
            cands += ctx.enemy_army_hexes()
            cands += [o for o, s in ctx.control.items() if s != "free"]
        else:
            garrison = set(ctx.D.value("S-V12", "garrison_list"))
            if saruman_units and (ctx.side == "saruman" or not self._controlled(ctx)):
                cands += sorted(g for g in garrison
                                if not any(u.get("nation") == "ISE" for u in ctx.armies_at.get(g, ())))
            else:
                cands += [o for o, s in ctx.control.items() if ctx.enemies(seat, _seat_of_owner(ctx, s))]
                cands += [x for x in ctx.enemy_army_hexes()
                          if any(u.get("side") == FELLOWSHIP for u in ctx.armies_at[x])]
        return cands

    def garrison_force(self, ctx: _Ctx, u: dict[str, Any]) -> bool:
        """One of Saruman's units that moves for his garrison list [WR §V12]: the Saruman
        player's, or the Dark Power's outside Take Control."""
        return (u.get("nation") == "ISE" and u.get("side") == ctx.side and not ctx.free
                and (ctx.side == "saruman" or not self._controlled(ctx)))

    def garrison_plan(self, ctx: _Ctx) -> dict[str, str]:
        """Saruman's units, one to each place of the garrison list [WR §V12]: the last of his
        units in a listed place holds it; the others go, nearest first, to places he does not
        hold and can take."""
        got = ctx._cache.get("garrison_plan")
        if got is not None:
            return got
        listed = sorted(ctx.D.value("S-V12", "garrison_list"))
        mine = sorted((u for u in ctx.units.values() if self.garrison_force(ctx, u)
                       and not u.get("deserted")), key=lambda u: u["id"])
        plan: dict[str, str] = {}
        free_places = []
        for p in listed:
            here = [u for u in mine if u["hex"] == p]
            if here:
                plan[here[-1]["id"]] = p
            else:
                free_places.append(p)
        pairs = sorted((hx.distance(u["hex"], p), u["id"], p) for u in mine if u["id"] not in plan
                       for p in free_places)
        taken: set[str] = set()
        for _d, uid, p in pairs:
            if uid in plan or p in taken:
                continue
            if self.target_worth(ctx, p, int(ctx.units[uid].get("strength") or 0), ctx.side) <= 0:
                continue
            plan[uid] = p
            taken.add(p)
        ctx._cache["garrison_plan"] = plan
        return plan

    def _controlled(self, ctx: _Ctx) -> bool:
        return bool((ctx.view.get("flags") or {}).get("saruman_controlled"))

    def target_worth(self, ctx: _Ctx, t: str, st: int, seat: str) -> float:
        """What taking or holding ``t`` with ``st`` points is worth (negative: do not go)."""
        key = ("worth", t, st, seat)
        got = ctx._cache.get(key)
        if got is None:
            got = ctx._cache[key] = self._target_worth(ctx, t, st, seat)
        return got

    def _target_worth(self, ctx: _Ctx, t: str, st: int, seat: str) -> float:
        foes = [u for u in ctx.armies_at.get(t, ()) if ctx.enemies(seat, u.get("side"))]
        d_loss, a_loss, wipe = battle_estimate(ctx, t, st, seat) if (foes or ctx.defences.get(t)) \
            else (0.0, 0.0, 1.0)
        raw = ctx.strength(foes)
        # the style: ``opp`` weighs the places to take or hold (the objectives of [WR §V22],
        # Saruman's list [WR §V12]); ``threat`` the attacker's expected losses [WR §11.1]
        opp, threat = self._w("opp"), self._w("threat")
        v = 0.0
        if ctx.place_objective(t):
            v += 3.0 * opp * (wipe if foes or ctx.defences.get(t) else 1.0)
            if not ctx.free:
                nxt = (ctx.view.get("grip") or {}).get("next") or {}
                held = int((ctx.view.get("grip") or {}).get("sauron_objectives") or 0)
                if nxt and held < int(nxt.get("objectives") or 0):
                    v += 2.0 * opp                        # the Grip of Sauron wants more [WR §13.2]
        elif t in set(ctx.D.value("S-V12", "garrison_list")):
            v += 2.0 * opp * (wipe if foes else 1.0)
        if foes:
            v += (d_loss - threat * a_loss) / 5.0
            if st < raw and ctx.D.crt.column(st, raw * int(ctx.D.citadels.get(t, 1))) is None:
                return -1.0
        if ctx.free and ctx.control.get(t) == "free" and not foes:
            v += 1.0                                       # a garrison for a threatened objective
        return v

    def _s_stay(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_move(self, ctx: _Ctx, a: Action) -> float:
        to = a.get("to")
        if not to:
            return -1.0
        if "stack" in a:
            h = a["stack"]
            units = [u for u in ctx.my_armies(h) if not u.get("moved")]
            return self.army_move(ctx, h, units, to)
        pid = a.get("piece", "")
        if pid in ctx.units:
            u = ctx.units[pid]
            return self.army_move(ctx, u["hex"], [u], to)
        c = ctx.chars.get(pid)
        if c is None:
            return -1.0
        if ctx.free:
            return self.free_char_move(ctx, pid, c, to)
        return self.dark_char_move(ctx, pid, c, to, bool(a.get("fly")))

    # -- the Fellowship's characters --
    def free_char_move(self, ctx: _Ctx, cid: str, c: dict[str, Any], to: str) -> float:
        start = c.get("hex")
        if not start:
            return -1.0
        pen = ctx.danger()
        mf = float(c.get("mf") or 5) + (1.0 if "lembas" in (c.get("items") or ()) else 0.0)
        if cid == "gandalf" and "shadowfax" in (c.get("items") or ()):
            mf = 10.0
        path = self._paths_from(ctx, cid, start, bool(c.get("hidden")), mf).get(to)
        if path is None:                                # more MP than the view shows (Lembas)
            path = self._paths_from(ctx, cid, start, bool(c.get("hidden")), mf + 2.0).get(to)
        if path is None:
            path = [start, to]
        way = sum(pen.get(x, 0.0) for x in path[1:])
        road = any(ctx.W.road(path[i - 1], path[i]) for i in range(1, len(path)))
        if road and c.get("hidden"):
            # a road makes every interception of the move likelier (−1 to the roll, [WR §V2])
            way += 0.5 * sum(pen.get(x, 0.0) for x in path[1:] if x in ctx.watched())
        bearer = self._bearer(ctx)
        if bearer is not None and cid == bearer["id"]:
            # the style weighs every danger of the way (the field's, this move's, where he
            # stops) against the MP still to go: ``risk_weight``
            k = self.risk_weight()
            field = self.ring_field(ctx)
            here = field.get(start, 99.0) + k * self.exposure(ctx, start, bool(c.get("hidden")))
            there = field.get(to, 99.0) + k * way + k * (ROAD_MOVE if road and c.get("hidden") else 0.0)
            there += k * self.exposure(ctx, to, bool(c.get("hidden"))) - k * self._refuge(ctx, to)
            if to == MOUNT_DOOM:
                there -= DOOM_BONUS                    # the game is won there [WR §10.9.6]
            return here - there
        if cid in ESCORTS and bearer is not None and bearer.get("hex"):
            goal = bearer["hex"]
            before = 3.0 * hx.distance(start, goal)
            after = 3.0 * hx.distance(to, goal) + way + (ROAD_MOVE if road else 0.0)
            return before - after
        goal = ERRANDS.get(cid) if c.get("hidden") else self.leader_goal(ctx, c)
        lost = self.lost_ring(ctx)
        if lost and int(c.get("combat") or 0) >= 4:
            goal = lost
            if to == lost:
                way -= pen.get(lost, 0.0)                 # that is where the fight is
        if goal is None:
            return -1.0
        f = to_field(goal, "character", ctx.open)
        before = f.get(start, 99.0)
        after = f.get(to, 99.0) + way + (ROAD_MOVE if road and c.get("hidden") else 0.0)
        after -= self._refuge(ctx, to)
        if not c.get("hidden") and ctx.enemy_armies(to) and not ctx.friendly_armies(to):
            after += 20.0                                  # a lone leader is captured there
        return before - after

    def exposure(self, ctx: _Ctx, h: str, hidden: bool) -> float:
        """What ending a move in ``h`` risks for the Ring-bearer: beside enemy armies or
        Nazgûl (a capture or a challenge once spotted), and, revealed, within 3 hexes of a
        Dark piece (no re-hiding, R-REHIDE)."""
        near = ctx.nearest_watched(h)
        risk = 0.0
        if near <= 1:
            risk += 1.5 if hidden else 6.0
        if not hidden and near <= 3:
            risk += 4.0
        return risk

    def _refuge(self, ctx: _Ctx, h: str) -> float:
        """A sanctuary (never searched, [WR §10.6]) is a good place to end a move."""
        return 1.5 if h in ctx.W.sanctuaries and int(ctx.defences.get(h, 0)) > 0 else 0.0

    def _paths_from(self, ctx: _Ctx, cid: str, start: str, hidden: bool,
                    mf: float) -> dict[str, list[str]]:
        key = ("paths", cid, start, mf)
        got = ctx._cache.get(key)
        if got is None:
            if hidden:
                got = hidden_paths(start, ctx.watched(), ctx.open, mf)
            else:
                got = plain_paths(start, ctx.watched(), "character", ctx.open, mf)
            ctx._cache[key] = got
        return got

    def ring_field(self, ctx: _Ctx) -> dict[str, float]:
        got = ctx._cache.get("ring_field")
        if got is None:
            k = self.risk_weight()
            pen = ctx.danger() if k == 1.0 else {h: k * p for h, p in ctx.danger().items()}
            got = to_field(MOUNT_DOOM, "character", ctx.open, pen=pen, road=k * ROAD_STEP)
            ctx._cache["ring_field"] = got
        return got

    def leader_goal(self, ctx: _Ctx, c: dict[str, Any]) -> str | None:
        """A revealed Free character alone: to the nearest friendly army (to lead it), else the
        nearest Free objective."""
        h = c["hex"]
        best, bd = None, 1e9
        for x in ctx.armies_at:
            if ctx.my_armies(x) and not ctx.enemy_armies(x):
                d = hx.distance(h, x)
                if d < bd:
                    best, bd = x, d
        if best is None:
            for o in ctx.free_objectives():
                d = hx.distance(h, o)
                if d < bd:
                    best, bd = o, d
        return best

    # -- the Dark Power's characters --
    def nazgul_value(self, ctx: _Ctx, h: str, cid: str) -> float:
        """How well a Nazgûl in ``h`` watches the Ring's likely way: belief near it (each hex it
        may intercept in, [WR §10.7.3]), less where other Nazgûl already watch."""
        key = ("nazgul", h, cid)
        got = ctx._cache.get(key)
        if got is None:
            got = ctx._cache[key] = self._nazgul_value(ctx, h, cid)
        return got

    def _nazgul_value(self, ctx: _Ctx, h: str, cid: str) -> float:
        v = self._watch(ctx).get(h, 0.0)
        crowd = sum(1 for c in ctx.chars_at.get(h, ()) if c.get("nazgul") and c["id"] != cid
                    and c.get("side") == ctx.side)
        v -= 0.3 * crowd
        if any(u.get("side") == FELLOWSHIP for u in ctx.armies_at.get(h, ())) \
                and not ctx.my_armies(h):
            v -= 5.0                                     # alone with Free armies: dispersed
        return v

    def _watch(self, ctx: _Ctx) -> dict[str, float]:
        got = ctx._cache.get("watch")
        if got is None:
            got = {}
            for p, w in self._posts(ctx):
                ring = {p: 0}
                frontier = [p]
                for d in range(1, 4):
                    nxt = []
                    for x in frontier:
                        for n in hx.neighbours(x):
                            if n not in ring:
                                ring[n] = d
                                nxt.append(n)
                    frontier = nxt
                for x, d in ring.items():
                    got[x] = got.get(x, 0.0) + w * (1.0, 0.6, 0.3, 0.1)[d]
            ctx._cache["watch"] = got
        return got

    def _posts(self, ctx: _Ctx) -> list[tuple[str, float]]:
        got = ctx._cache.get("posts")
        if got is not None:
            return got
        bel = self.belief(ctx)
        total = sum(bel.values()) or 1.0
        doom = to_field(MOUNT_DOOM, "character", ctx.open)
        # the likeliest hexes, and the way ahead of them toward Mount Doom
        top = sorted(bel.items(), key=lambda kv: (-kv[1], kv[0]))[:16]
        posts: dict[str, float] = {}
        for h, w in top:
            posts[h] = posts.get(h, 0.0) + 3.0 * w / total
        near_doom = min((doom.get(h, 40.0) for h, _ in top), default=40.0)
        if near_doom < 14 or ctx.turn > 12:
            for n in ctx.W.adjacent(MOUNT_DOOM):
                if ctx.W.terrain_cost(n, "character") is not None:
                    posts[n] = posts.get(n, 0.0) + 0.25
        got = sorted(posts.items(), key=lambda kv: (-kv[1], kv[0]))
        ctx._cache["posts"] = got
        return got

    def _best_post_value(self, ctx: _Ctx, cid: str) -> float:
        return max((self.nazgul_value(ctx, p, cid) for p, _ in self._posts(ctx)[:8]), default=0.0)

    def dark_char_move(self, ctx: _Ctx, cid: str, c: dict[str, Any], to: str, fly: bool) -> float:
        start = c.get("hex")
        if not start:
            return -1.0
        if ctx.ring.get("bearer") == cid and ctx.ring.get("held_by") == ctx.side:
            return 1000.0 if to == BARAD_DUR else 5.0 * (hx.distance(start, BARAD_DUR) - hx.distance(to, BARAD_DUR))
        if c.get("nazgul") or cid == "mouth":
            gain = self.nazgul_value(ctx, to, cid) - self.nazgul_value(ctx, start, cid)
            # a Shadow Point is worth more when armies need it (the style: the hunt's ``pull``)
            return self._w("pull") * gain - 0.15 - (0.2 if "MOR" in ctx.mobilized else 0.0)
        # other Dark leaders join the strongest nearby army of their seat
        best, bd = None, 1e9
        for x in ctx.armies_at:
            if ctx.my_armies(x):
                d = hx.distance(to, x) - 0.05 * ctx.strength(ctx.my_armies(x))
                if d < bd:
                    best, bd = x, d
        if best is None:
            return -0.5
        return hx.distance(start, best) - hx.distance(to, best) - (20.0 if any(
            u.get("side") == FELLOWSHIP for u in ctx.armies_at.get(to, ())) and not ctx.my_armies(to) else 0.0)

    # -- armies --
    def army_move(self, ctx: _Ctx, h: str, units: list[dict[str, Any]], to: str) -> float:
        if not units:
            return -1.0
        target, worth = self.army_target(ctx, h, units, exact=True)
        st = ctx.strength(units)
        cost = 0.0
        if not ctx.free and ctx.side in ("dark", "sauron"):
            if not (all(u.get("nation") == "ISE" for u in units) and not self._controlled(ctx)):
                cost = SP_WORTH
        # leaving a Free objective that is threatened and has no other garrison
        if ctx.free and ctx.control.get(h) == "free" and self._near_enemy(ctx, h, 4):
            rest = [u for u in ctx.my_armies(h) if u not in units]
            if not rest:
                cost += 3.0
        if not ctx.free and ctx.place_objective(h) and ctx.control.get(h) in ("sauron", "saruman"):
            rest = [u for u in ctx.my_armies(h) if u not in units]
            near = sum(int(u.get("strength") or 0) for x in ctx.W.adjacent(h)
                       for u in ctx.armies_at.get(x, ()) if u.get("side") == FELLOWSHIP)
            if not rest and near >= 10:
                cost += 1.0                              # an objective left open to the enemy
        if len(units) == 1 and self.garrison_force(ctx, units[0]) \
                and self.garrison_plan(ctx).get(units[0]["id"]) == h:
            cost += 5.0                                  # the last of Saruman's units there holds it
        foes = [u for u in ctx.armies_at.get(to, ()) if ctx.enemies(ctx.side, u.get("side"))]
        v = 0.0
        if foes or (ctx.defences.get(to) and ctx.enemies(ctx.side, _seat_of_owner(ctx, ctx.control.get(to)))):
            v += self.target_worth(ctx, to, st, ctx.side)
        elif to == target:
            v += 1.5 * max(0.5, worth)
        if target is not None and to != target:
            f = to_field(target, "army", ctx.open)
            mf = min(int(u.get("move") or 4) for u in units)
            d0, d1 = f.get(h, 99.0), f.get(to, 99.0)
            v += (d0 - d1) / max(1.0, mf) * max(0.3, worth)
            # a weak force does not end beside a stronger enemy
            threat = sum(ctx.enemy_strength(x) for x in ctx.W.adjacent(to))
            if threat > 2 * st:
                v -= 0.5 * self._w("threat")
        elif target is None and not foes:
            v -= 0.5
        return v - cost

    def _s_split(self, ctx: _Ctx, a: Action) -> float:
        """[WR §7] (R-SPLIT-MERGE) Saruman's units split to garrison more places of his list
        than he has units; no one else splits."""
        u = ctx.units.get(a.get("piece", ""))
        if u is None or not self.garrison_force(ctx, u) or int(u.get("strength") or 0) < 10:
            return -0.5
        plan = self.garrison_plan(ctx)
        listed = set(ctx.D.value("S-V12", "garrison_list"))
        open_places = listed - set(plan.values())
        if not open_places:
            return -0.5
        if plan.get(u["id"]) == u["hex"] or plan.get(u["id"]) is None or \
                any(hx.distance(u["hex"], p) <= 2 * int(u.get("move") or 4) for p in open_places):
            return 1.0
        return -0.5

    def _s_split_off(self, ctx: _Ctx, a: Action) -> float:
        return 0.5 - 0.1 * abs(int(a.get("strength") or 0) - 5)     # a small garrison goes off

    def _s_merge(self, ctx: _Ctx, a: Action) -> float:
        return -0.5

    def _s_land(self, ctx: _Ctx, a: Action) -> float:
        """The Eagles' landing [WR §11.7]: the Ring-bearer as near Mount Doom as the danger
        field allows, anyone else toward his errand or the nearest friendly army."""
        to = a.get("to", "")
        key = ctx._cache.get("landing")
        if key is None:
            # the Eagles carry the Ring-bearer when he is revealed (``_s_play``)
            b = self._bearer(ctx)
            piece = ((ctx.view.get("decision") or {}).get("piece") or "")
            who = ctx.chars.get(piece) or next(
                (c for c in sorted(ctx.chars.values(), key=lambda c: c["id"])
                 if c.get("side") == FELLOWSHIP and c.get("hex") and not c.get("hidden")
                 and not c.get("moved") and not c.get("captive")), None)
            if b is not None and (b.get("hidden") is False or who is None or who["id"] == b["id"]):
                key = ("ring", None)
            else:
                goal = ERRANDS.get(who["id"]) if who else None
                if goal is None and who is not None:
                    goal = self.leader_goal(ctx, who)
                key = ("goal", goal)
            ctx._cache["landing"] = key
        if key[0] == "ring":
            return -self.ring_field(ctx).get(to, 99.0) - self.exposure(ctx, to, True)
        goal = key[1]
        if goal is None:
            return -hx.distance(to, RIVENDELL) * 0.1
        return -to_field(goal, "character", ctx.open).get(to, 99.0) - ctx.danger().get(to, 0.0)

    # ----- army combat [WR §10.3] ----------------------------------------------------------------------
    def _s_attack(self, ctx: _Ctx, a: Action) -> float:
        h = a.get("hex", "")
        mine = [u for u in ctx.my_armies(h) if not u.get("attacked")]
        if not ctx.free and ctx.side in ("dark", "sauron"):
            mine.sort(key=lambda u: -int(u.get("strength") or 0))
            paid = [u for u in mine if u.get("nation") == "ISE" and not self._controlled(ctx)]
            rest = [u for u in mine if u not in paid][: max(0, ctx.sp)]
            mine = paid + rest
            cost = SP_WORTH * len(rest)
        else:
            cost = 0.0
        st = ctx.strength(mine)
        d_loss, a_loss, wipe = battle_estimate(ctx, h, st, ctx.side)
        # the style: ``threat`` weighs our expected losses, ``opp`` the prize [WR §11.1]
        v = (d_loss - self._w("threat") * a_loss) / 4.0 \
            + self._w("opp") * (2.0 * wipe if ctx.place_objective(h) else 0.5 * wipe)
        # a besieged garrison of ours in danger: strike anyway
        return v - cost

    # ----- individual combat, capture, the hunt [WR §10.4] [WR §10.8] --------------------------------------
    def _fighter_c(self, ctx: _Ctx, pid: str) -> float:
        c = ctx.chars.get(pid)
        if c is not None:
            bonus = {"aragorn": 2, "gandalf": 1, "celeborn": 1, "thranduil": 1, "frodo": 1}.get(pid, 0)
            return float(c.get("combat") or 0) + bonus
        u = ctx.units.get(pid)
        if u is not None:
            return float(min(4, 1 + int(u.get("strength") or 0) // 10))
        return 0.0

    def _s_challenge(self, ctx: _Ctx, a: Action) -> float:
        lead, target = a.get("lead", ""), a.get("target", "")
        diff = self._fighter_c(ctx, lead) - self._fighter_c(ctx, target)
        prize = 2.0 if target in HOBBITS else 1.0
        if target == ctx.ring.get("bearer") and ctx.ring.get("held_by") not in (None, ctx.side):
            return 2.0 + diff / 2.0                     # the Ring back [WR §10.4] 6
        if ctx.free:
            t = ctx.chars.get(target, {})
            if t.get("nazgul"):
                prize = 0.6                             # shadow damage only: dispersal at best
            return prize * (diff - 1.5) / 2.0
        return prize * (diff - 0.5) / 2.0

    def capture_chance(self, ctx: _Ctx, target: str) -> float:
        """[WR §10.8.1] P(d6 + modifiers <= 1 + armies/10, at most 5; a 6 fails)."""
        c = ctx.chars.get(target, {})
        h = c.get("hex")
        if not h:
            return 0.0
        st = ctx.strength([u for u in ctx.armies_at.get(h, ()) if ctx.enemies(FELLOWSHIP, u.get("side"))])
        value = min(5, 1 + st // 10)
        mod = (1 if ctx.W.terrain(h) in ("rough", "forest") else 0) + int(c.get("combat") or 0) // 3
        return max(0, min(5, value - mod)) / 6.0

    def _s_capture(self, ctx: _Ctx, a: Action) -> float:
        t = a.get("target", "")
        p = self.capture_chance(ctx, t)
        prize = 4.0 if t in HOBBITS else 2.0
        return 0.5 + prize * p

    def _s_hunt(self, ctx: _Ctx, a: Action) -> float:
        how = a.get("how")
        t = a.get("target", "")
        prize = 4.0 if t in HOBBITS else 2.0
        if how == "capture":
            return 0.5 + prize * self.capture_chance(ctx, t)
        if how == "challenge":
            diff = self._fighter_c(ctx, a.get("with", "")) - self._fighter_c(ctx, t)
            p = 1.0 / (1.0 + math.exp(-diff / 1.5))
            return prize * (p - 0.45)
        return 0.0

    def _challenge_pair(self, ctx: _Ctx) -> tuple[str | None, str | None]:
        names = {c.get("name"): cid for cid, c in ctx.chars.items()}
        for e in reversed(ctx.view.get("recent_log") or ()):
            if e.get("type") == "challenge":
                m = re.match(r"(.+?) challenges (.+?) in ", str(e.get("text", "")))
                if m:
                    return names.get(m.group(1)), names.get(m.group(2))
                break
        return None, None

    def _s_accept(self, ctx: _Ctx, a: Action) -> float:
        lead, target = self._challenge_pair(ctx)
        if lead is None or target is None:
            return 0.0
        diff = self._fighter_c(ctx, target) - self._fighter_c(ctx, lead)
        return 0.5 if diff >= 0 else -0.5

    def _s_refuse(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_fight_on(self, ctx: _Ctx, a: Action) -> float:
        lead, target = self._challenge_pair(ctx)
        if lead is None or target is None:
            return 0.1
        diff = self._fighter_c(ctx, lead) - self._fighter_c(ctx, target)
        return 0.5 if diff >= 0 else -0.5

    def _s_break_off(self, ctx: _Ctx, a: Action) -> float:
        return 0.0

    def _s_rescue(self, ctx: _Ctx, a: Action) -> float:
        """[WR §10.8.3] 2d6 <= Σ(C + Mo) of the rescuers − the captors' strength."""
        cid = a.get("captive", "")
        info = (ctx.view.get("captives") or {}).get(cid) or {}
        h = info.get("hex")
        if not h:
            return -1.0
        team = [c for c in ctx.chars_at.get(h, ()) if c.get("side") == FELLOWSHIP]
        team += [c for c in ctx.chars.values() if c.get("hidden") and c.get("hex") == h
                 and c.get("alive") and not c.get("captive")]
        target = sum(int(c.get("combat") or 0) + int(c.get("morale") or 0) for c in team)
        captors = ctx.strength([u for u in ctx.armies_at.get(h, ()) if u.get("side") == info.get("held_by")])
        captors += sum(int(c.get("combat") or 0) for c in ctx.chars_at.get(h, ())
                       if c.get("side") == info.get("held_by"))
        t = target - captors
        p = sum(1 for i in range(1, 7) for j in range(1, 7)
                if (i + j == 2) or (i + j != 12 and i + j <= t)) / 36.0
        return 4.0 * p - 0.6

    def _s_hide(self, ctx: _Ctx, a: Action) -> float:
        c = ctx.chars.get(a.get("piece", ""), {})
        h = c.get("hex")
        if a.get("piece") in ERRANDS or a.get("piece") in ("frodo", "sam"):
            return 1.0
        if h and ctx.my_armies(h):
            return -0.5                                  # a leader stays with his army
        return 0.5


def _sel_key(a: Action) -> str:
    return f"stack:{a['stack']}" if "stack" in a else str(a.get("piece"))


def _seat_of_owner(ctx: _Ctx, owner: str | None) -> str | None:
    """The seat holding a place from its controller's name (free, sauron, saruman)."""
    if owner is None:
        return None
    if owner == "free":
        return FELLOWSHIP
    if ctx.three:
        return owner
    return "dark"


def policy(rng: random.Random, noise: float = 0.0) -> WarOfTheRingPolicy:
    """The factory of ``WarOfTheRingGame.heuristic_policy``."""
    return WarOfTheRingPolicy(rng, noise)
