"""[4.0] Movement and [5.0] Stacking: Movement Allowances [4.1], terrain costs [4.3], which
units may move and where (the reach, computed for the unit being moved), moves and their
refusals, stacking where a move ends [4.28] [5.0]."""

from __future__ import annotations

import heapq
from collections.abc import Callable, KeysView
from functools import partial
from typing import TYPE_CHECKING, Any

from ....core.engine import Action, Event, event
from ....core.errors import IllegalAction
from ..board import ALL_MA, other, refuse
from ..state import MAP, OFFMAP, Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame

INF = float("inf")
#: the refusal ``_mover_refusal`` gives while only listing (no words are built)
NOT_A_MOVER = IllegalAction("[4.0]", "this piece may not move now")
#: the ``_cache`` key of the listed movers (``_listed_movers``)
MOVERS = "movers"


def _step_cost(step: tuple[str, float]) -> float:
    return step[1]


def _refuse(explain: bool, rule: str, why: Callable[[], str]) -> IllegalAction:
    """``board.refuse`` with the movement predicate's bare refusal."""
    return refuse(explain, rule, why, NOT_A_MOVER)


def _dijkstra(table: dict[str, tuple[tuple[str, float], ...]],
              row: Callable[[str], tuple[tuple[str, float], ...]], allowance: float,
              starts: list[tuple[float, str, str | None]], blocked: set[str] | frozenset[str] | KeysView[str],
              zoc: frozenset[str], zone: frozenset[str] | None, stops: bool, leave: float,
              start: str | None) -> tuple[dict[str, tuple[float, str | None, str | None]], bool]:
    """[4.0] the least MP to reach each hex within ``allowance`` from ``starts`` ((MP, hex,
    entry hex) each), over ``table`` (a row it lacks is ``row(hex)``, and kept in it); never
    into ``blocked`` or out of ``zone``; [6.11] stopping in ``zoc`` (``stops``) except at
    ``start``, [15.12] paying ``leave`` to go on from it.  Hex -> (MP spent, entry hex used or
    None, previous hex), in the order the hexes were first reached (ties go to the hex popped
    first: the heap orders (MP, hex, entry)); and whether ``blocked``, ``zone`` or ``zoc``
    ever counted (if not, every step was the one an empty board's search takes, so the answer
    is the same as with none of them).  A row lists its steps cheapest first (``_cost_row``):
    from a hex entered with MP spent, the first step it cannot pay ends the row (only from the
    start may a step cost the whole allowance, [15.13]); and a hex is asked whether it is
    blocked only when the step would improve its cost (a blocked hex never has one)."""
    touched = False
    cost: dict[str, float] = {}               # hex -> the least MP spent to reach it
    out: dict[str, tuple[float, str | None, str | None]] = {}   # ... with its entry and previous hex
    heap = []
    for c, h, e in starts:
        if h not in cost or c < cost[h]:
            cost[h], out[h] = c, (c, e, None)
            heap.append((c, h, e))
    heapq.heapify(heap)
    pop, push, best = heapq.heappop, heapq.heappush, cost.get
    while heap:
        spent, h, entry = pop(heap)
        if spent > cost[h]:
            continue
        if h in zoc:
            touched = True
            if stops and h != start:
                continue                                            # [6.11] must stop
            base = spent + leave
        else:
            base = spent
        moves = table.get(h)
        if moves is None:
            moves = table[h] = row(h)
        for n, c in moves:
            total = base + c
            if total > allowance:
                if spent > 0:
                    break                       # a row is sorted by cost: no cheaper step follows
                if c < ALL_MA:
                    continue
                # e.g. [15.13] down through a wall: the whole allowance, never into a ZOC
                if n in zoc:
                    touched = True
                    continue
                total = allowance
            if total < best(n, INF):
                # (a hex blocked or out of the zone is never reached, so it is always asked here)
                if n in blocked or (zone is not None and n not in zone):
                    touched = True
                    continue                                        # [4.27]
                cost[n] = total
                out[n] = (total, entry, h)
                push(heap, (total, n, entry))
    return out, touched


class MovementRules:
    """[4.0] movement and [5.0] stacking."""

    # ----- [4.3] terrain ---------------------------------------------------------------------------
    def terrain_cost(self: SpiGame, p: Piece, a: str | None, b: str) -> float | None:
        """MP for ``p`` to enter ``b`` from ``a`` (None: may not) [4.3] [4.26]."""
        spec = self.charts.terrain.get(self.hexmap.terrain(b), {})
        cost = spec.get("cost")
        if cost is None:
            return None
        if spec.get("cavalry_prohibited") and self.is_cavalry(p):
            return None
        if p.formation in ("wedge", "shield_wall") and not self.formation_terrain_ok(a, b):
            return None                                  # [8.41]
        if a is not None and self.hexmap.road(a, b):
            return 0.5                                   # [4.3] along the road
        extra = 0.0 if a is None else self.hexside_cost(p, a, b)
        if extra is None:
            return None
        return float(cost) + extra

    def hexside_cost(self: SpiGame, p: Piece, a: str, b: str) -> float | None:
        side = self.hexmap.side(a, b)
        if side is None:
            return 0.0
        spec = self.charts.hexsides.get(side["kind"], {})
        if spec.get("impassable"):
            return None
        return float(spec.get("extra_cost", 0))

    def is_cavalry(self: SpiGame, p: Piece) -> bool:
        return p.kind == "cavalry"

    def may_enter_terrain(self: SpiGame, p: Piece, a: str | None, b: str) -> bool:
        """Could ``p`` ever enter ``b`` from ``a`` (used for retreats, advances, [7.36])."""
        return self.terrain_cost(p, a, b) is not None

    # ----- [4.1] allowances -----------------------------------------------------------------------
    def movement_allowance(self: SpiGame, p: Piece) -> float:
        """[4.11] [4.12] [8.45]."""
        if p.formation == "wedge":
            return self.charts.movement["wedge"]
        if p.formation == "shield_wall":
            return self.charts.movement["shield_wall"]
        return p.ma

    # ----- reinforcements [14.0] ----------------------------------------------------------------------
    def entry_hexes(self: SpiGame, p: Piece) -> list[str]:
        """Hook: the map hexes a reinforcement may enter by."""
        return []

    def available_reinforcement(self: SpiGame, p: Piece) -> bool:
        return (p.where == OFFMAP and p.arrival is not None and p.arrival <= self._turn
                and not p.flags.get("out"))

    # ----- can it move at all? ------------------------------------------------------------------
    def movers(self: SpiGame, side: str) -> list[Piece]:
        """Pieces of ``side`` that may still move in this phase: those ``why_not_mover``'s rules
        let move, but for the two about where a piece stands ([6.11] [4.27], ``may_select``)."""
        return list(self._listed_movers(side, False))

    def _listed_movers(self: SpiGame, side: str, select: bool) -> list[Piece]:
        """The pieces of ``side`` (in id order) that ``_mover_refusal`` does not refuse: its
        phase's rules asked once, then each piece's.  The answer is kept (``_cache[MOVERS]``,
        per side and ``select``) with what it depends on besides the pieces themselves (the
        phase, the enemy's pieces and ZOC key: ``_movers_stamp``), and patched by the moves
        of the phase (``_patch_movers``); every other action drops it (``_do``).  A caller
        only iterates over the list."""
        if self._phase_mover_refusal(side, False) is not None:
            return []
        stamp = self._movers_stamp(side)
        kept = self._cache.get(MOVERS)
        if kept is None:
            kept = self._cache[MOVERS] = {}
        hit = kept.get((side, select))
        if hit is not None and hit[0] == stamp:
            return hit[1]
        magic_phase = self.is_magic_phase()
        # the enemy's ZOC map, looked up once for all the side's pieces (``may_select``); not
        # in a Magic Leader Movement Phase, in which few pieces get as far as asking it
        zoc = self.zoc_map(other(side)) if select and not magic_phase else None
        unit_refusal = self._unit_mover_refusal
        pieces = self.units_of(side)
        if magic_phase:
            # [4.11] [8.52] only magic leaders move in these phases (``_unit_mover_refusal``
            # refuses every other piece in them): asked of those only
            pieces = [p for p in pieces if p.is_leader and p.magic > 0]
        out = [p for p in pieces if unit_refusal(p, side, magic_phase, select, False, zoc) is None]
        kept[(side, select)] = (stamp, out)
        return out

    def _movers_stamp(self: SpiGame, side: str) -> tuple[Any, ...]:
        """What ``_mover_refusal``'s answers for ``side``'s pieces depend on besides those
        pieces: the phase ([4.22] [4.11] [8.52] [8.45]: ``_phase_key``, with Gondor's siege
        version), the enemy's pieces ([4.27] an entry hex enemy-occupied: its
        ``_side_version``) and the enemy's ZOCs ([6.11]: the rest of its ZOC map's key,
        demoralization and ``zoc_context``)."""
        enemy = other(side)
        return (self._phase_key(), self._side_version.get(enemy, 0), self._zoc_key())

    def _patch_movers(self: SpiGame, kept: dict[Any, Any] | None, moved: list[Piece]) -> None:
        """Keep the listed movers ``kept`` (``_listed_movers``'s, taken before a move of the
        phase) without the ``moved`` pieces, which the move or stay just marked ``moved``
        ([4.24]: refused for the rest of the phase).  The move changed no other piece's
        answer: a move changes the moving pieces only (their hex, ``moved``) and, through its
        hooks, what the stamp covers (Gondor's siege version) or the board (whose change,
        ``_touch``, drops what is kept again)."""
        if not kept:
            return
        gone = {q.id for q in moved}
        self._cache[MOVERS] = {k: (stamp, [q for q in listed if q.id not in gone])
                               for k, (stamp, listed) in kept.items()}

    def _drop_movers(self: SpiGame) -> None:
        """Forget the listed movers (any action but a selection, a move or a stay: ``_do``)."""
        self._cache.pop(MOVERS, None)

    def why_not_mover(self: SpiGame, p: Piece) -> IllegalAction | None:
        """Why ``p`` may not move at all now, whatever the destination (None: it may).  The one
        predicate behind the units a player may select, ``movers`` and the refusals."""
        return self._mover_refusal(p, self.step_side, True, True)

    def _mover_refusal(self: SpiGame, p: Piece, side: str | None, select: bool,
                       explain: bool) -> IllegalAction | None:
        """The rules that stop ``p`` moving now, in the order a refusal names them; with
        ``explain`` False a refusal is the bare ``NOT_A_MOVER`` (no words built: listing).
        Those of the phase come first (``_listed_movers`` asks them once for all pieces)."""
        return (self._phase_mover_refusal(side, explain)
                or self._unit_mover_refusal(p, side, self.is_magic_phase(), select, explain))

    def _phase_mover_refusal(self: SpiGame, side: str | None, explain: bool) -> IllegalAction | None:
        """[4.22] nothing moves outside a Movement (or Magic Leader Movement) Phase."""
        if not self.is_magic_phase() and not self.is_movement_phase():
            return _refuse(explain, "[4.22]", lambda: f"units move only in their own Movement Phase, not the {self._phase_name()}")
        return None

    def _unit_mover_refusal(self: SpiGame, p: Piece, side: str | None, magic_phase: bool,
                            select: bool, explain: bool,
                            zoc: dict[str, tuple[str, ...]] | None = None) -> IllegalAction | None:
        """The rules that stop ``p`` moving in a phase in which pieces move (``zoc``: the
        enemy's ``zoc_map``, if the caller has it at hand: a piece on the map in a hex that no
        enemy exerts a ZOC into is not in an enemy ZOC, and ``may_select`` need not be asked)."""
        if p.side != side:
            return _refuse(explain, "[4.22]", lambda: f"{p.name} belongs to {p.side}; it is {side}'s phase")
        where = p.where
        if (where != MAP and (where != OFFMAP or not self.available_reinforcement(p))) or p.flags.get("out"):
            return _refuse(explain, "[14.0]", lambda: f"{p.name} is not on the map and not an available reinforcement")
        if p.disrupted:                                         # [7.57] until rallied
            return _refuse(explain, "[7.57]", lambda: f"{self.label(p)} is disrupted and may not move until rallied")
        if magic_phase and self.cast_this_phase(p):
            return _refuse(explain, "[8.52]", lambda: f"{p.name} attempted a spell this phase and may not move in it")
        if p.moved:
            return _refuse(explain, "[4.24]", lambda: f"{self.label(p)} has already moved this phase")
        magic_leader = p.is_leader and p.magic > 0
        if magic_leader and not magic_phase and self.options.get("errata_8_52", True):
            return _refuse(explain, "[8.52]", lambda: f"{p.name} is a magic leader and moves only in the Magic Leader "
                      "Movement Phases")
        if magic_phase and not magic_leader:
            return _refuse(explain, "[4.11]", lambda: "only magic leaders move in a Magic Leader Movement Phase")
        if p.formation and p.formed_turn == self._turn:
            return _refuse(explain, "[8.45]", lambda: "a special formation may not move in the Game-Turn it is formed")
        special = self.why_not_mover_hook(p)
        if special is not None:
            return special
        if select and not (zoc is not None and where == MAP and p.hex not in zoc) and not self.may_select(p):
            if where == MAP:
                return _refuse(explain, "[6.11]", lambda: f"{self.label(p)} is in an enemy ZOC and may not move")
            return _refuse(explain, "[4.27]", lambda: f"every hex {self.label(p)} may enter by is enemy-occupied")
        return None

    def why_not_mover_hook(self: SpiGame, p: Piece) -> IllegalAction | None:
        """Hook: exclusive reasons a piece may not move this phase (siege equipment, a frozen
        leader ...)."""
        return None

    def _phase_key(self: SpiGame) -> tuple[Any, ...]:
        return (self._turn, self._phase, self.step_side)

    def reach(self: SpiGame, p: Piece) -> dict[str, tuple[float, str | None, str | None]]:
        """Every hex ``p`` can reach this phase (cached for the phase: the enemy does not
        move in it) -> (MP spent, entry hex or None)."""
        mc = getattr(self, "_move_cache", None)
        if mc is None or mc.get("_key") != self._phase_key():
            mc = self._move_cache = {"_key": self._phase_key()}
        key = (p.id, p.hex, p.formation, tuple(sorted(self.entry_count.items())) if not p.on_map else ())
        hit = mc.get(key)
        if hit is None:
            hit = mc[key] = self._reachable(p)
        return hit

    def destinations(self: SpiGame, p: Piece) -> dict[str, tuple[float, str | None, str | None]]:
        """Where ``p`` may end a move now: hex -> (MP spent, entry hex or None)."""
        cached = self.reach(p)
        # [5.0] [4.28] stacking is checked where the move ends, with the board as it is now
        stackers, sides = self.occupancy()
        enemy = sides.get("sauron" if p.side == "westernesse" else "westernesse")
        out = dict(cached)
        out.pop(p.hex, None)
        # (the reach in its order, but for the hexes held: few, found at C speed)
        if enemy:
            for h in out.keys() & enemy.keys():
                del out[h]
        if stackers and self.counts_for_stacking(p):
            for h in out.keys() & stackers.keys():
                del out[h]
        return self.filter_destinations(p, out)

    # ----- [5.0] stacking ---------------------------------------------------------------------------
    def counts_for_stacking(self: SpiGame, p: Piece) -> bool:
        """[5.0] leaders do not count (nor siege equipment [5.0] c.); hook for others."""
        return p.is_combat

    def stackers_at(self: SpiGame, h: str) -> list[Piece]:
        return [p for p in self.pieces_at(h) if self.counts_for_stacking(p)]

    def filter_destinations(self: SpiGame, p: Piece, dests: dict[str, Any]) -> dict[str, Any]:
        """Hook: exclusive restrictions on where a move may end (e.g. [15.22] Dwarves)."""
        return dests

    def stack_ok(self: SpiGame, p: Piece, h: str) -> bool:
        """[5.0] one combat unit per hex; a formation is two (moved together)."""
        here = [q for q in self.stackers_at(h) if q.id != p.id and q.id != p.partner]
        return not here

    # ----- the search: Dijkstra over precomputed costs ----------------------------------------
    def cost_class(self: SpiGame, p: Piece) -> tuple[Any, ...]:
        """Everything about ``p`` that ``terrain_cost`` depends on (hook: extend it when an
        exclusive rule makes costs depend on more of the piece)."""
        return (p.kind, p.formation, p.side)

    def cost_features(self: SpiGame) -> frozenset[Any]:
        """Hook: the board's changing features that ``terrain_cost`` depends on, as hashable
        atoms (Gondor: a breach, a fire, a gate's control ...).  None by default."""
        return frozenset()

    def feature_hexes(self: SpiGame, atom: Any) -> Any:
        """Hook: the hexes whose moves out depend on ``atom`` of ``cost_features`` (their
        rows of the cost table are recomputed when it appears or goes).  By default every
        hex, which is always right and slow: a system with features says which."""
        return self.hexmap.hexes

    def cost_table(self: SpiGame, p: Piece) -> dict[str, tuple[tuple[str, float], ...]]:
        """Hex -> ((neighbour, MP to enter it), ...) for pieces like ``p`` [4.3] on the board as
        it is: kept by the game's definition, which every game with the same options shares.
        The kept table is filled as searches need its rows (``_cost_table``): this one is
        complete."""
        cls, features = self.cost_class(p), self.cost_features()
        table = self._cost_table(p, cls, features)
        row = self._row_source(p, cls, features)
        for a in self.hexmap.hexes:
            if a not in table:
                table[a] = row(a)
        return table

    def _cost_table(self: SpiGame, p: Piece, cls: Any, features: frozenset[Any]
                    ) -> dict[str, tuple[tuple[str, float], ...]]:
        """The kept table for a class and features already worked out (``_reachable`` keys its
        kept reaches on them too), with the rows found so far: a row it lacks is worked out
        when a search first needs it (``_cost_row``, by a game with these features and a piece
        of this class, so right for every game that shares the table).  A table for new
        features starts as a copy of the last one of the same class without the rows of the
        hexes those features change (``feature_hexes``)."""
        defn = self.defn
        hit = defn.cost_tables.get((cls, features))
        if hit is None:
            hit = defn.store_cost_table((cls, features), self._build_cost_table(p, cls, features))
        return hit

    def _build_cost_table(self: SpiGame, p: Piece, cls: Any, features: frozenset[Any]
                          ) -> dict[str, tuple[tuple[str, float], ...]]:
        last = self.defn.latest_costs.get(cls)
        table: dict[str, tuple[tuple[str, float], ...]]
        if last is None:
            table = {}
        else:
            before, table = last
            table = dict(table)
            for atom in features.symmetric_difference(before):
                for a in self.feature_hexes(atom):
                    table.pop(a, None)
        self.defn.latest_costs[cls] = (features, table)
        return table

    def _row_source(self: SpiGame, p: Piece, cls: Any, features: frozenset[Any]
                    ) -> Callable[[str], tuple[tuple[str, float], ...]]:
        """Where a search gets a row its table lacks: ``_cost_row`` of ``p`` (of class ``cls``,
        on a board with ``features``).  With features, a hex's row depends on those of them
        whose ``feature_hexes`` hold it only (what the tables' patching rests on, see
        ``_cost_table``), so the definition keeps each row under the class, the hex and these
        features, and a table for new features reuses the rows of the hexes whose features are
        as before (Gondor: a gate taken changes two hexes' rows, not the rows of the other
        hexes of every class's table)."""
        if not features:
            return partial(self._cost_row, p)
        defn = self.defn
        index = defn.feature_index.get(features)
        if index is None:
            by_hex: dict[str, list[Any]] = {}
            for atom in features:
                for h in self.feature_hexes(atom):
                    by_hex.setdefault(h, []).append(atom)
            index = defn.store_feature_index(features, {h: frozenset(v) for h, v in by_hex.items()})
        rows, none = defn.cost_rows, frozenset()

        def row(a: str) -> tuple[tuple[str, float], ...]:
            key = (cls, a, index.get(a, none))
            hit = rows.get(key)
            if hit is None:
                hit = defn.store_cost_row(key, self._cost_row(p, a))
            return hit
        return row

    def _cost_row(self: SpiGame, p: Piece, a: str) -> tuple[tuple[str, float], ...]:
        """The moves out of ``a`` for ``p``: (neighbour, MP to enter it), cheapest first (in the
        map's order among equals), so that a search stops reading a row at the first step it
        cannot pay (``_dijkstra``)."""
        row = []
        for b in self.hexmap.adjacent(a):
            c = self.terrain_cost(p, a, b)
            if c is not None:
                row.append((b, c))
        row.sort(key=_step_cost)
        return tuple(row)

    def forbidden_hexes(self: SpiGame, p: Piece) -> frozenset[str] | set[str] | None:
        """Hook: hexes ``p`` may not enter at all this phase (None: none)."""
        return None

    def pass_zone(self: SpiGame, p: Piece) -> frozenset[str] | None:
        """Hook: the only hexes ``p`` may move through this phase (None: no limit)."""
        return None

    def path_to(self: SpiGame, p: Piece, to: str) -> list[str]:
        """The hexes of ``p``'s cheapest path to ``to`` this phase (start excluded)."""
        reach = self.reach(p)
        path = []
        h: str | None = to
        while h is not None and h != p.hex:
            path.append(h)
            h = reach[h][2]
        path.reverse()
        return path

    def _reachable(self: SpiGame, p: Piece) -> dict[str, tuple[float, str | None, str | None]]:
        """Every hex ``p`` can reach now: hex -> (MP spent, entry hex used or None, previous
        hex).  Dijkstra over the cost table, never into enemy-occupied hexes [4.27], stopping
        in enemy ZOCs [6.11]; a unit far from the enemy gets the reach of an empty board for
        its class, start and allowance, kept by the definition (the same answer: nothing on
        the board touches it), and a search that nothing on the board touched is kept as
        that reach.  A reach is read only: the one returned may be the definition's (every
        caller reads it, ``destinations`` copies it)."""
        allowance = self.movement_allowance(p)
        cls, features = self.cost_class(p), self.cost_features()
        enemy = self.occupancy()[1].get("sauron" if p.side == "westernesse" else "westernesse", {})
        zoc = self.enemy_zoc_hexes(p)
        zone = self.pass_zone(p)
        banned = self.forbidden_hexes(p)          # e.g. Gondor [14.31]
        avoid = self.avoids_enemy_zoc(p)          # [7.15] [9.32]
        # never entered: [4.27] enemy-occupied hexes, banned ones, ZOCs a unit avoids (the
        # enemy's hexes as they are kept, when there is nothing to add to them)
        blocked: set[str] | KeysView[str]
        if banned or avoid:
            blocked = set(enemy)
            if banned:
                blocked.update(banned)
            if avoid:
                blocked.update(zoc)
        else:
            blocked = enemy.keys()
        start = p.hex
        if p.on_map and zone is None:
            assert start is not None
            free = self._kept_free_reach(cls, features, start, allowance)
            if free is not None and blocked.isdisjoint(free) and zoc.isdisjoint(free):
                return free                              # (read only, as every reach)
        table = self._cost_table(p, cls, features)
        heap: list[tuple[float, str, str | None]] = []
        if p.on_map:
            assert start is not None
            if start in zoc and not self.may_leave_zoc(p):
                return {}                                          # [6.11]
            heap.append((0.0, start, None))
        else:
            first: dict[str, float] = {}
            for e in self.entry_hexes(p):
                if e in enemy or (zone is not None and e not in zone) or (banned and e in banned):
                    continue
                c = self.terrain_cost(p, None, e)
                if c is None or (avoid and e in zoc):
                    continue
                # [14.0] a chain of units entering by one hex: the k-th spends k more MP
                c += self.entry_count.get(e, 0)
                if c <= allowance and (e not in first or c < first[e]):
                    first[e] = c
                    heap.append((c, e, e))
        out, touched = _dijkstra(table, self._row_source(p, cls, features), allowance, heap, blocked, zoc,
                                 zone, self.stops_in_zoc(p), self.leave_zoc_cost(p), start)
        if not touched and p.on_map and zone is None:
            assert start is not None
            # nothing on the board counted: this is the empty board's reach, kept for later
            self.defn.store_free_reach((cls, start, allowance), (features, out))
            return out
        return out

    def _kept_free_reach(self: SpiGame, cls: Any, features: frozenset[Any], start: str,
                         allowance: float) -> dict[str, tuple[float, str | None, str | None]] | None:
        """The reach of a piece of cost class ``cls`` from ``start`` on an empty board with the
        board ``features`` [4.0] (no enemy, no ZOC), if the definition keeps it (None: not).
        It is kept for the class, start and allowance with the features it was found for, and
        still right for other features if none of the hexes whose moves out they change
        (``feature_hexes``, as for the cost tables) is in it: the search reads the moves out of
        the hexes it reaches only, and those are the same in both tables."""
        defn = self.defn
        key = (cls, start, allowance)
        kept = defn.free_reach.get(key)
        if kept is not None:
            before, reach = kept
            if before == features:
                return reach
            hexes = reach.keys()
            if all(hexes.isdisjoint(self.feature_hexes(atom))
                   for atom in features.symmetric_difference(before)):
                defn.free_reach[key] = (features, reach)
                return reach
        return None

    # ----- actions --------------------------------------------------------------------------------
    # A move is two decisions (architecture.md): select a unit, then where it goes.  The
    # top-level list stays short; ``move {unit, to}`` is also accepted directly as shorthand.
    def may_select(self: SpiGame, p: Piece) -> bool:
        """Could ``p`` be picked to move now (its options are listed once it is)."""
        if p.on_map:
            return not (self.in_enemy_zoc(p) and not self.may_leave_zoc(p))      # [6.11]
        return any(not self.enemy_in(e, p.side) for e in self.entry_hexes(p))

    def movement_actions(self: SpiGame) -> list[Action]:
        side = self.step_side or ""
        acts: list[Action] = [{"type": "select", "unit": p.id} for p in self._listed_movers(side, True)]
        acts.extend(self.formation_actions(side))
        acts.extend(self.extra_movement_actions(side))
        if self.may_end_movement():
            acts.append({"type": "end"})
        return acts

    def do_select(self: SpiGame, action: Action) -> list[Event]:
        p = self.units[action["unit"]]
        self.ask({"kind": "move", "side": p.side, "unit": p.id, "rule": "[4.0]",
                  "prompt": f"where does {self.label(p)} move?"})
        return []

    def decide_move(self: SpiGame, d: dict[str, Any]) -> list[Action]:
        p = self.units[d["unit"]]
        acts: list[Action] = [{"type": "move", "unit": p.id, "to": h} for h in sorted(self.destinations(p))]
        if p.formation and p.partner:
            acts.extend({"type": "split", "unit": p.id, "to": h} for h in sorted(self.split_destinations(p)))
        acts.extend(self.unit_movement_actions(p))
        if self.why_not_stay(p) is None:
            acts.append({"type": "stay", "unit": p.id})
        return acts

    def why_not_stay(self: SpiGame, p: Piece) -> IllegalAction | None:
        """Hook: why ``p``, selected to move, may not stay where it is (None: it may [4.24]);
        an exclusive rule that obliges a piece to move refuses it only while ``p`` has a
        move to make, so the decision always has an answer."""
        return None

    def unit_movement_actions(self: SpiGame, p: Piece) -> list[Action]:
        """Hook: more things a selected unit may do (exit the map ...)."""
        return []

    def answer_move(self: SpiGame, d: dict[str, Any], action: Action) -> list[Event]:
        kind = action["type"]
        if kind == "stay":
            p = self.units[d["unit"]]
            p.moved = True
            moved = [p]
            if p.partner and p.formation:
                self.units[p.partner].moved = True
                moved.append(self.units[p.partner])
            self._patch_movers(self._cache.get(MOVERS), moved)
            return [event("stay", "[4.24]", f"{self.label(p)} stays in {p.hex or 'reserve'}", unit=p.id)]
        return getattr(self, self.ACTIONS[kind][0])(action)

    def shorthand_move_legal(self: SpiGame, action: Action) -> bool:
        """``move``/``split``/``exit`` given without selecting first."""
        if self.pending or action.get("type") not in ("move", "split", "exit"):
            return False
        pid = action.get("unit")
        if not isinstance(pid, str) or pid not in self.units:
            return False
        if {"type": "select", "unit": pid} not in self.legal_actions():
            return False
        return action in self.decide_move({"kind": "move", "side": self.units[pid].side, "unit": pid})

    def extra_movement_actions(self: SpiGame, side: str) -> list[Action]:
        return []

    def may_end_movement(self: SpiGame) -> bool:
        return self.why_not_end_movement() is None

    def why_not_end_movement(self: SpiGame) -> IllegalAction | None:
        """Hook: obligations to meet before a Movement Phase ends."""
        return None

    def do_move(self: SpiGame, action: Action) -> list[Event]:
        p = self.units[action["unit"]]
        to = action["to"]
        # the move is legal (``apply`` checked it against ``decide_move``): ``to`` is one of
        # ``destinations``, whose values are the reach's, so the reach is not filtered again
        cost, entry, _prev = self.reach(p)[to]
        path = self.path_to(p, to)
        frm = p.hex
        movers = [p]
        if p.partner and p.formation:
            movers.append(self.units[p.partner])
        kept = self._cache.get(MOVERS)              # (the relocation drops it)
        for q in movers:
            if frm is None:
                q.entered_turn = self._turn
            if q.on_map:
                self.relocate(q, to)
            else:
                self.place(q, to)
            q.moved = True
        # kept again before the hooks, which drop it if they change the board
        self._patch_movers(kept, movers)
        if entry is not None:
            self.entry_count[entry] = self.entry_count.get(entry, 0) + 1
        where = f"enters at {entry} and moves to {to}" if frm is None else f"moves {frm} -> {to}"
        rule = "[14.0]" if frm is None else "[4.0]"
        events = [event("move", rule, f"{self.label(p)} {where} ({cost:g} MP)", unit=p.id,
                        frm=frm, to=to, cost=cost, path=path)]
        events.extend(self.passed_through(p, path))
        events.extend(self.after_move(p, frm, to))
        return events

    def passed_through(self: SpiGame, p: Piece, path: list[str]) -> list[Event]:
        """Hook: every hex a move entered, in order (control of gates and roads, Gondor)."""
        return []

    def after_move(self: SpiGame, p: Piece, frm: str | None, to: str) -> list[Event]:
        """Hook: consequences of a completed move (picking up a Pedestal, say)."""
        return []

    def why_not_select(self: SpiGame, action: Action) -> IllegalAction | None:
        """Why a unit may not be picked to move now (None: it may)."""
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        return self.why_not_mover(p)

    def why_not_move(self: SpiGame, action: Action) -> IllegalAction | None:
        p = self.unit_for(action)
        if isinstance(p, IllegalAction):
            return p
        to = action.get("to")
        err = self.why_not_mover(p)
        if err is not None:
            return err
        if not isinstance(to, str) or to not in self.hexmap:
            return IllegalAction("[2.1]", f"{to!r} is not a hex on the map")
        return self.why_not_destination(p, to) or IllegalAction(
            "[4.0]", f"{self.label(p)} may not move to {to} now")

    def why_not_destination(self: SpiGame, p: Piece, to: str) -> IllegalAction | None:
        """Why a piece free to move may not end its move in ``to`` (None: it may)."""
        if not isinstance(to, str) or to not in self.hexmap:
            return IllegalAction("[2.1]", f"{to!r} is not a hex on the map")
        if to == p.hex:
            return IllegalAction("[4.24]", f"{self.label(p)} is already in {to} (to stay, choose stay)")
        if self.enemy_in(to, p.side):
            return IllegalAction("[4.27]", f"a unit may never enter an enemy-occupied hex ({to})")
        special = self.why_not_move_hook(p, to)
        if special is not None:
            return special
        if self.terrain_cost(p, None, to) is None:
            return IllegalAction("[4.3]", f"{p.name} may not enter {self.hexmap.terrain(to)} ({to})")
        if self.counts_for_stacking(p) and not self.stack_ok(p, to):
            return IllegalAction("[5.0]", f"{to} already holds a combat unit: no two units may stack")
        if to in self.destinations(p):
            return None
        if to in self.reach(p):
            return IllegalAction("[4.0]", f"{self.label(p)} may not end its move in {to}")
        return IllegalAction("[4.21]", f"{to} is beyond {self.label(p)}'s Movement Allowance of "
                             f"{self.movement_allowance(p):g} MP by any legal path")

    def why_not_move_hook(self: SpiGame, p: Piece, to: str) -> IllegalAction | None:
        """Hook: exclusive reasons ``p`` may not move to ``to`` (checked before terrain)."""
        return None
