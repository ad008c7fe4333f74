"""Rules of thumb for the Battle of the Ring (the strategic game): the game's
``heuristic_policy`` (:class:`RingPolicy`, used by :class:`~ringwar.ai.heuristic.HeuristicAgent`)
and its ``evaluate_view`` (:func:`evaluate_ring`, the leaves of the search).  Like every agent
it decides only from its side's view; the map and the rule book (``data/ring/``) are
public facts.

The game is about one piece: the Ring-bearer [3.1] [3.2] [11.14].

- The side holding the Ring walks it towards its goal (the Alliance: Mount Doom [11.12];
  Sauron and the Evil Alliance: Barad-dûr; Saruman: Isengard or the Shire), choosing each
  phase's stopping hex by the path distance still to go (enemy-held hexes cost extra)
  against how many opposing pieces could reach that hex in their next turn (its own pieces
  block them: passing over a piece needs its player's leave [8.2], which is refused).
  The holder's other pieces close round the Ring, keep off the goal hex, and go for the
  enemies near the Ring and (the Alliance) near Mount Doom.
- A side without the Ring hunts it: its pieces march on the Ring's hex by the shortest
  legal path and capture it when they can reach it this phase (cheapest captor first; the
  Saruman piece wins outright in the three-player game [3.1]).
- Attacks are scored by their odds on the restored CRT [9.6]-[9.8] (Elven strength and
  givers [9.7], fortress and river positions) times the pieces' worth, with a bonus for
  enemies near the Ring or the goal; an attack with a negative expectation is not made.
- A move is planned to the end of the phase: each ``step`` is scored by the best hex the
  piece can still stop on from there (a small search within its remaining allowance), so
  pieces do not wander.  Every piece is selected once and may ``stop`` where it started,
  so a phase always ends.
- Permission to pass [8.2] [8.4] [11.2] is always refused; Sauron states that the Shire
  is the Hobbits' in the three-player game and Saruman's in the two-player one [7.5];
  builds go to the crowned hex nearest the action, never onto the holder's goal hex.
- A style (``ringwar.ai.heuristic.STYLES``: ``pull``, ``opp``, ``threat`` multipliers, the
  same vocabulary as the hex-and-counter rules of thumb) may weight the hunt (``pull``: how
  hard pieces without the Ring march on it), the attacks a stopping hex offers (``opp``) and
  the danger there (``threat``: for the Ring-bearer, the pieces that could reach it).  With
  no style (the rules of thumb's own play) every weight is 1; the search offers ``bold``
  (dash and hunt hard) and ``wary`` (keep the Ring out of reach) as other plans
  (``BattleOfTheRingGame.heuristic_styles``).
"""

from __future__ import annotations

import heapq
import math
import random
from collections import deque
from functools import cache
from typing import Any

from ...core import hexes as hx
from ...core.dice import ways_2d6

Action = dict[str, Any]

#: the worth of a piece (armies 1; what cannot be rebuilt more) [7.6]
WORTH = {"orc": 1.0, "manorc": 1.0, "hobbit": 0.8, "dwarf": 1.0, "rohan": 1.0, "gondor": 1.0,
         "elf": 1.6, "dead": 1.3, "fangorn": 2.0, "aragorn": 2.5, "gandalf": 3.0, "nazgul": 3.0,
         "saruman": 3.0, "ring": 0.0}
#: pieces with Elven strength all the time [9.7]
ELVEN = frozenset({"elf", "fangorn", "gandalf", "nazgul"})
#: who gives Elven strength to whom [9.7]
GIVES = {"gandalf": "friendly", "nazgul": "friendly", "aragorn": "gondor", "saruman": "manorc"}
P_ADJ = 0.3     # the chance an opposing piece beside the Ring takes it
P_NEAR = 0.15   # ... one that can reach it in one movement phase
P_FAR = 0.04    # ... in its two movement phases
LOSS = 8.0      # losing the Ring, in steps of its way to the goal
CAPTURE = 40.0
WIN = 1000.0
#: the Ring's path costs by (holder, enemy-held hexes, Moria, Isengard, Elves): only the
#: holder's own pieces move during its phases, so one computation serves many decisions
_RING_COST: dict[tuple[Any, ...], dict[str, float]] = {}


@cache
def _static() -> Any:
    """The public map and rules data (``data/ring/``)."""
    from .data import static
    return static()


def _goals(S: Any, holder: str) -> tuple[str, ...]:
    """The hexes where ``holder``'s Ring-bearer wins [3.1] [3.2] [11.12]."""
    if holder == "alliance":
        return (S.mount_doom,)
    if holder in ("sauron", "evil"):
        return (S.barad_dur,)
    if holder == "saruman":
        return (S.isengard, S.shire)
    return ()


def _enterable(S: Any, klass: str, h: str, moria_open: bool, isengard_open: bool,
               elves: bool) -> bool:
    """May a piece of ``klass`` ever enter ``h`` (no other piece there)?  [8.3]-[8.5] [11.0]
    Classes: ``ring_a`` (the Alliance's bearer), ``ring_e`` (an evil bearer), ``gandalf``,
    ``alliance``, ``evil``, ``white`` (Saruman's pieces), ``any`` (the loosest)."""
    if h in S.special:
        if h == S.mount_doom:
            return klass == "ring_a"
        if h == S.fangorn:
            return klass in ("ring_a", "gandalf")
        if h == S.paths:
            return False
        if h == S.moria:
            if klass == "gandalf" or klass == "any":
                return True
            if klass in ("ring_a", "alliance"):
                return moria_open
            return not moria_open
        if h == S.isengard:
            return isengard_open or klass in ("white", "any")
    if h in S.elven and elves:
        return klass in ("ring_a", "alliance", "gandalf", "any")
    return True


@cache
def _field(source: str, klass: str, moria_open: bool, isengard_open: bool,
           elves: bool) -> dict[str, int]:
    """Path distances (in steps, pieces ignored) from every hex to ``source`` for ``klass``."""
    S = _static()
    dist = {source: 0}
    q = deque([source])
    while q:
        x = q.popleft()
        if x != source and not _enterable(S, klass, x, moria_open, isengard_open, elves):
            continue
        d = dist[x] + 1
        for y in S.steps[x]:
            if y not in dist:
                dist[y] = d
                q.append(y)
    return dist


class Board:
    """What one decision needs from the view: who is where, the Ring, the special hexes."""

    def __init__(self, view: dict[str, Any], side: str) -> None:
        S = self.S = _static()
        self.view = view
        self.me = side
        self.players = list(view.get("players") or ())
        self.two = len(self.players) == 2
        self.phase = view.get("phase")
        self.pos: dict[str, str] = {}
        self.at: dict[str, list[str]] = {}
        self.owner: dict[str, str] = {}
        self.nation: dict[str, str] = {}
        self.move: dict[str, int] = {}
        for u in view.get("units", ()):
            h = u.get("hex")
            if h is None:
                continue
            pid = u["id"]
            self.pos[pid] = h
            self.at.setdefault(h, []).append(pid)
            self.owner[pid] = u.get("player") or u.get("side")
            self.nation[pid] = u.get("nation") or pid
            self.move[pid] = int(u.get("move") or 2)
        ring = view.get("ring") or {}
        self.ring_hex: str | None = ring.get("hex")
        self.holder: str = ring.get("holder") or "alliance"
        self.rb_rounds: dict[str, int] = dict(ring.get("elven_rounds") or {})
        self.rb_left = set(ring.get("elven_left") or ())
        self.elves = view.get("elven_hexes", "Elven") == "Elven"
        self.isengard_open = view.get("isengard", "special") != "special"
        self.fangorn = view.get("fangorn", "dormant")
        self.paths = view.get("paths_of_the_dead", "dormant")
        self.gandalf_moria = self.pos.get("gandalf") == S.moria
        # [9.6] which fortresses across a river take the strongest row (option river_fortresses)
        self.every_river_fortress = view.get("river_fortresses", "named") == "map"
        self.i_hold = self.holder == side
        self.goals = _goals(S, self.holder)
        self.my_goals = _goals(S, side)
        self.mine = [p for p, o in self.owner.items() if o == side and p != "ring"]
        self.theirs = [p for p, o in self.owner.items() if o != side and p != "ring"]
        self._threat_memo: dict[str, float] = {}
        self._ring_cost: dict[str, float] | None = None
        self._ring_path: frozenset[str] | None = None

    # ----- mobility --------------------------------------------------------------------
    def klass(self, pid: str) -> str:
        owner = self.owner.get(pid, self.holder if pid == "ring" else "")
        if pid == "ring":
            return "ring_a" if self.holder == "alliance" else "ring_e"
        if pid == "gandalf":
            return "gandalf"
        if owner == "alliance":
            return "alliance"
        if self.nation.get(pid) in ("manorc", "saruman"):
            return "white"
        return "evil"

    def field(self, source: str, klass: str) -> dict[str, int]:
        white = klass == "white" or (klass == "ring_e" and self.holder in ("saruman", "evil"))
        return _field(source, klass, self.gandalf_moria, self.isengard_open or white, self.elves)

    def enter(self, pid: str, to: str) -> str | None:
        """This phase: ``"pass"``, ``"capture"``, ``"ask"`` (a capture that needs the
        Alliance's leave) or None (closed, or another player's leave needed: it would be
        refused)."""
        S = self.S
        k = self.klass(pid)
        white = k == "white" or (k == "ring_e" and self.holder in ("saruman", "evil"))
        if not _enterable(S, k, to, self.gandalf_moria, self.isengard_open or white, self.elves):
            if (to in S.elven and "ring" in self.at.get(to, ()) and self.holder != self.owner.get(pid)
                    and pid != "ring"):
                return "ask"  # the Ring in an Elven hex: worth asking the Alliance's leave [8.4]
            return None
        if to == S.fangorn and self.fangorn != "dormant":
            return None
        if pid == "ring" and to in self.rb_left and self.elves:
            return None
        me = self.owner.get(pid, self.holder if pid == "ring" else "")
        capture = False
        for q in self.at.get(to, ()):
            if q == pid:
                continue
            if q == "ring":
                if self.holder != me:
                    capture = True
                continue
            if self.owner.get(q) != me:
                return None
        return "capture" if capture else "pass"

    def can_stop(self, pid: str, h: str, start: str) -> bool:
        S = self.S
        if h == start:
            return True
        others = [q for q in self.at.get(h, ()) if q != pid]
        if h == S.moria:
            return pid == "gandalf" and not others
        if pid == "ring" and h in S.elven and self.elves and self.rb_rounds.get(h, 0) >= 2:
            return False
        if not others:
            return True
        if h == S.fangorn:
            return others == ["fangorn"] and pid in ("gandalf", "ring")
        return False

    def reach(self, pid: str, here: str, mp: int, start: str) -> dict[str, tuple[str, int]]:
        """Hexes ``pid`` at ``here`` with ``mp`` left may end its move on: hex ->
        (``"stop"`` or ``"capture"``, steps taken)."""
        out: dict[str, tuple[str, int]] = {}
        if self.can_stop(pid, here, start):
            out[here] = ("stop", 0)
        seen = {here: mp}
        q = deque([(here, mp)])
        while q:
            h, m = q.popleft()
            if m <= 0:
                continue
            for n in self.S.steps[h]:
                if seen.get(n, -1) >= m - 1:
                    continue
                e = self.enter(pid, n)
                if e is None:
                    continue
                if e in ("capture", "ask"):
                    out.setdefault(n, (e, mp - m + 1))
                    continue
                seen[n] = m - 1
                if n not in out and self.can_stop(pid, n, start):
                    out[n] = ("stop", mp - m + 1)
                q.append((n, m - 1))
        return out

    # ----- the Ring ---------------------------------------------------------------------
    def ring_cost(self) -> dict[str, float]:
        """Distances for the holder's Ring-bearer to its nearest goal, enemy-held hexes
        costing 4 extra steps (they block it now, but they may move or die) and hexes beside
        them half a step."""
        if self._ring_cost is None:
            enemy = frozenset(self.pos[p] for p, o in self.owner.items()
                              if o != self.holder and p != "ring")
            key = (self.holder, enemy, self.gandalf_moria, self.isengard_open, self.elves)
            cost = _RING_COST.get(key)
            if cost is None:
                if len(_RING_COST) > 256:
                    _RING_COST.clear()
                cost = _RING_COST[key] = self._ring_cost_of(enemy)
            self._ring_cost = cost
        return self._ring_cost

    def _ring_cost_of(self, enemy: frozenset[str]) -> dict[str, float]:
        S = self.S
        k = self.klass("ring")
        white = k == "ring_e" and self.holder in ("saruman", "evil")
        danger: set[str] = set()
        for h in enemy:
            danger.update(S.hexmap.adjacent(h))
        dist: dict[str, float] = {}
        heap = [(0.0, g) for g in self.goals]
        for _, g in heap:
            dist[g] = 0.0
        heapq.heapify(heap)
        goals = self.goals
        while heap:
            d, x = heapq.heappop(heap)
            if d > dist.get(x, 1e9):
                continue
            if x not in goals and not _enterable(S, k, x, self.gandalf_moria,
                                                 self.isengard_open or white, self.elves):
                continue
            step = 5.0 if x in enemy else (1.5 if x in danger else 1.0)
            for y in S.steps[x]:
                nd = d + step
                if nd < dist.get(y, 1e9):
                    dist[y] = nd
                    heapq.heappush(heap, (nd, y))
        return dist

    def ring_path(self) -> frozenset[str]:
        """The hexes of the Ring's best way to its goal (its holder keeps them free)."""
        if self._ring_path is None:
            path: list[str] = []
            h = self.ring_hex
            cost = self.ring_cost()
            while h is not None and h not in self.goals and len(path) < 12:
                nxt = min(self.S.steps[h], key=lambda n: cost.get(n, 1e9), default=None)
                if nxt is None or cost.get(nxt, 1e9) >= cost.get(h, 1e9):
                    break
                path.append(nxt)
                h = nxt
            self._ring_path = frozenset(path)
        return self._ring_path

    def threat(self, h: str) -> float:
        """How many opposing pieces could reach ``h`` (the Ring's hex) before the holder
        moves again, the holder's pieces blocking them."""
        t = self._threat_memo.get(h)
        if t is not None:
            return t
        S = self.S
        dist = {h: 0}
        q = deque([h])
        while q:
            x = q.popleft()
            d = dist[x]
            if d >= 12:
                continue
            if x != h:
                if not _enterable(S, "any", x, self.gandalf_moria, True, False):
                    continue
                if any(self.owner.get(p) == self.holder for p in self.at.get(x, ()) if p != "ring"):
                    continue
            for y in S.steps[x]:
                if y not in dist:
                    dist[y] = d + 1
                    q.append(y)
        safe = 1.0
        for p, o in self.owner.items():
            if o == self.holder or p == "ring":
                continue
            d = dist.get(self.pos[p])
            if d is None:
                continue
            m = self.move[p]
            if d == 1:
                safe *= 1.0 - P_ADJ
            elif d <= m:
                safe *= 1.0 - P_NEAR
            elif d <= 2 * m:
                safe *= 1.0 - P_FAR
        t = LOSS * (1.0 - safe)
        self._threat_memo[h] = t
        return t

    # ----- combat [9.6] [9.7] [9.8] -----------------------------------------------------
    def strength(self, pid: str, h: str | None = None) -> str:
        nat = self.nation.get(pid, "")
        if nat in ELVEN:
            return "E"
        h = h or self.pos.get(pid)
        S = self.S
        P = self.owner.get(pid)
        for n in S.attack_nb.get(h, ()):
            if n in S.no_combat:
                continue
            for g in self.at.get(n, ()):
                if g == pid or self.owner.get(g) != P:
                    continue
                gives = GIVES.get(self.nation.get(g, ""))
                if gives == "friendly" or (gives == "gondor" and nat in ("gondor", "dead")) or (
                        gives == "manorc" and nat == "manorc"):
                    return "E"
        return "O"

    def odds(self, a: str, ha: str, d: str, hd: str) -> tuple[float, float]:
        """(P attacker eliminated, P defender eliminated) for ``a`` at ``ha`` on ``d``."""
        S = self.S
        fortress = hd in S.fortress
        river = (ha, hd) in S.river_side
        both = fortress and river and (hd in S.river_fortress or self.every_river_fortress)
        row = "fortress_and_river" if both else (
            "fortress_or_river" if fortress or river else "open")
        kills_a, kills_d = S.crt[row][self.strength(a, ha) + self.strength(d, hd)]
        return _p2d6(kills_a), _p2d6(kills_d)

    def worth(self, pid: str) -> float:
        w = WORTH.get(self.nation.get(pid, ""), 1.0)
        if pid == "saruman" and not self.two:
            w = 5.0  # he alone wins by reaching the Ring [3.1]
        return w

    def can_fight_at(self, h: str) -> bool:
        return h not in self.S.no_combat

    def attack_value(self, a: str, ha: str, d: str, hd: str) -> float:
        pa, pd = self.odds(a, ha, d, hd)
        return pd * (self.worth(d) + self.importance(hd)) - pa * self.worth(a)

    def importance(self, h: str) -> float:
        """Extra worth of killing a piece at ``h``: near the Ring or its goal."""
        bonus = 0.0
        if self.ring_hex:
            dr = hx.distance(h, self.ring_hex)
            if dr <= 3:
                bonus += 1.5 if self.i_hold else 0.8
        if self.i_hold:
            for g in self.goals:
                if hx.distance(h, g) <= 2:
                    bonus += 1.0
        return bonus

    def enemies_adjacent(self, h: str) -> list[str]:
        out = []
        for n in self.S.attack_nb.get(h, ()):
            if n in self.S.no_combat:
                continue
            for q in self.at.get(n, ()):
                if q != "ring" and self.owner.get(q) != self.me:
                    out.append(q)
        return out


def _p2d6(totals: frozenset[int]) -> float:
    return ways_2d6(totals) / 36.0


class RingPolicy:
    """Scores the legal actions of a Battle of the Ring view, best first."""

    def __init__(self, rng: random.Random, noise: float = 0.0,
                 style: dict[str, float] | None = None) -> None:
        self.rng = rng
        self.noise = noise
        #: the weights of the hunt, the attacks and the danger (None: all 1, see above)
        self.style = style

    def rank(self, view: dict[str, Any], legal: list[Action]) -> list[tuple[float, Action]]:
        side = view.get("side") or view.get("to_act") or ""
        b = Board(view, side)
        kinds = {a.get("type") for a in legal}
        if "step" in kinds or "stop" in kinds:
            raw = self._moves(b, legal)
        else:
            raw = [(self.score(b, a), a) for a in legal]
        scored = []
        for s, a in raw:
            if self.noise:
                s += self.rng.random() * self.noise
            scored.append((s, a))
        scored.sort(key=lambda t: -t[0])
        return scored

    def score(self, b: Board, a: Action) -> float:
        fn = getattr(self, f"_s_{a.get('type')}", None)
        if fn is not None:
            return fn(b, a)
        return 0.0  # end_phase

    # ----- movement ---------------------------------------------------------------------
    def value(self, b: Board, pid: str, h: str, how: str = "stop") -> float:
        """How good it is for ``pid`` to end this move on ``h`` (``how``: by stopping or by
        capturing the Ring there)."""
        S = b.S
        me = b.me
        st = self.style
        pull, opp, threat = (st["pull"], st["opp"], st["threat"]) if st else (1.0, 1.0, 1.0)
        if pid == "ring":
            if h in b.goals:
                return WIN
            d = b.ring_cost().get(h, 60.0)
            return -d - threat * b.threat(h)
        if how == "ask":
            return 0.5 * self.value(b, pid, h, "capture")  # if the leave is given
        if how == "capture":
            if pid == "saruman" and not b.two:
                return WIN  # [3.1] the Saruman piece reaches the Ring
            captor_goals = _goals(S, me)
            v = CAPTURE - b.worth(pid)
            if h in captor_goals:
                v += WIN / 2  # possessed at once at the goal (the Shire for Saruman)
            return v
        v = 0.0
        nat = b.nation.get(pid, "")
        k = b.klass(pid)
        mv = b.move.get(pid, 2)
        ring = b.ring_hex
        if ring:
            if b.i_hold:
                # escort the Ring; never stand on its goal; clear the way to it
                dr = hx.distance(h, ring)
                if h in b.goals:
                    v -= 6.0
                elif h in b.ring_path():
                    v -= 2.0
                if dr <= 6:
                    v -= 0.5 * max(0, dr - 1)
                    if dr == 1:
                        v += 0.6
                else:
                    g = min(b.goals, key=lambda g: hx.distance(b.pos[pid], g)) if b.goals else ring
                    f = b.field(g, k)
                    v -= 0.3 * min(f.get(h, 40), 40)
            else:
                f = b.field(ring, k)
                d = f.get(h)
                if d is None:
                    d = 40 + hx.distance(h, ring)
                # hunters close in; far-off slow pieces only drift towards the Ring
                w = 1.0 if d <= 4 * mv else 0.5
                v -= pull * w * d / mv
                # an evil side also keeps guards beside Mount Doom
                if me != "alliance" and b.holder == "alliance" and hx.distance(h, S.mount_doom) == 1 \
                        and h != S.mount_doom:
                    v += 1.5
        if nat in ("fangorn", "dead") and h in (S.fangorn, S.paths):
            return v
        # fighting: adjacent enemies are targets in the first movement phase, threats after
        if b.can_fight_at(h):
            adj = b.enemies_adjacent(h)
            if adj:
                best = max((b.attack_value(pid, h, e, b.pos[e]) for e in adj), default=0.0)
                danger = 0.0
                for e in adj:
                    pa, pd = b.odds(e, b.pos[e], pid, h)
                    danger += pd * b.worth(pid) - pa * b.worth(e)
                if b.phase == "move1":
                    v += opp * max(0.0, best) - threat * 0.25 * max(0.0, danger)
                else:
                    v += opp * 0.3 * max(0.0, best) - threat * 0.6 * max(0.0, danger)
        if nat in GIVES:
            # characters stay next to friends they strengthen [9.7]
            friends = sum(1 for n in S.attack_nb.get(h, ()) for q in b.at.get(n, ())
                          if q != pid and b.owner.get(q) == me and q != "ring")
            v += 0.2 * min(friends, 3)
        return v

    def _moves(self, b: Board, legal: list[Action]) -> list[tuple[float, Action]]:
        moving = b.view.get("moving") or {}
        pid = moving.get("pid")
        path = moving.get("path") or []
        here = path[-1] if path else b.pos.get(pid)
        start = moving.get("start") or here
        mp = int(moving.get("mp") or 0)
        out = []
        # the value of each end of the move, asked once (the steps' reaches overlap)
        values: dict[tuple[str, str], float] = {}

        def value(h: str, how: str = "stop") -> float:
            got = values.get((h, how))
            if got is None:
                got = values[(h, how)] = self.value(b, pid, h, how)
            return got

        for a in legal:
            t = a.get("type")
            if t == "stop":
                s = value(here) + 0.05  # equal values: stop rather than walk on
            elif t == "step":
                to = a["hex"]
                e = b.enter(pid, to)
                if e is None:
                    s = -100.0  # it needs a leave that would be refused
                elif e in ("capture", "ask"):
                    s = value(to, e)
                else:
                    opts = b.reach(pid, to, mp - 1, start)
                    if not opts:
                        s = -50.0
                    else:
                        # the best end of the move from there; shorter ways first
                        s = max(value(h, how) - 0.01 * k for h, (how, k) in opts.items())
            else:
                s = self.score(b, a)
            out.append((s, a))
        return out

    def _s_select(self, b: Board, a: Action) -> float:
        pid = a["piece"]
        h = b.pos.get(pid)
        if h is None:
            return 0.1
        S = b.S
        base = 1.0
        if pid == "ring":
            # pieces on the goal step aside first; the Ring then moves; escorts follow
            return 3.0 if not any(q != "ring" and b.owner.get(q) == b.me for g in b.goals
                                  for q in b.at.get(g, ())) else 1.5
        if b.i_hold and (h in b.goals or h in b.ring_path()):
            return 4.0
        ring = b.ring_hex
        if ring and not b.i_hold and hx.distance(h, ring) <= b.move.get(pid, 2) + 1:
            # a possible captor: the cheapest first
            return 3.5 - 0.1 * b.worth(pid)
        if b.can_fight_at(h) and b.enemies_adjacent(h):
            base = 2.0
        if ring:
            base += 1.0 / (1 + hx.distance(h, ring))
        if h in S.special and b.nation.get(pid) in ("fangorn", "dead"):
            base += 0.5
        return base

    # ----- other decisions ------------------------------------------------------------------
    def _s_attack(self, b: Board, a: Action) -> float:
        p, t = a["piece"], a["target"]
        ha, hd = b.pos.get(p), b.pos.get(t)
        if not ha or not hd:
            return 0.0
        return b.attack_value(p, ha, t, hd)

    def _s_build(self, b: Board, a: Action) -> float:
        h = a["hex"]
        if b.i_hold and h in b.goals:
            return -1.0
        s = 1.0
        if b.ring_hex:
            s -= 0.02 * hx.distance(h, b.ring_hex)
        if a.get("nation") == "hobbit":
            s -= 0.1  # a Dwarf army is as good and leaves the Shire free for the Ring
        return s

    def _s_permit(self, b: Board, a: Action) -> float:
        return -1.0

    def _s_refuse(self, b: Board, a: Action) -> float:
        return 1.0

    def _s_declare_shire(self, b: Board, a: Action) -> float:
        want = "saruman" if b.two else "hobbits"
        return 1.0 if a.get("owner") == want else 0.0

    def _s_end_phase(self, b: Board, a: Action) -> float:
        return 0.0


def evaluate_ring(view: dict[str, Any], side: str) -> float:
    """The value in [-1, 1] of a Battle of the Ring ``view`` for ``side`` (the leaves of the
    MCTS search): whoever holds the Ring and how far it still has to go to its goal, how
    close the other sides' pieces are to taking it, and a little for material."""
    result = view.get("result")
    if result is not None:
        w = result.get("winner")
        return 0.0 if w is None else (1.0 if w == side else -1.0)
    b = Board(view, side)
    score = 0.0
    ring = b.ring_hex
    if ring:
        cost = b.ring_cost()
        d = min(cost.get(ring, 40.0), 40.0)
        progress = 0.35 + 0.5 * (1.0 - d / 40.0)   # 0.35 .. 0.85 for the holder
        if b.i_hold:
            score += progress
            score -= 0.03 * b.threat(ring)
        else:
            # in three players a third side's Ring is bad too, but less so
            score -= progress
            # my nearest piece that could take the Ring
            best = 99.0
            for p in b.mine:
                f = b.field(ring, b.klass(p))
                dp = f.get(b.pos[p])
                if dp is not None:
                    best = min(best, dp / max(1, b.move[p]))
            score += 0.15 / (1.0 + best)
            if side == "saruman" and "saruman" in b.pos:
                ds = b.field(ring, "white").get(b.pos["saruman"])
                if ds is not None:
                    score += 0.1 / (1.0 + ds / 4.0)
    # material: pieces' worth, mine against the strongest other side
    worth: dict[str, float] = {}
    for p, o in b.owner.items():
        if p != "ring":
            worth[o] = worth.get(o, 0.0) + b.worth(p)
    mine = worth.get(side, 0.0)
    other = max((v for o, v in worth.items() if o != side), default=0.0)
    if mine + other > 0:
        score += 0.2 * (mine - other) / (mine + other)
    return max(-1.0, min(1.0, math.tanh(1.5 * score)))
