"""[6.0] Zones of Control: who exerts one and where it extends [6.13]-[6.16], the armies' ZOC
maps, their effects on movement [6.11] [6.2] and on retreats [6.2]."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..board import other
from ..state import Piece

if TYPE_CHECKING:  # pragma: no cover
    from ..game import SpiGame


class ZocRules:
    """[6.0] zones of control."""

    # ----- [6.0] Zones of Control ------------------------------------------------------------
    def exerts_zoc(self: SpiGame, p: Piece) -> bool:
        """[6.1] every combat unit, except [6.14] a demoralized army's, [6.15] leaders."""
        return p.on_map and p.is_combat and not self.is_demoralized(p)

    def zoc_extends(self: SpiGame, frm: str, to: str) -> bool:
        """[6.13] not into or through Mountain hexes, not through unbreached gates."""
        if self.charts.terrain.get(self.hexmap.terrain(to), {}).get("blocks_zoc"):
            return False
        side = self.hexmap.side(frm, to)
        return not (side and side.get("kind") in ("gate", "wall") and not side.get("breached"))

    def zoc_context(self: SpiGame) -> Any:
        """Hook: what ZOCs depend on besides the armies' positions and demoralization (a cache
        key), including anything a new phase or Game-Turn changes: ZOC maps outlive phases."""
        return None

    def zoc_extends_for(self: SpiGame, p: Piece, to: str) -> bool:
        """Hook: does ``p``'s ZOC reach ``to`` (Gondor [16.44]: from siege towers and ladders).
        Its answer depends on ``p``'s side and hex and on ``zoc_context()`` only (the map is
        the definition's): ``zoc_into`` keeps it on these."""
        return self.zoc_extends(p.hex, to)

    def zoc_into(self: SpiGame, p: Piece) -> tuple[str, ...]:
        """The hexes beside ``p`` (on the map) into which its ZOC extends, in the map's order
        (``zoc_extends_for`` of each): kept by the definition per ``zoc_context()``, side and
        hex, on which alone the hook's answer depends."""
        context = self._zoc_key()[1]
        kept = self.defn.zoc_into.get(context)
        if kept is None:
            kept = self.defn.store_zoc_into(context)
        key = (p.side, p.hex)
        hit = kept.get(key)
        if hit is None:
            hit = kept[key] = tuple(n for n in self.hexmap.adjacent(p.hex) if self.zoc_extends_for(p, n))
        return hit

    def zoc_map(self: SpiGame, side: str) -> dict[str, tuple[str, ...]]:
        """Hex -> the ``side`` units exerting a ZOC into it (in the units' order)."""
        hit = self._cache.get(("zoc", side))
        if hit is not None:
            return hit
        # an army's ZOCs change only when its own pieces move, it is demoralized or the
        # board's ZOC context changes: kept across the other side's moves
        key = (self._side_version.get(side, 0), self._zoc_key())
        last = self._zoc_cache.get(side)
        if last is not None and last[0] == key:
            cached = last[1]
        else:
            pieces = [p for p in self.units.values() if p.side == side]
            where = {p.id: p.hex if p.on_map else None for p in pieces}
            moved = None
            if last is not None and last[0][1] == key[1]:
                # the same context: patch the last map for the pieces that moved since
                before = last[2]
                moved = [p for p in pieces if before.get(p.id, 0) != where[p.id]]
                if 4 * len(moved) > 3 * len(pieces):
                    moved = None
            if moved is not None and not moved:
                cached = last[1]                              # the same hexes: the same map
            elif moved is None:
                out: dict[str, list[str]] = {}
                for p in pieces:
                    if p.on_map and self.exerts_zoc(p):
                        for n in self.zoc_into(p):
                            out.setdefault(n, []).append(p.id)
                cached = {h: tuple(v) for h, v in out.items()}
            else:
                cached = self._patched_zoc_map(last[1], last[2], moved)
            self._zoc_cache[side] = (key, cached, where)      # the latest map of each side
        self._cache[("zoc", side)] = cached
        return cached

    def _patched_zoc_map(self: SpiGame, last: dict[str, tuple[str, ...]], before: dict[str, str | None],
                         moved: list[Piece]) -> dict[str, tuple[str, ...]]:
        """The ZOC map ``last`` (the map of the side's pieces in the hexes ``before``, with the
        same demoralization and ``zoc_context``) after the ``moved`` pieces moved: each one's ZOC
        taken from around its old hex and added around its new one, as a rebuild would find
        it (``exerts_zoc`` and ``zoc_extends_for`` of the piece where it is, the exerters of a
        hex in the units' order)."""
        rank = self._zoc_cache.get("rank")
        if rank is None or len(rank) != len(self.units):
            rank = self._zoc_cache["rank"] = {pid: i for i, pid in enumerate(self.units)}
        out = dict(last)
        adjacent = self.hexmap.adjacent
        for p in moved:
            pid, old = p.id, before.get(p.id)
            if old is not None:
                for n in adjacent(old):
                    ids = out.get(n)
                    if ids is not None and pid in ids:
                        kept = tuple(i for i in ids if i != pid)
                        if kept:
                            out[n] = kept
                        else:
                            del out[n]
        for p in moved:
            if p.on_map and self.exerts_zoc(p):
                pid = p.id
                for n in self.zoc_into(p):
                    ids = out.get(n)
                    out[n] = (pid,) if ids is None else tuple(sorted((*ids, pid), key=rank.__getitem__))
        return out

    def _zoc_key(self: SpiGame) -> tuple[Any, ...]:
        """What besides an army's own positions its ZOCs depend on: demoralization [6.14]
        and the board (``zoc_context``); both change only with ``_touch``."""
        hit = self._cache.get("zoc_key")
        if hit is None:
            hit = self._cache["zoc_key"] = (tuple(sorted(self.demoralized.items())), self.zoc_context())
        return hit

    def zoc_affects(self: SpiGame, mover: Piece, exerter: Piece) -> bool:
        """[6.15] leaders are never affected; [6.16] friendly ZOCs never affect friends."""
        return not mover.is_leader and mover.side != exerter.side

    def in_enemy_zoc(self: SpiGame, p: Piece, h: str | None = None) -> bool:
        """Is ``p`` (or would it be, in ``h``) in an enemy ZOC that affects it: the hex's
        exerters asked directly (most hexes have none), the same answer as
        ``h in enemy_zoc_hexes(p)``."""
        h = p.hex if h is None else h
        if h is None:
            return False
        ids = self.zoc_map(other(p.side)).get(h)
        if not ids:
            return False
        units, affects = self.units, self.zoc_affects
        return any(affects(p, units[e]) for e in ids)

    def zoc_exerters(self: SpiGame, p: Piece) -> list[Piece]:
        """The enemy units whose ZOC ``p`` is in, for combat [7.31] (its only callers)."""
        enemies = self.zoc_map("sauron" if p.side == "westernesse" else "westernesse").get(p.hex or "", ())
        return [self.units[e] for e in enemies if self.zoc_binds_in_combat(p, self.units[e])]

    def zoc_binds_in_combat(self: SpiGame, p: Piece, exerter: Piece) -> bool:
        """Hook: does ``exerter``'s ZOC oblige ``p`` to attack [7.31]?  As for movement,
        unless an exclusive rule exempts movement only (Sauron [15.21])."""
        return self.zoc_affects(p, exerter)

    def stops_in_zoc(self: SpiGame, p: Piece) -> bool:
        """[6.11] entering an enemy ZOC ends movement."""
        return True

    def may_leave_zoc(self: SpiGame, p: Piece) -> bool:
        """[6.11] the only ways out of an enemy ZOC are retreat and advance after combat."""
        return False

    def leave_zoc_cost(self: SpiGame, p: Piece) -> float:
        return 0.0

    def zoc_class(self: SpiGame, p: Piece) -> Any:
        """Pieces alike in how enemy ZOCs affect them (hook)."""
        return "leader" if p.is_leader else "unit"

    def enemy_zoc_hexes(self: SpiGame, p: Piece) -> frozenset[str]:
        """Hexes in which ``p`` would be in an enemy ZOC that affects it (the same for every
        piece of its ``zoc_class``)."""
        enemy_side = "sauron" if p.side == "westernesse" else "westernesse"
        zc = self.zoc_class(p)
        hit = self._cache.get(("zs", enemy_side, zc))
        if hit is not None:
            return hit
        enemies = self.zoc_map(enemy_side)
        key = (self._side_version.get(enemy_side, 0), self._zoc_key())
        last = self._zoc_cache.get(("zs", enemy_side, zc))
        if last is not None and last[0] == key:
            hit = last[1]
        else:
            # whether each exerter's ZOC affects ``p``, asked once per exerter (not per hex)
            units, affects = self.units, self.zoc_affects
            by: dict[str, bool] = {}
            for ids in enemies.values():
                for e in ids:
                    if e not in by:
                        by[e] = affects(p, units[e])
            if all(by.values()):
                hit = frozenset(enemies)            # every exerter affects it (most units)
            elif not any(by.values()):
                hit = frozenset()                   # none does ([6.15] leaders)
            else:
                hit = frozenset(h for h, ids in enemies.items() if any(by[e] for e in ids))
            self._zoc_cache[("zs", enemy_side, zc)] = (key, hit)
        self._cache[("zs", enemy_side, zc)] = hit
        return hit

    def avoids_enemy_zoc(self: SpiGame, p: Piece) -> bool:
        """[7.15] missile-only units and [9.32] demoralized Z units never enter an enemy ZOC
        voluntarily."""
        if p.is_leader:
            return False
        if p.missile_only:
            return True
        return self.is_demoralized(p) and p.morale_now() == "Z"

    def zoc_blocks_retreat(self: SpiGame, p: Piece, h: str) -> bool:
        """[6.2] retreats are never traced through an enemy ZOC."""
        return self.in_enemy_zoc(p, h)
