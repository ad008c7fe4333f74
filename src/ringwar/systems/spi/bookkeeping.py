"""The engine: the board's bookkeeping.  Where each piece is (``units``, ``at``), placing,
removing and moving pieces, the derived facts dropped when the board changes (``_touch``) and the
occupancy counts patched on every placement; the rules ask these, never change them directly."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .state import MAP, Piece

if TYPE_CHECKING:  # pragma: no cover
    from .game import SpiGame


def _count(counts: dict[str, int], h: str, n: int) -> None:
    c = counts.get(h, 0) + n
    if c:
        counts[h] = c
    else:
        del counts[h]


class Bookkeeping:
    """Where the pieces are: placement, removal, occupancy, the pieces in order."""

    # ===== the board ===========================================================================
    def piece(self: SpiGame, pid: Any) -> Piece:
        try:
            return self.units[pid]
        except (KeyError, TypeError):
            raise KeyError(f"unknown unit {pid!r}") from None

    def place(self: SpiGame, p: Piece, h: str) -> None:
        p.hex, p.where = h, MAP
        at = self.at
        at[h] = at.get(h, ()) + (p.id,)
        if self._occ is not None:
            self._occupy(self._occ, p, h, 1)
        self._touch(p.side)

    def remove(self: SpiGame, p: Piece) -> None:
        at = self.at
        if p.hex is not None and p.hex in at:
            ids = at[p.hex]
            if len(ids) == 1 and ids[0] == p.id:
                del at[p.hex]
            else:
                i = ids.index(p.id)
                at[p.hex] = ids[:i] + ids[i + 1:]
            if self._occ is not None:
                self._occupy(self._occ, p, p.hex, -1)
        p.hex = None
        self._touch(p.side)

    def relocate(self: SpiGame, p: Piece, h: str) -> None:
        """Move ``p`` to ``h``.  A piece on the map stays on it, so the lists of the pieces on
        the map (``on_map``: which pieces, in the units' order) are the same after the move:
        they are kept, while everything else derived from the board is dropped."""
        kept = []
        if p.where == MAP:
            cache = self._cache
            for side in (None, *self.sides):
                hit = cache.get(("on_map", side))
                if hit is not None:
                    kept.append((("on_map", side), hit))
        self.remove(p)
        self.place(p, h)
        self._cache.update(kept)

    def _touch(self: SpiGame, side: str | None = None) -> None:
        """The board changed (for ``side``'s pieces, or anything): drop derived facts."""
        self._cache.clear()
        if side is None:
            self._side_version = {s: v + 1 for s, v in self._side_version.items()}
        else:
            self._side_version[side] = self._side_version.get(side, 0) + 1

    def pieces_at(self: SpiGame, h: str | None) -> list[Piece]:
        if h is None:
            return []
        return [self.units[i] for i in self.at.get(h, ())]

    def combat_at(self: SpiGame, h: str | None) -> list[Piece]:
        return [p for p in self.pieces_at(h) if p.is_combat]

    def enemy_in(self: SpiGame, h: str, side: str) -> bool:
        """[4.27] an enemy-occupied hex (enemy equipment alone does not occupy it)."""
        return any(self.units[i].side != side and not self.units[i].is_gear for i in self.at.get(h, ()))

    def side_pieces(self: SpiGame, side: str) -> list[Piece]:
        return [p for p in self.units.values() if p.side == side]

    def on_map(self: SpiGame, side: str | None = None) -> list[Piece]:
        """The pieces on the map (of ``side``), in the units' order: kept until the board
        changes (``_touch``), so callers only iterate over it."""
        hit = self._cache.get(("on_map", side))
        if hit is None:
            hit = self._cache[("on_map", side)] = [
                p for p in self.units.values() if p.on_map and (side is None or p.side == side)]
        return hit

    def units_in_order(self: SpiGame) -> list[Piece]:
        """The pieces sorted by id (views, action lists): the set of pieces never changes
        once the game is set up, so the order is kept (a derived fact: not copied by clones)."""
        order = self._order
        if order is None or len(order) != len(self.units):
            units = self.units                     # (keyed by id: the ids sorted at C speed)
            order = self._order = [units[i] for i in sorted(units)]
            self._side_order = {}
        return order

    def units_of(self: SpiGame, side: str) -> list[Piece]:
        """``side``'s pieces, on the map or not, in id order (kept like ``units_in_order``)."""
        order = self.units_in_order()
        hit = self._side_order.get(side)
        if hit is None:
            hit = self._side_order[side] = [p for p in order if p.side == side]
        return hit

    def occupancy(self: SpiGame) -> tuple[dict[str, int], dict[str, dict[str, int]]]:
        """Hexes holding a unit that counts for stacking, and hexes held by each side (not by
        equipment alone [4.27]), each with how many such pieces: kept up to date by ``place``
        and ``remove`` once built."""
        occ = self._occ
        if occ is None:
            occ = self._occ = ({}, {})
            for h, ids in self.at.items():
                for i in ids:
                    self._occupy(occ, self.units[i], h, 1)
        return occ

    def _occupy(self: SpiGame, occ: tuple[dict[str, int], dict[str, dict[str, int]]], p: Piece,
                h: str, n: int) -> None:
        if not p.is_gear:
            _count(occ[1].setdefault(p.side, {}), h, n)
        if self.counts_for_stacking(p):
            _count(occ[0], h, n)
